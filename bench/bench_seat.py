"""Answers from one seat (foolsolve.seat, docs/seat.md): how fast worlds are valued, and how long
a user waits for a first answer.

::

    python bench/bench_seat.py [--worlds 20] [--runs 3] [--seed 2026] [--games GAME,...] [--skip-first]
                               [--skip-worlds] [--reach N] [--depths]

**Worlds per second, per game, at the default per-world budget** (``seat.WORLD_NODES`` nodes,
``seat.PLAYOUTS`` playouts): for each game three seeded positions, a fresh deal (the game's
default rules, fewest players) and the positions three quarters and nine tenths of the way
through a seeded random game from it; from the seat of the player to move, ``--worlds`` worlds drawn by
:mod:`foolsolve.worlds` and valued one after the other in this process
(:func:`foolsolve.seat.evaluate_world`). Columns: worlds valued per second, worlds valued
*exactly* per second (the open-hand answer is exact: the exact solver, or a search that reached
the end of the game), and the exact share.

**Time to a first answer**: a fresh two-player Durak deal (seeds ``--seed``, ``--seed+1`` ...)
as player 0's view file, answered with the defaults (PIMC, ``seat.DEFAULT_SAMPLES`` worlds): the
wall time of the whole ``python -m foolsolve VIEW.json --json`` process, and of the same
analysis in this process; with the half-width of each move's own 95% interval (mean over the
moves, and the widest; where player 1 leads, player 0 has no move yet and the interval is her
value's, a plain 95% interval too: no move is picked). The position's value where she is to move
has a wider interval that allows for picking the best (docs/seat.md, "Intervals"), not measured here.
Target: under 5 s for the whole process.

**Where the exact solver reaches** (``--reach N``): for a game whose exact solver answers a world's
paranoid question with three or more players (``GameInfo.paranoid_options``: Foolery), how often
it finishes within its half of a world's budget, by the cards in the hands, over ``N`` positions
of seeded random games: the measurement behind the cut ``GameInfo.paranoid_tries``.

**A search to a fixed depth** (``--depths``, then nothing else): the first six worlds a PIMC answer
with seed 0 draws for player 0 of ``foolsolve/examples/three-fools-first-round.json``, each valued
by the open-hand search alone (no exact solver) to a fixed depth of 1 to 4 plies with 4 and with 64
playouts at the frontier (each world's playouts seeded as the analysis seeds them): the mean of the
six paranoid values per row. The figures behind docs/seat.md, "Estimates".
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, fail, header, interrupted_child, positive_int, run, whole

from foolsolve import games, seat
from foolsolve.errors import InputError
from foolsolve.solver.open_hand import DEFAULT_BUDGET
from foolsolve.worlds import view_of, worlds_from_state


def positions(info: Any, seed: int) -> list[tuple[str, Any]]:
    """A fresh deal and the positions three quarters and nine tenths into a seeded random game
    from it."""
    spec = info.spec
    rng = random.Random(seed)
    start = spec.deal(spec.rules_cls(), spec.min_players, rng)
    trail = [start]
    s = start
    while not spec.is_terminal(s) and len(trail) < 5_000:
        s = spec.apply(s, rng.choice(spec.legal_moves(s)))
        trail.append(s)
    out = [("fresh deal", start)]
    for share in (3 / 4, 9 / 10):
        late = next((t for t in reversed(trail[: max(1, int(share * len(trail)))]) if spec.to_move(t) >= 0
                     and not spec.is_terminal(t)), start)
        out.append((f"move {trail.index(late)} of {len(trail) - 1}", late))
    return out


def worlds_rate(info: Any, label: str, state: Any, n: int, seed: int) -> dict[str, Any]:
    """Value ``n`` worlds of the mover's view of ``state`` at the default budget."""
    spec = info.spec
    player = spec.to_move(state)
    if player < 0:
        player = 0
    worlds = worlds_from_state(info, state, player)
    rng = random.Random(seed)
    drawn = [worlds.sample(rng) for _ in range(n)]
    budget = seat.Budget()
    exact = 0
    t0 = time.perf_counter()
    for w in drawn:
        wv = seat.evaluate_world(info, w, player, budget, seat.world_seed(info, w))
        exact += wv.exact
    secs = time.perf_counter() - t0
    return {"game": info.name, "position": label, "worlds": n, "seconds": secs, "per_s": n / secs,
            "exact_per_s": exact / secs, "exact": exact}


def first_answer(seed: int) -> dict[str, Any]:
    """A fresh two-player Durak deal from player 0's seat: whole process and in process."""
    info = games.get("durak")
    spec = info.spec
    state = spec.deal(spec.rules_cls(), 2, random.Random(seed))
    view = view_of(info, state, 0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "view.json"
        path.write_text(json.dumps(view))
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "foolsolve", str(path), "--json"], capture_output=True,
                              text=True, timeout=600)
        whole_s = time.perf_counter() - t0
    if interrupted_child(done.returncode):
        raise KeyboardInterrupt
    if done.returncode != 0:
        fail("bench_seat.py", f"foolsolve failed on seed {seed}: {done.stderr.strip()}")
    obj = json.loads(done.stdout)
    t0 = time.perf_counter()
    from foolsolve.worlds import read_view, worlds_of_view

    # the whole analysis (Ctrl-C returns the answer so far: whole() turns it back into the interrupt)
    answer = whole(seat.analyse(info, worlds_of_view(read_view(view)), seat.Settings(seconds=None)))
    inside = time.perf_counter() - t0
    halves = [(m["high"] - m["low"]) / 2 for m in obj["moves"]] or [(obj["value"]["high"] - obj["value"]["low"]) / 2]
    return {"seed": seed, "whole": whole_s, "inside": inside, "worlds": obj["worlds"], "moves": len(obj["moves"]),
            "to_move": obj["to_move"],
            "half_mean": statistics.mean(halves), "half_max": max(halves), "same": answer.to_json()["moves"] ==
            obj["moves"]}


def solver_reach(info: Any, count: int, seed: int) -> dict[int, list[int]]:
    """How often the game's exact solver, asked a world's paranoid question
    (``GameInfo.paranoid_options``), finishes within its share of the default world budget, by the
    cards in the hands: ``count`` play positions (at most six a game, drawn at random) of seeded
    random games (``GameInfo.random_game``), each asked for its player to move, whatever
    ``GameInfo.paranoid_tries`` says (the cut is what this measures). ``{cards: [asked, finished]}``."""
    from foolsolve.solver.base import NotCovered, SearchLimit, SolveOptions

    spec = info.spec
    nodes = int(seat.WORLD_NODES * DEFAULT_BUDGET.exact_share)
    rng = random.Random(f"reach:{seed}")
    out: dict[int, list[int]] = {}
    done = 0
    while done < count:
        s = info.random_game(rng)
        trail = []
        while not spec.is_terminal(s):
            if spec.to_move(s) >= 0:
                trail.append(s)
            s = spec.apply(s, rng.choice(spec.legal_moves(s)))
        for s in rng.sample(trail, min(6, len(trail))):
            if done == count:
                break
            extra = {**(info.paranoid_options or {}), "player": spec.to_move(s)}
            try:
                info.solve(s, SolveOptions(max_nodes=nodes, extra=extra))
                finished = 1
            except SearchLimit:
                finished = 0
            except NotCovered:  # (the exchange: the solver starts at the play)
                continue
            row = out.setdefault(sum(len(h) for h in s.hands), [0, 0])
            row[0] += 1
            row[1] += finished
            done += 1
    return out


def fixed_depths(depths: tuple[int, ...] = (1, 2, 3, 4), counts: tuple[int, ...] = (4, 64),
                 worlds: int = 6) -> list[list[float]]:
    """The table of ``--depths`` (see the module docstring), printed and returned: a row per depth, a
    mean per playout count."""
    from foolsolve.solver import open_hand
    from foolsolve.worlds import read_view, worlds_of_view

    info = games.get("three-fools")
    path = Path(__file__).resolve().parent.parent / "foolsolve" / "examples" / "three-fools-first-round.json"
    state = info.spec.state_from_json(json.loads(path.read_text(encoding="utf-8")))
    space = worlds_of_view(read_view(view_of(info, state, 0)))
    drawn = [space.sample(seat._world_rng(0, i)) for i in range(worlds)]
    print(f"A search to a fixed depth: three-fools-first-round.json from player 0's seat, the first {worlds} worlds "
          "of seed 0, the mean paranoid value (0 to 1)\n")
    print("| depth | " + " | ".join(f"{k} playouts" for k in counts) + " |")
    print("|---:|" + "---:|" * len(counts))
    rows = []
    for depth in depths:
        means = []
        for k in counts:
            values = [float(open_hand.solve_world(info, w, open_hand.Budget(max_depth=depth, playouts=k,
                                                                            seed=seat.world_seed(info, w)),
                                                  player=0, use_solver=False).value) for w in drawn]
            means.append(statistics.mean(values))
        print(f"| {depth} | " + " | ".join(f"{m:.2f}" for m in means) + " |", flush=True)
        rows.append(means)
    return rows


def main() -> None:
    parser = Parser("bench_seat.py", __doc__)
    parser.add_argument("--worlds", type=positive_int, default=20, help="Worlds per position (default 20).")
    parser.add_argument("--runs", type=positive_int, default=3, help="Fresh Durak deals timed (default 3).")
    parser.add_argument("--seed", type=int, default=2026, help="First seed (default 2026).")
    parser.add_argument("--games", default=None, help="Comma-separated games (default: every registered game).")
    parser.add_argument("--skip-first", action="store_true", help="Only the worlds-per-second table.")
    parser.add_argument("--skip-worlds", action="store_true", help="Only the time to a first answer.")
    parser.add_argument("--reach", type=int, default=0, metavar="N",
                        help="Also: how often the exact solver of a game with GameInfo.paranoid_options finishes in "
                             "its half of a world's budget, by the cards in the hands, over N positions of random "
                             "games (the measurement behind GameInfo.paranoid_tries; default 0: not run).")
    parser.add_argument("--depths", action="store_true",
                        help="Only the fixed-depth table of docs/seat.md, \"Estimates\" (see above).")
    args = parser.parse_args()
    if args.depths:
        print(header("bench_seat.py"))
        fixed_depths()
        return
    if args.reach < 0:
        fail("bench_seat.py", f"--reach: expected a whole number >= 0, got {args.reach}")
    if args.skip_first and args.skip_worlds and args.reach == 0:
        fail("bench_seat.py", "--skip-first and --skip-worlds leave nothing to run (add --reach N)")
    try:
        names = [games.get(g).name for g in args.games.split(",")] if args.games else games.names()
    except InputError as exc:
        fail("bench_seat.py", f"--games: {exc}")
    print(header("bench_seat.py"))
    if not args.skip_worlds:
        budget = seat.Budget()
        print(f"Worlds valued at the default budget ({budget.nodes:,} nodes, {budget.playouts} playouts a world), "
              f"{args.worlds} worlds a position, seed {args.seed}\n")
        print("| game | position | worlds/s | exact worlds/s | exact share |")
        print("|---|---|---:|---:|---:|")
        for name in names:
            info = games.get(name)
            for label, state in positions(info, args.seed):
                try:
                    r = worlds_rate(info, label, state, args.worlds, args.seed)
                except InputError as exc:
                    print(f"| {name} | {label} | - | - | ({exc}) |")
                    continue
                print(f"| {name} | {label} | {r['per_s']:.1f} | {r['exact_per_s']:.1f} | "
                      f"{r['exact']}/{r['worlds']} |", flush=True)
        print()
    for name in names if args.reach > 0 else []:
        info = games.get(name)
        if info.paranoid_options is None:
            continue
        reach = solver_reach(info, args.reach, args.seed)
        print(f"{name}: the exact solver asked the paranoid question ({info.paranoid_options}) of {args.reach} "
              f"positions of random games, within {int(seat.WORLD_NODES * DEFAULT_BUDGET.exact_share):,} nodes, by "
              f"cards in the hands\n")
        print("| cards | positions | finished | share |")
        print("|---|---:|---:|---:|")
        for band in sorted({(c - 1) // 6 for c in reach}):  # 1-6, 7-12, ... cards
            rows = [reach[c] for c in reach if (c - 1) // 6 == band]
            asked, finished = sum(r[0] for r in rows), sum(r[1] for r in rows)
            print(f"| {6 * band + 1}-{6 * band + 6} | {asked} | {finished} | {finished / asked:.2f} |")
        print()
    if not args.skip_first:
        print(f"Time to a first answer: a fresh 2-player Durak deal from player 0's seat, the defaults "
              f"({seat.DEFAULT_SAMPLES} worlds, PIMC)\n")
        print("| seed | to move | whole process s | in process s | worlds | moves | 95% half-width mean | widest | "
              "same answer |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        rows = []
        for k in range(args.runs):
            r = first_answer(args.seed + k)
            rows.append(r)
            print(f"| {r['seed']} | {r['to_move']} | {r['whole']:.2f} | {r['inside']:.2f} | {r['worlds']} | {r['moves']} | "
                  f"{r['half_mean']:.3f} | {r['half_max']:.3f} | {'yes' if r['same'] else 'NO'} |", flush=True)
        print(f"\nmedian whole process {statistics.median(r['whole'] for r in rows):.2f} s, in process "
              f"{statistics.median(r['inside'] for r in rows):.2f} s (target: whole process under 5 s)")


if __name__ == "__main__":
    run(main, "bench_seat.py")
