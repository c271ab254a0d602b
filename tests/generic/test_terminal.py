"""A readable terminal: transcripts name each move's player and mark bout boundaries, show and
the solve header list the rules off their default and say who won, JSON values in messages, the
nearest command for a mistyped one, a drawn seed for deal, positions that leave out what follows."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.present import changed_rules, rules_line, show_text, status, steps, transcript
from foolsolve.solver.base import GAME_OVER_METHOD
from tests.durak.helpers import finished
from tests.generic.test_cli import assert_one_line_error, run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
ENDGAME = str(EXAMPLES / "durak-endgame.json")
DURAK = games.get("durak").spec


def load(name: str):
    obj = json.loads((EXAMPLES / name).read_text())
    info = games.get(obj["game"])
    return info.spec, info.spec.state_from_json(obj)


def test_play_prints_each_move_with_its_player_a_bout_boundary_and_the_position_as_show_does(capsys):
    code, out, _ = run(["play", ENDGAME, "attack 6H", "cover 6H with 7H"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["1.", "player", "0", "attack", "6♥"]
    assert lines[1].split() == ["2.", "player", "1", "cover", "6♥", "with", "7♥"]
    assert lines[2].strip() == "-- end of bout --"
    spec, state = load("durak-endgame.json")
    assert "\n".join(lines[3:]) == show_text(spec, spec.play(state, "attack 6H", "cover 6H with 7H"))


def test_play_writes_json_with_out_or_json(tmp_path, capsys):
    target = tmp_path / "after.json"
    code, out, _ = run(["play", ENDGAME, "attack 6H", "--out", str(target)], capsys)
    assert code == 0 and out == f"wrote {target}\n"
    assert json.loads(target.read_text())["table"] == [["6H", None]]
    code, out, _ = run(["play", ENDGAME, "attack 6H", "--json"], capsys)
    assert json.loads(out) == json.loads(target.read_text())


@pytest.mark.parametrize("name", games.names())
def test_transcripts_name_the_mover_before_every_move(name):
    info = games.get(name)
    spec = info.spec
    rng = random.Random(3)
    state = info.random_game(rng)
    moves, s = [], state
    for _ in range(30):
        legal = spec.legal_moves(s)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(str(m))
        s = spec.apply(s, m)
    walk = steps(spec, state, moves)
    s = state
    for step, text in zip(walk, moves):
        assert step.player == spec.to_move(s)
        after = spec.play(s, text)
        assert step.boundary == spec.boundary(s, spec.parse_move(s, text), after)
        s = after
    lines = transcript(spec, state, moves)
    assert len([ln for ln in lines if "-- end of" not in ln]) == len(moves)


def test_a_durak_bout_ends_when_the_table_is_cleared():
    spec, state = load("durak-endgame.json")
    walk = steps(spec, state, ["attack 6H", "cover 6H with 7H", "attack AD"])
    assert [s.boundary for s in walk] == [False, True, False]


def test_the_principal_variation_names_players_and_bouts(capsys):
    code, out, _ = run([ENDGAME], capsys)
    assert code == 0
    pv = out.split("PV:")[1].splitlines()[1:]
    assert pv[0].split()[:3] == ["1.", "player", "0"] and pv[1].split()[:3] == ["2.", "player", "1"]
    assert pv[2].strip() == "-- end of bout --"


def test_show_and_the_solve_header_list_every_rule_off_its_default(tmp_path, capsys):
    obj = json.loads((EXAMPLES / "durak-midbout.json").read_text())
    obj["rules"].update({"throwers": "neighbours", "draw_outcome": "last_defender_loses"})
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps(obj))
    code, out, _ = run(["show", str(pos)], capsys)
    assert code == 0
    assert 'rules (not the default): throwers="neighbours", draw_outcome="last_defender_loses"' in out
    spec = DURAK
    state = spec.state_from_json(obj)
    assert [c[0] for c in changed_rules(spec, state)] == ["throwers", "draw_outcome"]
    code, out, _ = run(["show", ENDGAME], capsys)
    assert "rules: all defaults" in out
    code, out, _ = run([ENDGAME], capsys)
    assert out.splitlines()[1].startswith("Method: ") and out.splitlines()[2] == "rules: all defaults"


def test_a_finished_game_says_who_won_in_show_and_the_solve_header(tmp_path, capsys):
    spec = games.get("durak").spec
    done = finished()
    res = spec.result(done)
    assert res is not None and status(spec, done) == f"game over: {res.label}"
    pos = tmp_path / "done.json"
    pos.write_text(json.dumps(spec.state_to_json(done)))
    code, out, _ = run(["show", str(pos)], capsys)
    assert code == 0 and f"game over: {res.label}" in out and "to move" not in out
    code, out, _ = run([str(pos)], capsys)
    assert out.startswith(f"Durak: game over: {res.label}.")
    assert out.splitlines()[1] == f"Method: {GAME_OVER_METHOD}"  # no search, and the answer says so


def test_fools_and_angels_show_says_who_won():
    spec = games.get("fools-and-angels").spec
    obj = json.loads((EXAMPLES / "fools-and-angels-endgame.json").read_text())
    state = spec.state_from_json(obj)
    rng = random.Random(0)
    while spec.result(state) is None:
        state = spec.apply(state, rng.choice(spec.legal_moves(state)))
    text = show_text(spec, state)
    assert "game over" in text and "to move" not in text


@pytest.mark.parametrize("trump", ["s", "S", "♠"])
def test_the_durak_trump_suit_is_read_in_any_case_or_as_its_glyph(trump):
    obj = json.loads(Path(ENDGAME).read_text())
    obj["trump"] = trump
    assert DURAK.state_from_json(obj).trump == "S"


def test_schema_errors_write_json_values_not_pythons():
    obj = json.loads(Path(ENDGAME).read_text())
    obj["trump"] = "x"
    with pytest.raises(InputError) as exc:
        DURAK.state_from_json(obj)
    text = str(exc.value)
    assert text.startswith('trump: "x" is not one of [') and "null" in text and "None" not in text
    obj["trump"] = "S"
    obj["taking"] = None
    with pytest.raises(InputError) as exc:
        DURAK.state_from_json(obj)
    assert str(exc.value) == 'taking: null is not of type "boolean"'


def test_a_mistyped_command_names_the_nearest_command(capsys):
    code, _, err = run(["solev", "x.json"], capsys)
    assert_one_line_error(code, err, 'unknown command "solev"', 'did you mean "solve"')
    code, _, err = run(["shwo", ENDGAME], capsys)
    assert_one_line_error(code, err, 'did you mean "show"')
    # a file name is still a position to solve (and a missing one says so)
    code, _, err = run(["no-such-file.json"], capsys)
    assert_one_line_error(code, err, "no-such-file.json: cannot read")


def test_deal_without_a_seed_draws_one_and_prints_it(capsys):
    code, first, err = run(["deal", "durak"], capsys)
    assert code == 0
    seed = int(err.split("--seed ")[1].split()[0])
    code, again, _ = run(["deal", "durak", "--seed", str(seed)], capsys)
    assert again == first
    deals = {run(["deal", "durak"], capsys)[1] for _ in range(4)}
    assert len(deals) > 1


def test_rules_line_for_the_other_games():
    for name in ("fools-paradise-endgame.json", "fools-and-angels-endgame.json"):
        spec, state = load(name)
        assert rules_line(spec, state).startswith("rules")
