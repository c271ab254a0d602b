"""The one solver interface: options in, :class:`SolveResult` out."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from foolsolve.errors import InputError

WIN, DRAW, LOSS = "win", "draw", "loss"


def wdl(value: int) -> str:
    """``+1/0/-1`` (for the side to move) as ``win|draw|loss``."""
    return WIN if value > 0 else LOSS if value < 0 else DRAW


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
    checked at each progress report (:func:`with_limits`)."""
    max_memory: int | None = None
    """The memory budget of the transposition tables in MiB (``--max-memory``; ``None``:
    :data:`DEFAULT_MAX_MEMORY`); see :class:`TableBudget`."""


DEFAULT_MAX_MEMORY = 1024
"""The default budget of a search's transposition tables, MiB."""


def with_limits(options: SolveOptions) -> SolveOptions:
    """``options`` whose progress callback also enforces :attr:`SolveOptions.time_limit` (every
    solver reports progress every few thousand nodes, so the deadline is seen within a fraction
    of a second; a callback is set even off a terminal)."""
    if options.time_limit is None:
        return options
    deadline = time.monotonic() + options.time_limit
    shown = options.progress
    limit = options.time_limit

    def tick(nodes: int) -> None:
        if time.monotonic() > deadline:
            raise SearchLimit(f"--time: no exact answer within {limit:g} s", option="time")
        if shown is not None:
            shown(nodes)

    return replace(options, progress=tick)


def limit_text(exc: SearchLimit, options: SolveOptions) -> str:
    """The one-line error of a search stopped by a limit, naming the command-line option."""
    if exc.option == "time":
        return str(exc)
    return f"--max-nodes: no exact answer within {options.max_nodes:,} nodes"


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
            raise InputError(f"option {key}: unknown {game} solver option (known: {', '.join(sorted(known))})")


def bool_option(options: SolveOptions, key: str, default: bool) -> bool:
    """The switch ``key`` of ``options.extra`` (``-o KEY=true|false``), or ``default``;
    anything but a boolean is an :class:`~foolsolve.errors.InputError` (``-o pv=no`` must not
    silently mean yes)."""
    value = options.extra.get(key, default)
    if not isinstance(value, bool):
        raise InputError(f"option {key}: expected true or false, got {value!r}")
    return value


def int_option(options: SolveOptions, key: str, default: int, minimum: int = 0) -> int:
    """The whole number ``key`` of ``options.extra`` (at least ``minimum``), or ``default``;
    anything else is an :class:`~foolsolve.errors.InputError`."""
    value = options.extra.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InputError(f"option {key}: expected a whole number >= {minimum}, got {value!r}")
    return value


DEFAULT_SECONDS = 20.0
"""The default time for one answer of ``foolsolve POSITION.json`` (``--time``): the exact solver
gets half of it, the open-hand search over the engine the rest (:mod:`foolsolve.solver.open_hand`)."""


class SearchLimit(Exception):
    """The node budget of :attr:`SolveOptions.max_nodes` (``option`` ``"nodes"``) or the time of
    :attr:`SolveOptions.time_limit` (``"time"``) ran out."""

    def __init__(self, message: str = "", option: str = "nodes") -> None:
        super().__init__(message)
        self.option = option


@dataclass
class MoveValue:
    """One legal move and its exact value for the side to move."""

    move: str
    value: Any


@dataclass
class SolveResult:
    """What a solve prints: the value for the side to move, every move's value, a PV."""

    game: str
    to_move: int
    value: Any
    """``win|draw|loss`` for win/draw/loss games, a number for scored games."""
    moves: list[MoveValue]
    pv: list[str]
    nodes: int
    seconds: float
    best: list[str] = field(default_factory=list)
    """The best move(s): every move whose value equals :attr:`value`."""
    concept: str | None = None
    """Solution concept when it is not plain two-player minimax (``paranoid``, ``max-n``)."""
    notes: list[str] = field(default_factory=list)
    value_only: bool = False
    """Only :attr:`value` was searched (``-o moves=false``): :attr:`moves`, :attr:`best` and
    :attr:`pv` are empty because nobody asked, not because the game is over."""
    details: dict[str, Any] = field(default_factory=dict)
    """Further results of a game's solver (JSON values: round odds, a strategy summary ...), written
    to ``--json`` and shown by ``solve`` and ``foolsolve report``."""

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` output."""
        out: dict[str, Any] = {
            "game": self.game,
            "to_move": self.to_move,
            "value": self.value,
            "moves": [{"move": m.move, "value": m.value} for m in self.moves],
            "best": self.best,
            "pv": self.pv,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }
        if self.concept:
            out["concept"] = self.concept
        if self.notes:
            out["notes"] = self.notes
        if self.value_only:
            out["value_only"] = True
        if self.details:
            out["details"] = self.details
        return out


class NotCovered(InputError):
    """The position is outside the solver's domain (more players, a stock, an earlier phase than
    it solves), though it is a valid position: ``foolsolve POSITION.json`` then asks the open-hand
    world solver (:mod:`foolsolve.solver.open_hand`). A plain :class:`InputError` from a solver
    means the input is wrong, or the position needs hidden-information analysis."""
