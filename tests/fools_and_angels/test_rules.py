"""Fools and Angels: the seed's examples and one test per rule sentence (003)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from foolsolve.cards import FRENCH52
from foolsolve.errors import InputError
from foolsolve.game import IllegalMove
from foolsolve.rules import options_of, rules_from_json, rules_to_json
from foolsolve.spec.fools_and_angels import (
    DEFAULT_STOCKS,
    FACE_EFFECTS,
    SPEC,
    Attack,
    FaceEffect,
    Rules,
    attack_size_reasons,
    register_face_effect,
    value,
)
from tests.fools_and_angels.helpers import hand, moves, play, position

SEED_003 = (
    "A player with only face cards in their hand cannot attack, and loses when attacked. "
    "If a player has a hand of only face cards at the start of their turn, and they are unable to draw additional "
    "cards into their hand (for example, they already have 7 cards, or all available stocks are empty), they must "
    "show their hand and forfeit the game. "
    "The first player to get rid of all cards in both their hand and their own stock wins. "
    "The active player shall either:"
)
"""The sentences of 003 a finished game's reasons quote, as the seed spells them."""

# --- the seed's examples -----------------------------------------------------------------------


def test_003_example_attack_3d_6h_2c_2s_met_by_9_black_4_red_or_5_black() -> None:
    s = position("5♣", "9♣ 4♥ 5♠ 7♦ A♦", stock0="6♣", stock1="3♥", phase="defend", to_move=1, attack="3♦ 6♥ 2♣ 2♠")
    legal = moves(s)
    assert "defend red with 9♣" in legal  # 9-black zeroes out the red
    assert "defend black with 4♥" in legal  # 4-red zeroes out the black
    assert "defend whole with 5♠" in legal  # 5-black balances the whole
    # nothing else is a partial defence: every defence is one of the three targets
    assert all(m.split()[1] in ("red", "black", "whole") for m in legal if m.startswith("defend"))
    assert hand(play(s, "defend red with 9♣"), 1) == {"4♥", "5♠", "7♦", "A♦", "2♣", "2♠"}
    assert hand(play(s, "defend black with 4♥"), 1) == {"9♣", "5♠", "7♦", "A♦", "3♦", "6♥"}
    assert hand(play(s, "defend whole with 5♠"), 1) == {"9♣", "4♥", "7♦", "A♦"}


def test_003_every_listed_defence_cancels_its_target_exactly() -> None:
    s = position("5♣", "9♣ 4♥ 5♠ 7♦ A♦ 2♥ 8♠", stock0="6♣", stock1="3♥", phase="defend", to_move=1,
                 attack="3♦ 6♥ 2♣ 2♠")
    need = {"red": 9, "black": -4, "whole": 5}
    found = 0
    for m in SPEC.legal_moves(s):
        if isinstance(m, Attack) or str(m) == "surrender":
            continue
        assert sum(value(c) for c in m.cards) == need[m.target]  # type: ignore[union-attr]
        found += 1
    assert found >= 3


def test_003_tip_attack_4d_met_by_6c_ac_3h() -> None:
    s = position("2♠", "6♣ A♣ 3♥ 8♥", stock0="6♠", stock1="5♥", phase="defend", to_move=1, attack="4♦")
    assert "defend whole with 6♣ A♣ 3♥" in moves(s)
    after = play(s, "defend whole with 6♣ A♣ 3♥")
    assert hand(after, 1) == {"8♥"}
    # a one-colour attack has one defence target, written "whole"
    assert not any(m.startswith("defend red") for m in moves(s))


def test_003_qa_attack_jd_2c_cannot_be_half_defended_with_2h() -> None:
    s = position("3♠", "2♥ 5♣ 9♦", stock0="6♠", stock1="5♥", phase="defend", to_move=1, attack="J♦ 2♣")
    legal = moves(s)
    assert "defend black with 2♥" not in legal
    # 2♥ balances the whole attack instead, and the J♦ goes with it: it cannot be picked up
    assert "defend whole with 2♥" in legal
    assert hand(play(s, "defend whole with 2♥"), 1) == {"5♣", "9♦"}


def test_face_effect_table_is_pluggable_per_rank() -> None:
    # the non-default `none` effect for Jacks allows the half defence the Q&A forbids
    s = position("3♠", "2♥ 5♣ 9♦", stock0="6♠", stock1="5♥", phase="defend", to_move=1, attack="J♦ 2♣",
                 rules={"face_effects": {"J": "none"}})
    assert "defend black with 2♥" in moves(s)
    assert hand(play(s, "defend black with 2♥"), 1) == {"5♣", "9♦", "J♦"}
    # ... while a Queen keeps the default whole_only
    q = position("3♠", "2♥ 5♣ 9♦", stock0="6♠", stock1="5♥", phase="defend", to_move=1, attack="Q♥ 2♣",
                 rules={"face_effects": {"J": "none"}})
    assert "defend black with 2♥" not in moves(q)


def test_a_registered_face_effect_can_be_selected_by_name() -> None:
    class NoWhole(FaceEffect):
        name = "test_colour_only"
        doc = "test effect: only colour defences"

        def targets(self, has_red: bool, has_black: bool) -> tuple[str, ...]:
            return ("red", "black")

    register_face_effect(NoWhole())
    try:
        s = position("3♠", "2♥ 5♣ 9♦ 7♠", stock0="6♠", stock1="6♥", phase="defend", to_move=1, attack="K♦ 2♣ 5♥",
                     rules={"face_effects": {"K": "test_colour_only"}})
        legal = moves(s)
        assert "defend black with 2♥" in legal
        assert not any(m.startswith("defend whole") for m in legal)
    finally:
        del FACE_EFFECTS["test_colour_only"]


# --- values ----------------------------------------------------------------------------------------


def test_003_aces_are_worth_1_black_positive_red_negative_faces_zero() -> None:
    p = FRENCH52.parse
    assert value(p("AS")) == 1 and value(p("AH")) == -1
    assert value(p("9C")) == 9 and value(p("9D")) == -9
    assert value(p("JS")) == value(p("QH")) == value(p("KD")) == 0


# --- attacks -----------------------------------------------------------------------------------------


def test_003_attack_up_to_4_cards_plus_1_more_if_it_is_a_face_card() -> None:
    # 003 "The attacker may use up to 4 cards — plus 1 more if it is a face card — but never more cards
    # than the defender holds in their hand." Default reading (attack_size four_then_face, RULES-NOTES
    # §4): at most 4 cards of any kind, and a 5th only if it is a face card.
    s = position("A♣ 2♣ 3♣ 4♣ 5♣ J♦ Q♥", "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦", stock0="6♣", stock1="6♥")
    assert s.rules.attack_size == "four_then_face"
    attacks = [m for m in SPEC.legal_moves(s) if isinstance(m, Attack)]
    faces = lambda m: sum(1 for c in m.cards if c.rank in (11, 12, 13))  # noqa: E731
    assert max(len(m.cards) - faces(m) for m in attacks) == 4
    assert max(len(m.cards) for m in attacks) == 5
    assert all(faces(m) >= 1 for m in attacks if len(m.cards) == 5)
    assert "attack 2♣ 3♣ 4♣ 5♣ J♦" in moves(s)
    assert "attack 2♣ 3♣ 4♣ J♦ Q♥" in moves(s)  # 3 pips, 2 faces: four cards, the 5th a face card
    assert "attack 2♣ J♦ Q♥" in moves(s)
    assert "attack A♣ 2♣ 3♣ 4♣ 5♣" not in moves(s)  # five pip cards: the 5th is no face card


def test_003_attack_size_reading_pips_and_one_face() -> None:
    # the other reading of the same sentence: at most 4 pip cards and at most 1 face card
    s = position("A♣ 2♣ 3♣ 4♣ 5♣ J♦ Q♥", "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦", stock0="6♣", stock1="6♥",
                 rules={"attack_size": "pips_and_one_face"})
    attacks = [m for m in SPEC.legal_moves(s) if isinstance(m, Attack)]
    faces = lambda m: sum(1 for c in m.cards if c.rank in (11, 12, 13))  # noqa: E731
    assert max(len(m.cards) - faces(m) for m in attacks) == 4
    assert max(faces(m) for m in attacks) == 1
    assert "attack 2♣ 3♣ 4♣ 5♣ J♦" in moves(s)
    assert "attack A♣ 2♣ 3♣ 4♣ 5♣" not in moves(s)  # five pip cards
    assert "attack 2♣ J♦ Q♥" not in moves(s)  # two face cards


def test_003_face_cards_must_accompany_pip_cards() -> None:
    s = position("2♣ J♦ Q♥", "A♦ 2♦ 3♦ 4♦", stock0="6♣", stock1="6♥")
    assert "attack J♦" not in moves(s) and "attack J♦ Q♥" not in moves(s)
    assert "attack 2♣ J♦" in moves(s)
    # a hand of only face cards cannot attack (it can still regroup)
    f = position("J♦ Q♥", "A♦ 2♦ 3♦ 4♦", stock0="6♣", stock1="6♥")
    assert moves(f) == ["draw own"]


def test_003_never_more_cards_than_the_defender_holds() -> None:
    """In play this rule never decides alone: an attack comes from the attacker's hand, and no player may
    attack a player with fewer cards, so an attack never outnumbers the defender's hand by the other rule.
    It is held where the spec states it (the attack's size against the cards the defender holds), and is
    named among the reasons against an attack that would break it."""
    c = FRENCH52.parse
    three = (c("2C"), c("3C"), c("4C"))
    assert [r.says for r in attack_size_reasons(three, Rules(), 3)] == []
    assert [r.says for r in attack_size_reasons(three, Rules(), 2)] == ["3 cards, but the defender holds 2"]
    s = position("2♣ 3♣ 4♣ J♦", "4♥ 5♥ 6♥", stock0="6♣", stock1="6♦")
    assert not any(m.startswith("attack") for m in moves(s))
    says = [r.says for r in SPEC.why_illegal(s, Attack((*three, c("JD"))))]
    assert "4 cards, but the defender holds 3" in says and any("fewer than player 0's 4" in t for t in says)
    # up to the defender's hand size, an attack of that size is legal
    s = position("A♣ 2♣ 3♣", "4♥ 5♥ 6♥", stock0="6♣", stock1="6♦")
    assert max(len(m.split()) - 1 for m in moves(s) if m.startswith("attack")) == 3


def test_003_attack_must_total_non_zero() -> None:
    s = position("3♣ 3♥ 5♠", "A♦ 2♦ 3♦ 4♦", stock0="6♣", stock1="6♥")
    assert "attack 3♣ 3♥" not in moves(s)
    assert "attack 3♣ 3♥ 5♠" in moves(s)
    with pytest.raises(IllegalMove):
        SPEC.apply(s, Attack((FRENCH52.parse("3C"), FRENCH52.parse("3H"))))


def test_003_no_attack_on_a_player_with_fewer_cards() -> None:
    s = position("A♣ 2♣ 3♣", "4♥ 5♥", stock0="6♣", stock1="6♦")
    assert moves(s) == ["draw own"]
    equal = position("A♣ 2♣", "4♥ 5♥", stock0="6♣", stock1="6♦")
    assert "attack A♣" in moves(equal)


def test_003_first_turn_of_each_player_is_a_draw() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        rules = Rules(exchange=seed % 2 == 0, infusion=seed % 3 == 0, temptation=True)
        s = SPEC.deal(rules, 2, rng)
        first = s.to_move
        assert set(moves(s)) <= {"draw own", "draw pool"}
        while s.to_move == first:
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
        assert s.phase == "turn"
        assert set(moves(s)) <= {"draw own", "draw pool"}


def test_003_surrender_takes_all_attack_cards() -> None:
    s = position("5♣", "9♣ 4♥ 5♠ 7♦ A♦", stock0="6♣", stock1="3♥", phase="defend", to_move=1, attack="3♦ 6♥ 2♣ 2♠")
    after = play(s, "surrender")
    assert hand(after, 1) == {"9♣", "4♥", "5♠", "7♦", "A♦", "3♦", "6♥", "2♣", "2♠"}
    assert after.phase == "turn" and after.to_move == 1  # the defender's turn comes next


# --- regrouping ----------------------------------------------------------------------------------


def test_regroup_draws_up_to_the_7_card_hand_limit() -> None:
    s = position("A♣ 2♣ 3♣ 4♣ 5♣ 6♣ J♦", "2♦ 3♦", stock0="6♠ 5♠", stock1="6♥", pool="7♥")
    assert not any(m.startswith("draw") for m in moves(s))
    s6 = position("A♣ 2♣ 3♣ 4♣ 5♣ 6♣", "2♦ 3♦", stock0="6♠ 5♠", stock1="6♥", pool="7♥")
    after = play(s6, "draw own")
    assert len(after.hands[0]) == 7 and after.phase == "turn" and after.to_move == 1  # the turn ends at 7
    s5 = position("A♣ 2♣ 3♣ 4♣ 5♣", "2♦ 3♦", stock0="6♠ 5♠", stock1="6♥", pool="7♥", rules={"hand_limit": 5})
    assert not any(m.startswith("draw") for m in moves(s5))


def test_regroup_draws_at_least_one_then_may_stop() -> None:
    s = position("A♣", "2♦ 3♦ 4♦", stock0="6♠ 5♠ 4♠", stock1="6♥", pool="7♥ 8♥")
    assert "stop" not in moves(s)
    s = play(s, "draw own")
    assert s.phase == "regroup" and moves(s) == ["draw own", "draw pool", "stop"]
    s = play(s, "draw pool", "stop")
    assert hand(s, 0) == {"A♣", "6♠", "7♥"} and s.to_move == 1


@pytest.mark.parametrize("regroup_max, draws", [(1, 1), (2, 2), ("limit", 6)])
def test_regroup_max_option(regroup_max: object, draws: int) -> None:
    s = position("A♣", "2♦ 3♦ 4♦", stock0="6♠ 5♠ 4♠ 3♠ 2♠ A♠", stock1="6♥", pool="7♥ 8♥",
                 rules={"regroup_max": regroup_max})
    n = 0
    while s.to_move == 0:
        s = play(s, "draw own")
        n += 1
    assert n == draws


# --- passing -----------------------------------------------------------------------------------


def test_003_pass_when_opponent_empty_handed_and_own_stock_empty() -> None:
    s = position("A♣ 2♣", "", stock0="", stock1="6♥", pool="7♥")
    assert moves(s) == ["draw pool", "pass"]
    after = play(s, "pass")
    assert after.to_move == 1 and moves(after) == ["draw own", "draw pool"]
    # not while the own stock has cards
    s = position("A♣ 2♣", "", stock0="6♣", stock1="6♥", pool="7♥")
    assert "pass" not in moves(s)


def test_no_legal_action_default_is_a_forced_pass() -> None:
    s = position("A♣ 2♣ 3♣", "4♥ 5♥")
    assert moves(s) == ["pass"]
    assert play(s, "pass").to_move == 1


def test_no_legal_action_lose_option() -> None:
    s = position("A♣ 2♣ 3♣", "4♥ 5♥", rules={"no_legal_action": "lose"})
    res = SPEC.result(s)
    assert res is not None and dict(res.details)["winner"] == 1


def test_no_legal_action_lose_after_an_exchange_that_left_only_face_cards() -> None:
    # RECONSTRUCTION no_legal_action == "lose"; the forfeit of 003 ("at the start of their turn") is over once
    # the turn began with an exchange: a hand of only face cards then cannot attack and is stuck. The engine
    # decides it on its own.
    from foolsolve.engines.fools_and_angels import ENGINE

    s = position("J♥ Q♥", "2♣ 3♣", rules={"exchange": True, "no_legal_action": "lose"}, exchanged=True)
    res = SPEC.result(s)
    assert res is not None and dict(res.details) == {"winner": 1, "reason": "no legal action"}
    assert ENGINE.result(ENGINE.from_spec(s)) == res


# --- face cards, forfeits and winning -------------------------------------------------------------


def test_003_face_only_hand_forfeits_when_unable_to_draw() -> None:
    s = position("J♣ Q♥", "4♥ 5♥")
    res = SPEC.result(s)
    assert res is not None and dict(res.details) == {"winner": 1, "reason": "forfeit: only face cards and unable to draw"}
    full = position("J♣ Q♥ K♣ J♠ Q♠ K♦ J♦", "4♥ 5♥", stock0="A♣", stock1="3♦", pool="7♥")
    assert SPEC.result(full) is not None  # 7 cards: unable to draw
    can = position("J♣ Q♥", "4♥ 5♥", pool="7♥")
    assert SPEC.result(can) is None and moves(can) == ["draw pool"]


def test_003_face_only_hand_loses_when_attacked() -> None:
    s = position("3♣", "J♣ Q♥", stock0="A♣", stock1="3♦")
    after = play(s, "attack 3♣")
    res = SPEC.result(after)
    assert res is not None and dict(res.details) == {"winner": 0, "reason": "attacked a hand of only face cards"}


def test_003_first_to_empty_hand_and_own_stock_wins() -> None:
    s = position("3♣ 4♣", "5♥ 6♥ 7♦")
    res = SPEC.result(play(s, "attack 3♣ 4♣"))
    assert res is not None and dict(res.details)["winner"] == 0  # at once, before any defence
    # an empty hand with a non-empty own stock is not a win
    s = position("3♣ 4♣", "5♥ 6♥ 7♦", stock0="A♠")
    assert SPEC.result(play(s, "attack 3♣ 4♣")) is None
    # the defender can win by defending with its last cards
    d = position("", "7♠", phase="defend", to_move=1, attack="7♦", stock0="2♠")
    res = SPEC.result(play(d, "defend whole with 7♠"))
    assert res is not None and dict(res.details)["winner"] == 1


@pytest.mark.parametrize("outcome, quote, option", [
    ("emptied", "The first player to get rid of all cards in both their hand and their own stock wins.", None),
    ("attacked", "A player with only face cards in their hand cannot attack, and loses when attacked.", None),
    ("forfeit", "If a player has a hand of only face cards at the start of their turn, and they are unable to draw "
                "additional cards into their hand ..., they must show their hand and forfeit the game.", None),
    ("stuck", "The active player shall either:", "no_legal_action"),
])
def test_why_on_a_finished_game_quotes_the_sentence_behind_its_outcome(outcome: str, quote: str,
                                                                       option: str | None) -> None:
    # each end of the game has its own sentence of 003; the reconstructed loss of a player with nothing to
    # do names its option instead (it had the win sentence for all four)
    state = {
        "emptied": lambda: play(position("3♣ 4♣", "5♥ 6♥ 7♦"), "attack 3♣ 4♣"),
        "attacked": lambda: play(position("3♣", "J♣ Q♥", stock0="A♣", stock1="3♦"), "attack 3♣"),
        "forfeit": lambda: position("J♣ Q♥", "4♥ 5♥"),
        "stuck": lambda: position("A♣ 2♣ 3♣", "4♥ 5♥", rules={"no_legal_action": "lose"}),
    }[outcome]()
    assert SPEC.result(state) is not None
    for text in ("pass", "surrender"):
        [why] = SPEC.why_illegal(state, SPEC.read_move(state, text))
        assert why.quote == quote and why.option == option and "the game is over" in why.says
        if option is not None:
            assert why.value == "lose"
        for part in quote.split("..."):  # the seed's own words, a gap only where "..." stands
            assert part.strip(" ,.") in SEED_003


def test_forfeit_first_the_start_of_turn_forfeit_comes_before_an_exchange_and_the_exception_pass() -> None:
    # 003 gives the forfeit and the Exchange both "at the start of their turn" and does not rank them (nor the
    # forfeit against the exception pass): the listed reading forfeit_first checks the forfeit first
    face7 = position("J♣ J♦ J♥ J♠ Q♠ Q♥ K♣", "4♥ A♥ 6♦", stock0="3♠", stock1="3♦", pool="7♦ 9♣ 8♥",
                     rules={"exchange": True})
    res = SPEC.result(face7)
    assert res is not None and dict(res.details)["reason"] == "forfeit: only face cards and unable to draw"
    assert moves(face7) == []  # no exchange, though the pool holds pip cards
    # the exception pass (opponent empty-handed, own stock empty) does not save it either
    bare = position("J♣ Q♠", "", stock1="3♦")
    res = SPEC.result(bare)
    assert res is not None and dict(res.details)["reason"] == "forfeit: only face cards and unable to draw"
    [why] = SPEC.why_illegal(bare, SPEC.read_move(bare, "pass"))
    assert "forfeit_first" in why.says
    recon = next(r for r in SPEC.reconstructions if r.name == "forfeit_first")
    assert "at the start of their turn" in recon.source and "At the start of your turn" in recon.source


# --- defence options --------------------------------------------------------------------------------


def test_003_defence_may_include_face_cards_with_a_pip_card() -> None:
    # 003 'The other player then "defends" by playing any number of cards from their hand' and "Face
    # cards must always accompany pip cards": default defence_face_cards with_pips (RULES-NOTES §4)
    base = dict(stock0="6♠", stock1="6♦", phase="defend", to_move=1, attack="5♥")
    w = position("2♠", "5♠ J♥", **base)  # type: ignore[arg-type]
    assert w.rules.defence_face_cards == "with_pips"
    assert moves(w) == ["defend whole with 5♠", "defend whole with J♥ 5♠", "surrender"]
    assert hand(play(w, "defend whole with J♥ 5♠"), 1) == set()
    # never a face card alone
    assert "defend whole with J♥" not in moves(w)
    s = position("2♠", "5♠ J♥", rules={"defence_face_cards": "never"}, **base)  # type: ignore[arg-type]
    assert moves(s) == ["defend whole with 5♠", "surrender"]


# --- variants --------------------------------------------------------------------------------------


def test_003_infusion_first_draw_from_the_pool() -> None:
    r = {"infusion": True}
    s = position("A♣", "2♦ 3♦ 4♦", stock0="6♠ 5♠", stock1="6♥", pool="7♥ 8♥", rules=r)
    assert moves(s) == ["attack A♣", "draw pool"]
    s = play(s, "draw pool")
    assert moves(s) == ["draw own", "draw pool", "stop"]
    six = position("A♣ 2♣ 3♣ 4♣ 5♣ 6♣", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦", stock0="6♠", stock1="6♥", pool="7♥", rules=r)
    assert {"draw own", "draw pool"} <= set(moves(six))
    no_pool = position("A♣", "2♦ 3♦ 4♦", stock0="6♠", stock1="6♥", rules=r)
    assert moves(no_pool) == ["attack A♣", "draw own"]


def test_003_asymmetry_pile_swap_and_reshuffle() -> None:
    rules = Rules(asymmetry=True)
    s = SPEC.deal(rules, 2, random.Random(3))
    assert s.phase == "setup" and len(moves(s)) == 13
    own_pile = set(s.stocks[0][4:8])
    pool_pile = set(s.pool[8:12])
    s1 = play(s, "swap pile 2 for pool pile 3")
    assert s1.to_move == 1 and set(s1.stocks[0][4:8]) == pool_pile and set(s1.pool[8:12]) == own_pile
    s2 = play(s1, "keep piles")
    assert s2.phase == "turn" and s2.to_move == 0
    assert set(s2.stocks[0]) == (set(s.stocks[0]) - own_pile) | pool_pile
    assert set(s2.pool) == (set(s.pool) - pool_pile) | own_pile
    assert set(s2.stocks[1]) == set(s.stocks[1])
    assert s2.stocks[0] == tuple(sorted(s2.stocks[0])[i] for i in s.reshuffle[0])


def test_asymmetry_needs_3p_3p_4p_stocks() -> None:
    with pytest.raises(InputError, match="asymmetry"):
        rules_from_json(Rules, {"asymmetry": True, "stocks": {"player0": ["AS"], "player1": ["AH"], "pool": ["7C"]}})


def test_003_exchange_puts_cards_under_the_pool_and_draws_as_many() -> None:
    s = position("A♣ 2♣", "3♦ 4♦ 5♦", stock0="6♠", stock1="6♥", pool="7♦ 8♥ 9♣", rules={"exchange": True})
    assert "exchange A♣" in moves(s) and "exchange 2♣ A♣" in moves(s)
    after = play(s, "exchange A♣")
    assert hand(after, 0) == {"2♣", "7♦"} and [str(c) for c in after.pool] == ["8♥", "9♣", "A♣"]
    assert after.to_move == 0 and not any(m.startswith("exchange") for m in moves(after))
    assert "attack 2♣" in moves(after)
    small = position("A♣ 2♣", "3♦ 4♦ 5♦", stock0="6♠", stock1="6♥", pool="7♦", rules={"exchange": True})
    assert "exchange 2♣ A♣" not in moves(small)  # no more cards than the pool holds


def test_003_temptation_after_a_pool_draw() -> None:
    r = {"temptation": True}
    s = position("A♣", "2♦ 3♦ 4♦", stock0="6♠", stock1="6♥ 5♥", pool="7♥ 8♥", rules=r)
    t = play(s, "draw pool", "stop")
    assert t.phase == "tempt" and t.to_move == 1
    assert moves(t) == ["discard 2♦", "discard 3♦", "discard 4♦", "discard stock", "decline"]
    assert [str(c) for c in play(t, "discard stock").stocks[1]] == ["5♥"]
    assert play(t, "decline").phase == "turn"
    own = play(s, "draw own", "stop")
    assert own.phase == "turn"  # no pool draw, no temptation
    # player 1's first turn (turns_done 1): a real deal after player 0's first draw (003: hands start empty)
    first = play(SPEC.deal(rules_from_json(Rules, r), 2, random.Random(0)), "draw own", "stop")
    assert first.turns_done == 1 and first.to_move == 1
    assert play(first, "draw pool", "stop").phase == "turn"  # not before both first turns are done


@pytest.mark.parametrize("trigger, phase", [("any_pool_draw", "tempt"), ("regroup_only", "turn")])
def test_temptation_trigger_option_for_exchange_draws(trigger: str, phase: str) -> None:
    r = {"temptation": True, "exchange": True, "temptation_trigger": trigger}
    s = position("A♣ 2♣", "3♦ 4♦ 5♦", stock0="6♠", stock1="6♥", pool="7♦ 8♥", rules=r)
    after = play(s, "exchange A♣", "attack 2♣", "surrender")
    assert after.phase == phase and after.to_move == 1


# --- the deal and the rules as data ----------------------------------------------------------------


def test_deal_uses_the_stocks_option_as_data() -> None:
    s = SPEC.deal(Rules(), 2, random.Random(0))
    assert sorted(c.ascii for c in s.stocks[0]) == sorted(DEFAULT_STOCKS.player0)
    assert len(s.stocks[0]) == len(s.stocks[1]) == 12 and len(s.pool) == 16
    assert not s.hands[0] and not s.hands[1]
    custom = rules_from_json(Rules, {"stocks": {"player0": ["AS", "2S"], "player1": ["AH"], "pool": ["KD"]}})
    c = SPEC.deal(custom, 2, random.Random(0))
    assert {x.ascii for x in c.stocks[0]} == {"AS", "2S"} and [x.ascii for x in c.pool] == ["KD"]


def test_stocks_option_rejects_tens_and_duplicates() -> None:
    with pytest.raises(InputError, match=r"rules\.stocks: player1"):
        rules_from_json(Rules, {"stocks": {"player0": ["AS"], "player1": ["AS"], "pool": []}})
    with pytest.raises(InputError, match="not used"):
        rules_from_json(Rules, {"stocks": {"player0": ["10S"], "player1": ["AH"], "pool": []}})


def test_every_reconstructed_rule_says_reconstruction_in_its_doc() -> None:
    infos = options_of(Rules)
    recon = [o for o in infos if o.reconstructed]
    assert {o.name for o in recon} >= {"stocks", "regroup_max", "face_effects", "defence_face_cards",
                                       "no_legal_action", "end_of_turn", "first_player"}
    for o in recon:
        assert "reconstruction" in o.doc, o.name
    for o in infos:
        assert o.source and ("003" in o.source), o.name
        if not o.reconstructed:
            assert "reconstruction" not in o.doc, o.name
    assert {o.name for o in infos if not o.reconstructed} >= {"infusion", "asymmetry", "exchange", "temptation"}


def test_rules_round_trip_through_json() -> None:
    r = rules_from_json(Rules, {"hand_limit": 5, "regroup_max": 2, "face_effects": {"Q": "none"}, "exchange": True})
    assert rules_from_json(Rules, rules_to_json(r)) == r
    assert rules_to_json(Rules()) == rules_to_json(rules_from_json(Rules, rules_to_json(Rules())))
    with pytest.raises(InputError, match=r"rules\.regroup_max"):
        rules_from_json(Rules, {"regroup_max": 3})
    with pytest.raises(InputError, match=r"rules\.face_effects"):
        rules_from_json(Rules, {"face_effects": {"J": "nope"}})
    with pytest.raises(InputError, match=r"rules\.hand_limit"):
        rules_from_json(Rules, {"hand_limit": 0})


def test_exchange_limit_option() -> None:
    r = {"exchange": True, "exchange_limit": "hand_size"}
    s = position("A♣ 2♣", "3♦ 4♦ 5♦", stock0="6♠", stock1="6♥", pool="7♦", rules=r)
    assert "exchange 2♣ A♣" in moves(s)
    after = play(s, "exchange 2♣ A♣")  # 2♣ A♣ go under 7♦; the top two come back: 7♦ and 2♣
    assert hand(after, 0) == {"7♦", "2♣"} and [str(c) for c in after.pool] == ["A♣"]
    empty = position("A♣", "3♦ 4♦", stock0="6♠", stock1="6♥", rules=r)
    assert "exchange A♣" in moves(empty)
    assert "exchange A♣" not in moves(position("A♣", "3♦ 4♦", stock0="6♠", stock1="6♥", rules={"exchange": True}))


def test_a_move_text_with_an_unknown_word_and_one_card_is_not_read_as_a_discard() -> None:
    # move texts (docs/fools-and-angels.md): "discard 5C" discards; "draw" takes own|pool only
    from foolsolve.errors import InputError
    from foolsolve.spec.fools_and_angels import SPEC as FA
    from tests.fools_and_angels.helpers import position

    s = position("3D AS", "2H 4C", stock0="5C", stock1="6H", pool="7D")
    for text in ("draw 3D", "burn 3D"):
        with pytest.raises(InputError, match="cannot read"):
            FA.read_move(s, text)


def test_why_no_exception_pass_names_the_opponent_holding_cards_for_either_player() -> None:
    # 003: "An exception: If the opponent is empty-handed and the player's own stock is empty, the
    # player may instead pass."
    from foolsolve.spec.fools_and_angels import pass_reasons
    from tests.fools_and_angels.helpers import position

    for p in (0, 1):
        hands = ("3D AS", "") if p == 1 else ("", "3D AS")
        s = position(*hands, stock0="5C", stock1="6H", pool="7D", to_move=p)
        says = next(r.says for r in pass_reasons(s) if r.rule == "exception_pass")
        assert f"player {1 - p} holds cards" in says and f"player {p}'s stock is not empty" in says


def test_the_first_turns_belong_to_the_first_player_then_the_other() -> None:
    # 003: "Players take turns either attacking ... or regrouping"; option first_player: a position of the
    # first turns names the player whose turn it is
    import pytest

    from foolsolve.errors import InputError

    opening = _opening()
    with pytest.raises(InputError, match=r"^to_move: 1 cannot move here: after 0 turns it is player 0's turn"):
        SPEC.state_from_json({**opening, "to_move": 1})
    SPEC.state_from_json({**opening, "to_move": 1, "rules": {"first_player": 1}})
    stock0 = opening["stocks"][0]
    SPEC.state_from_json({**opening, "hands": [stock0[:1], []], "stocks": [stock0[1:], opening["stocks"][1]],
                          "turns_done": 1, "to_move": 1})


def _opening() -> dict[str, Any]:
    """The bundled opening deal (turns_done 0: every card in a stock, the hands empty)."""
    from foolsolve.bundled import bundled_examples

    obj: dict[str, Any] = json.loads(bundled_examples()["fools-and-angels-opening"].read_text(encoding="utf-8"))
    return obj


def test_before_the_first_two_turns_no_card_is_out_of_play_and_hands_hold_only_their_draws() -> None:
    # 003: "Players start with no cards in hand, and no player may attack a player with fewer cards in hand
    # than them, so everyone's first turn of the game will always be to draw"
    opening = _opening()
    pool = list(opening["pool"])
    gone = pool.pop(11)
    with pytest.raises(InputError, match=rf"^turns_done: 0, but {gone} is listed nowhere \(out of play\)"):
        SPEC.state_from_json({**opening, "pool": pool})
    stock1 = opening["stocks"][1]
    with pytest.raises(InputError, match=r"^hands\[1\]: 3 cards before any turn of player 1's \(turns_done 0"):
        SPEC.state_from_json({**opening, "hands": [[], stock1[:3]], "stocks": [opening["stocks"][0], stock1[3:]]})
    stock0 = opening["stocks"][0]
    with pytest.raises(InputError, match=r"^hands\[0\]: 1 card at the start of her first turn"):
        SPEC.state_from_json({**opening, "hands": [stock0[:1], []], "stocks": [stock0[1:], stock1]})
    with pytest.raises(InputError, match=r"^hands\[0\]: 1 card 2 draws into her first turn's regroup"):
        SPEC.state_from_json({**opening, "hands": [stock0[:1], []], "stocks": [stock0[1:], stock1],
                              "phase": "regroup", "drawn": 2})
    SPEC.state_from_json({**opening, "hands": [stock0[:2], []], "stocks": [stock0[2:], stock1], "phase": "regroup",
                          "drawn": 2})
    with pytest.raises(InputError, match=r"^hands\[0\]: empty after player 0's first turn \(turns_done 1\)"):
        SPEC.state_from_json({**opening, "turns_done": 1, "to_move": 1})
    # after both first turns (turns_done 2) attacks and Temptation may have put cards out of play
    SPEC.state_from_json({**opening, "pool": pool, "hands": [stock0[:1], stock1[:3]],
                          "stocks": [stock0[1:], stock1[3:]], "turns_done": 2})


def test_a_first_turns_hand_holds_only_cards_its_own_stock_or_the_pool_could_hold() -> None:
    # 003: "Players start with no cards in hand ... everyone's first turn of the game will always be to draw":
    # before both first turns are over a hand holds only cards its player drew from her own stock or the pool
    opening = _opening()
    stock0, stock1 = opening["stocks"]
    said = "in the first two turns \\(turns_done 1\\) a hand holds only cards its player drew from those"
    # player 0 after her first turn holding 2D, a card only player 1's stock holds (rules.stocks): was accepted
    stolen = {**opening, "hands": [["2D"], []], "stocks": [stock0, [c for c in stock1 if c != "2D"]],
              "turns_done": 1, "to_move": 1}
    with pytest.raises(InputError, match=rf"^hands\[0\]: 2D can be in neither player 0's stock nor the pool "
                                         rf"\(rules.stocks\), and {said} \(003: "):
        SPEC.state_from_json(stolen)
    # player 1 in her first turn's regroup holding a card of player 0's stock
    mine, taken = stock0[0], stock0[1]
    with pytest.raises(InputError, match=rf"^hands\[1\]: {taken} can be in neither player 1's stock nor the pool"):
        SPEC.state_from_json({**opening, "hands": [[mine], [taken]], "stocks": [stock0[2:], stock1],
                              "turns_done": 1, "to_move": 1, "phase": "regroup", "drawn": 1})
    # the same hands hold those cards once both first turns are over (a hand takes the opponent's attack cards)
    SPEC.state_from_json({**stolen, "turns_done": 2, "to_move": 0})
    # a view's public check (state_from_json with public=) reads no card of a hidden hand
    from foolsolve.spec.fools_and_angels import state_from_json

    state_from_json(stolen, public={("hands", 0): frozenset()})
    with pytest.raises(InputError, match=r"^hands\[0\]: 2D can be in neither"):
        state_from_json(stolen, public={("hands", 1): frozenset()})


def test_no_exchange_adds_to_the_pool_in_the_first_turns() -> None:
    # 003 Exchange puts hand cards "face down on the bottom of the pool stock", but neither first turn starts
    # with a card in hand (003 "Players start with no cards in hand"): in the first turns the pool holds only
    # its own cards, and a hand only cards of its own stock or the pool
    opening = _opening()
    stock0, stock1 = opening["stocks"]
    pool = opening["pool"]
    r = {"exchange": True}
    moved = {**opening, "rules": r, "hands": [[pool[0]], []], "stocks": [stock0[1:], stock1],
             "pool": [*pool[1:], stock0[0]], "turns_done": 1, "to_move": 1}
    with pytest.raises(InputError, match=rf"^pool: {stock0[0]} can never be in this stock .*after the first two turns"):
        SPEC.state_from_json(moved)
    SPEC.state_from_json({**moved, "turns_done": 2, "to_move": 0})  # an Exchange may have put it there
    with pytest.raises(InputError, match=r"^hands\[0\]: 2D can be in neither player 0's stock nor the pool"):
        SPEC.state_from_json({**opening, "rules": r, "hands": [["2D"], []],
                              "stocks": [stock0, [c for c in stock1 if c != "2D"]], "turns_done": 1, "to_move": 1})


def _first_turns(rules: dict[str, Any], draws: list[str], want: Any) -> Any:
    """The first turns of a dealt game: Asymmetry's choices (each player swaps her pile 1 for pool pile 1:
    the second chooser takes the first's pile and puts hers in the pool), then ``draws``; the first deal
    (seeds 0..99) for which ``want(state)`` holds at the end. Every state on the way reads back as itself."""
    for seed in range(100):
        state = SPEC.deal(rules_from_json(Rules, rules), 2, random.Random(seed))
        line = [state]
        for text in (["swap pile 1 for pool pile 1"] * 2 if state.phase == "setup" else []) + draws:
            line.append(play(line[-1], text))
        if want(line[-1]):
            for s in line:
                assert SPEC.state_from_json(json.loads(json.dumps(SPEC.state_to_json(s)))) == s
            return line[-1]
    raise AssertionError("no deal of seeds 0..99 gives the wanted first turns")


@pytest.mark.parametrize("rules", [{}, {"exchange": True}, {"asymmetry": True},
                                   {"asymmetry": True, "asymmetry_order": "second_player_first"}],
                         ids=["plain", "exchange", "asymmetry", "asymmetry-second-first"])
def test_first_turns_reached_by_play_are_read_back(rules: dict[str, Any]) -> None:
    """Reachable first-turns positions (turns_done 1, player 1 in her first regroup) are accepted for each
    variant that changes what a stock holds; under Asymmetry a hand holds a card of the other player's rules
    stock there (the swaps moved it into the pool or her own stock)."""
    own = [set(DEFAULT_STOCKS.player0), set(DEFAULT_STOCKS.player1)]

    def crossed(s: Any) -> bool:
        return any(c.ascii in own[1 - p] for p in (0, 1) for c in s.hands[p])

    # player 0 draws where the second chooser's cards can be (first_player_first: player 1 put hers in the
    # pool; second_player_first: player 0 took player 1's pile), then player 1 where player 0's can be
    second_first = rules.get("asymmetry_order") == "second_player_first"
    draws = ["draw own", "stop", "draw pool"] if second_first else ["draw pool", "stop", "draw own"]
    state = _first_turns(rules, draws, crossed if rules.get("asymmetry") else lambda s: True)
    assert state.turns_done == 1 and state.phase == "regroup" and len(state.hands[0]) == len(state.hands[1]) == 1
    assert crossed(state) == bool(rules.get("asymmetry"))


def test_the_docs_one_paragraph_summary_gives_the_default_attack_size():
    """docs/fools-and-angels.md summed the attack up as "1-4 pip cards plus at most one face card",
    the non-default ``pips_and_one_face``; the default ``four_then_face`` (003 "The attacker may use
    up to 4 cards — plus 1 more if it is a face card") allows three pip cards and two face cards."""
    from pathlib import Path

    from foolsolve.spec.fools_and_angels import SPEC as FA
    from foolsolve.why import explain
    from tests.fools_and_angels.helpers import position as fa_position

    page = (Path(__file__).resolve().parents[2] / "docs" / "fools-and-angels.md").read_text(encoding="utf-8")
    para = " ".join(page.split("The game in one paragraph:")[1].split("\n\n")[0].split())
    assert "at most one face card" not in para and "a 5th only if it is a face card" in para, para
    s = fa_position("2♣ 3♣ 4♠ J♦ Q♠", "A♦ 2♦ 3♦ 4♦ 5♦ 6♦", stock0="6♣", stock1="6♥")
    assert explain(FA, s, "attack 2C 3C 4S JD QS").legal


@pytest.mark.parametrize("text", ["swap pile \u00b2 for pool pile 1", "swap pile 1 for pool pile \u00b9",
                                  "swap pile " + "1" * 5000 + " for pool pile 1"])
def test_a_swap_with_a_pile_number_not_in_ascii_digits_is_a_one_line_error(text) -> None:
    """'²'.isdigit() held and int('²') raised ValueError (an internal error, not bad input)."""
    from foolsolve.spec.fools_and_angels import SPEC as FA
    from tests.fools_and_angels.helpers import position

    s = position("3D AS", "2H 4C", stock0="5C", stock1="6H", pool="7D")
    with pytest.raises(InputError):
        FA.read_move(s, text)


def test_a_face_effect_keyed_by_a_superscript_is_no_face_rank() -> None:
    from foolsolve.solver.fools_and_angels.defence import normalise_face_effects

    with pytest.raises(InputError, match="not a face rank"):
        normalise_face_effects({"\u00b2": "whole_only"})


def test_hand_limit_is_bounded_by_the_cards_the_game_plays_with(capsys) -> None:
    """A hand never holds more than the 48 cards left once the 10s are put away: hand_limit is 1..48,
    a one-line error past it (a limit of 10^11 was taken, and its hands' exchanges listed for minutes)."""
    from tests.generic.test_cli import assert_one_line_error, run

    assert rules_from_json(Rules, {"hand_limit": 48}).hand_limit == 48
    with pytest.raises(InputError, match=r"^rules\.hand_limit: 49 is not a whole number in 1\.\.48 "):
        rules_from_json(Rules, {"hand_limit": 49})
    code, _out, err = run(["deal", "fools-and-angels", "--rules", '{"hand_limit": 100000000000}'], capsys)
    assert_one_line_error(code, err, "rules.hand_limit: 100000000000 is not a whole number in 1..48")


BIG_HAND = {"game": "fools-and-angels", "rules": {"exchange": True, "exchange_limit": "hand_size"}, "players": 2,
            "phase": "turn", "to_move": 0,
            "hands": [["2C", "3C", "4C", "5C", "6C", "AC", "2S", "3S", "4S", "5S", "6S", "AS", "7C", "9C", "JC", "KC",
                       "7D"], ["2D", "3D", "4D", "5D", "6D", "AD"]],
            "stocks": [[], ["2H", "3H", "4H", "5H", "6H", "AH"]],
            "pool": ["JD", "KD", "7H", "8H", "JH", "QH", "7S", "8S", "JS", "QS"], "attack": [], "turns_done": 2,
            "exchanged": False, "drawn": 0, "drew_pool": False, "setup_chosen": 0}
"""Player 0 holds 17 cards under exchange_limit=hand_size: 131,071 exchanges (every set of them)."""


@pytest.mark.parametrize("command", [["moves"], ["perft"]])
def test_exchanges_past_the_listed_most_are_refused_in_one_line(tmp_path, capsys, command) -> None:
    """Every set of a 17-card hand is an exchange: the list is refused at once, in one line, exit 2,
    saying what to do instead; the spec and the engine count, sample and test them without listing
    (legal_moves_split). (The analysis of such a position weighs a bounded list of them:
    tests/fools_and_angels/test_big_hands.py.)"""
    from foolsolve import games
    from foolsolve.errors import LimitError
    from foolsolve.spec.fools_and_angels import SPEC
    from tests.generic.test_cli import assert_one_line_error, run

    f = tmp_path / "big.json"
    f.write_text(json.dumps(BIG_HAND))
    code, _out, err = run([*command, str(f), "--depth", "1"] if command == ["perft"] else [*command, str(f)], capsys)
    assert_one_line_error(code, err, "131,071 exchange moves (every set of a 17-card hand): more than the 65,535 "
                          "this program lists (foolsolve why POSITION 'exchange CARDS' checks one of them")
    state = SPEC.state_from_json(BIG_HAND)
    _listed, family = SPEC.legal_moves_split(state)
    assert family is not None and family.count == 131_071 and family.contains(family.sample(random.Random(0)))
    engine = games.get("fools-and-angels").engine
    with pytest.raises(LimitError, match=r"^131,071 exchange moves"):
        engine.legal_moves(engine.from_spec(state))
    assert engine.legal_moves_split(engine.from_spec(state))[1].count == 131_071


def test_a_memory_failure_is_one_line_naming_the_limit(monkeypatch, capsys) -> None:
    """MemoryError is a limit met, not a bug: one line, exit 2, kind limit, naming the limit."""
    from foolsolve import cli
    from tests.generic.test_cli import run

    def exhausted(*_args: object, **_kw: object) -> None:
        raise MemoryError

    monkeypatch.setattr(cli, "_register_game_commands", exhausted)
    code, _out, err = run(["games", "--json"], capsys)
    assert code == 2
    line = json.loads(err)
    assert line["kind"] == "limit" and line["exit_code"] == 2
    assert line["error"].startswith("out of memory: this work needs more than ") and "--max-memory" in line["error"]


def test_a_memory_failure_in_a_batch_line_is_its_record(monkeypatch) -> None:
    """In a batch a MemoryError is the line's record, kind limit (not an internal error)."""
    from foolsolve import batch
    from foolsolve import games as registry

    def exhausted(_name: str) -> None:
        raise MemoryError

    monkeypatch.setattr(registry, "get", exhausted)
    record = batch.solve_task(("fools-and-angels", json.dumps(BIG_HAND), {}, None))
    assert record["kind"] == "limit" and record["error"].startswith("out of memory: this work needs more than ")
