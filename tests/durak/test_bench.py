"""Smoke tests of ``bench/bench_durak.py``: the script BENCHMARKS.md's Durak figures come from must
run with the options it documents (several sizes, node limits, a baseline checkout, value only, the
two raced move orders, the spec's JSON round trip) and turn bad input into one line and exit 2.

A bench run with several sizes (``--sizes 4 6``) runs every size: a row's "max nodes" text is kept
out of the ``max_nodes`` argument, which the next size passes on as a node limit."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_durak.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_durak_under_test", BENCH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_durak_under_test"] = mod
    spec.loader.exec_module(mod)
    return mod


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip("|").split("|")]


@pytest.mark.parametrize("max_nodes", [None, 10**6])
def test_several_sizes_in_one_run(bench: ModuleType, max_nodes: int | None) -> None:
    rows = bench.bench_solver([3, 4], 3, 11, max_nodes=max_nodes)
    assert [_cells(r)[0] for r in rows] == ["3v3", "4v4"]
    for r in rows:
        assert "unfinished" not in r
        w, d, lo = map(int, _cells(r)[-1].split("/"))
        assert w + d + lo == 3


def test_a_node_limit_leaves_solves_unfinished(bench: ModuleType) -> None:
    rows = bench.bench_solver([5, 6], 2, 11, max_nodes=1)
    assert len(rows) == 2
    assert all("(2 unfinished)" in r for r in rows)


def test_value_only_and_the_python_search_agree_with_the_full_solve(bench: ModuleType) -> None:
    full = bench.bench_solver([4], 4, 5)
    side = bench.bench_solver([4], 4, 5, value_only=True, vs_python=True)
    assert [_cells(r)[0] for r in side] == ["python value only 4v4", "current value only 4v4",
                                            "4v4: python / current time, per position"]
    assert _cells(side[0])[-1] == _cells(side[1])[-1] == _cells(full[0])[-1]


def test_a_baseline_checkout_solves_in_its_own_process_side_by_side(bench: ModuleType) -> None:
    """``--baseline-python``: the Python of a venv with another checkout installed (here this
    one's) solves the same positions in a second process, taking turns with the current solver,
    and the rows agree (the script stops on any value that differs)."""
    rows = bench.bench_solver([4], 3, 5, jit=False, baseline_python=sys.executable)
    assert [_cells(r)[0] for r in rows] == ["baseline 4v4", "current 4v4", "4v4: baseline / current time, per position"]
    assert _cells(rows[0])[-1] == _cells(rows[1])[-1]
    assert _cells(rows[0])[4:6] == _cells(rows[1])[4:6]  # median and max nodes: the same search, node for node


def test_a_baseline_python_that_is_not_a_file_is_a_one_line_error(bench: ModuleType, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        bench.bench_solver([4], 1, 5, jit=False, baseline_python=str(tmp_path / "python"))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--baseline-python" in err and "is not a file" in err


def test_each_raced_move_order_alone_values_every_move_as_the_python_search(bench: ModuleType) -> None:
    """``--orders``: each order, alone on one thread, values a seeded 7v7 position's moves as the
    Python search does, and a cap stops a search as unfinished."""
    from foolsolve.engines.durak import from_spec_state
    from foolsolve.solver.durak import Solver
    from foolsolve.spec.durak import SPEC

    s = from_spec_state(SPEC.state_from_json(bench.endgame(7, random.Random("2026:7"))))
    want = [v for _, v in Solver(s.er, s.trump).move_values(s)]
    for pass_first in (False, True):
        _, nodes, values = bench.one_thread(s, pass_first, 600)
        assert values == want and nodes is not None and nodes > 0
    s10 = from_spec_state(SPEC.state_from_json(bench.endgame(10, random.Random("2026:10"))))
    assert bench.one_thread(s10, False, 0.2)[1:] == (None, None)


def test_the_specs_json_round_trip_and_minimax_rows(bench: ModuleType) -> None:
    rows = bench.bench_spec_io(round_trips=20)
    assert rows[2].startswith("| position JSON round trip") and "ms per state" in rows[2]
    assert "durak-endgame.json" in rows[3] and "states in" in rows[3]


def test_the_answers_rows_say_what_foolsolve_answered(bench: ModuleType) -> None:
    rows = bench.bench_answers([4], 2, 11)
    assert len(rows) == 4
    for r in rows[2:]:
        size, _, kind, valued, value, _ = _cells(r)
        assert size == "4v4" and kind == "exact" and value in ("win", "draw", "loss")
        done, total = valued.split(" of ")
        assert done == total and int(total) > 0


def test_the_distances_rows_count_the_positions_given_distances(bench: ModuleType) -> None:
    rows = bench.bench_distances([3, 7], 3, 11)
    assert len(rows) == 4 and "budget 60,000 positions" in rows[0]
    size, computed, skipped, median, worst = _cells(rows[2])
    assert size == "3v3" and computed == "3 of 3" and skipped == "0" and 0 <= float(median) <= float(worst)
    size, computed, skipped, median, worst = _cells(rows[3])
    assert size == "7v7" and computed == "0 of 3" and skipped == "3" and 0 <= float(median) <= float(worst)


@pytest.mark.parametrize("args", [["--sizes", "0"], ["--sizes", "19"], ["--positions", "x"], ["--cap", "-1"],
                                  ["--vs-reductions", "[1"], ["--no-such-option"]])
def test_bad_arguments_are_one_line_and_exit_2(args: list[str]) -> None:
    run = subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert run.stdout == "" and run.stderr.count("\n") == 1 and run.stderr.startswith("bench_durak.py: error: ")


def test_the_estimates_rows_score_the_best_moves_against_exact_values(bench: ModuleType) -> None:
    # 3v3 positions: within 5 s the depth-limited search covers the whole game, so its answer is
    # exact and every best move it names is optimal (regret 0); a legal move at random is not
    rows = bench.bench_estimates([3], 12, 11, 5.0, ["random:2", "greedy:1"], cap=60.0)
    n = int(rows[0].split()[0])
    assert n > 0 and "seed 11" in rows[0]
    for row in rows[4:6]:
        variant, optimal, other, regret, depth, _ = _cells(row)
        assert variant in ("random:2", "greedy:1")
        assert optimal == f"{n} of {n}" and other == "0" and regret == "0.000" and int(depth) >= 1
    blind = _cells(rows[6])
    assert blind[0] == "a legal move at random" and float(blind[3]) > 0
    assert rows[7] == f"\ngreedy:1 against random:2, position by position: lower regret on 0, higher on 0, equal on {n}"


@pytest.mark.parametrize("variant", ["chess", "random:0", "random:x"])
def test_a_bad_estimate_variant_is_one_line_and_exit_2(variant: str) -> None:
    run = subprocess.run([sys.executable, str(BENCH), "--estimates", "--variants", variant], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("bench_durak.py: error: --variants")
