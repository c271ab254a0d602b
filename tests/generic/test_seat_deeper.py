"""Deeper rounds of the exact expectation (foolsolve.seat, docs/seat.md "Deeper rounds"): the
answer is that of a fixed budget as large as the last round's, node counts decide the rounds (the
same answer twice), a game's rule that keeps its budget is kept, and Ctrl-C in a deeper round
keeps the round before."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import pytest

from foolsolve import games, seat
from foolsolve.positions import read_json
from foolsolve.worlds import worlds_from_state

DURAK = games.get("durak")
# three players, player 1 defends against 8♦ (cover with 9♦ or 7♥, or take): 20 worlds from her seat
MIDBOUT = DURAK.spec.state_from_json(read_json("foolsolve/examples/durak-midbout.json"))
RULE_NODES = 200  # Durak's own search budget with three or more players (foolsolve/games/durak.py)


def _answer(settings: seat.Settings, worlds: Any = None) -> seat.SeatAnswer:
    return seat.analyse(DURAK, worlds or worlds_from_state(DURAK, MIDBOUT, 1), settings)


def _values(answer: seat.SeatAnswer) -> dict[str, float]:
    return {m.move: m.mean for m in answer.moves}


@pytest.fixture
def small_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # one deeper round at most (the second would search over 120,000 nodes): a cheap test
    monkeypatch.setattr(seat, "ROUND_NODES", 120_000)


def test_a_deeper_round_answers_as_a_fixed_budget_of_its_size(small_rounds: None) -> None:
    deep = _answer(seat.Settings(method="exact", seconds=600, deepen=True))
    assert deep.method == "expectation" and deep.worlds == 20
    assert any("the values of 1 deeper round of every world" in n for n in deep.notes), deep.notes
    assert f"the depth-limited search {RULE_NODES * seat.DEEPEN:,}" in deep.method_text
    # the second method: every world given that budget from the start, no rounds
    fixed = _answer(seat.Settings(method="exact", budget=seat.Budget(nodes=seat.WORLD_NODES * seat.DEEPEN,
                                                                      search_nodes=RULE_NODES * seat.DEEPEN,
                                                                      frontier="greedy")))
    assert _values(deep) == _values(fixed) and deep.best == fixed.best
    # and it tells apart the moves the first round's one ply and one greedy game each could not
    shallow = _answer(seat.Settings(method="exact", seconds=600))
    assert len(set(_values(shallow).values())) == 1
    assert len(set(_values(deep).values())) > 1


def test_rounds_are_counted_in_nodes_not_seconds(small_rounds: None, monkeypatch: pytest.MonkeyPatch) -> None:
    a = _answer(seat.Settings(method="exact", seconds=600, deepen=True))
    # a slow first round (a kernel compiled, a cache loaded) changes nothing while the deadline is not reached
    real = seat.CLOCKS["wall"]
    slow = iter(range(10**6))
    monkeypatch.setitem(seat.CLOCKS, "wall", lambda: real() + 30 * next(slow))
    b = _answer(seat.Settings(method="exact", seconds=5_000, deepen=True))  # each round about 1,400 "s"
    assert _values(a) == _values(b) and a.method_text == b.method_text and a.notes == b.notes


def test_no_deeper_round_for_a_bot_and_rounds_bounded_by_nodes_without_a_deadline(small_rounds: None) -> None:
    bot = _answer(seat.Settings(method="exact", seconds=600))
    assert not any("deeper round" in n for n in bot.notes)
    no_deadline = _answer(seat.Settings(method="exact", deepen=True))
    deadline = _answer(seat.Settings(method="exact", seconds=600, deepen=True))
    assert _values(no_deadline) == _values(deadline) != _values(bot)


def _round(**kw: Any) -> Any:
    rnd = seat._Round(done=20, exact_n=3, open_nodes=1_000)
    for k, v in kw.items():
        setattr(rnd, k, v)
    return rnd


@pytest.mark.parametrize("change, why", [
    ({"exact_n": 20}, "every world is exact"),
    ({"rounds": 4}, "the deepest allowed"),  # DEEPEN**4 == DEEPEN_MAX
    ({"open_nodes": seat.ROUND_NODES, "rounds": 1}, "the next would search over"),
    ({"rules": {0: replace(DURAK.seat_search[0])}}, "the game's rule keeps its budget"),
])
def test_what_ends_the_deeper_rounds(change: dict[str, Any], why: str) -> None:
    settings = seat.Settings(method="exact", seconds=600, deepen=True)
    assert seat._deeper(_round(), settings) is None
    assert (seat._deeper(_round(**change), settings) or "").startswith(why)


def test_durak_keeps_its_two_player_stock_budget() -> None:
    # more nodes played worse there (BENCHMARKS.md, "Playing strength"); with three or more players
    # the budget was set for the bots' speed, and the rounds may raise it
    two, more = DURAK.seat_search
    assert not two.deepens and more.deepens


def test_ctrl_c_in_a_deeper_round_keeps_the_round_before(small_rounds: None,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    first = _answer(seat.Settings(method="exact", seconds=600))
    real = seat._value_item
    valued = [0]

    def interrupting(item: Any) -> Any:
        valued[0] += 1
        if valued[0] > 25:  # the first round's 20 worlds, then 5 of the next
            raise KeyboardInterrupt
        return real(item)

    monkeypatch.setattr(seat, "_value_item", interrupting)  # (one worker: the worlds are valued in this process)
    answer = _answer(seat.Settings(method="exact", seconds=600, deepen=True))
    assert answer.interrupted and answer.method == "expectation" and answer.worlds == 20
    assert _values(answer) == _values(first)
    assert any("no deeper round of the worlds (Ctrl-C stopped the next)" in n for n in answer.notes), answer.notes


def test_the_exact_expectation_lists_its_worlds_once_for_every_round(small_rounds: None) -> None:
    inner = worlds_from_state(DURAK, MIDBOUT, 1)

    class Counting:
        player = inner.player
        listings = 0

        def count(self) -> int | None:
            return inner.count()

        def enumerate(self) -> Any:
            self.listings += 1
            yield from inner.enumerate()

    worlds = Counting()
    answer = _answer(seat.Settings(method="exact", seconds=600, deepen=True), worlds)
    assert any(n.startswith("the values of ") and "deeper round" in n for n in answer.notes), answer.notes
    assert worlds.listings == 1


def test_the_deeper_rounds_go_up_to_their_node_bounds() -> None:
    """A round may deepen while the next factor stays within DEEPEN_MAX (the round after the third)
    and the search budgets of its worlds not yet exact, times DEEPEN, stay within ROUND_NODES."""
    settings = seat.Settings(method="exact", seconds=600, deepen=True)
    assert DEEPEN_ROUNDS == 4
    assert seat._deeper(_round(rounds=DEEPEN_ROUNDS - 1), settings) is None
    assert seat._deeper(_round(rounds=1, open_nodes=seat.ROUND_NODES // seat.DEEPEN), settings) is None
    assert seat._deeper(_round(rounds=1, open_nodes=seat.ROUND_NODES // seat.DEEPEN + 1), settings) is not None
    # the worlds already exact are not counted: they are not valued again
    assert seat._deeper(_round(rounds=1, exact_n=19, open_nodes=seat.ROUND_NODES // seat.DEEPEN), settings) is None


DEEPEN_ROUNDS = next(k for k in range(1, 20) if seat.DEEPEN ** k == seat.DEEPEN_MAX)
"""How many deeper rounds DEEPEN_MAX allows."""


@pytest.mark.parametrize("count, share", [(0, 20), (1, 20), (5, 20), (6, 16), (10, 10), (42, 2), (100, 1), (5000, 1)])
def test_the_exact_expectation_shares_the_default_samples_budget_among_its_worlds(count: int, share: int) -> None:
    """Each of ``count`` worlds gets DEFAULT_SAMPLES // count worlds' budgets, between 1 and
    EXACT_BUDGET_FACTOR; a search budget of its own stays."""
    assert (seat.DEFAULT_SAMPLES, seat.EXACT_BUDGET_FACTOR) == (100, 20)
    budget = seat.Budget(nodes=300, search_nodes=77)
    assert seat.exact_budget(budget, count) == replace(budget, nodes=300 * share)


def test_the_first_deeper_round_runs_whatever_its_size() -> None:
    """Past ROUND_NODES, the first deeper round still runs (at the first budget a world's solver or
    search often stops short of the end), and only the first."""
    settings = seat.Settings(method="exact", seconds=600, deepen=True)
    over = seat.ROUND_NODES  # times DEEPEN: far past the bound
    assert seat._deeper(_round(open_nodes=over), settings) is None
    assert (seat._deeper(_round(open_nodes=over, rounds=1), settings) or "").startswith(
        "the next would search over")


TWO_STOCK = read_json("bench/data/durak-two-stock-cards-view.json")
"""A 6v6 two-player Durak view with two stock cards, the bottom one face up: 7 worlds, whose exact
solves take 1,600-71,000 nodes each (docs/durak-solver.md)."""


def _fake_world(item: Any) -> seat.WorldValue:
    """A world valued without a search: exact where its budget reaches the nodes it needs (one, two or
    three times 20,000, by the world's seed), else an estimate of 0 a move, the exact solver having
    stopped at its budget."""
    info, world, _player, budget, _stop = item
    code = seat.world_seed(info, world)
    need = 20_000 * (1 + code % 3)
    moves = [str(m) for m in info.spec.legal_moves(world)]
    if budget.nodes >= need:
        values = {m: float((code >> k) % 3 - 1) for k, m in enumerate(moves)}
        return seat.WorldValue(values, True, "exact", need // 2, max(values.values()), True)
    return seat.WorldValue(dict.fromkeys(moves, 0.0), False, "search", budget.nodes, 0.0, True)


def test_a_deeper_round_values_again_only_the_worlds_not_yet_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worlds exact in one round keep their values in the next (not valued again), and the answer is
    the same as one round at the deeper budget from the start (every world valued there)."""
    monkeypatch.setattr(seat, "ROUND_NODES", 1_000)  # past it: the one round the exact solver's stops allow
    budgets: list[int] = []

    def fake(item: Any) -> seat.WorldValue:
        budgets.append(item[3].nodes)
        return _fake_world(item)

    monkeypatch.setattr(seat, "_value_item", fake)
    settings = seat.Settings(method="exact", seconds=600, deepen=True, budget=seat.Budget(nodes=20_000),
                             budget_given=True)
    deep = _answer(settings)
    first, second = budgets.count(20_000), budgets.count(20_000 * seat.DEEPEN)
    assert first == 20 and 0 < second < 20 and len(budgets) == 20 + second, budgets
    assert deep.worlds_exact == 20 and deep.method == "exact"
    assert any("the values of 1 deeper round of every world" in n for n in deep.notes), deep.notes
    shallow = _answer(replace(settings, deepen=False))
    assert shallow.worlds_exact == 20 - second  # the worlds valued again were those not exact at first
    fixed = _answer(replace(settings, deepen=False, budget=seat.Budget(nodes=20_000 * seat.DEEPEN)))
    assert _values(deep) == _values(fixed) and deep.best == fixed.best and deep.value == fixed.value


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "long",
                    reason="about 15 s of real exact solves (HYPOTHESIS_PROFILE=long runs it)")
def test_a_deeper_round_solves_exactly_what_the_first_budget_left_to_estimates_and_keeps_exact_worlds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At 20,000 nodes a world (the exact solver's half: 10,000) some of the 7 worlds are estimates;
    the one deeper round (160,000) solves every one exactly, though ROUND_NODES is set too low for its
    searches: the exact solver stopped at its budget. The answer equals the exact expectation at the
    deeper budget from the start (the second method), and the worlds exact in the first round are
    not valued again."""
    from foolsolve.api import load

    monkeypatch.setattr(seat, "ROUND_NODES", 1_000)
    worlds = load(TWO_STOCK).worlds()
    valued: list[int] = []
    real = seat._value_item

    def counting(item: Any) -> Any:
        valued.append(item[3].nodes)
        return real(item)

    monkeypatch.setattr(seat, "_value_item", counting)  # (one worker: the worlds are valued in this process)
    base = seat.Budget(nodes=20_000)
    deep = seat.analyse(DURAK, worlds, seat.Settings(method="exact", seconds=600, deepen=True, budget=base,
                                                     budget_given=True))
    first = valued.count(20_000)
    assert first == 7 and 0 < valued.count(20_000 * seat.DEEPEN) < 7, valued  # some exact at once, not all
    assert deep.method == "exact" and deep.worlds_exact == 7
    assert any("the values of 1 deeper round of every world" in n for n in deep.notes), deep.notes
    fixed = seat.analyse(DURAK, worlds, seat.Settings(method="exact", budget=seat.Budget(nodes=20_000 * seat.DEEPEN),
                                                      budget_given=True))
    assert _values(deep) == _values(fixed) and deep.best == fixed.best and fixed.worlds_exact == 7
    shallow = seat.analyse(DURAK, worlds, seat.Settings(method="exact", budget=base, budget_given=True))
    assert shallow.worlds_exact < 7


def test_deeper_rounds_run_on_a_pool_of_workers_and_release_it(small_rounds: None) -> None:
    """With two workers (a local process pool) every round runs on the same pool, kept open between
    rounds and released after the last: the answer is the one worker's."""
    from foolsolve.executor import make_executor

    settings = seat.Settings(method="exact", seconds=600, deepen=True)
    one = _answer(settings)
    ex = make_executor(2)
    two = seat.analyse(DURAK, worlds_from_state(DURAK, MIDBOUT, 1), settings, ex)
    assert any("the values of 1 deeper round of every world" in n for n in two.notes), two.notes
    assert _values(two) == _values(one) and two.best == one.best
    pool = getattr(ex._backend, "_pool", None)
    assert pool is None or getattr(pool, "_shutdown_thread", True)  # released: no work can be sent to it


def _solver_world(need: Any) -> Any:
    """A world valued without a search: exact, by the exact solver, where the solver's budget
    (:func:`seat.solver_share`) reaches the nodes ``need(world seed)`` says it needs, else an estimate
    of 0 a move, the solver having stopped at its budget."""
    from foolsolve.solver.open_hand import SOLVER_METHOD

    def value(item: Any) -> seat.WorldValue:
        info, world, _player, budget, _stop = item
        code = seat.world_seed(info, world)
        moves = [str(m) for m in info.spec.legal_moves(world)]
        if budget.solver and seat.solver_share(budget) >= need(code):
            values = {m: float((code >> k) % 3 - 1) for k, m in enumerate(moves)}
            return seat.WorldValue(values, True, SOLVER_METHOD, need(code), max(values.values()), True)
        return seat.WorldValue(dict.fromkeys(moves, 0.0), False, "search", budget.nodes, 0.0, budget.solver)
    return value


def test_the_first_round_gives_the_exact_solver_enough_to_prove_its_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worlds the exact solver proves in 20,000-60,000 nodes, more than its half of the first round's
    budget (12,500 of 25,000 for 20 worlds): the first round gives it first_solver_nodes (100,000) and
    proves every world, where half the budget proves none and a deeper round of every world follows."""
    budgets: list[seat.Budget] = []
    fake = _solver_world(lambda code: 20_000 * (1 + code % 3))

    def counting(item: Any) -> seat.WorldValue:
        budgets.append(item[3])
        return fake(item)

    monkeypatch.setattr(seat, "_value_item", counting)
    answer = _answer(seat.Settings(method="exact", seconds=600, deepen=True))
    assert seat.first_solver_nodes(seat.exact_budget(seat.Budget(), 20), 20) == 100_000
    assert answer.method == "exact" and answer.worlds_exact == 20
    assert len(budgets) == 20 and {b.solver_nodes for b in budgets} == {100_000}, budgets  # one round, no other
    assert not any("deeper round" in n for n in answer.notes), answer.notes
    assert "the exact solver first, 100,000 nodes a world" in answer.method_text
    # the same values as a budget that gives the solver as much from the start
    fixed = _answer(seat.Settings(method="exact", budget=seat.Budget(nodes=200_000), budget_given=True))
    assert _values(answer) == _values(fixed) and fixed.worlds_exact == 20


def test_where_the_exact_solver_proves_few_of_the_first_worlds_the_rest_keep_its_half(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Worlds past every budget of the solver: the first EXACT_FIRST_PROBE worlds get its larger budget,
    the others half the world's; a deeper round whose solver share is no larger than a world's failed
    one values that world by the search alone."""
    budgets: list[tuple[int, int | None, bool]] = []
    fake = _solver_world(lambda code: 10**9)

    def counting(item: Any) -> seat.WorldValue:
        budgets.append((item[3].nodes, item[3].solver_nodes, item[3].solver))
        return fake(item)

    monkeypatch.setattr(seat, "_value_item", counting)
    monkeypatch.setattr(seat, "ROUND_NODES", 1)  # the first deeper round only
    answer = _answer(seat.Settings(method="exact", seconds=600, deepen=True))
    first = budgets[:20]
    assert first[:seat.EXACT_FIRST_PROBE] == [(25_000, 100_000, True)] * seat.EXACT_FIRST_PROBE
    assert first[seat.EXACT_FIRST_PROBE:] == [(25_000, None, True)] * (20 - seat.EXACT_FIRST_PROBE)
    deeper = budgets[20:]  # 200,000 nodes: the solver's 100,000 is no more than the probe's, the others' more
    assert deeper[:seat.EXACT_FIRST_PROBE] == [(200_000, None, False)] * seat.EXACT_FIRST_PROBE
    assert deeper[seat.EXACT_FIRST_PROBE:] == [(200_000, None, True)] * (20 - seat.EXACT_FIRST_PROBE)
    assert "the exact solver 100,000 nodes in the first 4 worlds only (it proved 0 of the 4 it searched)" \
        in answer.method_text


def test_a_world_whose_rule_keeps_its_budget_keeps_the_solvers_half(monkeypatch: pytest.MonkeyPatch) -> None:
    """Durak's two-player rule while two or more stock cards are unseen keeps its budget (no deeper
    round): its worlds do not get the first round's larger solver budget either (which would put
    worlds of three stock cards to the exact solver)."""
    from foolsolve.api import load
    from tests.generic.test_seat_cli import GREEDY_TAKE_VIEW

    worlds = load(GREEDY_TAKE_VIEW).worlds()
    assert worlds.count() == 30 and seat.first_solver_nodes(seat.exact_budget(seat.Budget(), 30), 30) == 66_666
    budgets: list[seat.Budget] = []
    fake = _solver_world(lambda code: 1)

    def counting(item: Any) -> seat.WorldValue:
        budgets.append(item[3])
        return fake(item)

    monkeypatch.setattr(seat, "_value_item", counting)
    answer = seat.analyse(DURAK, worlds, seat.Settings(method="exact", seconds=600, deepen=True))
    assert len(budgets) == 30 and all(b.solver_nodes is None for b in budgets), budgets
    assert "exact solver first" not in answer.method_text and "first 4 worlds" not in answer.method_text


def test_a_deeper_round_leaves_the_second_opinion_its_share_of_the_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the method is the analysis' own choice (the second opinion may follow), a deeper round
    that would run to the end of --time stops CHECK_SHARE of it early, as at the deadline (its worlds
    dropped), so that the check of the answer's estimates has time to run; with --method given, the
    round may use all of it."""
    now = [0.0]
    step = 0.6  # 20 worlds: the first round 12 s, a deeper round would end at 24 s

    def fake(item: Any) -> seat.WorldValue:
        _info, world, _player, _budget, _stop = item
        now[0] += step
        values = {str(m): 0.0 for m in DURAK.spec.legal_moves(world)}
        return seat.WorldValue(values, False, "search", 1, 0.0)

    monkeypatch.setattr(seat, "_value_item", fake)
    monkeypatch.setitem(seat.CLOCKS, "wall", lambda: now[0])
    for method, ends_by in (("auto", 20 - seat.check_reserve(seat.Settings(seconds=20))), ("exact", 20.0)):
        now[0] = 0.0
        answer = _answer(seat.Settings(method=method, seconds=20, deepen=True, started=0.0))
        assert answer.worlds == 20 and answer.method == "expectation", (method, answer.method)
        assert any("no deeper round of the worlds (the next did not finish within --time" in n for n in answer.notes)
        assert ends_by <= now[0] <= ends_by + step, (method, now[0])
    assert seat.check_reserve(seat.Settings(seconds=20)) >= seat.CHECK_MIN_SECONDS
    assert seat.check_reserve(seat.Settings(seconds=None)) == seat.check_reserve(seat.Settings(seconds=20,
                                                                                               method="pimc")) == 0


def test_method_exact_counts_a_view_by_listing_past_the_default_walk() -> None:
    """A view whose worlds the rules constrain is counted by listing them; the default count walks
    ENUMERATE_LIMIT assignments and gives up past it, but ``--method exact``, which lists every world
    anyway, walks up to EXACT_WALK_LIMIT (a 240-world Three Fools view walks 6,720)."""
    from foolsolve.worlds import ENUMERATE_LIMIT, Worlds

    class LongWalk(Worlds):  # counted only by a walk longer than the default's
        def count(self, limit: int | None = None) -> int | None:
            return super().count(limit) if (limit or ENUMERATE_LIMIT) >= seat.EXACT_WALK_LIMIT else None

    view = worlds_from_state(DURAK, MIDBOUT, 1).view
    answer = seat.analyse(DURAK, LongWalk(view), seat.Settings(method="exact", seconds=600,
                                                               budget=seat.Budget(nodes=400)))
    assert answer.method == "expectation" and answer.worlds == 20 and answer.consistent_worlds == 20

    class Endless(Worlds):
        def count(self, limit: int | None = None) -> int | None:
            return None

    with pytest.raises(seat.InputError, match=r"^Settings\.method exact: the worlds consistent with the view are too "
                                              r"many to count by listing \(over 25,000 assignments"):
        seat.analyse(DURAK, Endless(view), seat.Settings(method="exact", seconds=600))
