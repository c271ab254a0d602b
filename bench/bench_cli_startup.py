"""CLI start-up cost, two checkouts side by side in one run.

::

    python bench/bench_cli_startup.py BASE_PYTHON NEW_PYTHON [--runs 20] [--import-runs 5]

Each ``*_PYTHON`` is the interpreter of a venv with that checkout installed (``pip install -e``).
For every command the two run alternately (``python -m foolsolve ARGS``, stdout to a pipe),
``--runs`` times each; the table gives the median wall time per run, its ratio, and the
import time ``python -X importtime`` reports from the ``foolsolve`` package on (the sum of
the "self" column: the project's modules and what they import, also during the command;
median of ``--import-runs`` alternating runs); last, deterministic, the number of modules
the command leaves in ``sys.modules`` and which heavy ones (FP engine, Z3, networkx,
jsonschema, rich) are among them. Prints a Markdown table.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, fail, header, positive_int, run

PROG = "bench_cli_startup.py"

EXAMPLES = Path(__file__).resolve().parent.parent / "foolsolve" / "examples"
CWD = tempfile.mkdtemp(prefix="foolsolve-startup-")
"""Run from an empty directory: ``python -m`` puts the working directory first on ``sys.path``."""

COMMANDS: list[tuple[str, list[str]]] = [
    ("--help", ["--help"]),
    ("rules durak", ["rules", "durak"]),
    ("durak-endgame.json (solve)", [str(EXAMPLES / "durak-endgame.json")]),
    ("durak-bonnet.json --json", [str(EXAMPLES / "durak-bonnet.json"), "--json"]),
    ("fools-paradise-endgame.json", [str(EXAMPLES / "fools-paradise-endgame.json")]),
    ("fools-paradise capture --hand .. --centre .. --ranks-only",
     ["fools-paradise", "capture", "--hand", "2 3 9 K A", "--centre", "J 2 K 5 6", "--ranks-only"]),
]


def wall(python: str, args: list[str]) -> float:
    """Seconds for one ``python -m foolsolve ARGS``."""
    t0 = time.perf_counter()
    proc = subprocess.run([python, "-m", "foolsolve", *args], capture_output=True, stdin=subprocess.DEVNULL,
                          cwd=CWD)
    secs = time.perf_counter() - t0
    if proc.returncode != 0:
        fail(PROG, f"{python} -m foolsolve {' '.join(args)}: exit {proc.returncode}: "
                   + (proc.stderr.decode().strip().splitlines() or ["no error text"])[-1])
    return secs


def import_ms(python: str, args: list[str]) -> float:
    """Milliseconds of import time (the "self" column summed) from the ``foolsolve`` package
    on, by ``-X importtime``: what the project's modules and their dependencies cost."""
    proc = subprocess.run([python, "-X", "importtime", "-m", "foolsolve", *args], capture_output=True,
                          stdin=subprocess.DEVNULL, text=True, cwd=CWD)
    total = 0
    started = False
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, name = line.removeprefix("import time:").split("|")
        if name.strip() == "foolsolve":
            started = True
        if started:
            total += int(self_us)
    return total / 1000


_MODULES_RUN = """
import json, runpy, sys
sys.argv = ["foolsolve", *json.loads(sys.argv[1])]
try:
    runpy.run_module("foolsolve", run_name="__main__")
except SystemExit:
    pass
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)))
"""

HEAVY = {"fp-engine": "foolsolve.engines.fools_paradise", "fp-playout": "foolsolve.engines.fools_paradise_playout",
         "z3": "z3", "networkx": "networkx", "jsonschema": "jsonschema", "rich": "rich"}
"""Heavy modules reported by name when a command imports them."""


def modules(python: str, args: list[str]) -> tuple[int, str]:
    """Deterministic: how many modules the command leaves in ``sys.modules``, and which of
    :data:`HEAVY` are among them."""
    proc = subprocess.run([python, "-c", _MODULES_RUN, json.dumps(args)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=CWD)
    mods = set(json.loads(proc.stderr.rpartition("\nMODULES ")[2]))
    return len(mods), ",".join(k for k, m in HEAVY.items() if m in mods) or "-"


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("base", help="the Python of a venv with the baseline checkout installed")
    ap.add_argument("new", help="the Python of a venv with the checkout to compare installed")
    ap.add_argument("--runs", type=positive_int, default=20, help="timed runs of each command (default 20)")
    ap.add_argument("--import-runs", type=positive_int, default=5, help="-X importtime runs (default 5)")
    opts = ap.parse_args()
    pythons = {"base": os.path.abspath(opts.base), "new": os.path.abspath(opts.new)}
    where = []
    for key, python in pythons.items():
        try:
            proc = subprocess.run([python, "-c", "import foolsolve; print(foolsolve.__file__)"], capture_output=True,
                                  text=True, cwd=CWD)
        except OSError as exc:
            fail(PROG, f"{key}: {python}: cannot run ({exc.strerror})")
        if proc.returncode != 0:
            fail(PROG, f"{key}: {python} cannot import foolsolve")
        where.append(f"{key}: {python} -> {proc.stdout.strip()}")
    print(header(PROG))
    print("\n".join(where))
    print(f"\n{opts.runs} runs each, alternating base/new; median wall time per run; import = median -X importtime "
          "self-time sum (ms) from the foolsolve package on\n")
    print("| command | base ms | new ms | base / new | import ms base | import ms new | modules base → new (heavy ones) |")
    print("|---|---:|---:|---:|---:|---:|---|", flush=True)
    for label, args in COMMANDS:
        times: dict[str, list[float]] = {"base": [], "new": []}
        for python in pythons.values():
            wall(python, args)  # warm the file cache and the .pyc files
        for _ in range(opts.runs):
            for key, python in pythons.items():
                times[key].append(wall(python, args))
        med = {k: statistics.median(v) * 1000 for k, v in times.items()}
        imps: dict[str, list[float]] = {"base": [], "new": []}
        for _ in range(opts.import_runs):
            for key, python in pythons.items():
                imps[key].append(import_ms(python, args))
        imp = {k: statistics.median(v) for k, v in imps.items()}
        mb, mn = modules(pythons["base"], args), modules(pythons["new"], args)
        print(f"| `{label}` | {med['base']:.0f} | {med['new']:.0f} | **{med['base'] / med['new']:.2f}x** | "
              f"{imp['base']:.0f} | {imp['new']:.0f} | {mb[0]} ({mb[1]}) → {mn[0]} ({mn[1]}) |", flush=True)


if __name__ == "__main__":
    run(main, PROG)
