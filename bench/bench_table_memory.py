"""Memory of the transposition tables under a long solve, with and without a budget.

For each solver with a bounded table (Foolery, Fool's Paradise) a long solve runs for
``--seconds`` in a fresh process under each ``--max-memory`` budget (MiB; a huge one stands for
"no bound"); the table's entries, the evictions and the process's peak RSS are printed as a
Markdown table. The solve is stopped by a time limit (``SolveOptions.time_limit``), as
``foolsolve POSITION --time`` does.

    python bench/bench_table_memory.py --seconds 45 --budgets 100000 64
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=45.0, help="Time limit of each solve (default 45).")
    ap.add_argument("--budgets", type=int, nargs="+", default=[100000, 64], help="--max-memory values in MiB.")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or any(b < 1 for b in args.budgets):
        print("bench_table_memory: --seconds and every budget must be positive", file=sys.stderr)
        return 2
    print(f"python bench/bench_table_memory.py --seconds {args.seconds:g} --budgets {' '.join(map(str, args.budgets))}")
    print()
    print("| solver, position | --max-memory MiB | table entries at the end | evictions | peak RSS MiB | finished |")
    print("|---|---|---|---|---|---|")
    for name, example, extra in CASES:
        for budget in args.budgets:
            run = subprocess.run([sys.executable, "-c", CHILD, name, str(EXAMPLES / example), json.dumps(extra),
                                  str(args.seconds), str(budget)], capture_output=True, text=True, check=True)
            r = json.loads(run.stdout)
            print(f"| {name}, {example} | {budget} | {r['entries']:,} | {r['evictions']} | {r['peak_mib']} | "
                  f"{'yes' if r['finished'] else 'no (time)'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
