"""Durak: the native random playout compiled with numba, the same game move for move.

:func:`playout` plays exactly the game of :func:`foolsolve.engines.durak_playout.playout` (the
Python playout, itself the spec's seeded game ``s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))``)
and leaves ``rng`` in the same state: it runs the generator itself. CPython's ``random.Random`` is
MT19937; ``rng.choice(seq)`` is ``seq[rng._randbelow(len(seq))]``, and ``_randbelow(n)`` draws
``r = getrandbits(k)`` with ``k = n.bit_length()`` until ``r < n`` (Lib/random.py,
``_randbelow_with_getrandbits``), where ``getrandbits(k)`` for ``k <= 32`` is the next 32-bit
output of the generator shifted right by ``32 - k`` (Modules/_randommodule.c). So the compiled
loop runs the generator itself (:func:`_below`) on its 624 words and the index of the next one:
in the ``random.Random`` object's own memory where :data:`OWN_MEMORY` holds (CPython's layout,
checked at import), else on a copy taken with ``rng.getstate()`` and given back with
``rng.setstate``. Where ``rng.choice`` or ``rng.getrandbits`` draws otherwise (a subclass:
:func:`foolsolve.draws.standard_draw`, :data:`_GETRANDBITS`), the Python playout runs instead.

Durak's rules are not written here: every rule decision, the moves a decision offers (the kernel's
move generators: the leads' heads, the covers of a card, the throw-ins, the transfers and shows)
and the flow of play are the functions of :mod:`foolsolve.engines.durak_kernel`, compiled once for
this playout and the compiled search by :mod:`foolsolve.engines.durak_kernel_compiled` and inlined
into :func:`_play`; the cards that beat a card are the kernel's
:data:`~foolsolve.engines.durak_kernel.BEATERS`, passed as an array. What is written here is the
order of play of one random game: the moves of a decision counted in the spec's order, the drawn
one built (the Python playout's loop, on arrays).

Nothing compiles at import. :func:`load` loads the compiled :func:`_play` from numba's on-disk
cache (one entry: its cached code holds every kernel function it calls); ``load(compile=True)``
compiles it on a miss, into that cache. The engine never compiles while a user waits: it plays
the Python playout until the cache holds this one, and fills the cache in the background
(:func:`foolsolve.engines.durak_playout.native`, docs/architecture.md "The Durak kernel").
``python -m foolsolve.engines.durak_playout_compiled`` compiles it ahead of time.
"""

from __future__ import annotations

import ctypes
import random
import sys
from typing import Any

import numpy as np
from numba import njit
from numba.core.errors import TypingError

from foolsolve.draws import standard_draw
from foolsolve.engines import durak_kernel_compiled
from foolsolve.engines import durak_playout as dp
from foolsolve.engines.durak import (
    _PASS,
    _TAKE,
    ATTACK,
    BEATERS,
    COVER,
    NO_TRUMP,
    PEREVODNOY,
    SHOW,
    SIMPLE,
    SUIT_MASKS,
    THROW,
    TRANSFER,
    EngineRules,
    EngineState,
)
from foolsolve.engines.durak_kernel import (
    LANES,
    LEADER_DEFENDER,
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
)
from foolsolve.engines.durak_kernel_compiled import KeyedCache
from foolsolve.engines.durak_kernel_compiled import bit_count as _popc
from foolsolve.engines.durak_kernel_compiled import leading_zeros as _clz
from foolsolve.errors import InputError

# --- the kernel's functions, compiled (:mod:`foolsolve.engines.durak_kernel_compiled`) ------------
KERNEL_NAMES: dict[str, str] = {name: name for name in (
    "bout_limit", "bout_cap", "lead_heads", "cover_cards", "throw_cards", "transfer_cards", "show_cards",
    "transfer_room", "transfer_set", "transfer_count", "show_fits", "next_seat", "thrower_order", "throwers_after",
    "throw_ins_open", "draw_order", "refill", "next_leader", "transfer_attacker", "goes_out", "fool")}
"""The kernel functions :func:`_play` calls (this module's global -> the kernel's function): bound
in this module to the kernel's plain functions (so a cache probe of _play fails at once on a miss,
numba cannot call a Python function) and, for a compile, to the shared compiled kernel's
dispatchers (:func:`foolsolve.engines.durak_kernel_compiled.function`), inlined where _play calls
them."""


class _Cache(KeyedCache):
    """numba's on-disk cache of :func:`_play`, each entry keyed also by the kernel's text and the
    compiled kernel's (:data:`~foolsolve.engines.durak_kernel_compiled.KEY_TEXT`)."""


# --- the generator: CPython's MT19937 (Modules/_randommodule.c, genrand_uint32) ---------------
# ``mt``: 625 uint32, the index of the next word first (CPython's ``RandomObject`` after its header:
# ``int index; uint32_t state[624]``), then the 624 words.
MT_N, MT_M = 624, 397
"""The state's words, and the twist's offset."""


@njit(inline="always")
def _twist(mt: Any) -> None:  # pragma: no cover - compiled
    """Generate the next 624 words at once (``self->index >= N``)."""
    for kk in range(MT_N):
        y = (np.int64(mt[1 + kk]) & 0x80000000) | (np.int64(mt[1 + (kk + 1) % MT_N]) & 0x7FFFFFFF)
        v = np.int64(mt[1 + (kk + MT_M) % MT_N]) ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        mt[1 + kk] = v
    mt[0] = 0


@njit(inline="always")
def _below(mt: Any, n: int) -> int:  # pragma: no cover - compiled
    """``rng._randbelow(n)`` on the generator ``mt``: 32-bit outputs shifted right by
    ``32 - n.bit_length()`` until one is below ``n``."""
    shift = 32 - (64 - _clz(n))
    while True:
        at: Any = np.int64(mt[0])
        if at >= MT_N:
            _twist(mt)
            at = 0
        y: Any = np.int64(mt[1 + at])
        mt[0] = at + 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        r = y >> shift
        if r < n:
            return r


@njit(inline="always")
def _record(trace: Any, moves: int, kind: int, a: int, b: int) -> None:  # pragma: no cover - compiled
    """Move ``moves`` of the trace: its kind and its two numbers."""
    trace[3 * moves] = kind
    trace[3 * moves + 1] = a
    trace[3 * moves + 2] = b


@njit(inline="always")
def _nth(mask: int, i: int) -> int:  # pragma: no cover - compiled
    """The ``i``-th lowest card of ``mask``, as a bit."""
    while i:
        mask &= mask - 1
        i -= 1
    return mask & -mask


# --- the position in one int64 array ``buf``: its slots (``st``, the first SLOTS), then its regions ---
(S_N, S_TRUMP_MASK, S_DISCARD, S_ATTACKER, S_DEFENDER, S_TATT, S_TCOV, S_UNC, S_TO_MOVE, S_TAKING,
 S_FIRST_BOUT, S_DSTART, S_SHOWN, S_LAST_DEFENDER, S_NOUT, S_NCOVERS, S_SLEN, S_SP, S_TRACING,
 R_THROW_INS, R_AFTER_TAKE, R_PEREVODNOY, R_NEIGHBOURS, R_SHOW_TRUMP, R_LEAD_STAYS, R_LASTDEF_LOSES,
 R_TRANSFER_FIRST, R_TRANSFER_BLOCKED, R_FIRST_LIMIT, R_FIRST_TAKE6, R_SIX_ALWAYS, R_BARRED) = range(32)
SLOTS = 32
HANDS, KNOWN, OUT, COVERS, STOCK, BUF = 32, 40, 48, 56, 184, 248
"""Where ``buf`` holds the hands, what is known of each hand, the seats out (in order), the covered
pairs (attack and cover card indices) and the stock (card indices, drawn from the front) beside the
slots; its length. (At most 8 seats, 64 pairs, 64 cards.)"""
T_ATTACK, T_COVER, T_TRANSFER, T_SHOW, T_THROW, T_TAKE, T_PASS = range(7)
"""Move kinds in the trace array (the engine's moves: :data:`_TRACE_KINDS`)."""
HIGHER_SUITS = LANES - 1
"""``card_bit * HIGHER_SUITS``: the card's rank in the three suit slots above it."""
ALL = -1
"""Every bit: ``throw_cards(ALL, x)`` is every card of a rank in ``x``."""
TRACE_CHUNK = 4096
"""Moves per compiled call when the moves are traced (the trace array's length)."""


def _play(mt: Any, buf: Any, beat: Any, lex: Any, lexlen: Any, trace: Any, budget: int) -> int:  # pragma: no cover
    """The Python playout's loop (:func:`foolsolve.engines.durak_playout.playout`) on arrays: plays
    at most ``budget`` moves (-1: to the end) from the position in ``buf`` (its slots and regions,
    :data:`BUF`), which it leaves holding the position reached; draws from ``mt`` as ``rng.choice``
    does; returns the moves played. ``beat[c]``: the cards that beat card ``c``;
    ``lex[most, m]``: which of ``m`` higher cards of its rank join a lead's lowest card (a bit per
    card), in the spec's order of leads, ``lexlen[most, m]`` of them."""
    st = buf[:SLOTS]
    hands = buf[HANDS:KNOWN]
    known = buf[KNOWN:OUT]
    out = buf[OUT:COVERS]
    covers = buf[COVERS:STOCK]
    stock = buf[STOCK:BUF]
    n = st[S_N]
    tmask = st[S_TRUMP_MASK]
    discard = st[S_DISCARD]
    attacker, defender = st[S_ATTACKER], st[S_DEFENDER]
    tatt, tcov, unc = st[S_TATT], st[S_TCOV], st[S_UNC]
    to_move, taking, first_bout = st[S_TO_MOVE], st[S_TAKING], st[S_FIRST_BOUT]
    dstart, shown, last_defender = st[S_DSTART], st[S_SHOWN], st[S_LAST_DEFENDER]
    nout, ncovers, slen, sp = st[S_NOUT], st[S_NCOVERS], st[S_SLEN], st[S_SP]
    tracing = st[S_TRACING]
    throw_ins, after_take, perevodnoy = st[R_THROW_INS], st[R_AFTER_TAKE], st[R_PEREVODNOY]
    neighbours, show_trump, lead_stays = st[R_NEIGHBOURS], st[R_SHOW_TRUMP], st[R_LEAD_STAYS]
    lastdef_loses, transfer_first, transfer_blocked = st[R_LASTDEF_LOSES], st[R_TRANSFER_FIRST], st[R_TRANSFER_BLOCKED]
    first_limit, first_take6, six_always = st[R_FIRST_LIMIT], st[R_FIRST_TAKE6], st[R_SIX_ALWAYS]
    barred = st[R_BARRED]  # the trumps, when transfer_trump_laid counts the trump laid to transfer
    gone = 0
    for j in range(nout):
        gone |= 1 << out[j]
    na = _popc(tatt)
    nunc = _popc(unc)
    throws_beaten = throw_ins_open(throw_ins, 0, after_take)
    throws_taken = throw_ins_open(throw_ins, 1, after_take)
    nxt = np.empty(8, np.int64)
    for p in range(n):
        nxt[p] = next_seat(p, n, gone)
    limit = bout_limit(first_bout, taking, first_limit, first_take6, six_always, slen - sp)
    kcap = bout_cap(dstart, limit)
    stock_limit = bout_limit(0, 0, first_limit, first_take6, six_always, 1)
    late_limit = bout_limit(0, 0, first_limit, first_take6, six_always, 0)
    tranks = throw_cards(ALL, tatt | tcov)
    th = 0
    if (throws_taken if taking else throws_beaten) and na < kcap:
        th = hands[to_move] & tranks
    order = -1  # this bout's thrower order (the kernel's packed list), once needed
    if n - nout <= 1:
        budget = 0
    moves = 0
    cands = 0
    while moves != budget:
        if not tatt:  # ---- LEAD
            hand = hands[attacker]
            ncards = _popc(hand)
            total = ncards
            dup = lead_heads(hand, kcap)
            x = 0
            if not dup:
                if not total or kcap < 1:
                    break  # no move: the game is over
                i = _below(mt, total)
            elif dup & (dup - 1) == 0:
                # exactly one pair: the single cards, with the pair right after its lower card
                total += 1
                i = _below(mt, total)
                start = _popc(hand & (dup - 1))
                if i > start:
                    if i == start + 1:
                        x = dup | hand & dup * HIGHER_SUITS
                    else:
                        i -= 1
            else:
                # the leads sorted by their card tuples (the Python playout's count and walk)
                most = kcap - 1 if kcap <= 4 else 3
                dup2 = dup & (dup >> 16 | dup >> 32)
                total += _popc(dup)
                if dup2:
                    more2 = lexlen[most, 2] - lexlen[most, 1]
                    more3 = lexlen[most, 3] - lexlen[most, 2]
                    total += more2 * _popc(dup2) + more3 * _popc(dup2 & dup2 >> 16)
                i = _below(mt, total)
                if i >= total - _popc(hand >> (64 - _clz(dup))):
                    i -= total - ncards
                else:
                    dd = dup
                    while dd:
                        db = dd & -dd
                        dd ^= db
                        start = _popc(hand & (db - 1))
                        if i <= start:
                            if i == start:
                                x = db
                            break
                        if db & dup2:
                            rest = hand & db * HIGHER_SUITS
                            m = _popc(rest)
                            cnt = lexlen[most, m]
                            if i < start + cnt:
                                x = db
                                sub = lex[most, m, i - start]
                                r = rest
                                while sub:
                                    if sub & 1:
                                        x |= r & -r
                                    r &= r - 1
                                    sub >>= 1
                                break
                            i -= cnt - 1
                        elif i == start + 1:
                            x = db | hand & db * HIGHER_SUITS
                            break
                        else:
                            i -= 1
            if x:
                na = nunc = _popc(x)
            else:
                x = _nth(hand, i)
                na = nunc = 1
            if tracing:
                _record(trace, moves, T_ATTACK, x, 0)
            moves += 1
            hands[attacker] = hand ^ x
            tatt = unc = x
            tranks = throw_cards(ALL, x)
            to_move = defender
            continue
        if nunc and not taking:  # ---- DEFEND
            hand = hands[defender]
            ncov = 0
            u = unc
            while u:
                ab = u & -u
                u ^= ab
                ncov += _popc(cover_cards(hand, beat[63 - _clz(ab)]))
            total = ncov + 1
            shows = 0
            ntr = 0
            room = 0
            same = 0
            if perevodnoy:
                same = transfer_cards(hand, tatt, tcov, first_bout, transfer_first, transfer_blocked, tatt & tmask,
                                      barred)
            if same:
                held = _popc(hands[nxt[defender]])
                room = transfer_room(held, na, limit)  # the sets of one or more cards (transfer_set)
                ntr = transfer_count(_popc(same), room)
                if show_trump and show_fits(held, na, limit):
                    shows = show_cards(same, tmask, shown)
                total += ntr + _popc(shows)
            i = _below(mt, total)
            if i < ncov:  # cover
                u = unc
                while True:
                    ab = u & -u
                    u ^= ab
                    cm = cover_cards(hand, beat[63 - _clz(ab)])
                    c = _popc(cm)
                    if i < c:
                        break
                    i -= c
                cb = _nth(cm, i)
                ai, ci = 63 - _clz(ab), 63 - _clz(cb)
                if tracing:
                    _record(trace, moves, T_COVER, ai, ci)
                moves += 1
                hands[defender] = hand ^ cb
                unc ^= ab
                nunc -= 1
                tcov |= cb
                tranks |= throw_cards(ALL, cb)
                covers[2 * ncovers] = ai
                covers[2 * ncovers + 1] = ci
                ncovers += 1
                if nunc:
                    continue
                if throws_beaten:
                    if order < 0:
                        order = thrower_order(attacker, defender, n, gone, neighbours)
                    cands = order
                else:
                    cands = 0
            elif i < total - 1:  # transfer or show
                i -= ncov
                if i < ntr:  # the i-th set of cards laid
                    cb = transfer_set(same, room, i)
                    if tracing:
                        _record(trace, moves, T_TRANSFER, cb, 0)
                    moves += 1
                    hands[defender] = hand ^ cb
                    tatt |= cb
                    unc |= cb
                    c = _popc(cb)
                    na += c
                    nunc += c
                else:
                    cb = _nth(shows, i - ntr)
                    if tracing:
                        _record(trace, moves, T_SHOW, 63 - _clz(cb), 0)
                    moves += 1
                    shown |= cb
                attacker = transfer_attacker(attacker, defender, nxt[defender], lead_stays)
                defender = to_move = nxt[defender]
                order = -1
                dstart = _popc(hands[defender])
                kcap = bout_cap(dstart, limit)
                continue
            else:  # take
                if tracing:
                    _record(trace, moves, T_TAKE, 0, 0)
                moves += 1
                taking = 1
                if first_bout:
                    limit = bout_limit(1, 1, first_limit, first_take6, six_always, slen - sp)
                    kcap = bout_cap(dstart, limit)
                if throws_taken:
                    if order < 0:
                        order = thrower_order(attacker, defender, n, gone, neighbours)
                    cands = order
                else:
                    cands = 0
        else:  # ---- THROW (``th``: the cards of ``to_move`` that match a rank on the table)
            p = to_move
            nth = _popc(th)
            i = _below(mt, nth + 1)
            if order < 0:
                order = thrower_order(attacker, defender, n, gone, neighbours)
            if i < nth:
                cb = _nth(th, i)
                if tracing:
                    _record(trace, moves, T_THROW, 63 - _clz(cb), 0)
                moves += 1
                hands[p] ^= cb
                tatt |= cb
                unc |= cb
                na += 1
                nunc += 1
                if not taking:
                    to_move = defender
                    continue
                cands = throwers_after(order, p, 1)  # the same thrower first
            else:
                if tracing:
                    _record(trace, moves, T_PASS, 0, 0)
                moves += 1
                cands = throwers_after(order, p, 0)
        # the first candidate with a legal throw moves, else the bout ends
        th = 0
        if na < kcap:
            while cands:
                q = (cands & 15) - 1
                cands >>= 4
                th = hands[q] & tranks
                if th:
                    to_move = q
                    break
        if not th:  # ---- end of the bout: discard or pick up, draw, go out, next bout
            d = defender
            if taking:
                hands[d] |= tatt | tcov
                known[d] = (known[d] & hands[d]) | tatt | tcov
            else:
                discard |= tatt | tcov
            tatt = tcov = unc = 0
            ncovers = 0
            order = -1
            if sp < slen:  # draw, in the kernel's order
                drawers = draw_order(attacker, d, n, gone)
                while drawers:
                    q = (drawers & 15) - 1
                    drawers >>= 4
                    h = hands[q]
                    need = refill(_popc(h), slen - sp)
                    if need:
                        for j in range(sp, sp + need):
                            h |= 1 << stock[j]
                        hands[q] = h
                        sp += need
                        if sp == slen:
                            break
            shown = 0
            last_defender = d
            if sp < slen:
                limit = stock_limit
            else:  # the stock is empty: players go out (and the game may end)
                limit = late_limit
                empty = 0
                for q in range(n):
                    if not hands[q]:
                        empty |= 1 << q
                if _popc(empty) > nout:  # somebody new has no cards
                    now = goes_out(empty, gone, slen - sp)
                    if now != gone:
                        for q in range(n):
                            if (now ^ gone) >> q & 1:
                                out[nout] = q
                                nout += 1
                        gone = now
                        for q in range(n):
                            nxt[q] = next_seat(q, n, gone)
                        if fool(n, gone, d, lastdef_loses) != PLAYING:  # the game is over
                            taking = first_bout = 0
                            to_move = attacker
                            dstart = _popc(hands[d])
                            break
            if next_leader(taking, gone >> d & 1) != LEADER_DEFENDER:
                attacker = nxt[d]
            else:
                attacker = d
            taking = first_bout = 0
            defender = nxt[attacker]
            to_move = attacker
            dstart = _popc(hands[defender])
            kcap = bout_cap(dstart, limit)
    st[S_DISCARD] = discard
    st[S_ATTACKER], st[S_DEFENDER] = attacker, defender
    st[S_TATT], st[S_TCOV], st[S_UNC] = tatt, tcov, unc
    st[S_TO_MOVE], st[S_TAKING], st[S_FIRST_BOUT] = to_move, taking, first_bout
    st[S_DSTART], st[S_SHOWN], st[S_LAST_DEFENDER] = dstart, shown, last_defender
    st[S_NOUT], st[S_NCOVERS], st[S_SP] = nout, ncovers, sp
    return moves


SIGNATURE = "int64(uint32[::1], int64[::1], int64[::1], int64[:, :, ::1], int64[:, ::1], int64[::1], int64)"
""":func:`_play`'s one signature."""

_compiled: Any = None
"""The loaded or compiled :func:`_play` (a numba dispatcher), once :func:`load` succeeded."""


def _dispatcher() -> Any:
    disp = njit(_play)  # the GIL held: ``mt`` may be the generator's own memory
    try:
        disp._cache = _Cache(_play)
    except RuntimeError:  # "cannot cache function ...: no locator available" (no writable cache folder)
        pass
    return disp


def cacheable() -> bool:
    """Whether numba finds a cache folder for :func:`_play` (else a compile lasts one process)."""
    return isinstance(_dispatcher()._cache, _Cache)


COMPILE_LABEL = "compiling the Durak playout once (up to about half a minute; Ctrl-C stops it)"
"""The line that announces the compile (:func:`load`), before the seconds it has run."""
COMPILED = "the Durak playout"
"""What the compile makes, as an analysis whose time it took names it
(:data:`foolsolve.progress.FOREGROUND_COMPILES`)."""
COMPILE_STOPPED = "interrupted while compiling the Durak playout; the next run compiles it again"
"""What Ctrl-C during the compile says (a :class:`~foolsolve.errors.Stopped`)."""


def load(compile: bool = False, announce: bool | None = None) -> bool:
    """Make :func:`playout` callable: load :func:`_play` from numba's on-disk cache, or with
    ``compile`` compile it on a miss (into that cache, for the next process). Returns whether it
    is callable now; never compiles without ``compile``. A compile is announced in one line on
    stderr as the Durak search's is (:class:`foolsolve.progress.CompileLine`; ``announce``: by
    default rewritten in place on a terminal and written once elsewhere, a notebook or a pipe;
    ``True`` rewritten in place; ``False`` nothing), and a Ctrl-C during it is a
    :class:`~foolsolve.errors.Stopped` saying so (:data:`COMPILE_STOPPED`)."""
    global _compiled
    if _compiled is not None:
        return True
    g = globals()
    disp = _dispatcher()
    try:  # the kernel's functions still plain Python: a cache hit loads, a miss fails at once
        disp.compile(SIGNATURE)
    except TypingError:
        if not compile:
            return False
        from foolsolve.progress import CompileLine

        durak_kernel_compiled.bind(g, KERNEL_NAMES)
        try:
            with CompileLine.timed(COMPILE_LABEL, COMPILE_STOPPED, announce, once=announce is None,
                                   what=COMPILED):
                disp = _dispatcher()
                disp.compile(SIGNATURE)
        finally:
            durak_kernel_compiled.unbind(g, KERNEL_NAMES)
    disp.disable_compile()  # arguments of another type are an error, never a compile
    _compiled = disp
    return True


def _lex_tables() -> tuple[Any, Any]:
    """:data:`foolsolve.engines.durak_playout._LEX` as arrays: ``lex[most, m, j]`` the ``j``-th
    subset (a bit per higher card, lowest first), ``lexlen[most, m]`` how many."""
    lex = np.zeros((4, 4, 8), np.int64)
    lexlen = np.zeros((4, 4), np.int64)
    for most in range(4):
        for m in range(4):
            subsets = dp._LEX[most][m]
            lexlen[most, m] = len(subsets)
            for j, sub in enumerate(subsets):
                lex[most, m, j] = sum(1 << k for k in sub)
    return lex, lexlen


_LEX_ARRAYS = _lex_tables()
CARD_BITS = (1 << 63) - 1
"""Every card index position (bits 0..62; no deck uses bit 63)."""
_BEAT_ARRAYS: dict[int, Any] = {t: np.array([b & CARD_BITS for b in bt], np.int64) for t, bt in BEATERS.items()}
"""``_BEAT_ARRAYS[trump][c]``: :data:`~foolsolve.engines.durak_kernel.BEATERS` as an array."""
_TRUMP_MASKS: dict[int, int] = {t: SUIT_MASKS[t] & CARD_BITS if t != NO_TRUMP else 0 for t in BEATERS}
"""The trump suit's cards by trump slot (none without a trump suit)."""
_GETRANDBITS = random.Random.getrandbits
"""CPython's ``getrandbits`` (a subclass drawing its bits otherwise, ``SystemRandom`` say, plays
the Python playout, which calls its ``getrandbits`` as ``choice`` does)."""
_TRACE_KINDS = (ATTACK, COVER, TRANSFER, SHOW, THROW, _TAKE[0], _PASS[0])
_NO_TRACE = np.zeros(0, np.int64)


def _memory_of(rng: random.Random) -> Any:
    """The generator's own state as a ``uint32`` array (the index of the next word, then the 624
    words: CPython's ``RandomObject`` right after the object header), or ``None`` where
    :data:`OWN_MEMORY` does not hold."""
    words: Any = (ctypes.c_uint32 * (1 + MT_N)).from_address(id(rng) + _HEADER)
    return np.frombuffer(words, np.uint32)


_HEADER = object.__basicsize__
"""The bytes of an object's header (``PyObject_HEAD``), where ``RandomObject``'s fields begin."""


def _own_memory_holds() -> bool:
    """Whether :func:`_memory_of` reads a ``random.Random``'s state exactly as ``getstate`` gives it
    and ``setstate`` sets it (CPython's layout), checked on a generator of its own: fresh, after
    draws across two twists, and after a ``setstate``."""
    import _random

    if sys.implementation.name != "cpython" or _random.Random.__basicsize__ < _HEADER + 4 * (1 + MT_N):
        return False
    try:
        rng = random.Random(20261128)
        mem = _memory_of(rng)
        other = random.Random(7)
        for step in range(4):
            if step == 1:
                rng.getrandbits(3)
            elif step == 2:
                for _ in range(1000):
                    rng.getrandbits(9)
            elif step == 3:
                rng.setstate(other.getstate())
            words = rng.getstate()[1]
            if not mem.flags.writeable or int(mem[0]) != words[MT_N] or mem[1:].tolist() != list(words[:MT_N]):
                return False
    except Exception:  # any surprise: the state goes through getstate and setstate
        return False
    return True


OWN_MEMORY = _own_memory_holds()
"""Whether :func:`playout` draws from the generator's own memory (no copy of its 625 words in and
out: about 50 microseconds a playout less); else it copies the state in with ``getstate`` and
back with ``setstate``. The same draws and the same state afterwards either way."""


def _start(er: EngineRules, trump: int) -> Any:
    """A fresh ``buf`` with the rules' slots of ``er`` under this trump slot filled in."""
    buf = np.zeros(BUF, np.int64)
    buf[R_THROW_INS:SLOTS] = (
        er.variant != SIMPLE, er.throw_after_take, er.variant == PEREVODNOY, er.neighbours,
        er.show_trump and trump != NO_TRUMP, er.lead_stays, er.lastdef_loses, er.transfer_first,
        er.transfer_blocked and trump != NO_TRUMP, er.first_limit, er.first_take6, er.six_always,
        er.barred(_TRUMP_MASKS[trump]))
    return buf


_START: dict[tuple[EngineRules, int], Any] = {}
""":func:`_start` by rules and trump slot (copied at every playout)."""
_last: tuple[Any, Any] = (None, None)
"""The generator of the last playout and its memory (:func:`_memory_of`), kept for the next."""


def playout(state: EngineState, rng: random.Random, max_moves: int | None = None,
            trace: list[tuple[int, int, int]] | None = None, own_memory: bool | None = None) -> tuple[EngineState, int]:
    """:func:`foolsolve.engines.durak_playout.playout`, compiled: the same game, the same final
    state and moves, ``rng`` left in the same state. Call :func:`load` first. The redeal phase
    right after a deal, and a generator whose ``choice`` or ``getrandbits`` draws otherwise, are
    played as the Python playout plays them. ``own_memory``: draw from the generator's memory (default
    :data:`OWN_MEMORY`) or from a copy made with ``getstate`` (tests run both)."""
    if state.er.side:
        raise InputError("rules: the native Durak playout does not play 001's side rules (use ENGINE.playout)")
    if state.seed is not None or not standard_draw(rng) or type(rng).getrandbits is not _GETRANDBITS:
        if state.seed is None:
            return dp.playout(state, rng, max_moves, trace)
        s, done = dp.redeal_phase(state, rng, max_moves, trace)
        if s.seed is not None:
            return s, done
        s, more = playout(s, rng, None if max_moves is None else max_moves - done, trace, own_memory)
        return s, done + more
    play = _compiled
    if play is None:
        raise RuntimeError("the compiled Durak playout is not loaded (durak_playout_compiled.load())")
    er = state.er
    n = state.n
    trump = state.trump
    buf = _START.get((er, trump))
    if buf is None:
        buf = _START[(er, trump)] = _start(er, trump)
    buf = buf.copy()
    buf[:R_THROW_INS] = (
        n, _TRUMP_MASKS[trump], state.discard, state.attacker, state.defender,
        state.tatt, state.tcov, state.unc, state.to_move, state.taking, state.first_bout, state.dstart,
        state.shown, state.last_defender, len(state.out), len(state.covers), len(state.stock), 0,
        trace is not None)
    buf[HANDS:HANDS + n] = state.hands
    if state.known:
        buf[KNOWN:KNOWN + n] = state.known
    if state.out:
        buf[OUT:OUT + len(state.out)] = state.out
    if state.covers:
        buf[COVERS:COVERS + 2 * len(state.covers)] = [x for pair in state.covers for x in pair]
    buf[STOCK:STOCK + len(state.stock)] = state.stock
    if OWN_MEMORY if own_memory is None else own_memory:
        global _last
        last = _last
        if last[0] is rng:
            mt = last[1]
        else:
            mt = _memory_of(rng)
            _last = (rng, mt)
        copied = None
    else:
        copied = rng.getstate()
        words = copied[1]
        mt = np.empty(1 + MT_N, np.uint32)
        mt[0] = words[MT_N]
        mt[1:] = words[:MT_N]
    lex, lexlen = _LEX_ARRAYS
    beat = _BEAT_ARRAYS[trump]
    if trace is None:
        moves = play(mt, buf, beat, lex, lexlen, _NO_TRACE, -1 if max_moves is None else max_moves)
    else:  # in chunks of at most TRACE_CHUNK moves, each read out of the trace array
        got_trace = np.zeros(3 * TRACE_CHUNK, np.int64)
        moves = 0
        while True:
            chunk = TRACE_CHUNK if max_moves is None else min(TRACE_CHUNK, max_moves - moves)
            got = play(mt, buf, beat, lex, lexlen, got_trace, chunk)
            kinds = _TRACE_KINDS
            tr = got_trace[:3 * got].tolist()
            for j in range(0, 3 * got, 3):
                trace.append((kinds[tr[j]], tr[j + 1], tr[j + 2]))
            moves += got
            if got < chunk or moves == max_moves:
                break
    if copied is not None:
        rng.setstate((copied[0], (*mt[1:].tolist(), int(mt[0])), copied[2]))
    v = buf[:COVERS].tolist()
    s = EngineState.__new__(EngineState)
    s.rules, s.er, s.n = state.rules, er, n
    s.hands = v[HANDS:HANDS + n]
    s.stock = state.stock[v[S_SP]:]
    s.trump, s.discard = trump, v[S_DISCARD]
    s.out = tuple(v[OUT:OUT + v[S_NOUT]])
    s.attacker, s.defender = v[S_ATTACKER], v[S_DEFENDER]
    s.tatt, s.tcov, s.unc = v[S_TATT], v[S_TCOV], v[S_UNC]
    if v[S_NCOVERS]:
        pairs = buf[COVERS:COVERS + 2 * v[S_NCOVERS]].tolist()
        s.covers = tuple(zip(pairs[::2], pairs[1::2]))
    else:
        s.covers = ()
    s.to_move, s.taking, s.first_bout = v[S_TO_MOVE], bool(v[S_TAKING]), bool(v[S_FIRST_BOUT])
    s.dstart, s.shown, s.last_defender = v[S_DSTART], v[S_SHOWN], v[S_LAST_DEFENDER]
    s.seed, s.places = None, ()
    known = v[KNOWN:KNOWN + n]
    s.known = tuple(known) if any(known) else ()
    s.turned = state.turned  # (knowledge only: a deal's, kept by play)
    return s, moves


def main(argv: list[str] | None = None) -> int:
    """``python -m foolsolve.engines.durak_playout_compiled``: compile the playout into numba's
    cache (or find it there) and say which. ``--background`` (the engine's background compile,
    :func:`foolsolve.engines.durak_playout.native`): at a low priority, silent, and only when no
    other process holds the compile's lock (``durak-playout-compile.lock`` in the user's cache
    folder, or numba's where that is read-only)."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--background"]:
        return _background()
    if args:
        print("usage: python -m foolsolve.engines.durak_playout_compiled [--background]", file=sys.stderr)
        return 2
    if not cacheable():
        print("numba finds no writable cache folder here: the compiled Durak playout cannot be kept "
              "(set NUMBA_CACHE_DIR)", file=sys.stderr)
        return 2
    hit = load()
    if not hit:
        load(compile=True)  # announced (COMPILE_LABEL)
    print("the compiled Durak playout is in numba's cache" + (" (it was already)" if hit else ""), file=sys.stderr)
    return 0


def _background() -> int:
    from foolsolve import background

    if not cacheable():  # a compile would be thrown away
        return 0
    return background.run_locked("durak-playout-compile.lock", lambda: load() or load(compile=True, announce=False),
                                 __file__)


if __name__ == "__main__":
    # the package's own module, not this copy run as __main__ (as solver/durak/compiled.py): numba's
    # cache keeps the compiled code with references into the module it was compiled in (the Durak
    # search's kernel, compiled in __main__ and loaded by foolsolve, raised Aborted at its first node)
    from foolsolve.engines import durak_playout_compiled as _module
    from foolsolve.progress import compile_command

    sys.exit(compile_command(_module.main))  # Ctrl-C: one line, exit 130
