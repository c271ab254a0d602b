"""Durak's greedy heuristic (the ``greedy`` bot; docs/arena.md states it in words).

From the player's view only (her hand, the trump, the table, the stock's size):

* a card's cost is its rank (6 ... 14), plus 100 for a trump, and 200 for a Joker (the 54-card
  deck): the cheapest card is the lowest non-trump;
* attack: the cheapest card, with the other cards of its rank when none of them is a trump;
* defend: show a trump to transfer when the rules allow it (it costs no card); else transfer with
  a non-trump; else cover every attack card with the cheapest card that beats it, but take when
  that would spend a trump above :data:`TAKE_ABOVE` or a Joker while the stock still has cards, or when
  nothing covers;
* throw in: the cheapest non-trump card, of rank at most :data:`THROW_AT_MOST` while the stock has
  cards (any non-trump once it is empty); otherwise stop;
* the re-deal phase: keep the deal.
"""

from __future__ import annotations

from typing import Any

TRUMP_COST = 100
"""Added to a trump's rank in a card's cost."""
JOKER_COST = 200
"""A Joker's cost (the 54-card deck): above every trump."""
TAKE_ABOVE = 11
"""Take rather than cover with a trump higher than a Jack (rank 11) while the stock has cards."""
THROW_AT_MOST = 10
"""Throw in only cards up to a 10 while the stock has cards."""


def choose(seat: Any) -> Any:
    """The greedy move at ``seat`` (a :class:`foolsolve.bots.Seat`)."""
    from foolsolve.bots.greedy import move_cards
    from foolsolve.spec.durak import Attack, Cover, Keep, Pass, ShowTrump, Take, Throw, Transfer

    trump = seat.view.get("trump")
    pile = seat.view.get("stock")
    stock = int(pile["count"]) if isinstance(pile, dict) else len(pile or [])

    def cost(card: Any) -> int:
        if card.is_joker:
            return JOKER_COST + card.rank
        return card.rank + (TRUMP_COST if card.suit == trump else 0)

    legal = list(seat.legal)
    by_kind: dict[type, list[Any]] = {}
    for m in legal:
        by_kind.setdefault(type(m), []).append(m)
    if Keep in by_kind:
        return by_kind[Keep][0]
    if Attack in by_kind:
        def attack_key(m: Any) -> tuple[int, int]:
            if len(m.cards) > 1 and any(c.suit == trump for c in m.cards):
                return (10**6, 0)
            return (min(cost(c) for c in m.cards), -len(m.cards))
        return min(by_kind[Attack], key=attack_key)
    if ShowTrump in by_kind:
        return by_kind[ShowTrump][0]
    if Transfer in by_kind:
        cheap = [m for m in by_kind[Transfer] if m.card.suit != trump]
        if cheap:
            return min(cheap, key=lambda m: cost(m.card))
    if Cover in by_kind:
        best = min(by_kind[Cover], key=lambda m: (cost(m.card), m.attack.rank))
        expensive = (best.card.is_joker or (best.card.suit == trump and best.card.rank > TAKE_ABOVE)) and stock > 0
        if not (expensive and Take in by_kind):
            return best
    if Take in by_kind and not (Throw in by_kind or Pass in by_kind):
        return by_kind[Take][0]
    if Throw in by_kind:
        limit = THROW_AT_MOST if stock > 0 else TRUMP_COST
        cheap = [m for m in by_kind[Throw] if m.card.suit != trump and m.card.rank <= limit]
        if cheap:
            return min(cheap, key=lambda m: cost(m.card))
    if Pass in by_kind:
        return by_kind[Pass][0]
    return min(legal, key=lambda m: min((cost(c) for c in move_cards(m)), default=0))


class _EngineSeat:
    """What :func:`choose` reads of a seat, built from an engine state: the trump suit, the
    stock's size and the legal moves (the spec's move values). The rest of the position is not
    read, so nothing hidden from the mover is looked at."""

    __slots__ = ("legal", "view")

    def __init__(self, trump: str | None, stock: int, legal: list[Any]) -> None:
        self.view = {"trump": trump, "stock": {"count": stock}}
        self.legal = legal


def choose_engine(state: Any, moves: Any) -> Any:
    """:func:`choose` on a Durak engine state (:mod:`foolsolve.engines.durak`) and its legal
    engine moves: the engine move of the move the ``greedy`` bot would play from the mover's seat
    (the greedy playouts of the open-hand search's frontier, :mod:`foolsolve.playouts`)."""
    from foolsolve.cards import FRENCH_SUITS
    from foolsolve.engines.durak import to_spec_move

    trump = FRENCH_SUITS[state.trump] if 0 <= state.trump < len(FRENCH_SUITS) else None
    legal = [to_spec_move(m) for m in moves]
    picked = choose(_EngineSeat(trump, len(state.stock), legal))
    return moves[legal.index(picked)]
