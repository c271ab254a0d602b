"""Every answer of ``foolsolve POSITION.json`` names its method, the exact ones included: for every
game with an exact solver (over the registry), an answer of that solver says which search it was,
that it is exact, and the concept where one applies, in the text output's ``Method:`` line (where
an answer from one seat puts its own: after the header), in ``method`` of ``--json``, in a batch's
records and on the ``report`` page, fresh and read back from the result store, also from a store
written before results carried their method (an adversarial user trial found exact answers naming
none)."""

from __future__ import annotations

import json
import sqlite3
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.positions import game_of, load_schema
from foolsolve.solver.base import SearchLimit, SolveOptions, method_of
from foolsolve.store import default_path, result_from_json
from foolsolve.worlds import is_view
from tests.generic.test_cli import run

EXAMPLES = Path(str(resources.files("foolsolve").joinpath("examples")))
SOLVED = [info.name for info in games.all_games() if info.has_solver]
BUDGET = 200_000
"""Nodes in which the exact solver must answer an example for the example to stand for its game."""


def exact_example(info: Any) -> Path:
    """The first bundled example of ``info``'s game (a full position) that its exact solver answers
    within :data:`BUDGET` nodes."""
    for path in sorted(EXAMPLES.glob("*.json")):
        obj = json.loads(path.read_text(encoding="utf-8"))
        if games.get(game_of(obj)) is not info or is_view(obj):
            continue
        try:
            info.solve(info.spec.state_from_json(obj), SolveOptions(max_nodes=BUDGET))
        except (InputError, SearchLimit):
            continue
        return path
    pytest.fail(f"{info.name}: no bundled example its exact solver answers within {BUDGET:,} nodes")


def _strip_methods(store: Path) -> int:
    """Every stored result without its ``method``, as a store written before results carried one
    holds it; returns how many rows there are."""
    db = sqlite3.connect(str(store))
    rows = db.execute("SELECT key, result FROM results").fetchall()
    for key, text in rows:
        obj = json.loads(text)
        obj.pop("method", None)
        db.execute("UPDATE results SET result = ? WHERE key = ?", (json.dumps(obj, sort_keys=True), key))
    db.commit()
    db.close()
    return len(rows)


def test_every_game_with_an_exact_solver_declares_its_method() -> None:
    for name in SOLVED:
        assert games.get(name).declared("solver_method") is not None, name


@pytest.mark.parametrize("game", SOLVED)
def test_an_exact_answer_names_its_method_in_text_json_batch_and_report(game: str, tmp_path: Path, capsys: Any) -> None:
    info = games.get(game)
    path = str(exact_example(info))
    code, text, err = run([path, "--time", "0"], capsys)  # solved here, and stored
    assert code == 0, err
    lines = text.splitlines()
    assert lines[1].startswith("Method: ") and lines[2].startswith("rules"), text
    method = lines[1].removeprefix("Method: ")
    assert "exact" in method and info.title in method  # the game's exact solver, exact
    assert "\nmethod: " not in text and "Note: method" not in text  # said once, on its line
    code, out, err = run([path, "--json", "--time", "0"], capsys)  # read back from the store
    assert code == 0, err
    result = json.loads(out)
    jsonschema.Draft202012Validator(load_schema("result.schema.json")).validate(result)
    assert result["stored"] is True and result["method"] == method
    assert "method" not in result.get("details", {})  # (the open-hand search's own method goes there)
    # the method the game's registry record names for the result, from the result alone
    assert method_of(info, result_from_json({k: v for k, v in result.items() if k != "method"})) == method
    infile = tmp_path / "in.jsonl"
    infile.write_text(json.dumps(path) + "\n", encoding="utf-8")
    out_file = tmp_path / "out.jsonl"
    code, _, err = run(["batch", str(infile), "--out", str(out_file)], capsys)
    assert code == 0, err
    record = json.loads(out_file.read_text(encoding="utf-8"))
    assert record["result"]["method"] == method
    page = tmp_path / "page.html"
    code, _, err = run(["report", path, "--out", str(page), "--time", "0"], capsys)
    assert code == 0, err
    assert f'<p id="method" data-kind="exact">Method: {escape(method)}</p>' in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", SOLVED)
def test_a_stored_answer_without_its_method_still_names_it(game: str, tmp_path: Path, capsys: Any) -> None:
    """A result stored before results carried their method is read with the method its game's
    exact solver names (the store is read under the solver version it was written with): the text,
    the JSON, a batch and ``solve A B`` all name it, and the stored row is left as it was."""
    info = games.get(game)
    path = str(exact_example(info))
    code, out, err = run([path, "--json", "--time", "0"], capsys)
    assert code == 0, err
    method = json.loads(out)["method"]
    infile = tmp_path / "in.jsonl"
    infile.write_text(json.dumps(path) + "\n", encoding="utf-8")
    code, _, err = run(["batch", str(infile), "--out", str(tmp_path / "first.jsonl")], capsys)
    assert code == 0, err
    store = default_path()
    assert _strip_methods(store) >= 1
    code, out, err = run([path, "--json", "--time", "0"], capsys)
    assert code == 0, err
    again = json.loads(out)
    assert again["stored"] is True and again["method"] == method
    code, text, err = run([path, "--time", "0"], capsys)
    assert code == 0 and text.splitlines()[1] == f"Method: {method}", err
    assert "read from the result store" in text
    code, _, err = run(["batch", str(infile), "--out", str(tmp_path / "again.jsonl")], capsys)
    assert code == 0, err
    record = json.loads((tmp_path / "again.jsonl").read_text(encoding="utf-8"))
    assert record["cached"] is True and record["result"]["method"] == method
    code, text, err = run(["solve", path, path], capsys)  # several positions: the batch's records, as text
    assert code == 0, err
    assert text.count(f"\nMethod: {method}\n") == 2
    db = sqlite3.connect(str(store))
    assert all("method" not in json.loads(r[0]) for r in db.execute("SELECT result FROM results"))
    db.close()


def test_a_result_straight_from_a_solver_prints_with_its_method() -> None:
    """``format_result`` of a result no command named (a game's solver function called directly)
    names the method all the same; the Python API's ``info.solve`` names it as the command line does;
    and the game over answer says nothing was searched."""
    from dataclasses import replace

    from foolsolve.cli import format_result
    from foolsolve.solver.base import GAME_OVER_METHOD

    info = games.get("durak")
    state = info.spec.state_from_json(json.loads((exact_example(info)).read_text(encoding="utf-8")))
    result = info.solve(state, SolveOptions())
    bare = replace(result, method=None)
    assert result.method == method_of(info, bare)
    assert format_result(info, state, bare).splitlines()[1] == f"Method: {method_of(info, bare)}"
    while info.spec.result(state) is None:
        state = info.spec.apply(state, info.spec.legal_moves(state)[0])
    over = info.solve(state, SolveOptions())
    assert over.method == GAME_OVER_METHOD
    assert format_result(info, state, replace(over, method=None)).splitlines()[1] == f"Method: {GAME_OVER_METHOD}"
