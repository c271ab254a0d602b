"""Durak's view files (docs/views.md, docs/durak.md "View files"): the face-up trump and shown
trumps placed, the redeal phase's hidden seed, and the redeal phase's presample (the player to
move holds five or more cards of one suit) against plain rejection."""

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from scipy.stats import chi2_contingency

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.spec.durak import REDEAL_SUIT_CARDS, SPEC, longest_suit
from foolsolve.worlds import Worlds, read_view, view_of

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
INFO = games.get("durak")


def _redeal_view(viewer):
    state = SPEC.state_from_json(json.loads((EXAMPLES / "durak-redeal.json").read_text()))
    return state, view_of(INFO, state, viewer)


def test_the_stock_shows_its_face_up_trump_and_the_seed_of_a_redeal_is_hidden():
    state, view = _redeal_view(1)
    assert state.stock and view["stock"] == {"count": len(state.stock), "bottom": [state.stock[-1].ascii]}
    assert "redeal_seed" not in view and view["phase"] == "redeal"
    worlds = Worlds(read_view(view))
    seeds = set()
    for i in range(6):
        world = worlds.sample(random.Random(i))
        assert view_of(INFO, world, 1) == view
        assert world.stock[-1:] == state.stock[-1:]
        seeds.add(world.redeal_seed)
    assert len(seeds) == 6  # each world its own next shuffle


def test_a_shown_trump_is_known_in_the_hand_that_showed_it():
    rules = {"variant": "perevodnoy", "transfer_by_showing_trump": True}
    obj = {"game": "durak", "rules": rules, "trump": "S", "hands": [["6H"], ["9S", "7H"], ["8H", "QC"]],
           "stock": [], "attacker": 2, "defender": 0, "table": [["9H", None]], "shown": ["9S"],
           "last_defender": 1, "to_move": 0}
    state = SPEC.state_from_json(obj)
    view = view_of(INFO, state, 0)
    assert view["hands"][1] == {"count": 2, "known": ["9S"]}
    worlds = Worlds(read_view(view))
    # the 9S is fixed in hand 1; its other card is one of 7H 8H QC, the rest in hand 2
    assert worlds.count() == len(list(worlds.enumerate())) == 3
    assert all(w.hands[1] >= {c for c in state.shown} for w in worlds.enumerate())


def test_the_redeal_presample_deals_the_mover_as_rejection_would():
    """The mover's hand from the presample against hands of the same size drawn uniformly from the
    same cards and kept when they hold five of a suit (chi-square of the two samples over the
    longest suit and its length; seeded, rejected below p = 0.001)."""
    _, view_obj = _redeal_view(1)
    view = read_view(view_obj)
    mover = view_obj["to_move"]
    zone = view.zone(("hands", mover))
    assert zone is not None
    rng = random.Random(32)
    pre = Counter()
    for _ in range(400):
        hand = SPEC.view_presample(view, rng)[zone.path]
        pre[longest_suit(hand)] += 1
    plain = Counter()
    while sum(plain.values()) < 400:
        hand = rng.sample(list(view.unseen), zone.unknown)
        if longest_suit(hand)[0] >= REDEAL_SUIT_CARDS:
            plain[longest_suit(hand)] += 1
    keys = sorted(set(pre) | set(plain))
    assert chi2_contingency([[pre[k] + 0.5 for k in keys], [plain[k] + 0.5 for k in keys]]).pvalue > 0.001


# --- cards picked up in a take -------------------------------------------------------------------

TAKE_3P = {"game": "durak", "players": 3, "trump": "S",
           "hands": [["7H", "7D", "10C", "JC", "QD"], ["6C", "8C", "9H"], ["KH", "KD", "AH"]],
           "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0, "first_bout": False}


def _play(obj, *moves):
    state = SPEC.state_from_json(obj)
    for text in moves:
        state = SPEC.apply(state, SPEC.parse_move(state, text))
    return state


def _without_knowledge(view):
    out = json.loads(json.dumps(view))
    for q, hand in enumerate(out["hands"]):
        if isinstance(hand, dict):
            out["hands"][q] = {"count": hand["count"]}
    out.pop("known", None)
    return out


def test_the_cards_a_defender_is_obliged_to_take_are_known_in_her_hand():
    """001 §rules: "If he cannot cover at least one cards, he is obliged to take (accept) everything
    cards, which made the move": the table is picked up in view of all, so every other player's view
    places those cards in the taker's hand."""
    state = _play(TAKE_3P, "attack 7D 7H", "take")
    assert SPEC.state_to_json(state)["known"] == [[], ["7D", "7H"], []]
    for viewer in (0, 2):
        view = view_of(INFO, state, viewer)
        assert view["hands"][1] == {"count": 5, "known": ["7D", "7H"]}
        worlds = Worlds(read_view(view))
        for i in range(4):
            world = worlds.sample(random.Random(i))
            assert view_of(INFO, world, viewer) == view
            assert {c.ascii for c in world.hands[1]} >= {"7D", "7H"}


def test_cards_thrown_in_after_take_are_picked_up_in_view_of_all_too():
    obj = {**TAKE_3P, "hands": [["7H", "7D", "10C", "JC", "QD"], ["6C", "8C", "9H"], ["KH", "7C", "AH"]]}
    state = _play(obj, "attack 7H", "take", "throw 7D", "throw 7C")
    assert view_of(INFO, state, 0)["hands"][1]["known"] == ["7C", "7D", "7H"]


def test_a_picked_up_card_played_again_is_known_there_no_more():
    state = _play(TAKE_3P, "attack 7D 7H", "take", "attack KD", "take", "pass")  # player 2 attacks player 0
    assert SPEC.state_to_json(state)["known"] == [["KD"], ["7D", "7H"], []]
    # player 1 leads the next bout with one of the cards she picked up
    state = SPEC.apply(state, SPEC.parse_move(state, "attack 7H"))
    assert view_of(INFO, state, 2)["hands"][1]["known"] == ["7D"]
    assert INFO.engine.to_spec(INFO.engine.from_spec(state)) == state


def test_picked_up_cards_fix_the_worlds_of_a_seat_analysis():
    """After the take, player 2's worlds are the worlds of the same view without the knowledge that
    hold the picked-up cards in hand 1 (20 of 56), and the seat analysis weighs exactly those."""
    from foolsolve.seat import Settings, analyse

    state = _play(TAKE_3P, "attack 7D 7H", "take")
    view = view_of(INFO, state, 2)
    known, unknown = Worlds(read_view(view)), Worlds(read_view(_without_knowledge(view)))
    assert (known.count(), unknown.count()) == (20, 56)

    def key(w):
        return json.dumps(SPEC.without_knowledge(SPEC.state_to_json(w)), sort_keys=True)

    taken = {c for c in state.hands[1] if c.ascii in ("7D", "7H")}
    assert {key(w) for w in known.enumerate()} == {key(w) for w in unknown.enumerate() if w.hands[1] >= taken}
    answer = analyse(INFO, known, Settings())
    assert (answer.method, answer.worlds, answer.consistent_worlds) == ("exact", 20, 20)


def test_known_in_a_position_file_is_checked_and_left_out_when_empty():
    state = _play(TAKE_3P, "attack 7D 7H", "take")
    obj = SPEC.state_to_json(state)
    assert SPEC.state_from_json(obj) == state
    with pytest.raises(InputError, match=r"known\[0\]: 7D is not in hands\[0\]"):
        SPEC.state_from_json({**obj, "known": [["7D"], [], []]})
    assert "known" not in SPEC.state_to_json(SPEC.state_from_json({**obj, "known": [[], [], []]}))
    with pytest.raises(InputError, match="before the first bout"):
        SPEC.state_from_json({**obj, "first_bout": True})
    assert "known" not in SPEC.state_to_json(SPEC.state_from_json(TAKE_3P))


def test_a_hand_written_view_whose_known_names_cards_its_hand_does_not_list_is_read():
    """``known[0]`` names all eight cards of the hidden hand 0 without the hand listing them: every
    world holds them there (55,440 worlds, as when the hand lists them as known). Drawing worlds
    until the eight happened to land in hand 0 (1 draw in 75,582) failed: 'no position is
    consistent with this view'."""
    view = json.loads((EXAMPLES / "views" / "durak-three-players.json").read_text())
    eight = ["7C", "9C", "10C", "JC", "QC", "6D", "7D", "9D"]
    by_knowledge = {**view, "known": [eight, [], []]}
    by_zone = {**by_knowledge, "hands": [{"count": 8, "known": eight}, *view["hands"][1:]]}
    worlds = Worlds(read_view(by_knowledge))
    assert worlds.count() == Worlds(read_view(by_zone)).count() == 55_440
    for i in range(3):
        assert {c.ascii for c in worlds.sample(random.Random(i)).hands[0]} == set(eight)
    # a card the view shows elsewhere is still the spec's error, named by the knowledge field
    with pytest.raises(InputError, match=r"known\[0\]: 8D is not in hands\[0\]"):
        read_view({**view, "known": [["8D"], [], []]})
