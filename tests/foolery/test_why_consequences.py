"""``foolsolve why`` names the rules a Foolery move sets off (the trick won, a place taken, the round
over), not only the rule that allows it; and the skip's "following player" reading is named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foolsolve.cli import main
from foolsolve.rules import options_of
from foolsolve.spec.foolery import RECONSTRUCTIONS, SPEC, Rules
from tests.generic.test_cli import run

STUCK = {"game": "foolery", "players": 3, "dealer": 0, "to_move": 2,
         "hands": [["Fool"], ["4C", "5D"], ["6C", "7C"]], "table": [{"player": 0, "cards": ["KC"]}], "passed": [1],
         "places": [None, None, None]}
SKIP_PAST_OUT = {"game": "foolery", "players": 4, "dealer": 0, "to_move": 1,
                 "hands": [["5H", "9S"], ["5D", "2C"], [], ["6C", "QD"]], "table": [{"player": 0, "cards": ["5C"]}],
                 "places": [None, None, 1, None]}
LAST_TWO = {"game": "foolery", "players": 3, "dealer": 0, "to_move": 1,
            "hands": [[], ["3C"], ["4C", "9H"]], "places": [1, None, None]}


def _why(obj: dict, move: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    code, out, err = run(["why", str(path), move, "--json"], capsys)
    assert code == 0, err
    return json.loads(out)


def test_stuck_fool_rule_is_cited_when_a_pass_leaves_a_player_holding_only_the_fool(tmp_path, capsys) -> None:
    # 004 §Fool: "If you get stuck with it and nothing else to lead, you are automatically the Peasant"
    exp = _why(STUCK, "pass", tmp_path, capsys)
    rules = {r["rule"]: r for r in exp["reasons"]}
    assert "stuck_fool" in rules and "end_trick" in rules
    assert "you are automatically the Peasant" in rules["stuck_fool"]["quote"]
    assert "player 0" in rules["stuck_fool"]["says"] and "Peasant" in rules["stuck_fool"]["says"]
    assert "player 0, the last to play, wins the trick" in rules["end_trick"]["says"]


def test_going_out_and_the_end_of_the_round_are_cited(tmp_path, capsys) -> None:
    # 004 §Titles: "First out: King" ... "Last out: Peasant": player 1 plays her last card (Prince of 3:
    # Noble), player 2 is left holding cards (Peasant), the round is over
    exp = _why(LAST_TWO, "play 3C", tmp_path, capsys)
    rules = [r["rule"] for r in exp["reasons"]]
    assert rules[0] == "lead_reasons" and {"going_out", "last_out", "end_of_round"} <= set(rules), rules
    end = next(r for r in exp["reasons"] if r["rule"] == "end_of_round")
    assert end["section"] == "Titles" and "King: player 0" in end["says"]


def test_why_legal_consequences_name_only_what_changed() -> None:
    # a lead that neither ends a trick nor fixes a place cites the lead rule alone
    state = SPEC.state_from_json(SKIP_PAST_OUT | {"to_move": 0, "table": [], "hands": [["5H", "9S", "5C"], ["5D", "2C"],
                                                                                       [], ["6C", "QD"]]})
    assert [r.rule for r in SPEC.why_legal(state, SPEC.parse_move(state, "play 5H"))] == ["lead_reasons"]


def test_skip_following_player_still_holding_cards_is_a_listed_reading(tmp_path, capsys) -> None:
    # 004 §Follow "the following player is skipped": player 2 has gone out, so player 3 is skipped
    assert any(r.name == "following_player_holding_cards" for r in RECONSTRUCTIONS)
    exp = _why(SKIP_PAST_OUT, "play 5D", tmp_path, capsys)
    skip = next(r for r in exp["reasons"] if r["rule"] == "skips_next")
    assert "player 3" in skip["says"] and "following_player_holding_cards" in skip["says"]
    main(["rules", "foolery"])
    assert "following_player_holding_cards:" in capsys.readouterr().out


def test_skip_with_two_is_a_reconstruction() -> None:
    # RULES-NOTES §5 lists the skip with two players left among the open points: 004 is silent there
    opt = next(o for o in options_of(Rules) if o.name == "skip_with_two")
    assert opt.reconstructed and opt.default == "trick_won" and "silent" in opt.source
