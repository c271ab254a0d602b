"""The one solver interface: options in, :class:`SolveResult` out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
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
    """The node budget of :attr:`SolveOptions.max_nodes` ran out."""


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
