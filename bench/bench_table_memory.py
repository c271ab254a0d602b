"""Memory of the transposition tables under a long solve, with and without a budget.

For each solver with a bounded table (Foolery, Fool's Paradise) a long solve runs for
``--seconds`` in a fresh process under each ``--max-memory`` budget (MiB; a huge one stands for
"no bound"); the table's entries, the evictions and the process's peak RSS are printed as a
Markdown table. The solve is stopped by a time limit (``SolveOptions.time_limit``), as
``foolsolve POSITION --time`` does.

    python bench/bench_table_memory.py --seconds 45 --budgets 100000 64
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, header, interrupted_child, positive_float, positive_int, run

EXAMPLES = Path(__file__).resolve().parents[1] / "foolsolve" / "examples"
CASES = [
    ("foolery", "foolery-five-players-midround.json", {}),
    ("fools-paradise", "fools-paradise-worked-example.json", {"stock_order_known": True}),
]

CHILD = r"""
import json, sys, time
from foolsolve import games
from foolsolve.solver import base
name, path, extra, seconds, budget = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
info = games.get(name)
state = info.spec.state_from_json(json.load(open(path)))
seen = {"entries": 0, "evictions": 0}
check = base.TableBudget.check
def counting(self, tables):
    tables = list(tables)
    seen["entries"] = sum(len(t) for t in tables)
    check(self, tables)
    seen["evictions"] = self.evictions
base.TableBudget.check = counting
opts = base.with_limits(base.SolveOptions(extra=extra, time_limit=seconds, max_memory=budget))
done = True
try:
    info.solve(state, opts)
except base.SearchLimit:
    done = False
peak = int(open("/proc/self/status").read().split("VmHWM:")[1].split()[0]) // 1024
print(json.dumps({**seen, "peak_mib": peak, "finished": done}))
"""


PROG = "bench_table_memory.py"


def measure(name: str, example: str, extra: dict[str, object], seconds: float, budget: int) -> dict[str, object]:
    """One solve in a fresh process: its table's entries and evictions, its peak RSS, finished or not."""
    done = subprocess.run([sys.executable, "-c", CHILD, name, str(EXAMPLES / example), json.dumps(extra),
                           str(seconds), str(budget)], capture_output=True, text=True)
    if interrupted_child(done.returncode):
        raise KeyboardInterrupt
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        raise SystemExit(f"{PROG}: the solve of {example} failed: {lines[-1] if lines else f'exit {done.returncode}'}")
    r: dict[str, object] = json.loads(done.stdout)
    return r


def main(argv: list[str] | None = None) -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--seconds", type=positive_float, default=45.0, help="Time limit of each solve (default 45).")
    ap.add_argument("--budgets", type=positive_int, nargs="+", default=[100000, 64],
                    help="--max-memory values in MiB (default 100000 64).")
    args = ap.parse_args(argv)
    print(header(PROG))
    print("| solver, position | --max-memory MiB | table entries at the end | evictions | peak RSS MiB | finished |")
    print("|---|---|---|---|---|---|", flush=True)
    for name, example, extra in CASES:
        for budget in args.budgets:
            r = measure(name, example, extra, args.seconds, budget)
            print(f"| {name}, {example} | {budget} | {r['entries']:,} | {r['evictions']} | {r['peak_mib']} | "
                  f"{'yes' if r['finished'] else 'no (time)'} |", flush=True)


if __name__ == "__main__":
    run(main, PROG)
