"""``foolsolve ambiguities GAME --option NAME``: where does the choice of one rule option
matter? (generic over games; the analysis is :mod:`foolsolve.ambiguities`).

Importing this module imports no game: the game's adapter, spec and solver are imported
when the command runs (Fool's Paradise's adapter lives in
:mod:`foolsolve.solver.fools_paradise.ambiguity`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from foolsolve import jsonout
from foolsolve.ambiguities import (
    Adapter,
    DealsReport,
    PolicyEndgameAdapter,
    Witness,
    adapter_for,
    cannot_matter,
    choices_of,
    comparable_options,
    compare_deals,
    compare_position,
    find_witness,
    jsonable,
    label,
    option_info,
    witness_file,
)
from foolsolve.cli import (
    NODES,
    WORKERS,
    OutputFile,
    Whole,
    given_on_command_line,
    limit_options,
    one_stdout,
    open_store,
    store_options,
    workers_help,
)
from foolsolve.errors import InputError, Stopped
from foolsolve.games.base import GameInfo
from foolsolve.positions import STDIO, check_output, game_of, parse_json, read_json, write_json_atomic
from foolsolve.present import plural
from foolsolve.rules import json_text, rules_from_json, rules_option


def _echo_json(obj: Any) -> None:
    click.echo(jsonout.dumps(obj, indent=1))


@click.command("ambiguities")
@click.argument("game")
@click.option("--option", "option_name", help="The rule option whose choices are compared.")
@click.option("--all", "all_options", is_flag=True,
              help="Every rule option of the game, one table row each (deals and witness search).")
@click.option("--choices", "choices_json",
              help='The values to compare, as a JSON list (e.g. \'[7, 9]\'); needed for an option without a finite '
                   "list of choices and no stated alternatives.")
@click.option("--rules", "rules_json",
              help='The other rule options of the deals, as a JSON object (e.g. \'{"variant": "perevodnoy"}\'); '
                   "the defaults where not given.")
@click.option("--position", "position_file", type=click.Path(dir_okay=False),
              help="Compare the choices at this position.")
@click.option("--deals", type=Whole(min=0), default=None, show_default="0; 5 with --all",
              help="Compare the choices over this many seeded random deals.")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Deal i uses random.Random(seed + i).")
@click.option("--players", type=Whole(min=2), default=None, show_default="the game's minimum",
              help="Players in the deals.")
@click.option("--policy-only", is_flag=True,
              help="Fool's Paradise: final result = greedy play to the end (fast) instead of greedy play to an "
                   "empty stock followed by the exact endgame.")
@click.option("--endgame-cards", type=Whole(min=2), default=None,
              help="Games compared by policy play to an endgame (Durak, Fools and Angels): the largest position "
                   "solved exactly (the method line says what is counted).")
@click.option("--witness/--no-witness", default=True, show_default=True,
              help="Search for the smallest position where the choices disagree on the best move.")
@click.option("--witness-size", type=Whole(min=2), default=8, show_default=True,
              help="Largest position the witness search tries (in the game's measure: cards in hands and centre, "
                   "...), at most the cards it draws from: Durak 36, Fools and Angels 48, Fool's Paradise 52, "
                   "Foolery 78.")
@click.option("--tries", type=Whole(min=1), default=150, show_default=True,
              help="Random positions tried per size in the witness search.")
@click.option("--max-nodes", type=NODES, default=None,
              help="Node limit of each exact solve (default 2,000,000; 200,000 where deals are played to an "
                   "endgame: a deal over it is skipped and counted; above 2^62: read as 2^62, no limit in practice).")
@click.option("--out", "out_file", type=OutputFile(folder_ok=True),
              help="Write the witness position here (with --all: a folder, one GAME-OPTION.json per witness).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--workers", type=WORKERS, default=1, show_default=True,
              help=workers_help("Compare the --deals and witness candidates on this many local worker processes (1: "
                                "in this process)"))
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Compare the --deals and witness candidates on this Dask distributed cluster instead "
                   "(pip install 'foolsolve[dask]').")
@store_options
@limit_options(time_help="Give up each solve after this many seconds. 0, as for solve, and the default: no limit.")
def ambiguities(game: str, option_name: str | None, all_options: bool, choices_json: str | None,
                rules_json: str | None, position_file: str | None, deals: int | None, seed: int, players: int | None,
                policy_only: bool,
                endgame_cards: int | None, witness: bool, witness_size: int, tries: int, max_nodes: int | None,
                out_file: str | None, as_json: bool, workers: int = 1, scheduler: str | None = None,
                store_path: str | None = None, no_store: bool = False, time_limit: float | None = None,
                max_memory: int | None = None) -> None:
    """Where does the choice of one rule option matter?

    For GAME's rule option --option (or every option, --all): the best move and value under
    each choice at --position; over --deals seeded random deals, how often the best move and
    the final result change between the choices (where a whole deal cannot be solved exactly,
    each deal is played by a stated policy to an exactly solvable position; the output names
    the method); and the smallest witness position found where the choices disagree on the
    best move, written with --out.

    The deals and the witness search run in this process, on --workers local processes or on
    a Dask cluster (--scheduler), with the same report. Exact solves are read from the result store when
    they are there and stored when they are new (--store, --no-store), so a repeated sweep does
    not solve them again."""
    sweep: Any = None
    executor: Any = None
    try:
        one_stdout(("--out -", out_file == "-"), ("--json" if as_json else "the report", True))
        if all_options == bool(option_name):
            raise InputError("--option: missing (give --option NAME, or --all for every option)" if not all_options
                             else "--all: give either --option NAME or --all, not both")
        if all_options and (position_file or choices_json):
            raise InputError("--all: compares every option over deals; --position and --choices need --option")
        from foolsolve import games

        info = games.get(game)
        adapter = adapter_for(info, players)
        if max_nodes is not None:
            adapter.max_nodes = max_nodes
        adapter.time_limit, adapter.max_memory = time_limit, max_memory
        if rules_json is not None:
            adapter.base_rules = rules_option(rules_json)
            rules_from_json(info.spec.rules_cls, adapter.base_rules, where="--rules")
        if endgame_cards is not None:
            if not isinstance(adapter, PolicyEndgameAdapter):
                raise InputError(f"--endgame-cards: {info.name} is not compared by policy play to an endgame")
            adapter.endgame_cards = endgame_cards
        if policy_only:
            adapter.use_policy_only()
        if witness:
            adapter.check_witness_size(witness_size)  # before any deal
        if out_file is not None and not all_options:
            if os.path.isdir(out_file):  # (False for a name too long, which check_output names)
                raise InputError(f"--out: {out_file} is a folder (a folder is for --all; give a file name)")
            check_output(out_file, "--out")  # before any deal: a witness file the command cannot write
        given = _read_choices(choices_json)
        # the option and the choices checked first (a bad one is said as such), then what the sweep runs
        checked = None if all_options else choices_of(option_info(info, option_name or ""), adapter, given)
        _check_work(info, adapter, all_options, position_file, deals, witness)
        if checked is None:
            _check_deals(adapter, None, [None], seed, 5 if deals is None else deals)
        else:
            assert option_name is not None
            _check_deals(adapter, option_name, checked, seed, deals or 0)
            if witness and adapter.supports_witness:
                _check_witness(adapter, option_name, checked)
        from foolsolve.store import SweepStore

        sweep = adapter.store = SweepStore(open_store(store_path, no_store))
        if workers > 1 or scheduler:
            from foolsolve.executor import make_executor

            executor = make_executor(workers, scheduler)
        if all_options:
            _run_all(info, adapter, 5 if deals is None else deals, seed, witness, witness_size, tries, out_file,
                     as_json, executor)
        else:
            assert option_name is not None
            _run(info, adapter, option_name, given, position_file, deals or 0, seed, witness, witness_size, tries,
                 out_file, as_json, executor)
    finally:  # an InputError goes on to foolsolve.cli.main: one line, a JSON object with --json, exit 2
        if executor is not None:
            executor.close()
        if sweep is not None and sweep.inner is not None:
            sweep.inner.close()


def _check_work(info: GameInfo, adapter: Adapter, all_options: bool, position_file: str | None, deals: int | None,
                witness: bool) -> None:
    """Before any work: a sweep with nothing to compare, and an option given that nothing the
    sweep runs reads, are one-line errors (they were accepted, and the run did nothing or left
    them out without a word)."""
    runs_deals = (5 if deals is None else deals) > 0 if all_options else bool(deals)
    searches = witness and adapter.supports_witness
    if not runs_deals and not position_file and not searches:
        give = "give --deals N" + ("" if all_options else " or --position FILE")
        if witness:
            raise InputError(f"--deals: nothing to compare: {info.name} has no witness search; {give}")
        raise InputError(f"--no-witness: nothing to compare: {give}, or leave the witness search on")
    for option, name in (("--witness-size", "witness_size"), ("--tries", "tries")):
        if given_on_command_line(name) and not searches:
            raise InputError(f"{option}: a setting of the witness search, which "
                             + ("--no-witness turns off" if not witness else f"{info.name} does not have"))
    if not runs_deals and not searches:
        # only a --position is compared (with its own players and rules, no seed)
        for option, name in (("--players", "players"), ("--seed", "seed"), ("--rules", "rules_json")):
            if given_on_command_line(name):
                raise InputError(f"{option}: a setting of the deals and the witness search, and neither runs here "
                                 f"(a --position has its own players and rules); give --deals N")


def _check_deals(adapter: Adapter, option: str | None, choices: list[Any], seed: int, deals: int) -> None:
    """Before any deal: where the rules (``--rules`` with ``option`` set to each of ``choices``; the
    rules alone for ``option`` ``None``) cannot deal ``--players`` players, every deal would be
    skipped (the report said '0 of 0 deals', exit 0): a one-line error, as ``foolsolve deal`` gives."""
    if deals <= 0:
        return
    import random

    rules_of = _rules_of(adapter, option)
    failed: list[tuple[Any, InputError]] = []
    for c in choices:
        try:
            adapter.deal(rules_of(c), random.Random(seed))
        except InputError as exc:
            failed.append((c, exc))
    if failed:
        first = failed[0][1]
        under = _under(option, choices, [c for c, _ in failed])
        field, _, reason = str(first).partition(": ")
        if field == "players":
            raise InputError(f"--players: {reason} (under {under}: every deal would be skipped)")
        raise InputError(f"--deals: no deal can be made under {under} ({first}): every deal would be skipped")
    # the exact method never answers under a rule its solver does not play (Durak's side rules, the 54-card
    # deck of 7 or 8 players): every deal that reached its endgame was skipped, and the report said '0 of 0
    # deals' (or counted the few the policy played to the end without one), exit 0
    refused = _unplayable(adapter, choices, rules_of)
    if refused:
        why, bad = refused
        give = f"; give --choices without {', '.join(label(c) for c in bad)}" if option is not None and \
            len(choices) - len(bad) >= 2 else ""
        where = "--rules" if option is None or len(bad) == len(choices) else "--option"
        raise InputError(f"{where}: {why} (under {_under(option, choices, bad)}), and the deals are compared at "
                         f"{adapter.compared_at}: every deal that reaches one would be skipped{give}")


def _check_witness(adapter: Adapter, option: str, choices: list[Any]) -> None:
    """Before the witness search: where a choice is under a rule the exact method does not play, no
    candidate can be compared (every one was skipped, 'none found'): a one-line error."""
    import dataclasses

    # the witness candidates carry no --rules: each is read with the option set to each choice, the
    # other options at their defaults
    defaults = adapter.spec.rules_cls()
    refused = _unplayable(adapter, choices, lambda c: dataclasses.replace(defaults, **{option: c}))
    if refused:
        why, bad = refused
        give = f"give --choices without {', '.join(label(c) for c in bad)} or " if len(choices) - len(bad) >= 2 else ""
        raise InputError(f"--witness: {why} (under {_under(option, choices, bad)}): no witness candidate can be "
                         f"compared; {give}--no-witness")


def _rules_of(adapter: Adapter, option: str | None) -> Callable[[Any], Any]:
    """The rules of the deals under each choice of ``option`` (``--rules`` with the option set to
    it; ``None``: ``--rules`` alone, whatever the choice)."""
    if option is None:
        return lambda _c: rules_from_json(adapter.spec.rules_cls, adapter.base_rules, where="--rules")
    return lambda c: adapter.rules_for(option, c)


def _unplayable(adapter: Adapter, choices: list[Any], rules_of: Callable[[Any], Any]) -> tuple[str, list[Any]] | None:
    """Why the exact method never answers under one or more of ``choices`` (each choice's rules:
    ``rules_of``), and those choices; ``None`` where it may under each."""
    bad: list[Any] = []
    why = ""
    for c in choices:
        reason = adapter.unplayable(rules_of(c))
        if reason:
            bad.append(c)
            why = why or reason
    return (why, bad) if bad else None


def _under(option: str | None, choices: list[Any], failed: list[Any]) -> str:
    """The rules a check failed under, in words."""
    if option is None:
        return "the rules of the deals"
    return f"every choice of {option}" if len(failed) == len(choices) else f"{option}={label(failed[0])}"


def _store_line(sweep: Any) -> str:
    """What the exact solves did, for the summary line on stderr."""
    if sweep.path is None:
        return f"exact solves: {sweep.solved:,} solved (no result store)"
    return f"exact solves: {sweep.solved:,} solved, {sweep.read:,} read from the result store {sweep.path}"


def _store_json(sweep: Any) -> dict[str, Any]:
    return {"file": None if sweep.path is None else str(sweep.path), "solved": sweep.solved, "read": sweep.read}


def _read_choices(text: str | None) -> list[Any] | None:
    if text is None:
        return None
    value = parse_json(text, "--choices")
    if not isinstance(value, list):
        raise InputError("--choices: expected a JSON list of values")
    return value


def _deals(adapter: Adapter, info: GameInfo, option: str, choices: list[Any], deals: int, seed: int,
           executor: Any) -> DealsReport:
    from foolsolve.progress import progress

    try:
        with progress(f"ambiguities {info.name} {option}", unit="deals", total=deals) as tick:
            return compare_deals(adapter, option, choices, deals, seed, tick, executor)
    except KeyboardInterrupt:
        raise _stopped(adapter) from None


def _stopped(adapter: Adapter) -> KeyboardInterrupt:
    """The Ctrl-C to raise: with the one line the CLI prints for it where a result store keeps the
    finished solves."""
    path = getattr(adapter.store, "path", None)
    if path is None:
        return KeyboardInterrupt()
    return Stopped(f"ambiguities interrupted; every exact solve that finished is in the result store {path}: "
                   "run the same command again to resume")


def _witness(adapter: Adapter, option: str, choices: list[Any], seed: int, witness_size: int, tries: int,
             extra: list[dict[str, Any]], executor: Any = None) -> Witness | None:
    from foolsolve.progress import progress

    with progress(f"witness search {adapter.info.name} {option}", unit="positions",
                  total=tries * (witness_size - 1)) as tick:
        return find_witness(adapter, option, choices, seed=seed, max_size=witness_size, tries=tries, extra=extra,
                            progress=tick, executor=executor)


def _run(info: GameInfo, adapter: Adapter, option_name: str, given: list[Any] | None, position_file: str | None,
         deals: int, seed: int, witness: bool, witness_size: int, tries: int, out_file: str | None,
         as_json: bool, executor: Any = None) -> None:
    opt = option_info(info, option_name)
    choices = choices_of(opt, adapter, given)
    result: dict[str, Any] = {"game": info.name, "option": option_name, "choices": [jsonable(c) for c in choices]}
    if option_name in adapter.base_rules:
        # --rules also sets the option compared: each choice replaces its value, said once
        given_value = json_text(adapter.base_rules[option_name])
        result["rules_overridden"] = option_name
        if not as_json:
            click.echo(f"note: --rules sets {option_name}={given_value}, the option compared: each choice below "
                       "replaces it")
    extra: list[dict[str, Any]] = []
    obj: dict[str, Any] | None = None
    if position_file:  # read and checked before any output
        read = read_json(position_file)
        if not isinstance(read, dict):
            raise InputError(f"{position_file}: expected a JSON object")
        from foolsolve import games

        other = games.get(game_of(read)).name  # another game's file: said plainly, as conform says it
        if other != info.name:
            raise InputError(f"--position: a {other} position, not {info.name}")
        obj = read
        state = info.spec.state_from_json(obj)  # the position must be valid as written
        players = info.spec.num_players(state)
        # the position's own players: a rule for three or more can matter at a three-player position
        moot_there = cannot_matter(opt, players, getattr(state, "rules", None)) or adapter.fixed_at(obj, option_name)
        pos = compare_position(adapter, obj, option_name, choices)
        if pos.analyses and all(a.error for a in pos.analyses):
            # no choice's answer to compare (a Three Fools fresh deal has no round yet): an error, not
            # a comparison of errors that exits 0
            raise InputError(f"--position: no choice of {option_name} can be answered at this position: "
                             f"{pos.analyses[0].error}")
        if moot_there and not as_json:
            click.echo(f"note: at the position: {moot_there}; its comparison can find no difference")
    # the deals and the witness search have --players (the game's minimum by default)
    swept = [what for what, on in (("the deals", deals), ("the witness search", witness and adapter.supports_witness))
             if on]
    base: Any = rules_from_json(info.spec.rules_cls, adapter.base_rules, where="--rules")
    moot = cannot_matter(opt, adapter.players, base) if swept or obj is None else None
    if moot:
        result["cannot_matter"] = moot
        if not as_json:
            click.echo(f"note: {moot}; {' and '.join(swept) if obj is not None else 'the comparison'} below can find "
                       "no difference")
    if obj is not None:
        result["position"] = pos.to_json()
        if moot_there:
            result["position"]["cannot_matter"] = moot_there
        extra.append(obj)
        if not as_json:
            # best by value alone: solve's "Best:" also ranks equal values by the moves to the end
            click.echo(f"position {position_file}: option {option_name}; best: every move of the best value "
                       "(solve's Best also ranks them by moves to the end where it gives those)")
            for a in pos.analyses:
                click.echo("  " + adapter.describe_choice(a))
            if not moot_there:  # else the note above says why the choices cannot differ
                click.echo("  " + pos.verdict())
    if deals:
        rep = _deals(adapter, info, option_name, choices, deals, seed, executor)
        result["deals"] = rep.to_json()
        if rep.witness is not None:
            extra.append(rep.witness)
        if not as_json:
            n = rep.counted
            click.echo(f"{plural(rep.deals, 'deal')} (seed {seed}, {adapter.players} players"
                       + (f", rules {json.dumps(adapter.base_rules)}" if adapter.base_rules else "")
                       + f"), option {option_name}: {' | '.join(label(c) for c in choices)}")
            click.echo(f"  method: {rep.method}")
            compared = f"{rep.best_compared}/{n} deals compared" if rep.best_compared != n else f"{n} deals"
            click.echo(f"  best move differs in {rep.best_differs} of {compared} ({rep.best_definition})")
            for k, v in rep.best_vs_first.items():
                click.echo(f"    {k}: {v}")
            click.echo(f"  final result differs in {rep.final_differs}/{n} deals ({rep.final_definition})")
            for k, v in rep.final_vs_first.items():
                click.echo(f"    {k}: {v}")
            click.echo(f"  {rep.mean_definition}: {json.dumps(rep.mean_final)}")
            if rep.on_way:
                click.echo(f"  on the way: the legal moves differ (or the position cannot arise) under some choice at "
                           f"{rep.on_way_differs} of {rep.on_way} positions passed")
            if rep.skipped:
                click.echo(f"  {plural(rep.skipped, 'deal')} skipped: {'; '.join(rep.skip_reasons)}")
    if witness:
        if not adapter.supports_witness:
            result["witness"] = None
            if not as_json:
                click.echo(f"witness search: not available for {info.name}")
        else:
            w = _witness(adapter, option_name, choices, seed, witness_size, tries, extra, executor)
            if w is None:
                result["witness"] = None
                if not as_json:
                    click.echo(f"witness: none found up to {witness_size} {adapter.size_definition}")
            else:
                wf = witness_file(adapter, w, option_name)
                result["witness"] = {"size": w.size, "report": w.report.to_json(), "position": wf}
                if out_file:
                    write_json_atomic(out_file, wf)
                if not as_json:
                    click.echo(f"smallest witness found: {w.size} {adapter.size_definition}"
                               + (f" (written to {out_file})" if out_file else ""))
                    first = next(a for a in w.report.analyses if not a.error)
                    state = adapter.state_with(wf, option_name, first.choice)
                    for line in info.spec.describe(state).splitlines():
                        click.echo("  " + line)
                    for a in w.report.analyses:
                        click.echo("  " + adapter.describe_choice(a))
    if as_json:
        result["store"] = _store_json(adapter.store)
        _echo_json(result)
        if _lost(executor):
            click.echo(f"ambiguities: {_lost(executor)[2:]}", err=True)
    else:
        _summary(adapter, deals, executor)


def _summary(adapter: Adapter, deals: int, executor: Any) -> None:
    """The run's summary on stderr: where the deals ran and what the exact solves did."""
    where = f"{deals:,} deals {executor.description}; " if deals and executor is not None else ""
    click.echo(f"ambiguities: {where}{_store_line(adapter.store)}{_lost(executor)}", err=True)


def _lost(executor: Any) -> str:
    """A note when deals were sent again because their worker died."""
    lost = 0 if executor is None else executor.lost
    return f"; {lost} deal(s) sent again after their worker died" if lost else ""


def _run_all(info: GameInfo, adapter: Adapter, deals: int, seed: int, witness: bool, witness_size: int, tries: int,
             out_dir: str | None, as_json: bool, executor: Any = None) -> None:
    """One row per option: choices, deals compared, best move / final result / legal moves on the
    way differing, and the smallest witness. Rows print as they finish (Ctrl-C keeps them)."""
    rows: list[dict[str, Any]] = []
    options = comparable_options(info)
    if out_dir:
        if out_dir == STDIO:
            raise InputError("--out: with --all, --out names a folder for the witnesses, not - (standard output)")
        if os.path.exists(out_dir) and not os.path.isdir(out_dir):
            raise InputError(f"--out: {out_dir} is a file (with --all, --out names a folder for the witnesses)")
        try:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a part of the path that is a file, no permission, a name too long
            raise InputError(f"--out: {out_dir}: cannot make the folder ({exc.strerror or exc})") from None
    if not as_json:
        click.echo(f"{info.title}: every rule option over {plural(deals, 'deal')} (seed {seed}, {adapter.players} players"
                   + (f", other rules {json.dumps(adapter.base_rules)}" if adapter.base_rules else "") + ")")
        click.echo(f"method: {adapter.method}")
        click.echo(f"best move: {adapter.best_definition}; final result: {adapter.final_definition}")
        click.echo(f"{'option':28} {'choices':34} {'best differs':>13} {'final differs':>13} {'legal differs':>14} "
                   f"{'witness':>8}")
    interrupted = False
    try:
        _all_rows(info, adapter, options, rows, deals, seed, witness, witness_size, tries, out_dir, as_json, executor)
    except KeyboardInterrupt:  # keep the rows finished so far; the caller exits 130
        interrupted = True
    if not as_json:
        click.echo(f"best differs: deals where no move is best under every choice / deals with a compared position; "
                   f"legal differs: positions passed where the legal moves differ (or the position cannot arise) "
                   f"under some choice; witness: smallest position "
                   f"({adapter.size_definition}) where the choices disagree on the best move, up to {witness_size}"
                   + (f"; witnesses written to {out_dir}" if out_dir else ""))
    else:
        _echo_json({"game": info.name, "deals": deals, "seed": seed, "players": adapter.players,
                    "method": adapter.method, "best_definition": adapter.best_definition,
                    "final_definition": adapter.final_definition, "options": rows,
                    **({"interrupted": True} if interrupted else {}), "store": _store_json(adapter.store)})
    if interrupted:
        # as every command stopped by Ctrl-C: what was kept last on standard output, then the one line
        # on standard error (no summary before it: a finished run's, as batch gives its own)
        if not as_json:
            click.echo(f"interrupted: {len(rows)} of {len(options)} options done")
        raise _stopped(adapter)
    if not as_json:
        _summary(adapter, deals * sum("deals" in r for r in rows), executor)
    elif _lost(executor):
        click.echo(f"ambiguities: {_lost(executor)[2:]}", err=True)


def _all_rows(info: GameInfo, adapter: Adapter, options: list[Any], rows: list[dict[str, Any]], deals: int,
              seed: int, witness: bool, witness_size: int, tries: int, out_dir: str | None, as_json: bool,
              executor: Any = None) -> None:
    """Append one row per option to ``rows`` (printing each as it finishes unless ``as_json``);
    the deals and the witness search on ``executor``'s workers when given."""
    from foolsolve.progress import progress
    from foolsolve.rules import cannot_matter as why_moot

    base: Any = rules_from_json(info.spec.rules_cls, adapter.base_rules, where="--rules")
    with progress(f"ambiguities {info.name} --all", unit="options", total=len(options)) as tick:
        for i, opt in enumerate(options):
            row: dict[str, Any] = {"option": opt.name}
            moot = cannot_matter(opt, adapter.players, base)
            if moot:  # not swept: nothing it could find
                row["cannot_matter"] = moot
                rows.append(row)
                if not as_json:
                    click.echo(f"{opt.name:28} cannot matter here (its rule {why_moot(opt, adapter.players, base)})")
                tick(i + 1)
                continue
            try:
                choices = choices_of(opt, adapter)
            except InputError as exc:
                row["error"] = str(exc)
                rows.append(row)
                if not as_json:
                    click.echo(f"{opt.name:28} {exc!s}")
                tick(i + 1)
                continue
            refused = _unplayable(adapter, choices, _rules_of(adapter, opt.name))
            if refused:  # not swept: every deal would be skipped (the base rules are checked before any row)
                row["choices"] = [jsonable(c) for c in choices]
                row["error"] = (f"not compared: {refused[0]} (under {_under(opt.name, choices, refused[1])}), and "
                                f"the deals are compared at {adapter.compared_at}")
                rows.append(row)
                if not as_json:
                    click.echo(f"{opt.name:28} {row['error']}")
                tick(i + 1)
                continue
            row["choices"] = [jsonable(c) for c in choices]
            rep = compare_deals(adapter, opt.name, choices, deals, seed, executor=executor)
            row["deals"] = rep.to_json()
            w = None
            if witness and adapter.supports_witness:
                w = find_witness(adapter, opt.name, choices, seed=seed, max_size=witness_size, tries=tries,
                                 extra=[rep.witness] if rep.witness is not None else [],  # one status line: options
                                 executor=executor)
            if w is not None:
                wf = witness_file(adapter, w, opt.name)
                row["witness"] = {"size": w.size, "position": wf}
                if out_dir:
                    path = Path(out_dir) / f"{info.name}-{opt.name}.json"
                    write_json_atomic(path, wf)
                    row["witness"]["file"] = str(path)
            else:
                row["witness"] = None
            rows.append(row)
            if not as_json:
                n = rep.counted
                ch = " | ".join(label(c) for c in choices)
                ch = ch if len(ch) <= 34 else ch[:31] + "..."
                legal = f"{rep.on_way_differs}/{rep.on_way}" if rep.on_way else "-"
                wit = str(w.size) if w is not None else ("none" if witness and adapter.supports_witness else "-")
                click.echo(f"{opt.name:28} {ch:34} {f'{rep.best_differs}/{rep.best_compared}':>13} "
                           f"{f'{rep.final_differs}/{n}':>13} {legal:>14} {wit:>8}")
            tick(i + 1)
