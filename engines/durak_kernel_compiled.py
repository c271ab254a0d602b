"""Durak's rules kernel compiled with numba, once, for both compiled users.

:mod:`foolsolve.engines.durak_kernel` holds Durak's rule decisions, its move generators (the cards
that may lead together, cover a card, be thrown in, pass the bout on) and its flow of play as plain
integer functions. This module is where they are compiled: :func:`function` gives each one's numba
dispatcher (one object per kernel function and process, made on first use, ``inline="always"``:
numba inlines it into its compiled callers), and it holds the bit intrinsics the compiled code
runs (:func:`bit_count`, :func:`leading_zeros`, :func:`trailing_zeros`). The compiled native
playout (:mod:`foolsolve.engines.durak_playout_compiled`) and the compiled search
(:mod:`foolsolve.solver.durak.compiled`) both call these, so a rule change touches the spec, the
engine and the kernel, and both compiled users follow.

numba's on-disk cache checks only the stamp of a compiled function's own file, not of the files
its inlined callees come from. :class:`KeyedCache` is numba's cache with every entry keyed also by
the text of the kernel and of this module (:data:`KEY_TEXT`), plus a user's own extra text: both
compiled users cache through it, so a change to the kernel (or here) recompiles them instead of
loading code compiled from the old rules.

Nothing is compiled at import, and importing this module makes no numba dispatcher.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, ClassVar

from numba import njit, types
from numba.core.caching import FunctionCache
from numba.extending import intrinsic

from foolsolve.engines import durak_kernel

SIGNATURES: dict[str, str] = {
    # rule decisions
    "bout_limit": "int64(int64, int64, int64, int64, int64, int64)",
    "bout_cap": "int64(int64, int64)",
    "transfer_room": "int64(int64, int64, int64)",
    "show_fits": "boolean(int64, int64, int64)",
    "two_player_end": "int64(int64, int64, int64)",
    # move generators
    "lead_heads": "int64(int64, int64)",
    "cover_cards": "int64(int64, int64)",
    "throw_cards": "int64(int64, int64)",
    "transfer_cards": "int64(int64, int64, int64, int64, int64, int64, int64, int64)",
    "transfer_set": "int64(int64, int64, int64)",
    "transfer_count": "int64(int64, int64)",
    "show_cards": "int64(int64, int64, int64)",
    # the flow of play
    "next_seat": "int64(int64, int64, int64)",
    "thrower_order": "int64(int64, int64, int64, int64, int64)",
    "throwers_after": "int64(int64, int64, int64)",
    "throw_ins_open": "boolean(int64, int64, int64)",
    "draw_order": "int64(int64, int64, int64, int64)",
    "refill": "int64(int64, int64)",
    "next_leader": "int64(int64, int64)",
    "transfer_attacker": "int64(int64, int64, int64, int64)",
    "goes_out": "int64(int64, int64, int64)",
    "fool": "int64(int64, int64, int64, int64)",
}
"""Every function of :mod:`~foolsolve.engines.durak_kernel` by name, with the one numba signature
it is compiled for when called on its own (:func:`compiled`; inlined into a caller, it takes the
caller's types)."""

KEY_TEXT = b"".join(Path(f).read_bytes() for f in durak_kernel.KEY_FILES)
"""The text of the kernel and of this module (:data:`~foolsolve.engines.durak_kernel.KEY_FILES`):
compiled into every caller of :func:`function`'s dispatchers, so :class:`KeyedCache` keys each
cache entry by it."""


class KeyedCache(FunctionCache):
    """numba's on-disk cache of a compiled function, each entry keyed also by :data:`KEY_TEXT` and
    by the class's :attr:`extra` (a subclass sets the text of any other module compiled in)."""

    extra: ClassVar[bytes] = b""

    def _index_key(self, sig: Any, codegen: Any) -> Any:
        return (*super()._index_key(sig, codegen), hashlib.sha256(KEY_TEXT + self.extra).hexdigest())


@intrinsic
def bit_count(typingctx: Any, x: Any) -> Any:
    """``x.bit_count()`` of an int64 (one ``popcnt``)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@intrinsic
def leading_zeros(typingctx: Any, x: Any) -> Any:
    """The leading zero bits of an int64, 64 for 0 (``63 - leading_zeros(x)`` is the index of the
    highest set bit of ``x > 0``)."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return builder.ctlz(args[0], context.get_constant(types.boolean, False))
    return types.int64(types.int64), codegen


@intrinsic
def trailing_zeros(typingctx: Any, x: Any) -> Any:
    """The trailing zero bits of an int64 ``x != 0`` (the index of its lowest set bit); undefined
    for 0, which no caller passes."""
    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return builder.cttz(args[0], context.get_constant(types.boolean, True))
    return types.int64(types.int64), codegen


_DISPATCHERS: dict[str, Any] = {}


def function(name: str) -> Any:
    """The numba dispatcher of the kernel function ``name``: one per process, shared by every
    compiled user, inlined where it is called (``inline="always"``, at the level of numba's IR;
    LLVM does not inline across compiled functions). Making it compiles nothing."""
    disp = _DISPATCHERS.get(name)
    if disp is None:
        if name not in SIGNATURES:
            raise KeyError(f"{name!r} is not a function of the Durak kernel")
        disp = _DISPATCHERS[name] = njit(inline="always", nogil=True)(getattr(durak_kernel, name))
    return disp


def compiled(name: str) -> Any:
    """:func:`function` compiled for its one signature (:data:`SIGNATURES`), to be called from
    Python (tests)."""
    disp = function(name)
    disp.compile(SIGNATURES[name])
    return disp


def bind(namespace: dict[str, Any], names: dict[str, str]) -> None:
    """Set each global of a compiled user's module ``namespace`` (``names``: the global's name to
    the kernel function's) to that function's shared dispatcher, before the user compiles its
    callers (numba reads a callee from its caller's module globals when it compiles)."""
    for glob, name in names.items():
        namespace[glob] = function(name)


def unbind(namespace: dict[str, Any], names: dict[str, str]) -> None:
    """Set each global of ``names`` back to the kernel's plain function (numba cannot call one, so a
    cache probe of a caller fails at once instead of compiling)."""
    for glob, name in names.items():
        namespace[glob] = getattr(durak_kernel, name)
