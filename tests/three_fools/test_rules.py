"""Three Fools (seed 002): one test per rule sentence, named after it, on the spec."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import permutations

import pytest

from foolsolve.cards import PILATCH45
from foolsolve.game import CHANCE
from foolsolve.spec.three_fools import (
    DOWN,
    FLIP,
    FOLLOW,
    LEAD,
    OVER,
    ROSHAMBO,
    SPEC,
    TIE,
    UP,
    Rules,
    roshambo_odds,
    round_winner,
)
from tests.three_fools.helpers import position, state

C = PILATCH45.parse


def cards(*texts: str) -> tuple:
    return tuple(C(t) for t in texts)


def fresh(seed: int = 1, **rules) -> object:
    return SPEC.deal(Rules(**rules), 3, random.Random(seed))


# --- setup ---------------------------------------------------------------------------------------

def test_shuffle_and_split_the_deck_into_three_piles_of_fifteen():
    s = fresh()
    assert [len(p) for p in s.piles] == [15, 15, 15]
    assert sorted(c for p in s.piles for c in p) == sorted(PILATCH45)
    assert fresh(1).piles != fresh(2).piles


def test_randomly_determine_who_will_go_first():
    s = fresh()
    assert SPEC.to_move(s) == CHANCE
    assert [(str(m), p) for m, p in SPEC.chance_outcomes(s)] == [(f"first {i}", Fraction(1, 3)) for i in range(3)]
    for i in range(3):
        assert SPEC.play(s, f"first {i}").leader == i


def test_place_a_binary_card_in_the_center_starting_down():
    assert fresh().binary == DOWN
    assert fresh(binary_start=UP).binary == UP


def test_each_players_maximum_hand_size_is_four_or_up_to_five():
    s = SPEC.play(fresh(), "first 0")
    assert [len(h) for h in s.hands] == [4, 4, 4] and s.max_hand == (4, 4, 4)
    s = SPEC.play(fresh(max_hand=5), "first 0")
    assert [len(h) for h in s.hands] == [5, 5, 5]


# --- rounds of play -----------------------------------------------------------------------------

def test_each_player_with_fewer_cards_draws_from_her_pile_to_reach_her_maximum():
    s = fresh()
    top = [p[:4] for p in s.piles]
    s = SPEC.play(s, "first 1")
    assert [sorted(h) for h in s.hands] == [sorted(t) for t in top]
    assert [len(p) for p in s.piles] == [11, 11, 11]
    s = SPEC.play(s, "keep", f"lead {min(s.hands[1]).ascii} as R", f"play {min(s.hands[2]).ascii}",
                  f"play {min(s.hands[0]).ascii}")
    if SPEC.to_move(s) == CHANCE:
        s = SPEC.play(s, "roshambo 0")
    assert all(len(h) == s.max_hand[p] for p, h in enumerate(s.hands))


def test_a_short_pile_gives_what_it_has():
    obj = position([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["5R", "6R"]], [None, None, []], fill=(0, 1))
    s = SPEC.play(SPEC.state_from_json(obj), "keep", "lead 1R as R", "play 1P", "play 5R")
    assert s.phase == FLIP and len(s.hands[2]) == 1 and not s.piles[2]


def test_whoever_is_going_first_may_flip_the_binary_card():
    s = state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]])
    assert [str(m) for m in SPEC.legal_moves(s)] == ["keep", "flip"]
    assert SPEC.play(s, "flip").binary == UP and SPEC.play(s, "keep").binary == DOWN
    assert SPEC.play(s, "flip").phase == LEAD


def test_it_stays_as_left_for_the_next_round():
    s = state([["1R", "2R", "3R", "4R"], ["5R", "2P", "3P", "4P"], ["6R", "2S", "3S", "4S"]])
    s = SPEC.play(s, "flip", "lead 1R as R", "play 5R", "play 6R")  # UP: 6R wins
    assert s.leader == 2 and s.binary == UP


def test_she_chooses_a_card_and_declares_its_suit_or_lies():
    s = SPEC.play(state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]]), "keep")
    texts = [str(m) for m in SPEC.legal_moves(s)]
    assert len(texts) == 12 and texts[:3] == ["lead 1R as R", "lead 1R as P", "lead 1R as S"]
    after = SPEC.play(s, "lead 3R as S")
    assert after.declared == C("1S").suit and after.centre[0] == C("3R") and C("3R") not in after.hands[0]


def test_the_other_players_each_put_one_card_face_down():
    s = SPEC.play(state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]], leader=1),
                  "keep", "lead 1P as P")
    assert s.phase == FOLLOW and SPEC.to_move(s) == 2
    assert [str(m) for m in SPEC.legal_moves(s)] == ["play 1S", "play 2S", "play 3S", "play 4S"]
    s = SPEC.play(s, "play 2S")
    assert SPEC.to_move(s) == 0
    view = SPEC.observation(s, 0)
    assert view["centre"] == [None, "down", "down"]
    assert "1P" not in json.dumps(view) and "2S" not in json.dumps(view)


def test_followers_choose_without_seeing_each_others_card():
    base = SPEC.play(state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]]),
                     "keep", "lead 1R as P")
    a, b = SPEC.play(base, "play 1P"), SPEC.play(base, "play 4P")
    assert SPEC.information_state(a, 2) == SPEC.information_state(b, 2)
    assert SPEC.information_state(a, 1) != SPEC.information_state(b, 1)
    # nor does anyone see the lead
    c = SPEC.play(SPEC.play(state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]]),
                            "keep"), "lead 2R as P")
    assert SPEC.information_state(c, 1) == SPEC.information_state(base, 1)


def test_when_each_player_has_done_so_all_are_revealed():
    s = state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]])
    s = SPEC.play(s, "keep", "lead 1R as P", "play 1P", "play 1S")
    assert s.phase == ROSHAMBO
    for p in range(3):
        assert SPEC.observation(s, p)["centre"] == ["1R", "1P", "1S"]
    s = SPEC.play(s, "roshambo 2")
    for p in range(3):
        assert SPEC.observation(s, p)["rounds"][-1]["cards"] == ["1R", "1P", "1S"]


# --- the round winner ---------------------------------------------------------------------------

def test_one_suit_the_highest_ranked_wins_when_the_binary_card_is_up():
    assert round_winner(cards("3R", "AR", "7R"), UP) == 1
    assert round_winner(cards("1P", "2P", "KP"), UP) == 2


def test_one_suit_the_lowest_ranked_wins_when_the_binary_card_is_down():
    assert round_winner(cards("3R", "AR", "7R"), DOWN) == 0
    assert round_winner(cards("KS", "2S", "1S"), DOWN) == 2


@pytest.mark.parametrize("strong,weak", [("R", "S"), ("S", "P"), ("P", "R")])
@pytest.mark.parametrize("binary", [UP, DOWN])
def test_two_suits_a_card_of_the_superior_suit_wins_each_way_round(strong, weak, binary):
    # one superior card against two: wherever it sits, whatever its rank
    for seat in range(3):
        hand = [f"{r}{weak}" for r in ("A", "K")]
        hand.insert(seat, f"5{strong}")
        assert round_winner(cards(*hand), binary) == seat
    # two superior cards against one: the better of the two by the binary card
    for order in permutations([f"2{strong}", f"9{strong}", f"A{weak}"]):
        want = order.index(f"9{strong}" if binary == UP else f"2{strong}")
        assert round_winner(cards(*order), binary) == want


def test_all_three_suits_present_is_decided_by_roshambo():
    for order in permutations(["AR", "1P", "JoS"]):
        assert round_winner(cards(*order), UP) is None
        assert round_winner(cards(*order), DOWN) is None


@pytest.mark.parametrize("binary", [UP, DOWN])
def test_each_joker_is_always_the_best_rank_of_its_suit(binary):
    assert round_winner(cards("1R", "JoR", "AR"), binary) == 1
    assert round_winner(cards("JoP", "1P", "AP"), binary) == 0
    # the Joker of the superior suit among several of it
    assert round_winner(cards("1S", "AP", "JoS"), binary) == 2
    # a Joker of the inferior suit loses to any card of the superior suit
    assert round_winner(cards("JoP", "1S", "AS"), binary) == (2 if binary == UP else 1)


def test_two_cards_of_the_winning_suit_never_tie():
    """One card of each rank per suit: the strengths within a suit are all different."""
    from foolsolve.spec.three_fools import strength

    for binary in (UP, DOWN):
        for suit in "RPS":
            values = [strength(C(f"{r}{suit}"), binary) for r in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                                    "J", "Q", "K", "A", "Jo")]
            assert len(set(values)) == 15


def test_single_elimination_roshambo_uniform_gives_each_player_a_third():
    s = SPEC.play(state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]]),
                  "keep", "lead 1R as R", "play 1P", "play 1S")
    assert SPEC.to_move(s) == CHANCE
    assert [(str(m), p) for m, p in SPEC.chance_outcomes(s)] == [(f"roshambo {i}", Fraction(1, 3)) for i in range(3)]


def test_roshambo_with_a_supplied_strategy_table():
    third = Fraction(1, 3)
    table = ((Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)), (third, third, third), (third, third, third))
    rules = Rules(roshambo=[[str(x) for x in row] for row in table])
    two = roshambo_odds(rules, (0, 1))
    # player 0 beats 1: rock vs scissors 1/2*1/3 + paper vs rock 1/4*1/3 + scissors vs paper 1/4*1/3 = 1/3;
    # 1 beats 0 likewise 1/3: even
    assert two == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    skew = Rules(roshambo=[["1/2", "1/4", "1/4"], ["1/4", "1/4", "1/2"], ["1/3", "1/3", "1/3"]])
    two = roshambo_odds(skew, (0, 1))
    # 0 beats 1: R-S 1/2*1/2 + P-R 1/4*1/4 + S-P 1/4*1/4 = 3/8; 1 beats 0: R-S 1/4*1/4 + P-R 1/4*1/2 + S-P 1/2*1/4 = 5/16
    assert two[0] == Fraction(3, 8) / (Fraction(3, 8) + Fraction(5, 16))
    three = roshambo_odds(skew, (0, 1, 2))
    assert sum(three.values()) == 1 and all(v > 0 for v in three.values())
    assert roshambo_odds(Rules(roshambo=[["1/3"] * 3] * 3), (0, 1, 2)) == {p: third for p in range(3)}
    assert json.loads(json.dumps(SPEC.state_to_json(SPEC.deal(skew, 3, random.Random(0)))))["rules"]["roshambo"][0] \
        == ["1/2", "1/4", "1/4"]


# --- collecting, the Roshambo bonus --------------------------------------------------------------

def test_the_winner_collects_the_cards_in_the_center_to_the_bottom_of_her_pile():
    s = state([["1R", "2R", "3R", "4R"], ["5R", "2P", "3P", "4P"], ["6R", "2S", "3S", "4S"]], leader=1)
    before = s.piles[1]
    s = SPEC.play(s, "keep", "lead 5R as R", "play 6R", "play 1R")  # DOWN: 1R wins
    assert s.leader == 0
    assert s.piles[0][-3:] == cards("5R", "6R", "1R")
    assert s.piles[1] == before[1:]  # player 1 drew one card to top up


def test_the_roshambo_winner_takes_the_top_three_cards_of_each_opponents_pile():
    s = state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]])
    p0, p2 = s.piles[0], s.piles[2]
    s = SPEC.play(s, "keep", "lead 1R as R", "play 1P", "play 1S", "roshambo 1")
    assert s.piles[1][-9:] == cards("1R", "1P", "1S") + p2[:3] + p0[:3]
    assert s.history[-1].bonus == (p0[:3], (), p2[:3])
    for p in range(3):
        assert set(SPEC.observation(s, p)["shown"]) >= {c.ascii for c in p0[:3] + p2[:3]}


def test_a_short_pile_gives_what_is_there_to_the_roshambo_bonus():
    s = state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]],
              [None, None, ["5S", "6S"]], fill=(0, 1))
    s = SPEC.play(s, "keep", "lead 1R as R", "play 1P", "play 1S", "roshambo 0")
    assert s.history[-1].bonus[2] == cards("5S", "6S") and len(s.history[-1].bonus[1]) == 3


# --- the lying penalty ---------------------------------------------------------------------------

HANDS = [["1R", "2R", "3R", "JoP"], ["5R", "2P", "3P", "4P"], ["6R", "2S", "3S", "4S"]]


def test_a_leader_who_lied_and_did_not_win_loses_one_maximum_hand_size():
    s = SPEC.play(state(HANDS), "keep", "lead 3R as P", "play 5R", "play 6R")  # DOWN: 3R is lowest
    assert s.leader == 0 and s.max_hand[0] == 4  # she won: no penalty
    s = SPEC.play(state(HANDS), "flip", "lead 3R as P", "play 5R", "play 6R")  # UP: 6R wins
    assert s.leader == 2 and s.max_hand == (3, 4, 4)
    assert len(s.hands[0]) == 3


def test_a_truthful_leader_who_did_not_win_keeps_her_hand_size():
    s = SPEC.play(state(HANDS), "flip", "lead 3R as R", "play 5R", "play 6R")
    assert s.leader == 2 and s.max_hand == (4, 4, 4)


def test_declaring_another_suit_with_a_joker_is_a_lie():
    s = SPEC.play(state(HANDS), "keep", "lead JoP as R", "play 2P", "play 2S")  # S beats P: 2S wins
    assert s.leader == 2 and s.max_hand[0] == 3
    s = SPEC.play(state(HANDS), "keep", "lead JoP as P", "play 2P", "play 2S")
    assert s.max_hand[0] == 4


def test_only_the_leader_pays_for_a_lie():
    s = SPEC.play(state(HANDS), "flip", "lead 1R as S", "play 2P", "play 6R")  # Paper beats Rock: 2P wins
    assert s.leader == 1 and s.max_hand == (3, 4, 4)


# --- winning three rounds in a row -----------------------------------------------------------------

def test_the_winner_of_the_round_goes_first_in_the_next_round():
    s = SPEC.play(state(HANDS), "flip", "lead 3R as R", "play 5R", "play 6R")
    assert s.leader == 2 and SPEC.to_move(s) == 2 and s.phase == FLIP


def test_if_the_player_who_went_first_won_her_third_round_in_a_row_she_wins():
    s = state([["1R", "2R", "3R", "4R"], ["5R", "6R", "7R", "8R"], ["9R", "10R", "JR", "QR"]], streak=2)
    s = SPEC.play(s, "keep", "lead 1R as R", "play 5R", "play 9R")
    assert s.phase == OVER and s.winner == 0 and SPEC.returns(s) == (1, 0, 0)
    s = state([["1R", "2R", "3R", "4R"], ["5R", "6R", "7R", "8R"], ["9R", "10R", "JR", "QR"]], streak=1)
    s = SPEC.play(s, "keep", "lead 1R as R", "play 5R", "play 9R")
    assert s.phase == FLIP and s.streak == 2


def test_a_follower_who_wins_starts_a_streak_of_one():
    s = state([["1R", "2R", "3R", "4R"], ["5R", "6R", "7R", "8R"], ["9R", "10R", "JR", "QR"]], streak=2)
    s = SPEC.play(s, "flip", "lead 1R as R", "play 5R", "play 9R")
    assert s.leader == 2 and s.streak == 1 and s.phase == FLIP


def test_longer_games_need_more_rounds_in_a_row():
    s = state([["1R", "2R", "3R", "4R"], ["5R", "6R", "7R", "8R"], ["9R", "10R", "JR", "QR"]], streak=2,
              rules={"streak_to_win": 4})
    s = SPEC.play(s, "keep", "lead 1R as R", "play 5R", "play 9R")
    assert s.phase == FLIP and s.streak == 3


# --- losing --------------------------------------------------------------------------------------

def test_you_lose_with_no_cards_in_your_pile_and_no_cards_in_hand():
    s = state([["1R", "2R", "3R", "4R"], ["5R", "6R", "7R", "8R"], ["9R"]], [None, None, []], fill=(0, 1))
    s = SPEC.play(s, "keep", "lead 1R as R", "play 5R", "play 9R")
    assert s.lost == (False, False, True)
    # the other two compare hand + pile
    counts = [len(s.hands[p]) + len(s.piles[p]) for p in (0, 1)]
    assert s.phase == OVER and s.winner == (0 if counts[0] > counts[1] else 1)


def test_if_your_maximum_hand_size_is_reduced_to_zero_you_also_lose():
    s = state([["1R"], ["5R", "6R", "7R", "8R"], ["9R", "10R", "JR", "QR"]], max_hand=[1, 4, 4], streak=1)
    s = SPEC.play(s, "flip", "lead 1R as P", "play 5R", "play 9R")
    assert s.max_hand[0] == 0 and s.lost == (True, False, False) and s.phase == OVER


def test_whoever_has_more_cards_wins_the_game():
    s = state([["1R"], ["5R", "6R", "7R", "8R"], ["9R", "10R", "JR", "QR"]], [None, ["2R"], None],
              max_hand=[1, 4, 4], streak=1, fill=(0, 2))
    s = SPEC.play(s, "flip", "lead 1R as P", "play 5R", "play 9R")
    assert s.winner == 2 and "most cards" in SPEC.result(s).details[1][1]


def test_each_other_player_totals_the_number_of_cards_in_her_hand_and_her_pile():
    # player 0 lies and loses her last hand size; player 1 (five-card hand) wins the round: 4 in hand + 5 in
    # the pile = 9; player 2 (two-card hand) has 1 in hand + 6 in the pile = 7. The piles alone (5 < 6) or a
    # count of equal hands would name player 2.
    s = state([["1R"], ["JR", "6R", "7R", "8R", "2S"], ["5R", "10R"]],
              [None, ["2R", "3R"], ["4R", "5P", "6P", "7P", "8P", "9P"]], max_hand=[1, 5, 2], streak=1, fill=(0,),
              rules={"max_hand": 5})
    s = SPEC.play(s, "flip", "lead 1R as P", "play JR", "play 5R")
    assert s.lost == (True, False, False)
    assert [len(h) for h in s.hands[1:]] == [4, 1] and [len(p) for p in s.piles[1:]] == [5, 6]
    assert s.phase == OVER and s.winner == 1
    assert SPEC.result(s).details[1][1] == "player 0 lost; most cards (9)"


def test_in_the_case_of_a_tie_roshambo_for_it():
    # player 0 lies and loses her last hand size; then player 1 has 3 + 19 cards, player 2 3 + 16 + 3
    sixteen = [*[c.ascii for c in PILATCH45 if c.suit == "P"][4:], "AR", "JoR", "5S", "6S", "7S"]
    s = state([["1R"], ["5R", "6R", "7R", "8R"], ["9R", "10R", "JR", "QR"]], [["2R"], None, sixteen],
              max_hand=[1, 4, 4], streak=1, fill=(1,))
    assert len(s.piles[2]) == 16 and len(s.piles[1]) == 19
    s = SPEC.play(s, "flip", "lead 1R as P", "play 5R", "play 9R")
    assert s.lost == (True, False, False) and s.phase == TIE and SPEC.to_move(s) == CHANCE
    assert [(str(m), p) for m, p in SPEC.chance_outcomes(s)] == [("roshambo 1", Fraction(1, 2)),
                                                                  ("roshambo 2", Fraction(1, 2))]
    assert SPEC.play(s, "roshambo 1").winner == 1


def test_if_two_players_lose_at_once_the_third_wins():
    s = state([["1R"], ["5R"], ["9R", "10R", "JR", "QR"]], [[], [], None], max_hand=[1, 4, 4], streak=1, fill=(2,))
    s = SPEC.play(s, "flip", "lead 1R as P", "play 5R", "play 9R")
    assert s.lost == (True, True, False) and s.winner == 2


# --- views ---------------------------------------------------------------------------------------

def test_a_player_sees_her_hand_sizes_the_binary_card_and_the_declaration_not_other_hands_or_piles():
    s = SPEC.play(state(HANDS), "keep", "lead 3R as P")
    for p in range(3):
        view = SPEC.observation(s, p)
        assert view["hand"] == [c.ascii for c in sorted(s.hands[p])]
        assert view["hand_sizes"] == [3, 4, 4] and view["pile_sizes"] == [len(x) for x in s.piles]
        assert view["binary"] == "down" and view["declared"] == "P"
        assert "piles" not in view and "hands" not in view
        assert view["centre"][0] == ("3R" if p == 0 else "down")


# --- reconstructions as options: the collecting order, Roshambo as a bracket -------------------------

@pytest.mark.parametrize("order, under", [("leader_first", ("5R", "6R", "1R")), ("winner_first", ("1R", "5R", "6R"))])
def test_collect_order_the_centre_cards_go_under_the_pile(order: str, under: tuple) -> None:
    # 002 §Winning a Round: "The winner of the round collects the cards in the center to put on the bottom of her
    # pile." RECONSTRUCTION, option collect_order: in seat order from the leader, or from the winner. The engine
    # agrees, also in its playout's inlined rounds (conformance draws the option).
    from foolsolve.engines.three_fools import ENGINE

    s = state([["1R", "2R", "3R", "4R"], ["5R", "2P", "3P", "4P"], ["6R", "2S", "3S", "4S"]], leader=1,
              rules={"collect_order": order})
    after = SPEC.play(s, "keep", "lead 5R as R", "play 6R", "play 1R")  # DOWN: 1R (player 0) wins
    assert after.piles[0][-3:] == cards(*under)
    e = ENGINE.from_spec(s)
    for text in ("keep", "lead 5R as R", "play 6R", "play 1R"):
        e = ENGINE.apply(e, ENGINE.move_from_spec(e, SPEC.parse_move(ENGINE.to_spec(e), text)))
    assert ENGINE.to_spec(e) == after


def test_roshambo_format_a_bracket_with_the_leaders_bye() -> None:
    # 002 §Winning a Round: "each player plays single-elimination Roshambo to determine the winner".
    # RECONSTRUCTION, option roshambo_format: everyone throws at once (1/3 each), or a bracket: the followers
    # throw, the winner meets the leader (uniform: the leader 1/2, the others 1/4).
    from foolsolve.engines.three_fools import ENGINE

    for fmt, odds in (("all_at_once", (Fraction(1, 3),) * 3),
                      ("leader_bye", (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)))):
        s = SPEC.play(state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]],
                            leader=1, rules={"roshambo_format": fmt}), "keep", "lead 1P as P", "play 1S", "play 1R")
        assert s.phase == ROSHAMBO
        assert [p for _, p in SPEC.chance_outcomes(s)] == list(odds)
        e = ENGINE.from_spec(s)
        assert [p for _, p in ENGINE.chance_outcomes(e)] == list(odds)
    skew = Rules(roshambo=[["1/2", "1/4", "1/4"], ["1/4", "1/4", "1/2"], ["1/3", "1/3", "1/3"]],
                 roshambo_format="leader_bye")
    bracket = roshambo_odds(skew, (0, 1, 2), 2)
    pair = roshambo_odds(skew, (0, 1))
    assert bracket[0] == pair[0] * roshambo_odds(skew, (0, 2))[0] and sum(bracket.values()) == 1


# --- why a move is illegal: one position per rule function ------------------------------------------

def _why(s, text: str) -> set[str]:
    from foolsolve.why import explain

    exp = explain(SPEC, s, text, flips=False)
    assert not exp.legal, exp.lines()
    return {r.rule for r in exp.reasons}


def test_why_phase_hand_and_roshambo() -> None:
    s = state([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]])
    assert _why(s, "lead 1R as P") == {"phase"}  # the leader flips or keeps first
    t = SPEC.play(s, "keep")
    assert _why(t, "lead 1P as P") == {"hand"}  # lead_reasons: not in the leader's hand
    assert _why(t, "play 1P") == {"phase"}
    u = SPEC.play(t, "lead 1R as P")
    assert _why(u, "play 1S") == {"hand"}  # follow_reasons: player 1 follows, 1S is player 2's
    r = SPEC.play(u, "play 1P", "play 1S")
    assert _why(r, "keep") == {"phase"}
    over = state([["1R"], ["2P"], ["2S"]], phase="over", winner=0, reason="won 3 rounds in a row")
    assert _why(over, "keep") == {"end_of_game"}
    with pytest.raises(Exception, match="cannot read"):
        SPEC.read_move(s, "lead 1R")


def test_why_roshambo_of_a_tie_is_between_the_two_left() -> None:
    # 002 §Losing the Game: "In the case of a tie, Roshambo for it!" (roshambo_reasons): player 0 lost (maximum
    # hand size 0), players 1 and 2 hold 22 cards each
    s = state([[], ["2P"], ["2S"]], [["1R"], None, None], fill=(1, 2), phase="tie", contest=[1, 2],
              lost=[True, False, False], max_hand=[0, 4, 4], streak=1)
    assert _why(s, "roshambo 0") == {"roshambo"}
    assert _why(s, "play 2P") == {"phase"}
    assert [str(m) for m in SPEC.legal_moves(s)] == ["roshambo 1", "roshambo 2"]
    # a legal Roshambo of the final count cites that sentence, not the round's Roshambo (§Winning a Round)
    (why,) = SPEC.why_legal(s, SPEC.parse_move(s, "roshambo 1"))
    assert (why.section, why.quote) == ("Losing the Game", "In the case of a tie, Roshambo for it!")
