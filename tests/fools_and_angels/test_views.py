"""What a Fools and Angels view knows besides the visible cards (docs/views.md): the attack cards a
defender takes are taken in view of both; the cards an Exchange puts face down under the pool are
known to the one who put them there; a card known in a hand is known no more once it has left it
(or, after an Exchange, once the opponent cannot tell whether it left)."""

import json
import random

import pytest

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.spec.fools_and_angels import SPEC
from foolsolve.worlds import Worlds, read_view, view_of

INFO = games.get("fools-and-angels")
DEFEND = {"game": "fools-and-angels", "phase": "defend", "to_move": 1,
          "hands": [["AH", "3C"], ["5S", "4H", "JC", "9D"]], "stocks": [["2S", "3S"], ["2H", "3H"]],
          "pool": ["7C", "7D", "8S", "JD"], "attack": ["5D", "2C"]}


def _after(obj, *moves):
    state = SPEC.state_from_json(obj)
    for text in moves:
        state = SPEC.apply(state, SPEC.parse_move(state, text))
    return state


def _round_trip(state, player):
    view = view_of(INFO, state, player)
    worlds = Worlds(read_view(json.loads(json.dumps(view))))
    for i in range(4):
        assert view_of(INFO, worlds.sample(random.Random(i)), player) == view
    return view, worlds


def test_the_defender_takes_what_was_not_cancelled_in_view_of_both():
    """003: the defender cancels all of one colour or the whole attack; "the defender takes what was
    not cancelled" (RULES-NOTES §4), face up: the attacker's view places the taken 2C in her hand."""
    state = _after(DEFEND, "defend red with 5S")
    assert {c.ascii for c in state.hands[1]} >= {"2C"}
    view, worlds = _round_trip(state, 0)
    assert view["hands"][1]["known"] == ["2C"]
    assert view["known"] == [[], ["2C"]]
    assert all("2C" in {c.ascii for c in worlds.sample(random.Random(i)).hands[1]} for i in range(5))


def test_a_surrender_takes_all_the_cards_in_view_of_both():
    """003: "they can just "surrender" and take all the cards"."""
    state = _after(DEFEND, "surrender")
    view, worlds = _round_trip(state, 0)
    assert view["hands"][1]["known"] == ["2C", "5D"]
    # the known cards fix part of the hand: fewer worlds than with the hand unknown
    unknown = json.loads(json.dumps(view))
    unknown["hands"][1] = {"count": view["hands"][1]["count"]}
    del unknown["known"]
    assert worlds.count() < Worlds(read_view(unknown)).count()


def test_a_known_card_played_is_known_no_more():
    obj = {"game": "fools-and-angels", "phase": "defend", "to_move": 1, "hands": [["AH", "3C"], ["2C", "4H", "2H", "9D"]],
           "stocks": [["4S", "3S"], ["AD", "3H"]], "pool": ["7C", "7D", "8S", "JD"], "attack": ["2S"],
           "known": [[], ["2C", "2H"]]}
    assert view_of(INFO, SPEC.state_from_json(obj), 0)["hands"][1]["known"] == ["2C", "2H"]
    assert view_of(INFO, _after(obj, "defend whole with 2H"), 0)["hands"][1]["known"] == ["2C"]
    assert view_of(INFO, _after(obj, "defend whole with 2C 4H"), 0)["hands"][1]["known"] == ["2H"]


EXCHANGE = {"game": "fools-and-angels", "rules": {"exchange": True}, "phase": "turn", "to_move": 1,
            "hands": [["AH", "3C"], ["5S", "4H", "JC", "9D", "2C", "5D"]], "stocks": [["2S", "3S"], ["2H", "3H"]],
            "pool": ["7C", "7D", "8S", "JD"], "known": [[], ["2C", "5D"]]}


def test_cards_put_face_down_on_the_bottom_of_the_pool_are_known_to_the_exchanger_only():
    """003 Exchange: "putting the cards you'll exchange face down on the bottom of the pool stock, then
    drawing the same number of cards into your hand"."""
    state = _after(EXCHANGE, "exchange 2C 4H")
    mine, _ = _round_trip(state, 1)
    assert mine["pool"] == {"count": 4, "known": ["2C", "4H"]}
    assert mine["under_pool"] == [None, ["2C", "4H"]]
    theirs, _ = _round_trip(state, 0)
    assert theirs["pool"] == {"count": 4} and "under_pool" not in theirs
    assert SPEC.observation(state, 1)["under_pool"] == ["2C", "4H"] and "under_pool" not in SPEC.observation(state, 0)
    # face down: the opponent cannot tell which cards went, so none of the hand's stays known
    assert "known" not in theirs["hands"][1] and "known" not in theirs


def test_cards_drawn_back_from_the_pool_are_known_there_no_more():
    """With a short pool the exchanger's own cards come back up: one drawn is no longer in the pool."""
    state = _after({**EXCHANGE, "pool": ["7C", "7D"]}, "exchange 2C 4H")
    assert [c.ascii for c in state.pool] == ["2C", "4H"]
    assert view_of(INFO, state, 1)["pool"] == {"count": 2, "known": ["2C", "4H"]}
    state = SPEC.apply(state, SPEC.parse_move(state, "draw pool"))
    assert view_of(INFO, state, 1)["pool"] == {"count": 1, "known": ["4H"]}
    assert view_of(INFO, state, 1)["under_pool"] == [None, ["4H"]]
    _round_trip(state, 1)


def test_knowledge_fields_in_a_position_file_are_checked():
    with pytest.raises(InputError, match=r"known\[0\]: 2C is not in hands\[0\]"):
        SPEC.state_from_json({**EXCHANGE, "known": [["2C"], []]})
    with pytest.raises(InputError, match=r"under_pool\[1\]: 2C is not in pool"):
        SPEC.state_from_json({**EXCHANGE, "under_pool": [[], ["2C"]]})
    state = SPEC.state_from_json(EXCHANGE)
    assert SPEC.state_from_json(SPEC.state_to_json(state)) == state
    assert INFO.engine.to_spec(INFO.engine.from_spec(state)) == state
    assert "known" not in SPEC.state_to_json(SPEC.state_from_json({**EXCHANGE, "known": [[], []]}))


def test_a_hand_written_view_whose_knowledge_its_zones_do_not_list_is_read_as_if_they_did():
    """``known`` (a hand) and ``under_pool`` (the pool) name cards that a hand-written view's hidden
    zones do not list: the worlds are those of the view listing them as known (counted exactly);
    before, worlds were drawn until the cards happened to land there, and not counted."""
    state = SPEC.state_from_json(EXCHANGE)
    listed = view_of(INFO, state, 0)
    assert listed["hands"][1] == {"count": 6, "known": ["2C", "5D"]}
    bare = {**listed, "hands": [listed["hands"][0], {"count": 6}]}
    assert Worlds(read_view(bare)).count() == Worlds(read_view(listed)).count() == 19_958_400
    mine = view_of(INFO, _after(EXCHANGE, "exchange 2C 4H"), 1)
    assert mine["pool"] == {"count": 4, "known": ["2C", "4H"]}
    worlds = Worlds(read_view({**mine, "pool": {"count": 4}}))
    assert worlds.count() == Worlds(read_view(mine)).count()
    assert {c.ascii for c in worlds.sample(random.Random(1)).pool} >= {"2C", "4H"}
