"""The generic harness, perft and reference solvers, on a toy game whose theory is known.
Broken engines must be caught: these tests prove the harness can fail."""

import random
from fractions import Fraction

import pytest

from foolsolve import conformance, perft
from foolsolve.solver import minimax, retrograde
from tests.generic.toy_game import ToyRules, ToySpec, ToyState, toy_info


def test_correct_engine_conforms():
    report = conformance.run(toy_info(), cases=30, seed=1)
    assert report.divergence is None and report.cases == 30 and report.states > 30


@pytest.mark.parametrize("bug,kind", [("moves", "moves"), ("successor", "successor")])
def test_broken_engine_is_caught_and_shrunk(bug, kind):
    info = toy_info(bug)
    report = conformance.run(info, cases=200, seed=3)
    d = report.divergence
    assert d is not None and d.kind == kind
    small = conformance.shrink(info, d.position)
    state = info.spec.state_from_json(small)
    assert conformance.check_state(info, state, info.engine.from_spec(state)) is not None


def test_perft_counts_and_divide():
    spec, eng = ToySpec(), toy_info().engine
    s = ToyState(ToyRules(3), 5, 0)
    # sequences of takes from 5: depth 1: 3 moves; depth 2: 3+3+3 (from 4, 3, 2 -> 3, 3, 2) = 8
    assert perft.spec_perft(spec, s, 1) == 3
    assert perft.spec_perft(spec, s, 2) == 8
    assert perft.engine_perft(eng, eng.from_spec(s), 4) == perft.spec_perft(spec, s, 4)
    assert perft.spec_divide(spec, s, 2) == {"take 1": 3, "take 2": 3, "take 3": 2}
    bad = toy_info("successor").engine
    assert perft.divide_mismatch(perft.spec_divide(spec, s, 3), perft.engine_divide(bad, bad.from_spec(s), 3))


@pytest.mark.parametrize("n", range(0, 14))
def test_reference_solvers_know_the_theory(n):
    spec = ToySpec()
    s = ToyState(ToyRules(3), n, 0)
    if n == 0:
        return
    expected = Fraction(-2) if n % 4 == 0 else Fraction(2)
    assert minimax.value_for(spec, s, 0) == expected
    g, root = retrograde.state_graph(s, spec.legal_moves, spec.apply, spec.to_move, spec.result)
    assert retrograde.retrograde_wdl(g)[root] == (1 if expected > 0 else -1)
    assert retrograde.retrograde_values(g)[root] == expected


def test_retrograde_calls_endless_play_a_draw():
    import networkx as nx

    g = nx.DiGraph()
    g.add_node("a", to_move=0)
    g.add_node("b", to_move=1)
    g.add_node("t", to_move=-1, payoff0=Fraction(-1))
    g.add_edges_from([("a", "b"), ("b", "a"), ("a", "t")])
    v = retrograde.retrograde_wdl(g)
    assert v["a"] == 0 and v["b"] == 0


def test_lockstep_rng_is_reproducible():
    a = conformance.run(toy_info(), cases=5, seed=9)
    b = conformance.run(toy_info(), cases=5, seed=9)
    assert (a.states, a.moves) == (b.states, b.moves)
    assert random.Random("9:0").random() == random.Random("9:0").random()
