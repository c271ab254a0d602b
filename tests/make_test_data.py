"""Regenerate the games' reference data (foolsolve/data: perft counts by the SPEC and saved
playthroughs, shipped with the package: foolsolve.reference) and the Durak solver's figures
(tests/durak/data/nodes.json).

    python tests/make_test_data.py perft GAME EXAMPLE_OR_POSITION.json... --depth N
    python tests/make_test_data.py recount GAME [NAME...] [--reason WHY]   (stored positions, counted again)
    python tests/make_test_data.py playthrough GAME --seed S [--players N] [--rules JSON]
    python tests/make_test_data.py complete   (every stored position rewritten complete, each
                                               playthrough's end replayed from its start)
    python tests/make_test_data.py durak-nodes

Every position written is complete (foolsolve.positions.standard_form with complete=True: the
spec's standard form with every rule option written out), so that an engine reading the files needs
no defaults of its own; a playthrough's end is what replaying its moves from its start writes.

Perft counts and recordings come from the spec only; the tests check the engine against them.
``durak-nodes`` records what the Durak solver's two searches give on seeded positions (values,
node counts on one thread): tests/durak/test_search_tree.py checks that a change meant to keep
the search tree (a refactoring) keeps every figure; regenerate it only when the tree is meant to
change, and say so in the commit.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from datetime import date
from pathlib import Path

from foolsolve import games, perft, reference
from foolsolve.errors import InputError
from foolsolve.positions import standard_form
from foolsolve.rules import rules_from_json

TESTS = Path(__file__).resolve().parent


def data_dir(game: str) -> Path:
    """A game's own test data folder, tests/<game>/data (see tests/__init__.py)."""
    return TESTS / game.replace("-", "_") / "data"


def perft_path(game: str) -> Path:
    """A game's perft file, foolsolve/data/perft/GAME.json."""
    return reference.DATA / "perft" / f"{game}.json"


def make_perft(game: str, paths: list[str], depth: int) -> None:
    info = games.get(game)
    out = perft_path(info.name)
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
        data["positions"].append({"name": name, "position": reference.complete(obj), "counts": counts})
        print(name, counts, file=sys.stderr)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def recount(game: str, names: list[str], reason: str | None = None) -> None:
    """Count stored perft positions again with the spec (all, or those named), to the same depth:
    after a rule default changed, a stored position that does not pin that option plays by the
    new default; after a rule was corrected, the positions it reaches count anew. ``reason``: why,
    recorded with each changed entry."""
    info = games.get(game)
    out = perft_path(info.name)
    data = json.loads(out.read_text())
    unknown = sorted(set(names) - {entry["name"] for entry in data["positions"]})
    if unknown:
        raise InputError(f"names: no stored {info.name} position named {', '.join(unknown)} (see {out})")
    for entry in data["positions"]:
        if names and entry["name"] not in names:
            continue
        state = info.spec.state_from_json(entry["position"])
        counts = [perft.spec_perft(info.spec, state, d) for d in range(len(entry["counts"]))]
        if counts != entry["counts"]:
            entry["counts"] = counts
            entry["recounted"] = f"counted again by the spec, {date.today()}" + (f": {reason}" if reason else "")
            print(entry["name"], counts, file=sys.stderr)
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def make_playthrough(game: str, seed: int, players: int | None, rules: str | None) -> None:
    info = games.get(game)
    spec = info.spec
    rng = random.Random(seed)
    r = rules_from_json(spec.rules_cls, json.loads(rules) if rules else {})
    state = spec.deal(r, players or spec.min_players, rng)
    start = standard_form(spec, state, complete=True)
    moves = []
    while spec.result(state) is None:
        m = rng.choice(spec.legal_moves(state))
        moves.append(str(m))
        state = spec.apply(state, m)
    res = spec.result(state)
    rec = {"game": info.name, "source": f"recorded from the spec, seed {seed}, {date.today()}", "start": start,
           "moves": moves, "end": standard_form(spec, state, complete=True), "result": res.to_json() if res else None}
    out = reference.DATA / "playthroughs" / f"{info.name}-seed{seed}-p{players or spec.min_players}.json"
    out.write_text(json.dumps(rec, ensure_ascii=False, indent=1) + "\n")
    print(out, len(moves), "moves", file=sys.stderr)


def complete_all() -> None:
    """Rewrite every stored position (perft files, playthroughs' start and end) complete
    (:func:`foolsolve.reference.complete`): the same game, every rule option written out; a
    playthrough's end is written as replaying its moves from its start reaches it (every field
    the spec writes, Durak's ``known`` too). Counts, moves and results are left as they are (a
    replay that reaches another result stops with an error)."""
    for path in reference.files():
        data = json.loads(path.read_text())
        if "positions" in data:
            for entry in data["positions"]:
                entry["position"] = reference.complete(entry["position"])
        else:
            spec = games.get(data["game"]).spec
            data["start"] = reference.complete(data["start"])
            end = spec.play(spec.state_from_json(data["start"]), *data["moves"])
            res = spec.result(end)
            if (res.to_json() if res else None) != data["result"]:
                raise SystemExit(f"{path}: the replay reaches another result than the recorded one")
            data["end"] = standard_form(spec, end, complete=True)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        print(path, file=sys.stderr)


DURAK_SIZES = (6, 7, 8)
"""Cards a side of the seeded bench positions (bench/bench_durak.py's ``endgame``, seed 2026)."""
DURAK_PER_SIZE = 6


def durak_positions() -> list[tuple[str, dict]]:
    """The positions of tests/durak/data/nodes.json: the first bench positions of each size,
    then the Durak examples (their own rules: stock card, first bout, perevodnoy)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from bench_durak import endgame

    out = []
    for k in DURAK_SIZES:
        rng = random.Random(f"2026:{k}")
        out += [(f"bench {k}v{k} #{i}", endgame(k, rng)) for i in range(DURAK_PER_SIZE)]
    examples = Path(__file__).resolve().parent.parent / "foolsolve" / "examples"
    from foolsolve.engines.durak import from_spec_state
    from foolsolve.errors import InputError
    from foolsolve.solver.durak import check_endgame
    from foolsolve.spec.durak import SPEC

    for path in sorted(examples.glob("durak-*.json")):
        position = json.loads(path.read_text())
        try:
            check_endgame(from_spec_state(SPEC.state_from_json(position)))
        except InputError:  # the solver's limits: two players, at most one stock card
            continue
        out.append((path.name, position))
    return out


def durak_figures(position: dict) -> dict:
    """One position's figures: for the Python search and (where it applies) the compiled one on
    one thread, each in a fresh search: the root's value and the nodes it took, and every legal
    move's value (spec order) and the nodes they took."""
    from foolsolve.engines.durak import from_spec_state, game_result
    from foolsolve.solver.durak import Solver, compiled
    from foolsolve.spec.durak import SPEC

    s = from_spec_state(SPEC.state_from_json(position))
    if game_result(s) is not None:
        raise SystemExit("a finished game has no search figures")
    size = (s.hands[0] | s.hands[1] | s.tatt | s.tcov).bit_count()
    makers = {"python": lambda: Solver(s.er, s.trump)}
    if compiled.supports(s):
        makers["compiled"] = lambda: compiled.JitEndgame(s.er, s.trump, threads=1, cards=size)
    out: dict = {}
    for name, make in makers.items():
        eg = make()
        value = eg.value(s)
        value_nodes = eg.nodes
        eg = make()
        moves = [v for _, v in eg.move_values(s)]
        out[name] = {"value": value, "value_nodes": value_nodes, "move_values": moves, "move_nodes": eg.nodes}
    return out


def make_durak_nodes() -> None:
    out = data_dir("durak") / "nodes.json"
    rows = []
    for name, position in durak_positions():
        rows.append({"name": name, "position": position, **durak_figures(position)})
        print(name, {k: v for k, v in rows[-1].items() if k not in ("name", "position")}, file=sys.stderr)
    data = {"source": f"the Durak solver's searches (python and compiled, one thread), {date.today()}",
            "positions": rows}
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


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
    r.add_argument("--reason", help="why the counts change (kept in each changed entry)")
    q = sub.add_parser("playthrough")
    q.add_argument("game")
    q.add_argument("--seed", type=int, required=True)
    q.add_argument("--players", type=int)
    q.add_argument("--rules")
    sub.add_parser("complete")
    sub.add_parser("durak-nodes")
    a = ap.parse_args()
    try:
        if a.cmd == "durak-nodes":
            make_durak_nodes()
        elif a.cmd == "complete":
            complete_all()
        elif a.cmd == "perft":
            make_perft(a.game, a.paths, a.depth)
        elif a.cmd == "recount":
            recount(a.game, a.names, a.reason)
        else:
            make_playthrough(a.game, a.seed, a.players, a.rules)
    except InputError as exc:
        print(f"make_test_data.py: error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    except OSError as exc:
        print(f"make_test_data.py: error: {exc.filename}: {exc.strerror}", file=sys.stderr)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
