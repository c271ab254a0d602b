"""Durak's view files (docs/views.md, docs/durak.md "View files"): the face-up trump and shown
trumps placed, the redeal phase's hidden seed, and the redeal phase's presample (the player to
move holds five or more cards of one suit) against plain rejection."""

import json
import random
from collections import Counter
from pathlib import Path

from scipy.stats import chi2_contingency

from foolsolve import games
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
