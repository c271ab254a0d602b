"""Durak benchmarks: the engine against the spec, the endgame solver, and what the solver is made of.

    python bench/bench_durak.py [--playouts 40] [--repeat 3] [--clock cpu|wall] [--no-playouts]
                                [--sizes 4 6 8 10] [--positions 20] [--seed 2026] [--no-solver]
                                [--cap SECONDS] [--max-nodes N] [--value-only] [--jit auto|true|false]
                                [--baseline-python PY] [--vs-python] [--vs-reductions JSON] [--only 5]
    python bench/bench_durak.py --orders [--sizes 10] [--positions 10] [--cap 90] [--only 0 4 9]
    python bench/bench_durak.py --answers [--sizes 10 12] [--positions 10]
    python bench/bench_durak.py --estimates [--sizes 9 10] [--positions 40] [--seconds 10]
                                [--variants random:8 greedy:1] [--cap 120]
    python bench/bench_durak.py --spec-io

Every comparison runs side by side in one run on the same seeded inputs, taking turns item by
item, and prints the ratio: absolute times on a shared machine move, ratios much less.

1. **Random playouts, engine against spec** (CPU time): the same seeded whole games (random deal,
   2-6 players, random rule options; each move ``rng.choice`` of the sorted legal list) played by
   the spec, the engine through the generic API (checked ``apply`` and ``apply_unchecked``) and
   the engine's two native playouts, the Python one and the compiled one that ``ENGINE.playout``
   runs once numba's cache holds it (loaded, or compiled, before timing), taking turns game by
   game, ``--repeat`` rounds; every row must play the very same game. Moves per second and the
   ratio to the spec (target: the native playout at least 30x).
2. **Solver solves** (wall time: the compiled search runs two threads): seeded random two-player
   podkidnoy positions with the deck empty (36-card deck, random trump suit, k cards each, player
   0 to lead), solved exactly with every move valued, as ``foolsolve POSITION.json`` does (targets:
   8v8 median under 1 s, 10v10 under 10 s). ``--value-only`` times the game value alone (``-o
   moves=false``); ``--only 5`` solves position 5 of each size's set alone (the first is 0).
   ``--cap`` stops a solve after that many seconds (unfinished, counted as the cap in the median,
   left out of the node figures); ``--max-nodes`` after that many nodes. Each solve's
   time and nodes also go to stderr as they finish. ``--jit`` is the solver's ``-o jit=``; the
   compiled search is loaded (compiled, on a machine's first run) before the first timed solve.

   Side by side with the current solver, position by position (the script stops if a value
   differs): ``--baseline-python PY`` the Python of a venv with another checkout installed (e.g.
   ``git worktree add /tmp/base main``, then in it ``python -m venv --system-site-packages .venv
   && .venv/bin/pip install --no-deps -e .``), which runs this script in a second process;
   ``--vs-python`` the Python search (``jit=false``) against the compiled search at every size
   (the current solver is run with ``jit=true``: ``jit=auto`` would give positions under 8v8 to
   the Python search too; ``--jit false`` is refused); ``--vs-reductions '{"rank_order": false}'``
   the current solver under other reduction switches.
3. ``--orders``: the two move orders the compiled search races on its two threads (its own, and
   "pass" first at throw-in nodes), each alone on one thread: for every position of the set (size
   from ``--sizes``, default 10), a fresh one-thread search values every legal move in each order,
   taking turns which goes first; seconds, nodes and the ratio.
4. ``--answers``: what a user gets from ``foolsolve POSITION.json --json`` at the default budget
   (``--time`` 20 s), one whole process per position of the set (size from ``--sizes``, default
   10 12): an exact answer (every move valued), the exact part of a solve stopped at its share of
   the time (the value and a best move proved, the other moves bounded; docs/results.md), or the
   depth-limited estimate; with the process's wall time and the moves valued exactly.
5. ``--spec-io``: the spec alone: a position's JSON round trip (``state_to_json``, then the schema
   and semantic checks of ``state_from_json``) and exhaustive minimax over the spec on
   ``durak-endgame.json``.
6. ``--estimates``: how good the depth-limited estimate is that ``foolsolve POSITION.json`` prints
   where the exact solver does not finish in its share of the time (a labelled estimate, section
   4): on seeded positions small enough to solve exactly (default 9v9 and 10v10), whose moves do
   not all share one value, the moves each variant of the open-hand search names best in
   ``--seconds`` (default 10, what the CLI leaves it at ``--time 20``) against their exact values:
   how often they are all optimal and the mean regret (the best exact value less the mean exact
   value of the moves named best), variants taking turns position by position (wall time).

Prints a Markdown report.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, Worker, fail, header, positive_float, positive_int, run, serve

from foolsolve.cards import FRENCH36, FRENCH_SUITS
from foolsolve.engines.durak import ENGINE, from_spec_state
from foolsolve.errors import InputError
from foolsolve.games.durak import random_game
from foolsolve.solver.base import SearchLimit, SolveOptions
from foolsolve.solver.durak import solve
from foolsolve.spec.durak import SPEC, State

PROG = "bench_durak.py"


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


def vs_python_jit(jit: bool | str) -> bool:
    """The current solver's ``jit`` beside ``--vs-python``: the compiled search at every size
    (``jit=auto`` leaves positions under ``JIT_MIN_CARDS``, 8v8, to the Python search, and the
    comparison would be the Python search with itself); ``--jit false`` is refused."""
    if jit is False:
        raise InputError("--vs-python compares the Python search with the compiled one: not with --jit false")
    return True


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


def bench_solver(sizes: list[int], positions: int, seed: int, cap: float | None = None,
                 value_only: bool = False, max_nodes: int | None = None, jit: bool | str = "auto",
                 vs_python: bool = False, vs_reductions: dict[str, bool] | None = None,
                 baseline_python: str | None = None, only: list[int] | None = None) -> list[str]:
    """The solver rows: every seeded position of each size solved by the current solver and, side
    by side (taking turns position by position), by each comparison asked for."""
    plain = value_only_solve if value_only else solve
    current = with_option(plain, "jit", jit)
    solvers: list[tuple[str, Callable[..., Any]]] = [("current", current)]
    if vs_reductions is not None:
        solvers.insert(0, ("switched", with_option(current, "reductions", vs_reductions)))
    if vs_python:
        solvers.insert(0, ("python", with_option(plain, "jit", False)))
    # each runner: (position's JSON, its state) -> seconds, nodes, value
    runners: list[tuple[str, Callable[[dict[str, object], State], Timed]]] = [
        (name, lambda _p, state, solver=solver: timed_solve(solver, state, cap, max_nodes)) for name, solver in solvers]
    if not baseline_python:
        return _bench_rows(sizes, positions, seed, runners, value_only, only)
    serve_args = ["--serve", "--jit", str(jit).lower()] + (["--value-only"] if value_only else [])
    tree = Worker(baseline_python, __file__, serve_args, PROG, "--baseline-python", python=baseline_python)
    print(f"baseline {baseline_python}: {tree.ready}", file=sys.stderr, flush=True)

    def baseline(position: dict[str, object], _state: State) -> Timed:
        secs, nodes, value = tree.ask({"position": position, "cap": cap, "max_nodes": max_nodes})
        return secs, nodes, value

    runners.insert(0, ("baseline", baseline))
    try:
        return _bench_rows(sizes, positions, seed, runners, value_only, only)
    finally:
        tree.close()


def serve_solves(value_only: bool, jit: bool | str) -> None:
    """``--serve`` (the other end of ``--baseline-python``): solve each position asked for with this
    process's ``foolsolve`` (the baseline checkout's), answering ``[seconds, nodes, value]``."""
    solver = with_option(value_only_solve if value_only else solve, "jit", jit)

    def answer(job: dict[str, Any]) -> list[Any]:
        return list(timed_solve(solver, SPEC.state_from_json(job["position"]), job["cap"], job["max_nodes"]))

    serve(warm_up() if jit is not False else "no warm-up (jit=false)", answer)


def _bench_rows(sizes: list[int], positions: int, seed: int,
                runners: list[tuple[str, Callable[[dict[str, object], State], Timed]]], value_only: bool,
                only: list[int] | None = None) -> list[str]:
    """:func:`bench_solver`'s runs and report rows, the runners taking turns position by position;
    ``only``: these positions of each size's set alone (``--only``)."""
    for i in only or ():
        if not 0 <= i < positions:
            fail(PROG, f"--only: no position {i} in a set of {positions}")
    rows: list[str] = []
    for k in sizes:
        rng = random.Random(f"{seed}:{k}")
        jsons = [endgame(k, rng) for _ in range(positions)]
        states = [SPEC.state_from_json(p) for p in jsons]
        got: dict[str, list[Timed]] = {name: [] for name, _ in runners}
        try:
            for i, state in enumerate(states):
                if only is not None and i not in only:
                    continue
                # alternate which solver goes first: the second solve of a position runs on memory
                # the first one has just freed (fewer page faults), a bias of up to 2x on small solves
                for name, runner in (runners if i % 2 == 0 else runners[::-1]):
                    got[name].append(runner(jsons[i], state))
                    secs, nodes, _ = got[name][-1]
                    print(f"  {k}v{k} #{i} {name}: {secs:.2f} s, "
                          + (f"{nodes:,} nodes" if nodes is not None else "unfinished"), file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            # Ctrl-C: the rows of the positions every solver finished, then the interrupt goes on
            done = min(len(v) for v in got.values())
            if done:
                _size_rows(k, {name: v[:done] for name, v in got.items()}, runners, value_only, rows)
            raise
        _size_rows(k, got, runners, value_only, rows)
    return rows


def _size_rows(k: int, got: dict[str, list[Timed]], runners: list[tuple[str, Any]], value_only: bool,
               rows: list[str]) -> None:
    """One size's report rows (printed, and added to ``rows``) from each runner's solves, a solve
    per position (the same positions for every runner)."""
    positions = len(got["current"])
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
    for other in ("baseline", "python", "switched"):
        if other in got:
            pairs = [(b[2], c[2]) for b, c in zip(got[other], got["current"]) if b[2] and c[2]]
            if any(b != c for b, c in pairs):
                raise SystemExit(f"{k}v{k}: the {other} and the current solver disagree on a value")
    for other in ("baseline", "python", "switched"):
        both = [(p[0], c[0]) for p, c in zip(got.get(other, []), got["current"])
                if p[1] is not None and c[1] is not None]
        if both:
            ratios = sorted(p / c for p, c in both if c > 0)
            rows.append(f"| {k}v{k}: {other} / current time, per position | {len(both)} solved by both | "
                        f"median {statistics.median(ratios):.1f}x | min {ratios[0]:.1f}x, max {ratios[-1]:.1f}x "
                        f"| | | | |")
            print(rows[-1], flush=True)


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
    """The engine's native ``playout`` (one private state mutated in place, same draws): the
    compiled one (loaded before timing)."""
    e, moves = ENGINE.playout(ENGINE.from_spec(start), rng)
    return moves, ENGINE.result(e)


def _python_native_game(start: State, rng: random.Random) -> tuple[int, object]:
    """The Python native playout (what ``ENGINE.playout`` runs while numba's cache lacks the compiled one)."""
    from foolsolve.engines.durak_playout import playout

    e, moves = playout(ENGINE.from_spec(start), rng)
    return moves, ENGINE.result(e)


ROWS: list[tuple[str, str, Callable[[State, random.Random], tuple[int, object]]]] = [
    ("spec", "`SPEC.legal_moves` + `SPEC.apply` (checked)", _spec_game),
    ("engine, checked", "`legal_moves` + `apply` (checked against the list just returned)",
     lambda s, r: _engine_game(s, r, True)),
    ("engine, unchecked", "`legal_moves` + `apply_unchecked`", lambda s, r: _engine_game(s, r, False)),
    ("engine, native playout (Python)", "`durak_playout.playout(state, rng)`", _python_native_game),
    ("engine, native playout (compiled)", "`ENGINE.playout(state, rng)`, numba's cache warm", _native_game),
]


def bench_playouts(games: int, seed: int, repeat: int = 3, clock: str = "cpu") -> list[str]:
    """Every row plays the same seeded whole games (same deal, same ``Random`` seed for the moves);
    the rows take turns game by game (rotating who goes first), ``repeat`` rounds over all games.
    Each row must play exactly the spec's game: same number of moves and the same result.
    ``clock``: ``cpu`` (this process's CPU time: robust when other jobs share the cores) or ``wall``."""
    from foolsolve.engines import durak_playout

    durak_playout.use("compiled")  # loaded (compiled first if numba's cache lacks it) before timing

    starts = [random_game(random.Random(f"{seed}:deal:{i}")) for i in range(games)]
    moves = [0] * len(ROWS)
    secs = [0.0] * len(ROWS)
    timer = time.process_time if clock == "cpu" else time.perf_counter
    finished = (0, [0] * len(ROWS), [0.0] * len(ROWS))  # games every row has played, their moves and seconds
    try:
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
                finished = (rnd * games + i + 1, list(moves), list(secs))
    except KeyboardInterrupt:
        # Ctrl-C: the table of the games every row finished, then the interrupt goes on
        if finished[0]:
            print("\n".join(_playout_table(f"{finished[0]} games (of {games} x {repeat})", *finished[1:], clock))
                  + "\n", flush=True)
        raise
    return _playout_table(f"{games} x {repeat}", moves, secs, clock)


def _playout_table(played: str, moves: list[int], secs: list[float], clock: str) -> list[str]:
    """The playout rows: each row's moves and seconds over the games ``played``."""
    spec_rate = moves[0] / secs[0]
    out = [f"| implementation | API | games x rounds | moves | seconds ({clock}) | moves/s | vs spec |",
           "|---|---|---|---|---|---|---|"]
    for (name, api, _), m, s in zip(ROWS, moves, secs):
        rate = m / s
        out.append(f"| {name} | {api} | {played} | {m:,} | {s:.2f} | {rate:,.0f} | "
                   f"**{rate / spec_rate:.1f}x** |")
    return out


def one_thread(s: Any, pass_first: bool, cap: float) -> tuple[float, int | None, Any]:
    """Seconds, nodes and move values of a fresh one-thread compiled search valuing every move of
    ``s`` in the search's own order or with "pass" first at throw-in nodes (nodes and values None
    when ``cap`` stopped it)."""
    from foolsolve.solver.durak import Reductions, compiled

    def run_one(st: Any, _options: object) -> _Result:
        eg = compiled.JitEndgame(st.er, st.trump, Reductions(), threads=1)
        eg._lanes[0].ctl[compiled.T_HELPER] = int(pass_first)  # a one-thread search never resets it
        return _Result([v for _, v in eg.move_values(st)], eg)

    return timed_solve(run_one, s, cap)


def bench_orders(size: int, positions: int, seed: int, cap: float, only: list[int] | None) -> list[str]:
    """``--orders``: each of the two raced move orders alone on one thread (section 3)."""
    for i in only or ():
        if not 0 <= i < positions:
            fail(PROG, f"--only: no position {i} in a set of {positions}")
    rng = random.Random(f"{seed}:{size}")
    states = [from_spec_state(SPEC.state_from_json(endgame(size, rng))) for _ in range(positions)]
    one_thread(from_spec_state(SPEC.state_from_json(endgame(7, random.Random("warm-up")))), False, 600.0)
    rows = ["| position | search's order: s / M nodes | \"pass\" first: s / M nodes | \"pass\" first / search's order |",
            "|---|---|---|---|"]
    print("\n".join(rows), flush=True)
    for i in (only if only is not None else range(positions)):
        got: dict[bool, tuple[float, int | None, Any]] = {}
        for pass_first in ((False, True) if i % 2 == 0 else (True, False)):
            got[pass_first] = one_thread(states[i], pass_first, cap)
        (t0, n0, v0), (t1, n1, v1) = got[False], got[True]
        if v0 is not None and v1 is not None and v0 != v1:
            raise SystemExit(f"{PROG}: position {i}: the two orders disagree on a move's value")
        cells = [f"{t:.2f} / {n / 1e6:.1f}" if n is not None else f"over {t:.0f} s" for t, n, _ in (got[False], got[True])]
        ratio = f"**{t1 / t0:.2f}x**" if n0 is not None and n1 is not None else "-"
        rows.append(f"| {size}v{size} #{i} | {cells[0]} | {cells[1]} | {ratio} |")
        print(rows[-1], flush=True)
    return rows


class _Result:
    """What :func:`timed_solve` reads from a result: nodes (read after the search) and value."""

    def __init__(self, value: Any, search: Any) -> None:
        self.value = value
        self.nodes = search.nodes


def bench_answers(sizes: list[int], positions: int, seed: int) -> list[str]:
    """Section 4: one ``foolsolve POSITION.json --json`` process per position, classified."""
    import subprocess
    import tempfile

    rows = ["| size | position | answer | moves valued exactly | value | process s |", "|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        for k in sizes:
            for i in range(positions):
                path = Path(tmp) / f"p{k}_{i}.json"
                path.write_text(json.dumps(endgame(k, random.Random(f"{seed}:{i}"))), encoding="utf-8")
                t0 = time.perf_counter()
                done = subprocess.run([sys.executable, "-m", "foolsolve", str(path), "--json", "--no-store"],
                                      capture_output=True, text=True, check=False)
                wall = time.perf_counter() - t0
                if done.returncode != 0:
                    fail(PROG, f"foolsolve on {k}v{k} #{i}: exit {done.returncode}: {done.stderr.strip()}")
                res = json.loads(done.stdout)
                if res["value_kind"] == "estimate":
                    kind, valued = "estimate", "0"
                elif res.get("unfinished"):
                    kind = "exact part"
                    valued = f"{len(res['moves'])} of {len(res['moves']) + len(res['unfinished'])}"
                else:
                    kind, valued = "exact", f"{len(res['moves'])} of {len(res['moves'])}"
                rows.append(f"| {k}v{k} | #{i} | {kind} | {valued} | {res['value']} | {wall:.1f} |")
                print(rows[-1], file=sys.stderr, flush=True)
    return rows


def bench_distances(sizes: list[int], positions: int, seed: int) -> list[str]:
    """``--distances``: the distances to the end added to a solve (foolsolve/distance.py, as
    ``foolsolve POSITION.json`` adds them), per size: how many positions get them within the
    search's budget, and its CPU seconds (a search that gives up at the budget included)."""
    from foolsolve import games
    from foolsolve.distance import DISTANCE_BUDGET, add_distances

    info = games.get("durak")
    rows = [f"| size | distances computed (budget {DISTANCE_BUDGET:,} positions) | not tried (too many cards) "
            "| median CPU s | max CPU s |",
            "|---|---|---|---|---|"]
    for k in sizes:
        took: list[float] = []
        computed = skipped = 0
        for i in range(positions):
            state = SPEC.state_from_json(endgame(k, random.Random(f"{seed}:{i}")))
            result = solve(state, SolveOptions())
            t0 = time.process_time()
            add_distances(info, state, result)
            took.append(time.process_time() - t0)
            computed += result.distance is not None
            skipped += info.distance_skip(info.engine.from_spec(state)) is not None
        rows.append(f"| {k}v{k} | {computed} of {positions} | {skipped} | {statistics.median(took):.2f} "
                    f"| {max(took):.2f} |")
        print(rows[-1], file=sys.stderr, flush=True)
    return rows


ESTIMATE_VARIANTS = ["random:8", "greedy:1"]
"""``--estimates``' default variants: the open-hand search's frontier and playouts a frontier
position (``random:8`` is what ``foolsolve POSITION.json`` uses)."""


def estimate_budget(variant: str, seconds: float) -> Any:
    """The open-hand search's budget of a variant ``FRONTIER[:PLAYOUTS]`` (an InputError if bad)."""
    from foolsolve.playouts import check_frontier
    from foolsolve.solver.open_hand import Budget

    frontier, _, playouts = variant.partition(":")
    check_frontier(frontier, f"--variants {variant}")
    if playouts and not (playouts.isdigit() and int(playouts) > 0):
        raise InputError(f"--variants {variant}: the playouts must be a positive integer")
    return Budget(seconds=seconds, frontier=frontier, playouts=int(playouts or 8))


def exact_move_values(state: Any, cap: float) -> dict[str, int] | None:
    """Every root move's exact value (+1 win, 0 draw, -1 loss for the player to move), or None if
    the solve ran past ``cap`` seconds (:func:`timed_solve`)."""
    got: list[Any] = []

    def keep(state: Any, options: SolveOptions) -> Any:
        got.append(solve(state, options))
        return got[-1]

    if timed_solve(keep, state, cap)[1] is None:
        return None
    points = {"win": 1, "draw": 0, "loss": -1}
    return {m.move: points[str(m.value)] for m in got[0].moves}


def bench_estimates(sizes: list[int], positions: int, seed: int, seconds: float, variants: list[str],
                    cap: float = 120.0) -> list[str]:
    """``--estimates``: how good the depth-limited estimate is that ``foolsolve POSITION.json``
    prints where the exact solver does not finish (section 6). Every seeded position is solved
    exactly (every move valued, within ``cap`` seconds); on those whose moves do not all share one
    value, each variant of the open-hand search (``solve_world`` without the exact solver,
    ``seconds`` of wall time) names its best moves, the variants taking turns position by
    position. A variant's regret on a position is the exact value of the best moves less the mean
    exact value of the moves it named best (0 to 2: a win turned into a loss is 2)."""
    from foolsolve import games
    from foolsolve.solver.open_hand import solve_world

    info = games.get("durak")
    budgets = [estimate_budget(v, seconds) for v in variants]
    cases: list[tuple[str, Any, dict[str, int]]] = []
    unsolved = alike = 0
    for k in sizes:
        for i in range(positions):
            state = SPEC.state_from_json(endgame(k, random.Random(f"{seed}:{i}")))
            t0 = time.perf_counter()
            exact = exact_move_values(state, cap)
            print(f"{k}v{k} #{i}: " + ("not solved within the cap" if exact is None else
                                      f"solved exactly in {time.perf_counter() - t0:.1f} s"), file=sys.stderr, flush=True)
            if exact is None:
                unsolved += 1
            elif len(set(exact.values())) < 2:
                alike += 1
            else:
                cases.append((f"{k}v{k} #{i}", state, exact))
    regrets: list[list[float]] = [[] for _ in variants]
    optimal = [0] * len(variants)
    depths: list[list[int]] = [[] for _ in variants]
    took: list[list[float]] = [[] for _ in variants]
    for n, (label, state, exact) in enumerate(cases):
        top = max(exact.values())
        for j in [(n + r) % len(variants) for r in range(len(variants))]:
            t0 = time.perf_counter()
            answer = solve_world(info, state, budgets[j], use_solver=False)
            took[j].append(time.perf_counter() - t0)
            named = [exact[m] for m in answer.to_solve_result().best]
            regrets[j].append(top - sum(named) / len(named))
            optimal[j] += all(v == top for v in named)
            depths[j].append(answer.depth)
        print(f"{label}: regret " + ", ".join(f"{v} {regrets[j][-1]:.2f}" for j, v in enumerate(variants)),
              file=sys.stderr, flush=True)
    rows = [f"{len(cases)} positions whose moves differ in value ({', '.join(f'{k}v{k}' for k in sizes)}, "
            f"{positions} a size, seed {seed}); {alike} with every move of one value and {unsolved} not solved "
            f"exactly within {cap:g} s left out; each estimate {seconds:g} s of wall time",
            "",
            "| estimate | best moves all optimal | a best move not optimal | mean regret | median depth "
            "| median s |",
            "|---|---|---|---|---|---|"]
    for j, v in enumerate(variants):
        mean = statistics.mean(regrets[j]) if cases else 0.0
        depth = f"{statistics.median(depths[j]):g}" if cases else "-"
        secs = f"{statistics.median(took[j]):.1f}" if cases else "-"
        rows.append(f"| {v} | {optimal[j]} of {len(cases)} | {len(cases) - optimal[j]} | {mean:.3f} | {depth} "
                    f"| {secs} |")
    blind = [max(e.values()) - statistics.mean(e.values()) for _, _, e in cases]
    rows.append(f"| a legal move at random | | | {statistics.mean(blind) if cases else 0.0:.3f} | | |")
    for j in range(1, len(variants)):
        lower = sum(a < b for a, b in zip(regrets[j], regrets[0], strict=True))
        higher = sum(a > b for a, b in zip(regrets[j], regrets[0], strict=True))
        rows.append(f"\n{variants[j]} against {variants[0]}, position by position: lower regret on {lower}, "
                    f"higher on {higher}, equal on {len(cases) - lower - higher}")
    return rows


def bench_spec_io(round_trips: int = 500) -> list[str]:
    """``--spec-io``: the spec's position JSON round trip and exhaustive minimax (section 4)."""
    from foolsolve.solver.minimax import value_for

    rng = random.Random(7)
    states: list[State] = []
    while len(states) < round_trips:
        s = random_game(rng)
        while SPEC.result(s) is None and len(states) < round_trips:
            states.append(s)
            s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    t = time.perf_counter()
    for s in states:
        SPEC.state_from_json(SPEC.state_to_json(s))
    per_state = (time.perf_counter() - t) / round_trips
    text = resources.files("foolsolve").joinpath("examples", "durak-endgame.json").read_text(encoding="utf-8")
    start = SPEC.state_from_json(json.loads(text))
    memo: dict[Any, Any] = {}
    t = time.perf_counter()
    value_for(SPEC, start, 0, memo=memo)
    secs = time.perf_counter() - t
    return ["| what | figure |", "|---|---|",
            f"| position JSON round trip (`state_to_json`, then schema and semantic checks), {round_trips} states "
            f"of random games | {per_state * 1e3:.2f} ms per state |",
            f"| exhaustive minimax over the spec, `durak-endgame.json` | {len(memo)} states in {secs * 1e3:.1f} ms |"]


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--playouts", type=positive_int, default=40, help="seeded whole games per round (default 40)")
    ap.add_argument("--repeat", type=positive_int, default=3, help="rounds over the playout games (default 3)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="time the playouts by process CPU time (default) or wall time")
    ap.add_argument("--no-playouts", action="store_true", help="skip the playouts")
    ap.add_argument("--no-solver", action="store_true", help="skip the endgame solves")
    ap.add_argument("--sizes", type=positive_int, nargs="+", default=[4, 6, 8, 10],
                    help="cards a side, 1 to 18 (default 4 6 8 10)")
    ap.add_argument("--positions", type=positive_int, default=20, help="positions of each size (default 20)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--cap", type=positive_float, default=None, help="seconds allowed per position and solver")
    ap.add_argument("--max-nodes", type=positive_int, default=None,
                    help="nodes allowed per position and solver (beyond: unfinished, timed as it stopped)")
    ap.add_argument("--value-only", action="store_true",
                    help="time the root's game value alone (no per-move values), not the full solve")
    ap.add_argument("--jit", choices=("auto", "true", "false"), default="auto", help="the solver's -o jit=")
    ap.add_argument("--baseline-python", metavar="PY", default=None,
                    help="the Python of a venv with another checkout installed, whose solver runs side by side "
                         "(in a second process)")
    ap.add_argument("--vs-python", action="store_true",
                    help="also solve every position with the Python search (jit=false), side by side")
    ap.add_argument("--vs-reductions", metavar="JSON",
                    help="also solve every position under these reduction switches, side by side")
    ap.add_argument("--orders", action="store_true",
                    help="only the two raced move orders, each alone on one thread (section 3)")
    ap.add_argument("--only", type=int, nargs="+", default=None,
                    help="these positions of each size's set only (the solver rows and --orders; 0 is the first)")
    ap.add_argument("--answers", action="store_true",
                    help="only what foolsolve answers at the default budget, one process per position (section 4)")
    ap.add_argument("--spec-io", action="store_true", help="only the spec's JSON round trip and minimax (section 5)")
    ap.add_argument("--distances", action="store_true",
                    help="only the distances to the end added to each solve (default sizes 4-8, 10 positions)")
    ap.add_argument("--estimates", action="store_true",
                    help="only the depth-limited estimates against exact values (section 6; default sizes 9 10, "
                         "40 positions)")
    ap.add_argument("--seconds", type=positive_float, default=10.0,
                    help="--estimates: wall seconds of each estimate (default 10, what foolsolve leaves it at --time 20)")
    ap.add_argument("--variants", nargs="+", default=ESTIMATE_VARIANTS, metavar="FRONTIER[:PLAYOUTS]",
                    help=f"--estimates: the open-hand search's variants (default {' '.join(ESTIMATE_VARIANTS)})")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if any(k > 18 for k in a.sizes):
        ap.error(f"--sizes: {max(a.sizes)} cards a side do not fit a 36-card deck (at most 18)")
    sections = (a.spec_io, a.distances, a.estimates, a.answers, a.orders, a.serve)
    if a.no_playouts and a.no_solver and not any(sections):
        ap.error("--no-playouts and --no-solver leave nothing to run")
    vs_red = None
    if a.vs_reductions is not None:
        try:
            vs_red = json.loads(a.vs_reductions)
            problem = None if isinstance(vs_red, dict) else "expected a JSON object of switches"
        except json.JSONDecodeError as exc:
            problem = f"not JSON ({exc.msg} at character {exc.pos})"
        if problem:
            ap.error(f"--vs-reductions: {problem}")
    jit: bool | str = {"auto": "auto", "true": True, "false": False}[a.jit]
    if a.vs_python:
        try:
            jit = vs_python_jit(jit)
        except InputError as exc:
            ap.error(str(exc))
        print("--vs-python: the current solver runs the compiled search (jit=true) at every size", file=sys.stderr)
    if a.serve:
        serve_solves(a.value_only, jit)
        return
    if a.estimates:
        for v in a.variants:
            try:
                estimate_budget(v, a.seconds)
            except InputError as exc:
                ap.error(str(exc))
    print(header(PROG))
    if a.spec_io:
        print("\n".join(bench_spec_io()))
        return
    if a.distances:
        sizes = a.sizes if "--sizes" in sys.argv else [4, 5, 6, 7, 8]
        positions = a.positions if "--positions" in sys.argv else 10
        print("\n".join(bench_distances(sizes, positions, a.seed)))
        return
    if a.estimates:
        sizes = a.sizes if "--sizes" in sys.argv else [9, 10]
        positions = a.positions if "--positions" in sys.argv else 40
        try:
            print(warm_up() + "\n", flush=True)
            print("\n".join(bench_estimates(sizes, positions, a.seed, a.seconds, a.variants, a.cap or 120.0)))
        except InputError as exc:
            fail(PROG, str(exc))
        return
    if a.answers:
        sizes = a.sizes if "--sizes" in sys.argv else [10, 12]
        positions = a.positions if "--positions" in sys.argv else 10
        print("\n".join(bench_answers(sizes, positions, a.seed)))
        return
    if a.orders:
        sizes = a.sizes if "--sizes" in sys.argv else [10]
        positions = a.positions if "--positions" in sys.argv else 10
        for k in sizes:
            bench_orders(k, positions, a.seed, a.cap or 90.0, a.only)
        return
    if not a.no_playouts:
        print("\n".join(bench_playouts(a.playouts, a.seed, a.repeat, a.clock)) + "\n", flush=True)
    if a.no_solver:
        return
    if jit is not False:
        print(warm_up() + "\n", flush=True)
    print("| size | positions | median s | max s | median nodes | max nodes | nodes/s (finished) | values (W/D/L) |")
    print("|---|---|---|---|---|---|---|---|")
    try:
        bench_solver(a.sizes, a.positions, a.seed, a.cap, a.value_only, a.max_nodes, jit, a.vs_python, vs_red,
                     a.baseline_python, a.only)
    except InputError as exc:
        fail(PROG, str(exc))


if __name__ == "__main__":
    run(main, PROG)
