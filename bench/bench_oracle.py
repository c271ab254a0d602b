"""Rules questions from another program: one ``foolsolve oracle`` process against a process a
question (a plain script; figures go to BENCHMARKS.md).

    .venv/bin/python bench/bench_oracle.py [--requests 2000] [--processes 10] [--op moves|play]

For each game, the same questions are asked three ways, side by side in one run: ``--processes``
whole ``foolsolve moves POSITION.json --json --ascii`` processes (what an engine writer scripting
the single commands waits for; ``play POSITION.json MOVE --json`` with ``--op play``); one
``foolsolve oracle`` process answering ``--requests`` requests (its start-up included: the wall
time from starting it to its last answer, the requests written ahead of the answers); and the
same questions in this process through the Python API (``foolsolve.load``, ``Position.moves``,
``Position.play``), its imports done before the clock starts. The questions are the legal moves
(or the position after the first legal move) of positions met in seeded random games from
``foolsolve deal``'s deals, so every game's engine and spec are exercised off their start. The
table gives milliseconds per question and how many times faster than a process a question the
oracle and the API are.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, header, positive_int, run

PROG = "bench_oracle.py"


def positions(game: str, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` positions of ``game`` not yet over, met in seeded random games (as position objects
    in standard form), each with a legal move."""
    import foolsolve
    from foolsolve import games

    info = games.get(game)
    rng = random.Random(f"{seed}:{game}")
    found: list[dict[str, Any]] = []
    while len(found) < count:
        state = info.spec.deal(info.spec.rules_cls(), info.spec.min_players, random.Random(rng.randrange(10**9)))
        while info.spec.result(state) is None and len(found) < count:
            moves = info.spec.legal_moves(state)
            if rng.random() < 0.3:
                found.append(foolsolve.load(info.spec.state_to_json(state)).to_json())
            if not moves:
                break
            state = info.spec.apply(state, rng.choice(moves))
    return found


def request(op: str, pos: dict[str, Any], first: str | None) -> dict[str, Any]:
    return {"op": "moves", "position": pos} if op == "moves" else {"op": "play", "position": pos, "moves": [first]}


def per_process(op: str, items: list[tuple[dict[str, Any], str]], tmp: Path) -> float:
    """Seconds a question as whole ``foolsolve`` processes, one after the other."""
    files = []
    for i, (pos, _) in enumerate(items):
        path = tmp / f"p{i}.json"
        path.write_text(json.dumps(pos))
        files.append(path)
    start = time.perf_counter()
    for path, (_, first) in zip(files, items):
        argv = ([sys.executable, "-m", "foolsolve", "moves", str(path), "--json", "--ascii"] if op == "moves"
                else [sys.executable, "-m", "foolsolve", "play", str(path), first, "--json"])
        subprocess.run(argv, check=True, capture_output=True)
    return (time.perf_counter() - start) / len(items)


def oracle(op: str, items: list[tuple[dict[str, Any], str]]) -> float:
    """Seconds a question through one ``foolsolve oracle`` process, its start-up included."""
    lines = "".join(json.dumps(request(op, pos, first)) + "\n" for pos, first in items)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "foolsolve", "oracle"], input=lines, check=False,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    records = [json.loads(line) for line in done.stdout.splitlines()]
    errors = [r for r in records if "error" in r]
    if done.returncode != 0 or len(records) != len(items) or errors:
        raise SystemExit(f"{PROG}: the oracle failed (exit {done.returncode}): {errors[:1] or done.stderr[-300:]}")
    return seconds / len(items)


def in_process(op: str, items: list[tuple[dict[str, Any], str]]) -> float:
    """Seconds a question through the Python API in this process."""
    import foolsolve

    start = time.perf_counter()
    for pos, first in items:
        p = foolsolve.load(pos)
        if op == "moves":
            p.moves()
        else:
            p.play(first).to_json()
    return (time.perf_counter() - start) / len(items)


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--requests", type=positive_int, default=2000, help="questions to the oracle and the API per game")
    ap.add_argument("--processes", type=positive_int, default=10, help="whole processes per game (about 0.5 s each)")
    ap.add_argument("--op", choices=("moves", "play"), default="moves")
    ap.add_argument("--seed", type=int, default=1)
    import foolsolve
    from foolsolve import games

    names = [info.name for info in games.all_games()]
    ap.add_argument("--games", nargs="+", choices=names, default=names, help="the registry's games (default: all)")
    args = ap.parse_args()

    print(header(PROG))
    print("\n| game | a process a question (ms) | oracle (ms) | Python API (ms) | oracle vs processes | "
          "API vs processes |\n|---|---:|---:|---:|---:|---:|", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games:
            found = positions(game, args.requests, args.seed)
            items = [(pos, str(foolsolve.load(pos).moves()[0])) for pos in found]
            proc = per_process(args.op, items[:args.processes], Path(tmp))
            orc = oracle(args.op, items)
            api = in_process(args.op, items)
            print(f"| {game} | {proc * 1e3:.0f} | {orc * 1e3:.2f} | {api * 1e3:.2f} | {proc / orc:,.0f}x | "
                  f"{proc / api:,.0f}x |", flush=True)


if __name__ == "__main__":
    run(main, PROG)
