"""The Durak solver's two searches keep their tree: on the seeded positions of
tests/durak/data/nodes.json (bench positions at 6v6-8v8 and the solvable examples), recorded from
the code before the solver became a package, the Python search and the compiled search (one
thread) give the same root value, the same value for every move, and the same node counts.

A change meant to keep the search tree must keep every figure; one meant to change it regenerates
the file (``python tests/make_test_data.py durak-nodes``) and says so. The ``ci`` hypothesis profile
skips the Python search on the two positions that take it over 4 s (``long`` runs them all).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from foolsolve.engines.durak import from_spec_state
from foolsolve.solver.durak import Solver, compiled
from foolsolve.spec.durak import SPEC

DATA = json.loads((Path(__file__).parent / "data" / "nodes.json").read_text())
ROWS = {row["name"]: row for row in DATA["positions"]}
PYTHON_NODES_CI = 200_000
"""In the ``ci`` profile the Python search runs only positions that took it at most this many nodes."""
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"



def search_figures(make, s) -> dict:
    """What tests/make_test_data.py records for a search (``make()`` gives a fresh one)."""
    eg = make()
    value = eg.value(s)
    value_nodes = eg.nodes
    eg = make()
    moves = [v for _, v in eg.move_values(s)]
    return {"value": value, "value_nodes": value_nodes, "move_values": moves, "move_nodes": eg.nodes}


def test_the_recorded_set_covers_the_bench_sizes_and_both_searches() -> None:
    names = list(ROWS)
    assert sum(n.startswith("bench 8v8") for n in names) == 6 and sum(n.startswith("bench 6v6") for n in names) == 6
    assert sum("compiled" in row for row in ROWS.values()) >= 20
    assert any("compiled" not in row for row in ROWS.values())  # a stock card: the Python search alone


@pytest.mark.parametrize("name", [n for n, row in ROWS.items() if "compiled" in row])
def test_the_compiled_search_is_the_recorded_tree(name: str) -> None:
    row = ROWS[name]
    s = from_spec_state(SPEC.state_from_json(row["position"]))
    size = (s.hands[0] | s.hands[1] | s.tatt | s.tcov).bit_count()
    got = search_figures(lambda: compiled.JitEndgame(s.er, s.trump, threads=1, cards=size), s)
    assert got == row["compiled"]


@pytest.mark.parametrize("name", list(ROWS))
def test_the_python_search_is_the_recorded_tree(name: str) -> None:
    row = ROWS[name]
    want = row["python"]
    if not LONG and want["value_nodes"] + want["move_nodes"] > PYTHON_NODES_CI:
        pytest.skip("over the ci profile's node budget (HYPOTHESIS_PROFILE=long runs it)")
    s = from_spec_state(SPEC.state_from_json(row["position"]))
    assert search_figures(lambda: Solver(s.er, s.trump), s) == want
