"""Perft: the number of move sequences of length ``depth`` from a position (a node with
no legal moves before ``depth`` contributes 0; ``perft(0) == 1``), counted by the spec or
by the engine. Counts stored in ``tests/GAME/data/perft.json`` are computed by the spec and
checked against the engine; on a mismatch, :func:`divide` splits the count per first move.

Chance nodes count like any other node (each outcome is one sequence).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from foolsolve.game import Engine, SpecGame


def _count(legal: Callable[[Any], Sequence[Any]], apply: Callable[[Any, Any], Any], state: Any, depth: int) -> int:
    """Move sequences of length ``depth`` under the given move generator and transition."""
    if depth == 0:
        return 1
    moves = legal(state)
    if depth == 1:
        return len(moves)
    return sum(_count(legal, apply, apply(state, m), depth - 1) for m in moves)


def spec_perft(game: SpecGame[Any, Any], state: Any, depth: int) -> int:
    """Move sequences of length ``depth``, by the spec."""
    return _count(game.legal_moves, game.apply, state, depth)


def engine_perft(engine: Engine[Any, Any], state: Any, depth: int) -> int:
    """Move sequences of length ``depth``, by the engine."""
    return _count(engine.legal_moves, engine.apply, state, depth)


def spec_divide(game: SpecGame[Any, Any], state: Any, depth: int) -> dict[str, int]:
    """Perft per first move, by the spec."""
    return {str(m): spec_perft(game, game.apply(state, m), depth - 1) for m in game.legal_moves(state)}


def engine_divide(engine: Engine[Any, Any], state: Any, depth: int) -> dict[str, int]:
    """Perft per first move, by the engine (keys are the spec's move texts)."""
    return {
        str(engine.move_to_spec(state, m)): engine_perft(engine, engine.apply(state, m), depth - 1)
        for m in engine.legal_moves(state)
    }


def divide_mismatch(spec_div: dict[str, int], eng_div: dict[str, int]) -> list[str]:
    """Readable lines for the first moves whose counts differ."""
    out = []
    for m in sorted(set(spec_div) | set(eng_div)):
        a, b = spec_div.get(m), eng_div.get(m)
        if a != b:
            out.append(f"{m}: spec {a} engine {b}")
    return out
