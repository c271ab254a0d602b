"""Two independent readings of the collection rule (000 §Collecting Cards) must agree: the
spec's literal brute force (`spec.fools_paradise.collections`) and the capture tool's dynamic
program (`solver.fools_paradise.capture.legal_collections`), on random hands and centres under every ace
option, with one and two decks."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from foolsolve.cards import FRENCH52
from foolsolve.rules import options_of
from foolsolve.solver.fools_paradise import capture as fp_capture
from foolsolve.spec import fools_paradise as fp

CARDS = list(FRENCH52.cards)


@st.composite
def hand_and_centre(draw):
    decks = draw(st.sampled_from((1, 2)))
    pool = CARDS * decks
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=2, max_size=13, unique=True))
    cards = [pool[i] for i in picks]
    n_hand = draw(st.integers(1, min(4, len(cards) - 1)))
    return decks, cards[:n_hand], cards[n_hand:]


def _spec_set(hand, centre, rules):
    return Counter((m.card, tuple(sorted(m.taken))) for m in fp.collections(hand, centre, rules))


def _dp_set(hand, centre, ace):
    seen = Counter()
    hand_cards = {}
    for col in fp_capture.legal_collections(hand, centre, ace=ace):
        key = (col.card, tuple(sorted(col.cards)))
        # the same physical card twice in a hand (two decks) is one spec move
        if hand_cards.setdefault(key, col.hand_index) == col.hand_index:
            seen[key] += 1
    return seen


@given(hand_and_centre(), st.sampled_from(("either", "low", "high", "either_per_play")))
def test_spec_and_capture_dp_list_the_same_collections(case, ace):
    decks, hand, centre = case
    rules = fp.Rules(ace=ace, decks=decks)
    spec = _spec_set(hand, centre, rules)
    dp = _dp_set(hand, centre, ace)
    # the DP identifies centre cards by position: equal cards at different positions are
    # different collections to it and one multiset to the spec
    assert set(spec) == set(dp)


def test_worked_example_both_readings():
    hand = FRENCH52.parse_many(["2S", "3S", "9S", "KS", "AS"])
    centre = FRENCH52.parse_many(["JS", "2H", "KH", "5S", "6S"])
    for ace in ("either", "low", "high", "either_per_play"):
        spec = _spec_set(hand, centre, fp.Rules(ace=ace))
        assert set(spec) == set(_dp_set(hand, centre, ace))
        assert len(spec) == 6


def test_the_capture_tools_option_lists_and_clear_point_are_the_specs() -> None:
    """The capture calculator imports no spec (it starts fast), so it writes out the rule options'
    choices, default first, and the clear's point: they must be the spec's declarations."""
    choices = {o.name: o.choices for o in options_of(fp.Rules)}
    defaults = {o.name: o.default for o in options_of(fp.Rules)}
    for name, written in (("ace", fp_capture.ACE_OPTIONS), ("card_points", fp_capture.CARD_POINTS),
                          ("played_card", fp_capture.PLAYED_CARD)):
        assert written == choices[name] and written[0] == defaults[name], name
    assert fp_capture.CLEAR_BONUS == fp.CLEAR_POINTS
