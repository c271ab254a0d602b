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
from foolsolve.spec.three_fools import SPEC, collected, drawn_revealed
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
