"""Smoke tests of ``bench/bench_durak.py``: the script BENCHMARKS.md's Durak figures come from must
run with the options it documents (several sizes, node limits, baseline, value only).

A bench run with ``--sizes 4 6`` used to crash after the first size: a row's "max nodes" text was
written into the ``max_nodes`` argument, which the next size then passed on as a node limit."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_durak.py"
SOLVER = Path(__file__).resolve().parent.parent / "solver" / "durak" / "search.py"


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


def test_baseline_and_value_only_agree_with_the_full_solve(bench: ModuleType) -> None:
    full = bench.bench_solver([4], 4, 5)
    side = bench.bench_solver([4], 4, 5, baseline=str(SOLVER), value_only=True)
    assert [_cells(r)[0] for r in side] == ["baseline value only 4v4", "current value only 4v4",
                                            "4v4: baseline / current time, per position"]
    assert _cells(side[0])[-1] == _cells(side[1])[-1] == _cells(full[0])[-1]


def test_a_baseline_tree_solves_in_its_own_process_side_by_side(bench: ModuleType) -> None:
    """``--baseline-tree``: another checkout (here this one) solves the same positions in a second
    process, taking turns with the current solver, and the rows agree (the script stops on any
    value that differs)."""
    rows = bench.bench_solver([4], 3, 5, jit=False, baseline_tree=str(BENCH.parent.parent))
    assert [_cells(r)[0] for r in rows] == ["baseline 4v4", "current 4v4", "4v4: baseline / current time, per position"]
    assert _cells(rows[0])[-1] == _cells(rows[1])[-1]
    assert _cells(rows[0])[4:6] == _cells(rows[1])[4:6]  # median and max nodes: the same search, node for node


def test_a_baseline_tree_that_is_not_a_checkout_is_a_one_line_error(bench: ModuleType, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        bench.bench_solver([4], 1, 5, jit=False, baseline_tree=str(tmp_path))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--baseline-tree" in err and "not a foolsolve checkout" in err
