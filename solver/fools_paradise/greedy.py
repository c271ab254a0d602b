"""Fool's Paradise's greedy heuristic (the ``greedy`` bot; docs/arena.md): from the player's view,
the collection that banks the most points this turn (cards taken, plus the played card where the
rules collect it, plus one for a clear), then the most cards taken, then the lowest-scoring played
card; with nothing to collect, lay the lowest-scoring card. The same order as the fixed policy of
``foolsolve ambiguities fools-paradise`` (solver/fools_paradise/ambiguity.py), read off the view."""

from __future__ import annotations

from typing import Any


def choose(seat: Any) -> Any:
    """The greedy move at ``seat`` (a :class:`foolsolve.bots.Seat`)."""
    from foolsolve.rules import rules_from_json
    from foolsolve.spec.fools_paradise import SPEC, Collect, Rules, card_points

    rules = rules_from_json(Rules, seat.rules)
    centre = len(seat.view.get("centre", []))

    def key(m: Any) -> tuple[Any, ...]:
        if isinstance(m, Collect):
            taken = sum(card_points(c, rules) for c in m.taken)
            if rules.played_card == "collected":
                taken += card_points(m.card, rules)
            gain = taken + (1 if len(m.taken) == centre else 0)
            return (-gain, -len(m.taken), card_points(m.card, rules), SPEC.move_sort_key(m))
        card = getattr(m, "card", None)
        return (0, 0, card_points(card, rules) if card is not None else 0, SPEC.move_sort_key(m))

    return min(seat.legal, key=key)
