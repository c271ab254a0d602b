"""The ``foolsolve arena`` command (the match itself: :mod:`foolsolve.arena`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from foolsolve import jsonout
from foolsolve.arena import MAX_GAMES
from foolsolve.cli import WORKERS, OutputFile, Whole, workers_help
from foolsolve.errors import InputError, stopper, terminated


def _list_bots(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--list-bots``: every registered bot, what it is and its parameters (with their defaults)."""
    if not value or ctx.resilient_parsing:
        return
    from foolsolve import bots

    for b in bots.all_bots():
        click.echo(f"{b.name}: {b.summary}")
        for key, what in b.params.items():
            click.echo(f"    {key}: {what}")
    ctx.exit(0)


@click.command("arena")
@click.argument("game")
@click.option("--bot", "bot_names", multiple=True, required=True, metavar="BOT",
              help="A player (repeat for each): random, greedy, pimc[:samples=N,time=S], ismcts[:iterations=N], "
                   "openspiel-ismcts, human, cmd:'PROGRAM ARGS' (see foolsolve arena --list-bots).")
@click.option("--games", "deals", type=Whole(min=1), default=10, show_default=True,
              help=f"Deals to play; each is played once per seating (duplicate format), at most "
                   f"{MAX_GAMES:,} games in all (--games times a deal's seatings).")
@click.option("--seed", type=Whole(), default=1, show_default=True, help="Seed of the deals, chance and the bots.")
@click.option("--players", type=Whole(), default=None, help="Seats at the table (default: the game's minimum).")
@click.option("--rules", "rules_json", default=None, metavar="JSON", help="Rule options, as in a position file.")
@click.option("--out", type=OutputFile(stdout=False), default=None,
              help="JSON Lines file of every game (a rerun with the same file resumes).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON object.")
@click.option("--plot", type=OutputFile(), default=None,
              help="Draw the Elo table to this SVG file (not '-': the results go to standard output).")
@click.option("--workers", type=WORKERS, default=1, show_default=True,
              help=workers_help("Local worker processes (results are the same for any number, for bots whose budgets "
                                 "are samples or iterations, not time=)"))
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Play on a Dask cluster.")
@click.option("--list-bots", is_flag=True, is_eager=True, expose_value=False, callback=_list_bots,
              help="List every bot with its parameters, and exit.")
def arena_command(game: str, bot_names: Sequence[str], deals: int, seed: int, players: int | None,
                  rules_json: str | None, out: str | None, as_json: bool, plot: str | None, workers: int,
                  scheduler: str | None) -> None:
    """Bots play GAME against each other: duplicate deals, win rates with Wilson intervals, Elo.

    Every deal is played once per seating of the bots, so each bot meets the same cards from every
    seat. Each game is a JSON Lines record in --out (replay one with 'foolsolve play FILE --record
    K'); Ctrl-C keeps the finished games and a rerun with the same --out plays only the rest.
    docs/arena.md (foolsolve docs arena) describes the bots and the cmd: bot protocol."""
    from foolsolve import arena, games
    from foolsolve.cli import one_stdout
    from foolsolve.positions import write_text_atomic
    from foolsolve.rules import rules_from_json, rules_option, rules_to_json

    one_stdout(("--plot -", plot == "-"), ("--json" if as_json else "the results table", True))
    info = games.get(game)
    spec = info.spec
    if len(bot_names) < 2:
        raise InputError("--bot: name at least two bots")
    n = spec.min_players if players is None else players
    rules: Any = rules_from_json(spec.rules_cls, rules_option(rules_json))
    # the match's checks (its bots each made once, its players, its size: a match of too many games is
    # refused before --out is touched), their errors naming the options (foolsolve.cli.main sets the names)
    match = arena.Match(game=info.name, rules=rules_to_json(rules), players=n, bots=tuple(b.strip() for b in bot_names),
                        deals=deals, seed=seed)
    if plot:
        _check_plot(plot, out)
    total = arena.check_size(match)
    unrecorded: list[dict[str, Any]] = []  # the games played that a failed write left out of --out
    from foolsolve.bots.human import Quit, quit_watch

    numbers: dict[Any, int] = {}  # each game's number in --out (play --record K)
    with quit_watch() as quit:  # a human bot's 'quit' stops the match as Ctrl-C does, said as such
        records, interrupted = arena.run(match, out, workers, scheduler, unrecorded=unrecorded,
                                         numbers=numbers)  # its status line on a terminal
    summary = arena.summary_of(match, records, numbers=numbers)  # run's own records: no replay to check them
    if plot:
        write_text_atomic(plot, arena.plot_svg(summary), "--plot")
    from foolsolve.rules import moot_options

    moot = moot_options(rules, n)  # the options that cannot change play at this table
    if as_json:
        click.echo(jsonout.dumps({"game": info.name, "players": n, "deals": deals, "seed": seed,
                                  "rules": match.rules, **({"cannot_matter": moot} if moot else {}),
                                  "bots": list(match.bots), "interrupted": interrupted, **summary.to_json(),
                                  **({"not_recorded": [{"deal": r["deal"], "seating": r["seating"]} for r in sorted(
                                      unrecorded, key=lambda r: (r["deal"], r["seating"]))]} if unrecorded else {})},
                                 ensure_ascii=True))
    else:
        click.echo(arena.text_table(match, summary))
        if unrecorded:
            assert out is not None
            click.echo(arena.unrecorded_line(out, unrecorded))
        if interrupted:
            by = stopper() if terminated() else "quit" if quit else "Ctrl-C"
            click.echo(stop_line(by, len(records), total, out))
    if interrupted:
        sys.stdout.flush()
        raise Quit() if quit and not terminated() else KeyboardInterrupt


def stop_line(by: str, done: int, total: int, out: str | None) -> str:
    """The line after the table of a match stopped early (``by``: Ctrl-C, SIGTERM, quit): where the
    games played are kept, with ``--out``, and how to finish; without it, that only the table holds
    them."""
    if out:
        return (f"(stopped by {by} after {done} of {total} games: those are kept in {out}; run again with --out {out} "
                "to finish)")
    if not done:
        return f"(stopped by {by} before any of the {total} games ended)"
    return (f"(stopped by {by} after {done} of {total} games: only the table above holds them; --out FILE keeps a "
            "match's games, and a rerun with it finishes the match)")


def _check_plot(plot: str, out: str | None) -> None:
    """Before any game: a --plot that is the --out record file (the picture would replace the
    records) is an error now, not after the match (one that cannot be written, its folder missing,
    is refused when the command line is read: ``OutputFile``)."""
    import os

    from foolsolve.positions import same_file

    if out and (os.path.realpath(plot) == os.path.realpath(out) or same_file(plot, out)):
        raise InputError(f"--plot: {plot} is the --out record file (the picture would replace the records); "
                         "draw it elsewhere")
