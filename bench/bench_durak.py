"""Durak benchmarks (issue: Durak end to end, §8).

    python bench/bench_durak.py [--sizes 4 6 8 10] [--positions 20] [--seed 2026] [--playouts 40]

1. Endgame solving: seeded random two-player podkidnoy positions with the deck empty (36-card
   deck, random trump suit, k cards each, player 0 to lead), solved exactly by
   ``foolsolve.solver.durak.solve``: median and max seconds, nodes, nodes per second.
2. Engine vs spec random-playout speed, measured side by side in one run: the same seeded
   whole games (random deal, 2-6 players, random rule options) are played by the spec and by
   the engine, alternating game by game; the ratio of moves per second.

Prints a Markdown report (paste it into BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from foolsolve.cards import FRENCH36, FRENCH_SUITS
from foolsolve.engines.durak import DurakEngine
from foolsolve.games.durak import random_game
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.durak import solve
from foolsolve.spec.durak import SPEC


def endgame(k: int, rng: random.Random) -> dict[str, object]:
    """A random deck-empty two-player podkidnoy position, k cards each."""
    cards = list(FRENCH36.cards)
    rng.shuffle(cards)
    return {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": rng.choice(FRENCH_SUITS),
            "hands": [[c.ascii for c in cards[:k]], [c.ascii for c in cards[k:2 * k]]],
            "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


def bench_solver(sizes: list[int], positions: int, seed: int) -> list[str]:
    rows = []
    for k in sizes:
        rng = random.Random(f"{seed}:{k}")
        secs, nodes, values = [], [], []
        for _ in range(positions):
            state = SPEC.state_from_json(endgame(k, rng))
            t0 = time.perf_counter()
            res = solve(state, SolveOptions(extra={"pv": False}))
            secs.append(time.perf_counter() - t0)
            nodes.append(res.nodes)
            values.append(res.value)
        wdl = "/".join(str(values.count(v)) for v in ("win", "draw", "loss"))
        rate = sum(nodes) / sum(secs) if sum(secs) else 0.0
        rows.append(f"| {k}v{k} | {positions} | {statistics.median(secs):.3f} | {max(secs):.3f} | "
                    f"{int(statistics.median(nodes)):,} | {max(nodes):,} | {rate:,.0f} | {wdl} |")
        print(rows[-1], flush=True)
    return rows


def bench_playouts(games: int, seed: int) -> list[str]:
    engine = DurakEngine()
    spec_moves = eng_moves = 0
    spec_secs = eng_secs = 0.0
    for i in range(games):
        start = random_game(random.Random(f"{seed}:deal:{i}"))
        # the spec
        rng = random.Random(f"{seed}:moves:{i}")
        t0 = time.perf_counter()
        s = start
        while True:
            moves = SPEC.legal_moves(s)
            if not moves:
                break
            s = SPEC.apply(s, rng.choice(moves))
            spec_moves += 1
        spec_secs += time.perf_counter() - t0
        # the engine, same deal, its own random choices
        rng = random.Random(f"{seed}:moves:{i}")
        t0 = time.perf_counter()
        e = engine.from_spec(start)
        while True:
            emoves = engine.legal_moves(e)
            if not emoves:
                break
            e = engine.apply(e, rng.choice(emoves))
            eng_moves += 1
        eng_secs += time.perf_counter() - t0
    spec_rate, eng_rate = spec_moves / spec_secs, eng_moves / eng_secs
    return ["| implementation | games | moves | seconds | moves/s |", "|---|---|---|---|---|",
            f"| spec | {games} | {spec_moves:,} | {spec_secs:.2f} | {spec_rate:,.0f} |",
            f"| engine | {games} | {eng_moves:,} | {eng_secs:.2f} | {eng_rate:,.0f} |",
            f"| **engine / spec** | | | | **{eng_rate / spec_rate:.1f}x** |"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[4, 6, 8, 10])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--playouts", type=int, default=40)
    a = ap.parse_args()
    print(f"Machine: {platform.machine()}, Python {platform.python_version()}, "
          f"command: python bench/bench_durak.py {' '.join(map(str, [*['--sizes'], *a.sizes]))} "
          f"--positions {a.positions} --seed {a.seed} --playouts {a.playouts}\n")
    print("\n".join(bench_playouts(a.playouts, a.seed)) + "\n", flush=True)
    print("| size | positions | median s | max s | median nodes | max nodes | nodes/s (all) | values (W/D/L) |")
    print("|---|---|---|---|---|---|---|---|")
    bench_solver(a.sizes, a.positions, a.seed)


if __name__ == "__main__":
    main()
