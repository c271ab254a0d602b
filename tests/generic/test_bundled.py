"""What ships beside the code: ``foolsolve docs [NAME]`` lists the documentation pages or prints one,
``foolsolve examples`` lists the example positions with their paths, ``foolsolve.bundled_examples()``
gives those paths to Python, and a missing file named like an example is answered with its path."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import foolsolve
from foolsolve import bundled
from tests.generic.test_cli import assert_one_line_error, run

ROOT = Path(__file__).resolve().parents[2]


def test_docs_lists_every_page_with_its_title(capsys):
    code, out, _ = run(["docs"], capsys)
    assert code == 0
    names = {line.split()[0] for line in out.splitlines()[:-1]}
    assert names == {p.stem for p in (ROOT / "docs").glob("*.md")} | {"arena_bot_example.py"}
    assert re.search(r"^seat +Best moves from one seat", out, re.M)


@pytest.mark.parametrize("name", ["seat", "seat.md", "docs/seat.md"])
def test_docs_prints_a_page_by_any_name_messages_cite_it_by(capsys, name):
    code, out, _ = run(["docs", name], capsys)
    assert code == 0 and out == (ROOT / "docs" / "seat.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["arena_bot_example.py", "arena_bot_example", "docs/arena_bot_example"])
def test_docs_prints_the_bundled_program_with_or_without_its_suffix(capsys, name):
    """The one page that is a program, listed as ``arena_bot_example.py``, is printed by its name
    with or without the suffix, as a page is with or without ``.md``."""
    code, out, _ = run(["docs", name], capsys)
    assert code == 0 and out == (ROOT / "docs" / "arena_bot_example.py").read_text(encoding="utf-8")


def test_docs_of_an_unknown_page_is_one_line_naming_it_and_every_page(capsys):
    code, out, err = run(["docs", "nosuch"], capsys)
    assert out == ""
    assert_one_line_error(code, err, "'nosuch'", "arena,", "three-fools-notes", "views")


def test_examples_lists_each_example_with_its_game_and_an_existing_path(capsys):
    code, out, _ = run(["examples"], capsys)
    assert code == 0
    rows = [line.split() for line in out.splitlines() if not line.startswith(" ")]
    assert {row[0] for row in rows} == set(foolsolve.bundled_examples())
    for name, game, path in rows:
        assert Path(path).is_file() and json.loads(Path(path).read_text(encoding="utf-8"))["game"] == game, name
    # a file's own description (its "comment"), first sentence, under its line
    assert "Two players left in a four-player round" in out


def test_bundled_examples_are_the_package_files_by_name():
    found = foolsolve.bundled_examples()
    assert found["durak-endgame"] == ROOT / "foolsolve" / "examples" / "durak-endgame.json"
    assert found["views/foolery"] == ROOT / "foolsolve" / "examples" / "views" / "foolery.json"
    assert foolsolve.load(found["durak-endgame"]) is not None


def test_an_example_name_given_as_a_position_names_the_examples_path(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    where = str(bundled.bundled_examples()["durak-endgame"])
    for given in ("durak-endgame", "foolsolve/examples/durak-endgame.json"):
        code, _, err = run([given], capsys)
        assert_one_line_error(code, err, given, where)
    code, _, err = run(["other.json"], capsys)
    assert_one_line_error(code, err, "other.json")
    assert "bundled" not in err
