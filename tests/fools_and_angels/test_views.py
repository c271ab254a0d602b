"""What a Fools and Angels view knows besides the visible cards (docs/views.md): the attack cards a
defender takes are taken in view of both; the cards an Exchange puts face down under the pool are
known to the one who put them there; a card known in a hand is known no more once it has left it
(or, after an Exchange, once the opponent cannot tell whether it left)."""

import dataclasses
import json
import random
import re
import time
from collections import Counter
from math import factorial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

from foolsolve import games
from foolsolve.cards import FRENCH52
from foolsolve.errors import InputError
from foolsolve.spec.fools_and_angels import DEFAULT_STOCKS, SPEC, stock_reach
from foolsolve.worlds import SAMPLE_SECONDS, Worlds, read_view, view_of
from tests.generic.test_cli import assert_one_line_error, run
from tests.generic.test_worlds import random_position

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


def _placed(view, path, card):
    """``view`` with ``card`` known in the hidden zone at ``path``."""
    out = json.loads(json.dumps(view))
    zone = out
    for k in path[:-1]:
        zone = zone[k]
    zone[path[-1]] = {**zone[path[-1]], "known": [*zone[path[-1]].get("known", []), card]}
    return out


def test_after_an_exchange_the_opponent_s_worlds_put_the_hand_s_known_cards_anywhere_they_may_lie():
    """Before the exchange player 0 knows 2C and 5D in player 1's hand; ``exchange 2C 4H`` puts 2C face
    down under the pool and keeps 5D. Her view is the same whichever two cards went (she saw only
    ``exchange 2 cards``), so it knows neither card's place: it cannot say "in the hand or among the
    pool's bottom two cards". Its worlds put each of them in every hidden zone where the rules let an
    unseen card lie (the hand, the pool, and its own stock: a view does not say the card was seen), each
    as often as the worlds with it there are many (counted with the card known there, chi-square of 600
    seeded draws)."""
    before = SPEC.state_from_json(EXCHANGE)
    state = _after(EXCHANGE, "exchange 2C 4H")
    view, worlds = _round_trip(state, 0)
    for other in ("exchange 5D 4H", "exchange 2C 5D", "exchange 5S JC"):
        assert SPEC.public_move(before, SPEC.parse_move(before, other), 0) == "exchange 2 cards"
        assert view_of(INFO, _after(EXCHANGE, other), 0) == view
    total = worlds.count()
    paths = [("hands", 1), ("pool",), ("stocks", 0), ("stocks", 1)]
    draws = [worlds.sample(random.Random(i)) for i in range(600)]
    for card in ("2C", "5D"):
        counts = {}
        for path in paths:
            try:
                counts[path] = Worlds(read_view(_placed(view, path, card))).count()
            except InputError:  # a stock that never holds the card
                counts[path] = 0
        assert sum(counts.values()) == total  # every world puts it in one of them
        assert counts[("hands", 1)] and counts[("pool",)]
        where = Counter(next(p for p in paths if card in {c.ascii for c in _zone(w, p)}) for w in draws)
        keys = [p for p in paths if counts[p]]
        assert chisquare([where[p] for p in keys], [len(draws) * counts[p] / total for p in keys]).pvalue > SIGNIFICANCE


def _zone(state, path):
    """The cards of a state's zone at a view path (``("hands", 1)``, ``("pool",)``)."""
    value = getattr(state, path[0])
    return value[path[1]] if len(path) > 1 else value


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
    # 12 unseen cards; each stock holds 2 of its own 3 (Exchange: the pool may hold any card), the
    # other 8 fill the hand's 4 unknown places and the pool's 4: 3 * 3 * C(8, 4) sets, 2! 2! 4! orders
    assert Worlds(read_view(bare)).count() == Worlds(read_view(listed)).count() == 3 * 3 * 70 * 2 * 2 * 24 == 60_480
    mine = view_of(INFO, _after(EXCHANGE, "exchange 2C 4H"), 1)
    assert mine["pool"] == {"count": 4, "known": ["2C", "4H"]}
    worlds = Worlds(read_view({**mine, "pool": {"count": 4}}))
    assert worlds.count() == Worlds(read_view(mine)).count()
    assert {c.ascii for c in worlds.sample(random.Random(1)).pool} >= {"2C", "4H"}


# --- where the unseen cards may lie (SpecGame.view_card_zones, docs/views.md) ---------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
SIGNIFICANCE = 0.001
"""The chi-square test rejects the sampler when the p-value is below this (seeded: one fixed run)."""


def _unseen_respected(view, world):
    """Every unseen card of ``view`` lies, in ``world``, in a zone ``view_card_zones`` allows."""
    allowed = SPEC.view_card_zones(view)
    where = {c: ("hands", q) for q in (0, 1) for c in world.hands[q]}
    where.update({c: ("stocks", q) for q in (0, 1) for c in world.stocks[q]})
    where.update({c: ("pool",) for c in world.pool})
    return all(where.get(c) in allowed[c] for c in view.unseen)


@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 60), player=st.integers(0, 1))
def test_every_sampled_world_puts_the_unseen_cards_where_the_rules_let_them_lie(seed, moves, player):
    """Random rules (Exchange, Asymmetry, custom stocks) and positions: every sampled world gives the
    view back, keeps each stock to the cards it can hold (``stock_reach``: a stock only loses cards,
    but for Exchange and Asymmetry) and each unseen card in a zone the hook allows it."""
    rng = random.Random(seed)
    state = random_position(INFO, rng, moves)
    view = view_of(INFO, state, player)
    worlds = Worlds(read_view(json.loads(json.dumps(view))))
    assert _unseen_respected(worlds.view, state)  # the position itself is one of its worlds
    reach = stock_reach(state.rules, state.phase, state.setup_chosen, state.turns_done)
    for _ in range(3):
        world = worlds.sample(rng)
        assert view_of(INFO, world, player) == view
        assert _unseen_respected(worlds.view, world)
        assert set(world.stocks[0]) <= reach[0] and set(world.stocks[1]) <= reach[1] and set(world.pool) <= reach[2]
        if state.phase != "setup" and state.turns_done < 2:  # a hand holds only what its player drew
            assert all(world.hands[p] <= reach[p] | reach[2] for p in (0, 1))


def _cards(texts):
    return {FRENCH52.parse(t) for t in texts}


def test_the_opening_view_counts_only_the_orders_of_the_three_stocks():
    """At the opening every stock holds its own cards (rules.stocks): 12! 12! 16! worlds, not the 40!
    of dealing the 40 cards anywhere; every world's stocks are the rules' stocks."""
    view = read_view(json.loads((EXAMPLES / "views" / "fools-and-angels.json").read_text()))
    worlds = Worlds(view)
    assert worlds.count() == factorial(12) * factorial(12) * factorial(16)
    rng = random.Random(1)
    for _ in range(5):
        world = worlds.sample(rng)
        assert set(world.stocks[0]) == _cards(DEFAULT_STOCKS.player0)
        assert set(world.stocks[1]) == _cards(DEFAULT_STOCKS.player1)
        assert set(world.pool) == _cards(DEFAULT_STOCKS.pool)


def test_the_defence_003_view_from_the_defenders_seat():
    """foolsolve/examples/fools-and-angels-defence-003.json as player 1 sees it: 14 unseen cards, the
    opponent's hand 1, stocks 4 and 4, the pool 5. Player 1's own A-6 cards not seen (3H 6D AH 2D) can
    only be in her stock (4 places: all of them) or the opponent's hand; the pool's (7H QS 8H 9D JC) in
    the pool (5 places: all of them) or that hand; so the hand holds one of the 5 unseen black cards and
    player 0's stock the other 4: 5 hands times the orders 4! 4! 5! = 345,600 worlds (was 14!)."""
    state = SPEC.state_from_json(json.loads((EXAMPLES / "fools-and-angels-defence-003.json").read_text()))
    worlds = Worlds(read_view(view_of(INFO, state, 1)))
    assert len(worlds.view.unseen) == 14
    assert worlds.count() == 5 * factorial(4) * factorial(4) * factorial(5) == 345_600
    black = _cards(["5C", "6C", "3S", "AS", "4C"])
    rng = random.Random(3)
    hands = Counter()
    for _ in range(200):
        world = worlds.sample(rng)
        assert set(world.stocks[1]) == _cards(["3H", "6D", "AH", "2D"])
        assert set(world.pool) == _cards(["7H", "QS", "8H", "9D", "JC"])
        assert len(world.hands[0]) == 1 and world.hands[0] <= black
        assert set(world.stocks[0]) == black - world.hands[0]
        hands.update(world.hands[0])
    assert set(hands) == black


SMALL_EXCHANGE = {"game": "fools-and-angels", "rules": {"exchange": True}, "phase": "turn", "to_move": 0,
                  "hands": [["AS", "2H"], ["3S", "4H"]], "stocks": [["5S"], ["5H"]], "pool": ["7C", "JD"]}


def test_a_small_exchange_view_samples_its_worlds_uniformly():
    """Exchange lets the pool hold any card, so the unseen cards' classes (black A-6: stock 0, hand,
    pool; red A-6: stock 1, hand, pool; pool cards: hand, pool) fill the zones in several ways of
    different weights. Player 0 sees 6 unseen cards (3S 5S, 4H 5H, 7C JD): stock 0 one of 2 black,
    stock 1 one of 2 red, the other 4 split 2 and 2 between the hand and the pool (in 2 orders):
    2 * 2 * C(4, 2) * 2 = 48 worlds, each in the list once and drawn as often as the others
    (chi-square of 40 draws a world, rejected below SIGNIFICANCE, seeded)."""
    worlds = Worlds(read_view(view_of(INFO, SPEC.state_from_json(SMALL_EXCHANGE), 0)))
    listed = list(worlds.enumerate())
    assert worlds.count() == len(listed) == 2 * 2 * 6 * 2
    assert all(_unseen_respected(worlds.view, w) for w in listed)
    keys = [json.dumps(SPEC.state_to_json(w), sort_keys=True) for w in listed]
    assert len(set(keys)) == len(keys)
    draws = 40 * len(keys)
    rng = random.Random(20261128)
    seen = Counter(json.dumps(SPEC.state_to_json(worlds.sample(rng)), sort_keys=True) for _ in range(draws))
    assert set(seen) == set(keys)
    assert chisquare([seen[k] for k in keys]).pvalue > SIGNIFICANCE


def test_a_view_whose_counts_the_stocks_cannot_fill_is_a_one_line_error(tmp_path, capsys):
    """Default rules: a hand-written view whose stock 1 has more places than there are unseen cards of
    player 1's stock (and the opponent's hand none to spare) has no world."""
    view = view_of(INFO, SPEC.state_from_json({**SMALL_EXCHANGE, "rules": {}}), 0)
    view["stocks"] = [{"count": 0}, {"count": 3}]
    view["pool"] = {"count": 1}
    with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(stocks\[1\] has 3 "
                                         r"unknown places but only 2 unseen cards may lie there\)$"):
        read_view(view)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(view))
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, "no position is consistent with this view")


def test_a_view_placing_a_known_card_where_it_cannot_lie_names_that_card_and_zone():
    """A view of player 1 whose stocks[0] lists 3H as known (a red card in the black player's stock)
    was refused as "stocks[1] has 4 unknown places but only 3 unseen cards may lie there", blaming
    the wrong zone; the full position's check names the card, and so does the view's now."""
    state = SPEC.state_from_json(json.loads((EXAMPLES / "fools-and-angels-defence-003.json").read_text()))
    view = view_of(INFO, state, 1)
    view["stocks"] = [{"count": 4, "known": ["3H"]}, {"count": 4}]
    with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(stocks\[0\]: 3H can "
                                         r"never lie there under these rules\)$"):
        read_view(view)


def test_a_position_with_a_card_its_stock_never_holds_is_rejected():
    """Without Exchange and Asymmetry a stock only loses cards: a red card in player 0's stock, or a
    private card in the pool, comes from no game; Exchange lets the pool hold it, Asymmetry (after
    the setup) a stock hold a pool card."""
    with pytest.raises(InputError, match=r"^stocks\[0\]: 6H can never be in this stock"):
        SPEC.state_from_json({**DEFEND, "stocks": [["2S", "6H"], ["2H", "3H"]]})
    with pytest.raises(InputError, match=r"^pool: 6S can never be in this stock"):
        SPEC.state_from_json({**DEFEND, "pool": ["7C", "6S"]})
    SPEC.state_from_json({**DEFEND, "rules": {"exchange": True}, "pool": ["7C", "6S"]})
    SPEC.state_from_json({**DEFEND, "rules": {"asymmetry": True}, "stocks": [["2S", "7H"], ["2H", "3H"]]})
    with pytest.raises(InputError, match=r"^stocks\[0\]: 6H can never be in this stock"):
        # the first to choose (player 0) cannot get the second's cards: the second puts them in the pool after
        SPEC.state_from_json({**DEFEND, "rules": {"asymmetry": True}, "stocks": [["2S", "6H"], ["2H", "3H"]]})
    # the second can take the pile of the first's cards the first put in the pool
    SPEC.state_from_json({**DEFEND, "rules": {"asymmetry": True}, "stocks": [["2S", "3S"], ["2H", "6S"]]})


# --- the cards put away at setup (003 "Put away all other cards ... They will not be used") -------

PUT_AWAY = ["8C", "QC", "8D", "QD", "9H", "KH", "9S", "KS"]
"""The default rules' put-away cards: in none of the three stocks (spec/fools_and_angels.py)."""


def test_a_view_need_not_list_the_cards_put_away_at_setup(tmp_path, capsys):
    """The put-away cards are public (the rules say which): a view derived from a bundled example
    with them left out of its discard is read (it was "the counts do not add up ... 22 of the game's
    cards are placed nowhere (3C 8C JC QC ...)"), with the same worlds as the view that lists them;
    ``view`` writes the discard without them; ``show`` names the discard and the put-away cards
    apart, and ``show --svg`` draws the discard pile without them."""
    examples = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
    code, out, err = run(["view", str(examples / "fools-and-angels-defence-003.json"), "--as", "1"], capsys)
    assert code == 0, err
    derived = json.loads(out)
    without = {**derived, "discard": [t for t in derived["discard"] if t not in PUT_AWAY]}
    listed = {**derived, "discard": sorted(set(without["discard"]) | set(PUT_AWAY))}
    assert derived == without  # (view --as leaves them out)
    a, b = Worlds(read_view(without)), Worlds(read_view(listed))
    assert a.count() == b.count() == 345_600
    assert sorted(a.view.obj["discard"]) == sorted(b.view.obj["discard"]) == sorted(without["discard"])
    assert SPEC.state_to_json(a.sample(random.Random(3))) == SPEC.state_to_json(b.sample(random.Random(3)))
    for obj in (without, listed):
        path = tmp_path / "view.json"
        path.write_text(json.dumps(obj))
        code, out, err = run(["show", str(path)], capsys)
        assert code == 0, err
        discard = next(line for line in out.splitlines() if line.startswith("discard: "))
        assert len(discard.split()) - 1 == len(without["discard"]) == 17
        assert "put away at setup (003, by the reconstructed stocks): 8♣ Q♣ 8♦ Q♦ 9♥ K♥ 9♠ K♠" in out
        code, out, err = run(["show", str(path), "--svg", "-"], capsys)
        assert code == 0, err
        assert "a pile of 17" in out


def test_a_put_away_card_anywhere_but_the_discard_is_an_error_naming_it(tmp_path, capsys):
    """003 "They will not be used": a put-away card in a hand written out, or known in a hidden zone,
    is a one-line error naming the field and the card (not "not a card of this game")."""
    state = SPEC.state_from_json(json.loads((Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
                                             / "fools-and-angels-defence-003.json").read_text()))
    view = view_of(INFO, state, 1)
    bad_hand = json.loads(json.dumps(view))
    bad_hand["hands"][1] = [*bad_hand["hands"][1], "8C"]
    bad_known = json.loads(json.dumps(view))
    bad_known["hands"][0] = {**bad_known["hands"][0], "known": ["KS"]}
    for obj, needle in ((bad_hand, "hands[1]: 8C is put away"), (bad_known, "hands[0].known: KS is put away")):
        with pytest.raises(InputError, match=re.escape(needle)):
            read_view(obj)


@pytest.mark.parametrize("extra", [["8C", "8C", "QC"], ["8c", "8♣"], "doubled"])
@pytest.mark.parametrize("command", [["show"], ["moves"], ["solve", "--samples", "2", "--time", "2", "--no-store"]])
def test_a_put_away_card_listed_twice_in_the_discard_is_the_error_of_any_card_placed_twice(tmp_path, capsys,
                                                                                        extra, command):
    """A put-away card listed twice in ``discard`` was read (dropped as put away, both times), while
    any other card listed twice is "placed more often than the game holds it": the same one-line
    error, exit 2."""
    examples = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
    if extra == "doubled":  # the bundled example view (its discard: the put-away cards) with its discard doubled
        obj = json.loads((examples / "views" / "fools-and-angels.json").read_text())
        obj["discard"] = obj["discard"] * 2
    else:
        code, out, err = run(["view", str(examples / "fools-and-angels-defence-003.json"), "--as", "1"], capsys)
        assert code == 0, err
        obj = json.loads(out)
        obj["discard"] = obj["discard"] + extra
    path = tmp_path / "view.json"
    path.write_text(json.dumps(obj))
    code, _, err = run([command[0], str(path), *command[1:]], capsys)
    assert_one_line_error(code, err, "is placed more often than the game holds it (once) (also in discard)")
    once = {**obj, "discard": list(dict.fromkeys(obj["discard"]))}  # each card once: read
    if extra != ["8c", "8♣"]:
        assert Worlds(read_view(once)).count() > 0


# --- constrained views: the checks that read no hidden card first (view_public_check) ----------------

# player 0's view of EXCHANGE (60,480 worlds) made constrained by a knowledge field no world can
# satisfy (known[0] names 2S, which her own hand, written out, does not hold)
_UNKNOWN_TO_HER = {"known": [["2S"], ["2C", "5D"]]}
PUBLIC_REFUSALS = [
    # the knowledge field alone: a card her own hand does not hold
    (_UNKNOWN_TO_HER, "known[0]: 2S is not in hands[0]"),
    # a card the view shows in the discard, named as known in the hidden hand
    ({"known": [[], ["2C", "5D", "AC"]]}, "known[1]: AC is not in hands[1]"),
    ({"under_pool": [["AC"], None]}, "under_pool[0]: AC is not in pool"),
    # constrained as above, and one visible field the rules cannot make
    ({**_UNKNOWN_TO_HER, "attack": ["4C"]}, "attack: cards on the table outside phase defend (phase turn)"),
    ({**_UNKNOWN_TO_HER, "phase": "defend", "attack": ["KC"]}, "attack: an attack needs a pip card"),
    # in the first turns a hand holds only cards its player drew: 2C, known in hands[1], is player 0's
    ({**_UNKNOWN_TO_HER, "turns_done": 1}, "hands[1]: 2C can never lie there under these rules"),
    ({**_UNKNOWN_TO_HER, "drew_pool": True}, "drew_pool: true in phase turn, but nothing drew from the pool this turn"),
    ({**_UNKNOWN_TO_HER, "phase": "regroup"}, "drawn: a regroup in progress has drawn at least one card"),
]


def _exchange_view(**fields):
    view = view_of(INFO, SPEC.state_from_json(EXCHANGE), 0)
    view.update(fields)
    if "attack" in fields:  # the attack's cards come from the discard
        view["discard"] = [c for c in view["discard"] if c not in fields["attack"]]
    return view


@pytest.mark.parametrize(("fields", "why"), PUBLIC_REFUSALS, ids=[why.split(":")[0] for _, why in PUBLIC_REFUSALS])
def test_a_constrained_view_with_an_impossible_visible_field_is_refused_before_any_draw(fields, why):
    """A view whose knowledge field names a card its zone cannot hold (constrained: read_view cannot
    place it), alone or with a field the reader refuses (an attack outside phase defend, an attack of
    a face card alone, a known card a first-turns hand cannot hold, drew_pool without the Exchange's pool
    draw made, a regroup that drew nothing): the checks that read no hidden card
    (``view_public_check``) refuse it on one filling, "no position is consistent", before any draw;
    drawing fillings for 3 seconds and then saying "could not draw a world" was the answer before."""
    worlds = Worlds(read_view(_exchange_view(**fields), check=False))
    assert worlds.view.constrained
    with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(") as err:
        worlds.first()
    assert why in str(err.value) and worlds.tries == 0


def test_a_constrained_impossible_view_is_a_one_line_error_at_once_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "view.json"
    path.write_text(json.dumps(_exchange_view(**_UNKNOWN_TO_HER)))
    started = time.monotonic()
    code, _, err = run(["show", str(path)], capsys)
    assert_one_line_error(code, err, "view: no position is consistent with this view (known[0]: 2S is not in hands[0])")
    assert time.monotonic() - started < SAMPLE_SECONDS


def test_a_knowledge_card_written_another_way_leaves_the_view_unconstrained():
    """``known`` naming 2C as ``2c`` or ``2♣`` names the card the hidden hand lists as known: the view
    is not constrained, and its worlds are counted exactly (as with ``2C``), not by listing them
    (too many here: ``count()`` was ``None``)."""
    exact = Worlds(read_view(_exchange_view())).count()
    assert exact == 60_480
    for text in ("2c", "2♣"):
        worlds = Worlds(read_view(_exchange_view(known=[[], [text, "5D"]])))
        assert not worlds.view.constrained and worlds.count() == exact
    mine = view_of(INFO, _after(EXCHANGE, "exchange 2C 4H"), 1)
    assert not read_view({**mine, "under_pool": [None, ["4h", "2C"]]}).constrained


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 60), player=st.integers(0, 1))
def test_the_public_check_accepts_every_view_a_game_reaches(seed, moves, player):
    """Random rules and positions: the checks that read no hidden card accept the position itself (with
    the view's knowledge: the opponent's ``under_pool`` is hers alone) and a filling of its view
    (leaving a check out never refuses a view that has a world)."""
    rng = random.Random(seed)
    state = random_position(INFO, rng, moves)
    view = read_view(json.loads(json.dumps(view_of(INFO, state, player))), check=False)
    position = SPEC.state_to_json(state)
    position.pop("under_pool", None)
    if "under_pool" in view.obj:
        position["under_pool"] = [texts or [] for texts in view.obj["under_pool"]]
    SPEC.view_public_check(view, position)
    worlds = Worlds(view)
    SPEC.view_public_check(view, worlds._world_json(worlds._draw(rng), rng))


def test_a_possible_view_sampled_by_rejection_passes_the_public_check_and_stays_uniform():
    """No possible view of this game is constrained (``view_constrained``: every filling is a position),
    so the small Exchange view above is made one by hand: the public check lets it through, every
    draw is a world at the first try, and the draws are uniform over the 48 worlds the listing gives
    (chi-square, seeded)."""
    plain = read_view(view_of(INFO, SPEC.state_from_json(SMALL_EXCHANGE), 0))
    worlds = Worlds(dataclasses.replace(plain, constrained=True, _cache={}))
    keys = [json.dumps(SPEC.state_to_json(w), sort_keys=True) for w in worlds.enumerate()]
    assert worlds.count() == len(keys) == Worlds(plain).count() == 48
    draws = 40 * len(keys)
    rng = random.Random(20261202)
    seen = Counter(json.dumps(SPEC.state_to_json(worlds.sample(rng)), sort_keys=True) for _ in range(draws))
    assert worlds.tries == draws and set(seen) == set(keys)
    assert chisquare([seen[k] for k in keys]).pvalue > SIGNIFICANCE


# --- the first two turns: a hand holds only what its player drew (_check_first_turns) ------------------

TINY_STOCKS = {"player0": ["AS", "2S"], "player1": ["AH", "2H"], "pool": ["7C", "7D", "JC", "JD"]}
FIRST_TURNS = {"game": "fools-and-angels", "phase": "regroup", "to_move": 1, "turns_done": 1, "drawn": 1,
               "hands": [["AS", "7D"], ["7C"]], "stocks": [["2S"], ["AH", "2H"]], "pool": ["JC", "JD"]}
"""Player 0 drew AS (own) and 7D (pool) in her first turn; player 1 drew 7C from the pool into her first
regroup (turns_done 1), under stocks of 2, 2 and 4 cards."""


def _brute_force_worlds(view, player):
    """Every way to split the view's unseen cards among its hidden zones' places, whatever each zone
    may hold, kept where ``state_from_json`` accepts the position (no check reads a stock's order):
    the worlds as their zones' card sets, and how many there are with each ordered zone's orders. The
    worlds by a second method."""
    import itertools

    def splits(cards, zones):
        if not zones:
            yield []
            return
        for pick in itertools.combinations(cards, zones[0].hidden.count):
            rest = [c for c in cards if c not in pick]
            for tail in splits(rest, zones[1:]):
                yield [pick, *tail]

    kept, count = set(), 0
    for split in splits(list(view.unseen), list(view.zones)):
        obj = {k: v for k, v in view.obj.items() if k not in ("view", "discard")}
        obj["hands"], obj["stocks"] = list(obj["hands"]), list(obj["stocks"])
        for z, cards in zip(view.zones, split):
            texts = [c.ascii for c in cards]
            if z.path[0] == "pool":
                obj["pool"] = texts
            else:
                obj[z.path[0]][z.path[1]] = texts
        try:
            state = SPEC.state_from_json(obj)
        except InputError:
            continue
        assert view_of(INFO, state, player) == view.obj
        kept.add(_zone_sets(state))
        orders = 1
        for z in view.zones:
            orders *= factorial(z.hidden.count) if z.ordered else 1
        count += orders
    return kept, count


def _zone_sets(state):
    return (state.hands[0], state.hands[1], frozenset(state.stocks[0]), frozenset(state.stocks[1]),
            frozenset(state.pool))


ASYMMETRY_STOCKS = {"player0": ["AS", "2S", "3S"], "player1": ["AH", "2H", "3H"], "pool": ["7C", "7D", "JC", "JD"]}


@pytest.mark.parametrize(("rules", "count"), [({}, 24), ({"exchange": True}, 24), ({"asymmetry": True}, None)],
                         ids=["plain", "exchange", "asymmetry"])
def test_a_first_turns_view_deals_each_hidden_hand_only_cards_it_can_have_drawn(rules, count):
    """Player 1's view of FIRST_TURNS: 7 unseen cards (AS 7D in player 0's hand, 2S, AH 2H, JC JD). In
    the first turns player 0's hand holds only cards of her stock or the pool, and (Exchange) nothing was
    put under the pool yet, so one black card lies in stock 0 and the other in her hand with one of the 3
    unseen pool cards, the other 2 in the pool: 2 * 3 * 2! * 2! = 24 worlds (Exchange: 48 before, the
    pool holding a black card and the hand two pool cards). The worlds listed are those a brute force over
    every placement that ``state_from_json`` accepts gives, as many (Asymmetry: as many, with stocks of 3,
    3 and 4 and 3H in the pool, its swaps letting each hand hold the other stock's cards, and every draw
    among them); the sampler draws them uniformly (chi-square, seeded) and every draw gives the view back."""
    position = {**FIRST_TURNS, "rules": {**rules, "stocks": TINY_STOCKS}}
    if rules.get("asymmetry"):
        position = {**position, "rules": {**rules, "stocks": ASYMMETRY_STOCKS}, "stocks": [["2S", "3S"], ["AH", "2H"]],
                    "pool": ["JC", "JD", "3H"]}
    view_obj = view_of(INFO, SPEC.state_from_json(position), 1)
    worlds = Worlds(read_view(json.loads(json.dumps(view_obj))))
    assert not worlds.view.constrained
    kept, brute = _brute_force_worlds(worlds.view, 1)
    assert brute == worlds.count()
    if count is None:  # (75,600 worlds: not listed)
        rng = random.Random(20261202)
        samples = [worlds.sample(rng) for _ in range(200)]
        assert all(view_of(INFO, w, 1) == view_obj and _zone_sets(w) in kept for w in samples)
        assert len({_zone_sets(w) for w in samples}) > 20
        return
    listed = list(worlds.enumerate())
    assert len({json.dumps(SPEC.state_to_json(w), sort_keys=True) for w in listed}) == len(listed) == worlds.count()
    assert {_zone_sets(w) for w in listed} == kept and worlds.count() == count
    if not rules:  # the rules alone keep player 1's cards out of player 0's hand here, not the counts
        allowed = SPEC.view_card_zones(worlds.view)
        assert all(("hands", 0) not in allowed[FRENCH52.parse(t)] for t in ("AH", "2H"))
    keys = [json.dumps(SPEC.state_to_json(w), sort_keys=True) for w in listed]
    rng = random.Random(20261202)
    samples = [worlds.sample(rng) for _ in range(40 * len(keys))]
    assert all(view_of(INFO, w, 1) == view_obj for w in samples)
    seen = Counter(json.dumps(SPEC.state_to_json(w), sort_keys=True) for w in samples)
    assert set(seen) == set(keys)
    assert chisquare([seen[k] for k in keys]).pvalue > SIGNIFICANCE


def test_a_first_turns_view_whose_counts_need_a_hand_card_it_cannot_have_drawn_has_no_world():
    """Player 1 after player 0's first turn (turns_done 1), her own hand empty: player 0's hand holds 1
    card, stock 0 2, stock 1 1, the pool 4. The one card left for that hand is a red card of player 1's
    stock, which player 0 cannot have drawn (her own stock or the pool only): no world (the sampler dealt
    it to her hand before), a one-line error."""
    view = {"game": "fools-and-angels", "view": 1, "rules": {"stocks": TINY_STOCKS}, "phase": "turn", "to_move": 1,
            "turns_done": 1, "hands": [{"count": 1}, []], "stocks": [{"count": 2}, {"count": 1}],
            "pool": {"count": 4}, "discard": []}
    with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(2 unseen cards may lie "
                                         r"only in stocks\[1\], which have 1 unknown places\)$"):
        read_view(view)
    Worlds(read_view({**view, "turns_done": 2, "to_move": 0}))  # after both first turns a hand takes attack cards


def test_a_constrained_first_turns_view_with_a_hand_too_big_is_refused_before_any_draw():
    """Player 1's view of FIRST_TURNS put at the start of her first turn (phase turn), her own hand
    holding the card she drew, and constrained (``known`` names 2S in her hand, which does not hold
    it): the public check reads the sizes and refuses it on one filling, before any draw."""
    view = view_of(INFO, SPEC.state_from_json({**FIRST_TURNS, "rules": {"stocks": TINY_STOCKS}}), 1)
    view.update(phase="turn", drawn=0, known=[[], ["2S"]])
    worlds = Worlds(read_view(view, check=False))
    assert worlds.view.constrained
    with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(hands\[1\]: 1 card at "
                                         r"the start of her first turn \(turns_done 1"):
        worlds.first()
    assert worlds.tries == 0
