"""Durak properties over whole random games: random deals (2-6 players) under random rules."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.errors import InputError
from foolsolve.game import IllegalMove
from foolsolve.games.durak import random_game
from foolsolve.spec import durak
from foolsolve.spec.durak import SPEC, Attack, Cover, Move, Pass, ShowTrump, State, Take, Throw, Transfer
from tests.durak.helpers import check_invariants

MAX_MOVES = 5000
"""Far beyond any random game seen; two-player games are finite, larger ones end with probability 1."""

seeds = st.integers(min_value=0, max_value=2**63)


def random_move(state: State, rng: random.Random) -> Move:
    """Any move of any kind with random cards of the deck (mostly illegal)."""
    cards = state.rules.deck_cards.cards
    kind = rng.randrange(7)
    if kind == 0:
        rank = rng.choice(cards).rank
        same = [c for c in cards if c.rank == rank]
        return Attack(tuple(rng.sample(same, rng.randint(1, 4))))
    if kind == 1:
        return Cover(rng.choice(cards), rng.choice(cards))
    if kind == 2:
        rank = rng.choice(cards).rank
        same = [c for c in cards if c.rank == rank] if rng.random() < 0.5 else list(cards)
        return Transfer(tuple(rng.sample(same, rng.randint(1, min(3, len(same))))))
    if kind == 3:
        return ShowTrump(rng.choice(cards))
    if kind == 4:
        return Throw(rng.choice(cards))
    return Take() if kind == 5 else Pass()


def play_out(seed: int, visit: object = None) -> tuple[State, int]:
    rng = random.Random(seed)
    s = random_game(rng)
    n = 0
    while SPEC.result(s) is None:
        if callable(visit):
            visit(s, rng)
        s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
        n += 1
        assert n < MAX_MOVES, "random game did not end"
    if callable(visit):
        visit(s, rng)
    return s, n


@given(seeds)
def test_random_games_terminate_with_cards_conserved(seed: int) -> None:
    end, _ = play_out(seed, lambda s, _rng: check_invariants(s))
    res = SPEC.result(end)
    assert res is not None and len(res.payoffs) == end.players
    assert res.label == "draw" or res.label.startswith("fool: player ")


@settings(max_examples=30)
@given(seeds)
def test_every_legal_move_applies_and_others_are_rejected(seed: int) -> None:
    def visit(s: State, rng: random.Random) -> None:
        if rng.random() < 0.5:
            return
        legal = SPEC.legal_moves(s)
        for m in legal:
            child = SPEC.apply(s, m)
            assert child != s
            assert SPEC.parse_move(s, str(m)) == m
        for _ in range(8):
            m = random_move(s, rng)
            if m in legal:
                continue
            try:
                SPEC.apply(s, m)
            except IllegalMove:
                continue
            raise AssertionError(f"illegal move {m} accepted")

    play_out(seed, visit)


@settings(max_examples=30)
@given(seeds)
def test_json_round_trip_of_reachable_states(seed: int) -> None:
    def visit(s: State, rng: random.Random) -> None:
        if rng.random() < 0.25 or durak.phase(s) == durak.OVER:
            j = SPEC.state_to_json(s)
            assert SPEC.state_from_json(j) == s
            assert SPEC.state_to_json(SPEC.state_from_json(j)) == j

    play_out(seed, visit)


@settings(max_examples=30)
@given(seeds)
def test_round_trip_without_derivable_fields(seed: int) -> None:
    """Dropping the fields with defaults that can be re-derived gives back the same state."""
    def visit(s: State, rng: random.Random) -> None:
        if rng.random() < 0.2:
            j = SPEC.state_to_json(s)
            del j["players"], j["defender_start"]
            if s.last_defender == s.defender:
                del j["last_defender"]
            if durak.phase(s) != durak.THROW:  # a thrower after passes is not the derived first thrower
                del j["to_move"]
            assert SPEC.state_from_json(j) == s

    play_out(seed, visit)


def test_spec_is_deterministic_for_a_seed() -> None:
    a, na = play_out(12345)
    b, nb = play_out(12345)
    assert a == b and na == nb and hash(a) == hash(b)


JUNK = [None, True, 0, 1, 5, 7, -1, "S", "X", "6H", "10S", "", [], [[]], ["6H"], ["6H", "6H"], [["6H", None]],
        [["9H", "6H"]], [0], [0, 1], [1, 1], {}, {"variant": "perevodnoy"}, {"deck": 52}, [["6H"], []]]


@settings(max_examples=40)
@given(seeds, st.data())
def test_mangled_positions_raise_input_error_or_load(seed: int, data: st.DataObject) -> None:
    """Bad input never escapes as anything but an InputError (the CLI's one-line exit 2)."""
    rng = random.Random(seed)
    s = random_game(rng)
    for _ in range(rng.randrange(60)):
        if SPEC.result(s) is not None:
            break
        s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    j = SPEC.state_to_json(s)
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(sorted(j)))
        if data.draw(st.booleans()) and isinstance(j[key], list) and j[key]:
            i = data.draw(st.integers(0, len(j[key]) - 1))
            j[key][i] = copy.deepcopy(data.draw(st.sampled_from(JUNK)))  # (never the shared JUNK list itself)
        elif data.draw(st.booleans()):
            j[key] = copy.deepcopy(data.draw(st.sampled_from(JUNK)))
        else:
            del j[key]
    try:
        t = SPEC.state_from_json(j)
    except InputError as exc:
        assert "\n" not in str(exc) and ":" in str(exc)
        return
    check_invariants(t)
