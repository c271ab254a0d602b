"""Fools and Angels, fast: the same game as :mod:`foolsolve.spec.fools_and_angels`.

Representation
* Card sets (hands, the attack) are integer bitmasks over the stable card indices of
  :mod:`foolsolve.cards` (``1 << card.index``); stocks and the pool are tuples of indices,
  top first.
* A state is a plain tuple (see the ``F_*`` field numbers), hashable as it is: it is its own
  transposition key. Field 0 is a compiled rules object (:class:`EngineRules`, one per distinct
  :class:`Rules`, identity-hashed).
* Moves are small tuples ``(kind, a, b)``; kinds are numbered in the spec's move sort order.

Defences are found by signed subset-sum over bitmasks (:func:`subsets_with_sum`): each colour's
subsets tabled by total (:func:`sum_table`), the answer the products of the two tables' lists whose
totals meet the target; memoised on ``(mask, target)``.

The playout (:meth:`FoolsAndAngelsEngine.playout`) lists neither a turn's moves nor a defence's: it
counts them (:func:`attack_parts`, :func:`sum_blocks` over :func:`sum_counts`) and reads the move
drawn off the counts by its index in the list (:func:`attack_at`, :func:`subset_at`), the move the
list would hold there.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, combinations
from math import comb
from typing import Any

from foolsolve.cards import ACE, FRENCH52, JACK, KING, Card
from foolsolve.cards import low_bits as bits
from foolsolve.errors import InputError
from foolsolve.game import (
    MAX_CONSIDERED,
    Engine,
    IllegalMove,
    MoveFamily,
    Result,
    check_listed,
    joined_family,
    sampled_members,
    uniform_move,
)
from foolsolve.spec import fools_and_angels as S

Move = tuple[int, ...]
EngineState = tuple[Any, ...]

# move kinds, in the spec's sort order
SWAP, KEEP, EXCH, ATTACK, DEFEND, SURRENDER, DRAW_OWN, DRAW_POOL, STOP, PASS, DISCARD, DISCARD_STOCK, DECLINE = range(13)
# phases
P_SETUP, P_TURN, P_REGROUP, P_DEFEND, P_TEMPT = range(5)
PHASE_NAMES = (S.SETUP, S.TURN, S.REGROUP, S.DEFEND, S.TEMPT)
T_RED, T_BLACK, T_WHOLE = 0, 1, 2
# state fields
F_RULES, F_PHASE, F_TO_MOVE, F_H0, F_H1, F_S0, F_S1, F_POOL, F_ATTACK, F_TURNS, F_EXCH, F_DRAWN, F_DREW, F_CHOSEN, \
    F_RESHUFFLE, F_KNOWN, F_UNDER = range(17)
RULE_FIELDS = 15
"""The fields the rules read (the key); the last two are knowledge only (the spec's ``known`` and
``under_pool``, each a pair of masks), kept up to date by the few moves that change them."""
NOTHING = (0, 0)

# --- card tables ----------------------------------------------------------------------------
VAL: dict[int, int] = {}
"""Signed value of each one-bit mask (pips: black +, red -; faces 0)."""
PIPS = FACES = RED_PIPS = BLACK_PIPS = 0
for _c in FRENCH52.cards:
    if _c.rank == 10:
        continue
    _b = 1 << _c.index
    if _c.rank == ACE or 2 <= _c.rank <= 9:
        PIPS |= _b
        _v = 1 if _c.rank == ACE else _c.rank
        VAL[_b] = -_v if _c.is_red else _v
        if _c.is_red:
            RED_PIPS |= _b
        else:
            BLACK_PIPS |= _b
    elif JACK <= _c.rank <= KING:
        FACES |= _b
        VAL[_b] = 0
USED = PIPS | FACES




def msum(mask: int) -> int:
    """Signed total of a card mask."""
    t = 0
    while mask:
        low = mask & -mask
        t += VAL[low]
        mask ^= low
    return t


# --- signed subset-sum --------------------------------------------------------------------------
# The memos below are bounded by what they hold, not by their count of entries: one entry can
# hold thousands of subsets. Each counts its cells (the subsets or moves in an entry's lists) and
# keeps two generations: new entries go to the young one; once it would pass its limit it becomes
# the old one (the old one dropped) and a new young one starts; an entry found in the old one
# moves back to the young. So the entries in use stay while a process answering position after
# position keeps at most twice each limit (about 60 bytes a cell, the int or tuple with its list
# slot). The limits trade memory for speed: 40 seat answers of the bundled opening (10 worlds each)
# peak at about 335 MB and take 1.25-1.35x the CPU time of memos that are never emptied (which pass
# 700 MB and go on growing); a quarter of these limits peaks at 120 MB for 1.7x. A limit of 0
# keeps nothing.
_TABLE_MEMO: dict[int, dict[int, list[int]]] = {}
_SS_MEMO: dict[tuple[int, int], list[int]] = {}
TABLE_CELLS = 1_200_000
"""Most cells a generation of :func:`sum_table`'s memo holds (each table counts every subset)."""
SS_CELLS = 600_000
"""Most cells a generation of :func:`subsets_with_sum`'s memo holds."""
ATT_CELLS = 600_000
"""Most cells a generation of :func:`hand_attacks`'s memo holds (attack moves)."""
PARTS_CELLS = 600_000
"""Most cells a generation of :func:`attack_parts`' memo holds (pip sets and face sets)."""
_OLD: dict[str, dict[Any, Any]] = {"table": {}, "ss": {}, "att": {}, "parts": {}, "count": {}}
_CELLS = {"table": 0, "ss": 0, "att": 0, "parts": 0, "count": 0}
_LIMITS = {"table": "TABLE_CELLS", "ss": "SS_CELLS", "att": "ATT_CELLS", "parts": "PARTS_CELLS",
           "count": "COUNT_CELLS"}


def _memo_old(kind: str, memo: dict[Any, Any], key: Any, cells: int | None = None) -> Any:
    """The entry of ``key`` in the old generation of memo ``kind`` (``None`` if absent), moved
    back to the young one ``memo``; ``cells`` its cells (``None``: its list's length and one)."""
    hit = _OLD[kind].pop(key, None)
    if hit is not None:
        _memo_keep(kind, memo, key, hit, len(hit) + 1 if cells is None else cells)
    return hit


def _memo_keep(kind: str, memo: dict[Any, Any], key: Any, value: Any, cells: int) -> None:
    """Keep ``value`` under ``key`` in the young generation ``memo`` of memo ``kind``, counting
    ``cells``; past the limit the young generation becomes the old one first."""
    limit = globals()[_LIMITS[kind]]
    if _CELLS[kind] + cells > limit:
        _OLD[kind] = memo.copy()
        memo.clear()
        _CELLS[kind] = 0
        if cells > limit:
            return
    memo[key] = value
    _CELLS[kind] += cells


def sum_table(mask: int) -> dict[int, list[int]]:
    """Every subset of ``mask`` (the empty one included), grouped by signed total. Built by
    doubling, one card at a time; memoised on the mask. Used for one colour at a time, where
    every value has the same sign, so the table stays small (at most 91 totals). The
    table of a mask is built from the memoised table of the mask without its lowest card."""
    hit = _TABLE_MEMO.get(mask)
    if hit is not None:
        return hit
    n = 1 << mask.bit_count()  # its subsets
    hit = _memo_old("table", _TABLE_MEMO, mask, n)
    if hit is not None:
        return hit
    if mask == 0:
        table: dict[int, list[int]] = {0: [0]}
    else:
        low = mask & -mask
        rest = sum_table(mask ^ low)
        v = VAL[low]
        table = dict(rest)  # shares the lists of ``rest``: they are never modified, only replaced
        for t, subs in rest.items():
            more = [x | low for x in subs]
            dst = table.get(t + v)
            table[t + v] = more if dst is None else dst + more
    _memo_keep("table", _TABLE_MEMO, mask, table, n)
    return table


def subsets_with_sum(mask: int, target: int) -> list[int]:
    """Every subset of the pip cards ``mask`` (the empty one included) whose signed total is
    ``target``. Memoised on ``(mask, target)``; the caller must not modify the list.

    Signed subset-sum, split by colour: black pips are positive and red pips negative, so a
    defence is a black part of total ``s >= 0`` and a red part of total ``target - s <= 0``.
    Each colour's subsets are tabled by total (:func:`sum_table`, memoised on the colour's
    mask); the answer is the union
    over ``s`` of the products of the two lists. Only pairs of totals that meet are touched,
    so the work is the size of the answer plus the two tables."""
    key = (mask, target)
    hit = _SS_MEMO.get(key)
    if hit is not None:
        return hit
    hit = _memo_old("ss", _SS_MEMO, key)
    if hit is not None:
        return hit
    blacks = sum_table(mask & BLACK_PIPS)
    reds = sum_table(mask & RED_PIPS)
    out: list[int] = []
    for s, bsubs in blacks.items():
        rsubs = reds.get(target - s)
        if rsubs is None:
            continue
        if len(rsubs) == 1:
            r = rsubs[0]
            out += [b | r for b in bsubs]
        else:
            out += [b | r for b in bsubs for r in rsubs]
    _memo_keep("ss", _SS_MEMO, key, out, len(out) + 1)
    return out


_COUNT_MEMO: dict[int, dict[int, int]] = {}
COUNT_CELLS = 300_000
"""Most cells a generation of :func:`sum_counts`' memo holds (one a total)."""


def sum_counts(mask: int) -> dict[int, int]:
    """How many subsets of ``mask`` :func:`sum_table` lists for each total, its totals in the same
    order, counted without listing the subsets (one card at a time, as :func:`sum_table` builds its
    table). Memoised on the mask; the caller must not modify the dict."""
    hit = _COUNT_MEMO.get(mask)
    if hit is not None:
        return hit
    hit = _memo_old("count", _COUNT_MEMO, mask)
    if hit is not None:
        return hit
    if mask == 0:
        table = {0: 1}
    else:
        low = mask & -mask
        rest = sum_counts(mask ^ low)
        v = VAL[low]
        table = dict(rest)
        for t, n in rest.items():
            table[t + v] = rest.get(t + v, 0) + n
    _memo_keep("count", _COUNT_MEMO, mask, table, len(table) + 1)
    return table


def subset_of(mask: int, total: int, i: int) -> int:
    """The ``i``-th subset of ``sum_table(mask)[total]``, found from :func:`sum_counts` without
    listing: that list is the subsets of the mask without its lowest card with this total, then
    those with ``total`` less the card's value, each with the card."""
    out = 0
    while mask:
        low = mask & -mask
        mask ^= low
        before = sum_counts(mask).get(total, 0)
        if i >= before:
            i -= before
            out |= low
            total -= VAL[low]
    return out


def sum_blocks(mask: int, target: int) -> tuple[int, list[tuple[int, int, int]]]:
    """:func:`subsets_with_sum`'s answer unlisted: how many subsets it holds, and its blocks in order,
    ``(black total, black parts, red parts)``, the block listing every black part of that total with
    every red part of the rest of ``target`` (black outer, red inner), counted by :func:`sum_counts`.
    :func:`subset_at` reads one subset off them."""
    reds = sum_counts(mask & RED_PIPS)
    blocks = []
    count = 0
    for s, nb in sum_counts(mask & BLACK_PIPS).items():
        nr = reds.get(target - s)
        if nr is not None:
            blocks.append((s, nb, nr))
            count += nb * nr
    return count, blocks


def subset_at(mask: int, target: int, blocks: list[tuple[int, int, int]], i: int) -> int:
    """The ``i``-th subset of ``subsets_with_sum(mask, target)``, from :func:`sum_blocks`' blocks."""
    for s, nb, nr in blocks:
        size = nb * nr
        if i < size:
            j, r = divmod(i, nr)
            return subset_of(mask & BLACK_PIPS, s, j) | subset_of(mask & RED_PIPS, target - s, r)
        i -= size
    raise IndexError(i)


def clear_caches() -> None:
    """Empty every memo of this module (benchmarks start cold)."""
    _TABLE_MEMO.clear()
    _SS_MEMO.clear()
    _ATT_MEMO.clear()
    _DEFENCE_SAMPLES.clear()
    _PARTS_MEMO.clear()
    _COUNT_MEMO.clear()
    sort_key.cache_clear()
    for kind in _CELLS:
        _OLD[kind] = {}
        _CELLS[kind] = 0


def memo_cells() -> dict[str, int]:
    """The cells each memo's young generation holds (``table``, ``ss``, ``att``): each at most
    its limit, and its old generation at most that too."""
    return dict(_CELLS)


# --- attack enumeration ---------------------------------------------------------------------------
_ATT_MEMO: dict[tuple[int, int, bool], list[Move]] = {}


def hand_attacks(hand: int, cap: int, wide: bool = True) -> list[Move]:
    """Attack moves of a hand against a defender holding ``cap`` cards: sets of 1..4 pip cards
    with a non-zero total, at most ``cap`` cards in all, plus face cards: with ``wide``
    (``attack_size == "four_then_face"``) any number while the attack holds at most 5 cards,
    else at most one. Listed from :func:`attack_parts`' parts. Memoised on ``(hand, min(cap, 5),
    wide)``; the caller must not modify the list."""
    cap = min(cap, 5)
    key = (hand, cap, wide)
    hit = _ATT_MEMO.get(key)
    if hit is not None:
        return hit
    hit = _memo_old("att", _ATT_MEMO, key)
    if hit is not None:
        return hit
    out: list[Move] = []
    for masks, fsets in _attack_parts(hand, cap, wide):
        out += [(ATTACK, m) for m in masks]
        for f in fsets:
            out += [(ATTACK, m | f) for m in masks]
    _memo_keep("att", _ATT_MEMO, key, out, len(out) + 1)
    return out


_PARTS_MEMO: dict[tuple[int, int, bool], tuple[int, list[tuple[list[int], list[int]]]]] = {}


def attack_parts(hand: int, cap: int, wide: bool = True) -> tuple[int, list[tuple[list[int], list[int]]]]:
    """:func:`hand_attacks`' list unlisted: how many moves it holds, and its parts in order, one a
    size of the pip part: ``(pip sets, face sets)``, listed as every pip set alone, then every pip set
    with the first face set, with the second, and so on. :func:`attack_at` reads one move off them.
    Memoised on ``(hand, min(cap, 5), wide)``; the caller must not modify the lists."""
    cap = min(cap, 5)
    key = (hand, cap, wide)
    hit = _PARTS_MEMO.get(key)
    if hit is not None:
        return hit
    hit = _OLD["parts"].get(key)
    if hit is not None:
        return _memo_old("parts", _PARTS_MEMO, key, _part_cells(hit[1]))
    parts = _attack_parts(hand, cap, wide)
    count = sum(len(masks) * (len(fsets) + 1) for masks, fsets in parts)
    _memo_keep("parts", _PARTS_MEMO, key, (count, parts), _part_cells(parts))
    return count, parts


def _part_cells(parts: list[tuple[list[int], list[int]]]) -> int:
    return sum(len(masks) + len(fsets) for masks, fsets in parts) + 1


def _attack_parts(hand: int, cap: int, wide: bool) -> list[tuple[list[int], list[int]]]:
    """:func:`attack_parts`' parts, made (``cap`` at most 5)."""
    pairs = [(b, VAL[b]) for b in bits(hand & PIPS)]
    faces = bits(hand & FACES) if cap > 1 else []
    every_fset = [0]
    if wide:
        for f in faces:
            every_fset += [x | f for x in every_fset]
    parts: list[tuple[list[int], list[int]]] = []
    for n in range(1, min(cap, 4, len(pairs)) + 1):
        if n == 1:
            masks = [a[0] for a in pairs]
        elif n == 2:
            masks = [a[0] | b[0] for a, b in combinations(pairs, 2) if a[1] + b[1]]
        elif n == 3:
            masks = [a[0] | b[0] | c[0] for a, b, c in combinations(pairs, 3) if a[1] + b[1] + c[1]]
        else:
            masks = [a[0] | b[0] | c[0] | d[0] for a, b, c, d in combinations(pairs, 4) if a[1] + b[1] + c[1] + d[1]]
        fsets: list[int] = []
        if n < cap:
            fsets = [x for x in every_fset if x and n + x.bit_count() <= cap] if wide else list(faces)
        parts.append((masks, fsets))
    return parts


def attack_at(parts: list[tuple[list[int], list[int]]], i: int) -> Move:
    """The ``i``-th move of :func:`hand_attacks`' list, from :func:`attack_parts`' parts."""
    for masks, fsets in parts:
        size = len(masks) * (len(fsets) + 1)
        if i < size:
            j, r = divmod(i, len(masks))
            return (ATTACK, masks[r] | fsets[j - 1]) if j else (ATTACK, masks[r])
        i -= size
    raise IndexError(i)


# --- compiled rules --------------------------------------------------------------------------------
class EngineRules:
    """A :class:`Rules` value with what the engine reads precomputed."""

    __slots__ = ("allowed", "asym_first", "exchange", "exchange_pool_only", "first_player", "hand_limit", "infusion",
                 "lose_when_stuck", "pile", "regroup_max", "rules", "temptation", "trigger_exchange", "wide_attacks",
                 "with_faces")

    def __init__(self, rules: S.Rules) -> None:
        self.rules = rules
        self.hand_limit = rules.hand_limit
        self.regroup_max = 1 << 30 if rules.regroup_max == "limit" else int(rules.regroup_max)
        self.infusion = rules.infusion
        self.exchange = rules.exchange
        self.exchange_pool_only = rules.exchange_limit == "pool_size"
        self.temptation = rules.temptation
        self.trigger_exchange = rules.temptation_trigger == "any_pool_draw"
        self.with_faces = rules.defence_face_cards == "with_pips"
        self.wide_attacks = rules.attack_size == "four_then_face"
        self.lose_when_stuck = rules.no_legal_action == "lose"
        self.first_player = rules.first_player
        # Asymmetry: who chooses piles first (option asymmetry_order), and the pile size (a quarter of the pool)
        self.asym_first = rules.first_player if rules.asymmetry_order == "first_player_first" else 1 - rules.first_player
        self.pile = len(rules.stocks.pool) // 4 if rules.asymmetry else 0
        # allowed[(face bit, has_red, has_black)] -> allowed target numbers
        self.allowed: dict[tuple[int, bool, bool], frozenset[int]] = {}
        names = {S.RED: T_RED, S.BLACK: T_BLACK, S.WHOLE: T_WHOLE}
        for b in bits(FACES):
            card = FRENCH52.by_index(b.bit_length() - 1)
            eff = rules.face_effects.of(card)
            for hr in (False, True):
                for hb in (False, True):
                    self.allowed[(b, hr, hb)] = frozenset(names[t] for t in eff.targets(hr, hb))


_COMPILED: dict[S.Rules, EngineRules] = {}


def compiled(rules: S.Rules) -> EngineRules:
    """The compiled form of a rules value (cached)."""
    c = _COMPILED.get(rules)
    if c is None:
        c = _COMPILED[rules] = EngineRules(rules)
    return c


_BYTE_INDICES = [tuple(i for i in range(8) if b >> i & 1) for b in range(256)]


def indices(mask: int) -> tuple[int, ...]:
    """The card indices of a mask, lowest first (read a byte at a time)."""
    out: tuple[int, ...] = ()
    base = 0
    while mask:
        byte = mask & 255
        if byte:
            out += tuple(base + i for i in _BYTE_INDICES[byte])
        mask >>= 8
        base += 8
    return out


@lru_cache(maxsize=2**17)
def sort_key(move: Move) -> tuple[Any, ...]:
    """The spec's sort key of an engine move (``Move.sort_key`` of the spec move it stands for), read
    off the move: its kind is numbered in the spec's order, its cards are a mask (their indices in
    index order, as the spec's move lists them). Cached: a search sorts the same moves at node after
    node."""
    kind = move[0]
    if kind == EXCH or kind == ATTACK:
        return (kind, move[1].bit_count(), indices(move[1]))
    if kind == DEFEND:
        return (kind, move[1], move[2].bit_count(), indices(move[2]))
    if kind == SWAP:
        return (kind, move[1], move[2])
    if kind == DISCARD:
        return (kind, move[1].bit_length() - 1)
    return (kind,)


def pc(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


def defence_targets(attack: int, cr: EngineRules) -> list[tuple[int, int, int]]:
    """``(target, cancelled mask, needed total)`` as in the spec."""
    reds = attack & RED_PIPS
    blacks = attack & BLACK_PIPS
    faces = attack & FACES
    out = []
    if reds:
        out.append((T_RED, reds, -msum(reds)))
    if blacks:
        out.append((T_BLACK, blacks, -msum(blacks)))
    out.append((T_WHOLE, attack, -msum(attack)))
    for f in bits(faces):
        allowed = cr.allowed[(f, bool(reds), bool(blacks))]
        out = [t for t in out if t[0] in allowed]
    return [t for t in out if t[0] == T_WHOLE or t[1] != attack]


# --- the rules, fast (module functions; the engine class wraps them) ------------------------------
# A state: (compiled rules, phase, to_move, hand0, hand1, stock0, stock1, pool, attack, turns_done,
# exchanged, drawn, drew_pool, setup_chosen, reshuffle, known, under_pool). Player p's hand is
# state[3 + p], the opponent's state[4 - p], p's stock state[5 + p].


def winner(state: EngineState) -> tuple[int, str] | None:
    """(winner, reason) or ``None``: the spec's result checks in the spec's order."""
    if not state[3] and not state[5]:
        return (0, "emptied hand and own stock")
    if not state[4] and not state[6]:
        return (1, "emptied hand and own stock")
    phase = state[1]
    if phase == P_DEFEND:
        p = state[2]
        hand = state[3 + p]
        if not hand & PIPS:
            return (1 - p, "attacked a hand of only face cards")
    elif phase == P_TURN:
        p = state[2]
        hand = state[3 + p]
        cr: EngineRules = state[0]
        can_draw = hand.bit_count() < cr.hand_limit and bool(state[5 + p] or state[7])
        if not state[10] and not hand & PIPS and not can_draw:
            return (1 - p, "forfeit: only face cards and unable to draw")
        if cr.lose_when_stuck and not can_draw:
            n_o = state[4 - p].bit_count()
            if not (n_o >= hand.bit_count() and n_o and hand & PIPS) and not (not state[4 - p] and not state[5 + p]):
                return (1 - p, "no legal action")
    return None


def legal_moves(state: EngineState) -> list[Move]:
    """Every legal move (any order)."""
    phase = state[1]
    p = state[2]
    if phase == P_REGROUP:
        if (not state[3] and not state[5]) or (not state[4] and not state[6]):
            return []
        cr: EngineRules = state[0]
        out: list[Move] = []
        if state[3 + p].bit_count() < cr.hand_limit and state[11] < cr.regroup_max:
            if state[5 + p]:
                out.append(_DRAW_OWN)
            if state[7]:
                out.append(_DRAW_POOL)
        out.append(_STOP)
        return out
    if winner(state) is not None:
        return []
    if phase == P_TURN:
        return _turn_moves(state, p)
    if phase == P_DEFEND:
        return _defences(state, p)
    if phase == P_TEMPT:
        out = [(DISCARD, b) for b in bits(state[3 + p])]
        if state[5 + p]:
            out.append(_DISCARD_STOCK)
        out.append(_DECLINE)
        return out
    out = [(SWAP, i, j) for i in (1, 2, 3) for j in (1, 2, 3, 4)]
    out.append(_KEEP)
    return out


_DRAW_OWN: Move = (DRAW_OWN,)
_DRAW_POOL: Move = (DRAW_POOL,)
_STOP: Move = (STOP,)
_PASS: Move = (PASS,)
_SURRENDER: Move = (SURRENDER,)
_DISCARD_STOCK: Move = (DISCARD_STOCK,)
_DECLINE: Move = (DECLINE,)
_KEEP: Move = (KEEP,)


def exchange_most(state: EngineState) -> int:
    """The most cards an exchange may hold now (0: no exchange)."""
    cr: EngineRules = state[0]
    if state[1] != P_TURN or not cr.exchange or state[10]:
        return 0
    n = state[3 + state[2]].bit_count()
    return min(n, len(state[7])) if cr.exchange_pool_only else n


def exchange_family(state: EngineState) -> MoveFamily:
    """The exchanges of a turn, counted and sampled without listing them."""
    p = state[2]
    hand = state[3 + p]
    hb = bits(hand)
    most = exchange_most(state)
    sizes, cum = _exchange_sizes(len(hb), most)

    def sample(rng: random.Random) -> Move:
        return _exchange_draw(hb, sizes, cum, rng)

    def contains(move: Any) -> bool:
        if not isinstance(move, S.Exchange):
            return False
        m = FRENCH52.mask(move.cards)
        return m & hand == m and 1 <= m.bit_count() <= most

    def candidates() -> list[Move]:
        # the bounded list the spec's family gives (docs/fools-and-angels.md, "Big hands"), made here on
        # masks: every single card, then the k lowest and the k highest by rank (ties in card order), k >= 2
        out: list[Move] = [(EXCH, b) for b in hb] if most >= 1 else []
        by_rank = sorted(hb, key=lambda b: (FRENCH52.cards_of(b)[0].rank, b))
        seen = {m for _, m in out}
        for k in range(2, most + 1):
            for part in (by_rank[:k], by_rank[-k:]):
                m = sum(part)
                if m not in seen:
                    seen.add(m)
                    out.append((EXCH, m))
        return out

    return MoveFamily("exchange", cum[-1] if cum else 0, sample, contains,
                      lambda: [mv for mv in _turn_moves(state, p) if mv[0] == EXCH], candidates)


def attack_classes(parts: list[tuple[list[int], list[int]]]) -> list[tuple[int, int, int]]:
    """The spec's :func:`~foolsolve.spec.fools_and_angels.attack_classes` read off :func:`attack_parts`'
    parts: ``(pip cards, face cards, attacks)`` in the same order."""
    out = []
    for n, (masks, fsets) in enumerate(parts, 1):
        if not masks:
            continue
        by_k: dict[int, int] = {0: 1}
        for f in fsets:
            by_k[f.bit_count()] = by_k.get(f.bit_count(), 0) + 1
        out += [(n, k, len(masks) * by_k[k]) for k in sorted(by_k)]
    return out


def _attack_draw(pbits: list[int], fbits: list[int], classes: list[tuple[int, int, int]], cum: list[int],
                 rng: random.Random) -> Move:
    """The spec's ``_attack_draw`` on masks (the same ``rng`` calls, the same attack): a class weighted by
    its attacks, its pip cards drawn again until they do not total zero, then its face cards."""
    n, k, _count = rng.choices(classes, cum_weights=cum)[0]
    while True:
        m = 0
        for b in rng.sample(pbits, n):
            m |= b
        if msum(m):
            break
    for b in rng.sample(fbits, k):
        m |= b
    return (ATTACK, m)


@lru_cache(maxsize=4096)
def _attack_sample(hand: int, classes: tuple[tuple[int, int, int], ...]) -> tuple[Move, ...]:
    """The spec's attack family's candidates (the same seed, the same draws), made once for a hand and
    its classes: every node of a search with the same hand asks for them."""
    pbits, fbits = bits(hand & PIPS), bits(hand & FACES)
    cum = list(accumulate(c for _n, _k, c in classes))
    return tuple(sampled_members(lambda rng: _attack_draw(pbits, fbits, list(classes), cum, rng), cum[-1],
                                 f"foolsolve-attack-sample:{hand}:{list(classes)}", S.ATTACK_SAMPLE))


def attack_family(state: EngineState) -> MoveFamily:
    """The attacks of a turn as a :class:`MoveFamily` (the spec's :func:`~foolsolve.spec.fools_and_angels.attack_family`):
    counted and read by index off :func:`attack_parts` (:attr:`MoveFamily.at`: the move
    :func:`hand_attacks`' list holds there, as the playout reads it), sampled as the spec samples."""
    cr: EngineRules = state[0]
    p = state[2]
    hand = state[3 + p]
    n_o = state[4 - p].bit_count()
    count, parts = attack_parts(hand, n_o, cr.wide_attacks)
    classes = attack_classes(parts)
    cum = list(accumulate(c for _n, _k, c in classes))
    pbits, fbits = bits(hand & PIPS), bits(hand & FACES)

    def sample(rng: random.Random) -> Move:
        return _attack_draw(pbits, fbits, classes, cum, rng)

    def contains(move: Any) -> bool:
        if not isinstance(move, S.Attack) or len(set(move.cards)) != len(move.cards):
            return False
        m = FRENCH52.mask(move.cards)
        pips = m & PIPS
        return (m & hand == m and bool(msum(pips))
                and (pc(pips), pc(m & FACES)) in {(n, k) for n, k, _c in classes} and pc(pips) + pc(m & FACES) == pc(m))

    return MoveFamily("attack", count, sample, contains, lambda: list(hand_attacks(hand, n_o, cr.wide_attacks)),
                      lambda: list(_attack_sample(hand, tuple(classes))), sampled=True, lead=count,
                      at=lambda i, _rng: attack_at(parts, i))


def _turn_moves(state: EngineState, p: int, exchanges: bool = True, attacks_listed: bool = True) -> list[Move]:
    cr: EngineRules = state[0]
    hand = state[3 + p]
    other = state[4 - p]
    own = state[5 + p]
    pool = state[7]
    out: list[Move] = []
    if exchanges and cr.exchange and not state[10] and hand:
        hb = bits(hand)
        most = min(len(hb), len(pool)) if cr.exchange_pool_only else len(hb)
        check_listed(sum(comb(len(hb), n) for n in range(1, most + 1)),
                     f"exchange moves (every set of a {len(hb)}-card hand)", S.EXCHANGES_INSTEAD)
        for n in range(1, most + 1):
            for combo in combinations(hb, n):
                m = 0
                for b in combo:
                    m |= b
                out.append((EXCH, m))
    n_h = hand.bit_count()
    n_o = other.bit_count()
    attacks = n_o >= n_h and bool(hand & PIPS)
    if attacks and attacks_listed:  # any single pip card is an attack
        out += hand_attacks(hand, n_o, cr.wide_attacks)
    return out + _draws_and_pass(cr, n_h, own, pool, other, attacks)


def _draws_and_pass(cr: EngineRules, n_h: int, own: int, pool: int, other: int, attacked: bool) -> list[Move]:
    """A turn's moves after its attacks, in :func:`_turn_moves`' order: the draws open to a hand of
    ``n_h`` cards, then the pass (the exception, or nothing else to do where a stuck player passes);
    ``attacked``: the turn has an attack."""
    out: list[Move] = []
    if n_h < cr.hand_limit:
        if own and not (cr.infusion and n_h <= 5 and pool):
            out.append(_DRAW_OWN)
        if pool:
            out.append(_DRAW_POOL)
    if (not other and not own) or (not attacked and not out and not cr.lose_when_stuck):
        out.append(_PASS)
    return out


def _defences(state: EngineState, p: int) -> list[Move]:
    cr: EngineRules = state[0]
    hand = state[3 + p]
    pips = hand & PIPS
    face_sets = [0]
    if cr.with_faces:
        for f in bits(hand & FACES):
            face_sets += [s | f for s in face_sets]
    out: list[Move] = []
    for t, _cancel, need in defence_targets(state[8], cr):
        subs = subsets_with_sum(pips, need)  # need != 0, so the empty set is never among them
        if len(face_sets) == 1:
            out += [(DEFEND, t, d) for d in subs]
        else:
            for fs in face_sets:
                out += [(DEFEND, t, d | fs) for d in subs]
    out.append(_SURRENDER)
    return out


DefenceParts = list[tuple[int, int, int, list[tuple[int, int, int]], list[int]]]


def _defence_parts(state: EngineState, p: int) -> tuple[int, DefenceParts]:
    """How many moves :func:`_defences` lists, and its parts in order: ``(target, needed total,
    defences, blocks, face sets)``, ``defences`` the number of :func:`subsets_with_sum`'s subsets of
    the hand's pips for the needed total, unlisted (:func:`sum_blocks`), each listed with every face
    set in turn (surrender last)."""
    cr: EngineRules = state[0]
    hand = state[3 + p]
    face_sets = [0]
    if cr.with_faces:
        for f in bits(hand & FACES):
            face_sets += [s | f for s in face_sets]
    pips = hand & PIPS
    parts = [(t, need, *sum_blocks(pips, need), face_sets) for t, _cancel, need in defence_targets(state[8], cr)]
    return sum(n * len(fs) for _t, _need, n, _blocks, fs in parts) + 1, parts


def _defence_at(pips: int, parts: DefenceParts, i: int) -> Move:
    """The ``i``-th move of :func:`_defences`' list from :func:`_defence_parts` (``pips``: the
    defender's pip cards)."""
    for t, need, n, blocks, face_sets in parts:
        size = n * len(face_sets)
        if i < size:
            return (DEFEND, t, subset_at(pips, need, blocks, i % n) | face_sets[i // n])
        i -= size
    return _SURRENDER


def _defence_draw(pips: int, parts: DefenceParts, i: int) -> Move:
    """The defence of index ``i`` in the spec's ``_defence_draw`` order (not :func:`_defences`' list
    order): the same index decodes to the same defence, so the spec's and the engine's samples are the
    same moves. In a part the face set ``i // n``, the pip set ``i % n`` of the whole pip mask
    (:func:`subset_of`: lowest card first, the sets without it before those with it)."""
    for t, need, n, _blocks, face_sets in parts:
        size = n * len(face_sets)
        if i < size:
            j, r = divmod(i, n)
            return (DEFEND, t, subset_of(pips, need, r) | face_sets[j])
        i -= size
    raise IndexError(i)


def _parts_key(parts: DefenceParts) -> list[tuple[int, int, int, int]]:
    """``(target, needed total, pip sets, face sets)`` of each part: the spec's ``defence_parts`` with
    the target numbered, as the sample's seed reads them."""
    return [(t, need, n, len(fs)) for t, need, n, _blocks, fs in parts]


def defence_family(state: EngineState, count: int, parts: DefenceParts) -> MoveFamily:
    """The defences of a defence with more than :data:`~foolsolve.game.MAX_CONSIDERED` of them, as a
    :class:`MoveFamily` (the spec's :func:`~foolsolve.spec.fools_and_angels.defence_family`): counted
    and read by index off :func:`_defence_parts` (``count`` and ``parts``, surrender aside;
    :attr:`MoveFamily.at`: the move :func:`_defences`' list holds there, as the playout reads it),
    sampled as the spec samples (the same seed, the same draws)."""
    cr: EngineRules = state[0]
    p = state[2]
    hand = state[3 + p]
    pips = hand & PIPS
    key = _parts_key(parts)
    seed = f"foolsolve-defence-sample:{hand}:{state[8]}:{key}"
    needs = {t: need for t, need, _n, _f in key}

    def sample(rng: random.Random) -> Move:
        return _defence_draw(pips, parts, rng.randrange(count))

    def contains(move: Any) -> bool:
        if not isinstance(move, S.Defend) or len(set(move.cards)) != len(move.cards) or move.target not in S.TARGETS:
            return False
        m = FRENCH52.mask(move.cards)
        t = S.TARGETS.index(move.target)
        return (m & hand == m and t in needs and msum(m & PIPS) == needs[t] and bool(m & PIPS)
                and (cr.with_faces or not m & FACES))

    def candidates() -> list[Move]:
        hit = _DEFENCE_SAMPLES.get(seed)
        if hit is None:
            if len(_DEFENCE_SAMPLES) >= 4096:
                _DEFENCE_SAMPLES.clear()
            hit = _DEFENCE_SAMPLES[seed] = tuple(sampled_members(sample, count, seed, S.ATTACK_SAMPLE))
        return list(hit)

    return MoveFamily("defence", count, sample, contains,
                      lambda: [m for m in _defences(state, p) if m[0] == DEFEND], candidates,
                      sampled=True, lead=count, at=lambda i, _rng: _defence_at(pips, parts, i))


_DEFENCE_SAMPLES: dict[str, tuple[Move, ...]] = {}
"""A defence family's candidates by its seed (the seed names the hand, the attack and the parts, so it
names the sample): every node of a search with the same defence asks for them."""


_EXCHANGE_SIZES: dict[tuple[int, int], tuple[list[int], list[int]]] = {}


def _exchange_sizes(n: int, most: int) -> tuple[list[int], list[int]]:
    """The sizes 1..``most`` of an exchange from an ``n``-card hand and their running totals of
    C(n, k) (:func:`exchange_family`'s weights, accumulated; the last is the family's count)."""
    hit = _EXCHANGE_SIZES.get((n, most))
    if hit is None:
        sizes = list(range(1, most + 1))
        hit = _EXCHANGE_SIZES[(n, most)] = (sizes, list(accumulate(comb(n, k) for k in sizes)))
    return hit


def _exchange_draw(hb: list[int], sizes: list[int], cum: list[int], rng: random.Random) -> Move:
    """An exchange drawn uniformly from the hand's cards ``hb`` (their masks): a size weighted by how
    many exchanges have it (``sizes`` and ``cum`` of :func:`_exchange_sizes`), then that many cards."""
    m = 0
    for b in rng.sample(hb, rng.choices(sizes, cum_weights=cum)[0]):
        m |= b
    return (EXCH, m)


def _turn_draw(state: EngineState, rng: random.Random) -> Move | None:
    """The move :func:`uniform_move` draws from :meth:`FoolsAndAngelsEngine.legal_moves_split` at a
    turn of a game not over, for the same ``rng`` calls, without listing the turn's moves: an attack
    read off :func:`attack_parts` by its index in :func:`_turn_moves`' list, an exchange sampled as
    :func:`exchange_family` samples it. ``None``: no legal move."""
    p = state[2]
    cr: EngineRules = state[0]
    hand = state[3 + p]
    other = state[4 - p]
    own = state[5 + p]
    pool = state[7]
    n_h = hand.bit_count()
    n_o = other.bit_count()
    n_att = 0
    parts: list[tuple[list[int], list[int]]] = []
    attacks = n_o >= n_h and bool(hand & PIPS)
    if attacks:  # as _turn_moves, in its order: attacks, draws, pass
        n_att, parts = attack_parts(hand, n_o, cr.wide_attacks)
    extra = _draws_and_pass(cr, n_h, own, pool, other, attacks)
    listed = n_att + len(extra)
    most = exchange_most(state)
    if most == 0:
        if not listed:
            return None
        i = rng.randrange(listed)  # rng.choice's draw over the list
    else:
        sizes, cum = _exchange_sizes(n_h, most)
        i = rng.randrange(listed + cum[-1])
        if i >= listed:  # exchange_family's sample
            return _exchange_draw(bits(hand), sizes, cum, rng)
    return attack_at(parts, i) if i < n_att else extra[i - n_att]


def _end_turn(s: list[Any], player: int) -> EngineState:
    cr: EngineRules = s[0]
    s[1] = P_TEMPT if cr.temptation and s[9] >= 2 and s[12] else P_TURN
    s[2] = 1 - player
    if s[9] < 2:
        s[9] += 1
    s[10] = False
    s[11] = 0
    s[12] = False
    return tuple(s)


def apply(state: EngineState, move: Move) -> EngineState:
    """The successor of a legal move."""
    kind = move[0]
    p = state[2]
    h = 3 + p
    if kind == DRAW_OWN or kind == DRAW_POOL:
        cr: EngineRules = state[0]
        s = list(state)
        if kind == DRAW_OWN:
            stock = state[5 + p]
            s[5 + p] = stock[1:]
        else:
            stock = state[7]
            s[7] = stock[1:]
            s[12] = True
            under = state[F_UNDER]
            if under != NOTHING:
                s[F_UNDER] = (under[0] & ~(1 << stock[0]), under[1] & ~(1 << stock[0]))
        hand = state[h] | (1 << stock[0])
        s[h] = hand
        drawn = state[11] + 1
        s[11] = drawn
        s[10] = False
        s[1] = P_REGROUP
        if hand.bit_count() < cr.hand_limit and drawn < cr.regroup_max and (s[5 + p] or s[7]):
            return tuple(s)
        return _end_turn(s, p)
    if kind == ATTACK:
        s = list(state)
        s[h] = state[h] & ~move[1]
        s[1] = P_DEFEND
        s[2] = 1 - p
        s[8] = move[1]
        s[10] = False
        known = state[F_KNOWN]
        if known[p] & move[1]:
            s[F_KNOWN] = _set_pair(known, p, known[p] & ~move[1])
        return tuple(s)
    if kind == DEFEND:
        attack = state[8]
        cancel = attack
        if move[1] != T_WHOLE:
            cancel = attack & (RED_PIPS if move[1] == T_RED else BLACK_PIPS)
        s = list(state)
        s[h] = (state[h] & ~move[2]) | (attack & ~cancel)
        s[8] = 0
        known = state[F_KNOWN]  # what the defender takes, in view of both
        s[F_KNOWN] = _set_pair(known, p, (known[p] & ~move[2]) | (attack & ~cancel))
        return _end_turn(s, 1 - p)
    if kind == SURRENDER:
        s = list(state)
        s[h] = state[h] | state[8]
        s[8] = 0
        s[F_KNOWN] = _set_pair(state[F_KNOWN], p, state[F_KNOWN][p] | state[8])
        return _end_turn(s, 1 - p)
    if kind == STOP or kind == PASS:
        return _end_turn(list(state), p)
    if kind == EXCH:
        cr = state[0]
        pool = state[7] + tuple(b.bit_length() - 1 for b in bits(move[1]))
        k = move[1].bit_count()
        got = 0
        for i in pool[:k]:
            got |= 1 << i
        s = list(state)
        s[h] = (state[h] & ~move[1]) | got
        s[7] = pool[k:]
        s[10] = True
        # face down: she knows what lies under the pool; her hand's known cards are known no more
        left = 0
        for i in pool[k:]:
            left |= 1 << i
        under = _set_pair(state[F_UNDER], p, state[F_UNDER][p] | move[1])
        s[F_UNDER] = (under[0] & left, under[1] & left)
        s[F_KNOWN] = _set_pair(state[F_KNOWN], p, 0)
        if cr.trigger_exchange:
            s[12] = True
        return tuple(s)
    if kind == DISCARD:
        s = list(state)
        s[h] = state[h] & ~move[1]
        s[1] = P_TURN
        if state[F_KNOWN][p] & move[1]:
            s[F_KNOWN] = _set_pair(state[F_KNOWN], p, state[F_KNOWN][p] & ~move[1])
        return tuple(s)
    if kind == DISCARD_STOCK:
        s = list(state)
        s[5 + p] = state[5 + p][1:]
        s[1] = P_TURN
        return tuple(s)
    if kind == DECLINE:
        s = list(state)
        s[1] = P_TURN
        return tuple(s)
    return _setup(state, move)


def _set_pair(pair: tuple[int, int], p: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if p == 0 else (pair[0], value)


def _setup(state: EngineState, move: Move) -> EngineState:
    cr: EngineRules = state[0]
    p = state[2]
    own = list(state[5 + p])
    pool = list(state[7])
    if move[0] == SWAP:
        k = cr.pile
        a, b = (move[1] - 1) * k, (move[2] - 1) * k
        own[a:a + k], pool[b:b + k] = pool[b:b + k], own[a:a + k]
    s = list(state)
    s[5 + p] = tuple(own)
    s[7] = tuple(pool)
    if state[13] == 0:
        s[13] = 1
        s[2] = 1 - p
        return tuple(s)
    for f, perm in zip((5, 6, 7), state[14]):
        srt = sorted(s[f])
        s[f] = tuple(srt[i] for i in perm)
    s[1] = P_TURN
    s[2] = cr.first_player
    s[9:15] = [0, False, 0, False, 0, ()]
    return tuple(s)


def _pair_cards(pair: tuple[int, int]) -> tuple[frozenset[Card], frozenset[Card]]:
    return (frozenset(FRENCH52.cards_of(pair[0])), frozenset(FRENCH52.cards_of(pair[1])))


# --- the engine ------------------------------------------------------------------------------------
class FoolsAndAngelsEngine(Engine[EngineState, Move]):
    """Bitmask engine."""

    def __init__(self) -> None:
        self.spec = S.SPEC
        self._checked: tuple[EngineState | None, list[Move], MoveFamily | None] = (None, [], None)
        """The state :meth:`is_legal` checked last and its :meth:`legal_moves_split`."""

    # -- conversion -------------------------------------------------------------------------
    def from_spec(self, state: S.State) -> EngineState:
        return (compiled(state.rules), PHASE_NAMES.index(state.phase), state.to_move,
                FRENCH52.mask(state.hands[0]), FRENCH52.mask(state.hands[1]),
                tuple(c.index for c in state.stocks[0]), tuple(c.index for c in state.stocks[1]),
                tuple(c.index for c in state.pool), FRENCH52.mask(state.attack), state.turns_done,
                state.exchanged, state.drawn, state.drew_pool, state.setup_chosen, state.reshuffle,
                (FRENCH52.mask(state.known[0]), FRENCH52.mask(state.known[1])),
                (FRENCH52.mask(state.under_pool[0]), FRENCH52.mask(state.under_pool[1])))

    def to_spec(self, state: EngineState) -> S.State:
        cr: EngineRules = state[F_RULES]
        by = FRENCH52.by_index
        return S.State(cr.rules, PHASE_NAMES[state[F_PHASE]], state[F_TO_MOVE],
                       (frozenset(FRENCH52.cards_of(state[F_H0])), frozenset(FRENCH52.cards_of(state[F_H1]))),
                       (tuple(by(i) for i in state[F_S0]), tuple(by(i) for i in state[F_S1])),
                       tuple(by(i) for i in state[F_POOL]), frozenset(FRENCH52.cards_of(state[F_ATTACK])),
                       state[F_TURNS], state[F_EXCH], state[F_DRAWN], state[F_DREW], state[F_CHOSEN],
                       state[F_RESHUFFLE], _pair_cards(state[F_KNOWN]), _pair_cards(state[F_UNDER]))

    def observation(self, state: EngineState, player: int) -> dict[str, Any]:
        """What ``player`` sees (as the spec's view): the public part of the position, the
        player's own hand, both hands' sizes and the stocks' sizes (from the engine's state)."""
        obj = S.SPEC.state_to_json(self.to_spec(state))
        own = obj.pop("hands")[player]
        for key in ("stocks", "pool", "reshuffle", "under_pool"):
            obj.pop(key, None)
        if state[F_UNDER][player]:
            obj["under_pool"] = [c.ascii for c in FRENCH52.cards_of(state[F_UNDER][player])]
        obj["player"] = player
        obj["hand"] = own
        obj["hand_sizes"] = [state[F_H0].bit_count(), state[F_H1].bit_count()]
        obj["stock_sizes"] = [len(state[F_S0]), len(state[F_S1])]
        obj["pool_size"] = len(state[F_POOL])
        return obj

    def move_to_spec(self, state: EngineState, move: Move) -> S.Move:
        kind = move[0]
        cards = FRENCH52.cards_of
        if kind == SWAP:
            return S.SwapPiles(move[1], move[2])
        if kind == KEEP:
            return S.KeepPiles()
        if kind == EXCH:
            return S.Exchange(tuple(cards(move[1])))
        if kind == ATTACK:
            return S.Attack(tuple(cards(move[1])))
        if kind == DEFEND:
            return S.Defend(S.TARGETS[move[1]], tuple(cards(move[2])))
        if kind == SURRENDER:
            return S.Surrender()
        if kind == DRAW_OWN:
            return S.Draw("own")
        if kind == DRAW_POOL:
            return S.Draw("pool")
        if kind == STOP:
            return S.Stop()
        if kind == PASS:
            return S.Pass()
        if kind == DISCARD:
            return S.Discard(FRENCH52.cards_of(move[1])[0])
        if kind == DISCARD_STOCK:
            return S.DiscardStock()
        return S.Decline()

    # -- queries -------------------------------------------------------------------------------
    def to_move(self, state: EngineState) -> int:
        return int(state[F_TO_MOVE])

    def key(self, state: EngineState) -> Hashable:
        """The fields the rules read (knowledge left out: docs/views.md)."""
        return state[:RULE_FIELDS]

    def result(self, state: EngineState) -> Result | None:
        w = winner(state)
        if w is None:
            return None
        p, why = w
        return Result((Fraction(1), Fraction(-1)) if p == 0 else (Fraction(-1), Fraction(1)), f"player {p} wins",
                      (("winner", p), ("reason", why)))

    def deal(self, rules: S.Rules, players: int, rng: random.Random) -> EngineState:
        """A new game dealt by the engine (the same ``rng`` calls as the spec's deal): each stock
        shuffled from card order; with Asymmetry, the pile choices first (the reshuffle that follows
        them drawn now) by the player who chooses first."""
        if players != 2:
            raise InputError("players: Fools and Angels is a game for 2 players")
        stocks = []
        for which in (rules.stocks.player0, rules.stocks.player1, rules.stocks.pool):
            idx = sorted(FRENCH52.parse(t).index for t in which)
            rng.shuffle(idx)
            stocks.append(tuple(idx))
        cr = compiled(rules)
        reshuffle: tuple[tuple[int, ...], ...] = ()
        if rules.asymmetry:
            perms = []
            for st in stocks:
                perm = list(range(len(st)))
                rng.shuffle(perm)
                perms.append(tuple(perm))
            reshuffle = tuple(perms)
        phase, first = (P_SETUP, cr.asym_first) if rules.asymmetry else (P_TURN, cr.first_player)
        return (cr, phase, first, 0, 0, stocks[0], stocks[1], stocks[2], 0, 0, False, 0, False, 0, reshuffle, NOTHING,
                NOTHING)

    def winner(self, state: EngineState) -> tuple[int, str] | None:
        """(winner, reason) or ``None``."""
        return winner(state)

    def legal_moves(self, state: EngineState) -> list[Move]:
        return legal_moves(state)

    def legal_moves_split(self, state: EngineState) -> tuple[list[Move], MoveFamily | None]:
        """The legal moves with the exchanges, and the attacks where more than
        :data:`~foolsolve.game.MAX_CONSIDERED`, as a :class:`MoveFamily` (see the spec's); the
        defences likewise (:func:`defence_family`)."""
        if winner(state) is not None:
            return legal_moves(state), None
        p = state[2]
        if state[1] == P_DEFEND:  # past MAX_CONSIDERED the defences are a family, surrender listed after them
            n, dparts = _defence_parts(state, p)
            if n - 1 <= MAX_CONSIDERED:
                return legal_moves(state), None
            return [_SURRENDER], defence_family(state, n - 1, dparts)
        if state[1] != P_TURN:
            return legal_moves(state), None
        hand = state[3 + p]
        n_o = state[4 - p].bit_count()
        cr: EngineRules = state[0]
        attacks = attack_parts(hand, n_o, cr.wide_attacks)[0] if n_o >= hand.bit_count() and hand & PIPS else 0
        many = attacks > MAX_CONSIDERED
        exchanges = exchange_most(state) > 0
        if not exchanges and not many:
            return legal_moves(state), None
        listed = _turn_moves(state, p, exchanges=False, attacks_listed=not many)
        parts = [attack_family(state)] if many else []
        if exchanges:
            parts.append(exchange_family(state))
        return listed, parts[0] if len(parts) == 1 else joined_family(parts, lead=attacks)

    def playout(self, state: EngineState, rng: random.Random, max_moves: int | None = None) -> tuple[EngineState, int]:
        """:meth:`Engine.playout`'s game for the same ``rng`` (the same moves drawn), a turn's or a
        defence's move drawn by its index without building the list (:func:`_turn_draw`,
        :func:`_defence_at`): a big hand has thousands of attacks and defences a turn."""
        moves = 0
        while moves != max_moves:
            phase = state[F_PHASE]
            if phase == P_DEFEND and winner(state) is None:
                p = state[F_TO_MOVE]
                n, parts = _defence_parts(state, p)
                state = apply(state, _defence_at(state[3 + p] & PIPS, parts, rng.randrange(n)))  # rng.choice's draw
            elif phase == P_TURN and winner(state) is None:
                move = _turn_draw(state, rng)
                if move is None:
                    break
                state = apply(state, move)
            else:
                legal, family = self.legal_moves_split(state)
                if not legal and family is None:
                    break
                state = apply(state, uniform_move(legal, family, rng))
            moves += 1
        return state, moves

    def move_sort_key(self, state: EngineState, move: Move) -> tuple[Any, ...]:
        """The spec's sort key of an engine move (:func:`sort_key`)."""
        return sort_key(move)

    def move_from_spec(self, state: EngineState, move: Any) -> Move:
        """The engine move of a legal spec move (converted directly, without listing moves)."""
        m: Move
        if isinstance(move, S.SwapPiles):
            m = (SWAP, move.own, move.pool)
        elif isinstance(move, S.KeepPiles):
            m = _KEEP
        elif isinstance(move, S.Exchange):
            m = (EXCH, FRENCH52.mask(move.cards))
        elif isinstance(move, S.Attack):
            m = (ATTACK, FRENCH52.mask(move.cards))
        elif isinstance(move, S.Defend):
            m = (DEFEND, S.TARGETS.index(move.target), FRENCH52.mask(move.cards))
        elif isinstance(move, S.Draw):
            m = _DRAW_OWN if move.source == "own" else _DRAW_POOL
        elif isinstance(move, S.Discard):
            m = (DISCARD, FRENCH52.mask([move.card]))
        else:
            simple = {S.Surrender: _SURRENDER, S.Stop: _STOP, S.Pass: _PASS, S.DiscardStock: _DISCARD_STOCK,
                      S.Decline: _DECLINE}
            if type(move) not in simple:
                raise IllegalMove(f"move {move} is not a Fools and Angels move")
            m = simple[type(move)]
        listed, family = self.legal_moves_split(state)
        if m in listed or (family is not None and family.contains(move)):
            return m
        raise IllegalMove(f"move {move} is not legal here")

    def apply(self, state: EngineState, move: Move) -> EngineState:
        """The successor; :class:`IllegalMove` unless ``move`` is legal here (:meth:`is_legal`)."""
        if not self.is_legal(state, move):
            raise IllegalMove(f"move {move!r} is not legal here")
        return apply(state, move)

    def apply_unchecked(self, state: EngineState, move: Move) -> EngineState:
        """The successor of a move from :meth:`legal_moves` (no legality check: the searches)."""
        return apply(state, move)

    def is_legal(self, state: EngineState, move: Any) -> bool:
        """Whether ``move`` is an engine move legal here: one :meth:`legal_moves_split` lists, or a
        member of its family (an exchange, attack or defence of a big hand, read as the spec move it
        stands for). The split of the state checked last is kept: a search applies every move of a
        node to the same state."""
        if not (isinstance(move, tuple) and move and all(type(x) is int for x in move)):
            return False
        last, listed, family = self._checked
        if last is not state:
            listed, family = self.legal_moves_split(state)
            self._checked = (state, listed, family)
        if move in listed:
            return True
        kind = move[0]
        if family is None or kind not in (EXCH, ATTACK, DEFEND) or len(move) != (3 if kind == DEFEND else 2):
            return False
        if not 0 < move[-1] <= USED or move[-1] & ~USED or (kind == DEFEND and not 0 <= move[1] < len(S.TARGETS)):
            return False
        return family.contains(self.move_to_spec(state, move))

    # -- helpers for solvers and benchmarks -------------------------------------------------------------
    def move_text(self, state: EngineState, move: Move) -> str:
        """The spec's text of an engine move."""
        return str(self.move_to_spec(state, move))


ENGINE = FoolsAndAngelsEngine()
"""The engine instance."""

