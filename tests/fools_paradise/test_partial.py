"""A Fool's Paradise endgame solve stopped by its node limit or Ctrl-C keeps the moves it valued, the
bounds it proved on the others and the position's value once they prove it, checked against the
finished solve; through the command line such an answer is the answer, its moves not finished
shown with their bounds."""

from __future__ import annotations

import json
import random
from importlib import resources

from foolsolve.cards import FRENCH52
from foolsolve.positions import read_json
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.fools_paradise import search
from foolsolve.spec.fools_paradise import SPEC, State
from tests.fools_paradise.helpers import position
from tests.generic.partial_helpers import interrupted_at_call, partials_under_node_limits, proved_reports

ENDGAME = str(resources.files("foolsolve").joinpath("examples", "fools-paradise-endgame.json"))


def endgame() -> State:
    return SPEC.state_from_json(read_json(ENDGAME))


def dealt(seed: int, players: int) -> State:
    """Five cards a hand and four in the centre, the stock empty, player 0 to move."""
    rng = random.Random(seed)
    deck = list(FRENCH52.cards)
    rng.shuffle(deck)
    hands = [" ".join(c.ascii for c in deck[i * 5:(i + 1) * 5]) for i in range(players)]
    return position(hands, " ".join(c.ascii for c in deck[players * 5:players * 5 + 4]), to_move=0)


def test_a_solve_stopped_by_its_node_limit_keeps_what_it_proved():
    answers = []
    for state in (endgame(), dealt(1, 2), dealt(2, 2), dealt(3, 3)):
        full = search.solve(state, SolveOptions(extra={"pv": False}))
        parts = partials_under_node_limits(search.solve, state, full, {"pv": False}, (0.1, 0.3, 0.6, 0.9))
        assert parts and any(p.moves for p in parts)
        answers += [p for p in parts if p.answers() and p.unfinished]
    assert answers  # the value and a best move proved with moves left to value


def _root_searches(state: State) -> int:
    """How many searches of the position's moves (not their own recursive searches) a solve makes."""
    real = search.Solver.search
    calls = [0, 0]  # root-level calls, depth

    def counted(self, *args):
        calls[0] += calls[1] == 0
        calls[1] += 1
        try:
            return real(self, *args)
        finally:
            calls[1] -= 1

    search.Solver.search = counted  # type: ignore[method-assign]
    try:
        search.solve(state, SolveOptions(extra={"pv": False}))
    finally:
        search.Solver.search = real  # type: ignore[method-assign]
    return calls[0]


def test_ctrl_c_keeps_what_was_proved(monkeypatch):
    """Ctrl-C at the solve's last search of a move (every other move valued): the value, the best
    move and the moves valued are kept, the last one bounded; Ctrl-C at its second search, before
    anything but the first move's value is proved, keeps that move alone."""
    state = endgame()
    last = _root_searches(state)
    full, partial = interrupted_at_call(monkeypatch, search.solve, state, search.Solver, "search", last)
    assert partial.value == full.value == -43 and partial.best == full.best and len(partial.unfinished) >= 1
    assert all(m.at_most <= full.value for m in partial.unfinished)
    monkeypatch.undo()
    _, partial = interrupted_at_call(monkeypatch, search.solve, state, search.Solver, "search", 2)
    assert partial.value is None and len(partial.moves) == 1 and not partial.answers()


def test_each_step_is_reported_as_proved():
    _, got = proved_reports(search.solve, endgame(), {"pv": False})
    assert any(p.value is not None and p.unfinished for p in got)


def test_the_command_line_prints_what_a_node_limit_left(capsys):
    """``foolsolve POSITION --max-nodes N`` once the value is proved: that answer, the moves not
    finished with their bounds, the first note saying where it stopped."""
    from tests.generic.test_cli import run

    full = search.solve(endgame(), SolveOptions(extra={"pv": False}))
    code, out, err = run([ENDGAME, "--json", "--no-store", "--max-nodes", str(int(full.nodes * 0.9))], capsys)
    got = json.loads(out)
    assert code == 0 and got["value"] == -43 and got["best"] == full.best and got["unfinished"], err
    assert got["notes"][0].startswith("stopped at") and "valued" in got["notes"][0]
    code, out, _ = run([ENDGAME, "--no-store", "--max-nodes", str(int(full.nodes * 0.9))], capsys)
    assert code == 0 and "not finished" in out
