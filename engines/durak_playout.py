"""Durak: the native random playout and the tables only it uses.

:func:`playout` is the random playout of the generic loop
``s = apply_unchecked(s, rng.choice(legal_moves(s)))`` run natively: one private copy of the
position in local variables, the moves of a decision counted and only the drawn one built, the
index drawn exactly as ``rng.choice`` draws it -- the same game, move for move, as the spec's
seeded playout (tests/durak/test_engine_playout.py), 30-40x faster than the spec (BENCHMARKS.md).

Why a module of its own: the engine (:mod:`foolsolve.engines.durak`) holds the rules, fast, and the
conformance harness uses only its ``legal``/``play``; this loop is a second implementation of the
order of play for one purpose, fast random games, with its own tables. Its rule decisions and move
generators (which cards cover, lead together, may be thrown in, may pass the bout on or be shown;
the bout's limit and cap; when a transfer fits) and the flow of play (who may throw in and in what
order, who draws and how many cards, who leads the next bout or attacks after a transfer, who goes
out, when the game is over) are the functions of :mod:`foolsolve.engines.durak_kernel` (which
:mod:`foolsolve.engines.durak_kernel_compiled` compiles for the compiled users): called where they
give a decision's moves (the covers and transfers of a defence) or are cheap (about once a bout or
less), and where they would run at every decision or bout or game, through tables built from them at
import (``_RANK_BY_LEN`` from ``throw_cards``, ``CAPS`` from ``bout_cap``, ``REFILL`` from
``refill``, ``LEADS_AFTER`` from ``next_leader``, ``_THROWS_OPEN`` from ``throw_ins_open``) or kept
between playouts (:func:`_seats`: the next player in, the thrower and draw orders of each attacker
and defender met).

The same loop compiled with numba (:mod:`foolsolve.engines.durak_playout_compiled`, which calls
the compiled kernel's functions) plays the same games and leaves the generator in the same state, about 8x
faster. ``ENGINE.playout(state, rng, max_moves=None)`` (the game shape's ``Engine.playout``, shown
in the README and docs/durak.md) runs whichever :func:`native` gives: the compiled playout once
numba's cache holds it, this module's :func:`playout` until then, while a background process
compiles it. This one stays as that fallback and as the compiled one's test oracle. Call either
``playout`` directly for its ``trace`` argument.
"""

from __future__ import annotations

import os
import random
import subprocess
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, count
from pathlib import Path
from typing import cast

from foolsolve import background
from foolsolve.cards import SUIT_BITS
from foolsolve.draws import standard_draw
from foolsolve.engines.durak import (
    _HIGHER_SUITS,
    _PASS,
    _TAKE,
    ATTACK,
    BEATERS,
    COVER,
    LEADS_AFTER,
    NO_TRUMP,
    PEREVODNOY,
    REFILL,
    SHOW,
    SIMPLE,
    SUIT_MASKS,
    THROW,
    TRANSFER,
    EngineState,
    legal,
    play,
    seat_list,
    seat_mask,
    thrower_lists,
)
from foolsolve.engines.durak_kernel import (
    CAPS,
    KEY_FILES,
    PLAYING,
    bout_limit,
    cover_cards,
    draw_order,
    fool,
    goes_out,
    lead_heads,
    next_seat,
    show_cards,
    show_fits,
    throw_cards,
    throw_ins_open,
    transfer_attacker,
    transfer_cards,
    transfer_count,
    transfer_room,
    transfer_set,
)
from foolsolve.errors import InputError


def _lex_subsets(m: int, most: int) -> tuple[tuple[int, ...], ...]:
    """The subsets of ``range(m)`` with at most ``most`` elements, as sorted tuples in
    lexicographic order (the empty one first)."""
    return tuple(sorted(c for s in range(min(m, most) + 1) for c in combinations(range(m), s)))


_LEX: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(_lex_subsets(m, most) for m in range(4)) for most in range(4))
"""``_LEX[most][m]``: which of ``m`` higher cards of its rank join a lead's lowest card, in the
spec's order of leads (at most ``most`` of them: the cap less one)."""


# --- tables of the native playout ---------------------------------------------------------
# On 64-bit card masks (three 30-bit digits) an operation with a negative operand (``m & -m``,
# ``m & ~x``) costs about twice a plain one, and a method call or an index into a tuple costs less
# than either; so the playout reads "the highest card of a mask" from its bit length in a table,
# removes cards it knows are there with ``^``, and looks up by bit length what it would compute.

_ALL = (1 << 4 * SUIT_BITS) - 1
"""Every card index position."""
_BIT_BY_LEN: tuple[int, ...] = (0, *(1 << c for c in range(4 * SUIT_BITS)))
"""``_BIT_BY_LEN[m.bit_length()]``: the highest card of mask ``m``, as a bit (0 when empty)."""
_RANK_BY_LEN: tuple[int, ...] = (0, *(throw_cards(_ALL, 1 << c) for c in range(4 * SUIT_BITS)))
"""``_RANK_BY_LEN[card_bit.bit_length()]``: every card that may be thrown in on a table holding that
card (:func:`throw_cards`: every card of its rank); a table's are the union over its cards."""
_BEATERS_BY_LEN: dict[int, tuple[int, ...]] = {t: (0, *b) for t, b in BEATERS.items()}
"""``_BEATERS_BY_LEN[trump][card_bit.bit_length()]``: :data:`BEATERS` by bit length."""
_MORE_LEADS: tuple[tuple[int, int], ...] = tuple(
    (len(_LEX[most][2]) - len(_LEX[most][1]), len(_LEX[most][3]) - len(_LEX[most][2])) for most in range(4))
"""``_MORE_LEADS[most]``: how many more leads a card heads with 2 higher cards of its rank than
with 1, and with 3 than with 2 (leads of at most ``most`` + 1 cards)."""
_NOBODY: tuple[int, ...] = ()
"""No thrower to ask (no throw-ins, or none after a take): the bout ends."""
_MOST_CHOICES = 1023
"""More moves than any decision has: a lead at most 52 cards + 13 ranks x 11 groups, a defence
at most |uncovered| x |hand| <= 26 x 26 covers + take + 7 transfers + 4 shows."""
_DRAW_BITS: tuple[int, ...] = tuple(n.bit_length() for n in range(_MOST_CHOICES + 1))
"""``_DRAW_BITS[n]``: ``n.bit_length()``, the bits ``rng.choice`` draws for ``n`` moves."""


def _nth_bit(mask: int, i: int, n: int) -> int:
    """The ``i``-th lowest set bit of ``mask`` (which has ``n`` set bits), reached by clearing
    bits from the nearer end (the playout's way of picking its random card)."""
    if 2 * i < n - 1:
        while i:
            mask &= mask - 1
            i -= 1
        return mask & -mask
    i = n - 1 - i
    while i:
        mask ^= _BIT_BY_LEN[mask.bit_length()]
        i -= 1
    return _BIT_BY_LEN[mask.bit_length()]


def redeal_phase(state: EngineState, rng: random.Random, max_moves: int | None,
                 trace: list[tuple[int, int, int]] | None) -> tuple[EngineState, int]:
    """The redeal phase right after a deal (``state.seed`` set), played by the generic loop until
    it ends or ``max_moves`` moves: the state reached (a copy when no move was played) and the
    moves played."""
    s, done = state, 0
    while s.seed is not None and done != max_moves:
        mv = rng.choice(legal(s))
        if trace is not None:
            trace.append(mv)
        s = play(s, mv)
        done += 1
    return (s if done else s.copy()), done


def playout(state: EngineState, rng: random.Random, max_moves: int | None = None,
            trace: list[tuple[int, int, int]] | None = None) -> tuple[EngineState, int]:
    """Random play from ``state`` until the game is over (or ``max_moves`` moves): every move is
    ``rng.choice(legal(s))`` -- the same draw from the same sorted list as the spec's playout
    ``s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))`` -- so a seeded playout plays exactly the
    spec's game. Returns the final state and the number of moves played; ``state`` is not changed.
    With ``trace`` given, each engine move played is appended to it.

    The whole game runs on local variables (one mutable copy of the position, the stock as a list
    of card bits and a read position, the next living player of each seat, the bout's cap kept up
    to date); a decision's moves are counted, the index drawn as ``rng.choice`` draws it, and only
    the move drawn is built.

    The redeal phase right after a deal (a few decisions, rarely) is played by the generic loop
    first; the rest of the game natively. 001's side rules (``state.er.side``) are not played here:
    :meth:`DurakEngine.playout` runs its generic loop for them, and a direct call is refused.
    """
    if state.er.side:
        raise InputError("rules: the native Durak playout does not play 001's side rules (use ENGINE.playout)")
    if state.seed is not None:
        s, done = redeal_phase(state, rng, max_moves, trace)
        if s.seed is not None:
            return s, done
        s, more = playout(s, rng, None if max_moves is None else max_moves - done, trace)
        return s, done + more
    if not standard_draw(rng):
        s = state
        moves = 0
        while moves != max_moves:
            legal_now = legal(s)
            if not legal_now:
                break
            mv = rng.choice(legal_now)
            if trace is not None:
                trace.append(mv)
            s = play(s, mv)
            moves += 1
        return (s if moves else s.copy()), moves
    getrandbits = rng.getrandbits
    draw_bits = _DRAW_BITS
    nth_bit = _nth_bit
    covers_of = cover_cards  # the kernel's generator, as a local: called at every defence
    rank_by_len = _RANK_BY_LEN
    er = state.er
    n = state.n
    hands = state.hands[:]
    stock = state.stock
    pref = [0]  # pref[j]: the first j stock cards as a mask, so a draw is one xor
    m = 0
    for c in stock:
        m |= 1 << c
        pref.append(m)
    sp, slen = 0, len(stock)
    trump = state.trump
    beat = _BEATERS_BY_LEN[trump]
    tmask = SUIT_MASKS[trump] if trump != NO_TRUMP else 0
    discard = state.discard
    out = list(state.out)
    attacker, defender = state.attacker, state.defender
    tatt, tcov, unc = state.tatt, state.tcov, state.unc
    na = tatt.bit_count()
    nunc = unc.bit_count()  # uncovered attack cards, counted so the hot tests are on small ints
    covers = [(1 << a, 1 << c) for a, c in state.covers]
    # the covered pairs matter only to a state that stops mid-bout: a whole game ends between bouts
    keep_covers = max_moves is not None
    to_move, taking, first_bout = state.to_move, state.taking, state.first_bout
    known = list(state.known or (0,) * n)
    dstart, shown, last_defender = state.dstart, state.shown, state.last_defender
    # whether throw-ins follow a bout's last cover, and a take
    throws_beaten, throws_taken = _THROWS_OPEN[er.variant != SIMPLE][er.throw_after_take]
    perevodnoy = er.variant == PEREVODNOY
    neighbours, show_trump = er.neighbours, er.show_trump and trump != NO_TRUMP
    lead_stays, lastdef_loses = er.lead_stays, er.lastdef_loses
    transfer_first, transfer_blocked = er.transfer_first, er.transfer_blocked and trump != NO_TRUMP
    barred = er.barred(tmask)  # the trumps, when transfer_trump_laid counts the trump laid to transfer
    first_limit, first_take6, six_always = er.first_limit, er.first_take6, er.six_always
    gone = seat_mask(state.out)  # the seats out, as the kernel takes them
    alive = n - len(out)
    dead = len(out)
    leads_after = LEADS_AFTER  # (next_leader by table)
    refills = REFILL  # (refill by table)
    # the next player in after each seat; the thrower orders and draw orders (lists of seats, from
    # the kernel's) by ``attacker << 3 | defender``
    nxt, orders, draws = _seats(n, gone, neighbours)
    # this bout's throwers (:func:`thrower_lists`: the order, who is asked after each seat), looked
    # up when first needed
    order: tuple[list[int], list[list[int]]] | None = None

    # the bout limit (docs/durak-model.md "Caps") and the cap min(dstart, limit)
    limit = bout_limit(first_bout, taking, first_limit, first_take6, six_always, slen)
    caps = CAPS[limit]  # the cap by the defender's hand at the bout's start, for this limit
    kcap = caps[dstart]
    # the limit of a later bout while the stock has cards, and once it is empty
    stock_limit = bout_limit(False, False, first_limit, first_take6, six_always, 1)
    late_limit = bout_limit(False, False, first_limit, first_take6, six_always, 0)
    stock_caps, late_caps = CAPS[stock_limit], CAPS[late_limit]
    # the cards the player to move may throw in (kept by the search for the next thrower)
    tranks = throw_cards(_ALL, tatt | tcov)  # the cards that may be thrown in on this table
    th = hands[to_move] & tranks if ((throws_taken if taking else throws_beaten) and na < kcap) else 0

    budget = 0 if alive <= 1 else max_moves  # (None: play to the end)
    turns: Iterable[int] = count() if budget is None else range(budget)
    lex = _LEX
    # Each pass plays one move. A move that leaves the bout going ``continue``s; one that may end
    # it falls through to the search for the next thrower among ``cands`` (the throwers in turn),
    # and when nobody can throw in, the bout ends: taken if ``taking``, else beaten.
    cands: Sequence[int] = _NOBODY
    for played in turns:  # ``played``: the moves before this one
        if not tatt:  # ---- LEAD
            hand = hands[attacker]
            ncards = total = hand.bit_count()
            # cards with a card of the same rank in a higher suit slot (they head the leads of
            # several cards)
            dup = lead_heads(hand, kcap)
            x = 0
            if not dup:
                # every lead is one card: the cards in index order
                if not total or kcap < 1:
                    moves = played  # no move: the game is over
                    break
                k = draw_bits[total]
                i = getrandbits(k)
                while i >= total:
                    i = getrandbits(k)
            elif dup & (dup - 1) == 0:
                # exactly one pair: the single cards, with the pair right after its lower card
                total += 1
                k = draw_bits[total]
                i = getrandbits(k)
                while i >= total:
                    i = getrandbits(k)
                start = (hand & (dup - 1)).bit_count()  # the lower card's place
                if i > start:
                    if i == start + 1:
                        x = dup | hand & dup * _HIGHER_SUITS
                    else:
                        i -= 1
            else:
                # the leads sorted by their card tuples: card by card from the lowest, each card
                # alone, or (for a card in ``dup``) with a block of subsets of the higher cards of
                # its rank, in lexicographic order (:data:`_LEX`): a card with m higher cards of
                # its rank heads len(lexk[m]) leads. Counted from how many cards have 1+, 2+, 3
                # higher ones; the blocks are walked only up to the one drawn.
                most = kcap - 1 if kcap <= 4 else 3
                lexk = lex[most]
                # two or three higher cards: the next higher card of the rank has one or two
                dup2 = dup & (dup >> 16 | dup >> 32)
                total += dup.bit_count()  # a card with one higher card heads two leads
                if dup2:
                    more2, more3 = _MORE_LEADS[most]
                    total += more2 * dup2.bit_count() + more3 * (dup2 & dup2 >> 16).bit_count()
                k = draw_bits[total]
                i = getrandbits(k)
                while i >= total:
                    i = getrandbits(k)
                if i >= total - (hand >> dup.bit_length()).bit_count():
                    i -= total - ncards  # one of the single cards above every group
                else:
                    dd = dup
                    while dd:
                        db = dd & -dd
                        dd ^= db
                        start = (hand & (db - 1)).bit_count()  # cards below ``db``: single leads
                        if i <= start:
                            if i == start:
                                x = db  # the card of ``db`` alone
                            break
                        if db & dup2:
                            rest = hand & db * _HIGHER_SUITS  # the same rank in the higher suit slots
                            subsets = lexk[rest.bit_count()]
                            if i < start + len(subsets):
                                x = db
                                for j in subsets[i - start]:
                                    r = rest
                                    while j:
                                        r &= r - 1
                                        j -= 1
                                    x |= r & -r
                                break
                            i -= len(subsets) - 1  # past this block: count it as one lead
                        elif i == start + 1:
                            x = db | hand & db * _HIGHER_SUITS  # with its one higher card
                            break
                        else:
                            i -= 1
            if x:
                na = nunc = x.bit_count()
            else:  # the i-th lowest card of the hand, alone
                x = nth_bit(hand, i, ncards)
                na = nunc = 1
            if trace is not None:
                trace.append((ATTACK, x, 0))
            hands[attacker] = hand ^ x
            tatt = unc = x
            tranks = rank_by_len[x.bit_length()]  # the lead is of one rank
            to_move = defender
            continue
        if nunc and not taking:  # ---- DEFEND
            hand = hands[defender]
            if nunc == 1:  # one uncovered card (the usual case)
                ab = unc
                cm = covers_of(hand, beat[ab.bit_length()])
                ncov = cm.bit_count()
                per: list[int] | None = None
            else:
                per = []
                ncov = 0
                u = unc
                while u:
                    ab = u & -u
                    u ^= ab
                    cm = covers_of(hand, beat[ab.bit_length()])
                    per.append(ab)
                    per.append(cm)
                    ncov += cm.bit_count()
            total = ncov + 1  # the covers and take (room, shows, ntr are set when transfers count)
            # the cards that may pass the bout on: the kernel's, asked only when the defender holds
            # a card of a rank on the table (``tranks``), which they are among
            same = transfer_cards(hand, tatt, tcov, first_bout, transfer_first, transfer_blocked,
                                  tatt & tmask, barred) if perevodnoy and hand & tranks else 0
            if same:
                shows = 0
                held = hands[nxt[defender]].bit_count()
                room = transfer_room(held, na, limit)  # the sets of one or more cards (transfer_set)
                ntr = transfer_count(same.bit_count(), room)
                if show_trump and show_fits(held, na, limit):
                    shows = show_cards(same, tmask, shown)
                total += ntr + shows.bit_count()
            k = draw_bits[total]
            i = getrandbits(k)
            while i >= total:
                i = getrandbits(k)
            if i < ncov:  # cover
                c = ncov
                if per is not None:
                    j = 0
                    while True:
                        ab, cm = per[j], per[j + 1]
                        c = cm.bit_count()
                        if i < c:
                            break
                        i -= c
                        j += 2
                cb = nth_bit(cm, i, c)  # the i-th lowest of the c cards of cm
                cl = cb.bit_length()
                if trace is not None:
                    trace.append((COVER, ab.bit_length() - 1, cl - 1))
                hands[defender] = hand ^ cb
                unc ^= ab
                nunc -= 1
                tcov |= cb
                tranks |= rank_by_len[cl]
                if keep_covers:
                    covers.append((ab, cb))  # as bits; indices in the final state
                if nunc:
                    continue
                if throws_beaten:
                    if order is None:
                        order = orders[attacker << 3 | defender]
                        if order is None:
                            order = orders[attacker << 3 | defender] = thrower_lists(attacker, defender, n, gone, neighbours)
                    cands = order[0]
                else:
                    cands = _NOBODY
            elif i < total - 1:  # transfer or show
                i -= ncov
                if i < ntr:  # the i-th set of cards laid
                    cb = transfer_set(same, room, i)
                    if trace is not None:
                        trace.append((TRANSFER, cb, 0))
                    hands[defender] = hand ^ cb
                    tatt |= cb
                    unc |= cb
                    k = cb.bit_count()
                    na += k
                    nunc += k
                else:
                    i -= ntr
                    m = shows
                    while i:
                        m &= m - 1
                        i -= 1
                    cb = m & -m
                    if trace is not None:
                        trace.append((SHOW, cb.bit_length() - 1, 0))
                    shown |= cb
                attacker = transfer_attacker(attacker, defender, nxt[defender], lead_stays)
                defender = to_move = nxt[defender]
                order = None
                dstart = hands[defender].bit_count()
                kcap = caps[dstart]
                continue
            else:  # take
                if trace is not None:
                    trace.append(_TAKE)
                taking = True
                if first_bout:
                    limit = bout_limit(True, True, first_limit, first_take6, six_always, slen)
                    caps = CAPS[limit]
                    kcap = caps[dstart]
                if throws_taken:
                    if order is None:
                        order = orders[attacker << 3 | defender]
                        if order is None:
                            order = orders[attacker << 3 | defender] = thrower_lists(attacker, defender, n, gone, neighbours)
                    cands = order[0]
                else:
                    cands = _NOBODY
        else:  # ---- THROW (``th``: the cards of ``to_move`` that match a rank on the table)
            p = to_move
            nth = th.bit_count()
            total = nth + 1
            k = draw_bits[total]
            i = getrandbits(k)
            while i >= total:
                i = getrandbits(k)
            if order is None:
                order = orders[attacker << 3 | defender]
                if order is None:
                    order = orders[attacker << 3 | defender] = thrower_lists(attacker, defender, n, gone, neighbours)
            if i < nth:
                cb = nth_bit(th, i, nth)  # the i-th lowest of the nth cards
                if trace is not None:
                    trace.append((THROW, cb.bit_length() - 1, 0))
                hands[p] ^= cb
                tatt |= cb
                unc |= cb
                na += 1
                nunc += 1
                if not taking:
                    to_move = defender
                    continue
                cands = order[1][2 * p + 1]  # (the same thrower first)
            else:
                if trace is not None:
                    trace.append(_PASS)
                cands = order[1][2 * p]
        # the first candidate with a legal throw moves, else the bout ends
        th = 0
        if na < kcap:
            for p in cands:
                th = hands[p] & tranks
                if th:
                    to_move = p
                    break
        if not th:  # ---- end of the bout: discard or pick up, draw, go out, next bout
            d = defender
            if taking:
                hands[d] |= tatt | tcov
                known[d] = (known[d] & hands[d]) | tatt | tcov  # picked up in view of all (knowledge only)
            else:
                discard |= tatt | tcov
            tatt = tcov = unc = 0  # (na and nunc are set by the next lead)
            covers = []
            order = None
            if sp < slen:  # draw, in the kernel's order (the lead attacker first, the defender last)
                drawers = draws[attacker << 3 | d]
                if drawers is None:
                    drawers = draws[attacker << 3 | d] = seat_list(draw_order(attacker, d, n, gone))
                for p in drawers:
                    h = hands[p]
                    need = refills[slen - sp][h.bit_count()]
                    if need:
                        to = sp + need
                        hands[p] = h | pref[to] ^ pref[sp]
                        sp = to
                        if to == slen:
                            break
            shown = 0
            last_defender = d
            if sp < slen:
                limit = stock_limit
                caps = stock_caps
            else:  # the stock is empty: players go out (and the game may end)
                limit = late_limit
                caps = late_caps
                if hands.count(0) > dead:  # somebody new has no cards
                    empty = 0
                    for q in range(n):
                        if not hands[q]:
                            empty |= 1 << q
                    now = goes_out(empty, gone, slen - sp)
                    if now != gone:
                        out += [q for q in range(n) if (now ^ gone) >> q & 1]
                        gone = now
                        alive = n - len(out)
                        dead = len(out)
                        nxt, orders, draws = _seats(n, gone, neighbours)
                        if fool(n, gone, d, lastdef_loses) != PLAYING:  # the game is over
                            taking = first_bout = False
                            to_move = attacker
                            dstart = hands[d].bit_count()
                            moves = played + 1
                            break
            attacker = nxt[d] if leads_after[taking][gone >> d & 1] else d
            taking = first_bout = False
            defender = nxt[attacker]
            to_move = attacker
            dstart = hands[defender].bit_count()
            kcap = caps[dstart]
    else:  # ``max_moves`` played
        moves = budget or 0

    s = EngineState.__new__(EngineState)
    s.rules, s.er, s.n = state.rules, er, n
    s.hands = hands
    s.stock = stock[sp:]
    s.trump, s.discard, s.out = trump, discard, tuple(out)
    s.attacker, s.defender = attacker, defender
    s.tatt, s.tcov, s.unc = tatt, tcov, unc
    s.covers = tuple((a.bit_length() - 1, c.bit_length() - 1) for a, c in covers)
    s.to_move, s.taking, s.first_bout = to_move, taking, first_bout
    s.dstart, s.shown, s.last_defender = dstart, shown, last_defender
    s.seed, s.places = None, ()  # places: kept only under the side rule places (never played here)
    s.known = tuple(known) if any(known) else ()
    s.turned = state.turned  # (knowledge only: a deal's, kept by play)
    return s, moves


_Seats = tuple[list[int], list[tuple[list[int], list[list[int]]] | None], list[list[int] | None]]
_SEATS: dict[tuple[int, int, bool], _Seats] = {}
"""The seat tables met: see :func:`_seats`."""
_THROWS_OPEN: tuple[tuple[tuple[bool, bool], ...], ...] = tuple(
    tuple((throw_ins_open(throw_ins, False, after), throw_ins_open(throw_ins, True, after)) for after in (0, 1))
    for throw_ins in (0, 1))
"""``_THROWS_OPEN[throw_ins][throw_after_take]``: :func:`throw_ins_open` by table, after the last
cover and after a take."""


def _seats(n: int, gone: int, neighbours: bool) -> _Seats:
    """For ``n`` seats with the seats ``gone`` out: the next player in after each seat
    (:func:`next_seat`), and by ``attacker << 3 | defender`` the thrower orders (with who is asked
    next after each seat: :func:`thrower_lists`) and the draw orders, each filled in when first
    needed (``None`` until then). Kept between playouts (a
    few hundred at most) and never changed but for those fillings."""
    got = _SEATS.get((n, gone, neighbours))
    if got is None:
        got = _SEATS[(n, gone, neighbours)] = ([next_seat(p, n, gone) for p in range(n)], [None] * 64, [None] * 64)
    return got


# --- which native playout runs: the compiled one when numba's cache holds it --------------------
# The compiled playout (:mod:`foolsolve.engines.durak_playout_compiled`) plays the same games as
# :func:`playout` (and leaves the generator in the same state), so choosing is invisible in the
# results. Nobody waits for its compile: while numba's cache does not hold it, :func:`playout`
# runs, and a background process fills the cache; once that process has finished, the compiled
# one is loaded. Nor for its load (importing numba, loading from its cache: a second or two): that
# runs in a thread (:class:`foolsolve.background.Loading`), :func:`playout` playing meanwhile
# (docs/architecture.md, "The Durak kernel").

Playout = Callable[..., tuple[EngineState, int]]
PLAYOUTS = ("auto", "python", "compiled")
"""``FOOLSOLVE_DURAK_PLAYOUT`` (and :func:`use`): ``auto`` (the default) the compiled playout when
numba's cache holds it, else this module's while a background process compiles it; ``python``
this module's; ``compiled`` the compiled one, compiled now when the cache does not hold it."""
_native: Playout | None = None
_child: subprocess.Popen[bytes] | None = None
_loading: background.Loading | None = None
"""The load of the compiled playout from numba's cache, in a thread (:func:`_choose`), until it is done."""


def native() -> Playout:
    """The native playout to run now (``ENGINE.playout`` calls this at every playout)."""
    global _native, _child, _loading
    if _native is None:
        _native = _choose(os.environ.get("FOOLSOLVE_DURAK_PLAYOUT") or "auto")
    elif _loading is not None and _loading.done.is_set():  # the load in its thread has finished
        got, _loading = _loading.result, None
        if got is not None:  # (None: not in the cache after all, or numba broken: the Python playout goes on)
            _native = cast(Playout, got)
    elif _child is not None and _child.poll() is not None:  # the background compile has finished: load it
        _child = None
        _loading = background.Loading(_loaded, "foolsolve-durak-playout-load")
    return _native


def use(kind: str) -> Playout:
    """Choose the native playout now (one of :data:`PLAYOUTS`), as ``FOOLSOLVE_DURAK_PLAYOUT``
    would; returns it."""
    global _native
    _native = _choose(kind)
    return _native


def _choose(kind: str) -> Playout:
    if kind not in PLAYOUTS:
        raise InputError(f"FOOLSOLVE_DURAK_PLAYOUT: expected one of {', '.join(PLAYOUTS)}, not {kind!r}")
    if kind == "python":
        return playout
    if kind == "compiled":
        from foolsolve.engines import durak_playout_compiled as compiled

        compiled.load(compile=True)
        return compiled.playout
    global _loading
    if compiled_in_cache():
        # loaded in a thread (importing numba and loading take a second or two, which no time limit
        # could stop): this module's playout plays the same games meanwhile
        _loading = background.Loading(_loaded, "foolsolve-durak-playout-load")
    else:
        _compile_in_background()
    return playout


def _loaded() -> Playout | None:
    """The compiled playout if numba's cache holds it (loaded from there), else ``None``."""
    try:
        from foolsolve.engines import durak_playout_compiled as compiled

        return compiled.playout if compiled.load() else None
    except ImportError:  # numba missing or broken: the Python playout only
        return None


def compiled_in_cache() -> bool:
    """Whether numba's cache holds the compiled playout fresh, for the present text of it and of the
    rules' kernel (:func:`foolsolve.background.in_numba_cache`: in the folder numba caches it in, the
    first it can write of ``NUMBA_CACHE_DIR``, this package's ``__pycache__`` and its user cache folder), looked up
    without importing numba. An entry left by an older text does not count (numba would compile
    again): the Python playout runs while a background process compiles."""
    return background.in_numba_cache(str(Path(__file__).with_name("durak_playout_compiled.py")), "_play",
                                     KEY_FILES)


def _compile_in_background() -> None:
    """Start ``python -m foolsolve.engines.durak_playout_compiled --background`` (once a process;
    :func:`foolsolve.background.start`, not under ``FOOLSOLVE_BACKGROUND_COMPILE=0``): it compiles
    the playout into numba's cache at a low priority, in a session of its own (it outlives this
    process), and does nothing when another such process is compiling already. None starts where
    numba can keep nothing it compiles (:func:`foolsolve.background.numba_cache_folder`): the
    Python playout plays then."""
    global _child
    if _child is None and background.numba_cache_folder(str(Path(__file__).with_name("durak_playout_compiled.py"))):
        _child = background.start("foolsolve.engines.durak_playout_compiled")
