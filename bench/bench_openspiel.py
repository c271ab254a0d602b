"""OpenSpiel's alpha-beta against foolsolve's Durak solver, side by side in one run.

The same seeded two-player deck-empty podkidnoy positions (k cards each, as bench_durak.py makes
them) are solved by OpenSpiel's ``alpha_beta_search`` on the OpenSpiel bridge (the analyst's
view, ``open_hands=True``; the engine plays the moves) and by foolsolve's solver (the game value
for the side to move). Each row: both values (they must agree), both node counts (OpenSpiel:
moves applied; foolsolve: its search's nodes), both times and their ratio. foolsolve's time is
the fastest of ``--repeat`` solves of the position (a fresh solve each, after one untimed solve
that loads the solver), since its small positions take well under a millisecond and one timing
of them is mostly noise; OpenSpiel's is one search. A position that
OpenSpiel does not finish within ``--cap`` seconds is reported as over the cap (the ratio is then
a lower bound).

    python bench/bench_openspiel.py --sizes 4 5 6 --positions 3 --cap 300 [--repeat 20]

Needs the ``openspiel`` extra (``pip install 'foolsolve[openspiel]'``).
"""

from __future__ import annotations

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
from benchkit import Parser, fail, header, positive_float, positive_int, run

PROG = "bench_openspiel.py"


class _Cap(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Cap


def main(argv: list[str] | None = None) -> int:
    parser = Parser(PROG, __doc__)
    parser.add_argument("--sizes", type=positive_int, nargs="+", default=[4, 5, 6],
                        help="cards in each hand, 1 to 18 (default 4 5 6)")
    parser.add_argument("--positions", type=positive_int, default=3, help="seeded positions per size (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cap", type=positive_float, default=300.0,
                        help="seconds OpenSpiel may take per position (default 300)")
    parser.add_argument("--repeat", type=positive_int, default=20,
                        help="foolsolve solves of each position, the fastest counting (default 20)")
    args = parser.parse_args(argv)
    if any(k > 18 for k in args.sizes):
        fail(PROG, f"--sizes: {max(args.sizes)} cards a side do not fit a 36-card deck (at most 18)")
    try:
        from open_spiel.python.algorithms import minimax
    except ImportError:
        fail(PROG, "OpenSpiel is not installed (pip install 'foolsolve[openspiel]')")
    print(header(PROG))
    from foolsolve import games
    from foolsolve import openspiel as fo
    from foolsolve.solver.base import SolveOptions

    info = games.get("durak")
    print("| size | position | OpenSpiel value | foolsolve value | OpenSpiel nodes | foolsolve nodes | "
          f"OpenSpiel s | foolsolve s (fastest of {args.repeat}) | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    ratios: dict[int, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for k in args.sizes:
            for i in range(args.positions):
                obj = endgame(k, random.Random(f"{args.seed}:{k}:{i}"))
                path = Path(tmp) / f"p{k}-{i}.json"
                path.write_text(json.dumps(obj))
                state = info.spec.state_from_json(obj)
                ours = info.solve(state, SolveOptions(extra={"moves": False}))  # untimed: loads the solver
                t_ours = float("inf")
                for _ in range(args.repeat):
                    t0 = time.perf_counter()
                    info.solve(state, SolveOptions(extra={"moves": False}))
                    t_ours = min(t_ours, time.perf_counter() - t0)
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
                    print(f"{PROG}: values differ at {k}v{k} #{i}: {theirs} vs {ours.value}", file=sys.stderr)
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
    run(lambda: sys.exit(main()), PROG)
