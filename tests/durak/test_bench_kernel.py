"""Smoke tests of ``bench/bench_durak_kernel.py`` (the before-and-after figures of Durak's rules
kernel in BENCHMARKS.md): it runs a git revision's Durak modules beside this checkout's, and bad
input is one line and exit 2. (The compiled search's sections are left out here: they compile a
second copy of the search.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "bench_durak_kernel.py"
IN_GIT = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode == 0


@pytest.mark.skipif(not IN_GIT, reason="needs a git checkout (the old side is a git revision)")
def test_a_revisions_playout_engine_and_python_search_run_beside_this_checkouts() -> None:
    run = subprocess.run([sys.executable, str(BENCH), "--old", "HEAD", "--games", "3", "--repeat", "1",
                          "--only", "playout", "engine", "python", "--python-sizes", "3", "--positions", "2",
                          "--rounds", "2", "--compile", "0"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    rows = [r for r in run.stdout.splitlines() if r.startswith("| ") and "x** |" in r]  # the ratio rows
    assert len(rows) == 3  # playout, engine, Python search 3v3
    assert rows[0].startswith("| 3 seeded games x 1 rounds") and rows[2].startswith("| 3v3 | 2 x 2 |")
    assert "(equal)" in rows[2]


def test_the_python_and_the_compiled_playout_and_their_seat_answers_run_side_by_side() -> None:
    """No ``--old`` for this checkout's two native playouts (numba's cache holds the compiled one
    once tests/durak/test_engine_playout.py ran; else the script compiles it first)."""
    run = subprocess.run([sys.executable, str(BENCH), "--games", "3", "--repeat", "1", "--deals", "1",
                          "--only", "native", "seat"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    rows = [r for r in run.stdout.splitlines() if r.startswith("| ") and "x** |" in r]
    assert len(rows) == 2  # playouts, seat answers (all deals)
    assert rows[0].startswith("| 3 seeded games x 1 rounds") and rows[1].startswith("| all 1 | 100 |")
    assert "| 2026 | 100 |" in run.stdout and "| yes |" in run.stdout  # the same answer


@pytest.mark.parametrize("args", [[], ["--only", "native", "playout"], ["--old", "no-such-revision-anywhere"],
                                  ["--old", "HEAD", "--sizes", "19"],
                                  ["--old", "HEAD", "--compile", "-1"],
                                  ["--old", "HEAD", "--rounds", "0"], ["--old", "HEAD", "--only", "nothing"]])
def test_bad_arguments_are_one_line_and_exit_2(args: list[str]) -> None:
    run = subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert run.stdout == "" and run.stderr.count("\n") == 1
    assert run.stderr.startswith("bench_durak_kernel.py: error: ")
