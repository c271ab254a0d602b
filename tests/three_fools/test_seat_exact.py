"""A Three Fools view (and ``--as P``) of a round about to be led is answered by the game's own
exact solver, the round odds from that player's view, the same answer the full position gives for
her seat (foolsolve/seat_exact.py, GameInfo.seat_solver; docs/seat.md "The game's own solver from
one seat"); a seat method (--method ...) or another phase keeps the seat analysis' answer."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.seat_exact import seat_exact, seat_exact_note, solve_seat_exact
from foolsolve.solver.base import SolveOptions
from foolsolve.spec.three_fools import FLIP, LEAD, SPEC, shown_cards
from foolsolve.worlds import view_of, worlds_from_state
from tests.generic.test_cli import assert_one_line_error, run

INFO = games.get("three-fools")
EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
FULL = str(EXAMPLES / "three-fools-first-round.json")
VIEW = str(EXAMPLES / "views" / "three-fools.json")
"""Player 0's view of exactly the position of :data:`FULL` (she leads the first round)."""

SAME = ("game", "to_move", "value_kind", "value", "moves", "best", "pv", "method", "concept")
"""The fields of a result JSON that say the answer (not what it cost, not its notes)."""


def _answer(obj: dict) -> dict:
    return {k: obj.get(k) for k in SAME}


def _json(argv: list[str], capsys) -> dict:
    code, out, err = run([*argv, "--json", "--no-store"], capsys)
    assert code == 0, err
    return json.loads(out)


def test_the_view_of_player_0_gets_the_full_positions_round_odds(capsys):
    # the old code gave the seat analysis' PIMC answer (best flip, +0.700): the exact round odds were
    # out of reach of the only file a player can have, her view
    full = _json([FULL], capsys)
    view = _json([VIEW], capsys)
    assert _answer(view) == _answer(full)
    assert view["value"]["win"] == "191/492" and view["best"] == ["keep; lead 4S as S"]
    assert view["notes"] == [*full["notes"], seat_exact_note(0)]
    assert "--method pimc|ismcts|exact" in view["notes"][-1]
    code, out, err = run([VIEW, "--no-store"], capsys)
    assert code == 0, err
    assert out.startswith("Three Fools: player 0 to move. Value: win 191/492 (0.3882), penalty 0 (0.0000) "
                          "(round odds from player 0's view)")
    assert "Best: keep; lead 4S as S" in out and "game's own exact solver from player 0's view" in out


def test_as_the_leader_gets_the_full_positions_round_odds(capsys):
    full = _json([FULL, "-o", "viewer=0"], capsys)
    seat = _json([FULL, "--as", "0"], capsys)
    assert _answer(seat) == _answer(full)
    assert seat["concept"] == "round odds from player 0's view"


def test_a_follower_gets_the_seat_answer_not_the_leaders_odds_conditioned_on_cards(capsys):
    """A follower's round odds are the leader's choices, each conditioned on the leader holding its
    card (player 1: best "win 23/32", a Joker she rates 4/41 to be there), which read as her own
    chance: --as 1 and her view get the seat analysis; -o viewer=1 still asks for the odds."""
    seat = _json([FULL, "--as", "1", "--samples", "4"], capsys)
    assert seat["method"] == "pimc" and seat["player"] == 1
    assert _json([FULL, "--as", "1"], capsys).get("concept") != "round odds from player 1's view"
    assert _json([FULL, "-o", "viewer=1"], capsys)["concept"].startswith("the leader's best choice's round odds "
                                                                        "from player 1's view if she holds its card")


def test_a_followers_headline_odds_say_they_are_conditioned_on_the_leaders_card(capsys):
    """``-o viewer=1`` (and player 1's view with ``-o best_response=1``) printed ``Value: win 23/32
    (0.7188)`` as if it were the round's worth to player 1: it is the leader's chance only if she holds
    JoR, which player 1 rates at 4/41. The headline now carries that ``held`` and a concept saying so;
    the leader's own view is unchanged (nothing conditioned)."""
    for argv in ([FULL, "-o", "viewer=1"], [FULL, "--as", "1", "-o", "best_response=1"]):
        obj = _json(argv, capsys)
        assert obj["value"]["win"] == "23/32" and obj["value"]["held"] == "4/41"
        assert sorted(obj["best"]) == sorted(m["move"] for m in obj["moves"] if m["value"] == obj["value"])
        assert "not what the round is worth to player 1" in obj["concept"]
        code, out, _ = run([*argv, "--no-store"], capsys)
        assert code == 0 and "Value: win 23/32 (0.7188), penalty 0 (0.0000), held 4/41 (0.0976) (the leader's " \
            "best choice's round odds from player 1's view if she holds its card" in out
    leader = _json([FULL, "-o", "viewer=0"], capsys)
    assert "held" not in leader["value"] and leader["concept"] == "round odds from player 0's view"


def test_the_seed_picks_a_world_and_not_the_answer(capsys):
    answers = [_answer(_json([VIEW, "--seed", str(seed)], capsys)) for seed in (0, 1, 7)]
    assert answers[0] == answers[1] == answers[2]


def _later_rounds():
    """Rounds about to be led after some of the game has been played (cards revealed, hands of
    different sizes), from seeded random games under random rules, each with a viewer (a leader's
    view and followers' views)."""
    out = []
    for seed in (1, 2, 3, 4):
        rng = random.Random(seed)
        state = INFO.random_game(rng)
        while not SPEC.is_terminal(state):
            if state.phase in (FLIP, LEAD) and len(shown_cards(state)) >= 6 and rng.random() < 0.3:
                break
            state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
        assert not SPEC.is_terminal(state)
        out.append((state, seed % 3))
    return out


def test_every_world_of_a_view_gets_the_same_answer_as_the_full_position():
    """The answer does not depend on which world of the view the solver reads: several sampled
    worlds of each view (the leader's, a follower's) give the full position's round odds from
    that player's view, move by move."""
    rounds = _later_rounds()
    assert {state.leader == viewer for state, viewer in rounds} == {True, False}
    for state, viewer in rounds:
        full = INFO.solve(state, SolveOptions(extra={"viewer": viewer}))
        worlds = worlds_from_state(INFO, state, viewer)
        seen = set()
        for seed in range(3):
            world = worlds.sample(random.Random(seed))
            seen.add(json.dumps(SPEC.state_to_json(world), sort_keys=True))
            got = INFO.solve(world, SolveOptions(extra={"viewer": viewer}))
            assert (got.value, got.best, got.concept) == (full.value, full.best, full.concept)
            assert [(m.move, m.value) for m in got.moves] == [(m.move, m.value) for m in full.moves]
            exact = seat_exact(INFO, worlds, {}, seed)
            if viewer != state.leader:  # a follower's view: the seat analysis answers her
                assert exact is None
                continue
            assert exact is not None and exact.player == viewer and exact.extra == {"viewer": viewer}
            mine = solve_seat_exact(INFO, exact)
            assert [(m.move, m.value) for m in mine.moves] == [(m.move, m.value) for m in full.moves]
        assert len(seen) > 1  # the worlds differ in the cards hidden from the viewer


def _follow_view(tmp_path: Path) -> str:
    """Player 1's view once player 0 has led (phase follow): no round odds there."""
    state = SPEC.play(SPEC.state_from_json(json.loads(Path(FULL).read_text())), "keep", "lead 4S as S")
    path = tmp_path / "follow.json"
    path.write_text(json.dumps(view_of(INFO, state, SPEC.to_move(state))))
    return str(path)


def test_a_view_in_another_phase_keeps_the_seat_answer(tmp_path, capsys):
    view = _follow_view(tmp_path)
    assert seat_exact(INFO, worlds_from_state(INFO, SPEC.play(SPEC.state_from_json(
        json.loads(Path(FULL).read_text())), "keep", "lead 4S as S"), 1), {}) is None
    obj = _json([view, "--samples", "2", "--max-nodes", "200"], capsys)
    assert obj["method"] == "pimc" and obj["worlds"] == 2 and obj["player"] == 1
    code, _, err = run([view, "-o", "viewer=1", "--samples", "2"], capsys)
    assert_one_line_error(code, err, "takes no -o options")
    # without a seat method, the round odds' option says what it needs, as the full position's does
    # (it said the seat analysis "takes no -o options")
    for option in ("viewer=1", "limit=5"):
        code, _, err = run([view, "-o", option], capsys)
        assert_one_line_error(code, err, f"option {option.split('=')[0]}: ")
        assert "needs a round about to be led (phase flip or lead), not follow" in err


@pytest.mark.parametrize("argv", [[VIEW, "--method", "pimc"], [FULL, "--as", "0", "--method", "pimc"],
                                  [VIEW, "--samples", "2"]])
def test_a_seat_method_keeps_the_seat_answer(capsys, argv):
    obj = _json([*argv, "--samples", "2", "--max-nodes", "200"] if "--samples" not in argv else
                [*argv, "--max-nodes", "200"], capsys)
    assert obj["method"] == "pimc" and obj["worlds"] == 2 and "mean" in obj["value"]


def test_solver_options_from_the_view(capsys):
    full = _json([FULL, "-o", "best_response=1", "-o", "viewer=1"], capsys)
    view = _json([FULL, "--as", "1", "-o", "best_response=1"], capsys)
    assert _answer(view) == _answer(full) and view["notes"][:-1] == full["notes"]


@pytest.mark.parametrize(("option", "needle"), [
    ("viewer=1", "option viewer: 1 is not player 0, whose view this is"),
    ("equilibrium=true", "option equilibrium: the equilibrium of the bluff is solved with every hand open"),
    ("best_response=2", "option best_response: player 2's best response is computed from her hand"),
    ("depth=3", "option depth: not an option of the exact solver of Three Fools"),
    ("viewer=x", "option viewer"),
])
def test_an_option_reading_cards_hidden_from_the_viewer_is_a_one_line_error(capsys, option, needle):
    for argv in ([VIEW, "-o", option], [FULL, "--as", "0", "-o", option]):
        code, _, err = run(argv, capsys)
        assert_one_line_error(code, err, needle)


def test_batch_and_report_agree_with_solve(tmp_path, capsys):
    solved = _json([VIEW], capsys)
    lines = tmp_path / "in.jsonl"
    lines.write_text(f"{VIEW}\n{json.dumps(json.loads(Path(VIEW).read_text()))}\n")
    code, out, err = run(["batch", str(lines), "--no-store"], capsys)
    assert code == 0, err
    for line in out.splitlines():
        rec = json.loads(line)
        assert rec["cached"] is False and _answer(rec["result"]) == _answer(solved)
        assert rec["result"]["notes"] == solved["notes"]
    code, out, err = run(["batch", str(lines), "--no-store", "-o", "viewer=2"], capsys)
    assert code == 2 and all("option viewer: 2 is not player 0" in json.loads(x)["error"] for x in out.splitlines())
    for argv in ([VIEW], [FULL, "--as", "0"]):
        page = tmp_path / "page.html"
        code, _, err = run(["report", *argv, "--out", str(page), "--no-store"], capsys)
        assert code == 0, err
        html = page.read_text()
        embedded = json.loads(re.search(r'id="solve-result">(.*?)</script>', html).group(1))
        assert embedded["view"] == 0 and _answer(embedded) == _answer(solved)
        assert "10R" in html and "Every legal move, best first" in html
    # report takes the deprecated --equilibrium as solve does: hidden from its help, a warning line naming
    # -o equilibrium=true, then that option's own error from one seat
    for command, given in (("solve", []), ("report", ["--out", str(tmp_path / "p.html")])):
        code, _, err = run([command, VIEW, *given, "--equilibrium"], capsys)
        warning, error = err.strip().splitlines()
        assert warning == "foolsolve: --equilibrium is deprecated and goes in the next release; use -o equilibrium=true"
        assert code == 2 and error.startswith("foolsolve: error: option equilibrium: "), err
        assert "--equilibrium" not in run([command, "--help"], capsys)[1]


def test_the_hook_is_declared_by_three_fools_alone():
    assert [info.name for info in games.all_games() if info.declared("seat_solver") is not None] == ["three-fools"]


def test_in_phase_lead_the_round_odds_name_legal_moves_and_are_read_back_from_the_store(tmp_path, capsys):
    """Once the flip was made (phase lead) every choice was still written "keep; lead 4S as S", a plan
    and no legal move: `play` could not read the best move, and the store's check threw the result
    away on every run. In phase lead a choice is the lead itself."""
    lead = tmp_path / "lead.json"
    code, _, err = run(["play", FULL, "keep", "--out", str(lead)], capsys)
    assert code == 0, err
    state = SPEC.state_from_json(json.loads(lead.read_text()))
    assert state.phase == LEAD
    legal = {SPEC.move_text(m) for m in SPEC.legal_moves(state)}
    store = str(tmp_path / "store.sqlite3")
    first = json.loads(run([str(lead), "--json", "--store", store], capsys)[1])
    assert {m["move"] for m in first["moves"]} == legal and first["best"] == ["lead 4S as S"]
    code, out, err = run([str(lead), "--json", "--store", store], capsys)
    assert code == 0 and err == "" and json.loads(out)["stored"] is True
    assert run(["play", str(lead), first["best"][0]], capsys)[0] == 0


def test_another_followers_best_response_from_a_followers_view_names_what_it_reads(capsys):
    """Player 1's view (a follower) with ``-o best_response=2`` said "an answer from one seat ...
    takes no -o options", though ``best_response=1`` is taken: now it says that player 2's best
    response reads her hand, hidden from player 1, and which value player 1 may give."""
    code, _, err = run([FULL, "--as", "1", "-o", "best_response=2", "--no-store"], capsys)
    assert_one_line_error(code, err, "option best_response: player 2's best response is computed from her hand, "
                                     "hidden from player 1; from player 1's view only best_response=1")
    assert "takes no -o options" not in err


@pytest.mark.parametrize("option", ["best_response=1", "viewer=1", "leader_strategy=truthful"])
def test_a_round_odds_option_in_phase_follow_is_a_one_line_error(tmp_path, capsys, option):
    """A full position in phase follow with ``-o best_response=1`` went to the open-hand search (20 s,
    every move 0.000000) with only a note that the option was not applied: the round odds (and the
    best response) need a round about to be led. Now a one-line error, at once."""
    state = SPEC.play(SPEC.state_from_json(json.loads(Path(FULL).read_text())), "keep", "lead 4S as S")
    path = tmp_path / "follow.json"
    path.write_text(json.dumps(SPEC.state_to_json(state)))
    code, out, err = run([str(path), "-o", option, "--no-store", "--time", "60"], capsys)
    assert_one_line_error(code, err, f"option {option.split('=')[0]}: ")
    assert "needs a round about to be led (phase flip or lead), not follow" in err and out == ""


@pytest.mark.parametrize(("argv", "notes"), [
    ([VIEW, "--seed", "3"], ["not applied: --seed (it picks the world of the view the solver reads, and every world "
                             "gives this answer)"]),
    ([FULL, "--as", "0", "--seed", "3"], ["not applied: --seed (it picks a world of the view; the position itself "
                                          "was read)"]),
    ([VIEW, "--workers", "2"], ["not applied: --workers (they spread the seat analysis' worlds over processes; the "
                                "game's own solver reads one world, here)"]),
    ([FULL, "--workers", "2", "--seed", "1"], ["not applied: --seed (", "not applied: --workers ("]),
    ([VIEW, "--workers", "1", "--scheduler", "tcp://127.0.0.1:1"], ["not applied: --workers, --scheduler ("]),
    ([VIEW, "--max-memory", "3"], ["not applied: --max-memory (it bounds a solver's transposition tables; the exact "
                                   "solver of Three Fools keeps none)"]),
    ([FULL, "--max-memory", "3"], ["not applied: --max-memory ("]),
])
def test_options_the_seat_solver_does_not_read_are_noted_and_do_not_change_the_method(capsys, argv, notes):
    """``--seed`` on a view (which only picks the world read) was dropped without a word, and
    ``--workers 2`` switched the answer to PIMC's: now the round odds answer, each such option noted."""
    full = _json([FULL], capsys)
    obj = _json(argv, capsys)
    assert _answer(obj) == _answer(full)
    extra = [n for n in obj["notes"] if n.startswith("not applied")]
    assert len(extra) == len(notes) and all(n.startswith(want) for n, want in zip(extra, notes)), extra


def test_the_seat_solver_takes_the_node_budget_and_the_time(capsys):
    code, _, err = run([VIEW, "--max-nodes", "3", "--no-store"], capsys)
    assert_one_line_error(code, err, "--max-nodes: no exact answer within 3 nodes")
    code, _, err = run([VIEW, "--max-nodes", "3", "--no-store", "--json"], capsys)
    assert code == 2 and json.loads(err)["kind"] == "limit", err  # a budget that ran out: a LimitError
    obj = _json([VIEW, "--max-nodes", str(24 * 40 * 41)], capsys)
    assert obj["nodes"] == 24 * 40 * 41 and not any(n.startswith("not applied") for n in obj["notes"])


def test_the_report_of_a_view_notes_the_seed_and_the_workers(tmp_path, capsys):
    page = tmp_path / "p.html"
    code, _, err = run(["report", VIEW, "--out", str(page), "--seed", "4", "--workers", "2", "--time", "10"], capsys)
    assert code == 0, err
    text = page.read_text()
    assert "win 191/492" in text and "not applied: --seed (" in text and "not applied: --workers (" in text


def test_a_batch_view_line_notes_the_seed_and_the_memory_budget_as_solve_does(tmp_path, capsys):
    solved = _json([VIEW, "--seed", "3", "--max-memory", "5"], capsys)
    lines = tmp_path / "in.jsonl"
    lines.write_text(f"{VIEW}\n")
    code, out, err = run(["batch", str(lines), "--no-store", "--seed", "3", "--max-memory", "5"], capsys)
    assert code == 0, err
    rec = json.loads(out)
    assert rec["result"]["notes"] == solved["notes"]
    assert [n.split(" (")[0] for n in solved["notes"] if n.startswith("not applied")] == [
        "not applied: --seed", "not applied: --max-memory"]


def test_a_batch_full_position_line_notes_the_memory_budget_as_solve_does(tmp_path, capsys):
    """A view line noted --max-memory as not applied (the round odds keep no transposition table), the
    full position's line did not; its note is added to the line's record, never to the stored result
    (a later batch without --max-memory reads it without the note)."""
    full = str(EXAMPLES / "three-fools-bluff.json")  # (a round of 12 unseen cards: quick)
    solved = _json([full, "--max-memory", "5"], capsys)
    lines = tmp_path / "in.jsonl"
    lines.write_text(f"{full}\n")
    store = str(tmp_path / "s.sqlite3")
    code, out, err = run(["batch", str(lines), "--store", store, "--max-memory", "5"], capsys)
    assert code == 0, err
    rec = json.loads(out)
    assert rec["result"]["notes"] == solved["notes"] and not rec["cached"]
    assert any(n.startswith("not applied: --max-memory (") for n in rec["result"]["notes"])
    for memory, noted in ((["--max-memory", "5"], True), ([], False)):  # read from the store
        code, out, err = run(["batch", str(lines), "--store", store, *memory], capsys)
        rec = json.loads(out)
        assert code == 0 and rec["cached"], err
        assert any(n.startswith("not applied: --max-memory") for n in rec["result"]["notes"]) is noted


def test_open_hand_is_honoured_where_the_exact_solver_answers_from_a_seat(capsys):
    """--open-hand on a round about to be led was silently ignored: the exact solver's round odds,
    averaged over every deal player 0 does not see. Now the open-hand search answers, every listed
    card known, with a note saying why (without it the round odds stand: the tests above)."""
    got = _json([FULL, "--open-hand", "--max-nodes", "3000"], capsys)
    assert got["method"].startswith("open-hand search, every card known")
    assert got["value_kind"] == "estimate" and "round odds" not in got["concept"]
    assert any(n.startswith("--open-hand: the exact solver answers this position from one player's seat")
               for n in got["notes"])
