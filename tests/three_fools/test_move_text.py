"""Three Fools move texts: ``play`` (and the interactive prompt, which reads moves the same way)
reads every spelling ``why`` reads (``T`` for ten, any case; a card's suit and a declared suit
are R, P or S only), and a refusal never gives the rule a legal move rests on as the ground of its
illegality."""

from __future__ import annotations

from importlib import resources

from foolsolve.game import Reason
from foolsolve.spec.three_fools import SPEC, Follow, Lead
from foolsolve.why import Explanation
from tests.generic.batch_helpers import call_main

FIRST = str(resources.files("foolsolve").joinpath("examples", "three-fools-first-round.json"))


def _first():
    import json

    return SPEC.state_from_json(json.loads(open(FIRST, encoding="utf-8").read()))


def test_play_reads_the_spellings_why_reads():
    s = SPEC.play(_first(), "keep")
    for text, card in (("lead 4s as S", "4S"), ("lead TS as S", "10S"), ("lead ts as s", "10S")):
        move = SPEC.parse_move(s, text)
        assert isinstance(move, Lead) and move.card.ascii == card and str(move).endswith("as S"), text
    after = SPEC.play(s, "lead 4S as S")
    assert isinstance(SPEC.parse_move(after, "play 5s"), Follow)  # player 1 holds 5S
    after = SPEC.play(after, "play 5S")
    assert isinstance(SPEC.parse_move(after, "play 3s"), Follow)  # player 2 holds 3S


def test_cli_play_accepts_t_for_ten(tmp_path):
    out = str(tmp_path / "p.json")
    for moves in (["keep", "lead 4s as s"], ["keep", "lead TS as S"], ["keep", "lead 4S as S", "play 5s"]):
        code, _, err = call_main(["play", FIRST, *moves, "--out", out])
        assert code == 0 and err == "", (moves, err)


def test_cli_play_refuses_x_for_a_scissors_card(tmp_path):
    """X is Scissors inside the card table only: ``lead 4X as S`` names no card (one line, exit 2)."""
    for moves in (["keep", "lead 4X as S"], ["keep", "lead 4S as S", "play 5X"]):
        code, out, err = call_main(["play", FIRST, *moves])
        assert (code, out) == (2, "") and err.count("\n") == 1 and "X" in err, (moves, err)


def test_cli_play_still_refuses_an_illegal_move_with_its_rule(tmp_path):
    code, _, err = call_main(["play", FIRST, "keep", "lead 5R as S"])
    assert code == 2 and err.count("\n") == 1, err
    assert "does not hold 5R" in err and "[hand; 002 §Rounds of Play]" in err and "lead_reasons" not in err, err


def test_a_refusal_never_quotes_a_legality_reason_as_its_ground():
    """Should the text of a legal move fail to be read (a reader and a writer that disagree),
    the one-line refusal says the move is legal, not "not legal: <the rule it rests on>"."""
    why = Reason("lead_reasons", "a card from the leader's hand, declared S", "Rounds of Play", "She chooses")
    exp = Explanation("002", "lead 4X as S", "lead 4S as S", True, [why], legal_moves=["lead 4S as S"])
    line = exp.one_line()
    assert "not legal" not in line and "lead 4S as S is legal" in line, line


TIE_START = {"game": "three-fools", "rules": {}, "players": 3, "phase": "flip", "to_move": 0, "leader": 0,
             "binary": "down", "streak": 1, "max_hand": [1, 4, 4],
             "hands": [["5R"], ["1R", "KP", "7P", "4S"], ["2P", "6P", "8P", "10S"]],
             "piles": [["2R", "3R", "4R", "6R", "7R", "8R", "9R", "10R", "JR", "QR", "KR", "AR", "JoR"],
                       ["1P", "3P", "4P", "5P", "9P", "10P", "JP", "QP", "AP", "JoP", "1S", "2S", "3S"],
                       ["5S", "6S", "7S", "8S", "9S", "JS", "QS", "KS", "AS", "JoS"]],
             "declared": None, "centre": [None, None, None], "contest": [], "rounds": [], "shown": [],
             "lost": [False, False, False], "winner": None, "reason": ""}


def test_a_player_outside_the_tie_roshambo_is_refused_by_the_tie_sentence():
    """The final count's tie (phase tie) is 002 §Losing the Game "In the case of a tie, Roshambo for
    it!", not the round's Roshambo of §Winning a Round, which `why` once cited."""
    from foolsolve.why import explain

    tie = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S", "play 1R", "play 2P")
    assert tie.phase == "tie" and tie.contest == (1, 2)
    [r] = explain(SPEC, tie, "roshambo 0").reasons
    assert (r.section, r.quote) == ("Losing the Game", "In the case of a tie, Roshambo for it!"), r
    assert "player 0 is not in this Roshambo" in r.says
    # the round's Roshambo keeps its sentence
    s = SPEC.state_from_json(TIE_START)
    s = SPEC.play(s, "keep", "lead 5R as S", "play 7P", "play 10S")
    assert s.phase == "roshambo"
    assert all(not explain(SPEC, s, f"roshambo {p}").reasons[0].section == "Losing the Game" for p in range(3))


def test_why_on_the_last_follower_move_says_who_wins_the_round_and_why():
    """`why` on the move that completes a round names the round's winner by 002 §Winning a Round and
    the leader's lying penalty by §Rounds of Play; nothing said who won and why."""
    from foolsolve.why import explain

    s = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S", "play 1R")
    exp = explain(SPEC, s, "play 2P")
    assert exp.legal
    by_rule = {r.rule: r for r in exp.reasons}
    won = by_rule["round_winner"]
    assert won.section == "Winning a Round" and won.quote.startswith("If two suits are present"), won
    assert "5R 1R 2P" in won.says and "Paper beats Rock" in won.says and "player 2 wins the round" in won.says, won
    lied = by_rule["lie_penalty"]
    assert lied.section == "Rounds of Play" and lied.quote.startswith("If the player who went first lied"), lied
    assert "player 0 declared S with 5R and lied: maximum hand size 1 -> 0" in lied.says, lied
    # the first follower's move decides nothing yet
    first = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S")
    assert {r.rule for r in explain(SPEC, first, "play 1R").reasons} == {"follow_reasons"}
    # three suits: Roshambo decides; a lie's penalty then waits for it
    three = SPEC.play(SPEC.state_from_json(TIE_START), "keep", "lead 5R as S", "play 7P")
    by_rule = {r.rule: r for r in explain(SPEC, three, "play 10S").reasons}
    assert "Roshambo" in by_rule["round_winner"].says and by_rule["round_winner"].quote.startswith(
        "If all three suits are present"), by_rule
    assert "unless she wins the Roshambo" in by_rule["lie_penalty"].says, by_rule


def test_a_letter_whose_upper_case_is_ascii_or_a_french_suit_glyph_names_no_pilatch_card():
    """'10ſ'.upper() is '10S' (long s) and ♠ is a French suit: neither names a Pilatch card (S is
    Scissors there). The ASCII forms and the documented spellings read."""
    import pytest

    from foolsolve.cards import FRENCH36, PILATCH45
    from foolsolve.errors import InputError

    s = SPEC.play(_first(), "keep")
    assert isinstance(SPEC.parse_move(s, "lead 10s as s"), Lead)
    for text in ("lead 10\u017f as S", "lead 10S as \u017f", "lead 10\u2660 as S", "lead 10S as \u2660",
                 "\u212aeep"):
        with pytest.raises(InputError):
            SPEC.parse_move(s, text)
    for card in ("10\u2660", "10\u017f", "\u017f10"):
        with pytest.raises(InputError):
            PILATCH45.parse(card)
    assert FRENCH36.parse("10\u2660") == FRENCH36.parse("10S")  # a French card's glyph is one of its forms
    with pytest.raises(InputError):
        FRENCH36.parse("10\u017f")


def test_the_final_ties_roshambo_says_who_won_it_and_why(tmp_path):
    """The final count's tie ends with its Roshambo (no round ends there): play writes what it decided,
    as a round's end does, and the oracle's record and play --json --trace carry it as the step's note."""
    import json

    from foolsolve.present import trace

    start = SPEC.state_from_json(TIE_START)
    moves = ["keep", "lead 5R as S", "play 1R", "play 2P"]
    tie = SPEC.play(start, *moves)
    assert tie.phase == "tie" and tie.contest == (1, 2) and tie.lost == (True, False, False)
    for winner in (1, 2):
        played, over = trace(SPEC, start, [*moves, f"roshambo {winner}"], positions=False)
        assert SPEC.result(over) is not None and over.winner == winner
        last = played[-1]
        assert last["boundary"] is False, last
        assert last["note"] == ("player 0 lost; players 1 and 2 tie at 16 cards each (hand and pile), so Roshambo "
                                f"decides: player {winner} wins the Roshambo and the game"), last
    path = tmp_path / "tie.json"
    path.write_text(json.dumps(TIE_START), encoding="utf-8")
    code, out, err = call_main(["play", str(path), *moves, "roshambo 1"])
    assert code == 0, err
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().endswith("roshambo 1"))
    assert lines[at + 1].strip() == ("-- player 0 lost; players 1 and 2 tie at 16 cards each (hand and pile), so "
                                     "Roshambo decides: player 1 wins the Roshambo and the game --"), out
