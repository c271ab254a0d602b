"""Where a Durak full solve spends its nodes: one compiled search (one thread, its tables kept
from question to question, as ``solve`` keeps them) values a bench position, then each legal
move in spec order, printing the nodes and seconds each move's value took.

    python bench/durak_move_costs.py --size 10 --index 4

The positions are ``bench_durak.py``'s seeded deck-empty podkidnoy sets (seed ``2026:<size>``).
``--lead-bits`` sets the lead table's size (rows = 2**bits; default: sized by the position).
Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_durak import endgame

from foolsolve.engines.durak import from_spec_state, game_result, legal, move_text, play
from foolsolve.solver.durak import child_range
from foolsolve.spec.durak import SPEC


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--index", type=int, default=4, help="which position of the seeded set")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--lead-bits", type=int, default=None)
    ap.add_argument("--blind", action="store_true", help="value the moves without the root's value first")
    args = ap.parse_args()
    from foolsolve.solver.durak_jit import JitEndgame

    rng = random.Random(f"{args.seed}:{args.size}")
    states = [from_spec_state(SPEC.state_from_json(endgame(args.size, rng))) for _ in range(args.index + 1)]
    s = states[args.index]
    print(f"command: python {' '.join(sys.argv)}", flush=True)
    eg = JitEndgame(s.er, s.trump, threads=1, lead_bits=args.lead_bits)
    t0 = time.perf_counter()
    known = None
    if not args.blind:
        known = eg.value(s)
        print(f"position {args.index}: value {known:+d}, {eg.nodes:,} nodes", flush=True)
    for m in legal(s):
        child = play(s, m)
        if game_result(child) is not None:
            print(f"  {move_text(m):28s} game over", flush=True)
            continue
        n0, t = eg.nodes, time.perf_counter()
        v = eg.value(child, *child_range(known, child.to_move == s.to_move))
        if child.to_move != s.to_move:
            v = -v
        print(f"  {move_text(m):28s} {v:+d} {eg.nodes - n0:>14,} nodes {time.perf_counter() - t:8.2f} s", flush=True)
    print(f"total {eg.nodes:,} nodes, {time.perf_counter() - t0:.1f} s", flush=True)


if __name__ == "__main__":
    main()
