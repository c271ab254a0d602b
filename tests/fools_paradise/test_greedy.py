"""Fool's Paradise's greedy heuristic on engine states (solver/fools_paradise/greedy.py,
``choose_engine``: the policy of greedy playouts) plays what the ``greedy`` bot plays from the
mover's seat, built from her view (``choose``): 2-5 players, one and two decks, every rule option at
random, positions reached by random play."""

from __future__ import annotations

from collections import Counter

from foolsolve import games
from foolsolve.solver.fools_paradise.greedy import choose, choose_engine
from foolsolve.spec.fools_paradise import Collect
from tests.generic.greedy_helpers import greedy_decisions


def test_choose_engine_is_the_greedy_bots_move_from_the_movers_seat() -> None:
    info = games.get("fools-paradise")
    assert info.greedy is choose and info.greedy_engine is choose_engine
    kinds: Counter[str] = Counter()
    for _seed, full, want in greedy_decisions("fools-paradise", range(24)):  # each decision checked there
        if isinstance(want, Collect):
            kinds["clear" if len(want.taken) == len(full.centre) else "collect"] += 1
        else:
            kinds["lay"] += 1
        kinds["rules " + str(full.rules.card_points) + " " + str(full.rules.played_card)] += 1
    # every kind of greedy move, under every scoring and place of the played card
    assert all(kinds[k] > 5 for k in ("clear", "collect", "lay")), kinds
    assert all(kinds[f"rules {points} {played}"] > 50 for points in ("value", "count")
               for played in ("collected", "stays")), kinds
