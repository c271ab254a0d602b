"""Optimal Fool's Paradise captures (000 §Collecting Cards): the DP of
``solver/fools_paradise/capture.py`` against a literal brute force over subsets and ace valuations,
against an independent position-by-position counter, and against the Z3 model of
``solver/fools_paradise/capture_z3.py``."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.cards import FRENCH52, Card
from foolsolve.errors import InputError
from foolsolve.solver.fools_paradise.capture import (
    ACE_OPTIONS,
    CARD_POINTS,
    OBJECTIVES,
    PLAYED_CARD,
    AceChoice,
    ace_choices,
    best_collections,
    count_legal_collections,
    legal_collections,
    legal_counts,
)
from foolsolve.solver.fools_paradise.capture_cli import capture_command, parse_hand_and_centre, read_position
from foolsolve.solver.fools_paradise.capture_z3 import (
    z3_best_collections,
    z3_collection_choices,
    z3_is_legal,
    z3_legal_collections,
)

A = 14


def cards(text: str) -> list[Card]:
    return FRENCH52.parse_many(text, unique=False)


# --- a literal reference, written from the rule text ---------------------------------------------

def literal_values(card: Card, ace: str) -> tuple[int, ...]:
    """000 §Card Values: "Ace may be one or fourteen"."""
    if card.rank != A:
        return (card.rank,)
    return {"low": (1,), "high": (14,)}.get(ace, (1, 14))


Key = tuple[int, tuple[int, ...]]


def brute_legal(hand: Sequence[Card], centre: Sequence[Card], ace: str) -> dict[Key, tuple[AceChoice, ...]]:
    """Every (hand index, centre positions) with its ace valuations: all subsets, all value
    assignments card by card."""
    out = {}
    for h, card in enumerate(hand):
        for size in range(1, len(centre) + 1):
            for subset in itertools.combinations(range(len(centre)), size):
                taken = [centre[i] for i in subset]
                found = set()
                for pv in literal_values(card, ace):
                    for vals in itertools.product(*(literal_values(c, ace) for c in taken)):
                        if ace == "either_per_play":
                            ace_vals = {x for c, x in zip(taken, vals) if c.rank == A}
                            if card.rank == A:
                                ace_vals.add(pv)
                            if len(ace_vals) > 1:
                                continue
                        if any(x > pv for x in vals) or sum(vals) % pv != 0:
                            continue
                        low = sum(1 for c, x in zip(taken, vals) if c.rank == A and x == 1)
                        high = sum(1 for c, x in zip(taken, vals) if c.rank == A and x == 14)
                        found.add(AceChoice(pv if card.rank == A else None, low, high))
                if found:
                    out[(h, subset)] = tuple(sorted(found, key=lambda c: (c.played or -1, c.low, c.high)))
    return out


def literal_points(card: Card, ace: str, card_points: str) -> int:
    if card_points == "count":
        return 1
    if card.rank == A:
        return 1 if ace == "low" else 14
    return card.rank


def brute_best(hand: Sequence[Card], centre: Sequence[Card], ace: str, objective: str, card_points: str,
               played_card: str) -> tuple[int | None, set[Key]]:
    scored = {}
    for (h, subset) in brute_legal(hand, centre, ace):
        clears = len(subset) == len(centre)
        if objective == "clear" and not clears:
            continue
        pts = sum(literal_points(centre[i], ace, card_points) for i in subset) + (1 if clears else 0)
        if played_card == "collected":
            pts += literal_points(hand[h], ace, card_points)
        scored[(h, subset)] = len(subset) if objective == "cards" else pts
    if not scored:
        return None, set()
    best = max(scored.values())
    return best, {k for k, v in scored.items() if v == best}


ACE_VALUES = {"low": {1}, "high": {14}, "either": {1, 14}, "either_per_play": {1, 14}}


def positional_count(played: Card, centre: Sequence[Card], ace: str) -> int:
    """Legal subsets for one hand card, counted card by card (no grouping, no binomials):
    state = (non-ace sum modulo M, whether a non-ace is taken, number of aces taken), then
    the rule is applied to each state for every value of the played card and every split
    of the taken aces into 1s and 14s."""
    cap = 13 if played.rank == A else played.rank  # the highest non-ace it may ever take
    mod = 14 if played.rank == A else played.rank
    states: dict[tuple[int, bool, int], int] = {(0, False, 0): 1}
    for c in centre:
        nxt = dict(states)  # c not taken
        for (s, any_non_ace, a), n in states.items():
            if c.rank == A:
                key = (s, any_non_ace, a + 1)
            elif c.rank <= cap:
                key = ((s + c.rank) % mod, True, a)
            else:
                continue
            nxt[key] = nxt.get(key, 0) + n
        states = nxt
    total = 0
    for (s, any_non_ace, a), n in states.items():
        if not any_non_ace and a == 0:
            continue  # the empty set
        legal = False
        for pv in literal_values(played, ace):
            if any_non_ace and pv == 1:
                continue  # a 2..K is greater than an ace played as 1
            for low in range(a + 1):
                high = a - low
                used = ({1} if low else set()) | ({14} if high else set())
                if not used <= ACE_VALUES[ace] or any(x > pv for x in used):
                    continue
                if ace == "either_per_play" and len(used | ({pv} if played.rank == A else set())) > 1:
                    continue
                if (s + low + 14 * high) % pv == 0:
                    legal = True
        total += n if legal else 0
    return total


# --- strategies ---------------------------------------------------------------------------------

RANK_SETS = {
    "all": tuple(range(2, 15)),
    "low": (14, 2, 3, 4, 5, 6, 7),
    "aces": (14, 13, 12, 3, 2),
}


@st.composite
def deals(draw: st.DrawFn, max_centre: int = 20, max_hand: int = 5, min_centre: int = 0) -> tuple[list[Card], list[Card]]:
    """A hand of 1-``max_hand`` and a centre of 0-``max_centre`` cards dealt from 1-2 decks
    (sometimes restricted to a few ranks, for many aces and many collections)."""
    decks = draw(st.integers(1, 2))
    ranks = RANK_SETS[draw(st.sampled_from(sorted(RANK_SETS)))]
    pool = [c for c in FRENCH52 if c.rank in ranks] * decks
    n_hand = draw(st.sampled_from(range(1, max_hand + 1)))
    n_centre = draw(st.sampled_from(range(min_centre, min(max_centre, len(pool) - n_hand) + 1)))
    idx = draw(st.lists(st.integers(0, len(pool) - 1), min_size=n_hand + n_centre, max_size=n_hand + n_centre,
                        unique=True))
    dealt = [pool[i] for i in idx]
    return dealt[:n_hand], dealt[n_hand:]


# --- the worked example (000 §Collecting Cards) ---------------------------------------------------

HAND = cards("2S 3S 9S KS AS")
CENTRE = cards("JD 2H KH 5C 6D")  # positions: J=0, 2=1, K=2, 5=3, 6=4
EXPECTED = {
    0: {(1,)},  # 2 takes the 2
    3: {(2,), (0, 1), (1, 3, 4), (0, 1, 2), (1, 2, 3, 4)},  # K: K; J+2; 2+5+6; K+J+2; K+2+5+6
}


@pytest.mark.parametrize("ace", ACE_OPTIONS)
def test_000_worked_example_exact_collections_per_hand_card(ace: str) -> None:
    cols = legal_collections(HAND, CENTRE, ace=ace)
    got: dict[int, set[tuple[int, ...]]] = {}
    for c in cols:
        got.setdefault(c.hand_index, set()).add(c.taken)
        assert c.choices == (AceChoice(None, 0, 0),)
    assert got == EXPECTED  # nothing for 3, 9 or A
    assert legal_counts(HAND, CENTRE, ace=ace) == [1, 0, 0, 5, 0]
    # the four plays the seed lists are among them
    seed_plays = {(0, (1,)), (3, (2,)), (3, (0, 1, 2)), (3, (1, 2, 3, 4))}
    assert seed_plays <= {c.key for c in cols}


@pytest.mark.parametrize("ace", ACE_OPTIONS)
def test_000_worked_example_king_takes_king_5_6_2_is_largest(ace: str) -> None:
    """000: "the most efficient play, the king collects the king, along with the 5, 6, and 2"."""
    for rep in (best_collections(HAND, CENTRE, ace=ace, objective="cards"),
                z3_best_collections(HAND, CENTRE, ace=ace, objective="cards")):
        assert rep.value == 4 and rep.count == 1
        (best,) = rep.best
        assert best.collection.card == FRENCH52.parse("KS")
        assert sorted(str(c) for c in best.collection.cards) == sorted(["K♥", "5♣", "6♦", "2♥"])
        assert best.points == 13 + 13 + 5 + 6 + 2


@pytest.mark.parametrize("ace", ACE_OPTIONS)
def test_000_worked_example_z3_lists_the_same_collections(ace: str) -> None:
    dp = {c.key: c.choices for c in legal_collections(HAND, CENTRE, ace=ace)}
    z = {c.key: c.choices for c in z3_legal_collections(HAND, CENTRE, ace=ace)}
    assert dp == z


def test_000_worked_example_points_tie_king_jack_two_and_king_five_six_two() -> None:
    rep = best_collections(HAND, CENTRE, objective="points")
    assert rep.value == 39 and rep.count == 2
    assert rep.keys == {(3, (0, 1, 2)), (3, (1, 2, 3, 4))}


# --- edge cases -----------------------------------------------------------------------------------

@pytest.mark.parametrize("ace", ACE_OPTIONS)
@pytest.mark.parametrize("objective", OBJECTIVES)
def test_empty_centre_has_no_collection(ace: str, objective: str) -> None:
    assert legal_collections(HAND, [], ace=ace) == []
    assert count_legal_collections(HAND, [], ace=ace) == 0
    for rep in (best_collections(HAND, [], ace=ace, objective=objective),
                z3_best_collections(HAND, [], ace=ace, objective=objective)):
        assert rep.value is None and rep.count == 0 and rep.best == []


@pytest.mark.parametrize("ace", ACE_OPTIONS)
def test_no_collection_when_every_centre_card_is_higher(ace: str) -> None:
    """000: "no card collected can be greater than the player's card"."""
    hand, centre = cards("3S 4H"), cards("KS QH JD 9C")
    assert legal_collections(hand, centre, ace=ace) == []
    assert best_collections(hand, centre, ace=ace).value is None
    assert z3_best_collections(hand, centre, ace=ace).value is None


def test_all_aces_every_subset_under_each_option() -> None:
    hand, centre = cards("AS AH"), cards("AD AC AS")
    expected_choices = {
        "either": lambda n: (AceChoice(1, n, 0), AceChoice(14, 0, n)),
        "either_per_play": lambda n: (AceChoice(1, n, 0), AceChoice(14, 0, n)),
        "low": lambda n: (AceChoice(1, n, 0),),
        "high": lambda n: (AceChoice(14, 0, n),),
    }
    for ace, choices in expected_choices.items():
        cols = legal_collections(hand, centre, ace=ace)
        assert len(cols) == 2 * 7 == count_legal_collections(hand, centre, ace=ace)
        for c in cols:
            assert c.choices == choices(len(c.taken)), (ace, c)
        rep = best_collections(hand, centre, ace=ace, objective="clear")
        assert rep.count == 2 and all(s.clears for s in rep.best)


def test_ace_either_counts_each_ace_separately_but_per_play_does_not() -> None:
    """A played as 14 takes K + A only if the taken ace counts 1 (13 + 1 = 14)."""
    hand, centre = cards("AS"), cards("AH KD")
    assert {c.taken for c in legal_collections(hand, centre, ace="either")} == {(0,), (0, 1)}
    assert legal_collections(hand, centre, ace="either")[1].choices == (AceChoice(14, 1, 0),)
    assert {c.taken for c in legal_collections(hand, centre, ace="either_per_play")} == {(0,)}
    assert {c.taken for c in legal_collections(hand, centre, ace="high")} == {(0,)}
    assert {c.taken for c in legal_collections(hand, centre, ace="low")} == {(0,)}
    assert z3_is_legal(hand[0], centre, ace="either") and not z3_is_legal(hand[0], centre, ace="either_per_play")


def test_high_aces_cannot_be_taken_by_lower_cards() -> None:
    hand, centre = cards("5S"), cards("AH 4D")
    assert {c.taken for c in legal_collections(hand, centre, ace="either")} == {(0, 1)}
    assert legal_collections(hand, centre, ace="high") == []


def test_king_takes_thirteen_low_aces_with_four_decks() -> None:
    """Four decks: 16 aces; K takes any 13 of them (13 x 1 = 13), C(16, 13) = 560 ways."""
    hand, centre = cards("KS"), cards(" ".join(["AS AH AD AC"] * 4))
    assert legal_counts(hand, centre, ace="either") == [560]
    assert legal_counts(hand, centre, ace="high") == [0]
    rep = best_collections(hand, centre, ace="either", objective="cards", limit=10)
    assert (rep.value, rep.count, len(rep.best), rep.truncated) == (13, 560, 10, True)


def test_clear_objective_when_only_one_hand_card_clears() -> None:
    hand, centre = cards("KS 6H 3D"), cards("6S 6D")
    # K: 6 + 6 = 12 is no multiple of 13; 6: 12 = 2 x 6; 3: a 6 is greater than 3
    for rep in (best_collections(hand, centre, objective="clear"), z3_best_collections(hand, centre, objective="clear")):
        assert rep.keys == {(1, (0, 1))} and rep.value == 6 + 6 + 6 + 1


def test_clear_objective_lists_every_hand_card_that_clears() -> None:
    hand, centre = cards("6S 6H 3D QC"), cards("6D 6C")
    rep = best_collections(hand, centre, objective="clear")
    # 6: 6+6 = 12 = 2x6 (clears); Q: 12 = 1x12 (clears, worth more); 3: a 6 is too big
    assert rep.keys == {(3, (0, 1))} and rep.value == 12 + 6 + 6 + 1
    rep = best_collections(hand, centre, objective="clear", card_points="count")
    assert rep.keys == {(0, (0, 1)), (1, (0, 1)), (3, (0, 1))} and rep.value == 3 + 1
    z = z3_best_collections(hand, centre, objective="clear", card_points="count")
    assert z.keys == rep.keys and z.value == rep.value


@pytest.mark.parametrize("method", ["dp", "z3-optimize", "z3-linear"])
def test_clear_bonus_point_counts_in_the_points_objective(method: str) -> None:
    """000 §Clearing the board: "awarded one point immediately". A takes 9+5 (14+9+5 = 28);
    9 takes 9+4+5 = 18 = 2x9 and clears (9+9+4+5 = 27, +1 = 28): a tie only with the point."""
    hand, centre = cards("AH 9C"), cards("9S 4S 5D")
    if method == "dp":
        rep = best_collections(hand, centre, objective="points")
    else:
        rep = z3_best_collections(hand, centre, objective="points", strategy=method[3:])
    assert rep.value == 28 and rep.keys == {(0, (0, 2)), (1, (0, 1, 2))}
    assert [s.clears for s in rep.best] == [False, True]


# --- DP against the literal brute force ------------------------------------------------------------

@given(deals(max_centre=10))
def test_legal_list_equals_brute_force_over_all_subsets(deal: tuple[list[Card], list[Card]]) -> None:
    hand, centre = deal
    for ace in ACE_OPTIONS:
        brute = brute_legal(hand, centre, ace)
        cols = legal_collections(hand, centre, ace=ace)
        assert {c.key: c.choices for c in cols} == brute
        assert len(cols) == len(brute) == count_legal_collections(hand, centre, ace=ace)
        for c in cols:
            assert ace_choices(c.card, c.cards, ace=ace) == c.choices


@given(deals(max_centre=10), st.sampled_from(CARD_POINTS), st.sampled_from(PLAYED_CARD))
def test_best_equals_brute_force_for_every_objective_and_ace_option(deal: tuple[list[Card], list[Card]],
                                                                    card_points: str, played_card: str) -> None:
    hand, centre = deal
    for ace in ACE_OPTIONS:
        for objective in OBJECTIVES:
            value, keys = brute_best(hand, centre, ace, objective, card_points, played_card)
            rep = best_collections(hand, centre, ace=ace, objective=objective, card_points=card_points,
                                   played_card=played_card, limit=None)
            assert rep.value == value
            assert rep.keys == keys and rep.count == len(keys)


@given(deals(max_centre=30, max_hand=3))
def test_legal_counts_equal_a_position_by_position_count(deal: tuple[list[Card], list[Card]]) -> None:
    hand, centre = deal
    for ace in ACE_OPTIONS:
        assert legal_counts(hand, centre, ace=ace) == [positional_count(h, centre, ace) for h in hand]


@pytest.mark.parametrize("decks", [1, 2])
@pytest.mark.parametrize("ace", ACE_OPTIONS)
def test_whole_deck_centre_counts_and_best(decks: int, ace: str) -> None:
    """The centre holds every card of the deck(s): counts are exact without listing."""
    centre = list(FRENCH52) * decks
    hand = cards("KS 7H AD 2C")
    counts = legal_counts(hand, centre, ace=ace)
    assert counts == [positional_count(h, centre, ace) for h in hand]
    for objective in ("cards", "points"):
        rep = best_collections(hand, centre, ace=ace, objective=objective, limit=50)
        assert rep.value is not None and rep.count >= 1
        for s in rep.best:
            assert ace_choices(s.collection.card, s.collection.cards, ace=ace) == s.collection.choices
            assert (s.cards if objective == "cards" else s.points) == rep.value


def test_whole_deck_king_takes_every_card_but_the_high_aces() -> None:
    """2..K sum to 4 x 90 = 360 = 27 x 13 + 9; four aces as 1 make 364 = 28 x 13."""
    rep = best_collections(cards("KS"), list(FRENCH52), objective="cards")
    assert rep.value == 52 and rep.count == 1 and rep.best[0].clears


@pytest.mark.parametrize("objective", OBJECTIVES)
def test_whole_deck_z3_agrees_on_the_optimum(objective: str) -> None:
    hand, centre = cards("9S 4H"), list(FRENCH52)[::2]  # 26 cards
    dp = best_collections(hand, centre, objective=objective, limit=None)
    z = z3_best_collections(hand, centre, objective=objective, limit=3, strategy="linear")
    assert z.value == dp.value
    assert z.keys <= dp.keys and len(z.keys) == min(3, dp.count)


# --- DP against Z3 --------------------------------------------------------------------------------

Z3_LIMIT = 12


def assert_dp_equals_z3(hand: list[Card], centre: list[Card], ace: str, objective: str, card_points: str,
                        played_card: str, strategy: str) -> None:
    dp = best_collections(hand, centre, ace=ace, objective=objective, card_points=card_points,
                          played_card=played_card, limit=None)
    z = z3_best_collections(hand, centre, ace=ace, objective=objective, card_points=card_points,
                            played_card=played_card, limit=Z3_LIMIT, strategy=strategy)
    assert z.value == dp.value
    dp_choices = {s.collection.key: s.collection.choices for s in dp.best}
    z_choices = {s.collection.key: s.collection.choices for s in z.best}
    if dp.count <= Z3_LIMIT:
        assert z.count_exact and z_choices == dp_choices
    else:
        assert not z.count_exact and len(z_choices) == Z3_LIMIT
        assert all(dp_choices[k] == v for k, v in z_choices.items())


@settings(max_examples=40)
@given(deals(max_centre=20, min_centre=8), st.sampled_from(ACE_OPTIONS), st.sampled_from(OBJECTIVES),
       st.sampled_from(CARD_POINTS), st.sampled_from(PLAYED_CARD))
def test_dp_and_z3_agree_on_optimum_and_optimal_set(deal: tuple[list[Card], list[Card]], ace: str, objective: str,
                                                    card_points: str, played_card: str) -> None:
    hand, centre = deal
    assert_dp_equals_z3(hand, centre, ace, objective, card_points, played_card, "linear")


@settings(max_examples=10)
@given(deals(max_centre=12, max_hand=3), st.sampled_from(ACE_OPTIONS), st.sampled_from(OBJECTIVES))
def test_dp_and_z3_optimize_agree(deal: tuple[list[Card], list[Card]], ace: str, objective: str) -> None:
    hand, centre = deal
    assert_dp_equals_z3(hand, centre, ace, objective, "value", "collected", "optimize")


@pytest.mark.parametrize("ace", ACE_OPTIONS)
@pytest.mark.parametrize("objective", OBJECTIVES)
def test_dp_and_z3_agree_on_an_ace_heavy_deal_for_every_objective_and_option(ace: str, objective: str) -> None:
    hand, centre = cards("AS KH 2D 7C"), cards("AH AD 5S 9H KD 2S 6C AC QS 3H")
    assert_dp_equals_z3(hand, centre, ace, objective, "value", "collected", "linear")


@settings(max_examples=20)
@given(deals(max_centre=6, max_hand=1), st.sampled_from(ACE_OPTIONS))
def test_z3_legality_check_equals_ace_choices(deal: tuple[list[Card], list[Card]], ace: str) -> None:
    hand, centre = deal
    for size in range(1, len(centre) + 1):
        for subset in itertools.combinations(centre, size):
            dp = ace_choices(hand[0], subset, ace=ace)
            assert z3_collection_choices(hand[0], subset, ace=ace) == dp
            assert z3_is_legal(hand[0], subset, ace=ace) == bool(dp)


@settings(max_examples=8)
@given(deals(max_centre=7, max_hand=3), st.sampled_from(ACE_OPTIONS))
def test_z3_lists_every_legal_collection(deal: tuple[list[Card], list[Card]], ace: str) -> None:
    hand, centre = deal
    assert ({c.key: c.choices for c in z3_legal_collections(hand, centre, ace=ace)}
            == {c.key: c.choices for c in legal_collections(hand, centre, ace=ace)})


# --- limits ---------------------------------------------------------------------------------------

def test_listing_limit_keeps_exact_counts() -> None:
    hand, centre = cards("6S"), cards("AS AH AD AC 2S 2H 2D 3S 3H 4C 5D")
    n = count_legal_collections(hand, centre)
    assert len(legal_collections(hand, centre)) == n > 20
    assert len(legal_collections(hand, centre, limit=7)) == 7
    rep = best_collections(hand, centre, objective="cards", limit=3)
    full = best_collections(hand, centre, objective="cards", limit=None)
    assert rep.count == full.count and len(rep.best) == min(3, full.count)
    assert rep.keys <= full.keys


def test_bad_option_is_an_input_error_naming_it() -> None:
    with pytest.raises(InputError, match=r"^ace: "):
        best_collections(HAND, CENTRE, ace="sometimes")
    with pytest.raises(InputError, match=r"^objective: "):
        best_collections(HAND, CENTRE, objective="style")
    with pytest.raises(InputError, match=r"^card_points: "):
        best_collections(HAND, CENTRE, card_points="face")


# --- the CLI --------------------------------------------------------------------------------------

def run(*args: str) -> tuple[int, str, BaseException | None]:
    result = CliRunner().invoke(capture_command, list(args))
    exc = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.output, exc


def test_cli_worked_example_human_output() -> None:
    code, out, exc = run("--hand", "2 3 9 K A", "--centre", "J 2 K 5 6", "--ranks-only")
    assert exc is None and code == 0
    assert "K: 5 collections" in out and "3: none" in out and "A: none" in out
    assert "K takes 2 K 5 6" in out and "26 = 2×13" in out
    code, out, exc = run("--hand", "2S 3S 9S KS AS", "--centre", "JS 2H KH 5S 6S")
    assert exc is None and code == 0
    assert "K♠: 5 collections" in out and "K♠ takes 2♥ K♥ 5♠ 6♠" in out


def test_cli_json_and_both_methods_agree() -> None:
    code, out, exc = run("--hand", "2S,3S,9S,KS,AS", "--centre", "JD,2H,KH,5C,6D", "--objective", "points",
                         "--method", "both", "--json")
    assert exc is None and code == 0
    js = json.loads(out)
    assert js["best"]["value"] == 39 and js["best"]["count"] == 2
    assert js["check"]["agree"] is True and js["check"]["z3"]["value"] == 39
    assert [x["count"] for x in js["legal"]] == [1, 0, 0, 5, 0]
    assert {tuple(c["taken"]) for c in js["best"]["best"]} == {(0, 1, 2), (1, 2, 3, 4)}


def test_cli_reads_the_hand_of_the_player_to_move(tmp_path: Path) -> None:
    pos = {"game": "fools-paradise", "rules": {"ace": "high", "scoring_extra": 3},
           "players": 2, "hands": [["2C", "3C"], ["2S", "3S", "9S", "KS", "AS"]],
           "centre": ["JD", "2H", "KH", "5C", "6D"], "to_move": 1, "stock": ["4D"]}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(pos))
    code, out, exc = run(str(path), "--json")
    assert exc is None and code == 0
    js = json.loads(out)
    assert js["player"] == 1 and js["rules"]["ace"] == "high" and js["best"]["value"] == 4
    code, out, exc = run(str(path), "--player", "0", "--json")
    assert json.loads(out)["best"]["value"] == 1  # the 2 of clubs takes the 2 of hearts


@pytest.mark.parametrize(("pos", "field"), [
    ({"game": "durak"}, "game"),
    ({"game": "fools-paradise", "hands": [["2S"]], "centre": ["2H"], "to_move": 3}, "to_move"),
    ({"game": "fools-paradise", "hands": [["2S"]], "centre": ["ZZ"], "to_move": 0}, r"centre\[0\]"),
    ({"game": "fools-paradise", "hands": [["2S"]], "centre": ["2S"], "to_move": 0}, "centre"),
    ({"game": "fools-paradise", "rules": {"ace": "maybe"}, "hands": [["2S"]], "centre": [], "to_move": 0}, "rules.ace"),
    ({"game": "fools-paradise", "rules": {"decks": 9}, "hands": [["2S"]], "centre": [], "to_move": 0}, "rules.decks"),
])
def test_cli_bad_position_is_an_input_error_naming_the_field(tmp_path: Path, pos: dict[str, object], field: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(pos))
    with pytest.raises(InputError, match=f"^{field}"):
        read_position(str(path))
    _, _, exc = run(str(path))
    assert isinstance(exc, InputError)


def test_capture_takes_the_decks_the_rule_option_takes() -> None:
    """``--decks 99999999999`` was taken (the rule option decks is 1..8)."""
    from foolsolve.solver.fools_paradise import capture_cli
    from foolsolve.spec import fools_paradise

    assert capture_cli.MAX_DECKS == fools_paradise.MAX_DECKS
    with pytest.raises(InputError, match=r"^decks: expected a whole number of decks from 1 to 8, got 9"):
        parse_hand_and_centre("2S", "3S", decks=9)
    assert parse_hand_and_centre("2S 2S", "2S", decks=8)[0] == [FRENCH52.parse("2S")] * 2


def test_cli_bare_ranks_get_distinct_suits_in_order() -> None:
    hand, centre = parse_hand_and_centre("K K", "K 5 5 K", ranks_only=True)
    assert [c.ascii for c in hand] == ["KS", "KH"]
    assert [c.ascii for c in centre] == ["KD", "5S", "5H", "KC"]
    hand, centre = parse_hand_and_centre("K", "K K K K K", decks=2, ranks_only=True)
    assert [c.ascii for c in hand + centre] == ["KS", "KH", "KD", "KC", "KS", "KH"]


@pytest.mark.parametrize(("hand", "centre", "extra", "field"), [
    ("K K", "K K K", ["--ranks-only"], "centre: rank K appears more than 4"),
    ("KS", "K", [], "centre: card 'K' has no suit"),
    ("KS", "KS", [], "centre: duplicate card KS"),
    ("KS", "XX", [], "centre: unknown card"),
    ("KS", "5S", ["--ranks-only"], "hand: 'KS' is not a bare rank"),
])
def test_cli_bad_cards_are_input_errors_naming_the_field(hand: str, centre: str, extra: list[str], field: str) -> None:
    _, _, exc = run("--hand", hand, "--centre", centre, *extra)
    assert isinstance(exc, InputError) and str(exc).startswith(field)


def test_cli_missing_centre_is_an_input_error() -> None:
    _, _, exc = run("--hand", "K")
    assert isinstance(exc, InputError) and str(exc).startswith("--centre")


def test_cli_errors_map_through_a_group_to_one_line() -> None:
    """How the main CLI will see it: the InputError propagates out of the command."""
    @click.group()
    def cli() -> None:
        pass

    cli.add_command(capture_command)
    result = CliRunner().invoke(cli, ["capture", "--hand", "K", "--centre", "Q Q Q Q Q", "--ranks-only"])
    assert isinstance(result.exception, InputError)
    assert "\n" not in str(result.exception)


def test_cli_many_collections_show_a_count_unless_all() -> None:
    args = ["--hand", "6S", "--centre", "AS AH AD AC 2S 2H 2D 3S 3H 4C 5D"]
    n = count_legal_collections(cards("6S"), cards("AS AH AD AC 2S 2H 2D 3S 3H 4C 5D"))
    code, out, exc = run(*args)
    assert exc is None and f"6♠: {n} collections (use --all to list them)" in out
    code, out, exc = run(*args, "--all", "--limit", "5", "--method", "both", "--z3-strategy", "linear")
    assert exc is None and code == 0
    assert f"6♠: {n} collections (first 5 listed)" in out and "DP and Z3 agree" in out
