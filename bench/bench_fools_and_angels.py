"""Fools and Angels benchmarks: random playouts and defence generation (engine against spec),
endgame solves, and the defence finder (enumerator against Z3).

    python bench/bench_fools_and_angels.py [--parts playouts defences endgames defend bots budget oneworld] [--quick]
                                           [--games 200] [--repeat 3] [--instances 100] [--seed 20261122]
                                           [--limits 12 16 20] [--positions 2] [--baseline DIR]

Every comparison runs side by side in one run on the same seeded inputs and prints the ratio.

* **playouts** (CPU time): ``--repeat`` rounds of ``--games`` fresh random deals per rules row,
  spec and engine interleaved game by game on the same deals (each step: every legal move
  generated, a uniformly random one applied; the two list moves in different orders, so their
  games differ and the figure is the time per step). One untimed game by each side first (the
  first call's one-off costs), every cache (the engine's memos, the spec's legal-move cache)
  emptied and ``gc.collect()`` run (untimed) before each round; the row's figure is the
  median of the rounds' ratios, each round's ratio printed beside it. Both sides fill caches as
  a round goes on, so the ratio grows with ``--games`` (``--quick``'s 30 games give a lower
  figure than the default 200). Then the cost per phase on one recorded set of games, where
  both play the same states.
* **defences** (CPU time): move generation for a defence against a 2+ card attack, defender
  holding 7 to 16 cards (the spec enumerates every subset of the pip cards, the engine runs a
  signed subset-sum), 20 positions a size; the move lists must agree.
* **endgames** (CPU time): all stocks empty, random hands of growing size, player 0 (the smaller
  hand) to move, default rules: value, nodes, time.
* **defend** (wall time, garbage collector off): ``foolsolve defend``'s two methods on seeded
  instances from the 40 cards of the default stocks: every legal defence and the best ones
  (``shed``, ``take``, ``keep``) against 7-card hands, the attacker's crushing attacks (hands of
  7), each instance's answers compared; then the enumerator alone on hands of 10 to 16.

* **bots** (CPU time): one ``pimc`` and one ``ismcts`` decision (fixed worlds and iterations, so the
  same work on any machine) at seeded positions of each hand limit in ``--limits`` under
  ``exchange_limit: "hand_size"``, reached by seeded play that draws four times in five where it
  may, until the mover holds the limit less 3 cards or more (``--positions`` such positions, and as
  many where the opponent holds at least as many cards: thousands of attacks). With ``--baseline DIR`` (another
  checkout of the project, such as ``git worktree add /tmp/base main``) the same decisions are made
  by that checkout in a second process (``PYTHONPATH=DIR``), the two taking turns, with the ratio
  and whether both chose the same move; that process's address space is capped at
  ``--baseline-memory`` GB (a decision past it is reported "out of memory").
* **budget** (CPU time): one ``pimc:time=0.5,clock=cpu`` and one ``ismcts:time=0.5,clock=cpu``
  decision (a time budget: how long a decision takes, not fixed work) at the ``bots`` part's
  positions where the opponent holds at least as many cards (thousands of attacks), and at the
  defence after each (the mover attacks with the fewest cards its attack family's seeded sample
  holds: thousands of defences at hand limit 20), with ``--baseline DIR`` in both checkouts side by
  side; beside each, the seat's set-up (the spec's legal moves as the arena gives them to the bot, not
  in the decision's time) and the decision's overrun of its 0.5 s.

* **oneworld** (wall and CPU time): a big hand where one world is left (every stock and the pool empty,
  both hands known: the endgame solver values every move): ``foolsolve VIEW.json --time 2 --no-store``
  (the view of the player to move, in a fresh process: wall seconds, start-up included) and one
  ``pimc:time=0.5,clock=cpu`` decision (CPU seconds) at :func:`one_world_position`'s turn of thousands of
  attacks and at its defence of a hundred thousand defences, ``--limits``' largest hand limit; with
  ``--baseline DIR`` in both checkouts (the command with ``PYTHONPATH=DIR``), a command that fails
  shown with its exit code and the start of its error.

``--quick`` runs every part small (``oneworld``: the same two positions, no smaller).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import Parser, Worker, header, positive_float, positive_int, run, serve

from foolsolve.cards import Card
from foolsolve.engines import fools_and_angels as E
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.fools_and_angels import defence as fd
from foolsolve.solver.fools_and_angels import defence_z3 as fz
from foolsolve.solver.fools_and_angels.search import solve
from foolsolve.spec.fools_and_angels import DEFEND, SPEC, SPEC_CARDS, TURN, Attack, Rules, State

PROG = "bench_fools_and_angels.py"
PARTS = ("playouts", "defences", "endgames", "defend", "bots", "budget", "oneworld")
BOTS = ("pimc:samples=2", "ismcts:iterations=200")
"""The ``bots`` part's decisions: fixed work (worlds, iterations), so both checkouts do the same."""
BUDGET_BOTS = ("pimc:time=0.5,clock=cpu", "ismcts:time=0.5,clock=cpu")
"""The ``budget`` part's decisions: a time budget each (the arena's bots at big hand limits)."""
ONE_WORLD_BOT = "pimc:time=0.5,clock=cpu"
"""The ``oneworld`` part's decision."""
ONE_WORLD_TIME = 2
"""The ``oneworld`` part's ``--time`` of ``foolsolve VIEW.json``."""
ONE_WORLD_SEED = 2
"""The ``oneworld`` part's deal: of seeds 0 to 5 at hand limit 20, the one whose defence has the most moves."""


def spec_playout(state: State, rng: random.Random) -> int:
    steps = 0
    while True:
        moves = SPEC.legal_moves(state)
        if not moves:
            return steps
        state = SPEC.apply(state, moves[int(rng.random() * len(moves))])
        steps += 1


def engine_playout(state: Any, rng: random.Random) -> int:
    steps = 0
    legal, apply = E.legal_moves, E.apply
    while True:
        moves = legal(state)
        if not moves:
            return steps
        state = apply(state, moves[int(rng.random() * len(moves))])
        steps += 1


def warm_up(rules: Rules) -> None:
    """One untimed game by each side: the first call's one-off costs (lazy imports, static
    tables) stay out of the figures; the memo caches are emptied again before timing."""
    d = SPEC.deal(rules, 2, random.Random(-1))
    spec_playout(d, random.Random(-1))
    engine_playout(E.ENGINE.from_spec(d), random.Random(-1))


def bench_playouts(games: int, rules: Rules, label: str, repeat: int) -> str:
    """``repeat`` rounds of ``games`` fresh deals (seed ``2026 + round``), every cache emptied
    and ``gc.collect()`` run (untimed) before each round, spec and engine taking turns game by
    game; the row's figure is the median of the rounds' ratios."""
    warm_up(rules)
    ratios: list[float] = []
    t_spec = t_eng = 0.0
    n_spec = n_eng = 0
    for r in range(repeat):
        rng = random.Random(2026 + r)
        deals = [SPEC.deal(rules, 2, rng) for _ in range(games)]
        E.clear_caches()
        SPEC._legal_cache.cache_clear()
        ts = te = 0.0
        ns = ne = 0
        gc.collect()
        for i, d in enumerate(deals):
            t = time.process_time()
            ns += spec_playout(d, random.Random(i))
            ts += time.process_time() - t
            e = E.ENGINE.from_spec(d)
            t = time.process_time()
            ne += engine_playout(e, random.Random(i))
            te += time.process_time() - t
        ratios.append((ts / ns) / (te / ne))
        t_spec, t_eng, n_spec, n_eng = t_spec + ts, t_eng + te, n_spec + ns, n_eng + ne
    us_spec = t_spec / n_spec * 1e6
    us_eng = t_eng / n_eng * 1e6
    return (f"| {label} | {games} x {repeat} | {n_spec:,} / {n_eng:,} | {us_spec:.1f} | {us_eng:.2f} | "
            f"**{statistics.median(ratios):.1f}x** | {', '.join(f'{x:.1f}x' for x in ratios)} |")


def bench_phases(games: int) -> None:
    """Per-phase cost on one recorded set of random games (default rules): each recorded state
    is timed in the spec (legal moves + the recorded move) and in the engine, both cold."""
    rng = random.Random(99)
    record: list[tuple[State, Any, Any, Any]] = []
    for _ in range(games):
        s = SPEC.deal(Rules(), 2, rng)
        e = E.ENGINE.from_spec(s)
        while True:
            moves = E.legal_moves(e)
            if not moves:
                break
            m = moves[int(rng.random() * len(moves))]
            sm = E.ENGINE.move_to_spec(e, m)
            record.append((s, e, m, sm))
            s, e = SPEC.apply(s, sm), E.apply(e, m)
    E.clear_caches()
    SPEC._legal_cache.cache_clear()
    spec_t: dict[str, float] = {}
    eng_t: dict[str, float] = {}
    count: dict[str, int] = {}
    for s, e, m, sm in record:
        t = time.process_time()
        SPEC.legal_moves(s)
        SPEC.apply(s, sm)
        t1 = time.process_time()
        E.legal_moves(e)
        E.apply(e, m)
        t2 = time.process_time()
        spec_t[s.phase] = spec_t.get(s.phase, 0.0) + t1 - t
        eng_t[s.phase] = eng_t.get(s.phase, 0.0) + t2 - t1
        count[s.phase] = count.get(s.phase, 0) + 1
    print("| phase | steps | spec us/step | engine us/step | ratio |")
    print("|---|---|---|---|---|")
    for ph in sorted(count, key=lambda k: -count[k]):
        n = count[ph]
        print(f"| {ph} | {n} | {spec_t[ph] / n * 1e6:.1f} | {eng_t[ph] / n * 1e6:.2f} | {spec_t[ph] / eng_t[ph]:.1f}x |")


def big_defences(count: int, size: int) -> list[State]:
    rng = random.Random(size)
    out = []
    while len(out) < count:
        cards = rng.sample(SPEC_CARDS, 2 * size + 1)
        s = State(Rules(), TURN, 0, (frozenset(cards[:size]), frozenset(cards[size:])), ((), ()), (), turns_done=2)
        attacks = [m for m in SPEC.legal_moves(s) if isinstance(m, Attack) and len(m.cards) >= 2]
        if attacks:
            d = SPEC.apply(s, rng.choice(attacks))
            if d.phase == DEFEND and SPEC.result(d) is None:
                out.append(d)
    return out


def bench_defences(size: int, count: int = 20) -> str:
    states = big_defences(count, size)
    E.clear_caches()
    SPEC._legal_cache.cache_clear()
    t = time.process_time()
    n = sum(len(SPEC._legal_moves(s)) for s in states)
    t_spec = time.process_time() - t
    engine_states = [E.ENGINE.from_spec(s) for s in states]
    t = time.process_time()
    m = sum(len(E.legal_moves(e)) for e in engine_states)
    t_eng = time.process_time() - t
    if n != m:
        raise SystemExit(f"{PROG}: defences of {size + 1} cards: spec and engine list different moves")
    return (f"| {size + 1} | {count} | {n / count:.0f} | {t_spec / count * 1e3:.2f} | {t_eng / count * 1e3:.3f} | "
            f"**{t_spec / t_eng:.0f}x** |")


def bench_endgames(sizes: list[tuple[int, int]], per_size: int) -> None:
    rng = random.Random(7)
    print("Solver solves (stocks empty, player 0 to move, default rules; CPU time):\n")
    print("| hands | positions | wins | median nodes | median s | max s |")
    print("|---|---|---|---|---|---|")
    for a, b in sizes:
        secs, nodes, wins = [], [], 0
        for _ in range(per_size):
            cards = rng.sample(SPEC_CARDS, a + b)
            s = State(Rules(), TURN, 0, (frozenset(cards[:a]), frozenset(cards[a:])), ((), ()), (), turns_done=2)
            t = time.process_time()
            r = solve(s, SolveOptions())
            secs.append(time.process_time() - t)
            nodes.append(r.nodes)
            wins += r.value == "win"
        print(f"| {a} v {b} | {per_size} | {wins} | {int(statistics.median(nodes))} | "
              f"{statistics.median(secs):.3f} | {max(secs):.3f} |")
        sys.stdout.flush()


PIPS = [c for c in fd.DEFAULT_IN_PLAY if fd.is_pip(c)]
FACES = [c for c in fd.DEFAULT_IN_PLAY if fd.is_face(c)]


def random_attack(rng: random.Random, n_pips: int, face: bool) -> list[Card]:
    while True:
        attack = rng.sample(PIPS, n_pips)
        if sum(fd.card_value(c) for c in attack) != 0:
            return attack + ([rng.choice(FACES)] if face else [])


def random_hand(rng: random.Random, size: int, exclude: Sequence[Card]) -> list[Card]:
    return rng.sample([c for c in fd.DEFAULT_IN_PLAY if c not in exclude], size)


def timed_call(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, float]:
    """Wall time of one call with the garbage collector off (as :mod:`timeit` does)."""
    gc.disable()
    try:
        t0 = time.perf_counter()
        out = fn(*args, **kwargs)
        return out, time.perf_counter() - t0
    finally:
        gc.enable()


def summary(xs: Sequence[float]) -> tuple[float, float]:
    return statistics.median(xs), max(xs)


def ms(x: float) -> str:
    return f"{x * 1000:.3f}" if x < 0.01 else f"{x * 1000:.1f}"


def defender_rows(rng: random.Random, n: int, n_pips: int, face: bool, hand_size: int) -> list[str]:
    times: dict[str, dict[str, list[float]]] = {k: {"enum": [], "z3": []}
                                                 for k in ("legal", "shed", "take", "keep")}
    defended = 0
    sizes: list[int] = []
    for _ in range(n):
        attack = random_attack(rng, n_pips, face)
        hand = random_hand(rng, hand_size, attack)
        keep = rng.sample(hand, 2)
        legal, t = timed_call(fd.legal_defences, attack, hand)
        times["legal"]["enum"].append(t)
        zlegal, t = timed_call(fz.z3_legal_defences, attack, hand)
        times["legal"]["z3"].append(t)
        if zlegal != legal:
            raise SystemExit(f"{PROG}: enumerator and Z3 disagree (legal): {attack} {hand}")
        defended += bool(legal)
        sizes.append(len(legal))
        for objective in ("shed", "take", "keep"):
            k = keep if objective == "keep" else []
            best, t = timed_call(fd.best_defences, attack, hand, objective, keep=k)
            times[objective]["enum"].append(t)
            zbest, t = timed_call(fz.z3_best_defences, attack, hand, objective, keep=k)
            times[objective]["z3"].append(t)
            if zbest != best:
                raise SystemExit(f"{PROG}: enumerator and Z3 disagree ({objective}): {attack} {hand}")
    label = f"{n_pips} pips{' + face' if face else ''} vs hand {hand_size}"
    rows = []
    for task, per in times.items():
        em, ex = summary(per["enum"])
        zm, zx = summary(per["z3"])
        rows.append(f"| {label} | {task} | {ms(em)} | {ms(ex)} | {ms(zm)} | {ms(zx)} | {zm / em:.0f}x |")
    rows.append(f"| {label} | (instances with a defence: {defended}/{n}; "
                f"legal defences median {statistics.median(sizes):.0f}, max {max(sizes)}) | | | | | |")
    return rows


def attacker_rows(rng: random.Random, n: int, size: int) -> list[str]:
    te: list[float] = []
    tz: list[float] = []
    crushing: list[int] = []
    for _ in range(n):
        attacker = rng.sample(list(fd.DEFAULT_IN_PLAY), size)
        defender = random_hand(rng, size, attacker)
        crush, t = timed_call(fd.crushing_attacks, attacker, defender)
        te.append(t)
        z, t = timed_call(fz.z3_crushing_attacks, attacker, defender)
        tz.append(t)
        if z != (crush.legal_attacks, {frozenset(v.cards) for v in crush.no_whole},
                 {frozenset(v.cards) for v in crush.no_defence}):
            raise SystemExit(f"{PROG}: enumerator and Z3 disagree (crushing attacks): {attacker} {defender}")
        crushing.append(len(crush.no_whole))
    em, ex = summary(te)
    zm, zx = summary(tz)
    return [f"| attacker {size} vs defender {size} | crushing attacks (median {statistics.median(crushing):.0f} "
            f"per instance) | {ms(em)} | {ms(ex)} | {ms(zm)} | {ms(zx)} | {zm / em:.0f}x |"]


def scaling_rows(rng: random.Random, n: int) -> list[str]:
    rows = []
    all52 = [c for c in fd.NON_TEN_CARDS]
    for size in (10, 13, 16):
        ts: list[float] = []
        tc: list[float] = []
        for _ in range(n):
            attack = random_attack(rng, 4, False)
            hand = rng.sample([c for c in all52 if c not in attack], size)
            _, t = timed_call(fd.best_defences, attack, hand, "shed")
            ts.append(t)
            _, t = timed_call(fd.can_defend, attack, hand)
            tc.append(t)
        (sm, sx), (cm, cx) = summary(ts), summary(tc)
        rows.append(f"| 4 pips vs hand {size} (48-card universe) | best shed / can_defend | "
                    f"{ms(sm)} / {ms(cm)} | {ms(sx)} / {ms(cx)} | | | |")
    return rows


def bench_defend(instances: int, seed: int) -> list[str]:
    """The ``defend`` part: enumerator and Z3 side by side, then the enumerator alone."""
    rng = random.Random(seed)
    fz.z3_legal_defences("2C", "2H")  # warm up Z3 (import, context)
    rows = ["| instances | task | enum median ms | enum max ms | Z3 median ms | Z3 max ms | Z3 / enum (median) |",
            "|---|---|---|---|---|---|---|"]
    print("\n".join(rows), flush=True)
    for n_pips, face in ((4, True), (4, False)):
        for row in defender_rows(rng, instances, n_pips, face, 7):
            rows.append(row)
            print(row, flush=True)
    for row in attacker_rows(rng, max(1, instances // 5), 7) + scaling_rows(rng, instances):
        rows.append(row)
        print(row, flush=True)
    print(f"(seed {seed}, {instances} instances per defender row; every instance's enumerator and Z3 answers "
          "compared: all agree)")
    return rows


def grown_position(limit: int, seed: int, attack: bool) -> dict[str, Any] | None:
    """The ``bots`` part's position (JSON): a seeded deal under ``exchange_limit: "hand_size"`` and
    ``hand_limit`` ``limit``, played on (four draws in five where one is legal, else a uniformly
    random move) until the mover, at a turn with no exchange made yet, holds ``limit - 3`` cards or
    more, with ``attack`` the opponent at least as many (every attack of up to 5 cards legal: thousands
    of them); ``None`` if the game ends first."""
    from foolsolve.game import legal_or_family, uniform_move

    rules = Rules(exchange=True, exchange_limit="hand_size", hand_limit=limit)
    rng = random.Random(f"bots:{limit}:{seed}:{attack}")
    state = SPEC.deal(rules, 2, rng)
    e = E.ENGINE.from_spec(state)
    while E.ENGINE.result(e) is None:
        n, other = e[3 + e[E.F_TO_MOVE]].bit_count(), e[4 - e[E.F_TO_MOVE]].bit_count()
        if e[E.F_PHASE] == E.P_TURN and not e[E.F_EXCH] and n >= limit - 3 and (other >= n or not attack):
            return SPEC.state_to_json(E.ENGINE.to_spec(e))
        listed, family = legal_or_family(E.ENGINE, e)
        draws = [m for m in listed if m[0] in (E.DRAW_OWN, E.DRAW_POOL)]
        e = E.ENGINE.apply(e, rng.choice(draws) if draws and rng.random() < 0.8 else uniform_move(listed, family, rng))
    return None


def defence_position(limit: int, seed: int) -> dict[str, Any] | None:
    """The ``budget`` part's defence (JSON): at :func:`grown_position`'s position of thousands of attacks,
    the mover attacks with the first attack of the fewest cards in the attack family's seeded sample,
    and the opponent, holding at least as many cards, defends (thousands of defences under
    ``hand_limit`` 20); ``None`` where there is no such position or no attack family."""
    from foolsolve.spec.fools_and_angels import Attack

    position = grown_position(limit, seed, True)
    if position is None:
        return None
    state = SPEC.state_from_json(position)
    _listed, family = SPEC.legal_moves_split(state)
    attacks = [m for m in family.candidates() if isinstance(m, Attack)] if family is not None else []
    if not attacks:
        return None
    return SPEC.state_to_json(SPEC.apply(state, min(attacks, key=lambda m: len(m.cards))))


def position_of(limit: int, seed: int, kind: str) -> dict[str, Any] | None:
    """A ``bots`` or ``budget`` position of ``kind``: ``turn`` (:func:`grown_position` without
    ``attack``), ``attacks`` (with it) or ``defence`` (:func:`defence_position`)."""
    return defence_position(limit, seed) if kind == "defence" else grown_position(limit, seed, kind == "attacks")


def one_world_position(limit: int, seed: int, defence: bool) -> dict[str, Any]:
    """The ``oneworld`` part's position (JSON): a seeded deal under ``exchange_limit: "hand_size"`` and
    ``hand_limit`` ``limit`` whose cards in play (the stocks' and the pool's too) are shuffled into the two
    hands, half each, every stock and the pool empty (one world from either seat), player 0 to move at a
    turn with the exchange made (thousands of attacks: 17,965 at 20 against 20, :data:`ONE_WORLD_SEED`); with
    ``defence``, player 1 to defend against the attack of 3 cards in the attack family's seeded sample that
    leaves the most defences (121,729 moves, 20 cards against 17), the first of those."""
    from foolsolve.game import legal_or_family

    rules = Rules(exchange=True, exchange_limit="hand_size", hand_limit=limit)
    rng = random.Random(f"oneworld:{limit}:{seed}")
    dealt = SPEC.state_to_json(SPEC.deal(rules, 2, rng))
    cards = [*dealt["hands"][0], *dealt["hands"][1], *dealt["stocks"][0], *dealt["stocks"][1], *dealt["pool"]]
    rng.shuffle(cards)
    half = len(cards) // 2
    position = {**dealt, "phase": "turn", "to_move": 0, "hands": [sorted(cards[:half]), sorted(cards[half:])],
                "stocks": [[], []], "pool": [], "attack": [], "turns_done": 2, "exchanged": True}
    if not defence:
        return position
    state = SPEC.state_from_json(position)
    _listed, family = legal_or_family(SPEC, state)
    assert family is not None
    best = None
    for attack in family.candidates():
        if isinstance(attack, Attack) and len(attack.cards) == 3:
            after = SPEC.apply(state, attack)
            count = legal_or_family(SPEC, after)[1]
            if count is not None and (best is None or count.count > best[0]):
                best = (count.count, after)
    assert best is not None
    return SPEC.state_to_json(best[1])


def run_view(position: dict[str, Any], tree: str | None) -> tuple[float, str]:
    """``foolsolve VIEW.json --time ONE_WORLD_TIME --no-store`` on the view of ``position``'s player to move,
    in a fresh process of this checkout or (``tree``) that one: its wall seconds and, where it fails, its
    exit code and the start of its error."""
    import json
    import os
    import subprocess
    import tempfile

    from foolsolve import games
    from foolsolve.worlds import view_of

    info = games.get("fools-and-angels")
    state = SPEC.state_from_json(position)
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = tree
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "view.json"
        path.write_text(json.dumps(view_of(info, state, state.to_move)))
        t = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "foolsolve", str(path), "--time", str(ONE_WORLD_TIME), "--no-store",
                               "--json"], capture_output=True, text=True, env=env, cwd=folder, check=False)
        wall = time.perf_counter() - t
    return wall, "" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.strip()[:60]}"


def bench_one_world(limit: int, baseline: str | None, memory_gb: float) -> None:
    """The ``oneworld`` part: at :func:`one_world_position`'s turn and defence, the command (wall seconds) and
    the decision (CPU seconds), in this checkout and with ``baseline`` in that one."""
    tree = None
    if baseline is not None:
        tree = Worker(baseline, __file__, ["--serve-bots", "--baseline-memory", str(memory_gb)], PROG, "--baseline")
        print(f"baseline {baseline}: {tree.ready}\n", flush=True)
    print("| hand limit | position | what | " + ("baseline s | " if tree else "") + "this s |")
    print("|---:|---|---|" + ("---:|" if tree else "") + "---:|", flush=True)
    try:
        for defence in (False, True):
            position = one_world_position(limit, ONE_WORLD_SEED, defence)
            cell = hands_cell(position) if defence else \
                f"{hands_cell(position)}, {legal_or_family_count(position):,} attacks"
            command = f"`foolsolve VIEW.json --time {ONE_WORLD_TIME}` (wall)"
            here = run_view(position, None)
            if tree is not None:
                base = run_view(position, baseline)
                print(f"| {limit} | {cell} | {command} | {base[0]:.2f} {base[1]} | {here[0]:.2f} {here[1]} |", flush=True)
            else:
                print(f"| {limit} | {cell} | {command} | {here[0]:.2f} {here[1]} |", flush=True)
            decision = f"`{ONE_WORLD_BOT}` (CPU)"
            mine = decide(position, ONE_WORLD_BOT)
            if tree is not None:
                theirs = tree.ask({"position": position, "bot": ONE_WORLD_BOT})
                print(f"| {limit} | {cell} | {decision} | {seconds(theirs[0])} | {seconds(mine[0])} |", flush=True)
            else:
                print(f"| {limit} | {cell} | {decision} | {seconds(mine[0])} |", flush=True)
    finally:
        if tree is not None:
            tree.close()


def legal_or_family_count(position: dict[str, Any]) -> int:
    """How many legal moves a turn's position has (its family counted, not listed)."""
    from foolsolve.game import legal_or_family

    listed, family = legal_or_family(SPEC, SPEC.state_from_json(position))
    return len(listed) + (family.count if family is not None else 0)


def hands_cell(position: dict[str, Any]) -> str:
    """The ``hands`` cell of a row: the hands' sizes, and at a defence how many legal moves it has."""
    from foolsolve.game import legal_or_family

    hands = " v ".join(str(len(h)) for h in position["hands"])
    if position["phase"] != "defend":
        return hands
    listed, family = legal_or_family(SPEC, SPEC.state_from_json(position))
    return f"{hands}, a defence of {len(listed) + (family.count if family is not None else 0):,} moves"


def decide(position: dict[str, Any], label: str) -> list[Any]:
    """One decision of bot ``label`` at ``position`` for its player to move: ``[CPU seconds, move, CPU
    seconds of the seat's set-up]`` (the spec's legal moves, as the arena lists them before asking)."""
    from foolsolve import bots, games
    from foolsolve.game import legal_or_family
    from foolsolve.rules import rules_to_json
    from foolsolve.worlds import view_of

    info = games.get("fools-and-angels")
    state = SPEC.state_from_json(position)
    t = time.process_time()
    listed, family = legal_or_family(SPEC, state)
    setup = time.process_time() - t
    seat = bots.Seat("fools-and-angels", state.to_move, 2, rules_to_json(state.rules),
                     view_of(info, state, state.to_move), tuple(listed), 5, family=family)
    bot = bots.make(label)
    t = time.process_time()
    try:
        move = bot.choose(seat)
    except MemoryError:
        return [None, "out of memory", setup]
    return [time.process_time() - t, str(move), setup]


def serve_bots(memory_gb: float) -> None:
    """``--serve-bots`` (the other end of ``--baseline``): each decision asked for, made by this
    process's ``foolsolve`` (the baseline checkout's), its address space capped at ``memory_gb``
    (a decision past it answers "out of memory" instead of taking the machine's memory)."""
    import resource

    cap = int(memory_gb * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    serve("ready", lambda job: decide(job["position"], job["bot"]))


def overrun(x: float | None) -> str:
    """How far a ``budget`` decision went past its 0.5 s."""
    return "-" if x is None else f"{x - 0.5:+.2f}"


def seconds(x: float | None) -> str:
    return "out of memory" if x is None else f"{x:.2f}"


def bench_bots(limits: list[int], positions: int, baseline: str | None, memory_gb: float,
               labels: Sequence[str] = BOTS, kinds: Sequence[str] = ("turn", "attacks")) -> None:
    """The ``bots`` part: each decision in this checkout and, with ``baseline``, in that one (``labels``:
    the bots; ``kinds``: the positions, :func:`position_of`'s kinds). The ``budget`` part:
    :data:`BUDGET_BOTS` at the positions of thousands of attacks and the defences that follow them,
    with the seat's set-up and the overrun of the time."""
    budget = labels == BUDGET_BOTS
    tree = None
    if baseline is not None:
        tree = Worker(baseline, __file__, ["--serve-bots", "--baseline-memory", str(memory_gb)], PROG, "--baseline")
        print(f"baseline {baseline}: {tree.ready}\n", flush=True)
    if budget:
        print("| hand limit | hands | bot | " + ("baseline s (set-up s) | " if tree else "") + "this s (set-up s) | "
              + ("baseline overrun s | this overrun s |" if tree else "overrun s | move |"))
        print("|---:|---|---|" + ("---:|" if tree else "") + "---:|" + ("---:|---:|" if tree else "---:|---|"),
              flush=True)
    else:
        print("| hand limit | hands | bot | " + ("baseline s | " if tree else "") + "this s | "
              + ("baseline / this | same move |" if tree else "move |"))
        print("|---:|---|---|" + ("---:|" if tree else "") + "---:|" + ("---:|---|" if tree else "---|"), flush=True)
    total = [0.0, 0.0]
    try:
        for limit, kind in ((limit, kind) for limit in limits for kind in kinds):
            found = 0
            for seed in range(100):
                if found == positions:
                    break
                position = position_of(limit, seed, kind)
                if position is None:
                    continue
                found += 1
                hands = hands_cell(position)
                for k, label in enumerate(labels):
                    if tree is None:
                        secs, move, setup = decide(position, label)
                        if budget:
                            print(f"| {limit} | {hands} | `{label}` | {seconds(secs)} ({setup:.2f}) | "
                                  f"{overrun(secs)} | {move} |", flush=True)
                        else:
                            print(f"| {limit} | {hands} | `{label}` | {seconds(secs)} | {move} |", flush=True)
                        continue
                    # taking turns which goes first
                    if (found + k) % 2:
                        base = tree.ask({"position": position, "bot": label})
                        here = decide(position, label)
                    else:
                        here = decide(position, label)
                        base = tree.ask({"position": position, "bot": label})
                    if budget:
                        print(f"| {limit} | {hands} | `{label}` | {seconds(base[0])} ({base[2]:.2f}) | "
                              f"{seconds(here[0])} ({here[2]:.2f}) | {overrun(base[0])} | {overrun(here[0])} |",
                              flush=True)
                        continue
                    if base[0] is None or here[0] is None:
                        ratio, same = "", "-"
                    else:
                        total[0] += base[0]
                        total[1] += here[0]
                        ratio, same = f"**{base[0] / max(here[0], 1e-9):.1f}x**", "yes" if base[1] == here[1] else "NO"
                    print(f"| {limit} | {hands} | `{label}` | {seconds(base[0])} | {seconds(here[0])} | {ratio} | "
                          f"{same} |", flush=True)
    finally:
        if tree is not None:
            tree.close()
    if tree is not None and not budget:
        print(f"\nThe decisions both made: baseline {total[0]:.1f} s, this checkout {total[1]:.1f} s, "
              f"**{total[0] / max(total[1], 1e-9):.1f}x** (the baseline's address space capped at {memory_gb:g} GB)")


def main() -> None:
    ap = Parser(PROG, __doc__)
    ap.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS), help="what to measure (default: all)")
    ap.add_argument("--games", type=positive_int, default=200, help="playouts: games per rules row (default 200)")
    ap.add_argument("--repeat", type=positive_int, default=3,
                    help="playouts: rounds of fresh deals per rules row, the figure their median (default 3)")
    ap.add_argument("--instances", type=positive_int, default=100, help="defend: instances a row (default 100)")
    ap.add_argument("--seed", type=int, default=20261122, help="defend: seed of the instances (default 20261122)")
    ap.add_argument("--quick", action="store_true", help="every part small")
    ap.add_argument("--limits", type=positive_int, nargs="+", default=[12, 16, 20],
                    help="bots, budget: the hand limits (default 12 16 20)")
    ap.add_argument("--positions", type=positive_int, default=2,
                    help="bots, budget: positions of each kind a hand limit (default 2)")
    ap.add_argument("--baseline", metavar="DIR", help="bots, budget: another checkout making the same decisions")
    ap.add_argument("--baseline-memory", type=positive_float, default=3.0, metavar="GB",
                    help="bots, budget: the baseline process's address space cap (default 3 GB)")
    ap.add_argument("--serve-bots", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.serve_bots:
        serve_bots(a.baseline_memory)
        return
    if any(k > 48 for k in a.limits):
        ap.error(f"--limits: {max(a.limits)} is more than the 48 cards of the game")
    if a.baseline is not None and not (Path(a.baseline) / "foolsolve" / "__init__.py").is_file():
        ap.error(f"--baseline: {a.baseline} is not a foolsolve checkout (no foolsolve/__init__.py)")
    print(header(PROG))
    games = 30 if a.quick else a.games
    if "playouts" in a.parts:
        print("Random playouts (CPU time):\n")
        print("| rules | games x rounds | steps (spec / engine) | spec us/step | engine us/step | "
              "engine / spec (median) | each round |")
        print("|---|---|---|---|---|---|---|", flush=True)
        for rules, label in ((Rules(), "default"),
                             (Rules(exchange=True, temptation=True, infusion=True), "exchange + temptation + infusion"),
                             (Rules(defence_face_cards="with_pips"), "`defence_face_cards: with_pips`")):
            print(bench_playouts(games, rules, label, a.repeat), flush=True)
        print("\nPer phase (default rules, one recorded set of games, each state timed in both):\n")
        bench_phases(max(1, games // 2))
        print()
    if "defences" in a.parts:
        print("Defence move generation (CPU time):\n")
        print("| defender's cards | positions | moves | spec ms | engine ms | engine / spec |")
        print("|---:|---:|---:|---:|---:|---:|", flush=True)
        for size in (6, 9, 12) if a.quick else (6, 9, 12, 15):
            print(bench_defences(size), flush=True)
        print()
    if "endgames" in a.parts:
        sizes = [(6, 7), (8, 9)] if a.quick else [(6, 7), (7, 8), (8, 9), (9, 10), (10, 11), (11, 12), (12, 13)]
        bench_endgames(sizes, 3 if a.quick else 5)
        print()
    if "defend" in a.parts:
        bench_defend(10 if a.quick else a.instances, a.seed)
        print()
    if "bots" in a.parts:
        print("Bot decisions at big hand limits (CPU time):\n")
        bench_bots(a.limits, 1 if a.quick else a.positions, a.baseline, a.baseline_memory)
    if "budget" in a.parts:
        print("\nBot decisions with a time budget at big hand limits (CPU time):\n")
        bench_bots(a.limits, 1 if a.quick else a.positions, a.baseline, a.baseline_memory, BUDGET_BOTS,
                   ("attacks", "defence"))
    if "oneworld" in a.parts:
        print("\nOne world left at a big hand (the endgame solver values every move):\n")
        bench_one_world(max(a.limits), a.baseline, a.baseline_memory)


if __name__ == "__main__":
    run(main, PROG)
