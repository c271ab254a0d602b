"""Bad input never crashes the CLI: every malformed, mistyped or impossible input is exit 2
with ONE line ``foolsolve: error: <field>: <what is wrong>`` -- never a traceback, never an
"internal error" (exit 1), never a partial output file.

Three layers: regression tests for the crashes a mutation sweep of the CLI found (named after
the rule they check), an exhaustive sweep of every top-level field of every example position
through ``show``, and a hypothesis property that mutates example positions anywhere in their
JSON tree and runs them through the position commands.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import games
from foolsolve.cli import load_position, main
from foolsolve.errors import InputError

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.glob("*.json"))
PREFIX = "foolsolve: error: "


def cli(argv: list[str]) -> tuple[Any, str, str]:
    """Run ``foolsolve ARGV`` in-process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
            code: Any = 0
        except SystemExit as exc:
            code = 0 if exc.code is None else exc.code
    return code, out.getvalue(), err.getvalue()


def assert_no_crash(argv: list[str], code: Any, err: str) -> None:
    """Exit 0, or exit 2 with one line naming the problem."""
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1, (argv, err)
        if "--json" in argv:  # the error as one JSON object
            assert json.loads(lines[0])["exit_code"] == 2, (argv, err)
        else:
            assert lines[0].startswith(PREFIX), (argv, err)


def assert_one_line_error(argv: list[str], *needles: str) -> str:
    code, out, err = cli(argv)
    assert code == 2, (argv, code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(PREFIX), err
    assert "Traceback" not in err and "internal error" not in err
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def example(name: str) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return obj


def write(tmp_path: Path, obj: Any, name: str = "pos.json") -> str:
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return str(p)


# --- regression tests: the crashes the sweep found --------------------------------------------


@pytest.mark.parametrize("field, value", [("attacker", 0.0), ("defender", 1.0), ("to_move", 0.0),
                                          ("out", [1.0]), ("last_defender", 1.0)])
def test_durak_player_number_written_as_a_float_is_a_one_line_error(tmp_path, field, value):
    """``"defender": 1.0`` passed the schema (JSON Schema's integer admits 1.0) and crashed
    every command with 'list indices must be integers'."""
    path = write(tmp_path, {**example("durak-endgame.json"), field: value})
    for cmd in ("show", "moves", "solve"):
        assert_one_line_error([cmd, path], field, "integer")


@pytest.mark.parametrize("name, field, value", [
    ("fools-paradise-endgame.json", "to_move", 1.0),
    ("fools-paradise-endgame.json", "dealer", 1.0),
    ("fools-paradise-three-players-unknown-stock.json", "stock_size", 23.0),
    ("fools-and-angels-endgame.json", "to_move", 1.0),
    ("fools-and-angels-endgame.json", "to_move", 0.0),
    ("fools-and-angels-endgame.json", "turns_done", 2.0),
    ("fools-and-angels-endgame.json", "players", 2.0),
])
def test_player_numbers_and_counts_written_as_floats_are_one_line_errors(tmp_path, name, field, value):
    """Fool's Paradise ``"to_move": 1.0`` and Fools and Angels ``"to_move": 0.0`` crashed (the
    integer was used as an index); the other fields were silently accepted as floats."""
    path = write(tmp_path, {**example(name), field: value})
    assert_one_line_error(["show", path], field)


def test_rule_option_written_as_a_float_in_a_position_is_a_one_line_error(tmp_path):
    obj = example("fools-paradise-endgame.json")
    path = write(tmp_path, {**obj, "rules": {**obj["rules"], "decks": 1.0}})
    assert_one_line_error(["show", path], "rules.decks")


@pytest.mark.parametrize("option, value", [("first_player", 1.0), ("first_player", True), ("regroup_max", 2.0),
                                           ("attack_limit", 4.0)])
def test_fools_and_angels_rule_choice_of_the_wrong_json_type_is_a_one_line_error(tmp_path, option, value):
    """``"first_player": true`` and ``"regroup_max": 2.0`` were silently accepted (``True == 1``,
    ``2.0 == 2``) and written back as given; a choice must be the listed JSON value."""
    obj = example("fools-and-angels-temptation.json")
    path = write(tmp_path, {**obj, "rules": {**obj["rules"], option: value}})
    assert_one_line_error(["show", path], f"rules.{option}")
    assert_one_line_error(["deal", "fools-and-angels", "--rules", json.dumps({option: value})], f"rules.{option}")


@pytest.mark.parametrize("text", ["[" * 100_000, '{"game": "durak", "hands": ' + "[" * 990 + "]" * 990 + "}",
                                  '{"a":' * 50_000 + "1" + "}" * 50_000])
def test_json_nested_too_deeply_is_a_one_line_error(tmp_path, text):
    """The JSON decoder's RecursionError was an internal error."""
    commands = [["show"], ["solve"], *([info.name, ref.name] for info in games.all_games() for ref in info.commands
                                       if any(p.name == "position" for p in ref.load().params))]
    for cmd in commands:
        assert_one_line_error([*cmd, write(tmp_path, text)], "nested too deeply")


def test_json_number_with_too_many_digits_is_a_one_line_error(tmp_path):
    """Python refuses to convert integers of more than 4300 digits: that ValueError was an
    internal error."""
    path = write(tmp_path, '{"game": "durak", "attacker": ' + "9" * 5000 + "}")
    assert_one_line_error(["show", path], "digits")


def test_a_key_written_twice_in_one_object_is_a_one_line_error_naming_it(tmp_path, monkeypatch):
    """``{"trump": "S", "trump": "H"}`` was read as hearts (json.loads keeps the last): a position
    file, a batch line, --rules and --option all name the key instead."""
    from tests.generic.batch_helpers import call_main

    text = (EXAMPLES / "durak-endgame.json").read_text(encoding="utf-8").replace('"trump":', '"trump": "S", "trump":', 1)
    assert text.count('"trump":') == 2
    assert_one_line_error(["show", write(tmp_path, text)], '"trump" appears twice')
    nested = json.dumps(example("durak-endgame.json"))[:-1] + ', "rules": {"deck": 36, "deck": 52}}'
    assert_one_line_error(["show", write(tmp_path, nested)], '"deck" appears twice')
    assert_one_line_error(["deal", "durak", "--rules", '{"deck": 36, "deck": 52}'], "--rules", '"deck" appears twice')
    assert_one_line_error(["solve", str(EXAMPLES / "durak-endgame.json"), "-o", 'pv={"a": 1, "a": 2}'], "--option",
                          '"a" appears twice')
    batch = tmp_path / "in.jsonl"
    batch.write_text(" ".join(text.split()) + "\n", encoding="utf-8")
    monkeypatch.setenv("FOOLSOLVE_STORE", str(tmp_path / "store.sqlite3"))
    code, out, err = call_main(["batch", str(batch)])
    assert code == 2 and '"trump" appears twice' in json.loads(out)["error"], (code, out, err)


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_every_game_s_position_and_view_may_carry_a_comment(tmp_path, game):
    """``"comment"`` (free text, ignored) was accepted only by Foolery and Fool's Paradise positions;
    Durak, Fools and Angels and Three Fools refused it as an unexpected property. A comment that is
    not a string is a one-line error."""
    name = next(n for n in EXAMPLE_NAMES if example(n)["game"] == game)
    path = write(tmp_path, {**example(name), "comment": "a note"})
    code, _, err = cli(["show", path])
    assert code == 0, err
    view = str(tmp_path / "view.json")
    code, _, err = cli(["view", path, "--as", "0", "--out", view])
    assert code == 0, err
    code, _, err = cli(["show", write(tmp_path, {**json.loads(Path(view).read_text()), "comment": "mine"}, "v.json")])
    assert code == 0, err
    assert_one_line_error(["show", write(tmp_path, {**example(name), "comment": 7})], "comment")


PYTHON_LITERAL = re.compile(r"\\b(True|False|None)\\b|'")


@pytest.mark.parametrize("game", [info.name for info in games.all_games()])
def test_a_bad_rule_option_value_is_written_as_json_in_its_error(game):
    """README: messages write values as JSON does. ``--rules '{"first_bout_limit": true}'`` said
    ``got True``, ``{"decks": true}`` ``True is not ...``: every rule option of every game, given
    values of the wrong kind, names them as JSON (``true``, ``null``, ``"zz"``)."""
    from foolsolve.rules import options_of, rules_from_json

    cls = games.get(game).spec.rules_cls
    for opt in options_of(cls):
        for value in (True, False, None, [None, True], {"x": None}, "zz", 1.5):
            try:
                rules_from_json(cls, {opt.name: value})
            except InputError as exc:
                assert not PYTHON_LITERAL.search(str(exc)), (opt.name, value, str(exc))
    assert "got true" in assert_one_line_error(["deal", "durak", "--rules", '{"first_bout_limit": true}'])


@pytest.mark.parametrize("option", ["max_nodes=true", "pv=null", "jit=null", "time=false"])
def test_a_bad_solver_option_value_is_written_as_json_in_its_error(option):
    line = assert_one_line_error(["solve", str(EXAMPLES / "durak-endgame.json"), "-o", option], "option")
    assert not PYTHON_LITERAL.search(line), line


def test_foolery_places_are_written_as_json_in_their_error(tmp_path):
    obj = example("foolery-endgame.json")
    path = write(tmp_path, {**obj, "places": [1, 1, None, 2]})
    assert_one_line_error(["show", path], "places: [1, 1, null, 2] are not distinct places")


@pytest.mark.parametrize("value, needle", [("[" * 100_000, "nested too deeply"), ("9" * 5000, "digits")])
def test_bad_json_in_a_solver_option_or_rules_option_is_a_one_line_error(value, needle):
    assert_one_line_error(["solve", str(EXAMPLES / "durak-endgame.json"), "-o", f"pv={value}"], "--option", needle)
    assert_one_line_error(["deal", "durak", "--rules", value], "--rules", needle)
    assert_one_line_error(["deal", "fools-paradise", "--rules", '{"decks": ' + value + "}"], "--rules", needle)


@pytest.mark.parametrize("argv", [["deal", "durak"], ["play", str(EXAMPLES / "durak-endgame.json"), "attack 6H"]])
def test_an_output_file_in_a_missing_directory_is_a_one_line_error_and_leaves_no_file(tmp_path, argv):
    """``--out no/such/dir/x.json`` was FileNotFoundError as an internal error."""
    target = tmp_path / "no" / "such" / "x.json"
    assert_one_line_error([*argv, "--out", str(target)], str(target), "cannot write")
    assert not target.parent.exists()


@pytest.mark.parametrize("argv, needles", [
    (["solve", str(EXAMPLES / "durak-endgame.json"), "--nope"], ["--nope", "foolsolve solve --help"]),
    (["solve", str(EXAMPLES / "durak-endgame.json"), "--max-nodes", "0"], ["--max-nodes", "0"]),
    (["solve", str(EXAMPLES / "durak-endgame.json"), "--max-nodes"], ["--max-nodes", "requires an argument"]),
    (["solve", str(EXAMPLES / "durak-endgame.json"), "--json=1"], ["--json", "does not take a value"]),
    (["perft", str(EXAMPLES / "durak-endgame.json"), "--depth", "-1"], ["--depth"]),
    (["conform", "durak", "--cases", "x"], ["--cases", '"x"']),
    (["deal", "durak", "--seed", "1.5"], ["--seed"]),
    (["show"], ["POSITION", "missing"]),
    (["ambiguities", "durak"], ["--option", "missing"]),
    (["fools-and-angels", "defend", "--attack", "3D", "--hand", "9C", "--method", "x"], ["--method"]),
    (["fools-paradise", "capture", "--hand", "2", "--centre", "2", "--decks", "x"], ["--decks"]),
    (["games", "extra"], ["extra"]),
    (["--nope"], ["--nope"]),
    # nan passes every range comparison, so click's FloatRange let it through as a time limit
    (["solve", str(EXAMPLES / "durak-endgame.json"), "--time", "nan"], ["--time", '"nan" is not a number of seconds']),
    (["batch", "-", "--time", "NaN"], ["--time", '"NaN" is not a number of seconds']),
    (["perft", str(EXAMPLES / "durak-endgame.json"), "--time", "nan"], ["--time", "nan"]),
    (["play", str(EXAMPLES / "durak-endgame.json"), "--think", "nan"], ["--think", "nan"]),
    (["solve", str(EXAMPLES / "durak-endgame.json"), "--no-store", "-o", "time=NaN"], ["option time", "got nan"]),
])
def test_a_mistyped_option_or_argument_is_a_one_line_error(argv, needles):
    """click's usage errors were four lines (usage, hint, blank, error)."""
    line = assert_one_line_error(argv)
    for n in needles:
        assert n.lower() in line.lower(), (n, line)


HUGE = str(10**400)


@pytest.mark.parametrize("argv", [
    ["solve", str(EXAMPLES / "fools-and-angels-endgame.json"), "--max-nodes", HUGE],
    ["solve", str(EXAMPLES / "durak-endgame.json"), "--max-nodes", str(2**64), "--time", "4"],
    ["solve", str(EXAMPLES / "fools-and-angels-endgame.json"), "-o", f"max_nodes={2**64}"],
    ["report", str(EXAMPLES / "fools-and-angels-endgame.json"), "--out", "OUT", "--max-nodes", HUGE],
    ["batch", "IN", "--out", "OUT", "--max-nodes", HUGE],
    ["ambiguities", "fools-paradise", "--option", "ace", "--position", str(EXAMPLES / "fools-paradise-endgame.json"),
     "--no-witness", "--max-nodes", HUGE],
])
def test_a_node_budget_beyond_any_counter_is_no_limit_in_practice(tmp_path, argv):
    """``--max-nodes 18446744073709551616`` (or ``-o max_nodes=``) was 'internal error:
    OverflowError' (exit 1) where the budget met an int64 counter (the compiled Durak search) or a
    float (the exact solver's share of it): a budget above 2^62 is read as 2^62."""
    batch_in = tmp_path / "in.jsonl"
    batch_in.write_text((EXAMPLES / "fools-and-angels-endgame.json").read_text().replace("\n", " ") + "\n")
    out = tmp_path / "out"
    code, _, err = cli([str(out) if a == "OUT" else str(batch_in) if a == "IN" else a for a in argv] + ["--no-store"])
    assert code == 0, err
    assert "error:" not in err and '"error"' not in (out.read_text() if out.exists() else "")


def test_capture_limit_above_its_maximum_is_refused_before_any_listing():
    """``capture --all --limit 10**26`` was first an internal error (islice), then read as
    ``sys.maxsize``: on a 47-card centre it listed for ever, 800 MB and growing, with no output.
    ``--limit`` is at most :data:`MAX_LIMIT` (10,000): above it one line, exit 2; at it the
    listing is whole where there are fewer."""
    from foolsolve.solver.fools_paradise.capture_cli import MAX_LIMIT

    assert MAX_LIMIT == 10_000
    for limit in ("1" + "0" * 26, "100000000000", str(MAX_LIMIT + 1)):
        assert_one_line_error(["fools-paradise", "capture", "--hand", "2S 3S", "--centre", "4S 5S AH", "--all",
                               "--limit", limit], "--limit", "1<=x<=10000")
    code, out, err = cli(["fools-paradise", "capture", "--hand", "2S 3S", "--centre", "4S 5S AH", "--all",
                          "--limit", str(MAX_LIMIT)])
    assert code == 0 and err == "", err
    assert out == cli(["fools-paradise", "capture", "--hand", "2S 3S", "--centre", "4S 5S AH", "--all"])[1]


@pytest.mark.parametrize("argv, needles", [
    # rules.decks is 1..8: capture took any count (99999999999 decks of duplicates)
    (["fools-paradise", "capture", "--hand", "2S 3S", "--centre", "4S 5S", "--decks", "99999999999"],
     ["--decks", "1<=x<=8"]),
    (["fools-paradise", "capture", "--hand", "2S 3S", "--centre", "4S 5S", "--decks", "9"], ["--decks", "1<=x<=8"]),
    (["fools-paradise", "capture", "DECKS9"], ["rules.decks", "from 1 to 8", "9"]),
    # the last of two effects for one rank won, silently (a key twice in a JSON object is an error)
    (["fools-and-angels", "defend", "--attack", "3D 6H", "--hand", "4D 7H 9C", "--face-effects",
      "J=none,J=whole_only"], ["--face-effects", '"J" appears twice']),
    (["fools-and-angels", "defend", "--attack", "3D 6H", "--hand", "4D 7H 9C", "--face-effects",
      "Q=none,jack=none,11=whole_only"], ["--face-effects", "rank J appears twice"]),
])
def test_an_impossible_or_repeated_value_is_a_one_line_error(tmp_path, argv, needles):
    obj = example("fools-paradise-endgame.json")
    obj["rules"] = {**obj.get("rules", {}), "decks": 9}
    decks9 = write(tmp_path, obj)
    assert_one_line_error([decks9 if a == "DECKS9" else a for a in argv], *needles)


# --- every top-level field of every example: deleted or given a wrong value -------------------

WRONG_VALUES: list[Any] = [None, "x", "", 0, 1, -1, 7, 100, 2**63, -(10**30), 1.5, 1.0, 0.0, True, False, [], {},
                           ["ZZ"], [[]], [1.0], {"a": 1}, float("nan"), float("inf")]


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_every_top_level_field_deleted_or_mistyped_is_exit_0_or_a_one_line_error(tmp_path, name):
    obj = example(name)
    variants: list[Any] = []
    for key in obj:
        variants.append({k: v for k, v in obj.items() if k != key})
        variants += [{**obj, key: v} for v in WRONG_VALUES]
    for v in variants:
        argv = ["show", write(tmp_path, v)]
        code, _, err = cli(argv)
        assert_no_crash(argv, code, err)


# --- property: random mutations anywhere in an example position ---------------------------------

CARDS = ["6H", "7H", "10S", "TS", "AD", "KC", "2C", "5S", "QH", "JD", "9♦", "6h", "ZZ", "10", "1C", "11H", "AAA"]
VALUES = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 9), st.sampled_from([2**63, -(2**63), 10**30]),
    st.sampled_from([0.0, 1.0, 2.0, 1.5, -1.0, float("nan"), float("inf")]),
    st.sampled_from(CARDS), st.text(max_size=4),
    st.lists(st.sampled_from(CARDS), max_size=4),
    st.sampled_from([[], {}, [[]], [None], {"a": 1}, [["6H", None]], [1.0]]),
)


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else []
    for k, v in items:
        out.append((*prefix, k))
        out += _paths(v, (*prefix, k))
    return out


def _retyped(value: Any) -> list[Any]:
    """Near misses of a value: the same number as a float, string or boolean, a card in lower
    case or glyphs, a list as one string -- what most easily slips past a schema."""
    if isinstance(value, bool):
        return [int(value), str(value).lower()]
    if isinstance(value, int):
        return [float(value), str(value), value == 1, value + 0.5, -value - 1, value + 100]
    if isinstance(value, str):
        return [value.lower(), value.upper(), value.replace("10", "T"), value + value, value[:1], [value]]
    if isinstance(value, list):
        return [" ".join(map(str, value)), [value], value + value[:1], value[:1] * 2, {}]
    return [None]


def _set(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``obj`` with the value at ``path`` replaced (deleted if ``value`` is DELETE)."""
    obj = copy.deepcopy(obj)
    cur = obj
    for k in path[:-1]:
        cur = cur[k]
    if value is DELETE:
        del cur[path[-1]]
    else:
        cur[path[-1]] = value
    return obj


DELETE = object()
SOME_WRONG_VALUES: list[Any] = [None, "ZZ", -1, 7, 2**63, 1.5, True, [], {}, ["ZZ"], [1.0]]


@st.composite
def mutation_sites(draw: st.DrawFn) -> tuple[str, Any, tuple[Any, ...]]:
    """An example position, perhaps already changed at one or two places, and a place in it
    (a top-level field two times in three, where the player numbers and counts live; else a
    value deeper in the JSON tree) whose every variant the property tries."""
    name = draw(st.sampled_from(EXAMPLE_NAMES))
    obj = example(name)
    for _ in range(draw(st.sampled_from([0, 0, 0, 0, 1, 2]))):
        path = draw(st.sampled_from(_paths(obj)))
        obj = _set(obj, path, draw(VALUES))
    # integer fields first (player numbers, counts: where a near miss most easily slips past a
    # schema), as hypothesis draws the first elements of a list more often
    top = sorted(((k,) for k in obj if k != "game"), key=lambda p: not isinstance(obj[p[0]], int))
    deep = [p for p in _paths(obj) if len(p) > 1]
    at_top = draw(st.sampled_from([True, True, False])) or not deep
    return name, obj, draw(st.sampled_from(top if at_top else deep))


def variants(obj: Any, path: tuple[Any, ...]) -> list[Any]:
    """The value at ``path`` deleted, replaced by each near miss and each wrong value."""
    cur = obj
    for k in path:
        cur = cur[k]
    return [_set(obj, path, v) for v in [DELETE, *_retyped(cur), *SOME_WRONG_VALUES]]


def commands_for(game: str) -> list[list[str]]:
    own = [[info.name, ref.name] for info in games.all_games() if info.name == games.get(game).name
           for ref in info.commands if any(p.name == "position" for p in ref.load().params)]  # those reading a position
    # (--time 2: a variant answered from a seat runs for all of its --time)
    return [["show"], ["moves", "--json"], ["solve", "--json", "--max-nodes", "2000", "--time", "2"],
            ["perft", "--depth", "1"], *own]


@functools.cache
def first_move(name: str) -> str:
    """The first legal move of an (unmutated) example."""
    info, state = load_position(str(EXAMPLES / name))
    return str(info.spec.legal_moves(state)[0])


@given(site=mutation_sites())  # the profile's example count: 60 in ci, 2000 in long
def test_mutated_example_positions_never_crash_the_cli(tmp_path_factory, site):
    """Every variant of one place of a (maybe already changed) example, through every position
    command: exit 0 or a one-line error, never a crash."""
    name, obj, path = site
    folder = tmp_path_factory.mktemp("pos")
    for variant in variants(obj, path):
        p = write(folder, variant)
        for command in commands_for(example(name)["game"]):
            argv = [command[0], p, *command[1:]]
            code, _, err = cli(argv)
            assert_no_crash(argv, code, err)


@settings(max_examples=max(10, settings.default.max_examples // 2))  # half the profile's count
@given(site=mutation_sites())
def test_play_of_a_mutated_position_writes_its_output_file_only_on_success(tmp_path_factory, site):
    name, obj, path = site
    folder = tmp_path_factory.mktemp("play")
    target = folder / "out.json"
    for variant in variants(obj, path):
        argv = ["play", write(folder, variant), first_move(name), "--out", str(target)]
        code, _, err = cli(argv)
        assert_no_crash(argv, code, err)
        assert target.exists() == (code == 0)
        assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        target.unlink(missing_ok=True)



def test_a_position_file_with_a_utf8_byte_order_mark_is_read(tmp_path):
    # RFC 8259 §8.1: a parser may ignore a byte order mark; editors on some systems write one
    plain = EXAMPLES / "durak-endgame.json"
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    code, out, err = cli(["moves", str(p)])
    assert code == 0 and err == ""
    assert out == cli(["moves", str(plain)])[1] != ""


@pytest.mark.parametrize("move", ["attack " + "9" * 10_000, "attack\nZZ", "\n\n"])
def test_an_error_quoting_long_or_multi_line_input_stays_one_short_line(move):
    code, out, err = cli(["play", str(EXAMPLES / "durak-endgame.json"), move])
    assert code == 2 and out == ""
    assert err.endswith("\n") and "\n" not in err[:-1]
    assert err.startswith("foolsolve: error: ") and len(err) < 400


@pytest.mark.parametrize(("argv", "pointer"), [
    (["solve", "POS", "--max-nodes"], "(see 'foolsolve solve --help')"),
    (["solve", "POS", "--json=1"], "(see 'foolsolve solve --help')"),
    (["POS", "--json=1"], "(see 'foolsolve solve --help')"),  # a position first means solve
    (["perft", "POS", "--depth"], "(see 'foolsolve perft --help')"),
    (["--bogus"], "(see 'foolsolve --help')"),
])
def test_an_option_error_points_to_the_help_of_the_command_it_belongs_to(argv, pointer):
    pos = str(EXAMPLES / "durak-endgame.json")
    argv = [pos if a == "POS" else a for a in argv]
    code, out, err = cli(argv)
    assert code == 2 and out == ""
    assert err.startswith("foolsolve: error: ") and err.rstrip("\n").endswith(pointer) and err.count("\n") == 1


# --- issue 34: bounded inputs, impossible Three Fools histories, limits ------------------------------

_EX = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _one_line(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for n in needles:
        assert n in lines[0], lines[0]


def test_an_endless_or_random_device_is_a_one_line_size_error():
    from tests.generic.batch_helpers import call_main

    for dev in ("/dev/zero", "/dev/urandom"):
        code, _, err = call_main(["show", dev])
        _one_line(code, err, "size limit")


def test_endless_standard_input_is_a_one_line_size_error(monkeypatch):
    from foolsolve import positions
    from tests.generic.batch_helpers import call_main

    monkeypatch.setattr(positions, "MAX_INPUT_BYTES", 1000)
    code, _, err = call_main(["moves", "-"], b" " * 5000)
    _one_line(code, err, "standard input", "size limit")


def test_a_move_text_too_long_or_not_unicode_is_a_one_line_error():
    from tests.generic.batch_helpers import call_main

    for text in ("take" * 1000, "attack \udcff"):
        code, _, err = call_main(["play", str(_EX / "durak-midbout.json"), text])
        _one_line(code, err, "move 1")
        code, _, err = call_main(["why", str(_EX / "durak-midbout.json"), text])
        _one_line(code, err, "MOVE")


@pytest.mark.parametrize("value", ["1e-999999999", "1e-99999", "1" * 5000 + "/3"])
def test_a_roshambo_probability_with_a_huge_exponent_is_a_quick_one_line_error(tmp_path, value):
    from tests.generic.batch_helpers import call_main

    obj = json.loads((_EX / "three-fools-liar.json").read_text())
    obj["rules"] = {"roshambo": [[value, "1/2", "1/2"], ["1/3", "1/3", "1/3"], ["1/3", "1/3", "1/3"]]}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(obj))
    for cmd in ("show", "moves"):
        code, _, err = call_main([cmd, str(path)])
        _one_line(code, err, "roshambo")
        assert "4300" not in err


def _liar() -> dict:
    return json.loads((_EX / "three-fools-liar.json").read_text())


def _three_fools_cases() -> list[tuple[str, dict, str]]:
    thrice = _liar()
    card = thrice["rounds"][0]["cards"][0]
    for r in thrice["rounds"][1:3]:
        r["cards"][0] = card
    in_hand = _liar()
    in_hand["rounds"][-1]["cards"][1] = in_hand["hands"][1][0]
    streak = _liar()
    streak["streak"] = 10**30
    reason = _liar()
    reason["reason"] = "because"
    surrogate = _liar()
    surrogate["reason"] = "\ud800"
    return [("thrice", thrice, "rounds"), ("history card in a hand", in_hand, "rounds"),
            ("streak", streak, "streak"), ("reason", reason, "reason"), ("surrogate", surrogate, "surrogate")]


@pytest.mark.parametrize("name,obj,field", _three_fools_cases(), ids=[c[0] for c in _three_fools_cases()])
def test_an_impossible_three_fools_history_is_refused_by_every_command(tmp_path, name, obj, field):
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "p.json"
    path.write_text(json.dumps(obj))
    for argv in (["solve", "--no-store"], ["show"], ["show", "--as", "1"], ["play"],
                 ["report", "--out", str(tmp_path / "r.html")]):
        code, _, err = call_main([*argv, str(path)] if argv[0] != "report" else [argv[0], str(path), *argv[1:]])
        _one_line(code, err, field)
    assert not (tmp_path / "r.html").exists()


def test_the_three_fools_examples_and_their_history_still_read():
    from foolsolve import games

    spec = games.get("three-fools").spec
    for path in sorted(_EX.glob("three-fools-*.json")):
        spec.state_from_json(json.loads(path.read_text()))


def test_an_output_that_is_the_input_is_refused(tmp_path):
    from tests.generic.batch_helpers import call_main

    pos = tmp_path / "p.json"
    pos.write_text((_EX / "durak-endgame.json").read_text())
    before = pos.read_text()
    code, _, err = call_main(["report", str(pos), "--out", str(pos)])
    _one_line(code, err, "--out")
    code, _, err = call_main(["show", str(pos), "--svg", str(pos)])
    _one_line(code, err, "--svg")
    code, _, err = call_main(["conform", "durak", "--position", str(pos), "--out", str(pos)])
    _one_line(code, err, "--out")
    assert pos.read_text() == before


def test_a_time_limit_in_a_batch_is_the_line_s_one_line_error():
    from tests.generic.batch_helpers import call_main

    line = json.dumps(str(_EX / "foolery-five-players-midround.json")).encode() + b"\n"
    code, out, err = call_main(["batch", "-", "--no-store", "--time", "0.001"], line)
    assert code == 2 and len(err.strip().splitlines()) == 1
    (record,) = [json.loads(x) for x in out.splitlines()]
    assert record["error"].startswith("--time: no exact answer within 0.001 s")


def test_perft_reports_progress_and_a_time_limit_keeps_the_finished_first_moves(monkeypatch):
    from foolsolve import games
    from foolsolve import perft as pf
    from foolsolve.cli import load_position
    from tests.generic.batch_helpers import call_main

    info, state = load_position(str(_EX / "fools-paradise-worked-example.json"))
    seen: list[int] = []
    monkeypatch.setattr(pf, "TICK_EVERY", 1)
    total = pf.spec_perft(info.spec, state, 3, seen.append)
    assert total == pf.spec_perft(info.spec, state, 3) and seen and seen == sorted(seen) and seen[-1] <= total
    engine = games.get("fools-paradise").engine
    assert engine is not None
    es = engine.from_spec(state)
    ticks: list[int] = []
    full = pf.engine_divide(engine, es, 3, ticks.append)
    calls = [0]

    def stop_later(count: int) -> None:
        calls[0] += 1
        if calls[0] > len(ticks) // 2:
            raise KeyboardInterrupt

    kept: dict[str, int] = {}
    with pytest.raises(KeyboardInterrupt):
        pf.engine_divide(engine, es, 3, stop_later, into=kept)
    assert kept and len(kept) < len(full) and all(full[m] == n for m, n in kept.items())
    code, _, err = call_main(["perft", str(_EX / "fools-paradise-worked-example.json"), "--depth", "6",
                              "--divide", "--impl", "engine", "--time", "0.5"])
    _one_line(code, err, "--time")


def test_perft_divide_at_depth_0_is_a_one_line_error():
    """``perft --divide --depth 0`` is a one-line error: a first move's sequences of length -1 would be
    a walk of the whole game tree that finds none."""
    from foolsolve import perft as pf
    from tests.generic.batch_helpers import call_main

    position = str(_EX / "durak-endgame.json")
    code, out, err = call_main(["perft", position, "--depth", "0", "--divide"])
    _one_line(code, err, "--divide: counts per first move need --depth 1 or more")
    assert out == ""
    info, state = load_position(position)
    with pytest.raises(InputError, match="depth 0"):
        pf.spec_divide(info.spec, state, 0)
    assert info.engine is not None
    with pytest.raises(InputError, match="depth 0"):
        pf.engine_divide(info.engine, info.engine.from_spec(state), 0)


@pytest.mark.parametrize("impl", ["spec", "both"])
def test_perft_out_of_time_says_which_total_did_not_finish_and_what_the_counts_above_are(monkeypatch, impl):
    """``perft --divide --time`` prints the first moves it counted, and its error says the total did
    not finish (no answer: exit 2) and what the counts above are; a count that finished before (the
    spec's, with --impl both) is printed whole, not as partial."""
    import time

    from foolsolve import perft as pf
    from tests.generic.batch_helpers import call_main

    stopped = "spec_perft" if impl == "spec" else "engine_perft"
    real = getattr(pf, stopped)
    calls: list[int] = []

    def slow_third(game, state, depth, tick=None):  # the third first move outlasts --time
        calls.append(depth)
        if len(calls) == 3:
            time.sleep(0.05)
            tick(0)
        return real(game, state, depth, tick)

    monkeypatch.setattr(pf, stopped, slow_third)
    position = str(_EX / "fools-paradise-endgame.json")
    code, out, err = call_main(["perft", position, "--depth", "2", "--divide", "--impl", impl, "--time", "0.01"])
    name = "spec" if impl == "spec" else "engine"
    _one_line(code, err, f"--time: the {name} total at depth 2 did not finish within 0.01 s (the per-move counts above "
                         "are the 2 of 25 first moves it finished)")
    partial = out.split(f"{name} (partial: stopped before the end):\n")[1].splitlines()
    assert len(partial) == 2 and all(line.startswith("  collect Q♣: ") for line in partial), out
    if impl == "both":
        info, state = load_position(position)
        assert out.startswith("spec:\n") and f"  total: {pf.spec_perft(info.spec, state, 2)}\n" in out, out


def test_perft_json_out_of_time_prints_what_finished_and_a_null_total(monkeypatch):
    """``perft --json`` stopped by --time: the finished count whole, the one cut short with
    ``"total": null`` and its first moves finished; the error is the JSON error object."""
    import time

    from foolsolve import perft as pf
    from tests.generic.batch_helpers import call_main

    real = pf.engine_perft
    calls: list[int] = []
    slow = [3]  # the call that outlasts --time: the third first move

    def slow_third(game, state, depth, tick=None):
        calls.append(depth)
        if len(calls) == slow[0]:
            time.sleep(0.05)
            tick(0)
        return real(game, state, depth, tick)

    monkeypatch.setattr(pf, "engine_perft", slow_third)
    position = str(_EX / "fools-paradise-endgame.json")
    code, out, err = call_main(["perft", position, "--depth", "2", "--divide", "--json", "--time", "0.01"])
    assert code == 2 and json.loads(err)["error"].startswith("--time: the engine total at depth 2 did not finish")
    obj = json.loads(out)
    info, state = load_position(position)
    assert obj["spec"]["total"] == pf.spec_perft(info.spec, state, 2) and obj["agree"] is None
    assert obj["engine"]["total"] is None and len(obj["engine"]["moves"]) == 2
    calls.clear()
    slow[0] = 1  # without --divide the one engine count
    code, out, err = call_main(["perft", position, "--depth", "2", "--json", "--time", "0.01"])
    assert code == 2 and json.loads(out)["engine"] == {"total": None}


@pytest.mark.parametrize("stop", ["time", "max-nodes", "ctrl-c"])
@pytest.mark.parametrize("divide", [False, True], ids=["total", "divide"])
def test_perft_stopped_before_any_count_finished_still_prints_its_json_and_text(monkeypatch, stop, divide):
    """A count stopped (``--time``, ``--max-nodes``, Ctrl-C) before any count or first move finished:
    ``--json`` prints the object with the count cut short as ``"total": null`` (``"moves": []`` with
    --divide) and ``"agree": null``; exit 2 for a budget, 130 for Ctrl-C; the text form prints no
    count (none finished)."""
    from foolsolve import perft as pf
    from tests.generic.batch_helpers import call_main

    position = str(_EX / "durak-midbout.json")
    argv = ["perft", position, "--depth", "30", "--impl", "spec"] + (["--divide"] if divide else [])
    if stop == "time":
        argv += ["--time", "0.01"]
    elif stop == "max-nodes":
        argv += ["--max-nodes", "5"]
    else:
        def interrupted(*args, **kwargs):
            raise KeyboardInterrupt

        monkeypatch.setattr(pf, "spec_divide" if divide else "spec_perft", interrupted)
    code, out, err = call_main([*argv, "--json"])
    assert code == (130 if stop == "ctrl-c" else 2), err
    spec = {"total": None, "moves": []} if divide else {"total": None}
    assert json.loads(out) == {"game": "durak", "depth": 30, "spec": spec, "agree": None}, out
    if stop != "ctrl-c":
        assert json.loads(err)["kind"] == "limit", err
    code, out, err = call_main(argv)
    assert code == (130 if stop == "ctrl-c" else 2) and out == "", (out, err)


@pytest.mark.parametrize("game,module,example", [
    ("foolery", "foolery", "foolery-endgame.json"),
    ("fools-paradise", "fools_paradise", "fools-paradise-endgame.json"),
])
def test_a_tiny_table_budget_drops_entries_and_keeps_the_values(monkeypatch, game, module, example):
    """With a budget of 1024 entries the tables are cut (the oldest half each time) and every value
    stays the same."""
    import importlib

    from foolsolve import games
    from foolsolve.solver import base

    info = games.get(game)
    assert info.solve is not None
    state = info.spec.state_from_json(json.loads((_EX / example).read_text()))
    full = info.solve(state, base.SolveOptions())
    monkeypatch.setattr(importlib.import_module(f"foolsolve.solver.{module}.search"), "ENTRY_BYTES", 2**20)
    cuts: list[int] = []
    check = base.TableBudget.check

    def counting(self, tables):
        check(self, tables)
        cuts.append(self.evictions)

    monkeypatch.setattr(base.TableBudget, "check", counting)
    small = info.solve(state, base.SolveOptions(max_memory=1))
    assert cuts and cuts[-1] > 0
    assert small.value == full.value
    assert [(m.move, m.value) for m in small.moves] == [(m.move, m.value) for m in full.moves]


def test_the_table_budget_drops_the_oldest_half():
    from foolsolve.solver.base import SolveOptions, TableBudget

    budget = TableBudget(SolveOptions(max_memory=1), 2**20)
    table = {i: i for i in range(2000)}
    budget.check([table])
    assert list(table) == list(range(1000, 2000)) and budget.evictions == 1
    budget.check([table])
    assert len(table) == 1000


def test_a_view_written_over_its_own_position_is_refused(tmp_path):
    """``view P.json --as 0 --out P.json`` replaced the full position by the view: the cards
    hidden from player 0 were gone for good."""
    from tests.generic.batch_helpers import call_main

    pos = tmp_path / "p.json"
    pos.write_text((_EX / "durak-endgame.json").read_text())
    before = pos.read_text()
    code, out, err = call_main(["view", str(pos), "--as", "0", "--out", str(pos)])
    _one_line(code, err, "--out", "position file itself")
    assert pos.read_text() == before and out == ""


@pytest.mark.parametrize("command", [["batch", "IN"], ["store", "export"]])
def test_an_output_that_is_the_result_store_is_refused_and_the_store_kept(tmp_path, command):
    """``batch IN --store S --out S`` wrote its JSON Lines over the store (every stored result
    lost); ``store export --store S --out S`` emptied it and then failed as an internal error
    ('database disk image is malformed', exit 1)."""
    from foolsolve.store import Store
    from tests.generic.batch_helpers import call_main

    store = tmp_path / "s.sqlite3"
    code, _, err = call_main(["solve", str(_EX / "durak-endgame.json"), "--store", str(store)])
    assert code == 0, err
    infile = tmp_path / "in.jsonl"
    infile.write_text(json.dumps(str(_EX / "durak-endgame.json")) + "\n")
    argv = [str(infile) if a == "IN" else a for a in command]
    code, _, err = call_main([*argv, "--store", str(store), "--out", str(store)])
    _one_line(code, err, "--out", "is the result store")
    with Store(store) as s:
        assert s.stats()["results"] == 1


# every output-file option of every command, its value OUT (one command per option)
OUTPUT_OPTIONS = [
    ["view", "POS", "--as", "0", "--out", "OUT"], ["report", "POS", "--out", "OUT"], ["show", "POS", "--svg", "OUT"],
    ["store", "export", "--store", "STORE", "--out", "OUT"], ["play", "POS", "attack 9D", "--out", "OUT"],
    ["deal", "durak", "--seed", "1", "--out", "OUT"], ["conform", "durak", "--cases", "1", "--out", "OUT"],
    ["batch", "IN", "--no-store", "--out", "OUT"], ["oracle", "IN", "--out", "OUT"],
    ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", "OUT"],
    ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--plot", "OUT"],
    ["ambiguities", "durak", "--option", "variant", "--deals", "1", "--no-witness", "--out", "OUT"],
    ["ambiguities", "durak", "--all", "--deals", "1", "--no-witness", "--out", "OUT"],
]


def _output_argv(argv: list[str], out: str, tmp_path: Path) -> list[str]:
    infile = tmp_path / "in.jsonl"
    infile.write_text(json.dumps(str(_EX / "durak-endgame.json")) + "\n")
    named = {"POS": str(_EX / "durak-endgame.json"), "STORE": str(tmp_path / "results.sqlite3"), "IN": str(infile),
             "OUT": out}
    return [named.get(a, a) for a in argv]


def _option_of(argv: list[str]) -> tuple[tuple[str, ...], str]:
    """The command (``("store", "export")``) and the output option an OUTPUT_OPTIONS line sweeps."""
    path = tuple(argv[:2]) if argv[0] == "store" else (argv[0],)
    return path, argv[argv.index("OUT") - 1]


def test_every_output_option_is_checked_by_the_same_option_type():
    """The sweeps below cover every output option: each command's file-writing option is an
    ``OutputFile`` (a new ``--out`` given a plain click.Path would escape the checks)."""
    import click

    from foolsolve.cli import OutputFile, _register_game_commands, cli

    _register_game_commands()
    ctx = click.Context(cli)
    found, plain = set(), set()

    def walk(group: Any, path: tuple[str, ...]) -> None:
        for name in group.list_commands(ctx):
            cmd = group.get_command(ctx, name)
            if isinstance(cmd, click.Group):
                walk(cmd, (*path, name))
                continue
            for p in cmd.params:
                opt = max(p.opts, key=len)
                if isinstance(p.type, OutputFile):
                    found.add(((*path, name), opt))
                elif isinstance(p.type, click.Path) and opt in ("--out", "--svg", "--plot"):
                    plain.add(((*path, name), opt))

    walk(cli, ())
    assert not plain
    assert found == {_option_of(a) for a in OUTPUT_OPTIONS}


@pytest.mark.parametrize("argv", OUTPUT_OPTIONS, ids=lambda a: f"{a[0]} {a[a.index('OUT') - 1]}")
def test_an_empty_output_file_name_is_a_one_line_error(argv, tmp_path):
    """``--out ''`` was 'internal error: ValueError: PosixPath('.') has an empty name', exit 1, for
    view, report, show and store export, and meant standard output (or no output) for play, deal,
    arena, conform and ambiguities: an empty name is an error everywhere, only - is standard output."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(_output_argv(argv, "", tmp_path))
    _one_line(code, err, argv[argv.index("OUT") - 1], "empty file name")
    assert out == ""


@pytest.mark.parametrize("argv", [a for a in OUTPUT_OPTIONS if "--all" not in a],
                         ids=lambda a: f"{a[0]} {a[a.index('OUT') - 1]}")
def test_an_output_file_in_a_missing_folder_is_refused_before_any_work(argv, tmp_path, monkeypatch):
    """``report P --out no/such/folder/r.html`` solved the position and only then failed to write;
    every output option is checked when the command line is read (the solver is never called)."""
    from foolsolve import store
    from tests.generic.batch_helpers import call_main

    def no_solve(*args, **kwargs):
        raise AssertionError("solved before the output was checked")

    monkeypatch.setattr(store, "cached_solve", no_solve)
    target = tmp_path / "no" / "such" / "x.out"
    code, out, err = call_main(_output_argv(argv, str(target), tmp_path))
    _one_line(code, err, argv[argv.index("OUT") - 1], "no folder")
    assert out == "" and not (tmp_path / "no").exists()


@pytest.mark.parametrize("argv", OUTPUT_OPTIONS, ids=lambda a: f"{a[0]} {a[a.index('OUT') - 1]}")
@pytest.mark.parametrize("long", ["name", "path"])
def test_an_output_name_too_long_for_the_file_system_is_refused_before_any_work(argv, long, tmp_path, monkeypatch):
    """A 300-byte file name (ENAMETOOLONG) was 'internal error: OSError: [Errno 36] File name too
    long', exit 1, found only at write time (``report`` spent its whole solve first; ``conform``
    never checked it): every output option refuses it when the command line is read."""
    from foolsolve import store
    from tests.generic.batch_helpers import call_main

    def no_solve(*args, **kwargs):
        raise AssertionError("solved before the output was checked")

    monkeypatch.setattr(store, "cached_solve", no_solve)
    target = tmp_path / ("a" * 300 + ".out") if long == "name" else Path(str(tmp_path) + "/b" * 2100 + "/x.out")
    code, out, err = call_main(_output_argv(argv, str(target), tmp_path))
    _one_line(code, err, argv[argv.index("OUT") - 1], "too long")
    assert out == "" and sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def test_a_name_whose_temporary_file_name_would_be_too_long_is_refused_before_any_work(tmp_path):
    """A 250-byte name fits the file system, but the temporary file written beside it (up to
    ``TEMP_EXTRA``, 35 bytes, longer: ``.NAME.foolsolve-PID-XXXXXXXX.tmp``) does not: refused up
    front, not after the work."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["deal", "durak", "--out", str(tmp_path / ("a" * 245 + ".json"))])
    _one_line(code, err, "--out", "too long", "temporary file")
    assert out == "" and not list(tmp_path.iterdir())


def test_a_witness_folder_under_a_file_is_a_one_line_error(tmp_path):
    """``ambiguities --all --out FILE/sub`` was 'internal error: NotADirectoryError', exit 1."""
    from tests.generic.batch_helpers import call_main

    (tmp_path / "f").write_text("x")
    code, out, err = call_main(["ambiguities", "durak", "--all", "--deals", "1", "--no-witness", "--no-store",
                                "--out", str(tmp_path / "f" / "sub")])
    _one_line(code, err, "--out", "cannot make the folder")
    assert out == "" and (tmp_path / "f").read_text() == "x"


@pytest.mark.parametrize("write", ["text", "json"])
def test_writing_under_a_name_too_long_is_the_options_one_line_error_not_a_crash(tmp_path, write):
    """The write itself, reached without the command line's check, turns any OSError into the
    error naming the option."""
    from foolsolve.positions import write_json_atomic, write_text_atomic

    target = tmp_path / ("a" * 300 + ".svg")
    with pytest.raises(InputError, match=r"^--svg .*cannot write"):
        if write == "text":
            write_text_atomic(target, "<svg/>", "--svg")
        else:
            write_json_atomic(target, {}, "--svg")
    assert not list(tmp_path.iterdir())


# every command with two outputs that can both name standard output, and the pair
TWO_STDOUTS = [
    (["play", "POS", "attack 9D", "--json", "--out", "-"], "--out - and --json"),
    (["play", "POS", "--interactive", "--out", "-"], "--out - and --interactive"),
    (["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--json", "--plot", "-"],
     "--plot - and --json"),
    (["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--plot", "-"],
     "--plot - and the results table"),
    (["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--plot", "-", "--out", "REC"],
     "--plot - and the results table"),
    (["conform", "durak", "--cases", "1", "--out", "-"], "--out - and the report"),
    (["ambiguities", "durak", "--option", "variant", "--deals", "1", "--no-witness", "--out", "-"],
     "--out - and the report"),
    (["ambiguities", "durak", "--option", "variant", "--deals", "1", "--no-witness", "--json", "--out", "-"],
     "--out - and --json"),
]


@pytest.mark.parametrize(("argv", "pair"), TWO_STDOUTS, ids=lambda a: " ".join(a) if isinstance(a, list) else "")
def test_two_outputs_on_standard_output_are_refused_before_any_work(argv, pair, tmp_path, monkeypatch):
    """'play P MOVE --json --out -' printed the position twice, 'arena ... --json --plot -' SVG
    then JSON, 'arena ... --plot -' SVG beside the table: a mixture nothing can read. Two outputs
    on standard output are a one-line error before any work (no game played, nothing solved, no
    record file)."""
    from foolsolve import arena, store
    from tests.generic.batch_helpers import call_main

    def no_work(*args, **kwargs):
        raise AssertionError("worked before the outputs were checked")

    monkeypatch.setattr(store, "cached_solve", no_work)
    monkeypatch.setattr(arena, "run", no_work)
    rec = tmp_path / "rec.jsonl"
    named = {"POS": str(_EX / "durak-endgame.json"), "REC": str(rec)}
    code, out, err = call_main([named.get(a, a) for a in argv])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert pair in err and "both write to standard output" in err
    assert not rec.exists()


def test_play_refuses_an_out_that_is_its_position_or_arena_record_file(tmp_path):
    """``play m.jsonl --record 1 --out m.jsonl`` replaced an arena's JSON Lines records (every game
    of the match) by one position, exit 0; ``play p.json MOVE --out p.json`` replaced the position."""
    from tests.generic.batch_helpers import call_main

    records = tmp_path / "m.jsonl"
    code, _, err = call_main(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1",
                              "--out", str(records)])
    assert code == 0, err
    pos = tmp_path / "p.json"
    pos.write_text((_EX / "durak-endgame.json").read_text())
    for argv in (["play", str(records), "--record", "1", "--out", str(records)],
                 ["play", str(pos), "attack 9D", "--out", str(pos)]):
        before = Path(argv[1]).read_text()
        code, out, err = call_main(argv)
        _one_line(code, err, "--out", "write elsewhere")
        assert Path(argv[1]).read_text() == before and out == ""


def test_an_output_s_temporary_file_never_overwrites_an_existing_file(tmp_path):
    """The text was written to OUT.tmp and renamed: 'view x.json.tmp --as 0 --out x.json' wrote
    over its own input and then renamed it away (the input was gone), and any file named OUT.tmp
    was overwritten."""
    from tests.generic.batch_helpers import call_main

    text = (_EX / "durak-endgame.json").read_text()
    (tmp_path / "x.json.tmp").write_text(text)
    (tmp_path / "r.html.tmp").write_text("mine")
    code, _, err = call_main(["view", str(tmp_path / "x.json.tmp"), "--as", "0", "--out", str(tmp_path / "x.json")])
    assert code == 0, err
    code, _, err = call_main(["report", str(tmp_path / "x.json.tmp"), "--out", str(tmp_path / "r.html")])
    assert code == 0, err
    assert (tmp_path / "x.json.tmp").read_text() == text and (tmp_path / "r.html.tmp").read_text() == "mine"
    assert json.loads((tmp_path / "x.json").read_text())["view"] == 0 and (tmp_path / "r.html").stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html", "r.html.tmp", "x.json", "x.json.tmp"]


# --- outputs that are devices or pipes, record files and JSON options that are too big -------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_an_output_that_is_a_pipe_is_written_into_not_replaced_by_a_file(tmp_path):
    """``deal durak --out FIFO`` wrote a temporary file beside it and renamed it over the pipe: the
    pipe was gone (a regular file in its place) and its reader got nothing; as root, ``--out
    /dev/null`` would have replaced the device node the same way."""
    import stat
    import threading

    from tests.generic.batch_helpers import call_main

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, _, err = call_main(["deal", "durak", "--seed", "1", "--out", str(fifo)])
    assert code == 0, err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode), "the pipe was replaced"
    reader.join(30)
    assert got and json.loads(got[0])["game"] == "durak"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


_FIFO_POSITION = EXAMPLES / "fools-paradise-endgame.json"


def _run_cli(argv: list[str], **kwargs: Any) -> Any:
    """``python -m foolsolve ARGV`` in a subprocess with a timeout (a hang is a failure, not a hung test)."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "foolsolve", *argv], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"}, **kwargs)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("argv", [
    ["FIFO"], ["show", "FIFO"], ["solve", "FIFO", "--no-store"], ["batch", "FIFO", "--no-store", "--out", "o.jsonl"],
    ["play", "FIFO", "--record", "1"], ["fools-paradise", "capture", "FIFO"],
], ids=lambda a: " ".join(a[:2]))
def test_a_fifo_that_nothing_writes_to_is_a_one_line_error_not_a_hang(tmp_path, argv):
    """``mkfifo f; foolsolve f`` hung every command for ever (the file's open waited for a writer):
    now one line, exit 2, at once."""
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    done = _run_cli([str(fifo) if a == "FIFO" else a for a in argv], cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"{PREFIX}{fifo}: a FIFO with nothing writing to it\n"
    assert done.stdout == "" and sorted(p.name for p in tmp_path.iterdir()) == ["f"]  # (no --out file)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_an_arena_record_file_that_is_a_fifo_is_a_one_line_error_not_a_hang(tmp_path):
    """``arena ... --out FIFO`` waited for ever to open it for writing when nothing read it; a
    record file must be a regular file (or a new name): a FIFO is refused before it is opened."""
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    done = _run_cli(["arena", "fools-paradise", "--bot", "random", "--bot", "greedy", "--games", "1",
                     "--out", str(fifo)])
    assert done.returncode == 2, done.stderr
    assert done.stderr == (f"{PREFIX}--out {fifo}: a FIFO, not a file: the record file must be a regular file or a "
                           "new name (a rerun resumes from it)\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("argv, where", [
    (["deal", "durak", "--seed", "3", "--out", "FIFO"], "--out FIFO"),
    (["view", "durak-midbout.json", "--as", "0", "--out", "FIFO"], "--out FIFO"),
    (["report", "durak-endgame.json", "--no-store", "--out", "FIFO"], "--out FIFO"),
    (["batch", "IN", "--no-store", "--out", "FIFO"], "--out FIFO"),
], ids=lambda a: a[0] if isinstance(a, list) else "")
def test_an_output_fifo_that_nothing_reads_is_a_one_line_error_not_a_hang(tmp_path, argv, where):
    """``deal ... --out FIFO`` (and every --out that goes through the same writers) waited for ever
    for a reader to open the FIFO; only arena's --out said so. Now one line, exit 2; with a reader
    the whole output goes through the FIFO."""
    import subprocess
    import sys
    import threading

    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    infile = tmp_path / "in.jsonl"
    infile.write_text(str(EXAMPLES / "durak-endgame.json") + "\n")
    argv = [str(fifo) if a == "FIFO" else str(infile) if a == "IN" else str(EXAMPLES / a) if a.endswith(".json")
            else a for a in argv]
    done = _run_cli(argv, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"{PREFIX}{where.replace('FIFO', str(fifo))}: a FIFO with nothing reading from it\n"
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    done = subprocess.run([sys.executable, "-m", "foolsolve", *argv], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"})
    reader.join(timeout=120)
    assert done.returncode == 0, done.stderr
    alone = _run_cli([str(tmp_path / "plain") if a == str(fifo) else a for a in argv], cwd=tmp_path)
    assert alone.returncode == 0 and len(got) == 1

    def untimed(text: str) -> str:  # the same output but for the times and node counts in it
        return re.sub(r"[0-9.,]+", "#", text)

    assert untimed(got[0]) == untimed((tmp_path / "plain").read_text(encoding="utf-8"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_batch_line_naming_a_fifo_gets_its_record_and_the_batch_goes_on(tmp_path):
    """A line naming a FIFO stalled the whole batch: no line after it was solved, and no record
    before it ever written."""
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    infile = tmp_path / "in.jsonl"
    infile.write_text(f"{json.dumps(str(_FIFO_POSITION))}\n{json.dumps(str(fifo))}\n"
                      f"{json.dumps(str(_FIFO_POSITION))}\n")
    done = _run_cli(["batch", str(infile), "--no-store"])
    assert done.returncode == 2, done.stderr
    recs = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["line"] for r in recs] == [1, 2, 3]
    assert "result" in recs[0] and "result" in recs[2]
    assert recs[1] == {"line": 2, "path": str(fifo), "error": f"{fifo}: a FIFO with nothing writing to it",
                       "kind": "input"}


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.isdir("/dev/fd"), reason="needs pipes and /dev/fd")
@pytest.mark.parametrize("when", ["written-before", "written-after", "named-fifo"])
def test_a_pipe_with_a_writer_is_read_as_it_comes(tmp_path, when):
    """What bash's ``foolsolve <(cat POS.json)`` does (a /dev/fd/N path of a pipe whose writer wrote
    already, or writes later), and a FIFO something writes into: read, not refused."""
    import threading
    import time

    data = _FIFO_POSITION.read_bytes()
    lines = (json.dumps(str(_FIFO_POSITION)) + "\n").encode() * 3
    expected = _run_cli(["show", str(_FIFO_POSITION)]).stdout
    for argv, content in ([["show", "PIPE"], data], [["batch", "PIPE", "--no-store"], lines]):
        writer: Any = None
        if when == "named-fifo":
            path = tmp_path / f"f{len(content)}"
            os.mkfifo(path)

            def write_fifo(path: Path = path, content: bytes = content) -> None:
                with open(path, "wb") as f:  # waits for the reader; counts as a writer meanwhile
                    f.write(content)

            writer = threading.Thread(target=write_fifo, daemon=True)
            writer.start()
            time.sleep(0.2)
            done = _run_cli([str(path) if a == "PIPE" else a for a in argv])
            if writer.is_alive():  # never opened: let the writer go
                os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        else:
            r, w = os.pipe()
            try:
                if when == "written-before":
                    os.write(w, content)  # (under the pipe's 64 KiB: nothing waits)
                    os.close(w)
                else:
                    def write_later(w: int = w, content: bytes = content) -> None:
                        time.sleep(1.0)
                        os.write(w, content)
                        os.close(w)

                    writer = threading.Thread(target=write_later, daemon=True)
                    writer.start()
                done = _run_cli([f"/dev/fd/{r}" if a == "PIPE" else a for a in argv], pass_fds=(r,))
            finally:
                os.close(r)
        if writer is not None:
            writer.join(30)
        assert done.returncode == 0, done.stderr
        if argv[0] == "show":
            assert done.stdout == expected
        else:
            recs = [json.loads(line) for line in done.stdout.splitlines()]
            assert [r["line"] for r in recs] == [1, 2, 3] and all("result" in r for r in recs), recs


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero", "/dev/urandom", "/dev/full"])
def test_an_arena_record_file_that_is_a_device_is_refused_in_one_line(device):
    """``arena ... --out /dev/null`` was 'internal error: OSError: [Errno 22] Invalid argument' (an
    fsync of the device), exit 1; then /dev/zero and /dev/urandom exited 0 with the records lost,
    and /dev/stdout mixed them into the table. A record file must be a regular file (or a new
    name): a device is refused before any game, one line, exit 2."""
    from tests.generic.batch_helpers import call_main

    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    code, out, err = call_main(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1",
                                "--out", device])
    assert code == 2 and out == ""
    assert err == (f"{PREFIX}--out {device}: a character device, not a file: the record file must be a regular file "
                   "or a new name (a rerun resumes from it)\n")


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="needs /dev/stdout")
def test_an_arena_record_file_that_is_standard_output_redirected_to_a_file_is_refused(tmp_path):
    """``arena ... --out /dev/stdout > r.txt`` passed the device check (``/dev/stdout`` then names the
    regular file r.txt) and wrote the table over the record header: exit 0 and a file that is neither.
    The file standard output (or error) goes to is refused as a record file, one line, exit 2, the
    file left empty."""
    target = tmp_path / "r.txt"
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"}
    for out in ("/dev/stdout", str(target)):
        with open(target, "w") as handle:
            done = subprocess.run([sys.executable, "-m", "foolsolve", "arena", "durak", "--bot", "random", "--bot",
                                   "greedy", "--games", "1", "--out", out], stdout=handle, stderr=subprocess.PIPE,
                                  text=True, timeout=120, env=env)
        assert done.returncode == 2, done.stderr
        assert done.stderr == (f"{PREFIX}--out {out}: the file standard output goes to: the records would be mixed "
                               "into the table; the record file must be a file of its own\n")
        assert target.read_text() == ""


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_replaying_an_endless_device_as_an_arena_record_file_is_a_one_line_error():
    """``play /dev/zero --record 1`` read the whole file into memory first: it never ended."""
    from tests.generic.batch_helpers import foolsolve

    res = foolsolve("play", "/dev/zero", "--record", "1", timeout=120)
    assert res.returncode == 2 and res.stderr.count("\n") == 1, res.stderr
    assert "not an arena record file" in res.stderr and "size limit of a line" in res.stderr


def test_a_record_file_nested_too_deeply_is_a_one_line_error(tmp_path):
    """A record file with a deeply nested line was 'internal error: RecursionError', exit 1, for
    ``play --record`` and for an ``arena --out`` that resumes it."""
    from tests.generic.batch_helpers import call_main

    records = tmp_path / "m.jsonl"
    argv = ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", str(records)]
    code, _, err = call_main(argv)
    assert code == 0, err
    with records.open("a") as f:
        f.write("[" * 100_000 + "\n")
    code, _, err = call_main(argv)
    _one_line(code, err, "--out", "nested too deeply")
    bad = tmp_path / "deep.jsonl"
    bad.write_text("[" * 100_000 + "\n")
    code, _, err = call_main(["play", str(bad), "--record", "1"])
    _one_line(code, err, "not an arena record file", "nested too deeply")


@pytest.mark.parametrize("option, value, needle", [
    ("--choices", "[" + "9" * 5000 + "]", "digits"), ("--choices", "[" * 100_000, "nested too deeply"),
    ("--rules", "[" * 100_000, "nested too deeply"), ("--rules", "{", "malformed JSON"),
], ids=["choices-digits", "choices-deep", "rules-deep", "rules-malformed"])
def test_bad_json_in_an_ambiguity_option_is_a_one_line_error(option, value, needle):
    """``ambiguities --choices '[999...9]'`` (over 4300 digits) was 'internal error: ValueError:
    Exceeds the limit (4300 digits) for integer string conversion', exit 1."""
    from tests.generic.batch_helpers import call_main

    code, _, err = call_main(["ambiguities", "durak", "--option", "variant", option, value, "--deals", "1"])
    _one_line(code, err, option, needle)


@pytest.mark.parametrize("extra", [["--workers", "2"], ["--cases", "50"], ["--scheduler", "tcp://127.0.0.1:1"]])
def test_conform_of_one_position_refuses_the_options_of_random_games(extra):
    """``conform GAME --position P --workers 2`` (or --cases, --scheduler) checked one game in this
    process and silently ignored the option."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["conform", "durak", "--position", str(_EX / "durak-endgame.json"), *extra])
    _one_line(code, err, extra[0], "--position")
    assert out == ""


def test_an_error_about_a_long_value_names_the_problem_within_its_line(tmp_path):
    """An error about a long value says what is wrong first (``too long (at most 8 items)``), then
    quotes the value in part, with its size, within the error's one line."""
    from tests.generic.batch_helpers import call_main

    obj = example("durak-endgame.json")
    obj["hands"] = [["6H"]] * 2000
    code, _, err = call_main(["show", write(tmp_path, obj)])
    _one_line(code, err, "hands: too long (at most", "(2,000 items)")
    obj = example("durak-endgame.json")
    obj["trump"] = "x" * 5000  # the value given is cut; the values allowed are listed whole
    code, _, err = call_main(["show", write(tmp_path, obj)])
    _one_line(code, err, 'trump: "xxxx', '... (5,000 characters) is not one of ["C", "D", "H", "S"', "null]")


@pytest.mark.parametrize("value, said", [
    ("A" * 100_000, 'hands[0][0]: too long (at most 4 characters): "AAAA'),
    ("A", 'hands[0][0]: too short (at least 2 characters): "A"'),
])
def test_a_card_text_of_the_wrong_length_says_why_before_the_value(tmp_path, value, said):
    # the reason and the limit first, the value quoted as JSON, cut, with its size
    from tests.generic.batch_helpers import call_main

    obj = example("durak-endgame.json")
    obj["hands"][0][0] = value
    code, _, err = call_main(["show", write(tmp_path, obj)])
    _one_line(code, err, said)
    assert len(value) < 60 or err.rstrip().endswith('AAA... (100,000 characters)'), err


@pytest.mark.parametrize("written", ["1e400", "-1E400", "1.5e99999"])
def test_a_number_too_large_for_a_float_is_quoted_as_written(tmp_path, written):
    # docs/python.md: a value read from JSON is quoted as the JSON wrote it (Python reads 1e400 as Infinity)
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "big.json"
    text = (_EX / "durak-endgame.json").read_text(encoding="utf-8")
    path.write_text(re.sub(r'"attacker": 0', f'"attacker": {written}', text), encoding="utf-8")
    code, _, err = call_main(["show", str(path)])
    _one_line(code, err, f'attacker: {written} is not of type "integer"')


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("argv, message", [
    (["show", "durak-endgame.json"], "standard output: cannot write (No space left on device)"),
    (["batch", "IN", "--no-store", "--samples", "2", "--max-nodes", "300"],
     "standard output: cannot write (No space left on device)"),
    (["batch", "IN", "--no-store", "--samples", "2", "--max-nodes", "300", "--out", "/dev/full"],
     "--out /dev/full: cannot write (No space left on device)"),
])
def test_a_full_disk_under_the_output_is_a_one_line_error(tmp_path, argv, message):
    # writing to a full disk (/dev/full) was an internal error (exit 1: OSError) for standard
    # output and for batch's and arena's --out; the other outputs already said "cannot write" (exit 2)
    import subprocess
    import sys

    infile = tmp_path / "in.jsonl"
    infile.write_text(str(EXAMPLES / "views" / "fools-paradise.json") + "\n")
    argv = [str(EXAMPLES / a) if a.endswith(".json") else str(infile) if a == "IN" else a for a in argv]
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "foolsolve", *argv], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0] == PREFIX + message, done.stderr


@pytest.mark.parametrize(("args", "said"), [
    (["deal", "three-fools", "--players", "4"], "--players: three-fools takes 3 players"),
    (["deal", "foolery", "--players", "9"], "--players: foolery takes 3..7 players"),
    ([str(EXAMPLES / "durak-endgame.json"), "--time", "abc"], '"abc" is not a valid number of seconds'),
    ([str(EXAMPLES / "durak-endgame.json"), "--max-nodes", "1.5"], '"1.5" is not a valid whole number (1 or more)'),
    ([str(EXAMPLES / "durak-endgame.json"), "--samples", "x"], '"x" is not a valid whole number (1 to 10,000,000)'),
    (["show", ""], "empty file name"),
])
def test_errors_read_as_english(args, said):
    """A game of one player count says '3 players', not '3..3'; a bad --time names 'a number of seconds'."""
    assert_one_line_error(args, said)


@pytest.mark.parametrize("option", [["--seat", "0"], ["--samples", "5"], ["--think", "1"], ["--seed", "3"]])
def test_play_options_of_the_interactive_game_alone_are_errors(option):
    """--seed was silently ignored without --interactive, while --seat, --samples and --think were refused."""
    assert_one_line_error(["play", str(EXAMPLES / "durak-endgame.json"), "attack 6H", *option],
                          f"{option[0]}: only with --interactive")


def test_ambiguities_time_help_says_nothing_of_hidden_cards():
    code, out, _err = cli(["ambiguities", "--help"])
    assert code == 0 and "Give up each solve after" in out and "hidden cards" not in out


@pytest.mark.parametrize("command", [
    [str(EXAMPLES / "durak-endgame.json")],
    ["report", str(EXAMPLES / "durak-endgame.json"), "--out", "-"],
    ["batch", "-"],
])
def test_a_solver_option_given_twice_is_a_one_line_error_naming_it(command):
    """'-o pv=false -o pv=true' ran with the last one, exit 0."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main([*command, "--no-store", "-o", "pv=false", "-o", "pv=true"],
                               stdin=json.dumps(str(EXAMPLES / "durak-endgame.json")).encode() + b"\n")
    _one_line(code, err, "option pv: given more than once")
    assert out == ""


@pytest.mark.parametrize(("argv", "option"), [
    (["deal", "durak", "--rules", "{}", "--rules", '{"variant": "perevodnoy"}'], "--rules"),
    (["arena", "durak", "--bot", "random", "--bot", "greedy", "--rules", "{}", "--rules={}"], "--rules"),
    (["ambiguities", "durak", "--option", "variant", "--rules", "{}", "--rules", "{}"], "--rules"),
    ([str(EXAMPLES / "durak-endgame.json"), "--time", "5", "--time", "6"], "--time"),
    (["store", "stats", "--store", "a.sqlite3", "--store", "b.sqlite3"], "--store"),
    (["three-fools", "simulate", "--games", "1", "--games", "2"], "--games"),
])
def test_an_option_that_takes_one_value_given_twice_is_refused(argv, option):
    """Click keeps the last of a repeated single-valued option: '--rules A --rules B' dealt with B
    alone, exit 0. Refused before any work, the option named (a JSON object with --json, where the
    command has --json: ``deal`` has none, and its usage errors stay text)."""
    assert_one_line_error(argv, f"error: {option}: given more than once")
    code, out, err = cli([*argv, "--json"])
    if argv[0] == "deal":
        assert code == 2 and out == "" and err.startswith(f"foolsolve: error: {option}: given more than once")
        return
    assert code == 2 and out == "" and json.loads(err)["error"].startswith(f"{option}: given more than once")


@pytest.mark.parametrize("value", ["null", "", " ", "[]", "3", '"variant"', "true"])
@pytest.mark.parametrize("command", [["deal", "durak", "--seed", "1"],
                                     ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1"],
                                     ["three-fools", "simulate", "--games", "1"],
                                     ["ambiguities", "durak", "--option", "variant", "--deals", "1", "--no-witness"]],
                         ids=lambda a: a[0])
def test_rules_that_are_no_json_object_are_refused_everywhere(command, value):
    """``deal durak --rules null`` (and ``--rules ''``) dealt under the defaults, exit 0, where
    ``--rules []`` was refused: every ``--rules`` takes a JSON object and nothing else."""
    line = assert_one_line_error([*command, "--rules", value], "--rules")
    assert "object of rule options" in line


def test_flags_and_repeatable_options_may_repeat_and_help_wins():
    code, out, err = cli(["deal", "durak", "--seed", "1", "--out", "-", "--rules", "{}", "--help"])
    assert code == 0 and out.startswith("Usage: foolsolve deal"), err
    code, out, err = cli([str(EXAMPLES / "durak-endgame.json"), "--no-store", "--json", "--json", "-o", "pv=false",
                          "-o", "moves=true"])
    assert code == 0, err


@pytest.mark.parametrize(("group", "commands"), [
    ("store", "clear, export, stats"), ("three-fools", "simulate"), ("fools-paradise", "capture"),
    ("fools-and-angels", "defend"),
])
def test_a_group_without_its_command_is_one_line_naming_its_commands(group, commands):
    """'foolsolve store' printed its 15-line help on standard error, exit 2."""
    assert_one_line_error([group], f"{group}: a command is needed: {commands} (see 'foolsolve {group} --help')")


def test_foolsolve_alone_prints_the_command_list_on_standard_output():
    """It printed the help on standard error with exit 2, as an error, where a new user starts."""
    code, out, err = cli([])
    assert (code, err) == (0, "")
    assert out.startswith("Usage: foolsolve") and "solve" in out and "conform" in out and "store" in out


def test_solving_several_files_with_json_ends_with_a_json_error_object():
    """'foolsolve A.json MISSING.json --json' ended with the plain text line 'foolsolve: 1 of 2
    positions had errors' on standard error."""
    code, out, err = cli([str(EXAMPLES / "durak-endgame.json"), str(EXAMPLES / "no-such.json"), "--json",
                          "--no-store"])
    assert code == 2 and len(out.splitlines()) == 2
    [line] = err.splitlines()
    assert json.loads(line) == {"error": "1 of 2 positions had errors", "kind": "input", "exit_code": 2}


def test_control_characters_in_an_error_line_are_shown_as_escapes():
    """A NUL quoted from a rule's name reached the error line raw (``rules.\\0X``), and an ESC
    raw too where standard error is a terminal (click strips colour codes only elsewhere): every
    control character is its escape, as a lone surrogate is."""
    from tests.generic.batch_helpers import call_main

    code, _, err = call_main(["deal", "durak", "--rules", '{"\\u0000\\u001b[31mX\\u007f":1}'])
    _one_line(code, err, "rules.\\x00\\x1b[31mX\\x7f: unknown rule option")
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", err), repr(err)
    assert str(InputError("a\x00b\tc\nd\x1b\x9b\ud800")) == "a\\x00b c d\\x1b\\x9b\\ud800"


def test_an_option_that_would_not_apply_is_still_checked_first():
    # --scheduler foo on a full position no hidden card matters in was answered (exit 0, 'not applied:
    # --scheduler') while a view refused it; and --open-hand took --method (not applied) while it
    # refused --as
    import foolsolve

    endgame = str(EXAMPLES / "durak-endgame.json")
    assert_one_line_error([endgame, "--no-store", "--scheduler", "foo"], "--scheduler: expected tcp://HOST:PORT")
    assert_one_line_error([endgame, "--no-store", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"],
                          "--workers: the Dask cluster at --scheduler runs the items on its own workers")
    with pytest.raises(InputError, match=r"^scheduler: expected tcp://HOST:PORT, got 'foo'$"):
        foolsolve.answer(endgame, scheduler="foo")
    for option in (["--method", "exact"], ["--samples", "3"], ["--seed", "1"], ["--as", "0"]):
        assert_one_line_error([endgame, "--no-store", "--open-hand", *option],
                              f"--open-hand: answers with every card known; it takes none of the seat's options "
                              f"({option[0]})")
    with pytest.raises(InputError, match=r"^open_hand: .* none of the seat's options \(method\)$"):
        foolsolve.answer(endgame, open_hand=True, method="exact")
    assert_one_line_error([endgame, "--no-store", "--method", "exact", "--samples", "3"],
                          "--samples: --method exact values every consistent world once and samples none")
    code, out, err = cli([endgame, "--no-store", "--scheduler", "tcp://127.0.0.1:1"])  # well formed: noted
    assert code == 0 and "not applied: --scheduler" in out, err


def test_perft_json_stopped_after_a_count_of_zero_prints_that_count(monkeypatch, tmp_path):
    # a finished game: the spec's count is 0 sequences, a count that finished, printed with the
    # engine's cut short (its total null)
    from foolsolve import perft as pf
    from tests.durak.helpers import finished_file
    from tests.generic.batch_helpers import call_main

    over = finished_file(tmp_path)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pf, "engine_perft", interrupted)
    code, out, err = call_main(["perft", str(over), "--depth", "1", "--json"])
    assert code == 130, err
    obj = json.loads(out)
    assert obj["spec"]["total"] == 0 and obj["engine"]["total"] is None and obj["agree"] is None, obj
    code, out, err = call_main(["perft", str(over), "--depth", "1"])  # the text form prints it too
    assert code == 130 and out == "spec: 0\n", (out, err)


EMPTY_READERS = [["show", "P"], ["moves", "P"], ["play", "P"], ["perft", "P", "--depth", "1"], ["why", "P", "take"],
                 ["view", "P", "--as", "0"], ["P", "--no-store"], ["solve", "P", "--no-store"],
                 ["conform", "durak", "--position", "P"]]
"""Every command that reads one position, ``P`` standing for the position argument."""


@pytest.mark.parametrize("text", [b"", b" \n\t\n", b"\xef\xbb\xbf"], ids=["nothing", "blanks", "byte-order-mark"])
@pytest.mark.parametrize("argv", EMPTY_READERS, ids=lambda a: a[0])
def test_empty_input_says_it_is_empty(argv, text, tmp_path):
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "empty.json"
    path.write_bytes(text)
    blanks = " (white space only)" if text.strip(b"\xef\xbb\xbf") else ""
    for where, stdin in ((str(path), b""), ("-", text)):
        if where == "-" and argv[0] in ("perft", "conform"):  # these read a file, not standard input
            continue
        code, out, err = call_main([where if a == "P" else a for a in argv], stdin=stdin)
        named = "standard input" if where == "-" else where
        assert code == 2 and out == "", (argv, err)
        assert err == f"foolsolve: error: {named}: empty{blanks}: no JSON in it\n", (argv, err)


def test_empty_input_is_an_input_error_from_python(tmp_path):
    import foolsolve

    path = tmp_path / "empty.json"
    path.write_text("")
    with pytest.raises(InputError, match=r"empty\.json: empty: no JSON in it$"):
        foolsolve.load(str(path))


@pytest.mark.parametrize("argv", [
    ["play", str(EXAMPLES / "durak-endgame.json"), "--interactive"],
    ["store", "clear"],
    ["arena", "durak", "--bot", "human", "--bot", "greedy", "--games", "1"],
])
def test_closed_standard_input_where_a_person_is_asked_is_one_line_error(argv, monkeypatch, capsys):
    """With standard input closed (<&-) play --interactive, store clear (no --yes) and arena's
    human bot give the one-line error other readers of standard input give, exit 2, nothing shown
    first and nothing deleted (never an internal error)."""
    monkeypatch.setattr("sys.stdin", None)  # as Python sets it where fd 0 is closed (<&-)
    with pytest.raises(SystemExit) as exc:
        main(argv)
    captured = capsys.readouterr()
    assert (exc.value.code, captured.out, captured.err) == (2, "", "foolsolve: error: standard input: closed\n")


def test_play_interactive_with_standard_input_closed_in_a_real_process():
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-m", "foolsolve", "play", str(EXAMPLES / "durak-endgame.json"),
                          "--interactive"], stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0),
                         capture_output=True, text=True, timeout=120)
    assert (res.returncode, res.stdout, res.stderr) == (2, "", "foolsolve: error: standard input: closed\n")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_play_interactive_on_endless_input_is_a_one_line_error_and_keeps_the_position(tmp_path):
    """play --interactive </dev/zero (input that never ends a line) is not the end of input: the
    endless-input error a batch gives, exit 2, the position so far still written to --out."""
    import subprocess
    import sys

    out = tmp_path / "end.json"
    with open("/dev/zero", "rb") as zero:
        res = subprocess.run([sys.executable, "-m", "foolsolve", "play", str(EXAMPLES / "durak-endgame.json"),
                              "--interactive", "--out", str(out)], stdin=zero, capture_output=True, text=True,
                             timeout=120)
    assert res.returncode == 2 and res.stderr == (
        "foolsolve: error: standard input: a line longer than 800 characters and no line end within 16 MiB; the "
        "rest of the input is not read\n")
    hands = [sorted(h) for h in json.loads((EXAMPLES / "durak-endgame.json").read_text())["hands"]]
    assert [sorted(h) for h in json.loads(out.read_text())["hands"]] == hands


LONG_NAME = "a" * 300
"""A file name longer than any file system holds (255 bytes a name)."""


@pytest.mark.parametrize("argv", [
    [f"{LONG_NAME}.json"], ["show", f"{LONG_NAME}.json"], ["batch", LONG_NAME],
    ["store", "stats", "--store", LONG_NAME], ["store", "export", "--store", LONG_NAME],
    ["store", "clear", "--yes", "--store", LONG_NAME], [str(EXAMPLES / "durak-endgame.json"), "--store", LONG_NAME],
])
def test_a_file_name_too_long_is_a_one_line_error_that_says_so(argv, tmp_path, monkeypatch):
    """A position file or a --store named over 255 bytes (a bare Path.exists() raises for it) is
    the one-line error, exit 2, the name shortened so the reason shows within the cut of a long
    line."""
    from tests.generic.batch_helpers import call_main

    monkeypatch.chdir(tmp_path)
    code, out, err = call_main(argv)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("foolsolve: error: "), err
    assert re.search(r"\.\.\.a+(\.json)? \(30[05] characters\)", err), err
    assert err.rstrip().endswith(("(File name too long)", "(the name is too long for the file system)")), err


@pytest.mark.parametrize(("address", "has"), [("tcp://localhost:8786/", "a path"), ("tcp://u@localhost:8786", "a user"),
                                              ("tcp://localhost:8786?x=1", "a query"),
                                              ("tcp://localhost:8786#x", "a fragment")])
def test_a_scheduler_address_with_more_than_host_and_port_is_malformed_not_unreachable(address, has):
    """``tcp://localhost:8786/`` (Dask would read ``8786/`` as the port) and an address with a user,
    a query or a fragment: one line saying the address is malformed and what it has, exit 2, before
    any connection is tried."""
    from foolsolve.executor import check_scheduler

    view = str(EXAMPLES / "views" / "durak-three-players.json")
    assert_one_line_error([view, "--no-store", "--scheduler", address],
                          f"--scheduler: malformed address \"{address}\": expected tcp://HOST:PORT and nothing else "
                          f"(it has {has})")
    with pytest.raises(InputError, match="malformed address"):
        check_scheduler(address)
    assert check_scheduler("tcp://localhost:8786") == ("localhost", 8786)
