"""The exact solvers that value a position's moves one by one keep what they proved when a node
limit or Ctrl-C stops them (``SearchLimit.partial``, ``Interrupted``): Fools and Angels and
Foolery here (Durak: tests/durak/test_partial.py). Every partial answer is checked against the
finished solve of the same position."""

from __future__ import annotations

import random

import pytest

from foolsolve.solver.base import Interrupted, SearchLimit, SolveOptions
from foolsolve.solver.foolery import search as foolery_search
from foolsolve.solver.foolery.search import solve as foolery_solve
from foolsolve.solver.fools_and_angels import search as fools_and_angels_search
from foolsolve.solver.fools_and_angels.search import solve as fools_and_angels_solve
from tests.durak.test_partial import check_partial
from tests.foolery.test_solver import small_position
from tests.fools_and_angels.test_solver import random_endgame

GAMES = {
    "fools-and-angels": (lambda seed: random_endgame(random.Random(seed), 6), fools_and_angels_solve, range(8)),
    "foolery": (lambda seed: small_position(seed, 2, 6), foolery_solve, range(8)),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_solve_stopped_by_its_node_limit_keeps_what_it_proved(game):
    make, solve, seeds = GAMES[game]
    proved_value = False
    for seed in seeds:
        state = make(seed)
        full = solve(state, SolveOptions(extra={"pv": False}))
        for f in (0.3, 0.6, 0.9):
            try:
                solve(state, SolveOptions(max_nodes=max(1, int(full.nodes * f)), extra={"pv": False}))
            except SearchLimit as exc:
                if exc.partial is not None:
                    check_partial(exc.partial, full)
                    proved_value |= exc.partial.value is not None and bool(exc.partial.best)
    assert proved_value


@pytest.mark.parametrize("game,seed,method", [("fools-and-angels", 0, "value_of_move"), ("foolery", 4, "wins")])
def test_ctrl_c_keeps_what_was_proved(game, seed, method, monkeypatch):
    """Ctrl-C arriving as solve makes its third call (Foolery: its first call values the position)."""
    make, solve, _ = GAMES[game]
    state = make(seed)
    full = solve(state, SolveOptions(extra={"pv": False}))
    module = {"fools-and-angels": fools_and_angels_search, "foolery": foolery_search}[game]
    real = getattr(module.Solver, method)
    calls = []  # the calls from solve itself (the search calls wins() recursively too)
    depth = [0]

    def stopping(self, *args):
        if depth[0] == 0:
            calls.append(1)
            if len(calls) == 3:
                raise KeyboardInterrupt
        depth[0] += 1
        try:
            return real(self, *args)
        finally:
            depth[0] -= 1

    monkeypatch.setattr(module.Solver, method, stopping)
    with pytest.raises(Interrupted) as exc:
        solve(state, SolveOptions(extra={"pv": False}))
    check_partial(exc.value.partial, full)
    assert exc.value.partial.unfinished and exc.value.partial.value == full.value == "win"
