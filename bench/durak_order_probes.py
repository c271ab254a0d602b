"""Is move ordering the lever left for the Durak endgame solver? Three measurements.

    python bench/durak_order_probes.py [--size 8] [--position 6] [--move 0] [--seeds 3]
                                       [--budgets 100,1000,3000] [--root]
    python bench/durak_order_probes.py --tablebase 6,8,10,12 [--size 8] [--position 0]

Each experiment runs a patched copy of ``solver/durak.py`` (the patches are text replacements,
applied here and checked to apply exactly once; the shipped solver is not changed) on one child
of a bench position (``--move``: the index of a legal root move, as ``foolsolve`` lists them) or
on the root itself (``--root``), each time with a fresh transposition table, and prints the nodes:

* ``plain``: the shipped solver (the reference count).
* ``oracle``: the same search, but every node that misses the table tries first the move that
  the finished ``plain`` search stored as best there (its hint), as if move ordering knew the
  final answer of every node it has already met once. A bound on what better ordering of the
  same search could save with that knowledge.
* ``shuffle SEED``: the lead moves in a random order (the table hint still first). How far the
  shipped static order is from an arbitrary one, and how widely proof sizes spread with it.
* ``probe B``: at every lead with 12 or more live cards and two or more moves, each move is first
  searched with a budget of ``B`` nodes; moves that run over are retried with 4x the budget,
  until one proves a cut or all are refuted (a cheap stand-in for best-first, proof-number-like
  search: it finds a cheap winning move before an expensive one). Aborted work counts.

``--tablebase N,...`` asks another question: how much would an endgame table of every lead position
with at most ``N`` live cards save? It solves the position in full (every root move valued) as
the shipped solver does, collects every lead position that search met, computes the exact value
of each one with ``N`` or fewer live cards (a separate search), then solves again with those values
read off at once. The nodes of that second solve are a lower bound for what a real table of
all positions up to ``N`` cards could give. It is a lower bound because the search only ever
meets the positions the first solve met.

Values are checked equal in every run. Results and their reading: ``docs/bench-ds-order.md``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_durak import endgame, patched_module  # noqa: E402

from foolsolve.engines.durak import DState, from_spec_state, legal, move_text, play  # noqa: E402
from foolsolve.spec.durak import SPEC  # noqa: E402

HEADER = "WIN, DRAW, LOSS = 1, 0, -1\n"

ORACLE = [
    ("                lo, hi, hint = LOSS, WIN, 0\n",
     "                lo, hi, hint = LOSS, WIN, ORA[0].get(key, 0)\n"),
    ("                lo, hi, hint = NOMOVE, WIN, 0\n",
     "                lo, hi, hint = NOMOVE, WIN, ORA[1].get(key, 0)\n"),
    ("                e = tt_throw.get(key)\n                lo, hi, hint = LOSS, WIN, -1\n",
     "                e = tt_throw.get(key)\n                lo, hi, hint = LOSS, WIN, ORA[2].get(key, -1)\n"),
    ("                e = tt_take.get(key)\n                lo, hi, hint = LOSS, WIN, -1\n",
     "                e = tt_take.get(key)\n                lo, hi, hint = LOSS, WIN, ORA[3].get(key, -1)\n"),
]

LEAD_LOOP = """                for s in moves:
                    v = -defend(a ^ s, d, s, 0, s, k - s.bit_count(), 0, True, -beta, -alpha)
                    if v > best:
                        best = v
                        bm = s
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                break
"""

SHUFFLE = [(LEAD_LOOP, "                if SHUF[0] is not None and len(moves) > 1:\n"
                       "                    SHUF[0].shuffle(moves)\n" + LEAD_LOOP)]

TICK = """            if nodes >= over:
                raise SearchLimit(f"more than {max_nodes} nodes")
            next_report = min(nodes + REPORT_EVERY, over)
"""

PROBE_LOOP = """                if PR[0] and not perev and len(moves) > 1 and (a | d).bit_count() >= PR[1]:
                    pending = moves
                    budget = PR[0]
                    done = False
                    while pending and not done:
                        rest = []
                        last_round = len(pending) == 1
                        for s in pending:
                            depth = len(LIM)
                            if not last_round:
                                lim = nodes + budget
                                if LIM and LIM[-1] < lim:
                                    lim = LIM[-1]
                                LIM.append(lim)
                                if lim < next_report:
                                    next_report = lim
                            try:
                                v = -defend(a ^ s, d, s, 0, s, k - s.bit_count(), 0, True, -beta, -alpha)
                            except Abort as ex:
                                if ex.args[0] != depth or last_round:
                                    raise
                                rest.append(s)
                                continue
                            finally:
                                del LIM[depth:]
                                next_report = min(nodes + 1, over)
                            if v > best:
                                best = v
                                bm = s
                                if v > alpha:
                                    alpha = v
                                    if v >= beta:
                                        done = True
                                        break
                        pending = rest
                        budget *= PR[2]
                else:
""" + "\n".join("  " + line if line else line for line in LEAD_LOOP.split("\n"))

PROBE = [
    (TICK, TICK.replace("            next_report = min(nodes + REPORT_EVERY, over)\n",
                        "            for i, lim in enumerate(LIM):\n"
                        "                if nodes >= lim:\n"
                        "                    raise Abort(i)\n"
                        "            next_report = min(nodes + REPORT_EVERY, over)\n"
                        "            if LIM and LIM[-1] < next_report:\n"
                        "                next_report = LIM[-1]\n")),
    ("                nonlocal nodes, reps\n                nodes += 1\n                if nodes >= next_report:\n"
     "                    tick()\n                if quick_lead",
     "                nonlocal nodes, reps, next_report\n                nodes += 1\n                if nodes >= next_report:\n"
     "                    tick()\n                if quick_lead"),
    (LEAD_LOOP, PROBE_LOOP),
]

TABLEBASE = [("                e = tt_lead.get(key)\n                lo, hi, hint = LOSS, WIN, ORA[0].get(key, 0)\n",
              "                e = tt_lead.get(key)\n                if e is None and TB:\n"
              "                    tbv = TB.get(key)\n                    if tbv is not None:\n"
              "                        return tbv\n                lo, hi, hint = LOSS, WIN, ORA[0].get(key, 0)\n")]

GLOBALS = HEADER + (
    "TB: dict = {}\nORA: list = [{}, {}, {}, {}]\nSHUF: list = [None]\nPR: list = [0, 12, 4]\nLIM: list = []\n\n\n"
    "class Abort(Exception):\n    pass\n"
)


def patched_solver(tmp: Path) -> ModuleType:
    """``solver/durak.py`` with the three patches, loaded as a module of its own."""
    return patched_module("solver/durak.py", [(HEADER, GLOBALS), *ORACLE, *SHUFFLE, *PROBE, *TABLEBASE], tmp,
                          "durak_probed", "durak_order_probes")


def levels_of(eg: Any) -> dict[Any, Any]:
    """The search's per-level function tuples (index 5: its tables; index 0: its lead())."""
    f = eg._table_size
    cells = dict(zip(f.__code__.co_freevars, f.__closure__ or (), strict=True))
    return dict(cells["levels"].cell_contents)


def tablebase(mod: Any, root: DState, sizes: list[int], label: str) -> None:
    """The ``--tablebase`` experiment (module docstring)."""
    eg = mod.endgame_for(root)
    t = time.perf_counter()
    values = eg.move_values(root)
    plain = eg.nodes
    print(f"{label}, the full solve (every root move valued)\n")
    print("| run | table entries | nodes | vs plain | seconds |\n|---|---|---|---|---|")
    print(f"| plain | - | {plain:,} | 1.00x | {time.perf_counter() - t:.1f} |", flush=True)
    levels = levels_of(eg)
    if len(levels) != 1:
        raise SystemExit("durak_order_probes: --tablebase wants a deck-empty position past the first bout")
    keys = list(next(iter(levels.values()))[5][0])
    ref = mod.endgame_for(root)
    ref.value(root)  # builds its level
    lead = next(iter(levels_of(ref).values()))[0]
    exact = {key: lead(key[0], key[1], -2, 1) for key in keys if (key[0] | key[1]).bit_count() <= max(sizes)}
    for n in sizes:
        mod.TB.clear()
        mod.TB.update((key, v) for key, v in exact.items() if (key[0] | key[1]).bit_count() <= n)
        eg = mod.endgame_for(root)
        t = time.perf_counter()
        if eg.move_values(root) != values:
            raise SystemExit("durak_order_probes: the table changed a value")
        print(f"| table <= {n} cards | {len(mod.TB):,} | {eg.nodes:,} | {plain / eg.nodes:.2f}x | "
              f"{time.perf_counter() - t:.1f} |", flush=True)
    mod.TB.clear()


def run(mod: Any, state: DState, trump: int, er: Any, label: str) -> tuple[int, int]:
    eg = mod.Endgame(er, trump)
    t = time.perf_counter()
    v = eg.value(state)
    print(f"| {label} | {v:+d} | {eg.nodes:,} | {time.perf_counter() - t:.1f} |", flush=True)
    return v, eg.nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=8)
    ap.add_argument("--position", type=int, default=6)
    ap.add_argument("--move", type=int, default=0)
    ap.add_argument("--root", action="store_true", help="the root position itself, not a child")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--budgets", default="100,1000,3000")
    ap.add_argument("--tablebase", default="", help="sizes N,... of the endgame-table experiment")
    args = ap.parse_args()
    rng = random.Random(f"2026:{args.size}")  # bench_durak's seeded set
    spec_states = [SPEC.state_from_json(endgame(args.size, rng)) for _ in range(args.position + 1)]
    root = from_spec_state(spec_states[-1])
    if args.root:
        state, what = root, "the root"
    else:
        m = legal(root)[args.move]
        state, what = play(root, m), f"the child after {move_text(m)}"
    with tempfile.TemporaryDirectory() as tmp:
        mod = patched_solver(Path(tmp))
        if args.tablebase:
            sizes = [int(x) for x in args.tablebase.split(",")]
            tablebase(mod, root, sizes, f"{args.size}v{args.size} position {args.position}")
            return
        er = mod.endgame_for(root).er
        print(f"{args.size}v{args.size} position {args.position}, {what} (value for its side to move)\n")
        print("| run | value | nodes | seconds |\n|---|---|---|---|")
        eg = mod.Endgame(er, root.trump)
        t = time.perf_counter()
        v0 = eg.value(state)
        print(f"| plain | {v0:+d} | {eg.nodes:,} | {time.perf_counter() - t:.1f} |", flush=True)
        for tables in (f[5] for f in levels_of(eg).values()):
            for table, ora in zip(tables, mod.ORA):
                ora.update((key, e[2]) for key, e in table.items() if e[2] not in (0, -1))
        checks = [run(mod, state, root.trump, er, "oracle")]
        for o in mod.ORA:
            o.clear()
        for seed in range(args.seeds):
            mod.SHUF[0] = random.Random(seed)
            checks.append(run(mod, state, root.trump, er, f"shuffle {seed}"))
        mod.SHUF[0] = None
        for b in (int(x) for x in args.budgets.split(",") if x):
            mod.PR[:] = [b, 12, 4]
            checks.append(run(mod, state, root.trump, er, f"probe {b}"))
        mod.PR[0] = 0
        if any(v != v0 for v, _ in checks):
            raise SystemExit("durak_order_probes: a patched search gave another value")


if __name__ == "__main__":
    main()
