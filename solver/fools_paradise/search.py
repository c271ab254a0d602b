"""Exact Fool's Paradise endgames: alpha-beta with a transposition table over the engine.

Once the draw pile is empty every card's place is known to a player who counts cards, so
the rest of the game is a perfect-information game. (A position whose stock order is given
in full is solved the same way, taking that order as known to both players, only when the
caller asks for it with ``SolveOptions.extra["stock_order_known"]``; a stock of unknown
order is refused.)

Solution concepts
-----------------
* **Two players** (plain minimax): the value of a position for the player to move, ``R``,
  is ``final score(R) - final score(other)`` under best play by both (scores include the
  points already banked). That is exactly what :func:`foolsolve.solver.minimax.value_for`
  computes on the spec, which the tests check.
* **Three or more players** (``concept = "paranoid"``): ``R`` maximises
  ``U = final score(R) - max over the other players j of final score(j)`` and every other
  player is assumed to play to *minimise* ``U`` (they act as one coalition against ``R``).
  With two players ``U`` is the two-player value above.
* **A player's own score** (option ``goal=score``, any number of players; option ``player``
  names her, default the player to move): ``P`` maximises her own final score and every other
  player plays to minimise it (paranoid, on the payoff scale of the game's results). This is
  the question an answer from one seat asks of each world (:mod:`foolsolve.solver.open_hand`,
  ``GameInfo.paranoid_options``).

Search
------
The search runs on a suit-free copy of the game (:class:`RankState`: count vectors of
ranks, on the engine's count-vector layer; defined here, the solver being its only user).
Suits play no part in collecting (000 §Collecting Cards), and none in the scores of the
``card_points`` choices there are: both read the rank only. The text does give suits a part
in its lost point values ("only in point value (discussed later)"), so this rests on the
choices being suit-blind reconstructions, which
``tests/fools_paradise/test_rules.py::test_swapping_suits_between_piles_never_changes_a_score``
holds every choice to: a point table that reads suits would need suits back in the key. Then
two positions that differ only in suits have the same value, and one suit-free move stands
for all the card-level moves that take the same ranks. Fail-soft alpha-beta, moves ordered by the points they bank at
once (the transposition-table move first); the table stores lower/upper bounds on the
part of the value that does not depend on the scores already banked (two players), or on
the value itself keyed with the score offsets (paranoid), or on the part of ``P``'s own score
still to be banked (``goal=score``: what a player banks from a position never depends on the
scores already banked, so the key leaves them out and the offset is ``P``'s banked score).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Hashable
from typing import Any, NamedTuple

from foolsolve.engines.fools_paradise import ENGINE, RANKS, EMove, EngineRules, EngineState, decode
from foolsolve.errors import OptionError, option_name
from foolsolve.rules import json_shown
from foolsolve.solver.base import (
    SHARED_OPTIONS,
    MoveBound,
    MoveValue,
    NotCovered,
    SearchLimit,
    SolveOptions,
    SolveResult,
    TableBudget,
    bool_option,
    bounds_after,
    check_extra,
    int_option,
    with_partial,
)
from foolsolve.spec.fools_paradise import CENTRE_SIZE, CLEAR_POINTS, SPEC, Rules, State

INF = 10**9
PROGRESS_EVERY = 1024
"""Nodes between two progress callbacks, through which a time limit stops the solve (and the
tables' bound is checked): a node costs some 40 µs, so 10,000 (the old count) were 0.4 s past
``--time``; 1,024 are some 40 ms."""
ENTRY_BYTES = 400
"""Bytes a transposition-table entry takes (key tuple, bounds, best move; measured on the worked
example), for the ``--max-memory`` budget."""

RankMove = tuple[int, int]


# --- the suit-free game --------------------------------------------------------------------


class RankState(NamedTuple):
    """A position with suits forgotten: count vectors (:meth:`EngineRules.counts`) for hands and centre,
    the stock as a tuple of ranks in draw order with a read pointer, scores so far. Sound only while
    every ``card_points`` choice is suit-blind (module docstring, "Search")."""

    hands: tuple[int, ...]
    centre: int
    stock: tuple[int, ...]
    sp: int
    to_move: int
    scores: tuple[int, ...]
    over: bool = False


def rank_state(state: EngineState) -> RankState:
    """The :class:`RankState` of an engine position with a known stock and nothing pending."""
    if not state.known and state.stock_mask:
        raise ValueError("the stock order is unknown")
    if state.pending is not None:
        raise ValueError("a chance draw is pending")
    ctx = state.ctx
    stock = tuple(ctx.rank_of[i] for i in state.stock[state.sp:]) if state.known else ()
    return RankState(tuple(ctx.counts(h) for h in state.hands), ctx.counts(state.centre), stock, 0,
                     state.to_move, state.scores, state.terminal())


def rank_move(state: EngineState, move: EMove) -> RankMove:
    """The suit-free class of an engine move: ``(rank, vec)``; ``vec == 0`` is a lay."""
    ctx = state.ctx
    a, b = decode(move)
    return (ctx.rank_of[a], ctx.counts(b) if b else 0)


def rank_moves(ctx: EngineRules, st: RankState) -> list[RankMove]:
    """Moves of a :class:`RankState`: ``(rank, vec)``; ``vec == 0`` is a lay."""
    hand = st.hands[st.to_move]
    out: list[RankMove] = []
    for r in RANKS:
        if (hand >> ctx.shift[r]) & ctx.field_mask:
            for vec in ctx.vectors(st.centre, r):
                out.append((r, vec))
            out.append((r, 0))
    return out


def rank_apply(ctx: EngineRules, st: RankState, move: RankMove) -> RankState:
    """The successor of a :class:`RankState` (the same rules as the card-level engine)."""
    r, vec = move
    p = st.to_move
    unit = ctx.unit[r]
    hands = list(st.hands)
    hands[p] -= unit
    centre = st.centre
    scores = list(st.scores)
    cleared = False
    if vec == 0:
        centre += unit
    else:
        centre -= vec
        gain = ctx.vec_points(vec)
        if ctx.collected:
            gain += ctx.rank_pts[r]
        if centre == 0:
            cleared = True
            gain += CLEAR_POINTS
        if not ctx.collected:
            centre += unit
        scores[p] += gain
    sp = st.sp
    stock = st.stock
    if sp < len(stock):
        hands[p] += ctx.unit[stock[sp]]
        sp += 1
    if cleared:
        end = min(sp + CENTRE_SIZE, len(stock))
        for i in range(sp, end):
            centre += ctx.unit[stock[i]]
        sp = end
    n = len(hands)
    for i in range(1, n + 1):
        q = (p + i) % n
        if hands[q]:
            return RankState(tuple(hands), centre, stock, sp, q, tuple(scores))
    if centre:
        scores[p] += ctx.vec_points(centre) + (CLEAR_POINTS if ctx.sweep_clear else 0)
    return RankState(tuple(hands), 0, stock, sp, p, tuple(scores), True)


def rank_moves_by_gain(ctx: EngineRules, st: RankState) -> list[tuple[int, RankMove]]:
    """``(points banked at once, move)`` for every move of a :class:`RankState`."""
    hand = st.hands[st.to_move]
    centre = st.centre
    out: list[tuple[int, RankMove]] = []
    collected = ctx.collected
    vec_points = ctx.vec_points
    for r in RANKS:
        if (hand >> ctx.shift[r]) & ctx.field_mask:
            own = ctx.rank_pts[r] if collected else 0
            for vec in ctx.vectors(centre, r):
                out.append((vec_points(vec) + own + (CLEAR_POINTS if vec == centre else 0), (r, vec)))
            out.append((0, (r, 0)))
    return out


def _neg_gain(item: tuple[int, RankMove]) -> int:
    return -item[0]


class Solver:
    """Alpha-beta over :class:`RankState` for a fixed root player (see the module doc)."""

    def __init__(self, ctx: EngineRules, root: int, players: int, options: SolveOptions | None = None,
                 own: bool = False) -> None:
        self.ctx = ctx
        self.root = root
        self.players = players
        self.own = own
        """``goal=score``: the value is the root player's own final score (the others minimising it),
        not ``U``."""
        self.options = options or SolveOptions()
        self.tt: dict[Hashable, tuple[int, int, RankMove | None]] = {}
        self._rem: dict[tuple[int, int, int], int] = {}
        self._cards: dict[int, int] = {}
        self.budget = TableBudget(self.options, ENTRY_BYTES)
        """The tables' bound (``--max-memory``): the oldest half goes when they outgrow it."""
        self.nodes = 0
        self._next_progress = PROGRESS_EVERY

    # -- values --

    def terminal_value(self, st: RankState) -> int:
        """``U`` of a finished game for the root player (``goal=score``: her final score)."""
        s = st.scores
        r = self.root
        if self.own:
            return s[r]
        return s[r] - max(s[j] for j in range(self.players) if j != r)

    def here(self, st: RankState) -> tuple[int, int]:
        """Bounds on the value proved without searching ``st``: nobody banks more than the points still in
        play (:meth:`remaining`), and a score never falls."""
        sc = st.scores
        rem = self.remaining(st)
        if self.own:
            return sc[self.root], sc[self.root] + rem
        here = sc[self.root] - max(x for j, x in enumerate(sc) if j != self.root)
        return here - rem, here + rem

    def remaining(self, st: RankState) -> int:
        """An upper bound on the points anyone can still bank from ``st``: every card in the
        hands, the centre and the stock, one clear per card still to be played, one more for
        the sweep."""
        hands = sum(st.hands)
        key = (hands, st.centre, st.sp)
        hit = self._rem.get(key)
        if hit is None:
            ctx = self.ctx
            stock = st.stock[st.sp:]
            cards = self._cards.get(hands)  # (the cards in the hands: many positions share them)
            if cards is None:
                cards = self._cards[hands] = sum(ctx.count(hands, r) for r in ctx.rank_pts)
            hit = ctx.vec_points(hands + st.centre) + sum(ctx.rank_pts[r] for r in stock) \
                + CLEAR_POINTS * (cards + len(stock) + 1)
            self._rem[key] = hit
        return hit

    def _key(self, st: RankState) -> tuple[Hashable, int]:
        """Table key and the offset ``off``: values are stored as ``U - off``.

        Two players: ``U = (s_R - s_O) + (future difference)``, so the key leaves the scores
        out and ``off = s_R - s_O``. Paranoid: with ``d_j = s_j - s_R`` and ``m = max d_j``,
        ``U + m = g_R - max_j (d_j - m + g_j)`` (``g`` = points banked from here on), so only
        the offsets ``d_j - m`` matter, and an opponent with ``d_j - m <= -remaining`` can
        never be the best other player (the leader's ``g`` is at least 0): it is left out.
        ``goal=score``: the value is ``s_P`` plus what ``P`` banks from here on, which no banked
        score changes, so ``off = s_P``."""
        s = st.scores
        if self.own:
            return (st.hands, st.centre, st.sp, st.to_move), s[self.root]
        if self.players == 2:
            return (st.hands, st.centre, st.sp, st.to_move), s[self.root] - s[1 - self.root]
        base = s[self.root]
        ds = [x - base for j, x in enumerate(s) if j != self.root]
        m = max(ds)
        rem = self.remaining(st)
        rel = tuple(d - m if d - m > -rem else None for d in ds)
        return (st.hands, st.centre, st.sp, st.to_move, rel), -m

    def ordered_moves(self, st: RankState, first: RankMove | None = None) -> list[RankMove]:
        """Moves, the biggest immediate gain for the mover first."""
        scored = rank_moves_by_gain(self.ctx, st)
        scored.sort(key=_neg_gain)
        moves = [m for _, m in scored]
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def search(self, st: RankState, alpha: int = -INF, beta: int = INF) -> int:
        """Fail-soft alpha-beta value of ``U`` (exact when it lies strictly inside the window)."""
        self.nodes += 1
        if self.nodes >= self._next_progress:
            self._next_progress += PROGRESS_EVERY
            self.budget.check((self.tt, self._rem, self._cards))
            if self.options.progress is not None:
                self.options.progress(self.nodes)
        if self.options.max_nodes is not None and self.nodes > self.options.max_nodes:
            raise SearchLimit(f"node limit {self.options.max_nodes} reached")
        if st.over:
            return self.terminal_value(st)
        key, off = self._key(st)
        entry = self.tt.get(key)
        if entry is None:
            # static bounds: nobody banks more than the points still in play
            low, high = self.here(st)
            if high <= alpha:
                return high
            if low >= beta:
                return low
        best_move: RankMove | None = None
        if entry is not None:
            lo, up, best_move = entry
            lo += off
            up += off
            if lo == up or lo >= beta:
                return lo
            if up <= alpha:
                return up
            alpha = max(alpha, lo)
            beta = min(beta, up)
        a0, b0 = alpha, beta
        ctx = self.ctx
        maximising = st.to_move == self.root
        best = -INF if maximising else INF
        for m in self.ordered_moves(st, best_move):
            v = self.search(rank_apply(ctx, st, m), alpha, beta)
            if maximising:
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, best_move = v, m
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        lo, up = -INF, INF
        if entry is not None:
            lo, up = entry[0] + off, entry[1] + off
        lo, up = bounds_after(lo, up, best, a0, b0)
        self.tt[key] = (lo - off if lo > -INF else -INF, up - off if up < INF else INF, best_move)
        return best

    def exact(self, st: RankState) -> int:
        """The exact value of ``U``."""
        return self.search(st, -INF, INF)

    def bounds(self, st: RankState) -> tuple[int, int]:
        """Bounds on ``U`` at ``st`` proved without searching it: nobody banks more than the points
        still in play (:meth:`remaining`), narrowed by the table's entry where it holds one."""
        if st.over:
            v = self.terminal_value(st)
            return v, v
        lo, up = self.here(st)
        key, off = self._key(st)
        entry = self.tt.get(key)
        if entry is not None:
            if entry[0] > -INF:
                lo = max(lo, entry[0] + off)
            if entry[1] < INF:
                up = min(up, entry[1] + off)
        return lo, up


PV_LIMIT = 200
"""Plies of principal variation unless the ``pv_limit`` option says otherwise."""


GOALS = ("difference", "score")
"""What the solver values (option ``goal``; module docstring, "Solution concepts")."""

OPTIONS: dict[str, str] = {
    "goal": "difference|score: what is valued (default difference: the final score difference for the side to "
            "move, with three or more players her final score minus the best other's, paranoid; score: player P's "
            "own final score, all the others together minimising it, paranoid with any number of players)",
    "player": "goal=score: the player P whose own final score is valued (default: the side to move)",
    "stock_order_known": SHARED_OPTIONS["stock_order_known"],
    "pv": SHARED_OPTIONS["pv"],
    "pv_limit": f"the principal variation's longest length in moves (default {PV_LIMIT})",
}

OPTION_DEFAULTS: dict[str, Any] = {"pv": True, "stock_order_known": False, "pv_limit": PV_LIMIT, "goal": "difference"}
"""The defaults of :data:`OPTIONS` that depend neither on the position nor on other options, as
:func:`solve` reads them (the result store keys an option given at its default as the answer
without it: :attr:`foolsolve.games.base.GameInfo.solver_option_defaults`)."""
"""The Fool's Paradise solver's options (``-o KEY=VALUE``; ``foolsolve rules fools-paradise --solver``)."""


def check_options(options: SolveOptions) -> None:
    """Every option's name and value, whatever the position (the solver checks them first; the
    command line checks them before any search, :func:`foolsolve.solver.open_hand.check_options`)."""
    check_extra(options, tuple(OPTIONS), "Fool's Paradise")
    bool_option(options, "stock_order_known", False)
    bool_option(options, "pv", True)
    int_option(options, "pv_limit", PV_LIMIT)
    goal = options.extra.get("goal", "difference")
    if goal not in GOALS:
        raise OptionError(f"{option_name('option')} goal: {json_shown(goal)} is not one of {', '.join(GOALS)}")
    if "player" in options.extra:  # (read by the open-hand search too: only solve asks for goal=score with it)
        int_option(options, "player", 0)


def rules_refusal(rules: Rules) -> str | None:
    """Why this solver refuses every position under ``rules``: the rule options it does not play
    (``None``: it plays them all). The solver's tests draw every option of the rules and hold the
    solver to minimax over the spec wherever this says ``None``, and to a refusal elsewhere."""
    return None


def _check(state: State, options: SolveOptions | None) -> tuple[int, int | None]:
    """Refuse what the solver cannot answer, and every bad option, before any search; returns
    the principal variation's length limit and the player whose own score is valued (``goal=score``;
    ``None``: the score difference)."""
    known = False
    pv_limit = PV_LIMIT
    player: int | None = None
    if options is not None:
        check_options(options)
        known = bool_option(options, "stock_order_known", False)
        pv_limit = int_option(options, "pv_limit", PV_LIMIT) if bool_option(options, "pv", True) else 0
        if options.extra.get("goal", "difference") == "score":
            player = int_option(options, "player", state.to_move)
            if player >= state.players:
                raise OptionError(f"{option_name('option')} player: player {player} is not a player of this position "
                                  f"({state.players} players)")
    # valid positions outside the solver's domain: NotCovered (the open-hand search or the mover's seat answers)
    refusal = rules_refusal(state.rules)
    if refusal is not None:
        raise NotCovered(f"rules: {refusal}")
    if state.pending is not None:
        raise NotCovered("pending: the position waits for a chance draw; the endgame solver needs a settled position")
    if state.stock and not state.stock_known:
        raise NotCovered(f"stock_size: the endgame solver needs an empty draw pile; "
                         f"{len(state.stock)} cards of unknown order are left")
    if state.stock and not known:
        raise NotCovered(f"stock: the endgame solver needs an empty draw pile ({len(state.stock)} cards left); "
                         f"to solve with the listed draw order taken as known, set the solver option "
                         f"stock_order_known")
    return pv_limit, player


def _class_moves(e: EngineState) -> dict[RankMove, list[EMove]]:
    out: dict[RankMove, list[EMove]] = {}
    for em in ENGINE.legal_moves(e):
        out.setdefault(rank_move(e, em), []).append(em)
    return out


UNUSED_KNOWN_NOTE = "not applied: -o stock_order_known (the draw pile is empty: no draw order to take as known)"
"""The note of an answer asked with ``stock_order_known`` where the draw pile is empty."""
UNUSED_PLAYER_NOTE = ("not applied to the exact solver's answer: -o player (it values the final score difference for "
                      "the side to move; -o goal=score values the named player's own final score)")
"""The note of an answer asked with ``player`` but not ``goal=score``."""
KNOWN_STOCK_NOTE = "stock is taken in the listed draw order"
"""How the note of an answer solved with a stock of known order ends (``stock_order_known``)."""


def method_text(result: SolveResult, extra: dict[str, Any]) -> str:
    """The method of one of :func:`solve`'s answers in words (the registry's ``solver_method``):
    two players (minimax) or paranoid."""
    where = ("the position with the listed draw order taken as known to both players (stock_order_known)"
             if any(n.endswith(KNOWN_STOCK_NOTE) for n in result.notes)
             else "the endgame, where the draw pile is empty and every card's place is known")
    if result.value_kind == "payoff":
        player = extra.get("player", result.to_move)
        return (f"Fool's Paradise endgame solver: exact paranoid alpha-beta search with a transposition table over "
                f"{where}: player {player}'s own final score, she maximising it and all the others together "
                "minimising it")
    if result.concept == "paranoid":
        return (f"Fool's Paradise endgame solver: exact paranoid alpha-beta search with a transposition table over "
                f"{where}: the player to move maximises her final score minus the best other final score, all the "
                "others together minimising it")
    return (f"Fool's Paradise endgame solver: exact alpha-beta search with a transposition table over {where} "
            "(minimax on the final score difference for the side to move)")


def solve(state: State, options: SolveOptions) -> SolveResult:
    """Exact endgame value, every move's value, the best moves and a principal variation.

    ``value`` is a number: the final score difference for the player to move (two players),
    or the paranoid value ``U`` (three or more players; ``concept == "paranoid"``); under
    ``goal=score`` player P's own final score (``value_kind`` ``payoff``, paranoid, every move
    valued for P: the best move is the one the side to move, P or one of the others minimising
    her score, takes). ``options.extra``: ``pv_limit`` (plies of principal variation, default
    200); ``stock_order_known`` (solve a position whose stock is not empty, taking the listed
    draw order as known to both players; refused otherwise); ``goal``, ``player``."""
    pv_limit, player = _check(state, options)
    t0 = time.perf_counter()
    n = state.players
    own = player is not None
    root = state.to_move if player is None else player
    concept = "paranoid" if own or n > 2 else None
    kind = "payoff" if own else "score"
    whose = None if player is None or player == state.to_move else player
    notes: list[str] = []
    if state.stock:
        notes.append(f"the {len(state.stock)}-card {KNOWN_STOCK_NOTE}")
    elif options is not None and bool_option(options, "stock_order_known", False):
        notes.append(UNUSED_KNOWN_NOTE)
    if not own and options is not None and "player" in options.extra:  # (the open-hand search's option too)
        notes.append(UNUSED_PLAYER_NOTE)
    if own:
        notes.append(f"paranoid: player {root} maximises her own final score; every other player plays to minimise it; "
                     f"every value is player {root}'s final score")
    elif concept:
        notes.append("paranoid: the player to move maximises own final score minus the best other final score; "
                     "every other player plays to minimise that")
    e = ENGINE.from_spec(state)
    rs = rank_state(e)
    search = Solver(e.ctx, root, n, options, own=own)
    sign = 1 if state.to_move == root else -1  # the side to move maximises the value (1) or minimises it (-1)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        if rs.over:
            value = search.terminal_value(rs)
            return SolveResult(SPEC.name, state.to_move, value, [], [], 0, time.perf_counter() - t0, [], concept, notes,
                               value_kind=kind, player=whose)
        classes = _class_moves(e)
        texts = {cls: [(SPEC.move_sort_key(sm), str(sm)) for sm in (ENGINE.move_to_spec(e, em) for em in ems)]
                 for cls, ems in classes.items()}
        class_value: dict[RankMove, int] = {}
        proved: dict[RankMove, tuple[int, int]] = {}  # bounds the plan's null-window searches proved

        def partial() -> SolveResult:
            return _partial(search, rs, texts, class_value, proved, concept, notes, time.perf_counter() - t0, sign, kind,
                            whose)

        def child(cls: RankMove) -> RankState:
            return rank_apply(e.ctx, rs, cls)

        def valued(cls: RankMove, v: int) -> None:
            class_value[cls] = v
            if options.proved is not None:
                options.proved(partial())

        # the value and a best move first, then every other move's value (as Durak's solver): the
        # biggest immediate gain valued first, each other move then shown to be worth no more to the
        # side to move by a null-window search (or, worth more, valued and the best so far); what a
        # limit or Ctrl-C stops keeps the moves valued, the bounds proved and the value once it is proved
        order = [c for c in search.ordered_moves(rs) if c in classes]
        order += [c for c in classes if c not in order]
        try:
            top = search.exact(child(order[0]))
            valued(order[0], top)
            for cls in order[1:]:
                if sign > 0:
                    r = search.search(child(cls), top, top + 1)
                    no_better, bound = r <= top, (-INF, r)
                else:
                    r = search.search(child(cls), top - 1, top)
                    no_better, bound = r >= top, (r, INF)
                if no_better:
                    proved[cls] = bound
                    if options.proved is not None:
                        options.proved(partial())
                else:
                    top = search.exact(child(cls))
                    valued(cls, top)
            for cls in order:
                if cls not in class_value:
                    valued(cls, search.exact(child(cls)))
            pv = _principal_variation(e, search, pv_limit)
        except (SearchLimit, KeyboardInterrupt) as exc:
            raise with_partial(exc, partial()) from None
        value = max(class_value.values()) if sign > 0 else min(class_value.values())
        rows = sorted(((class_value[cls], key, text) for cls in classes for key, text in texts[cls]),
                      key=lambda r: (-sign * r[0], r[1]))
        moves = [MoveValue(text, v) for v, _, text in rows]
        best = [text for v, _, text in rows if v == value]
    finally:
        sys.setrecursionlimit(limit)
    return SolveResult(SPEC.name, state.to_move, value, moves, pv, search.nodes, time.perf_counter() - t0, best,
                       concept, notes, value_kind=kind, player=whose)


def _partial(search: Solver, rs: RankState, texts: dict[RankMove, list[tuple[Any, str]]],
             class_value: dict[RankMove, int], proved: dict[RankMove, tuple[int, int]], concept: str | None,
             notes: list[str], seconds: float, sign: int = 1, kind: str = "score",
             whose: int | None = None) -> SolveResult:
    """What the solve has proved so far (``SearchLimit.partial``): every move of a class valued, with
    its value; the others unfinished, with the bounds proved: ``proved`` (the solve's null-window
    searches), narrowed by those known without searching (:meth:`Solver.bounds`); the position's
    value where the best move valued is worth at least every unfinished move's bound to the side to
    move (``sign``: 1 where she maximises the value, -1 where she minimises it), else ``None``; the
    best moves among those valued; no principal variation."""
    rows: list[tuple[int, Any, str]] = []
    left: list[tuple[Any, MoveBound]] = []
    ceiling = -INF  # the best an unfinished move may be worth to the side to move, times sign
    for cls, moves in texts.items():
        lo, up = search.bounds(rank_apply(search.ctx, rs, cls)) if cls not in class_value else (0, 0)
        if cls in proved:
            lo, up = max(lo, proved[cls][0]), min(up, proved[cls][1])
        value = class_value.get(cls, lo if lo == up else None)
        if value is not None:
            rows.extend((value, key, text) for key, text in moves)
            continue
        ceiling = max(ceiling, up if sign > 0 else -lo)
        left.extend((key, MoveBound(text, lo, up)) for key, text in moves)
    rows.sort(key=lambda r: (-sign * r[0], r[1]))
    left.sort(key=lambda r: r[0])
    top = rows[0][0] if rows else None
    value = top if top is not None and sign * top >= ceiling else None
    return SolveResult(SPEC.name, rs.to_move, value,
                       [MoveValue(text, v) for v, _, text in rows], [], search.nodes, seconds,
                       [text for v, _, text in rows if v == value] if value is not None else [], concept, list(notes),
                       value_kind=kind, unfinished=[b for _, b in left], player=whose)


def _principal_variation(e: EngineState, search: Solver, limit: int) -> list[str]:
    """Best play from ``e``: each step the move whose exact value is best for its mover
    (max for the root player, min for the others), first in move order on ties."""
    pv: list[str] = []
    while not e.terminal() and len(pv) < limit:
        rs = rank_state(e)
        classes = _class_moves(e)
        maximising = rs.to_move == search.root
        best_cls = None
        best_v = 0
        for cls in search.ordered_moves(rs):
            v = search.exact(rank_apply(search.ctx, rs, cls))
            if best_cls is None or (v > best_v if maximising else v < best_v):
                best_cls, best_v = cls, v
        assert best_cls is not None
        em = min(classes[best_cls], key=lambda m: SPEC.move_sort_key(ENGINE.move_to_spec(e, m)))
        pv.append(str(ENGINE.move_to_spec(e, em)))
        e = ENGINE.apply(e, em)
    return pv


def endgame_value(state: State, options: SolveOptions | None = None) -> int:
    """Only the value (for sweeps): ``U`` for the player to move (``goal=score``: player P's final score)."""
    _, player = _check(state, options)
    e = ENGINE.from_spec(state)
    rs = rank_state(e)
    search = Solver(e.ctx, state.to_move if player is None else player, state.players, options, own=player is not None)
    return search.terminal_value(rs) if rs.over else search.exact(rs)
