"""Fool's Paradise answers from one seat: the payoff range a position allows (what intervals are
cut to and IS-MCTS normalises with) and IS-MCTS on a game of scores."""

import json
import random

from foolsolve import games, seat
from foolsolve.spec.fools_paradise import SPEC
from foolsolve.worlds import read_view, worlds_of_view
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
