"""The ``human`` bot (foolsolve/bots/human.py): its screen and prompt, fed answers through its prompt
function (``read_answer``) in this process and through a pseudo-terminal end to end: an empty line
asks again, ``help`` lists the moves, the view is ``foolsolve show``'s text of the seat's view file,
``quit`` stops the match as Ctrl-C does (exit 130, the finished games kept), a match that cannot be
played at this terminal is refused before anything is written, and the arena's status line is
cleared while the person is asked."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from foolsolve import arena, bots, games, progress
from foolsolve.bots import human
from foolsolve.errors import InputError
from foolsolve.worlds import view_of
from tests.generic.test_cli import assert_one_line_error, run


class _Terminal(io.StringIO):
    """Standard input as a terminal (the bot reads it only through ``read_answer``, replaced here)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch):
    """Standard input a terminal, and the bot's screen on standard output, as where that is one."""
    monkeypatch.setattr("sys.stdin", _Terminal())
    monkeypatch.setattr(human, "_on_stderr", lambda: False)


def answers(monkeypatch, lines, seen=None):
    """The prompt function replaced: it gives ``lines`` in turn (a callable: its answer, called with
    the prompts so far), and records each prompt in ``seen``."""
    seen = [] if seen is None else seen
    feed = iter(lines)

    def read(prompt):
        seen.append(prompt)
        line = next(feed)
        return line(seen) if callable(line) else line

    monkeypatch.setattr(human, "read_answer", read)
    return seen


def durak_seat(deal: int = 0) -> bots.Seat:
    """Player 0's seat at the start of a Durak deal (the arena's)."""
    from foolsolve.game import legal_or_family

    match = arena.Match(game="durak", rules={}, players=2, bots=("random", "greedy"), deals=deal + 1, seed=1)
    info = games.get("durak")
    state = arena.deal_of(match, deal)
    legal, family = legal_or_family(info.spec, state)
    return bots.Seat(game=info.name, player=info.spec.to_move(state), players=2, rules=match.rules,
                     view=view_of(info, state, info.spec.to_move(state)), legal=tuple(legal), seed=1, family=family)


def test_an_empty_line_asks_again(terminal, monkeypatch, capsys):
    """Bare Enter (and blanks) plays nothing: the prompt comes back, and the move is the one typed."""
    seat = durak_seat()
    seen = answers(monkeypatch, ["", "   ", "\n", "1\n"])
    assert human.HumanBot().choose(seat) == seat.legal[1]
    assert seen == [human.PROMPT] * 4
    assert "illegal" not in capsys.readouterr().out


def test_help_says_how_to_answer_and_lists_the_moves_again(terminal, monkeypatch, capsys):
    seat = durak_seat()
    answers(monkeypatch, ["help", "?", "Attack  " + seat.texts()[2].split()[1]])
    assert human.HumanBot().choose(seat) == seat.legal[2]
    out = capsys.readouterr().out
    assert out.count(human.HOW) == 2 and "illegal" not in out
    listed = human.moves_text(seat)
    assert out.count(listed) == 3  # with the view, then after each help
    for i, text in enumerate(seat.texts()):
        assert f"  {i:3}  {text}\n" in listed + "\n"


def test_an_illegal_answer_says_so_and_asks_again(terminal, monkeypatch, capsys):
    seat = durak_seat()
    seen = answers(monkeypatch, ["99", "attack 2X", "show", "0"])
    assert human.HumanBot().choose(seat) == seat.legal[0]
    out = capsys.readouterr().out
    last = len(seat.legal) - 1
    assert f"illegal move '99'; type a number from 0 to {last}, a move as listed, or help" in out
    assert "illegal move 'attack 2X'" in out
    assert out.count(human.view_text(seat)) == 2  # show: the view again
    assert len(seen) == 4


def test_the_view_is_shown_as_foolsolve_show_shows_the_view_file(terminal, monkeypatch, capsys, tmp_path):
    """The screen is the text `foolsolve show` prints for the seat's view file (the same renderer),
    with (you) on the seat and without the count of consistent worlds, then the numbered moves: no
    JSON dump."""
    seat = durak_seat()
    path = tmp_path / "view.json"
    path.write_text(json.dumps(seat.view, ensure_ascii=False))
    code, shown, _ = run(["show", str(path)], capsys)
    assert code == 0
    answers(monkeypatch, ["0"])
    human.HumanBot().choose(seat)
    out = capsys.readouterr().out
    assert "{" not in out
    head, seen_as, *rest = shown.rstrip("\n").split("\n")
    assert seen_as.startswith("as player 0 sees it; unknown cards: ")
    expected = "\n".join([head, "as player 0 (you) sees it", *rest])
    assert f"\n{expected}\n{human.moves_text(seat)}\n" in out
    assert "player 0 (attacker, you): " in out


def test_quit_and_the_end_of_input_stop_as_ctrl_c_does(terminal, monkeypatch, capsys):
    """quit (exit, q) and the end of input raise the Stopped of Ctrl-C (a KeyboardInterrupt, exit
    130), and say so where the arena watches for it."""
    for last in ("quit", "EXIT", " q ", None):
        answers(monkeypatch, ["", last])
        with human.quit_watch() as quit, pytest.raises(human.Quit) as exc:
            human.HumanBot().choose(durak_seat())
        assert isinstance(exc.value, KeyboardInterrupt) and exc.value.message == "stopped by quit"
        assert quit == [True]
    capsys.readouterr()


def test_quit_in_a_match_exits_130_and_keeps_the_finished_games(terminal, monkeypatch, capsys, tmp_path):
    """The human plays the first game (always move 0) and quits in the second: the first game's
    record stays in --out, the summary says the match was stopped by quit, exit 130 with one line;
    a rerun with the same --out plays only the game it lacks."""
    out = tmp_path / "h.jsonl"

    def move_or_quit(seen):
        lines = out.read_text().splitlines() if out.exists() else []
        return "quit" if len(lines) >= 2 else "0"  # the header and one game

    answers(monkeypatch, [move_or_quit] * 1000)
    argv = ["arena", "durak", "--bot", "human", "--bot", "random", "--games", "1", "--seed", "1", "--out", str(out)]
    code, text, err = run(argv, capsys)
    assert code == 130
    assert err == "foolsolve: stopped by quit\n"
    assert f"(stopped by quit after 1 of 2 games: those are kept in {out}; run again with --out {out} to finish)" in text
    header, record = (json.loads(line) for line in out.read_text().splitlines())
    assert header["bots"] == ["human", "random"] and record["finished"] and record["seating"] in (
        ["human", "random"], ["random", "human"])
    # the rerun plays the other seating only (every answer move 0 till the end)
    answers(monkeypatch, ["0"] * 1000)
    code, text, err = run(argv, capsys)
    assert (code, err) == (0, "")
    assert len(out.read_text().splitlines()) == 3


def test_with_standard_output_no_terminal_the_screen_goes_to_standard_error(monkeypatch, capsys):
    """Results sent to a file or a pipe (``--json > r.json``) hold the results alone: the bot's view,
    moves and prompt go to standard error there."""
    monkeypatch.setattr("sys.stdin", _Terminal())
    seen = answers(monkeypatch, ["0", "quit"])
    code, text, err = run(["arena", "durak", "--bot", "human", "--bot", "random", "--games", "1", "--json"], capsys)
    assert code == 130 and len(seen) == 2
    result = json.loads(text)  # one JSON object, nothing else
    assert result["interrupted"] is True and result["bots"] == ["human", "random"]
    assert "as player 0 (you) sees it" in err and "your legal moves, player 0:" in err
    assert human._on_stderr() is True  # (capsys' standard output is no terminal)


def test_the_status_line_is_cleared_while_the_human_is_asked(terminal, monkeypatch, capsys):
    """The arena's status line (a rich Live on the terminal) is stopped while the prompt waits for an
    answer, and drawn again once the move is made."""
    from rich.console import Console

    drawn = io.StringIO()
    monkeypatch.setenv("TERM", "xterm")  # (a dumb terminal gets plain lines, no live display)
    monkeypatch.setattr(progress, "on_a_terminal", lambda: True)
    monkeypatch.setattr(progress, "_console", lambda: Console(file=drawn, force_terminal=True, width=100))
    states = []

    def answer(seen):
        live = progress._LIVE.get()
        states.append((live is not None, live is not None and live.is_started))
        return "quit" if len(seen) > 3 else "0"

    answers(monkeypatch, [answer] * 10)
    match = arena.Match(game="durak", rules={}, players=2, bots=("human", "random"), deals=1, seed=1)
    records, interrupted = arena.run(match, None)
    assert interrupted and records == [] and states == [(True, False)] * 4  # a live display, stopped
    assert "arena Durak" not in drawn.getvalue()  # (the line shows after a second; the prompts came first)
    # after the answer the line is drawn again
    with progress.progress("x", enabled=True):
        live = progress._LIVE.get()
        assert live.is_started

        def stopped(seen):
            assert not live.is_started
            return "0"

        answers(monkeypatch, [stopped])
        human.HumanBot().choose(durak_seat())
        assert live.is_started
    capsys.readouterr()


def test_paused_restarts_the_line_after_an_error_but_not_after_ctrl_c(monkeypatch):
    from rich.console import Console

    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(progress, "on_a_terminal", lambda: True)
    monkeypatch.setattr(progress, "_console", lambda: Console(file=io.StringIO(), force_terminal=True))
    with progress.progress("x", enabled=True):
        live = progress._LIVE.get()
        with pytest.raises(ValueError), progress.paused():
            assert not live.is_started
            raise ValueError
        assert live.is_started
        with pytest.raises(KeyboardInterrupt), progress.paused():
            raise KeyboardInterrupt
        assert not live.is_started
    with progress.paused():  # no status line: nothing to pause
        pass


@pytest.mark.parametrize("extra", [["--workers", "2"], ["--scheduler", "tcp://127.0.0.1:1"]])
def test_a_human_bot_elsewhere_than_this_process_is_refused_before_anything_is_written(
        extra, terminal, monkeypatch, capsys, tmp_path):
    """With standard input a terminal, a worker (or a cluster) has none: one line, exit 2, before the
    match starts (no --out file)."""
    out = tmp_path / "h.jsonl"
    code, text, err = run(["arena", "durak", "--bot", "human", "--bot", "random", "--games", "1",
                           "--out", str(out), *extra], capsys)
    assert_one_line_error(code, err, "--bot human: a human bot plays in the main process only")
    assert "--workers 1" in err and text == "" and not out.exists()


def test_a_human_bot_without_a_terminal_is_refused_before_anything_is_written(monkeypatch, capsys, tmp_path):
    """Standard input a pipe or a file: one line, exit 2, before the match starts, not at the human's
    first turn after the --out header."""
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n0\n"))
    out = tmp_path / "h.jsonl"
    code, text, err = run(["arena", "durak", "--bot", "random", "--bot", "human", "--games", "1",
                           "--out", str(out)], capsys)
    assert_one_line_error(code, err, "--bot human: needs a terminal on standard input")
    assert text == "" and not out.exists()
    match = arena.Match(game="durak", rules={}, players=2, bots=("human", "random"), deals=1, seed=1)
    with pytest.raises(InputError, match=r"^Match.bots human: needs a terminal on standard input$"):
        arena.run(match, str(out), progress=False)
    with pytest.raises(InputError, match=r"^Match.bots human: a human bot plays in the main process only, at its "
                                         r"terminal, not with workers 3: use workers 1$"):
        arena.run(match, str(out), workers=3)  # (the Python names of the options)
    assert not out.exists()


# --- through a pseudo-terminal ------------------------------------------------------------------------


def test_at_a_terminal_the_prompt_is_not_overwritten_and_quit_exits_130(tmp_path):
    """The whole command on a pseudo-terminal: the status line (drawn after a second) never shows
    while the prompt waits, an empty line and help ask again, quit stops with exit 130 and the
    header kept."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect (the test extra) drives a pseudo-terminal")
    out = tmp_path / "h.jsonl"
    child = pexpect.spawn(sys.executable, ["-m", "foolsolve", "arena", "durak", "--bot", "human", "--bot", "random",
                                           "--games", "1", "--seed", "1", "--out", str(out)],
                          encoding="utf-8", timeout=60, cwd=str(Path(__file__).resolve().parents[2]),
                          env={"COLUMNS": "100", "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8",
                               "LANG": "C.UTF-8", "TERM": "xterm", "FOOLSOLVE_BACKGROUND_COMPILE": "0"})
    prompt = r"your move \(number or move; help, quit\)> "
    child.expect("as player 0 \\(you\\) sees it")
    child.expect(prompt)
    assert "your legal moves, player 0:" in child.before and "    0  attack " in child.before
    child.expect(pexpect.TIMEOUT, timeout=2.5)  # the status line would be drawn after 1 s
    assert "arena Durak" not in child.before and "Ctrl-C stops" not in child.before
    child.sendline("")
    child.expect(prompt)
    child.sendline("help")
    child.expect("answer with:")
    child.expect(prompt)
    child.expect(pexpect.TIMEOUT, timeout=1.5)
    assert "arena Durak" not in child.before
    child.sendline("quit")
    child.expect(r"\(stopped by quit after 0 of 2 games")
    child.expect("foolsolve: stopped by quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert [json.loads(line)["format"] for line in out.read_text().splitlines()] == ["foolsolve-arena/1"]


def test_a_line_that_is_not_text_at_the_prompt_is_said_and_asked_again(monkeypatch, capsys, tmp_path):
    """Bytes that are no UTF-8 text typed at the prompt (read by the real prompt function: a stray key,
    a terminal in another encoding) ended the whole match, exit 2; a person at a terminal is told and
    asked again, and the match goes on (here: move 0, then the end of input, which stops it as quit)."""
    class Bytes(io.BytesIO):
        def isatty(self) -> bool:
            return True

    stdin = io.TextIOWrapper(Bytes(b"\xff\xfe\n0\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    monkeypatch.setattr(human, "_on_stderr", lambda: False)
    out = tmp_path / "h.jsonl"
    code, text, err = run(["arena", "durak", "--bot", "human", "--bot", "random", "--games", "1", "--out", str(out)],
                          capsys)
    assert code == 130, err
    assert "a line that is not UTF-8 text: ignored; type it again" in text and "Traceback" not in text + err
    assert text.count("your move") >= 3  # asked, asked again, and asked at the next turn (the end of input)
    assert [json.loads(line)["format"] for line in out.read_text().splitlines()] == ["foolsolve-arena/1"]


def test_a_line_that_is_not_text_on_piped_input_to_play_interactive_is_a_one_line_error(monkeypatch, capsys):
    """Piped input (no person to ask again) that is no UTF-8 text stays a one-line error, exit 2."""
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    path = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json"
    code, _text, err = run(["play", str(path), "--interactive"], capsys)
    assert_one_line_error(code, err, "standard input: a line that is not UTF-8")


def test_each_game_is_announced(terminal, capsys):
    human.HumanBot().start("durak", 1, 2, {})
    assert capsys.readouterr().out == "\n== a new game of Durak: you are player 1 of 2\n"


def _seen_line(record, you: int) -> str:
    """A move as the screen writes it: ``player 1: play a card face down``, the mover ``(you)``, a
    round's end marked as the transcripts mark it."""
    who = "chance" if record.player == -1 else f"player {record.player}" + (" (you)" if record.player == you else "")
    mark = f" -- end of round: {record.note} --" if record.boundary and record.note else (
        " -- end of round --" if record.boundary else f" -- {record.note} --" if record.note else "")
    return f"{who}: {record.move}{mark}"


def test_the_screen_shows_the_others_moves_since_the_last_turn_and_history_all_of_them(terminal, monkeypatch, capsys):
    """The screen said nothing of what the other players did. At each turn it shows, above the view,
    every move since the player's last one as she saw it made (the others' face-down cards as such,
    the round's cards when they are revealed), and ``history`` every move of the game so far."""
    from foolsolve.game import public_record

    answers(monkeypatch, ["history", "0"] * 200)
    match = arena.Match("three-fools", {}, 3, ("human", "random"), deals=1, seed=5)
    rec = arena.play(arena.Task(match, 0, (0, 1, 1)))
    arena.close_bots()
    out = capsys.readouterr().out
    spec = games.get("three-fools").spec
    state = spec.state_from_json(rec["start"])
    seen: list = []  # the moves as player 0 saw them, up to each of her turns
    at = 0
    last = -1
    for text in rec["moves"]:
        if spec.to_move(state) == 0:
            since = seen[last + 1:]
            if since:
                block = "\n".join(["since your last move:" if last >= 0 else "the moves so far:",
                                   *(f"  {_seen_line(r, 0)}" for r in since)])
                at = out.index(block + "\n", at)  # above the view, in the order of the turns
                assert out[at + len(block) + 1:].startswith("Three Fools, phase ")  # then the view
            history = "\n".join([f"the moves of this game so far ({len(seen)}):",
                                 *(f"  {i:4}. {_seen_line(r, 0)}" for i, r in enumerate(seen, 1))])
            at = out.index(history + "\n", at) if seen else out.index("no move has been made in this game yet", at)
            last = len(seen)
        move = spec.parse_move(state, text)
        after = spec.apply(state, move)
        seen.append(public_record(spec, state, move, after, 0))
        state = after
    lines = [_seen_line(r, 0) for r in seen]
    assert any(line.startswith("player 1: lead a card face down as ") for line in lines)
    assert any(line == "player 2: play a card face down" for line in lines)
    assert any(" -- end of round: " in line for line in lines)
    assert "history" in human.HOW
