"""A Durak solve stopped by its node or time limit, or by Ctrl-C, keeps what it proved
(``SearchLimit.partial``, ``Interrupted``): the moves it valued, the bounds of the others, and the
position's value where those decide it. Checked against the finished solve of the same position
(itself checked against retrograde analysis in test_solver_crosscheck.py), for the Python search
and the compiled one; then what the command line and ``batch`` make of it."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest

from foolsolve.engines.durak import from_spec_state
from foolsolve.positions import load_schema
from foolsolve.solver import open_hand
from foolsolve.solver.base import Interrupted, SearchLimit, SolveOptions
from foolsolve.solver.durak import WIN, Reductions, solve
from foolsolve.solver.durak.search import RootPlan
from foolsolve.spec.durak import SPEC
from tests.generic.partial_helpers import ORDER, check_partial, proved_reports
from tests.generic.test_cli import run

FRACTIONS = (0.1, 0.3, 0.5, 0.7, 0.9)


def endgame(k: int, seed: int) -> dict:
    """bench/bench_durak.py's deck-empty podkidnoy position ``k`` v ``k`` of ``2026:seed``."""
    from foolsolve.cards import FRENCH36, FRENCH_SUITS

    rng = random.Random(f"2026:{seed}")
    cards = list(FRENCH36.cards)
    rng.shuffle(cards)
    return {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": rng.choice(FRENCH_SUITS),
            "hands": [[c.ascii for c in cards[:k]], [c.ascii for c in cards[k:2 * k]]],
            "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


def stopped(state, options: SolveOptions):
    try:
        solve(state, options)
    except SearchLimit as exc:
        assert exc.partial is not None
        return exc.partial
    return None


@pytest.mark.parametrize("k,seed", [(6, 1), (6, 3), (6, 5), (7, 2), (7, 5)])
def test_a_search_stopped_by_its_node_limit_keeps_what_it_proved(k, seed):
    state = SPEC.state_from_json(endgame(k, seed))
    extra = {"jit": False, "pv": False}
    full = solve(state, SolveOptions(extra=extra))
    kinds = set()
    for f in FRACTIONS:
        partial = stopped(state, SolveOptions(max_nodes=max(1, int(full.nodes * f)), extra=extra))
        assert partial is not None
        check_partial(partial, full)
        kinds.add(partial.value is not None)
        kinds.add(("bounded", any(ORDER[m.at_least] > -1 or ORDER[m.at_most] < 1 for m in partial.unfinished)))
    if full.value == "win":  # a won position's value is proved by its first winning move
        assert True in kinds


def test_the_compiled_search_stopped_by_its_node_limit_keeps_what_it_proved():
    state = SPEC.state_from_json(endgame(8, 5))
    extra = {"jit": True, "pv": False}
    full = solve(state, SolveOptions(extra=extra))
    seen_value = seen_bound = False
    for f in FRACTIONS:
        partial = stopped(state, SolveOptions(max_nodes=max(1, int(full.nodes * f)), extra=extra))
        if partial is None:  # (two threads unless max_nodes: the full solve's count is not this one's)
            continue
        check_partial(partial, full)
        seen_value |= partial.value is not None
        seen_bound |= any(ORDER[m.at_least] > -1 or ORDER[m.at_most] < 1 for m in partial.unfinished)
    assert seen_value or seen_bound


def test_the_bounds_of_a_running_move_are_kept():
    """``seen``: an answered question about a move still searched narrows its bounds."""
    s = from_spec_state(SPEC.state_from_json(endgame(7, 5)))
    plan = RootPlan(s, Reductions())
    i = next(j for j, c in enumerate(plan.children) if c.to_move != plan.me)
    plan.bound(i, -1, 0)  # the opponent's value at most a draw: the move is at least a draw
    value, bounds = plan.partial()
    assert bounds[i][1:] == (0, 1) and value is None
    plan.put(i, WIN)
    value, bounds = plan.partial()
    assert value == WIN and bounds[i][1:] == (WIN, WIN)


def test_lead_subsets_bound_the_parts_and_wholes_of_a_lead():
    """A part of a lead is worth at least the whole, the whole at most each part."""
    s = from_spec_state(SPEC.state_from_json(endgame(7, 5)))
    plan = RootPlan(s, Reductions())
    whole = next(i for i, ps in enumerate(plan.smaller) if ps)
    part = plan.smaller[whole][0]
    plan.values[whole] = 0  # as put() leaves it, without put()'s own bounding
    _, bounds = plan.partial()
    assert bounds[part][1] >= 0
    plan.values[whole] = None
    plan.values[part] = -1
    _, bounds = plan.partial()
    assert bounds[whole][2] <= -1


def test_ctrl_c_keeps_what_was_proved():
    state = SPEC.state_from_json(endgame(7, 5))
    extra = {"jit": False, "pv": False}
    full = solve(state, SolveOptions(extra=extra))

    def tick(nodes: int) -> None:
        if nodes >= full.nodes * 0.8:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as exc:
        solve(state, SolveOptions(progress=tick, extra=extra))
    check_partial(exc.value.partial, full)
    assert exc.value.partial.value == "win" and exc.value.partial.best


@pytest.mark.parametrize("jit", [False, True])
def test_each_move_valued_is_reported_as_proved(jit):
    """``SolveOptions.proved``: what the command line reads to let a solve that has proved the
    value and a best move go on for the whole --time."""
    _, got = proved_reports(solve, SPEC.state_from_json(endgame(8 if jit else 7, 5)), {"jit": jit, "pv": False})
    assert any(p.value is not None and p.unfinished for p in got)


def test_a_search_that_has_proved_the_value_and_a_best_move_gets_the_whole_time(monkeypatch):
    """open_hand.timed: past the exact solver's share of --time it stops the search, unless the
    value and a best move are proved, which lets it go on until all of --time has passed."""
    now = [100.0]
    monkeypatch.setattr(open_hand.time, "perf_counter", lambda: now[0])
    answered = [False]
    tick = open_hand.timed(None, 110.0, (120.0, lambda: answered[0]))
    tick(1)  # before the share's end
    now[0] = 111.0
    with pytest.raises(open_hand.OutOfBudget):
        tick(2)
    answered[0] = True
    tick(3)  # proved: goes on
    now[0] = 121.0
    with pytest.raises(open_hand.OutOfBudget):
        tick(4)
    assert open_hand.timed(None, None)(5) is None  # no deadline at all


def cli_nodes(full_nodes: int, f: float) -> int:
    """``--max-nodes`` that gives the exact solver ``f`` of ``full_nodes``."""
    return int(full_nodes * f / open_hand.DEFAULT_BUDGET.exact_share) + 1


def test_the_command_line_prints_the_value_and_best_moves_proved(tmp_path, capsys):
    path = tmp_path / "won.json"
    path.write_text(json.dumps(endgame(7, 5)))
    full = solve(SPEC.state_from_json(endgame(7, 5)), SolveOptions(extra={"jit": False, "pv": False}))
    argv = [str(path), "--no-store", "--max-nodes", str(cli_nodes(full.nodes, 0.7))]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert "Value: win" in out and "not finished)" in out and "Note: stopped at" in out
    assert "depth-limited" not in out
    code, out, err = run([*argv, "--json"], capsys)
    result = json.loads(out)
    jsonschema.Draft202012Validator(load_schema("result.schema.json")).validate(result)
    assert result["value"] == "win" and result["unfinished"] and result["best"]
    truth = {m.move: m.value for m in full.moves}
    assert all(truth[m["move"]] == m["value"] for m in result["moves"])


def test_the_command_line_falls_back_to_the_estimate_with_what_was_proved(tmp_path, capsys):
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(endgame(7, 0)))  # a loss: proved only when every move is
    full = solve(SPEC.state_from_json(endgame(7, 0)), SolveOptions(extra={"jit": False, "pv": False}))
    argv = [str(path), "--no-store", "--max-nodes", str(cli_nodes(full.nodes, 0.9))]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert "depth-limited" in out and "proved exactly before it stopped: " in out
    # the estimate shows what was proved: every move the stopped solve valued has its exact value
    # (a loss: -1), and the moves named best are those of the highest value shown
    exact_nodes = int(cli_nodes(full.nodes, 0.9) * open_hand.DEFAULT_BUDGET.exact_share)  # as solve_or_answer
    partial = stopped(SPEC.state_from_json(endgame(7, 0)), SolveOptions(max_nodes=exact_nodes, extra={"pv": False}))
    assert partial is not None and partial.moves and not partial.answers()
    code, out, err = run([*argv, "--json"], capsys)
    result = json.loads(out)
    shown = {m["move"]: m["value"] for m in result["moves"]}
    assert all(shown[m.move] == -1 for m in partial.moves)
    assert any("the exact solver's proofs replace the estimates" in n for n in result["notes"])
    assert set(result["best"]) == {m for m, v in shown.items() if v == max(shown.values())}
    assert not set(result["best"]) & {m.move for m in partial.moves} or max(shown.values()) == -1


def test_ctrl_c_on_the_command_line_prints_what_was_proved(tmp_path, capsys, monkeypatch):
    path = tmp_path / "won.json"
    path.write_text(json.dumps(endgame(7, 5)))
    state = SPEC.state_from_json(endgame(7, 5))
    full = solve(state, SolveOptions(extra={"jit": False, "pv": False}))
    partial = stopped(state, SolveOptions(max_nodes=int(full.nodes * 0.7), extra={"jit": False, "pv": False}))
    assert partial is not None and partial.best

    def interrupted(*args, **kwargs):
        raise Interrupted(partial)

    monkeypatch.setattr(open_hand, "solve_or_answer", interrupted)
    code, out, err = run([str(path), "--no-store"], capsys)
    assert code == 130 and "interrupted" in err
    assert "Value: win" in out and "Note: interrupted (Ctrl-C)" in out and "not finished)" in out


def test_a_batch_line_stopped_after_the_value_gives_the_partial_result_never_stored(tmp_path, capsys):
    lines = tmp_path / "jobs.jsonl"
    lines.write_text(json.dumps(endgame(7, 5)) + "\n")
    store = tmp_path / "store.sqlite"
    full = solve(SPEC.state_from_json(endgame(7, 5)), SolveOptions(extra={"jit": False, "pv": False}))
    argv = ["batch", str(lines), "--max-nodes", str(int(full.nodes * 0.7)), "--store", str(store),
            "-o", "jit=false"]
    for _ in range(2):  # the second run reads nothing from the store: the first stored nothing
        code, out, err = run(argv, capsys)
        assert code == 0, err
        record = json.loads(out.splitlines()[0])
        assert record["cached"] is False
        result = record["result"]
        assert result["value"] == "win" and result["unfinished"] and "max-nodes" in result["notes"][0]
