"""Compiles in a background process: numba's on-disk cache filled while the user's process goes on
without the compiled code (the Durak playout plays in Python, the Durak search searches in Python);
and loads from that cache in a thread (:class:`Loading`), so that a caller with a time limit is not
held by the second or two that importing numba and loading the code take.

:func:`start` launches ``python -m MODULE --background`` in a session of its own (it outlives the
process that started it), unless ``FOOLSOLVE_BACKGROUND_COMPILE=0`` (the tests set it: their
processes compile what they need themselves). The module's ``--background`` entry runs its compile
through :func:`run_locked`: at a low priority, silent, and not at all while another process holds
the compile's lock (in the user's cache folder, or numba's where that is read-only), so two processes
never compile the same thing, nor where numba can keep nothing it compiles (:func:`numba_cache_folder`).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import pickle
import subprocess
import sys
import tempfile
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


def numba_cache_folder(source: str) -> Path | None:
    """The folder numba keeps the compiled functions of the module at ``source`` in, chosen as
    numba's ``_CacheImpl`` chooses its locator (``numba/core/caching.py``), without importing numba:
    the first of ``NUMBA_CACHE_DIR/<folder>_<sha1>`` (where that is set), the module's
    ``__pycache__`` and numba's user cache folder (``$XDG_CACHE_HOME/numba/<folder>_<sha1>``, else
    ``~/.cache/numba/...``; a relative ``XDG_CACHE_HOME`` is ignored, as the command takes it out
    of the environment numba reads, :func:`foolsolve.xdg.drop_relative`) that numba can write (made
    where missing, one temporary file written and dropped there, as numba's ``ensure_cache_path``
    does); ``None`` where numba can write none of them (it caches nothing then: a compile lasts one
    process). numba skips a folder it cannot write and never reads it, so an entry in a read-only
    ``__pycache__`` is not one numba loads."""
    py_file = os.path.abspath(source)
    if not os.path.exists(py_file):
        return None
    folder = os.path.dirname(py_file)
    sub = "_".join([os.path.split(folder)[-1], hashlib.sha1(folder.encode()).hexdigest()])
    user = str(cache_home() / "numba")
    candidates = [os.path.join(os.environ["NUMBA_CACHE_DIR"], sub)] if os.environ.get("NUMBA_CACHE_DIR") else []
    candidates += [os.path.join(folder, "__pycache__"), os.path.join(user, sub)]
    for path in candidates:
        if _writable(path):
            return Path(path)
    return None


def _writable(path: str) -> bool:
    """Whether numba can cache in ``path`` (its ``_CacheLocator.ensure_cache_path``: the folder made
    where missing, a temporary file written there)."""
    try:
        os.makedirs(path, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return False
    return True


NO_CACHE_FIX = "set NUMBA_CACHE_DIR to a writable folder"
"""How a user lets numba keep what it compiles where :func:`numba_cache_folder` finds no folder."""


def no_cache_folder(source: str) -> str:
    """Why numba keeps no compile of the module at ``source`` (:func:`numba_cache_folder` is
    ``None``): the folders it tried, each one it cannot write."""
    tried = ["NUMBA_CACHE_DIR"] if os.environ.get("NUMBA_CACHE_DIR") else []
    tried += [str(Path(os.path.abspath(source)).parent / "__pycache__"),
              str(cache_home() / "numba")]
    return f"numba can write none of its cache folders ({', '.join(tried)})"


def in_numba_cache(source: str, function: str, keyed_by: Sequence[str] = ()) -> bool:
    """Whether numba's on-disk cache holds a *fresh* entry of ``function`` of the module at
    ``source``, one numba would load rather than compile again, looked up without importing numba:
    an index file ``<module>.<function>-*.nbi`` in the folder numba caches that module in
    (:func:`numba_cache_folder`: the first it can write of ``NUMBA_CACHE_DIR``, the module's
    ``__pycache__`` and numba's user cache folder; an index in a folder numba skips does not count),
    written by the installed numba for the module's present text (numba's own tests when it loads:
    its version, the sha256 of the source), with an entry keyed by the present text of the files
    ``keyed_by`` (the key :class:`~foolsolve.engines.durak_kernel_compiled.KeyedCache` adds). An
    index left by an older text (an upgrade, an edit) is not fresh: numba would compile then, and a
    caller in a hurry compiles in the background instead (docs/durak-solver.md, "Start-up"). Not
    checked: the processor the code was compiled for."""
    folder = numba_cache_folder(source)
    if folder is None:
        return False
    try:
        version = importlib.metadata.version("numba")
        stamp = hashlib.sha256(Path(source).read_bytes()).digest()
        key = hashlib.sha256(b"".join(Path(f).read_bytes() for f in keyed_by)).hexdigest() if keyed_by else None
    except (OSError, importlib.metadata.PackageNotFoundError):
        return False
    pattern = f"{Path(source).stem}.{function}-*.nbi"
    return any(_fresh(index, version, stamp, key) for index in folder.glob(pattern))


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


def run_locked(lock_name: str, work: Callable[[], object], source: str) -> int:
    """The body of a ``--background`` entry: ``work()`` (a compile of the module at ``source`` into
    numba's cache) at a low priority, unless another process holds ``lock_name``, or numba can keep
    nothing it compiles (:func:`numba_cache_folder` is ``None``: the compile would end with this
    process). The lock is a file in the user's cache folder, or where that cannot be written (a
    read-only home) in numba's cache folder for ``source``, the one the compile writes to: every
    process of the same environment picks the same file. Always exit code 0 (nobody reads it)."""
    try:
        os.nice(10)
    except (AttributeError, OSError):
        pass
    cache = numba_cache_folder(source)
    if cache is None:
        return 0
    for folder in (user_cache_dir(), cache):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            lock = open(folder / lock_name, "a")
        except OSError:
            continue
        break
    else:  # (numba's folder was written a moment ago: only a race ends here)
        return 0
    with lock:
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
