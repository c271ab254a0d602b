"""The registry record: everything the shared code knows about one game.

What a game is (name, aliases, title, seed, players, deck, type, utility bounds) is written once,
as ``META`` (a :class:`foolsolve.game.GameMeta`) in its spec module; how the package serves it is
one :class:`GameInfo` in its glue module (``foolsolve/games/GAME.py``), listed by one line in
:mod:`foolsolve.games`. Shared code
(the CLI, the conformance harness, perft, the proofs, the ambiguity explorer, the batch
runner) reads a game only through this record and never tests a game's name.

Heavy parts are :class:`~foolsolve.lazy.Lazy` references (``"module:attribute"``), imported on
first use: listing the games or printing ``foolsolve --help`` imports no spec, engine or
solver.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from foolsolve.lazy import CommandRef, Lazy, resolve

if TYPE_CHECKING:
    from foolsolve.game import Engine, GameMeta, SpecGame
    from foolsolve.solver.base import SolveOptions, SolveResult

T = TypeVar("T")

SolveFn = Callable[[Any, "SolveOptions"], "SolveResult"]
"""An exact solver for a spec state."""


class _Declared(Generic[T]):
    """A field of :class:`GameInfo` that may be declared as a :class:`~foolsolve.lazy.Lazy`
    reference: reading it imports the value on first access; :meth:`GameInfo.declared` gives the
    declaration itself (``None`` or a reference) without importing anything."""

    def __init__(self, default: Any = None) -> None:
        self.default = default

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = "_" + name

    def __get__(self, obj: Any, owner: type | None = None) -> T:
        if obj is None:
            return self.default  # the dataclass reads the default here
        return resolve(obj.__dict__[self.slot])

    def __set__(self, obj: Any, value: T | Lazy[T]) -> None:
        if self.slot in obj.__dict__:
            raise AttributeError(f"GameInfo is read-only (cannot set {self.slot[1:]!r})")
        obj.__dict__[self.slot] = value


class _Solver(_Declared["SolveFn | None"]):
    """:attr:`GameInfo.solve`: the game's exact solver as declared, called through
    :func:`registry_solve` (the same function object on every read)."""

    def __get__(self, obj: Any, owner: type | None = None) -> SolveFn | None:
        if obj is None:
            return None
        fn = resolve(obj.__dict__[self.slot])
        if fn is None:
            return None
        made = obj.__dict__.get("_solve_called")
        if made is None or made[0] is not fn:
            made = obj.__dict__["_solve_called"] = (fn, registry_solve(obj, fn))
        called: SolveFn = made[1]
        return called


def registry_solve(info: GameInfo, fn: SolveFn) -> SolveFn:
    """The game's exact solver ``fn`` as :attr:`GameInfo.solve` gives it to every caller: its
    options' :attr:`~foolsolve.solver.base.SolveOptions.time_limit` applied
    (:func:`~foolsolve.solver.base.with_limits`, once: options that apply it already are passed
    on as they are), and its result named by its method
    (:func:`~foolsolve.solver.base.name_method`, as the command line names it: so its ``to_json``
    is a whole result of schemas/result.schema.json), a finished game's with its ``result``
    (:func:`with_game_result`), the result a stopped solve carries too
    (:attr:`~foolsolve.solver.base.SearchLimit.partial`). ``options`` may be left out (``None``: no
    options). Its errors name the options as its caller calls them: the command line's options, the
    parameters of a Python entry point that set its names (``time`` in :func:`foolsolve.answer`), else
    the fields of :class:`~foolsolve.solver.base.SolveOptions` (:data:`~foolsolve.solver.base.SOLVE_OPTIONS_NAMES`)."""

    @functools.wraps(fn)
    def solve(state: Any, options: SolveOptions | None = None) -> SolveResult:
        from foolsolve.errors import option_names, option_names_set
        from foolsolve.solver.base import (
            SOLVE_OPTIONS_NAMES,
            Interrupted,
            SearchLimit,
            SolveOptions,
            limit_text,
            name_method,
            with_limits,
        )

        opts = with_limits(options if options is not None else SolveOptions())
        started = time.perf_counter()
        # called from Python with no entry point's names set (foolsolve.answer's, a batch's, the command line's):
        # errors name the SolveOptions fields
        names = SOLVE_OPTIONS_NAMES if option_names_set() is None else {}
        try:
            with option_names(names):
                result = fn(state, opts)
        except (SearchLimit, Interrupted) as exc:
            if exc.partial is not None:
                name_method(info, exc.partial, opts.extra)
            if isinstance(exc, SearchLimit) and exc.option == "nodes" and opts.max_nodes is not None:
                # every game's node limit in one wording, naming the option as the time limit's does
                # ('SolveOptions.max_nodes: no exact answer within 1 node' from Python)
                with option_names(names):
                    exc.args = (limit_text(exc, opts),)
            raise
        except KeyboardInterrupt as exc:
            if type(exc) is not KeyboardInterrupt:  # a Stopped compile says what it stopped
                raise
            # Ctrl-C before the solver proved anything it keeps: Interrupted, as every exact
            # solver raises it, its moves all unfinished
            raise Interrupted(name_method(info, nothing_proved(info, state, time.perf_counter() - started),
                                          opts.extra)) from None
        return name_method(info, with_game_result(info, state, result), opts.extra)

    return solve


def nothing_proved(info: GameInfo, state: Any, seconds: float) -> SolveResult:
    """What a solve of ``state`` stopped before it proved anything holds: no value, every legal
    move unfinished with nothing proved of it (``at_least`` and ``at_most`` ``None``)."""
    from foolsolve.solver.base import MoveBound, SolveResult

    spec = info.spec
    moves = [] if spec.is_terminal(state) else [str(m) for m in spec.legal_moves(state)]
    return SolveResult(game=info.name, to_move=spec.to_move(state), value=None, moves=[], pv=[], nodes=0,
                       seconds=seconds, notes=["interrupted before any move was proved"],
                       unfinished=[MoveBound(m, None, None) for m in moves])


def with_game_result(info: GameInfo, state: Any, result: Any) -> Any:
    """``result`` (a :class:`~foolsolve.solver.base.SolveResult`, or its JSON) of the full position
    ``state`` with the finished game's ``result`` object (its payoffs and label, read off the rules)
    where the game is over and the solver left it out: every finished game's answer states it, from
    any seat (docs/results.md)."""
    spec = info.spec
    has = result.get("result") if isinstance(result, dict) else result.result
    if has is not None or not spec.is_terminal(state):
        return result
    over = spec.result(state)
    if over is None:
        return result
    if isinstance(result, dict):
        result["result"] = over.to_json()
    else:
        result.result = over.to_json()
    return result


@dataclass(frozen=True, eq=False)
class SolverFlag:
    """A switch of ``foolsolve solve`` that one game's solver declares: it stands for ``-o
    OPTION`` (``--equilibrium`` for ``-o equilibrium=true``). A ``deprecated`` flag still works and
    says so on stderr, naming the ``-o`` form."""

    flag: str
    option: str
    help: str
    deprecated: bool = False


@dataclass(frozen=True, eq=False)
class SeatSearch:
    """A game's own budget for the depth-limited search of one world in an answer from one seat,
    and the policy of its playouts, where the defaults play worse (a playing-strength figure,
    measured in the arena: BENCHMARKS.md, "Playing strength")."""

    nodes: int
    """The search's node budget in the worlds :attr:`applies` to."""
    applies: Callable[[Any], bool]
    """Whether a world (a full spec state) gets it."""
    where: str
    """In words, the worlds it applies to (``while ...``, ``with ...``): said in the answer's method."""
    frontier: str | None = None
    """The playouts' policy there (:data:`foolsolve.playouts.FRONTIERS`); ``None``: the default,
    ``random``."""
    deepens: bool = True
    """Whether an exact expectation over few worlds may raise :attr:`nodes` in deeper rounds
    (:attr:`foolsolve.seat.Settings.deepen`); ``False`` where a larger budget played worse."""


@dataclass(frozen=True, eq=False)
class GameInfo:
    """One game wired together for the CLI, the harness and the solvers: a frozen record.

    What the game *is* (name, title, seed, players, deck, type, utility bounds) is the spec's
    :class:`~foolsolve.game.GameMeta` (``meta``, normally ``Lazy("foolsolve.spec.GAME:META")``);
    this record adds how the package serves it. ``meta``, ``spec``, ``engine``, ``solve``,
    ``random_game``, ``conform_game`` and ``ambiguity`` may each be given as a :class:`~foolsolve.lazy.Lazy`
    reference: it is imported on first access.
    """

    meta: _Declared[GameMeta] = _Declared()
    """The game's record, written once in its spec module (``META``)."""
    spec: _Declared[SpecGame[Any, Any]] = _Declared()
    """The executable spec (plain, literal, slow)."""
    engine: _Declared[Engine[Any, Any] | None] = _Declared()
    """The fast engine (checked against the spec by the conformance harness)."""
    solve: _Solver = _Solver()
    """Exact solver for a spec state (``foolsolve POSITION.json``): ``solve(state, options)``, as
    declared but called through :func:`registry_solve`, which applies ``options.time_limit``
    (:class:`~foolsolve.solver.base.SearchLimit` once it has passed) and names the result's method."""
    random_game: _Declared[Callable[[random.Random], Any] | None] = _Declared()
    """A random whole-game start (random rules, player count and deal): the deals of the tests,
    benchmarks and playouts."""
    conform_game: _Declared[Callable[[random.Random], Any] | None] = _Declared()
    """The whole-game starts of ``foolsolve conform`` when they should reach further than
    :attr:`random_game` (rules the fast solvers and playouts do not play, such as Durak's side
    rules); ``None``: :attr:`random_game`'s."""
    schema: str | None = None
    """Resource name of the position JSON Schema under ``foolsolve/schemas``."""
    commands: tuple[CommandRef, ...] = ()
    """The game's own CLI commands (``foolsolve GAME COMMAND``: ``capture``, ``defend`` ...),
    declared by name, import path and help so that ``foolsolve --help`` lists them without
    importing them. Two of one name are an error at registration."""
    solver_flags: tuple[SolverFlag, ...] = ()
    """Switches of ``foolsolve solve`` that stand for one of the solver's ``-o`` options."""
    proofs: str | None = None
    """Module holding the game's Z3 proofs (a ``PROOFS`` list), imported by ``foolsolve prove``."""
    ambiguity: _Declared[type | None] = _Declared()
    """The game's adapter class for ``foolsolve ambiguities`` (``None``: the generic one)."""
    greedy: _Declared[Callable[[Any], Any] | None] = _Declared()
    """The game's greedy heuristic for the ``greedy`` bot: ``greedy(seat) -> move`` from a
    :class:`foolsolve.bots.Seat` (``None``: the generic cheapest-cards heuristic)."""
    greedy_engine: _Declared[Callable[[Any, Any], Any] | None] = _Declared()
    """The same heuristic on the game's engine states, for greedy playouts (:mod:`foolsolve.playouts`):
    ``greedy_engine(engine_state, legal_engine_moves) -> one of them``, the move :attr:`greedy` plays
    from the mover's seat (``None``: the playouts build the mover's view at every move, slower)."""
    solver_options: _Declared[dict[str, str] | None] = _Declared()
    """The game's solver options (``-o KEY=VALUE``) with what each does, beyond the options every
    solver takes (:data:`foolsolve.solver.base.COMMON_OPTIONS`); the solver refuses any other
    (``foolsolve rules GAME --solver`` lists them)."""
    solver_option_defaults: _Declared[dict[str, Any] | None] = _Declared()
    """The defaults of the solver options in :attr:`solver_options` that depend neither on the
    position nor on other options (the result store leaves an option given at its default out of
    its key, :func:`foolsolve.store.key_options`); ``None``: none declared (every option keyed as given)."""
    pv_follows_moves: bool = False
    """Whether the solver's ``pv`` option defaults to its ``moves`` option (a principal variation
    only with every move valued)."""
    solver_check: _Declared[Callable[[Any], None] | None] = _Declared()
    """Checks every solver option's name and value whatever the position (a
    :class:`~foolsolve.solver.base.SolveOptions` in, an :class:`~foolsolve.errors.InputError` out):
    the command line calls it before any search, also where the solver will not cover the position
    (:func:`foolsolve.solver.open_hand.check_options`)."""
    solver_method: _Declared[Callable[[SolveResult, dict[str, Any]], str] | None] = _Declared()
    """The exact solver's method in plain words for one of its results (``solver_method(result,
    options)``, ``options`` the ``-o`` options it was solved with): which search, that it is exact
    (or not), and the solution concept where one applies (paranoid, max-n, round odds). Every
    answer of ``foolsolve POSITION.json`` names it (``Method:``, ``method`` of ``--json``:
    :func:`foolsolve.solver.base.name_method`), a result read from the result store too, where it
    was stored before results carried their method."""
    distance_values: _Declared[Callable[[Any, int, Callable[[], bool] | None], Any] | None] = _Declared()
    """An exact value search the distance to the end (:mod:`foolsolve.distance`) asks each
    position's value before it searches its moves: ``distance_values(engine_state, budget, late)``
    gives an object with ``value(s)`` (the engine state's win/draw/loss, +1/0/-1, for its side to
    move) and ``nodes`` (positions searched so far; it may stop with
    :class:`~foolsolve.solver.base.SearchLimit` past ``budget``, and with one whose ``option`` is
    ``"time"`` once ``late()`` is true, where ``late`` is not ``None``), or ``None`` where it does
    not cover the position. ``None``: the distance search proves every value itself."""
    distance_skip: _Declared[Callable[[Any], str | None] | None] = _Declared()
    """Why the distance search is not tried on an engine state (larger than it finishes within its
    budget), said in the answer's notes; ``None`` (the field or its answer): it is tried."""
    tensor_layout: _Declared[Callable[[], Any] | None] = _Declared()
    """The layout of the game's observation tensor in the OpenSpiel bridge: a function giving a
    :class:`foolsolve.openspiel_tensor.Layout` (its pieces, read from the game's view files). ``None``:
    the game's OpenSpiel game gives strings only (docs/openspiel.md)."""
    warm_up: _Declared[Callable[[Any, dict[str, Any]], float | None] | None] = _Declared()
    """A batch worker's one-time preparation before the clock of a line starts:
    ``warm_up(state, extra)`` (a full position, the ``-o`` options) readies what :attr:`solve`
    would use on it and is slow to ready once per process (Durak's compiled search, loaded from
    numba's cache), so that no line's time limit is spent on it; the seconds it took, or ``None``
    where it did nothing (docs/batches.md)."""
    seat_solver: _Declared[Callable[[Any, int, dict[str, Any]], dict[str, Any] | None] | None] = _Declared()
    """Where the game's exact solver itself answers from one player's knowledge (Three Fools'
    round odds from ``-o viewer=P``): ``seat_solver(world, player, extra)`` gives the solver options
    (``extra``, the ``-o`` options given, with what makes the solver answer from ``player``'s view
    added) under which :attr:`solve` on ``world`` (a full position, or any world consistent with
    ``player``'s view) reads only what ``player`` sees, so its answer is the same in every world of
    her view; ``None`` where it does not (another phase). An option of ``extra`` that would read a
    card hidden from her (another viewer, a search with every hand open) is an
    :class:`~foolsolve.errors.OptionError`. A view (and ``--as P``) is then answered by the solver on
    one world of it (:mod:`foolsolve.seat_exact`, docs/seat.md), unless a seat method is asked for.
    ``None`` (the field): never; every answer from one seat is the seat analysis'."""
    paranoid_options: dict[str, Any] | None = None
    """Solver options (``-o``) under which :attr:`solve` answers the open-hand search's paranoid
    question for any number of players (:mod:`foolsolve.solver.open_hand`): with option ``player``
    added, every move's value (``value_kind`` ``payoff``) is the payoff, on the game's own scale
    (``Result.payoffs``), that player can make sure of against all the others playing together
    against her. ``None``: the solver answers no such question (its two-player zero-sum
    ``win|draw|loss`` is used all the same)."""
    paranoid_tries: Callable[[Any], bool] | None = None
    """Whether a world (a full spec state) of three or more players goes to :attr:`solve` under
    :attr:`paranoid_options` at all: where the solver almost never finishes in its half of a
    world's budget, the depth-limited search gets the whole budget instead (a measured cut,
    :attr:`paranoid_where`); ``None``: every world."""
    paranoid_where: str = ""
    """In words, the worlds :attr:`paranoid_tries` accepts (``where ...``): said in the answer's method."""
    solver_version: str = "1"
    """Changes whenever the solver's answers may change (the result store keys on it)."""
    solver_tables: bool = True
    """Whether :attr:`solve` keeps transposition tables, which ``--max-memory`` bounds; ``False``
    (Three Fools' round odds and equilibrium, whose memory stays small): a ``--max-memory`` given is
    noted as not applied to its answer."""
    doc: str | None = None
    """The game's reference page under ``docs/``."""
    pimc_prefers_greedy: bool = False
    """Whether the ``pimc`` bot plays the :attr:`greedy` move unless its analysis tells a better move
    apart from it at 95% (``pimc:prefer=greedy``, :func:`foolsolve.bots.seat_bots.preferred`), where
    the analysis' best move alone played worse (a playing-strength figure, measured in the arena:
    BENCHMARKS.md, "Playing strength"); ``False``: the analysis' best move (``prefer=best``)."""
    seat_concept: str = "paranoid"
    """The solution concept of each world's open-hand search in an answer from one seat with three
    or more players (:attr:`foolsolve.seat.Budget.concept` unless the caller names one; two players:
    minimax always): ``paranoid`` (every other player against the analysing one, her worst case where
    a world is solved to the end) or ``max-n`` (every player maximising her own payoff, as IS-MCTS
    scores its moves). ``max-n`` where a coalition of the others makes every move worth the same."""
    seat_search: tuple[SeatSearch, ...] = ()
    """The game's own node budgets (and playout policies) for a world's depth-limited search in an
    answer from one seat (:attr:`foolsolve.seat.Budget.search_nodes`, :attr:`~foolsolve.seat.Budget.frontier`):
    the first that applies to a world; in a world none applies to, what the exact solver left of the
    world's budget, and random playouts."""
    max_moves: int = 4096
    """An upper bound on the legal moves (or chance outcomes) of one position: the size of an
    action encoding by move index (the OpenSpiel bridge's ``num_distinct_actions``)."""
    open_hand_values: str | None = None
    """Where the open-hand search's values (a player's payoff, :mod:`foolsolve.solver.open_hand`)
    are another quantity than the exact solver's value: the note of an open-hand answer in its place
    saying what they are, ``{player}`` standing for the player whose values they are; ``None``: the
    exact solver values the payoffs too (or on the outcome scale the open-hand search reads)."""

    def __post_init__(self) -> None:
        if self.declared("meta") is None or self.declared("spec") is None:
            raise TypeError("GameInfo needs meta and spec")
        for words in ([ref.name for ref in self.commands], [ref.old_name for ref in self.commands if ref.old_name]):
            twice = sorted({w for w in words if words.count(w) > 1})
            if twice:
                raise ValueError(f"{self.name}: two commands named {twice[0]!r}")

    def declared(self, field: str) -> Any:
        """A lazy field as declared (a value, a :class:`~foolsolve.lazy.Lazy` or ``None``), without
        importing it."""
        return self.__dict__["_" + field]

    @property
    def name(self) -> str:
        """Registry name (``durak``): the record's, read without importing the spec; a lazy record
        ``foolsolve.spec.fools_paradise:META`` is named after its module (``fools-paradise``), which
        :meth:`checked_meta` confirms when the record is read."""
        meta = self.declared("meta")
        if isinstance(meta, Lazy):
            return meta.target.partition(":")[0].rpartition(".")[2].replace("_", "-")
        return str(meta.name)

    @property
    def title(self) -> str:
        """Human title (``Durak``)."""
        return self.meta.title

    @property
    def seed(self) -> str:
        """The id of the source text the spec is read from (its title and author:
        :data:`foolsolve.games.SOURCES`)."""
        return self.meta.seed

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names the command line accepts."""
        return self.meta.aliases

    @property
    def utility_bounds(self) -> tuple[float, float]:
        """The lowest and highest payoff one player can get (the OpenSpiel bridge's utilities)."""
        return self.meta.utility_bounds

    @property
    def has_engine(self) -> bool:
        """Whether the game has an engine (without importing it)."""
        return self.declared("engine") is not None

    @property
    def has_solver(self) -> bool:
        """Whether the game has an exact solver (without importing it)."""
        return self.declared("solve") is not None

    @property
    def names(self) -> tuple[str, ...]:
        """The registry name and every alias (reads the record)."""
        return (self.name, *self.aliases)

    def check(self) -> None:
        """The record's name is the one the registry files it under, and the spec is the record's."""
        meta = self.meta
        if meta.name != self.name:
            raise ValueError(f"{self.declared('meta')!r}: the record names {meta.name!r}, not {self.name!r} "
                             "(a spec module is named after its game)")
        if self.spec.meta is not meta:
            raise ValueError(f"{self.name}: the spec's meta is not the game's record")

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
