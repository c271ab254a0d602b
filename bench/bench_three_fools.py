"""Three Fools: games per second, spec against engine, side by side in one run.

Each seeded game is played twice from the same deal with the same move seed: by the spec
(``rng.choice(SPEC.legal_moves(s))`` then ``SPEC.apply``, which checks legality) and by the
engine (``ENGINE.playout``, its native loop drawing the same random numbers). Both list moves in
the same order, so they play the same game: the script checks that the winners agree. Spec and
engine alternate in blocks of 20 games, so both see the same machine load; the ratio is what
counts. Times are CPU time of the play only (the deal and the engine's conversion excluded).

Also timed (when asked with ``--odds`` / ``--equilibrium``): the exact round odds of the shipped
example and the equilibrium of its bluff (needs pygambit).

``--baseline-tree DIR`` also plays the games under the default rules (``--default-rules`` deals
them so in the main figure too) by this checkout and by another one (e.g. ``git worktree add
/tmp/base REV``: a second process with ``PYTHONPATH=DIR``), spec and engine of each taking turns
in blocks of 20, and prints each checkout's ratio and the two checkouts' times side by side.

Run: ``.venv/bin/python bench/bench_three_fools.py [--games 200] [--default-rules]
[--baseline-tree DIR] [--odds] [--equilibrium]``
(figures in BENCHMARKS.md, "The other games").
"""

from __future__ import annotations

import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, Worker, header, positive_int, run, serve

from foolsolve.engines.three_fools import ENGINE
from foolsolve.games.three_fools import random_game
from foolsolve.spec.three_fools import SPEC, Rules

clock = time.process_time


def deal(rng: random.Random, default_rules: bool) -> Any:
    """A seeded game: random rules (every option drawn), or the default rules."""
    return SPEC.deal(Rules(), 3, rng) if default_rules else random_game(rng)


def spec_game(seed: int, default_rules: bool = False) -> tuple[float, int | None]:
    rng = random.Random(seed)
    s = deal(rng, default_rules)
    t = clock()
    while True:
        moves = SPEC.legal_moves(s)
        if not moves:
            break
        s = SPEC.apply(s, rng.choice(moves))
    return clock() - t, s.winner


def engine_game(seed: int, default_rules: bool = False) -> tuple[float, int | None]:
    rng = random.Random(seed)
    s = deal(rng, default_rules)
    e = ENGINE.from_spec(s)
    t = clock()
    e, _ = ENGINE.playout(e, rng)
    return clock() - t, ENGINE.result(e).details[0][1]  # type: ignore[union-attr]


PROG = "bench_three_fools.py"


def bench_playouts(games: int, default_rules: bool = False) -> list[str]:
    """Spec against engine on ``games`` seeded whole games (the winners must agree)."""
    ts = te = 0.0
    block = 20
    for start in range(0, games, block):
        seeds = range(start, min(start + block, games))
        spec_side = [spec_game(i, default_rules) for i in seeds]
        engine_side = [engine_game(i, default_rules) for i in seeds]
        ts += sum(t for t, _ in spec_side)
        te += sum(t for t, _ in engine_side)
        for i, (s, e) in zip(seeds, zip(spec_side, engine_side)):
            if s[1] != e[1]:
                raise SystemExit(f"{PROG}: game {i}: spec winner {s[1]}, engine winner {e[1]}")
    rules = "default rules" if default_rules else "random rules"
    return [f"{platform.python_implementation()} {platform.python_version()}; {games} random whole games ({rules})",
            f"spec   {games / ts:10.1f} games/s", f"engine {games / te:10.1f} games/s",
            f"engine / spec: {ts / te:.1f}x"]


def serve_blocks() -> None:
    """``--serve`` (the other end of ``--baseline-tree``): play the block of games asked for by
    the side asked for and answer ``[cpu seconds, winners]``."""
    def answer(job: dict[str, Any]) -> list[Any]:
        play = spec_game if job["side"] == "spec" else engine_game
        out = [play(i, True) for i in job["seeds"]]
        return [sum(t for t, _ in out), [w for _, w in out]]

    serve("ready", answer)


def bench_baseline(games: int, tree: str) -> list[str]:
    """This checkout's spec and engine against another checkout's (a second process with
    ``PYTHONPATH=tree``) on the same seeded games under the default rules, the four taking turns
    block by block (the first rotating); the winners must agree."""
    worker = Worker(tree, __file__, ["--serve"], PROG, "--baseline-tree")
    sides = [("this", "spec"), ("this", "engine"), ("baseline", "spec"), ("baseline", "engine")]
    secs = dict.fromkeys(sides, 0.0)
    try:
        for b, start in enumerate(range(0, games, 20)):
            seeds = list(range(start, min(start + 20, games)))
            won = {}
            for side in sides[b % 4:] + sides[:b % 4]:
                if side[0] == "baseline":
                    t, winners = worker.ask({"side": side[1], "seeds": seeds})
                else:
                    out = [(spec_game if side[1] == "spec" else engine_game)(i, True) for i in seeds]
                    t, winners = sum(x for x, _ in out), [w for _, w in out]
                secs[side] += t
                won[side] = winners
            if len({tuple(w) for w in won.values()}) != 1:
                raise SystemExit(f"{PROG}: games {seeds[0]}-{seeds[-1]}: the two checkouts play different games")
    finally:
        worker.close()
    return [f"{games} games (default rules), this checkout against `{tree}` (each in a process of its own), "
            "CPU seconds:",
            f"this:     spec {secs['this', 'spec']:.3f}, engine {secs['this', 'engine']:.3f}, "
            f"engine / spec {secs['this', 'spec'] / secs['this', 'engine']:.1f}x",
            f"baseline: spec {secs['baseline', 'spec']:.3f}, engine {secs['baseline', 'engine']:.3f}, "
            f"engine / spec {secs['baseline', 'spec'] / secs['baseline', 'engine']:.1f}x",
            f"baseline / this: spec {secs['baseline', 'spec'] / secs['this', 'spec']:.2f}x, "
            f"engine {secs['baseline', 'engine'] / secs['this', 'engine']:.2f}x (above 1: this checkout is faster)"]


def main() -> None:
    if sys.argv[1:] == ["--serve"]:
        serve_blocks()
        return
    ap = Parser(PROG, __doc__)
    ap.add_argument("--games", type=positive_int, default=200)
    ap.add_argument("--default-rules", action="store_true", help="deal every game under the default rules")
    ap.add_argument("--baseline-tree", metavar="DIR", default=None,
                    help="also time another checkout's spec and engine on the same games (default rules)")
    ap.add_argument("--odds", action="store_true", help="also time the round odds of the example position")
    ap.add_argument("--equilibrium", action="store_true", help="also time the equilibrium (pygambit)")
    a = ap.parse_args()
    print(header(PROG), end="")
    print("\n".join(bench_playouts(a.games, a.default_rules)))
    if a.baseline_tree:
        print("\n".join(bench_baseline(a.games, a.baseline_tree)))
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
