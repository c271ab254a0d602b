"""Fools and Angels position files: schema, semantic checks, canonical JSON round trip, examples."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.errors import InputError
from foolsolve.games import get
from foolsolve.games.fools_and_angels import random_game
from foolsolve.spec.fools_and_angels import SPEC, state_from_json
from tests.fools_and_angels.helpers import canon

EXAMPLES = sorted(p.name for p in resources.files("foolsolve").joinpath("examples").iterdir()
                  if p.name.startswith("fools-and-angels-"))


def _example(name: str) -> dict[str, Any]:
    return dict(json.loads(resources.files("foolsolve").joinpath("examples", name).read_text(encoding="utf-8")))


def test_examples_exist_including_an_endgame_with_all_stocks_empty() -> None:
    assert len(EXAMPLES) >= 3
    endgames = [n for n in EXAMPLES if not any(_example(n)["stocks"]) and not _example(n).get("pool")]
    assert endgames


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_positions_load_and_are_canonical(name: str) -> None:
    obj = _example(name)
    state = state_from_json(obj)
    assert SPEC.state_to_json(state) == obj
    assert get(obj["game"]).spec is SPEC


@settings(max_examples=12)
@given(st.integers(0, 2**32 - 1))
def test_canonical_json_round_trip_along_random_games(seed: int) -> None:
    rng = random.Random(seed)
    s = random_game(rng)
    for _ in range(150):
        obj = SPEC.state_to_json(s)
        back = state_from_json(json.loads(json.dumps(obj)))
        assert back == s
        assert SPEC.state_to_json(back) == obj
        ms = SPEC.legal_moves(s)
        if not ms:
            break
        s = SPEC.apply(s, rng.choice(ms))


def test_position_cards_may_use_glyphs_and_any_order_of_a_hand() -> None:
    a = state_from_json({"game": "fools-and-angels", "hands": [["3♦", "AS"], ["2h"]], "stocks": [["5C"], []],
                         "to_move": 1})
    b = state_from_json({"game": "fools-and-angels", "hands": [["AS", "3D"], ["2H"]], "stocks": [["5C"], []],
                         "to_move": 1})
    assert canon(a) == canon(b)


BASE: dict[str, Any] = {"game": "fools-and-angels", "hands": [["3D", "AS"], ["2H", "4C"]], "stocks": [["5C"], ["6H"]],
                        "pool": ["7D"], "to_move": 0}


def _bad(change: dict[str, Any]) -> str:
    obj = copy.deepcopy(BASE)
    obj.update(change)
    with pytest.raises(InputError) as err:
        state_from_json(obj)
    msg = str(err.value)
    assert "\n" not in msg
    return msg


def test_base_position_is_valid() -> None:
    state_from_json(copy.deepcopy(BASE))


@pytest.mark.parametrize("change, field", [
    ({"game": "durak"}, "game"),
    ({"hands": [["3D"]]}, "hands"),
    ({"hands": [["3D", "ZZ"], []]}, "hands[0][1]: unknown card"),
    ({"hands": [["3D", "10S"], []]}, "hands[0][1]: 10S is not used"),
    ({"hands": [["3D", "3D"], []]}, "hands[0][1]: duplicate card 3D"),
    ({"pool": ["AS"]}, "pool[0]: duplicate card AS (also in hands[0])"),
    ({"to_move": 2}, "to_move"),
    ({"phase": "bidding"}, "phase"),
    ({"rules": {"colour": "red"}}, "rules.colour: unknown rule option"),
    ({"rules": {"hand_limit": "seven"}}, "rules.hand_limit"),
    ({"attack": ["5D"]}, "attack: cards on the table outside phase defend"),
    ({"phase": "defend", "to_move": 1, "attack": ["5S", "5D"]}, "attack: the cards total zero"),
    ({"phase": "defend", "to_move": 1, "attack": ["JD"]}, "attack: an attack needs a pip card"),
    ({"phase": "defend", "to_move": 1, "attack": ["5S", "JD", "QH"], "rules": {"attack_size": "pips_and_one_face"}},
     "attack: 1 pip card and 2 face cards: at most 4 pip cards and 1 face card"),
    ({"phase": "defend", "to_move": 1, "attack": ["5S", "6S", "7S"]}, "attack: 3 cards, but the defender holds 2"),
    ({"phase": "defend", "to_move": 1, "attack": ["5S", "6S"]}, "attack: the attacker held more cards"),
    ({"phase": "regroup"}, "drawn: a regroup in progress"),
    ({"phase": "regroup", "drawn": 3, "rules": {"regroup_max": 2}}, "drawn: more than regroup_max"),
    ({"phase": "tempt"}, "phase: tempt needs the temptation variant"),
    ({"phase": "tempt", "turns_done": 1, "rules": {"temptation": True}}, "turns_done: must be 2 in phase tempt"),
    ({"phase": "setup"}, "phase: setup needs the asymmetry variant"),
    ({"exchanged": True}, "exchanged: the exchange variant is off"),
    ({"reshuffle": {"player0": [], "player1": [], "pool": []}}, "reshuffle: only in phase setup"),
    ({"hands": [[], []], "stocks": [[], []]}, "hands: both players have no cards left"),
    ({"extra": 1}, "position: Additional properties"),
])
def test_bad_positions_raise_one_line_errors_naming_the_field(change: dict[str, Any], field: str) -> None:
    assert field in _bad(change)


@pytest.mark.parametrize("card", ["8D", "9H", "QD", "KH"])
def test_cards_003_puts_away_are_rejected_under_the_default_stocks(card: str) -> None:
    # 003: "Put away all other cards, such as the 10s and the remaining 8s, 9s, Qs, Ks. They will not be used."
    obj = copy.deepcopy(BASE)
    obj["hands"][1] = [*obj["hands"][1], card]
    with pytest.raises(InputError, match=rf"^hands\[1\]: {card} is put away"):
        state_from_json(obj)
    # a rules file that puts the card into a stock brings it into play
    rules = {"stocks": {"player0": ["AS"], "player1": ["AH"], "pool": [card]}}
    obj = {"game": "fools-and-angels", "rules": rules, "hands": [["2S"], ["2H", card]], "stocks": [[], []],
           "pool": [], "to_move": 0}
    with pytest.raises(InputError, match=r"hands\[0\]: 2S is put away"):
        state_from_json(obj)
    obj["rules"]["stocks"] = {"player0": ["2S"], "player1": ["2H"], "pool": [card]}
    state_from_json(obj)


def test_a_pool_draw_no_turn_could_have_made_is_refused() -> None:
    """drew_pool (a draw from the pool this turn, which opens the Temptation) is set by a regroup's
    pool draw, which ends the turn or goes on in phase regroup, or by the Exchange where its draws
    count (temptation_trigger any_pool_draw); so in phase turn it needs exchanged, and in phase
    defend the exchange variant with that trigger. These were accepted, and their Temptation played."""
    assert "drew_pool: true in phase turn, but before a regroup only the Exchange draws" in _bad({"drew_pool": True})
    exchange = {"exchange": True, "temptation": True}
    assert "drew_pool: true in phase turn, but nothing drew from the pool this turn (exchanged is false)" in _bad(
        {"drew_pool": True, "rules": exchange})
    defend = {"phase": "defend", "to_move": 1, "hands": [["3D"], ["2H", "4C"]], "attack": ["5S"], "drew_pool": True}
    assert "drew_pool: true in phase defend, but before a regroup only" in _bad(
        {**defend, "rules": {**exchange, "temptation_trigger": "regroup_only"}})
    for ok in ({"drew_pool": True, "exchanged": True, "rules": exchange}, {**defend, "rules": exchange},
               {"phase": "regroup", "drawn": 1, "drew_pool": True}):
        obj = {**copy.deepcopy(BASE), **ok}
        assert state_from_json(obj).drew_pool


def _example(name: str) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(resources.files("foolsolve").joinpath("examples", name).read_text(encoding="utf-8"))
    return obj


@pytest.mark.parametrize(("change", "message"), [
    ({"discard": []}, "discard: only in a view file (a full position leaves the cards out of play implicit)"),
    ({"phase": "regroup", "drawn": 1, "exchanged": True}, "exchanged: only in phase turn"),
    ({"drawn": 1}, "drawn: only in phase regroup"),
    ({"setup_chosen": 1}, "setup_chosen: only in phase setup"),
    ({"phase": "defend", "to_move": 1}, "attack: phase defend needs attack cards on the table"),
    ({"phase": "regroup", "drawn": 1, "stocks": [[], []], "pool": []},
     "phase: a regroup with no draw left would have ended"),
    ({"pool": ["7D"], "under_pool": [["7D"], ["7D"]]}, "under_pool: 7D put under the pool by both players"),
])
def test_a_field_of_another_phase_or_of_a_view_is_refused_naming_it(change: dict[str, Any], message: str) -> None:
    assert _bad(change) == message


def test_a_pool_draw_in_phase_tempt_is_refused() -> None:
    obj = {**_example("fools-and-angels-temptation.json"), "drew_pool": True}
    with pytest.raises(InputError, match=r"^drew_pool: must be false in phase tempt$"):
        state_from_json(obj)


def _setup() -> dict[str, Any]:
    """A fresh deal under the asymmetry variant (phase setup), seed 0."""
    from foolsolve.spec.fools_and_angels import Rules

    obj: dict[str, Any] = json.loads(json.dumps(SPEC.state_to_json(SPEC.deal(Rules(asymmetry=True), 2, random.Random(0)))))
    assert obj["phase"] == "setup" and obj["to_move"] == 0
    return obj


@pytest.mark.parametrize(("change", "message"), [
    (lambda o: {"turns_done": 1}, "turns_done: must be 0 in phase setup"),
    (lambda o: {"hands": [[o["stocks"][0][0]], []], "stocks": [o["stocks"][0][1:], o["stocks"][1]]},
     "hands: must be empty in phase setup"),
    (lambda o: {"stocks": [o["stocks"][0][1:], o["stocks"][1]]},
     "stocks: phase setup needs stocks of the rules' sizes (12, 12, 16)"),
    (lambda o: {"reshuffle": {**o["reshuffle"], "player0": [0] * 12}},
     "reshuffle.player0: must be a permutation of 0..11"),
    (lambda o: {"to_move": 1}, "to_move: must be 0 (the player choosing piles now)"),
], ids=["turns_done", "hands", "stocks", "reshuffle", "to_move"])
def test_a_setup_position_is_a_fresh_deal_with_the_chooser_to_move(change: Any, message: str) -> None:
    obj = _setup()
    state_from_json(obj)
    with pytest.raises(InputError) as err:
        state_from_json({**obj, **change(obj)})
    assert str(err.value) == message
    del obj["reshuffle"]
    with pytest.raises(InputError, match=r"^reshuffle: required in phase setup$"):
        state_from_json(obj)


def test_nothing_is_known_and_nobody_attacks_in_the_first_two_turns() -> None:
    """The opening example after player 0's first turn drew 2C (turns_done 1, player 1 to move)."""
    opening = _example("fools-and-angels-opening.json")
    assert opening["stocks"][0][0] == "2C"
    first = {**opening, "turns_done": 1, "to_move": 1, "hands": [["2C"], []],
             "stocks": [opening["stocks"][0][1:], opening["stocks"][1]]}
    state_from_json(first)
    with pytest.raises(InputError, match=r"^known: nothing is known before the first two turns are over \(turns_done "
                                         r"1\): no attack was made and no hand card was exchanged yet$"):
        state_from_json({**first, "known": [["2C"], []]})
    attack = {**first, "phase": "defend", "to_move": 0, "attack": [opening["stocks"][1][0]],
              "stocks": [opening["stocks"][0][1:], opening["stocks"][1][1:]]}
    with pytest.raises(InputError, match=r"^phase: an attack in player 1's first turn \(turns_done 1\), whose hand "
                                         r"was empty when it began"):
        state_from_json(attack)


def test_a_deal_is_for_two_players() -> None:
    from foolsolve.spec.fools_and_angels import Rules

    with pytest.raises(InputError, match=r"^players: Fools and Angels is a game for 2 players$"):
        SPEC.deal(Rules(), 3, random.Random(0))


def test_show_refuses_a_full_position_with_a_discard(tmp_path: Any, capsys: Any) -> None:
    from tests.generic.test_cli import assert_one_line_error, run

    path = tmp_path / "discard.json"
    path.write_text(json.dumps({**_example("fools-and-angels-endgame.json"), "discard": []}))
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, "discard: only in a view file (a full position leaves the cards out of play "
                                     "implicit)")


def test_a_move_text_naming_no_move_is_refused_naming_the_problem() -> None:
    from foolsolve.game import IllegalMove

    state = state_from_json(_example("fools-and-angels-endgame.json"))
    for text, message in [
        (" ", "move: empty text"),
        ("attack 6H 6H", "move: 'attack 6H 6H' names a card twice"),
        ("juggle 6H", "move: cannot read 'juggle 6H' (moves are written: attack 5C 2H [JS], defend red|black|whole "
                      "with 9C, surrender, draw own|pool, stop, pass, exchange 5C ..., swap pile 1 for pool pile 2, "
                      "keep piles, discard 5C, discard stock, decline)"),
    ]:
        with pytest.raises(InputError) as exc:
            SPEC.read_move(state, text)
        assert str(exc.value) == message
    with pytest.raises(IllegalMove, match=r"^move 'take' is not a Fools and Angels move \(one of SwapPiles, "):
        SPEC.apply(state, "take")  # type: ignore[arg-type]


def test_a_view_with_a_put_away_card_in_its_own_hand_is_refused() -> None:
    """003: "Put away all other cards ... They will not be used": a view's own hand names 8D."""
    from foolsolve.worlds import read_view, view_of

    state = state_from_json(_example("fools-and-angels-endgame.json"))
    view = view_of(get("fools-and-angels"), state, 0)
    view["hands"][0] = [*view["hands"][0], "8D"]
    with pytest.raises(InputError, match=r'^hands\[0\]: 8D is put away \(in none of the rules\' stocks; 003: "Put away '
                                         r'all other cards \.\.\. They will not be used"\)$'):
        read_view(view)
