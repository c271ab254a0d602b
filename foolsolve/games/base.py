"""The registry record: everything the shared code knows about one game.

A game is declared once, by one :class:`GameInfo` in its glue module
(``foolsolve/games/GAME.py``), and listed by one line in :mod:`foolsolve.games`. Shared code
(the CLI, the conformance harness, perft, the proofs, the ambiguity explorer, the batch
runner) reads a game only through this record and never tests a game's name.

Heavy parts are :class:`~foolsolve.lazy.Lazy` references (``"module:attribute"``), imported on
first use: listing the games or printing ``foolsolve --help`` imports no spec, engine or
solver.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from foolsolve.lazy import CommandRef, Lazy, resolve

if TYPE_CHECKING:
    from foolsolve.game import Engine, SpecGame
    from foolsolve.solver.base import SolveOptions, SolveResult

SolveFn = Callable[[Any, "SolveOptions"], "SolveResult"]
"""An exact solver for a spec state."""


class GameInfo:
    """One game wired together for the CLI, the harness and the solvers. Read-only once made.

    ``spec``, ``engine``, ``solve``, ``random_game`` and ``ambiguity`` may each be given as a
    :class:`~foolsolve.lazy.Lazy` reference: it is imported on first access.
    """

    __slots__ = (
        "_ambiguity",
        "_engine",
        "_greedy",
        "_random_game",
        "_solve",
        "_spec",
        "aliases",
        "commands",
        "doc",
        "max_moves",
        "name",
        "proofs",
        "schema",
        "seed",
        "solver_version",
        "title",
        "utility_bounds",
    )

    name: str
    """Registry name, used in position files and on the command line (``durak``)."""
    title: str
    """Human title (``Durak``)."""
    aliases: tuple[str, ...]
    """Other names the command line accepts (``fools_paradise``, ``fool's-paradise``)."""
    seed: str
    """The seed text in ``shared/seeds`` the spec is read from."""
    schema: str | None
    """Resource name of the position JSON Schema under ``foolsolve/schemas``."""
    commands: tuple[CommandRef, ...]
    """Extra CLI commands of this game (``capture``, ``defend`` ...), declared by name, import
    path and help so that ``foolsolve --help`` lists them without importing them."""
    proofs: str | None
    """Module holding the game's Z3 proofs (a ``PROOFS`` list), imported by ``foolsolve prove``."""
    solver_version: str
    """Changes whenever the solver's answers may change (the result store keys on it)."""
    doc: str | None
    """The game's reference page under ``docs/``."""
    max_moves: int
    """An upper bound on the legal moves (or chance outcomes) of one position: the size of an
    action encoding by move index (the OpenSpiel bridge's ``num_distinct_actions``)."""
    utility_bounds: tuple[float, float]
    """The lowest and highest payoff one player can get (the OpenSpiel bridge's utilities)."""
    _spec: SpecGame[Any, Any] | Lazy[SpecGame[Any, Any]]
    _engine: Engine[Any, Any] | Lazy[Engine[Any, Any]] | None
    _solve: SolveFn | Lazy[SolveFn] | None
    _random_game: Callable[[random.Random], Any] | Lazy[Callable[[random.Random], Any]] | None
    _ambiguity: type | Lazy[type] | None
    _greedy: Callable[[Any], Any] | Lazy[Callable[[Any], Any]] | None

    def __init__(
        self,
        *,
        name: str,
        title: str,
        seed: str,
        spec: SpecGame[Any, Any] | Lazy[SpecGame[Any, Any]],
        engine: Engine[Any, Any] | Lazy[Engine[Any, Any]] | None = None,
        solve: SolveFn | Lazy[SolveFn] | None = None,
        random_game: Callable[[random.Random], Any] | Lazy[Callable[[random.Random], Any]] | None = None,
        schema: str | None = None,
        aliases: tuple[str, ...] = (),
        commands: tuple[CommandRef, ...] = (),
        proofs: str | None = None,
        ambiguity: type | Lazy[type] | None = None,
        solver_version: str = "1",
        doc: str | None = None,
        max_moves: int = 4096,
        utility_bounds: tuple[float, float] = (-1.0, 1.0),
        greedy: Callable[[Any], Any] | Lazy[Callable[[Any], Any]] | None = None,
    ) -> None:
        values = {"name": name, "title": title, "seed": seed, "_spec": spec, "_engine": engine, "_solve": solve,
                  "_random_game": random_game, "schema": schema, "aliases": tuple(aliases),
                  "commands": tuple(commands), "proofs": proofs, "_ambiguity": ambiguity,
                  "solver_version": solver_version, "doc": doc, "max_moves": max_moves,
                  "utility_bounds": utility_bounds, "_greedy": greedy}
        for key, value in values.items():
            object.__setattr__(self, key, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"GameInfo is read-only (cannot set {name!r})")

    @property
    def spec(self) -> SpecGame[Any, Any]:
        """The executable spec (plain, literal, slow)."""
        spec: SpecGame[Any, Any] = resolve(self._spec)
        return spec

    @property
    def engine(self) -> Engine[Any, Any] | None:
        """The fast engine (checked against the spec by the conformance harness)."""
        return resolve(self._engine)

    @property
    def solve(self) -> SolveFn | None:
        """Exact solver for a spec state (``foolsolve POSITION.json``)."""
        return resolve(self._solve)

    @property
    def random_game(self) -> Callable[[random.Random], Any] | None:
        """A random whole-game start (random rules, player count and deal) for ``conform``."""
        return resolve(self._random_game)

    @property
    def ambiguity(self) -> type | None:
        """The game's adapter class for ``foolsolve ambiguities`` (``None``: the generic one)."""
        return resolve(self._ambiguity)

    @property
    def greedy(self) -> Callable[[Any], Any] | None:
        """The game's greedy heuristic for the ``greedy`` bot: ``greedy(seat) -> move`` from a
        :class:`foolsolve.bots.Seat` (``None``: the generic cheapest-cards heuristic)."""
        return resolve(self._greedy)

    @property
    def has_engine(self) -> bool:
        """Whether the game has an engine (without importing it)."""
        return self._engine is not None

    @property
    def has_solver(self) -> bool:
        """Whether the game has an exact solver (without importing it)."""
        return self._solve is not None

    @property
    def names(self) -> tuple[str, ...]:
        """The registry name and every alias."""
        return (self.name, *self.aliases)

    def __copy__(self) -> GameInfo:
        return self  # read-only: a copy is the record itself

    def __deepcopy__(self, memo: Any) -> GameInfo:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # pickled by name: unpickling looks the game up in the registry
        from foolsolve.games import get

        return get, (self.name,)

    def __repr__(self) -> str:
        return f"GameInfo({self.name!r})"
