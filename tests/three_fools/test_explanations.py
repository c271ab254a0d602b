"""Three Fools in words: what `why`, `play`, `show` and `rules` say about a round and the end of
the game agrees with what decided it, cites the 002 sentence that did, and names the facts that
come from the Pilatch deck's description rather than from 002."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from foolsolve.cards import PILATCH45, PILATCH_JOKER
from foolsolve.spec.three_fools import (
    BEATS,
    DOWN,
    SPEC,
    UP,
    decide_round,
    decision_reasons,
    round_winner,
)
from foolsolve.why import explain
from tests.generic.batch_helpers import call_main
from tests.three_fools.helpers import position, state
from tests.three_fools.test_move_text import TIE_START

FIRST = str(resources.files("foolsolve").joinpath("examples", "three-fools-first-round.json"))
NAMES = {"R": "Rock", "P": "Paper", "X": "Scissors"}


def _cards(*texts: str) -> tuple:
    return tuple(PILATCH45.parse(t) for t in texts)


# --- where the suit cycle comes from ------------------------------------------------------------------

def test_rules_lists_the_suit_cycle_and_the_deck_as_from_outside_the_text():
    """002 never names the suits nor says which is superior ("If two suits are present, a card of
    the superior suit will win."): `rules` lists the Pilatch deck's facts apart, with their source."""
    code, out, err = call_main(["rules", "three-fools"])
    assert code == 0 and err == "", err
    part = out[out.index("From outside the text"):]
    part = part[:part.index("\n\n")] if "\n\n" in part else part
    for name in ("suits:", "ranks:", "suit_cycle:"):
        assert name in part, part
    assert "Rock beats Scissors, Scissors beats Paper, Paper beats Rock" in part
    assert part.count("from: the Pilatch deck's public description") == 3, part
    assert 'needed by: 002 §Winning a Round: "If two suits are present, a card of the superior suit will win."' in part
    code, out, _ = call_main(["rules", "three-fools", "--json"])
    outside = {r["name"]: r for r in json.loads(out) if r["kind"] == "outside"}
    assert set(outside) == {"suits", "ranks", "suit_cycle"}
    assert outside["suit_cycle"]["origin"] == "the Pilatch deck's public description"


def test_why_says_the_superior_suit_comes_from_the_pilatch_deck_not_from_002():
    s = SPEC.play(SPEC.state_from_json(json.loads(open(FIRST, encoding="utf-8").read())), "keep", "lead 4S as R",
                  "play 8R")
    [won] = [r for r in explain(SPEC, s, "play 3S").reasons if r.rule == "round_winner"]
    assert "Rock beats Scissors (the Pilatch deck's suit cycle)" in won.says, won
    assert "Rock" not in won.quote and won.quote == "If two suits are present, a card of the superior suit will win."
    assert won.outside.startswith("the Pilatch deck's public description: Rock beats Scissors"), won


# --- what decided the round -------------------------------------------------------------------------

@pytest.mark.parametrize("binary", [UP, DOWN])
def test_why_a_joker_decides_the_round_cites_002_jokers(binary):
    """002 §Jokers: "each Joker is always the best rank for its respective suit, regardless of
    whether the binary card is UP or DOWN": where the Joker beats other cards of its suit, the
    reason is the Joker, not "the lowest wins"."""
    for cards in (("JoR", "4R", "2R"), ("JoR", "4R", "KS")):
        reasons = decision_reasons(_cards(*cards), binary)
        joker = [r for r in reasons if r.section == "Jokers"]
        assert len(joker) == 1 and "JoR is the Rock Joker" in joker[0].says, reasons
        assert reasons[-1].says.endswith("player 0 wins the round"), reasons
        assert not any("lowest" in r.says or "highest" in r.says for r in reasons), reasons


def test_the_reason_given_for_a_round_agrees_with_what_decided_it():
    """Over many random rounds, the stated reason matches the decisive fact, computed here apart:
    three suits -> Roshambo; the only card of the superior suit -> the suit (by the deck's cycle,
    cited from outside the text); a Joker among several of its suit -> 002 §Jokers; otherwise the
    rank, highest under UP and lowest under DOWN, naming the winning card."""
    rng = random.Random(7)
    deck = list(PILATCH45)
    for _ in range(3000):
        cards = tuple(rng.sample(deck, 3))
        binary = rng.choice((UP, DOWN))
        reasons = decision_reasons(cards, binary)
        said = " | ".join(r.says for r in reasons)
        suits = {c.suit for c in cards}
        w = round_winner(cards, binary)
        if len(suits) == 3:
            assert w is None and len(reasons) == 1 and "Roshambo decides" in said, said
            continue
        assert w is not None and reasons[-1].says.endswith(f"player {w} wins the round"), said
        win = cards[w]
        if len(suits) == 2:
            strong = next(x for x in suits if BEATS[x] in suits)
            assert win.suit == strong
            assert f"{NAMES[strong]} beats {NAMES[BEATS[strong]]}" in reasons[0].says, said
            assert "Pilatch deck" in reasons[0].outside, reasons[0]
        else:
            assert not any(r.outside for r in reasons), reasons
        same = [c for c in cards if c.suit == win.suit]
        jokers = [r for r in reasons if r.section == "Jokers"]
        if len(same) == 1:
            assert f"{win.ascii} is the only {NAMES[win.suit]}" in said and not jokers, said
        elif win.rank == PILATCH_JOKER:
            assert len(jokers) == 1 and win.ascii in jokers[0].says, said
            assert "lowest" not in said and "highest" not in said, said
        else:
            assert not jokers, said
            side = "highest" if binary == UP else "lowest"
            other = "lowest" if binary == UP else "highest"
            assert f"the {side}" in said and f"the {other}" not in said and f"({win.ascii})" in said, said
            ranks = [c.rank for c in same]
            assert win.rank == (max(ranks) if binary == UP else min(ranks))
        assert decide_round(cards, binary).winner == w


# --- the rule that ends the game ----------------------------------------------------------------------

def _rules_of(s, move):
    return {r.rule: r for r in explain(SPEC, s, move).reasons}


def test_why_cites_the_max_hand_of_zero_and_most_cards_wins_on_the_move_that_brings_them():
    """002 §Losing the Game: "If your maximum hand size is reduced to zero, you also lose." and
    "whoever has more cards wins the game", on the follow that makes the lying leader lose."""
    s = state([["5R"], ["1R", "KP", "7P", "4S"], ["2P", "6P", "8P", "10S"]], [[], None, None], fill=(1, 2),
              max_hand=[1, 4, 4], streak=1)
    s = SPEC.play(s, "keep", "lead 5R as S", "play 1R")
    by = _rules_of(s, "play 2P")
    assert by["has_lost"].quote == "If your maximum hand size is reduced to zero, you also lose.", by
    assert by["final_count"].quote.endswith("whoever has more cards wins the game."), by
    assert "player 2 has more and wins the game" in by["final_count"].says, by
    after = SPEC.play(s, "play 2P")
    assert after.winner == 2 and after.lost == (True, False, False)


def test_why_cites_roshambo_for_a_tie_on_the_move_that_ties_the_count():
    """002 §Losing the Game: "In the case of a tie, Roshambo for it!" on the move that brings the
    tie, not only on the Roshambo that follows."""
    s = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S", "play 1R")
    by = _rules_of(s, "play 2P")
    assert by["final_count"].quote == "In the case of a tie, Roshambo for it!", by
    assert "a tie" in by["final_count"].says and "players 1 and 2" in by["final_count"].says
    assert SPEC.play(s, "play 2P").phase == "tie"


def test_why_cites_the_streak_that_wins_the_game():
    """002 §Rounds of Play: "If the player who went first won her third round in a row, she wins the
    game!" on the card that completes the third round."""
    s = state([["JoR", "3P", "4P", "5P"], ["1R", "6P", "7P", "8P"], ["2R", "9P", "10P", "JP"]], streak=2,
              phase="flip", leader=0)
    s = SPEC.play(s, "keep", "lead JoR as R", "play 1R")
    by = _rules_of(s, "play 2R")
    assert by["end_of_round"].quote.startswith("If the player who went first won her third round in a row"), by
    assert by["end_of_round"].option == "streak_to_win"
    assert by["strength"].section == "Jokers"


def test_why_on_a_rounds_roshambo_cites_the_bonus_the_penalty_and_the_end():
    s = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S", "play 7P", "play 10S")
    assert s.phase == "roshambo"
    by = _rules_of(s, "roshambo 1")
    assert by["collect"].quote.startswith("When Roshambo is played") and "lie_penalty" in by, by
    assert by["has_lost"].quote == "If your maximum hand size is reduced to zero, you also lose."
    assert "lie_penalty" not in _rules_of(s, "roshambo 0")


# --- play and show say who won the round --------------------------------------------------------------

def test_play_prints_each_rounds_result_and_a_liars_penalty():
    code, out, err = call_main(["play", FIRST, "keep", "lead 4S as R", "play 8R", "play 3S"])
    assert code == 0 and err == "", err
    line = next(ln.strip() for ln in out.splitlines() if "-- end of round" in ln)
    assert line.startswith("-- end of round: 4S 8R 3S: Rock beats Scissors") and line.endswith(" --"), line
    assert "player 1 wins the round" in line and "player 0 lied (declared Rock with 4S): maximum hand size 4 -> 3" in line
    assert "last round: 4S 8R 3S" in out  # show's line
    code, out, _ = call_main(["play", FIRST, "keep", "lead 4S as R", "play 8R", "play 3S", "--json", "--trace"])
    steps = json.loads(out)["steps"]
    assert [s["boundary"] for s in steps] == [False, False, False, True]
    assert "note" not in steps[0] and steps[-1]["note"].startswith("4S 8R 3S: Rock beats Scissors")


def test_play_names_the_roshambo_winner_of_a_three_suit_round():
    s = SPEC.state_from_json(TIE_START)
    text = SPEC.boundary_note(*_step(SPEC.play(s, "keep", "lead 5R as S", "play 7P", "play 10S"), "roshambo 2"))
    assert "all three suits" in text and "player 2 wins the Roshambo and the round" in text, text
    assert "player 0 lied" in text, text


def _step(s, text):
    move = SPEC.parse_move(s, text)
    return s, move, SPEC.apply(s, move)


# --- the declared suit ------------------------------------------------------------------------------

@pytest.mark.parametrize("suit", ["X", "x", "Q", "Rock"])
def test_an_unknown_declared_suit_is_a_one_line_error_naming_the_suits(suit):
    """A declaration is R, P or S: `as X` (the card table's internal letter) is not read as Scissors."""
    code, _, err = call_main(["play", FIRST, "keep", f"lead 4S as {suit}"])
    assert code == 2 and err.count("\n") == 1, err
    assert f'"{suit}" is not a suit (R, P or S: Rock, Paper or Scissors)' in err, err


def test_a_position_whose_declared_suit_is_x_is_refused():
    obj = position([["1R"], ["2R"], ["3R"]], phase="follow", leader=0, max_hand=[4, 4, 4], declared="X",
                   centre=["4R", None, None])
    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=r'^declared: "X" is not a suit'):
        SPEC.state_from_json(obj)


# --- pictures ------------------------------------------------------------------------------------------

def _texts(svg: str) -> list[str]:
    import xml.etree.ElementTree as ET

    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


def test_a_picture_names_the_declared_suit_and_the_roshambo_in_the_games_own_words():
    """A declared Scissors is drawn "Scissors" (the Pilatch deck has no spades), a chance node "chance
    to move" (not "to move: -1"), and the players of a pending Roshambo "in the Roshambo" (not
    "contest 0")."""
    from foolsolve.svg import position_svg

    s = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S", "play 7P", "play 10S")
    assert s.phase == "roshambo"
    words = " | ".join(_texts(position_svg(SPEC, s)))
    assert "declared: Scissors" in words and "♠" not in words, words
    assert "chance to move" in words and "to move: -1" not in words, words
    assert "contest" not in words and words.count("in the Roshambo") == 3, words
    after = SPEC.play(s, "roshambo 1")
    rows = " | ".join(_texts(position_svg(SPEC, after)))
    assert "declared Scissors" in rows and "♠" not in rows, rows
    deal = " | ".join(_texts(position_svg(SPEC, SPEC.deal(SPEC.rules_cls(), 3, random.Random(1)))))
    assert "leader: -1" not in deal and "chance to move" in deal, deal


def test_a_french_games_picture_still_draws_its_suit_glyphs():
    import random as _random

    from foolsolve.spec.durak import SPEC as DURAK
    from foolsolve.svg import position_svg

    s = DURAK.deal(DURAK.rules_cls(), 2, _random.Random(3))
    words = " | ".join(_texts(position_svg(DURAK, s)))
    assert f"trump: {'♣♦♥♠'['CDHS'.index(s.trump)]}" in words, words


def test_why_on_a_view_keeps_back_what_the_reveal_decides_in_one_line(tmp_path):
    """From the last follower's view the others' face-down cards are hidden: what the reveal decides
    (the suits' sentence, a Joker, a penalty, a loss, the count or its tie) would tell her about them,
    so it is one line naming no sentence."""
    s = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S", "play 1R")
    full = tmp_path / "full.json"
    full.write_text(json.dumps(SPEC.state_to_json(s)), encoding="utf-8")
    view = str(tmp_path / "v2.json")
    assert call_main(["view", str(full), "--as", "2", "--out", view])[0] == 0
    code, out, err = call_main(["why", view, "play 2P"])
    assert code == 0, err
    assert out.count("not told in player 2's view") == 1 and "round_winner: not told" in out, out
    for word in ("Winning a Round", "Losing the Game", "Jokers", "lie_penalty", "final_count", "Pilatch"):
        assert word not in out, out


def test_every_move_that_ends_the_game_cites_the_rule_that_ends_it():
    """Over random games: the move after which the game is over, or tied for the final count's
    Roshambo, names the rule that did it (the streak, or each loss and the count or its tie), and
    every move that does not end it names none."""
    rng = random.Random(11)
    ended = set()
    for g in range(40):
        s = SPEC.deal(SPEC.rules_cls(), 3, random.Random(g))
        while not SPEC.is_terminal(s):
            move = rng.choice(SPEC.legal_moves(s))
            after = SPEC.apply(s, move)
            rules = {r.rule for r in SPEC.why_legal(s, move)}
            if s.phase == "tie":
                assert after.phase == "over"
            elif after.phase in ("over", "tie"):
                if after.reason.endswith("rounds in a row"):
                    assert "end_of_round" in rules, (move, rules)
                    ended.add("streak")
                else:
                    assert {"has_lost", "final_count"} <= rules, (move, rules, after.reason)
                    ended.add(after.phase if after.phase == "tie" else after.reason.split(";")[0][:12])
            else:
                assert not rules & {"end_of_round", "has_lost", "final_count"}, (move, rules)
            s = after
    assert "streak" in ended and len(ended) >= 2, ended
