"""Rules that no other test caught (a mutation run found them): each test fails when the rule is
changed in the spec or in the engine."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

from foolsolve.engines import durak as edurak
from foolsolve.engines.durak import ENGINE as DURAK_ENGINE
from foolsolve.engines.fools_and_angels import ENGINE as FA_ENGINE
from foolsolve.spec import fools_and_angels as fa
from foolsolve.spec.durak import SPEC as DURAK
from foolsolve.spec.durak import Rules as DurakRules
from tests.durak.helpers import pos
from tests.fools_and_angels.helpers import position as fa_position

# --- Durak: the engine's throw-ins flag -------------------------------------------------------


def test_engine_simple_durak_has_no_throw_ins() -> None:
    # 001 §throw-in (simple): "If player covered everything cards, then you can't throw new cards".
    # A THROW-phase state (every card covered) under simple rules: the engine offers no throw, only
    # the pass that ends the bout; podkidnoy offers the throw.
    s = pos(hands=[["6D", "9C"], ["9H", "8C", "AH"]], table=[["6H", "7H"]], to_move=0)
    e = DURAK_ENGINE.from_spec(s)
    assert edurak.throwable(e, 0) and "throw 6♦" in [str(DURAK_ENGINE.move_to_spec(e, m))
                                                     for m in DURAK_ENGINE.legal_moves(e)]
    simple = DURAK_ENGINE.from_spec(dataclasses.replace(s, rules=DurakRules(variant="simple")))
    assert edurak.throwable(simple, 0) == 0
    assert [str(DURAK_ENGINE.move_to_spec(simple, m)) for m in DURAK_ENGINE.legal_moves(simple)] == ["pass"]


def test_engine_deal_six_players_deals_the_whole_deck() -> None:
    # 001 §Card game: "If the number of players corresponds to the number of cards, that is, after the
    # surrender there are none left, then the last card of the deck is also considered a trump card."
    rules = DurakRules()
    e = DURAK_ENGINE.deal(rules, 6, random.Random(5))
    s = DURAK_ENGINE.to_spec(e)
    assert s.stock == () and all(len(h) == 6 for h in s.hands)
    assert s == DURAK.deal(rules, 6, random.Random(5))


# --- Fools and Angels: who chooses first under Asymmetry, and the payoffs ------------------------------


def test_fools_and_angels_asymmetry_order_first_chooser() -> None:
    # RECONSTRUCTION asymmetry_order: the first player chooses first, or the second player
    for first_player in (0, 1):
        for order, chooser in (("first_player_first", first_player), ("second_player_first", 1 - first_player)):
            rules = fa.Rules(asymmetry=True, asymmetry_order=order, first_player=first_player)
            assert fa.first_chooser(rules) == chooser
            s = fa.SPEC.deal(rules, 2, random.Random(1))
            assert (s.phase, s.to_move) == (fa.SETUP, chooser)
            e = FA_ENGINE.deal(rules, 2, random.Random(1))
            assert FA_ENGINE.to_move(e) == chooser and FA_ENGINE.to_spec(e) == s
            # after both choices the first player takes the first turn
            t = fa.SPEC.play(s, "keep piles", "keep piles")
            assert (t.phase, t.to_move) == (fa.TURN, first_player)


def test_fools_and_angels_win_result_payoffs() -> None:
    # 003 "The first player to get rid of all cards in both their hand and their own stock wins."
    for winner, payoffs in ((0, (Fraction(1), Fraction(-1))), (1, (Fraction(-1), Fraction(1)))):
        hands = ("", "2♥ 3♥") if winner == 0 else ("2♣ 3♣", "")
        s = fa_position(*hands, stock0="" if winner == 0 else "4♣", stock1="4♥" if winner == 0 else "",
                        to_move=1 - winner)
        res = fa.SPEC.result(s)
        assert res is not None and res.payoffs == payoffs and dict(res.details)["winner"] == winner
        assert FA_ENGINE.result(FA_ENGINE.from_spec(s)) == res
        assert fa.win_result(winner, "x").payoffs == payoffs


# --- Fool's Paradise: the deal's dealer ------------------------------------------------------------------


def test_fools_paradise_deal_names_the_players_a_dealer_may_be() -> None:
    import pytest

    from foolsolve.errors import InputError
    from foolsolve.spec.fools_paradise import SPEC as FP
    from foolsolve.spec.fools_paradise import Rules as FPRules

    with pytest.raises(InputError, match=r"^dealer: 3 is not a player \(0\.\.2\)$"):
        FP.deal(FPRules(), 3, random.Random(0), dealer=3)
    s = FP.deal(FPRules(), 3, random.Random(0), dealer=2)
    assert (s.dealer, s.to_move) == (2, 0)  # 000 §The Game: "The player to the left of the dealer starts first."


def test_fools_paradise_engine_either_per_play_from_a_position_file() -> None:
    # RULES-NOTES §2 either_per_play: one choice for every ace of one collection, the played card included:
    # a played ace valued 14 collects an ace valued 14. Read from JSON text, so the option's string is the
    # file's own (an engine comparing it by identity would miss it).
    import json

    from foolsolve.engines.fools_paradise import ENGINE as FP_ENGINE
    from foolsolve.spec.fools_paradise import SPEC as FP
    from tests.fools_paradise.helpers import position_json

    # The small centre is listed card set by card set; the big one (more than SMALL_CENTRE non-ace cards, more than
    # ENTRY_LIMIT sub-count-vectors) goes through the count-vector search and its ace residues.
    for hand, centre in (("AS 2C 3D 4D 5D", "AH 7C"), ("AS KD 4D 3D 5D", "AH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC")):
        text = json.dumps(position_json([hand, "6H 7D 8D 9D 10D"], centre, rules={"ace": "either_per_play"}))
        s = FP.state_from_json(json.loads(text))
        spec_moves = [str(m) for m in FP.legal_moves(s)]
        assert "collect A♠: A♥" in spec_moves
        e = FP_ENGINE.from_spec(s)
        assert sorted(str(FP_ENGINE.move_to_spec(e, m)) for m in FP_ENGINE.legal_moves(e)) == sorted(spec_moves)
