"""What the registry knows about one game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import click

from foolsolve.game import Engine, SpecGame
from foolsolve.lazy import Lazy, resolve
from foolsolve.solver.base import SolveOptions, SolveResult

SolveFn = Callable[[Any, SolveOptions], SolveResult]
"""An exact solver for a spec state."""


class GameInfo:
    """One game wired together for the CLI, the harness and the solvers.

    ``engine``, ``solve`` and each of ``commands`` may be given as a :class:`~foolsolve.lazy.Lazy`
    reference (``Lazy("foolsolve.solver.durak:solve")``): it is imported on first access, so
    a command that only reads a game's spec (``rules``, ``show``, ``deal``) does not import
    its engine or solver. Read-only once made.
    """

    __slots__ = ("_commands", "_engine", "_solve", "random_game", "schema", "spec")

    spec: SpecGame[Any, Any]
    """The executable spec."""
    random_game: Callable[[random.Random], Any] | None
    """A random whole-game start (random rules, player count, deal) for ``conform``."""
    schema: str | None
    """Resource name of the position JSON Schema under ``foolsolve/schemas``."""
    _engine: Engine[Any, Any] | Lazy[Engine[Any, Any]] | None
    _solve: SolveFn | Lazy[SolveFn] | None
    _commands: tuple[click.Command | Lazy[click.Command], ...]

    def __init__(
        self,
        spec: SpecGame[Any, Any],
        engine: Engine[Any, Any] | Lazy[Engine[Any, Any]] | None = None,
        solve: SolveFn | Lazy[SolveFn] | None = None,
        random_game: Callable[[random.Random], Any] | None = None,
        schema: str | None = None,
        commands: tuple[click.Command | Lazy[click.Command], ...] = (),
    ) -> None:
        for name, value in (("spec", spec), ("random_game", random_game), ("schema", schema),
                            ("_engine", engine), ("_solve", solve), ("_commands", tuple(commands))):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"GameInfo is read-only (cannot set {name!r})")

    @property
    def engine(self) -> Engine[Any, Any] | None:
        """The fast engine (checked against the spec by the conformance harness)."""
        return resolve(self._engine)

    @property
    def solve(self) -> SolveFn | None:
        """Exact solver for a spec state (used by ``foolsolve POSITION.json``)."""
        return resolve(self._solve)

    @property
    def commands(self) -> tuple[click.Command, ...]:
        """Extra CLI commands this game adds (``ambiguities`` ...). The CLI registers them
        from the declarations in :mod:`foolsolve.games` without importing them."""
        return tuple(resolve(c) for c in self._commands)

    @property
    def has_engine(self) -> bool:
        """Whether the game has an engine (without importing it)."""
        return self._engine is not None

    @property
    def has_solver(self) -> bool:
        """Whether the game has an exact solver (without importing it)."""
        return self._solve is not None

    @property
    def name(self) -> str:
        """Registry name."""
        return self.spec.name

    def __repr__(self) -> str:
        return f"GameInfo({self.name!r})"
