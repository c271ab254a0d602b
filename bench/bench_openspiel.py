"""OpenSpiel's alpha-beta against foolsolve's Durak solver, side by side in one run.

The same seeded two-player deck-empty podkidnoy positions (k cards each, as bench_durak.py makes
them) are solved by OpenSpiel's ``alpha_beta_search`` on the OpenSpiel bridge (the analyst's
view, ``open_hands=True``; the engine plays the moves) and by foolsolve's solver (the game value
for the side to move). Each row: both values (they must agree), both node counts (OpenSpiel:
moves applied; foolsolve: its search's nodes), both times and their ratio. A position that
OpenSpiel does not finish within ``--cap`` seconds is reported as over the cap (the ratio is then
a lower bound).

    python bench/bench_openspiel.py --sizes 4 5 6 --positions 3 --cap 300
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_durak import endgame


class _Cap(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Cap


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 5, 6], help="cards in each hand")
    parser.add_argument("--positions", type=int, default=3, help="seeded positions per size")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cap", type=float, default=300.0, help="seconds OpenSpiel may take per position")
    args = parser.parse_args(argv)
    if any(k < 1 or k > 18 for k in args.sizes) or args.positions < 1 or args.cap <= 0:
        print("bench_openspiel: error: sizes must be 1..18, positions >= 1, cap > 0", file=sys.stderr)
        return 2
    try:
        from open_spiel.python.algorithms import minimax
    except ImportError:
        print("bench_openspiel: error: OpenSpiel is not installed (pip install 'foolsolve[openspiel]')", file=sys.stderr)
        return 2
    from foolsolve import games
    from foolsolve import openspiel as fo
    from foolsolve.solver.base import SolveOptions

    info = games.get("durak")
    print("| size | position | OpenSpiel value | foolsolve value | OpenSpiel nodes | foolsolve nodes | "
          "OpenSpiel s | foolsolve s | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    ratios: dict[int, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for k in args.sizes:
            for i in range(args.positions):
                obj = endgame(k, random.Random(f"{args.seed}:{k}:{i}"))
                path = Path(tmp) / f"p{k}-{i}.json"
                path.write_text(json.dumps(obj))
                state = info.spec.state_from_json(obj)
                t0 = time.perf_counter()
                ours = info.solve(state, SolveOptions(extra={"moves": False}))
                t_ours = time.perf_counter() - t0
                g = fo.load("durak", position=str(path), open_hands=True)
                signal.signal(signal.SIGALRM, _alarm)
                signal.setitimer(signal.ITIMER_REAL, args.cap)
                t0 = time.perf_counter()
                try:
                    value, _ = minimax.alpha_beta_search(g, maximum_depth=100_000)
                    t_os = time.perf_counter() - t0
                    theirs = {1.0: "win", 0.0: "draw", -1.0: "loss"}[value]
                    over = False
                except _Cap:
                    t_os, theirs, over = args.cap, "-", True
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                if not over and theirs != ours.value:
                    print(f"bench_openspiel: error: values differ at {k}v{k} #{i}: {theirs} vs {ours.value}",
                          file=sys.stderr)
                    return 1
                ratio = t_os / max(t_ours, 1e-6)
                ratios.setdefault(k, []).append(ratio)
                mark = ">" if over else ""
                print(f"| {k}v{k} | {i} | {theirs} | {ours.value} | {g.setup.applied:,} | {ours.nodes:,} | "
                      f"{mark}{t_os:.3f} | {t_ours:.4f} | {mark}{ratio:,.0f}x |", flush=True)
    for k, rs in ratios.items():
        print(f"{k}v{k}: median ratio {statistics.median(rs):,.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
