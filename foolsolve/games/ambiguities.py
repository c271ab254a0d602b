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

What "best move", "final result" and "position size" mean is game-specific and comes from
an :class:`Adapter`. :class:`GenericAdapter` serves any game whose ``GameInfo`` has a
solver (best move and value by that solver, final result = the solved value of the
opening, no witness search); a game names a richer adapter in its registry record
(``GameInfo.ambiguity``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from foolsolve.errors import InputError
from foolsolve.games.base import GameInfo
from foolsolve.rules import OptionInfo, json_text, options_of, rules_to_json
from foolsolve.solver.base import SearchLimit, SolveOptions


@dataclass
class Analysis:
    """The answer under one choice at one position."""

    choice: Any
    best: list[str]
    value: Any
    method: str
    error: str | None = None
    """Set when the position is not valid (or not solvable) under this choice."""

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        out: dict[str, Any] = {"choice": self.choice, "best": self.best, "value": self.value, "method": self.method}
        if self.error:
            out["error"] = self.error
        return out


class Adapter:
    """What a game supplies to the ambiguity explorer (this base is the generic version)."""

    supports_witness = False
    final_definition = "the solved value of the opening position for the player to move"
    best_definition = "the best move(s) found by the game's solver at the opening position"

    def __init__(self, info: GameInfo, players: int | None = None, max_nodes: int | None = 2_000_000) -> None:
        self.info = info
        self.spec = info.spec
        self.players = players or info.spec.min_players
        self.max_nodes = max_nodes
        self.store: Any = True
        """The result store exact solves go through (:func:`foolsolve.store.cached_solve`): a
        ``Store``, ``True`` for the default file, ``None`` for none."""

    supports_policy_only = False
    """Whether :meth:`use_policy_only` is available (``--policy-only``)."""

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

        res = cached_solve(self.info, state, SolveOptions(max_nodes=self.max_nodes), self.store)
        return Analysis(choice, sorted(res.best), res.value, "solver")

    def deal(self, rules: Any, rng: random.Random) -> Any:
        """A random deal under these rules."""
        return self.spec.deal(rules, self.players, rng)

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

    def describe_choice(self, analysis: Analysis) -> str:
        """One line for a report."""
        if analysis.error:
            return f"{label(analysis.choice)}: {analysis.error}"
        return f"{label(analysis.choice)}: best {' | '.join(analysis.best) or '-'}; value {analysis.value} " \
               f"({analysis.method})"


class GenericAdapter(Adapter):
    """Any game with a solver (no witness search)."""


def adapter_for(info: GameInfo, players: int | None = None) -> Adapter:
    """The game's registered adapter, else the generic one."""
    adapter_cls = info.ambiguity or GenericAdapter
    adapter: Adapter = adapter_cls(info, players)
    return adapter


def option_info(info: GameInfo, name: str) -> OptionInfo:
    """The option called ``name``; it must have a finite list of choices."""
    opts = {o.name: o for o in options_of(info.spec.rules_cls)}
    if name not in opts:
        raise InputError(f"--option: {info.name} has no rule option {name!r} (known: {', '.join(opts)})")
    o = opts[name]
    if o.fixed:
        raise InputError(f"--option: {name} is a fixed rule, not an option")
    return o


def choices_of(o: OptionInfo) -> list[Any]:
    """The values to compare: the listed choices, or for an open integer option (``decks``)
    the default and the next value."""
    if o.choices is not None:
        return list(o.choices)
    if isinstance(o.default, int) and not isinstance(o.default, bool):
        return [o.default, o.default + 1]
    raise InputError(f"--option: {o.name} has no finite list of choices to compare")


def label(choice: Any) -> str:
    """A choice as text: strings bare, everything else as JSON (``either``, ``true``, ``2``)."""
    return choice if isinstance(choice, str) else json_text(choice)


def _disagree(results: Sequence[Any]) -> bool:
    """Values (final results) disagree when they are not all equal."""
    return len({json_text(r) for r in results}) > 1


def bests_disagree(bests: Sequence[Sequence[str]]) -> bool:
    """Best-move sets disagree when no move is best under every choice (their intersection
    is empty): a player must then know the rule to play best. Ties that merely differ
    (``{a}`` against ``{a, b}``) do not count."""
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

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"option": self.option, "disagree": self.disagree, "choices": [a.to_json() for a in self.analyses]}


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
    best_differs: int = 0
    final_differs: int = 0
    skipped: int = 0
    best_vs_first: dict[str, int] = field(default_factory=dict)
    final_vs_first: dict[str, int] = field(default_factory=dict)
    mean_final: dict[str, float] = field(default_factory=dict)
    examples: list[int] = field(default_factory=list)
    """Deal numbers (seed + i) where the best opening move differs (first few)."""

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "option": self.option, "choices": self.choices, "deals": self.deals, "seed": self.seed,
            "best_definition": self.best_definition, "final_definition": self.final_definition,
            "best_differs": self.best_differs, "final_differs": self.final_differs, "skipped": self.skipped,
            "best_vs_first": self.best_vs_first, "final_vs_first": self.final_vs_first,
            "mean_final": self.mean_final, "examples": self.examples,
        }


def deal_outcome(adapter: Adapter, option: str, choices: Sequence[Any], deal_seed: int
                 ) -> tuple[list[list[str]], list[Any]] | None:
    """The best opening moves and the final results of deal ``random.Random(deal_seed)`` under
    every choice (other options at their defaults); ``None`` when a node limit stopped it."""
    rules_cls = adapter.spec.rules_cls
    bests, finals = [], []
    try:
        for c in choices:
            rules = rules_cls(**{option: c})
            state = adapter.deal(rules, random.Random(deal_seed))
            bests.append(adapter.opening_best(state, c).best)
            finals.append(adapter.final_result(state, c))
    except SearchLimit:
        return None
    return bests, finals


ADAPTER_SETTINGS = ("max_nodes", "policy_only", "final_definition")
"""Adapter attributes a deal task carries to a worker (see :func:`deal_task`)."""


def deal_task(task: tuple[str, int, dict[str, Any], str | None, str, list[Any], int]
              ) -> tuple[list[list[str]], list[Any]] | None:
    """:func:`deal_outcome` on a worker (:mod:`foolsolve.executor`): ``task`` = ``(game, players,
    adapter settings, result store path or None, option, choices, deal seed)``."""
    from foolsolve import games

    game, players, settings, store_path, option, choices, deal_seed = task
    adapter = adapter_for(games.get(game), players)
    for name, value in settings.items():
        if name in ADAPTER_SETTINGS and hasattr(adapter, name):
            setattr(adapter, name, value)
    adapter.store = _worker_store(store_path)
    return deal_outcome(adapter, option, choices, deal_seed)


_STORES: dict[str, Any] = {}


def _worker_store(path: str | None) -> Any:
    """The result store at ``path``, opened once per worker process (``None``: no store)."""
    if path is None:
        return None
    if path not in _STORES:
        from foolsolve.store import Store

        _STORES[path] = Store(path)
    return _STORES[path]


def compare_deals(adapter: Adapter, option: str, choices: Sequence[Any], deals: int, seed: int,
                  progress: Callable[[int], None] | None = None, executor: Any = None,
                  store_path: str | None = None) -> DealsReport:
    """Deal ``i`` uses ``random.Random(seed + i)`` under every choice (other options at their
    defaults). A deal that cannot be analysed under some choice (node limit) is skipped.

    With an ``executor`` (:func:`foolsolve.executor.make_executor`) the deals are analysed on its
    workers (each with the result store at ``store_path``, or none) and folded here in order:
    the same report."""
    rep = DealsReport(option, list(choices), deals, seed, adapter.best_definition, adapter.final_definition)
    first = label(choices[0])
    sums: dict[str, float] = {label(c): 0.0 for c in choices}
    counted = 0
    if executor is None:
        outcomes: Iterator[tuple[int, Any]] = ((i, deal_outcome(adapter, option, choices, seed + i))
                                              for i in range(deals))
    else:
        settings = {name: getattr(adapter, name) for name in ADAPTER_SETTINGS if hasattr(adapter, name)}
        outcomes = executor.map(deal_task, ((adapter.info.name, adapter.players, settings, store_path, option,
                                             list(choices), seed + i) for i in range(deals)))
    for i, outcome in outcomes:
        if outcome is None:
            rep.skipped += 1
            continue
        bests, finals = outcome
        counted += 1
        if bests_disagree(bests):
            rep.best_differs += 1
            if len(rep.examples) < 10:
                rep.examples.append(seed + i)
        if _disagree(finals):
            rep.final_differs += 1
        for c, b, f in zip(choices[1:], bests[1:], finals[1:]):
            k = label(c)
            rep.best_vs_first[k] = rep.best_vs_first.get(k, 0) + bests_disagree([bests[0], b])
            rep.final_vs_first[k] = rep.final_vs_first.get(k, 0) + (json_text(f) != json_text(finals[0]))
        for c, f in zip(choices, finals):
            if isinstance(f, (int, float)):
                sums[label(c)] += f
        if progress is not None:
            progress(i + 1)
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
                 tries: int = 200, extra: Sequence[dict[str, Any]] = ()) -> Witness | None:
    """Sizes 2, 3, ... ``max_size``: ``tries`` random positions each (seeded), smallest
    first; positions in ``extra`` (e.g. a user's position) compete by size. The first
    disagreement at the smallest size wins."""
    if not adapter.supports_witness:
        return None
    best: Witness | None = None
    for obj in extra:
        rep = compare_position(adapter, obj, option, choices)
        if rep.disagree:
            size = min(adapter.size(adapter.state_with(obj, option, a.choice)) for a in rep.analyses if not a.error)
            if best is None or size < best.size:
                best = Witness(size, obj, rep)
    rng = random.Random(seed)
    for size in range(2, max_size + 1):
        if best is not None and best.size <= size:
            break
        for obj in adapter.witness_candidates(size, rng, option, choices)[:tries]:
            rep = compare_position(adapter, obj, option, choices)
            if rep.disagree:
                return Witness(size, obj, rep)
    return best


def witness_file(adapter: Adapter, witness: Witness, option: str) -> dict[str, Any]:
    """The witness as a position file: rules at the first valid choice, a comment listing
    the answer under every choice."""
    first = next(a for a in witness.report.analyses if not a.error)
    state = adapter.state_with(witness.position, option, first.choice)
    out = adapter.spec.state_to_json(state)
    lines = [f"ambiguity witness for option {option} ({witness.size} cards in hands and centre)"]
    lines += [adapter.describe_choice(a) for a in witness.report.analyses]
    out = {"game": out["game"], "comment": "; ".join(lines), **{k: v for k, v in out.items() if k != "game"}}
    out["rules"] = rules_to_json(state.rules)
    return out
