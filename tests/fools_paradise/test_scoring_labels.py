"""The scoring of 000 is lost (§Points stops at "Here is the break down for how to count your points"):
every printed result says which reconstructed options its scores rest on, and ``card_points`` cites the
one sentence of the text that weighs collections against each other (the worked example)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foolsolve.rules import options_of, scoring_caveat
from foolsolve.spec.fools_paradise import SPEC, Rules
from tests.generic.test_cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
ENDGAME_MOVES = ["lay 4♣", "lay 8♣", "lay Q♣", "lay 8♦", "lay A♦", "lay K♦", "lay 8♥", "lay 2♥", "lay J♠"]


def test_game_over_line_names_the_reconstructed_scoring(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "last.json"
    code, _, err = run(["play", str(EXAMPLES / "fools-paradise-endgame.json"), *ENDGAME_MOVES,
                        "--out", str(out_file)], capsys)
    assert code == 0, err
    code, out, err = run(["play", str(out_file), "lay Q♥"], capsys)
    assert code == 0, err
    over = [line for line in out.splitlines() if "game over" in line]
    assert over and all("(scoring reconstructed: card_points=value, last_card_sweep_counts_as_clear=false)" in line
                        for line in over), out
    obj = json.loads(out_file.read_text(encoding="utf-8"))
    obj.pop("scores", None)
    obj["rules"] = {"card_points": "count"}
    out_file.write_text(json.dumps(obj), encoding="utf-8")
    code, out, err = run(["play", str(out_file), "lay Q♥"], capsys)
    assert code == 0 and "scoring reconstructed: card_points=count" in out, err


def test_scoring_caveat_comes_from_the_options_declared_scoring() -> None:
    scoring = {o.name for o in options_of(Rules) if o.scoring}
    assert scoring == {"card_points", "last_card_sweep_counts_as_clear"}
    assert all(o.reconstructed for o in options_of(Rules) if o.scoring)
    assert scoring_caveat(Rules(card_points="count")) == (
        " (scoring reconstructed: card_points=count, last_card_sweep_counts_as_clear=false)")
    assert scoring_caveat(None) == ""


def _banked(move: str, card_points: str) -> int:
    obj = json.loads((EXAMPLES / "fools-paradise-worked-example.json").read_text(encoding="utf-8"))
    obj["rules"]["card_points"] = card_points
    state = SPEC.state_from_json(obj)
    after = SPEC.apply(state, SPEC.parse_move(state, move))
    return after.scores()[0]


def test_card_points_cites_the_worked_example_as_the_texts_one_hint() -> None:
    # 000 §Collecting Cards: K+K alone "would be a waste"; K+K+5+6+2 is "the most efficient play"
    opt = next(o for o in options_of(Rules) if o.name == "card_points")
    assert "This would be a waste" in opt.source and "the most efficient play" in opt.source
    assert opt.default == "value"
    plays = {"kk": "collect KS: KH", "kkj2": "collect KS: KH JH 2S", "kk562": "collect KS: KH 6C 5D 2S"}
    value = {k: _banked(m, "value") for k, m in plays.items()}
    count = {k: _banked(m, "count") for k, m in plays.items()}
    # what the doc says of each choice
    assert count["kk562"] > max(count["kkj2"], count["kk"])  # count: the single best of the four
    assert value["kk562"] == value["kkj2"] == 39 > value["kk"]  # value: ties K+K+J+2 at 39
    assert "count makes that play the single best" in opt.doc and "value ties it with K+K+J+2 (39 each)" in opt.doc


def test_why_on_the_last_card_cites_the_end_of_the_game_and_its_scoring(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 000 §Ending: "After the game ends, collected cards are inspected and counted for points."
    out_file = tmp_path / "last.json"
    code, _, err = run(["play", str(EXAMPLES / "fools-paradise-endgame.json"), *ENDGAME_MOVES,
                        "--out", str(out_file)], capsys)
    assert code == 0, err
    code, out, err = run(["why", str(out_file), "lay Q♥", "--json"], capsys)
    assert code == 0, err
    end = next(r for r in json.loads(out)["reasons"] if r["rule"] == "result")
    assert end["section"] == "Ending" and "counted for points" in end["quote"] and end["option"] == "card_points"
    assert "player 1 wins (scoring reconstructed: card_points=value" in end["says"]


def test_picture_heading_wraps_the_result_with_its_scoring_caveat(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    from foolsolve.svg import HEAD_PER_LINE

    out_file = tmp_path / "last.json"
    code, _, err = run(["play", str(EXAMPLES / "fools-paradise-endgame.json"), *ENDGAME_MOVES, "lay Q♥",
                        "--out", str(out_file)], capsys)
    assert code == 0, err
    svg = tmp_path / "end.svg"
    code, _, err = run(["show", str(out_file), "--svg", str(svg)], capsys)
    assert code == 0, err
    import xml.etree.ElementTree as ET

    bold = [t.text or "" for t in ET.parse(svg).iter("{http://www.w3.org/2000/svg}text")
            if t.get("font-weight") == "bold"][:2]
    assert " ".join(bold).startswith("Fool's Paradise — game over: scores") and "scoring reconstructed" in " ".join(bold)
    assert len(bold) == 2 and bold[1].endswith("last_card_sweep_counts_as_clear=false)")
    assert all(len(x) <= HEAD_PER_LINE for x in bold)
