"""Foolery benchmarks (a plain script; figures go to BENCHMARKS.md).

    .venv/bin/python bench/bench_foolery.py [--games 60] [--solves 7] [--cap 600000] [--only playout|solve]
                                            [--rows 8v8 12v12 paranoid max-n] [--seed N] [--baseline-python PY]

1. Random playouts, spec against engine, side by side in one run: the same fresh deals (3-7
   players, default rules), interleaved game by game, CPU time (``time.process_time``) so
   other load on the machine counts less. The spec: ``legal_moves`` + ``apply`` (checked) per
   move; the engine: ``ENGINE.playout`` (the compiled native loop, loaded before timing; it
   plays the game of the engine's ``legal_moves`` + ``apply_unchecked`` loop). The engine
   lists moves in its own order, so the same seed plays a different (equally random) game:
   the move totals of both are printed. Prints games/second of each and the ratio (target: 30x).
2. Open-hand endgame solves (``solver/foolery/search.py``, every move valued), median and max
   seconds over random positions: two players 8v8 (target median < 1 s), 12v12 (< 10 s, and
   none over the node cap: issue 32); three players with 5 cards each, paranoid and max-n
   (< 10 s). Node counts do not depend on the machine's load; seconds do.
   ``--baseline-python PY`` (the Python of a venv with another checkout installed, e.g. a
   ``git worktree`` of main with ``pip install --no-deps -e .``) solves every position in that
   checkout too, in a process of its own, the two taking turns position by position, and
   prints a table per row: each position's nodes and seconds in both and whether every move's
   value is the same.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, Worker, header, positive_int, run, serve

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


def random_endgame(rng: random.Random, players: int, active: int, cards: int) -> dict[str, Any]:
    """A position of ``players`` in which ``active`` players hold ``cards`` random cards each (the
    others are out, every other card set aside), a lead due by player 0 (its JSON)."""
    pool = list(TAROT78.cards)
    rng.shuffle(pool)
    hands = [[c.ascii for c in pool[i * cards:(i + 1) * cards]] for i in range(active)]
    hands += [[] for _ in range(players - active)]
    places = [None] * active + list(range(1, players - active + 1))
    return {"game": "foolery", "hands": hands, "to_move": 0, "places": places}


Solved = tuple[float, "int | None", Any, "dict[str, Any] | None"]
"""Seconds, nodes (``None`` over the cap), value and every move's value of one solve."""


def timed_solve(position: dict[str, Any], concept: str | None, cap: int) -> Solved:
    """A full solve (every move valued) of ``position`` by this process's ``foolsolve``."""
    from foolsolve.solver.base import SearchLimit, SolveOptions
    from foolsolve.solver.foolery.search import solve

    state = SPEC.state_from_json(position)
    extra = {"concept": concept} if concept else {}
    t = time.perf_counter()
    try:
        res = solve(state, SolveOptions(extra=extra, max_nodes=cap))
    except SearchLimit:
        return time.perf_counter() - t, None, None, None
    return time.perf_counter() - t, res.nodes, res.value, {m.move: m.value for m in res.moves}


def serve_solves() -> None:
    """``--serve`` (the other end of ``--baseline-python``): solve each position asked for with this
    process's ``foolsolve`` (the baseline checkout's)."""
    serve("ready", lambda job: list(timed_solve(job["position"], job["concept"], job["cap"])))


ROWS = {"8v8": ("2 players 8v8", 4, 2, 8, None), "12v12": ("2 players 12v12", 4, 2, 12, None),
        "paranoid": ("3 players 5 each, paranoid", 4, 3, 5, "paranoid"),
        "max-n": ("3 players 5 each, max-n", 4, 3, 5, "max-n")}


def bench_solves(count: int, players: int, active: int, cards: int, concept: str | None = None,
                 cap: int = 600_000, baseline: Worker | None = None, seed: int | None = None) -> dict[str, Any]:
    """Median and max seconds of full solves (every move valued) of random endgames; a solve
    that needs more than ``cap`` nodes is stopped and counted as over (its time then is a
    lower bound, and so is a median that includes it). With ``baseline``, each position is
    also solved there (the two take turns; which goes first alternates). ``seed``: other
    positions than the row's own (seeded ``1000 + 10 * cards + active``)."""
    rng = random.Random(1000 + 10 * cards + active if seed is None else seed)
    runs: dict[str, list[Solved]] = {"current": [], "baseline": []}
    for i in range(count):
        pos = random_endgame(rng, players, active, cards)
        order = ["current", "baseline"] if baseline is not None else ["current"]
        for name in order if i % 2 == 0 else order[::-1]:
            if name == "current":
                runs[name].append(timed_solve(pos, concept, cap))
            else:
                assert baseline is not None
                runs[name].append(tuple(baseline.ask({"position": pos, "concept": concept, "cap": cap})))  # type: ignore[arg-type]
            secs, nodes, _, _ = runs[name][-1]
            print(f"  {cards}x{active} #{i} {name}: {secs:.2f} s, "
                  + (f"{nodes:,} nodes" if nodes is not None else f"over {cap:,} nodes"), file=sys.stderr, flush=True)
    cur = runs["current"]
    times = [r[0] for r in cur]
    return {"positions": count, "median_s": statistics.median(times), "max_s": max(times),
            "median_nodes": statistics.median(cap if r[1] is None else r[1] for r in cur),
            "over_cap": sum(r[1] is None for r in cur), "cap": cap, "runs": runs}


def side_by_side(label: str, runs: dict[str, list[Solved]], cap: int) -> list[str]:
    """The per-position table of a row solved by the baseline and the current checkout."""
    def nodes(n: int | None) -> str:
        return f"over {cap:,}" if n is None else f"{n:,}"

    out = [f"\n{label}: baseline and current side by side (full solves, every move valued)\n",
           "| position | value | baseline nodes | current nodes | baseline / current | baseline s | current s "
           "| same move values |", "|---|---|---:|---:|---:|---:|---:|---|"]
    for i, (b, c) in enumerate(zip(runs["baseline"], runs["current"], strict=True)):
        if b[1] is not None and c[1] is not None:
            ratio = f"{b[1] / c[1]:.1f}x"
        elif c[1] is not None:
            ratio = f"> {cap / c[1]:.1f}x"  # the baseline stopped at the cap: a lower bound
        else:
            ratio = "-"
        same = "-" if b[3] is None or c[3] is None else "yes" if (b[2], b[3]) == (c[2], c[3]) else "**no**"
        value = c[2] if c[2] is not None else b[2] if b[2] is not None else "-"
        out.append(f"| #{i} | {value} | {nodes(b[1])} | {nodes(c[1])} | {ratio} | {b[0]:.2f} | {c[0]:.2f} | {same} |")
    return out


PROG = "bench_foolery.py"


def main() -> None:
    if sys.argv[1:] == ["--serve"]:
        serve_solves()
        return
    ap = Parser(PROG, __doc__)
    ap.add_argument("--games", type=positive_int, default=60, help="playouts: games (default 60)")
    ap.add_argument("--solves", type=positive_int, default=7, help="solves: positions per row (default 7)")
    ap.add_argument("--cap", type=positive_int, default=600_000,
                    help="node cap per solve (over it: counted as over; default 600000)")
    ap.add_argument("--only", choices=("playout", "solve"), help="one part only (default: both)")
    ap.add_argument("--rows", nargs="+", choices=tuple(ROWS), default=list(ROWS),
                    help="solves: the rows to run (default all)")
    ap.add_argument("--seed", type=int, default=None,
                    help="solves: draw other positions from this seed (default: each row's own fixed seed)")
    ap.add_argument("--baseline-python", metavar="PY", default=None,
                    help="solves: also solve every position in the checkout installed in this Python's venv, "
                         "side by side")
    a = ap.parse_args()
    print(header(PROG))
    if a.only in (None, "playout"):
        r = bench_playouts(a.games)
        print(f"playouts: {r['games']} games ({r['spec_moves']} / {r['engine_moves']} moves): "
              f"spec {r['spec_gps']:.1f} games/s, "
              f"engine {r['engine_gps']:.1f} games/s, engine/spec {r['ratio']:.1f}x (target 30x)")
    if a.only in (None, "solve"):
        worker = None
        if a.baseline_python:
            worker = Worker(a.baseline_python, __file__, ["--serve"], PROG, "--baseline-python", python=a.baseline_python)
        tables: list[str] = []
        try:
            for row in a.rows:
                label, players, active, cards, concept = ROWS[row]
                r = bench_solves(a.solves, players, active, cards, concept, a.cap, worker, a.seed)
                print(f"solve {label}: {r['positions']} positions, median {r['median_s']:.3f} s, "
                      f"max {r['max_s']:.3f} s, median nodes {r['median_nodes']:.0f}, "
                      f"{r['over_cap']} over the cap of {r['cap']} nodes", flush=True)
                if worker is not None:
                    tables += side_by_side(label, r["runs"], a.cap)
        finally:
            if worker is not None:
                worker.close()
        if tables:
            print("\n".join(tables))


if __name__ == "__main__":
    run(main, PROG)
