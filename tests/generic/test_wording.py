"""The output reads as sentences: counts agree with their nouns (``1 game``, ``2 games``), an
answer without a principal variation has no ``PV:`` line, an open-hand answer prints no raw
``exact:``/``depth:`` lines, a stored result says it was read from the store (the text and the
report page alike), odds read ``win …, penalty …`` everywhere, IS-MCTS's note names its visits
column and marks the best in line, and a card without a suit is an error."""

from __future__ import annotations

import json
from pathlib import Path

from foolsolve.present import plural
from foolsolve.solver.base import value_text
from tests.generic.test_cli import assert_one_line_error, run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
DURAK_ENDGAME = str(EXAMPLES / "durak-endgame.json")


def test_plural_counts_with_thousands_and_irregular_forms():
    assert plural(1, "world") == "1 world"
    assert plural(0, "world") == "0 worlds"
    assert plural(12_345, "consistent world") == "12,345 consistent worlds"
    assert plural(1, "match", "matches") == "1 match" and plural(2, "match", "matches") == "2 matches"


def test_one_game_one_deal_one_world_are_singular(capsys):
    code, out, err = run(["conform", "foolery", "--cases", "1"], capsys)
    assert code == 0, err
    assert out.startswith("foolery: 1 game, ") and "1 games" not in out
    code, out, err = run(["arena", "foolery", "--bot", "random", "--bot", "greedy", "--games", "1"], capsys)
    assert code == 0, err
    assert "(1 deal, seed 1)" in out.splitlines()[0]
    code, out, err = run([DURAK_ENDGAME, "--as", "0", "--no-store"], capsys)
    assert code == 0, err
    assert "(1 consistent world)" in out.splitlines()[0]
    assert "Method: exact expectation: the one consistent world, valued open-hand (" in out
    assert "1 consistent worlds" not in out and out.splitlines()[-1].startswith("1 world in ")


def test_an_open_hand_estimate_prints_no_raw_details_and_no_empty_pv(capsys):
    args = [str(EXAMPLES / "durak-midbout.json"), "--open-hand", "--max-nodes", "20000", "--no-store"]
    code, out, err = run(args, capsys)
    assert code == 0, err
    assert "to depth 4 " in out and "(an estimate, not exact)" in out  # the Method line says both
    assert not [line for line in out.splitlines() if line.startswith(("exact:", "depth:", "PV:"))], out
    code, out, err = run([*args, "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["details"] == {"exact": False, "depth": 4, "method": json.loads(out)["details"]["method"]}


def test_pv_false_prints_no_pv_line_and_no_note_about_it(capsys):
    code, out, err = run([DURAK_ENDGAME, "-o", "pv=false", "--no-store"], capsys)
    assert code == 0, err
    assert "PV:" not in out and "principal variation" not in out
    assert "Note: distance: moves to the end" in out
    code, out, err = run([DURAK_ENDGAME, "--no-store"], capsys)  # with the line: it is there, and the note says so
    assert code == 0, err
    assert "PV:" in out and "the principal variation is played that way" in out


def test_a_stored_result_says_so_on_the_report_page_as_in_the_text(tmp_path, capsys):
    position = str(EXAMPLES / "foolery-endgame.json")
    pages = [tmp_path / "first.html", tmp_path / "again.html"]
    for page in pages:
        code, _, err = run(["report", position, "--out", str(page)], capsys)
        assert code == 0, err
    first, again = (p.read_text(encoding="utf-8") for p in pages)
    assert " nodes in " in first and "result store" not in first
    assert "read from the result store in " in again and "(solved first in " in again
    assert "0 nodes in" not in again
    code, out, err = run([position], capsys)
    assert code == 0, err
    assert out.splitlines()[-1].startswith("read from the result store in ")


def test_odds_read_win_then_penalty_in_the_text_and_the_report_even_from_the_store(tmp_path, capsys):
    stored = {"penalty": "0", "penalty_float": 0.0, "win": "1/2", "win_float": 0.5}  # the store sorts keys
    assert value_text(stored) == "win 1/2 (0.5000), penalty 0 (0.0000)"
    position = str(EXAMPLES / "three-fools-first-round.json")
    code, out, err = run([position], capsys)
    assert code == 0, err
    value = out.splitlines()[0].split("Value: ")[1].split(" (round odds")[0]
    assert value.startswith("win ") and ", penalty " in value
    page = tmp_path / "r.html"
    code, _, err = run(["report", position, "--out", str(page)], capsys)  # read from the store
    assert code == 0, err
    html = page.read_text(encoding="utf-8")
    assert value in html and "), win " not in html
    code, out, err = run([position], capsys)
    assert code == 0, err
    assert out.splitlines()[0].split("Value: ")[1].startswith(value)


def test_ismcts_note_names_the_visits_column_and_the_best_mark_is_in_line(capsys):
    code, out, err = run([str(EXAMPLES / "views" / "fools-and-angels.json"), "--method", "ismcts", "--samples", "200"],
                         capsys)
    assert code == 0, err
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("move"))
    header = lines[at]
    assert header.endswith("visits")
    rows = lines[at + 1:lines.index("", at)]
    assert any(r.endswith("  *") for r in rows)
    for r in rows:  # every count ends under "visits", the mark after it
        assert r[:len(header)][-1].isdigit() and r[len(header):] in ("", "  *"), r
    note = next(line for line in lines if line.startswith("Note: IS-MCTS"))
    assert "visits" in note and "'worlds' per move" not in note
    assert lines[-1].startswith("200 iterations in ")


def test_capture_refuses_a_card_without_a_suit(capsys):
    code, _, err = run(["fools-paradise", "capture", "--hand", "2 3 9 K A", "--centre", "J 2 K 5 6"], capsys)
    assert_one_line_error(code, err, 'hand: card "2" has no suit', "--ranks-only")
    code, out, err = run(["fools-paradise", "capture", "--hand", "2 3 9 K A", "--centre", "J 2 K 5 6",
                          "--ranks-only"], capsys)
    assert code == 0, err
    assert "Hand    2 3 9 K A" in out and "♠" not in out
