"""Lines a player learns from: distance to the end, as chess tablebases give distance to mate.

A solver's win/draw/loss values say who wins; they do not say how. Among moves of equal value the
solvers pick the first in the spec's order, so a lost line plays the first legal move (a ``take``
where a cover would last longer) and a won line may dawdle. This module adds, on top of any
solver's two-player win/draw/loss result, the **distance**: the number of moves to the end of the
game when both sides play for value first and then for distance: the winning side to end the game
as fast as it can, the losing side (and either side of a draw) to make it last as long as it can.

It is generic: an alpha-beta search over the game's engine (``legal_moves``, ``apply``,
``result``, ``key``) on one score that orders (value, distance) pairs as the players do, with a
table of bounds on the engine key and a node budget (a drawn position's length, which both
sides stretch, is found apart). Where the game's registry entry gives an exact value search
(:attr:`~foolsolve.games.base.GameInfo.distance_values`), each position's value bounds its score
before its moves are searched, so a winner's moves that do not win and a loser's moves (which all
lose, and ask nothing more) are never proved by search; and a game may name positions too large
to try (:attr:`~foolsolve.games.base.GameInfo.distance_skip`). Its values must equal the
solver's (checked, and a disagreement is an error: one of the two is wrong); where the budget
runs out or positions repeat (Durak perevodnoy's endless play), no distance is given and a note
says why. The principal variation is then the distance-optimal line (ties to the first move in
the spec's order), ``best`` the moves of the best value and distance (a lost position's "Best"
names the longest resistance), and every line that reaches the end carries the game's result
(who is the fool, the places, the scores) in :attr:`~foolsolve.solver.base.SolveResult.result`.

``tests/generic/test_distance.py`` confirms the distances by a second method: exhaustive minimax
over the spec (not the engine) on small positions, and plain recursion over the engine, every
move searched, on larger ones.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Hashable
from typing import Any

from foolsolve.game import CHANCE, engine_move_key
from foolsolve.solver.base import DRAW, LOSS, WIN, SearchLimit, SolveResult, bounds_after

DISTANCE_BUDGET = 60_000
"""Positions the distance search may visit before it gives up (a note says so), those its value
search (:attr:`~foolsolve.games.base.GameInfo.distance_values`) visits counted too."""

_WDL = {1: WIN, 0: DRAW, -1: LOSS}

LINE_LIMIT = 400
"""The most moves of the distance-optimal principal variation written (a longer one is cut)."""


CLOCK_EVERY = 256
"""The distance search reads the clock (its deadline) once every this many positions it enters."""


class _GiveUp(Exception):
    """The budget or the time ran out, or a position repeats."""


OUT_OF_TIME = "out of time"
"""Why the search gave up where its deadline passed (the answer's note is :data:`TIME_NOTE`)."""

WON = 1 << 30
"""The score of a game player 0 has won, for the player to move there: a win ``d`` moves before the
end scores ``WON - d``, a loss ``-(WON - d)``, a draw 0 (its length is found apart)."""
_INF = 1 << 40


def _closer(score: int) -> int:
    """A position's score seen from the position one move before it (one move further from the end)."""
    return score - 1 if score > 0 else score + 1 if score < 0 else 0


def _back(bound: int) -> int:
    """The inverse of :func:`_closer` on a window's bound: a child scores above ``_back(b)`` exactly
    when it scores above ``b`` one move before (scores never come near 0 but for draws)."""
    if abs(bound) >= _INF:
        return bound
    return bound + 1 if bound > 0 else bound - 1 if bound < 0 else 0


class _Search:
    """(value for player 0 as -1/0/+1, distance) search over an engine: alpha-beta on one score
    for player 0 (player 0 maximises, player 1 minimises; a win shorter, a loss longer is a
    better score for the side that has it), with a table of proved bounds and each position's
    best move tried first; a drawn position's length (both sides making it last) apart, over the
    moves that keep the draw. Every bound it proves is a strategy over finite lines (a line
    that repeats a position gives up the whole search), so the values and distances are those
    of exhaustive minimax, which the tests compare them with."""

    def __init__(self, engine: Any, budget: int, values: Any = None, deadline: float | None = None,
                 clock: Any = time.monotonic) -> None:
        self.engine = engine
        self.budget = budget
        self.deadline = deadline
        """``clock()`` by which the search gives up (``None``: no time limit)."""
        self.clock = clock
        self.nodes = 0
        self.values = values
        """The game's exact value search (:attr:`foolsolve.games.base.GameInfo.distance_values`) or
        ``None``: each position's value bounds its score before any of its moves is searched."""
        self._spent = values.nodes if values is not None else 0
        self.table: dict[Hashable, tuple[int, int, int]] = {}
        """Key -> (lower bound, upper bound, index of the best move found, -1 for none)."""
        self.draws: dict[Hashable, int] = {}
        """Key of a drawn position -> its length."""
        self.path: set[Hashable] = set()

    def solve(self, s: Any) -> tuple[int, int]:
        """(value for player 0, moves to the end) of ``s`` under play for value, then distance."""
        score = self._score(s, -_INF, _INF)
        if score > 0:
            return 1, WON - score
        if score < 0:
            return -1, WON + score
        return 0, self._draw_length(s)

    def _enter(self, key: Hashable) -> None:
        if key in self.path:
            raise _GiveUp("positions repeat (endless play)")
        self.nodes += 1
        if self.nodes + (self.values.nodes - self._spent if self.values is not None else 0) > self.budget:
            raise _GiveUp(f"more than {self.budget:,} positions")
        if self.deadline is not None and self.nodes % CLOCK_EVERY == 1 and self.clock() > self.deadline:
            raise _GiveUp(OUT_OF_TIME)

    def _mover(self, s: Any) -> int:
        mover = self.engine.to_move(s)
        if mover == CHANCE or mover not in (0, 1):
            raise _GiveUp("chance or a third player is to move")
        return int(mover)

    def _score(self, s: Any, alpha: int, beta: int, known: int | None = None) -> int:
        """Fail-soft alpha-beta: the score of ``s`` for player 0 where it lies inside
        ``(alpha, beta)``, else a bound beyond the window on its side. ``known``: the value of
        ``s`` for player 0 (-1/0/+1) where the caller knows it (with :attr:`values` only)."""
        e = self.engine
        key = e.key(s)
        entry = self.table.get(key)
        if entry is None:  # first visit: the end of the game, or what the value says of the score
            res = e.result(s)
            if res is not None:
                diff = res.payoffs[0] - res.payoffs[1]
                v = WON if diff > 0 else -WON if diff < 0 else 0
                self.table[key] = (v, v, -1)
                return v
            lo, hi, hint = -_INF, _INF, -1
            if self.values is not None:
                lo, hi = self._value_bounds(s, known)
                self.table[key] = (lo, hi, hint)
        else:
            lo, hi, hint = entry
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        mover = self._mover(s)
        self._enter(key)
        a0, b0 = max(alpha, lo), min(beta, hi)  # the window, narrowed by what the table proved
        a, b = a0, b0
        moves = e.legal_moves(s)
        order = range(len(moves)) if hint < 0 else [hint, *(i for i in range(len(moves)) if i != hint)]
        best, best_i = (-_INF if mover == 0 else _INF), -1
        # where the mover loses, every move loses: the children's value is known (their search asks none)
        same = (1 if lo > 0 else -1) if self.values is not None and (hi < 0 if mover == 0 else lo > 0) else None
        self.path.add(key)
        try:
            for i in order:
                v = _closer(self._score(e.apply(s, moves[i]), _back(a), _back(b), same))
                if mover == 0 and v > best:
                    best, best_i = v, i
                    if v >= b:
                        break
                    a = max(a, v)
                elif mover == 1 and v < best:
                    best, best_i = v, i
                    if v <= a:
                        break
                    b = min(b, v)
        finally:
            self.path.discard(key)
        lo, hi = bounds_after(lo, hi, best, a0, b0)
        self.table[key] = (lo, hi, best_i if best_i >= 0 else hint)
        return best

    def _value_bounds(self, s: Any, known: int | None) -> tuple[int, int]:
        """The bounds on the score of a position not at its end that its value for player 0 gives
        (``known``, else asked of :attr:`values`): a win scores in ``(0, WON)``, a loss in
        ``(-WON, 0)``, a draw 0."""
        if known is None:
            try:
                v = self.values.value(s)
            except SearchLimit as exc:
                raise _GiveUp(OUT_OF_TIME if exc.option == "time" else f"more than {self.budget:,} positions") from exc
            known = v if self._mover(s) == 0 else -v
        return (0, 0) if known == 0 else (1, WON - 1) if known > 0 else (1 - WON, -1)

    def _draw_length(self, s: Any) -> int:
        """Moves to the end of a drawn position with both sides making it last: over the moves
        whose position is a draw too."""
        e = self.engine
        key = e.key(s)
        hit = self.draws.get(key)
        if hit is not None:
            return hit
        if e.result(s) is not None:
            self.draws[key] = 0
            return 0
        self._enter(key)
        self._mover(s)
        self.path.add(key)
        try:
            longest = -1
            for m in e.legal_moves(s):
                child = e.apply(s, m)
                if self._score(child, -1, 1) == 0:  # scores are integers: 0 inside (-1, 1) is exact
                    longest = max(longest, self._draw_length(child))
        finally:
            self.path.discard(key)
        assert longest >= 0, "a drawn position has a move that keeps the draw"
        self.draws[key] = longest + 1
        return longest + 1


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


def add_distances(info: Any, state: Any, result: SolveResult, budget: int = DISTANCE_BUDGET,
                  deadline: float | None = None, clock: Any = time.monotonic, distance: bool = True) -> SolveResult:
    """``result`` with distances, the distance-optimal principal variation and ``best`` where
    :func:`applies` (within ``budget`` and by ``deadline``, a ``clock()`` reading, the solve's own
    deadline, ``None`` for none; else a note; ``distance`` false, ``-o distance=false``: not
    tried, a note says so), and the result at the end of its line in every case. The time it
    takes is added to :attr:`~foolsolve.solver.base.SolveResult.seconds` (an answer's seconds
    count all its work). Changes and returns ``result``."""
    t0 = time.perf_counter()
    if applies(info, state, result):
        if distance:
            _distances(info, state, result, budget, deadline, clock)
        else:
            result.notes.append(OFF_NOTE)
    end_of_line(info, state, result)
    result.seconds += time.perf_counter() - t0
    return result


OFF_NOTE = "distance to the end not computed: not asked for (distance=false)"
"""The note of an answer whose distances were not asked for."""

TIME_NOTE = "distance to the end not computed within the time limit (its search has what the solve leaves of it)"
"""The note of an answer whose distance search the time limit stopped (or left no time)."""


def _distances(info: Any, state: Any, result: SolveResult, budget: int, deadline: float | None, clock: Any) -> None:
    engine = info.engine
    root = engine.from_spec(state)
    mover = engine.to_move(root)
    skip = info.distance_skip
    why = skip(root) if skip is not None else None
    if why is not None:
        result.notes.append(f"distance to the end not computed: {why}")
        return
    if deadline is not None and clock() > deadline:
        result.notes.append(TIME_NOTE)
        return
    make = info.distance_values
    late = None if deadline is None else (lambda: clock() > deadline)
    search = _Search(engine, budget, make(root, budget, late) if make is not None else None, deadline, clock)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    try:
        children = {str(engine.move_to_spec(root, m)): search.solve(engine.apply(root, m))
                    for m in engine.legal_moves(root)}
        pv = _line(info.spec, engine, root, search, LINE_LIMIT) if result.pv else []
    except _GiveUp as why:
        result.notes.append(TIME_NOTE if str(why) == OUT_OF_TIME else f"distance to the end not computed: {why}")
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
                        "lasting as long as it can (a draw as long as it lasts)"
                        + ("; the principal variation is played that way" if result.pv else ""))


def _line(spec: Any, engine: Any, s: Any, search: _Search, limit: int) -> list[str]:
    """The distance-optimal line from ``s`` (ties to the first move in the spec's order)."""
    out: list[str] = []
    key = engine_move_key(engine, spec)
    while engine.result(s) is None and len(out) < limit:
        mover = engine.to_move(s)
        here = s
        moves = sorted(engine.legal_moves(s), key=lambda m: key(here, m))
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
