"""``foolsolve why`` in a player's words: a long list of legal moves capped with its count and where to see
them all, what the move does without internal numbers (``to_move: 2 -> -1``) or whole records, and option
values under which the position could not arise left out unless they would decide the move;
``--verbose`` and ``--json`` keep everything."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from foolsolve.why import MOVES_SHOWN, effect_words, moves_line
from tests.generic.test_cli import run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
FP_ENDGAME_MOVES = ["lay 4♣", "lay 8♣", "lay Q♣", "lay 8♦", "lay A♦", "lay K♦", "lay 8♥", "lay 2♥", "lay J♠"]


@pytest.fixture
def fp_last(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A Fool's Paradise position one card from the end, with 1,360 legal moves."""
    out = tmp_path / "last.json"
    code, _, err = run(["play", str(EXAMPLES / "fools-paradise-endgame.json"), *FP_ENDGAME_MOVES, "--out", str(out)],
                       capsys)
    assert code == 0, err
    return str(out)


def test_why_legal_moves_line_is_capped_with_the_count_and_how_to_see_all(fp_last, capsys) -> None:
    code, out, _ = run(["why", fp_last, "lay Q♥"], capsys)
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("Legal moves"))
    assert line.startswith(f"Legal moves (1,360; the first {MOVES_SHOWN}): ")
    assert line.endswith(f"and {1360 - MOVES_SHOWN:,} more (foolsolve moves POSITION lists them all)")
    assert line.count("collect ") == MOVES_SHOWN
    code, out, _ = run(["why", fp_last, "lay Q♥", "--verbose"], capsys)
    line = next(x for x in out.splitlines() if x.startswith("Legal moves"))
    assert line.count(", ") == 1359
    _, out, _ = run(["why", fp_last, "lay Q♥", "--json"], capsys)
    assert len(json.loads(out)["legal_moves"]) == 1360
    assert moves_line(["pass"]) == "Legal moves: pass" and moves_line([]) == "Legal moves: none (the game is over)"


def test_why_effect_says_game_over_instead_of_the_to_move_number(fp_last, capsys) -> None:
    _, out, _ = run(["why", fp_last, "lay Q♥"], capsys)
    effect = out[out.index("What it does:"):]
    assert "  to move: player 1 -> game over\n" in effect and "to_move" not in effect
    _code, out, _ = run(["why", fp_last, "lay Q♥", "--json"], capsys)
    raw = json.loads(out)["effect"]  # the JSON keeps the position's own fields, as --verbose prints them
    assert "scores: [105, 165] -> [105, 312]" in raw and not any("game over" in x for x in raw)
    _, out, _ = run(["why", fp_last, "lay Q♥", "--verbose"], capsys)
    assert "What it does:\n" + "".join(f"  {x}\n" for x in raw) in out


def test_why_leaves_out_position_refusals_that_would_not_change_the_verdict(fp_last, capsys) -> None:
    # decks = 2: "the position lists 52 cards": true of every Fool's Paradise position, nothing to do with the move
    _, out, _ = run(["why", fp_last, "lay Q♥"], capsys)
    assert "could not arise" not in out and "decks = 2" not in out
    assert "the position lists 52 cards" not in out
    _code, out, _ = run(["why", fp_last, "lay Q♥", "--verbose"], capsys)
    assert "  decks = 2: stock: the position lists 52 cards" in out
    _, out, _ = run(["why", fp_last, "lay Q♥", "--json"], capsys)
    assert [x["option"] for x in json.loads(out)["options_that_make_it_impossible"]] == ["decks", "decks"]


def test_why_effect_words_read_slots_words_and_fold_long_records() -> None:
    spec = SimpleNamespace(result=lambda s: None, to_move=lambda s: s, field_words={},
                           meta=SimpleNamespace(deck=None))  # (no deck: cards as written)
    before = {"to_move": 2, "centre": ["JoR", "4R", None], "declared": "P", "streak": 1,
              "rounds": [{"leader": 2, "cards": ["5S", "9R", "JP"], "winner": 2, "bonus": [["5P", "QR", "QS"]]}]}
    after = {"to_move": -1, "centre": [None, None, None], "declared": None, "streak": 2,
             "rounds": [*before["rounds"], {"leader": 0, "cards": ["10S", "QP", "3P"], "winner": 0, "bonus": []}]}
    assert effect_words(spec, 2, -1, before, after) == [
        "declared: P -> none", "rounds: + leader 0: 10S QP 3P, winner 0, bonus none", "streak: 1 -> 2",
        "the centre: -JoR 4R", "to move: player 2 -> chance"]
    # a trick's plays emptied; a record too long for a line folded (why --verbose and --json keep it)
    table = {"to_move": 1, "table": [{"player": 0, "cards": ["KC"]}], "log": [{"text": "x" * 120}]}
    assert effect_words(spec, 1, 1, table, {"to_move": 1, "table": [], "log": [{"text": "y" * 120}]}) == [
        "log: changed (why --verbose shows how)", "the table: emptied"]


def test_a_one_line_error_lists_at_most_20_legal_moves_and_says_how_many_more() -> None:
    """A Fool's Paradise turn may have over a thousand legal moves: the one-line error of a MOVE
    that names none (``why``, ``play``, the oracle's records) lists the first 20, how many more, and
    where to see them all; 20 or fewer are listed whole."""
    from foolsolve.why import MOVES_SHOWN, not_a_move

    many = [f"move {i}" for i in range(35)]
    said = str(not_a_move("x", "no such move", many))
    assert "move 19, and 15 more (foolsolve moves POSITION lists them all)" in said and "move 20" not in said
    assert MOVES_SHOWN == 20 and said.count("move ") == 20
    assert str(not_a_move("x", "no such move", many[:20])).endswith("; legal moves: " + ", ".join(many[:20]))
    assert str(not_a_move("x", "no such move", [])).endswith("; legal moves: none (the game is over)")
