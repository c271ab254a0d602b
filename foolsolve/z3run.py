"""Z3 that Ctrl-C stops: :func:`check` in place of ``solver.check()``, and :func:`stoppable`
around a piece of Z3 work (a proof, a Z3 solver's public function).

Three things kept Ctrl-C from stopping Z3 work cleanly:

- Python runs its signal handlers in the main thread between bytecodes only, so while a long
  ``solver.check()`` runs in Z3's C code Ctrl-C waits for the check to end, however long.
- Z3's own Ctrl-C handling (the ``ctrl_c`` parameter, on by default) takes SIGINT from Python for
  the length of a check and turns it into the answer ``unknown``: a proof reported that as a
  failure, and the run went on.
- Ctrl-C in the Python half of Z3's API was raised wherever the main thread stood: in a
  ``__del__`` (``AstRef.__del__`` dropping its reference) Python prints "Exception ignored in ..."
  and swallows it, so the run went on; inside ctypes' conversion of an argument it came out as
  ``ctypes.ArgumentError: argument 2: KeyboardInterrupt``, an internal error.

So :func:`check` turns Z3's ``ctrl_c`` off and the check runs in the main thread as before, while
Python's own SIGINT handler writes the signal's number to a socket (``signal.set_wakeup_fd``,
done in C by whichever thread the signal reaches) that a watcher thread reads: at SIGINT it calls
``Z3_interrupt`` on the context of the check under way, again every 50 ms until that check
returns (an interrupt that comes just before Z3 starts listening would be lost). The ``unknown``
of a check so stopped, or one that says it was interrupted, is raised as :class:`KeyboardInterrupt`,
never returned (an ``Optimize`` stopped says ``sat.canceled``, as at its timeout: only a check the
watcher stopped is taken for Ctrl-C on that reason).
Within :func:`stoppable` (or a :func:`check`), Ctrl-C that arrives while Python runs Z3's own
Python code is held back and raised at the next safe point: the next :func:`check`, or the end of
the scope. Z3 objects are only ever used by the calling thread; the watcher only interrupts, and
its context is told to take reference drops from other threads (``Z3_enable_concurrent_dec_ref``)
in case Python's collector runs in the watcher.

Outside the main thread, or where SIGINT has another handler than Python's default (a worker
process that ignores it, :class:`foolsolve.executor.SigintHeld`), :func:`check` is
``solver.check()`` with Z3's ``ctrl_c`` off, and :func:`stoppable` does nothing. z3 itself is not
imported here: the CLI reads :func:`is_ctrl_c` without it.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import re
import signal
import socket
import sys
import threading
import time
import weakref
from collections.abc import Callable
from types import FrameType
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_RETRY = 0.05
"""Seconds between the watcher's interrupts of a check that has not stopped yet."""


class _State:
    """The main thread's Z3 check and the Ctrl-C it has not raised yet (one per process)."""

    running: Any = None
    """The context (``z3.Context``) of the check under way in the main thread, else ``None``."""
    check_id = 0
    """Counts the checks, so that the watcher interrupts the one that Ctrl-C came during only."""
    stopped = 0
    """The last check the watcher interrupted (its ``check_id``)."""
    pending = False
    """Ctrl-C came while Python ran Z3's own Python code: raised at the next safe point."""
    owner: _Scope | None = None
    """The outermost :func:`stoppable` scope, which installed the handler."""


_state = _State()
_prepared: weakref.WeakSet[Any] = weakref.WeakSet()
"""The solvers whose ``ctrl_c`` is off, and the contexts that take reference drops from any thread."""


class _Watcher:
    """The wakeup socket Python's C signal handler writes each signal's number to, and the thread
    that reads it (one per process: made again after a fork)."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.reader, self.writer = socket.socketpair()
        self.writer.setblocking(False)
        self.thread = threading.Thread(target=self._watch, name="foolsolve-z3-ctrl-c", daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        while True:
            try:
                data = self.reader.recv(64)
            except OSError:
                return
            if not data:
                return
            if any(sig in data for sig in _STOPPING):
                self._stop_check()

    @staticmethod
    def _stop_check() -> None:
        """Interrupt the check under way (if any) until it returns."""
        ctx, cid = _state.running, _state.check_id
        if ctx is not None:
            _state.stopped = cid
        while ctx is not None and _state.running is ctx and _state.check_id == cid:
            try:
                ctx.interrupt()
            except Exception:  # (a context being deleted): the check has ended
                return
            time.sleep(_RETRY)


_watcher: _Watcher | None = None
_watcher_lock = threading.Lock()


def _the_watcher() -> _Watcher:
    global _watcher
    with _watcher_lock:
        if _watcher is None or _watcher.pid != os.getpid():
            _watcher = _Watcher()
        return _watcher


def _in_z3(frame: FrameType | None) -> bool:
    """Whether the main thread stands in Z3's Python code (its innermost frames are z3's)."""
    path = getattr(sys.modules.get("z3"), "__file__", None)
    if not path:
        return False
    z3_dir = os.path.dirname(path) + os.sep
    for _ in range(8):  # a few frames: z3's code may call a helper of the standard library
        if frame is None:
            return False
        if frame.f_code.co_filename.startswith(z3_dir):
            return True
        frame = frame.f_back
    return False


_STOPPING = tuple(int(getattr(signal, name)) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGXCPU")
                  if hasattr(signal, name))
"""The signals whose number on the wakeup socket interrupts the check under way: Ctrl-C and those
that stop the command as it does (:data:`foolsolve.errors.STOP_SIGNALS`)."""


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    """SIGINT within :func:`stoppable`: KeyboardInterrupt, held back while Z3's Python code runs."""
    if _in_z3(frame):
        _state.pending = True
        return
    _state.pending = False
    raise KeyboardInterrupt


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    """SIGTERM, SIGHUP or SIGXCPU within :func:`stoppable`, where the command's handler is
    :func:`foolsolve.errors.on_sigterm`: the same stop as Ctrl-C's (the watcher interrupts the check,
    held back while Z3's Python code runs), noted as that signal's (exit 143, 129, 152); a second is
    ignored."""
    from foolsolve.errors import _Signals

    if _Signals.terminated:
        return
    _Signals.terminated = True
    _Signals.signum = signum
    _on_sigint(signum, frame)


def _raise_pending() -> None:
    if _state.pending:
        _state.pending = False
        raise KeyboardInterrupt


class _Scope:
    """The work of :func:`stoppable`; see there."""

    def __init__(self) -> None:
        self.owns = False
        self.wakeup = False
        self.sigterm: dict[int, Any] = {}

    def __enter__(self) -> _Scope:
        if (_state.owner is not None or threading.current_thread() is not threading.main_thread()
                or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
            return self
        watcher = _the_watcher()
        previous = signal.set_wakeup_fd(watcher.writer.fileno(), warn_on_full_buffer=False)
        if previous != -1:  # someone else's (an event loop's): left alone; checks wait for their end
            signal.set_wakeup_fd(previous)
        else:
            self.wakeup = True
        _state.pending = False
        _state.owner = self
        self.owns = True
        signal.signal(signal.SIGINT, _on_sigint)
        from foolsolve.errors import STOP_SIGNALS, on_sigterm

        for name in STOP_SIGNALS:
            sig = getattr(signal, name, None)
            if sig is not None and signal.getsignal(sig) is on_sigterm:  # the command's: it stops as Ctrl-C does
                self.sigterm[sig] = on_sigterm
                signal.signal(sig, _on_sigterm)
        return self

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if not self.owns:
            return
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for sig, handler in self.sigterm.items():
            signal.signal(sig, handler)
        if self.wakeup:
            signal.set_wakeup_fd(-1)
        _state.owner = None
        if kind is None:
            _raise_pending()
        _state.pending = False


def stoppable() -> contextlib.AbstractContextManager[Any]:
    """A scope of Z3 work in which Ctrl-C stops a running :func:`check` and is never lost in Z3's
    Python code (held back there, then raised as KeyboardInterrupt at the next :func:`check` or at
    the end of the scope). Nested scopes are the outermost one."""
    return _Scope()


def stops_on_ctrl_c(fn: Callable[P, R]) -> Callable[P, R]:
    """Run ``fn`` in a :func:`stoppable` scope (a Z3 solver's public function, a proof)."""

    @functools.wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with _Scope():
            return fn(*args, **kwargs)

    return run


def _prepare(solver: Any) -> None:
    """Z3's own Ctrl-C handling off for ``solver``; its context takes reference drops from any thread."""
    if solver in _prepared:
        return
    import z3

    solver.set(ctrl_c=False)
    ctx = solver.ctx
    if ctx not in _prepared and hasattr(z3, "Z3_enable_concurrent_dec_ref"):
        z3.Z3_enable_concurrent_dec_ref(ctx.ref())
        _prepared.add(ctx)
    _prepared.add(solver)


def check(solver: Any, *assumptions: Any) -> Any:
    """``solver.check(*assumptions)`` (a ``z3.Solver`` or ``z3.Optimize``) that Ctrl-C stops:
    KeyboardInterrupt, never an ``unknown`` answer that says it was interrupted."""
    import z3

    _prepare(solver)
    if threading.current_thread() is not threading.main_thread():  # (Ctrl-C is the main thread's)
        return solver.check(*assumptions)
    with _Scope():
        _raise_pending()
        _state.check_id += 1
        cid = _state.check_id
        _state.running = solver.ctx
        try:
            result = solver.check(*assumptions)
        finally:
            _state.running = None
        _raise_pending()
    # stopped by the watcher (an Optimize says "sat.canceled", as at its timeout), or by Z3's own
    # Ctrl-C handling ("interrupted from keyboard") or another thread's interrupt ("interrupted")
    if result == z3.unknown and (_state.stopped == cid or "interrupt" in str(solver.reason_unknown()).lower()):
        raise KeyboardInterrupt
    return result


def is_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C in disguise: a KeyboardInterrupt that ctypes raised while it
    converted an argument comes out as ``ArgumentError: argument 2: KeyboardInterrupt: ``."""
    seen: set[int] = set()
    e: BaseException | None = exc
    while e is not None and id(e) not in seen:
        if isinstance(e, KeyboardInterrupt):
            return True
        if isinstance(e, ctypes.ArgumentError) and re.match(r"argument \d+: (<class ')?KeyboardInterrupt\b", str(e)):
            return True
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return False
