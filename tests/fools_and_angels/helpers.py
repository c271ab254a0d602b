"""Helpers for the Fools and Angels tests: build positions from short card strings."""

from __future__ import annotations

import json
from typing import Any

from foolsolve.spec.fools_and_angels import META, SPEC, State


def cards(text: str) -> list[str]:
    """``"3♦ 6♥ 2♣"`` -> ``["3♦", "6♥", "2♣"]``."""
    return text.split()


def position(hand0: str, hand1: str, *, stock0: str = "", stock1: str = "", pool: str = "", to_move: int = 0,
             phase: str = "turn", attack: str = "", rules: dict[str, Any] | None = None, **extra: Any) -> State:
    """A position read through the position-file path (schema and semantic checks)."""
    obj: dict[str, Any] = {
        "game": META.name, "hands": [cards(hand0), cards(hand1)], "stocks": [cards(stock0), cards(stock1)],
        "pool": cards(pool), "to_move": to_move, "phase": phase, "attack": cards(attack),
    }
    if rules:
        obj["rules"] = rules
    obj.update(extra)
    return SPEC.state_from_json(obj)


def moves(state: State) -> list[str]:
    """The legal moves as text."""
    return [str(m) for m in SPEC.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    """Apply moves given as text (``cover 9H with JH``)."""
    return SPEC.play(state, *texts)


def canon(state: State) -> str:
    """Canonical JSON text of a state."""
    return json.dumps(SPEC.state_to_json(state), sort_keys=True, ensure_ascii=False)


def hand(state: State, p: int) -> set[str]:
    """A hand as a set of glyph strings."""
    return {str(c) for c in state.hands[p]}


def count_calls(monkeypatch: Any, calls: Any, owner: Any, name: str, key: str, when: Any = None) -> None:
    """``owner.name`` (a module's function, or a class's method) replaced for the test by one that
    counts its calls in ``calls[key]`` (those whose arguments ``when`` accepts, if given) and then
    calls it: how the family tests show that a full move list is never built."""
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        if when is None or when(*args):
            calls[key] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
