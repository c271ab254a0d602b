"""The engine's memo of five-card hands stays within its limit, counted in cells (an entry's
five-card hands and one for the entry), however many answers a process gives, and gives the lists
the unmemoised function gives."""

from __future__ import annotations

import random

from foolsolve.engines import foolery as E
from foolsolve.spec.foolery import SPEC, Rules


def _cells(memo: dict) -> int:
    return sum(len(v) + 1 for v in memo.values())


def _hands(deals: int) -> list[int]:
    """The hands of three-player deals (26 cards: a few hundred five-card hands each) and of the
    positions after a few random moves."""
    rng = random.Random("memo")
    out: list[int] = []
    for _ in range(deals):
        state = SPEC.deal(Rules(), 3, rng)
        for _ in range(6):
            moves = SPEC.legal_moves(state)
            if not moves:
                break
            out.extend(E.ENGINE.from_spec(state).hands)
            state = SPEC.apply(state, rng.choice(moves))
    return out


def test_the_memo_never_holds_more_cells_than_its_limit(monkeypatch):
    limit = 2000
    monkeypatch.setattr(E, "HANDS_CELLS", limit, raising=False)
    clear = getattr(E, "clear_caches", E._HANDS_CACHE.clear)
    clear()
    biggest = 0
    try:
        for hand in _hands(8):
            got = E.five_card_hands(hand, False)
            assert got == E._five_card_hands(hand & (E.SUITED | E.KIND_TRUMPS), False)
            young, old = _cells(E._HANDS_CACHE), _cells(getattr(E, "_HANDS_OLD", {}))
            assert young <= limit and old <= limit, (young, old)
            biggest = max(biggest, young + old)
    finally:
        clear()
    assert biggest > limit  # the limit was reached: both generations in use


def test_an_entry_of_the_old_generation_moves_back(monkeypatch):
    """An entry found in the old generation is the same list, kept in the young one."""
    monkeypatch.setattr(E, "HANDS_CELLS", 10**9)
    E.clear_caches()
    try:
        hand = _hands(1)[0]
        first = E.five_card_hands(hand, True)
        monkeypatch.setattr(E, "HANDS_CELLS", len(first) + 1)
        other = next(h for h in _hands(2) if E._five_card_hands(h & (E.SUITED | E.KIND_TRUMPS), True) != first)
        E.five_card_hands(other, True)  # the young generation would pass the limit: it becomes the old one
        assert E.five_card_hands(hand, True) is first
    finally:
        E.clear_caches()
