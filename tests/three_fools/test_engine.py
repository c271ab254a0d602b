"""The Three Fools engine beyond the lockstep harness: its native playout plays the same games as
the default loop for the same random numbers; its Roshambo odds (an absorbing Markov chain) equal
the spec's (a sum over one throw's outcomes) for random strategy tables."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.engines.three_fools import ENGINE, roshambo_distribution
from foolsolve.game import Engine
from foolsolve.games.three_fools import random_game
from foolsolve.spec.three_fools import SPEC, Rules, roshambo_odds


@settings(max_examples=40)
@given(seed=st.integers(min_value=0, max_value=2**32), prefix=st.integers(min_value=0, max_value=12))
def test_the_native_playout_plays_the_default_loops_game(seed, prefix):
    rng = random.Random(seed)
    s = random_game(rng)
    for _ in range(prefix):  # start anywhere: mid-round, at a Roshambo ...
        moves = SPEC.legal_moves(s)
        if not moves:
            break
        s = SPEC.apply(s, rng.choice(moves))
    e = ENGINE.from_spec(s)
    a, b = random.Random(seed + 1), random.Random(seed + 1)
    fast, n1 = ENGINE.playout(e, a)
    slow, n2 = Engine.playout(ENGINE, e, b)
    assert n1 == n2
    assert SPEC.state_to_json(ENGINE.to_spec(fast)) == SPEC.state_to_json(ENGINE.to_spec(slow))
    assert a.random() == b.random()
    assert SPEC.state_to_json(ENGINE.to_spec(e)) == SPEC.state_to_json(s), "the playout changed its argument"


@settings(max_examples=30)
@given(st.lists(st.lists(st.integers(min_value=1, max_value=9), min_size=3, max_size=3), min_size=3, max_size=3))
def test_roshambo_odds_markov_chain_equals_the_specs_sum(weights):
    table = [[str(Fraction(w, sum(row))) for w in row] for row in weights]
    rules = Rules(roshambo=table)
    for contest in ((0, 1, 2), (0, 1), (0, 2), (1, 2)):
        assert dict(roshambo_distribution(rules.roshambo, contest)) == roshambo_odds(rules, contest)


def test_playout_with_a_move_limit_stops_there():
    s = random_game(random.Random(3))
    e, n = ENGINE.playout(ENGINE.from_spec(s), random.Random(4), max_moves=7)
    assert n == 7 and ENGINE.result(e) is None
