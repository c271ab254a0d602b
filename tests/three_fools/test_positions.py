"""Three Fools position files: the examples, the JSON round trip, and every bad input as a one-line
error naming the field (exit 2 on the command line)."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from importlib import resources

import pytest

from foolsolve.errors import InputError
from foolsolve.games import get
from foolsolve.games.three_fools import random_game
from foolsolve.spec.three_fools import SPEC, Rules
from foolsolve.worlds import read_view, view_of
from tests.three_fools.helpers import position

EXAMPLES = sorted(p.name for p in resources.files("foolsolve").joinpath("examples").iterdir()
                  if p.name.startswith("three-fools-"))
INFO = get("three-fools")
GOOD = position([["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]])


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_load_and_are_canonical(name):
    obj = json.loads(resources.files("foolsolve").joinpath("examples", name).read_text(encoding="utf-8"))
    state = SPEC.state_from_json(obj)
    assert SPEC.state_to_json(state) == obj


def test_positions_met_in_random_games_round_trip():
    rng = random.Random(5)
    for _ in range(5):
        s = random_game(rng)
        while True:
            obj = json.loads(json.dumps(SPEC.state_to_json(s)))
            assert SPEC.state_from_json(obj) == s
            moves = SPEC.legal_moves(s)
            if not moves:
                break
            s = SPEC.apply(s, rng.choice(moves))


def _bad(**changes):
    obj = copy.deepcopy(GOOD)
    for k, v in changes.items():
        obj[k] = v(obj) if callable(v) else v
    return obj



BAD = [
    ("a card in two places", _bad(piles=lambda o: [o["piles"][0] + ["1R"], o["piles"][1], o["piles"][2]]),
     "piles[0]"),
    ("a card twice in a hand", _bad(hands=[["1R", "1R", "3R", "4R"], ["1P", "2P", "3P", "4P"],
                                           ["1S", "2S", "3S", "4S"]]), "hands[0][1]"),
    ("a declaration that is not a suit", _bad(phase="follow", declared="Q", centre=["1R", None, None],
                                              hands=[["2R", "3R", "4R"], ["1P", "2P", "3P", "4P"],
                                                     ["1S", "2S", "3S", "4S"]]), "declared"),
    ("a hand over the maximum", _bad(hands=[["1R", "2R", "3R", "4R"], ["1P", "2P", "3P", "4P"],
                                            ["1S", "2S", "3S", "4S"]], max_hand=[3, 4, 4]), "hands[0]"),
    ("pile counts that do not add up to 45", _bad(piles=lambda o: [o["piles"][0][1:], o["piles"][1],
                                                                  o["piles"][2]]), "piles"),
    ("an unknown card", _bad(piles=lambda o: [[*o["piles"][0][1:], "16R"], o["piles"][1], o["piles"][2]]),
     "piles[0]"),
    ("a fourth hand", _bad(hands=[[], [], [], []]), "hands"),
    ("an unknown rule option", _bad(rules={"fools": 3}), "rules.fools"),
    ("a streak to win out of range", _bad(rules={"streak_to_win": 7}), "rules.streak_to_win"),
    ("a Roshambo table not summing to 1", _bad(rules={"roshambo": [["1/2", "1/2", "1/2"]] * 3}), "rules.roshambo"),
    ("a leader who is not a seat", _bad(leader=3), "leader"),
    ("a round not topped up", _bad(hands=[["1R", "2R", "3R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]],
                                  piles=lambda o: [o["piles"][0] + ["4R"], o["piles"][1], o["piles"][2]]),
     "hands[0]"),
    ("a declaration before the lead", _bad(declared="R"), "declared"),
    # 002 §Setup: every player starts at the rules' maximum, lowered only at the end of a round, which
    # leaves a streak of 1 or more
    ("a lowered maximum before any round", _bad(max_hand=[3, 4, 4], streak=0,
                                                hands=[["1R", "2R", "3R"], ["1P", "2P", "3P", "4P"],
                                                       ["1S", "2S", "3S", "4S"]],
                                                piles=lambda o: [o["piles"][0] + ["4R"], o["piles"][1],
                                                                 o["piles"][2]]), "max_hand"),
    ("a maximum below the rules' before any round", _bad(rules={"max_hand": 5}, max_hand=[4, 4, 4]), "max_hand"),
]


@pytest.mark.parametrize("what,obj,field", BAD, ids=[b[0] for b in BAD])
def test_bad_positions_are_errors_naming_the_field(what, obj, field):
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    text = str(exc.value)
    assert text.startswith(field), text
    assert "\n" not in text


def test_a_full_position_without_every_pile_card_says_so_and_points_to_a_view(tmp_path):
    """A full position lists every card of the deck, each pile's in order too, though no player sees
    them: one that leaves pile cards out is refused naming the cards missing, and the message says that
    a view file (``"view": P``, the hidden zones as counts) gives only what one player knows, on one line
    of the command's message width."""
    from foolsolve.cli import ERROR_WIDTH, one_line

    short = _bad(piles=lambda o: [o["piles"][0][:-2], o["piles"][1], o["piles"][2]])
    gone = " ".join(sorted(GOOD["piles"][0][-2:], key=lambda t: [c.ascii for c in SPEC.meta.deck].index(t)))
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(short)
    text = str(exc.value)
    assert text == ("piles: a full position lists all 45 cards, each pile's too (top first), though no player sees "
                    f"them; these hold 43, missing {gone}. For only what one player knows, write her view: "
                    '"view": P, the hands and piles she does not see as {"count": N} (docs/views.md)')
    empty = _bad(piles=[[], [], []], hands=[[], [], []], phase="over", winner=0, reason="won 3 rounds in a row")
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(empty)
    assert "missing 1R 2R 3R 4R 5R 6R 7R 8R and 37 more." in str(exc.value)
    assert one_line(str(exc.value)) == str(exc.value) and len(str(exc.value)) <= ERROR_WIDTH


@pytest.mark.parametrize("phase,message", [
    ("roshambo", "centre: phase roshambo needs three cards of three suits"),
    ("follow", "centre[1]: player 1 follows before player 2"),
])
def test_a_centre_with_the_second_followers_card_but_not_the_first_ones(phase, message):
    # RECONSTRUCTION (follower_order): "the other players each put one card face down" names no order, the
    # followers play in seat order after the leader: the second one's card without the first one's is no
    # position of the follow phase; in the Roshambo phase the centre lacks a card.
    obj = _bad(phase=phase, declared="R", leader=0, centre=["1R", None, "1S"],
               hands=[["2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["2S", "3S", "4S"]])
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert str(exc.value) == message


def test_a_bad_position_on_the_command_line_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_bad(declared="Q", phase="follow", centre=["1R", None, None],
                                    hands=[["2R", "3R", "4R"], ["1P", "2P", "3P", "4P"], ["1S", "2S", "3S", "4S"]])))
    for argv in (["show", str(path)], [str(path)], ["moves", str(path)]):
        proc = subprocess.run([sys.executable, "-m", "foolsolve", *argv], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.count("\n") == 1 and "declared" in proc.stderr


def test_deal_moves_and_play_on_the_command_line(tmp_path):
    out = tmp_path / "deal.json"
    run = [sys.executable, "-m", "foolsolve"]
    assert subprocess.run([*run, "deal", "three-fools", "--seed", "3", "--out", str(out)], timeout=120).returncode == 0
    moves = subprocess.run([*run, "moves", str(out), "--json"], capture_output=True, text=True, timeout=120)
    assert json.loads(moves.stdout) == ["first 0", "first 1", "first 2"]
    played = subprocess.run([*run, "play", str(out), "first 2", "flip", "--json"], capture_output=True, text=True, timeout=120)
    obj = json.loads(played.stdout)
    assert obj["leader"] == 2 and obj["binary"] == "up" and obj["phase"] == "lead"


def test_show_of_a_fresh_deal_says_no_one_leads_yet():
    """Before the first leader is drawn (phase start, ``leader`` -1 in the file) ``show`` says so in
    words, not ``leader -1``."""
    path = resources.files("foolsolve").joinpath("examples", "three-fools-deal.json")
    text = SPEC.describe(SPEC.state_from_json(json.loads(path.read_text(encoding="utf-8"))))
    assert text.splitlines()[0] == "Three Fools, phase start; binary card DOWN; no leader yet (chance draws who leads first)"
    assert "-1" not in text
    dealt = SPEC.describe(random_game(random.Random(1)))
    assert "no leader yet" in dealt and "-1" not in dealt


def test_show_as_prints_a_players_view_and_hides_the_others_hands():
    """``show POS --as 1``: what player 1 sees, in the words of ``show`` (her hand, the others' face
    down with their sizes, the piles with the cards known at their bottom), not the internal JSON."""
    path = resources.files("foolsolve").joinpath("examples", "three-fools-bluff.json")
    obj = json.loads(path.read_text(encoding="utf-8"))
    proc = subprocess.run([sys.executable, "-m", "foolsolve", "show", str(path), "--as", "1"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Three Fools, phase flip; binary card UP; leader 2 (streak 1)"
    assert lines[1].startswith("as player 1 sees it; unknown cards: ")
    assert lines[2] == "player 0: hand 2 cards, face down (max 2); pile 7 cards, bottom 3P 10S QP JoS 1R JoR"
    assert lines[3].startswith(f"player 1 (you): hand {' '.join(obj['hands'][1])} (max 4); pile 14 cards")
    assert lines[-1] == "player 2 to move"
    assert not {c for p in (0, 2) for c in obj["hands"][p]} & set(proc.stdout.split())
    bad = subprocess.run([sys.executable, "-m", "foolsolve", "show", str(path), "--as", "3"], capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def _fresh_deal(**changes):
    obj = json.loads(resources.files("foolsolve").joinpath("examples", "three-fools-deal.json")
                     .read_text(encoding="utf-8"))
    obj.update(changes)
    return obj


@pytest.mark.parametrize("rules,fields,message", [
    ({"max_hand": 5, "binary_start": "up"}, {}, "max_hand: [4, 4, 4] in a fresh deal (phase start), but the rules' "
     "max_hand is 5 (002 §Setup: every player starts at the maximum hand size)"),
    ({"binary_start": "up"}, {}, "binary: down in a fresh deal (phase start), but the rules' binary_start is up "
     "(the binary card starts as binary_start says)"),
    ({}, {"max_hand": [4, 3, 4]}, "max_hand: [4, 3, 4] in a fresh deal (phase start), but the rules' max_hand is 4 "
     "(002 §Setup: every player starts at the maximum hand size)"),
])
def test_a_fresh_deal_contradicting_its_rules_is_an_error_naming_the_field_and_rule(rules, fields, message, tmp_path):
    """Phase start is the deal itself: the binary card is the rules' binary_start and every maximum
    hand size the rules' max_hand. A file saying otherwise was refused by nothing, and ``show``
    printed rules max_hand=5, binary_start=up beside a binary card DOWN and maximum 4."""
    obj = _fresh_deal(rules=rules, **fields)
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert str(exc.value) == message
    path = tmp_path / "x.json"
    path.write_text(json.dumps(obj))
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["show", str(path)])
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_a_fresh_deal_that_leaves_out_binary_and_max_hand_takes_them_from_the_rules():
    obj = _fresh_deal(rules={"max_hand": 5, "binary_start": "up"})
    del obj["binary"], obj["max_hand"]
    s = SPEC.state_from_json(obj)
    assert s.binary == "up" and s.max_hand == (5, 5, 5)


@pytest.mark.parametrize("fields,message", [
    ({"winner": 1}, "winner: only when the game is over"),
    ({"lost": [True, False, False]}, "lost: a lost player ends the game"),
    ({"declared": "S"}, "declared: nothing is declared in phase start"),
    ({"contest": [0, 1]}, "contest: only in phases roshambo and tie, not start"),
    ({"shown": ["3R"]}, 'shown: ["3R"], but the rounds played reveal none'),
    ({"winner": 1, "lost": [True, False, False], "declared": "S"}, "winner: only when the game is over"),
])
def test_a_fresh_deal_with_a_winner_a_loser_a_declaration_a_contest_or_shown_cards_is_refused(fields, message):
    """A fresh deal has no winner, no lost player, nothing declared, no contest and nothing shown: each
    is an error naming its field, as in the other phases."""
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(_fresh_deal(**fields))
    assert str(exc.value) == message


def test_shown_must_be_the_cards_the_rounds_revealed():
    obj = json.loads(resources.files("foolsolve").joinpath("examples", "three-fools-liar.json")
                     .read_text(encoding="utf-8"))
    SPEC.state_from_json(obj)
    SPEC.state_from_json(dict(obj, shown=obj["shown"][::-1]))  # a set: any order
    for shown in (obj["shown"][1:], [*obj["shown"], "1R"], [*obj["shown"], obj["shown"][0]], ["XX"]):
        with pytest.raises(InputError, match=r"^shown"):
            SPEC.state_from_json(dict(obj, shown=shown))


@pytest.mark.parametrize("text", [" P ", "P ", "\tR", "S\n"])
def test_a_suit_with_a_space_around_it_is_no_suit(text):
    # as a card is written: no space inside or around it (a declared suit, a Roshambo throw)
    from foolsolve.spec.three_fools import parse_suit

    with pytest.raises(InputError, match=r"^declared: .* is not a suit \(R, P or S: Rock, Paper or Scissors\)$"):
        parse_suit(text, "declared")
    assert parse_suit("p", "declared") == parse_suit("P", "declared")


def _liar() -> dict:
    return json.loads(resources.files("foolsolve").joinpath("examples", "three-fools-liar.json").read_text(
        encoding="utf-8"))


@pytest.mark.parametrize("to_move", [2**63, 1, -100, -1])
def test_a_to_move_that_is_not_the_player_to_move_is_refused(to_move):
    # to_move is derived from the rest (phase flip: the leader, player 0); a file may leave it out
    obj = {**_liar(), "to_move": to_move}
    with pytest.raises(InputError, match=rf"^to_move: {to_move}, but player 0 is to move in phase flip"):
        SPEC.state_from_json(obj)
    left_out = _liar()
    del left_out["to_move"]
    assert SPEC.state_from_json(left_out) == SPEC.state_from_json(_liar())


def test_the_binary_card_before_the_flip_shows_the_side_of_the_last_round():
    # 002 §Rounds of Play: "Whoever is going first may flip the binary card": in phase flip she has not yet, so
    # the card shows the side the last round (played under down) was played under
    with pytest.raises(InputError, match=r"^binary: up in phase flip, before this round's flip, but the card shows "
                                         r"down: the last round \(rounds\[1\]\) was played under it"):
        SPEC.state_from_json({**_liar(), "binary": "up"})
    # after the flip (phase lead) either side: the leader flipped it or kept it
    SPEC.state_from_json({**_liar(), "binary": "up", "phase": "lead"})


# --- hand sizes: what the round's top-up gives (002 §Rounds of Play) ---------------------------------

TOP_UP = ('(002 §Rounds of Play: "each player with fewer cards in hand than her maximum hand sizes draws cards from her '
          'pile to reach her maximum hand size")')
"""The end of every hand-size refusal: the seed sentence the top-up is."""

PHASE_GAMES = {"flip": (0, 1), "lead": (0, 2), "follow, one card down": (0, 3), "follow, two cards down": (0, 4),
               "follow, a pile run out": (10, 22), "roshambo": (0, 17), "tie": (50, 31), "over": (1, 18)}
"""(seed, moves): a game dealt by ``SPEC.deal`` under the default rules with that seed, then that many
random legal moves from the same generator, reaching the phase named (a follower whose pile ran out
holds fewer than her maximum in the one so named)."""


def _played(seed: int, moves: int):
    rng = random.Random(seed)
    s = SPEC.deal(Rules(), 3, rng)
    for _ in range(moves):
        s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    return s


def _moved(state, *, to_pile: bool):
    """The position of ``state`` with one card moved between a player's hand and the top of her pile
    (``to_pile``: a hand card onto the pile, else the pile's top card into the hand), and that player;
    the player is the first whose hand (pile) has a card, and, moving into the hand, has played."""
    obj = json.loads(json.dumps(SPEC.state_to_json(state)))
    for p in range(3):
        if to_pile and obj["hands"][p]:
            obj["piles"][p].insert(0, obj["hands"][p].pop())
            return obj, p
        if not to_pile and obj["piles"][p] and obj["centre"][p] is not None:
            obj["hands"][p].append(obj["piles"][p].pop(0))
            return obj, p
    raise AssertionError("no card to move")


@pytest.mark.parametrize("name", PHASE_GAMES)
def test_a_position_of_every_phase_of_a_played_game_and_each_view_of_it_are_accepted(name):
    state = _played(*PHASE_GAMES[name])
    assert state.phase == name.split(",")[0]
    if name == "follow, a pile run out":
        assert any(len(state.hands[p]) + (state.centre[p] is not None) < state.max_hand[p] and not state.piles[p]
                   for p in range(3))
    assert SPEC.state_from_json(json.loads(json.dumps(SPEC.state_to_json(state)))) == state
    for viewer in range(3):
        read_view(view_of(INFO, state, viewer))


@pytest.mark.parametrize("name", PHASE_GAMES)
def test_a_hand_short_of_its_maximum_beside_cards_in_its_pile_is_refused_in_every_phase(name):
    """A hand card put back on top of the pile: the top-up would have drawn it (the phases tie and over
    check the hand the last round began with); the full position and a view of it (the counts) are
    refused alike, naming the hand and the seed sentence."""
    state = _played(*PHASE_GAMES[name])
    obj, p = _moved(state, to_pile=True)
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    text = str(exc.value)
    assert text.startswith(f"hands[{p}]: player {p} holds ") and text.endswith(TOP_UP), text
    assert "fewer than her maximum hand size" in text
    view = view_of(INFO, state, (p + 1) % 3)
    view["hands"][p]["count"] -= 1
    view["piles"][p]["count"] += 1
    with pytest.raises(InputError) as exc:
        read_view(view)
    assert str(exc.value) == text


@pytest.mark.parametrize("name", ["follow, one card down", "follow, two cards down", "roshambo"])
def test_a_hand_with_a_card_in_the_centre_over_its_maximum_is_refused(name):
    state = _played(*PHASE_GAMES[name])
    obj, p = _moved(state, to_pile=False)
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    m = state.max_hand[p]
    assert str(exc.value) == (f"hands[{p}]: player {p} holds {m} cards and a card in the centre ({m + 1}) in phase "
                              f"{state.phase}, more than her maximum hand size {m} {TOP_UP}")


def _trial_game(moves: list[str]):
    """The trial's game: ``foolsolve deal three-fools --seed 7``, then ``moves`` (``foolsolve play``)."""
    s = SPEC.deal(Rules(), 3, random.Random(7))
    for text in moves:
        s = SPEC.apply(s, SPEC.parse_move(s, text))
    return json.loads(json.dumps(SPEC.state_to_json(s)))


def test_the_trials_hands_not_topped_up_are_refused_on_the_command_line(tmp_path):
    """The trial's two positions: player 0 at phase follow with her pile's top card in her hand beside
    her led card (4 and 1 under a maximum of 4), and player 1 at phase lead with a card put back on her
    pile; ``show`` and ``solve`` refuse both, exit 2, one line (they were read as positions)."""
    five = _trial_game(["first 2", "keep", "lead 3R as P", "play 1P", "play KR", "keep", "lead 2S as S"])
    five["hands"][0].append(five["piles"][0].pop(0))
    lead = _trial_game(["first 2", "keep", "lead 3R as P", "play 1P", "play KR", "keep"])
    assert lead["phase"] == "lead"
    lead["piles"][1].insert(0, lead["hands"][1].pop())
    for obj, says in [(five, "hands[0]: player 0 holds 4 cards and a card in the centre (5) in phase follow, more "
                             f"than her maximum hand size 4 {TOP_UP}"),
                      (lead, "hands[1]: player 1 holds 3 cards in phase lead, fewer than her maximum hand size 4, "
                             f"with 11 cards in her pile {TOP_UP}")]:
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(obj))
        for command in (["show", str(path)], [str(path)]):
            proc = subprocess.run([sys.executable, "-m", "foolsolve", *command], capture_output=True, text=True)
            assert proc.returncode == 2, proc.stderr
            assert proc.stderr == f"foolsolve: error: {says}\n"


# --- piles: the cards the rounds put under them, in order (002 §Winning a Round) ----------------------

BOTTOM_CITE = '(002 §Winning a Round: "to put on the bottom of her pile")'
"""The end of every refused pile: the seed's words that a pile's bottom is."""


def _put_under(obj: dict, p: int) -> list[str]:
    """The cards the rounds of a position's JSON put under player ``p``'s pile, in order, written again
    from 002 and the default ``collect_order`` (leader_first): each round she won, its centre cards in
    seat order from its leader, then the bonus of the next seat and of the one after."""
    out: list[str] = []
    for r in obj["rounds"]:
        if r["winner"] == p:
            out += [r["cards"][(r["leader"] + k) % 3] for k in range(3)]
            out += r["bonus"][(p + 1) % 3] + r["bonus"][(p + 2) % 3]
    return out


def _earlier_bottom(seed: int) -> tuple[dict, int]:
    """A position of a game dealt with ``seed`` under the default rules and played on at random, in
    phase flip, with a player who did not win the last round whose pile still ends with two or more
    cards she collected (in an earlier round), and that player."""
    rng = random.Random(seed)
    s = SPEC.deal(Rules(), 3, rng)
    while SPEC.legal_moves(s):
        s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
        if s.phase != "flip" or not s.history:
            continue
        obj = json.loads(json.dumps(SPEC.state_to_json(s)))
        for p in range(3):
            gained, pile = _put_under(obj, p), obj["piles"][p]
            if p != s.history[-1].winner and len(gained) >= 2 and len(pile) >= 2 and pile[-2:] == gained[-2:]:
                return obj, p
    raise AssertionError("no such position")


def test_a_pile_holding_an_earlier_rounds_cards_out_of_order_is_refused():
    """The last two cards a player collected in an earlier round (not the last one, which another
    player won), swapped at the bottom of her pile: no play reaches it (a pile is drawn from the top
    and collects at the bottom), and it is refused in one line naming the pile and what it ends with;
    the position as played is read."""
    obj, p = _earlier_bottom(3)
    SPEC.state_from_json(obj)
    gained, pile = _put_under(obj, p), obj["piles"][p]
    want = gained[len(gained) - min(len(pile), len(gained)):]
    obj["piles"][p][-2:] = [pile[-1], pile[-2]]
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert len(gained) == len(want) == 12  # (the seed's game: four rounds of hers, none drawn from)
    assert str(exc.value) == (f"piles[{p}]: its bottom card is {want[-2]}, not {want[-1]}: the rounds put 12 cards "
                              f"under player {p}'s pile (collect_order leader_first), and a pile is drawn from the top, "
                              f"so it ends with {json.dumps(want)} {BOTTOM_CITE}")


def test_a_card_collected_in_an_earlier_round_drawn_from_under_the_pile_is_refused(tmp_path):
    """The last card a player collected (in an earlier round) swapped with a card of her hand: she cannot
    have drawn it while cards lie above it, so her pile can hold none of the cards it held then;
    refused by the pile's size, one line, exit 2 on the command line."""
    obj, p = _earlier_bottom(3)
    pile, hand = obj["piles"][p], obj["hands"][p]
    c, h = pile[-1], next(x for x in hand if x not in _put_under(obj, p))
    pile[-1], hand[hand.index(h)] = h, c
    i = max(k for k, r in enumerate(obj["rounds"]) if r["winner"] == p)
    says = (f"piles[{p}]: player {p}'s pile holds {len(pile)} cards, but at most 0: {c} went under it in rounds[{i}] "
            f"and is in hands[{p}] now, so every card above it has left (a pile is drawn from the top), and the rounds "
            f"put 0 under it since {BOTTOM_CITE}")
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert str(exc.value) == says
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj))
    proc = subprocess.run([sys.executable, "-m", "foolsolve", "show", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr == f"foolsolve: error: {says}\n"


def test_a_reachable_pile_with_an_earlier_rounds_cards_at_its_bottom_is_accepted():
    """Where a player has drawn the older of the cards she collected, her pile holds the rest, the
    last ones, in order: a position of a played game where a pile holds cards of more than one round
    of its owner's and has lost some from the top (drawn or taken as a bonus) is read, and so is each
    player's view of it."""
    rng = random.Random(11)
    seen = 0
    for _ in range(20):
        s = SPEC.deal(Rules(), 3, rng)
        while SPEC.legal_moves(s) and not seen:
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
            obj = json.loads(json.dumps(SPEC.state_to_json(s)))
            for p in range(3):
                gained, pile = _put_under(obj, p), obj["piles"][p]
                rounds = sum(r["winner"] == p for r in obj["rounds"])
                if rounds >= 2 and 3 < len(pile) < len(gained):
                    assert pile == gained[len(gained) - len(pile):]
                    assert SPEC.state_from_json(obj) == s
                    for viewer in range(3):
                        read_view(view_of(INFO, s, viewer))
                    seen += 1
        if seen:
            break
    assert seen


def _room(obj: dict, p: int) -> tuple[int, str, int, int] | None:
    """Written again from 002: of the cards the rounds put under ``p``'s pile (:func:`_put_under`), the
    last that a later round revealed again, so every card above it had left her pile: how many cards
    went under it since, the card, the round that put it there and the first that revealed it again."""
    out, n, gained = None, 0, _put_under(obj, p)
    for i, r in enumerate(obj["rounds"]):
        if r["winner"] != p:
            continue
        for c in [r["cards"][(r["leader"] + k) % 3] for k in range(3)] + r["bonus"][(p + 1) % 3] + r["bonus"][(p + 2) % 3]:
            n += 1
            later = [j for j in range(i + 1, len(obj["rounds"]))
                     if c in obj["rounds"][j]["cards"] or any(c in b for b in obj["rounds"][j]["bonus"])]
            if later:
                out = (len(gained) - n, c, i, later[0])
    return out


def test_a_pile_larger_than_a_card_revealed_again_leaves_room_for_is_refused_as_a_position_and_a_view():
    """A player played again a card she had collected, so she had drawn every card above it; cards never
    revealed moved from the top of another pile onto hers make her pile hold more than the cards the
    rounds put under it since: the full position is refused by the pile's size (naming that card, or a
    card collected later that lies in a hand now), and a view with those counts the same, before any
    world is drawn (the rounds and counts say it, and a card drawn back is known in its drawer's
    hand)."""
    rng = random.Random(2)
    for _ in range(30):
        s = SPEC.deal(Rules(), 3, rng)
        while SPEC.legal_moves(s):
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
            if s.phase != "flip":
                continue
            obj = json.loads(json.dumps(SPEC.state_to_json(s)))
            shown = set(obj["shown"])
            for p in range(3):
                room = _room(obj, p)
                if room is None or room[0] < len(obj["piles"][p]) - 1:
                    continue
                m = room[0] - len(obj["piles"][p]) + 1
                for q in (x for x in range(3) if x != p):
                    top = obj["piles"][q][:m]
                    if len(top) < m or shown & set(top) or len(obj["piles"][q]) - m < len(_put_under(obj, q)):
                        continue
                    says = (f"piles[{p}]: player {p}'s pile holds {room[0] + 1} cards, but at most {room[0]}: {room[1]} "
                            f"went under it in rounds[{room[2]}] and was revealed again in rounds[{room[3]}], so every "
                            f"card above it has left (a pile is drawn from the top), and the rounds put {room[0]} under "
                            f"it since {BOTTOM_CITE}")
                    viewer = next(x for x in range(3) if x not in (p, q))
                    view = view_of(INFO, s, viewer)
                    view["piles"][p]["count"] += m
                    view["piles"][q]["count"] -= m
                    obj["piles"][p][:0] = top
                    del obj["piles"][q][:m]
                    with pytest.raises(InputError) as exc:
                        read_view(view)
                    seen = str(exc.value)
                    # the full position says so, or names a card collected later that lies in a hand now
                    with pytest.raises(InputError) as exc:
                        SPEC.state_from_json(obj)
                    text = str(exc.value)
                    assert text == says or (text.startswith(f"piles[{p}]: player {p}'s pile holds {room[0] + 1} cards, "
                                                            "but at most ") and " now, so every card above it" in text)
                    # and the view the same (a card drawn back is known in its drawer's hand)
                    assert seen == text
                    return
    raise AssertionError("no such position")


# --- sizes: the rounds listed, read back from the sizes now (002 §Winning a Round, §Rounds of Play) ---

BONUS_CITE = '(002 §Winning a Round: "the winner also reveals the top three cards from each of her opponents\' piles")'
"""The end of a refused bonus: the seed's words the bonus is."""


def _states(seeds: range, rules: Rules | None = None):
    """Every state of the games dealt with ``seeds`` (under ``rules``, default the defaults) and played
    at random with the same generator."""
    for seed in seeds:
        rng = random.Random(seed)
        s = SPEC.deal(rules or Rules(), 3, rng)
        while SPEC.legal_moves(s):
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
            yield s


def _lie_back(r: dict) -> int | None:
    """The seat whose maximum hand size a round's collection lowered (002 §Rounds of Play: "If the
    player who went first lied about her card's suit, and did not win that round, then her maximum
    hand size is reduced by one."), written again from the round's JSON; ``None`` if none."""
    lead = r["leader"]
    return lead if r["winner"] != lead and not r["cards"][lead].endswith(r["declared"]) else None


def test_a_bonus_short_of_three_from_a_pile_that_held_more_is_refused_as_a_position_and_a_view(tmp_path):
    """Right after a Roshambo round whose loser gave three cards, the last of them put back on top of
    her pile, never revealed: the round then says she gave two, but her pile held more than two as
    the round began (her cards now, her card of the round and the two give her count then, her hand
    her maximum), and the winner takes the top three. Refused in one line naming the bonus, its
    size, the pile's size then and the seed sentence; a view with those counts the same, before any
    world; on the command line exit 2."""
    for s in _states(range(40)):
        last = s.history[-1] if s.history else None
        if s.phase != "flip" or last is None or len(s.history) < 2:
            continue
        o = next((q for q in range(3) if len(last.bonus[q]) == 3), None)
        if o is None:
            continue
        i, w = len(s.history) - 1, last.winner
        obj = json.loads(json.dumps(SPEC.state_to_json(s)))
        x = obj["rounds"][i]["bonus"][o].pop()
        obj["piles"][w].remove(x)
        obj["piles"][o].insert(0, x)
        obj["shown"].remove(x)
        cards_now = len(obj["hands"][o]) + len(obj["piles"][o])
        began = cards_now + 1 + 2  # her card of the round and the two cards of her bonus
        top = s.max_hand[o] + (_lie_back(obj["rounds"][i]) == o)
        pile = began - min(top, began)
        assert pile > 2
        says = (f"rounds[{i}].bonus[{o}]: 2 cards, but player {o}'s pile held {pile} then (her {cards_now} cards now, hand "
                f"and pile, and the rounds since give {began}, {min(top, began)} in hand), so the winner took 3 "
                f"{BONUS_CITE}")
        with pytest.raises(InputError) as exc:
            SPEC.state_from_json(obj)
        assert str(exc.value) == says
        viewer = 3 - o - w
        view = view_of(INFO, s, viewer)
        view["rounds"][i]["bonus"][o].pop()
        view["shown"].remove(x)
        view["piles"][w] = {"count": view["piles"][w]["count"] - 1}
        view["piles"][o] = {"count": view["piles"][o]["count"] + 1}
        with pytest.raises(InputError) as exc:
            read_view(view)
        assert str(exc.value) == says
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(obj))
        proc = subprocess.run([sys.executable, "-m", "foolsolve", "show", str(path)], capture_output=True, text=True)
        assert proc.returncode == 2 and proc.stderr == f"foolsolve: error: {says}\n"
        return
    raise AssertionError("no such position")


def _began(obj: dict, p: int) -> list[tuple[int, int]]:
    """Written again from 002: player ``p``'s cards (hand and pile) and maximum hand size as each listed
    round began, going back from her cards now (hand, pile and card in the centre): a round's winner
    gained the other two centre cards and the bonus, each loser lost her card and her bonus, a lying
    leader who lost one maximum hand size (:func:`_lie_back`)."""
    n = len(obj["hands"][p]) + len(obj["piles"][p]) + (obj["centre"][p] is not None)
    m = obj["max_hand"][p]
    out = []
    for r in reversed(obj["rounds"]):
        n += -(2 + sum(len(b) for b in r["bonus"])) if r["winner"] == p else 1 + len(r["bonus"][p])
        m += _lie_back(r) == p
        out.append((n, m))
    return out[::-1]


def _pile_then(obj: dict, p: int, j: int) -> tuple[int, list[str]]:
    """Player ``p``'s pile as ``rounds[j]`` began: its size (her cards beyond her maximum hand size, the
    top-up) and the cards it ended with, the last of those the rounds before put under it (a pile is
    drawn from the top and collects at the bottom)."""
    n, m = _began(obj, p)[j]
    size = n - min(n, m)
    put = _put_under({"rounds": obj["rounds"][:j]}, p)
    return size, put[len(put) - min(size, len(put)):]


def test_a_bonus_that_is_not_the_top_of_the_losers_pile_is_refused_as_a_position_and_a_view():
    """A Roshambo round whose loser's pile held only cards the rounds before put under it, its bonus's
    first two cards swapped (the winner has drawn them since, so her pile does not tell their order):
    the winner takes the top three cards of the pile, in order, and the rounds and sizes say which
    they were. Refused in one line naming the bonus, the pile and its top; a view the same, before
    any world."""
    for s in _states(range(40)):
        if s.phase != "flip" or len(s.history) < 2:
            continue
        obj = json.loads(json.dumps(SPEC.state_to_json(s)))
        for j, r in enumerate(obj["rounds"]):
            for o in range(3):
                size, tail = _pile_then(obj, o, j)
                if len(r["bonus"][o]) < 2 or size != len(tail) or set(r["bonus"][o]) & set(obj["piles"][r["winner"]]):
                    continue  # (the winner's pile holding them would say their order too)
                assert r["bonus"][o] == tail[:len(r["bonus"][o])]  # (as played)
                bad = copy.deepcopy(obj)
                b = bad["rounds"][j]["bonus"][o]
                b[0], b[1] = b[1], b[0]
                says = (f"rounds[{j}].bonus[{o}]: {' '.join(b)}, but player {o}'s pile held {size} as that round began, "
                        f"so it ended with the last {size} cards the rounds put under it, its top "
                        f"{' '.join(tail[:len(b)])} {BONUS_CITE}")
                with pytest.raises(InputError) as exc:
                    SPEC.state_from_json(bad)
                assert str(exc.value) == says
                view = view_of(INFO, s, o)
                view["rounds"][j]["bonus"][o] = b
                view["piles"] = [{"count": z["count"]} for z in view["piles"]]
                with pytest.raises(InputError) as exc:
                    read_view(view)
                assert str(exc.value) == says
                return
    raise AssertionError("no such position")


def test_a_maximum_hand_size_the_rounds_lies_lower_from_above_the_rules_is_refused():
    """Right after a round whose leader lied and lost (her maximum hand size lowered by one), her
    maximum put back to the rules' and her hand topped up to it: the round's penalty then lowered it
    from one above the rules' maximum. Refused in one line naming the field, the rounds and the seed
    sentence; a view with those counts the same."""
    for s in _states(range(40)):
        if s.phase != "flip" or not s.history:
            continue
        obj = json.loads(json.dumps(SPEC.state_to_json(s)))
        p = _lie_back(obj["rounds"][-1])
        if p is None or obj["max_hand"][p] != 3 or len(obj["piles"][p]) < 2:
            continue
        lies = [i for i, r in enumerate(obj["rounds"]) if _lie_back(r) == p]
        assert lies == [len(obj["rounds"]) - 1]
        obj["max_hand"][p] = 4
        obj["hands"][p].append(obj["piles"][p].pop(0))
        says = (f"max_hand[{p}]: 4, but player {p} lied and lost leading rounds[{lies[0]}], each lie lowering it by one, "
                "so it was 5 before, above the rules' max_hand 4 (002 §Rounds of Play: \"then her maximum hand size is "
                "reduced by one\")")
        with pytest.raises(InputError) as exc:
            SPEC.state_from_json(obj)
        assert str(exc.value) == says
        view = view_of(INFO, s, (p + 1) % 3)
        view["max_hand"][p] = 4
        view["hands"][p]["count"] += 1
        view["piles"][p] = {"count": view["piles"][p]["count"] - 1}
        with pytest.raises(InputError) as exc:
            read_view(view)
        assert str(exc.value) == says
        return
    raise AssertionError("no such position")


def test_a_view_whose_own_hand_holds_a_card_from_under_her_pile_is_refused_as_the_position_is():
    """The view of its own player of the position of
    :func:`test_a_card_collected_in_an_earlier_round_drawn_from_under_the_pile_is_refused` (her pile's
    bottom left out, as a view may): the card in her hand now limits her pile's size, read from the
    view once, and the refusal is the full position's."""
    obj, p = _earlier_bottom(3)
    view = view_of(INFO, SPEC.state_from_json(obj), p)
    pile, hand = obj["piles"][p], obj["hands"][p]
    c, h = pile[-1], next(x for x in hand if x not in _put_under(obj, p))
    pile[-1], hand[hand.index(h)] = h, c
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    says = str(exc.value)
    assert says.startswith(f"piles[{p}]: player {p}'s pile holds ") and f"{c} went under it" in says
    view["hands"][p][view["hands"][p].index(h)] = c
    view["piles"][p] = {"count": view["piles"][p]["count"]}
    with pytest.raises(InputError) as exc:
        read_view(view)
    assert str(exc.value) == says


def _read_back_games(seeds: range, views_every: int) -> int:
    """Seeded whole games under random rule options (the conformance generator), played at random:
    every state's position file read back, and each seat's view of every ``views_every``-th state;
    the number of Roshambo rounds whose bonus is short of three (a pile that ran low)."""
    short = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = random_game(rng)
        step = 0
        while True:
            obj = json.loads(json.dumps(SPEC.state_to_json(s)))
            assert SPEC.state_from_json(obj) == s, seed
            if step % views_every == 0:
                for viewer in range(3):
                    read_view(json.loads(json.dumps(view_of(INFO, s, viewer))))
            if not SPEC.legal_moves(s):
                break
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
            step += 1
        short += sum(any(r.bonus) and any(len(r.bonus[q]) < 3 for q in range(3) if q != r.winner) for r in s.history)
    return short


def test_every_position_and_view_of_random_games_under_random_rules_is_accepted():
    """Three games, each seat's view of every third state: no reachable position or view is refused,
    and the games give Roshambo bonuses short of three, where the sizes decide the bonus."""
    assert _read_back_games(range(3), 3)


LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


@pytest.mark.skipif(not LONG, reason="300 whole games, every view (HYPOTHESIS_PROFILE=long runs it)")
def test_every_position_and_view_of_300_random_games_under_random_rules_is_accepted():
    assert _read_back_games(range(300), 1)


def _round_starts(max_hand: int, streak_to_win: int) -> set[tuple[int, ...]]:
    """Written again from 002, sizes only: the (cards, maximum hand sizes) of the three players a round
    can begin with, reached from the deal (three piles of 15, every maximum the rules') by any rounds
    the rules allow: any winner, by the cards or by Roshambo (then each loser's bonus is the top three
    cards of her pile, fewer if it holds fewer; her pile as the round begins is her cards beyond her
    maximum hand size), a leader who lied and lost loses one maximum hand size; the game goes on while
    everyone has a card and a hand size and no one has won ``streak_to_win`` rounds in a row."""
    deal = (15, 15, 15, max_hand, max_hand, max_hand, -1, 0)
    seen, todo = {deal}, [deal]
    while todo:
        *sizes, leader, streak = todo.pop()
        cards, maxima = sizes[:3], sizes[3:]
        piles = [cards[p] - min(maxima[p], cards[p]) for p in range(3)]
        for lead in [leader] if leader >= 0 else [0, 1, 2]:
            for w in range(3):
                for roshambo in (False, True):
                    bonus = [min(3, piles[p]) if roshambo and p != w else 0 for p in range(3)]
                    after = [cards[p] + 2 + sum(bonus) if p == w else cards[p] - 1 - bonus[p] for p in range(3)]
                    for lie in (False, True) if w != lead else (False,):
                        lowered = [m - (lie and p == lead) for p, m in enumerate(maxima)]
                        run = streak + 1 if w == lead and leader >= 0 else 1
                        if run >= streak_to_win or min(after) < 1 or min(lowered) < 1:
                            continue  # the game is over
                        state = (*after, *lowered, w, run)
                        if state not in seen:
                            seen.add(state)
                            todo.append(state)
    return {s[:6] for s in seen}


@pytest.mark.skipif(not LONG, reason="a search of every round's sizes, 5-20 s per rule (HYPOTHESIS_PROFILE=long runs it)")
@pytest.mark.parametrize("max_hand", [4, 5])
@pytest.mark.parametrize("streak_to_win", [3, 4, 5])
def test_every_size_a_round_can_begin_with_is_reached_from_the_deal(max_hand, streak_to_win):
    """Whatever cards (one or more each) and maximum hand sizes (1 to ``max_hand``) the first round a
    position lists begins with, some earlier rounds lead there from the deal: the size checks need
    not know whether a position's rounds begin at the deal (docs/three-fools.md, Positions)."""
    every = {(a, b, 45 - a - b, x, y, z) for a in range(1, 44) for b in range(1, 45 - a)
             for x in range(1, max_hand + 1) for y in range(1, max_hand + 1) for z in range(1, max_hand + 1)}
    assert _round_starts(max_hand, streak_to_win) == every


def _example(name: str) -> dict:
    return json.loads(resources.files("foolsolve").joinpath("examples", name).read_text(encoding="utf-8"))


def test_a_fresh_deal_has_no_streak(tmp_path, capsys):
    from tests.generic.test_cli import assert_one_line_error, run

    obj = {**_example("three-fools-deal.json"), "streak": 1}
    with pytest.raises(InputError, match=r"^streak: a fresh deal has no streak$"):
        SPEC.state_from_json(obj)
    path = tmp_path / "streak.json"
    path.write_text(json.dumps(obj))
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, "streak: a fresh deal has no streak")


def test_no_card_is_in_the_centre_before_the_lead():
    """The first-round example (phase flip) with player 1's 8R put in the centre."""
    obj = _example("three-fools-first-round.json")
    obj["hands"][1].remove("8R")
    obj["centre"][1] = "8R"
    with pytest.raises(InputError, match=r"^centre: no card is in the centre in phase flip$"):
        SPEC.state_from_json(obj)


@pytest.mark.parametrize("to_move", [None, 0])
def test_three_cards_down_is_no_position_of_the_follow_phase(to_move):
    """Every player's card in the centre: the round is revealed, so the phase is roshambo (or the
    round is decided), not follow; with or without a to_move to check."""
    obj = _example("three-fools-first-round.json")
    obj.update(phase="follow", declared="R")
    if to_move is None:
        del obj["to_move"]
    else:
        obj["to_move"] = to_move
    for p, c in ((0, "10R"), (1, "8R"), (2, "3P")):
        obj["hands"][p].remove(c)
        obj["centre"][p] = c
    with pytest.raises(InputError, match=r"^centre: all three cards are down, so the round is revealed \(phase "
                                         r"roshambo\)$"):
        SPEC.state_from_json(obj)


def test_a_roshambo_bonus_of_four_cards_is_refused_as_such():
    """002 §Winning a Round: the bonus is the top three cards of a loser's pile. A fourth card (the
    top of that pile now) in a listed bonus is named as a bonus over three cards, before the checks of
    where the rounds' cards lie (which refuse it too, with another message)."""
    obj = json.loads(json.dumps(SPEC.state_to_json(_played(0, 18))))
    rounds = obj["rounds"]
    assert [len(b) for b in rounds[3]["bonus"]] == [0, 3, 3]
    rounds[3]["bonus"][1].append(obj["piles"][1][0])
    with pytest.raises(InputError, match=r"^rounds\[3\]\.bonus\[1\]: a bonus is at most three cards$"):
        SPEC.state_from_json(obj)


def _rounds_changed(i: int, **fields):
    """A change for :data:`LIAR_CHANGES`: rounds[i] with ``fields`` replaced."""
    def change(obj):
        rounds = copy.deepcopy(obj["rounds"])
        rounds[i].update(fields)
        return rounds
    return change


def _pile_card_swapped(obj):
    """10S (round 1's card, won by player 0) swapped with the top of player 1's pile."""
    piles = copy.deepcopy(obj["piles"])
    i = piles[0].index("10S")
    piles[0][i], piles[1][0] = piles[1][0], piles[0][i]
    return piles


def _out_of_cards(obj):
    """Player 2's hand and pile moved under player 0's pile."""
    return {**obj, "piles": [obj["piles"][0] + obj["hands"][2] + obj["piles"][2], obj["piles"][1], []],
            "hands": [*obj["hands"][:2], []]}


def _without_to_move(obj):
    return {k: v for k, v in obj.items() if k != "to_move"}


GOOD_CHANGES = [
    ({"max_hand": [5, 4, 4]}, "max_hand[0]: 5 is above the rules' maximum 4"),
    ({"max_hand": [3, 4, 4], "streak": 1}, "hands[0]: 4 cards, over the maximum hand size 3"),
    ({"streak": 3}, "streak: 3 rounds in a row; 3 win the game (streak_to_win)"),
    ({"reason": "won 3 rounds in a row"}, "reason: only a game that is over has a reason (phase flip)"),
    ({"leader": -1}, "leader: must be 0, 1 or 2"),
    ({"phase": "follow"}, "declared: the leader has led and declared in phase follow"),
    ({"phase": "follow", "declared": "R", "centre": ["1R", None, None]},
     "centre[0]: card 1R is in two places (also in hands[0][0])"),
]
"""GOOD (phase flip, four cards in each hand) with fields changed, and the message."""

LIAR_CHANGES = [
    # three-fools-liar.json: round 0 a Roshambo player 2 won (bonuses from players 0 and 1), round 1 won by player 0
    ({"streak": 2}, "streak: 2, but the rounds listed make it 1"),
    ({"rounds": _rounds_changed(1, leader=1)},
     "rounds[1].leader: player 1, but player 2 won the round before and leads next"),
    ({"rounds": _rounds_changed(1, cards=["10S", "10S", "3P"])}, "rounds[1].cards: a card twice in one round"),
    ({"rounds": _rounds_changed(1, winner=1)}, "rounds[1].winner: player 1, but the cards give the round to player 0"),
    ({"rounds": _rounds_changed(1, bonus=[["2S"], [], []])},
     "rounds[1].bonus[0]: only the losers of a Roshambo round give a bonus"),
    ({"rounds": _rounds_changed(0, bonus=[["9R", "QR", "QS"], ["10P", "4P", "JoP"], []])},
     "rounds[0].bonus[0]: card 9R twice in one round"),
    ({"piles": _pile_card_swapped}, "rounds: card 10S went to player 0's pile and was not revealed since, so it is "
                                    "in player 0's pile, hand or face-down card"),
]


@pytest.mark.parametrize(("base", "change", "message"),
                         [("good", c, m) for c, m in GOOD_CHANGES] + [("liar", c, m) for c, m in LIAR_CHANGES],
                         ids=[m.split(":")[0] + f"-{i}" for i, (_, m) in enumerate(GOOD_CHANGES + LIAR_CHANGES)])
def test_a_position_with_fields_changed_is_refused_naming_the_problem(base, change, message):
    obj = copy.deepcopy(GOOD if base == "good" else _liar())
    for k, v in change.items():
        obj[k] = v(obj) if callable(v) else v
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert str(exc.value) == message


@pytest.mark.parametrize(("obj", "message"), [
    (lambda: {**_without_to_move(_liar()), "leader": 1}, "leader: player 1, but player 0 won the last round and leads"),
    (lambda: {**_example("three-fools-deal.json"), "leader": 0},
     "phase: start is a fresh deal (no leader, empty hands, no history)"),
    (lambda: {**(d := _example("three-fools-deal.json")),
              "piles": [d["piles"][0][:-1], [*d["piles"][1], d["piles"][0][-1]], d["piles"][2]]},
     "piles: a fresh deal has three piles of 15"),
    (lambda: {**SPEC.state_to_json(_played(0, 17)), "contest": [0, 1]},
     "contest: a round's Roshambo is between all three players"),
    (lambda: {**SPEC.state_to_json(_played(50, 31)), "contest": [0, 1, 2]},
     "contest: a tie is between the two players who did not lose"),
    (lambda: {**SPEC.state_to_json(_played(1, 18)), "reason": "because"},
     "reason: \"because\" is not a reason the game ends for ('won N rounds in a row', 'the other two players lost', "
     "'player P lost; most cards (N)', 'won the Roshambo of a tie at N cards')"),
    (lambda: {**SPEC.state_to_json(_played(1, 18)), "winner": None}, "winner: a game over names its winner"),
    (lambda: _out_of_cards(GOOD), "hands[2]: player 2 has no cards (or no hand size) and has lost"),
], ids=["leader", "start", "piles", "roshambo", "tie", "reason", "winner", "lost"])
def test_a_phase_position_contradicting_its_phase_is_refused_naming_the_problem(obj, message):
    """Positions of the phases start, roshambo, tie and over (the played games of PHASE_GAMES, seeds
    0, 50 and 1) and flip with one field changed."""
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(json.loads(json.dumps(obj())))
    assert str(exc.value) == message


def test_a_deal_is_for_three_players():
    with pytest.raises(InputError, match=r"^players: Three Fools is a game for 3 players$"):
        SPEC.deal(Rules(), 4, random.Random(0))


def test_a_move_text_naming_no_move_is_refused_naming_the_problem():
    from foolsolve.game import IllegalMove

    state = SPEC.state_from_json(_liar())
    for text, message in [
        (" ", "move: empty text"),
        ("lead 7R as Ρ", "move: cannot read 'lead 7R as Ρ': a Three Fools move is written in ASCII (lead 7R as P)"),
        ("juggle 6H", "move: cannot read 'juggle 6H' (moves are written: first 0, flip, keep, lead 7R as P, play 7R, "
                      "roshambo 1)"),
    ]:
        with pytest.raises(InputError) as exc:
            SPEC.read_move(state, text)
        assert str(exc.value) == message
    with pytest.raises(IllegalMove, match=r"^keep is not a chance outcome here$"):
        SPEC.chance_probability(state, SPEC.legal_moves(state)[0])


def test_shown_naming_a_card_twice_is_refused():
    with pytest.raises(InputError, match=r'^shown: \["9R", "9R"\] names a card twice$'):
        SPEC.state_from_json({**_liar(), "shown": ["9R", "9R"]})
