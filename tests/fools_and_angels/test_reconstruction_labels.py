"""Every reconstruction of the lost lists of 003 is visible in ``foolsolve rules fools-and-angels`` with its
real source, and nothing reconstructed is presented as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foolsolve.spec.fools_and_angels import RECONSTRUCTIONS
from tests.generic.test_cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
FACE_ONLY = {"game": "fools-and-angels", "phase": "turn", "to_move": 0,
             "hands": [["3C", "5C"], ["JD", "QH"]], "stocks": [["2C"], ["2D"]]}


def _reconstructed_section(out: str) -> str:
    start = out.index("\nReconstructed (")
    return out[start:out.index("\nReconstructed with one sensible reading")]


def test_end_of_turn_is_listed_among_the_reconstructions(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES-NOTES §4 "Reconstruction (the lost lists) ... End of turn: nothing beyond the forfeit check"
    code, out, _ = run(["rules", "fools-and-angels"], capsys)
    assert code == 0
    assert "end_of_turn" in _reconstructed_section(out)
    assert "Fixed rules" not in out
    code, js, _ = run(["rules", "fools-and-angels", "--json"], capsys)
    end = next(o for o in json.loads(js) if o["name"] == "end_of_turn")
    assert end["reconstructed"] is True and end["kind"] == "fixed"


def test_take_uncancelled_is_a_listed_reading_cited_from_the_qa(capsys: pytest.CaptureFixture[str]) -> None:
    # the defender taking the cards a one-colour defence did not cancel rests on the Q&A ("pick up the J♦")
    entry = next(r for r in RECONSTRUCTIONS if r.name == "take_uncancelled")
    assert "pick up the J♦" in entry.source
    code, out, _ = run(["why", str(EXAMPLES / "fools-and-angels-defence-003.json"), "defend red with 9C", "--json"],
                       capsys)
    assert code == 0
    reasons = json.loads(out)["reasons"]
    take = next(r for r in reasons if "take_uncancelled" in r["says"])
    assert "pick up the J♦" in take["quote"] and "2♣ 2♠" in take["says"]
    assert not any("takes the rest" in r["says"] for r in reasons if "9-black" in r["quote"])
    code, out, _ = run(["rules", "fools-and-angels"], capsys)
    assert "take_uncancelled:" in out and "face_only_attacked_loses_game:" in out


def test_face_only_attacked_loses_game_names_its_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 003 "A player with only face cards in their hand cannot attack, and loses when attacked": read as the game
    entry = next(r for r in RECONSTRUCTIONS if r.name == "face_only_attacked_loses_game")
    assert "defence" in entry.reason and "loses when attacked" in entry.source
    path = tmp_path / "p.json"
    path.write_text(json.dumps(FACE_ONLY), encoding="utf-8")
    code, out, err = run(["why", str(path), "attack 3C"], capsys)
    assert code == 0, err
    assert "the game ends: player 0 wins" in out and "face_only_attacked_loses_game" in out
    assert "loses when attacked" in out


def test_put_away_cards_are_labelled_as_following_from_the_reconstructed_stocks(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["show", str(EXAMPLES / "fools-and-angels-defence-003.json")], capsys)
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("put away at setup"))
    assert line.startswith("put away at setup (003, by the reconstructed stocks): ")


def test_why_names_the_temptation_a_turn_ending_after_a_pool_draw_sets_off(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # 003 Temptation: "if you draw any number of cards from the pool, your opponent may discard one of their cards"
    obj = {"game": "fools-and-angels", "rules": {"temptation": True}, "phase": "regroup", "to_move": 0,
           "hands": [["2C", "AC", "7D"], ["3D", "4D", "5D"]], "stocks": [["6S", "5S"], ["6H", "4H"]],
           "pool": ["9C", "JD", "8S"], "turns_done": 2, "drawn": 1, "drew_pool": True}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    code, out, err = run(["why", str(path), "stop", "--json"], capsys)
    assert code == 0, err
    tempt = next(r for r in json.loads(out)["reasons"] if r["rule"] == "end_turn")
    assert tempt["section"] == "Temptation" and tempt["option"] == "temptation" and "player 1" in tempt["says"]
    obj["drew_pool"] = False  # no pool draw: nothing set off
    path.write_text(json.dumps(obj), encoding="utf-8")
    _, out, _ = run(["why", str(path), "stop", "--json"], capsys)
    assert [r["rule"] for r in json.loads(out)["reasons"]] == ["draw_reasons"]
