"""The exact Durak solver on two-player positions with two or more stock cards (its search over the
stock, solver/durak/stock.py) checked by independent methods:

* exhaustive minimax over the spec (solver/minimax.py) on small seeded positions with two or three
  stock cards, every root move's value, the reductions of the endgame search on and all off;
  retrograde analysis of the spec's state graph for perevodnoy (it can repeat);
* a small view of two stock cards (7 worlds): the exact expectation of the seat analysis, whose
  worlds the solver answers, equals the expectation over every world computed by minimax over the
  spec until the stock holds at most one card, valued there by the endgame search (cross-checked on
  its own in test_solver_crosscheck.py).
"""

from __future__ import annotations

import os
import random
from fractions import Fraction
from typing import Any

import pytest

from foolsolve import games, seat
from foolsolve.engines.durak import from_spec_state
from foolsolve.solver import minimax
from foolsolve.solver.base import NotCovered, SearchLimit, SolveOptions
from foolsolve.solver.durak import Solver, solve
from foolsolve.solver.durak.stock import METHOD, STOCK_SEARCH_CARDS
from foolsolve.solver.open_hand import SOLVER_METHOD, Budget, solve_world
from foolsolve.spec import durak
from foolsolve.spec.durak import SPEC
from tests.durak.seat_helpers import DurakWorlds
from tests.durak.test_solver_crosscheck import spec_values

WDL = {"win": 2, "draw": 0, "loss": -2}
"""An outcome as minimax over the spec values it: the payoff difference."""
DECK = [r + s for s in "CDHS" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")]


def seeded(a: int, b: int, stock: int, seed: int, rules: dict[str, Any] | None = None) -> Any:
    """Hands of ``a`` and ``b`` cards and ``stock`` stock cards from a seeded shuffle (the last
    stock card the face-up trump), the rest discarded, player 0 to attack."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    obj = {"game": "durak", "rules": rules or {}, "trump": deck[a + b + stock - 1][-1],
           "hands": [deck[:a], deck[a:a + b]], "stock": deck[a + b:a + b + stock], "discard": deck[a + b + stock:],
           "attacker": 0, "defender": 1, "table": []}
    return durak.read_position(obj, reachable=False)


def solver_values(state: Any, **extra: Any) -> dict[str, int]:
    result = solve(state, SolveOptions(extra=extra))
    assert result.method == METHOD
    return {m.move: WDL[m.value] for m in result.moves}


# 3v3 and two stock cards: seeds whose moves differ (33: draw and loss; 40: win, draw and loss;
# 2: win and loss); 2v3 and 3v2 with three; the side rules of the flow of play
@pytest.mark.parametrize(("a", "b", "stock", "seed", "rules"), [
    (3, 3, 2, 33, None), (3, 3, 2, 40, None), (3, 3, 2, 2, None),
    (2, 3, 3, 1, None), (3, 2, 3, 1, None),
    (2, 3, 2, 4, {"variant": "simple"}),
    (2, 3, 2, 6, {"throw_in_after_take": False}),
    (3, 2, 2, 5, {"draw_outcome": "last_defender_loses"}),
])
def test_every_move_equals_minimax_over_the_spec(a: int, b: int, stock: int, seed: int,
                                                 rules: dict[str, Any] | None) -> None:
    state = seeded(a, b, stock, seed, rules)
    expected = {m: int(v) for m, v in minimax.move_values(SPEC, state).items()}
    assert solver_values(state) == expected
    assert solver_values(state, reductions={"twins": False, "take_first": False, "canonical": False,
                                            "null_window": False, "sure_win": False, "sure_loss": False}) == expected


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "long",
                    reason="minimax over the spec of 3v3 with three stock cards and 4v4 with two, minutes "
                           "(HYPOTHESIS_PROFILE=long runs it)")
@pytest.mark.parametrize(("a", "b", "stock", "seed"), [(3, 3, 3, 0), (4, 4, 2, 0)])
def test_every_move_equals_minimax_over_the_spec_larger(a: int, b: int, stock: int, seed: int) -> None:
    state = seeded(a, b, stock, seed)
    assert solver_values(state) == {m: int(v) for m, v in minimax.move_values(SPEC, state).items()}


# seeds whose moves differ (win and loss)
@pytest.mark.parametrize(("a", "b", "seed", "rules"), [
    (2, 2, 4, {}), (2, 2, 8, {}), (3, 2, 1, {}), (3, 2, 2, {"transfer_by_showing_trump": True}),
])
def test_perevodnoy_every_move_equals_retrograde_analysis(a: int, b: int, seed: int, rules: dict[str, Any]) -> None:
    state = seeded(a, b, 2, seed, {"variant": "perevodnoy", **rules})
    value, moves = spec_values(state)
    result = solve(state, SolveOptions())
    assert result.value == value
    assert {m.move: m.value for m in result.moves} == moves


def test_value_alone_and_principal_variation() -> None:
    state = seeded(3, 3, 2, 40)
    full = solve(state, SolveOptions())
    alone = solve(state, SolveOptions(extra={"moves": False}))
    assert alone.value_only and alone.value == full.value and not alone.moves
    # the principal variation is legal play to the end of the game, its first move a best one
    assert full.pv and full.pv[0] in full.best
    s = state
    for text in full.pv:
        s = SPEC.apply(s, next(m for m in SPEC.legal_moves(s) if str(m) == text))
    assert SPEC.result(s) is not None


def test_limits_stop_it_with_what_was_valued() -> None:
    state = seeded(3, 3, 2, 40)
    with pytest.raises(SearchLimit) as info:
        solve(state, SolveOptions(max_nodes=5))
    partial = info.value.partial
    assert partial is not None and partial.method == METHOD
    assert len(partial.moves) + len(partial.unfinished) == len(SPEC.legal_moves(state))
    # within the budget: the same answer as without it
    nodes = solve(state, SolveOptions()).nodes
    assert solve(state, SolveOptions(max_nodes=nodes)).nodes == nodes


def test_refused_beyond_its_cards_and_with_three_players() -> None:
    big = seeded(6, 6, 6, 0)  # 18 cards in hands and stock
    assert 12 + 6 > STOCK_SEARCH_CARDS
    with pytest.raises(NotCovered, match=r"^stock: the exact Durak solver takes two or more stock cards only where the "
                                         r"hands, the table and the stock hold at most 16 cards, this position has 6 "
                                         r"stock cards and 18 cards there$"):
        solve(big, SolveOptions())
    three = SPEC.deal(SPEC.rules_cls(redeal_right=False), 3, random.Random(1))
    with pytest.raises(NotCovered, match=r"^players: the exact Durak solver is for two players"):
        solve(three, SolveOptions())


def test_open_hand_world_answered_by_the_solver() -> None:
    state = seeded(3, 3, 2, 40)
    answer = solve_world(games.get("durak"), state, Budget(max_nodes=100_000))
    assert answer.exact and answer.method == SOLVER_METHOD
    assert {m: 2 * v for m, v in answer.values.items()} == {m: int(v) for m, v in
                                                             minimax.move_values(SPEC, state).items()}


# --- a view of two stock cards (a researcher's trial: the depth-limited estimate ranked a move among
# the worst best) -------------------------------------------------------------------------------------

TRIAL = {"game": "durak", "trump": "S", "hands": [["6H", "9D", "KH", "QD", "7C", "JH"],
                                                  ["7H", "AD", "JS", "6C", "10C", "8D"]],
         "stock": ["QC", "8S"], "attacker": 0, "defender": 1, "table": [], "to_move": 0, "first_bout": False}


def _trial() -> Any:
    used = {c for h in TRIAL["hands"] for c in h} | set(TRIAL["stock"])
    return durak.read_position({**TRIAL, "discard": [c for c in DECK if c not in used]}, reachable=False)


def brute_force(world: Any, player: int) -> dict[str, int]:
    """Every move's value (+1, 0, -1 for ``player``) in one world: minimax over the spec while the
    stock holds two or more cards, the endgame search's value once it holds at most one."""
    root = from_spec_state(world)
    endgame = Solver(root.er, root.trump)
    memo: dict[Any, int] = {}

    def value(s: Any) -> int:  # for player
        res = SPEC.result(s)
        if res is not None:
            return (res.payoffs[player] > 0) - (res.payoffs[player] < 0)
        if s in memo:
            return memo[s]
        if len(s.stock) <= 1:
            es = from_spec_state(s)
            v = endgame.value(es)
            out = v if es.to_move == player else -v
        else:
            vals = [value(SPEC.apply(s, m)) for m in SPEC.legal_moves(s)]
            out = max(vals) if SPEC.to_move(s) == player else min(vals)
        memo[s] = out
        return out

    return {str(m): value(SPEC.apply(world, m)) for m in SPEC.legal_moves(world)}


def test_trial_view_exact_expectation_equals_the_brute_force() -> None:
    state = _trial()
    worlds = DurakWorlds(state, 0)
    listed = list(worlds.enumerate())
    assert len(listed) == 7
    totals: dict[str, Fraction] = {}
    for world in listed:
        for move, v in brute_force(world, 0).items():
            totals[move] = totals.get(move, Fraction(0)) + v
    expected = {m: t / len(listed) for m, t in totals.items()}
    answer = seat.analyse(games.get("durak"), worlds,
                          seat.Settings(method="exact", seconds=None, budget=seat.Budget(nodes=400_000),
                                        budget_given=True))
    assert answer.all_exact and "7 exactly" in answer.method_text
    got = {m.move: m.mean for m in answer.moves}
    assert got == pytest.approx({m: float(v) for m, v in expected.items()}, abs=1e-12)
    top = max(expected.values())
    assert set(answer.best) == {m for m, v in expected.items() if v == top}


def test_full_position_of_the_trial_answered_exactly_on_the_command_line(tmp_path, capsys) -> None:
    """``foolsolve POSITION.json`` and ``--open-hand`` on one world of the trial's view (a full
    position: the stock listed in order) give the Durak solver's exact answer, its method named,
    the values those of the brute force; a --max-nodes too small for it is the one-line error of an
    exact solver stopped without an open-hand answer."""
    import json

    from tests.generic.test_cli import assert_one_line_error, run

    world = next(iter(DurakWorlds(_trial(), 0).enumerate()))
    path = tmp_path / "world.json"
    path.write_text(json.dumps(SPEC.state_to_json(world)))
    expected = {m: {1: "win", 0: "draw", -1: "loss"}[v] for m, v in brute_force(world, 0).items()}
    for extra in ([], ["--open-hand"]):
        code, out, err = run([str(path), "--no-store", "--json", "--time", "0", *extra], capsys)
        assert code == 0, err
        obj = json.loads(out)
        assert obj["method"] == METHOD and obj["value_kind"] == "outcome"
        assert {m["move"]: m["value"] for m in obj["moves"]} == expected
        assert obj["pv"] and obj["pv"][0] in obj["best"]
    code, out, err = run([str(path), "--no-store", "--max-nodes", "10"], capsys)
    assert_one_line_error(code, err, "the exact solver did not finish within 5 nodes")


def test_under_a_small_node_budget_the_search_over_the_stock_takes_two_stock_cards_only() -> None:
    """A seat analysis' world has a few thousand nodes: there the search takes two stock cards and
    refuses three at once (they need more, and the world's estimate keeps its whole budget), while
    with no node budget (``foolsolve POSITION.json``) or the half of a user's --max-nodes it takes
    three too."""
    from foolsolve.solver.durak.stock import BUDGETED_NODES

    three = seeded(2, 3, 3, 1)
    with pytest.raises(NotCovered, match="takes two stock cards only"):
        solve(three, SolveOptions(max_nodes=2_500))
    assert solve(three, SolveOptions(max_nodes=BUDGETED_NODES)).method == METHOD
    assert solve(three, SolveOptions()).method == METHOD
    # half of --max-nodes 150000: the exact solver's share of a user's budget takes it
    assert solve(three, SolveOptions(max_nodes=75_000)).method == METHOD
    two = seeded(3, 3, 2, 33)
    try:
        assert solve(two, SolveOptions(max_nodes=2_500)).method == METHOD
    except SearchLimit:
        pass  # taken, and stopped by its budget: not refused
