"""Output for programs: ``--ascii`` (cards as position files write them, whatever the terminal),
a move's ASCII text from Python, ``show --json`` (who is to move, whether the game is over and its
result, the legal moves) and ``moves`` on a finished game."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from foolsolve import games
from foolsolve.cards import ascii_cards
from foolsolve.cli import load_position
from foolsolve.positions import load_schema
from tests.generic.batch_helpers import call_main

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
MIDBOUT = str(EXAMPLES / "durak-midbout.json")


def status_validator() -> jsonschema.Draft202012Validator:
    schema = load_schema("oracle.schema.json")
    return jsonschema.Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/status"})


@pytest.mark.parametrize("argv", [["moves", MIDBOUT], ["moves", MIDBOUT, "--json"], ["play", MIDBOUT, "cover 8D with 9D"],
                                  ["perft", MIDBOUT, "--depth", "1", "--divide"],
                                  ["perft", MIDBOUT, "--depth", "1", "--divide", "--json"], ["why", MIDBOUT, "take"],
                                  ["why", MIDBOUT, "take", "--json"], ["show", MIDBOUT], ["show", MIDBOUT, "--json"]],
                         ids=lambda a: " ".join(x for x in a if x != MIDBOUT))
def test_ascii_writes_the_cards_as_position_files_do(argv):
    """On a UTF-8 standard output the suits print as glyphs, and with --ascii as letters: the same
    output with each card as position files write it."""
    code, plain, _ = call_main(argv)
    assert code == 0 and "♦" in plain
    code, out, err = call_main([*argv, "--ascii"])
    assert code == 0, err
    assert out.isascii() and out == ascii_cards(plain).replace("§", "section ")


def test_ascii_errors_too():
    code, out, err = call_main(["play", MIDBOUT, "cover 8D with 9D", "take", "--ascii"])
    assert code == 2 and out == ""
    plain = call_main(["play", MIDBOUT, "cover 8D with 9D", "take"])[2]
    assert "♦" in plain or "§" in plain
    assert err.isascii() and err == ascii_cards(plain).replace("§", "section ")
    code, out, err = call_main(["moves", MIDBOUT, "--json", "--ascii", "--bogus"])
    assert code == 2 and json.loads(err)["kind"] == "input" and err.isascii()


@pytest.mark.parametrize("name", games.names())
def test_a_moves_ascii_text_reads_back_as_the_move(name, tmp_path):
    path = tmp_path / "deal.json"
    code, _, err = call_main(["deal", name, "--seed", "5", "--out", str(path)])
    assert code == 0, err
    info, state = load_position(str(path))
    spec, rng = info.spec, random.Random(5)
    for _ in range(30):
        moves = spec.legal_moves(state)
        if not moves:
            break
        for move in rng.sample(moves, min(len(moves), 8)):  # (parse_move lists the moves again: a few of many)
            text = spec.move_text(move, ascii=True)
            assert text.isascii() and text == ascii_cards(spec.move_text(move))
            assert spec.parse_move(state, text) == move
        state = spec.apply(state, rng.choice(moves))


def test_show_json_of_a_game_going_on():
    code, out, err = call_main(["show", MIDBOUT, "--json"])
    assert code == 0, err
    obj = json.loads(out)
    status_validator().validate(obj)
    info, state = load_position(MIDBOUT)
    assert obj == {"game": "durak", "to_move": info.spec.to_move(state), "over": False, "result": None,
                   "moves": json.loads(call_main(["moves", MIDBOUT, "--json"])[1])}


@pytest.mark.parametrize("name", games.names())
def test_show_json_of_every_game_from_a_deal(name, tmp_path):
    path = tmp_path / "deal.json"
    assert call_main(["deal", name, "--seed", "2", "--out", str(path)])[0] == 0
    obj = json.loads(call_main(["show", str(path), "--json"])[1])
    status_validator().validate(obj)
    assert obj["game"] == name and obj["over"] is False and obj["moves"]


def test_show_json_of_a_finished_game_gives_its_result_as_a_solve_does(tmp_path):
    from tests.durak.helpers import finished_file

    over = str(finished_file(tmp_path))
    code, out, err = call_main(["show", over, "--json"])
    assert code == 0, err
    obj = json.loads(out)
    status_validator().validate(obj)
    solved = json.loads(call_main([over, "--json", "--no-store"])[1])
    assert obj == {"game": "durak", "to_move": None, "over": True, "result": solved["result"], "moves": []}


def test_show_json_refuses_what_it_cannot_describe(tmp_path):
    for argv, needle in ((["show", MIDBOUT, "--json", "--as", "0"], "--json: describes the full position"),
                         (["show", MIDBOUT, "--json", "--svg", "-"], "--svg - and --json: both write"),
                         (["show", str(EXAMPLES / "views" / "durak-fresh-deal.json"), "--json"], "a view of player 0")):
        code, out, err = call_main(argv)
        assert code == 2 and out == "" and needle in json.loads(err)["error"], err
    svg = tmp_path / "p.svg"
    code, out, _ = call_main(["show", MIDBOUT, "--json", "--svg", str(svg)])
    assert code == 0 and json.loads(out)["game"] == "durak" and svg.read_text().startswith("<")


def test_moves_of_a_finished_game_says_it_is_over_and_keeps_its_json_list(tmp_path):
    """Nothing printed (--json: []) and the result on standard error, of a full position and of a
    view of it (one world, the result in it)."""
    from tests.durak.helpers import finished_file

    over = str(finished_file(tmp_path))
    code, out, err = call_main(["moves", over])
    assert code == 0 and out == ""
    assert err == "foolsolve: the game is over (fool: player 0): no legal moves\n"
    code, out, err2 = call_main(["moves", over, "--json"])
    assert code == 0 and json.loads(out) == [] and err2 == err
    view = str(tmp_path / "v.json")
    assert call_main(["view", over, "--as", "1", "--out", view])[0] == 0
    for args, printed in (([], ""), (["--json"], "[]\n")):
        assert call_main(["moves", view, *args]) == (0, printed, err)
    code, out, err = call_main(["moves", MIDBOUT])
    assert code == 0 and err == "" and len(out.splitlines()) == 3


def test_moves_of_a_finished_view_whose_worlds_differ_in_result_says_so(tmp_path, monkeypatch):
    """A view whose worlds looked at end with different results has no result to give: the note
    says it depends on cards the viewer does not see."""
    from dataclasses import replace

    from foolsolve import worlds
    from tests.durak.helpers import finished_file

    over = str(finished_file(tmp_path))
    view = str(tmp_path / "v.json")
    assert call_main(["view", over, "--as", "1", "--out", view])[0] == 0
    info, _ = load_position(view, views=True)
    real_enumerate, real_result = worlds.Worlds.enumerate, info.spec.result
    calls = []

    def result(state):  # each call another result than the one before
        calls.append(state)
        out = real_result(state)
        return out if len(calls) % 2 else replace(out, label="fool: player 1")

    monkeypatch.setattr(worlds.Worlds, "enumerate", lambda self: [*real_enumerate(self)] * 2)  # two worlds
    monkeypatch.setattr(info.spec, "result", result)
    assert call_main(["moves", view]) == (
        0, "", "foolsolve: the game is over (its result depends on cards player 1 does not see): no legal moves\n")
