"""Exhaustive minimax over a game's *spec*: the slow, obviously-correct reference that every
fast solver is tested against. No pruning, no move ordering, no reductions; only a memo
of finished sub-results keyed by the (immutable, hashable) spec state, which changes the
running time and nothing else.

Values are exact payoff differences for two-player games: the value of a state for player
``p`` is ``payoffs[p] - payoffs[1 - p]`` at the end of best play by both sides.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from foolsolve.game import CHANCE, SpecGame, seat_of_mover


def value_for(game: SpecGame[Any, Any], state: Any, player: int, *, memo: dict[Any, Fraction] | None = None) -> Fraction:
    """Exact minimax value of ``state`` for ``player`` (payoff difference, two players)."""
    if memo is None:
        memo = {}
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        v0 = _value0(game, state, memo)
    finally:
        sys.setrecursionlimit(limit)
    return v0 if player == 0 else -v0


def _value0(game: SpecGame[Any, Any], state: Any, memo: dict[Any, Fraction]) -> Fraction:
    """Value for player 0."""
    hit = memo.get(state)
    if hit is not None:
        return hit
    res = game.result(state)
    if res is not None:
        v = Fraction(res.payoffs[0]) - Fraction(res.payoffs[1])
    else:
        mover = game.to_move(state)
        children = [(m, _value0(game, game.apply(state, m), memo)) for m in game.legal_moves(state)]
        if not children:
            raise RuntimeError(f"{game.name}: non-terminal state with no legal moves")
        if mover == CHANCE:
            v = sum((game.chance_probability(state, m) * c for m, c in children), Fraction(0))
        elif mover == 0:
            v = max(c for _, c in children)
        else:
            v = min(c for _, c in children)
    memo[state] = v
    return v


def move_values(game: SpecGame[Any, Any], state: Any, *, memo: dict[Any, Fraction] | None = None) -> dict[str, Fraction]:
    """Every legal move's exact value for the side to move."""
    if memo is None:
        memo = {}
    p = game.to_move(state)
    return {str(m): value_for(game, game.apply(state, m), p, memo=memo) for m in game.legal_moves(state)}


def solve(game: SpecGame[Any, Any], state: Any, options: Any = None) -> Any:
    """A :class:`~foolsolve.solver.base.SolveResult` by exhaustive minimax over the spec (two
    players): the value for the side to move, every move's value, the best moves and a principal
    variation. For small games and for tests; real games have their own solvers."""
    import time

    from foolsolve.solver.base import MoveValue, SolveResult

    started = time.perf_counter()
    memo: dict[Any, Fraction] = {}
    mover = game.to_move(state)
    player = seat_of_mover(mover)
    value = value_for(game, state, player, memo=memo)
    valued = [(game.move_text(m), value_for(game, game.apply(state, m), player, memo=memo))
              for m in game.legal_moves(state)]
    best = [text for text, v in valued if v == value] if mover != CHANCE else []
    pv: list[str] = []
    s = state
    while game.result(s) is None and game.to_move(s) != CHANCE:
        p = game.to_move(s)
        v = value_for(game, s, p, memo=memo)
        m = next(m for m in game.legal_moves(s) if value_for(game, game.apply(s, m), p, memo=memo) == v)
        pv.append(game.move_text(m))
        s = game.apply(s, m)
    return SolveResult(game=game.name, to_move=mover, value=str(value), moves=[MoveValue(text, str(v))
                       for text, v in valued], pv=pv, nodes=len(memo), seconds=time.perf_counter() - started, best=best,
                       concept="exhaustive minimax over the spec")


def open_hand_values(game: SpecGame[Any, Any], state: Any, player: int, concept: str) -> dict[str, Fraction]:
    """Every legal move's value for ``player`` by exhaustive search over the spec, the reference of
    :mod:`foolsolve.solver.open_hand` for any player count: ``paranoid`` (``player`` and her
    partners, :meth:`~foolsolve.game.SpecGame.side`, maximise her payoff, every other player
    minimises it) or ``max-n`` (every player maximises their
    own payoff; of equal moves the first in the spec's order); chance nodes are expectations. A
    position repeated on the line searched is endless play, payoffs 0; a value resting on one is
    not memoised (it holds on its own line only). No pruning, no depth limit, no reductions."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    n = game.num_players(state)
    memo: dict[Any, tuple[Fraction, ...]] = {}
    path: set[Any] = set()
    side = set(game.side(state, player))

    def payoffs(s: Any) -> tuple[tuple[Fraction, ...], bool]:
        """(payoffs, rests on a repetition); paranoid: the player's value in every slot."""
        res = game.result(s)
        if res is not None:
            pay = tuple(Fraction(x) for x in res.payoffs)
            return ((pay[player],) * n if concept == "paranoid" else pay), False
        if s in path:
            return (Fraction(0),) * n, True
        hit = memo.get(s)
        if hit is not None:
            return hit, False
        path.add(s)
        mover = game.to_move(s)
        children = [(m, *payoffs(game.apply(s, m))) for m in game.legal_moves(s)]
        path.discard(s)
        rep = any(r for _, _, r in children)
        if mover == CHANCE:
            out = tuple(sum((game.chance_probability(s, m) * v[i] for m, v, _ in children), Fraction(0))
                        for i in range(n))
        elif concept == "paranoid":
            pick = max if mover in side else min
            out = (pick(v[0] for _, v, _ in children),) * n
        else:
            out = children[0][1]
            for _, v, _ in children[1:]:
                if v[mover] > out[mover]:
                    out = v
        if not rep:
            memo[s] = out
        return out, rep

    try:
        path.add(state)
        return {game.move_text(m): payoffs(game.apply(state, m))[0][player] for m in game.legal_moves(state)}
    finally:
        sys.setrecursionlimit(limit)
