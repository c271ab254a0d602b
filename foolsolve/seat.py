"""Best moves from where a player sits: values under hidden information (docs/seat.md).

A player at the table knows her own hand, what has been shown and counts of the rest. The
analyses here read a position only through a *worlds* object (:class:`Worlds`: the full
positions consistent with what the player sees, sampled uniformly, counted and listed where
that is cheap; :mod:`foolsolve.worlds` builds one from a view). The worlds object is the only
thing that touches hidden cards.

Three methods, all on one numeric scale per game (:func:`scale_of`):

* ``exact``: the expectation over *every* consistent world (at most :data:`EXACT_WORLDS` of
  them, listed by :meth:`Worlds.enumerate`), each world valued open-hand;
* ``pimc`` (Perfect Information Monte Carlo, as bridge's GIB does with its double-dummy
  solver): seeded uniform worlds, each valued open-hand; per root move the mean and a 95%
  Student-t interval over the worlds (see :func:`_stats`);
* ``ismcts``: single-observer information-set Monte Carlo tree search (Cowling, Powley and
  Whitehouse 2012), determinized by the worlds object on every iteration, UCT with
  availability counts; a second method independent of the open-hand solvers.

"Valued open-hand" (:func:`evaluate_world`): :func:`foolsolve.solver.open_hand.solve_world`
within a per-world node budget (the game's exact solver where it covers the world and finishes,
else iterative-deepening search over the engine with native playouts at its frontier; exact once
it reaches the end of the game); where not even its first iteration fits, a depth-one search
whose moves are valued by native playouts.

Worlds run on :mod:`foolsolve.executor` (in this process, a local pool or Dask): world ``i`` is
drawn in this process with a generator seeded by ``(seed, i)``, and valued with playouts seeded
by the world itself (:func:`world_seed`), so the answer is the same for every worker count.

This module sits in the shared package, not in ``solver/``: ``solver/`` holds the games' exact
solvers, and this is a framework over every registered game that reads games only through the
registry, like :mod:`foolsolve.ambiguities`.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Protocol

from foolsolve.errors import InputError, LimitError, Stopped, json_quoted, option_name, option_names, quoted
from foolsolve.game import CHANCE, MAX_CONSIDERED, MoveFamily, draw_chance, legal_or_family, search_moves, side_text
from foolsolve.games.base import GameInfo, SeatSearch
from foolsolve.numbers import is_whole
from foolsolve.present import payoff_end, plural, signed
from foolsolve.solver.base import DEFAULT_SECONDS, SearchLimit

VERSION = "3"
"""The seat analysis' version, part of a stored seat answer's key beside the game's solver version
(:func:`foolsolve.store.seat_key`): bump it when the answers of :func:`analyse` or their JSON change
(for the same view and settings), and the stored ones stop matching."""

EXACT_WORLDS = 100
"""``auto`` takes the exact expectation when at most this many worlds are consistent with the view."""
EXACT_WORLDS_MAX = 5_000
"""``--method exact`` refuses a view with more worlds than this (a one-line error)."""
EXACT_WALK_LIMIT = 25_000
"""``--method exact`` counts a view's worlds by listing them (:meth:`foolsolve.worlds.Worlds.count`)
where the rules' constraints leave no formula, through at most this many assignments of the unseen
cards (seconds, in the slowest game's world building), where the default count walks
:data:`foolsolve.worlds.ENUMERATE_LIMIT`: the expectation lists them all anyway."""
DEFAULT_SAMPLES = 100
"""Worlds PIMC samples when ``--samples`` is not given."""
DEFAULT_ISMCTS_ITERATIONS = 4_000
"""IS-MCTS iterations when ``--samples`` is not given."""
WORLD_NODES = 5_000
"""Per-world node budget of the open-hand answer (half for the game's exact solver, the rest for the
depth-limited search unless the game or the caller gives that search its own,
:attr:`Budget.search_nodes`); a world not solved exactly within it keeps the depth-limited search's
estimate (counted as not exact)."""
PLAYOUTS = 4
"""Native random playouts per move at the frontier of a world's depth-limited search."""
EXACT_BUDGET_FACTOR = 20
"""The exact expectation over few worlds gives each up to this many times a world's node budget."""
DEEPEN = 8
"""Each deeper round of an exact expectation (:attr:`Settings.deepen`) values every world again with
this many times the node budgets of the round before."""
DEEPEN_MAX = DEEPEN**4
"""The most an exact expectation's deeper rounds multiply a world's node budgets by."""
ROUND_NODES = 1_000_000
"""A deeper round is started only while its depth-limited searches are expected to search at most
this many nodes: :data:`DEEPEN` times the search budgets of the worlds the round before did not
value exactly (an exact world is not valued again; the exact solver's share is not counted: it
stops once it proves a value, and in most games its nodes cost a fraction of the search's, whose
frontier plays games out; Foolery's cost more, :func:`first_solver_nodes`). Node counts, not
seconds: the same rounds on every machine."""
EXACT_FIRST_NODES = 2_000_000
"""The exact solver's nodes an exact expectation's first round may give its worlds in all, where the
solver first proves most of them (:func:`first_solver_nodes`): each world up to this over the worlds'
count, and at most :data:`DEEPEN` squared times the solver's share of the world's budget."""
EXACT_FIRST_PROBE = 4
"""The first worlds of the exact expectation's listing whose answers decide whether the rest get the
exact solver's larger budget (:data:`EXACT_FIRST_NODES`): at least half of those the solver searched
are proved."""
UCT_C = 0.7
"""UCT's exploration constant, on a scale normalised to the game's payoff range."""
METHODS = ("auto", "exact", "pimc", "ismcts")
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.monotonic, "cpu": time.thread_time}
"""The clocks a time budget (``Settings.seconds``) may run on."""


class Worlds(Protocol):
    """The full positions consistent with one player's view (built by :mod:`foolsolve.worlds`)."""

    player: int
    """The player whose view it is."""

    def sample(self, rng: random.Random) -> Any:
        """A full spec state, uniform over the consistent worlds."""

    def count(self) -> int | None:
        """How many worlds are consistent (``None``: not cheap to count)."""

    def enumerate(self) -> Iterator[Any]:
        """Every consistent world, once each."""


# --- the scale --------------------------------------------------------------------------------


def scale_of(info: GameInfo, state: Any = None) -> str:
    """In words, what the numbers mean for ``info``'s game (the payoff range from ``state`` on,
    where given: :meth:`~foolsolve.game.SpecGame.payoff_range`)."""
    lo, hi = info.utility_bounds if state is None else info.spec.payoff_range(state)
    return (f"the analysing player's payoff, the game's own results ({payoff_end(lo)} to {payoff_end(hi)}; "
            "docs/seat.md lists each game's)")


def payoff(returns: tuple[Fraction, ...] | list[float], player: int) -> float:
    """``player``'s number on :func:`scale_of`'s scale from a finished game's returns."""
    return float(returns[player])


# --- one world --------------------------------------------------------------------------------


@dataclass
class Budget:
    """What one world may cost."""

    nodes: int = WORLD_NODES
    search_nodes: int | None = None
    """The depth-limited search's own node budget, once the exact solver has not answered; ``None``:
    the game's (:attr:`~foolsolve.games.base.GameInfo.seat_search`) in the worlds it applies to, else
    what the exact solver left of :attr:`nodes`. Where not even the search's first iteration fits,
    each move is valued by :attr:`playouts` playouts (flat Monte Carlo)."""
    playouts: int = PLAYOUTS
    max_memory: int | None = None
    """MiB a world's transposition tables may hold, the exact solver's and the search's
    (``--max-memory``; ``None``: their default); over it the oldest entries are dropped."""
    frontier: str | None = None
    """The playouts' policy (:data:`foolsolve.playouts.FRONTIERS`): the frontier of each world's
    depth-limited search, the depth-one fallback and IS-MCTS's playouts; ``None``: the game's
    (:attr:`~foolsolve.games.base.GameInfo.seat_search`) in the worlds it applies to, else
    ``random`` (IS-MCTS: ``random``)."""
    concept: str | None = None
    """The solution concept of a world's open-hand search with three or more players
    (:data:`foolsolve.solver.open_hand.CONCEPTS`: ``paranoid``, the others against her; ``max-n``, each
    player for herself); ``None``: the game's (:attr:`~foolsolve.games.base.GameInfo.seat_concept`).
    Two players: minimax whatever it says (:func:`concept_for`)."""
    solver_nodes: int | None = None
    """The game's exact solver's own node budget in place of half of :attr:`nodes` (the exact
    expectation's first round where the solver proves most worlds: :func:`first_solver_nodes`); the
    depth-limited search still gets what half would have left it. ``None``: half of :attr:`nodes`."""
    solver: bool = True
    """Whether the game's exact solver is asked about the world first (:func:`one_quick_world`: not;
    its one node could prove nothing, and at a big Fools and Angels hand listing the root's
    thousands of moves for it takes longer than the playouts)."""


@dataclass
class WorldValue:
    """One world valued open-hand: per root move (by text) its value for the analysing player."""

    values: dict[str, float]
    exact: bool
    method: str
    nodes: int = 0
    value: float | None = None
    """The position's value for the analysing player (the best move's for her when she is to
    move; the expectation at a chance node; the open-hand search's at another player's turn)."""
    solver_tried: bool = False
    """The game's exact solver searched the world (:attr:`~foolsolve.solver.open_hand.WorldAnswer.solver_tried`;
    not where it refused the world at once)."""


def playout_value(info: GameInfo, world: Any, player: int, rng: random.Random, playouts: int,
                  frontier: str = "random", look: Callable[[int], None] | None = None) -> dict[str, float]:
    """The depth-limited search: each root move valued by the mean payoff of ``playouts`` engine
    playouts (the ``frontier``'s policy, :mod:`foolsolve.playouts`) from the position after it.
    ``look`` is called before every playout with the playouts played so far (:func:`_stopper`: it
    stops the valuation once the analysis' time is up, within one playout)."""
    from foolsolve.playouts import PLAYOUT_MOVES, playout_of, repeats

    engine = info.engine
    spec = info.spec
    if engine is None:
        raise InputError(f"game: {info.name} has no engine for playouts")
    play = playout_of(info, frontier)
    es = engine.from_spec(world)
    out: dict[str, float] = {}
    done = 0
    for m in search_moves(engine, es):
        text = str(engine.move_to_spec(es, m))
        child = engine.apply(es, m)
        total = 0.0
        for k in range(playouts):
            if look is not None:
                look(done)
            final, _n = play(child, rng, PLAYOUT_MOVES)
            done += 1
            x = payoff(engine.returns(final), player)
            total += x
            if repeats(play):
                total += x * (playouts - k - 1)
                break
        out[text] = total / playouts
    if not out and spec.is_terminal(world):
        return {}
    return out


def unlisted_note(spec: Any, world: Any, player: int, split: tuple[Sequence[Any], MoveFamily | None] | None = None) -> str:
    """Where ``player`` is to move and one family of her legal moves is longer than
    :data:`foolsolve.game.MAX_CONSIDERED` (Fools and Angels' exchanges, attacks or defences: more than 255), a note
    saying which of them the answer weighs, the family's candidates (:func:`foolsolve.game.search_moves`;
    of a family of several kinds, each kind's: all of a kind at most that long, a uniform sample of
    attacks); else nothing. ``split``: :func:`foolsolve.game.legal_or_family`'s answer for ``world``
    where the caller has it (not asked again)."""
    if spec.is_terminal(world) or spec.to_move(world) != player:
        return ""
    _listed, family = legal_or_family(spec, world) if split is None else split
    if family is None:
        return ""
    kinds = family.kinds()
    if len(kinds) == 1 and not family.sampled:
        return (f"{family.count:,} {family.kind} moves are legal, more than the {MAX_CONSIDERED} a search weighs: "
                f"the answer weighs {len(family.candidates())} of them (docs/fools-and-angels.md, \"Big hands\") and "
                "the other legal moves")

    def weighed(f: MoveFamily) -> str:
        if f.count <= MAX_CONSIDERED:
            return f"all {f.count:,} {f.kind} moves"
        n = len(f.candidates())
        return (f"a uniform sample of {n} of the {f.count:,} {f.kind} moves (seeded by what the mover sees: the "
                "same in every world)" if f.sampled else f"{n} of the {f.count:,} {f.kind} moves")
    return (f"{family.count:,} {family.kind} moves are legal, more than the {MAX_CONSIDERED} of one kind a search "
            f"weighs: the answer weighs {' and '.join(weighed(f) for f in kinds)} (docs/fools-and-angels.md, "
            "\"Big hands\") and the other legal moves")


def root_split(spec: Any, world: Any, player: int, root: tuple[Sequence[Any], MoveFamily | None] | None
               ) -> tuple[Sequence[Any], MoveFamily | None] | None:
    """The root's legal moves as :func:`foolsolve.game.legal_or_family` gives them, asked once a decision:
    ``root`` (the caller's, such as a bot's seat's, which are the same in every world of her view) where
    ``player`` is to move in ``world``, else of ``world`` (``None`` where the game is over)."""
    if spec.is_terminal(world):
        return None
    if root is not None and spec.to_move(world) == player:
        return root
    return legal_or_family(spec, world)


def world_seed(info: GameInfo, world: Any) -> int:
    """The seed of one world's playouts: a function of the world alone, so a world has one value
    whichever worker values it, whichever run seed drew it, sampled or listed (the exact
    expectation is then one number, which every PIMC run estimates)."""
    import hashlib
    import json

    text = json.dumps(info.spec.without_knowledge(info.spec.state_to_json(world)), sort_keys=True, ensure_ascii=False,
                      default=str)  # (what the players know changes no value)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def rule_for(info: GameInfo, budget: Budget, world: Any) -> SeatSearch | None:
    """The game's own search rule for ``world`` (the first of ``info.seat_search`` that applies),
    where it changes ``budget``: sets the search's nodes or the playouts' policy the caller left open."""
    for rule in info.seat_search:
        if rule.applies(world):
            if budget.search_nodes is None or (budget.frontier is None and rule.frontier is not None):
                return rule
            return None
    return None


def settle(info: GameInfo, budget: Budget, world: Any) -> tuple[Budget, SeatSearch | None]:
    """``budget`` with its depth-limited search's node budget and playout policy settled for ``world``
    of ``info``'s game (the policy ``random`` where neither the caller nor the game names one), and
    the game's rule that did it (:func:`rule_for`)."""
    rule = rule_for(info, budget, world)
    search = budget.search_nodes if budget.search_nodes is not None or rule is None else rule.nodes
    frontier = budget.frontier or (rule.frontier if rule is not None else None) or "random"
    if (search, frontier) == (budget.search_nodes, budget.frontier):
        return budget, rule
    return replace(budget, search_nodes=search, frontier=frontier), rule


def concept_for(info: GameInfo, budget: Budget, world: Any) -> str:
    """The solution concept ``world``'s open-hand search answers under: ``budget.concept`` or the
    game's (:attr:`~foolsolve.games.base.GameInfo.seat_concept`) with three or more players,
    ``paranoid`` (minimax) with two."""
    if info.spec.num_players(world) <= 2:
        return "paranoid"
    return budget.concept or info.seat_concept


def for_world(info: GameInfo, budget: Budget, world: Any) -> Budget:
    """``budget`` settled for ``world`` (:func:`settle`)."""
    return settle(info, budget, world)[0]


def budget_text(budget: Budget, rules: list[SeatSearch], exact_where: str = "", factor: int = 1,
                solver: bool = True, searched_only: bool = False) -> str:
    """A world's node budget in words; ``rules``: the game's own rules that some world got (:func:`rule_for`);
    ``exact_where``: the worlds the game's exact solver is tried on, where it names them
    (:attr:`~foolsolve.games.base.GameInfo.paranoid_where`); ``factor``: what a deeper round multiplied
    every node budget by; ``solver``: whether any world was put to the game's exact solver (else
    no half of the budget is said to be its); ``searched_only``: every world's search had a budget of
    its own (the caller's or a rule's), so without the solver the world's budget is not said."""
    half = "half for the exact solver" + (f" {exact_where}" if exact_where else "")
    parts = [] if budget.search_nodes is None else [f"the depth-limited search {plural(budget.search_nodes * factor, 'node')}"]
    for rule in rules:
        what = [] if budget.search_nodes is not None else [f"the depth-limited search {plural(rule.nodes * factor, 'node')}"]
        if budget.frontier is None and rule.frontier is not None:
            what.append(f"{rule.frontier} playouts")
        parts.append(f"{' and '.join(what)} {rule.where}")
    whole = f"{budget.nodes * factor:,} nodes a world"
    if not solver:  # the exact solver asked about no world: the search has every budget
        return "; ".join(parts) if parts and searched_only else "; ".join([whole, *parts])
    if budget.search_nodes is not None:
        # the search has a budget of its own (--max-nodes N gives it N): the exact solver's is half the world's
        share = f"the exact solver {plural(max(1, budget.nodes * factor // 2), 'node')} a world"
        return "; ".join([share + (f" {exact_where}" if exact_where else ""), *parts])
    if not parts:
        return whole + (f", {half}" if exact_where else "")
    return f"{whole}, {half}; " + "; ".join(parts)


def frontier_text(frontiers: set[str]) -> str:
    """The playouts' policies some world's search used, in words (``random``, ``random and greedy``)."""
    return " and ".join(sorted(frontiers, key=lambda f: (f != "random", f))) or "random"


class WorldStopped(Exception):
    """A world's valuation given up because the analysis' time ran out (:func:`evaluate_world`'s
    ``stop``): the world is dropped, not valued with less work."""


def _stopper(stop: tuple[str, float] | None) -> Callable[[int], None] | None:
    """The search's progress callback that raises :class:`WorldStopped` once the clock named by
    ``stop`` (:data:`CLOCKS`) is past its deadline; ``None`` without a ``stop``."""
    if stop is None:
        return None
    clock, deadline = CLOCKS[stop[0]], stop[1]

    def look(_nodes: int) -> None:
        if clock() > deadline:
            raise WorldStopped("out of time")
    return look


def evaluate_world(info: GameInfo, world: Any, player: int, budget: Budget, seed: int,
                   stop: tuple[str, float] | None = None) -> WorldValue:
    """One world valued open-hand for ``player`` within ``budget`` (reproducibly: nodes, not
    seconds): :func:`foolsolve.solver.open_hand.solve_world` (the exact solver where it covers the
    world and finishes in its share, else its iterative-deepening search with playouts at the
    frontier); where not even its first iteration fits, a depth-one search with
    ``budget.playouts`` playouts per move (the budget's policy, settled by :func:`for_world`).
    ``stop``: ``(clock, deadline)`` (a :data:`CLOCKS` name and a reading of it) past which the
    search raises :class:`WorldStopped` (the analysis' time is up: the world is not valued, so
    a world's value never depends on the time)."""
    from foolsolve.solver import open_hand

    budget = for_world(info, budget, world)
    frontier = budget.frontier or "random"
    concept = concept_for(info, budget, world)
    try:
        ans = open_hand.solve_world(info, world, open_hand.Budget(max_nodes=budget.nodes, playouts=budget.playouts,
                                                                  frontier=frontier, seed=seed,
                                                                  search_nodes=budget.search_nodes,
                                                                  solver_nodes=budget.solver_nodes,
                                                                  max_memory=budget.max_memory),
                                    concept=concept, player=player, progress=_stopper(stop), use_solver=budget.solver)
        return WorldValue({m: float(v) for m, v in ans.values.items()}, ans.exact, ans.method, ans.nodes,
                          float(ans.value), ans.solver_tried)
    except SearchLimit as exc:
        # (the exact solver may have searched before the depth-limited search ran out)
        tried = budget.solver and (open_hand.solver_asked(info, world) if exc.solver_tried is None else exc.solver_tried)
    # past the analysis' deadline the world is dropped here too (these playouts ran on unchecked: a
    # 12-player Fool's Paradise world took seconds past --time)
    values = playout_value(info, world, player, random.Random(seed), budget.playouts, frontier, _stopper(stop))
    # her value: her best move, or (paranoid, as the open-hand search) the others' worst for her; max-n:
    # the mover's best for the mover (the same seeded games, read for the mover; the first in the order)
    mover = info.spec.to_move(world)
    mine = mover in info.spec.side(world, player)
    value = (max(values.values()) if mine else min(values.values())) if values else None
    if values and not mine and mover != CHANCE and concept == "max-n":
        own = playout_value(info, world, mover, random.Random(seed), budget.playouts, frontier, _stopper(stop))
        value = values[max(own, key=lambda m: own[m])]
    kind = "native" if frontier == "random" else frontier
    return WorldValue(values, False, f"depth-1 search, {plural(budget.playouts, kind + ' playout')} per move", value=value,
                      solver_tried=tried)


def _value_item(item: tuple[GameInfo, Any, int, Budget, tuple[str, float] | None]) -> WorldValue:
    """The executor's work: one world (drawn in the parent) valued open-hand, given up past ``stop``."""
    info, world, player, budget, stop = item
    return evaluate_world(info, world, player, budget, world_seed(info, world), stop)


# --- the answer -------------------------------------------------------------------------------


@dataclass
class MoveStat:
    """One root move under hidden information."""

    move: str
    mean: float
    low: float
    """The interval's lower end; NaN where there is no interval (IS-MCTS; one world valued; an
    expectation over estimates, method ``"expectation"``), as ``null`` in JSON. An exact expectation
    (method ``"exact"``) has ``low == high == mean``: the value is certain."""
    high: float
    """The interval's upper end; NaN where :attr:`low` is."""
    worlds: int
    """Worlds (or, for IS-MCTS, visits) behind the mean. An IS-MCTS move no iteration tried has 0
    visits and no mean (:attr:`mean` NaN, ``null`` in JSON)."""
    behind: tuple[float, float, float] | None = None
    """How far this move is behind the best, as ``(mean, low, high)``: the mean is the best move's
    (the first of :attr:`SeatAnswer.best`) value less this move's, paired world by world over the
    worlds that valued both; ``low`` and ``high`` bound ``max_{j != i} mu_j - mu_i``, how far this
    move's expectation is behind the best of the others, by Hsu's multiple comparisons with the best
    from the paired differences (:func:`_behind`), allowing for the best being picked from the same
    worlds: every move's interval covers at once with probability at least 95% where each one-sided
    bound errs at most at its Bonferroni level, which Student's t meets only approximately (sampled
    worlds; skewed values at few worlds cover less, :func:`_behind`) and Hoeffding-Serfling exactly
    (an exact expectation cut short). Every move is valued in the same worlds, so the luck of the
    deal cancels in the differences; the noise of each world's own estimate (its playouts) does not.
    Method ``pimc`` (sampled worlds, or an exact expectation cut short): ``low`` is at most 0 and
    ``high`` at least 0, and a move is told apart from the best where ``low`` is 0 (it is no better
    than the best of the others), which the overlap of the two moves' own intervals does not say;
    NaN ends where there is no interval (:attr:`low`). Method ``exact`` (every world solved):
    ``(d, d, d)``, the exact difference, ``d > 0`` for a move not best. Method ``expectation``: NaN
    ends. ``None`` for the best moves, IS-MCTS answers and the position's value."""
    paired: tuple[float, float] | None = field(default=None, repr=False, compare=False)
    """The plain paired 95% interval of the best move's value less this one's (one comparison, not
    allowing for the best being picked from the same worlds nor for the other moves: no claim the
    answer states). Only ``pimc:prefer=greedy``'s playing rule reads it (:func:`foolsolve.bots.seat_bots.preferred`),
    the rule its arena figures were measured with; not in JSON. ``None`` where :attr:`behind` is,
    and for an answer read back from JSON."""
    spread: float | None = field(default=None, repr=False, compare=False)
    """IS-MCTS: the standard deviation of the analysing player's payoffs over the iterations that
    tried this move (with Bessel's correction; ``None`` below two visits). Only :func:`second_opinion`
    reads it, to tell whether IS-MCTS's first choice is clear; not in JSON. ``None`` for every other
    method, and for an answer read back from JSON."""



@dataclass
class SeatAnswer:
    """What :func:`analyse` returns (``--json``: :meth:`to_json`)."""

    game: str
    player: int
    to_move: int
    method: str
    method_text: str
    scale: str
    moves: list[MoveStat]
    best: list[str]
    worlds: int
    worlds_exact: int
    consistent_worlds: int | None
    seed: int | None
    """The seed of the sampled worlds (``--seed``); ``None`` where it changed nothing: the exact
    expectation valued every consistent world (its order of the worlds matters only where it is cut short)."""
    seconds: float
    interrupted: bool = False
    notes: list[str] = field(default_factory=list)
    value: MoveStat | None = None
    """The position's value for :attr:`player` over the worlds (``move`` is ``"position"``): what the
    answer gives where the player is not to move (a chance node: the deal still to come), with its
    95% interval. Where she is to move, the best move's mean (biased up: the highest of noisy means)
    with a 95% interval for the best move's expectation, ``max_i mu_i``, that allows for picking the
    best from the same worlds (:func:`_value_to_move`; its 95% as approximate as the moves' own
    Student-t bounds), not the chosen move's own interval."""

    @property
    def all_exact(self) -> bool:
        """Whether every world was valued exactly (none by the depth-limited search's estimate)."""
        return self.worlds_exact >= self.worlds

    def best_first(self) -> list[MoveStat]:
        """The moves in the order every move table of a seat answer shows them (the text answer's,
        the report page's): the best moves (:attr:`best`, marked ``*``) first, then the others by
        the number the best is chosen by, highest first: the mean (IS-MCTS: the visits, then the
        mean); moves of equal rank in the answer's own order; last the moves without a mean (IS-MCTS:
        no iteration tried them)."""
        best = set(self.best)
        visits = self.method == "ismcts"
        return sorted(self.moves, key=lambda m: (m.move not in best, math.isnan(m.mean), -m.worlds if visits else 0,
                                                 0.0 if math.isnan(m.mean) else -round(m.mean, 9)))

    def close_to_best(self) -> list[str]:
        """The moves not told apart from the best at a nominal 95%: those whose interval behind the
        best (:attr:`MoveStat.behind`, Hsu's multiple comparisons with the best) has a lower end
        below 0, or none (one world valued). With the best moves they are a confidence set for the
        best move at a nominal 95%: at least 95% where each one-sided bound errs at most at its
        level, which Student's t meets only approximately (:func:`_behind`). None for IS-MCTS (no
        intervals) or an expectation over every world (no sampling: a move behind the best is
        behind it)."""
        if self.method != "pimc":
            return []
        return [m.move for m in self.moves
                if m.move not in self.best and m.behind is not None and not m.behind[1] >= 0]

    def to_json(self) -> dict[str, Any]:
        """The answer as JSON (the schema ``foolsolve/schemas/seat.schema.json``), strict JSON (RFC 8259):
        where there is no interval (IS-MCTS; one world valued; method ``"expectation"``, every
        consistent world, some valued by the depth-limited search's estimate) its ends, NaN in
        :class:`MoveStat`, are ``null``, and so is the mean of a move IS-MCTS never tried."""
        from foolsolve.jsonout import plain

        value = None if self.value is None else _stat_json(self.value, with_move=False)
        return plain({  # the order docs/seat.md lists
            "game": self.game, "player": self.player, "to_move": self.to_move, "method": self.method,
            "method_text": self.method_text, "scale": self.scale,
            "moves": [_stat_json(m) for m in self.moves],
            "best": self.best, "value": value, "worlds": self.worlds, "worlds_exact": self.worlds_exact,
            "consistent_worlds": self.consistent_worlds, "seed": self.seed, "seconds": round(self.seconds, 6),
            "interrupted": self.interrupted, "notes": self.notes,
        })

    def same_answer(self, other: object) -> bool:
        """Whether ``other`` (a seat answer) gives the same answer: its :meth:`to_json` equal but for
        ``seconds`` (``==`` compares every field, the seconds and the unrounded means too).
        ``SeatAnswer.from_json(x.to_json())`` is the same answer as ``x``."""
        if not isinstance(other, SeatAnswer):
            return False
        mine, theirs = self.to_json(), other.to_json()
        return ({k: v for k, v in mine.items() if k != "seconds"}
                == {k: v for k, v in theirs.items() if k != "seconds"})

    @classmethod
    def from_json(cls, obj: Any, position: Any = None) -> SeatAnswer:
        """The answer of its :meth:`to_json` (``foolsolve VIEW.json --json``, a batch line's ``seat``),
        checked against the seat schema and for what the schema cannot say (:func:`_check_seat_json`:
        finite numbers, each interval around its mean, the means on the game's payoff scale, the
        moves each listed once and the best among them, the players the game's): anything else is a
        one-line :class:`InputError` naming the field, never a malformed answer. ``position`` (a
        view or a full position, what :func:`foolsolve.answer` takes), if given, is the position it
        answers: its game, seat, player to move and legal moves are then checked too, and the means
        against that position's payoffs (:meth:`SpecGame.payoff_range`: its players and rules). A null
        interval end or mean reads as NaN, as :func:`analyse` gives it (no interval, no mean)."""
        from foolsolve.positions import check_finite, validate_schema

        if not isinstance(obj, dict):
            raise InputError(f"seat answer: a JSON {type(obj).__name__}, not an object")
        check_finite(obj, "seat answer")
        validate_schema(obj, "seat.schema.json", root="seat answer")
        _check_seat_json(obj, position)
        def end(x: Any) -> float:
            # null (to_json): no interval (IS-MCTS, one world, an expectation over estimates) or no mean
            return math.nan if x is None else float(x)

        def stat(m: dict[str, Any], move: str) -> MoveStat:
            b = m.get("behind_best")
            behind = None if b is None else (end(b["mean"]), end(b["low"]), end(b["high"]))
            return MoveStat(move, end(m["mean"]), end(m["low"]), end(m["high"]), m["worlds"], behind)

        value = obj["value"]
        return cls(obj["game"], obj["player"], obj["to_move"], obj["method"], obj["method_text"], obj["scale"],
                   [stat(m, m["move"]) for m in obj["moves"]], list(obj["best"]), obj["worlds"], obj["worlds_exact"],
                   obj["consistent_worlds"], obj["seed"], float(obj["seconds"]), obj["interrupted"], list(obj["notes"]),
                   None if value is None else stat(value, "position"))

    def text(self) -> str:
        """The table ``foolsolve VIEW.json`` prints for this answer (:func:`foolsolve.cli.format_seat`)."""
        from foolsolve import games
        from foolsolve.cli import format_seat

        return format_seat(games.get(self.game), self)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        best = ", ".join(self.best) if self.best else "none (not to move)"
        value = "" if self.value is None else f", value {signed(self.value.mean)}"
        stopped = ", interrupted" if self.interrupted else ""
        unit = "iteration" if self.method == "ismcts" else "world"
        return (f"<SeatAnswer {self.game}, player {self.player}'s seat, {self.method} over "
                f"{plural(self.worlds, unit)}: best {best}{value}{stopped}>")

    def _repr_html_(self) -> str:
        from foolsolve.present import pre_html

        return pre_html(self.text())


def _check_seat_json(obj: dict[str, Any], position: Any) -> None:
    """What :meth:`SeatAnswer.from_json` checks of a seat answer's JSON (valid under its schema)
    beyond the schema; an :class:`InputError` naming the field."""
    from foolsolve import games
    from foolsolve.positions import check_mover_range, check_moves_in, check_player_range, check_unique

    info = games.get(obj["game"])
    check_player_range(obj["player"], info)
    check_mover_range(obj["to_move"], info)
    if obj["worlds_exact"] > obj["worlds"]:
        raise InputError(f"worlds_exact: {obj['worlds_exact']}, more than the {obj['worlds']} worlds valued")
    # with its position, the means on that position's payoffs (its players, rules and cards: the range
    # the analysis cuts its intervals to), else on the game's over every table
    state = None if position is None else _seat_position_state(obj, info, position)
    lo, hi = info.utility_bounds if state is None else info.spec.payoff_range(state)
    scale = f"{info.name}'s" if state is None else "the position's"

    def interval(m: dict[str, Any], where: str, low: float, high: float) -> None:
        mean = m["mean"]
        if mean is not None and not low <= mean <= high:
            raise InputError(f"{where}.mean: {mean:g} is outside {scale} payoffs ({payoff_end(low)} to "
                             f"{payoff_end(high)})")
        ends = [x for x in (m["low"], mean, m["high"]) if x is not None]
        if ends != sorted(ends):
            raise InputError(f"{where}: low {m['low']}, mean {mean}, high {m['high']} are not in order "
                             "(low <= mean <= high)")

    texts = [m["move"] for m in obj["moves"]]
    check_unique(texts, "moves")
    check_unique(obj["best"], "best")
    for i, m in enumerate(obj["moves"]):
        interval(m, f"moves[{i}]", lo, hi)
        if m["behind_best"] is not None:
            interval(m["behind_best"], f"moves[{i}].behind_best", lo - hi, hi - lo)
    if obj["value"] is not None:
        interval(obj["value"], "value", lo, hi)
    if obj["method"] == "expectation":
        # every consistent world, some valued by estimates: no interval
        for where, m in [*((f"moves[{i}]", m) for i, m in enumerate(obj["moves"])),
                         *((f"moves[{i}].behind_best", m["behind_best"]) for i, m in enumerate(obj["moves"])),
                         ("value", obj["value"])]:
            if m is not None and (m["low"] is not None or m["high"] is not None):
                raise InputError(f"{where}: low {m['low']}, high {m['high']}: method expectation (an average of "
                                 "estimates) has no interval, both null")
    if obj["method"] in ("exact", "expectation") and obj["consistent_worlds"] is not None \
            and obj["worlds"] != obj["consistent_worlds"]:
        raise InputError(f"method: {obj['method']} is over every consistent world, and {obj['worlds']} of the "
                         f"{obj['consistent_worlds']} were valued (an expectation cut short is method pimc)")
    if obj["method"] == "exact" and obj["worlds_exact"] < obj["worlds"]:
        raise InputError(f"method: exact, and only {obj['worlds_exact']} of the {obj['worlds']} worlds were valued "
                         "exactly (an average of estimates is method expectation)")
    for i, move in enumerate(obj["best"]):
        if move not in texts:
            raise InputError(f"best[{i}]: {json_quoted(move)} is not among the answer's moves")
    if obj["moves"] and obj["player"] != obj["to_move"]:
        raise InputError(f"moves: player {obj['player']} is not to move (to_move {obj['to_move']}): her answer has "
                         "no moves")
    if state is not None:
        check_moves_in(info.spec, state, obj["to_move"], texts)


def _seat_position_state(obj: dict[str, Any], info: GameInfo, position: Any) -> Any:
    """The full position a seat answer's JSON answers, ``position`` (a view: a world of it; every
    world shares who moves, her moves and the payoffs' range), checked against the answer: the same
    game, the view's player, a player of the position."""
    from foolsolve.api import read_position
    from foolsolve.positions import check_player_in
    from foolsolve.worlds import View, worlds_of_view

    where, state = read_position(position)
    if where.name != info.name:
        raise InputError(f"position: a {where.name} position, and the answer is of {info.name}")
    if isinstance(state, View):
        if state.player != obj["player"]:
            raise InputError(f"player: {obj['player']}, and the position is player {state.player}'s view")
        state = worlds_of_view(state).first()
    check_player_in(obj["player"], info.spec, state)
    return state


def _number(x: float) -> float | None:
    """``x`` rounded for JSON, or ``None`` where it is no finite number (JSON has no NaN or infinity)."""
    return round(x, 6) if math.isfinite(x) else None


def _stat_json(m: MoveStat, with_move: bool = True) -> dict[str, Any]:
    """``m`` as JSON: a NaN (no interval, no mean) is ``null``."""
    out: dict[str, Any] = {"move": m.move} if with_move else {}
    out.update({"mean": _number(m.mean), "low": _number(m.low), "high": _number(m.high), "worlds": m.worlds})
    if with_move:
        out["behind_best"] = None if m.behind is None else {"mean": _number(m.behind[0]), "low": _number(m.behind[1]),
                                                            "high": _number(m.behind[2])}
    return out


_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
"""Student's t 97.5% quantiles for 1..30 degrees of freedom (the standard table)."""


def t95(n: int) -> float:
    """The two-sided 95% quantile of Student's t with ``n - 1`` degrees of freedom: the table up
    to 30, beyond it the Cornish-Fisher expansion around the normal quantile (within 1e-4)."""
    df = n - 1
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


@dataclass(frozen=True)
class Population:
    """The worlds an exact expectation cut short samples without replacement (:func:`_stats`):
    how many are consistent, their total weight (copies) and the heaviest one's, all known from
    the enumeration whether valued or not."""

    count: int
    weight: int
    heaviest: int


ALPHA = 0.05
"""The nominal error rate of every interval an answer from one seat states: 95% intervals (each
move's own, and simultaneous ones for the position's value and the comparisons with the best:
:func:`_value_to_move`, :func:`_behind`), each as exact as the one-sided bounds it is built from
(Student's t: approximate; Hoeffding-Serfling: exact)."""


@functools.lru_cache(maxsize=4096)
def _critical(tail: float, m: int) -> float:
    """Student's t critical value of one end of an interval over ``m`` values (``m - 1`` degrees of
    freedom) that errs on that side with probability ``tail``: :func:`t95`'s table for ``tail``
    ``ALPHA / 2`` (each end of a two-sided 95% interval), else :func:`foolsolve.stats.t_quantile`.
    Cached by ``(tail, m)``: :func:`_behind` asks for the same value for every ordered pair of
    moves, and the quantile is a bisection."""
    from foolsolve.stats import t_quantile

    if m < 2:
        return math.inf
    return t95(m) if tail == ALPHA / 2 else t_quantile(1 - tail, m - 1)


def _stats(move: str, xs: list[tuple[float, int]], exact_all: bool,
           seen: tuple[float, float] | None = None, bounds: tuple[float, float] | None = None,
           population: Population | None = None,
           tails: tuple[float, float] = (ALPHA / 2, ALPHA / 2)) -> MoveStat:
    """Mean and interval of weighted values (weights: copies of a world; 1 for a sample); by default
    a two-sided 95% interval. ``tails``: the probability that the lower end lies above the
    expectation, and that the upper end lies below it (``(ALPHA / 2, ALPHA / 2)``: 95%; a one-sided
    bound of a Bonferroni family, :func:`_behind`, :func:`_value_to_move`, asks for smaller tails).
    Fewer than two values: no interval (NaN ends, ``null`` in JSON).

    The interval is Student's t over the values together with one pseudo-value at each end of
    ``seen`` (the lowest and highest value any move took in this analysis): a move whose sampled
    worlds happen to agree (a "take" that loses in 40 of 42 worlds, sampled 30 times) would
    otherwise get an interval of width 0 that misses the rare worlds. The mean is the values'
    own. Measured on a 42-world Durak view: the plain t interval covered the exact expectation
    90% of the time at 30 samples, this one 100% (tests/durak/test_seat.py, long profile).
    ``bounds`` (the game's payoff range): the interval is cut to it, where every world's value and
    so the expectation lies (a move winning in nearly every world is not given values above a win).

    ``population``: the values are of a sample *without replacement* of its worlds (an exact
    expectation cut short, which values its worlds in a random order: :func:`_pimc`), each world
    one unit of the sample and its weight its copies; ``bounds`` must be given. The mean is the
    weighted mean (the ratio estimator); each end is the one-sided Hoeffding-Serfling bound for
    sampling without replacement (Bardenet and Maillard 2015, Corollary 2.5: factor ``1 - (n-1)/N``,
    or ``(1 - n/N)(1 + 1/n)`` past half the worlds; ``log(1/tail)``, so ``log(2/0.05)`` at 95%),
    inverted for the weighted mean (each world's ``w * (x - mean)`` spans at most the heaviest weight
    times the payoff range), intersected with the hard bound of the worlds not valued: the
    expectation lies between the values seen with every other world at the lowest payoff and with
    every other world at the highest (width 0 once every world is valued). No pseudo-values: the
    bound needs none. A Student-t interval with the finite-population correction covered 82-91% on
    small skewed samples; this one covered at least 99.9% in the same simulations
    (tests/generic/test_seat_cut_short.py, long profile)."""
    n = sum(w for _, w in xs)
    sx = sum(x * w for x, w in xs)
    mean = sx / n
    if exact_all:
        return MoveStat(move, mean, mean, mean, n)
    if population is not None:
        if bounds is None:
            raise ValueError("_stats: a population needs the payoff bounds")
        lo, hi = bounds
        units, total = len(xs), population.count
        rho = 1 - (units - 1) / total if units <= total / 2 else (1 - units / total) * (1 + 1 / units)
        scale = (hi - lo) * population.heaviest / (n / units)
        below, above = (scale * math.sqrt(max(0.0, rho) * math.log(1 / tail) / (2 * units)) for tail in tails)
        s, rest = sx, population.weight - n
        low = max(mean - below, (s + rest * lo) / population.weight, lo)
        high = min(mean + above, (s + rest * hi) / population.weight, hi)
        return MoveStat(move, mean, min(low, mean), max(high, mean), n)
    if n < 2:
        return MoveStat(move, mean, math.nan, math.nan, n)
    pseudo = () if seen is None else (seen[0], seen[1])
    m = n + len(pseudo)
    summed: float = sx
    for x in pseudo:
        summed += x
    centre = summed / m
    squares: float = sum(w * (x - centre) ** 2 for x, w in xs)
    for x in pseudo:
        squares += (x - centre) ** 2
    var = squares / (m - 1)
    se = math.sqrt(var / m)
    low, high = mean - _critical(tails[0], m) * se, mean + _critical(tails[1], m) * se
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return MoveStat(move, mean, low, high, n)


@dataclass
class Settings:
    """The knobs of :func:`analyse` (the CLI's options)."""

    method: str = "auto"
    samples: int | None = None
    seconds: float | None = DEFAULT_SECONDS
    """The analysis' time (``--time``): by default the command's 20 s, as :func:`foolsolve.answer`
    has it; ``None``: no limit (the work is then bounded by the worlds or iterations and each
    world's node budget alone, and the answer depends on nothing but them: the same on a slow
    machine). Running out, the answer is that of the worlds valued, with a note saying so."""
    seed: int = 0
    budget: Budget = field(default_factory=Budget)
    exact_worlds: int = EXACT_WORLDS
    clock: str = "wall"
    """What ``seconds`` measures (:data:`CLOCKS`): ``wall`` (elapsed time, what a person waits) or
    ``cpu`` (this thread's CPU time: the same work whatever else loads the machine; a bot match on
    a shared machine uses it)."""
    deepen: bool = False
    """The exact expectation values its worlds again with :data:`DEEPEN` times the node budgets while
    :func:`_deeper` allows (bounded by node counts, and by ``seconds`` where given): ``foolsolve
    POSITION.json`` without ``--max-nodes``. A bot keeps its fixed budget."""
    started: float | None = None
    """A reading of :attr:`clock` when ``seconds`` began, so that what the caller did before the
    analysis counts in them (a bot's decision from when it is asked: reading its view, counting the
    worlds; the command line from its start); ``None``: when the analysis begins."""
    budget_given: bool = False
    """The caller gave each world's budget (``--max-nodes``): the exact expectation keeps it, as PIMC
    does, instead of sharing PIMC's whole budget among few worlds (:func:`exact_budget`)."""
    unapplied: tuple[str, ...] = ()
    """Options given that the method answering does not read, named in a note as not applied:
    under ``auto`` those only sampling reads (``--samples``, ``--seed``) where the exact expectation
    answers (``--method exact`` with them is an error instead), and under ``ismcts`` each world's
    budget (``--max-nodes``, ``--max-memory``: a batch's, whose full-position lines read them;
    solve refuses them): :func:`foolsolve.cli.seat_settings`."""

    def __post_init__(self) -> None:
        """Every knob checked when the settings are made, with the command line's ranges (which the
        CLI checks first, with its own messages): a one-line :class:`InputError` naming the field."""
        from foolsolve.solver.base import MAX_SAMPLES, MAX_SECONDS

        if self.method not in METHODS:
            raise InputError(f"Settings.method: expected one of {', '.join(METHODS)}, got {self.method!r}")
        if self.samples is not None and not is_whole(self.samples, 1, MAX_SAMPLES):
            raise InputError(f"Settings.samples: expected a whole number from 1 to {MAX_SAMPLES:,} (worlds or "
                             f"iterations) or None (the method's default), got {self.samples!r}")
        if self.seconds is not None and (isinstance(self.seconds, bool) or not isinstance(self.seconds, (int, float))
                                         or not 0 <= self.seconds <= MAX_SECONDS or not math.isfinite(self.seconds)):
            raise InputError(f"Settings.seconds: expected a number of seconds from 0 to {MAX_SECONDS:,} (a year) or "
                             f"None (no limit), got {self.seconds!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise InputError(f"Settings.seed: expected a whole number, got {self.seed!r}")
        if not isinstance(self.budget, Budget):
            raise InputError(f"Settings.budget: expected a seat.Budget, got {type(self.budget).__name__}")
        _check_budget(self.budget)
        if not is_whole(self.exact_worlds, 0):
            raise InputError(f"Settings.exact_worlds: expected a whole number >= 0, got {self.exact_worlds!r}")
        if self.clock not in CLOCKS:
            raise InputError(f"Settings.clock: expected one of {', '.join(CLOCKS)}, got {self.clock!r}")
        if self.started is not None and (isinstance(self.started, bool) or not isinstance(self.started, (int, float))
                                         or not math.isfinite(self.started)):
            raise InputError(f"Settings.started: expected a reading of the clock (a number) or None, got "
                             f"{self.started!r}")
        for name in ("deepen", "budget_given"):
            if not isinstance(getattr(self, name), bool):
                raise InputError(f"Settings.{name}: expected True or False, got {getattr(self, name)!r}")
        if isinstance(self.unapplied, str) or not all(isinstance(x, str) for x in self.unapplied):
            raise InputError(f"Settings.unapplied: expected a tuple of option names, got {self.unapplied!r}")
        self.unapplied = tuple(self.unapplied)


def one_quick_world(settings: Settings) -> Settings:
    """``settings`` for a player who must move although ``settings.seconds`` ran out before one world
    was valued (a bot, ``--interactive``'s other players): PIMC over one world, valued by the
    quickest valuation there is, a depth-one search with one playout a move (the budget's policy,
    :func:`evaluate_world`'s fallback; the exact solver not asked), with no time limit (IS-MCTS: one
    iteration). The move then
    takes the time given plus about one playout a legal move, not a whole world's node budget
    (:data:`WORLD_NODES`, which may take several times a short time)."""
    quick = replace(settings.budget, nodes=1, search_nodes=1, playouts=1, solver=False)
    method = "ismcts" if settings.method == "ismcts" else "pimc"
    return replace(settings, method=method, samples=1, seconds=None, budget=quick)


def _check_budget(budget: Budget) -> None:
    """A world's budget checked (:meth:`Settings.__post_init__`): a one-line :class:`InputError`."""
    from foolsolve.playouts import FRONTIERS
    from foolsolve.solver.base import MAX_MEMORY

    for name in ("nodes", "playouts"):
        if not is_whole(getattr(budget, name), 1):
            raise InputError(f"Budget.{name}: expected a whole number >= 1, got {getattr(budget, name)!r}")
    for name in ("search_nodes", "solver_nodes"):
        if getattr(budget, name) is not None and not is_whole(getattr(budget, name), 1):
            raise InputError(f"Budget.{name}: expected a whole number >= 1 or None, got {getattr(budget, name)!r}")
    if budget.max_memory is not None and not is_whole(budget.max_memory, 1, MAX_MEMORY):
        raise InputError(f"Budget.max_memory: expected MiB from 1 to {MAX_MEMORY:,} or None, got {budget.max_memory!r}")
    if budget.frontier is not None and budget.frontier not in FRONTIERS:
        raise InputError(f"Budget.frontier: expected one of {', '.join(FRONTIERS)} or None, got {budget.frontier!r}")
    if not isinstance(budget.solver, bool):
        raise InputError(f"Budget.solver: expected True or False, got {budget.solver!r}")
    from foolsolve.solver.open_hand import CONCEPTS

    if budget.concept is not None and budget.concept not in CONCEPTS:
        raise InputError(f"Budget.concept: expected one of {', '.join(CONCEPTS)} or None, got {budget.concept!r}")


def _no_world_text(seconds: float | None, nodes: int, compiled: Sequence[tuple[str, float]] = ()) -> str:
    """The one-line error of an analysis whose time ran out before one world was valued: the time
    (saying so when it is ``--time``'s default, which the user may not know they had) and the
    likely cause: the compiles this process ran meanwhile (``compiled``:
    :func:`foolsolve.progress.compiled_since`, what each compiled and its seconds), which the next
    run loads instead, or a world's node budget (``--max-nodes``) larger than that time holds."""
    if seconds is None:
        return f"{option_name('--time')}: no world was valued in the time given"
    when = f"{seconds:g} s" + (f" (the default {option_name('--time')})" if seconds == DEFAULT_SECONDS else "")
    if compiled:
        took = sum(s for _, s in compiled)
        names = " and ".join(dict.fromkeys(what for what, _ in compiled))
        if took >= seconds:
            return (f"{option_name('--time')}: no world was valued in {when}: it went to compiling {names} "
                    f"({took:.1f} s, once per install; the next run loads it): run again")
        when += f", {took:.1f} s of it compiling {names} (once per install)"
    why = (f": each world's node budget, {option_name('--max-nodes')} {nodes:,}, did not fit in it; give a smaller "
           f"{option_name('--max-nodes')} or a "
           f"longer {option_name('--time')}") if nodes > WORLD_NODES else f": give a longer {option_name('--time')}"
    return f"{option_name('--time')}: no world was valued in {when}{why}"


def _order(stats: list[MoveStat], move_order: list[str]) -> list[MoveStat]:
    rank = {m: i for i, m in enumerate(move_order)}
    return sorted(stats, key=lambda s: rank.get(s.move, len(rank)))


def _behind(stats: list[MoveStat], best: list[str], by_world: dict[int, dict[str, float]], weights: list[int],
            exact_all: bool, seen: tuple[float, float] | None, bounds: tuple[float, float],
            population: Population | None = None) -> None:
    """Set each move's :attr:`MoveStat.behind`: the best move's value less its own, world by world
    (``by_world``: each world's values by move; ``weights`` its copies), over the worlds that valued
    both, as the mean, with simultaneous 95% intervals for ``max_{j != i} mu_j - mu_i`` (how far move
    ``i``'s expectation is behind the best of the others) by Hsu's constrained multiple comparisons
    with the best (MCB; Hsu 1996, *Multiple Comparisons*, ch. 4), from the paired differences.

    For every ordered pair the one-sided bounds ``L_ji <= mu_j - mu_i <= U_ji`` are those of
    :func:`_stats` over the paired differences, each end erring with probability ``ALPHA / (k - 1)``
    (``k`` moves: the one-sided Bonferroni critical value, which needs no joint distribution). Move
    ``i``'s interval is ``[min(0, max_j L_ji), max(0, max_j U_ji)]``. Let ``b`` be a true best move:
    where each of its ``k - 1`` bounds ``L_jb < mu_j - mu_b`` errs with probability at most
    ``ALPHA / (k - 1)``, they all hold with probability at least 95% (Bonferroni), and then every
    move's interval covers at once: for ``i != b`` the lower end is at most ``0 <= mu_b - mu_i``
    and the upper end at least ``U_bi = -L_ib > mu_b - mu_i``; for ``b`` the upper end is at least
    ``0 >= max_j mu_j - mu_b`` and the lower end at most ``max_j L_jb < max_j mu_j - mu_b``. A lower
    end of 0 says the move is no better than the best of the others (``b``'s lies below 0): the moves
    whose lower end lies below 0, with the best, are a confidence set for a best move at the same
    level (:meth:`SeatAnswer.close_to_best`).

    The Bonferroni and MCB steps are exact; the level rests on each one-sided bound erring at most
    at its tail. Student's t (sampled worlds) meets that only approximately, as each move's own
    interval does: with skewed values at few worlds a bound errs more often. Measured
    (tests/generic/test_seat_intervals.py, long profile: 5 moves, one paying +1 with probability 0.1
    and -0.1 otherwise, the others +-0.02; 1,000 runs each) every interval covered at once in 42% of
    the runs at 5 worlds, 66% at 10, 88% at 20 and 98% at 40; with five moves of +-1 values at 10 to
    100 worlds, 98-100% (the same file). Hoeffding-Serfling's bounds (an exact expectation cut short,
    ``population``) hold for any values within the payoff range: there the level is a guarantee.
    The pseudo-values of :func:`_stats` are the widest
    differences the values ``seen`` allow (worlds that happen to agree give no interval of width
    0), the bounds the differences the game's ``bounds`` allow, a sample without replacement
    (``population``) Hoeffding-Serfling's. With ``exact_all`` the difference is exact; one world
    gives no interval (NaN ends)."""
    if not best:
        return
    ref = best[0]
    wide = None if seen is None else (seen[0] - seen[1], seen[1] - seen[0])
    span = (bounds[0] - bounds[1], bounds[1] - bounds[0])
    tail = ALPHA / max(1, len(stats) - 1)
    rows = [(v, weights[i]) for i, v in by_world.items()]
    diffs: dict[tuple[str, str], list[tuple[float, int]]] = {}

    def paired(a: str, b: str) -> list[tuple[float, int]]:
        """The differences ``a - b`` world by world, built once for each ordered pair."""
        if (a, b) not in diffs:
            diffs[(a, b)] = [(v[a] - v[b], w) for v, w in rows if a in v and b in v]
        return diffs[(a, b)]

    # Moves valued alike in every world (the same value, or none, world by world: a class) have the
    # same paired differences with any move, so the bounds are computed once for each ordered pair of
    # classes, not of moves: a big hand's thousands of root moves fall into few classes in a few
    # worlds. A pair's bounds are those of the first of its two moves the loop below reaches, on the
    # differences from the other, for both orders (the second order the first's negated): a move
    # reads a class's direct bounds where a member of it comes later or is not reached, the negated
    # ones where a member comes earlier (the same figures as bounds taken move by move).
    key = {m.move: tuple(v.get(m.move) for v, _w in rows) for m in stats}
    member = {k: move for move, k in reversed(key.items())}
    reached = [not exact_all and m.move not in best and bool(paired(ref, m.move)) for m in stats]
    first: dict[tuple[Any, ...], int] = {}
    last: dict[tuple[Any, ...], int] = {}
    unreached = set()
    for pos, m in enumerate(stats):
        k = key[m.move]
        if reached[pos]:
            first.setdefault(k, pos)
            last[k] = pos
        else:
            unreached.add(k)
    direct: dict[tuple[Any, Any], tuple[float, float] | None] = {}

    def bound(kj: tuple[Any, ...], ki: tuple[Any, ...]) -> tuple[float, float] | None:
        """``(L_ji, U_ji)``, one-sided bounds of ``mu_j - mu_i``, ``j`` and ``i`` of classes ``kj``, ``ki``."""
        if (kj, ki) not in direct:
            xs = paired(member[kj], member[ki])
            d = None if not xs else _stats(member[ki], xs, False, wide, span, population, (tail, tail))
            direct[(kj, ki)] = None if d is None else (d.low, d.high)
        return direct[(kj, ki)]

    def negated(kj: tuple[Any, ...], ki: tuple[Any, ...]) -> tuple[float, float] | None:
        d = bound(ki, kj)
        return None if d is None else (-d[1], -d[0])

    for pos, m in enumerate(stats):
        if m.move in best:
            continue
        xs = paired(ref, m.move)
        if not xs:
            continue
        mean = sum(x * w for x, w in xs) / sum(w for _, w in xs)
        if exact_all:
            m.behind = (mean, mean, mean)
            continue
        plain = _stats(m.move, xs, False, wide, span, population)
        m.paired = (plain.low, plain.high)
        ki = key[m.move]
        found = []
        for kj in member:
            if kj in unreached or last.get(kj, -1) > pos:
                found.append(bound(kj, ki))
            if first.get(kj, pos) < pos:
                found.append(negated(kj, ki))
        ends = [e for e in found if e is not None]
        if any(math.isnan(lo) or math.isnan(hi) for lo, hi in ends):
            m.behind = (mean, math.nan, math.nan)
        else:
            # 0.0 + x: a lower end of 0 is +0.0, not -0.0 (0 in JSON)
            m.behind = (mean, 0.0 + min(0.0, max(lo for lo, _ in ends)), max(0.0, max(hi for _, hi in ends)))


def _value_to_move(stats: list[MoveStat], best: list[str], per_move: dict[str, list[tuple[float, int]]],
                   exact_all: bool, seen: tuple[float, float] | None, bounds: tuple[float, float],
                   population: Population | None) -> MoveStat | None:
    """The position's value for the player to move: the best mean (one move for every world, not
    each world's own best: clairvoyant), with a 95% interval for the best expectation, ``max_i mu_i``,
    that allows for the best being picked from the same worlds (the highest of ``k`` noisy means is
    biased up, and the chosen move's own interval covers less than 95%). The upper end is the highest
    of the moves' own upper ends (at ``ALPHA / 2``): ``max_i mu_i`` lies below it unless a true best
    move's own upper end misses. The lower end is the highest of the moves' lower ends at the
    Bonferroni level ``ALPHA / (2k)`` each: ``max_i mu_i`` lies above it unless some move's lower end
    misses. Where each bound errs at most at its tail the interval covers with probability at least
    95% (exact algebra); the bounds are Student's t's (approximate, as in :func:`_behind`; in the
    skewed simulation there the value's interval covered 99-100%) or, for an exact expectation cut
    short, Hoeffding-Serfling's (exact). It holds the best mean. ``None`` without moves; NaN ends where a
    move has no interval (one world)."""
    top = next((m for m in stats if m.move in best), None)
    if top is None:
        return None
    if exact_all:
        return MoveStat("position", top.mean, top.mean, top.mean, top.worlds)
    k = len(stats)
    lows = [_stats(m.move, per_move[m.move], False, seen, bounds, population, (ALPHA / (2 * k), ALPHA / 2)).low
            for m in stats]
    highs = [m.high for m in stats]
    if any(math.isnan(x) for x in lows + highs):
        return MoveStat("position", top.mean, math.nan, math.nan, top.worlds)
    return MoveStat("position", top.mean, max(lows), max(highs), top.worlds)


def _best(stats: list[MoveStat]) -> list[str]:
    if not stats:
        return []
    top = max(s.mean for s in stats)
    return [s.move for s in stats if s.mean >= top - 1e-12]


def choose_method(worlds: Worlds, settings: Settings) -> str:
    """``auto`` resolved: ``exact`` when few worlds are consistent, else ``pimc``."""
    if settings.method != "auto":
        return settings.method
    n = worlds.count()
    return "exact" if n is not None and n <= settings.exact_worlds else "pimc"


def clock_of(settings: Settings) -> Callable[[], float]:
    """The clock ``settings.seconds`` runs on, or a one-line error."""
    clock = CLOCKS.get(settings.clock)
    if clock is None:
        raise InputError(f"clock: expected one of {', '.join(CLOCKS)}, not {settings.clock!r}")
    return clock


def _began(settings: Settings, clock: Callable[[], float]) -> float:
    """When ``settings.seconds`` began on ``clock``: :attr:`Settings.started`, else now."""
    return clock() if settings.started is None else settings.started


SETTINGS_NAMES: dict[str, str] = {"--time": "Settings.seconds", "--max-nodes": "Budget.nodes",
                                  "--max-memory": "Budget.max_memory", "--method": "Settings.method",
                                  "--samples": "Settings.samples", "--workers": "executor"}
"""The command line's options and what stands for them in Python: the fields of :class:`Settings`
and :class:`Budget`, and :func:`analyse`'s ``executor`` for ``--workers``: what :func:`analyse`'s
errors name when called from Python."""


def analyse(info: GameInfo, worlds: Worlds, settings: Settings, executor: Any = None,
            tick: Callable[[int], None] | None = None, *, names: dict[str, str] | None = None,
            root_moves: tuple[Sequence[Any], MoveFamily | None] | None = None) -> SeatAnswer:
    """The value of every root move for ``worlds.player``, by ``settings.method``. Ctrl-C (or
    ``settings.seconds`` running out) ends early with the answer so far (``interrupted`` on
    Ctrl-C). A one-line error names the fields of ``settings`` the caller gave
    (:data:`SETTINGS_NAMES`); ``names``: other names for the options it names
    (:func:`foolsolve.errors.option_names`; ``{}``: the names its caller set, the command line's own
    where none is set); ``root_moves``: the legal moves of ``worlds.player`` where she is to move, as
    :func:`foolsolve.game.legal_or_family` gives them (a bot's seat has them), so that the decision
    does not list them again (:func:`root_split`)."""
    with option_names(SETTINGS_NAMES if names is None else names):
        method = choose_method(worlds, settings)
        if method not in METHODS:
            raise InputError(f"{option_name('--method')}: expected one of {', '.join(METHODS)}, got {quoted(method)}")
        if method == "ismcts":
            return ismcts(info, worlds, settings, tick, root_moves)
        return _pimc(info, worlds, settings, method, executor, tick, root_moves)


FORCED_SECONDS = 2.0
"""Where the analysing player has one legal move, the answer is that move: its value gets at most
this many seconds of :attr:`Settings.seconds` (as a full position's only legal move does,
:data:`foolsolve.solver.open_hand.ONE_MOVE_SECONDS`), no deeper round and no second opinion."""


def forced_move(info: GameInfo, world: Any, player: int,
                root_moves: tuple[Sequence[Any], MoveFamily | None] | None = None) -> str | None:
    """The one legal move of ``player`` where she is to move in ``world`` (a world of her view) and has
    no other, else ``None``: the same in every world of her view, her own moves being what she sees
    (``root_moves``: her legal moves where the caller has them)."""
    from foolsolve.solver.open_hand import only_move

    spec = info.spec
    if spec.is_terminal(world) or spec.to_move(world) != player:
        return None
    if root_moves is not None:
        moves, family = root_moves
        return spec.move_text(moves[0]) if len(moves) == 1 and family is None else None
    return only_move(info, world)


def forced_settings(settings: Settings) -> Settings:
    """``settings`` for the value of a forced move (:func:`forced_move`): no deeper round, and at most
    :data:`FORCED_SECONDS` of the time."""
    asked = settings.seconds
    return replace(settings, deepen=False, seconds=None if asked is None else min(asked, FORCED_SECONDS))


def time_words(given: Settings, forced: str | None) -> str:
    """The time a note says ran out: ``--time S s``, or for a forced move's value whose time was cut to
    :data:`FORCED_SECONDS` (:func:`forced_settings`) those seconds, as the forced move's note says."""
    asked = given.seconds
    if forced is not None and asked is not None and asked > FORCED_SECONDS:
        return f"the {FORCED_SECONDS:g} s of --time {asked:g} a forced move's value gets"
    return f"--time {asked:g} s"


def forced_note(move: str, settings: Settings, quick: bool = False) -> str:
    """The note of an answer whose player had one legal move, ``move``: how far its value was taken
    (``quick``: no world was valued in the time, so one world the quickest way)."""
    asked = settings.seconds
    how = (" in full (no time limit was given)" if asked is None else "" if asked <= FORCED_SECONDS
           else f" within {FORCED_SECONDS:g} s of --time {asked:g}")
    what = (f"no world was valued{how}, so its value is one world's by a depth-one search with one playout a move "
            "(a rough estimate)" if quick else f"its value is the method's{how}, without deeper rounds")
    return f"{move} is the only legal move, so it is the answer whatever its value; {what} (docs/seat.md, \"A forced move\")"


def _world_rng(seed: int, index: int) -> random.Random:
    """The generator that draws world ``index`` of a PIMC run seeded ``seed``."""
    return random.Random(f"foolsolve-seat:{seed}:{index}")


def exact_budget(budget: Budget, count: int) -> Budget:
    """The per-world budget of the exact expectation over ``count`` worlds: PIMC's whole budget
    (:data:`DEFAULT_SAMPLES` worlds' worth) shared among them, at least one world's and at most
    :data:`EXACT_BUDGET_FACTOR` times it (a few worlds are then solved exactly far more often). A
    depth-limited search with a budget of its own (:attr:`Budget.search_nodes`) keeps it."""
    share = max(1, min(EXACT_BUDGET_FACTOR, DEFAULT_SAMPLES // max(count, 1)))
    return replace(budget, nodes=budget.nodes * share)


def _weighted_worlds(worlds: Worlds) -> Iterator[tuple[Any, int]]:
    """Every world with its weight (how many deals of the physical cards give it: 1 each in a
    game with one copy of every card)."""
    weighted = getattr(worlds, "enumerate_weighted", None)
    if weighted is not None:
        yield from weighted()
    else:
        for w in worlds.enumerate():
            yield w, 1


@dataclass
class _Round:
    """One pass of :func:`_pimc` over its worlds: what each world valued, with its weight."""

    rounds: int = 0
    """The deeper rounds before this one (:attr:`factor`)."""
    first_world: list[Any] = field(default_factory=list)
    weights: list[int] = field(default_factory=list)
    rules: dict[int, SeatSearch] = field(default_factory=dict)
    """The game's own rules some world got, by their place in :attr:`GameInfo.seat_search`."""
    frontiers: set[str] = field(default_factory=set)
    by_world: dict[int, dict[str, float]] = field(default_factory=dict)
    """Each world's values by move, by its place in the order the worlds are listed or sampled."""
    position: list[tuple[float, int]] = field(default_factory=list)
    exact_n: int = 0
    by_solver: int = 0
    asked: int = 0
    """Worlds put to the game's exact solver (:func:`foolsolve.solver.open_hand.solver_asked`)."""
    searched_only: int = 0
    """Worlds whose depth-limited search had a node budget of its own (the caller's or a rule's)."""
    done: int = 0
    open_nodes: int = 0
    """The depth-limited search budgets of the worlds not valued exactly: the next round searches
    :data:`DEEPEN` times as many nodes in them (:func:`_deeper`); an exact world is not valued again."""
    solver_given: int = 0
    """Worlds given the exact solver's larger budget of the first round (:func:`first_solver_nodes`)."""
    values: dict[int, tuple[WorldValue, int]] = field(default_factory=dict)
    """Every world valued, by its place in the listing, with its search budget (what it counts in
    :attr:`open_nodes` where not exact)."""
    exact_worlds: dict[int, WorldValue] = field(default_factory=dict)
    """The worlds valued exactly, by their place in the listing: a deeper round keeps their values
    (an exact value is the same under any larger budget) instead of searching them again."""
    interrupted: bool = False
    stop: KeyboardInterrupt | None = None
    """The Ctrl-C that stopped the round: raised again where no world was valued, so that one naming
    what it stopped (a :class:`~foolsolve.errors.Stopped`: a compile's) keeps its message."""
    lost: str | None = None
    """Why the round stopped at a world whose worker died (:func:`foolsolve.executor.worker_failure`):
    the worlds valued before it are kept."""

    @property
    def factor(self) -> int:
        """What this round multiplied every world's node budgets by: :data:`DEEPEN` a deeper round."""
        return int(DEEPEN**self.rounds)


def _scaled(budget: Budget, factor: int) -> Budget:
    """``budget`` (settled for a world by :func:`settle`) with its node budgets ``factor`` times as large."""
    if factor == 1:
        return budget
    return replace(budget, nodes=budget.nodes * factor,
                   search_nodes=None if budget.search_nodes is None else budget.search_nodes * factor,
                   solver_nodes=None if budget.solver_nodes is None else budget.solver_nodes * factor)


def solver_share(budget: Budget) -> int:
    """The exact solver's node budget in a world of ``budget``: its own, else half the world's (as
    :func:`foolsolve.solver.open_hand.solve_world` shares it)."""
    return budget.solver_nodes if budget.solver_nodes is not None else max(1, budget.nodes // 2)


def first_solver_nodes(budget: Budget, count: int) -> int | None:
    """The exact solver's budget a world in the first round of an exact expectation over ``count``
    worlds (each of node budget ``budget``) gets where the solver proves most of them: a share of
    :data:`EXACT_FIRST_NODES`, at most :data:`DEEPEN` squared times its usual share; ``None`` where that
    is no more than the usual share. The exact solver's nodes cost more than the search's in some
    games (Foolery's: about six times), and at its usual share it proves few worlds of a late round
    while its failures take most of the round's time; given enough to prove a world, it answers it
    exactly, and the search's estimate (far off there) is not needed."""
    usual = solver_share(budget)
    nodes = min(usual * DEEPEN**2, EXACT_FIRST_NODES // max(count, 1))
    return nodes if nodes > usual else None


def _deeper(last: _Round, settings: Settings) -> str | None:
    """Why the exact expectation does not value its worlds again, :data:`DEEPEN` times deeper, after
    the complete round ``last``, in words (``None``: it does). Node counts decide, never the clock
    (a round the deadline cuts short is dropped), so a view gets the same answer in every run that
    the deadline does not cut: a first run that compiles a kernel or loads a cache takes longer."""
    if not settings.deepen:
        return "deeper rounds are off"
    if last.exact_n == last.done:
        return "every world is exact"
    if any(not rule.deepens for rule in last.rules.values()):
        return "the game's rule keeps its budget"
    if DEEPEN ** (last.rounds + 1) > DEEPEN_MAX:
        return "the deepest allowed"
    # the first deeper round runs whatever its size: at the first budget a world's exact solver or
    # search often stops short of the end (a 6v6 Durak view with two stock cards, 7 worlds, 4-6 of them
    # estimates at 70,000 nodes a world, solved exactly at 560,000 in 3-13 s; a Fools and Angels view
    # of 72 worlds, none exact at 5,000 nodes a world, every one exact at 40,000); ROUND_NODES bounds the rest
    if last.open_nodes * DEEPEN > ROUND_NODES and last.rounds > 0:
        return f"the next would search over {ROUND_NODES:,} nodes"
    return None


def _pimc(info: GameInfo, worlds: Worlds, settings: Settings, method: str, executor: Any,
          tick: Callable[[int], None] | None, root_moves: tuple[Sequence[Any], MoveFamily | None] | None = None) -> SeatAnswer:
    from foolsolve.executor import SigintHeld, WorkerLost, make_executor, worker_failure
    from foolsolve.solver.open_hand import SOLVER_METHOD

    t0 = time.monotonic()
    spec = info.spec
    player = worlds.player
    count = worlds.count()
    if count is None and method == "exact" and settings.method == "exact":
        from foolsolve.worlds import Worlds as ViewWorlds

        if isinstance(worlds, ViewWorlds):  # --method exact lists every world anyway: it may walk further to count them
            count = worlds.count(EXACT_WALK_LIMIT)
    seed = settings.seed
    if method == "exact":
        if count is None or count > EXACT_WORLDS_MAX:
            many = (f"the worlds consistent with the view are too many to count by listing (over {EXACT_WALK_LIMIT:,} "
                    "assignments of the unseen cards)" if count is None
                    else f"{count:,} worlds are consistent with the view")
            raise InputError(f"{option_name('--method')} exact: {many} (the exact expectation takes at most "
                             f"{EXACT_WORLDS_MAX:,}; use {option_name('--method')} pimc)")
        budget = settings.budget if settings.budget_given else exact_budget(settings.budget, count)
        total = count
    else:
        total = settings.samples if settings.samples is not None else DEFAULT_SAMPLES
        budget = settings.budget

    listed: list[tuple[Any, int]] = []  # the exact expectation's worlds, listed once (every round values them)
    whole: list[Population] = []

    def world_iter() -> Iterator[tuple[Any, int]]:
        if method == "exact":
            if not listed:
                # in a random order (fixed by the seed): the worlds valued before --time or Ctrl-C cut
                # the expectation short are a sample of them without replacement (docs/seat.md)
                listed.extend(_weighted_worlds(worlds))
                random.Random(f"foolsolve-exact-order:{seed}").shuffle(listed)
                # every world's weight, valued or not: what a sample's interval needs (_stats)
                whole.append(Population(len(listed), sum(w for _, w in listed), max(w for _, w in listed)))
            yield from listed
            return
        i = 0
        while i < total:
            yield worlds.sample(_world_rng(seed, i)), 1
            i += 1

    # one legal move: the answer is that move, its value taken only as far as is cheap (docs/seat.md, "A forced move")
    forced = forced_move(info, next(world_iter())[0] if method == "exact" else worlds.sample(_world_rng(seed, 0)),
                         player, root_moves) if total else None
    given_settings = settings
    if forced is not None:
        settings = forced_settings(settings)
    clock = clock_of(settings)
    deadline = None if settings.seconds is None else _began(settings, clock) + settings.seconds

    ex = executor if executor is not None else make_executor(1)
    # the deadline inside each world's search too (a world of a large --max-nodes may take far
    # longer than --time): where the workers read the same clock, the wall clock on this machine,
    # a thread's CPU time in this thread only
    inline = ex.local and ex.workers == 1

    def stop_at(until: float | None) -> tuple[str, float] | None:
        return None if until is None or not (ex.local if settings.clock == "wall" else inline) \
            else (settings.clock, until)

    # a deeper round leaves the second opinion its share of --time (docs/seat.md, "A second opinion")
    reserve = check_reserve(settings)

    # the worlds whose exact solver stopped at a budget (by their place in the listing): a later round
    # whose solver share is no larger values them by the search alone, with the same search budget
    failed_at: dict[int, int] = {}

    def value_round(rounds: int, before: _Round | None = None, *, solver_nodes: int | None = None,
                    limit: int | None = None, preset: _Round | None = None) -> _Round:
        """One round over the worlds (the first ``limit`` of them where given); ``solver_nodes``: the
        exact solver's budget of each world (:func:`first_solver_nodes`); ``preset``: a round over the
        first worlds whose values this one keeps (:data:`EXACT_FIRST_PROBE`). A deeper round ends
        ``reserve`` seconds before the deadline."""
        rnd = _Round(rounds)
        until = deadline if deadline is None or not rounds else deadline - reserve
        stop = stop_at(until)
        searched: list[int] = []  # each world's search budget: what a world not exact counts in open_nodes
        where: list[int] = []  # the place in the listing of each world sent to be valued
        kept = {} if before is None else before.exact_worlds  # exact already: not valued again
        given = {} if preset is None else preset.values
        if preset is not None:
            rnd.rules.update(preset.rules)
            rnd.frontiers |= preset.frontiers
            rnd.searched_only = preset.searched_only

        def items() -> Iterator[tuple[GameInfo, Any, int, Budget, tuple[str, float] | None]]:
            for j, (w, weight) in enumerate(world_iter()):
                if limit is not None and j >= limit:
                    return
                if until is not None and clock() > until:
                    return
                if not rnd.first_world:
                    rnd.first_world.append(w)
                rnd.weights.append(weight)
                if j in kept or j in given:
                    continue
                settled, rule = settle(info, budget, w)  # settled here once: the worker's for_world keeps it
                settled = _scaled(settled, rnd.factor)
                rnd.searched_only += settled.search_nodes is not None
                if solver_nodes is not None and settled.solver and (rule is None or rule.deepens):
                    # (not where the game's rule keeps its budget, as it keeps it from deeper rounds)
                    settled = replace(settled, solver_nodes=solver_nodes)
                    rnd.solver_given += 1
                elif j in failed_at and solver_share(settled) <= failed_at[j]:
                    # it stopped at a larger budget before: the search alone, with what the solver leaves it
                    settled = replace(settled, solver=False, search_nodes=settled.search_nodes if
                                      settled.search_nodes is not None else settled.nodes - solver_share(settled))
                if rule is not None:
                    rnd.rules.setdefault(info.seat_search.index(rule), rule)
                rnd.frontiers.add(settled.frontier or "random")
                searched.append(settled.search_nodes if settled.search_nodes is not None else
                                settled.nodes - solver_share(replace(settled, solver_nodes=None)))
                solver_at.append(solver_share(settled) if settled.solver else 0)
                where.append(j)
                yield info, w, player, settled, stop

        solver_at: list[int] = []  # each world's exact solver budget (0: not asked)

        def take(j: int, wv: WorldValue, search: int, solver: int = 0) -> None:
            rnd.done += 1
            rnd.exact_n += wv.exact
            rnd.by_solver += wv.method == SOLVER_METHOD
            rnd.asked += wv.solver_tried or j in failed_at
            rnd.values[j] = (wv, search)
            if wv.exact:
                rnd.exact_worlds[j] = wv
            else:
                rnd.open_nodes += search
                if wv.solver_tried and solver:
                    failed_at[j] = max(failed_at.get(j, 0), solver)
            rnd.by_world[j] = wv.values
            if wv.value is not None:
                valued_at[j] = wv.value

        valued_at: dict[int, float] = {}  # each world's position value, by its place in the listing
        for j, wv in kept.items():
            take(j, wv, 0)
        for j, (wv, search) in given.items():
            take(j, wv, search)

        # the workers stay for a deeper round (released below, after the last round)
        stream: Any = ex.map(_value_item, items(), keep_open=rounds_may_follow)
        try:
            for i, wv in stream:
                if isinstance(wv, WorkerLost):
                    # (in input order: every world before it is valued, and kept as at a deadline)
                    rnd.lost = worker_failure(wv, f"world {where[i] + 1}")
                    break
                # a world is kept whole or not at all: Ctrl-C (or SIGTERM) held back meanwhile, so that
                # the worlds the answer counts are the worlds whose values it holds
                with SigintHeld():
                    take(where[i], wv, searched[i], solver_at[i])
                if tick is not None:
                    tick(rnd.done)
                if until is not None and clock() > until:
                    break
        except WorldStopped:
            pass  # the time ran out inside a world: the answer of the worlds valued before it
        except KeyboardInterrupt as exc:
            rnd.interrupted, rnd.stop = True, exc
        finally:
            stream.close()
        # in the listing's order, whichever worlds a deeper round kept: the same sums as one round
        # with its budget from the start
        rnd.by_world = dict(sorted(rnd.by_world.items()))
        rnd.position = [(valued_at[j], rnd.weights[j]) for j in sorted(valued_at) if j < len(rnd.weights)]
        return rnd

    rounds_may_follow = method == "exact" and settings.deepen
    why_not = None
    cut: _Round | None = None  # a deeper round the time or Ctrl-C cut short (its worlds are dropped)
    # the exact solver first: where it proves most of the first worlds with a larger budget, every world
    # of the first round gets it (docs/seat.md, "The exact solver first")
    first = first_solver_nodes(budget, count or 0) if rounds_may_follow and not settings.budget_given else None
    first_words = ""
    try:
        if first is None:
            rnd = value_round(0)
        else:
            probe = value_round(0, solver_nodes=first, limit=EXACT_FIRST_PROBE)
            tried = probe.asked if probe.solver_given else 0  # (no world given it: as if there were no probe)
            if probe.interrupted or probe.lost is not None or probe.done < min(count or 0, EXACT_FIRST_PROBE):
                rnd = probe  # cut short (its worlds, the first of the listing, are a sample)
                first_words = f"the exact solver first, {first:,} nodes a world" if tried else ""
            elif tried and 2 * probe.by_solver >= tried:
                rnd = value_round(0, solver_nodes=first, preset=probe)
                first_words = f"the exact solver first, {first:,} nodes a world"
            else:
                rnd = value_round(0, preset=probe)
                first_words = (f"the exact solver {first:,} nodes in the first {plural(probe.done, 'world')} "
                               f"only (it proved {probe.by_solver:,} of the {tried:,} it searched)") if tried else ""
        while method == "exact" and not rnd.interrupted and rnd.done == count:
            why_not = _deeper(rnd, settings)
            if why_not is not None:
                break
            deeper = value_round(rnd.rounds + 1, rnd)
            if deeper.interrupted or deeper.done < count or deeper.lost is not None:
                cut = deeper
                break
            rnd = deeper
    finally:
        if rounds_may_follow:
            ex.close(cancel=False)
    first_world, weights, rules, frontiers = rnd.first_world, rnd.weights, rnd.rules, rnd.frontiers
    by_world, position, exact_n, by_solver, done = rnd.by_world, rnd.position, rnd.exact_n, rnd.by_solver, rnd.done
    interrupted = rnd.interrupted or (cut is not None and cut.interrupted)
    if not done:
        if interrupted:  # one line saying what Ctrl-C stopped (a Stopped, as a compiling playout's, keeps its own)
            if isinstance(rnd.stop, Stopped):
                raise rnd.stop
            asked = f"the {total:,} worlds asked for" if method == "pimc" else f"the {total:,} consistent worlds"
            raise Stopped(f"interrupted before any world was valued (0 of {asked})") from None
        if rnd.lost is not None:
            raise InputError(f"{option_name('--workers')}: {rnd.lost}")
        from foolsolve.progress import compiled_since

        compiled = compiled_since(t0) if settings.clock == "wall" else []  # (a compile's CPU time: not known)
        if forced is not None:  # she must move: one world, the quickest way
            quick = _pimc(info, worlds, one_quick_world(settings), "pimc", executor, tick, root_moves)
            quick.notes[0] = forced_note(forced, given_settings, quick=True)
            return quick
        raise LimitError(_no_world_text(settings.seconds, settings.budget.nodes, compiled))
    split = root_split(spec, first_world[0], player, root_moves)  # the root's moves, listed once
    order = [] if split is None else [str(m) for m in search_moves(spec, first_world[0], split)]
    complete = method == "exact" and not rnd.interrupted and done == count
    per_move: dict[str, list[tuple[float, int]]] = {}
    for i, vals in by_world.items():
        for move, x in vals.items():
            per_move.setdefault(move, []).append((x, weights[i]))
    values = [x for xs in per_move.values() for x, _ in xs] + [x for x, _ in position]
    bounds = spec.payoff_range(first_world[0])
    # one consistent world: every sample is that world, and a width of 0 is the truth
    seen = (min(values), max(values)) if values and count != 1 else None
    if seen is not None and seen[0] == seen[1] and not complete:
        # every sampled world gave every move one value: the pseudo-values are the game's bounds, so
        # that two agreeing samples of thousands of worlds get no interval of width 0
        seen = bounds
    # an exact expectation cut short: its worlds, valued in a random order, are a sample of them without replacement
    population = whole[0] if method == "exact" and not complete else None
    stats = _order([_stats(m, xs, complete, seen, bounds, population) for m, xs in per_move.items()], order)
    # "exact" only where every world was solved exactly: an expectation over every world of estimates is not
    name = ("PIMC" if not complete else "exact expectation" if exact_n == done else "expectation" if done == 1
            else "expectation over every consistent world")
    how = ("the one consistent world" if complete and done == 1
           else f"every one of the {done:,} consistent worlds" if complete and exact_n == done
           else f"all {done:,} of them" if complete
           else f"{plural(done, 'sampled world')} (seed {seed})" if method == "pimc"
           else f"{done:,} of the {count:,} consistent worlds, sampled without replacement (the exact expectation, "
                "cut short)")
    solver = f" ({by_solver:,} by the {SOLVER_METHOD})" if by_solver else ""
    each = "each " if done != 1 else ""
    budget_words = budget_text(budget, [rules[k] for k in sorted(rules)], info.paranoid_where, rnd.factor,
                               rnd.asked > 0, rnd.searched_only == len(rnd.weights))
    if first_words:
        budget_words += f"; {'in the first round ' if rnd.rounds else ''}{first_words}"
    n_players = spec.num_players(first_world[0])
    against = side_text(spec, first_world[0], player)
    teamed = len(spec.side(first_world[0], player)) > 1
    concept = concept_for(info, budget, first_world[0])
    paranoid = "" if n_players <= 2 else maxn_words(teamed) if concept == "max-n" else \
        f" with {against} against the others" if teamed else f" with the other players against player {player}"
    method_text = (f"{name}: {how}, {each}valued open-hand{paranoid} ({exact_n:,} exactly{solver}, {done - exact_n:,} by a "
                   f"depth-limited search with {frontier_text(frontiers)} playouts; {budget_words})")
    notes = [] if forced is None else [forced_note(forced, given_settings)]
    unlisted = unlisted_note(spec, first_world[0], player, split)
    if unlisted:
        notes.append(unlisted)
    if rnd.rounds or cut is not None:
        ended = ("Ctrl-C stopped the next" if cut is not None and cut.interrupted
                 else f"the next stopped: {cut.lost}" if cut is not None and cut.lost is not None
                 else "the next did not finish within --time" if cut is not None else why_not)
        notes.append(f"the values of {plural(rnd.rounds, 'deeper round')} of every world, each with "
                     f"{DEEPEN} times the node budgets of the one before ({ended}; docs/seat.md, \"Deeper rounds\")"
                     if rnd.rounds else f"no deeper round of the worlds ({ended})")
    if rnd.lost is not None:
        notes.append(f"{rnd.lost}; the answer is of the {done:,} of the {total:,} worlds valued before it")
    stopped = deadline is not None and not interrupted and rnd.lost is None and done < total
    if stopped and method == "pimc":
        notes.append(f"{time_words(given_settings, forced)} ran out after {done:,} of the {total:,} worlds asked for")
    elif stopped:
        notes.append(f"{time_words(given_settings, forced)} ran out after {done:,} of the {total:,} consistent worlds: the "
                     "answer is theirs, a sample of the worlds without replacement (the exact expectation values them "
                     "in a random order; docs/seat.md, \"Cut short\")")
    if complete and exact_n < done:
        notes.append(f"{done - exact_n:,} of the {done:,} worlds were valued by the depth-limited search: the means are "
                     "averages of those estimates over every world (no sampling, so no interval), and the search's own "
                     "error is in them, which a larger --max-nodes can change (docs/seat.md, \"Estimates\")")
    elif not complete and exact_n < done:
        notes.append(f"{done - exact_n:,} of the {done:,} worlds were valued by the depth-limited search, not exactly: the "
                     "values are estimates, and their 95% intervals cover only the sampling of worlds, not the "
                     "search's own error, which a larger --max-nodes can change (docs/seat.md, \"Estimates\")")
    # --seed orders the worlds the exact expectation values: applied where it was cut short (its sample)
    unapplied = [n for n in settings.unapplied if complete or n != "--seed"]
    if method == "exact" and unapplied == ["--seed"]:
        notes.append(f"not applied: --seed (it orders the worlds the exact expectation values, and every one of the "
                     f"{count:,} consistent worlds was valued, so the order changed nothing)")
    elif method == "exact" and unapplied:
        notes.append(f"not applied: {', '.join(unapplied)} (the exact expectation values every one of the "
                     f"{count:,} consistent worlds once and samples none; --method pimc samples)")
    # where she is to move and has a choice, the value's interval and the comparisons with the best allow for
    # the best being picked from the same worlds (_value_to_move, _behind)
    chosen = (", each move's own; the value's interval (for the best move's expectation) and the comparisons with "
              "the best (Hsu's multiple comparisons with the best, every move's at once) allow for the best being "
              "picked from the same worlds (Bonferroni: docs/seat.md, \"Intervals\")"
              if spec.to_move(first_world[0]) == player and len(per_move) > 1 else "")
    if population is not None:
        notes.append(f"95% intervals of a sample without replacement{chosen}, each by Hoeffding-Serfling within the "
                     "bounds the worlds not valued allow (docs/seat.md, \"Cut short\"); PIMC values each world as if "
                     "every card were open (strategy fusion, non-locality: docs/seat.md)")
    elif method == "pimc" and done > 1:  # (one world valued: no interval, nothing to say of them)
        notes.append(f"95% Student-t intervals over the worlds{chosen}; PIMC values each world as if every card were "
                     "open (strategy fusion, non-locality: docs/seat.md)")
    if n_players > 2:
        notes.append(maxn_note(n_players, done, exact_n, frontiers) if concept == "max-n"
                     else paranoid_note(n_players, teamed, against, done, exact_n, frontiers))
    mover = spec.to_move(first_world[0])
    if mover != player:
        # another player's (or chance's) turn: the moves are not hers to choose (and differ from world to
        # world with the hidden cards): her value of the position, each world's by the open-hand search
        stats = []
        notes.append(f"player {player} is not to move: the answer is her value of the position (each world's value "
                     "for her by the open-hand search, averaged)")
    best = _best(stats) if mover == player else []
    if mover == player:
        _behind(stats, best, by_world, weights, complete, seen, bounds, population)
        value = _value_to_move(stats, best, per_move, complete, seen, bounds, population)
    else:
        value = _stats("position", position, complete, seen, bounds, population) if position and len(position) == done \
            else None
    # the short name likewise: "exact" only where every world was solved exactly, "expectation" where every
    # consistent world was valued but some by estimates: no interval (nothing sampled, the search's error
    # unknown), NaN ends as wherever there is none, not low == high == the mean, which reads as certain
    short = ("exact" if exact_n == done else "expectation") if complete else "pimc"
    if short == "expectation":
        for m in [*stats, *([] if value is None else [value])]:
            m.low = m.high = math.nan
            if m.behind is not None:
                m.behind = (m.behind[0], math.nan, math.nan)
    # the seed orders the worlds the exact expectation values: none applied where it valued them all
    return SeatAnswer(info.name, player, mover, short, method_text,
                      scale_of(info, first_world[0]), stats, best, done, exact_n, count,
                      None if method == "exact" and complete else seed, time.monotonic() - t0, interrupted, notes,
                      value)


def maxn_words(teamed: bool) -> str:
    """The method line's words for worlds valued max-n (:attr:`Budget.concept`)."""
    return " with each player playing for " + ("her team's payoff" if teamed else "herself") + " (max-n)"


def _frontier_games(frontiers: set[str]) -> str:
    plays = {"greedy": "greedy games (every player playing the greedy bot's moves)",
             "random": "random games (every player playing uniformly random moves)"}
    return " and ".join(plays.get(f, f"{f} playouts") for f in sorted(frontiers or {"random"},
                                                                      key=lambda f: (f != "greedy", f)))


def maxn_note(n_players: int, done: int, exact_n: int, frontiers: set[str]) -> str:
    """The note of an answer with three or more players whose worlds were valued max-n: each player
    plays for herself, seeing every card, to the end of the game in the ``exact_n`` of the ``done``
    worlds solved, else within the plies searched, the positions below them valued by the
    ``frontiers``' playouts."""
    short = f"within the plies searched, the positions below them valued by {_frontier_games(frontiers)}"
    where = ("to the end of the game" if exact_n == done else short if not exact_n else
             f"to the end of the game in {exact_n:,} of the {done:,} worlds, in the other {done - exact_n:,} {short}")
    other = ("not her worst case, which the paranoid concept gives" if exact_n == done
             else "not the paranoid concept's values (the others against her)")
    return (f"with {n_players} players each world is valued max-n, every player playing for her own payoff {where}"
            f"; as every card is open there, each player sees every hand and every card played face down: {other} "
            "(docs/seat.md, \"Each player for herself\")")


def paranoid_note(n_players: int, teamed: bool, against: str, done: int, exact_n: int, frontiers: set[str]) -> str:
    """The note of an answer with three or more players on what its paranoid values are: where every
    world was solved to the end, her worst case (every other player, or the other team, against her);
    where a world's search stopped short (``exact_n`` of the ``done`` worlds solved), paranoid only
    within the plies it searched, each line below them played out by the ``frontiers``' playouts, in
    which every player plays alike: such a value is no worst case, nor what the others would play."""
    others = "the other team played" if teamed else "every other player played"
    if exact_n == done:
        return (f"with {n_players} players each world is valued paranoid, as if {others} against {against}: her "
                "worst case, not what the others would play for themselves (docs/seat.md)")
    games = _frontier_games(frontiers)
    where = ("in each world" if not exact_n else
             f"the {plural(exact_n, 'world')} solved to the end {'is' if exact_n == 1 else 'are'} valued paranoid, "
             f"as if {others} against {against}: her worst case there; in the other {done - exact_n:,}")
    return (f"with {n_players} players {where} the search is paranoid only within the plies it searched, as if "
            f"{others} against {against} there, and values the positions below them by {games}: not her worst "
            "case, nor what the others would play for themselves (docs/seat.md, \"What PIMC gets wrong\")")


CHECK_ITERATIONS = 1_000
"""The IS-MCTS iterations of :func:`second_opinion`: a count, not seconds, so the same answer gets
the same note on any machine (fewer only where ``--time`` runs out first); about 1-2 s on the
2-core machine for a fresh two-player Durak deal."""
CHECK_MIN_SECONDS = 1.0
""":func:`second_opinion` runs only where at least this much of ``--time`` is left."""
CHECK_SHARE = 0.15
"""The share of ``--time`` (at least :data:`CHECK_MIN_SECONDS`) a deeper round of the exact
expectation leaves for :func:`second_opinion` where the caller lets one run (:func:`check_reserve`):
a deeper round that would take the rest of the time would leave the answer's estimates unchecked."""


def check_reserve(settings: Settings) -> float:
    """The seconds before ``--time`` runs out at which a deeper round stops (its worlds dropped, as at
    the deadline), so that :func:`second_opinion` has time to run: :data:`CHECK_SHARE` of
    ``settings.seconds``, at least :data:`CHECK_MIN_SECONDS`, where the method is left to the
    analysis (``--method`` not given: the check may follow); else 0 (no time limit, or no check)."""
    if settings.seconds is None or settings.method != "auto":
        return 0.0
    return max(CHECK_MIN_SECONDS, CHECK_SHARE * settings.seconds)
CHECK_CLEAR = 2.0
"""IS-MCTS's first choice is clear (:func:`clear_choice`) where its mean stands this many standard
errors above the mean of the next most visited move. Measured at 1,000 iterations, 10 seeds each, on
ten Durak positions (docs/seat.md, "A second opinion"): in the eight whose most visited move changed
with the seed (the 3-6 player deals of ``foolsolve deal durak --players N --seed 11`` among them) no
run stood out by 2 (at most 1.82); in the two whose first move was the same under every seed, 12 of
the 20 runs did."""


def clear_choice(check: SeatAnswer, bounds: Callable[[], tuple[float, float]]) -> tuple[MoveStat, MoveStat | None, float]:
    """IS-MCTS's first choice in ``check`` (its :attr:`SeatAnswer.best`'s first), the next most
    visited move (``None`` where no other move was tried) and how many standard errors the first's
    mean stands above the next's: ``(m1 - m2) / sqrt(s1^2/n1 + s2^2/n2)``, ``n`` a move's visits and
    ``s`` the spread of its payoffs (:attr:`MoveStat.spread`; below two visits, or where the answer
    holds none, half the payoff range ``bounds()`` gives, the widest spread payoffs inside it can
    have). ``inf`` where no other move was tried, or where both spreads are 0 and the first's mean is
    higher. The visits are not independent samples (UCT chose them), so this is a stated margin, not
    a test: :data:`CHECK_CLEAR` standard errors make a choice clear."""
    top = next(m for m in check.moves if m.move == check.best[0])
    others = sorted((m for m in check.moves if m.move != top.move and m.worlds > 0), key=lambda m: -m.worlds)
    if not others:
        return top, None, math.inf
    nxt = others[0]
    half: list[float] = []

    def spread(m: MoveStat) -> float:
        if m.spread is not None and m.worlds >= 2:
            return m.spread
        if not half:
            lo, hi = bounds()
            half.append((hi - lo) / 2)
        return half[0]

    se = math.sqrt(spread(top) ** 2 / top.worlds + spread(nxt) ** 2 / nxt.worlds)
    gap = top.mean - nxt.mean
    if se == 0:
        return top, nxt, math.inf if gap > 0 else 0.0
    return top, nxt, gap / se


def skipped_check_note(seconds: float) -> str:
    """The note of an answer :func:`second_opinion` would have checked, where less than
    :data:`CHECK_MIN_SECONDS` of ``seconds`` (``--time``) was left for the check (how much less is
    not said: the note is part of the answer, which says no time it took)."""
    return (f"no second opinion: the check by a second method (IS-MCTS) was not run, as less than "
            f"{CHECK_MIN_SECONDS:g} s of --time {seconds:g} was left after the answer; a larger "
            "--time runs it (docs/seat.md, \"A second opinion\")")


def second_opinion(info: GameInfo, worlds: Worlds, answer: SeatAnswer, settings: Settings,
                   tick: Callable[[int], None] | None = None) -> str | None:
    """A note from IS-MCTS, the second, independent method, on an answer of PIMC or the exact
    expectation that rests on estimates (some world valued by the depth-limited search, not
    solved): where IS-MCTS's first choice is clear (:func:`clear_choice`), which move it ranks first
    and whether that is a best move of ``answer`` (where ``answer`` has several, which one it
    confirms and where it ranks the others); where it is not, that IS-MCTS does not settle on a
    move, and where it ranks ``answer``'s best. ``None`` where there is nothing to check (every world
    exact, not the player's move, no best move, interrupted) and where the caller chose the method or
    the number of worlds PIMC sampled (``--method``, ``--samples``: a bot's settings too; a
    ``--samples`` the exact expectation did not read changes nothing). It runs
    :data:`CHECK_ITERATIONS` iterations within what is left of ``settings.seconds``, where at least
    :data:`CHECK_MIN_SECONDS` is left; where less is left, the note says the check was not run and
    why (:func:`skipped_check_note`). The answer's values stay its own: the note says where the two
    methods part, so a best move resting on one cheap estimate reads as such. Ctrl-C (or SIGTERM)
    during the check raises :class:`KeyboardInterrupt` here, as it reaches the caller: :func:`ismcts`
    keeps its iterations so far, but a check cut short is no check, and the signal must not be lost
    (the caller keeps ``answer`` and notes the check stopped)."""
    # the caller chose the method, or the number of worlds PIMC sampled (--samples the exact expectation did not
    # read, noted as not applied, changes nothing: the check runs as without it)
    if (settings.method != "auto" or (settings.samples is not None and choose_method(worlds, settings) == "pimc")
            or answer.method not in ("exact", "expectation", "pimc") or answer.all_exact or not answer.best
            or answer.interrupted or answer.to_move != answer.player or len(answer.moves) < 2):
        return None
    spent = answer.seconds if settings.started is None else clock_of(settings)() - settings.started
    left = None if settings.seconds is None else settings.seconds - spent
    if settings.seconds is not None and left is not None and left < CHECK_MIN_SECONDS:
        return skipped_check_note(settings.seconds)
    check = ismcts(info, worlds, replace(settings, method="ismcts", samples=CHECK_ITERATIONS, seconds=left,
                                         started=None), tick)
    if check.interrupted:  # (ismcts caught the signal to return its iterations so far: pass it on)
        raise KeyboardInterrupt
    if not check.best:
        return None
    # a count, never its seconds: the note is part of the answer, the same on any machine (only `seconds` varies)
    done = f"IS-MCTS ({plural(check.worlds, 'iteration')})"
    first, nxt, margin = clear_choice(check, lambda: info.spec.payoff_range(worlds.sample(random.Random(0))))
    top = first.move
    ranked = [m.move for m in sorted(check.moves, key=lambda m: -m.worlds)]
    means = {m.move: m.mean for m in check.moves}

    def place(move: str) -> str:
        if math.isnan(means[move]):
            return f"{move} not tried there"
        k = ranked.index(move) + 1
        th = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
        return f"{move} {k}{th} of {len(ranked)} (mean {signed(means[move])} there)"

    best = [b for b in answer.best if b in means]
    if nxt is not None and margin < CHECK_CLEAR:
        them = "the best move above" if len(answer.best) == 1 else f"any of the {len(answer.best)} best moves above"
        return (f"a second method does not settle on a move: {done} visits {top} most ({first.worlds:,} times, mean "
                f"{signed(first.mean)}) and {nxt.move} next ({nxt.worlds:,}, mean {signed(nxt.mean)}), {margin:.1f} "
                f"standard errors apart (a clear first choice: {CHECK_CLEAR:g} or more); it ranks "
                f"{', '.join(place(b) for b in best)}: it neither confirms nor disputes {them} (docs/seat.md, "
                "\"A second opinion\")")
    if top in answer.best and len(answer.best) == 1:
        return f"checked by a second method: {done} also ranks {top} first"
    if top in answer.best:
        rest = [b for b in best if b != top]
        return (f"checked by a second method, for {top} alone: {done} ranks it first, one of the "
                f"{len(answer.best)} best moves above, and {', '.join(place(b) for b in rest)} (docs/seat.md, "
                "\"A second opinion\")")
    return (f"a second method disagrees: {done} ranks {top} first and "
            f"{', '.join(place(b) for b in best)}; the values above are averages of "
            "estimates, so the best move is not sure (docs/seat.md, \"A second opinion\")")


# --- IS-MCTS ----------------------------------------------------------------------------------


class _Node:
    __slots__ = ("avail", "children", "squares", "sums", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.sums = [0.0] * players
        self.squares = 0.0
        """The sum of the squares of the analysing player's payoffs (a root move's spread)."""


def ismcts(info: GameInfo, worlds: Worlds, settings: Settings,
           tick: Callable[[int], None] | None = None,
           root_moves: tuple[Sequence[Any], MoveFamily | None] | None = None) -> SeatAnswer:
    """Single-observer IS-MCTS from ``worlds.player``'s seat: every iteration draws a world
    (determinization), descends the one tree of the observer's information sets (an edge is a
    move; its statistics are shared by every world in which it is legal) choosing by UCT with
    availability counts (a child's exploration term uses how often it was *available*, not
    the parent's visits), expands one move, plays the engine's native playout to the end and
    backs the payoffs up, each edge scored for the player who chose it. Chance outcomes are
    drawn by their probabilities and are edges too. The root moves' means are the observer's
    payoff; the best move is the most visited (a tie of visits: the best mean among them)."""
    engine = info.engine
    spec = info.spec
    if engine is None:
        raise InputError(f"game: {info.name} has no engine for IS-MCTS")
    t0 = time.monotonic()
    player = worlds.player
    iterations = settings.samples if settings.samples is not None else DEFAULT_ISMCTS_ITERATIONS
    clock = clock_of(settings)
    deadline = None if settings.seconds is None else _began(settings, clock) + settings.seconds
    rng = random.Random(f"foolsolve-ismcts:{settings.seed}")
    from foolsolve.executor import SigintHeld
    from foolsolve.playouts import PLAYOUT_MOVES, playout_of

    first = worlds.sample(random.Random(rng.getrandbits(64)))
    if spec.is_terminal(first):  # no move to search (PIMC's open-hand solver says the same)
        raise InputError("position: the game is over")
    forced = forced_move(info, first, player, root_moves)  # one legal move: its value within a few seconds
    if forced is not None and settings.seconds is not None:
        deadline = _began(settings, clock) + min(settings.seconds, FORCED_SECONDS)
    # UCT's means are normalised to 0..1 by the payoffs the playouts have reached so far (min-max,
    # within the game's bounds from here): a game's bounds can be far wider than its scores (Fool's
    # Paradise: a few points apart out of hundreds), which left the exploration term all there was
    lo, hi = spec.payoff_range(first)
    reached = [math.inf, -math.inf]
    # the playouts' policy: the caller's, else the game's own for this position, as PIMC's
    # worlds get it (Durak with three or more players: greedy); the number of players, which
    # that rule reads, is the same in every world
    settled, rule = settle(info, settings.budget, first)
    frontier = settled.frontier or "random"
    own = "" if settings.budget.frontier or rule is None or rule.frontier is None else f", the game's own {rule.where}"
    play = playout_of(info, frontier)
    n_players = spec.num_players(first)
    root = _Node(n_players)
    root_texts: dict[Any, str] = {}
    done = 0
    interrupted = False
    try:
        while done < iterations:
            if deadline is not None and clock() > deadline and done:
                break
            world = worlds.sample(random.Random(rng.getrandbits(64)))
            s = engine.from_spec(world)
            node = root
            path: list[tuple[_Node, int]] = []
            expanded = False
            while True:
                legal = search_moves(engine, s)
                if not legal:
                    break
                mover = engine.to_move(s)
                if mover == CHANCE:
                    m = draw_chance(engine.chance_outcomes(s), rng)
                    child = node.children.get(m)
                    if child is None:
                        child = node.children[m] = _Node(n_players)
                        expanded = True
                    path.append((child, mover))
                    s = engine.apply(s, m)
                    node = child
                    if expanded:
                        break
                    continue
                for m in legal:
                    c = node.children.get(m)
                    if c is not None:
                        c.avail += 1
                untried = [m for m in legal if m not in node.children]
                if untried:
                    m = rng.choice(untried)
                    child = node.children[m] = _Node(n_players)
                    child.avail = 1
                    if node is root:
                        root_texts[m] = str(engine.move_to_spec(s, m))
                    expanded = True
                else:
                    low, high = (reached[0], reached[1]) if reached[1] > reached[0] else (lo, hi)
                    m = _uct(node, legal, mover, (high - low) or 1.0, low, rng)
                    child = node.children[m]
                path.append((child, mover))
                s = engine.apply(s, m)
                node = child
                if expanded:
                    break
            final, _n = play(s, rng, PLAYOUT_MOVES)
            rets = engine.returns(final)
            scores = [payoff(rets, q) for q in range(n_players)]
            # an iteration is backed up whole or not at all: Ctrl-C (or SIGTERM) held back meanwhile, so
            # that every visit counted has its payoff and the iterations counted are the root's visits
            with SigintHeld():
                reached[0], reached[1] = min(reached[0], *scores), max(reached[1], *scores)
                for nd, _mover in path:
                    nd.visits += 1
                    for q in range(n_players):
                        nd.sums[q] += scores[q]
                    nd.squares += scores[player] * scores[player]
                done += 1
            if tick is not None:
                tick(done)
    except KeyboardInterrupt as exc:
        interrupted, stop = True, exc
    if not done:
        if interrupted:  # Ctrl-C before the first iteration ended: nothing to answer (a Stopped keeps its message)
            if isinstance(stop, Stopped):
                raise stop
            raise Stopped(f"interrupted before any IS-MCTS iteration ended (0 of the {iterations:,} asked for)") from None
        raise InputError("samples: IS-MCTS ran no iteration")  # (Settings asks for at least one)
    split = root_split(spec, first, player, root_moves)  # the root's moves, listed once
    unlisted = unlisted_note(spec, first, player, split)
    notes = [*([] if forced is None else [forced_note(forced, settings)]), *([unlisted] if unlisted else []),
             "IS-MCTS: a move's visits (its \"worlds\" in --json) count the iterations that tried it; the best move "
             "is the most visited (of equally visited moves, those of the best mean); no intervals (the visits are not "
             "independent samples)"]
    if deadline is not None and not interrupted and done < iterations:
        notes.append(f"{time_words(settings, forced)} ran out after {done:,} of the {iterations:,} iterations asked for")
    side = spec.side(first, player)
    if len(side) > 1:
        notes.append(f"teams: each move is scored for the player who chose it, her team's payoff (partners share one): "
                     f"{side_text(spec, first, player)} plays together against the others")
    if settings.unapplied:
        notes.append(f"not applied: {', '.join(settings.unapplied)} (IS-MCTS plays each iteration out to the end and "
                     "searches no world; they bound the worlds' searches of PIMC and the exact expectation)")
    stats = []
    value = None
    best: list[str] = []
    mover = spec.to_move(first)
    if mover != player:
        # another player's or chance's turn (a deal still to come): the root's moves are not hers
        # to choose; as for PIMC the answer is her value of the position, the mean of every
        # iteration's payoff
        visits = sum(c.visits for c in root.children.values())
        value = MoveStat("position", sum(c.sums[player] for c in root.children.values()) / visits, math.nan,
                         math.nan, visits)
        notes.append(f"player {player} is not to move: the answer is her value of the position (the mean payoff "
                     "of the iterations)")
    else:
        # every legal move of hers (the same in every world: they follow from what she sees), in the
        # spec's order; one no iteration tried has no visit and no mean (NaN: null in JSON)
        visited = {root_texts[m]: c for m, c in root.children.items() if c.visits}
        order = [] if split is None else [str(m) for m in search_moves(spec, first, split)]
        for text in [*order, *(t for t in visited if t not in order)]:
            c = visited.get(text)
            mean = math.nan if c is None else c.sums[player] / c.visits
            spread = None if c is None or c.visits < 2 else \
                math.sqrt(max(0.0, c.squares - c.visits * mean * mean) / (c.visits - 1))
            stats.append(MoveStat(text, mean, math.nan, math.nan, 0 if c is None else c.visits, spread=spread))
        top = max((s.worlds for s in stats), default=0)
        # the most visited; a tie of visits (few iterations) goes to the best mean among them
        tied = [s for s in stats if s.worlds == top and top > 0]
        high = max((s.mean for s in tied), default=0.0)
        best = [s.move for s in tied if s.mean >= high - 1e-12]
        not_tried = sum(s.worlds == 0 for s in stats)
        if not_tried:
            notes.append(f"{plural(not_tried, 'move')} of the {len(stats)} no iteration tried: 0 visits and no mean (a "
                         "larger --samples or --time tries every move)")
    return SeatAnswer(info.name, player, mover, "ismcts",
                      f"IS-MCTS (single observer, UCT c={UCT_C} with availability counts, payoffs scaled to the range "
                      f"reached): {plural(done, 'iteration')}, "
                      f"each on a fresh sampled world (seed {settings.seed}), "
                      f"{'native' if frontier == 'random' else frontier} playouts to the end{own}",
                      scale_of(info, first), stats, best, done, 0, worlds.count(), settings.seed, time.monotonic() - t0,
                      interrupted, notes, value)


def _uct(node: _Node, legal: list[Any], mover: int, span: float, lo: float, rng: random.Random) -> Any:
    best_v = -math.inf
    best: list[Any] = []
    for m in legal:
        c = node.children[m]
        if c.visits == 0:
            return m
        mean = c.sums[mover] / c.visits
        norm = (mean - lo) / span
        v = norm + UCT_C * math.sqrt(math.log(max(c.avail, 1)) / c.visits)
        if v > best_v + 1e-12:
            best_v, best = v, [m]
        elif abs(v - best_v) <= 1e-12:
            best.append(m)
    return best[0] if len(best) == 1 else rng.choice(best)
