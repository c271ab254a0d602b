"""Durak benchmarks (issue: Durak end to end, §8).

    python bench/bench_durak.py [--sizes 4 6 8 10] [--positions 20] [--seed 2026] [--playouts 40]
                                [--repeat 3] [--clock cpu|wall] [--no-solver] [--no-playouts]
                                [--cap SECONDS] [--max-nodes N] [--baseline FILE]
                                [--baseline-tree DIR] [--value-only]
                                [--jit auto|true|false] [--vs-python] [--vs-reductions JSON]

1. Endgame solving: seeded random two-player podkidnoy positions with the deck empty (36-card
   deck, random trump suit, k cards each, player 0 to lead), solved exactly by
   ``foolsolve.solver.durak.solve``: median and max seconds, nodes, nodes per second.
2. Engine vs spec random-playout speed, measured side by side in one run: the same seeded
   whole games (random deal, 2-6 players, random rule options; each move ``rng.choice`` of the
   sorted legal list) are played by the spec, the engine through the generic API (checked
   ``apply`` and ``apply_unchecked``) and the engine's native ``playout``, taking turns game by
   game; every row must play the very same game. Moves per second and the ratio to the spec.

``--value-only`` times the game value for the side to move alone (``Endgame.value`` on the root,
as ``foolsolve POSITION -o moves=false`` does: no per-move values, no principal variation)
instead of the full solve; the issue's figures are
the full solve (every legal move valued), this row only shows how much of it the value costs.

``--cap`` stops a position's solve after that many seconds (it is reported as unfinished, counted
as the cap in the median, and left out of the node figures); ``--max-nodes`` stops it after that
many nodes (unfinished too, timed as it stopped). Each solve's time and nodes also go to stderr
as they finish. ``--baseline FILE`` loads another
version of ``solver/durak/search.py`` (for instance the one on main, copied to a temporary directory) and
solves every position with it too, right before the current solver, so both are measured side by
side in one run.

``--baseline-tree DIR`` does the same with another whole checkout of the project (for instance
``git worktree add /tmp/base HEAD~3``), so that changes to the compiled search are measured side
by side too: this script runs in a second process with ``PYTHONPATH=DIR`` (so ``foolsolve`` is
that checkout's) and solves each position there, taking turns with the current solver; the two
never run at the same time.

``--jit`` is the solver's ``-o jit=`` (``auto``, the default, uses the compiled search from 16
cards: every 8v8 and 10v10 position). Before the first timed solve the compiled search is loaded
(and compiled, on a machine's first run) and its load time printed, so no position pays it.
``--vs-python`` also solves every position with the Python search (``jit=false``), taking turns
with the current solver position by position: the row pair is the side-by-side comparison.
``--vs-reductions '{"rank_order": false}'`` does the same with the current solver under other
reduction switches (``-o reductions=...``), for instance with one reduction off.

Solve times are wall-clock seconds (the compiled search values a position's moves on two
threads, so CPU time would count both cores).

Prints a Markdown report (paste it into BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

from foolsolve.cards import FRENCH36, FRENCH_SUITS
from foolsolve.engines.durak import ENGINE, from_spec_state, legal, move_text, play
from foolsolve.games.durak import random_game
from foolsolve.solver.base import SearchLimit, SolveOptions, wdl
from foolsolve.solver.durak import Reductions, solve
from foolsolve.spec.durak import SPEC, State


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


ROOT = Path(__file__).resolve().parent.parent


def load_module(path: str | Path, name: str, who: str) -> ModuleType:
    """The Python file ``path`` imported as the module ``name``, registered in ``sys.modules``
    (dataclasses and numba's cache look a module up there); ``who`` names the caller in the
    error when the file cannot be loaded."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{who}: cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def patched_module(source: str, patches: Iterable[tuple[str, str]], tmp: Path, name: str, who: str) -> ModuleType:
    """The project file ``source`` (e.g. ``solver/durak/search.py``) with each text replacement
    ``(old, new)`` applied, each of which must apply exactly once, written to ``tmp`` and
    imported as the module ``name`` (the shipped file is not changed)."""
    src = (ROOT / source).read_text(encoding="utf-8")
    for old, new in patches:
        if src.count(old) != 1:
            raise SystemExit(f"{who}: a patch no longer applies to {source}:\n{old}")
        src = src.replace(old, new)
    path = tmp / f"{name}.py"
    path.write_text(src, encoding="utf-8")
    return load_module(path, name, who)


class Question:
    """One question about one child of a seeded bench position, the unit ``durak_census.py`` and
    ``durak_profile.py`` measure: the child after ``--move`` of position ``--position`` of the
    ``--size`` set, asked with the window ``--range lo,hi`` (for the child's side to move) on one
    thread with a fresh table of ``--lead-bits`` rows."""

    @staticmethod
    def add_arguments(ap: argparse.ArgumentParser) -> None:
        ap.add_argument("--size", type=int, default=10, help="cards a side of the bench set (default 10)")
        ap.add_argument("--position", type=int, default=9, help="position of the seeded set (default 9)")
        ap.add_argument("--move", default="attack 9♥", help="the root move whose child is searched")
        ap.add_argument("--range", default="-1,0", help="lo,hi for the child's side to move (default -1,0)")
        ap.add_argument("--lead-bits", type=int, default=None, help="lead table rows (log2; default by size)")

    def __init__(self, args: argparse.Namespace, who: str) -> None:
        self.size = args.size
        self.lead_bits = args.lead_bits
        self.lo, self.hi = (int(x) for x in args.range.split(","))
        rng = random.Random(f"2026:{args.size}")
        states = [SPEC.state_from_json(endgame(args.size, rng)) for _ in range(args.position + 1)]
        self.root = from_spec_state(states[args.position])
        moves = {move_text(m): m for m in legal(self.root)}
        if args.move not in moves:
            raise SystemExit(f"{who}: no move {args.move!r}; legal: {', '.join(moves)}")
        self.child = play(self.root, moves[args.move])
        self.title = (f"{args.size}v{args.size} #{args.position}, {args.move}, range [{self.lo}, {self.hi}] "
                      "for the child's mover")

    def ask(self, kernel: ModuleType) -> tuple[Any, int, float]:
        """``(search, value, seconds)`` of the question asked of the compiled search ``kernel``
        (``solver/durak/compiled.py`` or a patched copy)."""
        eg = kernel.JitEndgame(self.root.er, self.root.trump, Reductions(), threads=1, cards=2 * self.size,
                               lead_bits=self.lead_bits)
        t0 = time.perf_counter()
        v = eg.value(self.child, self.lo, self.hi)
        return eg, v, time.perf_counter() - t0


def load_solver(path: str, value_only: bool = False) -> Callable[..., Any]:
    """``solve`` of another copy of ``solver/durak/search.py`` (the baseline of a side-by-side run), or
    its value-only counterpart (:func:`value_solver`)."""
    mod = load_module(path, "durak_baseline", "--baseline")
    return value_solver(mod) if value_only else mod.solve


class _Value:
    """What :func:`timed_solve` reads from a result: nodes and value."""

    def __init__(self, nodes: int, value: str) -> None:
        self.nodes = nodes
        self.value = value


def value_solver(mod: Any) -> Callable[..., Any]:
    """A solve-like function of an older solver module (a baseline, which may lack the
    ``moves`` option) that computes the root's value only, as ``-o moves=false`` does now: with
    the compiled search where the baseline has one (``search_for``), as the current solver does."""
    def run(state: Any, options: SolveOptions) -> _Value:
        s = from_spec_state(state)
        if hasattr(mod, "search_for"):
            eg = mod.search_for(s, None, options, mod.jit_choice(options))
        else:
            try:
                eg = mod.endgame_for(s, None, options)
            except TypeError:  # an old baseline without the options parameter (and without node limits)
                eg = mod.endgame_for(s)
        v = eg.value(s)  # before eg.nodes is read
        return _Value(eg.nodes, wdl(v))
    return run


def value_only_solve(state: Any, options: SolveOptions) -> Any:
    """The current solver's value alone: ``foolsolve POSITION -o moves=false``."""
    return solve(state, SolveOptions(extra={**options.extra, "moves": False}, max_nodes=options.max_nodes))


def with_option(solver: Callable[..., Any], name: str, value: Any) -> Callable[..., Any]:
    """``solver`` with ``-o name=value`` added to its options (``jit``, ``reductions``)."""
    def run(state: Any, options: SolveOptions) -> Any:
        return solver(state, SolveOptions(extra={**options.extra, name: value}, max_nodes=options.max_nodes))
    return run


def warm_up() -> str:
    """Load the compiled search (compiling it on a machine's first run) and run it once, so the
    first timed position pays neither; returns what it cost."""
    t0 = time.perf_counter()
    from foolsolve.solver.durak import compiled

    compiled.load()
    loaded = time.perf_counter() - t0
    state = SPEC.state_from_json(endgame(7, random.Random("warm-up")))
    solve(state, SolveOptions(extra={"jit": True, "pv": False}))
    return f"compiled search: loaded in {loaded:.2f} s, first solve done at {time.perf_counter() - t0:.2f} s"


def timed_solve(solver: Callable[..., Any], state: Any, cap: float | None,
                max_nodes: int | None = None) -> tuple[float, int | None, str | None]:
    """Seconds, nodes and value of one solve; nodes and value are None when the cap (seconds or
    nodes) stopped it."""
    t0 = time.perf_counter()
    if cap:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, cap)
    try:
        res = solver(state, SolveOptions(extra={"pv": False}, max_nodes=max_nodes))
    except _Timeout:
        return cap or 0.0, None, None
    except SearchLimit:
        return time.perf_counter() - t0, None, None
    finally:
        if cap:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return time.perf_counter() - t0, res.nodes, res.value


Timed = tuple[float, int | None, str | None]
"""Seconds, nodes and value of one solve (nodes and value None when a cap stopped it)."""


class TreeSolver:
    """The solver of another checkout ``tree``, in a second process (``PYTHONPATH=tree``, this
    script with ``--serve``) that solves one position at a time when asked: a side-by-side
    baseline for changes anywhere in the package, the compiled search included."""

    def __init__(self, tree: str, value_only: bool, jit: bool | str) -> None:
        root = Path(tree).resolve()
        if not (root / "foolsolve" / "__init__.py").is_file():
            print(f"bench_durak.py: --baseline-tree: {tree} is not a foolsolve checkout (no foolsolve/__init__.py)",
                  file=sys.stderr)
            raise SystemExit(2)
        env = {**os.environ, "PYTHONPATH": str(root)}
        cmd = [sys.executable, str(Path(__file__).resolve()), "--serve", "--jit", str(jit).lower()]
        if value_only:
            cmd.append("--value-only")
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        self.ready = self._line()  # its warm-up report

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("--baseline-tree: the baseline process ended")
        return line.strip()

    def __call__(self, position: dict[str, object], cap: float | None, max_nodes: int | None) -> Timed:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"position": position, "cap": cap, "max_nodes": max_nodes}) + "\n")
        self.proc.stdin.flush()
        secs, nodes, value = json.loads(self._line())
        return secs, nodes, value

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def serve(value_only: bool, jit: bool | str) -> None:
    """``--serve``: solve each position read from stdin (a JSON line: position, cap, max_nodes)
    with this process's ``foolsolve``, answering each with a JSON line ``[seconds, nodes, value]``
    (:class:`TreeSolver`'s other end); the first line out is the warm-up's report."""
    solver = with_option(value_only_solve if value_only else solve, "jit", jit)
    print(warm_up() if jit is not False else "no warm-up (jit=false)", flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        got = timed_solve(solver, SPEC.state_from_json(job["position"]), job["cap"], job["max_nodes"])
        print(json.dumps(list(got)), flush=True)


def bench_solver(sizes: list[int], positions: int, seed: int, cap: float | None = None,
                 baseline: str | None = None, value_only: bool = False,
                 max_nodes: int | None = None, jit: bool | str = "auto", vs_python: bool = False,
                 vs_reductions: dict[str, bool] | None = None, baseline_tree: str | None = None) -> list[str]:
    plain = value_only_solve if value_only else solve
    current = with_option(plain, "jit", jit)
    solvers: list[tuple[str, Callable[..., Any]]] = [("current", current)]
    if baseline:
        solvers.insert(0, ("baseline", load_solver(baseline, value_only)))
    if vs_reductions is not None:
        solvers.insert(0, ("switched", with_option(current, "reductions", vs_reductions)))
    if vs_python:
        solvers.insert(0, ("python", with_option(plain, "jit", False)))
    # each runner: (position's JSON, its state) -> seconds, nodes, value
    runners: list[tuple[str, Callable[[dict[str, object], State], Timed]]] = [
        (name, lambda _p, state, solver=solver: timed_solve(solver, state, cap, max_nodes)) for name, solver in solvers]
    if not baseline_tree:
        return _bench_rows(sizes, positions, seed, runners, value_only)
    tree = TreeSolver(baseline_tree, value_only, jit)
    print(f"baseline tree {baseline_tree}: {tree.ready}", file=sys.stderr, flush=True)
    runners.insert(0, ("baseline", lambda p, _state: tree(p, cap, max_nodes)))
    try:
        return _bench_rows(sizes, positions, seed, runners, value_only)
    finally:
        tree.close()


def _bench_rows(sizes: list[int], positions: int, seed: int,
                runners: list[tuple[str, Callable[[dict[str, object], State], Timed]]], value_only: bool) -> list[str]:
    """:func:`bench_solver`'s runs and report rows, the runners taking turns position by position."""
    rows = []
    for k in sizes:
        rng = random.Random(f"{seed}:{k}")
        jsons = [endgame(k, rng) for _ in range(positions)]
        states = [SPEC.state_from_json(p) for p in jsons]
        got: dict[str, list[Timed]] = {name: [] for name, _ in runners}
        for i, state in enumerate(states):
            # alternate which solver goes first: the second solve of a position runs on memory
            # the first one has just freed (fewer page faults), a bias of up to 2x on small solves
            for name, runner in (runners if i % 2 == 0 else runners[::-1]):
                got[name].append(runner(jsons[i], state))
                secs, nodes, _ = got[name][-1]
                print(f"  {k}v{k} #{i} {name}: {secs:.2f} s, "
                      + (f"{nodes:,} nodes" if nodes is not None else "unfinished"), file=sys.stderr, flush=True)
        for name, _ in runners:
            secs = [t for t, _, _ in got[name]]
            nodes = [n for _, n, _ in got[name] if n is not None]
            values = [v for _, _, v in got[name]]
            done = [t for t, n, _ in got[name] if n is not None]
            unfinished = positions - len(done)
            counts = "/".join(str(values.count(v)) for v in ("win", "draw", "loss"))
            if unfinished:
                counts += f" ({unfinished} unfinished)"
            rate = sum(nodes) / sum(done) if done and sum(done) else 0.0
            label = (f"{name} " if len(runners) > 1 else "") + ("value only " if value_only else "")
            med_nodes = f"{int(statistics.median(nodes)):,}" if nodes else "-"
            most_nodes = f"{max(nodes):,}" if nodes else "-"
            mx = f"{max(secs):.3f}" + (" (cap)" if unfinished else "")
            rows.append(f"| {label}{k}v{k} | {positions} | {statistics.median(secs):.3f} | {mx} | "
                        f"{med_nodes} | {most_nodes} | {rate:,.0f} | {counts} |")
            print(rows[-1], flush=True)
        for other in ("baseline", "python"):
            if other in got:
                pairs = [(b[2], c[2]) for b, c in zip(got[other], got["current"]) if b[2] and c[2]]
                if any(b != c for b, c in pairs):
                    raise SystemExit(f"{k}v{k}: the {other} and the current solver disagree on a value")
        for other in ("baseline", "python"):
            both = [(p[0], c[0]) for p, c in zip(got.get(other, []), got["current"])
                    if p[1] is not None and c[1] is not None]
            if both:
                ratios = sorted(p / c for p, c in both if c > 0)
                rows.append(f"| {k}v{k}: {other} / current time, per position | {len(both)} solved by both | "
                            f"median {statistics.median(ratios):.1f}x | min {ratios[0]:.1f}x, max {ratios[-1]:.1f}x "
                            f"| | | | |")
                print(rows[-1], flush=True)
    return rows


def _spec_game(start: State, rng: random.Random) -> tuple[int, object]:
    """The spec: ``legal_moves`` + ``apply`` (which checks legality: "illegal means the spec rejects it")."""
    s, moves = start, 0
    while True:
        legal = SPEC.legal_moves(s)
        if not legal:
            return moves, SPEC.result(s)
        s = SPEC.apply(s, rng.choice(legal))
        moves += 1


def _engine_game(start: State, rng: random.Random, checked: bool) -> tuple[int, object]:
    """The engine through the generic API: ``legal_moves`` + ``apply`` (checked) or ``apply_unchecked``."""
    e, moves = ENGINE.from_spec(start), 0
    apply = ENGINE.apply if checked else ENGINE.apply_unchecked
    legal_moves = ENGINE.legal_moves
    while True:
        legal = legal_moves(e)
        if not legal:
            return moves, ENGINE.result(e)
        e = apply(e, rng.choice(legal))
        moves += 1


def _native_game(start: State, rng: random.Random) -> tuple[int, object]:
    """The engine's native ``playout`` (one private state mutated in place, same draws)."""
    e, moves = ENGINE.playout(ENGINE.from_spec(start), rng)
    return moves, ENGINE.result(e)


ROWS: list[tuple[str, str, Callable[[State, random.Random], tuple[int, object]]]] = [
    ("spec", "`SPEC.legal_moves` + `SPEC.apply` (checked)", _spec_game),
    ("engine, checked", "`legal_moves` + `apply` (checked against the list just returned)",
     lambda s, r: _engine_game(s, r, True)),
    ("engine, unchecked", "`legal_moves` + `apply_unchecked`", lambda s, r: _engine_game(s, r, False)),
    ("engine, native playout", "`DurakEngine.playout(state, rng)`", _native_game),
]


def bench_playouts(games: int, seed: int, repeat: int = 3, clock: str = "cpu") -> list[str]:
    """Every row plays the same seeded whole games (same deal, same ``Random`` seed for the moves);
    the rows take turns game by game (rotating who goes first), ``repeat`` rounds over all games.
    Each row must play exactly the spec's game: same number of moves and the same result.
    ``clock``: ``cpu`` (this process's CPU time: robust when other jobs share the cores) or ``wall``."""
    starts = [random_game(random.Random(f"{seed}:deal:{i}")) for i in range(games)]
    moves = [0] * len(ROWS)
    secs = [0.0] * len(ROWS)
    timer = time.process_time if clock == "cpu" else time.perf_counter
    for rnd in range(repeat):
        for i, start in enumerate(starts):
            outcome = None
            for k in range(len(ROWS)):
                r = (k + i + rnd) % len(ROWS)
                rng = random.Random(f"{seed}:moves:{i}")
                t0 = timer()
                got = ROWS[r][2](start, rng)
                secs[r] += timer() - t0
                moves[r] += got[0]
                if outcome is None:
                    outcome = got
                elif got != outcome:
                    raise AssertionError(f"game {i}: {ROWS[r][0]} played {got}, another row {outcome}")
    spec_rate = moves[0] / secs[0]
    out = [f"| implementation | API | games x rounds | moves | seconds ({clock}) | moves/s | vs spec |",
           "|---|---|---|---|---|---|---|"]
    for (name, api, _), m, s in zip(ROWS, moves, secs):
        rate = m / s
        out.append(f"| {name} | {api} | {games} x {repeat} | {m:,} | {s:.2f} | {rate:,.0f} | "
                   f"**{rate / spec_rate:.1f}x** |")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[4, 6, 8, 10])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--playouts", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3, help="rounds over the playout games")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="time the playouts by process CPU time (default) or wall time")
    ap.add_argument("--no-solver", action="store_true", help="only the playout comparison")
    ap.add_argument("--no-playouts", action="store_true", help="skip the engine/spec playout comparison")
    ap.add_argument("--cap", type=float, default=None, help="seconds allowed per position and solver")
    ap.add_argument("--baseline", default=None, help="another solver/durak/search.py to run side by side")
    ap.add_argument("--baseline-tree", metavar="DIR", default=None,
                    help="another checkout of the project whose solver runs side by side (in a second process)")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--max-nodes", type=int, default=None,
                    help="nodes allowed per position and solver (beyond: unfinished, timed as it stopped)")
    ap.add_argument("--value-only", action="store_true",
                    help="time the root's game value alone (no per-move values), not the full solve")
    ap.add_argument("--jit", choices=("auto", "true", "false"), default="auto", help="the solver's -o jit=")
    ap.add_argument("--vs-reductions", metavar="JSON",
                    help="also solve every position under these reduction switches, side by side")
    ap.add_argument("--vs-python", action="store_true",
                    help="also solve every position with the Python search (jit=false), side by side")
    a = ap.parse_args()
    vs_red = None
    if a.vs_reductions is not None:
        try:
            vs_red = json.loads(a.vs_reductions)
            problem = None if isinstance(vs_red, dict) else "expected a JSON object of switches"
        except json.JSONDecodeError as exc:
            problem = f"not JSON ({exc.msg} at character {exc.pos})"
        if problem:
            print(f"bench_durak.py: --vs-reductions: {problem}", file=sys.stderr)
            raise SystemExit(2)
    jit: bool | str = {"auto": "auto", "true": True, "false": False}[a.jit]
    if a.serve:
        serve(a.value_only, jit)
        return
    print(f"Machine: {platform.machine()}, Python {platform.python_version()}, "
          f"command: python bench/bench_durak.py {' '.join(sys.argv[1:])}\n")
    if not a.no_playouts:
        print("\n".join(bench_playouts(a.playouts, a.seed, a.repeat, a.clock)) + "\n", flush=True)
    if a.no_solver:
        return
    if jit is not False:
        print(warm_up() + "\n", flush=True)
    print("| size | positions | median s | max s | median nodes | max nodes | nodes/s (finished) | values (W/D/L) |")
    print("|---|---|---|---|---|---|---|---|")
    bench_solver(a.sizes, a.positions, a.seed, a.cap, a.baseline, a.value_only, a.max_nodes, jit, a.vs_python,
                 vs_red, a.baseline_tree)


if __name__ == "__main__":
    main()
