"""The endgame solver against independent methods on the spec: exhaustive minimax
(``foolsolve.solver.minimax``) for two players, a plain paranoid recursion for three."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from foolsolve.cards import FRENCH52
from foolsolve.errors import InputError
from foolsolve.positions import read_json
from foolsolve.rules import rules_to_json
from foolsolve.solver import minimax
from foolsolve.solver.base import NotCovered, SearchLimit, SolveOptions
from foolsolve.solver.fools_paradise.search import endgame_value, method_text, rules_refusal, solve
from foolsolve.spec.fools_paradise import SPEC, Rules, State
from tests.fools_paradise.helpers import position, position_json
from tests.generic.rule_draws import drawn_rules, options_without_choices
from tests.generic.rule_draws import solver_takes as takes

DRAWN_HERE = {
    # the options without a list of choices, which ``foolsolve.rules.random_rules`` leaves at their
    # defaults: drawn here over a range small endgames can use
    "decks": lambda rng: rng.choice((1, 2)),
}


def test_every_option_without_choices_is_drawn_here() -> None:
    """A new option without ``choices`` must be drawn by :data:`DRAWN_HERE` to reach the solver checks."""
    assert set(DRAWN_HERE) == options_without_choices(Rules)


def draw_rules(rng: random.Random) -> Rules:
    """Every rule option drawn (:func:`tests.generic.rule_draws.drawn_rules`)."""
    return drawn_rules(Rules, DRAWN_HERE, rng)


def solver_takes(rules: Rules) -> bool:
    """Whether the solver declares these rules its own (:func:`rules_refusal`); where it does
    not, the solver must refuse a position under them (checked here) and the caller skips it."""
    return takes(rules_refusal(rules), solve, lambda: position(["2C", "3C"], "4C", rules=rules_to_json(rules)))


@st.composite
def small_endgames(draw: Any, players: int = 2, max_hand: int = 3, max_centre: int = 4,
                   max_stock: int = 0) -> State:
    """Random positions with few cards left: hands of 0..max_hand (the player to move holds
    at least one; from her round to the left, k cards then k - 1), 1..max_centre centre
    cards, every rule option drawn; every other card in the piles.
    With max_stock > 0, up to that many pile cards are moved to a known stock. (A position
    file must then show five-card hands; the rules themselves apply to any state, and small
    hands keep the exhaustive check fast.)"""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    rules = draw_rules(rng)
    assume(solver_takes(rules))
    deck = list(FRENCH52.cards) * rules.decks
    rng.shuffle(deck)
    stock_n = draw(st.integers(0, max_stock))
    top = draw(st.integers(1, max_hand))
    still = draw(st.integers(1, players))
    drawn = [top] * still + [top - 1] * (players - still)
    to_move = draw(st.integers(0, players - 1))
    # the turn goes round to the left and each turn plays a card, and every hand held five when the stock
    # ran out: from the player to move, those still to play this lap hold one card more than the others
    sizes = [0] * players
    for i, k in enumerate(drawn):
        sizes[(to_move + i) % players] = k
    c = draw(st.integers(1, max_centre))
    pos = 0
    hands = []
    for k in sizes:
        hands.append(" ".join(x.ascii for x in deck[pos:pos + k]))
        pos += k
    centre = " ".join(x.ascii for x in deck[pos:pos + c])
    state = position(hands, centre, to_move=to_move, rules=rules_to_json(rules))
    if stock_n:
        pile = state.piles[0]
        state = replace(state, stock=pile[:stock_n], piles=(pile[stock_n:], *state.piles[1:]))
    return state


@settings(max_examples=60)
@given(state=small_endgames())
def test_two_player_values_equal_exhaustive_minimax_over_the_spec(state: State) -> None:
    """Value (final score difference for the player to move) and every move's value."""
    res = solve(state, SolveOptions())
    assert res.concept is None
    assert res.value == minimax.value_for(SPEC, state, state.to_move)
    want = minimax.move_values(SPEC, state)
    assert {m.move: m.value for m in res.moves} == want
    assert set(res.best) == {m for m, v in want.items() if v == res.value}
    assert [m.value for m in res.moves] == sorted((m.value for m in res.moves), reverse=True)


@settings(max_examples=25)
@given(state=small_endgames())
def test_principal_variation_reaches_the_value(state: State) -> None:
    """Both sides follow the PV to the end; the final score difference is the value."""
    res = solve(state, SolveOptions())
    s = state
    for text in res.pv:
        s = SPEC.apply(s, SPEC.parse_move(s, text))
    assert SPEC.is_terminal(s)
    scores = s.scores()
    assert scores[state.to_move] - scores[1 - state.to_move] == res.value
    assert res.pv[0] in res.best


@settings(max_examples=20)
@given(state=small_endgames(max_hand=2, max_centre=3, max_stock=3))
def test_short_known_stock_values_equal_minimax(state: State) -> None:
    """A stock whose order is given is solved as known on request (a note says so)."""
    if state.stock:
        with pytest.raises(InputError, match="stock_order_known"):
            solve(state, SolveOptions())
    res = solve(state, SolveOptions(extra={"stock_order_known": True}))
    assert res.value == minimax.value_for(SPEC, state, state.to_move)
    if state.stock:
        assert any("stock" in n for n in res.notes)
    method = method_text(res, {"stock_order_known": True})  # the answer's Method: line
    assert method.startswith("Fool's Paradise endgame solver: exact alpha-beta search") and "minimax" in method
    assert ("listed draw order taken as known" in method) == bool(state.stock)


def paranoid_value(state: State, root: int) -> int:
    """Plain paranoid recursion over the spec: ``root`` maximises own final score minus the
    best other final score, everyone else minimises it."""

    @cache
    def value(s: State) -> int:
        if SPEC.is_terminal(s):
            sc = s.scores()
            return sc[root] - max(x for i, x in enumerate(sc) if i != root)
        kids = [value(SPEC.apply(s, m)) for m in SPEC.legal_moves(s)]
        return max(kids) if s.to_move == root else min(kids)

    return value(state)


@settings(max_examples=30)
@given(state=small_endgames(players=3, max_hand=2, max_centre=3))
def test_three_players_paranoid_equals_plain_recursion(state: State) -> None:
    res = solve(state, SolveOptions())
    assert res.concept == "paranoid"
    assert "exact paranoid alpha-beta search" in method_text(res, {})  # the answer's Method: line names the concept
    assert res.value == paranoid_value(state, state.to_move)
    for m in res.moves:
        child = SPEC.apply(state, SPEC.parse_move(state, m.move))
        assert m.value == paranoid_value(child, state.to_move)


def test_endgame_example_value_and_best_move() -> None:
    obj = read_json(str(resources.files("foolsolve").joinpath("examples", "fools-paradise-endgame.json")))
    state = SPEC.state_from_json(obj)
    res = solve(state, SolveOptions())
    assert res.value == -43 and res.best == ["collect A♦: Q♦ 7♥ 6♥ 3♠"]
    assert len(res.moves) == len(SPEC.legal_moves(state))
    assert endgame_value(state) == -43
    js = res.to_json()
    assert js["value"] == -43 and js["moves"][0]["value"] == -43 and js["pv"][0] == res.best[0]


def test_progress_and_node_limit() -> None:
    obj = read_json(str(resources.files("foolsolve").joinpath("examples", "fools-paradise-endgame.json")))
    state = SPEC.state_from_json(obj)
    seen: list[int] = []
    res = solve(state, SolveOptions(progress=seen.append))
    assert seen and all(b > a for a, b in itertools.pairwise(seen)) and seen[-1] <= res.nodes
    with pytest.raises(SearchLimit):
        solve(state, SolveOptions(max_nodes=500))


def test_unknown_stock_and_pending_draws_are_refused() -> None:
    """Valid positions outside the endgame solver's domain: NotCovered (the open-hand search or the
    mover's seat answers them), as every solver refuses such a position."""
    state = position(["2C 3D 4H 5S 6C", "2D 3H 4S 5C 6D"], "KH", stock_size=3)
    with pytest.raises(NotCovered, match="stock_size"):
        solve(state, SolveOptions())
    pending = SPEC.apply(state, SPEC.parse_move(state, "lay 2C"))
    with pytest.raises(NotCovered, match="pending"):
        solve(pending, SolveOptions())


def test_finished_game_value_is_the_score_difference() -> None:
    state = SPEC.state_from_json(position_json(["", ""], "", to_move=1))
    res = solve(state, SolveOptions())
    sc = state.scores()
    assert res.value == sc[1] - sc[0] and res.moves == [] and res.pv == []


def test_stock_order_known_answered_open_hand_says_what_it_values():
    """``-o stock_order_known=true`` where the exact solver does not finish: the open-hand search
    answers, and what it says is true of it: it draws the listed stock in its order (no chance node
    met: the method names no expectimax, and a note says the option's order is taken as known, not
    that the option was not applied), and its values, a player's own final score, are named as
    another value than the exact solver's score difference. A stock given only by its size is
    chance: there the method names expectimax and the option is noted as not applied."""
    import json
    from pathlib import Path

    from tests.generic.batch_helpers import call_main

    examples = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
    code, out, err = call_main([str(examples / "fools-paradise-worked-example.json"), "--no-store", "--json",
                                "--max-nodes", "20000", "--time", "0", "-o", "stock_order_known=true"])
    assert code == 0, err
    got = json.loads(out)
    assert got["details"]["exact"] is False and "expectimax" not in got["method"], got["method"]
    notes = got["notes"]
    assert any(n.startswith("values: player 0's own final score") and "score difference" in n for n in notes), notes
    assert any(n.startswith("stock_order_known: the open-hand search too takes") for n in notes), notes
    assert not any("not applied" in n and "stock_order_known" in n for n in notes), notes
    assert not any(n == "values: player 0's payoff (the game's results)" for n in notes), notes
    code, out, err = call_main([str(examples / "fools-paradise-three-players-unknown-stock.json"), "--no-store",
                                "--json", "--open-hand", "--max-nodes", "20000", "--time", "0",
                                "-o", "stock_order_known=true"])
    assert code == 0, err
    got = json.loads(out)
    assert "expectimax at chance nodes" in got["method"], got["method"]
    assert any("not applied" in n and "stock_order_known" in n for n in got["notes"]), got["notes"]


# Three-player endgames (default rules, piles as position_json deals them) where two positions
# in one search share hands, centre and player to move but not the gaps between the scores:
# the paranoid transposition key must keep the opponents' score offsets apart (found by a seeded
# search over the draws of small_endgames for positions a key without them gets wrong).
SCORE_GAP_ENDGAMES = [
    (["8D", "5H AD", "AC QD"], "6S KC 8C", 1),
    (["6S", "4C 7S", "9C 6C"], "4D 3D", 1),
    (["5D 9C", "9S", "10C 2H"], "AC 5H 8D", 2),
    (["10S 3D", "5C 4C", "4S"], "QC 4D", 0),
    (["5D QD", "6S 5C", "8H KC"], "9C 10C 8C", 2),
    (["JS 7C", "9C", "AC 9H"], "5S", 2),
]


@pytest.mark.parametrize(("hands", "centre", "to_move"), SCORE_GAP_ENDGAMES)
def test_paranoid_table_key_keeps_the_score_gaps(hands: list[str], centre: str, to_move: int) -> None:
    state = position(hands, centre, to_move=to_move)
    res = solve(state, SolveOptions())
    assert res.concept == "paranoid"
    assert res.value == paranoid_value(state, to_move)
    for m in res.moves:
        child = SPEC.apply(state, SPEC.parse_move(state, m.move))
        assert m.value == paranoid_value(child, to_move)


@settings(max_examples=40)
@given(state=small_endgames(players=2, max_hand=3, max_centre=4), data=st.data())
def test_goal_score_two_players_equals_paranoid_own_score_over_the_spec(state: State, data: Any) -> None:
    """``goal=score``: every move valued by player P's own final score, she maximising it and the other
    minimising it (the question a seat answer asks of each world): exhaustive paranoid search over the
    spec (:func:`foolsolve.solver.minimax.open_hand_values`), for P the mover or the other player."""
    player = data.draw(st.integers(0, 1))
    res = solve(state, SolveOptions(extra={"goal": "score", "player": player, "pv": False}))
    want = minimax.open_hand_values(SPEC, state, player, "paranoid")
    assert res.value_kind == "payoff" and res.concept == "paranoid" and res.to_move == state.to_move
    assert {m.move: m.value for m in res.moves} == want
    pick = max if state.to_move == player else min
    assert res.value == pick(want.values()) and set(res.best) == {m for m, v in want.items() if v == res.value}
    assert res.player == (None if player == state.to_move else player)
    assert endgame_value(state, SolveOptions(extra={"goal": "score", "player": player})) == res.value


@settings(max_examples=25)
@given(state=small_endgames(players=3, max_hand=2, max_centre=3), data=st.data())
def test_goal_score_three_players_equals_paranoid_own_score_over_the_spec(state: State, data: Any) -> None:
    player = data.draw(st.integers(0, 2))
    res = solve(state, SolveOptions(extra={"goal": "score", "player": player}))
    want = minimax.open_hand_values(SPEC, state, player, "paranoid")
    assert {m.move: m.value for m in res.moves} == want
    pick = max if state.to_move == player else min
    assert res.value == pick(want.values())
    assert f"player {player}'s own final score" in method_text(res, {"goal": "score", "player": player})


def test_goal_score_keys_the_table_apart_from_the_banked_scores() -> None:
    """The table holds what P banks from a position on, her banked score the offset: one search
    asked about the same cards with other banked scores (the piles swapped, other clears) gives
    each position's own paranoid value, as exhaustive search over the spec does."""
    from foolsolve.engines.fools_paradise import ENGINE
    from foolsolve.solver.fools_paradise.search import Solver, rank_state

    obj = position_json(["5D QD", "6S 5C", "8H KC"], "9C 10C 8C", to_move=2)
    variants = [obj, {**obj, "piles": obj["piles"][::-1]}, {**obj, "clears": [2, 0, 1]}]
    states = [SPEC.state_from_json(v) for v in variants]
    assert len({s.scores() for s in states}) == 3
    for player in range(3):
        e = ENGINE.from_spec(states[0])
        search = Solver(e.ctx, player, 3, own=True)
        for state in states:
            want = minimax.open_hand_values(SPEC, state, player, "paranoid")
            pick = max if state.to_move == player else min
            assert search.exact(rank_state(ENGINE.from_spec(state))) == pick(want.values())


def test_goal_options_are_checked() -> None:
    state = position(["2C 3D", "4H"], "KH")
    with pytest.raises(InputError, match="goal"):
        solve(state, SolveOptions(extra={"goal": "points"}))
    plain = solve(state, SolveOptions(extra={"player": 1}))  # (the open-hand search's option: noted, not read)
    assert plain.value_kind == "score" and plain.value == solve(state, SolveOptions()).value
    assert any("not applied to the exact solver's answer: -o player" in n for n in plain.notes)
    with pytest.raises(InputError, match="not a player"):
        solve(state, SolveOptions(extra={"goal": "score", "player": 2}))
