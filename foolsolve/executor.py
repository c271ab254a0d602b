"""One way to map a function over many items, here or on other machines.

:func:`make_executor` picks a backend:

* ``workers=1`` (no scheduler): in this process, one item after the other;
* ``workers=N``: a local pool of N processes (``concurrent.futures.ProcessPoolExecutor``,
  started with ``spawn``, so a worker imports only what its items need); N is at most
  :data:`MAX_WORKERS` (a few per CPU core), checked by :func:`check_workers`;
* ``scheduler="tcp://HOST:PORT"``: a Dask distributed cluster (the optional extra
  ``foolsolve[dask]``); every worker machine needs the same foolsolve installed.

:meth:`Executor.map` yields ``(index, value)`` in input order and calls ``on_done`` for each
result as soon as it is back (in any order): the batch stores a result there, so an interrupted
sweep loses nothing finished. At most ``window`` items are out at once (submitted but not yet
yielded), which bounds the memory of an ordered stream over a long input.

A worker that dies (killed, out of memory) loses its item, not the sweep: the local pool is
started again and the lost items resubmitted, and Dask reschedules them on the other workers;
an item whose worker died :data:`MAX_LOST` times is reported as :class:`WorkerLost`. One dead
process breaks a local pool and fails every item out on it; each item says which process runs
it (:func:`_tracked`), so only the item that ran on the dead process is charged the loss, and
the others (queued, or on a live worker) are resubmitted free (one that had not started at most
:data:`MAX_AGAIN` times, after which each further broken pool is charged to it: an item that
kills its worker before saying so, unpickled or out of memory, is given up); a pool on which no item started
before it broke (workers dying as they start) charges every item out on it. A worker killed from outside by
SIGTERM cannot be told from those the broken pool ends by SIGTERM: then every item that was
running is charged. ``fn`` and
the items must be picklable (``fn`` a module-level function); ``fn`` should turn its own
failures into values (an exception from ``fn`` ends the map).

The sweeps (``foolsolve batch``, ``foolsolve solve A B ...``, ``foolsolve conform --cases``,
``foolsolve ambiguities --deals``, ``foolsolve simulate``) all run through here; the result store
(:mod:`foolsolve.store`) makes them resumable.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from foolsolve.errors import (
    STOP_SIGNALS,
    CommandNames,
    InputError,
    on_sigterm,
    option_name,
    option_names,
    option_names_set,
    quoted,
    refused_memory,
)


def _cores() -> int:
    """The CPU cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # no sched_getaffinity (macOS, Windows)
        return os.cpu_count() or 1


WORKERS_PER_CORE = 4
MIN_MAX_WORKERS = 8
MAX_WORKERS = max(MIN_MAX_WORKERS, WORKERS_PER_CORE * _cores())
"""The most local worker processes ``--workers`` may ask for: :data:`WORKERS_PER_CORE` per CPU
core of this machine, :data:`MIN_MAX_WORKERS` at least. The items are CPU-bound and every worker
is a process of its own that imports foolsolve (and, for Durak, the compiled search), so processes
beyond the cores only cost memory and start-up time; the margin leaves room to measure that, and
a mistyped count (``--workers 100000``) is refused before any process starts. A Dask cluster
(``--scheduler``) brings its own workers, however many, and takes no ``--workers``."""

WORKERS_BOUND = f"At most {MAX_WORKERS} here ({WORKERS_PER_CORE} per CPU core, {MIN_MAX_WORKERS} at least)"
"""The bound of ``--workers`` as the options' help states it."""
WORKERS_LIMIT = f"{WORKERS_BOUND}; not with --scheduler, whose cluster has its own workers"
"""The bound of ``--workers`` and its exclusion of ``--scheduler``, for a command that takes both."""


def check_workers(workers: int) -> int:
    """``workers`` when it is a count of local worker processes this machine takes (1 to
    :data:`MAX_WORKERS`), else the :class:`InputError` that names the bound."""
    if workers < 1:
        raise InputError(f"{option_name('--workers')}: expected at least 1, got {workers}")
    if workers > MAX_WORKERS:
        raise InputError(f"{option_name('--workers')}: at most {MAX_WORKERS} local processes on this machine "
                         f"({WORKERS_PER_CORE} "
                         f"per CPU core, {MIN_MAX_WORKERS} at least), got {workers}")
    return workers


MAX_LOST = 3
"""Times an item is resubmitted after its worker died before it is given up."""


MAX_AGAIN = 10 * MAX_LOST
"""How often an item that had not started is resubmitted free (out on a pool another worker's death
broke, :class:`_Pool`) before each further time is charged to it as a loss: an item that kills its
worker before saying it started it (while its worker unpickles it, or out of memory) cannot be told
from the items queued behind it on a pool where other items ran, and is given up after
``MAX_AGAIN + MAX_LOST`` broken pools instead of breaking every pool after it. An item that started
on a live worker is resubmitted free however often."""


class WorkerLost(Exception):
    """An item whose worker died :data:`MAX_LOST` times (the value :meth:`Executor.map`
    yields for it)."""


def worker_failure(lost: WorkerLost, what: str = "an item") -> str:
    """The one-line message of ``lost``, the item ``what`` whose worker died :data:`MAX_LOST`
    times, ``the worker processes failed: ...`` (the error names ``--workers`` before it), with a hint where this process runs a
    script of its own. The local pool starts its workers by ``spawn``, and a spawned worker imports
    the script's module again: a script that starts workers at its top level (no
    ``if __name__ == "__main__":`` guard) makes every worker start workers in turn, and each dies
    before it values its item."""
    import sys

    text = f"the worker processes failed: {what}: {lost}"
    main = sys.modules.get("__main__")
    script = getattr(main, "__file__", None)
    ours = os.path.dirname(os.path.abspath(__file__))
    if script and not os.path.basename(script).startswith("foolsolve") \
            and os.path.dirname(os.path.abspath(script)) != ours:
        text += (f" (the workers are started by spawn and import {os.path.basename(script)} again: a script that "
                 'starts them must run its code under if __name__ == "__main__":, docs/python.md)')
    return text


class _Backend:
    """Submit one item, wait for some to finish, shut down."""

    workers = 1
    description = ""
    local = True
    """Whether the items run on this machine (the workers see its files, the result store's)."""

    def submit(self, fn: Callable[[Any], Any], item: Any) -> Any:
        raise NotImplementedError

    def wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, str, Any]]:
        """Finished handles: ``(handle, "ok", value)``, ``(handle, "lost", exc)`` (the worker
        died: resubmit), ``(handle, "again", exc)`` (it ran on a live worker when another died:
        resubmit free), ``(handle, "unstarted", exc)`` (it had not said it started when a worker
        died: resubmit free up to :data:`MAX_AGAIN` times) or ``(handle, "error", exc)``."""
        raise NotImplementedError

    def recover(self) -> None:
        """Called after a ``lost`` outcome (the local pool starts again)."""

    def cancel(self, handles: list[Any]) -> None:
        """Drop submitted items that are no longer wanted (those running may finish)."""

    def close(self, cancel: bool) -> None:
        """Release the workers (``cancel``: stop unfinished items now)."""


class _Inline(_Backend):
    description = "in this process"

    def submit(self, fn: Callable[[Any], Any], item: Any) -> Any:
        return _Call(fn, item)

    def wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, str, Any]]:
        h = handles[0]
        return [(h, "ok", h.fn(h.item))]


class _Call:
    """An item waiting to be run in this process."""

    __slots__ = ("fn", "item")

    def __init__(self, fn: Callable[[Any], Any], item: Any) -> None:
        self.fn = fn
        self.item = item


ORPHAN_POLL = 1.0
"""Seconds between a local worker's looks at whether its parent is still there."""


_STARTED: Any = None
"""In a local worker: the queue on which it says which item it starts (:func:`_tracked`)."""


def _worker_start(started: Any = None) -> None:
    """A local worker's set-up: Ctrl-C ignored (it goes to the whole process group: the parent
    stops the pool, the workers do not die half-way through a result on their own), and SIGHUP
    likewise (a closed terminal's, sent to the whole job: the parent stops the pool as at SIGTERM,
    :func:`foolsolve.errors.on_sigterm`), the worker
    ended once its parent has gone (:func:`_exit_with_parent`), nothing drawn in place on the
    parent's terminal (:func:`foolsolve.progress.in_a_worker`: a compile's line written once, the
    parent's status line left to the parent), and ``started`` kept, the queue on which it says
    which item it runs (:func:`_tracked`)."""
    from foolsolve.progress import in_a_worker

    global _STARTED
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    in_a_worker()
    _STARTED = started
    _exit_with_parent()


def _tracked(fn: Callable[[Any], Any], token: int, item: Any) -> Any:
    """``fn(item)`` in a local worker, after saying on :data:`_STARTED` that this process (its pid)
    runs the item ``token``: when a worker dies, the pool charges the loss to its item alone. The
    put is synchronous (a ``SimpleQueue``), so the word is out before ``fn`` starts."""
    if _STARTED is not None:
        _STARTED.put((token, os.getpid()))
    return fn(item)


def _exit_with_parent() -> None:
    """End this worker once its parent has gone (killed, say, with SIGTERM or SIGKILL, which give
    the pool no chance to stop it): a daemon thread looks every :data:`ORPHAN_POLL` seconds.
    Without it an orphaned worker ran its task to the end, however long (a game of the arena, a
    world of a seat answer), holding a CPU for nobody."""
    import time

    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(ORPHAN_POLL)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="foolsolve-orphan-watch", daemon=True).start()


def _not_while_bootstrapping() -> None:
    """A spawned worker importing its parent's script again, which asks for workers at its top level (no
    ``if __name__ == "__main__":`` guard): it ends at once, quietly (exit 1). Python's own error there
    (``RuntimeError: An attempt has been made to start a new process before ...``) printed a traceback
    from every worker, hundreds of lines before the parent's one-line error (:func:`worker_failure`,
    which names the guard)."""
    import multiprocessing.process

    if getattr(multiprocessing.process.current_process(), "_inheriting", False):
        raise SystemExit(1)


@contextmanager
def spawnable_cwd() -> Iterator[None]:
    """A working directory a spawned process can start in, while the block runs: ``spawn`` hands
    the child ``os.getcwd()``, which raises ``FileNotFoundError`` where the folder the command runs
    in has been deleted (every ``--workers N`` run there ended in an internal error, its ``--out``
    file empty). There the block runs in ``/`` and this process goes back to its own folder after
    (an open handle of it, :func:`os.fchdir`); elsewhere nothing changes. The workers of a deleted
    folder start in ``/``: nothing relative could be read or made in that folder anyway."""
    try:
        os.getcwd()
    except FileNotFoundError:
        pass
    else:
        yield
        return
    try:
        here: int | None = os.open(".", os.O_RDONLY)
    except OSError:
        here = None
    os.chdir("/")
    try:
        yield
    finally:
        if here is not None:
            try:
                os.fchdir(here)
            finally:
                os.close(here)


DESCRIPTORS_PER_WORKER = 5
"""File descriptors a local worker costs its parent, counted high (its sentinel, its share of the
pool's queues and wake-up pipes, the pipes that hand it its start-up data)."""
DESCRIPTORS_SPARE = 8
"""File descriptors a pool costs beside its workers, counted high (the resource tracker's pipe, the
queue on which workers say what they started)."""


def _descriptor_room(workers: int) -> None:
    """Raise the ``OSError`` of too many open files (which the command writes as one line, exit 2:
    :func:`foolsolve.errors.too_many_open_files`) where a pool of ``workers`` would run out of file
    descriptors, before the pool makes anything: found by opening that many (pipes) and closing them.
    Without it a low ``ulimit -n`` failed as the workers started, after the command had opened its
    ``--out`` (a batch's file left empty, an arena's with its header alone) and after multiprocessing
    had made a semaphore its tracker could not start to clean up (a file left in ``/dev/shm``)."""
    need = DESCRIPTORS_PER_WORKER * workers + DESCRIPTORS_SPARE
    held: list[int] = []
    try:
        while len(held) < need:
            held.extend(os.pipe())
    finally:
        for fd in held:
            os.close(fd)


def _tracker_without_sighup() -> None:
    """Start multiprocessing's resource tracker (the process that cleans up the pool's semaphores)
    with SIGHUP ignored, as the workers ignore it (:func:`_worker_start`): it ignores Ctrl-C and
    SIGTERM itself, not SIGHUP, so a closed terminal's SIGHUP to the whole job killed it, and the
    command, stopping cleanly, printed multiprocessing's ``UserWarning: resource_tracker: process
    died unexpectedly, relaunching`` before its one line. An ignored signal stays ignored across the
    tracker's exec; the command's own handler is put back at once. A tracker already running is left
    as it is."""
    if not hasattr(signal, "SIGHUP") or threading.current_thread() is not threading.main_thread():
        return
    from multiprocessing import resource_tracker

    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        resource_tracker.ensure_running()
    finally:
        signal.signal(signal.SIGHUP, before)


class _Pool(_Backend):
    """A ``ProcessPoolExecutor``. One dead worker breaks the whole pool (every item out on it fails
    with ``BrokenProcessPool``); each item says on a queue which worker process runs it
    (:func:`_tracked`), so that the loss is charged to the items that ran on the dead process only
    ("lost"), and the others, queued or running on a live worker, are resubmitted free ("again")."""

    def __init__(self, workers: int) -> None:
        _not_while_bootstrapping()
        _descriptor_room(workers)
        self.workers = workers
        self.description = f"on {workers} local worker processes"
        self._tokens: dict[Any, int] = {}  # future -> token of its item
        self._next_token = 0
        self._pool, self._started = self._start()
        self._running: dict[int, int] = {}  # token -> pid of the worker that started it
        self._ran_any = False  # whether any item started on this pool

    def _start(self) -> tuple[Any, Any]:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")
        _tracker_without_sighup()
        _note_thread_errors()
        started = context.SimpleQueue()
        pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_worker_start, initargs=(started,))
        return pool, started

    def submit(self, fn: Callable[[Any], Any], item: Any) -> Any:
        self._next_token += 1
        with spawnable_cwd():  # (the pool starts its processes as items are submitted)
            future = self._pool.submit(_tracked, fn, self._next_token, item)
        self._tokens[future] = self._next_token
        return future

    def _drain(self) -> None:
        """Read the workers' words on which item each started (the queue's pipe never fills)."""
        try:
            while not self._started.empty():
                token, pid = self._started.get()
                self._running[token] = pid
                self._ran_any = True
        except (OSError, EOFError, ValueError):  # a queue closed under a broken pool: what was read stands
            pass

    def wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, str, Any]]:
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        done, _ = wait(handles, timeout=timeout, return_when=FIRST_COMPLETED)
        self._drain()
        if not done:
            _raise_if_pool_stopped(self._pool)
        broken = any(isinstance(f.exception(), BrokenProcessPool) for f in done)
        dead: set[int] = set()
        if broken:
            dead = self._dead_workers()
            # every item out on the broken pool has failed by now: classify them all at once
            done = {h for h in handles if h.done()}
        out: list[tuple[Any, str, Any]] = []
        for f in done:
            token = self._tokens.pop(f, None)
            pid = self._running.pop(token, None) if token is not None else None
            exc = f.exception()
            if exc is None:
                out.append((f, "ok", f.result()))
            elif isinstance(exc, BrokenProcessPool):
                # a pool on which no item ever started (its workers die as they start: a script
                # without the __main__ guard, a broken environment) charges every item, so that
                # the items are given up after MAX_LOST such pools instead of resubmitted for ever
                ran_on_dead = pid is not None and pid in dead
                out.append((f, "lost" if ran_on_dead or not self._ran_any else "again" if pid is not None
                            else "unstarted", exc))
            else:
                out.append((f, "error", exc))
        return out

    def _dead_workers(self) -> set[int]:
        """The pids of the workers that died and broke the pool. The pool terminates (SIGTERM) the
        others once it is broken, so after its shutdown a worker that ended otherwise (SIGKILL, an
        exit code) is one that died; when every one ended by SIGTERM (one killed so from outside),
        they cannot be told apart and all count as dead."""
        processes = dict(getattr(self._pool, "_processes", None) or {})
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._drain()
        codes = {pid: p.exitcode for pid, p in processes.items()}
        dead = {pid for pid, code in codes.items() if code is not None and code != -signal.SIGTERM}
        return dead or set(codes)

    def recover(self) -> None:
        # a lost item of the pool before this one (already replaced) needs no new pool
        if getattr(self._pool, "_broken", True):
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool, self._started = self._start()
            self._ran_any = False
            self._running.clear()
            self._tokens.clear()

    def cancel(self, handles: list[Any]) -> None:
        for f in handles:
            f.cancel()
            self._tokens.pop(f, None)

    def close(self, cancel: bool) -> None:
        if cancel:
            # the workers ignore SIGINT: stop them now rather than after their current item
            for p in list((getattr(self._pool, "_processes", None) or {}).values()):
                p.terminate()
        try:
            self._pool.shutdown(wait=True, cancel_futures=cancel)
        except RuntimeError as exc:
            # the pool's manager thread never started (a low address-space limit refused it, and
            # that error is on its way to the command): there is nothing to join
            if "cannot join thread before it is started" not in str(exc):
                raise
            for p in list((getattr(self._pool, "_processes", None) or {}).values()):
                p.terminate()


_THREAD_ERRORS: dict[int, BaseException] = {}
"""The exception each thread that failed ended with, by thread id (:func:`_note_thread_errors`)."""


def _note_thread_errors() -> None:
    """Note the exception a thread ends with (``threading.excepthook``), so a pool whose manager thread
    failed is told apart from one still working (:func:`_raise_if_pool_stopped`); a thread that could
    not start another for want of memory (a low address-space limit) prints nothing of its own, the
    command's one line says it. Installed once; other exceptions are printed as before."""
    import threading

    if getattr(threading.excepthook, "foolsolve", False):
        return
    before = threading.excepthook

    def hook(args: Any) -> None:
        if args.thread is not None and args.exc_value is not None:
            _THREAD_ERRORS[id(args.thread)] = args.exc_value
            if refused_memory(args.exc_value):
                return
        before(args)

    hook.foolsolve = True  # type: ignore[attr-defined]
    threading.excepthook = hook


def _raise_if_pool_stopped(pool: Any) -> None:
    """Raise the error a local pool's manager thread ended with, where it ended while items are out:
    the pool would never finish them (a thread it could not start, under a low address-space limit,
    hung the command). A manager thread still running, or one never started, raises nothing."""
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is None or manager.is_alive() or getattr(pool, "_shutdown_thread", False):
        return
    error = _THREAD_ERRORS.get(id(manager))
    if error is not None:
        raise error


class SigintHeld:
    """Ctrl-C held back while the block runs and raised as soon as it ends: a batch's output line
    is written whole (:class:`foolsolve.batch.LineWriter`), and a call into Dask is never
    interrupted as it starts (distributed's ``utils.sync`` has a race there: its own cancel callback
    fails with a ``NameError``, logged with a traceback on stderr; held back, the interrupt reaches
    :meth:`Executor.map`'s handling between calls, a poll lasting a quarter of a second). Python
    runs signal handlers in the main thread only, so there Python's own SIGINT handler is replaced
    for the block (a thread Dask runs, which blocking the signal would not cover, cannot raise it);
    another thread, or another handler in place (a worker's ignored SIGINT), is left as it is.
    SIGTERM (and SIGHUP, SIGXCPU), which the ``foolsolve`` command handles as Ctrl-C
    (:func:`foolsolve.errors.on_sigterm`), is held back the same way, and so is any other handler of
    them marked ``held = True`` (an arena
    worker's, :func:`foolsolve.arena._terminated`, which ends the external programs started so far:
    a program started inside the block is one of them once the block ends)."""

    def __enter__(self) -> SigintHeld:
        self.hit = False
        self.term_hit: int | None = None
        main = threading.current_thread() is threading.main_thread()
        self.replaced = main and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        self.held: dict[int, Any] = {}  # signal -> the handler it had (SIGTERM, SIGHUP, SIGXCPU)
        for name in STOP_SIGNALS:
            sig = getattr(signal, name, None)
            handler = signal.getsignal(sig) if main and sig is not None else None
            if sig is not None and (handler is on_sigterm or getattr(handler, "held", False) is True):
                self.held[sig] = handler
        if self.replaced:
            signal.signal(signal.SIGINT, self._note)
        for sig in self.held:
            signal.signal(sig, self._note_term)
        return self

    def _note(self, signum: int, frame: Any) -> None:
        self.hit = True

    def _note_term(self, signum: int, frame: Any) -> None:
        if self.term_hit is None:
            self.term_hit = signum

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if self.replaced:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        for sig, handler in self.held.items():
            signal.signal(sig, handler)
        if self.term_hit is not None and kind is None:
            handler = self.held[self.term_hit]
            assert callable(handler)
            handler(self.term_hit, None)  # on_sigterm: KeyboardInterrupt, noted as that signal's
        if self.hit and kind is None:
            raise KeyboardInterrupt


def _new_client(client_cls: Any, scheduler: str) -> Any:
    """``Client(scheduler)`` with the cyclic garbage collector held off while Dask starts its loop.
    A Client that failed to start earlier in the process (a bad ``--scheduler`` in a notebook, the
    tests) is left in a reference cycle; collected while a new Client starts, its ``__del__`` closes
    the shared loop runner, whose lock the starting Client holds: the process hung for good. So that
    garbage is collected first, outside the lock, and no collection runs until the Client is up."""
    import gc

    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        return client_cls(scheduler, timeout="30s")
    finally:
        if was:
            gc.enable()


class _Dask(_Backend):
    local = False

    def __init__(self, scheduler: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise InputError(f"{option_name('--scheduler')}: Dask is not installed (pip install 'foolsolve[dask]')") from None
        _probe(scheduler)
        try:
            self.client = _new_client(Client, scheduler)
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            # TypeError: a transport Dask cannot set up here (tls:// without its TLS settings in the
            # Dask configuration, ucx:// without UCX)
            raise InputError(f"{option_name('--scheduler')}: cannot connect to {scheduler} ({exc})") from None
        self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        self.description = f"on the Dask cluster at {scheduler} ({self.workers} workers)"

    def submit(self, fn: Callable[[Any], Any], item: Any) -> Any:
        with SigintHeld():
            return self.client.submit(fn, item, pure=False)

    def wait(self, handles: list[Any], timeout: float) -> list[tuple[Any, str, Any]]:
        from distributed import wait
        from distributed.scheduler import KilledWorker

        with SigintHeld():
            try:
                done, _ = wait(handles, timeout=timeout, return_when="FIRST_COMPLETED")
            except TimeoutError:
                return []
            out: list[tuple[Any, str, Any]] = []
            for f in done:
                if f.status == "finished":
                    out.append((f, "ok", f.result()))
                else:
                    exc = f.exception()
                    out.append((f, "lost" if isinstance(exc, KilledWorker) else "error", exc))
            return out

    def cancel(self, handles: list[Any]) -> None:
        if handles:
            self.client.cancel(handles)

    def close(self, cancel: bool) -> None:
        self.client.close()


PROBE_SECONDS = 10.0
"""How long :func:`_probe` waits to connect, and then for the scheduler's greeting."""

MAX_GREETING_BYTES = 1 << 16
"""The largest greeting :func:`_probe` accepts (a Dask scheduler's is under a hundred bytes)."""


def check_scheduler(scheduler: str, workers: int | None = None) -> tuple[str, int] | None:
    """The ``(host, port)`` of a ``tcp://HOST:PORT`` scheduler address (``None`` for another
    transport, ``tls://``, which Dask checks), else a one-line :class:`InputError`; and with
    ``workers`` more than 1 an error too (the cluster has its own workers). Connects to nothing:
    what every command that takes ``--scheduler`` checks of it first, whether or not it is used."""
    from urllib.parse import urlsplit

    if workers is not None:
        _no_workers_beside(workers)
    if "://" not in scheduler:
        raise InputError(f"{option_name('--scheduler')}: expected tcp://HOST:PORT, got {quoted(scheduler)}")
    if not scheduler.startswith("tcp://"):
        return None
    try:
        parts = urlsplit(scheduler)
        host, port = parts.hostname, parts.port
    except ValueError:
        host, port = None, None
    if not host or not port:
        raise InputError(f"{option_name('--scheduler')}: expected tcp://HOST:PORT, got {quoted(scheduler)}")
    extra = [what for what, given in (("a user", parts.username is not None), ("a path", parts.path),
                                      ("a query", parts.query), ("a fragment", parts.fragment)) if given]
    if extra:  # (Dask would read "8786/" as the port: "invalid literal for int()", reported as no connection)
        raise InputError(f"{option_name('--scheduler')}: malformed address {quoted(scheduler)}: expected tcp://HOST:PORT "
                         f"and nothing else (it has {' and '.join(extra)})")
    return host, port


def _no_workers_beside(workers: int) -> None:
    """A ``--workers`` count above 1 beside ``--scheduler`` is an error: the cluster has its own
    workers."""
    if workers > 1:
        raise InputError(f"{option_name('--workers')}: the Dask cluster at {option_name('--scheduler')} runs the items on its "
                         "own workers; "
                         f"give {option_name('--workers')} {workers} or {option_name('--scheduler')}, not both")


def _probe(scheduler: str) -> None:
    """A one-line error at once when nothing listens at a ``tcp://HOST:PORT`` address (Dask's
    client would retry until its timeout), or when what listens there is not a Dask scheduler.

    A Dask server greets each new connection first, with one message of its own protocol (a
    little-endian 8-byte length, then the frames of a small dict); Dask's client waits for that
    greeting without a time limit and trusts its length. So a service that waits for the client
    to speak (an HTTP server, such as the scheduler's dashboard) hung the command, and one that
    speaks first (an SSH server's banner) made the client allocate exabytes: both are checked
    here, within :data:`PROBE_SECONDS`."""
    import socket
    import struct

    address = check_scheduler(scheduler)
    if address is None:
        return  # another transport (tls://, ucx://): Dask checks it
    host, port = address
    try:
        conn = socket.create_connection((host, port), timeout=PROBE_SECONDS)
    except OSError as exc:
        raise InputError(f"{option_name('--scheduler')}: cannot connect to {scheduler} ({exc.strerror or exc})") from None
    not_dask = f"{option_name('--scheduler')}: {scheduler} is not a Dask scheduler"
    with conn:
        try:
            head = _recv_exactly(conn, 8)
            (size,) = struct.unpack("<Q", head)
            if not 0 < size <= MAX_GREETING_BYTES:
                raise InputError(f"{not_dask} (it answered {_shown(head)})")
            body = _recv_exactly(conn, size)
        except TimeoutError:
            raise InputError(f"{not_dask} (no greeting within {PROBE_SECONDS:g} s; the scheduler's address, "
                             "not its dashboard's, is tcp://HOST:8786 by default)") from None
        except OSError as exc:
            raise InputError(f"{not_dask} (the connection failed: {exc.strerror or exc})") from None
    if not _is_greeting(body):
        raise InputError(f"{not_dask} (it answered {_shown(head + body)})")


def _recv_exactly(conn: Any, n: int) -> bytes:
    """``n`` bytes from the socket ``conn`` (``ConnectionError`` when it closes first)."""
    data = b""
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            raise ConnectionResetError(0, "closed before its greeting" if not data else "closed mid-greeting")
        data += chunk
    return data


def _is_greeting(body: bytes) -> bool:
    """Whether ``body`` decodes as Dask's handshake message (a dict)."""
    from distributed.protocol.core import loads
    from distributed.protocol.utils import unpack_frames

    try:
        message = loads(unpack_frames(body))
    except Exception:  # arbitrary bytes from whatever listens there: any decoding failure means no
        return False
    return isinstance(message, dict)


def _shown(data: bytes) -> str:
    """The first bytes a peer sent, for a one-line message."""
    text = data[:24].decode("ascii", "backslashreplace").replace("\r", "").replace("\n", " ")
    return repr(text.strip() + ("..." if len(data) > 24 else ""))


class _Named:
    """``fn`` run with the option names its caller set (:func:`foolsolve.errors.option_names`), as a
    worker process (a local pool's, a Dask cluster's) runs it: its errors name the options as they
    would in the caller's process."""

    def __init__(self, fn: Callable[[Any], Any], names: Mapping[str, str]) -> None:
        self.fn = fn
        self.names = dict(names)
        self.command = isinstance(names, CommandNames)  # a command's: kept over an entry point's in the worker too

    @classmethod
    def of(cls, fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """``fn`` with the names set in this context, or ``fn`` itself where none are set."""
        names = option_names_set()
        return cls(fn, names) if names is not None else fn

    def __call__(self, item: Any) -> Any:
        with option_names(self.names, command=self.command):
            return self.fn(item)


class Executor:
    """Maps a function over items on one backend (see :func:`make_executor`)."""

    def __init__(self, backend: _Backend, window: int | None = None) -> None:
        self._backend = backend
        self.window = window or max(4, 4 * backend.workers)
        self.lost = 0
        """The times an item came back from a broken pool or a dead worker: resubmitted (free or
        charged a loss, :data:`MAX_AGAIN`) or given up as a :class:`WorkerLost`."""

    @property
    def workers(self) -> int:
        """How many items run at once."""
        return self._backend.workers

    @property
    def local(self) -> bool:
        """Whether the items run on this machine (in this process or a local pool), so the
        workers can open this machine's files (the result store)."""
        return self._backend.local

    @property
    def description(self) -> str:
        """Where the items run, for a message."""
        return self._backend.description

    def map(self, fn: Callable[[Any], Any], items: Iterable[Any],
            on_done: Callable[[int, Any, Any], None] | None = None,
            here: Callable[[Any], Any] | None = None, keep_open: bool = False) -> Iterator[tuple[int, Any]]:
        """``(index, fn(item))`` in input order; ``on_done(index, item, value)`` as each comes
        back from a worker. ``here(item)``, when given, is asked first: a value other than
        ``None`` is the item's value, found in this process (a stored result, a bad line) and
        never sent to a worker. A lost item's value is a :class:`WorkerLost`. Closing the
        iterator early (or Ctrl-C) cancels what is still out.

        The workers are released at the end, unless ``keep_open``: then another map can follow
        (the caller ends with :meth:`close`), and closing the iterator early only cancels the
        items not yet started (those running finish, their values unused); Ctrl-C still stops
        the workers."""
        if not isinstance(self._backend, _Inline):
            fn = _Named.of(fn)  # its errors name the options as the caller calls them there too
        it = iter(enumerate(items))
        pending: dict[Any, tuple[int, Any, int, int]] = {}  # handle -> (index, item, times lost, free resubmissions)
        ready: dict[int, Any] = {}
        next_out = 0
        next_in = 0
        exhausted = False
        finished = False
        try:
            while True:
                while not exhausted and next_in < next_out + self.window:
                    try:
                        i, item = next(it)
                    except StopIteration:
                        exhausted = True
                        break
                    next_in = i + 1
                    value = here(item) if here is not None else None
                    if value is not None:
                        ready[i] = value
                    else:
                        pending[self._backend.submit(fn, item)] = (i, item, 0, 0)
                while next_out in ready:
                    yield next_out, ready.pop(next_out)
                    next_out += 1
                if not pending:
                    if exhausted and not ready:
                        break
                    continue
                outcomes = self._backend.wait(list(pending), 0.25)
                lost_any = False
                for h, kind, value in outcomes:
                    i, item, times, again = pending.pop(h)
                    if kind == "error":
                        raise value
                    if kind == "again" or (kind == "unstarted" and again < MAX_AGAIN):
                        # out when another worker died: no loss charged (counted where it had not started)
                        lost_any = True
                        self.lost += 1
                        pending[("resubmit", i)] = (i, item, times, again + (kind == "unstarted"))
                        continue
                    if kind in ("lost", "unstarted"):  # its own worker died (or it had not started MAX_AGAIN times)
                        lost_any = True
                        self.lost += 1
                        if times + 1 < MAX_LOST:
                            pending[("resubmit", i)] = (i, item, times + 1, again)
                            continue
                        value = WorkerLost(f"its worker died {MAX_LOST} times" if again < MAX_AGAIN else
                                           f"a worker died while it was out {MAX_AGAIN + MAX_LOST} times")
                    ready[i] = value
                    if on_done is not None:
                        on_done(i, item, value)
                if lost_any:
                    self._backend.recover()
                    # resubmit every item out on the old pool (a broken pool fails them all), the
                    # least often unstarted first, the later items first among equals: an item
                    # queued behind one that kills its worker before it starts gets to start
                    out = [h for h in pending if isinstance(h, tuple) or _is_dead(h)]
                    for h in sorted(out, key=lambda h: (pending[h][3], -pending[h][0])):
                        i, item, times, again = pending.pop(h)
                        pending[self._backend.submit(fn, item)] = (i, item, times, again)
            finished = True
        except GeneratorExit:
            if keep_open:
                self._backend.cancel([h for h in pending if not isinstance(h, tuple)])
                finished = True  # the workers stay for the next map
            raise
        finally:
            if not (finished and keep_open):
                self._backend.close(cancel=not finished)

    def close(self, cancel: bool = True) -> None:
        """Release the workers: when :meth:`map` was never run to its end (``cancel``: stop what is
        still running), or after the last of several maps with ``keep_open``."""
        self._backend.close(cancel=cancel)


def _is_dead(handle: Any) -> bool:
    # a future of a broken local pool: done with BrokenProcessPool
    done = getattr(handle, "done", None)
    if done is None or not callable(done) or not done():
        return False
    try:
        from concurrent.futures.process import BrokenProcessPool

        return isinstance(handle.exception(timeout=0), BrokenProcessPool)
    except Exception:
        return False


def make_executor(workers: int = 1, scheduler: str | None = None, window: int | None = None) -> Executor:
    """In this process (``workers=1``), on a local pool of ``workers`` processes, or on the
    Dask cluster at ``scheduler`` (``tcp://HOST:PORT``, whose own workers run the items: a
    ``workers`` count beside it is an error). ``workers`` is at most :data:`MAX_WORKERS`."""
    check_workers(workers)  # (at least 1)
    if scheduler:
        _no_workers_beside(workers)  # before the address is read, as Dask's absence is
        return Executor(_Dask(scheduler), window)
    return Executor(_Inline() if workers == 1 else _Pool(workers), window)
