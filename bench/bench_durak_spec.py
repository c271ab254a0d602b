"""Durak spec speed: random whole games (random deals, rules, 2-6 players) and one small exhaustive
solve. A baseline for the engine's speed-up; run ``python bench/bench_durak_spec.py``."""

from __future__ import annotations

import json
import random
import time
from importlib import resources

from foolsolve.games.durak import random_game
from foolsolve.solver.minimax import value_for
from foolsolve.spec.durak import SPEC


def playouts(games: int = 200) -> tuple[int, float]:
    rng = random.Random(2026)
    moves = 0
    t = time.perf_counter()
    for _ in range(games):
        s = random_game(rng)
        while SPEC.result(s) is None:
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
            moves += 1
    return moves, time.perf_counter() - t


def json_round_trips(n: int = 2000) -> float:
    rng = random.Random(7)
    states = []
    while len(states) < n:
        s = random_game(rng)
        while SPEC.result(s) is None and len(states) < n:
            states.append(s)
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    t = time.perf_counter()
    for s in states:
        SPEC.state_from_json(SPEC.state_to_json(s))
    return (time.perf_counter() - t) / n


def endgame_solve() -> tuple[int, float]:
    text = resources.files("foolsolve").joinpath("examples", "durak-endgame.json").read_text(encoding="utf-8")
    s = SPEC.state_from_json(json.loads(text))
    memo: dict = {}
    t = time.perf_counter()
    value_for(SPEC, s, 0, memo=memo)
    return len(memo), time.perf_counter() - t


if __name__ == "__main__":
    m, sec = playouts()
    print(f"random playouts: {m} moves in {sec:.2f} s = {m / sec:,.0f} moves/s (legal_moves + apply per move)")
    print(f"JSON round trip (schema + semantic checks): {json_round_trips() * 1e3:.2f} ms per state")
    nodes, sec = endgame_solve()
    print(f"minimax over the spec, durak-endgame.json: {nodes} states in {sec * 1e3:.1f} ms")
