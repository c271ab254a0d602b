"""Three Fools' view files (docs/views.md, docs/three-fools.md "Views"): a pile's known bottom and
the revealed cards a player drew back into her hand, along whole random games."""

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from scipy.stats import chisquare

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.spec.three_fools import SPEC, Rules, collected, drawn_revealed
from foolsolve.worlds import Worlds, read_view, view_of

INFO = games.get("three-fools")


def test_revealed_cards_are_placed_where_the_public_history_puts_them():
    """Along whole seeded games: every revealed card a player drew back is in her hand or her
    face-down card, a pile's known bottom is what the pile ends with, and a world of each view
    gives the view back. The games reach positions where drawn cards are placed."""
    placed = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = INFO.random_game(rng)
        step = 0
        while not SPEC.is_terminal(state):
            drawn = drawn_revealed(state)
            for p in range(3):
                own = state.hands[p] | {c for c in (state.centre[p],) if c is not None}
                assert drawn[p] <= own
                gained = collected(state.history, p, state.rules)
                tail = gained[len(gained) - min(len(gained), len(state.piles[p])):]
                assert tuple(state.piles[p][len(state.piles[p]) - len(tail):]) == tuple(tail)
                placed += len(drawn[p] & state.hands[p])
            if step % 5 == 0:
                viewer = step % 3
                view = view_of(INFO, state, viewer)
                world = Worlds(read_view(view, check=False)).sample(rng)
                assert view_of(INFO, world, viewer) == view
            state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
            step += 1
    assert placed > 0


DRAWN_VIEWS = json.loads((Path(__file__).parent / "data" / "drawn_views.json").read_text())
"""Positions of seeded random games (``viewer``, ``position``) whose viewer does not see that
another player (two, in the first two) drew revealed cards back and has a card face down: 12, 54 and
12 worlds."""


def _drawn_worlds(row):
    state = SPEC.state_from_json(row["position"])
    return state, Worlds(read_view(view_of(INFO, state, row["viewer"]), check=False))


@pytest.mark.parametrize("index", range(len(DRAWN_VIEWS)))
def test_a_drawn_back_card_lies_with_its_drawer_in_every_world_listed_once(index):
    """The hand and face-down card of a player who drew revealed cards back are drawn first
    (``view_presample``), holding those cards; the worlds are listed once each, and counted as
    listed, fewer than the assignments of the unseen cards (the rule bites)."""
    state, worlds = _drawn_worlds(DRAWN_VIEWS[index])
    drawn = drawn_revealed(state)
    first = SPEC.view_presample(worlds.view, random.Random(1))
    players = {q for q in range(3) if q != worlds.player and drawn[q] and state.centre[q] is not None}
    assert worlds.view.constrained and players and {path[1] for path in first} == players
    assert len(players) == (1 if index == 2 else 2)
    for q in players:
        assert drawn[q] <= {*first[("hands", q)], *first[("centre", q)]}
    listed = [json.dumps(SPEC.state_to_json(s), sort_keys=True) for s in worlds.enumerate()]
    assert len(set(listed)) == len(listed) == worlds.count() < worlds._assignments_count()
    assert json.dumps(SPEC.state_to_json(state), sort_keys=True) in listed
    for s in (worlds.sample(random.Random(seed)) for seed in range(5)):
        assert view_of(INFO, s, worlds.player) == view_of(INFO, state, worlds.player)
        assert all(drawn[q] <= s.hands[q] | {s.centre[q]} for q in players)


@pytest.mark.parametrize("index", [0, 2])
def test_worlds_with_drawn_back_cards_are_sampled_uniformly(index):
    """Chi-square goodness of fit of 40 draws a world against the exhaustive list (every world
    once, equally likely: the cards are distinct), seeded; rejected below p = 0.001 as for every
    game (tests/generic/test_worlds.py)."""
    _, worlds = _drawn_worlds(DRAWN_VIEWS[index])
    keys = [json.dumps(SPEC.state_to_json(s), sort_keys=True) for s in worlds.enumerate()]
    rng = random.Random(20261128)
    draws = 40 * len(keys)
    seen = Counter(json.dumps(SPEC.state_to_json(worlds.sample(rng)), sort_keys=True) for _ in range(draws))
    assert set(seen) <= set(keys)
    assert chisquare([seen[k] for k in keys], [draws / len(keys)] * len(keys)).pvalue > 0.001


# --- what the rounds place: a pile's bottom, a card drawn back ----------------------------------------

TRIAL_VIEW = {"game": "three-fools", "view": 0, "phase": "follow", "leader": 1, "binary": "down", "streak": 1,
              "hands": [["2R", "KP", "7S", "JoP"], {"count": 3}, {"count": 3}],
              "piles": [{"count": 10}, {"count": 13, "bottom": ["3R", "5R", "9P"]}, {"count": 10}],
              "declared": "S", "centre": [None, {"count": 1}, {"count": 1}],
              "rounds": [{"leader": 2, "binary": "down", "declared": "R", "cards": ["5R", "9P", "3R"], "winner": 1}]}
"""The trial's view (player 0's, in the second round's follow), with player 1 holding 3 cards beside
her face-down lead as the top-up gives (the trial wrote 4 and a pile of 12)."""


def _with(view, **piles):
    out = json.loads(json.dumps(view))
    for q, zone in piles.items():
        out["piles"][int(q[1:])] = zone
    return out


def test_the_trial_view_with_a_hand_over_the_top_up_is_refused_before_any_world():
    bad = json.loads(json.dumps(TRIAL_VIEW))
    bad["hands"][1] = {"count": 4}
    bad["piles"][1]["count"] = 12
    with pytest.raises(InputError) as exc:
        read_view(bad)
    assert str(exc.value) == (
        "hands[1]: player 1 holds 4 cards and a card in the centre (5) in phase follow, more than her maximum hand "
        'size 4 (002 §Rounds of Play: "each player with fewer cards in hand than her maximum hand sizes draws cards '
        'from her pile to reach her maximum hand size")')


@pytest.mark.parametrize("zone", [{"count": 13}, {"count": 13, "bottom": ["9P"]}, {"count": 13, "bottom": ["5R", "9P"]},
                                  {"count": 13, "known": ["3R", "9P"]}, {"count": 13, "known": ["3R"], "bottom": ["9P"]}])
def test_a_view_leaving_out_a_piles_bottom_reads_as_the_view_that_gives_it(zone):
    """The rounds put 3R 5R 9P under player 1's pile in that order, and her 13 cards still hold them: a
    view that leaves them out (or gives only the last of them, or some as ``known``) reads as the view
    that gives them, with the same worlds (it was refused: "no position is consistent with this view
    (rounds: card 9P went to player 1's pile ...)")."""
    full = read_view(TRIAL_VIEW)
    view = read_view(_with(TRIAL_VIEW, p1=zone))
    assert view.obj == full.obj and view.zones == full.zones and view.unseen == full.unseen
    assert Worlds(view).count() == Worlds(full).count() > 0
    world = Worlds(view).sample(random.Random(3))
    assert world.piles[1][-3:] == full.zone(("piles", 1)).hidden.bottom


@pytest.mark.parametrize("zone,hand,said", [
    ({"count": 13}, ["2R", "KP", "7S", "9P"], "hands[0] lists 9P"),
    ({"count": 13, "bottom": ["9P", "5R"]}, None, "the view gives 9P 5R"),
    ({"count": 13, "bottom": ["1S", "3R", "9P", "5R"]}, None, "the view gives 1S 3R 9P 5R")])
def test_a_view_placing_a_card_of_a_piles_bottom_elsewhere_is_told_the_bottom(zone, hand, said):
    """The rounds put 3R 5R 9P under player 1's pile in that order and her 13 cards still hold them: a
    view that puts 9P in the viewer's hand, or gives the pile another bottom, is refused in one line
    saying what the pile is."""
    bad = _with(TRIAL_VIEW, p1=zone)
    if hand is not None:
        bad["hands"][0] = hand
    with pytest.raises(InputError) as exc:
        read_view(bad)
    assert str(exc.value) == ("piles[1].bottom: the rounds put 3R 5R 9P under player 1's pile, in that order, and her "
                              f"13 cards still hold them, but {said}; her pile is "
                              '{"count": 13, "bottom": ["3R", "5R", "9P"]}')


def test_a_view_whose_pile_bottom_starts_with_older_rounds_cards_keeps_it():
    """Rounds before those listed may be left out: a bottom that ends with what the listed rounds put
    there is read as given."""
    older = read_view(_with(TRIAL_VIEW, p1={"count": 13, "bottom": ["1S", "3R", "5R", "9P"]}))
    assert [c.ascii for c in older.zone(("piles", 1)).hidden.bottom] == ["1S", "3R", "5R", "9P"]


def _stripped(view):
    """``view`` without what the rounds tell: no pile's ``bottom``, no hand's ``known``."""
    out = json.loads(json.dumps(view))
    for key in ("piles", "hands"):
        for zone in out[key]:
            if isinstance(zone, dict):
                zone.pop("bottom", None)
                zone.pop("known", None)
    return out


SMALL_VIEWS = {"drawn back, a card down": (DRAWN_VIEWS[0]["position"], DRAWN_VIEWS[0]["viewer"]),
               "drawn back into a hand": ((0, 49), 0), "a lead, 180 worlds": ((0, 43), 0)}
"""Small views: the first of :data:`DRAWN_VIEWS` (12 worlds), and player 0's of a seeded game (dealt by
``SPEC.deal`` under the default rules, then random legal moves from the same generator) after 49
moves (player 1 drew revealed cards back into her hand, no card of hers down: 9 worlds) and 43 (a
lead: 180 worlds)."""


def _small(name):
    where, viewer = SMALL_VIEWS[name]
    if isinstance(where, dict):
        return view_of(INFO, SPEC.state_from_json(where), viewer)
    rng = random.Random(where[0])
    state = SPEC.deal(Rules(), 3, rng)
    for _ in range(where[1]):
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    return view_of(INFO, state, viewer)


@pytest.mark.parametrize("name", SMALL_VIEWS)
def test_a_small_view_without_what_the_rounds_tell_has_the_same_worlds(name):
    """Every pile's bottom and every hand's known cards left out: the same worlds, counted and listed
    (each once), as the view that gives them; and where those cards are known in a hand, the rounds
    put them there (the view without them was refused)."""
    view = _small(name)
    bare = _stripped(view)
    assert bare != view
    if name == "drawn back into a hand":
        assert view["hands"][1].get("known")
    full, less = Worlds(read_view(view)), Worlds(read_view(bare))
    listed = sorted(json.dumps(SPEC.state_to_json(s), sort_keys=True) for s in full.enumerate())
    assert sorted(json.dumps(SPEC.state_to_json(s), sort_keys=True) for s in less.enumerate()) == listed
    assert less.count() == full.count() == len(listed) == len(set(listed))


@pytest.mark.parametrize("name", ["drawn back, a card down", "drawn back into a hand"])
def test_the_worlds_of_a_view_without_what_the_rounds_tell_are_sampled_uniformly(name):
    """Chi-square goodness of fit of 40 draws a world of the view without bottoms and known cards
    against the list of the full view's worlds, seeded; rejected below p = 0.001."""
    view = _small(name)
    keys = [json.dumps(SPEC.state_to_json(s), sort_keys=True) for s in Worlds(read_view(view)).enumerate()]
    less = Worlds(read_view(_stripped(view)))
    rng = random.Random(20261202)
    draws = 40 * len(keys)
    seen = Counter(json.dumps(SPEC.state_to_json(less.sample(rng)), sort_keys=True) for _ in range(draws))
    assert set(seen) <= set(keys)
    assert chisquare([seen[k] for k in keys], [draws / len(keys)] * len(keys)).pvalue > 0.001
@pytest.mark.parametrize("index", range(len(DRAWN_VIEWS)))
def test_a_constrained_view_that_breaks_a_check_on_visible_fields_is_refused_before_any_draw(index):
    """A view whose drawn-back cards make it constrained, with a visible field wrong (the streak past
    the rules' streak_to_win, a winner while the game goes on): the checks that read no hidden card
    (``view_public_check``) refuse it before any draw, definitely."""
    state, worlds = _drawn_worlds(DRAWN_VIEWS[index])
    assert worlds.view.constrained and worlds.first() is not None
    view = view_of(INFO, state, worlds.player)
    for field, value, why in (("streak", 9, "streak: 9 rounds in a row"),
                              ("winner", 0, "winner: only when the game is over")):
        bad = Worlds(read_view({**view, field: value}, check=False))
        assert bad.view.constrained
        with pytest.raises(InputError, match=r"^view: no position is consistent with this view \(") as err:
            bad.first()
        assert why in str(err.value) and bad.tries == 0


def test_a_pile_count_below_its_listed_bottom_is_refused_naming_the_pile():
    """A view's pile whose count cannot hold the bottom it lists was refused naming her hand
    (``hands[2]: count 3 is smaller than its 9 known cards``), where the knowledge fields had placed
    the pile's cards: the pile is named."""
    info = games.get("three-fools")
    path = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "three-fools-liar.json"
    view = view_of(info, SPEC.state_from_json(json.loads(path.read_text())), 1)
    listed = len(view["piles"][2].get("bottom", []))
    assert listed > 5
    for count in (0, 5):
        view["piles"][2]["count"] = count
        with pytest.raises(InputError, match=rf"^piles\[2\]: count {count} is smaller than its {listed} known cards$"):
            read_view(view)
