"""``foolsolve play POSITION --interactive`` end to end through a pseudo-terminal (pexpect): the
user moves, the solver answers with a best move, hint shows every move's value, undo steps back,
why explains an illegal move; where the solver cannot answer, the seat analysis answers from the
computer player's own view, and where that cannot either, the stated random policy plays."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.generic.test_cli import run

pexpect = pytest.importorskip("pexpect", reason="pexpect (the test extra) drives a pseudo-terminal")

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
PROMPT = r"player 0 \(you\)> "


def spawn(*args: str):
    child = pexpect.spawn(sys.executable, ["-m", "foolsolve", "play", *args, "--interactive"], encoding="utf-8",
                          timeout=60, env={"COLUMNS": "100", "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8",
                                           "LANG": "C.UTF-8"})
    return child


def test_play_against_the_solver_with_hint_undo_and_why(tmp_path, capsys):
    _, solved, _ = run([str(EXAMPLES / "durak-endgame.json"), "--json"], capsys)
    values = {m["move"]: m["value"] for m in json.loads(solved)["moves"]}
    out = tmp_path / "end.json"
    child = spawn(str(EXAMPLES / "durak-endgame.json"), "--out", str(out))
    child.expect("You are player 0")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(PROMPT)
    for move, value in values.items():
        assert f"{move}  {value}" in child.before
    child.sendline("why attack AD")
    child.expect(PROMPT)
    # player 0 holds no A♦: the answer says it is not legal and lists the legal moves
    assert re.search(r"not (legal|a move)", child.before) and "attack 9♦" in child.before
    child.sendline("attack 6H")
    # the solver (player 1) answers with a best move of its own solve, then the bout ends
    child.expect(r"player 1: cover 6♥ with 7♥ +\[solver: value win\]")
    child.expect("-- end of bout --")
    child.expect(r"player 1: attack A♦ +\[solver: value win\]")
    child.expect(PROMPT)
    assert "player 0 (defender): 9♦ K♥" in child.before
    child.sendline("undo")
    child.expect("undone")
    child.expect(PROMPT)
    assert "player 0 (attacker): 9♦ 6♥ K♥" in child.before
    child.sendline("attack 9D")
    child.expect(r"player 1: cover 9♦ with A♦")
    child.expect(PROMPT)
    child.sendline("take")
    child.expect("game over: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    final = json.loads(out.read_text())
    assert final["table"] == [] and final["out"]


def test_with_three_players_the_others_answer_from_their_own_views(tmp_path):
    # three players: the exact Durak solver takes two; the others answer by the seat analysis
    # (--think 1: the hint's --time too, which ends its deeper rounds, and so its answer, early)
    child = spawn(str(EXAMPLES / "durak-midbout.json"), "--seed", "5", "--samples", "2", "--think", "1")
    child.expect(r"You are player 1")
    child.expect(r"player 1 \(you\)> ")
    child.sendline("hint")
    child.expect(r"player 1 \(you\)> ")
    assert "no exact values here" in child.before and "two players" in child.before
    # ... and the answer from your seat instead, as 'foolsolve VIEW.json' answers your view: every move
    assert "from your view, as foolsolve VIEW.json --time 1 answers it:" in child.before
    assert "95% interval" in child.before and "\nValue for player 1: " in child.before
    for move in ("cover 8♦ with 9♦", "cover 8♦ with 7♥", "take"):
        assert re.search(rf"\n  {re.escape(move)} +[+-]\d\.\d{{3}}  ", child.before), (move, child.before)
    child.sendline("take")
    child.expect(r"player [02]: .*\[(pimc|exact|expectation) from its view, \d+ worlds?: [+-]\d")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_where_nothing_answers_the_stated_random_policy_plays(monkeypatch, capsys):
    from foolsolve import interactive
    from foolsolve.cli import load_position

    def refuse(*args, **kwargs):
        raise interactive.InputError("view: no views here")

    monkeypatch.setattr(interactive, "seat_answer", refuse)
    info, state = load_position(str(EXAMPLES / "durak-midbout.json"))
    state = info.spec.apply(state, info.spec.parse_move(state, "take"))
    session = interactive.Session(info, 1, random.Random(5), 5)
    move, how = session.answer(state)
    assert how == "random" and move in {str(m) for m in info.spec.legal_moves(state)}
    assert "uniformly random legal moves, --seed 5" in capsys.readouterr().out


def test_a_move_that_starts_with_a_command_word_is_a_move(tmp_path):
    """Durak's 'show 7D' (a transfer by showing the trump) is a move; 'show' alone the command."""
    obj = json.loads((EXAMPLES / "durak-perevodnoy.json").read_text())
    obj["rules"]["transfer_by_showing_trump"] = True
    pos = tmp_path / "show.json"
    pos.write_text(json.dumps(obj))
    child = spawn(str(pos), "--seed", "1")
    child.expect(r"player 1 \(you\)> ")
    child.sendline("show")
    child.expect(r"player 1 \(you\)> ")
    assert "to move: player 1 (defend)" in child.before
    child.sendline("show 7D")
    child.expect(r"player 1 \(you\): show 7♦")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("arg", ["", "1"])
def test_undo_before_any_move_says_there_is_none(capsys, arg):
    """'undo 1' before any move said 'N is a move number from 1 to 0'."""
    import random

    from foolsolve import games
    from foolsolve.interactive import Session, _undo

    session = Session(info=games.get("durak"), you=0, rng=random.Random(0), seed=0)
    state = object()
    assert _undo(session, state, arg) is state
    out = capsys.readouterr().out
    assert "from 1 to 0" not in out and "nothing to undo" in out


def test_ctrl_c_at_the_prompt_exits_130_with_the_position_written(tmp_path):
    """Ctrl-C (the terminal's interrupt character) ends the game as quit does, but with exit 130."""
    from foolsolve.cli import load_position

    out = tmp_path / "stopped.json"
    child = spawn(str(EXAMPLES / "durak-endgame.json"), "--out", str(out))
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130, child.before
    assert "foolsolve: interrupted" in child.before and "Traceback" not in child.before
    info, state = load_position(str(EXAMPLES / "durak-endgame.json"))
    assert json.loads(out.read_text()) == info.spec.state_to_json(state)


def test_ctrl_c_while_a_computer_player_thinks_exits_130_with_the_position_written(monkeypatch, tmp_path, capsys):
    """Ctrl-C reaching a computer player's answer (player 0 moves first; you are player 1)."""
    from foolsolve import interactive
    from foolsolve.cli import load_position

    def interrupted(self, state):
        raise KeyboardInterrupt

    monkeypatch.setattr(interactive.Session, "answer", interrupted)
    out = tmp_path / "stopped.json"
    code, stdout, err = run(["play", str(EXAMPLES / "durak-endgame.json"), "--interactive", "--seat", "1",
                             "--seed", "1", "--out", str(out)], capsys)
    assert code == 130 and err == "foolsolve: interrupted\n"
    assert "stopped" in stdout and stdout.endswith(f"\nwrote {out}\n")  # as every command's --out says it
    info, state = load_position(str(EXAMPLES / "durak-endgame.json"))
    assert json.loads(out.read_text()) == info.spec.state_to_json(state)


def _piped(*args: str, lines: str = "quit\n") -> str:
    """``foolsolve play ARGS --interactive --no-store`` with ``lines`` piped in (UTF-8; ``quit``
    by default): its standard output, the run checked to exit 0 without a traceback."""
    import os

    proc = subprocess.run([sys.executable, "-m", "foolsolve", "play", *args, "--interactive", "--no-store"],
                          input=lines, capture_output=True, text=True, timeout=120, encoding="utf-8",
                          env={**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"})
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout


def test_samples_and_think_without_seat_say_where_they_apply():
    """Without --seat, --samples and --think were accepted and said nothing: in a two-player endgame
    the exact solver answers every move, so they went unused without a word. Now the start says
    where they apply (they do where the solver gives no move, and with three or more players always)."""
    lines = _piped(str(EXAMPLES / "durak-endgame.json"), "--samples", "3", "--think", "1").splitlines()
    assert lines[0] == "You are player 0. Type a move, or help."
    assert lines[1].startswith("(--samples and --think: only where the exact solver gives no move within 2,000,000 "
                               "nodes, there the other player answering from its own view: PIMC over 3 worlds")
    assert "at most 1 s a move (--think)" in lines[1]
    # the hint is the answer of foolsolve VIEW.json, its --time --think; --samples is the computer players' alone
    assert lines[1].endswith("; and hint, where the exact solver gives no values, answering from your view as "
                             "foolsolve VIEW.json --time 1 does, without --samples)")
    lines = _piped(str(EXAMPLES / "durak-midbout.json"), "--samples", "3").splitlines()
    assert lines[1].startswith("(--samples: the other players answer from their own views") and "--think" not in lines[1]
    assert lines[1].endswith("; hint, where the exact solver gives no values, answering from your view as "
                             "foolsolve VIEW.json --time 20 does, without --samples)")
    lines = _piped(str(EXAMPLES / "durak-endgame.json")).splitlines()
    assert lines[0] == "You are player 0. Type a move, or help." and not lines[1].startswith("(")


@pytest.mark.parametrize("arg", ["\u00b2", "\u0661", "+1", "1\u00b2"])
def test_undo_takes_only_ascii_digits_as_a_move_number(capsys, arg):
    """``undo N`` reads N from ASCII digits only ('²'.isdigit() holds, and int() refuses it)."""
    import random

    from foolsolve import games
    from foolsolve.interactive import Session, _undo

    info = games.get("durak")
    start = info.spec.state_from_json(json.loads((EXAMPLES / "durak-endgame.json").read_text()))
    session = Session(info=info, you=0, rng=random.Random(0), seed=0)
    session.history.append((start, "attack 9D"))
    state = info.spec.apply(start, info.spec.parse_move(start, "attack 9D"))
    assert _undo(session, state, arg) is state
    assert "N is a move number from 1 to 1" in capsys.readouterr().out


def test_undo_with_a_superscript_at_the_prompt_is_a_hint_not_a_crash():
    out = _piped(str(EXAMPLES / "durak-endgame.json"), "--seed", "3", lines="attack 9D\nundo \u00b2\nquit\n")
    assert "N is a move number" in out


def test_a_line_of_control_characters_and_a_long_why_are_quoted_escaped_and_cut():
    """A line that is no move is quoted in the hint escaped ('\\x1b[2J', clear screen, which click would
    strip when it prints) and cut, and 'why' with a long text quotes it once, cut."""
    x300 = "x" * 300
    out = _piped(str(EXAMPLES / "durak-endgame.json"), "--seed", "3", lines=f"\x1b[2J\nwhy {x300}\nquit\n")
    assert "'why \\x1b[2J' for the reason" in out
    why = [line for line in out.splitlines() if "is not a move here" in line]
    assert len(why) == 1 and x300 not in why[0] and len(why[0]) < 300 and "..." in why[0], why
