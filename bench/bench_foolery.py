"""Foolery benchmarks (a plain script; figures go to BENCHMARKS.md).

    .venv/bin/python bench/bench_foolery.py [--games 60] [--solves 7] [--cap 600000] [--only playout|solve]

1. Random playouts, spec against engine, side by side in one run: the same fresh deals (3-7
   players, default rules), interleaved game by game, CPU time (``time.process_time``) so
   other load on the machine counts less. The spec: ``legal_moves`` + ``apply`` (checked) per
   move; the engine: ``ENGINE.playout`` (the compiled native loop, loaded before timing; it
   plays the game of the engine's ``legal_moves`` + ``apply_unchecked`` loop). The engine
   lists moves in its own order, so the same seed plays a different (equally random) game:
   the move totals of both are printed. Prints games/second of each and the ratio (target: 30x).
2. Open-hand endgame solves (``solver/foolery/search.py``, every move valued), median and max
   seconds over random positions: two players 8v8 (target median < 1 s), 12v12 (< 10 s);
   three players with 5 cards each, paranoid and max-n (< 10 s).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, header, positive_int, run

from foolsolve.cards import TAROT78
from foolsolve.engines.foolery import ENGINE
from foolsolve.spec.foolery import SPEC, Rules


def spec_playout(state: Any, rng: random.Random) -> int:
    steps = 0
    while True:
        moves = SPEC.legal_moves(state)
        if not moves:
            return steps
        state = SPEC.apply(state, rng.choice(moves))
        steps += 1


def bench_playouts(games: int) -> dict[str, float]:
    """Spec and engine on the same deals, interleaved; games/second and the ratio."""
    rng = random.Random(2026)
    deals = [SPEC.deal(Rules(), rng.randint(3, 7), rng) for _ in range(games)]
    ENGINE.playout(ENGINE.from_spec(deals[0]), random.Random(-1))  # load (or compile) the native loop first
    t_spec = t_eng = 0.0
    n_spec = n_eng = 0
    for i, d in enumerate(deals):
        t = time.process_time()
        n_spec += spec_playout(d, random.Random(i))
        t_spec += time.process_time() - t
        t = time.process_time()
        _, n = ENGINE.playout(ENGINE.from_spec(d), random.Random(i))
        t_eng += time.process_time() - t
        n_eng += n
    return {"games": games, "spec_moves": n_spec, "engine_moves": n_eng, "spec_gps": games / t_spec,
            "engine_gps": games / t_eng, "ratio": t_spec / t_eng}


def random_endgame(rng: random.Random, players: int, active: int, cards: int) -> Any:
    """A position of ``players`` in which ``active`` players hold ``cards`` random cards each (the
    others are out, every other card set aside), a lead due by player 0."""
    pool = list(TAROT78.cards)
    rng.shuffle(pool)
    hands = [[c.ascii for c in pool[i * cards:(i + 1) * cards]] for i in range(active)]
    hands += [[] for _ in range(players - active)]
    places = [None] * active + list(range(1, players - active + 1))
    obj = {"game": "foolery", "hands": hands, "to_move": 0, "places": places}
    return SPEC.state_from_json(obj)


def bench_solves(count: int, players: int, active: int, cards: int, concept: str | None = None,
                 cap: int = 600_000) -> dict[str, Any]:
    """Median and max seconds of full solves (every move valued) of random endgames; a solve
    that needs more than ``cap`` nodes is stopped and counted as over (its time then is a
    lower bound, and so is a median that includes it)."""
    from foolsolve.solver.base import SearchLimit, SolveOptions
    from foolsolve.solver.foolery.search import solve

    rng = random.Random(1000 + 10 * cards + active)
    times = []
    nodes = []
    over = 0
    for _ in range(count):
        s = random_endgame(rng, players, active, cards)
        extra = {"concept": concept} if concept else {}
        t = time.perf_counter()
        try:
            res = solve(s, SolveOptions(extra=extra, max_nodes=cap))
            nodes.append(res.nodes)
        except SearchLimit:
            over += 1
            nodes.append(cap)
        times.append(time.perf_counter() - t)
    return {"positions": count, "median_s": statistics.median(times), "max_s": max(times),
            "median_nodes": statistics.median(nodes), "over_cap": over, "cap": cap}


PROG = "bench_foolery.py"


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--games", type=positive_int, default=60, help="playouts: games (default 60)")
    ap.add_argument("--solves", type=positive_int, default=7, help="solves: positions per row (default 7)")
    ap.add_argument("--cap", type=positive_int, default=600_000,
                    help="node cap per solve (over it: counted as over; default 600000)")
    ap.add_argument("--only", choices=("playout", "solve"), help="one part only (default: both)")
    a = ap.parse_args()
    print(header(PROG))
    if a.only in (None, "playout"):
        r = bench_playouts(a.games)
        print(f"playouts: {r['games']} games ({r['spec_moves']} / {r['engine_moves']} moves): "
              f"spec {r['spec_gps']:.1f} games/s, "
              f"engine {r['engine_gps']:.1f} games/s, engine/spec {r['ratio']:.1f}x (target 30x)")
    if a.only in (None, "solve"):
        for label, args in (("2 players 8v8", (4, 2, 8, None)), ("2 players 12v12", (4, 2, 12, None)),
                            ("3 players 5 each, paranoid", (4, 3, 5, "paranoid")),
                            ("3 players 5 each, max-n", (4, 3, 5, "max-n"))):
            players, active, cards, concept = args
            r = bench_solves(a.solves, players, active, cards, concept, a.cap)
            print(f"solve {label}: {r['positions']} positions, median {r['median_s']:.3f} s, "
                  f"max {r['max_s']:.3f} s, median nodes {r['median_nodes']:.0f}, "
                  f"{r['over_cap']} over the cap of {r['cap']} nodes")


if __name__ == "__main__":
    run(main, PROG)
