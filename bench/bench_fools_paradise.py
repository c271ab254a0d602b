"""Fool's Paradise benchmarks (a plain script; figures go to docs/bench-fp-game.md).

1. Random playouts, engine against spec, side by side in one run: the same games (the spec
   draws a uniformly random legal move, the engine replays it), timed as ``legal_moves`` +
   ``apply`` per move on both sides, several alternating rounds, best round of each. The
   engine is timed with empty memo tables each round ("cold": caches filled during the
   round only) and again on the same games ("warm": every table already filled), plus a
   long run of fresh random games (the memo tables fill as a real playout workload does).
2. Endgame solves: random deals played by the greedy policy until the draw pile is empty,
   then solved exactly (two players; paranoid for three).

Run: ``.venv/bin/python bench/bench_fools_paradise.py [--games 60] [--rounds 3] [--endgames 30]``
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from typing import Any

from foolsolve.engines.fools_paradise import _CTX, ENGINE
from foolsolve.games.fools_paradise_cli import greedy_until_stock_empty
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.fools_paradise import solve
from foolsolve.spec.fools_paradise import SPEC, Rules

clock = time.process_time


def record_games(n: int, players: int = 2) -> list[tuple[Any, list[Any], list[Any]]]:
    games = []
    for i in range(n):
        rng = random.Random(1000 + i)
        start = SPEC.deal(Rules(), players, random.Random(i))
        s, e = start, ENGINE.from_spec(start)
        seq, eseq = [], []
        while not SPEC.is_terminal(s):
            moves = SPEC.legal_moves(s)
            m = moves[rng.randrange(len(moves))]
            em = ENGINE.move_from_spec(e, m)
            seq.append(m)
            eseq.append(em)
            s, e = SPEC.apply(s, m), ENGINE.apply(e, em)
        games.append((start, seq, eseq))
    return games


def spec_round(games: list[Any]) -> float:
    t = clock()
    for s, seq, _ in games:
        for m in seq:
            SPEC.legal_moves(s)
            s = SPEC.apply(s, m)
    return clock() - t


def engine_round(games: list[Any]) -> float:
    t = clock()
    for s, _, eseq in games:
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
    games = record_games(n_games)
    moves = sum(len(g[1]) for g in games)
    spec_t, cold_t, warm_t = [], [], []
    for _ in range(rounds):
        spec_t.append(spec_round(games))
        _CTX.clear()
        cold_t.append(engine_round(games))
        warm_t.append(engine_round(games))
    s, c, w = min(spec_t), min(cold_t), min(warm_t)
    print(f"playouts: {n_games} two-player games, {moves} moves, best of {rounds} alternating rounds")
    print(f"  spec          {s:8.3f} s  {moves / s:9.0f} moves/s  {n_games / s:7.1f} games/s")
    print(f"  engine cold   {c:8.3f} s  {moves / c:9.0f} moves/s  {n_games / c:7.1f} games/s  ratio {s / c:5.1f}x")
    print(f"  engine warm   {w:8.3f} s  {moves / w:9.0f} moves/s  {n_games / w:7.1f} games/s  ratio {s / w:5.1f}x")
    fm, ft = fresh_engine_games(20 * n_games)
    print(f"  engine, {20 * n_games} fresh random games from empty tables: {fm / ft:9.0f} moves/s "
          f"(ratio to the spec's moves/s above: {(fm / ft) / (moves / s):5.1f}x)")


def endgames(n: int, players: int) -> None:
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
