"""The ``foolsolve`` command line.

``foolsolve POSITION.json`` solves a position (short for ``foolsolve solve``). Every other
command is listed by ``foolsolve --help``. Bad input prints one line and exits 2; Ctrl-C
stops cleanly with exit 130 and leaves no partial output file.
"""

from __future__ import annotations

import errno
import io
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import click

from foolsolve import __version__, games, jsonout
from foolsolve.errors import (
    InputError,
    LimitError,
    OptionError,
    Stopped,
    command_line_names,
    json_quoted,
    option_name,
    out_of_memory,
    printable_line,
    quoted,
    refused_memory,
    stop_text,
    too_many_open_files,
)
from foolsolve.games.base import GameInfo
from foolsolve.lazy import CommandRef, LazyGroup
from foolsolve.positions import STDIO, cut_text, game_of, parse_json, read_json, standard_form, write_json_atomic
from foolsolve.present import plural, signed
from foolsolve.progress import progress
from foolsolve.rules import (
    allowed_text,
    applies_json,
    applies_text,
    cited,
    json_text,
    options_of,
    rules_from_json,
    rules_option,
    scoring_caveat,
)
from foolsolve.solver.base import (
    DEFAULT_SECONDS,
    MAX_MEMORY,
    MAX_NODES,
    MAX_SAMPLES,
    MAX_SECONDS,
    Interrupted,
    NotCovered,
    SearchLimit,
    SolveResult,
)
from foolsolve.textout import ascii_option, fit_terminal
from foolsolve.textout import json_text as stream_json_text


class Seconds(click.FloatRange):
    """A number of seconds: ``click.FloatRange``, which lets ``nan`` through (it fails no comparison),
    with ``nan``, ``inf`` (``1e400`` too) and more than :data:`MAX_SECONDS` (a year) refused as the
    input errors they are (exit 2): every ``--time``-like option is a finite limit. A text that is no
    number is quoted as JSON spells it (``"abc" is not a valid number of seconds``), as every value
    given on the command line."""

    name = "number of seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):  # click's own error would quote the text as Python does
            try:
                float(value)
            except ValueError:
                self.fail(f"{json_quoted(value)} is not a valid number of seconds.", param, ctx)
        x = super().convert(value, param, ctx)
        if isinstance(x, float) and not math.isfinite(x):
            self.fail(f"{json_quoted(value)} is not a {'finite ' if math.isinf(x) else ''}number of seconds.", param, ctx)
        if x > MAX_SECONDS:
            self.fail(f"{value} s is more than a year: at most {MAX_SECONDS} s.", param, ctx)
        return x


class Whole(click.IntRange):
    """``click.IntRange`` whose error for a text that is no whole number (``1.5``, ``x``) says what
    is expected and its range, as ``--time``'s does (``"1.5" is not a valid whole number (1 or
    more)``, the text quoted as JSON spells it), rather than click's ``not a valid integer range``.
    ``Whole()``, without bounds, is every option of a whole number (as click's ``int``: shown as
    ``INTEGER`` in the help, with no range)."""

    def __init__(self, min: int | None = None, max: int | None = None, **kw: Any) -> None:
        super().__init__(min=min, max=max, **kw)
        if min is None and max is None:
            self.name = "integer"

    def _describe_range(self) -> str:
        return "" if self.min is None and self.max is None else super()._describe_range()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            try:
                int(value)
            except ValueError:
                low, high = self.min, self.max
                where = (f"{low:,} to {high:,}" if low is not None and high is not None else
                         f"{low:,} or more" if low is not None else f"at most {high:,}" if high is not None else "")
                self.fail(f"{json_quoted(value)} is not a valid whole number{f' ({where})' if where else ''}.", param, ctx)
        return super().convert(value, param, ctx)


class Choice(click.Choice):
    """``click.Choice`` whose error for a text that is none of its choices quotes the text and the
    choices as JSON spells them (``"x" is not one of "auto", "exact", ...``), as every value given on
    the command line, rather than as Python does."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            choices = ", ".join(json_quoted(c) for c in self.choices)
            self.fail(f"{json_quoted(value)} is not one of {choices}.", param, ctx)


MEMORY = Whole(min=1, max=MAX_MEMORY)
"""Every ``--max-memory`` option: MiB, 1 to :data:`MAX_MEMORY` (1 TiB)."""

SAMPLES = Whole(min=1, max=MAX_SAMPLES)
"""Every ``--samples`` option: 1 to :data:`MAX_SAMPLES`."""


class Capped(Whole):
    """A whole number of at least ``min`` (``click.IntRange``) where one above ``cap`` is read as
    ``cap``: a bound so large it means no limit in practice (``--max-nodes``: :data:`MAX_NODES`),
    kept within what the code it reaches takes (int64 counters, floats) instead of failing there as
    an internal error."""

    def __init__(self, min: int = 1, cap: int = sys.maxsize) -> None:
        super().__init__(min=min)
        self.cap = cap

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return min(super().convert(value, param, ctx), self.cap)


NODES = Capped(min=1, cap=MAX_NODES)
"""Every ``--max-nodes`` option: a node budget, one above :data:`MAX_NODES` read as it."""


class Workers(click.ParamType):
    """A count of local worker processes, 1 to :data:`foolsolve.executor.MAX_WORKERS` (the one
    check, :func:`foolsolve.executor.check_workers`, which ``make_executor`` applies too): every
    ``--workers`` option, so a count this machine does not take is refused before any work."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from foolsolve.executor import check_workers

        return check_workers(click.INT.convert(value, param, ctx))


WORKERS = Workers()


def workers_help(text: str, scheduler: bool = True) -> str:
    """The help of a ``--workers`` option: ``text`` and the bound (``scheduler``: the command also takes
    ``--scheduler``, which excludes it)."""
    from foolsolve.executor import WORKERS_BOUND, WORKERS_LIMIT

    return f"{text}. {WORKERS_LIMIT if scheduler else WORKERS_BOUND}."


class OutputFile(click.Path):
    """An output file option (``--out``, ``--svg``, ``--plot``): the name checked when the command
    line is read, before any work, by :func:`foolsolve.positions.check_output` (an empty name, a
    folder, a missing folder: one-line errors); ``-`` is standard output unless ``stdout=False``.
    ``folder_ok``: the option may also name a folder the command creates (the name alone is
    checked here; the command checks the rest once it knows which it is)."""

    def __init__(self, stdout: bool = True, folder_ok: bool = False) -> None:
        super().__init__(dir_okay=folder_ok, allow_dash=stdout)
        self.stdout = stdout
        self.folder_ok = folder_ok

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from foolsolve.positions import check_output

        opts = getattr(param, "opts", None) or ["--out"]
        option = max(opts, key=len)
        check_output(value, option, stdout=self.stdout, name_only=self.folder_ok)
        stores: list[str | None] = [None]  # the default store ($FOOLSOLVE_STORE), whatever the command
        if ctx is not None and ctx.params.get("store_path") is not None:
            stores.append(ctx.params["store_path"])  # its --store, given before this option
        for store in stores:
            refuse_over_store(store, value, option)
        return super().convert(value, param, ctx)


def refuse_over_store(store: str | None, out: Any, option: str) -> None:
    """The one check of every output option (:class:`OutputFile`) against the result store ``store``
    (``None``: the default one): an output that is the store file or one of SQLite's files beside it
    is the :class:`InputError` of :func:`foolsolve.store.refuse_output_over` (writing it destroys
    the stored results). ``--store`` given after the output option checks it (:func:`_store_given`)."""
    if out is None or str(out) == STDIO:
        return
    from foolsolve.store import refuse_output_over

    refuse_output_over(store, str(out), option, strict=False)


def _store_given(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """``--store PATH`` read: the output options read before it are checked against it
    (:func:`refuse_over_store`); those after it check it themselves."""
    if value is not None:
        for other in ctx.command.params:
            if isinstance(other.type, OutputFile) and ctx.params.get(other.name or "") is not None:
                refuse_over_store(value, ctx.params[other.name or ""], max(other.opts, key=len))
    return value


def wrote(out: str) -> None:
    """Say that a command's output file is written: ``wrote OUT`` on standard output, once it is
    whole (nothing for ``-``: the output itself went to standard output). Every command whose
    ``--out`` takes its one output (view, deal, play, report, store export) says it alike."""
    if out != STDIO:
        from foolsolve.textout import path_text

        click.echo(f"wrote {path_text(out)}")


def one_stdout(*outputs: tuple[str, bool]) -> None:
    """Before any work: at most one of a command's outputs goes to standard output. ``outputs``:
    ``(name, whether it goes there)`` in the order the error names them; two at once (``play
    --json --out -``, ``arena --plot -`` beside its table) is a usage error, since the mixture is
    neither of them and nothing can read it."""
    there = [name for name, on in outputs if on]
    if len(there) > 1:
        raise InputError(f"{' and '.join(there)}: both write to standard output, and the mixture could be read "
                         "as neither; send one to a file")


class _DefaultGroup(LazyGroup):
    """A group whose first positional argument, when not a command, means ``solve``."""

    def with_command(self, args: list[str]) -> list[str]:
        """``args`` with ``solve`` put first where no command is named."""
        if args and (args[0] == "-" or not args[0].startswith("-")) and not self.is_command(args[0]):
            return ["solve", *args]
        if args and args[0].startswith("-") and args[0] not in ("--help", "-h", "--version"):
            positional = [a for a in args if a == "-" or not a.startswith("-")]
            if positional and not self.is_command(positional[0]):
                return ["solve", *args]
        return args

    def is_command(self, name: str) -> bool:
        return super().is_command(name) or self._game_group(name) is not None

    def _game_group(self, name: str) -> str | None:
        """The name of the game group ``name`` names (``three_fools``: ``three-fools``), if any."""
        want = games.norm(name)
        return next((n for n, cmd in self.commands.items() if isinstance(cmd, GameCommands) and games.norm(n) == want),
                    None)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is None:
            group = self._game_group(cmd_name)
            cmd = None if group is None else self.commands[group]
        return cmd

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and not args[0].startswith("-") and not self.is_command(args[0]):
            _suggest_command(self, ctx, args[0])
        try:
            return super().parse_args(ctx, self.with_command(args))
        except KeyboardInterrupt as exc:  # while a command's module loads: one line, as in invoke below
            raise click.exceptions.Abort() from exc
        except BrokenPipeError as exc:  # --help, --version into a pipe closed early
            raise ReaderGone() from exc

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None and name is not None:
            refuse_repeated_options(cmd, name, rest, ctx)
        return name, cmd, rest

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, EOFError) as exc:
            # click's main echoes an empty line on standard error for these before it raises Abort; for
            # Abort it echoes nothing, so main's one line (:func:`main`) is all Ctrl-C prints
            raise click.exceptions.Abort() from exc
        except BrokenPipeError as exc:
            raise ReaderGone() from exc


def refuse_repeated_options(cmd: click.Command, name: str, args: list[str], parent: click.Context) -> None:
    """A usage error where ``args`` give an option that takes one value (``--rules``, ``--time``,
    ``--out`` ...) more than once: click keeps the last silently, so ``--rules A --rules B`` ran
    with B alone. A group (``store``, a game's) is followed to its command; flags (``--json``) and
    repeatable options (``-o``, ``--bot``) are left alone, and a command line click cannot read is
    left to click's own error."""
    ctx = click.Context(cmd, info_name=name, parent=parent, resilient_parsing=True)
    if isinstance(cmd, click.Group):
        sub = next((i for i, a in enumerate(args) if not a.startswith("-")), None)
        found = None if sub is None else cmd.get_command(ctx, args[sub])
        if sub is not None and found is not None:
            refuse_repeated_options(found, args[sub], args[sub + 1:], ctx)
        return
    try:
        _, _, order = cmd.make_parser(ctx).parse_args(args=list(args))
    except click.UsageError:
        return
    if any(isinstance(param, click.Option) and param.is_eager for param in order):
        return  # --help: the help, whatever else is given
    seen: set[str] = set()
    for param in order:
        if (not isinstance(param, click.Option) or param.multiple or param.is_flag or param.count
                or param.name is None):
            continue
        if param.name in seen:
            option = max(param.opts, key=len)
            raise click.UsageError(f"{option}: given more than once; give it once (it takes one value)",
                                   click.Context(cmd, info_name=name, parent=parent))
        seen.add(param.name)


class ReaderGone(Exception):
    """Standard output's reader went away (``foolsolve ... | head``): a :class:`BrokenPipeError`
    carried past click's main, which would exit 1 (an internal error's code) for one; :func:`main`
    exits :data:`EXIT_PIPE` quietly."""


def _suggest_command(group: LazyGroup, ctx: click.Context, word: str) -> None:
    """A mistyped command (``solev``: no such file, and close to a command's name) is an error that
    names the nearest commands, instead of being read as a position file to solve."""
    import difflib

    if os.path.exists(word) or "." in word or "/" in word or os.sep in word:
        return
    from foolsolve.bundled import example_named

    example = example_named(word)
    if example is not None:  # 'foolsolve durak-endgame': a bundled example's name, not a file here
        raise click.UsageError(f"{word}: no such position file; the bundled example {word} is {example} "
                               "(foolsolve examples lists them)", ctx)
    game = next((n for n in games.names() if games.norm(n) == games.norm(word)), None)
    if game is not None:  # a game without commands of its own ('foolsolve durak'): not a file to solve
        raise click.UsageError(f"{word}: no such position file; {game} is a game with no commands of its own "
                               f"('foolsolve deal {game} --out POS.json' deals a position, 'foolsolve POS.json' "
                               "solves it)", ctx)
    near = difflib.get_close_matches(word, group.list_commands(ctx), n=3, cutoff=0.6)
    if near:
        raise click.UsageError(f"unknown command {json_quoted(word)}; did you mean "
                               f"{' or '.join(json_quoted(n) for n in near)}?", ctx)
    near = games.closest(word)
    if near:  # a mistyped game ('foolsolve duark'): neither a file nor a command
        raise click.UsageError(f"{word}: no such position file or command; did you mean the game "
                               f"{' or '.join(repr(n) for n in near)}? ('foolsolve deal {near[0]} --out POS.json' "
                               "deals a position)", ctx)


@click.group(cls=_DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="foolsolve")
def cli() -> None:
    """Executable rules and exact solvers for five 'fool' card games.

    \b
    foolsolve POSITION.json          solve a position (same as: foolsolve solve ...)
    foolsolve conform GAME           check the engine against the spec in lockstep
    foolsolve rules GAME             the rules: from the source text vs reconstructed
    foolsolve examples               the bundled example positions and their paths

    Help texts and messages cite pages as docs/NAME.md: foolsolve docs NAME prints one (foolsolve
    docs lists them).
    """


def load_position(path: str, *, views: bool = False) -> tuple[GameInfo, Any]:
    """Read a position file: the game's info and the spec state. A view file (``"view": P``,
    docs/views.md) gives a :class:`foolsolve.worlds.View` instead where the command takes views
    (``views``), else a one-line error."""
    return position_of(read_json(path), path, views=views)


def position_of(obj: Any, name: str, *, views: bool = False) -> tuple[GameInfo, Any]:
    """:func:`load_position` of a position file's JSON ``obj`` (``name``: what an error calls it)."""
    from foolsolve.worlds import VIEW_KEY, is_view, read_view

    info = games.get(game_of(obj))
    if is_view(obj):
        if not views:
            raise InputError(f"{name}: a view of player {obj.get(VIEW_KEY)} (hidden cards); this command needs a "
                             "full position with every card placed")
        return info, read_view(obj)
    return info, info.spec.state_from_json(obj)


# --- solve ------------------------------------------------------------------------------


TIME_HELP = ("Give up each solve after this many seconds (under hidden cards: the answer so far). 0, as for solve, "
             "and the default: no limit. At most a year (31622400 s).")
"""The help of :func:`limit_options`' ``--time`` (a command that gives it a default says so instead)."""


def limit_options(fn: Any = None, *, time_help: str = TIME_HELP) -> Any:
    """``--time SECONDS`` and ``--max-memory MIB``, beside ``--max-nodes`` on every long command
    (``@limit_options``, or ``@limit_options(time_help=...)`` where ``--time`` means more). The
    option's default is ``None``, as is ``--time 0``: a command with a default of its own tells the
    two apart with :func:`given_on_command_line` (``time_limit``)."""
    def add(fn: Any) -> Any:
        fn = click.option("--max-memory", type=MEMORY, default=None, metavar="MIB",
                          help="Memory budget of the solver's transposition tables in MiB [default: 1024]; over it "
                               "the oldest entries are dropped (same answers, more time). At most 1048576 (1 TiB).")(fn)
        return click.option("--time", "time_limit", type=Seconds(min=0), default=None, callback=_zero_is_no_limit,
                            metavar="SECONDS", help=time_help)(fn)

    return add if fn is None else add(fn)


def _zero_is_no_limit(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """``--time 0``: no limit, as ``solve --time 0`` reads it."""
    return None if value == 0 else value


def store_options(fn: Any = None, *, only: str | None = None, optional: bool = True) -> Any:
    """``--store PATH`` and ``--no-store`` on every command that reads or writes the result store
    (``@store_options``, or ``@store_options(only="--interactive")`` where they apply only with that
    option, as their help says; ``optional=False``: ``--store`` alone, for the commands that work on
    the store itself); :func:`open_store` opens the store they choose."""
    def sentence(text: str) -> str:
        return f"{only}: {text}" if only else text[0].upper() + text[1:]

    def add(fn: Any) -> Any:
        if optional:
            fn = click.option("--no-store", is_flag=True,
                              help=sentence("neither read nor write the result store."))(fn)
        return click.option("--store", "store_path", type=click.Path(), default=None, callback=_store_given,
                            help=sentence("the result store file [default: results.sqlite3 in the user's cache "
                                          "folder, or $FOOLSOLVE_STORE]."))(fn)

    return add if fn is None else add(fn)


def open_store(store_path: str | None, no_store: bool, wait: float | None = None) -> Any:
    """The store :func:`store_options` chose (``None`` with ``--no-store``): a ``--store`` or
    ``$FOOLSOLVE_STORE`` that cannot be opened is an :class:`InputError` naming it, a default
    location that cannot be opened a warning and no store (:func:`foolsolve.store.open_store`).
    ``wait``: the seconds opening it may wait for another process's lock (default
    :data:`foolsolve.store.OPEN_TIMEOUT`)."""
    from foolsolve import store as st

    opened = st.open_store(store_path, enabled=not no_store, wait=st.OPEN_TIMEOUT if wait is None else wait)
    if opened is not None:
        _OPENED_STORES.append(opened)
    return opened


_OPENED_STORES: list[Any] = []
"""The stores :func:`open_store` opened in this :func:`main` call: closed when the command ends, however
it ends (a command run in-process, from a test or a notebook, leaves no connection open; closing one
twice is harmless)."""


def _close_opened_stores() -> None:
    while _OPENED_STORES:
        try:
            _OPENED_STORES.pop().close()
        except Exception:  # (a store that cannot close has nothing left to lose)
            pass


@cli.command()
@click.argument("positions", nargs=-1, required=True, metavar="POSITION...",
                type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (one line per position).")
@click.option("--max-nodes", type=NODES, default=None,
              help="Node budget of a full position (default: none, --time alone bounds it): the exact solver may use "
                   "half of it, the open-hand search the rest (as --time). Under hidden cards: each world's node "
                   "budget, the exact solver up to half of it, the depth-limited search up to all of it [default: "
                   "5000 a world, the search the game's own (Durak 200), raised in deeper rounds over few worlds; "
                   "given, fixed: docs/seat.md]. A budget above 2^62 is read as 2^62: no limit in practice.")
@click.option("-o", "--option", "extra", multiple=True, metavar="KEY=VALUE",
              help="Solver option (repeatable), e.g. -o pv=false, -o time=60, -o max_nodes=N; each game's are "
                   "listed by 'foolsolve rules GAME --solver'; an unknown KEY is an error.")
@ascii_option
@store_options
@click.option("--time", "seconds", type=Seconds(min=0), default=DEFAULT_SECONDS, show_default=True,
              help="Seconds for an answer: the exact solver gets half; if it does not finish (or does not cover the "
                   "position) the open-hand search over the engine answers, exact or depth-limited as it says. "
                   "Under hidden cards: the answer so far after this long. 0: no limit (the exact solver runs to the "
                   "end). At most a year (31622400 s).")
@click.option("--as", "viewer", type=Whole(min=0), default=None, metavar="P",
              help="Answer from player P's seat: only what P sees is known, the rest is hidden (docs/seat.md: "
                   "foolsolve docs seat).")
@click.option("--method", type=Choice(["auto", "exact", "pimc", "ismcts"]), default=None,
              help="Under hidden cards: the exact expectation over every consistent world, PIMC (sampled worlds, each "
                   "solved open-hand) or IS-MCTS [default: auto, exact when few worlds are consistent, else PIMC].")
@click.option("--samples", type=SAMPLES, default=None,
              help="Under hidden cards: worlds PIMC samples [default: 100], or IS-MCTS iterations [default: 4000]; at most "
                   "10^7.")
@click.option("--seed", type=Whole(), default=None, help="Under hidden cards: seed of the sampled worlds [default: 0].")
@click.option("--workers", type=WORKERS, default=None,
              help=workers_help("Under hidden cards: value the worlds on this many local processes (same answer for "
                                "any count)"))
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Under hidden cards: value the worlds on this Dask cluster (pip install 'foolsolve[dask]').")
@click.option("--open-hand", "open_hand_only", is_flag=True,
              help="A full position the exact solver does not cover: answer with every listed card known to everyone "
                   "(the open-hand search) instead of from the seat of the player to move. Only this option asks for "
                   "it: where the seat answers, --max-nodes is each world's budget and an -o option is an error.")
@click.option("--max-memory", type=MEMORY, default=None, metavar="MIB",
              help="Memory budget of the solvers' transposition tables in MiB [default: 1024]; over it the oldest "
                   "entries are dropped (the same exact answers, more time). At most 1048576 (1 TiB).")
def solve(positions: Sequence[str], as_json: bool, max_nodes: int | None, extra: Sequence[str],
          store_path: str | None, no_store: bool, seconds: float, viewer: int | None = None,
          method: str | None = None, samples: int | None = None, seed: int | None = None,
          workers: int | None = None, scheduler: str | None = None, open_hand_only: bool = False,
          max_memory: int | None = None) -> None:
    """Solve POSITION: the value for the side to move, every legal move's value, the best
    move(s) and a principal variation.

    A result solved before is read from the result store (see 'foolsolve store'). With
    several POSITIONs (- is standard input) each gets its result in order, as 'foolsolve
    batch' does (--json: one JSON line each). Each game's solver options (-o KEY=VALUE) are
    listed on its reference page under docs/.

    A position with hidden cards (a view file, "view": P), a full position the exact solver
    does not cover whose player to move cannot see every card that matters (a stock of unknown
    order, the other hands of three or more players), or any position with --as P, is answered
    from one seat: every move's mean value over the worlds consistent with what that player
    sees, with a 95% interval, the best moves and the method by name (docs/seat.md). Ctrl-C
    prints the best answer so far. Where the game's own exact solver answers from that player's
    knowledge (Three Fools' round odds), a view and --as P get its answer, the full position's for
    that seat, unless --method or --samples asks for the seat analysis (--seed, --workers and
    --scheduler do not: its answer notes them as not applied)."""
    request = SolveRequest(seconds=seconds, viewer=viewer, method=method, samples=samples, seed=seed, workers=workers,
                           scheduler=scheduler, max_nodes=max_nodes, max_memory=max_memory, extra=extra,
                           open_hand=open_hand_only, started=time.perf_counter())
    if len(positions) > 1:
        given = [k for k, v in request.seat_args().items() if v is not None] + (["--open-hand"] if open_hand_only else [])
        if given:
            raise InputError(f"{given[0]}: answers one position at a time")
        from foolsolve import batch

        # an explicit --time limits each position's solve, as batch's --time does (by default none)
        timed = given_on_command_line("seconds")
        store = open_store(store_path, no_store)
        batch.solve_many(positions, as_json, batch.Settings(_parse_extra(extra), max_nodes, max_memory=max_memory,
                                                            time_limit=(seconds or None) if timed else None),
                         store)
        return
    info, state = load_position(positions[0], views=True)
    # a --store or $FOOLSOLVE_STORE that cannot be opened is refused before any work, whoever answers (an
    # answer from one seat reads no store: answer_position closes it again); a store another process
    # holds locked is waited for within --time, a part of what is left of it
    from foolsolve.store import open_wait

    store = open_store(store_path, no_store, wait=open_wait(request.seconds, request.started))
    done = answer_position(info, state, request, store)
    if store_path is not None and not no_store:
        from foolsolve.seat import SeatAnswer

        if isinstance(done.answer, SeatAnswer):
            done.answer.notes.append(SEAT_STORE_NOTE)
    click.echo(done.json_text() if as_json else fit_terminal(done.text()))
    if done.stop is not None:  # Ctrl-C: the answer above is the one so far; exit 130
        raise done.stop


SEAT_STORE_NOTE = ("not applied: --store (this command neither reads nor stores an answer from one seat; a batch's "
                   "view lines store theirs, docs/batches.md)")
"""The note of an answer from one seat (the seat analysis') given ``--store``: the command answers
it afresh each time; ``foolsolve batch`` keys, stores and reads the seat answers of its lines."""


class SolveRequest:
    """The options of ``foolsolve POSITION.json`` for one position, as the command line gives them
    (``--time``, ``--as``, ``--method`` ...: ``None`` where not given), for :func:`answer_position`;
    :func:`foolsolve.answer` builds one from its own parameters, so that both answer alike. (A plain
    class, not a dataclass: a dataclass costs the command's start-up milliseconds to build.)"""

    __slots__ = ("extra", "max_memory", "max_nodes", "method", "open_hand", "samples", "scheduler", "seconds", "seed",
                 "started", "viewer", "workers")

    def __init__(self, *, seconds: float | None = DEFAULT_SECONDS, viewer: int | None = None,
                 method: str | None = None, samples: int | None = None, seed: int | None = None,
                 workers: int | None = None, scheduler: str | None = None, max_nodes: int | None = None,
                 max_memory: int | None = None, extra: Sequence[str] = (), open_hand: bool = False,
                 started: float | None = None) -> None:
        self.seconds = seconds
        """``--time``: seconds for an answer; 0 or ``None``: no limit."""
        self.started = started
        """``time.perf_counter()`` when those seconds began (:func:`foolsolve.answer`'s call, the
        command's reading of its options), so that reading the position and loading the modules
        that answer it count in them; ``None``: when the answer's search begins."""
        self.viewer = viewer
        """``--as P``."""
        self.method, self.samples, self.seed = method, samples, seed
        self.workers, self.scheduler = workers, scheduler
        self.max_nodes, self.max_memory = max_nodes, max_memory
        self.extra = tuple(extra)
        """``-o KEY=VALUE`` options, as typed."""
        self.open_hand = open_hand
        """``--open-hand``."""

    def seat_args(self) -> dict[str, Any]:
        """The options that ask for an answer from one seat, by their command-line names."""
        return {"--as": self.viewer, "--method": self.method, "--samples": self.samples, "--seed": self.seed,
                "--workers": self.workers, "--scheduler": self.scheduler}

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__ if getattr(self, k) not in (None, (), False))
        return f"SolveRequest({given})"


class Answered:
    """What :func:`answer_position` answers: the answer and the position its text describes."""

    __slots__ = ("answer", "info", "state", "stop")

    def __init__(self, info: GameInfo, answer: Any, state: Any = None, stop: BaseException | None = None) -> None:
        self.info = info
        self.answer = answer
        """A :class:`SolveResult` (the exact solver's, the open-hand search's, or the game's exact
        solver's from one seat) or a :class:`foolsolve.seat.SeatAnswer` (the seat analysis')."""
        self.state = state
        """The full position a :class:`SolveResult` is about (for the seat's exact solver: the world
        it read); ``None`` for a seat analysis."""
        self.stop = stop
        """Ctrl-C stopped the work and :attr:`answer` is the one so far: what the command raises once
        it has printed it (exit 130)."""

    def text(self) -> str:
        """The text ``foolsolve POSITION.json`` prints."""
        if isinstance(self.answer, SolveResult):
            return format_result(self.info, self.state, self.answer)
        return format_seat(self.info, self.answer)

    def json_text(self) -> str:
        """The line ``foolsolve POSITION.json --json`` prints."""
        return jsonout.dumps(self.answer.to_json())


def answer_position(info: GameInfo, state: Any, request: SolveRequest, store: Any = None) -> Answered:
    """:func:`_answer_position`, with a note naming the rule options that cannot matter at the
    position (:func:`foolsolve.present.moot_rules`) among the answer's notes."""
    from foolsolve.present import moot_rules

    done = _answer_position(info, state, request, store)
    note = moot_rules(info.spec, state)[1]
    notes = getattr(done.answer, "notes", None)
    if note is not None and isinstance(notes, list) and note not in notes:
        notes.append(note)
    return done


def _answer_position(info: GameInfo, state: Any, request: SolveRequest, store: Any = None) -> Answered:
    """The answer ``foolsolve POSITION.json`` gives for one position or view ``state`` (read by
    :func:`load_position` with ``views``) under ``request``: the one code path of the solve command
    and of :func:`foolsolve.answer`. ``store``: the open result store, or ``None``; it is closed here
    where an answer from one seat answers (that reads no store). A Ctrl-C with an answer so far
    returns it with :attr:`Answered.stop` set; without one it propagates."""
    from foolsolve.worlds import View

    viewer, seconds, max_nodes = request.viewer, request.seconds, request.max_nodes
    if request.scheduler is not None:  # checked whether or not the answer spreads its worlds (a note says so)
        from foolsolve.executor import check_scheduler

        check_scheduler(request.scheduler, request.workers)
    # the seat's options checked (--method exact with --samples ...) whether or not a seat answers
    seat = _SeatRequest(viewer, request.method, request.samples, seconds or None, request.seed, request.workers,
                        request.scheduler, max_nodes, request.extra, request.max_memory, request.started)
    seat_args = request.seat_args()
    seat_asked = any(v is not None for v in seat_args.values())
    if isinstance(state, View):
        if viewer is not None and viewer != state.player:
            raise InputError(f"{option_name('--as')}: this is player {state.player}'s view; it cannot answer for player "
                             f"{viewer}")
        if request.open_hand:
            raise InputError(f"{option_name('--open-hand')}: a view hides cards; the open-hand search needs a full position")
    if request.open_hand and seat_asked:  # whether or not a seat's answer would apply here
        given = next(k for k, v in seat_args.items() if v is not None)
        raise InputError(f"{option_name('--open-hand')}: answers with every card known; it takes none of the seat's "
                         f"options ({option_name(given)})")
    finished = finished_world(info, state, viewer)
    if finished is not None and (isinstance(state, View) or seat_asked):
        # the game is over: from any seat, and from a view, the answer is the full position's (its result),
        # stated for --as P, or for the view's own player: her result
        notes = finished_note(info, state, [k for k, v in seat_args.items() if v is not None and k != "--as"])
        if store is not None:
            store.close()  # an answer asked from one seat reads no store
        done = answer_position(info, finished, SolveRequest(seconds=seconds, max_memory=request.max_memory,
                                                            extra=request.extra))
        seat_player = state.player if isinstance(state, View) else viewer
        if seat_player is not None:
            done.answer = finished_for_seat(info, finished, done.answer, seat_player)
        done.answer.notes += notes
        return done
    ignored = unapplied_seat_options(info, state, seat_args) if viewer is None else []
    if ignored:
        seat_asked = False
    if store is not None and seat_asked and not isinstance(state, View):
        store.close()
    if isinstance(state, View):
        from foolsolve.solver.open_hand import chance_only_view

        view_chance = chance_only_view(info, state, seat_args)
        if view_chance is not None:  # only chance is left: exact from the view's seat, as from a full position's
            if store is not None:
                store.close()
            return Answered(info, view_chance[1], view_chance[0])
        return seat.answer_view(info, state, store)  # the store is read only by a view's one world
    if seat_asked:
        from foolsolve.game import check_player
        from foolsolve.solver.open_hand import chance_only_answer

        if viewer is not None:
            check_player(info.spec, state, viewer)
        chance_only = chance_only_answer(info, state, viewer, seat_args)
        if chance_only is not None:
            # only chance is left: what a seat does not see changes nothing, so the answer is exact from any seat
            return Answered(info, chance_only, state)
        # the mover's seat, asked by a seat option: where the exact solver does not take the position, the
        # answer says so, as where the seat answers because of that refusal (and as a batch's line does)
        return seat.answer_state(info, state, viewer, exact_refusal(info, state) if viewer is None else "")
    from foolsolve.solver import open_hand

    parsed = _parse_extra(request.extra)
    open_hand.check_options(info, parsed, state)  # every -o option, before any search (either search's)

    # only --open-hand asks for the open-hand answer where the mover's seat would answer: a budget (--max-nodes)
    # is the seat's too (each world's), and -o options are refused there (the seat analysis takes none)
    to_seat = seat_refusal(info, state, request.open_hand)

    refused: str | None = None
    stopped: Interrupted | None = None
    seat_odds = exact_from_seat(info, state, parsed) if request.open_hand else None
    with progress(f"solving {info.spec.title}") as tick:
        # the exact solver in its share of --time/--max-nodes, else the open-hand answer (one dispatch point)
        try:
            if seat_odds is not None:  # --open-hand where the exact solver would answer from a seat: the search
                result = open_hand.answer_for_cli(info, state, parsed, max_nodes, seconds or None, tick, seat_odds,
                                                  request.max_memory)
            else:
                result, _cached = open_hand.solve_or_answer(info, state, parsed, store, max_nodes, seconds or None,
                                                           tick, refuse=to_seat, max_memory=request.max_memory,
                                                           started=request.started)
        except Interrupted as exc:  # Ctrl-C: the answer so far is returned (the command prints it), then exit 130
            stopped = exc
        except InputError as exc:
            # NotCovered (a valid position outside the solver's domain: an earlier phase, a draw pile of unknown
            # order) where cards are hidden from the mover (to_seat): answered from her seat; any other error (no
            # open-hand answer within the --max-nodes given) is the answer, never a switch to another question
            if not to_seat(exc):
                raise
            refused = str(exc)
    if stopped is not None:
        # what the exact solver proved, or the open-hand search's last finished iteration (its note says so)
        so_far = stopped.answer_so_far()
        if so_far is None:
            raise stopped
        return Answered(info, so_far, state, stopped)
    if refused is not None:
        return seat.answer_state(info, state, None, refused)
    if ignored:
        result.notes.append(seat_options_note(ignored))
    from foolsolve.games.base import with_game_result

    return Answered(info, with_game_result(info, state, result), state)  # (a stored answer of a finished game too)


def exact_from_seat(info: GameInfo, state: Any, parsed: dict[str, Any]) -> str | None:
    """Where the game's exact solver answers the full position ``state`` from one player's seat, not with
    every card known (Three Fools' round odds in a round about to be led, read from the leader's view,
    or ``-o viewer=P``'s): why the open-hand search answers ``--open-hand`` instead, a note; else ``None``
    (the exact solver's answer, where it gives one, is already the answer with every card known)."""
    from foolsolve.errors import OptionError
    from foolsolve.game import CHANCE

    if info.declared("seat_solver") is None or info.spec.is_terminal(state):
        return None
    mover = info.spec.to_move(state)
    solver = info.seat_solver
    if mover == CHANCE or solver is None:
        return None
    try:
        from_seat = solver(state, mover, dict(parsed)) is not None
    except OptionError:  # an option it does not take from the mover's seat: from another seat where it is viewer
        from_seat = "viewer" in parsed
    if not from_seat:
        return None
    return ("--open-hand: the exact solver answers this position from one player's seat (the cards she does not "
            "see unknown), so the open-hand search answers it, every listed card known")


FINISHED_WORLDS = 16
"""How many worlds of a finished game's view :func:`finished_world` compares (their results)."""


def finished_world(info: GameInfo, state: Any, viewer: int | None = None) -> Any | None:
    """Where the game is over, the full position whose game-over answer (the result read off the
    rules, :data:`foolsolve.solver.base.GAME_OVER_METHOD`) answers ``state`` from any seat, as
    ``foolsolve POSITION.json`` answers the full position: ``state`` itself, or of a view a world of
    it (the first that ``--seed``'s default draws), each of :data:`FINISHED_WORLDS` drawn worlds
    over with the same result (else an :class:`InputError`: the result depends on cards the viewer
    does not see). ``None`` while the game goes on. ``viewer`` (``--as``) is checked against the
    players first."""
    from foolsolve.game import check_player
    from foolsolve.worlds import View, worlds_of_view

    spec = info.spec
    if not isinstance(state, View):
        if viewer is not None:
            check_player(spec, state, viewer)
        return state if spec.is_terminal(state) else None
    worlds = worlds_of_view(state)
    world = worlds.first()
    if not spec.is_terminal(world):
        return None
    result = spec.result(world)
    for i in range(1, FINISHED_WORLDS):
        other = worlds.sample(random.Random(i))
        if not spec.is_terminal(other) or spec.result(other) != result:
            raise InputError(f"position: the game is over in some worlds of player {state.player}'s view and not in "
                             "others, or with another result: its result depends on cards she does not see")
    return world


def finished_for_seat(info: GameInfo, state: Any, answer: SolveResult, player: int) -> SolveResult:
    """The answer of the finished full position ``state`` (``answer``: the player to move's value)
    from ``player``'s seat (``--as P``): ``answer`` itself where she is to move; else her result read
    off the rules (:func:`foolsolve.solver.open_hand.game_over_result`, :attr:`SolveResult.player`
    naming her): win, draw or loss where the mover's value is the sign of the mover's payoff, else
    her payoff."""
    from fractions import Fraction

    from foolsolve.game import seat_of_mover
    from foolsolve.solver.base import DRAW, LOSS, WIN
    from foolsolve.solver.open_hand import game_over_result

    if player == answer.to_move:
        return answer
    mine = game_over_result(info, state, answer.seconds, player)  # (an InputError where the game is not over)
    payoffs = [Fraction(x) for x in mine.result["payoffs"]] if mine.result is not None else []
    words = {1: WIN, 0: DRAW, -1: LOSS}

    def outcome(x: Fraction) -> str:
        return words[(x > 0) - (x < 0)]

    if answer.value_kind == "outcome" and answer.value == outcome(payoffs[seat_of_mover(answer.to_move)]):
        mine.value, mine.value_kind = outcome(payoffs[player]), "outcome"
        mine.notes = [f"value: player {player}'s result" if n.startswith("value: ") else n for n in mine.notes]
    mine.nodes, mine.method = answer.nodes, answer.method or mine.method
    return mine


def finished_note(info: GameInfo, state: Any, given: Sequence[str]) -> list[str]:
    """The notes of a finished game's answer where a view or seat options were given: that every
    world of the view is over with this result, and which seat options do not apply."""
    from foolsolve.worlds import View

    notes = []
    if isinstance(state, View):
        notes.append(f"player {state.player}'s view: the game is over, with the same result in every consistent "
                     "world; the answer is that result's")
    if given:
        notes.append(f"not applied: {', '.join(given)} (options of an answer from one seat; the game is over: no "
                     "seat has a move to choose)")
    return notes


def unapplied_seat_options(info: GameInfo, state: Any, seat_args: dict[str, Any]) -> list[str]:
    """The seat options given (``seat_args``: name -> value, ``None`` where not given) that do not
    apply to a full position ``state``: all of them where no card hidden from the player to move
    matters (one world is consistent with her view), so the full position's answer stands (solve
    and report; :func:`seat_options_note`); none for a view or where a hidden card matters."""
    from foolsolve.worlds import View

    given = [k for k, v in seat_args.items() if v is not None]
    if not given or isinstance(state, View) or _SeatRequest.hidden_from_mover(info, state):
        return []
    return given


def seat_options_note(ignored: Sequence[str]) -> str:
    """The note of a full position's answer given seat options where no card hidden from the player
    to move matters (solve and report)."""
    return (f"not applied: {', '.join(ignored)} (options of an answer from one seat; no card hidden from the player "
            "to move matters, so this is the full position's answer; --as P asks for a seat's)")


def seat_refusal(info: GameInfo, state: Any, open_hand: bool) -> Callable[[Exception], bool]:
    """The ``refuse`` test of :func:`foolsolve.solver.open_hand.solve_or_answer` for solve and
    report: a position the exact solver does not cover goes to the seat of the player to move where
    cards she cannot see matter (:meth:`_SeatRequest.hidden_from_mover`, asked once), unless the
    caller asked for the open-hand answer (``open_hand``: --open-hand alone; a budget such as
    --max-nodes never changes the question, and -o options are refused by the seat, naming
    --open-hand: :func:`seat_takes_no_option`)."""
    hidden: list[bool] = []

    def to_seat(exc: Exception) -> bool:
        # only a refusal of the position (NotCovered), never another error (no answer within --time
        # or --max-nodes: that is the answer, not a switch to another question)
        if open_hand or not isinstance(exc, NotCovered):
            return False
        if not hidden:
            hidden.append(_SeatRequest.hidden_from_mover(info, state))
        return hidden[0]
    return to_seat


def _parse_extra(items: Sequence[str]) -> dict[str, Any]:
    """``-o KEY=VALUE`` options as a dict; a deprecated name (``known_stocks``) is read as the
    name the idea has in every game, with a warning on standard error."""
    from foolsolve.solver.base import ALIASES

    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise InputError(f"{option_name('--option')}: expected KEY=VALUE, got {quoted(item)}")
        if key in ALIASES:
            click.echo(f"foolsolve: warning: option {key} is deprecated; use {ALIASES[key]}", err=True)
            if ALIASES[key] in out:
                raise OptionError(f"{option_name('option')} {key}: the deprecated name of {ALIASES[key]}; give only "
                                  f"{ALIASES[key]}")
            key = ALIASES[key]
        if key in out:  # was: the last one counted, silently
            raise OptionError(f"{option_name('option')} {key}: given more than once ({option_name('-o')} {key}=...); give "
                              "it once")
        out[key] = parse_json(value, f"{option_name('--option')} {key}", malformed_as_text=True)
    return out


def _stopper() -> str:
    """What stopped a run: the signal (``SIGTERM``, ``SIGHUP``, ``SIGXCPU``) where this process has
    had one that stops it, else ``Ctrl-C`` (:func:`foolsolve.errors.stopper`)."""
    from foolsolve.errors import stopper

    return stopper()


def given_on_command_line(name: str) -> bool:
    """Whether the running command's parameter ``name`` was typed on the command line (not its
    default)."""
    return click.get_current_context().get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE


def seat_settings(method: str | None, samples: int | None, seconds: float | None, seed: int | None,
                  max_nodes: int | None, max_memory: int | None = None) -> Any:
    """The seat analysis' :class:`foolsolve.seat.Settings` from the command line's options (solve,
    report and a batch's view lines: one mapping, so they give the same answer). ``--max-nodes`` is
    each world's budget as given, the exact expectation's too. ``--samples`` and ``--seed`` choose
    sampled worlds: with ``--method exact``, which samples none, ``--samples`` is a one-line error
    and ``--seed`` orders the worlds it values (what a cut-short expectation's sample is); under
    ``auto`` the answer's note names them where the exact expectation answers and they changed
    nothing."""
    from foolsolve.seat import Budget, Settings

    sampling = [name for name, v in (("--samples", samples), ("--seed", seed)) if v is not None]
    if method == "exact" and samples is not None:
        raise InputError(f"{option_name('--samples')}: {option_name('--method')} exact values every consistent world once "
                         f"and samples none; {option_name('--samples')} is PIMC's worlds and IS-MCTS's iterations "
                         "(docs/seat.md)")
    budget = Budget(max_memory=max_memory) if max_nodes is None else \
        Budget(nodes=max_nodes, search_nodes=max_nodes, max_memory=max_memory)
    # IS-MCTS searches no world, so a world's budget is not applied (solve refuses the pair; a batch,
    # whose full-position lines read --max-nodes, notes it on each view line IS-MCTS answers)
    unapplied = sampling if method != "ismcts" else \
        [name for name, v in (("--max-nodes", max_nodes), ("--max-memory", max_memory)) if v is not None]
    return Settings(method=method or "auto", samples=samples, seconds=seconds, seed=seed or 0, budget=budget,
                    deepen=max_nodes is None, budget_given=max_nodes is not None, unapplied=tuple(unapplied))


def seat_takes_no_option(option: str, open_hand: bool = False) -> InputError:
    """The error of an exact solver's option (``-o``) given to an answer from one seat (solve, and
    a batch's view line); ``open_hand``: the seat answers a full position because the exact solver
    does not cover it, where --open-hand asks for the answer that takes them."""
    instead = (f"; add {option_name('--open-hand')} for the open-hand answer with every card known, which takes them"
               if open_hand else "")
    return InputError(f"{option_name('--option')} {quoted(option)}: an answer from one seat (the seat analysis, docs/seat.md) "
                      f"takes no {option_name('-o options')}, which are those of a full position's solvers (its budget: "
                      f"{option_name('--max-nodes')} a world, {option_name('--samples')}, {option_name('--time')}){instead}")


EXACT_PROBE_SECONDS = 0.001
"""The time limit :func:`exact_refusal` gives the exact solver: a solver refuses a position outside
its domain before it searches, so a moment tells a refusal from a position it takes."""


def exact_refusal(info: GameInfo, state: Any) -> str:
    """Why the game's exact solver does not take the full position ``state`` (its refusal, what
    :func:`refused_note` quotes), asked as solve and a batch's line ask it, with a moment's time
    limit (:data:`EXACT_PROBE_SECONDS`); ``""`` where it takes it (solves it, or is stopped by the
    limit) or fails otherwise. For a full position a seat option sends to the mover's seat, so that
    its answer has the note of one the refusal sends there."""
    from foolsolve.solver.base import SolveOptions

    if info.solve is None:
        return f"game: {info.name} has no exact solver"
    try:
        info.solve(state, SolveOptions(time_limit=EXACT_PROBE_SECONDS))
    except NotCovered as exc:
        return str(exc)
    except Exception:  # the limit, or any other stop: not a refusal of the position (Ctrl-C propagates)
        return ""
    return ""


def refused_note(refused: str, player: int) -> str:
    """The note of a seat answer given because the exact solver refused the full position (solve,
    and a batch's line)."""
    return (f"the exact solver does not take this position ({refused}): answered from player {player}'s seat, the "
            "cards hidden from that player unknown")


class _SeatRequest:
    """``foolsolve POSITION.json`` from one seat (:mod:`foolsolve.seat`): the CLI's options."""

    def __init__(self, viewer: int | None, method: str | None, samples: int | None, seconds: float | None,
                 seed: int | None, workers: int | None, scheduler: str | None,
                 max_nodes: int | None = None, extra: Sequence[str] = (), max_memory: int | None = None,
                 started: float | None = None) -> None:
        self.viewer = viewer
        self.settings = seat_settings(method, samples, seconds, seed, max_nodes, max_memory)
        self.started = started
        """``time.perf_counter()`` when ``--time`` began (:attr:`SolveRequest.started`): the view's one
        world is answered within what is left of it; ``None``: when its search begins."""
        # the game's exact solver may answer from the seat instead (foolsolve.seat_exact), unless the
        # seat analysis is asked for by one of its methods' options (--workers and --scheduler only
        # spread its worlds: they do not choose it, and its answer notes them as not applied)
        self.seat_method = any(v is not None for v in (method, samples))
        self.seed, self.seconds, self.max_nodes, self.max_memory = seed, seconds, max_nodes, max_memory
        self.workers = workers or 1
        self.workers_given = workers is not None
        self.scheduler = scheduler
        self.extra = tuple(extra)

    def _check(self, method: str) -> None:
        if self.extra:
            raise seat_takes_no_option(self.extra[0])
        if method == "ismcts" and (self.workers > 1 or self.scheduler):
            raise InputError(f"{option_name('--scheduler' if self.scheduler else '--workers')}: IS-MCTS grows one tree in "
                             f"this process; {option_name('--workers')} and {option_name('--scheduler')} spread the "
                             "worlds of PIMC and the exact "
                             "expectation")
        if method == "ismcts" and (self.max_nodes is not None or self.max_memory is not None):
            raise InputError(f"{option_name('--max-nodes' if self.max_nodes is not None else '--max-memory')}: IS-MCTS plays "
                             f"each iteration out to the end and searches no world; {option_name('--max-nodes')} and "
                             f"{option_name('--max-memory')} bound each world's search of PIMC and the exact expectation "
                             f"({option_name('--samples')}: its iterations)")

    def exact(self, info: GameInfo, worlds: Any, world: Any = None) -> tuple[Any, SolveResult] | None:
        """Where the game's exact solver answers from the seat of ``worlds.player`` and no seat method
        is asked for: the world it read (``world``, else one sampled with ``--seed``) and its answer
        (:mod:`foolsolve.seat_exact`), with progress on a terminal; else ``None``, the seat analysis
        answers (solve and report)."""
        from foolsolve.seat_exact import seat_exact, solve_seat_exact, unapplied_notes
        from foolsolve.solver.open_hand import memory_note

        found = None if self.seat_method else seat_exact(info, worlds, _parse_extra(self.extra), self.seed, world)
        if found is None:
            return None
        with progress(f"solving {info.spec.title} from player {found.player}'s view") as tick:
            result = solve_seat_exact(info, found, self.max_nodes, self.seconds, self.max_memory, tick)
        spread = [name for name, v in (("--workers", self.workers_given), ("--scheduler", self.scheduler)) if v]
        result.notes += [*unapplied_notes(self.seed, world is not None, spread), *memory_note(info, self.max_memory)]
        return found.world, result

    def answer_exact(self, info: GameInfo, worlds: Any, world: Any = None) -> Answered | None:
        """The game's exact solver's answer from the seat (:meth:`exact`), shown as the full position's
        answer is (the world it read); ``None``: it does not answer here."""
        solved = self.exact(info, worlds, world)
        if solved is None:
            return None
        read, result = solved
        return Answered(info, result, read)

    def answer_view(self, info: GameInfo, view: Any, store: Any = None) -> Answered:
        """The answer for a view: the game's exact answer from the seat, else that of the view's one
        world, else the seat analysis. ``store``: the open result store, read and written only by the one
        world's answer (as the full position's would be), closed otherwise."""
        from foolsolve.worlds import worlds_of_view

        try:
            worlds = worlds_of_view(view)
            exact = self.answer_exact(info, worlds)
            if exact is not None:
                return exact
            one = self.answer_one_world(info, worlds, store)
        finally:
            if store is not None:
                store.close()
        return one or self._answer(info, worlds, "")

    def answer_one_world(self, info: GameInfo, worlds: Any, store: Any = None) -> Answered | None:
        """Where exactly one world is consistent with the view and no seat method is asked for
        (``--method``, ``--samples``): that world's answer as a full position's (the exact solver's,
        with its distances and best moves, else the open-hand search's, through ``store`` as the full
        position's), its method line saying it is the view's one world; else ``None`` (the seat
        analysis answers). ``--seed``, ``--workers`` and ``--scheduler`` given are noted as not applied."""
        if self.seat_method or info.solve is None or worlds.count() != 1:
            return None
        world = worlds.first()
        # --time counts from the command's start: reading the view and counting its worlds too
        done = answer_position(info, world, SolveRequest(seconds=self.seconds, max_nodes=self.max_nodes,
                                                         max_memory=self.max_memory, extra=self.extra,
                                                         started=self.started), store)
        from foolsolve.seat_exact import one_world_method, one_world_notes

        answer = done.answer
        if isinstance(answer, SolveResult):
            answer.method = one_world_method(worlds.player, answer.method)
            answer.notes += one_world_notes([name for name, given in (
                ("--seed", self.seed is not None), ("--workers", self.workers_given),
                ("--scheduler", self.scheduler is not None)) if given])
        return done

    def answer_state(self, info: GameInfo, state: Any, viewer: int | None, refused: str = "") -> Answered:
        from foolsolve.game import check_player, seat_of_mover
        from foolsolve.worlds import worlds_from_state

        spec = info.spec
        if viewer is not None:
            check_player(spec, state, viewer)
        if spec.is_terminal(state):
            raise InputError("position: the game is over")
        if viewer is None:
            viewer = seat_of_mover(spec.to_move(state))
        worlds = worlds_from_state(info, state, viewer)
        # the position itself is a world of her view: the exact solver from her seat answers it
        return (None if refused else self.answer_exact(info, worlds, state)) or self._answer(info, worlds, refused)

    @staticmethod
    def hidden_from_mover(info: GameInfo, state: Any) -> bool:
        """Whether the player to move (player 0 at a chance node) cannot tell the position from
        another (more than one world is consistent with her view); ``False`` where the game has
        no views yet."""
        from foolsolve.game import seat_of_mover
        from foolsolve.worlds import worlds_from_state

        if info.spec.is_terminal(state):
            return False
        try:
            count = worlds_from_state(info, state, seat_of_mover(info.spec.to_move(state))).count()
        except (InputError, NotImplementedError):
            return False
        return count != 1

    def analysis(self, info: GameInfo, worlds: Any) -> Any:
        """The seat's answer (:class:`foolsolve.seat.SeatAnswer`) over ``worlds``, with progress on a
        terminal (also what ``report`` draws)."""
        from dataclasses import replace

        from foolsolve import seat
        from foolsolve.executor import make_executor

        method = seat.choose_method(worlds, self.settings)
        self._check(method)
        total = (self.settings.samples or (seat.DEFAULT_ISMCTS_ITERATIONS if method == "ismcts"
                                           else seat.DEFAULT_SAMPLES)) if method != "exact" else worlds.count()
        unit = "iterations" if method == "ismcts" else "worlds"
        executor = make_executor(self.workers, self.scheduler) if method != "ismcts" else None
        bound = self.settings.seconds if self.settings.clock == "wall" else None  # --time, on the wall clock
        settings = self.settings
        # --time counts from the command's start (reading the view, counting its worlds), on the analysis' clock
        began = time.monotonic() - (time.perf_counter() - self.started) if self.started is not None else None
        if began is not None and bound is not None:
            settings = replace(settings, started=began)
        with progress(f"{method} {info.spec.title} from player {worlds.player}'s seat", unit=unit,
                      total=total, seconds=bound) as tick:
            answer = seat.analyse(info, worlds, settings, executor, tick, names={})  # (the options' names)
        if not answer.interrupted:
            spent = answer.seconds if began is None else time.monotonic() - began
            try:
                with progress(f"checking with ismcts from player {worlds.player}'s seat", unit="iterations",
                              total=seat.CHECK_ITERATIONS,
                              seconds=None if bound is None else bound - spent) as tick:
                    note = seat.second_opinion(info, worlds, answer, settings, tick)
            except KeyboardInterrupt:  # the answer stands; the check is what Ctrl-C (or SIGTERM) stopped
                answer.interrupted = True
                note = check_stopped_note()
            if note is not None:
                answer.notes.append(note)
        return answer

    def _answer(self, info: GameInfo, worlds: Any, refused: str) -> Answered:
        if refused and self.extra:  # the open-hand search's options, where only --open-hand asks for it
            raise seat_takes_no_option(self.extra[0], open_hand=True)
        answer = self.analysis(info, worlds)
        if refused:
            answer.notes.insert(0, refused_note(refused, answer.player))
        stop = Stopped("interrupted (the answer above is the best so far)") if answer.interrupted else None
        return Answered(info, answer, None, stop)


def check_stopped_note() -> str:
    """The note of a seat answer whose check by a second method (:func:`foolsolve.seat.second_opinion`)
    Ctrl-C or SIGTERM stopped: the answer above it is whole, the check is not there."""
    from foolsolve.errors import stopper

    what = stopper()
    return (f"interrupted: {what} stopped the check by a second method (IS-MCTS) before it finished; the answer "
            "itself is complete, but unchecked")


def interval(low: float, high: float) -> str:
    """A 95% interval in words: ``[-0.250, +0.750]``, or none where one world gives no interval
    (its ends are NaN)."""
    if math.isfinite(low) and math.isfinite(high):
        return f"[{signed(low)}, {signed(high)}]"
    return "none (one world)"


def value_span(answer: Any) -> str:
    """How a seat answer's value is known: over IS-MCTS's iterations, over every world (the exact
    expectation), or its 95% interval; where the player is to move and chose among moves, an
    interval for the best move's expectation that allows for the choice (docs/seat.md, "Intervals")."""
    v = answer.value
    if answer.method == "ismcts":
        return f"over {plural(v.worlds, 'iteration')}"
    if answer.method == "expectation" or v.low == v.high:
        return "over every world, exactly" if answer.all_exact else "over every world, an average of estimates"
    if answer.to_move == answer.player and len(answer.moves) > 1 and math.isfinite(v.low):
        return (f"95% interval {interval(v.low, v.high)} for the best of the {len(answer.moves)} moves' expectations "
                "(allowing for the choice: docs/seat.md)")
    return f"95% interval {interval(v.low, v.high)}"


def seat_rows(answer: Any) -> list[str]:
    """The move table of a seat answer: a header, then every move with its mean, its 95% interval
    (where the exact expectation has none: ``(exact)`` when every world was solved, ``(estimates)``
    when some world's value is the depth-limited search's) and its worlds (IS-MCTS: its visits; a
    move no iteration tried: 0 visits and ``-`` for its mean), the best marked ``*``; best first
    (:meth:`foolsolve.seat.SeatAnswer.best_first`, the report page's order too)."""
    ismcts = answer.method == "ismcts"
    moves = answer.best_first()
    width = max([len(m.move) for m in moves] + [4])
    means = ["-" if math.isnan(m.mean) else signed(m.mean) for m in moves]
    none = "(exact)" if answer.all_exact else "(estimates)"
    spans = [f"{m.worlds:,}" if ismcts else none if answer.method == "expectation" or m.low == m.high
             else interval(m.low, m.high) for m in moves]
    mw = max([len(x) for x in means] + [4])
    best = set(answer.best)
    if ismcts:  # the visits, right-aligned as the worlds are, the mark after them
        sw = max([len(x) for x in spans] + [len("visits")])
        lines = [f"  {'move'.ljust(width)}  {'mean'.rjust(mw)}  {'visits'.rjust(sw)}"]
        spans = [x.rjust(sw) for x in spans]
    else:
        sw = max([len(x) for x in spans] + [12])
        lines = [f"  {'move'.ljust(width)}  {'mean'.rjust(mw)}  {'95% interval'.ljust(sw)}  worlds"]
        spans = [f"{x.ljust(sw)}  {m.worlds:>6,}" for x, m in zip(spans, moves)]
    for m, mean, span in zip(moves, means, spans):
        mark = "  *" if m.move in best else ""
        lines.append(f"  {m.move.ljust(width)}  {mean.rjust(mw)}  {span}{mark}")
    return lines



BEST_LISTED = 10
"""The most best moves the ``Best:`` line names one by one; more (64 defences of a big Fools and
Angels hand, all winning) are counted there, each marked ``*`` in the table above it."""


def best_text(best: Sequence[str]) -> str:
    """The ``Best:`` line's moves: each named, or past :data:`BEST_LISTED` their count and the first
    three (the table above marks every one with ``*``)."""
    if len(best) <= BEST_LISTED:
        return ", ".join(best)
    return f"{len(best):,} moves of equal value, each marked * above ({', '.join(best[:3])}, ...)"


def deals_counted(answer: Any) -> int | None:
    """Where the worlds column of a seat answer counts more than the worlds it valued: its count,
    each world weighted by the deals of the cards that give it (a game with two copies of a card,
    whose deals swapping them are one world: the exact expectation weighs each world by them);
    else ``None``."""
    if answer.method == "ismcts":
        return None
    counted = max((m.worlds for m in answer.moves), default=answer.value.worlds if answer.value is not None else 0)
    return counted if counted > answer.worlds else None


def deals_counted_words(answer: Any) -> str | None:
    """:func:`deals_counted` in the words the command's first line and ``report``'s page give it
    (``None`` where the worlds column counts the worlds valued)."""
    dealt = deals_counted(answer)
    return None if dealt is None else f"{dealt:,} counted by the deals that give them, as the worlds column counts them"


def format_seat(info: GameInfo, answer: Any) -> str:
    """Human-readable answer from one seat (:class:`foolsolve.seat.SeatAnswer`)."""
    mover = "chance" if answer.to_move < 0 else f"player {answer.to_move}"
    count = answer.consistent_worlds
    worlds = (plural(count, "consistent world") if count is not None
              else "consistent worlds not counted")
    dealt = deals_counted_words(answer)
    if dealt is not None:
        worlds += f"; {dealt}"
    lines = []
    if answer.interrupted:
        lines.append("INTERRUPTED: the best answer so far")
    lines.append(f"{info.spec.title}: {mover} to move, seen from player {answer.player}'s seat ({worlds})")
    lines.append(f"Method: {answer.method_text}")
    lines.append(f"Values: {answer.scale}")
    ismcts = answer.method == "ismcts"
    if answer.moves:
        lines.append("")
        lines += seat_rows(answer)
    lines.append("")
    if answer.value is not None:
        lines.append(f"Value for player {answer.player}: {signed(answer.value.mean)}, {value_span(answer)}")
    if answer.best:
        lines.append("Best: " + best_text(answer.best))
        close = answer.close_to_best()
        if close:
            lines.append("Not told apart from the best at 95% (paired over the same worlds, "
                         "simultaneously: docs/seat.md): " + ", ".join(close))
    for note in answer.notes:
        lines.append(f"Note: {note}")
    rate = answer.worlds / answer.seconds if answer.seconds > 0 else 0.0
    unit = "iteration" if ismcts else "world"
    lines.append(f"{plural(answer.worlds, unit)} in {answer.seconds:.2f} s ({rate:,.1f} {unit}s/s)")
    return "\n".join(lines)


def format_result(info: GameInfo, state: Any, result: SolveResult) -> str:
    """Human-readable solve output: the header line, the method that answered (as an answer from one
    seat names its own), the rules in force, every move's value, the best moves and the principal
    variation. ``state`` ``None`` (a result read back from its JSON alone): the player to move from
    the result, no rules line, the principal variation's moves without their players."""
    from foolsolve.present import rules_line, status, transcript
    from foolsolve.solver.base import best_first, method_of, value_text

    # the value is the side to move's; where the status line names no such player (the game is over,
    # chance is to move) or another, the line says whose it is
    if state is None:
        whose = "" if result.player is None else f" for player {result.player}"
        said = "chance to move" if result.to_move < 0 else f"player {result.to_move} to move"
    else:
        whose = "" if (info.spec.result(state) is None and info.spec.to_move(state) == result.to_move
                       and result.player is None) \
            else f" for player {result.to_move if result.player is None else result.player}"
        said = status(info.spec, state)
    lines = [f"{info.spec.title}: {said}. Value{whose}: {value_text(result.value)}"
             + (f" in {plural(result.distance, 'move')}" if result.distance is not None else "")]
    if result.concept:
        lines[0] += f" ({result.concept})"
    method = method_of(info, result)
    lines.append(f"Method: {method}")
    if state is not None:
        lines.append(rules_line(info.spec, state))
    if result.value_only:
        lines.append("Moves, best moves and principal variation: not searched (moves=false)")
    else:
        best = set(result.best)
        # a mixed equilibrium: each move's probability in a column of its own, beside its value
        mixed = any(m.probability is not None for m in result.moves)
        values = {m.move: value_text(m.value) + (f" in {m.distance}" if m.distance is not None else "")
                  for m in result.moves}
        vwidth = max([len(v) for v in values.values()] + [len("value")])
        # best first (solver.base.best_first: the report's order too), ties in the result's order
        rows = {m.move: (values[m.move].ljust(vwidth) + f"  {m.probability or 0.0:.6f}" if mixed else values[m.move])
                + ("  *" if m.move in best else "") for m in best_first(result)}
        # a solve stopped at its limit: after them, the moves it did not finish, with the bounds it proved
        rows.update({m.move: f"? ({value_text(m.at_least)} to {value_text(m.at_most)}, not finished)"
                     for m in result.unfinished})
        width = max([len(m) for m in rows] + [4])
        lines.append("")
        lines.append(f"  {'move'.ljust(width)}  " + (f"{'value'.ljust(vwidth)}  probability" if mixed else "value"))
        for move, shown in rows.items():
            lines.append(f"  {move.ljust(width)}  {shown}")
        lines.append("")
        if mixed:
            lines.append("Best: " + ", ".join(result.best) + " (the equilibrium's support: the moves it plays, with "
                         "the probabilities above; each is worth the position's value against the others' "
                         "equilibrium strategies, and no move more)")
        else:
            chance = (result.to_move if state is None else info.spec.to_move(state)) < 0
            none = ("(none: chance moves here, each outcome with its odds)"
                    if result.moves and chance else "(none: the game is over)")
            lines.append("Best: " + (best_text(result.best) if result.best else none))
        if result.pv:
            lines.append("PV:")
            lines.extend(transcript(info.spec, state, result.pv) if state is not None
                         else [f"  {i:>3}. {move}" for i, move in enumerate(result.pv, 1)])
            if result.result is not None:
                lines.append(f"  Result: {result.result['label']}")
        elif result.unfinished:
            lines.append("PV:   (not searched: the solve stopped at its limit)")
        # else no line: the game is over, the solver gives none (pv=false, an estimate, round odds)
    for note in result.notes:
        lines.append(f"Note: {note}")
    lines.extend(detail_lines(result.details, method))
    lines.append(effort_line(result))
    return "\n".join(lines)


def detail_lines(details: dict[str, Any], method: str) -> list[str]:
    """A line for each of ``details`` that the ``Method:`` line ``method`` does not say already. An
    open-hand answer's (:meth:`foolsolve.solver.open_hand.WorldAnswer.to_solve_result`) are all on
    it: the search, exact or "an estimate, not exact", the depth an estimate reached ("to depth 4";
    an exact answer's depth is only where its iterative deepening stopped). ``--json`` keeps them
    all under ``details``."""
    exact = details.get("exact")
    said = {"method": isinstance(details.get("method"), str) and details["method"] in method,
            "exact": isinstance(exact, bool) and ("not exact" in method) != exact,
            "depth": exact is True or f"to depth {details.get('depth')} " in method}
    return [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in details.items()
            if not said.get(key, False)]


def effort_line(result: SolveResult) -> str:
    """What the answer cost: ``13,428 nodes in 0.426 s (31,508 nodes/s)``, or for a result read from
    the result store (no nodes searched) that, with its first solve's nodes and time where it keeps
    them (the text output's last line, a report page's)."""
    if result.stored:
        first = result.first_solve
        return (f"read from the result store in {result.seconds:.3f} s"
                + (f" (solved first in {first['nodes']:,} nodes, {first['seconds']:.3f} s)" if first else ""))
    rate = result.nodes / result.seconds if result.seconds > 0 else 0.0
    return f"{result.nodes:,} nodes in {result.seconds:.3f} s ({rate:,.0f} nodes/s)"


# --- positions: show, moves, play, deal ------------------------------------------------


@cli.command()
@click.argument("position", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--svg", "svg_out", type=OutputFile(), default=None,
              help="Draw the position as SVG into this file ('-': standard output).")
@click.option("--as", "viewer", type=Whole(min=0), default=None, metavar="P",
              help="What player P sees: in words, as 'show' describes the view file 'view --as P' writes (P's view "
                   "as JSON), or drawn with hidden cards face down (--svg). Default: all cards open.")
@click.option("--fan", is_flag=True, help="--svg: lay discard piles out card by card instead of one stacked pile.")
@ascii_option
@click.option("--json", "as_json", is_flag=True,
              help='Print one JSON object instead of the text: {"game", "to_move" (null once the game is over), "over", '
                   '"result" (as a solve\'s: label, payoffs, details; null while the game goes on), "moves"}, and '
                   '"cannot_matter" (each rule option set that cannot change play here, and why) where there is one (a '
                   "full position; with --svg FILE, beside the picture).")
def show(position: str, svg_out: str | None, viewer: int | None, fan: bool = False, as_json: bool = False) -> None:
    """Check POSITION and describe it: the cards, the rules that differ from the default and who
    is to move (or who won); with --svg, its picture; with --json, who is to move, whether the game
    is over and its result, and the legal moves, as one JSON object."""
    from foolsolve.present import moot_rules, show_text, status_json, write_text

    one_stdout(("--svg -", svg_out == STDIO), ("--json", as_json))
    if fan and svg_out is None:
        raise InputError("--fan: only with --svg (it lays out the picture's discard piles)")
    if as_json and viewer is not None:
        raise InputError("--json: describes the full position (every card placed), not player P's view: leave out --as")
    info, state = load_position(position, views=not as_json)
    from foolsolve.worlds import View, read_view, view_of, view_text

    if isinstance(state, View):
        _show_view(state, svg_out, viewer, fan)
        return
    if viewer is not None:
        from foolsolve.game import check_player

        check_player(info.spec, state, viewer)
    if svg_out is not None:
        from foolsolve.positions import writes_over
        from foolsolve.svg import position_svg

        if writes_over(svg_out, position):
            raise InputError(f"--svg: {svg_out} is the position file {position}")

        write_text(svg_out, position_svg(info.spec, state, viewer, fan=fan), "--svg")
        if svg_out == "-":
            return
    if as_json:
        shown = status_json(info.spec, state)
        moot = moot_rules(info.spec, state)[0]
        if moot:
            shown["cannot_matter"] = moot
        click.echo(jsonout.dumps(shown))
        return
    if viewer is not None:  # the text of P's view file ('view --as P', then 'show' on it)
        click.echo(view_text(read_view(view_of(info, state, viewer))))
        return
    click.echo(show_text(info.spec, state))


def _show_view(view: Any, svg_out: str | None, viewer: int | None, fan: bool = False) -> None:
    """``show`` of a view file: its text, or its picture (``--as`` only its own player)."""
    from foolsolve.present import write_text
    from foolsolve.worlds import view_text

    if viewer is not None and viewer != view.player:
        raise InputError(f"--as: this is player {view.player}'s view; it cannot show player {viewer}'s")
    if svg_out is not None:
        from foolsolve.svg import view_svg

        write_text(svg_out, view_svg(view, fan=fan), "--svg")
        if svg_out == "-":
            return
    click.echo(view_text(view))


VIEW_MOVES_SHOWN = 20
"""``moves VIEW`` with another player to move: the most moves of each list written out (one a line)
before the rest is counted (``--json`` lists them all)."""


def _move_list(title: str, texts: list[str]) -> list[str]:
    """``title: none``, or the title with the count and one move a line, the first
    :data:`VIEW_MOVES_SHOWN` of a long list and how many more."""
    if not texts:
        return [f"{title}: none"]
    cut = VIEW_MOVES_SHOWN if len(texts) > VIEW_MOVES_SHOWN + 5 else len(texts)
    head = f"{title} ({len(texts):,}):" if len(texts) > 1 else f"{title}:"
    more = ([f"  … and {len(texts) - cut:,} more (foolsolve moves --json lists them all)"]
            if cut < len(texts) else [])
    return [head, *(f"  {m}" for m in texts[:cut]), *more]


def view_moves_text(view: Any, as_json: bool, vm: Any = None) -> str:
    """The moves of a view file: the viewer's legal moves when she is to move, else who is to move
    and the moves legal in every world looked at and those legal in some world (these include the
    former, as ``--json``'s ``in_every_world`` and ``in_some_world``), one a line (a long list: the
    first :data:`VIEW_MOVES_SHOWN` and how many more; ``as_json``: all of them). ``vm``: the view's
    :class:`foolsolve.worlds.ViewMoves` where the caller has them."""
    from foolsolve.worlds import Worlds, view_moves

    vm = vm or view_moves(Worlds(view))
    mine = vm.to_move == vm.viewer
    if as_json:
        if mine or vm.over:
            return jsonout.dumps(list(vm.certain))
        return jsonout.dumps({"to_move": vm.to_move, "view": vm.viewer, "in_every_world": list(vm.certain),
                              "in_some_world": list(vm.possible), "worlds": vm.worlds,
                              "every_world_looked_at": vm.exhaustive})
    if mine or vm.over:
        return "\n".join(vm.certain)
    who = "chance" if vm.to_move < 0 else f"player {vm.to_move}"
    looked = ("the one consistent world" if vm.exhaustive and vm.worlds == 1
              else f"all {vm.worlds:,} consistent worlds" if vm.exhaustive
              else plural(vm.worlds, "sampled consistent world"))
    lines = [f"{who} is to move, not the viewer (player {vm.viewer}): the moves depend on cards the viewer "
             f"cannot see. Over {looked}:",
             *_move_list("legal in every world", list(vm.certain)),
             *_move_list("legal in some world", list(vm.possible))]  # (the same sets as --json's)
    return "\n".join(lines)


@cli.command()
@click.argument("position", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--as", "viewer", type=Whole(min=0), required=True, metavar="P",
              help="The player whose view to write.")
@click.option("--out", type=OutputFile(), default="-", show_default=True,
              help="Where to write the view file ('-': standard output).")
def view(position: str, viewer: int, out: str) -> None:
    """Write player P's view of POSITION as a view file: her own hand, what she has seen, and
    counts (with the cards known to be there) for the cards hidden from her (docs/views.md)."""
    from foolsolve.positions import writes_over
    from foolsolve.worlds import view_of

    if writes_over(out, position):
        raise InputError(f"--out: {out} is the position file itself (the view would replace it and the cards "
                         "hidden from the viewer would be lost); write elsewhere")
    info, state = load_position(position)
    write_json_atomic(out, view_of(info, state, viewer))
    wrote(out)


MOVES_JSON_HELP = ('Print JSON: a list of move texts (a full position; a view file whose player is to move or whose '
                   'game is over), or, for a view file with another player to move, one object {"to_move", "view", '
                   '"in_every_world", "in_some_world", "worlds", "every_world_looked_at"}.')
"""``moves --json``'s help: what it prints when (tests/durak/test_cli.py checks it against the output)."""


@cli.command()
@click.argument("position", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help=MOVES_JSON_HELP)
@ascii_option
def moves(position: str, as_json: bool) -> None:
    """List the legal moves of POSITION, sorted (the spec's order), one a line. For a view file: the
    viewer's moves when she is to move, else what the view tells of the moves of the player to move.

    Where the move texts leave out what they do (Foolery's exchange: who gives to whom), standard
    error says it in one line.

    A finished game has none: nothing is printed (--json: []), and standard error says the game is
    over and its result (show --json gives it as JSON); for a view file, the result where every world
    looked at has the same one, else that it depends on cards the viewer does not see."""
    from foolsolve.present import move_texts
    from foolsolve.worlds import View, Worlds, view_moves

    info, state = load_position(position, views=True)
    if isinstance(state, View):
        worlds = Worlds(state)
        vm = view_moves(worlds)
        # (what moves_note says rests on what every player sees: any world of the view says it)
        note = "" if vm.over else info.spec.moves_note(worlds.sample(random.Random(0)))
        if note:
            click.echo(f"foolsolve: {note}", err=True)
        if vm.over:
            said = (vm.result.label if vm.result is not None
                    else f"its result depends on cards player {vm.viewer} does not see")
            click.echo(f"foolsolve: the game is over ({said}): no legal moves", err=True)
        text = view_moves_text(state, as_json, vm)
        if text:  # (a finished game's text: nothing)
            click.echo(text)
        return
    texts = move_texts(info.spec, state)
    result = info.spec.result(state)
    note = info.spec.moves_note(state)
    if note:
        click.echo(f"foolsolve: {note}", err=True)
    if result is not None:
        click.echo(f"foolsolve: the game is over ({result.label}{scoring_caveat(getattr(state, 'rules', None))}): "
                   "no legal moves", err=True)
    if as_json:
        click.echo(jsonout.dumps(texts))
    elif texts:
        click.echo("\n".join(texts))


@cli.command()
@click.argument("position", type=click.Path(dir_okay=False, allow_dash=True))
@click.argument("move_texts", nargs=-1, metavar="MOVE...")
@click.option("--out", type=OutputFile(), default=None, help="Write the new position here ('-': standard output).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the new position as JSON: the position file in the spec's standard form (every field, "
                   "cards in the spec's order; with no MOVE, POSITION itself in that form).")
@click.option("--complete", is_flag=True,
              help="With --json or --out: the standard form with every rule option written out (the default ones "
                   "too, which some games leave out), as the shipped perft files and playthroughs hold it.")
@click.option("--trace", "trace_steps", is_flag=True,
              help='With --json: print {"steps": [{"move", "player", "boundary", "position"}], "position"}: each '
                   'move with its player (-1: chance), whether it ended a bout (trick, turn, round; "note": what the '
                   'round decided, where the game says) and the position after it (what the text prints of each '
                   'move), then the new position.')
@ascii_option
@click.option("--interactive", is_flag=True,
              help="Play against the solver: you move, it answers (hint, undo, why MOVE, help, quit).")
@click.option("--seed", type=Whole(), default=None,
              help="--interactive: seed of the random answers where the solver cannot answer exactly.")
@click.option("--seat", type=Whole(min=0), default=None, metavar="P",
              help="--interactive: play player P seeing only P's view; the others answer from their own views "
                   "(seat analysis); after the game: the deal revealed, review, undo N.")
@click.option("--samples", type=SAMPLES, default=None, metavar="N",
              help="--interactive: worlds a computer player samples from its view for one move (default 16, at most 10^7).")
@click.option("--think", type=Seconds(min=0, min_open=True), default=None, metavar="SECONDS",
              help="--interactive: at most this long for one computer move (its sampling stops there).")
@click.option("--record", type=Whole(min=1), default=None, metavar="K",
              help="POSITION is an arena record file (foolsolve arena --out): replay its game K from its deal, "
                   "move by move (MOVEs, if given, replace the game's moves).")
@store_options(only="--interactive")
def play(position: str, move_texts: Sequence[str], out: str | None, as_json: bool, interactive: bool,
         seed: int | None, seat: int | None, samples: int | None, think: float | None, record: int | None,
         store_path: str | None = None, no_store: bool = False, trace_steps: bool = False,
         complete: bool = False) -> None:
    """Apply MOVEs to POSITION and print who played each move and the new position (as show does).

    Moves are written as foolsolve moves POSITION prints them, for example:

    \b
      Durak             "attack 6H" "cover 6H with 9H" "take"
      Fool's Paradise   "collect KS: KH 5D" "lay 9D"
      Fools and Angels  "attack 3C 2D" "defend red with 9C" "surrender"
      Foolery           "play 7C 7H" "play Fool" "pass"
      Three Fools       "keep" "lead 10S as P" "play 3S"

    Cards are a rank then a suit letter (6H, 10S; the suit symbols are read too); Foolery's trumps are I to XXI and
    Fool, its C rank the Cavalier; Three Fools' suits are R (rock), P (paper), S (scissors) and Jo
    its Joker rank. foolsolve rules GAME gives the full notation of each game."""
    from foolsolve.positions import writes_over
    from foolsolve.present import show_text, trace, transcript_lines

    one_stdout(("--out -", out == STDIO), ("--json", as_json), ("--interactive (its prompt)", interactive))
    if trace_steps and not as_json:
        raise InputError("--trace: only with --json (the text names every move's player and bout already)")
    if complete and (interactive or not (as_json or out)):
        raise InputError("--complete: only with --json or --out (the position file written)"
                         + (", not with --interactive" if interactive else ""))
    if writes_over(out, position):
        what = "the arena record file (every game of the match would be lost)" if record is not None else \
            "the position file itself (the position before the moves would be lost)"
        raise InputError(f"--out: {out} is {what}; write elsewhere")
    if record is not None:
        from foolsolve.arena import record_game

        obj, recorded = record_game(position, record)
        info = games.get(game_of(obj))
        state = info.spec.state_from_json(obj)
        move_texts = move_texts or recorded
    else:
        info, state = load_position(position)
    # the moves played once: an illegal one is the spec's error, naming its place
    played, new = trace(info.spec, state, move_texts, positions=as_json and trace_steps, complete=complete)
    lines = transcript_lines(info.spec, played)
    if interactive:
        from foolsolve.interactive import DEFAULT_SEAT_SAMPLES, Thinking, play_interactive

        thinking = Thinking(samples=samples or DEFAULT_SEAT_SAMPLES, think=think,
                            given=tuple(name for name, v in (("--samples", samples), ("--think", think)) if v is not None))
        db = open_store(store_path, no_store)
        try:
            play_interactive(info, new, seed=seed, out=out, seat=seat, thinking=thinking, store=db)
        finally:
            if db is not None:
                db.close()
        return
    for name, given in (("--seat", seat), ("--samples", samples), ("--think", think), ("--seed", seed),
                        ("--store", store_path), ("--no-store", no_store or None)):
        if given is not None:
            raise InputError(f"{name}: only with --interactive")
    obj = standard_form(info.spec, new, complete)
    if out:
        write_json_atomic(out, obj)
    if as_json and trace_steps:
        click.echo(jsonout.dumps({"steps": played, "position": obj}))
    elif as_json:
        click.echo(jsonout.dumps(obj))  # (standard output holds the position alone)
    elif out:
        wrote(out)
    else:
        click.echo("\n".join([*lines, show_text(info.spec, new)]) if lines else show_text(info.spec, new))


@cli.command()
@click.argument("game")
@click.option("--players", type=Whole(), default=None, help="Number of players (default: the game's minimum).")
@click.option("--seed", type=Whole(), default=None, help="Seed of the shuffle (default: a fresh one, printed on stderr).")
@click.option("--rules", "rules_json", default=None, metavar="JSON", help='Rule options, e.g. \'{"variant": "simple"}\'.')
@click.option("--out", type=OutputFile(), default=None,
              help="Write the position here ('-' or no --out: standard output).")
def deal(game: str, players: int | None, seed: int | None, rules_json: str | None, out: str | None) -> None:
    """A shuffled deal of GAME as a position file.

    A Durak deal in which a hand holds 5 cards of one suit opens the redeal phase (rule option
    redeal_right, on by default): the deal after a "redeal" move is made by CPython's
    random.Random(redeal_seed), which a program outside Python can hardly reproduce; --rules
    '{"redeal_right": false}' deals without the phase (docs/durak.md, "The re-deal")."""
    drawn = seed is None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    info = games.get(game)
    spec = info.spec
    n = spec.min_players if players is None else players
    if not spec.min_players <= n <= spec.max_players:
        from foolsolve.game import players_range

        raise InputError(f"--players: {info.name} takes {players_range(spec)} players")
    rules: Any = rules_from_json(spec.rules_cls, rules_option(rules_json))
    state = spec.deal(rules, n, random.Random(seed))
    obj = standard_form(spec, state)
    if out:
        write_json_atomic(out, obj)
        wrote(out)
    else:
        click.echo(jsonout.dumps(obj))
    if drawn:
        click.echo(f"foolsolve: deal --seed {seed} (to deal this again)", err=True)
    from foolsolve.rules import moot_note

    note = moot_note(rules, n)
    if note is not None:  # on stderr: standard output may be the position
        click.echo(f"foolsolve: note: {note}", err=True)


@cli.command(name="games")
def games_cmd() -> None:
    """List the games, each with the source text its rules are read from.

    A source text is named by its id, which rule citations start with (001 §...), and its title; the
    texts are other people's writing and do not ship with foolsolve.
    """
    for name in games.names():
        info = games.get(name)
        parts = ["spec"] + (["engine"] if info.has_engine else []) + (["solver"] if info.has_solver else [])
        click.echo(f"{name:18} {info.title} ({', '.join(parts)}; {source_text(info.seed)})")


def source_text(seed: str) -> str:
    """How ``foolsolve games`` names a game's source text: ``source text 001, "Rules for playing the
    fool"`` (its id and title, :data:`foolsolve.games.SOURCES`); a source not listed there by its
    registry's name for it."""
    known = games.SOURCES.get(seed)
    if known is None:
        return f"source text {seed}"
    title = known.split('",')[0] + '"' if known.startswith('"') else known
    return f"source text {seed[:3]}, {title}"


# --- rules -----------------------------------------------------------------------------


@cli.command(name="rules")
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print the options as JSON.")
@click.option("--solver", "solver", is_flag=True,
              help="The game's solver options (-o KEY=VALUE of solve, batch and report) instead of its rules.")
def rules_cmd(game: str, as_json: bool, solver: bool) -> None:
    """The rule options of GAME, split into "from the source text" and "reconstructed",
    with defaults, allowed values and the sentence of the source text each rests on, and the
    facts taken from outside the text with their source; with --solver, the options its
    solver takes."""
    info = games.get(game)
    if solver:
        _solver_options(info, as_json)
        return
    opts = options_of(info.spec.rules_cls)
    listed = info.spec.reconstructions
    outside = info.spec.outside_facts
    if as_json:
        click.echo(jsonout.dumps([
            {"name": o.name, "default": json.loads(json_text(o.default)),
             "choices": None if o.choices is None else [json.loads(json_text(c)) for c in o.choices],
             "allowed": allowed_text(o), "doc": o.doc, "source": cited(o.source, notes_page(info)),
             "kind": "fixed" if o.fixed else "reconstructed" if o.reconstructed else "source",
             "reconstructed": o.reconstructed, "applies": applies_json(o)} for o in opts
        ] + [{"name": r.name, "doc": r.reading, "reason": r.reason, "source": r.source, "kind": "listed"}
             for r in listed]
          + [{"name": f.name, "doc": f.fact, "origin": f.origin, "source": f.needed_by, "kind": "outside"}
             for f in outside], ensure_ascii=False, indent=1))
        return
    click.echo(f"{info.title} — rules read from {source_title(info)}, cited as {info.seed[:3]} with the "
               f"section and a short quote")
    click.echo(f"the rules in the project's words: {info.doc or 'none'}; open points and the reading chosen for each: "
               f"{notes_page(info)}")
    deck = info.spec.meta.deck
    if deck is not None:
        click.echo(f"cards, in position files and moves: {deck.notation}")
    sections = [
        ("From the source text (options where the text is open, default first)",
         [o for o in opts if not o.reconstructed and not o.fixed]),
        ("Fixed rules (not options)", [o for o in opts if o.fixed and not o.reconstructed]),
        ("Reconstructed (the text is lost or silent; marked as reconstruction)",
         [o for o in opts if o.reconstructed]),
    ]
    for title, items in sections:
        if not items:
            continue
        click.echo(f"\n{title}:")
        for o in items:
            choices = f"  [{allowed_text(o)}]"
            tag = "  (fixed: one value)" if o.fixed and o.reconstructed else "  (from the text)" if o.fixed else ""
            click.echo(f"  {o.name} = {json_text(o.default)}{choices}{tag}")
            click.echo(f"      {o.doc}")
            when = applies_text(o)
            if when is not None:
                click.echo(f"      {when}")
            click.echo(f"      source: {cited(o.source, notes_page(info))}")
    if outside:
        click.echo("\nFrom outside the text (facts the text needs but does not give; each names its source):")
        for f in outside:
            click.echo(f"  {f.name}: {f.fact}")
            click.echo(f"      from: {f.origin}")
            click.echo(f"      needed by: {cited(f.needed_by, notes_page(info))}")
    if listed:
        click.echo("\nReconstructed with one sensible reading (not options; the reason says why):")
        for r in listed:
            click.echo(f"  {r.name}: {r.reading}")
            click.echo(f"      why: {r.reason}")
            click.echo(f"      source: {cited(r.source, notes_page(info))}")


def notes_page(info: GameInfo) -> str:
    """The game's notes page in docs/ (the open points of its source text and the reading chosen)."""
    return info.doc.replace(".md", "-notes.md") if info.doc else "docs/"


def source_title(info: GameInfo) -> str:
    """The source text a game's rules are read from, by title and author (the registry's seed
    record), never a path a user does not have."""
    from foolsolve.games import SOURCES

    return SOURCES.get(info.seed, f"source text {info.seed}")


def _solver_options(info: GameInfo, as_json: bool) -> None:
    """``foolsolve rules GAME --solver``."""
    from foolsolve.solver.base import ALIASES, COMMON_OPTIONS
    from foolsolve.solver.open_hand import WORLD_OPTION_DOCS

    if not info.has_solver:
        raise InputError(f"game: {info.name} has no exact solver")
    own = info.solver_options or {}
    aliases = {old: new for old, new in ALIASES.items() if new in own}
    if as_json:
        click.echo(jsonout.dumps({"game": info.name, "options": own, "common": COMMON_OPTIONS,
                                  "open_hand": WORLD_OPTION_DOCS, "deprecated": aliases}, ensure_ascii=False, indent=1))
        return
    click.echo(f"{info.title} solver options (-o KEY=VALUE):")
    width = max(len(k) for k in [*own, *COMMON_OPTIONS, *WORLD_OPTION_DOCS])
    for key, doc in own.items():
        click.echo(f"  {key:{width}}  {doc}")
    click.echo("Every solver:")
    for key, doc in COMMON_OPTIONS.items():
        click.echo(f"  {key:{width}}  {doc}")
    click.echo("The open-hand search (solve and report, where the exact solver does not cover the position or does "
               "not finish; docs/open-hand.md):")
    for key, doc in WORLD_OPTION_DOCS.items():
        click.echo(f"  {key:{width}}  {doc}{' (also the exact solver' + chr(39) + 's, above)' if key in own else ''}")
    click.echo("Each search reads its own options: an answer of one search does not apply the other's (its notes "
               "say so); an option of neither is an error.")
    for old, new in aliases.items():
        click.echo(f"Deprecated: {old} (read as {new})")


# --- conformance and perft -------------------------------------------------------------


MAX_CASES = 10**7
"""The most games ``conform --cases`` takes (as ``arena --games``)."""

CONFORM_SECONDS = 600.0
"""``conform``'s default ``--time``: no game is begun after ten minutes (``--time 0``: no limit)."""

EVERY_MOVE_MAX = 64
"""``conform --every-move``'s bound, :data:`foolsolve.conformance.EVERY_MOVE_MAX` (written here for
the help, which imports no harness; a test holds them equal, as the two below)."""
REPLAY_MAX = 3
"""``conform --replay``'s default, :data:`foolsolve.conformance.REPLAY_MAX`."""
SHRINK_REQUESTS = 200
""":data:`foolsolve.conformance.SHRINK_REQUESTS`."""
NARROW_RUNS = 32
""":data:`foolsolve.conformance.NARROW_RUNS`."""
NARROW_SECONDS = 60.0
""":data:`foolsolve.conformance.NARROW_SECONDS`."""


@cli.command()
@click.argument("game")
@click.option("--cases", type=Whole(min=1, max=MAX_CASES), default=100, show_default=True,
              help=f"Whole games to play (at most {MAX_CASES:,}).")
@click.option("--seed", type=Whole(), default=0, show_default=True,
              help="Seed of the games' deals and moves (game i uses random.Random(f'{seed}:{i}')): the same seed, "
                   "the same games.")
@click.option("--max-steps", type=Whole(min=1), default=10_000, show_default=True,
              help="Stop a game after this many moves (reported as cut, not as a divergence; with --strict, exit 2).")
@click.option("--position", "position", type=click.Path(dir_okay=False), default=None,
              help="Check this position (and a random game from it) instead of random deals (one game, in this "
                   "process: not with --cases, --workers, --scheduler).")
@click.option("--out", type=OutputFile(), default=None,
              help="Where to write the shrunk diverging position (not '-': the report goes to standard output) "
                   "[default: conform-GAME-SEED.json; with --engine the requests that show the disagreements, "
                   "and the one the engine broke off at, conform-GAME-SEED.jsonl].")
@click.option("--workers", type=WORKERS, default=1, show_default=True,
              help=workers_help("Play the --cases games on this many local processes"))
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Play the --cases games on this Dask cluster (pip install 'foolsolve[dask]').")
@click.option("--time", "time_limit", type=Seconds(min=0), default=None, metavar="SECONDS",
              help=f"Begin no game after this many seconds: the games finished are reported [default: "
                   f"{CONFORM_SECONDS:g}, and stopping there is exit 2, not a pass; a --time given is a pass if they "
                   "agree; 0: no limit; at most a year].")
@click.option("--json", "as_json", is_flag=True,
              help='Print the report as one JSON object: {"game", "cases", "finished", "agreeing", "cut", "states", '
                   '"moves", "sampled", "timed_out", "divergence", "seconds", "rules", "players", "player_counts"}; '
                   'with --engine "engine", "successors", "every_move", "chance", "disagreements" (each with '
                   '"alone", "shrunk" and "sequence"), "requests" and "engine_error" in place of "sampled" and '
                   '"divergence" (docs/engines.md; the exit codes as without it).')
@click.option("--strict", is_flag=True,
              help="Games left unplayed by a --time given, or cut at --max-steps, fail the run (exit 2, as a stop "
                   "at the default --time), instead of a pass of the games finished.")
@click.option("--engine", "engine_command", default=None, metavar="CMD",
              help="Check this outside engine against the spec instead of foolsolve's engine: CMD (split as a shell "
                   "splits words, run with no shell) answers oracle moves and play requests, a JSON line each "
                   "(docs/engines.md, \"Checking an engine with conform\"); each game goes on to its first "
                   "disagreement, the run to the last game; the requests that show them are written to --out "
                   "[default: conform-GAME-SEED.jsonl]. A broken engine (it dies, hangs, writes no reply): exit 2.")
@click.option("--engine-timeout", type=Seconds(min=0, min_open=True), default=None, metavar="SECONDS",
              help="With --engine: the seconds it may take to answer one request (the first's include its start) "
                   "[default: 10].")
@click.option("--status", "ask_status", is_flag=True,
              help="With --engine: at every state also ask the engine's status (the oracle's status request) and "
                   "compare who is to move, whether the game is over and the payoffs.")
@click.option("--chance", "ask_chance", is_flag=True,
              help="With --engine: at every chance node ask the moves with each outcome's probability (a moves "
                   "request with \"chance\": true) and compare them with the spec's.")
@click.option("--without-knowledge", is_flag=True,
              help="With --engine: compare positions without what players know of hidden cards (Durak's known), "
                   "which no rule reads.")
@click.option("--every-move", is_flag=True,
              help="With --engine: at every state also ask the position after each other legal move and compare "
                   f"it (at a state with more than {EVERY_MOVE_MAX} legal moves, a seeded sample of "
                   f"{EVERY_MOVE_MAX - 1} besides the move followed); the games are the same, the requests many "
                   "more.")
@click.option("--replay", type=Whole(min=0), default=None, metavar="N",
              help="With --engine: replay the first N disagreements' requests each alone in a fresh engine process "
                   "(does it show without the requests before it?) and shrink those that do to a smaller request "
                   f"(at most {SHRINK_REQUESTS} requests each); for those that do not, find a short sequence of the "
                   f"earlier requests of their game after which they do (at most {NARROW_RUNS} fresh engine runs "
                   f"and {NARROW_SECONDS:g} s each) [default: {REPLAY_MAX}; 0: none].")
@click.option("--rules", "rules_json", default=None, metavar="JSON",
              help="Play every game under these rule options, e.g. '{\"deck\": 36}' (as deal's --rules; "
                   "'foolsolve rules GAME' lists them), the others drawn at random as without it: for an engine "
                   "that plays only some of the rules. Not with --position (its own rules are played).")
@click.option("--default-rules", is_flag=True,
              help="Every rule option not given by --rules at its default, none drawn at random.")
@click.option("--players", "players_given", default=None, metavar="N|N-M|N,M,...",
              help="Deal every game to N players (within the game's range, as deal's --players), the rest drawn at "
                   "random as without it: for an engine that plays only some table sizes. A range (2-4) or a list "
                   "(2,3,6) deals the games to those counts in turn, game by game. Not with --position.")
def conform(game: str, cases: int, seed: int, max_steps: int, position: str | None, out: str | None,
            workers: int = 1, scheduler: str | None = None, time_limit: float | None = None,
            as_json: bool = False, strict: bool = False, engine_command: str | None = None,
            engine_timeout: float | None = None, without_knowledge: bool = False, ask_status: bool = False,
            every_move: bool = False, replay: int | None = None, rules_json: str | None = None,
            default_rules: bool = False, players_given: str | None = None, ask_chance: bool = False) -> None:
    """Step GAME's spec and engine in lockstep from random deals (random players and rule
    options) and compare legal moves, successors and results at every step. Exit 1 on a
    divergence, after writing the shrunk diverging position as a position file. Stopped by the
    default --time (or, with --strict, by any --time or a game cut at --max-steps), the games
    finished are reported and the exit is 2 (not a full run).

    With --engine CMD the engine checked is an outside program, asked for the legal moves at
    every step and the position after the move followed; every game's first disagreement is
    reported and its request written to --out (exit 1); an engine that breaks the protocol is a
    one-line error (exit 2); each disagreement's request is replayed alone in a fresh engine process
    (the first few) and shrunk where it shows the disagreement again.

    --rules JSON fixes rule options (--default-rules: every other one at its default), and
    --players N the number of players (a range or list: those counts in turn), for an engine that
    plays only some of the rules or tables."""
    from foolsolve import conformance

    default_time = time_limit is None
    time_limit = CONFORM_SECONDS if time_limit is None else time_limit or None  # --time 0: no limit

    one_stdout(("--out -", out == STDIO), ("the report", True))
    info = games.get(game)
    pins = conform_pins(info, rules_json, default_rules, position)
    counts = conform_players(info, players_given, position)
    players = None if counts is None else counts[0] if len(counts) == 1 else counts
    fixed = [*([pins_text(info, pins, default_rules)] if pins else [])]
    from foolsolve.rules import moot_line

    moot_text = moot_line(pins_moot_json(info, pins, counts).get("cannot_matter", {}), pins)
    if moot_text is not None:
        fixed.append(f"note: {moot_text}")
    if engine_command is not None:
        return conform_outside(info, engine_command, engine_timeout, cases, seed, max_steps, position, out,
                               workers, scheduler, time_limit, default_time, as_json, strict, without_knowledge,
                               ask_status, every_move, pins, fixed, REPLAY_MAX if replay is None else replay,
                               players, ask_chance)
    if engine_timeout is not None:
        raise InputError("--engine-timeout: only with --engine (the outside engine's time to answer)")
    if without_knowledge:
        raise InputError("--without-knowledge: only with --engine (foolsolve's engine is held to the whole position)")
    if ask_chance:
        raise InputError("--chance: only with --engine (foolsolve's engine's chance outcomes are compared at every "
                         "chance node)")
    if ask_status:
        raise InputError("--status: only with --engine (foolsolve's engine's status is compared at every state)")
    if replay is not None:
        raise InputError("--replay: only with --engine (foolsolve's engine's diverging position is shrunk)")
    if every_move:
        raise InputError("--every-move: only with --engine (foolsolve's engine's position after every legal move is "
                         "compared at every state)")
    if info.engine is None:
        raise InputError(f"game: {info.name} has no engine yet")
    started = time.monotonic()
    if position is not None:
        from foolsolve.positions import writes_over

        for name, flag in (("cases", "--cases"), ("workers", "--workers"), ("scheduler", "--scheduler"),
                           ("time_limit", "--time")):
            if given_on_command_line(name):
                raise InputError(f"{flag}: with --position one game from that position is checked, in this process "
                                 f"({flag} is for the random games without --position)")
        if writes_over(out, position):
            raise InputError(f"--out: {out} is the position file itself; write the diverging position elsewhere")
        pinfo, state = load_position(position)
        if pinfo.name != info.name:
            raise InputError(f"--position: a {pinfo.name} position, not {info.name}")
        report = conformance.ConformanceReport(cases=1)
        report.divergence = conformance.lockstep(info, state, random.Random(seed), max_steps=max_steps, report=report)
        report.tally_table(info.spec.num_players(state))
    else:
        if pins or counts is not None:  # none under --rules and --players: the error before any game
            check_starts(info, seed, pins, counts)
        deadline = None if time_limit is None else started + time_limit
        with progress(f"conform {info.name}", unit="games", total=cases,
                      seconds=None if deadline is None else deadline - time.monotonic()) as tick:
            if workers > 1 or scheduler:
                from foolsolve.executor import make_executor

                report = conformance.run_on(make_executor(workers, scheduler), info, cases, seed, progress=tick,
                                            max_steps=max_steps, deadline=deadline, pins=pins, players=players)
            else:
                report = conformance.run(info, cases, seed, progress=tick, max_steps=max_steps, deadline=deadline,
                                         pins=pins, players=players)
    secs = time.monotonic() - started
    d = report.divergence
    target = None
    if d is not None:
        target = out or f"conform-{info.name}-{seed}.json"
        write_json_atomic(target, conformance.shrink(info, d.position, pins=pins), "--out" if out else
                          "the divergence file")
    if as_json:
        click.echo(jsonout.dumps({**conform_json(info.name, report, cases, max_steps, secs, target),
                                  "rules": pins_json(info, pins), **players_json(players, report),
                                  **pins_moot_json(info, pins, players)}))
    else:
        lines = conform_text(info.name, report, cases, max_steps, secs, target,
                             None if default_time or strict else time_limit, strict)
        lines[2:2] = fixed + players_text(counts, report)
        click.echo("\n".join(lines))
    if d is not None:
        sys.exit(1)
    if report.interrupted:
        sys.stdout.flush()
        raise KeyboardInterrupt
    if report.timed_out and default_time:  # stopped early, by a limit the user did not ask for: not a pass
        sys.stdout.flush()
        raise LimitError(f"--time: stopped at the default {time_limit:g} s with {report.cases:,} of {cases:,} "
                         "games checked (each agreeing): not a full run; --time raises it, --time 0: no limit")
    if strict and (report.timed_out or report.cut):  # every game asked for, played out, or the default --time's exit
        sys.stdout.flush()
        raise LimitError(strict_failure(report, cases, max_steps, time_limit))


def conform_pins(info: GameInfo, rules_json: str | None, default_rules: bool,
                 position: str | None) -> dict[str, Any] | None:
    """``conform --rules JSON`` and ``--default-rules``: the rule options every game is played
    under (:func:`foolsolve.rules.pins_from_json`; ``None``: none fixed), read as deal's ``--rules``
    is, refused with ``--position``."""
    from foolsolve.rules import pins_from_json

    if rules_json is None and not default_rules:
        return None
    flag = "--rules" if rules_json is not None else "--default-rules"
    if position is not None:
        raise InputError(f"{flag}: with --position the position's own rules are played")
    return pins_from_json(info.spec.rules_cls, rules_option(rules_json), default_rules)


def conform_players(info: GameInfo, given: str | None, position: str | None) -> list[int] | None:
    """``conform --players``: the counts of players the games are dealt to, in turn (``None``: drawn
    at random), from ``N``, a range ``N-M`` or a list of them (``2,3,6``, ``2-4,6``); a text that is
    none, a count given twice, one outside the game's range (as deal's ``--players``), or any with
    ``--position``: a one-line error naming it."""
    if given is None:
        return None
    if position is not None:
        raise InputError("--players: with --position the position's own players are played")
    counts: list[int] = []
    for part in given.split(","):
        lo, dash, hi = part.strip().partition("-")
        try:
            first = int(lo)
            last = int(hi) if dash else first
        except ValueError:
            raise InputError(f"--players: {quoted(cut_text(part.strip(), 30))} is no count of players (N, a range N-M, "
                             "or a list of them: 2,3,6)") from None
        if last < first:
            raise InputError(f"--players: the range {first}-{last} is empty (the smaller count first: {last}-{first})")
        if last - first > 1000:
            raise InputError(f"--players: the range {first}-{last} is wider than any game's table")
        for n in range(first, last + 1):
            if n in counts:
                raise InputError(f"--players: {n} given twice")
            counts.append(n)
    spec = info.spec
    for n in counts:
        if not spec.min_players <= n <= spec.max_players:
            from foolsolve.game import players_range

            raise InputError(f"--players: {info.name} takes {players_range(spec)} players, not {n}")
    return counts


def check_starts(info: GameInfo, seed: int, pins: dict[str, Any] | None, counts: list[int] | None) -> None:
    """A deal under ``pins`` for each count of players (``conform --rules``, ``--players``), or one with
    the players drawn: a one-line error where the game has no deals or the options rule a count out,
    before any game or engine starts."""
    from foolsolve import conformance

    for n in counts or (None,):
        conformance.conform_start(info, random.Random(f"{seed}:0"), pins, n)


def players_text(counts: list[int] | None, report: Any) -> list[str]:
    """The line of ``conform``'s report saying the number of players was fixed (none: not fixed),
    or the counts the games were dealt to in turn and the games finished at each."""
    if counts is None:
        return []
    if len(counts) == 1:
        return [f"players: {counts[0]} in every game"]
    shown = ", ".join(map(str, counts[:-1])) + f" and {counts[-1]}"
    played = ", ".join(f"{n}: {plural(report.tables.get(n, 0), 'game')}" for n in counts)
    return [f"players: {shown} in turn, game by game ({played})"]


def players_json(players: int | list[int] | None, report: Any) -> dict[str, Any]:
    """``conform --json``'s ``players`` (the count fixed, the counts in turn, ``null``: drawn at random)
    and ``player_counts`` (the games finished at each count, as text keys in increasing order)."""
    return {"players": players, "player_counts": {str(n): report.tables[n] for n in sorted(report.tables)}}


def pins_json(info: GameInfo, pins: dict[str, Any] | None) -> dict[str, Any] | None:
    """The fixed rule options as JSON, as a position file writes them (``None``: none fixed)."""
    if pins is None:
        return None
    from foolsolve.rules import rules_to_json

    every = rules_to_json(info.spec.rules_cls(**pins))
    return {name: every[name] for name in pins}


def pins_moot_json(info: GameInfo, pins: dict[str, Any] | None, players: int | list[int] | None) -> dict[str, Any]:
    """``conform --json``'s ``cannot_matter`` (each option fixed that cannot change play under the
    other options fixed or at the players fixed: why), where there is one."""
    from foolsolve.rules import moot_pins

    counts = None if players is None else [players] if isinstance(players, int) else players
    moot = moot_pins(info.spec.rules_cls, pins, counts) if pins else {}
    return {"cannot_matter": moot} if moot else {}


def pins_text(info: GameInfo, pins: dict[str, Any], default_rules: bool) -> str:
    """The line of ``conform``'s report saying which rule options were fixed."""
    from foolsolve.rules import rules_to_json

    defaults = rules_to_json(info.spec.rules_cls())
    given = {k: v for k, v in (pins_json(info, pins) or {}).items() if not default_rules or v != defaults.get(k)}
    shown = ", ".join(f"{k}={json_text(v)}" for k, v in given.items())
    if default_rules:
        return (f"rule options: {shown}, the others at their defaults" if shown
                else "rule options: every one at its default")
    return f"rule options: {shown} in every game, the others drawn at random"


def conform_outside(info: GameInfo, command: str, timeout: float | None, cases: int, seed: int, max_steps: int,
                    position: str | None, out: str | None, workers: int, scheduler: str | None,
                    time_limit: float | None, default_time: bool, as_json: bool, strict: bool,
                    without_knowledge: bool = False, ask_status: bool = False, every_move: bool = False,
                    pins: dict[str, Any] | None = None, fixed: list[str] | None = None,
                    replay: int = 3, players: int | list[int] | None = None, ask_chance: bool = False) -> None:
    """``conform --engine CMD``: the games of ``conform`` against an outside engine
    (:func:`foolsolve.conformance.run_outside`), one process for the whole run, ended whatever
    happens. Each game's first disagreement is reported and its oracle request written, one a
    line, to ``out`` (default ``conform-GAME-SEED.jsonl``): exit 1. A broken engine is a one-line
    error, exit 2, after the report of the games finished before it. Stopped by Ctrl-C or SIGTERM,
    the games finished are reported (their disagreements written, the games left unplayed said) and
    the exit is the signal's, 130 or 143, disagreements or not. The first ``replay``
    disagreements are replayed alone in a fresh engine process and shrunk
    (:func:`foolsolve.conformance.replay_outside`); a smaller request is written after its
    disagreement's, its id ending in ``shrunk``. ``pins``: the rule options fixed, ``players``: the
    number of players, or the counts in turn (``fixed``: the text report's line of the options);
    ``every_move``: every legal move's successor compared; ``ask_chance``: the outcomes'
    probabilities at chance nodes. Ctrl-C or SIGTERM during the replays (the games played) is said so."""
    from foolsolve import conformance
    from foolsolve.outside import ENGINE_TIMEOUT, OutsideEngine
    from foolsolve.positions import probe_output, write_text_atomic

    for name, flag in (("workers", "--workers"), ("scheduler", "--scheduler")):
        if given_on_command_line(name):
            raise InputError(f"{flag}: with --engine the games are played in this process against the one engine "
                             "process")
    start = None
    if position is not None:
        from foolsolve.positions import writes_over

        for name, flag in (("cases", "--cases"), ("time_limit", "--time")):
            if given_on_command_line(name):
                raise InputError(f"{flag}: with --position one game from that position is checked ({flag} is for "
                                 "the random games without --position)")
        if writes_over(out, position):
            raise InputError(f"--out: {out} is the position file itself; write the disagreements elsewhere")
        pinfo, start = load_position(position)
        if pinfo.name != info.name:
            raise InputError(f"--position: a {pinfo.name} position, not {info.name}")
        cases = 1
    if start is None:  # a game with no deals, or none under --rules and --players: its error before the engine starts
        check_starts(info, seed, pins, None if players is None else [players] if isinstance(players, int)
                     else players)
    # the file of disagreements is written at the end: one that cannot be is found before the engine starts
    probe_output(out or f"conform-{info.name}-{seed}.jsonl", "--out" if out else "the disagreements file")
    started = time.monotonic()
    with OutsideEngine(command, ENGINE_TIMEOUT if timeout is None else timeout) as engine:
        deadline = None if time_limit is None or start is not None else started + time_limit
        with progress(f"conform {info.name}", unit="games", total=cases,
                      seconds=None if deadline is None else deadline - time.monotonic()) as tick:
            report = conformance.run_outside(info, engine, cases, seed, progress=tick, max_steps=max_steps,
                                             deadline=deadline, start=start, knowledge=not without_knowledge,
                                             status=ask_status, every_move=every_move, chance=ask_chance, pins=pins,
                                             players=players, contexts=replay)
    if not report.interrupted:
        try:
            for d in report.disagreements[:replay]:
                conformance.replay_outside(info, command, engine.timeout, d, knowledge=not without_knowledge,
                                           pins=pins)
        except KeyboardInterrupt:
            report.interrupted = report.replays_interrupted = True
    secs = time.monotonic() - started
    target = None
    requests = []
    for d in report.disagreements:
        requests.append({**(d.request or {}), "id": f"case {d.case} step {d.step}"})
        if d.shrunk is not None:
            requests.append({**d.shrunk, "id": f"case {d.case} step {d.step} shrunk"})
        ids = sequence_ids(d)
        for r, id_ in zip([*(d.narrowed.sequence if d.narrowed and d.narrowed.sequence else []), d.request], ids):
            requests.append({**(r or {}), "id": id_})
    if report.broken_request is not None:  # the request the engine broke off at, to replay too
        requests.append({**report.broken_request, "id": f"case {report.cases + 1} step {report.engine_step}"})
    if requests:
        target = out or f"conform-{info.name}-{seed}.jsonl"
        write_text_atomic(target, "".join(jsonout.dumps(r) + "\n" for r in requests),
                          "--out" if out else "the disagreements file")
    if as_json:
        click.echo(jsonout.dumps({**conform_outside_json(info.name, command, report, cases, max_steps, secs, target,
                                                         without_knowledge, ask_status, every_move),
                                  "chance": ask_chance,
                                  "rules": pins_json(info, pins), **players_json(players, report),
                                  **pins_moot_json(info, pins, players)}))
    else:
        lines = conform_outside_text(info.name, report, cases, max_steps, secs, target,
                                     None if default_time or strict else time_limit, strict, every_move, replay)
        lines[2:2] = (fixed or []) + players_text(None if players is None else [players] if isinstance(players, int)
                                                  else players, report)
        if without_knowledge:
            fields = ", ".join(info.spec.knowledge_fields) or "none in this game"
            lines[1] += f", without what players know ({fields})"
        if ask_status:
            lines[1] += "; who is to move, whether the game is over and the payoffs at every state"
        if ask_chance:
            lines[1] += "; the outcomes' probabilities at every chance node"
        click.echo("\n".join(lines))
    sys.stdout.flush()
    if report.engine_error is not None:
        raise InputError(report.engine_error)
    if report.interrupted:  # the signal's exit (130, 143) wins over the disagreements found before it
        raise KeyboardInterrupt
    if report.disagreements:
        sys.exit(1)
    if report.timed_out and default_time:
        raise LimitError(f"--time: stopped at the default {time_limit:g} s with {report.cases:,} of {cases:,} "
                         "games checked (each agreeing): not a full run; --time raises it, --time 0: no limit")
    if strict and (report.timed_out or report.cut):
        raise LimitError(strict_failure(report, cases, max_steps, time_limit))


def conform_outside_text(game: str, report: Any, cases: int, max_steps: int, secs: float, target: str | None,
                         time_given: float | None, strict: bool = False, every_move: bool = False,
                         replay: int = 3) -> list[str]:
    """``conform --engine``'s report in lines: what was checked, a line per disagreeing game (its
    first disagreement) and one saying what its replay alone found (:func:`replay_text`), where
    their requests were written, or that spec and engine agree."""
    from foolsolve.conformance import EVERY_MOVE_MAX

    cut = f" ({report.cut} cut at --max-steps {max_steps})" if report.cut else ""
    lines = [f"{game}: {plural(report.cases, 'game')}{cut}, {plural(report.states, 'state')}, "
             f"{plural(report.moves, 'move')} checked against the outside engine in {secs:.1f} s"]
    if every_move:
        sampled = (f" (at {plural(report.successors_sampled, 'state')} with more than {EVERY_MOVE_MAX} legal moves, "
                   f"{EVERY_MOVE_MAX} of them, seeded)" if report.successors_sampled else "")
        lines.append(f"legal-move sets compared move by move at every state, the position after every legal "
                     f"move{sampled} in standard form: {plural(report.successors, 'position')} after a move")
    else:
        lines.append("legal-move sets compared move by move at every state, the position after the move followed "
                     "in standard form")
    for d in report.disagreements:
        lines.append(one_line(f"DISAGREEMENT in game {d.case}: {d.summary()}"))
        if d.alone is not None:
            lines.append(replay_text(d))
    if report.disagreements:
        shrunk = ", a smaller one 'case N step S shrunk'" if any(d.shrunk for d in report.disagreements) else ""
        if any(sequence_ids(d) for d in report.disagreements):
            shrunk += ", a sequence showing it 'case N step S sequence I/K'"
        lines.append(f"{plural(len(report.disagreements), 'game')} of {report.cases:,} disagreeing; each one's "
                     f"request (id 'case N step S'{shrunk}) written to {target}: foolsolve oracle {target} gives "
                     "the spec's answers")
        if 0 < replay < len(report.disagreements):
            lines.append(f"the first {plural(replay, 'disagreement')} replayed alone in a fresh engine process "
                         f"(--replay), not the {len(report.disagreements) - replay:,} after")
        if report.replays_interrupted:
            played = ("the games were all played" if report.cases == cases
                      else f"{report.cases:,} of {cases:,} games played")
            lines.append(f"{_stopper()} stopped the replays of the disagreements ({played})")
        elif report.interrupted:
            lines.append(f"{_stopper()} stopped the run after {report.cases:,} of {cases:,} games; "
                         f"{cases - report.cases:,} not played")
    if report.engine_error is not None:
        lines.append(f"the engine broke off in game {report.cases + 1} at step {report.engine_step}"
                     f"{'; the games before it are reported above' if report.cases else ''}"
                     f"{'' if report.broken_request is None else f'; its request written to {target}'}")
    elif not report.disagreements:
        lines += _agreement(report, cases, time_given, strict, "spec and outside engine")
    return lines


def sequence_ids(d: Any) -> list[str]:
    """The ids of the requests written for a disagreement narrowed to a sequence
    (:attr:`foolsolve.conformance.Divergence.narrowed`): the earlier requests found, then its own
    again, ``case N step S sequence I/K``; none where no sequence was found."""
    sequence = None if d.narrowed is None else d.narrowed.sequence
    if sequence is None:
        return []
    total = len(sequence) + 1
    return [f"case {d.case} step {d.step} sequence {i}/{total}" for i in range(1, total + 1)]


def replay_text(d: Any) -> str:
    """The line under a replayed disagreement: whether its request alone shows it in a fresh engine
    process (a one-request reproduction) or not (it needs the requests before it: then the
    earlier requests of its game found after which it shows, or that none were), and the smaller
    request found."""
    where = f"'case {d.case} step {d.step}'"
    if not d.alone:
        alone = f"  its request {where} alone, in a fresh engine process, does NOT show it"
        found = d.narrowed
        if found is None:
            return f"{alone}: the engine's answer depends on the requests before it in the run"
        if not found.of:
            return (f"{alone}, and its game asked nothing before it: the engine's answer depends on the requests of "
                    "earlier games in the run")
        if found.sequence is None:
            return (f"{alone}, nor after the {plural(found.of, 'request')} its game asked before it "
                    f"({plural(found.runs, 'fresh engine run')}): the engine's answer depends on the requests of "
                    "earlier games in the run")
        from foolsolve.conformance import NARROW_RUNS, NARROW_SECONDS

        first, last = sequence_ids(d)[0], sequence_ids(d)[-1]
        bound = (f"; the search stopped at its bound ({NARROW_RUNS} runs, {NARROW_SECONDS:g} s): a shorter one may "
                 "exist" if found.bounded else "")
        return (f"{alone}; after {len(found.sequence)} of the {plural(found.of, 'request')} its game asked before "
                f"it, asked first, it does: a {len(found.sequence) + 1}-request reproduction, '{first}' to "
                f"'{last}' ({plural(found.runs, 'fresh engine run')}{bound})")
    if d.shrunk is None:
        return (f"  its request {where} alone shows it in a fresh engine process: a one-request reproduction "
                "(none smaller found)")
    return (f"  its request {where} alone shows it in a fresh engine process, and so does a smaller one, "
            f"{where[:-1]} shrunk': a one-request reproduction")


def _agreement(report: Any, cases: int, time_given: float | None, strict: bool, who: str) -> list[str]:
    """The line saying ``who`` agree (``spec and engine``): in the games finished before Ctrl-C or
    SIGTERM stopped the run (stopped before any game finished: that, and no agreement), within the
    --time given, or in every game; none where a run cut short is ``--strict``'s error (or the
    default --time stopped it, which the caller says)."""
    if report.interrupted:
        if not report.cases:
            return [f"{_stopper()} stopped the run before any game finished"]
        return [f"{who} agree in the {report.cases:,} of {cases:,} games finished before {_stopper()} stopped the run"]
    if report.timed_out:
        if time_given is not None and not (strict and report.cut):
            return [f"{who} agree in the {report.cases:,} of {cases:,} games finished within --time {time_given:g} s"]
        return []
    return [] if strict and report.cut else [f"{who} agree"]


def conform_outside_json(game: str, command: str, report: Any, cases: int, max_steps: int, secs: float,
                         target: str | None, without_knowledge: bool = False,
                         status: bool = False, every_move: bool = False) -> dict[str, Any]:
    """``conform --engine --json``'s object: ``conform --json``'s fields (``divergence`` and
    ``sampled`` aside), the engine's command, each disagreeing game's first disagreement (``case``,
    ``step``, ``kind``, ``detail``, ``moves_before``; ``alone``: whether its request alone shows it
    in a fresh engine process, ``null`` where it was not replayed; ``shrunk``: the id of a smaller
    request written that does, ``null``: none; ``sequence``: where its request alone does not, the
    earlier requests of its game found after which it does, ``null``: not searched), the positions after a move compared
    (``successors``) and the states where they were sampled (``successors_sampled``), whether
    every legal move's was (``every_move``), the file their requests were written to
    (``requests``, ``null``: none), the engine's error where it broke off (``null``: none) and
    the game and step it broke off at (``broken_at``, ``null``: none), and
    whether positions were compared without the knowledge fields (``without_knowledge``) and
    statuses compared (``status``)."""
    return {"game": game, "engine": command, "cases": cases, "finished": report.cases,
            "agreeing": report.cases - len(report.disagreements), "cut": report.cut, "max_steps": max_steps,
            "states": report.states, "moves": report.moves, "timed_out": report.timed_out,
            "interrupted": report.interrupted,
            "successors": report.successors, "successors_sampled": report.successors_sampled,
            "every_move": every_move,
            "disagreements": [{"case": d.case, "step": d.step, "kind": d.kind, "detail": d.detail,
                               "moves_before": d.history[-12:], "alone": d.alone,
                               "shrunk": None if d.shrunk is None else f"case {d.case} step {d.step} shrunk",
                               "sequence": None if d.narrowed is None else {
                                   "before": None if d.narrowed.sequence is None else len(d.narrowed.sequence),
                                   "of": d.narrowed.of, "runs": d.narrowed.runs, "bounded": d.narrowed.bounded,
                                   "ids": sequence_ids(d)}}
                              for d in report.disagreements],
            "requests": target, "engine_error": report.engine_error,
            "broken_at": None if report.engine_error is None else {"case": report.cases + 1,
                                                                  "step": report.engine_step},
            "seconds": round(secs, 3),
            "without_knowledge": without_knowledge, "status": status}


def strict_failure(report: Any, cases: int, max_steps: int, time_limit: float | None) -> str:
    """``conform --strict``'s one-line error for a run cut short: the games ``--time`` left
    unplayed, the games cut at ``--max-steps``, or both, each with the option that raises it."""
    why, fixes = [], []
    if report.timed_out:
        why.append(f"stopped by --time {time_limit:g} s with {report.cases:,} of {cases:,} games checked (each agreeing)")
        fixes.append("--time raises it, --time 0: no limit")
    if report.cut:
        why.append(f"{report.cut:,} of {report.cases:,} {'game' if report.cases == 1 else 'games'} checked cut at "
                   f"--max-steps {max_steps} (agreeing up to there)")
        fixes.append("--max-steps raises it")
    return f"--strict: {'; '.join(why)}: not a full run; {'; '.join(fixes)}"


def conform_text(game: str, report: Any, cases: int, max_steps: int, secs: float, target: str | None,
                 time_given: float | None, strict: bool = False) -> list[str]:
    """``conform``'s report in lines (``target``: where the shrunk diverging position was written;
    ``time_given``: the --time given, ``None`` for the default or under --strict, whose stop is an
    error instead; ``strict``: a game cut at --max-steps is an error too, not an agreement)."""
    from foolsolve.conformance import FAMILY_LIST_MAX, FAMILY_SAMPLE

    cut = f" ({report.cut} cut at --max-steps {max_steps})" if report.cut else ""
    lines = [f"{game}: {plural(report.cases, 'game')}{cut}, {plural(report.states, 'state')}, "
             f"{plural(report.moves, 'move')} checked in {secs:.1f} s"]
    if report.sampled:
        lines.append(f"legal-move sets compared move by move, except at {report.sampled:,} states with more than "
                     f"{FAMILY_LIST_MAX} {'/'.join(sorted(report.families))} moves: compared by count and "
                     f"{FAMILY_SAMPLE} seeded moves from each side (membership and successors)")
    else:
        lines.append("legal-move sets compared move by move at every state")
    d = report.divergence
    if d is not None:
        lines += [f"DIVERGENCE {d.summary()}", f"moves before it: {' | '.join(d.history[-12:]) or '(none)'}",
                  f"shrunk position written to {target}"]
    else:
        lines += _agreement(report, cases, time_given, strict, "spec and engine")
    return lines


def conform_json(game: str, report: Any, cases: int, max_steps: int, secs: float,
                 target: str | None) -> dict[str, Any]:
    """``conform --json``'s object: the games asked for (``cases``), ``finished`` and ``agreeing``
    (all finished but a diverging one), ``cut`` at ``max_steps``, what was checked, whether
    ``--time`` or Ctrl-C stopped the run, the first divergence (``null``: none) with where its
    shrunk position was written, and the seconds taken."""
    d = report.divergence
    divergence = None if d is None else {"kind": d.kind, "step": d.step, "detail": d.detail,
                                         "moves_before": d.history[-12:], "shrunk_position": target}
    return {"game": game, "cases": cases, "finished": report.cases, "agreeing": report.cases - (d is not None),
            "cut": report.cut, "max_steps": max_steps, "states": report.states, "moves": report.moves,
            "sampled": report.sampled, "timed_out": report.timed_out, "interrupted": report.interrupted,
            "divergence": divergence, "seconds": round(secs, 3)}


PERFT_SECONDS = 600.0
"""``perft``'s default ``--time``: a count not done in ten minutes stops (exit 2) unless the user
gives more (``--time 0``: no limit)."""


class PerftRun:
    """One perft count as ``foolsolve perft`` and the oracle's ``perft`` request run it: the spec's,
    the engine's or both (``impl``), each total or per first move (``divide``), stopped by
    ``time_limit`` (``None``: :data:`PERFT_SECONDS`; 0: no limit) or Ctrl-C. :meth:`run` fills
    :attr:`results` as it counts (a stop keeps what finished, and with ``divide`` the first moves
    finished of :attr:`running`, the count it cut short). ``max_nodes``: each count stops after
    listing the moves of that many positions (:class:`SearchLimit`, as at the time limit). Bad
    arguments are :class:`InputError` naming perft's options as the caller calls them
    (:func:`~foolsolve.errors.option_name`: ``--divide``, ``--max-nodes``; the oracle's request
    fields, ``divide``, ``max_nodes``)."""

    def __init__(self, info: GameInfo, state: Any, depth: int, *, divide: bool = False, impl: str = "both",
                 time_limit: float | None = None, max_nodes: int | None = None) -> None:
        if divide and depth == 0:
            raise InputError(f"{option_name('--divide')}: counts per first move need {option_name('--depth')} 1 or "
                             "more (depth 0 has no first move)")
        if impl != "spec" and info.engine is None:
            raise InputError(f"{option_name('--impl')}: {info.name} has no engine")
        self.info, self.state, self.depth, self.divide, self.impl = info, state, depth, divide, impl
        self.default_time = time_limit is None
        self.time_limit = PERFT_SECONDS if time_limit is None else time_limit or None  # 0: no limit
        self.max_nodes = max_nodes
        self.results: dict[str, dict[str, int] | int] = {}
        """Each count finished (``spec``, ``engine``): its total, or with ``divide`` its count per first
        move (the spec's move texts)."""
        self.running = ""
        """The count under way when a stop came (the others before it finished)."""

    def run(self) -> None:
        """Count (raises :class:`SearchLimit` at the time limit, ``KeyboardInterrupt`` on Ctrl-C)."""
        from foolsolve import perft as pf

        info, state, depth, results = self.info, self.state, self.depth, self.results
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        for name in ("spec", "engine"):
            if self.impl not in (name, "both"):
                continue
            self.running = name
            with progress(f"perft {name} depth {depth}", unit="sequences") as shown:
                def tick(count: int) -> None:
                    if deadline is not None and time.monotonic() > deadline:
                        raise SearchLimit("--time", option="time")
                    shown(count)

                done: dict[str, int] = {}
                if self.divide:
                    results[name] = done  # filled first move by first move: kept on a stop
                if name == "spec":
                    spec: Any = _NodeBudget(info.spec, self.max_nodes) if self.max_nodes is not None else info.spec
                    results["spec"] = (pf.spec_divide(spec, state, depth, tick, into=done)
                                       if self.divide else pf.spec_perft(spec, state, depth, tick))
                else:
                    assert info.engine is not None
                    es = info.engine.from_spec(state)
                    engine: Any = _NodeBudget(info.engine, self.max_nodes) if self.max_nodes is not None else info.engine
                    results["engine"] = (pf.engine_divide(engine, es, depth, tick, into=done)
                                         if self.divide else pf.engine_perft(engine, es, depth, tick))
        self.running = ""

    def limit_error(self, exc: SearchLimit) -> LimitError:
        """The one line of a count the time limit or ``max_nodes`` stopped (``exc``): which total did not
        finish, and what the per-move counts kept are; a :class:`LimitError` (a budget ran out)."""
        kept = self.results.get(self.running)
        finished = (f" (the per-move counts above are the {len(kept)} of "
                    f"{len(self.info.spec.legal_moves(self.state))} first moves it finished)"
                    if isinstance(kept, dict) and kept else "")
        stopped = f"the {self.running} total at depth {self.depth} did not finish within"
        if exc.option == "nodes":
            return LimitError(f"{option_name('--max-nodes')}: {stopped} {self.max_nodes:,} nodes (positions whose "
                              f"moves it listed){finished}")
        time_ = option_name("--time")
        given = f" (the default; {time_} raises it, {time_} 0: no limit)" if self.default_time else ""
        return LimitError(f"{time_}: {stopped} {self.time_limit:g} s{given}{finished}")


class _NodeBudget:
    """A spec or an engine whose ``legal_moves`` raises :class:`SearchLimit` (option ``nodes``) once
    it has listed the moves of ``limit`` positions; everything else is the game's own (a perft count's
    ``max_nodes``, :class:`PerftRun`)."""

    def __init__(self, game: Any, limit: int) -> None:
        self._game, self._limit, self._nodes = game, limit, 0

    def legal_moves(self, state: Any) -> Any:
        self._nodes += 1
        if self._nodes > self._limit:
            raise SearchLimit("max_nodes", option="nodes")
        return self._game.legal_moves(state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def perft_json(game: str, depth: int, results: dict[str, dict[str, int] | int], running: str = "") -> dict[str, Any]:
    """``perft --json``'s object: for each count (``spec``, ``engine``) its ``total`` (``None`` for
    ``running``, the count a stop cut short) and, counted per first move (``--divide``), ``moves``:
    ``[{"move", "count"}]`` in the order counted, the spec's move texts as ``moves`` prints them;
    ``agree``: whether both totals (and per-move counts) are equal, ``None`` unless both finished."""
    obj: dict[str, Any] = {"game": game, "depth": depth}
    for name, value in results.items():
        if isinstance(value, dict):
            obj[name] = {"total": None if name == running else sum(value.values()),
                         "moves": [{"move": m, "count": n} for m, n in value.items()]}
        else:
            obj[name] = {"total": value}
    if running and running not in results:
        obj[running] = {"total": None}
    both = "spec" in results and "engine" in results and running in ("", None)
    obj["agree"] = results["spec"] == results["engine"] if both else None
    return obj


@cli.command()
@click.argument("position", type=click.Path(dir_okay=False), required=False)
@click.option("--depth", type=Whole(min=0), default=3, show_default=True,
              help="The length of the move sequences counted: exactly DEPTH moves (0: the count is 1).")
@click.option("--divide", is_flag=True, help="Counts per first move, each move named as `foolsolve moves` prints it.")
@click.option("--impl", type=Choice(["spec", "engine", "both"]), default="both", show_default=True,
              help="Count with the rules' literal spec, the game's fast engine, or both and compare their counts "
                   "(a mismatch: exit 1).")
@click.option("--time", "time_limit", type=Seconds(min=0), default=None, metavar="SECONDS",
              help=f"Give up after this many seconds: no total, exit 2 (with --divide, the first moves counted so "
                   f"far are printed first, marked as partial) [default: {PERFT_SECONDS:g}; 0: no limit; at most a "
                   "year].")
@click.option("--max-nodes", type=NODES, default=None,
              help="Give up a count after listing the moves of this many positions: no total, exit 2, as --time "
                   "(the same on every machine). Above 2^62: read as 2^62.")
@click.option("--json", "as_json", is_flag=True,
              help='Print one JSON object: {"game", "depth", "spec": {"total", "moves"}, "engine": ..., "agree"} '
                   '("moves", with --divide: [{"move", "count"}]).')
@click.option("--list", "list_files", is_flag=True,
              help="Instead of counting, print the paths of the perft files and recorded playthroughs shipped "
                   "with foolsolve, one a line (--json: a JSON list; docs/engines.md describes them).")
@ascii_option
def perft(position: str | None, depth: int, divide: bool, impl: str, time_limit: float | None = None,
          max_nodes: int | None = None, as_json: bool = False, list_files: bool = False) -> None:
    """Count the move sequences of exactly DEPTH moves from POSITION (spec, engine or both).

    \b
    What is counted (the perft of chess programs):
      depth 0 counts 1 (the position itself);
      depth 1 counts the legal moves;
      a sequence that reaches the game's end before DEPTH moves counts 0;
      each outcome of a chance node is one move (Three Fools: the first leader and
      Roshambo; Fool's Paradise: a draw from a stock given only by its size);
      Durak's "redeal" is one move, its new deal fixed by the position's redeal_seed.

    A long count shows its progress on a terminal; Ctrl-C (or --time, 600 s by default) stops
    it, and with --divide the first moves counted so far are printed first. --json prints the
    same counts as one JSON object (a count stopped before its end has "total": null).
    --list prints the paths of the bundled perft files and playthroughs (docs/engines.md)."""
    from foolsolve import perft as pf

    if list_files:
        if position is not None:
            raise InputError("--list: takes no POSITION (it lists the bundled files)")
        for name, option in (("depth", "--depth"), ("divide", "--divide"), ("impl", "--impl"), ("time_limit", "--time"),
                             ("max_nodes", "--max-nodes")):
            if given_on_command_line(name):
                raise InputError(f"{option}: not with --list (it counts nothing)")
        from foolsolve import reference

        paths = [str(path) for path in reference.files()]
        click.echo(jsonout.dumps(paths) if as_json else "\n".join(paths))
        return
    if position is None:
        raise InputError("missing argument POSITION (or --list: the bundled perft files and playthroughs)")

    info, state = load_position(position)
    counting = PerftRun(info, state, depth, divide=divide, impl=impl, time_limit=time_limit, max_nodes=max_nodes)
    results = counting.results
    try:
        counting.run()
    except (KeyboardInterrupt, SearchLimit) as exc:
        running = counting.running
        if as_json:  # every count asked for so far: the one cut short with "total": null
            click.echo(jsonout.dumps(perft_json(info.name, depth, results, running)))
        else:
            for name, value in results.items():
                partial = name == running  # its first moves finished, if any
                if partial and not (isinstance(value, dict) and value):
                    continue
                if isinstance(value, dict):  # a count that finished, even of 0 sequences, or a partial one
                    click.echo(f"{name} (partial: stopped before the end):" if partial else f"{name}:")
                    for m, n in value.items():
                        click.echo(f"  {m}: {n}")
                    if not partial:
                        click.echo(f"  total: {sum(value.values())}")
                else:
                    click.echo(f"{name}: {value}")
        if isinstance(exc, SearchLimit):
            raise counting.limit_error(exc) from None  # no total at this depth, so no answer (exit 2)
        raise
    if as_json:
        obj = perft_json(info.name, depth, results)
        click.echo(jsonout.dumps(obj))
        if obj["agree"] is False:
            sys.exit(1)
        return
    for name, value in results.items():
        if isinstance(value, dict):
            click.echo(f"{name}:")
            for m, n in value.items():
                click.echo(f"  {m}: {n}")
            click.echo(f"  total: {sum(value.values())}")
        else:
            click.echo(f"{name}: {value}")
    if len(results) == 2 and results["spec"] != results["engine"]:
        if isinstance(results["spec"], dict) and isinstance(results["engine"], dict):
            for line in pf.divide_mismatch(results["spec"], results["engine"]):
                click.echo(f"MISMATCH {line}")
        else:
            click.echo("MISMATCH: spec and engine differ (run with --divide)")
        sys.exit(1)


# --- proofs ----------------------------------------------------------------------------


@cli.command()
@click.argument("names", nargs=-1)
@click.option("--list", "list_only", is_flag=True, help="List the proofs.")
def prove(names: Sequence[str], list_only: bool) -> None:
    """Run the Z3 proofs of rule properties (all, or those NAMED). Exit 1 if any fails."""
    from foolsolve.proofs import registry

    proofs = registry.select(names)
    failed = 0
    width = max((len(p.name) for p in proofs), default=5)
    if list_only:
        for p in proofs:
            click.echo(f"{p.name}: {p.statement}")
        return
    click.echo(f"{'result':7} {'seconds':>7}  {'proof':{width}}  statement")
    total = time.monotonic()
    for done, p in enumerate(proofs):
        t0 = time.monotonic()
        try:
            outcome = p.run()
        except KeyboardInterrupt:
            # Ctrl-C: the proofs above stand; the one under way is neither proved nor failed
            raise Stopped(f"prove interrupted in {p.name}; {plural(done, 'proof')} finished before it: "
                          f"{done - failed} proved, {failed} failed") from None
        status = "proved" if outcome.proved else "FAILED"
        click.echo(f"{status:7} {time.monotonic() - t0:7.2f}  {p.name:{width}}  {p.statement}")
        if not outcome.proved:
            failed += 1
            click.echo(f"{'':17}counterexample: {outcome.detail}")
        elif outcome.detail:
            click.echo(f"{'':17}{outcome.detail}")
    click.echo(f"{len(proofs) - failed} proved, {failed} failed ({time.monotonic() - total:.1f} s)")
    if failed:
        sys.exit(1)


# --- entry point -----------------------------------------------------------------------


CORE_COMMANDS: tuple[CommandRef, ...] = (
    # commands kept in modules of their own, for every game: name, "module:attribute", the first
    # paragraph of its help (a test checks it against the command's own help)
    CommandRef("ambiguities", "foolsolve.ambiguities_cli:ambiguities",
               "Where does the choice of one rule option matter?"),
    CommandRef("why", "foolsolve.why:why", "Why is MOVE legal or illegal at POSITION?"),
    CommandRef("report", "foolsolve.report:report", "Write a self-contained HTML analysis page of POSITION."),
    CommandRef("batch", "foolsolve.batch:batch_command",
               "Solve many positions: JSON Lines in, JSON Lines out, in input order."),
    CommandRef("oracle", "foolsolve.oracle:oracle_command",
               "Answer rules questions for another program: JSON Lines in, JSON Lines out, in order."),
    CommandRef("store", "foolsolve.store_cli:store_command", "The result store of solved positions: stats, export, clear."),
    CommandRef("arena", "foolsolve.arena_cli:arena_command",
               "Bots play GAME against each other: duplicate deals, win rates with Wilson intervals, Elo."),
    CommandRef("docs", "foolsolve.bundled:docs_command", "The documentation pages: list them, or print one."),
    CommandRef("examples", "foolsolve.bundled:examples_command",
               "The example positions shipped with the package: name, game, path."),
)


class GameCommands(LazyGroup):
    """``foolsolve GAME COMMAND``: one game's own commands (declared in its registry record,
    imported when run)."""


def game_group(info: GameInfo) -> GameCommands:
    """The group of ``info``'s own commands."""
    names = ", ".join(ref.name for ref in info.commands)
    group = GameCommands(info.name, help=f"The {info.name} game's own commands: {names}.",
                         context_settings={"help_option_names": ["-h", "--help"]})
    for ref in info.commands:
        group.add_lazy_command(ref)
    return group


def _register_game_commands() -> None:
    # the shared commands above and, per game with commands of its own, a group of them
    # (declared in the registry records); each command is imported only when run (foolsolve.lazy)
    for ref in CORE_COMMANDS:
        cli.add_lazy_command(ref)
    for info in games.all_games():
        if not info.commands:
            continue
        if info.name in cli.commands and not isinstance(cli.commands[info.name], GameCommands):
            raise ValueError(f"game {info.name!r}: the name of a foolsolve command")
        cli.add_command(game_group(info))


FLAG_COMMANDS = ("solve", "report")
"""The commands (besides ``foolsolve POSITION.json``) that take a game's solve switches
(:attr:`~foolsolve.games.base.GameInfo.solver_flags`, ``--equilibrium``) as their ``-o`` options."""


def _old_spellings(args: list[str]) -> list[str]:
    """``args`` with a game command's old spelling (``defend ...``, ``simulate three-fools ...``)
    rewritten to ``GAME COMMAND ...``, saying so on stderr; and a game's deprecated solve switches
    (``--equilibrium``) rewritten to their ``-o`` options."""
    old = games.old_spellings()
    if args and args[0] in old:
        info, ref = old[args[0]]
        rest = args[1:]
        if ref.old_takes_game:
            if not rest or rest[0].startswith("-"):
                raise InputError(f"{args[0]}: name the game first ({args[0]} {info.name} ...), or better: "
                                 f"foolsolve {info.name} {ref.name} ...")
            if games.get(rest[0]) is not info:
                raise InputError(f"game: {args[0]} plays {info.name} only, not {games.get(rest[0]).name}")
            rest = rest[1:]
        click.echo(f"foolsolve: '{args[0]}{' GAME' if ref.old_takes_game else ''}' is deprecated and goes in the "
                   f"next release; use 'foolsolve {info.name} {ref.name}'", err=True)
        return [info.name, ref.name, *rest]
    flags = {f.flag: f for info in games.all_games() for f in info.solver_flags}
    if not any(a in flags for a in args) or "--" in args:
        return args
    if args and cli.is_command(args[0]) and args[0] not in FLAG_COMMANDS:
        return args
    out: list[str] = []
    for a in args:
        flag = flags.get(a)
        if flag is None:
            out.append(a)
            continue
        if flag.deprecated:
            click.echo(f"foolsolve: {a} is deprecated and goes in the next release; use -o {flag.option}", err=True)
        out.extend(["-o", flag.option])
    return out


ERROR_WIDTH = 300
"""Longest error message printed: an error names its field first, and may quote the user's
input after it (a move text, a schema's view of a value), which is cut beyond this."""


def one_line(message: str, width: int = ERROR_WIDTH) -> str:
    """``message`` on one line (line breaks and runs of blanks, say in a quoted move text,
    become one space; other control characters their escapes: :func:`foolsolve.errors.printable_line`),
    cut to ``width`` characters with a note of how much was left out."""
    text = printable_line(message)
    if len(text) <= width:
        return text
    cut = f"{text[:width]}... ({len(text) - width} more characters)"
    return cut if len(cut) < len(text) else text  # (a cut no shorter than the rest would only hide it)


def _command_path(argv: Sequence[str] | None) -> str:
    """``foolsolve CMD`` for a command line naming a command first, else ``foolsolve`` (for the
    help pointer of an option error that click raises before the command has a context)."""
    args = list(argv) if argv is not None else sys.argv[1:]
    if isinstance(cli, _DefaultGroup):
        args = cli.with_command(args)
        if args and cli.is_command(args[0]):
            return f"foolsolve {args[0]}"
    return "foolsolve"


def wants_json(argv: Sequence[str] | None, flag: str = "--json") -> bool:
    """Whether the command line asks for JSON (``--json`` before any ``--``): its errors are then
    JSON objects too (:func:`error_out`). ``flag``: whether it gives another flag so (``--ascii``)."""
    args = list(argv) if argv is not None else sys.argv[1:]
    if "--" in args:
        args = args[:args.index("--")]
    return flag in args



def _takes_json(exc: click.ClickException) -> bool:
    """Whether the command a usage error is about has a ``--json`` flag. :func:`wants_json` only
    sees ``--json`` among the arguments; on a command without the flag that ``--json`` is itself the
    error (``perft --json``: "No such option"), which is then plain text, as ``--jsn``'s is."""
    ctx = getattr(exc, "ctx", None)
    if not isinstance(exc, click.UsageError) or ctx is None:
        return True  # (raised once the command line was read: its --json was the command's own)
    return any(isinstance(p, click.Option) and "--json" in p.opts for p in ctx.command.params)


def error_out(message: str, code: int, kind: str, as_json: bool) -> None:
    """Print an error on standard error: ``foolsolve: error: MESSAGE``, or with ``--json`` one JSON
    object on one line, ``{"error": MESSAGE, "kind": KIND, "exit_code": CODE}`` (kind: ``input``
    for bad input and usage, ``limit`` for a budget that ran out before an answer (a
    :class:`~foolsolve.errors.LimitError`: ``--time``, ``--max-nodes``), ``internal``, ``interrupted``);
    standard output keeps only results. The JSON object writes what standard error's encoding lacks
    as JSON escapes (``\\u2666``), as every JSON the program prints does
    (:func:`foolsolve.textout.json_text`; under ``--ascii``, ASCII text)."""
    if as_json:
        line = json.dumps({"error": message, "kind": kind, "exit_code": code}, ensure_ascii=False)
        click.echo(stream_json_text(line, sys.stderr), err=True)
    elif kind == "internal":
        click.echo(f"foolsolve: internal error: {message}", err=True)
    elif kind == "interrupted":
        # on a terminal the line starts over the ^C the terminal echoed, not after it
        click.echo(f"{_line_start()}foolsolve: {message}", err=True)
    else:
        click.echo(f"foolsolve: error: {message}", err=True)


def _line_start() -> str:
    """A carriage return where standard error is a terminal, else nothing."""
    try:
        return "\r" if sys.stderr.isatty() else ""
    except (AttributeError, ValueError):
        return ""


_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
"""The errors of writing where there is no room."""


def _drop_stdout() -> None:
    """Point standard output at the null device (where it has a file descriptor)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def main(argv: Sequence[str] | None = None) -> None:
    """Run the CLI: one-line errors with exit 2 for bad input (click's usage errors too),
    130 on Ctrl-C, 141 quietly when standard output's reader went away (:data:`EXIT_PIPE`); with
    ``--json`` each error is a JSON object on standard error. Standard output closed (``>&-``) is
    a one-line error before anything runs: every command writes there (its result, or ``wrote
    OUT``). Text goes out in the streams' own encoding, what it lacks in ASCII
    (:func:`foolsolve.textout.safe_text_streams`). An XDG variable that is no absolute path is
    ignored, as the XDG specification says, by all the command starts too
    (:func:`foolsolve.xdg.drop_relative`). Standard error that cannot be written (``2>/dev/full``,
    ``2>&-``) changes neither the output nor the exit code (:class:`foolsolve.textout.QuietErrors`)."""
    from foolsolve.textout import quiet_errors, safe_text_streams
    from foolsolve.xdg import drop_relative

    drop_relative()
    as_json = wants_json(argv)
    with quiet_errors():
        if _stdout_closed():
            error_out(STDOUT_CLOSED, 2, "input", as_json)
            sys.exit(2)
        with safe_text_streams(ascii_only=wants_json(argv, "--ascii"), as_json=as_json), quiet_errors():
            try:
                _run(argv, as_json)
            finally:
                _close_opened_stores()


def _stopped(message: str, as_json: bool) -> NoReturn:
    """End a command Ctrl-C or SIGTERM stopped: its one line (:func:`foolsolve.errors.stop_text`) and
    exit code (130, or 143 after SIGTERM)."""
    message, code = stop_text(message)
    error_out(message, code, "interrupted", as_json)
    sys.exit(code)


STDOUT_CLOSED = "standard output: cannot write (closed)"
"""The error of a command started with its standard output closed (``foolsolve ... >&-``)."""


def _stdout_closed() -> bool:
    """Whether standard output is closed: Python found no file descriptor 1 at start (``>&-``:
    ``sys.stdout`` is None), or the stream was closed."""
    return sys.stdout is None or bool(getattr(sys.stdout, "closed", False))


def _run(argv: Sequence[str] | None, as_json: bool) -> None:
    """:func:`main`'s command, its errors each one line with its exit code."""
    try:
        _register_game_commands()
        args = _old_spellings(list(argv) if argv is not None else sys.argv[1:])
        with command_line_names():  # every error names the command's options, a Python entry point's it calls too
            code = cli.main(args=args, prog_name="foolsolve", standalone_mode=False)
        if isinstance(code, int) and code:
            # without standalone mode click returns a command's ctx.exit(code) instead of raising it
            sys.exit(code)
    except InputError as exc:
        error_out(one_line(str(exc), getattr(exc, "width", ERROR_WIDTH)), 2,
                  "limit" if isinstance(exc, LimitError) else "input", as_json)
        sys.exit(2)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.NoArgsIsHelpError as exc:
        ctx = exc.ctx
        if ctx.parent is None:  # 'foolsolve' alone: the command list, where a new user starts
            click.echo(ctx.get_help())
            sys.exit(0)
        # a group without its command ('foolsolve store'): one line naming the choices
        assert isinstance(ctx.command, click.Group)
        name = ctx.command.name or ctx.info_name  # three-fools, however it was typed (three_fools)
        names = ", ".join(ctx.command.list_commands(ctx))
        error_out(f"{name}: a command is needed: {names} (see '{ctx.parent.command_path} {name} --help')", 2, "input",
                  as_json)
        sys.exit(2)
    except click.ClickException as exc:
        # a mistyped or missing option or argument: one line too, with where to find help
        where = exc.ctx.command_path if isinstance(exc, click.UsageError) and exc.ctx else _command_path(argv)
        error_out(f"{one_line(exc.format_message())} (see '{where} --help')", exc.exit_code, "input",
                  as_json and _takes_json(exc))
        sys.exit(exc.exit_code)
    except (KeyboardInterrupt, click.exceptions.Abort) as exc:
        # one line, whichever way Ctrl-C arrives (a command's Stopped names what was kept)
        # (SIGTERM stops as Ctrl-C does, foolsolve.errors.on_sigterm: its line says so, exit 143)
        cause = exc.__cause__ if isinstance(exc, click.exceptions.Abort) else exc
        _stopped(cause.message if isinstance(cause, Stopped) else "interrupted", as_json)
    except (BrokenPipeError, ReaderGone):
        _reader_gone()
    except Exception as exc:
        if refused_memory(exc) and not os.environ.get("FOOLSOLVE_DEBUG"):
            # a MemoryError, or a thread or module load the limit refused (first: what follows imports
            # a module, which the same limit refuses)
            error_out(out_of_memory(), 2, "limit", as_json)
            sys.exit(2)
        try:
            from foolsolve.z3run import is_ctrl_c
        except (ImportError, MemoryError):  # (ctypes cannot be loaded: no Z3 call can have run)
            def is_ctrl_c(exc: BaseException) -> bool:
                return False

        if is_ctrl_c(exc):  # Ctrl-C that ctypes wrapped as it converted an argument (in Z3's API)
            _stopped("interrupted", as_json)
        if isinstance(exc, OSError) and exc.errno in _FULL and not os.environ.get("FOOLSOLVE_DEBUG"):
            # a full disk under standard output (> /dev/full): the outputs named by an option say
            # so themselves; what is left unwritten is dropped, so no second error follows at exit
            _drop_stdout()
            error_out(f"standard output: cannot write ({exc.strerror or exc})", 2, "input", as_json)
            sys.exit(2)
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE) and not os.environ.get("FOOLSOLVE_DEBUG"):
            error_out(too_many_open_files(exc.errno), 2, "limit", as_json)
            sys.exit(2)
        if os.environ.get("FOOLSOLVE_DEBUG"):
            raise
        error_out(f"{type(exc).__name__}: {exc} (FOOLSOLVE_DEBUG=1 shows the traceback)", 1, "internal", as_json)
        sys.exit(1)
    finally:
        _flush_stdout(as_json)


EXIT_PIPE = 141
"""The exit code when standard output's reader went away (``foolsolve ... | head``): 128 + SIGPIPE,
what a process killed by the signal reports to the shell; nothing is printed."""


def _flush_stdout(as_json: bool) -> None:
    """Write out what standard output holds before the process ends, so that a reader gone is
    :data:`EXIT_PIPE` here and a full disk the usual one line, not Python's "Exception ignored"
    lines at exit."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_gone()
    except OSError as exc:
        _drop_stdout()
        error_out(f"standard output: cannot write ({exc.strerror or exc})", 2, "input", as_json)
        sys.exit(2)
    except (ValueError, AttributeError):  # no standard output, or closed
        pass


def _reader_gone() -> None:
    """Exit :data:`EXIT_PIPE`, quietly: standard output goes to the null device, so that what is left
    in its buffer does not fail again at exit."""
    _drop_stdout()
    sys.exit(EXIT_PIPE)
