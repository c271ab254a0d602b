"""Three Fools: exact round odds, a follower's best response, and (``equilibrium=true``) the
equilibrium of a bluff with every hand open.

**Round odds.** For a position whose round is about to be led (phase ``flip``, or ``lead`` once the
binary card is settled), from the view of a named player (default: the leader): for every choice
of the leader (flip or keep, card, declared suit) the exact probability that the leader wins the
round and that she pays the lying penalty. The model:

* the followers play by given strategies: uniform over the cards in hand (default), or a table
  per seat of card weights for each (binary card, declared suit): a follower plays each card in
  hand with probability proportional to its weight (all zero, or no row for the key: uniform);
* the cards the viewer does not see are dealt uniformly at random consistent with her view. What
  she sees: her own hand and every card revealed so far (``shown``); a revealed card's place is
  public (it went to the bottom of a known pile and is drawn in a known order), so a revealed
  card in another player's hand is known to be there. The other cards (never revealed, not hers)
  fill the other hands' remaining places and the piles, every such deal equally likely.

With uniform followers the odds come from exchangeability in closed form (a follower's card is a
uniform known card or a uniform unseen card; the second follower's unseen card is uniform over the
unseen cards but the first's), so a fresh round costs ``cards x cards`` sums. With a strategy table
both followers' unseen hands are enumerated (at most ``limit`` deals, an option).

**Best response** of one follower (``-o best_response=SEAT``): from that follower's view, given the
leader's strategy (``uniform`` over her choices, or ``truthful``: uniform flip and card, the true
suit declared) and the other follower's, for each information set (binary card, declared suit)
the probability of winning the round with each card of her hand, and the best card.

**Equilibrium** (``-o equilibrium=true``): :func:`equilibrium` (pygambit, optional extra
``foolsolve[gambit]``).

The solver asks the engine for the round winner and the spec for the Roshambo odds under the rules
in force (:func:`roshambo_win_odds`: options ``roshambo`` and ``roshambo_format``, whose
``leader_bye`` bracket gives the leader odds other than the followers'). Tests check the
odds against enumeration over the spec (every deal, every follower play, the spec's apply) and an
independent Monte Carlo simulation; the equilibrium by enumerating every pure deviation over the
spec (tests/three_fools/test_solver.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

from foolsolve.cards import PILATCH45, Card
from foolsolve.errors import InputError, OptionError, option_name
from foolsolve.numbers import exact_number
from foolsolve.rules import json_shown
from foolsolve.solver.base import (
    MoveBound,
    MoveValue,
    NotCovered,
    SearchLimit,
    SolveOptions,
    SolveResult,
    bool_option,
    check_extra,
    int_option,
    odds_value,
    with_partial,
)
from foolsolve.spec.three_fools import (
    DOWN,
    FLIP,
    LEAD,
    META,
    OVER,
    PILATCH_SUITS,
    SUIT_OF_TEXT,
    SUIT_TEXT,
    UP,
    Rules,
    State,
    follower_order,
    roshambo_odds,
    shown_cards,
)

OPTIONS: dict[str, str] = {
    "viewer": "the seat whose view the odds are computed from (default: the leader)",
    "strategies": "the followers' play as strategy tables, per seat (default: uniform); docs/three-fools.md",
    "best_response": "a follower's seat: its best response to the leader and the other follower",
    "leader_strategy": "with best_response: the leader's play, uniform (default) or a table",
    "limit": "the most deals of unseen cards enumerated (default 2,000,000)",
    "equilibrium": "true|false: the Nash equilibrium of the round's bluff, hands open, instead of the odds (pygambit)",
    "lying_cost": "with equilibrium: the lying penalty's cost to the leader (default 1/4)",
    "epsilon": "with equilibrium: the largest gain a pure deviation may have",
    "pv": "false only: the round odds have no principal variation",
}
"""The Three Fools solver's options (``-o KEY=VALUE``; ``foolsolve rules three-fools --solver``)."""
KNOWN_OPTIONS = tuple(OPTIONS)
ROUND_ODDS_OPTIONS = {"best_response": "a follower's best response", "viewer": "the round odds from a seat",
                      "strategies": "the followers' strategy tables", "leader_strategy": "the leader's strategy",
                      "limit": "the round odds' limit"}
"""The options only the round odds read, in words: given for a position of another phase, an error."""
DEFAULT_LIMIT = 2_000_000
"""Most deals of the followers' unseen cards enumerated for strategy tables."""

OPTION_DEFAULTS: dict[str, Any] = {"pv": False, "equilibrium": False, "leader_strategy": "uniform", "limit": DEFAULT_LIMIT}
"""The defaults of :data:`OPTIONS` that depend neither on the position nor on other options, as
:func:`solve` reads them (the result store keys an option given at its default as the answer
without it: :attr:`foolsolve.games.base.GameInfo.solver_option_defaults`)."""
PROGRESS_EVERY = 1024
"""Nodes between two progress reports (:attr:`Nodes.progress`: a time limit is checked there)."""


class Nodes:
    """The node count of one solve and its limits. A node is one deal of unseen cards enumerated
    (strategy tables, a leader's table) or one round's cards valued (the leader's card and the two
    followers', the engine's round winner); the closed form of uniform followers values
    ``cards x cards`` rounds a choice and enumerates no deal. Past ``max_nodes`` (``-o max_nodes``,
    ``--max-nodes``) a :class:`~foolsolve.solver.base.SearchLimit`; every :data:`PROGRESS_EVERY`
    nodes ``progress`` is told the count (through which ``--time`` and ``-o time`` stop the solve:
    :func:`~foolsolve.solver.base.with_limits`). ``enumerated``: whether any deal was enumerated
    (``-o limit`` bounds those alone)."""

    def __init__(self, options: SolveOptions | None = None) -> None:
        self.count = 0
        self.max_nodes = None if options is None else options.max_nodes
        self.progress = None if options is None else options.progress
        self.enumerated = False
        self._next = PROGRESS_EVERY

    def add(self, n: int = 1) -> None:
        """Count ``n`` nodes, and stop past the budget."""
        self.count += n
        if self.max_nodes is not None and self.count > self.max_nodes:
            raise SearchLimit(f"more than {self.max_nodes:,} nodes")
        if self.count >= self._next:
            self._next = self.count + PROGRESS_EVERY
            if self.progress is not None:
                self.progress(self.count)

    def deal(self) -> None:
        """Count one deal of unseen cards enumerated."""
        self.enumerated = True
        self.add()

    def report(self) -> None:
        """Tell ``progress`` the count now (before a step that cannot be stopped half-way)."""
        if self.progress is not None:
            self.progress(self.count)


# --- what the viewer knows ---------------------------------------------------------------------------

@dataclass(frozen=True)
class View:
    """The viewer's knowledge of a round about to be led."""

    viewer: int
    leader: int
    followers: tuple[int, int]
    known: tuple[frozenset[Card], frozenset[Card], frozenset[Card]]
    """Cards the viewer knows to be in each hand (her whole own hand)."""
    unseen: tuple[int, int, int]
    """Places in each hand the viewer cannot see."""
    pool: frozenset[Card]
    """Cards the viewer has never seen: they fill the unseen places and the piles."""
    binaries: tuple[tuple[bool, str], ...]
    """(flip?, the binary card after it) for each flip choice still open."""


def view_of(state: State, viewer: int | None = None) -> View:
    """The viewer's knowledge (default viewer: the leader); a position not at the start of a round
    is an :class:`InputError`."""
    if state.phase not in (FLIP, LEAD):
        # a valid position of another phase (the deal, a round under way, the game over): outside the round
        # odds' domain, so foolsolve answers it otherwise (--open-hand: the open-hand search; else the mover's
        # seat; a finished game: its result, foolsolve.solver.open_hand.game_over_result)
        raise NotCovered(f"phase: round odds need a round about to be led (phase flip or lead), not {state.phase}")
    v = state.leader if viewer is None else viewer
    if v not in (0, 1, 2):
        raise OptionError(f"{option_name('option')} viewer: {json_shown(v)} is not a seat (0, 1 or 2)")
    shown = shown_cards(state)
    known = tuple(state.hands[p] if p == v else frozenset(state.hands[p] & shown) for p in range(3))
    unseen = tuple(len(state.hands[p]) - len(known[p]) for p in range(3))
    pool = frozenset(c for c in PILATCH45 if c not in shown and c not in state.hands[v])
    other = DOWN if state.binary == UP else UP
    binaries = ((False, state.binary), (True, other)) if state.phase == FLIP else ((False, state.binary),)
    return View(v, state.leader, follower_order(state.leader), (known[0], known[1], known[2]),
                (unseen[0], unseen[1], unseen[2]), pool, binaries)


# --- strategies -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Strategy:
    """A follower's strategy: ``None`` table is uniform over the cards in hand; else card weights per
    ``"binary declared"`` key (``"up P"``)."""

    table: dict[str, dict[Card, Fraction]] | None = None

    @property
    def uniform(self) -> bool:
        return self.table is None

    def play(self, hand: frozenset[Card] | tuple[Card, ...], binary: str, declared: str) -> dict[Card, Fraction]:
        """The probability of each card of ``hand``."""
        cards = sorted(hand)
        row = None if self.table is None else self.table.get(f"{binary} {SUIT_TEXT[declared]}")
        if row is not None:
            weights = [row.get(c, Fraction(0)) for c in cards]
            total = sum(weights)
            if total > 0:
                return {c: w / total for c, w in zip(cards, weights) if w}
        return {c: Fraction(1, len(cards)) for c in cards}


def parse_strategies(obj: Any) -> dict[int, Strategy]:
    """``{"SEAT": {"up P": {"3R": 2, "JoS": 1}, ...}, ...}`` or ``"uniform"``; weights are whole numbers
    or fraction strings at least 0."""
    if obj is None or obj == "uniform":
        return {}
    if not isinstance(obj, dict):
        raise OptionError(f'{option_name("option")} strategies: expected "uniform" or {{"SEAT": {{"up P": {{"CARD": '
                          'WEIGHT}}}')
    out: dict[int, Strategy] = {}
    for seat_text, rows in obj.items():
        where = f"{option_name('option')} strategies.{seat_text}"
        if seat_text not in ("0", "1", "2"):
            raise OptionError(f"{where}: not a seat (0, 1 or 2)")
        if rows == "uniform":
            continue
        if not isinstance(rows, dict):
            raise OptionError(f"{where}: expected an object of rows keyed by \"up P\", \"down S\" ...")
        table: dict[str, dict[Card, Fraction]] = {}
        for key, row in rows.items():
            parts = str(key).split()
            if len(parts) != 2 or parts[0] not in (UP, DOWN) or parts[1].upper() not in SUIT_OF_TEXT:
                raise OptionError(f"{where}.{key}: a row key is the binary card and a suit, e.g. \"up P\"")
            norm = f"{parts[0]} {SUIT_TEXT[SUIT_OF_TEXT[parts[1].upper()]]}"
            if not isinstance(row, dict):
                raise OptionError(f"{where}.{key}: expected an object of card weights")
            weights: dict[Card, Fraction] = {}
            for card_text, w in row.items():
                card = _option_card(str(card_text), f"{where}.{key}")
                weights[card] = _weight(w, f"{where}.{key}.{card_text}")
            table[norm] = weights
        out[int(seat_text)] = Strategy(table)
    return out


def _weight(w: Any, where: str) -> Fraction:
    if isinstance(w, bool) or not isinstance(w, (int, str)):
        raise OptionError(f"{where}: a weight is a whole number or a fraction string")
    f = _option_number(w, where, floats=False)
    if f < 0:
        raise OptionError(f"{where}: a weight is at least 0")
    return f


def _option_card(text: str, where: str) -> Card:
    """The card ``text`` of an option's table; a bad one is an :class:`OptionError` naming ``where``."""
    try:
        return PILATCH45.parse(text, what=where)
    except InputError as exc:
        raise OptionError(str(exc)) from None


def _option_number(value: Any, where: str, floats: bool = True) -> Fraction:
    """:func:`~foolsolve.numbers.exact_number` of an option's value; a bad one is an
    :class:`OptionError` naming ``where``."""
    try:
        return exact_number(value, where, floats=floats)
    except InputError as exc:
        raise OptionError(str(exc)) from None


# --- the rules, from the engine --------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _roshambo(rules: Rules, leader: int) -> tuple[tuple[int, Fraction], ...]:
    return tuple(roshambo_odds(rules, (0, 1, 2), leader).items())


def roshambo_win_odds(rules: Rules, leader: int) -> dict[int, Fraction]:
    """Each seat's probability of winning the Roshambo that decides a round led by ``leader`` when
    three suits show: the spec's own odds (:func:`~foolsolve.spec.three_fools.roshambo_odds`) for the
    rules in force, so option ``roshambo_format = "leader_bye"`` (the followers throw first, the
    winner meets the leader) as well as ``all_at_once`` and every ``roshambo`` table (cached)."""
    return dict(_roshambo(rules, leader))


def leader_wins(state: State, leader: int, seats: dict[int, Card], binary: str) -> Fraction:
    """The probability that ``leader`` wins the round with these cards (by seat): 1 or 0 (the
    engine's round winner), or her Roshambo odds when three suits show (the spec's)."""
    from foolsolve.engines.three_fools import winner_of

    w = winner_of(seats[0].index, seats[1].index, seats[2].index, 1 if binary == UP else 0)
    if w >= 0:
        return Fraction(int(w == leader))
    return roshambo_win_odds(state.rules, leader)[leader]


def winner_odds(state: State, leader: int, seats: dict[int, Card], binary: str) -> dict[int, Fraction]:
    """Each seat's probability of winning the round led by ``leader`` with these cards (Roshambo:
    :func:`roshambo_win_odds`)."""
    from foolsolve.engines.three_fools import winner_of

    w = winner_of(seats[0].index, seats[1].index, seats[2].index, 1 if binary == UP else 0)
    if w >= 0:
        return {p: Fraction(int(p == w)) for p in range(3)}
    return roshambo_win_odds(state.rules, leader)


# --- the followers' plays ------------------------------------------------------------------------------------

def follower_plays(view: View, lead: Card, binary: str, declared: str, strategies: dict[int, Strategy],
                   limit: int = DEFAULT_LIMIT, nodes: Nodes | None = None) -> dict[tuple[Card, Card], Fraction]:
    """The distribution of the two followers' cards (first follower, second follower) given that
    the leader holds and plays ``lead`` (each deal enumerated counted in ``nodes``)."""
    f1, f2 = view.followers
    pool = view.pool - {lead}
    s1, s2 = strategies.get(f1, Strategy()), strategies.get(f2, Strategy())
    u1, u2 = view.unseen[f1], view.unseen[f2]
    k1, k2 = view.known[f1], view.known[f2]
    if (u1 == 0 or s1.uniform) and (u2 == 0 or s2.uniform):
        return _closed_pair(k1, u1, s1, k2, u2, s2, pool, binary, declared)
    deals = comb(len(pool), u1) * comb(len(pool) - u1, u2)
    if deals > limit:
        raise OptionError(f"{option_name('option')} limit: strategy tables need {deals:,} deals of the unseen cards enumerated "
                          f"(limit {limit:,}); raise {option_name('-o')} limit=N or use a position with fewer unseen cards")
    nodes = nodes or Nodes()
    out: dict[tuple[Card, Card], Fraction] = {}
    weight = Fraction(1, deals)
    cards = sorted(pool)
    for a in combinations(cards, u1):
        p1 = s1.play(k1 | frozenset(a), binary, declared)
        rest = [c for c in cards if c not in a]
        for b in combinations(rest, u2):
            nodes.deal()
            p2 = s2.play(k2 | frozenset(b), binary, declared)
            for x, px in p1.items():
                for y, py in p2.items():
                    out[(x, y)] = out.get((x, y), Fraction(0)) + weight * px * py
    return out


def _one(known: frozenset[Card], u: int, strategy: Strategy, pool: frozenset[Card], binary: str,
         declared: str) -> dict[Card, Fraction]:
    """A follower's card when her unseen places (if any) are a uniform deal from ``pool`` and she is
    uniform over her hand, or when she has no unseen place (then any strategy)."""
    if u == 0:
        return strategy.play(known, binary, declared)
    h = len(known) + u
    out = {c: Fraction(1, h) for c in known}
    for c in pool:
        out[c] = Fraction(u, h * len(pool))
    return out


def _closed_pair(k1: frozenset[Card], u1: int, s1: Strategy, k2: frozenset[Card], u2: int, s2: Strategy,
                 pool: frozenset[Card], binary: str, declared: str) -> dict[tuple[Card, Card], Fraction]:
    """Followers who are uniform over their hands or whose hands the viewer sees: a uniform
    follower's card is one of her known cards (each ``1/h``) or one of her unseen cards, which (the
    unseen places being a uniform deal) is uniform over the unseen cards; the second follower's
    unseen card is then uniform over the unseen cards but the first's."""
    out: dict[tuple[Card, Card], Fraction] = {}
    for x, px in _one(k1, u1, s1, pool, binary, declared).items():
        rest = pool - {x} if x in pool else pool
        for y, py in _one(k2, u2, s2, rest, binary, declared).items():
            out[(x, y)] = px * py
    return out


# --- round odds -------------------------------------------------------------------------------------------------

@dataclass
class ChoiceOdds:
    """One choice of the leader and its exact odds."""

    flip: bool
    card: Card
    declared: str
    win: Fraction
    penalty: Fraction
    lie: bool
    held: Fraction = Fraction(1)
    """The viewer's probability that the leader holds the card (1 when the viewer is the leader)."""
    flip_chosen: bool = True
    """Whether the flip is part of the choice (phase flip); in phase lead it is made already, and the
    choice is the lead alone."""

    @property
    def text(self) -> str:
        """The choice as the game writes it: ``flip; lead 3R as P`` in phase flip (two moves),
        ``lead 3R as P`` in phase lead (the legal move itself)."""
        lead = f"lead {self.card.ascii} as {SUIT_TEXT[self.declared]}"
        return f"{'flip' if self.flip else 'keep'}; {lead}" if self.flip_chosen else lead


def leader_cards(view: View) -> dict[Card, Fraction]:
    """The cards the leader may hold, with the viewer's probability that she holds each."""
    lead = view.leader
    out = {c: Fraction(1) for c in view.known[lead]}
    if view.unseen[lead]:
        for c in view.pool:
            out[c] = Fraction(view.unseen[lead], len(view.pool))
    return out


def choices(view: View) -> list[tuple[Card, Fraction, bool, str, str]]:
    """The leader's choices the round odds value, in their order: ``(card, held, flip, binary card
    after it, declared suit)`` (``held``: :func:`leader_cards`)."""
    return [(card, held, flip, binary, declared) for card, held in sorted(leader_cards(view).items())
            for flip, binary in view.binaries for declared in PILATCH_SUITS]


def choice_text(view: View, card: Card, flip: bool, declared: str) -> str:
    """A choice as :attr:`ChoiceOdds.text` writes it."""
    return ChoiceOdds(flip, card, declared, Fraction(0), Fraction(0), card.suit != declared,
                      flip_chosen=len(view.binaries) > 1).text


def round_odds(state: State, viewer: int | None = None, strategies: dict[int, Strategy] | None = None,
               limit: int = DEFAULT_LIMIT, nodes: Nodes | None = None,
               into: list[ChoiceOdds] | None = None) -> list[ChoiceOdds]:
    """Every choice of the leader with the exact probability of winning the round and of paying the
    lying penalty (see the module docstring for the model). A choice with a card the viewer does not
    see is conditioned on the leader holding it. ``nodes``: the count and the limits
    (:class:`Nodes`; none by default). Each choice is appended to ``into`` (returned; default a new
    list) as it is finished, so that a caller stopped by a limit keeps the choices finished."""
    view = view_of(state, viewer)
    nodes = nodes or Nodes()
    strategies = strategies or {}
    for seat in strategies:
        if seat == view.leader:
            raise OptionError(f"{option_name('option')} strategies.{seat}: the leader's choices are what the odds are computed "
                              "for")
    out = [] if into is None else into
    f1, f2 = view.followers
    for card, held, flip, binary, declared in choices(view):
        plays = follower_plays(view, card, binary, declared, strategies, limit, nodes)
        win = Fraction(0)
        for (x, y), pr in plays.items():
            nodes.add()
            win += pr * leader_wins(state, view.leader, {view.leader: card, f1: x, f2: y}, binary)
        lie = card.suit != declared
        out.append(ChoiceOdds(flip, card, declared, win, (1 - win) if lie else Fraction(0), lie, held,
                              len(view.binaries) > 1))
    return out


# --- best response of a follower --------------------------------------------------------------------------------

@dataclass
class BestResponse:
    """A follower's best card for each information set (binary card, declaration) she may meet."""

    seat: int
    rows: list[tuple[str, str, dict[Card, Fraction], list[Card], Fraction]] = field(default_factory=list)
    """(binary, declared, win probability of each card, the best cards, the probability of the
    information set)."""
    value: Fraction = Fraction(0)
    """Her probability of winning the round when she plays a best card everywhere."""


def parse_leader_table(obj: Any) -> dict[str, Fraction]:
    """A leader's strategy table: weights of choices written as the solver prints them
    (``"keep; lead 3R as P"``); choices not listed weigh 0."""
    if not isinstance(obj, dict):
        raise OptionError(f'{option_name("option")} leader_strategy: expected uniform, truthful or {{"keep; lead 3R as P": '
                          'WEIGHT}')
    out: dict[str, Fraction] = {}
    for text, w in obj.items():
        words = str(text).replace(";", " ").split()
        if len(words) != 5 or words[0] not in ("keep", "flip") or words[1] != "lead" or words[3] != "as" \
                or words[4].upper() not in SUIT_OF_TEXT:
            raise OptionError(f"{option_name('option')} leader_strategy.{text}: a choice is written \"keep; lead 3R as P\"")
        card = _option_card(words[2], f"{option_name('option')} leader_strategy.{text}")
        out[f"{words[0]}; lead {card.ascii} as {SUIT_TEXT[SUIT_OF_TEXT[words[4].upper()]]}"] = \
            _weight(w, f"{option_name('option')} leader_strategy.{text}")
    return out


def best_response(state: State, seat: int, leader_strategy: str | dict[str, Any] = "uniform",
                  strategies: dict[int, Strategy] | None = None, limit: int = DEFAULT_LIMIT,
                  nodes: Nodes | None = None) -> BestResponse:
    """The best response of follower ``seat`` (from her own view) to the leader's strategy (``uniform``
    over her choices; ``truthful``: uniform flip and card, the true suit declared; or a table of
    choice weights, see :func:`parse_leader_table`) and the other follower's strategy (from
    ``strategies``, default uniform); ``nodes``: the count and the limits (:class:`Nodes`)."""
    view = view_of(state, seat)
    nodes = nodes or Nodes()
    if seat == view.leader:
        raise OptionError(f"{option_name('option')} best_response: seat {seat} leads this round; name a follower")
    strategies = strategies or {}
    other = next(q for q in view.followers if q != seat)
    s_other = strategies.get(other, Strategy())
    if not isinstance(leader_strategy, str):
        return _best_response_table(state, view, seat, other, parse_leader_table(leader_strategy), s_other, limit,
                                    nodes)
    if leader_strategy not in ("uniform", "truthful"):
        raise OptionError(f"{option_name('option')} leader_strategy: {json_shown(leader_strategy)} is not uniform, truthful or "
                          "a table")
    hand = state.hands[seat]
    card_odds = leader_cards(view)
    hl = len(view.known[view.leader]) + view.unseen[view.leader]
    # the leader's card: uniform over her hand (known cards 1/h each, unseen cards spread over the pool)
    p_card = {c: (Fraction(1, hl) if c in view.known[view.leader] else held / hl) for c, held in card_odds.items()}
    result = BestResponse(seat)
    nflip = len(view.binaries)
    for _flip, binary in view.binaries:
        for declared in PILATCH_SUITS:
            wins = {z: Fraction(0) for z in hand}
            reach = Fraction(0)
            for c, pc in p_card.items():
                if leader_strategy == "truthful":
                    pd = Fraction(int(c.suit == declared))
                else:
                    pd = Fraction(1, 3)
                pr = pc * pd / nflip
                if not pr:
                    continue
                reach += pr
                ys = _other_plays(view, other, c, binary, declared, s_other, limit, nodes)
                for y, py in ys.items():
                    for z in hand:
                        nodes.add()
                        seats = {view.leader: c, other: y, seat: z}
                        wins[z] += pr * py * winner_odds(state, view.leader, seats, binary)[seat]
            if not reach:
                continue
            cond = {z: w / reach for z, w in wins.items()}
            top = max(cond.values())
            best = sorted(z for z, w in cond.items() if w == top)
            result.rows.append((binary, declared, cond, best, reach))
            result.value += reach * top
    return result


def _best_response_table(state: State, view: View, seat: int, other: int, table: dict[str, Fraction],
                         s_other: Strategy, limit: int, nodes: Nodes) -> BestResponse:
    """:func:`best_response` for a leader's strategy table: the leader's unseen cards are enumerated
    (her choice depends on her whole hand), and for each deal the other follower's unseen cards
    (uniform over the rest in closed form, or enumerated for a table)."""
    leader = view.leader
    pool = sorted(view.pool)
    kl, ul = view.known[leader], view.unseen[leader]
    kq, uq = view.known[other], view.unseen[other]
    deals = comb(len(pool), ul) * (1 if s_other.uniform else comb(len(pool) - ul, uq))
    if deals > limit:
        raise OptionError(f"{option_name('option')} limit: a leader's table needs {deals:,} deals enumerated (limit {limit:,})")
    hand = state.hands[seat]
    wins: dict[tuple[str, str], dict[Card, Fraction]] = {}
    reach: dict[tuple[str, str], Fraction] = {}
    p_deal = Fraction(1, comb(len(pool), ul))
    for sl in combinations(pool, ul):
        nodes.deal()
        lhand = sorted(kl | frozenset(sl))
        choices = [(f, b, c, d) for f, b in view.binaries for c in lhand for d in PILATCH_SUITS]
        weights = [table.get(f"{'flip' if f else 'keep'}; lead {c.ascii} as {SUIT_TEXT[d]}", Fraction(0))
                   for f, b, c, d in choices]
        total = sum(weights)
        probs = [w / total for w in weights] if total else [Fraction(1, len(choices))] * len(choices)
        rest = [c for c in pool if c not in sl]
        for (_f, binary, c, d), pa in zip(choices, probs):
            if not pa:
                continue
            if s_other.uniform:
                ys = _one(kq, uq, s_other, frozenset(rest), binary, d)
            else:
                ys = {}
                n = comb(len(rest), uq)
                for sq in combinations(rest, uq):
                    nodes.deal()
                    for y, py in s_other.play(kq | frozenset(sq), binary, d).items():
                        ys[y] = ys.get(y, Fraction(0)) + py / n
            key = (binary, d)
            row = wins.setdefault(key, {z: Fraction(0) for z in hand})
            for y, py in ys.items():
                pr = p_deal * pa * py
                reach[key] = reach.get(key, Fraction(0)) + pr
                for z in hand:
                    nodes.add()
                    row[z] += pr * winner_odds(state, leader, {leader: c, other: y, seat: z}, binary)[seat]
    result = BestResponse(seat)
    for _f, binary in view.binaries:
        for d in PILATCH_SUITS:
            r = reach.get((binary, d), Fraction(0))
            if not r:
                continue
            cond = {z: w / r for z, w in wins[(binary, d)].items()}
            top = max(cond.values())
            result.rows.append((binary, d, cond, sorted(z for z, w in cond.items() if w == top), r))
            result.value += r * top
    return result


def _other_plays(view: View, q: int, lead: Card, binary: str, declared: str, strategy: Strategy,
                 limit: int, nodes: Nodes) -> dict[Card, Fraction]:
    """The other follower's card, given the leader plays ``lead`` (and holds it)."""
    pool = view.pool - {lead}
    known, u = view.known[q], view.unseen[q]
    if strategy.uniform:
        h = len(known) + u
        out = {c: Fraction(1, h) for c in known}
        for c in pool if u else ():
            out[c] = Fraction(u, h * len(pool))
        return out
    deals = comb(len(pool), u)
    if deals > limit:
        raise OptionError(f"{option_name('option')} limit: {deals:,} deals of player {q}'s unseen cards (limit {limit:,})")
    out2: dict[Card, Fraction] = {}
    for a in combinations(sorted(pool), u):
        nodes.deal()
        for c, pc in strategy.play(known | frozenset(a), binary, declared).items():
            out2[c] = out2.get(c, Fraction(0)) + pc / deals
    return out2


# --- the registry's entry point ---------------------------------------------------------------------------------

def _fraction_option(options: SolveOptions, key: str, default: Fraction) -> Fraction:
    value = options.extra.get(key, default)
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str, float)):
        raise OptionError(f"{option_name('option')} {key}: expected a number or a fraction such as 1/2, "
                          f"got {json_shown(value)}")
    return _option_number(value, f"{option_name('option')} {key}")


def _pct(x: Fraction) -> str:
    return f"{x} ({float(x):.4f})"


def _seat_option(options: SolveOptions, key: str) -> None:
    value = options.extra.get(key)
    if value is not None and (isinstance(value, bool) or value not in (0, 1, 2)):
        raise OptionError(f"{option_name('option')} {key}: {json_shown(value)} is not a seat (0, 1 or 2)")


def check_options(options: SolveOptions) -> None:
    """Every option's name and value (type and range), whatever the position and the other options
    (:func:`solve` checks them first; the command line checks them before any search,
    :func:`foolsolve.solver.open_hand.check_options`): an option the answer asked for does not read
    (``lying_cost`` without ``equilibrium``) is still checked."""
    check_extra(options, KNOWN_OPTIONS, META.name)
    if bool_option(options, "pv", False):
        raise OptionError(f"{option_name('option')} pv: Three Fools' round odds and equilibrium have no principal variation")
    bool_option(options, "equilibrium", False)
    if _fraction_option(options, "lying_cost", Fraction(1, 4)) < 0:
        raise OptionError(f"{option_name('option')} lying_cost: expected a number at least 0, got "
                          f"{json_shown(options.extra['lying_cost'])}")
    if _fraction_option(options, "epsilon", Fraction(0)) < 0:
        raise OptionError(f"{option_name('option')} epsilon: expected a number at least 0, got "
                          f"{json_shown(options.extra['epsilon'])}")
    _seat_option(options, "viewer")
    _seat_option(options, "best_response")
    leader_strategy = options.extra.get("leader_strategy", "uniform")
    if isinstance(leader_strategy, dict):
        parse_leader_table(leader_strategy)
    elif leader_strategy not in ("uniform", "truthful"):
        raise OptionError(f"{option_name('option')} leader_strategy: {json_shown(leader_strategy)} is not uniform, truthful or "
                          "a table")
    parse_strategies(options.extra.get("strategies"))
    int_option(options, "limit", DEFAULT_LIMIT, minimum=1)


EQUILIBRIUM_OPTIONS = {"lying_cost": "the lying penalty's cost to the leader in the equilibrium",
                       "epsilon": "the largest gain the equilibrium's check allows a deviation"}
"""The options only the equilibrium of the bluff reads, in words: without ``equilibrium=true``, an error."""


def check_together(options: SolveOptions) -> None:
    """An option that only modifies another that is not given is an
    :class:`~foolsolve.errors.OptionError` (not an option dropped without a word): ``lying_cost``
    and ``epsilon`` without ``equilibrium=true``, ``leader_strategy`` without ``best_response``, and
    the round odds' options with ``equilibrium=true`` (which solves every player's play itself).
    :func:`solve` asks it once the phase is known to take the options (a round odds' option in another
    phase says that first)."""
    extra = options.extra
    if bool_option(options, "equilibrium", False):
        for key in ROUND_ODDS_OPTIONS:
            if key in extra:
                raise OptionError(f"{option_name('option')} {key} ({ROUND_ODDS_OPTIONS[key]}): read by the round odds only; "
                                  "the "
                                  "equilibrium of the bluff (equilibrium=true) solves every player's play itself, "
                                  "every hand open")
        return
    for key, what in EQUILIBRIUM_OPTIONS.items():
        if key in extra:
            raise OptionError(f"{option_name('option')} {key}: {what}, read only with equilibrium=true; the round odds have no "
                              "use "
                              f"for it (give {option_name('-o')} equilibrium=true, or leave it out)")
    if "leader_strategy" in extra and extra.get("best_response") is None:
        raise OptionError(f"{option_name('option')} leader_strategy: the leader's play that a follower's best response "
                          "answers, read "
                          "only with best_response=SEAT; the round odds value every choice of the leader's (give "
                          f"{option_name('-o')} best_response=SEAT, or leave it out)")


def seat_solver(state: State, player: int, extra: dict[str, Any]) -> dict[str, Any] | None:
    """The registry's ``seat_solver`` (:attr:`foolsolve.games.base.GameInfo.seat_solver`): in a round
    about to be led (phase flip or lead), for the leader (or a follower asking for her own
    ``best_response``), the round odds from her view (``viewer``) read only
    her hand, the cards revealed so far (each where the public history puts it) and the counts of the
    other hands and the piles (:func:`view_of`), all of which every world of her view shares, so
    any world gives the same odds; ``None`` in any other phase and for a follower otherwise. Refused,
    as they read cards hidden
    from her: another ``viewer``, the ``equilibrium`` of the bluff (solved with every hand open),
    and another follower's ``best_response`` (computed from that follower's hand)."""
    if state.phase not in (FLIP, LEAD):
        for key in ROUND_ODDS_OPTIONS:  # as the full position says it (not the seat analysis' "takes no -o")
            if key in extra and state.phase != OVER:
                raise OptionError(f"{option_name('option')} {key}: {ROUND_ODDS_OPTIONS[key]} needs a round about to be led "
                                  "(phase "
                                  f"flip or lead), not {state.phase}")
        return None
    seat = extra.get("best_response")
    if player != state.leader and seat is not None and seat != player:
        # not "takes no -o options" (the seat analysis' answer): her own best response she may ask
        raise OptionError(f"{option_name('option')} best_response: player {json_shown(seat)}'s best response is computed from "
                          "her "
                          f"hand, hidden from player {player}; from player {player}'s view only best_response="
                          f"{player} (her own, as a follower)")
    if player != state.leader and seat != player:
        # a follower's round odds are the leader's choices, not hers, each conditioned on the leader
        # holding its card (``held``): no answer of her own; the seat analysis answers her, unless she
        # asks for her own best response as a follower
        return None
    viewer = extra.get("viewer", player)
    if viewer != player:
        raise OptionError(f"{option_name('option')} viewer: {json_shown(viewer)} is not player {player}, whose view this is; "
                          "the "
                          f"round odds from player {player}'s view take viewer={player} or none")
    if bool_option(SolveOptions(extra=dict(extra)), "equilibrium", False):
        raise OptionError(f"{option_name('option')} equilibrium: the equilibrium of the bluff is solved with every hand open, "
                          "so it "
                          f"reads the cards hidden from player {player}; ask it of a full position")
    seat = extra.get("best_response")
    if seat is not None and seat != player:
        raise OptionError(f"{option_name('option')} best_response: player {json_shown(seat)}'s best response is computed from "
                          "her "
                          f"hand, hidden from player {player}; from player {player}'s view only best_response="
                          f"{player} (her own, as a follower)")
    return {**extra, "viewer": player}


def method_text(result: SolveResult, extra: dict[str, Any]) -> str:
    """The method of one of :func:`solve`'s answers in words (the registry's ``solver_method``): the
    round odds (and a follower's best response), or the equilibrium of the bluff."""
    options = SolveOptions(extra=dict(extra))
    if result.value_kind == "equilibrium":
        from foolsolve.solver.three_fools.equilibrium import DEFAULT_EPSILON

        epsilon = _fraction_option(options, "epsilon", DEFAULT_EPSILON)
        return ("Three Fools equilibrium solver: a Nash equilibrium of the round's bluff with every hand open, found "
                "numerically by pygambit's logit solver (floats, not exact), then checked over the spec against every "
                f"pure deviation (none gains more than epsilon {epsilon})")
    viewer = extra.get("viewer", result.to_move)
    tables = sorted(parse_strategies(extra.get("strategies")))
    followers = ("uniformly at random over their hands (in closed form)" if not tables else
                 f"by the strategy table{'s' if len(tables) > 1 else ''} given (player{'s' if len(tables) > 1 else ''} "
                 f"{' and '.join(str(s) for s in tables)}; a follower without one uniformly at random), every deal "
                 "of the unseen cards a table reads enumerated")
    text = ("Three Fools round-odds solver: exact probabilities, for every choice of the leader, of winning the round "
            f"and of paying the lying penalty, averaged over every deal of the cards player {viewer} does not see "
            f"(each equally likely), the followers playing {followers}")
    seat = extra.get("best_response")
    if seat is not None:
        leader = extra.get("leader_strategy", "uniform")
        text += (f"; and player {seat}'s best response to the leader's play "
                 f"({leader if isinstance(leader, str) else 'by the table given'}) and the other follower's, by the "
                 "same exact expectation")
    return text


def solve(state: State, options: SolveOptions) -> SolveResult:
    """``foolsolve POSITION.json``: the round odds of every leader choice (options ``viewer``,
    ``strategies``, ``best_response``, ``leader_strategy``, ``limit``), or with ``equilibrium=true`` the
    equilibrium of the round's bluff with every hand open (``lying_cost``, ``epsilon``)."""
    check_options(options)
    start = time.perf_counter()
    nodes = Nodes(options)
    if bool_option(options, "equilibrium", False):
        from foolsolve.solver.three_fools.equilibrium import DEFAULT_EPSILON, equilibrium_result

        if state.phase not in (FLIP, LEAD):  # asked for by its option: an error, as the round odds' options
            raise OptionError(f"{option_name('option')} equilibrium: the equilibrium of the round's bluff needs a round about "
                              "to be led "
                              f"(phase flip or lead), not {state.phase}")
        check_together(options)
        return equilibrium_result(state, _fraction_option(options, "lying_cost", Fraction(1, 4)),
                                  _fraction_option(options, "epsilon", DEFAULT_EPSILON), start, nodes)
    if state.phase not in (FLIP, LEAD, OVER):
        # the options of the round odds have no answer outside them: an error, not the open-hand
        # search's answer (which cannot apply them) with a note that they were not applied
        for key in ROUND_ODDS_OPTIONS:
            if key in options.extra:
                raise OptionError(f"{option_name('option')} {key}: {ROUND_ODDS_OPTIONS[key]} needs a round about to be led "
                                  "(phase "
                                  f"flip or lead), not {state.phase}")
    check_together(options)
    viewer = options.extra.get("viewer")
    strategies = parse_strategies(options.extra.get("strategies"))
    limit = int_option(options, "limit", DEFAULT_LIMIT, minimum=1)
    view = view_of(state, viewer)
    notes = [f"viewer: player {view.viewer}; leader: player {view.leader}; unseen cards: {len(view.pool)}; "
             f"followers: " + ", ".join(f"{q} {'table' if q in strategies else 'uniform'}" for q in view.followers)]
    done: list[ChoiceOdds] = []
    try:
        odds = round_odds(state, viewer, strategies, limit, nodes, into=done)
    except (SearchLimit, KeyboardInterrupt) as exc:
        raise with_partial(exc, _stopped_odds(view, done, nodes, start, notes)) from None
    top = max(o.win for o in odds)
    best = [o for o in odds if o.win == top]
    least = min(o.penalty for o in best)
    best = [o for o in best if o.penalty == least]
    moves = [MoveValue(o.text, _odds_of(o)) for o in sorted(odds, key=_odds_order)]
    value = odds_value(win=top, penalty=least)
    concept = _odds_concept(view)
    if best[0].held != 1:
        # a viewer who does not lead: each choice's odds are conditioned on the leader holding its card,
        # so their maximum is no value of the round from this seat (that needs the leader's whole hand)
        value = odds_value(win=top, penalty=least, held=best[0].held)
        concept = (f"the leader's best choice's round odds from player {view.viewer}'s view if she holds its "
                   f"card, which player {view.viewer} rates at held; not what the round is worth to player "
                   f"{view.viewer}")

    def result() -> SolveResult:
        return SolveResult(game=META.name, to_move=view.leader, value=value,
                           moves=moves, pv=[], nodes=nodes.count, seconds=time.perf_counter() - start,
                           best=[o.text for o in best], concept=concept,
                           notes=list(notes), value_kind="odds")

    br_seat = options.extra.get("best_response")
    if br_seat is not None:
        leader_strategy = options.extra.get("leader_strategy", "uniform")
        try:
            br = best_response(state, br_seat, leader_strategy, strategies, limit, nodes)
        except (SearchLimit, KeyboardInterrupt) as exc:
            # the round odds are finished, exact: they answer, and say the best response is not
            stopped = result()
            stopped.notes.append(f"best response of player {br_seat}: not finished (the solve was stopped by its "
                                 "limit after the round odds)")
            raise with_partial(exc, stopped) from None
        leader_text = leader_strategy if isinstance(leader_strategy, str) else "by the table"
        notes.append(f"best response of player {br.seat} (leader {leader_text}): win {_pct(br.value)}")
        for binary, declared, cond, cards, reach in br.rows:
            notes.append(f"  {binary} {SUIT_TEXT[declared]} (p {reach}): play "
                         f"{' or '.join(c.ascii for c in cards)} (win {_pct(cond[cards[0]])})")
    if "limit" in options.extra and not nodes.enumerated:
        notes.append("not applied: -o limit (it bounds the deals of unseen cards enumerated for a strategy table; "
                     "here the followers' cards, and the leader's, are in closed form, no deal enumerated)")
    return result()


def _odds_of(o: ChoiceOdds) -> dict[str, str | float]:
    """A choice's odds as its move's value (with ``held``, the viewer's odds that the leader holds
    the card, where that is below 1)."""
    held = {} if o.held == 1 else {"held": o.held}
    return odds_value(win=o.win, penalty=o.penalty, **held)


def _odds_order(o: ChoiceOdds) -> tuple[Fraction, Fraction, str]:
    """The order of the moves: most likely to win first, then least likely to pay the penalty."""
    return (-o.win, o.penalty, o.text)


def _odds_concept(view: View) -> str:
    return f"round odds from player {view.viewer}'s view"


def _stopped_odds(view: View, done: list[ChoiceOdds], nodes: Nodes, start: float, notes: list[str]) -> SolveResult:
    """What round odds stopped by a limit (or Ctrl-C) finished (:attr:`SearchLimit.partial`): the
    choices valued, each exact, and the others unfinished, each with the bounds every choice has
    (win 0 to 1, penalty 0 to 1 for a lie); no value of the position (an unfinished choice may be
    the best) and no best choice."""
    finished = {(o.card, o.flip, o.declared) for o in done}
    unfinished = []
    for card, held, flip, _binary, declared in choices(view):
        if (card, flip, declared) in finished:
            continue
        extra = {} if held == 1 else {"held": held}
        unfinished.append(MoveBound(choice_text(view, card, flip, declared),
                                    odds_value(win=Fraction(0), penalty=Fraction(0), **extra),
                                    odds_value(win=Fraction(1), penalty=Fraction(card.suit != declared), **extra)))
    said = (f"stopped before the end: the round odds of {len(done)} of {len(done) + len(unfinished)} choices, each "
            "exact; the others unfinished (only their trivial bounds known), so no value and no best choice")
    return SolveResult(game=META.name, to_move=view.leader, value=None,
                       moves=[MoveValue(o.text, _odds_of(o)) for o in sorted(done, key=_odds_order)], pv=[],
                       nodes=nodes.count, seconds=time.perf_counter() - start, best=[], concept=_odds_concept(view),
                       notes=[*notes, said], value_kind="odds", unfinished=unfinished)
