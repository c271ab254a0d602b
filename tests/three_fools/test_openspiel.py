"""OpenSpiel as an outside judge of the Three Fools bluff equilibrium (foolsolve's pygambit
solver, solver/three_fools/equilibrium.py): the round, as the extensive form foolsolve builds
(leaves paid by the engine's rules), is loaded by OpenSpiel's own EFG reader; OpenSpiel's
exploitability of foolsolve's equilibrium is within the stated epsilon, its value of that
profile is foolsolve's, and on a small round OpenSpiel's CFR+ converges to foolsolve's
equilibrium value within the stated epsilon. (With three players CFR is not guaranteed to
converge; on the full four-card round of the example it stays within about 0.03 of the value.)"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel extra is not installed (pip install 'foolsolve[openspiel]')")
pytest.importorskip("pygambit", reason="the pygambit extra is not installed (pip install 'foolsolve[gambit]')")

from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # noqa: E402

from foolsolve import games  # noqa: E402
from foolsolve.solver.three_fools import equilibrium as te  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "three-fools-liar.json"
EPSILON = float(te.DEFAULT_EPSILON)
"""foolsolve's equilibrium check allows each player a gain of at most this by a pure deviation."""


def _liar() -> dict:
    return json.loads(EXAMPLE.read_text())


def _small_round() -> dict:
    """The example's round with two of its cards in every hand (the others moved to the top of the
    leader's pile: its bottom holds the last round's cards, in the order they went there)."""
    obj = _liar()
    keep = [["8P", "6P"], ["2R", "KS"], ["JS", "7P"]]
    kept = {c for hand in keep for c in hand}
    obj["piles"][0] = [c for hand in obj["hands"] for c in hand if c not in kept] + obj["piles"][0]
    obj["hands"] = keep
    obj["max_hand"] = [2, 2, 2]
    return obj


def _equilibrium(obj: dict):
    info = games.get("three-fools")
    eq = te.equilibrium(info.spec.state_from_json(obj))
    return eq, pyspiel.load_efg_game(te.efg_text(eq.bluff))


def _as_openspiel_policy(eq, game) -> policy_lib.TabularPolicy:
    """foolsolve's equilibrium as an OpenSpiel tabular policy (by information set and action label)."""
    bl = eq.bluff
    by_text = {te.Bluff.action_text(a): a for a in bl.actions}
    table = policy_lib.TabularPolicy(game)
    stack = [game.new_initial_state()]
    while stack:
        s = stack.pop()
        if s.is_terminal():
            continue
        if s.is_chance_node():
            stack.extend(s.child(a) for a, _ in s.chance_outcomes())
            continue
        probs = table.policy_for_key(s.information_state_string())
        for a in s.legal_actions():
            label = s.action_to_string(a)
            if s.current_player() == 0:
                probs[a] = eq.leader[by_text[label]]
            else:
                seat = bl.followers[s.current_player() - 1]
                key, card = label.split(": ")
                binary, suit = key.split()
                infoset = next(i for i in bl.infosets if i[0] == binary and te.SUIT_TEXT[i[1]] == suit)
                probs[a] = next(p for c, p in eq.followers[seat][infoset].items() if c.ascii == card)
            stack.append(s.child(a))
    return table


def test_openspiel_judges_foolsolves_equilibrium_of_the_liar_round():
    eq, game = _equilibrium(_liar())
    assert eq.lying_frequency > 0.5  # the leader bluffs
    table = _as_openspiel_policy(eq, game)
    values = expected_game_score.policy_value(game.new_initial_state(), [table] * 3)
    order = (eq.bluff.leader, *eq.bluff.followers)
    assert [round(float(v), 9) for v in values] == [round(eq.values[p], 9) for p in order]
    # NashConv: the sum over the players of what a best response gains against the profile
    assert exploitability.nash_conv(game, table) <= 3 * EPSILON


def test_openspiel_cfr_converges_to_foolsolves_equilibrium_value_on_a_small_round():
    eq, game = _equilibrium(_small_round())
    solver = cfr.CFRPlusSolver(game)
    for _ in range(300):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    assert exploitability.nash_conv(game, average) <= EPSILON
    values = expected_game_score.policy_value(game.new_initial_state(), [average] * 3)
    order = (eq.bluff.leader, *eq.bluff.followers)
    for v, p in zip(values, order):
        assert abs(float(v) - eq.values[p]) <= EPSILON
    assert sum(Fraction(eq.values[p]).limit_denominator(10**6) for p in order) == pytest.approx(1, abs=1e-6)
