"""The two move orders the compiled Durak search races, each alone on one thread.

    python bench/durak_orders.py [--size 10] [--positions 10] [--cap 120] [--only 0 4 9]

On two threads the compiled search answers each question with two searches side by side (see
``JitEndgame._jobs`` in ``solver/durak_jit.py``): the search's own order, and the *helper's*
order, whose only difference is that throw-in nodes try "pass" first. This script measures each
order alone: for every position of ``bench_durak.py``'s seeded deck-empty podkidnoy set, a
fresh one-thread search values every legal move (as ``foolsolve POSITION.json`` does) in the
search's order, then another in the helper's, taking turns which goes first. It prints seconds
and nodes of each and the ratio, and stops if the two disagree on any move's value.

``--cap`` stops a search after that many seconds (reported as unfinished, counted as the cap).
Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_durak import endgame, timed_solve

from foolsolve.engines.durak import DState, from_spec_state
from foolsolve.solver.durak import Reductions
from foolsolve.spec.durak import SPEC

ORDERS = ("search's order", "pass first")


def one_thread(s: DState, helper_order: bool, cap: float) -> tuple[float, int | None, list[int] | None]:
    """Seconds, nodes and move values of one fresh one-thread search valuing every move of ``s``
    in the search's order or the helper's; nodes and values are None when ``cap`` stopped it."""
    from foolsolve.solver.durak_jit import T_HELPER, JitEndgame

    def run(st: DState, _options: object) -> SimpleNamespace:
        eg = JitEndgame(st.er, st.trump, Reductions(), threads=1)
        eg._lanes[0].ctl[T_HELPER] = int(helper_order)  # a one-thread search never resets it
        values = [v for _, v in eg.move_values(st)]
        return SimpleNamespace(nodes=eg.nodes, value=values)

    return timed_solve(run, s, cap)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--cap", type=float, default=120.0, help="seconds allowed per search (default 120)")
    ap.add_argument("--only", type=int, nargs="+", default=None, help="these positions of the set only")
    a = ap.parse_args()
    from foolsolve.solver import durak_jit

    if not durak_jit.AVAILABLE:
        raise SystemExit("durak_orders.py: numba is not installed (the compiled search is what it measures)")
    print(f"command: python bench/durak_orders.py {' '.join(sys.argv[1:])}\n")
    rng = random.Random(f"{a.seed}:{a.size}")
    states = [from_spec_state(SPEC.state_from_json(endgame(a.size, rng))) for _ in range(a.positions)]
    one_thread(from_spec_state(SPEC.state_from_json(endgame(7, random.Random("warm-up")))), False, 600)
    print(f"| position | {ORDERS[0]}: s / M nodes | {ORDERS[1]}: s / M nodes | pass first / search's order (s) |")
    print("|---|---|---|---|")
    for i in (a.only if a.only is not None else range(a.positions)):
        got: dict[bool, tuple[float, int | None, list[int] | None]] = {}
        for helper_order in ((False, True) if i % 2 == 0 else (True, False)):
            got[helper_order] = one_thread(states[i], helper_order, a.cap)
        (t0, n0, v0), (t1, n1, v1) = got[False], got[True]
        if v0 is not None and v1 is not None and v0 != v1:
            raise SystemExit(f"position {i}: the two orders disagree on a move's value ({v0} against {v1})")
        cells = [f"{t:.2f} / {n / 1e6:.1f}" if n is not None else f"over {t:.0f} s" for t, n, _ in (got[False], got[True])]
        ratio = f"{t1 / t0:.2f}x" if n0 is not None and n1 is not None else "-"
        print(f"| {a.size}v{a.size} #{i} | {cells[0]} | {cells[1]} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
