"""``foolsolve why`` names cards and ranks as a player reads them (Foolery's XVIII and Ace, not 18
and 1), says what follows a play in plain words, gives Fool's Paradise's totals against the value a
collection needs, and calls a fixed rule a fixed rule (as ``foolsolve rules`` lists it)."""

from __future__ import annotations

import json
from pathlib import Path

from foolsolve.spec.durak import SPEC as DURAK
from foolsolve.spec.foolery import SPEC as FOOLERY
from foolsolve.spec.fools_paradise import SPEC as FP
from foolsolve.why import explain
from tests.durak.helpers import pos
from tests.foolery.helpers import position as foolery
from tests.fools_paradise.helpers import position as fp_position
from tests.generic.test_cli import run

P = {"variant": "perevodnoy", "transfer_blocked_by_trump": False}


def _says(spec, state, move: str) -> list[str]:
    return [r.says for r in explain(spec, state, move, flips=False).reasons]


def test_foolery_reasons_name_trumps_and_ranks() -> None:
    trumps = foolery("9S", "AS XII II 7C 7D", "3C", table=[(2, "5C"), (0, "XVIII")], to_move=1)
    assert _says(FOOLERY, trumps, "play XII") == ["the highest trump played must be above XVIII, not XII"]
    five = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "4C 4D 4H 4S IV")], to_move=1)
    assert _says(FOOLERY, five, "play II") == ["a five of a kind of 4s is trumped by exactly 3 trumps, not 1",
                                               "the highest trump played must be above IV, not II"]
    pair = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "6C 6D")], to_move=1)
    assert _says(FOOLERY, pair, "play AS") == [
        "a pair of 6s is followed by another pair (or trumps, or the Fool), not a single Ace"]
    queens = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "QC QD")], to_move=1)
    assert _says(FOOLERY, queens, "play 7C 7D") == ["a pair of 7s is lower than a pair of Queens"]
    house = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "QC QD QH KC KD")], to_move=1)
    assert _says(FOOLERY, house, "play 7C 7D") == [
        "a full house of Queens is followed by another five-card hand (or trumps, or the Fool), not a pair of 7s"]


def test_fools_paradise_says_the_totals_against_the_played_card_s_value() -> None:
    s = fp_position(["KC QD 9H QS KS", "5C JC 8H JH 9S"], "2C QC AC 4D 8D")
    says = _says(FP, s, "collect QD: 8D 4D 2C")
    assert says == ["no value of the cards lets Q♦ collect 8♦ 4♦ 2♣ (each taken card at most the played card's "
                    "value, and their sum a multiple of it): Q♦ counts 12: the cards sum to 14, not a multiple of 12"]
    says = _says(FP, s, "collect 9H: QC")
    assert says[0].endswith("9♥ counts 9: Q♣ (12) is above 9; the cards sum to 12, not a multiple of 9")
    ace = _says(FP, s, "collect KC: AC 8D")[0]  # ace = "either": both values said
    assert "K♣ counts 13 (with A♣ at 1): the cards sum to 9, not a multiple of 13" in ace
    assert "K♣ counts 13 (with A♣ at 14): A♣ (14) is above 13; the cards sum to 22, not a multiple of 13" in ace


def test_a_fixed_rule_is_not_called_an_option(tmp_path: Path, capsys) -> None:
    s = pos(rules=P, hands=[["KC"], ["7D", "8D", "QS"], ["6H"]], table=[["7S", None]])
    exp = explain(DURAK, s, "transfer 7D")
    (r,) = exp.reasons
    assert r.option == "transfer_cap" and r.fixed
    assert "fixed rule transfer_cap" in r.text() and "option transfer_cap" not in r.text()
    path = tmp_path / "d.json"
    path.write_text(json.dumps(DURAK.state_to_json(s)), encoding="utf-8")
    code, out, err = run(["why", str(path), "transfer 7D"], capsys)
    assert code == 0, err
    assert "fixed rule transfer_cap (not an option" in out and "option transfer_cap" not in out
    code, out, _ = run(["why", str(path), "transfer 7D", "--json"], capsys)
    (j,) = json.loads(out)["reasons"]
    assert j["option"] == "transfer_cap" and j["fixed"] is True
    code, out, _ = run(["rules", "durak"], capsys)
    fixed = out[out.index("Fixed rules (not options):"):]
    assert "transfer_cap" in fixed
