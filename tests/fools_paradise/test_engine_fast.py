"""The fast engine's own structures: the byte subset-sum tables behind collection generation,
the size threshold to the count-vector search, the checked ``apply`` against
``apply_unchecked``, and the engine's legality test against its own move list.

Every test compares with something computed another way: the spec's brute force over
sub-multisets (``spec.fools_paradise.collections``), plain arithmetic for the tables, or the
engine's generated move list for ``is_legal``."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.cards import FRENCH52
from foolsolve.engines.fools_paradise import (
    ACE_BIT,
    ENGINE,
    HAND_DIVIDES,
    HAND_ELIGIBLE,
    HAND_ID_MASK,
    HAND_RANKS,
    MOVE_SHIFT,
    SMALL_CENTRE,
    SUM_ADD,
    TOP_POSITIONS,
    hand_with_aces,
    with_aces_table,
)
from foolsolve.game import IllegalMove
from foolsolve.rules import random_rules
from foolsolve.spec.fools_paradise import SPEC, Rules, collections
from tests.fools_paradise.helpers import ACE_CARDS, ACES, NON_ACES


def _engine_state(hand: list, centre: list, rules: Rules, rest: list) -> object:
    """A position with ``hand`` to move and ``centre``, every other card in a pile."""
    state = SPEC.state_from_json({
        "game": SPEC.name, "rules": {"ace": rules.ace, "decks": rules.decks}, "to_move": 0,
        # the other player has played this lap (with the stock empty hands differ by at most one card)
        "hands": [[c.ascii for c in hand], [c.ascii for c in rest[:max(len(hand) - 1, 0)]]],
        "centre": [c.ascii for c in centre], "stock": [],
        "piles": [[c.ascii for c in rest[max(len(hand) - 1, 0):]], []],
    })
    return ENGINE.from_spec(state)


def _collections_agree(hand: list, centre: list, rules: Rules, rest: list) -> None:
    e = _engine_state(hand, centre, rules, rest)
    eng = [str(ENGINE.move_to_spec(e, m)) for m in ENGINE.legal_moves(e)]
    assert len(eng) == len(set(eng)), "each move once"
    assert {m for m in eng if m.startswith("collect")} == {str(m) for m in collections(hand, centre, rules)}


# --- the static tables against plain arithmetic ---------------------------------------------------


def test_hand_tables_mark_divisors_and_eligible_ranks_for_every_hand_rank_set() -> None:
    """For every set of at most five ranks (2..13 and 14 for an ace played high) the one
    translation table per set says, per rank j of the set, whether j divides a sum
    (000 §Collecting Cards: "sum up to a multiple of the chosen card's value") and whether a
    subset's highest rank t is at most that rank ("each single card collected is less than
    or equal to the player's card"); the empty set (sum 0) is never a collection."""
    seen = 0
    for size in range(1, 6):
        for ranks in itertools.combinations(range(2, 15), size):
            key = sum(1 << r for r in ranks) >> 2
            assert HAND_RANKS[key] == ranks
            div, elig = HAND_DIVIDES[key], HAND_ELIGIBLE[key]
            assert div is not None and elig is not None
            for s in (0, 1, 12, 13, 14, 26, 28, 39, 42, 60, 130):
                assert [(div[s] >> j) & 1 for j in range(size)] == [int(s > 0 and s % r == 0) for r in ranks]
            for t in range(1, 14):
                assert [(elig[t] >> j) & 1 for j in range(size)] == [int(t <= r) for r in ranks]
            seen += 1
    assert seen == 2379  # every non-empty set of at most 5 of the 13 ranks


@pytest.mark.parametrize("ca", [1, 2, 3, 4, 6])
def test_aces_valued_one_close_a_sum_exactly_when_some_count_of_them_makes_a_multiple(ca: int) -> None:
    """With ``ca`` aces in the centre a non-ace card of rank r collects a subset of sum s with
    a aces valued 1 when s + a is a multiple of r for some a <= ca (the empty subset needs
    a = r aces alone); an ace played high (14) needs (-s) mod 14 of the aces valued 1 under
    ace=either, and s itself a multiple of 14 when every ace counts 14."""
    for r in range(2, 14):
        table = with_aces_table(r, ca, False)
        for s in range(131):
            want = r <= ca if s == 0 else any((s + a) % r == 0 for a in range(ca + 1))
            assert table[s] == want
        for ranks in ((r,), (2, r) if r > 2 else (r, 13)):
            key = sum(1 << q for q in ranks) >> 2
            hand_table = hand_with_aces(ca)[key]
            assert hand_table is not None
            for s in range(131):
                assert [(hand_table[s] >> j) & 1 for j in range(len(ranks))] == \
                    [with_aces_table(q, ca, False)[s] for q in ranks]
    for s in range(1, 131):
        assert with_aces_table(14, ca, True)[s] == ((-s) % 14 <= ca)
        assert with_aces_table(14, ca, False)[s] == (s % 14 == 0)


@settings(max_examples=60)
@given(ranks=st.lists(st.integers(2, 13), min_size=0, max_size=SMALL_CENTRE))
def test_subset_sum_bytes_hold_every_subset_sum_and_highest_rank(ranks: list[int]) -> None:
    """The doubling built by ``legal_moves`` (sums) and the highest-rank translation (tops)
    give, for entry i, the rank sum and the highest rank of the cards at the set bits of i
    (cards in ascending rank, as the engine walks them)."""
    ranks = sorted(ranks)
    sums = b"\0"
    for q in ranks:
        sums += sums.translate(SUM_ADD[q])
    tops = TOP_POSITIONS[len(ranks)].translate(bytes([1, *ranks]).ljust(256, b"\0"))
    assert len(sums) == len(tops) == 1 << len(ranks)
    for i in range(1 << len(ranks)):
        chosen = [q for j, q in enumerate(ranks) if (i >> j) & 1]
        assert sums[i] == sum(chosen)
        assert tops[i] == (max(chosen) if chosen else 1)


# --- collections against the spec's brute force -----------------------------------------------------


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32 - 1), non_aces=st.integers(0, SMALL_CENTRE + 2), aces=st.integers(0, 4),
       hand_aces=st.integers(0, 2), ace=st.sampled_from(ACES), decks=st.sampled_from([1, 2]))
def test_collections_equal_the_spec_brute_force_around_the_table_size_limit(
        seed: int, non_aces: int, aces: int, hand_aces: int, ace: str, decks: int) -> None:
    """Centres of 0 .. SMALL_CENTRE + 2 non-ace cards (the engine switches to the count-vector
    search above SMALL_CENTRE) plus 0-4 aces, hands with 0-2 aces, every ace option, one and
    two decks: the engine lists exactly the spec's collections, each once."""
    rng = random.Random(seed)
    pool_na = [c for _ in range(decks) for c in NON_ACES]
    pool_a = [c for _ in range(decks) for c in ACE_CARDS]
    rng.shuffle(pool_na)
    rng.shuffle(pool_a)
    hand = pool_a[:hand_aces] + pool_na[:5 - hand_aces]
    centre = pool_a[hand_aces:hand_aces + aces] + pool_na[5 - hand_aces:5 - hand_aces + non_aces]
    rest = pool_a[hand_aces + aces:] + pool_na[5 - hand_aces + non_aces:]
    _collections_agree(hand, centre, Rules(ace=ace, decks=decks), rest)


@pytest.mark.parametrize("ace", ACES)
def test_collections_equal_the_spec_with_many_aces_in_the_centre(ace: str) -> None:
    """Edge cases of the ace rules. Four aces in the centre and a hand of 2s, 3s and 4s: a
    non-ace card of rank r collects r aces valued 1 alone (none under ace=high). Two aces in
    the hand, two aces and two 7s in the centre: an ace played low takes aces alone, played
    high it takes 7+7 (14) and aces valued 1 or 14 as the option allows."""
    P = FRENCH52.parse
    cases = [("2C 2D 3C 3D 4C", "AC AD AH AS"), ("AC AD 9C 9D 9H", "AH AS 7S 7H")]
    for hand_text, centre_text in cases:
        hand = [P(t) for t in hand_text.split()]
        centre = [P(t) for t in centre_text.split()]
        rest = [c for c in FRENCH52.cards if c not in hand and c not in centre]
        _collections_agree(hand, centre, Rules(ace=ace), rest)


# --- checked apply, apply_unchecked and is_legal ----------------------------------------------------


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), decks=st.sampled_from([1, 2]))
def test_checked_apply_accepts_exactly_the_listed_moves_and_equals_apply_unchecked(
        seed: int, players: int, decks: int) -> None:
    """Along a random game: every listed move is legal and the checked ``apply`` gives the
    same successor as ``apply_unchecked``; moves made by changing a listed move (another
    hand card, one centre card more or less, a card from elsewhere, a non-lowest copy) are
    legal exactly when they are in the list, and the checked ``apply`` raises
    ``IllegalMove`` on the others."""
    rng = random.Random(seed)
    e = ENGINE.from_spec(SPEC.deal(random_rules(Rules, rng, decks=decks), players, rng))
    n_ids = e.ctx.n_ids
    while not e.terminal():
        moves = ENGINE.legal_moves(e)
        listed = set(moves)
        for m in moves[:: max(1, len(moves) // 4)]:
            assert ENGINE.is_legal(e, m)
            assert ENGINE.key(ENGINE.apply(e, m)) == ENGINE.key(ENGINE.apply_unchecked(e, m))
        probes = []
        for m in rng.sample(moves, min(4, len(moves))):
            if m < 0:
                probes += [-((-m - 1 + 1) % n_ids) - 1, -((-m - 1 + 4 * decks) % n_ids) - 1]
                continue
            hid, taken = m & HAND_ID_MASK, m >> MOVE_SHIFT
            flip = 1 << rng.randrange(n_ids)
            probes += [(taken << MOVE_SHIFT) | rng.randrange(n_ids), ((taken ^ flip) << MOVE_SHIFT) | hid,
                       (taken << MOVE_SHIFT) | ((hid + 1) % n_ids), m | (1 << 12)]
        for probe in probes:
            assert ENGINE.is_legal(e, probe) == (probe in listed), (probe, sorted(listed))
            if probe not in listed:
                with pytest.raises(IllegalMove):
                    ENGINE.apply(e, probe)
        e = ENGINE.apply(e, moves[rng.randrange(len(moves))])


def test_ace_bit_is_rank_fourteen() -> None:
    """The hand-rank mask keeps an ace that may be played high at bit 14 (rank 14)."""
    assert ACE_BIT == 1 << 14
