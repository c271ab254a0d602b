"""The Durak endgame search of :mod:`foolsolve.solver.durak.search`, compiled with numba: the
same tree, node for node on one thread (docs/durak-solver.md, "The compiled search").

The kernel is a set of numba functions, callees before callers: bit helpers, Durak's rules and
move generators (the functions of :mod:`foolsolve.engines.durak_kernel`, compiled once for this
search and the compiled playout by :mod:`foolsolve.engines.durak_kernel_compiled`), the canonical form
of lead positions, the lead and bout tables, the static lead tests, move generation per node
kind (lead, defence, throw-in), the enhanced transposition cutoffs, and :func:`_search`, one
self-recursive function for every node kind, entered through :func:`_run`. Nothing is compiled
or loaded at import: :func:`load` loads :func:`_run` alone from numba's on-disk cache (it holds
every callee's code), and on a cache miss compiles the functions one by one, each into the
cache, announcing it on a terminal (see "Start-up" in docs/durak-solver.md).

Interrupts and progress: the kernel runs in a worker thread with the GIL released; the caller's
thread polls the node counter for progress and, on Ctrl-C, raises a flag the kernel reads at
every node, so the search stops within a node and the KeyboardInterrupt goes on in the caller.
"""

from __future__ import annotations

import errno
import functools
import itertools
import mmap
import os
import sys
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.extending import intrinsic

from foolsolve.engines import durak_kernel, durak_kernel_compiled
from foolsolve.engines.durak import BEATERS, PEREVODNOY, EngineRules, EngineState, cap, game_result
from foolsolve.engines.durak_kernel import GOES_ON, LEADER_DEFENDER
from foolsolve.engines.durak_kernel_compiled import KeyedCache
from foolsolve.engines.durak_kernel_compiled import bit_count as _popc
from foolsolve.engines.durak_kernel_compiled import leading_zeros as _clz
from foolsolve.engines.durak_kernel_compiled import trailing_zeros as _ctz
from foolsolve.solver.base import DEFAULT_MAX_MEMORY, MAX_NODES, SearchLimit
from foolsolve.solver.durak import shared
from foolsolve.solver.durak.search import narrow, question, remembers
from foolsolve.solver.durak.shared import (
    C_AFTER_TAKE,
    C_CANONICAL,
    C_COVER_ORDER,
    C_ETC,
    C_FORCING,
    C_LASTDEF,
    C_LIMIT,
    C_LOSS_TEST,
    C_MULTI_LEADS,
    C_QUICK,
    C_RANK_ORDER,
    C_SH0,
    C_SH1,
    C_SH2,
    C_SURE,
    C_TAKE_FIRST,
    C_THROW_INS,
    C_THROW_SETS,
    C_TMASK,
    C_TWINS,
    DRAW,
    K_AFTER,
    K_DEF,
    K_LEAD,
    K_TAKE,
    K_TAKE_SEQ,
    K_TAKE_SET,
    K_THROW,
    LANES,
    LOSS,
    NOMOVE,
    SUIT0,
    WIN,
    compiled_covers,
    config,
)

PROBES = 8
"""Rows of a table's probe window (linear probing); a full window replaces a row: the lead table
the row whose entry cost the fewest nodes, the bout table its last row."""
LEAD_ROW_BYTES = 16
"""A lead table row: two words (the key in 104 bits, its bounds, work and hint; see :func:`_lfind`)."""
K2_MASK = (1 << 40) - 1
"""The key's last 40 bits, in a lead row's second word."""
K_REHASH = -1
"""The kind of a :func:`_run` call that grows the lead table (:meth:`JitEndgame._grow`)."""
L_LOST = 0
"""The lead table's last row holds its counter: at ``L_LOST`` the entries replaced because their
key's probe window was full (approximate: two threads may add at once; the calling thread reads
it to grow the table, :meth:`JitEndgame._grow`)."""
LEAD_START = 4
"""A fresh lead table has ``2**(cards + LEAD_START)`` rows for ``cards`` cards in play: a fresh
table costs a page fault per page first used, so small solves get small tables."""
LEAD_GROW = 4
"""A lead table grows this many times larger (:meth:`JitEndgame._grow`), up to the memory budget,
once it has replaced :data:`LEAD_LOST` of its rows' worth of entries. The lead positions a proof
reaches grow about 2-3x per card, and a table that is too small replaces entries that come back:
a hard random 10v10 deal took 900M nodes with 2**23 rows of 32 bytes, 521M with 2**24, 439M with
2**25 and 427M with 2**26."""
LEAD_LOST = 1 / 32
"""The share of its rows a lead table replaces (entries lost to a full probe window) before it
grows: growing is a pause (every entry moved, the new table's pages faulted in: about 0.6 s for
256 MiB on this machine), worth it only once entries are being lost (a 9v9 solve that filled a
quarter of its table and grew took 3.3 s against 2.4 s, with the same nodes)."""
BOUT_BITS = 13
"""The bout table (defence, throw-in and take nodes) has 2**13 rows of 64 bytes (512 KiB): its
entries are nearly all transpositions inside one bout, so a table that stays in the processor's
cache beats a large one (8v8 set: 2**12 rows give the node count of 2**22 rows, 1.9x faster)."""
MIN_BITS = 10
FULL = -(1 << 40)
"""What :func:`_bfind` adds to a row's negated index when the key's probe window has no empty row."""


def lane_bytes(bout_bits: int = BOUT_BITS) -> int:
    """Bytes of one kernel thread's own tables: its bout table and its move stack."""
    return (1 << bout_bits) * 64 + STACK * 8


def lead_rows(max_memory: int | None = None, threads: int = 2, bout_bits: int = BOUT_BITS) -> int:
    """The most rows the lead table may grow to: what ``max_memory`` MiB (``--max-memory``, default
    :data:`DEFAULT_MAX_MEMORY`) leaves after ``threads`` threads' own tables (:func:`lane_bytes`
    with bout tables of ``2**bout_bits`` rows), at least ``2**MIN_BITS``. Any number of rows works
    (:func:`_lslot`); a full table replaces entries (the search stays exact and may repeat work:
    tests/durak/test_jit.py runs it with tiny tables)."""
    mib = DEFAULT_MAX_MEMORY if max_memory is None else max_memory
    budget = (mib << 20) - threads * lane_bytes(bout_bits)
    return max(1 << MIN_BITS, min(1 << 31, budget // LEAD_ROW_BYTES - 1))


POLL = 0.05
"""Seconds between two looks of the calling thread at the worker (progress, Ctrl-C)."""

# ctl slots: nodes, abort flag, node bound ("over": the first node count that is too many), a
# run-time zero, the move stack's top, and 1 on a helper's lane (its own move order, see _jobs)
T_NODES, T_ABORT, T_OVER, T_ZERO, T_SP, T_HELPER = 0, 1, 2, 3, 4, 5
MOVES_MAX = 256
"""Room for a lead node's moves (at most 51 single cards and 143 multi-card leads of a 52-card deck)."""
LEAD_FRAME = MOVES_MAX + 32
"""Stack slots a lead node takes: its moves, then two lists of at most 16 cards (13 ranks)."""
BOUT_MOVES = 64
"""Room for a defence or throw-in node's moves (at most 51 cards, a take and a pass)."""
BOUT_FRAME = 3 * BOUT_MOVES
"""Stack slots a defence or throw-in node takes: its moves, then the next lead's canonical key
(two words) for each move :func:`_etc_cover` looked up."""
STACK = 1 << 18
"""Slots of the move stack (about 900 lead frames or 1300 bout frames: far more than a game's length)."""



class Aborted(Exception):
    """Raised inside the kernel when the caller's thread asked it to stop (Ctrl-C)."""


class StackFull(Exception):
    """Raised inside the kernel when the move stack is full (a search deeper than any game)."""


class NodeLimit(Exception):
    """Raised inside the kernel at the first node over the node limit."""



@intrinsic
def _borrow(typingctx: Any, arr: Any) -> Any:
    """The same array without its reference count (a view whose meminfo is null). numba's
    calls increment and decrement the count of every array argument with atomic
    instructions, and the search passes its six arrays down every recursive call, three of
    them shared by both threads. perf put about a fifth of the kernel's samples on those
    atomics; without them a full 10v10 solve on two threads is about 7% faster (one thread:
    no change). The caller keeps the arrays alive for the call."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        ary.meminfo = ary.meminfo.type(None)
        ary.parent = ary.parent.type(None)
        return ary._getvalue()
    return arr(arr), codegen

@intrinsic
def _prefetch(typingctx: Any, arr: Any, row: Any) -> Any:
    """Ask the processor to bring row ``row`` of the 2-d array ``arr`` into its caches
    (``llvm.prefetch``: a hint, no fault, no result). The lead table is far larger than the
    caches, so nearly every probe of a new key waits for memory; a probe whose key is known a
    little earlier than its answer is needed gets that wait overlapped with other work."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        aryty = sig.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        zero = context.get_constant(types.intp, 0)
        ptr = cgutils.get_item_pointer2(context, builder, ary.data, cgutils.unpack_tuple(builder, ary.shape),
                                        cgutils.unpack_tuple(builder, ary.strides), aryty.layout, [args[1], zero])
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32]),
                                            "llvm.prefetch.p0")
        builder.call(fn, [ptr, i32(0), i32(3), i32(1)])  # read, keep in every cache level, data
        return context.get_dummy_value()
    return types.void(arr, types.int64), codegen

SHARED_TEXT = Path(shared.__file__).read_bytes()
"""The text of the shared module: the search compiles its functions and constants in, so numba's
cache (which checks only the stamp of each function's own file) is keyed by it too, beside the
kernel's (:class:`~foolsolve.engines.durak_kernel_compiled.KeyedCache`)."""


class _Cache(KeyedCache):
    """numba's on-disk cache of compiled functions, each entry keyed also by the text of the rules'
    kernel and of the compiled kernel (:class:`KeyedCache`) and of the shared module
    (:data:`SHARED_TEXT`), so a change there recompiles the search instead of loading code compiled
    from the old text."""

    extra = SHARED_TEXT


KERNELS: list[tuple[str, Any, str, dict[str, Any]]] = []
"""The kernel's functions as declared (name, Python function, signature, numba options), callees
before callers: :func:`load` compiles them in this order."""


def _jit(sig: str, inline: bool = False, name: str | None = None) -> Any:
    """Declare a kernel function of exactly one signature. Declaring compiles nothing and makes no
    numba object (at import, 48 of them cost about 0.3 s): :func:`load` does, compiling each
    function for its signature only (compiling lazily, at a call, would specialise it on every
    argument-type combination of every call site: 8 minutes instead of seconds) into numba's
    on-disk cache; where numba finds no writable cache directory at all (a read-only install and
    no writable home), it is compiled uncached. ``inline``: numba inlines the function into its
    callers (``inline='always'``, at the level of numba's IR; LLVM does not inline across compiled
    functions). Used for the table probes and the node counter that run at every node: 1.12x
    faster searches, at the price of a longer first compile (about 30 s instead of 17 s).
    ``name``: the module global that names the function (default: its own name)."""
    opts: dict[str, Any] = {"nogil": True}
    if inline:
        opts["inline"] = "always"

    def declare(func: Any) -> Any:
        KERNELS.append((name or func.__name__, func, sig, opts))
        return func
    return declare


def _dispatcher(func: Any, opts: dict[str, Any]) -> Any:
    """A numba dispatcher of ``func`` that compiles nothing until :func:`load` lets it, cached on
    disk under :class:`_Cache`'s key where numba finds a cache directory."""
    disp = njit(**opts)(func)
    try:
        disp._cache = _Cache(func)
    except RuntimeError:  # "cannot cache function ...: no locator available"
        pass
    _allow(disp, False)
    return disp


def _allow(disp: Any, can: bool) -> None:
    """Let ``disp`` compile, or not (numba's ``disable_compile`` without its check that the
    function has a signature already). A callee that may not compile makes its caller's compile
    fail at once instead of compiling the callee lazily."""
    disp._can_compile = can


_ready = False
_ready_all = False


_load_lock = threading.Lock()
"""Held while :func:`load` or :func:`load_cached` runs: a solve's background load
(:func:`foolsolve.solver.durak.search.load_within`) and a caller's own load never run at once."""


def load_cached() -> bool:
    """Load the entry point from numba's cache, never compiling: whether the kernel is callable now
    (``False``: the cache does not hold it for this numba, text and processor, and :func:`load`
    would compile). What a solve with a deadline runs in a thread of its own
    (:func:`foolsolve.solver.durak.search.load_within`): a compile there would be a minute of work
    that no deadline stops."""
    with _load_lock:
        return _ready or _probe()


def _probe() -> bool:
    """The entry point alone, its callees plain Python functions: on a cache hit its cached code
    loads (and holds every callee) and the kernel is callable (``True``); on a miss its compile
    fails at once (numba cannot call a Python function): ``False``."""
    global _ready
    name, func, sig, opts = KERNELS[-1]
    probe = _dispatcher(func, opts)
    _allow(probe, True)
    try:
        probe.compile(sig)
    except TypingError:
        return False
    globals()[name] = probe
    _ready = True
    return True


def load(everything: bool = False, announce: bool | None = None) -> None:
    """Make the kernel callable. Usually one cache load: :func:`_run`, whose cached code holds
    every function it calls. On a cache miss (the first run on a machine, or the kernel's source
    changed) every function is compiled in :data:`KERNELS` order, each one into numba's cache as it
    finishes, so a Ctrl-C keeps what was compiled and the next run goes on from there. The compile
    is announced in one line on stderr with its expected time and progress (``announce``: default
    when stderr is a terminal; by default off a terminal, a notebook or a pipe, that line once as the
    compile starts). ``everything``: every function becomes a compiled function of this
    module (tests call helpers such as :func:`_canon` directly)."""
    with _load_lock:
        _load(everything, announce)


def _load(everything: bool, announce: bool | None) -> None:
    """:func:`load`'s work, under :data:`_load_lock`."""
    global _ready, _ready_all
    if _ready_all or (_ready and not everything):
        return
    g = globals()
    if not everything and not is_compiled() and _probe():  # one cache load
        return
    durak_kernel_compiled.bind(g, KERNEL_NAMES)  # the rules, compiled once for both compiled users
    todo = []
    for name, func, sig, opts in KERNELS:
        if not is_compiled(name):
            g[name] = _dispatcher(func, opts)
            todo.append((name, g[name], sig))
    from foolsolve.progress import on_a_terminal

    compile_kernels(todo, on_a_terminal() if announce is None else announce, notice=announce is None)
    _ready = _ready_all = True


def is_compiled(name: str | None = None) -> bool:
    """Whether the kernel function ``name`` (default: the entry point) is a compiled function now."""
    name = name or KERNELS[-1][0]
    return hasattr(globals()[name], "signatures") and bool(globals()[name].signatures)


def compile_kernels(todo: list[tuple[str, Any, str]], announce: bool, record: Path | bool | None = True,
                    notice: bool = False) -> None:
    """Compile (or load from the cache) each function ``(name, dispatcher, signature)`` of ``todo``
    in order, announcing it on stderr when ``announce``: one line, rewritten in place about once a
    second, with the functions done, the share of the work done and the time left, both measured
    from the durations the last compile on this machine recorded (:mod:`.compile_record`);
    ``notice`` without ``announce`` (stderr is no terminal: a notebook, a pipe): that line once, as
    the compile starts, so a first solve's minute of compiling is not silent. Each
    function compiled here (not loaded from numba's cache) has its CPU and wall seconds added to
    that record (``record``: its path, ``True`` for the user's cache folder, ``None`` for none),
    also when a Ctrl-C stops the compile."""
    from foolsolve.progress import CompileLine
    from foolsolve.solver.durak import compile_record as cr

    path = cr.record_path() if record is True else record or None
    est = cr.Estimate.of([name for name, _, _ in todo], cr.read_record(path))
    from foolsolve import background

    if todo and background.numba_cache_folder(__file__) is None:  # the compile ends with this process
        est.label = cr.UNKEPT_LABEL
    t0, c0 = time.monotonic(), time.process_time()
    loaded = 0
    measured: dict[str, dict[str, float]] = {}
    at: list[float] = [0, c0]  # the function being compiled, and the CPU clock when it began

    def text() -> str:
        now = time.process_time()
        return est.line(int(at[0]), now - at[1], time.monotonic() - t0, now - c0)

    try:
        with CompileLine(text, COMPILE_STOPPED, announce, notice and bool(todo)) as line:
            for i, (name, disp, sig) in enumerate(todo):
                with line.held():
                    at[:] = [i, time.process_time()]
                w0 = time.monotonic()
                _allow(disp, True)
                try:
                    hits = sum(disp.stats.cache_hits.values())
                    disp.compile(sig)
                    hit = sum(disp.stats.cache_hits.values()) - hits
                finally:
                    _allow(disp, False)
                loaded += hit
                if not hit:
                    measured[name] = {"cpu": time.process_time() - at[1], "wall": time.monotonic() - w0}
                with line.held():
                    at[:] = [i + 1, time.process_time()]
            line.end = f" ({loaded} from an earlier run)" if loaded else ""
    finally:
        cr.write_record(path, measured)


COMPILE_STOPPED = "interrupted while compiling the Durak search; the functions compiled are kept"
"""What Ctrl-C during :func:`compile_kernels` says (a :class:`~foolsolve.errors.Stopped`)."""


@_jit("int64(int64)")
def _hb(x: int) -> int:
    """Index of the highest set bit of ``x > 0`` (``bit_length - 1``)."""
    return 63 - _clz(x)

@_jit("int64(int64)")
def _ranks(x: int) -> int:
    """The rank set of the cards ``x`` (one 16-bit lane)."""
    return (x | x >> 16 | x >> 32 | x >> 48) & SUIT0

_solo = _jit("int64(int64)", name="_solo")(shared.solo)
"""The live cards that are the only live card of their rank (:func:`shared.solo`)."""

# Durak's rules and move generators (:mod:`foolsolve.engines.durak_kernel`), compiled once for both
# compiled users by :mod:`foolsolve.engines.durak_kernel_compiled` and inlined where the search calls
# them: this module's global -> the kernel's function. Until :func:`load` binds them to the shared
# dispatchers they are the kernel's plain functions (a cache probe of the entry point then fails at
# once on a miss). The flow of play the search's positions reach (two players, the stock empty):
# who may throw in, who leads the next bout.
KERNEL_NAMES: dict[str, str] = {
    "_bout_cap": "bout_cap", "_lead_heads": "lead_heads", "_cover_cards": "cover_cards",
    "_throw_cards": "throw_cards", "_two_player_end": "two_player_end", "_throw_ins_open": "throw_ins_open",
    "_next_leader": "next_leader"}
_bout_cap = durak_kernel.bout_cap
_lead_heads = durak_kernel.lead_heads
_cover_cards = durak_kernel.cover_cards
_throw_cards = durak_kernel.throw_cards
_two_player_end = durak_kernel.two_player_end
_throw_ins_open = durak_kernel.throw_ins_open
_next_leader = durak_kernel.next_leader
ALL = shared.CARD_BITS
"""Every card (bits 0..62): ``_throw_cards(ALL, x)`` is every card of a rank in ``x``."""

@_jit("int64(int64, int64, int64)")
def _twin_free(cands: int, hand: int, live: int) -> int:
    """``cands`` without the higher card of each pair of twins of ``live`` both in ``hand``."""
    s = _solo(live)
    out = cands
    m = s & cands & hand
    while m:
        low = m & -m
        m ^= low
        lower = live & (SUIT0 << ((_ctz(low) >> 4) << 4)) & (low - 1)
        if lower:
            lb = 1 << _hb(lower)
            if s & lb and hand & lb:
                out ^= low
    return out

@_jit("boolean(int64, int64, int64[::1])")
def _cover_all(unc: int, d: int, beat: Any) -> bool:
    """Can ``d`` cover every card of ``unc`` (one card each)?"""
    if not unc:
        return True
    u = unc & -unc
    c = beat[_ctz(u)] & d
    while c:
        low = c & -c
        c ^= low
        if _cover_all(unc ^ u, d ^ low, beat):
            return True
    return False

@_jit("int64(int64, int64)")
def _squeeze(x: int, r: int) -> int:
    """The cards ``x`` with the ranks not in the live rank set ``r`` squeezed out (the live
    ranks become 2, 3, ...), highest run of dead ranks first, as ``canon`` does."""
    top = 64 - _clz(r) if r else 0
    j = top - 1
    while j >= 2:
        if r >> j & 1:
            j -= 1
            continue
        hi = j
        while j >= 2 and not r >> j & 1:
            j -= 1
        lo = j + 1
        n = hi - lo + 1
        low = LANES * ((1 << lo) - 1)
        high = LANES * ((1 << (16 - n)) - (1 << lo))
        x = (x & low) | ((x >> n) & high)
    return x

@_jit("boolean(int64, int64, int64, int64)")
def _gt(a1: int, d1: int, a2: int, d2: int) -> bool:
    """``(a1, d1) > (a2, d2)`` as canon's 128-bit suit keys (attacker's lane first)."""
    return a1 > a2 or (a1 == a2 and d1 > d2)

@_jit("UniTuple(int64, 6)(int64, int64, int64[::1])", inline=True)
def _plain_lanes(a: int, d: int, cfg: Any) -> tuple[int, int, int, int, int, int]:
    """The attacker's and the defender's lanes of the three plain suits (a trump suit game),
    at the shifts ``C_SH0``, ``C_SH1``, ``C_SH2``."""
    sh0 = cfg[C_SH0]
    sh1 = cfg[C_SH1]
    sh2 = cfg[C_SH2]
    return ((a >> sh0) & SUIT0, (d >> sh0) & SUIT0, (a >> sh1) & SUIT0, (d >> sh1) & SUIT0,
            (a >> sh2) & SUIT0, (d >> sh2) & SUIT0)

@_jit("UniTuple(int64, 2)(int64, int64, int64[::1])")
def _sort_suits(a: int, d: int, cfg: Any) -> tuple[int, int]:
    """Step (ii) of canonical: the permutable suits in decreasing order of their keys."""
    sh0 = cfg[C_SH0]
    sh1 = cfg[C_SH1]
    sh2 = cfg[C_SH2]
    if sh0 != sh1:
        a0, d0, a1, d1, a2, d2 = _plain_lanes(a, d, cfg)
        if _gt(a1, d1, a0, d0):
            a0, d0, a1, d1 = a1, d1, a0, d0
        if _gt(a2, d2, a1, d1):
            a1, d1, a2, d2 = a2, d2, a1, d1
            if _gt(a1, d1, a0, d0):
                a0, d0, a1, d1 = a1, d1, a0, d0
        tm = cfg[C_TMASK]
        a = (a & tm) | a0 << sh0 | a1 << sh1 | a2 << sh2
        d = (d & tm) | d0 << sh0 | d1 << sh1 | d2 << sh2
        return a, d
    # no trump: all four suits may be permuted (decreasing keys from the lowest lane up)
    ka = np.empty(4, np.int64)
    kd = np.empty(4, np.int64)
    for i in range(4):
        ka[i] = (a >> (16 * i)) & SUIT0
        kd[i] = (d >> (16 * i)) & SUIT0
    for i in range(1, 4):  # insertion sort, decreasing
        j = i
        while j > 0 and _gt(ka[j], kd[j], ka[j - 1], kd[j - 1]):
            ka[j], ka[j - 1] = ka[j - 1], ka[j]
            kd[j], kd[j - 1] = kd[j - 1], kd[j]
            j -= 1
    a = ka[0] | ka[1] << 16 | ka[2] << 32 | ka[3] << 48
    d = kd[0] | kd[1] << 16 | kd[2] << 32 | kd[3] << 48
    return a, d

@_jit("UniTuple(int64, 2)(int64, int64, int64)")
def _columns(a: int, d: int, rem: int) -> tuple[int, int]:
    """Steps (i) and (iii) of canonical (``rank_order``) at once: the live ranks ``rem`` (the
    ranks holding a card, at their own places: the dead ranks hold none, so squeezing them
    out first changes nothing here) put at columns 2, 3, ... in the greedy order of
    search.py's ``columns``. A remaining column may come next when it is the lowest
    remaining column of every suit it holds cards of: per suit, the remaining columns of
    that suit other than its lowest are struck out (``e``), then the largest of the few left
    is taken (no two can tie: equal columns hold the same suits)."""
    t_ = a | d
    c0 = t_ & SUIT0
    c1 = (t_ >> 16) & SUIT0
    c2 = (t_ >> 32) & SUIT0
    c3 = (t_ >> 48) & SUIT0
    ao = 0
    do = 0
    t = 2
    while rem:
        m0 = c0 & rem
        m1 = c1 & rem
        m2 = c2 & rem
        m3 = c3 & rem
        e = rem & ~((m0 & (m0 - 1)) | (m1 & (m1 - 1)) | (m2 & (m2 - 1)) | (m3 & (m3 - 1)))
        best = _ctz(e)
        e &= e - 1
        ba = (a >> best) & LANES
        bd = (d >> best) & LANES
        while e:
            j = _ctz(e)
            e &= e - 1
            ca = (a >> j) & LANES
            cd = (d >> j) & LANES
            if _gt(ca, cd, ba, bd):
                best = j
                ba = ca
                bd = cd
        rem ^= 1 << best
        ao |= ba << t
        do |= bd << t
        t += 1
    return ao, do

# the orders of the suits canonical may permute without a trump (all four suits)
PERMS4 = np.array(list(itertools.permutations(range(4))), np.int64)

_owner_key = _jit("int64(int64, int64)", name="_owner_key")(shared.owner_key)
"""A suit's key for the canonical form (:func:`shared.owner_key`)."""

@_jit("UniTuple(int64, 2)(int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, int64,"
      " int64, int64)", inline=True)
def _order(ba: int, bd: int, ya: int, yd: int, sh0: int, sh1: int, sh2: int, a0: int, d0: int, a1: int,
           d1: int, a2: int, d2: int, r: int) -> tuple[int, int]:
    """The larger of ``(ba, bd)`` and the rank-ordered form (:func:`_columns`, live ranks
    ``r``) of the position with the trump cards ``ya``/``yd`` and the plain suits' lanes
    ``(a0, d0)``, ``(a1, d1)``, ``(a2, d2)`` put at the shifts ``sh0``, ``sh1``, ``sh2``."""
    za, zd = _columns(ya | a0 << sh0 | a1 << sh1 | a2 << sh2, yd | d0 << sh0 | d1 << sh1 | d2 << sh2, r)
    if _gt(za, zd, ba, bd):
        return za, zd
    return ba, bd

@_jit("UniTuple(int64, 2)(int64, int64, int64, int64[::1])")
def _canon3(a: int, d: int, r: int, cfg: Any) -> tuple[int, int]:
    """Canonical with ``rank_order`` and a trump suit (three permutable suits), the live ranks
    ``r``: what :func:`_canon`'s loop over the orders of the suits gives, written out. The
    suits are sorted by decreasing ``owner_key``; only suits with equal keys can come in
    another order (one order unless keys tie), and the largest rank-ordered form wins. A
    suit's key is its number of cards first, so the owners' word (:func:`shared.owner_key`,
    a loop over the suit's cards) is computed only for a suit whose count another suit's
    equals (the order and the ties are those of the full keys)."""
    sh0 = cfg[C_SH0]
    sh1 = cfg[C_SH1]
    sh2 = cfg[C_SH2]
    tm = cfg[C_TMASK]
    ya = a & tm
    yd = d & tm
    a0, d0, a1, d1, a2, d2 = _plain_lanes(a, d, cfg)
    n0 = _popc(a0 | d0)
    n1 = _popc(a1 | d1)
    n2 = _popc(a2 | d2)
    k0 = _owner_key(a0, d0) if n0 == n1 or n0 == n2 else n0 << 16
    k1 = _owner_key(a1, d1) if n1 == n0 or n1 == n2 else n1 << 16
    k2 = _owner_key(a2, d2) if n2 == n0 or n2 == n1 else n2 << 16
    # sort the three suits by decreasing key (a network of three compare-exchanges)
    if k1 > k0:
        k0, a0, d0, k1, a1, d1 = k1, a1, d1, k0, a0, d0
    if k2 > k1:
        k1, a1, d1, k2, a2, d2 = k2, a2, d2, k1, a1, d1
        if k1 > k0:
            k0, a0, d0, k1, a1, d1 = k1, a1, d1, k0, a0, d0
    ba, bd = _order(-1, -1, ya, yd, sh0, sh1, sh2, a0, d0, a1, d1, a2, d2, r)
    t01 = k0 == k1
    t12 = k1 == k2
    if t01:
        ba, bd = _order(ba, bd, ya, yd, sh0, sh1, sh2, a1, d1, a0, d0, a2, d2, r)
    if t12:
        ba, bd = _order(ba, bd, ya, yd, sh0, sh1, sh2, a0, d0, a2, d2, a1, d1, r)
    if t01 and t12:
        ba, bd = _order(ba, bd, ya, yd, sh0, sh1, sh2, a1, d1, a2, d2, a0, d0, r)
        ba, bd = _order(ba, bd, ya, yd, sh0, sh1, sh2, a2, d2, a0, d0, a1, d1, r)
        ba, bd = _order(ba, bd, ya, yd, sh0, sh1, sh2, a2, d2, a1, d1, a0, d0, r)
    return ba, bd

@_jit("UniTuple(int64, 2)(int64, int64, int64[::1])")
def _canon(a: int, d: int, cfg: Any) -> tuple[int, int]:
    """The canonical form of the lead position (see ``canonical`` and ``rank_order`` in
    search.py)."""
    if cfg[C_QUICK] and not a & (a - 1):
        return a, d
    r = _ranks(a | d)
    if not cfg[C_RANK_ORDER]:
        return _sort_suits(_squeeze(a, r), _squeeze(d, r), cfg)
    # (with rank_order, :func:`_columns` squeezes out the dead ranks as it orders the live ones)
    sh0 = cfg[C_SH0]
    sh1 = cfg[C_SH1]
    if sh0 != sh1:
        return _canon3(a, d, r, cfg)
    # no trump: all four suits may be permuted (:func:`_canon3` with a trump suit)
    la = (a & SUIT0, (a >> 16) & SUIT0, (a >> 32) & SUIT0, (a >> 48) & SUIT0)
    ld = (d & SUIT0, (d >> 16) & SUIT0, (d >> 32) & SUIT0, (d >> 48) & SUIT0)
    keys = (_owner_key(la[0], ld[0]), _owner_key(la[1], ld[1]), _owner_key(la[2], ld[2]),
            _owner_key(la[3], ld[3]))
    ba = -1
    bd = -1
    for p in range(PERMS4.shape[0]):
        ok = True
        for i in range(3):
            if keys[PERMS4[p, i]] < keys[PERMS4[p, i + 1]]:
                ok = False
                break
        if not ok:
            continue
        za = 0
        zd = 0
        for i in range(4):
            q = PERMS4[p, i]
            za |= la[q] << (16 * i)
            zd |= ld[q] << (16 * i)
        za, zd = _columns(za, zd, r)
        if _gt(za, zd, ba, bd):
            ba = za
            bd = zd
    return ba, bd

@_jit("boolean(int64, int64, boolean, boolean, int64, int64[::1])")
def _forced_plan(b: int, dd: int, sure: bool, forcing: bool, limit: int, beat: Any) -> bool:
    """sure_win (b) / forced_takes (see search.py)."""
    b0 = b & SUIT0
    b1 = (b >> 16) & SUIT0
    b2 = (b >> 32) & SUIT0
    b3 = b >> 48
    rb = b0 | b1 | b2 | b3
    multi = (b0 & b1) | (b2 & b3) | ((b0 | b1) & (b2 | b3))
    forced = False
    while forcing and multi and rb & (rb - 1):
        nd = _popc(dd)
        room = _bout_cap(nd, limit)
        m = multi
        found = False
        g = 0
        r1 = 0
        while m:
            r1 = m & -m
            m ^= r1
            g = b & r1 * LANES
            if _popc(g) <= room and not _cover_all(g, dd, beat):
                found = True
                break
        if not found:
            break
        dd |= g
        b ^= g
        rb ^= r1
        multi ^= r1
        forced = True
    if rb & (rb - 1) or not (sure or forced):
        return False
    nb = _popc(b)
    nd = _popc(dd)
    return nb <= limit and (nd > nb or (nd == nb and not _cover_all(b, dd, beat)))


@_jit("int64(int64)", inline=True)
def _mix(x: int) -> int:
    """A 64-bit mixer (splitmix64's finaliser) for table slots."""
    x = (x ^ (x >> 31)) * -4658895280553007687
    x = (x ^ (x >> 27)) * -7723592293110705685
    return x ^ (x >> 33)

@_jit("int64(int64)", inline=True)
def _pack(x: int) -> int:
    """A hand's 52 card bits: ranks 2..14 (bits 2..14 of each 16-bit suit lane, where both the
    raw masks and the canonical forms keep their cards) of the four suits side by side."""
    return (((x >> 2) & 0x1FFF) | ((x >> 18) & 0x1FFF) << 13 | ((x >> 34) & 0x1FFF) << 26
            | ((x >> 50) & 0x1FFF) << 39)

@_jit("UniTuple(int64, 2)(int64, int64)", inline=True)
def _lkey(a: int, d: int) -> tuple[int, int]:
    """The lead key ``(a, d)`` in 104 bits: the first 64 (``a``'s 52 and 12 of ``d``'s) and the
    last 40 (the rest of ``d``'s), which a row's second word holds below its data."""
    pd = _pack(d)
    return _pack(a) | (pd & 0xFFF) << 52, pd >> 12

@_jit("int64(int64[:, ::1], int64, int64)", inline=True)
def _lslot(lt: Any, k1: int, k2: int) -> int:
    """The first row of the key's probe window: the top 32 bits of its hash (:func:`_mix` gives 63
    bits, never a negative number) scaled to the table's rows (any number, not only a power of
    two: the memory budget sets it), all but the last row, which holds the table's counter
    (:data:`L_LOST`)."""
    h = _mix(k1 * -7046029254386353131 ^ k2)
    return (h >> 31) * (lt.shape[0] - 1) >> 32

@_jit("int64(int64)", inline=True)
def _lcheck(w1: int) -> int:
    """What a lead row's first word holds besides the key's first 64 bits: a row is read as the
    entry of a key only when its second word holds the key's last 40 bits and ``w0 ^
    _lcheck(w1)`` its first 64. Two threads share the lead table and may write one row at once;
    a row torn between two writes fails the check (the search then sees no entry, never a wrong
    one)."""
    return _mix(w1 * -4658895280553007687)

@_jit("int64(int64)", inline=True)
def _hint_code(hint: int) -> int:
    """A lead (cards of one rank, or 0) in 8 bits: its rank (4 bits) and its suits (4 bits)."""
    if not hint:
        return 0
    r = _ctz(hint) & 15
    x = hint >> r
    return r | ((x & 1) | ((x >> 16) & 1) << 1 | ((x >> 32) & 1) << 2 | ((x >> 48) & 1) << 3) << 4

@_jit("int64(int64)", inline=True)
def _hint_cards(code: int) -> int:
    """The lead :func:`_hint_code` encoded."""
    s = code >> 4
    return ((s & 1) | ((s >> 1) & 1) << 16 | ((s >> 2) & 1) << 32 | ((s >> 3) & 1) << 48) << (code & 15)

@_jit("UniTuple(int64, 3)(int64[:, ::1], int64, int64)", inline=True)
def _lfind(lt: Any, a: int, d: int) -> tuple[int, int, int]:
    """``(row, hint, bounds)`` of the lead position ``(a, d)``, each word read once and the
    row verified; a miss gives ``(-2 - row, 0, 0)`` with the row a store would use. Rows of two
    words: the key's first 64 bits ``^ _lcheck(w1)``, and ``w1``: the key's last 40 bits, then
    the bounds and work (``(lo + 8) | (hi + 8) << 4 | work << 8``) and the hint's code
    (:func:`_hint_code`) above them; 0: empty."""
    n = lt.shape[0] - 1
    k1, k2 = _lkey(a, d)
    r = _lslot(lt, k1, k2)
    last = r
    for _ in range(PROBES):
        w1 = lt[r, 1]
        if w1 == 0:
            return -2 - r, 0, 0
        if w1 & K2_MASK == k2 and lt[r, 0] ^ _lcheck(w1) == k1:
            return r, _hint_cards((w1 >> 52) & 0xFF), (w1 >> 40) & 0xFFF
        last = r
        r += 1
        if r == n:
            r = 0
    return -2 - last, 0, 0

@_jit("void(int64[:, ::1], int64, int64)", inline=True)
def _lfetch(lt: Any, a: int, d: int) -> None:
    """Prefetch the first row of the probe window of the lead key ``(a, d)`` (:func:`_prefetch`)."""
    k1, k2 = _lkey(a, d)
    _prefetch(lt, _lslot(lt, k1, k2))

@_jit("int64(int64[:, ::1], int64, int64)")
def _lget(lt: Any, a: int, d: int) -> int:
    """The stored bounds of ``(a, d)`` (0: none)."""
    return _lfind(lt, a, d)[2]

@_jit("boolean(int64[:, ::1], int64, int64, int64)")
def _lfree(lt: Any, r: int, k1: int, k2: int) -> bool:
    """Row ``r`` is empty or holds the key ``(k1, k2)`` (verified)."""
    w1 = lt[r, 1]
    return w1 == 0 or (w1 & K2_MASK == k2 and lt[r, 0] ^ _lcheck(w1) == k1)

@_jit("void(int64[:, ::1], int64, int64, int64, int64)")
def _lwrite(lt: Any, r: int, k1: int, k2: int, w1: int) -> None:
    lt[r, 1] = w1
    lt[r, 0] = k1 ^ _lcheck(w1)

@_jit("void(int64[:, ::1], int64, int64, int64)")
def _lplace(lt: Any, k1: int, k2: int, w1: int) -> None:
    """Write the row ``w1`` of the key ``(k1, k2)``: in its own row, else the first empty row of
    its probe window, else in place of the window's row with the least work (a cache: a lost
    entry is searched again, so the entries that cost the fewest nodes to redo go first)."""
    n = lt.shape[0] - 1
    q = _lslot(lt, k1, k2)
    r = -1
    least = 99
    free = False
    for _ in range(PROBES):
        if _lfree(lt, q, k1, k2):
            r = q
            free = True
            break
        w = (lt[q, 1] >> 48) & 15
        if w < least:
            least = w
            r = q
        q += 1
        if q == n:
            q = 0
    if not free:
        lt[n, L_LOST] += 1
    _lwrite(lt, r, k1, k2, w1)

@_jit("int64(int64, int64, int64, int64, int64)", inline=True)
def _lrow(k2: int, lo: int, hi: int, hint: int, work: int) -> int:
    """A lead row's second word (see :func:`_lfind`)."""
    return k2 | ((lo + 8) | (hi + 8) << 4 | work << 8) << 40 | _hint_code(hint) << 52

@_jit("void(int64[:, ::1], int64, int64, int64, int64, int64, int64)")
def _lput(lt: Any, a: int, d: int, lo: int, hi: int, hint: int, work: int) -> None:
    """Store bounds and hint for ``(a, d)`` (:func:`_lplace`): the store by position, for callers
    without a probe's row (the search stores through :func:`_lstore`)."""
    k1, k2 = _lkey(a, d)
    _lplace(lt, k1, k2, _lrow(k2, lo, hi, hint, work))

@_jit("void(int64[:, ::1], int64, int64, int64, int64, int64, int64, int64)")
def _lstore(lt: Any, pos: int, a: int, d: int, lo: int, hi: int, hint: int, work: int) -> None:
    """Store at the row :func:`_lfind` gave when it is still free or still holds the key
    (the subtree searched in between, or the other thread, may have filled it), else as
    :func:`_lplace` places it. ``work``: the entry's search cost, ``bit_length(nodes)`` capped at 15."""
    r = pos if pos >= 0 else -2 - pos
    k1, k2 = _lkey(a, d)
    w1 = _lrow(k2, lo, hi, hint, work)
    if _lfree(lt, r, k1, k2):
        _lwrite(lt, r, k1, k2, w1)
    else:
        _lplace(lt, k1, k2, w1)

@_jit("void(int64[:, ::1], int64[:, ::1])")
def _lrehash(old: Any, new: Any) -> None:
    """Every entry of the lead table ``old`` into the (larger, empty) lead table ``new``
    (:meth:`JitEndgame._grow`): a row holds its whole key, so its new place follows from it."""
    for r in range(old.shape[0] - 1):
        w1 = old[r, 1]
        if w1 != 0:
            k2 = w1 & K2_MASK
            k1 = old[r, 0] ^ _lcheck(w1)
            _lplace(new, k1, k2, w1)

@_jit("int64(int64, int64, int64, int64, int64, int64)", inline=True)
def _bhash(tag: int, a: int, d: int, ta: int, tc: int, x: int) -> int:
    """A bout key's slot hash: the fields times odd constants (independent multiplies), then
    one :func:`_mix`. The row's load waits for this hash, so a short chain of dependent
    multiplies matters (five chained mixes before: about 2% slower)."""
    return _mix(a * -7046029254386353131 ^ d * -4658895280553007687 ^ ta * -7723592293110705685
                ^ tc * 0x2545F4914F6CDD1D ^ x * -3335678366873096957 ^ tag)

@_jit("boolean(int64[:, ::1], int64, int64, int64, int64, int64, int64, int64)", inline=True)
def _bholds(bt: Any, r: int, tag: int, a: int, d: int, ta: int, tc: int, x: int) -> bool:
    """Row ``r`` of the bout table holds this key. Rows: a, d, ta, tc, x, tag, hint, bounds
    (0: empty). (Each thread has its own bout table: no torn rows.)"""
    return (bt[r, 0] == a and bt[r, 1] == d and bt[r, 2] == ta and bt[r, 3] == tc and bt[r, 4] == x
            and bt[r, 5] == tag)

@_jit("void(int64[:, ::1], int64, int64, int64, int64, int64, int64, int64, int64, int64, int64)")
def _bwrite(bt: Any, r: int, tag: int, a: int, d: int, ta: int, tc: int, x: int, lo: int, hi: int,
            hint: int) -> None:
    bt[r, 0] = a
    bt[r, 1] = d
    bt[r, 2] = ta
    bt[r, 3] = tc
    bt[r, 4] = x
    bt[r, 5] = tag
    bt[r, 6] = hint
    bt[r, 7] = (lo + 8) | (hi + 8) << 4

@_jit("void(int64[:, ::1], int64, int64, int64, int64, int64, int64, int64, int64, int64)")
def _bput(bt: Any, tag: int, a: int, d: int, ta: int, tc: int, x: int, lo: int, hi: int, hint: int) -> None:
    """Store bounds and hint for a bout key: its own row, else the first empty row of its probe
    window, else the window's last row."""
    mask = bt.shape[0] - 1
    h = _bhash(tag, a, d, ta, tc, x)
    r = (h + PROBES - 1) & mask
    for i in range(PROBES):
        q = (h + i) & mask
        if bt[q, 7] == 0 or _bholds(bt, q, tag, a, d, ta, tc, x):
            r = q
            break
    _bwrite(bt, r, tag, a, d, ta, tc, x, lo, hi, hint)

@_jit("int64(int64[:, ::1], int64, int64, int64, int64, int64, int64)", inline=True)
def _bfind(bt: Any, tag: int, a: int, d: int, ta: int, tc: int, x: int) -> int:
    """The bout table's row for the key; else ``-2 - row`` with the first empty row of its
    probe window, or ``FULL - row`` with the window's last row when the window has no empty
    row (the row a store would use)."""
    mask = bt.shape[0] - 1
    h = _bhash(tag, a, d, ta, tc, x)
    for i in range(PROBES):
        r = (h + i) & mask
        if bt[r, 7] == 0:
            return -2 - r
        if _bholds(bt, r, tag, a, d, ta, tc, x):
            return r
    return FULL - ((h + PROBES - 1) & mask)

@_jit("void(int64[:, ::1], int64, int64, int64, int64, int64, int64, int64, int64, int64, int64)")
def _bstore(bt: Any, pos: int, tag: int, a: int, d: int, ta: int, tc: int, x: int, lo: int, hi: int,
            hint: int) -> None:
    """Store at the row :func:`_bfind` gave when it is still free or still holds the key, or
    when it was the last row of a full window: rows are never emptied and a node's key is not
    stored while its subtree is searched, so :func:`_bput` would pick that row again (skipping
    its scan saves about 5% of a 10v10 search's time)."""
    if pos <= FULL:
        _bwrite(bt, FULL - pos, tag, a, d, ta, tc, x, lo, hi, hint)
        return
    r = pos if pos >= 0 else -2 - pos
    if bt[r, 7] == 0 or _bholds(bt, r, tag, a, d, ta, tc, x):
        _bwrite(bt, r, tag, a, d, ta, tc, x, lo, hi, hint)
    else:
        _bput(bt, tag, a, d, ta, tc, x, lo, hi, hint)

@_jit("UniTuple(int64, 2)(int64)", inline=True)
def _bounds(packed: int) -> tuple[int, int]:
    return (packed & 15) - 8, ((packed >> 4) & 15) - 8

_entry = _jit("UniTuple(int64, 3)(int64, int64, int64, int64, int64, int64, int64)", name="_entry")(shared.entry)
"""The new bounds and hint after a node's search (:func:`shared.entry`)."""

@_jit("UniTuple(int64, 2)(int64, int64, int64[::1])")
def _canon_or(a: int, d: int, cfg: Any) -> tuple[int, int]:
    """The lead key the search uses for ``(a, d)``: canonical when ``canonical`` is on."""
    if cfg[C_CANONICAL]:
        return _canon(a, d, cfg)
    return a, d

@_jit("int64(int64, int64, int64[::1], int64[::1])")
def _lead_static(a: int, d: int, cfg: Any, beat: Any) -> int:
    """The values a lead position not in the table reads off without search: WIN (sure_win,
    forced_takes), LOSS (sure_loss), else NOMOVE."""
    limit = cfg[C_LIMIT]
    tmask = cfg[C_TMASK]
    ntmask = ~tmask
    if cfg[C_SURE] or cfg[C_FORCING]:
        sure = cfg[C_SURE] != 0
        forcing = cfg[C_FORCING] != 0
        bt = 0
        for s in range(4):
            x = (d >> (16 * s)) & SUIT0
            if x:
                bt |= ((1 << _hb(x)) - 1) << (16 * s)
        if d & tmask:
            bt |= ntmask
        b = a & bt  # the cards he can beat
        if not b:
            if sure:
                return WIN
        else:
            u = a ^ b  # the cards he cannot beat
            if _forced_plan(b, d | u, sure, forcing, limit, beat):
                return WIN
            if forcing:
                mixed = _ranks(u) & _ranks(b)
                if mixed:
                    hold = u & mixed * LANES
                    if _forced_plan(b | hold, d | (u ^ hold), sure, True, limit, beat):
                        return WIN
    nd = _popc(d)
    k = _bout_cap(nd, limit)
    if cfg[C_LOSS_TEST] and _popc(a) > k:
        dn = d & ntmask
        if dn:
            low = dn & -dn
            sm = SUIT0 << ((_ctz(low) >> 4) << 4)
            hopeless = not (dn & ~sm) and not (a & ~sm) and a < low
        else:
            hopeless = (a & tmask) < (d & -d)
        if hopeless:
            return LOSS
    return NOMOVE

@_jit("int64(int64, int64, int64, int64, int64[::1], int64[::1], int64[::1], int64)")
def _lead_moves(a: int, d: int, hint: int, k: int, cfg: Any, beat: Any, stk: Any, base: int) -> int:
    """The leads in search order into ``moves``; returns their number (search.py lead())."""
    tmask = cfg[C_TMASK]
    ntmask = ~tmask
    singles = a
    if cfg[C_TWINS] and a & (a - 1):
        singles = _twin_free(a, a, a | d)
    nm = 0
    moves = stk[base:base + MOVES_MAX]
    if hint:
        moves[nm] = hint
        nm += 1
    l0 = a & SUIT0
    l1 = (a >> 16) & SUIT0
    l2 = (a >> 32) & SUIT0
    l3 = a >> 48
    ra = l0 | l1 | l2 | l3
    multi_leads = cfg[C_MULTI_LEADS] != 0
    whole = 0
    if _popc(a) <= k and not ra & (ra - 1) and (multi_leads or a & (a - 1) == 0):
        whole = a
    if whole and whole != hint:
        moves[nm] = whole  # all my cards at once: tried early, it often wins outright
        nm += 1
    m0 = singles & ntmask
    two = (l0 & l1) | (l2 & l3) | ((l0 | l1) & (l2 | l3))
    paired = two * LANES
    lone = m0 & ~paired
    soft = stk[base + MOVES_MAX:base + MOVES_MAX + 16]
    ns = 0
    late = stk[base + MOVES_MAX + 16:base + LEAD_FRAME]
    nl = 0
    rs = _ranks(lone)
    while rs:
        rb = rs & -rs
        rs ^= rb
        c = lone & rb * LANES
        if c != hint and c != whole:
            if beat[_ctz(c)] & d:
                soft[ns] = c
                ns += 1
            elif a & (SUIT0 << ((_ctz(c) >> 4) << 4)) & (c - 1):
                late[nl] = c
                nl += 1
            else:
                moves[nm] = c
                nm += 1
    for i in range(ns):
        moves[nm] = soft[i]
        nm += 1
    m = m0 & paired
    rs = _ranks(m)
    while rs:
        rb = rs & -rs
        rs ^= rb
        col = m & rb * LANES
        while col:
            c = col & -col
            col ^= c
            if c != hint and c != whole:
                moves[nm] = c
                nm += 1
    for i in range(nl):
        moves[nm] = late[i]
        nm += 1
    if multi_leads:
        rs = _ranks(_lead_heads(a, k))  # the ranks holding a lead of several cards
        while rs:
            rb = rs & -rs
            rs ^= rb
            group = a & (rb * LANES)
            sub = group
            while sub:
                pc = _popc(sub)
                if 1 < pc <= k and sub != hint and sub != whole:
                    moves[nm] = sub
                    nm += 1
                sub = (sub - 1) & group
    m = singles & tmask
    while m:
        c = m & -m
        m ^= c
        if c != hint and c != whole:
            moves[nm] = c
            nm += 1
    return nm

@_jit("UniTuple(int64, 2)(int64, int64, int64[::1], int64[::1])")
def _targets(unc: int, d: int, cfg: Any, beat: Any) -> tuple[int, int]:
    """The uncovered cards whose covers a defence node tries (cover_order: the hardest one
    only), and the covers of the uncovered card when there is only one."""
    cu = 0
    if not (unc & (unc - 1)):
        cu = _cover_cards(d, beat[_ctz(unc)])
        return (unc if cu else 0), cu
    if cfg[C_COVER_ORDER]:
        targets = 0
        fewest = 99
        m = unc
        while m:
            u = m & -m
            m ^= u
            n = _popc(_cover_cards(d, beat[_ctz(u)]))
            if n < fewest:
                fewest = n
                targets = u if n else 0
                if not n:
                    break
        return targets, cu
    return unc, cu

@_jit("int64(int64, int64, int64, int64, int64, boolean, int64, int64, int64, int64, int64, int64[::1], "
      "int64[::1], int64[::1], int64)")
def _cover_moves(u: int, unc: int, cu: int, targets: int, hint: int, take_hint: bool, a: int, d: int, ta: int,
                 tc: int, ar: int, cfg: Any, beat: Any, stk: Any, base: int) -> int:
    """The moves at the target ``u`` of a defence node in search order into ``order`` (covers,
    -1 for "take"); returns their number (search.py defend())."""
    tmask = cfg[C_TMASK]
    ntmask = ~tmask
    order = stk[base:base + BOUT_MOVES]
    cands = cu if u == unc else _cover_cards(d, beat[_ctz(u)])
    no = 0
    if not (cands & (cands - 1)):  # one cover (or none)
        ok = cands != 0
        if take_hint:
            order[no] = -1
            no += 1
        if ok:
            order[no] = cands
            no += 1
        return no
    if cfg[C_TWINS]:
        cands = _twin_free(cands, d, a | d | ta | tc)
    safe = cands & ~ar
    first_hint = take_hint or (hint > 0 and (cands & hint) != 0)
    if take_hint:
        order[no] = -1
        no += 1
    if first_hint and hint > 0 and (cands & hint) != 0:  # the hint first at every target it covers
        order[no] = hint
        no += 1
    for part_i in range(4):
        if part_i == 0:
            part = safe & ntmask
        elif part_i == 1:
            part = cands & ~safe & ntmask
        elif part_i == 2:
            part = safe & tmask
        else:
            part = cands & ~safe & tmask
        while part:
            c = part & -part
            part ^= c
            if not first_hint or c != hint:
                order[no] = c
                no += 1
    return no

@_jit("UniTuple(int64, 2)(int64[:, ::1], int64[::1], int64, int64, int64, int64, int64)")
def _take_key(ttl: Any, cfg: Any, a: int, d: int, tab: int, room: int, ar: int) -> tuple[int, int]:
    """The next lead's key after "take" when no throw-in is possible (``a`` not empty; the
    take's search starts there, and its enhanced transposition cutoff probes it), its row
    prefetched; ``(0, 0)`` when a throw-in is possible."""
    if _throw_ins_open(cfg[C_THROW_INS], 1, cfg[C_AFTER_TAKE]) and room > 0 and tab & ar:
        return 0, 0
    ka, kd = _canon_or(a, d | tab, cfg)
    _lfetch(ttl, ka, kd)
    return ka, kd

@_jit("int64(int64[:, ::1], int64, int64, int64)", inline=True)
def _etc_take(ttl: Any, ka: int, kd: int, beta: int) -> int:
    """Enhanced transposition cutoff of "take" (its next lead's key ``(ka, kd)`` from
    :func:`_take_key`): the defence node's value when that lead's stored upper bound proves it
    at least ``beta``, else NOMOVE."""
    packed = _lget(ttl, ka, kd)
    if packed:
        hi2 = _bounds(packed)[1]
        if -hi2 >= beta:
            return -hi2
    return NOMOVE

@_jit("UniTuple(int64, 2)(int64[:, ::1], int64[::1], int64[::1], int64, int64, int64, int64, int64, int64, int64, "
      "int64)")
def _etc_cover(ttl: Any, cfg: Any, stk: Any, base: int, no: int, a: int, d: int, thr: int,
               beta: int, take_a: int, take_d: int) -> tuple[int, int]:
    """Enhanced transposition cutoff of a cover that ends the bout: the first such cover whose
    next lead's stored lower bound is at least ``beta``, and that bound; else ``(0, 0)``.
    Every next lead's key it computes goes to the node's frame (``base + BOUT_MOVES + 2i``,
    0 for a move it skipped), where the search of that cover starts from it. Each key's row is
    prefetched and probed only once the next key is computed (or none is left), so the wait
    for memory overlaps that work. ``take_a`` (not 0): the take's cutoff (:func:`_etc_take`)
    is tested first, once the first key is computed; ``(-1, value)`` when it cuts."""
    keys = stk[base + BOUT_MOVES:base + BOUT_FRAME]
    prev = -1  # the move keyed last, its key's row prefetched, not yet probed
    for i in range(no + 1):
        if i < no:
            c = stk[base + i]
            keys[2 * i] = 0
            if c < 0 or c == d or c & thr:
                continue
            ka, kd = _canon_or(d ^ c, a, cfg)
            keys[2 * i] = ka  # never 0: the new attacker d ^ c holds a card
            keys[2 * i + 1] = kd
            _lfetch(ttl, ka, kd)
        if take_a:
            v = _etc_take(ttl, take_a, take_d, beta)
            if v != NOMOVE:
                return -1, v
            take_a = 0
        if prev >= 0:
            packed = _lget(ttl, keys[2 * prev], keys[2 * prev + 1])
            if packed:
                lo2 = _bounds(packed)[0]
                if lo2 >= beta:
                    return stk[base + prev], lo2
        prev = i
    return 0, 0

@_jit("int64(int64, int64, int64, int64, int64, int64[::1], int64[::1], int64, boolean)")
def _throw_moves(a: int, d: int, ta: int, tc: int, hint: int, beat: Any, stk: Any, base: int,
                 pass_first: bool) -> int:
    """The moves of a throw-in node in search order into ``opts`` (0 for "pass"): the table's
    hint, then cards the defender cannot beat, then the others, each by rising rank, then
    "pass"; returns their number. ``pass_first`` (a helper's order, see
    :meth:`JitEndgame._jobs`) puts "pass" before all of them."""
    opts = stk[base:base + BOUT_MOVES]
    m = _throw_cards(a, ta | tc)
    if m and not m & (m - 1):
        if hint == 0 or pass_first:
            opts[0] = 0
            opts[1] = m
        else:
            opts[0] = m
            opts[1] = 0
        return 2
    no = 0
    if pass_first and hint != 0:
        opts[no] = 0
        no += 1
    if hint >= 0:
        opts[no] = hint
        no += 1
    hard = 0
    mm = m
    while mm:
        c = mm & -mm
        mm ^= c
        if not beat[_ctz(c)] & d:
            hard |= c
    for pi in range(2):
        part = hard if pi == 0 else m ^ hard
        rs = _ranks(part)
        while rs:
            rb = rs & -rs
            rs ^= rb
            col = part & rb * LANES
            while col:
                c = col & -col
                col ^= c
                if c != hint:
                    opts[no] = c
                    no += 1
    if hint != 0 and not pass_first:
        opts[no] = 0
        no += 1
    return no

@_jit("UniTuple(int64, 7)(int64[:, ::1], int64, int64, int64, int64, int64, int64, int64, int64, int64, int64)",
      inline=True)
def _bprobe(bt: Any, tag: int, a: int, d: int, ta: int, tc: int, x: int, lo: int, hint: int, alpha: int,
            beta: int) -> tuple[int, int, int, int, int, int, int]:
    """A bout node's table probe: ``(row, lo, hi, hint, alpha, beta, decided)``. ``row`` is
    :func:`_bfind`'s answer, ``lo``/``hint`` the node's defaults when nothing is stored
    (``hi`` WIN); stored bounds narrow the window, and ``decided`` is 1 when they settle the
    node outright, its value then being ``lo``."""
    if beta > WIN:
        beta = WIN
    hi = WIN
    bs = _bfind(bt, tag, a, d, ta, tc, x)
    if bs >= 0:
        lo, hi = _bounds(bt[bs, 7])
        hint = bt[bs, 6]
        if lo >= beta or lo == hi:  # (an exact entry decides the node in any window)
            return bs, lo, hi, hint, alpha, beta, 1
        if hi <= alpha:
            return bs, hi, hi, hint, alpha, beta, 1
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    return bs, lo, hi, hint, alpha, beta, 0

@_jit("void(int64[::1])", inline=True)
def _tick(ctl: Any) -> None:
    n = ctl[T_NODES] + 1
    ctl[T_NODES] = n
    if n >= ctl[T_OVER]:
        raise NodeLimit()
    if ctl[T_ABORT]:
        raise Aborted()

_SIG = ("int64(int64[:, ::1], int64[:, ::1], int64[::1], int64[::1], int64[::1], int64[::1], int64, int64, int64, "
        "int64, int64, "
        "int64, int64, int64, int64, int64)")

@_jit(_SIG)
def _search(ttl: Any, ttb: Any, cfg: Any, beat: Any, ctl: Any, stk: Any, kind: int, a: int, d: int, ta: int, tc: int,
            unc: int, room: int, fresh: int, alpha: int, beta: int) -> int:
    """One node of the search. ``kind`` selects what the Python search's closures do:
    lead / defend / throw / take_set / take_seq (nodes), after / take (not nodes). Values are
    for the side to move at that node, as there (``after``: for the attacker of the finished
    bout, ``fresh`` standing for "beaten"; ``take``: for the defender, ``room`` the cap left)."""
    limit = cfg[C_LIMIT]
    # Every argument of a recursive call is a run-time int64, never a literal: numba types a
    # literal argument (K_DEF, 0, 1) as its own type and, while this function compiles,
    # compiles a variant of it for each combination, nested (minutes instead of seconds).
    zero = ctl[T_ZERO]
    one = zero + 1
    k_lead = zero + K_LEAD
    k_def = zero + K_DEF
    k_throw = zero + K_THROW
    k_take_set = zero + K_TAKE_SET
    k_take_seq = zero + K_TAKE_SEQ
    k_after = zero + K_AFTER
    k_take = zero + K_TAKE
    if kind == K_AFTER:
        end = _two_player_end(a, d, cfg[C_LASTDEF])
        if end != GOES_ON:
            return end
        if _next_leader(one - fresh, zero) == LEADER_DEFENDER:  # (beaten) the defender leads next
            if cfg[C_CANONICAL]:
                d, a = _canon(d, a, cfg)
            return -_search(ttl, ttb, cfg, beat, ctl, stk,
                            k_lead, d, a, zero, zero, zero, zero, zero, -beta, -alpha)
        if cfg[C_CANONICAL]:
            a, d = _canon(a, d, cfg)
        return _search(ttl, ttb, cfg, beat, ctl, stk, k_lead, a, d, zero, zero, zero, zero, zero, alpha, beta)

    if kind == K_TAKE:
        tab = ta | tc
        if _throw_ins_open(cfg[C_THROW_INS], one, cfg[C_AFTER_TAKE]) and room > 0 and _throw_cards(a, tab):
            if cfg[C_THROW_SETS]:
                return -_search(ttl, ttb, cfg, beat, ctl, stk,
                                k_take_set, a, d, tab, zero, zero, room, zero, -beta, -alpha)
            return -_search(ttl, ttb, cfg, beat, ctl, stk,
                            k_take_seq, a, d, tab, zero, zero, room, zero, -beta, -alpha)
        return -_search(ttl, ttb, cfg, beat, ctl, stk,
                        k_after, a, d | tab, zero, zero, zero, zero, zero, -beta, -alpha)

    _tick(ctl)

    if kind == K_LEAD:
        if cfg[C_QUICK] and not a & (a - 1):  # quick_exit: my last card (stock empty)
            if d & (d - 1) or not beat[_ctz(a)] & d:
                return WIN
            return _two_player_end(zero, zero, cfg[C_LASTDEF])  # both go out
        if beta > WIN:
            beta = WIN
        lo = LOSS
        hi = WIN
        hint = 0
        slot, shint, packed = _lfind(ttl, a, d)
        if slot >= 0:
            lo, hi = _bounds(packed)
            hint = shint
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            v = _lead_static(a, d, cfg, beat)
            if v != NOMOVE:
                _lstore(ttl, slot, a, d, v, v, 0, 0)
                return v
        if cfg[C_ETC] and a & (a - 1):
            # enhanced transposition cutoff: a card the defender cannot beat, led, makes him
            # take; giving nothing more, the attacker leads again, at a lead known good enough
            # (each key's row is prefetched and probed after the next key is computed)
            m = a
            pc = 0
            pa = 0
            pd = 0
            ka = 0
            kd = 0
            while True:
                c = m & -m
                m ^= c
                if c:
                    if beat[_ctz(c)] & d:
                        continue
                    ka, kd = _canon_or(a ^ c, d | c, cfg)
                    _lfetch(ttl, ka, kd)
                if pc:
                    packed = _lget(ttl, pa, pd)
                    if packed:
                        lo2 = _bounds(packed)[0]
                        if lo2 >= beta:
                            _lstore(ttl, slot, a, d, lo2, hi, pc, 0)
                            return lo2
                if not c:
                    break
                pc = c
                pa = ka
                pd = kd
        n0 = ctl[T_NODES]
        nd = _popc(d)
        k = _bout_cap(nd, limit)
        base = ctl[T_SP]
        if base + LEAD_FRAME > stk.shape[0]:
            raise StackFull()
        ctl[T_SP] = base + LEAD_FRAME
        nm = _lead_moves(a, d, hint, k, cfg, beat, stk, base)
        a0 = alpha
        best = NOMOVE
        bm = hint
        for i in range(nm):
            s = stk[base + i]
            v = -_search(ttl, ttb, cfg, beat, ctl, stk,
                         k_def, a ^ s, d, s, zero, s, k - _popc(s), one, -beta, -alpha)
            if v > best:
                best = v
                bm = s
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        ctl[T_SP] = base
        nlo, nhi, nh = _entry(lo, hi, hint, best, bm, a0, beta)
        work = 64 - _clz(ctl[T_NODES] - n0 + 1)
        _lstore(ttl, slot, a, d, nlo, nhi, nh, work if work < 15 else 15)
        return best

    if kind == K_DEF:
        if cfg[C_QUICK] and not a:
            if cfg[C_LASTDEF] or _popc(d) != _popc(unc):
                return LOSS
            return DRAW if _cover_all(unc, d, beat) else LOSS
        tag = K_DEF << 1 | fresh
        bs, lo, hi, hint, alpha, beta, decided = _bprobe(ttb, tag, a, d, ta, tc, unc, NOMOVE, zero, alpha, beta)
        if decided:
            return lo
        a0 = alpha
        best = NOMOVE
        bm = 0
        targets, cu = _targets(unc, d, cfg, beat)
        ar = _throw_cards(ALL, a)  # the table cards the attacker can throw on
        take_first = cfg[C_TAKE_FIRST] != 0
        can_take = fresh != 0 or not take_first
        cut = False
        take_hint = hint == -1 and can_take
        if take_hint:
            can_take = False
        tab = ta | tc
        # the next lead's key after a take (no throw-ins) or a cover ending the bout, when a
        # cutoff test computed it: those searches start there instead of canonicalising again
        take_a = 0
        take_d = 0
        if cfg[C_ETC] and can_take and a:
            take_a, take_d = _take_key(ttl, cfg, a, d, tab, room, ar)
        # the take's cutoff test (before any move's search) waits until the first target's
        # moves, and the first key of the covers' cutoff test, are computed: its row has had
        # that time to arrive
        take_etc = take_a != 0
        thr = 0
        tab_ar = 0
        if targets:
            thr = ar if (_throw_ins_open(cfg[C_THROW_INS], zero, cfg[C_AFTER_TAKE]) and room > 0) else 0
            tab_ar = tab & thr
        base = ctl[T_SP]
        if base + BOUT_FRAME > stk.shape[0]:
            raise StackFull()
        ctl[T_SP] = base + BOUT_FRAME
        tm = targets
        while tm:
            u = tm & -tm
            tm ^= u
            no = _cover_moves(u, unc, cu, targets, hint, take_hint, a, d, ta, tc, ar, cfg, beat, stk, base)
            take_hint = False
            unc2 = unc ^ u
            keyed = False
            if cfg[C_ETC] and not unc2 and a and not tab_ar:
                keyed = True
                c, lo2 = _etc_cover(ttl, cfg, stk, base, no, a, d, thr, beta, take_a if take_etc else zero, take_d)
                take_etc = False
                if c < 0:  # the take's cutoff
                    best = lo2
                    bm = -1
                    cut = True
                    break
                if c:
                    best = lo2
                    bm = c
                    cut = True
                    break
            if take_etc:
                take_etc = False
                v = _etc_take(ttl, take_a, take_d, beta)
                if v != NOMOVE:
                    best = v
                    bm = -1
                    cut = True
                    break
            for i in range(no):
                c = stk[base + i]
                if c < 0:  # the take hint (no cutoff test ran for it: take_a is 0)
                    v = _search(ttl, ttb, cfg, beat, ctl, stk, k_take, a, d, ta, tc, zero, room, zero, alpha, beta)
                else:
                    d2 = d ^ c
                    if unc2:
                        v = _search(ttl, ttb, cfg, beat, ctl, stk,
                                    k_def, a, d2, ta, tc | c, unc2, room, zero if take_first else one, alpha, beta)
                    elif tab_ar or c & thr:
                        v = -_search(ttl, ttb, cfg, beat, ctl, stk,
                                     k_throw, a, d2, ta, tc | c, zero, room, zero, -beta, -alpha)
                    elif keyed and stk[base + BOUT_MOVES + 2 * i]:  # = k_after, beaten
                        v = _search(ttl, ttb, cfg, beat, ctl, stk, k_lead, stk[base + BOUT_MOVES + 2 * i],
                                    stk[base + BOUT_MOVES + 2 * i + 1], zero, zero, zero, zero, zero, alpha, beta)
                    else:
                        v = -_search(ttl, ttb, cfg, beat, ctl, stk,
                                     k_after, a, d2, zero, zero, zero, zero, one, -beta, -alpha)
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
        ctl[T_SP] = base
        if take_etc:  # (no target)
            v = _etc_take(ttl, take_a, take_d, beta)
            if v != NOMOVE:
                best = v
                bm = -1
                cut = True
        if not cut and (take_hint or can_take):
            # the take hint with no cover to try, or the take after the covers (a hinted take
            # was tried first inside the loop when there were targets)
            if take_a:  # = k_take, then k_after, which canonicalises (a, d | tab)
                v = -_search(ttl, ttb, cfg, beat, ctl, stk,
                             k_lead, take_a, take_d, zero, zero, zero, zero, zero, -beta, -alpha)
            else:
                v = _search(ttl, ttb, cfg, beat, ctl, stk, k_take, a, d, ta, tc, zero, room, zero, alpha, beta)
            if v > best:
                best = v
                bm = -1
        nlo, nhi, nh = _entry(lo, hi, hint, best, bm, a0, beta)
        _bstore(ttb, bs, tag, a, d, ta, tc, unc, nlo, nhi, nh)
        return best

    if kind == K_THROW:
        tag = K_THROW << 1
        bs, lo, hi, hint, alpha, beta, decided = _bprobe(ttb, tag, a, d, ta, tc, zero, LOSS, -one, alpha, beta)
        if decided:
            return lo
        a0 = alpha
        pa = 0  # the next lead's key after "pass" (beaten), when the cutoff test computed it
        pd = 0
        if cfg[C_ETC] and hint != 0 and d:
            pa, pd = _canon_or(d, a, cfg)
            _lfetch(ttl, pa, pd)  # (probed after the moves are generated)
        base = ctl[T_SP]
        if base + BOUT_FRAME > stk.shape[0]:
            raise StackFull()
        ctl[T_SP] = base + BOUT_FRAME
        no = _throw_moves(a, d, ta, tc, hint, beat, stk, base, ctl[T_HELPER] != 0)
        if pa:
            packed = _lget(ttl, pa, pd)
            if packed:
                hi2 = _bounds(packed)[1]
                if -hi2 >= beta:
                    ctl[T_SP] = base
                    nlo, nhi, nh = _entry(lo, hi, hint, -hi2, 0, a0, beta)
                    _bstore(ttb, bs, tag, a, d, ta, tc, zero, nlo, nhi, nh)
                    return -hi2
        best = NOMOVE
        bm = -1
        for i in range(no):
            c = stk[base + i]
            if c:
                v = -_search(ttl, ttb, cfg, beat, ctl, stk,
                             k_def, a ^ c, d, ta | c, tc, c, room - 1, one, -beta, -alpha)
            elif pa and a:  # = k_after, beaten (which canonicalises (d, a) when neither is out)
                v = -_search(ttl, ttb, cfg, beat, ctl, stk, k_lead, pa, pd, zero, zero, zero, zero, zero, -beta,
                             -alpha)
            else:
                v = _search(ttl, ttb, cfg, beat, ctl, stk, k_after, a, d, zero, zero, zero, zero, one, alpha, beta)
            if v > best:
                best = v
                bm = c
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        ctl[T_SP] = base
        nlo, nhi, nh = _entry(lo, hi, hint, best, bm, a0, beta)
        _bstore(ttb, bs, tag, a, d, ta, tc, zero, nlo, nhi, nh)
        return best

    if kind == K_TAKE_SET:
        tab = ta
        tag = K_TAKE_SET << 1
        bs, lo, hi, hint, alpha, beta, decided = _bprobe(ttb, tag, a, d, tab, room, zero, LOSS, -one, alpha,
                                                         beta)
        if decided:
            return lo
        a0 = alpha
        give = _throw_cards(a, tab)
        best = NOMOVE
        bm = -1
        dt = d | tab
        if hint >= 0:
            v = _search(ttl, ttb, cfg, beat, ctl, stk,
                        k_after, a ^ hint, dt | hint, zero, zero, zero, zero, zero, alpha, beta)
            best = v
            bm = hint
            if v > alpha:
                alpha = v
        if cfg[C_ETC] and best < beta:
            # enhanced transposition cutoff: a set after which the next lead (the attacker's
            # again) is known good enough
            # (each key's row is prefetched and probed after the next key is computed)
            sub = give
            ps = -1
            pa = 0
            pd = 0
            ka = 0
            kd = 0
            while True:
                keyed = sub >= 0 and _popc(sub) <= room and sub != hint and (a ^ sub) != 0
                if keyed:
                    ka, kd = _canon_or(a ^ sub, dt | sub, cfg)
                    _lfetch(ttl, ka, kd)
                if ps >= 0 and (keyed or sub < 0):
                    packed = _lget(ttl, pa, pd)
                    if packed:
                        lo2 = _bounds(packed)[0]
                        if lo2 >= beta:
                            best = lo2
                            bm = ps
                            break
                if sub < 0:
                    break
                if keyed:
                    ps = sub
                    pa = ka
                    pd = kd
                sub = (sub - 1) & give if sub else -1
        if best < beta:
            sub = give  # largest sets first
            while True:
                if _popc(sub) <= room and sub != hint:
                    v = _search(ttl, ttb, cfg, beat, ctl, stk,
                                k_after, a ^ sub, dt | sub, zero, zero, zero, zero, zero, alpha, beta)
                    if v > best:
                        best = v
                        bm = sub
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                break
                if not sub:
                    break
                sub = (sub - 1) & give
        nlo, nhi, nh = _entry(lo, hi, hint, best, bm, a0, beta)
        _bstore(ttb, bs, tag, a, d, tab, room, zero, nlo, nhi, nh)
        return best

    # K_TAKE_SEQ: the attacker throws one card at a time or passes (no reduction, no table)
    tab = ta
    best = _search(ttl, ttb, cfg, beat, ctl, stk, k_after, a, d | tab, zero, zero, zero, zero, zero, alpha, beta)
    if best > alpha:
        alpha = best
    m = _throw_cards(a, tab)
    while m:
        c = m & -m
        m ^= c
        # a cut only on a value found: a window that opens at or above WIN (a defence node's
        # window (-2, -1) makes this one (1, 2)) proves nothing about the throw-ins not yet searched
        if best >= beta or best >= WIN:
            break
        if room > 1 and _throw_cards(a ^ c, tab):
            v = _search(ttl, ttb, cfg, beat, ctl, stk,
                        k_take_seq, a ^ c, d, tab | c, zero, zero, room - 1, zero, alpha, beta)
        else:
            v = _search(ttl, ttb, cfg, beat, ctl, stk,
                        k_after, a ^ c, d | tab | c, zero, zero, zero, zero, zero, alpha, beta)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
    return best



@_jit(_SIG)
def _run(ttl: Any, ttb: Any, cfg: Any, beat: Any, ctl: Any, stk: Any, kind: int, a: int, d: int, ta: int,
         tc: int, unc: int, room: int, fresh: int, alpha: int, beta: int) -> int:
    """:func:`_search` on borrowed views of its arrays (:func:`_borrow`): no reference
    counting inside the search. ``kind`` :data:`K_REHASH`: the entries of the lead table ``ttb``
    into the lead table ``ttl`` instead (:func:`_lrehash`; the one entry point keeps one cache
    load, :func:`load`)."""
    if kind == K_REHASH:
        _lrehash(ttb, ttl)
        return 0
    return _search(_borrow(ttl), _borrow(ttb), _borrow(cfg), _borrow(beat), _borrow(ctl), _borrow(stk), kind, a,
                   d, ta, tc, unc, room, fresh, alpha, beta)


def supports(s: EngineState) -> bool:
    """Whether the compiled kernel searches this position (else the Python search does)."""
    return compiled_covers(s)


def _cfg(er: EngineRules, trump: int, red: Any) -> Any:
    """The kernel's int64 configuration array for these rules, trump and reductions."""
    return np.array(config(er, trump, red), np.int64)


def zeroed_table(rows: int, cols: int) -> Any:
    """A zeroed ``rows x cols`` int64 table in anonymous memory that asks the kernel for 2 MiB
    pages (``MADV_HUGEPAGE``, where the platform has it): a search probes its tables at random,
    and with 4 KiB pages nearly every new entry costs a page fault and a TLB miss (measured:
    0.78 M nodes/s with a 1 GiB table of small pages against 1.5-2.2 M nodes/s with small tables).
    Memory the system refuses (``ENOMEM``: ``ulimit -v``) is a :class:`MemoryError`, the command's
    one line of :func:`foolsolve.errors.out_of_memory`."""
    nbytes = rows * cols * 8
    try:
        buf = mmap.mmap(-1, nbytes, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    except OSError as exc:  # the process's address-space limit (ulimit -v): what numpy says with MemoryError
        if exc.errno != errno.ENOMEM:
            raise
        raise MemoryError(f"{nbytes:,} bytes for a transposition table") from exc
    advice = getattr(mmap, "MADV_HUGEPAGE", None)
    if advice is not None:
        try:
            buf.madvise(advice)
        except OSError:  # pragma: no cover - kernels without transparent huge pages
            pass
    return np.frombuffer(buf, np.int64).reshape(rows, cols)


def release(arrays: list[Any]) -> None:
    """Give the pages of :func:`zeroed_table` arrays back to the system (``MADV_DONTNEED``; the
    address range stays reserved and reads as zeros). A :class:`JitEndgame`'s finalizer does this
    for its tables, because numba leaks a reference to every array argument of a compiled call
    that ends in an exception (a node limit, Ctrl-C: each kernel frame the exception passes
    keeps one), so such a search's tables would otherwise never be freed: 255 MiB a search in a
    process that hits node limits again and again (found by a long test run killed for memory)."""
    advice = getattr(mmap, "MADV_DONTNEED", None)
    for arr in arrays:
        base = arr
        while base is not None and not isinstance(base, mmap.mmap):
            base = base.obj if isinstance(base, memoryview) else getattr(base, "base", None)
        if base is not None and advice is not None and not base.closed:
            base.madvise(advice)


def node_bound(max_nodes: int | None) -> int:
    """The ``ctl[T_OVER]`` of a node budget: the first node count that is too many, within int64
    (``None``, or a budget above :data:`~foolsolve.solver.base.MAX_NODES`: that many, no limit in
    practice)."""
    return MAX_NODES if max_nodes is None else min(max_nodes, MAX_NODES) + 1


class _Lane:
    """One kernel thread's own state: its bout table (bout entries are local, and private tables
    need no checks), counters and flags, and move stack."""

    def __init__(self, bout_bits: int, over: int) -> None:
        self.ttb = zeroed_table(1 << bout_bits, 8)
        self.ctl = np.zeros(8, np.int64)
        self.ctl[T_OVER] = over
        self.stk = zeroed_table(STACK, 1).reshape(STACK)
        self.job: _Range | None = None
        """The range of the job this lane searches (:meth:`JitEndgame._jobs`)."""


class _Range:
    """What the lanes searching one job know of its value: the range ``[lo, hi]`` their answers
    have narrowed it to, the question each lane is asking, and whether the job has ended. Read
    and written under the lock of :meth:`JitEndgame._jobs`."""

    def __init__(self, lo: int, hi: int, lock: threading.Lock) -> None:
        self.lo = lo
        self.hi = hi
        self.lock = lock
        self.asking: dict[_Lane, tuple[int, int]] = {}
        self.moot: set[_Lane] = set()
        """Lanes stopped because another lane's answer settled the question they were asking."""
        self.ended = False
        self.seen: Callable[[int, int], None] | None = None
        """Told the range after each answer narrows it (what is proved if a limit stops the job)."""


THREADS = max(1, min(2, os.cpu_count() or 1))
"""Kernel threads (the machine has two cores): two race each question (:meth:`JitEndgame._jobs`)."""


class JitEndgame:
    """:class:`foolsolve.solver.durak.Solver`'s interface (``value``, ``move_values``, ``nodes``,
    ``table_entries``) over the compiled kernel, for positions :func:`supports` accepts (and
    every position reached from them, which stays stock-empty and past the first bout).

    ``threads`` kernel threads (default :data:`THREADS`; one under ``max_nodes``, whose limit
    is then exact) search each question of ``value`` and ``move_values`` side by side in two
    move orders, sharing the lead table, and the first to finish answers it (:meth:`_jobs`).
    With one thread the search is the Python search's, node for node (while no table entry is
    replaced); with two, values are the same and node counts vary from run to run."""

    def __init__(self, er: EngineRules, trump: int, reductions: Any = None,
                 progress: Callable[[int], None] | None = None, max_nodes: int | None = None,
                 lead_bits: int | None = None, bout_bits: int | None = None, cards: int = 20,
                 threads: int | None = None, max_memory: int | None = None) -> None:
        if er.variant == PEREVODNOY:
            raise ValueError("the compiled Durak search is for simple and podkidnoy")
        load()
        self.er = er
        self.trump = trump
        self.reductions = reductions or shared.Reductions()
        self.progress = progress
        self.max_nodes = max_nodes
        self.threads = 1 if max_nodes is not None else (threads or THREADS)
        self._cfg = _cfg(er, trump, self.reductions)
        self._beat = np.array([BEATERS[trump][i] if i < len(BEATERS[trump]) else 0 for i in range(64)], np.int64)
        self._bout_bits = bout_bits or BOUT_BITS
        self._max_rows = (1 << lead_bits) if lead_bits else lead_rows(max_memory, self.threads, self._bout_bits)
        """The most rows the lead table grows to (its last row, the counter's, not counted)."""
        rows = min(self._max_rows, 1 << (cards + LEAD_START))
        self._ttl = zeroed_table(rows + 1, 2)
        self.grown = 0
        """Times the lead table grew (:meth:`_grow`)."""
        self._pause = threading.Condition()
        """Guards :attr:`_pausing` and :attr:`_in_kernel` (:meth:`_grow`)."""
        self._pausing = False
        self._in_kernel = 0
        self._over = node_bound(max_nodes)
        self._lanes = [_Lane(self._bout_bits, self._over)]
        self.last = DRAW
        """The value of the last job whose first null-window question did not settle it the way
        it aimed (set as search.py's ``ask`` sets its memory): the next job without a guess of
        its own asks "draw?" first after a loss. One memory for all lanes, set by whichever lane
        settled that job (racing lanes each keeping their own lost it: a job's value reached
        only the lane that found it)."""
        self.helped = 0
        """Jobs a second lane joined (see :meth:`_jobs`)."""
        self.helper_first = 0
        """Jobs whose value the lane that joined them found first."""
        # the tables' pages are released when this object goes, even if numba leaked the arrays
        self._big = [self._ttl, self._lanes[0].ttb, self._lanes[0].stk]
        weakref.finalize(self, release, self._big)

    @property
    def nodes(self) -> int:
        """Nodes searched so far (all calls, all threads)."""
        return int(sum(lane.ctl[T_NODES] for lane in self._lanes))

    @property
    def table_entries(self) -> int:
        """Transposition-table entries (lead table and every thread's bout table)."""
        return int(np.count_nonzero(self._ttl[:-1, 1]) + sum(np.count_nonzero(lane.ttb[:, 7]) for lane in self._lanes))

    def _kernel(self, lane: _Lane, kind: int, a: int, d: int, ta: int, tc: int, unc: int, room: int, fresh: int,
                alpha: int, beta: int) -> int:
        """One search by ``lane``'s kernel, entered only while the lead table is not being grown
        (:meth:`_grow` waits for every kernel to leave)."""
        with self._pause:
            while self._pausing:
                self._pause.wait()
            self._in_kernel += 1
            ttl = self._ttl
        try:
            lane.ctl[T_SP] = 0  # an earlier call may have stopped (node limit, Ctrl-C) mid-search
            return int(_run(ttl, lane.ttb, self._cfg, self._beat, lane.ctl, lane.stk, kind, a, d, ta, tc,
                            unc, room, fresh, alpha, beta))
        finally:
            with self._pause:
                self._in_kernel -= 1
                self._pause.notify_all()

    def _full(self) -> bool:
        """The lead table has replaced :data:`LEAD_LOST` of its rows' worth of entries and may
        still grow."""
        rows = self._ttl.shape[0] - 1
        return rows < self._max_rows and int(self._ttl[rows, L_LOST]) > LEAD_LOST * rows

    def _grow(self, lanes: list[_Lane], lock: threading.Lock, err: list[BaseException], stopped: set[int]) -> None:
        """Grow the lead table :data:`LEAD_GROW` times (at most to the budget's rows), keeping its
        entries: every kernel is stopped (its abort flag), the entries are placed in the new table
        once none runs, and each stopped search asks its question again (:meth:`_root_value`; the
        entries its subtrees stored are kept, so it soon gets back to where it was). Called by
        the thread that runs :meth:`_jobs`, under neither lock; however it ends (Ctrl-C while it
        waits for the kernels), they are let in again."""
        try:
            with self._pause:
                self._pausing = True
                for lane in lanes:
                    lane.ctl[T_ABORT] = 1
                while self._in_kernel:
                    self._pause.wait()
            old = self._ttl
            rows = min(self._max_rows, LEAD_GROW * (old.shape[0] - 1))
            new = zeroed_table(rows + 1, 2)
            _run(new, old, self._cfg, self._beat, lanes[0].ctl, lanes[0].stk, K_REHASH, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            self._ttl = new
            self._big[0] = new
            release([old])
            self.grown += 1
        finally:
            with lock:
                if not err:
                    for k, lane in enumerate(lanes):
                        if k not in stopped:
                            lane.ctl[T_ABORT] = 0
            with self._pause:
                self._pausing = False
                self._pause.notify_all()

    def _root_value(self, lane: _Lane, s: EngineState, lo: int, hi: int, guess: int | None) -> int:
        """Exact value of a live position for its side to move, clamped to ``[lo, hi]``,
        searched by ``lane`` in the calling thread: the questions of search.py's driver ``ask``
        (its :func:`question`, :func:`narrow` and :func:`remembers`), each about the range of
        ``lane.job`` as every lane searching the job has narrowed it so far (:meth:`_jobs`). A
        lane whose question another lane's answer has settled is stopped and asks the next one."""
        job = lane.job
        assert job is not None
        if lo >= hi:
            return lo
        a = s.hands[s.attacker]
        d = s.hands[s.defender]
        if not s.tatt:
            kind, ta, tc, unc, room, fresh = K_LEAD, 0, 0, 0, 0, 0
        else:
            room = cap(s) - s.tatt.bit_count()
            ta, tc, unc, fresh = s.tatt, s.tcov, 0, 0
            if s.unc and not s.taking:
                kind, unc, fresh = K_DEF, s.unc, 1
            elif not s.taking:
                kind = K_THROW
            else:
                kind = K_TAKE_SET if self.reductions.take_throw_sets else K_TAKE_SEQ
                ta, tc = s.tatt | s.tcov, 0

        g = self.last if guess is None else guess
        nw = self.reductions.null_window
        while True:
            with job.lock:
                if job.ended:
                    raise Aborted()
                if job.lo >= job.hi:
                    break
                alpha, beta = question(job.lo, job.hi, g, nw)
                job.asking[lane] = (alpha, beta)
            try:
                v = self._kernel(lane, kind, a, d, ta, tc, unc, room, fresh, alpha, beta)
            except Aborted:
                with job.lock:
                    del job.asking[lane]
                    if job.ended:
                        raise
                    if lane in job.moot:
                        job.moot.discard(lane)
                        lane.ctl[T_ABORT] = 0  # (a stop of the whole call raises in the kernel again)
                    # else stopped while the lead table grew (:meth:`_grow`): the same question again
                continue
            with job.lock:
                del job.asking[lane]
                if lane in job.moot:  # stopped as its search ended: no stop is left for the next one
                    job.moot.discard(lane)
                    if not job.ended:
                        lane.ctl[T_ABORT] = 0
                job.lo, job.hi = narrow(job.lo, job.hi, alpha, beta, v, nw)
                if job.seen is not None:
                    job.seen(job.lo, job.hi)
                for other, (al, be) in job.asking.items():  # questions this answer settled
                    if job.lo >= job.hi or (nw and (job.lo >= be or job.hi <= al)):
                        job.moot.add(other)
                        other.ctl[T_ABORT] = 1
        with job.lock:
            v = job.lo
            if remembers(lo, hi, g, v, nw):
                self.last = v
        return v

    def _values(self, states: list[EngineState], ranges: list[tuple[int, int, int | None]]) -> list[int]:
        """The values of live positions, each clamped to its range ``(lo, hi, guess)`` (see
        ``value``), searched in order by up to ``threads`` kernel threads."""
        out: list[int] = [0] * len(states)
        todo = iter(range(len(states)))

        def take() -> tuple[int, EngineState, int, int, int | None] | None:
            i = next(todo, None)
            return None if i is None else (i, states[i], *ranges[i])

        def put(i: int, v: int) -> None:
            out[i] = v

        self._jobs(states, take, put)
        return out

    def _jobs(self, states: list[EngineState], take: Callable[[], tuple[int, EngineState, int, int, int | None] | None],
              put: Callable[[int, int], None], stale: Callable[[], list[int]] = list,
              seen: Callable[[int, int, int], None] | None = None) -> None:
        """Search jobs on up to ``threads`` kernel threads (GIL released). ``take()`` gives the
        next job ``(index, state, lo, hi, guess)`` or None (no more for this thread); ``put(index,
        value)`` takes each result; after each ``put``, ``stale()`` names the jobs whose results
        are no longer needed, and the threads searching them stop (their results are not put);
        ``seen(index, lo, hi)`` is told a running job's range each time an answer narrows it.
        All four are called under one lock. ``states`` are the positions the jobs may search.

        Two lanes *race* each job: a thread first joins a running job that no other lane helps
        yet, and takes a job of its own only when there is none. The joining lane (the helper,
        flagged ``T_HELPER``) asks the job's questions of the job's state (the same range and
        first guess) in another move order: at throw-in nodes "pass" comes first (the search's
        own order tries it last). Only the lead table is shared, and it holds proven bounds only,
        so either search's answer is exact: each answer narrows the job's range (:class:`_Range`),
        both lanes ask their next question about the range so narrowed (a lane whose question an
        answer has settled stops and asks the next), and the lane that closes the range settles
        the job (its value is put once) while the other search stops. The orders suit different
        positions (one thread, 10v10 bench: "pass" first takes 0.1x-0.5x the nodes on some
        positions, up to 2x more on others), and the two searches use each other's proven bounds through the
        lead table.

        This thread reports progress and turns Ctrl-C, or any exception raised here (a timer's),
        into the kernels' abort flag, so no search outlives the call."""
        for s in states:
            if not supports(s):
                raise ValueError("the compiled Durak search does not cover this position (see supports())")
        n = self.threads
        while len(self._lanes) < n:
            self._lanes.append(_Lane(self._bout_bits, self._over))
            self._big += [self._lanes[-1].ttb, self._lanes[-1].stk]
        lanes = self._lanes[:n]
        err: list[BaseException] = []
        lock = threading.Lock()
        # lane number -> its job: index, state, range, the guess its questions start from
        running: dict[int, tuple[int, EngineState, int, int, int]] = {}
        ranges: dict[int, _Range] = {}  # a running job's range, shared by the lanes searching it
        helped: set[int] = set()  # jobs a second lane has joined
        ended: set[int] = set()  # jobs whose value was put, or whose value is no longer needed
        stopped: set[int] = set()  # lanes whose abort flag was set to end their current search
        # (a job that has ended), not to end the call

        def spent(k: int) -> bool:
            """Lane ``k`` is done with its current search (under the lock): clear a stop meant
            for it, and say whether there was one."""
            del running[k]
            if k not in stopped:
                return False
            stopped.discard(k)
            if not err:
                lanes[k].ctl[T_ABORT] = 0
            return True

        def settle(i: int, v: int) -> None:
            """Job ``i``'s value is ``v`` (under the lock): put it, unless the job has ended, and
            stop every search of a job that has now ended (the other search of job ``i``, the
            searches of jobs gone stale)."""
            if i in ended:
                return
            put(i, v)
            ended.add(i)
            ended.update(stale())
            for j in ended & ranges.keys():
                ranges.pop(j).ended = True
            for kk, job in running.items():
                if job[0] in ended and kk not in stopped:
                    stopped.add(kk)
                    lanes[kk].ctl[T_ABORT] = 1

        def halt() -> None:
            """Stop every lane for good (under the lock): no job goes on after a stopped question."""
            for r in ranges.values():
                r.ended = True
            for other in lanes:
                other.ctl[T_ABORT] = 1

        def work(k: int, lane: _Lane, done: threading.Event) -> None:
            try:
                while True:
                    with lock:
                        if err:
                            return
                        # a running job no other lane has joined comes first
                        target = next((job for job in running.values() if job[0] not in helped | ended), None)
                        helper = target is not None
                        if target is not None:
                            helped.add(target[0])
                            self.helped += 1
                        else:
                            got = take()
                            if got is None:
                                return
                            i, st, lo, hi, g = got
                            target = (i, st, lo, hi, self.last if g is None else g)
                            ranges[i] = _Range(lo, hi, lock)
                            if seen is not None:
                                ranges[i].seen = functools.partial(seen, i)
                        running[k] = target
                        i, st, lo, hi, guess = target
                        lane.job = ranges[i]
                    if helper:
                        lane.ctl[T_HELPER] = 1
                    try:
                        v = self._root_value(lane, st, lo, hi, guess)
                    except Aborted:
                        with lock:
                            if spent(k) and not err:  # stopped because the job has ended
                                continue
                        raise
                    finally:
                        if helper:
                            lane.ctl[T_HELPER] = 0
                    with lock:
                        spent(k)  # (a stop that came after the search ended)
                        if helper and i not in ended:
                            self.helper_first += 1
                        settle(i, v)
            except BaseException as exc:  # handed to the calling thread; the other lanes stop
                with lock:
                    err.append(exc)
                    halt()
            finally:
                done.set()

        for lane in lanes:
            lane.ctl[T_ABORT] = 0
        # Waiting is on events the workers set last, never on Thread.join: in CPython 3.11 a
        # KeyboardInterrupt inside join(timeout) marks a running thread stopped (bpo-45274's
        # handler), after which join() returns at once while the kernel still runs.
        dones = [threading.Event() for _ in lanes]
        workers = [threading.Thread(target=work, args=(k, lane, done), name=f"foolsolve-durak-jit-{k}", daemon=True)
                   for k, (lane, done) in enumerate(zip(lanes, dones))]
        try:
            for w in workers:  # inside the try: Thread.start() waits, and Ctrl-C may land there
                w.start()
            last = time.monotonic()
            for done in dones:
                while not done.wait(POLL):
                    now = time.monotonic()
                    if self.progress is not None and now - last >= 0.2:
                        last = now
                        self.progress(self.nodes)
                    if self._full():
                        self._grow(lanes, lock, err, stopped)
        except BaseException:  # Ctrl-C, or any exception raised in this thread (a timer's)
            with lock:
                err.append(Aborted())  # workers about to take a job stop too
                halt()  # each kernel stops at its next node
            for w, done in zip(workers, dones):
                if w.ident is not None:  # started: its kernel has returned once done is set
                    done.wait()
                    w.join()  # the thread's last steps (a join no longer races a running kernel)
            err.clear()  # (see below)
            raise
        for w in workers:
            w.join()
        if err:
            first = next((e for e in err if not isinstance(e, Aborted)), err[0])
            err.clear()  # the list, its exceptions' tracebacks and the worker frames made a cycle
            if isinstance(first, NodeLimit):
                raise SearchLimit(f"more than {self.max_nodes} nodes") from None
            raise first

    def value(self, s: EngineState, lo: int = LOSS, hi: int = WIN, guess: int | None = None) -> int:
        """Exact value (+1/0/-1) of a two-player engine state for ``s.to_move``, clamped to
        ``[lo, hi]`` (as search.py's ``Solver.value``)."""
        from foolsolve.solver.durak.search import _outcome, check_range

        check_range(lo, hi, guess)
        res = game_result(s)
        if res is not None:
            return _outcome(res, s.to_move)
        return self._values([s], [(lo, hi, guess)])[0]

    def move_values(self, s: EngineState, known: int | None = None,
                    plan: Any = None) -> list[tuple[tuple[int, int, int], int]]:
        """Every legal engine move (spec order) with its exact value for ``s.to_move``; ``known``
        and ``plan`` as in search.py's ``Solver.move_values``. The moves are valued in the order
        of search.py's ``RootPlan`` (with one thread, move for move as the Python search does);
        on two threads both race each move (see :meth:`_jobs`)."""
        from foolsolve.solver.durak.search import RootPlan

        plan = plan or RootPlan(s, self.reductions, known)

        def take() -> tuple[int, EngineState, int, int, int | None] | None:
            i = plan.take()
            return None if i is None else (i, *plan.child_range(i))

        def put(i: int, v: int) -> None:
            plan.put(i, plan.mover_value(i, v))

        self._jobs([c for c, v in zip(plan.children, plan.values) if v is None], take, put, plan.stale, plan.bound)
        return plan.result()


def cacheable() -> bool:
    """Whether numba finds a cache folder for the kernel (else a compile lasts one process)."""
    _name, func, _sig, opts = KERNELS[-1]
    return isinstance(_dispatcher(func, opts)._cache, _Cache)


def main(argv: list[str] | None = None) -> int:
    """``python -m foolsolve.solver.durak.compiled``: compile the search into numba's cache (or
    load it from there), announced on a terminal. ``--background`` (started by
    :func:`foolsolve.solver.durak.search.solve` under a time limit, :mod:`foolsolve.background`):
    the same at a low priority, silent, and only when no other process holds the compile's lock
    (``durak-search-compile.lock`` in the user's cache folder, or numba's where that is read-only)
    and numba can keep the result (:func:`foolsolve.background.run_locked`)."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--background"]:
        from foolsolve import background

        if not cacheable():  # a compile would be thrown away with this process
            return 0
        return background.run_locked("durak-search-compile.lock", lambda: load(announce=False), __file__)
    if args:
        print("usage: python -m foolsolve.solver.durak.compiled [--background]", file=sys.stderr)
        return 2
    load()
    return 0


if __name__ == "__main__":
    # the package's own module, not this copy run as __main__: numba's cache keeps the compiled code
    # with references into the module it was compiled in (a kernel compiled in __main__ and loaded
    # by foolsolve raised Aborted at its first node)
    from foolsolve.progress import compile_command
    from foolsolve.solver.durak import compiled as _module

    sys.exit(compile_command(_module.main))  # Ctrl-C: one line, exit 130
