"""Foolery's ``greedy`` heuristic on engine states: the generic ``cheapest`` rule
(:func:`foolsolve.bots.greedy.cheapest`, docs/arena.md) on the card masks of
:mod:`foolsolve.engines.foolery`, for greedy playouts (:mod:`foolsolve.playouts`), which would
otherwise build the mover's view at every move.

The move whose highest card is lowest (a suit card's strength is its rank; a trump's its number
plus 100, the Fool's 100), the most cards on a tie, then the first in the spec's move order (by
number of cards, then the cards' indices, which are the mask's bits); with no card to play, the
first legal move (``pass``, the mask 0)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from foolsolve.bots.greedy import TRUMP_STRENGTH
from foolsolve.cards import iter_bits

SUIT_BITS = 64
"""Mask bits below this are suit cards (``slot * 16 + rank``); bit 64 is the Fool, ``64 + n`` trump n."""


def strength(mask: int) -> int:
    """The strength of the highest card of a non-empty mask."""
    top = mask.bit_length() - 1
    if top >= SUIT_BITS:
        return top - SUIT_BITS + TRUMP_STRENGTH
    return max(b & 15 for b in iter_bits(mask))


def choose_engine(state: Any, moves: Sequence[int]) -> int:
    """The engine move (a card mask) the ``greedy`` bot plays from the mover's seat, of the legal
    engine ``moves`` of a Foolery engine state."""
    best = None
    best_key: tuple[int, int, list[int]] | None = None
    for m in moves:
        if not m:
            continue
        key = (strength(m), -m.bit_count(), list(iter_bits(m)))
        if best_key is None or key < best_key:
            best, best_key = m, key
    return moves[0] if best is None else best
