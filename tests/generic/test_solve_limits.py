"""``info.solve(state, SolveOptions(time_limit=T))``, the game's solver as the registry gives it
(the Python API's solve), stops with :class:`SearchLimit` once ``T`` seconds have passed, for every
game, as ``--time`` does on the command line; the callers that applied the limit themselves (the
result store, a batch, the seat's exact answer) do not apply it twice. A user trial found the field
ignored: a notebook solve of a 12v12 Durak endgame with ``time_limit=3`` ran on for minutes."""

from __future__ import annotations

import itertools
import time
from importlib import resources
from typing import Any

import pytest

from foolsolve import games
from foolsolve.games.base import GameInfo
from foolsolve.solver.base import SearchLimit, SolveOptions, SolveResult, with_limits
from tests.generic.toy_game import META, ToyRules, ToySpec, ToyState

EXAMPLES = resources.files("foolsolve").joinpath("examples")

BIG_DURAK = {
    "game": "durak", "rules": {"variant": "podkidnoy"}, "trump": "S",
    "hands": [["QH", "8C", "10S", "9D", "AS", "KH", "8D", "KC", "8H", "QS", "JD", "9H"],
              ["6H", "7C", "JS", "7H", "6C", "AH", "10H", "QD", "10D", "9C", "KS", "9S"]],
    "stock": [], "discard": ["8S", "6S", "7D", "AC", "JC", "7S", "QC", "KD", "6D", "AD", "JH", "10C"],
    "attacker": 0, "defender": 1, "table": [], "to_move": 0,
}
"""A 12v12 two-player Durak endgame, the stock empty: minutes of exact search."""

LIMIT = 1.0
BOUND = 15.0
"""Generous: the limit is checked at each progress report, a fraction of a second apart."""


def _state(info: GameInfo, name: str) -> Any:
    import json

    return info.spec.state_from_json(json.loads(EXAMPLES.joinpath(name).read_text(encoding="utf-8")))


# each game's position that takes its exact solver far longer than LIMIT, with the options that make it
SLOW: list[tuple[str, Any, dict[str, Any]]] = [
    ("durak", BIG_DURAK, {"jit": False}),  # (the Python search: no compile of the compiled one first)
    ("foolery", "foolery-five-players-midround.json", {}),
    ("fools-paradise", "fools-paradise-two-decks-six-players.json", {"stock_order_known": True}),
    ("fools-and-angels", "fools-and-angels-opening.json", {"stock_order_known": True}),
    ("three-fools", "three-fools-liar.json", {"strategies": {"1": {"up P": {"1R": 1}}}, "limit": 10**9}),
]


def test_every_game_with_a_solver_has_a_slow_position_here() -> None:
    assert sorted(g for g, _, _ in SLOW) == sorted(info.name for info in games.all_games() if info.has_solver)


@pytest.mark.parametrize("game, position, extra", SLOW, ids=[g for g, _, _ in SLOW])
def test_the_registry_solve_stops_at_its_time_limit(game: str, position: Any, extra: dict[str, Any]) -> None:
    info = games.get(game)
    state = info.spec.state_from_json(position) if isinstance(position, dict) else _state(info, position)
    assert info.solve is not None
    start = time.monotonic()
    with pytest.raises(SearchLimit) as caught:
        info.solve(state, SolveOptions(time_limit=LIMIT, extra=dict(extra)))
    assert time.monotonic() - start < BOUND
    assert caught.value.option == "time"
    assert str(caught.value).startswith(f"SolveOptions.time_limit: no exact answer within {LIMIT:g} s")


def _recording(seen: list[SolveOptions], spin: bool = False) -> Any:
    def solve(state: Any, options: SolveOptions) -> SolveResult:
        seen.append(options)
        nodes = 0
        while spin:  # a search that reports its progress and never ends
            nodes += 1
            if options.progress is not None:
                options.progress(nodes)
        return SolveResult("toy", state.to_move, "win", [], [], 1, 0.0)
    return solve


def test_a_time_limit_is_applied_once_whoever_applies_it() -> None:
    """The registry's solve applies the limit; options that apply it already (the result store's,
    a batch's: :func:`with_limits`) are passed on as they are, not wrapped in a second deadline."""
    from foolsolve.store import cached_solve

    seen: list[SolveOptions] = []
    info = GameInfo(meta=META, spec=ToySpec(), solve=_recording(seen))
    state = ToyState(ToyRules(), 5, 0)
    shown: list[int] = []
    assert info.solve is not None
    info.solve(state, SolveOptions(time_limit=30, progress=shown.append))
    limited = with_limits(SolveOptions(time_limit=30, progress=shown.append))
    assert with_limits(limited) is limited
    info.solve(state, limited)
    assert seen[-1] is limited
    cached_solve(info, state, SolveOptions(time_limit=30, progress=shown.append), store=None)
    for opts in seen:
        tick = opts.progress
        assert tick is not None and getattr(tick, "shown", None) == shown.append  # one deadline, then the caller's
        assert opts.deadline is not None
    seen[-1].progress(7)  # type: ignore[misc]
    assert shown == [7]
    info.solve(state)  # no options at all: none to apply
    assert seen[-1].progress is None and seen[-1].time_limit is None


def test_a_search_that_reports_progress_stops_at_the_limit() -> None:
    seen: list[SolveOptions] = []
    info = GameInfo(meta=META, spec=ToySpec(), solve=_recording(seen, spin=True))
    assert info.solve is not None
    start = time.monotonic()
    with pytest.raises(SearchLimit, match=r"within 0\.2 s"):
        info.solve(ToyState(ToyRules(), 5, 0), SolveOptions(time_limit=0.2))
    assert time.monotonic() - start < BOUND


def test_a_stopped_solve_names_the_method_of_what_it_proved() -> None:
    info = games.get("durak")
    assert info.solve is not None
    with pytest.raises(SearchLimit) as caught:
        info.solve(info.spec.state_from_json(BIG_DURAK), SolveOptions(max_nodes=20_000, extra={"jit": False}))
    partial = caught.value.partial
    if partial is not None:
        assert partial.method is not None and "Durak endgame solver" in partial.method


@pytest.mark.parametrize(("game", "example", "extra", "every"), [
    ("foolery", "foolery-five-players-midround.json", {}, 256),
    ("fools-and-angels", "fools-and-angels-opening.json", {"stock_order_known": True}, 1024),
    ("fools-paradise", "fools-paradise-endgame.json", {}, 1024),
    ("durak", BIG_DURAK, {"jit": False}, 1024),  # the Python search (the compiled one reports every 0.2 s)
])
def test_the_solver_reports_progress_often_enough_to_see_the_time(game: str, example: Any, extra: dict[str, Any],
                                                                 every: int) -> None:
    """--time stops an exact solver through its progress reports (where the clock is read): those
    came every 20,000 nodes (Foolery, Fools and Angels, Durak's Python search) or 10,000 (Fool's Paradise), which in
    Foolery's five-player example (some 60 µs a node) was over a second past the time: --time 0.001
    ran the solver 2 s. Now every 256 nodes in Foolery (a node there is the dearest), 1,024 in the
    others."""
    info = games.get(game)
    reports: list[int] = []

    def report(nodes: int) -> None:
        reports.append(nodes)
        if len([n for n in reports if n]) == 3:
            raise SearchLimit("enough")

    with pytest.raises(SearchLimit):
        state = info.spec.state_from_json(example) if isinstance(example, dict) else _state(info, example)
        info.solve(state, SolveOptions(progress=report, extra=extra))
    if game == "fools-and-angels":
        # also at 0 nodes, before and while it lists the root's moves, and every 16,384 moves its nodes list
        # (a node of a big hand lists thousands: tests/fools_and_angels/test_one_world_time.py)
        assert reports[0] == 0, reports
        assert all(0 <= b - a <= every for a, b in itertools.pairwise(reports)), reports
    else:
        assert reports == [every, 2 * every, 3 * every]


def test_a_time_limits_error_names_the_option_as_its_caller_calls_it() -> None:
    """From Python the solver's limit names the SolveOptions field; within foolsolve.answer's names its
    ``time`` parameter, within the command line's its ``--time`` option (docs/python.md)."""
    from contextlib import nullcontext

    from foolsolve.api import PYTHON_NAMES
    from foolsolve.errors import command_line_names, option_names

    info = GameInfo(meta=META, spec=ToySpec(), solve=_recording([], spin=True))
    assert info.solve is not None
    for context, said in ((nullcontext(), "SolveOptions.time_limit"), (option_names(PYTHON_NAMES), "time"),
                          (command_line_names(), "--time")):
        with context:
            with pytest.raises(SearchLimit) as caught:
                info.solve(ToyState(ToyRules(), 5, 0), SolveOptions(time_limit=0.05))
        assert str(caught.value) == f"{said}: no exact answer within 0.05 s"
    with pytest.raises(SearchLimit) as caught:
        info.solve(ToyState(ToyRules(), 5, 0), SolveOptions(time_limit=60, extra={"time": 0.05}))
    assert str(caught.value) == "SolveOptions.extra time=0.05: no exact answer within 0.05 s"


def _node_example(info: GameInfo) -> Any:
    """A position of the game's examples (its endgame where it has one) that its solver does not
    answer within one node."""
    names = sorted(p.name for p in EXAMPLES.iterdir() if p.name.startswith(f"{info.name}-") and p.name.endswith(".json"))
    for name in sorted(names, key=lambda n: "endgame" not in n):
        state = _state(info, name)
        try:
            assert info.solve is not None
            info.solve(state, SolveOptions(max_nodes=1))
        except SearchLimit:
            return state
    raise AssertionError(f"no example of {info.name} needs more than one node")


def test_every_games_node_limit_reads_one_way_naming_the_option_as_its_caller_calls_it() -> None:
    """Each game's solver stopped at ``max_nodes`` says so in the time limit's words, naming the
    SolveOptions field from Python, foolsolve.answer's ``max_nodes`` within its names, the command
    line's ``--max-nodes`` within its (``1 node``, ``2 nodes``)."""
    from contextlib import nullcontext

    from foolsolve.api import PYTHON_NAMES
    from foolsolve.errors import command_line_names, option_names

    for game in games.names():
        info = games.get(game)
        assert info.solve is not None
        state = _node_example(info)
        for context, said in ((nullcontext(), "SolveOptions.max_nodes"), (option_names(PYTHON_NAMES), "max_nodes"),
                              (command_line_names(), "--max-nodes")):
            for budget, nodes in ((1, "1 node"), (2, "2 nodes")):
                with context if budget == 1 else nullcontext():
                    with pytest.raises(SearchLimit) as caught:
                        info.solve(state, SolveOptions(max_nodes=budget))
                if budget == 1:
                    assert str(caught.value) == f"{said}: no exact answer within {nodes}", (game, caught.value)
                else:
                    assert str(caught.value) == f"SolveOptions.max_nodes: no exact answer within {nodes}", game


@pytest.mark.parametrize(("field", "value"), [
    ("time_limit", -1), ("time_limit", float("nan")), ("time_limit", float("inf")), ("time_limit", "x"),
    ("time_limit", True), ("time_limit", 10 ** 9), ("max_nodes", 0), ("max_nodes", 1.5), ("max_nodes", "5"),
    ("max_nodes", False), ("max_memory", -1), ("max_memory", 0), ("max_memory", 2 ** 40), ("max_memory", 1.0),
    ("extra", None), ("extra", [("time", 1)])])
def test_solve_options_refuse_a_bad_limit_naming_the_field(field: str, value: Any) -> None:
    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=rf"^SolveOptions\.{field}: expected ") as caught:
        SolveOptions(**{field: value})
    assert "\n" not in str(caught.value)


def test_solve_options_take_the_command_lines_ranges() -> None:
    assert SolveOptions(time_limit=0).time_limit == 0
    assert SolveOptions(time_limit=366 * 24 * 3600, max_nodes=1, max_memory=1 << 20).max_memory == 1 << 20
    assert SolveOptions(max_nodes=10 ** 30).max_nodes == 1 << 62  # above the cap read as it, as --max-nodes
