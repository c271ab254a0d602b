"""What the registry knows about one game."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import click

from foolsolve.game import Engine, SpecGame
from foolsolve.solver.base import SolveOptions, SolveResult


@dataclass(frozen=True)
class GameInfo:
    """One game wired together for the CLI, the harness and the solvers."""

    spec: SpecGame[Any, Any]
    """The executable spec."""
    engine: Engine[Any, Any] | None = None
    """The fast engine (checked against the spec by the conformance harness)."""
    solve: Callable[[Any, SolveOptions], SolveResult] | None = None
    """Exact solver for a spec state (used by ``foolsolve POSITION.json``)."""
    random_game: Callable[[random.Random], Any] | None = None
    """A random whole-game start (random rules, player count, deal) for ``conform``."""
    schema: str | None = None
    """Resource name of the position JSON Schema under ``foolsolve/schemas``."""
    commands: tuple[click.Command, ...] = field(default=())
    """Extra CLI commands this game adds (``capture``, ``defend`` ...)."""

    @property
    def name(self) -> str:
        """Registry name."""
        return self.spec.name
