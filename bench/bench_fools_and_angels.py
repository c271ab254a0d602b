"""Fools and Angels benchmarks (a plain script; figures go to docs/bench-fa-game.md).

    .venv/bin/python bench/bench_fools_and_angels.py [--games 200] [--quick]

1. Random playouts, spec against engine, side by side: the same deals, the two interleaved
   game by game, CPU time (``time.process_time``) so other load on the machine counts less.
   Each step generates every legal move and applies a uniformly random one.
2. Move generation on defence positions with large hands (where the spec enumerates every
   subset of the defender's pip cards and the engine runs the signed subset-sum).
3. Endgame solves (all stocks empty) of random hands of growing size: value, nodes, time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from foolsolve.engines import fools_and_angels as E
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.fools_and_angels import solve
from foolsolve.spec.fools_and_angels import DEFEND, SPEC, SPEC_CARDS, TURN, Attack, Rules, State


def spec_playout(state: State, rng: random.Random) -> int:
    steps = 0
    while True:
        moves = SPEC.legal_moves(state)
        if not moves:
            return steps
        state = SPEC.apply(state, moves[int(rng.random() * len(moves))])
        steps += 1


def engine_playout(state: Any, rng: random.Random) -> int:
    steps = 0
    legal, apply = E.legal_moves, E.apply
    while True:
        moves = legal(state)
        if not moves:
            return steps
        state = apply(state, moves[int(rng.random() * len(moves))])
        steps += 1


def bench_playouts(games: int, rules: Rules, label: str) -> dict[str, float]:
    rng = random.Random(2026)
    deals = [SPEC.deal(rules, 2, rng) for _ in range(games)]
    E.clear_caches()
    SPEC._legal_cache.cache_clear()
    t_spec = t_eng = 0.0
    n_spec = n_eng = 0
    for i, d in enumerate(deals):
        t = time.process_time()
        n_spec += spec_playout(d, random.Random(i))
        t_spec += time.process_time() - t
        e = E.ENGINE.from_spec(d)
        t = time.process_time()
        n_eng += engine_playout(e, random.Random(i))
        t_eng += time.process_time() - t
    us_spec = t_spec / n_spec * 1e6
    us_eng = t_eng / n_eng * 1e6
    out = {"spec_us_per_step": us_spec, "engine_us_per_step": us_eng, "ratio": us_spec / us_eng,
           "spec_steps": n_spec, "engine_steps": n_eng}
    print(f"playouts [{label}] {games} games: spec {us_spec:.1f} us/step ({n_spec} steps), "
          f"engine {us_eng:.2f} us/step ({n_eng} steps), engine/spec speed ratio {us_spec / us_eng:.1f}x")
    return out


def bench_phases(games: int) -> None:
    """Per-phase cost on one recorded set of random games (default rules): each recorded state
    is timed in the spec (legal moves + the recorded move) and in the engine, both cold."""
    rng = random.Random(99)
    record: list[tuple[State, Any, Any, Any]] = []
    for _ in range(games):
        s = SPEC.deal(Rules(), 2, rng)
        e = E.ENGINE.from_spec(s)
        while True:
            moves = E.legal_moves(e)
            if not moves:
                break
            m = moves[int(rng.random() * len(moves))]
            sm = E.ENGINE.move_to_spec(e, m)
            record.append((s, e, m, sm))
            s, e = SPEC.apply(s, sm), E.apply(e, m)
    E.clear_caches()
    SPEC._legal_cache.cache_clear()
    spec_t: dict[str, float] = {}
    eng_t: dict[str, float] = {}
    count: dict[str, int] = {}
    for s, e, m, sm in record:
        t = time.process_time()
        SPEC.legal_moves(s)
        SPEC.apply(s, sm)
        t1 = time.process_time()
        E.legal_moves(e)
        E.apply(e, m)
        t2 = time.process_time()
        spec_t[s.phase] = spec_t.get(s.phase, 0.0) + t1 - t
        eng_t[s.phase] = eng_t.get(s.phase, 0.0) + t2 - t1
        count[s.phase] = count.get(s.phase, 0) + 1
    print("| phase | steps | spec us/step | engine us/step | ratio |")
    print("|---|---|---|---|---|")
    for ph in sorted(count, key=lambda k: -count[k]):
        n = count[ph]
        print(f"| {ph} | {n} | {spec_t[ph] / n * 1e6:.1f} | {eng_t[ph] / n * 1e6:.2f} | {spec_t[ph] / eng_t[ph]:.1f}x |")


def big_defences(count: int, size: int) -> list[State]:
    rng = random.Random(size)
    out = []
    while len(out) < count:
        cards = rng.sample(SPEC_CARDS, 2 * size + 1)
        s = State(Rules(), TURN, 0, (frozenset(cards[:size]), frozenset(cards[size:])), ((), ()), (), turns_done=2)
        attacks = [m for m in SPEC.legal_moves(s) if isinstance(m, Attack) and len(m.cards) >= 2]
        if attacks:
            d = SPEC.apply(s, rng.choice(attacks))
            if d.phase == DEFEND and SPEC.result(d) is None:
                out.append(d)
    return out


def bench_defences(size: int, count: int = 20) -> dict[str, float]:
    states = big_defences(count, size)
    E.clear_caches()
    SPEC._legal_cache.cache_clear()
    t = time.process_time()
    n = sum(len(SPEC._legal_moves(s)) for s in states)
    t_spec = time.process_time() - t
    engine_states = [E.ENGINE.from_spec(s) for s in states]
    t = time.process_time()
    m = sum(len(E.legal_moves(e)) for e in engine_states)
    t_eng = time.process_time() - t
    assert n == m
    print(f"defence generation, defender with {size + 1} cards: {n / count:.0f} moves per position; "
          f"spec {t_spec / count * 1e3:.2f} ms, engine {t_eng / count * 1e3:.3f} ms, ratio {t_spec / t_eng:.0f}x")
    return {"moves": n / count, "spec_ms": t_spec / count * 1e3, "engine_ms": t_eng / count * 1e3,
            "ratio": t_spec / t_eng}


def bench_endgames(sizes: list[tuple[int, int]], per_size: int) -> None:
    rng = random.Random(7)
    print("endgame solves (stocks empty, player 0 to move, default rules):")
    print("| hands | positions | wins | median nodes | median s | max s |")
    print("|---|---|---|---|---|---|")
    for a, b in sizes:
        secs, nodes, wins = [], [], 0
        for _ in range(per_size):
            cards = rng.sample(SPEC_CARDS, a + b)
            s = State(Rules(), TURN, 0, (frozenset(cards[:a]), frozenset(cards[a:])), ((), ()), (), turns_done=2)
            t = time.process_time()
            r = solve(s, SolveOptions())
            secs.append(time.process_time() - t)
            nodes.append(r.nodes)
            wins += r.value == "win"
        print(f"| {a} v {b} | {per_size} | {wins} | {int(statistics.median(nodes))} | "
              f"{statistics.median(secs):.3f} | {max(secs):.3f} |")
        sys.stdout.flush()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    games = 30 if args.quick else args.games
    bench_playouts(games, Rules(), "default rules")
    bench_playouts(games, Rules(exchange=True, temptation=True, infusion=True), "exchange+temptation+infusion")
    bench_playouts(games, Rules(defence_face_cards="with_pips"), "with_pips")
    bench_phases(games // 2)
    for size in (6, 9, 12) if args.quick else (6, 9, 12, 15):
        bench_defences(size)
    sizes = [(6, 7), (8, 9)] if args.quick else [(6, 7), (7, 8), (8, 9), (9, 10), (10, 11), (11, 12), (12, 13)]
    bench_endgames(sizes, 3 if args.quick else 5)


if __name__ == "__main__":
    main()
