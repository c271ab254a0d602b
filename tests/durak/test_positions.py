"""Durak position files: the schema, the semantic checks, canonical JSON and the examples."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve.errors import InputError
from foolsolve.games import get
from foolsolve.spec.durak import SPEC
from tests.durak.helpers import card, check_invariants, moves, pos


def examples() -> list[str]:
    root = resources.files("foolsolve").joinpath("examples")
    return sorted(p.name for p in root.iterdir() if p.name.startswith("durak-"))


def load_example(name: str) -> dict[str, Any]:
    text = resources.files("foolsolve").joinpath("examples", name).read_text(encoding="utf-8")
    obj: dict[str, Any] = json.loads(text)
    return obj


def test_registry_knows_durak() -> None:
    info = get("durak")
    assert info.spec is SPEC and info.schema == "durak.schema.json" and info.random_game is not None


@pytest.mark.parametrize("name", examples())
def test_examples_load_round_trip_and_are_playable(name: str) -> None:
    s = SPEC.state_from_json(load_example(name))
    check_invariants(s)
    canon = SPEC.state_to_json(s)
    assert SPEC.state_from_json(canon) == s
    assert SPEC.state_to_json(SPEC.state_from_json(canon)) == canon
    assert json.loads(json.dumps(canon)) == canon


def test_examples_cover_the_brief() -> None:
    names = examples()
    assert {"durak-endgame.json", "durak-bonnet.json"} <= set(names) and len(names) >= 5


def test_issue_example_reads_as_written() -> None:
    s = SPEC.state_from_json(load_example("durak-endgame.json"))
    assert s.trump == "S" and s.hands[0] == {card("6H"), card("9D"), card("KH")}
    assert len(s.discard) == 36 - 5  # cards placed nowhere are in the discard
    assert moves(s) == ["attack 9♦", "attack 6♥", "attack K♥"]


def test_bonnet_example_has_no_trump() -> None:
    s = SPEC.state_from_json(load_example("durak-bonnet.json"))
    assert s.trump is None and SPEC.state_to_json(s)["trump"] is None


def test_canonical_json_sorts_cards_and_table() -> None:
    s = pos(hands=[["KC", "6C", "AS"], ["9D", "7H", "KS", "JC"]], table=[["9H", "JH"], ["9C", None]],
            discard=["QS", "6D"])
    j = SPEC.state_to_json(s)
    assert j["hands"][0] == ["6C", "KC", "AS"]
    assert j["table"] == [["9C", None], ["9H", "JH"]]
    assert [card(t).index for t in j["discard"]] == sorted(card(t).index for t in j["discard"])
    assert list(j) == ["game", "rules", "players", "trump", "hands", "stock", "discard", "out", "attacker",
                       "defender", "table", "to_move", "taking", "first_bout", "defender_start", "shown",
                       "last_defender"]
    assert j["defender_start"] == 5 and j["to_move"] == 1


def test_ten_accepts_every_spelling() -> None:
    a = pos(hands=[["10S", "TH", "10♦"], ["6H"]])
    assert a.hands[0] == {card("10S"), card("10H"), card("10D")}


def test_to_move_is_derived_for_each_phase() -> None:
    assert pos(hands=[["6H"], ["7H"]]).to_move == 0
    assert pos(hands=[["6S"], ["7H"]], table=[["6H", None]]).to_move == 1
    assert pos(hands=[["6S"], ["7H"], ["6C"]], table=[["6H", "8H"]]).to_move == 0
    assert pos(hands=[["QS"], ["7H"], ["6C"]], table=[["6H", "8H"]]).to_move == 2


SHOWING = {"variant": "perevodnoy", "transfer_by_showing_trump": True}
BAD: list[tuple[dict[str, Any], str]] = [
    ({"hands": [["6H", "6H"], ["7H"]]}, "hands[0]: duplicate card 6H"),
    ({"hands": [["6H"], ["6H"]]}, "hands[1]: card 6H is also in hands[0]"),
    ({"hands": [["6H"], ["7H"]], "stock": ["6H"]}, "stock: card 6H is also in hands[0]"),
    ({"hands": [["6H"], ["7H"]], "discard": ["7H"]}, "discard: card 7H is also in hands[1]"),
    ({"hands": [["6H"], ["7H"]], "table": [["7H", None]]}, "table[0][0]: card 7H is also in hands[1]"),
    ({"hands": [["2H"], ["7H"]]}, "hands[0]: unknown card \"2H\""),
    ({"hands": [["XX"], ["7H"]]}, "hands[0]: unknown card \"XX\""),
    ({"hands": [[6], ["7H"]]}, 'hands[0][0]: 6 is not of type "string"'),
    ({"hands": [["6H"]]}, 'hands: too short (at least 2 items): [["6H"]]'),
    ({"hands": [["6H"], ["7H"]], "rules": {"colour": 1}}, "rules.colour: unknown rule option"),
    ({"hands": [["6H"], ["7H"]], "rules": {"deck": 40}}, "rules.deck: 40 is not one of 36 | 52"),
    ({"hands": [["6H"], ["7H"]], "rules": {"transfer_cap": False}}, "rules.transfer_cap:"),
    ({"hands": [["6H"], ["7H"]], "rules": {"throw_in_after_take": 1}}, "rules.throw_in_after_take: expected true"),
    ({"hands": [["6H"], ["7H"]], "trump": "X"}, 'trump: "X" is not one of'),
    ({"hands": [["6H"], ["7H"]], "colour": "red"}, "position: Additional properties are not allowed"),
    ({"hands": [["6H"], ["7H"]], "game": "chess"}, 'game: "durak" was expected'),
    ({"hands": [["6H"], ["7H"]], "players": 3}, "players: 3 but hands lists 2 players"),
    ({"hands": [["6H"], ["7H"]], "attacker": 2}, "attacker: player 2 does not exist"),
    ({"hands": [["6H"], ["7H"]], "defender": 0}, "defender: must differ from the attacker"),
    ({"hands": [["6H"], ["7H"], ["8H"]], "defender": 2}, "defender: must be 1"),
    ({"hands": [["6H"], ["7H"]], "stock": ["8H"]}, "stock: the last card is the face-up trump"),
    ({"hands": [["6H"], ["7H"]], "table": [["9H", "8H"]]}, "table[0]: 8H does not beat 9H (trump spade)"),
    ({"hands": [["6H"], ["7H"]], "trump": None, "table": [["9H", "6S"]]}, "table[0]: 6S does not beat 9H (no trump)"),
    ({"hands": [["6H"], ["7H"]], "table": [["9H", None]], "to_move": 0}, "to_move: must be 1 (the defender)"),
    ({"hands": [["6H"], ["7H"]], "to_move": 1}, "to_move: must be 0 (the attacker)"),
    ({"hands": [["6H"], ["7H"], ["QC"]], "table": [["6D", "8D"]], "to_move": 2},
     "to_move: player 2 cannot throw in here"),
    ({"hands": [["6H"], ["7H"]], "table": [["9H", None], ["9D", None]]}, "table: 2 attack cards exceed this bout's cap of 1"),
    ({"hands": [["6H"], ["7H", "8H", "9H", "10H", "JH", "QH", "KH"]], "stock": ["8S"],
      "table": [["6C", "7C"], ["7D", "8D"], ["8C", "9C"], ["9D", "10D"], ["10C", "JC"], ["JD", "QD"], ["QC", "KC"]]},
     "table: 7 attack cards exceed this bout's cap of 6"),
    ({"hands": [["6H"], ["7H", "8H"]], "table": [["9H", None], ["10H", None]]}, "table: with nothing covered"),
    ({"hands": [["6H"], ["7H"]], "defender_start": 4}, "defender_start: must be 1"),
    ({"hands": [["6H"], ["7H"]], "out": [0]}, "out: player 0 is listed as out but holds cards"),
    ({"hands": [["6H"], ["7H"], []], "out": []}, "out: player 2 has no cards and the stock is empty"),
    ({"hands": [["6H"], ["7H"], []], "stock": ["8S"], "out": [2]}, "out: players only go out once the stock"),
    ({"hands": [["6H"], ["7H"]], "out": [5]}, "out: player 5 does not exist"),
    ({"hands": [[], ["7H"]], "stock": ["8S"]}, "hands[0]: the attacker must hold cards to lead"),
    ({"hands": [["6H"], []], "out": []}, "out: player 1 has no cards"),
    ({"hands": [["6H"], ["7H"]], "taking": True}, "taking: the table is empty"),
    ({"hands": [["6H", "9H"], ["7H"]], "table": [["9C", "JC"]], "taking": True},
     "taking: the defender can only take while a card is uncovered"),
    ({"hands": [[], ["9D", "7H"]], "out": [0], "table": [["8C", None]]},
     "table: the game is over (at most one player is still in), so the table is empty"),
    ({"hands": [["6H"], []], "taking": True}, "taking: the game is over"),
    ({"hands": [["6H"], []], "stock": ["8S"]}, "hands[1]: the defender must hold cards"),
    ({"hands": [["6H"], ["7H"], [], []], "out": [2, 3], "places": [1, 3], "rules": {"places": "even"}},
     "places: place 3 at position 1 of out; a place is one more than the players out before its group (2), or the "
     "place of the player before (a tie)"),
    ({"hands": [["6H"], ["7H"]], "rules": {"variant": "simple"}, "table": [["9H", None]], "taking": True},
     "taking: under these rules"),
    ({"hands": [["6H"], ["7H"]], "rules": {"variant": "simple"}, "table": [["9H", "JH"]]}, "table: every card is covered"),
    ({"hands": [["QH"], ["7H"]], "table": [["9H", "JH"]]}, "table: nobody can throw in"),
    # 001 §throw-in: simple Durak has no throw-ins, so a bout's attack cards are the lead's, of one rank
    ({"hands": [["6H", "KD"], ["8D", "9D", "JH"]], "rules": {"variant": "simple"},
      "table": [["6C", "7C"], ["7D", None]], "to_move": 1}, "table: attack cards of different ranks, but simple"),
    # 001 §rules "The number of cards that a move was made with should not be more than the number of cards in the
    # player's hand, for which this move was made": the bout is full, and the message says which rule fills it
    ({"hands": [["6S", "KS"], ["AC", "AD"]], "table": [["6C", None], ["6D", None]], "taking": True},
     "table: nobody can throw in (the 2 cards the defender held when the bout began cap the bout at 2 attack cards: "
     "001 §rules), so this bout is already over"),
    ({"hands": [["6S", "KS"], ["AC", "AD", "QH", "KH", "AH", "JH", "10H"]], "stock": ["AS"],
      "table": [["6C", "7C"], ["6D", "7D"], ["6H", "7H"], ["8C", "9C"], ["8D", "9D"], ["8H", "9H"]]},
     "table: nobody can throw in (a bout holds at most 6 attack cards while the stock has cards: 001 §throw-in), so "
     "this bout is already over"),
    ({"hands": [["6H"], ["7H"]], "table": [["9H", None]], "shown": ["9S"]}, "shown: trumps are shown only"),
    ({"hands": [["6H"], ["7H"], [], ["8H"]], "out": [2], "table": [["9H", None]], "attacker": 1, "defender": 0},
     "defender: must be 3"),
    ({"hands": [["6H"], [], ["8H"]], "out": [1], "table": [["9H", None]], "attacker": 0, "defender": 1},
     "defender: player 1 is out"),
    # 001 §Variants: "transfer the move to another participant simply by showing a trump card of the same value
    # as the card on the table": a shown card is a trump of an attack card's rank, held or on the table
    ({"hands": [["6H", "9S"], ["7H", "9C"]], "table": [["9H", None]], "shown": ["9C"], "rules": SHOWING},
     "shown: 9C is not a trump"),
    ({"hands": [["6H", "10S"], ["7H"]], "table": [["9H", None]], "shown": ["10S"], "rules": SHOWING},
     "shown: 10S does not have the rank of an attack card"),
    ({"hands": [["6H"], ["7H"]], "table": [["9H", None]], "shown": ["9S"], "rules": SHOWING},
     "shown: 9S is neither in a hand nor on the table"),
    ({"hands": [["6H"], ["7H", "9S"]], "shown": ["9S"], "rules": SHOWING}, "shown: the table is empty"),
]


@pytest.mark.parametrize(("fields", "message"), BAD, ids=[m.split(":")[0] + "-" + str(i) for i, (_, m) in enumerate(BAD)])
def test_bad_positions_name_the_field(fields: dict[str, Any], message: str) -> None:
    obj: dict[str, Any] = {"game": "durak", "trump": "S", "stock": [], "attacker": 0, "defender": 1}
    obj.update(fields)
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    text = str(exc.value)
    assert "\n" not in text
    assert message in text, text


def test_missing_required_field_is_named() -> None:
    with pytest.raises(InputError, match='"hands" is a required property'):
        SPEC.state_from_json({"game": "durak", "trump": "S", "stock": [], "attacker": 0, "defender": 1})


def test_not_an_object_is_an_input_error() -> None:
    with pytest.raises(InputError):
        SPEC.state_from_json([1, 2])  # type: ignore[arg-type]


def test_finished_game_positions_are_read_as_over() -> None:
    s = pos(hands=[["6H"], []])
    res = SPEC.result(s)
    assert s.out == (1,) and res is not None and res.label == "fool: player 0" and SPEC.legal_moves(s) == []
    d = pos(hands=[[], []], last_defender=0, rules={"draw_outcome": "last_defender_loses"})
    res = SPEC.result(d)
    assert res is not None and res.label == "fool: player 0"
    assert SPEC.state_from_json(SPEC.state_to_json(d)) == d


def test_malformed_position_file_is_an_input_error(tmp_path: Any) -> None:
    from foolsolve.positions import read_json

    f = tmp_path / "bad.json"
    f.write_text('{"game": "durak", "hands": [', encoding="utf-8")
    with pytest.raises(InputError, match="malformed JSON"):
        read_json(f)


def test_describe_names_the_roles_the_table_a_take_and_who_moves() -> None:
    s = pos(hands=[["6C", "7C", "AS"], ["7H", "8D"]], stock=["9C", "10S"], table=[["6H", None]], taking=True,
            rules={"throw_in_after_take": True})
    assert SPEC.describe(s).splitlines() == [
        "Durak (podkidnoy, 36 cards), 2 players, trump ♠; stock 2 (bottom 10♠); discard 28",
        "player 0 (attacker): 6♣ 7♣ A♠",
        "player 1 (defender): 8♦ 7♥",
        "table: 6♥/-  (taking)",
        "to move: player 0 (throw)",
    ]
    covered = pos(hands=[["6C", "7C", "AS"], ["8D"]], stock=["9C", "10S"], table=[["6H", "7H"]])
    assert "table: 6♥/7♥" in SPEC.describe(covered).splitlines()


def test_describe_writes_an_empty_hand_as_a_dash() -> None:
    """A player who has gone out holds nothing: her line reads 'player 1 (defender, out): -' (the
    empty-zone mark of every other line and game), not a line ending in a blank after the colon."""
    s = pos(hands=[["6C", "7C"], []])
    lines = SPEC.describe(s).splitlines()
    assert any(line.startswith("player 1 (") and line.endswith("): -") for line in lines), lines


# --- what the deal and the draws put in the hands (spec/durak.py _check_dealt_and_drawn) ------------

SHORT_LEAD = {"game": "durak", "trump": "S", "hands": [["6H", "9D"], ["7H", "AD", "6C", "7C", "8C", "9C"]],
              "stock": ["10C", "JC", "QC", "AS"], "attacker": 0, "defender": 1, "table": []}


@pytest.mark.parametrize("obj, message", [
    (SHORT_LEAD, "hands[0]: 2 cards at the lead, but with 4 cards left in the stock every player drew up to 6"),
    ({**SHORT_LEAD, "hands": [["6H", "9D", "7D", "8D", "9H", "10H"], ["7H", "AD"]], "table": [["6D", "7S"]]},
     "hands: 10 cards in the hands and on the table, but with 4 cards left in the stock each of the 2 players"),
    ({"game": "durak", "trump": "S", "hands": [["6H", "9D"], ["7H", "AD"]], "stock": [], "attacker": 0,
      "defender": 1, "table": [], "first_bout": True, "discard": ["6C"]},
     "discard: 32 cards, but nothing is discarded before the first bout of a deal ends"),
    ({"game": "durak", "trump": "S", "hands": [["6H", "9D", "KH", "QH", "JH", "10H"],
                                               ["7H", "AD", "KD", "QD", "JD", "10D"]],
      "stock": ["AS"], "attacker": 0, "defender": 1, "first_bout": True},
     "stock: 1 card, but in the first bout (first_bout is true) the stock is what the deal of 6 to each of 2 "
     "players left: 24"),
    ({"game": "durak", "trump": "S",
      "hands": [["6C", "7C", "8C", "9C", "10C", "JC"], ["6D", "7D", "8D", "9D", "10D", "JD"],
                ["6H", "7H", "8H", "9H", "10H", "JH"], ["6S", "7S", "8S", "9S", "10S", "JS"],
                ["QC", "KC", "AC", "QD", "KD", "AD"], ["QH", "KH", "AH", "QS", "KS"]],
      "stock": [], "attacker": 3, "defender": 4, "first_bout": True, "discard": ["AS"]},
     "discard: 1 card, but nothing is discarded before the first bout"),
], ids=["short-hand-at-a-lead", "short-hands-in-a-bout", "first-bout-beaten-cards", "first-bout-one-card-stock",
        "first-bout-six-players"])
def test_hands_the_deal_and_the_draws_cannot_give_are_refused(obj, message) -> None:
    """After each bout everyone draws up to six while the stock lasts (001 §rules), so a player short of
    six at a lead beside a stock, or hands and table short of six a player during a bout, cannot be
    reached; nor a first bout with beaten cards or a stock other than what the deal left. These were
    accepted and solved."""
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_a_view_whose_counts_no_draw_gives_is_a_one_line_error(tmp_path) -> None:
    """A view gives the other hands as counts: a count short of six beside a stock is refused too."""
    from foolsolve.worlds import read_view, view_of

    full = {**SHORT_LEAD, "hands": [["6H", "9D", "7D", "8D", "9H", "10H"], SHORT_LEAD["hands"][1]]}
    view = view_of(get("durak"), SPEC.state_from_json(full), 1)
    assert view["hands"][0] == {"count": 6}
    view = {**view, "hands": [{"count": 2}, view["hands"][1]], "discard": [*view["discard"], "7D", "8D", "9H", "10H"]}
    with pytest.raises(InputError, match=r"hands\[0\]: 2 cards at the lead"):
        read_view(view)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**63))
def test_every_position_of_random_games_under_every_option_is_read_back(seed: int) -> None:
    """The checks of the hands never refuse a reachable position: random games from random deals under
    every rule option, the side rules included (conform_game: teams, the 54-card deck and 7-8 players,
    the trump-ace exchange, the redeal phase), every position along them read back from its JSON."""
    from foolsolve.games.durak import conform_game

    rng = random.Random(seed)
    s = conform_game(rng)
    for _ in range(3000):
        assert SPEC.state_from_json(SPEC.state_to_json(s)) == s
        if SPEC.result(s) is not None:
            return
        s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))


def test_the_documented_canonical_form_names_what_it_leaves_out() -> None:
    """docs/durak.md says which rule options and fields the canonical form (`state_to_json`) writes only
    when set: the side rules, off by default, and transfer_trump_laid are left out of a default position's
    JSON, and the page names each; its list of moves names every move the spec prints (the trump ace
    exchange too)."""
    from pathlib import Path

    from foolsolve.spec.durak import WRITTEN_WHEN_SET

    doc = (Path(__file__).resolve().parents[2] / "docs" / "durak.md").read_text(encoding="utf-8")
    canonical = doc.split("* The canonical form (`state_to_json`)")[1].split("\n* ")[0]
    written = SPEC.state_to_json(pos(hands=[["6H"], ["7H"]]))
    for name in WRITTEN_WHEN_SET:
        assert name not in written["rules"] and f"`{name}`" in canonical
    assert "places" not in written and "known" not in written and "`known` only" in canonical
    moves_text = doc.split("Moves print with card glyphs")[1].split("###")[0]
    for verb in ("attack", "cover", "transfer", "show", "throw", "take", "pass", "exchange", "redeal", "keep"):
        assert f"`{verb}" in moves_text, verb


# --- what a position says of the transfers of its bout (spec/durak.py _check_transfers) --------------

PEREVODNOY = {"variant": "perevodnoy", "transfer_by_showing_trump": True}
THREE = {"variant": "perevodnoy", "transfer_lead": "bout_leader"}


def _first_bout(hands: list[list[str]], **fields: Any) -> dict[str, Any]:
    """A first bout of a 36-card deal, trump spades: the stock is every card not in a hand or on the
    table, a spade last (what the deal left, as the reading of a first bout wants)."""
    placed = {c for h in hands for c in h} | {c for pair in fields.get("table", []) for c in pair if c}
    rest = [f"{r}{s}" for s in "CDHS" for r in ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
            if f"{r}{s}" not in placed]
    return {"game": "durak", "trump": "S", "hands": hands, "stock": rest, "attacker": 0, "defender": 1,
            "first_bout": True, **fields}


SIX = [["7C", "8C", "9C", "10C", "8S"], ["6D", "7D", "8D", "9D", "10D", "9S"], ["6C", "JD", "QD", "KD", "AD", "QC"]]
"""Three hands of a first bout after player 0, dealt the lowest trump (8S), led 6H (nothing covered)."""


@pytest.mark.parametrize("obj, message", [
    # the deal's first defender (last_defender) is not the defender: the attack was transferred
    (_first_bout(SIX, table=[["6H", None]], last_defender=2),
     "last_defender: the first bout's defender (player 2) is not the defender, so the attack was transferred, but "
     "transfers belong to perevodnoy (variant is podkidnoy)"),
    (_first_bout([[*SIX[0], "6H"], SIX[1], SIX[2]], last_defender=2),
     "last_defender: must be 1 (the defender) before the first bout of a deal begins"),
    # 2 players: player 0 (dealt the lowest trump, 6S) led 9H, player 1 showed 9S: the attack is back with player 0
    (_first_bout([["6S", "8C", "9C", "10C", "JC"], ["6D", "7D", "8D", "9D", "10D", "9S"]], table=[["9H", None]],
                 attacker=1, defender=0, last_defender=1, shown=["9S"], rules=PEREVODNOY),
     "shown: a trump shown to transfer, so the attack was transferred, but the first bout of a deal is not "
     "transferred (transfer_first_bout is false)"),
    ({"game": "durak", "trump": "S", "stock": [], "hands": [["7C", "9S"], ["10S", "KD"]], "attacker": 0,
      "defender": 1, "table": [["9H", "10H"], ["10D", None]], "shown": ["9S", "10S"], "rules": PEREVODNOY},
     "shown: 2 trumps shown (9S 10S), but every transfer of a bout is of its lead's rank, which one trump has"),
    ({"game": "durak", "trump": "S", "stock": [], "hands": [["7C", "9S"], ["10S", "KD"]], "attacker": 0,
      "defender": 1, "table": [["9H", None]], "shown": ["9S"], "rules": {**PEREVODNOY, "transfer_trump_laid": False}},
     "shown: a trump shown to transfer counts as a trump on the table under transfer_trump_laid false"),
    # bout_leader: player 0 led and kept the lead while the attack went on to player 2, but one card lies there
    ({"game": "durak", "trump": "S", "stock": [], "hands": [["7C"], ["8C", "KD"], ["10S", "KH"]], "attacker": 0,
      "defender": 2, "table": [["9H", None]], "rules": THREE},
     "defender: player 2, not the next player after the attacker, defends, so the attack was transferred, but no "
     "two attack cards share a rank and no trump is shown"),
    ({"game": "durak", "trump": "S", "stock": [], "hands": [["7C"], ["8C", "KD"], ["10S", "KH"]], "attacker": 0,
      "defender": 2, "table": [["9H", None], ["9D", None]], "rules": {**THREE, "variant": "podkidnoy"}},
     "defender: must be 1"),
], ids=["podkidnoy-first-bout-transferred", "first-lead-last-defender", "first-bout-shown", "two-shown",
        "shown-trump-counts", "bout-leader-one-card", "bout-leader-podkidnoy"])
def test_transfers_the_rules_do_not_allow_are_refused(obj: dict[str, Any], message: str) -> None:
    """A position shows a transfer of its bout by a trump shown, a defender who is not the next
    player after the attacker (transfer_lead bout_leader) or, in the first bout of a deal, a
    last_defender other than the defender; each is refused where the rules allow no such transfer
    (not perevodnoy, the first bout without transfer_first_bout, a shown trump that counts as a trump
    on the table), as are two trumps shown in one bout and a transfer that laid no card beside the
    lead. These were accepted and solved."""
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert message in str(exc.value) and "\n" not in str(exc.value), str(exc.value)


def test_transfers_the_rules_allow_are_read() -> None:
    """The same transfers where the rules allow them read as positions: a first bout transferred
    under transfer_first_bout, a shown trump, a bout's leader keeping the lead past a laid transfer."""
    shown = _first_bout([["6S", "8C", "9C", "10C", "JC"], ["6D", "7D", "8D", "9D", "10D", "9S"]],
                        table=[["9H", None]], attacker=1, defender=0, last_defender=1, shown=["9S"],
                        rules={**PEREVODNOY, "transfer_first_bout": True})
    assert SPEC.state_from_json(shown).shown == {card("9S")}
    # player 0 led 6H, player 1 laid 6S beside it: the attack is on player 2, player 1 leads it
    laid = _first_bout([SIX[0], SIX[1][:5], SIX[2]], table=[["6H", None], ["6S", None]], attacker=1, defender=2,
                       last_defender=1, rules={"variant": "perevodnoy", "transfer_first_bout": True})
    assert SPEC.state_from_json(laid).defender == 2
    kept = {"game": "durak", "trump": "S", "stock": [], "hands": [["7C"], ["8C", "KD"], ["10S", "KH"]],
            "attacker": 0, "defender": 2, "table": [["9H", None], ["9D", None]], "rules": THREE}
    assert SPEC.state_from_json(kept).attacker == 0


# --- the first bout: its leader was dealt the lowest trump (spec.durak.first_lead_breach) -----------

FIRST_LEAD_REFUSED = [
    # 2 players at the lead: player 0 leads, but player 1 holds 7S, below her lowest trump 9S
    (_first_bout([["9S", "7C", "8C", "9C", "10C", "JC"], ["7S", "6D", "7D", "8D", "9D", "10D"]]),
     "attacker: player 0 led the first bout of the deal, but 7S, the lowest trump dealt, is in hands[1]"),
    # the lowest trump laid as a cover: the defender's
    (_first_bout([["9S", "7H", "9C", "10C", "JC"], ["6D", "7D", "8D", "9D", "10D"]], table=[["7C", "7S"]]),
     "attacker: player 0 led the first bout of the deal, but 7S, the lowest trump dealt, is laid by player 1 on "
     "the table"),
    # no trump dealt: player 0 leads, not player 1
    (_first_bout([["6D", "7D", "8D", "9D", "10D", "JD"], ["6C", "7C", "8C", "9C", "10C", "JC"]], attacker=1,
                 defender=0, last_defender=0),
     "attacker: player 1 led the first bout of the deal, but no trump was dealt, so player 0 leads it"),
    # 3 players: player 2 holds the lowest trump, and player 0 (attacking player 1) leads
    (_first_bout([SIX[0], SIX[1], [*SIX[2][:5], "6S"]], table=[["6H", None]]),
     "attacker: player 0 led the first bout of the deal, but 6S, the lowest trump dealt, is in hands[2]"),
    # perevodnoy, transferred in the first bout: player 0 led (last_defender 1), player 1 laid 9H beside
    # her 9C and attacks her; two players, so the attack cards' owners are not recorded, but 7S is in hand 1
    (_first_bout([["6C", "7C", "8C", "10C", "JC"], ["7S", "6D", "7D", "8D", "10D"]], table=[["9C", None], ["9H", None]],
                 attacker=1, defender=0, last_defender=1, rules={"variant": "perevodnoy", "transfer_first_bout": True}),
     "last_defender: player 0 led the first bout of the deal, but 7S, the lowest trump dealt, is in hands[1]"),
]


@pytest.mark.parametrize("obj, message", FIRST_LEAD_REFUSED,
                         ids=["lead", "cover", "no-trump", "three-players", "transferred"])
def test_a_first_bout_whose_leader_was_not_dealt_the_lowest_trump_is_refused(obj: dict[str, Any],
                                                                              message: str) -> None:
    """001 §rules: "The right of the first move in the first game belongs to the player who has a trump
    card of the lowest value". In the first bout of a deal (after the redeal phase) the hands and the
    cards laid this bout are the hands dealt, so a position whose first attacker (the player before the
    deal's first defender, last_defender) was not dealt the lowest trump dealt is no position a deal
    leads to: one line naming the field, from the spec and from the command line (exit 2)."""
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert str(exc.value).startswith(message) and "\n" not in str(exc.value), str(exc.value)


@pytest.mark.parametrize("obj, message", FIRST_LEAD_REFUSED[:1])
def test_the_command_line_refuses_such_a_first_bout_in_one_line(obj: dict[str, Any], message: str, tmp_path,
                                                                 capsys) -> None:
    from tests.generic.test_cli import assert_one_line_error, run

    path = tmp_path / "first.json"
    path.write_text(json.dumps(obj))
    for argv in (["show", str(path)], [str(path)]):
        code, out, err = run(argv, capsys)
        assert_one_line_error(code, err, message)
        assert out == ""


def test_first_bouts_whose_leader_may_have_been_dealt_the_lowest_trump_are_read() -> None:
    """What the position leaves open is not refused: with three players the attack cards' owners are not
    recorded (the lowest trump thrown in may be the leader's); the later bouts, and positions set up by
    hand (no trump), carry no such rule; under trump_ace_exchange the six of trumps face up under the
    stock, with the trump ace in the leader's hand, is the six she gave for the ace (so dealt to her)."""
    thrown = _first_bout([["7C", "8C", "9C", "10C"], ["9S", "6D", "7D", "8D", "9D"], ["6C", "JD", "QD", "KD", "AD"]],
                         table=[["6H", "10H"], ["6S", None], ["10D", None]], to_move=1)
    assert SPEC.state_from_json(thrown).table
    later = _first_bout([["9S", "7C", "8C", "9C", "10C", "JC"], ["7S", "6D", "7D", "8D", "9D", "10D"]],
                        first_bout=False)
    assert not SPEC.state_from_json(later).first_bout
    hands = [["AS", "7C", "8C", "9C", "10C", "JC"], ["7S", "6D", "7D", "8D", "9D", "10D"]]
    exchanged = _first_bout(hands, rules={"trump_ace_exchange": True})
    exchanged["stock"] = [*[c for c in exchanged["stock"] if c != "6S"], "6S"]
    assert SPEC.state_from_json(exchanged).hands[0] >= {card("AS")}
    with pytest.raises(InputError, match=r"^attacker: player 0 led the first bout of the deal, but 7S"):
        SPEC.state_from_json({**exchanged, "rules": {}})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 12))
def test_every_first_bout_a_deal_leads_to_is_read(seed: int, moves: int) -> None:
    """Random deals (every rule option at random, 2-6 players) played on at random within their first
    bout: each position reads back as itself (the leader was dealt the lowest trump)."""
    from foolsolve.games.durak import random_game

    rng = random.Random(seed)
    state = random_game(rng)
    for _ in range(moves):
        listed = SPEC.legal_moves(state)
        if not listed or not state.first_bout:
            break
        state = SPEC.apply(state, rng.choice(listed))
    assert SPEC.state_from_json(SPEC.state_to_json(state)) == state


def test_a_first_bout_after_the_trump_ace_exchange_reads_back() -> None:
    """Under trump_ace_exchange the first attacker may give the six of trumps for the trump ace face up
    under the stock (001 §Translation "some offer to exchange a trump ace, lying open under the deck,
    for a trump six"), in view of all: the ace is ``known`` in her hand while the first bout goes on,
    and the six lies under the stock. Such positions read back as themselves, every move of the bout
    on (2-4 players, seeded deals)."""
    from foolsolve.spec.durak import Exchange, Rules

    rules = Rules(trump_ace_exchange=True, redeal_right=False)
    found = 0
    for seed in range(20000):
        state = SPEC.deal(rules, 2 + seed % 3, random.Random(seed))
        exchange = [m for m in SPEC.legal_moves(state) if isinstance(m, Exchange)]
        if not exchange:
            continue
        state = exchanged = SPEC.apply(state, exchange[0])
        assert exchanged.known[exchanged.attacker]
        rng = random.Random(seed)
        while state.first_bout:
            assert SPEC.state_from_json(SPEC.state_to_json(state)) == state
            state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
        found += 1
        if found == 12:
            break
    assert found == 12
    # any other card known in the first bout is still refused: the defender's
    obj = SPEC.state_to_json(exchanged)
    obj["known"][exchanged.defender] = obj["hands"][exchanged.defender][:1]
    with pytest.raises(InputError, match=r"^known: no card is picked up before the first bout of a deal ends"):
        SPEC.state_from_json(obj)


@pytest.mark.parametrize(("fields", "message"), [
    ({"attacker": 1, "defender": 2}, "attacker: must be 2 (the lowest trump leads the first bout of a deal)"),
    ({"first_bout": False}, "first_bout: the redeal phase comes before the first bout (first_bout true, taking false)"),
    ({"last_defender": 1}, "last_defender: must be 0 (the first defender) right after the deal"),
    ({"to_move": 2}, "to_move: player 2 may not demand a re-deal (players who may: 0, 1)"),
])
def test_a_redeal_phase_position_is_a_fresh_deal_with_a_player_who_may_demand_a_redeal(fields, message) -> None:
    """The redeal example (player 2 holds the lowest trump, 6S; players 0 and 1 hold five or more
    cards of one suit) with one field changed."""
    obj = {**load_example("durak-redeal.json"), **fields}
    with pytest.raises(InputError) as exc:
        SPEC.state_from_json(obj)
    assert str(exc.value) == message


def test_a_move_text_naming_no_move_is_refused_naming_the_problem() -> None:
    from foolsolve.game import IllegalMove

    state = SPEC.state_from_json(load_example("durak-endgame.json"))
    for text, message in [
        (" ", "move: empty text"),
        ("attack 6H 6H", "move: 'attack 6H 6H' names a card twice"),
        ("juggle 6H", "move: cannot read 'juggle 6H' (moves are written: attack 6H [6D ...], cover 6H with 7H, "
                      "transfer 6S [6D ...], show 6S, throw 6C, take, pass, redeal, keep, exchange 6H)"),
    ]:
        with pytest.raises(InputError) as exc:
            SPEC.read_move(state, text)
        assert str(exc.value) == message
    with pytest.raises(IllegalMove, match=r"^move 'take' is not a Durak move \(one of Attack, "):
        SPEC.apply(state, "take")  # type: ignore[arg-type]
