"""Durak's greedy heuristic on engine states (solver/durak/greedy.py, ``choose_engine``: the
policy of greedy playouts) plays what the ``greedy`` bot plays from the mover's seat, built from
her view (``choose``): 2-6 players, every rule option at random, positions reached by random play."""

from __future__ import annotations

from collections import Counter

from foolsolve import games
from foolsolve.solver.durak.greedy import choose, choose_engine
from tests.generic.greedy_helpers import greedy_decisions


def test_choose_engine_is_the_greedy_bots_move_from_the_movers_seat() -> None:
    info = games.get("durak")
    assert info.greedy is choose and info.greedy_engine is choose_engine
    verbs: Counter[str] = Counter()
    for _seed, _full, want in greedy_decisions("durak", range(30)):  # each decision checked there
        verbs[str(want).split()[0]] += 1
    # every branch of the heuristic was taken (a take with a cover at hand: the trump above a Jack)
    assert set(verbs) >= {"attack", "cover", "throw", "pass", "transfer", "take", "show", "keep"}, verbs
