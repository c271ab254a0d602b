"""Three Fools' proofs run by game name and can fail: each wrong relation patched in
(the engine's or the spec's) is refuted with a counterexample in cards. (That they hold is
tests/generic/test_proofs.py's ``test_proof_holds``, over every registered proof.)"""

from __future__ import annotations

import dataclasses
import re

from click.testing import CliRunner

from foolsolve import games
from foolsolve.cli import cli
from foolsolve.engines import three_fools as te
from foolsolve.proofs import cross_game, registry
from foolsolve.proofs import three_fools as tp
from foolsolve.spec import three_fools as tf

CARD = r"[0-9A-Z]{1,5}"
"""A card as the counterexamples write it (``7C``, ``XXI``)."""


def _run(name: str):
    return registry.select([name])[0].run()



def test_foolsolve_prove_three_fools_prints_the_table():
    res = CliRunner().invoke(cli, ["prove", "three-fools"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].split()[:3] == ["result", "seconds", "proof"]
    assert any(line.startswith("proved") and "three_fools.engine_round_winner_equals_spec" in line for line in lines)
    assert any("cross_game.card_conservation[three-fools]" in line for line in lines)
    assert lines[-1].startswith("2 proved, 0 failed")


# --- Three Fools ---------------------------------------------------------------------------------------


def test_an_engine_winner_ignoring_the_binary_card_is_caught(monkeypatch):
    real = te.winner_of
    monkeypatch.setattr(te, "winner_of", lambda c0, c1, c2, up: real(c0, c1, c2, 1))  # the bug: always UP
    out = _run("three_fools.engine_round_winner_equals_spec")
    assert not out.proved and "binary down" in out.detail
    assert re.search(rf"cards by seat {CARD} {CARD} {CARD}: the engine's winner seat \d, the spec's seat \d",
                     out.detail), out.detail


def test_an_engine_strength_table_error_is_caught(monkeypatch):
    down, up = (list(t) for t in te.STRENGTH)
    joker = next(c for c in tf.PILATCH45.cards if c.rank == 15)
    down[joker.index] = 0  # the bug: a Joker is the worst card with the binary card DOWN
    monkeypatch.setattr(te, "STRENGTH", (tuple(down), tuple(up)))
    out = _run("three_fools.engine_round_winner_equals_spec")
    assert not out.proved and f"strength, binary down of {joker}" in out.detail


def test_engine_roshambo_odds_off_the_spec_are_caught(monkeypatch):
    real = te.roshambo_distribution
    monkeypatch.setattr(te, "roshambo_distribution",
                        lambda table, contest: real("uniform", contest) if table != "uniform" else real(table, contest))
    out = _run("three_fools.engine_round_winner_equals_spec")
    assert not out.proved and "Roshambo between seats" in out.detail


def test_a_three_fools_collection_that_duplicates_a_card_is_caught(monkeypatch):
    real = tf.collect

    def twice(state, winner, roshambo):  # the bug: the leader's card also stays in her hand
        out = real(state, winner, roshambo)
        lead = state.centre[state.leader]
        hands = list(out.hands)
        hands[state.leader] = hands[state.leader] | {lead}
        return dataclasses.replace(out, hands=tuple(hands))

    monkeypatch.setattr(tf, "collect", twice)
    outcome = cross_game.conservation([(games.get("three-fools"), tp.CARD_ACCOUNTING)])
    assert not outcome.proved and "extra" in outcome.detail
