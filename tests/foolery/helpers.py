"""Small builders for Foolery test positions (spec states from card texts)."""

from __future__ import annotations

from typing import Any

from foolsolve.spec.foolery import SPEC, State


def position(*hands: str, to_move: int = 0, table: list[tuple[int, str]] | None = None,
             passed: list[int] | None = None, skipped: int | None = None, places: list[int | None] | None = None,
             rules: dict[str, Any] | None = None, **extra: Any) -> State:
    """A position: one string of cards per player (``""`` for a finished player's empty hand);
    the table as (player, cards) pairs; unlisted cards are set aside."""
    obj: dict[str, Any] = {
        "game": "foolery",
        "hands": [h.split() for h in hands],
        "to_move": to_move,
        "table": [{"player": p, "cards": cs.split()} for p, cs in (table or [])],
        "passed": passed or [],
        "skipped": skipped,
        "places": places if places is not None else [None] * len(hands),
    }
    if rules:
        obj["rules"] = rules
    obj.update(extra)
    return SPEC.state_from_json(obj)


def moves(state: State) -> list[str]:
    """The legal moves as text."""
    return [str(m) for m in SPEC.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    """Apply moves given as text."""
    return SPEC.play(state, *texts)


def hand(state: State, p: int) -> set[str]:
    """Player ``p``'s hand as card texts."""
    return {c.ascii for c in state.hands[p]}


def legal(state: State, text: str) -> bool:
    """Whether the move written ``text`` (cards in any order) is legal."""
    from foolsolve.game import IllegalMove

    try:
        SPEC.parse_move(state, text)
    except IllegalMove:
        return False
    return True
