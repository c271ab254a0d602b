"""Every bundled example answered: ``foolsolve POSITION.json`` as a whole process (a plain script;
figures go to BENCHMARKS.md).

    .venv/bin/python bench/bench_open_hand.py [--only NAME ...] [--timeout 60] [--time 20]

Each example of ``foolsolve/examples`` and each view of ``foolsolve/examples/views`` (or those
named; a view by ``views/NAME``) is solved by ``foolsolve --no-store --json
--time T POSITION.json`` in a process of its own, one after the other; the table gives the wall
seconds (target: under 30 s at the default budget), the exit code, whether the answer is exact and
by which method (the exact solver, the open-hand search of ``solver/open_hand.py``, or an answer
from the mover's seat), or the error line. A process still running after ``--timeout`` seconds is stopped and counted as such.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import ROOT, Parser, fail, header, interrupted_child, positive_float, run

EXAMPLES = ROOT / "foolsolve" / "examples"
PROG = "bench_open_hand.py"


def name_of(path: Path) -> str:
    """An example's name in the table and in ``--only``: its file name without ``.json``, a view's
    with ``views/`` before it."""
    return path.relative_to(EXAMPLES).with_suffix("").as_posix()


def answer(path: Path, seconds: float, timeout: float) -> dict[str, Any]:
    """One example through the CLI: wall seconds, exit code, exact or not, method or error."""
    name = name_of(path)
    argv = [sys.executable, "-m", "foolsolve", "--no-store", "--json", "--time", str(seconds), str(path)]
    t = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"name": name, "seconds": time.perf_counter() - t, "code": None, "exact": None,
                "method": f"stopped after {timeout:g} s"}
    wall = time.perf_counter() - t
    if done.returncode != 0:
        return {"name": name, "seconds": wall, "code": done.returncode, "exact": None,
                "method": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""}
    out = json.loads(done.stdout)
    if "method_text" in out:  # answered from the mover's seat (docs/seat.md)
        exact = out.get("method") == "exact" and out.get("worlds_exact") == out.get("worlds")
        return {"name": name, "seconds": wall, "code": 0, "exact": exact, "method": f"seat: {out['method_text']}"}
    details = out.get("details", {})
    exact = details.get("exact", True)
    method = details.get("method", "exact solver" + (f" ({out['concept']})" if out.get("concept") else ""))
    return {"name": name, "seconds": wall, "code": 0, "exact": exact, "method": method}


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The Markdown table of :func:`answer` rows, and a summary line."""
    lines = ["| example | wall s | exit | exact | method or error |", "|---|---:|---:|---|---|"]
    for r in rows:
        exact = "-" if r["exact"] is None else "yes" if r["exact"] else "no"
        lines.append(f"| {r['name']} | {r['seconds']:.1f} | {r['code'] if r['code'] is not None else '-'} | {exact} "
                     f"| {r['method']} |")
    answered = [r for r in rows if r["code"] == 0]
    slowest = max((r["seconds"] for r in answered), default=0.0)
    lines.append(f"\n{len(answered)} of {len(rows)} answered ({sum(1 for r in answered if r['exact'])} exact), "
                 f"the slowest in {slowest:.1f} s")
    return lines


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--only", nargs="+", default=None, metavar="NAME",
                    help="these examples (file names without .json; a view as views/NAME)")
    ap.add_argument("--timeout", type=positive_float, default=60.0, help="stop a process after this many seconds")
    ap.add_argument("--time", type=positive_float, default=20.0, help="foolsolve's --time (default 20, its default)")
    a = ap.parse_args()
    paths = sorted(EXAMPLES.glob("*.json")) + sorted((EXAMPLES / "views").glob("*.json"))
    if a.only:
        unknown = sorted(set(a.only) - {name_of(p) for p in paths})
        if unknown:
            fail(PROG, f"--only: no example {unknown[0]!r}")
        paths = [p for p in paths if name_of(p) in a.only]
    print(header(PROG))
    rows: list[dict[str, Any]] = []
    try:
        for p in paths:
            row = answer(p, a.time, a.timeout)
            if interrupted_child(row["code"] or 0):  # Ctrl-C reached the child first
                raise KeyboardInterrupt
            rows.append(row)
            print(f"  {name_of(p)}: {rows[-1]['seconds']:.1f} s", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        # Ctrl-C: the examples answered so far, then the interrupt goes on
        if rows:
            print("\n".join(table(rows)), flush=True)
        raise
    print("\n".join(table(rows)))


if __name__ == "__main__":
    run(main, PROG)
