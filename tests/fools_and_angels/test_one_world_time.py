"""Fools and Angels where one world is left (every stock and the pool empty: both hands known) at a
big hand: the endgame solver that values every move keeps to its time there too. Its progress
callback, through which a time limit stops it, is told before the root's moves are listed, between
chunks of them, and every few thousand moves listed in the search (a node of a big hand lists
thousands of attacks or defences); a stop keeps the moves valued so far; the time of ``foolsolve
VIEW.json --time S`` counts from the command's start, and a bot's ``time=`` from when it is asked
(docs/fools-and-angels.md, "Big hands"). No test reads the wall clock: a deadline is a callback that
expires, or a time limit begun in the past, or a fake clock."""

from __future__ import annotations

import copy
import json
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import bots, games, seat
from foolsolve.bots import seat_bots
from foolsolve.bundled import example_named
from foolsolve.cli import SolveRequest, answer_position
from foolsolve.game import legal_or_family
from foolsolve.rules import rules_to_json
from foolsolve.solver.base import SearchLimit, SolveOptions
from foolsolve.solver.fools_and_angels import search
from foolsolve.spec.fools_and_angels import SPEC
from foolsolve.worlds import read_view, view_of, worlds_of_view
from tests.fools_and_angels.test_solver import check_solver_takes, random_endgame

INFO = games.get("fools-and-angels")

TWELVE = {"game": "fools-and-angels", "rules": {"exchange": True, "exchange_limit": "hand_size", "hand_limit": 20},
          "players": 2, "phase": "turn", "to_move": 0,
          "hands": [["2C", "2S", "3C", "3H", "4C", "5D", "5H", "7H", "9D", "AS", "JD", "JS"],
                    ["2D", "2H", "5S", "6D", "6H", "7C", "7S", "9C", "AD", "JH", "QH", "QS"]],
          "stocks": [[], []], "pool": [], "attack": [], "turns_done": 2, "exchanged": True, "drawn": 0,
          "drew_pool": False, "setup_chosen": 0}
"""An endgame of 12 cards against 12 under the big hands' rules, the exchange made: 1,269 attacks,
one world from either seat."""

SMALL = {**copy.deepcopy(TWELVE), "rules": {},
         "hands": [["3C", "7D", "2H", "4S", "8S", "JS"], ["AC", "2D", "4D", "9D", "5H", "QH", "6S"]],
         "exchanged": False}
"""The endgame of foolsolve/examples/fools-and-angels-endgame.json: the solver values it in milliseconds."""


def twelve() -> Any:
    return SPEC.state_from_json(copy.deepcopy(TWELVE))


def test_a_big_hand_is_stopped_within_a_few_nodes_of_its_time_keeping_the_moves_valued() -> None:
    """A time limit that expires at the first progress report after the search began: the solve stops
    there, a few hundred nodes in (by the moves those nodes listed; 1,024 nodes between two reports took
    seconds at a hand of 20), with the moves valued so far, the others unfinished, every root move once in
    the spec's order."""
    state = twelve()
    texts = [str(m) for m in SPEC.legal_moves(state)]
    assert len(texts) == 1269
    told: list[int] = []

    def progress(nodes: int) -> None:
        told.append(nodes)
        if nodes > 0:
            raise SearchLimit("out of time", option="time")

    with pytest.raises(SearchLimit) as stop:
        search.solve(state, SolveOptions(progress=progress, max_nodes=search.PROGRESS_EVERY // 2, extra={"pv": False}))
    assert stop.value.option == "time", told  # the expired time stopped it, not the node budget
    assert told[0] == 0 and 0 < told[-1] < search.PROGRESS_EVERY // 2, told
    partial = stop.value.partial
    assert partial is not None and partial.moves
    assert [m.move for m in partial.moves] + [m.move for m in partial.unfinished] == texts
    assert all((m.at_least, m.at_most) == ("loss", "win") for m in partial.unfinished)
    won = [m.move for m in partial.moves if m.value == "win"]
    assert partial.best == won and partial.value == ("win" if won else None)


def test_a_time_limit_past_before_the_root_is_listed_stops_the_solve_at_once() -> None:
    """Where the time is up before the solve begins (the caller spent it reading the position), the
    solve stops at its first report, before listing the root's moves: no node searched, nothing to say."""
    told: list[int] = []

    def expired(nodes: int) -> None:
        told.append(nodes)
        raise SearchLimit("out of time", option="time")

    with pytest.raises(SearchLimit) as stop:
        search.solve(twelve(), SolveOptions(progress=expired))
    assert told == [0] and stop.value.partial is None


def test_what_is_proved_is_told_naming_each_root_move_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """SolveOptions.proved is told after each move valued, each time with every root move (valued or
    unfinished), yet the root's moves are named once a solve: naming the unfinished ones again at each
    move valued made a big hand's solve quadratic in its moves (1,269 here; 13,225 at 20 against 19)."""
    state = twelve()
    named = [0]
    attack = type(SPEC.legal_moves(state)[0])
    real_str = attack.__str__

    def spec_str(self: Any) -> str:  # (the engine names a move by the text of the spec's move too)
        named[0] += 1
        return real_str(self)

    monkeypatch.setattr(attack, "__str__", spec_str)
    told: list[Any] = []

    def progress(nodes: int) -> None:
        if len(told) >= 3:
            raise SearchLimit("out of time", option="time")

    with pytest.raises(SearchLimit):
        search.solve(state, SolveOptions(progress=progress, proved=told.append, extra={"pv": False}))
    assert len(told) >= 3
    assert all(len(p.moves) + len(p.unfinished) == 1269 for p in told)
    assert named[0] <= 1269, named


@settings(max_examples=30)
@given(st.integers(0, 2**32 - 1))
def test_the_solvers_moves_come_in_the_specs_order(seed: int) -> None:
    """The solver lists the root's moves with the engine, sorted by the spec's sort key: the spec's
    legal moves in the spec's order, every one valued."""
    state = random_endgame(random.Random(seed), max_cards=5)
    if not check_solver_takes(state.rules) or SPEC.result(state) is not None:
        return
    res = search.solve(state, SolveOptions(extra={"pv": False}))
    assert [m.move for m in res.moves] == [str(m) for m in SPEC.legal_moves(state)]


def counted_solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the endgame solver is asked from now on (the searches it begins)."""
    solves = [0]

    class Counted(search.Solver):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            solves[0] += 1
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(search, "Solver", Counted)
    return solves


def one_world_view(obj: dict[str, Any], player: int) -> Any:
    view = read_view(view_of(INFO, SPEC.state_from_json(copy.deepcopy(obj)), player))
    assert worlds_of_view(view).count() == 1
    return view


def test_a_views_one_world_is_answered_in_what_is_left_of_the_commands_time() -> None:
    """``foolsolve VIEW.json --time 2`` where the view has one world: the time counts from the command's
    start (SolveRequest.started), the reading of the view too. Begun 60 s ago, the time is up before the
    exact solver lists a move: the open-hand search answers, one playout a move, its notes saying that the
    exact solver did not finish in its share and that the pass went past the time. (The solver values
    this endgame exactly in milliseconds where the time is not up.)"""
    view = one_world_view(SMALL, 0)
    done = answer_position(INFO, view, SolveRequest(seconds=2, started=time.perf_counter() - 60))
    answer = done.answer
    assert answer.method.startswith("the one world consistent with player 0's view, solved as its full position: ")
    assert "the exact solver did not finish within 1 s (--time 2)" in answer.notes
    assert any(n.startswith("the time ran out before every move had its playout") for n in answer.notes), answer.notes
    assert answer.seconds >= 60
    fresh = answer_position(INFO, view, SolveRequest(seconds=20, started=time.perf_counter())).answer
    assert "endgame solver" in fresh.method and not any("did not finish" in n for n in fresh.notes)


def test_a_bots_time_counts_from_when_it_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pimc:time=1,clock=cpu`` on a fake clock on which reading the seat's view takes 10 s: the decision's
    time is up before the analysis begins, so not one world is valued in it and the bot values one world
    the quickest way (one_quick_world), which asks the exact solver nothing."""
    now = [0.0]

    def fake_clock() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setitem(seat.CLOCKS, "cpu", fake_clock)
    real_worlds = seat_bots._worlds

    def slow_worlds(s: Any) -> Any:
        now[0] += 10.0
        return real_worlds(s)

    quick: list[Any] = []
    real_quick = seat.one_quick_world
    monkeypatch.setattr(seat_bots, "_worlds", slow_worlds)
    monkeypatch.setattr(seat, "one_quick_world", lambda s: quick.append(s) or real_quick(s))
    solves = counted_solves(monkeypatch)
    state = twelve()
    listed, family = legal_or_family(SPEC, state)
    s = bots.Seat("fools-and-angels", state.to_move, 2, rules_to_json(state.rules), view_of(INFO, state, state.to_move),
                  tuple(listed), 5, family=family)
    move = bots.make("pimc:time=1,clock=cpu").choose(s)
    assert s.is_legal(move)
    assert len(quick) == 1, "the decision valued a world after its time was up"
    assert solves[0] == 0  # (the world valued in the time would ask it first; the quickest world does not)


def test_the_quickest_world_asks_the_exact_solver_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """one_quick_world's valuation is a depth-one search with one playout a move: at a one-world endgame
    the exact solver (whose one node could prove nothing, and which at a big hand first lists thousands of
    root moves) is not asked."""
    solves = counted_solves(monkeypatch)
    worlds = worlds_of_view(one_world_view(TWELVE, 0))
    quick = seat.one_quick_world(seat.Settings(method="pimc", seconds=1.0, clock="cpu"))
    assert quick.budget.solver is False
    answer = seat.analyse(INFO, worlds, quick, names={})
    assert solves[0] == 0 and answer.worlds == 1 and answer.best
    assert "depth-limited search" in answer.method_text


def test_reports_time_counts_from_the_commands_start_as_solves_does(tmp_path, monkeypatch, capsys) -> None:
    """``report`` answers as ``foolsolve POSITION.json`` does, in the same time: counted from the command's
    start. Its clock read 60 s early (a stand-in for a slow start), the page of the one-world view and the
    page of its full position both say that the exact solver did not finish in its share of --time 2."""
    import json
    import types

    from foolsolve import report as report_mod
    from tests.generic.test_cli import run

    real = time.perf_counter
    monkeypatch.setattr(report_mod, "time", types.SimpleNamespace(perf_counter=lambda: real() - 60))
    view = tmp_path / "view.json"
    view.write_text(json.dumps(view_of(INFO, SPEC.state_from_json(copy.deepcopy(SMALL)), 0)))
    full = tmp_path / "full.json"
    full.write_text(json.dumps(SMALL))
    for position in (view, full):
        page = tmp_path / "page.html"
        code, _, err = run(["report", str(position), "--out", str(page), "--time", "2", "--no-store"], capsys)
        assert code == 0, err
        assert "the exact solver did not finish within 1 s (--time 2)" in page.read_text(encoding="utf-8"), position


def test_a_position_with_too_many_moves_deep_in_the_exact_search_is_answered_by_the_open_hand_search(monkeypatch):
    """The exact solver lists every move of each position it searches; meeting one with more moves
    than are listed (1,048,575 exchanges of a 20-card hand, several plies down from a 20 v 17 defence)
    ended the command with that refusal as a one-line error, exit 2, on a position that is not bad
    input. The open-hand search, which weighs a sample of such moves, answers instead, saying why."""
    from foolsolve.game import check_listed

    calls = [0]
    real = search.Solver._search

    def refusing(self: Any, st: Any) -> bool:  # the fifth position searched is the big one
        calls[0] += 1
        if calls[0] == 5:
            check_listed(1_048_575, "exchange moves (every set of a 20-card hand)")
        return real(self, st)

    monkeypatch.setattr(search.Solver, "_search", refusing)
    info = games.get("fools-and-angels")
    path = example_named("fools-and-angels-endgame.json")
    assert path is not None
    state = SPEC.state_from_json(json.loads(path.read_text()))
    done = answer_position(info, state, SolveRequest(seconds=3.0), None)
    assert calls[0] >= 5
    notes = " ".join(done.answer.notes)
    assert "the exact solver lists every move of the positions it searches, and one has 1,048,575 exchange moves" \
        in notes
    assert done.answer.moves
