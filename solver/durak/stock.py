"""Two-player Durak positions with two or more stock cards, every card's place and the stock's
order known (a full position: a world of a seat's view, or ``foolsolve POSITION.json``): the game is
of perfect information, its draws fixed by the known order. :class:`StockSearch` searches it
exactly: alpha-beta on win/draw/loss with a transposition table over the engine's own positions,
legal moves and play (the draws at each bout's end taken from the stock in its order), down to the
positions the endgame search of :mod:`foolsolve.solver.durak.search` takes (at most one stock
card, the face-up trump), which it asks of one :class:`~foolsolve.solver.durak.search.Solver`
(memoised; its transposition table is kept between them). docs/durak-solver.md, "Positions with a
stock", says what it covers and where a budget applies.

Its nodes are the positions it expands plus the endgame search's nodes; ``max_nodes`` bounds their
sum, and ``progress`` (through which a time limit stops it) is called with it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable
from typing import Any

from foolsolve.engines.durak import PEREVODNOY, EngineState, game_result, legal, move_text, play
from foolsolve.errors import OptionError, option_name
from foolsolve.solver.base import (
    MoveBound,
    MoveValue,
    NotCovered,
    SearchLimit,
    SolveOptions,
    SolveResult,
    TableBudget,
    wdl,
    with_partial,
)
from foolsolve.solver.durak.search import (
    PV_LIMIT,
    REPORT_EVERY,
    Solver,
    _outcome,
    first_with_value,
    side_rules_refusal,
    walk_pv,
)
from foolsolve.solver.durak.shared import DRAW, LOSS, WIN, Reductions
from foolsolve.spec import durak as dspec

TABLE_ENTRY_BYTES = 600
"""Bytes a transposition-table entry of this search is counted at (an engine state's key tuple and
its bounds) for ``--max-memory``."""

METHOD = ("Durak solver: exact alpha-beta search with a transposition table over the engine's positions while the "
          "stock holds two or more cards (the draws from its known order), then the exact endgame search once it "
          "holds at most one (win, draw or loss for the side to move)")
"""The method of an answer of :func:`solve_stock` (``Method:``)."""


STOCK_SEARCH_CARDS = 16
"""The search takes a position with two or more stock cards where its two hands, the table and the
stock hold at most this many cards together (6v6 with four stock cards): its leaves then hold at
most that many (every card not yet discarded), which the endgame search values in well under a
second each. Measured (values of every move, seeded 6v6 positions, the Python search): two stock
cards 30-43,000 nodes, three 5,300-70,500, four 54,600-130,300; six (18 cards) and more, none of
three within 300,000 (a first leaf of 8v8 or larger alone). Beyond it the position is refused at
once (:class:`NotCovered`): a seat analysis' world then leaves its whole budget to the
depth-limited search, as a world the search could not finish would not."""


BUDGETED_NODES = 20_000
"""Under a node budget smaller than this (a world of a seat analysis: PIMC's exact share is 2,500
nodes, a 30-world expectation's 7,500) the search takes positions with exactly two stock cards only
(:func:`solve_stock`): three or four need 5,300-130,300 nodes (:data:`STOCK_SEARCH_CARDS`), so such a
world would spend its exact share on a search that stops, and its estimate would get half the
budget it gets where the solver refuses at once (on a 30-world view with three stock cards the
answer took 10 s instead of 0.2 s, the same answer). A budget a user gives (``--max-nodes``, whose
half the exact solver gets) is seldom that small, so a full position's question does not change
with it."""


def stock_cards(state: EngineState) -> int:
    """Cards in the two hands, on the table and in the stock (what :data:`STOCK_SEARCH_CARDS` counts)."""
    return (state.hands[0] | state.hands[1] | state.tatt | state.tcov).bit_count() + len(state.stock)


def check_stock(state: EngineState) -> None:
    """:class:`NotCovered` unless :class:`StockSearch` takes the position: two players, two or more
    stock cards, at most :data:`STOCK_SEARCH_CARDS` cards in the hands, on the table and in the stock,
    past the redeal phase, none of 001's side rules."""
    if state.seed is not None:
        raise NotCovered("phase: the redeal phase (right after the deal: redeal or keep) is no endgame; the exact "
                         "Durak solver starts once play has begun")
    if state.er.side:
        raise NotCovered(f"rules: {side_rules_refusal(state.rules)}")
    if state.n != 2:
        raise NotCovered(f"players: the exact Durak solver is for two players, this position has {state.n}")
    if len(state.stock) < 2:
        raise NotCovered(f"stock: the search over the stock takes two or more stock cards, this position has "
                         f"{len(state.stock)}")
    cards = stock_cards(state)
    if cards > STOCK_SEARCH_CARDS:
        raise NotCovered(f"stock: the exact Durak solver takes two or more stock cards only where the hands, the table "
                         f"and the stock hold at most {STOCK_SEARCH_CARDS} cards, this position has {len(state.stock)} "
                         f"stock cards and {cards} cards there")


class StockSearch:
    """The exact value (win, draw or loss for the side to move) of positions reached from one
    two-player position with two or more stock cards. Values of positions with at most one stock
    card come from :attr:`endgame` (memoised in :attr:`leaves`); positions above them are searched by
    fail-soft alpha-beta, their bounds kept in :attr:`table`. A position met again on the line being
    searched (perevodnoy's transfers) is endless play, a draw, and a value resting on it is not kept."""

    def __init__(self, root: EngineState, reductions: Reductions | None = None,
                 progress: Callable[[int], None] | None = None, max_nodes: int | None = None,
                 max_memory: int | None = None) -> None:
        check_stock(root)
        self.progress = progress
        self.max_nodes = max_nodes
        self.endgame = Solver(root.er, root.trump, reductions, progress=self._endgame_progress, max_nodes=max_nodes,
                              max_memory=max_memory)
        self.table: dict[Hashable, tuple[int, int, int]] = {}
        """Key -> (lower bound, upper bound, index of the best move found)."""
        self.leaves: dict[Hashable, tuple[int, int]] = {}
        """Key of a position with at most one stock card -> bounds of its value for its mover (the
        endgame search's answers)."""
        self.own = 0
        """Positions this search expanded (the endgame search counts its own)."""
        self._next_report = REPORT_EVERY
        self._path: set[Hashable] = set()
        self._tables = TableBudget(SolveOptions(max_memory=max_memory), TABLE_ENTRY_BYTES)
        self._stores = 0
        self._repeats = root.er.variant == PEREVODNOY

    @property
    def nodes(self) -> int:
        """Nodes searched so far: this search's and the endgame search's."""
        return self.own + self.endgame.nodes

    def _limit_text(self) -> str:
        return f"more than {self.max_nodes} nodes"

    def _endgame_progress(self, nodes: int) -> None:
        if self.max_nodes is not None and self.own + nodes > self.max_nodes:
            raise SearchLimit(self._limit_text())
        if self.progress is not None:
            self.progress(self.own + nodes)

    def _tick(self) -> None:
        self.own += 1
        total = self.own + self.endgame.nodes
        if self.max_nodes is not None and total > self.max_nodes:
            raise SearchLimit(self._limit_text())
        if self.own >= self._next_report:
            self._next_report = self.own + REPORT_EVERY
            if self.progress is not None:
                self.progress(total)

    def _leaf(self, s: EngineState, alpha: int = LOSS, beta: int = WIN) -> int:
        """The endgame search's value of ``s`` (at most one stock card) for its mover, exact where it
        lies strictly between ``alpha`` and ``beta``, else a bound on that side: the questions asked
        are those the window needs (:meth:`~foolsolve.solver.durak.search.Solver.value`), their
        answers kept as bounds in :attr:`leaves`."""
        key = s.key()
        lo, hi = self.leaves.get(key, (LOSS, WIN))
        if lo == hi or lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        qlo, qhi = max(alpha, lo), min(beta, hi)
        if self.max_nodes is not None:  # the endgame search may use what is left of the budget
            self.endgame.limit_nodes(max(0, self.max_nodes - self.own))
        try:
            v = self.endgame.value(s, qlo, qhi)
        except SearchLimit as exc:
            if type(exc) is SearchLimit and self.max_nodes is not None and self.nodes > self.max_nodes:
                raise SearchLimit(self._limit_text()) from None  # the whole budget's words
            raise
        # clamped to [qlo, qhi]: at qlo it is at most qlo, at qhi at least qhi, between them exact
        if v <= qlo < qhi:
            hi = v
        elif v >= qhi > qlo:
            lo = v
        else:
            lo = hi = v
        self.leaves[key] = (lo, hi)
        self._stored()
        return v

    def _stored(self) -> None:
        self._stores += 1
        if self._stores % TableBudget.CHECK_EVERY == 0:
            self._tables.check((self.table, self.leaves))

    def value(self, s: EngineState, alpha: int = LOSS, beta: int = WIN) -> int:
        """The value of ``s`` for its mover: exact where it lies strictly between ``alpha`` and
        ``beta``, else a bound on that side (fail-soft); with the full window, exact."""
        limit = sys.getrecursionlimit()
        if limit < 20_000:
            sys.setrecursionlimit(20_000)
        try:
            return self._search(s, alpha, beta)[0]
        finally:
            sys.setrecursionlimit(limit)

    def _search(self, s: EngineState, alpha: int, beta: int) -> tuple[int, bool]:
        """``(value, rests on a repetition)``: see :meth:`value`."""
        res = game_result(s)
        if res is not None:
            return _outcome(res, s.to_move), False
        if len(s.stock) <= 1:
            return self._leaf(s, alpha, beta), False
        key = s.key()
        if key in self._path:
            return DRAW, True
        lo, hi, hint = self.table.get(key, (LOSS, WIN, 0))
        if lo == hi or lo >= beta:
            return lo, False
        if hi <= alpha:
            return hi, False
        alpha, beta = max(alpha, lo), min(beta, hi)
        self._tick()
        moves = legal(s)
        order = list(range(len(moves)))
        if 0 < hint < len(moves):
            order.remove(hint)
            order.insert(0, hint)
        me = s.to_move
        a0, a = alpha, alpha
        best, arg, rep = LOSS - 1, order[0], False
        if self._repeats:
            self._path.add(key)
        try:
            for i in order:
                child = play(s, moves[i])
                end = game_result(child)
                if end is not None:
                    v, r = _outcome(end, me), False
                elif child.to_move == me:
                    v, r = self._search(child, a, beta)
                else:
                    v, r = self._search(child, -beta, -a)
                    v = -v
                rep |= r
                if v > best:
                    best, arg = v, i
                    if v > a:
                        a = v
                        if a >= beta:
                            break
        finally:
            if self._repeats:
                self._path.discard(key)
        if not rep:
            if best <= a0:
                self.table[key] = (lo, best, hint)
            elif best >= beta:
                self.table[key] = (best, hi, arg)
            else:
                self.table[key] = (best, best, arg)
            self._stored()
        return best, rep


def child_value(search: StockSearch, s: EngineState, child: EngineState) -> int:
    """The exact value of the position after one of ``s``'s moves for the mover of ``s``."""
    res = game_result(child)
    if res is not None:
        return _outcome(res, s.to_move)
    if len(child.stock) <= 1:
        v = search._leaf(child)
    else:
        v = search.value(child)
    return v if child.to_move == s.to_move else -v


def stock_pv(search: StockSearch, s: EngineState, value: int, first: tuple[int, int, int] | None,
             limit: int = PV_LIMIT) -> tuple[list[str], list[str]]:
    """Best play from ``s`` (worth ``value`` to its mover; ``first``: its first best move in the
    spec's order): at each step the first move (spec order) of the position's value, found by this
    search while the stock holds two or more cards and by the endgame search's
    :func:`~foolsolve.solver.durak.search.first_with_value` after. Returns the move texts and notes
    (a repeated position or the length limit ends it early)."""
    def choose(x: EngineState, w: int) -> tuple[int, int, int]:
        if x is s and first is not None:
            return first
        if len(x.stock) <= 1:
            return first_with_value(search.endgame, x, w)
        return next(m for m in legal(x) if child_value(search, x, play(x, m)) == w)

    return walk_pv(s, value, choose, limit)


def solve_stock(s: EngineState, options: SolveOptions, reductions: Reductions, jit: bool | str, want_moves: bool,
                want_pv: bool) -> SolveResult:
    """:func:`foolsolve.solver.durak.search.solve` on a two-player position with two or more stock
    cards (:func:`check_stock`): its exact value, every move's value and a principal variation
    (``want_moves``, ``want_pv`` as there). ``jit=true`` is an :class:`OptionError`: the compiled
    search covers no position with a stock. A limit raises :class:`SearchLimit` carrying the moves
    valued before it (:attr:`SearchLimit.partial`)."""
    check_stock(s)
    if options.max_nodes is not None and options.max_nodes < BUDGETED_NODES and len(s.stock) > 2:
        raise NotCovered(f"stock: under a budget of {options.max_nodes:,} nodes (under {BUDGETED_NODES:,}) the search over "
                         f"the stock takes two stock cards only, this position has {len(s.stock)}")
    if jit is True:
        raise OptionError(f"{option_name('option')} jit: the compiled search does not apply here (it covers two players, "
                          "the stock empty, not the first bout, simple or podkidnoy)")
    t0 = time.perf_counter()
    search = StockSearch(s, reductions, options.progress, options.max_nodes, options.max_memory)
    perev_note = ["endless play (a repeated position) counts as a draw"] if s.er.variant == PEREVODNOY else []
    notes = ["searched over the engine's positions while the stock holds two or more cards, its order known"]

    def result(**kw: Any) -> SolveResult:
        return SolveResult(game=dspec.META.name, to_move=s.to_move, nodes=search.nodes,
                           seconds=time.perf_counter() - t0, method=METHOD, **kw)

    if not want_moves:
        v = search.value(s)
        return result(value=wdl(v), moves=[], pv=[], best=[], value_only=True,
                      notes=["moves=false: the game value alone was searched", *notes, *perev_note])
    moves = legal(s)
    values: list[int] = []

    def partial() -> SolveResult:
        """The moves valued so far, the others unbounded; the value where a valued move wins (no
        move is worth more) or every move is valued."""
        done = [MoveValue(move_text(m), wdl(v)) for m, v in zip(moves, values)]
        left = [MoveBound(move_text(m), wdl(LOSS), wdl(WIN)) for m in moves[len(values):]]
        top = max(values, default=None)
        proved = top if top == WIN or (values and not left) else None
        best = [move_text(m) for m, v in zip(moves, values) if proved is not None and v == proved]
        return result(value=None if proved is None else wdl(proved), moves=done, pv=[], best=best,
                      notes=[*notes, *perev_note], unfinished=left)

    try:
        for m in moves:
            values.append(child_value(search, s, play(s, m)))
            if options.proved is not None:
                options.proved(partial())
    except (SearchLimit, KeyboardInterrupt) as exc:
        raise with_partial(exc, partial()) from None
    top = max(values)
    best_moves = [m for m, v in zip(moves, values) if v == top]
    pv: list[str] = []
    pv_notes: list[str] = []
    if want_pv:
        pv, pv_notes = stock_pv(search, s, top, best_moves[0])
    return result(value=wdl(top), moves=[MoveValue(move_text(m), wdl(v)) for m, v in zip(moves, values)], pv=pv,
                  best=[move_text(m) for m in best_moves], notes=[*notes, *pv_notes, *perev_note])
