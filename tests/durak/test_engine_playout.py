"""The engine's fast paths play exactly the spec's game.

* :func:`foolsolve.engines.durak_playout.playout` (native random playout on one private copy) makes the
  same moves, reaches the same final state and result, and consumes the same random numbers as
  the spec's seeded playout ``s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))``;
* the engine lists legal moves in the spec's order (not only the same set), which is what makes
  ``rng.choice`` pick the same move in both;
* the generic ``Engine.playout`` (``legal_moves`` + ``apply_unchecked``) agrees with the native one;
* the checked ``apply`` still rejects every illegal move, with or without a ``legal_moves`` call
  on the same state first.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import games
from foolsolve.engines import durak as ed
from foolsolve.engines import durak_playout as dp
from foolsolve.engines.durak import ENGINE, DurakEngine
from foolsolve.game import Engine, IllegalMove
from foolsolve.games.durak import random_game
from foolsolve.rules import random_rules
from foolsolve.spec.durak import SPEC, Rules, State, side_defaults
from tests.durak.helpers import card, pos
from tests.generic.playout_helpers import spec_playout as _spec_playout


def spec_playout(start: State, rng: random.Random, max_moves: int | None = None) -> tuple[State, list[str]]:
    """The reference: the spec's seeded random playout."""
    return _spec_playout(SPEC, start, rng, max_moves)


def assert_same_game(start: State, seed: int, max_moves: int | None = None) -> None:
    rng_spec, rng_eng = random.Random(seed), random.Random(seed)
    s, spec_moves = spec_playout(start, rng_spec, max_moves)
    e0 = ENGINE.from_spec(start)
    before = SPEC.state_to_json(ENGINE.to_spec(e0))
    trace: list[tuple[int, int, int]] = []
    e, count = dp.playout(e0, rng_eng, max_moves, trace)
    assert [ed.move_text(m) for m in trace] == spec_moves
    assert count == len(spec_moves)
    assert SPEC.state_to_json(ENGINE.to_spec(e)) == SPEC.state_to_json(s)
    assert ENGINE.result(e) == SPEC.result(s)
    assert rng_eng.getstate() == rng_spec.getstate(), "the same random numbers were drawn"
    assert SPEC.state_to_json(ENGINE.to_spec(e0)) == before, "playout must not change its argument"


@pytest.mark.parametrize("seed", range(60))
def test_native_playout_plays_the_specs_seeded_game(seed: int) -> None:
    assert_same_game(random_game(random.Random(f"deal:{seed}")), seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", ["simple", "podkidnoy", "perevodnoy"])
def test_native_playout_every_variant_and_player_count(players: int, variant: str) -> None:
    """Each variant with each player count, the other options at random (36 and 52 cards)."""
    for k in range(4):
        rng = random.Random(f"{variant}:{players}:{k}")
        rules = Rules(**{**random_rules(Rules, rng, **side_defaults()).__dict__, "variant": variant})
        assert_same_game(SPEC.deal(rules, players, rng), k)


@settings(max_examples=max(10, settings.default.max_examples // 2))
@given(seed=st.integers(min_value=0, max_value=2**63), stop=st.integers(min_value=0, max_value=120))
def test_native_playout_stops_after_max_moves_in_the_specs_state(seed: int, stop: int) -> None:
    """Stopping anywhere (mid-bout: covers, throw-ins, a take in progress) leaves the spec's state."""
    assert_same_game(random_game(random.Random(seed)), seed, max_moves=stop)


@settings(max_examples=max(10, settings.default.max_examples // 2))
@given(seed=st.integers(min_value=0, max_value=2**63), skip=st.integers(min_value=0, max_value=150))
def test_native_playout_from_a_mid_game_position(seed: int, skip: int) -> None:
    """Starting from any reachable position (read back from its JSON) gives the spec's game."""
    mid, _ = spec_playout(random_game(random.Random(seed)), random.Random(seed + 1), skip)
    assert_same_game(SPEC.state_from_json(SPEC.state_to_json(mid)), seed)


def test_native_playout_of_a_finished_game_plays_nothing() -> None:
    end, _ = spec_playout(random_game(random.Random(5)), random.Random(5))
    e, count = dp.playout(ENGINE.from_spec(end), random.Random(0))
    assert count == 0 and ENGINE.result(e) == SPEC.result(end)


def test_lead_with_four_of_a_kind_lists_attacks_in_spec_order() -> None:
    """The lead is generated in sort order directly: (6C), (6C 6D), (6C 6D 6H) ... by card tuples."""
    for defender_cards in (1, 2, 3, 6):
        s = pos(hands=[["6C", "6D", "6H", "6S", "9C", "9S", "AH"],
                       [c.ascii for c in [card("7D"), card("8D"), card("10D"), card("JD"), card("QD"), card("KD")]]
                       [:defender_cards]],
                stock=[], first_bout=False)
        e = ENGINE.from_spec(s)
        assert [ed.move_text(m) for m in ENGINE.legal_moves(e)] == [str(m) for m in SPEC.legal_moves(s)]


LEAD_HANDS = [
    ["6C", "6D", "6H", "6S", "9C", "9S", "AH"],  # four of a kind and a pair
    ["7C", "8D", "7H", "8S", "7S", "QD"],  # a triple and a pair, interleaved by suit
    ["6S", "7S", "8S", "9S", "10S", "JS"],  # no two of a rank
    ["KC", "KD", "AC", "AD", "AH", "AS", "KS"],
]


@pytest.mark.parametrize("hand", LEAD_HANDS, ids=lambda h: " ".join(h))
@pytest.mark.parametrize("defender_cards", [1, 2, 3, 4, 6])
def test_native_playout_draws_each_lead_the_spec_lists(hand: list[str], defender_cards: int) -> None:
    """The native lead counts and decodes the drawn lead without listing them: for every cap
    (the defender's hand size) and many draws, the same lead as ``rng.choice(SPEC.legal_moves)``."""
    defender = ["7D", "8H", "10D", "JD", "QH", "KH"][:defender_cards]
    s = pos(hands=[hand, [c for c in defender if c not in hand]], stock=[], first_bout=False)
    for seed in range(40):
        assert_same_game(s, seed, max_moves=1)


@pytest.mark.parametrize("seed", range(25))
def test_engine_lists_legal_moves_in_the_specs_order(seed: int) -> None:
    """Not only the same set (the conformance harness): the same order, at every step."""
    rng = random.Random(seed)
    s = random_game(rng)
    e = ENGINE.from_spec(s)
    while True:
        spec_moves = SPEC.legal_moves(s)
        assert [ed.move_text(m) for m in ENGINE.legal_moves(e)] == [str(m) for m in spec_moves]
        if not spec_moves:
            break
        i = rng.randrange(len(spec_moves))
        s = SPEC.apply(s, spec_moves[i])
        e = ENGINE.apply_unchecked(e, ENGINE.legal_moves(e)[i])


@pytest.mark.parametrize("seed", range(20))
def test_generic_engine_playout_equals_the_native_one(seed: int) -> None:
    """The base class's loop (legal_moves + apply_unchecked) and Durak's override agree."""
    start = ENGINE.from_spec(random_game(random.Random(seed)))
    generic, n1 = Engine.playout(ENGINE, start, random.Random(seed))
    native, n2 = ENGINE.playout(start, random.Random(seed))
    assert n1 == n2
    assert ENGINE.key(generic) == ENGINE.key(native)


@pytest.mark.parametrize("name", [n for n in games.names() if games.get(n).engine is not None
                                  and games.get(n).random_game is not None])
def test_default_playout_ends_every_registered_game(name: str) -> None:
    info = games.get(name)
    eng = info.engine
    start = eng.from_spec(info.random_game(random.Random(3)))
    end, count = Engine.playout(eng, start, random.Random(4))
    assert count > 0 and eng.result(end) is not None and not eng.legal_moves(end)
    part, three = Engine.playout(eng, start, random.Random(4), max_moves=3)
    rng, by_hand = random.Random(4), start
    for _ in range(3):
        by_hand = eng.apply(by_hand, rng.choice(eng.legal_moves(by_hand)))
    assert three == 3 and eng.key(part) == eng.key(by_hand)


@pytest.mark.parametrize("seed", range(8))
def test_checked_apply_rejects_illegal_moves_with_and_without_a_listing(seed: int) -> None:
    """``apply`` checks against the list ``legal_moves`` returned for this state object, else a fresh
    one; a list changed by the caller or a listing of another state never lets an illegal move in."""
    eng = DurakEngine()
    rng = random.Random(seed)
    s = ENGINE.from_spec(random_game(rng))
    other = ENGINE.from_spec(random_game(rng))
    candidates = [(ed.ATTACK, 1 << i, 0) for i in range(64)] + [(ed.COVER, a, c) for a in range(0, 64, 3)
                                                                 for c in range(1, 64, 5)]
    candidates += [(k, i, 0) for k in (ed.TRANSFER, ed.SHOW, ed.THROW) for i in range(64)]
    candidates += [(ed.TAKE, 0, 0), (ed.PASS, 0, 0)]
    for _ in range(60):
        legal = ed.legal(s)
        if not legal:
            break
        listed = eng.legal_moves(s)
        listed.append((ed.PASS, 0, 0))  # the caller's copy; the engine's check is unaffected
        listed.append((ed.TAKE, 0, 0))
        eng.legal_moves(other)  # the cache now belongs to another state
        for m in rng.sample(candidates, 40):
            for warm in (False, True):
                if warm:
                    eng.legal_moves(s)
                if m in legal:
                    eng.apply(s, m)
                else:
                    with pytest.raises(IllegalMove):
                        eng.apply(s, m)
        s = eng.apply(s, rng.choice(legal))


class CountingRandom(random.Random):
    """A ``Random`` whose ``choice`` goes through its own ``_randbelow``: the native loop cannot
    draw inline for it, so ``playout`` falls back to the generic loop (and must still agree)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws = 0

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        self.draws += 1
        return super()._randbelow_with_getrandbits(n)  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(6))
def test_playout_with_a_nonstandard_random_uses_its_choice(seed: int) -> None:
    start = random_game(random.Random(seed))
    rng = CountingRandom(seed)
    trace: list[tuple[int, int, int]] = []
    e, count = dp.playout(ENGINE.from_spec(start), rng, trace=trace)
    s, spec_moves = spec_playout(start, random.Random(seed))
    assert rng.draws == count == len(spec_moves)
    assert [ed.move_text(m) for m in trace] == spec_moves
    assert SPEC.state_to_json(ENGINE.to_spec(e)) == SPEC.state_to_json(s)
