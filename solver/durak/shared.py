"""What the Durak solver's two searches share: values and constants, the reduction switches,
the integer helpers both run (one source: the Python search calls these functions, the compiled
search compiles the very same functions with numba), the node kinds, and the compiled search's
configuration (the rules, trump and reductions as the integer slots its kernel reads).

docs/durak-solver.md describes the search and why each reduction is sound. This module imports
neither numba nor numpy. Everything a kernel function reads from here is frozen into the
compiled code, so :mod:`foolsolve.solver.durak.compiled` keys its on-disk cache by this file's
text as well as its own (a change here recompiles the kernel).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from foolsolve.engines.durak import NO_TRUMP, PEREVODNOY, RANK_LANES, SIMPLE, SUIT_MASKS, EngineRules, EngineState
from foolsolve.engines.durak_kernel import bout_limit
from foolsolve.errors import OptionError

WIN, DRAW, LOSS = 1, 0, -1
NOMOVE = -3
"""Search value of a restricted node with nothing to do (below any real value)."""
LOW_RANK = 2
"""Lowest rank index of any deck (the 2 of the 52-card deck): canonical ranks start here."""
SUIT0 = 0xFFFF
"""One suit's lane (16 ranks) at slot 0."""
LANES = RANK_LANES
"""Bit 0 of every suit lane: ``LANES << r`` is every card of rank ``r``."""
CARD_BITS = (1 << 63) - 1
"""Card indices stop below bit 63 (rank 14 of suit slot 3 is bit 62), so every mask fits an int64."""


@dataclass(frozen=True)
class Reductions:
    """Sound reductions of the search (docs/durak-solver.md, "Reductions"); each can be switched off."""

    take_first: bool = True
    cover_order: bool = True
    take_throw_sets: bool = True
    twins: bool = True
    single_leads: bool = True
    quick_exit: bool = True
    canonical: bool = True
    rank_order: bool = True
    sure_win: bool = True
    sure_loss: bool = True
    forced_takes: bool = True
    null_window: bool = True
    etc: bool = True
    lead_subsets: bool = True

    @classmethod
    def none(cls) -> Reductions:
        """Every reduction off: plain alpha-beta over the model's moves."""
        return cls(**{f.name: False for f in fields(cls)})

    @classmethod
    def from_json(cls, obj: Any) -> Reductions:
        """From ``{"twins": false, ...}`` (unknown names and values that are no switch are an :class:`OptionError`)."""
        if isinstance(obj, Reductions):
            return obj
        if obj is None:
            return cls()
        if not isinstance(obj, dict):
            raise OptionError("reductions: expected an object of true/false switches")
        names = {f.name for f in fields(cls)}
        for k, v in obj.items():
            if k not in names:
                raise OptionError(f"reductions.{k}: unknown reduction (known: {', '.join(sorted(names))})")
            if not isinstance(v, bool):
                raise OptionError(f"reductions.{k}: expected true or false")
        return cls(**obj)


def leads_split(er: EngineRules) -> bool:
    """Whether these rules are those under which a same-rank lead can be led one card at a time
    (``single_leads``) or in parts (``lead_subsets``): throw-ins, also to a defender who has
    taken, and no transfers (docs/durak-solver.md)."""
    return er.variant != SIMPLE and er.variant != PEREVODNOY and er.throw_after_take


# --- integer helpers of both searches (plain Python that numba compiles as it stands) --------


def solo(live: int) -> int:
    """The live cards that are the only live card of their rank."""
    l0 = live & SUIT0
    l1 = (live >> 16) & SUIT0
    l2 = (live >> 32) & SUIT0
    l3 = live >> 48
    two = (l0 & l1) | (l2 & l3) | ((l0 | l1) & (l2 | l3))
    return live & (((l0 | l1 | l2 | l3) & ~two) * LANES)


def entry(lo: int, hi: int, hint: int, best: int, bm: int, a0: int, beta: int) -> tuple[int, int, int]:
    """The transposition-table entry after a node's search: the bounds ``lo``/``hi`` it started
    with, tightened by ``best`` (a fail-low result is an upper bound, a fail-high result a lower
    bound, anything in between exact), and the move to try first next time (the old hint after
    a fail low: no move proved better). (The Python search inlines it where it is hot.)"""
    if best <= a0:
        return lo, best, hint
    if best >= beta:
        return best, hi, bm
    return best, best, bm


def owner_key(av: int, dv: int) -> int:
    """A suit's key for the canonical form that no reordering of ranks changes (``av``, ``dv``:
    the attacker's and the defender's cards of the suit, one lane each): its number of live
    cards, then whose they are (bit i set: the attacker holds the i-th lowest)."""
    m = av | dv
    word = 0
    i = 0
    while m:
        low = m & -m
        if av & low:
            word |= 1 << i
        i += 1
        m ^= low
    return i << 16 | word


# --- node kinds and the compiled search's configuration -------------------------------------

# node kinds of the compiled search's one recursive function (LEAD ... TAKE_SEQ count as nodes,
# as the Python search's lead, defence, throw-in, take-set and take-sequence nodes do)
K_LEAD, K_DEF, K_THROW, K_TAKE_SET, K_TAKE_SEQ, K_AFTER, K_TAKE = 0, 1, 2, 3, 4, 5, 6

# configuration slots (:func:`config`)
C_TRUMP, C_THROW_INS, C_AFTER_TAKE, C_LASTDEF, C_LIMIT = 0, 1, 2, 3, 4
C_TWINS, C_TAKE_FIRST, C_COVER_ORDER, C_THROW_SETS, C_QUICK = 5, 6, 7, 8, 9
C_CANONICAL, C_SURE, C_FORCING, C_LOSS_TEST, C_MULTI_LEADS, C_ETC = 10, 11, 12, 13, 14, 15
C_TMASK, C_SH0, C_SH1, C_SH2, C_RANK_ORDER = 16, 17, 18, 19, 20
CFG_SIZE = 21


def permutable_shifts(trump: int) -> list[int]:
    """Bit shifts of the suits the canonical form may permute: every suit but the trump suit."""
    return [16 * i for i in range(4) if i != trump]


def config(er: EngineRules, trump: int, red: Reductions) -> list[int]:
    """The compiled search's configuration for these rules, trump and reductions: the value of
    each slot ``C_*`` (the reductions as the Python search applies them to these rules)."""
    cfg = [0] * CFG_SIZE
    cfg[C_TRUMP] = trump
    cfg[C_THROW_INS] = er.throw_ins  # (the kernel's throw_ins_open reads these two)
    cfg[C_AFTER_TAKE] = er.throw_after_take
    cfg[C_LASTDEF] = er.lastdef_loses
    cfg[C_LIMIT] = bout_limit(False, False, er.first_limit, er.first_take6, er.six_always, 0)  # stock empty
    cfg[C_TWINS] = red.twins
    cfg[C_TAKE_FIRST] = red.take_first
    cfg[C_COVER_ORDER] = red.cover_order
    cfg[C_THROW_SETS] = red.take_throw_sets
    cfg[C_QUICK] = red.quick_exit
    cfg[C_CANONICAL] = red.canonical
    cfg[C_RANK_ORDER] = red.rank_order
    cfg[C_SURE] = red.sure_win
    cfg[C_FORCING] = red.forced_takes
    cfg[C_LOSS_TEST] = red.sure_loss
    cfg[C_MULTI_LEADS] = not (red.single_leads and leads_split(er))
    cfg[C_ETC] = red.etc
    cfg[C_TMASK] = SUIT_MASKS[trump] & CARD_BITS if trump != NO_TRUMP else 0
    nts = permutable_shifts(trump)
    if len(nts) == 3:
        cfg[C_SH0], cfg[C_SH1], cfg[C_SH2] = nts
    return [int(v) for v in cfg]


def compiled_covers(s: EngineState) -> bool:
    """Whether the compiled search covers this position (and every position reached from it):
    two players, the stock empty, not the first bout, simple or podkidnoy."""
    return s.n == 2 and not s.stock and not s.first_bout and s.er.variant != PEREVODNOY and not s.shown and not s.er.side
