"""Three Fools' solver within its bounds, and the options it reads only with another.

The round odds with strategy tables enumerate the followers' unseen hands (up to ``-o limit``
deals): with a large limit that ran for minutes, ``--time``, ``-o time``, ``--max-nodes``,
``-o max_nodes`` and the default 20 s all ignored, and it counted one node per leader choice
whatever it enumerated. Now a node is a deal enumerated or a round valued, the node budget is exact,
and the time is checked at every progress report, as in every other solver (the command line then
answers with the open-hand search, saying why). Options that modify another one not given
(``leader_strategy`` without ``best_response``, ``lying_cost`` and ``epsilon`` without
``equilibrium=true``, the round odds' options with it) are one-line errors; ``limit`` where no deal is
enumerated is noted as not applied.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from foolsolve.errors import InputError
from foolsolve.solver.base import SearchLimit, SolveOptions, with_limits
from foolsolve.solver.three_fools.odds import solve
from foolsolve.spec.three_fools import SPEC
from tests.generic.test_cli_bad_input import assert_one_line_error, cli
from tests.three_fools.test_solver import SMALL, TABLE

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
LIAR = str(EXAMPLES / "three-fools-liar.json")
FIRST = str(EXAMPLES / "three-fools-first-round.json")
TABLES = {"strategies": {"1": {"up P": {"5P": 1}}}, "limit": 100_000_000}
"""A strategy table on the liar example: far more deals than a minute enumerates."""
TABLE_ARGS = ["-o", f"strategies={json.dumps(TABLES['strategies'])}", "-o", "limit=100000000"]


def _state(path: str):
    return SPEC.state_from_json(json.loads(Path(path).read_text()))


def _run(argv: list[str], timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    """``foolsolve ARGV`` in a process of its own (a solver that does not stop would never return:
    a time-out fails the test instead of hanging it)."""
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "foolsolve", *argv, "--no-store"], capture_output=True, text=True,
                          timeout=timeout, env={**__import__("os").environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"})
    return proc, time.monotonic() - t0


def test_strategy_tables_stop_at_the_time_given():
    proc, seconds = _run([LIAR, *TABLE_ARGS, "--time", "1"])
    assert proc.returncode == 0, proc.stderr
    assert "Note: the exact solver did not finish within 0.5 s (--time 1)" in proc.stdout
    assert seconds < 60  # (a start and a second's work, on a loaded machine; unstopped, it never ends)


def test_strategy_tables_stop_at_the_solver_option_time():
    """-o time=1 stops the tables, not --time's share (half of it, counted from the command's start of
    the answer, a loaded machine's slow load of the solver included): that share is far later here."""
    proc, _ = _run([LIAR, *TABLE_ARGS, "-o", "time=1", "--time", "60"], timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Note: the exact solver did not finish within 1 s (-o time=1)" in proc.stdout


def test_strategy_tables_stop_at_the_node_budget():
    proc, _ = _run([LIAR, *TABLE_ARGS, "--max-nodes", "10"])
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().startswith("foolsolve: error: --max-nodes: no open-hand answer within")
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "the exact solver did not finish within 5 nodes (--max-nodes 10)" in proc.stderr
    # -o max_nodes bounds the open-hand search that follows too: no answer within 10 nodes, said in one line
    proc, _ = _run([LIAR, *TABLE_ARGS, "-o", "max_nodes=10", "--time", "2"])
    assert proc.returncode == 2 and proc.stdout == "" and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "the exact solver did not finish within 10 nodes (-o max_nodes=10)" in proc.stderr


@pytest.fixture
def watchdog():
    """A solve that does not stop fails the test after 30 s instead of hanging it."""
    def fire(signum, frame):
        raise AssertionError("the solve did not stop within 30 s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_the_solver_stops_in_its_loops_by_time_and_by_nodes(watchdog):
    state = _state(LIAR)
    t0 = time.monotonic()
    with pytest.raises(SearchLimit) as exc:
        solve(state, with_limits(SolveOptions(extra=dict(TABLES), time_limit=0.5)))
    assert exc.value.option == "time" and time.monotonic() - t0 < 10
    with pytest.raises(SearchLimit) as exc:
        solve(state, SolveOptions(extra=dict(TABLES), max_nodes=1000))
    assert exc.value.option == "nodes"


@pytest.mark.parametrize(("small", "extra"), [(False, {}), (False, {"best_response": 1, "leader_strategy": "truthful"}),
                                              (True, {"strategies": TABLE}),
                                              (True, {"best_response": 1, "leader_strategy": {"keep; lead 1R as R": 1}})])
def test_the_node_count_is_every_round_valued_and_the_budget_is_exact(small, extra):
    """The closed form values ``cards x cards`` rounds a choice (it said 24 nodes for them all), a
    table enumerates deals too; a budget of exactly the count the solve reports finishes, one node
    less stops it."""
    state = SPEC.state_from_json(SMALL) if small else _state(FIRST)
    result = solve(state, SolveOptions(extra=dict(extra)))
    if not extra:
        assert result.nodes == 24 * 40 * 41  # 24 choices; the followers' cards: 40 x 41 pairs
    assert result.nodes > len(result.moves)
    assert solve(state, SolveOptions(extra=dict(extra), max_nodes=result.nodes)).nodes == result.nodes
    with pytest.raises(SearchLimit):
        solve(state, SolveOptions(extra=dict(extra), max_nodes=result.nodes - 1))


def test_the_closed_form_takes_the_time_and_the_node_budget():
    """``--max-nodes 3``, ``-o max_nodes=1`` and ``-o time=0.0001`` answered the full odds (24 nodes
    in 0.6 s), not a word said."""
    assert_one_line_error([FIRST, "--no-store", "--max-nodes", "3"], "--max-nodes: no open-hand answer within",
                          "the exact solver did not finish within 1 node (--max-nodes 3)")
    # -o max_nodes and -o time bound the open-hand search that follows too (as --max-nodes does): neither
    # finds an answer within them, and the error names the option and the exact solver's stop
    assert_one_line_error([FIRST, "--no-store", "-o", "max_nodes=1", "--time", "1"],
                          "-o max_nodes=1: no open-hand answer within 1 node", "the exact solver did not finish within 1 node "
                          "(-o max_nodes=1)")
    # -o time bounds it by a time: the first pass, one playout a move, is finished past it, and the
    # answer is that estimate, noted, not an error
    code, out, err = cli([FIRST, "--no-store", "-o", "time=0.0001", "--time", "1"])
    assert code == 0, err
    assert "the exact solver did not finish within 0.0001 s (-o time=0.0001)" in out
    assert "that pass finished past the time" in out


@pytest.mark.parametrize(("extra", "said"), [
    ({"leader_strategy": "truthful"}, "option leader_strategy: the leader's play that a follower's best response "
                                      "answers, read only with best_response=SEAT"),
    ({"leader_strategy": {"keep; lead 4S as S": 1}}, "read only with best_response=SEAT"),
    ({"epsilon": "1/10"}, "option epsilon: the largest gain the equilibrium's check allows a deviation, read only "
                          "with equilibrium=true"),
    ({"lying_cost": "1/3"}, "option lying_cost: the lying penalty's cost to the leader in the equilibrium, read only "
                            "with equilibrium=true"),
    ({"lying_cost": "1/3", "equilibrium": False}, "option lying_cost: "),
    ({"equilibrium": True, "viewer": 0}, "option viewer (the round odds from a seat): read by the round odds only"),
    ({"equilibrium": True, "limit": 5}, "option limit (the round odds' limit): read by the round odds only"),
    ({"equilibrium": True, "strategies": {"1": {"up P": {"5P": 1}}}}, "option strategies "),
    ({"equilibrium": True, "best_response": 1}, "option best_response "),
])
def test_an_option_that_modifies_one_not_given_is_an_error(extra, said):
    with pytest.raises(InputError, match=re.escape(said)):
        solve(_state(FIRST), SolveOptions(extra=extra))


@pytest.mark.parametrize("option", ["leader_strategy=truthful", "epsilon=0.1", "lying_cost=1/3"])
def test_the_command_line_says_so_in_one_line(option):
    assert_one_line_error([FIRST, "--no-store", "-o", option], f"option {option.split('=')[0]}: ")


def test_limit_without_a_deal_enumerated_is_noted_and_with_one_it_is_not():
    note = "not applied: -o limit"
    closed = solve(_state(FIRST), SolveOptions(extra={"limit": 1}))
    assert any(n.startswith(note) for n in closed.notes)
    tables = solve(SPEC.state_from_json(SMALL), SolveOptions(extra={"limit": 10**6, "strategies": TABLE}))
    assert not any(n.startswith(note) for n in tables.notes)
    code, out, _ = cli([FIRST, "--no-store", "-o", "limit=1"])
    assert code == 0 and f"Note: {note} (" in out


def test_the_equilibrium_stops_within_the_time_even_while_pygambit_solves(monkeypatch, watchdog):
    """pygambit's solve cannot be stopped half-way, and it ran in the solver's own process: a
    ``time_limit`` (``--time``) was looked at only between its solves, and a Ctrl-C not at all
    (on a two-core machine, up to about 1.5 s a solve, four regret targets; ``time_limit=0.25``
    took 3.5 s on a hand of five). It runs in a process of its own now, ended when the limit passes.
    Here pygambit's solve takes 25 s (a stand-in): the solve stops at the limit, its process gone."""
    import multiprocessing

    gbt = pytest.importorskip("pygambit")

    def slow(game, maxregret):
        time.sleep(25)
        raise AssertionError("pygambit's solve was waited for")

    monkeypatch.setattr(gbt.nash, "logit_solve", slow)
    t0 = time.monotonic()
    with pytest.raises(SearchLimit) as exc:
        solve(_state(LIAR), with_limits(SolveOptions(extra={"equilibrium": True}, time_limit=0.3)))
    # far less than the stand-in's 25 s (the bound leaves a loaded machine room to start and end the process)
    assert exc.value.option == "time" and time.monotonic() - t0 < 15
    assert not multiprocessing.active_children()


def test_round_odds_stopped_by_a_limit_keep_the_choices_they_finished():
    """Round odds stopped by their time or node limit (or Ctrl-C) said nothing of the choices they
    had valued. Now the limit carries them (``SearchLimit.partial``): every choice finished with its
    exact odds (the full solve's), the others unfinished with the bounds every choice has, and no
    value or best choice, which an unfinished choice could change; stopped in the best response, the
    round odds (all finished) answer, saying the best response is not finished."""
    state = SPEC.state_from_json(SMALL)
    extra = {"strategies": TABLE}
    full = solve(state, SolveOptions(extra=dict(extra)))
    exact = {m.move: m.value for m in full.moves}
    with pytest.raises(SearchLimit) as exc:
        solve(state, SolveOptions(extra=dict(extra), max_nodes=full.nodes // 2))
    partial = exc.value.partial
    assert partial is not None and partial.value is None and partial.best == [] and not partial.answers()
    assert partial.moves and partial.unfinished
    assert {m.move: m.value for m in partial.moves} == {m.move: exact[m.move] for m in partial.moves}
    assert sorted([m.move for m in partial.moves] + [b.move for b in partial.unfinished]) == sorted(exact)
    assert all(b.at_least["win"] == "0" and b.at_most["win"] == "1" for b in partial.unfinished)
    assert "round odds of" in partial.notes[-1] and "each exact" in partial.notes[-1]

    extra = {"strategies": TABLE, "best_response": 1}
    whole = solve(state, SolveOptions(extra=dict(extra)))
    with pytest.raises(SearchLimit) as exc:
        solve(state, SolveOptions(extra=dict(extra), max_nodes=full.nodes + (whole.nodes - full.nodes) // 2))
    partial = exc.value.partial
    assert partial is not None and partial.answers() and partial.moves == full.moves and not partial.unfinished
    assert partial.notes[-1].startswith("best response of player 1: not finished")


def test_leader_strategy_without_best_response_names_the_options_parameter_from_python():
    """From :func:`foolsolve.answer` the error names ``options`` wherever it names the solver's
    options; the command names ``-o``."""
    import foolsolve
    from foolsolve.errors import InputError

    with pytest.raises(InputError) as caught:
        foolsolve.answer(FIRST, options={"leader_strategy": "truthful"})
    message = str(caught.value)
    assert "options best_response=SEAT" in message and "-o" not in message, message
    assert_one_line_error([FIRST, "--no-store", "-o", "leader_strategy=truthful"], "-o best_response=SEAT")
