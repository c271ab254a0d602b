"""Fool's Paradise: the native random playout and the tables only it uses.

:func:`playout` plays the random game of the generic loop
``s = apply_unchecked(s, rng.choice(legal_moves(s)))`` natively: one private copy of the
position in local variables (one deck: in the spec's card order, :data:`PLACES`), each
decision's collections *counted* from tables built at import (:data:`COUNTS_NO_ACE`: per
multiset of at most six non-ace centre cards, how many collections a card of each rank makes;
one multiplication adds them up over the hand), the index drawn exactly as ``rng.choice`` draws
it, and only the drawn move built (a collection: the drawn card's collections laid out in the
spec's order of taken sets, :func:`_collection`) -- the same game, move for move and random
number for random number, as the spec's seeded playout
(tests/fools_paradise/test_engine_playout.py). The count tables cost about 70 ms of CPU and a
few MB at import.

Why a module of its own: the engine (:mod:`foolsolve.engines.fools_paradise`) holds the rules,
fast; nothing in its rules, its move generation or the solver needs these tables, so a command
that only solves, checks or lists moves never builds them. The user's API is the game shape's:
``ENGINE.playout(state, rng, max_moves=None)`` (the game shape's ``Engine.playout``, which the
README and docs/fools-paradise.md show) imports this module on first use and calls
:func:`playout`. Use :func:`playout` directly for its ``trace`` argument.
"""

from __future__ import annotations

import random
from bisect import bisect_right, insort

from foolsolve.cards import iter_bits
from foolsolve.draws import standard_draw
from foolsolve.engines.fools_paradise import (
    DIVIDES,
    ENGINE,
    MOVE_SHIFT,
    SMALL_CENTRE,
    SUM_ADD,
    EMove,
    EngineRules,
    EngineState,
)
from foolsolve.spec.fools_paradise import ACE, CENTRE_SIZE, DECK_CARDS, Rules

# --- one deck in the spec's card order ---------------------------------------------------

PLACES = DECK_CARDS
"""One deck: a card's *place* is its position in the spec's card order (``card.index``: suit,
then rank): ``place = suit * 13 + rank - 2``; its physical id is ``4 * (rank - 2) + suit``."""
PLACE_RANK = [pos % 13 + 2 for pos in range(PLACES)]
PLACE_PID = [4 * (pos % 13) + pos // 13 for pos in range(PLACES)]
PLACE_BIT = [1 << pid for pid in PLACE_PID]
PLACE_MASK = [1 << pos for pos in range(PLACES)]
"""``PLACE_MASK[pos]``: the bit of place ``pos`` in a mask of places."""
PID_PLACE = [0] * PLACES
for _pos, _pid in enumerate(PLACE_PID):
    PID_PLACE[_pid] = _pos
COUNT_FIELD = 16
"""Bits per rank in a *packed count*: rank ``r``'s number in bits ``16 * r .. 16 * r + 15``
(rank 14: a played ace)."""
FIELD = (1 << COUNT_FIELD) - 1
ACE_SHIFT = COUNT_FIELD * ACE
"""Where a packed count holds a played ace's number; also where the product of a packed count
and a reversed hand count holds their dot product (see :func:`playout`)."""
ACE_FIELD = FIELD << ACE_SHIFT
PLACE_SHIFT = [COUNT_FIELD * r for r in PLACE_RANK]
"""``PLACE_SHIFT[pos]``: where a packed count holds the number of the rank of place ``pos``."""
PLACE_UNIT = [1 << COUNT_FIELD * (ACE - r) for r in PLACE_RANK]
"""``PLACE_UNIT[pos]``: one card of the rank of place ``pos`` in a *reversed hand count*
(rank ``r``'s number of cards in bits ``16 * (14 - r) ..``)."""
PLACE_KEY = [0 if r == ACE else 1 << 4 * (r - 2) for r in PLACE_RANK]
"""``PLACE_KEY[pos]``: one card of the rank of place ``pos`` in a *rank-count key* (4 bits per
rank ``r`` at bit ``4 * (r - 2)``, ranks 2..13; 0 for an ace)."""
PLACE_ACE = [int(r == ACE) for r in PLACE_RANK]
ACE_MARK = 128
"""What a taken ace adds to a rank sum when an ace is played (see :func:`ace_takes_table`): more
than any sum of the at most ``SMALL_CENTRE - 1`` other cards."""
PLACE_ONE = [bytes((1 if r == ACE else r,)) for r in PLACE_RANK]
"""``PLACE_ONE[pos]``: the value of place ``pos`` taken by a non-ace card (an ace: 1), as one byte."""
PLACE_ADD = [SUM_ADD[1 if r == ACE else r] for r in PLACE_RANK]
"""``PLACE_ADD[pos]``: a ``bytes.translate`` table adding that value to a sum."""
SUM_ADD_ACE_MARK = bytes(min(s + ACE_MARK, 255) for s in range(256))
PLACE_ONE_HIGH = [bytes((ACE_MARK if r == ACE else r,)) for r in PLACE_RANK]
""":data:`PLACE_ONE` when an ace is played: a taken ace counts :data:`ACE_MARK`."""
PLACE_ADD_HIGH = [SUM_ADD_ACE_MARK if r == ACE else SUM_ADD[r] for r in PLACE_RANK]
PLACE_ITEMS = {one_ace_ok: [0, 0] + [sum(1 << pos for pos, q in enumerate(PLACE_RANK)
                                          if (q <= r if q != ACE else r == ACE or one_ace_ok))
                                      for r in range(2, ACE + 1)]
               for one_ace_ok in (False, True)}
"""``PLACE_ITEMS[one_ace_ok][r]`` (places): the cards a played card of rank ``r`` may take: the
non-aces of rank <= r and the aces (valued 1) unless ``ace=high`` (``one_ace_ok`` false);
for an ace, every card."""


def ace_takes_table(ace: str) -> bytes:
    """A ``bytes.translate`` table for a played ace (rules option ``ace``) and a centre with at
    most one ace: a set's byte is its non-ace rank sum ``s``, plus :data:`ACE_MARK` when it
    holds the ace; the table maps it to 1 when the set is a collection (000 §Card Values "Ace
    may be one or fourteen", §Collecting Cards). Played as 14 (``ace`` not ``low``): a
    non-empty set of sum 0 mod 14, alone or with the ace valued 14 (so also the ace alone);
    under ``either`` also the ace valued 1 with a set of sum 13 mod 14. Played as 1: the ace
    alone (valued 1; under ``low`` that is all an ace collects)."""
    out = []
    for t in range(256):
        s, with_ace = (t - ACE_MARK, True) if t >= ACE_MARK else (t, False)
        if ace == "low":
            ok = with_ace and s == 0
        elif with_ace:
            ok = s % 14 == 0 or (ace == "either" and s % 14 == 13)
        else:
            ok = s > 0 and s % 14 == 0
        out.append(int(ok))
    return bytes(out)


ACE_TAKES = {ace: ace_takes_table(ace) for ace in ("either", "low", "high", "either_per_play")}


class PlayoutTables:
    """What the native playout needs of one rules value beyond the engine's :class:`EngineRules`."""

    def __init__(self, ctx: EngineRules) -> None:
        self.ctx = ctx
        self.place_points = [ctx.pts_of[PLACE_PID[pos]] if ctx.decks == 1 else 0 for pos in range(PLACES)]
        """One deck: ``place_points[pos]``: the points of the card at place ``pos``."""
        self.one_ace_ok = ctx.ace != "high"
        """Whether a non-ace card may take aces (valued 1)."""
        self.place_items = PLACE_ITEMS[self.one_ace_ok]
        self.ace_takes = ACE_TAKES[ctx.ace]
        self._ace_coef = {"either": (2, 1), "high": (2, 0), "either_per_play": (2, 0), "low": (0, 0)}[ctx.ace]

    def ace_count(self, key: int, ca: int) -> int:
        """One deck, ``ca`` <= 1 aces in the centre: the collections of a played ace when the
        non-ace centre cards have the rank-count key ``key`` (see :data:`COUNTS_NO_ACE`)."""
        e0 = (COUNTS_NO_ACE[key] >> ACE_SHIFT) & FIELD  # non-empty sets of sum 0 mod 14
        high_ace = self.ctx.high_ace
        if not ca:
            return e0 if high_ace else 0
        # valued 14: those sets alone and with the ace (14 = 0 mod 14), under ace=either also
        # the sets of sum 13 mod 14 with the ace valued 1; and the ace alone
        e13 = ((COUNTS_ONE_ACE[key] >> ACE_SHIFT) & FIELD) - 2 * e0 - 1
        a, b = self._ace_coef
        return (a * e0 + b * e13 if high_ace else 0) + 1


_TABLES: dict[Rules, PlayoutTables] = {}


def tables_for(ctx: EngineRules) -> PlayoutTables:
    """The playout's tables for the rules of ``ctx`` (built on first use, kept per rules)."""
    t = _TABLES.get(ctx.rules)
    if t is None or t.ctx is not ctx:
        t = _TABLES[ctx.rules] = PlayoutTables(ctx)
    return t


# --- the native random playout ------------------------------------------------------------

TABLE_CARDS = 6
"""Most candidate centre cards whose collections :data:`COUNTS_NO_ACE` counts (96% of the
decisions of a random two-player game; :func:`_counts_by_subsets` counts the rest)."""
RANK_NIBBLES = [sum(15 << 4 * (q - 2) for q in range(2, r + 1)) for r in range(ACE)]
"""``RANK_NIBBLES[r]``: the fields of ranks 2..r in a rank-count key."""


def _collection_counts(most: int) -> tuple[dict[int, int], dict[int, int]]:
    """How many collections every card makes from every multiset ``K`` of at most ``most``
    non-ace centre cards (one deck; sets of physical cards, so suits count): two tables keyed
    by ``K``'s rank-count key (:data:`PLACE_KEY`), each entry a *packed count* (field ``r``,
    :data:`COUNT_FIELD` bits at bit ``16 * r``):

    * no ace in the centre (:data:`COUNTS_NO_ACE`): field ``r`` (2..13) holds the non-empty
      sets of the cards of ``K`` of rank <= r whose rank sum is a multiple of ``r`` (000
      §Collecting Cards: what a played ``r`` collects); field 14 the non-empty sets of ``K``
      whose sum is a multiple of 14 (an ace played high);
    * one ace in the centre (:data:`COUNTS_ONE_ACE`, ``ace=either``): field ``r`` adds the sets
      whose sum is one less than a multiple of ``r`` (the ace, valued 1, closes them); field 14
      holds ``2 E0 + E13 + 1`` (:meth:`PlayoutTables.ace_count`).

    Built at import by one walk over the multisets in ascending rank order: a child adds a
    card of rank ``q`` at least as high as its parent's cards, so its fields below ``q`` are
    the parent's and the others are read off the child's histogram of subset sums (an int of
    8-bit fields, folded mod ``2**(8 r) - 1`` to add up every ``r``-th field)."""
    zero: dict[int, int] = {}
    one: dict[int, int] = {}
    folds = [(COUNT_FIELD * r, (1 << 8 * r) - 1, 8 * (r - 1)) for r in range(ACE)]
    ace_mod, ace_less = (1 << 8 * ACE) - 1, 8 * (ACE - 1)
    keep = [(1 << COUNT_FIELD * q) - 1 for q in range(ACE + 1)]
    stack: list[tuple[int, int, int, int, int, int]] = [(0, 1, 2, 0, 0, 1 << ACE_SHIFT)]
    while stack:
        key, hist, low, size, row0, row1 = stack.pop()
        zero[key] = row0
        one[key] = row1
        if size == most:
            continue
        for q in range(low, ACE):
            nib = 4 * (q - 2)
            if (key >> nib) & 15 == 4:
                continue  # all four cards of the rank already
            h = hist + (hist << 8 * q)
            n0 = row0 & keep[q]
            n1 = row1 & keep[q]
            for sh, mod, less in folds[q:]:
                f = h % mod
                a = (f & 255) - 1  # the sums 0 mod r, but the empty set
                n0 |= a << sh
                n1 |= (a + ((f >> less) & 255)) << sh
            f = h % ace_mod
            a = (f & 255) - 1
            stack.append((key + (1 << nib), h, q, size + 1, n0 | a << ACE_SHIFT,
                          n1 | (2 * a + ((f >> ace_less) & 255) + 1) << ACE_SHIFT))
    return zero, one


COUNTS_NO_ACE, COUNTS_ONE_ACE = _collection_counts(TABLE_CARDS)
"""See :func:`_collection_counts` (18,408 keys each; about 70 ms of CPU at import)."""


def _preorder(m: int) -> list[tuple[int, ...]]:
    """The non-empty subsets of ``m`` items in the spec's order of taken sets (sorted tuples of
    ascending items compared lexicographically, a prefix first), each as the positions of its
    items in a list of the items in *descending* order."""
    out: list[tuple[int, ...]] = []

    def walk(prefix: tuple[int, ...], start: int) -> None:
        for a in range(start, m):
            s = (*prefix, m - 1 - a)
            out.append(s)
            walk(s, a + 1)

    walk((), 0)
    return out


NEXT_PLAYER = [[(i + 1) % n for i in range(n)] for n in range(9)]
"""``NEXT_PLAYER[n][p]``: the player to the left of ``p`` among ``n``."""
PREORDER = [_preorder(m) for m in range(SMALL_CENTRE + 1)]
"""``PREORDER[m][j]``: the ``j``-th non-empty subset of ``m`` items in the spec's order (see
:func:`_preorder`)."""
PLACE_CHUNKS = [[sum(1 << PLACE_PID[8 * c + b] for b in range(8) if (v >> b) & 1 and 8 * c + b < PLACES)
                 for v in range(256)] for c in range(7)]
"""``PLACE_CHUNKS[c][v]``: the physical mask of the places ``8 c + b`` for the bits ``b`` of ``v``."""
PID_CHUNKS = [[sum(1 << PID_PLACE[8 * c + b] for b in range(8) if (v >> b) & 1 and 8 * c + b < PLACES)
               for v in range(256)] for c in range(7)]
"""``PID_CHUNKS[c][v]``: the mask of places of the physical ids ``8 c + b`` for the bits ``b`` of ``v``."""


def _physical(places: int) -> int:
    """One deck: the physical mask of a mask of places."""
    t = PLACE_CHUNKS
    return (t[0][places & 255] | t[1][(places >> 8) & 255] | t[2][(places >> 16) & 255]
            | t[3][(places >> 24) & 255] | t[4][(places >> 32) & 255] | t[5][(places >> 40) & 255]
            | t[6][places >> 48])


def _places(mask: int) -> int:
    """One deck: the mask of places of a physical mask."""
    t = PID_CHUNKS
    return (t[0][mask & 255] | t[1][(mask >> 8) & 255] | t[2][(mask >> 16) & 255]
            | t[3][(mask >> 24) & 255] | t[4][(mask >> 32) & 255] | t[5][(mask >> 40) & 255]
            | t[6][mask >> 48])


def _counts_by_subsets(pt: PlayoutTables, places: list[int], centre: int, ca: int) -> tuple[dict[int, int], int]:
    """``(collections of one card of each rank of the hand, total)`` of a decision whose centre
    the tables do not hold, whole or cut to the cards the hand's highest card may take (what
    :meth:`FoolsParadiseEngine.legal_moves` calls the candidates; :func:`playout` looks up both
    before it calls this). One deck; ``places``: the hand, ``centre``: the centre's places,
    ``ca``: its aces. A dict, not a packed count: a big centre's numbers need not fit 16 bits (a
    jack with twenty centre cards: 95,327 collections). Counted as
    :meth:`FoolsParadiseEngine.legal_moves` finds them: the subset sums of the candidates in
    ascending rank after the centre aces (valued 1), so that the cards a rank ``r`` may take
    are a prefix; a played ace from the sets of every non-ace card
    (:func:`ace_takes_table`, or :meth:`FoolsParadiseEngine._ace_takes` with two or more aces
    in the centre); above :data:`SMALL_CENTRE` cards by :meth:`EngineRules.takes_big`."""
    ctx = pt.ctx
    ranks = set(map(PLACE_RANK.__getitem__, places))
    if ACE in ranks:
        ace_high = ctx.high_ace
        top = max(ranks - {ACE}, default=0)
    else:
        ace_high = False
        top = max(ranks)
    physical = _physical(centre)
    aces = physical & ctx.ace_mask
    cand = physical & (ctx.nonace_mask if ace_high else ctx.below[top])
    counts = {}
    if cand.bit_count() + (ca if pt.one_ace_ok else 0) > SMALL_CENTRE:
        for r in ranks:
            counts[r] = len(ctx.takes_big(r, physical))
    else:
        sums = b"\0"
        if pt.one_ace_ok:
            for _ in range(ca):
                sums += sums.translate(SUM_ADD[1])
        base = len(sums)
        cand_ranks = []
        rank_of = ctx.rank_of
        c = cand
        while c:
            low = c & -c
            c ^= low
            q = rank_of[low.bit_length() - 1]
            cand_ranks.append(q)
            sums += sums.translate(SUM_ADD[q])
        for r in ranks:
            if r != ACE:
                counts[r] = sums[:base << bisect_right(cand_ranks, r)].translate(DIVIDES[r]).count(1)
            elif ca < 2:
                high = b"\0" if not ca else b"\0" + bytes((ACE_MARK,))
                for q in cand_ranks:
                    high += high.translate(SUM_ADD[q])
                counts[r] = high.translate(pt.ace_takes).count(1)
            else:
                non_ace = sums[::base]
                counts[r] = len(ENGINE._ace_takes(ctx, non_ace, [1 << (pid + MOVE_SHIFT) for pid in iter_bits(cand)],
                                                  aces))
    total = 0
    for pos in places:
        total += counts[PLACE_RANK[pos]]
    return counts, total  # a big centre's numbers may not fit a packed count's 16 bits


def _collection(pt: PlayoutTables, r: int, i: int, centre: int, ca: int) -> int:
    """The places taken by the ``i``-th collection (in the spec's order) of a card of rank
    ``r`` from the centre (places; ``ca`` aces), one deck.

    The *items* are the centre cards the card may take (:data:`PLACE_ITEMS`), in the spec's
    card order; the rank sums of their non-empty subsets are laid out in the spec's order of
    taken sets: with ``L`` the list of the items after ``x``, the list of ``x`` and them is
    ``[x]``, then ``L`` with ``x`` added, then ``L`` (a prefix first) -- one translation and
    two joins per item. One translation marks the collections (a multiple of ``r``, a centre
    ace valued 1: 000 §Collecting Cards; a played ace: :func:`ace_takes_table`) and the
    ``i``-th mark is found with ``bytes.find``. More than :data:`SMALL_CENTRE` items, or an
    ace played with two or more aces in the centre: :func:`_listed_collection`."""
    items = centre & pt.place_items[r]
    if items.bit_count() > SMALL_CENTRE or (r == ACE and ca > 1):
        return _listed_collection(pt.ctx, r, i, centre)
    if r == ACE:
        adds = PLACE_ADD_HIGH
        ones = PLACE_ONE_HIGH
        marks = pt.ace_takes
    else:
        adds = PLACE_ADD
        ones = PLACE_ONE
        marks = DIVIDES[r]
    sums = b""
    places = []
    place_mask = PLACE_MASK
    while items:
        x = items.bit_length() - 1
        items ^= place_mask[x]
        places.append(x)
        sums = ones[x] + sums.translate(adds[x]) + sums
    found = sums.translate(marks)
    j = found.find(1)
    while i:
        j = found.find(1, j + 1)
        i -= 1
    taken = 0
    for t in PREORDER[len(places)][j]:
        taken |= place_mask[places[t]]
    return taken


def _listed_collection(ctx: EngineRules, r: int, i: int, centre: int) -> int:
    """:func:`_collection` from the card's collections as
    :meth:`FoolsParadiseEngine.legal_moves` lists them (physical ids), sorted."""
    physical = _physical(centre)
    cand = physical & ctx.nonace_mask
    if r == ACE and cand.bit_count() <= SMALL_CENTRE:
        sums = b"\0"
        for pid in iter_bits(cand):
            sums += sums.translate(SUM_ADD[ctx.rank_of[pid]])
        takes = ENGINE._ace_takes(ctx, sums, [1 << (pid + MOVE_SHIFT) for pid in iter_bits(cand)],
                                  physical & ctx.ace_mask)
    else:
        takes = ctx.takes_big(r, physical)
    lex_rank = ctx.lex_rank
    takes.sort(key=lambda t: lex_rank(t >> MOVE_SHIFT))
    return _places(takes[i] >> MOVE_SHIFT)


def playout(state: EngineState, rng: random.Random, max_moves: int | None = None,
            trace: list[EMove] | None = None) -> tuple[EngineState, int]:
    """Random play from ``state`` until the game is over (or ``max_moves`` moves): every move
    is the one ``rng.choice(ENGINE.legal_moves(s))`` would pick -- the engine lists moves in
    the spec's order, so this is the spec's seeded playout
    ``s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))``, move for move, with the same
    random numbers. Returns the final state and the number of moves; ``state`` is not
    changed. With ``trace`` given, every engine move played is appended to it.

    Natively (one deck, a known stock or an empty one) the position lives in local variables
    in the spec's card order (:data:`PLACES`): each hand as the sorted list of its places, the
    centre as a mask of places. A decision's moves are *counted*, not listed:

    * the centre's non-ace cards are also kept as a rank-count key (:data:`PLACE_KEY`) and its
      aces counted; the key finds a packed count in :data:`COUNTS_NO_ACE` or
      :data:`COUNTS_ONE_ACE` (:func:`_collection_counts`): field ``r`` = the collections of
      one card of rank ``r``;
    * each hand is also kept as a *reversed hand count* (:data:`PLACE_UNIT`), so that one
      multiplication of the two packed ints adds up ``cards(r) * collections(r)`` over the
      hand in its field 14 (no field exceeds 16 bits: at most 6 centre cards, 5 hand cards);
    * a centre the tables do not hold (more than :data:`TABLE_CARDS` non-aces, two aces) is
      looked up again cut to the cards the hand's highest non-ace may take, else counted by
      :func:`_counts_by_subsets`;
    * the index is drawn as ``rng.choice`` draws it (:mod:`foolsolve.draws`); a lay is the
      i-th hand card in the spec's order; for a collection the hand card is found by the
      packed count and only its collections are laid out to take the i-th
      (:func:`_collection`).

    Two or more decks and a stock of unknown order (chance nodes) play the generic loop
    ``apply_unchecked(s, rng.choice(legal_moves(s)))``, as does an ``rng`` whose ``choice``
    draws differently (:func:`foolsolve.draws.standard_draw`).
    """
    ctx = state.ctx
    if state.pending is not None or (not state.known and state.stock_mask) or ctx.decks != 1 \
            or not standard_draw(rng):
        return _listed_playout(state, rng, max_moves, trace)
    pt = tables_for(ctx)
    getrandbits = rng.getrandbits
    n = len(state.hands)
    stock = state.stock
    sp = state.sp
    slen = len(stock)
    gained = [0] * n  # places
    clears = list(state.clears)
    scores = list(state.scores)
    p = state.to_move
    pid_place = PID_PLACE
    place_rank = PLACE_RANK
    place_shift = PLACE_SHIFT
    place_unit = PLACE_UNIT
    place_key = PLACE_KEY
    place_ace = PLACE_ACE
    place_mask = PLACE_MASK
    points = pt.place_points
    collected = ctx.collected
    # by the number of centre aces (0..4): two or more are not tabulated
    none: dict[int, int] = {}
    tables = (COUNTS_NO_ACE, COUNTS_ONE_ACE if pt.one_ace_ok else COUNTS_NO_ACE, none, none, none)
    ace_fix = ctx.ace != "either"  # the tables' ace field is for ace=either
    high_ace = ctx.high_ace
    nxt = NEXT_PLAYER[n] if n < len(NEXT_PLAYER) else [(i + 1) % n for i in range(n)]
    hl = []
    hv = []
    for physical in state.hands:
        h = _places(physical)
        hand = []
        units = 0
        while h:
            low = h & -h
            h ^= low
            pos = low.bit_length() - 1
            hand.append(pos)
            units += place_unit[pos]
        hl.append(hand)
        hv.append(units)
    centre = _places(state.centre)
    cc = ca = 0
    c = centre
    while c:
        low = c & -c
        c ^= low
        pos = low.bit_length() - 1
        cc += place_key[pos]
        ca += place_ace[pos]
    moves = 0
    budget = -1 if max_moves is None else max_moves
    if not any(hl):
        budget = 0
    while moves != budget:
        hand = hl[p]
        units = hv[p]
        if not centre:
            total = 0  # 000 §Not Collecting Cards: nothing to collect, lay a card
        else:
            key = cc
            hit = tables[ca].get(key)
            if hit is None and ca < 2 and not (high_ace and units & FIELD):
                # the centre cut to the cards the hand's highest non-ace may take (its rank: the
                # lowest field of the reversed hand count above the ace's); an ace in the hand
                # played only low collects the same from either centre (PlayoutTables.ace_count)
                u = units >> COUNT_FIELD
                key = cc & RANK_NIBBLES[13 - ((u & -u).bit_length() - 1) // COUNT_FIELD] if u else 0
                hit = tables[ca].get(key)
            if hit is None:
                by_rank, total = _counts_by_subsets(pt, hand, centre, ca)
            else:
                packed = hit
                if ace_fix and units & FIELD:  # an ace in the hand
                    packed = (packed & ~ACE_FIELD) | pt.ace_count(key, ca) << ACE_SHIFT
                total = (packed * units >> ACE_SHIFT) & FIELD
        total_all = total + len(hand)
        k = total_all.bit_length()
        i = getrandbits(k)  # rng.choice's index (foolsolve.draws)
        while i >= total_all:
            i = getrandbits(k)
        if i >= total:
            # 000 §Not Collecting Cards: lay the i-th hand card in the centre
            pos = hand.pop(i - total)
            taken = 0
            centre |= place_mask[pos]
            cc += place_key[pos]
            ca += place_ace[pos]
            cleared = False
        else:
            # the hand card whose collections hold the i-th move
            if hit is not None:
                for pos in hand:
                    k = (packed >> place_shift[pos]) & FIELD
                    if i < k:
                        break
                    i -= k
            else:
                for pos in hand:
                    k = by_rank[place_rank[pos]]
                    if i < k:
                        break
                    i -= k
            hand.remove(pos)
            taken = _collection(pt, place_rank[pos], i, centre, ca)
            centre ^= taken
            # 000 §Collecting Cards: the taken cards (option played_card: and the played one)
            # go to the player's pile
            g = taken
            gain = 0
            while g:
                x = g.bit_length() - 1
                g ^= place_mask[x]
                gain += points[x]
                cc -= place_key[x]
                ca -= place_ace[x]
            if collected:
                gained[p] |= taken | place_mask[pos]
                gain += points[pos]
            else:
                gained[p] |= taken
            cleared = not centre
            if cleared:
                # 000 §Clearing the board: one point at once, five new cards after the draw
                clears[p] += 1
                gain += 1
            if not collected:
                centre |= place_mask[pos]
                cc += place_key[pos]
                ca += place_ace[pos]
            scores[p] += gain
        if trace is not None:
            trace.append(_physical(taken) << MOVE_SHIFT | PLACE_PID[pos])
        moves += 1
        units -= place_unit[pos]
        if sp < slen:
            # 000 §A Player's Turn: "the player must draw one card from the draw pile"
            pos = pid_place[stock[sp]]
            insort(hand, pos)
            units += place_unit[pos]
            sp += 1
            if cleared:
                # 000 §Clearing the board: "the dealer must deal out five cards face up"
                end = min(sp + CENTRE_SIZE, slen)
                while sp < end:
                    pos = pid_place[stock[sp]]
                    centre |= place_mask[pos]
                    cc += place_key[pos]
                    ca += place_ace[pos]
                    sp += 1
        hv[p] = units
        q = nxt[p]
        if not hl[q]:  # players without cards have no turn
            q = -1
            for j in range(2, n + 1):
                if hl[(p + j) % n]:
                    q = (p + j) % n
                    break
            if q < 0:
                # 000 §Ending: the player of the last card takes the cards left in the centre
                if centre:
                    gained[p] |= centre
                    c = centre
                    while c:
                        x = c.bit_length() - 1
                        c ^= place_mask[x]
                        scores[p] += points[x]
                    if ctx.sweep_clear:
                        clears[p] += 1
                        scores[p] += 1
                    centre = 0
                break
        p = q
    place_bit = PLACE_BIT
    hands = []
    for hand in hl:
        mask = 0
        for pos in hand:
            mask |= place_bit[pos]
        hands.append(mask)
    piles = tuple([pile | _physical(g) if g else pile for pile, g in zip(state.piles, gained)])
    return EngineState(ctx, tuple(hands), _physical(centre), stock, sp, state.known, state.stock_mask, piles,
                  tuple(clears), tuple(scores), p, state.dealer, None), moves


def _listed_playout(state: EngineState, rng: random.Random, max_moves: int | None,
                    trace: list[EMove] | None) -> tuple[EngineState, int]:
    """The generic loop ``s = apply_unchecked(s, rng.choice(legal_moves(s)))`` (chance nodes,
    copies of cards, an ``rng`` that draws differently)."""
    eng = ENGINE
    s = state
    moves = 0
    while moves != max_moves:
        legal_now = eng.legal_moves(s)
        if not legal_now:
            break
        mv = rng.choice(legal_now)
        if trace is not None:
            trace.append(mv)
        s = eng.apply_unchecked(s, mv)
        moves += 1
    return s, moves
