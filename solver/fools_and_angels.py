"""Exact endgame solver for Fools and Angels.

Once both private stocks and the pool are empty nothing is hidden any more: both hands are
known, nothing can be drawn, exchanged or tempted. The game is then one of perfect
information, and every position is a win or a loss for the side to move: the state graph
is acyclic and has no draws (docs/fools-and-angels-model.md, "Termination").

Method: depth-first negamax over the engine with boolean values (a node is a win iff some
move leads to a position lost for the player who moves there; the defender may move twice
in a row, so the sign flips only when the mover changes), short-circuiting on the first
winning move, a transposition table of exact values (every stored value is exact: a node is
only stored once a winning move is found or every move is refuted), enhanced transposition
cutoffs (children already known lost for the opponent are taken first), and move ordering
by the mover's hand size after the move. The path is tracked and a repetition raises: it
cannot happen by the termination argument, and the guard makes the argument checked.

``tests/test_fools_and_angels_solver.py`` checks every value against exhaustive minimax over
the spec and against retrograde analysis of the spec's state graph.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from foolsolve.engines import fools_and_angels as E
from foolsolve.errors import InputError
from foolsolve.solver.base import LOSS, WIN, MoveValue, SearchLimit, SolveOptions, SolveResult
from foolsolve.spec import fools_and_angels as S

PROGRESS_EVERY = 20_000


class EndgameSolver:
    """One solve's search state: the transposition table and counters."""

    def __init__(self, options: SolveOptions | None = None) -> None:
        self.options = options or SolveOptions()
        self.tt: dict[Any, bool] = {}
        """Exact value of a position for its player to move (True: win)."""
        self.nodes = 0
        self._path: set[Any] = set()
        self._next_report = PROGRESS_EVERY

    def win(self, st: E.EState) -> bool:
        """Whether the player to move in ``st`` wins with best play."""
        hit = self.tt.get(st)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes >= self._next_report:
            self._next_report += PROGRESS_EVERY
            if self.options.progress is not None:
                self.options.progress(self.nodes)
        if self.options.max_nodes is not None and self.nodes > self.options.max_nodes:
            raise SearchLimit(f"node budget of {self.options.max_nodes} exhausted")
        w = E.winner(st)
        if w is not None:
            value = w[0] == st[2]
            self.tt[st] = value
            return value
        if st in self._path:
            raise RuntimeError("fools-and-angels endgame: a position repeated (the model says it cannot)")
        self._path.add(st)
        try:
            value = self._search(st)
        finally:
            self._path.discard(st)
        self.tt[st] = value
        return value

    def _search(self, st: E.EState) -> bool:
        p = st[2]
        children = [E.apply(st, m) for m in E.legal_moves(st)]
        tt = self.tt
        # enhanced transposition cutoff, and immediate wins
        for c in children:
            known = tt.get(c)
            if known is not None and known == (c[2] == p):
                return True
            w = E.winner(c)
            if w is not None and w[0] == p:
                return True
        # the mover's hand size after the move, smallest first
        children.sort(key=lambda c: c[3 + p].bit_count())
        for c in children:
            if self.win(c) == (c[2] == p):
                return True
        return False

    def value_of_move(self, st: E.EState, move: E.Move) -> bool:
        """Whether ``move`` wins for the player to move in ``st``."""
        c = E.apply(st, move)
        return self.win(c) == (c[2] == st[2])

    def principal_variation(self, st: E.EState, limit: int = 400) -> list[str]:
        """Best play from ``st``: at each position the side to move plays a move of the
        position's value (a winning move when it wins; when it loses every move loses), the
        one leaving its hand smallest, ties in engine order."""
        pv: list[str] = []
        while E.winner(st) is None and len(pv) < limit:
            moves = list(E.legal_moves(st))
            want = self.win(st)
            best = None
            for m in sorted(moves, key=lambda m: E.apply(st, m)[3 + st[2]].bit_count()):
                if self.value_of_move(st, m) == want:
                    best = m
                    break
            assert best is not None
            pv.append(E.ENGINE.move_text(st, best))
            st = E.apply(st, best)
        return pv


def is_endgame(state: S.State) -> bool:
    """Both private stocks and the pool are empty."""
    return not state.stocks[0] and not state.stocks[1] and not state.pool


def solve(state: S.State, options: SolveOptions | None = None) -> SolveResult:
    """Exact win/loss for the side to move, the value of every move and a principal variation.

    The position must be an endgame (both private stocks and the pool empty), where the
    game is of perfect information. ``options.extra["known_stocks"] = True`` solves any
    position as the deterministic game it is once the stock order is fixed (as if both
    players knew every stock's order)."""
    options = options or SolveOptions()
    if not is_endgame(state) and not options.extra.get("known_stocks"):
        raise InputError("stocks: the endgame solver needs both private stocks and the pool empty "
                         "(perfect information); pass known_stocks to solve with the stock order known")
    start = time.perf_counter()
    solver = EndgameSolver(options)
    st = E.ENGINE.from_spec(state)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    try:
        res = E.winner(st)
        if res is not None:
            value = WIN if res[0] == st[2] else LOSS
            return SolveResult(S.GAME, st[2], value, [], [], 1, time.perf_counter() - start,
                               notes=[f"game over: player {res[0]} wins ({res[1]})"])
        moves: list[MoveValue] = []
        spec_moves = S.SPEC.legal_moves(state)
        by_text = {E.ENGINE.move_text(st, m): m for m in E.legal_moves(st)}
        for sm in spec_moves:
            text = str(sm)
            moves.append(MoveValue(text, WIN if solver.value_of_move(st, by_text[text]) else LOSS))
        value = WIN if any(m.value == WIN for m in moves) else LOSS
        pv = solver.principal_variation(st)
    finally:
        sys.setrecursionlimit(limit)
    notes = [] if is_endgame(state) else ["solved with every stock's order known (known_stocks)"]
    return SolveResult(S.GAME, st[2], value, moves, pv, solver.nodes, time.perf_counter() - start,
                       best=[m.move for m in moves if m.value == value], notes=notes)
