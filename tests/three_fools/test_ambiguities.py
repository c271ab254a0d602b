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


def test_a_position_no_choice_can_answer_is_a_one_line_error_not_a_comparison_of_errors(tmp_path):
    # a fresh deal: the round odds need a round about to be led; each choice's line was an error, exit 0
    deal = str(resources.files("foolsolve").joinpath("examples", "three-fools-deal.json"))
    out_file = tmp_path / "a.json"
    code, out, err = call_main(["ambiguities", "three-fools", "--option", "max_hand", "--position", deal,
                                "--no-witness", "--no-store", "--out", str(out_file)])
    assert code == 2 and out == "" and not out_file.exists(), (out, err)
    error = [ln for ln in err.splitlines() if ln.startswith("foolsolve: error: ")]
    assert error == ["foolsolve: error: --position: no choice of max_hand can be answered at this position: phase: "
                     "round odds need a round about to be led (phase flip or lead), not start"], err
