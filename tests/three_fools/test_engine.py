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


def test_suit_pattern_table_finds_winner_ofs_winner():
    """The playout's round winner: ``_SUIT_PATTERN`` (the Roshambo, the one card of the winning
    suit, or which cards compare their strengths), read as ``_fast_rounds`` reads it, names the
    seat :func:`winner_of` names, for every three cards in every leader's seat and either binary side."""
    from foolsolve.cards import PILATCH45
    from foolsolve.engines.three_fools import _SUIT_PATTERN, STRENGTH, winner_of

    cards = [c.index for c in PILATCH45]
    for up in (0, 1):
        st = STRENGTH[up]
        for lc in cards:
            for c1 in cards:
                for c2 in cards:
                    if len({lc, c1, c2}) < 3:
                        continue
                    m = _SUIT_PATTERN[lc >> 4 | (c1 >> 2) & 12 | c2 & 48]
                    if m == 7:
                        wr = -1
                    elif m < 3:
                        wr = m
                    else:
                        places = {3: (0, 1), 4: (0, 2), 5: (1, 2), 6: (0, 1, 2)}[m]
                        wr = max(places, key=lambda i: st[(lc, c1, c2)[i]])
                    for leader in range(3):
                        by_seat = [0, 0, 0]
                        by_seat[leader], by_seat[(leader + 1) % 3], by_seat[(leader + 2) % 3] = lc, c1, c2
                        want = winner_of(*by_seat, up)
                        assert (wr < 0 and want < 0) or want == (leader + wr) % 3, (lc, c1, c2, leader, up)
