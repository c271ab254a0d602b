"""Distances to the end (foolsolve/distance.py) confirmed by a second method: exhaustive minimax
over the *spec* (not the engine the distance search walks) with value first, then distance (the
winner as fast, the loser as slow as it can), on small random positions of every two-player
win/draw/loss game; the principal variation is played that way, "Best" names the best value and distance
(in a lost position the longest resistance), and a line that reaches the end carries its result."""

from __future__ import annotations

import random
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import games
from foolsolve.distance import rank
from foolsolve.game import CHANCE
from foolsolve.present import steps
from foolsolve.solver.base import DRAW, LOSS, WIN, SolveOptions
from foolsolve.store import solve_with_store
from tests.generic.batch_helpers import endgame

WDL = {1: WIN, 0: DRAW, -1: LOSS}


def spec_dtm(spec: Any, state: Any, memo: dict[Any, tuple[int, int]], key: Any = None) -> tuple[int, int]:
    """(value for player 0 as -1/0/+1, moves to the end) by plain recursion over the spec, every
    move of every position searched; the same over an engine with ``key`` its ``key`` (positions
    too large for the spec's recursion)."""
    k = state if key is None else key(state)
    hit = memo.get(k)
    if hit is not None:
        return hit
    res = spec.result(state)
    if res is not None:
        d = res.payoffs[0] - res.payoffs[1]
        out = ((d > 0) - (d < 0), 0)
    else:
        mover = spec.to_move(state)
        assert mover != CHANCE
        options = [spec_dtm(spec, spec.apply(state, m), memo, key) for m in spec.legal_moves(state)]
        v0, d = max(options, key=lambda vd: rank(mover, vd))
        out = (v0, d + 1)
    memo[k] = out
    return out


def check(game: str, state: Any) -> None:
    info = games.get(game)
    spec = info.spec
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        result, _ = solve_with_store(info, state, SolveOptions(), None, lines=True)
        memo: dict[Any, tuple[int, int]] = {}
        mover = spec.to_move(state)
        want = {str(m): spec_dtm(spec, spec.apply(state, m), memo) for m in spec.legal_moves(state)}
        if not result.moves:
            return
        assert all(m.distance is not None for m in result.moves), result.notes
        for m in result.moves:
            v0, d = want[m.move]
            assert m.value == WDL[v0 if mover == 0 else -v0] and m.distance == d + 1, m
        top = max(rank(mover, want[m]) for m in want)
        assert sorted(result.best) == sorted(m for m in want if rank(mover, want[m]) == top)
        root = spec_dtm(spec, state, memo)
        assert result.distance == root[1] == len(result.pv)
        # the line: every move keeps its mover's best value and distance, and it ends the game
        s = state
        for text in result.pv:
            p = spec.to_move(s)
            here = {str(m): spec_dtm(spec, spec.apply(s, m), memo) for m in spec.legal_moves(s)}
            assert rank(p, here[text]) == max(rank(p, v) for v in here.values())
            s = spec.apply(s, spec.parse_move(s, text))
        end = spec.result(s)
        assert end is not None and result.result == end.to_json()
    finally:
        sys.setrecursionlimit(limit)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), k=st.integers(2, 4))
def test_durak_distances_equal_spec_minimax(seed, k):
    info = games.get("durak")
    check("durak", info.spec.state_from_json(endgame(k, random.Random(seed))))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), k=st.integers(2, 3))
def test_fools_and_angels_distances_equal_spec_minimax(seed, k):
    info = games.get("fools-and-angels")
    rng = random.Random(seed)
    dealt = info.spec.state_to_json(info.spec.deal(info.spec.rules_cls(), 2, rng))
    deck = [c for key in ("hands", "stocks") for cs in dealt[key] for c in cs] + list(dealt["pool"])  # cards in use
    rng.shuffle(deck)
    obj = {"game": "fools-and-angels", "hands": [deck[:k], deck[k:2 * k]], "stocks": [[], []], "pool": [],
           "to_move": rng.randrange(2), "phase": "turn", "attack": []}
    check("fools-and-angels", info.spec.state_from_json(obj))


def test_the_bundled_lost_durak_endgame_resists_longest(capsys):
    """durak-endgame.json is lost: 'Best' is the longest resistance, not every move."""
    import json
    from importlib import resources

    from tests.generic.test_cli import run

    path = str(resources.files("foolsolve").joinpath("examples", "durak-endgame.json"))
    code, out, _ = run([path, "--json", "--no-store"], capsys)
    result = json.loads(out)
    assert code == 0 and result["value"] == "loss"
    longest = max(m["distance"] for m in result["moves"])
    assert result["best"] == [m["move"] for m in result["moves"] if m["distance"] == longest]
    assert len(result["best"]) < len(result["moves"]) and result["distance"] == longest == len(result["pv"])
    assert result["result"]["label"].startswith("fool: player 0")
    state = __import__("foolsolve").games.get("durak").spec.state_from_json(json.loads(open(path).read()))
    check("durak", state)
    assert steps  # the transcript helper replays the line in check()


def test_alpha_beta_distances_equal_plain_recursion_and_reach_five_cards_each():
    """The distance search prunes (alpha-beta on one score, a table of bounds, draws' lengths
    apart), alone and with each position's value asked of Durak's exact search first (a loser's
    moves then ask none): on seeded two-player Durak endgames of 3-5 cards each, drawn ones among
    them, every move's value and distance equals plain recursion over the engine; and 5v5
    positions, whose trees exceed the 60,000-position budget of a search without pruning, get
    their distances."""
    from foolsolve.distance import DISTANCE_BUDGET, _Search

    info = games.get("durak")
    engine = info.engine
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    draws = 0
    try:
        for k, seeds in ((3, range(40)), (4, range(12)), (5, range(1))):
            for seed in seeds:
                root = engine.from_spec(info.spec.state_from_json(endgame(k, random.Random(f"ab:{k}:{seed}"))))
                values = info.distance_values(root, DISTANCE_BUDGET)
                assert values is not None
                searches, memo = [_Search(engine, DISTANCE_BUDGET), _Search(engine, DISTANCE_BUDGET, values)], {}
                for m in engine.legal_moves(root):
                    child = engine.apply(root, m)
                    want = spec_dtm(engine, child, memo, engine.key)
                    for search in searches:
                        assert search.solve(child) == want, (k, seed, str(engine.move_to_spec(root, m)), search.values)
                    draws += want[0] == 0
                if k == 5:  # positions a plain search expands (those not over)
                    assert sum(d > 0 for _, d in memo.values()) > DISTANCE_BUDGET
    finally:
        sys.setrecursionlimit(limit)
    assert draws >= 3, draws


def test_distances_are_not_tried_on_more_cards_than_the_search_takes(capsys):
    """Durak positions of more than 12 cards in play (7v7 here) get no distance search: the note says
    why, and the answer is the solver's (its own best moves and line)."""
    import json

    from foolsolve.solver.durak.search import DISTANCE_CARDS
    from tests.generic.test_cli import run

    info = games.get("durak")
    for k, tried in ((6, True), (7, False)):
        state = info.spec.state_from_json(endgame(k, random.Random(f"gate:{k}")))
        assert (info.distance_skip(info.engine.from_spec(state)) is None) == tried == (2 * k <= DISTANCE_CARDS)
    obj = endgame(7, random.Random("gate:7"))
    path = __import__("pathlib").Path(__import__("tempfile").mkdtemp()) / "seven.json"
    path.write_text(json.dumps(obj))
    code, out, _ = run([str(path), "--json", "--no-store"], capsys)
    result = json.loads(out)
    assert code == 0 and "distance" not in result and not any("distance" in m for m in result["moves"])
    assert "distance to the end not computed: 14 cards in play, more than the 12 its search takes" in result["notes"]
    assert result["best"] and result["pv"]


def test_the_budget_counts_the_value_searchs_positions_too():
    """The value search's positions count against the distance search's budget: a budget that the
    distance search's own positions fit but both together do not ends the search (a note, no
    distances); one that both fit gives the same answer as no budget."""
    import pytest

    from foolsolve.distance import _GiveUp, _Search

    info = games.get("durak")
    engine = info.engine
    root = engine.from_spec(info.spec.state_from_json(endgame(4, random.Random("budget:4"))))
    moves = engine.legal_moves(root)

    def run(budget: int) -> tuple[list[tuple[int, int]], int, int]:
        values = info.distance_values(root, budget)
        search = _Search(engine, budget, values)
        return [search.solve(engine.apply(root, m)) for m in moves], search.nodes, values.nodes

    want, own, asked = run(10**9)
    assert 0 < asked - asked // 2 <= own  # each search alone fits own + asked // 2: only their sum is over it
    assert run(own + asked)[0] == want
    with pytest.raises(_GiveUp, match="positions"):
        run(own + asked // 2)
