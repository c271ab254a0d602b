"""The engine's native random playout plays exactly the spec's seeded game.

* :func:`foolsolve.engines.fools_paradise_playout.playout` (``ENGINE.playout``: counts each decision's
  moves, draws the index as ``rng.choice`` does, builds only the drawn move) makes the same
  moves, reaches the same final state and result, and consumes the same random numbers as the
  spec's seeded playout ``s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))``;
* the engine lists legal moves in the spec's order (not only the same set), which is what makes
  ``rng.choice`` pick the same move from both lists;
* the generic ``Engine.playout`` (``legal_moves`` + ``apply_unchecked``) agrees with the native one;
* positions with an unknown stock (chance nodes) play the generic loop, chance outcomes drawn
  by ``rng.choice`` over the spec's listed outcomes.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.cards import FRENCH52
from foolsolve.draws import standard_draw
from foolsolve.engines import fools_paradise_playout as fpp
from foolsolve.engines.fools_paradise import ENGINE, ctx_for
from foolsolve.game import Engine
from foolsolve.games.fools_paradise import random_game
from foolsolve.rules import random_rules
from foolsolve.spec.fools_paradise import SPEC, Rules, State
from tests.generic.playout_helpers import spec_playout as _spec_playout


def spec_playout(start: State, rng: random.Random, max_moves: int | None = None) -> tuple[State, list[str]]:
    """The reference: the spec's seeded random playout."""
    return _spec_playout(SPEC, start, rng, max_moves)


def js(e: Any) -> dict[str, Any]:
    return SPEC.state_to_json(ENGINE.to_spec(e))


def assert_same_game(start: State, seed: int, max_moves: int | None = None,
                     rng_cls: type[random.Random] = random.Random) -> int:
    """Spec, native and generic playouts from ``start`` with the same seed: the same game."""
    rng_spec, rng_nat, rng_gen = rng_cls(seed), rng_cls(seed), rng_cls(seed)
    s, spec_moves = spec_playout(start, rng_spec, max_moves)
    e0 = ENGINE.from_spec(start)
    before = js(e0)
    trace: list[int] = []
    e, count = fpp.playout(e0, rng_nat, max_moves, trace)
    texts, cur = [], e0
    for m in trace:  # each traced move is legal where it was played (checked apply)
        texts.append(str(ENGINE.move_to_spec(cur, m)))
        cur = ENGINE.apply(cur, m)
    assert texts == spec_moves
    assert count == len(spec_moves)
    assert js(e) == js(cur) == SPEC.state_to_json(s)
    assert ENGINE.result(e) == SPEC.result(s)
    assert e.scores == ENGINE.from_spec(s).scores, "the engine's running scores"
    assert rng_nat.getstate() == rng_spec.getstate(), "the same random numbers were drawn"
    assert js(e0) == before, "playout must not change its argument"
    g, gcount = Engine.playout(ENGINE, e0, rng_gen, max_moves)
    assert gcount == count and js(g) == js(e)
    assert rng_gen.getstate() == rng_nat.getstate()
    e2, count2 = ENGINE.playout(e0, rng_cls(seed), max_moves)  # the method delegates to the native function
    assert count2 == count and js(e2) == js(e)
    return count


@pytest.mark.parametrize("seed", range(40))
def test_native_playout_plays_the_specs_seeded_game(seed: int) -> None:
    """Random rules (every option, 1 or 2 decks), 2-5 players, a shuffled deal."""
    assert_same_game(random_game(random.Random(f"fp-deal:{seed}")), seed)


@pytest.mark.parametrize("sweep", [False, True])
@pytest.mark.parametrize("card_points", ["value", "count"])
@pytest.mark.parametrize("played_card", ["collected", "stays"])
@pytest.mark.parametrize("ace", ["either", "low", "high", "either_per_play"])
def test_native_playout_every_rule_option(ace: str, played_card: str, card_points: str, sweep: bool) -> None:
    """Every choice of ``ace``, ``played_card``, ``card_points`` and
    ``last_card_sweep_counts_as_clear``; players 2-5 and 1-2 decks drawn at random."""
    rng = random.Random(f"{ace}:{played_card}:{card_points}:{sweep}")
    rules = Rules(ace=ace, played_card=played_card, card_points=card_points,
                  last_card_sweep_counts_as_clear=sweep, decks=rng.choice([1, 1, 2]))
    assert_same_game(SPEC.deal(rules, rng.randint(2, 5), rng), rng.randrange(2**32))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("decks", [1, 2])
def test_native_playout_every_player_count_and_deck_count(players: int, decks: int) -> None:
    for k in range(2):
        rng = random.Random(f"{players}:{decks}:{k}")
        assert_same_game(SPEC.deal(random_rules(Rules, rng, decks=decks), players, rng), k)


@settings(max_examples=max(10, settings.default.max_examples // 2))
@given(seed=st.integers(min_value=0, max_value=2**63), stop=st.integers(min_value=0, max_value=80))
def test_native_playout_stops_after_max_moves_in_the_specs_state(seed: int, stop: int) -> None:
    """Stopping anywhere (mid-stock, after a clear and its refill, at the end) leaves the spec's state."""
    assert_same_game(random_game(random.Random(seed)), seed, max_moves=stop)


@settings(max_examples=max(10, settings.default.max_examples // 2))
@given(seed=st.integers(min_value=0, max_value=2**63), skip=st.integers(min_value=0, max_value=90))
def test_native_playout_from_a_mid_game_position_read_from_json(seed: int, skip: int) -> None:
    """Starting from any reachable position, written to JSON and read back, gives the spec's game."""
    mid, _ = spec_playout(random_game(random.Random(seed)), random.Random(seed + 1), skip)
    assert_same_game(SPEC.state_from_json(SPEC.state_to_json(mid)), seed)


@settings(max_examples=max(10, settings.default.max_examples // 4))
@given(seed=st.integers(min_value=0, max_value=2**63), skip=st.integers(min_value=0, max_value=60))
def test_unknown_stock_chance_outcomes_drawn_like_the_spec(seed: int, skip: int) -> None:
    """A position with ``stock_size`` (order unknown): every draw is a chance node whose outcomes
    (one per distinct stock card, by card index) are drawn with ``rng.choice`` like the spec's."""
    mid, _ = spec_playout(random_game(random.Random(seed)), random.Random(seed + 1), skip)
    obj = SPEC.state_to_json(mid)
    if "stock" in obj:
        obj["stock_size"] = len(obj.pop("stock"))
    assert_same_game(SPEC.state_from_json(obj), seed)


@pytest.mark.parametrize("name", ["fools-paradise-endgame.json", "fools-paradise-three-players-unknown-stock.json",
                                  "fools-paradise-two-decks-six-players.json", "fools-paradise-worked-example.json"])
def test_native_playout_from_the_example_positions(name: str) -> None:
    import json
    from importlib.resources import files

    obj = json.loads(files("foolsolve.examples").joinpath(name).read_text(encoding="utf-8"))
    start = SPEC.state_from_json(obj)
    for seed in range(8):
        assert_same_game(start, seed)


def _crowded(seed: int, centre_size: int, decks: int, ace: str) -> State:
    """Two players, a centre of ``centre_size`` cards, the rest in a known stock."""
    rng = random.Random(seed)
    deck = [c for _ in range(decks) for c in FRENCH52.cards]
    rng.shuffle(deck)
    return SPEC.state_from_json({
        "game": SPEC.name, "rules": {"ace": ace, "decks": decks}, "to_move": 0,
        "hands": [[c.ascii for c in deck[:5]], [c.ascii for c in deck[5:10]]],
        "centre": [c.ascii for c in deck[10:10 + centre_size]],
        "stock": [c.ascii for c in deck[10 + centre_size:]],
    })


@pytest.mark.parametrize("ace", ["either", "low", "high", "either_per_play"])
@pytest.mark.parametrize("centre_size", [9, 12, 14])
def test_native_playout_with_crowded_centres(ace: str, centre_size: int) -> None:
    """Centres of more than SMALL_CENTRE candidate cards (the count-vector search) and centres
    with several aces."""
    for k in range(2):
        assert_same_game(_crowded(100 * centre_size + k, centre_size, 1, ace), k)


def test_native_playout_of_a_finished_game_plays_nothing() -> None:
    end, _ = spec_playout(random_game(random.Random(5)), random.Random(5))
    rng = random.Random(0)
    before = rng.getstate()
    e, count = ENGINE.playout(ENGINE.from_spec(end), rng)
    assert count == 0 and ENGINE.result(e) == SPEC.result(end) and rng.getstate() == before


class _OtherChoice(random.Random):
    """A ``Random`` whose ``choice`` draws its index differently (``_randbelow`` overridden)."""

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        return int(self.random() * n)


def test_an_rng_that_draws_differently_still_plays_the_specs_game() -> None:
    """The native loop is used only when ``rng.choice`` draws as it does inline; another
    ``Random`` gets the generic loop, so the game is still the spec's."""
    assert not standard_draw(_OtherChoice(1)) and standard_draw(random.Random(1))
    for seed in range(4):
        assert_same_game(random_game(random.Random(f"other:{seed}")), seed, rng_cls=_OtherChoice)


@settings(max_examples=max(10, settings.default.max_examples // 4))
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_engine_lists_legal_moves_in_the_specs_order(seed: int) -> None:
    """Not only the same set: the same list, position by position, along a random game (chance
    nodes included when the stock order is unknown)."""
    rng = random.Random(seed)
    s = random_game(rng)
    if rng.random() < 0.3:
        obj = SPEC.state_to_json(s)
        obj["stock_size"] = len(obj.pop("stock"))
        s = SPEC.state_from_json(obj)
    for _ in range(40):
        legal = SPEC.legal_moves(s)
        e = ENGINE.from_spec(s)
        assert [ENGINE.move_to_spec(e, m) for m in ENGINE.legal_moves(e)] == legal
        if not legal:
            break
        s = SPEC.apply(s, rng.choice(legal))


@pytest.mark.parametrize("decks", [1, 2])
def test_lex_rank_orders_card_sets_as_the_spec_sorts_taken_tuples(decks: int) -> None:
    """:meth:`EngineRules.lex_rank` (closed form) against ``sorted`` on tuples of card indices, for every
    non-empty canonical set of a few cards (copies: the lowest first)."""
    ctx = ctx_for(Rules(decks=decks))
    rng = random.Random(decks)
    for _ in range(30):
        pool = rng.sample(range(ctx.n_ids), 7)
        sets = set()
        for k in range(1, 8):
            for combo in itertools.combinations(pool, k):
                mask = sum(1 << p for p in combo)
                if ctx.lowest_copies(mask, sum(1 << p for p in pool)):
                    sets.add(mask)
        by_tuple = sorted(sets, key=lambda m: tuple(sorted(c.index for c in ENGINE._cards(ctx, m))))
        assert sorted(sets, key=ctx.lex_rank) == by_tuple


def _ace_heavy(seed: int, ace: str, centre_aces: int, hand_aces: int) -> State:
    """Two players, ``hand_aces`` aces in player 0's hand and ``centre_aces`` in the centre of
    five, the rest shuffled (a known stock)."""
    rng = random.Random(seed)
    aces = [c for c in FRENCH52.cards if c.rank == 14]
    rng.shuffle(aces)
    others = [c for c in FRENCH52.cards if c.rank != 14]
    rng.shuffle(others)
    hand0 = aces[:hand_aces] + others[:5 - hand_aces]
    centre = aces[hand_aces:hand_aces + centre_aces] + others[5 - hand_aces:10 - hand_aces - centre_aces]
    rest = aces[hand_aces + centre_aces:] + others[10 - hand_aces - centre_aces:]
    rng.shuffle(rest)
    return SPEC.state_from_json({
        "game": SPEC.name, "rules": {"ace": ace}, "to_move": 0,
        "hands": [[c.ascii for c in hand0], [c.ascii for c in rest[:5]]],
        "centre": [c.ascii for c in centre], "stock": [c.ascii for c in rest[5:]],
    })


@pytest.mark.parametrize("ace", ["either", "low", "high", "either_per_play"])
@pytest.mark.parametrize(("centre_aces", "hand_aces"), [(1, 1), (2, 1), (3, 1), (0, 2), (1, 3)])
def test_native_playout_with_aces_in_hand_and_centre(ace: str, centre_aces: int, hand_aces: int) -> None:
    """Played aces (valued 1 or 14 as the option says) with none, one or several aces in the
    centre: the counts of a played ace per option, the collections of an ace, aces taken by
    other cards."""
    for k in range(2):
        assert_same_game(_ace_heavy(1000 * centre_aces + 10 * hand_aces + k, ace, centre_aces, hand_aces), k)
