"""Where does an open rule point matter? Compare the choices of one rule option.

For one option of a game's rules (``ace`` of Fool's Paradise, say) this module answers:

* at a **position**: the best move(s) and the value under each choice of the option;
* over **N seeded random deals**: how often the best move at the opening position and the
  final result change between the choices (the same deal is used for every choice: the
  deal is drawn from a ``random.Random`` seeded per deal);
* the **smallest witness** found: a position with the fewest cards where the choices
  disagree on the best move, written as a loadable position file.

Best-move answers *disagree* when no move is best under every choice (see
:func:`bests_disagree`); final results disagree when they are not all equal.

The deals of a sweep and the witness candidates may be compared on other processes or machines
(:func:`run_tasks`, :mod:`foolsolve.executor`): a worker rebuilds the adapter from
:meth:`Adapter.settings` and the results are folded here in order, so the report does not depend
on where they ran.

What "best move", "final result" and "position size" mean is game-specific and comes from
an :class:`Adapter`. :class:`GenericAdapter` serves any game whose ``GameInfo`` has a
solver (best move and value by that solver, final result = the solved value of the
opening, no witness search); a game names a richer adapter in its registry record
(``GameInfo.ambiguity``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from foolsolve.errors import InputError, quoted
from foolsolve.games.base import GameInfo
from foolsolve.rules import OptionInfo, json_shown, json_text, options_of, rules_from_json, rules_to_json
from foolsolve.solver.base import SearchLimit, SolveOptions, with_limits


@dataclass
class Analysis:
    """The answer under one choice at one position: the best move(s), and the value for the side to
    move there (the method says how it was found)."""

    choice: Any
    best: list[str]
    value: Any
    method: str
    error: str | None = None
    """Set when the position is not valid (or not solvable) under this choice."""
    best_known: bool = True
    """``False``: no method used here finds the best move (no exact method reaches the position):
    :attr:`best` is empty because the best move is not known, not because there is no move."""

    def to_json(self) -> dict[str, Any]:
        """JSON form (``"best_known": false`` where the best move is not known)."""
        out: dict[str, Any] = {"choice": jsonable(self.choice), "best": self.best, "value": self.value, "method": self.method}
        if self.error:
            out["error"] = self.error
        if not self.best_known:
            out["best_known"] = False
        return out


@dataclass
class DealComparison:
    """One deal compared under every choice (see :meth:`Adapter.compare_deal`)."""

    bests: list[list[str] | None]
    """Per choice, the best move(s) at the compared position (``None``: not compared under that
    choice, e.g. the position is not valid under it); all ``None`` when no position was compared."""
    finals: list[Any]
    """Per choice, the final result."""
    on_way: int = 0
    """Positions on the way (before the compared position) read under every choice."""
    on_way_differs: int = 0
    """Of those, positions where the choices give different sets of legal moves (or the
    position is not valid under some choice: it cannot arise there)."""
    witness: dict[str, Any] | None = None
    """A position file where the choices disagree on the best move (found on the way)."""
    witness_size: int = 0


class Adapter:
    """What a game supplies to the ambiguity explorer (this base is the generic version)."""

    supports_witness = False
    size_definition = "cards in hands and centre"
    """What :meth:`size` counts (the witness search's measure)."""
    max_witness_size = 0
    """The largest size :meth:`witness_candidates` draws positions of (the cards it draws from):
    a larger ``--witness-size`` is refused (:meth:`check_witness_size`)."""
    method = "exact: the game's solver at the opening position of every deal"
    """How deals are compared, in plain words (printed with every deals report)."""
    final_definition = "the solved value of the opening position for the player to move"
    best_definition = "the best move(s) found by the game's solver at the opening position"
    mean_definition = "mean final result"
    """What the mean over deals of the final results (their number: an odds value's ``win_float``) is."""

    default_max_nodes: int | None = 2_000_000
    """Node limit of each exact solve unless ``--max-nodes`` says otherwise."""

    def __init__(self, info: GameInfo, players: int | None = None, max_nodes: int | None = None) -> None:
        self.info = info
        self.spec = info.spec
        self.players = players or info.spec.min_players
        self.max_nodes = max_nodes if max_nodes is not None else self.default_max_nodes
        self.time_limit: float | None = None
        """``--time``: seconds of each exact solve (over it: a :class:`SearchLimit`, as for the nodes)."""
        self.max_memory: int | None = None
        """``--max-memory``: MiB of transposition tables of each exact solve."""
        self.store: Any = True
        """The result store exact solves go through (:func:`foolsolve.store.cached_solve`): a
        ``Store``, ``True`` for the default file, ``None`` for none."""

    supports_policy_only = False
    """Whether :meth:`use_policy_only` is available (``--policy-only``)."""
    policy_only = False
    """Set by :meth:`use_policy_only`."""
    exact_through_store = True
    """Whether every exact solve of a deal goes through :attr:`store` (then a deal whose solves
    are all stored can be answered from the store alone, in the calling process, instead of being
    sent to a cluster worker)."""

    def solve_options(self, **kw: Any) -> SolveOptions:
        """The options of one exact solve: ``--max-nodes``, ``--time``, ``--max-memory`` and ``kw``."""
        return with_limits(SolveOptions(max_nodes=self.max_nodes, time_limit=self.time_limit,
                                        max_memory=self.max_memory, **kw))

    def settings(self) -> dict[str, Any]:
        """What a worker needs to rebuild this adapter (:func:`adapter_from_settings`): the
        game, the players and every setting the command line changes (picklable)."""
        return {"game": self.info.name, "players": self.players, "max_nodes": self.max_nodes,
                "time_limit": self.time_limit, "max_memory": self.max_memory,
                "base_rules": copy.deepcopy(self.base_rules), "policy_only": self.policy_only}

    def use_policy_only(self) -> None:
        """Judge final results by a fixed policy played to the end (fast, not exact), where the
        game's adapter offers it (``--policy-only``)."""
        raise InputError(f"--policy-only: not available for {self.info.name}")

    def state_with(self, obj: dict[str, Any], option: str, choice: Any) -> Any:
        """The position ``obj`` read with the option set to ``choice`` (``InputError`` if the
        position is not valid under it)."""
        obj = copy.deepcopy(obj)
        rules = dict(obj.get("rules") or {})
        rules[option] = choice
        obj["rules"] = rules
        return self.spec.state_from_json(obj)

    def analyse(self, state: Any, choice: Any) -> Analysis:
        """Best move(s) and value at a position."""
        if self.info.solve is None:
            raise InputError(f"game: {self.info.name} has no solver")
        from foolsolve.store import cached_solve

        res = cached_solve(self.info, state, self.solve_options(), self.store)
        return Analysis(choice, sorted(res.best), res.value, "solver")

    def deal(self, rules: Any, rng: random.Random) -> Any:
        """A random deal under these rules, played on through chance (each outcome drawn from
        ``rng`` with its exact probability: Three Fools' first leader) to the first position where a
        player is to move."""
        from foolsolve.game import CHANCE, draw_chance

        state = self.spec.deal(rules, self.players, rng)
        while self.spec.result(state) is None and self.spec.to_move(state) == CHANCE:
            state = self.spec.apply(state, draw_chance(self.spec.chance_outcomes(state), rng))
        return state

    base_rules: dict[str, Any] = {}  # noqa: RUF012 (replaced, never mutated)
    """The other options of the deals (``--rules``; the defaults where not given)."""

    def rules_for(self, option: str, choice: Any) -> Any:
        """The deals' rules (:attr:`base_rules`, else the defaults) with ``option`` set to ``choice``."""
        import dataclasses

        base: Any = rules_from_json(self.spec.rules_cls, self.base_rules, where="--rules")
        try:
            return dataclasses.replace(base, **{option: choice})
        except (TypeError, ValueError) as exc:
            raise InputError(f"--option: {option}={label(choice)}: {exc}") from None

    compared_at = "positions it solves exactly"
    """Where the deals are compared, for the error of :meth:`unplayable` rules."""

    def unplayable(self, rules: Any) -> str | None:
        """Why the exact method never answers a deal under ``rules`` (a rule its solver does not
        play, whatever the position), or ``None`` where it may: under such rules every deal and
        every witness candidate would be skipped, so the command refuses them before any work."""
        return None

    def alternatives(self, o: OptionInfo) -> list[Any] | None:
        """The values to compare for an option without a finite list of choices (``None``: the
        generic rule of :func:`choices_of`). A game's adapter states its own sets here."""
        return None

    def compare_deal(self, option: str, choices: Sequence[Any], seed: int) -> DealComparison:
        """One deal (``random.Random(seed)``) under every choice: the best opening move
        (:meth:`opening_best`) and the final result (:meth:`final_result`)."""
        bests: list[list[str] | None] = []
        finals = []
        for c in choices:
            state = self.deal(self.rules_for(option, c), random.Random(seed))
            bests.append(self.opening_best(state, c).best)
            finals.append(self.final_result(state, c))
        return DealComparison(bests, finals)

    def opening_best(self, state: Any, choice: Any) -> Analysis:
        """The "best move at the opening" compared over deals."""
        return self.analyse(state, choice)

    def final_result(self, state: Any, choice: Any) -> Any:
        """The "final result" compared over deals."""
        return self.analyse(state, choice).value

    def size(self, state: Any) -> int:
        """Size of a position for the witness search."""
        raise NotImplementedError

    def witness_candidates(self, size: int, rng: random.Random, option: str, choices: Sequence[Any]) \
            -> list[dict[str, Any]]:
        """Random position files of the given size (one JSON object each, valid under
        every choice that can hold it)."""
        raise NotImplementedError

    def check_witness_size(self, size: int) -> None:
        """An :class:`InputError` naming the maximum when the witness search cannot draw positions
        of ``size`` (more than :attr:`max_witness_size`)."""
        if self.supports_witness and size > self.max_witness_size:
            raise InputError(f"--witness-size: at most {self.max_witness_size} for {self.info.name} "
                             f"({self.size_definition}), got {size}")

    no_alternatives: ClassVar[tuple[str, ...]] = ()
    """Open options (no finite list of choices) for which this adapter deliberately states no values
    to compare (:meth:`alternatives`): ``--choices`` must name them."""

    def fixed_at(self, obj: dict[str, Any], option: str) -> str | None:
        """Why ``option`` cannot change play at the position file ``obj`` (its own fields fix what
        the option would set: every choice reads as the same position, or is refused), or ``None``.
        The generic adapter knows of no such field."""
        return None

    def describe_choice(self, analysis: Analysis) -> str:
        """One line for a report (the value written as JSON writes it, keys in order)."""
        if analysis.error:
            return f"{label(analysis.choice)}: {analysis.error}"
        best = " | ".join(analysis.best) or ("not determined" if not analysis.best_known else "-")
        return f"{label(analysis.choice)}: best {best}; value {value_text(analysis.value)} ({analysis.method})"


class GenericAdapter(Adapter):
    """Any game with a solver (no witness search)."""


class PolicyEndgameAdapter(Adapter):
    """For games whose whole deals cannot be solved exactly: every deal is played by a stated
    policy (:meth:`policy_move`) until an exactly solvable position (:meth:`endgame`), and the
    choices are compared there and on the way.

    Per deal and choice: the deal under that choice is played by the policy until the game
    ends or :meth:`endgame` returns the position to solve; the **final result** is then player
    0's outcome (:meth:`outcome`: the game's end, or the exact value there). The **best move**
    is compared at the endgame reached under the first choice, read under every choice and
    solved exactly. **On the way**: every position the first choice's play passes through is
    read under every choice and their sets of legal moves are compared. A game supplies the
    policy, the endgame test, the exact analysis and a player's outcome."""

    policy_definition = "a fixed policy"
    endgame_definition = "an exactly solvable position"
    endgame_cards = 10
    """Largest exactly solved position (:attr:`size_definition`), the run's bound."""
    size_definition = "cards in the hands and on the table"
    """What :meth:`size` counts."""
    max_plies = 2_000
    """A policy play longer than this is an error (the policy must make progress)."""
    default_max_nodes = 200_000
    """Each deal is solved several times (every choice, and the compared position under each):
    a deal whose endgame needs more is skipped and counted, so a sweep stays bounded."""

    @property
    def method(self) -> str:  # type: ignore[override]
        """How deals are compared."""
        return (f"policy play, then exact: each deal is played by {self.policy_definition} until "
                f"{self.endgame_definition}, with at most {self.endgame_cards} {self.size_definition}; "
                "the choices are compared there (best move: exact solve of the position reached under the first "
                "choice, read under every choice) and on the way (legal moves at every position passed)")

    @property
    def best_definition(self) -> str:  # type: ignore[override]
        """What "best move" means here."""
        return "exact best move(s) at the endgame the policy reaches under the first choice"

    @property
    def final_definition(self) -> str:  # type: ignore[override]
        """What "final result" means here."""
        return ("player 0's outcome (+1 win, 0 draw, -1 loss): the end of the game if the policy gets there first, "
                "else the exact value of the endgame reached under that choice")

    def solve_options(self, **kw: Any) -> SolveOptions:
        """The options of one exact solve: ``--max-nodes``, ``--time``, ``--max-memory`` and ``kw``."""
        return with_limits(SolveOptions(max_nodes=self.max_nodes, time_limit=self.time_limit,
                                        max_memory=self.max_memory, **kw))

    def settings(self) -> dict[str, Any]:
        """As :meth:`Adapter.settings`, with the endgame's size."""
        return {**super().settings(), "endgame_cards": self.endgame_cards}

    def policy_move(self, state: Any) -> Any:
        """The policy's move (a spec move)."""
        raise NotImplementedError

    def endgame(self, state: Any) -> Any | None:
        """The exactly solvable position to compare at this state (possibly the same position
        in another form), or ``None`` to play on."""
        raise NotImplementedError

    def exact(self, state: Any, choice: Any) -> Analysis:
        """Exact best move(s) and value (for the side to move) of an endgame."""
        raise NotImplementedError

    def outcome(self, state: Any, end: Any | None, analysis: Analysis | None, player: int = 0) -> int:
        """``player``'s outcome (+1 win, 0 draw, -1 loss): at the game's end (``state`` terminal,
        ``end`` and ``analysis`` ``None``), or at the endgame ``end`` of ``state`` with its exact
        ``analysis``."""
        raise NotImplementedError

    def play_to_endgame(self, state: Any, on_way: Callable[[Any], None] | None = None) -> tuple[Any, Any | None, int]:
        """Policy play from ``state``: (last state, endgame or ``None`` if the game ended, plies)."""
        plies = 0
        while not self.spec.is_terminal(state):
            end = self.endgame(state)
            if end is not None:
                return state, end, plies
            if on_way is not None:
                on_way(state)
            state = self.spec.apply(state, self.policy_move(state))
            plies += 1
            if plies > self.max_plies:
                raise SearchLimit(f"policy play reached no endgame in {self.max_plies} plies")
        return state, None, plies

    def analyse(self, state: Any, choice: Any) -> Analysis:
        """An endgame: exact best moves and value. Otherwise the best move is not determined here
        (no exact method reaches this position: :attr:`Analysis.best_known` is false): the policy
        plays on to an endgame, and the value is the outcome there of the player to move here, as
        an exact value is the side to move's (the method names the player and says how many plies
        were played)."""
        if self.spec.is_terminal(state):
            return Analysis(choice, [], None, "game over")
        end = self.endgame(state)
        if end is not None:
            return self.exact(end, choice)
        from foolsolve.game import CHANCE

        mover = self.spec.to_move(state)
        player = 0 if mover == CHANCE else mover
        whose = f"the outcome of player {player}" + (", to move" if mover == player else "") + \
            " (+1 win, 0 draw, -1 loss)"
        last, end, plies = self.play_to_endgame(state)
        if end is None:
            return Analysis(choice, [], self.outcome(last, None, None, player),
                            f"not exactly solvable here; policy play to the end ({plies} plies): {whose}",
                            best_known=False)
        a = self.exact(end, choice)
        return Analysis(choice, [], self.outcome(last, end, a, player),
                        f"not exactly solvable here; policy play for {plies} plies, then exact: {whose}; "
                        f"best there: {' | '.join(a.best) or '-'}", best_known=False)

    def legal_texts(self, obj: dict[str, Any], option: str, choice: Any) -> frozenset[str] | None:
        """The legal moves of a position read under a choice (``None``: not valid under it)."""
        try:
            state = self.state_with(obj, option, choice)
        except InputError:
            return None
        return frozenset(str(m) for m in self.spec.legal_moves(state))

    def compare_deal(self, option: str, choices: Sequence[Any], seed: int) -> DealComparison:
        """See the class docstring."""
        finals: list[Any] = []
        counts = [0, 0]
        first_end: Any = None

        def on_way(state: Any) -> None:
            obj = self.spec.state_to_json(state)
            sets = {self.legal_texts(obj, option, c) for c in choices}
            counts[0] += 1
            counts[1] += len(sets) > 1  # different legal moves, or not a valid position under some choice

        for k, c in enumerate(choices):
            state = self.deal(self.rules_for(option, c), random.Random(seed))
            last, end, _ = self.play_to_endgame(state, on_way if k == 0 else None)
            if end is None:
                finals.append(self.outcome(last, None, None))
                continue
            finals.append(self.outcome(last, end, self.exact(end, c)))
            if k == 0:
                first_end = end
        dc = DealComparison([None] * len(choices), finals, counts[0], counts[1])
        if first_end is not None:
            obj = self.spec.state_to_json(first_end)
            rep = compare_position(self, obj, option, choices)
            dc.bests = [None if a.error else a.best for a in rep.analyses]
            if rep.disagree:
                dc.witness, dc.witness_size = obj, self.size(first_end)
        return dc


def cannot_matter(opt: OptionInfo, players: int, rules: Any = None) -> str | None:
    """Why ``opt`` cannot change play with ``players`` players or under ``rules`` (the other options'
    values), or ``None`` when it can (:func:`foolsolve.rules.cannot_matter`, the one reading of when
    an option applies)."""
    from foolsolve.rules import cannot_matter as why_moot

    why = why_moot(opt, players, rules)
    if why is None:
        return None
    where = f"with {players} players" if why_moot(opt, players) else "under these rules"
    return f"option {opt.name} cannot matter {where}: its rule {why} ({opt.doc})"


def adapter_for(info: GameInfo, players: int | None = None) -> Adapter:
    """The game's registered adapter, else the generic one."""
    adapter_cls = info.ambiguity or GenericAdapter
    adapter: Adapter = adapter_cls(info, players)
    if not info.spec.min_players <= adapter.players <= info.spec.max_players:
        from foolsolve.game import players_range

        raise InputError(f"--players: {info.name} is for {players_range(info.spec)} players, "
                         f"got {adapter.players}")
    return adapter


def adapter_from_settings(settings: dict[str, Any]) -> Adapter:
    """The adapter :meth:`Adapter.settings` describes (on a worker)."""
    from foolsolve import games

    adapter = adapter_for(games.get(settings["game"]), settings["players"])
    adapter.max_nodes = settings["max_nodes"]
    adapter.time_limit = settings.get("time_limit")
    adapter.max_memory = settings.get("max_memory")
    adapter.base_rules = copy.deepcopy(settings["base_rules"])
    if "endgame_cards" in settings and isinstance(adapter, PolicyEndgameAdapter):
        adapter.endgame_cards = settings["endgame_cards"]
    if settings["policy_only"]:
        adapter.use_policy_only()
    return adapter


def comparable_options(info: GameInfo) -> list[OptionInfo]:
    """Every rule option of the game that is not a fixed rule (those ``--all`` compares)."""
    return [o for o in options_of(info.spec.rules_cls) if not o.fixed]


def option_info(info: GameInfo, name: str) -> OptionInfo:
    """The option called ``name`` (not a fixed rule)."""
    opts = {o.name: o for o in options_of(info.spec.rules_cls)}
    if name not in opts:
        raise InputError(f"--option: {info.name} has no rule option {quoted(name)} (known: {', '.join(opts)})")
    o = opts[name]
    if o.fixed:
        raise InputError(f"--option: {name} is a fixed rule, not an option")
    return o


def choices_of(o: OptionInfo, adapter: Adapter | None = None, given: Sequence[Any] | None = None) -> list[Any]:
    """The values to compare: ``given`` (``--choices``, each checked by the option's parser, each
    given once), else the listed choices, else the adapter's stated alternatives, else for an open
    integer option (``decks``) the default and the next value; anything else is a one-line error."""
    if given is not None:
        return _parse_given(o, given)
    if o.choices is not None:
        return list(o.choices)
    stated = adapter.alternatives(o) if adapter is not None else None
    if stated is not None:
        return list(stated)
    if isinstance(o.default, int) and not isinstance(o.default, bool):
        return [o.default, o.default + 1]
    raise InputError(f"--option: {o.name} has no finite list of choices to compare; "
                     f"name the values with --choices (a JSON list)")


def _parse_given(o: OptionInfo, given: Sequence[Any]) -> list[Any]:
    if len(given) < 2:
        raise InputError("--choices: give at least two values to compare")
    out: list[Any] = []
    for i, v in enumerate(given):
        if o.parse is not None:
            try:
                v = o.parse(v)
            except (ValueError, TypeError, InputError) as exc:
                raise InputError(f"--choices[{i}]: {exc}") from None
        if o.choices is not None and v not in o.choices:
            raise InputError(f"--choices[{i}]: {json_shown(v)} is not one of {' | '.join(json_text(c) for c in o.choices)}")
        twice = next((j for j, w in enumerate(out) if json_text(w) == json_text(v)), None)
        if twice is not None:
            raise InputError(f"--choices[{i}]: {json_shown(v)} is --choices[{twice}] again (give each value once)")
        out.append(v)
    return out


def jsonable(choice: Any) -> Any:
    """A choice as a JSON value (a rule value that is a dataclass becomes an object)."""
    import json

    return json.loads(json_text(choice))


def value_text(value: Any) -> str:
    """A value in a message as :func:`label` writes a choice: a string bare (``loss``), anything else
    (a number, an object such as Three Fools' round odds) as JSON writes it, an object's keys sorted
    (so a value read from the store reads as one just solved)."""
    import json

    if isinstance(value, str):
        return value

    try:
        return json.dumps(jsonable(value), ensure_ascii=False, sort_keys=True)
    except ValueError:  # not a JSON value (json_text wrote its repr)
        return json_text(value)


def label(choice: Any) -> str:
    """A choice as text: strings bare, everything else as JSON (``either``, ``true``, ``2``)."""
    return choice if isinstance(choice, str) else json_text(choice)


def _disagree(results: Sequence[Any]) -> bool:
    """Values (final results) disagree when they are not all equal."""
    return len({json_text(r) for r in results}) > 1


def bests_disagree(bests: Sequence[Sequence[str]]) -> bool:
    """Best-move sets disagree when no move is best under every choice (their intersection
    is empty): a player must then know the rule to play best. Ties that merely differ
    (``{a}`` against ``{a, b}``) do not count. An empty set (the game is over under that
    choice: no move to choose) is left out."""
    bests = [b for b in bests if b]
    if len(bests) < 2:
        return False
    common = set(bests[0])
    for b in bests[1:]:
        common &= set(b)
    return not common


@dataclass
class PositionReport:
    """Every choice at one position."""

    option: str
    analyses: list[Analysis]

    @property
    def disagree(self) -> bool:
        """Is there no move that is best under every choice (where the position is valid)?"""
        return bests_disagree([a.best for a in self.analyses if not a.error])

    @property
    def best_compared(self) -> int:
        """The choices whose best moves are compared: the position is valid under them, a move is
        to be chosen and the best is known. With fewer than two, nothing is compared (and
        :attr:`disagree` is false)."""
        return sum(1 for a in self.analyses if not a.error and a.best)

    def verdict(self) -> str:
        """What the comparison shows, in words: whether the choices agree on the best move, only
        where the best move is known under at least two choices; otherwise that it is not compared
        (and why), and whether the values agree (where they are found the same way)."""
        valid = [a for a in self.analyses if not a.error]
        unknown = [label(a.choice) for a in valid if not a.best_known]
        if self.best_compared >= 2:
            text = "the choices " + ("DISAGREE on the best move" if self.disagree else "agree on the best move")
            if unknown:
                text += f" where it is determined (not under {', '.join(unknown)})"
            return text
        why = []
        if unknown:
            why.append(f"not determined under {', '.join(unknown)} (no exact method reaches this position)")
        over = [label(a.choice) for a in valid if a.best_known and not a.best]
        if over:
            why.append(f"no move to choose under {', '.join(over)}")
        invalid = [label(a.choice) for a in self.analyses if a.error]
        if invalid:
            why.append(f"no answer under {', '.join(invalid)} (its line says why)")
        text = "the best move is not compared: " + "; ".join(why)
        values = [a for a in valid if a.value is not None]
        if len(values) >= 2 and len({a.best_known for a in values}) == 1:  # values of one kind: comparable
            if _disagree([a.value for a in values]):
                text += "; the values differ: " + ", ".join(f"{label(a.choice)} {value_text(a.value)}"
                                                            for a in values)
            else:
                text += f"; the values agree: {value_text(values[0].value)} under " + ("every choice" if len(values) == len(
                    self.analyses) else ", ".join(label(a.choice) for a in values))
        return text

    def to_json(self) -> dict[str, Any]:
        """JSON form: ``disagree`` (no move best under every choice compared) and ``best_compared``
        (how many choices' best moves were compared: fewer than two, nothing was)."""
        return {"option": self.option, "disagree": self.disagree, "best_compared": self.best_compared,
                "choices": [a.to_json() for a in self.analyses]}


def compare_position(adapter: Adapter, obj: dict[str, Any], option: str, choices: Sequence[Any]) -> PositionReport:
    """Best move and value at a position under each choice."""
    out = []
    for c in choices:
        try:
            state = adapter.state_with(obj, option, c)
            out.append(adapter.analyse(state, c))
        except (InputError, SearchLimit) as exc:
            out.append(Analysis(c, [], None, "", error=str(exc) or type(exc).__name__))
    return PositionReport(option, out)


@dataclass
class DealsReport:
    """Over N seeded deals: how often the choices disagree."""

    option: str
    choices: list[Any]
    deals: int
    seed: int
    best_definition: str
    final_definition: str
    method: str = ""
    best_differs: int = 0
    final_differs: int = 0
    skipped: int = 0
    best_compared: int = 0
    """Deals where a position was compared for the best move under at least two choices."""
    on_way: int = 0
    on_way_differs: int = 0
    best_vs_first: dict[str, int] = field(default_factory=dict)
    final_vs_first: dict[str, int] = field(default_factory=dict)
    mean_final: dict[str, float] = field(default_factory=dict)
    mean_definition: str = "mean final result"
    """What :attr:`mean_final` is the mean of (:attr:`Adapter.mean_definition`)."""
    examples: list[int] = field(default_factory=list)
    """Deal numbers (seed + i) where the best move differs (first few)."""
    skip_reasons: list[str] = field(default_factory=list)
    """Why deals were skipped (first few, one line each)."""
    witness: dict[str, Any] | None = None
    """The smallest position met in the deals where the choices disagree on the best move."""
    witness_size: int = 0

    @property
    def counted(self) -> int:
        """Deals compared (not skipped)."""
        return self.deals - self.skipped

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "option": self.option, "choices": [jsonable(c) for c in self.choices], "deals": self.deals, "seed": self.seed,
            "method": self.method,
            "best_definition": self.best_definition, "final_definition": self.final_definition,
            "best_differs": self.best_differs, "best_compared": self.best_compared,
            "final_differs": self.final_differs, "skipped": self.skipped, "skip_reasons": self.skip_reasons,
            "on_the_way": {"positions": self.on_way, "legal_moves_differ": self.on_way_differs},
            "best_vs_first": self.best_vs_first, "final_vs_first": self.final_vs_first,
            "mean_final": self.mean_final, "mean_definition": self.mean_definition, "examples": self.examples,
        }


@dataclass
class DealResult:
    """One deal of a sweep (:func:`one_deal`)."""

    seed: int
    comparison: DealComparison | None
    skipped: str | None = None
    """Why the deal was skipped (one line), when it was."""


def one_deal(adapter: Adapter, option: str, choices: Sequence[Any], deal_seed: int) -> DealResult:
    """Deal ``random.Random(deal_seed)`` compared under every choice (:meth:`Adapter.compare_deal`);
    a deal that cannot be analysed under some choice (node limit, a position no exact method
    reaches) is skipped, with its reason."""
    try:
        return DealResult(deal_seed, adapter.compare_deal(option, choices, deal_seed))
    except (SearchLimit, InputError) as exc:
        return DealResult(deal_seed, None, f"deal {deal_seed}: {str(exc) or type(exc).__name__}")


def compare_positions(adapter: Adapter, objs: Sequence[dict[str, Any]], option: str, choices: Sequence[Any]
                      ) -> list[PositionReport]:
    """:func:`compare_position` for each of several positions."""
    return [compare_position(adapter, obj, option, choices) for obj in objs]


KINDS: dict[str, Callable[..., Any]] = {"deal": one_deal, "positions": compare_positions}
"""The work a sweep sends to workers: a deal (``(option, choices, deal seed)``) or a few positions
compared under every choice (``(position JSONs, option, choices)``), each ``fn(adapter, *args)``."""

WITNESS_CHUNK = 16
"""Witness candidates per task (one candidate's solves take milliseconds: a task each would
cost more in messages than it saves)."""


@dataclass
class Done:
    """A task's value (see :data:`KINDS`) and what its exact solves did."""

    value: Any
    read: int = 0
    """Exact results read from the result store."""
    solved: int = 0
    """Exact solves done."""
    new: list[tuple[str, str, str, str, dict[str, Any]]] = field(default_factory=list)
    """New results for the result store, solved on a cluster worker (which has no store)."""
    unwritable: str | None = None
    """Why a local worker could not write the store file (:meth:`foolsolve.store.Store.unwritable`),
    else ``None``: the calling process says it once (the workers say nothing)."""


SweepTask = tuple[str, dict[str, Any], tuple[str, str | None, str | None] | None, tuple[Any, ...]]
"""``(kind, adapter settings, store, arguments)``: ``store`` is ``("file", PATH, LABEL)`` (a local
worker reads and writes the store file itself; its errors name it by LABEL, as the calling
process's :class:`~foolsolve.store.Store` does: ``--store PATH``, ``FOOLSOLVE_STORE=PATH`` or the
default file's path), ``("record", None, None)`` (a cluster worker hands its new results back) or
``None`` (no store)."""


def sweep_task(task: SweepTask) -> Done:
    """One task on a worker (:mod:`foolsolve.executor`): the adapter rebuilt from its settings,
    the exact solves through the store the task names, counted."""
    from foolsolve.store import SweepStore

    kind, settings, store, args = task
    adapter = adapter_from_settings(settings)
    sweep = SweepStore(_worker_store(store[1], store[2]) if store is not None and store[0] == "file" else None,
                       record=store is not None and store[0] == "record")
    adapter.store = sweep
    value = KINDS[kind](adapter, *args)
    return Done(value, sweep.read, sweep.solved, sweep.new, None if sweep.inner is None else sweep.inner.unwritable())


_WORKER_STORES: dict[tuple[str, str | None], Any] = {}


def _worker_store(path: str | None, label: str | None) -> Any:
    """The result store file at ``path``, opened once per worker process; errors name it by
    ``label`` (the calling process's)."""
    if path is None:
        return None
    if (path, label) not in _WORKER_STORES:
        from foolsolve.store import Store

        db = Store(path, label=label)
        db.warns = False  # (its task's Done says why it was not written: the calling process says it once)
        _WORKER_STORES[path, label] = db
    return _WORKER_STORES[path, label]


def run_tasks(adapter: Adapter, executor: Any, kind: str, args: Iterable[tuple[Any, ...]]
              ) -> Generator[tuple[int, Any], None, None]:
    """``(index, KINDS[kind](adapter, *a))`` for every ``a`` of ``args``, in order, run on
    ``executor``'s workers (:func:`foolsolve.executor.make_executor`; it stays open for the next
    sweep: the caller closes it) with the adapter rebuilt there from its
    :meth:`~Adapter.settings`. A value whose worker died too often is a
    :class:`~foolsolve.executor.WorkerLost`. Closing the generator early cancels the rest.

    The exact solves go through the adapter's result store (``adapter.store``): on local workers
    the store file itself (each worker opens it: SQLite in WAL mode takes several writers); a
    cluster's workers return their new results, which are stored here as they come back, and a
    task whose solves are all stored already is answered here from the store
    (:attr:`Adapter.exact_through_store`) and never sent. When ``adapter.store`` is a
    :class:`~foolsolve.store.SweepStore`, the workers' reads and solves are added to its counts."""
    from foolsolve.executor import WorkerLost
    from foolsolve.store import StoreMiss, SweepStore, as_store

    sweep = adapter.store if isinstance(adapter.store, SweepStore) else None
    db = as_store(adapter.store)
    store: tuple[str, str | None, str | None] | None = None
    if db is not None:
        store = ("file", str(db.path), db.label) if executor.local else ("record", None, None)
    settings = adapter.settings()
    fn = KINDS[kind]

    def on_done(index: int, task: SweepTask, done: Any) -> None:
        if db is not None and isinstance(done, Done):
            if done.unwritable is not None:
                db.not_written(done.unwritable)
            for row in done.new:
                db.put(*row)

    def here(task: SweepTask) -> Done | None:
        saved = adapter.store
        adapter.store = probe = SweepStore(db, hits_only=True)
        try:
            value = fn(adapter, *task[3])
        except StoreMiss:
            return None
        finally:
            adapter.store = saved
        return Done(value, probe.read)

    replay = (db is not None and not executor.local and adapter.exact_through_store
              and db.holds(adapter.info.name))
    tasks = ((kind, settings, store, a) for a in args)
    results = executor.map(sweep_task, tasks, on_done=on_done, here=here if replay else None, keep_open=True)
    try:
        for index, done in results:
            if isinstance(done, WorkerLost):
                yield index, done
                continue
            if sweep is not None:
                sweep.read += done.read
                sweep.solved += done.solved
            yield index, done.value
    finally:
        results.close()


Job = tuple[str, Sequence[Any], int, int]
"""``(option, choices, deals, seed)``: one option's deals in a sweep."""


def deal_results(adapter: Adapter, jobs: Sequence[Job], executor: Any = None) -> Generator[DealResult, None, None]:
    """Every deal of every job, in order: here one after the other, or on ``executor``'s workers
    (:func:`run_tasks`). A deal whose worker died too often is skipped, with its reason."""
    if executor is None:
        for option, choices, deals, seed in jobs:
            for i in range(deals):
                yield one_deal(adapter, option, list(choices), seed + i)
        return
    from foolsolve.executor import WorkerLost, worker_failure

    # generators both (the results come in input order, one per deal): a list of every seed of
    # --deals 10**15 would fill the memory before the first deal
    seeds = (seed + i for _, _, deals, seed in jobs for i in range(deals))
    args = ((option, list(choices), seed + i) for option, choices, deals, seed in jobs for i in range(deals))
    results = run_tasks(adapter, executor, "deal", args)
    try:
        for (_, value), deal_seed in zip(results, seeds):
            if isinstance(value, WorkerLost):
                value = DealResult(deal_seed, None, worker_failure(value, f"deal {deal_seed}"))
            yield value
    finally:
        results.close()


def compare_deals(adapter: Adapter, option: str, choices: Sequence[Any], deals: int, seed: int,
                  progress: Callable[[int], None] | None = None, executor: Any = None) -> DealsReport:
    """Deal ``i`` uses ``random.Random(seed + i)`` under every choice (other options at their
    defaults), compared by :meth:`Adapter.compare_deal`. A deal that cannot be analysed under
    some choice (node limit, a position no exact method reaches) is skipped and counted.

    The deals run here, or on ``executor``'s workers (:func:`deal_results`), and are folded here
    in order: the same report either way."""
    rep = DealsReport(option, list(choices), deals, seed, adapter.best_definition, adapter.final_definition,
                      adapter.method, mean_definition=adapter.mean_definition)
    results = deal_results(adapter, [(option, choices, deals, seed)], executor)
    first = label(choices[0])
    sums: dict[str, float] = {label(c): 0.0 for c in choices}
    try:
        for i in range(deals):
            r = next(results)
            dc = r.comparison
            if dc is None:
                rep.skipped += 1
                if len(rep.skip_reasons) < 5:
                    rep.skip_reasons.append(r.skipped or f"deal {seed + i}")
                if progress is not None:
                    progress(i + 1)
                continue
            rep.on_way += dc.on_way
            rep.on_way_differs += dc.on_way_differs
            present = [b for b in dc.bests if b is not None]
            if len(present) >= 2:
                rep.best_compared += 1
            if bests_disagree(present):
                rep.best_differs += 1
                if len(rep.examples) < 10:
                    rep.examples.append(seed + i)
            if dc.witness is not None and (rep.witness is None or dc.witness_size < rep.witness_size):
                rep.witness, rep.witness_size = dc.witness, dc.witness_size
            finals = dc.finals
            if _disagree(finals):
                rep.final_differs += 1
            b0 = dc.bests[0]
            for c, b, f in zip(choices[1:], dc.bests[1:], finals[1:]):
                k = label(c)
                pair = [x for x in (b0, b) if x is not None]
                rep.best_vs_first[k] = rep.best_vs_first.get(k, 0) + bests_disagree(pair)
                rep.final_vs_first[k] = rep.final_vs_first.get(k, 0) + (json_text(f) != json_text(finals[0]))
            for c, f in zip(choices, finals):
                number = f.get("win_float") if isinstance(f, dict) else f  # odds: the win probability
                if isinstance(number, (int, float)) and not isinstance(number, bool):
                    sums[label(c)] += number
            if progress is not None:
                progress(i + 1)
    finally:
        results.close()
    counted = rep.counted
    rep.mean_final = {k: round(v / counted, 3) for k, v in sums.items()} if counted else {}
    rep.best_vs_first = {f"{k} vs {first}": v for k, v in rep.best_vs_first.items()}
    rep.final_vs_first = {f"{k} vs {first}": v for k, v in rep.final_vs_first.items()}
    return rep


@dataclass
class Witness:
    """The smallest position found where the choices disagree on the best move."""

    size: int
    position: dict[str, Any]
    report: PositionReport


def find_witness(adapter: Adapter, option: str, choices: Sequence[Any], *, seed: int = 0, max_size: int = 8,
                 tries: int = 200, extra: Sequence[dict[str, Any]] = (),
                 progress: Callable[[int], None] | None = None, executor: Any = None) -> Witness | None:
    """Sizes 2, 3, ... ``max_size``: ``tries`` random positions each (seeded), smallest
    first; positions in ``extra`` (e.g. a user's position) compete by size. The first
    disagreement at the smallest size wins. With an ``executor`` the positions are compared on
    its workers (:func:`run_tasks`) and folded here in order: the same witness."""
    if not adapter.supports_witness:
        return None
    adapter.check_witness_size(max_size)
    best: Witness | None = None
    for obj in extra:
        rep = compare_position(adapter, obj, option, choices)
        if rep.disagree:
            size = min(adapter.size(adapter.state_with(obj, option, a.choice)) for a in rep.analyses if not a.error)
            if best is None or size < best.size:
                best = Witness(size, obj, rep)
    rng = random.Random(seed)
    found: list[tuple[int, dict[str, Any]]] = []

    def candidates() -> Iterator[tuple[int, dict[str, Any]]]:
        for size in range(2, max_size + 1):
            if best is not None and best.size <= size:
                return
            for obj in adapter.witness_candidates(size, rng, option, choices)[:tries]:
                if "rules" not in obj and adapter.base_rules:
                    obj = {**obj, "rules": dict(adapter.base_rules)}  # the other options as in --rules
                yield size, obj

    if executor is None:
        for tried, (size, obj) in enumerate(candidates(), 1):
            if progress is not None:
                progress(tried)
            rep = compare_position(adapter, obj, option, choices)
            if rep.disagree:
                return Witness(size, obj, rep)
        return best

    def args() -> Iterator[tuple[Any, ...]]:
        chunk: list[dict[str, Any]] = []
        for size, obj in candidates():
            found.append((size, obj))
            chunk.append(obj)
            if len(chunk) == WITNESS_CHUNK:
                yield chunk, option, list(choices)
                chunk = []
        if chunk:
            yield chunk, option, list(choices)

    results = run_tasks(adapter, executor, "positions", args())
    try:
        for index, reps in results:
            first = index * WITNESS_CHUNK
            if not isinstance(reps, list):  # its worker died too often: these candidates are not compared
                reps = [None] * min(WITNESS_CHUNK, len(found) - first)
            for k, rep in enumerate(reps):
                if progress is not None:
                    progress(first + k + 1)
                if rep is not None and rep.disagree:
                    size, obj = found[first + k]
                    return Witness(size, obj, rep)
    finally:
        results.close()
    return best


def witness_file(adapter: Adapter, witness: Witness, option: str) -> dict[str, Any]:
    """The witness as a position file: rules at the first valid choice, a comment listing
    the answer under every choice."""
    first = next(a for a in witness.report.analyses if not a.error)
    state = adapter.state_with(witness.position, option, first.choice)
    out = adapter.spec.state_to_json(state)
    lines = [f"ambiguity witness for option {option} ({witness.size} {adapter.size_definition})"]
    lines += [adapter.describe_choice(a) for a in witness.report.analyses]
    body = {k: v for k, v in out.items() if k != "game"}
    body["rules"] = rules_to_json(state.rules)
    return {"game": out["game"], "comment": "; ".join(lines), **body}  # every position may carry a comment
