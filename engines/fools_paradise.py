"""Fool's Paradise, fast: the game of ``spec/fools_paradise.py`` on integer bitmasks.

Representation
--------------
* A *physical card* is ``copy * 64 + card.index`` (``copy`` < ``decks``); every zone is a
  bitmask of physical cards (with one deck: the card's own index bit). Copies are
  interchangeable, so the engine generates each move once per multiset (the lowest copy
  present stands for the others) and :meth:`FoolsParadiseEngine.to_spec` forgets copy
  numbers.
* A *count vector* is an int holding, per rank 2..14 (ace last), the number of cards of
  that rank in ``W``-bit fields (``rank_slot = rank - 2``). Suits play no part in
  collecting (000 §Collecting Cards) or in scoring, so collections are generated on count
  vectors: a depth-first subset-sum over the ranks that may be taken, pruned by the set of
  residues (mod the played value) the remaining ranks can still reach, memoised per
  (centre counts, played rank). Only the count vectors that work are expanded into the
  suit choices (each expansion is a distinct legal move, so the cost is output-bound).
* The same count-vector layer plays the game with suits forgotten (:class:`RankState`,
  :meth:`Ctx.rank_moves`, :meth:`Ctx.rank_apply`): the endgame solver searches it, since
  two positions that differ only in suits have the same value.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

from foolsolve.cards import FRENCH52, Card
from foolsolve.game import CHANCE, Engine, Result
from foolsolve.spec.fools_paradise import (
    ACE,
    CENTRE_SIZE,
    SPEC,
    Collect,
    Lay,
    Move,
    Reveal,
    Rules,
    State,
    card_points,
)

RANKS = tuple(range(2, 15))
"""Ranks 2..14 (ace = 14); a rank's count-vector field is ``rank - 2``."""
COPY_STRIDE = 64
"""Physical card id = copy * COPY_STRIDE + card.index."""
CACHE_LIMIT = 400_000
"""Entries kept per memo table before it is cleared."""
ENTRY_LIMIT = 256
"""Largest number of sub-count-vectors of the centre enumerated outright."""


class Ctx:
    """Tables for one rules value (shared by every state played under those rules)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        d = rules.decks
        self.decks = d
        self.collected = rules.played_card == "collected"
        self.sweep_clear = rules.last_card_sweep_counts_as_clear
        self.ace = rules.ace
        self.W = (4 * d).bit_length()
        self.field_mask = (1 << self.W) - 1
        self.shift = {r: (r - 2) * self.W for r in RANKS}
        self.unit = {r: 1 << self.shift[r] for r in RANKS}
        self.rank_mask = {r: 0 for r in RANKS}
        self.rank_of = [0] * (COPY_STRIDE * d)
        self.pts_of = [0] * (COPY_STRIDE * d)
        self.card_of: list[Card | None] = [None] * (COPY_STRIDE * d)
        self.unit_of = [0] * (COPY_STRIDE * d)
        self.rank_pts = {r: card_points(FRENCH52.card("S", r), rules) for r in RANKS}
        for copy in range(d):
            for c in FRENCH52.cards:
                pid = copy * COPY_STRIDE + c.index
                self.rank_mask[c.rank] |= 1 << pid
                self.rank_of[pid] = c.rank
                self.pts_of[pid] = self.rank_pts[c.rank]
                self.card_of[pid] = c
                self.unit_of[pid] = self.unit[c.rank]
        # count-vector fields a played card of rank r may ever take: ranks <= its top value, and aces
        self.elig_mask = {}
        for r in RANKS:
            top = max(self.played_values(r))
            self.elig_mask[r] = sum(self.field_mask << self.shift[q] for q in RANKS if q <= top or q == ACE)
        self.elig_by_rank = [self.elig_mask.get(r, 0) for r in range(15)]
        self._played = self._played_table()
        self._rank_shifts = [(q, self.shift[q]) for q in RANKS]
        self._opt_table = {(q, c, v): self._options(q, c, v)
                           for q in RANKS for c in range(4 * d + 1) for v in range(1, 15)}
        self._vec_cache: dict[tuple[int, int], tuple[int, ...]] = {}
        self._entry_cache: dict[int, tuple[list[tuple[int, int]], list[int]] | None] = {}
        self._ksub_cache: dict[tuple[int, int], tuple[int, ...]] = {}
        self._parts_cache: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self.low_bits = sum(1 << self.shift[r] for r in RANKS)
        self.spread = tuple(range(1, self.W))
        self.phys_of: dict[int, int] = {}
        self._plan_cache: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self._rank_masks = [(r, self.rank_mask[r], self.shift[r]) for r in RANKS]
        self._vpts_cache: dict[int, int] = {}

    # -- count vectors --

    def counts(self, mask: int) -> int:
        """Count vector of a physical-card mask."""
        out = 0
        unit = self.unit_of
        while mask:
            low = mask & -mask
            out += unit[low.bit_length() - 1]
            mask ^= low
        return out

    def count(self, vec: int, r: int) -> int:
        """Cards of rank ``r`` in a count vector."""
        return (vec >> self.shift[r]) & self.field_mask

    def vec_points(self, vec: int) -> int:
        """Points of the cards of a count vector."""
        hit = self._vpts_cache.get(vec)
        if hit is None:
            hit = sum(self.count(vec, r) * self.rank_pts[r] for r in RANKS)
            if len(self._vpts_cache) > CACHE_LIMIT:
                self._vpts_cache.clear()
            self._vpts_cache[vec] = hit
        return hit

    def played_values(self, r: int) -> tuple[int, ...]:
        """Values the played card of rank ``r`` may take (000 §Card Values, option ``ace``)."""
        if r != ACE:
            return (r,)
        return {"low": (1,), "high": (14,)}.get(self.ace, (1, 14))

    def _played_table(self) -> list[tuple[int, ...]]:
        return [self.played_values(r) if r >= 2 else () for r in range(15)]

    def _ace_residues(self, k: int, v: int) -> tuple[int, ...]:
        """Residues (mod v) that ``k`` collected aces can add when the played value is ``v``
        (empty when ``k`` aces cannot be collected)."""
        if k == 0:
            return (0,)
        if self.ace == "high" or (self.ace == "either_per_play" and v == 14):
            return (0,) if v == 14 else ()  # aces are 14: only <= v for v = 14, and 14 = 0 mod 14
        if self.ace == "either" and v == 14:
            return tuple(sorted({j % 14 for j in range(k + 1)}))  # j aces valued 1, the rest 14
        return (k % v,)  # aces valued 1 (the only value <= v when v < 14)

    def vectors(self, centre_vec: int, r: int) -> tuple[int, ...]:
        """Every non-empty count vector a card of rank ``r`` can collect from the centre."""
        key = (centre_vec & self.elig_by_rank[r], r)  # ranks that card can never take do not matter
        hit = self._vec_cache.get(key)
        if hit is not None:
            return hit
        if centre_vec in self._entry_cache:
            entries = self._entry_cache[centre_vec]
        else:
            entries = self._entries(centre_vec)
        if entries is not None:
            found = self._filter(entries, centre_vec, r)
            res = tuple(found)
            if len(self._vec_cache) > CACHE_LIMIT:
                self._vec_cache.clear()
            self._vec_cache[key] = res
            return res
        else:  # a big centre: subset-sum per played value, meet in the middle
            found = set()
            cv = key[0]
            fm = self.field_mask
            present = [(q, c) for q, sh in self._rank_shifts if (c := (cv >> sh) & fm)]
            table = self._opt_table
            for v in self._played[r]:
                opts = [o for q, c in present if (o := table[q, c, v])]
                if opts:
                    _subset_sum(opts, v, found)
            found.discard(0)
        res = tuple(sorted(found))
        if len(self._vec_cache) > CACHE_LIMIT:
            self._vec_cache.clear()
        self._vec_cache[key] = res
        return res

    def plans(self, centre_vec: int, r: int) -> tuple[tuple[int, int, int], ...]:
        """:meth:`vectors` with, per vector, the count-vector fields of its ranks and the
        physical cards of its ranks (when the centre holds exactly the vector's counts of
        those ranks, the taken cards are ``centre & phys``)."""
        out = []
        fm = self.field_mask
        for vec in self.vectors(centre_vec, r):
            x = vec
            for k in self.spread:
                x |= vec >> k
            t = x & self.low_bits  # lowest bit of every rank field the vector uses
            ph = self.phys_of.get(t)
            if ph is None:
                ph = self.phys_for(t)
            out.append((vec, t * fm, ph))
        res = tuple(out)
        if len(self._plan_cache) > CACHE_LIMIT:
            self._plan_cache.clear()
        self._plan_cache[((centre_vec & self.elig_by_rank[r]) << 4) | r] = res
        return res

    def phys_for(self, t: int) -> int:
        """Physical mask of every card of the ranks whose field's lowest bit is set in ``t``."""
        ph = 0
        for r in RANKS:
            if (t >> self.shift[r]) & 1:
                ph |= self.rank_mask[r]
        self.phys_of[t] = ph
        return ph

    def _entries(self, centre_vec: int) -> tuple[list[tuple[int, int]], list[int]] | None:
        """Every sub-count-vector of the non-ace centre cards as ``(sum, vector)``, built rank
        by rank upwards, with ``ends[q]`` = how many of them use only ranks <= q (a prefix);
        ``None`` when there would be more than :data:`ENTRY_LIMIT` (the caller then uses the
        meet-in-the-middle search)."""
        fm = self.field_mask
        size = 1
        present = []
        for q, sh in self._rank_shifts[:-1]:
            c = (centre_vec >> sh) & fm
            if c:
                present.append((q, sh, c))
                size *= c + 1
        res: tuple[list[tuple[int, int]], list[int]] | None = None
        if size <= ENTRY_LIMIT:
            out: list[tuple[int, int]] = [(0, 0)]
            ends = [1] * 15
            for q, sh, c in present:
                if c == 1:
                    out += [(s + q, x | (1 << sh)) for s, x in out]
                else:
                    out += [(s + k * q, x | (k << sh)) for k in range(1, c + 1) for s, x in out]
                ends[q] = len(out)
            for q in range(3, 15):  # ranks absent from the centre end where the rank below ends
                if ends[q] < ends[q - 1]:
                    ends[q] = ends[q - 1]
            res = (out, ends)
        if len(self._entry_cache) > CACHE_LIMIT:
            self._entry_cache.clear()
        self._entry_cache[centre_vec] = res
        return res

    def _filter(self, entries: tuple[list[tuple[int, int]], list[int]], centre_vec: int, r: int) -> set[int]:
        """The sub-vectors a card of rank ``r`` collects (000 §Collecting Cards; option ``ace``)."""
        out, ends = entries
        found: set[int] = set()
        sh = self.shift[ACE]
        ca = (centre_vec >> sh) & self.field_mask
        ace = self.ace
        for v in self._played[r]:
            if v == 1:
                # the ace played low takes aces only (each counts 1, every sum is a multiple of 1)
                found.update(a << sh for a in range(1, ca + 1))
                continue
            prefix = out[:ends[v]] if v < 14 else out  # every taken card <= v
            if v < 14:
                if ca and ace != "high":
                    # a collected ace can only count 1 here (14 > v): a aces close the sum
                    found.update(x | (a << sh) for s, x in prefix for a in range((-s) % v, ca + 1, v))
                else:
                    found.update(x for s, x in prefix if s % v == 0)
            elif ace == "either":
                # j of the a aces count 1, the others 14 (= 0 mod 14): needs a >= (-s) mod 14
                found.update(x | (a << sh) for s, x in prefix for a in range((-s) % 14, ca + 1))
            else:  # high, either_per_play with the ace played high: every collected ace counts 14
                found.update(x | (a << sh) for s, x in prefix if s % 14 == 0 for a in range(ca + 1))
        found.discard(0)
        return found

    def _options(self, q: int, c: int, v: int) -> tuple[tuple[int, int], ...]:
        """Choices for taking 0..c cards of rank ``q`` when the played value is ``v``:
        ``(residue mod v added, count-vector part)``; empty when the rank cannot be taken."""
        sh = self.shift[q]
        if q == ACE:
            return tuple((a, k << sh) for k in range(c + 1) for a in self._ace_residues(k, v))
        if q > v:
            return ()  # 000 §Collecting Cards: "each single card collected is less than or equal"
        return tuple(((k * q) % v, k << sh) for k in range(c + 1))

    def ksubsets(self, mask: int, k: int) -> tuple[int, ...]:
        """The distinct k-card sub-multisets of ``mask`` (lowest copies stand for the rest)."""
        key = (mask, k)
        hit = self._ksub_cache.get(key)
        if hit is not None:
            return hit
        bits = []
        m = mask
        while m:
            low = m & -m
            bits.append(low)
            m ^= low
        out: list[int] = []
        if self.decks == 1:
            for combo in itertools.combinations(bits, k):
                s = 0
                for b in combo:
                    s |= b
                out.append(s)
        else:
            seen: set[tuple[int, ...]] = set()
            for combo in itertools.combinations(bits, k):
                ident = tuple(sorted((b.bit_length() - 1) % COPY_STRIDE for b in combo))
                if ident in seen:
                    continue
                seen.add(ident)
                s = 0
                for b in combo:
                    s |= b
                out.append(s)
        res = tuple(out)
        if len(self._ksub_cache) > CACHE_LIMIT:
            self._ksub_cache.clear()
        self._ksub_cache[key] = res
        return res

    def _parts(self, vec: int) -> tuple[tuple[int, int, int], ...]:
        """``(physical mask of the rank, count, count-vector field)`` per rank of a vector."""
        hit = self._parts_cache.get(vec)
        if hit is None:
            hit = tuple((self.rank_mask[r], (vec >> self.shift[r]) & self.field_mask, self.field_mask << self.shift[r])
                        for r in RANKS if (vec >> self.shift[r]) & self.field_mask)
            if len(self._parts_cache) > CACHE_LIMIT:
                self._parts_cache.clear()
            self._parts_cache[vec] = hit
        return hit

    def expand(self, centre: int, vec: int) -> list[int]:
        """Every physical card set of the centre with the counts of ``vec``."""
        parts = self._parts_cache.get(vec)
        if parts is None:
            parts = self._parts(vec)
        fixed = 0
        out: list[int] | None = None
        for rm, k, _ in parts:
            sub = centre & rm
            if sub.bit_count() == k:
                fixed |= sub  # every card of that rank is taken: one choice
                continue
            ch = self._ksub_cache.get((sub, k))
            if ch is None:
                ch = self.ksubsets(sub, k)
            out = list(ch) if out is None else [x | b for x in out for b in ch]
        if out is None:
            return [fixed]
        return [x | fixed for x in out] if fixed else out

    def mask_points(self, mask: int) -> int:
        """Points of a physical-card mask."""
        total = 0
        pts = self.pts_of
        while mask:
            low = mask & -mask
            total += pts[low.bit_length() - 1]
            mask ^= low
        return total

    # -- the suit-free game (used by the endgame solver) --

    def rank_moves(self, st: RankState) -> list[tuple[int, int]]:
        """Moves of a :class:`RankState`: ``(rank, vec)``; ``vec == 0`` is a lay."""
        hand = st.hands[st.to_move]
        out: list[tuple[int, int]] = []
        for r in RANKS:
            if (hand >> self.shift[r]) & self.field_mask:
                for vec in self.vectors(st.centre, r):
                    out.append((r, vec))
                out.append((r, 0))
        return out

    def rank_apply(self, st: RankState, move: tuple[int, int]) -> RankState:
        """The successor of a :class:`RankState` (same rules as the card-level engine)."""
        r, vec = move
        p = st.to_move
        unit = self.unit[r]
        hands = list(st.hands)
        hands[p] -= unit
        centre = st.centre
        scores = list(st.scores)
        cleared = False
        if vec == 0:
            centre += unit
        else:
            centre -= vec
            gain = self.vec_points(vec)
            if self.collected:
                gain += self.rank_pts[r]
            if centre == 0:
                cleared = True
                gain += 1
            if not self.collected:
                centre += unit
            scores[p] += gain
        sp = st.sp
        stock = st.stock
        if sp < len(stock):
            hands[p] += self.unit[stock[sp]]
            sp += 1
        if cleared:
            end = min(sp + CENTRE_SIZE, len(stock))
            for i in range(sp, end):
                centre += self.unit[stock[i]]
            sp = end
        n = len(hands)
        for i in range(1, n + 1):
            q = (p + i) % n
            if hands[q]:
                return RankState(tuple(hands), centre, stock, sp, q, tuple(scores))
        if centre:
            scores[p] += self.vec_points(centre) + (1 if self.sweep_clear else 0)
        return RankState(tuple(hands), 0, stock, sp, p, tuple(scores), True)

    def rank_moves_by_gain(self, st: RankState) -> list[tuple[int, tuple[int, int]]]:
        """``(points banked at once, move)`` for every move of a :class:`RankState`."""
        hand = st.hands[st.to_move]
        centre = st.centre
        out: list[tuple[int, tuple[int, int]]] = []
        collected = self.collected
        vec_points = self.vec_points
        for r in RANKS:
            if (hand >> self.shift[r]) & self.field_mask:
                own = self.rank_pts[r] if collected else 0
                for vec in self.vectors(centre, r):
                    out.append((vec_points(vec) + own + (vec == centre), (r, vec)))
                out.append((0, (r, 0)))
        return out

    def move_gain(self, st: RankState, move: tuple[int, int]) -> int:
        """Points the mover banks with this move at once (for move ordering)."""
        r, vec = move
        if vec == 0:
            return 0
        g = self.vec_points(vec) + (self.rank_pts[r] if self.collected else 0)
        return g + (1 if st.centre == vec else 0)


class RankState(NamedTuple):
    """A position with suits forgotten: count vectors for hands and centre, the stock as a
    tuple of ranks in draw order with a read pointer, scores so far."""

    hands: tuple[int, ...]
    centre: int
    stock: tuple[int, ...]
    sp: int
    to_move: int
    scores: tuple[int, ...]
    over: bool = False


def _subset_sum(opts: list[tuple[tuple[int, int], ...]], v: int, found: set[int]) -> None:
    """Add to ``found`` every combination of one choice per option list whose residues sum
    to 0 mod ``v`` (meet in the middle once there are more than three lists)."""
    if len(opts) <= 3:
        cur: list[tuple[int, int]] = [(0, 0)]
        for opt in opts:
            cur = [((s + a) % v, x | p) for s, x in cur for a, p in opt]
        found.update(x for s, x in cur if s == 0)
        return
    half = len(opts) // 2
    left: list[tuple[int, int]] = [(0, 0)]
    for opt in opts[:half]:
        left = [((s + a) % v, x | p) for s, x in left for a, p in opt]
    right: list[tuple[int, int]] = [(0, 0)]
    for opt in opts[half:]:
        right = [((s + a) % v, x | p) for s, x in right for a, p in opt]
    by_res: dict[int, list[int]] = {}
    for s, x in right:
        by_res.setdefault(s, []).append(x)
    for s, x in left:
        for y in by_res.get((v - s) % v, ()):
            found.add(x | y)




_CTX: dict[Rules, Ctx] = {}


def ctx_for(rules: Rules) -> Ctx:
    """The shared tables of a rules value."""
    c = _CTX.get(rules)
    if c is None:
        c = _CTX[rules] = Ctx(rules)
    return c


class EState:
    """An engine position (treat as immutable: :meth:`FoolsParadiseEngine.apply` copies).

    ``stock`` is the draw order of physical ids read from ``sp`` when ``known``; when the
    order is unknown ``stock_mask`` holds the stock's cards. ``pending`` is ``None`` or
    ``(must_draw, refill)`` as in the spec. ``cvec`` is the count vector of ``centre``."""

    __slots__ = ("centre", "clears", "ctx", "cvec", "dealer", "hands", "known", "pending", "piles", "scores", "sp",
                 "stock", "stock_mask", "to_move")

    def __init__(self, ctx: Ctx, hands: tuple[int, ...], centre: int, cvec: int, stock: tuple[int, ...], sp: int,
                 known: bool, stock_mask: int, piles: tuple[int, ...], clears: tuple[int, ...],
                 scores: tuple[int, ...], to_move: int, dealer: int, pending: tuple[bool, int] | None) -> None:
        self.ctx = ctx
        self.hands = hands
        self.centre = centre
        self.cvec = cvec
        self.stock = stock
        self.sp = sp
        self.known = known
        self.stock_mask = stock_mask
        self.piles = piles
        self.clears = clears
        self.scores = scores
        self.to_move = to_move
        self.dealer = dealer
        self.pending = pending

    def stock_left(self) -> int:
        """Cards left in the stock."""
        return len(self.stock) - self.sp if self.known else self.stock_mask.bit_count()

    def terminal(self) -> bool:
        """Every hand empty and nothing pending."""
        return self.pending is None and not any(self.hands)


EMove = int
"""An engine move as one int (ints are cheap and untracked by the garbage collector):
``(taken mask << MOVE_SHIFT) | hand physical id``, taken 0 = a lay; a chance outcome (the
next stock card is physical card ``pid``) is ``-(pid + 1)``."""
MOVE_SHIFT = 10
HAND_ID_MASK = (1 << MOVE_SHIFT) - 1


def decode(move: EMove) -> tuple[int, int]:
    """``(hand physical id, taken mask)`` of a move; ``(-1, card bit)`` for a chance outcome."""
    if move < 0:
        return -1, 1 << (-move - 1)
    return move & HAND_ID_MASK, move >> MOVE_SHIFT


class FoolsParadiseEngine(Engine[EState, EMove]):
    """The fast engine."""

    spec = SPEC

    # -- conversion --

    def from_spec(self, state: State) -> EState:
        """Physical ids are handed out zone by zone, lowest copy first."""
        ctx = ctx_for(state.rules)
        used: dict[int, int] = {}

        def pid(c: Card) -> int:
            k = used.get(c.index, 0)
            used[c.index] = k + 1
            return k * COPY_STRIDE + c.index

        def mask(cards: Sequence[Card]) -> int:
            m = 0
            for c in cards:
                m |= 1 << pid(c)
            return m

        hands = tuple(mask(h) for h in state.hands)
        centre = mask(state.centre)
        piles = tuple(mask(p) for p in state.piles)
        if state.stock_known:
            stock = tuple(pid(c) for c in state.stock)
            smask = 0
        else:
            stock = ()
            smask = mask(state.stock)
        scores = tuple(ctx.mask_points(p) + c for p, c in zip(piles, state.clears))
        return EState(ctx, hands, centre, ctx.counts(centre), stock, 0, state.stock_known, smask, piles,
                      tuple(state.clears), scores, state.to_move, state.dealer, state.pending)

    def _cards(self, ctx: Ctx, mask: int) -> tuple[Card, ...]:
        out = []
        card_of = ctx.card_of
        while mask:
            low = mask & -mask
            c = card_of[low.bit_length() - 1]
            assert c is not None
            out.append(c)
            mask ^= low
        return tuple(sorted(out, key=lambda c: c.index))

    def to_spec(self, state: EState) -> State:
        """Copy numbers are forgotten."""
        ctx = state.ctx
        if state.known:
            stock = tuple(ctx.card_of[i] for i in state.stock[state.sp:])
        else:
            stock = self._cards(ctx, state.stock_mask)
        return State(rules=ctx.rules, hands=tuple(self._cards(ctx, h) for h in state.hands),
                     centre=self._cards(ctx, state.centre), stock=stock,  # type: ignore[arg-type]
                     stock_known=state.known, piles=tuple(self._cards(ctx, p) for p in state.piles),
                     clears=state.clears, to_move=state.to_move, dealer=state.dealer, pending=state.pending)

    # -- moves --

    def legal_moves(self, state: EState) -> list[EMove]:
        """Collections (generated on count vectors, then expanded to cards) and lays."""
        if state.pending is not None:
            return [-b.bit_length() for b in self._distinct_bits(state.stock_mask)]
        hand = state.hands[state.to_move]
        ctx = state.ctx
        centre = state.centre
        if ctx.decks > 1:
            hand_ids = [hb.bit_length() - 1 for hb in self._distinct_bits(hand)]
        else:
            hand_ids = []
            while hand:
                low = hand & -hand
                hand_ids.append(low.bit_length() - 1)
                hand ^= low
        if not centre:
            return hand_ids
        cvec = state.cvec
        moves: list[EMove] = []
        by_rank: dict[int, list[int]] = {}
        rank_of = ctx.rank_of
        plan_cache = ctx._plan_cache
        elig = ctx.elig_by_rank
        for hid in hand_ids:
            r = rank_of[hid]
            taken_list = by_rank.get(r)
            if taken_list is None:
                plans = plan_cache.get(((cvec & elig[r]) << 4) | r)
                if plans is None:
                    plans = ctx.plans(cvec, r)
                taken_list = []
                for vec, fields, phys in plans:
                    if cvec & fields == vec:
                        # the vector takes every centre card of its ranks: one choice
                        taken_list.append((centre & phys) << MOVE_SHIFT)
                    else:
                        taken_list.extend([t << MOVE_SHIFT for t in ctx.expand(centre, vec)])
                by_rank[r] = taken_list
            if taken_list:
                moves += [t | hid for t in taken_list]
            moves.append(hid)
        return moves

    def _distinct_bits(self, mask: int) -> list[int]:
        """One bit per distinct card of a mask (the lowest copy)."""
        out = []
        seen = 0
        while mask:
            low = mask & -mask
            idx = (low.bit_length() - 1) % COPY_STRIDE
            if not (seen >> idx) & 1:
                seen |= 1 << idx
                out.append(low)
            mask ^= low
        return out

    def move_to_spec(self, state: EState, move: EMove) -> Move:
        """The spec move."""
        ctx = state.ctx
        a, b = decode(move)
        if a < 0:
            card = ctx.card_of[b.bit_length() - 1]
            assert card is not None and state.pending is not None
            return Reveal(card, "hand" if state.pending[0] else "centre")
        card = ctx.card_of[a]
        assert card is not None
        if b == 0:
            return Lay(card)
        return Collect(card, self._cards(ctx, b))

    def apply(self, state: EState, move: EMove) -> EState:
        """The successor."""
        ctx = state.ctx
        if move < 0:
            return self._apply_chance(state, 1 << (-move - 1))
        a = move & HAND_ID_MASK
        b = move >> MOVE_SHIFT
        p = state.to_move
        hb = 1 << a
        hands = list(state.hands)
        hands[p] ^= hb
        centre = state.centre
        cvec = state.cvec
        piles = state.piles
        clears = state.clears
        scores = state.scores
        cleared = False
        unit_of = ctx.unit_of
        if b == 0:
            # 000 §Not Collecting Cards: lay the card in the centre
            centre |= hb
            cvec += unit_of[a]
        else:
            centre ^= b
            m = b
            while m:
                low = m & -m
                cvec -= unit_of[low.bit_length() - 1]
                m ^= low
            gained = b | hb if ctx.collected else b
            gain = ctx.mask_points(gained)
            pl = list(piles)
            pl[p] |= gained
            piles = tuple(pl)
            if not centre:
                # 000 §Clearing the board: one point at once, five new cards after the draw
                cleared = True
                cl = list(clears)
                cl[p] += 1
                clears = tuple(cl)
                gain += 1
            if not ctx.collected:
                centre |= hb
                cvec += unit_of[a]
            sc = list(scores)
            sc[p] += gain
            scores = tuple(sc)
        sp = state.sp
        if state.known:
            stock = state.stock
            if sp < len(stock):
                # 000 §A Player's Turn: draw one card
                hands[p] |= 1 << stock[sp]
                sp += 1
                if cleared:
                    end = min(sp + CENTRE_SIZE, len(stock))
                    for i in range(sp, end):
                        pid = stock[i]
                        centre |= 1 << pid
                        cvec += unit_of[pid]
                    sp = end
            ns = EState(ctx, tuple(hands), centre, cvec, stock, sp, True, 0, piles, clears, scores, p,
                        state.dealer, None)
            return self._next(ns)
        ns = EState(ctx, tuple(hands), centre, cvec, state.stock, sp, False, state.stock_mask, piles, clears, scores,
                    p, state.dealer, (True, CENTRE_SIZE if cleared else 0))
        return self._settle(ns)

    def _apply_chance(self, state: EState, b: int) -> EState:
        """A chance outcome: the next card of an unknown stock is the card of bit ``b``."""
        assert state.pending is not None
        must_draw, refill = state.pending
        hands = state.hands
        centre = state.centre
        cvec = state.cvec
        if must_draw:
            hl = list(hands)
            hl[state.to_move] |= b
            hands = tuple(hl)
            pending = (False, refill)
        else:
            centre |= b
            cvec += state.ctx.unit_of[b.bit_length() - 1]
            pending = (False, refill - 1)
        ns = EState(state.ctx, hands, centre, cvec, state.stock, state.sp, False, state.stock_mask & ~b, state.piles,
                    state.clears, state.scores, state.to_move, state.dealer, pending)
        return self._settle(ns)

    def _settle(self, s: EState) -> EState:
        """Unknown stock: stop at a chance node while a draw or refill is due."""
        if s.pending is not None:
            must_draw, refill = s.pending
            if s.stock_mask and (must_draw or refill):
                return s  # chance node
            s.pending = None
        return self._next(s)

    def _next(self, s: EState) -> EState:
        """Next player to the left with cards, or the end and the last-card sweep (mutates
        the fresh state ``s``)."""
        p = s.to_move
        hands = s.hands
        n = len(hands)
        for i in range(1, n + 1):
            q = (p + i) % n
            if hands[q]:
                s.to_move = q
                return s
        if s.centre:
            # 000 §Ending: the player of the last card takes the cards left in the centre
            ctx = s.ctx
            pl = list(s.piles)
            pl[p] |= s.centre
            sc = list(s.scores)
            sc[p] += ctx.mask_points(s.centre)
            if ctx.sweep_clear:
                cl = list(s.clears)
                cl[p] += 1
                s.clears = tuple(cl)
                sc[p] += 1
            s.piles = tuple(pl)
            s.scores = tuple(sc)
            s.centre = 0
            s.cvec = 0
        return s

    def to_move(self, state: EState) -> int:
        """Player to move or :data:`CHANCE`."""
        return CHANCE if state.pending is not None else state.to_move

    def result(self, state: EState) -> Result | None:
        """As the spec (built by the spec from the final state, so labels agree)."""
        if not state.terminal():
            return None
        return SPEC.result(self.to_spec(state))

    def key(self, state: EState) -> Hashable:
        """Equal keys mean equal positions."""
        return (state.hands, state.centre, state.stock[state.sp:] if state.known else state.stock_mask,
                state.piles, state.clears, state.to_move, state.pending, state.ctx.rules, state.dealer)

    # -- the suit-free view --

    def rank_state(self, state: EState) -> RankState:
        """The :class:`RankState` of an engine position with a known stock and nothing pending."""
        if not state.known and state.stock_mask:
            raise ValueError("the stock order is unknown")
        if state.pending is not None:
            raise ValueError("a chance draw is pending")
        ctx = state.ctx
        stock = tuple(ctx.rank_of[i] for i in state.stock[state.sp:]) if state.known else ()
        return RankState(tuple(ctx.counts(h) for h in state.hands), ctx.counts(state.centre), stock, 0,
                         state.to_move, state.scores, state.terminal())

    def rank_move(self, state: EState, move: EMove) -> tuple[int, int]:
        """The suit-free class of an engine move."""
        ctx = state.ctx
        a, b = decode(move)
        return (ctx.rank_of[a], ctx.counts(b) if b else 0)


ENGINE = FoolsParadiseEngine()
"""The one engine instance."""


def random_playout(state: EState, rng: Any) -> EState:
    """Play uniformly random legal moves (chance outcomes too) to the end."""
    eng = ENGINE
    while not state.terminal():
        moves = eng.legal_moves(state)
        state = eng.apply(state, moves[rng.randrange(len(moves))])
    return state
