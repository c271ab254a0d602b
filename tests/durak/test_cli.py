"""The CLI on Durak: conform (agreement and a caught divergence), perft, play, and bad
position files as one-line errors with exit 2."""

import json
from pathlib import Path

import pytest

from foolsolve.engines import durak as edurak
from foolsolve.positions import load_schema
from tests.generic.test_cli import assert_one_line_error, run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
ENDGAME = json.loads((EXAMPLES / "durak-endgame.json").read_text())


def write(tmp_path, obj, name="pos.json"):
    p = tmp_path / name
    p.write_text(json.dumps(obj))
    return str(p)


def test_conform_agrees(capsys):
    code, out, _ = run(["conform", "durak", "--cases", "3", "--seed", "5"], capsys)
    assert code == 0 and "spec and engine agree" in out and "3 games" in out


def test_conform_max_steps_cuts_games_without_calling_it_a_divergence(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["conform", "durak", "--cases", "3", "--seed", "5", "--max-steps", "4"], capsys)
    assert code == 0 and "spec and engine agree" in out
    assert "3 games (3 cut at --max-steps 4), 15 states, 12 moves checked" in out
    assert list(tmp_path.iterdir()) == []  # no "diverging position" file


def test_conform_max_steps_still_checks_the_last_state(tmp_path, capsys, monkeypatch):
    real = edurak.DurakEngine.legal_moves
    # the bug shows only from the second move on: a cut at one move must still catch it there
    monkeypatch.setattr(edurak.DurakEngine, "legal_moves",
                        lambda self, state: real(self, state)[:-1] if state.tatt else real(self, state))
    out_file = tmp_path / "div.json"
    code, out, _ = run(["conform", "durak", "--cases", "1", "--seed", "5", "--max-steps", "1",
                        "--out", str(out_file)], capsys)
    assert code == 1 and "DIVERGENCE moves at step 1" in out and out_file.exists()


def test_conform_catches_a_broken_engine_and_writes_the_shrunk_position(tmp_path, capsys, monkeypatch):
    real = edurak.DurakEngine.legal_moves

    def drops_take(self, state):  # the bug: the engine forgets that the defender may take
        moves = real(self, state)
        return [m for m in moves if str(self.move_to_spec(state, m)) != "take"]

    monkeypatch.setattr(edurak.DurakEngine, "legal_moves", drops_take)
    out_file = tmp_path / "div.json"
    code, out, _ = run(["conform", "durak", "--cases", "20", "--seed", "1", "--out", str(out_file)], capsys)
    assert code == 1 and "DIVERGENCE moves" in out and "take" in out
    shrunk = json.loads(out_file.read_text())
    assert shrunk["game"] == "durak"
    monkeypatch.undo()
    code, _, _ = run(["conform", "durak", "--position", str(out_file)], capsys)
    assert code == 0  # with the real engine the written position conforms


CONFORM_KEYS = set(load_schema("conform.schema.json")["$defs"]["own"]["required"])
"""The fields of ``conform --json``'s report on foolsolve's own engine (conform.schema.json)."""


def test_conform_json_summarises_the_run(capsys):
    """``conform durak --cases 2 --json`` was "No such option" (click suggested --position)."""
    code, out, _ = run(["conform", "durak", "--cases", "2", "--seed", "5", "--json"], capsys)
    obj = json.loads(out)
    assert code == 0 and set(obj) == CONFORM_KEYS
    assert (obj["game"], obj["cases"], obj["finished"], obj["agreeing"], obj["divergence"]) == ("durak", 2, 2, 2, None)
    assert obj["states"] > 0 and obj["moves"] > 0 and not obj["timed_out"] and obj["seconds"] >= 0
    code, text, _ = run(["conform", "durak", "--cases", "2", "--seed", "5"], capsys)
    assert f"{obj['states']:,} states, {obj['moves']:,} moves checked" in text
    code, out, _ = run(["conform", "durak", "--position", str(EXAMPLES / "durak-endgame.json"), "--json"], capsys)
    assert code == 0 and json.loads(out)["finished"] == 1


def test_conform_json_names_the_first_divergence_and_exits_1(tmp_path, capsys, monkeypatch):
    real = edurak.DurakEngine.legal_moves

    def drops_take(self, state):
        return [m for m in real(self, state) if str(self.move_to_spec(state, m)) != "take"]

    monkeypatch.setattr(edurak.DurakEngine, "legal_moves", drops_take)
    out_file = tmp_path / "div.json"
    code, out, _ = run(["conform", "durak", "--cases", "20", "--seed", "1", "--out", str(out_file), "--json"], capsys)
    obj = json.loads(out)
    assert code == 1 and obj["agreeing"] == obj["finished"] - 1 and obj["finished"] <= 20
    d = obj["divergence"]
    assert d["kind"] == "moves" and "take" in d["detail"] and d["shrunk_position"] == str(out_file)
    assert isinstance(d["step"], int) and isinstance(d["moves_before"], list)
    assert json.loads(out_file.read_text())["game"] == "durak"


def test_perft_spec_and_engine(capsys):
    code, out, _ = run(["perft", str(EXAMPLES / "durak-endgame.json"), "--depth", "3"], capsys)
    assert code == 0 and "spec: 8" in out and "engine: 8" in out
    code, out, _ = run(["perft", str(EXAMPLES / "durak-endgame.json"), "--depth", "2", "--divide"], capsys)
    assert code == 0 and "attack 6♥" in out


def test_perft_json_gives_the_counts_the_text_gives(capsys):
    """``perft --json`` was "No such option": the totals, and with --divide the count per first move
    under the move texts ``moves`` prints."""
    pos = str(EXAMPLES / "durak-endgame.json")
    code, out, _ = run(["perft", pos, "--depth", "3", "--json"], capsys)
    assert code == 0
    assert json.loads(out) == {"game": "durak", "depth": 3, "spec": {"total": 8}, "engine": {"total": 8},
                               "agree": True}
    code, text, _ = run(["perft", pos, "--depth", "2", "--divide"], capsys)
    code, out, _ = run(["perft", pos, "--depth", "2", "--divide", "--json"], capsys)
    assert code == 0
    obj = json.loads(out)
    _, moves, _ = run(["moves", pos, "--json"], capsys)
    for name in ("spec", "engine"):
        assert [m["move"] for m in obj[name]["moves"]] == json.loads(moves)
        assert obj[name]["total"] == sum(m["count"] for m in obj[name]["moves"])
        assert f"{name}:\n" + "".join(f"  {m['move']}: {m['count']}\n" for m in obj[name]["moves"]) in text
    assert obj["agree"] is True
    code, out, _ = run(["perft", pos, "--depth", "1", "--impl", "spec", "--json"], capsys)
    assert code == 0 and json.loads(out) == {"game": "durak", "depth": 1, "spec": {"total": 3}, "agree": None}


def test_perft_json_of_a_broken_engine_disagrees_with_exit_1(capsys, monkeypatch):
    real = edurak.DurakEngine.legal_moves

    def drops_take(self, state):
        return [m for m in real(self, state) if str(self.move_to_spec(state, m)) != "take"]

    monkeypatch.setattr(edurak.DurakEngine, "legal_moves", drops_take)
    code, out, _ = run(["perft", str(EXAMPLES / "durak-endgame.json"), "--depth", "3", "--divide", "--json"], capsys)
    obj = json.loads(out)
    assert code == 1 and obj["agree"] is False and obj["spec"]["total"] != obj["engine"]["total"]


def test_play_applies_moves_and_rejects_illegal_ones(tmp_path, capsys):
    code, out, _ = run(["play", str(EXAMPLES / "durak-endgame.json"), "attack 6H", "--json"], capsys)
    assert code == 0 and json.loads(out)["table"] == [["6H", None]]
    # covered, and the attacker (9D KH) has no 6 or 7 to throw in: the bout ends beaten, the
    # defender attacks next
    code, out, _ = run(["play", str(EXAMPLES / "durak-endgame.json"), "attack 6H", "cover 6H with 7H", "--json"], capsys)
    pos = json.loads(out)
    assert code == 0 and pos["table"] == [] and {"6H", "7H"} <= set(pos["discard"])
    assert pos["attacker"] == 1 and pos["to_move"] == 1
    code, _, err = run(["play", str(EXAMPLES / "durak-endgame.json"), "attack AD"], capsys)
    assert_one_line_error(code, err, "move 1", "attack AD")


@pytest.mark.parametrize("change,needle", [
    ({"hands": [["6H", "9D", "KH"], ["7H", "XX"]]}, "hands[1]"),
    ({"hands": [["6H", "9D", "KH"], ["7H", "6H"]]}, "6H"),
    ({"rules": {"variant": "japanese"}}, "variant"),
    ({"rules": {"colour": "red"}}, "colour"),
    ({"attacker": 1}, "defender"),
    ({"trump": "Z"}, "trump"),
    ({"to_move": 5}, "to_move"),
    ({"table": [["9C", "6C"]]}, "table"),
    ({"stock": ["6S", "7D"]}, "stock"),
])
def test_bad_positions_are_one_line_errors(tmp_path, capsys, change, needle):
    code, _, err = run(["show", write(tmp_path, {**ENDGAME, **change})], capsys)
    assert_one_line_error(code, err, needle)


def test_play_json_trace_gives_each_move_as_the_text_transcript_does(capsys):
    pos = str(EXAMPLES / "durak-endgame.json")
    moves = ["attack K♥", "take", "attack 9D", "cover 9D with AD"]
    code, text, _ = run(["play", pos, *moves], capsys)
    assert code == 0
    code, out, _ = run(["play", pos, *moves, "--json", "--trace"], capsys)
    assert code == 0
    obj = json.loads(out)
    _, final, _ = run(["play", pos, *moves, "--json"], capsys)
    assert obj["position"] == json.loads(final)
    lines = []
    for i, step in enumerate(obj["steps"]):
        assert list(step) == ["move", "player", "boundary", "position"]
        _, after, _ = run(["play", pos, *moves[:i + 1], "--json"], capsys)
        assert step["position"] == json.loads(after)
        lines.append(f"  {i + 1:>3}. player {step['player']:<2} {step['move']}")
        if step["boundary"]:
            lines.append("       -- end of bout --")
    assert text.splitlines()[:len(lines)] == lines
    assert [s["boundary"] for s in obj["steps"]] == [False, True, False, True]


def test_play_trace_needs_json(capsys):
    code, _, err = run(["play", str(EXAMPLES / "durak-endgame.json"), "take", "--trace"], capsys)
    assert_one_line_error(code, err, "--trace", "--json")


def test_moves_json_help_says_what_it_prints_for_a_position_and_for_a_view(tmp_path, capsys):
    code, helptext, _ = run(["moves", "--help"], capsys)
    helptext = " ".join(helptext.split())
    code, out, _ = run(["moves", str(EXAMPLES / "durak-midbout.json"), "--json"], capsys)
    assert isinstance(json.loads(out), list) and "a list of move texts (a full position;" in helptext
    view = tmp_path / "v0.json"
    run(["view", str(EXAMPLES / "durak-midbout.json"), "--as", "0", "--out", str(view)], capsys)
    code, out, _ = run(["moves", str(view), "--json"], capsys)
    obj = json.loads(out)
    assert code == 0 and isinstance(obj, dict)
    assert "for a view file with another player to move, one object {" + ", ".join(f'"{k}"' for k in obj) + "}" \
        in helptext



def test_perft_counts_sequences_of_exactly_depth_moves_as_its_help_says(tmp_path, capsys):
    """perft --help: depth 0 counts 1, a game that ends before DEPTH moves counts 0; the games it
    names as having chance nodes are those whose record says so."""
    from foolsolve import games
    from foolsolve.game import ChanceMode

    _, helptext, _ = run(["perft", "--help"], capsys)
    helptext = " ".join(helptext.split())
    assert "exactly DEPTH moves" in helptext and "depth 0 counts 1" in helptext
    assert "a sequence that reaches the game's end before DEPTH moves counts 0" in helptext
    chance = helptext.split("each outcome of a chance node is one move (")[1].split(");")[0]
    for info in games.all_games():
        assert (info.spec.meta.title in chance) == (info.spec.meta.chance_mode == ChanceMode.EXPLICIT), info.name
    # one move ("take") from the end: 1 sequence of one move, none of two
    last = tmp_path / "last.json"
    code, _, _ = run(["play", str(EXAMPLES / "durak-endgame.json"), "attack K♥", "take", "attack 9♦", "cover 9♦ with A♦",
                      "attack 7♥", "take", "attack K♥", "--out", str(last)], capsys)
    assert code == 0
    counts = [json.loads(run(["perft", str(last), "--depth", str(d), "--json"], capsys)[1]) for d in range(3)]
    assert [(c["spec"]["total"], c["engine"]["total"]) for c in counts] == [(1, 1), (1, 1), (0, 0)]


def test_show_refuses_a_take_with_every_attack_card_covered(tmp_path, capsys):
    """The midbout example with its one uncovered card taken off the table: nothing is left to take."""
    midbout = json.loads((EXAMPLES / "durak-midbout.json").read_text())
    code, _, err = run(["show", write(tmp_path, {**midbout, "table": [["8C", "QC"]], "taking": True})], capsys)
    assert_one_line_error(code, err, "taking: the defender can only take while a card is uncovered")
