"""``foolsolve three-fools simulate``: whole games of Three Fools played by a stated policy, each
seat's win rate with a 95% confidence interval (Wilson's score interval).

Policies (every seat plays the same one):

* ``uniform``: every choice uniformly at random among the legal moves (flip or keep, card and
  declared suit, a follower's card);
* ``truthful``: the leader flips or keeps and picks her card uniformly, and always declares the
  card's true suit; followers play uniformly;
* ``equilibrium``: each round, the equilibrium of that round's bluff with every hand open (an
  analyst's policy: :func:`foolsolve.solver.three_fools.equilibrium.equilibrium`, about a second a
  round), every player sampling her equilibrium strategy.

Chance (the first leader, a Roshambo) is drawn with the rules' exact probabilities. The games run
on the engine, game ``i`` from ``random.Random(f"{seed}:{i}")``: here, or in chunks of consecutive
games (:func:`simulate_chunk`) on local worker processes or a Dask cluster
(:mod:`foolsolve.executor`), with the same result whatever the number of workers. Ctrl-C stops
and prints the games finished before the first unfinished one.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import click

from foolsolve import jsonout
from foolsolve.cli import WORKERS, Choice, Seconds, Whole, workers_help
from foolsolve.errors import InputError
from foolsolve.game import CHANCE
from foolsolve.present import plural
from foolsolve.progress import progress
from foolsolve.rules import rules_from_json, rules_option
from foolsolve.stats import wilson

POLICIES = ("uniform", "truthful", "equilibrium")


def _sample(rng: random.Random, weighted: list[tuple[Any, float]]) -> Any:
    r = rng.random() * sum(w for _, w in weighted)
    for item, w in weighted:
        r -= w
        if r <= 0:
            return item
    return weighted[-1][0]


def play_game(rules: Any, policy: str, rng: random.Random) -> tuple[int, int]:
    """One whole game from a shuffle: (winner, rounds played)."""
    from foolsolve.engines.three_fools import ENGINE, P_FLIP, P_FOLLOW, P_LEAD, PH
    from foolsolve.spec.three_fools import SPEC, Flip, Follow, Lead

    e = ENGINE.from_spec(SPEC.deal(rules, 3, rng))
    rounds = 0
    plan: dict[str, Any] = {}
    while True:
        moves = list(ENGINE.legal_moves(e))
        if not moves:
            break
        if ENGINE.to_move(e) == CHANCE:
            move = _sample(rng, [(m, float(p)) for m, p in ENGINE.chance_outcomes(e)])
        elif policy == "uniform":
            move = rng.choice(moves)
        elif policy == "truthful":
            if e[PH] == P_LEAD:
                cards = sorted({m >> 2 for m in moves})
                card = rng.choice(cards)
                move = card * 4 + (card >> 4)  # the true suit's slot is the card's suit slot
            else:
                move = rng.choice(moves)
        else:
            if e[PH] == P_FLIP:
                from foolsolve.solver.three_fools.equilibrium import equilibrium

                eq = equilibrium(ENGINE.to_spec(e))
                plan = {"eq": eq}
                a = _sample(rng, list(eq.leader.items()))
                plan["action"] = a
                move = ENGINE.move_from_spec(e, Flip(a[0]))
            elif e[PH] == P_LEAD:
                a = plan["action"]
                move = ENGINE.move_from_spec(e, Lead(a[1], a[2]))
            elif e[PH] == P_FOLLOW:
                eq = plan["eq"]
                seat = ENGINE.to_move(e)
                infoset = eq.bluff.infoset(plan["action"])
                card = _sample(rng, list(eq.followers[seat][infoset].items()))
                move = ENGINE.move_from_spec(e, Follow(card))
            else:
                move = rng.choice(moves)
        if e[PH] == P_FLIP:
            rounds += 1
        e = ENGINE.apply(e, move)
    result = ENGINE.result(e)
    assert result is not None
    return int(dict(result.details)["winner"]), rounds


def simulate_chunk(task: tuple[dict[str, Any], str, int, int, int]) -> tuple[list[int], int, int]:
    """Games ``start`` to ``stop - 1`` (``task = (rules JSON, policy, seed, start, stop)``): each
    seat's wins, the rounds played and the games played (a worker's task)."""
    from foolsolve.spec.three_fools import Rules

    rules_json, policy, seed, start, stop = task
    rules = rules_from_json(Rules, rules_json)
    wins = [0, 0, 0]
    rounds = 0
    for i in range(start, stop):
        w, r = play_game(rules, policy, random.Random(f"{seed}:{i}"))
        wins[w] += 1
        rounds += r
    return wins, rounds, stop - start


Tally = tuple[tuple[int, int, int], int, int]
"""Each seat's wins, the rounds played and the games played, so far."""

ONE_WIN: tuple[tuple[int, int, int], ...] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
"""A game's wins, by the seat that won it."""


def tallied(tally: Tally, wins: tuple[int, ...] | list[int], rounds: int, games: int) -> Tally:
    """``tally`` with ``games`` more games (their ``wins`` by seat and their ``rounds``): a new tally,
    bound to one name by the caller, so that a Ctrl-C lands before the games are counted or after,
    never between a game's win and its count (the seats' wins then add up to the games, and the games
    reported are games 0 to n-1 whatever the moment)."""
    return (tally[0][0] + wins[0], tally[0][1] + wins[1], tally[0][2] + wins[2]), tally[1] + rounds, tally[2] + games


def chunk_size(count: int, workers: int) -> int:
    """Games per task: about eight tasks per worker, at most 100 games each (the result does not
    depend on it: every game has its own seed)."""
    return max(1, min(100, -(-count // (8 * workers))))


@click.command("simulate")
@click.option("--games", "count", type=Whole(min=1), default=1000, show_default=True,
              help="Whole games to play.")
@click.option("--seed", type=Whole(), default=0, show_default=True,
              help="Seed of the games (game i uses random.Random(f'{seed}:{i}')): the same seed, the same tally, "
                   "whatever --workers.")
@click.option("--policy", type=Choice(POLICIES), default="uniform", show_default=True,
              help="How every seat plays.")
@click.option("--rules", "rules_json", default=None, metavar="JSON", help='Rule options, e.g. \'{"max_hand": 5}\'.')
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--workers", type=WORKERS, default=1, show_default=True,
              help=workers_help("Play the games on this many local worker processes (1: in this process)"))
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Play the games on this Dask distributed cluster instead (pip install 'foolsolve[dask]').")
@click.option("--time", "time_limit", type=Seconds(min=0), default=None, metavar="SECONDS",
              help="Begin no game after this many seconds (with workers: wait for no more chunks of games): the "
                   "games finished are reported, with how many of --games they are [default and 0: no limit; at "
                   "most a year].")
def simulate_command(count: int, seed: int, policy: str, rules_json: str | None, as_json: bool,
                     workers: int = 1, scheduler: str | None = None, time_limit: float | None = None) -> None:
    """Three Fools: play whole games with a stated policy (uniform, truthful, equilibrium) and
    report each seat's win rate with a confidence interval.

    Every seat plays the policy; chance (the first leader, Roshambo) follows the rules' exact
    probabilities. The win rates come with 95% Wilson score intervals. Game i is played from its
    own seed, so --workers N (local processes) and --scheduler (a Dask cluster) give the same
    result as one process."""
    import time

    from foolsolve.spec.three_fools import META, Rules

    rules = rules_from_json(Rules, rules_option(rules_json))
    deadline = None if not time_limit else time.monotonic() + time_limit
    timed_out = False
    tally: Tally = ((0, 0, 0), 0, 0)
    interrupted = False
    executor = None
    if workers > 1 or scheduler:
        from foolsolve.executor import make_executor

        executor = make_executor(workers, scheduler)
    try:
        with progress(f"simulating Three Fools ({policy})", unit="games", total=count) as tick:
            try:
                if executor is None:
                    for i in range(count):
                        if deadline is not None and time.monotonic() >= deadline:
                            timed_out = True
                            break
                        w, r = play_game(rules, policy, random.Random(f"{seed}:{i}"))
                        tally = tallied(tally, ONE_WIN[w], r, 1)
                        tick(tally[2])
                else:
                    from foolsolve.executor import WorkerLost
                    from foolsolve.rules import rules_to_json

                    size = chunk_size(count, executor.workers)
                    as_json_rules = rules_to_json(rules)
                    # made as the executor takes them (it keeps a few out at once): a list of every chunk
                    # of --games 10**15 would fill the memory before the first game
                    tasks = ((as_json_rules, policy, seed, a, min(a + size, count)) for a in range(0, count, size))
                    for k, value in executor.map(simulate_chunk, tasks):
                        if isinstance(value, WorkerLost):
                            raise InputError(f"simulate: games {k * size}..{min(k * size + size, count) - 1}: {value}")
                        tally = tallied(tally, *value)
                        tick(tally[2])
                        if deadline is not None and tally[2] < count and time.monotonic() >= deadline:
                            # every chunk played so far is kept (in order); the rest are not waited for
                            timed_out = True
                            break
            except KeyboardInterrupt:
                interrupted = True
    finally:
        if executor is not None:
            executor.close()
    wins, rounds, played = tally
    rates = [Fraction(x, played) if played else Fraction(0) for x in wins]
    cis = [wilson(x, played) for x in wins]
    if as_json:
        click.echo(jsonout.dumps({"game": META.name, "policy": policy, "games": played, "seed": seed,
                                  "interrupted": interrupted, "time_ran_out": timed_out,
                                  "rounds_per_game": rounds / played if played else 0,
                                  "seats": [{"seat": p, "wins": wins[p], "rate": float(rates[p]),
                                             "ci95": [round(cis[p][0], 6), round(cis[p][1], 6)]} for p in range(3)]},
                                 ensure_ascii=True))
    else:
        click.echo(f"Three Fools, policy {policy}: {plural(played, 'game')} (seed {seed}), "
                   f"{rounds / played if played else 0:.1f} rounds a game")
        for p in range(3):
            click.echo(f"  seat {p}: {wins[p]:6,} wins  {float(rates[p]):.4f}  95% CI [{cis[p][0]:.4f}, {cis[p][1]:.4f}]")
        if timed_out:
            click.echo(f"(--time {time_limit:g} s ran out after {played:,} of the {count:,} games asked for: the games "
                       "above were finished)")
        if interrupted:
            from foolsolve.errors import stopper

            click.echo(f"(stopped by {stopper()}: the games above were finished)")
    if interrupted:
        raise KeyboardInterrupt

