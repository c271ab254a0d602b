"""The Fools and Angels endgame solver against two independent methods on the spec:
exhaustive minimax (:mod:`foolsolve.solver.minimax`) and retrograde analysis of the spec's
whole state graph (:mod:`foolsolve.solver.retrograde`)."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.engines.fools_and_angels import ENGINE, VAL, bits
from foolsolve.errors import InputError
from foolsolve.games import get
from foolsolve.solver import minimax
from foolsolve.solver.base import SearchLimit, SolveOptions
from foolsolve.solver.fools_and_angels import search as fa_solver
from foolsolve.solver.fools_and_angels.search import Canon, Solver, solve
from foolsolve.solver.retrograde import retrograde_wdl, state_graph
from foolsolve.spec.fools_and_angels import (
    DEFAULT_STOCKS,
    DEFEND,
    FACE_EFFECTS,
    SPEC,
    SPEC_CARDS,
    TURN,
    Attack,
    FaceEffects,
    Rules,
    State,
)
from tests.fools_and_angels.helpers import position
from tests.generic.rule_draws import drawn_rules, options_without_choices, solver_takes

DRAWN_HERE = {
    # the options without a list of choices, which ``foolsolve.rules.random_rules`` leaves at their
    # defaults: drawn here over a range small endgames can use
    "face_effects": lambda rng: FaceEffects(*(rng.choice(sorted(FACE_EFFECTS)) for _ in range(3))),
    "hand_limit": lambda rng: rng.randint(3, 7),
    "stocks": lambda rng: DEFAULT_STOCKS,  # the positions here set their stocks themselves
}


def test_every_option_without_choices_is_drawn_here() -> None:
    """A new option without ``choices`` must be drawn by :data:`DRAWN_HERE` to reach the solver checks."""
    assert set(DRAWN_HERE) == options_without_choices(Rules)


def draw_rules(rng: random.Random) -> Rules:
    """Every rule option drawn (:func:`tests.generic.rule_draws.drawn_rules`)."""
    return drawn_rules(Rules, DRAWN_HERE, rng)


def check_solver_takes(rules: Rules) -> bool:
    """Whether the solver declares these rules its own (:func:`rules_refusal`); where it does
    not, the solver must refuse a position under them (checked here) and the caller skips it."""
    return solver_takes(fa_solver.rules_refusal(rules), solve, lambda: State(
        rules, TURN, 0, (frozenset(SPEC_CARDS[:2]), frozenset(SPEC_CARDS[2:4])), ((), ()), (), turns_done=2))


def random_endgame(rng: random.Random, max_cards: int = 4) -> State:
    """Random hands, every stock empty; phase turn, or defend after a random legal attack."""
    rules = draw_rules(rng)
    a, b = rng.randint(1, max_cards), rng.randint(1, max_cards)
    cards = rng.sample(SPEC_CARDS, a + b)
    s = State(rules, TURN, rng.randint(0, 1), (frozenset(cards[:a]), frozenset(cards[a:])), ((), ()), (), turns_done=2)
    attacks = [m for m in SPEC.legal_moves(s) if isinstance(m, Attack)]
    if attacks and rng.random() < 0.4:
        s = SPEC.apply(s, rng.choice(attacks))
        assert s.phase == DEFEND
    return s


def random_small_game(rng: random.Random) -> State:
    """Small hands and small stocks (solved with the stock order known), random variants."""
    rules = draw_rules(rng)
    n = [rng.randint(0, 2), rng.randint(0, 2), rng.randint(1, 2), rng.randint(1, 2), rng.randint(0, 1)]
    cards = rng.sample(SPEC_CARDS, sum(n))
    parts, i = [], 0
    for k in n:
        parts.append(tuple(cards[i:i + k]))
        i += k
    return State(rules, TURN, rng.randint(0, 1), (frozenset(parts[0]), frozenset(parts[1])), (parts[2], parts[3]),
                 parts[4], turns_done=2)


def _wdl(v: Any) -> str:
    return "win" if v > 0 else "loss" if v < 0 else "draw"


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1))
def test_endgame_values_equal_exhaustive_minimax_over_the_spec(seed: int) -> None:
    rng = random.Random(seed)
    s = random_endgame(rng, max_cards=5)
    if not check_solver_takes(s.rules):
        return
    res = solve(s, SolveOptions())
    if SPEC.result(s) is not None:
        return
    mover = SPEC.to_move(s)
    memo: dict[Any, Any] = {}
    assert res.value == _wdl(minimax.value_for(SPEC, s, mover, memo=memo))
    exact = minimax.move_values(SPEC, s, memo=memo)
    assert {m.move: m.value for m in res.moves} == {k: _wdl(v) for k, v in exact.items()}
    assert res.best == [m.move for m in res.moves if m.value == res.value]


@settings(max_examples=25)
@given(st.integers(0, 2**32 - 1))
def test_endgame_values_equal_retrograde_analysis_of_the_spec_graph(seed: int) -> None:
    rng = random.Random(seed)
    s = random_endgame(rng, max_cards=6)
    if not check_solver_takes(s.rules):
        return
    if SPEC.result(s) is not None:
        return
    try:
        g, root = state_graph(s, SPEC.legal_moves, SPEC.apply, SPEC.to_move, SPEC.result, max_nodes=30_000)
    except MemoryError:
        return  # left to the minimax test's smaller hands (a few rule sets reach 10^5 states and more here)
    val = retrograde_wdl(g)
    assert solve(s, SolveOptions()).value == _wdl(val[root])
    assert all(v != 0 for v in val.values())  # no draws: the graph is acyclic and every game ends


@settings(max_examples=25)
@given(st.integers(0, 2**32 - 1))
def test_known_stock_order_solve_equals_minimax_and_retrograde_with_variants(seed: int) -> None:
    rng = random.Random(seed)
    s = random_small_game(rng)
    if not check_solver_takes(s.rules):
        return
    if SPEC.result(s) is not None:
        return
    res = solve(s, SolveOptions(extra={"stock_order_known": True}))
    # the method says when the stocks' order was taken as known (the Method: line of the answer)
    method = fa_solver.method_text(res, {"stock_order_known": True})
    assert method.startswith("Fools and Angels endgame solver: exact negamax search")
    assert ("every stock's order taken as known" in method) == (not fa_solver.is_endgame(s))
    try:
        # a few of these games (Exchange and Temptation passing cards back and forth) reach some
        # 10^5-10^6 states, minutes of exhaustive search: those are left to the solver's other tests
        g, root = state_graph(s, SPEC.legal_moves, SPEC.apply, SPEC.to_move, SPEC.result, max_nodes=30_000)
    except MemoryError:
        return
    assert res.value == _wdl(retrograde_wdl(g)[root])
    assert res.value == _wdl(minimax.value_for(SPEC, s, SPEC.to_move(s)))


@settings(max_examples=20)
@given(st.integers(0, 2**32 - 1))
def test_principal_variation_is_legal_and_ends_as_the_value_says(seed: int) -> None:
    rng = random.Random(seed)
    s = random_endgame(rng, max_cards=6)
    if not check_solver_takes(s.rules):
        return
    if SPEC.result(s) is not None:
        return
    res = solve(s, SolveOptions())
    mover = SPEC.to_move(s)
    t = s
    for text in res.pv:
        t = SPEC.apply(t, SPEC.parse_move(t, text))
    end = SPEC.result(t)
    assert end is not None
    assert (dict(end.details)["winner"] == mover) == (res.value == "win")


def test_solver_on_the_shipped_endgame_example() -> None:
    obj = json.loads(resources.files("foolsolve").joinpath("examples", "fools-and-angels-endgame.json").read_text())
    info = get("fools-and-angels")
    s = info.spec.state_from_json(obj)
    assert info.solve is not None
    res = info.solve(s, SolveOptions())
    assert res.value in ("win", "loss") and res.moves and res.pv
    assert res.to_json()["game"] == "fools-and-angels"


def test_solver_refuses_hidden_stocks_unless_told_the_order_is_known() -> None:
    s = position("A♣", "2♦ 3♦", stock0="4♣")
    with pytest.raises(InputError, match="stocks"):
        solve(s, SolveOptions())
    assert solve(s, SolveOptions(extra={"stock_order_known": True})).value in ("win", "loss")


def test_solver_honours_the_node_budget_and_reports_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fa_solver, "PROGRESS_EVERY", 100)
    rng = random.Random(3)
    cards = rng.sample(SPEC_CARDS, 26)
    s = State(Rules(), TURN, 0, (frozenset(cards[:12]), frozenset(cards[12:])), ((), ()), (), turns_done=2)
    seen: list[int] = []
    with pytest.raises(SearchLimit):
        solve(s, SolveOptions(max_nodes=1000, progress=seen.append))
    assert len(seen) >= 5 and seen == sorted(seen)


def test_solved_game_over_position() -> None:
    s = position("", "2♦ 3♦", stock0="")
    res = solve(s, SolveOptions())
    assert res.value == "win" and res.notes and not res.moves  # player 0, to move, has already won


@settings(max_examples=20)
@given(st.integers(0, 2**32 - 1))
def test_symmetry_reduction_keeps_every_value(seed: int) -> None:
    rng = random.Random(seed)
    s = random_endgame(rng, max_cards=7)
    if not check_solver_takes(s.rules):
        return
    e = ENGINE.from_spec(s)
    canon = Canon(e[0])
    c = canon(e)
    assert canon(c) == c  # idempotent
    for i in (3, 4, 8):  # same signed values in each hand and the attack, same sizes
        assert sorted(VAL[b] for b in bits(c[i])) == sorted(VAL[b] for b in bits(e[i]))
    plain = Solver(SolveOptions(), None)
    reduced = Solver(SolveOptions(), canon)
    assert plain.win(e) == reduced.win(e) == reduced.win(c)
    for m in ENGINE.legal_moves(e):
        assert plain.value_of_move(e, m) == reduced.value_of_move(e, m)


def no_legal_action_loss_reached(s: State, limit: int | None = None) -> bool:
    """Whether a search over the spec from ``s`` (of at most ``limit`` positions) reaches the loss of
    a player who can neither attack, regroup nor pass (option ``no_legal_action = "lose"``)."""
    seen: set[State] = set()
    todo = [s]
    while todo and (limit is None or len(seen) < limit):
        t = todo.pop()
        if t in seen:
            continue
        seen.add(t)
        res = SPEC.result(t)
        if res is not None:
            if dict(res.details)["reason"] == "no legal action":
                return True
            continue
        todo += [SPEC.apply(t, m) for m in SPEC.legal_moves(t)]
    return False


@pytest.mark.parametrize(("hands", "stocks", "to_move", "changed"), [
    # an endgame (the endgame solver): "attack 5♣" wins only because player 0, left with three
    # cards against one and nothing to draw, loses instead of passing
    (("7♣ 4♥ Q♠", "5♣ K♦"), ("", "", ""), 1, True),
    # stocks and a pool (the open-hand search over the engine, every card known)
    (("K♣", "5♣ 6♣"), ("2♣", "6♥", "J♦"), 0, False),
])
def test_where_a_player_with_nothing_to_do_loses_the_answer_equals_the_search_over_the_spec(
        hands: tuple[str, str], stocks: tuple[str, str, str], to_move: int, changed: bool) -> None:
    """Under ``no_legal_action = "lose"``, a position whose search reaches a player who can neither
    attack, regroup nor pass: every move's value of ``foolsolve POSITION.json --open-hand`` (the
    endgame solver's win/loss, or the open-hand search's payoffs) equals minimax over the spec;
    ``changed``: the values differ under the default forced pass."""
    from foolsolve import api

    values = {}
    for rule in ("lose", "pass"):
        s = position(*hands, stock0=stocks[0], stock1=stocks[1], pool=stocks[2], to_move=to_move,
                     rules={"no_legal_action": rule}, turns_done=2)
        if rule == "lose":
            assert no_legal_action_loss_reached(s)
        answer = api.answer(s, open_hand=True, time=20, progress=False)
        assert answer.value_kind in ("outcome", "payoff") and not answer.unfinished, answer.method
        got = {m.move: m.value for m in answer.moves}
        if answer.value_kind == "outcome":
            assert got == {k: _wdl(v) for k, v in minimax.move_values(SPEC, s).items()}
        else:  # the mover's payoff, +1 or -1
            want = minimax.open_hand_values(SPEC, s, to_move, "paranoid")
            assert {k: int(v) for k, v in got.items()} == want
        values[rule] = got
    assert (values["lose"] != values["pass"]) == changed


def test_the_move_ordering_key_is_the_movers_hand_size_after_the_move() -> None:
    """The solver's move order (and the principal variation's choice among moves of equal value:
    the one leaving the mover's hand smallest) counts the hand from the move alone; applying the
    move gives the same count, in attacks and in every kind of defence."""
    E = fa_solver.E
    rng = random.Random(11)
    kinds: set[Any] = set()
    for _ in range(60):
        s = random_endgame(rng, max_cards=6)
        if SPEC.result(s) is not None:
            continue
        st = E.ENGINE.from_spec(s)
        key = fa_solver._hand_after(st)
        for m in E.legal_moves(st):
            after = E.apply(st, m)
            assert key(m) == after[3 + st[2]].bit_count(), (s, m)
            kinds.add(m[0] if m[0] != E.DEFEND else (m[0], m[1]))
    assert {E.ATTACK, (E.DEFEND, E.T_RED), (E.DEFEND, E.T_WHOLE)} <= kinds


def test_the_principal_variation_stops_at_its_limit() -> None:
    rng = random.Random(4)
    for _ in range(50):
        st = fa_solver.E.ENGINE.from_spec(random_endgame(rng, max_cards=6))
        solver = Solver(SolveOptions(), Canon(st[0]))
        whole = solver.principal_variation(st)
        if len(whole) > 3:
            break
    assert len(whole) > 3
    assert solver.principal_variation(st, limit=3) == whole[:3]


def test_a_node_budget_of_exactly_the_nodes_a_solve_takes_is_enough() -> None:
    rng = random.Random(6)
    st = fa_solver.E.ENGINE.from_spec(random_endgame(rng, max_cards=5))
    full = Solver(SolveOptions(), Canon(st[0]))
    value = full.win(st)
    assert full.nodes > 1
    assert Solver(SolveOptions(max_nodes=full.nodes), Canon(st[0])).win(st) == value
    with pytest.raises(SearchLimit):
        Solver(SolveOptions(max_nodes=full.nodes - 1), Canon(st[0])).win(st)
