"""The rules kernel (engines/durak_kernel.py) against the spec: each rule decision and each step of
the flow of play the engine, the native playout and both searches take from it gives the spec's
answer (the compiled copies of these functions are checked against the kernel in
tests/durak/test_jit.py)."""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations, product

import pytest

from foolsolve.cards import FRENCH52
from foolsolve.engines.durak import (
    BEATERS54,
    NO_TRUMP,
    SUIT_MASKS,
    SUIT_SLOT,
    erules,
    from_spec_state,
    opponent_after,
    rank_set,
    seat_list,
)
from foolsolve.engines.durak import bout_limit as engine_bout_limit
from foolsolve.engines.durak_kernel import (
    BEATERS,
    GOES_ON,
    LEADER_AFTER,
    LEADER_DEFENDER,
    NO_FOOL,
    PLAYING,
    bout_cap,
    bout_limit,
    cover_cards,
    draw_order,
    fool,
    goes_out,
    lead_heads,
    next_leader,
    next_seat,
    refill,
    show_cards,
    show_fits,
    throw_cards,
    throw_ins_open,
    thrower_order,
    throwers_after,
    transfer_attacker,
    transfer_cards,
    transfer_count,
    transfer_room,
    transfer_set,
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


def _indices(mask: int) -> set[int]:
    return {i for i in range(64) if mask >> i & 1}


def test_cover_transfer_and_show_cards_are_the_specs_defences() -> None:
    """The kernel's move generators of a defence (:func:`cover_cards` per uncovered card,
    :func:`transfer_cards` laid in the sets of :func:`transfer_set` within :func:`transfer_room`,
    :func:`show_cards` with :func:`show_fits`) offer exactly the spec's covers, transfers (of one
    card or several, in the spec's order) and shown trumps."""
    seen = transfers = 0
    for st in POSITIONS:
        if dspec.phase(st) != dspec.DEFEND:
            continue
        s = from_spec_state(st)
        er = s.er
        hand = s.hands[s.defender]
        beat = BEATERS54[s.trump] if er.deck == 54 else BEATERS[s.trump]
        moves = SPEC.legal_moves(st)
        covers = {(a.index, c.index) for m in moves if isinstance(m, dspec.Cover) for a, c in [(m.attack, m.card)]}
        got = {(a, c) for a in _indices(s.unc) for c in _indices(cover_cards(hand, beat[a]))}
        assert got == covers
        tmask = SUIT_MASKS[s.trump] if s.trump != NO_TRUMP else 0
        same = transfer_cards(hand, s.tatt, s.tcov, s.first_bout, er.transfer_first, er.transfer_blocked,
                              s.tatt & tmask, er.barred(tmask)) if st.rules.variant == dspec.PEREVODNOY else 0
        held = s.hands[opponent_after(s, s.defender)].bit_count()
        na, limit = s.tatt.bit_count(), engine_bout_limit(s)
        room = transfer_room(held, na, limit)
        passed = []
        while m := transfer_set(same, room, len(passed)):
            passed.append(m)
        assert len(passed) == (transfer_count(same.bit_count(), room) if same else 0)
        shown = show_cards(same, tmask, s.shown) if er.show_trump and show_fits(held, na, limit) else 0
        assert [_indices(m) for m in passed] == [{c.index for c in m.cards} for m in moves
                                                 if isinstance(m, dspec.Transfer)]
        assert _indices(shown) == {m.card.index for m in moves if isinstance(m, dspec.ShowTrump)}
        seen += 1
        transfers += bool(passed or shown)
    assert seen > 20 and transfers > 3


def test_transfer_sets_are_the_subsets_of_one_or_more_cards_in_the_specs_order() -> None:
    """001 §Translation "one or more cards of the same denomination can be transferred":
    :func:`transfer_set` lists every set of one to ``room`` cards of its mask, in the order of
    their sorted card indices (the spec's sort), and :func:`transfer_count` counts them."""
    for same in (0b1, 0b101, 1 | 1 << 16 | 1 << 48, 1 << 5 | 1 << 21 | 1 << 37 | 1 << 53, 0b11011):
        cards = sorted(_indices(same))
        for room in range(-1, 6):
            want = sorted(sum(1 << c for c in combo) for k in range(1, min(room, len(cards)) + 1)
                          for combo in combinations(cards, k)) if room > 0 else []
            want.sort(key=lambda m: sorted(_indices(m)))
            got = []
            while m := transfer_set(same, room, len(got)):
                got.append(m)
            assert got == want and transfer_count(len(cards), room) == len(want)
    assert [transfer_room(held, 1, 6) for held in (1, 2, 3, 9)] == [0, 1, 2, 5]  # the next hand bounds the total
    assert transfer_room(9, 2, 5) == 3  # and so does the bout limit


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


# --- the flow of play -----------------------------------------------------------------------


def _seatings() -> list[tuple[int, int, int, int]]:
    """Every ``(players, gone, attacker, defender)``: 2-6 seats, any seats out but two or more in,
    the attacker and the defender two different players still in."""
    out = []
    for n in range(2, 7):
        for gone in range(1 << n):
            alive = [p for p in range(n) if not gone >> p & 1]
            out += [(n, gone, a, d) for a in alive for d in alive if a != d]
    return out


SEATINGS = _seatings()


def _seated(n: int, gone: int, attacker: int, defender: int, **rules: object) -> dspec.State:
    """A spec state with these seats (what the spec's seat functions read; the hands do not matter)."""
    return dataclasses.replace(BASE, rules=dataclasses.replace(BASE.rules, **rules), players=n,
                               out=tuple(p for p in range(n) if gone >> p & 1), attacker=attacker, defender=defender)


def test_next_seat_thrower_order_and_draw_order_are_the_specs_for_every_seating() -> None:
    for n, gone, a, d in SEATINGS:
        for throwers in ("all", "neighbours"):
            st = _seated(n, gone, a, d, throwers=throwers)
            assert seat_list(thrower_order(a, d, n, gone, throwers == "neighbours")) == dspec.throwers(st)
        assert seat_list(draw_order(a, d, n, gone)) == dspec.draw_order(st)
        for p in range(n):
            assert next_seat(p, n, gone) == dspec.next_player(st, p)


def test_who_is_asked_after_a_pass_or_a_throw_in_to_a_taker_is_the_specs() -> None:
    for n, gone, a, d in SEATINGS:
        for throwers in ("all", "neighbours"):
            st = _seated(n, gone, a, d, throwers=throwers)
            order = thrower_order(a, d, n, gone, throwers == "neighbours")
            for p in range(n):
                after = dspec.throwers_after(st, p)
                assert seat_list(throwers_after(order, p, False)) == after
                assert seat_list(throwers_after(order, p, True)) == [p, *after]


def test_the_next_leader_is_the_specs_next_attacker() -> None:
    for n, gone, a, d in SEATINGS:
        st = _seated(n, gone, a, d)
        for taken, d_out in product((False, True), repeat=2):
            out = (*st.out, d) if d_out else st.out
            now = gone | (1 << d if d_out else 0)
            if n - len(out) < 1:
                continue
            lead = next_leader(taken, d_out)
            got = d if lead == LEADER_DEFENDER else next_seat(d, n, now)
            assert got == dspec.next_attacker(st, taken, out)


def test_the_attacker_after_a_transfer_is_the_specs() -> None:
    deck = FRENCH52.cards
    for n, gone, a, d in SEATINGS:
        for lead in ("transferrer", "bout_leader"):
            st = _seated(n, gone, a, d, variant=dspec.PEREVODNOY, transfer_lead=lead)
            st = dataclasses.replace(st, hands=tuple(frozenset(deck[6 * p:6 * p + 6]) for p in range(n)),
                                     table=((deck[40], None),))
            card = deck[6 * d]
            after = dspec.SPEC._transfer(st, (card,), show=False)
            new = dspec.transfer_target(st)
            assert after.defender == new
            assert transfer_attacker(a, d, new, lead == "bout_leader") == after.attacker


def test_refill_is_the_specs_draw() -> None:
    deck = FRENCH52.cards
    for held, left in product(range(10), range(8)):
        hands = [list(deck[:held]), list(deck[20:26])]  # the defender holds six: he draws none
        stock = list(deck[40:40 + left])
        st = dataclasses.replace(BASE, hands=tuple(frozenset(h) for h in hands), stock=tuple(stock))
        drawn = [frozenset(h) for h in hands]
        dspec.draw_cards(st, drawn, stock)
        assert len(drawn[0]) - held == refill(held, left)


def test_going_out_and_the_fool_are_the_specs() -> None:
    deck = FRENCH52.cards
    for n in range(2, 7):
        for gone, empty, stocked in product(range(1 << n), range(1 << n), (False, True)):
            if empty & gone != gone:  # a player out holds no cards
                continue
            hands = [frozenset() if empty >> p & 1 else frozenset(deck[6 * p:6 * p + 6]) for p in range(n)]
            st = dataclasses.replace(_seated(n, gone, 0, 1), hands=tuple(hands),
                                     stock=(deck[50],) if stocked else ())
            out = dspec.going_out(st, hands, list(st.stock))
            now = goes_out(empty, gone, int(stocked))
            assert {p for p in range(n) if now >> p & 1} == set(out)
            for outcome in ("draw", "last_defender_loses"):
                for last in range(n):
                    ended = dataclasses.replace(st, rules=dataclasses.replace(st.rules, draw_outcome=outcome),
                                                out=out, last_defender=last)
                    res = dspec.end_of_game(ended)
                    f = fool(n, now, last, outcome == "last_defender_loses")
                    if res is None:
                        assert f == PLAYING
                    elif f == NO_FOOL:
                        assert set(res.payoffs) == {0}
                    else:
                        assert res.payoffs[f] == -1


def test_throw_ins_are_open_as_the_spec_offers_them() -> None:
    for variant, after_take in product((dspec.SIMPLE, dspec.PODKIDNOY, dspec.PEREVODNOY), (False, True)):
        rules = dataclasses.replace(BASE.rules, variant=variant, throw_in_after_take=after_take)
        er = erules(rules)
        assert throw_ins_open(er.throw_ins, False, er.throw_after_take) == rules.has_throw_ins
        assert throw_ins_open(er.throw_ins, True, er.throw_after_take) == (rules.has_throw_ins and after_take)


@pytest.mark.parametrize("lastdef", [False, True])
def test_two_player_flow_is_what_the_searches_assume(lastdef: bool) -> None:
    """The searches play two players with the roles ``(a, d)``: after a beaten bout the defender
    leads, after a take the attacker again (their shortcuts past the bout's end assume it); the
    attacker throws in alone; the one stock card goes to the attacker first; a transfer swaps the
    roles; and ``two_player_end`` is ``fool`` on the two hands."""
    assert next_leader(False, False) == LEADER_DEFENDER and next_leader(True, False) == LEADER_AFTER
    for a, d in ((0, 1), (1, 0)):
        assert next_seat(d, 2, 0) == a
        assert seat_list(thrower_order(a, d, 2, 0, False)) == seat_list(thrower_order(a, d, 2, 0, True)) == [a]
        assert seat_list(draw_order(a, d, 2, 0)) == [a, d]
        assert transfer_attacker(a, d, a, False) == transfer_attacker(a, d, a, True) == d
    for a_out, d_out in product((False, True), repeat=2):
        f = fool(2, a_out | d_out << 1, 1, lastdef)
        end = two_player_end(0 if a_out else 1, 0 if d_out else 1, lastdef)
        assert end == {PLAYING: GOES_ON, NO_FOOL: 0, 0: -1, 1: 1}[f]
