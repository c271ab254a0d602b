"""Open-hand values of one full position ("one world"), for every registered game.

:func:`solve_world` values every legal root move of a position in which every card is known
(every hand, a stock of known order), for any player count the game allows. It reads the game
only through its registry record (:class:`~foolsolve.games.base.GameInfo`): the spec, the engine
and the exact solver. The PIMC layer solves each sampled world with it; ``foolsolve
POSITION.json`` answers with it where the game's exact solver does not cover a position
(:class:`~foolsolve.solver.base.NotCovered`) or runs out of time.

**Scale.** Every value is a payoff of the game's own results (``Result.payoffs``, inside the
game's ``utility_bounds``) for one player, ``WorldAnswer.player`` (the player to move; at a
chance node the caller's choice): Durak -1 for the fool and ``1/(n-1)`` for the others (two
players: +1 win, 0 draw, -1 loss), Foolery the title's payoff (King +2 ... Peasant -2), Fools and
Angels +1/-1, Fool's Paradise the player's final score, Three Fools 1 for the winner.

**Concepts** (``WorldAnswer.concept``):

* ``minimax``: two players, zero-sum: the player maximises their payoff, the other minimises it;
* ``paranoid``: the player maximises their own payoff against a coalition of all the others,
  who minimise it (with two players in a general-sum game, the other player minimises it too);
* ``max-n``: every player maximises their own payoff; of several equally good moves a player
  takes the first in the spec's move order (the tie rule; it decides the others' payoffs);

and at chance nodes (Fool's Paradise's draws from a stock of unknown order, Three Fools'
Roshambo) the expectation over the outcomes with their exact probabilities (expectimax).

**Methods** (``WorldAnswer.method``, ``WorldAnswer.exact``):

1. under paranoid, the game's exact solver, where the position is in its domain, it finishes
   within the budget and its values convert onto the scale: a two-player zero-sum game valued
   ``win|draw|loss`` for the player to move (``win`` is the upper end of ``utility_bounds``,
   ``loss`` the lower, ``draw`` 0; the other player's values are their negatives), or, for any
   number of players, a solver asked the paranoid question itself under the options the game
   declares (:attr:`~foolsolve.games.base.GameInfo.paranoid_options`: Foolery's ``goal=place``,
   the payoff of the best place the player can make sure of against all the others). A solver
   stopped by the budget is not an answer: the budget left goes to 2.
2. iterative deepening over the engine (never a second copy of the rules): alpha-beta (minimax,
   paranoid) or max-n with a transposition table, to depth 1, 2, ... plies; a position at the
   depth limit is valued by the mean of ``Budget.playouts`` playouts (seeded by ``Budget.seed``)
   under the policy ``Budget.frontier`` (:mod:`foolsolve.playouts`: the engine's native random
   playouts, or every player playing the ``greedy`` bot's heuristic), a finished game by its
   result. The answer is that of
   the deepest iteration that finished within the budget; it is exact (and the search stops)
   once an iteration met no depth limit, i.e. the depth covers the game.

``foolsolve POSITION.json`` names an answer of 2 as ``open-hand search, every card known: METHOD``
(:attr:`WorldAnswer.method_text`, an estimate marked as one) on its ``Method:`` line, where the game's
exact solver names its own.

**Endless play.** A position met again on the line being searched (Durak with three or more
players, or two-player perevodnoy, can repeat) is endless play: payoffs 0 for every player (a
draw, as the Durak solver and ``solver/retrograde.py`` read it). A value resting on such a
repetition holds only on its own line and is kept out of the transposition table.

Nodes (the budget's and the answer's) count the positions the search expands plus every move
played in a playout.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from foolsolve.errors import InputError, LimitError, OptionError, option_name
from foolsolve.game import (
    CHANCE,
    TooManyMoves,
    Utility,
    engine_move_key,
    legal_or_family,
    search_moves,
    seat_of_mover,
    side_text,
)
from foolsolve.playouts import PLAYOUT_MOVES, playout_of, repeats
from foolsolve.present import plural
from foolsolve.rules import json_shown, rule_option_words
from foolsolve.solver.base import (
    DEFAULT_SECONDS,
    DRAW,
    GAME_OVER_METHOD,
    LOSS,
    WIN,
    Interrupted,
    MoveValue,
    NotCovered,
    SearchLimit,
    SolveOptions,
    SolveResult,
    TableBudget,
    stopped_answer,
    value_text,
)

if TYPE_CHECKING:
    from foolsolve.games.base import GameInfo

CONCEPTS = ("paranoid", "max-n")
"""The concepts a caller may ask for (``minimax`` is what ``paranoid`` is called in a
two-player zero-sum game)."""


OPEN_HAND_NAME = "open-hand search, every card known"
"""How an answer of this search names it, before its :attr:`WorldAnswer.method` (``Method:`` of
``foolsolve POSITION.json``)."""

SOLVER_METHOD = "exact open-hand solver"
"""``WorldAnswer.method`` of an answer from the game's exact solver."""

CUT, REP = 1, 2
"""Flags of a searched value: a depth limit was met below it (an estimate); it rests on a
repetition of the current line (valid on that line only: kept out of the transposition table)."""


class OutOfBudget(SearchLimit):
    """The budget ran out (raised from a progress callback or the search): its time (``option``
    ``"time"``) or its nodes (``"nodes"``)."""


class NoAnswerInTime(LimitError):
    """``foolsolve POSITION.json``: neither search answered within ``--time`` (or ``-o time``), the
    one-line error (exit 2; a budget that ran out, kind ``limit``). Not a refusal of the position: the
    CLI does not answer it from the mover's seat instead."""


@dataclass(frozen=True)
class Budget:
    """How much work one world may take, and how its frontier is valued."""

    max_nodes: int | None = None
    """Nodes (expanded positions and playout moves) at most; ``None``: no limit."""
    seconds: float | None = None
    """Wall-clock seconds at most; ``None``: no limit. (Tests use nodes: they are reproducible.)"""
    playouts: int = 8
    """Playouts whose mean values a position at the depth limit."""
    frontier: str = "random"
    """The playouts' policy (:data:`foolsolve.playouts.FRONTIERS`): ``random`` or ``greedy``."""
    seed: int = 0
    """Seed of the playouts: the same position, budget and seed give the same answer."""
    max_depth: int | None = None
    """Deepest iteration (plies); ``None``: deepen until exact or out of budget."""
    exact_share: float = 0.5
    """Share of the budget the game's exact solver may use before the engine search gets the rest."""
    solver_nodes: int | None = None
    """The game's exact solver's own node budget, in place of its :attr:`exact_share` of :attr:`max_nodes`;
    where it does not answer, the engine search still gets what that share would have left it (or
    :attr:`search_nodes`). ``None``: the share."""
    search_nodes: int | None = None
    """Nodes the engine search may use once the exact solver has not answered (the exact solver keeps
    its share of :attr:`max_nodes`); ``None``: what is left of :attr:`max_nodes`."""
    max_memory: int | None = None
    """MiB the search's transposition tables may hold (:class:`foolsolve.solver.base.TableBudget`;
    ``None``: its default); over it the oldest entries are dropped."""


TABLE_ENTRY_BYTES = 400
"""Bytes a transposition-table entry is counted at (a key and a tuple of Fractions)."""

DEFAULT_BUDGET = Budget(seconds=DEFAULT_SECONDS)
"""The CLI's default: the exact solver gets half of it, the depth-limited search the rest."""

ONE_MOVE_SECONDS = 2.0
"""Where the player to move has one legal move, that move is the answer, whatever its value: the
value gets at most this many seconds of ``--time`` (the exact solver half of them, as always)."""


def only_move(info: GameInfo, state: Any) -> str | None:
    """The text of the one legal move of a player to move (not a chance node, not the end), or
    ``None`` where there are more or none."""
    spec = info.spec
    if spec.is_terminal(state) or spec.to_move(state) == CHANCE:
        return None
    moves, family = legal_or_family(spec, state)
    return spec.move_text(moves[0]) if len(moves) == 1 and family is None else None


@dataclass
class WorldAnswer:
    """The open-hand values of one full position's root moves, for :attr:`player`."""

    game: str
    to_move: int
    """The player to move, or :data:`~foolsolve.game.CHANCE`."""
    player: int
    """Whose payoff every value is."""
    values: dict[str, Fraction]
    """Every legal root move (its text, in the spec's order) and its value."""
    value: Fraction
    """The position's value: the best move's for the player to move (the expectation at a
    chance node; under paranoid, the worst for :attr:`player` at a coalition's node)."""
    exact: bool
    method: str
    concept: str
    nodes: int
    seconds: float
    depth: int | None = None
    """The depth of the engine search's answer (``None``: the game's exact solver answered)."""
    notes: list[str] = field(default_factory=list)

    mover_best: list[str] | None = None
    """Max-n with another player to move than :attr:`player`: the mover's own best moves."""
    interrupted: bool = False
    """Ctrl-C stopped a deeper iteration (``solve_world(interruptible=True)``): this is the answer of
    the last finished one (a note says so)."""
    solver_tried: bool = False
    """The game's exact solver searched this world in its share of the budget (it answered, or ran
    out of its share); ``False`` where it was not asked or refused the world at once
    (:class:`NotCovered`)."""
    one_playout: bool = False
    """The budget's time ran out during the first iteration (``solve_world(first_pass=True)``): this
    is the first pass's answer, every move valued by one playout."""
    met_chance: bool = False
    """The engine search met a chance node (and took the expectation over its outcomes); ``False``
    where every draw followed the position's listed stock order."""

    @property
    def best(self) -> list[str]:
        """The best moves of the player to move under the concept (none at a chance node): those
        worth :attr:`value` to :attr:`player` (the coalition's under paranoid), or under max-n with
        another player to move, the moves best for that player's own payoff."""
        if self.to_move == CHANCE:
            return []
        if self.mover_best is not None:
            return self.mover_best
        return [m for m, v in self.values.items() if v == self.value]

    def to_json(self) -> dict[str, Any]:
        """JSON form (values as fraction strings)."""
        return {"game": self.game, "to_move": self.to_move, "player": self.player,
                "value": str(self.value), "moves": [{"move": m, "value": str(v)} for m, v in self.values.items()],
                "best": self.best, "exact": self.exact, "method": self.method, "concept": self.concept,
                "depth": self.depth, "nodes": self.nodes, "seconds": round(self.seconds, 6), "notes": self.notes}

    def to_solve_result(self) -> SolveResult:
        """The answer as the CLI prints a solve (exact values as fractions, estimates to 4 places)."""

        from foolsolve.solver.base import exact_number

        def show(v: Fraction) -> int | str | float:
            return exact_number(v) if self.exact else round(float(v), 4)

        notes = [f"values: player {self.player}'s payoff (the game's results)", *self.notes]
        return SolveResult(self.game, self.to_move, show(self.value),
                           [MoveValue(m, show(v)) for m, v in self.values.items()], [], self.nodes, self.seconds,
                           best=self.best, concept=self.concept, notes=notes,
                           details={"exact": self.exact, "method": self.method, "depth": self.depth},
                           value_kind="payoff" if self.exact else "estimate", method=self.method_text,
                           player=None if self.player == self.to_move else self.player)

    @property
    def method_text(self) -> str:
        """The method as the answer names it (``Method:``, ``method`` of ``--json``): the open-hand
        search's :attr:`method`, an estimate marked as one."""
        return f"{OPEN_HAND_NAME}: {self.method}" + ("" if self.exact else " (an estimate, not exact)")


class _Clock:
    """The budget as a running count: :meth:`add` raises :class:`OutOfBudget` rather than count a
    node past it, so the nodes an answer reports never exceed :attr:`Budget.max_nodes` (a playout is
    played no further than the budget's room: :meth:`room`)."""

    def __init__(self, budget: Budget, progress: Callable[[int], None] | None, start: float) -> None:
        self.max_nodes = budget.max_nodes
        self.deadline = None if budget.seconds is None else start + budget.seconds
        self.progress = progress
        self.nodes = 0
        self._next_look = 1024
        self.solver_tried = False
        """The game's exact solver searched (it did not refuse the position)."""

    def add(self, n: int) -> None:
        """Count ``n`` nodes about to be searched (or played); raise :class:`OutOfBudget`, counting
        none, where they would take the count past the budget."""
        if self.max_nodes is not None and self.nodes + n > self.max_nodes:
            raise OutOfBudget(f"more than {self.max_nodes:,} nodes")
        self.nodes += n
        if self.nodes >= self._next_look:
            self._next_look = self.nodes + 1024
            self.look()
            if self.progress is not None:
                self.progress(self.nodes)

    def room(self) -> int | None:
        """The nodes left in the budget (``None``: no node budget)."""
        return None if self.max_nodes is None else self.max_nodes - self.nodes

    def look(self) -> None:
        """Raise :class:`OutOfBudget` past the deadline: called before every playout, which may
        take far longer than a node (a long game played out in Python), so that the time is seen
        within one playout, not only every 1,024 nodes."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfBudget("out of time", option="time")


class _Search:
    """Depth-limited paranoid alpha-beta and max-n over one game's engine."""

    def __init__(self, info: GameInfo, player: int, concept: str, budget: Budget, clock: _Clock, n: int,
                 bounds: tuple[float, float], side: tuple[int, ...] | None = None) -> None:
        engine = info.engine
        assert engine is not None
        self.engine = engine
        self.spec = info.spec
        self.player = player
        self.side = frozenset(side or (player,))
        """Paranoid: the players who maximise the player's payoff (her partners and she: :meth:`SpecGame.side`)."""
        self.maxn = concept == "max-n"
        self.restricted = False
        """Whether a position searched had a family of moves too long to list (:meth:`moves_of`)."""
        self.playouts = budget.playouts
        self.playout = playout_of(info, budget.frontier)
        self.rng = random.Random(budget.seed)
        self.clock = clock
        self.met_chance = False
        """A chance node was searched (its outcomes' expectation taken): the method says expectimax
        only then (Fool's Paradise's listed stock is drawn in its order, no chance node)."""
        lo, hi = bounds  # the payoffs of the game's rules and players: no value the search meets lies outside
        self.lo, self.hi = Fraction(lo), Fraction(hi)
        self.tt: dict[Hashable, tuple[int, Fraction, Fraction, int, int]] = {}
        """Paranoid: key -> (depth searched, lower bound, upper bound, flags, best move index)."""
        self.tt_maxn: dict[Hashable, tuple[int, tuple[Fraction, ...], int]] = {}
        self.tables = TableBudget(SolveOptions(max_memory=budget.max_memory), TABLE_ENTRY_BYTES)
        self.stores = 0
        self.path: set[Hashable] = set()
        """The positions of the current line (a repetition is endless play)."""
        self.root_vectors: list[tuple[Fraction, ...]] = []
        """Max-n: the payoff vectors of the root moves of the last iteration."""
        self.n = n

    def _stored(self) -> None:
        """Every :attr:`TableBudget.CHECK_EVERY` stores, keep the tables within their budget."""
        self.stores += 1
        if self.stores % TableBudget.CHECK_EVERY == 0:
            self.tables.check((self.tt, self.tt_maxn))

    # -- leaves --

    def payoffs(self, s: Any) -> tuple[Fraction, ...] | None:
        res = self.engine.result(s)
        return None if res is None else res.payoffs

    def estimate(self, s: Any, player: int | None = None) -> tuple[Fraction, ...]:
        """The mean payoffs of :attr:`playouts` seeded playouts (the frontier's policy) from ``s``
        (only ``player``'s, in every slot, when one is named)."""
        ends = []
        engine = self.engine
        playout = self.playout
        for k in range(self.playouts):
            self.clock.look()
            room = self.clock.room()  # a playout counts its moves and one node for its start
            if room is not None and room < 1:
                raise OutOfBudget(f"more than {self.clock.max_nodes:,} nodes")
            limit = PLAYOUT_MOVES if room is None else min(PLAYOUT_MOVES, room - 1)
            end, moves = playout(s, self.rng, limit)
            res = engine.result(end)
            self.clock.add(moves + 1)
            if limit < PLAYOUT_MOVES and moves >= limit and res is None:  # cut short by the node budget
                raise OutOfBudget(f"more than {self.clock.max_nodes:,} nodes")
            if res is not None:
                ends.append(res.payoffs)
            if repeats(playout):
                # a greedy playout without chance: the other playouts would play this game again
                ends.extend(ends[-1:] * (self.playouts - k - 1))
                break
        if player is not None:
            return (Fraction(sum(p[player] for p in ends)) / self.playouts,) * self.n
        return tuple(Fraction(sum(p[i] for p in ends)) / self.playouts for i in range(self.n))

    # -- paranoid / minimax --

    def value(self, s: Any, depth: int, alpha: Fraction, beta: Fraction) -> tuple[Fraction, int]:
        """The paranoid value of ``s`` for the player (fail-soft alpha-beta) and its flags
        (:data:`CUT`: a depth limit was met below it; :data:`REP`: it rests on a repetition)."""
        pay = self.payoffs(s)
        if pay is not None:
            return pay[self.player], 0
        engine = self.engine
        key = engine.key(s)
        if key in self.path:
            return Fraction(0), REP
        if depth == 0:
            return self.estimate(s, self.player)[0], CUT
        hit = self.tt.get(key)
        best_i = 0
        if hit is not None:
            hdepth, hlo, hhi, hflags, best_i = hit
            if not hflags & CUT or hdepth >= depth:
                if hlo == hhi or hlo >= beta:
                    return hlo, hflags
                if hhi <= alpha:
                    return hhi, hflags
        self.clock.add(1)
        mover = engine.to_move(s)
        flags = 0
        self.path.add(key)
        try:
            if mover == CHANCE:
                self.met_chance = True
                v = Fraction(0)
                for m, p in engine.chance_outcomes(s):
                    cv, f = self.value(engine.apply(s, m), depth - 1, self.lo, self.hi)
                    v += p * cv
                    flags |= f
                if not flags & REP:
                    self.tt[key] = (depth, v, v, flags, 0)
                return v, flags
            moves = self.moves_of(s)
            order = list(range(len(moves)))
            if 0 < best_i < len(moves):
                order.remove(best_i)
                order.insert(0, best_i)
            maximise = mover in self.side
            a, b = alpha, beta
            best: Fraction | None = None
            arg = order[0]
            for i in order:
                v, f = self.value(engine.apply(s, moves[i]), depth - 1, a, b)
                flags |= f
                if best is None or (v > best if maximise else v < best):
                    best, arg = v, i
                if maximise:
                    a = max(a, v)
                else:
                    b = min(b, v)
                if a >= b:
                    break
        finally:
            self.path.discard(key)
        assert best is not None
        if maximise:
            lo, hi = (best, best) if alpha < best < beta else (best, self.hi) if best >= beta else (self.lo, best)
        else:
            lo, hi = (best, best) if alpha < best < beta else (self.lo, best) if best <= alpha else (best, self.hi)
        if not flags & REP:
            self.tt[key] = (depth, lo, hi, flags, arg)
            self._stored()
        return best, flags

    # -- max-n --

    def vector(self, s: Any, depth: int) -> tuple[tuple[Fraction, ...], int]:
        """The max-n payoffs of ``s`` (ties: the first move in the spec's order) and its flags
        (as :meth:`value`)."""
        pay = self.payoffs(s)
        if pay is not None:
            return pay, 0
        engine = self.engine
        key = engine.key(s)
        if key in self.path:
            return (Fraction(0),) * self.n, REP
        if depth == 0:
            return self.estimate(s), CUT
        hit = self.tt_maxn.get(key)
        if hit is not None and (not hit[2] & CUT or hit[0] >= depth):
            return hit[1], hit[2]
        self.clock.add(1)
        mover = engine.to_move(s)
        flags = 0
        self.path.add(key)
        try:
            if mover == CHANCE:
                self.met_chance = True
                acc: list[Fraction] | None = None
                for m, p in engine.chance_outcomes(s):
                    cv, f = self.vector(engine.apply(s, m), depth - 1)
                    flags |= f
                    acc = [p * x for x in cv] if acc is None else [t + p * x for t, x in zip(acc, cv)]
                assert acc is not None
                out = tuple(acc)
            else:
                best: tuple[Fraction, ...] | None = None
                for m in self.spec_ordered(s):
                    v, f = self.vector(engine.apply(s, m), depth - 1)
                    flags |= f
                    if best is None or v[mover] > best[mover]:
                        best = v
                assert best is not None
                out = best
        finally:
            self.path.discard(key)
        if not flags & REP:
            self.tt_maxn[key] = (depth, out, flags)
            self._stored()
        return out, flags

    def spec_ordered(self, s: Any) -> list[Any]:
        """The engine's moves in the spec's order (:meth:`moves_of`)."""
        key = engine_move_key(self.engine, self.spec)
        return sorted(self.moves_of(s), key=lambda m: key(s, m))

    def moves_of(self, s: Any) -> list[Any]:
        """The moves searched at ``s``: every legal move, or where one family of moves is too long to
        list (Fools and Angels' exchanges of a big hand), the other moves and the family's candidates
        (:func:`foolsolve.game.search_moves`), and :attr:`restricted` set: a value resting on part of the
        moves is no exact value (the answer says why), though no deeper search changes it."""
        moves, family = legal_or_family(self.engine, s)
        if family is None:
            return list(moves)
        self.restricted = True
        return [*moves, *family.candidates()]

    # -- the root --

    def root_values(self, root: Any, depth: int) -> tuple[list[tuple[Any, Fraction]], bool]:
        """Every root move (engine move, spec order) and its value at this depth, and whether a
        depth limit was met (max-n: the payoff vectors are kept in :attr:`root_vectors`)."""
        self.root_vectors = []
        engine = self.engine
        if engine.to_move(root) == CHANCE:
            self.met_chance = True
            moves = [m for m, _ in engine.chance_outcomes(root)]
        else:
            moves = self.spec_ordered(root)
        out = []
        flags = 0
        self.path = {engine.key(root)}
        for m in moves:
            child = engine.apply(root, m)
            if self.maxn:
                vec, f = self.vector(child, depth - 1)
                v = vec[self.player]
                self.root_vectors.append(vec)
            else:
                v, f = self.value(child, depth - 1, self.lo, self.hi)
            out.append((m, v))
            flags |= f
        self.path = set()
        return out, bool(flags & CUT)


def _concept_name(info: GameInfo, state: Any, concept: str) -> str:
    if concept == "paranoid" and info.spec.num_players(state) == 2 and info.spec.game_type.utility == Utility.ZERO_SUM:
        return "minimax"
    return concept


def _two_player_zero_sum(info: GameInfo, state: Any) -> bool:
    """Whether ``state`` is a two-player position of a zero-sum game: the exact solvers' ``win|draw|loss``
    for the mover then reads onto the payoff scale (:func:`_outcome_payoffs`)."""
    return info.spec.num_players(state) == 2 and info.spec.game_type.utility == Utility.ZERO_SUM


def _outcome_payoffs(info: GameInfo) -> dict[str, Fraction]:
    """The mover's payoff of each exact outcome: ``win`` the upper end of the game's
    ``utility_bounds``, ``loss`` the lower, ``draw`` 0 (the other player's is its negative)."""
    lo, hi = (Fraction(x) for x in info.utility_bounds)
    return {WIN: hi, LOSS: lo, DRAW: Fraction(0)}


def solver_asked(info: GameInfo, state: Any) -> bool:
    """Whether :func:`solve_world` asks the game's exact solver about the full position ``state`` in
    its share of the budget: a two-player zero-sum game's, or one that values moves for a chosen
    player (:attr:`GameInfo.paranoid_options`, where :attr:`GameInfo.paranoid_tries` takes the
    position), not at a chance node. (The solver may still refuse it: :class:`NotCovered`.)"""
    if info.solve is None or info.spec.to_move(state) == CHANCE:
        return False
    if _two_player_zero_sum(info, state):
        return True
    return info.paranoid_options is not None and (info.paranoid_tries is None or info.paranoid_tries(state))


def _exact(info: GameInfo, state: Any, player: int, budget: Budget, clock: _Clock, start: float
           ) -> WorldAnswer | None:
    """The game's exact solver's paranoid answer for ``player`` on the scale, or ``None`` (not
    covered, not convertible, or stopped by its share of the budget): a two-player zero-sum
    game's ``win|draw|loss`` for the player to move (the other player's payoff is its negative),
    or for any number of players the payoffs of a solver that values moves for a chosen player
    under :attr:`GameInfo.paranoid_options`."""
    spec = info.spec
    solve = info.solve
    to_move = spec.to_move(state)
    if solve is None or not solver_asked(info, state):
        return None
    extra: dict[str, Any] = {} if _two_player_zero_sum(info, state) else {**(info.paranoid_options or {}),
                                                                          "player": player}
    share = budget.exact_share
    deadline = None if budget.seconds is None else start + budget.seconds * share
    shared = None if budget.max_nodes is None else max(1, int(budget.max_nodes * share))
    max_nodes = shared if budget.solver_nodes is None else budget.solver_nodes

    def tick(nodes: int) -> None:
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfBudget("out of time", option="time")
        if clock.progress is not None:
            clock.progress(nodes)

    try:
        result = solve(state, SolveOptions(progress=tick, max_nodes=max_nodes, extra=extra,
                                           max_memory=budget.max_memory))
    except NotCovered:
        return None
    except SearchLimit:
        clock.nodes += max_nodes or 0
        if budget.solver_nodes is not None and shared is not None and clock.max_nodes is not None:
            clock.max_nodes += (max_nodes or 0) - shared  # (the search keeps what the share would have left it)
        clock.solver_tried = True
        return None
    except TooManyMoves:
        # a position of the solver's with more moves than are listed (Fools and Angels' exchanges of a
        # hand of 17 cards or more): no exact answer; the depth-limited search weighs some of them
        clock.solver_tried = True
        return None
    clock.solver_tried = True
    if result.value_only or not result.moves:
        return None
    if extra:
        if result.value_kind != "payoff":
            return None
        values = {m.move: Fraction(cast("int | str", m.value)) for m in result.moves}  # (a payoff: int or "p/q")
    else:
        scale = _outcome_payoffs(info)
        if result.to_move != to_move or any(m.value not in scale for m in result.moves):
            return None
        sign = 1 if to_move == player else -1  # zero-sum: the other player's payoff is the mover's negative
        values = {m.move: sign * scale[cast(str, m.value)] for m in result.moves}
    clock.nodes += result.nodes
    value = max(values.values()) if to_move == player else min(values.values())
    return WorldAnswer(info.name, to_move, player, values, value, True, SOLVER_METHOD,
                       _concept_name(info, state, "paranoid"), clock.nodes, time.perf_counter() - start,
                       solver_tried=True)


def solve_world(info: GameInfo, state: Any, budget: Budget = DEFAULT_BUDGET, *, concept: str = "paranoid",
                player: int | None = None, progress: Callable[[int], None] | None = None,
                use_solver: bool = True, interruptible: bool = False, first_pass: bool = False) -> WorldAnswer:
    """The value of every legal root move of the full position ``state`` (a spec state of
    ``info``'s game) for ``player`` (default: the player to move; at a chance node, player 0),
    on the game's payoff scale, under ``concept`` (``paranoid``, ``max-n``; see the module
    docstring), within ``budget``. ``use_solver=False`` skips the game's exact solver (a caller
    that already ran it). ``interruptible=True``: a Ctrl-C (``KeyboardInterrupt``) during a deeper
    iteration gives the last finished iteration's answer, with a note and
    :attr:`WorldAnswer.interrupted`, instead of propagating. ``first_pass=True``: before the
    first iteration, every root move is valued by one playout (seeded by ``budget.seed`` on its
    own, so the iterations' answers do not change); where the budget runs out during the first
    iteration, that is the answer (:attr:`WorldAnswer.one_playout`), so that a short time still
    gets an answer within it (``foolsolve POSITION.json``); where the time (not a node bound) runs
    out during the first pass itself, the pass is finished past it and answers, a note saying how
    far over the time it went.
    Raises :class:`SearchLimit` when not even the depth-1 iteration (with ``first_pass``, the first
    pass) fits the budget,
    :class:`~foolsolve.errors.InputError` for a finished game or a bad argument."""
    start = time.perf_counter()
    if concept not in CONCEPTS:
        raise InputError(f"concept: {json_shown(concept)} is not one of {', '.join(CONCEPTS)}")
    spec = info.spec
    if info.engine is None:
        raise NotCovered(f"game: {info.name} has no engine to search")
    if spec.result(state) is not None:
        raise InputError("position: the game is over")
    to_move = spec.to_move(state)
    n = spec.num_players(state)
    if player is None:
        player = seat_of_mover(to_move)
    if not 0 <= player < n:
        raise InputError(f"player: {player} is not a player of this position ({n} players)")
    clock = _Clock(budget, progress, start)
    if use_solver and concept == "paranoid":
        answer = _exact(info, state, player, budget, clock, start)
        if answer is not None:
            return answer
    if budget.search_nodes is not None:
        clock.max_nodes = clock.nodes + budget.search_nodes
    root = info.engine.from_spec(state)
    side = spec.side(state, player)
    search = _Search(info, player, concept, budget, clock, n, spec.utility_range(spec.rules_of(state), n), side)
    name = _concept_name(info, state, concept)
    answer_values: list[tuple[Any, Fraction]] | None = None
    answer_vectors: list[tuple[Fraction, ...]] = []
    notes: list[str] = []
    answer_depth = 0
    exact = False
    interrupted = False
    playouts = budget.playouts
    quick: tuple[list[tuple[Any, Fraction]], list[tuple[Fraction, ...]], bool] | None = None
    one_playout = False
    depth = 1
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        late = False
        if first_pass:
            search.playouts, search.rng = 1, random.Random(budget.seed)
            try:
                try:
                    found, cut = search.root_values(root, 1)
                except OutOfBudget:
                    if clock.max_nodes is not None or clock.deadline is None or time.perf_counter() <= clock.deadline:
                        raise
                    # the time ran out before every move had its playout (a loaded machine, or the time
                    # spent before this search): the pass is finished past it, one playout a move, a
                    # bounded amount of work, so that the answer is an estimate given late, not none
                    late, clock.deadline = True, None
                    search.rng = random.Random(budget.seed)
                    try:
                        found, cut = search.root_values(root, 1)
                    finally:
                        clock.deadline = time.perf_counter()  # no iteration after it
                quick = found, search.root_vectors, not cut
            except OutOfBudget as exc:
                exc.solver_tried = clock.solver_tried
                raise
            finally:
                search.playouts, search.rng = budget.playouts, random.Random(budget.seed)
        if late and quick is not None:
            answer_values, answer_vectors, exact = quick
            answer_depth, playouts, one_playout = 1, 1, True
            over = max(0.0, time.perf_counter() - start - (budget.seconds or 0.0))
            over = round(over, 1) if over >= 1 else float(f"{over:.2g}")  # (as budget_text: 0.043 s, 120.5 s)
            notes.append(f"the time ran out before every move had its playout: that pass finished past the time, "
                         f"{over:g} s over")
        while not late and (budget.max_depth is None or depth <= budget.max_depth):
            if answer_values is not None and clock.deadline is not None and time.perf_counter() > clock.deadline:
                break
            try:
                found, cut = search.root_values(root, depth)
            except OutOfBudget as exc:
                if answer_values is None and quick is not None:  # the first pass's answer
                    answer_values, answer_vectors, exact = quick
                    answer_depth, playouts, one_playout = 1, 1, True
                    break
                if answer_values is None:
                    exc.solver_tried = clock.solver_tried  # (what the seat answer's method line says)
                    raise
                break
            except KeyboardInterrupt:
                if answer_values is None or not interruptible:
                    raise
                notes.append(f"interrupted (Ctrl-C) during the depth-{depth} iteration: the answer of depth "
                             f"{answer_depth}")
                interrupted = True
                break
            answer_values, answer_vectors, answer_depth, exact = found, search.root_vectors, depth, not cut
            if exact:
                break
            depth += 1
    finally:
        sys.setrecursionlimit(limit)
    if answer_values is None:
        raise SearchLimit("max_depth: no iteration searched")
    exact = exact and not search.restricted  # (a value over part of some position's moves: moves_of)
    texts = {str(info.engine.move_to_spec(root, m)): v for m, v in answer_values}
    order = [str(m) for m in search_moves(spec, state)]
    values = {t: texts[t] for t in order}
    mover_best = None
    if to_move == CHANCE:
        probs = {str(info.engine.move_to_spec(root, m)): p for m, p in info.engine.chance_outcomes(root)}
        value = sum((probs[t] * v for t, v in values.items()), Fraction(0))
    elif search.maxn and to_move != player:
        # the mover maximises their own payoff, the first such move in the spec's order
        own = {str(info.engine.move_to_spec(root, m)): vec[to_move]
               for (m, _), vec in zip(answer_values, answer_vectors)}
        top = max(own.values())
        mover_best = [t for t in order if own[t] == top]
        value = values[mover_best[0]]
    elif to_move in side or search.maxn:
        value = max(values.values())
    else:
        value = min(values.values())
    chance = "; expectimax at chance nodes" if search.met_chance else ""
    search_name = "max-n" if search.maxn else "alpha-beta"
    against = f", with {side_text(spec, state, player)} against the others" if len(side) > 1 and not search.maxn else ""
    if exact:
        how = "with a transposition table" if search.maxn else "alpha-beta with a transposition table"
        method = f"exact {name} search over the engine{against} ({how}{chance})"
    else:
        method = (f"depth-limited {search_name} ({name}{chance}{against}) to depth {answer_depth} with playout evaluation "
                  f"({plural(playouts, 'greedy playout' if budget.frontier == 'greedy' else 'playout')}, "
                  f"seed {budget.seed})")
    if len(side) > 1 and search.maxn:  # (paranoid: the method names the side)
        notes.insert(0, "teams: partners share one payoff; each player maximises her own, her team's")
    if search.restricted:
        notes.append("some positions searched had more moves of one kind than are listed (Fools and Angels' exchanges "
                     "of a big hand: more than 255 of them): there the search weighed a bounded list of them "
                     "(docs/fools-and-angels.md, \"Big hands\"), so the values are estimates, not exact")
    return WorldAnswer(info.name, to_move, player, values, value, exact, method, name, clock.nodes,
                       time.perf_counter() - start, answer_depth, notes, mover_best, interrupted,
                       clock.solver_tried, one_playout=one_playout, met_chance=search.met_chance)


WORLD_OPTION_DOCS: dict[str, str] = {
    "concept": "paranoid|max-n: the solution concept (default paranoid; minimax with two players)",
    "player": "whose payoffs the values are (default: the player to move)",
    "playouts": "playouts whose mean values a position at the depth limit (default 8)",
    "seed": "seed of the playouts (default 0)",
    "depth": "the deepest iteration, in plies (default: deepen until exact or out of budget)",
}
"""The open-hand search's ``-o`` options with what each does (``foolsolve rules GAME --solver``)."""

WORLD_OPTIONS = tuple(WORLD_OPTION_DOCS)
"""The ``-o`` options :func:`answer_for_cli` reads."""


def exact_option_names(info: GameInfo) -> set[str]:
    """The ``-o`` options the game's exact solver reads (:data:`~foolsolve.solver.base.COMMON_OPTIONS`
    besides)."""
    from foolsolve.solver.base import COMMON_OPTIONS

    return {*(info.solver_options or {}), *COMMON_OPTIONS} if info.solve is not None else {*COMMON_OPTIONS}


def check_options(info: GameInfo, extra: dict[str, Any], state: Any = None) -> None:
    """The ``-o`` options of ``foolsolve POSITION.json`` and ``report``, checked once, before any
    search: every name is an option of the game's exact solver, of the open-hand search
    (:data:`WORLD_OPTIONS`) or of both, and every value is one its search takes, whichever search
    will answer (an option the answer does not read is still checked: a bad one is an
    :class:`~foolsolve.errors.InputError`, never a note); with ``state``, ``-o player`` must name one
    of its players, even where the exact solver answers and does not read it."""
    from foolsolve.solver.base import COMMON_OPTIONS

    exact = exact_option_names(info) - set(COMMON_OPTIONS)
    for key in sorted(extra):
        if key not in exact and key not in WORLD_OPTIONS and key not in COMMON_OPTIONS:
            words = rule_option_words(key, info.title)
            if words is not None:
                raise OptionError(f"{option_name('option')} {key}: {words}")
            raise OptionError(f"{option_name('option')} {key}: unknown {info.title} option (the exact solver's: "
                              f"{', '.join(sorted(exact)) or 'none'}; the open-hand search's: {', '.join(WORLD_OPTIONS)}; "
                              f"both: {', '.join(COMMON_OPTIONS)})")
    exact_opts = SolveOptions(extra=exact_extra(info, extra))  # max_nodes and time are checked here
    check = info.solver_check if info.solve is not None else None
    if check is not None:
        check(exact_opts)
    player = world_settings(extra)[1]
    if state is not None and player is not None:  # a player the position has, whichever search answers
        n = info.spec.num_players(state)
        if player >= n:
            raise OptionError(f"{option_name('option')} player: {player} is not a player of this position ({n} players)")


def exact_extra(info: GameInfo, extra: dict[str, Any]) -> dict[str, Any]:
    """The options of ``extra`` the game's exact solver reads."""
    names = exact_option_names(info)
    return {k: v for k, v in extra.items() if k in names}


def world_extra(extra: dict[str, Any]) -> dict[str, Any]:
    """The options of ``extra`` the open-hand search reads (:data:`WORLD_OPTIONS` and the common
    ``max_nodes``, ``time``)."""
    from foolsolve.solver.base import COMMON_OPTIONS

    return {k: v for k, v in extra.items() if k in WORLD_OPTIONS or k in COMMON_OPTIONS}


def world_settings(extra: dict[str, Any]) -> tuple[str, int | None, int | None, int, int]:
    """The open-hand search's options of ``extra``: concept, player (``None``: the player to move),
    depth (``None``: no limit), playouts and seed; a bad value is an
    :class:`~foolsolve.errors.InputError`."""
    from foolsolve.solver.base import int_option

    opts = SolveOptions(extra=world_extra(extra))
    concept = extra.get("concept", "paranoid")
    if concept not in CONCEPTS:
        raise OptionError(f"{option_name('option')} concept: {json_shown(concept)} is not one of {', '.join(CONCEPTS)}")
    player = int_option(opts, "player", 0) if "player" in extra else None
    depth = int_option(opts, "depth", 1, minimum=1) if "depth" in extra else None
    return concept, player, depth, int_option(opts, "playouts", 8, minimum=1), int_option(opts, "seed", 0)


def unused_note(extra: dict[str, Any], read: set[str] | tuple[str, ...], by: str) -> list[str]:
    """A note naming the options of ``extra`` that the search that answered (``by``) did not read
    (none: no note)."""
    from foolsolve.solver.base import COMMON_OPTIONS

    unused = sorted(k for k in extra if k not in read and k not in COMMON_OPTIONS)
    return [f"not applied to {by}: -o {', '.join(unused)}"] if unused else []


def memory_note(info: GameInfo, max_memory: int | None) -> list[str]:
    """A note that ``--max-memory`` (given: not ``None``) bounds nothing in the answer of a game's
    exact solver that keeps no transposition table (:attr:`GameInfo.solver_tables`; none: no note)."""
    if max_memory is None or info.solver_tables:
        return []
    return [f"not applied: --max-memory (it bounds a solver's transposition tables; the exact solver of {info.title} "
            "keeps none)"]


def timed(tick: Callable[[int], None] | None, deadline: float | None,
          later: tuple[float, Callable[[], bool]] | None = None) -> Callable[[int], None]:
    """A progress callback that also raises :class:`OutOfBudget` once ``deadline``
    (``time.perf_counter()``) has passed (a solver's progress callbacks then bound its time).
    ``later = (deadline2, keep_going)``: past ``deadline`` while ``keep_going()`` says so, the
    search goes on until ``deadline2``."""

    def call(nodes: int) -> None:
        if deadline is not None:
            now = time.perf_counter()
            if now > deadline and (later is None or now > later[0] or not later[1]()):
                raise OutOfBudget("out of time", option="time")
        if tick is not None:
            tick(nodes)

    return call


def solve_or_answer(info: GameInfo, state: Any, extra: dict[str, Any], store: Any, max_nodes: int | None,
                    seconds: float | None, tick: Callable[[int], None] | None,
                    refuse: Callable[[NotCovered], bool] | None = None,
                    max_memory: int | None = None, started: float | None = None) -> tuple[SolveResult, bool]:
    """What ``foolsolve POSITION.json`` prints, and whether it came from the result store: the game's
    exact solver (through the result ``store``) within :attr:`Budget.exact_share` of ``seconds``
    and ``max_nodes``; where it does not cover the position (:class:`NotCovered`) or stops at its
    share, the open-hand answer (:func:`answer_for_cli`) in the rest of the budget (all of it when
    the solver refused the position at once). A
    :class:`NotCovered` for which ``refuse`` says true is raised instead (the CLI answers such a
    position from the seat of the player to move, docs/seat.md). Ctrl-C raises :class:`Interrupted`
    where a search says what it had (:meth:`Interrupted.answer_so_far`: the exact solver's proofs,
    the open-hand search's last finished iteration), else the plain ``KeyboardInterrupt``.
    ``started``: ``time.perf_counter()`` when ``seconds`` began (the caller's call: what it did
    before, reading the position, counts in them); ``None``: now."""
    from foolsolve import store as st

    forced = only_move(info, state) if seconds is not None and seconds > ONE_MOVE_SECONDS else None
    if forced is not None:
        # the answer is that move: its value is not worth the whole --time
        asked, seconds = seconds, ONE_MOVE_SECONDS
        one_note = (f"{forced} is the only legal move: its value was given {ONE_MOVE_SECONDS:g} s of --time "
                    f"{asked:g}")

    def forced_time(name: Callable[[str], str]) -> str:
        """The time that runs out where the only legal move's value has its few seconds, in the words of
        a stop's note (``name``: the command's options' names) and of an error (the caller's)."""
        return f"the {seconds:g} s the only legal move's value gets of {name('--time')} {asked:g}"
    share = DEFAULT_BUDGET.exact_share
    if started is None:
        started = time.perf_counter()
    deadline = None if seconds is None else started + seconds * share
    exact_nodes = None if max_nodes is None else max(1, int(max_nodes * share))
    # once the exact solver has proved the value and a best move (SolveOptions.proved), its answer
    # needs no estimate: it goes on for the whole time, valuing more moves
    got: list[SolveResult] = []

    def answers() -> bool:
        return bool(got) and got[-1].answers()

    searched = [0]  # the exact solver's nodes, as its progress reports them

    def counted(nodes: int) -> None:
        searched[0] = max(searched[0], nodes)
        if tick is not None:
            tick(nodes)

    later = None if seconds is None else (started + seconds, answers)
    opts = SolveOptions(progress=timed(counted, deadline, later), max_nodes=exact_nodes, extra=exact_extra(info, extra),
                        max_memory=max_memory, proved=got.append,
                        deadline=None if seconds is None else time.monotonic() + started + seconds - time.perf_counter())
    partial: SolveResult | None = None
    why_named: str | None = None  # why, as an error says it (the options named as the caller calls them)
    try:
        if info.solve is None:
            raise NotCovered(f"game: {info.name} has no exact solver")
        result: SolveResult
        result, cached = st.solve_with_store(info, state, opts, store, lines=True)
        result.notes = [*result.notes, *unused_note(extra, exact_option_names(info), "the exact solver's answer "
                                                    "(options of the open-hand search)"),
                        *memory_note(info, max_memory)]
        return result, cached
    except NotCovered as exc:
        if info.spec.is_terminal(state):  # a finished game the exact solver does not take: its result
            return game_over_result(info, state, time.perf_counter() - started), False
        chance_only = chance_only_result(info, state)
        if chance_only is not None:  # nothing but chance left: exact, whatever any player cannot see
            return chance_only, False
        if refuse is not None and refuse(exc):
            raise
        why = f"the exact solver does not cover this position ({exc})"
        exact_nodes = 0  # refused before searching: the open-hand search gets the whole node budget
    except TooManyMoves as exc:
        # a position the exact solver met (at the root or deep in its search: Fools and Angels' exchanges of
        # a hand of 17 cards or more) has more moves than are listed: no exact answer; the open-hand search,
        # which weighs a sample of such moves, answers in what is left
        why = why_named = (f"the exact solver lists every move of the positions it searches, and one has "
                           f"{exc.what or 'more moves'}, more than this program lists")
    except SearchLimit as exc:
        stop = exc

        def limit_of(name: Callable[[str], str]) -> str:
            """The bound the exact solver stopped at, its option named by ``name``."""
            if isinstance(stop, OutOfBudget):
                spent = seconds if answers() else (seconds or 0) * share
                # (the only legal move: its value's few seconds, not --time, are the budget the solver had its share of)
                return f"{spent or 0:g} s ({name('--time')} {seconds or 0:g})" if forced is None else \
                    f"{spent or 0:g} s (of {forced_time(name)})"
            if stop.option == "time":  # the solver option -o time (--time is the OutOfBudget above)
                return f"{opts.time_limit or 0:g} s ({name('-o')} time={extra.get('time')})"
            if "max_nodes" in extra and (exact_nodes is None or extra["max_nodes"] < exact_nodes):
                return f"{plural(opts.max_nodes or 0, 'node')} ({name('-o')} max_nodes={extra['max_nodes']})"
            return f"{plural(exact_nodes or 0, 'node')} ({name('--max-nodes')} {max_nodes or 0:,})"

        limit = limit_of(str)
        how = f" ({stop.searched_by})" if stop.searched_by else ""
        why = f"the exact solver did not finish within {limit}{how}"  # (a note: the command's names)
        why_named = f"the exact solver did not finish within {limit_of(option_name)}{how}"
        partial = exc.partial
        if partial is not None and partial.answers():
            result = stopped_answer(partial, f"stopped at {limit}")
            result.notes += unused_note(extra, exact_option_names(info), "the exact solver's answer (options of the "
                                        "open-hand search)") + memory_note(info, max_memory)
            if forced is not None and isinstance(exc, OutOfBudget):
                result.notes.append(one_note)
            return result, False
    # what is left of --time, however little: no minimum
    left = None if seconds is None else max(0.0, started + seconds - time.perf_counter())
    left_nodes = None if max_nodes is None else max(1, max_nodes - (exact_nodes or 0))
    # -o max_nodes and -o time bound each search, so the open-hand search that answers too (each its own
    # N nodes, S seconds), not the exact solver alone
    own = _own_limits(extra)
    given = ""
    # the user's --time, or where the only legal move's value had a share of it, that share of her --time
    time_given = None if seconds is None else \
        (option_name("--time"), f"{seconds:g} s" if forced is None else forced_time(option_name))
    if own.max_nodes is not None and (left_nodes is None or own.max_nodes < left_nodes):
        left_nodes, given = own.max_nodes, f"{option_name('-o')} max_nodes={extra['max_nodes']}"
    if own.time_limit is not None and (left is None or own.time_limit < left):
        left, time_given = own.time_limit, (f"{option_name('-o')} time", f"{own.time_limit:g} s")
    answer = answer_for_cli(info, state, extra, left_nodes, left, tick, why, max_memory, partial, given, time_given,
                            why_named)
    # what the answer cost is the whole of it: the exact solver's attempt too (its time was half of --time)
    answer.nodes += max(searched[0], partial.nodes if partial is not None else 0)
    answer.seconds = time.perf_counter() - started
    if forced is not None:
        answer.notes.append(one_note)
    return answer, False


def game_over_result(info: GameInfo, state: Any, seconds: float = 0.0, player: int | None = None) -> SolveResult:
    """The answer to a finished game whose exact solver does not take it (three Durak players, a
    Three Fools game won): its result read off the rules, as every solver answers a finished game
    it covers, the value the payoff of the player to move (player 0 at a chance node; ``player``
    where given, ``--as P``: :attr:`SolveResult.player`) as an exact number (value kind
    ``payoff``), no moves and no line."""
    spec = info.spec
    result = spec.result(state)
    if result is None:
        raise InputError("position: the game is not over")
    to_move = spec.to_move(state)
    whose = seat_of_mover(to_move) if player is None else player
    payoff = Fraction(result.payoffs[whose])
    value: Any = int(payoff) if payoff.denominator == 1 else str(payoff)
    notes = [f"game over: {result.label}"]
    if whose != to_move:
        notes.append(f"value: player {whose}'s payoff")
    return SolveResult(info.name, to_move, value, [], [], 0, seconds, value_kind="payoff",
                       result=result.to_json(), notes=notes, method=GAME_OVER_METHOD,
                       player=None if player is None or player == to_move else player)


CHANCE_ONLY_NODES = 2_000
"""The positions :func:`chance_only_result` looks at before it gives up (a chance-only end is short)."""
CHANCE_ONLY_METHOD = ("exact: no player has a choice left, only chance (the expectation over its outcomes, nothing "
                      "searched; the cards hidden from any player change nothing)")
"""The method of :func:`chance_only_result`'s answer."""


class _Choice(Exception):
    """A player has a choice (or the look is over budget): the answer is not chance's alone."""


def chance_payoffs(info: GameInfo, state: Any, max_nodes: int = CHANCE_ONLY_NODES) -> tuple[Fraction, ...] | None:
    """Every player's expected payoff from ``state`` where from here on no player has a choice (each
    position is a chance node, the game's end, or a player's only legal move), so that nothing a
    player does not see can change the result: the expectation over the chance outcomes with their
    exact probabilities (Three Fools' tie in the final count: a Roshambo, 1/2 each). ``None``: a
    player has a choice somewhere, or more than ``max_nodes`` positions lie ahead."""
    walked = chance_walk(info, state, max_nodes)
    return None if walked is None else walked[0]


def chance_walk(info: GameInfo, state: Any, max_nodes: int = CHANCE_ONLY_NODES
                ) -> tuple[tuple[Fraction, ...], list[tuple[Any, tuple[Fraction, ...]]]] | None:
    """:func:`chance_payoffs` of ``state`` and of each of its legal moves (every player's expected
    payoff after it), in one walk of the tree ahead; ``None`` where a player has a choice somewhere,
    the game is over, or more than ``max_nodes`` positions lie ahead."""
    spec = info.spec
    seen = [1]  # (the root)

    def expect(s: Any) -> tuple[Fraction, ...]:
        seen[0] += 1
        if seen[0] > max_nodes:
            raise _Choice
        result = spec.result(s)
        if result is not None:
            return tuple(Fraction(x) for x in result.payoffs)
        moves, family = legal_or_family(spec, s)
        if spec.to_move(s) != CHANCE:
            if len(moves) != 1 or family is not None:
                raise _Choice
            return expect(spec.apply(s, moves[0]))
        return _expectation(spec, s, [(m, expect(spec.apply(s, m))) for m in moves])

    if spec.is_terminal(state):
        return None
    moves, family = legal_or_family(spec, state)
    chance = spec.to_move(state) == CHANCE
    if not chance and (len(moves) != 1 or family is not None):
        return None
    try:
        each = [(m, expect(spec.apply(state, m))) for m in moves]
    except _Choice:
        return None
    return (_expectation(spec, state, each) if chance else each[0][1]), each


def _expectation(spec: Any, state: Any, each: list[tuple[Any, tuple[Fraction, ...]]]) -> tuple[Fraction, ...]:
    """The payoffs after each chance outcome of ``state`` weighted by its exact probability."""
    total: list[Fraction] | None = None
    for m, sub in each:
        p = Fraction(spec.chance_probability(state, m))
        total = [p * x for x in sub] if total is None else [t + p * x for t, x in zip(total, sub)]
    assert total is not None
    return tuple(total)


def chance_only_answer(info: GameInfo, state: Any, player: int | None,
                       seat_options: dict[str, Any]) -> SolveResult | None:
    """:func:`chance_only_result` for a caller that asked for the answer from one seat (solve and
    report with ``--as P`` or a seat option): the seat options given (``seat_options``: command-line
    name -> value, ``None`` where not given) other than ``--as`` (whose payoff it is, which it says)
    named in a note as not applied: no player has a choice left, so nothing hidden changes the
    value. ``None`` where a player still has a choice."""
    result = chance_only_result(info, state, player)
    if result is None:
        return None
    unused = [k for k, v in seat_options.items() if v is not None and k != "--as"]
    if unused:
        result.notes.append(f"not applied: {', '.join(unused)} (options of an answer from one seat; no player has "
                            "a choice left, so nothing hidden changes the value)")
    return result


def chance_only_result(info: GameInfo, state: Any, player: int | None = None) -> SolveResult | None:
    """The exact answer to a full position where only chance is left (:func:`chance_walk`): the
    expected payoff of the player to move (player 0 at a chance node; ``player`` where given,
    ``--as P``: :attr:`SolveResult.player`) as an exact number (value kind ``payoff``), each legal
    move (a chance outcome) with that player's expected payoff after it, and a note with every
    player's. ``None`` where a player still has a choice: the searches answer."""
    started = time.perf_counter()
    walked = chance_walk(info, state)
    if walked is None:
        return None
    payoffs, each = walked
    return _chance_result(info, state, player, payoffs, [(info.spec.move_text(m, False), sub) for m, sub in each],
                          time.perf_counter() - started, CHANCE_ONLY_METHOD)


def _chance_result(info: GameInfo, state: Any, player: int | None, payoffs: tuple[Fraction, ...],
                   each: list[tuple[str, tuple[Fraction, ...]]], seconds: float, method: str) -> SolveResult:
    """:func:`chance_only_result`'s answer of ``state`` (a full position, or a world of a view) from
    every player's expected ``payoffs`` and each move's (its text, the payoffs after it)."""
    to_move = info.spec.to_move(state)
    whose = seat_of_mover(to_move) if player is None else player

    def number(x: Fraction) -> Any:
        return int(x) if x.denominator == 1 else str(x)

    moves = [MoveValue(text, number(sub[whose])) for text, sub in each]
    said = ", ".join(f"player {p} {number(x)}" for p, x in enumerate(payoffs))
    notes = [f"no player has a choice left: only chance decides; every player's expected payoff: {said}"]
    if whose != to_move:
        notes.append(f"value: player {whose}'s payoff")
    return SolveResult(info.name, to_move, number(payoffs[whose]), moves, [], 0, seconds,
                       best=[] if to_move == CHANCE else [moves[0].move], value_kind="payoff",
                       notes=notes, method=method, player=None if whose == to_move else whose)


CHANCE_ONLY_VIEW_WORLDS = 5_000
"""The most worlds of a view whose chance-only answer is the exact expectation over them all
(:func:`chance_only_view`, where the game does not say the hidden cards change nothing)."""
CHANCE_ONLY_PUBLIC_METHOD = ("exact: no player has a choice left, only chance, and what decides it every player sees "
                             "(the expectation over its outcomes, nothing searched; the cards the view hides change "
                             "nothing)")
"""The method of :func:`chance_only_view`'s answer where the game says the hidden cards change nothing."""


def chance_only_view(info: GameInfo, view: Any, seat_options: dict[str, Any] | None = None
                     ) -> tuple[Any, SolveResult] | None:
    """The exact answer to a view (``foolsolve VIEW.json``) where no player has a choice left, only
    chance, as a full position gets it (:func:`chance_only_result`), for the view's player: where the
    game says what decides it is what every player sees (:meth:`~foolsolve.game.SpecGame.chance_is_public`:
    Three Fools' Roshambo), on one world of the view (any world gives it); else, with at most
    :data:`CHANCE_ONLY_VIEW_WORLDS` worlds, the expectation over every world of the view weighted
    by its likelihood. ``(the world read, the answer)``; ``None`` where a player has a choice in a
    world, the game is over, or the worlds are too many: the seat analysis answers. The seat options
    given (``seat_options``) other than ``--as`` are named in a note as not applied."""
    from foolsolve.worlds import worlds_of_view

    started = time.perf_counter()
    worlds = worlds_of_view(view)
    first = worlds.first()
    walked = chance_walk(info, first)
    if walked is None:
        return None
    spec = info.spec
    if spec.chance_is_public(first):
        payoffs, each = walked
        texts = [(spec.move_text(m, False), sub) for m, sub in each]
        result = _chance_result(info, first, view.player, payoffs, texts, time.perf_counter() - started,
                                CHANCE_ONLY_PUBLIC_METHOD)
    else:
        count = worlds.count()
        if count is None or count > CHANCE_ONLY_VIEW_WORLDS:
            return None
        total, weights = 0, 0
        sums: list[Fraction] = []
        move_sums: dict[str, list[Fraction]] = {}
        for world, weight in worlds.enumerate_weighted():
            got = chance_walk(info, world)
            if got is None:
                return None
            payoffs, each = got
            outcomes = {spec.move_text(m, False): sub for m, sub in each}
            if move_sums and set(outcomes) != set(move_sums):
                return None  # the outcomes differ between worlds: no one table of them
            sums = [*(weight * x for x in payoffs)] if not sums else [a + weight * x for a, x in zip(sums, payoffs)]
            for text, sub in outcomes.items():
                row = move_sums.get(text)
                move_sums[text] = [weight * x for x in sub] if row is None else [a + weight * x for a, x in zip(row, sub)]
            weights += weight
            total += 1
        method = (f"exact: no player has a choice left, only chance (the expectation over its outcomes in every world "
                  f"of the view, {total:,} weighted by their likelihood; nothing searched)")
        result = _chance_result(info, first, view.player, tuple(x / weights for x in sums),
                                [(t, tuple(x / weights for x in row)) for t, row in move_sums.items()],
                                time.perf_counter() - started, method)
    unused = [k for k, v in (seat_options or {}).items() if v is not None and k != "--as"]
    if unused:
        result.notes.append(f"not applied: {', '.join(unused)} (options of an answer from one seat; no player has "
                            "a choice left, so nothing hidden changes the value)")
    return first, result


def _own_limits(extra: dict[str, Any]) -> SolveOptions:
    """The limits ``-o max_nodes`` and ``-o time`` of ``extra`` (:data:`~foolsolve.solver.base.COMMON_OPTIONS`,
    which every search reads) as a :class:`SolveOptions`' ``max_nodes`` and ``time_limit``."""
    from foolsolve.solver.base import COMMON_OPTIONS

    return SolveOptions(extra={k: v for k, v in extra.items() if k in COMMON_OPTIONS})


def proved_text(partial: SolveResult | None) -> str:
    """A note of what a stopped exact solve proved (``SearchLimit.partial``), where it proved
    anything: the position's value and the moves it valued ('' if nothing)."""
    if partial is None:
        return ""
    parts = [] if partial.value is None else [f"{value_text(partial.value)} for player {partial.to_move} (to move)"]
    parts += [f"{m.move}: {value_text(m.value)}" for m in partial.moves]
    return "proved exactly before it stopped: " + "; ".join(parts) if parts else ""


def with_proofs(info: GameInfo, state: Any, answer: WorldAnswer, partial: SolveResult | None
                ) -> tuple[WorldAnswer, str]:
    """``answer`` (an estimate) with what a stopped exact solve proved (``partial``,
    ``SearchLimit.partial``) put in: each move it valued takes its exact value (a move the search did
    not weigh, one of a family's moves outside its sample, joins with it), each move it bounded keeps
    its estimate within those bounds, and the position's value and best moves follow;
    with a note saying so ('' and ``answer`` itself where the partial proved nothing or is not on
    the win/draw/loss scale of a two-player zero-sum game the estimate can read, or the answer is
    not a two-player minimax one). So the estimate never names best a move proved worse than
    another, nor shows a value the proof rules out."""
    if (partial is None or partial.value_kind != "outcome" or answer.exact or answer.to_move == CHANCE
            or partial.to_move != answer.to_move or answer.mover_best is not None
            or not _two_player_zero_sum(info, state)):
        return answer, ""
    scale = _outcome_payoffs(info)
    sign = 1 if answer.to_move == answer.player else -1
    values = dict(answer.values)
    exact = clamped = added = 0
    for m in partial.moves:
        if m.value in scale:
            # a move the search did not weigh (a sample of a family too long to list: Fools and Angels'
            # attacks of a big hand) joins the table with its proved value, as every proof is shown there
            added += m.move not in values
            exact += m.move in values
            values[m.move] = sign * scale[m.value]
    for b in partial.unfinished:
        if b.move in values and b.at_least in scale and b.at_most in scale:
            ends = sorted((sign * scale[b.at_least], sign * scale[b.at_most]))
            v = min(max(values[b.move], ends[0]), ends[1])
            clamped += v != values[b.move]
            values[b.move] = v
    if not exact and not clamped and not added:
        return answer, ""
    value = max(values.values()) if sign == 1 else min(values.values())
    parts = [f"{plural(exact, 'move')} valued exactly"] if exact else []
    parts += [f"{plural(added, 'move')} the search did not weigh added with the values proved"] if added else []
    parts += [f"{plural(clamped, 'estimate')} kept within the bounds it proved"] if clamped else []
    note = (f"the exact solver's proofs replace the estimates ({', '.join(parts)}); the best moves "
            "follow from both")
    return replace(answer, values=values, value=value), note


def answer_for_cli(info: GameInfo, state: Any, extra: dict[str, Any], max_nodes: int | None,
                   seconds: float | None, progress: Callable[[int], None] | None, why: str,
                   max_memory: int | None = None, partial: SolveResult | None = None,
                   nodes_given: str = "", time_given: tuple[str, str] | None = None,
                   why_named: str | None = None) -> SolveResult:
    """The open-hand answer ``foolsolve POSITION.json`` prints where the game's exact solver
    refused the position or ran out of time (``why`` says which, in the notes), with what the
    stopped solver proved (``partial``) put in (:func:`with_proofs`) and noted; ``extra``: the ``-o``
    options; it reads :data:`WORLD_OPTIONS` and ignores the others (the exact solver's), a note
    naming them; ``max_nodes`` (what is left of ``--max-nodes``, or ``-o max_nodes`` where
    ``nodes_given`` names it) is kept: no answer within it is an :class:`InputError`. Under
    ``seconds`` alone, every move is first valued by one playout (``solve_world(first_pass=True)``):
    where the time runs out in the first iteration, that is the answer (a note says so); where it
    runs out before every move has its playout, that pass is finished past the time (a bounded
    amount of work, one playout a move) and is the answer, a note saying how far over the time it
    went: a short time gets an estimate, never an error for want of one. A :class:`NoAnswerInTime`
    (where the search stops for another reason) names the user's bound
    (``time_given``: the option, ``--time`` or ``-o time``, and the time that ran out in words,
    ``"30 s"``, or the share of ``--time`` it was; each named as the caller calls it,
    :func:`~foolsolve.errors.option_name`, as ``nodes_given``), ``why_named`` the words of ``why`` it
    says (``why`` where not given). Ctrl-C after an
    iteration finished raises :class:`Interrupted` with that
    iteration's answer (:attr:`Interrupted.answer`: printed, then exit 130); before one, the plain
    ``KeyboardInterrupt``."""
    concept, player, depth, playouts, seed = world_settings(extra)
    n = info.spec.num_players(state)
    if player is not None and player >= n:
        raise OptionError(f"{option_name('option')} player: {player} is not a player of this position ({n} players)")
    budget = Budget(max_nodes=max_nodes, seconds=seconds, playouts=playouts, seed=seed, max_depth=depth,
                    max_memory=max_memory)
    short = ""
    try:
        # under a time alone, a first pass of one playout a move: the answer where the time cuts the
        # first iteration short (the first iteration is not searched past the time, for as long as it
        # takes), so that a short --time still gets the answer of the same kind, not another one
        answer = solve_world(info, state, budget, concept=concept, player=player, progress=progress,
                             use_solver=False, interruptible=True,
                             first_pass=budget.seconds is not None and budget.max_nodes is None)
    except SearchLimit as exc:
        if budget.max_nodes is not None and exc.option != "time":  # the caller's own bound on the work: kept
            # the node bound that refused it (-o max_nodes=N, or --max-nodes), and the nodes the open-hand
            # search had (not the time: the node bound stopped it, whatever time was left)
            bound = nodes_given or option_name("--max-nodes")
            raise LimitError(f"{bound}: no open-hand answer within {plural(budget.max_nodes, 'node')} "
                             f"({why_named or why})") from None
        option, within = time_given or (option_name("--time"), f"{budget.seconds or 0.0:g} s")
        raise NoAnswerInTime(f"{option}: no answer within {within} ({why_named or why}; the open-hand search did not value "
                             f"every move by one playout in the {budget_text(budget)} left)") from None
    if answer.one_playout:
        short = (f"the search's first iteration ({budget.playouts} playouts a move) did not finish within "
                 f"{budget_text(budget)}: each move is valued by one playout")
    answer, merged = with_proofs(info, state, answer, partial)
    result = answer.to_solve_result()
    if info.open_hand_values is not None:  # (the first note: the values' own, to_solve_result)
        result.notes[0] = info.open_hand_values.format(player=answer.player)
    result.notes.insert(0, why)
    if short:
        result.notes.insert(1, short)
    if merged:
        result.notes.append(merged)
    proved = proved_text(partial)
    if proved:
        result.notes.insert(1, proved)
    read = WORLD_OPTIONS
    if extra.get("stock_order_known") is True and not answer.met_chance:
        # what the option asks of the exact solver, the open-hand search does anyway: it draws every stock in its
        # listed order (a stock given only by its size is chance, and then the option is not applied)
        read = (*WORLD_OPTIONS, "stock_order_known")
        result.notes.append("stock_order_known: the open-hand search too takes every stock's listed order as known to "
                            "every player (it draws in that order: no chance at a draw)")
    result.notes += unused_note(extra, read, "this open-hand answer (options of the exact solver)")
    if answer.interrupted:
        raise Interrupted(partial, result)
    return result


def budget_text(budget: Budget) -> str:
    """``20 s`` / ``1,000 nodes`` / ``20 s and 1,000 nodes`` (under a second, two significant
    digits: ``0.043 s``, not ``0 s``)."""
    seconds = budget.seconds
    if seconds is not None:
        seconds = round(seconds, 1) if seconds >= 1 else float(f"{seconds:.2g}")
    parts = ([f"{seconds:g} s"] if seconds is not None else []) + (
        [plural(budget.max_nodes, "node")] if budget.max_nodes is not None else [])
    return " and ".join(parts) or "no limit"
