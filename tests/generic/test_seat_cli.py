"""``foolsolve POSITION.json`` from one seat (foolsolve.seat through the CLI): view files, full
positions with cards hidden from the player to move, --as, --method, --json, Ctrl-C, bad input;
and that an analysis reads nothing but the view."""

from __future__ import annotations

import html
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from foolsolve import games, seat
from foolsolve.errors import InputError
from foolsolve.worlds import read_view, view_of, worlds_of_view
from tests.durak.helpers import finished, finished_file
from tests.generic.batch_helpers import wait_until_working
from tests.generic.test_cli import assert_one_line_error, run

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
DURAK = games.get("durak")


def _fresh_deal_view(tmp_path: Path, seed: int = 1, player: int = 0) -> Path:
    """A fresh two-player Durak deal from ``player``'s seat, as a view file."""
    spec = DURAK.spec
    state = spec.deal(spec.rules_cls(), 2, random.Random(seed))
    path = tmp_path / "view.json"
    path.write_text(json.dumps(view_of(DURAK, state, player)))
    return path


def test_a_view_file_is_answered_from_the_viewers_seat_naming_the_method(tmp_path, capsys):
    view = _fresh_deal_view(tmp_path)
    code, out, err = run([str(view), "--samples", "6", "--seed", "2"], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Durak: player 0 to move, seen from player 0's seat (")
    assert lines[1].startswith("Method: PIMC: 6 sampled worlds (seed 2)")
    assert "95% interval" in out and "Best: " in out and "Value for player 0: " in out


def test_json_gives_numbers_for_means_intervals_counts_and_the_method(tmp_path, capsys):
    view = _fresh_deal_view(tmp_path)
    code, out, _ = run([str(view), "--samples", "5", "--json"], capsys)
    assert code == 0
    obj = json.loads(out)
    assert obj["method"] == "pimc" and obj["worlds"] == 5 and obj["player"] == 0 and obj["seed"] == 0
    assert isinstance(obj["consistent_worlds"], int) and obj["consistent_worlds"] > 10**20
    for m in obj["moves"]:
        assert m["low"] <= m["mean"] <= m["high"] and m["worlds"] == 5
    assert obj["best"] and set(obj["best"]) <= {m["move"] for m in obj["moves"]}
    assert obj["value"]["mean"] == max(m["mean"] for m in obj["moves"])


def test_ismcts_through_the_cli(tmp_path, capsys):
    view = _fresh_deal_view(tmp_path)
    code, out, _ = run([str(view), "--method", "ismcts", "--samples", "60", "--json"], capsys)
    assert code == 0
    obj = json.loads(out)
    assert obj["method"] == "ismcts" and obj["worlds"] == 60
    assert sum(m["worlds"] for m in obj["moves"]) == 60


def test_an_analysis_reads_only_the_view():
    # the view JSON holds no card hidden from player 0; the analysis gets the worlds of that JSON alone
    spec = DURAK.spec
    state = spec.deal(spec.rules_cls(), 2, random.Random(4))
    obj = view_of(DURAK, state, 0)
    text = json.dumps(obj)
    for c in state.hands[1]:
        assert f'"{c.ascii}"' not in text
    worlds = worlds_of_view(read_view(json.loads(text)))
    answer = seat.analyse(DURAK, worlds, seat.Settings(method="pimc", samples=3, budget=seat.Budget(nodes=500)))
    assert answer.player == 0 and answer.worlds == 3
    assert [m.move for m in answer.moves] == [str(m) for m in spec.legal_moves(state)]


def test_a_full_position_the_exact_solver_answers_keeps_its_exact_answer(capsys):
    code, out, _ = run([str(EXAMPLES / "durak-endgame.json"), "--no-store"], capsys)
    assert code == 0
    assert out.startswith("Durak: player 0 to move. Value: loss") and "seat" not in out


_RUNS: dict[tuple[str, ...], tuple[int, str, str]] = {}


def _run_once(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``run(args)``, once a test process for the same arguments (a 20-world seat analysis several
    tests read; its output is the same every run but for ``seconds``)."""
    key = tuple(args)
    if key not in _RUNS:
        _RUNS[key] = run(args, capsys)
    return _RUNS[key]


def test_a_full_position_with_cards_hidden_from_the_mover_is_answered_from_her_seat(capsys):
    # three players: the exact Durak solver takes two; player 1 cannot see the others' hands
    code, out, _ = _run_once([str(EXAMPLES / "durak-midbout.json"), "--no-store", "--json", "--time", "0"], capsys)
    assert code == 0
    obj = json.loads(out)
    assert obj["player"] == 1 and obj["method"] == "expectation" and obj["consistent_worlds"] == obj["worlds"] == 20
    assert any("the exact solver does not take this position" in n for n in obj["notes"])


def test_an_expectation_over_estimates_is_not_called_exact_nor_given_an_interval_of_width_0(capsys):
    # 11 of the 20 worlds are valued by the depth-limited search: the text says "(estimates)", and
    # the JSON must not say "exact" nor low == high == mean, which reads as a certain value
    code, out, _ = _run_once([str(EXAMPLES / "durak-midbout.json"), "--no-store", "--json", "--time", "0"], capsys)
    assert code == 0
    obj = json.loads(out)
    assert obj["worlds_exact"] < obj["worlds"] == obj["consistent_worlds"] == 20
    assert obj["method"] == "expectation" and obj["method_text"].startswith("expectation over every consistent world")
    for m in [*obj["moves"], obj["value"]]:
        assert m["low"] is None and m["high"] is None, m
    assert all(m["behind_best"] is None or (m["behind_best"]["low"], m["behind_best"]["high"]) == (None, None)
               for m in obj["moves"])
    back = seat.SeatAnswer.from_json(obj)
    assert back.method == "expectation" and not back.all_exact and back.to_json() == obj
    # the old claim, read back, is refused: "exact" over estimates, or an interval on an average of estimates
    with pytest.raises(InputError, match="method: exact, and only"):
        seat.SeatAnswer.from_json({**obj, "method": "exact"})
    moves = [{**m, "low": m["mean"], "high": m["mean"]} for m in obj["moves"]]
    with pytest.raises(InputError, match=r"moves\[0\]: low .* no interval"):
        seat.SeatAnswer.from_json({**obj, "moves": moves})
    code, text, _ = run([str(EXAMPLES / "durak-midbout.json"), "--no-store", "--time", "0"], capsys)
    assert "(estimates)" in text and "(exact)" not in text


def test_open_hand_answers_such_a_position_with_every_card_known(capsys):
    code, out, _ = run([str(EXAMPLES / "durak-midbout.json"), "--no-store", "--json", "--open-hand",
                        "--max-nodes", "2000"], capsys)
    assert code == 0
    obj = json.loads(out)
    assert "player" not in obj and obj["to_move"] == 1 and set(obj["details"]) >= {"exact", "method"}
    assert any("does not cover" in n for n in obj["notes"])


def test_as_answers_for_another_seat(capsys):
    code, out, _ = run([str(EXAMPLES / "durak-endgame.json"), "--as", "1", "--json"], capsys)
    assert code == 0
    obj = json.loads(out)
    assert obj["player"] == 1 and obj["to_move"] == 0 and obj["best"] == [] and obj["value"] is not None


@pytest.mark.parametrize(("args", "needles"), [
    (["--as", "7"], ("--as", "does not exist")),
    (["--method", "exact"], ("--method exact", "worlds are consistent")),
    (["--method", "ismcts", "--workers", "2"], ("--workers", "IS-MCTS")),
    (["-o", "pv=false"], ("--option", "pv=false")),
])
def test_bad_seat_input_is_one_line(tmp_path, capsys, args, needles):
    view = _fresh_deal_view(tmp_path)
    target = str(EXAMPLES / "durak-endgame.json") if args[0] == "--as" else str(view)
    code, _, err = run([target, *args], capsys)
    assert_one_line_error(code, err, *needles)


def test_an_option_given_to_a_seat_answer_is_not_called_the_exact_solvers(tmp_path, capsys):
    """-o foo=1 on a view was 'an option of the exact solver': foo is nobody's option, and what takes
    none is the seat analysis."""
    code, _, err = run([str(_fresh_deal_view(tmp_path)), "-o", "foo=1"], capsys)
    assert_one_line_error(code, err, '--option "foo=1"', "the seat analysis")
    assert "exact solver" not in err


def test_max_nodes_is_each_worlds_budget(tmp_path, capsys):
    view = _fresh_deal_view(tmp_path)
    code, out, _ = run([str(view), "--samples", "2", "--max-nodes", "700", "--json"], capsys)
    # (the exact solver refuses a fresh deal's worlds at once: the search has the whole budget)
    assert code == 0 and "the depth-limited search 700 nodes;" in json.loads(out)["method_text"]


def test_seat_options_take_one_position(capsys):
    code, _, err = run([str(EXAMPLES / "durak-endgame.json"), str(EXAMPLES / "durak-bonnet.json"), "--samples", "3"],
                       capsys)
    assert_one_line_error(code, err, "--samples", "one position at a time")


def test_ctrl_c_prints_the_best_answer_so_far(tmp_path):
    view = _fresh_deal_view(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", str(view), "--samples", "100000", "--time", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until_working(proc)  # worlds valued by then: an answer so far to print
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, (stdout, stderr)
    assert stdout.startswith("INTERRUPTED: the best answer so far\nDurak: player 0 to move")
    assert "Best: " in stdout and "Traceback" not in stderr
    assert stderr.strip() == "foolsolve: interrupted (the answer above is the best so far)"


@pytest.mark.parametrize("at", [1, 3])
def test_ctrl_c_as_a_world_is_kept_leaves_the_answer_whole(monkeypatch, capsys, at):
    """A Ctrl-C arriving while a valued world is being added to the answer so far is held back
    until it is added: the answer counts exactly the worlds whose values it holds (its method text,
    its value's worlds and its moves agree), never a world counted without its values."""
    real = seat._value_item

    class Interrupting(seat.WorldValue):
        """A world's value whose ``solver_tried`` is read (once the world is counted) as Ctrl-C comes."""

        @property  # type: ignore[override]
        def solver_tried(self) -> bool:
            os.kill(os.getpid(), signal.SIGINT)
            return False

        @solver_tried.setter
        def solver_tried(self, value: bool) -> None:
            pass

    valued: list[int] = []

    def value_item(item):
        wv = real(item)
        valued.append(1)
        return Interrupting(wv.values, wv.exact, wv.method, wv.nodes, wv.value) if len(valued) == at else wv

    monkeypatch.setattr(seat, "_value_item", value_item)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code, out, err = run([str(EXAMPLES / "views" / "durak-fresh-deal.json"), "--samples", "5", "--no-store",
                              "--json"], capsys)
    finally:
        signal.signal(signal.SIGINT, old)
    assert code == 130, err
    got = json.loads(out)
    assert got["interrupted"] is True and got["worlds"] == at == got["value"]["worlds"]
    assert got["method_text"].startswith(f"PIMC: {at} sampled world")
    assert got["moves"] and all(m["worlds"] == at for m in got["moves"])


@pytest.mark.parametrize(("method", "said"), [
    ("pimc", "foolsolve: interrupted before any world was valued (0 of the 5 worlds asked for)"),
    ("ismcts", "foolsolve: interrupted before any IS-MCTS iteration ended (0 of the 5 asked for)")])
def test_ctrl_c_before_any_world_is_valued_says_what_it_stopped(monkeypatch, capsys, method, said):
    """Ctrl-C while the first world is being valued (or the first IS-MCTS iteration played) leaves no
    answer: one line says what it stopped (it said only "foolsolve: interrupted"), exit 130."""
    def interrupted(*_args, **_kwargs):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)  # (the signal's KeyboardInterrupt comes first)
        raise AssertionError("no Ctrl-C")

    monkeypatch.setattr(seat, "_value_item" if method == "pimc" else "payoff", interrupted)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code, out, err = run([str(EXAMPLES / "views" / "durak-fresh-deal.json"), "--method", method, "--samples",
                              "5", "--no-store"], capsys)
    finally:
        signal.signal(signal.SIGINT, old)
    assert code == 130 and not out.strip(), (out, err)
    assert err.strip() == said


def test_ctrl_c_as_an_iteration_is_backed_up_leaves_the_ismcts_answer_whole(monkeypatch, capsys):
    """IS-MCTS: a Ctrl-C arriving while an iteration's payoffs are being backed up the tree is held
    back until they are: the iterations the answer counts are its moves' visits, every visit with
    its payoff (here the signal comes as the third iteration's first payoff is added)."""
    real = seat.payoff
    scored: list[int] = []

    class Payoff(float):
        """A payoff whose first addition to a node's sum comes with Ctrl-C."""

        sent = False

        def __radd__(self, other):
            if not Payoff.sent:
                Payoff.sent = True
                os.kill(os.getpid(), signal.SIGINT)
            return float(other) + float(self)

    def payoff(returns, player):
        scored.append(1)
        value = real(returns, player)
        return Payoff(value) if len(scored) > 4 else value  # (two players: two payoffs an iteration)

    monkeypatch.setattr(seat, "payoff", payoff)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code, out, err = run([str(EXAMPLES / "views" / "durak-fresh-deal.json"), "--method", "ismcts", "--samples",
                              "50", "--no-store", "--json"], capsys)
    finally:
        signal.signal(signal.SIGINT, old)
    assert code == 130, err
    got = json.loads(out)
    assert got["interrupted"] is True and got["worlds"] == 3 == sum(m["worlds"] for m in got["moves"])


@pytest.mark.parametrize("name", sorted(p.name for p in (EXAMPLES / "views").glob("*.json")))
def test_every_view_example_is_answered_from_its_seat(name, capsys):
    obj = json.loads((EXAMPLES / "views" / name).read_text())
    # cheap: three worlds at a small budget (the defaults' times are bench_seat.py's); no time
    # limit, so a loaded machine still values all three (the default 20 s once cut one off)
    code, out, err = run([str(EXAMPLES / "views" / name), "--method", "pimc", "--samples", "3", "--json",
                          "--time", "0"], capsys)
    assert code == 0, err
    answer = json.loads(out)
    assert answer["player"] == obj["view"] and answer["method"] == "pimc" and answer["worlds"] == 3
    assert answer["value"] is not None


@pytest.mark.parametrize("name", ["durak-bonnet.json", "durak-endgame.json", "fools-and-angels-endgame.json"])
def test_with_nothing_hidden_from_the_mover_pimc_equals_the_exact_solver(name):
    # one world is consistent with the mover's view: every sample is the position itself
    from foolsolve.solver.base import SolveOptions

    obj = json.loads((EXAMPLES / name).read_text())
    info = games.get(obj["game"])
    state = info.spec.state_from_json(obj)
    mover = info.spec.to_move(state)
    worlds = worlds_from_state_only(info, state, mover)
    assert worlds.count() == 1
    exact = info.solve(state, SolveOptions())
    lo, hi = info.utility_bounds
    scale = {"win": hi, "draw": 0.0, "loss": lo}
    answer = seat.analyse(info, worlds, seat.Settings(method="pimc", samples=2, budget=seat.Budget(nodes=200_000)))
    assert answer.worlds_exact == 2
    assert [(m.move, m.mean, m.low, m.high) for m in answer.moves] == [
        (m.move, scale[m.value], scale[m.value], scale[m.value]) for m in exact.moves]
    assert answer.best == exact.best


def test_a_foolery_view_with_one_world_gets_the_full_positions_exact_answer(capsys):
    """Four players, two of them in play near the end of the round, and one world consistent with
    player 1's view (every other card is set aside): its exact answer, as the full position's exact
    solver gives it (player 1 goes out last whatever she plays: the Peasant, -2), not the
    depth-limited search's estimate (it said -1.25). Without a seat method the view's answer is that
    full position's own (docs/seat.md: a view with one consistent world gives that world); with
    ``--method exact`` the seat analysis values the world exactly, by its payoff."""
    view = EXAMPLES / "views" / "foolery.json"
    code, out, err = run([str(EXAMPLES / "foolery-endgame.json"), "--no-store", "--json"], capsys)
    assert code == 0, err
    full = json.loads(out)  # the view's one world (its two hands in play: Merchant and Peasant left)
    assert full["to_move"] == 1 and full["value"] == "loss" and {m["value"] for m in full["moves"]} == {"loss"}
    code, out, err = run([str(view), "--json", "--time", "0", "--no-store"], capsys)
    assert code == 0, err
    solved = json.loads(out)
    assert solved["method"] == f"the one world consistent with player 1's view, solved as its full position: " \
                               f"{full['method']}"
    assert [(m["move"], m["value"]) for m in solved["moves"]] == [(m["move"], m["value"]) for m in full["moves"]]
    assert solved["best"] == full["best"] and solved["value"] == full["value"]
    code, out, err = run([str(view), "--json", "--time", "0", "--method", "exact"], capsys)
    assert code == 0, err
    answer = json.loads(out)
    assert answer["consistent_worlds"] == 1 and answer["worlds_exact"] == 1
    assert "(1 exactly (1 by the exact open-hand solver), 0 by a depth-limited search" in answer["method_text"]
    peasant = -2.0
    assert [(m["move"], m["mean"], m["low"], m["high"]) for m in answer["moves"]] == [
        (m["move"], peasant, peasant, peasant) for m in full["moves"]]
    assert answer["value"]["mean"] == peasant


def worlds_from_state_only(info, state, player):
    """The worlds of ``player``'s view of ``state``, built from the view's JSON alone."""
    return worlds_of_view(read_view(json.loads(json.dumps(view_of(info, state, player)))))


def test_intervals_stay_within_the_games_payoff_range(capsys):
    """A move that wins in nearly every sampled world: its Student-t interval would reach above a win
    (+1 here); the expectation cannot, and the printed interval is cut to the game's payoff range."""
    info = games.get("fools-and-angels")
    lo, hi = info.utility_bounds
    path = EXAMPLES / "fools-and-angels-temptation.json"
    code, out, err = run([str(path), "--samples", "10", "--json", "--time", "0"], capsys)
    assert code == 0, err
    obj = json.loads(out)
    assert max(m["mean"] for m in obj["moves"]) > 0.9  # (the case: nearly every world won)
    for m in obj["moves"] + [obj["value"]]:
        assert lo <= m["low"] <= m["mean"] <= m["high"] <= hi, m
    assert any(m["high"] == hi for m in obj["moves"])


@pytest.mark.parametrize("name", sorted(p.name for p in (EXAMPLES / "views").glob("*.json")))
def test_a_view_hiding_its_viewers_own_hand_is_a_one_line_error(tmp_path, capsys, name):
    # the viewer sees her own hand: a view that hides it is no view a player can have (the old
    # code sampled her hand too, and 'moves' printed nothing with exit 0)
    obj = json.loads((EXAMPLES / "views" / name).read_text())
    me = obj["view"]
    obj["hands"][me] = {"count": len(obj["hands"][me])}
    path = tmp_path / "v.json"
    path.write_text(json.dumps(obj))
    for argv in (["show", str(path)], ["moves", str(path)], [str(path), "--samples", "2"]):
        code, _, err = run(argv, capsys)
        assert_one_line_error(code, err, f"hands[{me}]", "the viewer's own")


def test_a_three_fools_view_hiding_its_viewers_own_centre_card_is_a_one_line_error():
    from foolsolve.errors import InputError
    from foolsolve.worlds import read_view

    obj = json.loads((EXAMPLES / "views" / "three-fools.json").read_text())
    obj["centre"][obj["view"]] = {"count": 1}
    with pytest.raises(InputError, match=r"centre\[0\]: the viewer's own"):
        read_view(obj)


def _strict_json(text: str):
    """``text`` parsed as strict JSON (RFC 8259): NaN, Infinity and -Infinity are errors."""
    def refuse(name):
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize(("method", "samples"), [("pimc", "1"), ("ismcts", "5")])
def test_json_of_an_answer_without_an_interval_is_strict_json(tmp_path, capsys, method, samples):
    # IS-MCTS gives no interval and one PIMC world an unbounded one: null, not NaN or Infinity
    view = _fresh_deal_view(tmp_path)
    budget = ["--max-nodes", "300"] if method == "pimc" else []  # IS-MCTS searches no world: it takes none
    code, out, err = run([str(view), "--method", method, "--samples", samples, *budget, "--json"], capsys)
    assert code == 0, err
    obj = _strict_json(out)
    assert obj["moves"] and all(m["low"] is None and m["high"] is None for m in obj["moves"])
    assert obj["value"] is None or (obj["value"]["low"], obj["value"]["high"]) == (None, None)


def test_one_world_gives_no_interval_in_words_not_infinite_ends(tmp_path, capsys):
    """One PIMC world gives no interval: the text says so in words, with no infinite ends."""
    view = _fresh_deal_view(tmp_path)
    code, out, err = run([str(view), "--method", "pimc", "--samples", "1", "--max-nodes", "300"], capsys)
    assert code == 0, err
    assert "inf" not in out and "none (one world)" in out and "PIMC: 1 sampled world (seed" in out


def test_a_batch_view_line_answered_by_ismcts_is_strict_json(tmp_path, capsys):
    view = _fresh_deal_view(tmp_path)
    (tmp_path / "in.jsonl").write_text(f"{view}\n")
    code, out, err = run(["batch", str(tmp_path / "in.jsonl"), "--no-store", "--method", "ismcts", "--samples", "5"],
                         capsys)
    assert code == 0, err
    (line,) = out.splitlines()
    assert _strict_json(line)["seat"]["method"] == "ismcts"


def test_a_batch_view_line_answered_by_ismcts_notes_the_world_budget_it_does_not_apply(tmp_path, capsys):
    """``--max-nodes``/``--max-memory`` bound a batch's full positions and PIMC's worlds; IS-MCTS
    searches no world, so its view lines say they were not applied (solve refuses the pair; the
    batch dropped them silently)."""
    view = _fresh_deal_view(tmp_path)
    (tmp_path / "in.jsonl").write_text(f"{view}\n")
    argv = ["batch", str(tmp_path / "in.jsonl"), "--no-store", "--method", "ismcts", "--samples", "5"]
    code, out, err = run([*argv, "--max-nodes", "100", "--max-memory", "64"], capsys)
    assert code == 0, err
    notes = json.loads(out)["seat"]["notes"]
    assert any(n.startswith("not applied: --max-nodes, --max-memory") for n in notes), notes
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert not any("not applied" in n for n in json.loads(out)["seat"]["notes"])


def _finished(tmp_path):
    """The finished Durak game (tests/durak/helpers.py) as a position file, and player 0's view of it."""
    full, view = finished_file(tmp_path), tmp_path / "over-view.json"
    view.write_text(json.dumps(view_of(DURAK, finished(), 0)))
    return full, view


def test_a_finished_game_is_answered_with_its_result_from_every_seat_and_view(tmp_path, capsys):
    # the full position answered "the game is over" with its result, while --as P and its view were a
    # one-line error "position: the game is over" (and IS-MCTS once answered it with no moves)
    import foolsolve

    full, view = _finished(tmp_path)
    over = "Method: none: the game is over (its result read from the rules, nothing searched)"
    code, out, err = run([str(full), "--no-store"], capsys)
    assert code == 0 and over in out and "Value for player 1: win" in out, err
    for argv in ([str(full), "--as", "1"], [str(full), "--as", "0", "--samples", "3"], [str(view)],
                 [str(view), "--method", "ismcts", "--samples", "2"], [str(view), "--method", "pimc"]):
        code, out, err = run([*argv, "--no-store"], capsys)
        # player 0's result from --as 0 and from her view (test_a_finished_game_asked_as_a_player_states_that_players_result,
        # test_a_finished_games_view_states_its_own_players_result), else the mover's (player 1)
        value = "Value for player 0: loss" if "0" in argv or str(view) in argv else "Value for player 1: win"
        assert code == 0 and over in out and value in out, (argv, err)
        assert "Best: (none: the game is over)" in out
    assert "Note: player 0's view: the game is over, with the same result in every consistent world" in out
    assert "Note: not applied: --method (options of an answer from one seat; the game is over" in out
    code, _, err = run([str(full), "--as", "2"], capsys)
    assert_one_line_error(code, err, "--as: player 2 does not exist (2 players)")
    # the Python API, report and batch answer alike
    for ans, value in ((foolsolve.answer(view), "loss"), (foolsolve.answer(full, as_player=1), "win"),
                       (foolsolve.answer(foolsolve.load(view)), "loss")):
        assert isinstance(ans, foolsolve.Solved) and ans.value == value and ans.to_move == 1 and not ans.moves
    for argv, value in (([str(view)], "Value for player 0: loss"), ([str(full), "--as", "1"], "Value for player 1: win")):
        code, _, err = run(["report", *argv, "--no-store", "--out", str(tmp_path / "r.html")], capsys)
        page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", (tmp_path / "r.html").read_text())).split())
        assert code == 0 and "none: the game is over" in page and value in page, err
    (tmp_path / "in.jsonl").write_text(f"{view}\n{full}\n")
    code, out, err = run(["batch", str(tmp_path / "in.jsonl"), "--no-store"], capsys)
    results = [json.loads(line)["result"] for line in out.splitlines()]
    assert code == 0 and [r["value"] for r in results] == ["loss", "win"], err
    assert all(r["method"].startswith("none: the game is over") for r in results)


@pytest.mark.parametrize("name", [info.name for info in games.all_games() if info.spec.max_players >= 3])
def test_a_finished_game_of_three_players_is_answered_with_its_result(name, tmp_path, capsys):
    # three Durak players (the endgame solver takes two) and a won Three Fools game (the round odds
    # take a round about to be led) were "error: position: the game is over" from every path
    info = games.get(name)
    spec = info.spec
    rng = random.Random(1)
    state = spec.deal(spec.rules_cls(), 3, rng)
    while not spec.is_terminal(state):
        state = spec.apply(state, rng.choice(spec.legal_moves(state)))
    full, view = tmp_path / "over.json", tmp_path / "over-view.json"
    full.write_text(json.dumps(spec.state_to_json(state)))
    view.write_text(json.dumps(view_of(info, state, 2)))
    over = "Method: none: the game is over (its result read from the rules, nothing searched)"
    for argv in ([str(full)], [str(full), "--as", "2"], [str(view)]):
        code, out, err = run([*argv, "--no-store"], capsys)
        assert code == 0 and over in out and "Best: (none: the game is over)" in out, (argv, err)
    (tmp_path / "in.jsonl").write_text(f"{full}\n{view}\n")
    code, out, err = run(["batch", str(tmp_path / "in.jsonl"), "--no-store"], capsys)
    results = [json.loads(line)["result"] for line in out.splitlines()]
    assert code == 0 and len(results) == 2 and all(r["method"].startswith("none: the game is over") and not r["moves"]
                                                   for r in results), err


def test_time_bounds_a_world_whose_node_budget_would_take_far_longer(tmp_path, capsys):
    # --time is looked at inside a world's search, not only between worlds: with --max-nodes
    # 20,000,000 one world of a fresh deal would search for tens of seconds past a --time of half
    # a second; the world is given up at the deadline. The bound on the time is a guard against a
    # hang, wide for a loaded machine, not a speed target.
    view = _fresh_deal_view(tmp_path)
    t0 = time.monotonic()
    code, _, err = run([str(view), "--max-nodes", "20000000", "--samples", "2", "--time", "0.5"], capsys)
    assert time.monotonic() - t0 < 60
    assert_one_line_error(code, err, "--time", "no world was valued")


def test_a_world_past_its_stop_is_given_up_not_valued_with_less_work(tmp_path):
    spec = DURAK.spec
    state = spec.deal(spec.rules_cls(), 2, random.Random(1))
    world = worlds_from_state_only(DURAK, state, 0).sample(random.Random(0))
    with pytest.raises(seat.WorldStopped):
        seat.evaluate_world(DURAK, world, 0, seat.Budget(nodes=10**9, search_nodes=10**9), 1,
                            stop=("wall", time.monotonic()))


def test_ismcts_at_a_chance_node_gives_the_value_of_the_position(capsys):
    # a deal still to come: the root's children are chance outcomes, which had no move text (an
    # internal error, KeyError); as PIMC, the answer is the player's value of the position
    deal = str(EXAMPLES / "three-fools-deal.json")
    code, out, err = run([deal, "--as", "1", "--method", "ismcts", "--samples", "20", "--json"], capsys)
    assert code == 0, err
    obj = _strict_json(out)
    assert obj["to_move"] == -1 and obj["moves"] == [] and obj["best"] == []
    assert obj["value"]["worlds"] == 20 and 0 <= obj["value"]["mean"] <= 1
    code, out, err = run([deal, "--as", "1", "--method", "ismcts", "--samples", "20"], capsys)
    assert code == 0, err
    assert "Value for player 1: " in out and "over 20 iterations" in out


def test_max_memory_reaches_each_worlds_search(tmp_path, capsys, monkeypatch):
    # --max-memory was read by the exact solver of a full position only: an answer from a seat
    # searched every world with the tables' default budget whatever was asked
    from foolsolve.solver import open_hand

    budgets = []
    original = open_hand.solve_world

    def spy(info, world, budget, **kw):
        budgets.append(budget)
        return original(info, world, budget, **kw)

    monkeypatch.setattr(open_hand, "solve_world", spy)
    view = _fresh_deal_view(tmp_path)
    code, _, err = run([str(view), "--samples", "2", "--max-nodes", "300", "--max-memory", "7"], capsys)
    assert code == 0, err
    assert [b.max_memory for b in budgets] == [7, 7]


def test_ismcts_for_a_player_not_to_move_gives_her_value_not_the_movers_best(capsys):
    # IS-MCTS listed the mover's moves with "Best: attack K♥" for player 1, who does not choose it;
    # PIMC (docs/seat.md) gives her value of the position alone
    code, out, err = run([str(EXAMPLES / "durak-endgame.json"), "--as", "1", "--method", "ismcts", "--samples", "20",
                          "--json"], capsys)
    assert code == 0, err
    obj = _strict_json(out)
    assert (obj["player"], obj["to_move"], obj["moves"], obj["best"]) == (1, 0, [], [])
    assert obj["value"]["worlds"] == 20 and -1 <= obj["value"]["mean"] <= 1


def test_seat_options_where_nothing_hidden_matters_keep_the_exact_answer(capsys):
    """A two-player Durak endgame (the deck empty: every card's place is known) given --workers or
    --samples was answered from one seat over its single world, dropping the exact answer with its
    distances and line; now the exact answer stands, with a note naming the options not applied,
    and --as P still asks for the seat."""
    pos = str(EXAMPLES / "durak-endgame.json")
    code, plain, _ = run([pos, "--json", "--no-store"], capsys)
    assert code == 0
    for options in (["--workers", "2"], ["--samples", "10", "--seed", "3"]):
        code, out, err = run([pos, "--json", "--no-store", *options], capsys)
        assert code == 0, err
        got, want = json.loads(out), json.loads(plain)
        assert got["moves"] == want["moves"] and got["pv"] == want["pv"] and got["value"] == want["value"]
        assert got["notes"][-1].startswith(f"not applied: {options[0]}")
    code, out, _ = run([pos, "--json", "--no-store", "--as", "0"], capsys)
    assert code == 0 and json.loads(out)["method"] == "exact" and json.loads(out)["consistent_worlds"] == 1


def test_sampled_worlds_that_all_agree_get_an_interval_not_every_world(capsys):
    """Two sampled worlds of 5,544, every move +0.5 in both, were printed "(every world)" with an
    interval of width 0 (low = high in --json), the exact expectation's label. Their pseudo-values
    are now the game's bounds: an interval, and the label stays the exact method's."""
    position = str(EXAMPLES / "durak-perevodnoy.json")
    code, out, err = run([position, "--samples", "2", "--json"], capsys)
    assert code == 0, err
    obj = json.loads(out)
    assert obj["method"] == "pimc" and obj["worlds"] == 2 and obj["consistent_worlds"] > 2
    assert {m["mean"] for m in obj["moves"]} == {0.5}
    # (the high end is the table's best payoff: +1/(n-1) = 0.5 with three players and no teams)
    assert all(m["low"] < m["mean"] and m["high"] == 0.5 for m in obj["moves"])
    code, out, _ = run([position, "--samples", "2"], capsys)
    assert "every world" not in out and "Value for player 1: +0.500, 95% interval [" in out


def test_three_or_more_players_say_each_world_is_valued_paranoid(tmp_path, capsys):
    """With three players each world is valued with every other player against the analysing one;
    the answer said nothing of it, and its values (her worst case) read as what she can expect."""
    code, out, err = run([str(EXAMPLES / "durak-perevodnoy.json"), "--samples", "2"], capsys)
    assert code == 0, err
    assert "each valued open-hand with the other players against player 1 (" in out
    code, out, err = run([str(_fresh_deal_view(tmp_path)), "--samples", "2"], capsys)
    assert code == 0 and "paranoid" not in out and "against player" not in out


def _paranoid_note(out: str) -> str:
    return next(line for line in out.splitlines() if "paranoid" in line)


def test_the_paranoid_note_says_her_worst_case_only_where_the_worlds_were_solved(tmp_path, capsys):
    """With three or more players the note says "her worst case" only of the worlds solved to the end:
    three-player Durak's worlds get one ply and a greedy game a move, paranoid within that ply, the
    greedy games below it no worst case, and the note says so."""
    code, out, err = run([str(EXAMPLES / "durak-perevodnoy.json"), "--samples", "2"], capsys)  # no world solved
    assert code == 0, err
    assert "(0 exactly, 2 by a depth-limited search with greedy playouts;" in out
    assert _paranoid_note(out) == (
        "Note: with 3 players in each world the search is paranoid only within the plies it searched, as if every "
        "other player played against player 1 there, and values the positions below them by greedy games (every "
        "player playing the greedy bot's moves): not her worst case, nor what the others would play for themselves "
        "(docs/seat.md, \"What PIMC gets wrong\")")
    from foolsolve.cli import load_position
    from foolsolve.present import trace

    info, state = load_position(str(EXAMPLES / "durak-midbout.json"))
    state = trace(info.spec, state, ["cover 8D with 9D", "pass", "throw 8S"])[1]
    view = tmp_path / "v.json"
    view.write_text(json.dumps(view_of(info, state, 1)))
    code, out, err = run([str(view), "--max-nodes", "200", "--method", "exact"], capsys)  # some worlds solved
    assert code == 0, err
    assert "(4 exactly, 6 by a depth-limited search with greedy playouts;" in out
    assert _paranoid_note(out).startswith(
        "Note: with 3 players the 4 worlds solved to the end are valued paranoid, as if every other player played "
        "against player 1: her worst case there; in the other 6 the search is paranoid only within the plies it "
        "searched, ")


def test_the_paranoid_note_keeps_her_worst_case_where_every_world_was_solved(capsys):
    """The four-player Foolery view's one world, solved by the exact solver: her worst case."""
    code, out, err = run([str(EXAMPLES / "views" / "foolery.json"), "--method", "exact"], capsys)
    assert code == 0, err
    assert "(1 exactly (1 by the exact open-hand solver)" in out
    assert _paranoid_note(out) == ("Note: with 4 players each world is valued paranoid, as if every other player "
                                   "played against player 1: her worst case, not what the others would play for "
                                   "themselves (docs/seat.md)")


# A hand-written two-player view (a new user's): player 1 defends 8♣ with three cards in the stock.
# Durak's own rule values each of its 30 worlds by one ply and one greedy game a move, and in every
# world the greedy game wins after "take"; IS-MCTS, searching the moves after it, ranks "take" last.
GREEDY_TAKE_VIEW = {
    "game": "durak", "view": 1, "rules": {"variant": "podkidnoy"}, "trump": "H",
    "hands": [{"count": 5, "known": ["KS"]}, ["6H", "JC", "QC", "10D", "AS", "7S"]],
    "stock": {"count": 3, "bottom": ["9H"]},
    "discard": ["7C", "9C", "10C", "KC", "AC", "6D", "7D", "8D", "JD", "KD", "AD", "8H", "10H", "JH", "QH", "KH",
                "6S", "8S", "9S", "10S", "QS"],
    "attacker": 0, "defender": 1, "table": [["8C", None]], "to_move": 1, "known": [["KS"], []]}


def test_an_answer_resting_on_estimates_is_labelled_so_and_checked_by_ismcts(tmp_path, capsys, monkeypatch):
    """The exact expectation over 30 worlds, each a one-ply greedy estimate, printed "take +1.000
    (every world)" and "Value ... over every world": read as settled, though IS-MCTS ranks "take"
    last. Now the interval column says "(estimates)", the value line "an average of estimates", and
    a note gives IS-MCTS's ranking where it disagrees (docs/seat.md, "A second opinion")."""
    monkeypatch.setattr(seat, "CHECK_ITERATIONS", 1000)
    view = tmp_path / "defend.json"
    view.write_text(json.dumps(GREEDY_TAKE_VIEW))
    code, out, err = run([str(view), "--time", "0"], capsys)
    assert code == 0, err
    assert "(every world)" not in out and "over every world" in out
    rows = [line for line in out.splitlines() if line.startswith(("  cover 8♣", "  take"))]
    assert len(rows) == 4 and all("(estimates)" in r for r in rows), rows
    assert "Best: take" in out and "Value for player 1: +1.000, over every world, an average of estimates" in out
    note = next(line for line in out.splitlines() if "a second method" in line)
    assert note.startswith("Note: a second method disagrees: IS-MCTS (1,000 iterations) ")
    assert "ranks cover 8♣ with Q♣ first and take 4th of 4 (mean " in note and "the best move is not sure" in note
    # the method asked for by name: no check
    code, out, _ = run([str(view), "--time", "0", "--method", "exact"], capsys)
    assert code == 0 and "second method" not in out


def test_an_answer_of_exact_worlds_says_exact_and_is_not_checked(monkeypatch):
    """Every world solved: "(exact)" in the table, "over every world, exactly", and no IS-MCTS check
    (nor where the player is not to move)."""
    from foolsolve.cli import format_seat

    called: list[object] = []
    monkeypatch.setattr(seat, "ismcts", lambda *a, **k: called.append(a))
    moves = [seat.MoveStat("take", -1.0, -1.0, -1.0, 6), seat.MoveStat("cover 8♣ with J♣", 0.5, 0.5, 0.5, 6)]
    answer = seat.SeatAnswer("durak", 1, 1, "exact", "exact expectation: ...", "the scale", moves,
                             ["cover 8♣ with J♣"], 6, 6, 6, 0, 0.1, value=seat.MoveStat("position", 0.5, 0.5, 0.5, 6))
    text = format_seat(DURAK, answer)
    assert "(exact)" in text and "(estimates)" not in text and "over every world, exactly" in text
    assert seat.second_opinion(DURAK, None, answer, seat.Settings()) is None  # type: ignore[arg-type]
    answer.worlds_exact = 5
    text = format_seat(DURAK, answer)
    assert "(estimates)" in text and "(exact)" not in text and "over every world, an average of estimates" in text
    answer.to_move = 0  # another player's turn: nothing of hers to check
    assert seat.second_opinion(DURAK, None, answer, seat.Settings()) is None  # type: ignore[arg-type]
    assert not called


def test_a_bound_or_mean_that_rounds_to_zero_prints_0_000_not_minus_0_000():
    """An interval's bound a hair below zero (a 95% interval's low end over worlds all +0 and -1,
    say) printed ``-0.000``: seat values, means and bounds share one formatter."""
    from foolsolve.cli import interval
    from foolsolve.present import signed

    assert interval(-1e-9, 0.25) == "[0.000, +0.250]"
    assert interval(-0.5, -0.0) == "[-0.500, 0.000]"
    assert [signed(x) for x in (-0.0004, 0.0, 0.0004, -0.0006, float("inf"))] == [
        "0.000", "0.000", "0.000", "-0.001", "+inf"]


def test_a_budget_never_turns_the_seat_answer_into_the_open_hand_one(tmp_path, capsys):
    """A three-player Durak position the exact solver does not cover is answered from the mover's
    seat: --max-nodes is each world's budget of the seat answer, an -o option is a one-line error
    naming --open-hand, and --open-hand alone asks for the open-hand answer, every card known."""
    midbout = str(EXAMPLES / "durak-midbout.json")
    code, out, err = _run_once([midbout, "--max-nodes", "300", "--time", "0", "--no-store", "--json"], capsys)
    assert code == 0, err
    obj = json.loads(out)
    assert "method_text" in obj and obj["player"] == 1 and "300" in obj["method_text"]
    code, _, err = run([midbout, "-o", "seed=1", "--no-store"], capsys)
    assert_one_line_error(code, err, '--option "seed=1"', "add --open-hand")
    code, out, err = run([midbout, "--open-hand", "-o", "seed=1", "--max-nodes", "3000", "--no-store"], capsys)
    assert code == 0, err
    assert "Method: open-hand search, every card known" in out
    page = tmp_path / "page.html"
    code, _, err = run(["report", midbout, "--out", str(page), "-o", "seed=1", "--no-store"], capsys)
    assert_one_line_error(code, err, "add --open-hand")
    code, out, err = run(["report", midbout, "--out", str(page), "--open-hand", "-o", "seed=1", "--max-nodes", "3000",
                          "--no-store"], capsys)
    assert code == 0, err


def test_estimates_say_their_interval_covers_only_the_sampling_and_exact_only_where_exact(tmp_path, capsys):
    """Worlds valued by the depth-limited search: a note says what the interval covers (the sampling
    of worlds, not the search's own error), "exact expectation" is kept for answers whose every
    world was solved, and the budget counts nodes."""
    view = EXAMPLES / "views" / "durak-fresh-deal.json"
    code, out, err = run([str(view), "--samples", "4", "--time", "0"], capsys)
    assert code == 0, err
    assert "the depth-limited search 200 nodes and greedy playouts" in out
    assert ("Note: 4 of the 4 worlds were valued by the depth-limited search, not exactly: the values are estimates, "
            "and their 95% intervals cover only the sampling of worlds, not the search's own error") in out
    code, out, err = _run_once([str(EXAMPLES / "durak-midbout.json"), "--max-nodes", "300", "--time", "0",
                                "--no-store", "--json"], capsys)
    assert code == 0, err
    obj = json.loads(out)
    assert obj["worlds_exact"] < obj["worlds"] == obj["consistent_worlds"]
    assert obj["method_text"].startswith(f"expectation over every consistent world: all {obj['worlds']} of them, ")
    assert "exact expectation" not in obj["method_text"]
    assert any("the search's own error is in them" in n for n in obj["notes"])


def test_a_finished_games_view_states_its_own_players_result(tmp_path, capsys):
    """Player 0's view of a game player 1 (to move) won, given without --as, states player 0's result
    (a loss), as --as 0 on the full position does and as a view's answer is her seat's: in the text,
    the JSON, the Python answer, read back, report's page and a batch line; the mover's own view
    states the mover's."""
    import foolsolve

    full, view = _finished(tmp_path)
    code, out, err = run([str(view), "--no-store"], capsys)
    assert code == 0 and "Value for player 0: loss" in out and "Value for player 1" not in out, err
    code, out, err = run([str(view), "--no-store", "--json"], capsys)
    got = json.loads(out)
    assert code == 0 and (got["player"], got["value"], got["to_move"]) == (0, "loss", 1) and not got["moves"], err
    assert got == {**json.loads(run([str(full), "--as", "0", "--no-store", "--json"], capsys)[1]),
                   "notes": got["notes"], "seconds": got["seconds"]}
    again = foolsolve.Solved.from_json(got, str(view))
    assert again.player == 0 and again.value == "loss"
    ans = foolsolve.answer(view)
    assert (ans.player, ans.value, ans.to_move) == (0, "loss", 1)
    code, _, err = run(["report", str(view), "--no-store", "--out", str(tmp_path / "r.html")], capsys)
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", (tmp_path / "r.html").read_text())).split())
    assert code == 0 and "Value for player 0: loss" in page and "Value for player 1" not in page, err
    mover_view = tmp_path / "over-view-1.json"
    mover_view.write_text(json.dumps(view_of(DURAK, finished(), 1)))
    (tmp_path / "in.jsonl").write_text(f"{view}\n{mover_view}\n")
    code, out, err = run(["batch", str(tmp_path / "in.jsonl"), "--no-store"], capsys)
    results = [json.loads(line)["result"] for line in out.splitlines()]
    assert code == 0 and [(r.get("player"), r["value"]) for r in results] == [(0, "loss"), (None, "win")], err
    code, out, err = run([str(mover_view), "--no-store", "--json"], capsys)
    assert code == 0 and json.loads(out)["value"] == "win" and "player" not in json.loads(out), err


def test_a_finished_game_asked_as_a_player_states_that_players_result(tmp_path, capsys):
    # --as P on a finished game stated the value of the player to move (player 1: win), not P's;
    # now P's (player 0 lost), in the text, the JSON, the Python answer and report's page
    import foolsolve

    full, _ = _finished(tmp_path)
    code, out, err = run([str(full), "--as", "0", "--no-store"], capsys)
    assert code == 0 and "Value for player 0: loss" in out and "Value for player 1" not in out, err
    assert "not applied: --as" not in out
    code, out, err = run([str(full), "--as", "0", "--no-store", "--json"], capsys)
    got = json.loads(out)
    assert code == 0 and got["player"] == 0 and got["value"] == "loss" and got["to_move"] == 1, err
    assert got["result"]["payoffs"] and not got["moves"]
    again = foolsolve.Solved.from_json(got, str(full))
    assert again.player == 0 and "Value for player 0: loss" in again.text()
    ans = foolsolve.answer(full, as_player=0)
    assert ans.value == "loss" and ans.player == 0 and ans.to_move == 1
    # the player to move's own seat: her value, as without --as
    code, out, err = run([str(full), "--as", "1", "--no-store", "--json"], capsys)
    got = json.loads(out)
    assert code == 0 and got["value"] == "win" and "player" not in got, err
    code, _, err = run(["report", str(full), "--as", "0", "--no-store", "--out", str(tmp_path / "r.html")], capsys)
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", (tmp_path / "r.html").read_text())).split())
    assert code == 0 and "Value for player 0: loss" in page, err
    with pytest.raises(foolsolve.InputError, match=r"^player: 99 is no player of durak"):
        foolsolve.Solved.from_json({**got, "player": 99})
    with pytest.raises(foolsolve.InputError, match=r"^player: 2, and the position has 2 players$"):
        foolsolve.Solved.from_json({**got, "player": 2}, str(full))


def test_a_seat_answer_given_store_says_the_command_does_not_store_it(tmp_path, capsys):
    """``foolsolve VIEW.json --store F`` neither reads nor stores an answer from one seat: a note
    says so where --store is given; without it, no such note."""
    from foolsolve.cli import SEAT_STORE_NOTE

    view = str(EXAMPLES / "views" / "durak-three-players.json")
    quick = ["--method", "pimc", "--samples", "3", "--time", "0"]
    code, out, err = run([view, *quick, "--store", str(tmp_path / "s.sqlite3"), "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["notes"][-1] == SEAT_STORE_NOTE
    code, out, err = run([view, *quick, "--json"], capsys)
    assert code == 0 and SEAT_STORE_NOTE not in json.loads(out)["notes"], err


def test_a_worlds_column_counting_deals_is_explained_where_it_differs_from_the_worlds(monkeypatch):
    """Two decks: the exact expectation weighs each of 5 worlds by the deals that give it (6 in all),
    which the worlds column shows; the first line gives both counts, the last the worlds valued."""
    from foolsolve.cli import format_seat

    moves = [seat.MoveStat("a", 1.0, math.nan, math.nan, 6), seat.MoveStat("b", 0.0, math.nan, math.nan, 6)]
    answer = seat.SeatAnswer("fools-paradise", 0, 0, "expectation", "expectation ...", "the scale", moves, ["a"],
                             5, 0, 5, None, 0.1)
    text = format_seat(games.get("fools-paradise"), answer)
    assert text.splitlines()[0].endswith("(5 consistent worlds; 6 counted by the deals that give them, as the "
                                         "worlds column counts them)"), text
    assert text.splitlines()[-1].startswith("5 worlds in ")
    # the report's page says it too, beside the worlds valued
    from foolsolve.report import _seat_side

    assert ">5 worlds (6 counted by the deals that give them, as the worlds column counts them), " in \
        _seat_side(answer)
    for m in moves:  # one deal a world: the one figure
        m.worlds = 5
    assert format_seat(games.get("fools-paradise"), answer).splitlines()[0].endswith("(5 consistent worlds)")
    assert ">5 worlds, " in _seat_side(answer) and "counted by the deals" not in _seat_side(answer)
