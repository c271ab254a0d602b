"""conform.schema.json describes ``foolsolve conform --json``'s report, for foolsolve's own engine
and for an outside one (every report of tests/generic/test_conform_engine.py is held to it too)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from foolsolve.positions import load_schema
from tests.generic.batch_helpers import call_main
from tests.generic.test_conform_engine import ORACLE, SLOW, fake

VALIDATOR = jsonschema.Draft202012Validator(load_schema("conform.schema.json"))


def report(*argv: str) -> dict:
    code, out, err = call_main(["conform", *argv, "--json"])
    assert code in (0, 1), err
    obj = json.loads(out)
    VALIDATOR.validate(obj)
    return obj


def test_own_engines_report_fits_the_schema(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    obj = report("durak", "--cases", "2", "--seed", "3", "--max-steps", "30", "--players", "2",
                 "--rules", '{"deck": 36}')
    assert "engine" not in obj and obj["players"] == 2 and obj["rules"] == {"deck": 36}


def test_outside_engines_report_with_a_disagreement_fits_the_schema(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    obj = report("durak", "--cases", "1", "--seed", "2", "--max-steps", "20", "--engine", fake("other"),
                 "--engine-timeout", SLOW, "--every-move", "--replay", "0")
    assert obj["engine"] and obj["every_move"] is True


def test_outside_engines_clean_report_fits_the_schema(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    obj = report("three-fools", "--cases", "1", "--seed", "1", "--max-steps", "10", "--engine", ORACLE,
                 "--engine-timeout", SLOW, "--status")
    assert obj["disagreements"] == [] and obj["status"] is True


@pytest.mark.parametrize("field, value", [("unknown_field", 1), ("finished", -1), ("players", "two"), ("players", [2, 2]),
                                          ("player_counts", {"two": 1})])
def test_the_schema_refuses_a_report_that_drifts(field, value):
    """The schema is closed: a field the code adds without the schema, or a wrong type, fails it."""
    good = {"game": "durak", "cases": 1, "finished": 1, "agreeing": 1, "cut": 0, "max_steps": 10, "states": 3,
            "moves": 2, "sampled": 0, "timed_out": False, "interrupted": False, "divergence": None,
            "seconds": 0.1, "rules": None, "players": None, "player_counts": {"2": 1}}
    VALIDATOR.validate(good)
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate({**good, field: value})
