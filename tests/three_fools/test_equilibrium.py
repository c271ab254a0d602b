"""The equilibrium of a bluff (pygambit), checked without pygambit: the leaves' payoffs played again
over the spec, and every pure deviation of every player enumerated."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from importlib import resources

import pytest

from foolsolve.spec.three_fools import SPEC

pytest.importorskip("pygambit")

from foolsolve.solver.three_fools.equilibrium import (
    DEFAULT_EPSILON,
    SUPPORT,
    Bluff,
    bluff_of,
    check,
    engine_outcomes,
    equilibrium,
    spec_payoffs,
)


def _example(name: str):
    return SPEC.state_from_json(json.loads(resources.files("foolsolve").joinpath("examples", name).read_text()))


@pytest.mark.parametrize("fmt", ["all_at_once", "leader_bye"])
def test_the_game_given_to_pygambit_has_the_spec_payoffs(fmt):
    """The .efg leaves (the engine's round winner, the rules' Roshambo odds) equal the spec's apply
    and chance outcomes, leaf by leaf, under each ``roshambo_format`` (with ``leader_bye`` the
    leaves used the all-at-once odds)."""
    for name in ("three-fools-liar.json", "three-fools-bluff.json"):
        state = _example(name)
        bl = bluff_of(replace(state, rules=replace(state.rules, roshambo_format=fmt)), Fraction(1, 4))
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


def test_each_choice_is_valued_against_the_followers_strategies_by_the_engine():
    """A second method for the values of the leader's choices: each leaf's payoff from the engine's
    rules (its winner and Roshambo odds, not the spec's apply), weighted by the followers' mixes. The
    support's choices are each worth the leader's value and no choice more (an equilibrium's
    indifference), within her gain by deviating; her value is the mix of her choices' values."""
    for name in ("three-fools-liar.json", "three-fools-bluff.json"):
        eq = equilibrium(_example(name), Fraction(1, 4))
        bl = eq.bluff
        f1, f2 = bl.followers
        value, gain = eq.values[bl.leader], eq.gains[bl.leader]
        assert sorted(eq.action_values) == sorted(bl.actions)  # every choice, the flips too
        for a in bl.actions:
            i = bl.infoset(a)
            want = 0.0
            for x in bl.hands[f1]:
                for y in bl.hands[f2]:
                    for w, p in engine_outcomes(bl, a, x, y):
                        pay = int(w == bl.leader) - (bl.lying_cost if a[1].suit != a[2] and w != bl.leader else 0)
                        want += eq.followers[f1][i].get(x, 0.0) * eq.followers[f2][i].get(y, 0.0) * float(p * pay)
            assert eq.action_values[a] == pytest.approx(want, abs=1e-12)
        assert sum(eq.leader[a] * eq.action_values[a] for a in bl.actions) == pytest.approx(value, abs=1e-12)
        assert max(eq.action_values.values()) == pytest.approx(value + gain, abs=1e-12)
        support = eq.support
        assert support and all(eq.leader[a] >= SUPPORT for a in support)
        assert sum(eq.leader[a] for a in support) == pytest.approx(1, abs=1e-5)
        for a in support:
            assert abs(eq.action_values[a] - value) <= float(DEFAULT_EPSILON)


def _command(*args: str) -> str:
    path = resources.files("foolsolve").joinpath("examples", "three-fools-liar.json")
    proc = subprocess.run([sys.executable, "-m", "foolsolve", str(path), "-o", "equilibrium=true", "--no-store", *args],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_command_prints_the_equilibrium(tmp_path):
    from foolsolve.positions import validate_schema

    out = json.loads(_command("--json"))
    validate_schema(out, "result.schema.json")
    assert out["concept"].startswith("Nash equilibrium")
    # the method says how it was found, and that it is not exact
    assert out["method"].startswith("Three Fools equilibrium solver: a Nash equilibrium") and "not exact" in out["method"]
    assert any("lies with probability" in n for n in out["notes"])
    # every choice of the leader's is listed (a flip phase: keep or flip, each card, each declared suit),
    # its probability beside its value; the probabilities are the leader's mixed strategy
    bl = bluff_of(_example("three-fools-liar.json"), Fraction(1, 4))
    assert sorted(m["move"] for m in out["moves"]) == sorted(Bluff.action_text(a) for a in bl.actions)
    assert any(m["move"].startswith("flip;") for m in out["moves"])
    assert abs(sum(m["probability"] for m in out["moves"]) - 1) < 1e-6
    lies = sum(m["probability"] for m in out["moves"] if m["move"][-1] != m["move"].split()[2][-1])
    assert f"lies with probability {lies:.6f}" in " ".join(out["notes"])
    # a move's value is its payoff against the followers' strategies: the moves played (best, the
    # support) are each worth the position's value, and no move more (an equilibrium's indifference)
    value = out["value"]
    support = [m for m in out["moves"] if m["probability"] >= SUPPORT]
    assert out["best"] == [m["move"] for m in support] and len(support) >= 2
    for m in support:
        assert abs(m["value"] - value) <= float(DEFAULT_EPSILON)
    for m in out["moves"]:
        assert m["value"] <= value + float(DEFAULT_EPSILON)
    assert min(m["value"] for m in out["moves"]) < 0  # values, not probabilities: a lie that fails costs 1/4


def test_the_text_output_shows_values_and_probabilities_in_their_own_columns():
    out = json.loads(_command("--json"))
    text = _command()
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.split() == ["move", "value", "probability"])
    rows = lines[head + 1:head + 1 + len(out["moves"])]
    # the table lists the moves best first (docs/results.md, "The move tables"), the JSON in the solver's order
    assert sorted(r.split("  ")[1] for r in rows) == sorted(m["move"] for m in out["moves"])
    for m in out["moves"]:
        row = next(r for r in rows if r.startswith(f"  {m['move']}  "))
        star = "  *" if m["move"] in out["best"] else ""
        assert row.startswith(f"  {m['move']}  ") and row.endswith(f"{m['probability']:.6f}{star}"), row
        assert row[len(m["move"]) + 2:].split()[0] == f"{m['value']:.6f}"
    best = next(line for line in lines if line.startswith("Best: "))
    assert best.startswith("Best: " + ", ".join(out["best"]) + " (the equilibrium's support")


def test_the_analysis_page_shows_each_moves_probability_beside_its_value():
    from foolsolve import games
    from foolsolve.report import page
    from foolsolve.solver.base import SolveOptions

    info = games.get("three-fools")
    state = _example("three-fools-liar.json")
    result = info.solve(state, SolveOptions(extra={"equilibrium": True}))
    html = page(info, state, result)
    for m in result.moves:
        assert f'data-probability="{m.probability}"' in html
        assert f"; played with probability {m.probability:.6f}</td>" in html
    for move in result.best:
        assert f'<tr class="best" data-move="{move}"' in html


def test_under_the_leader_bye_the_equilibrium_survives_every_pure_deviation_over_the_spec():
    """``roshambo_format = "leader_bye"``: the game given to pygambit has the bracket's odds, so the
    equilibrium it finds passes the check over the spec (every pure deviation)."""
    state = _example("three-fools-liar.json")
    eq = equilibrium(replace(state, rules=replace(state.rules, roshambo_format="leader_bye")), Fraction(1, 4))
    assert max(eq.gains.values()) <= float(DEFAULT_EPSILON)


def test_a_pygambit_process_that_dies_is_a_one_line_error(monkeypatch):
    """pygambit solves in a process of its own (ended at a time limit or Ctrl-C): one that ends
    without an answer is said in one line, not an ``EOFError`` from the pipe."""
    import os

    from foolsolve.errors import InputError
    from foolsolve.solver.three_fools import equilibrium as module

    monkeypatch.setattr(module, "logit_profile", lambda efg, players: os._exit(3))  # (in the forked process)
    with pytest.raises(InputError, match=r"^option equilibrium: pygambit's solve ended without an answer \(exit code 3\)$"):
        equilibrium(_example("three-fools-bluff.json"))
