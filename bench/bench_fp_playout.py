"""Fool's Paradise: engine against spec on fresh random playouts.

A plain script that prints a Markdown report (for BENCHMARKS.md), and
the same measurement as pytest-benchmark tests.

    .venv/bin/python bench/bench_fp_playout.py [--games 60] [--rounds 5] [--seed 2026] [--rows-only]
                                                [--baseline-ref main]
    .venv/bin/pytest bench/bench_fp_playout.py --benchmark-only

Random playouts, three rows on the same games (:func:`run_rows`, printed first):

* every round deals ``--games`` **fresh** two-player games (default rules) from seeds no
  other round uses; game ``i`` of a round draws its moves from its own seeded
  ``random.Random``, fresh for each row, so every row plays the very same game (the script
  checks that the move counts and results agree and stops otherwise);
* spec: ``SPEC.legal_moves(s)``, ``rng.choice``, ``SPEC.apply`` (which checks legality);
* engine, generic: ``ENGINE.from_spec`` once, then the base class's
  :meth:`foolsolve.game.Engine.playout` loop: ``legal_moves``, ``rng.choice``,
  ``apply_unchecked``;
* engine, native: ``ENGINE.from_spec`` once, then ``ENGINE.playout(e, rng)`` (one call per
  game: the decision's moves counted, only the drawn one built);
* the rows take turns game by game (the row that goes first rotates), ``gc.collect()``
  (not timed) before each timed game; CPU time (``time.process_time``); the engine's
  per-rules tables are dropped (``_CTX.clear()``) at the start of every round, before each
  engine row's first game, so each round pays for building them; the engine keeps no
  per-position cache. The final ``result`` is read outside the timing.

With ``--baseline-ref REF`` the engine module as it is at git ``REF`` is loaded next to this
one and its native playout is timed against this one's with the same protocol, right after the
rows (:func:`native_baseline_rows`: deals of its own, rows spec / native at ``REF`` / native,
game by game, then in blocks); after the older protocols, its ``legal_moves`` + ``apply`` too
(:func:`baseline`).

Method of the older protocols (script, after the rows unless ``--rows-only``):

* Every round deals ``--games`` **fresh** two-player games (default rules) from seeds no
  other round uses, so no position can repeat across rounds.
* Recording (not timed): the spec plays each game to the end, choosing a uniformly random
  legal move (seeded); the engine's move for each spec move is found once with
  ``move_from_spec``.
* Timed with ``time.process_time`` (CPU time of this process: a busy neighbour on the
  shared machine does not count). Protocol 1 **alternates game by game** so that spec and
  engine see the same machine state:

  - spec: ``legal_moves`` + ``apply`` for every move (the spec's ``apply`` checks legality);
  - engine, playout API: ``from_spec`` once, then ``legal_moves`` + ``apply_unchecked`` for
    every move (the move always comes from the engine's own ``legal_moves`` list, which is
    the contract of ``apply_unchecked``);
  - engine, checked API: ``from_spec``, then ``legal_moves`` + ``apply`` (which tests the
    move's legality first and raises ``IllegalMove`` otherwise).

* Protocol 2 (same round, right after): the round's games by the spec in one block, then
  by each engine API in one block (``_CTX`` cleared before each engine block). Short engine
  games that start right after a long spec game run with caches the spec has filled, so
  protocol 1 is the harsher one for the engine; both are reported.
* Cold: ``_CTX.clear()`` at the start of every round, before each engine API's first game:
  the engine rebuilds its per-rules tables (``Ctx``: built once per rules value in a
  process; the time is included) and every cache it has is empty; the deals are fresh, so
  no position met in a round was seen before. Warm: the round's games played once more by
  the playout API (nothing new to learn: the playout path keeps no position caches).
* ``gc.collect()`` (not timed) before every timed game, so that neither side pays for the
  other's garbage; each side still pays for the collections its own allocations trigger.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from foolsolve.engines import fools_paradise_playout  # noqa: F401  (imported before timing, as the engine is)
from foolsolve.engines.fools_paradise import _CTX, ENGINE
from foolsolve.game import Engine
from foolsolve.spec.fools_paradise import SPEC, Rules

clock = time.process_time
Game = tuple[Any, list[Any], list[int]]


def record(seed: int, players: int = 2, move_seed: int | None = None) -> Game:
    """One fresh game: the spec's random moves and the engine's equivalents (deal seeded by
    ``seed``, moves by ``move_seed``, default ``seed * 7919 + 1``)."""
    rng = random.Random(seed * 7919 + 1 if move_seed is None else move_seed)
    start = SPEC.deal(Rules(), players, random.Random(seed))
    s, e = start, ENGINE.from_spec(start)
    seq, eseq = [], []
    while not SPEC.is_terminal(s):
        moves = SPEC.legal_moves(s)
        m = moves[rng.randrange(len(moves))]
        em = ENGINE.move_from_spec(e, m)
        seq.append(m)
        eseq.append(em)
        s, e = SPEC.apply(s, m), ENGINE.apply(e, em)
    return start, seq, eseq


def spec_play(game: Game) -> None:
    """The spec's playout: legal_moves + (checked) apply per move."""
    s, seq, _ = game
    legal, apply = SPEC.legal_moves, SPEC.apply
    for m in seq:
        legal(s)
        s = apply(s, m)


def engine_play(game: Game, checked: bool = False) -> None:
    """The engine's playout from the spec deal: from_spec, then legal_moves + apply_unchecked
    (or the checked apply) per move."""
    start, _, eseq = game
    legal = ENGINE.legal_moves
    apply = ENGINE.apply if checked else ENGINE.apply_unchecked
    e = ENGINE.from_spec(start)
    for m in eseq:
        legal(e)
        e = apply(e, m)


def timed(fn: Any, *args: Any) -> float:
    gc.collect()
    t = clock()
    fn(*args)
    return clock() - t


def ctx_cost() -> float:
    """CPU seconds to build the per-rules tables of the default rules (``Ctx``)."""
    _CTX.clear()
    e = ENGINE.from_spec(SPEC.deal(Rules(), 2, random.Random(0)))
    _CTX.clear()
    t = clock()
    ENGINE.legal_moves(ENGINE.from_spec(ENGINE.to_spec(e)))
    return clock() - t


def load_engine_at(ref: str) -> Any:
    """The engine module as it is at git ``ref`` (e.g. ``main``), loaded next to this one."""
    import importlib.util
    import pathlib
    import tempfile

    src = subprocess.run(["git", "show", f"{ref}:engines/fools_paradise.py"], capture_output=True, text=True,
                         check=True, cwd=pathlib.Path(__file__).resolve().parent.parent).stdout
    path = pathlib.Path(tempfile.mkdtemp()) / "fp_engine_baseline.py"
    path.write_text(src, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("fp_engine_baseline", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def baseline(ref: str, games: int, rounds: int, seed: int) -> list[str]:
    """Spec, the engine at ``ref`` and this engine, protocol 1, on fresh games of their own
    (seeds distinct from :func:`run`'s)."""
    old = load_engine_at(ref)
    old_apply = getattr(old.ENGINE, "apply_unchecked", old.ENGINE.apply)
    tot = {"spec": 0.0, "old": 0.0, "new": 0.0}
    n = 0
    for r in range(rounds):
        batch = [record(seed * 100_000 + 50_000 + r * 1000 + i) for i in range(games)]
        old_moves = []
        for start, seq, _ in batch:  # the baseline engine's moves for the same games (not timed)
            e, ms = old.ENGINE.from_spec(start), []
            for m in seq:
                ms.append(old.ENGINE.move_from_spec(e, m))
                e = old_apply(e, ms[-1])
            old_moves.append(ms)
        for i, g in enumerate(batch):
            tot["spec"] += timed(spec_play, g)
            if i == 0:
                old._CTX.clear()
                _CTX.clear()
            tot["old"] += timed(_replay, old.ENGINE, old_apply, g[0], old_moves[i])
            tot["new"] += timed(_replay, ENGINE, ENGINE.apply_unchecked, g[0], g[2])
            n += len(g[1])
    return [
        f"Baseline: the engine at `{ref}` against this one, protocol 1, {rounds} x {games} other fresh games "
        f"({n:,} moves): spec {n / tot['spec']:,.0f} moves/s; engine at `{ref}` ({old_apply.__name__}) "
        f"{n / tot['old']:,.0f} moves/s = **{tot['spec'] / tot['old']:.1f}x**; this engine (apply_unchecked) "
        f"{n / tot['new']:,.0f} moves/s = **{tot['spec'] / tot['new']:.1f}x**.",
    ]


def _replay(engine: Any, apply: Any, start: Any, moves: list[int]) -> None:
    legal = engine.legal_moves
    e = engine.from_spec(start)
    for m in moves:
        legal(e)
        e = apply(e, m)


def import_cost() -> float:
    """CPU seconds to import the engine module in a fresh interpreter (its static tables),
    after the spec module (which the engine imports) is loaded."""
    code = ("import time; import foolsolve.spec.fools_paradise; t = time.process_time(); "
            "import foolsolve.engines.fools_paradise; print(time.process_time() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def engine_split(batch: list[Game]) -> tuple[float, float, int]:
    """CPU seconds of the engine's ``legal_moves`` alone and ``apply_unchecked`` alone over
    every position of the batch (positions built first, not timed)."""
    states, moves = [], []
    for start, _, eseq in batch:
        e = ENGINE.from_spec(start)
        for m in eseq:
            states.append(e)
            moves.append(m)
            e = ENGINE.apply_unchecked(e, m)
    legal, apply = ENGINE.legal_moves, ENGINE.apply_unchecked
    gc.collect()
    t0 = clock()
    for e in states:
        legal(e)
    t1 = clock()
    for e, m in zip(states, moves):
        apply(e, m)
    t2 = clock()
    return t1 - t0, t2 - t1, len(states)


def _block(fn: Any, batch: list[Game], *args: Any) -> float:
    gc.collect()
    t = clock()
    for g in batch:
        fn(g, *args)
    return clock() - t


KINDS = ("spec", "unchecked", "checked", "warm", "b_spec", "b_unchecked", "b_checked")


def run(games: int, rounds: int, seed: int) -> list[str]:
    totals = dict.fromkeys(KINDS, 0.0)
    split = [0.0, 0.0, 0]
    moves_total = 0
    per_round = []
    for r in range(rounds):
        batch = [record(seed * 100_000 + r * 1000 + i) for i in range(games)]
        moves = sum(len(g[1]) for g in batch)
        t = dict.fromkeys(KINDS, 0.0)
        # protocol 1: alternate game by game
        for i, g in enumerate(batch):
            t["spec"] += timed(spec_play, g)
            if i == 0:
                _CTX.clear()
            t["unchecked"] += timed(engine_play, g, False)
            if i == 0:
                _CTX.clear()
            t["checked"] += timed(engine_play, g, True)
        for g in batch:
            t["warm"] += timed(engine_play, g, False)
        # protocol 2: alternate in blocks (the round's games by the spec, then by the engine)
        t["b_spec"] = _block(spec_play, batch)
        _CTX.clear()
        t["b_unchecked"] = _block(engine_play, batch, False)
        _CTX.clear()
        t["b_checked"] = _block(engine_play, batch, True)
        lm, ap, n = engine_split(batch)
        split[0] += lm
        split[1] += ap
        split[2] += n
        for k in totals:
            totals[k] += t[k]
        moves_total += moves
        per_round.append(t)
    imp = import_cost()
    ctx = ctx_cost()

    def rate(sec: float) -> str:
        return f"{moves_total / sec:,.0f}"

    def row(label: str, key: str, spec_key: str, bold: bool = True) -> str:
        ratio = f"{totals[spec_key] / totals[key]:.1f}x"
        return f"| {label} | {totals[key]:.3f} | {rate(totals[key])} | {'**' + ratio + '**' if bold else ratio} |"

    def rounds_of(key: str, spec_key: str) -> str:
        return ", ".join(f"{t[spec_key] / t[key]:.1f}x" for t in per_round)

    lines = [
        f"Python {platform.python_version()} ({platform.machine()}); {rounds} rounds x {games} fresh two-player "
        f"deals (default rules), seed {seed}; {moves_total:,} moves per implementation and protocol; CPU time "
        "(`time.process_time`).",
        "",
        "Protocol 1, spec and engine alternate **game by game** (each engine game starts right after a spec "
        "game of 10-30 ms):",
        "",
        "| implementation (API per move) | seconds | moves/s | engine / spec |",
        "|---|---:|---:|---:|",
        f"| spec: `legal_moves` + `apply` (checked) | {totals['spec']:.3f} | {rate(totals['spec'])} | 1x |",
        row("engine, cold: `from_spec`, `legal_moves` + `apply_unchecked`", "unchecked", "spec"),
        row("engine, cold: `from_spec`, `legal_moves` + `apply` (checked)", "checked", "spec"),
        row("engine, warm: same games again, tables kept, `apply_unchecked`", "warm", "spec", False),
        "",
        "Protocol 2, spec and engine alternate **in blocks** (every round: the round's games by the spec, "
        "then by the engine):",
        "",
        "| implementation (API per move) | seconds | moves/s | engine / spec |",
        "|---|---:|---:|---:|",
        f"| spec: `legal_moves` + `apply` (checked) | {totals['b_spec']:.3f} | {rate(totals['b_spec'])} | 1x |",
        row("engine, cold: `from_spec`, `legal_moves` + `apply_unchecked`", "b_unchecked", "b_spec"),
        row("engine, cold: `from_spec`, `legal_moves` + `apply` (checked)", "b_checked", "b_spec"),
        "",
        f"Per round, engine / spec. Protocol 1, cold unchecked: {rounds_of('unchecked', 'spec')}; cold checked: "
        f"{rounds_of('checked', 'spec')}; warm: {rounds_of('warm', 'spec')}. Protocol 2, unchecked: "
        f"{rounds_of('b_unchecked', 'b_spec')}; checked: {rounds_of('b_checked', 'b_spec')}.",
        "",
        f"Engine time per move, split (every position of every round, positions built first): `legal_moves` "
        f"{split[0] / split[2] * 1e6:.1f} us, `apply_unchecked` {split[1] / split[2] * 1e6:.1f} us.",
        "",
        f"Importing the engine module (its static tables) costs {imp * 1000:.0f} ms of CPU once per process "
        f"(not in the figures above). Building the per-rules tables (first position under a rules value) "
        f"costs {ctx * 1000:.1f} ms; that is in the cold figures, once per round and engine API.",
    ]
    return lines


ROWS = ("spec", "generic", "native")
ROW_API = {
    "spec": "`SPEC.legal_moves` + `rng.choice` + `SPEC.apply` (checked)",
    "generic": "`from_spec`, then `Engine.playout` (base class): `legal_moves` + `rng.choice` + `apply_unchecked`",
    "native": "`from_spec`, then `ENGINE.playout(e, rng)` (native: counts, builds only the drawn move)",
}


def _play(row: str, start: Any, rng: random.Random) -> tuple[int, Any]:
    if row == "spec":
        s = start
        moves = 0
        legal, apply, choice = SPEC.legal_moves, SPEC.apply, rng.choice
        while True:
            lm = legal(s)
            if not lm:
                break
            s = apply(s, choice(lm))
            moves += 1
        final = s
    elif row == "generic":
        final, moves = Engine.playout(ENGINE, ENGINE.from_spec(start), rng)
    else:
        final, moves = ENGINE.playout(ENGINE.from_spec(start), rng)
    return moves, final


Play = Callable[[str, Any, random.Random], tuple[int, Any]]
"""One game by one row from a start state with a move generator: ``(moves, final state)``."""


def alternating_rounds(rows: tuple[str, ...], play: Play, clear: Callable[[str], None],
                       result: Callable[[str, Any], Any], games: int, rounds: int, seed: int, players: int,
                       base: int) -> tuple[dict[str, float], dict[str, float], list[dict[str, float]],
                                           list[dict[str, float]], int]:
    """The playout protocol shared by :func:`run_rows` and :func:`native_baseline_rows`: per round,
    ``games`` fresh seeded deals (seed ``seed * 100_000 + base + round * 1000 + game``), every row
    playing each game in turn (the first row rotating; ``gc.collect()`` before each game, untimed;
    ``clear(row)`` before an engine row's first game of the round, dropping its per-rules tables),
    stopping unless every row plays the spec's game (move count and ``result``); then the same games
    again, each row all of them in one timed block. ``rows[0]`` must be ``"spec"``. Returns CPU
    seconds per row (game by game, in blocks), the same per round, and the moves per row."""
    tot = dict.fromkeys(rows, 0.0)
    blk = dict.fromkeys(rows, 0.0)
    per_round: list[dict[str, float]] = []
    per_block: list[dict[str, float]] = []
    n_moves = 0
    n = len(rows)
    for r in range(rounds):
        t = dict.fromkeys(rows, 0.0)
        cleared: set[str] = set()
        batch = []
        for i in range(games):
            g = seed * 100_000 + base + r * 1000 + i
            start = SPEC.deal(Rules(), players, random.Random(g))
            batch.append((start, g * 7 + 3))
            out: dict[str, tuple[int, Any]] = {}
            for row in rows[i % n:] + rows[:i % n]:
                if row != "spec" and row not in cleared:
                    clear(row)  # this round's first game of an engine row builds the per-rules tables
                    cleared.add(row)
                rng = random.Random(g * 7 + 3)
                gc.collect()
                t0 = clock()
                out[row] = play(row, start, rng)
                t[row] += clock() - t0
            spec_moves, spec_final = out["spec"]
            spec_result = result("spec", spec_final)
            for row in rows[1:]:
                if out[row][0] != spec_moves or result(row, out[row][1]) != spec_result:
                    raise SystemExit(f"round {r} game {i}: row {row} did not play the spec's game")
            n_moves += spec_moves
        for k in rows:
            tot[k] += t[k]
        per_round.append(t)
        # blocks: the same games again, each row all of them in one timed block
        b = dict.fromkeys(rows, 0.0)
        for row in rows[r % n:] + rows[:r % n]:
            if row != "spec":
                clear(row)
            gc.collect()
            t0 = clock()
            for start, move_seed in batch:
                play(row, start, random.Random(move_seed))
            b[row] = clock() - t0
            blk[row] += b[row]
        per_block.append(b)
    return tot, blk, per_round, per_block, n_moves


def run_rows(games: int, rounds: int, seed: int, players: int = 2) -> list[str]:
    """Spec, engine generic and engine native playouts of the same fresh seeded games."""
    tot, blk, per_round, per_block, n_moves = alternating_rounds(
        ROWS, _play, lambda row: _CTX.clear(), lambda row, final: (SPEC if row == "spec" else ENGINE).result(final),
        games, rounds, seed, players, 70_000)
    lines = [
        f"Random playouts, {rounds} rounds x {games} fresh {players}-player deals (default rules), seed {seed}: "
        f"{n_moves:,} moves per row, the same games in every row (checked: move counts and results agree); "
        "CPU time (`time.process_time`).",
        "",
        "Rows alternate **game by game** (`gc.collect()` before each game; each engine game starts right "
        "after a spec or another engine game):",
        "",
        "| row | API per game / move | seconds | moves/s | vs spec |",
        "|---|---|---:|---:|---:|",
    ]
    lines += _row_table(tot, n_moves, with_api=True)
    lines += [
        "",
        "Per round, vs spec: generic " + ", ".join(f"{t['spec'] / t['generic']:.1f}x" for t in per_round)
        + "; native " + ", ".join(f"{t['spec'] / t['native']:.1f}x" for t in per_round) + ".",
        "",
        "The same games right after, each row playing a round's games **in one block** (`gc.collect()` "
        "before each block, per-rules tables dropped before each engine block):",
        "",
        "| row | seconds | moves/s | vs spec |",
        "|---|---:|---:|---:|",
    ]
    lines += _row_table(blk, n_moves, with_api=False)
    lines += [
        "",
        "Per round (blocks), vs spec: generic " + ", ".join(f"{b['spec'] / b['generic']:.1f}x" for b in per_block)
        + "; native " + ", ".join(f"{b['spec'] / b['native']:.1f}x" for b in per_block) + ".",
    ]
    return lines


def _row_table(secs: dict[str, float], n_moves: int, with_api: bool) -> list[str]:
    """One Markdown row per implementation: seconds, moves/s and the ratio to the spec."""
    out = []
    for k in ROWS:
        api = f" {ROW_API[k]} |" if with_api else ""
        ratio = "1x" if k == "spec" else f"**{secs['spec'] / secs[k]:.1f}x**"
        out.append(f"| {k} |{api} {secs[k]:.3f} | {n_moves / secs[k]:,.0f} | {ratio} |")
    return out


def native_baseline_rows(ref: str, games: int, rounds: int, seed: int, players: int = 2) -> list[str]:
    """The native playout of the engine at git ``ref`` against this one, with the protocol of
    :func:`run_rows` (fresh seeded deals of their own, rows spec / native at ``ref`` / native
    taking turns game by game with the first row rotating, ``gc.collect()`` before every game,
    per-rules tables dropped before each engine row's first game of a round; the script stops
    unless both engines play the spec's game), then the same games in blocks."""
    old = load_engine_at(ref)
    rows = ("spec", "ref", "this")
    engines = {"ref": old, "this": sys.modules[ENGINE.__class__.__module__]}

    def play(row: str, start: Any, rng: random.Random) -> tuple[int, Any]:
        if row == "spec":
            return _play("spec", start, rng)
        eng = engines[row].ENGINE
        final, moves = eng.playout(eng.from_spec(start), rng)
        return moves, final

    tot, blk, per_round, _, n_moves = alternating_rounds(
        rows, play, lambda row: engines[row]._CTX.clear(),
        lambda row, final: SPEC.result(final) if row == "spec" else engines[row].ENGINE.result(final),
        games, rounds, seed, players, 80_000)
    label = {"spec": "spec", "ref": f"native playout at `{ref}`", "this": "native playout, this branch"}

    def table(secs: dict[str, float]) -> list[str]:
        out = ["| row | seconds | moves/s | vs spec |", "|---|---:|---:|---:|"]
        for k in rows:
            ratio = "1x" if k == "spec" else f"**{secs['spec'] / secs[k]:.1f}x**"
            out.append(f"| {label[k]} | {secs[k]:.3f} | {n_moves / secs[k]:,.0f} | {ratio} |")
        return out

    return [
        f"Before and after, same run: the native playout of the engine at `{ref}` and of this branch, "
        f"{rounds} rounds x {games} other fresh {players}-player deals ({n_moves:,} moves per row, the spec's "
        "game in every row), rows alternating **game by game** (protocol of the rows above):",
        "",
        *table(tot),
        "",
        "Per round, vs spec: at ref " + ", ".join(f"{t['spec'] / t['ref']:.1f}x" for t in per_round)
        + "; this branch " + ", ".join(f"{t['spec'] / t['this']:.1f}x" for t in per_round)
        + f". This branch / `{ref}`: **{tot['ref'] / tot['this']:.2f}x** faster.",
        "",
        "The same games in blocks:",
        "",
        *table(blk),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--baseline-ref", default=None,
                    help="also measure the engine as it is at this git ref (e.g. main), side by side: its native "
                         "playout right after the rows, its legal_moves + apply after the older protocols")
    ap.add_argument("--players", type=int, default=2, help="players per deal (playout rows)")
    ap.add_argument("--rows-only", action="store_true", help="only the three playout rows")
    args = ap.parse_args()
    print("\n".join(run_rows(args.games, args.rounds, args.seed, args.players)))
    if args.baseline_ref:
        print()
        print("\n".join(native_baseline_rows(args.baseline_ref, args.games, args.rounds, args.seed, args.players)))
    if args.rows_only:
        return
    print()
    print("\n".join(run(args.games, args.rounds, args.seed)))
    if args.baseline_ref:
        print()
        print("\n".join(baseline(args.baseline_ref, args.games, max(1, args.rounds // 2 + 1), args.seed)))


# --- pytest-benchmark (run: pytest bench/bench_fp_playout.py --benchmark-only) ---------------

_GAMES: list[Game] = []


def _games() -> list[Game]:
    if not _GAMES:
        _GAMES.extend(record(900_000 + i) for i in range(20))
    return _GAMES


def test_bench_fp_playout_spec(benchmark: Any) -> None:
    """20 fresh games, spec: legal_moves + apply per move."""
    games = _games()
    benchmark(lambda: [spec_play(g) for g in games])


def test_bench_fp_playout_engine_unchecked(benchmark: Any) -> None:
    """The same 20 games, engine (per-rules tables rebuilt first): legal_moves + apply_unchecked."""
    games = _games()

    def play() -> None:
        _CTX.clear()
        for g in games:
            engine_play(g, False)
    benchmark(play)


def test_bench_fp_playout_engine_checked(benchmark: Any) -> None:
    """The same 20 games, engine (per-rules tables rebuilt first): legal_moves + checked apply."""
    games = _games()

    def play() -> None:
        _CTX.clear()
        for g in games:
            engine_play(g, True)
    benchmark(play)


def test_bench_fp_playout_engine_native(benchmark: Any) -> None:
    """The same 20 deals, engine (per-rules tables rebuilt first): native ``ENGINE.playout``
    with its own seeded draws (the same games as the spec's seeded playout of those seeds)."""
    games = _games()

    def play() -> None:
        _CTX.clear()
        for i, g in enumerate(games):
            ENGINE.playout(ENGINE.from_spec(g[0]), random.Random(i))
    benchmark(play)


if __name__ == "__main__":
    main()
