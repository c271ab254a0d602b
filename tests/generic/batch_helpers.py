"""Seeded Durak endgames for the batch, store and executor tests, a way to run ``foolsolve``, and a
game's registry record whose solver counts its calls."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from foolsolve.cards import FRENCH36, FRENCH_SUITS


class CountingSolves:
    """A game's registry record (``info``) whose solver counts its calls in :attr:`calls`; every
    other attribute is the record's (an ambiguity adapter's ``info``, to see what a sweep solves)."""

    def __init__(self, info: Any) -> None:
        self.record = info
        self.calls = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.record, name)

    @property
    def solve(self) -> object:
        real = self.record.solve
        assert real is not None

        def run(state: object, options: object) -> object:
            self.calls += 1
            return real(state, options)
        return run


def endgame(k: int, rng: random.Random) -> dict[str, Any]:
    """A deck-empty two-player podkidnoy position, k cards each (as bench/bench_durak.py makes them)."""
    cards = list(FRENCH36.cards)
    rng.shuffle(cards)
    return {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": rng.choice(FRENCH_SUITS),
            "hands": [[c.ascii for c in cards[:k]], [c.ascii for c in cards[k:2 * k]]],
            "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


def positions(n: int, k: int = 6, seed: str = "batch") -> list[dict[str, Any]]:
    """``n`` seeded k-v-k endgames."""
    return [endgame(k, random.Random(f"{seed}:{i}")) for i in range(n)]


def mixed(small: int, large: int, seed: str) -> list[dict[str, Any]]:
    """``small`` quick 6v6 endgames, then ``large`` slower 7v7 ones (about 0.01-0.7 s each with
    the Python search): a batch that writes its first lines at once and is still busy when a
    test stops it."""
    return positions(small, 6, seed) + positions(large, 7, seed)


def write_jsonl(path: Path, objs: list[Any]) -> Path:
    """One JSON value a line."""
    path.write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    return path


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Every line (each must be whole JSON)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def foolsolve(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m foolsolve ARGS`` in a subprocess (the test's FOOLSOLVE_STORE is inherited)."""
    return subprocess.run([sys.executable, "-m", "foolsolve", *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})


def start(*args: str) -> subprocess.Popen[str]:
    """``python -m foolsolve ARGS`` started in the background."""
    return subprocess.Popen([sys.executable, "-m", "foolsolve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})


def wait_for_lines(path: Path, n: int, proc: subprocess.Popen[str], timeout: float = 120) -> int:
    """Wait until ``path`` has at least ``n`` lines (or the process ended); the count."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        count = path.read_bytes().count(b"\n") if path.exists() else 0
        if count >= n or proc.poll() is not None:
            return count
        time.sleep(0.02)
    raise AssertionError(f"{path}: fewer than {n} lines after {timeout} s")


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


def pool_workers(pid: int) -> list[int]:
    """The process ids of a local pool's workers under ``pid`` (Linux: read from /proc)."""
    workers = []
    for child in _children(pid):
        try:
            cmd = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in cmd:
            workers.append(child)
    return workers


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) ``pid`` and its live child processes (a local pool's
    workers) have used so far (Linux: read from /proc; 0 for a process already gone)."""
    total = 0
    for p in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


STARTED_CPU = 1.0
"""CPU seconds a ``foolsolve`` command in this process uses before it is well into its work: its
start (Python, foolsolve, click: about 0.3 s) with room to spare."""
POOL_STARTED_CPU = 2.0
"""The same for a command on a local pool of two workers, each of which starts Python and foolsolve
too (on a heavily loaded machine ``simulate --workers 2`` can have finished no game at 0.6 s of CPU,
and thousands at 1 s)."""


def wait_until_working(proc: subprocess.Popen[str], cpu: float = STARTED_CPU, timeout: float = 300) -> None:
    """Wait until ``proc`` (with its pool's workers) has used ``cpu`` seconds of CPU, or has ended:
    a command that had that much CPU time is past its start and into its work, however loaded the
    machine (a fixed sleep is not: on a busy 2-core machine a command's start alone can take 3 s of
    wall time). Where /proc is missing, a generous sleep stands in."""
    if not Path("/proc/self/stat").exists():
        time.sleep(4 * cpu)
        return
    end = time.monotonic() + timeout
    while cpu_seconds(proc.pid) < cpu and proc.poll() is None:
        if time.monotonic() > end:
            raise AssertionError(f"the command used under {cpu} s of CPU in {timeout} s")
        time.sleep(0.02)


def store_rows(store: Path) -> int:
    """Results in a result-store file (0 while it does not exist or is still being created)."""
    if not store.exists():
        return 0
    db = sqlite3.connect(store)
    try:
        return int(db.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    except sqlite3.OperationalError:  # no table yet
        return 0
    finally:
        db.close()


TIMING = ("stored", "nodes", "seconds", "first_solve")
"""A result's fields about the call that gave it (a stored answer: no nodes, its own time)."""


def answer(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A result without :data:`TIMING`: the answer itself, equal whether solved or read from the store."""
    return None if result is None else {k: v for k, v in result.items() if k not in TIMING}


def call_main(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``foolsolve ARGV`` in this process with ``stdin`` as standard input: ``(exit code, stdout,
    stderr)``. Standard output is strict UTF-8 (as on a UTF-8 terminal: a lone surrogate written
    there is a crash), standard error escapes what it cannot write (as Python's does)."""
    import io
    import sys

    from foolsolve.cli import main

    saved = sys.stdin, sys.stdout, sys.stderr
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    code: int = 0
    try:
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out.flush()
        err.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return (code, out.buffer.getvalue().decode("utf-8"),  # type: ignore[attr-defined]
            err.buffer.getvalue().decode("utf-8", "replace"))  # type: ignore[attr-defined]
