"""IS-MCTS's choice at a node (foolsolve/seat.py's ``_uct``): UCT with availability counts on
payoffs scaled to [0, 1], ``mean + c * sqrt(ln(avail) / visits)``, untried moves first."""

from __future__ import annotations

import math
import random

from foolsolve import seat


def _node(children: dict[str, tuple[int, int, float]]) -> seat._Node:
    """children: move -> (visits, availability, sum of the mover's payoffs)."""
    node = seat._Node(2)
    for move, (visits, avail, total) in children.items():
        c = seat._Node(2)
        c.visits, c.avail, c.sums = visits, avail, [total, -total]
        node.children[move] = c
    return node


def _ucb(visits: int, avail: int, total: float, lo: float, span: float) -> float:
    return (total / visits - lo) / span + seat.UCT_C * math.sqrt(math.log(avail) / visits)


def test_uct_picks_the_highest_upper_bound_of_the_scaled_mean():
    """Payoffs in [-1, 1]: ``a`` has mean 0.2 over 4 visits, ``b`` -0.6 (or -1) over 1, both
    available 10 times. With ``b`` at -0.6 its bound (0.2 + 0.7 * sqrt(ln 10)) is above ``a``'s
    (0.6 + 0.7 * sqrt(ln 10 / 4)); at -1 it is below."""
    rng = random.Random(0)
    for b_total, want in ((-0.6, "b"), (-1.0, "a")):
        children = {"a": (4, 10, 0.8), "b": (1, 10, b_total)}
        ucb = {m: _ucb(*children[m], -1.0, 2.0) for m in children}
        assert max(ucb, key=ucb.__getitem__) == want
        assert seat._uct(_node(children), ["a", "b"], 0, 2.0, -1.0, rng) == want


def test_uct_tries_an_unvisited_move_first():
    node = _node({"a": (5, 9, 5.0), "b": (0, 9, 0.0), "c": (3, 9, 0.0)})
    assert seat._uct(node, ["a", "b", "c"], 0, 1.0, 0.0, random.Random(0)) == "b"


def test_uct_breaks_a_tie_at_random_among_the_tied():
    node = _node({"a": (2, 4, 1.0), "b": (2, 4, 1.0), "c": (4, 4, 0.0)})
    picks = {seat._uct(node, ["a", "b", "c"], 0, 1.0, 0.0, random.Random(s)) for s in range(20)}
    assert picks == {"a", "b"}
