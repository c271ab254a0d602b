"""foolsolve on an unfriendly machine: a read-only install, home or cache folder, a deleted working
directory, low limits (docs/durak-solver.md "Start-up", docs/batches.md, docs/architecture.md).
Each case is simulated in the test's own process or folders (a read-only folder as a refused write:
the tests may run as root, whom chmod does not stop)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from pathlib import Path

import pytest

from foolsolve import background
from foolsolve.solver.durak import compile_record, search


def _refuse_writes_in(monkeypatch: pytest.MonkeyPatch, *folders: Path) -> None:
    """Writes of a temporary file into ``folders`` fail as on a read-only file system (what numba's
    ``ensure_cache_path`` tries before it caches in a folder)."""
    real = tempfile.TemporaryFile

    def temporary_file(*args: object, dir: str | None = None, **kwargs: object) -> object:
        if dir is not None and Path(dir) in folders:
            raise OSError(30, "Read-only file system", dir)
        return real(*args, dir=dir, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(tempfile, "TemporaryFile", temporary_file)


def _numba_subfolder(source: Path) -> str:
    """numba's ``get_suitable_cache_subpath`` of ``source``: ``<its folder's name>_<sha1 of its folder>``."""
    folder = os.path.dirname(os.path.abspath(source))
    return f"{os.path.basename(folder)}_{hashlib.sha1(folder.encode()).hexdigest()}"


def test_the_cache_look_up_follows_numbas_choice_of_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """numba caches in the first folder it can write of NUMBA_CACHE_DIR, the module's __pycache__ and
    its user cache folder, and looks nowhere else: an index in a read-only __pycache__ (a package
    compiled before it was made read-only) is not loaded, and counting it kept the compiled Durak
    search from ever being compiled where numba would read it."""
    source = tmp_path / "pkg" / "mod.py"
    source.parent.mkdir()
    source.write_text("x = 1\n")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    monkeypatch.setattr(background, "_fresh", lambda index, *a: True)
    in_tree = source.parent / "__pycache__"
    in_tree.mkdir()
    (in_tree / "mod.run-1.py311.nbi").write_bytes(b"")
    assert background.numba_cache_folder(str(source)) == in_tree
    assert background.in_numba_cache(str(source), "run")
    _refuse_writes_in(monkeypatch, in_tree)
    user = tmp_path / "home-cache" / "numba" / _numba_subfolder(source)
    assert background.numba_cache_folder(str(source)) == user
    assert not background.in_numba_cache(str(source), "run")
    (user / "mod.run-1.py311.nbi").write_bytes(b"")
    assert background.in_numba_cache(str(source), "run")
    # NUMBA_CACHE_DIR first where numba can write it, skipped where it cannot
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba-cache"))
    mine = tmp_path / "numba-cache" / _numba_subfolder(source)
    assert background.numba_cache_folder(str(source)) == mine and not background.in_numba_cache(str(source), "run")
    _refuse_writes_in(monkeypatch, in_tree, mine, user)
    assert background.numba_cache_folder(str(source)) is None and not background.in_numba_cache(str(source), "run")


def test_a_background_compile_with_a_read_only_home_locks_in_numbas_cache_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only home with a writable NUMBA_CACHE_DIR (the usual container set-up): the compile's
    lock could not be made in ~/.cache/foolsolve, and ``--background`` ended in a traceback, exit 1,
    compiling nothing. The lock goes to numba's folder then, and the compile runs."""
    source = tmp_path / "pkg" / "mod.py"
    source.parent.mkdir()
    source.write_text("x = 1\n")
    (tmp_path / "home").write_text("a file where the cache folder would be\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba-cache"))
    _refuse_writes_in(monkeypatch, source.parent / "__pycache__")
    ran: list[int] = []
    assert background.run_locked("x.lock", lambda: ran.append(1), str(source)) == 0
    assert ran == [1]
    assert (tmp_path / "numba-cache" / _numba_subfolder(source) / "x.lock").exists()


def test_no_background_compile_where_numba_can_keep_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """With no cache folder numba can write (a read-only install and home), a background compile
    would be thrown away with its process: none starts, and the one line says why and what to set
    (it said a compile started, once, on every run)."""
    started: list[str] = []
    monkeypatch.setattr(background, "start", lambda module: started.append(module) or object())
    monkeypatch.setattr(background, "numba_cache_folder", lambda source: None)
    monkeypatch.setattr(search, "_compiling", None)
    monkeypatch.setattr(search, "_told", False)
    search.compile_in_background()
    err = capsys.readouterr().err
    assert started == []
    assert err.count("\n") == 1 and "numba can write none of its cache folders" in err
    assert "set NUMBA_CACHE_DIR to a writable folder" in err and "compiling" not in err
    ran: list[int] = []
    assert background.run_locked("x.lock", lambda: ran.append(1), str(tmp_path / "mod.py")) == 0 and ran == []


def test_a_compile_numba_cannot_keep_does_not_say_once(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``jit=true`` with no writable cache folder compiles in every process: its line says so."""
    from foolsolve.solver.durak import compiled

    class Fake:
        def __init__(self) -> None:
            self.signatures: list[str] = []

        stats = type("S", (), {"cache_hits": {}})()
        _can_compile = False

        def compile(self, sig: str) -> None:
            pass

    monkeypatch.setattr(background, "numba_cache_folder", lambda source: None)
    compiled.compile_kernels([("a", Fake(), "int64(int64)")], False, None, notice=True)
    err = capsys.readouterr().err
    assert "once" not in err and compile_record.UNKEPT_LABEL in err


def test_workers_start_where_the_working_directory_was_deleted(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``--workers N`` in a folder deleted under the command: ``spawn`` hands each worker
    ``os.getcwd()``, which raised FileNotFoundError (an internal error, exit 1, an empty ``--out``
    file). The workers start elsewhere and the items are computed; the command stays in its folder."""
    from foolsolve.executor import make_executor

    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    with pytest.raises(FileNotFoundError):
        os.getcwd()
    executor = make_executor(2)
    assert list(executor.map(abs, [-1, -2, 3])) == [(0, 1), (1, 2), (2, 3)]
    with pytest.raises(FileNotFoundError):  # (still in the deleted folder)
        os.getcwd()


def test_a_table_the_address_space_limit_refuses_is_out_of_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ulimit -v 600000``: the compiled search's tables are anonymous memory (mmap), and its
    ENOMEM ended the command in an internal error, exit 1; it is a MemoryError, the command's
    one line of out-of-memory (exit 2, kind limit)."""
    import errno
    import mmap

    from foolsolve.solver.durak import compiled

    def refused(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOMEM, "Cannot allocate memory")

    monkeypatch.setattr(mmap, "mmap", refused)
    with pytest.raises(MemoryError):
        compiled.zeroed_table(1 << 20, 4)


_BLAS = """
import os, sys
from foolsolve import __main__ as entry
sys.argv = ["foolsolve", "--version"]
try:
    entry.main()
except SystemExit:
    pass
print([os.environ.get(v) for v in entry.BLAS_THREADS], flush=True)
"""


def test_the_command_gives_the_linear_algebra_libraries_one_thread_unless_told() -> None:
    """numba imports scipy, whose OpenBLAS threads spun at 100% CPU for ever under ``ulimit -v
    400000`` (no SIGTERM ended it): the command sets OPENBLAS_NUM_THREADS, OMP_NUM_THREADS and
    MKL_NUM_THREADS to 1 for itself and what it starts, where the user set none."""
    import subprocess
    import sys

    from foolsolve.__main__ import BLAS_THREADS

    env = {k: v for k, v in os.environ.items() if k not in BLAS_THREADS}
    done = subprocess.run([sys.executable, "-c", _BLAS], env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip().splitlines()[-1] == "['1', '1', '1']", done.stderr
    env["OMP_NUM_THREADS"] = "3"
    done = subprocess.run([sys.executable, "-c", _BLAS], env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip().splitlines()[-1] == "['1', '3', '1']", done.stderr


def run_in_read_only(folder: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    """``argv`` run with ``folder`` read-only: a read-only bind mount in a mount namespace of its own
    (``unshare -m``, for root, whom file modes do not stop), else the folder's modes; the test is
    skipped where neither is permitted."""
    import shutil
    import subprocess

    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            return subprocess.run(argv, capture_output=True, text=True, timeout=120)
        finally:
            folder.chmod(0o755)
    if shutil.which("unshare") is None:
        pytest.skip("no unshare here to make a folder read-only for root")
    script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" || exit 99; exec "$@"'
    done = subprocess.run(["unshare", "-m", "sh", "-c", script, str(folder), *argv], capture_output=True, text=True,
                          timeout=120)
    if done.returncode == 99 or (done.returncode != 0 and "unshare" in done.stderr):
        pytest.skip(f"a read-only bind mount is not permitted here ({done.stderr.strip()})")
    return done


_READ_STORE = """
import sys
from foolsolve import store
s = store.Store(sys.argv[1])
print(f"{s.read_only}|{s.stats()['results']}")
"""


def test_a_store_in_a_read_only_folder_is_read(tmp_path: Path) -> None:
    """A store in WAL mode whose folder is read-only (a read-only home or mount): SQLite could not make
    its -wal and -shm files, and every use ended in "cannot open the result store (unable to open
    database file)". It is read (stats, export, a solve's stored answer), none stored; ``store clear``
    on it and ``--store`` on it are one line, exit 2, saying it cannot be written."""
    import sys

    from foolsolve import store

    folder = tmp_path / "cache"
    folder.mkdir()
    path = folder / "results.sqlite3"
    with store.Store(path) as s:
        assert s.put("k", "durak", "{}", "{}", {"value": 1})
    assert sorted(p.name for p in folder.iterdir()) == ["results.sqlite3"]  # (-wal and -shm gone at close)
    done = run_in_read_only(folder, [sys.executable, "-c", _READ_STORE, str(path)])
    assert done.returncode == 0, done.stderr
    why, results = done.stdout.strip().split("|")
    assert why in ("read-only file system", f"no permission to write in {folder}") and results == "1", done.stdout
    foolsolve = [sys.executable, "-m", "foolsolve"]
    done = run_in_read_only(folder, [*foolsolve, "store", "clear", "--yes", "--store", str(path)])
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"cannot clear the result store: it cannot be written ({why})" in done.stderr
    example = Path(store.__file__).parent / "examples" / "durak-endgame.json"
    done = run_in_read_only(folder, [*foolsolve, str(example), "--store", str(path)])
    assert done.returncode == 2 and f"cannot write the result store ({why})" in done.stderr, done.stderr


@pytest.mark.parametrize(("name", "code"), [("SIGHUP", 129), ("SIGXCPU", 152)])
def test_sighup_and_sigxcpu_stop_a_command_as_sigterm_does(tmp_path: Path, name: str, code: int) -> None:
    """The terminal closed (SIGHUP) or the soft CPU-time limit reached (SIGXCPU, ``ulimit -S -t``)
    killed a command silently (exit 129, 152, no line, a batch's finished work said nowhere). Each
    stops it as SIGTERM does: the answer so far, one line naming the signal, 128 + its number."""
    import signal
    import subprocess
    import sys

    from foolsolve import store
    from tests.generic.batch_helpers import STARTED_CPU, wait_until_working

    view = Path(store.__file__).parent / "examples" / "views" / "durak-fresh-deal.json"
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", str(view), "--samples", "10000000", "--time", "0",
                             "--no-store"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until_working(proc, STARTED_CPU)
    proc.send_signal(getattr(signal, name))
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, (stdout, stderr)
    assert stderr.count("\n") == 1 and stderr.startswith(f"foolsolve: terminated ({name})"), stderr
    assert "Best:" in stdout or "worlds" in stdout, stdout


@pytest.mark.parametrize("limit", [12, 20])
def test_too_few_open_files_for_the_workers_is_one_line_naming_the_limit(tmp_path: Path, limit: int) -> None:
    """``ulimit -n 12`` with ``--workers 2``: the pool's pipes and locks ran out of file descriptors,
    an internal error, exit 1. One line naming the limit, exit 2, the ``--out`` file untouched (at
    ``ulimit -n 20`` the pool failed as its workers started, after the batch had emptied the file:
    the pool makes sure of its descriptors before anything)."""
    import json
    import resource
    import subprocess
    import sys

    from foolsolve import store

    position = json.loads((Path(store.__file__).parent / "examples" / "durak-endgame.json").read_text())
    lines = tmp_path / "in.jsonl"
    lines.write_text(json.dumps(position) + "\n")
    out = tmp_path / "out.jsonl"
    if limit > 12:
        out.write_text('{"keep": "me"}\n')

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    done = subprocess.run([sys.executable, "-m", "foolsolve", "batch", str(lines), "--out", str(out), "--workers", "2",
                           "--no-store"], capture_output=True, text=True, timeout=120, preexec_fn=few_files)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (f"foolsolve: error: too many open files: this work needs more than the process's limit of "
                           f"{limit} open files (ulimit -n) (each worker process takes several: fewer --workers, or a "
                           "higher limit)\n")
    if limit > 12:
        assert out.read_text() == '{"keep": "me"}\n'
    else:
        assert not out.exists()


def test_an_output_on_a_read_only_file_system_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every output option (``--out`` of play, batch, arena, view, report, store export; ``--svg``)
    goes through ``check_output``: on a read-only mount it said "no permission to write in .", which
    no permission would cure. It names the read-only file system; a folder merely not writable
    keeps its own words."""
    from foolsolve.errors import InputError
    from foolsolve.positions import check_output

    real_statvfs = os.statvfs

    class ReadOnly:
        def __init__(self, real: os.statvfs_result) -> None:
            self.f_flag = real.f_flag | os.ST_RDONLY

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False)
    with pytest.raises(InputError, match=r"^--out: o\.jsonl: cannot write \(no permission to write in \.\)$"):
        check_output("o.jsonl")
    monkeypatch.setattr(os, "statvfs", lambda path: ReadOnly(real_statvfs(path)))
    with pytest.raises(InputError, match=r"^--svg: o\.svg: cannot write \(read-only file system\)$"):
        check_output("o.svg", "--svg")


def test_a_warm_up_whose_load_failed_is_not_counted_as_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch's summary said "warm-up ... (the compiled search loaded) in 2 processes" where the load
    had failed in both (every record said it did not load): a warm-up counts only where it loaded."""
    import json
    import random

    from foolsolve.solver.durak import compiled
    from foolsolve.spec.durak import SPEC
    from tests.generic.batch_helpers import endgame

    monkeypatch.setattr(compiled, "load_cached", lambda: False, raising=False)
    monkeypatch.setattr(compiled, "_ready", False)
    monkeypatch.setattr(search, "kernel_in_cache", lambda: True)  # (what the look-up said)
    monkeypatch.setattr(search, "_loader", None, raising=False)
    monkeypatch.setattr(search, "JIT_MIN_CARDS", 10)
    state = SPEC.state_from_json(json.loads(json.dumps(endgame(5, random.Random("warm:5")))))
    assert search.warm_up(state, {}) is None
    monkeypatch.setattr(search, "_loader", None, raising=False)

    def loads() -> bool:
        compiled._ready = True
        return True

    monkeypatch.setattr(compiled, "load_cached", loads, raising=False)
    assert search.warm_up(state, {}) is not None


def test_a_sighup_inside_a_dask_call_is_held_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGHUP stops the command as SIGTERM does; inside a call into Dask (``SigintHeld``), where an
    interrupt raised mid-call meets distributed's race, it is held back to the block's end as SIGTERM
    is, then raised, noted as SIGHUP's."""
    import signal

    from foolsolve import errors
    from foolsolve.executor import SigintHeld

    monkeypatch.setattr(errors._Signals, "terminated", False)
    monkeypatch.setattr(errors._Signals, "signum", 0)
    old = signal.signal(signal.SIGHUP, errors.on_sigterm)
    try:
        reached = False
        with pytest.raises(KeyboardInterrupt):
            with SigintHeld():
                os.kill(os.getpid(), signal.SIGHUP)
                for _ in range(1000):  # (the handler runs between bytecodes)
                    pass
                reached = True
        assert reached and errors.stopper() == "SIGHUP"
        assert signal.getsignal(signal.SIGHUP) is errors.on_sigterm
    finally:
        signal.signal(signal.SIGHUP, old)


def test_local_workers_leave_sighup_to_the_command() -> None:
    """A closed terminal sends SIGHUP to the whole job: the workers, like at Ctrl-C, ignore it and
    the command stops the pool (it killed every worker, each pool break charged to its items)."""
    import signal

    from foolsolve.executor import make_executor

    executor = make_executor(2)
    got = [value for _, value in executor.map(signal.getsignal, [signal.SIGHUP, signal.SIGINT])]
    assert got == [signal.SIG_IGN, signal.SIG_IGN]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_pools_resource_tracker_outlives_a_closed_terminals_sighup() -> None:
    """A closed terminal sends SIGHUP to the whole job: the workers ignore it, but multiprocessing's
    resource tracker (which ignores Ctrl-C and SIGTERM only) died of it, and a batch stopped by the
    SIGHUP printed multiprocessing's 'resource_tracker: process died unexpectedly, relaunching'
    warning before its one line. The pool starts the tracker with SIGHUP ignored."""
    import sys

    script = """
import os, signal, time
from multiprocessing import resource_tracker
from foolsolve.executor import make_executor
ex = make_executor(2)
print(sorted(ex.map(abs, [-1, -2, -3])), flush=True)
pid = resource_tracker._resource_tracker._pid
os.kill(pid, signal.SIGHUP)
time.sleep(0.5)
stat = open(f"/proc/{pid}/stat").read() if os.path.exists(f"/proc/{pid}/stat") else ""
print("alive" if stat and stat.rsplit(")", 1)[1].split()[0] != "Z" else "dead", flush=True)
ex.close()
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.split("\n")[:2] == ["[(0, 1), (1, 2), (2, 3)]", "alive"], (done.stdout, done.stderr)


def test_a_relative_output_name_in_a_deleted_working_folder_says_the_folder_is_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A relative ``--out`` where the working folder was deleted said "cannot write (No such file or
    directory)", naming nothing that is missing. It says the working folder is gone; a full path is
    still checked as usual and written."""
    from foolsolve.errors import InputError
    from foolsolve.positions import WORKING_FOLDER_GONE, check_output

    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    with pytest.raises(InputError) as caught:
        check_output("o.jsonl")
    assert str(caught.value) == f"--out: o.jsonl: cannot write ({WORKING_FOLDER_GONE})"
    with pytest.raises(InputError, match="the working folder no longer exists"):
        check_output("sub/o.svg", "--svg")
    check_output(str(tmp_path / "o.jsonl"))  # a full path: no error


@pytest.mark.parametrize("mib", [18, 22, 28, 40])
def test_too_little_memory_to_load_the_program_is_one_line_naming_the_limit(tmp_path: Path, mib: int) -> None:
    """Under an address-space limit (``ulimit -v``) too low to load foolsolve's modules, the command
    ended in a traceback or "internal error: ImportError: libsqlite3.so.0: failed to map segment from
    shared object", exit 1 (the dynamic loader refused memory for a library). It is the one line of
    any out-of-memory, exit 2, whichever module the limit stops; where the limit is enough the
    command answers."""
    import resource
    import sys

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (mib * 2**20, mib * 2**20))

    example = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json"
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0", "FOOLSOLVE_STORE": str(tmp_path / "store.sqlite")}
    env.pop("FOOLSOLVE_DEBUG", None)
    done = subprocess.run([sys.executable, "-m", "foolsolve", str(example)], capture_output=True, text=True,
                          env=env, preexec_fn=limited, timeout=120)
    if done.returncode == 0:
        assert mib >= 28 and "Result" in done.stdout  # enough memory: an answer
        return
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("foolsolve: error: out of memory: ") and done.stderr.count("\n") == 1, done.stderr
    assert f"address-space limit of {mib} MiB (ulimit -v)" in done.stderr


def test_memory_refusals_are_told_from_program_errors() -> None:
    """What the system refusing memory looks like (``foolsolve.errors.refused_memory``): a MemoryError,
    a library the loader could not map, a thread that could not be started; not other errors."""
    from foolsolve.errors import refused_memory

    assert refused_memory(MemoryError())
    assert refused_memory(ImportError("libsqlite3.so.0: failed to map segment from shared object"))
    assert refused_memory(RuntimeError("can't start new thread"))
    assert not refused_memory(RuntimeError("cannot join thread before it is started"))
    assert not refused_memory(ImportError("No module named 'z3'"))
    assert not refused_memory(ValueError("can't start new thread"))


def test_a_pool_whose_manager_thread_failed_raises_its_error_instead_of_waiting_for_ever() -> None:
    """A local pool whose manager thread ended with an error while items were out never finishes them:
    the wait raises that error (a thread it could not start: the command's out-of-memory line). A
    pool still working, or shut down, raises nothing."""
    import threading

    from foolsolve import executor

    executor._note_thread_errors()

    def fail() -> None:
        raise RuntimeError("can't start new thread")

    dead = threading.Thread(target=fail)
    dead.start()
    dead.join()

    class Pool:
        _executor_manager_thread = dead
        _shutdown_thread = False

    with pytest.raises(RuntimeError, match="can't start new thread"):
        executor._raise_if_pool_stopped(Pool())
    Pool._shutdown_thread = True
    executor._raise_if_pool_stopped(Pool())  # shut down: nothing
    alive = threading.Event()
    running = threading.Thread(target=alive.wait)
    running.start()
    Pool._executor_manager_thread, Pool._shutdown_thread = running, False
    executor._raise_if_pool_stopped(Pool())  # still working: nothing
    alive.set()
    running.join()


def test_closing_a_pool_whose_manager_thread_never_started_lets_the_first_error_through() -> None:
    """A pool whose manager thread could not be started has nothing to join: closing it raised
    "cannot join thread before it is started", which hid the error that stopped it (exit 1, internal
    error); other errors of the pool's shutdown still reach the caller."""
    from foolsolve.executor import _Pool

    class Pool:
        def __init__(self, message: str) -> None:
            self.message = message
            self._processes: dict[int, object] = {}

        def shutdown(self, wait: bool, cancel_futures: bool) -> None:
            raise RuntimeError(self.message)

    backend = _Pool.__new__(_Pool)
    backend._pool = Pool("cannot join thread before it is started")
    backend.close(cancel=True)
    backend._pool = Pool("something else")
    with pytest.raises(RuntimeError, match="something else"):
        backend.close(cancel=False)


def test_a_new_store_on_a_read_only_file_system_says_so_however_named(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A new store on a read-only mount named by ``$FOOLSOLVE_STORE`` said only SQLite's ``unable
    to open database file``: it names the read-only file system, as ``--store`` does, exit 2."""
    from tests.generic.batch_helpers import call_main

    mount = tmp_path / "ro"
    mount.mkdir()
    try:
        made = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(mount)],
                              capture_output=True, text=True, check=False)
    except OSError:
        pytest.skip("no mount command here")
    if made.returncode != 0:
        pytest.skip(f"cannot mount a read-only file system here: {made.stderr.strip()}")
    try:
        store = mount / "new.db"
        endgame = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json"
        code, _, err = call_main([str(endgame), "--store", str(store)])
        assert (code, err) == (2, f"foolsolve: error: --store {store}: cannot open the result store "
                                  "(read-only file system)\n")
        monkeypatch.setenv("FOOLSOLVE_STORE", str(store))
        code, _, err = call_main([str(endgame)])
        assert (code, err) == (2, f"foolsolve: error: FOOLSOLVE_STORE={store}: cannot open the result store "
                                  "(read-only file system)\n")
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def test_any_error_loading_the_modules_under_a_very_low_address_limit_is_out_of_memory(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ulimit -v of a few dozen MiB the compiler of a module whose byte code is stale fails in
    ways no program error gives (a ValueError from the compiler at 18 MiB, seen once): while the
    modules load, any error below LOAD_MEMORY is the out-of-memory line; above it, a program error."""
    from foolsolve import errors

    odd = ValueError("field 'target' is required for AnnAssign")
    monkeypatch.setattr(errors, "_soft_limit", lambda name: 18 * 2**20)
    assert errors.load_failed_for_memory(odd)
    monkeypatch.setattr(errors, "_soft_limit", lambda name: None)
    assert not errors.load_failed_for_memory(odd)
    assert errors.load_failed_for_memory(MemoryError())
    assert errors.load_failed_for_memory(ImportError("libsqlite3.so.0: failed to map segment from shared object"))
    monkeypatch.setattr(errors, "_soft_limit", lambda name: errors.LOAD_MEMORY)
    assert not errors.load_failed_for_memory(odd)
