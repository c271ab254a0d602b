"""Fool's Paradise's greedy heuristic (the ``greedy`` bot; docs/arena.md): from the player's view,
the collection that banks the most points this turn (cards taken, plus the played card where the
rules collect it, plus the clear's point), then the most cards taken, then the lowest-scoring played
card; with nothing to collect, lay the lowest-scoring card. The same order as the fixed policy of
``foolsolve ambiguities fools-paradise`` (solver/fools_paradise/ambiguity.py), read off the view."""

from __future__ import annotations

from typing import Any


def choose(seat: Any) -> Any:
    """The greedy move at ``seat`` (a :class:`foolsolve.bots.Seat`)."""
    from foolsolve.rules import rules_from_json
    from foolsolve.spec.fools_paradise import CLEAR_POINTS, SPEC, Collect, Rules, card_points

    rules = rules_from_json(Rules, seat.rules)
    centre = len(seat.view.get("centre", []))

    def key(m: Any) -> tuple[Any, ...]:
        if isinstance(m, Collect):
            taken = sum(card_points(c, rules) for c in m.taken)
            if rules.played_card == "collected":
                taken += card_points(m.card, rules)
            gain = taken + (CLEAR_POINTS if len(m.taken) == centre else 0)
            return (-gain, -len(m.taken), card_points(m.card, rules), SPEC.move_sort_key(m))
        card = getattr(m, "card", None)
        return (0, 0, card_points(card, rules) if card is not None else 0, SPEC.move_sort_key(m))

    return min(seat.legal, key=key)


def choose_engine(state: Any, moves: Any) -> Any:
    """:func:`choose` on a Fool's Paradise engine state (:mod:`foolsolve.engines.fools_paradise`)
    and its legal engine moves: the engine move of the move the ``greedy`` bot plays from the
    mover's seat (the greedy playouts of the open-hand search's frontier, :mod:`foolsolve.playouts`).
    The same key on the engine's int moves (``(taken << MOVE_SHIFT) | hand card``): the points
    banked (the taken cards, the played card where the rules collect it, the clear's point: the taken
    cards are the whole centre), then the cards taken, then the played card's points; the engine
    lists its moves in the spec's order, so the first of the best is the spec's tie-break
    (tests/fools_paradise/test_greedy.py holds it to :func:`choose` on the mover's seat)."""
    from foolsolve.engines.fools_paradise import HAND_ID_MASK, MOVE_SHIFT
    from foolsolve.spec.fools_paradise import CLEAR_POINTS

    ctx = state.ctx
    pts = ctx.pts_of
    best = moves[0]
    if not best >> MOVE_SHIFT:  # no collection (collections come first): the lowest-scoring lay
        low = pts[best & HAND_ID_MASK]
        for m in moves:
            p = pts[m & HAND_ID_MASK]
            if p < low:
                best, low = m, p
        return best
    centre = state.centre
    collected = ctx.collected
    best_key: tuple[int, int, int] | None = None
    for m in moves:
        taken = m >> MOVE_SHIFT
        if not taken:
            break  # the lays follow the collections, and any collection banks more
        card = pts[m & HAND_ID_MASK]
        gain = card if collected else 0
        if taken == centre:
            gain += CLEAR_POINTS
        gain += ctx.mask_points(taken)
        key = (-gain, -taken.bit_count(), card)
        if best_key is None or key < best_key:
            best, best_key = m, key
    return best
