"""``foolsolve ambiguities three-fools``: values written as JSON writes them (in a stable order), a
note where the position's own fields fix what the option would set, and the mean over deals named
for what it is (the leader's chance of winning the opening round)."""

from __future__ import annotations

import json
from importlib import resources

from tests.generic.batch_helpers import call_main

FIRST = str(resources.files("foolsolve").joinpath("examples", "three-fools-first-round.json"))


def test_values_at_a_position_are_written_as_json_in_a_stable_order():
    code, out, err = call_main(["ambiguities", "three-fools", "--option", "roshambo_format", "--position", FIRST,
                                "--no-witness", "--no-store"])
    assert code == 0, err
    lines = [ln for ln in out.splitlines() if ": best " in ln]
    assert len(lines) == 2 and "{'" not in out, out
    for ln in lines:
        value = json.loads(ln.split("; value ", 1)[1].rsplit(" (", 1)[0])
        assert list(value) == sorted(value), ln


def test_an_option_the_positions_own_fields_fix_gets_one_note_line_not_agree():
    for option, field in (("binary_start", "binary"), ("max_hand", "max_hand")):
        code, out, err = call_main(["ambiguities", "three-fools", "--option", option, "--position", FIRST,
                                    "--no-witness", "--no-store"])
        assert code == 0, err
        notes = [ln for ln in out.splitlines() if ln.startswith("note:")]
        assert len(notes) == 1 and f"option {option} cannot matter" in notes[0] \
            and f"the position's own {field}" in notes[0], out
        assert "agree" not in out, out
        code, out, err = call_main(["ambiguities", "three-fools", "--option", option, "--position", FIRST,
                                    "--no-witness", "--no-store", "--json"])
        assert code == 0 and "cannot_matter" in json.loads(out)["position"], out


def test_the_mean_over_deals_is_named_the_leaders_chance_of_winning_the_opening_round():
    code, out, err = call_main(["ambiguities", "three-fools", "--option", "max_hand", "--deals", "2",
                                "--no-witness", "--no-store"])
    assert code == 0, err
    assert "mean final result" not in out, out
    assert "mean chance that the leader wins the opening round: {" in out, out
    code, out, err = call_main(["ambiguities", "three-fools", "--option", "max_hand", "--deals", "2",
                                "--no-witness", "--no-store", "--json"])
    deals = json.loads(out)["deals"]
    assert deals["mean_definition"] == "mean chance that the leader wins the opening round"
