"""The rules kernel (engines/durak_kernel.py) against the spec: each rule decision the engine, the
native playout and both searches take from it gives the spec's answer (the compiled copies of these
functions are checked against the kernel in tests/durak/test_jit.py)."""

from __future__ import annotations

import dataclasses
import random
from itertools import product

import pytest

from foolsolve.cards import FRENCH52
from foolsolve.engines.durak import SUIT_SLOT, erules, from_spec_state, rank_set
from foolsolve.engines.durak_kernel import (
    BEATERS,
    GOES_ON,
    bout_cap,
    bout_limit,
    lead_heads,
    throw_cards,
    two_player_end,
)
from foolsolve.games.durak import random_game
from foolsolve.spec import durak as dspec
from foolsolve.spec.durak import SPEC

BASE = SPEC.state_from_json({
    "game": "durak", "trump": "S", "hands": [["6H", "9D", "KH"], ["7H", "AD"]], "stock": [], "discard": [],
    "attacker": 0, "defender": 1, "table": [], "to_move": 0})


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def test_the_kernels_limit_and_cap_are_the_specs_on_every_case() -> None:
    stock_card = FRENCH52.parse("6S")
    for first, first_limit, sixth, taking, limit_rule, stocked, start in product(
            (False, True), (5, 6), (False, True), (False, True), ("six_then_hand", "six"), (False, True),
            range(1, 13)):
        rules = dataclasses.replace(BASE.rules, first_bout_limit=first_limit, first_bout_sixth_after_take=sixth,
                                    bout_limit=limit_rule)
        st = dataclasses.replace(BASE, rules=rules, first_bout=first, defender_start=start, taking=taking,
                                 stock=(stock_card,) if stocked else ())
        er = erules(rules)
        limit = bout_limit(first, taking, er.first_limit, er.first_take6, er.six_always, int(stocked))
        want = dspec.bout_limit(st)
        assert limit == (want if want is not None else 99)
        assert bout_cap(start, limit) == dspec.cap(st)


def test_the_beaters_table_is_the_specs_beats() -> None:
    deck = dspec.FRENCH36.cards
    for trump in (None, "C", "D", "H", "S"):
        table = BEATERS[SUIT_SLOT[trump]]
        for a in deck:
            assert {b for b in deck if table[a.index] >> b.index & 1} == {b for b in deck if dspec.beats(b, a, trump)}


def _positions(count: int) -> list[dspec.State]:
    """States met in seeded random games (every phase, 2-6 players, random options)."""
    rng = random.Random(31)
    out: list[dspec.State] = []
    while len(out) < count:
        s = random_game(rng)
        while SPEC.result(s) is None and len(out) < count:
            out.append(s)
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    return out


POSITIONS = _positions(400)


def test_throw_in_cards_are_the_specs_legal_throws() -> None:
    seen = 0
    for st in POSITIONS:
        if dspec.phase(st) != dspec.THROW:
            continue
        s = from_spec_state(st)
        p = st.to_move
        got = throw_cards(s.hands[p], s.tatt | s.tcov)
        # (the spec lists none once the cap is reached; the kernel's cards are the rank test alone)
        room = len(st.table) < dspec.cap(st)
        want = {c.index for c in st.hands[p] if not dspec.throw_reasons(st, p, c)}
        assert ({i for i in range(64) if got >> i & 1} if room else set()) == want
        seen += 1
    assert seen > 20


def test_lead_heads_mark_the_ranks_with_a_lead_of_several_cards() -> None:
    seen = 0
    for st in POSITIONS:
        if dspec.phase(st) != dspec.LEAD:
            continue
        s = from_spec_state(st)
        hand = s.hands[s.attacker]
        multi = {mv.cards[0].index % 16 for mv in dspec.attack_options(st) if len(mv.cards) > 1}
        heads = lead_heads(hand, dspec.cap(st))
        assert {r for r in range(16) if rank_set(heads) >> r & 1} == multi
        seen += 1
    assert seen > 20


@pytest.mark.parametrize("outcome", ["draw", "last_defender_loses"])
def test_two_player_end_is_the_specs_end_of_the_game(outcome: str) -> None:
    rules = dataclasses.replace(BASE.rules, draw_outcome=outcome)
    er = erules(rules)
    card = 1 << 5
    for a_out, d_out in product((False, True), repeat=2):
        out = tuple(p for p, gone in ((0, a_out), (1, d_out)) if gone)
        st = dataclasses.replace(BASE, rules=rules, out=out, last_defender=1)
        res = dspec.end_of_game(st)
        got = two_player_end(0 if a_out else card, 0 if d_out else card, er.lastdef_loses)
        if res is None:
            assert got == GOES_ON
        else:
            assert got == res.payoffs[0]
