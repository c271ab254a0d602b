"""Regenerate tests/data: perft counts (by the SPEC) and saved playthroughs.

    python tests/make_test_data.py perft GAME EXAMPLE_OR_POSITION.json... --depth N
    python tests/make_test_data.py recount GAME [NAME...]   (stored positions, counted again)
    python tests/make_test_data.py playthrough GAME --seed S [--players N] [--rules JSON]

Counts and recordings come from the spec only; the tests check the engine against them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from datetime import date
from pathlib import Path

from foolsolve import games, perft
from foolsolve.rules import rules_from_json

DATA = Path(__file__).parent / "data"


def make_perft(game: str, paths: list[str], depth: int) -> None:
    info = games.get(game)
    out = DATA / "perft" / f"{info.name}.json"
    data = json.loads(out.read_text()) if out.exists() else {
        "game": info.name,
        "source": f"counted by the spec (foolsolve.spec, `foolsolve perft --impl spec`), {date.today()}",
        "positions": []}
    names = {p["name"] for p in data["positions"]}
    for path in paths:
        obj = json.loads(Path(path).read_text())
        state = info.spec.state_from_json(obj)
        name = Path(path).stem
        if name in names:
            continue
        counts = [perft.spec_perft(info.spec, state, d) for d in range(depth + 1)]
        data["positions"].append({"name": name, "position": info.spec.state_to_json(state), "counts": counts})
        print(name, counts, file=sys.stderr)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def recount(game: str, names: list[str]) -> None:
    """Count stored perft positions again with the spec (all, or those named), to the same depth:
    after a rule default changed, a stored position that does not pin that option plays by the
    new default."""
    info = games.get(game)
    out = DATA / "perft" / f"{info.name}.json"
    data = json.loads(out.read_text())
    for entry in data["positions"]:
        if names and entry["name"] not in names:
            continue
        state = info.spec.state_from_json(entry["position"])
        counts = [perft.spec_perft(info.spec, state, d) for d in range(len(entry["counts"]))]
        if counts != entry["counts"]:
            entry["counts"] = counts
            entry["recounted"] = f"counted again by the spec, {date.today()}"
            print(entry["name"], counts, file=sys.stderr)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def make_playthrough(game: str, seed: int, players: int | None, rules: str | None) -> None:
    info = games.get(game)
    spec = info.spec
    rng = random.Random(seed)
    r = rules_from_json(spec.rules_cls, json.loads(rules) if rules else {})
    state = spec.deal(r, players or spec.min_players, rng)
    start = spec.state_to_json(state)
    moves = []
    while spec.result(state) is None:
        m = rng.choice(spec.legal_moves(state))
        moves.append(str(m))
        state = spec.apply(state, m)
    res = spec.result(state)
    rec = {"game": info.name, "source": f"recorded from the spec, seed {seed}, {date.today()}", "start": start,
           "moves": moves, "end": spec.state_to_json(state), "result": res.to_json() if res else None}
    out = DATA / "playthroughs" / f"{info.name}-seed{seed}-p{players or spec.min_players}.json"
    out.write_text(json.dumps(rec, ensure_ascii=False, indent=1) + "\n")
    print(out, len(moves), "moves", file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("game")
    p.add_argument("paths", nargs="+")
    p.add_argument("--depth", type=int, default=4)
    r = sub.add_parser("recount")
    r.add_argument("game")
    r.add_argument("names", nargs="*")
    q = sub.add_parser("playthrough")
    q.add_argument("game")
    q.add_argument("--seed", type=int, required=True)
    q.add_argument("--players", type=int)
    q.add_argument("--rules")
    a = ap.parse_args()
    if a.cmd == "perft":
        make_perft(a.game, a.paths, a.depth)
    elif a.cmd == "recount":
        recount(a.game, a.names)
    else:
        make_playthrough(a.game, a.seed, a.players, a.rules)


if __name__ == "__main__":
    main()
