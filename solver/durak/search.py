"""The Python search of the exact two-player Durak endgame solver (the stock empty, or holding
only the face-up trump card): :class:`Solver`, the driver of its null-window questions
(:func:`ask`), the plan that values a lead position's moves (:class:`RootPlan`), the principal
variation, the choice between this search and the compiled one (:func:`search_for`) and
:func:`solve`. docs/durak-solver.md describes the search and proves each reduction sound.
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from foolsolve.cards import low_bits as _bits
from foolsolve.engines.durak import (
    ATTACK,
    BEATERS,
    NO_TRUMP,
    PEREVODNOY,
    RANK_LANES,
    SUIT_MASKS,
    EngineRules,
    EngineState,
    cap,
    from_spec_state,
    game_result,
    legal,
    move_text,
    play,
    rank_set,
)
from foolsolve.engines.durak_kernel import (
    GOES_ON,
    LEADER_DEFENDER,
    bout_cap,
    bout_limit,
    cover_cards,
    lead_heads,
    next_leader,
    refill,
    show_cards,
    show_fits,
    throw_cards,
    throw_ins_open,
    transfer_cards,
    transfer_room,
    transfer_set,
    two_player_end,
)
from foolsolve.errors import InputError, OptionError, option_name
from foolsolve.game import Result
from foolsolve.rules import json_shown
from foolsolve.solver.base import (
    SHARED_OPTIONS,
    MoveBound,
    MoveValue,
    NotCovered,
    SearchLimit,
    SolveOptions,
    SolveResult,
    TableBudget,
    bool_option,
    check_extra,
    wdl,
    with_partial,
)
from foolsolve.solver.durak.shared import (
    CARD_BITS,
    DRAW,
    LOSS,
    LOW_RANK,
    NOMOVE,
    WIN,
    Reductions,
    compiled_covers,
    leads_split,
    owner_key,
)
from foolsolve.solver.durak.shared import entry as _entry
from foolsolve.solver.durak.shared import solo as _solo
from foolsolve.spec import durak as dspec

REPORT_EVERY = 1024
"""Nodes between two calls of :attr:`SolveOptions.progress`, through which a time limit stops the
search: a node costs some 20 µs, so 20,000 (the old count) were 0.4 s past ``--time``; 1,024 are
some 20 ms."""
TABLE_ENTRY_BYTES = 550
"""Bytes a transposition-table entry of the Python search takes (a dict slot, its key and value
tuples, with the search's memos), measured with ``tracemalloc`` (7v7 and 8v8 solves: 546-711 bytes
an entry) for ``--max-memory`` (:class:`TableBudget`)."""
PV_LIMIT = 400
"""Longest principal variation printed (only endless perevodnoy lines can reach it)."""
FORMS_MAX = 1 << 20
"""Canonical forms remembered by a search (the memo is emptied when it holds this many)."""


# --- canonical forms of lead positions (the Python search; the compiled search has its own) ---


def canonical_form(trump: int, quick: bool, rank_order: bool) -> Callable[[int, int], tuple[int, int]]:
    """The canonical form of lead positions ``(attacker's hand, defender's hand)`` under this trump
    (docs/durak-solver.md, ``canonical`` and ``rank_order``): dead ranks squeezed out, the
    permutable suits sorted, and with ``rank_order`` the live ranks reordered. ``quick``: the
    quick_exit reduction is on (a one-card attacker keeps his position). The function keeps its
    own memos (squeeze steps per live set, forms per squeezed position)."""
    tmask = SUIT_MASKS[trump] if trump != NO_TRUMP else 0
    lanes = RANK_LANES
    comp: dict[int, tuple[tuple[int, int, int], ...]] = {}  # live rank set -> squeeze steps
    comp_live: dict[int, tuple[tuple[int, int, int], ...]] = {}  # live card set -> the same
    forms: dict[int, tuple[int, int]] = {}  # squeezed position -> its canonical form
    nts = [16 * i for i in range(4) if i != trump]  # shifts of the suits that may be permuted
    # canon works on one integer ``d | a << 64`` (both hands at once): a suit's sort key
    # ``(x >> 16 * s) & pair`` is (the attacker's cards of the suit) << 64 | (the defender's)
    lanes2 = lanes | lanes << 64
    keep = tmask | tmask << 64
    pair = 0xFFFF | 0xFFFF << 64
    low64 = (1 << 64) - 1
    if len(nts) == 3:
        sh0, sh1, sh2 = nts
    else:
        sh0 = sh1 = sh2 = 0

    def squeeze(r: int) -> tuple[tuple[int, int, int], ...]:
        """Steps that drop the dead ranks of the live rank set ``r`` (the live ranks become
        LOW_RANK, LOW_RANK + 1, ...): ``x = (x & low) | ((x >> n) & high)`` for each run of
        dead ranks, highest run first (masks for both hands of ``d | a << 64``)."""
        steps = []
        top = r.bit_length()  # ranks >= top are dead and stay empty
        j = top - 1
        while j >= LOW_RANK:
            if r >> j & 1:
                j -= 1
                continue
            hi = j
            while j >= LOW_RANK and not r >> j & 1:
                j -= 1
            lo = j + 1
            n = hi - lo + 1
            steps.append((lanes2 * ((1 << lo) - 1), lanes2 * ((1 << (16 - n)) - (1 << lo)), n))
        out = tuple(steps)
        comp[r] = out
        return out

    def canon(a: int, d: int) -> tuple[int, int]:
        """The canonical form of the lead position (attacker ``a``, defender ``d``): dead
        ranks squeezed out, the non-trump suits sorted. When ``a`` is a single card and
        quick_exit is on, the position itself: lead() then answers from the two hands at
        once, by "beats" alone, which the map keeps, and stores no table entry; so the probes
        of the enhanced transposition cutoffs miss there either way."""
        if quick and not a & (a - 1):
            return a, d
        t = a | d
        steps = comp_live.get(t)
        if steps is None:
            r = (t | t >> 16 | t >> 32 | t >> 48) & 0xFFFF
            steps = comp.get(r)
            if steps is None:
                steps = squeeze(r)
            comp_live[t] = steps
        x = d | a << 64
        for low, high, n in steps:
            x = (x & low) | ((x >> n) & high)
        if not rank_order:
            x = sort_suits(x)
            return x >> 64, x & low64
        got = forms.get(x)
        if got is None:
            if len(forms) >= FORMS_MAX:
                forms.clear()
            k = ((t | t >> 16 | t >> 32 | t >> 48) & 0xFFFF).bit_count()  # live ranks
            lanes_ = [(x >> sh) & pair for sh in nts]
            keys = [owner_key(v >> 64, v & 0xFFFF) for v in lanes_]
            if len(set(keys)) == len(keys):  # no two suits tie: one order
                orders: list[Any] = [sorted(range(len(keys)), key=keys.__getitem__, reverse=True)]
            else:
                orders = [p for p in perms if all(keys[i] >= keys[j] for i, j in itertools.pairwise(p))]
            best = -1
            for order in orders:
                z = x & keep  # the trump suit stays in place (no trump: keep is 0)
                for i, sh in zip(order, nts):
                    z |= lanes_[i] << sh
                z = columns(z, k)
                if z > best:
                    best = z
            got = forms[x] = (best >> 64, best & low64)
        return got

    perms = list(itertools.permutations(range(len(nts))))  # orders of the permutable suits

    def sort_suits(x: int) -> int:
        """Step (ii) of canonical: the permutable suits in decreasing order of their keys."""
        if sh0 != sh1:
            k0 = (x >> sh0) & pair
            k1 = (x >> sh1) & pair
            k2 = (x >> sh2) & pair
            if k0 < k1:
                k0, k1 = k1, k0
            elif k1 >= k2:  # already in order
                return x
            if k1 < k2:
                k1, k2 = k2, k1
                if k0 < k1:
                    k0, k1 = k1, k0
            return (x & keep) | k0 << sh0 | k1 << sh1 | k2 << sh2
        # no trump: all four suits may be permuted
        ks = sorted(((x >> sh) & pair for sh in (0, 16, 32, 48)), reverse=True)
        return ks[0] | ks[1] << 16 | ks[2] << 32 | ks[3] << 48

    def columns(x: int, k: int) -> int:
        """Step (iii) of canonical: the ``k`` live ranks (columns ``LOW_RANK ...``) in the
        greedy order of the docstring: each next column is the largest (as the integer
        ``(x >> rank) & lanes2``) of those no remaining earlier column shares a suit with,
        that is, of the remaining columns that are the lowest remaining one of every suit
        they hold (per suit, the suit's other remaining columns are struck out of ``e``)."""
        t = (x | x >> 64) & 0xFFFF_FFFF_FFFF_FFFF
        per_suit = [(t >> sh) & 0xFFFF for sh in (0, 16, 32, 48)]
        rem = ((1 << k) - 1) << LOW_RANK
        out = 0
        pos = LOW_RANK
        while rem:
            e = rem
            for c in per_suit:
                m = c & rem
                e &= ~m | (m & -m)
            bj = (e & -e).bit_length() - 1
            bv = (x >> bj) & lanes2
            e &= e - 1
            while e:
                j = (e & -e).bit_length() - 1
                e &= e - 1
                v = (x >> j) & lanes2
                if v > bv:
                    bj, bv = j, v
            rem ^= 1 << bj
            out |= bv << pos
            pos += 1
        return out

    return canon



# --- tests on hands and tables, kept per search (memos of their own) --------------------------


class HandTests(NamedTuple):
    """:func:`hand_tests`' functions and the memos the search reads directly."""

    cover_all: Callable[[int, int], bool]
    pairs_of: Callable[[int], tuple[tuple[int, int], ...]]
    twin_pairs: dict[int, tuple[tuple[int, int], ...]]
    forced_plan: Callable[[int, int, bool, bool, int], bool]
    twin_free: Callable[[int, int, tuple[tuple[int, int], ...]], int]
    cover_list: Callable[[int, int], tuple[int, ...]]
    cover_lists: dict[tuple[int, int], tuple[int, ...]]


def hand_tests(trump: int) -> HandTests:
    """The search's tests on cards under this trump: can a hand cover a set of cards, the twins of
    a live set, the sure_win / forced_takes plan, twin-free candidates and the order of covers
    (docs/durak-solver.md, "Reductions")."""
    beat = BEATERS[trump]
    tmask = SUIT_MASKS[trump] if trump != NO_TRUMP else 0
    ntmask = ~tmask
    lanes = RANK_LANES
    suits = SUIT_MASKS

    def cover_all(unc: int, d: int) -> bool:
        """Can ``d`` cover every card of ``unc`` (one card each)?"""
        if not unc:
            return True
        u = unc & -unc
        c = beat[u.bit_length() - 1] & d
        while c:
            low = c & -c
            c ^= low
            if cover_all(unc ^ u, d ^ low):
                return True
        return False

    twin_pairs: dict[int, tuple[tuple[int, int], ...]] = {}

    def pairs_of(live: int) -> tuple[tuple[int, int], ...]:
        """The twins of the live set ``live`` as pairs (higher card, next lower live card of
        its suit), both the only live card of their rank (see "twins" in the docstring)."""
        s = _solo(live)
        out = []
        m = s
        while m:
            low = m & -m
            m ^= low
            lower = live & suits[(low.bit_length() - 1) >> 4] & (low - 1)
            if lower and (s >> (lower.bit_length() - 1)) & 1:
                out.append((low, 1 << (lower.bit_length() - 1)))
        got = tuple(out)
        twin_pairs[live] = got
        return got

    def forced_plan(b: int, dd: int, sure: bool, forcing: bool, limit: int) -> bool:
        """sure_win (b) / forced_takes: the defender holds ``dd`` once the attacker has given
        away his other cards one by one; can the attacker, holding ``b``, force takes of whole
        rank groups (with ``forcing``) until one rank is left, and then lead that rank whole
        so that the defender cannot cover it with exactly his last cards?"""
        b0 = b & 0xFFFF
        b1 = (b >> 16) & 0xFFFF
        b2 = (b >> 32) & 0xFFFF
        b3 = b >> 48
        rb = b0 | b1 | b2 | b3  # the ranks of b
        multi = (b0 & b1) | (b2 & b3) | ((b0 | b1) & (b2 | b3))  # ... twice or more
        forced = False
        while forcing and multi and rb & (rb - 1):
            # a group (two or more cards) of one rank he cannot cover, led at once
            nd = dd.bit_count()
            room = bout_cap(nd, limit)
            m = multi
            while m:
                r1 = m & -m
                m ^= r1
                g = b & r1 * lanes
                if g.bit_count() <= room and not cover_all(g, dd):
                    break
            else:
                break
            dd |= g
            b ^= g
            rb ^= r1
            multi ^= r1
            forced = True
        if rb & (rb - 1) or not (sure or forced):
            return False
        # all the others are of one rank: lead them together
        nb = b.bit_count()
        nd = dd.bit_count()
        return nb <= limit and (nd > nb or (nd == nb and not cover_all(b, dd)))

    def twin_free(cands: int, hand: int, tw: tuple[tuple[int, int], ...]) -> int:
        """``cands`` without the higher card of each pair of twins ``tw`` (of the live set,
        from :func:`pairs_of`, computed once per live set) in ``hand``. (The callers skip it
        when the live set has no twins at all.)"""
        out = cands
        for hi, lo in tw:
            if cands & hand & hi and hand & lo:
                out ^= hi
        return out

    cover_lists: dict[tuple[int, int], tuple[int, ...]] = {}

    def cover_list(cands: int, safe: int) -> tuple[int, ...]:
        """The covers ``cands`` in search order (kept per ``(cands, safe)``): covers whose rank
        the attacker cannot throw on (``safe``) first; then by cheapness; trumps after plain
        cards."""
        out = []
        for part in (safe & ntmask, cands & ~safe & ntmask, safe & tmask, cands & ~safe & tmask):
            m = part
            while m:
                c = m & -m
                m ^= c
                out.append(c)
        got = tuple(out)
        cover_lists[(cands, safe)] = got
        return got

    return HandTests(cover_all, pairs_of, twin_pairs, forced_plan, twin_free, cover_list, cover_lists)


# The search is a set of closures, one per node kind and "level" (see :func:`_level`): local and
# closure variables are the fastest thing CPython reads, and these functions are the whole
# running time. Each builder below copies what its node reads from the two contexts into its
# own closure once, when the level is built; the nodes share only the counters
# (``_Search.nodes``, ``reps``) and call one another through their ``_Level``.
NodeFn = Callable[..., int]


class _Search:
    """What every node of one :class:`Solver` shares: the rules and reductions read as flags, the
    card tables, the canonical form, the hand tests and their memos, the node and repetition
    counters and the levels built so far."""

    def __init__(self, er: EngineRules, trump: int, red: Reductions,
                 progress: Callable[[int], None] | None, max_nodes: int | None,
                 max_memory: int | None = None) -> None:
        self.er = er
        self.red = red
        self.progress = progress
        self.max_nodes = max_nodes
        self.beat = BEATERS[trump]
        self.tmask = SUIT_MASKS[trump] if trump != NO_TRUMP else 0
        self.ntmask = ~self.tmask
        self.perev = perev = er.variant == PEREVODNOY
        # whether the attacker may throw in after the last cover, and after a take
        self.throws = throw_ins_open(er.throw_ins, False, er.throw_after_take)
        self.take_throws = throw_ins_open(er.throw_ins, True, er.throw_after_take)
        self.both_out = two_player_end(0, 0, er.lastdef_loses)  # for the attacker when both go out together
        self.lastdef = er.lastdef_loses
        self.can_show = perev and er.show_trump and trump != NO_TRUMP
        self.transfer_first = er.transfer_first
        self.blocked = er.transfer_blocked and trump != NO_TRUMP
        self.barred = er.barred(self.tmask)  # the trumps, when transfer_trump_laid counts the trump laid
        self.twins = red.twins
        self.take_first = red.take_first
        self.cover_order = red.cover_order
        self.throw_sets = red.take_throw_sets
        self.quick = red.quick_exit
        self.null_window = red.null_window
        self.multi_leads = not (red.single_leads and leads_split(er))
        self.lanes = RANK_LANES
        self.suits = SUIT_MASKS
        # canonical (docs/durak-solver.md): stock empty, no transfers (no repetition paths)
        self.canonical = red.canonical and not perev
        self.canon = canonical_form(trump, self.quick, red.rank_order)
        self.rank_cards: dict[int, int] = {}  # a hand -> every card of a rank it holds (kept per hand)
        (self.cover_all, self.pairs_of, self.twin_pairs, self.forced_plan, self.twin_free, self.cover_list,
         self.cover_lists) = hand_tests(trump)
        self.nodes = 0
        self.reps = 0  # repetitions met (perevodnoy): a value found under one is not stored
        # tick() runs at the next progress report or at the first node over the limit, whichever
        # comes first (so max_nodes is exact)
        self.over = sys.maxsize if max_nodes is None else max_nodes + 1
        self.next_report = min(REPORT_EVERY, self.over)
        self.levels: dict[tuple[int, bool], _Level] = {}
        self.last = DRAW  # the previous root's value (null_window asks "draw?" first after a loss)
        self.budget = TableBudget(SolveOptions(max_memory=max_memory), TABLE_ENTRY_BYTES)
        """``--max-memory``: checked at each progress report (every :data:`REPORT_EVERY` nodes)."""

    def tick(self) -> None:
        if self.nodes >= self.over:
            raise SearchLimit(f"more than {self.max_nodes} nodes")
        self.next_report = min(self.nodes + REPORT_EVERY, self.over)
        self.budget.check(t for lv in self.levels.values() for t in lv.tables)
        if self.progress is not None:
            self.progress(self.nodes)

    def first_limit(self, first: bool, sc: int, taking: bool = False) -> int:
        """The limit on a bout's attack cards at this level (before or after a take)."""
        er = self.er
        return bout_limit(first, taking, er.first_limit, er.first_take6, er.six_always, sc >= 0)


class _Level:
    """One "level" of the search: stock card ``sc`` (or -1) and first-bout flag, fixed for a whole
    bout (the stock only changes between bouts); its flags, transposition tables, repetition path
    and node functions (filled in by :func:`_level`)."""

    after: NodeFn
    lead_lo: NodeFn
    lead: NodeFn
    defend: NodeFn
    take: NodeFn
    throw: NodeFn
    take_set: NodeFn
    take_seq: NodeFn

    def __init__(self, ctx: _Search, sc: int, first: bool) -> None:
        red = ctx.red
        perev = ctx.perev
        self.sc = sc
        self.first = first
        self.limit = ctx.first_limit(first, sc)
        self.take_limit = ctx.first_limit(first, sc, True)
        self.take_room = self.take_limit != self.limit  # first_bout_sixth_after_take
        self.scbit = (1 << sc) if sc >= 0 else 0
        self.sure = red.sure_win and sc < 0 and not perev
        self.forcing = red.forced_takes and sc < 0 and not perev
        self.loss_test = red.sure_loss and sc < 0 and not perev and not first
        self.quick_lead = self.quick_def = ctx.quick and sc < 0
        self.tt_lead: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.tt_def: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.tt_throw: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.tt_take: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.tables = (self.tt_lead, self.tt_def, self.tt_throw, self.tt_take)
        self.path: set[tuple[int, int]] = set()  # the leads on the current line (perevodnoy)
        self.nxt: list[NodeFn] = []  # next bout's lead: [stock card stays, stock empty]
        # enhanced transposition cutoffs: the next bout's lead shares this level's table
        self.etc_def = red.etc and sc < 0 and not first and not perev


def _level(ctx: _Search, sc: int, first: bool) -> _Level:
    """The level ``(sc, first)``, built on first use: one node function per node kind, wired to
    one another through the level and to the next bout's lead (``nxt``)."""
    got = ctx.levels.get((sc, first))
    if got is not None:
        return got
    lv = ctx.levels[(sc, first)] = _Level(ctx, sc, first)
    lv.after = _after_node(ctx, lv)
    lv.lead_lo = _lead_lo_node(ctx, lv)
    lv.lead = _lead_node(ctx, lv)
    lv.defend = _defend_node(ctx, lv)
    lv.take = _take_node(ctx, lv)
    lv.throw = _throw_node(ctx, lv)
    lv.take_set = _take_set_node(ctx, lv)
    lv.take_seq = _take_seq_node(ctx, lv)
    # the next bout: the stock card stays (both hold six or more) or is gone
    gone = lv.lead if (sc < 0 and not first) else _level(ctx, -1, False).lead
    stays = lv.lead if not first else _level(ctx, sc, False).lead
    lv.nxt[:] = [stays, gone]
    return lv


def _after_node(ctx: _Search, lv: _Level) -> NodeFn:
    """BOUT END: draw from the stock, see who is out, or go on to the next bout's lead."""
    # two_player_end by table: it reads only which hands are empty (index 2 * (not a) + (not d))
    ends = tuple(two_player_end(int(not i & 2), int(not i & 1), ctx.lastdef) for i in range(4))
    # refill by table: whether a hand of n cards draws the one stock card (the bout's attacker
    # draws first: the kernel's draw_order for two players)
    draws = tuple(refill(n, 1) > 0 for n in range(CARD_BITS.bit_length() + 1))
    # next_leader by table, by "beaten": whether the finished bout's defender leads the next one
    # (the defender is never out here: the game is over first)
    swap = tuple(next_leader(int(not beaten), 0) == LEADER_DEFENDER for beaten in (False, True))
    canonical = ctx.canonical
    canon = ctx.canon
    sc = lv.sc
    scbit = lv.scbit
    nxt = lv.nxt

    def after(a: int, d: int, beaten: bool, alpha: int, beta: int) -> int:
        """The bout is over (``d`` already holds a taken table): draw, go out, go on.
        Value for the attacker of the finished bout."""
        if sc >= 0:
            if draws[a.bit_count()]:
                a |= scbit
            elif draws[d.bit_count()]:
                d |= scbit
            else:  # nobody draws: the stock card stays, nobody goes out
                if swap[beaten]:
                    return -nxt[0](d, a, -beta, -alpha)
                return nxt[0](a, d, alpha, beta)
        end = ends[2 * (not a) + (not d)]
        if end != GOES_ON:
            return end
        if swap[beaten]:
            if canonical:
                d, a = canon(d, a)
            return -nxt[1](d, a, -beta, -alpha)
        if canonical:
            a, d = canon(a, d)
        return nxt[1](a, d, alpha, beta)

    return after


def _lead_lo_node(ctx: _Search, lv: _Level) -> NodeFn:
    """The lower bound a lead holds in this level's table (the enhanced transposition cutoffs' probe)."""
    canonical = ctx.canonical
    canon = ctx.canon
    tt_lead = lv.tt_lead

    def lead_lo(a: int, d: int) -> int:
        """The lower bound the table holds for the lead ``(a, d)`` of this level (under
        the key the search uses there), NOMOVE when it holds none."""
        e2 = tt_lead.get(canon(a, d) if canonical else (a, d))
        return NOMOVE if e2 is None else e2[0]

    return lead_lo


def _lead_node(ctx: _Search, lv: _Level) -> NodeFn:
    """LEAD: the attacker opens a bout (one card, a whole hand or a group of one rank), with
    the sure_win / forced_takes / sure_loss tests and the move order of docs/durak-solver.md."""
    beat = ctx.beat
    tmask = ctx.tmask
    ntmask = ctx.ntmask
    perev = ctx.perev
    both_out = ctx.both_out
    twins = ctx.twins
    multi_leads = ctx.multi_leads
    lanes = ctx.lanes
    suits = ctx.suits
    pairs_of = ctx.pairs_of
    twin_pairs = ctx.twin_pairs
    forced_plan = ctx.forced_plan
    twin_free = ctx.twin_free
    first = lv.first
    limit = lv.limit
    caps = tuple(bout_cap(n, limit) for n in range(CARD_BITS.bit_length() + 2))  # bout_cap by table
    scbit = lv.scbit
    sure = lv.sure
    forcing = lv.forcing
    loss_test = lv.loss_test
    quick_lead = lv.quick_lead
    tt_lead = lv.tt_lead
    path = lv.path
    etc_def = lv.etc_def

    def lead(a: int, d: int, alpha: int, beta: int) -> int:
        """LEAD: the attacker (holding ``a``) to move. Value for the attacker."""
        ctx.nodes += 1
        if ctx.nodes >= ctx.next_report:
            ctx.tick()
        if quick_lead and not a & (a - 1):  # quick_exit: my last card (stock empty)
            if d & (d - 1) or not beat[a.bit_length() - 1] & d:
                return WIN
            return both_out
        key = (a, d)
        if perev and key in path:
            ctx.reps += 1
            return DRAW
        if beta > WIN:
            beta = WIN
        e = tt_lead.get(key)
        lo, hi, hint = LOSS, WIN, 0
        if e is not None:
            lo, hi, hint = e
            if lo >= beta or lo == hi:  # the stored bounds decide the node, or narrow the window
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        elif sure or forcing:
            # sure_win / forced_takes: the cards the defender cannot beat go first (stock
            # empty, no transfers)
            x = d & 0xFFFF
            bt = (1 << (x.bit_length() - 1)) - 1 if x else 0
            x = (d >> 16) & 0xFFFF
            if x:
                bt |= ((1 << (x.bit_length() - 1)) - 1) << 16
            x = (d >> 32) & 0xFFFF
            if x:
                bt |= ((1 << (x.bit_length() - 1)) - 1) << 32
            x = d >> 48
            if x:
                bt |= ((1 << (x.bit_length() - 1)) - 1) << 48
            if d & tmask:
                bt |= ntmask
            b = a & bt  # the cards he can beat
            if not b:
                if sure:
                    tt_lead[key] = (WIN, WIN, 0)
                    return WIN
            elif not first:
                u = a ^ b  # the cards he cannot beat
                if forced_plan(b, d | u, sure, forcing, limit):
                    tt_lead[key] = (WIN, WIN, 0)
                    return WIN
                if forcing:
                    # forced_takes, mixed groups: keep the unbeatable cards of the ranks
                    # where I also hold beatable ones, and lead each such rank whole
                    mixed = (u | u >> 16 | u >> 32 | u >> 48) & (b | b >> 16 | b >> 32 | b >> 48) & 0xFFFF
                    if mixed:
                        hold = u & mixed * lanes
                        if forced_plan(b | hold, d | (u ^ hold), sure, True, limit):
                            tt_lead[key] = (WIN, WIN, 0)
                            return WIN
        nd = d.bit_count()
        k = caps[nd]
        if loss_test and e is None and a.bit_count() > k:
            # sure_loss: every card of the defender's hand beats every card of mine, and I
            # cannot put all my cards on the table in this bout
            dn = d & ntmask
            if dn:
                low = dn & -dn
                sm = suits[(low.bit_length() - 1) >> 4]
                hopeless = not (dn & ~sm) and not (a & ~sm) and a < low
            else:
                hopeless = (a & tmask) < (d & -d)
            if hopeless:
                tt_lead[key] = (LOSS, LOSS, 0)
                return LOSS
        if etc_def and a & (a - 1):
            # enhanced transposition cutoff: a card the defender cannot beat, led, makes
            # him take; giving nothing more, I lead again, at a lead already known good
            m = a
            while m:
                c = m & -m
                m ^= c
                if beat[c.bit_length() - 1] & d:
                    continue
                lo2 = lv.lead_lo(a ^ c, d | c)
                if lo2 >= beta:
                    tt_lead[key] = (lo2, hi, c)
                    return lo2
        singles = a
        if twins and a & (a - 1):
            tw = twin_pairs.get(a | d | scbit)
            if tw is None:
                tw = pairs_of(a | d | scbit)
            if tw:
                singles = twin_free(a, a, tw)
        moves = [hint] if hint else []
        l0 = a & 0xFFFF
        l1 = (a >> 16) & 0xFFFF
        l2 = (a >> 32) & 0xFFFF
        l3 = a >> 48
        ra = l0 | l1 | l2 | l3  # rank_set(a)
        whole = a if a.bit_count() <= k and not ra & (ra - 1) and (multi_leads or a & (a - 1) == 0) else 0
        if whole and whole != hint:
            moves.append(whole)  # all my cards at once: tried early, it often wins outright
        # single cards: plain cards by rising rank in four classes (below), then trumps by
        # rising rank
        m0 = singles & ntmask
        two = (l0 & l1) | (l2 & l3) | ((l0 | l1) & (l2 | l3))  # ranks I hold twice or more
        paired = two * lanes
        lone = m0 & ~paired  # one card of each of its ranks
        # lone cards the defender cannot beat at all first; then the lone cards he can beat;
        # then cards with a partner of their rank (kept for throw-ins); last the unbeatable
        # lone cards above another of my cards of their suit, which would arm the taker
        # against that card (measured: 0.54-0.87x nodes where it matters, neutral
        # elsewhere)
        soft = []
        late = []
        rs = (lone | lone >> 16 | lone >> 32 | lone >> 48) & 0xFFFF
        while rs:
            rb = rs & -rs
            rs ^= rb
            c = lone & rb * lanes
            if c != hint and c != whole:
                if beat[c.bit_length() - 1] & d:
                    soft.append(c)
                elif a & suits[(c.bit_length() - 1) >> 4] & (c - 1):
                    late.append(c)
                else:
                    moves.append(c)
        moves += soft
        m = m0 & paired  # cards with a partner of their rank
        rs = (m | m >> 16 | m >> 32 | m >> 48) & 0xFFFF
        while rs:
            rb = rs & -rs
            rs ^= rb
            col = m & rb * lanes
            while col:
                c = col & -col
                col ^= c
                if c != hint and c != whole:
                    moves.append(c)
        moves += late
        if multi_leads:
            rs = rank_set(lead_heads(a, k))  # the ranks holding a lead of several cards
            while rs:
                rb = rs & -rs
                rs ^= rb
                group = a & (rb * lanes)
                sub = group
                while sub:
                    if 1 < sub.bit_count() <= k and sub != hint and sub != whole:
                        moves.append(sub)
                    sub = (sub - 1) & group
        m = singles & tmask
        while m:
            c = m & -m
            m ^= c
            if c != hint and c != whole:
                moves.append(c)
        if perev:
            path.add(key)
        r0 = ctx.reps
        a0 = alpha
        best = NOMOVE
        bm = hint
        for s in moves:
            v = -lv.defend(a ^ s, d, s, 0, s, k - s.bit_count(), 0, True, -beta, -alpha)
            if v > best:
                best = v
                bm = s
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if perev:
            path.discard(key)
            if ctx.reps != r0:
                return best
        # the new bounds (see _entry)
        tt_lead[key] = (lo, best, hint) if best <= a0 else (best, hi, bm) if best >= beta else (best, best, bm)
        return best

    return lead


def _defend_node(ctx: _Search, lv: _Level) -> NodeFn:
    """DEFEND: the defender covers an uncovered card, transfers or shows a trump
    (perevodnoy), or takes."""
    beat = ctx.beat
    tmask = ctx.tmask
    throws = ctx.throws
    perev = ctx.perev
    take_throws = ctx.take_throws
    lastdef = ctx.lastdef
    can_show = ctx.can_show
    transfer_first = ctx.transfer_first
    blocked = ctx.blocked
    barred = ctx.barred
    twins = ctx.twins
    take_first = ctx.take_first
    cover_order = ctx.cover_order
    canonical = ctx.canonical
    canon = ctx.canon
    rank_cards = ctx.rank_cards
    cover_all = ctx.cover_all
    pairs_of = ctx.pairs_of
    twin_pairs = ctx.twin_pairs
    twin_free = ctx.twin_free
    cover_list = ctx.cover_list
    cover_lists = ctx.cover_lists
    first = lv.first
    limit = lv.limit
    scbit = lv.scbit
    quick_def = lv.quick_def
    tt_lead = lv.tt_lead
    tt_def = lv.tt_def
    etc_def = lv.etc_def

    def defend(a: int, d: int, ta: int, tc: int, unc: int, room: int, shown: int, fresh: bool,
               alpha: int, beta: int) -> int:
        """DEFEND: the defender (holding ``d``) to move; ``unc`` uncovered. Value for the defender."""
        ctx.nodes += 1
        if ctx.nodes >= ctx.next_report:
            ctx.tick()
        if quick_def and not a:
            if lastdef or d.bit_count() != unc.bit_count():
                return LOSS
            return DRAW if cover_all(unc, d) else LOSS
        if beta > WIN:
            beta = WIN
        key = (a, d, ta, tc, unc, shown, fresh)
        e = tt_def.get(key)
        lo, hi, hint = NOMOVE, WIN, 0
        if e is not None:
            lo, hi, hint = e
            if lo >= beta or lo == hi:  # the stored bounds decide the node, or narrow the window
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        r0 = ctx.reps
        a0 = alpha
        best = NOMOVE
        bm = 0
        # covers: of the hardest card only (cover_order), else of every uncovered card
        # (``targets`` is a mask of those cards, tried from the lowest bit up)
        cu = 0  # the covers of the uncovered card when there is only one
        if not (unc & (unc - 1)):
            cu = cover_cards(d, beat[unc.bit_length() - 1])
            targets = unc if cu else 0
        elif cover_order:
            targets = 0
            fewest = 99
            m = unc
            while m:
                u = m & -m
                m ^= u
                n = cover_cards(d, beat[u.bit_length() - 1]).bit_count()
                if n < fewest:
                    fewest = n
                    targets = u if n else 0
                    if not n:
                        break
        else:
            targets = unc
        # every card of a rank the attacker holds: he can throw in on a table ``t`` iff
        # ``t & ar`` (same as ``throw_cards(a, t)``)
        ar = rank_cards.get(a)
        if ar is None:
            ar = rank_cards[a] = throw_cards(CARD_BITS, a)
        can_take = fresh or not take_first
        cut = False
        take_hint = hint == -1 and can_take  # the take is tried first
        if take_hint:
            can_take = False
        tk = None  # the next lead after "take" when the probe below computed it
        nk = None  # the next lead after each cover that ends the bout, from the probes
        tab = ta | tc
        if etc_def and can_take and a:
            # enhanced transposition cutoff: taking (no throw-in possible) leads to a lead
            # already known to be bad for the attacker
            if not (take_throws and room > 0 and tab & ar):
                tk = canon(a, d | tab) if canonical else (a, d | tab)
                e2 = tt_lead.get(tk)
                if e2 is not None and -e2[1] >= beta:
                    tt_def[key] = _entry(lo, hi, hint, -e2[1], -1, a0, beta)
                    return -e2[1]
        # a cover c ends the bout unless the attacker can throw in on ta | tc | c: ``thr``
        # holds the cards he could throw in on (none when he may not throw)
        tm = targets
        if tm:
            thr = ar if throws and room > 0 else 0
            tab_ar = tab & thr
        while tm:
            u = tm & -tm
            tm ^= u
            cands = cu if u == unc else cover_cards(d, beat[u.bit_length() - 1])
            order: tuple[int, ...]  # the moves at this target: covers, -1 for "take"
            if not (cands & (cands - 1)):  # one cover (or none)
                ok = cands != 0
                if take_hint:
                    order = (-1, cands) if ok else (-1,)
                else:
                    order = (cands,) if ok else ()
            else:
                if twins:
                    tw = twin_pairs.get(a | d | ta | tc | scbit)
                    if tw is None:
                        tw = pairs_of(a | d | ta | tc | scbit)
                    if tw:
                        cands = twin_free(cands, d, tw)
                safe = cands & ~ar
                covers = cover_lists.get((cands, safe))
                if covers is None:
                    covers = cover_list(cands, safe)
                if take_hint or (hint > 0 and cands & hint):
                    lst = [-1] if take_hint else []
                    # the hint cover first at every target it covers (left out when there
                    # are several targets, with cover_order off a re-searched node could
                    # miss its best cover)
                    if hint > 0 and cands & hint:
                        lst.append(hint)
                    for c in covers:
                        if c != hint:
                            lst.append(c)
                    order = tuple(lst)
                else:
                    order = covers
            take_hint = False
            unc2 = unc ^ u
            if etc_def and not unc2 and a and not tab_ar:
                # enhanced transposition cutoff: a cover that ends the bout at once (no
                # throw-in possible) whose next lead is already known to be good enough
                nk = {}
                for c in order:
                    if c < 0 or c == d or c & thr:
                        continue
                    dc = d ^ c
                    k2 = canon(dc, a) if canonical else (dc, a)
                    nk[c] = k2
                    e2 = tt_lead.get(k2)
                    if e2 is not None and e2[0] >= beta:
                        best = e2[0]
                        bm = c
                        cut = True
                        break
                if cut:
                    break
            for c in order:
                if c < 0:
                    v = lv.take(a, d, ta, tc, room, alpha, beta)
                else:
                    d2 = d ^ c
                    if unc2:
                        v = defend(a, d2, ta, tc | c, unc2, room, 0, not take_first, alpha, beta)
                    elif tab_ar or c & thr:
                        v = -lv.throw(a, d2, ta, tc | c, room, -beta, -alpha)
                    elif nk is not None and d2:
                        # what after() does here (stock empty, both hold cards, the bout
                        # beaten): the next lead, already canonical from the probe above
                        k2 = nk[c]
                        v = lv.lead(k2[0], k2[1], alpha, beta)
                    else:
                        v = -lv.after(a, d2, True, -beta, -alpha)
                if v > best:
                    best = v
                    bm = c
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            cut = True
                            break
            if cut:
                break
        if not cut and take_hint:  # the take hint, no cover to try
            v = lv.take(a, d, ta, tc, room, alpha, beta)
            if v > best:
                best = v
                bm = -1
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        cut = True
        if not cut and perev:
            same = transfer_cards(d, ta, tc, first, transfer_first, blocked, ta & tmask, barred)
            if same:
                na = a.bit_count()
                na_att = ta.bit_count()
                most = transfer_room(na, na_att, limit)  # one card or several at once (transfer_set)
                j = 0
                while c := transfer_set(same, most, j):
                    j += 1
                    room2 = most - c.bit_count()
                    v = -defend(d ^ c, a, ta | c, 0, unc | c, room2, shown, True, -beta, -alpha)
                    if v > best:
                        best = v
                        bm = 0
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                cut = True
                                break
                if not cut and can_show and show_fits(na, na_att, limit):
                    # a shown trump joins no attack: the room left is the transfer's whole room
                    for c in _bits(show_cards(same, tmask, shown)):
                        v = -defend(d, a, ta, 0, unc, most, shown | c, True, -beta, -alpha)
                        if v > best:
                            best = v
                            bm = 0
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    cut = True
                                    break
        if not cut and can_take:
            if tk is not None:  # take() here: no throw-in, the next lead is tk (see above)
                v = -lv.lead(tk[0], tk[1], -beta, -alpha)
            else:
                v = lv.take(a, d, ta, tc, room, alpha, beta)
            if v > best:
                best = v
                bm = -1
        if ctx.reps != r0:
            return best
        # the new bounds (see _entry)
        tt_def[key] = (lo, best, hint) if best <= a0 else (best, hi, bm) if best >= beta else (best, best, bm)
        return best

    return defend


def _take_node(ctx: _Search, lv: _Level) -> NodeFn:
    """TAKE: the defender's "take", then the attacker's throw-ins (as one set or one by one), if any."""
    take_throws = ctx.take_throws
    throw_sets = ctx.throw_sets
    take_room = lv.take_room
    take_limit = lv.take_limit

    def take(a: int, d: int, ta: int, tc: int, room: int, alpha: int, beta: int) -> int:
        """The defender says "take". Value for the defender."""
        tab = ta | tc
        if take_room:  # first bout, first_bout_sixth_after_take: the cap becomes six
            start = d.bit_count() + tc.bit_count()  # the defender's hand when the bout began
            room = bout_cap(start, take_limit) - ta.bit_count()
        if take_throws and room > 0 and throw_cards(a, tab):
            if throw_sets:
                return -lv.take_set(a, d, tab, room, -beta, -alpha)
            return -lv.take_seq(a, d, tab, room, -beta, -alpha)
        return -lv.after(a, d | tab, False, -beta, -alpha)

    return take


def _throw_node(ctx: _Search, lv: _Level) -> NodeFn:
    """THROW: all covered, the attacker throws in one more card or passes."""
    beat = ctx.beat
    lanes = ctx.lanes
    canonical = ctx.canonical
    canon = ctx.canon
    rank_cards = ctx.rank_cards
    tt_lead = lv.tt_lead
    tt_throw = lv.tt_throw
    etc_def = lv.etc_def

    def throw(a: int, d: int, ta: int, tc: int, room: int, alpha: int, beta: int) -> int:
        """THROW (not taking, all covered, the attacker has a throw): throw one card or pass."""
        ctx.nodes += 1
        if ctx.nodes >= ctx.next_report:
            ctx.tick()
        if beta > WIN:
            beta = WIN
        key = (a, d, ta, tc)
        e = tt_throw.get(key)
        lo, hi, hint = LOSS, WIN, -1
        if e is not None:
            lo, hi, hint = e
            if lo >= beta or lo == hi:  # the stored bounds decide the node, or narrow the window
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        r0 = ctx.reps
        a0 = alpha
        # cards the defender cannot beat first, then the others, each by rising rank;
        # 0 stands for "pass" (last)
        t = ta | tc
        m = rank_cards.get(t)  # (throw_cards(a, t) through the memo)
        if m is None:
            m = rank_cards[t] = throw_cards(CARD_BITS, t)
        m &= a
        opts: list[int] | tuple[int, int]
        if m and not m & (m - 1):  # one card to throw (the hint, if any, is m or the pass)
            opts = (0, m) if hint == 0 else (m, 0)
        else:
            opts = [hint] if hint >= 0 else []
            hard = 0
            mm = m
            while mm:
                c = mm & -mm
                mm ^= c
                if not beat[c.bit_length() - 1] & d:
                    hard |= c
            for part in (hard, m ^ hard):
                rs = (part | part >> 16 | part >> 32 | part >> 48) & 0xFFFF
                while rs:
                    rb = rs & -rs
                    rs ^= rb
                    col = part & rb * lanes
                    while col:
                        c = col & -col
                        col ^= c
                        if c != hint:
                            opts.append(c)
            if hint != 0:
                opts.append(0)
        best = NOMOVE
        bm = -1
        pk = None  # the next lead after "pass" when the probe below computed it
        if etc_def and hint != 0 and d:
            # enhanced transposition cutoff: passing leads to a lead already known to be bad
            # for its attacker (this node's defender)
            pk = canon(d, a) if canonical else (d, a)
            e2 = tt_lead.get(pk)
            if e2 is not None and -e2[1] >= beta:
                tt_throw[key] = _entry(lo, hi, hint, -e2[1], 0, a0, beta)
                return -e2[1]
        for c in opts:
            if c:
                v = -lv.defend(a ^ c, d, ta | c, tc, c, room - 1, 0, True, -beta, -alpha)
            elif pk is not None and a:  # pass, as after() does it here: the next lead is pk
                v = -lv.lead(pk[0], pk[1], -beta, -alpha)
            else:
                v = lv.after(a, d, True, alpha, beta)  # pass: the bout is beaten
            if v > best:
                best = v
                bm = c
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if ctx.reps != r0:
            return best
        # the new bounds (see _entry)
        tt_throw[key] = (lo, best, hint) if best <= a0 else (best, hi, bm) if best >= beta else (best, best, bm)
        return best

    return throw


def _take_set_node(ctx: _Search, lv: _Level) -> NodeFn:
    """TAKE, THROW-INS AS A SET: the attacker gives the taker any set of throwable cards (take_throw_sets)."""
    tt_take = lv.tt_take
    etc_def = lv.etc_def

    def take_set(a: int, d: int, tab: int, room: int, alpha: int, beta: int) -> int:
        """The defender takes; the attacker gives any set of throwable cards (at most ``room``)."""
        ctx.nodes += 1
        if ctx.nodes >= ctx.next_report:
            ctx.tick()
        if beta > WIN:
            beta = WIN
        key = (a, d, tab, room)
        e = tt_take.get(key)
        lo, hi, hint = LOSS, WIN, -1
        if e is not None:
            lo, hi, hint = e
            if lo >= beta or lo == hi:  # the stored bounds decide the node, or narrow the window
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        r0 = ctx.reps
        a0 = alpha
        give = throw_cards(a, tab)
        subs = []
        sub = give  # largest sets first
        while True:
            if sub.bit_count() <= room and sub != hint:
                subs.append(sub)
            if not sub:
                break
            sub = (sub - 1) & give
        best = NOMOVE
        bm = -1
        dt = d | tab
        if hint >= 0:
            best = lv.after(a ^ hint, dt | hint, False, alpha, beta)
            bm = hint
            if best > alpha:
                alpha = best
        if etc_def and best < beta:
            # enhanced transposition cutoff: a set after which the next lead (mine again)
            # is already known good enough
            for s in subs:
                if a ^ s:
                    lo2 = lv.lead_lo(a ^ s, dt | s)
                    if lo2 >= beta:
                        best = lo2
                        bm = s
                        break
        if best < beta:
            for s in subs:
                v = lv.after(a ^ s, dt | s, False, alpha, beta)
                if v > best:
                    best = v
                    bm = s
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
        if ctx.reps != r0:
            return best
        # the new bounds (see _entry)
        tt_take[key] = (lo, best, hint) if best <= a0 else (best, hi, bm) if best >= beta else (best, best, bm)
        return best

    return take_set


def _take_seq_node(ctx: _Search, lv: _Level) -> NodeFn:
    """TAKE, THROW-INS ONE BY ONE: without the take_throw_sets reduction."""

    def take_seq(a: int, d: int, tab: int, room: int, alpha: int, beta: int) -> int:
        """The defender takes; the attacker throws one card at a time or passes (no reduction)."""
        ctx.nodes += 1
        if ctx.nodes >= ctx.next_report:
            ctx.tick()
        best = lv.after(a, d | tab, False, alpha, beta)  # pass
        if best > alpha:
            alpha = best
        for c in _bits(throw_cards(a, tab)):
            # a cut only on a value found: a window that opens at or above WIN (a defence node's
            # window (-2, -1) makes this one (1, 2)) proves nothing about the throw-ins not yet searched
            if best >= beta or best >= WIN:
                break
            if room > 1 and throw_cards(a ^ c, tab):
                v = take_seq(a ^ c, d, tab | c, room - 1, alpha, beta)
            else:
                v = lv.after(a ^ c, d | tab | c, False, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        return best

    return take_seq


class Solver:
    """The exact search for one two-player endgame context (rules, trump suit, reductions).

    :meth:`value` gives the exact value of any reachable engine state for its side to move.
    The transposition table persists between calls, so solving the children of a root one by
    one costs little more than solving the root.
    """

    def __init__(self, er: EngineRules, trump: int, reductions: Reductions | None = None,
                 progress: Callable[[int], None] | None = None, max_nodes: int | None = None,
                 max_memory: int | None = None) -> None:
        self.er = er
        self.trump = trump
        self.reductions = reductions or Reductions()
        self.progress = progress
        self.max_nodes = max_nodes
        self.max_memory = max_memory
        """``--max-memory``: MiB of transposition tables (:class:`~foolsolve.solver.base.TableBudget`;
        over it the oldest half of the entries goes, same values, more nodes)."""
        self._build()

    def _build(self) -> None:
        """The search's context (:class:`_Search`); its levels and node functions are built on
        first use (:func:`_level`)."""
        self._ctx = ctx = _Search(self.er, self.trump, self.reductions, self.progress, self.max_nodes,
                                  self.max_memory)
        self._canon = ctx.canon  # the lead key map, for the test that the compiled search's mirror agrees

    def _value(self, s: EngineState, lo: int, hi: int, guess: int | None,
               seen: Callable[[int, int], None] | None = None) -> int:
        """Exact value of a two-player engine state for its side to move, known to lie in
        ``[lo, hi]`` (see :meth:`Solver.value`)."""
        ctx = self._ctx
        res = game_result(s)
        if res is not None:
            return _outcome(res, s.to_move)
        if lo >= hi:
            return lo
        for lv in ctx.levels.values():
            lv.path.clear()
        ctx.reps = 0
        a = s.hands[s.attacker]
        d = s.hands[s.defender]
        sc = s.stock[0] if s.stock else -1
        lv = _level(ctx, sc, s.first_bout)
        if not s.tatt:
            lead = lv.lead

            def f(alpha: int, beta: int) -> int:
                return int(lead(a, d, alpha, beta))
        else:
            room = cap(s) - s.tatt.bit_count()
            tatt, tcov = s.tatt, s.tcov
            if s.unc and not s.taking:
                shown = 0 if s.tcov else s.shown
                unc = s.unc
                defend = lv.defend

                def f(alpha: int, beta: int) -> int:
                    return int(defend(a, d, tatt, tcov, unc, room, shown, True, alpha, beta))
            elif not s.taking:
                throw = lv.throw

                def f(alpha: int, beta: int) -> int:
                    return int(throw(a, d, tatt, tcov, room, alpha, beta))
            else:
                tab = tatt | tcov
                taker = lv.take_set if ctx.throw_sets else lv.take_seq

                def f(alpha: int, beta: int) -> int:
                    return int(taker(a, d, tab, room, alpha, beta))
        v, remember = ask(f, lo, hi, ctx.last if guess is None else guess, ctx.null_window, seen)
        if remember:
            ctx.last = v
        return v

    def _count(self) -> int:
        return self._ctx.nodes

    def limit_nodes(self, max_nodes: int) -> None:
        """Stop at the first node past ``max_nodes`` nodes counted since this search began (all calls;
        :class:`~foolsolve.solver.durak.stock.StockSearch` hands it what is left of its budget)."""
        ctx = self._ctx
        self.max_nodes = ctx.max_nodes = max_nodes
        ctx.over = max_nodes + 1
        ctx.next_report = min(ctx.next_report, ctx.over)

    def _table_size(self) -> int:
        return sum(len(t) for lv in self._ctx.levels.values() for t in lv.tables)

    def value(self, s: EngineState, lo: int = LOSS, hi: int = WIN, guess: int | None = None,
              seen: Callable[[int, int], None] | None = None) -> int:
        """Exact value (+1/0/-1) of a two-player engine state for ``s.to_move``, clamped to
        ``[lo, hi]``: exact when the caller knows it lies there, and a narrower range is fewer
        questions (none when ``lo == hi``; one null-window search when they differ by one, which
        also makes ``value(s, x - 1, x) == x`` the test "is it at least x?"). ``guess``: LOSS
        asks "draw?" before "win?" when both may be needed (default: the previous call's answer
        decides). ``seen(lo, hi)`` is told the range after each answered question (what is
        proved if a limit stops the next one)."""
        check_range(lo, hi, guess)
        limit = sys.getrecursionlimit()
        if limit < 20_000:
            sys.setrecursionlimit(20_000)
        try:
            return self._value(s, lo, hi, guess, seen)
        finally:
            sys.setrecursionlimit(limit)

    @property
    def nodes(self) -> int:
        """Nodes searched so far (all calls)."""
        return self._count()

    @property
    def table_entries(self) -> int:
        """Transposition-table entries."""
        return self._table_size()

    def move_values(self, s: EngineState, known: int | None = None,
                    plan: RootPlan | None = None) -> list[tuple[tuple[int, int, int], int]]:
        """Every legal engine move (spec order) with its exact value for ``s.to_move``, valued in
        the order of :class:`RootPlan`. ``known``: the value of ``s`` itself or an upper bound of
        it, if the caller has one: no move is worth more, so a lost position's moves need no
        search and those of a position worth at most a draw one question each (see
        :func:`child_range`). ``plan``: the caller's plan of ``s`` (made with ``known``), which
        then holds what was proved if a limit stops the search (:meth:`RootPlan.partial`)."""
        p = plan or RootPlan(s, self.reductions, known)
        while (i := p.take()) is not None:
            child, lo, hi, guess = p.child_range(i)
            p.put(i, p.mover_value(i, self.value(child, lo, hi, guess, lambda lo, hi: p.bound(i, lo, hi))))
            assert not p.stale()  # one search at a time: nothing else was running
        return p.result()


class RootPlan:
    """The order and ranges in which the moves of a position are valued (``move_values`` of
    both searches): ``lead_subsets`` (docs/durak-solver.md) and the caller's bound ``known``. Values
    are the mover's. :meth:`take` gives the next move to search (the largest leads first, then
    the other moves in spec order, then the leads in between), :meth:`put` records a move's value
    and every bound it implies; moves whose bounds meet are valued without a search.

    With two searches of different moves side by side (three or more kernel threads: two race
    each move, see ``JitEndgame._jobs``), a lead related to a running one (a lead of a part or
    of a superset of its cards) is handed out only when no other move is open, so that no
    thread idles: the searches share the lead table, and the running one may decide it. When a
    result decides a move that is still being searched, that move's value is set at once and
    :meth:`stale` names it, so the caller can stop its search; a result that arrives for a move
    already valued is dropped (it is the same exact value). Not thread-safe: callers hold a
    lock."""

    def __init__(self, s: EngineState, reductions: Reductions, known: int | None = None) -> None:
        self.me = s.to_move
        self.moves = legal(s)
        self.children = [play(s, m) for m in self.moves]
        n = len(self.moves)
        self.known = known
        self.lo = [LOSS] * n
        self.hi = [WIN if known is None else known] * n
        self.values: list[int | None] = [None] * n
        self.running: set[int] = set()
        self._stale: list[int] = []
        self.on_put: Callable[[], None] | None = None
        """Called after each :meth:`put` (``solve`` tells ``SolveOptions.proved``)."""
        # bigger[i]: the leads whose cards strictly contain those of lead i (worth at most lead i)
        self.bigger: list[list[int]] = [[] for _ in range(n)]
        self.smaller: list[list[int]] = [[] for _ in range(n)]
        if reductions.lead_subsets and leads_split(s.er) and not s.tatt:
            leads = [(i, m[1]) for i, m in enumerate(self.moves) if m[0] == ATTACK]
            for i, x in leads:
                for j, y in leads:
                    if x != y and x & y == x:
                        self.bigger[i].append(j)
                        self.smaller[j].append(i)
        # first the largest leads (a win frees every smaller lead of their cards), then every
        # other move in spec order (a lost or drawn single card bounds the leads holding it),
        # then the leads in between (by then often bounded from both sides)
        size = [m[1].bit_count() if m[0] == ATTACK else 1 for m in self.moves]
        self.order = sorted(range(n), key=lambda i: (0 if size[i] > 1 and not self.bigger[i] else
                                                     1 if size[i] == 1 else 2, -size[i]))
        for i, child in enumerate(self.children):
            res = game_result(child)
            if res is not None:
                self.put(i, _outcome(res, self.me))

    def put(self, i: int, v: int) -> None:
        """Move ``i`` is worth ``v`` to the mover; bound the leads it dominates or is dominated by
        (a result for a move valued meanwhile is dropped); then tell :attr:`on_put`."""
        self.running.discard(i)
        if self.values[i] is not None:
            return
        self.values[i] = v
        for j in self.smaller[i]:  # a part is worth at least the whole
            self.lo[j] = max(self.lo[j], v)
        for j in self.bigger[i]:  # the whole at most each part
            self.hi[j] = min(self.hi[j], v)
        for j in self.smaller[i] + self.bigger[i]:
            if self.values[j] is None and self.lo[j] >= self.hi[j]:
                if j in self.running:  # decided while searched: its search may stop
                    self._stale.append(j)
                self.put(j, self.lo[j])
        if self.on_put is not None:
            self.on_put()

    def stale(self) -> list[int]:
        """The moves valued while their search was running, since the last call (their searches
        may stop; a result they still deliver is dropped)."""
        out, self._stale = self._stale, []
        return out

    def take(self) -> int | None:
        """The next move to search (marked running), or None when none is left to hand out."""
        related = None
        for i in self.order:
            if self.values[i] is not None or i in self.running:
                continue
            if any(j in self.running for j in self.bigger[i] + self.smaller[i]):
                if related is None:
                    related = i  # the running search may decide it: only if nothing else is open
                continue
            self.running.add(i)
            return i
        if related is not None:
            self.running.add(related)
        return related

    def child_range(self, i: int) -> tuple[EngineState, int, int, int | None]:
        """Move ``i``'s child and the range and guess to search it with, from its mover's side."""
        child = self.children[i]
        same = child.to_move == self.me
        guess = child_range(self.known, same)[2]
        if same:
            return child, self.lo[i], self.hi[i], guess
        return child, -self.hi[i], -self.lo[i], guess

    def mover_value(self, i: int, v: int) -> int:
        """Move ``i``'s child's searched value ``v`` as the mover's value."""
        return v if self.children[i].to_move == self.me else -v

    def bound(self, i: int, lo: int, hi: int) -> None:
        """The search of move ``i``'s child has proved its value (for the child's mover) to lie
        in ``[lo, hi]``: kept for :meth:`partial` (the search goes on to the exact value)."""
        if self.values[i] is not None:
            return
        if self.children[i].to_move != self.me:
            lo, hi = -hi, -lo
        self.lo[i] = max(self.lo[i], lo)
        self.hi[i] = min(self.hi[i], hi)

    def partial(self) -> tuple[int | None, list[tuple[int, int, int]]]:
        """What is proved so far: the position's value if the moves' values and bounds decide it
        (else None), and every move's ``(index, at least, at most)`` for its mover (equal for a
        move valued), ``lead_subsets``' relations applied (a part at least the whole, a whole at
        most each part)."""
        lo = [v if v is not None else x for v, x in zip(self.values, self.lo)]
        hi = [v if v is not None else x for v, x in zip(self.values, self.hi)]
        for i in range(len(self.moves)):
            for j in self.bigger[i]:
                lo[i] = max(lo[i], lo[j])
            for j in self.smaller[i]:
                hi[i] = min(hi[i], hi[j])
        bounds = list(zip(range(len(self.moves)), lo, hi))
        top_lo, top_hi = max(lo), max(hi)
        return (top_lo if top_lo == top_hi else None), bounds

    def result(self) -> list[tuple[tuple[int, int, int], int]]:
        """Every move (spec order) with its value, once all are known."""
        out = []
        for m, v in zip(self.moves, self.values):
            assert v is not None
            out.append((m, v))
        return out


def ask(f: Callable[[int, int], int], lo: int, hi: int, guess: int, null_window: bool,
        seen: Callable[[int, int], None] | None = None) -> tuple[int, bool]:
    """The root driver of both searches (this module's and the compiled one): the value clamped
    to ``[lo, hi]`` (``lo < hi``) of the position that ``f(alpha, beta)`` searches with a
    fail-soft window, and whether the caller should remember it as the previous root's value
    (:func:`remembers`). The questions are :func:`question`'s, each answer narrowing the range
    (:func:`narrow`, then told to ``seen``) until it holds one value."""
    lo0, hi0 = lo, hi
    while lo < hi:
        alpha, beta = question(lo, hi, guess, null_window)
        lo, hi = narrow(lo, hi, alpha, beta, f(alpha, beta), null_window)
        if seen is not None:
            seen(lo, hi)
    return lo, remembers(lo0, hi0, guess, lo, null_window)


def question(lo: int, hi: int, guess: int, null_window: bool) -> tuple[int, int]:
    """The window of the next question about a value known to lie in ``[lo, hi]`` (``lo < hi``):
    without null_window one search with the window around the range; with it "at least hi?"
    (the window (lo, hi)) when one question settles it, else "win?" (0, 1) first (a first answer
    of -1 already proves the loss) and "draw?" (-1, 0) first when ``guess`` is LOSS. The compiled
    search's racing lanes ask these too, about the range both lanes' answers have narrowed."""
    if not null_window:
        return lo - 1, (hi + 1 if hi < WIN else WIN)
    if hi - lo == 1:
        return lo, hi
    return (LOSS, DRAW) if guess == LOSS else (DRAW, WIN)


def narrow(lo: int, hi: int, alpha: int, beta: int, v: int, null_window: bool) -> tuple[int, int]:
    """The range ``[lo, hi]`` narrowed by the fail-soft answer ``v`` to the question
    ``(alpha, beta)`` (a full-window answer, without null_window, is the value itself)."""
    if not null_window:
        lo = hi = min(max(v, lo), hi)
    elif v >= beta:
        lo = max(lo, min(v, hi))
    else:
        hi = min(hi, max(v, lo))
    return lo, hi


def remembers(lo: int, hi: int, guess: int, v: int, null_window: bool) -> bool:
    """Whether a root of range ``[lo, hi]`` whose value came out ``v`` is remembered as the previous
    root's value (the next root without a guess of its own asks "draw?" first after a loss): when
    the value was one of three and not the one the first question aimed at (both questions asked)."""
    return null_window and hi - lo == 2 and v != (LOSS if guess == LOSS else WIN)


def check_range(lo: int, hi: int, guess: int | None) -> None:
    """``value``'s range arguments: LOSS <= lo <= hi <= WIN, guess None or a value."""
    if not LOSS <= lo <= hi <= WIN or guess not in (None, LOSS, DRAW, WIN):
        raise ValueError(f"value range [{lo}, {hi}] (guess {guess}): need LOSS <= lo <= hi <= WIN")


def child_range(known: int | None, same_mover: bool) -> tuple[int, int, int | None]:
    """The range ``[lo, hi]`` and guess for ``value`` of a child of a position whose value for
    its mover is at most ``known`` (None: no bound), from the child's mover's side
    (``same_mover``: he is the parent's mover, as after a throw-in). No move is worth more to
    the mover than his position, so the child is at most ``known`` for him. In a won position the
    guess is that the move keeps the win, so its opponent is asked "draw?" first."""
    if known is None:
        return LOSS, WIN, None
    if same_mover:
        return LOSS, known, WIN
    return -known, WIN, LOSS


def _outcome(res: Result, player: int) -> int:
    """A finished game's value for ``player``: WIN, DRAW or LOSS by the sign of his payoff."""
    p = res.payoffs[player]
    return WIN if p > 0 else LOSS if p < 0 else DRAW


def side_rules_refusal(rules: Any) -> str | None:
    """Why this solver refuses every position under ``rules``: 001's side rules it does not play
    (the spec and the engine play them; the 54-card deck, which 7 or 8 players need, among them);
    ``None`` under none."""
    side = dspec.side_options(rules)
    return f"the exact Durak solver does not play {', '.join(side)}" if side else None


def check_endgame(state: EngineState) -> None:
    """:class:`NotCovered` unless the position is two-player with at most one stock card, past the
    redeal phase (a valid position outside this solver: its caller answers it otherwise)."""
    if state.seed is not None:
        raise NotCovered("phase: the redeal phase (right after the deal: redeal or keep) is no endgame; the exact "
                         "Durak solver starts once play has begun")
    if state.er.side:  # 001's side rules: the spec and the engine play them, this search does not
        raise NotCovered(f"rules: {side_rules_refusal(state.rules)}")
    if state.n != 2:
        raise NotCovered(f"players: the exact Durak solver is for two players, this position has {state.n}")
    if len(state.stock) > 1:
        raise NotCovered(f"stock: the exact Durak solver needs at most one stock card (the face-up trump), "
                         f"this position has {len(state.stock)}")


def endgame_for(state: EngineState, reductions: Reductions | None = None, options: SolveOptions | None = None) -> Solver:
    """A fresh :class:`Solver` for this position's rules and trump."""
    check_endgame(state)
    return Solver(state.er, state.trump, reductions,
                   progress=options.progress if options else None,
                   max_nodes=options.max_nodes if options else None,
                   max_memory=options.max_memory if options else None)


def in_play(state: EngineState) -> int:
    """Cards in the two hands and on the table (what the sizes of :data:`JIT_MIN_CARDS`,
    :data:`PYTHON_FIRST_CARDS` and :data:`DISTANCE_CARDS` count; the last counts the stock too)."""
    return (state.hands[0] | state.hands[1] | state.tatt | state.tcov).bit_count()


DISTANCE_CARDS = 12
"""The distance to the end (:mod:`foolsolve.distance`) is tried on positions of at most this many
cards in the two hands, on the table and in the stock (6v6; at this many only with a short hand,
:data:`DISTANCE_SHORT_HAND`). Its trees grow about tenfold with each
card a side (seeded deck-empty endgames, the positions both it and :func:`distance_values` search:
5v5 8,600-23,900, 6v6 74,000-648,000; 7v7 over a million of its own), so beyond it the search
would only spend its budget of 60,000 and give up (``bench_durak.py --distances``); uneven hands
of 11 cards with the shorter hand leading (2v9, 3v8, 4v7) mostly finish, and some of 12 (2v10 half
of them)."""
DISTANCE_SHORT_HAND = 2
"""A position of :data:`DISTANCE_CARDS` cards exactly is tried only where one hand holds at most this
many cards: at 12 cards only 2v10 finished among seeded deck-empty endgames (4 of each split, each
side leading: 2v10 2 of 8, with the 2-card hand leading; 3v9, 4v8, 5v7 and 6v6 none, each spending
1.1-1.7 s, more on a loaded machine, to give up), so the others are refused at once."""


def distance_skip(state: EngineState) -> str | None:
    """Why the distance search is not tried on this position (too many cards), or ``None``."""
    cards = in_play(state) + len(state.stock)
    if cards > DISTANCE_CARDS:
        return f"{cards} cards in play, more than the {DISTANCE_CARDS} its search takes"
    short = min(state.hands[0].bit_count(), state.hands[1].bit_count())
    if cards == DISTANCE_CARDS and short > DISTANCE_SHORT_HAND:
        return (f"{cards} cards in play with {short} or more in each hand, more than its search takes "
                f"({DISTANCE_CARDS} only with a hand of at most {DISTANCE_SHORT_HAND})")
    return None


def distance_values(state: EngineState, budget: int, late: Callable[[], bool] | None = None) -> Solver | None:
    """The exact value search the distance search asks each position's value (the Python search:
    one question costs less there than a call into the compiled one), stopping after ``budget``
    nodes, and at a progress report where ``late()`` is true (a :class:`SearchLimit` of option
    ``"time"``); ``None`` where it does not cover the position."""

    def check(_nodes: int) -> None:
        if late is not None and late():
            raise SearchLimit("the distance search ran out of time", option="time")

    try:
        return endgame_for(state, options=SolveOptions(max_nodes=budget, progress=None if late is None else check))
    except NotCovered:
        return None


JIT_MIN_CARDS = 16
"""``jit=auto`` uses the compiled search from this many cards in the two hands and on the table
(8v8): below it the Python search mostly answers in less than the ~0.6 s it takes to load numba
(7v7 solves measured at 0.01-0.3 s; a 14-card position at 0.45 s either way)."""


PYTHON_FIRST_CARDS = 18
"""With ``jit=auto``, positions of :data:`JIT_MIN_CARDS` up to this many cards (8v8) try the
Python search first while the compiled search is not compiled yet (:func:`kernel_compiled`): the
first solve after an install then answers in seconds instead of waiting for the compile (about
30 s). Larger positions compile at once (the Python search would rarely finish in time)."""
PYTHON_FIRST_NODES = 800_000
"""Nodes the Python search may take first (about 8 s at its 8v8 rate of about 100,000 nodes/s;
the 8v8 bench positions need 10,000-540,000 to value every move); beyond them the compiled search
is compiled (announced) and answers, and the Python search's work is dropped."""


def kernel_compiled() -> bool:
    """Whether the compiled search is ready without a compile: loaded or compiled by this process
    already (whatever the cache holds: one numba cannot write, say), or fresh in numba's cache
    (:func:`kernel_in_cache`)."""
    return kernel_loaded() or kernel_in_cache()


def kernel_in_cache() -> bool:
    """Whether numba's cache holds the compiled search's entry point fresh, for the present text of
    the search, the shared module and the rules' kernel (:func:`foolsolve.background.in_numba_cache`:
    in the folder numba caches the module in, the first it can write of ``NUMBA_CACHE_DIR``, the
    package's ``__pycache__`` and numba's user cache directory; an entry in a folder numba skips, a
    read-only ``__pycache__``, does not count), read without importing numba. An entry left by an
    older text (an upgrade, an edit) does not count: numba would compile again."""
    from foolsolve import background
    from foolsolve.engines import durak_kernel
    from foolsolve.solver.durak import shared

    return background.in_numba_cache(str(Path(__file__).with_name("compiled.py")), "_run",
                                     [*durak_kernel.KEY_FILES, shared.__file__])


def python_first(state: EngineState, jit: bool | str) -> bool:
    """Whether ``solve`` tries the Python search before the compiled one (:data:`PYTHON_FIRST_CARDS`)."""
    size = in_play(state)
    return (jit == "auto" and JIT_MIN_CARDS <= size <= PYTHON_FIRST_CARDS and compiled_covers(state)
            and not kernel_compiled())


def cold_in_a_hurry(state: EngineState, jit: bool | str, options: SolveOptions) -> bool:
    """Whether the compiled search would take this position for a caller in a hurry while numba's
    cache does not hold it (:func:`kernel_compiled`): with ``jit=auto``, a position of
    :data:`JIT_MIN_CARDS` or more it covers and a deadline (``SolveOptions.deadline``:
    ``time_limit`` from Python, ``foolsolve POSITION``'s ``--time``, default 20 s) or a node budget
    the Python search spends in seconds (at most :data:`PYTHON_FIRST_NODES`: a seat analysis'
    world); with ``jit=true``, a deadline. Compiling first would spend the caller's time on a
    compile of 45 CPU seconds or more (20-45 s, over 100 s on a loaded machine) that no deadline
    can interrupt, so ``solve`` compiles nothing then: with ``jit=auto`` the Python search answers
    while a background process compiles the compiled one (:func:`compile_in_background`; with
    ``FOOLSOLVE_BACKGROUND_COMPILE=0`` nothing is compiled), ``jit=true`` is an error; without a
    hurry the compile is done at once, announced (see :data:`PYTHON_FIRST_CARDS`)."""
    if jit is True:
        hurry = options.deadline is not None
    else:
        hurry = jit == "auto" and in_play(state) >= JIT_MIN_CARDS and (
            options.deadline is not None or (options.max_nodes is not None and options.max_nodes <= PYTHON_FIRST_NODES))
    return hurry and compiled_covers(state) and not kernel_compiled()


def not_compiled_in_time() -> OptionError:
    """The one-line error of ``jit=true`` with a deadline while the compiled search is not compiled
    (:func:`cold_in_a_hurry`): its compile would not fit in the caller's time, and no limit can stop
    it (an error as ``jit=true`` where the search does not apply: what is insisted on cannot be had)."""
    from foolsolve import background

    started = " (a background process compiles it now)" if _compiling is not None else ""
    if _uncacheable:
        started = (f" ({background.no_cache_folder(str(Path(__file__).with_name('compiled.py')))}: "
                   f"{background.NO_CACHE_FIX})")
    return OptionError(f"{option_name('option')} jit: true asks for the compiled search, which is not compiled on this machine "
                       "yet"
                       f"{started}, and a time limit leaves no room for its compile (about a minute, which no limit "
                       "can stop): run python -m foolsolve.solver.durak.compiled once, give no time limit, or use "
                       "jit=auto (the Python search answers meanwhile)")


_compiling: Any = None
"""The background compile this process started (:func:`foolsolve.background.start`), if any."""
_uncacheable = False
"""Whether numba can write none of its cache folders for the compiled search
(:func:`foolsolve.background.numba_cache_folder`), as :func:`compile_in_background` found."""
_told = False
"""Whether this process has said that the Python search answers while the compiled one is not
compiled (:func:`compile_in_background`)."""


def compile_in_background(say: bool = True) -> None:
    """Start ``python -m foolsolve.solver.durak.compiled --background`` once a process (it outlives
    this one, and steps aside while another process compiles), saying so in one line on stderr, on a
    terminal or not (a notebook; and that the Python search answers meanwhile); with background
    compiles off (``FOOLSOLVE_BACKGROUND_COMPILE=0``), say on a terminal that nothing is compiled.
    Where numba can write none of its cache folders (a read-only install and home), no compile
    starts (it would be thrown away with its process): one line says why and how to let numba keep
    it (``NUMBA_CACHE_DIR``), on a terminal or not. ``say=False``:
    nothing said (``jit=true``, whose error says it, where no Python search answers)."""
    global _compiling, _told, _uncacheable
    from foolsolve import background

    if _compiling is not None or _told:
        return
    source = str(Path(__file__).with_name("compiled.py"))
    _uncacheable = background.numba_cache_folder(source) is None
    _compiling = None if _uncacheable else background.start("foolsolve.solver.durak.compiled")
    _told = True
    if not say:
        return
    from foolsolve.progress import on_a_terminal

    terminal = on_a_terminal()
    if _uncacheable:  # said on a terminal and off it: every solve of every process is the slower one
        print(f"foolsolve: the compiled Durak search is not compiled and {background.no_cache_folder(source)}, so "
              "nothing compiled is kept: the slower Python search answers within the time limit "
              f"({background.NO_CACHE_FIX})", file=sys.stderr, flush=True)
    elif _compiling is not None:  # said on a terminal and off it (a notebook): a compile of a minute has started
        print("foolsolve: compiling the Durak search in a background process, once (about a minute); until it is "
              "done the slower Python search answers", file=sys.stderr, flush=True)
    elif terminal:
        print("foolsolve: the compiled Durak search is not compiled and FOOLSOLVE_BACKGROUND_COMPILE=0 starts no "
              "background compile: the slower Python search answers within the time limit (python -m "
              "foolsolve.solver.durak.compiled compiles it once)", file=sys.stderr, flush=True)


LOAD_SHARE = 0.25
"""With a deadline, the share of the time left that :func:`solve` waits for the compiled search's
load from numba's cache (:func:`load_within`): importing numba and loading the entry point take
about 1-3 s, more on a busy machine, and no deadline can stop them."""


_loader: Any = None
"""The load this process started (:func:`load_within`; a :class:`foolsolve.background.Loading`), if any."""


def kernel_loaded() -> bool:
    """Whether this process has loaded or compiled the compiled search (it searches without a wait)."""
    loaded = sys.modules.get("foolsolve.solver.durak.compiled")
    return loaded is not None and bool(getattr(loaded, "_ready", False))


def load_within(deadline: float) -> bool:
    """Whether the compiled search, fresh in numba's cache (:func:`kernel_in_cache`) but not loaded
    by this process yet, is loaded within :data:`LOAD_SHARE` of the time left until ``deadline``
    (``time.monotonic()``). The load runs in a thread of its own, started at the first call, so
    that a caller with a deadline is not held by it: where it is not done in that share, this solve
    answers with the Python search (the same tree) in the time left, and the load goes on; the next
    solve finds it loaded."""
    global _loader
    if _loader is None:
        from foolsolve import background

        _loader = background.Loading(_load_cached, "foolsolve-durak-search-load")
    return bool(_loader.wait((deadline - time.monotonic()) * LOAD_SHARE))


def _load_cached() -> bool:
    """The compiled search loaded from numba's cache (:func:`~foolsolve.solver.durak.compiled.load_cached`)."""
    from foolsolve.solver.durak import compiled

    return compiled.load_cached()


def warm_up(state: dspec.State, extra: dict[str, Any]) -> float | None:
    """A batch worker's one-time warm-up before the clock of a line starts (``foolsolve batch``,
    :func:`foolsolve.batch.solve_task`): where :func:`solve` with the ``-o`` options ``extra`` would
    search ``state`` with the compiled search, which numba's cache holds (:func:`kernel_in_cache`)
    and this process has not loaded, the load (:func:`load_within`'s thread), waited for to the end,
    so that no line's time limit is spent on it and every line of a batch is searched alike. The
    seconds it took, or ``None`` where it loaded nothing (the compiled search loaded already, not
    compiled on this machine, not what this position would use, or the load failed: the batch's
    summary counts the processes the compiled search loaded in)."""
    if not isinstance(state, dspec.State):
        return None
    jit = extra.get("jit", "auto")
    if jit is not True and jit != "auto":  # (false, or a bad value: solve's own error)
        return None
    s = from_spec_state(state)
    try:
        check_endgame(s)
    except NotCovered:
        return None
    if (jit == "auto" and in_play(s) < JIT_MIN_CARDS) or not compiled_covers(s) or kernel_loaded() \
            or not kernel_in_cache():
        return None
    global _loader
    if _loader is None:
        from foolsolve import background

        _loader = background.Loading(_load_cached, "foolsolve-durak-search-load")
    t0 = time.monotonic()
    _loader.done.wait()
    return time.monotonic() - t0 if _loader.result else None


def loading_note() -> str:
    """The note of an answer the Python search gave while the compiled search was loading
    (:func:`load_within`)."""
    loader = _loader
    if loader is not None and loader.done.is_set() and not loader.result:
        return ("the Python search searched: the compiled search did not load from numba's cache (the solve without "
                "a time limit compiles it)")
    spent = 0.0 if loader is None else time.monotonic() - loader.started
    return (f"the Python search searched (the same tree, slower): the compiled search was still loading from numba's "
            f"cache after {spent:.1f} s, more than {LOAD_SHARE:.0%} of the time left; it goes on loading in this "
            "process, for the next solve")


def jit_choice(options: SolveOptions) -> bool | str:
    """The ``jit`` option: ``"auto"`` (default), ``true`` or ``false``."""
    value = options.extra.get("jit", "auto")
    if value is True or value is False or value == "auto":  # not ``in``: 1 == True, 0 == False
        return value
    raise OptionError(f"{option_name('option')} jit: expected true, false or auto, got {json_shown(value)}")


def search_for(state: EngineState, reductions: Reductions | None = None, options: SolveOptions | None = None,
               jit: bool | str = "auto") -> Solver | Any:
    """The search for this position: the compiled kernel of :mod:`foolsolve.solver.durak.compiled`
    (same tree, same node counts) where it applies and ``jit`` allows it, else :class:`Solver`.
    ``jit=True`` on a position the kernel does not cover is an :class:`InputError`."""
    check_endgame(state)
    size = in_play(state)
    if jit is True or (jit == "auto" and size >= JIT_MIN_CARDS):
        if compiled_covers(state):
            from foolsolve.solver.durak import compiled  # numba loads only here

            return compiled.JitEndgame(state.er, state.trump, reductions,
                                       progress=options.progress if options else None,
                                       max_nodes=options.max_nodes if options else None, cards=size,
                                       max_memory=options.max_memory if options else None)
        if jit is True:
            raise OptionError(f"{option_name('option')} jit: the compiled search does not apply here (it covers two players, "
                              "the stock empty, not the first bout, simple or podkidnoy)")
    return endgame_for(state, reductions, options)


def principal_variation(eg: Solver, state: EngineState, value: int, first: list[tuple[tuple[int, int, int], int]],
                        limit: int = PV_LIMIT) -> tuple[list[str], list[str]]:
    """Best play from ``state``, whose exact value for its mover is ``value`` and whose move
    values are ``first``: at each step the first move (spec order) of the best value. Returns the
    move texts and notes (a repeated position or the length limit ends it early).

    Below the root only that first move is sought: the position's value ``w`` is known (the
    value of the move that led to it), no move is worth more, so the first move whose child is
    worth ``w`` to the mover is found by one null-window question per move tried, and in a lost
    position the first legal move is best (no search at all). Every child is searched as a root
    (never ``eg.value`` of a node met inside a search: there, a non-fresh node of the take_first
    reduction only bounds the true value)."""
    def choose(s: EngineState, w: int) -> tuple[int, int, int]:
        return next(m for m, v in first if v == w) if s is state else first_with_value(eg, s, w)

    return walk_pv(state, value, choose, limit)


def walk_pv(state: EngineState, value: int, choose: Callable[[EngineState, int], tuple[int, int, int]],
            limit: int = PV_LIMIT) -> tuple[list[str], list[str]]:
    """Best play from ``state``, worth ``value`` to its mover: at each step ``choose(s, w)``, the
    move of ``s`` worth ``w`` to its mover (``w`` the value of ``s``), until the game ends, a
    position repeats (endless play) or ``limit`` moves. Returns the move texts and notes. The walk
    of :func:`principal_variation` and of the search over the stock's principal variation."""
    pv: list[str] = []
    notes: list[str] = []
    seen: set[Any] = set()
    s = state
    w = value
    while game_result(s) is None:
        k = s.key()
        if k in seen:
            notes.append("the principal variation repeats a position here (endless play: a draw)")
            break
        seen.add(k)
        if len(pv) >= limit:
            notes.append(f"principal variation cut after {limit} moves")
            break
        me = s.to_move
        m = choose(s, w)
        pv.append(move_text(m))
        s = play(s, m)
        if game_result(s) is None and s.to_move != me:
            w = -w
    return pv, notes


def first_with_value(eg: Solver, s: EngineState, w: int) -> tuple[int, int, int]:
    """The first legal move (spec order) of ``s`` worth ``w`` to its mover, when ``w`` is the
    value of ``s`` (so no move is worth more)."""
    me = s.to_move
    moves = legal(s)
    if w == LOSS:
        return moves[0]
    for m in moves:
        child = play(s, m)
        res = game_result(child)
        if res is not None:
            if _outcome(res, me) == w:
                return m
        elif child.to_move == me:
            if eg.value(child, w - 1, w) == w:  # "at least w?"
                return m
        elif eg.value(child, -w, 1 - w) == -w:  # "at most -w for him?"
            return m
    raise AssertionError(f"no move of a position worth {w} is worth {w}")


OPTIONS: dict[str, str] = {
    "moves": SHARED_OPTIONS["moves"] + " (often several times faster: every move of a won position needs a proof of "
             "its own)",
    "pv": SHARED_OPTIONS["pv"] + "; needs moves=true",
    "jit": "auto|true|false: the compiled search (numba) from 16 cards in the hands and on the table (auto), always "
           "(true: an error where it does not apply) or never",
    "reductions": 'an object of true/false switches of the search\'s sound reductions, e.g. {"twins": false} '
                  "(docs/durak-solver.md)",
}

OPTION_DEFAULTS: dict[str, Any] = {"moves": True, "jit": "auto"}
"""The defaults of :data:`OPTIONS` that depend neither on the position nor on other options, as
:func:`solve` reads them (the result store keys an option given at its default as the answer
without it: :attr:`foolsolve.games.base.GameInfo.solver_option_defaults`)."""
"""The Durak solver's options (``-o KEY=VALUE``; ``foolsolve rules durak --solver``)."""


def check_options(options: SolveOptions) -> None:
    """Every option's name and value, whatever the position (:func:`solve` checks them first; the
    command line checks them before any search, :func:`foolsolve.solver.open_hand.check_options`)."""
    check_extra(options, tuple(OPTIONS), "Durak")
    jit_choice(options)
    want_moves = bool_option(options, "moves", True)
    if bool_option(options, "pv", want_moves) and not want_moves:
        raise OptionError(f"{option_name('option')} pv: a principal variation values every move along it, so it needs "
                          "moves=true")
    Reductions.from_json(options.extra.get("reductions"))


def method_text(result: SolveResult, extra: dict[str, Any]) -> str:
    """The method of one of :func:`solve`'s answers in words (the registry's ``solver_method``):
    both searches, Python and compiled, search the same tree."""
    return ("Durak endgame solver: exact alpha-beta search with a transposition table over the two-player endgame, "
            "where every card's place is known (win, draw or loss for the side to move)")


def solve(state: dspec.State, options: SolveOptions) -> SolveResult:
    """Exact value, every move's value and a principal variation of a two-player Durak position
    with at most one stock card, or with more where :func:`foolsolve.solver.durak.stock.solve_stock`
    takes it (at most :data:`~foolsolve.solver.durak.stock.STOCK_SEARCH_CARDS` cards in the hands, on
    the table and in the stock). ``options.extra``: ``reductions`` (switches, see
    :class:`Reductions`), ``pv`` (false: skip the principal variation), ``moves`` (false: the
    game value alone, no per-move values, best moves or principal variation; often several
    times faster, since every move of a won position needs a proof of its own), ``jit``
    (``auto``: the compiled search of :mod:`foolsolve.solver.durak.compiled` for positions of
    :data:`JIT_MIN_CARDS` cards or more where it applies; ``true``: always, an error where it
    does not apply; ``false``: never)."""
    if not isinstance(state, dspec.State):
        raise InputError("position: not a Durak position")
    check_options(options)
    jit = jit_choice(options)
    want_moves = bool_option(options, "moves", True)
    want_pv = bool_option(options, "pv", want_moves)
    t0 = time.perf_counter()
    s = from_spec_state(state)
    reductions = Reductions.from_json(options.extra.get("reductions"))
    if s.n == 2 and len(s.stock) > 1 and s.seed is None and not s.er.side:
        from foolsolve.solver.durak.stock import solve_stock

        return solve_stock(s, options, reductions, jit, want_moves, want_pv)
    if cold_in_a_hurry(s, jit, options):
        # the caller's time is not spent on the compile: the Python search, the same tree, answers
        # (or stops at the deadline, the caller's fallback then answering) while a background process
        # compiles it, where one may (the answer is the same; the result store keeps it without a word
        # of which search found it); jit=true, which insists on the compiled search, stops at once
        compile_in_background(say=jit is not True)
        if jit is True:  # (its error says whether a background process compiles it: nothing printed before)
            raise not_compiled_in_time()
        return _solve(s, endgame_for(s, reductions, options), want_moves, want_pv, t0, options.proved)
    if python_first(s, jit):
        limit = options.max_nodes
        budget = PYTHON_FIRST_NODES if limit is None else min(limit, PYTHON_FIRST_NODES)
        eg: Solver | Any = endgame_for(s, reductions, SolveOptions(max_nodes=budget, progress=options.progress))
        try:
            return _solve(s, eg, want_moves, want_pv, t0, options.proved)
        except SearchLimit as exc:
            # the budget hands over to the compiled search; any other limit (the caller's own) stops
            if exc.option != "nodes" or (limit is not None and limit <= PYTHON_FIRST_NODES):
                raise
    if (options.deadline is not None and jit == "auto" and in_play(s) >= JIT_MIN_CARDS and compiled_covers(s)
            and not kernel_loaded() and not load_within(options.deadline)):
        # the load from numba's cache is not spent out of the caller's time: past its share of it, the
        # Python search answers while the load goes on in its thread
        return _noted(loading_note(), lambda: _solve(s, endgame_for(s, reductions, options), want_moves, want_pv, t0,
                                                     options.proved))
    loaded = kernel_loaded()
    started = time.perf_counter()
    eg = search_for(s, reductions, options, jit)
    if not loaded and kernel_loaded():
        # the compiled search loaded (or compiled, jit=true on a cold cache) here: the result's
        # seconds (printed, stored as the first solve's) are the search's. No note says so: the
        # answer is the same whether this process had loaded it (same_answer, the store); the
        # compile announces itself on stderr
        t0 += time.perf_counter() - started
    return _solve(s, eg, want_moves, want_pv, t0, options.proved)


def _noted(note: str, solve: Callable[[], SolveResult]) -> SolveResult:
    """``solve()``'s result with ``note`` added to its notes (and to the notes of what a limit
    left of it, :attr:`SearchLimit.partial`)."""
    try:
        result = solve()
    except SearchLimit as exc:
        if exc.partial is not None:
            exc.partial.notes.append(note)
        exc.searched_by = note
        raise
    result.notes.append(note)
    return result


def _solve(s: EngineState, eg: Solver | Any, want_moves: bool, want_pv: bool, t0: float,
           proved: Callable[[SolveResult], None] | None = None) -> SolveResult:
    """:func:`solve`'s answer by the search ``eg`` (``proved``: ``SolveOptions.proved``)."""
    res = game_result(s)
    if res is not None:
        return SolveResult(game=dspec.META.name, to_move=s.to_move, value=wdl(_outcome(res, s.to_move)), moves=[], pv=[],
                           nodes=0, seconds=time.perf_counter() - t0, best=[], notes=[f"game over: {res.label}"])
    if not legal(s):
        raise InputError("position: no legal moves although the game is not over")
    perev_note = ["endless play (a repeated position) counts as a draw"] if s.er.variant == PEREVODNOY else []
    if not want_moves:
        v = eg.value(s)
        return SolveResult(game=dspec.META.name, to_move=s.to_move, value=wdl(v), moves=[], pv=[], nodes=eg.nodes,
                           seconds=time.perf_counter() - t0, best=[], value_only=True,
                           notes=["moves=false: the game value alone was searched", *perev_note])
    # The moves are valued without asking the position first: measured side by side on the
    # 10v10 bench set, asking it first was slower on 4 of 5 finished positions (when a root
    # question ran on one thread), and with both threads racing it was still slower on won
    # positions (docs/durak-solver.md, "What a stopped solve keeps"). A limit that stops the
    # moves keeps what they proved (SearchLimit.partial)
    plan = RootPlan(s, eg.reductions)
    if proved is not None:
        plan.on_put = lambda: proved(_partial(s, plan, eg.nodes, time.perf_counter() - t0, perev_note))
    try:
        mv = eg.move_values(s, plan=plan)
    except (SearchLimit, KeyboardInterrupt) as exc:
        raise with_partial(exc, _partial(s, plan, eg.nodes, time.perf_counter() - t0, perev_note)) from None
    top = max(v for _, v in mv)
    moves = [MoveValue(move_text(m), wdl(v)) for m, v in mv]
    best = [move_text(m) for m, v in mv if v == top]
    pv: list[str] = []
    notes: list[str] = []
    if want_pv:
        pv, notes = principal_variation(eg, s, top, mv)
    notes += perev_note
    return SolveResult(game=dspec.META.name, to_move=s.to_move, value=wdl(top), moves=moves, pv=pv, nodes=eg.nodes,
                       seconds=time.perf_counter() - t0, best=best, notes=notes)


def _partial(s: EngineState, plan: RootPlan, nodes: int, seconds: float, notes: list[str]) -> SolveResult:
    """What a limit left of a solve that values every move (``SearchLimit.partial``): the moves
    valued, the others with their proved bounds, and the position's value where those decide it
    (else ``None``); no principal variation."""
    value, bounds = plan.partial()
    moves = [MoveValue(move_text(plan.moves[i]), wdl(lo)) for i, lo, hi in bounds if lo == hi]
    unfinished = [MoveBound(move_text(plan.moves[i]), wdl(lo), wdl(hi)) for i, lo, hi in bounds if lo != hi]
    best = [move_text(plan.moves[i]) for i, lo, hi in bounds if lo == hi == value]
    return SolveResult(game=dspec.META.name, to_move=s.to_move, value=None if value is None else wdl(value),
                       moves=moves, pv=[], nodes=nodes, seconds=seconds, best=best, notes=list(notes),
                       unfinished=unfinished)
