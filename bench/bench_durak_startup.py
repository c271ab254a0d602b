"""What a user waits for on a Durak 8v8 endgame: whole ``foolsolve POSITION.json`` processes beside
the in-process solve time, two installs side by side in one run.

::

    python bench/bench_durak_startup.py NEW_PYTHON [--base BASE_PYTHON] [--fresh FRESH_PYTHON]
                                        [--positions 6] [--runs 3] [--size 8]

``NEW_PYTHON`` / ``BASE_PYTHON``: interpreters of venvs with a checkout installed (``pip install -e``
or ``PYTHONPATH``); each must have compiled its Durak search once already (warm cache). For each
seeded position (bench/bench_durak.py's ``endgame``, seed 2026) the two run alternately, ``--runs``
times each: the wall time of the whole process (``python -m foolsolve POS.json --json``) and the
solve's own time in that process (the JSON's ``seconds``), and the process's CPU time (user and
system, every thread: on a loaded machine nearer what an idle one's wall time would be for the
one-threaded start-up, larger for the two-thread search). The table gives the medians per
position and over all runs, and the ratio base / new.

Every solve runs with ``--no-store``: the result store would answer a repeated position without
solving it. ``--stored`` adds a column: ``NEW_PYTHON`` reading each position's result from a result
store filled by its first (untimed) run, what a repeated solve costs.

``--python-search`` adds a column: ``NEW_PYTHON`` with ``-o jit=false`` (the Python search).

``--fresh FRESH_PYTHON``: a venv with ``pip install .`` of the new checkout (not editable). Its
numba cache files are deleted first (the state right after ``pip install``), then: the first
solve of each position as a whole process, the compile on its own (``compiled.load()``), and the
first solve after it. Its site-packages is changed (cache files only).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_durak import endgame
from benchkit import Parser, fail, header, positive_int, run

PROG = "bench_durak_startup.py"

CWD = tempfile.mkdtemp(prefix="foolsolve-durak-startup-")
"""Run from an empty directory: ``python -m`` puts the working directory first on ``sys.path``."""


def solve(python: str, path: Path, *options: str) -> tuple[float, float, float, str]:
    """One whole ``foolsolve PATH --json`` process: its wall seconds, its CPU seconds (user and
    system, all threads), the solve's own seconds in it, and the value."""
    c0 = os.times()
    t0 = time.perf_counter()
    if "--store" not in options:
        options = ("--no-store", *options)
    proc = subprocess.run([python, "-m", "foolsolve", str(path), "--json", *options], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=CWD)
    wall = time.perf_counter() - t0
    c1 = os.times()
    cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
    if proc.returncode != 0:
        raise SystemExit(f"{python} -m foolsolve {path}: exit {proc.returncode}\n{proc.stderr}")
    out = json.loads(proc.stdout)
    return wall, cpu, out["seconds"], out["value"]


def package_dir(python: str) -> Path:
    """Where ``python`` imports the Durak solver from (one line and exit 2 when it cannot)."""
    try:
        proc = subprocess.run([python, "-c", "import foolsolve.solver.durak as d; print(d.__file__)"],
                              capture_output=True, text=True, cwd=CWD)
    except OSError as exc:
        fail(PROG, f"{python}: cannot run ({exc.strerror})")
    if proc.returncode != 0:
        fail(PROG, f"{python} cannot import foolsolve.solver.durak")
    return Path(proc.stdout.strip()).parent


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("new", help="the Python of a venv with the checkout to measure")
    ap.add_argument("--base", help="the Python of a venv with the baseline checkout")
    ap.add_argument("--fresh", help="the Python of a venv with a plain pip install . of the new checkout")
    ap.add_argument("--positions", type=positive_int, default=6, help="seeded positions (default 6)")
    ap.add_argument("--runs", type=positive_int, default=3, help="runs of each position (default 3)")
    ap.add_argument("--size", type=positive_int, default=8, help="cards a side, 1 to 18 (default 8)")
    ap.add_argument("--python-search", action="store_true",
                    help="also time NEW_PYTHON with -o jit=false (the Python search alone), side by side")
    ap.add_argument("--stored", action="store_true",
                    help="also time NEW_PYTHON answering from a filled result store, side by side")
    opts = ap.parse_args()
    if opts.size > 18:
        fail(PROG, f"--size: {opts.size} cards a side do not fit a 36-card deck (at most 18)")
    rng = random.Random(f"2026:{opts.size}")
    paths = []
    for i in range(opts.positions):
        path = Path(CWD) / f"durak-{opts.size}v{opts.size}-{i}.json"
        path.write_text(json.dumps(endgame(opts.size, rng)))
        paths.append(path)
    pythons = {"new": os.path.abspath(opts.new)} | ({"base": os.path.abspath(opts.base)} if opts.base else {})
    where = [f"{key}: {python} -> {package_dir(python)}" for key, python in pythons.items()]
    print(header(PROG))
    print("\n".join(where))
    options: dict[str, tuple[str, ...]] = {n: () for n in pythons}
    if opts.python_search:
        pythons["python"] = pythons["new"]
        options["python"] = ("-o", "jit=false")
        print("python: new with -o jit=false (the Python search)")
    if opts.stored:
        pythons["stored"] = pythons["new"]
        options["stored"] = ("--store", str(Path(CWD) / "results.sqlite3"))
        print("stored: new, the result read from a result store its first run filled")
    k = opts.size
    print(f"\n{k}v{k}, {opts.positions} seeded positions, {opts.runs} runs each, alternating; seconds "
          "(whole process / in-process solve)")
    names = list(pythons)
    print("| position | value | " + " | ".join(f"{n} process | {n} cpu | {n} solve" for n in names)
          + (" | base / new process |" if "base" in pythons else " |"))
    print("|---|---|" + "---|---|---|" * len(names) + ("---|" if "base" in pythons else ""))
    every: dict[str, list[tuple[float, float, float]]] = {n: [] for n in names}
    for i, path in enumerate(paths):
        for n, python in pythons.items():
            solve(python, path, *options[n])  # warm the file cache
        got: dict[str, list[tuple[float, float, float]]] = {n: [] for n in names}
        value = ""
        for r in range(opts.runs):
            order = names if r % 2 == 0 else names[::-1]
            for n in order:
                wall, cpu, secs, value = solve(pythons[n], path, *options[n])
                got[n].append((wall, cpu, secs))
        cells = []
        for n in names:
            every[n] += got[n]
            cells += columns(got[n])
        ratio = ""
        if "base" in pythons:
            ratio = f" {wall_ratio(got):.2f}x |"
        print(f"| #{i} | {value} | " + " | ".join(cells) + " |" + ratio, flush=True)
    cells = []
    for n in names:
        cells += columns(every[n])
    ratio = ""
    if "base" in pythons:
        ratio = f" {wall_ratio(every):.2f}x |"
    print("| median | | " + " | ".join(cells) + " |" + ratio)
    if opts.fresh:
        fresh(os.path.abspath(opts.fresh), paths)


def wall_ratio(runs: dict[str, list[tuple[float, float, float]]]) -> float:
    """Median wall time of base's runs over new's."""
    return statistics.median(r[0] for r in runs["base"]) / statistics.median(r[0] for r in runs["new"])


def columns(runs: list[tuple[float, float, float]]) -> list[str]:
    """Median wall, CPU and in-process solve seconds of ``runs``."""
    return [f"{statistics.median(r[0] for r in runs):.2f}", f"{statistics.median(r[1] for r in runs):.2f}",
            f"{statistics.median(r[2] for r in runs):.3f}"]


def fresh(python: str, paths: list[Path]) -> None:
    """The first solves after ``pip install .``: the numba cache of the install deleted first."""
    cache = package_dir(python) / "__pycache__"
    gone = [p for p in cache.glob("*.nb[ic]")]
    for p in gone:
        p.unlink()
    print(f"\nfresh install {python}: {len(gone)} numba cache files deleted")
    print("| step | process s | cpu s | solve s |")
    print("|---|---|---|---|")
    for i, path in enumerate(paths):
        wall, cpu, secs, _ = solve(python, path)
        print(f"| first solve of #{i} | {wall:.2f} | {cpu:.2f} | {secs:.3f} |", flush=True)
    c0 = os.times()
    t0 = time.perf_counter()
    subprocess.run([python, "-c", "from foolsolve.solver.durak import compiled; compiled.load()"], check=True, cwd=CWD)
    c1 = os.times()
    cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
    print(f"| compile the compiled search (once) | {time.perf_counter() - t0:.1f} | {cpu:.1f} | |", flush=True)
    for i, path in enumerate(paths):
        wall, cpu, secs, _ = solve(python, path)
        print(f"| then solve #{i} | {wall:.2f} | {cpu:.2f} | {secs:.3f} |", flush=True)


if __name__ == "__main__":
    run(main, PROG)
