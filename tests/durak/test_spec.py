"""Durak rule examples: one test per seed sentence (001 = shared/seeds/001_def8269363c5257b.txt)
as modelled in docs/durak-model.md."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from foolsolve.engines.durak import ENGINE
from foolsolve.game import IllegalMove
from foolsolve.solver.minimax import move_values, value_for
from foolsolve.solver.retrograde import retrograde_wdl, state_graph
from foolsolve.spec import durak
from foolsolve.spec.durak import SPEC, Attack, Cover, Pass, Rules, ShowTrump, Take, Throw, Transfer, beats
from tests.durak.helpers import FixedDeck, card, check_invariants, deck_order, first_bout, made, moves, play, pos

# --- beating ------------------------------------------------------------------------


def test_001_beat_with_higher_card_of_the_same_suit() -> None:
    assert beats(card("JH"), card("9H"), "S")
    assert not beats(card("9H"), card("JH"), "S")
    assert not beats(card("9H"), card("9H"), "S")
    assert not beats(card("KD"), card("9H"), "S")


def test_001_trump_beats_any_non_trump() -> None:
    assert beats(card("6S"), card("AH"), "S")
    assert not beats(card("AH"), card("6S"), "S")


def test_001_trump_is_beaten_only_by_a_higher_trump() -> None:
    assert beats(card("7S"), card("6S"), "S")
    assert not beats(card("6S"), card("7S"), "S")
    assert not beats(card("AD"), card("6S"), "S")


def test_no_trump_form_only_same_suit_beats() -> None:
    assert not beats(card("6S"), card("AH"), None)
    assert beats(card("AH"), card("6H"), None)


def test_001_cover_options_same_suit_higher_or_trump() -> None:
    s = pos(hands=[["KC"], ["JH", "6S", "7H", "10D"]], table=[["9H", None]])
    assert moves(s) == ["cover 9♥ with J♥", "cover 9♥ with 6♠", "take"]
    with pytest.raises(IllegalMove):
        SPEC.apply(s, Cover(card("9H"), card("7H")))


def test_001_move_strings_use_card_glyphs() -> None:
    assert str(Attack((card("9S"), card("9H")))) == "attack 9♥ 9♠"
    assert Attack((card("9S"), card("9H"))) == Attack((card("9H"), card("9S")))
    assert str(Cover(card("9H"), card("JH"))) == "cover 9♥ with J♥"
    assert str(Transfer((card("9C"),))) == "transfer 9♣"
    assert str(Transfer((card("9H"), card("9C")))) == "transfer 9♣ 9♥"
    assert str(ShowTrump(card("9S"))) == "show 9♠"
    assert str(Throw(card("10D"))) == "throw 10♦"
    assert (str(Take()), str(Pass())) == ("take", "pass")


def test_attack_cards_may_be_written_in_any_order() -> None:
    # 001 §rules "from several cards of the same value": the cards of one lead are a set, so
    # `foolsolve play` reads them in any order, not only in card order
    s = pos(hands=[["9S", "9H", "6C"], ["JH", "6S", "7H", "10D"]])
    assert SPEC.parse_move(s, "attack 9S 9H") == SPEC.parse_move(s, "attack 9♥ 9♠") == Attack((card("9H"), card("9S")))
    with pytest.raises(IllegalMove):
        SPEC.parse_move(s, "attack 9S 6C")


# --- the deal and the first lead ----------------------------------------------------


def test_001_lowest_trump_leads_the_first_bout() -> None:
    rng = random.Random(7)
    for _ in range(40):
        players = rng.randint(2, 6)
        s = SPEC.deal(Rules(), players, rng)
        trumps = [(c.rank, p) for p, h in enumerate(s.hands) for c in h if c.suit == s.trump]
        assert s.attacker == (min(trumps)[1] if trumps else 0)
        assert s.defender == (s.attacker + 1) % players
        asked = durak.redeal_order(s.hands)  # the redeal phase comes first (001 §Card game)
        assert s.first_bout and s.last_defender == s.defender
        assert s.to_move == (asked[0] if s.redeal_seed is not None else s.attacker)
        check_invariants(s)


def test_deal_hands_stock_and_face_up_trump_drawn_last() -> None:
    order = deck_order(["6C", "7C", "8C", "9C", "10C", "JC", "6D", "7D", "8D", "9D", "10D", "6S", "QH", "AS"])
    s = SPEC.deal(Rules(), 2, FixedDeck(order))
    assert s.hands[0] == {card(t) for t in ["6C", "7C", "8C", "9C", "10C", "JC"]}
    assert s.hands[1] == {card(t) for t in ["6D", "7D", "8D", "9D", "10D", "6S"]}
    assert s.trump == "H" and s.stock[-1] == card("QH") and s.stock[0] == card("AS")
    assert len(s.stock) == 36 - 12
    assert s.attacker == 0  # nobody holds a heart


def test_deal_lowest_trump_holder_leads() -> None:
    order = deck_order(["6C", "7C", "8C", "9C", "10C", "JC", "6D", "7D", "8D", "9D", "10D", "7H", "QH"])
    s = SPEC.deal(Rules(), 2, FixedDeck(order))
    assert s.trump == "H" and s.attacker == 1 and s.defender == 0


def test_001_six_players_no_stock_trump_is_the_last_dealt_card() -> None:
    order = deck_order([])
    s = SPEC.deal(Rules(), 6, FixedDeck(order))
    assert s.stock == ()
    last = card(order[-1])
    assert s.trump == last.suit and last in s.hands[5]
    check_invariants(s)


def test_deal_52_cards() -> None:
    s = SPEC.deal(Rules(deck=52), 6, random.Random(3))
    assert len(s.stock) == 52 - 36 and s.stock[-1].suit == s.trump
    check_invariants(s)


# --- the lead ---------------------------------------------------------------------


def test_001_attack_with_one_card_or_several_of_one_rank() -> None:
    s = pos(hands=[["9C", "9D", "9H", "KS"], ["6H", "7H", "8H", "10H", "JH", "QH"]])
    assert moves(s) == ["attack 9♣", "attack 9♣ 9♦", "attack 9♣ 9♦ 9♥", "attack 9♣ 9♥",
                        "attack 9♦", "attack 9♦ 9♥", "attack 9♥", "attack K♠"]
    with pytest.raises(IllegalMove):
        SPEC.apply(s, Attack((card("9C"), card("KS"))))


def test_001_lead_cards_never_exceed_the_defenders_hand() -> None:
    s = pos(hands=[["9C", "9D", "9H"], ["6H", "7H"]])
    assert "attack 9♣ 9♦ 9♥" not in moves(s)
    assert "attack 9♣ 9♦" in moves(s)


# --- throw-ins ----------------------------------------------------------------------


def test_001_throw_in_ranks_attacked_and_covering() -> None:
    s = pos(hands=[["9C", "JD", "QS", "6D"], ["7C", "8C", "KD"]], table=[["9H", "JH"]])
    assert s.to_move == 0
    assert moves(s) == ["throw 9♣", "throw J♦", "pass"]
    s = play(s, "throw JD")
    assert s.to_move == 1 and durak.uncovered(s) == [card("JD")]


def test_001_simple_has_no_throw_ins_beaten_bout_ends_at_once() -> None:
    s = pos(rules={"variant": "simple"}, hands=[["9C", "9D", "KS"], ["JC", "6H"]])
    s = play(s, "attack 9C", "cover 9C with JC")
    assert s.table == () and s.attacker == 1 and card("9C") in s.discard


def test_001_simple_take_ends_the_bout_at_once() -> None:
    s = pos(rules={"variant": "simple"}, hands=[["9C", "9D", "KS"], ["JC", "6H"]])
    s = play(s, "attack 9D", "take")
    assert s.table == () and card("9D") in s.hands[1] and s.attacker == 0


def test_001_throw_restarts_with_the_lead_attacker_after_each_cover() -> None:
    # 001 §Throw option: "After she is beaten, the right to throw a card passes again to the one who walked."
    s = pos(hands=[["KS", "6H"], ["10H", "QC", "KD", "AH"], ["9D", "8S"]], table=[["9C", "10C"]])
    assert s.to_move == 2  # the lead attacker has no 9 or 10: skipped without a move
    s = play(s, "throw 9D")
    assert s.to_move == 1
    s = play(s, "cover 9D with KD")
    assert s.to_move == 0  # back to the lead attacker, who now has a king to add
    assert moves(s) == ["throw K♠", "pass"]
    s = play(s, "pass")
    assert s.table == () and s.attacker == 1  # player 2 has nothing left to add: beaten


def test_001_walking_player_throws_first_then_clockwise() -> None:
    s = pos(hands=[["9D", "AS"], ["10H", "QC", "KD", "AH"], ["9H", "8S"]], table=[["9C", "10C"]])
    assert s.to_move == 0
    s = play(s, "pass")
    assert s.to_move == 2
    s = play(s, "throw 9H", "cover 9H with AH")
    assert s.to_move == 0  # the walking player may throw again when the turn reaches him


def test_001_throwers_all_or_only_neighbours_four_players() -> None:
    hands = [["KS"], ["QC", "JD", "AH", "KH"], ["9D", "6S"], ["10D", "7S"]]
    s = pos(hands=hands, table=[["9C", "10C"]])
    assert durak.throwers(s) == [0, 2, 3]
    assert s.to_move == 2
    s = play(s, "pass")
    assert s.to_move == 3
    n = pos(rules={"throwers": "neighbours"}, hands=hands, table=[["9C", "10C"]])
    assert durak.throwers(n) == [0, 2]
    n = play(n, "pass")
    assert n.table == () and n.attacker == 1  # player 3 may not throw: the bout is beaten


def test_001_only_the_extreme_ones_sitting_on_both_sides_of_the_one_on_whom_the_move_was_made() -> None:
    # 001 §Types: "agree whether all the players will throw up or only the extreme ones, sitting on both sides
    # of the one on whom the move was made": after a transfer under transfer_lead=bout_leader the bout's
    # leader (0) sits apart from the new defender (2), whose neighbours are 1 and 3; he does not throw in
    # (RECONSTRUCTION neighbours_lead), the neighbours do, clockwise from the defender's left
    rules = {**P, "throwers": "neighbours", "transfer_lead": "bout_leader"}
    s = pos(rules=rules, stock=["9H", "8H", "KS"],
            hands=[["7H", "KC"], ["7D", "8D", "QS"], ["6H", "AH", "10C", "AC"], ["7C", "6D", "JD"], ["10D", "QD"]],
            table=[["7S", None]])
    s = play(s, "transfer 7D")
    assert (s.attacker, s.defender) == (0, 2)
    assert durak.throwers(s) == [3, 1]
    s = play(s, "take")
    assert s.to_move == 3  # not the bout's leader, though he holds 7H
    e = ENGINE.from_spec(s)  # the engine (and its kernel) too
    assert ENGINE.to_move(e) == 3 and [ENGINE.move_text(m) for m in ENGINE.legal_moves(e)] == moves(s)
    s = play(s, "throw 7C")
    assert s.table == () and card("7H") in s.hands[0]  # nobody else may throw: the bout is taken


def test_throwers_three_players_all_equals_neighbours() -> None:
    hands = [["KS"], ["QC", "JD", "AH"], ["9D", "6S"]]
    for option in ("all", "neighbours"):
        s = pos(rules={"throwers": option}, hands=hands, table=[["9C", "10C"]])
        assert durak.throwers(s) == [0, 2]


def test_throwers_two_players_only_the_attacker() -> None:
    s = pos(hands=[["9D"], ["QC", "JD"]], table=[["9C", "10C"]])
    assert durak.throwers(s) == [0]


def test_throwers_skip_players_who_are_out() -> None:
    s = pos(hands=[["9D"], ["QC", "JD"], [], ["9H"]], table=[["9C", "10C"]])
    assert s.out == (2,) and durak.throwers(s) == [0, 3]


# --- caps ----------------------------------------------------------------------------

FIVE_COVERED = [["6H", "7H"], ["6D", "7D"], ["7C", "8C"], ["8H", "9H"], ["9D", "10D"]]


def test_001_six_card_cap_while_the_stock_has_cards() -> None:
    s = pos(hands=[["6C", "10H", "KS"], ["QC", "QH", "AD", "KD"]], stock=["8S"], table=FIVE_COVERED)
    assert durak.cap(s) == 6 and s.defender_start == 9
    s = play(s, "throw 6C", "cover 6C with QC")
    assert s.table == () and s.attacker == 1  # 10♥ could be thrown, but six is the limit


def test_001_after_the_stock_the_defenders_hand_is_the_only_limit() -> None:
    s = pos(hands=[["6C", "10H", "KS"], ["QC", "QH", "AD", "KD"]], table=FIVE_COVERED)
    assert durak.cap(s) == 9
    s = play(s, "throw 6C", "cover 6C with QC")
    assert moves(s) == ["throw 10♥", "pass"]
    s = play(s, "throw 10H")
    assert len(s.table) == 7


def test_bout_limit_six_holds_after_the_stock_too() -> None:
    s = pos(rules={"bout_limit": "six"}, hands=[["6C", "10H", "KS"], ["QC", "QH", "AD", "KD"]], table=FIVE_COVERED)
    assert durak.cap(s) == 6
    s = play(s, "throw 6C", "cover 6C with QC")
    assert s.table == ()


@pytest.mark.parametrize("limit", [5, 6])
def test_001_first_bout_cap_five_or_six(limit: int) -> None:
    four = FIVE_COVERED[:4]
    s = pos(rules={"first_bout_limit": limit}, first_bout=True, stock=["8S"],
            hands=[["6C", "9C", "AS"], ["QC", "10C", "KD"]], table=four)
    assert durak.cap(s) == limit
    s = play(s, "throw 6C", "cover 6C with QC")
    if limit == 5:
        assert s.table == () and s.attacker == 1
    else:
        assert moves(s) == ["throw 9♣", "pass"]
        s = play(s, "throw 9C", "cover 9C with 10C")
        assert s.table == ()


@pytest.mark.parametrize("sixth", [False, True])
def test_001_first_bout_sixth_card_if_the_defender_does_not_fight_back(sixth: bool) -> None:
    """001 §throw-in: "At the first rebound, you cannot throw more than four cards ... but if player
    does not fight back, then you can throw the 6th card" (option first_bout_sixth_after_take, C7)."""
    from foolsolve.engines.durak import ENGINE

    four = FIVE_COVERED[:4]
    s = pos(rules={"first_bout_sixth_after_take": sixth}, first_bout=True, stock=["8S"],
            hands=[["6C", "9C", "AS"], ["QC", "10C", "KD"]], table=four)
    s = play(s, "throw 6C")
    assert durak.cap(s) == 5
    s = play(s, "take")
    e = ENGINE.from_spec(s)
    assert [ENGINE.move_text(m) for m in ENGINE.legal_moves(e)] == moves(s)
    if not sixth:  # the cap of five is reached: the defender picks up at once
        assert s.table == () and s.attacker == 0 and len(s.hands[1]) == 3 + 9
    else:
        assert durak.cap(s) == 6
        assert moves(s) == ["throw 9♣", "pass"]
        s = play(s, "throw 9C")
        assert s.table == () and len(s.hands[1]) == 3 + 10


def test_001_first_bout_sixth_card_still_capped_by_the_defenders_hand() -> None:
    s = pos(rules={"first_bout_sixth_after_take": True}, first_bout=True, stock=["8S"],
            hands=[["6C", "9C", "AS"], ["QC"]], table=FIVE_COVERED[:4])
    assert s.defender_start == 5
    s = play(s, "throw 6C", "take")  # five attack cards: the defender's hand of five is the cap
    assert s.table == () and len(s.hands[1]) == 1 + 9


def test_001_defenders_hand_caps_the_throw_ins() -> None:
    s = pos(hands=[["9C", "9D", "9H"], ["10C", "JD"]])
    s = play(s, "attack 9C", "cover 9C with 10C")
    assert moves(s) == ["throw 9♦", "throw 9♥", "pass"]
    s = play(s, "throw 9D", "cover 9D with JD")
    assert s.table == ()  # two attack cards = the two cards the defender held


def test_001_three_cards_put_one_he_accepts_then_only_two_more() -> None:
    # 001 §throw-in: "if the player has three cards, they put one to him, and he decided to accept
    # it, then he can only add two"
    s = pos(hands=[["9C", "9D", "9H", "9S"], ["6H", "7H", "8H"]])
    s = play(s, "attack 9C", "take")
    assert s.taking and s.to_move == 0
    assert moves(s) == ["throw 9♦", "throw 9♥", "throw 9♠", "pass"]
    s = play(s, "throw 9D")
    assert s.to_move == 0  # the same thrower goes on while taking
    s = play(s, "throw 9H")
    assert s.table == () and len(s.hands[1]) == 6 and s.hands[0] == {card("9S")}


def test_001_no_throw_in_after_take_when_the_option_is_off() -> None:
    s = pos(rules={"throw_in_after_take": False}, hands=[["9C", "9D", "KS"], ["6H", "7H", "8H"]])
    s = play(s, "attack 9C", "take")
    assert s.table == () and len(s.hands[1]) == 4 and s.attacker == 0


def test_throw_in_after_take_passes_to_the_next_thrower() -> None:
    s = pos(hands=[["9C", "KS"], ["6H", "7H", "8H"], ["9D", "QS"]])
    s = play(s, "attack 9C", "take")
    assert s.to_move == 2  # the attacker has nothing to add
    s = play(s, "throw 9D")
    assert s.table == () and s.hands[1] >= {card("9C"), card("9D")} and s.attacker == 2


# --- transfer (perevodnoy) ----------------------------------------------------------

P = {"variant": "perevodnoy", "transfer_blocked_by_trump": False}
"""Perevodnoy; these positions have the trump suit (spades) on the table, so they pin off the rule that a
trump on the table blocks transfers (its own tests below and in tests/generic/test_why.py)."""


def test_001_transfer_with_a_card_of_the_same_rank() -> None:
    s = pos(rules=P, hands=[["KC"], ["7D", "8D", "QS"], ["6H", "AH", "10C"]], table=[["7S", None]])
    assert "transfer 7♦" in moves(s) and "transfer 8♦" not in moves(s)
    s = play(s, "transfer 7D")
    assert (s.attacker, s.defender, s.to_move, s.defender_start) == (1, 2, 2, 3)
    assert durak.uncovered(s) == [card("7D"), card("7S")]


TWO_SIXES = {"rules": {"variant": "perevodnoy", "redeal_right": False}, "trump": "S",
             "hands": [["7C", "8C", "9C"], ["6H", "6D", "KC", "QC"], ["7H", "8H", "9H", "10H", "JH"]],
             "table": [["6C", None]], "to_move": 1, "first_bout": False}
"""The hunt's position: 6♣ led at player 1, who holds two sixes; player 2 holds five cards."""


def test_001_translation_one_or_more_cards_of_the_same_denomination_can_be_transferred() -> None:
    # 001 §Translation: "Starting from the second, one or more cards of the same denomination can be
    # transferred. So, if they went under you from the six, you can put one or two sixes of a
    # different suit and transfer them under the one who sits on the left hand."
    s = pos(**TWO_SIXES)
    want = ["cover 6♣ with Q♣", "cover 6♣ with K♣", "transfer 6♦", "transfer 6♦ 6♥", "transfer 6♥", "take"]
    assert moves(s) == want
    assert [ENGINE.move_text(m) for m in ENGINE.legal_moves(ENGINE.from_spec(s))] == want
    both = SPEC.parse_move(s, "transfer 6H 6D")  # the cards in any order
    assert both == SPEC.parse_move(s, "transfer 6♦ 6♥") == Transfer((card("6D"), card("6H")))
    after = SPEC.apply(s, both)
    assert (after.attacker, after.defender, after.to_move, after.defender_start) == (1, 2, 2, 5)
    assert durak.uncovered(after) == [card("6C"), card("6D"), card("6H")] and after.hands[1] == {card("KC"), card("QC")}
    assert SPEC.why_legal(s, both)[0].section == "Translation"


def test_a_transfer_of_several_cards_must_fit_the_next_players_hand() -> None:
    # 001 §transfer "You cannot transfer more cards than the next player has in his hands": the
    # total after the transfer (6♣ and both sixes: three) is what the next player must hold
    s = pos(**{**TWO_SIXES, "hands": [["7C", "8C", "9C"], ["6H", "6D", "KC", "QC"], ["7H", "8H"]]})
    assert [m for m in moves(s) if m.startswith("transfer")] == ["transfer 6♦", "transfer 6♥"]
    why = SPEC.why_illegal(s, Transfer((card("6D"), card("6H"))))
    assert [r.rule for r in why] == ["can_transfer"] and "3 cards to beat but holds 2" in why[0].says
    assert "does not have the attack's rank" in SPEC.why_illegal(s, Transfer((card("6D"), card("KC"))))[0].says
    with pytest.raises(IllegalMove):
        SPEC.parse_move(s, "transfer 6D 6H")


def test_podkidnoy_has_no_transfer() -> None:
    s = pos(hands=[["KC"], ["7D", "8D", "QS"], ["6H", "AH", "10C"]], table=[["7S", None]])
    assert not any(m.startswith("transfer") for m in moves(s))


def test_001_no_transfer_of_more_cards_than_the_next_player_holds() -> None:
    s = pos(rules=P, hands=[["KC"], ["7D", "8D", "QS"], ["6H"]], table=[["7S", None]])
    assert "transfer 7♦" not in moves(s)


def test_no_transfer_once_a_card_is_covered() -> None:
    s = pos(rules=P, hands=[["KC"], ["7D", "8S", "QS"], ["6H", "AH", "10C"]], table=[["7S", None], ["7C", None]])
    assert "transfer 7♦" in moves(s)
    s = play(s, "cover 7S with 8S")
    assert "transfer 7♦" not in moves(s)


@pytest.mark.parametrize("allowed", [True, False])
def test_001_first_round_transfer_option(allowed: bool) -> None:
    s = pos(rules={**P, "transfer_first_bout": allowed}, first_bout=True, stock=["8S"],
            hands=[["KC"], ["7D", "8D", "QS"], ["6H", "AH", "10C"]], table=[["7S", None]])
    assert ("transfer 7♦" in moves(s)) is allowed


def test_001_transfer_by_showing_the_trump() -> None:
    rules = {**P, "transfer_by_showing_trump": True}
    s = pos(rules=rules, trump="D", hands=[["KC", "AS"], ["7D", "8D", "QS"], ["6H", "7H", "10C"]],
            table=[["7S", None]])
    assert moves(s)[-3:] == ["transfer 7♦", "show 7♦", "take"]
    s = play(s, "show 7D")
    assert card("7D") in s.hands[1] and s.shown == {card("7D")}
    assert (s.attacker, s.defender, s.defender_start, len(s.table)) == (1, 2, 3, 1)
    assert "show 7♦" not in moves(s) and "transfer 7♥" in moves(s)
    assert SPEC.state_from_json(SPEC.state_to_json(s)) == s


def test_showing_trump_off_by_default() -> None:
    s = pos(rules=P, trump="D", hands=[["KC"], ["7D", "8D", "QS"], ["6H", "7H", "10C"]], table=[["7S", None]])
    assert not any(m.startswith("show") for m in moves(s))


@pytest.mark.parametrize("blocked", [False, True])
def test_001_transfer_blocked_by_a_trump_on_the_table_option(blocked: bool) -> None:
    s = pos(rules={**P, "transfer_blocked_by_trump": blocked}, hands=[["KC"], ["7C", "8D", "QD"], ["6H", "AH", "10C"]],
            table=[["7S", None]])
    assert ("transfer 7♣" in moves(s)) is not blocked
    t = pos(rules={**P, "transfer_blocked_by_trump": blocked}, hands=[["KC"], ["7S", "8D", "QD"], ["6H", "AH", "10C"]],
            table=[["7C", None]])
    assert "transfer 7♠" in moves(t)  # the transferring trump itself is not yet on the table


LAID = P | {"transfer_blocked_by_trump": True, "transfer_by_showing_trump": True}
"""Perevodnoy with the trump block on and trumps shown to transfer (trump spades in :func:`pos`)."""
LAID_HANDS = [["KC"], ["7S", "8D", "QD"], ["7H", "AH", "10C", "9C"], ["6D", "9D", "JD", "KD"]]
"""Four players: player 1 defends 7♣ holding 7♠, the trump of the attack's rank; player 2 holds 7♥."""


def test_001_transfer_trump_laid_true_a_trump_of_the_attacks_rank_transfers_then_blocks_the_next() -> None:
    """001 §transfer "also if there is a card of a trump suit on the table": whether the trump laid to
    transfer counts, the text does not say (option transfer_trump_laid, a reconstruction). The default
    reads the table before the transfer: a trump of the attack's rank transfers, laid or shown, and
    once laid it lies on the table and blocks the next transfer; a shown trump stays in the hand."""
    s = pos(rules=LAID, players=4, hands=LAID_HANDS, table=[["7C", None]])
    assert Rules().transfer_trump_laid is True and s.rules.transfer_trump_laid is True
    assert {"transfer 7♠", "show 7♠"} <= set(moves(s))
    said = SPEC.why_legal(s, SPEC.parse_move(s, "transfer 7S"))[0].says
    assert "the trump laid to transfer does not block it" in said and "transfer_trump_laid = true" in said
    assert "the trump shown to transfer" in SPEC.why_legal(s, SPEC.parse_move(s, "show 7S"))[0].says
    after = play(s, "transfer 7S")
    assert after.defender == 2 and "transfer 7♥" not in moves(after)  # now a trump lies on the table
    assert "transfer 7♥" in moves(SPEC.with_rules(after, Rules(variant="perevodnoy", transfer_blocked_by_trump=False)))
    shown = play(s, "show 7S")
    assert shown.defender == 2 and "transfer 7♥" in moves(shown)  # the shown trump is not on the table
    assert "transfer_trump_laid" not in SPEC.state_to_json(s)["rules"]  # written only when set


def test_001_transfer_trump_laid_false_the_trump_laid_or_shown_counts_as_a_trump_on_the_table() -> None:
    """The other reading of 001 §transfer "also if there is a card of a trump suit on the table": the
    trump that passes the bout on counts as lying on the table, laid or shown (§Variants: showing a
    trump transfers as laying it does), so while the block is on no trump transfers; `why` says so and
    names the option. The other cards of the attack's rank still transfer, and without the block the
    option changes nothing."""
    from foolsolve.why import explain

    s = pos(rules=LAID | {"transfer_trump_laid": False}, players=4,
            hands=[["KC"], ["7S", "7D", "QD"], *LAID_HANDS[2:]], table=[["7C", None]])
    assert moves(s) == ["cover 7♣ with 7♠", "transfer 7♦", "take"]
    assert SPEC.state_to_json(s)["rules"]["transfer_trump_laid"] is False
    assert SPEC.state_from_json(SPEC.state_to_json(s)) == s
    for text, how in (("transfer 7S", "laid"), ("show 7S", "shown"), ("transfer 7D 7S", "laid")):
        exp = explain(SPEC, s, text)
        assert not exp.legal and [(r.rule, r.option, r.value) for r in exp.reasons] == [
            ("can_transfer", "transfer_trump_laid", False)], text
        assert f"7♠ is a trump: the trump {how} to transfer counts as a trump on the table" in exp.one_line()
        assert set(exp.flips) == {("transfer_trump_laid", True), ("transfer_blocked_by_trump", False)}
    off = SPEC.with_rules(s, Rules(variant="perevodnoy", transfer_blocked_by_trump=False, transfer_by_showing_trump=True,
                                   transfer_trump_laid=False))
    assert {"transfer 7♠", "show 7♠", "transfer 7♦ 7♠"} <= set(moves(off))


def test_transfer_trump_laid_is_a_reconstructed_option_of_foolsolve_rules(capsys: pytest.CaptureFixture[str]) -> None:
    from foolsolve.cli import main

    main(["rules", "durak"])
    out = capsys.readouterr().out
    listed = out.split("Reconstructed (the text is lost or silent")[1].split("Reconstructed with one sensible")[0]
    assert "  transfer_trump_laid = true  [true | false]" in listed
    assert "transfer_trump_laid:" not in out.split("one sensible reading")[1]  # an option, not a fixed reading


def test_pass_lasts_until_the_next_cover_and_why_cites_the_throw_option() -> None:
    """001 §Throw option: "When the walker has nothing to throw, this is done by the next player ...
    After she is beaten, the right to throw a card passes again to the one who walked". A pass hands
    the throw to the next thrower only until the defender covers again; `why` said "player 0 throws
    no more this bout" under §throw-in, quoting a sentence of §Throw option."""
    s = pos(rules={"variant": "podkidnoy"}, trump="H", players=3, hands=[["6D", "8C"], ["9D", "AS", "KC"], ["7D", "QC"]],
            table=[["6S", "7S"]])
    r = SPEC.why_legal(s, Pass())[0]
    assert r.section == "Throw option" and "passes again to the one who walked" in r.quote
    assert "player 2 may throw next" in r.says and "until the defender's next cover" in r.says
    assert "no more this bout" not in r.says
    after = play(s, "pass", "throw 7D", "cover 7D with 9D")
    assert after.to_move == 0 and "throw 6♦" in moves(after)  # the pass is over: player 0 may throw again
    last = play(s, "pass", "pass")
    assert not last.table  # nobody threw: the bout is beaten
    taking = play(s, "pass", "throw 7D", "take")  # after a take no cover follows
    assert taking.to_move == 0
    assert SPEC.why_legal(taking, Pass())[0].says == ("player 0 throws nothing now and no other thrower can: the "
                                                       "bout ends (taken)")
    s2 = pos(rules={"variant": "podkidnoy"}, trump="H", players=3,
             hands=[["6D", "8C"], ["9D", "AS", "KC"], ["7D", "QC", "6C"]], table=[["6S", "7S"]])
    r2 = SPEC.why_legal(play(s2, "pass", "throw 7D", "take"), Pass())[0]
    assert r2.says.endswith("player 2 may throw next; the defender has said 'take', so no cover follows and the "
                            "pass lasts the bout")


def test_a_pass_and_its_explanation_share_one_first_thrower(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_pass_reason`` (what ``why`` says of a pass) repeated ``start_throwing``'s loop for the
    first thrower who can throw: two copies of one rule that could drift apart. Both ask
    ``durak.first_thrower`` now, so a change to it changes the move and its explanation alike."""
    s = pos(rules={"variant": "podkidnoy"}, trump="H", players=3, hands=[["6D", "8C"], ["9D", "AS", "KC"], ["7D", "QC"]],
            table=[["6S", "7S"]])
    assert durak.first_thrower(s, [2]) == 2 and durak.first_thrower(s, [1]) is None  # the defender throws nothing
    assert play(s, "pass").to_move == 2 and "player 2 may throw next" in SPEC.why_legal(s, Pass())[0].says
    monkeypatch.setattr(durak, "first_thrower", lambda state, candidates: None)  # nobody may throw: both follow
    assert not play(s, "pass").table
    assert SPEC.why_legal(s, Pass())[0].says.endswith("no other thrower can: the bout ends (beaten)")


def test_out_defender_lead_the_next_player_after_a_defender_who_goes_out_leads_a_listed_reading(
        capsys: pytest.CaptureFixture[str]) -> None:
    """001 §Throw option gives the next lead to "the person who just fought off"; a defender who goes
    out with the bout (the stock empty) has no card to lead, and the text does not say who leads then.
    The spec's reading (the next player after him still in, as after a take) is listed by
    `foolsolve rules durak`; it was shown only in next_attacker's docstring."""
    from foolsolve.cli import main

    s = pos(rules={"variant": "podkidnoy"}, players=3, hands=[["8C", "9C"], ["7S"], ["10C", "JC"]],
            table=[["6S", None]])
    after = play(s, "cover 6S with 7S")  # nobody can throw in: beaten, and player 1 is out
    assert 1 in after.out and not after.table
    assert (after.attacker, after.defender, after.to_move) == (2, 0, 2)
    main(["rules", "durak"])
    out = capsys.readouterr().out
    assert "  out_defender_lead: A bout beaten off by a defender who goes out with it" in out.split(
        "one sensible reading")[1]


@pytest.mark.parametrize(("name", "reading", "quotes"), [
    ("throw_after_cover", "offered only once every attack card is covered or the defender has said take",
     ["When they are all beaten off, the one who walked has the right to give a similar one",
      "During the turn, when a card is placed for an opponent, other players can toss additional elements"]),
    ("throw_one_card", "Cards are thrown in one at a time", ["He has the right to give so far only 1 card"]),
    ("throw_pass_holds", "does not throw again until the defender's next cover",
     ["walking player can throw it up again when the turn in a circle reaches him again"]),
    ("throw_lead_first", "After each cover the throwers are asked again from the top of their order",
     ["After she is beaten, the right to throw a card passes again to the one who walked",
      "walking player can throw it up again when the turn in a circle reaches him again"]),
])
def test_sequential_throw_in_readings_are_listed_with_the_sentences_each_way(
        name: str, reading: str, quotes: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """001 throws in at the table's pace ("other players can toss additional elements"); the spec's
    sequential order of throw-ins is a set of readings, each listed by `foolsolve rules durak` (text and
    --json) with the seed sentences that point each way."""
    import json
    import re

    from foolsolve.cli import main

    main(["rules", "durak"])
    listed = capsys.readouterr().out.split("one sensible reading")[1]
    entry = re.search(rf"\n  {name}: (.*?)(?=\n  \S|\Z)", listed, re.S)
    assert entry is not None and reading in entry.group(1) and all(q in entry.group(1) for q in quotes)
    main(["rules", "durak", "--json"])
    (obj,) = [x for x in json.loads(capsys.readouterr().out) if x["name"] == name]
    assert reading in obj["doc"] and all(q in obj["source"] for q in quotes)


def test_001_two_player_transfer_back() -> None:
    s = pos(rules=P, hands=[["7H", "KC", "AD"], ["7D", "8D", "QS", "JS"]], table=[["7S", None]])
    s = play(s, "transfer 7D")
    assert (s.attacker, s.defender, s.to_move) == (1, 0, 0)
    assert "transfer 7♥" in moves(s)
    s = play(s, "transfer 7H")
    assert (s.attacker, s.defender, s.defender_start, len(s.table)) == (0, 1, 3, 3)
    s2 = pos(rules=P, hands=[["7H", "KC", "AD"], ["7D", "8D", "QS"]], table=[["7S", None]])
    s2 = play(s2, "transfer 7D")
    assert "transfer 7♥" not in moves(s2)  # player 1 would face 3 cards holding 2


def test_001_transferred_bout_ends_with_the_new_defender() -> None:
    s = pos(rules=P, hands=[["KC", "AD"], ["7D", "8D", "QS"], ["6H", "AH", "10C"]], table=[["7S", None]])
    s = play(s, "transfer 7D", "take")
    # throwers: the lead attacker (1) then 0; neither has a 7
    assert s.table == () and s.hands[2] >= {card("7D"), card("7S")}
    assert (s.attacker, s.defender) == (0, 1)  # the defender skips the turn


def test_perevodnoy_two_players_a_position_can_repeat() -> None:
    # docs/durak-model.md C10: transfers let a two-player position come back (the graph has cycles)
    start = pos(rules=P, trump="H", hands=[["7S", "AC", "AD"], ["7D", "7C", "KC", "QC"]])
    s = play(start, "attack 7S", "transfer 7D", "take")  # cap reached: no throw-ins
    assert (s.attacker, s.defender) == (1, 0) and s.hands[0] >= {card("7S"), card("7D")}
    s = play(s, "attack 7C", "transfer 7D", "take")
    # the same position; only what the players know differs (the cards picked up: docs/views.md)
    assert s != start and SPEC.without_knowledge(SPEC.state_to_json(s)) == SPEC.state_to_json(start)


@pytest.mark.parametrize("variant", ["simple", "podkidnoy"])
def test_two_player_podkidnoy_and_simple_games_are_acyclic(variant: str) -> None:
    # docs/durak-model.md C10: the whole reachable graph of a small endgame is a DAG
    import networkx as nx

    s = pos(rules={"variant": variant}, hands=[["6H", "9D", "KH"], ["7H", "9H", "6S"]])
    g, _ = state_graph(s, SPEC.legal_moves, SPEC.apply, SPEC.to_move, SPEC.result)
    assert nx.is_directed_acyclic_graph(g) and g.number_of_nodes() > 50


# --- drawing, next attacker, going out ----------------------------------------------


def test_001_draw_attacker_first_defender_last() -> None:
    # 001 §rules: "Takes first cards walking player, the defender takes the last."
    s = pos(hands=[["6H", "AC", "AD", "AH", "KC", "KD"], ["7H", "QC", "QD", "QH", "JC", "JD"],
                   ["6C", "7C", "8C", "9C", "10C"]],
            stock=["9D", "8S"])
    s = play(s, "attack 6H", "cover 6H with 7H", "pass")
    assert card("9D") in s.hands[0] and card("8S") in s.hands[2]
    assert len(s.hands[1]) == 5 and s.stock == () and s.out == ()
    assert (s.attacker, s.defender) == (1, 2)  # beaten: the defender leads


def test_draw_order_after_transfer_starts_with_the_lead_attacker() -> None:
    s = pos(rules=P, hands=[["KC", "AD"], ["7D", "8D", "QS"], ["6H", "AH", "10C"]], table=[["7S", None]])
    s = play(s, "transfer 7D")
    assert durak.draw_order(s) == [1, 0, 2]


def test_001_taking_loses_the_turn() -> None:
    s = pos(hands=[["6H", "AC"], ["QC", "QD"], ["8C", "9C"]])
    s = play(s, "attack 6H", "take")
    assert (s.attacker, s.defender) == (2, 0)


def test_001_taking_two_players_attacker_attacks_again() -> None:
    s = pos(hands=[["6H", "AC"], ["QC", "QD"]])
    s = play(s, "attack 6H", "take")
    assert (s.attacker, s.defender) == (0, 1)


def test_001_beaten_defender_attacks_next() -> None:
    s = pos(hands=[["6H", "AC"], ["7H", "QD"], ["8C", "9C"]])
    s = play(s, "attack 6H", "cover 6H with 7H")
    assert s.table == () and (s.attacker, s.defender) == (1, 2)


def test_001_beaten_defender_who_went_out_passes_the_lead_on() -> None:
    s = pos(hands=[["6H", "AC"], ["7H"], ["6C", "7C"]])
    s = play(s, "attack 6H", "cover 6H with 7H")
    assert s.out == (1,) and (s.attacker, s.defender) == (2, 0)


def test_001_going_out_only_once_the_stock_is_empty() -> None:
    s = pos(hands=[["6H"], ["7H", "QD"]], stock=["8S"])
    s = play(s, "attack 6H", "cover 6H with 7H")
    assert s.out == () and s.hands[0] == {card("8S")} and SPEC.result(s) is None


def test_001_last_player_with_cards_is_the_fool() -> None:
    s = pos(hands=[["6H"], ["7H", "QD"], ["9C"]])
    s = play(s, "attack 6H", "cover 6H with 7H")
    assert s.out == (0,)
    s = play(s, "attack QD", "take")  # player 2 takes; player 1 has emptied their hand
    res = SPEC.result(s)
    assert s.out == (0, 1) and res is not None and res.label == "fool: player 2"
    assert res.payoffs == (Fraction(1, 2), Fraction(1, 2), Fraction(-1))
    s = pos(hands=[["6H"], ["7H", "QD"], []], out=[2])
    s = play(s, "attack 6H", "cover 6H with 7H")
    res = SPEC.result(s)
    assert res is not None and res.label == "fool: player 1"
    assert res.payoffs == (Fraction(1, 2), Fraction(-1), Fraction(1, 2))
    assert SPEC.legal_moves(s) == []
    check_invariants(s)


def test_001_both_go_out_together_is_a_draw() -> None:
    s = pos(hands=[["6H"], ["7H"]])
    s = play(s, "attack 6H", "cover 6H with 7H")
    res = SPEC.result(s)
    assert res is not None and res.label == "draw" and res.payoffs == (0, 0)
    assert s.out == (0, 1) and s.last_defender == 1
    assert ENGINE.result(ENGINE.from_spec(s)) == res  # the engine reads the option on its own
    assert (s.attacker, s.defender, s.to_move, s.table) == (0, 1, 0, ())


def test_001_draw_outcome_last_defender_loses() -> None:
    s = pos(rules={"draw_outcome": "last_defender_loses"}, hands=[["6H"], ["7H"]])
    s = play(s, "attack 6H", "cover 6H with 7H")
    res = SPEC.result(s)
    assert res is not None and res.label == "fool: player 1" and res.payoffs == (1, -1)
    assert ENGINE.result(ENGINE.from_spec(s)) == res


def test_draw_outcome_quotes_the_whole_sentences_with_their_condition(capsys: pytest.CaptureFixture[str]) -> None:
    """001 §Variants "A draw implies a preliminary agreement on subsequent actions. If there were no
    discussions, the loser is the one who fought back the last move, even if he covered all the cards.":
    `foolsolve rules durak` quotes both sentences whole, so the condition (no agreement) shows."""
    from foolsolve.cli import main

    main(["rules", "durak"])
    out = capsys.readouterr().out
    assert "§Variants 'A draw implies a preliminary agreement on subsequent actions. If there were no discussions, " \
           "the loser is the one who fought back the last move, even if he covered all the cards.'" in out


def test_illegal_moves_are_rejected() -> None:
    s = pos(hands=[["6H", "AC"], ["7H", "QD"]])
    for bad in (Take(), Pass(), Throw(card("6H")), Attack((card("7H"),)), Cover(card("6H"), card("7H")), "attack 6H"):
        with pytest.raises(IllegalMove):
            SPEC.apply(s, bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        SPEC.parse_move(s, "attack 7H")


# --- Bonnet's generalised no-trump form and small endgames: two independent solvers ------


def _solve_both(s: durak.State) -> int:
    v = value_for(SPEC, s, s.to_move)
    g, root = state_graph(s, SPEC.legal_moves, SPEC.apply, SPEC.to_move, SPEC.result)
    wdl = retrograde_wdl(g)[root]
    assert (v > 0) - (v < 0) == wdl
    return wdl


@pytest.mark.parametrize("variant", ["simple", "podkidnoy", "perevodnoy"])
def test_bonnet_no_trump_example_attacker_wins(variant: str) -> None:
    s = pos(rules={"variant": variant}, trump=None, hands=[["10H", "10S", "KD"], ["QH", "QS", "JC"]])
    assert _solve_both(s) == 1
    assert move_values(SPEC, s)["attack K♦"] > 0


def test_issue_endgame_example_both_solvers_agree() -> None:
    s = pos(rules={"variant": "podkidnoy"}, hands=[["6H", "9D", "KH"], ["7H", "AD"]], discard=[], to_move=0)
    _solve_both(s)


@pytest.mark.parametrize("lead", ["transferrer", "bout_leader"])
def test_transfer_lead_option(lead: str) -> None:
    # 001 §rules "Takes first cards walking player"; §throw-in "player, who walked, has the right of the first
    # action": after a transfer, which of the two "walked" is not said (RECONSTRUCTION transfer_lead)
    rules = {**P, "transfer_lead": lead}
    s = pos(rules=rules, stock=["9H", "8H", "KS"],
            hands=[["7H", "KC"], ["7D", "8D", "QS"], ["6H", "AH", "10C", "AC"], ["6C", "6D", "JD"]],
            table=[["7S", None]])
    s = play(s, "transfer 7D")
    assert s.defender == 2 and s.attacker == (1 if lead == "transferrer" else 0)
    assert durak.throwers(s)[0] == s.attacker  # the lead attacker throws in first
    assert durak.draw_order(s)[0] == s.attacker and durak.draw_order(s)[-1] == 2  # and draws first
    assert made(SPEC.state_to_json(s)) == s  # the position file keeps it (read as set up by hand: short hands)
    t = play(s, "take", "pass") if lead == "transferrer" else play(s, "take", "throw 7H")
    assert t.table == ()


_DEALT = [["6C", "6D", "10D", "6H", "6S", "9S"], ["9C", "10C", "9D", "9H", "7S", "10S"]]


def test_show_says_a_first_bout_holds_at_most_five_attack_cards_and_is_not_transferred() -> None:
    """001 §throw-in "At the first rebound, you cannot throw more than four cards to the battering player
    (the total number of cards is five), but if player does not fight back, then you can throw the 6th
    card"; §transfer "The first round cannot be transferred if the participants are playing the first
    game": `show` says a position is the first bout of its deal, with its limit and, in perevodnoy,
    that it is not transferred."""
    plain = SPEC.describe(first_bout(_DEALT, []))
    assert "\nfirst bout of the deal: at most 5 attack cards (6 once the defender takes) (001 §throw-in)\n" in plain
    perevodnoy = SPEC.describe(first_bout(_DEALT, [], rules={"variant": "perevodnoy"}))
    assert "first bout of the deal: at most 5 attack cards (6 once the defender takes); no transfers " \
           "(001 §throw-in, §transfer)" in perevodnoy
    later = pos(hands=[["6H", "9C"], ["7H", "8C"]])
    assert "first bout" not in SPEC.describe(later) and "first_bout" not in SPEC.describe(later)


def test_show_notes_a_fresh_deal_not_marked_as_the_first_bout() -> None:
    """A hand-built deal (nothing discarded or played, the stock what the deal leaves) without
    ``first_bout``, or with it false, is read as a later bout; `show` says so, and which rules then
    apply, in words true of either file."""
    fresh = first_bout(_DEALT, [], first_bout=False, rules={"variant": "perevodnoy"})
    assert "\nfirst_bout false or not set: a fresh deal, but the later bouts' rules apply (up to 6 attack cards, " \
           "transfers); set \"first_bout\": true for the first bout's\n" in SPEC.describe(fresh)


def test_show_of_a_fresh_deal_with_first_bout_false_does_not_say_it_is_not_set() -> None:
    """``"first_bout": false`` set in the file and left out read alike; show's note fits both."""
    import json
    import random

    from foolsolve.rules import rules_from_json

    deal = SPEC.state_to_json(SPEC.deal(rules_from_json(SPEC.rules_cls, {}), 2, random.Random(3)))
    for obj in ({**deal, "first_bout": False}, {k: v for k, v in deal.items() if k != "first_bout"}):
        text = SPEC.describe(SPEC.state_from_json(json.loads(json.dumps(obj))))
        assert "\nfirst_bout false or not set: a fresh deal" in text and "first_bout not set" not in text, text
