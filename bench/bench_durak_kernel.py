"""Durak's rules kernel: the fast implementations before and after a change, side by side in one run.

    python bench/bench_durak_kernel.py --old REV [--games 200] [--repeat 5] [--sizes 8 9]
                                       [--positions 10] [--python-sizes 6 7] [--rounds 3] [--compile N]
                                       [--deals 3]
                                       [--only playout compiled-playout engine compiled python compile
                                               native native-compile seat]

``REV`` is a git revision of this checkout (e.g. the commit before the change). Its Durak rules
kernel, engine, native playouts and both searches (``engines/durak_kernel.py``,
``engines/durak_kernel_compiled.py`` and ``engines/durak_playout_compiled.py`` where ``REV`` has
them, ``engines/durak.py``, ``engines/durak_playout.py``, ``solver/durak/{shared,search,compiled}.py``)
are checked out with ``git show`` into a package of
their own outside this one (``<tmp>/foolsolve-bench-old/<sha>/durak_old_<sha>``, kept between
runs so that numba's cache of the old search stays valid), their imports of each other pointed at
that package; everything else (cards, spec, solver base) is this checkout's. Both run in this
process, taking turns item by item (who goes first alternates), and every row checks that the two
give the same results:

1. ``playout``: the native playouts on the same seeded whole games (random deals, 2-6 players,
   random rule options): the same moves (traces) and final positions; CPU time.
   ``compiled-playout``: the same with the compiled native playouts (each loaded from numba's
   cache, compiled first when the cache lacks it).
2. ``engine``: the engine's ``legal`` + ``play`` loop on the same games (the generic playout); CPU
   time.
3. ``compiled``: the compiled search on one thread, a fresh search per position valuing every
   move (seeded two-player podkidnoy endgames, stock empty, as bench_durak.py's): the same values
   and node counts; wall time, the fastest of ``--rounds`` searches a side per position (on a
   shared machine the fastest is the figure least moved by other jobs; numba's cache warm: each
   search is loaded before timing).
4. ``python``: the same with the Python search (smaller sizes).
5. ``compile`` (``--compile N``, default 1 round; 0 skips it): each compiled search's first
   compile, in a child process with an empty ``NUMBA_CACHE_DIR`` (what CI pays), N rounds
   alternating; the child's CPU time and wall time.

Three more sections compare this checkout's two native playouts, the Python one
(``engines/durak_playout.py``) and the compiled one (``engines/durak_playout_compiled.py``,
loaded from numba's cache, compiled first when the cache lacks it); they need no ``--old``:

6. ``native``: both playouts on the ``playout`` section's seeded games (the same traces, final
   positions and generator states checked first, untimed); CPU time and games per second, the
   two taking turns game by game.
7. ``native-compile``: the compiled playout's first compile, in a child process with an empty
   ``NUMBA_CACHE_DIR`` (``--compile N`` rounds, at least one); CPU and wall time.
8. ``seat``: a seat answer (:func:`foolsolve.seat.analyse`, the defaults: 100 worlds, PIMC) from
   player 0's view of ``--deals`` fresh two-player deals (bench_seat.py's first answers), with
   each playout, taking turns; worlds per second (wall) and whether the answers are equal.

Prints a Markdown report.
"""

from __future__ import annotations

import importlib
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_durak import endgame
from benchkit import ROOT, Parser, fail, header, positive_int, run, whole

from foolsolve.games.durak import random_game
from foolsolve.spec.durak import SPEC

PROG = "bench_durak_kernel.py"
FILES = {  # the old package's module -> the file at REV
    "kernel": "engines/durak_kernel.py",
    "engine": "engines/durak.py",
    "playout": "engines/durak_playout.py",
    "shared": "solver/durak/shared.py",
    "search": "solver/durak/search.py",
    "compiled": "solver/durak/compiled.py",
    "kernel_compiled": "engines/durak_kernel_compiled.py",
    "playout_compiled": "engines/durak_playout_compiled.py",
}
OPTIONAL = ("kernel", "kernel_compiled", "playout_compiled")
"""Modules a revision may lack (from before the kernel, the compiled playout, the one compiled
kernel): the other modules of that revision do not import them."""
OLD_BASE: Path | None = None
"""The folder holding the old package (set by :func:`old_package`)."""
SECTIONS = ("playout", "compiled-playout", "engine", "compiled", "python", "compile", "native", "native-compile", "seat")
NEW_ONLY = ("native", "native-compile", "seat")
"""The sections comparing this checkout's two native playouts (no ``--old``)."""


def old_package(rev: str) -> tuple[str, Path]:
    """Check the Durak files of ``rev`` out into a package of their own (once per commit) and put
    its folder on ``sys.path``; returns the package's name and folder."""
    got = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                         capture_output=True, text=True)
    if got.returncode:
        fail(PROG, f"--old: {rev!r} is not a commit of {ROOT}")
    sha = got.stdout.strip()
    name = f"durak_old_{sha[:12]}"
    base = Path(tempfile.gettempdir()) / "foolsolve-bench-old" / sha[:12]
    pkg = base / name
    texts = {}
    for mod, path in FILES.items():
        shown = subprocess.run(["git", "-C", str(ROOT), "show", f"{sha}:{path}"], capture_output=True, text=True)
        if shown.returncode:
            if mod in OPTIONAL:  # a revision from before it: its modules do not import it
                continue
            fail(PROG, f"--old: {rev} has no {path}")
        text = shown.stdout
        text = text.replace("from foolsolve.engines import durak_kernel, durak_kernel_compiled",
                            f"from {name} import kernel as durak_kernel, kernel_compiled as durak_kernel_compiled")
        text = re.sub(r"from foolsolve\.engines import durak_kernel_compiled\b",
                      f"from {name} import kernel_compiled as durak_kernel_compiled", text)
        text = text.replace("from foolsolve.engines.durak_kernel_compiled import", f"from {name}.kernel_compiled import")
        text = text.replace("from foolsolve.engines.durak_kernel import", f"from {name}.kernel import")
        text = text.replace("from foolsolve.engines import durak_kernel", f"from {name} import kernel as durak_kernel")
        text = text.replace("from foolsolve.engines.durak import", f"from {name}.engine import")
        text = text.replace("from foolsolve.engines import durak_playout", f"from {name} import playout")
        text = text.replace("from foolsolve.engines.durak_playout import playout", f"from {name}.playout import playout")
        text = re.sub(r"from foolsolve\.solver\.durak\.(shared|search|compiled) import", rf"from {name}.\1 import", text)
        text = re.sub(r"from foolsolve\.solver\.durak import (shared|compiled)\b", rf"from {name} import \1", text)
        texts[mod] = text
    pkg.mkdir(parents=True, exist_ok=True)
    init = pkg / "__init__.py"
    if not init.exists():
        init.write_text(f'"""The Durak modules of commit {sha}, for {PROG}."""\n')
    for mod, text in texts.items():
        f = pkg / f"{mod}.py"
        # rewritten only when it differs: numba's cache of the old search checks the file's stamp
        if not f.exists() or f.read_text() != text:
            f.write_text(text)
    if str(base) not in sys.path:
        sys.path.insert(0, str(base))
    global OLD_BASE
    OLD_BASE = base
    return name, pkg


class Impl:
    """One side of the comparison: its engine, playout and searches."""

    def __init__(self, label: str, engine: ModuleType, playout: ModuleType, search: ModuleType,
                 compiled_name: str, playout_compiled_name: str) -> None:
        self.label = label
        self.engine = engine
        self.playout = playout
        self.search = search
        self.compiled_name = compiled_name
        self.playout_compiled_name = playout_compiled_name
        self._compiled: ModuleType | None = None
        self._playout_compiled: ModuleType | None = None

    @property
    def compiled(self) -> ModuleType:
        """The compiled search's module, loaded (numba's cache warm) on first use."""
        if self._compiled is None:
            self._compiled = importlib.import_module(self.compiled_name)
            self._compiled.load()
        return self._compiled


    @property
    def playout_compiled(self) -> ModuleType:
        """The compiled native playout's module, loaded (compiled first when numba's cache lacks it)."""
        if self._playout_compiled is None:
            try:
                module = importlib.import_module(self.playout_compiled_name)
            except ModuleNotFoundError:
                fail(PROG, f"{self.label} has no compiled native playout (engines/durak_playout_compiled.py)")
            if not module.load():
                print(f"  compiling the Durak playout of {self.label} (not in numba's cache)", file=sys.stderr, flush=True)
                module.load(compile=True)
            self._playout_compiled = module
        return self._playout_compiled


def implementations(rev: str) -> tuple[Impl, Impl]:
    """The old side (``rev``'s files) and the new one (this checkout)."""
    name, _ = old_package(rev)
    old = Impl(f"old ({rev})", importlib.import_module(f"{name}.engine"), importlib.import_module(f"{name}.playout"),
               importlib.import_module(f"{name}.search"), f"{name}.compiled", f"{name}.playout_compiled")
    new = Impl("new", importlib.import_module("foolsolve.engines.durak"),
               importlib.import_module("foolsolve.engines.durak_playout"),
               importlib.import_module("foolsolve.solver.durak.search"), "foolsolve.solver.durak.compiled",
               "foolsolve.engines.durak_playout_compiled")
    return old, new


def _turns(impls: tuple[Impl, Impl], i: int) -> tuple[Impl, ...]:
    return impls if i % 2 == 0 else impls[::-1]


def _ratio_row(what: str, old_s: float, new_s: float) -> str:
    return f"| {what} | {old_s:.3f} | {new_s:.3f} | **{new_s / old_s:.3f}x** |"


def bench_playout(impls: tuple[Impl, Impl], games: int, repeat: int, compiled: bool = False) -> list[str]:
    """Section 1: the native playouts on the same seeded games, CPU time (``compiled``: the compiled
    ones, section 1b)."""
    plays = {im.label: (im.playout_compiled if compiled else im.playout).playout for im in impls}
    starts = [random_game(random.Random(f"2026:deal:{i}")) for i in range(games)]
    states = {im.label: [im.engine.from_spec_state(s) for s in starts] for im in impls}
    secs = dict.fromkeys(states, 0.0)
    moves = dict.fromkeys(states, 0)
    for rnd in range(repeat):
        for i in range(games):
            got = {}
            for im in _turns(impls, i + rnd):
                trace: list[tuple[int, int, int]] = []
                rng = random.Random(f"2026:moves:{i}")
                t0 = time.process_time()
                end, n = plays[im.label](states[im.label][i], rng, None, trace if rnd == 0 else None)
                secs[im.label] += time.process_time() - t0
                moves[im.label] += n
                got[im.label] = (n, end.key()[2:], trace)
            a, b = got.values()
            if a != b:
                raise SystemExit(f"{PROG}: game {i}: the old and the new playout play different games")
    old, new = (secs[im.label] for im in impls)
    return [f"| native playout, {'compiled' if compiled else 'Python'} | old CPU s | new CPU s | new / old |",
            "|---|---|---|---|",
            _ratio_row(f"{games} seeded games x {repeat} rounds ({moves[impls[1].label]:,} moves)", old, new)]


def bench_engine(impls: tuple[Impl, Impl], games: int, repeat: int) -> list[str]:
    """Section 2: the engine's ``legal`` + ``play`` loop on the same seeded games, CPU time."""
    starts = [random_game(random.Random(f"2026:deal:{i}")) for i in range(games)]
    states = {im.label: [im.engine.from_spec_state(s) for s in starts] for im in impls}
    secs = dict.fromkeys(states, 0.0)
    moves = 0
    for rnd in range(repeat):
        for i in range(games):
            got = {}
            for im in _turns(impls, i + rnd):
                legal, play = im.engine.legal, im.engine.play
                s = states[im.label][i]
                rng = random.Random(f"2026:moves:{i}")
                n = 0
                t0 = time.process_time()
                while True:
                    ms = legal(s)
                    if not ms:
                        break
                    s = play(s, rng.choice(ms))
                    n += 1
                secs[im.label] += time.process_time() - t0
                got[im.label] = (n, s.key()[2:])
            a, b = got.values()
            if a != b:
                raise SystemExit(f"{PROG}: game {i}: the old and the new engine play different games")
            moves += a[0]
    old, new = (secs[im.label] for im in impls)
    return ["| engine `legal` + `play` | old CPU s | new CPU s | new / old |", "|---|---|---|---|",
            _ratio_row(f"{games} seeded games x {repeat} rounds ({moves // repeat:,} moves a round)", old, new)]


def _solves(impls: tuple[Impl, Impl], sizes: list[int], positions: int, rounds: int, label: str,
            make: Callable[[Impl, Any, int], Any]) -> list[str]:
    """Sections 3 and 4: a fresh search per position and side valuing every move, ``rounds`` times
    (the sides taking turns, who goes first alternating), the fastest of the rounds counting; the
    same values and node counts on both sides every time; wall time per position."""
    rows = [f"| {label} | positions x rounds | old median s | new median s | old total s | new total s | "
            "nodes (both) | new / old, total | new / old, per position (median) |",
            "|---|---|---|---|---|---|---|---|---|"]
    for k in sizes:
        rng = random.Random(f"2026:{k}")
        jsons = [endgame(k, rng) for _ in range(positions)]
        secs: dict[str, list[float]] = {im.label: [] for im in impls}
        nodes = 0
        for i, p in enumerate(jsons):
            best: dict[str, float] = {}
            for rnd in range(rounds):
                got = {}
                for im in _turns(impls, i + rnd):
                    s = im.engine.from_spec_state(SPEC.state_from_json(p))
                    search = make(im, s, k)
                    t0 = time.perf_counter()
                    values = [v for _, v in search.move_values(s)]
                    took = time.perf_counter() - t0
                    best[im.label] = min(took, best.get(im.label, took))
                    got[im.label] = (values, search.nodes)
                    print(f"  {label} {k}v{k} #{i} {im.label}: {took:.3f} s, {search.nodes:,} nodes",
                          file=sys.stderr, flush=True)
                a, b = got.values()
                if a != b:
                    raise SystemExit(f"{PROG}: {k}v{k} #{i}: the old and the new {label} differ: {a} against {b}")
            for im in impls:
                secs[im.label].append(best[im.label])
            nodes += a[1]
        old, new = (secs[im.label] for im in impls)
        per = statistics.median(n / o for o, n in zip(old, new))
        rows.append(f"| {k}v{k} | {positions} x {rounds} | {statistics.median(old):.3f} | {statistics.median(new):.3f} | "
                    f"{sum(old):.2f} | {sum(new):.2f} | {nodes:,} (equal) | **{sum(new) / sum(old):.3f}x** | "
                    f"{per:.3f}x |")
        print(rows[-1], file=sys.stderr, flush=True)
    return rows


def bench_compiled(impls: tuple[Impl, Impl], sizes: list[int], positions: int, rounds: int) -> list[str]:
    """Section 3: the compiled search, one thread."""
    for im in impls:
        im.compiled  # noqa: B018  (loaded before timing)
    return _solves(impls, sizes, positions, rounds, "compiled search, one thread",
                   lambda im, s, k: im.compiled.JitEndgame(s.er, s.trump, threads=1, cards=2 * k))


def bench_python(impls: tuple[Impl, Impl], sizes: list[int], positions: int, rounds: int) -> list[str]:
    """Section 4: the Python search."""
    return _solves(impls, sizes, positions, rounds, "Python search", lambda im, s, k: im.search.Solver(s.er, s.trump))


def _cold_compile(code: str, env: dict[str, str]) -> tuple[float, float]:
    """CPU and wall seconds of ``python -c code`` in a child process with an empty numba cache
    (``env`` added to this process's environment)."""
    with tempfile.TemporaryDirectory(prefix="foolsolve-numba-") as cache:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env={**os.environ, **env, "NUMBA_CACHE_DIR": cache}, check=True)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def bench_compile(impls: tuple[Impl, Impl], rounds: int) -> list[str]:
    """Section 5: each compiled search's first compile in a child with an empty numba cache."""
    got: dict[str, list[tuple[float, float]]] = {im.label: [] for im in impls}
    for rnd in range(rounds):
        for im in _turns(impls, rnd):
            code = f"import importlib; importlib.import_module({im.compiled_name!r}).load()"
            cpu, wall = _cold_compile(code, {"PYTHONPATH": os.pathsep.join(
                filter(None, (str(OLD_BASE), os.environ.get("PYTHONPATH"))))})
            got[im.label].append((cpu, wall))
            print(f"  compile {im.label}: {cpu:.1f} s CPU, {wall:.1f} s wall", file=sys.stderr, flush=True)
    (o_cpu, o_wall), (n_cpu, n_wall) = ((statistics.median(c for c, _ in got[im.label]),
                                         statistics.median(w for _, w in got[im.label])) for im in impls)
    return ["| first compile of the compiled search (empty numba cache) | old | new | new / old |",
            "|---|---|---|---|",
            f"| CPU s, median of {rounds} | {o_cpu:.1f} | {n_cpu:.1f} | **{n_cpu / o_cpu:.3f}x** |",
            f"| wall s, median of {rounds} | {o_wall:.1f} | {n_wall:.1f} | {n_wall / o_wall:.3f}x |"]


def _native_playouts() -> tuple[tuple[str, Callable[..., Any]], ...]:
    """This checkout's Python playout and its compiled one (loaded, compiled first if need be)."""
    from foolsolve.engines import durak_playout, durak_playout_compiled

    if not durak_playout_compiled.load():
        print("  compiling the Durak playout (not in numba's cache)", file=sys.stderr, flush=True)
        durak_playout_compiled.load(compile=True)
    return ("Python", durak_playout.playout), ("compiled", durak_playout_compiled.playout)


def bench_native(games: int, repeat: int) -> list[str]:
    """Section 6: the Python and the compiled native playout on the same seeded games, CPU time."""
    from foolsolve.engines.durak import from_spec_state

    sides = _native_playouts()
    starts = [from_spec_state(random_game(random.Random(f"2026:deal:{i}"))) for i in range(games)]
    for i, start in enumerate(starts):  # the same games (untimed)
        got = {}
        for name, play in sides:
            trace: list[tuple[int, int, int]] = []
            rng = random.Random(f"2026:moves:{i}")
            end, n = play(start, rng, None, trace)
            got[name] = (n, end.key(), trace, rng.getstate())
        a, b = got.values()
        if a != b:
            raise SystemExit(f"{PROG}: game {i}: the Python and the compiled playout play different games")
    secs = {name: 0.0 for name, _ in sides}
    moves = 0
    for rnd in range(repeat):
        for i, start in enumerate(starts):
            for name, play in sides if (i + rnd) % 2 == 0 else sides[::-1]:
                rng = random.Random(f"2026:moves:{i}")
                t0 = time.process_time()
                _, n = play(start, rng)
                secs[name] += time.process_time() - t0
            moves += n
    py, co = secs["Python"], secs["compiled"]
    played = games * repeat
    return ["| native playout, this checkout | Python CPU s | compiled CPU s | Python games/s | compiled games/s | "
            "compiled / Python, speed |", "|---|---|---|---|---|---|",
            f"| {games} seeded games x {repeat} rounds ({moves:,} moves) | {py:.3f} | {co:.3f} | {played / py:,.0f} | "
            f"{played / co:,.0f} | **{py / co:.1f}x** |"]


def bench_native_compile(rounds: int) -> list[str]:
    """Section 7: the compiled playout's first compile in a child with an empty numba cache."""
    got = []
    for _ in range(rounds):
        code = "from foolsolve.engines import durak_playout_compiled as c; assert not c.load(); c.load(compile=True)"
        cpu, wall = _cold_compile(code, {})
        got.append((cpu, wall))
        print(f"  compile of the playout: {cpu:.1f} s CPU, {wall:.1f} s wall", file=sys.stderr, flush=True)
    return ["| first compile of the compiled playout (empty numba cache, a child process) | CPU s | wall s |",
            "|---|---|---|",
            f"| median of {rounds} | {statistics.median(c for c, _ in got):.1f} | "
            f"{statistics.median(w for _, w in got):.1f} |"]


def bench_seat(deals: int) -> list[str]:
    """Section 8: a seat answer with each playout, worlds per second (wall)."""
    from foolsolve import games, seat
    from foolsolve.engines import durak_playout
    from foolsolve.worlds import read_view, view_of, worlds_of_view

    sides = _native_playouts()
    info = games.get("durak")
    spec = info.spec
    rows = ["| seat answer, fresh 2-player deal (seed) | worlds | Python s | compiled s | Python worlds/s | "
            "compiled worlds/s | compiled / Python, speed | same answer |", "|---|---|---|---|---|---|---|---|"]
    tot = {name: 0.0 for name, _ in sides}
    worlds_all = 0
    for k in range(deals):
        seed = 2026 + k
        view = view_of(info, spec.deal(spec.rules_cls(), 2, random.Random(seed)), 0)
        took, answers = {}, {}
        for name, _ in sides if k % 2 == 0 else sides[::-1]:
            durak_playout.use(name.lower())  # what ``ENGINE.playout`` runs
            t0 = time.perf_counter()
            # no time limit: both playouts value the same worlds, so their answers are compared whole
            # (Ctrl-C: analyse returns the answer so far, whole() passes the interrupt on; the
            # deals finished are printed before it stops the run)
            try:
                answer = whole(seat.analyse(info, worlds_of_view(read_view(view)), seat.Settings(seconds=None)))
            except KeyboardInterrupt:
                print("\n".join(rows) + "\n", flush=True)
                raise
            took[name] = time.perf_counter() - t0
            answers[name] = {k: v for k, v in answer.to_json().items() if k != "seconds"}
        worlds = answers["Python"]["worlds"]
        worlds_all += worlds
        same = answers["Python"] == answers["compiled"]
        py, co = took["Python"], took["compiled"]
        for name in tot:
            tot[name] += took[name]
        rows.append(f"| {seed} | {worlds} | {py:.2f} | {co:.2f} | {worlds / py:.0f} | {worlds / co:.0f} | "
                    f"{py / co:.1f}x | {'yes' if same else 'NO'} |")
        print(rows[-1], file=sys.stderr, flush=True)
    py, co = tot["Python"], tot["compiled"]
    rows.append(f"| all {deals} | {worlds_all} | {py:.2f} | {co:.2f} | {worlds_all / py:.0f} | {worlds_all / co:.0f} | "
                f"**{py / co:.1f}x** | |")
    return rows


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--old", metavar="REV",
                    help="the git revision to compare with (needed by every section but native, native-compile, seat)")
    ap.add_argument("--games", type=positive_int, default=200, help="seeded whole games (default 200)")
    ap.add_argument("--repeat", type=positive_int, default=5, help="rounds over the games (default 5)")
    ap.add_argument("--sizes", type=positive_int, nargs="+", default=[8, 9],
                    help="compiled search: cards a side (default 8 9)")
    ap.add_argument("--python-sizes", type=positive_int, nargs="+", default=[6, 7],
                    help="Python search: cards a side (default 6 7)")
    ap.add_argument("--positions", type=positive_int, default=10, help="positions of each size (default 10)")
    ap.add_argument("--rounds", type=positive_int, default=3,
                    help="searches: each position this many times a side, the fastest counting (default 3)")
    ap.add_argument("--compile", type=int, default=1, metavar="N",
                    help="rounds of the fresh-compile comparison (default 1; 0 skips it)")
    ap.add_argument("--deals", type=positive_int, default=3, help="seat: fresh deals answered (default 3)")
    ap.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS), help="run only these sections")
    a = ap.parse_args()
    if a.old is None and any(name not in NEW_ONLY for name in a.only):
        ap.error("--old REV is needed (or --only native native-compile seat)")
    if any(k > 18 for k in (*a.sizes, *a.python_sizes)):
        ap.error("--sizes/--python-sizes: at most 18 cards a side fit a 36-card deck")
    if a.compile < 0:
        ap.error("--compile: rounds must be 0 or more")
    got_impls = implementations(a.old) if a.old is not None else None
    print(header(PROG))

    def sides() -> tuple[Impl, Impl]:
        assert got_impls is not None  # checked above: --old is given for these sections
        return got_impls

    if got_impls is not None:
        print(f"old: {a.old}, checked out as the package {got_impls[0].engine.__name__.rsplit('.', 1)[0]}; new: this "
              "checkout\n", flush=True)
    sections: list[tuple[str, Callable[[], list[str]]]] = [
        ("playout", lambda: bench_playout(sides(), a.games, a.repeat)),
        ("compiled-playout", lambda: bench_playout(sides(), a.games, a.repeat, compiled=True)),
        ("engine", lambda: bench_engine(sides(), a.games, a.repeat)),
        ("compiled", lambda: bench_compiled(sides(), a.sizes, a.positions, a.rounds)),
        ("python", lambda: bench_python(sides(), a.python_sizes, a.positions, a.rounds)),
        ("compile", lambda: bench_compile(sides(), a.compile) if a.compile else []),
        ("native", lambda: bench_native(a.games, a.repeat)),
        ("native-compile", lambda: bench_native_compile(max(1, a.compile))),
        ("seat", lambda: bench_seat(a.deals)),
    ]
    for name, section in sections:
        if name in a.only:
            rows = section()
            if rows:
                print("\n".join(rows) + "\n", flush=True)


if __name__ == "__main__":
    run(main, PROG)
