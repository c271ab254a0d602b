"""Foolery open-hand solvers, on the engine (``engines/foolery.py``).

Once only two players hold cards, every other card is played or set aside, so each knows
the other's hand and the rest of the round is a two-player game of perfect information. The
two remaining places are decided by who goes out first: the first takes the better one. (A
player stuck with only the Fool takes the Peasant's place, the last one: the same as going out
second.) So the value for the side to move is ``win`` (goes out first) or ``loss``.

With three or more players still holding cards and every hand known ("double dummy", as
bridge solvers say) two concepts are offered, and the output names the one used
(``SolveResult.concept``):

* ``paranoid``: can player ``P`` (default: the side to move) force going out first, taking
  the best place still free, against all the others playing together against them? ``win``
  or ``loss`` for ``P``, every move valued for ``P``. With ``goal=place`` (any number of
  players in play): the best place ``P`` can make sure of against them, valued by its payoff
  (the open-hand search's paranoid value: :mod:`foolsolve.solver.open_hand` answers a world
  with it); found by asking the win/loss question of each free place in turn, "can ``P``
  finish there or better".
* ``max-n``: every player maximises their own payoff (option ``payoffs``; by default King +2
  ... Peasant -2); a player
  with several equally good moves takes the first in the spec's move order (fewer cards
  first, then lower card indices, ``pass`` last): the tie rule. The value is the side to
  move's payoff; the notes give the whole finishing order of the principal line.

Search: depth-first with a transposition table. For the binary concepts (two players, and
paranoid) it is alpha-beta on a win/loss value (a node of ``P`` is won as soon as one move
wins, a node of the others lost as soon as one move refutes), decided as soon as any player
in play at the root takes a place (the first to go out decides it). Moves are tried with the
most cards first, the weakest first among plays of a size, ``pass`` last. Max-n stops at a
move that reaches the best title still free, and hands a position with two players left to
the win/loss search (max-n between two is minimax).

Reductions (``reduced=true``, the default): the table is keyed on the hands, the play to
beat (its combination and who made it), passes, the skip, places and the player to move; the
earlier plays of the trick and the cards set aside are left out, since no rule reads them
once the combination to beat is known. (With ``lead_after_out = "last_player"`` the lead after
a trick won by a player who went out goes to the last player of the trick still holding cards,
so the key then also holds who of those in play played in the trick, in the order of their last
plays: :func:`trail`.) Once no hand holds five cards of a suit, no flush can
ever be formed (hands only shrink) and suits no longer matter: hands are keyed by their
number of cards of each rank, and of several moves equal up to suits only the first is
searched (in the win/loss searches only: max-n's tie rule, the first move in the spec's order,
reads card indices and so suits, so max-n keys the hands with their suits and searches every
move). Ranks and trump numbers are renumbered in the key (:func:`canonical`): the values
some hand holds by their place in order, the play to beat by where it falls among them, and
adjacency kept only between ranks that can still be part of one hand's straight. So cards
that no other held card separates share table entries (rank equivalence, as in double-dummy
bridge solvers); not with ``straight_wrap`` or where five of a kind is possible, the two rules
that read a value otherwise. ``reduced=false`` keys on the engine's full key and searches
every move (the tests check both give the same answers); exhaustive minimax over the spec and
networkx retrograde analysis check the values on small positions.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from foolsolve.engines import foolery as E
from foolsolve.errors import OptionError, option_name
from foolsolve.rules import json_shown
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
    exact_number,
    int_option,
    with_partial,
)
from foolsolve.spec import foolery as S

CONCEPTS = ("paranoid", "max-n")
GOALS = ("first", "place")
"""What the paranoid concept asks (option ``goal``): going out first (win/loss), or the best place
the player can make sure of (its payoff)."""
PROGRESS_EVERY = 256
"""Nodes between two progress callbacks, through which a time limit stops the solve: a node of the
five-player example costs some 60 µs, so 20,000 of them (the old count) were over a second past
``--time``; 256 are some 15 ms."""
ENTRY_BYTES = 400
"""Bytes a transposition-table entry takes (key tuple, hands, value; measured on the five-player
example), for the ``--max-memory`` budget."""


def spec_order(move: int) -> tuple[int, int, tuple[int, ...]]:
    """The spec's move order for an engine move (plays by size then card indices; pass last)."""
    if move == 0:
        return (2, 0, ())
    return (0, move.bit_count(), tuple(b.bit_length() - 1 for b in E.bits(move)))


def flushless(hand: int) -> bool:
    """No suit of ``hand`` holds five cards: no flush can ever be formed from it (hands only
    shrink), so suits no longer matter to its plays (004 §Hands: "There is no order of suits";
    the classifier reads suits only for flushes)."""
    return ((hand & 0xFFFF).bit_count() < 5 and (hand >> 16 & 0xFFFF).bit_count() < 5
            and (hand >> 32 & 0xFFFF).bit_count() < 5 and (hand >> 48 & 0xFFFF).bit_count() < 5)


def rank_counts(mask: int) -> int:
    """A mask up to suits: the number of suit cards of each rank (three bit planes of 16 bits,
    by a bit-sliced adder of the four suit words) and the trumps (bits 48 and up)."""
    a, b, c, d = mask & 0xFFFF, (mask >> 16) & 0xFFFF, (mask >> 32) & 0xFFFF, (mask >> 48) & 0xFFFF
    s1, c1, s2, c2 = a ^ b, a & b, c ^ d, c & d
    carry = s1 & s2
    return (s1 ^ s2) | (c1 ^ c2 ^ carry) << 16 | ((c1 & c2) | ((c1 ^ c2) & carry)) << 32 | (mask >> 64) << 48


def search_order(move: int) -> tuple[int, int]:
    """The order moves are tried in the win/loss searches: the most cards first, then the
    weakest first (by the highest card: suit cards by rank, then the trumps, the Fool last of
    a size), ``pass`` last. (On six random 10v10 endgames, value only, without the suit
    reduction: median 22.6k nodes against 161k for the most cards first alone.)"""
    if move == 0:
        return (1, 0)
    top = move.bit_length() - 1
    return (-move.bit_count(), 100 if top == 64 else top if top > 64 else top & 15)


def _value_table(present: int, top: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For the values ``0..top`` and the bit mask ``present`` of values some hand holds: each
    present value's place in order (``1, 2, ...``; 0 for the absent ones), and every value's
    code against the present ones (``2 * place`` for a present value, ``2 * (present values
    below it) + 1`` for an absent one), which keeps its order and equality with each present
    value."""
    place = [0] * (top + 1)
    code = [0] * (top + 1)
    c = 0
    for v in range(1, top + 1):
        if present >> v & 1:
            c += 1
            place[v] = c
            code[v] = 2 * c
        else:
            code[v] = 2 * c + 1
    return tuple(place), tuple(code)


_VALUE_TABLES: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def value_table(present: int, top: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`_value_table`, cached (at most 50,000 tables: a 21-trump mask has 2^21 subsets)."""
    hit = _VALUE_TABLES.get((present, top))
    if hit is None:
        if len(_VALUE_TABLES) > 50_000:
            _VALUE_TABLES.clear()
        hit = _VALUE_TABLES[(present, top)] = _value_table(present, top)
    return hit


def _relabel(word: int, vmap: tuple[int, ...]) -> int:
    out = 0
    while word:
        low = word & -word
        word ^= low
        out |= 1 << vmap[low.bit_length() - 1]
    return out


FORMS_LIMIT = 100_000
"""The most entries :meth:`Solver.form` keeps (a few hundred bytes each) before it empties them."""

_RELABELLED: dict[int, int] = {}
"""``present << 24 | word`` -> ``word`` renumbered by the places of ``present``. Rank masks use
bits 1-14; :func:`canonical` passes trump masks shifted up by 15, so the two never meet."""


def relabel(word: int, present: int, place: tuple[int, ...]) -> int:
    """``word``'s values by their place among ``present`` (cached)."""
    k = present << 24 | word
    hit = _RELABELLED.get(k)
    if hit is None:
        if len(_RELABELLED) > 500_000:
            _RELABELLED.clear()
        hit = _RELABELLED[k] = _relabel(word, place)
    return hit


Canonical = tuple[tuple[int, ...], "tuple[int, int, int] | None", int]


def canonical(hands: tuple[int, ...], top: tuple[int, int, int] | None, wrap: bool) -> Canonical | None:
    """The hands, the play to beat and the ranks whose adjacency matters, with card values
    renumbered: the ranks and the trump numbers some hand holds by their place in order, the
    play to beat by its code against them (:func:`value_table`), and the adjacent ranks that
    can still be part of a straight by place (the links of ranks ``r`` and ``r + 1`` that lie in
    five ranks in a row held by one hand: hands only shrink, so a pair of ranks without it
    never gets it back, and adjacency matters to straights alone). ``None`` where a value
    is read otherwise: ``straight_wrap`` (the ace next to the King) and five of a kind (its rank
    compared with trump numbers).

    Every other rule of play reads ranks and trump numbers through equality and order (sets,
    full houses, flushes, five-card hands by their highest card, trumping with a higher top
    trump, the play to beat) and adjacency within one hand (straights), and these determine
    all of those for every card still held and for the play to beat. So two positions with
    the same image are the same game up to renaming cards and have the same value: cards
    that no other held card separates ("rank equivalence", as in double-dummy bridge
    solvers) share table entries."""
    if wrap or (top is not None and top[0] == E.HAND and top[2] >> 4 == E.FIVE):
        return None
    union = links = 0
    for h in hands:
        if h:
            if h & h >> 16 & h >> 32 & h >> 48 & h >> 64 & 0x7FFE:
                return None  # five of a kind possible
            r = (h | h >> 16 | h >> 32 | h >> 48) & 0x7FFE
            w = r & r >> 1 & r >> 2 & r >> 3 & r >> 4
            if w:
                links |= w | w << 1 | w << 2 | w << 3
            union |= h
    ranks = (union | union >> 16 | union >> 32 | union >> 48) & 0x7FFE
    trumps = (union >> 64) & ~1
    rplace, rcode = value_table(ranks, 15)
    tplace, tcode = value_table(trumps, 21)
    tkey = trumps << 15  # trump masks apart from rank masks in the relabel cache
    out = []
    for h in hands:
        if not h:
            out.append(0)
            continue
        m = h & E.FOOL_BIT
        for sh in (0, 16, 32, 48):
            w = (h >> sh) & 0x7FFE
            if w:
                m |= relabel(w, ranks, rplace) << sh
        t = (h >> 64) & ~1
        if t:
            m |= relabel(t, tkey, tplace) << 64
        out.append(m)
    if top is not None:
        kind, count, key = top
        if kind == E.SET:
            top = (kind, count, rcode[key])
        elif kind == E.HAND:
            top = (kind, count, (key >> 4) * 32 + rcode[key & 15])
        elif kind == E.TRUMPS:
            top = (kind, count, tcode[key])
    return tuple(out), top, relabel(links, ranks, rplace) if links else 0


def trail(s: E.EngineState) -> tuple[int, ...]:
    """The players of the trick still holding cards, by their last play, the latest first: all
    that option ``lead_after_out = "last_player"`` reads of the trick's earlier plays. When the
    trick's winner has gone out, the lead goes to the last player of the trick still holding
    cards (the engine's and the spec's ``_end_trick`` walk back through the whole table). A
    player leaves play only by playing, and a play puts its player in front, so whoever leads
    after the trick is read off this list and the plays still to come."""
    out: list[int] = []
    places = s.places
    for q, _ in reversed(s.table):
        if not places[q] and q not in out:
            out.append(q)
    return tuple(out)


class Solver:
    """Searches of one position (a transposition table per concept and player)."""

    def __init__(self, options: SolveOptions, reduced: bool = True) -> None:
        self.options = options
        self.reduced = reduced
        self.nodes = 0
        self._tt: dict[Hashable, bool] = {}
        self._tts: dict[tuple[int, int], dict[Hashable, bool]] = {}
        self._maxn: dict[Hashable, tuple[Fraction, ...]] = {}
        self.budget = TableBudget(options, ENTRY_BYTES)
        """The tables' bound (``--max-memory``): the oldest half goes when they outgrow it."""
        self.player = 0
        self.target = 1
        """The place the player must reach or better (:meth:`set_goal`)."""
        self.open: tuple[int, ...] = (1,)
        """The places up to :attr:`target` free at the goal's root: once the others have taken
        them all, the goal is lost."""
        self.suit_free = False
        """Set once the root is :func:`flushless` (then so is every later position)."""
        self.in_play = 0
        self.canonical = reduced
        """Key the tables on :func:`canonical` hands and play to beat where it applies."""
        self._forms: dict[tuple[tuple[int, ...], Any, bool], tuple[int, Any, Any]] = {}
        """:meth:`form` of recent hands and plays to beat (a pass changes neither: the next player's
        key reuses it), emptied past :data:`FORMS_LIMIT` entries."""

    def form(self, s: E.EngineState, suits: bool) -> tuple[int, Any, Any]:
        """The key's part read from the hands and the play to beat: its tag (whether
        :func:`canonical` applied, its links; whether suits are kept), the hands and the play to
        beat as keyed (:meth:`key`)."""
        hands, top = s.hands, s.top
        k = (hands, top, suits)
        hit = self._forms.get(k)
        if hit is not None:
            return hit
        keep = suits or not (self.suit_free or all(map(flushless, hands)))
        tag = 0
        if self.canonical:
            c = canonical(hands, top, s.ctx.wrap)
            if c is not None:
                hands, top, links = c
                tag = 2 + 2 * links
        out = (tag + 1, hands, top) if keep else (tag, tuple(map(rank_counts, hands)), top)
        if len(self._forms) >= FORMS_LIMIT:
            self._forms.clear()
        self._forms[k] = out
        return out

    def key(self, s: E.EngineState, suits: bool = False) -> Hashable:
        """The transposition key (see the module docstring); ``suits``: keep the suits even once
        they no longer matter to the play (max-n, whose tie rule reads them)."""
        if not self.reduced:
            return E.ENGINE.key(s)
        owner: Hashable = s.table[-1][0] if s.table else -1
        if s.ctx.lead_last and s.table:
            owner = (owner, trail(s))
        tag, hands, top = self.form(s, suits)
        return (tag, hands, top, owner, s.passed, s.skipped, s.places, s.to_move)

    def distinct(self, s: E.EngineState, moves: list[int], free: bool | None = None) -> list[int]:
        """``moves`` without those equal to an earlier one up to suits, when suits no longer
        matter (:func:`flushless`; their successors are then equal up to suits). ``free``: whether
        they no longer matter, where the caller knows (a key of :meth:`key` without suits kept)."""
        if free is None:
            free = self.reduced and (self.suit_free or all(map(flushless, s.hands)))
        if not free:
            return moves
        seen: set[int] = set()
        out = []
        for m in moves:
            sig = rank_counts(m)
            if sig not in seen:
                seen.add(sig)
                out.append(m)
        return out

    def _count(self) -> None:
        self.nodes += 1
        if self.options.max_nodes is not None and self.nodes > self.options.max_nodes:
            raise SearchLimit(f"more than {self.options.max_nodes} nodes")
        if self.nodes % TableBudget.CHECK_EVERY == 0:
            self.budget.check([*self._tts.values(), self._maxn, self._forms])
        if self.options.progress is not None and self.nodes % PROGRESS_EVERY == 0:
            self.options.progress(self.nodes)

    # -- going out first (two players; paranoid); a place or better (goal=place) --

    def set_goal(self, root: E.EngineState, player: int, target: int | None = None) -> None:
        """Ask whether ``player`` finishes in place ``target`` or better (default: the best
        place free at ``root``: whether they go out first among those holding cards) from
        ``root`` or a later position (one transposition table per question, kept for the next
        time it is asked: its answer at a position depends on the position alone)."""
        free = [pl for pl in range(1, root.ctx.n + 1) if pl not in root.places]
        self.player = player
        self.target = free[0] if target is None else target
        self.open = tuple(pl for pl in free if pl <= self.target)
        self._tt = self._tts.setdefault((player, self.target), {})

    def decided(self, s: E.EngineState) -> bool | None:
        """``True``/``False`` once the player has a place, or the others have taken every place up
        to the target (with the default target: once the best free place is given)."""
        places = s.places
        mine = places[self.player]
        if mine:
            return mine <= self.target
        for pl in self.open:
            if pl not in places:
                return None
        return False

    def wins(self, s: E.EngineState) -> bool:
        """Whether the player (:meth:`set_goal`) finishes in the target place or better (with the
        default target: goes out first) with best play from ``s``, against all the others."""
        d = self.decided(s)
        if d is not None:
            return d
        k = self.key(s)
        hit = self._tt.get(k)
        if hit is not None:
            return hit
        self._count()
        legal = E.legal_moves(s)
        if s.hands[s.to_move] in legal:
            # the mover can play their whole hand: going out now takes the best place still free,
            # which is no worse than the target (some such place is free, or the line would be
            # decided): the player wins; another player takes it, and the player loses when it
            # is the last free place up to the target (always so with the default target)
            places = s.places
            if s.to_move == self.player or sum(1 for pl in self.open if pl not in places) == 1:
                r = s.to_move == self.player
                self._tt[k] = r
                return r
        # (a reduced key's tag is even where suits no longer matter: Solver.form)
        moves = self.distinct(s, sorted(legal, key=search_order), self.reduced and not k[0] & 1)  # type: ignore[index]
        apply = E.apply
        if s.to_move == self.player:
            r = any(self.wins(apply(s, m)) for m in moves)
        else:
            r = all(self.wins(apply(s, m)) for m in moves)
        self._tt[k] = r
        return r

    def goal_pv(self, s: E.EngineState) -> list[str]:
        """A principal variation: the player's first winning move (or the first move when
        lost), the others' first refutation (or the first move), until it is decided."""
        out: list[str] = []
        while self.decided(s) is None:
            moves = sorted(E.legal_moves(s), key=search_order)
            want = s.to_move == self.player
            pick = next((m for m in moves if self.wins(E.apply(s, m)) == want), moves[0])
            out.append(str(E.ENGINE.move_to_spec(s, pick)))
            s = E.apply(s, pick)
        return out

    def forced_place(self, s: E.EngineState, player: int, low: int = 1, high: int | None = None) -> int:
        """The best place ``player`` can make sure of from ``s`` against all the others playing
        together against them (paranoid): the first free place they can reach or better (one
        :meth:`wins` question a place, the last free place needing none), given that it lies
        between ``low`` and ``high`` (a bound the caller knows: a move of the player's cannot
        do better than the position, a move of the others' cannot do worse)."""
        mine = s.places[player]
        if mine:
            return mine
        free = [pl for pl in range(1, s.ctx.n + 1) if pl not in s.places and pl >= low]
        for pl in free:
            if pl == free[-1] or (high is not None and pl >= high):
                return pl
            self.set_goal(s, player, pl)
            if self.wins(s):
                return pl
        raise AssertionError("no free place")

    def place_pv(self, s: E.EngineState, player: int, place: int) -> list[str]:
        """A principal variation of :meth:`forced_place` (``place``, from ``s``): at every turn the
        first move (search order) that keeps ``player``'s place, until they have it."""
        out: list[str] = []
        while not s.places[player]:
            mine = s.to_move == player
            for m in sorted(E.legal_moves(s), key=search_order):
                t = E.apply(s, m)
                if self.forced_place(t, player, *((place, None) if mine else (1, place))) == place:
                    break
            else:
                raise AssertionError("no move keeps the place")
            out.append(str(E.ENGINE.move_to_spec(s, m)))
            s = t
        return out

    # -- max-n --

    def payoffs(self, s: E.EngineState) -> tuple[Fraction, ...]:
        """Max-n payoffs of ``s`` (ties: the first move in the spec's order)."""
        res = E.ENGINE.result(s)
        if res is not None:
            return tuple(res.payoffs)
        k = self.key(s, suits=True)
        hit = self._maxn.get(k)
        if hit is not None:
            return hit
        self._count()
        places = s.places
        n = s.ctx.n
        free = [pl for pl in range(1, n + 1) if pl not in places]
        if len(free) == 2:
            # two players left: max-n is minimax between them, so the one who can force going
            # out first takes the better place whatever the ties (the binary search decides it)
            a, b = (q for q in range(n) if not places[q])
            saved = (self.player, self.target, self.open, self._tt)
            self.set_goal(s, a)
            first, second = (a, b) if self.wins(s) else (b, a)
            self.player, self.target, self.open, self._tt = saved
            final = list(places)
            final[first], final[second] = free
            best = tuple(s.ctx.pay[pl] for pl in final)
            self._maxn[k] = best
            return best
        p = s.to_move
        # the best payoff p can still get: the best free title (a move reaching it cannot be
        # bettered, and ties go to the first move, so the scan stops there)
        ceiling = s.ctx.pay[free[0]]
        best_v: tuple[Fraction, ...] | None = None
        for m in sorted(E.legal_moves(s), key=spec_order):  # every move: ties read suits
            v = self.payoffs(E.apply(s, m))
            if best_v is None or v[p] > best_v[p]:
                best_v = v
                if v[p] == ceiling:
                    break
        assert best_v is not None
        self._maxn[k] = best_v
        return best_v

    def maxn_pv(self, s: E.EngineState) -> tuple[list[str], E.EngineState]:
        """The max-n line to the end of the round, and the final position."""
        out: list[str] = []
        while E.ENGINE.result(s) is None:
            p = s.to_move
            target = self.payoffs(s)[p]
            pick = next(m for m in sorted(E.legal_moves(s), key=spec_order) if self.payoffs(E.apply(s, m))[p] == target)
            out.append(str(E.ENGINE.move_to_spec(s, pick)))
            s = E.apply(s, pick)
        return out, s


OPTIONS: dict[str, str] = {
    "concept": "paranoid|max-n: the solution concept with three or more players in play (default paranoid: can "
               "a player force going out first against all the others; max-n: each maximises their own payoff)",
    "player": "paranoid: the player asked about (default: the side to move)",
    "goal": "first|place: what the paranoid concept asks (default first: can the player force going out first, "
            "win or loss; place: the best place the player can make sure of against all the others, valued by its "
            "payoff, option payoffs)",
    "moves": SHARED_OPTIONS["moves"],
    "pv": SHARED_OPTIONS["pv"],
    "reduced": "true|false: key the table on the reduced position (default true; false: the whole position, slower, "
               "the same answers)",
}

OPTION_DEFAULTS: dict[str, Any] = {"moves": True, "reduced": True, "goal": "first"}
"""The defaults of :data:`OPTIONS` that depend neither on the position nor on other options, as
:func:`solve` reads them (the result store keys an option given at its default as the answer
without it: :attr:`foolsolve.games.base.GameInfo.solver_option_defaults`)."""
"""The Foolery solver's options (``-o KEY=VALUE``; ``foolsolve rules foolery --solver``)."""


def check_options(options: SolveOptions) -> None:
    """Every option's name and value, whatever the position (:func:`solve` checks them first; the
    command line checks them before any search, :func:`foolsolve.solver.open_hand.check_options`)."""
    check_extra(options, tuple(OPTIONS), "Foolery")
    with_moves = bool_option(options, "moves", True)
    if bool_option(options, "pv", with_moves) and not with_moves:
        raise OptionError(f"{option_name('option')} pv: a principal variation values every move along it, so it needs "
                          "moves=true")
    bool_option(options, "reduced", True)
    goal = options.extra.get("goal", "first")
    if goal not in GOALS:
        raise OptionError(f"{option_name('option')} goal: {json_shown(goal)} is not one of {', '.join(GOALS)}")
    concept = options.extra.get("concept")
    if concept is not None and concept not in CONCEPTS:
        raise OptionError(f"{option_name('option')} concept: {json_shown(concept)} is not one of {', '.join(CONCEPTS)}")
    if "player" in options.extra:
        int_option(options, "player", 0)


def method_text(result: SolveResult, extra: dict[str, Any]) -> str:
    """The method of one of :func:`solve`'s answers in words (the registry's ``solver_method``),
    read from its concept and value kind: two players in play, paranoid (going out first, or
    ``goal=place``) or max-n."""
    head = "Foolery open-hand solver: exact"
    player = extra.get("player", result.to_move)
    if result.concept == "max-n":
        return (f"{head} max-n search with a transposition table, every hand known: each player maximises their own "
                "payoff (of equally good moves a player takes the first in the spec's order)")
    if result.concept == "paranoid" and result.value_kind == "payoff":
        return (f"{head} paranoid search with a transposition table, every hand known: the best place player {player} "
                "can make sure of against all the others playing together, found by one win/loss "
                "alpha-beta question per place still free, valued by its payoff")
    if result.concept == "paranoid":
        return (f"{head} paranoid alpha-beta search with a transposition table, every hand known: can player {player} "
                f"go out first against all the others playing together (win or loss for player {player})")
    return (f"{head} alpha-beta search with a transposition table over the endgame of the two players still holding "
            "cards, every hand known (minimax: win = going out first)")


def solve(state: S.State, options: SolveOptions | None = None) -> SolveResult:
    """Solve a Foolery position in which every hand is known.

    Two players holding cards: win/loss for the side to move (going out first), every move's
    value, a principal variation. Three or more: ``-o concept=paranoid`` (default; ``-o
    player=P`` asks about player P instead of the side to move) or ``-o concept=max-n``.
    ``-o goal=place`` (paranoid, any number of players in play): the payoff of the best place
    player P can make sure of against all the others, every move valued for P (a player with a
    place already: that place's). ``-o moves=false`` values only the position; ``-o
    reduced=false`` keys the table on the whole position (slower; the same answers)."""
    options = options or SolveOptions()
    check_options(options)
    with_moves = bool_option(options, "moves", True)
    with_pv = bool_option(options, "pv", with_moves)
    reduced = bool_option(options, "reduced", True)
    start = time.perf_counter()
    if S.SPEC.is_terminal(state):
        res = S.SPEC.result(state)
        assert res is not None
        return SolveResult(S.META.name, state.to_move, "over", [], [], 0, time.perf_counter() - start,
                           notes=[f"the round is over: {res.label}"])
    if state.phase != "play":
        raise NotCovered("phase: the solver starts once the exchange is over (phase play)")
    in_play = [p for p in range(state.players) if state.active(p)]
    goal = options.extra.get("goal", "first")
    if goal not in GOALS:
        raise OptionError(f"{option_name('option')} goal: {json_shown(goal)} is not one of {', '.join(GOALS)}")
    place = goal == "place"
    concept = options.extra.get("concept", "paranoid" if len(in_play) > 2 or place else None)
    if concept is not None and concept not in CONCEPTS:
        raise OptionError(f"{option_name('option')} concept: {json_shown(concept)} is not one of {', '.join(CONCEPTS)}")
    if place and concept != "paranoid":
        raise OptionError(f"{option_name('option')} goal: only the paranoid concept asks for a place (max-n values each "
                          "player's own "
                          "payoff)")
    if len(in_play) == 2 and concept == "paranoid" and not place:
        concept = None  # with two players paranoid is plain minimax
    player = int_option(options, "player", state.to_move)
    if player >= state.players:
        raise OptionError(f"{option_name('option')} player: player {player} is not a player of this position ({state.players} "
                          "players)")
    if not (state.active(player) or place):
        raise OptionError(f"{option_name('option')} player: player {player} is not in play (out of cards; {option_name('-o')} "
                          "goal=place gives her "
                          "place's payoff)")
    if concept is None and "player" in options.extra:
        raise OptionError(f"{option_name('option')} player: only the paranoid concept asks about a chosen player")
    root = E.ENGINE.from_spec(state)
    solver = Solver(options, reduced=reduced)
    solver.suit_free = reduced and all(flushless(h) for h in root.hands)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        if concept == "max-n":
            return _solve_maxn(state, root, solver, with_moves, start, with_pv)
        if place:
            return _solve_place(state, root, solver, player, with_moves, start, with_pv)
        return _solve_first_out(state, root, solver, concept, player, with_moves, start, with_pv)
    finally:
        sys.setrecursionlimit(limit)


def _titles(state: S.State) -> tuple[str, str]:
    """The better and the worse of the titles still free, for the notes."""
    free = [pl for pl in range(1, state.players + 1) if pl not in state.places]
    return E.title_of(free[0], state.players), E.title_of(free[-1], state.players)


def _solve_first_out(state: S.State, root: E.EngineState, solver: Solver, concept: str | None, player: int,
                     with_moves: bool, start: float, with_pv: bool = True) -> SolveResult:
    solver.set_goal(root, player)
    value = WIN if solver.wins(root) else LOSS
    moves: list[MoveValue] = []
    pv: list[str] = []
    if with_moves:
        by_text = {str(E.ENGINE.move_to_spec(root, m)): m for m in E.legal_moves(root)}
        spec_moves = S.SPEC.legal_moves(state)
        try:
            for sm in spec_moves:
                text = str(sm)
                moves.append(MoveValue(text, WIN if solver.wins(E.apply(root, by_text[text])) else LOSS))
                if solver.options.proved is not None:
                    solver.options.proved(_partial(state, value, moves, spec_moves, solver, start, concept, player))
        except (SearchLimit, KeyboardInterrupt) as exc:  # the value is proved: keep it and the moves valued
            raise with_partial(exc, _partial(state, value, moves, spec_moves, solver, start, concept, player)) from None
        pv = solver.goal_pv(root) if with_pv else []
    better, worse = _titles(state)
    if concept is None:
        notes = [f"two players in play: win = going out first (the {better}; the other is the {worse})"]
        best = [m.move for m in moves if m.value == value]
    else:
        notes = [f"paranoid: can player {player} force going out first (the {better}) against all the others; "
                 f"every value is for player {player}"]
        best = [m.move for m in moves if m.value == value]  # for the side to move, with or against P
    return SolveResult(S.META.name, state.to_move, value, moves, pv, solver.nodes, time.perf_counter() - start,
                       best=best, concept=concept, notes=notes, value_only=not with_moves,
                       player=None if concept is None else _whose(state, player))


def _solve_place(state: S.State, root: E.EngineState, solver: Solver, player: int, with_moves: bool, start: float,
                 with_pv: bool) -> SolveResult:
    """``goal=place``: the payoff of the best place ``player`` can make sure of against all the
    others, for the position and every move. A move of the player's is worth no more than the
    position, a move of the others' no less (each question is asked only where it can matter)."""
    pay = root.ctx.pay
    place = solver.forced_place(root, player)
    value = exact_number(pay[place])
    moves: list[MoveValue] = []
    pv: list[str] = []
    if with_moves:
        by_text = {str(E.ENGINE.move_to_spec(root, m)): m for m in E.legal_moves(root)}
        spec_moves = S.SPEC.legal_moves(state)
        bounds = (place, None) if root.to_move == player else (1, place)
        free = [pl for pl in range(1, root.ctx.n + 1) if pl not in root.places]
        try:
            for sm in spec_moves:
                text = str(sm)
                got = solver.forced_place(E.apply(root, by_text[text]), player, *bounds)
                moves.append(MoveValue(text, exact_number(pay[got])))
                if solver.options.proved is not None:
                    solver.options.proved(_place_partial(state, value, moves, spec_moves, solver, start, pay, free,
                                                         player))
        except (SearchLimit, KeyboardInterrupt) as exc:  # the value is proved: keep it and the moves valued
            raise with_partial(exc, _place_partial(state, value, moves, spec_moves, solver, start, pay, free,
                                                   player)) from None
        pv = solver.place_pv(root, player, place) if with_pv else []
    if root.places[player]:
        notes = [f"player {player} has a place already (the {E.title_of(place, root.ctx.n)}): every value is its payoff"]
    else:
        notes = [f"paranoid: the best place player {player} can make sure of against all the others (the "
                 f"{E.title_of(place, root.ctx.n)}), valued by its payoff (option payoffs = {state.rules.payoffs}); "
                 f"every value is for player {player}"]
    return SolveResult(S.META.name, state.to_move, value, moves, pv, solver.nodes, time.perf_counter() - start,
                       best=[m.move for m in moves if m.value == value], concept="paranoid", notes=notes,
                       value_only=not with_moves, value_kind="payoff", player=_whose(state, player))


def _whose(state: S.State, player: int) -> int | None:
    """:attr:`SolveResult.player` of an answer whose every value is ``player``'s: she, where she is
    not the player to move (``None``: the values are the mover's, as a result reads them anyway)."""
    return None if player == state.to_move else player


def _place_partial(state: S.State, value: int | str, moves: list[MoveValue], spec_moves: list[Any], solver: Solver,
                   start: float, pay: tuple[Fraction, ...], free: list[int], player: int) -> SolveResult:
    """What ``goal=place`` has proved so far (as :func:`_partial`): the others bounded by the
    payoffs of the worst and the best place free."""
    rest = [MoveBound(str(sm), exact_number(pay[free[-1]]), exact_number(pay[free[0]]))
            for sm in spec_moves[len(moves):]]
    return SolveResult(S.META.name, state.to_move, value, list(moves), [], solver.nodes, time.perf_counter() - start,
                       best=[m.move for m in moves if m.value == value], concept="paranoid", unfinished=rest,
                       value_kind="payoff", player=_whose(state, player))


def _partial(state: S.State, value: str, moves: list[MoveValue], spec_moves: list[Any], solver: Solver,
             start: float, concept: str | None, player: int) -> SolveResult:
    """What valuing the moves has proved so far: the position's ``value``, ``moves`` (the first of
    ``spec_moves``), the others unfinished."""
    rest = [MoveBound(str(sm), LOSS, WIN) for sm in spec_moves[len(moves):]]
    return SolveResult(S.META.name, state.to_move, value, list(moves), [], solver.nodes, time.perf_counter() - start,
                       best=[m.move for m in moves if m.value == value], concept=concept, unfinished=rest,
                       player=None if concept is None else _whose(state, player))


def _solve_maxn(state: S.State, root: E.EngineState, solver: Solver, with_moves: bool, start: float,
                with_pv: bool = True) -> SolveResult:
    p = state.to_move
    vec = solver.payoffs(root)
    moves: list[MoveValue] = []
    pv: list[str] = []
    notes = [f"max-n: each player maximises their own payoff (option payoffs = {state.rules.payoffs}: "
             f"{', '.join(str(x) for x in root.ctx.pay[1:])} by place); ties go to the first move in the spec's "
             "order (fewer cards, lower cards, pass last)"]
    if with_moves:
        by_text = {str(E.ENGINE.move_to_spec(root, m)): m for m in E.legal_moves(root)}
        for sm in S.SPEC.legal_moves(state):
            text = str(sm)
            moves.append(MoveValue(text, exact_number(solver.payoffs(E.apply(root, by_text[text]))[p])))
        if with_pv:
            pv, end = solver.maxn_pv(root)
            res = E.ENGINE.result(end)
            assert res is not None
            notes.append(f"finishing order: {res.label}")
    value = exact_number(vec[p])
    return SolveResult(S.META.name, p, value, moves, pv, solver.nodes, time.perf_counter() - start,
                       best=[m.move for m in moves if m.value == value], concept="max-n", notes=notes,
                       value_only=not with_moves, value_kind="payoff")


def first_out_value(state: S.State, player: int, *, reduced: bool = True) -> bool:
    """Whether ``player`` can force going out first (the binary search alone, for tests)."""
    root = E.ENGINE.from_spec(state)
    solver = Solver(SolveOptions(), reduced=reduced)
    solver.set_goal(root, player)
    return solver.wins(root)


def maxn_payoffs(state: S.State, *, reduced: bool = True) -> tuple[Fraction, ...]:
    """The max-n payoffs of a position (for tests)."""
    return Solver(SolveOptions(), reduced=reduced).payoffs(E.ENGINE.from_spec(state))

