"""The engine's memos (signed subset-sums, their tables, a hand's attacks) stay within their
limits, counted in cells (the subsets or moves their lists hold), however many answers a process
gives."""

from __future__ import annotations

from pathlib import Path

import foolsolve
from foolsolve.engines import fools_and_angels as E

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _cells() -> dict[str, tuple[int, int]]:
    """Each memo's cells, young and old generation, counted from what the dicts hold."""
    def lists(memo: dict) -> int:
        return sum(len(v) + 1 for v in memo.values())

    def tables(memo: dict) -> int:
        return sum(sum(len(subs) for subs in table.values()) for table in memo.values())

    old = getattr(E, "_OLD", {})
    return {"table": (tables(E._TABLE_MEMO), tables(old.get("table", {}))),
            "ss": (lists(E._SS_MEMO), lists(old.get("ss", {}))),
            "att": (lists(E._ATT_MEMO), lists(old.get("att", {})))}


def test_the_memos_never_hold_more_cells_than_their_limits(monkeypatch):
    limits = {"table": 3000, "ss": 1500, "att": 1500}
    monkeypatch.setattr(E, "TABLE_CELLS", limits["table"], raising=False)
    monkeypatch.setattr(E, "SS_CELLS", limits["ss"], raising=False)
    monkeypatch.setattr(E, "ATT_CELLS", limits["att"], raising=False)
    E.clear_caches()
    biggest = dict.fromkeys(limits, 0)
    try:
        for seed in range(3):
            foolsolve.answer(EXAMPLES / "fools-and-angels-opening.json", time=0, samples=2, seed=seed, progress=False)
            for kind, (young, old) in _cells().items():
                assert young <= limits[kind] and old <= limits[kind], (kind, young, old)
                biggest[kind] = max(biggest[kind], young, old)
    finally:
        E.clear_caches()
    assert all(biggest[kind] > limits[kind] // 4 for kind in limits), biggest  # the limits were reached


def test_the_memos_answer_as_the_unmemoised_functions(monkeypatch):
    """A memo emptied and refilled mid-run gives the same lists (the answers do not depend on it)."""
    masks = [0b1011_0110_1101, 0b1111_0000_1111_0000, E.PIPS & ((1 << 30) - 1)]
    E.clear_caches()
    want = [(E.subsets_with_sum(m, t), E.hand_attacks(m | (E.FACES & (0b111 << 10)), 5)) for m in masks for t in (-3, 0, 4)]
    monkeypatch.setattr(E, "TABLE_CELLS", 50, raising=False)
    monkeypatch.setattr(E, "SS_CELLS", 20, raising=False)
    monkeypatch.setattr(E, "ATT_CELLS", 20, raising=False)
    E.clear_caches()
    try:
        for _ in range(2):
            got = [(E.subsets_with_sum(m, t), E.hand_attacks(m | (E.FACES & (0b111 << 10)), 5)) for m in masks
                   for t in (-3, 0, 4)]
            assert [(sorted(a), sorted(b)) for a, b in got] == [(sorted(a), sorted(b)) for a, b in want]
    finally:
        E.clear_caches()
