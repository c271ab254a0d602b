"""Fool's Paradise benchmarks (a plain script; figures in BENCHMARKS.md).

1. Random playouts, engine against spec, side by side in one run: the same games (the spec
   draws a uniformly random legal move, the engine replays it), timed as ``legal_moves`` +
   ``apply`` per move on both sides (the spec's ``apply`` checks legality, so it generates
   the moves twice, as any spec playout does). Spec and engine alternate game by game so
   both see the same machine load. The engine starts each round with empty memo tables
   ("cold": tables filled during the round only) and then replays the round ("warm": every
   table already filled); a long run of fresh random games shows the tables filling as a
   real playout workload does.
2. Endgame solves: random deals played by the greedy policy until the draw pile is empty,
   then solved exactly (two players; paranoid for three).

Run: ``.venv/bin/python bench/bench_fools_paradise.py [--games 60] [--rounds 3] [--endgames 30]``

The engine's ``apply`` checks legality (as the spec's does). The engine-against-spec figure
on fresh positions, with ``apply_unchecked`` (the playout API) and the checked ``apply``
reported separately, comes from ``bench/bench_fp_playout.py``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from typing import Any

from bench_fp_playout import record

from foolsolve.engines.fools_paradise import _CTX, ENGINE
from foolsolve.games.fools_paradise_cli import greedy_until_stock_empty
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.fools_paradise import solve
from foolsolve.spec.fools_paradise import SPEC, Rules

clock = time.process_time


def record_games(n: int, players: int = 2) -> list[tuple[Any, list[Any], list[Any]]]:
    """``n`` seeded games: the spec's random moves and the engine's equivalents."""
    return [record(i, players, move_seed=1000 + i) for i in range(n)]


def spec_game(game: tuple[Any, list[Any], list[Any]]) -> float:
    s, seq, _ = game
    t = clock()
    for m in seq:
        SPEC.legal_moves(s)
        s = SPEC.apply(s, m)
    return clock() - t


def engine_game(game: tuple[Any, list[Any], list[Any]]) -> float:
    s, _, eseq = game
    t = clock()
    e = ENGINE.from_spec(s)
    for m in eseq:
        ENGINE.legal_moves(e)
        e = ENGINE.apply(e, m)
    return clock() - t


def fresh_engine_games(n: int) -> tuple[int, float]:
    _CTX.clear()
    rng = random.Random(99)
    moves = 0
    t = clock()
    for i in range(n):
        e = ENGINE.from_spec(SPEC.deal(Rules(), 2, random.Random(10_000 + i)))
        while not e.terminal():
            ms = ENGINE.legal_moves(e)
            e = ENGINE.apply(e, ms[rng.randrange(len(ms))])
            moves += 1
    return moves, clock() - t


def playouts(n_games: int, rounds: int) -> None:
    """Spec and engine alternate game by game (so both see the same machine load); each
    round starts the engine with empty memo tables ("cold"), then replays the round's games
    once more ("warm")."""
    games = record_games(n_games)
    moves = sum(len(g[1]) for g in games)
    spec_t, cold_t, warm_t = [], [], []
    for _ in range(rounds):
        _CTX.clear()
        ts = tc = tw = 0.0
        for g in games:
            ts += spec_game(g)
            tc += engine_game(g)
        for g in games:
            tw += engine_game(g)
        spec_t.append(ts)
        cold_t.append(tc)
        warm_t.append(tw)
    print(f"playouts: {n_games} two-player games, {moves} moves, {rounds} rounds (spec and engine alternate "
          f"game by game)")
    for i in range(rounds):
        print(f"  round {i + 1}: spec {spec_t[i]:.3f} s, engine cold {cold_t[i]:.3f} s "
              f"(x{spec_t[i] / cold_t[i]:.1f}), warm {warm_t[i]:.3f} s (x{spec_t[i] / warm_t[i]:.1f})")
    s, c, w = sum(spec_t), sum(cold_t), sum(warm_t)
    print(f"  total: spec {moves * rounds / s:8.0f} moves/s; engine cold {moves * rounds / c:8.0f} moves/s, "
          f"ratio {s / c:.1f}x; engine warm {moves * rounds / w:8.0f} moves/s, ratio {s / w:.1f}x")
    fm, ft = fresh_engine_games(20 * n_games)
    sm_t = sum(spec_game(g) for g in games[:10])
    sm = sum(len(g[1]) for g in games[:10])
    print(f"  engine, {20 * n_games} fresh random games from empty tables: {fm / ft:8.0f} moves/s; spec on 10 games "
          f"right after: {sm / sm_t:6.0f} moves/s; ratio {(fm / ft) / (sm / sm_t):.1f}x")


def endgames(n: int, players: int) -> None:
    if n <= 0:
        return
    times, nodes = [], []
    for i in range(n):
        state = SPEC.deal(Rules(), players, random.Random(500 + i))
        e = greedy_until_stock_empty(state)
        if e.terminal():
            continue
        st = ENGINE.to_spec(e)
        t = time.perf_counter()
        res = solve(st, SolveOptions())
        times.append(time.perf_counter() - t)
        nodes.append(res.nodes)
    print(f"endgame solves ({players} players, greedy play to an empty stock, every move valued + PV): {len(times)}")
    print(f"  time  median {statistics.median(times):.3f} s  mean {statistics.mean(times):.3f} s  "
          f"max {max(times):.3f} s")
    print(f"  nodes median {statistics.median(nodes):.0f}  mean {statistics.mean(nodes):.0f}  max {max(nodes)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--endgames", type=int, default=30)
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    playouts(args.games, args.rounds)
    endgames(args.endgames, 2)
    endgames(max(5, args.endgames // 3), 3)


if __name__ == "__main__":
    main()
