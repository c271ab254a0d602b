"""Foolery position files: the examples, canonical round trips, views, and every bad input as a
one-line error naming its field (exit code 2 from the command line)."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from importlib import resources
from typing import Any

import pytest

from foolsolve import games
from foolsolve.cards import TAROT78
from foolsolve.errors import InputError
from foolsolve.games.foolery import random_game
from foolsolve.positions import read_json
from foolsolve.spec.foolery import SPEC

EXAMPLES = sorted(p.name for p in resources.files("foolsolve").joinpath("examples").iterdir()
                  if p.name.startswith("foolery-"))


def example(name: str) -> dict[str, Any]:
    obj: dict[str, Any] = read_json(str(resources.files("foolsolve").joinpath("examples", name)))
    return obj


def test_examples_load_and_round_trip() -> None:
    assert {"foolery-five-players-midround.json", "foolery-endgame.json", "foolery-five-of-a-kind.json"} <= set(EXAMPLES)
    for name in EXAMPLES:
        state = SPEC.state_from_json(example(name))
        assert SPEC.state_from_json(SPEC.state_to_json(state)) == state, name
    mid = SPEC.state_from_json(example("foolery-five-players-midround.json"))
    assert mid.players == 5 and mid.table
    end = SPEC.state_from_json(example("foolery-endgame.json"))
    assert sum(1 for p in range(end.players) if end.active(p)) == 2


def test_registry_knows_foolery() -> None:
    info = games.get("foolery")
    assert info.spec is SPEC and info.schema == "foolery.schema.json"


def test_every_state_of_random_rounds_round_trips_through_json() -> None:
    rng = random.Random(8)
    for _ in range(3):
        s = random_game(rng)
        while True:
            obj = json.loads(json.dumps(SPEC.state_to_json(s)))
            assert SPEC.state_from_json(obj) == s
            moves = SPEC.legal_moves(s)
            if not moves:
                break
            s = SPEC.apply(s, rng.choice(moves))


def test_a_view_shows_sizes_of_the_other_hands_only() -> None:
    s = SPEC.state_from_json(example("foolery-five-players-midround.json"))
    view = SPEC.observation(s, 2)
    assert "hands" not in view and view["hand"] == [c.ascii for c in s.hands[2]]
    assert view["hand_sizes"] == [len(h) for h in s.hands]


def _bad(obj: dict[str, Any], field: str) -> str:
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    msg = str(exc.value)
    assert "\n" not in msg and msg.startswith(field), msg
    return msg


def test_a_trump_in_a_normal_play_names_the_table() -> None:
    obj = example("foolery-five-of-a-kind.json")
    obj["table"][0]["cards"] = ["7C", "7D", "VII"]
    obj["hands"][0] += ["7H", "7S"]
    assert "a trump in a normal play" in _bad(obj, "table[0].cards")


def test_the_fool_in_a_trump_set_names_the_table() -> None:
    obj = example("foolery-five-of-a-kind.json")
    obj["table"][0]["cards"] = ["Fool", "III"]
    obj["hands"][0] += ["7C", "7D", "7H", "7S", "VII"]
    assert "the Fool" in _bad(obj, "table[0].cards")


def test_a_card_twice_names_the_second_place() -> None:
    obj = example("foolery-endgame.json")
    obj["hands"][2].append("3C")
    assert "3C twice" in _bad(obj, "hands[2]")
    obj = example("foolery-five-of-a-kind.json")
    obj["hands"][2].append("7C")
    assert "7C twice" in _bad(obj, "table[0].cards")


def test_a_hand_of_the_wrong_size_for_the_deal() -> None:
    rng = random.Random(1)
    obj = SPEC.state_to_json(SPEC.deal(SPEC.rules_cls(), 4, rng, dealer=0))
    obj.pop("discard")
    moved = obj["hands"][0].pop()
    obj["hands"][1].append(moved)
    assert "the deal gives player" in _bad(obj, "hands[")
    big = example("foolery-endgame.json")
    big["hands"][1] = [c.ascii for c in TAROT78 if c.ascii not in big["hands"][2]][:21]
    assert "21 cards, more than a 4-player deal gives (20)" in _bad(big, "hands[1]")


def test_a_position_file_without_a_dealer_has_player_0_deal() -> None:
    """The position format: ``dealer`` may be left out; a first round is then dealt by player 0."""
    state = SPEC.deal(SPEC.rules_cls(), 4, random.Random(3), dealer=0)
    obj = SPEC.state_to_json(state)
    assert obj.pop("dealer", 0) == 0
    assert SPEC.state_from_json(obj) == state


@pytest.mark.parametrize("change,field", [
    (lambda o: o.update(to_move=0), "to_move"),
    (lambda o: o.update(players=5), "players"),
    (lambda o: o.update(players=3), "players"),  # fewer players than hands, as well as more
    (lambda o: o.update(places=[1, None, None, 1]), "places"),
    (lambda o: o.update(rules={"trump_beats_trump": "more"}), "rules.trump_beats_trump"),
    (lambda o: o.update(rules={"no_such_rule": 1}), "rules.no_such_rule"),
    (lambda o: o["hands"][1].append("ZZ"), "hands[1]"),
    (lambda o: o.update(discard=["AC"]), "discard"),
    (lambda o: o.update(phase="king_gives"), "phase"),
    (lambda o: o.update(round=2), "previous_places"),
    (lambda o: o.update(passed=[2]), "passed"),
    (lambda o: o.update(hands=[[], ["AC"]]), "hands"),
])
def test_bad_fields_are_named(change, field) -> None:
    obj = copy.deepcopy(example("foolery-endgame.json"))
    change(obj)
    _bad(obj, field)


def test_a_play_that_does_not_beat_the_one_before() -> None:
    obj = example("foolery-five-of-a-kind.json")
    obj["table"].append({"player": 1, "cards": ["9C", "9D"]})
    obj["hands"][1] = [c for c in obj["hands"][1] if c not in ("9C", "9D")]
    obj["to_move"] = 2
    assert "does not beat" in _bad(obj, "table[1].cards")


@pytest.mark.parametrize("rules", [{}, {"trump_beats_trump": "same"}])
def test_a_trump_lead_from_a_hand_that_still_holds_suit_cards(rules) -> None:
    # 004 §Trumping "You can't lead trump unless that's all you have": the leader still holds 2C 5H KD
    obj = {"game": "foolery", "rules": rules, "players": 3, "dealer": 2, "to_move": 1,
           "hands": [["2C", "5H", "KD"], ["I", "II", "X", "XII", "XV", "9D", "QS"], ["3S", "4S", "10H", "XXI"]],
           "table": [{"player": 0, "cards": ["III", "IV", "IX"]}]}
    assert "player 0 led trumps but still holds 2C KD 5H" in _bad(obj, "table[0].cards")
    obj["hands"][0] = ["0"]  # a hand of trumps and the Fool may lead trumps (fool_in_trump_lead)
    SPEC.state_from_json(obj)


def test_the_command_line_gives_one_line_and_exit_2(tmp_path) -> None:
    obj = example("foolery-five-of-a-kind.json")
    obj["table"][0]["cards"] = ["Fool", "III"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj))
    proc = subprocess.run([sys.executable, "-m", "foolsolve", "show", str(path)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "table[0].cards" in proc.stderr


def test_deal_moves_play_show_from_the_command_line(tmp_path, capsys) -> None:
    from foolsolve import cli

    def run(*args: str) -> tuple[int, str]:
        try:
            cli.main(list(args))
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        return code, capsys.readouterr().out

    pos = tmp_path / "deal.json"
    code, _ = run("deal", "foolery", "--players", "5", "--seed", "4", "--out", str(pos))
    assert code == 0
    state = SPEC.state_from_json(json.loads(pos.read_text()))
    assert state.players == 5 and sum(len(h) for h in state.hands) == 78
    code, out = run("moves", str(pos))
    first = out.splitlines()[0]
    assert code == 0 and first == str(SPEC.legal_moves(state)[0])
    code, out = run("play", str(pos), first)
    assert code == 0 and first in out
    code, out = run("show", str(pos))
    assert code == 0 and "Foolery, 5 players" in out


def test_a_player_to_move_the_turn_cannot_reach_is_rejected() -> None:
    from foolsolve.errors import InputError
    from tests.foolery.helpers import position

    # 004 §Passing: "You may pass your turn if you cannot or do not wish to play"; the turn goes round from
    # the play to beat, so a player holding cards between it and the player to move has passed or was skipped
    # (otherwise she would never get the turn, say to play her Fool, and her place would be wrong).
    with pytest.raises(InputError, match=r"^to_move: player 2 cannot be to move: player 1 comes first after the "
                                         r"play to beat and has neither passed nor been skipped$"):
        position("2C 3C", "Fool 4C", "QC 4D", table=[(0, "9C")], to_move=2)
    position("2C 3C", "Fool 4C", "QC 4D", table=[(0, "9C")], to_move=2, passed=[1])
    with pytest.raises(InputError, match=r"^passed: player 2 has not had the turn since the play to beat"):
        position("2C 3C", "Fool 4C", "QC 4D", table=[(0, "9C")], to_move=1, passed=[2])
    with pytest.raises(InputError, match=r"^skipped: player 3 is not the player right after the play to beat$"):
        position("2C 3C", "9D 4C", "QC 4D", "JC", table=[(0, "9C"), (1, "9H")], to_move=0, skipped=3, passed=[2])
    with pytest.raises(InputError, match=r"^skipped: player 2 is skipped only after an equal single or pair$"):
        position("2C 3C", "10D 4C", "QC 4D", "JC", table=[(0, "9C"), (1, "10H")], to_move=3, skipped=2)
    position("2C 3C", "9D 4C", "QC 4D", "JC", table=[(0, "9C"), (1, "9H")], to_move=3, skipped=2)
    # 004 §Deal: "Dealer leads the first trick of the first deal"
    obj = json.loads(resources.files("foolsolve").joinpath("examples", "foolery-endgame.json").read_text())
    from foolsolve.spec.foolery import SPEC, TAROT78
    full = {"game": "foolery", "hands": [[c.ascii for c in TAROT78][i::3] for i in range(3)], "dealer": 1,
            "to_move": 2, "rules": obj.get("rules", {})}
    with pytest.raises(InputError, match=r"^to_move: no card is played yet, so the dealer \(player 1\) leads$"):
        SPEC.state_from_json(full)


@pytest.mark.parametrize("places", [[3, None, None, 2], [1, None, None, 3], [4, None, None, 2], [2, None, None, 3]])
def test_places_out_of_the_order_of_going_out_are_refused(places) -> None:
    """004 §Titles: before the round ends the players out hold the first places in the order they
    went out, and only a player stuck with the Fool takes the last (reading stuck_fool_leaves). A
    place skipped (Merchant taken while nobody is King) was accepted and solved."""
    obj = copy.deepcopy(example("foolery-endgame.json"))  # places [1, null, null, 2]: two players out
    SPEC.state_from_json(obj)
    obj["places"] = places
    assert "before the round ends the players out hold the first places" in _bad(obj, "places")


def test_the_player_stuck_with_the_fool_takes_the_last_place_before_the_others() -> None:
    """The Peasant stuck with the Fool takes the last place at once, while the places from the top
    are still free."""
    obj = copy.deepcopy(example("foolery-endgame.json"))
    obj["places"], obj["hands"][3] = [1, None, None, 4], ["Fool"]
    obj["hands"][1] = [c for c in obj["hands"][1] if c != "Fool"]
    assert SPEC.state_from_json(obj).places == (1, None, None, 4)


@pytest.mark.parametrize("table, places, refused", [
    # the play to beat is the King's (out with it, place 1), yet player 3 took place 2 with no play in the trick
    ([(0, "2C")], [1, None, None, 2], "places: player 3 (place 2) has no play in this trick, so went out before "
                                      "player 0"),
    ([(0, "2C")], [2, None, None, 1], None),  # player 3 out in an earlier trick, player 0 with 2C here
    ([(0, "2C"), (3, "5C")], [1, None, None, 2], None),  # both out in this trick, in the order they played
    ([(0, "2C"), (3, "5C")], [2, None, None, 1], "places: player 3 (place 1) went out with table[1], after player 0"),
])
def test_the_places_agree_with_who_went_out_in_the_trick_on_the_table(table, places, refused) -> None:
    # docs/foolery.md: "A player who plays their last card takes the next place at once"; the card stays on
    # the table until the trick is set aside, so the finishers of this trick come after every earlier one
    obj = example("foolery-endgame.json")
    obj.pop("comment", None)
    obj.update(table=[{"player": q, "cards": [c]} for q, c in table], places=places)
    if refused is None:
        state = SPEC.state_from_json(obj)
        assert SPEC.state_from_json(SPEC.state_to_json(state)) == state
    else:
        with pytest.raises(InputError, match="^" + re.escape(refused)):
            SPEC.state_from_json(obj)


def test_a_player_stuck_with_the_fool_has_no_play_on_the_table() -> None:
    # stuck_fool_leaves: she leaves play when she must lead, before any play of the trick
    obj = example("foolery-endgame.json")
    obj.pop("comment", None)
    obj["hands"][1].remove("Fool")
    obj.update(hands=[["Fool"], *obj["hands"][1:]], table=[{"player": 0, "cards": ["2C"]}], places=[4, None, None, 1])
    with pytest.raises(InputError, match=r"^table\[0\]\.player: player 0 left play stuck with the Fool \(place 4\)"):
        SPEC.state_from_json(obj)


def test_a_round_with_one_player_left_without_a_place_is_refused() -> None:
    """Player 2 out (place 3) leaves player 1 alone in play: the round is over, and the last
    place is hers."""
    obj = copy.deepcopy(example("foolery-endgame.json"))
    obj["hands"][2], obj["places"] = [], [1, None, 3, 2]
    assert _bad(obj, "places") == "places: a round with one player left is over; give that player the last place"


def test_a_finished_round_has_no_table() -> None:
    """Every place given: the round is over, so no trick is on the table."""
    obj = copy.deepcopy(example("foolery-endgame.json"))
    obj["hands"][2], obj["places"] = [], [1, 4, 3, 2]
    SPEC.state_from_json(obj)  # the last one in play keeps her cards
    obj["hands"][1].remove("3C")
    obj["table"] = [{"player": 1, "cards": ["3C"]}]
    assert _bad(obj, "table") == "table: the round is over; the table is empty"


def test_show_refuses_a_finished_round_with_a_table(tmp_path, capsys) -> None:
    from tests.generic.test_cli import assert_one_line_error, run

    obj = copy.deepcopy(example("foolery-endgame.json"))
    obj["hands"][1].remove("3C")
    obj.update(places=[1, 4, 3, 2], table=[{"player": 1, "cards": ["3C"]}])
    obj["hands"][2] = []
    path = tmp_path / "over.json"
    path.write_text(json.dumps(obj))
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, "table: the round is over; the table is empty")


def _without(hand: list[str], card: str) -> list[str]:
    return [c for c in hand if c != card]


ENDGAME_CHANGES = [
    # foolery-endgame.json: four players, dealer 0, player 0 King (place 1) and player 3 Prince (place 2) out
    ({"places": [1, None, None, 1]}, "places: [1, null, null, 1] are not distinct places 1..4"),
    ({"hands": lambda o: [["2C"], *o["hands"][1:]]}, "hands[0]: player 0 has finished (place 1) but holds cards"),
    ({"hands": lambda o: [[], _without(o["hands"][1], "Fool"), o["hands"][2], ["Fool"]]},
     "hands[3]: only the Peasant (place 4) leaves play holding the Fool"),
    ({"places": [None, None, None, 2]}, "hands[0]: player 0 holds no cards but has no place"),
    ({"previous_places": [1, 2, 3, 4]}, "previous_places: only rounds after the first have previous places"),
    ({"phase": "king_gives"}, "phase: the exchange happens only in rounds after the first"),
    ({"round": 2, "previous_places": [1, 2, 3, 4], "dealer": 0}, "dealer: in a later round the Merchant deals (player 2)"),
    ({"hands": lambda o: [["Fool"], _without(o["hands"][1], "Fool"), o["hands"][2], []], "places": [None, None, None, 1],
      "to_move": 0}, "to_move: player 0 holds only the Fool and would have left play as Peasant"),
]
FIVE_OF_A_KIND_CHANGES = [
    # foolery-five-of-a-kind.json: three players, player 0 led 7C 7D 7H 7S VII, player 1 to move
    ({"table": [{"player": 0, "cards": ["Fool"]}]},
     "table[0].cards: the Fool ends the trick at once; it cannot lie on the table"),
    ({"round": 2, "previous_places": [1, 2, 3], "phase": "merchant_gives", "dealer": 1},
     "phase: there is no Merchant with three players"),
    ({"passed": [5]}, "passed: [5] names a player outside 0..2"),
    ({"passed": [0]}, "passed: player 0 made the play to beat; they cannot have passed"),
    ({"to_move": 0}, "to_move: player 0 made the play to beat (the trick would be over)"),
    ({"skipped": 1}, "to_move: player 1 passed or was skipped in this trick"),
]


@pytest.mark.parametrize(("name", "change", "message"),
                         [("foolery-endgame.json", c, m) for c, m in ENDGAME_CHANGES]
                         + [("foolery-five-of-a-kind.json", c, m) for c, m in FIVE_OF_A_KIND_CHANGES],
                         ids=[m.split(":")[0] + f"-{i}" for i, (_, m) in enumerate(ENDGAME_CHANGES + FIVE_OF_A_KIND_CHANGES)])
def test_an_example_with_one_field_changed_is_refused_naming_the_problem(name, change, message) -> None:
    obj = copy.deepcopy(example(name))
    for k, v in change.items():
        obj[k] = v(obj) if callable(v) else v
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert str(exc.value) == message


def _later_round(players: int, *, play: bool) -> dict[str, Any]:
    """A second round dealt from seed 1 with previous places 1..players in seat order (player 0 King),
    at the exchange's first phase or, with ``play``, after the exchange (the first legal gifts)."""
    from foolsolve.spec.foolery import Rules

    s = SPEC.deal(Rules(), players, random.Random(1), previous=list(range(1, players + 1)))
    while play and s.phase != "play":
        s = SPEC.apply(s, SPEC.legal_moves(s)[0])
    obj: dict[str, Any] = json.loads(json.dumps(SPEC.state_to_json(s)))
    return obj


def _swap(obj: dict[str, Any], card: str, frm: int, to: int) -> dict[str, Any]:
    """``card`` moved from hands[frm] to hands[to], and hands[to]'s last card the other way."""
    obj = copy.deepcopy(obj)
    back = obj["hands"][to][-1]
    obj["hands"][frm].remove(card)
    obj["hands"][to].remove(back)
    obj["hands"][to].append(card)
    obj["hands"][frm].append(back)
    return obj


def test_the_turn_in_a_later_round_is_the_givers_then_the_kings() -> None:
    """004 §Later rounds: the exchange's givers in turn (the Peasant first), then "the King gets
    the first turn"."""
    exchange = _later_round(4, play=False)
    assert exchange["phase"] == "peasant_gives" and exchange["to_move"] == 3
    with pytest.raises(InputError, match=r"^to_move: the Peasant \(player 3\) gives now$"):
        SPEC.state_from_json({**exchange, "to_move": 0})
    first = _later_round(4, play=True)
    assert first["phase"] == "play" and first["to_move"] == 0
    with pytest.raises(InputError, match=r"^to_move: the King \(player 0\) leads the first trick of a later round$"):
        SPEC.state_from_json({**first, "to_move": 1})


def test_given_lists_only_gifts_made_and_where_they_are() -> None:
    """given: a player gives in the exchange only with a title that gives, only once her phase is
    past; a King's or Prince's gift is in the receiver's hand; a Peasant's or Merchant's highest
    cards are with the receiver, played, or given back to her."""
    exchange = _later_round(4, play=False)
    with pytest.raises(InputError, match=r"^given\[0\]: player 0 has not given yet \(phase peasant_gives\)$"):
        SPEC.state_from_json({**exchange, "given": [["2C"], [], [], []]})
    five = _later_round(5, play=True)
    assert five["given"][2] == []  # the middle place of five gives nothing
    with pytest.raises(InputError, match=r"^given\[2\]: player 2 gives nothing in this round's exchange$"):
        SPEC.state_from_json({**five, "given": [*five["given"][:2], [five["hands"][2][0]], *five["given"][3:]]})
    four = _later_round(4, play=True)
    assert four["given"][0] == ["2C", "4C"] and four["given"][3] == ["XX", "XXI"]
    SPEC.state_from_json(four)
    with pytest.raises(InputError, match=r"^given\[3\]: XX is in hands\[1\]; a card she gave is with the receiver "
                                         r"\(hands\[0\]\), played, or given back to her$"):
        SPEC.state_from_json(_swap(four, "XX", 0, 1))
    with pytest.raises(InputError, match=r"^given\[0\]: 2C is not in the receiver's hand \(hands\[3\]\)$"):
        SPEC.state_from_json(_swap(four, "2C", 3, 1))


def test_a_deal_needs_three_to_seven_players_and_a_finishing_order() -> None:
    from foolsolve.spec.foolery import Rules

    with pytest.raises(InputError, match=r"^players: Foolery is for 3-7 players \(004 intro\), got 2$"):
        SPEC.deal(Rules(), 2, random.Random(0))
    with pytest.raises(InputError, match=r"^previous: \[1, 1, 2\] is not a finishing order of 3 players$"):
        SPEC.deal(Rules(), 3, random.Random(0), previous=[1, 1, 2])


def test_a_move_text_naming_no_move_is_refused_naming_the_problem() -> None:
    from foolsolve.game import IllegalMove

    state = SPEC.state_from_json(example("foolery-endgame.json"))
    for text, message in [
        (" ", "move: empty text"),
        ("play 7C 7C", "move: 'play 7C 7C' names a card twice"),
        ("juggle 6H", "move: cannot read 'juggle 6H' (moves are written: play 7C 7H, pass, give XXI 2C)"),
    ]:
        with pytest.raises(InputError) as exc:
            SPEC.read_move(state, text)
        assert str(exc.value) == message
    with pytest.raises(IllegalMove, match=r"^move: empty text$"):
        SPEC.parse_move(state, "")
