"""The engine's memos (signed subset-sums, their tables, a hand's attacks) stay within their
limits, counted in cells (the subsets or moves their lists hold), however many answers a process
gives."""

from __future__ import annotations

import json
import random
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

    def parts(memo: dict) -> int:
        return sum(sum(len(masks) + len(fsets) for masks, fsets in p) + 1 for _n, p in memo.values())

    old = getattr(E, "_OLD", {})
    return {"table": (tables(E._TABLE_MEMO), tables(old.get("table", {}))),
            "ss": (lists(E._SS_MEMO), lists(old.get("ss", {}))),
            "att": (lists(E._ATT_MEMO), lists(old.get("att", {}))),
            "parts": (parts(E._PARTS_MEMO), parts(old.get("parts", {}))),
            "count": (lists(E._COUNT_MEMO), lists(old.get("count", {})))}


def test_the_memos_never_hold_more_cells_than_their_limits(monkeypatch):
    """Each memo within its limit, young and old, through seat answers (whose playouts fill the attack
    parts and subset counts) and games of the generic loop (which lists every move: subset-sums, their
    tables, attacks)."""
    from foolsolve.game import Engine
    from foolsolve.spec.fools_and_angels import SPEC

    start = E.ENGINE.from_spec(SPEC.state_from_json(json.loads((EXAMPLES / "fools-and-angels-opening.json").read_text())))
    limits = {"table": 3000, "ss": 1500, "att": 1500, "parts": 600, "count": 300}
    monkeypatch.setattr(E, "TABLE_CELLS", limits["table"], raising=False)
    monkeypatch.setattr(E, "SS_CELLS", limits["ss"], raising=False)
    monkeypatch.setattr(E, "ATT_CELLS", limits["att"], raising=False)
    monkeypatch.setattr(E, "PARTS_CELLS", limits["parts"], raising=False)
    monkeypatch.setattr(E, "COUNT_CELLS", limits["count"], raising=False)
    E.clear_caches()
    biggest = dict.fromkeys(limits, 0)
    try:
        for seed in range(3):
            foolsolve.answer(EXAMPLES / "fools-and-angels-opening.json", time=0, samples=2, seed=seed, progress=False)
            for game in range(4):
                Engine.playout(E.ENGINE, start, random.Random(f"{seed}:{game}"), 2_000)
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
    faces = E.FACES & (0b111 << 10)

    def answers() -> list:
        return [(E.subsets_with_sum(m, t), E.hand_attacks(m | faces, 5), E.attack_parts(m | faces, 5),
                 E.sum_blocks(m, t), list(E.sum_counts(m & E.BLACK_PIPS).items())) for m in masks for t in (-3, 0, 4)]

    want = answers()
    monkeypatch.setattr(E, "TABLE_CELLS", 50, raising=False)
    monkeypatch.setattr(E, "SS_CELLS", 20, raising=False)
    monkeypatch.setattr(E, "ATT_CELLS", 20, raising=False)
    monkeypatch.setattr(E, "PARTS_CELLS", 20, raising=False)
    monkeypatch.setattr(E, "COUNT_CELLS", 10, raising=False)
    E.clear_caches()
    try:
        for _ in range(2):
            assert answers() == want
    finally:
        E.clear_caches()
