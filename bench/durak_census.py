"""Where does a big Durak proof spend its nodes? A census of one compiled search.

    python bench/durak_census.py [--size 10] [--position 9] [--move "attack 9♥"]
                                 [--range -1,0] [--lead-bits N]

It searches one child of a seeded bench position (``--move``: a legal root move as ``foolsolve``
prints it; default: the most expensive move of the 10v10 set's position 9) with one question
(``--range lo,hi`` for the child's side to move; ``-1,0`` is "draw?", the question a full solve
asks first of a move it guesses wins) on one thread, with a fresh table, in a patched copy of
``solver/durak_jit.py``. The patches are text replacements, applied in a temporary directory and
checked to apply exactly once; the shipped solver is not changed. The copy counts:

* nodes by kind (lead, defence, throw-in, take set);
* lead nodes by live cards (both hands), split into *quick exits* (the attacker's last card,
  valued before the table is read), *decided* (a table entry settles the node), *undecided* (an
  entry exists but its bounds do not settle the node) and *searched* (no entry: the node's own
  static tests run, then its moves), and how many *distinct* positions the searched ones are
  (a position searched twice lost its entry to replacement in between).

The copy must visit the very tree the shipped search visits: the script checks that its node
count equals the shipped module's on the same question (one thread, same table size).
Results and their reading: BENCHMARKS.md, "Session 13".
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_durak import Question, patched_module  # noqa: E402

SET_BITS = 24
"""Rows of the set of searched lead positions (pairs of words, kept in the copy's cfg array)."""
C_LEADS, C_DECIDED, C_UNDECIDED, C_SEARCHED, C_DISTINCT, C_HANDS = 16, 48, 80, 112, 144, 176
"""ctl slots of the copy: per-live-card-count counters start here (32 slots each); searched leads
by the attacker's and the defender's cards (16 x 16) from ``C_HANDS``."""

PATCHES = [
    ("        self.ctl = np.zeros(8, np.int64)\n",
     f"        self.ctl = np.zeros({C_HANDS + 16 * 16}, np.int64)\n"),
    ("    cfg = np.zeros(CFG_SIZE, np.int64)\n",
     f"    cfg = np.zeros(CFG_SIZE + (2 << {SET_BITS}), np.int64)\n"),
    ("        _tick(ctl)\n\n        if kind == K_LEAD:\n",
     "        _tick(ctl)\n        ctl[8 + kind] += 1\n\n        if kind == K_LEAD:\n"
     f"            ctl[{C_LEADS} + _popc(a) + _popc(d)] += 1\n"),
    ("""                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
""", f"""                if lo >= beta or lo == hi or hi <= alpha:
                    ctl[{C_DECIDED} + _popc(a) + _popc(d)] += 1
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                ctl[{C_UNDECIDED} + _popc(a) + _popc(d)] += 1
                if lo > alpha:
                    alpha = lo
"""),
    ("""            else:
                v = _lead_static(a, d, cfg, beat)
""", f"""            else:
                nn = _popc(a) + _popc(d)
                ctl[{C_SEARCHED} + nn] += 1
                ctl[{C_HANDS} + 16 * min(_popc(a), 15) + min(_popc(d), 15)] += 1
                hh = _mix(a * -7046029254386353131 ^ d) & ((1 << {SET_BITS}) - 1)
                while True:
                    q = CFG_SIZE + 2 * hh
                    if cfg[q] == 0 and cfg[q + 1] == 0:
                        cfg[q] = a
                        cfg[q + 1] = d
                        ctl[{C_DISTINCT} + nn] += 1
                        break
                    if cfg[q] == a and cfg[q + 1] == d:
                        break
                    hh = (hh + 1) & ((1 << {SET_BITS}) - 1)
                v = _lead_static(a, d, cfg, beat)
"""),
]


def patched(tmp: Path) -> ModuleType:
    """The census copy of solver/durak_jit.py, imported from ``tmp``."""
    return patched_module("solver/durak_jit.py", PATCHES, tmp, "durak_jit_census", "durak_census")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    Question.add_arguments(ap)
    args = ap.parse_args()
    q = Question(args, "durak_census")
    from foolsolve.solver import durak_jit

    eg0, v0, t_plain = q.ask(durak_jit)
    with tempfile.TemporaryDirectory() as tmp:
        eg, v, t_census = q.ask(patched(Path(tmp)))
    if (v, eg.nodes) != (v0, eg0.nodes):
        raise SystemExit(f"durak_census: the copy searched another tree ({v}, {eg.nodes:,} nodes "
                         f"against {v0}, {eg0.nodes:,})")
    ctl = eg._lanes[0].ctl
    total = int(ctl[0])
    print(f"{q.title}: value {v}, {total:,} nodes, {t_plain:.1f} s shipped ({t_census:.1f} s census copy)")
    for k, name in enumerate(["lead", "defence", "throw-in", "take set", "take seq"]):
        if ctl[8 + k]:
            print(f"  {name:9s} {int(ctl[8 + k]):>13,} nodes {ctl[8 + k] / total:6.1%}")
    print("  live cards: lead nodes = quick exits + decided + undecided + searched (distinct positions)")
    for n in range(2 * args.size + 1):
        leads = int(ctl[C_LEADS + n])
        if not leads:
            continue
        dec, und, sea, dis = (int(ctl[c + n]) for c in (C_DECIDED, C_UNDECIDED, C_SEARCHED, C_DISTINCT))
        print(f"  {n:3d} {leads:>12,} = {leads - dec - und - sea:>10,} + {dec:>11,} + {und:>8,} + {sea:>10,}"
              f" ({dis:,})")
    print("  searched leads by the attacker's cards (rows) and the defender's (columns), 1..12:")
    for na in range(1, 13):
        row = [int(ctl[C_HANDS + 16 * na + nd]) for nd in range(1, 13)]
        print(f"  {na:3d} " + " ".join(f"{x:>9,}" for x in row))


if __name__ == "__main__":
    main()
