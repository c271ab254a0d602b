"""The one solver interface: options in, :class:`SolveResult` out."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import islice
from typing import Any, cast

from foolsolve.errors import InputError, OptionError, option_name, solver_options_named
from foolsolve.jsonout import plain
from foolsolve.rules import json_shown

WIN, DRAW, LOSS = "win", "draw", "loss"

VALUE_KINDS = ("outcome", "score", "payoff", "odds", "equilibrium", "estimate")
"""How a result's values read (``value_kind`` of ``--json``; schemas/result.schema.json):

* ``outcome``: ``"win"``, ``"draw"`` or ``"loss"`` for the side the result is about;
* ``score``: a whole number (a score difference, or a paranoid value);
* ``payoff``: a number, a whole one or an exact fraction written ``"p/q"`` (max-n payoffs);
* ``odds``: an object of exact probabilities, each a fraction string with its float beside it
  (``{"win": "148/325", "win_float": 0.4554, "penalty": ..., "penalty_float": ...}``);
* ``equilibrium``: floats from a numerical equilibrium: the position's value is the leader's
  expected payoff, each move's value her expected payoff when she plays it against the other
  players' equilibrium strategies, and its :attr:`MoveValue.probability` how often she plays it;
  :attr:`SolveResult.best` is the equilibrium's support (the moves she plays);
* ``estimate``: a float, a payoff estimated by a search that is not exact (the open-hand search
  where the exact solver does not answer; :attr:`SolveResult.method` names it, and ``details``
  holds the search's own method and depth)."""


Value = str | int | float | dict[str, str | float]
"""A value as a result holds it, by :data:`VALUE_KINDS`: an ``outcome``'s text, a ``score``'s whole
number, a ``payoff``'s whole number or ``"p/q"`` text, an ``odds`` object, an ``equilibrium``'s or an
``estimate``'s float (Foolery's finished round: ``"over"``)."""


def exact_number(x: Fraction | int) -> int | str:
    """A number for JSON, exact: a whole number as itself, any other fraction as ``"p/q"``."""
    x = Fraction(x)
    return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def odds_value(**probabilities: Fraction) -> dict[str, str | float]:
    """An ``odds`` value: each exact probability as its fraction string and, beside it under
    ``NAME_float``, as a float (``odds_value(win=Fraction(1, 3))``)."""
    out: dict[str, str | float] = {}
    for name, p in probabilities.items():
        out[name] = str(Fraction(p))
        out[f"{name}_float"] = float(p)
    return out


ODDS_ORDER = ("win", "penalty", "held")
"""The order :func:`value_text` writes an ``odds`` value's probabilities in, whatever the order of
its keys (the result store keeps them sorted); any other after them, in its own order."""


def value_text(value: Any) -> str:
    """A value as the text output prints it: ``win``, ``-43``, ``0.250000``, or an ``odds``
    object as ``win 148/325 (0.4554), penalty 0 (0.0000)`` (in :data:`ODDS_ORDER`)."""
    if isinstance(value, dict):
        names = sorted((k for k in value if not k.endswith("_float")),
                       key=lambda k: ODDS_ORDER.index(k) if k in ODDS_ORDER else len(ODDS_ORDER))
        return ", ".join(f"{k.replace('_', ' ')} {value[k]} ({float(value.get(k + '_float', 0.0)):.4f})" for k in names)
    if isinstance(value, float):
        return f"{value:.6f}"
    return str(value)


def value_rank(kind: str, value: Any, distance: int | None) -> tuple[Any, ...]:
    """A sort key of a move's value, best first (smaller sorts first): win before draw before loss,
    a higher score or payoff first, better odds first; among equal values a shorter win and a
    longer loss first (where distances are known)."""
    d = distance if distance is not None else 0
    if kind == "outcome":
        v = {"win": 1, "draw": 0, "loss": -1}.get(value, -2)
        return (-v, d if v > 0 else -d)
    if kind == "odds" and isinstance(value, dict):
        return (-Fraction(value["win"]), Fraction(value["penalty"]))
    try:
        return (-Fraction(str(value)), 0)
    except (ValueError, ZeroDivisionError):
        return (0, 0)


def best_first(result: SolveResult) -> list[MoveValue]:
    """A result's valued moves in the order every move table shows them (the text answer's, the
    report page's): the best moves (``best``, marked ``*``) first, then the others by value
    (:func:`value_rank`); moves of equal rank in the result's own order. The moves a stopped solve
    did not finish (``unfinished``) are no part of it: the tables list them after these."""
    best = set(result.best)
    return sorted(result.moves, key=lambda m: (m.move not in best, value_rank(result.value_kind, m.value, m.distance)))


def wdl(value: int) -> str:
    """``+1/0/-1`` (for the side to move) as ``win|draw|loss``."""
    return WIN if value > 0 else LOSS if value < 0 else DRAW


def bounds_after(lo: int, hi: int, best: int, alpha: int, beta: int) -> tuple[int, int]:
    """A table entry's bounds ``[lo, hi]`` on a position's value after a fail-soft alpha-beta
    search of it with the window ``(alpha, beta)`` returned ``best``: an upper bound when it
    failed low, a lower bound when it failed high, else the exact value."""
    if best <= alpha:
        return lo, min(hi, best)
    if best >= beta:
        return max(lo, best), hi
    return best, best


MAX_NODES = 1 << 62
"""The largest node budget: one above it (``--max-nodes``, ``-o max_nodes``) is read as it, no limit
in practice (4.6e18 nodes, centuries of search), so that every budget fits the int64 counters of
the compiled Durak search and the float arithmetic that shares a budget out."""

MAX_SECONDS = 366 * 24 * 3600
"""The longest time limit taken (``--time``, ``--think``, ``-o time``): a year, in seconds. Above
it, or not finite (``inf``, ``1e400``), is refused as bad input: a limit must be one."""

MAX_SAMPLES = 10**7
"""The most worlds or iterations a seat analysis is asked for: every ``--samples`` option (solve,
report, batch, play) and the arena bots' ``samples=``, ``iterations=``, ``simulations=``."""

MAX_MEMORY = 1 << 20
"""The largest ``--max-memory`` taken, MiB (1 TiB): above it is refused as bad input, more memory
than any machine this runs on has."""

COMMON_OPTIONS: dict[str, str] = {
    "max_nodes": "give up after this many nodes, each search (the exact solver, and the open-hand search that answers "
                 "after it) on its own; with --max-nodes, the smaller bound holds (above 2^62: no limit in practice)",
    "time": "give up after this many seconds, each search on its own, at most a year; with --time, the smaller bound "
            "holds (checked whenever the search reports its progress)",
    "distance": "true|false: the distance to the end of a two-player win/draw/loss answer, each move's and the "
                "line's (default true, within the time limit); false: every move's value without it",
}
"""Solver options every game takes (``-o KEY=VALUE``), read into :class:`SolveOptions`' own fields."""

ALIASES: dict[str, str] = {"known_stocks": "stock_order_known"}
"""Deprecated option names and the name each idea has in every game now (read as the new name,
with a warning on the command line)."""

SHARED_OPTIONS: dict[str, str] = {
    "pv": "true|false: compute the principal variation (default true)",
    "moves": "true|false: value every legal move (default true); false: the position's value alone",
    "stock_order_known": "true|false: solve a position with cards left in a stock, taking the listed order as known "
                         "to both players (default false)",
}
"""One name per solver idea across the games: a game whose solver has the idea takes it under this
name (``foolsolve rules GAME --solver`` lists each game's options)."""


SOLVE_OPTIONS_NAMES: dict[str, str] = {
    "--time": "SolveOptions.time_limit", "--max-nodes": "SolveOptions.max_nodes",
    "--max-memory": "SolveOptions.max_memory", **solver_options_named("SolveOptions.extra")}
"""The command line's options and the fields of :class:`SolveOptions` that stand for them: what the errors
of a game's solver called from Python (:attr:`GameInfo.solve <foolsolve.games.base.GameInfo.solve>`,
no other entry point's names set) name (``SolveOptions.time_limit: no exact answer within 0.5 s``)."""


@dataclass
class SolveOptions:
    """Knobs common to every solver."""

    progress: Callable[[int], None] | None = None
    """Called now and then with the node count so far (the CLI shows it on a terminal)."""
    max_nodes: int | None = None
    """Stop with :class:`SearchLimit` after this many nodes (``None``: no limit)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Game-specific options (objective, solution concept ...)."""
    time_limit: float | None = None
    """Stop with :class:`SearchLimit` after this many seconds (``--time``; ``None``: no limit),
    checked at each progress report (:func:`with_limits`, which the game's registered solver
    :attr:`GameInfo.solve <foolsolve.games.base.GameInfo.solve>` applies to every call)."""
    max_memory: int | None = None
    """The memory budget of the transposition tables in MiB (``--max-memory``; ``None``:
    :data:`DEFAULT_MAX_MEMORY`); see :class:`TableBudget`."""
    deadline: float | None = None
    """``time.monotonic()`` by which the caller needs the answer (it enforces it through
    ``progress``; ``None``: no hurry). A solver that would first compile code for longer than a
    user waits answers without it instead: the Durak search searches in Python while a
    background process compiles the compiled search (docs/durak-solver.md, "Start-up")."""

    deprecated: list[str] = field(default_factory=list)
    """Warnings for deprecated option names read (:data:`ALIASES`)."""
    nodes_option: str = "--max-nodes"
    """The option that set :attr:`max_nodes`, as an error names it: ``-o max_nodes=N`` where that
    one is the bound (set when ``extra`` is read)."""
    time_option: str = "--time"
    """The option that set :attr:`time_limit` (``-o time=S`` where that one is the bound)."""
    distance: bool = True
    """Whether the answer gets the distance to the end (``-o distance=false``: not;
    :mod:`foolsolve.distance`). The solvers do not read it: their callers add the distances."""
    proved: Callable[[SolveResult], None] | None = None
    """Told what is proved so far, each time a solver that values a position's moves one by one
    settles one (the result :attr:`SearchLimit.partial` would carry): ``foolsolve POSITION`` lets
    the exact solver go on for all of ``--time`` once the value and a best move are proved."""

    def __post_init__(self) -> None:
        """The limits checked when the options are made, with the command line's ranges (``--max-nodes``
        from 1, read as at most :data:`MAX_NODES` above it; ``--time`` from 0 to :data:`MAX_SECONDS`;
        ``--max-memory`` from 1 to :data:`MAX_MEMORY` MiB): a one-line :class:`InputError` naming the
        field. Then ``extra``'s shared options (``max_nodes``, ``time``, ``distance``) are read."""
        from foolsolve.numbers import is_whole

        if self.max_nodes is not None and not is_whole(self.max_nodes, 1):
            raise InputError(f"SolveOptions.max_nodes: expected a whole number >= 1 (above {MAX_NODES:,} read as it) "
                             f"or None (no limit), got {self.max_nodes!r}")
        t = self.time_limit
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t)
                              or not 0 <= t <= MAX_SECONDS):
            raise InputError(f"SolveOptions.time_limit: expected a number of seconds from 0 to {MAX_SECONDS:,} (a year) "
                             f"or None (no limit), got {t!r}")
        if self.max_memory is not None and not is_whole(self.max_memory, 1, MAX_MEMORY):
            raise InputError(f"SolveOptions.max_memory: expected a whole number of MiB from 1 to {MAX_MEMORY:,} or None "
                             f"(the default, {DEFAULT_MAX_MEMORY:,}), got {self.max_memory!r}")
        if not isinstance(self.extra, dict):
            raise InputError(f"SolveOptions.extra: expected a dict of the game's solver options, got "
                             f"{type(self.extra).__name__}")
        extra = dict(self.extra)
        for old, new in ALIASES.items():
            if old in extra:
                if new in extra:
                    raise OptionError(f"{option_name('option')} {old}: the deprecated name of {new}; give only {new}")
                extra[new] = extra.pop(old)
                self.deprecated.append(f"option {old} is deprecated; use {new}")
        if "max_nodes" in extra:
            value = extra.pop("max_nodes")
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OptionError(f"{option_name('option')} max_nodes: expected a whole number >= 1, got {json_shown(value)}")
            if self.max_nodes is None or value < self.max_nodes:
                self.max_nodes, self.nodes_option = value, f"-o max_nodes={value}"
        if self.max_nodes is not None:
            self.max_nodes = min(self.max_nodes, MAX_NODES)
        if "time" in extra:
            value = extra.pop("time")
            if (isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_SECONDS
                    or not math.isfinite(value)):  # (nan, inf and 1e400 too)
                raise OptionError(f"{option_name('option')} time: expected a number of seconds > 0 and at most {MAX_SECONDS:,} "
                                  f"(a year), got {json_shown(value)}")
            if self.time_limit is None or value < self.time_limit:  # both bounds hold (was: -o time won)
                self.time_limit, self.time_option = float(value), f"-o time={value:g}"
        if "distance" in extra:
            value = extra.pop("distance")
            if not isinstance(value, bool):
                raise OptionError(f"{option_name('option')} distance: expected true or false, got {json_shown(value)}")
            self.distance = value
        self.extra = extra


DEFAULT_MAX_MEMORY = 1024
"""The default budget of a search's transposition tables, MiB."""


class _TimeLimit:
    """The progress callback :func:`with_limits` puts in: past ``deadline`` (``time.monotonic()``)
    it raises :class:`SearchLimit`, else it passes the node count on to the callback it wraps. Its
    class tells that a time limit is enforced already (:func:`with_limits` does not wrap twice)."""

    __slots__ = ("deadline", "limit", "name", "shown")

    def __init__(self, deadline: float, limit: float, shown: Callable[[int], None] | None,
                 name: str = "--time") -> None:
        self.deadline = deadline
        self.limit = limit
        self.shown = shown
        self.name = name

    def __call__(self, nodes: int) -> None:
        if time.monotonic() > self.deadline:
            raise SearchLimit(f"{named_option(self.name)}: no exact answer within {self.limit:g} s", option="time")
        if self.shown is not None:
            self.shown(nodes)


def with_limits(options: SolveOptions) -> SolveOptions:
    """``options`` whose progress callback also enforces :attr:`SolveOptions.time_limit` (every
    solver reports progress every few thousand nodes, so the deadline is seen within a fraction
    of a second; a callback is set even off a terminal). Options that enforce their time limit
    already (the result of this function) are returned as they are, so that a caller that applies
    the limit (the result store, a batch) and the registry's solver (:attr:`GameInfo.solve
    <foolsolve.games.base.GameInfo.solve>`, which applies it to every solve) count one deadline."""
    if options.time_limit is None:
        return options
    if isinstance(options.progress, _TimeLimit) and options.progress.limit == options.time_limit:
        return options
    deadline = time.monotonic() + options.time_limit
    tick = _TimeLimit(deadline, options.time_limit, options.progress, options.time_option)
    return replace(options, progress=tick, deadline=deadline if options.deadline is None else min(deadline, options.deadline))


def limit_text(exc: SearchLimit, options: SolveOptions, *, note: bool = False) -> str:
    """The one-line error of a search stopped by a limit, naming the option as the caller calls it
    (``note``: as an answer's note says it, the command's option); where the solver searched otherwise
    than usual (:attr:`SearchLimit.searched_by`: Durak's Python search while the compiled one was still
    loading), the error names that cause."""
    name = (lambda option: option) if note else named_option
    if exc.option == "time":
        if options.time_limit is None:
            return str(exc)
        how = f" ({exc.searched_by})" if exc.searched_by and not note else ""  # (a partial notes it already)
        return f"{name(options.time_option)}: no exact answer within {options.time_limit:g} s{how}"
    from foolsolve.present import plural

    return f"{name(options.nodes_option)}: no exact answer within {plural(cast(int, options.max_nodes), 'node')}"


def named_option(option: str) -> str:
    """:attr:`SolveOptions.nodes_option` or :attr:`~SolveOptions.time_option` (``--time``, ``-o time=5``) as
    the caller calls it (:func:`~foolsolve.errors.option_name`: ``time``, ``options time=5`` from Python)."""
    key = option.removeprefix("-o ")
    return option_name(option) if key == option else f"{option_name('-o')} {key}"


class TableBudget:
    """A bound on a search's transposition tables: at most ``max_memory`` MiB (default
    :data:`DEFAULT_MAX_MEMORY`) at ``entry_bytes`` bytes an entry (measured for each solver).
    :meth:`check` is called every :data:`CHECK_EVERY` nodes; over the budget, the oldest half of
    every table's entries is dropped (replacement by age: dicts keep insertion order, and a
    depth-first search stores the deep, cheap positions first). A dropped entry is searched
    again if it comes back, so the values do not change, only the time."""

    CHECK_EVERY = 4096

    def __init__(self, options: SolveOptions, entry_bytes: int) -> None:
        mib = options.max_memory if options.max_memory is not None else DEFAULT_MAX_MEMORY
        self.max_entries = max(1024, mib * 2**20 // entry_bytes)
        self.evictions = 0

    def check(self, tables: Iterable[dict[Any, Any]]) -> None:
        """Drop the oldest half of each table when together they hold more than the budget."""
        tables = list(tables)
        if sum(len(t) for t in tables) <= self.max_entries:
            return
        self.evictions += 1
        for t in tables:
            for k in list(islice(t, len(t) // 2)):
                del t[k]


def check_extra(options: SolveOptions, known: tuple[str, ...], game: str) -> None:
    """:class:`~foolsolve.errors.InputError` naming the first option of ``options.extra`` that
    the game's solver does not read (a misspelt option must not be silently ignored)."""
    for key in sorted(options.extra):
        if key not in known:
            from foolsolve.rules import rule_option_words

            words = rule_option_words(key, game)
            if words is not None:
                raise OptionError(f"{option_name('option')} {key}: {words}")
            raise OptionError(f"{option_name('option')} {key}: unknown {game} solver option (known: "
                              f"{', '.join(sorted(known))})")


def bool_option(options: SolveOptions, key: str, default: bool) -> bool:
    """The switch ``key`` of ``options.extra`` (``-o KEY=true|false``), or ``default``;
    anything but a boolean is an :class:`~foolsolve.errors.InputError` (``-o pv=no`` must not
    silently mean yes)."""
    value = options.extra.get(key, default)
    if not isinstance(value, bool):
        raise OptionError(f"{option_name('option')} {key}: expected true or false, got {json_shown(value)}")
    return value


def int_option(options: SolveOptions, key: str, default: int, minimum: int = 0) -> int:
    """The whole number ``key`` of ``options.extra`` (at least ``minimum``), or ``default``;
    anything else is an :class:`~foolsolve.errors.InputError`."""
    value = options.extra.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise OptionError(f"{option_name('option')} {key}: expected a whole number >= {minimum}, got {json_shown(value)}")
    return value


DEFAULT_SECONDS = 20.0
"""The default time for one answer of ``foolsolve POSITION.json`` (``--time``): the exact solver
gets half of it, the open-hand search over the engine the rest (:mod:`foolsolve.solver.open_hand`);
an exact solver that has proved the value and a best move by then gets all of it."""


class SearchLimit(Exception):
    """The node budget of :attr:`SolveOptions.max_nodes` (``option`` ``"nodes"``) or the time of
    :attr:`SolveOptions.time_limit` (``"time"``) ran out."""

    def __init__(self, message: str = "", option: str = "nodes") -> None:
        super().__init__(message)
        self.option = option
        self.partial: SolveResult | None = None
        """What the stopped solver had proved, where it can say (Durak's exact solver does): a
        result whose :attr:`SolveResult.moves` are the moves valued before the limit, whose
        :attr:`SolveResult.unfinished` are the others with the bounds proved, and whose
        :attr:`SolveResult.value` is the position's value if those prove it, else ``None``."""
        self.solver_tried: bool | None = None
        """Where the open-hand search of one world ran out before its first iteration: whether the
        game's exact solver had searched the world first (``None``: not said)."""
        self.searched_by: str | None = None
        """Where the stopped solver searched otherwise than usual, in words (Durak's: the Python
        search while the compiled one was loading), for the note that says it stopped; ``None``:
        its usual search."""


@dataclass
class MoveValue:
    """One legal move and its exact value for the side to move."""

    move: str
    value: Value
    distance: int | None = None
    """Moves to the end of the game after this one and counting it, when both sides play for
    distance as well as value (the winner as fast, the loser as slow as it can); ``None``: not
    computed."""
    probability: float | None = None
    """The probability the side to move plays this move in a mixed equilibrium (``value_kind``
    ``equilibrium``); ``None``: not a mixed strategy's move."""

    def to_json(self) -> dict[str, Any]:
        """``{"move": ..., "value": ...}`` (and ``"distance"``, ``"probability"`` where known)."""
        out: dict[str, Any] = {"move": self.move, "value": self.value}
        if self.distance is not None:
            out["distance"] = self.distance
        if self.probability is not None:
            out["probability"] = self.probability
        return out


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a solver that says what it had proved: :attr:`partial` as
    :attr:`SearchLimit.partial`, or what it had answered (:attr:`answer`: the open-hand search's
    last finished iteration, its notes saying so). The command line prints
    :meth:`answer_so_far` before it exits 130."""

    def __init__(self, partial: SolveResult | None, answer: SolveResult | None = None) -> None:
        super().__init__(_interrupted_text(partial, answer))
        self.partial = partial
        self.answer = answer

    def answer_so_far(self) -> SolveResult | None:
        """What is printed before the exit (asked once): :attr:`answer`, else what the exact solver
        proved where it gives the value and a best move (:func:`stopped_answer`), else ``None``."""
        if self.answer is not None:
            return self.answer
        if self.partial is not None and self.partial.answers():
            return stopped_answer(self.partial, "interrupted (Ctrl-C)")
        return None


def _interrupted_text(partial: SolveResult | None, answer: SolveResult | None) -> str:
    """The one line of an :class:`Interrupted` (``str(exc)``, what Python shows of it): what it holds."""
    if answer is not None:
        return "interrupted: the exception's .answer holds the answer so far"
    if partial is None:
        return "interrupted"
    proved, total = len(partial.moves), len(partial.moves) + len(partial.unfinished)
    if not proved:
        return f"interrupted: no move proved (of {total})" if total else "interrupted: no move proved"
    return (f"interrupted: {proved} of {total} {'move' if total == 1 else 'moves'} proved; the exception's .partial "
            f"holds {'it' if proved == 1 else 'them'}")


def with_partial(exc: BaseException, partial: SolveResult) -> BaseException:
    """``exc`` (a limit or Ctrl-C that stopped a solve) carrying what the solve had proved: a
    :class:`SearchLimit` gets :attr:`SearchLimit.partial`, Ctrl-C becomes :class:`Interrupted`.
    A solver re-raises it: ``raise with_partial(exc, part) from None``."""
    if isinstance(exc, SearchLimit):
        exc.partial = partial
        return exc
    return Interrupted(partial)


@dataclass
class MoveBound:
    """A move whose exact value a stopped search did not finish: the bounds it proved, in the
    result's ``value_kind`` (for ``outcome``: ``at_least`` ``"loss"`` and ``at_most`` ``"win"``
    when nothing is known)."""

    move: str
    at_least: Any
    at_most: Any

    def to_json(self) -> dict[str, Any]:
        """``{"move": ..., "at_least": ..., "at_most": ...}``."""
        return {"move": self.move, "at_least": self.at_least, "at_most": self.at_most}


@dataclass
class SolveResult:
    """What a solve prints: the value for the side to move, every move's value, a PV."""

    game: str
    to_move: int
    value: Value | None
    """``win|draw|loss`` for win/draw/loss games, a number for scored games (:data:`Value`); ``None``
    where nothing was proved (a stopped solve's partial result)."""
    moves: list[MoveValue]
    pv: list[str]
    nodes: int
    seconds: float
    best: list[str] = field(default_factory=list)
    """The best move(s): every move whose value equals :attr:`value` (``value_kind``
    ``equilibrium``: the moves the equilibrium plays, its support)."""
    concept: str | None = None
    """Solution concept when it is not plain two-player minimax (``paranoid``, ``max-n``)."""
    notes: list[str] = field(default_factory=list)
    value_only: bool = False
    """Only :attr:`value` was searched (``-o moves=false``): :attr:`moves`, :attr:`best` and
    :attr:`pv` are empty because nobody asked, not because the game is over."""
    details: dict[str, Any] = field(default_factory=dict)
    """Further results of a game's solver (JSON values: round odds, a strategy summary ...), written
    to ``--json`` and shown by ``solve`` and ``foolsolve report``."""
    value_kind: str = "outcome"
    """How :attr:`value` and the moves' values read: one of :data:`VALUE_KINDS`."""
    stored: bool = False
    """Read from the result store: :attr:`nodes` and :attr:`seconds` are then this reading's
    (no nodes, the time to read), and :attr:`first_solve` the stored solve's own."""
    first_solve: dict[str, Any] | None = None
    """``{"nodes": N, "seconds": S}`` of the solve a stored result came from."""
    distance: int | None = None
    """Moves from this position to the end under the principal variation, where the winning side
    plays to end the game as fast as it can and the losing side to last as long as it can (the
    chess tablebases' distance to mate); ``None``: not computed."""
    result: dict[str, Any] | None = None
    """How the principal variation ends: the game's result (``label``, ``payoffs`` as exact
    fraction strings, ``details``: the fool, the places, the scores); ``None``: no line to the end."""
    unfinished: list[MoveBound] = field(default_factory=list)
    """The moves whose values the solver did not finish before its time or node limit (with the
    bounds it proved): :attr:`moves` then holds the moves it did value, :attr:`value` is exact
    (those moves prove it) and :attr:`best` names the moves valued and proved best; an unfinished
    move may be as good. Empty for a finished solve."""
    method: str | None = None
    """The search that answered, in words: which solver, whether it is exact, and the solution
    concept where one applies (the text output's ``Method:`` line, ``method`` of ``--json``). The
    command line names every answer's (:func:`name_method`: the game's exact solver's from its
    registry record, the open-hand search's from that search); ``None``: not named yet (a result
    straight from a solver, or stored before results carried their method)."""
    player: int | None = None
    """The player :attr:`value` is for where she is not :attr:`to_move`: a finished game answered from
    one seat (``--as P``, :func:`foolsolve.cli.finished_for_seat`); ``None``: the player to move's."""

    def answers(self) -> bool:
        """Whether a stopped solve's result (:attr:`SearchLimit.partial`) is an answer: it proves
        the position's value and names a best move."""
        return self.value is not None and bool(self.best)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` output (the schema ``foolsolve/schemas/result.schema.json``)."""
        out: dict[str, Any] = {
            "game": self.game,
            "to_move": self.to_move,
            "value_kind": self.value_kind,
            "value": self.value,
            "moves": [m.to_json() for m in self.moves],
            "best": self.best,
            "pv": self.pv,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "stored": self.stored,
        }
        if self.method is not None:
            out["method"] = self.method
        if self.player is not None:
            out["player"] = self.player
        if self.first_solve is not None:
            out["first_solve"] = self.first_solve
        if self.distance is not None:
            out["distance"] = self.distance
        if self.result is not None:
            out["result"] = self.result
        if self.concept:
            out["concept"] = self.concept
        if self.notes:
            out["notes"] = self.notes
        if self.value_only:
            out["value_only"] = True
        if self.details:
            out["details"] = self.details
        if self.unfinished:
            out["unfinished"] = [m.to_json() for m in self.unfinished]
        return plain(out)  # JSON's own types: a game's details may hold tuples (Fool's Paradise's scores)


GAME_OVER_METHOD = "none: the game is over (its result read from the rules, nothing searched)"
"""The method of a solver's answer for a finished game (no legal move, nothing asked about the value alone)."""


def method_of(info: Any, result: SolveResult, extra: dict[str, Any] | None = None) -> str:
    """``result``'s method in words: its own :attr:`SolveResult.method`, else the one the game's
    exact solver names for it (:attr:`~foolsolve.games.base.GameInfo.solver_method`, given the
    ``-o`` options ``extra`` it was solved with), or :data:`GAME_OVER_METHOD` for a finished game.
    ``info``: the game's registry record."""
    if result.method is not None:
        return result.method
    if not result.moves and not result.unfinished and not result.value_only:
        return GAME_OVER_METHOD  # no legal move to value: the solvers read the result off the rules
    describe = info.solver_method
    if describe is None:  # (every registered game with a solver declares one: tests/generic/test_registry.py)
        return f"exact: {info.title}'s exact solver"
    return str(describe(result, dict(extra or {})))


def name_method(info: Any, result: SolveResult, extra: dict[str, Any] | None = None) -> SolveResult:
    """``result`` with its :attr:`SolveResult.method` set (:func:`method_of`) where it has none."""
    if result.method is None:
        result.method = method_of(info, result, extra)
    return result


def stopped_answer(partial: SolveResult, why: str) -> SolveResult:
    """``partial`` (a stopped solve's result that :meth:`SolveResult.answers`) as the answer,
    its first note saying ``why`` it stopped and what is left."""
    done = len(partial.moves)
    if not partial.unfinished:  # every move valued, something else left (its notes say what)
        partial.notes.insert(0, f"{why}: the exact solver proved the value and valued every move")
        return partial
    partial.notes.insert(0, f"{why}: the exact solver proved the value and valued {done} of "
                            f"{done + len(partial.unfinished)} moves; the others show the bounds it proved, and may be "
                            "as good as the best shown (a larger --time or --max-nodes values them)")
    return partial


class NotCovered(InputError):
    """The position is outside the solver's domain (more players, a stock, an earlier phase than
    it solves), though it is a valid position: ``foolsolve POSITION.json`` then asks the open-hand
    world solver (:mod:`foolsolve.solver.open_hand`). A plain :class:`InputError` from a solver
    means the input is wrong, or the position needs hidden-information analysis."""
