"""Durak, fast: the same game as ``spec/durak.py`` (docs/durak-model.md) on integer bitmasks.

The rule decisions on masks that the native playout and the solver's searches share (which cards
beat which, the bout's limit and cap, when a transfer fits, ...), the move generators (the cards
that head a lead of several, cover a card, may be thrown in, may pass the bout on or be shown: what
:func:`legal` lists) and the flow of play (the thrower order, the draws, the next attacker, going
out, the end) live in :mod:`foolsolve.engines.durak_kernel`, and this module calls them too.

Card sets are Python ints with bit ``suit_slot * 16 + rank`` set per card (the stable index of
:mod:`foolsolve.cards`), so a suit is one 16-bit lane and a rank is one bit in each of the four
lanes. Set operations, "which hand cards beat this card" (:data:`BEATERS`, one mask per card and
trump suit) and "which hand cards match a rank on the table" (:func:`rank_set`, :func:`spread`)
are a few integer operations each.

:class:`EngineState` is a small mutable record with ``__slots__``; :meth:`DurakEngine.apply` copies
it (a handful of ints and one list) and mutates the copy, so every state handed out stays valid.
The table is kept as three masks (attack cards, cover cards, uncovered attack cards) plus the
tuple of covered ``(attack, cover)`` pairs that the spec's table needs.

Engine moves are 3-tuples of ints ``(kind, x, y)``; kinds are numbered like the spec's sort key:

* ``(ATTACK, mask, 0)``, ``(COVER, attack_index, card_index)``, ``(TRANSFER, mask, 0)``,
  ``(SHOW, card, 0)``, ``(THROW, card, 0)``, ``(TAKE, 0, 0)``, ``(PASS, 0, 0)``, and right after a
  deal ``(REDEAL, 0, 0)``, ``(KEEP, 0, 0)``; under ``trump_ace_exchange`` ``(EXCHANGE, six_index, 0)``.

:meth:`DurakEngine.move_to_spec` turns them into the spec's move objects and
:func:`move_text` into their text without building a spec state.

:func:`legal` generates the moves directly in the spec's sort order (leads depth-first from each
lowest card, covers by attack card then cover card, ...), so ``rng.choice`` over the engine's list
picks the same move as over the spec's. :meth:`DurakEngine.apply` checks a move against the list
:meth:`DurakEngine.legal_moves` last returned for the same state object instead of generating it
again. :meth:`DurakEngine.playout` (random games, exactly the spec's seeded games, 30-40x the
spec) runs natively in :mod:`foolsolve.engines.durak_playout`, a module of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from foolsolve.cards import FRENCH54, FRENCH_SUITS, JOKER_MASK, SUIT_BITS, Card
from foolsolve.engines import durak_kernel
from foolsolve.engines.durak_kernel import (
    CAPS,
    LEADER_DEFENDER,
    NO_FOOL,
    NO_TRUMP,
    PLAYING,
    SEAT_BITS,
    cover_cards,
    draw_order,
    fool,
    goes_out,
    lead_heads,
    next_leader,
    next_seat,
    refill,
    show_cards,
    show_fits,
    throw_cards,
    throw_ins_open,
    thrower_order,
    throwers_after,
    transfer_attacker,
    transfer_cards,
    transfer_room,
    transfer_set,
)
from foolsolve.errors import InputError, json_quoted
from foolsolve.game import Engine as _Engine
from foolsolve.game import IllegalMove, Result
from foolsolve.spec import durak as dspec

# --- named constants -------------------------------------------------------------------

HAND_SIZE = durak_kernel.HAND_SIZE
"""Players draw up to this many cards after each bout (001 §rules)."""

SUIT_LANE = (1 << SUIT_BITS) - 1
"""One suit's 16 bits (ranks 0..15) at slot 0."""
SUIT_MASKS: tuple[int, ...] = tuple(SUIT_LANE << (SUIT_BITS * s) & ~JOKER_MASK for s in range(4))
"""Every index position of each suit slot (clubs, diamonds, hearts, spades), but the Jokers' (a Joker is
of no suit: reconstruction ``joker_rank``)."""
NO_LIMIT = durak_kernel.NO_LIMIT
"""A bout limit larger than any hand (stock empty under ``six_then_hand``)."""
ALL_CARDS = (1 << 4 * SUIT_BITS) - 1
"""Every card index position."""
RANK_LANES = sum(1 << (SUIT_BITS * s) for s in range(4))
"""Bit 0 of every suit lane; ``RANK_LANES << r`` is every card of rank ``r``."""
RANK_MASKS: tuple[int, ...] = tuple(RANK_LANES << r for r in range(SUIT_BITS))
"""Every card (of any suit) of each rank 0..15."""
_HIGHER_SUITS = 1 << SUIT_BITS | 1 << 2 * SUIT_BITS | 1 << 3 * SUIT_BITS
"""``card_bit * _HIGHER_SUITS``: the card's rank in the three suit slots above it."""

ATTACK, COVER, TRANSFER, SHOW, THROW, TAKE, PASS, REDEAL, KEEP, EXCHANGE = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
"""Engine move kinds, numbered as the spec's sort key (docs/durak-model.md "Moves")."""
EXCHANGE_RANK, EXCHANGE_FOR = dspec.EXCHANGE_RANK, dspec.EXCHANGE_FOR
"""``trump_ace_exchange``: the six of trumps is given for the ace of trumps (001 §Translation)."""
REDEAL_SUIT_CARDS = 5
"""A player holding this many cards of one suit after the deal may demand a re-deal (001 §Card game)."""
SEED_BITS = 53
"""A re-deal's seed: ``rng.getrandbits(53)`` (docs/durak-model.md "The deal" and "REDEAL")."""

SIMPLE, PODKIDNOY, PEREVODNOY = 0, 1, 2
"""Variant codes."""

CARDS: dict[int, Card] = {c.index: c for c in FRENCH54.cards}
"""Card objects by stable index (the 36- and 52-card decks are subsets)."""
TEXT: dict[int, str] = {i: str(c) for i, c in CARDS.items()}
"""Glyph text of each card, as the spec's move strings print them."""
SUIT_SLOT: dict[str | None, int] = {s: i for i, s in enumerate(FRENCH_SUITS)} | {None: NO_TRUMP}


BEATERS = durak_kernel.BEATERS
"""``BEATERS[trump_slot][card_index]``: the mask of cards that beat that card (the rule lives in
:mod:`foolsolve.engines.durak_kernel`); ``BEATERS54`` with the Jokers (deck 54)."""
BEATERS54 = durak_kernel.BEATERS54


def rank_set(mask: int) -> int:
    """The ranks present in a card mask, as a 16-bit set (bit ``r`` = rank ``r``)."""
    return (mask | mask >> 16 | mask >> 32 | mask >> 48) & SUIT_LANE


def spread(ranks: int) -> int:
    """Every card whose rank is in the 16-bit rank set ``ranks``."""
    return ranks * RANK_LANES


def bits(mask: int) -> Iterator[int]:
    """Card indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_text(mask: int) -> str:
    """Glyph text of the cards of a mask, in index order."""
    return " ".join(TEXT[i] for i in bits(mask))


# --- rules ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EngineRules:
    """The spec's :class:`~foolsolve.spec.durak.Rules` as flags the engine tests quickly."""

    variant: int
    deck: int
    first_limit: int
    first_take6: bool
    six_always: bool
    throw_after_take: bool
    neighbours: bool
    show_trump: bool
    transfer_first: bool
    transfer_blocked: bool
    lastdef_loses: bool
    lead_stays: bool = False
    """``transfer_lead == "bout_leader"``: a transfer leaves the lead attacker in place."""
    trump_laid: bool = True
    """``transfer_trump_laid``: under ``transfer_blocked``, a trump of the attack's rank may pass the bout on
    (false: the trump laid or shown counts as a trump on the table, so none does)."""
    redeal: bool = False
    """``redeal_right``: a deal opens the redeal phase when a hand holds 5 or more cards of one suit."""
    places: int = 0
    """``places``: 0 fool, 1 even (place k pays (n+1-2k)/(n-1)), 2 first_last (+1 first, -1 last)."""
    teams: bool = False
    """``teams`` (2v2 or 3v3): partners sit alternately (team ``p % 2``)."""
    exchange: bool = False
    """``trump_ace_exchange``: the lead attacker may give the six of trumps for the trump ace under the stock."""
    side: bool = False
    """Some side rule (:data:`foolsolve.spec.durak.SIDE_OPTIONS`) is on: the native playout does not play it."""

    @property
    def throw_ins(self) -> bool:
        """Podkidnoy and perevodnoy have throw-ins."""
        return self.variant != SIMPLE

    def barred(self, tmask: int) -> int:
        """The kernel's ``barred`` cards of :func:`~foolsolve.engines.durak_kernel.transfer_cards` under the
        trump suit's mask ``tmask`` (0 with no trump suit): the trumps under ``transfer_blocked`` when
        ``transfer_trump_laid`` is false, else none."""
        return tmask if self.transfer_blocked and not self.trump_laid else 0


_VARIANTS = {dspec.SIMPLE: SIMPLE, dspec.PODKIDNOY: PODKIDNOY, dspec.PEREVODNOY: PEREVODNOY}
_EROLES: dict[dspec.Rules, EngineRules] = {}


def erules(rules: dspec.Rules) -> EngineRules:
    """The engine flags of a spec rules value (cached)."""
    e = _EROLES.get(rules)
    if e is None:
        try:
            variant = _VARIANTS[rules.variant]
        except KeyError:
            raise InputError(f"rules.variant: unknown variant {json_quoted(rules.variant)}") from None
        e = EngineRules(variant=variant, deck=rules.deck, first_limit=rules.first_bout_limit,
                   first_take6=rules.first_bout_sixth_after_take,
                   six_always=rules.bout_limit == "six", throw_after_take=rules.throw_in_after_take,
                   neighbours=rules.throwers == "neighbours", show_trump=rules.transfer_by_showing_trump,
                   transfer_first=rules.transfer_first_bout, transfer_blocked=rules.transfer_blocked_by_trump,
                   lastdef_loses=rules.draw_outcome == "last_defender_loses",
                   lead_stays=rules.transfer_lead == "bout_leader", trump_laid=rules.transfer_trump_laid,
                   redeal=rules.redeal_right,
                   places={"fool": 0, "even": 1, "first_last": 2}[rules.places],
                   teams=rules.teams != dspec.NO_TEAMS, exchange=rules.trump_ace_exchange, side=bool(dspec.side_options(rules)))
        _EROLES[rules] = e
    return e


# --- state ---------------------------------------------------------------------------------


class EngineState:
    """One position. Mutable only inside :class:`DurakEngine` (``apply`` copies first)."""

    __slots__ = ("attacker", "covers", "defender", "discard", "dstart", "er", "first_bout", "hands", "known",
                 "last_defender", "n", "out", "places", "rules", "seed", "shown", "stock", "taking", "tatt", "tcov",
                 "to_move", "trump", "turned", "unc")

    rules: dspec.Rules
    er: EngineRules
    n: int
    hands: list[int]
    stock: tuple[int, ...]
    trump: int
    discard: int
    out: tuple[int, ...]
    attacker: int
    defender: int
    tatt: int
    tcov: int
    unc: int
    covers: tuple[tuple[int, int], ...]
    to_move: int
    taking: bool
    first_bout: bool
    dstart: int
    shown: int
    last_defender: int
    seed: int | None
    """The redeal phase: the hidden seed of the next shuffle (``None`` once play has begun)."""
    places: tuple[int, ...]
    """Under ``places``: the finishing place of each player of ``out`` (ties share); else empty."""
    known: tuple[int, ...]
    """Knowledge only, out of :meth:`key`: per player, a mask holding the cards she picked up in a
    take (``()``: none); only a take sets it, and :func:`to_spec_state` keeps the cards still in
    the hand (a card that left a hand comes back only by a take, or never)."""
    turned: int
    """Knowledge only, out of :meth:`key`: the index of the card a deal that leaves no stock turned up
    (the last card dealt, spec ``State.turned``), ``-1`` for none; :func:`to_spec_state` makes it
    known in the last hand while that hand holds it."""

    def copy(self) -> EngineState:
        """A copy sharing nothing mutable."""
        s = EngineState.__new__(EngineState)
        s.rules = self.rules
        s.er = self.er
        s.n = self.n
        s.hands = self.hands[:]
        s.stock = self.stock
        s.trump = self.trump
        s.discard = self.discard
        s.out = self.out
        s.attacker = self.attacker
        s.defender = self.defender
        s.tatt = self.tatt
        s.tcov = self.tcov
        s.unc = self.unc
        s.covers = self.covers
        s.to_move = self.to_move
        s.taking = self.taking
        s.first_bout = self.first_bout
        s.dstart = self.dstart
        s.shown = self.shown
        s.last_defender = self.last_defender
        s.seed = self.seed
        s.places = self.places
        s.known = self.known
        s.turned = self.turned
        return s

    def key(self) -> tuple[Any, ...]:
        """Every field the rules read (the rules by their flags; not ``known``): equal keys mean equal
        positions up to what the players know."""
        return (self.er, self.n, tuple(self.hands), self.stock, self.trump, self.discard, self.out,
                self.attacker, self.defender, self.tatt, self.unc, self.covers, self.to_move, self.taking,
                self.first_bout, self.dstart, self.shown, self.last_defender, self.seed, self.places)

    def __repr__(self) -> str:
        hands = " | ".join(mask_text(h) for h in self.hands)
        return (f"EngineState(hands=[{hands}], stock={len(self.stock)}, att={self.attacker}, def={self.defender}, "
                f"table=[{mask_text(self.tatt)} / {mask_text(self.tcov)}], to_move={self.to_move})")


def next_player(s: EngineState, p: int, out: tuple[int, ...] | None = None) -> int:
    """The next player after ``p`` (clockwise) who is not out (:func:`durak_kernel.next_seat`)."""
    return next_seat(p, s.n, seat_mask(s.out if out is None else out))


@cache
def seat_mask(seats: tuple[int, ...]) -> int:
    """The seats as a mask (bit ``p`` for seat ``p``), as the kernel takes the players out."""
    m = 0
    for p in seats:
        m |= 1 << p
    return m


def seat_list(packed: int) -> list[int]:
    """The seats of a list packed by the kernel (:data:`durak_kernel.SEAT_BITS`), in order."""
    out = []
    while packed:
        out.append((packed & 15) - 1)
        packed >>= SEAT_BITS
    return out


_THROWERS: dict[tuple[int, int, int, tuple[int, ...], bool, bool], tuple[list[int], list[list[int]]]] = {}
"""The thrower lists met so far (:func:`thrower_lists`), by attacker, defender, seats, players out
and the throwers rule (a few thousand at most: they depend on the seats only)."""
_DRAWS: dict[tuple[int, int, int, int], list[int]] = {}
"""The draw orders met so far (:func:`durak_kernel.draw_order`), by its arguments."""
REFILL: tuple[tuple[int, ...], ...] = tuple(
    tuple(refill(held, left) for held in range(4 * SUIT_BITS + 1)) for left in range(4 * SUIT_BITS + 1))
"""``REFILL[left][held]``: :func:`durak_kernel.refill` by table (how many cards a hand of ``held``
draws from a stock of ``left``), read at every draw."""
LEADS_AFTER: tuple[tuple[bool, ...], ...] = tuple(
    tuple(next_leader(taken, out) != LEADER_DEFENDER for out in (0, 1)) for taken in (0, 1))
"""``LEADS_AFTER[taken][defender_out]``: :func:`durak_kernel.next_leader` by table (whether the
next player after the defender leads the next bout, else the defender), read at every bout's end."""


def opponent_after(s: EngineState, p: int) -> int:
    """Who ``p`` attacks or transfers to: the next player not out; under ``teams`` of the other team."""
    if not s.er.teams:
        return next_player(s, p)
    n = s.n
    for i in range(1, n):
        q = (p + i) % n
        if q not in s.out and (q ^ p) & 1:
            return q
    return next_player(s, p)


def over(s: EngineState) -> bool:
    """At most one player in; under ``teams``, every player in is of one team."""
    if s.n - len(s.out) <= 1:
        return True
    if not s.er.teams:
        return False
    return len({p & 1 for p in range(s.n) if p not in s.out}) == 1


def bout_limit(s: EngineState) -> int:
    """docs/durak-model.md "Caps" (:func:`durak_kernel.bout_limit`)."""
    er = s.er
    return durak_kernel.bout_limit(s.first_bout, s.taking, er.first_limit, er.first_take6, er.six_always,
                                   len(s.stock))


def cap(s: EngineState) -> int:
    """``min(defender_start, limit)``: the most attack cards the bout may hold."""
    er = s.er
    limit = durak_kernel.bout_limit(s.first_bout, s.taking, er.first_limit, er.first_take6, er.six_always,
                                    len(s.stock))
    return CAPS[limit][s.dstart]  # bout_cap(s.dstart, limit)


def thrower_lists(attacker: int, defender: int, n: int, gone: int, neighbours: bool) -> tuple[list[int], list[list[int]]]:
    """The throwers in priority order (docs/durak-model.md "THROW", :func:`durak_kernel.thrower_order`),
    and who is asked next after each seat ``p`` passes (``[2 * p]``) or throws in to a taker
    (``[2 * p + 1]``, :func:`durak_kernel.throwers_after`), as lists of seats."""
    packed = thrower_order(attacker, defender, n, gone, neighbours)
    return seat_list(packed), [seat_list(throwers_after(packed, p, again)) for p in range(n) for again in (0, 1)]


def _throwers(s: EngineState) -> tuple[list[int], list[list[int]]]:
    """:func:`thrower_lists` of this bout (kept: lists shared between calls, not to be changed)."""
    key = (s.attacker, s.defender, s.n, s.out, s.er.neighbours, s.er.teams)
    got = _THROWERS.get(key)
    if got is None:
        got = thrower_lists(s.attacker, s.defender, s.n, seat_mask(s.out), s.er.neighbours)
        if s.er.teams:  # nobody throws in to a partner (001 §Variants)
            got = ([q for q in got[0] if (q ^ s.defender) & 1], [[q for q in a if (q ^ s.defender) & 1] for a in got[1]])
        _THROWERS[key] = got
    return got


def throwers(s: EngineState) -> list[int]:
    """The throwers in priority order (docs/durak-model.md "THROW", :func:`durak_kernel.thrower_order`;
    a list shared between calls: not to be changed)."""
    return _throwers(s)[0]


def throwable(s: EngineState, p: int) -> int:
    """The cards ``p`` may throw in now (0 if none): a rank on the table, the bout below its cap."""
    er = s.er
    if not throw_ins_open(er.variant != SIMPLE, s.taking, er.throw_after_take) or (s.tatt.bit_count() + 1) > cap(s):
        return 0
    if er.teams and not (p ^ s.defender) & 1:  # nobody throws in to a partner
        return 0
    return throw_cards(s.hands[p], s.tatt | s.tcov)


def game_result(s: EngineState) -> Result | None:
    """docs/durak-model.md "End of the game" (``None`` while two or more players are in;
    :func:`durak_kernel.fool`; under the side rules teams and places, :func:`over` and their results)."""
    if s.er.teams or s.er.places:
        n = s.n
        if not over(s):
            return None
        left = [p for p in range(n) if p not in s.out]
        if s.er.places:
            return _place_result(n, s.er.places, s.out, s.places, left[0] if left else None, s.last_defender,
                                 s.er.lastdef_loses)
        if not left and not s.er.lastdef_loses:
            return _final_result(n, None)
        return _team_result(n, (left[0] if left else s.last_defender) & 1)
    f = fool(s.n, seat_mask(s.out), s.last_defender, s.er.lastdef_loses)
    if f == PLAYING:
        return None
    return _final_result(s.n, None if f == NO_FOOL else f)


def _place_pay(kind: int, place: int, n: int) -> Fraction:
    if kind == 2:
        return Fraction(1 if place == 1 else -1 if place == n else 0)
    return Fraction(n + 1 - 2 * place, n - 1)


@cache
def _place_result(n: int, kind: int, out: tuple[int, ...], places: tuple[int, ...], last: int | None,
                  last_defender: int, lastdef_loses: bool) -> Result:
    """Places: each group out together shares the places it spans; ``last`` (holding cards) is last; nobody
    left under ``last_defender_loses``: the last defender is last, the rest of the group shares."""
    finish = dict(zip(out, places, strict=True))
    if last is not None:
        finish[last] = n
    groups: dict[int, list[int]] = {}
    for p, k in finish.items():
        groups.setdefault(k, []).append(p)
    if last is None and lastdef_loses:
        top = max(groups)
        if len(groups[top]) > 1 and last_defender in groups[top]:
            groups[top].remove(last_defender)
            groups[n] = [last_defender]
    pay = [Fraction(0)] * n
    fin = [0] * n
    for k, members in groups.items():
        share = sum((_place_pay(kind, k + i, n) for i in range(len(members))), Fraction(0)) / len(members)
        for p in members:
            pay[p], fin[p] = share, k
    order = sorted(range(n), key=lambda q: (fin[q], q))
    return Result(tuple(pay), "places: " + ", ".join(f"{fin[q]}. player {q}" for q in order), (("places", fin),))


@cache
def _team_result(n: int, losers: int) -> Result:
    """Team play: team ``losers`` (players ``p % 2 == losers``) loses together."""
    members = ", ".join(str(p) for p in range(n) if p % 2 == losers)
    return Result(tuple(Fraction(-1) if p % 2 == losers else Fraction(1) for p in range(n)),
                  f"fools: team {losers} (players {members})")


@cache
def _final_result(n: int, fool: int | None) -> Result:
    """The result of an ``n``-player game lost by ``fool`` (``None``: a draw). Cached: a result is
    immutable, and building its fractions costs about as much as 3% of a whole random playout."""
    if fool is None:
        return Result(tuple(Fraction(0) for _ in range(n)), "draw")
    win = Fraction(1, n - 1)
    return Result(tuple(Fraction(-1) if p == fool else win for p in range(n)), f"fool: player {fool}")


# --- transitions (mutate a fresh copy) --------------------------------------------------


def _end_bout(s: EngineState, taken: bool) -> None:
    """Close the bout: discard or pick up the table, draw, go out, set up the next bout."""
    table = s.tatt | s.tcov
    d = s.defender
    hands = s.hands
    if taken:
        hands[d] |= table
        known = list(s.known or (0,) * s.n)  # picked up in view of all
        known[d] = (known[d] & hands[d]) | table
        s.known = tuple(known)
    else:
        s.discard |= table
    s.tatt = s.tcov = s.unc = 0
    s.covers = ()
    n = s.n
    att = s.attacker
    stock = s.stock
    gone = seat_mask(s.out)
    if stock:
        # draw order: the lead attacker first, clockwise, the defender last (001 §rules)
        pos, size = 0, len(stock)
        key = (att, d, n, gone)
        order = _DRAWS.get(key)
        if order is None:
            order = _DRAWS[key] = seat_list(draw_order(att, d, n, gone))
        for p in order:
            h = hands[p]
            need = REFILL[size - pos][h.bit_count()]
            if need:
                for i in stock[pos:pos + need]:
                    h |= 1 << i
                hands[p] = h
                pos += need
                if pos >= size:
                    break
        s.stock = stock = stock[pos:]
    now = gone
    if 0 in hands:  # who goes out (an empty hand at least)
        empty = 0
        for p in range(n):
            if not hands[p]:
                empty |= 1 << p
        now = goes_out(empty, gone, len(stock))
        if now != gone:  # in seat order, after those out before
            new = tuple(p for p in range(n) if (now ^ gone) >> p & 1)
            if s.er.places:
                s.places = s.places + (len(s.out) + 1,) * len(new)
            s.out = s.out + new
    s.taking = False
    s.first_bout = False
    s.shown = 0
    s.last_defender = d
    if now != gone and (fool(n, now, d, s.er.lastdef_loses) != PLAYING or (s.er.teams and over(s))):
        s.to_move = att
        s.dstart = hands[d].bit_count()
        return
    nxt = next_seat(d, n, now) if LEADS_AFTER[taken][now >> d & 1] else d
    s.attacker = nxt
    s.defender = opponent_after(s, nxt) if s.er.teams else next_seat(nxt, n, now)
    s.to_move = nxt
    s.dstart = hands[s.defender].bit_count()


def _start_throwing(s: EngineState, candidates: Sequence[int]) -> None:
    """The first candidate with a legal throw moves; nobody: the bout ends."""
    er = s.er
    if throw_ins_open(er.variant != SIMPLE, s.taking, er.throw_after_take) and s.tatt.bit_count() < cap(s):
        ranks = throw_cards(ALL_CARDS, s.tatt | s.tcov)  # every card of a rank on the table
        hands = s.hands
        for p in candidates:
            if hands[p] & ranks:
                s.to_move = p
                return
    _end_bout(s, s.taking)


def legal(s: EngineState) -> list[tuple[int, int, int]]:
    """Every legal engine move, generated directly in the spec's sort order (no sort needed)."""
    if s.seed is not None:  # REDEAL: right after the deal
        return [_REDEAL, _KEEP]
    if over(s):
        return []
    out: list[tuple[int, int, int]] = []
    tatt = s.tatt
    if not tatt:  # LEAD
        _attacks(out, s.hands[s.attacker], cap(s))
        if s.er.exchange and s.trump != NO_TRUMP and s.stock:
            six = s.trump * SUIT_BITS + EXCHANGE_RANK
            if s.stock[-1] == s.trump * SUIT_BITS + EXCHANGE_FOR and s.hands[s.attacker] >> six & 1:
                out.append((EXCHANGE, six, 0))  # kind 10 sorts after every lead
        return out
    if s.unc and not s.taking:  # DEFEND
        hand = s.hands[s.defender]
        beat = BEATERS54[s.trump] if s.er.deck == 54 else BEATERS[s.trump]
        u = s.unc
        while u:
            ab = u & -u
            u ^= ab
            a = ab.bit_length() - 1
            m = cover_cards(hand, beat[a])
            while m:
                cb = m & -m
                m ^= cb
                out.append((COVER, a, cb.bit_length() - 1))
        er = s.er
        if er.variant == PEREVODNOY:
            trump = s.trump
            tmask = SUIT_MASKS[trump] if trump != NO_TRUMP else 0
            same = transfer_cards(hand, tatt, s.tcov, s.first_bout, er.transfer_first, er.transfer_blocked, tatt & tmask,
                                  er.barred(tmask))
            if same:
                held = s.hands[opponent_after(s, s.defender)].bit_count()
                a = tatt.bit_count()
                limit = bout_limit(s)
                room = transfer_room(held, a, limit)
                i = 0
                while m := transfer_set(same, room, i):  # one card or several, in the spec's order
                    out.append((TRANSFER, m, 0))
                    i += 1
                if er.show_trump and trump != NO_TRUMP and show_fits(held, a, limit):
                    _one_card_moves(out, SHOW, show_cards(same, tmask, s.shown))
        out.append(_TAKE)
        return out
    # THROW
    _one_card_moves(out, THROW, throwable(s, s.to_move))
    out.append(_PASS)
    return out


def _one_card_moves(out: list[tuple[int, int, int]], kind: int, mask: int) -> None:
    """Append ``(kind, card, 0)`` for every card of ``mask``, lowest first (show, throw)."""
    while mask:
        cb = mask & -mask
        mask ^= cb
        out.append((kind, cb.bit_length() - 1, 0))


_TAKE = (TAKE, 0, 0)
_PASS = (PASS, 0, 0)
_REDEAL = (REDEAL, 0, 0)
_KEEP = (KEEP, 0, 0)


def _attacks(out: list[tuple[int, int, int]], hand: int, k: int) -> None:
    """Append every lead (one card, or up to ``k`` of one rank) in the spec's order: by the
    sorted tuple of card indices, i.e. a depth-first walk from each lowest card."""
    if k < 1:
        return
    dup = lead_heads(hand, k)  # the cards heading a lead of several cards
    h = hand
    while h:
        b = h & -h
        h ^= b
        out.append((ATTACK, b, 0))
        if b & dup:
            _attack_sets(out, b, hand & b * _HIGHER_SUITS, k - 1)


def _attack_sets(out: list[tuple[int, int, int]], prefix: int, rest: int, k: int) -> None:
    """Append ``prefix`` plus each non-empty subset of ``rest`` of at most ``k`` cards, in
    lexicographic order of the sorted index tuples."""
    while rest:
        d = rest & -rest
        rest ^= d
        m = prefix | d
        out.append((ATTACK, m, 0))
        if rest and k > 1:
            _attack_sets(out, m, rest, k - 1)


def play(s: EngineState, m: tuple[int, int, int]) -> EngineState:
    """The successor of ``s`` after the (legal) engine move ``m``; ``s`` is not changed."""
    kind, x, y = m
    if kind == REDEAL:  # the whole deck again, shuffled by the hidden seed
        assert s.seed is not None
        return deal(s.rules, s.n, random.Random(s.seed))
    t = s.copy()
    if kind == KEEP:
        later = [p for p in _may_redeal(t.hands) if p > t.to_move]
        if later:
            t.to_move = later[0]
        else:
            t.seed = None
            t.to_move = t.attacker
    elif kind == COVER:
        t.hands[t.defender] &= ~(1 << y)
        t.unc &= ~(1 << x)
        t.tcov |= 1 << y
        t.covers = (*t.covers, (x, y))
        if not t.unc:
            if not throw_ins_open(t.er.variant != SIMPLE, False, t.er.throw_after_take):  # simple: no throw-ins
                _end_bout(t, False)
            else:
                _start_throwing(t, throwers(t))
    elif kind == THROW:
        p = t.to_move
        t.hands[p] &= ~(1 << x)
        t.tatt |= 1 << x
        t.unc |= 1 << x
        if not t.taking:
            t.to_move = t.defender
        else:
            _start_throwing(t, _throwers(t)[1][2 * p + 1])
    elif kind == PASS:
        _start_throwing(t, _throwers(t)[1][2 * t.to_move])
    elif kind == ATTACK:
        t.hands[t.attacker] &= ~x
        t.tatt = t.unc = x
        t.to_move = t.defender
    elif kind == EXCHANGE:  # the six under the stock in the ace's place, the ace to the attacker
        ace = t.stock[-1]
        t.hands[t.attacker] = (t.hands[t.attacker] & ~(1 << x)) | 1 << ace
        t.stock = (*t.stock[:-1], x)
        known = list(t.known or (0,) * t.n)  # the ace is taken in view of all; the six leaves the hand, and
        known[t.attacker] = (known[t.attacker] & ~(1 << x)) | 1 << ace  # is no longer known there if drawn back
        t.known = tuple(known)
    elif kind == TAKE:
        t.taking = True
        if throw_ins_open(t.er.variant != SIMPLE, True, t.er.throw_after_take):
            _start_throwing(t, throwers(t))
        else:
            _end_bout(t, True)
    elif kind == TRANSFER or kind == SHOW:
        nd = opponent_after(t, t.defender)
        if kind == TRANSFER:  # x: the cards laid
            t.hands[t.defender] &= ~x
            t.tatt |= x
            t.unc |= x
        else:
            t.shown |= 1 << x
        t.attacker = transfer_attacker(t.attacker, t.defender, nd, t.er.lead_stays)
        t.defender = nd
        t.to_move = nd
        t.dstart = t.hands[nd].bit_count()
    else:
        raise IllegalMove(f"unknown engine move {m!r}")
    return t


def move_text(m: tuple[int, int, int]) -> str:
    """The spec's text of an engine move (``attack 9♠ 9♥``, ``cover 9♥ with J♥``, ``take`` ...)."""
    kind, x, y = m
    if kind == ATTACK:
        return "attack " + mask_text(x)
    if kind == COVER:
        return f"cover {TEXT[x]} with {TEXT[y]}"
    if kind == TRANSFER:
        return "transfer " + mask_text(x)
    if kind == SHOW:
        return f"show {TEXT[x]}"
    if kind == THROW:
        return f"throw {TEXT[x]}"
    if kind == EXCHANGE:
        return f"exchange {TEXT[x]}"
    if kind == REDEAL:
        return "redeal"
    if kind == KEEP:
        return "keep"
    return "take" if kind == TAKE else "pass"


def _move_label(m: Any) -> str:
    """:func:`move_text`, or the raw value for something that is not an engine move of real cards."""
    try:
        return move_text(m)
    except (KeyError, TypeError, ValueError):
        return repr(m)


# --- conversion ------------------------------------------------------------------------


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def from_spec_state(st: dspec.State) -> EngineState:
    """The engine state equal to a spec state."""
    s = EngineState.__new__(EngineState)
    s.rules = st.rules
    s.er = erules(st.rules)
    s.n = st.players
    s.hands = [_mask(h) for h in st.hands]
    s.stock = tuple(c.index for c in st.stock)
    s.trump = SUIT_SLOT[st.trump]
    s.discard = _mask(st.discard)
    s.out = tuple(st.out)
    s.attacker = st.attacker
    s.defender = st.defender
    tatt = tcov = unc = 0
    covers = []
    for a, c in st.table:
        tatt |= 1 << a.index
        if c is None:
            unc |= 1 << a.index
        else:
            tcov |= 1 << c.index
            covers.append((a.index, c.index))
    s.tatt, s.tcov, s.unc, s.covers = tatt, tcov, unc, tuple(covers)
    s.to_move = st.to_move
    s.taking = st.taking
    s.first_bout = st.first_bout
    s.dstart = st.defender_start
    s.shown = _mask(st.shown)
    s.last_defender = st.last_defender
    s.seed = st.redeal_seed
    s.places = st.places
    s.known = tuple(_mask(k) for k in st.known)
    s.turned = -1 if st.turned is None else st.turned.index
    return s


def _cards(mask: int) -> frozenset[Card]:
    return frozenset(CARDS[i] for i in bits(mask))


def to_spec_state(s: EngineState) -> dspec.State:
    """The spec state equal to an engine state."""
    cover_of = dict(s.covers)
    table = tuple((CARDS[a], CARDS[cover_of[a]] if a in cover_of else None) for a in bits(s.tatt))
    return dspec.State(
        rules=s.rules, players=s.n, hands=tuple(_cards(h) for h in s.hands),
        stock=tuple(CARDS[i] for i in s.stock), trump=None if s.trump == NO_TRUMP else FRENCH_SUITS[s.trump],
        discard=_cards(s.discard), out=s.out, attacker=s.attacker, defender=s.defender, table=table,
        to_move=s.to_move, taking=s.taking, first_bout=s.first_bout, defender_start=s.dstart,
        shown=_cards(s.shown), last_defender=s.last_defender, redeal_seed=s.seed, places=s.places,
        known=tuple(_cards(k & h) for k, h in zip(s.known, s.hands)), turned=None if s.turned < 0 else CARDS[s.turned])


_MOVE_CLASSES = (dspec.Attack, dspec.Cover, dspec.Transfer, dspec.ShowTrump, dspec.Throw, dspec.Take, dspec.Pass,
                 dspec.Redeal, dspec.Keep, dspec.Exchange)


def to_spec_move(m: tuple[int, int, int]) -> dspec.Move:
    """The spec move object of an engine move."""
    kind, x, y = m
    if kind == ATTACK:
        return dspec.Attack(tuple(CARDS[i] for i in bits(x)))
    if kind == COVER:
        return dspec.Cover(CARDS[x], CARDS[y])
    if kind == TRANSFER:
        return dspec.Transfer(tuple(CARDS[i] for i in bits(x)))
    if kind == SHOW:
        return dspec.ShowTrump(CARDS[x])
    if kind == THROW:
        return dspec.Throw(CARDS[x])
    if kind == EXCHANGE:
        return dspec.Exchange(CARDS[x])
    if kind == TAKE:
        return dspec.Take()
    if kind == REDEAL:
        return dspec.Redeal()
    if kind == KEEP:
        return dspec.Keep()
    return dspec.Pass()


def from_spec_move(mv: dspec.Move) -> tuple[int, int, int]:
    """The engine move of a spec move (no legality check)."""
    if isinstance(mv, dspec.Attack):
        return (ATTACK, _mask(mv.cards), 0)
    if isinstance(mv, dspec.Cover):
        return (COVER, mv.attack.index, mv.card.index)
    if isinstance(mv, dspec.Transfer):
        return (TRANSFER, _mask(mv.cards), 0)
    if isinstance(mv, dspec.ShowTrump):
        return (SHOW, mv.card.index, 0)
    if isinstance(mv, dspec.Throw):
        return (THROW, mv.card.index, 0)
    if isinstance(mv, dspec.Exchange):
        return (EXCHANGE, mv.card.index, 0)
    if isinstance(mv, dspec.Take):
        return (TAKE, 0, 0)
    if isinstance(mv, dspec.Pass):
        return (PASS, 0, 0)
    if isinstance(mv, dspec.Redeal):
        return _REDEAL
    if isinstance(mv, dspec.Keep):
        return _KEEP
    raise IllegalMove(f"not a Durak move: {mv!r}")


def _may_redeal(hands: list[int]) -> list[int]:
    """The players holding 5 or more cards of one suit, in player order (who is asked, in turn)."""
    return [p for p, h in enumerate(hands)
            if any((h & lane).bit_count() >= REDEAL_SUIT_CARDS for lane in SUIT_MASKS)]


def deal(rules: dspec.Rules, players: int, rng: random.Random) -> EngineState:
    """A new deal, card for card the spec's (same ``rng`` calls, docs/durak-model.md "The deal"):
    then, under ``redeal_right`` with a hand of 5 or more cards of one suit, the redeal phase with
    the next shuffle's seed ``rng.getrandbits(SEED_BITS)`` (drawn only then)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= dspec.MAX_PLAYERS:
        raise InputError(f"players: must be 2..{dspec.MAX_PLAYERS}, got {players!r}")
    if players > dspec.DECK_PLAYERS[rules.deck]:
        raise InputError(f"players: {players} players need the 54-card deck")
    if rules.teams != dspec.NO_TEAMS and players != dspec.TEAM_PLAYERS[rules.teams]:
        raise InputError(f"players: teams {rules.teams} needs {dspec.TEAM_PLAYERS[rules.teams]} players, got {players}")
    if rules.teams != dspec.NO_TEAMS and rules.places != "fool":
        raise InputError("rules.places: places and teams do not combine")
    er = erules(rules)
    deck = list(rules.deck_cards.cards)
    rng.shuffle(deck)
    idx = [c.index for c in deck]
    s = EngineState.__new__(EngineState)
    s.rules, s.er, s.n = rules, er, players
    s.hands = [_mask(deck[HAND_SIZE * i: HAND_SIZE * i + HAND_SIZE]) for i in range(players)]
    rest = idx[HAND_SIZE * players:]
    if rest:
        k = 0
        while JOKER_MASK >> rest[k] & 1:  # a Joker turned up: the next card is turned (spec "joker_turned")
            k += 1
        s.trump = rest[k] // SUIT_BITS
        s.stock = (*rest[:k], *rest[k + 1:], rest[k])
        s.turned = -1
    else:  # the last card dealt is turned up for all (spec "turned_shown")
        s.trump = idx[-1] // SUIT_BITS
        s.stock = ()
        s.turned = idx[-1]
    attacker, best = 0, None
    for p, h in enumerate(s.hands):
        t = h & SUIT_MASKS[s.trump]
        if t:
            low = (t & -t).bit_length() - 1
            if best is None or low < best:
                best, attacker = low, p
    s.discard, s.out = 0, ()
    s.attacker, s.defender = attacker, (attacker + 1) % players
    s.tatt = s.tcov = s.unc = 0
    s.covers = ()
    s.to_move, s.taking, s.first_bout = attacker, False, True
    s.dstart = s.hands[s.defender].bit_count()
    s.shown, s.last_defender = 0, s.defender
    s.seed = None
    s.places = ()
    s.known = ()
    if er.redeal:
        askers = _may_redeal(s.hands)
        if askers:
            s.seed = rng.getrandbits(SEED_BITS)
            s.to_move = askers[0]
    return s


# --- the Engine interface -------------------------------------------------------------------


class DurakEngine(_Engine[EngineState, tuple[int, int, int]]):
    """Durak on bitmasks; agrees with :class:`foolsolve.spec.durak.DurakSpec` move for move."""

    spec = dspec.SPEC

    def from_spec(self, state: dspec.State) -> EngineState:
        """See :func:`from_spec_state`."""
        return from_spec_state(state)

    def to_spec(self, state: EngineState) -> dspec.State:
        """See :func:`to_spec_state`."""
        return to_spec_state(state)

    def __init__(self) -> None:
        self._last: tuple[EngineState | None, list[tuple[int, int, int]]] = (None, [])
        self._native_playout: Callable[[], Callable[..., tuple[EngineState, int]]] | None = None
        """:func:`foolsolve.engines.durak_playout.native`, once a playout ran: which native playout runs."""

    def observation(self, state: EngineState, player: int) -> dict[str, Any]:
        """What ``player`` sees (as the spec's view): the public part of the position, the
        player's own hand, every hand's size (from the engine's masks) and the stock's size and
        face-up bottom card."""
        spec_state = to_spec_state(state)
        obj = dspec.SPEC.state_to_json(spec_state)
        del obj["hands"], obj["stock"]
        obj.pop("redeal_seed", None)  # hidden, as the stock's order
        obj["player"] = player
        obj["hand"] = [c.ascii for c in sorted(spec_state.hands[player])]
        obj["hand_sizes"] = [h.bit_count() for h in state.hands]
        obj["stock_size"] = len(state.stock)
        obj["stock_bottom"] = spec_state.stock[-1].ascii if state.stock else None
        return obj

    def legal_moves(self, state: EngineState) -> list[tuple[int, int, int]]:
        """See :func:`legal`. The engine remembers the last list it handed out, so that
        :meth:`apply` on the same state object checks the move against it instead of
        generating the moves a second time (states are never changed once handed out)."""
        moves = legal(state)
        self._last = (state, moves)
        return moves[:]

    def move_to_spec(self, state: EngineState, move: tuple[int, int, int]) -> dspec.Move:
        """See :func:`to_spec_move`."""
        return to_spec_move(move)

    def deals_anew(self, state: EngineState, move: tuple[int, int, int]) -> bool:
        """Only a re-deal deals anew."""
        return move[0] == REDEAL

    def move_from_spec(self, state: EngineState, move: Any) -> tuple[int, int, int]:
        """The engine move of a legal spec move; :class:`IllegalMove` otherwise."""
        if not isinstance(move, _MOVE_CLASSES):
            raise IllegalMove(f"not a Durak move: {move!r}")
        m = from_spec_move(move)
        if m not in legal(state):
            raise IllegalMove(f"move {move} is not legal here")
        return m

    def apply(self, state: EngineState, move: tuple[int, int, int]) -> EngineState:
        """See :func:`play`; :class:`IllegalMove` unless ``move`` is one of :func:`legal` (the list
        :meth:`legal_moves` last returned for this very state object, else a fresh one)."""
        last, moves = self._last
        if last is not state:
            moves = legal(state)
        if move not in moves:
            raise IllegalMove(f"move {_move_label(move)} is not legal here")
        return play(state, move)

    def apply_unchecked(self, state: EngineState, move: tuple[int, int, int]) -> EngineState:
        """:func:`play` without the legality check (for searches and playouts)."""
        return play(state, move)

    def playout(self, state: EngineState, rng: random.Random,
                max_moves: int | None = None) -> tuple[EngineState, int]:
        """The generic loop ``apply_unchecked(s, rng.choice(legal_moves(s)))``, move for move, run
        natively on one private copy of the position: the compiled playout
        (``durak_playout_compiled.playout``) when numba's cache holds it, else the Python one
        (``durak_playout.playout``), the same game either way (``durak_playout.native`` chooses;
        imported when a playout first runs). Under a side rule the native loop does not play
        (:data:`foolsolve.spec.durak.SIDE_OPTIONS`), the generic loop runs."""
        if state.er.side:
            return super().playout(state, rng, max_moves)
        native = self._native_playout
        if native is None:
            from foolsolve.engines.durak_playout import native as chooser

            native = self._native_playout = chooser
        return native()(state, rng, max_moves)

    def to_move(self, state: EngineState) -> int:
        """Whose decision it is."""
        return state.to_move

    def result(self, state: EngineState) -> Result | None:
        """See :func:`game_result`."""
        return game_result(state)

    def key(self, state: EngineState) -> Hashable:
        """See :meth:`EngineState.key`."""
        return state.key()

    def deal(self, rules: dspec.Rules, players: int, rng: random.Random) -> EngineState:
        """See :func:`deal`."""
        return deal(rules, players, rng)

    def move_text(self, move: tuple[int, int, int]) -> str:
        """See :func:`move_text`."""
        return move_text(move)

    def describe(self, state: EngineState) -> str:
        """The spec's description of the state."""
        return self.spec.describe(to_spec_state(state))


ENGINE = DurakEngine()
"""The shared engine instance."""

__all__ = [
    "ATTACK",
    "BEATERS",
    "COVER",
    "ENGINE",
    "EXCHANGE",
    "KEEP",
    "PASS",
    "REDEAL",
    "SHOW",
    "TAKE",
    "THROW",
    "TRANSFER",
    "DurakEngine",
    "EngineRules",
    "EngineState",
    "deal",
    "from_spec_state",
    "legal",
    "move_text",
    "play",
    "rank_set",
    "spread",
    "to_spec_state",
]
