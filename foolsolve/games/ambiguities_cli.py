"""``foolsolve ambiguities GAME --option NAME``: where does the choice of one rule option
matter? (generic over games; the analysis is :mod:`foolsolve.games.ambiguities`).

Importing this module imports no game: the game's adapter, spec and solver are imported
when the command runs (Fool's Paradise's adapter lives in
:mod:`foolsolve.games.fools_paradise_cli`).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from foolsolve.errors import InputError
from foolsolve.games.ambiguities import (
    adapter_for,
    choices_of,
    compare_deals,
    compare_position,
    find_witness,
    label,
    option_info,
    witness_file,
)
from foolsolve.positions import read_json, write_json_atomic


def _echo_json(obj: Any) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=1))


@click.command("ambiguities")
@click.argument("game")
@click.option("--option", "option_name", required=True, help="The rule option whose choices are compared.")
@click.option("--position", "position_file", type=click.Path(dir_okay=False),
              help="Compare the choices at this position.")
@click.option("--deals", type=click.IntRange(min=0), default=0, show_default=True,
              help="Compare the choices over this many seeded random deals.")
@click.option("--seed", type=int, default=0, show_default=True, help="Deal i uses random.Random(seed + i).")
@click.option("--players", type=click.IntRange(min=2), default=2, show_default=True, help="Players in the deals.")
@click.option("--policy-only", is_flag=True,
              help="Fool's Paradise: final result = greedy play to the end (fast) instead of greedy play to an "
                   "empty stock followed by the exact endgame.")
@click.option("--witness/--no-witness", default=True, show_default=True,
              help="Search for the smallest position where the choices disagree on the best move.")
@click.option("--witness-size", type=click.IntRange(min=2), default=8, show_default=True,
              help="Largest position (cards in hands and centre) the witness search tries.")
@click.option("--tries", type=click.IntRange(min=1), default=150, show_default=True,
              help="Random positions tried per size in the witness search.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=2_000_000, show_default=True,
              help="Node limit of each exact solve.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), help="Write the witness position here.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--store", "store_path", type=click.Path(dir_okay=False), default=None,
              help="The result store exact solves are read from and written to [default: the user's cache folder].")
@click.option("--no-store", is_flag=True, help="Neither read nor write the result store.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Analyse the --deals on this many local processes.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Analyse the --deals on this Dask cluster (its workers use no result store).")
def ambiguities(game: str, option_name: str, position_file: str | None, deals: int, seed: int, players: int,
                policy_only: bool, witness: bool, witness_size: int, tries: int, max_nodes: int,
                out_file: str | None, as_json: bool, store_path: str | None, no_store: bool, workers: int = 1,
                scheduler: str | None = None) -> None:
    """Where does the choice of one rule option matter?

    For GAME's rule option --option: the best move and value under each choice at
    --position; over --deals seeded random deals, how often the best opening move and the
    final result change between the choices; and the smallest witness position found
    (fewest cards in hands and centre) where the choices disagree on the best move, written
    with --out."""
    try:
        from foolsolve.store import open_store

        store = open_store(store_path, enabled=not no_store)
        _run(game, option_name, position_file, deals, seed, players, policy_only, witness, witness_size, tries,
             max_nodes, out_file, as_json, store, workers, scheduler)
    except InputError as exc:
        click.echo(f"foolsolve: error: {exc}", err=True)
        click.get_current_context().exit(2)


def _run(game: str, option_name: str, position_file: str | None, deals: int, seed: int, players: int,
         policy_only: bool, witness: bool, witness_size: int, tries: int, max_nodes: int, out_file: str | None,
         as_json: bool, store: Any = None, workers: int = 1, scheduler: str | None = None) -> None:
    from foolsolve import games

    info = games.get(game)
    opt = option_info(info, option_name)
    choices = choices_of(opt)
    adapter = adapter_for(info, players)
    adapter.max_nodes = max_nodes
    adapter.store = store
    if policy_only:
        adapter.use_policy_only()
    result: dict[str, Any] = {"game": info.name, "option": option_name, "choices": choices}
    extra: list[dict[str, Any]] = []
    if position_file:
        obj = read_json(position_file)
        if not isinstance(obj, dict):
            raise InputError(f"{position_file}: expected a JSON object")
        info.spec.state_from_json(obj)  # the position must be valid as written
        pos = compare_position(adapter, obj, option_name, choices)
        result["position"] = pos.to_json()
        extra.append(obj)
        if not as_json:
            click.echo(f"position {position_file}: option {option_name}")
            for a in pos.analyses:
                click.echo("  " + adapter.describe_choice(a))
            click.echo("  the choices " + ("DISAGREE on the best move" if pos.disagree else "agree on the best move"))
    if deals:
        tty = sys.stderr.isatty()

        def progress(done: int) -> None:
            if tty:
                click.echo(f"\r{done}/{deals} deals", err=True, nl=False)

        executor = None
        if workers > 1 or scheduler:
            from foolsolve.executor import make_executor

            executor = make_executor(workers, scheduler)
        # local workers share this process's store file; a cluster's workers use none
        store_file = str(store.path) if store is not None and not scheduler else None
        rep = compare_deals(adapter, option_name, choices, deals, seed, progress, executor, store_file)
        if tty:
            click.echo("", err=True)
        result["deals"] = rep.to_json()
        if not as_json:
            n = rep.deals - rep.skipped
            click.echo(f"{rep.deals} deals (seed {seed}, {players} players), option {option_name}: "
                       f"{' | '.join(label(c) for c in choices)}")
            click.echo(f"  best opening move differs in {rep.best_differs}/{n} deals ({rep.best_definition})")
            for k, v in rep.best_vs_first.items():
                click.echo(f"    {k}: {v}")
            click.echo(f"  final result differs in {rep.final_differs}/{n} deals ({rep.final_definition})")
            for k, v in rep.final_vs_first.items():
                click.echo(f"    {k}: {v}")
            click.echo(f"  mean final result: {json.dumps(rep.mean_final)}")
            if rep.skipped:
                click.echo(f"  {rep.skipped} deals skipped (node limit)")
    if witness:
        if not adapter.supports_witness:
            result["witness"] = None
            if not as_json:
                click.echo(f"witness search: not available for {info.name}")
        else:
            w = find_witness(adapter, option_name, choices, seed=seed, max_size=witness_size, tries=tries,
                             extra=extra)
            if w is None:
                result["witness"] = None
                if not as_json:
                    click.echo(f"witness: none found up to {witness_size} cards in hands and centre")
            else:
                wf = witness_file(adapter, w, option_name)
                result["witness"] = {"size": w.size, "report": w.report.to_json(), "position": wf}
                if out_file:
                    write_json_atomic(out_file, wf)
                if not as_json:
                    click.echo(f"smallest witness found: {w.size} cards in hands and centre"
                               + (f" (written to {out_file})" if out_file else ""))
                    first = next(a for a in w.report.analyses if not a.error)
                    state = adapter.state_with(wf, option_name, first.choice)
                    for line in info.spec.describe(state).splitlines():
                        click.echo("  " + line)
                    for a in w.report.analyses:
                        click.echo("  " + adapter.describe_choice(a))
    if as_json:
        _echo_json(result)
