"""Three Fools' view files (docs/views.md, docs/three-fools.md "Views"): a pile's known bottom and
the revealed cards a player drew back into her hand, along whole random games."""

import random

from foolsolve import games
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
