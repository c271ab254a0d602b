"""Foolery: one test per rule sentence of the seed (004), named after it; the hand classifier
and comparator (every category, ties, five of a kind of each court); each trumping rule; the
reconstructions of RULES-NOTES §5."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from foolsolve.cards import TAROT78
from foolsolve.errors import InputError
from foolsolve.game import IllegalMove
from foolsolve.rules import options_of
from foolsolve.spec.foolery import (
    FIVE_OF_A_KIND,
    FLUSH,
    FULL_HOUSE,
    SPEC,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SUIT_CARDS,
    Combo,
    Rules,
    classify_hand,
    compare_hands,
    deal_sizes,
    skips_next,
    title,
)
from tests.foolery.helpers import hand, legal, moves, play, position

DEFAULT = Rules()
WRAP = Rules(straight_wrap=True)


def cards(text: str) -> list:
    return [TAROT78.parse(t) for t in text.split()]


def kind(text: str, rules: Rules = DEFAULT):
    return classify_hand(cards(text), rules)


# --- 004 intro and §Deal -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_a_game_for_3_to_7_players_using_a_78_card_tarot_pack(players: int) -> None:
    s = SPEC.deal(DEFAULT, players, random.Random(players))
    assert s.players == players and sum(len(h) for h in s.hands) == 78
    assert {c for h in s.hands for c in h} == set(TAROT78)
    for bad in (2, 8):
        with pytest.raises(InputError, match="players"):
            SPEC.deal(DEFAULT, bad, random.Random(0))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_deal_all_the_cards_some_may_get_one_more_than_others(players: int) -> None:
    s = SPEC.deal(DEFAULT, players, random.Random(1), dealer=2)
    sizes = [len(h) for h in s.hands]
    assert max(sizes) - min(sizes) <= 1 and sizes == deal_sizes(players, 2)
    # the extra cards go to the players after the dealer, in turn
    extra = 78 % players
    assert [p for p in range(players) if sizes[p] > 78 // players] == sorted((2 + i) % players
                                                                            for i in range(1, extra + 1))


def test_dealer_leads_the_first_trick_of_the_first_deal() -> None:
    for dealer in range(4):
        s = SPEC.deal(DEFAULT, 4, random.Random(dealer), dealer=dealer)
        assert SPEC.to_move(s) == dealer and s.round == 1 and s.phase == "play"
        assert "pass" not in moves(s)  # a lead is a play


# --- 004 §Lead ------------------------------------------------------------------------------


def test_you_must_play_1_2_3_or_4_cards_of_the_same_rank_or_a_5_card_hand_when_you_lead() -> None:
    s = position("7C 7D 7H 7S 2C 3D 4H 5S 6C KH", "AC", "AD")
    legal_moves = moves(s)
    assert "play 7C" in legal_moves and "play 7C 7D" in legal_moves and "play 7C 7D 7H" in legal_moves
    assert "play 7C 7D 7H 7S" in legal_moves
    assert legal(s, "play 3D 4H 5S 6C 7C")  # a straight
    assert not legal(s, "play 2C 3D")  # two ranks
    assert not legal(s, "play 7C 7D KH")  # three cards, two ranks
    assert not legal(s, "play 7C 7D 7H 7S KH")  # four of a kind and a kicker is no hand
    assert "pass" not in legal_moves


def test_trump_cards_cant_be_included_in_normal_plays_except_for_five_of_a_kind() -> None:
    s = position("7C 7D 7H 7S VII VIII 9C", "AC", "AD")
    assert not legal(s, "play 7C VII")
    assert not legal(s, "play 7C 7D VIII")
    assert legal(s, "play 7C 7D 7H 7S VII")  # five of a kind of sevens
    assert not legal(s, "play 7C 7D 7H 7S VIII")  # not the trump of the same number


# --- 004 §Follow ----------------------------------------------------------------------------


def test_after_the_lead_players_must_play_the_same_number_of_cards_in_an_equal_or_higher_hand() -> None:
    s = position("2C", "8C 8D 9D 9H 10S 10H 5C", "AC", table=[(0, "9C 9S")], to_move=1)
    legal_moves = moves(s)
    assert "play 9D 9H" in legal_moves and "play 10H 10S" in legal_moves  # equal, higher
    assert "play 8C 8D" not in legal_moves  # lower
    assert not any(m.startswith("play") and len(m.split()) == 2 for m in legal_moves if "XX" not in m)  # no singles
    assert "pass" in legal_moves


def test_if_its_an_equal_single_card_or_pair_the_following_player_is_skipped() -> None:
    s = position("2C 3C", "9D 4C", "QC 4D", "JC 5C", table=[(0, "9C")], to_move=1)
    after = play(s, "play 9D")
    assert after.to_move == 3 and after.skipped == 2  # player 2 is skipped
    higher = position("2C 3C", "10D 4C", "QC 4D", "JC 5C", table=[(0, "9C")], to_move=1)
    assert play(higher, "play 10D").to_move == 2  # a higher card skips no one
    pair = position("2C 3C", "9D 9H 4C", "QC 4D", "JC 5C", table=[(0, "9C 9S")], to_move=1)
    assert play(pair, "play 9D 9H").to_move == 3
    triple = position("2C 3C", "3D 3H 3S 4C", "QC 4D", "JC 5C", table=[(0, "2D 2H 2S")], to_move=1)
    assert play(triple, "play 3D 3H 3S").to_move == 2  # a higher triple skips no one
    # An equal triple (or four) is never on offer: the pack has four cards of each suit rank, so after a
    # triple on the table one card of its rank is left. The words "single card or pair" are held where the
    # spec applies them: an equal triple or four would skip no one.
    assert set(Counter(c.rank for c in SUIT_CARDS).values()) == {4}
    assert skips_next(Combo("set", 1, 9), Combo("set", 1, 9)) and skips_next(Combo("set", 2, 9), Combo("set", 2, 9))
    assert not skips_next(Combo("set", 3, 9), Combo("set", 3, 9))
    assert not skips_next(Combo("set", 4, 9), Combo("set", 4, 9))


def test_equal_single_with_two_players_left_wins_the_trick_by_default() -> None:
    s = position("9C 2C", "9D 4C", "", table=[(0, "9H")], to_move=1, places=[None, None, 1])
    after = play(s, "play 9D")
    assert after.table == () and after.to_move == 1  # the matcher wins the trick and leads
    no_skip = position("9C 2C", "9D 4C", "", table=[(0, "9H")], to_move=1, places=[None, None, 1],
                       rules={"skip_with_two": "no_skip"})
    after = play(no_skip, "play 9D")
    assert after.table and after.to_move == 0  # option no_skip: the other player may answer


def test_no_skip_counts_the_players_holding_cards_before_the_matching_play() -> None:
    # 004 §Follow: "If it's an equal single card or pair, the following player is skipped." Option
    # skip_with_two = no_skip cancels the skip only when two players hold cards; a matcher who goes out
    # with her last card made the play among three, so the following player is still skipped.
    from foolsolve.engines.foolery import ENGINE

    s = position("9C 2C", "9D", "QC 4D", table=[(0, "9H")], to_move=1, rules={"skip_with_two": "no_skip"})
    after = play(s, "play 9D")
    assert after.places[1] == 1 and after.skipped == 2 and after.to_move == 0
    e = ENGINE.apply(ENGINE.from_spec(s), ENGINE.move_from_spec(ENGINE.from_spec(s), SPEC.parse_move(s, "play 9D")))
    assert ENGINE.to_spec(e) == after


def test_why_an_equal_single_or_pair_names_the_skipped_player() -> None:
    """004 §Follow "If it's an equal single card or pair, the following player is skipped.": `why` on the
    matching play names the rule and the player skipped; with two players holding cards it names the
    option skip_with_two that decides (trick_won: the matcher wins the trick; no_skip: the other answers)."""
    s = position("2C 3C", "9D 4C", "QC 4D", "JC 5C", table=[(0, "9C")], to_move=1)
    skip = [r for r in SPEC.why_legal(s, SPEC.parse_move(s, "play 9D")) if r.rule == "skips_next"]
    assert [(r.says, r.section, r.quote, r.option) for r in skip] == [
        ("an equal single card: player 2, the following player, is skipped", "Follow",
         "If it's an equal single card or pair, the following player is skipped.", None)]
    higher = position("2C 3C", "10D 4C", "QC 4D", "JC 5C", table=[(0, "9C")], to_move=1)
    assert not [r for r in SPEC.why_legal(higher, SPEC.parse_move(higher, "play 10D")) if r.rule == "skips_next"]
    for option, says in (("trick_won", "player 0, the following player, is skipped; with two players holding cards "
                                       "that wins player 1 the trick"),
                         ("no_skip", "with two players holding cards no one is skipped: player 0 may answer")):
        two = position("9C 2C", "9D 4C", "", table=[(0, "9H")], to_move=1, places=[None, None, 1],
                       rules={"skip_with_two": option})
        (r,) = [r for r in SPEC.why_legal(two, SPEC.parse_move(two, "play 9D")) if r.rule == "skips_next"]
        assert says in r.says and (r.option, r.value) == ("skip_with_two", option)


def test_equal_five_card_hands_may_follow_and_skip_no_one() -> None:
    # RULES-NOTES §5: equal tops are equal hands (allowed, no skip)
    s = position("2C", "3D 4D 5H 6S 7D KC", "QC", "JC", table=[(0, "3C 4C 5C 6C 7H")], to_move=1)
    after = play(s, "play 3D 4D 5H 6S 7D")
    assert after.to_move == 2


# --- 004 §Hands -----------------------------------------------------------------------------


def test_aces_are_low() -> None:
    assert kind("AC 2D 3H 4S 5C") == (STRAIGHT, 5)
    assert kind("10C JD CH QS KC") == (STRAIGHT, 14)
    assert kind("JC CD QH KS AC") is None  # no ace-high straight by default
    assert kind("JC CD QH KS AC", WRAP) == (STRAIGHT, 15)  # option straight_wrap
    s = position("KC", "AC 4C", "QC", table=[(0, "2D")], to_move=1)
    assert not legal(s, "play AC") and legal(s, "play 4C")  # the ace is below the two


@pytest.mark.parametrize("text,expected", [
    ("3C 4D 5H 6S 7C", (STRAIGHT, 7)),
    ("2H 5H 9H JH KH", (FLUSH, 14)),
    ("8C 8D 8H 2S 2C", (FULL_HOUSE, 8)),
    ("5S 6S 7S 8S 9S", (STRAIGHT_FLUSH, 9)),
    ("7C 7D 7H 7S VII", (FIVE_OF_A_KIND, 7)),
    ("AC AD AH AS I", (FIVE_OF_A_KIND, 1)),
    ("2C 2D 3H 3S 4C", None),
    ("2C 2D 2H 2S 4C", None),
    ("2C 4D 6H 8S 10C", None),
])
def test_5_card_hands_every_category(text: str, expected) -> None:
    assert kind(text) == expected


def test_5_card_hands_lowest_to_highest_straight_flush_full_house_straight_flush_five_of_a_kind() -> None:
    ladder = ["9C 10D JH CS QC", "2H 3H 4H 5H 7H", "2C 2D 2H 3S 3C", "AS 2S 3S 4S 5S", "AC AD AH AS I"]
    for low, high in itertools.pairwise(ladder):
        assert compare_hands(cards(low), cards(high), DEFAULT) == -1
        assert compare_hands(cards(high), cards(low), DEFAULT) == 1


@pytest.mark.parametrize("court,trump", [("J", "XI"), ("C", "XII"), ("Q", "XIII"), ("K", "XIV")])
def test_five_of_a_kind_includes_a_trump_card_11_jack_12_cavalier_13_queen_14_king(court: str, trump: str) -> None:
    four = " ".join(court + s for s in "CDHS")
    number = {"XI": 11, "XII": 12, "XIII": 13, "XIV": 14}[trump]
    assert kind(f"{four} {trump}") == (FIVE_OF_A_KIND, number)
    wrong = {"XI": "XII", "XII": "XIII", "XIII": "XIV", "XIV": "XV"}[trump]
    assert kind(f"{four} {wrong}") is None
    s = position(f"{four} {trump} 2C", "AC", "AD")
    assert legal(s, f"play {four} {trump}")


def test_highest_card_counts_except_in_the_full_house_where_the_set_of_3_determines_it() -> None:
    assert compare_hands(cards("2H 5H 9H JH KH"), cards("3C 4C 5C 6C QC"), DEFAULT) == 1  # flush by top card
    assert compare_hands(cards("2H 5H 9H JH KH"), cards("AC 4C 5C 6C KC"), DEFAULT) == 0  # equal tops: equal
    assert compare_hands(cards("3C 3D 3H KS KC"), cards("4C 4D 4H 2S 2C"), DEFAULT) == -1  # the triple decides
    assert compare_hands(cards("4C 5D 6H 7S 8C"), cards("3C 4D 5H 6S 7C"), DEFAULT) == 1


def test_why_a_lower_full_house_cites_the_set_of_3_sentence_and_no_straight_option() -> None:
    """004 §Hands "Highest card counts for determining whether a hand is equal or higher, except in the Full
    House where the set of 3 determines it.": `why` cites that sentence for a full house to 7 on one to 8,
    and no straight_wrap (aces high in a straight) where no straight is compared."""
    s = position("9C", "7C 7D 7H KC KD 2D", "4C JC XX", table=[(0, "8C 8D 8H 2C 2S")], to_move=1)
    (r,) = SPEC.why_illegal(s, SPEC.read_move(s, "play 7C 7D 7H KC KD"))
    assert (r.rule, r.section, r.option) == ("equal_or_higher", "Hands", None)
    assert r.quote == "Highest card counts for determining whether a hand is equal or higher, except in the Full " \
                      "House where the set of 3 determines it."
    flush = position("9C", "2D 5D 9D JD 10D", "4C JC XX", table=[(0, "8C 8D 8H 2C 2S")], to_move=1)
    (r,) = SPEC.why_illegal(flush, SPEC.read_move(flush, "play 2D 5D 9D JD 10D"))
    assert (r.section, r.option) == ("Hands", None) and r.quote.startswith("5-card hands, lowest to highest")
    straight = position("9C", "AD 2H 3H 4S 5C", "4C JC XX", table=[(0, "2C 3C 4D 5D 6H")], to_move=1)
    (r,) = SPEC.why_illegal(straight, SPEC.read_move(straight, "play AD 2H 3H 4S 5C"))
    assert r.option == "straight_wrap"  # an ace in a straight: the option decides how it counts


def test_there_is_no_order_of_suits_all_suits_are_equal() -> None:
    assert compare_hands(cards("3S 4S 5S 6S 7S"), cards("3C 4C 5C 6C 7C"), DEFAULT) == 0
    s = position("2C", "9C 4C", "QC", table=[(0, "9S")], to_move=1)
    assert legal(s, "play 9C")  # a club matches a spade of the same rank
    assert play(s, "play 9C").to_move == 0  # equal single: player 2 skipped, back to player 0 who may beat it


# --- 004 §Trumping --------------------------------------------------------------------------


def test_if_you_cant_or_dont_wish_to_beat_a_play_with_normal_cards_you_can_trump_it() -> None:
    s = position("2C", "KC I", "QC", table=[(0, "3D")], to_move=1)
    assert legal(s, "play KC") and legal(s, "play I")


def test_any_3_trumps_beat_5_cards() -> None:
    s = position("2C", "I II III IV", "QC", table=[(0, "3C 4D 5H 6S 7C")], to_move=1)
    assert legal(s, "play I II III") and not legal(s, "play I II") and not legal(s, "play I")


def test_any_2_trumps_beat_3_or_4_cards() -> None:
    for lead in ("3C 3D 3H", "3C 3D 3H 3S"):
        s = position("2C", "I II III", "QC", table=[(0, lead)], to_move=1)
        assert legal(s, "play I II") and not legal(s, "play I") and not legal(s, "play I II III")


def test_any_1_trump_beats_1_or_2_cards() -> None:
    for lead in ("KC", "KC KD"):
        s = position("2C", "I II", "QC", table=[(0, lead)], to_move=1)
        assert legal(s, "play I") and not legal(s, "play I II")


def test_in_order_to_beat_3_trumps_you_must_play_exactly_2_trumps() -> None:
    s = position("XVII", "XX XXI XIX", "QC", table=[(0, "I II X")], to_move=1)
    assert legal(s, "play XX XXI") and not legal(s, "play XIX XX XXI") and not legal(s, "play XXI")


def test_to_beat_2_trumps_you_must_play_exactly_1_trump() -> None:
    s = position("XVII", "XX XXI", "QC", table=[(0, "I X")], to_move=1)
    assert legal(s, "play XXI") and not legal(s, "play XX XXI")


def test_why_under_the_variation_cites_three_trumps_to_beat_three_trumps() -> None:
    """004 §Variation "require three trumps to beat three trumps, and two trumps to beat two trumps": with
    trump_beats_trump = same, `why` against one trump on two cites that sentence and the option; under the
    default it cites §Trumping's counts."""
    same = position("XVII", "XX", "QC", table=[(0, "II XIX")], to_move=1, rules={"trump_beats_trump": "same"})
    (r,) = SPEC.why_illegal(same, SPEC.read_move(same, "play XX"))
    assert (r.rule, r.section, r.option, r.value) == ("trumps_needed", "Variation", "trump_beats_trump", "same")
    assert "require three trumps to beat three trumps, and two trumps to beat two trumps" in r.quote
    fewer = position("XVII", "XX XXI", "QC", table=[(0, "II XIX")], to_move=1)
    (r,) = SPEC.why_illegal(fewer, SPEC.read_move(fewer, "play XX XXI"))
    assert (r.section, r.option, r.value) == ("Trumping", "trump_beats_trump", "fewer")


def test_a_single_trump_can_be_beaten_by_a_single_higher_trump() -> None:
    s = position("XVII", "IV VI", "QC", table=[(0, "V")], to_move=1)
    assert legal(s, "play VI") and not legal(s, "play IV")


def test_higher_trumps_are_needed_to_beat_lower_ones() -> None:
    s = position("XVII", "II III IX", "QC", table=[(0, "I X")], to_move=1)
    assert not legal(s, "play IX")  # the pair's top is X
    s = position("XVII", "XI", "QC", table=[(0, "I X")], to_move=1)
    assert legal(s, "play XI")


def test_even_when_trumping_5_of_a_kind_you_must_play_the_viii_or_higher_against_sevens() -> None:
    s = position("2C", "I II IV VI VIII", "QC", table=[(0, "7C 7D 7H 7S VII")], to_move=1)
    assert not legal(s, "play I II VI") and legal(s, "play I II VIII")


def test_only_the_highest_trump_in_a_set_played_counts_for_beating_purposes() -> None:
    s = position("XVII", "I XXI XIX", "QC", table=[(0, "XX XVIII II")], to_move=1)
    assert legal(s, "play I XXI")  # top XXI beats top XX, whatever the low card
    assert not legal(s, "play I XIX")


def test_variation_three_trumps_to_beat_three_and_two_to_beat_two() -> None:
    same = {"trump_beats_trump": "same"}
    s = position("XVII", "XIX XX XXI", "QC", table=[(0, "I II X")], to_move=1, rules=same)
    assert legal(s, "play XIX XX XXI") and not legal(s, "play XX XXI")
    s = position("XVII", "XX XXI", "QC", table=[(0, "I X")], to_move=1, rules=same)
    assert legal(s, "play XX XXI") and not legal(s, "play XXI")
    s = position("XVII", "XX XXI", "QC", table=[(0, "X")], to_move=1, rules=same)
    assert legal(s, "play XXI")


def test_you_cant_lead_trump_unless_thats_all_you_have() -> None:
    s = position("2C I II", "AC", "AD")
    assert not any(m.startswith("play I") for m in moves(s))


def test_after_which_you_may_lead_one_two_or_three_trumps_at_once() -> None:
    s = position("I II III IV Fool", "AC", "AD")
    got = moves(s)
    assert "play I" in got and "play I II" in got and "play I II III" in got
    assert not legal(s, "play I II III IV") and not legal(s, "play Fool")
    assert len(got) == 4 + 6 + 4


# --- 004 §Fool ------------------------------------------------------------------------------


def test_the_fool_beats_everything_and_always_ends_the_trick() -> None:
    for top in ("XXI", "XIX XX XXI", "7C 7D 7H 7S VII", "KC"):
        s = position("XVII XVIII", "Fool 5D", "QC", table=[(0, top)], to_move=1)
        after = play(s, "play Fool")
        assert after.table == () and after.to_move == 1  # trick over, the Fool's player leads
        assert "Fool" in {c.ascii for c in after.discard()}


def test_the_fool_can_be_played_at_any_time_unlike_other_trumps() -> None:
    s = position("2C 9C", "Fool 5D", "QC", table=[(0, "3C 4D 5H 6S 7C")], to_move=1)
    assert legal(s, "play Fool")


def test_the_fool_cant_be_led_and_cant_be_used_in_a_set_of_2_or_3_trumps() -> None:
    s = position("Fool 5D I", "AC", "QC")
    assert not legal(s, "play Fool")
    s = position("2C", "Fool I II", "QC", table=[(0, "3C 3D 3H")], to_move=1)
    assert not legal(s, "play Fool I") and legal(s, "play I II")
    s = position("2C", "Fool I II", "QC", table=[(0, "3C 4D 5H 6S 7C")], to_move=1)
    assert not legal(s, "play Fool I II")


def test_stuck_with_the_fool_and_nothing_else_to_lead_you_are_the_peasant() -> None:
    # player 1 wins the trick with their last suit card, holding only the Fool to lead
    s = position("2C", "KC Fool", "3C 4C", "5C", table=[(0, "QC")], to_move=1)
    after = play(s, "play KC", "pass", "pass", "pass")
    assert after.places[1] == 4  # Peasant of four, at once (RULES-NOTES §5)
    assert after.to_move == 2 and after.table == ()
    from foolsolve.engines.foolery import ENGINE  # the engine settles it on its own

    e, t = ENGINE.from_spec(s), s
    for text in ("play KC", "pass", "pass", "pass"):
        m = SPEC.parse_move(t, text)
        e, t = ENGINE.apply(e, ENGINE.move_from_spec(e, m)), SPEC.apply(t, m)
    assert ENGINE.key(e) == ENGINE.key(ENGINE.from_spec(after)) and ENGINE.to_move(e) == 2
    end = play(after, "play 3C", "pass", "pass", "play 4C", "play 5C")  # player 2 out first, then player 3
    res = SPEC.result(end)
    assert res is not None and res.details[1][1][1] == "Peasant" and res.payoffs[1] == -2


def test_fool_as_last_card_goes_out() -> None:
    s = position("2C 9D", "Fool", "3C 4C", table=[(0, "QC")], to_move=1)
    after = play(s, "play Fool")
    assert after.places[1] == 1  # first out: King


# --- 004 §Passing ---------------------------------------------------------------------------


def test_you_may_pass_your_turn_if_you_cannot_or_do_not_wish_to_play() -> None:
    s = position("2C", "KC", "QC", table=[(0, "3C")], to_move=1)
    assert "pass" in moves(s) and "play KC" in moves(s)
    s = position("2C", "AC", "QC", table=[(0, "3C")], to_move=1)
    assert moves(s) == ["pass"]


def test_if_no_one_can_or_will_play_the_last_person_to_play_wins_the_trick_and_starts_the_next_one() -> None:
    s = position("2C 5C", "KC", "QC", table=[(0, "3C")], to_move=1)
    after = play(s, "pass", "pass")
    assert after.table == () and after.to_move == 0 and "pass" not in moves(after)


def test_all_played_cards_are_set_aside_in_a_pile() -> None:
    s = position("2C 5C", "KC 9C", "QC 8C", table=[(0, "3C")], to_move=1)
    after = play(s, "play KC", "pass", "pass")
    assert {"3C", "KC"} <= {c.ascii for c in after.discard()} and after.table == ()


def test_pass_is_not_final_by_default_and_final_with_the_option() -> None:
    s = position("2C 5C", "KC 9C", "4C AC", table=[(0, "3C")], to_move=1)
    after = play(s, "pass", "play 4C")  # player 2 plays; player 1 passed earlier
    assert after.to_move == 0
    after = play(after, "play 5C")
    assert after.to_move == 1 and "play 9C" in moves(after)  # passed, may play again
    final = position("2C 5C", "KC 9C", "4C AC", table=[(0, "3C")], to_move=1, rules={"pass_is_final": True})
    after = play(final, "pass", "play 4C", "play 5C")
    assert after.to_move == 2  # player 1 is out of this trick


def test_when_the_trick_winner_has_gone_out_the_lead_passes_to_the_next_player_holding_cards() -> None:
    s = position("2C 5C", "KC", "QC 3D", "4H 6H", table=[(0, "3C")], to_move=1)
    after = play(s, "play KC")
    assert after.places[1] == 1  # out at once: King
    after = play(after, "pass", "pass", "pass")
    assert after.table == () and after.to_move == 2


# --- 004 §Titles ----------------------------------------------------------------------------


def test_titles_king_prince_nobles_merchant_peasant() -> None:
    assert [title(p, 6) for p in range(1, 7)] == ["King", "Prince", "Noble", "Noble", "Merchant", "Peasant"]
    assert [title(p, 4) for p in range(1, 5)] == ["King", "Prince", "Merchant", "Peasant"]


def test_no_princes_or_merchants_if_with_three_players() -> None:
    assert [title(p, 3) for p in range(1, 4)] == ["King", "Noble", "Peasant"]


def test_finishing_order_gives_the_payoffs_zero_sum() -> None:
    s = position("2C", "KC", "", places=[None, None, 1], table=[(1, "QC")], to_move=0)
    res = SPEC.result(play(s, "pass", "play KC"))
    assert res is not None and res.payoffs == (-2, 0, 2) and res.label == "King: player 2, Noble: player 1, Peasant: player 0"


@pytest.mark.parametrize("payoffs", ["titles", "king_peasant", "places"])
def test_payoffs_the_payoff_range_is_the_first_and_the_last_places_for_every_player_count(payoffs: str) -> None:
    """Option payoffs (reconstructed): the range a seat's intervals are cut to, OpenSpiel's utilities and
    IS-MCTS's normalisation read (``utility_range``, ``payoff_range``) is the first place's payoff
    and the last's, for the rules and the player count: under ``places`` +-(n - 1) / 2, so +-5/2
    with six players and +-3 with seven (the old +-2 cut those off). The engine (and the solver,
    which reads the engine's table) pays every place as the spec does."""
    from foolsolve.engines.foolery import place_payoff as engine_payoff
    from foolsolve.spec.foolery import META, place_payoff

    rules = Rules(payoffs=payoffs)
    for n in range(3, 8):
        pays = [place_payoff(pl, n, rules) for pl in range(1, n + 1)]
        assert pays == [engine_payoff(payoffs, pl, n) for pl in range(1, n + 1)]
        lo, hi = SPEC.utility_range(rules, n)
        assert (lo, hi) == (min(pays), max(pays))
        assert META.utility_bounds[0] <= lo and hi <= META.utility_bounds[1]
        state = SPEC.deal(rules, n, random.Random(n))
        assert SPEC.payoff_range(state) == (lo, hi)
    if payoffs == "places":
        assert SPEC.utility_range(rules, 6) == (-2.5, 2.5) and SPEC.utility_range(rules, 7) == (-3, 3)
        assert META.utility_bounds == (-3, 3)
    else:
        assert SPEC.utility_range(rules, 7) == ((-2, 2) if payoffs == "titles" else (-1, 1))


# --- 004 §Later rounds ----------------------------------------------------------------------


def test_rounds_after_the_first_the_merchant_deals_and_the_king_gets_the_first_turn() -> None:
    previous = [3, 1, 5, 2, 4]  # player 1 King, 3 Prince, 0 Noble, 4 Merchant, 2 Peasant
    s = SPEC.deal(DEFAULT, 5, random.Random(4), previous=previous)
    assert s.dealer == 4 and s.round == 2
    while s.phase != "play":
        s = SPEC.apply(s, SPEC.legal_moves(s)[0])
    assert s.to_move == 1


def test_the_king_gets_the_peasants_two_highest_cards_and_gives_any_two_of_his_choice() -> None:
    previous = [3, 1, 4, 2]  # player 1 King, 3 Prince, 0 Merchant, 2 Peasant
    rng = random.Random(9)
    s = SPEC.deal(DEFAULT, 4, rng, previous=previous)
    assert s.phase == "peasant_gives" and s.to_move == 2  # the Peasant hands over her two highest
    given = SPEC.legal_moves(s)[0]
    s = SPEC.apply(s, given)
    assert s.phase == "king_gives" and s.to_move == 1
    assert all(c in s.hands[1] for c in given.cards)  # type: ignore[union-attr]
    assert len(s.hands[1]) == len(s.hands[2]) + 4  # the King holds two more, the Peasant two fewer
    king_cards = [c for c in s.hands[1] if c.ascii != "Fool"]
    assert len(moves(s)) == len(king_cards) * (len(king_cards) - 1) // 2  # any two, his choice
    give = SPEC.legal_moves(s)[0]
    after = SPEC.apply(s, give)
    assert all(c in after.hands[2] for c in give.cards)  # type: ignore[union-attr]


def test_the_peasants_two_highest_are_by_rank_trumps_first_never_the_fool() -> None:
    from foolsolve.spec.foolery import highest_choices

    def texts(hand: str, k: int) -> list[list[str]]:
        return [[c.ascii for c in x] for x in highest_choices(cards(hand), k)]

    assert texts("Fool KC KS 2H I", 2) == [["KC", "I"], ["KS", "I"]]
    assert texts("Fool KC KS 2H", 2) == [["KC", "KS"]]
    assert texts("Fool XX I KD", 2) == [["I", "XX"]]


def test_equal_highest_cards_are_the_givers_choice_there_is_no_order_of_suits() -> None:
    # 004 §Hands: "There is no order of suits - all suits are equal." Among equal highest cards the giver
    # chooses (a move), in the spec and in the engine; no hidden suit order picks one.
    from foolsolve.engines.foolery import ENGINE
    from foolsolve.spec.foolery import is_trump

    s = SPEC.deal(DEFAULT, 4, random.Random(3), previous=[3, 1, 4, 2])  # player 2 is the Peasant
    obj = SPEC.state_to_json(s)
    hands = [list(h) for h in obj["hands"]]
    # hand the Peasant's trumps and the Kings she lacks to and from the others, card for card, so that her
    # highest cards are three or four Kings of equal rank
    for q in (0, 1, 3):
        for c in list(hands[q]):
            if c[0] == "K":
                low = next(x for x in hands[2] if x[0] in "23456789" and x[-1] in "CDHS")
                hands[q][hands[q].index(c)], hands[2][hands[2].index(low)] = low, c
    for c in [x for x in hands[2] if is_trump(TAROT78.parse(x))]:
        low = next(x for x in hands[0] if x[0] in "23456789" and x[-1] in "CDHS")
        hands[0][hands[0].index(low)], hands[2][hands[2].index(c)] = c, low
    obj["hands"] = hands
    s = SPEC.state_from_json(obj)
    assert moves(s) == ["give KC KD", "give KC KH", "give KC KS", "give KD KH", "give KD KS", "give KH KS"]
    e = ENGINE.from_spec(s)
    assert sorted(str(ENGINE.move_to_spec(e, m)) for m in ENGINE.legal_moves(e)) == moves(s)
    other = next(x for x in hands[2] if x[0] != "K" and x != "Fool")
    assert [r.rule for r in SPEC.why_illegal(s, SPEC.read_move(s, f"give KC {other}"))] == ["highest_cards"]


def test_the_prince_and_merchant_similarly_exchange_a_single_card() -> None:
    previous = [3, 1, 4, 2]
    s = SPEC.deal(DEFAULT, 4, random.Random(2), previous=previous)
    s = SPEC.apply(s, SPEC.legal_moves(s)[0])  # the Peasant's two highest
    s = SPEC.apply(s, SPEC.legal_moves(s)[0])  # the King's two
    assert s.phase == "merchant_gives" and s.to_move == 0  # the Merchant's highest
    assert all(len(m.cards) == 1 for m in SPEC.legal_moves(s))  # type: ignore[union-attr]
    s = SPEC.apply(s, SPEC.legal_moves(s)[0])
    assert s.phase == "prince_gives" and s.to_move == 3
    assert all(len(m.cards) == 1 for m in SPEC.legal_moves(s))  # type: ignore[union-attr]
    sizes = [len(h) for h in s.hands]
    s = SPEC.apply(s, SPEC.legal_moves(s)[0])
    assert [len(h) for h in s.hands][3] == sizes[3] - 1 and s.phase == "play"


def test_the_merchants_highest_card_by_rank_goes_to_the_prince_in_the_engine_too() -> None:
    # 004 §Later rounds: "The Prince and Merchant similarly exchange a single card." Five players: the Merchant
    # (fourth, player 3) holds no trump once his five are swapped for low cards: his highest is the Cavalier of
    # hearts, not his highest spade (4S).
    import json

    from foolsolve import games
    from foolsolve.conformance import lockstep
    from foolsolve.engines.foolery import ENGINE
    from foolsolve.reference import perft_files

    perft = json.loads(perft_files("foolery")[0].read_text(encoding="utf-8"))
    obj = next(e["position"] for e in perft["positions"] if e["name"] == "foolery-later-round-exchange")
    trumps, low = ["II", "V", "XV", "XVI", "XX"], ["2C", "4C", "7C", "4D", "4S"]
    obj["hands"][3] = [c for c in obj["hands"][3] if c not in trumps] + low
    obj["hands"][4] = [c for c in obj["hands"][4] if c not in low] + trumps
    s = SPEC.apply(SPEC.state_from_json(obj), SPEC.legal_moves(SPEC.state_from_json(obj))[0])
    assert s.phase == "merchant_gives" and s.to_move == 3
    assert moves(s) == ["give CH"]
    after = SPEC.apply(s, SPEC.legal_moves(s)[0])
    assert "CH" in hand(after, 0) and "CH" not in hand(after, 3)  # player 0 is the Prince
    assert lockstep(games.get("foolery"), s, random.Random(1), max_steps=3) is None
    assert ENGINE.key(ENGINE.apply(ENGINE.from_spec(s), ENGINE.legal_moves(ENGINE.from_spec(s))[0])) \
        == ENGINE.key(ENGINE.from_spec(after))


def test_three_players_have_no_prince_and_merchant_exchange() -> None:
    s = SPEC.deal(DEFAULT, 3, random.Random(2), previous=[2, 1, 3])
    s = SPEC.apply(s, SPEC.legal_moves(s)[0])
    s = SPEC.apply(s, SPEC.legal_moves(s)[0])
    assert s.phase == "play" and s.to_move == 1


def test_the_fool_may_under_no_circumstances_be_passed() -> None:
    seen_peasant_fool = False
    for seed in range(40):
        # the same shuffle dealt as a first round (dealer 2, the Merchant of [1, 2, 3, 4]) and as a later one
        first = SPEC.deal(DEFAULT, 4, random.Random(seed), dealer=2)
        s = SPEC.deal(DEFAULT, 4, random.Random(seed), previous=[1, 2, 3, 4])
        fool_holder = next(p for p, h in enumerate(first.hands) if any(c.ascii == "Fool" for c in h))
        seen_peasant_fool |= fool_holder == 3
        assert "Fool" in hand(s, fool_holder)  # the King never takes it
        while s.phase != "play":
            assert all("Fool" not in str(m) for m in SPEC.legal_moves(s))  # nor gives it
            s = SPEC.apply(s, SPEC.legal_moves(s)[-1])
        assert "Fool" in hand(s, fool_holder)
    assert seen_peasant_fool


# --- the rule options ---------------------------------------------------------------------


def test_every_open_point_of_rules_notes_5_is_an_option_with_its_default() -> None:
    opts = {o.name: o for o in options_of(Rules)}
    assert opts["trump_beats_trump"].default == "fewer" and opts["trump_beats_trump"].choices == ("fewer", "same")
    assert opts["pass_is_final"].default is False
    assert opts["straight_wrap"].default is False
    assert opts["skip_with_two"].default == "trick_won"


def test_random_rounds_end_with_every_place_taken() -> None:
    rng = random.Random(5)
    for _ in range(5):
        from foolsolve.games.foolery import random_game

        s = random_game(rng)
        while SPEC.legal_moves(s):
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
        res = SPEC.result(s)
        assert res is not None and sum(res.payoffs) == 0
        assert sorted(Counter(s.places)) == list(range(1, s.players + 1))
        _ = hand(s, 0)


def test_a_give_is_written_give_in_the_exchange() -> None:
    s = SPEC.deal(DEFAULT, 4, random.Random(9), previous=[3, 1, 4, 2])
    give = SPEC.legal_moves(s)[0]
    text = str(give)
    assert text.startswith("give ") and SPEC.parse_move(s, text) == give
    for word in ("play", "take", "pass"):
        with pytest.raises(IllegalMove, match="is not legal here"):
            SPEC.parse_move(s, word + text[len("give"):])


@pytest.mark.parametrize("choice, leader", [("next_player", 1), ("last_player", 3)])
def test_lead_after_out_when_the_trick_winner_has_gone_out(choice: str, leader: int) -> None:
    # 004 §Passing: "the last person to play wins the trick and starts the next one" (silent when she has gone
    # out): RECONSTRUCTION, option lead_after_out: the next player after her, or the last player of the trick
    # still holding cards. The engine agrees.
    from foolsolve.engines.foolery import ENGINE

    s = position("9C", "2C 3C", "4D 5D", "6H 7H", table=[(3, "8C")], to_move=0, rules={"lead_after_out": choice})
    after = play(s, "play 9C", "pass", "pass", "pass")
    assert after.places[0] == 1 and after.table == () and after.to_move == leader
    e = ENGINE.from_spec(s)
    for text in ("play 9C", "pass", "pass", "pass"):
        e = ENGINE.apply(e, ENGINE.move_from_spec(e, SPEC.parse_move(ENGINE.to_spec(e), text)))
    assert ENGINE.to_spec(e) == after


@pytest.mark.parametrize("choice, payoffs", [("titles", (2, 1, -1, -2)), ("king_peasant", (1, 0, 0, -1)),
                                             ("places", (Fraction(3, 2), Fraction(1, 2), Fraction(-1, 2),
                                                         Fraction(-3, 2)))])
def test_payoffs_per_place_are_an_option(choice: str, payoffs: tuple) -> None:
    # 004 §Titles gives titles, no scores: RECONSTRUCTION, option payoffs (zero-sum, better places never pay less)
    from foolsolve.engines.foolery import ENGINE

    s = position("", "", "2C", "3C", table=[(2, "2D")], places=[1, 2, None, None], to_move=3,
                 rules={"payoffs": choice})
    end = play(s, "play 3C")  # player 3 goes out third, player 2 is the Peasant
    res = SPEC.result(end)
    assert res is not None and res.payoffs == (payoffs[0], payoffs[1], payoffs[3], payoffs[2])
    assert ENGINE.result(ENGINE.from_spec(end)) == res
