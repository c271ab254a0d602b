"""Foolery's greedy heuristic on engine states (solver/foolery/greedy.py) plays what the ``greedy``
bot plays from the mover's seat, built from her view: in first and later rounds (the exchange's
gives too), 3-7 players, every rule option at random."""

from __future__ import annotations

import random

import pytest

from foolsolve import games
from foolsolve.bots import Seat
from foolsolve.bots.greedy import cheapest
from foolsolve.rules import rules_to_json
from foolsolve.solver.foolery.greedy import choose_engine, strength
from foolsolve.worlds import view_of


@pytest.mark.parametrize("seed", range(6))
def test_choose_engine_is_the_greedy_bots_move_from_the_movers_seat(seed: int) -> None:
    info = games.get("foolery")
    engine, spec = info.engine, info.spec
    assert engine is not None and info.greedy_engine is choose_engine
    rng = random.Random(seed)
    s = engine.from_spec(info.random_game(rng))
    decisions = 0
    while legal := engine.legal_moves(s):
        if len(legal) > 1:
            full = engine.to_spec(s)
            mover = spec.to_move(full)
            seat = Seat(game="foolery", player=mover, players=spec.num_players(full), rules=rules_to_json(full.rules),
                        view=view_of(info, full, mover), legal=tuple(spec.legal_moves(full)), seed=0)
            assert str(engine.move_to_spec(s, choose_engine(s, legal))) == str(cheapest(seat))
            decisions += 1
        s = engine.apply(s, rng.choice(legal))  # random play reaches positions greedy play would not
    assert decisions > 10


def test_strength_is_a_suit_cards_rank_a_trumps_number_plus_100_and_the_fools_100() -> None:
    from foolsolve.engines.foolery import FOOL_BIT, TRUMP_BITS

    king_of_clubs, two_of_spades = 1 << 14, 1 << (3 * 16 + 2)
    assert strength(king_of_clubs | two_of_spades) == 14
    assert strength(FOOL_BIT) == 100
    assert strength(TRUMP_BITS[1]) == 101 and strength(TRUMP_BITS[21] | TRUMP_BITS[3]) == 121
    # pass (the mask 0) is played only when nothing else is legal
    assert choose_engine(None, [0, TRUMP_BITS[21]]) == TRUMP_BITS[21] and choose_engine(None, [0]) == 0
