"""Output files and the result store when things break: a write cut short by the file-size limit,
an output file another foolsolve holds, a store named relative to a deleted working folder, an
output naming the store through a link, a store locked by another process."""

from __future__ import annotations

import gc
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.generic.batch_helpers import read_jsonl

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
ENDGAME = EXAMPLES / "durak-endgame.json"


def _limited(limit: int):  # type: ignore[no-untyped-def]
    """A ``preexec_fn``: files of at most ``limit`` bytes, SIGXFSZ ignored (a write past the limit
    fails with EFBIG, as on a full disk, instead of killing the process)."""
    def setup() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return setup


def _run(args: list[str], cwd: Path | None = None, limit: int | None = None,
         env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "foolsolve", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, preexec_fn=_limited(limit) if limit else None,
                          env={**os.environ, "OPENBLAS_NUM_THREADS": "1", "FOOLSOLVE_BACKGROUND_COMPILE": "0",
                               **(env or {})})


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_batch_whose_out_hits_the_file_size_limit_keeps_whole_lines_only(tmp_path: Path, workers: str) -> None:
    """A write past the file-size limit (as on a full disk) left the output ending mid-line (4096
    bytes, ``..."value": "wi``): what the failed write left of its line is cut off, so the file
    holds whole lines only, each a record of the lines before the failure."""
    one = json.dumps(json.loads(ENDGAME.read_text(encoding="utf-8")))
    src = tmp_path / "in.jsonl"
    src.write_text((one + "\n") * 30, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    proc = _run(["batch", str(src), "--out", str(out), "--no-store", "--workers", workers], limit=4096)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == f"foolsolve: error: --out {out}: cannot write (File too large)"
    data = out.read_bytes()
    assert 0 < len(data) <= 4096 and data.endswith(b"\n"), data[-60:]
    records = read_jsonl(out)
    assert [r["line"] for r in records] == list(range(1, len(records) + 1))
    assert len(records) < 30


@pytest.mark.parametrize("argv", [
    ["view", str(ENDGAME), "--as", "0", "--out", "OUT"],
    ["play", str(ENDGAME), "--out", "OUT"],
    ["show", str(ENDGAME), "--svg", "OUT"],
    ["store", "export", "--store", "STORE", "--out", "OUT"],
], ids=["view", "play", "show-svg", "store-export"])
def test_a_writer_that_renames_over_its_output_respects_a_running_batchs_lock(tmp_path: Path, argv: list[str]) -> None:
    """``view --out`` (and every writer that renames a finished file over its output) replaced the
    file a running batch held locked, so the batch's records went to the old, unlinked file and
    were lost while it reported success: the file is refused in one line, exit 2, and kept."""
    import fcntl

    from tests.generic.batch_helpers import call_main

    store = tmp_path / "s.sqlite3"
    if "export" in argv:
        code, _, err = call_main(["solve", str(ENDGAME), "--store", str(store)])
        assert code == 0, err
    out = tmp_path / "G.jsonl"
    out.write_bytes(b'{"line": 1}\n')
    inode = out.stat().st_ino
    argv = [str(out) if a == "OUT" else str(store) if a == "STORE" else a for a in argv]
    option = argv[argv.index(str(out)) - 1]
    with open(out, "ab") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a running batch or arena holds its --out
        code, _, err = call_main(argv)
        assert code == 2, err
        assert err.strip().splitlines() == [f"foolsolve: error: {option}: another foolsolve is writing {out} (wait "
                                             "for it to finish, or write elsewhere)"]
        assert out.stat().st_ino == inode and out.read_bytes() == b'{"line": 1}\n'
        assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    code, _, err = call_main(argv)  # the batch gone: written
    assert code == 0, err
    assert out.stat().st_size > 0 and out.read_bytes() != b'{"line": 1}\n'


@pytest.mark.parametrize("argv", [
    ["batch", "IN", "--out", "OUT", "--store", "s.sqlite3"],
    ["batch", "IN", "--out", "OUT", "ENV"],
    ["report", str(ENDGAME), "--out", "OUT", "--store", "s.sqlite3"],
    ["store", "export", "--store", "s.sqlite3", "--out", "OUT"],
    ["store", "stats", "ENV"],
    [str(ENDGAME), "--store", "s.sqlite3"],
], ids=["batch", "batch-env", "report", "store-export", "store-stats-env", "solve"])
def test_a_relative_store_in_a_deleted_working_folder_says_the_folder_is_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    """A relative store name where the working folder was deleted was an internal error, exit 1
    (``os.path.realpath`` raised ``FileNotFoundError``), or SQLite's "unable to open database
    file": one line naming the store and why, exit 2, as a relative ``--out`` there."""
    from foolsolve.positions import WORKING_FOLDER_GONE
    from tests.generic.batch_helpers import call_main

    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(str(ENDGAME)) + "\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    label = "--store s.sqlite3"
    if "ENV" in argv:
        monkeypatch.setenv("FOOLSOLVE_STORE", "s.sqlite3")
        label = "FOOLSOLVE_STORE=s.sqlite3"
    argv = [str(src) if a == "IN" else str(out) if a == "OUT" else a for a in argv if a != "ENV"]
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    code, _, err = call_main(argv)
    assert (code, err.strip().splitlines()) == (
        2, [f"foolsolve: error: {label}: cannot open the result store ({WORKING_FOLDER_GONE})"])
    assert not out.exists()


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
@pytest.mark.parametrize("command", ["batch", "export"])
def test_a_dangling_link_to_a_sqlite_file_beside_the_store_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str, command: str) -> None:
    """``ln -s Q.sqlite3-wal qlink; batch ... --out qlink --store Q.sqlite3`` exited 0 and the
    output vanished (SQLite deleted the file the link had made): the link's own name was compared
    with the store's files. The name a link finally leads to is compared too."""
    from tests.generic.batch_helpers import call_main

    monkeypatch.chdir(tmp_path)
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(str(ENDGAME)) + "\n", encoding="utf-8")
    sqlite3.connect(tmp_path / "Q.sqlite3").close()  # a store file with no -wal or -shm beside it yet
    (tmp_path / "sub").mkdir()
    os.symlink(f"../Q.sqlite3{suffix}", tmp_path / "sub" / "hop")  # a chain of two links, the first relative
    os.symlink("sub/hop", tmp_path / "qlink")
    argv = (["batch", str(src), "--out", "qlink", "--store", "Q.sqlite3"] if command == "batch" else
            ["store", "export", "--store", "Q.sqlite3", "--out", "qlink"])
    code, _, err = call_main(argv)
    assert (code, err.strip().splitlines()) == (2, [
        f"foolsolve: error: --out: qlink is SQLite's {suffix} file of the result store Q.sqlite3 (SQLite deletes "
        "or replays it); write elsewhere"])
    assert not os.path.lexists(f"Q.sqlite3{suffix}")  # nothing made through the link


@pytest.mark.parametrize("argv", [
    ["view", str(ENDGAME), "--as", "0", "--out", "STORE"],
    ["play", str(ENDGAME), "--out", "STORE"],
    ["show", str(ENDGAME), "--svg", "STORE"],
    ["show", str(ENDGAME), "--svg", "STORE-wal"],
    ["play", str(ENDGAME), "--out", "OTHER", "--interactive", "--store", "OTHER"],
    ["play", str(ENDGAME), "--interactive", "--store", "OTHER", "--out", "OTHER"],
    ["batch", "-", "--no-store", "--out", "STORE"],
], ids=["view", "play", "show-svg", "show-svg-wal", "play-store-after", "play-store-before", "batch-no-store"])
def test_every_output_option_refuses_the_result_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    """``view --out``, ``play --out`` and ``show --svg`` onto the result store file replaced it
    (exit 0, every stored result gone) where batch, report and store export refused it: every
    output option is checked against the default store and the command's ``--store``, in either
    order, before any work."""
    from foolsolve.store import Store
    from tests.generic.batch_helpers import call_main

    store = tmp_path / "S.sqlite3"
    other = tmp_path / "O.sqlite3"
    monkeypatch.setenv("FOOLSOLVE_STORE", str(store))
    for path in (store, other):
        code, _, err = call_main(["solve", str(ENDGAME), "--store", str(path)])
        assert code == 0, err
    argv = [a.replace("STORE", str(store)).replace("OTHER", str(other)) for a in argv]
    at = next(i for i, a in enumerate(argv) if a in ("--out", "--svg"))
    option, target = argv[at], argv[at + 1]
    named = other if str(other) in target else store
    what = ("SQLite's -wal file of the result store" if target.endswith("-wal") else "the result store")
    code, _, err = call_main(argv)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert lines[0].startswith(f"foolsolve: error: {option}: {target} is {what} {named} ("), err
    for path in (store, other):
        with Store(path) as kept:
            assert kept.stats()["results"] == 1


def test_waiting_for_a_locked_store_keeps_within_the_solves_time(tmp_path: Path) -> None:
    """A rollback-journal store another process holds with ``BEGIN EXCLUSIVE``: opening it waited
    its full 2 s whatever ``--time`` said, so ``--time 2`` ran out and the answer lost its distances
    ("not computed within the time limit"). Opening waits a part of what is left of ``--time``; the
    answer is the one without a store, with the note that the store was locked."""

    store = tmp_path / "D2.sqlite3"
    made = sqlite3.connect(store)
    made.execute("CREATE TABLE t (x)")  # a database in rollback-journal mode (the store's tables come later)
    made.commit()
    made.close()
    holder = sqlite3.connect(store, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        proc = _run([str(ENDGAME), "--store", str(store), "--time", "2", "--json"])
    finally:
        holder.close()
    assert proc.returncode == 0, proc.stderr
    notes = json.loads(proc.stdout)["notes"]
    assert "the result store was locked (another process holds it): not read or written" in notes
    assert not [n for n in notes if "not computed within the time limit" in n], notes
    assert any(n.startswith("distance: ") for n in notes), notes


def test_the_python_answer_waits_for_a_locked_store_within_its_time(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """``foolsolve.answer(..., store=PATH, time=1)`` opens the store as the command does: a store
    locked by another connection costs a part of the time (what ``open_wait`` gives SQLite: a quarter
    of what is left, at least 0.1 s), not the 2 s that outlasted it."""

    import foolsolve
    from foolsolve import store as store_module

    waits: list[float] = []
    real = store_module.open_wait

    def spy(seconds: float | None, started: float | None) -> float:
        waits.append(real(seconds, started))
        return waits[-1]

    monkeypatch.setattr(store_module, "open_wait", spy)
    store = tmp_path / "D2.sqlite3"
    made = sqlite3.connect(store)
    made.execute("CREATE TABLE t (x)")
    made.commit()
    made.close()
    holder = sqlite3.connect(store, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        got = foolsolve.answer(str(ENDGAME), store=str(store), time=1)
    finally:
        holder.close()
    assert "the result store was locked (another process holds it): not read or written" in got.notes
    assert waits and all(0.1 <= w <= 0.25 for w in waits), waits  # (a quarter of the 1 s at most, not 2 s)


def test_store_export_that_cannot_write_names_its_out_not_the_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``store export --out ex.jsonl`` under ``ulimit -f`` said ``--out /.../.ex.jsonl.1a2b3c4d.tmp:
    cannot write (File too large)``, naming the temporary file it writes in the output's place: the
    error names ``--out ex.jsonl``, and neither file is left."""
    import errno

    from foolsolve import batch
    from tests.generic.batch_helpers import call_main

    store = tmp_path / "ex.sqlite3"
    code, _, err = call_main(["solve", str(ENDGAME), "--store", str(store)])
    assert code == 0, err

    def too_large(self: object, data: bytes) -> None:
        raise OSError(errno.EFBIG, "File too large")

    monkeypatch.setattr(batch.LineWriter, "_write_all", too_large)
    out = tmp_path / "ex.jsonl"
    code, _, err = call_main(["store", "export", "--store", str(store), "--out", str(out)])
    assert (code, err.strip().splitlines()) == (2, [f"foolsolve: error: --out {out}: cannot write (File too large)"])
    assert sorted(p.name for p in tmp_path.iterdir() if "ex.jsonl" in p.name) == []


@pytest.mark.parametrize("command", ["solve", "batch"])
def test_a_damaged_store_page_is_a_warning_and_the_position_is_solved_without_it(
        tmp_path: Path, command: str) -> None:
    """A store whose pages are damaged (a disk error, a torn copy) turned a solvable position into
    an error: exit 2 for a solve, an error record for a batch line. The answer is computed without
    the store after one warning line, as for a store that is locked or cannot be written."""
    from tests.generic.batch_helpers import call_main
    from tests.generic.test_store import _damaged_store

    store = tmp_path / "s.sqlite3"
    _damaged_store(store)
    src = tmp_path / "in.jsonl"
    src.write_text((json.dumps(str(ENDGAME)) + "\n") * 2, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    argv = ([str(ENDGAME), "--store", str(store), "--json"] if command == "solve" else
            ["batch", str(src), "--store", str(store), "--out", str(out)])
    code, stdout, err = call_main(argv)
    assert code == 0, err
    warnings = [line for line in err.splitlines() if line.startswith("foolsolve: warning: ")]
    assert warnings == [f"foolsolve: warning: --store {store}: the result store is damaged (database disk image is "
                        "malformed); move the file away (a new store starts empty) or name another with --store; "
                        "answers are computed without it"], err
    records = [json.loads(stdout)] if command == "solve" else [r["result"] for r in read_jsonl(out)]
    direct = json.loads(call_main([str(ENDGAME), "--no-store", "--json"])[1])
    for got in records:  # the answer a solve without any store gives
        assert (got["value"], got["best"], got["moves"]) == (direct["value"], direct["best"], direct["moves"])


DEAD_PID = 99999999
"""A process id above any system's largest (``pid_max`` is at most 4,194,304): no process runs as it."""


def test_a_temporary_file_left_by_a_killed_write_is_removed_by_the_next_write_of_its_file(tmp_path: Path) -> None:
    """A write killed between making its temporary file and renaming it (SIGKILL, a power cut)
    leaves ``.NAME.foolsolve-PID-XXXXXXXX.tmp`` beside the output. The next write of the same
    output removes those no process holds; one a running foolsolve holds, one of another output,
    and a user's own files named like a temporary file but not foolsolve's (``.G.json.0a1b2c3d.tmp``,
    which a pattern of eight hex digits alone took for one and deleted) are kept."""
    import fcntl
    import time

    from tests.generic.batch_helpers import call_main

    out = tmp_path / "G.json"
    old = time.time() - 3600
    left = tmp_path / f".G.json.foolsolve-{DEAD_PID}-0a1b2c3d.tmp"
    held = tmp_path / ".G.json.foolsolve-4243-4e5f6a7b.tmp"
    other = tmp_path / f".H.json.foolsolve-{DEAD_PID}-0a1b2c3d.tmp"
    users = [tmp_path / ".G.json.0a1b2c3d.tmp", tmp_path / ".G.json.notours.tmp",
             tmp_path / ".G.json.foolsolve-0a1b2c3d.tmp", tmp_path / ".G.json.foolsolve-x1-0a1b2c3d.tmp"]
    for path in (left, held, other, *users):
        path.write_text('{"partly', encoding="utf-8")
        os.utime(path, (old, old))
    with open(held, "rb") as holder:
        fcntl.flock(holder, fcntl.LOCK_SH | fcntl.LOCK_NB)  # as a running foolsolve's _hold_temp holds it
        code, _, err = call_main(["view", str(ENDGAME), "--as", "0", "--out", str(out)])
        assert code == 0, err
    assert json.loads(out.read_text(encoding="utf-8"))["game"] == "durak"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["G.json", held.name, other.name,
                                                                 *(p.name for p in users)])
    assert all(p.read_text(encoding="utf-8") == '{"partly' for p in users)


def test_a_temporary_file_is_named_as_foolsolves(tmp_path: Path) -> None:
    """The temporary file beside an output carries ``foolsolve``, the writer's process id and eight
    random hex digits, a name :func:`foolsolve.positions.remove_stale_temps` takes for its own, and
    at most ``TEMP_EXTRA`` bytes longer than the output's."""
    from foolsolve import positions

    tmp = positions.temp_beside(tmp_path / "G.json")
    try:
        assert tmp.parent == tmp_path and tmp.exists()
        assert tmp.name.startswith(f".G.json.foolsolve-{os.getpid()}-") and tmp.name.endswith(".tmp")
        assert positions._TEMP_NAME.fullmatch(tmp.name) is not None
        assert len(tmp.name) - len("G.json") <= positions.TEMP_EXTRA
    finally:
        tmp.unlink()


def test_a_killed_write_leaves_its_temporary_file_that_the_next_run_removes(tmp_path: Path) -> None:
    """The same with a real SIGKILL: a process killed while it writes an output's temporary file
    through ``replaced_on_success`` (as ``store export --out`` and ``view --out`` write) leaves it,
    the output untouched; a ``view --out`` of that name while it runs keeps it, the next one after
    it was killed removes it."""
    import time

    from tests.generic.batch_helpers import call_main

    store = tmp_path / "s.sqlite3"
    code, _, err = call_main(["solve", str(ENDGAME), "--store", str(store)])
    assert code == 0, err
    out = tmp_path / "ex.jsonl"
    # a process that makes the temporary file as store export does and is killed before the rename
    script = ("import os, sys, time\nfrom foolsolve.positions import replaced_on_success\n"
              "with replaced_on_success(sys.argv[1], '--out') as tmp:\n"
              "    tmp.write_text('{\"partly', encoding='utf-8'); print('made', flush=True); time.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", script, str(out)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "made\n"
        temps = [p for p in tmp_path.iterdir() if p.name.startswith(".ex.jsonl.")]
        assert len(temps) == 1
        code, _, err = call_main(["view", str(ENDGAME), "--as", "0", "--out", str(out)])  # while it runs: kept
        assert code == 0, err
        assert temps[0].exists()
    finally:
        proc.kill()
        proc.wait()
    assert temps[0].exists() and not out.read_text(encoding="utf-8").startswith('{"partly')
    time.sleep(0.01)
    # made before this process started (its positions module loaded): left by a run before it
    from foolsolve import positions

    before = positions._STARTED - 60
    os.utime(temps[0], (before, before))
    code, _, err = call_main(["view", str(ENDGAME), "--as", "0", "--out", str(out)])
    assert code == 0, err
    assert not temps[0].exists()


def test_a_replaced_file_is_on_disk_before_its_name_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The temporary file's content is synced (``os.fsync``) before it is renamed over the output:
    a crash right after the rename leaves the new content or the old, never an empty file."""
    from foolsolve import positions

    synced: list[tuple[str, bytes]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append((os.readlink(f"/proc/self/fd/{fd}"), os.pread(fd, 100, 0)))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    out = tmp_path / "p.json"
    out.write_text("old\n", encoding="utf-8")
    positions.write_text_atomic(out, "new\n")
    assert out.read_text(encoding="utf-8") == "new\n"
    assert [(Path(name).name.startswith(".p.json."), data) for name, data in synced] == [(True, b"new\n")]


def test_an_out_fifo_whose_reader_leaves_exits_141_as_standard_output_does(tmp_path: Path) -> None:
    """``report --out FIFO`` whose reader left after a few bytes said ``--out FIFO: cannot write
    (Broken pipe)``, exit 2, where ``foolsolve ... | head`` and ``batch --out FIFO`` exit 141 (128 +
    SIGPIPE) and print nothing more: a FIFO's reader going away is the same 141, quietly."""
    import threading

    fifo = tmp_path / "p"
    os.mkfifo(fifo)

    def read_a_little() -> None:
        with open(fifo, "rb") as reader:
            reader.read(10)  # then goes away, as head -c 10 does

    reading = threading.Thread(target=read_a_little)
    reading.start()
    try:
        proc = _run(["report", str(ENDGAME), "--out", str(fifo)])  # a page of about 180 kB: past the pipe's 64 kB
    finally:
        reading.join(timeout=60)
    assert (proc.returncode, proc.stderr) == (141, ""), proc.stderr


def test_a_fifo_whose_reader_leaves_before_the_write_is_no_wait_for_ever(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole-file writer (``view --out FIFO``) checked that the FIFO had a reader, then opened it
    again to write into: where the reader went away in between, that second open waited for a
    reader for ever. The content goes through the one descriptor opened first, and the reader's
    leaving is a broken pipe (exit 141 from the command)."""
    import threading

    from foolsolve import positions

    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    opened = threading.Event()
    gone = threading.Event()

    def reader() -> None:
        with open(fifo, "rb"):
            opened.wait(30)
        gone.set()  # the reader has left

    real_open = positions.open_for_writing

    def open_then_the_reader_leaves(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        handle = real_open(*args, **kwargs)  # type: ignore[arg-type]
        opened.set()
        gone.wait(30)
        return handle

    monkeypatch.setattr(positions, "open_for_writing", open_then_the_reader_leaves)
    threading.Thread(target=reader, daemon=True).start()
    outcome: list[BaseException | None] = []

    def write() -> None:
        try:
            positions.write_text_atomic(fifo, "x" * 200_000)
            outcome.append(None)
        except BaseException as exc:
            outcome.append(exc)

    writer = threading.Thread(target=write, daemon=True)  # (a daemon: were it to wait for ever, the test ends)
    writer.start()
    writer.join(20)
    if not outcome:  # it waits for a reader that will never come: let it go, and fail
        with open(fifo, "rb") as freeing:
            freeing.read()
        writer.join(20)
        pytest.fail("the write waited for a new reader of the FIFO")
    assert isinstance(outcome[0], BrokenPipeError), outcome


def _store_files(folder: Path, name: str) -> dict[str, bytes]:
    """The store file ``name`` and SQLite's files beside it, by name, with their bytes."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name.startswith(name)}


def test_store_export_under_a_file_size_limit_names_its_out_and_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    """``store export --out X`` under ``ulimit -f 1`` said ``--store S: cannot open the result store
    (disk I/O error)``, blaming the store, after SQLite had cut its ``-shm`` file to 3 bytes: SQLite
    grows that file to 32 KiB before it reads a page. The line names the output and the limit, exit
    2, no output or temporary file is left, and the store's files keep every byte."""
    from tests.generic.batch_helpers import call_main

    store = tmp_path / "s.sqlite3"
    for example in ("durak-endgame.json", "foolery-endgame.json"):
        code, _, err = call_main(["solve", str(EXAMPLES / example), "--store", str(store)])
        assert code == 0, err
    before = _store_files(tmp_path, "s.sqlite3")
    out = tmp_path / "x.json"
    proc = _run(["store", "export", "--out", str(out), "--store", str(store)], limit=1024)
    assert (proc.returncode, proc.stderr.splitlines()) == (2, [
        f"foolsolve: error: --out {out}: cannot write (File too large: the file-size limit (ulimit -f) of 1,024 bytes "
        "is below the 32,768 bytes SQLite needs to read the result store; the store is left as it was)"])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(before)
    assert _store_files(tmp_path, "s.sqlite3") == before


@pytest.mark.parametrize("existed", [False, True], ids=["new", "existing"])
def test_a_solve_under_a_file_size_limit_too_small_for_the_store_answers_without_it(
        tmp_path: Path, existed: bool) -> None:
    """A solve whose ``--store`` SQLite could not open under ``ulimit -f`` (``disk I/O error``) was
    exit 2 with no answer, and a new store was left as a 0-byte file that every later command took
    for a store. The answer is given after one warning line naming the limit; no store file is made,
    and one that was there keeps every byte."""
    from tests.generic.batch_helpers import call_main

    store = tmp_path / "s.sqlite3"
    if existed:
        code, _, err = call_main(["solve", str(ENDGAME), "--store", str(store)])
        assert code == 0, err
        gc.collect()  # the in-process solve's store closed, as its process's exit closes it, not during the run
    before = _store_files(tmp_path, "s.sqlite3")
    proc = _run(["solve", str(ENDGAME), "--store", str(store), "--json"], limit=1024)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [
        f"foolsolve: warning: --store {store}: cannot open the result store (the file-size limit (ulimit -f) of 1,024 "
        "bytes is below the 32,768 bytes SQLite needs beside the store; it is left as it was); answers are computed "
        "without it"]
    direct = json.loads(call_main([str(ENDGAME), "--no-store", "--json"])[1])
    got = json.loads(proc.stdout)
    assert (got["value"], got["best"], got["moves"]) == (direct["value"], direct["best"], direct["moves"])
    assert _store_files(tmp_path, "s.sqlite3") == before


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's own ``database or disk is full`` (SQLITE_FULL) at the first page a store needs past
    its first, as on a disk with no room left: every connection is capped at one page
    (``PRAGMA max_page_count``), so a new store's tables cannot be made."""
    real = sqlite3.connect

    def connect(*args: object, **kwargs: object) -> sqlite3.Connection:
        db = real(*args, **kwargs)  # type: ignore[call-overload]
        db.execute("PRAGMA max_page_count = 1")
        return db

    monkeypatch.setattr(sqlite3, "connect", connect)


@pytest.mark.parametrize("command", ["solve", "batch"])
def test_a_store_that_cannot_be_set_up_on_a_full_disk_costs_no_answer_and_leaves_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """A new ``--store`` on a full disk was exit 2 (``cannot open the result store (database or disk
    is full)``) and left a store file SQLite had made and could not set up (0 bytes on a full tmpfs,
    one page here), which later commands took for a store. The answer is given after one warning
    line, and the file this process made is removed with SQLite's files beside it."""
    from tests.generic.batch_helpers import call_main

    direct = json.loads(call_main([str(ENDGAME), "--no-store", "--json"])[1])
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(str(ENDGAME)) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    store = tmp_path / "s.sqlite3"
    _full_disk(monkeypatch)
    argv = ([str(ENDGAME), "--store", str(store), "--json"] if command == "solve" else
            ["batch", str(src), "--store", str(store), "--out", str(out)])
    code, stdout, err = call_main(argv)
    assert code == 0, err
    assert [line for line in err.splitlines() if line.startswith("foolsolve: ")] == [
        f"foolsolve: warning: --store {store}: cannot open the result store (database or disk is full); answers are "
        "computed without it"]
    got = json.loads(stdout) if command == "solve" else read_jsonl(out)[0]["result"]
    assert (got["value"], got["best"], got["moves"]) == (direct["value"], direct["best"], direct["moves"])
    assert _store_files(tmp_path, "s.sqlite3") == {}


def test_a_store_file_that_was_there_is_never_removed_when_it_cannot_be_set_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a store file this process made is removed when it cannot be set up: an empty file that
    was there before (a user's, another process's) is kept, with the warning and the answer."""
    from tests.generic.batch_helpers import call_main

    store = tmp_path / "s.sqlite3"
    store.write_bytes(b"")
    _full_disk(monkeypatch)
    code, _, err = call_main([str(ENDGAME), "--store", str(store), "--json"])
    assert code == 0, err
    assert "cannot open the result store (database or disk is full); answers are computed without it" in err
    assert store.is_file()


@pytest.mark.parametrize("command", [["view", "{in}", "--as", "0", "--out", "{out}"],
                                     ["play", "{in}", "attack K♥", "--out", "{out}"],
                                     ["show", "{in}", "--svg", "{out}"]])
def test_an_input_named_as_a_temporary_file_of_the_output_is_kept(tmp_path: Path, command: list[str]) -> None:
    """A position file named as a leftover temporary file of the command's own output
    (``.out.json.foolsolve-PID-XXXXXXXX.tmp``, old, its process gone) is an input, never removed
    when the output is written."""
    import shutil
    import time

    from tests.generic.batch_helpers import call_main

    out = tmp_path / "out.json"
    given = tmp_path / f".out.json.foolsolve-{DEAD_PID}-0a1b2c3d.tmp"
    shutil.copyfile(ENDGAME, given)
    old = time.time() - 3600
    os.utime(given, (old, old))
    code, _, err = call_main([part.format(**{"in": given, "out": out}) for part in command])
    assert code == 0, err
    assert given.read_bytes() == ENDGAME.read_bytes() and out.exists()


def test_a_store_named_as_a_temporary_file_of_the_output_is_kept(tmp_path: Path) -> None:
    """A result store named as a leftover temporary file of ``store export``'s ``--out`` keeps its
    file: removing it lost every stored answer and left its ``-wal`` and ``-shm`` alone."""
    import time

    from tests.generic.batch_helpers import call_main

    store = tmp_path / f".x.json.foolsolve-{DEAD_PID}-0a1b2c3d.tmp"
    code, _, err = call_main([str(ENDGAME), "--store", str(store)])
    assert code == 0, err
    old = time.time() - 3600
    os.utime(store, (old, old))
    out = tmp_path / "x.json"
    code, _, err = call_main(["store", "export", "--store", str(store), "--out", str(out)])
    assert code == 0, err
    assert store.exists() and len(out.read_text(encoding="utf-8").splitlines()) == 1
    code, stdout, err = call_main(["store", "stats", "--store", str(store), "--json"])
    assert code == 0 and json.loads(stdout)["results"] == 1, (stdout, err)


def test_a_leftover_whose_process_runs_is_kept(tmp_path: Path) -> None:
    """A temporary file whose name carries a running process's id (this test's own) is kept, held
    or not: that process may be about to lock it; one of a process gone is removed."""
    import time

    from foolsolve import positions

    old = time.time() - 3600
    final = tmp_path / "G.json"
    running = tmp_path / f".G.json.foolsolve-{os.getppid()}-0a1b2c3d.tmp"
    gone = tmp_path / f".G.json.foolsolve-{DEAD_PID}-0a1b2c3d.tmp"
    for path in (running, gone):
        path.write_text('{"partly', encoding="utf-8")
        os.utime(path, (old, old))
    assert positions.remove_stale_temps(final) == 1
    assert running.exists() and not gone.exists()


def test_a_store_write_past_the_file_size_limit_names_the_limit(tmp_path: Path) -> None:
    """A store opened under a file-size limit large enough to open it (48 KiB) whose later write
    fails said only ``(disk I/O error)``: the warning names the limit, as the open's message does,
    and the answer is given all the same."""
    store = tmp_path / "w.db"
    proc = _run(["solve", str(ENDGAME), "--store", str(store), "--json"], limit=48 * 1024)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["game"] == "durak"
    assert proc.stderr.splitlines() == [
        f"foolsolve: warning: --store {store}: cannot use the result store (disk I/O error: the file-size limit "
        "(ulimit -f) of 49,152 bytes is too small for its files); the answer is given, not stored (nor any after it)"]
