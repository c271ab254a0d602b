"""Playing strength: arena matches between the bots, per game, with Wilson intervals and Elo.

The strength table of BENCHMARKS.md ("Playing strength") is one run of this script. For each game
it plays a round robin of the bots named (duplicate deals: every deal once per seating) and prints
the pairwise score rates with their 95% Wilson intervals and the Elo table; ``--targets`` checks
issue 36's targets for 2-player Durak (the lower end of the 95% interval of pimc's score against
random at least 0.95 and against greedy at least 0.65) and says by how much a missed one is missed.

Run: ``python bench/bench_arena.py [--games 20] [--bots random greedy pimc:time=1] [--game durak ...]
[--workers 2] [--out-dir DIR] [--targets] [--json]``. Records go to ``--out-dir`` (one JSON Lines
file a game; a rerun resumes them), so a long run can be stopped and continued.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, fail, header, positive_int

from foolsolve import arena, games
from foolsolve.errors import InputError
from foolsolve.stats import wilson

PROG = "bench_arena.py"
TARGETS = {("pimc", "random"): 0.95, ("pimc", "greedy"): 0.65}
"""Issue 36's Durak targets: the lower end of pimc's score interval against each baseline."""


def match_of(game: str, bots: list[str], deals: int, seed: int) -> arena.Match:
    info = games.get(game)
    from foolsolve.rules import rules_to_json

    return arena.Match(game=info.name, rules=rules_to_json(info.spec.rules_cls()), players=info.spec.min_players,
                       bots=tuple(bots), deals=deals, seed=seed)


def main(argv: list[str] | None = None) -> None:
    p = Parser(PROG, __doc__)
    p.add_argument("--game", action="append", default=None, help="a game (repeat); default: every game")
    p.add_argument("--bots", nargs="+", default=["random", "greedy"], help="the bots, as foolsolve arena names them")
    p.add_argument("--games", type=positive_int, default=20, help="deals per game (each played once per seating)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=positive_int, default=1)
    p.add_argument("--out-dir", default=None, help="keep each game's records here (resumable)")
    p.add_argument("--targets", action="store_true", help="check the 2-player Durak targets against random and greedy")
    p.add_argument("--json", action="store_true", help="print the results as JSON lines")
    a = p.parse_args(argv)
    try:
        names = [games.get(g).name for g in a.game] if a.game else [info.name for info in games.all_games()]
    except InputError as exc:
        fail(PROG, str(exc))
    if not a.json:
        print(header(PROG))
    out_dir = Path(a.out_dir) if a.out_dir else None
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    for name in names:
        match = match_of(name, a.bots, a.games, a.seed)
        out = str(out_dir / f"{name}.jsonl") if out_dir else None
        t0 = time.monotonic()
        try:
            records, interrupted = arena.run(match, out, workers=a.workers)
        except InputError as exc:
            fail(PROG, str(exc))
        summary = arena.summarise(match, records)
        wall = time.monotonic() - t0
        if a.json:
            print(json.dumps({"game": name, "seconds": round(wall, 1), **summary.to_json()}))
        else:
            print()
            print(arena.text_table(match, summary))
            print(f"  ({wall:.0f} s wall)")
        if a.targets and name == "durak":
            report_targets(summary)
        if interrupted:
            raise SystemExit(130)


def report_targets(summary: arena.Summary) -> None:
    """pimc's lower interval ends against random and greedy, against the targets."""
    for (bot, opponent), r in sorted(summary.pairs.items()):
        want = TARGETS.get((bot.split(":")[0], opponent.split(":")[0]))
        if want is None:
            continue
        lo, _ = wilson(r.score, r.games)
        verdict = "met" if lo >= want else f"missed by {want - lo:.3f}"
        print(f"  target {bot} vs {opponent}: lower end {lo:.3f} (score {r.score / r.games:.3f} over {r.games}),"
              f" target {want:.2f}: {verdict}")


if __name__ == "__main__":
    main()
