"""004 gives titles, no payoffs (RULES-NOTES §5: any scale is a reconstruction): the option
``payoffs`` is declared a scoring option, so every printed result of a round names it with its value."""

from __future__ import annotations

import json
import random
from pathlib import Path

from foolsolve.rules import options_of, scoring_caveat
from foolsolve.spec.foolery import SPEC, Rules
from tests.generic.batch_helpers import call_main

ENDGAME = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "foolery-endgame.json"


def test_payoffs_is_the_reconstructed_scoring_option():
    assert {o.name for o in options_of(Rules) if o.scoring} == {"payoffs"}
    assert all(o.reconstructed for o in options_of(Rules) if o.scoring)
    assert scoring_caveat(Rules(payoffs="places")) == " (scoring reconstructed: payoffs=places)"


def _to_the_end(obj: dict) -> list[str]:
    state, rng, moves = SPEC.state_from_json(obj), random.Random(7), []
    while SPEC.result(state) is None:
        move = rng.choice(SPEC.legal_moves(state))
        moves.append(SPEC.move_text(move))
        state = SPEC.apply(state, move)
    return moves


def test_play_to_the_end_of_the_round_names_the_payoffs_in_force(tmp_path):
    for payoffs in ("titles", "places"):
        obj = {**json.loads(ENDGAME.read_text(encoding="utf-8")), "rules": {"payoffs": payoffs}}
        path = tmp_path / f"{payoffs}.json"
        path.write_text(json.dumps(obj), encoding="utf-8")
        code, out, err = call_main(["play", str(path), *_to_the_end(obj)])
        over = [line for line in out.splitlines() if "round over" in line or "game over" in line]
        assert code == 0 and over, (out, err)
        assert all(line.endswith(f"(scoring reconstructed: payoffs={payoffs})") for line in over), out
