"""Perft: the number of move sequences of length ``depth`` from a position (a node with
no legal moves before ``depth`` contributes 0; ``perft(0) == 1``), counted by the spec or
by the engine. Counts stored in ``foolsolve/data/perft/GAME.json`` (:mod:`foolsolve.reference`) are
computed by the spec and checked against the engine; on a mismatch, :func:`spec_divide` and
:func:`engine_divide` split the count per first move.

Chance nodes count like any other node (each outcome is one move, so one sequence of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from foolsolve.errors import InputError
from foolsolve.game import Engine, SpecGame


def _count(legal: Callable[[Any], Sequence[Any]], apply: Callable[[Any, Any], Any], state: Any, depth: int) -> int:
    """Move sequences of length ``depth`` under the given move generator and transition."""
    if depth == 0:
        return 1
    moves = legal(state)
    if depth == 1:
        return len(moves)
    return sum(_count(legal, apply, apply(state, m), depth - 1) for m in moves)


TICK_EVERY = 4096
"""Interior nodes between two calls of a progress callback."""


class _Ticker:
    """Counts the leaves counted so far and reports them every :data:`TICK_EVERY` interior nodes
    (the callback shows progress, and may raise to stop: a time limit)."""

    def __init__(self, tick: Callable[[int], None]) -> None:
        self.tick = tick
        self.nodes = 0
        self.leaves = 0

    def count(self, legal: Callable[[Any], Sequence[Any]], apply: Callable[[Any, Any], Any], state: Any,
              depth: int) -> int:
        if depth == 0:
            self.leaves += 1
            return 1
        moves = legal(state)
        self.nodes += 1
        if self.nodes % TICK_EVERY == 0:
            self.tick(self.leaves)
        if depth == 1:
            self.leaves += len(moves)
            return len(moves)
        return sum(self.count(legal, apply, apply(state, m), depth - 1) for m in moves)


def _counter(tick: Callable[[int], None] | None) -> Callable[..., int]:
    return _count if tick is None else _Ticker(tick).count


def spec_perft(game: SpecGame[Any, Any], state: Any, depth: int, tick: Callable[[int], None] | None = None) -> int:
    """Move sequences of length ``depth``, by the spec (``tick``: called now and then with the
    sequences counted so far)."""
    return _counter(tick)(game.legal_moves, game.apply, state, depth)


def engine_perft(engine: Engine[Any, Any], state: Any, depth: int, tick: Callable[[int], None] | None = None) -> int:
    """Move sequences of length ``depth``, by the engine (``tick`` as for :func:`spec_perft`)."""
    return _counter(tick)(engine.legal_moves, engine.apply, state, depth)


def _divisible(depth: int) -> None:
    """Refuse a divide below depth 1: a count of depth 0 has no first move, and counting each first
    move's sequences of length -1 walked the whole game tree."""
    if depth < 1:
        raise InputError(f"divide: depth {depth}: counts per first move need a depth of 1 or more")


def spec_divide(game: SpecGame[Any, Any], state: Any, depth: int, tick: Callable[[int], None] | None = None,
                into: dict[str, int] | None = None) -> dict[str, int]:
    """Perft per first move, by the spec; each first move's count goes into ``into`` (if given)
    as soon as it is done, so an interrupted count keeps the finished ones. ``depth`` is at least 1
    (depth 0 has no first move)."""
    _divisible(depth)
    out = {} if into is None else into
    for m in game.legal_moves(state):
        out[str(m)] = spec_perft(game, game.apply(state, m), depth - 1, tick)
    return out


def engine_divide(engine: Engine[Any, Any], state: Any, depth: int, tick: Callable[[int], None] | None = None,
                  into: dict[str, int] | None = None) -> dict[str, int]:
    """Perft per first move, by the engine (keys are the spec's move texts; ``into`` as for
    :func:`spec_divide`)."""
    _divisible(depth)
    out = {} if into is None else into
    for m in engine.legal_moves(state):
        out[str(engine.move_to_spec(state, m))] = engine_perft(engine, engine.apply(state, m), depth - 1, tick)
    return out


def divide_mismatch(spec_div: dict[str, int], eng_div: dict[str, int]) -> list[str]:
    """Readable lines for the first moves whose counts differ."""
    out = []
    for m in sorted(set(spec_div) | set(eng_div)):
        a, b = spec_div.get(m), eng_div.get(m)
        if a != b:
            out.append(f"{m}: spec {a} engine {b}")
    return out
