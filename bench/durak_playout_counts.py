"""Durak native playout, measured deterministically and side by side (docs/bench-dk-playout.md).

    python bench/durak_playout_counts.py ROUNDS [--engine FILE] [--compare OLD_FILE]

Plays the very games of ``bench/bench_durak.py --playouts 40`` (seed 2026: same deals, same move
seeds) through the native ``playout`` only, ROUNDS times over. ``--engine FILE`` takes ``playout``
from another copy of ``engines/durak.py`` (for instance the one on main, copied to /tmp).

Instruction counts (deterministic): run it under callgrind with 0 and with N rounds; the difference
divided by N is the cost of one round of 40 playouts, setup (imports, deals) excluded::

    PYTHONHASHSEED=0 valgrind --tool=callgrind python bench/durak_playout_counts.py 0
    PYTHONHASHSEED=0 valgrind --tool=callgrind python bench/durak_playout_counts.py 3

``--compare OLD_FILE`` instead times the old and the current engine game by game, alternating (CPU
time; ``from_spec`` + ``playout`` + ``result``, as the bench's native row) and prints the ratio.
Every game is checked to end in the same result with the same number of moves.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from types import ModuleType

from foolsolve.engines import durak as current
from foolsolve.games.durak import random_game

SEED = 2026
GAMES = 40


def load(path: str, name: str) -> ModuleType:
    """Another copy of ``engines/durak.py`` as a module of its own."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rounds", type=int)
    ap.add_argument("--engine", default=None, help="take playout from this copy of engines/durak.py")
    ap.add_argument("--compare", default=None, help="time this older engines/durak.py against the current one")
    a = ap.parse_args()
    starts = [random_game(random.Random(f"{SEED}:deal:{i}")) for i in range(GAMES)]
    if a.compare:
        engines = [load(a.compare, "durak_old"), current]
        secs = [0.0, 0.0]
        for rnd in range(a.rounds):
            for i, start in enumerate(starts):
                got = []
                for k in ((0, 1) if (i + rnd) % 2 else (1, 0)):
                    mod = engines[k]
                    rng = random.Random(f"{SEED}:moves:{i}")
                    t0 = time.process_time()
                    end, moves = mod.playout(mod.from_spec_state(start), rng)
                    result = mod.game_result(end)
                    secs[k] += time.process_time() - t0
                    got.append((moves, result))
                if got[0] != got[1]:
                    raise SystemExit(f"game {i}: the engines played {got[0]} and {got[1]}")
        print(f"old {secs[0]:.3f}s, current {secs[1]:.3f}s: current is {secs[0] / secs[1]:.3f}x as fast")
        return
    mod = load(a.engine, "durak_other") if a.engine else current
    positions = [mod.from_spec_state(s) for s in starts]
    moves = 0
    for _ in range(a.rounds):
        for i, s in enumerate(positions):
            moves += mod.playout(s, random.Random(f"{SEED}:moves:{i}"))[1]
    print(f"{a.rounds} rounds of {GAMES} playouts: {moves} moves")


if __name__ == "__main__":
    main()
