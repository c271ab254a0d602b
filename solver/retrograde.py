"""Retrograde analysis of a whole state graph with networkx: a second method, independent of
any forward search, for small two-player positions.

:func:`state_graph` builds the full graph of positions reachable from a root (nodes are
hashable states, edges carry the move text). :func:`retrograde_wdl` then solves it
backwards from the terminal positions with the classic counting algorithm (a node is a
win as soon as one child is a loss for its mover, a loss once every child is a win for its
mover); positions never resolved are draws by endless play, so it is also correct on
graphs with cycles. :func:`retrograde_values` solves exact numeric payoff differences on
an acyclic graph in reverse topological order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Any

import networkx as nx

from foolsolve.game import Result


def state_graph(
    root: Any,
    moves: Callable[[Any], Iterable[Any]],
    apply: Callable[[Any, Any], Any],
    to_move: Callable[[Any], int],
    result: Callable[[Any], Result | None],
    key: Callable[[Any], Hashable] = lambda s: s,
    max_nodes: int = 2_000_000,
) -> tuple[nx.DiGraph, Hashable]:
    """The reachable state graph. Node attributes: ``to_move``, ``payoff0`` (payoff
    difference for player 0, terminal nodes only). Edge attribute: ``move`` (text)."""
    g = nx.DiGraph()
    root_key = key(root)
    todo = deque([(root_key, root)])
    g.add_node(root_key)
    while todo:
        k, s = todo.popleft()
        res = result(s)
        if res is not None:
            g.nodes[k]["to_move"] = -1
            g.nodes[k]["payoff0"] = Fraction(res.payoffs[0]) - Fraction(res.payoffs[1])
            continue
        g.nodes[k]["to_move"] = to_move(s)
        for m in moves(s):
            child = apply(s, m)
            ck = key(child)
            if ck not in g:
                if g.number_of_nodes() >= max_nodes:
                    raise MemoryError(f"state graph larger than {max_nodes} nodes")
                g.add_node(ck)
                todo.append((ck, child))
            g.add_edge(k, ck, move=str(m))
    return g, root_key


def retrograde_wdl(g: nx.DiGraph) -> dict[Hashable, int]:
    """Win/draw/loss (+1/0/-1) *for the player to move* at every node (terminal nodes: for
    player 0). Two players, win/draw/loss payoffs."""
    val: dict[Hashable, int] = {}
    pending: dict[Hashable, int] = {}
    queue: deque[Hashable] = deque()

    def for_mover(node: Hashable, v0: int) -> int:
        return v0 if g.nodes[node]["to_move"] == 0 else -v0

    # value of each node for player 0 as it becomes known
    v0: dict[Hashable, int] = {}
    for n, data in g.nodes(data=True):
        if data["to_move"] == -1:
            p = data["payoff0"]
            v0[n] = (p > 0) - (p < 0)
            queue.append(n)
        else:
            pending[n] = g.out_degree(n)
    best_draw: dict[Hashable, bool] = {}
    while queue:
        child = queue.popleft()
        for parent in g.predecessors(child):
            if parent in v0:
                continue
            mover_value = for_mover(parent, v0[child])
            if mover_value > 0:
                v0[parent] = v0[child]
                queue.append(parent)
                continue
            if mover_value == 0:
                best_draw[parent] = True
            pending[parent] -= 1
            if pending[parent] == 0:
                # every child known and none wins for the mover
                mover_best = 0 if best_draw.get(parent) else -1
                v0[parent] = mover_best if g.nodes[parent]["to_move"] == 0 else -mover_best
                queue.append(parent)
    for n in g.nodes:
        if n not in v0:
            v0[n] = 0  # never resolved: endless play, a draw
    for n, x in v0.items():
        val[n] = x if g.nodes[n]["to_move"] == -1 else for_mover(n, x)
    return val


def retrograde_values(g: nx.DiGraph) -> dict[Hashable, Fraction]:
    """Exact payoff difference for player 0 at every node of an acyclic graph."""
    v0: dict[Hashable, Fraction] = {}
    for n in reversed(list(nx.topological_sort(g))):
        data = g.nodes[n]
        if data["to_move"] == -1:
            v0[n] = data["payoff0"]
            continue
        kids = [v0[c] for c in g.successors(n)]
        v0[n] = max(kids) if data["to_move"] == 0 else min(kids)
    return v0
