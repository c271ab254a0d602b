"""A Foolery first-out solve stopped by its node limit or Ctrl-C after proving the position's value
keeps it and the moves valued, checked against the finished solve."""

from __future__ import annotations

from foolsolve.solver.base import SolveOptions
from foolsolve.solver.foolery import search
from tests.foolery.test_solver import small_position
from tests.generic.partial_helpers import interrupted_at_call, partials_under_node_limits, proved_reports


def test_a_solve_stopped_by_its_node_limit_keeps_what_it_proved():
    proved = []
    for seed in range(8):
        state = small_position(seed, 2, 6)
        full = search.solve(state, SolveOptions(extra={"pv": False}))
        proved += [p for p in partials_under_node_limits(search.solve, state, full, {"pv": False})
                   if p.answers()]
    assert proved


def test_ctrl_c_keeps_what_was_proved(monkeypatch):
    """Ctrl-C at solve's third call of wins(): the position's value (the first) and one move are kept."""
    full, partial = interrupted_at_call(monkeypatch, search.solve, small_position(4, 2, 6), search.Solver, "wins", 3)
    assert len(partial.moves) == 1 and partial.unfinished and partial.value == full.value == "win"


def test_each_move_valued_is_reported_as_proved():
    _, got = proved_reports(search.solve, small_position(4, 2, 6), {"pv": False})
    assert any(p.value is not None and p.unfinished for p in got)
