"""``foolsolve play POSITION --interactive --seat P`` through a pseudo-terminal (pexpect): you see only
your seat's view (no card hidden from you is ever printed before the reveal), the computer players
answer from their own views, the deal is revealed after the game with every move, and ``undo N``
plays on from an earlier move of yours. Also the computer's answers without ``--seat`` where the
exact solver has no move to give (Three Fools' leader, Foolery with more than two players)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from foolsolve.cli import load_position
from foolsolve.game import CHANCE
from foolsolve.worlds import view_of
from tests.generic.test_cli import assert_one_line_error, run

pexpect = pytest.importorskip("pexpect", reason="pexpect (the test extra) drives a pseudo-terminal")

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
REVIEW = r"review> "


def spawn(*args: str):
    return pexpect.spawn(sys.executable, ["-m", "foolsolve", "play", *args, "--interactive", "--samples", "2"],
                         encoding="utf-8", timeout=120,
                         env={"COLUMNS": "100", "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8",
                              "LANG": "C.UTF-8"})


def first_legal(child, prompt: str) -> str:
    """The first move 'moves' lists (the human's own moves: no hidden card in them)."""
    child.sendline("moves")
    child.expect(prompt)
    return child.before.strip().splitlines()[1].strip()


def play_to_the_end(child, seat: int, limit: int = 200) -> list[str]:
    """Play the first legal move at every prompt until the review prompt; the output before each of
    your prompts (the first entry: everything up to your first prompt), then the reveal."""
    prompt = rf"player {seat} \(you\)> "
    chunks: list[str] = []
    for _ in range(limit):
        if child.expect([prompt, REVIEW]) == 1:
            chunks.append(child.before)
            return chunks
        chunks.append(child.before)
        move = first_legal(child, prompt)
        child.sendline(move)
    raise AssertionError("the game did not end")


def card_in(text: str, card) -> bool:
    """Whether ``card`` is written in ``text`` (as the game prints it or in ASCII, as a whole word)."""
    return any(re.search(rf"(?<![0-9A-Za-z]){re.escape(form)}(?![0-9A-Za-z♣♦♥♠])", text)
               for form in {str(card), card.ascii})


def cards_of_view(deck, obj) -> set:
    """Every card a view file names anywhere (face up, or known to be in a hidden zone)."""
    out = set()

    def walk(v) -> None:
        if isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str):
            try:
                card = deck.parse(v)
            except Exception:
                return
            if v == card.ascii:
                out.add(card)

    walk({k: v for k, v in obj.items() if k not in ("game", "rules")})
    return out


def reviewed_moves(text: str) -> list[tuple[str, str]]:
    """(who, move) of every numbered line of the review."""
    return [(m.group(1), m.group(2).strip()) for m in re.finditer(r"^\s*\d+\. (player \d+(?: \(you\))?|chance): (.*)$",
                                                                    text, re.M)]


@pytest.mark.parametrize("name, seat", [("durak-midbout", 1), ("durak-endgame", 0), ("three-fools-first-round", 0)])
def test_from_your_seat_no_hidden_card_is_printed_before_the_reveal(name, seat):
    path = EXAMPLES / f"{name}.json"
    info, start = load_position(str(path))
    spec = info.spec
    child = spawn(str(path), "--seat", str(seat), "--seed", "7")
    chunks = play_to_the_end(child, seat)
    assert "the game is over; the deal, every card face up" in chunks[-1]
    child.sendline("review")
    child.expect(REVIEW)
    moves = reviewed_moves(child.before)
    assert moves and all(who.endswith("(you)") == (who == f"player {seat} (you)") for who, _ in moves)
    # replay the game the review lists: at each of your prompts, the cards you have not seen so far
    deck, cards, _ = spec.view_cards(view_of(info, start, seat))
    states = [start]
    state = start
    for _, text in moves:
        state = spec.apply(state, spec.parse_move(state, text))
        states.append(state)
    assert spec.result(state) is not None
    yours = [i for i, s in enumerate(states[:-1]) if spec.to_move(s) == seat]
    assert len(yours) == len(chunks) - 1
    seen: set = set()
    checked = 0
    for k, chunk in enumerate(chunks):
        upto = yours[k] if k < len(yours) else len(states) - 1
        for s in states[: upto + 1]:
            seen |= cards_of_view(deck, view_of(info, s, seat))
        if k == len(chunks) - 1:
            chunk = chunk.split("the game is over; the deal")[0]
        hidden = [c for c in set(cards) if c not in seen]
        checked += len(hidden)
        shown = [c for c in hidden if card_in(chunk, c)]
        assert not shown, f"{name}: hidden {shown} printed before your move {k + 1}:\n{chunk}"
    assert checked  # there was something hidden to check
    # after the reveal every card of the deal is printed
    others = [c for p in range(spec.num_players(start)) if p != seat
              for c in spec.state_to_json(start)["hands"][p]]
    assert others and all(card_in(chunks[-1], deck.parse(c)) for c in others)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_after_the_game_undo_n_goes_back_to_your_move_and_plays_on():
    child = spawn(str(EXAMPLES / "durak-endgame.json"), "--seat", "0", "--seed", "3")
    child.expect(r"player 0 \(you\)> ")
    assert "player 1 (defender): 2 cards, face down" in child.before
    assert "player 0 (attacker, you): 9♦ 6♥ K♥" in child.before and "as player 0 (you) sees it" in child.before
    child.sendline("attack 9D")
    child.expect(r"player 1: cover 9♦ with A♦ +\[exact from its view, 1 world\]")
    child.expect(r"player 0 \(you\)> ")
    child.sendline("take")
    child.expect("the game is over; the deal, every card face up")
    child.expect("game over: fool: player 0")
    child.expect(REVIEW)
    child.sendline("undo 2")
    child.expect(REVIEW)
    assert "move 2 is not yours; yours are 1, 4" in child.before
    child.sendline("undo 1")
    child.expect("undone: back to before move 1")
    child.expect(r"player 0 \(you\)> ")
    assert "player 0 (attacker, you): 9♦ 6♥ K♥" in child.before
    child.sendline("attack 6H")
    child.expect(r"player 1: cover 6♥ with 7♥")
    child.expect(r"player 1: attack A♦")
    child.expect(r"player 0 \(you\)> ")
    child.sendline("take")
    child.expect("the game is over")
    child.expect(REVIEW)
    child.sendline("review")
    child.expect(REVIEW)
    assert [m for _, m in reviewed_moves(child.before)] == ["attack 6♥", "cover 6♥ with 7♥", "attack A♦", "take"]
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_three_fools_computer_players_lead_with_legal_moves():
    """The Three Fools solver ranks a leader's plans ("keep; lead 2R as R": two moves); a computer
    leader plays the plan as its moves, one at a time, each legal where it is played."""
    child = spawn(str(EXAMPLES / "three-fools-first-round.json"), "--seed", "2")
    prompt = r"player 0 \(you\)> "
    for _ in range(30):
        i = child.expect([prompt, r"player [12]: lead \S+ as [RPS] +\[pimc from its view"])
        if i == 1:
            break
        child.sendline(first_legal(child, prompt))
    else:
        raise AssertionError("no computer player led")
    child.expect(prompt)
    assert "not legal" not in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_with_more_than_two_players_the_computer_answers_from_its_seat():
    """Foolery with four players: the exact two-player answer calls every move a loss; the computer
    plays the seat analysis's best move from its own view instead (its payoff: the places)."""
    from foolsolve.interactive import Session, Thinking, seat_answer

    info, state = load_position(str(EXAMPLES / "foolery-endgame.json"))
    spec = info.spec
    mover = spec.to_move(state)
    assert mover != CHANCE and spec.num_players(state) == 4
    session = Session(info, 2, random.Random(5), 5, thinking=Thinking(samples=2))
    # the exact answer for the player to move calls every move a loss
    result, _ = session.solve(state)
    assert result is not None and {m.value for m in result.moves} == {"loss"}
    move, how = session.answer(state)
    assert "from its view" in how and "solver" not in how
    ans = seat_answer(info, state, mover, Thinking(samples=2), random.Random(5).randrange(2**31))
    assert move in ans.best
    # a fresh three-player deal: no exact answer is asked for; the seat analysis tells moves apart
    # on the titles' payoffs (King +2 ... Peasant -2) and the computer plays a best one
    from foolsolve.rules import rules_from_json

    state = spec.deal(rules_from_json(spec.rules_cls, {}), 3, random.Random(1))
    while spec.to_move(state) == CHANCE:
        state = spec.apply(state, spec.chance_outcomes(state)[0][0])
    mover = spec.to_move(state)
    session = Session(info, (mover + 1) % 3, random.Random(5), 5, thinking=Thinking(samples=2))
    move, how = session.answer(state)
    ans = seat_answer(info, state, mover, Thinking(samples=2), random.Random(5).randrange(2**31))
    assert "from its view" in how and move in ans.best and len({m.mean for m in ans.moves}) > 1


def test_three_fools_solver_plans_are_not_played_as_moves():
    from foolsolve.interactive import Session

    info, state = load_position(str(EXAMPLES / "three-fools-first-round.json"))
    session = Session(info, 1, random.Random(0), 0)
    result, _ = session.solve(state)
    assert result is not None and ";" in result.best[0]
    assert session._solver_move(state) is None


def test_seat_options_need_interactive_and_a_real_seat(capsys):
    path = str(EXAMPLES / "durak-endgame.json")
    code, _, err = run(["play", path, "--seat", "0"], capsys)
    assert_one_line_error(code, err, "--seat", "--interactive")
    code, _, err = run(["play", path, "--interactive", "--seat", "5"], capsys)
    assert_one_line_error(code, err, "--seat", "player 5")


def test_why_from_your_seat_does_not_tell_what_a_draw_brings():
    """`why draw own` on the full position lists the effect, the top card of your face-down stock."""
    path = EXAMPLES / "fools-and-angels-opening.json"
    info, start = load_position(str(path))
    deck, _, _ = info.spec.view_cards(view_of(info, start, 0))
    stock = [deck.parse(c) for c in info.spec.state_to_json(start)["stocks"][0]]
    assert stock
    child = spawn(str(path), "--seat", "0", "--seed", "1")
    child.expect(r"player 0 \(you\)> ")
    child.sendline("why draw own")
    child.expect(r"player 0 \(you\)> ")
    assert "draw own is legal" in child.before and "what the move changes is not shown" in child.before
    assert not [c for c in stock if card_in(child.before, c)]
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_computers_budget_is_stated_and_ctrl_c_stops_cleanly_keeping_the_position(tmp_path):
    out = tmp_path / "stopped.json"
    child = spawn(str(EXAMPLES / "durak-midbout.json"), "--seat", "1", "--seed", "1", "--think", "0.5",
                  "--out", str(out))
    child.expect_exact("PIMC over 2 worlds sampled from its own view")
    child.expect_exact("at most 0.5 s a move (--think)")
    child.expect(r"player 1 \(you\)> ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and not child.signalstatus  # Ctrl-C: exit 130, as everywhere (README)
    assert "Traceback" not in child.before and f"wrote {out}" in child.before and out.exists()


def _hint_text(args: list[str], monkeypatch, capsys, before: str = "") -> tuple[str, list[str]]:
    """The header line 'hint' prints at a prompt of a seat game (commands piped in: ``before``, then
    'hint'), and the lines of the answer below it."""
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{before}hint\nquit\n"))
    code, out, err = run(["play", *args, "--interactive"], capsys)
    assert code == 0, err
    after = out.split("> hint", 1)[1].split("> quit", 1)[0]
    lines = after.splitlines()[1:-1]  # (after the echoed command; the last line: the next prompt)
    return lines[0], lines[1:]


def _timeless(lines: list[str]) -> list[str]:
    """An answer's lines without the seconds it took (its last line: worlds or nodes, and a rate)."""
    return [re.sub(r" in [\d.]+ s \(.*\)$", " in <seconds>", line) for line in lines]


def _view_answer(example: str, moves: list[str], seat: int, **options) -> list[str]:
    """What ``foolsolve VIEW.json`` answers for player ``seat``'s view after ``moves``
    (:func:`foolsolve.answer`, the command's code and defaults)."""
    from foolsolve import answer
    from foolsolve.present import trace

    info, state = load_position(str(EXAMPLES / example))
    state = trace(info.spec, state, moves)[1]
    return answer(view_of(info, state, seat), **options).text().splitlines()


def test_hint_from_a_seat_is_the_answer_of_foolsolve_view(monkeypatch, capsys):
    """'hint' from a seat gives the answer ``foolsolve VIEW.json`` gives for that view, by the same code,
    not an analysis of its own (a computer player's worlds and seed, without the deeper rounds, the
    second opinion, the value line and the notes): a view of one world gets its full position's exact
    answer, Three Fools' leader the round odds of the game's own solver from her seat."""
    head, lines = _hint_text([str(EXAMPLES / "durak-endgame.json"), "--seat", "0", "--seed", "3"], monkeypatch,
                             capsys)
    assert head == "from your view, as foolsolve VIEW.json --time 20 answers it:"
    assert _timeless(lines) == _timeless(_view_answer("durak-endgame.json", [], 0))
    assert lines[1].startswith("Method: the one world consistent with player 0's view, solved as its full position")
    # Three Fools' leader: the game's own solver from her seat (the round odds), as foolsolve VIEW.json
    # answers; the game's --samples (a computer player's worlds) is not the answer's
    head, lines = _hint_text([str(EXAMPLES / "three-fools-first-round.json"), "--seat", "0", "--seed", "3",
                              "--samples", "4", "--think", "60"], monkeypatch, capsys)
    assert head == "from your view, as foolsolve VIEW.json --time 60 answers it:"
    assert _timeless(lines) == _timeless(_view_answer("three-fools-first-round.json", [], 0, time=60))
    assert lines[0].startswith("Three Fools: player 0 to move. Value: win ") and "(round odds from player 0's view)" \
        in lines[0]


def test_ctrl_c_in_a_hint_shows_the_answer_so_far_and_stops_the_game(monkeypatch, capsys):
    """Ctrl-C during the hint's analysis: the answer so far (marked INTERRUPTED, as foolsolve VIEW.json
    prints it), then the game stops as Ctrl-C stops it anywhere (KeyboardInterrupt to the prompt loop)."""
    from foolsolve import seat
    from foolsolve.interactive import Session, _seat_hint

    info, state = load_position(str(EXAMPLES / "durak-midbout.json"))
    real = seat.analyse

    def stopped(info, worlds, settings, *args, **kwargs):  # the analysis as Ctrl-C after its first round leaves it
        from dataclasses import replace

        answer = real(info, worlds, replace(settings, deepen=False), *args, **kwargs)
        answer.interrupted = True
        return answer

    monkeypatch.setattr(seat, "analyse", stopped)
    monkeypatch.setattr(seat, "second_opinion", lambda *a, **k: None)
    session = Session(info, 1, random.Random(0), 0, seat=True)
    with pytest.raises(KeyboardInterrupt):
        _seat_hint(session, state, "")
    out = capsys.readouterr().out
    assert out.startswith("from your view, as foolsolve VIEW.json --time 20 answers it:\nINTERRUPTED: the best answer "
                          "so far\n"), out


def test_the_hint_asks_what_foolsolve_view_asks():
    """The hint's request is ``foolsolve VIEW.json``'s defaults (its deeper rounds and its second
    opinion, which a given --samples or a computer player's budget turns off), its --time the game's
    --think where given; the game's --samples, a computer player's worlds, is not the hint's."""
    from foolsolve.cli import SolveRequest, seat_settings
    from foolsolve.interactive import Thinking, hint_request
    from foolsolve.solver.base import DEFAULT_SECONDS

    request, words = hint_request(Thinking())
    default = SolveRequest()
    assert (request.seconds, request.samples, request.method, request.seed, request.max_nodes) == \
        (default.seconds, None, None, None, None) and default.seconds == DEFAULT_SECONDS
    settings = seat_settings(request.method, request.samples, request.seconds, request.seed, request.max_nodes)
    assert settings.deepen and settings.samples is None and settings.method == "auto"  # what second_opinion runs on
    assert words == f"foolsolve VIEW.json --time {DEFAULT_SECONDS:g}"
    request, words = hint_request(Thinking(samples=40, think=2.5, given=("--samples", "--think")))
    assert (request.seconds, request.samples) == (2.5, None) and words == "foolsolve VIEW.json --time 2.5"


def test_from_your_seat_another_players_face_down_lead_reads_as_the_rules_show_it(capsys):
    """Another player's Three Fools lead, from your seat, was its text with the card written ``??``
    (``lead ?? as Rock``): the screen now says it in the rules' words, as the arena's seats are told
    it (``SpecGame.public_move``); your own move and, after the game, the review name every card."""
    from foolsolve.interactive import Session, _say_move, review_text

    info, state = load_position(str(EXAMPLES / "three-fools-first-round.json"))
    spec = info.spec
    while spec.to_move(state) == CHANCE or not any(type(m).__name__ == "Lead" for m in spec.legal_moves(state)):
        state = spec.apply(state, spec.legal_moves(state)[0])
    leader = spec.to_move(state)
    you = (leader + 1) % spec.num_players(state)
    session = Session(info, you, random.Random(0), 0, seat=True)
    lead = next(m for m in spec.legal_moves(state) if type(m).__name__ == "Lead")
    capsys.readouterr()
    after = _say_move(session, state, str(lead))
    out = capsys.readouterr().out
    assert f"player {leader}: lead a card face down as " in out and "??" not in out
    assert str(lead) not in out
    assert "lead a card face down as" in review_text(session, after)
