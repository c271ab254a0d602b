"""Three Fools: games per second, spec against engine, side by side in one run.

Each seeded game is played twice from the same deal with the same move seed: by the spec
(``rng.choice(SPEC.legal_moves(s))`` then ``SPEC.apply``, which checks legality) and by the
engine (``ENGINE.playout``, its native loop drawing the same random numbers). Both list moves in
the same order, so they play the same game: the script checks that the winners agree. Spec and
engine alternate in blocks of 20 games, so both see the same machine load; the ratio is what
counts. Times are CPU time of the play only (the deal and the engine's conversion excluded).

Also timed (when asked with ``--odds`` / ``--equilibrium``): the exact round odds of the shipped
example and the equilibrium of its bluff (needs pygambit).

Run: ``.venv/bin/python bench/bench_three_fools.py [--games 200] [--odds] [--equilibrium]``
(figures in BENCHMARKS.md, "The other games").
"""

from __future__ import annotations

import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, header, positive_int, run

from foolsolve.engines.three_fools import ENGINE
from foolsolve.games.three_fools import random_game
from foolsolve.spec.three_fools import SPEC

clock = time.process_time


def spec_game(seed: int) -> tuple[float, int | None]:
    rng = random.Random(seed)
    s = random_game(rng)
    t = clock()
    while True:
        moves = SPEC.legal_moves(s)
        if not moves:
            break
        s = SPEC.apply(s, rng.choice(moves))
    return clock() - t, s.winner


def engine_game(seed: int) -> tuple[float, int | None]:
    rng = random.Random(seed)
    s = random_game(rng)
    e = ENGINE.from_spec(s)
    t = clock()
    e, _ = ENGINE.playout(e, rng)
    return clock() - t, ENGINE.result(e).details[0][1]  # type: ignore[union-attr]


PROG = "bench_three_fools.py"


def bench_playouts(games: int) -> list[str]:
    """Spec against engine on ``games`` seeded whole games (the winners must agree)."""
    ts = te = 0.0
    block = 20
    for start in range(0, games, block):
        seeds = range(start, min(start + block, games))
        spec_side = [spec_game(i) for i in seeds]
        engine_side = [engine_game(i) for i in seeds]
        ts += sum(t for t, _ in spec_side)
        te += sum(t for t, _ in engine_side)
        for i, (s, e) in zip(seeds, zip(spec_side, engine_side)):
            if s[1] != e[1]:
                raise SystemExit(f"{PROG}: game {i}: spec winner {s[1]}, engine winner {e[1]}")
    return [f"{platform.python_implementation()} {platform.python_version()}; {games} random whole games",
            f"spec   {games / ts:10.1f} games/s", f"engine {games / te:10.1f} games/s",
            f"engine / spec: {ts / te:.1f}x"]


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--games", type=positive_int, default=200)
    ap.add_argument("--odds", action="store_true", help="also time the round odds of the example position")
    ap.add_argument("--equilibrium", action="store_true", help="also time the equilibrium (pygambit)")
    a = ap.parse_args()
    print(header(PROG), end="")
    print("\n".join(bench_playouts(a.games)))
    if a.odds or a.equilibrium:
        from foolsolve.positions import read_json
        from foolsolve.solver.base import SolveOptions
        from foolsolve.solver.three_fools.odds import solve

        root = Path(__file__).resolve().parent.parent / "foolsolve" / "examples"
        jobs = []
        if a.odds:
            jobs += [("round odds", name, {}) for name in ("three-fools-bluff.json", "three-fools-first-round.json")]
        if a.equilibrium:
            jobs += [("equilibrium", name, {"equilibrium": True})
                     for name in ("three-fools-bluff.json", "three-fools-liar.json")]
        for what, name, extra in jobs:
            state = SPEC.state_from_json(read_json(root / name))
            w, c = time.perf_counter(), clock()
            solve(state, SolveOptions(extra=dict(extra)))
            print(f"{what} ({name}): {time.perf_counter() - w:.3f} s wall, {clock() - c:.3f} s CPU")


if __name__ == "__main__":
    run(main, PROG)
