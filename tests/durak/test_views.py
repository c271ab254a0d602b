"""Durak's view files (docs/views.md, docs/durak.md "View files"): the face-up trump and shown
trumps placed, the redeal phase's hidden seed, and the redeal phase's count rule (the player to
move holds five or more cards of one suit) against plain rejection."""

import itertools
import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest
from scipy.stats import chi2_contingency, chisquare

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


def test_a_one_card_stock_may_name_its_card_as_both_top_and_bottom():
    # {"count": 1, "top": ["8S"], "bottom": ["8S"]} was "count 1 is smaller than its 2 known cards": in a
    # one-card stock the top card is the bottom card; two different cards there are a clear error
    state = SPEC.state_from_json(json.loads((EXAMPLES / "durak-last-stock-card.json").read_text()))
    view = view_of(INFO, state, 0)
    assert view["stock"] == {"count": 1, "bottom": ["8S"]}
    both = read_view({**view, "stock": {"count": 1, "top": ["8S"], "bottom": ["8S"]}})
    world = Worlds(both).sample(random.Random(0))
    assert world.stock == state.stock and Worlds(both).count() == Worlds(read_view(view)).count()
    with pytest.raises(InputError, match=r"^stock: count 1: top and bottom name the same place, and different "
                                         r"cards for it \(top AD, bottom 8S\)$"):
        read_view({**view, "stock": {"count": 1, "top": ["AD"], "bottom": ["8S"]}})
    with pytest.raises(InputError, match=r"^stock: count 1 is smaller than its 2 known cards$"):
        read_view({**view, "stock": {"count": 1, "known": ["AD"], "bottom": ["8S"]}})


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


def test_the_redeal_rule_deals_the_mover_as_rejection_would():
    """The mover's hand in worlds of the sampler (which deals it only hands holding five of a suit,
    ``view_count_rule``) against plain rejection: the unseen cards shuffled into the hidden zones and
    kept when the spec accepts the world (chi-square of the two samples over the mover's longest suit
    and its length; seeded, rejected below p = 0.001)."""
    _, view_obj = _redeal_view(1)
    view = read_view(view_obj)
    mover = view_obj["to_move"]
    assert view.zone(("hands", mover)) is not None and SPEC.view_count_rule(view) is not None
    worlds = Worlds(view)
    rng = random.Random(32)
    pre = Counter()
    for _ in range(400):
        pre[longest_suit(worlds.sample(rng).hands[mover])] += 1
    plain = Counter()
    while sum(plain.values()) < 400:
        cards = list(view.unseen)
        rng.shuffle(cards)
        contents = {}
        for z in view.zones:
            mine, cards = cards[:z.unknown], cards[z.unknown:]
            contents[z.path] = ([*z.hidden.top, *z.hidden.known, *mine, *z.hidden.bottom] if z.ordered
                                else sorted([*z.hidden.known, *mine]))
        if longest_suit(contents[("hands", mover)])[0] < REDEAL_SUIT_CARDS:
            continue  # (the spec refuses it too: checked here, where it is cheap)
        try:
            world = worlds._world(contents, rng)
        except InputError:
            continue
        plain[longest_suit(world.hands[mover])] += 1
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
    assert (answer.method, answer.worlds, answer.consistent_worlds) == ("expectation", 20, 20)


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


# --- views whose worlds are rare among the draws (the face-up trump, the redeal phase) ------------

RARE = {"game": "durak", "view": 1, "rules": {"deck": 52}, "players": 2, "trump": "H",
        "hands": [{"count": 5}, ["6D", "6S", "7D", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH",
                                 "KH"]],
        "stock": {"count": 30}, "discard": [], "out": [], "attacker": 0, "defender": 1,
        "table": [["6C", "7C"]], "to_move": 0, "taking": False, "first_bout": False, "defender_start": 16,
        "shown": [], "last_defender": 1}
"""Player 0 throws in and must hold the one card she can throw (7S); the stock's last card, not
given, is the face-up trump and the one heart unseen (AH): about 1 in 245 uniform deals is a world."""

REDEAL = {"game": "durak", "view": 1, "players": 2, "trump": "S", "phase": "redeal",
          "hands": [{"count": 6, "known": ["6C"]}, ["7C", "8C", "9C", "10C", "JC", "6S"]],
          "stock": {"count": 24, "bottom": ["8S"]}, "discard": [], "out": [], "attacker": 1, "defender": 0,
          "table": [], "to_move": 0, "taking": False, "first_bout": True, "shown": [], "last_defender": 0}
"""Player 0 may demand a re-deal, so holds five of one suit besides her known 6C (no five clubs are
left): five of one of the other suits among the 27 unseen cards."""


def test_a_view_whose_worlds_are_rare_among_the_draws_is_sampled_not_refused(tmp_path, capsys):
    """Views whose worlds are rare among blind draws (RARE, REDEAL: a few hundred draws would find
    none for a quarter of the seeds) still have worlds: the face-up trump is dealt only trumps
    (``view_bottom_cards``) and the redeal mover only hands with five of a suit
    (``view_count_rule``), so every seed draws a world, and moves, solve, why and report answer."""
    from tests.generic.test_cli import run

    for obj, seeds in ((RARE, 20), (REDEAL, 10)):
        worlds = Worlds(read_view(obj))
        for seed in range(seeds):
            world = worlds.sample(random.Random(seed))
            assert len(world.hands[0]) == obj["hands"][0]["count"] and len(world.stock) == obj["stock"]["count"]
            if obj is RARE:
                assert world.stock[-1].ascii == "AH" and "7S" in {c.ascii for c in world.hands[0]}
            else:
                assert longest_suit(world.hands[0])[0] >= REDEAL_SUIT_CARDS
        path = tmp_path / "view.json"
        path.write_text(json.dumps(obj))
        code, out, err = run(["moves", str(path)], capsys)
        assert code == 0, err
        assert ("throw 7" in out) if obj is RARE else ("redeal" in out and "keep" in out)
    code, out, err = run([str(tmp_path / "view.json"), "--seed", "0", "--samples", "3"], capsys)
    assert code == 0, err


def test_a_view_no_draw_fits_says_it_could_not_draw_one_not_that_there_is_none(tmp_path, capsys, monkeypatch):
    """Failed draws prove nothing: a large view no draw fits (RARE with the 7S discarded, so player 0
    has nothing to throw) keeps drawing for SAMPLE_SECONDS, then says it could not draw a world in so
    many tries, the first refusal in brackets; show, moves and solve say the same one line."""
    import foolsolve.worlds as worlds_module
    from tests.generic.test_cli import assert_one_line_error, run

    monkeypatch.setattr(worlds_module, "SAMPLE_SECONDS", 0.2, raising=False)
    obj = json.loads(json.dumps(RARE))
    obj["discard"] = ["7S"]
    obj["stock"]["count"] = 29
    with pytest.raises(InputError, match=r"^view: could not draw a world consistent with this view in [\d,]+ tries "
                                         r"\(the first refused: table: nobody can throw in.*\); there may be none"):
        read_view(obj)
    path = tmp_path / "none.json"
    path.write_text(json.dumps(obj))
    for argv in (["show", str(path)], ["moves", str(path)], [str(path), "--samples", "2"]):
        code, _, err = run(argv, capsys)
        assert_one_line_error(code, err, "could not draw a world consistent with this view in")


SMALL = {"game": "durak", "view": 1, "players": 2, "trump": "H",
         "hands": [{"count": 6}, ["6H", "7H", "8H", "9H", "10H", "JH"]],
         "stock": {"count": 2}, "discard": ["QH", "6S", "7S", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD",
                                            "8C", "9C", "10C", "JC", "QC", "KC", "AC", "KS", "AS"],
         "out": [], "attacker": 0, "defender": 1, "table": [["6C", "7C"]], "to_move": 0, "taking": False,
         "first_bout": False, "shown": [], "last_defender": 1}
"""A constrained view small enough to list: the stock's last card (not given) is one of the two
unseen hearts, and player 0, throwing in, holds the one card she can throw (6D)."""


def test_a_constrained_view_with_an_open_face_up_trump_is_sampled_as_its_worlds_are_listed():
    """Chi-square goodness of fit of 40 draws a world against the listed worlds (12: AH or KH at the
    bottom, 6D in hand 0 with five of the other six); the count agrees; seeded."""
    worlds = Worlds(read_view(SMALL))
    assert worlds.view.constrained
    listed = [json.dumps(SPEC.state_to_json(s), sort_keys=True) for s in worlds.enumerate()]
    assert len(listed) == len(set(listed)) == worlds.count() == 12
    rng = random.Random(20261129)
    seen = Counter(json.dumps(SPEC.state_to_json(worlds.sample(rng)), sort_keys=True) for _ in range(40 * 12))
    assert set(seen) == set(listed)
    assert chisquare([seen[k] for k in listed]).pvalue > 0.001


@pytest.mark.parametrize("trump", ["D", "d", "♦"])
def test_a_hidden_bottom_card_is_a_trump_however_the_view_writes_the_trump(trump):
    # the face-up bottom card left out of the view: the sampler deals that place a trump of the suit
    # the trump names, in any of the forms a position's trump is read in
    view = json.loads((EXAMPLES / "views" / "durak-fresh-deal.json").read_text())
    view["stock"] = {"count": view["stock"]["count"]}
    view["trump"] = trump
    worlds = Worlds(read_view(view))
    world = worlds.sample(random.Random(1))
    assert world.stock[-1].suit == "D"


# --- the first bout: the leader was dealt the lowest trump (first_lead_breach, view_count_rule) ------

FIRST_LEAD_SIGNIFICANCE = 0.001
"""The chi-square tests below reject the sampler when the p-value is below this (seeded: one fixed run)."""


def _fresh_view(viewer, hand, others=None, players=2):
    """A first-bout view of a 36-card deal, trump diamonds, the ace face up; player 0 leads player 1;
    ``viewer`` holds ``hand``, the other hands hidden unless ``others`` gives them."""
    others = others or {}
    hands = [hand if p == viewer else others.get(p, {"count": 6}) for p in range(players)]
    return {"game": "durak", "view": viewer, "players": players, "trump": "D", "hands": hands,
            "stock": {"count": 36 - 6 * players, "bottom": ["AD"]}, "discard": [], "out": [], "attacker": 0,
            "defender": 1, "table": [], "to_move": 0, "taking": False, "first_bout": True, "shown": [],
            "last_defender": 1}


def _world_check(worlds, view, draws, seed):
    """``draws`` seeded worlds, each read back by the position check and seen from the viewer's seat as
    ``view`` (as the view of the first world, in standard form, for a view written by hand)."""
    viewer = view["view"]
    canonical = view_of(INFO, worlds.first(), viewer)
    assert {t for t in canonical["hands"][viewer]} == set(view["hands"][viewer])
    rng = random.Random(seed)
    out = []
    for _ in range(draws):
        world = worlds.sample(rng)
        assert SPEC.state_from_json(SPEC.state_to_json(world)) == world
        assert view_of(INFO, world, viewer) == canonical
        out.append(world)
    return out


def test_the_readmes_fresh_deal_deals_player_1_no_trump_below_player_0s_lowest():
    """The README's view (durak-fresh-deal.json): player 0 leads, her lowest trump is the ten, so 6D-9D
    were not dealt to player 1 (001 §rules: "The right of the first move in the first game belongs to
    the player who has a trump card of the lowest value"): in the stock in every world. The count is
    the 25 other unseen cards' choices of player 1's six times the 23 free places of the stock in every
    order: C(25, 6) * 23!, where every filling would give C(29, 6) * 23!."""
    view = json.loads((EXAMPLES / "views" / "durak-fresh-deal.json").read_text())
    worlds = Worlds(read_view(view))
    assert worlds.count() == math.comb(25, 6) * math.factorial(23)
    low = {"6D", "7D", "8D", "9D"}
    assert view_of(INFO, worlds.first(), 0) == view
    for world in _world_check(worlds, view, 30, 20261202):
        assert not low & {c.ascii for c in world.hands[1]}


def test_a_first_bout_view_where_the_rule_forces_a_card_deals_it_every_time():
    """Player 1's seat: she holds 7D, player 0 leads, so player 0 was dealt the one lower trump, 6D."""
    view = _fresh_view(1, ["7D", "6C", "7C", "8C", "JH", "QS"])
    worlds = Worlds(read_view(view))
    assert worlds.count() == math.comb(28, 5) * math.factorial(23)
    for world in _world_check(worlds, view, 30, 7):
        assert "6D" in {c.ascii for c in world.hands[0]}


def _classes_listed(view, low, hidden):
    """Every placement of the unseen trumps ``low`` in the hidden hands ``hidden`` or the stock, each
    kept where one world with that placement passes the position check (the spec's first_lead_breach:
    a method apart from the sampler's count rule), with its number of worlds (the other unseen cards
    fill the rest of the hands in every way; the stock's order is the same factor in each)."""
    visible = {t for h in view["hands"] if isinstance(h, list) for t in h} | {"AD"}
    others = [c.ascii for c in INFO.spec.view_cards(view)[0].cards if c.ascii not in visible | set(low)]
    out = {}
    for places in itertools.product([*hidden, "stock"], repeat=len(low)):
        obj = {k: v for k, v in view.items() if k != "view"}
        rest = list(others)
        weight = 1
        hands = list(obj["hands"])
        for p in hidden:
            mine = [t for t, at in zip(low, places) if at == p]
            need = 6 - len(mine)
            weight *= math.comb(len(rest), need)
            hands[p], rest = mine + rest[:need], rest[need:]
        obj["hands"] = hands
        obj["stock"] = [t for t, at in zip(low, places) if at == "stock"] + rest + ["AD"]
        try:
            SPEC.state_from_json(obj)
        except InputError:
            continue
        out[places] = weight
    return out


@pytest.mark.parametrize("players, viewer, hand, low, draws", [
    (2, 1, ["9D", "6C", "7C", "8C", "JH", "QS"], ["6D", "7D", "8D"], 2000),
    (3, 2, ["8D", "6C", "7C", "8C", "JH", "QS"], ["6D", "7D"], 1200),
], ids=["defender-seat", "three-players"])
def test_first_bout_worlds_are_sampled_as_the_exhaustive_list_weighs_them(players, viewer, hand, low, draws):
    """Chi-square goodness of fit of seeded draws, by where the unseen trumps below the viewer's lowest
    lie (a hidden hand or the stock), against the listed placements the position check accepts, each
    weighted by its number of worlds; the count is their total times the stock's orders. Two players
    from the defender's seat (player 0 holds at least one of 6D 7D 8D: 7 of the 8 placements); three
    from player 2's (the lower of 6D 7D dealt is player 0's: 4 of the 9)."""
    view = _fresh_view(viewer, hand, players=players)
    hidden = [p for p in range(players) if p != viewer]
    listed = _classes_listed(view, low, hidden)
    assert len(listed) == (7 if players == 2 else 4)
    worlds = Worlds(read_view(view))
    assert not worlds.view.constrained  # dealt by the count rule: counted exactly
    assert worlds.count() == sum(listed.values()) * math.factorial(36 - 6 * players - 1)

    def place(world, t):
        return next((p for p in hidden if t in {c.ascii for c in world.hands[p]}), "stock")

    rng = random.Random(20261202)
    seen = Counter(tuple(place(w, t) for t in low) for w in (worlds.sample(rng) for _ in range(draws)))
    assert set(seen) <= set(listed)
    total = sum(listed.values())
    keys = list(listed)
    assert chisquare([seen[k] for k in keys], [draws * listed[k] / total for k in keys]).pvalue \
        > FIRST_LEAD_SIGNIFICANCE


def test_a_first_bout_view_with_too_many_deciding_trumps_is_sampled_by_rejection():
    """Four players, 52 cards, the viewer (player 2) dealt no trump: twelve unseen trumps decide who
    was dealt the lowest, too many placements for the count rule (FIRST_LEAD_RULE_LIMIT): the draws
    that break the rule are refused, and every world drawn passes the position check and gives back
    the view."""
    from foolsolve.spec.durak import Rules

    rng = random.Random(3)
    for _ in range(500):
        state = SPEC.deal(Rules(deck=52, redeal_right=False), 4, rng)
        if state.attacker != 2 and not any(c.suit == state.trump for c in state.hands[2]):
            break
    else:
        raise AssertionError("no such deal in 500")
    view = view_of(INFO, state, 2)
    worlds = Worlds(read_view(view))
    assert worlds.view.constrained and worlds.count() is None
    _world_check(worlds, view, 6, 11)


# --- refusals that read no hidden card: definite and at once ----------------------------------------

THROW_2P = {"game": "durak", "view": 0, "trump": "S", "hands": [["9C", "9D", "KH", "AC", "7S"], {"count": 5}],
            "stock": {"count": 18, "bottom": ["QS"]}, "discard": ["6C", "7C", "6D", "8D", "7H", "10C"],
            "table": [["9H", "JH"]], "attacker": 0, "defender": 1}
"""A two-player view in the throw-in stage from the attacker's seat, no ``to_move``: she is the only
thrower, so her own hand decides whether anyone can throw in."""

THROW_3P = {**THROW_2P, "view": 1, "hands": [{"count": 5}, ["9C", "9D", "KH", "AC", "7S"], {"count": 6}],
            "stock": {"count": 12, "bottom": ["QS"]}}
"""The same bout with three players from the defender's seat: who can throw in is the hidden hands'
(constrained), the other checks are not."""


def _changed(obj, change):
    out = json.loads(json.dumps(obj))
    field, value = change
    if field == "bottom":
        out["stock"]["bottom"] = [value]
    elif field == "own":  # the viewer's hand one card short, that card in the discard
        own = out["hands"][out["view"]]
        out["discard"].append(own.pop())
    else:
        out[field] = value
    return out


CHANGES = [(("table", [["9H", "8H"]]), "table[0]: 8H does not beat 9H (trump spade)"),
           (("defender", 0), "defender: must differ from the attacker (both 0)"),
           (("first_bout", True), "discard: 6 cards, but nothing is discarded before the first bout"),
           (("bottom", "QH"), "stock: the last card is the face-up trump and must be a spade, got QH"),
           (("own", None), "in the hands and on the table, but with")]


@pytest.mark.parametrize(("base", "constrained"), [(THROW_2P, False), (THROW_3P, True)])
@pytest.mark.parametrize(("change", "why"), CHANGES)
def test_a_throw_in_view_that_breaks_a_check_on_visible_fields_is_refused_at_once(base, constrained, change, why):
    """A throw-in view one visible field wrong was drawn for 3 s ("could not draw a world ... there
    may be none"): now the two-player attacker's view is unconstrained (her own hand decides who
    throws in), so its first draw decides, and the three-player defender's view, constrained, meets
    the checks that read no hidden card before any draw (``view_public_check``). Either way: no
    position, definitely, and no draw of the sampling loop tried."""
    assert read_view(base).constrained is constrained  # the unchanged view has worlds
    view = read_view(_changed(base, change), check=False)
    assert view.constrained is constrained
    worlds = Worlds(view)
    with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(") as err:
        worlds.first()
    assert why in str(err.value) and "there may be none" not in str(err.value)
    assert worlds.tries == 0


def test_the_two_player_throw_in_view_counts_its_worlds():
    """The attacker's throw-in view counts its worlds by formula (it read "too many to count here"):
    C(22, 5) hands for player 1 times 17! orders of the stock above its known bottom card; on a
    small view of the same kind the count equals the worlds listed, each a position the spec reads."""
    worlds = Worlds(read_view(THROW_2P))
    assert not worlds.view.constrained
    assert worlds.count() == math.comb(22, 5) * math.factorial(17)
    from foolsolve.worlds import view_text
    assert f"consistent worlds: {worlds.count():,}" in view_text(worlds.view)
    # SMALL from the thrower's seat (player 0, to move): 6 unseen cards, 2 of them hearts for the bottom
    state = next(Worlds(read_view(SMALL)).enumerate())
    small = Worlds(read_view(view_of(INFO, state, 0)))
    assert not small.view.constrained
    listed = list(small.enumerate())
    assert small.count() == len(listed) == len({json.dumps(SPEC.state_to_json(s), sort_keys=True)
                                                 for s in listed}) > 1


def test_a_throw_in_view_whose_hidden_throwers_decide_stays_constrained():
    """The viewer is the first thrower but cannot throw in (no card of the table's ranks) and a
    hidden player throws after her: whether anyone can throw is the hidden hand's, so the view is
    constrained; with ``to_move`` naming the viewer it is not."""
    obj = json.loads(json.dumps(THROW_3P))
    obj["view"], obj["hands"][0], obj["hands"][1] = 0, ["8C", "8D", "KH", "AC", "7S"], {"count": 5}
    obj["discard"] = ["6C", "7C", "6D", "9C", "7H", "10C"]
    assert SPEC.view_constrained(obj)
    assert not SPEC.view_constrained({**obj, "to_move": 0})
    obj["hands"][0] = ["9C", "8D", "KH", "AC", "7S"]
    obj["discard"] = ["6C", "7C", "6D", "8C", "7H", "10C"]
    assert not SPEC.view_constrained(obj)  # she can throw the 9C: she is to move in every world
    assert Worlds(read_view(obj)).first().to_move == 0


def test_a_redeal_view_and_its_worlds_pickle():
    """The redeal rule's CountRule (the mover holds five of a suit) pickles with its view and worlds."""
    import pickle

    view = read_view(REDEAL)
    assert SPEC.view_count_rule(view) is not None
    worlds = pickle.loads(pickle.dumps(Worlds(view)))
    assert worlds.view.obj == REDEAL
    assert worlds.sample(random.Random(3)) == Worlds(view).sample(random.Random(3))
