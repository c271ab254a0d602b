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
    """Durak positions of more than 12 cards in play (7v7 here), and those of 12 with no hand of 2 cards
    or fewer (6v6, 3v9: their searches ran out of budget on every seeded position measured), get no
    distance search: the note says why, and the answer is the solver's (its own best moves and
    line); 5v5, 2v10 and 10v2 are tried."""
    import json

    from foolsolve.distance import add_distances
    from tests.generic.test_cli import run

    info = games.get("durak")
    for k, tried in ((5, True), (6, False), (7, False)):
        state = info.spec.state_from_json(endgame(k, random.Random(f"gate:{k}")))
        assert (info.distance_skip(info.engine.from_spec(state)) is None) == tried, k
    for a, b, tried in ((2, 10, True), (10, 2, True), (3, 9, False), (9, 3, False)):
        obj = endgame(6, random.Random(f"gate:{a}v{b}"))
        cards = obj["hands"][0] + obj["hands"][1]
        obj["hands"] = [cards[:a], cards[a:]]
        state = info.spec.state_from_json(obj)
        assert (info.distance_skip(info.engine.from_spec(state)) is None) == tried, (a, b)
    six = info.spec.state_from_json(endgame(6, random.Random("gate:6")))
    notes = add_distances(info, six, info.solve(six, SolveOptions())).notes
    assert ("distance to the end not computed: 12 cards in play with 6 or more in each hand, more than its search "
            "takes (12 only with a hand of at most 2)") in notes
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


class _Ticks:
    """A fake clock: each reading one tick later than the last (0, 1, 2 ...)."""

    def __init__(self) -> None:
        self.now = -1

    def __call__(self) -> float:
        self.now += 1
        return float(self.now)


def test_the_distance_search_stops_at_its_deadline_with_a_note():
    """The distance search keeps the solve's deadline (read on a clock it is given, here a fake one
    that ticks at each reading): past it, no distance is given and the note says it was not
    computed within the time limit, the solver's answer kept; one whose deadline lies beyond every
    reading gives the distances of no deadline."""
    from foolsolve.distance import TIME_NOTE, add_distances

    info = games.get("durak")
    state = info.spec.state_from_json(endgame(5, random.Random("deadline:5")))

    def solved(**kw: Any) -> Any:
        return add_distances(info, state, info.solve(state, SolveOptions()), **kw)

    free = solved()
    assert free.distance is not None and all(m.distance is not None for m in free.moves)
    far = solved(deadline=1e12, clock=_Ticks())
    assert [m.distance for m in far.moves] == [m.distance for m in free.moves] and far.best == free.best
    for deadline in (-1.0, 0.0, 3.0):  # gone before the search, at its first clock reading, a few readings in
        ticks = _Ticks()
        cut = solved(deadline=deadline, clock=ticks)
        assert cut.distance is None and all(m.distance is None for m in cut.moves), deadline
        assert TIME_NOTE in cut.notes and not any("distance: moves" in n for n in cut.notes)
        assert [m.value for m in cut.moves] == [m.value for m in free.moves]
        assert ticks.now <= deadline + 2  # read no more than once past it


def test_the_value_search_stops_when_the_distance_search_is_late():
    """The value search the distance search asks (Durak's) stops at its next progress report once
    ``late()`` says the time is out: a SearchLimit of option "time", which the distance search
    reads as out of time (a 7v7 root needs more than one report's nodes)."""
    import pytest

    from foolsolve.solver.base import SearchLimit

    info = games.get("durak")
    root = info.engine.from_spec(info.spec.state_from_json(endgame(7, random.Random("late:7"))))
    values = info.distance_values(root, 10**9, lambda: True)
    with pytest.raises(SearchLimit) as exc:
        values.value(root)
    assert exc.value.option == "time"
    assert info.distance_values(root, 10**9, lambda: False).value(root) in (-1, 0, 1)


def test_seconds_count_the_distance_search_and_a_line_gives_it_its_deadline(monkeypatch):
    """An answer's seconds count the distance search too (here one made to take 0.3 s), in a batch's
    line and through the result store's solve; both hand the solve's own deadline to it (a batch's
    --time, counted from the line's start; the caller's deadline in the store's solve)."""
    import json
    import time

    import foolsolve.distance as distance
    from foolsolve.batch import solve_task

    seen: list[float | None] = []

    def slow(info: Any, state: Any, result: Any, budget: int, deadline: float | None, clock: Any) -> None:
        seen.append(deadline)
        time.sleep(0.3)

    monkeypatch.setattr(distance, "_distances", slow)
    position = json.dumps(endgame(4, random.Random("seconds:4")))
    started = time.monotonic()
    out = solve_task(("durak", position, {}, None, 30.0, None))
    assert out["result"]["seconds"] >= 0.3
    assert seen[-1] is not None and started < seen[-1] <= time.monotonic() + 30.0
    out = solve_task(("durak", position, {}, None, None, None))
    assert out["result"]["seconds"] >= 0.3 and seen[-1] is None
    info = games.get("durak")
    state = info.spec.state_from_json(json.loads(position))
    result, _ = solve_with_store(info, state, SolveOptions(deadline=started + 1000), None, lines=True)
    assert result.seconds >= 0.3 and seen[-1] == started + 1000


def test_distance_false_keeps_every_moves_value_without_distances(capsys):
    """``-o distance=false`` (a solver option every game takes): every move's value, the best moves and
    the principal variation, no distances, and a note saying so; in a batch line, in a single
    position's answer and through the result store's solve (keyed apart from the answer with distances
    and from the plain answer, which carries neither its note nor the result at its line's end); any value
    but true or false is a one-line error."""
    import json

    import pytest

    from foolsolve.batch import solve_task
    from foolsolve.distance import OFF_NOTE
    from foolsolve.errors import InputError
    from foolsolve.store import position_key
    from tests.generic.test_cli import run

    obj = endgame(4, random.Random("off:4"))
    full = solve_task(("durak", json.dumps(obj), {}, None, None, None))["result"]
    off = solve_task(("durak", json.dumps(obj), {"distance": False}, None, None, None))["result"]
    assert "distance" in full and all("distance" in m for m in full["moves"])
    assert "distance" not in off and not any("distance" in m for m in off["moves"])
    assert [(m["move"], m["value"]) for m in off["moves"]] == [(m["move"], m["value"]) for m in full["moves"]]
    assert off["pv"] and off["best"] and OFF_NOTE in off["notes"]
    path = __import__("pathlib").Path(__import__("tempfile").mkdtemp()) / "four.json"
    path.write_text(json.dumps(obj))
    code, out, _ = run([str(path), "--json", "--no-store", "-o", "distance=false"], capsys)
    single = json.loads(out)
    assert code == 0 and "distance" not in single and OFF_NOTE in single["notes"] and single["moves"]
    info = games.get("durak")
    state = info.spec.state_from_json(obj)
    opts = SolveOptions(extra={"distance": False})
    assert position_key(info, state, opts, lines=True) != position_key(info, state, opts, lines=False)
    assert position_key(info, state, SolveOptions(), lines=True) != position_key(info, state, opts, lines=True)
    with pytest.raises(InputError, match="distance: expected true or false"):
        SolveOptions(extra={"distance": "no"})


def test_add_distances_asks_applies_once(monkeypatch):
    """``add_distances`` asks :func:`foolsolve.distance.applies` once per answer, whether the distances
    are then searched (``distance`` true) or noted as not asked for (``-o distance=false``)."""
    import foolsolve.distance as distance

    info = games.get("durak")
    state = info.spec.state_from_json(endgame(3, random.Random("once:3")))
    asked: list[bool] = []
    searched: list[bool] = []

    def counted(*args: Any) -> bool:
        asked.append(True)
        return True

    monkeypatch.setattr(distance, "applies", counted)
    monkeypatch.setattr(distance, "_distances", lambda *args: searched.append(True))
    for on in (True, False):
        asked.clear()
        searched.clear()
        result = distance.add_distances(info, state, info.solve(state, SolveOptions()), distance=on)
        assert len(asked) == 1 and searched == ([True] if on else [])
        assert (distance.OFF_NOTE in result.notes) is not on
