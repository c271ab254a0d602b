"""Durak's greedy heuristic (the ``greedy`` bot; docs/arena.md states it in words).

From the player's view only (her hand, the trump, the table, the stock's size):

* a card's cost is its rank (6 ... 14), plus 100 for a trump, and 200 for a Joker (the 54-card
  deck): the cheapest card is the lowest non-trump;
* attack: the cheapest card, with the other cards of its rank when none of them is a trump;
* defend: show a trump to transfer when the rules allow it (it costs no card); else transfer with
  one non-trump (never several cards at once); else cover every attack card with the cheapest card that beats it, but take when
  that would spend a trump above :data:`TAKE_ABOVE` or a Joker while the stock still has cards, or when
  nothing covers;
* throw in: the cheapest non-trump card, of rank at most :data:`THROW_AT_MOST` while the stock has
  cards (any non-trump once it is empty); otherwise stop;
* the re-deal phase: keep the deal.
"""

from __future__ import annotations

from typing import Any

from foolsolve.cards import FRENCH_SUITS
from foolsolve.engines.durak import ATTACK, CARDS, COVER, EXCHANGE, KEEP, NO_TRUMP, PASS, SHOW, TAKE, THROW, TRANSFER, bits

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
        cheap = [m for m in by_kind[Transfer] if len(m.cards) == 1 and m.cards[0].suit != trump]
        if cheap:
            return min(cheap, key=lambda m: cost(m.cards[0]))
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


def _card_tables() -> tuple[dict[int, tuple[int, ...]], dict[int, tuple[bool, ...]], tuple[int, ...], tuple[bool, ...]]:
    """Per trump slot (``NO_TRUMP`` too): each card index's cost and whether it is a trump, as
    :func:`choose` computes them from the card objects; and each index's rank and Joker flag."""
    size = max(CARDS) + 1
    cost: dict[int, tuple[int, ...]] = {}
    trump: dict[int, tuple[bool, ...]] = {}
    for slot in (NO_TRUMP, *range(len(FRENCH_SUITS))):
        suit = FRENCH_SUITS[slot] if slot != NO_TRUMP else None
        trump[slot] = tuple(i in CARDS and CARDS[i].suit == suit for i in range(size))
        cost[slot] = tuple(0 if i not in CARDS else JOKER_COST + CARDS[i].rank if CARDS[i].is_joker
                           else CARDS[i].rank + (TRUMP_COST if trump[slot][i] else 0) for i in range(size))
    rank = tuple(CARDS[i].rank if i in CARDS else 0 for i in range(size))
    joker = tuple(i in CARDS and CARDS[i].is_joker for i in range(size))
    return cost, trump, rank, joker


_COST, _TRUMP, _RANK, _JOKER = _card_tables()
_ATTACK_KEYS: dict[int, dict[int, tuple[int, int]]] = {slot: {} for slot in _COST}
"""Each lead's key by trump slot and card mask, as met (at most the subsets of one rank's cards)."""


def _attack_key(mask: int, cost: tuple[int, ...], trump: tuple[bool, ...]) -> tuple[int, int]:
    """A lead's key in :func:`choose`: its cheapest card's cost, more cards first; last, a lead of
    several cards with a trump among them."""
    cards = list(bits(mask))
    if len(cards) > 1 and any(trump[c] for c in cards):
        return (10**6, 0)
    return (min(cost[c] for c in cards), -len(cards))


def choose_engine(state: Any, moves: Any) -> Any:
    """:func:`choose` on a Durak engine state (:mod:`foolsolve.engines.durak`) and its legal
    engine moves: the engine move of the move the ``greedy`` bot would play from the mover's seat
    (the greedy playouts of the open-hand search's frontier, :mod:`foolsolve.playouts`). The same
    rules in the same order on the engine's ``(kind, x, y)`` moves, which list in the spec's order
    (so ties go to the same move); it reads only the trump, the stock's size and the moves
    (tests/durak/test_greedy.py holds it to :func:`choose` on the mover's seat)."""
    cost, trump = _COST[state.trump], _TRUMP[state.trump]
    stock = len(state.stock)
    best: Any = None
    best_key: Any = None
    kinds = 0
    for m in moves:
        kinds |= 1 << m[0]
    if kinds & 1 << KEEP:
        return next(m for m in moves if m[0] == KEEP)
    if kinds & 1 << ATTACK:
        keys = _ATTACK_KEYS[state.trump]
        for m in moves:
            if m[0] == ATTACK:
                key = keys.get(m[1])
                if key is None:
                    key = keys[m[1]] = _attack_key(m[1], cost, trump)
                if best_key is None or key < best_key:
                    best, best_key = m, key
        return best
    if kinds & 1 << SHOW:
        return next(m for m in moves if m[0] == SHOW)
    if kinds & 1 << TRANSFER:
        for m in moves:
            if m[0] != TRANSFER or m[1] & (m[1] - 1):  # one card laid (m[1]: the mask of the cards)
                continue
            c = m[1].bit_length() - 1
            if not trump[c] and (best_key is None or cost[c] < best_key):
                best, best_key = m, cost[c]
        if best is not None:
            return best
    take = kinds & 1 << TAKE
    if kinds & 1 << COVER:
        for m in moves:
            if m[0] == COVER:
                key = (cost[m[2]], _RANK[m[1]])
                if best_key is None or key < best_key:
                    best, best_key = m, key
        card = best[2]
        expensive = (_JOKER[card] or (trump[card] and _RANK[card] > TAKE_ABOVE)) and stock > 0
        if not (expensive and take):
            return best
        best = best_key = None
    if take and not kinds & (1 << THROW | 1 << PASS):
        return next(m for m in moves if m[0] == TAKE)
    if kinds & 1 << THROW:
        limit = THROW_AT_MOST if stock > 0 else TRUMP_COST
        for m in moves:
            if m[0] == THROW and not trump[m[1]] and _RANK[m[1]] <= limit and (best_key is None or cost[m[1]] < best_key):
                best, best_key = m, cost[m[1]]
        if best is not None:
            return best
    if kinds & 1 << PASS:
        return next(m for m in moves if m[0] == PASS)

    def least(m: Any) -> int:
        cards = list(bits(m[1])) if m[0] in (ATTACK, TRANSFER) else [m[2]] if m[0] == COVER else [m[1]] if m[0] in (
            SHOW, THROW, EXCHANGE) else []
        return min((cost[c] for c in cards), default=0)

    return min(moves, key=least)
