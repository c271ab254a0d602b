"""The native playout's own structures, each against the spec's brute force over sub-multisets
(``spec.fools_paradise.collections``, sorted in the spec's move order):

* the count tables built at import (``COUNTS_NO_ACE``, ``COUNTS_ONE_ACE``, ``PlayoutTables.ace_count``):
  how many collections a card of each rank makes from a centre of at most six non-ace cards
  and at most one ace, under every ``ace`` option;
* ``_counts_by_subsets`` (the centres the tables do not hold: seven or more non-ace cards, two
  or more aces, more than ``SMALL_CENTRE`` candidates, numbers beyond 16 bits): the counts per
  rank and the total of the hand;
* ``_collection``: the i-th collection of a card in the spec's order (``PREORDER``: the spec's
  order of taken sets; a played ace: ``ace_takes_table``; big centres: ``_listed_collection``);
* the place <-> physical id conversions.

The playout itself (the same game as the spec, move for move) is checked in
tests/fools_paradise/test_engine_playout.py."""

from __future__ import annotations

import itertools
import random

import pytest

from foolsolve.cards import FRENCH52, Card
from foolsolve.engines import fools_paradise_playout as fpp
from foolsolve.engines.fools_paradise import ENGINE, MOVE_SHIFT, SMALL_CENTRE, ctx_for
from foolsolve.engines.fools_paradise_playout import (
    ACE_SHIFT,
    COUNT_FIELD,
    COUNTS_NO_ACE,
    COUNTS_ONE_ACE,
    FIELD,
    PLACE_KEY,
    PLACE_PID,
    PLACE_RANK,
    PREORDER,
    TABLE_CARDS,
    tables_for,
)
from foolsolve.game import Engine
from foolsolve.spec.fools_paradise import SPEC, Collect, Rules, State, collections, move_sort_key
from tests.fools_paradise.helpers import ACE_CARDS, ACES, NON_ACES

BY_INDEX = sorted(FRENCH52.cards, key=lambda c: c.index)


def place(card: Card) -> int:
    """The card's place in the spec's card order."""
    return BY_INDEX.index(card)


def places(cards: list[Card]) -> int:
    return sum(1 << place(c) for c in cards)


def spec_takes(card: Card, centre: list[Card], rules: Rules) -> list[int]:
    """The spec's collections of ``card`` in the spec's order, each as a mask of places."""
    moves = sorted((m for m in collections([card], centre, rules) if isinstance(m, Collect)), key=move_sort_key)
    return [places(list(m.taken)) for m in moves]


def a_card_of_rank(r: int, avoid: list[Card]) -> Card | None:
    return next((c for c in FRENCH52.cards if c.rank == r and c not in avoid), None)


def random_centre(rng: random.Random, non_aces: int, aces: int) -> list[Card]:
    return rng.sample(NON_ACES, non_aces) + rng.sample(ACE_CARDS, aces)


def test_places_are_the_specs_card_order_and_convert_to_physical_ids_and_back() -> None:
    ctx = ctx_for(Rules())
    assert [ctx.card_of[PLACE_PID[pos]] for pos in range(52)] == BY_INDEX
    assert PLACE_RANK == [c.rank for c in BY_INDEX]
    rng = random.Random(3)
    for _ in range(200):
        cards = rng.sample(FRENCH52.cards, rng.randint(0, 52))
        physical = sum(1 << ctx.base_id[c.index] for c in cards)
        assert fpp._physical(places(cards)) == physical
        assert fpp._places(physical) == places(cards)


@pytest.mark.parametrize("m", range(SMALL_CENTRE + 1))
def test_preorder_is_the_specs_order_of_taken_sets(m: int) -> None:
    """``PREORDER[m]`` lists every non-empty subset once, as sorted tuples compare (a prefix
    first), with its items as positions in the descending list of the items."""
    as_tuples = [tuple(sorted(m - 1 - t for t in s)) for s in PREORDER[m]]
    assert as_tuples == sorted(s for k in range(1, m + 1) for s in itertools.combinations(range(m), k))


@pytest.mark.parametrize("ace", ACES)
def test_count_tables_give_the_specs_number_of_collections_per_rank(ace: str) -> None:
    """Centres of 0..TABLE_CARDS non-ace cards and 0 or 1 ace: field ``r`` of the entry (the
    one-ace table unless ``ace=high``, whose non-ace cards cannot take an ace) is how many
    collections a card of rank ``r`` makes; a played ace's number is ``PlayoutTables.ace_count``."""
    rules = Rules(ace=ace)
    ctx = ctx_for(rules)
    rng = random.Random(ace)
    for case in range(60):
        ca = case % 2
        centre = random_centre(rng, rng.randint(0, TABLE_CARDS), ca)
        key = sum(PLACE_KEY[place(c)] for c in centre)
        packed = (COUNTS_ONE_ACE if ca and ace != "high" else COUNTS_NO_ACE)[key]
        for r in range(2, 14):
            card = a_card_of_rank(r, centre)
            if card is None:
                continue  # all four in the centre
            assert (packed >> COUNT_FIELD * r) & FIELD == len(spec_takes(card, centre, rules)), (centre, r)
        card = a_card_of_rank(14, centre)
        assert card is not None
        assert tables_for(ctx).ace_count(key, ca) == len(spec_takes(card, centre, rules)), centre
        if ace == "either":
            assert (packed >> ACE_SHIFT) & FIELD == tables_for(ctx).ace_count(key, ca)


def test_count_tables_hold_every_multiset_of_at_most_six_non_ace_cards() -> None:
    """Every rank-count key of 0..TABLE_CARDS non-ace cards (at most four per rank), nothing else."""
    keys = {sum(PLACE_KEY[place(c)] for c in combo) for k in range(TABLE_CARDS + 1)
            for combo in itertools.combinations_with_replacement(
                [next(c for c in NON_ACES if c.rank == r) for r in range(2, 14)], k)
            if all(combo.count(c) <= 4 for c in set(combo))}
    assert set(COUNTS_NO_ACE) == keys == set(COUNTS_ONE_ACE)
    assert len(keys) == 18_408


def _hand_and_centre(rng: random.Random, non_aces: int, aces: int, hand_aces: int) -> tuple[list[Card], list[Card]]:
    centre = random_centre(rng, non_aces, aces)
    rest_aces = [c for c in ACE_CARDS if c not in centre]
    hand = rng.sample(rest_aces, min(hand_aces, len(rest_aces)))
    hand += rng.sample([c for c in NON_ACES if c not in centre], 5 - len(hand))
    return hand, centre


@pytest.mark.parametrize("ace", ACES)
def test_counts_by_subsets_give_the_specs_collections_for_big_centres_and_several_aces(ace: str) -> None:
    """Centres the tables do not hold (7 to 12 non-ace cards, 0 to 4 aces, aces in the hand):
    the packed count holds each hand rank's number of collections, the total the hand's."""
    rules = Rules(ace=ace)
    ctx = ctx_for(rules)
    rng = random.Random(f"big:{ace}")
    for case in range(24):
        ca = case % 5
        hand, centre = _hand_and_centre(rng, rng.randint(TABLE_CARDS + 1, 11) if case % 3 else rng.randint(0, 6),
                                        min(ca, 4), case % 3)
        hand_places = sorted(place(c) for c in hand)
        by_rank, total = fpp._counts_by_subsets(tables_for(ctx), hand_places, places(centre),
                                                sum(c.rank == 14 for c in centre))
        per_card = [len(spec_takes(c, centre, rules)) for c in hand]
        assert total == sum(per_card), (hand, centre)
        for c, k in zip(hand, per_card):
            assert by_rank[c.rank] == k, (c, centre)


@pytest.mark.parametrize("ace", ACES)
def test_collection_is_the_specs_ith_collection_of_the_card(ace: str) -> None:
    """``_collection(ctx, r, i, ...)`` for every ``i`` lists the card's collections in the
    spec's order: small centres with 0 or 1 ace (the laid-out subset sums), a played ace with
    several aces and centres of more than SMALL_CENTRE items (``_listed_collection``)."""
    rules = Rules(ace=ace)
    ctx = ctx_for(rules)
    rng = random.Random(f"collection:{ace}")
    for case in range(40):
        big = case % 8 == 7
        centre = random_centre(rng, rng.randint(9, 11) if big else rng.randint(1, 7), rng.choice([0, 0, 1, 1, 2, 3]))
        ca = sum(c.rank == 14 for c in centre)
        for r in ([14] if case % 4 == 0 else []) + rng.sample(range(2, 14), 3):
            card = a_card_of_rank(r, centre)
            if card is None:
                continue  # all four in the centre
            want = spec_takes(card, centre, rules)
            assert [fpp._collection(tables_for(ctx), r, i, places(centre), ca) for i in range(len(want))] == want, (r, centre)


HUGE_HANDS = [["3S", "JD", "7H", "6S", "JC"], ["QH", "5C", "2C", "10S", "5H"]]
HUGE_CENTRE = ["10C", "4C", "6H", "9D", "2S", "2D", "10D", "9C", "6C", "AS", "3D", "9S", "6D", "4D", "7C", "AD", "8C",
               "JS", "AC", "5S"]
"""A centre of 20 cards (3 aces) where a jack makes 95,327 collections: more than a packed
count's 16 bits hold."""


def _huge(ace: str) -> State:
    listed = set(HUGE_HANDS[0] + HUGE_HANDS[1] + HUGE_CENTRE)
    stock = [c.ascii for c in FRENCH52.cards if c.ascii not in listed]
    random.Random(7).shuffle(stock)
    return SPEC.state_from_json({"game": SPEC.name, "rules": {"ace": ace}, "to_move": 0, "hands": HUGE_HANDS,
                                 "centre": HUGE_CENTRE, "stock": stock})


def test_counts_beyond_sixteen_bits_in_a_huge_centre() -> None:
    """The subset counts of a 20-card centre against the engine's listed moves (held equal to
    the spec's by the conformance tests; the spec's brute force would take minutes here)."""
    e = ENGINE.from_spec(_huge("low"))
    ctx = e.ctx
    listed = ENGINE.legal_moves(e)
    hand_places = list(fpp.iter_bits(fpp._places(e.hands[0])))  # ascending
    by_rank, total = fpp._counts_by_subsets(tables_for(ctx), hand_places, fpp._places(e.centre), 3)
    assert total == sum(1 for m in listed if m >> MOVE_SHIFT) > FIELD
    for pos in hand_places:
        pid = PLACE_PID[pos]
        assert by_rank[PLACE_RANK[pos]] == sum(1 for m in listed if m >> MOVE_SHIFT and m & 1023 == pid)
    assert max(by_rank.values()) > FIELD


@pytest.mark.parametrize("ace", ["low", "either"])
def test_native_playout_in_a_huge_centre_plays_the_listed_loops_game(ace: str) -> None:
    """A few moves from the 20-card centre: the native playout and the generic loop
    (``legal_moves`` in the spec's order + ``rng.choice`` + ``apply_unchecked``) play the same
    moves and reach the same state with the same random numbers."""
    e = ENGINE.from_spec(_huge(ace))
    for seed in range(2):
        r1, r2 = random.Random(seed), random.Random(seed)
        trace: list[int] = []
        a, n1 = fpp.playout(e, r1, 3, trace)
        b, n2 = Engine.playout(ENGINE, e, r2, 3)
        assert n1 == n2 == 3 and r1.getstate() == r2.getstate()
        assert ENGINE.key(a) == ENGINE.key(b)
