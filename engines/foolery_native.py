"""The Foolery engine's native random playout, compiled with numba.

:func:`playout` plays exactly the game of the generic loop
``s = apply(s, rng.choice(legal_moves(s)))`` of :mod:`foolsolve.engines.foolery` (the same
moves, the same final position, the same random numbers drawn from ``rng``): the moves of a
decision are listed in the engine's order into a buffer, the index is drawn as
``random.Random.choice`` draws it (:mod:`foolsolve.draws`: ``getrandbits(k)`` until below the
count) from a copy of ``rng``'s Mersenne Twister state, run inside the compiled loop, and the
state is written back into ``rng`` at the end.

A hand is two words: its suit cards (bits ``slot * 16 + rank``, as the card indices) and its
trumps (bit 0 the Fool, bit ``n`` trump ``n``). The compiled code is cached on disk
(numba's ``cache=True``); the first call of a fresh install compiles it (15-30 s on a slow
machine), so nobody waits for it: while numba's cache does not hold it the engine plays the same
games with its Python loop and a background process compiles (``python -m
foolsolve.engines.foolery_native --background``; :func:`foolsolve.engines.foolery.native`).
Where no background process compiles it, the first playout does, announced in one line on stderr
(:func:`compile_announced`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from numba import njit

from foolsolve.engines import foolery as E

SET, HAND, TRUMPS, FOOL = 0, 1, 2, 3
NONE = -1
BUF = 1 << 16
"""Room for the moves of one decision (a hand of 26 cards has far fewer)."""

_SUBS = np.zeros((16, 5, 6), dtype=np.int64)
_NSUB = np.zeros((16, 5), dtype=np.int64)
for _p in range(16):
    for _k in range(5):
        _subs = E.SUBSETS[_p][_k]
        _NSUB[_p, _k] = len(_subs)
        for _j, _sub in enumerate(_subs):
            _SUBS[_p, _k, _j] = _sub


@njit(cache=True)
def _spread(r: int, sub: int) -> int:
    m = 0
    for s in range(4):
        if sub >> s & 1:
            m |= 1 << (s * 16 + r)
    return m


@njit(cache=True)
def _pattern(h: int, r: int) -> int:
    return ((h >> r) & 1) | ((h >> (r + 15)) & 2) | ((h >> (r + 30)) & 4) | ((h >> (r + 45)) & 8)


@njit(cache=True)
def _popcount(x: int) -> int:
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True)
def _mt_next(mt: Any, pos: Any) -> int:
    """MT19937 ``genrand_uint32`` (CPython's), on ``mt`` (624 words) and ``pos[0]``."""
    if pos[0] >= 624:
        for kk in range(624):
            y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7FFFFFFF)
            v = mt[(kk + 397) % 624] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[kk] = v
        pos[0] = 0
    y = mt[pos[0]]
    pos[0] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & 0xFFFFFFFF


@njit(cache=True)
def _randbelow(n: int, mt: Any, pos: Any) -> int:
    k = 0
    x = n
    while x:
        k += 1
        x >>= 1
    r = _mt_next(mt, pos) >> (32 - k)
    while r >= n:
        r = _mt_next(mt, pos) >> (32 - k)
    return r


@njit(cache=True)
def _straight_top(r0: int, r1: int, r2: int, r3: int, r4: int, wrap: bool) -> int:
    """Top of five ascending distinct ranks forming a straight (15: ace high), else 0."""
    if r4 - r0 == 4:
        return r4
    if wrap and r0 == 1 and r1 == 11 and r2 == 12 and r3 == 13 and r4 == 14:
        return 15
    return 0


@njit(cache=True)
def _hands5(hs: int, ht: int, wrap: bool, min_key: int, out_s: Any, out_t: Any, n: int, scr: Any) -> int:
    """Append the five-card hands of (hs, ht) with key >= ``min_key``, in the engine's order."""
    pats = scr[0:16]
    for r in range(1, 15):
        pats[r] = _pattern(hs, r)
    win = scr[16:21]
    nwin = 11 if wrap else 10
    for w in range(nwin):
        if w < 10:
            for i in range(5):
                win[i] = w + 1 + i
            top = w + 5
        else:
            win[0], win[1], win[2], win[3], win[4] = 11, 12, 13, 14, 1
            top = 15
        ok = True
        for i in range(5):
            if pats[win[i]] == 0:
                ok = False
        if not ok:
            continue
        for s0 in range(4):
            if not pats[win[0]] >> s0 & 1:
                continue
            for s1 in range(4):
                if not pats[win[1]] >> s1 & 1:
                    continue
                for s2 in range(4):
                    if not pats[win[2]] >> s2 & 1:
                        continue
                    for s3 in range(4):
                        if not pats[win[3]] >> s3 & 1:
                            continue
                        for s4 in range(4):
                            if not pats[win[4]] >> s4 & 1:
                                continue
                            flush = s0 == s1 and s1 == s2 and s2 == s3 and s3 == s4
                            key = (4 if flush else 1) * 16 + top
                            if key >= min_key:
                                out_s[n] = (1 << (s0 * 16 + win[0])) | (1 << (s1 * 16 + win[1])) | \
                                    (1 << (s2 * 16 + win[2])) | (1 << (s3 * 16 + win[3])) | (1 << (s4 * 16 + win[4]))
                                out_t[n] = 0
                                n += 1
    ranks = scr[21:35]
    for s in range(4):
        suit = (hs >> (s * 16)) & 0x7FFE
        c = 0
        for r in range(1, 15):
            if suit >> r & 1:
                ranks[c] = r
                c += 1
        if c < 5:
            continue
        for a in range(c):
            for b in range(a + 1, c):
                for d in range(b + 1, c):
                    for e in range(d + 1, c):
                        for f in range(e + 1, c):
                            if _straight_top(ranks[a], ranks[b], ranks[d], ranks[e], ranks[f], wrap):
                                continue
                            key = 2 * 16 + ranks[f]
                            if key >= min_key:
                                base = s * 16
                                out_s[n] = (1 << (base + ranks[a])) | (1 << (base + ranks[b])) | \
                                    (1 << (base + ranks[d])) | (1 << (base + ranks[e])) | (1 << (base + ranks[f]))
                                out_t[n] = 0
                                n += 1
    for r3 in range(1, 15):
        p3 = pats[r3]
        if _popcount(p3) < 3:
            continue
        key = 3 * 16 + r3
        if key < min_key:
            continue
        for r2 in range(1, 15):
            p2 = pats[r2]
            if r2 == r3 or _popcount(p2) < 2:
                continue
            for i in range(_NSUB[p3, 3]):
                a3 = _spread(r3, _SUBS[p3, 3, i])
                for j in range(_NSUB[p2, 2]):
                    out_s[n] = a3 | _spread(r2, _SUBS[p2, 2, j])
                    out_t[n] = 0
                    n += 1
    for r in range(1, 15):
        if pats[r] == 15 and ht >> r & 1 and 5 * 16 + r >= min_key:
            out_s[n] = _spread(r, 15)
            out_t[n] = 1 << r
            n += 1
    return n


@njit(cache=True)
def _trump_sets(ht: int, k: int, above: int, out_s: Any, out_t: Any, n: int, scr: Any) -> int:
    """Append the sets of ``k`` trumps of ``ht`` whose top is above ``above`` (engine order:
    by top trump, then the others in lexicographic order)."""
    ts = scr[40:62]
    c = 0
    for t in range(1, 22):
        if ht >> t & 1:
            ts[c] = t
            c += 1
    for i in range(c):
        t = ts[i]
        if t <= above or i < k - 1:
            continue
        top = 1 << t
        if k == 1:
            out_s[n] = 0
            out_t[n] = top
            n += 1
        elif k == 2:
            for a in range(i):
                out_s[n] = 0
                out_t[n] = top | (1 << ts[a])
                n += 1
        else:
            for a in range(i):
                for b in range(a + 1, i):
                    out_s[n] = 0
                    out_t[n] = top | (1 << ts[a]) | (1 << ts[b])
                    n += 1
    return n


@njit(cache=True)
def _moves(hs: int, ht: int, tk: int, tc: int, tkey: int, same: bool, wrap: bool,
           out_s: Any, out_t: Any, scr: Any) -> int:
    """The legal moves of a player in play, in the engine's order; returns their number (pass: both
    words 0)."""
    n = 0
    if tk == NONE:
        for r in range(1, 15):
            pt = _pattern(hs, r)
            if pt:
                for k in range(1, _popcount(pt) + 1):
                    for j in range(_NSUB[pt, k]):
                        out_s[n] = _spread(r, _SUBS[pt, k, j])
                        out_t[n] = 0
                        n += 1
        if _popcount(hs) + _popcount(ht) >= 5:
            n = _hands5(hs, ht, wrap, 0, out_s, out_t, n, scr)
        if hs == 0:
            for k in range(1, 4):
                n = _trump_sets(ht, k, 0, out_s, out_t, n, scr)
        return n
    if tk == SET:
        for r in range(tkey, 15):
            pt = _pattern(hs, r)
            if _popcount(pt) >= tc:
                for j in range(_NSUB[pt, tc]):
                    out_s[n] = _spread(r, _SUBS[pt, tc, j])
                    out_t[n] = 0
                    n += 1
    elif tk == HAND:
        n = _hands5(hs, ht, wrap, tkey, out_s, out_t, n, scr)
    if ht & ~1:
        if tk == TRUMPS:
            above = tkey
            need = tc if same else (2 if tc == 3 else 1)
        else:
            above = (tkey & 15) if (tk == HAND and tkey >> 4 == 5) else 0
            need = 1 if tc <= 2 else (2 if tc <= 4 else 3)
        n = _trump_sets(ht, need, above, out_s, out_t, n, scr)
    if ht & 1:
        out_s[n] = 0
        out_t[n] = 1
        n += 1
    out_s[n] = 0
    out_t[n] = 0
    n += 1
    return n


@njit(cache=True)
def _combo(ms: int, mt: int, wrap: bool, scr: Any) -> tuple[int, int, int]:
    """(kind, count, key) of a legal play (it is known to be a play)."""
    if mt == 1:
        return FOOL, 1, 0
    cnt = _popcount(ms) + _popcount(mt)
    if ms == 0:
        top = 0
        for t in range(1, 22):
            if mt >> t & 1:
                top = t
        return TRUMPS, cnt, top
    if cnt < 5:
        for i in range(63):
            if ms >> i & 1:
                return SET, cnt, i & 15
    if mt:
        for t in range(1, 15):
            if mt >> t & 1:
                return HAND, 5, 5 * 16 + t
    rs = scr[64:69]
    suits = scr[69:74]
    c = 0
    for i in range(63):
        if ms >> i & 1:
            rs[c] = i & 15
            suits[c] = i >> 4
            c += 1
    for a in range(1, 5):  # insertion sort of the ranks
        x = rs[a]
        b = a - 1
        while b >= 0 and rs[b] > x:
            rs[b + 1] = rs[b]
            b -= 1
        rs[b + 1] = x
    flush = suits[0] == suits[1] and suits[1] == suits[2] and suits[2] == suits[3] and suits[3] == suits[4]
    distinct = rs[0] != rs[1] and rs[1] != rs[2] and rs[2] != rs[3] and rs[3] != rs[4]
    top = _straight_top(rs[0], rs[1], rs[2], rs[3], rs[4], wrap) if distinct else 0
    if top and flush:
        return HAND, 5, 4 * 16 + top
    if not distinct:
        # a full house: the rank appearing three times is the middle one of the sorted five
        return HAND, 5, 3 * 16 + rs[2]
    if flush:
        return HAND, 5, 2 * 16 + rs[4]
    return HAND, 5, 1 * 16 + top


@njit(cache=True)
def _next_in_trick(after: int, owner: int, n: int, places: Any, skipped: int, blocked: int) -> int:
    q = after
    for _ in range(n):
        q += 1
        if q == n:
            q = 0
        if q == owner:
            return -1
        if places[q] or q == skipped or blocked >> q & 1:
            continue
        return q
    return -1


@njit(cache=True)
def _active(places: Any, n: int) -> int:
    c = 0
    for i in range(n):
        if places[i] == 0:
            c += 1
    return c


@njit(cache=True)
def _first_free(places: Any, n: int) -> int:
    for pl in range(1, n + 1):
        taken = False
        for i in range(n):
            if places[i] == pl:
                taken = True
        if not taken:
            return pl
    return 0


@njit(cache=True)
def _last_free(places: Any, n: int) -> int:
    for pl in range(n, 0, -1):
        taken = False
        for i in range(n):
            if places[i] == pl:
                taken = True
        if not taken:
            return pl
    return 0


@njit(cache=True)
def _leader(tab: Any, tlen: int, places: Any, n: int, lead_last: bool) -> int:
    """Who leads after the trick on ``tab`` (its last play wins it): the winner, or when she has gone
    out the next player holding cards (with ``lead_last``: after the last player of the trick still
    holding cards)."""
    owner = tab[tlen - 1, 0]
    if places[owner] != 0 and lead_last:
        for i in range(tlen - 1, -1, -1):
            if places[tab[i, 0]] == 0:
                owner = tab[i, 0]
                break
    leader = owner
    while places[leader]:
        leader = (leader + 1) % n
    return leader


@njit(cache=True)
def _run(hs: Any, ht: Any, places: Any, tab: Any, ints: Any, flags: Any, seats: Any, mt: Any, pos: Any,
         max_moves: int, out_s: Any, out_t: Any, scr: Any) -> int:
    """The playout of a round in play (the exchange is over). ``ints``: [table length, top kind, top
    count, top key, passed, skipped, to_move, phase] (updated); ``flags``: [same, final, wrap,
    two_skip, lead_last]; ``seats``: [n]; ``tab``: rows (player, suit word, trump word)."""
    same, final, wrap, two_skip = flags[0] != 0, flags[1] != 0, flags[2] != 0, flags[3] != 0
    lead_last = flags[4] != 0
    n = seats[0]
    tlen, tk, tc, tkey, passed, skipped, to_move, phase = (ints[0], ints[1], ints[2], ints[3], ints[4], ints[5],
                                                           ints[6], ints[7])
    moves = 0
    while moves != max_moves:
        if _active(places, n) == 0:
            break
        p = to_move
        cnt = _moves(hs[p], ht[p], tk, tc, tkey, same, wrap, out_s, out_t, scr)
        i = _randbelow(cnt, mt, pos)
        ms, mtr = out_s[i], out_t[i]
        moves += 1
        settle = False
        if ms == 0 and mtr == 0:
            passed |= 1 << p
            nxt = _next_in_trick(p, tab[tlen - 1, 0], n, places, skipped, passed if final else 0)
            if nxt >= 0:
                to_move = nxt
                continue
            settle = True  # the trick is over
            leader = _leader(tab, tlen, places, n, lead_last)
            tlen, tk, passed, skipped, to_move = 0, NONE, 0, -1, leader
        else:
            prev_k, prev_c, prev_key = tk, tc, tkey
            kind, count, key = _combo(ms, mtr, wrap, scr)
            before = _active(places, n)
            hs[p] &= ~ms
            ht[p] &= ~mtr
            if hs[p] == 0 and ht[p] == 0:
                places[p] = _first_free(places, n)
            tab[tlen, 0] = p
            tab[tlen, 1] = ms
            tab[tlen, 2] = mtr
            tlen += 1
            tk, tc, tkey = kind, count, key
            if not final:
                passed = 0
            skipped = -1
            to_move = p
            if _active(places, n) == 1:
                for q in range(n):
                    if places[q] == 0:
                        places[q] = _first_free(places, n)
                tlen, tk, passed, skipped = 0, NONE, 0, -1
                break
            ended = False
            if kind == FOOL:
                ended = True
            else:
                actor = p
                if prev_k == SET and kind == SET and count <= 2 and key == prev_key and prev_c == count:
                    nxt = _next_in_trick(p, p, n, places, -1, passed if final else 0)
                    if nxt >= 0 and not (before == 2 and not two_skip):
                        skipped = nxt
                        actor = nxt
                nxt = _next_in_trick(actor, p, n, places, skipped, passed if final else 0)
                if nxt < 0:
                    ended = True
                else:
                    to_move = nxt
            if not ended:
                continue
            leader = _leader(tab, tlen, places, n, lead_last)
            tlen, tk, passed, skipped, to_move = 0, NONE, 0, -1, leader
            settle = True
        if settle:
            # the leader holding only the Fool leaves play as the Peasant
            while _active(places, n) > 0 and hs[to_move] == 0 and ht[to_move] == 1:
                places[to_move] = _last_free(places, n)
                if _active(places, n) == 1:
                    for q in range(n):
                        if places[q] == 0:
                            places[q] = _first_free(places, n)
                    break
                if _active(places, n) == 0:
                    break
                q = to_move
                for step in range(1, n):
                    cand = (q + step) % n
                    if places[cand] == 0:
                        to_move = cand
                        break
            if _active(places, n) == 0:
                break
    ints[0], ints[1], ints[2], ints[3], ints[4], ints[5], ints[6], ints[7] = (tlen, tk, tc, tkey, passed, skipped,
                                                                             to_move, phase)
    return moves


LOW = (1 << 64) - 1
_OUT_S = np.zeros(BUF, dtype=np.int64)
_OUT_T = np.zeros(BUF, dtype=np.int64)
_SCRATCH = np.zeros(80, dtype=np.int64)
"""The move buffers and scratch space of :func:`_run` (allocated once)."""


def playout(state: E.EngineState, rng: random.Random, max_moves: int | None = None) -> tuple[E.EngineState, int]:
    """The generic playout of :class:`~foolsolve.engines.foolery.FooleryEngine`, compiled (see
    the module docstring), from a round in play (the exchange done); ``rng`` ends in the state the
    generic loop leaves it in."""
    assert state.phase == 2, "the compiled playout starts after the exchange"
    ctx = state.ctx
    n = ctx.n
    top = state.top
    table = state.table
    small = np.array([len(table), NONE if top is None else top[0], 0 if top is None else top[1],
                      0 if top is None else top[2], state.passed, state.skipped, state.to_move, state.phase,
                      ctx.same, ctx.final, ctx.wrap, ctx.two_skip, ctx.lead_last, n,
                      *[h & LOW for h in state.hands], *[h >> 64 for h in state.hands], *state.places],
                     dtype=np.int64)
    tab = np.zeros((160, 3), dtype=np.int64)
    for i, (q, m) in enumerate(table):
        tab[i] = (q, m & LOW, m >> 64)
    version, words, gauss = rng.getstate()
    mt = np.fromiter(words, dtype=np.int64, count=625)
    h0 = 14
    moves = int(_run(small[h0:h0 + n], small[h0 + n:h0 + 2 * n], small[h0 + 2 * n:h0 + 3 * n], tab, small[0:8],
                     small[8:13], small[13:14], mt, mt[624:], -1 if max_moves is None else max_moves, _OUT_S, _OUT_T,
                     _SCRATCH))
    rng.setstate((version, tuple(mt.tolist()), gauss))
    v = small.tolist()
    tlen, tk, tc, tkey, passed, skipped, to_move, phase = v[0:8]
    rows = tab[:tlen].tolist()
    hs, ht, places = v[h0:h0 + n], v[h0 + n:h0 + 2 * n], v[h0 + 2 * n:h0 + 3 * n]
    out = E.EngineState(ctx, tuple(a | b << 64 for a, b in zip(hs, ht)), tuple((q, a | b << 64) for q, a, b in rows),
                   None if tk == NONE else (tk, tc, tkey), passed, skipped, tuple(places), to_move, phase)
    return out, moves


def warm() -> None:
    """Compile the playout (or load it from numba's cache): one playout of a round the registry's
    random start gives (this module holds no rule of its own to deal one)."""
    from foolsolve.games.foolery import random_game

    es = E.ENGINE.from_spec(random_game(random.Random(0)))
    rng = random.Random(0)
    while es.phase != 2:
        es = E.apply(es, rng.choice(E.legal_moves(es)))
    playout(es, rng)


COMPILE_LABEL = "compiling the Foolery playout once (up to about half a minute; Ctrl-C stops it)"
"""The line that announces the compile (:func:`compile_announced`), before the seconds it has run."""
COMPILED = "the Foolery playout"
"""What the compile makes, as an analysis whose time it took names it
(:data:`foolsolve.progress.FOREGROUND_COMPILES`)."""
COMPILE_STOPPED = "interrupted while compiling the Foolery playout; the next run compiles it again"
"""What Ctrl-C during the compile says (a :class:`~foolsolve.errors.Stopped`)."""


def compile_announced(announce: bool | None = None) -> None:
    """:func:`warm` where numba's cache lacks the playout: its compile announced in one line on stderr
    as the Durak search's is (:class:`foolsolve.progress.CompileLine`; ``announce``: by default
    rewritten in place on a terminal and written once elsewhere, a notebook or a pipe; ``True``
    rewritten in place; ``False`` nothing), a Ctrl-C during it a :class:`~foolsolve.errors.Stopped`
    saying so (:data:`COMPILE_STOPPED`)."""
    from foolsolve.progress import CompileLine

    with CompileLine.timed(COMPILE_LABEL, COMPILE_STOPPED, announce, once=announce is None,
                           what=COMPILED):
        warm()


def main(argv: list[str] | None = None) -> int:
    """``python -m foolsolve.engines.foolery_native``: compile the playout into numba's cache (or
    find it there). ``--background`` (:func:`foolsolve.engines.foolery.native`): at a low priority,
    silent, and only when no other process holds the compile's lock (``foolery-playout-compile.lock``
    in the user's cache folder, or numba's where that is read-only), and only where numba can keep
    what it compiles (:func:`foolsolve.background.run_locked`)."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if args == ["--background"]:
        from foolsolve import background

        return background.run_locked("foolery-playout-compile.lock", warm, str(E._NATIVE_SOURCE))
    if args:
        print("usage: python -m foolsolve.engines.foolery_native [--background]", file=sys.stderr)
        return 2
    from foolsolve import background

    cached = background.in_numba_cache(str(E._NATIVE_SOURCE), "_run")
    if cached:
        warm()
    else:
        compile_announced()
    print("the compiled Foolery playout is in numba's cache" + (" (it was already)" if cached else ""),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    # the package's own module, not this copy run as __main__: numba's cache keeps the compiled code
    # with references into the module it was compiled in (as engines/durak_playout_compiled.py)
    import sys

    from foolsolve.engines import foolery_native as _module
    from foolsolve.progress import compile_command

    sys.exit(compile_command(_module.main))  # Ctrl-C: one line, exit 130
