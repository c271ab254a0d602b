"""Fool's Paradise answers from one seat: the payoff range a position allows (what intervals are
cut to and IS-MCTS normalises with), IS-MCTS on a game of scores, and the game's own budget for a
world's search (one ply and greedy playouts while the draw pile has cards)."""

import json
import random
from dataclasses import replace

from foolsolve import games, seat
from foolsolve.spec.fools_paradise import SPEC
from foolsolve.worlds import read_view, view_of, worlds_of_view
from tests.generic.test_seat_cli import EXAMPLES

INFO = games.get("fools-paradise")


def test_no_game_played_on_ends_above_the_payoff_range_of_any_position_on_the_way():
    """``payoff_range``: 0 to the best score so far plus the uncollected cards' points and a clear
    for each card still to play (and the last sweep); seeded whole games with 2-5 players, one and
    two decks, the range of every position on the way holds every final score."""
    rng = random.Random(3)
    for game in range(24):
        rules = SPEC.rules_cls(**({"decks": 2} if game % 3 == 0 else {}))
        state = SPEC.deal(rules, 2 + game % 4, rng)
        ranges = []
        while not SPEC.is_terminal(state):
            ranges.append(SPEC.payoff_range(state))
            moves = SPEC.legal_moves(state)
            state = SPEC.apply(state, rng.choice(moves))
        final = SPEC.result(state).payoffs
        assert all(lo <= float(p) <= hi for lo, hi in ranges for p in final)
        assert ranges[0][1] < 10_000  # far tighter than the game's utility_bounds


def test_ismcts_tells_moves_apart_in_a_game_of_scores():
    """UCT normalised a few points' difference by the game's bounds (0 to 10,000): every move of the
    bundled view got the same visits (180-184 of 2,000). Normalised by the payoffs reached, the
    visits follow the means: the most visited move has the best mean, and at least 1.5x the visits
    of the least visited."""
    view = read_view(json.loads((EXAMPLES / "views" / "fools-paradise.json").read_text()))
    answer = seat.ismcts(INFO, worlds_of_view(view), seat.Settings(method="ismcts", samples=600, seed=1))
    visits = {m.move: m.worlds for m in answer.moves}
    means = {m.move: m.mean for m in answer.moves}
    most = max(visits, key=lambda m: visits[m])
    assert means[most] == max(means.values())
    assert visits[most] >= 1.5 * min(visits.values())


def test_worlds_with_cards_in_the_draw_pile_are_valued_one_ply_deep_by_greedy_games():
    """The game's rule (``GameInfo.seat_search``): while the draw pile has cards a world's
    depth-limited search has 1 node, so every world is valued by one ply and greedy playouts
    (``frontier=greedy``); once the pile is empty the default budget and random playouts stay, and
    a budget the caller gave is kept."""
    rule = INFO.seat_search[0]
    assert (rule.nodes, rule.frontier, rule.deepens) == (1, "greedy", False)
    rng = random.Random(4)
    state = SPEC.deal(SPEC.rules_cls(), 2, rng)
    settled = seat.for_world(INFO, seat.Budget(), state)
    assert (settled.search_nodes, settled.frontier) == (1, "greedy")
    value = seat.evaluate_world(INFO, state, 0, seat.Budget(), 1)
    assert not value.exact and value.method.startswith("depth-1 search, 4 greedy playouts per move")
    assert set(value.values) == {str(m) for m in SPEC.legal_moves(state)}
    assert seat.for_world(INFO, seat.Budget(search_nodes=900, frontier="random"), state).search_nodes == 900
    view = read_view(view_of(INFO, state, 0), check=False)
    answer = seat.analyse(INFO, worlds_of_view(view), seat.Settings(method="pimc", samples=2, seconds=None))
    assert answer.method_text.endswith("the depth-limited search 1 node and greedy playouts while the draw pile has "
                                       "cards)"), answer.method_text
    while state.stock:
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    assert seat.rule_for(INFO, seat.Budget(), state) is None
    assert seat.for_world(INFO, seat.Budget(), state) == replace(seat.Budget(), frontier="random")
