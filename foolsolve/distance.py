"""Lines a player learns from: distance to the end, as chess tablebases give distance to mate.

A solver's win/draw/loss values say who wins; they do not say how. Among moves of equal value the
solvers pick the first in the spec's order, so a lost line plays the first legal move (a ``take``
where a cover would last longer) and a won line may dawdle. This module adds, on top of any
solver's two-player win/draw/loss result, the **distance**: the number of moves to the end of the
game when both sides play for value first and then for distance: the winning side to end the game
as fast as it can, the losing side (and either side of a draw) to make it last as long as it can.

It is generic: an exhaustive search over the game's engine (``legal_moves``, ``apply``,
``result``, ``key``), with a memo on the engine key and a node budget. Its values must equal the
solver's (checked, and a disagreement is an error: one of the two is wrong); where the budget runs
out or positions repeat (Durak perevodnoy's endless play), no distance is given and a note says
why. The principal variation is then the distance-optimal line (ties to the first move in the
spec's order), ``best`` the moves of the best value and distance (a lost position's "Best" names
the longest resistance), and every line that reaches the end carries the game's result (who is
the fool, the places, the scores) in :attr:`~foolsolve.solver.base.SolveResult.result`.

``tests/generic/test_distance.py`` confirms the distances by a second method: exhaustive minimax
over the spec (not the engine) on small positions.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from typing import Any

from foolsolve.game import CHANCE
from foolsolve.solver.base import DRAW, LOSS, WIN, SolveResult

DISTANCE_BUDGET = 60_000
"""Positions the distance search may visit before it gives up (a note says so)."""

_WDL = {1: WIN, 0: DRAW, -1: LOSS}


class _GiveUp(Exception):
    """The budget ran out, or a position repeats."""


class _Search:
    """Exhaustive (value, distance) search over an engine: value for player 0 as -1/0/+1."""

    def __init__(self, engine: Any, budget: int) -> None:
        self.engine = engine
        self.budget = budget
        self.nodes = 0
        self.memo: dict[Hashable, tuple[int, int]] = {}
        self.path: set[Hashable] = set()

    def solve(self, s: Any) -> tuple[int, int]:
        """(value for player 0, moves to the end) of ``s`` under play for value, then distance."""
        e = self.engine
        key = e.key(s)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        res = e.result(s)
        if res is not None:
            diff = res.payoffs[0] - res.payoffs[1]
            out = (1 if diff > 0 else -1 if diff < 0 else 0, 0)
            self.memo[key] = out
            return out
        if key in self.path:
            raise _GiveUp("positions repeat (endless play)")
        self.nodes += 1
        if self.nodes > self.budget:
            raise _GiveUp(f"more than {self.budget:,} positions")
        mover = e.to_move(s)
        if mover == CHANCE or mover not in (0, 1):
            raise _GiveUp("chance or a third player is to move")
        self.path.add(key)
        try:
            best: tuple[int, int] | None = None
            for m in e.legal_moves(s):
                v0, d = self.solve(e.apply(s, m))
                if best is None or better(mover, (v0, d + 1), best):
                    best = (v0, d + 1)
        finally:
            self.path.discard(key)
        assert best is not None, "a position that is not over has legal moves"
        self.memo[key] = best
        return best


def rank(mover: int, value: tuple[int, int]) -> tuple[int, int]:
    """A sort key (larger is better for ``mover``) of a (value for player 0, distance) pair: the
    value first; then a win as short, anything else as long as possible."""
    v0, d = value
    v = v0 if mover == 0 else -v0
    return (v, -d if v > 0 else d)


def better(mover: int, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether ``a`` is better than ``b`` for ``mover``."""
    return rank(mover, a) > rank(mover, b)


def applies(info: Any, state: Any, result: SolveResult) -> bool:
    """Whether distances are computed for this result: a two-player win/draw/loss answer with
    every move valued, of a game with an engine."""
    return (result.value_kind == "outcome" and result.concept is None and not result.value_only
            and bool(result.moves) and info.engine is not None and info.spec.num_players(state) == 2)


def add_distances(info: Any, state: Any, result: SolveResult, budget: int = DISTANCE_BUDGET) -> SolveResult:
    """``result`` with distances, the distance-optimal principal variation and ``best`` where
    :func:`applies` (within ``budget``; else a note), and the result at the end of its line in every
    case. Changes and returns ``result``."""
    if applies(info, state, result):
        _distances(info, state, result, budget)
    end_of_line(info, state, result)
    return result


def _distances(info: Any, state: Any, result: SolveResult, budget: int) -> None:
    engine = info.engine
    root = engine.from_spec(state)
    mover = engine.to_move(root)
    search = _Search(engine, budget)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    try:
        children = {str(engine.move_to_spec(root, m)): search.solve(engine.apply(root, m))
                    for m in engine.legal_moves(root)}
        pv = _line(info.spec, engine, root, search, 400) if result.pv else []
    except _GiveUp as why:
        result.notes.append(f"distance to the end not computed: {why}")
        return
    finally:
        sys.setrecursionlimit(limit)
    for m in result.moves:
        v0, d = children[m.move]
        mine = v0 if mover == 0 else -v0
        if _WDL[mine] != m.value:  # the solver and the search disagree: one of them is wrong
            raise AssertionError(f"distance search: {m.move} is {_WDL[mine]}, the solver says {m.value}")
        m.distance = d + 1
    top = max(rank(mover, (children[m.move][0], children[m.move][1])) for m in result.moves)
    result.best = [m.move for m in result.moves if rank(mover, children[m.move]) == top]
    result.distance = min(m.distance for m in result.moves if m.move in result.best and m.distance is not None)
    if result.pv:
        result.pv = pv
    result.notes.append("distance: moves to the end with the winner ending the game as fast as it can and the loser "
                        "lasting as long as it can (a draw as long as it lasts); the principal variation is played that way")


def _line(spec: Any, engine: Any, s: Any, search: _Search, limit: int) -> list[str]:
    """The distance-optimal line from ``s`` (ties to the first move in the spec's order)."""
    out: list[str] = []
    while engine.result(s) is None and len(out) < limit:
        mover = engine.to_move(s)
        here = s
        moves = sorted(engine.legal_moves(s), key=lambda m: spec.move_sort_key(engine.move_to_spec(here, m)))
        pick = None
        pick_v: tuple[int, int] | None = None
        for m in moves:
            v0, d = search.solve(engine.apply(s, m))
            if pick_v is None or better(mover, (v0, d + 1), pick_v):
                pick, pick_v = m, (v0, d + 1)
        out.append(str(engine.move_to_spec(s, pick)))
        s = engine.apply(s, pick)
    return out


def end_of_line(info: Any, state: Any, result: SolveResult) -> None:
    """Set ``result.result`` to the game's result at the end of the principal variation (who is
    the fool, the places, the scores), where the line reaches the end of the game."""
    if not result.pv:
        return
    from foolsolve.present import steps

    walked = steps(info.spec, state, result.pv)
    res = info.spec.result(walked[-1].state) if walked else None
    if res is not None:
        result.result = res.to_json()
