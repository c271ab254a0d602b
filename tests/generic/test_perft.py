"""Perft files (foolsolve/data/perft/GAME.json, foolsolve.reference): node counts per depth from listed positions,
computed by the spec (see each file's "source"), checked here against the engine and, at the
shallow depths, recomputed by the spec. On a mismatch the failure shows a per-move divide."""

import json

import pytest

from foolsolve import games, perft
from foolsolve.reference import perft_files

FILES = perft_files()
CASES = []
for f in FILES:
    data = json.loads(f.read_text(encoding="utf-8"))
    for entry in data["positions"]:
        CASES.append(pytest.param(data["game"], entry, id=f"{f.stem}:{entry['name']}"))


@pytest.mark.parametrize("game,entry", CASES)
def test_engine_matches_spec_perft_counts(game, entry):
    info = games.get(game)
    state = info.spec.state_from_json(entry["position"])
    es = info.engine.from_spec(state)
    for depth, expected in enumerate(entry["counts"]):
        got = perft.engine_perft(info.engine, es, depth)
        if got != expected:
            lines = perft.divide_mismatch(perft.spec_divide(info.spec, state, depth),
                                          perft.engine_divide(info.engine, es, depth))
            pytest.fail(f"depth {depth}: engine {got}, file {expected}; divide:\n" + "\n".join(lines))
        if depth <= 3:
            assert perft.spec_perft(info.spec, state, depth) == expected, f"spec changed at depth {depth}"


def test_perft_files_name_their_source():
    for f in FILES:
        data = json.loads(f.read_text(encoding="utf-8"))
        assert "spec" in data["source"], f"{f.name}: source must say the counts come from the spec"
