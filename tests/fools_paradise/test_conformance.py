"""Fool's Paradise starts for the one generic harness (foolsolve.conformance): positions with a
stock of unknown order (every draw and refill a chance node on both sides), and a policy that
empties the centre often. Whole random games under random rules are checked for every game in
tests/generic/test_conformance.py."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import conformance, games
from foolsolve.rules import random_rules
from foolsolve.spec.fools_paradise import SPEC, Rules

INFO = games.get("fools-paradise")


def _agree(start, rng, **kwargs) -> None:
    d = conformance.lockstep(INFO, start, rng, **kwargs)
    assert d is None, f"{d.summary()}\nposition: {d.position}\nmoves: {d.history}"


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), turns=st.integers(0, 30))
def test_engine_agrees_with_spec_with_a_stock_of_unknown_order(seed: int, players: int, turns: int) -> None:
    """From a position file whose stock is given only by its size: every draw and every refill
    card is a chance node on both sides (equal outcome distributions are checked too)."""
    rng = random.Random(seed)
    state = SPEC.deal(random_rules(Rules, rng), players, rng)
    for _ in range(turns):
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    obj = SPEC.state_to_json(state)
    obj["stock_size"] = len(obj.pop("stock"))
    _agree(SPEC.state_from_json(obj), rng)


def _biggest_collection(state, moves, rng):
    return max(moves, key=lambda m: (len(getattr(m, "taken", ())), rng.random()))


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1))
def test_engine_agrees_with_spec_when_everyone_prefers_big_collections(seed: int) -> None:
    """A second move policy (the largest collection first), which empties the centre often:
    clears, refills and short refills are exercised far more than under uniform play."""
    rng = random.Random(seed)
    state = SPEC.deal(random_rules(Rules, rng), rng.randint(2, 3), rng)
    _agree(state, rng, policy=_biggest_collection)
