"""The Durak solver's root moves shared out between forked processes (``workers``): the same
exact values as one process, a dead worker's moves valued by the parent, Ctrl-C stopping every
worker, and the solver's options checked by name."""

import multiprocessing
import os
import random

import pytest

from foolsolve.cards import FRENCH36, FRENCH_SUITS
from foolsolve.engines.durak import from_spec_state, legal, play
from foolsolve.errors import InputError
from foolsolve.solver import durak as dsolver
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.durak import _share_out, endgame_for, solve
from foolsolve.spec.durak import SPEC

needs_fork = pytest.mark.skipif(dsolver._FORK is None, reason="no fork on this platform")


def endgame(seed: int, low: int = 3, high: int = 5) -> dict:
    """A random two-player deck-empty position, ``low``..``high`` cards a side, any variant."""
    rng = random.Random(seed)
    cards = list(FRENCH36.cards)
    rng.shuffle(cards)
    a, b = rng.randint(low, high), rng.randint(low, high)
    variant = rng.choice(["simple", "podkidnoy", "perevodnoy"])
    return {"game": "durak", "rules": {"variant": variant, "throw_in_after_take": rng.random() < 0.5},
            "trump": rng.choice([*FRENCH_SUITS, None]),
            "hands": [[c.ascii for c in cards[:a]], [c.ascii for c in cards[a:a + b]]],
            "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


@needs_fork
@pytest.mark.parametrize("workers", [2, 3])
def test_parallel_root_moves_give_the_same_exact_values_as_one_process(monkeypatch, workers):
    monkeypatch.setattr(dsolver, "PARALLEL_AFTER", 0)  # share out from the first move on
    forked = 0
    for seed in range(12):
        state = SPEC.state_from_json(endgame(seed))
        one = solve(state, SolveOptions(extra={"workers": 1}))
        eg = endgame_for(from_spec_state(state))
        many = eg.move_values(from_spec_state(state), workers=workers)
        forked += eg._worker_nodes > 0
        assert [(m.move, m.value) for m in one.moves] == [
            (dsolver.move_text(m), dsolver.wdl(v)) for m, v in many]
        assert solve(state, SolveOptions(extra={"workers": workers})).value == one.value
    assert forked >= 3  # the workers really searched (their nodes are counted)


@needs_fork
def test_moves_of_a_worker_that_dies_are_valued_by_the_parent():
    state = from_spec_state(SPEC.state_from_json(endgame(7)))
    eg = endgame_for(state)
    children = [play(state, m) for m in legal(state)]
    parent = os.getpid()

    def value(child):
        if os.getpid() != parent:
            os._exit(3)  # the worker dies before it sends anything
        return eg.value(child)

    got = _share_out(eg, children, value, 2)
    assert got == [(k, eg.value(c)) for k, c in enumerate(children)]
    assert not multiprocessing.active_children()


@needs_fork
def test_ctrl_c_in_the_parent_stops_every_worker():
    state = from_spec_state(SPEC.state_from_json(endgame(8)))
    eg = endgame_for(state)
    children = [play(state, m) for m in legal(state)] * 3
    parent = os.getpid()

    def value(child):
        if os.getpid() == parent:
            raise KeyboardInterrupt
        return eg.value(child)

    with pytest.raises(KeyboardInterrupt):
        _share_out(eg, children, value, 3)
    assert not multiprocessing.active_children()


@pytest.mark.parametrize("extra, field", [({"nope": 1}, "option nope"), ({"workers": 0}, "option workers"),
                                          ({"workers": "two"}, "option workers")])
def test_unknown_or_bad_solver_options_are_input_errors(extra, field):
    state = SPEC.state_from_json(endgame(1))
    with pytest.raises(InputError, match=field):
        solve(state, SolveOptions(extra=extra))
