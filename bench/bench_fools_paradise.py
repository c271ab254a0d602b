"""Fool's Paradise benchmarks: random playouts (engine against spec), endgame solves, best captures.

    python bench/bench_fools_paradise.py [--parts playouts endgames captures]
        playouts: [--games 60] [--rounds 5] [--players 2] [--seed 2026] [--baseline-tree DIR]
        endgames: [--endgames 30]
        captures: [--sizes 5 10 15 20 30] [--dp-only-sizes 52 99] [--instances 11]
                  [--objective points|cards|clear] [--ace either|low|high|either_per_play]
                  [--limit 1000] [--no-optimize]

Every comparison runs side by side in one run on the same seeded inputs and prints the ratio.

* **playouts** (CPU time, ``time.process_time``): every round deals ``--games`` **fresh** games
  (default rules) from seeds no other round uses; every row plays the very same games (game
  ``i`` draws its moves from its own seeded ``random.Random``, fresh for each row; the script
  stops unless every row plays the spec's game: move count and result). Rows: the spec
  (``SPEC.legal_moves``, ``rng.choice``, ``SPEC.apply``), the engine's generic loop (the base
  class's ``Engine.playout``: ``legal_moves``, ``rng.choice``, ``apply_unchecked``) and its
  native ``ENGINE.playout``. First the rows take turns **game by game** (the first row rotating,
  ``gc.collect()`` untimed before each game, the engine's per-rules tables dropped before each
  engine row's first game of a round), then each row plays the round's games **in one block**.
  Target: the native playout at least 30x the spec, game by game. ``--baseline-tree DIR`` adds
  the native playout of another checkout of the project (e.g. ``git worktree add /tmp/base
  main``), run by this script in a second process with ``PYTHONPATH=DIR``, taking turns game by
  game with the rows. Run with ``PYTHONPATH=DIR``, the script times that checkout's rows (back to
  577b1f0, whose modules differ).
* **endgames** (wall time): random deals played by the fixed greedy policy until the draw pile
  is empty (hands 5+5, or 5+5+5), then solved exactly, every root move valued, with the principal
  variation: ``--endgames`` two-player positions (score difference) and a third as many
  three-player ones (paranoid).
* **captures** (wall time, milliseconds): the best collections of a 5-card hand on a random
  centre of each size (one shuffled deck; two or three for big centres), every optimal collection
  listed up to ``--limit``, by the dynamic program and by the Z3 model (linear search and
  ``Optimize``), ``--instances`` seeded instances a size; every instance's answers are checked
  equal (optimum and the whole optimal set). ``--dp-only-sizes`` are timed by the DP alone.
  Target: a 20-card centre under 50 ms (DP). Z3 on 30 cards can take half a minute an instance.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import ROOT, Parser, Worker, fail, header, positive_int, run, serve

from foolsolve.engines.fools_paradise import _CTX, ENGINE
from foolsolve.game import Engine
from foolsolve.spec.fools_paradise import SPEC, Rules

PROG = "bench_fools_paradise.py"
PARTS = ("playouts", "endgames", "captures")
clock = time.process_time

# --- playouts ------------------------------------------------------------------------------

ROWS = ("spec", "generic", "native")
ROW_API = {
    "spec": "`SPEC.legal_moves` + `rng.choice` + `SPEC.apply` (checked)",
    "generic": "`from_spec`, then `Engine.playout` (base class): `legal_moves` + `rng.choice` + `apply_unchecked`",
    "native": "`from_spec`, then `ENGINE.playout(e, rng)` (counts each decision's moves, builds only the drawn one)",
    "own process": "`ENGINE.playout(e, rng)` of this checkout in a process of its own",
    "baseline": "`ENGINE.playout(e, rng)` of the baseline checkout in a process of its own",
}


def _play(row: str, start: Any, rng: random.Random) -> tuple[int, Any]:
    """One game by one row of this process: ``(moves, final state)``."""
    if row == "spec":
        s = start
        moves = 0
        legal, apply, choice = SPEC.legal_moves, SPEC.apply, rng.choice
        while True:
            lm = legal(s)
            if not lm:
                break
            s = apply(s, choice(lm))
            moves += 1
        return moves, s
    if row == "generic":
        final, moves = Engine.playout(ENGINE, ENGINE.from_spec(start), rng)
    else:
        final, moves = ENGINE.playout(ENGINE.from_spec(start), rng)
    return moves, final


def _result(row: str, final: Any) -> str:
    """The game's result as text (read after the timing)."""
    return str(SPEC.result(final) if row == "spec" else ENGINE.result(final))


def _deal(game: int, players: int) -> Any:
    return SPEC.deal(Rules(), players, random.Random(game))


def serve_playouts() -> None:
    """``--serve`` (the other end of ``--baseline-tree``): play the games asked for with this
    process's native playout (the baseline checkout's) and answer ``[cpu seconds, moves, result]``
    (for a block: ``[cpu seconds of the block]``)."""
    try:
        from foolsolve.engines import fools_paradise_playout  # noqa: F401  (imported before timing)
    except ImportError:  # a checkout whose engine module holds the playout
        pass

    def answer(job: dict[str, Any]) -> list[Any]:
        if job.get("clear"):
            _CTX.clear()
        games = job["games"]
        starts = [_deal(g, job["players"]) for g, _ in games]
        gc.collect()
        if job.get("block"):
            t0 = clock()
            for start, (_, move_seed) in zip(starts, games):
                ENGINE.playout(ENGINE.from_spec(start), random.Random(move_seed))
            return [clock() - t0]
        (_, move_seed), = games
        t0 = clock()
        final, moves = ENGINE.playout(ENGINE.from_spec(starts[0]), random.Random(move_seed))
        secs = clock() - t0
        return [secs, moves, str(ENGINE.result(final))]

    serve("ready", answer)


def bench_playouts(games: int, rounds: int, seed: int, players: int, baseline_tree: str | None) -> list[str]:
    """The playout rows, game by game and in blocks (see the module docstring)."""
    try:
        from foolsolve.engines import fools_paradise_playout  # noqa: F401  (imported before timing, as the engine is)
    except ImportError:  # an older checkout whose engine module holds the playout
        pass

    rows = ROWS + (("own process", "baseline") if baseline_tree else ())
    # a process that plays only playouts runs them faster than this one, whose heap the spec's games
    # have grown (about 1.3x for the same code), so the baseline is compared with this checkout's
    # playout in a second process of its own, not with the native row
    workers = {row: Worker(tree, __file__, ["--serve"], PROG, "--baseline-tree")
               for row, tree in (("own process", str(ROOT)), ("baseline", baseline_tree))} if baseline_tree else {}
    tot = dict.fromkeys(rows, 0.0)
    blk = dict.fromkeys(rows, 0.0)
    per_round: list[dict[str, float]] = []
    per_block: list[dict[str, float]] = []
    n_moves = 0
    n = len(rows)
    try:
        for r in range(rounds):
            t = dict.fromkeys(rows, 0.0)
            cleared: set[str] = set()
            batch = []
            for i in range(games):
                g = seed * 100_000 + r * 1000 + i
                start = _deal(g, players)
                batch.append((g, g * 7 + 3))
                out: dict[str, tuple[int, str]] = {}
                for row in rows[i % n:] + rows[:i % n]:
                    first = row != "spec" and row not in cleared
                    cleared.add(row)
                    if row in workers:
                        secs, moves, result = workers[row].ask({"games": [batch[-1]], "players": players,
                                                                "clear": first})
                        out[row] = (moves, result)
                        t[row] += secs
                        continue
                    if first:
                        _CTX.clear()  # this round's first game of an engine row builds the per-rules tables
                    rng = random.Random(g * 7 + 3)
                    gc.collect()
                    t0 = clock()
                    moves, final = _play(row, start, rng)
                    t[row] += clock() - t0
                    out[row] = (moves, _result(row, final))
                for row in rows[1:]:
                    if out[row] != out["spec"]:
                        raise SystemExit(f"{PROG}: round {r} game {i}: row {row} did not play the spec's game")
                n_moves += out["spec"][0]
            for k in rows:
                tot[k] += t[k]
            per_round.append(t)
            b = dict.fromkeys(rows, 0.0)
            for row in rows[r % n:] + rows[:r % n]:
                if row in workers:
                    b[row] = workers[row].ask({"games": batch, "players": players, "clear": True, "block": True})[0]
                else:
                    if row != "spec":
                        _CTX.clear()
                    starts = [_deal(g, players) for g, _ in batch]
                    gc.collect()
                    t0 = clock()
                    for start, (_, move_seed) in zip(starts, batch):
                        _play(row, start, random.Random(move_seed))
                    b[row] = clock() - t0
                blk[row] += b[row]
            per_block.append(b)
    finally:
        for worker in workers.values():
            worker.close()

    def table(secs: dict[str, float], with_api: bool) -> list[str]:
        out = (["| row | API | seconds | moves/s | vs spec |", "|---|---|---:|---:|---:|"] if with_api
               else ["| row | seconds | moves/s | vs spec |", "|---|---:|---:|---:|"])
        for k in rows:
            api = f" {ROW_API[k]} |" if with_api else ""
            ratio = "1x" if k == "spec" else f"**{secs['spec'] / secs[k]:.1f}x**"
            out.append(f"| {k} |{api} {secs[k]:.3f} | {n_moves / secs[k]:,.0f} | {ratio} |")
        return out

    def per(rounds_: list[dict[str, float]]) -> str:
        return "; ".join(f"{k} " + ", ".join(f"{t['spec'] / t[k]:.1f}x" for t in rounds_) for k in rows[1:])

    lines = [f"Random playouts, {rounds} rounds x {games} fresh {players}-player deals (default rules), seed {seed}: "
             f"{n_moves:,} moves per row, the same games in every row (checked); CPU time.", "",
             "Game by game:", "", *table(tot, True), "", f"Per round, vs spec: {per(per_round)}.", "",
             "The same games, each row a round's games in one block:", "", *table(blk, False), "",
             f"Per round, vs spec: {per(per_block)}."]
    if baseline_tree:
        lines += ["", f"Native playout, this checkout against `{baseline_tree}` (each in a process of its own): game "
                      f"by game **{tot['baseline'] / tot['own process']:.2f}x**, in blocks "
                      f"**{blk['baseline'] / blk['own process']:.2f}x** (above 1: this checkout is faster)."]
    return lines


# --- endgames ------------------------------------------------------------------------------

def bench_endgames(n: int, players: int) -> str:
    """One table row: ``n`` greedy-played deals of ``players`` solved exactly."""
    from foolsolve.solver.base import SolveOptions
    from foolsolve.solver.fools_paradise.ambiguity import greedy_until_stock_empty
    from foolsolve.solver.fools_paradise.search import solve

    times, nodes = [], []
    for i in range(n):
        e = greedy_until_stock_empty(SPEC.deal(Rules(), players, random.Random(500 + i)))
        if e.terminal():
            continue
        st = ENGINE.to_spec(e)
        t = time.perf_counter()
        res = solve(st, SolveOptions())
        times.append(time.perf_counter() - t)
        nodes.append(res.nodes)
    if not times:
        return f"| {players} | 0 | - | - | - | - | - |"
    return (f"| {players} | {len(times)} | {statistics.median(times):.3f} | {statistics.mean(times):.3f} | "
            f"{max(times):.3f} | {statistics.median(nodes):,.0f} | {max(nodes):,} |")


# --- captures ------------------------------------------------------------------------------

def bench_captures(sizes: list[int], dp_only: list[int], instances: int, objective: str, ace: str, limit: int,
                   seed: int, optimize: bool) -> list[str]:
    """One row per centre size: DP and Z3 medians side by side on the same instances."""
    from foolsolve.cards import FRENCH52, Card
    from foolsolve.solver.fools_paradise.capture import CaptureReport, best_collections
    from foolsolve.solver.fools_paradise.capture_z3 import z3_best_collections

    def deal(rng: random.Random, size: int) -> tuple[list[Card], list[Card]]:
        decks = 1 if size + 5 <= 52 else 2 if size + 5 <= 104 else 3
        pool = list(FRENCH52) * decks
        rng.shuffle(pool)
        return pool[:5], pool[5:5 + size]

    def timed(fn: Callable[..., CaptureReport], hand: list[Card], centre: list[Card], **kw: object
              ) -> tuple[float, CaptureReport]:
        t0 = time.perf_counter()
        rep = fn(hand, centre, **kw)
        return (time.perf_counter() - t0) * 1000.0, rep

    rows = [f"objective={objective} ace={ace} limit={limit} instances={instances} seed={seed}", "",
            "| centre | DP optimum+count only | DP median | DP max | Z3 linear median | Z3 Optimize median "
            "| Z3 Optimize max | Optimize / DP | linear / DP | optimal collections (median, max) |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    print("\n".join(rows), flush=True)
    for size in [*sizes, *dp_only]:
        rng = random.Random(seed * 1000 + size)
        with_z3 = size in sizes
        dp_t: list[float] = []
        dp0_t: list[float] = []
        lin_t: list[float] = []
        opt_t: list[float] = []
        ties: list[int] = []
        for _ in range(instances):
            hand, centre = deal(rng, size)
            kw: dict[str, object] = dict(ace=ace, objective=objective, limit=limit)
            t, dp = timed(best_collections, hand, centre, **kw)
            dp_t.append(t)
            ties.append(dp.count)
            t, dp0 = timed(best_collections, hand, centre, **(kw | {"limit": 0}))
            dp0_t.append(t)
            if (dp0.value, dp0.count) != (dp.value, dp.count):
                raise SystemExit(f"{PROG}: centre {size}: the DP's count-only run disagrees")
            if not with_z3:
                continue
            for strategy, sink in zip(["linear"] + (["optimize"] if optimize else []), (lin_t, opt_t)):
                t, z = timed(z3_best_collections, hand, centre, strategy=strategy, **kw)
                sink.append(t)
                if z.value != dp.value or (dp.count <= limit and not (z.count_exact and z.keys == dp.keys)):
                    raise SystemExit(f"{PROG}: centre {size}: Z3 ({strategy}) and the DP disagree")

        def med(xs: list[float]) -> str:
            return f"{statistics.median(xs):.2f} ms" if xs else "-"

        def ratio(xs: list[float], dp: list[float] = dp_t) -> str:
            return f"**{statistics.median(xs) / statistics.median(dp):.0f}x**" if xs else "-"

        rows.append(f"| {size} | {med(dp0_t)} | {med(dp_t)} | {max(dp_t):.2f} ms | {med(lin_t)} | {med(opt_t)} | "
                    f"{f'{max(opt_t):.2f} ms' if opt_t else '-'} | {ratio(opt_t)} | {ratio(lin_t)} | "
                    f"{statistics.median(ties):g}, {max(ties)} |")
        print(rows[-1], flush=True)
    return rows


def main() -> None:
    if sys.argv[1:] == ["--serve"]:
        # the worker of --baseline-tree, which may be a checkout without today's solver modules
        serve_playouts()
        return
    try:
        from foolsolve.solver.fools_paradise.capture import ACE_OPTIONS, OBJECTIVES
    except ImportError:  # an older checkout run with PYTHONPATH=DIR: its playouts still run
        ACE_OPTIONS, OBJECTIVES = ("either",), ("points",)

    ap = Parser(PROG, __doc__)
    ap.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS), help="what to measure (default: all)")
    ap.add_argument("--games", type=positive_int, default=60, help="playouts: fresh deals per round (default 60)")
    ap.add_argument("--rounds", type=positive_int, default=5, help="playouts: rounds (default 5)")
    ap.add_argument("--players", type=positive_int, default=2, help="playouts: players per deal, 2 to 8 (default 2)")
    ap.add_argument("--seed", type=int, default=2026, help="playouts: seed of the deals (default 2026)")
    ap.add_argument("--baseline-tree", metavar="DIR", default=None,
                    help="playouts: another checkout whose native playout runs side by side (in a second process)")
    ap.add_argument("--endgames", type=positive_int, default=30, help="endgames: two-player positions (default 30)")
    ap.add_argument("--sizes", type=positive_int, nargs="+", default=[5, 10, 15, 20, 30],
                    help="captures: centre sizes timed by DP and Z3 (default 5 10 15 20 30)")
    ap.add_argument("--dp-only-sizes", type=positive_int, nargs="*", default=[52, 99],
                    help="captures: centre sizes timed by the DP alone (default 52 99)")
    ap.add_argument("--instances", type=positive_int, default=11, help="captures: instances a size (default 11)")
    ap.add_argument("--objective", choices=OBJECTIVES, default="points")
    ap.add_argument("--ace", choices=ACE_OPTIONS, default="either")
    ap.add_argument("--limit", type=int, default=1000, help="captures: optimal collections listed (default 1000)")
    ap.add_argument("--no-optimize", action="store_true", help="captures: skip Z3's Optimize strategy")
    a = ap.parse_args()
    if not 2 <= a.players <= 8:
        fail(PROG, f"--players: {a.players} is not from 2 to 8")
    if a.limit < 0:
        fail(PROG, f"--limit: {a.limit} is below 0")
    if any(s + 5 > 3 * 52 for s in [*a.sizes, *a.dp_only_sizes]):
        fail(PROG, "--sizes: a centre and a 5-card hand must fit three decks (centre at most 151)")
    print(header(PROG))
    if "playouts" in a.parts:
        print("\n".join(bench_playouts(a.games, a.rounds, a.seed, a.players, a.baseline_tree)) + "\n", flush=True)
    if "endgames" in a.parts:
        print("Solver solves (greedy play to an empty stock, every move valued, principal variation; wall time):\n")
        print("| players | positions | median s | mean s | max s | median nodes | max nodes |")
        print("|---|---:|---:|---:|---:|---:|---:|", flush=True)
        print(bench_endgames(a.endgames, 2), flush=True)
        print(bench_endgames(max(1, a.endgames // 3), 3) + "\n", flush=True)
    if "captures" in a.parts:
        bench_captures(a.sizes, a.dp_only_sizes, a.instances, a.objective, a.ace, a.limit, 20261122,
                       not a.no_optimize)


if __name__ == "__main__":
    run(main, PROG)
