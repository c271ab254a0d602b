"""`foolsolve why` and the spec's reasons: every rule function that can forbid a move is the
reason at some position, and the message names it; the reasons agree with the legal-move list
for every game (generic); the option values that would make a move legal; the CLI and the error
of `foolsolve play`."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from foolsolve import games
from foolsolve.cli import main
from foolsolve.game import IllegalMove
from foolsolve.spec.durak import SPEC as DURAK
from foolsolve.spec.fools_and_angels import SPEC as FA
from foolsolve.spec.fools_paradise import SPEC as FP
from foolsolve.why import explain
from tests.durak.helpers import first_bout, pos
from tests.fools_and_angels.helpers import position as fa_position
from tests.fools_paradise.helpers import position as fp_position

# --- generic: the reasons are the legal-move list, for every game ----------------------------------


def _walk(info: Any, rng: random.Random, steps: int) -> list[Any]:
    spec = info.spec
    s = info.random_game(rng)
    out = [s]
    for _ in range(steps):
        listed, family = spec.legal_moves_split(s)
        if not listed and family is None:
            break
        i = rng.randrange(len(listed) + (family.count if family else 0))
        m = listed[i] if i < len(listed) else family.sample(rng)  # type: ignore[union-attr]
        s = spec.apply(s, m)
        out.append(s)
    return out


@pytest.mark.parametrize("game", games.names())
def test_why_illegal_is_empty_exactly_for_the_legal_moves(game: str) -> None:
    """At every state of a few random games: every legal move reads back from its text and has no
    reason against it; every move legal at another visited state has a reason exactly when it
    is not legal here."""
    info = games.get(game)
    spec = info.spec
    rng = random.Random(24)
    checked = 0
    for _ in range(3):
        states = _walk(info, rng, 60)
        pool: list[Any] = []
        for s in states:
            listed, family = spec.legal_moves_split(s)
            here = list(listed) + ([family.sample(rng) for _ in range(8)] if family else [])
            for m in here:
                assert spec.read_move(s, str(m)) == m
                assert spec.why_illegal(s, m) == [], (str(m), spec.state_to_json(s))
            legal = set(listed)
            for m in rng.sample(pool, min(len(pool), 30)):
                reasons = spec.why_illegal(s, m)
                in_family = family is not None and family.contains(m)
                assert (not reasons) == (m in legal or in_family), (str(m), reasons, spec.state_to_json(s))
                checked += 1
            pool = (pool + here)[-200:]
    assert checked > 50


def _rules(state: Any, text: str, spec: Any) -> set[str]:
    exp = explain(spec, state, text, flips=False)
    assert not exp.legal, exp.lines()
    return {r.rule for r in exp.reasons}


# --- Durak: one position per rule function --------------------------------------------------------

P = {"variant": "perevodnoy", "transfer_blocked_by_trump": False}


def test_durak_phase() -> None:
    s = pos(hands=[["6H", "9C"], ["7H", "8C"]])
    assert _rules(s, "take", DURAK) == {"phase"}
    assert _rules(s, "throw 9C", DURAK) == {"phase"}
    t = pos(hands=[["9C"], ["7H", "8C"]], table=[["6H", None]])
    assert _rules(t, "attack 8C", DURAK) == {"phase"}  # 8C is in the hand of the player to move (the defender)


def test_durak_end_of_game() -> None:
    s = pos(hands=[[], ["7H"]])
    assert _rules(s, "attack 7H", DURAK) == {"end_of_game"}


def test_durak_attack_options_hand_and_rank() -> None:
    s = pos(hands=[["6H", "9C"], ["7H", "8C", "8D"]])
    exp = explain(DURAK, s, "attack 6H 9C")
    assert [r.rule for r in exp.reasons] == ["attack_options"]
    assert "one rank" in exp.reasons[0].says and exp.reasons[0].quote.startswith("You can either walk")
    assert _rules(s, "attack 9D", DURAK) == {"attack_options"}
    assert "no card 9♦ in player 0's hand" in explain(DURAK, s, "attack 9D").one_line()


def test_durak_cap_defender_hand() -> None:
    s = pos(hands=[["6H", "6C", "6D"], ["7H", "8C"]])
    exp = explain(DURAK, s, "attack 6H 6C 6D")
    assert [r.rule for r in exp.reasons] == ["cap"] and exp.reasons[0].option == "defender_hand_cap"


def test_durak_bout_limit_first_bout_sixth_card_after_a_take() -> None:
    # 001 §throw-in "At the first rebound, you cannot throw more than four cards to the battering player (the
    # total number of cards is five), but if player does not fight back, then you can throw the 6th card":
    # default first_bout_sixth_after_take true (from the text)
    s = first_bout(taking=True, to_move=0, hands=[["9C"], ["7C", "8C", "7H"]],
                   table=[["6D", "9D"], ["6C", "10C"], ["6H", "JH"], ["6S", None], ["9S", None]])
    assert s.rules.first_bout_sixth_after_take
    assert explain(DURAK, s, "throw 9C").legal
    strict = DURAK.with_rules(s, DURAK.rules_cls(first_bout_sixth_after_take=False))  # a state, no position file
    exp = explain(DURAK, strict, "throw 9C")
    assert [(r.rule, r.option) for r in exp.reasons] == [("bout_limit", "first_bout_sixth_after_take")]
    assert "the first bout of the deal holds at most 5" in exp.reasons[0].says
    assert set(exp.flips) == {("first_bout_sixth_after_take", True), ("first_bout_limit", 6)}


def test_durak_bout_limit_six() -> None:
    s = pos(taking=True, to_move=0, hands=[["9C", "KC"], ["7C", "8C", "7H", "8H", "QC"]],
            table=[["6D", "9D"], ["6C", "10C"], ["6H", "JH"], ["6S", None], ["9S", None], ["9H", None]])
    assert explain(DURAK, s, "throw 9C").legal  # the stock is empty: only the defender's hand limits
    six = DURAK.with_rules(s, DURAK.rules_cls(bout_limit="six"))
    exp = explain(DURAK, six, "throw 9C")
    assert [(r.rule, r.option) for r in exp.reasons] == [("bout_limit", "bout_limit")]
    assert exp.flips == [("bout_limit", "six_then_hand")]


def test_durak_cover_options_and_beats() -> None:
    s = pos(hands=[["KC"], ["7H", "8C", "QS"]], table=[["9H", None]])
    assert _rules(s, "cover 9H with 7H", DURAK) == {"beats"}
    assert _rules(s, "cover 9C with QS", DURAK) == {"cover_options"}
    assert _rules(s, "cover 9H with AH", DURAK) == {"cover_options"}
    assert "7♥ does not beat 9♥ (trump spade)" in explain(DURAK, s, "cover 9H with 7H").one_line()


def test_durak_can_transfer_variant_and_rank() -> None:
    s = pos(hands=[["KC"], ["7D", "8D", "QS"], ["6H", "AH", "10C"]], table=[["7H", None]])
    exp = explain(DURAK, s, "transfer 7D")
    assert [(r.rule, r.option) for r in exp.reasons] == [("can_transfer", "variant")]
    assert exp.flips == [("variant", "perevodnoy")]
    p = pos(rules=P, hands=[["KC"], ["7D", "8D", "QS"], ["6H", "AH", "10C"]], table=[["7H", None]])
    assert _rules(p, "transfer 8D", DURAK) == {"can_transfer"}


def test_durak_can_transfer_first_bout_from_the_text() -> None:
    # 001 §transfer "The first round cannot be transferred if the participants are playing the first game"
    s = first_bout(rules={"variant": "perevodnoy"}, bottom="8S", table=[["7H", None]],
                   hands=[["KC", "QC", "JC", "9C", "6C"], ["7D", "8D", "QH", "9D", "10D", "JD"],
                          ["6H", "AH", "10C", "QD", "KD", "AD"]])
    exp = explain(DURAK, s, "transfer 7D")
    assert [(r.rule, r.option) for r in exp.reasons] == [("can_transfer", "transfer_first_bout")]
    assert exp.flips == [("transfer_first_bout", True)]


def test_durak_can_transfer_blocked_by_a_trump_on_the_table_from_the_text() -> None:
    # 001 §transfer "and also if there is a card of a trump suit on the table"
    s = pos(rules={"variant": "perevodnoy"}, hands=[["KC"], ["7D", "8D", "QH"], ["6H", "AH", "10C"]],
            table=[["7S", None]])
    exp = explain(DURAK, s, "transfer 7D")
    assert [(r.rule, r.option) for r in exp.reasons] == [("can_transfer", "transfer_blocked_by_trump")]
    assert "a trump lies on the table" in exp.one_line()
    assert exp.flips == [("transfer_blocked_by_trump", False)]


def test_cli_why_durak_transfer_trump_laid_false_names_the_option(tmp_path: Any,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # 001 §transfer "also if there is a card of a trump suit on the table", read with the trump laid to
    # transfer counted (option transfer_trump_laid = false): 7♠, a trump of the attack's rank, does not transfer
    s = pos(rules={"variant": "perevodnoy", "transfer_trump_laid": False},
            hands=[["KC"], ["7S", "7D", "QD"], ["7H", "AH", "10C", "9C"]], table=[["7C", None]])
    f = _write(tmp_path, s, DURAK)
    main(["why", f, "transfer 7S"])
    out = capsys.readouterr().out
    assert "can_transfer: 7♠ is a trump: the trump laid to transfer counts as a trump on the table" in out
    assert "option transfer_trump_laid = false" in out and "\n  transfer_trump_laid = true" in out
    main(["why", f, "transfer 7S", "--json"])
    obj = json.loads(capsys.readouterr().out)
    assert [(r["option"], r["value"]) for r in obj["reasons"]] == [("transfer_trump_laid", False)]
    assert {(o["option"], o["value"]) for o in obj["options_that_flip"]} == {
        ("transfer_trump_laid", True), ("transfer_blocked_by_trump", False)}


def test_durak_can_transfer_cap_and_covered() -> None:
    s = pos(rules=P, hands=[["KC"], ["7D", "8D", "QS"], ["6H"]], table=[["7S", None]])
    exp = explain(DURAK, s, "transfer 7D")
    assert [(r.rule, r.option) for r in exp.reasons] == [("can_transfer", "transfer_cap")]
    c = pos(rules=P, hands=[["KC"], ["7D", "8D", "QS"], ["6H", "AH", "10C"]], table=[["7S", "8S"], ["7C", None]])
    assert "already beaten" in explain(DURAK, c, "transfer 7D").one_line()


def test_durak_showing_the_same_trump_twice_in_one_bout() -> None:
    # 001 §Variants: transfer "simply by showing a trump card"; a shown trump stays in the hand and
    # may not be shown again in the same bout (the state's `shown`)
    rules = {**P, "transfer_by_showing_trump": True}
    s = pos(rules=rules, trump="D", hands=[["KC", "AS", "7H"], ["7D", "8D", "QS"], ["6H", "7C", "10C", "AH"]],
            table=[["7S", None]])
    s = DURAK.play(s, "show 7D")
    s = DURAK.play(s, "transfer 7C")  # player 2 transfers on to player 0
    s = DURAK.play(s, "transfer 7H")  # and player 0 to player 1, who showed 7D before
    assert s.defender == 1 and "show 7♦" not in [str(m) for m in DURAK.legal_moves(s)]
    exp = explain(DURAK, s, "show 7D")
    assert [r.says for r in exp.reasons] == ["7♦ was already shown in this bout"]
    off = pos(rules=P, trump="D", hands=[["KC"], ["7D", "8D", "QS"], ["6H", "7H", "10C"]], table=[["7S", None]])
    exp = explain(DURAK, off, "show 7D")
    assert [(r.rule, r.option) for r in exp.reasons] == [("can_transfer", "transfer_by_showing_trump")]
    assert "only a trump can be shown" in explain(DURAK, off, "show 7H").one_line()


def test_durak_legal_throws() -> None:
    s = pos(rules={"variant": "simple"}, hands=[["6D", "9C"], ["7H", "8C"]], table=[["6H", None]], taking=False)
    t = DURAK.apply(s, DURAK.parse_move(s, "take"))
    assert t.table == ()  # simple: the bout ends at once
    p = pos(hands=[["6D", "9C"], ["9H", "8C", "AH"]], table=[["6H", "7H"]], to_move=0)
    assert _rules(p, "throw 9C", DURAK) == {"legal_throws"}
    assert "no card of 9♣'s rank is on the table" in explain(DURAK, p, "throw 9C").one_line()
    podkidnoy = pos(rules={"variant": "podkidnoy"}, hands=[["6D", "9C"], ["9H", "8C", "AH"]], table=[["6H", "7H"]])
    assert explain(DURAK, podkidnoy, "throw 6D").legal
    # simple Durak has no throw-ins (as a state: no simple position has every card covered on the table)
    simple = DURAK.with_rules(podkidnoy, DURAK.rules_cls(variant="simple"))
    exp = explain(DURAK, simple, "throw 6D", flips=False)
    assert [(r.rule, r.option) for r in exp.reasons] == [("legal_throws", "variant")]


def test_durak_unreadable_and_unknown_cards() -> None:
    s = pos(hands=[["6H", "9C"], ["7H", "8C"]])
    assert "cannot read" in explain(DURAK, s, "hit 6H").one_line()
    assert "no card of the 36-card deck" in explain(DURAK, s, "attack 2H").one_line()


def test_durak_legal_move_says_what_it_does() -> None:
    s = pos(rules=P, hands=[["KC"], ["7D", "8D", "QH"], ["6H", "AH", "10C"]], table=[["7H", None]])
    exp = explain(DURAK, s, "transfer 7D")
    assert exp.legal and [r.rule for r in exp.reasons] == ["can_transfer"]
    assert "defender: 1 -> 2" in exp.effect and "hands[1]: -7D" in exp.effect
    assert ("variant", "podkidnoy") in exp.flips


# --- Fools and Angels --------------------------------------------------------------------------------


def test_fools_and_angels_result_and_phase() -> None:
    over = fa_position("", "2♥", stock1="3♥")
    assert _rules(over, "draw own", FA) == {"result"}
    s = fa_position("5♣", "9♣ 4♥", stock0="6♣", stock1="3♥")
    assert _rules(s, "surrender", FA) == {"legal_moves"}
    assert _rules(s, "swap pile 1 for pool pile 2", FA) == {"legal_moves"}


def test_fools_and_angels_attack_reasons_and_attack_size_reasons() -> None:
    s = fa_position("A♣ 2♣ 3♣ 4♣ 5♣ J♦ Q♥", "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦", stock0="6♣", stock1="6♥")
    exp = explain(FA, s, "attack A♣ 2♣ 3♣ 4♣ 5♣")
    assert [(r.rule, r.option) for r in exp.reasons] == [("attack_size_reasons", "attack_size")]
    assert exp.flips == []  # five pip cards: too many under either reading
    exp = explain(FA, s, "attack 2♣ J♦ Q♥")
    assert exp.legal and exp.flips == [("attack_size", "pips_and_one_face")]
    assert "needs a pip card" in explain(FA, s, "attack J♦ Q♥").one_line()
    zero = fa_position("2♣ 2♦", "A♦ 2♥ 3♦", stock0="6♣", stock1="6♥")
    assert "total zero" in explain(FA, zero, "attack 2♣ 2♦").one_line()
    big = fa_position("A♣ 2♣ 3♣", "4♥ 5♥", stock0="6♣", stock1="6♦")
    exp = explain(FA, big, "attack A♣")
    assert [r.rule for r in exp.reasons] == ["attack_reasons"] and "fewer" in exp.reasons[0].says
    assert "no card 9♠" in explain(FA, s, "attack 9♠").one_line()


def test_fools_and_angels_defence_targets_and_defend_reasons() -> None:
    s = fa_position("5♣", "9♣ 4♥ 5♠ 7♦ A♦ J♥", stock0="6♣", stock1="3♥", phase="defend", to_move=1,
                    attack="3♦ 6♥ 2♣ 2♠")
    assert _rules(s, "defend red with 4♥", FA) == {"defend_reasons"}
    assert "totals" in explain(FA, s, "defend red with 4♥").one_line()
    assert _rules(s, "defend red with J♥", FA) == {"defend_reasons"}
    exp = explain(FA, s, "defend red with 9♣ J♥")
    assert exp.legal and exp.flips == [("defence_face_cards", "never")]
    face = fa_position("5♣", "9♣ 4♥ 5♠ 6♠", stock0="6♣", stock1="3♥", phase="defend", to_move=1, attack="3♦ 2♣ J♠")
    exp = explain(FA, face, "defend red with 4♥")
    assert "defence_targets" in {r.rule for r in exp.reasons}


def test_fools_and_angels_why_names_a_table_valued_option_that_changes_the_verdict() -> None:
    # 003 Q&A: "Given an attack of [J♦, 2 ♣], can you defend with a 2♥ to discard both 2s, and pick up the J♦?
    # A: No, face cards cannot be separated from the cards they affect." Under face_effects {"J": "none"} the
    # Jack is a plain card and the black half may be cancelled: why names that table value.
    from foolsolve.spec.fools_and_angels import FaceEffects

    s = fa_position("5♣", "2♥ 4♥ 5♠", stock0="6♣", stock1="3♥", phase="defend", to_move=1, attack="J♦ 2♣")
    exp = explain(FA, s, "defend black with 2♥")
    assert not exp.legal and ("face_effects", FaceEffects(J="none")) in exp.flips
    assert '"J": "none"' in "\n".join(exp.lines())
    none = FA.with_rules(s, FA.rules_cls(face_effects=FaceEffects(J="none")))
    exp = explain(FA, none, "defend black with 2♥")
    assert exp.legal and ("face_effects", FaceEffects()) in exp.flips


def test_fools_and_angels_draw_reasons() -> None:
    full = fa_position("A♣ 2♣ 3♣", "A♦ 2♦ 3♦ 4♦", stock0="6♣", stock1="6♥", rules={"hand_limit": 3})
    exp = explain(FA, full, "draw own")
    assert [(r.rule, r.option) for r in exp.reasons] == [("draw_reasons", "hand_limit")]
    inf = fa_position("A♣", "A♦ 2♦", stock0="6♣", stock1="6♥", pool="7♣", rules={"infusion": True})
    exp = explain(FA, inf, "draw own")
    assert [(r.rule, r.option) for r in exp.reasons] == [("draw_reasons", "infusion")]
    assert exp.flips == [("infusion", False)]
    assert "the pool is empty" in explain(FA, full, "draw pool").one_line()


def test_fools_and_angels_draw_reasons_regroup_max() -> None:
    s = FA.play(fa_position("A♣", "A♦ 2♦", stock0="6♣ 5♣ 4♣", stock1="6♥", rules={"regroup_max": 2}), "draw own")
    assert s.phase == "regroup" and explain(FA, s, "draw own").legal
    s3 = FA.play(fa_position("A♣", "A♦ 2♦ 3♦", stock0="6♣ 5♣ 4♣", stock1="6♥"), "draw own", "draw own")
    assert s3.phase == "regroup" and s3.drawn == 2
    # the same regroup position under regroup_max 2 has drawn its most
    capped = FA.with_rules(s3, FA.rules_cls(regroup_max=2))
    exp = explain(FA, capped, "draw own", flips=False)
    assert [(r.rule, r.option) for r in exp.reasons] == [("draw_reasons", "regroup_max")]


def test_fools_and_angels_exchange_reasons() -> None:
    s = fa_position("A♣ 2♣", "A♦ 2♦", stock0="6♣", stock1="6♥", pool="7♣")
    exp = explain(FA, s, "exchange A♣")
    assert [(r.rule, r.option) for r in exp.reasons] == [("exchange_reasons", "exchange")]
    e = fa_position("A♣ 2♣", "A♦ 2♦", stock0="6♣", stock1="6♥", pool="7♣", rules={"exchange": True})
    exp = explain(FA, e, "exchange A♣ 2♣")
    assert [(r.rule, r.option) for r in exp.reasons] == [("exchange_reasons", "exchange_limit")]
    assert exp.flips == [("exchange_limit", "hand_size")]
    done = FA.play(e, "exchange A♣")
    assert "already began with an exchange" in explain(FA, done, "exchange 2♣").one_line()


def test_fools_and_angels_exception_pass_and_stuck() -> None:
    s = fa_position("A♣ 2♣", "A♦ 2♦", stock0="6♣", stock1="6♥")
    assert _rules(s, "pass", FA) == {"exception_pass", "stuck"}
    says = {r.rule: r.says for r in explain(FA, s, "pass").reasons}
    assert says["exception_pass"] == "no exception pass: player 1 holds cards and player 0's stock is not empty"
    empty_handed = fa_position("A♣ 2♣", "", stock0="6♣", stock1="6♥")
    assert {r.rule: r.says for r in explain(FA, empty_handed, "pass").reasons}["exception_pass"] \
        == "no exception pass: player 0's stock is not empty"
    lose = fa_position("A♣ 2♣", "A♦ 2♦", stock0="6♣", stock1="6♥", rules={"no_legal_action": "lose"})
    assert {(r.rule, r.option) for r in explain(FA, lose, "pass").reasons} == {
        ("exception_pass", None), ("stuck", "no_legal_action")}
    stuck = fa_position("A♣ 2♣", "A♦", stock0="6♣", stock1="6♥", rules={"hand_limit": 2})
    exp = explain(FA, stuck, "pass")
    assert exp.legal and ("no_legal_action", "lose") in exp.flips


# --- Fool's Paradise ----------------------------------------------------------------------------------


def test_fools_paradise_collections_and_collection_witness() -> None:
    s = fp_position(["2C 3D 9H KS AC", "4C 7C 8C 10C"], "JH 2S KH 5D 6C")
    assert _rules(s, "collect 9H: JH", FP) == {"collection_witness"}
    assert _rules(s, "collect KS: 7D", FP) == {"collections", "collection_witness"}
    assert _rules(s, "collect 2H: 2S", FP) == {"legal_moves"}
    exp = explain(FP, s, "collect AC: 5D 6C 2S")
    assert not exp.legal and exp.reasons[-1].option == "ace"
    exp = explain(FP, s, "collect KS: KH")
    assert exp.legal and "centre: -KH" in exp.effect


def test_fools_paradise_terminal_and_chance() -> None:
    s = fp_position(["", ""], "")
    assert _rules(s, "lay 2C", FP) == {"is_terminal"}
    d = fp_position(["2C 3D 4D 5D 6D", "4C 7C 8C 9C 10C"], "JH 2S", stock_size=3)
    assert _rules(d, "draw 5H", FP) == {"legal_moves"}  # no draw is due before a collect or lay


# --- the CLI --------------------------------------------------------------------------------------------


def _write(tmp_path: Any, state: Any, spec: Any) -> str:
    f = tmp_path / "p.json"
    f.write_text(json.dumps(spec.state_to_json(state)))
    return str(f)


def test_cli_why_text_and_json(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    s = pos(rules={"variant": "perevodnoy"}, hands=[["KC"], ["7D", "8D", "QH"], ["6H", "AH", "10C"]],
            table=[["7S", None]])
    f = _write(tmp_path, s, DURAK)
    main(["why", f, "transfer 7D"])
    out = capsys.readouterr().out
    assert "can_transfer: a trump lies on the table" in out
    assert '001 §transfer: "You cannot transfer more cards' in out
    assert "transfer_blocked_by_trump = false" in out and "Legal moves: cover 7♠ with Q♥" not in out
    main(["why", f, "transfer 7D", "--json"])
    obj = json.loads(capsys.readouterr().out)
    assert obj["legal"] is False and obj["reasons"][0]["rule"] == "can_transfer"
    assert obj["reasons"][0]["option"] == "transfer_blocked_by_trump" and obj["reasons"][0]["value"] is True
    assert obj["reasons"][0]["seed"] == DURAK.seed_file and obj["reasons"][0]["section"] == "transfer"
    assert obj["options_that_flip"] == [{"option": "transfer_blocked_by_trump", "value": False, "source": (
        "001 §transfer 'You cannot transfer more cards than the next player has in his hands, and also if there is "
        "a card of a trump suit on the table'")}]
    assert obj["legal_moves"] == ["take"]


def test_cli_play_error_names_the_rules(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    s = pos(rules={"variant": "perevodnoy"}, hands=[["KC"], ["7D", "8D", "QH"], ["6H", "AH", "10C"]],
            table=[["7S", None]])
    f = _write(tmp_path, s, DURAK)
    with pytest.raises(SystemExit) as err:
        main(["play", f, "transfer 9C"])
    assert err.value.code == 2
    line = capsys.readouterr().err
    assert line.count("\n") == 1
    assert "no card 9♣ in player 1's hand [can_transfer" in line and "a trump lies on the table" in line


@pytest.mark.parametrize("game", games.names())
def test_cli_why_explains_an_illegal_move_but_refuses_text_that_is_no_move(game: str, tmp_path: Any) -> None:
    """A move of the game that is not legal here is explained (exit 0); text that names no move of
    the game is a one-line error with exit 2, as with ``play`` (it once printed 'is not a move
    here' and exited 0), with --json too."""
    from tests.generic.batch_helpers import call_main

    info = games.get(game)
    spec = info.spec
    states = _walk(info, random.Random(7), 40)
    found = None
    for earlier in states:
        for m in spec.legal_moves_split(earlier)[0]:
            for s in states:
                if not spec.is_terminal(s) and spec.why_illegal(s, m):
                    found = s, str(m)
                    break
            if found:
                break
        if found:
            break
    assert found is not None
    state, illegal = found
    f = _write(tmp_path, state, spec)
    code, out, err = call_main(["why", f, illegal])
    assert code == 0 and err == "" and "is not legal" in out, (illegal, out, err)
    for args in (["why", f, "flurb"], ["why", f, "flurb", "--json"]):
        code, out, err = call_main(args)
        assert code == 2 and out == "", (code, out)
        line = err.strip()
        said = json.loads(line)["error"] if "--json" in args else line
        assert "\n" not in line and "Traceback" not in err and 'MOVE "flurb"' in said, err
        assert "legal moves:" in line
        if "--json" in args:
            assert json.loads(line)["exit_code"] == 2


def test_cli_why_refuses_a_card_not_in_the_deck_and_text_that_is_no_move_on_a_view(tmp_path: Any) -> None:
    """A card not in the deck names no move either (exit 2); on a view file, whether the viewer is
    to move (the move read on one world) or not (read on every world looked at), the same."""
    from pathlib import Path

    from tests.generic.batch_helpers import call_main

    full = str(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-midbout.json")
    code, out, err = call_main(["why", full, "attack ZZ"])
    assert code == 2 and out == "" and err.count("\n") == 1 and '"ZZ" is no card of the 36-card deck' in err, err
    code, out, err = call_main(["why", full, "attack AS"])  # in the deck; an attack is not the defender's to move
    assert code == 0 and "attack A♠ is not legal" in out and "player 1's hand" not in out, (out, err)
    for viewer in (0, 1):  # player 1 is to move
        view = str(tmp_path / f"view{viewer}.json")
        assert call_main(["view", full, "--as", str(viewer), "--out", view])[0] == 0
        for text in ("flurb", "attack ZZ"):
            code, out, err = call_main(["why", view, text])
            assert code == 2 and out == "" and err.count("\n") == 1 and f'MOVE "{text}"' in err, (viewer, err)
        code, out, err = call_main(["why", view, "attack AS"])
        said = "is not legal" if viewer == 1 else "is not legal in any of the 35 consistent worlds"
        assert code == 0 and err == "" and said in out, out


def test_play_error_from_the_spec() -> None:
    s = pos(rules={"variant": "perevodnoy"}, hands=[["KC"], ["7D", "8D", "QH"], ["6H", "AH", "10C"]],
            table=[["7S", None]])
    with pytest.raises(IllegalMove, match=r"move 1 \('transfer 7D'\): not legal: a trump lies on the table "
                                          r"\[can_transfer; 001 §transfer; option transfer_blocked_by_trump = true\]"):
        DURAK.play(s, "transfer 7D")


# --- Foolery: one position per rule function --------------------------------------------------------


def _foolery(*hands: str, **kw: Any) -> Any:
    from tests.foolery.helpers import position

    return position(*hands, **kw)


def test_foolery_lead_reasons_trumps_and_the_fool() -> None:
    from foolsolve.spec.foolery import SPEC as FOOLERY

    # 004 §Trumping: "You can't lead trump unless that's all you have"; §Fool: "it can't be led"
    s = _foolery("3C XV Fool", "4C 5C", "6C 7C")
    exp = explain(FOOLERY, s, "play XV")
    assert [r.rule for r in exp.reasons] == ["may_lead_trumps"] and "3C" in exp.reasons[0].says
    assert exp.reasons[0].quote == "You can't lead trump unless that's all you have"
    assert _rules(s, "play Fool", FOOLERY) == {"fool_not_led"}
    only = _foolery("XV XX Fool", "4C 5C", "6C 7C")
    assert explain(FOOLERY, only, "play XV XX").legal  # the Fool counts with the trumps (fool_in_trump_lead)


def test_foolery_pass_reasons_and_combination_and_hand() -> None:
    from foolsolve.spec.foolery import SPEC as FOOLERY

    s = _foolery("3C 3D 4H", "4C 5C", "6C 7C")
    assert _rules(s, "pass", FOOLERY) == {"pass_on_lead"}
    assert _rules(s, "play 3C 4H", FOOLERY) == {"combination"}
    assert _rules(s, "play 9S", FOOLERY) == {"hand"}
    assert "player 0 does not hold 9S" in explain(FOOLERY, s, "play 9S").one_line()


def test_foolery_follow_reasons() -> None:
    from foolsolve.spec.foolery import SPEC as FOOLERY

    # 004 §Follow: "players must play the same number of cards in an equal or higher hand"
    s = _foolery("2C", "8C 8D 9D 10S V VI XX", "AC", table=[(0, "9C 9S")], to_move=1)
    assert _rules(s, "play 8C 8D", FOOLERY) == {"equal_or_higher"}
    assert _rules(s, "play 10S", FOOLERY) == {"same_number"}
    # 004 §Trumping: "any 1 trump beats 1 or 2 cards"
    exp = explain(FOOLERY, s, "play V VI")
    assert [r.rule for r in exp.reasons] == ["trumps_needed"]
    assert explain(FOOLERY, s, "play V").legal
    t = _foolery("XVII", "8C V XX", "AC", table=[(0, "X")], to_move=1)
    assert _rules(t, "play V", FOOLERY) == {"higher_trump"}
    assert _rules(t, "play 8C", FOOLERY) == {"trumps_needed"}
    three = _foolery("2C", "8C V VI XX", "XVII", table=[(2, "X XI XII")], to_move=1, passed=[0])
    exp = explain(FOOLERY, three, "play V VI XX")
    assert [(r.rule, r.option) for r in exp.reasons] == [("trumps_needed", "trump_beats_trump")]
    assert exp.flips == [("trump_beats_trump", "same")]


def test_foolery_give_reasons_and_phase() -> None:
    import random

    from foolsolve.spec.foolery import SPEC as FOOLERY

    s = FOOLERY.deal(FOOLERY.rules_cls(), 4, random.Random(9), previous=[3, 1, 4, 2])
    assert s.phase == "peasant_gives"
    held = [c.ascii for c in s.hands[s.to_move] if c.ascii != "Fool"]
    assert _rules(s, f"play {held[0]}", FOOLERY) == {"phase"}
    assert _rules(s, f"give {held[0]}", FOOLERY) & {"exchange_count"}
    t = FOOLERY.apply(s, FOOLERY.legal_moves(s)[0])
    king = [c.ascii for c in t.hands[t.to_move]]
    assert _rules(t, f"give {king[0]}", FOOLERY) == {"exchange_count"}
    # 004 §Later rounds: "The Fool may under no circumstances be passed." (whoever holds it)
    assert "fool_never_passed" in _rules(t, f"give Fool {king[0]}", FOOLERY)


def test_foolery_end_of_round() -> None:
    from foolsolve.spec.foolery import SPEC as FOOLERY

    s = _foolery("", "", "2C", "3C", table=[(2, "2D")], places=[1, 2, None, None], to_move=3)
    over = FOOLERY.play(s, "play 3C")
    assert _rules(over, "pass", FOOLERY) == {"end_of_round"}


# --- a legal move names the rules it rests on (every game, every move kind; full positions and views) --

VIEWS = sorted((Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "views").glob("*.json"))


@pytest.mark.parametrize("game", games.names())
def test_why_legal_names_a_rule_for_every_legal_move(game: str) -> None:
    """At every state of a few random games (chance nodes included) every legal move rests on at
    least one rule, each with its seed section or quote; every move kind of the game is met (Fool's
    Paradise and Fools and Angels once named none, so `why` printed only "... is legal.")."""
    info = games.get(game)
    spec = info.spec
    rng = random.Random(5)
    kinds: set[str] = set()
    for _ in range(4):
        for s in _walk(info, rng, 80):
            listed, family = spec.legal_moves_split(s)
            for m in list(listed) + ([family.sample(rng)] if family else []):
                reasons = spec.why_legal(s, m)
                assert reasons, (str(m), spec.state_to_json(s))
                assert all(r.says and (r.section or r.quote) for r in reasons), (str(m), reasons)
                kinds.add(type(m).__name__)
    assert len(kinds) >= 2, kinds


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: p.stem)
def test_why_on_a_view_lists_the_rules_every_legal_move_rests_on(path: Path) -> None:
    """`foolsolve why VIEW MOVE` for each of the viewer's legal moves in the example views: "It rests
    on:" and at least one rule, in the text and in --json."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["moves", str(path), "--json"])
    assert code == 0, err
    for text in json.loads(out)[:12]:
        code, out, err = call_main(["why", str(path), text])
        assert code == 0 and f"{text} is legal." in out and "\nIt rests on:\n  - " in out, (text, out, err)
        code, out, err = call_main(["why", str(path), text, "--json"])
        obj = json.loads(out)
        assert obj["legal"] is True and obj["reasons"], (text, obj)


def test_why_fools_paradise_collect_and_lay_name_their_rules() -> None:
    s = fp_position(["2C 3D 9H KS AC", "4C 7C 8C 10C"], "JH 2S KH 5D 6C")
    exp = explain(FP, s, "collect KS: KH 6C 5D 2S")
    assert [r.rule for r in exp.reasons] == ["collection_witness"]
    assert exp.reasons[0].says.startswith("K♠=13 collects K♥=13 6♣=6 5♦=5 2♠=2 (26 = 2×13): each taken card")
    assert exp.reasons[0].section == "Collecting Cards"
    lay = explain(FP, s, "lay 9H")
    assert lay.legal and "Fool's Paradise" in lay.reasons[0].says and lay.reasons[0].section == "Not Collecting Cards"
    forced = fp_position(["2C 3C 4C 5C 6C", "4D 7C 8C 10C 9D"], "JH KH", stock="2H")
    lay = explain(FP, forced, "lay 2C")
    assert lay.legal and "cannot collect" in lay.reasons[0].says


def test_why_fools_and_angels_draw_attack_and_defence_name_their_rules() -> None:
    s = fa_position("5♣", "9♣ 4♥", stock0="6♣", stock1="3♥")
    exp = explain(FA, s, "draw own")
    assert exp.legal and [r.rule for r in exp.reasons] == ["draw_reasons"] and exp.reasons[0].quote == \
        "Players take turns either attacking by playing cards from their hand or regrouping by drawing cards"
    exp = explain(FA, s, "attack 5♣")
    assert exp.legal and [r.rule for r in exp.reasons] == ["attack_reasons"]
    d = fa_position("5♣", "9♣ 4♥ 5♠ 7♦ A♦ J♥", stock0="6♣", stock1="3♥", phase="defend", to_move=1,
                    attack="3♦ 6♥ 2♣ 2♠")
    exp = explain(FA, d, "defend red with 9♣")
    assert exp.legal and [r.rule for r in exp.reasons] == ["defend_reasons", "apply"] \
        and "totals 9, cancelling red (3♦ 6♥)" in exp.reasons[0].says and "take_uncancelled" in exp.reasons[1].says
    assert explain(FA, d, "surrender").reasons[0].quote.endswith('they can just "surrender" and take all the cards.')


EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def test_why_on_a_view_notes_the_hidden_effect_only_for_a_legal_move() -> None:
    """The note "what the move changes is not shown" belongs to a legal move (whose effect is left
    out); an illegal move's explanation has no effect to leave out, and once ended with it anyway."""
    from tests.generic.batch_helpers import call_main

    view = str(EXAMPLES / "views" / "durak-fresh-deal.json")
    code, out, err = call_main(["why", view, "attack 7C KC"])
    assert code == 0 and "attack 7♣ K♣ is not legal" in out, (out, err)
    assert "what the move changes" not in out and "view" not in out.splitlines()[-1], out
    code, out, err = call_main(["why", view, "attack 7C"])
    assert code == 0 and "attack 7♣ is legal" in out
    assert out.splitlines()[-1] == ("(player 0's view: what the move changes is not shown, it may depend on cards "
                                    "hidden from her)"), out


def test_why_on_a_view_writes_the_move_as_the_game_does_when_another_player_is_to_move(tmp_path: Any) -> None:
    """With another player to move, `why VIEW MOVE` names the move as a full position does (card
    symbols, the spec's spelling), in the text and in --json, not the text as typed."""
    from tests.generic.batch_helpers import call_main

    view = str(tmp_path / "v0.json")
    assert call_main(["view", str(EXAMPLES / "durak-midbout.json"), "--as", "0", "--out", view])[0] == 0
    code, out, err = call_main(["why", view, "cover 8d WITH 10h", "--json"])
    obj = json.loads(out)
    assert code == 0 and obj["move"] == "cover 8♦ with 10♥" and obj["to_move"] == 1, (out, err)
    assert 0 < obj["legal_in"] < obj["worlds"]
    code, out, err = call_main(["why", view, "cover 8d WITH 10h"])
    assert code == 0 and 'whether "cover 8♦ with 10♥" is legal' in out and "8d" not in out, (out, err)


def test_why_on_a_view_keeps_back_a_rule_sentence_that_reads_hidden_cards(tmp_path: Any) -> None:
    """Keeping a deal with the right to a re-deal: who decides next reads the other hands. The full
    position says it; player 0's view once said it of one consistent position (a wrong "play
    begins"), and now names the rule without the sentence."""
    from tests.generic.batch_helpers import call_main

    full = str(EXAMPLES / "durak-redeal.json")
    code, out, _ = call_main(["why", full, "keep"])
    assert code == 0 and "keep_deal: player 1 also holds 5 or more cards of one suit and decides next" in out, out
    view = str(tmp_path / "v0.json")
    assert call_main(["view", full, "--as", "0", "--out", view])[0] == 0
    code, out, _ = call_main(["why", view, "keep"])
    assert code == 0 and "redeal_right: player 0 holds 5 hearts: a right, not a duty: the deal stands" in out, out
    assert "keep_deal: not told in player 0's view: it reads cards hidden from her" in out
    assert "decides next" not in out and "play begins" not in out


# --- reasons count in words: "1 card", never "1 cards" or "card(s)" -----------------------------------

_BAD_COUNT = re.compile(r"\(s\)|(?<![\d.,])1 (cards|trumps|turns|decks|pip and)\b")


@pytest.mark.parametrize("game", games.names())
def test_reasons_count_their_nouns_in_words(game: str) -> None:
    """Every reason for and against the moves met in a few random games (the legal moves and moves of
    other states) counts as English does: no "card(s)", no "1 cards"."""
    info = games.get(game)
    spec = info.spec
    rng = random.Random(11)
    for _ in range(3):
        states = _walk(info, rng, 60)
        pool: list[Any] = []
        for s in states:
            listed = spec.legal_moves_split(s)[0]
            says = [r.says for m in listed for r in spec.why_legal(s, m)]
            says += [r.says for m in rng.sample(pool, min(len(pool), 20)) for r in spec.why_illegal(s, m)]
            bad = [x for x in says if _BAD_COUNT.search(x)]
            assert not bad, bad
            pool = (pool + list(listed))[-200:]


def test_reasons_with_a_count_of_one_say_one_card() -> None:
    from foolsolve.spec.foolery import SPEC as FOOLERY

    s = fa_position("5♣", "", stock0="6♣", stock1="3♥")
    says = [r.says for r in explain(FA, s, "attack 5♣").reasons]
    assert "player 1 holds 0 cards, fewer than player 0's 1" in says and "1 card, but the defender holds 0" in says
    assert "a lead of 1 card of one rank" in explain(DURAK, pos(hands=[["6H", "9C"], ["7H", "8C"]]),
                                                     "attack 9C").reasons[0].says
    lead = _foolery("3C 3D 4H", "4C 5C", "6C 7C")
    assert explain(FOOLERY, lead, "play 4H").reasons[0].says == "a lead of a single 4"
    follow = _foolery("2C", "8C 8D 9D 10S V VI XX", "AC", table=[(0, "9C")], to_move=1)
    assert explain(FOOLERY, follow, "play 8C 8D").reasons[0].says == (
        "a single 9 is followed by another single card (or trumps, or the Fool), not a pair of 8s")


def test_an_option_without_which_the_position_could_not_arise_is_named_with_the_reason(capsys):
    """``why durak-redeal.json redeal``: under redeal_right = false the position cannot exist at all
    (its file is refused), so the option decides the verdict; it is named with the refusal and its
    seed sentence (the reason's, which names it), and "No other value of any one rule option changes that"
    is not said."""
    from tests.generic.test_cli import run

    examples = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
    code, out, err = run(["why", str(examples / "durak-redeal.json"), "redeal"], capsys)
    assert code == 0, err
    assert "Option values under which this position could not arise (one option changed at a time):" in out
    # the reason above names redeal_right and cites its sentence: the value's line does not repeat it
    assert "  redeal_right = false: redeal_seed: a redeal phase needs the rule option redeal_right (it is false)\n" \
           "Legal moves: redeal, keep" in out  # the deck sizes, which would not decide the redeal, left out
    assert "deck = 52" not in out
    assert "No other value" not in out


def test_no_other_value_is_said_only_where_no_option_changes_the_verdict_or_the_position(capsys):
    """``why durak-endgame.json "attack 9D"``: no value of any option makes the lead illegal or the
    position impossible, and ``why`` says so."""
    from tests.generic.test_cli import run

    examples = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
    code, out, _ = run(["why", str(examples / "durak-endgame.json"), "attack 9D"], capsys)
    assert code == 0
    assert "No other value of any one rule option changes that.\n" in out
    assert "could not arise" not in out


def _durak_file(tmp_path: Any, name: str, **fields: Any) -> str:
    """A Durak position file: two players, podkidnoy defaults, ``fields`` over them."""
    obj: dict[str, Any] = {"game": "durak", "players": 2, "discard": [], "out": [], "attacker": 0, "defender": 1,
                           "to_move": 0, "taking": False, "shown": [], **fields}
    path = tmp_path / name
    path.write_text(json.dumps(obj))
    return str(path)


def test_first_bout_sixth_card_after_take_is_named_where_it_makes_the_throw_legal(tmp_path: Any, capsys) -> None:
    """001 §throw-in "At the first rebound, you cannot throw more than four cards ... but if player does
    not fight back, then you can throw the 6th card": a sixth attack card thrown after the take in the
    first bout rests on first_bout_sixth_after_take; with false the position could not arise."""
    from tests.generic.test_cli import run

    stock = ("7C 8C JC QC KC AC 10D 8D JD QD KD AD 7H 8H 10H JH QH KH AH 8S JS QS KS AS").split()
    f = _durak_file(tmp_path, "ft.json", trump="S", hands=[["7D"], ["10C", "10S"]], stock=stock,
                    table=[["6C", "9C"], ["6D", "9D"], ["6H", "9H"], ["6S", "7S"], ["9S", None]], taking=True,
                    first_bout=True, defender_start=6, last_defender=1)
    code, out, err = run(["why", f, "throw 7D"], capsys)
    assert code == 0, err
    assert "throw 7♦ is legal." in out
    assert "  first_bout_sixth_after_take = false: table: nobody can throw in (the first bout of the deal holds at most 5 " \
           "attack cards: 001 §throw-in), so this bout is already over\n" \
           "      001 §throw-in 'At the first rebound, you cannot throw more than four cards" in out
    assert "No other value" not in out
    code, out, _ = run(["why", f, "throw 7D", "--json"], capsys)
    impossible = json.loads(out)["options_that_make_it_impossible"]
    assert {"option": "first_bout_sixth_after_take", "value": False,
            "why": "table: nobody can throw in (the first bout of the deal holds at most 5 attack cards: 001 §throw-in), "
                   "so this bout is already over"} in [
        {k: v for k, v in x.items() if k != "source"} for x in impossible]


def test_bout_limit_six_is_named_where_a_seventh_card_is_thrown_once_the_stock_is_empty(tmp_path, capsys) -> None:
    """001 §throw-in "the total number of cards to discard is six. But this rule is valid while the deck
    has cards": a seventh attack card with the stock empty rests on bout_limit = six_then_hand; under
    six the position could not arise."""
    from tests.generic.test_cli import run

    f = _durak_file(tmp_path, "bl.json", trump="D", hands=[["QC"], ["KC", "AH"]], stock=[],
                    discard="AC 6D 7D 8D 9D 10D JD QD KD AD 6H 7H 8H 9H 10H JH QH KH 6S KS AS".split(),
                    table=[["6C", "7C"], ["8C", "9C"], ["10C", "JC"], ["7S", "8S"], ["9S", "10S"], ["JS", "QS"]],
                    first_bout=False, defender_start=8, last_defender=1)
    code, out, err = run(["why", f, "throw QC"], capsys)
    assert code == 0, err
    assert "throw Q♣ is legal." in out
    assert '  bout_limit = "six": table: nobody can throw in (a bout holds at most 6 attack cards always: 001 ' \
           '§throw-in), so this bout is already over\n' \
           "      001 §throw-in 'you cannot throw more than five cards" in out
    assert "No other value" not in out


def test_simple_durak_is_named_where_a_throw_in_rests_on_the_variant(tmp_path, capsys) -> None:
    """001 §throw-in "The difference from a simple fool is that": a throw-in to a covered card under
    podkidnoy; in simple Durak the bout is over, so the position could not arise."""
    from tests.generic.test_cli import run

    f = _durak_file(tmp_path, "t4c.json", players=4, trump="H",
                    hands=[["KS", "AS"], ["9C", "10C", "JC", "8D"], ["6D", "7S"], ["QD", "6S"]], stock=[],
                    discard="7C QC KC AC 7D 9D 10D JD KD AD 6H 7H 8H 9H 10H JH QH KH AH 8S 9S 10S JS QS".split(),
                    table=[["6C", "8C"]], to_move=2, first_bout=False, defender_start=5, last_defender=1)
    code, out, err = run(["why", f, "throw 6D"], capsys)
    assert code == 0, err
    assert "throw 6♦ is legal." in out
    assert '  variant = "simple": table: every card is covered, so in simple Durak the bout is already over\n' \
           "      001 §throw-in 'The difference from a simple fool is that'" in out
    assert "No other value" not in out


def test_why_on_a_view_says_a_rule_decides_where_the_hidden_cards_do_not(tmp_path: Any) -> None:
    """Player 0's view with player 1 defending: `why VIEW "draw own"` said it "depends on cards she
    cannot see" and "is legal in 0 of 64", though the phase rule forbids it whatever the hidden
    cards; surrender likewise, legal in all. Where every world gives one verdict by the same rules,
    it says so and names them; only a verdict that differs from world to world depends on them."""
    from tests.generic.batch_helpers import call_main

    view = str(tmp_path / "v0.json")
    assert call_main(["view", str(EXAMPLES / "fools-and-angels-defence-003.json"), "--as", "0", "--out", view])[0] == 0
    code, out, err = call_main(["why", view, "draw own"])
    assert code == 0 and '"draw own" is not legal in any of the ' in out and "by the same rules in each:" in out
    assert "legal_moves: phase defend" in out and "cannot see" not in out, (out, err)
    code, out, _ = call_main(["why", view, "surrender"])
    assert '"surrender" is legal in all ' in out and "cannot see" not in out
    code, out, _ = call_main(["why", view, "defend whole with 5S"])
    assert "depends on cards she cannot see" in out


# --- a legal move cites the sentence for its own situation -------------------------------------------


def _seed_text(number: str) -> str | None:
    from tests.generic.test_citations import _plain, _seeds_dir

    seeds = _seeds_dir()
    found = sorted(seeds.glob(f"{number}_*.txt")) if seeds is not None else []
    return _plain(found[0].read_text(encoding="utf-8")) if found else None


def _cited_in_seed(reason: Any, number: str) -> None:
    from tests.generic.test_citations import _plain

    text = _seed_text(number)
    if text is not None:
        assert _plain(reason.quote).strip(" .") in text, reason.quote


def test_durak_take_cites_the_sentence_for_a_take_by_choice_or_by_need() -> None:
    """``why d1.json take`` (the defender could cover 8♣) cited 001's "If he cannot cover ... he is
    obliged to take": the sentence for a defender who cannot. A take he chooses now cites the one
    that allows it ("does not want or cannot"); a take he cannot avoid keeps the "cannot cover" one."""
    can = pos(hands=[["9C"], ["JC", "7H"]], table=[["8C", None]], to_move=1)
    [r] = explain(DURAK, can, "take").reasons
    assert "does not want or cannot" in r.quote and "cannot cover" not in r.quote
    assert r.section == "Card game" and "he may cover" in r.says
    _cited_in_seed(r, "001")
    cannot = pos(hands=[["9C"], ["6C", "7H"]], table=[["8C", None]], to_move=1)
    [r] = explain(DURAK, cannot, "take").reasons
    assert "If he cannot cover" in r.quote and "he cannot cover" in r.says


def test_foolery_follow_and_no_play_cite_the_sentence_for_their_situation() -> None:
    """``why fo.json "play Fool XX"`` (a follow) cited §Lead's "You must play ... when you lead": the
    Fool in a set is now answered by §Fool, a follow of the wrong shape by §Follow, and a legal
    follow by the Fool or by trumps by §Fool and §Trumping (not §Follow's "same number of cards")."""
    from foolsolve.spec.foolery import SPEC as FOOLERY

    s = _foolery("2C", "8C 9D XX Fool V", "AC", table=[(0, "9C 9S")], to_move=1)
    [r] = explain(FOOLERY, s, "play Fool XX").reasons
    assert (r.rule, r.section) == ("combination", "Fool") and "set of 2 or 3 trumps" in r.quote
    [r] = explain(FOOLERY, s, "play 8C 9D").reasons
    assert (r.rule, r.section, r.quote) == ("combination", "Follow", _FOLLOW_QUOTE)
    lead = _foolery("8C 9D 2C", "XX", "AC")
    [r] = explain(FOOLERY, lead, "play 8C 9D").reasons
    assert (r.rule, r.section) == ("combination", "Lead") and "when you lead" in r.quote
    r, *after = explain(FOOLERY, s, "play Fool").reasons  # then the trick it ends (end_trick, §Passing)
    assert r.section == "Fool" and "The Fool beats everything" in r.quote
    assert [a.rule for a in after] == ["end_trick"]
    [r] = explain(FOOLERY, s, "play V").reasons
    assert r.section == "Trumping" and "any 1 trump beats 1 or 2 cards" in r.quote
    for move in ("play Fool XX", "play 8C 9D", "play Fool", "play V"):
        for reason in explain(FOOLERY, s, move).reasons:
            _cited_in_seed(reason, "004")


_FOLLOW_QUOTE = "After the lead, players must play the same number of cards in an equal or higher hand."


def test_a_card_not_in_hand_quotes_the_sentence_that_plays_it_or_none(tmp_path: Any,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """'why durak-midbout.json "cover 7D with 8D"' cited 001's dealing sentence, "Each is dealt 6
    cards face down", for 'no card 8♦ in player 1's hand'. Durak says it plainly (001 says it of no
    one move): no quote and no bare seed number; Fools and Angels quotes the sentence that plays this
    move's cards from the hand (the defence's for a defence)."""
    main(["why", str(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-midbout.json"),
          "cover 8D with 8S"])
    out = capsys.readouterr().out
    after = out.split("  - cover_options: no card 8♠ in player 1's hand\n")[1]
    assert after.startswith("  - beats: ") and "dealt" not in out  # no citation line under it
    s = pos(hands=[["KC"], ["7H", "8C", "QS"]], table=[["9H", None]])
    [held] = [r for r in explain(DURAK, s, "cover 9H with AH").reasons if "hand" in r.says]
    assert (held.section, held.quote, held.cite(DURAK.seed_file)) == ("", "", "")
    assert held.short(DURAK.seed_file) == "no card A♥ in player 1's hand [cover_options]"
    d = fa_position("5♣", "9♣ 4♥ 5♠ 7♦ A♦ J♥", stock0="6♣", stock1="3♥", phase="defend", to_move=1,
                    attack="3♦ 6♥ 2♣ 2♠")
    [held] = [r for r in explain(FA, d, "defend red with 8♥").reasons if "hand" in r.says]
    assert held.quote.startswith('The other player then "defends" by playing any number of cards from their hand')
    e = fa_position("A♣ 2♣", "A♦ 2♦", stock0="6♣", stock1="6♥", pool="7♣", rules={"exchange": True})
    [held] = [r for r in explain(FA, e, "exchange 3♣").reasons if "hand" in r.says]
    assert (held.section, held.quote.split(",")[0]) == ("Exchange", "At the start of your turn")


def test_fools_and_angels_a_colour_cut_off_by_a_face_card_cites_the_q_and_a() -> None:
    """003 Q&A "Given an attack of [J♦, 2 ♣], can you defend with a 2♥ to discard both 2s ...? A: No,
    face cards cannot be separated from the cards they affect.": `why` once cited only "It's
    pass/fail for all of one color or for the whole attack." for exactly that move. A colour the
    attack lacks is still refused by the pass/fail sentence, with no option."""
    s = FA.state_from_json({"game": "fools-and-angels", "rules": {}, "phase": "defend", "to_move": 1,
                            "hands": [["3C", "4S"], ["2H", "5D", "7S", "AC"]], "stocks": [[], []], "pool": [],
                            "attack": ["JD", "2C"], "turns_done": 2})
    exp = explain(FA, s, "defend black with 2H")
    assert not exp.legal
    target = [r for r in exp.reasons if r.rule == "defence_targets"]
    assert [r.quote for r in target] == ["No, face cards cannot be separated from the cards they affect."], target
    assert target[0].option == "face_effects" and "J♦" in target[0].says
    assert 'No, face cards cannot be separated from the cards they affect."' in "\n".join(exp.lines())
    red = [r for r in explain(FA, s, "defend red with 2H").reasons if r.rule == "defence_targets"]
    assert [(r.quote, r.option) for r in red] == [("It's pass/fail for all of one color or for the whole attack.",
                                                   None)], red


def _fp_last_card() -> Any:
    from foolsolve.cards import FRENCH52

    held = {"KS", "KH", "3C"}
    rest = [c.ascii for c in FRENCH52 if c.ascii not in held]
    return FP.state_from_json({"game": "fools-paradise", "players": 2, "dealer": 1, "to_move": 0,
                               "hands": [["KS"], []], "centre": ["KH", "3C"], "stock": [], "piles": [[], rest],
                               "clears": [0, 0]})


def test_why_fools_paradise_the_last_card_cites_the_ending() -> None:
    """000 §Ending "The player to play the last card, whether or not he or she collects any cards with
    the last card, is given all remaining cards in the center." is a rule the last collection or lay
    rests on (`why` cited only the collection rule)."""
    s = _fp_last_card()
    quote = "The player to play the last card, whether or not he or she collects any cards with the last card, " \
            "is given all remaining cards in the center."
    exp = explain(FP, s, "collect KS: KH")
    assert exp.legal
    ending = [r for r in exp.reasons if r.section == "Ending" and r.rule == "apply"]  # then the scores: rule result
    assert [r.quote for r in ending] == [quote] and "3♣" in ending[0].says, exp.reasons
    assert ending[0].option == "last_card_sweep_counts_as_clear"
    exp = explain(FP, s, "lay KS")
    ending = [r for r in exp.reasons if r.section == "Ending" and r.rule == "apply"]
    assert exp.legal and [r.quote for r in ending] == [quote] and "K♥" in ending[0].says, exp.reasons
    # not the last card: no such reason
    early = fp_position(["2C 3D 9H KS AC", "4C 7C 8C 10C"], "JH 2S KH 5D 6C")
    assert all(r.section != "Ending" for r in explain(FP, early, "collect KS: KH 6C 5D 2S").reasons)


def test_fools_and_angels_a_defence_with_a_face_card_names_defence_face_cards() -> None:
    """A legal defence holding a face card rests on option defence_face_cards = with_pips and 003
    "Face cards must always accompany pip cards" (why named only the totals, then listed
    defence_face_cards = never as a value that would make it illegal, without saying which value
    made it legal)."""
    s = FA.state_from_json({"game": "fools-and-angels", "rules": {}, "phase": "defend", "to_move": 1,
                            "hands": [["3C", "4S"], ["2H", "JS", "7S", "AC"]], "stocks": [[], []], "pool": [],
                            "attack": ["2C"], "turns_done": 2})
    exp = explain(FA, s, "defend whole with 2H JS")
    assert exp.legal
    named = [r for r in exp.reasons if r.option == "defence_face_cards"]
    assert len(named) == 1 and named[0].value == "with_pips", exp.reasons
    assert named[0].quote == "Face cards must always accompany pip cards." and "J♠" in named[0].says
    assert "option defence_face_cards = \"with_pips\"" in "\n".join(exp.lines())
    assert all(r.option != "defence_face_cards" for r in explain(FA, s, "defend whole with 2H").reasons)


def test_fools_and_angels_show_of_a_finished_game_gives_the_reason() -> None:
    """``show`` said only "game over: player 0 wins"; now who ended it and how, as Three Fools' does."""
    s = FA.state_from_json({"game": "fools-and-angels", "rules": {}, "phase": "turn", "to_move": 1,
                            "hands": [["2C", "3S", "4S"], ["JH", "QH", "JS", "QS", "KC", "KD", "JD"]],
                            "stocks": [["5C"], ["6H"]], "pool": ["7S"], "attack": [], "turns_done": 2})
    first = FA.describe(s).splitlines()[0]
    assert first == ("Fools and Angels, phase turn, game over: player 0 wins (player 1 forfeits: a hand of only "
                     "face cards (7) and unable to draw)"), first


def test_why_tries_the_default_and_bounds_of_an_option_with_no_listed_choices() -> None:
    """Fool's Paradise ``decks`` lists no choices: why tries its default and declared bounds, and a
    two-deck position (a duplicate card) could not arise under one deck."""
    from foolsolve.positions import read_json
    from foolsolve.rules import options_of
    from foolsolve.why import nearby_values

    info = games.get("fools-paradise")
    path = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "fools-paradise-two-decks-six-players.json"
    state = info.spec.state_from_json(read_json(str(path)))
    exp = explain(info.spec, state, "collect 8♣: 8♣")
    assert ("decks", 1) in [(o, v) for o, v, _ in exp.impossible]
    assert "No other value of any one rule option changes that." not in exp.lines()
    decks = next(o for o in options_of(type(info.spec.rules_of(state))) if o.name == "decks")
    assert nearby_values(decks, 2) == [1, 3, 8] and nearby_values(decks, 1) == [2, 8]


def test_an_explanation_prints_and_shows_what_the_why_command_prints(capsys):
    import foolsolve

    path = str(Path(foolsolve.__file__).parent / "examples" / "durak-endgame.json")
    exp = foolsolve.load(path).why("attack 7H")
    main(["why", path, "attack 7H"])
    assert str(exp) == capsys.readouterr().out.rstrip("\n")
    assert str(exp).startswith("attack 7♥ is not legal. Rules against it:")
    assert repr(exp) == "<Explanation attack 7♥: illegal (1 reason)>"
    assert exp._repr_html_() == "<pre>" + html.escape(str(exp)) + "</pre>"
    assert repr(foolsolve.load(path).why("attack K♥")) == "<Explanation attack K♥: legal (1 reason)>"


# --- a verdict resting on a reconstruction names it -------------------------------------------------


def test_a_throw_before_the_table_is_covered_cites_the_reconstruction_that_refuses_it() -> None:
    """That throw-ins wait for the covered table is the reconstruction throw_after_cover (listed by
    `foolsolve rules durak`), not §throw-in's sentence granting the throw; the defender's hand is no
    reason against the attacker's throw."""
    state = DURAK.state_from_json({"game": "durak", "rules": {}, "trump": "S",
                                   "hands": [["6H", "6D"], ["7C", "8D", "9D", "JH"]], "stock": [], "attacker": 0,
                                   "defender": 1, "table": [["6C", None]], "to_move": 1})
    exp = explain(DURAK, state, "throw 6D")
    assert not exp.legal and [r.rule for r in exp.reasons] == ["phase"], exp.reasons
    assert exp.reasons[0].reconstruction == "throw_after_cover" and exp.reasons[0].quote == ""
    text = str(exp)
    assert "reconstruction throw_after_cover ('foolsolve rules durak' lists it): Throw-ins" in text, text
    assert "player 1's hand" not in text and "right to throw" not in text, text
    assert exp.to_json()["reasons"][0]["reconstruction"] == "throw_after_cover"
    # the mover's own card not held is still a reason (a cover by the defender to move)
    assert "no card 6♦ in player 1's hand" in str(explain(DURAK, state, "cover 6C with 6D"))


def test_a_trump_lead_beside_the_fool_cites_fool_in_trump_lead() -> None:
    from foolsolve.spec.foolery import SPEC as FOOLERY

    state = FOOLERY.state_from_json({"game": "foolery", "rules": {}, "players": 3, "dealer": 0, "to_move": 0,
                                     "hands": [["III", "Fool"], ["I", "II", "X", "XII", "XV", "9D", "QS"],
                                               ["3S", "4S", "10H", "XXI"]], "table": []})
    exp = explain(FOOLERY, state, "play III")
    assert exp.legal and [r.reconstruction for r in exp.reasons] == ["", "fool_in_trump_lead"], exp.reasons
    assert "reconstruction fool_in_trump_lead ('foolsolve rules foolery' lists it): The Fool counts" in str(exp)
