"""Perft: the number of move sequences of each length from fixed positions (chance outcomes
count as moves; ``counts[d]`` is the count for length ``d``, the format the other games'
perft files share), computed once by the spec and stored in ``foolsolve/data/perft/fools-paradise.json``;
the engine must reproduce every count. On a mismatch the test prints a per-move divide
(spec against engine) for the first depth that differs.

Regenerate the file with the spec: ``python tests/fools_paradise/test_perft.py``."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from foolsolve.engines.fools_paradise import ENGINE
from foolsolve.reference import DATA as REFERENCE
from foolsolve.reference import complete
from foolsolve.spec.fools_paradise import SPEC

DATA = REFERENCE / "perft" / "fools-paradise.json"


def spec_perft(state: Any, depth: int) -> int:
    """Move sequences of length ``depth`` from ``state`` (spec)."""
    if depth == 0:
        return 1
    moves = SPEC.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(spec_perft(SPEC.apply(state, m), depth - 1) for m in moves)


def engine_perft(state: Any, depth: int) -> int:
    """The same on the engine."""
    if depth == 0:
        return 1
    moves = ENGINE.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(engine_perft(ENGINE.apply(state, m), depth - 1) for m in moves)


def divide(state: Any, depth: int) -> tuple[dict[str, int], dict[str, int]]:
    """Per-move counts at ``depth`` (spec, engine)."""
    e = ENGINE.from_spec(state)
    spec = {str(m): spec_perft(SPEC.apply(state, m), depth - 1) for m in SPEC.legal_moves(state)}
    eng = {str(ENGINE.move_to_spec(e, m)): engine_perft(ENGINE.apply(e, m), depth - 1) for m in ENGINE.legal_moves(e)}
    return spec, eng


def _entries() -> list[dict[str, Any]]:
    """The file's positions (format shared with the other games: ``counts[d]`` = perft(d))."""
    entries: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["positions"]
    return entries


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: e["name"])
def test_engine_perft_matches_the_spec_counts(entry: dict[str, Any]) -> None:
    state = SPEC.state_from_json(entry["position"])
    e = ENGINE.from_spec(state)
    for depth, want in enumerate(entry["counts"]):
        got = engine_perft(e, depth)
        if got != want:
            spec, eng = divide(state, depth)
            diff = {m: (spec.get(m), eng.get(m)) for m in sorted(set(spec) | set(eng)) if spec.get(m) != eng.get(m)}
            pytest.fail(f"{entry['name']} depth {depth}: engine {got}, spec {want}; divide (spec, engine): {diff}")


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: e["name"])
def test_spec_still_gives_the_stored_shallow_counts(entry: dict[str, Any]) -> None:
    """Guards the data file against a changed spec (the deep counts are the generator's)."""
    state = SPEC.state_from_json(entry["position"])
    for depth, want in enumerate(entry["counts"][:3]):
        assert spec_perft(state, depth) == want


def test_divide_reports_per_move_counts() -> None:
    entry = _entries()[0]
    spec, eng = divide(SPEC.state_from_json(entry["position"]), 2)
    assert spec == eng and sum(spec.values()) == entry["counts"][2]


def regenerate() -> None:  # pragma: no cover - a maintenance script
    """Recompute every count with the spec and rewrite the data file."""
    from importlib import resources

    from foolsolve.positions import read_json, write_json_atomic

    def example(name: str) -> dict[str, Any]:
        obj: dict[str, Any] = read_json(str(resources.files("foolsolve").joinpath("examples", name)))
        obj.pop("comment", None)
        return obj

    sources = [
        ("worked-example", example("fools-paradise-worked-example.json"), 3),
        ("endgame", example("fools-paradise-endgame.json"), 4),
        ("three-players-unknown-stock", example("fools-paradise-three-players-unknown-stock.json"), 3),
        ("two-decks-six-players", example("fools-paradise-two-decks-six-players.json"), 2),
    ]
    # one more: the endgame under other options (ace high, played card stays, count, sweep counts)
    other = example("fools-paradise-endgame.json")
    other["rules"] = {"ace": "high", "played_card": "stays", "card_points": "count",
                      "last_card_sweep_counts_as_clear": True}
    other.pop("scores", None)
    sources.append(("endgame-other-options", other, 4))
    entries = []
    for name, obj, depth in sources:
        state = SPEC.state_from_json(obj)
        obj = complete(obj)
        counts = [spec_perft(state, d) for d in range(depth + 1)]
        print(name, counts, file=sys.stderr)
        entries.append({"name": name, "position": obj, "counts": counts})
    write_json_atomic(DATA, {"game": SPEC.name,
                             "source": "counted by the spec (spec/fools_paradise.py) with "
                                       "tests/fools_paradise/test_perft.py, 2026-11-22; counts[d] = move sequences "
                                       "of length d (chance outcomes count as moves)",
                             "positions": entries})


if __name__ == "__main__":  # pragma: no cover
    regenerate()
