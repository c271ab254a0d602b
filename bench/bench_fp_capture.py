"""Benchmark: best Fool's Paradise capture, solving time vs centre size, DP vs Z3 side by side.

    .venv/bin/python bench/bench_fp_capture.py            # the capture table in BENCHMARKS.md
    .venv/bin/python bench/bench_fp_capture.py --instances 5 --sizes 5 10

For each centre size, ``--instances`` seeded random deals (a 5-card hand and the centre
from one shuffled deck; two decks for centres over 47 cards) are solved by the DP
(:func:`foolsolve.solver.fp_capture.best_collections`) and by the Z3 model
(:func:`foolsolve.solver.fp_capture_z3.z3_best_collections`, both strategies), each listing
every optimal collection up to ``--limit``. Every instance's results are checked to agree.
Times are medians (and maxima) over the instances, in milliseconds. "DP optimum+count
only" is the DP with ``limit=0``: the optimum and the exact number of optimal collections,
none listed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from foolsolve.cards import FRENCH52, Card
from foolsolve.solver.fp_capture import ACE_OPTIONS, OBJECTIVES, CaptureReport, best_collections
from foolsolve.solver.fp_capture_z3 import z3_best_collections


def deal(rng: random.Random, size: int) -> tuple[list[Card], list[Card]]:
    """A 5-card hand and a centre of ``size`` cards from one deck (two if needed)."""
    decks = 1 if size + 5 <= 52 else 2 if size + 5 <= 104 else 3
    pool = list(FRENCH52) * decks
    rng.shuffle(pool)
    return pool[:5], pool[5:5 + size]


def timed(fn: Callable[..., CaptureReport], hand: list[Card], centre: list[Card], **kw: object
          ) -> tuple[float, CaptureReport]:
    t0 = time.perf_counter()
    rep = fn(hand, centre, **kw)
    return (time.perf_counter() - t0) * 1000.0, rep


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[5, 10, 15, 20, 30])
    ap.add_argument("--dp-only-sizes", type=int, nargs="*", default=[52, 99])
    ap.add_argument("--instances", type=int, default=11)
    ap.add_argument("--objective", choices=OBJECTIVES, default="points")
    ap.add_argument("--ace", choices=ACE_OPTIONS, default="either")
    ap.add_argument("--limit", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--no-optimize", action="store_true", help="skip the Z3 Optimize strategy")
    args = ap.parse_args()

    print(f"objective={args.objective} ace={args.ace} limit={args.limit} instances={args.instances} seed={args.seed}")
    print()
    print("| centre | DP optimum+count only | DP median | DP max | Z3 linear median | Z3 Optimize median | Z3 Optimize max "
          "| Optimize / DP | optimal collections (median, max) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size in [*args.sizes, *args.dp_only_sizes]:
        rng = random.Random(args.seed * 1000 + size)
        with_z3 = size in args.sizes
        dp_t: list[float] = []
        dp0_t: list[float] = []
        lin_t: list[float] = []
        opt_t: list[float] = []
        ties: list[int] = []
        for _ in range(args.instances):
            hand, centre = deal(rng, size)
            kw: dict[str, object] = dict(ace=args.ace, objective=args.objective, limit=args.limit)
            t, dp = timed(best_collections, hand, centre, **kw)
            dp_t.append(t)
            ties.append(dp.count)
            t, dp0 = timed(best_collections, hand, centre, **(kw | {"limit": 0}))
            dp0_t.append(t)
            assert (dp0.value, dp0.count) == (dp.value, dp.count)
            if not with_z3:
                continue
            strategies = ["linear"] + ([] if args.no_optimize else ["optimize"])
            for strategy, sink in zip(strategies, (lin_t, opt_t)):
                t, z = timed(z3_best_collections, hand, centre, strategy=strategy, **kw)
                sink.append(t)
                assert z.value == dp.value, (size, strategy, z.value, dp.value)
                if dp.count <= args.limit:
                    assert z.count_exact and z.keys == dp.keys, (size, strategy)

        def med(xs: list[float]) -> str:
            return f"{statistics.median(xs):.2f} ms" if xs else "-"

        def mx(xs: list[float]) -> str:
            return f"{max(xs):.2f} ms" if xs else "-"

        ratio = f"{statistics.median(opt_t) / statistics.median(dp_t):.0f}x" if opt_t else "-"
        print(f"| {size} | {med(dp0_t)} | {med(dp_t)} | {mx(dp_t)} | {med(lin_t)} | {med(opt_t)} | {mx(opt_t)} | {ratio} "
              f"| {statistics.median(ties):g}, {max(ties)} |", flush=True)


if __name__ == "__main__":
    main()
