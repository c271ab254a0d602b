"""A Fools and Angels solve stopped by its node limit or Ctrl-C keeps the moves it valued (a
winning one proves the position's value), checked against the finished solve."""

from __future__ import annotations

import random

from foolsolve.solver.base import SolveOptions
from foolsolve.solver.fools_and_angels import search
from tests.fools_and_angels.test_solver import random_endgame
from tests.generic.partial_helpers import interrupted_at_call, partials_under_node_limits, proved_reports


def test_a_solve_stopped_by_its_node_limit_keeps_what_it_proved():
    proved = []
    for seed in range(8):
        state = random_endgame(random.Random(seed), 6)
        full = search.solve(state, SolveOptions(extra={"pv": False}))
        proved += [p for p in partials_under_node_limits(search.solve, state, full, {"pv": False})
                   if p.answers()]
    assert proved


def test_ctrl_c_keeps_what_was_proved(monkeypatch):
    """Ctrl-C as the third move is valued: the first two are kept."""
    full, partial = interrupted_at_call(monkeypatch, search.solve, random_endgame(random.Random(3), 6), search.Solver,
                                        "value_of_move", 3)
    assert len(partial.moves) == 2 and partial.unfinished and partial.value == full.value == "win"


def test_each_move_valued_is_reported_as_proved():
    _, got = proved_reports(search.solve, random_endgame(random.Random(3), 6), {"pv": False})
    assert any(p.value is not None and p.unfinished for p in got)
