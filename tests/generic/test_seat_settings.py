"""``seat.Settings`` (the seat analysis' knobs from Python) is checked when it is made, with the
command line's ranges: a one-line ``InputError`` naming the field. A user trial found
``Settings(samples=0)`` giving an IS-MCTS ``KeyboardInterrupt`` nobody pressed (a notebook shows it
as an interrupted kernel), PIMC a misleading "--time: no world was valued", ``samples="10"`` a
``TypeError`` deep inside, and ``seed="abc"`` taken silently."""

from __future__ import annotations

import math
import random
import re
import time
from typing import Any

import pytest

from foolsolve import games, seat
from foolsolve.errors import InputError
from foolsolve.solver.base import MAX_SAMPLES, MAX_SECONDS
from tests.generic.playout_helpers import count_playouts

BAD: list[tuple[dict[str, Any], str]] = [
    ({"samples": 0}, "samples"),
    ({"samples": -5}, "samples"),
    ({"samples": "10"}, "samples"),
    ({"samples": 2.5}, "samples"),
    ({"samples": True}, "samples"),
    ({"samples": MAX_SAMPLES + 1}, "samples"),
    ({"seed": "abc"}, "seed"),
    ({"seed": 1.5}, "seed"),
    ({"seed": None}, "seed"),
    ({"seconds": -1}, "seconds"),
    ({"seconds": "3"}, "seconds"),
    ({"seconds": math.nan}, "seconds"),
    ({"seconds": math.inf}, "seconds"),
    ({"seconds": MAX_SECONDS + 1}, "seconds"),
    ({"method": "foo"}, "method"),
    ({"method": None}, "method"),
    ({"clock": "sundial"}, "clock"),
    ({"exact_worlds": -1}, "exact_worlds"),
    ({"deepen": "yes"}, "deepen"),
    ({"budget": 5000}, "budget"),
    ({"budget": seat.Budget(nodes=0)}, "nodes"),
    ({"budget": seat.Budget(playouts=0)}, "playouts"),
    ({"budget": seat.Budget(search_nodes=0)}, "search_nodes"),
    ({"budget": seat.Budget(max_memory=0)}, "max_memory"),
    ({"budget": seat.Budget(frontier="clever")}, "frontier"),
    ({"unapplied": "--samples"}, "unapplied"),
]


@pytest.mark.parametrize("kwargs, field", BAD, ids=[f"{k}={v!r}" for (kw, _) in BAD for k, v in kw.items()])
def test_a_bad_setting_is_a_one_line_input_error_naming_it(kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as caught:
        seat.Settings(**kwargs)
    text = str(caught.value)
    assert "\n" not in text and f".{field}:" in text, text


@pytest.mark.parametrize("kwargs", [
    {}, {"samples": 1}, {"samples": MAX_SAMPLES}, {"seconds": 0}, {"seconds": 2.5}, {"seconds": MAX_SECONDS},
    {"seed": -7}, {"seed": 2**80}, {"method": "ismcts"}, {"method": "exact"}, {"clock": "cpu"}, {"exact_worlds": 0},
    {"budget": seat.Budget(nodes=1, search_nodes=1, playouts=1, max_memory=1, frontier="greedy")},
    {"unapplied": ["--samples"]},
])
def test_good_settings_are_taken(kwargs: dict[str, Any]) -> None:
    settings = seat.Settings(**kwargs)
    assert isinstance(settings.unapplied, tuple)


class _Interrupting:
    """Worlds of one Durak position whose ``n``-th draw is Ctrl-C."""

    def __init__(self, state: Any, n: int) -> None:
        self.state, self.n, self.player, self.draws = state, n, 0, 0

    def sample(self, rng: random.Random) -> Any:
        self.draws += 1
        if self.draws == self.n:
            raise KeyboardInterrupt
        return self.state

    def count(self) -> int:
        return 1

    def enumerate(self) -> Any:
        yield self.state


def test_ismcts_raises_keyboard_interrupt_only_after_one() -> None:
    """Ctrl-C before IS-MCTS's first iteration ends is the ``KeyboardInterrupt`` it was; with one
    iteration done it is the answer so far, marked interrupted."""
    info = games.get("durak")
    state = info.random_game(random.Random(3))
    while info.spec.to_move(state) != 0:
        state = info.spec.apply(state, info.spec.legal_moves(state)[0])
    with pytest.raises(KeyboardInterrupt):
        seat.analyse(info, _Interrupting(state, 2), seat.Settings(method="ismcts", samples=5))
    answer = seat.analyse(info, _Interrupting(state, 3), seat.Settings(method="ismcts", samples=5))
    assert answer.interrupted and answer.worlds == 1


def test_the_default_settings_have_the_commands_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``seat.analyse(info, worlds, Settings())`` had no time limit from Python, where the command
    and ``foolsolve.answer`` have 20 s (an analysis of the Fool's Paradise example view took 25 s on
    a loaded two-core machine, a larger one minutes, with nothing to stop it but Ctrl-C). The default
    is the command's now, stopping the analysis with the answer of the worlds valued and a note;
    ``seconds=None`` is no limit. Here the analysis' clock moves 6 s with each world valued (it is
    read before every playout of a world too, so a clock that moved at each look would stop the
    first world)."""
    import json
    import time
    from importlib import resources

    from foolsolve.solver.base import DEFAULT_SECONDS
    from foolsolve.worlds import read_view, worlds_of_view

    assert seat.Settings().seconds == DEFAULT_SECONDS == 20
    assert seat.Settings(seconds=None).seconds is None
    start, valued = time.monotonic(), [0]
    real = seat._value_item

    def counted(item: Any) -> Any:
        valued[0] += 1
        return real(item)

    monkeypatch.setattr(seat, "_value_item", counted)
    monkeypatch.setitem(seat.CLOCKS, "wall", lambda: start + 6 * valued[0])
    info = games.get("durak")
    view = read_view(json.loads(resources.files("foolsolve").joinpath("examples", "views", "durak-fresh-deal.json")
                                .read_text(encoding="utf-8")))
    answer = seat.analyse(info, worlds_of_view(view), seat.Settings(budget=seat.Budget(nodes=200)))
    assert 0 < answer.worlds < seat.DEFAULT_SAMPLES
    assert any(n.startswith("--time 20 s ran out after") for n in answer.notes)


def test_a_worlds_depth_one_playouts_stop_when_the_time_is_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where not even a world's first iteration fits its node budget, each move is valued by its
    playouts (flat Monte Carlo): those ran on unchecked past the analysis' deadline (a 12-player
    Fool's Paradise deal with --time 3 answered after 5.9 s). Now the time is looked at before every
    playout, and a world the deadline overtakes there is dropped (WorldStopped), as in its search.
    (The clock is simulated: always past the deadline.)"""
    from foolsolve import playouts
    from foolsolve.solver import open_hand  # imported first: its own search keeps the real playouts

    assert open_hand.playout_of is playouts.playout_of
    info = games.get("durak")
    world = info.spec.deal(info.spec.rules_cls(), 3, random.Random(3))
    budget = seat.Budget(nodes=10, playouts=4, frontier="random")  # the search stops at once: playouts value the moves
    played = count_playouts(monkeypatch, playouts)
    valued = seat.evaluate_world(info, world, 0, budget, 1)  # no deadline: every move valued
    assert valued.method.startswith("depth-1 search") and played[0] == 4 * len(valued.values)
    played[0] = 0
    monkeypatch.setitem(seat.CLOCKS, "wall", lambda: 10.0)
    with pytest.raises(seat.WorldStopped):
        seat.evaluate_world(info, world, 0, budget, 1, stop=("wall", 5.0))
    assert played[0] == 0


def test_no_world_valued_in_time_names_what_the_caller_gave(monkeypatch: pytest.MonkeyPatch) -> None:
    """The error of an analysis whose time ran out before one world was valued named --time and
    --max-nodes (and '--time's default') whoever called it; from Python, seat.analyse names the
    fields of Settings and Budget the caller gave, foolsolve.answer its parameters, and the command
    line its options. (The clock is simulated: past the deadline at its second look.)"""
    import json
    from importlib import resources

    import foolsolve
    from foolsolve.worlds import read_view, worlds_of_view

    looks = [0]

    def clock() -> float:
        looks[0] += 1
        return 0.0 if looks[0] == 1 else 1e9

    monkeypatch.setitem(seat.CLOCKS, "wall", clock)
    info = games.get("durak")
    path = resources.files("foolsolve").joinpath("examples", "views", "durak-fresh-deal.json")
    view = read_view(json.loads(path.read_text(encoding="utf-8")))
    with pytest.raises(InputError) as exc:
        seat.analyse(info, worlds_of_view(view), seat.Settings(method="pimc"))
    assert str(exc.value) == ("Settings.seconds: no world was valued in 20 s (the default Settings.seconds): give a "
                              "longer Settings.seconds")
    looks[0] = 0
    with pytest.raises(InputError) as exc:
        seat.analyse(info, worlds_of_view(view), seat.Settings(method="pimc", seconds=5,
                                                               budget=seat.Budget(nodes=10**8)))
    assert str(exc.value) == ("Settings.seconds: no world was valued in 5 s: each world's node budget, Budget.nodes "
                              "100,000,000, did not fit in it; give a smaller Budget.nodes or a longer Settings.seconds")
    looks[0] = 0
    with pytest.raises(InputError) as exc:
        foolsolve.answer(str(path), method="pimc")
    assert str(exc.value) == "time: no world was valued in 20 s (the default time): give a longer time"


def test_no_world_valued_because_the_time_went_to_a_compile_says_so():
    """A first run on a fresh install compiles the Foolery playout in the foreground
    (``FOOLSOLVE_BACKGROUND_COMPILE=0``): 11.8 s, and ``--time 5`` ran out with "no world was valued
    in 5 s: give a longer --time", though the next run loads the compiled code at once. The compiles
    this process ran since the analysis began are named, with their seconds."""
    from foolsolve.seat import _no_world_text

    assert _no_world_text(5, 5_000, [("the Foolery playout", 9.84)]) == (
        "--time: no world was valued in 5 s: it went to compiling the Foolery playout (9.8 s, once per install; "
        "the next run loads it): run again")
    assert _no_world_text(5, 5_000, [("the Foolery playout", 3.1)]) == (
        "--time: no world was valued in 5 s, 3.1 s of it compiling the Foolery playout (once per install): give a "
        "longer --time")
    assert _no_world_text(5, 5_000, []) == "--time: no world was valued in 5 s: give a longer --time"


def test_an_analysis_whose_compile_took_its_time_names_the_compile(monkeypatch):
    """The compile faked (``foolery_native.warm``, which the real compile runs, sleeps 0.3 s) and run
    as ``engines.foolery.native()`` runs it on a fresh cache (``compile_announced``), inside the first
    world's valuation, which then stops as past the deadline: the error names the compile and its
    seconds, all of ``--time`` or part of it."""
    import json
    from importlib import resources

    from foolsolve.engines import foolery_native
    from foolsolve.worlds import read_view, worlds_of_view

    monkeypatch.setattr(foolery_native, "warm", lambda: time.sleep(0.3))

    def value(item: Any) -> Any:
        foolery_native.compile_announced(announce=False)
        raise seat.WorldStopped

    monkeypatch.setattr(seat, "_value_item", value)
    info = games.get("foolery")
    path = resources.files("foolsolve").joinpath("examples", "views", "foolery.json")
    view = read_view(json.loads(path.read_text(encoding="utf-8")))
    with pytest.raises(InputError) as exc:
        seat.analyse(info, worlds_of_view(view), seat.Settings(method="pimc", seconds=0.2))
    assert re.fullmatch(r"Settings\.seconds: no world was valued in 0\.2 s: it went to compiling the Foolery playout "
                        r"\(\d+\.\d s, once per install; the next run loads it\): run again", str(exc.value)), exc.value
    with pytest.raises(InputError) as exc:
        seat.analyse(info, worlds_of_view(view), seat.Settings(method="pimc", seconds=30))
    assert re.fullmatch(r"Settings\.seconds: no world was valued in 30 s, \d+\.\d s of it compiling the Foolery "
                        r"playout \(once per install\): give a longer Settings\.seconds", str(exc.value)), exc.value
