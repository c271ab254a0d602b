"""``foolsolve why`` names cards and ranks as a player reads them (Foolery's XVIII and Ace, not 18
and 1), says what follows a play in plain words, gives Fool's Paradise's totals against the value a
collection needs, calls a fixed rule a fixed rule (as ``foolsolve rules`` lists it), and says what a
move does in a player's words (``player 1's hand``, ``the table``), not in the position file's fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import foolsolve
from foolsolve.spec.durak import SPEC as DURAK
from foolsolve.spec.foolery import SPEC as FOOLERY
from foolsolve.spec.fools_paradise import SPEC as FP
from foolsolve.why import explain
from tests.durak.helpers import pos
from tests.foolery.helpers import position as foolery
from tests.fools_paradise.helpers import position as fp_position
from tests.generic.test_cli import run

P = {"variant": "perevodnoy", "transfer_blocked_by_trump": False}


def _says(spec, state, move: str) -> list[str]:
    return [r.says for r in explain(spec, state, move, flips=False).reasons]


def test_foolery_reasons_name_trumps_and_ranks() -> None:
    trumps = foolery("9S", "AS XII II 7C 7D", "3C", table=[(2, "5C"), (0, "XVIII")], to_move=1)
    assert _says(FOOLERY, trumps, "play XII") == ["the highest trump played must be above XVIII, not XII"]
    five = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "4C 4D 4H 4S IV")], to_move=1)
    assert _says(FOOLERY, five, "play II") == ["a five of a kind of 4s is trumped by exactly 3 trumps, not 1",
                                               "the highest trump played must be above IV, not II"]
    pair = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "6C 6D")], to_move=1)
    assert _says(FOOLERY, pair, "play AS") == [
        "a pair of 6s is followed by another pair (or trumps, or the Fool), not a single Ace"]
    queens = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "QC QD")], to_move=1)
    assert _says(FOOLERY, queens, "play 7C 7D") == ["a pair of 7s is lower than a pair of Queens"]
    house = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "QC QD QH KC KD")], to_move=1)
    assert _says(FOOLERY, house, "play 7C 7D") == [
        "a full house of Queens is followed by another five-card hand (or trumps, or the Fool), not a pair of 7s"]


def test_fools_paradise_says_the_totals_against_the_played_card_s_value() -> None:
    s = fp_position(["KC QD 9H QS KS", "5C JC 8H JH 9S"], "2C QC AC 4D 8D")
    says = _says(FP, s, "collect QD: 8D 4D 2C")
    assert says == ["no value of the cards lets Q♦ collect 8♦ 4♦ 2♣ (each taken card at most the played card's "
                    "value, and their sum a multiple of it): Q♦ counts 12: the cards sum to 14, not a multiple of 12"]
    says = _says(FP, s, "collect 9H: QC")
    assert says[0].endswith("9♥ counts 9: Q♣ (12) is above 9; the cards sum to 12, not a multiple of 9")
    ace = _says(FP, s, "collect KC: AC 8D")[0]  # ace = "either": both values said
    assert "K♣ counts 13 (with A♣ at 1): the cards sum to 9, not a multiple of 13" in ace
    assert "K♣ counts 13 (with A♣ at 14): A♣ (14) is above 13; the cards sum to 22, not a multiple of 13" in ace


def test_a_fixed_rule_is_not_called_an_option(tmp_path: Path, capsys) -> None:
    s = pos(rules=P, hands=[["KC"], ["7D", "8D", "QS"], ["6H"]], table=[["7S", None]])
    exp = explain(DURAK, s, "transfer 7D")
    (r,) = exp.reasons
    assert r.option == "transfer_cap" and r.fixed
    assert "fixed rule transfer_cap" in r.text() and "option transfer_cap" not in r.text()
    path = tmp_path / "d.json"
    path.write_text(json.dumps(DURAK.state_to_json(s)), encoding="utf-8")
    code, out, err = run(["why", str(path), "transfer 7D"], capsys)
    assert code == 0, err
    assert "fixed rule transfer_cap (not an option" in out and "option transfer_cap" not in out
    code, out, _ = run(["why", str(path), "transfer 7D", "--json"], capsys)
    (j,) = json.loads(out)["reasons"]
    assert j["option"] == "transfer_cap" and j["fixed"] is True
    code, out, _ = run(["rules", "durak"], capsys)
    fixed = out[out.index("Fixed rules (not options):"):]
    assert "transfer_cap" in fixed


EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _what_it_does(path: Path, move: str, capsys) -> list[str]:
    """The lines of the "What it does" part of ``foolsolve why PATH MOVE``."""
    code, out, err = run(["why", str(path), move], capsys)
    assert code == 0, err
    lines = out.splitlines()
    rest = lines[lines.index("What it does:") + 1:]
    end = next((i for i, x in enumerate(rest) if not x.startswith("  ")), len(rest))
    return [x.strip() for x in rest[:end]]


@pytest.mark.parametrize(("example", "moves", "words"), [
    ("durak-endgame", ["attack K♥"], ["player 0's hand: -K♥", "the table: + K♥", "to move: player 0 -> player 1"]),
    ("durak-midbout", ["cover 8♦ with 9♦"], ["player 1's hand: -9♦", "the table: 9♦ covers 8♦",
                                            "to move: player 1 -> player 0"]),
    ("durak-midbout", ["take"], ["the defender takes: no -> yes", "to move: player 1 -> player 0"]),
    ("foolery-five-players-midround", ["pass"], ["the players who passed: players 2, 3 -> players 2, 3, 4",
                                                 "to move: player 4 -> player 0"]),
    ("fools-and-angels-opening", ["draw own"], ["player 0's hand: +2♣", "player 0's stock: -2♣",
                                                "the cards drawn this regroup: 0 -> 1", "the phase: turn -> regroup"]),
    ("fools-paradise-endgame", ["collect Q♣: Q♦ 7♥ 5♦"], [
        "player 0's hand: -Q♣", "player 0's pile: +Q♣ 5♦ Q♦ 7♥", "player 0's score: 105 -> 141", "the centre: -5♦ Q♦ 7♥",
        "to move: player 0 -> player 1"]),
    ("three-fools-first-round", ["keep", "lead 10R as R", "play 8R", "play 3P"], [
        "player 0's hand: +7R", "player 0's pile: -7R", "player 1's hand: +8S", "player 1's pile: -8S",
        "player 2's hand: -3P +KP", "player 2's pile: -KP +10R 8R 3P", "the cards shown: +8R 10R 3P",
        "the centre: -10R 8R", "the declared suit: R -> none", "the leader: player 0 -> player 2",
        "the phase: follow -> flip", "the rounds played: + leader 0: binary down, declared R, 10R 8R 3P, winner 2, "
        "bonus none", "the streak: 0 -> 1"]),
    ("three-fools-deal", ["first 0"], [  # (Pilatch cards are written as position files write them)
        "player 0's hand: +3R 10R 3S KS", "player 0's pile: -3R 10R KS 3S", "player 1's hand: +3P 7P QP QS",
        "player 1's pile: -QS 3P 7P QP", "player 2's hand: +2R 6S 10S AS", "player 2's pile: -6S AS 2R 10S",
        "the leader: nobody yet -> player 0", "the phase: start -> flip", "to move: chance -> player 0"]),
])
def test_what_a_move_does_is_said_in_a_players_words(example: str, moves: list[str], words: list[str],
                                                      tmp_path: Path, capsys) -> None:
    """``foolsolve why``'s "What it does" names a hand, a pile, the table as a player does, not as the
    position file's fields (``hands[1]``, ``table``); ``--json`` keeps the fields."""
    path = EXAMPLES / f"{example}.json"
    if moves[:-1]:
        path = tmp_path / "position.json"
        code, _, err = run(["play", str(EXAMPLES / f"{example}.json"), *moves[:-1], "--out", str(path)], capsys)
        assert code == 0, err
    assert _what_it_does(path, moves[-1], capsys) == words
    code, out, _ = run(["why", str(path), moves[-1], "--json"], capsys)
    fields = set(foolsolve.load(path).to_json())  # (the position in standard form: every field)
    effect = json.loads(out)["effect"]
    assert code == 0 and effect and all(x.partition(":")[0].partition("[")[0] in fields for x in effect), effect


def test_a_foolery_gift_is_said_as_the_cards_given() -> None:
    import random

    from foolsolve.spec.foolery import Rules

    state = FOOLERY.deal(Rules(), 4, random.Random(4), previous=[4, 2, 3, 1])
    assert explain(FOOLERY, state, "give XVII XIX", flips=False).effect_words == [
        "player 0's hand: -XVII XIX", "player 3's hand: +XVII XIX", "the cards player 0 gave in the exchange: +XVII XIX",
        "the phase: peasant gives -> king gives", "to move: player 0 -> player 3"]


def test_no_line_of_what_a_move_does_names_a_position_field() -> None:
    """Over random play of every game, each line of "What it does" begins with a player's words: never a
    field of the position JSON (``drew_pool``, ``max_hand[2]``)."""
    import random
    import re

    from foolsolve import games

    for name in games.names():
        info = games.get(name)
        spec = info.spec
        rng = random.Random(5)
        for _ in range(4):
            state = info.random_game(rng)
            for _ in range(40):
                moves = spec.legal_moves(state)
                if not moves:
                    break
                move = rng.choice(moves)
                fields = set(spec.state_to_json(state))
                for line in explain(spec, state, str(move), flips=False).effect_words:
                    label = line.partition(":")[0]
                    assert label not in fields and not re.fullmatch(r"\w+\[\d+\]", label) and "_" not in label, (
                        name, line)
                state = spec.apply(state, move)


def test_what_a_move_does_writes_cards_as_the_rest_of_the_output(tmp_path: Path, capsys) -> None:
    """Each card of "What it does" is written as the rest of ``why``'s output writes it: glyphs
    (``9♦ covers 8♦`` under ``9♦ beats 8♦``), ASCII under ``--ascii``, in every game; a Foolery trump
    and a Pilatch card as position files write them (that is how the rest of the output writes them)."""
    import random

    from foolsolve.spec.foolery import Rules as FooleryRules
    from foolsolve.spec.fools_and_angels import SPEC as FA
    from foolsolve.spec.three_fools import SPEC as TF

    path = EXAMPLES / "durak-midbout.json"
    code, out, _ = run(["why", str(path), "cover 8♦ with 9♦"], capsys)
    assert code == 0 and "9♦ beats 8♦" in out and "the table: 9♦ covers 8♦" in out and "9D" not in out, out
    code, out, _ = run(["why", str(path), "cover 8D with 9D", "--ascii"], capsys)
    assert code == 0 and "player 1's hand: -9D" in out and "the table: 9D covers 8D" in out and "♦" not in out, out
    pair = foolery("9S", "AS XII II 7C 7D", "3C", table=[(0, "6C 6D")], to_move=1)
    words = explain(FOOLERY, pair, "play 7C 7D", flips=False).effect_words
    assert "player 1's hand: -7♣ 7♦" in words and "the table: + player 1: 7♣ 7♦" in words, words
    later = FOOLERY.deal(FooleryRules(), 4, random.Random(4), previous=[4, 2, 3, 1])
    trumps = explain(FOOLERY, later, "give XVII XIX", flips=False)
    assert "player 0's hand: -XVII XIX" in trumps.effect_words
    s = fp_position(["KC QD 9H QS KS", "5C JC 8H JH 9S"], "2C QC AC 4D 8D")
    assert "the centre: -4♦ 8♦" in explain(FP, s, "collect Q♦: 8♦ 4♦", flips=False).effect_words
    rng = random.Random(3)
    for spec in (FA, TF):  # random play: no line holds a French card in ASCII (2C, QD) in either game
        state = spec.deal(spec.rules_cls(), 2 if spec is FA else 3, rng)
        for _ in range(30):
            moves = spec.legal_moves(state)
            if not moves:
                break
            move = rng.choice(moves)
            for line in explain(spec, state, str(move), flips=False).effect_words:
                ascii_cards = [t for t in line.replace("+", " ").replace("-", " ").split()
                               if len(t) in (2, 3) and t[-1] in "CDHS" and t[:-1] in {*"23456789JQKA", "10"}]
                assert spec is TF or not ascii_cards, line
            state = spec.apply(state, move)


def test_durak_says_the_cards_a_taken_bout_shows_as_a_player_would() -> None:
    """The cards a defender takes are known to all: said as ``the cards player 1 is known to hold: +7♣ 7♥``,
    not in the position field's words."""
    from foolsolve.spec.durak import SPEC as D

    s = pos(hands=[["KC", "7C"], ["7D", "QS"], ["6H"]], table=[["7H", None]], taking=True)
    words = explain(D, s, "throw 7♣", flips=False).effect_words
    assert "the cards player 1 is known to hold: +7♣ 7♥" in words and "player 1's hand: +7♣ 7♥" in words, words
    assert not any("have seen" in line for line in words), words


def test_fools_and_angels_says_the_cards_both_players_know_as_a_player_would() -> None:
    """A Fools and Angels card both players have seen (a surrender's) is said as ``player 1's cards known
    to both: +3♠``."""
    import random

    from foolsolve.spec.fools_and_angels import SPEC as FA

    rng = random.Random(1)
    state = FA.deal(FA.rules_cls(), 2, rng)
    lines: list[str] = []
    for _ in range(40):
        move = rng.choice(FA.legal_moves(state))
        lines = [x for x in explain(FA, state, str(move), flips=False).effect_words if "known" in x or "have seen" in x]
        if lines:
            break
        state = FA.apply(state, move)
    assert lines and all(x.startswith("the cards player ") and " is known to hold: +" in x for x in lines), lines
    assert not any(x[-1] in "CDHS" for x in lines), lines  # (the card in glyphs, as the rest of the output)


def test_durak_says_a_known_card_played_as_no_longer_known_in_the_hand() -> None:
    """A card the others knew a player held, once played, leaves what she is known to hold: said as
    ``the cards player 1 is known to hold: -7♥``, in the words of the line that added it."""
    from foolsolve.spec.durak import SPEC as D

    s = pos(hands=[["KC", "7C"], ["7H", "QS"], ["6H"]], table=[], known=[[], ["7H"], []], attacker=1, defender=2,
            to_move=1)
    words = explain(D, s, "attack 7♥", flips=False).effect_words
    assert "the cards player 1 is known to hold: -7♥" in words and "player 1's hand: -7♥" in words, words
