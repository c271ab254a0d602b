"""Solving many positions: a batch on 1 and 2 local workers and on a 2-worker Dask cluster,
against one ``foolsolve`` process per position, side by side in one run.

::

    python bench/bench_batch.py [--positions 1000] [--processes 50] [--seed 2026] [--k 8]
                                [--no-dask]

The positions are seeded random two-player podkidnoy endgames with the deck empty, ``--k``
cards each (``bench/bench_durak.py``'s ``endgame``; position i uses ``random.Random(f"{seed}:{i}")``),
written as JSON Lines. Every row is a whole ``foolsolve`` process timed from start to end (what a
user waits for: start-up, loading the compiled search in every worker process, reading and writing
the JSON Lines), each solve a full one (every move valued, principal variation), the result store
off (``--no-store``), except the last row:

1. ``foolsolve batch IN --workers 1`` (in the one process);
2. ``foolsolve batch IN --workers 2`` (a local pool of two processes);
3. ``foolsolve batch IN --scheduler tcp://127.0.0.1:PORT`` on a cluster of ``dask scheduler`` and
   two ``dask worker --nthreads 1`` processes started by this script on loopback (the cluster's
   start is not timed; its workers load the compiled search during the batch, as fresh workers do);
4. ``foolsolve POSITION.json``, one process per position, for the first ``--processes`` positions
   (a sample: positions per second is sample size / its time);
5. the batch again with a result store holding every answer (row 1 run with the store), i.e.
   a re-run.

Before timing, one solve loads the compiled search (compiling it on a machine's first run) so
its cache is warm for every row. Rows run one after the other; the machine's load can differ
between them (the figures are positions per second and the ratio to row 4). Every row's values
are checked against row 1's. Prints its command line and a Markdown table (on Ctrl-C or SIGTERM,
of the rows finished).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_durak import endgame
from benchkit import Parser, fail, header, interrupted_child, positive_int, run

PROG = "bench_batch.py"

FOOLSOLVE = [sys.executable, "-m", "foolsolve"]
ENV = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}


def whole(args: list[str], cwd: Path) -> float:
    """Seconds of one whole ``foolsolve`` process (its output to files or discarded)."""
    t0 = time.perf_counter()
    proc = subprocess.run([*FOOLSOLVE, *args], cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    secs = time.perf_counter() - t0
    if interrupted_child(proc.returncode):
        raise KeyboardInterrupt
    if proc.returncode != 0:
        raise SystemExit(f"{PROG}: foolsolve {' '.join(args)} failed: {proc.stderr.strip()}")
    return secs


def values(path: Path) -> list[object]:
    """The value of every line of a batch's output."""
    return [json.loads(line)["result"]["value"] for line in path.read_text().splitlines()]


def start_cluster(folder: Path, procs: list[subprocess.Popen[bytes]]) -> str:
    """``dask scheduler`` and two one-thread ``dask worker`` processes on 127.0.0.1, each appended
    to ``procs`` as it starts (so that the caller stops those started when the start is cut short)."""
    dask = str(Path(sys.executable).parent / "dask")
    info = folder / "scheduler.json"
    env = {**ENV, "DASK_TEMPORARY_DIRECTORY": str(folder)}  # scratch space in the folder removed at the end
    procs.append(subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                   "--scheduler-file", str(info)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env=env, cwd=folder))
    deadline = time.monotonic() + 60
    while not info.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    if not info.exists():
        raise SystemExit(f"{PROG}: the Dask scheduler did not start within 60 s")
    address = json.loads(info.read_text())["address"]
    for _ in range(2):
        procs.append(subprocess.Popen([dask, "worker", address, "--nthreads", "1", "--no-dashboard", "--host",
                                       "127.0.0.1", "--memory-limit", "0"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=folder))
    from distributed import Client

    with Client(address, timeout="60s") as client:
        client.wait_for_workers(2, timeout=120)
    return address


def table(rows: list[tuple[str, int, float]]) -> list[str]:
    """The Markdown table of the rows finished: positions a second, and against the row of one
    process a position (when it is among them)."""
    per_process = next((n / s for name, n, s in rows if "one process each" in name), None)
    out = ["| run | positions | seconds | positions/s | vs one process each |", "|---|---:|---:|---:|---:|"]
    for name, n, s in rows:
        rate = n / s
        out.append(f"| {name} | {n:,} | {s:.1f} | {rate:,.1f} | "
                   + (f"{rate / per_process:.1f}x |" if per_process else "- |"))
    return out


def _terminated(signum: int, frame: object) -> None:
    """SIGTERM: one line and exit 143, through ``main``'s ``finally`` (which stops the cluster and
    removes the temporary folder)."""
    print(f"{PROG}: terminated", file=sys.stderr, flush=True)
    raise SystemExit(143)


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--positions", type=positive_int, default=1000)
    ap.add_argument("--processes", type=positive_int, default=50, help="positions solved one process each (a sample)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--k", type=positive_int, default=8, help="cards in each hand, 1 to 18 (default 8)")
    ap.add_argument("--no-dask", action="store_true", help="leave out the Dask row")
    a = ap.parse_args()
    if a.k > 18:
        fail(PROG, f"--k: {a.k} cards a side do not fit a 36-card deck (at most 18)")
    signal.signal(signal.SIGTERM, _terminated)
    print(header(PROG), flush=True)

    work = Path(tempfile.mkdtemp(prefix="foolsolve-bench-batch-"))
    procs: list[subprocess.Popen[bytes]] = []
    rows: list[tuple[str, int, float]] = []
    try:
        objs = [endgame(a.k, random.Random(f"{a.seed}:{i}")) for i in range(a.positions)]
        infile = work / "in.jsonl"
        infile.write_text("".join(json.dumps(o) + "\n" for o in objs))
        files = []
        for i, o in enumerate(objs[:a.processes]):
            files.append(work / f"p{i}.json")
            files[-1].write_text(json.dumps(o))
        warm = whole([str(files[0]), "--no-store"], work)
        print(f"warm-up (loads, or on a first run compiles, the compiled search): {warm:.1f} s", file=sys.stderr)

        def done(name: str, n: int, secs: float) -> None:
            rows.append((name, n, secs))
            print(f"  {name}: {n:,} positions in {secs:.1f} s", file=sys.stderr, flush=True)

        store = work / "store.sqlite3"
        secs = whole(["batch", str(infile), "--out", str(work / "w1.jsonl"), "--store", str(store)], work)
        done("`foolsolve batch IN.jsonl` (1 worker: this process)", a.positions, secs)
        expected = values(work / "w1.jsonl")
        secs = whole(["batch", str(infile), "--out", str(work / "w2.jsonl"), "--workers", "2", "--no-store"], work)
        done("`foolsolve batch IN.jsonl --workers 2` (local pool)", a.positions, secs)
        assert values(work / "w2.jsonl") == expected
        if not a.no_dask:
            address = start_cluster(work, procs)
            secs = whole(["batch", str(infile), "--out", str(work / "d2.jsonl"), "--scheduler", address, "--no-store"],
                         work)
            done("`foolsolve batch IN.jsonl --scheduler tcp://...` (Dask, 2 workers)", a.positions, secs)
            assert values(work / "d2.jsonl") == expected
        t0 = time.perf_counter()
        for f in files:
            whole([str(f), "--no-store"], work)
        done(f"`foolsolve POSITION.json`, one process each ({a.processes} of them)", a.processes,
             time.perf_counter() - t0)
        secs = whole(["batch", str(infile), "--out", str(work / "again.jsonl"), "--store", str(store)], work)
        done("`foolsolve batch IN.jsonl` again (every result in the store)", a.positions, secs)
        assert values(work / "again.jsonl") == expected
    finally:
        # Ctrl-C, SIGTERM or a failure too: the rows finished, the cluster stopped, the folder removed
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if rows:
            print(f"{a.positions} seeded {a.k}v{a.k} Durak endgames (seed {a.seed}), full solves, whole processes; "
                  f"{os.cpu_count()} cores\n")
            print("\n".join(table(rows)), flush=True)
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    run(main, PROG)
