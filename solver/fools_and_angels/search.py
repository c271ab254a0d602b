"""Exact endgame solver for Fools and Angels.

Once both private stocks and the pool are empty nothing is hidden any more: both hands are
known, nothing can be drawn, exchanged or tempted. The game is then one of perfect
information, and every position is a win or a loss for the side to move: the state graph
is acyclic and has no draws (docs/fools-and-angels-model.md, "Termination").

Method: depth-first negamax over the engine with boolean values (a node is a win iff some
move leads to a position lost for the player who moves there; the defender may move twice
in a row, so the sign flips only when the mover changes), short-circuiting on the first
winning move, a transposition table of exact values (every stored value is exact: a node is
only stored once a winning move is found or every move is refuted), move ordering by the
mover's hand size after the move (computed from the move, so a winning first move costs
one successor), and symmetry reduction: interchangeable cards (same signed pip value, or
face cards whose ranks share an effect) are relabelled canonically before the table is
consulted, and moves with coinciding successors are searched once (:class:`Canon`). The
path is tracked and a repetition raises: it cannot happen by the termination argument, and
the guard makes the argument checked.

``tests/fools_and_angels/test_solver.py`` checks every value against exhaustive minimax over
the spec and against retrograde analysis of the spec's state graph.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from foolsolve.engines import fools_and_angels as E
from foolsolve.errors import option_name
from foolsolve.solver.base import (
    LOSS,
    SHARED_OPTIONS,
    WIN,
    MoveBound,
    MoveValue,
    NotCovered,
    SearchLimit,
    SolveOptions,
    SolveResult,
    TableBudget,
    bool_option,
    check_extra,
    with_partial,
)
from foolsolve.spec import fools_and_angels as S

PROGRESS_EVERY = 1024
"""Nodes between two progress callbacks, through which a time limit stops the solve (and the
tables' bound is checked): 20,000 nodes could be a second past ``--time``."""
PROGRESS_MOVES = 16_384
"""Moves listed between two progress callbacks, whatever the nodes: a node of a big hand lists
thousands of attacks or defences (13,225 at 20 cards against 19) and sorts them, tens of
milliseconds where a small hand's node takes microseconds, so 1,024 such nodes would run many
seconds past ``--time`` (docs/fools-and-angels.md, "Big hands")."""
ROOT_CHUNK = 4096
"""Root moves put in order and named between two progress callbacks: a big hand's root has tens of
thousands (121,729 at the 20-card defence of bench/bench_fools_and_angels.py's ``oneworld`` part), about a
second's work in all."""
ENTRY_BYTES = 300
"""Bytes a transposition-table entry takes (an engine state tuple and a flag), for the
``--max-memory`` budget."""

# --- symmetry: interchangeable cards ------------------------------------------------------------
# The rules read a pip card only through its signed value (colour is the sign), and a face
# card only through its rank's effect (the effect sees which colours of pips the attack holds,
# never the face card's suit). So 3♣ and 3♠ are interchangeable, as are 3♦ and 3♥, and all
# face cards whose ranks share an effect. With every stock empty, relabelling such cards
# between the hands and the attack maps a position to one of the same value; the solver
# keys its table on a canonical relabelling and skips moves whose successors coincide.
_PIP_RANKS = sum(1 << r for r in (2, 3, 4, 5, 6, 7, 8, 9, 14))
_SUIT_PAIRS = ((0, 48), (16, 32))  # (clubs, spades) and (diamonds, hearts): slot * 16


def _swap_bits(x: int, sw_lo: int, sw_hi: int, shift: int) -> int:
    """Swap the bits of ``x`` at ``sw_lo`` with those at ``sw_hi = sw_lo << shift``."""
    return (x & ~(sw_lo | sw_hi)) | ((x & sw_hi) >> shift) | ((x & sw_lo) << shift)


class Canon:
    """Canonical relabelling of the cards of an endgame position (rules fixed)."""

    def __init__(self, cr: E.EngineRules) -> None:
        groups: dict[str, list[int]] = {}
        for b in E.bits(E.FACES):
            card = S.FRENCH52.by_index(b.bit_length() - 1)
            groups.setdefault(getattr(cr.rules.face_effects, S.FACE_RANK_TEXT[card.rank]), []).append(b)
        self.faces: list[tuple[int, list[int]]] = []
        for bl in groups.values():
            prefix = [0]
            for b in bl:
                prefix.append(prefix[-1] | b)
            self.faces.append((prefix[-1], prefix))

    def __call__(self, st: E.EngineState) -> E.EngineState:
        h0, h1, at = st[3], st[4], st[8]
        for lo, hi in _SUIT_PAIRS:
            c0, c1, c2 = (h0 >> lo) & _PIP_RANKS, (h1 >> lo) & _PIP_RANKS, (at >> lo) & _PIP_RANKS
            s0, s1, s2 = (h0 >> hi) & _PIP_RANKS, (h1 >> hi) & _PIP_RANKS, (at >> hi) & _PIP_RANKS
            # swap a rank's two cards when the higher suit's card has the earlier owner
            # (owners in order: hand 0, hand 1, attack, out of play)
            sw = (s0 & ~c0) | (s1 & ~(c0 | c1)) | (s2 & ~(c0 | c1 | c2))
            if sw:
                lo_m, hi_m, shift = sw << lo, sw << hi, hi - lo
                h0 = _swap_bits(h0, lo_m, hi_m, shift)
                h1 = _swap_bits(h1, lo_m, hi_m, shift)
                at = _swap_bits(at, lo_m, hi_m, shift)
        for cm, prefix in self.faces:
            k0, k1, k2 = (h0 & cm).bit_count(), (h1 & cm).bit_count(), (at & cm).bit_count()
            h0 = (h0 & ~cm) | prefix[k0]
            h1 = (h1 & ~cm) | (prefix[k0 + k1] & ~prefix[k0])
            at = (at & ~cm) | (prefix[k0 + k1 + k2] & ~prefix[k0 + k1])
        if h0 == st[3] and h1 == st[4] and at == st[8]:
            return st
        return (*st[:3], h0, h1, *st[5:8], at, *st[9:])


class Solver:
    """One solve's search state: the transposition table and counters."""

    def __init__(self, options: SolveOptions | None = None, canon: Canon | None = None) -> None:
        self.options = options or SolveOptions()
        self.tt: dict[Any, bool] = {}
        """Exact value of a (canonical) position for its player to move (True: win)."""
        self.nodes = 0
        self.canon = canon
        """Relabelling to apply (``None``: positions with stocks, no symmetry used)."""
        self._path: set[Any] = set()
        self.listed = 0
        """Moves listed so far (:data:`PROGRESS_MOVES`)."""
        self._next_report = PROGRESS_EVERY
        self._next_listed = PROGRESS_MOVES
        self.budget = TableBudget(self.options, ENTRY_BYTES)
        """The table's bound (``--max-memory``): the oldest half goes when it outgrows it."""

    def win(self, st: E.EngineState) -> bool:
        """Whether the player to move in ``st`` wins with best play."""
        return self._win(self.canon(st) if self.canon is not None else st)

    def report(self) -> None:
        """Check the table's bound and tell the progress callback the nodes so far (a time limit
        raises there); the next report after :data:`PROGRESS_EVERY` more nodes or
        :data:`PROGRESS_MOVES` more moves listed, whichever comes first."""
        self._next_report = self.nodes + PROGRESS_EVERY
        self._next_listed = self.listed + PROGRESS_MOVES
        self.budget.check((self.tt,))
        if self.options.progress is not None:
            self.options.progress(self.nodes)

    def _win(self, st: E.EngineState) -> bool:
        hit = self.tt.get(st)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes >= self._next_report or self.listed >= self._next_listed:
            self.report()
        if self.options.max_nodes is not None and self.nodes > self.options.max_nodes:
            raise SearchLimit(f"node budget of {self.options.max_nodes} exhausted")
        w = E.winner(st)
        if w is not None:
            value = w[0] == st[2]
            self.tt[st] = value
            return value
        if st in self._path:
            raise RuntimeError("fools-and-angels endgame: a position repeated (the model says it cannot)")
        self._path.add(st)
        try:
            value = self._search(st)
        finally:
            self._path.discard(st)
        self.tt[st] = value
        return value

    def _search(self, st: E.EngineState) -> bool:
        p = st[2]
        moves = E.legal_moves(st)
        self.listed += len(moves)
        if len(moves) > 1:
            moves = sorted(moves, key=_hand_after(st))
        canon = self.canon
        seen: set[Any] = set()
        for m in moves:
            c = E.apply(st, m)
            if canon is not None:
                c = canon(c)
                if c in seen:
                    continue
                seen.add(c)
            if self._win(c) == (c[2] == p):
                return True
        return False

    def value_of_move(self, st: E.EngineState, move: E.Move) -> bool:
        """Whether ``move`` wins for the player to move in ``st``."""
        c = E.apply(st, move)
        return self.win(c) == (c[2] == st[2])

    def principal_variation(self, st: E.EngineState, limit: int = 400) -> list[str]:
        """Best play from ``st``: at each position the side to move plays a move of the
        position's value (a winning move when it wins; when it loses every move loses), the
        one leaving its hand smallest, ties in engine order."""
        pv: list[str] = []
        while E.winner(st) is None and len(pv) < limit:
            moves = list(E.legal_moves(st))
            want = self.win(st)
            best = None
            for m in sorted(moves, key=_hand_after(st)):
                if self.value_of_move(st, m) == want:
                    best = m
                    break
            assert best is not None
            pv.append(E.ENGINE.move_text(st, best))
            st = E.apply(st, best)
        return pv


def _hand_after(st: E.EngineState) -> Any:
    """Move-ordering key: how many cards the mover holds after the move (fewest first),
    computed from the move without applying it."""
    n = st[3 + st[2]].bit_count()
    attack = st[8]

    def key(m: E.Move) -> int:
        kind = m[0]
        if kind == E.ATTACK:
            return n - m[1].bit_count()
        if kind == E.DEFEND:
            taken = 0 if m[1] == E.T_WHOLE else attack & ~(E.RED_PIPS if m[1] == E.T_RED else E.BLACK_PIPS)
            return n - m[2].bit_count() + taken.bit_count()
        if kind == E.SURRENDER:
            return n + attack.bit_count()
        if kind == E.DISCARD:
            return n - 1
        return n

    return key


def is_endgame(state: S.State) -> bool:
    """Both private stocks and the pool are empty."""
    return not state.stocks[0] and not state.stocks[1] and not state.pool


OPTIONS: dict[str, str] = {
    "stock_order_known": SHARED_OPTIONS["stock_order_known"] + " (the private stocks and the pool; was known_stocks)",
    "pv": SHARED_OPTIONS["pv"],
}

OPTION_DEFAULTS: dict[str, Any] = {"pv": True, "stock_order_known": False}
"""The defaults of :data:`OPTIONS` that depend neither on the position nor on other options, as
:func:`solve` reads them (the result store keys an option given at its default as the answer
without it: :attr:`foolsolve.games.base.GameInfo.solver_option_defaults`)."""
"""The Fools and Angels solver's options (``-o KEY=VALUE``; ``foolsolve rules fools-and-angels --solver``)."""


def _partial(st: E.EngineState, moves: list[MoveValue], won: list[str], open_bounds: list[MoveBound],
             solver: Solver, start: float) -> SolveResult:
    """What valuing the moves has proved so far: ``moves`` (the first of the root's moves), ``won``
    the winning ones among them, the others unfinished (``open_bounds``: every root move's bounds
    before it is valued, made once a solve: a big hand's thousands of moves cost no more a move
    valued than copying the list), the value where a move wins."""
    return SolveResult(S.META.name, st[2], WIN if won else None, list(moves), [], solver.nodes,
                       time.perf_counter() - start, best=list(won), unfinished=open_bounds[len(moves):])


def _root(st: E.EngineState, solver: Solver) -> tuple[list[E.Move], list[str]]:
    """The legal moves of ``st`` in the spec's order (the spec lists them sorted by the key that
    :func:`E.sort_key` reads off an engine move) and their texts, as the engine lists them (a
    fraction of the spec's time at a big hand), :data:`ROOT_CHUNK` moves at a time, the progress
    callback told between two chunks (a time limit past stops there)."""
    listed = E.legal_moves(st)
    keys: list[Any] = []
    for i in range(0, len(listed), ROOT_CHUNK):
        if i:
            solver.report()
        keys += [E.sort_key(m) for m in listed[i:i + ROOT_CHUNK]]
    moves = [listed[i] for i in sorted(range(len(listed)), key=keys.__getitem__)]
    texts: list[str] = []
    for i in range(0, len(moves), ROOT_CHUNK):
        solver.report()
        texts += [E.ENGINE.move_text(st, m) for m in moves[i:i + ROOT_CHUNK]]
    return moves, texts


def check_options(options: SolveOptions) -> None:
    """Every option's name and value, whatever the position (:func:`solve` checks them first; the
    command line checks them before any search, :func:`foolsolve.solver.open_hand.check_options`)."""
    check_extra(options, tuple(OPTIONS), "Fools and Angels")
    bool_option(options, "stock_order_known", False)
    bool_option(options, "pv", True)


KNOWN_STOCKS_NOTE = "solved with every stock's order known (stock_order_known)"
"""The note of an answer solved with cards left in the stocks, their order taken as known."""
UNUSED_KNOWN_NOTE = "not applied: -o stock_order_known (every stock is empty: no stock order to take as known)"
"""The note of an answer asked with ``stock_order_known`` where every stock is empty."""


def method_text(result: SolveResult, extra: dict[str, Any]) -> str:
    """The method of one of :func:`solve`'s answers in words (the registry's ``solver_method``)."""
    where = ("the position with every stock's order taken as known to both players (stock_order_known)"
             if KNOWN_STOCKS_NOTE in result.notes else "the endgame, where every stock is empty and both hands are known")
    return (f"Fools and Angels endgame solver: exact negamax search with win/loss values and a transposition table "
            f"over {where} (win or loss for the side to move)")


def rules_refusal(rules: S.Rules) -> str | None:
    """Why this solver refuses every position under ``rules``: the rule options it does not play
    (``None``: it plays them all). The solver's tests draw every option of the rules and hold the
    solver to minimax over the spec wherever this says ``None``, and to a refusal elsewhere."""
    return None


def solve(state: S.State, options: SolveOptions | None = None) -> SolveResult:
    """Exact win/loss for the side to move, the value of every move and a principal variation.

    The position must be an endgame (both private stocks and the pool empty), where the
    game is of perfect information. ``options.extra["stock_order_known"] = True`` solves any
    position as the deterministic game it is once the stock order is fixed (as if both
    players knew every stock's order); ``pv=false`` skips the principal variation."""
    options = options or SolveOptions()
    check_options(options)
    known_stocks = bool_option(options, "stock_order_known", False)
    want_pv = bool_option(options, "pv", True)
    refusal = rules_refusal(state.rules)
    if refusal is not None:
        raise NotCovered(f"rules: {refusal}")
    # a finished game is answered with its result (below) whatever its stocks still hold
    if not is_endgame(state) and not known_stocks and S.SPEC.result(state) is None:
        raise NotCovered("stocks: the endgame solver needs both private stocks and the pool empty "
                          f"(perfect information); set the solver option stock_order_known ({option_name('-o')} "
                          "stock_order_known=true) "
                          "to solve with the stock order known")
    start = time.perf_counter()
    st = E.ENGINE.from_spec(state)
    solver = Solver(options, Canon(st[0]) if is_endgame(state) else None)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    try:
        res = E.winner(st)
        if res is not None:
            value = WIN if res[0] == st[2] else LOSS
            return SolveResult(S.META.name, st[2], value, [], [], 1, time.perf_counter() - start,
                               notes=[f"game over: player {res[0]} wins ({res[1]})"])
        moves: list[MoveValue] = []
        won: list[str] = []
        # a time limit past before the root's moves are named (the caller's reading of the position counts
        # in it too) stops the solve with nothing to say of them: no partial answer
        solver.report()
        root, texts = _root(st, solver)
        open_bounds = [MoveBound(text, LOSS, WIN) for text in texts]
        try:
            solver.report()
            for move, text in zip(root, texts):
                moves.append(MoveValue(text, WIN if solver.value_of_move(st, move) else LOSS))
                if moves[-1].value == WIN:
                    won.append(text)
                if options.proved is not None:
                    options.proved(_partial(st, moves, won, open_bounds, solver, start))
        except (SearchLimit, KeyboardInterrupt) as exc:  # keep the moves valued: a win proves the value
            raise with_partial(exc, _partial(st, moves, won, open_bounds, solver, start)) from None
        value = WIN if any(m.value == WIN for m in moves) else LOSS
        pv = solver.principal_variation(st) if want_pv else []
    finally:
        sys.setrecursionlimit(limit)
    notes = ([UNUSED_KNOWN_NOTE] if known_stocks else []) if is_endgame(state) else [KNOWN_STOCKS_NOTE]
    return SolveResult(S.META.name, st[2], value, moves, pv, solver.nodes, time.perf_counter() - start,
                       best=[m.move for m in moves if m.value == value], notes=notes)
