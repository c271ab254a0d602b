"""Fool's Paradise views (docs/views.md; docs/fools-paradise.md "View files"): the stock's order is
left to chance, and with two decks a world comes up as often as a shuffle of the physical cards
deals it."""

import random
from collections import Counter

from scipy.stats import chisquare

from foolsolve import games
from foolsolve.cards import FRENCH52
from foolsolve.spec.fools_paradise import SPEC
from foolsolve.worlds import Worlds, read_view, view_of, worlds_from_state

INFO = games.get("fools-paradise")


def _two_deck_end():
    """Three players, two decks, empty stock: player 0 sees 2C 3C; players 1 and 2 hold two cards
    each out of 7C 7C 9D 9D; every other card is collected in player 0's pile."""
    hands = [["2C", "3C"], ["7C", "9D"], ["7C", "9D"]]
    used = Counter(c for h in hands for c in h)
    pile = [c.ascii for c in FRENCH52.cards for _ in range(2 - used[c.ascii])]
    obj = {"game": "fools-paradise", "rules": {"decks": 2}, "players": 3, "dealer": 2, "to_move": 0,
           "hands": hands, "centre": [], "stock": [], "piles": [pile, [], []], "clears": [0, 0, 0]}
    return SPEC.state_from_json(obj)


def test_two_decks_a_world_is_weighted_as_a_shuffle_deals_it():
    """Player 1 holds 7C 7C, 7C 9D or 9D 9D: the physical shuffle deals them 1 : 4 : 1 (chi-square
    of 600 seeded draws, rejected below p = 0.001)."""
    worlds = worlds_from_state(INFO, _two_deck_end(), 0)
    weighted = {tuple(c.ascii for c in s.hands[1]): w for s, w in worlds.enumerate_weighted()}
    assert weighted == {("7C", "7C"): 1, ("7C", "9D"): 4, ("9D", "9D"): 1}
    assert worlds.count() == 3
    rng = random.Random(5)
    seen = Counter(tuple(c.ascii for c in worlds.sample(rng).hands[1]) for _ in range(600))
    keys = sorted(weighted)
    assert chisquare([seen[k] for k in keys], [600 * weighted[k] / 6 for k in keys]).pvalue > 0.001


def test_a_world_leaves_the_stock_order_to_chance():
    state = INFO.random_game(random.Random(11))
    view = view_of(INFO, state, 0)
    assert "stock_size" not in view and view["stock"] == {"count": len(state.stock)}
    world = Worlds(read_view(view)).sample(random.Random(0))
    assert not world.stock_known and sorted(world.stock) == list(world.stock)
    assert view_of(INFO, world, 0) == view
