"""Durak benchmarks (issue: Durak end to end, §8).

    python bench/bench_durak.py [--sizes 4 6 8 10] [--positions 20] [--seed 2026] [--playouts 40]
                                [--cap SECONDS] [--baseline FILE] [--no-playouts]

1. Endgame solving: seeded random two-player podkidnoy positions with the deck empty (36-card
   deck, random trump suit, k cards each, player 0 to lead), solved exactly by
   ``foolsolve.solver.durak.solve``: median and max seconds, nodes, nodes per second.
2. Engine vs spec random-playout speed, measured side by side in one run: the same seeded
   whole games (random deal, 2-6 players, random rule options) are played by the spec and by
   the engine, alternating game by game; the ratio of moves per second.

``--cap`` stops a position's solve after that many seconds (it is reported as unfinished, counted
as the cap in the median, and left out of the node figures). ``--baseline FILE`` loads another
version of ``solver/durak.py`` (for instance the one on main, copied to a temporary directory) and
solves every position with it too, right before the current solver, so both are measured side by
side in one run.

Prints a Markdown report (paste it into BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

from foolsolve.cards import FRENCH36, FRENCH_SUITS
from foolsolve.engines.durak import DurakEngine
from foolsolve.games.durak import random_game
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.durak import solve
from foolsolve.spec.durak import SPEC


def endgame(k: int, rng: random.Random) -> dict[str, object]:
    """A random deck-empty two-player podkidnoy position, k cards each."""
    cards = list(FRENCH36.cards)
    rng.shuffle(cards)
    return {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": rng.choice(FRENCH_SUITS),
            "hands": [[c.ascii for c in cards[:k]], [c.ascii for c in cards[k:2 * k]]],
            "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


class _Timeout(Exception):
    """A position's solve ran past ``--cap``."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def load_solver(path: str) -> Callable[..., Any]:
    """``solve`` of another copy of ``solver/durak.py`` (the baseline of a side-by-side run)."""
    spec = importlib.util.spec_from_file_location("durak_baseline", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--baseline: cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["durak_baseline"] = mod
    spec.loader.exec_module(mod)
    return mod.solve  # type: ignore[no-any-return]


def timed_solve(solver: Callable[..., Any], state: Any, cap: float | None) -> tuple[float, int | None, str | None]:
    """Seconds, nodes and value of one solve; nodes and value are None when the cap stopped it."""
    t0 = time.perf_counter()
    if cap:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, cap)
    try:
        res = solver(state, SolveOptions(extra={"pv": False}))
    except _Timeout:
        return cap or 0.0, None, None
    finally:
        if cap:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return time.perf_counter() - t0, res.nodes, res.value


def bench_solver(sizes: list[int], positions: int, seed: int, cap: float | None = None,
                 baseline: str | None = None) -> list[str]:
    solvers: list[tuple[str, Callable[..., Any]]] = [("current", solve)]
    if baseline:
        solvers.insert(0, ("baseline", load_solver(baseline)))
    rows = []
    for k in sizes:
        rng = random.Random(f"{seed}:{k}")
        states = [SPEC.state_from_json(endgame(k, rng)) for _ in range(positions)]
        got: dict[str, list[tuple[float, int | None, str | None]]] = {name: [] for name, _ in solvers}
        for state in states:
            for name, solver in solvers:
                got[name].append(timed_solve(solver, state, cap))
        for name, _ in solvers:
            secs = [t for t, _, _ in got[name]]
            nodes = [n for _, n, _ in got[name] if n is not None]
            values = [v for _, _, v in got[name]]
            done = [t for t, n, _ in got[name] if n is not None]
            unfinished = positions - len(done)
            wdl = "/".join(str(values.count(v)) for v in ("win", "draw", "loss"))
            if unfinished:
                wdl += f" ({unfinished} unfinished)"
            rate = sum(nodes) / sum(done) if done and sum(done) else 0.0
            label = f"{name} " if baseline else ""
            med_nodes = f"{int(statistics.median(nodes)):,}" if nodes else "-"
            max_nodes = f"{max(nodes):,}" if nodes else "-"
            mx = f"{max(secs):.3f}" + (" (cap)" if unfinished else "")
            rows.append(f"| {label}{k}v{k} | {positions} | {statistics.median(secs):.3f} | {mx} | "
                        f"{med_nodes} | {max_nodes} | {rate:,.0f} | {wdl} |")
            print(rows[-1], flush=True)
        if baseline:
            pairs = [(b[2], c[2]) for b, c in zip(got["baseline"], got["current"]) if b[2] and c[2]]
            if any(b != c for b, c in pairs):
                raise SystemExit(f"{k}v{k}: the baseline and the current solver disagree on a value")
    return rows


def bench_playouts(games: int, seed: int) -> list[str]:
    engine = DurakEngine()
    spec_moves = eng_moves = 0
    spec_secs = eng_secs = 0.0
    for i in range(games):
        start = random_game(random.Random(f"{seed}:deal:{i}"))
        # the spec
        rng = random.Random(f"{seed}:moves:{i}")
        t0 = time.perf_counter()
        s = start
        while True:
            moves = SPEC.legal_moves(s)
            if not moves:
                break
            s = SPEC.apply(s, rng.choice(moves))
            spec_moves += 1
        spec_secs += time.perf_counter() - t0
        # the engine, same deal, its own random choices
        rng = random.Random(f"{seed}:moves:{i}")
        t0 = time.perf_counter()
        e = engine.from_spec(start)
        while True:
            emoves = engine.legal_moves(e)
            if not emoves:
                break
            e = engine.apply(e, rng.choice(emoves))
            eng_moves += 1
        eng_secs += time.perf_counter() - t0
    spec_rate, eng_rate = spec_moves / spec_secs, eng_moves / eng_secs
    return ["| implementation | games | moves | seconds | moves/s |", "|---|---|---|---|---|",
            f"| spec | {games} | {spec_moves:,} | {spec_secs:.2f} | {spec_rate:,.0f} |",
            f"| engine | {games} | {eng_moves:,} | {eng_secs:.2f} | {eng_rate:,.0f} |",
            f"| **engine / spec** | | | | **{eng_rate / spec_rate:.1f}x** |"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[4, 6, 8, 10])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--playouts", type=int, default=40)
    ap.add_argument("--no-playouts", action="store_true", help="skip the engine/spec playout comparison")
    ap.add_argument("--cap", type=float, default=None, help="seconds allowed per position and solver")
    ap.add_argument("--baseline", default=None, help="another solver/durak.py to run side by side")
    a = ap.parse_args()
    print(f"Machine: {platform.machine()}, Python {platform.python_version()}, "
          f"command: python bench/bench_durak.py {' '.join(sys.argv[1:])}\n")
    if not a.no_playouts:
        print("\n".join(bench_playouts(a.playouts, a.seed)) + "\n", flush=True)
    print("| size | positions | median s | max s | median nodes | max nodes | nodes/s (finished) | values (W/D/L) |")
    print("|---|---|---|---|---|---|---|---|")
    bench_solver(a.sizes, a.positions, a.seed, a.cap, a.baseline)


if __name__ == "__main__":
    main()
