"""The engine may never disagree with the spec: lockstep play from random deals, with random
player counts (2-5), random rule options (decks 1 or 2), through to the end of the game.

Only the :class:`foolsolve.game.SpecGame` / :class:`foolsolve.game.Engine` methods are used,
as the generic harness does: at every step the sorted legal move lists (as text), the
canonical JSON of the states, the player to move and the results must be equal; the next
move is drawn at random from the spec's list and applied on both sides."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.engines.fools_paradise import ENGINE
from foolsolve.rules import random_rules
from foolsolve.spec.fools_paradise import SPEC, Rules


def lockstep(spec_state: Any, rng: random.Random, max_steps: int = 10_000) -> int:
    """Play spec and engine side by side to the end; return the number of moves."""
    eng_state = ENGINE.from_spec(spec_state)
    keys: dict[Any, Any] = {}
    steps = 0
    while True:
        spec_moves = SPEC.legal_moves(spec_state)
        eng_moves = ENGINE.legal_moves(eng_state)
        spec_json = SPEC.state_to_json(spec_state)
        assert sorted(map(str, spec_moves)) == sorted(str(ENGINE.move_to_spec(eng_state, m)) for m in eng_moves), \
            (steps, spec_json)
        assert spec_json == SPEC.state_to_json(ENGINE.to_spec(eng_state)), steps
        assert SPEC.to_move(spec_state) == ENGINE.to_move(eng_state), steps
        assert SPEC.result(spec_state) == ENGINE.result(eng_state), steps
        k = ENGINE.key(eng_state)
        assert keys.setdefault(k, spec_json) == spec_json, "equal engine keys must mean equal positions"
        if not spec_moves or steps >= max_steps:
            return steps
        move = spec_moves[rng.randrange(len(spec_moves))]
        eng_move = ENGINE.move_from_spec(eng_state, move)
        spec_state = SPEC.apply(spec_state, move)
        eng_state = ENGINE.apply(eng_state, eng_move)
        steps += 1


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), decks=st.sampled_from([1, 2]))
def test_engine_agrees_with_spec_on_whole_random_games(seed: int, players: int, decks: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(Rules, rng, decks=decks)
    state = SPEC.deal(rules, players, rng)
    assert lockstep(state, rng) > 0


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), turns=st.integers(0, 30))
def test_engine_agrees_with_spec_with_a_stock_of_unknown_order(seed: int, players: int, turns: int) -> None:
    """The same from a position file whose stock is given only by its size: every draw and
    every refill card is a chance node on both sides."""
    rng = random.Random(seed)
    state = SPEC.deal(random_rules(Rules, rng), players, rng)
    for _ in range(turns):
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    obj = SPEC.state_to_json(state)
    obj["stock_size"] = len(obj.pop("stock"))
    assert lockstep(SPEC.state_from_json(obj), rng) >= 0


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1))
def test_engine_agrees_with_spec_when_everyone_prefers_big_collections(seed: int) -> None:
    """A second move policy (the largest collection first), which empties the centre often:
    clears, refills and short refills are exercised far more than under uniform play."""
    rng = random.Random(seed)
    state = SPEC.deal(random_rules(Rules, rng), rng.randint(2, 3), rng)
    eng = ENGINE.from_spec(state)
    while SPEC.legal_moves(state):
        moves = SPEC.legal_moves(state)
        move = max(moves, key=lambda m: (len(getattr(m, "taken", ())), rng.random()))
        em = ENGINE.move_from_spec(eng, move)
        state, eng = SPEC.apply(state, move), ENGINE.apply(eng, em)
        assert SPEC.state_to_json(state) == SPEC.state_to_json(ENGINE.to_spec(eng))
        assert sorted(map(str, SPEC.legal_moves(state))) == \
            sorted(str(ENGINE.move_to_spec(eng, m)) for m in ENGINE.legal_moves(eng))
    assert SPEC.result(state) == ENGINE.result(eng)
