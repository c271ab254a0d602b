"""The reference data shipped with the package (foolsolve/data, foolsolve.reference): every game's
perft file and playthroughs found, each position complete (the spec's standard form with every rule
option written out, so an engine reading it needs no defaults), each file valid against its schema,
and ``foolsolve perft --list`` printing the same paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foolsolve import games, reference
from foolsolve.errors import InputError
from foolsolve.positions import validate_schema
from foolsolve.rules import options_of
from tests.generic.test_cli import assert_one_line_error, run


def _positions(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    if "positions" in data:
        return data["game"], [(e["name"], e["position"]) for e in data["positions"]]
    return data["game"], [("start", data["start"]), ("end", data["end"])]


@pytest.mark.parametrize("path", reference.files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_stored_position_is_complete(path):
    game, positions = _positions(path)
    spec = games.get(game).spec
    names = [o.name for o in options_of(spec.rules_cls)]
    fix = "run: python tests/make_test_data.py complete (every stored position rewritten with every rule option)"
    for name, position in positions:
        assert reference.complete(position) == position, f"{name}: not complete; {fix}"
        assert list(position["rules"]) == names, f"{name}: not every rule option in the declared order; {fix}"


def test_complete_writes_every_rule_option_and_reads_back_as_the_same_position():
    import random

    for info in games.all_games():
        spec = info.spec
        standard = spec.state_to_json(spec.deal(spec.rules_cls(), spec.min_players, random.Random(0)))
        full = reference.complete({**standard, "rules": {}})  # every option at its default, left out
        assert list(full["rules"]) == [o.name for o in options_of(spec.rules_cls)], info.name
        assert {k: v for k, v in full.items() if k != "rules"} == {k: v for k, v in standard.items() if k != "rules"}
        assert spec.state_to_json(spec.state_from_json(full)) == standard
    with pytest.raises(InputError, match=r"^position: expected a position file's JSON object"):
        reference.complete("durak-endgame.json")


@pytest.mark.parametrize("path", reference.files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_file_matches_its_schema(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    validate_schema(data, "perft.schema.json" if path.parent.name == "perft" else "playthrough.schema.json")


def test_every_game_has_a_perft_file_and_the_files_are_listed_per_game():
    assert [p.stem for p in reference.perft_files()] == sorted(i.name for i in games.all_games())
    for info in games.all_games():
        assert reference.perft_files(info.name) == [reference.DATA / "perft" / f"{info.name}.json"]
        assert all(p.name.startswith(f"{info.name}-seed") for p in reference.playthrough_files(info.name))
    assert reference.playthrough_files("durak") and sum(map(len, map(reference.playthrough_files, games.names()))) \
        == len(reference.playthrough_files())


def test_a_bad_game_is_an_input_error():
    with pytest.raises(InputError, match=r"^game: expected"):
        reference.files(3)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="nosuch"):
        reference.perft_files("nosuch")


def test_perft_list_prints_every_file_one_a_line(capsys):
    code, out, _ = run(["perft", "--list"], capsys)
    assert code == 0
    assert out.splitlines() == [str(p) for p in reference.files()]
    code, out, _ = run(["perft", "--list", "--json"], capsys)
    assert code == 0 and json.loads(out) == [str(p) for p in reference.files()]


def test_perft_list_takes_no_position_and_perft_without_one_is_refused(capsys):
    code, _, err = run(["perft", "--list", "foolsolve/examples/durak-midbout.json"], capsys)
    assert_one_line_error(code, err, "--list", "POSITION")
    code, _, err = run(["perft"], capsys)
    assert_one_line_error(code, err, "POSITION", "--list")
    for option in (["--depth", "3"], ["--divide"], ["--impl", "spec"], ["--time", "5"], ["--max-nodes", "100"]):
        code, _, err = run(["perft", "--list", *option], capsys)
        assert_one_line_error(code, err, option[0], "--list")


def test_a_plain_install_ships_the_files_and_their_schemas():
    """pyproject's package-data patterns (what a wheel holds besides modules, each package's its
    own, read from the folder package-dir maps it to or its dotted path) cover every reference
    file and both schemas."""
    import tomllib

    root = reference.DATA.parent
    tool = tomllib.loads((root.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    dirs = tool.get("package-dir", {})

    def folder(package: str) -> Path:
        return root.parent / dirs[package] if package in dirs else root.parent.joinpath(*package.split("."))

    shipped = {p for package, patterns in tool["package-data"].items() if package in tool["packages"]
               for pattern in patterns for p in folder(package).glob(pattern)}
    assert set(reference.files()) <= shipped
    assert {root / "schemas" / "perft.schema.json", root / "schemas" / "playthrough.schema.json"} <= shipped
