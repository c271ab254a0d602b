"""Playing strength: every bot against every other in every game, in one run, with Wilson intervals
and Elo; issue 36's Durak targets checked.

The strength table of BENCHMARKS.md ("Playing strength") is one run of this script. For each game
(its smallest table: two players, three in Foolery and Three Fools) it plays every pair of the bots
as a duplicate match of its own (the same deals for every pair: the match seed is the run's), then
reads all of a game's records together: each pair's score with its 95% Wilson interval, one Elo
table (random = 1000) and each bot's wall and CPU seconds a move; the best bot is the one of the
highest Elo.

**Budgets.** ``pimc`` and ``ismcts`` think for ``--durak-time`` CPU seconds a move in Durak (issue
36's one second) and ``--time`` in the other games, on the CPU clock (``clock=cpu``: the seconds
their own thread ran, so a loaded machine slows the run, not the bots). ``openspiel-ismcts`` takes
simulations, not time: before a game's matches it is calibrated on ``--calibration-seats`` seats of
seeded random games, where ``pimc`` and OpenSpiel's bot (at a probe count) each choose a move; its
count is pimc's mean CPU seconds a move divided by OpenSpiel's CPU seconds a simulation, so both
think about as long (the calibration is kept in the ``--out-dir`` and reused on a rerun).

**Deals and order.** Every pair plays ``--games`` deals (each once per seating; in Durak
``--durak-games``); in Durak, ``pimc`` against ``random``, ``greedy`` and ``openspiel-ismcts``
play ``--target-deals``, and ``--pair A,B=N`` sets one Durak pair's deals (0: not played).
``--variant BOT`` adds one more bot to Durak, against ``greedy`` and ``pimc``. The order is
Durak's target pairs and the variant against greedy, then the other games, then Durak's other
pairs. With ``--minutes M``, once every pair has played, ``--step`` more deals are added to
``pimc`` against ``random`` and against ``greedy`` in Durak (the targets) until ``M`` minutes
after the start. ``--report`` prints the tables from the records kept, playing nothing (a run
stopped early: the pairs it did not reach are missing from its tables).

``--targets`` reports issue 36's targets for 2-player Durak: the lower end of the 95% interval of
pimc's score against random at least 0.95 and against greedy at least 0.65, each met or missed by how
much, and pimc against openspiel-ismcts ("no weaker": a score of at least 0.5).

Run: ``python bench/bench_arena.py [--game durak ...] [--bots random greedy pimc ismcts
openspiel-ismcts] [--games 2] [--durak-games N] [--target-deals 4] [--pair A,B=N ...] [--variant BOT]
[--minutes 0] [--step 2] [--durak-time 1] [--time 0.1] [--workers 2] [--out-dir DIR] [--report]
[--targets] [--json]``. A bot named with parameters
(``pimc:samples=20``) is used as named in every game. Records go to ``--out-dir``
(``GAME/BOT__BOT.jsonl``, one file a pair; a rerun resumes them), so a long run can be stopped and
continued.
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, fail, header, positive_float, positive_int

from foolsolve import arena, games
from foolsolve.errors import InputError
from foolsolve.stats import wilson

PROG = "bench_arena.py"
TARGETS = {("pimc", "random"): 0.95, ("pimc", "greedy"): 0.65}
"""Issue 36's Durak targets: the lower end of pimc's score interval against each baseline."""
TARGET_GAME = "durak"
BOTS = ("random", "greedy", "pimc", "ismcts", "openspiel-ismcts")
TIMED = ("pimc", "ismcts")
"""Bots given a CPU-time budget a move when named without parameters."""
OPENSPIEL = "openspiel-ismcts"
PROBE_SIMULATIONS = 100
"""OpenSpiel's simulations a move while calibrating its rate."""


def match_of(game: str, bots: list[str], deals: int, seed: int) -> arena.Match:
    info = games.get(game)
    from foolsolve.rules import rules_to_json

    return arena.Match(game=info.name, rules=rules_to_json(info.spec.rules_cls()), players=info.spec.min_players,
                       bots=tuple(bots), deals=deals, seed=seed)


def base(label: str) -> str:
    return label.split(":")[0]


def label_of(name: str, game: str, durak_time: float, other_time: float) -> str:
    """The bot's label in ``game``: a timed bot named bare gets the game's CPU budget."""
    if ":" in name or name not in TIMED:
        return name
    seconds = durak_time if game == TARGET_GAME else other_time
    return f"{name}:time={seconds:g},clock=cpu"


def file_of(out_dir: Path | None, game: str, a: str, b: str) -> str | None:
    if out_dir is None:
        return None
    folder = out_dir / game
    folder.mkdir(parents=True, exist_ok=True)
    safe = [re.sub(r"[^A-Za-z0-9.=-]+", "_", x) for x in (a, b)]
    return str(folder / f"{safe[0]}__{safe[1]}.jsonl")


def sample_seats(game: str, n: int, seed: int) -> list[Any]:
    """``n`` seats (a :class:`foolsolve.bots.Seat` each) of seeded random games: positions with
    two legal moves or more, a few moves into a game."""
    from foolsolve import bots
    from foolsolve.game import CHANCE
    from foolsolve.rules import rules_to_json
    from foolsolve.worlds import view_of

    info = games.get(game)
    spec = info.spec
    rules = spec.rules_cls()
    players = spec.min_players
    rng = random.Random(f"calibrate:{seed}")
    seats: list[Any] = []
    while len(seats) < n:
        state = spec.deal(rules, players, rng)
        stop = rng.randrange(2, 20)
        k = 0
        while spec.result(state) is None:
            legal = spec.legal_moves(state)
            mover = spec.to_move(state)
            if mover != CHANCE and len(legal) > 1 and k >= stop:
                seats.append(bots.Seat(game=info.name, player=mover, players=players, rules=rules_to_json(rules),
                                       view=view_of(info, state, mover), legal=tuple(legal),
                                       seed=rng.getrandbits(31)))
                break
            state = spec.apply(state, rng.choice(legal))
            k += 1
    return seats


def calibrate(game: str, pimc_label: str, n: int, seed: int, path: Path | None) -> dict[str, Any]:
    """OpenSpiel's simulations a move for about pimc's CPU time a move (see the module's docstring)."""
    if path is not None and path.exists():
        saved = json.loads(path.read_text())
        if saved.get("pimc") == pimc_label and saved.get("seats") == n:
            return dict(saved)
    from foolsolve import bots

    pimc = bots.make(pimc_label)
    probe = bots.make(f"{OPENSPIEL}:simulations={PROBE_SIMULATIONS}")
    pimc_cpu = open_cpu = 0.0
    seats = sample_seats(game, n + 1, seed)
    for bot in (pimc, probe):  # a first move each, not counted: imports and compiled code load
        bot.start(game, seats[0].player, seats[0].players, seats[0].rules)
        bot.choose(seats[0])
    for seat in seats[1:]:
        for bot in (pimc, probe):
            bot.start(game, seat.player, seat.players, seat.rules)
        c = time.thread_time()
        pimc.choose(seat)
        pimc_cpu += time.thread_time() - c
        c = time.thread_time()
        probe.choose(seat)
        open_cpu += time.thread_time() - c
    per_simulation = open_cpu / (n * PROBE_SIMULATIONS)
    simulations = max(1, round(pimc_cpu / n / per_simulation))
    out = {"pimc": pimc_label, "seats": n, "pimc_cpu_per_move": pimc_cpu / n,
           "openspiel_cpu_per_simulation": per_simulation, "simulations": simulations}
    if path is not None:
        path.write_text(json.dumps(out) + "\n")
    return out


def main(argv: list[str] | None = None) -> None:
    p = Parser(PROG, __doc__)
    p.add_argument("--game", action="append", default=None, help="a game (repeat); default: every game")
    p.add_argument("--bots", nargs="+", default=list(BOTS),
                   help="the bots, as foolsolve arena names them (pimc and ismcts bare get the CPU budgets)")
    p.add_argument("--games", type=positive_int, default=2, help="deals a pair (each played once per seating)")
    p.add_argument("--durak-games", type=positive_int, default=None,
                   help="deals a pair in Durak (default: --games), but for the target pairs")
    p.add_argument("--target-deals", type=positive_int, default=4,
                   help="deals of pimc against random, greedy and openspiel-ismcts in Durak")
    p.add_argument("--variant", default=None,
                   help="one more bot in Durak only (a pimc variant), against greedy (--target-deals) and pimc")
    p.add_argument("--pair", action="append", default=[],
                   help="BOT,BOT=DEALS (repeat): deals of one Durak pair, by bot name or label (0: not played)")
    p.add_argument("--report", action="store_true",
                   help="print the tables from the records in --out-dir, playing nothing")
    p.add_argument("--minutes", type=float, default=0.0,
                   help="then add deals to Durak's target pairs until this many minutes after the start")
    p.add_argument("--step", type=positive_int, default=2, help="deals added to each target pair a round")
    p.add_argument("--durak-time", type=positive_float, default=1.0, help="CPU seconds a move of pimc/ismcts in Durak")
    p.add_argument("--time", type=positive_float, default=0.1, help="CPU seconds a move of pimc/ismcts elsewhere")
    p.add_argument("--calibration-seats", type=positive_int, default=6,
                   help="seats on which openspiel-ismcts's simulations are matched to pimc's CPU time")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=positive_int, default=1)
    p.add_argument("--out-dir", default=None, help="keep each pair's records here (resumable)")
    p.add_argument("--targets", action="store_true", help="report the 2-player Durak targets")
    p.add_argument("--json", action="store_true", help="print the results as JSON lines")
    a = p.parse_args(argv)
    start = time.monotonic()
    try:
        names = [games.get(g).name for g in a.game] if a.game else [info.name for info in games.all_games()]
        from foolsolve import bots

        for b in a.bots:
            bots.make(b).close()  # an unknown bot, parameter or value: before any match (arena.Match checks so too)
    except InputError as exc:
        fail(PROG, str(exc))
    if len(set(a.bots)) != len(a.bots) or len(a.bots) < 2:
        fail(PROG, "--bots: name at least two bots, each once")
    out_dir = Path(a.out_dir) if a.out_dir else None
    if a.report and out_dir is None:
        fail(PROG, "--report needs --out-dir")
    if a.report:
        assert out_dir is not None
        if not out_dir.is_dir():
            fail(PROG, f"--report: {out_dir} is not a folder (the --out-dir of a run)")
        if not any(next((out_dir / game).glob("*__*.jsonl"), None) for game in names):
            fail(PROG, f"--report: no records in {out_dir} (GAME/BOT__BOT.jsonl of {', '.join(names)})")
    elif out_dir:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(PROG, f"--out-dir: cannot make {out_dir} ({exc.strerror})")
    if a.variant is not None:
        try:
            bots.make(a.variant).close()
        except InputError as exc:
            fail(PROG, str(exc))
    durak_games = a.durak_games or a.games
    overrides: dict[frozenset[str], int] = {}
    for text in a.pair:
        names_, eq, count = text.rpartition("=")
        pair = [x.strip() for x in names_.split(",")]
        if not eq or len(pair) != 2 or not count.isdigit():
            fail(PROG, f"--pair: expected BOT,BOT=DEALS, not {text!r}")
        known = {name for b in [*a.bots, *([a.variant] if a.variant else [])]
                 for name in (b, base(b), label_of(b, TARGET_GAME, a.durak_time, a.time))}
        unknown = [x for x in pair if x not in known]
        if unknown:
            fail(PROG, f"--pair: {unknown[0]!r} is not one of the bots ({', '.join(a.bots)}"
                       f"{', ' + a.variant if a.variant else ''})")
        overrides[frozenset(pair)] = int(count)
    if not a.json:
        print(header(PROG))
    labels: dict[str, list[str]] = {}
    calibrations: dict[str, dict[str, Any]] = {}
    first: list[tuple[str, str, str, int]] = []
    later: list[tuple[str, str, str, int]] = []
    # Durak's target pairs first, then the other games, then Durak's other pairs
    for game in names:
        ls = [label_of(b, game, a.durak_time, a.time) for b in a.bots]
        pimc = next((x for x in ls if base(x) == "pimc"), None)
        pairs = [(x, y) for i, x in enumerate(ls) for y in ls[i + 1:]]
        if game == TARGET_GAME and a.variant is not None and a.variant not in ls:
            pairs += [(x, a.variant) for x in ls if base(x) == "greedy" or x == pimc]
            ls.append(a.variant)
        labels[game] = ls
        for x, y in pairs:
            if game != TARGET_GAME:
                first.append((game, x, y, a.games))
                continue
            kinds = {base(x), base(y)}
            n = overrides.get(frozenset((x, y)), overrides.get(frozenset(kinds)))
            if pimc in (x, y) and kinds & {"random", "greedy", OPENSPIEL}:
                first.insert(sum(1 for t in first if t[0] == TARGET_GAME),
                             (game, x, y, a.target_deals if n is None else n))
            elif y == a.variant and base(x) == "greedy":
                first.insert(sum(1 for t in first if t[0] == TARGET_GAME),
                             (game, x, y, durak_games if n is None else n))
            elif n != 0:
                later.append((game, x, y, durak_games if n is None else n))
    steps = [t for t in first + later if t[3] > 0]
    last = {game: k for k, (game, *_rest) in enumerate(steps)}
    results: dict[str, list[dict[str, Any]]] = {g: [] for g in names}
    try:
        for k, (game, x, y, n) in enumerate(steps):
            if a.report:
                x, y = (saved_label(game, z, labels, calibrations, out_dir) for z in (x, y))
                results[game] = saved_pair(game, x, y, a, out_dir, results[game])
            else:
                x, y = (calibrated(game, z, labels, calibrations, a, out_dir) for z in (x, y))
                results[game] = play_pair(game, x, y, n, a, out_dir, results[game])
            if last[game] == k:
                report(game, labels[game], results[game], calibrations.get(game), a, start)
        main_pimc = label_of("pimc", TARGET_GAME, a.durak_time, a.time)
        target = [(x, y) for game, x, y, _ in steps
                  if game == TARGET_GAME and main_pimc in (x, y) and {base(x), base(y)} & {"random", "greedy"}]
        n = a.target_deals
        extended = False
        while target and not a.report and a.minutes > 0 and time.monotonic() - start < a.minutes * 60:
            n += a.step
            for x, y in target:
                if time.monotonic() - start >= a.minutes * 60:
                    break
                results[TARGET_GAME] = play_pair(TARGET_GAME, x, y, n, a, out_dir, results[TARGET_GAME])
                extended = True
        if extended:
            report(TARGET_GAME, labels[TARGET_GAME], results[TARGET_GAME], calibrations.get(TARGET_GAME), a, start)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted (the finished games are kept in --out-dir)", file=sys.stderr)
        raise SystemExit(130) from None


def calibrated(game: str, label: str, labels: dict[str, list[str]], calibrations: dict[str, dict[str, Any]],
               a: Any, out_dir: Path | None) -> str:
    """A bare ``openspiel-ismcts``'s label with its calibrated simulations (calibrating once a game)."""
    if label != OPENSPIEL:
        return label
    if game not in calibrations:
        pimc = label_of("pimc", game, a.durak_time, a.time)
        path = out_dir / game / "calibration.json" if out_dir else None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        try:
            calibrations[game] = calibrate(game, pimc, a.calibration_seats, a.seed, path)
        except InputError as exc:
            fail(PROG, str(exc))
    new = f"{OPENSPIEL}:simulations={calibrations[game]['simulations']}"
    labels[game] = [new if x == OPENSPIEL else x for x in labels[game]]
    return new


def saved_label(game: str, label: str, labels: dict[str, list[str]], calibrations: dict[str, dict[str, Any]],
                out_dir: Path | None) -> str:
    """``--report``: a bare ``openspiel-ismcts``'s label from the saved calibration."""
    path = out_dir / game / "calibration.json" if out_dir else None
    if label != OPENSPIEL or path is None or not path.exists():
        return label
    calibrations[game] = json.loads(path.read_text())
    new = f"{OPENSPIEL}:simulations={calibrations[game]['simulations']}"
    labels[game] = [new if x == OPENSPIEL else x for x in labels[game]]
    return new


def saved_pair(game: str, x: str, y: str, a: Any, out_dir: Path | None,
               records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``--report``: the records of ``x`` against ``y`` kept in ``--out-dir`` (none if not played)."""
    path = file_of(out_dir, game, x, y)
    if path is None or not Path(path).exists():
        return records
    match = match_of(game, [x, y], 1, a.seed)
    try:
        return records + arena.read_records(Path(path), match)
    except InputError as exc:
        fail(PROG, str(exc))


def play_pair(game: str, x: str, y: str, deals: int, a: Any, out_dir: Path | None,
              records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Play ``x`` against ``y`` to ``deals`` deals; the game's records with this pair's replaced."""
    match = match_of(game, [x, y], deals, a.seed)
    t0 = time.monotonic()
    try:
        got, interrupted = arena.run(match, file_of(out_dir, game, x, y), workers=a.workers)
    except InputError as exc:
        fail(PROG, str(exc))
    if interrupted:
        raise KeyboardInterrupt
    if not a.json:
        cpu = sum(sum(r.get("cpu", r["seconds"])) for r in got)
        print(f"  {game}: {x} vs {y}: {len(got)} games ({deals} deals), {time.monotonic() - t0:.0f} s wall, "
              f"{cpu:.0f} s CPU of the bots in all", flush=True)
    pair = {x, y}
    return [r for r in records if set(r["seating"]) != pair] + got


def report(game: str, labels: list[str], records: list[dict[str, Any]], calibration: dict[str, Any] | None,
           a: Any, start: float) -> None:
    """One game's table from all its pairs' records."""
    if not records:
        print(f"\n{game}: no games played")
        return
    deals = max(int(r["deal"]) for r in records) + 1
    labels = [b for b in labels if any(b in r["seating"] for r in records)]  # a pair not reached: no row
    match = match_of(game, labels, deals, a.seed)
    summary = arena.summarise(match, records)
    best = max(labels, key=lambda b: summary.elo[b])
    lo_best = summary.elo_ci[best][0]
    close = [b for b in labels if b != best and summary.elo_ci[b][1] >= lo_best]
    best_text = f"best bot: {best}" + (f" (its Elo interval overlaps {', '.join(close)})" if close else "")
    if a.json:
        obj = {"game": game, "minutes": round((time.monotonic() - start) / 60, 1), "best": best,
               "overlapping": close, "calibration": calibration, **summary.to_json()}
        if game == TARGET_GAME and a.targets:
            obj["targets"] = targets(summary, records)
        print(json.dumps(obj), flush=True)
        return
    print()
    print(arena.text_table(match, summary))
    print(f"  {best_text}")
    if calibration:
        print(f"  openspiel-ismcts calibrated on {calibration['seats']} seats: pimc {calibration['pimc_cpu_per_move']:.3f}"
              f" CPU s a move, OpenSpiel {calibration['openspiel_cpu_per_simulation'] * 1000:.2f} CPU ms a simulation:"
              f" {calibration['simulations']} simulations")
    print(f"  ({(time.monotonic() - start) / 60:.1f} min since the start)", flush=True)
    if game == TARGET_GAME and a.targets:
        for line in targets(summary, records):
            print(f"  {line}")


def pair_cpu(records: list[dict[str, Any]], bot: str, other: str) -> str:
    """Each bot's CPU seconds a move in the games of ``bot`` against ``other``."""
    cpu = {bot: 0.0, other: 0.0}
    moves = {bot: 0, other: 0}
    for r in records:
        if set(r["seating"]) == {bot, other}:
            for label, c, n in zip(r["seating"], r.get("cpu", r["seconds"]), r["decisions"]):
                cpu[label] += c
                moves[label] += n
    return ", ".join(f"{b} {cpu[b] / moves[b]:.3f}" for b in (bot, other) if moves[b]) + " CPU s a move"


def targets(summary: arena.Summary, records: list[dict[str, Any]]) -> list[str]:
    """pimc's lower interval ends against random and greedy, against the targets; pimc against
    openspiel-ismcts, with both bots' CPU seconds a move in their games."""
    out = []
    for (bot, opponent), r in sorted(summary.pairs.items()):
        if base(bot) != "pimc" or not r.games:
            continue
        lo, hi = wilson(r.score, r.games)
        score = f"score {r.score / r.games:.3f} over {r.games}, 95% interval [{lo:.3f}, {hi:.3f}]"
        want = TARGETS.get((base(bot), base(opponent)))
        if want is not None:
            verdict = "met" if lo >= want else f"missed by {want - lo:.3f}"
            out.append(f"target {bot} vs {opponent}: lower end {lo:.3f} ({score}), target {want:.2f}: {verdict}")
        elif base(opponent) == OPENSPIEL:
            verdict = ("no weaker (score at least 0.5)" if r.score / r.games >= 0.5
                       else f"weaker by {0.5 - r.score / r.games:.3f} in score")
            out.append(f"target {bot} vs {opponent}: {score}: {verdict} ({pair_cpu(records, bot, opponent)})")
    return out


if __name__ == "__main__":
    main()
