"""Fool's Paradise position files: schema, one-line field-named errors, canonical round trip."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import games
from foolsolve.engines.fools_paradise import ENGINE
from foolsolve.errors import InputError
from foolsolve.game import CHANCE, IllegalMove
from foolsolve.positions import read_json, validate_schema
from foolsolve.spec.fools_paradise import SPEC
from tests.fools_paradise.helpers import position_json

EXAMPLES = sorted(p.name for p in resources.files("foolsolve").joinpath("examples").iterdir()
                  if p.name.startswith("fools-paradise-"))


def test_registry_knows_fools_paradise() -> None:
    info = games.get("fools-paradise")
    assert info.spec is SPEC and info.engine is ENGINE and info.schema == "fools-paradise.schema.json"
    assert games.get("Fool's-Paradise") is info
    assert [c.name for c in info.commands] == ["capture"] and info.ambiguity is not None
    assert info.random_game is not None and info.solve is not None
    state = info.random_game(random.Random(3))
    assert 2 <= state.players <= 5


def test_examples_exist_and_load() -> None:
    assert len(EXAMPLES) >= 4
    assert "fools-paradise-worked-example.json" in EXAMPLES and "fools-paradise-endgame.json" in EXAMPLES
    for name in EXAMPLES:
        obj = read_json(str(resources.files("foolsolve").joinpath("examples", name)))
        validate_schema(obj, "fools-paradise.schema.json")
        state = SPEC.state_from_json(obj)
        again = SPEC.state_from_json(SPEC.state_to_json(state))
        assert again == state, name


def test_endgame_example_has_an_empty_stock_and_two_players() -> None:
    obj = read_json(str(resources.files("foolsolve").joinpath("examples", "fools-paradise-endgame.json")))
    state = SPEC.state_from_json(obj)
    assert state.players == 2 and state.stock == () and state.stock_known


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), steps=st.integers(0, 60), decks=st.sampled_from([1, 2]),
       hide_stock=st.booleans())
def test_round_trip_of_reachable_positions(seed: int, players: int, steps: int, decks: int, hide_stock: bool) -> None:
    """state -> canonical JSON -> state is the identity, and the JSON is canonical (a fixed
    point), for positions reached by random play (stock known or of unknown order)."""
    from foolsolve.rules import random_rules
    from foolsolve.spec.fools_paradise import Rules

    rng = random.Random(seed)
    state = SPEC.deal(random_rules(Rules, rng, decks=decks), players, rng)
    for _ in range(steps):
        moves = SPEC.legal_moves(state)
        if not moves:
            break
        state = SPEC.apply(state, rng.choice(moves))
    obj = SPEC.state_to_json(state)
    if hide_stock:
        obj.pop("stock")
        obj["stock_size"] = len(state.stock)
    back = SPEC.state_from_json(json.loads(json.dumps(obj)))
    assert SPEC.state_to_json(back) == obj
    if not hide_stock:
        assert back == state


def _base() -> dict[str, Any]:
    return position_json(["2C 3D", "4H"], "KH QS")


def _err(obj: dict[str, Any]) -> str:
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    msg = str(exc.value)
    assert "\n" not in msg
    return msg


def test_error_unknown_card_names_the_field() -> None:
    obj = _base()
    obj["hands"][1] = ["1H"]
    assert _err(obj).startswith('hands[1]: unknown card "1H"')


def test_error_duplicate_card_names_the_field() -> None:
    obj = _base()
    obj["centre"].append("2C")
    assert _err(obj) == "centre: duplicate card 2C"


def test_error_more_copies_than_decks() -> None:
    obj = position_json(["KS KS", "4H"], "KH KH", rules={"decks": 2})
    SPEC.state_from_json(obj)
    obj["centre"].append("KS")
    assert _err(obj).startswith("centre: card appears more than 2 times: KS")


def test_error_wrong_card_count() -> None:
    obj = _base()
    obj["piles"][0].pop()
    assert _err(obj).startswith("stock: the position lists 51 cards, 1 deck holds 52")



def test_a_count_that_misses_with_piles_left_out_names_piles() -> None:
    """``piles`` may be left out (every pile empty); where the cards then do not add up, the error
    names the missing field, where the cards not listed may be, before the stock."""
    obj = _base()
    assert any(obj["piles"])
    del obj["piles"]
    assert _err(obj).startswith("piles: missing (read as every pile empty), and the position lists ")


def test_error_stock_size_mismatch() -> None:
    obj = position_json(["2C 3D 4H 5S 6C", "2D 3H 4S 5C 6D"], "KH", stock_size=3)
    obj["stock_size"] = 4
    assert _err(obj).startswith("stock_size: 4 but 3 cards are not listed elsewhere")


def test_error_stock_and_stock_size_together() -> None:
    obj = _base()
    obj["stock_size"] = 0
    assert _err(obj).startswith("stock: give at most one of stock")


def test_without_stock_the_unlisted_cards_are_the_stock_of_unknown_order() -> None:
    """As Durak infers its discard: the cards listed nowhere are in their one possible place."""
    obj = _base()
    del obj["stock"]
    state = SPEC.state_from_json(obj)
    assert state.stock == () and state.stock_known  # every card listed: the stock is empty
    obj = position_json(["2C 3D 4H 5S 6C", "2D 3H 4S 5C 6D"], "KH", stock_size=3)
    with_size = SPEC.state_from_json(obj)
    del obj["stock_size"]
    inferred = SPEC.state_from_json(obj)
    assert inferred == with_size and len(inferred.stock) == 3 and not inferred.stock_known


def test_error_hand_sizes_while_the_stock_lasts() -> None:
    obj = position_json(["2C 3D", "4H"], "KH", stock="5S")
    assert _err(obj).startswith("hands[0]: 2 cards while the stock is not empty")
    obj = position_json(["2C 3D 4H 5S 6C 7C", "4D"], "KH")
    assert _err(obj).startswith("hands[0]: 6 cards, a hand never holds more than 5")


def test_error_bad_to_move() -> None:
    obj = _base()
    obj["to_move"] = 2
    assert _err(obj).startswith("to_move: 2 is not a player (0..1)")
    obj["to_move"] = -1
    assert _err(obj).startswith("to_move:")
    obj = position_json(["2C 3D", ""], "KH", to_move=1)
    assert _err(obj).startswith("to_move: player 1 has no cards")


def test_last_player_is_accepted_checked_and_dropped() -> None:
    obj = _base()
    obj["last_player"] = 1
    assert "last_player" not in SPEC.state_to_json(SPEC.state_from_json(obj))
    obj["last_player"] = 5
    assert _err(obj).startswith("last_player: 5 is not a player")


def test_error_unknown_option_and_bad_value() -> None:
    obj = _base()
    obj["rules"] = {"aces": "low"}
    assert _err(obj).startswith("rules.aces: unknown rule option")
    obj["rules"] = {"ace": "sometimes"}
    assert _err(obj).startswith("rules.ace:")
    obj["rules"] = {"decks": 0}
    assert _err(obj).startswith("rules.decks:")


def test_error_unknown_field_and_wrong_game() -> None:
    obj = _base()
    obj["center"] = []
    assert "center" in _err(obj)
    obj = _base()
    obj["game"] = "durak"
    assert _err(obj).startswith("game:")


def test_error_scores_must_match_piles() -> None:
    obj = _base()
    good = SPEC.state_to_json(SPEC.state_from_json(obj))["scores"]
    obj["scores"] = [good[0] + 1, good[1]]
    assert _err(obj).startswith("scores[0]:")
    obj["scores"] = good
    SPEC.state_from_json(obj)


@pytest.mark.parametrize("played_card", ["collected", "stays"])
def test_error_more_clears_than_the_pile_holds_collections(played_card: str) -> None:
    """000 §Collecting Cards: a pile grows by collections, each at least one centre card and, under
    played_card collected, the played card; a clear is one of them."""
    obj = _base()
    obj["rules"] = {"played_card": played_card}
    obj["piles"] = [obj["piles"][0] + obj["piles"][1][:-1], obj["piles"][1][-1:]]  # player 1's pile: 1 card
    if played_card == "collected":
        assert _err(obj).startswith("piles[1]: 1 card, but under played_card collected")
    else:
        SPEC.state_from_json(obj)
        obj["clears"] = [0, 2]
        assert _err(obj).startswith("clears[1]: 2 clears, but piles[1] holds 1 card")
    obj["piles"] = [obj["piles"][0][2:], obj["piles"][1] + obj["piles"][0][:2]]  # 3 cards
    obj["clears"] = [0, 1]
    SPEC.state_from_json(obj)
    obj["clears"] = [0, 2]
    if played_card == "collected":
        assert _err(obj).startswith("clears[1]: 2 clears, but piles[1] holds 3 cards")
    else:
        SPEC.state_from_json(obj)


def test_error_pending_only_with_unknown_stock() -> None:
    obj = _base()
    obj["pending"] = {"draw": True, "refill": 0}
    assert _err(obj).startswith("pending:")
    # an unknown, non-empty stock may wait for a chance draw (a position written mid-turn), an empty one may not
    hands = ["2C 3C 4C 5C", "3D 4D 5D 6D 7D"]
    waiting = position_json(hands, "7C", stock_size=2)
    waiting["pending"] = {"draw": True, "refill": 0}
    s = SPEC.state_from_json(waiting)
    assert s.pending == (True, 0) and SPEC.to_move(s) == CHANCE
    empty = position_json(hands, "7C", stock_size=0)
    empty["pending"] = {"draw": True, "refill": 0}
    assert _err(empty).startswith("pending: only a position with an unknown, non-empty stock")


def test_error_finished_game_with_cards_in_the_centre() -> None:
    obj = position_json(["", ""], "KH")
    assert _err(obj).startswith("centre: the game is over")


def test_error_players_field_disagrees() -> None:
    obj = _base()
    obj["players"] = 3
    assert _err(obj).startswith("players: 3 but hands lists 2")


def test_cards_in_any_accepted_spelling() -> None:
    obj = _base()
    obj["hands"][0] = ["2♣", "3d"]
    state = SPEC.state_from_json(copy.deepcopy(obj))
    assert [c.ascii for c in state.hands[0]] == ["2C", "3D"]


def test_describe_names_the_hands_the_centre_the_stock_and_who_moves() -> None:
    hands = ["AS 2C 3C 4C 5C", "3D 4D 5D 6D 7D"]
    known = SPEC.describe(SPEC.state_from_json(position_json(hands, "7C", stock="5H 6H")))
    assert known.splitlines() == [
        "Fool's Paradise, 2 players, dealer 1",
        "  player 0: hand 2♣ 3♣ 4♣ 5♣ A♠; pile 20 cards, 0 clears, score 172",
        "  player 1: hand 3♦ 4♦ 5♦ 6♦ 7♦; pile 19 cards, 0 clears, score 173",
        "  centre: 7♣",
        "  stock: 2 cards",
        "  player 0 to move",
    ]
    unknown = SPEC.describe(SPEC.state_from_json(position_json(hands, "7C", stock_size=2)))
    assert "  stock: 2 cards (order unknown)" in unknown.splitlines()
    over = SPEC.state_from_json(position_json(["", ""], ""))
    res = SPEC.result(over)
    assert res is not None
    assert SPEC.describe(over).splitlines()[-3:] == [
        "  centre: -", "  stock: 0 cards",
        f"  game over: {res.label} (scoring reconstructed: card_points=value, last_card_sweep_counts_as_clear=false)"]


def test_a_position_without_a_dealer_has_the_player_before_the_one_to_move_as_dealer() -> None:
    # 000 §The Game: "The player to the left of the dealer starts first." (RECONSTRUCTION: a position file
    # that names no dealer is read as if the player to move had started, so the player before deals.)
    hands = ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H"]
    for to_move, dealer in ((0, 2), (1, 0), (2, 1)):
        s = SPEC.state_from_json(position_json(hands, "7C", stock="8C", to_move=to_move))
        assert (s.to_move, s.dealer) == (to_move, dealer)


@pytest.mark.parametrize("text", ["capture KS: KH", "add KS KH", "lay 9D 9C", "draw", "reveal 7S 8S", "collect KS"])
def test_a_move_text_is_collect_lay_draw_or_reveal_with_its_cards(text: str) -> None:
    s = SPEC.state_from_json(position_json(["KS 9D 2C 3C 4C", "3D 4D 5D 6D 7D"], "KH 7C", stock="8C"))
    assert str(SPEC.read_move(s, "collect KS: KH")) == "collect K♠: K♥"
    with pytest.raises(InputError, match=r"^move: cannot read .* \(moves are written: collect KS: KH 5D, lay 9D"):
        SPEC.read_move(s, text)


def test_every_legal_move_reads_back_from_its_text() -> None:
    # two fives may collect the same five: the text names which one plays
    s = SPEC.state_from_json(position_json(["5C 5D 2C 3C 4C", "3D 4D 6D 7D 8D"], "5H 9C", stock="8C"))
    legal = SPEC.legal_moves(s)
    assert {"collect 5♣: 5♥", "collect 5♦: 5♥"} <= {str(m) for m in legal}
    for m in legal:
        assert SPEC.parse_move(s, str(m)) == m
    for text in ("lay 5C: 5H", "draw 5C 5H", "take 5C: 5H"):  # a collect's cards under another word
        with pytest.raises(IllegalMove, match="is not legal here"):
            SPEC.parse_move(s, text)


@pytest.mark.parametrize("played_card", ["collected", "stays"])
def test_error_a_centre_no_turn_leaves(played_card: str) -> None:
    """000 §Clearing the board: after a clear and the draw the dealer lays five cards in the centre (or
    what the stock has left), so under played_card collected the centre is empty only once the stock
    is; under stays the played card is laid there after every collection, so it is never empty while
    the game goes on. These positions were accepted and solved."""
    rules = {"played_card": played_card}
    hidden = position_json(["2C 3D 4H 5S 6C", "2D 3H 4S 5C 6D"], "", stock_size=3, rules=rules)
    assert _err(hidden).startswith("centre: empty, but under played_card stays" if played_card == "stays"
                                   else "centre: empty while the stock holds 3 cards")
    no_stock = position_json(["2C 3D", "4H"], "", rules=rules)
    if played_card == "stays":
        assert _err(no_stock).startswith("centre: empty, but under played_card stays every turn leaves its card")
    else:
        assert SPEC.state_from_json(no_stock).centre == ()


@pytest.mark.parametrize("played_card", ["collected", "stays"])
def test_error_a_centre_the_refill_cannot_leave(played_card: str) -> None:
    """While a turn waits for chance draws after a clear, the refill begins after the draw, and the
    centre holds what it has laid so far (under stays, the played card too)."""
    stays = played_card == "stays"
    rules = {"played_card": played_card}
    hands = ["2C 3C 4C 5C 6C", "3D 4D 5D 6D 7D"]
    refill = position_json(hands, "KH QS 8S" if stays else "KH QS", stock_size=10, rules=rules)
    refill["pending"] = {"draw": False, "refill": 3}
    assert SPEC.state_from_json(refill).pending == (False, 3)
    more = position_json(hands, "KH QS 8S 9S" if stays else "KH QS 8S", stock_size=10, rules=rules)
    more["pending"] = {"draw": False, "refill": 3}
    assert _err(more).startswith(f"centre: {4 if stays else 3} cards, but with 3 of the refill still to lay the "
                                 f"centre holds the 2 laid so far")
    draw = position_json(["2C 3C 4C 5C", "3D 4D 5D 6D 7D"], "KH" if stays else "", stock_size=10, rules=rules)
    draw["pending"] = {"draw": True, "refill": 5}
    assert SPEC.state_from_json(draw).pending == (True, 5)
    draw["pending"] = {"draw": True, "refill": 3}
    assert _err(draw).startswith("pending: refill 3 while the draw is still due")
    draw["pending"] = {"draw": True, "refill": 0}
    if not stays:
        assert _err(draw).startswith("centre: empty, but no clear is pending (refill 0)")


@pytest.mark.parametrize("sweep_clear", [False, True])
def test_error_a_finished_game_whose_clears_its_piles_cannot_hold(sweep_clear: bool) -> None:
    """A finished game (every hand empty) is checked as any other: each clear is a collection that
    put cards in the pile, and only the player of the last card (to_move) has the centre's last cards
    in the pile too, and one clear more for them under last_card_sweep_counts_as_clear. Every such
    end was accepted, whatever its clears."""
    rules = {"last_card_sweep_counts_as_clear": sweep_clear}
    over = position_json(["", ""], "", rules=rules, to_move=0)
    over["piles"] = [["2C"], [c for c in over["piles"][0] + over["piles"][1] if c != "2C"]]
    over["clears"] = [0, 25]
    assert SPEC.state_from_json(over).clears == (0, 25)
    over["clears"] = [0, 26]
    assert _err(over).startswith("clears[1]: 26 clears, but piles[1] holds 51 cards")
    over["clears"] = [1, 0]  # the one card of player 0's pile: the last card's sweep
    if sweep_clear:
        assert SPEC.state_from_json(over).clears == (1, 0)
        over["clears"] = [2, 0]
    assert _err(over).startswith(f"clears[0]: {2 if sweep_clear else 1} clears, but piles[0] holds 1 card")


def test_error_a_pending_field_with_nothing_pending(tmp_path: Any, capsys: Any) -> None:
    """The three-player unknown-stock example with ``pending`` that waits for nothing."""
    from tests.generic.test_cli import assert_one_line_error, run

    obj = read_json(str(resources.files("foolsolve").joinpath("examples", "fools-paradise-three-players-unknown-stock.json")))
    obj["pending"] = {"draw": False, "refill": 0}
    want = "pending: nothing is pending (draw false, refill 0); leave the field out"
    assert _err(obj) == want
    path = tmp_path / "pending.json"
    path.write_text(json.dumps(obj))
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, want)


def test_error_the_player_to_move_holds_no_cards() -> None:
    assert _err(position_json(["", "2C"], "KH")) == "to_move: player 0 has no cards (players without cards are skipped)"


def test_a_deal_needs_two_players_and_a_move_text_its_words() -> None:
    from foolsolve.spec.fools_paradise import Rules
    from tests.fools_paradise.helpers import position

    with pytest.raises(InputError, match=r"^players: at least 2 are required \(000 intro\), got 1$"):
        SPEC.deal(Rules(), 1, random.Random(0))
    state = position(["2C 3C", "4D 5D"], "KH")
    with pytest.raises(InputError, match=r"^move: empty text$"):
        SPEC.read_move(state, "  ")
    with pytest.raises(IllegalMove, match=r"^move: empty text$"):
        SPEC.parse_move(state, "")
    with pytest.raises(IllegalMove, match=r"^lay 2♣ is not a chance outcome here$"):
        SPEC.chance_probability(state, SPEC.legal_moves(state)[0])
