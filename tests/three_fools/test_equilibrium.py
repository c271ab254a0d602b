"""The equilibrium of a bluff (pygambit), checked without pygambit: the leaves' payoffs played again
over the spec, and every pure deviation of every player enumerated."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from importlib import resources

import pytest

from foolsolve.spec.three_fools import SPEC

pytest.importorskip("pygambit")

from foolsolve.solver.three_fools.equilibrium import (
    DEFAULT_EPSILON,
    bluff_of,
    check,
    engine_outcomes,
    equilibrium,
    spec_payoffs,
)


def _example(name: str):
    return SPEC.state_from_json(json.loads(resources.files("foolsolve").joinpath("examples", name).read_text()))


def test_the_game_given_to_pygambit_has_the_spec_payoffs():
    """The .efg leaves (the engine's rules) equal the spec's apply and chance outcomes, leaf by leaf."""
    for name in ("three-fools-liar.json", "three-fools-bluff.json"):
        bl = bluff_of(_example(name), Fraction(1, 4))
        spec = spec_payoffs(bl)
        for (a, x, y), want in spec.items():
            got = [Fraction(0)] * 3
            for w, p in engine_outcomes(bl, a, x, y):
                for q in range(3):
                    got[q] += p * (int(q == w) - (bl.lying_cost if q == bl.leader and a[1].suit != a[2]
                                                   and w != bl.leader else 0))
            assert tuple(got) == want


def test_the_equilibrium_of_a_bluff_survives_every_pure_deviation():
    eq = equilibrium(_example("three-fools-liar.json"), Fraction(1, 4))
    assert max(eq.gains.values()) <= float(DEFAULT_EPSILON)
    assert abs(sum(eq.leader.values()) - 1) < 1e-9
    # the leader of this round bluffs: she lies more often than not
    assert eq.lying_frequency > 0.5
    # the values add up to 1 minus the expected lying cost
    cost = sum(p for a, p in eq.leader.items() if a[1].suit != a[2])
    assert sum(eq.values.values()) <= 1 + 1e-9 and sum(eq.values.values()) >= 1 - 0.25 * cost - 1e-9


def test_the_check_finds_a_profitable_deviation_from_a_profile_that_is_not_an_equilibrium():
    eq = equilibrium(_example("three-fools-liar.json"), Fraction(1, 4))
    bl = eq.bluff
    pay = spec_payoffs(bl)
    f1, f2 = bl.followers

    def value(a):
        i = bl.infoset(a)
        return sum(eq.followers[f1][i].get(x, 0) * eq.followers[f2][i].get(y, 0) * float(pay[(a, x, y)][bl.leader])
                   for x in bl.hands[f1] for y in bl.hands[f2])

    worst = min(eq.leader, key=value)
    best = max(value(a) for a in eq.leader)
    assert best - value(worst) > 0.1
    eq.leader = {a: float(a == worst) for a in eq.leader}
    check(eq)
    assert eq.gains[bl.leader] == pytest.approx(best - value(worst))


def test_with_no_lying_cost_and_a_large_one_the_checks_still_hold():
    for cost in (Fraction(0), Fraction(2)):
        eq = equilibrium(_example("three-fools-bluff.json"), cost)
        assert max(eq.gains.values()) <= float(DEFAULT_EPSILON)


def test_the_command_prints_the_equilibrium(tmp_path):
    path = resources.files("foolsolve").joinpath("examples", "three-fools-liar.json")
    proc = subprocess.run([sys.executable, "-m", "foolsolve", str(path), "-o", "equilibrium=true", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["concept"].startswith("Nash equilibrium")
    # the method says how it was found, and that it is not exact
    assert out["method"].startswith("Three Fools equilibrium solver: a Nash equilibrium") and "not exact" in out["method"]
    assert any("lies with probability" in n for n in out["notes"])
    assert abs(sum(float(m["value"]) for m in out["moves"]) - 1) < 1e-4
