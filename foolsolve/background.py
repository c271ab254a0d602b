"""Compiles in a background process: numba's on-disk cache filled while the user's process goes on
without the compiled code (the Durak playout plays in Python, the Durak search searches in Python);
and loads from that cache in a thread (:class:`Loading`), so that a caller with a time limit is not
held by the second or two that importing numba and loading the code take.

:func:`start` launches ``python -m MODULE --background`` in a session of its own (it outlives the
process that started it), unless ``FOOLSOLVE_BACKGROUND_COMPILE=0`` (the tests set it: their
processes compile what they need themselves). The module's ``--background`` entry runs its compile
through :func:`run_locked`: at a low priority, silent, and not at all while another process holds
the compile's lock in the user's cache folder, so two processes never compile the same thing.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from foolsolve.xdg import cache_home, user_cache_dir

ENV = "FOOLSOLVE_BACKGROUND_COMPILE"
"""Set to ``0``: no background compile starts (what needs the compiled code compiles it at once)."""


def allowed() -> bool:
    """Whether a background compile may start (``FOOLSOLVE_BACKGROUND_COMPILE`` is not ``0``)."""
    return os.environ.get(ENV, "1") != "0"


def in_numba_cache(source: str, function: str, keyed_by: Sequence[str] = ()) -> bool:
    """Whether numba's on-disk cache holds a *fresh* entry of ``function`` of the module at
    ``source``, one numba would load rather than compile again, looked up without importing numba:
    an index file ``<module>.<function>-*.nbi`` under ``NUMBA_CACHE_DIR`` where that is set (numba's
    only cache then), else in the module's ``__pycache__`` or in numba's user cache folder (where the
    package's is read-only), written by the installed numba for the module's present text (numba's
    own tests when it loads: its version, the sha256 of the source), with an entry keyed by the
    present text of the files ``keyed_by`` (the key :class:`~foolsolve.engines.durak_kernel_compiled.
    KeyedCache` adds). An index left by an older text (an upgrade, an edit) is not fresh: numba
    would compile then, and a caller in a hurry compiles in the background instead
    (docs/durak-solver.md, "Start-up"). Not checked: the processor the code was compiled for."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        dirs = [Path(os.environ["NUMBA_CACHE_DIR"])]
    else:
        dirs = [Path(source).resolve().parent / "__pycache__",
                cache_home() / "numba"]
    try:
        version = importlib.metadata.version("numba")
        stamp = hashlib.sha256(Path(source).read_bytes()).digest()
        key = hashlib.sha256(b"".join(Path(f).read_bytes() for f in keyed_by)).hexdigest() if keyed_by else None
    except (OSError, importlib.metadata.PackageNotFoundError):
        return False
    pattern = f"{Path(source).stem}.{function}-*.nbi"
    return any(_fresh(index, version, stamp, key) for d in dirs if d.is_dir() for index in d.rglob(pattern))


def _fresh(index: Path, version: str, stamp: bytes, key: str | None) -> bool:
    """Whether numba's index file ``index`` was written by numba ``version`` for a source whose
    stamp is ``stamp`` and holds an entry whose key ends in ``key`` (``None``: any entry); a file
    that does not read as an index is not (numba's ``IndexDataCacheFile._load_index``)."""
    try:
        with open(index, "rb") as f:
            if pickle.load(f) != version:
                return False
            got, overloads = _Unnumbered(f).load()
    except Exception:
        return False
    if got != stamp or not isinstance(overloads, dict):
        return False
    return key is None or any(isinstance(k, tuple) and k and k[-1] == key for k in overloads)


class _Opaque:
    """What :class:`_Unnumbered` reads a pickled numba object as: nothing (a signature's types)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def __setstate__(self, state: object) -> None:
        pass


class _Unnumbered(pickle.Unpickler):
    """An unpickler of numba's index files that reads numba's own objects in them (the types of a
    signature numba inferred, Foolery's playout's) as :class:`_Opaque`, without importing numba:
    the lookup is to cost milliseconds, and importing numba half a second or more."""

    def find_class(self, module: str, name: str) -> object:
        if module.partition(".")[0] in ("numba", "llvmlite"):
            return _Opaque
        return super().find_class(module, name)


def start(module: str) -> subprocess.Popen[bytes] | None:
    """Start ``python -m module --background`` detached (its own session, no terminal), or
    ``None`` where background compiles are off or the process cannot start."""
    if not allowed():
        return None
    try:
        return subprocess.Popen([sys.executable, "-m", module, "--background"],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
    except OSError:
        return None


def run_locked(lock_name: str, work: Callable[[], object]) -> int:
    """The body of a ``--background`` entry: ``work()`` at a low priority, unless another process
    holds ``lock_name`` (a file in the user's cache folder); always exit code 0 (nobody reads it)."""
    try:
        os.nice(10)
    except (AttributeError, OSError):
        pass
    folder = user_cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / lock_name, "a") as lock:
        try:
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # no fcntl (Windows): compile anyway (numba's cache writes are atomic)
            pass
        except OSError:  # another process is compiling
            return 0
        work()
    return 0


_ONE_LOAD = threading.Lock()
"""Held by the :class:`Loading` that loads: one load at a time, so that the caller's own thread
shares the interpreter with one load, not with several."""


class Loading:
    """``load()`` (a load of compiled code from numba's cache, never a compile) run in a daemon
    thread of this process, started at once: the caller goes on with the Python code (the same
    answers, slower) and takes the compiled code once :attr:`done` is set and :attr:`result` holds
    it. Importing numba and loading one entry point takes about 1-3 s (more on a busy machine), and
    nothing can stop it part-way, so a caller with a time limit does not wait for it in its own
    thread. A process does not wait for it at exit (a daemon thread: the load only reads numba's
    cache, and a process that answered in its time ends then). A load that raises leaves
    :attr:`result` ``None``."""

    def __init__(self, load: Callable[[], object], name: str) -> None:
        self._load = load
        self.result: object = None
        self.started = time.monotonic()
        self.seconds: float | None = None
        """How long the load took, once :attr:`done`."""
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            with _ONE_LOAD:
                self.result = self._load()
        except Exception:  # (numba missing or broken: the Python code goes on)
            self.result = None
        finally:
            self.seconds = time.monotonic() - self.started
            self.done.set()

    def wait(self, seconds: float) -> object:
        """:attr:`result` once the load is done, waiting at most ``seconds`` for it; ``None`` if it
        is not done by then (or failed)."""
        self.done.wait(max(0.0, seconds))
        return self.result if self.done.is_set() else None
