"""Fools and Angels: the engine against the spec.

* Lockstep through the generic harness (foolsolve.conformance): whole random games under random
  rules (variants, options, random stock splits), and each variant on its own.
* Perft: move-path counts from fixed positions, computed by the spec once and stored in
  ``foolsolve/data/perft/fools-and-angels.json``; the engine must reproduce them, and on a
  mismatch the test prints the per-move divide of both.

Regenerate the perft file (with the spec) by running this file:
``python tests/fools_and_angels/test_conformance.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foolsolve import conformance, games
from foolsolve.engines.fools_and_angels import ENGINE
from foolsolve.games.fools_and_angels import random_game
from foolsolve.reference import DATA, complete
from foolsolve.spec.fools_and_angels import SPEC, Rules, state_from_json

PERFT_FILE = DATA / "perft" / "fools-and-angels.json"
EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


INFO = games.get("fools-and-angels")


def lockstep(spec_state: Any, rng: random.Random, max_steps: int = 400) -> None:
    """The one generic harness (foolsolve.conformance) from ``spec_state``."""
    d = conformance.lockstep(INFO, spec_state, rng, max_steps=max_steps)
    assert d is None, f"{d.summary()}\nposition: {d.position}\nmoves: {d.history}"


@settings(max_examples=25)
@given(st.integers(0, 2**32 - 1))
def test_engine_matches_spec_in_lockstep_over_random_games_and_rules(seed: int) -> None:
    rng = random.Random(seed)
    lockstep(random_game(rng), rng)


@pytest.mark.parametrize("variant", ["infusion", "asymmetry", "exchange", "temptation"])
def test_engine_matches_spec_in_lockstep_with_each_variant(variant: str) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        kwargs: dict[str, Any] = {variant: True}
        if variant == "exchange":
            kwargs["temptation"] = True
        lockstep(SPEC.deal(Rules(**kwargs), 2, rng), rng)


def test_engine_keys_equal_exactly_for_equal_positions() -> None:
    rng = random.Random(5)
    s = SPEC.deal(Rules(), 2, rng)
    for _ in range(60):
        ms = SPEC.legal_moves(s)
        if not ms:
            break
        a = ENGINE.from_spec(s)
        b = ENGINE.from_spec(state_from_json(SPEC.state_to_json(s)))
        assert ENGINE.key(a) == ENGINE.key(b) and hash(ENGINE.key(a)) == hash(ENGINE.key(b))
        s = SPEC.apply(s, rng.choice(ms))


# --- perft ------------------------------------------------------------------------------------
# The counts live in the shared format of foolsolve/data/perft/GAME.json (a count per depth, computed by the
# spec) and are checked against the engine, with a per-move divide on a mismatch, by
# tests/generic/test_perft.py. This file only says which positions are in it.


def _perft_positions() -> list[tuple[str, dict[str, Any], int]]:
    def example(name: str) -> dict[str, Any]:
        return dict(json.loads((EXAMPLES / f"fools-and-angels-{name}.json").read_text(encoding="utf-8")))

    out = [("opening", example("opening"), 10), ("defence-003", example("defence-003"), 4),
           ("endgame", example("endgame"), 4), ("temptation", example("temptation"), 4)]
    asym = SPEC.deal(Rules(asymmetry=True), 2, random.Random(11))
    out.append(("asymmetry-setup", SPEC.state_to_json(asym), 4))
    rng = random.Random(4)
    for k in range(3):
        rules = Rules(exchange=k == 0, infusion=k == 1, temptation=k != 2, defence_face_cards="with_pips",
                      regroup_max=(1, 2, "limit")[k])
        s = SPEC.deal(rules, 2, rng)
        for _ in range(40 + 10 * k):
            ms = SPEC.legal_moves(s)
            if not ms:
                break
            s = SPEC.apply(s, rng.choice(ms))
        if SPEC.legal_moves(s):
            out.append((f"midgame-{k}", SPEC.state_to_json(s), 5))
    return out


def write_perft_file() -> None:
    """Compute every perft count with the spec and write the file in the shared format."""
    from datetime import date

    from foolsolve.perft import spec_perft

    positions = []
    for name, pos, depth in _perft_positions():
        state = state_from_json(pos)
        counts = [spec_perft(SPEC, state, d) for d in range(depth + 1)]
        positions.append({"name": name, "position": complete(pos), "counts": counts})
        print(name, counts, file=sys.stderr)
    PERFT_FILE.parent.mkdir(parents=True, exist_ok=True)
    PERFT_FILE.write_text(json.dumps({
        "game": "fools-and-angels",
        "source": f"counted by the spec (spec/fools_and_angels.py, `python {Path(__file__).name}`), {date.today()}",
        "positions": positions}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_perft_file()
