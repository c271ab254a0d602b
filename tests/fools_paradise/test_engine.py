"""The engine's suit-free layer (used by the endgame solver) against the card-level engine,
and the engine's capture generator against the spec's brute force on crowded centres."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.cards import FRENCH52
from foolsolve.engines.fools_paradise import ENGINE
from foolsolve.rules import random_rules
from foolsolve.solver.fools_paradise.search import RankState, rank_apply, rank_move, rank_moves, rank_state
from foolsolve.spec.fools_paradise import SPEC, Rules, collections


def _norm(rs: RankState) -> tuple[Any, ...]:
    return rs.hands, rs.centre, rs.stock[rs.sp:], rs.to_move, rs.scores, rs.over


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), decks=st.sampled_from([1, 2]))
def test_suit_free_layer_is_the_projection_of_the_card_engine(seed: int, players: int, decks: int) -> None:
    """Suits play no role (000 §Collecting Cards): the suit-free moves are exactly the
    projections of the card-level moves, and each projected successor is the successor of
    the projected move."""
    rng = random.Random(seed)
    e = ENGINE.from_spec(SPEC.deal(random_rules(Rules, rng, decks=decks), players, rng))
    while not e.terminal():
        rs = rank_state(e)
        moves = ENGINE.legal_moves(e)
        ctx = e.ctx
        assert set(rank_moves(ctx, rs)) == {rank_move(e, m) for m in moves}
        for m in moves[:: max(1, len(moves) // 6)]:
            assert _norm(rank_apply(ctx, rs, rank_move(e, m))) == _norm(rank_state(ENGINE.apply(e, m)))
        e = ENGINE.apply(e, moves[rng.randrange(len(moves))])


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), centre_size=st.integers(0, 13), decks=st.sampled_from([1, 2]),
       ace=st.sampled_from(["either", "low", "high", "either_per_play"]))
def test_capture_generation_matches_brute_force_on_crowded_centres(seed: int, centre_size: int, decks: int,
                                                                   ace: str) -> None:
    """Centres of up to 13 cards (random play rarely builds them; the engine switches to its
    meet-in-the-middle search there)."""
    rng = random.Random(seed)
    deck = [c for _ in range(decks) for c in FRENCH52.cards]
    rng.shuffle(deck)
    hand, centre = deck[:5], deck[5:5 + centre_size]
    rules = Rules(ace=ace, decks=decks)
    spec = {str(m) for m in collections(hand, centre, rules)}
    state = SPEC.state_from_json({
        "game": SPEC.name, "rules": {"ace": ace, "decks": decks}, "to_move": 0,
        # the other player has played this lap (with the stock empty hands differ by at most one card)
        "hands": [[c.ascii for c in hand], [c.ascii for c in deck[5 + centre_size:9 + centre_size]]],
        "centre": [c.ascii for c in centre], "stock": [],
        "piles": [[c.ascii for c in deck[9 + centre_size:]], []],
    })
    e = ENGINE.from_spec(state)
    eng = [str(ENGINE.move_to_spec(e, m)) for m in ENGINE.legal_moves(e)]
    assert len(eng) == len(set(eng))
    assert {m for m in eng if m.startswith("collect")} == spec
