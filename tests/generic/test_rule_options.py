"""Rule options as data: validation, JSON, random draws, listing."""

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.positions import validate_schema
from foolsolve.rules import (
    json_text,
    option,
    option_schema,
    options_of,
    random_rules,
    rules_from_json,
    rules_to_json,
    schema_with_rules,
)


@dataclass(frozen=True)
class ToyRules:
    deck: int = option(36, choices=(36, 52), doc="Cards in the deck.", source="001 §General")
    mode: str = option("a", choices=("a", "b"), doc="Mode.", source="nowhere", reconstructed=True)
    cap: bool = option(True, doc="A fixed rule.", source="001", fixed=True, choices=(True,))


def test_defaults_and_listing():
    r = rules_from_json(ToyRules, None)
    assert r == ToyRules()
    infos = {o.name: o for o in options_of(ToyRules)}
    assert infos["mode"].reconstructed and infos["cap"].fixed and infos["deck"].source == "001 §General"


def test_unknown_option_names_the_field():
    with pytest.raises(InputError, match=r"rules\.decks: unknown rule option"):
        rules_from_json(ToyRules, {"decks": 52})


def test_unknown_option_says_the_near_name_and_where_the_options_are(capsys):
    """An unknown option's line is short and whole: the game's option near it ("did you mean"),
    the other game it is an option of, and the game's options listed where short, else the command
    that lists them (Durak's list ran past the error's width, cut before ``variant``)."""
    from tests.generic.test_cli import assert_one_line_error, run

    durak = games.get("durak").spec.rules_cls
    with pytest.raises(InputError, match=r"^rules\.varient: unknown rule option; did you mean \"variant\"\? \(Durak's \d+ "
                                         r"options: see foolsolve rules durak\)$"):
        rules_from_json(durak, {"varient": "simple"})
    with pytest.raises(InputError, match=r"^rules\.ace: unknown rule option \(an option of Fool's Paradise, not of "
                                         r"Durak; Durak's \d+ options: see foolsolve rules durak\)$"):
        rules_from_json(durak, {"ace": 1})
    with pytest.raises(InputError, match=r"^rules\.dek: unknown rule option; did you mean \"decks\"\? \(known: ace, "
                                         r"card_points, decks, "):
        rules_from_json(games.get("fools-paradise").spec.rules_cls, {"dek": 1})
    with pytest.raises(InputError, match=r"^rules\.decks: unknown rule option; did you mean \"deck\"\? \(known: cap, deck, "
                                         r"mode\)$"):
        rules_from_json(ToyRules, {"decks": 52})
    code, _out, err = run(["deal", "durak", "--rules", '{"varient": "simple"}'], capsys)
    assert_one_line_error(code, err, "rules.varient: unknown rule option; did you mean \"variant\"? (Durak's ")
    assert "more character" not in err


def test_bad_value_names_the_field_and_the_choices():
    with pytest.raises(InputError, match=r"rules\.deck: 40 is not one of 36 \| 52"):
        rules_from_json(ToyRules, {"deck": 40})
    with pytest.raises(InputError, match="rules: expected an object"):
        rules_from_json(ToyRules, [1])


def test_json_round_trip_and_only_changed():
    r = rules_from_json(ToyRules, {"deck": 52})
    assert rules_from_json(ToyRules, rules_to_json(r)) == r
    assert rules_to_json(r, only_changed=True) == {"deck": 52}


def test_random_rules_cover_choices_and_respect_pins():
    import random

    rng = random.Random(1)
    seen = {random_rules(ToyRules, rng).deck for _ in range(50)}
    assert seen == {36, 52}
    assert all(random_rules(ToyRules, rng, deck=52).deck == 52 for _ in range(10))


# --- the rule options in the position schemas ---------------------------------------------------

_SCHEMAS = Path(__file__).resolve().parents[2] / "foolsolve" / "schemas"


@pytest.mark.parametrize("name", games.names())
def test_every_rule_option_is_in_its_games_schema_with_its_allowed_values(name):
    """Every game's schema lists every option of its rules dataclass (.ci/rules-schemas writes
    them), with its allowed values, and no other key: what the schema accepts the CLI reads."""
    info = games.get(name)
    text = (_SCHEMAS / info.schema).read_text(encoding="utf-8")
    assert schema_with_rules(text, info.spec.rules_cls) == text, "run .ci/rules-schemas"
    rules = json.loads(text)["properties"]["rules"]
    assert rules["additionalProperties"] is False
    assert set(rules["properties"]) == {o.name for o in options_of(info.spec.rules_cls)}
    for o in options_of(info.spec.rules_cls):
        assert rules["properties"][o.name] == option_schema(o)
        if o.choices is not None:
            assert rules["properties"][o.name]["enum"] == [json.loads(json_text(c)) for c in o.choices]


@pytest.mark.parametrize("name", games.names())
def test_an_unknown_or_misspelt_rule_option_fails_the_schema(name):
    info = games.get(name)
    spec = info.spec
    example = spec.state_to_json(spec.deal(spec.rules_cls(), spec.min_players, random.Random(0)))
    validate_schema(example, info.schema)
    with pytest.raises(InputError, match="foo"):
        validate_schema({**example, "rules": {"foo": 1}}, info.schema)
    first = next(o for o in options_of(info.spec.rules_cls) if o.choices and isinstance(o.choices[0], str))
    with pytest.raises(InputError):
        validate_schema({**example, "rules": {first.name: first.choices[0].title() + "x"}}, info.schema)


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("args", [
    [".ci/rules-schemas", "--bogus"],
    ["tests/make_test_data.py", "perft", "nosuch", "x.json"],
    ["tests/make_test_data.py", "recount", "durak", "nosuchname"],
])
def test_the_data_writers_refuse_bad_input_in_one_line_with_exit_2(args: list[str]) -> None:
    """Nothing is written: a bad game, a stored position name that is not there, an unknown flag."""
    import subprocess
    import sys

    run = subprocess.run([sys.executable, str(ROOT / args[0]), *args[1:]], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and " error: " in run.stderr, run.stderr


def test_rules_schemas_help_prints_its_usage_and_writes_nothing() -> None:
    import subprocess
    import sys

    before = {p: p.read_bytes() for p in (ROOT / "foolsolve" / "schemas").glob("*.json")}
    run = subprocess.run([sys.executable, str(ROOT / ".ci" / "rules-schemas"), "--help"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0 and "--check" in run.stdout and "written" not in run.stdout
    assert {p: p.read_bytes() for p in before} == before


@pytest.mark.parametrize("argv", [["solve", "-o", "variant=simple"], ["-o", "variant=simple"]])
def test_a_rule_option_given_as_a_solver_option_says_where_rule_options_go(tmp_path, capsys, argv):
    """``-o variant=simple`` is Durak's rule option, no solver's: the line says so and where rule
    options go, not only the solvers' option lists."""
    from foolsolve.errors import OptionError
    from foolsolve.solver.base import SolveOptions, check_extra
    from tests.generic.test_cli import assert_one_line_error, run

    f = tmp_path / "endgame.json"
    f.write_text(json.dumps({"game": "durak", "trump": "S", "hands": [["6H"], ["7H"]], "stock": [], "attacker": 0,
                             "defender": 1}))
    code, _out, err = run([*argv, str(f)], capsys)
    assert_one_line_error(code, err, "option variant: a rule option of Durak, not a solver option: rule options go in "
                          "the position's \"rules\" object (or --rules, where the command has it)")
    with pytest.raises(OptionError, match=r"^option ace: a rule option of Fool's Paradise, not a solver option: "):
        check_extra(SolveOptions(extra={"ace": 1}), ("pv",), "Durak")
    with pytest.raises(OptionError, match=r"^option nosuch: unknown Durak solver option \(known: pv\)$"):
        check_extra(SolveOptions(extra={"nosuch": 1}), ("pv",), "Durak")
    from foolsolve.batch import _check_extra

    with pytest.raises(OptionError, match=r"^option variant: a rule option of Durak, not a solver option: "):
        _check_extra({"variant": "simple"})


def test_rules_shows_every_options_allowed_values(capsys):
    """``foolsolve rules GAME`` (text and --json) gives every option's allowed values, open-ended ones
    too, read from what checks them: the choices, the registry of face effects, the schema's range."""
    from foolsolve.spec.fools_and_angels import FACE_EFFECTS, HAND_LIMIT_MAX
    from foolsolve.spec.fools_paradise import MAX_DECKS
    from tests.generic.test_cli import run

    def allowed(game):
        code, out, err = run(["rules", game, "--json"], capsys)
        assert code == 0, err
        return {o["name"]: o["allowed"] for o in json.loads(out) if o["kind"] != "listed" and "allowed" in o}

    fa = allowed("fools-and-angels")
    assert fa["hand_limit"] == f"1..{HAND_LIMIT_MAX}" and fa["exchange"] == "false | true"
    assert all(json_text(name) in fa["face_effects"] for name in FACE_EFFECTS) and '"whole_only"' in fa["face_effects"]
    assert allowed("fools-paradise")["decks"] == f"1..{MAX_DECKS}"
    roshambo = allowed("three-fools")["roshambo"]
    assert roshambo.startswith('"uniform" | ') and '"p/q"' in roshambo and "summing to 1" in roshambo
    for name in games.names():  # every option of every game says its values
        got = allowed(name)
        assert len(got) == len(options_of(games.get(name).spec.rules_cls)) and all(got.values()), name
    code, out, err = run(["rules", "fools-and-angels"], capsys)
    assert code == 0, err
    assert "  hand_limit = 7  [1..48]\n" in out and '  face_effects = {"J": "whole_only"' in out
    assert '[{"J"|"Q"|"K": "none" | "whole_only"} (a rank left out keeps its default)]' in out
