"""The equilibrium of a bluff: one Three Fools round with every hand open, as a three-player game
of imperfect information, solved by pygambit (optional extra ``foolsolve[gambit]``).

The round: the leader chooses flip or keep, a card and a declared suit (one information set: she
sees everything); each follower sees the binary card and the declaration, not the leader's card
and not the other follower's card (one information set per binary card and declared suit); a
round with three suits ends in a Roshambo chance node (the rules' odds). Payoffs: 1 to the
round's winner, 0 to the others, minus ``lying_cost`` for a leader who pays the lying penalty
(lied and did not win). The tree goes to pygambit as an ``.efg`` text (payoffs exact rationals)
and ``pygambit.nash.logit_solve`` follows the logit quantal-response branch to a Nash equilibrium.

Every equilibrium is then checked without pygambit: the payoffs are computed again by playing
each leaf over the spec (its ``apply`` and chance outcomes), and every pure strategy of every
player is enumerated (a follower's pure strategy is one card per information set: all
``cards ** information sets`` of them); no player may gain more than ``epsilon`` by deviating.
"""

from __future__ import annotations

import io
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any

from foolsolve.cards import Card
from foolsolve.errors import InputError, OptionError, option_name
from foolsolve.solver.base import MoveValue, SolveResult
from foolsolve.spec.three_fools import (
    DOWN,
    FLIP,
    LEAD,
    META,
    PILATCH_SUITS,
    ROSHAMBO,
    SPEC,
    SUIT_TEXT,
    UP,
    Flip,
    Follow,
    Lead,
    State,
    follower_order,
)

if TYPE_CHECKING:
    from foolsolve.solver.three_fools.odds import Nodes

MAXREGRETS = (1e-8, 1e-6, 1e-4, 1e-3)
"""The regret targets tried in turn (relative to the payoff range) for pygambit's logit solver."""
DEFAULT_EPSILON = Fraction(1, 400)
"""The largest gain allowed to any pure deviation in the check (payoffs range over 1 + the lying cost;
the loosest logit target, 1e-3 of that range, stays inside it)."""
SUPPORT = 1e-6
"""The smallest probability of a leader's choice in the equilibrium's support: the logit solver
never returns an exact 0, and leaves a choice it does not play at about 1e-8 or less."""

Action = tuple[bool, Card, str]
"""A leader's choice: flip?, card, declared suit."""
Infoset = tuple[str, str]
"""A follower's information set: the binary card after the flip, the declared suit."""


@dataclass
class Bluff:
    """One round with open hands, as a game."""

    state: State
    leader: int
    followers: tuple[int, int]
    actions: list[Action]
    infosets: list[Infoset]
    hands: dict[int, list[Card]]
    lying_cost: Fraction

    def binary(self, a: Action) -> str:
        if not a[0]:
            return self.state.binary
        return DOWN if self.state.binary == UP else UP

    def infoset(self, a: Action) -> Infoset:
        return (self.binary(a), a[2])

    @staticmethod
    def action_text(a: Action) -> str:
        return f"{'flip' if a[0] else 'keep'}; lead {a[1].ascii} as {SUIT_TEXT[a[2]]}"


def bluff_of(state: State, lying_cost: Fraction) -> Bluff:
    """The round of ``state`` (phase flip or lead) as a game."""
    if state.phase not in (FLIP, LEAD):
        raise InputError(f"phase: the equilibrium needs a round about to be led (phase flip or lead), not {state.phase}")
    leader = state.leader
    flips = (False, True) if state.phase == FLIP else (False,)
    actions = [(f, c, d) for f in flips for c in sorted(state.hands[leader]) for d in PILATCH_SUITS]
    bl = Bluff(state, leader, follower_order(leader), actions, [], {p: sorted(state.hands[p]) for p in range(3)},
               lying_cost)
    seen: list[Infoset] = []
    for a in actions:
        if bl.infoset(a) not in seen:
            seen.append(bl.infoset(a))
    bl.infosets = seen
    return bl


# --- payoffs: from the engine (for pygambit) and from the spec (for the check) --------------------------------

def _payoff(bl: Bluff, a: Action, winner: int) -> tuple[Fraction, ...]:
    lie = a[1].suit != a[2]
    pay = [Fraction(int(p == winner)) for p in range(3)]
    if lie and winner != bl.leader:
        pay[bl.leader] -= bl.lying_cost
    return tuple(pay)


def engine_outcomes(bl: Bluff, a: Action, x: Card, y: Card) -> list[tuple[int, Fraction]]:
    """(winner, probability) of a leaf: the engine's round winner, or at a Roshambo each seat's odds
    under the rules in force (:func:`~foolsolve.solver.three_fools.odds.roshambo_win_odds`, the
    spec's: with ``roshambo_format = "leader_bye"`` the leader's differ from the followers')."""
    from foolsolve.engines.three_fools import winner_of
    from foolsolve.solver.three_fools.odds import roshambo_win_odds

    f1, f2 = bl.followers
    seats: dict[int, Card] = {bl.leader: a[1], f1: x, f2: y}
    w = winner_of(seats[0].index, seats[1].index, seats[2].index, 1 if bl.binary(a) == UP else 0)
    if w >= 0:
        return [(w, Fraction(1))]
    return list(roshambo_win_odds(bl.state.rules, bl.leader).items())


def spec_payoffs(bl: Bluff, nodes: Nodes | None = None) -> dict[tuple[Action, Card, Card], tuple[Fraction, ...]]:
    """Every leaf's expected payoffs, by playing it over the spec (Roshambo: its chance outcomes);
    each leaf a node of ``nodes``."""
    out: dict[tuple[Action, Card, Card], tuple[Fraction, ...]] = {}
    f1, f2 = bl.followers
    start = bl.state
    for a in bl.actions:
        s = SPEC.apply(start, Flip(a[0])) if start.phase == FLIP else start
        s = SPEC.apply(s, Lead(a[1], a[2]))
        for x in bl.hands[f1]:
            sx = SPEC.apply(s, Follow(x))
            for y in bl.hands[f2]:
                if nodes is not None:
                    nodes.add()
                end = SPEC.apply(sx, Follow(y))
                ends = ([(SPEC.apply(end, m), p) for m, p in SPEC.chance_outcomes(end)] if end.phase == ROSHAMBO
                        else [(end, Fraction(1))])
                total = [Fraction(0)] * 3
                for e, p in ends:
                    winner = e.history[-1].winner
                    paid = e.max_hand[bl.leader] < start.max_hand[bl.leader]
                    for q in range(3):
                        total[q] += p * (int(q == winner) - (bl.lying_cost if q == bl.leader and paid else 0))
                out[(a, x, y)] = tuple(total)
    return out


# --- the game for pygambit ---------------------------------------------------------------------------------

def efg_text(bl: Bluff) -> str:
    """The round as a Gambit ``.efg`` file (players: leader, first follower, second follower)."""
    f1, f2 = bl.followers
    lines = [f'EFG 2 R "Three Fools bluff" {{ "P{bl.leader}" "P{f1}" "P{f2}" }}', '""', ""]
    acts = " ".join(f'"{Bluff.action_text(a)}"' for a in bl.actions)
    lines.append(f'p "" 1 1 "leader" {{ {acts} }} 0')
    outcome = 0
    chance = 0
    for a in bl.actions:
        i = bl.infosets.index(bl.infoset(a)) + 1
        key = f"{bl.infoset(a)[0]} {SUIT_TEXT[bl.infoset(a)[1]]}"
        xs = " ".join(f'"{key}: {x.ascii}"' for x in bl.hands[f1])
        lines.append(f'p "" 2 {i} "{key}" {{ {xs} }} 0')
        for x in bl.hands[f1]:
            ys = " ".join(f'"{key}: {y.ascii}"' for y in bl.hands[f2])
            lines.append(f'p "" 3 {i} "{key}" {{ {ys} }} 0')
            for y in bl.hands[f2]:
                results = engine_outcomes(bl, a, x, y)
                if len(results) > 1:
                    chance += 1
                    branches = " ".join(f'"roshambo {w}" {p}' for w, p in results)
                    lines.append(f'c "" {chance} "roshambo {chance}" {{ {branches} }} 0')
                for w, _p in results:
                    outcome += 1
                    pay = _payoff(bl, a, w)
                    ordered = (pay[bl.leader], pay[f1], pay[f2])
                    lines.append(f't "" {outcome} "" {{ {", ".join(str(v) for v in ordered)} }}')
    return "\n".join(lines) + "\n"


@dataclass
class BluffEquilibrium:
    """An equilibrium of the round and its check."""

    bluff: Bluff
    leader: dict[Action, float]
    followers: dict[int, dict[Infoset, dict[Card, float]]]
    values: dict[int, float] = field(default_factory=dict)
    gains: dict[int, float] = field(default_factory=dict)
    """Each player's best gain by a pure deviation (spec payoffs, every pure strategy)."""
    action_values: dict[Action, float] = field(default_factory=dict)
    """Each choice of the leader's: her expected payoff when she plays it and the followers play
    their strategies (spec payoffs). Each choice in the support is worth her value, every other
    choice at most that, both within her gain (the equilibrium's indifference)."""
    gambit_regret: float = 0.0
    deviations: int = 0
    """Pure strategies enumerated by the check."""

    @property
    def lying_frequency(self) -> float:
        return sum(p for a, p in self.leader.items() if a[1].suit != a[2])

    @property
    def support(self) -> list[Action]:
        """The choices the leader plays (probability at least :data:`SUPPORT`), most played first."""
        return sorted((a for a, p in self.leader.items() if p >= SUPPORT), key=lambda a: -self.leader[a])


def _gambit() -> Any:
    try:
        import pygambit
    except ImportError:
        raise OptionError(f"{option_name('option')} equilibrium: needs pygambit (pip install 'foolsolve[gambit]')") from None
    return pygambit


Profile = tuple[dict[str, list[tuple[str, float]]], float]
"""An equilibrium pygambit found, as plain data: per player label (``P0`` ...), every action label
with its probability, over all of her information sets; and pygambit's max regret."""

POLL = 0.1
"""Seconds between two looks at the limits (``nodes``) while pygambit solves in its own process."""


def logit_profile(efg: str, players: list[str]) -> Profile | None:
    """pygambit's logit solve of the game ``efg`` (an ``.efg`` text) whose players are labelled
    ``players``, relaxing the regret target through :data:`MAXREGRETS`; ``None`` where no target
    is reached."""
    gbt = _gambit()
    game = gbt.read_efg(io.StringIO(efg))
    for maxregret in MAXREGRETS:
        # the logit branch can fail to reach a tight regret target (very large lambda with information
        # sets that are nearly never reached): relax the target step by step; the check decides
        result = gbt.nash.logit_solve(game, maxregret=maxregret)
        if result.equilibrium is not None:
            eq = result.equilibrium
            probs = {player: [(label, float(p)) for _hist, ps in eq[player] for label, p in dict(ps).items()]
                     for player in players}
            return probs, float(eq.max_regret())
    return None


def _profile_child(conn: Any, efg: str, players: list[str]) -> None:
    """The body of :func:`solve_apart`'s process: Ctrl-C is the parent's (it ends this process)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        out: tuple[str, Any] = ("ok", logit_profile(efg, players))
    except Exception as exc:  # said by the parent, in one line
        out = ("error", f"{type(exc).__name__}: {exc}")
    conn.send(out)
    conn.close()


def solve_apart(efg: str, players: list[str], nodes: Nodes | None = None) -> Profile | None:
    """:func:`logit_profile` in a process of its own, which is ended where the caller stops:
    pygambit's solve cannot be stopped half-way (about 0.1-1.5 s a regret target on a two-core
    machine, up to four targets), so ``nodes``' limits (a time limit: ``--time``,
    ``SolveOptions.time_limit``) are looked at every :data:`POLL` seconds while it runs, and a
    Ctrl-C is taken at once. The process is forked where the platform can (else spawned). Under
    limits pygambit is imported there (about a second), where it counts against them; without,
    here, so that the next process forked has it (the rounds of ``foolsolve three-fools simulate
    --policy equilibrium``)."""
    import importlib.util
    import multiprocessing
    import signal
    import threading

    if nodes is None or nodes.progress is None:
        _gambit()  # no limit to keep: imported once here, every later process forked with it
    elif importlib.util.find_spec("pygambit") is None:  # its error before any process
        _gambit()
    # else imported in the process (about a second), within the limits
    # forked where it can be: the child only computes (Python 3.12 on warns of a fork beside other
    # threads, as a notebook's kernel runs: then spawned, pygambit imported there first, 2-4 s)
    fork = "fork" in multiprocessing.get_all_start_methods() and (
        sys.version_info < (3, 12) or threading.active_count() == 1)
    ctx = multiprocessing.get_context("fork") if fork else multiprocessing.get_context("spawn")
    reader, writer = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_profile_child, args=(writer, efg, players), daemon=True, name="foolsolve-pygambit")
    masked = hasattr(signal, "pthread_sigmask")
    if masked:  # no Ctrl-C reaches the child before it ignores it (the parent's comes after the start)
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        proc.start()
    finally:
        if masked:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        writer.close()
    try:
        while not reader.poll(POLL):  # (true too once the process has ended: the pipe's end)
            if nodes is not None:
                nodes.report()  # a time limit past its deadline raises SearchLimit here
        try:
            status, payload = reader.recv()
        except EOFError:
            proc.join()
            raise OptionError(f"{option_name('option')} equilibrium: pygambit's solve ended without an answer (exit code "
                              f"{proc.exitcode})") from None
    finally:
        reader.close()
        if proc.is_alive():
            proc.kill()
        proc.join()
    if status != "ok":
        raise OptionError(f"{option_name('option')} equilibrium: pygambit's solve failed: {payload}")
    found: Profile | None = payload
    return found


def equilibrium(state: State, lying_cost: Fraction = Fraction(1, 4), nodes: Nodes | None = None) -> BluffEquilibrium:
    """A Nash equilibrium of the round (pygambit's logit solver, in a process of its own:
    :func:`solve_apart`), checked by :func:`check`. ``nodes``
    (:class:`~foolsolve.solver.three_fools.odds.Nodes`): the count and the limits, looked at while
    pygambit solves (its process is ended when they stop the solve) and in the check (a node: a leaf
    played over the spec, a pure strategy checked)."""
    bl = bluff_of(state, lying_cost)
    if nodes is not None:
        nodes.report()
    found = solve_apart(efg_text(bl), [f"P{seat}" for seat in (bl.leader, *bl.followers)], nodes)
    if found is None:
        raise OptionError(f"{option_name('option')} equilibrium: pygambit's logit solver found no equilibrium of this round")
    profile, regret = found
    f1, f2 = bl.followers
    leader: dict[Action, float] = {}
    by_text = {Bluff.action_text(a): a for a in bl.actions}
    for label, p in profile[f"P{bl.leader}"]:
        leader[by_text[label]] = p
    followers: dict[int, dict[Infoset, dict[Card, float]]] = {}
    for seat in (f1, f2):
        table: dict[Infoset, dict[Card, float]] = {}
        cards = {c.ascii: c for c in bl.hands[seat]}
        for label, p in profile[f"P{seat}"]:
            key, card = label.split(": ")
            binary, suit = key.split()
            infoset = (binary, next(s for s in PILATCH_SUITS if SUIT_TEXT[s] == suit))
            table.setdefault(infoset, {})[cards[card]] = p
        followers[seat] = table
    out = BluffEquilibrium(bl, leader, followers, gambit_regret=regret)
    check(out, nodes)
    return out


def check(eq: BluffEquilibrium, nodes: Nodes | None = None) -> None:
    """Fill ``values``, ``gains`` and ``action_values``: every player's value and her best gain over
    every pure strategy, and the value of each of the leader's choices, with the leaves' payoffs
    computed over the spec (each leaf and each pure strategy a node of ``nodes``)."""
    bl = eq.bluff
    if nodes is not None:
        nodes.report()
    pay = spec_payoffs(bl, nodes)
    f1, f2 = bl.followers
    s1, s2 = eq.followers[f1], eq.followers[f2]

    def prob(table: dict[Infoset, dict[Card, float]], i: Infoset, c: Card) -> float:
        return table.get(i, {}).get(c, 0.0)

    values = {p: 0.0 for p in range(3)}
    lead_dev: dict[Action, float] = {}
    # contributions of each (infoset, card) to a follower's payoff, the others playing the profile
    c1: dict[Infoset, dict[Card, float]] = {i: {x: 0.0 for x in bl.hands[f1]} for i in bl.infosets}
    c2: dict[Infoset, dict[Card, float]] = {i: {y: 0.0 for y in bl.hands[f2]} for i in bl.infosets}
    for a in bl.actions:
        i = bl.infoset(a)
        pa = eq.leader.get(a, 0.0)
        va = 0.0
        for x in bl.hands[f1]:
            px = prob(s1, i, x)
            for y in bl.hands[f2]:
                py = prob(s2, i, y)
                u = pay[(a, x, y)]
                va += px * py * float(u[bl.leader])
                c1[i][x] += pa * py * float(u[f1])
                c2[i][y] += pa * px * float(u[f2])
                for p in range(3):
                    values[p] += pa * px * py * float(u[p])
        lead_dev[a] = va
    gains = {bl.leader: max(lead_dev.values()) - values[bl.leader]}
    count = len(bl.actions)
    for seat, contrib in ((f1, c1), (f2, c2)):
        best = float("-inf")
        keys = list(bl.infosets)
        for choice in product(*(bl.hands[seat] for _ in keys)):
            if nodes is not None:
                nodes.add()
            v = sum(contrib[i][c] for i, c in zip(keys, choice))
            count += 1
            best = max(best, v)
        gains[seat] = best - values[seat]
    eq.values = values
    eq.gains = gains
    eq.action_values = lead_dev
    eq.deviations = count


def equilibrium_result(state: State, lying_cost: Fraction, epsilon: Fraction, start: float,
                       nodes: Nodes | None = None) -> SolveResult:
    """``foolsolve POSITION.json -o equilibrium=true`` (``nodes``: the count and the limits)."""
    from foolsolve.solver.three_fools.odds import Nodes

    if lying_cost < 0:
        raise OptionError(f"{option_name('option')} lying_cost: at least 0")
    nodes = nodes or Nodes()
    eq = equilibrium(state, lying_cost, nodes)
    bl = eq.bluff
    worst = max(eq.gains.values())
    if worst > float(epsilon):
        raise OptionError(f"{option_name('option')} epsilon: the best profile pygambit found lets a pure deviation gain "
                          f"{worst:.3g} "
                          f"> epsilon {epsilon} (checked over the spec); allow more with {option_name('-o')} epsilon=...")
    # every choice of the leader's (the flips too): its value against the followers' strategies and
    # the probability she plays it; the support first, most played first
    order = sorted(bl.actions, key=lambda a: (-eq.leader.get(a, 0.0), -eq.action_values[a]))
    moves = [MoveValue(Bluff.action_text(a), round(eq.action_values[a], 9),
                       probability=round(eq.leader.get(a, 0.0), 9)) for a in order]
    notes = [f"payoff: 1 to the round's winner, minus {lying_cost} to a leader who pays the lying penalty",
             "a move's value: the leader's expected payoff when she plays it and the followers play their "
             "equilibrium strategies; its probability: how often she plays it in the equilibrium; best: the moves "
             f"she plays (probability at least {SUPPORT:g}): in an equilibrium each is worth her value and no move "
             "more (here within the gains of the check below)",
             f"leader (player {bl.leader}) lies with probability {eq.lying_frequency:.6f}",
             "values: " + ", ".join(f"player {p} {eq.values[p]:.6f}" for p in range(3))]
    for seat in bl.followers:
        for i in bl.infosets:
            row = eq.followers[seat].get(i, {})
            mix = ", ".join(f"{c.ascii} {p:.4f}" for c, p in sorted(row.items()) if p > 1e-9)
            notes.append(f"player {seat} at {i[0]} {SUIT_TEXT[i[1]]}: {mix}")
    notes.append(f"check over the spec: {eq.deviations:,} pure strategies; best gain by deviating "
                 + ", ".join(f"player {p} {eq.gains[p]:.2e}" for p in range(3)) + f" (epsilon {epsilon}); "
                 f"pygambit's max regret {eq.gambit_regret:.2e}")
    best = [Bluff.action_text(a) for a in eq.support]
    return SolveResult(game=META.name, to_move=bl.leader, value=round(float(eq.values[bl.leader]), 9),
                       moves=moves, pv=[], nodes=nodes.count, seconds=time.perf_counter() - start, best=best,
                       concept="Nash equilibrium of the round, hands open (pygambit logit_solve)", notes=notes,
                       value_kind="equilibrium")
