"""Helpers for the Fool's Paradise tests: build positions from short card lists."""

from __future__ import annotations

from collections import Counter
from typing import Any

from foolsolve.cards import FRENCH52
from foolsolve.spec.fools_paradise import SPEC, State

ACES = ["either", "low", "high", "either_per_play"]
"""Every choice of the ``ace`` rule option."""
NON_ACES = [c for c in FRENCH52.cards if c.rank != 14]
ACE_CARDS = [c for c in FRENCH52.cards if c.rank == 14]


def cards(text: str) -> list[str]:
    """``"KS 2C"`` -> ``["KS", "2C"]``."""
    return text.split()


def position_json(hands: list[str], centre: str, *, stock: str | None = "", stock_size: int | None = None,
                  to_move: int = 0, rules: dict[str, Any] | None = None, clears: list[int] | None = None,
                  dealer: int | None = None) -> dict[str, Any]:
    """A position object: hands and centre as given (space-separated card texts), the stock
    in draw order (or ``stock_size``), every other card in the piles, dealt alternately.
    With ``stock_size`` the stock is the first ``stock_size`` leftover cards and the piles
    hold the rest."""
    decks = (rules or {}).get("decks", 1)
    listed: Counter[object] = Counter()
    hand_lists = [cards(h) for h in hands]
    for t in [*(t for h in hand_lists for t in h), *cards(centre), *(cards(stock) if stock else [])]:
        listed[FRENCH52.parse(t)] += 1
    rest = [c for c in FRENCH52.cards for _ in range(decks - listed[c])]
    n = len(hands)
    obj: dict[str, Any] = {"game": SPEC.name, "to_move": to_move, "hands": hand_lists, "centre": cards(centre)}
    if rules:
        obj["rules"] = rules
    if dealer is not None:
        obj["dealer"] = dealer
    if stock_size is not None:
        obj["stock_size"] = stock_size
        rest = rest[stock_size:]
    else:
        obj["stock"] = cards(stock) if stock else []
    obj["piles"] = [[c.ascii for c in rest[i::n]] for i in range(n)]
    if clears is not None:
        obj["clears"] = clears
    return obj


def position(hands: list[str], centre: str, **kw: Any) -> State:
    """:func:`position_json` read by the spec."""
    return SPEC.state_from_json(position_json(hands, centre, **kw))


def move_texts(state: State) -> list[str]:
    """The legal moves as text, in the spec's order."""
    return [str(m) for m in SPEC.legal_moves(state)]


def play(state: State, text: str) -> State:
    """Apply the move written ``text``."""
    return SPEC.apply(state, SPEC.parse_move(state, text))
