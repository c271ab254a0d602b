"""``foolsolve store stats|export|clear``: look into the result store (:mod:`foolsolve.store`)."""

from __future__ import annotations

import os
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

import click

from foolsolve import errors, jsonout
from foolsolve.batch import LineWriter
from foolsolve.cli import OutputFile, store_options, wrote
from foolsolve.positions import STDIO
from foolsolve.present import plural

if TYPE_CHECKING:
    from foolsolve.store import Store


def _open(store_path: str | None, existing: bool = False) -> Store:
    """The store the command looks into; ``existing`` (``stats``, ``export``: they only read it): a
    file that does not exist is a one-line error, not a new empty store."""
    from foolsolve import store as st
    from foolsolve.errors import InputError

    path = Path(store_path) if store_path is not None else st.default_path()
    from foolsolve.positions import long_name

    label = (f"--store {long_name(str(path))}" if store_path is not None
             else f"{st.ENV}={long_name(str(path))}" if os.environ.get(st.ENV) else str(path))
    st.refuse_gone_folder(path, label)
    if existing:
        try:
            os.stat(path)
        except FileNotFoundError:
            raise InputError(f"{label}: no such result store (the file does not exist)") from None
        except (OSError, ValueError):
            pass  # a name too long, a NUL character: the store's own error names it
    if store_path is not None:
        return st.Store(store_path, create_folder=False)
    # the default location: its folder is made (a store command needs the store)
    return st.Store(path, label=label if os.environ.get(st.ENV) else str(path))


@click.group("store")
def store_command() -> None:
    """The result store of solved positions: stats, export, clear.

    Solves, batches and the ambiguity sweeps read results from it instead of solving again
    (keyed by the canonical position with its rules, the solver options and the game's solver
    version)."""


@store_command.command("stats")
@store_options(optional=False)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def stats(store_path: str | None, as_json: bool) -> None:
    """Where the store is, its size and its results per game and solver version."""
    store = _open(store_path, existing=True)
    with store:
        info = store.stats()
    if as_json:
        click.echo(jsonout.dumps(info))
        return
    seats = f", {plural(info['seat_answers'], 'seat answer')}" if info["seat_answers"] else ""
    click.echo(f"{info['path']}: {plural(info['results'], 'result')}{seats}, {info['bytes']:,} bytes")
    rows = [(r["game"], r["solver_version"], r["results"], r["current"]) for r in info["by_game"]]
    rows += [(f"{r['game']} (seat)", r["solver_version"], r["answers"], r["current"]) for r in info["seat_by_game"]]
    if rows:
        width = max([len(str(row[1])) for row in rows] + [len("solver version")])
        games_width = max([len(row[0]) for row in rows] + [18])
        click.echo(f"  {'game':{games_width}} {'solver version':{width}} {'results':>9}")
    for game, version, n, current in rows:
        stale = "" if current else " (an old solver version: never read; 'store clear --stale' drops them)"
        click.echo(f"  {game:{games_width}} {version!s:{width}} {n:>9,}{stale}")
    if info["damaged"]:
        click.echo(f"  {_damaged(info['damaged'])}: never read; 'store clear --stale' drops them")


def _damaged(n: int) -> str:
    return (f"{plural(n, 'damaged result')} ({'rows' if n > 1 else 'a row'} whose game or solver version is no text: "
            "damaged or edited)")


@store_command.command("export")
@store_options(optional=False)
@click.option("--game", default=None, help="Only this game's results.")
@click.option("--out", type=OutputFile(), default=STDIO, show_default=True,
              help="Where the JSON Lines go (- is standard output).")
def export(store_path: str | None, game: str | None, out: str) -> None:
    """Every stored result as JSON Lines: key, game, solver_version, position, options, result,
    created (the time it was stored, seconds since 1970); then every stored seat answer, with seat
    (the answer) in place of result, position the view and options the seat's settings. A row that
    does not read back (damaged or edited) is left out, counted on stderr."""
    from foolsolve import games
    from foolsolve import store as st
    from foolsolve.positions import long_name, replaced_on_success
    from foolsolve.store import StoreNoRoom, refuse_output_over

    name = games.get(game).name if game else None
    refuse_output_over(store_path, out)
    try:
        store = _open(store_path, existing=True)
    except StoreNoRoom as exc:
        if exc.limit is None or out == STDIO:
            raise
        # under a file-size limit too small for SQLite's own files, nothing can be exported to a file
        raise errors.InputError(f"--out {long_name(out)}: cannot write (File too large: {st.size_limit_words(exc.limit)} "
                                f"is below the {st.WAL_INDEX_BYTES:,} bytes SQLite needs to read the result store; "
                                "the store is left as it was)") from None
    # a file is written beside and renamed at the end: a damaged store or Ctrl-C leaves no partial file
    target = nullcontext(out) if out == STDIO else replaced_on_success(out, f"--out {out}")
    with store, target as part:
        writer = LineWriter(str(part), name=out, lock=False)  # (replaced_on_success holds its temporary file)
        try:
            for row in store.export(name):
                writer.write(row)
        finally:
            writer.close()
        if store.skipped:
            click.echo(f"foolsolve: warning: {store.label}: {plural(store.skipped, 'stored result')} left out: "
                       f"{'they do' if store.skipped > 1 else 'it does'} not read back as a result (damaged or "
                       "edited rows; a solve of the position solves it again and replaces the row)", err=True)
    wrote(out)


def _asks() -> bool:
    """Whether ``store clear`` asks before deleting: a person at a terminal (a script, a pipe: no);
    standard input closed is an :class:`InputError` (:data:`foolsolve.positions.STDIN_CLOSED`): with
    no way to ask, nothing is deleted unless ``--yes`` says so."""
    from foolsolve.positions import standard_input

    return standard_input().isatty()


def _confirm(question: str) -> bool:
    """Ask ``question`` on the terminal: yes for ``y``/``yes``; no for ``n``/``no``, Enter alone, or
    Ctrl-D (the end of input: nothing more will come, so nothing is deleted -- click's own prompt
    took it for Ctrl-C, "interrupted", exit 130); anything else asks again. Ctrl-C stops the
    command as everywhere."""
    while True:
        click.echo(f"{question} [y/N]: ", nl=False)
        try:
            answer = input().strip().lower()
        except EOFError:
            click.echo()  # the terminal echoed no line break for Ctrl-D
            return False
        if answer in ("y", "yes"):
            return True
        if answer in ("", "n", "no"):
            return False
        click.echo("Please answer y or n.")


@store_command.command("clear")
@store_options(optional=False)
@click.option("--game", default=None, help="Only this game's results.")
@click.option("--stale", is_flag=True, help="Only results of old solver versions.")
@click.option("--yes", "-y", "assume_yes", is_flag=True,
              help="Delete without asking (on a terminal, clear first says how many results go and asks).")
def clear(store_path: str | None, game: str | None, stale: bool, assume_yes: bool = False) -> None:
    """Delete stored results (all, one game's, or those of old solver versions). On a terminal
    it asks first (--yes: it does not); from a script it deletes at once."""
    from foolsolve import games
    name = games.get(game).name if game else None
    store = _open(store_path)
    with store:
        if store.read_only is not None:
            raise errors.InputError(f"{store.label}: cannot clear the result store: it cannot be written ({store.read_only})")
        if not assume_yes and _asks():
            info = store.stats()
            rows = [r for r in info["by_game"]
                    if (name is None or r["game"] == name) and not (stale and r["current"])]
            seat_rows = [r for r in info["seat_by_game"]
                         if (name is None or r["game"] == name) and not (stale and r["current"])]
            n = (sum(r["results"] for r in rows) + sum(r["answers"] for r in seat_rows)
                 + (info["damaged"] if name is None else 0))
            if not n:
                click.echo(f"{store.path}: no results to delete")
                return
            scope = " old-version" if stale else ""
            if not _confirm(f"Delete {n:,}{scope} {name + ' ' if name else ''}results from {store.path}?"):
                click.echo("store clear: nothing deleted")
                return
        damaged = store.stats()["damaged"] if name is None else 0
        n = store.clear(name, stale_only=stale)
        seats = store.cleared.get("seat_answers", 0)
        click.echo(f"{store.path}: {plural(n, 'result')} deleted"
                   + (f", {plural(seats, 'seat answer')} among them" if seats else "")
                   + (f", {_damaged(damaged)} among them" if damaged else ""))
