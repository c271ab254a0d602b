"""Foolery, fast: the rules of ``spec/foolery.py`` on bitmasks (held equal to the spec by the
conformance harness, the perft files and the saved playthroughs).

Cards are bits of one int (:mod:`foolsolve.cards` indices: suit cards ``slot * 16 + rank``,
the Fool bit 64, trump ``n`` bit ``64 + n``). A hand is a mask; a move is the mask of the
cards played (``play``) or given (``give``, in the exchange), and ``0`` is ``pass``.

A play's *combination* is a small tuple ``(kind, count, key)``: kind ``SET`` (1-4 of a rank,
key the rank), ``HAND`` (five cards, key ``category * 16 + rank``), ``TRUMPS`` (1-3 trumps, key
the highest trump) or ``FOOL``. Five-card hands of a hand are listed once per distinct set of
suit cards and low trumps (a cache), with their keys; a follow keeps those at least the key
to beat.

Nothing here is imported from the spec but the spec's classes at the boundary (states and
moves for :meth:`FooleryEngine.to_spec` and :meth:`FooleryEngine.move_to_spec`) and the card
tables of :mod:`foolsolve.cards`.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any

from foolsolve.cards import TAROT78
from foolsolve.cards import low_bits as bits
from foolsolve.errors import InputError
from foolsolve.game import Engine, IllegalMove, Result
from foolsolve.rules import rules_to_json
from foolsolve.spec import foolery as S

# --- card tables ---------------------------------------------------------------------------

FOOL_BIT = 1 << 64
TRUMP_BITS = [1 << (64 + n) for n in range(22)]
"""``TRUMP_BITS[n]``: trump ``n`` (``TRUMP_BITS[0]`` is the Fool)."""
ALL_TRUMPS = sum(TRUMP_BITS[1:])
SUITED = sum(1 << (s * 16 + r) for s in range(4) for r in range(1, 15))
KIND_TRUMPS = sum(TRUMP_BITS[1:15])
"""Trumps I..XIV, the ones that can make five of a kind."""
ALL_CARDS = SUITED | ALL_TRUMPS | FOOL_BIT
SUIT_MASKS = [0x7FFE << (s * 16) for s in range(4)]
CARD_OF = {c.index: c for c in TAROT78}
ASCII_OF = {c.index: c.ascii for c in TAROT78}

SET, HAND, TRUMPS, FOOL = 0, 1, 2, 3
STRAIGHT, FLUSH, FULL_HOUSE, STRAIGHT_FLUSH, FIVE = 1, 2, 3, 4, 5


def spread(rank: int, pattern: int) -> int:
    """The mask of the cards of ``rank`` in the suits of a 4-bit ``pattern`` (bit s = suit slot s)."""
    return sum(1 << (s * 16 + rank) for s in range(4) if pattern >> s & 1)


SUBSETS = [[[sub for sub in range(16) if sub & p == sub and bin(sub).count("1") == k] for k in range(5)]
           for p in range(16)]
"""``SUBSETS[pattern][k]``: the sub-patterns of ``pattern`` with ``k`` suits."""
SPREAD = [[spread(r, p) for p in range(16)] for r in range(16)]
SETS_BY_SIZE = [[[[SPREAD[r][sub] for sub in SUBSETS[p][k]] for k in range(5)] for p in range(16)] for r in range(16)]
"""``SETS_BY_SIZE[rank][pattern][k]``: the masks of the k-card sets of ``rank`` in a suit pattern."""
SETS_OF = [[[m for k in range(1, 5) for m in SETS_BY_SIZE[r][p][k]] for p in range(16)] for r in range(16)]
"""``SETS_OF[rank][pattern]``: every set of ``rank`` in a suit pattern, by size."""
SINGLES = [[[spread(r, 1 << s) for s in range(4) if p >> s & 1] for p in range(16)] for r in range(16)]


def pattern(hand: int, rank: int) -> int:
    """The 4-bit suit pattern of ``rank`` in ``hand``."""
    return ((hand >> rank) & 1) | ((hand >> (rank + 15)) & 2) | ((hand >> (rank + 30)) & 4) | ((hand >> (rank + 45)) & 8)


def trump_ranks(mask: int) -> list[int]:
    """Trump numbers (1..21) in ``mask``, ascending."""
    m = (mask & ALL_TRUMPS) >> 64
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _straight_top(ranks: list[int], wrap: bool) -> int:
    """Top of five distinct ranks forming a straight (15 for an ace-high one), else 0."""
    rs = sorted(ranks)
    if len(set(rs)) != 5:
        return 0
    if rs[4] - rs[0] == 4:
        return rs[4]
    if wrap and rs == [1, 11, 12, 13, 14]:
        return 15
    return 0


_COMBO_CACHE: dict[tuple[int, bool], tuple[int, int, int] | None] = {}


def combo_of(mask: int, wrap: bool) -> tuple[int, int, int] | None:
    """``(kind, count, key)`` of a set of played cards, ``None`` for no play."""
    hit = _COMBO_CACHE.get((mask, wrap), False)
    if hit is not False:
        return hit  # type: ignore[return-value]
    out = _combo(mask, wrap)
    if len(_COMBO_CACHE) > 200_000:
        _COMBO_CACHE.clear()
    _COMBO_CACHE[(mask, wrap)] = out
    return out


def _combo(mask: int, wrap: bool) -> tuple[int, int, int] | None:
    n = mask.bit_count()
    if mask & FOOL_BIT:
        return (FOOL, 1, 0) if n == 1 else None
    suited = mask & SUITED
    if not suited:
        return (TRUMPS, n, mask.bit_length() - 65) if 1 <= n <= 3 else None
    idx = [b.bit_length() - 1 for b in bits(mask)]
    if n == 5:
        trumps = [i - 64 for i in idx if i >= 64]
        suits = [(i >> 4, i & 15) for i in idx if i < 64]
        if trumps:
            t = trumps[0]
            if len(trumps) == 1 and t <= 14 and all(r == t for _, r in suits):
                return (HAND, 5, FIVE * 16 + t)
            return None
        ranks = [r for _, r in suits]
        flush = len({s for s, _ in suits}) == 1
        top = _straight_top(ranks, wrap)
        if top and flush:
            return (HAND, 5, STRAIGHT_FLUSH * 16 + top)
        counts = sorted((ranks.count(r), r) for r in set(ranks))
        if [c for c, _ in counts] == [2, 3]:
            return (HAND, 5, FULL_HOUSE * 16 + counts[1][1])
        if flush:
            return (HAND, 5, FLUSH * 16 + max(ranks))
        if top:
            return (HAND, 5, STRAIGHT * 16 + top)
        return None
    if mask & ~SUITED or n > 4:
        return None
    if len({i & 15 for i in idx}) != 1:
        return None
    return (SET, n, idx[0] & 15)


# The memo of five-card hands is bounded by what it holds, not by its count of entries: a hand of a
# three-player deal (26 cards) holds up to a few hundred five-card hands, an endgame's one or none.
# It counts cells (an entry's five-card hands and one for the entry) and keeps two generations, as
# the Fools and Angels engine's memos: new entries go to the young one; once it would pass
# HANDS_CELLS it becomes the old one (the old one dropped); an entry found in the old one moves back.
# So a process keeps at most twice HANDS_CELLS, about 60 MB (some 75 bytes a cell). The limit trades
# memory for speed: 40 seat answers of a three-player deal in one process (ismcts, 2000 iterations
# each; the search misses the memo on 64% of its calls) take 1.0-1.06x the CPU time of a memo never
# emptied and peak at 291-293 MB RSS, where the memo never emptied passes 540 MB in itself (1.3 GB peak)
# and goes on growing, as does a cap of 100,000 entries until it empties at once; 1,000,000 cells
# peak at 449 MB for no measurable gain. Open-hand endgame solves keep entries of a cell or two and
# never reach the limit (BENCHMARKS.md, "Tried and dropped").
_HANDS_CACHE: dict[tuple[int, bool], list[tuple[int, int]]] = {}
_HANDS_OLD: dict[tuple[int, bool], list[tuple[int, int]]] = {}
_HANDS_HELD = [0]
"""The cells the young generation holds."""
HANDS_CELLS = 400_000
"""Most cells a generation of the five-card hands' memo holds."""


def five_card_hands(hand: int, wrap: bool) -> list[tuple[int, int]]:
    """Every five-card hand in ``hand`` as ``(key, mask)`` (memoised: :data:`HANDS_CELLS`)."""
    global _HANDS_CACHE, _HANDS_OLD
    k = (hand & (SUITED | KIND_TRUMPS), wrap)
    hit = _HANDS_CACHE.get(k)
    if hit is not None:
        return hit
    out = _HANDS_OLD.pop(k, None)
    if out is None:
        out = _five_card_hands(k[0], wrap)
    cells = len(out) + 1
    if _HANDS_HELD[0] + cells > HANDS_CELLS:
        _HANDS_OLD, _HANDS_CACHE = _HANDS_CACHE, {}
        _HANDS_HELD[0] = 0
        if cells > HANDS_CELLS:
            return out
    _HANDS_CACHE[k] = out
    _HANDS_HELD[0] += cells
    return out


def clear_caches() -> None:
    """Empty the five-card hands' memo (benchmarks and tests start cold)."""
    global _HANDS_CACHE, _HANDS_OLD
    _HANDS_CACHE, _HANDS_OLD = {}, {}
    _HANDS_HELD[0] = 0


def _five_card_hands(hand: int, wrap: bool) -> list[tuple[int, int]]:
    pats = [0] + [pattern(hand, r) for r in range(1, 15)]
    out: list[tuple[int, int]] = []
    # straights and straight flushes
    windows = [list(range(top - 4, top + 1)) for top in range(5, 15)]
    if wrap:
        windows.append([11, 12, 13, 14, 1])
    for win in windows:
        if all(pats[r] for r in win):
            top = 15 if win[-1] == 1 else win[-1]
            for pick in itertools.product(*(SINGLES[r][pats[r]] for r in win)):
                m = pick[0] | pick[1] | pick[2] | pick[3] | pick[4]
                same_suit = any(m & SUIT_MASKS[s] == m for s in range(4))
                out.append(((STRAIGHT_FLUSH if same_suit else STRAIGHT) * 16 + top, m))
    # flushes that are no straight
    for s in range(4):
        suit = (hand >> (s * 16)) & 0x7FFE
        if suit.bit_count() >= 5:
            ranks = [r for r in range(1, 15) if suit >> r & 1]
            for five in itertools.combinations(ranks, 5):
                if _straight_top(list(five), wrap):
                    continue
                out.append((FLUSH * 16 + five[4], sum(1 << (s * 16 + r) for r in five)))
    # full houses
    for r3 in range(1, 15):
        p3 = pats[r3]
        if p3.bit_count() < 3:
            continue
        for r2 in range(1, 15):
            p2 = pats[r2]
            if r2 == r3 or p2.bit_count() < 2:
                continue
            for a in SUBSETS[p3][3]:
                for b in SUBSETS[p2][2]:
                    out.append((FULL_HOUSE * 16 + r3, SPREAD[r3][a] | SPREAD[r2][b]))
    # five of a kind
    for r in range(1, 15):
        if pats[r] == 15 and hand & TRUMP_BITS[r]:
            out.append((FIVE * 16 + r, SPREAD[r][15] | TRUMP_BITS[r]))
    return out


def trump_sets(hand: int, k: int, above: int) -> list[int]:
    """Masks of ``k`` trumps of ``hand`` whose highest is above trump ``above``."""
    ts = trump_ranks(hand)
    out = []
    for i, t in enumerate(ts):
        if t <= above or i < k - 1:
            continue
        top = TRUMP_BITS[t]
        for rest in itertools.combinations(ts[:i], k - 1):
            m = top
            for r in rest:
                m |= TRUMP_BITS[r]
            out.append(m)
    return out


# --- compiled rules and state --------------------------------------------------------------


class EngineRules:
    """What does not change once play begins: the rules (compiled), players, dealer, round,
    previous places, the titles' seats and the cards each player gave in the exchange (``given``:
    knowledge only, set by the exchange's few moves, so play moves carry it for free)."""

    __slots__ = ("dealer", "final", "given", "king", "lead_last", "merchant", "n", "pay", "peasant", "previous",
                 "prince", "round", "rules", "same", "two_skip", "wrap")

    def __init__(self, rules: S.Rules, n: int, dealer: int, round_no: int, previous: tuple[int, ...] | None) -> None:
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.round = round_no
        self.previous = previous
        self.same = rules.trump_beats_trump == "same"
        self.final = rules.pass_is_final
        self.wrap = rules.straight_wrap
        self.two_skip = rules.skip_with_two == "trick_won"
        self.lead_last = rules.lead_after_out == "last_player"
        self.pay = tuple(place_payoff(rules.payoffs, pl, n) for pl in range(n + 1))
        """The payoff of each place 1..n (index 0 unused)."""
        seat = {pl: p for p, pl in enumerate(previous)} if previous else {}
        self.king = seat.get(1, -1)
        self.peasant = seat.get(n, -1)
        self.prince = seat.get(2, -1) if n > 3 else -1
        self.merchant = seat.get(n - 1, -1) if n > 3 else -1
        self.given: tuple[int, ...] = ()
        """Per player, the mask of the cards she gave in the exchange (``()``: none); the spec's
        ``given`` is this less the cards the receiver no longer holds (:meth:`FooleryEngine.to_spec`)."""

    def receiver(self, giver: int) -> int:
        """Who receives what ``giver`` gives in the exchange (-1: nobody)."""
        pairs = ((self.peasant, self.king), (self.king, self.peasant), (self.merchant, self.prince),
                 (self.prince, self.merchant))
        return next((r for g, r in pairs if g == giver and g >= 0), -1)

    def with_given(self, giver: int, mask: int) -> EngineRules:
        """A copy that records ``giver`` giving the cards of ``mask``."""
        out = copy.copy(self)
        given = list(self.given or (0,) * self.n)
        given[giver] |= mask
        out.given = tuple(given)
        return out


class EngineState:
    """An engine position (treat as immutable)."""

    __slots__ = ("ctx", "hands", "passed", "phase", "places", "skipped", "table", "to_move", "top")

    def __init__(self, ctx: EngineRules, hands: tuple[int, ...], table: tuple[tuple[int, int], ...],
                 top: tuple[int, int, int] | None, passed: int, skipped: int, places: tuple[int, ...],
                 to_move: int, phase: int) -> None:
        self.ctx = ctx
        self.hands = hands
        self.table = table
        """Plays of the trick: (player, mask)."""
        self.top = top
        """Combination of the play to beat (``None``: a lead is due)."""
        self.passed = passed
        """Bit p: player p passed (since the last play, or in this trick with pass_is_final)."""
        self.skipped = skipped
        """Player skipped by the last play, or -1."""
        self.places = places
        """0 while in play, else the place 1..n."""
        self.to_move = to_move
        self.phase = phase
        """0 king gives, 1 prince gives, 2 play, 3 peasant gives, 4 merchant gives."""


PHASE_NAMES = ("king_gives", "prince_gives", "play", "peasant_gives", "merchant_gives")
GIVE_COUNT = (2, 1, 0, 2, 1)
"""Cards given in each exchange phase."""


def _keep(s: EngineState, **changes: Any) -> EngineState:
    out = EngineState(s.ctx, s.hands, s.table, s.top, s.passed, s.skipped, s.places, s.to_move, s.phase)
    for k, v in changes.items():
        setattr(out, k, v)
    return out


def terminal(s: EngineState) -> bool:
    """Every player has a place."""
    return 0 not in s.places


def _needed(top: tuple[int, int, int], same: bool) -> int:
    kind, count, _ = top
    if kind == TRUMPS:
        return count if same else (2 if count == 3 else 1)
    return 1 if count <= 2 else 2 if count <= 4 else 3


def legal_moves(s: EngineState) -> list[int]:
    """Every legal move (masks; 0 = pass)."""
    if 0 not in s.places:
        return []
    p = s.to_move
    hand = s.hands[p]
    ctx = s.ctx
    if s.phase != 2:
        k = GIVE_COUNT[s.phase]
        if s.phase >= 3:
            return _highest_choices(hand, k)  # the Peasant's two highest, the Merchant's highest
        return [sum(c) for c in itertools.combinations(bits(hand & ~FOOL_BIT), k)]
    out: list[int] = []
    top = s.top
    ranks = (hand | hand >> 16 | hand >> 32 | hand >> 48) & 0x7FFE
    if top is None:
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            r = low.bit_length() - 1
            pt = ((hand >> r) & 1) | ((hand >> (r + 15)) & 2) | ((hand >> (r + 30)) & 4) | ((hand >> (r + 45)) & 8)
            out.extend(SETS_OF[r][pt])
        if hand.bit_count() >= 5:
            out.extend(m for _, m in five_card_hands(hand, ctx.wrap))
        if not hand & SUITED:
            for k in (1, 2, 3):
                out.extend(trump_sets(hand, k, 0))
        return out
    kind, count, key = top
    if kind == SET:
        ranks = ranks >> key << key
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            r = low.bit_length() - 1
            pt = ((hand >> r) & 1) | ((hand >> (r + 15)) & 2) | ((hand >> (r + 30)) & 4) | ((hand >> (r + 45)) & 8)
            out.extend(SETS_BY_SIZE[r][pt][count])
    elif kind == HAND:
        out.extend(m for hk, m in five_card_hands(hand, ctx.wrap) if hk >= key)
    above = key if kind == TRUMPS else (key & 15 if kind == HAND and key >> 4 == FIVE else 0)
    if hand & ALL_TRUMPS:
        out.extend(trump_sets(hand, _needed(top, ctx.same), above))
    if hand & FOOL_BIT:
        out.append(FOOL_BIT)
    out.append(0)
    return out


def _next_in_trick(s: EngineState, after: int, owner: int) -> int:
    """The next player who may act in the trick after ``after``, or -1 at the owner's seat."""
    n = s.ctx.n
    places = s.places
    blocked = s.passed if s.ctx.final else 0
    q = after
    for _ in range(n):
        q += 1
        if q == n:
            q = 0
        if q == owner:
            return -1
        if places[q] or q == s.skipped or blocked >> q & 1:
            continue
        return q
    return -1


def _first_free(places: list[int], n: int) -> int:
    for pl in range(1, n + 1):
        if pl not in places:
            return pl
    raise AssertionError("no free place")


def _finish_if_one_left(s: EngineState) -> EngineState:
    places = s.places
    if places.count(0) != 1:
        return s
    pl = list(places)
    pl[pl.index(0)] = _first_free(pl, s.ctx.n)
    return _keep(s, places=tuple(pl), table=(), top=None, passed=0, skipped=-1)


def _settle_lead(s: EngineState) -> EngineState:
    n = s.ctx.n
    while 0 in s.places and s.hands[s.to_move] == FOOL_BIT:
        pl = list(s.places)
        pl[s.to_move] = max(x for x in range(1, n + 1) if x not in pl)
        s = _finish_if_one_left(_keep(s, places=tuple(pl)))
        if 0 not in s.places:
            return s
        p = s.to_move
        for i in range(1, n):
            q = (p + i) % n
            if not s.places[q]:
                s = _keep(s, to_move=q)
                break
    return s


def _end_trick(s: EngineState) -> EngineState:
    owner = s.table[-1][0]
    n = s.ctx.n
    if s.places[owner] and s.ctx.lead_last:
        for q, _ in reversed(s.table):
            if not s.places[q]:
                owner = q
                break
    leader = owner
    while s.places[leader]:
        leader = (leader + 1) % n
    return _settle_lead(_keep(s, table=(), top=None, passed=0, skipped=-1, to_move=leader))


def _advance(s: EngineState, actor: int) -> EngineState:
    nxt = _next_in_trick(s, actor, s.table[-1][0])
    if nxt < 0:
        return _end_trick(s)
    s.to_move = nxt  # s is a fresh copy made by the caller
    return s


def apply(s: EngineState, m: int) -> EngineState:
    """The successor after move ``m`` (taken from :func:`legal_moves`)."""
    ctx = s.ctx
    p = s.to_move
    if s.phase != 2:
        return _give(s, m)
    if m == 0:
        return _advance(EngineState(ctx, s.hands, s.table, s.top, s.passed | (1 << p), s.skipped, s.places, p, 2), p)
    combo = combo_of(m, ctx.wrap)
    assert combo is not None
    top = s.top
    hands = list(s.hands)
    hands[p] &= ~m
    places = s.places
    if not hands[p]:
        pl = list(places)
        pl[p] = _first_free(pl, ctx.n)
        places = tuple(pl)
    after = EngineState(ctx, tuple(hands), (*s.table, (p, m)), combo, s.passed if ctx.final else 0, -1, places, p, 2)
    after = _finish_if_one_left(after)
    if 0 not in after.places:
        return after
    if combo[0] == FOOL:
        return _end_trick(after)
    if top is not None and combo[0] == SET and top[0] == SET and combo[1] <= 2 and combo[2] == top[2]:
        nxt = _next_in_trick(after, p, p)
        if nxt >= 0 and not (s.places.count(0) == 2 and not ctx.two_skip):  # counted before the play
            after.skipped = nxt
            return _advance(after, nxt)
    return _advance(after, p)


def _height(b: int) -> int:
    """How high a card bit is for the exchange: trumps by number above suit cards by rank (no
    order of suits)."""
    i = b.bit_length() - 1
    return 16 + i - 64 if i > 64 else i & 15


def _highest_choices(hand: int, k: int) -> list[int]:
    """Every choice of the ``k`` highest cards of ``hand`` (never the Fool): those above the k-th
    height, the rest from the cards of that height."""
    cs = sorted(bits(hand & ~FOOL_BIT), key=_height, reverse=True)
    if len(cs) <= k:
        return [sum(cs)]
    cut = _height(cs[k - 1])
    above = sum(b for b in cs if _height(b) > cut)
    level = [b for b in cs if _height(b) == cut]
    return [above + sum(x) for x in itertools.combinations(level, k - above.bit_count())]


def _give(s: EngineState, m: int) -> EngineState:
    ctx = s.ctx
    hands = list(s.hands)
    giver = s.to_move
    receiver = (ctx.peasant, ctx.merchant, -1, ctx.king, ctx.prince)[s.phase]
    hands[giver] &= ~m
    hands[receiver] |= m
    s = _keep(s, ctx=ctx.with_given(giver, m))  # 004 §Later rounds: the giver knows where her cards went
    if s.phase == 3:
        return _keep(s, hands=tuple(hands), phase=0, to_move=ctx.king)
    if s.phase == 0 and ctx.n > 3:
        return _keep(s, hands=tuple(hands), phase=4, to_move=ctx.merchant)
    if s.phase == 4:
        return _keep(s, hands=tuple(hands), phase=1, to_move=ctx.prince)
    return _settle_lead(_keep(s, hands=tuple(hands), phase=2, to_move=ctx.king))


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def _cards(mask: int) -> tuple[Any, ...]:
    return tuple(CARD_OF[b.bit_length() - 1] for b in bits(mask))


def _ascii(mask: int) -> list[str]:
    return [ASCII_OF[b.bit_length() - 1] for b in bits(mask)]


PAYOFF = {"King": 2, "Prince": 1, "Noble": 0, "Merchant": -1, "Peasant": -2}
"""The payoff of each title under ``payoffs = "titles"``."""


def place_payoff(kind: str, place: int, n: int) -> Fraction:
    """The payoff of a place under option ``payoffs`` (``titles``, ``king_peasant``, ``places``)."""
    if kind == "titles":
        return Fraction(PAYOFF[title_of(place, n)]) if place else Fraction(0)
    if kind == "king_peasant":
        return Fraction(1 if place == 1 else -1 if place == n else 0)
    return Fraction(n + 1, 2) - place if place else Fraction(0)


def title_of(place: int, n: int) -> str:
    """The title of a finishing place among ``n`` players."""
    if place == 1:
        return "King"
    if place == n:
        return "Peasant"
    if n > 3 and place == 2:
        return "Prince"
    if n > 3 and place == n - 1:
        return "Merchant"
    return "Noble"


MIN_PLAYERS, MAX_PLAYERS = S.META.min_players, S.META.max_players
DECK_ORDER = tuple(c.index for c in TAROT78)
"""The card indices in deck order (the order the spec shuffles)."""


def deal(rules: S.Rules, players: int, rng: random.Random, *, dealer: int | None = None,
         previous: Any = None) -> EngineState:
    """A new round dealt by the engine (the same ``rng`` calls as the spec's deal, so one seed
    deals the same cards): one ``rng.shuffle`` of the 78 cards in deck order, then (first round,
    no dealer given) the dealer by ``rng.randrange(players)``; every card dealt one at a time
    from the player after the dealer, and the dealer leads. With ``previous`` (the last round's
    places) a later round: the Merchant (with three players the second-to-last out) deals, and
    the exchange starts with the Peasant's give."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(f"players: Foolery is for 3-7 players (004 intro), got {players}")
    order = list(DECK_ORDER)
    rng.shuffle(order)
    prev: tuple[int, ...] | None = None
    if previous is not None:
        prev = tuple(previous)
        if sorted(prev) != list(range(1, players + 1)):
            raise InputError(f"previous: {list(prev)} is not a finishing order of {players} players")
        dealer = prev.index(players - 1)
    elif dealer is None:
        dealer = rng.randrange(players)
    if not 0 <= dealer < players:
        raise InputError(f"dealer: {dealer} is not a player (0..{players - 1})")
    hands = [0] * players
    for i, c in enumerate(order):
        hands[(dealer + 1 + i) % players] |= 1 << c
    ctx = EngineRules(rules, players, dealer, 1 if prev is None else 2, prev)
    s = EngineState(ctx, tuple(hands), (), None, 0, -1, (0,) * players, dealer, 2)
    if prev is None:
        return s
    return EngineState(ctx, tuple(hands), (), None, 0, -1, (0,) * players, ctx.peasant, 3)


class FooleryEngine(Engine[EngineState, int]):
    """The Foolery engine (moves are card masks; 0 is ``pass``)."""

    def __init__(self) -> None:
        self.spec = S.SPEC

    def deal(self, rules: S.Rules, players: int, rng: random.Random, *, dealer: int | None = None,
             previous: Any = None) -> EngineState:
        """See :func:`deal`."""
        return deal(rules, players, rng, dealer=dealer, previous=previous)

    def from_spec(self, state: S.State) -> EngineState:
        """The engine state of a spec state."""
        ctx = EngineRules(state.rules, state.players, state.dealer, state.round, state.previous_places)
        table = tuple((q, _mask(cs)) for q, cs in state.table)
        top = combo_of(table[-1][1], ctx.wrap) if table else None
        passed = sum(1 << q for q in state.passed)
        if state.given:
            ctx.given = tuple(_mask(g) for g in state.given)
        return EngineState(ctx, tuple(_mask(h) for h in state.hands), table, top, passed,
                      -1 if state.skipped is None else state.skipped,
                      tuple(0 if pl is None else pl for pl in state.places), state.to_move,
                      PHASE_NAMES.index(state.phase))

    def to_spec(self, state: EngineState) -> S.State:
        """The spec state of an engine state."""
        ctx = state.ctx
        return S.State(rules=ctx.rules, players=ctx.n, hands=tuple(_cards(h) for h in state.hands),
                       table=tuple((q, _cards(m)) for q, m in state.table),
                       passed=frozenset(q for q in range(ctx.n) if state.passed >> q & 1),
                       skipped=None if state.skipped < 0 else state.skipped,
                       places=tuple(pl or None for pl in state.places), to_move=state.to_move, dealer=ctx.dealer,
                       round=ctx.round, previous_places=ctx.previous, phase=PHASE_NAMES[state.phase],
                       given=self._given(state))

    @staticmethod
    def _given(state: EngineState) -> tuple[tuple[Any, ...], ...]:
        """The spec's ``given``: what each player gave that the receiver still holds (cards never come
        back to a hand once play begins, so masking with the hand at the end is exact), a Peasant's and
        a Merchant's whole gift (:func:`foolsolve.spec.foolery.norm_given`)."""
        ctx = state.ctx
        if not ctx.given:
            return ()
        highest = {g for g in (ctx.peasant, ctx.merchant) if g >= 0}  # (who gives her highest cards)
        out = tuple(() if ctx.receiver(g) < 0 else _cards(m) if g in highest
                    else _cards(m & state.hands[ctx.receiver(g)]) for g, m in enumerate(ctx.given))
        return out if any(out) else ()

    def legal_moves(self, state: EngineState) -> list[int]:
        """Move masks (0 = pass)."""
        return legal_moves(state)

    def move_to_spec(self, state: EngineState, move: int) -> S.Move:
        """The spec move of a mask."""
        if state.phase != 2:
            return S.Give(_cards(move))
        if move == 0:
            return S.Pass()
        return S.Play(_cards(move))

    def move_from_spec(self, state: EngineState, move: Any) -> int:
        """The mask of a spec move (checked to be legal)."""
        m = 0 if isinstance(move, S.Pass) else _mask(move.cards)
        if m not in legal_moves(state):
            raise IllegalMove(f"move {move} is not legal here")
        return m

    def apply(self, state: EngineState, move: int) -> EngineState:
        """The successor (checks legality)."""
        if move not in legal_moves(state):
            raise IllegalMove(f"move {move!r} is not legal here")
        return apply(state, move)

    def apply_unchecked(self, state: EngineState, move: int) -> EngineState:
        """The successor of a move from :meth:`legal_moves`."""
        return apply(state, move)

    def to_move(self, state: EngineState) -> int:
        """The player to move."""
        return state.to_move

    def result(self, state: EngineState) -> Result | None:
        """Payoffs by title (as the spec)."""
        if 0 in state.places:
            return None
        n = state.ctx.n
        titles = [title_of(pl, n) for pl in state.places]
        order = sorted(range(n), key=lambda q: state.places[q])
        label = ", ".join(f"{titles[q]}: player {q}" for q in order)
        return Result(tuple(state.ctx.pay[pl] for pl in state.places), label,
                      (("places", list(state.places)), ("titles", titles)))

    def key(self, state: EngineState) -> Hashable:
        """Equal keys mean equal positions."""
        ctx = state.ctx
        return (state.hands, state.table, state.passed, state.skipped, state.places, state.to_move, state.phase,
                ctx.rules, ctx.dealer, ctx.round, ctx.previous)

    def observation(self, state: EngineState, player: int) -> dict[str, Any]:
        """What ``player`` sees: own hand, sizes of all hands, the table, the cards set aside,
        passes and places."""
        ctx = state.ctx
        held = 0
        for h in state.hands:
            held |= h
        for _, m in state.table:
            held |= m
        obj: dict[str, Any] = {"game": S.META.name, "rules": rules_to_json(ctx.rules), "players": ctx.n,
                               "round": ctx.round, "dealer": ctx.dealer}
        if ctx.previous is not None:
            obj["previous_places"] = list(ctx.previous)
        obj.update({
            "phase": PHASE_NAMES[state.phase],
            "to_move": state.to_move,
            "table": [{"player": q, "cards": _ascii(m)} for q, m in state.table],
            "passed": [q for q in range(ctx.n) if state.passed >> q & 1],
            "skipped": None if state.skipped < 0 else state.skipped,
            "places": [pl or None for pl in state.places],
            "discard": _ascii(ALL_CARDS & ~held),
            "player": player,
            "hand": _ascii(state.hands[player]),
            "hand_sizes": [h.bit_count() for h in state.hands],
        })
        given = self._given(state)
        if given and given[player]:
            obj["given"] = [c.ascii for c in given[player]]
        return obj

    def playout(self, state: EngineState, rng: random.Random, max_moves: int | None = None) -> tuple[EngineState, int]:
        """Random play (``rng.choice`` over :meth:`legal_moves`) until the round is over: the
        compiled loop of :mod:`foolsolve.engines.foolery_native` (the same game, the same random
        numbers), or this loop for a ``random.Random`` that draws differently."""
        from foolsolve.draws import standard_draw

        playout = native() if standard_draw(rng) else None
        if playout is not None:
            # the exchange (a few moves) here, the play compiled: the same rng.choice draws either way
            moves = 0
            while state.phase != 2 and moves != max_moves and 0 in state.places:
                state = apply(state, rng.choice(legal_moves(state)))
                moves += 1
            if moves == max_moves or 0 not in state.places:
                return state, moves
            state, more = playout(state, rng, None if max_moves is None else max_moves - moves)
            return state, moves + more
        return generic_playout(state, rng, max_moves)


_native: Any = None
_child: Any = None
_python_only = False
_loading: Any = None
"""The load of the compiled playout from numba's cache in a thread (a
:class:`foolsolve.background.Loading`), until it is done."""


def native() -> Any:
    """The compiled playout (:func:`foolsolve.engines.foolery_native.playout`) where numba's cache
    holds it, loaded in a thread (importing numba and loading it take a second or so, which no time
    limit could stop), or where background compiles are off (``FOOLSOLVE_BACKGROUND_COMPILE=0``)
    compiled now, announced in one line on stderr
    (:func:`~foolsolve.engines.foolery_native.compile_announced`); else ``None`` while a background
    process compiles it, once a process, or while the thread loads it: the Python loop plays the
    same games meanwhile (the same moves and random numbers), so nobody waits for the compile -- a
    first seat answer of a fresh install spent its whole ``--time`` compiling, then said no world
    was valued -- nor for the load."""
    global _native, _child, _python_only, _loading
    if _native is not None or _python_only or (_child is not None and _child.poll() is None):
        return _native  # loaded; or the Python loop (None) for good, or while the compile runs
    if _loading is not None:
        if not _loading.done.is_set():
            return None  # the Python loop while the thread loads
        _native, _loading = _loading.result, None
        _python_only = _native is None  # (numba missing or broken: the Python loop for good)
        return _native
    from foolsolve import background

    cached = background.in_numba_cache(str(_NATIVE_SOURCE), "_run")
    if background.allowed() and not cached and background.numba_cache_folder(str(_NATIVE_SOURCE)) is None:
        _python_only = True  # numba keeps no compile here: a background one would be thrown away
        return None
    if background.allowed() and not cached:
        if _child is not None:  # its compile ended with no cache entry (no writable cache): never look again
            _python_only = True
            return None
        _child = background.start("foolsolve.engines.foolery_native")
        if _child is not None:
            return None
        # it cannot start: compile here after all
    if cached:
        _loading = background.Loading(_load_native, "foolsolve-foolery-playout-load")
        return None
    from foolsolve.engines import foolery_native

    foolery_native.compile_announced()  # compiled here, announced (Ctrl-C: a Stopped saying so)
    _native = foolery_native.playout
    return _native


def _load_native() -> Any:
    """The compiled playout, loaded from numba's cache by one playout (:func:`~foolsolve.engines.
    foolery_native.warm`): what :func:`native`'s thread runs."""
    from foolsolve.engines import foolery_native

    foolery_native.warm()
    return foolery_native.playout


_NATIVE_SOURCE = Path(__file__).with_name("foolery_native.py")


def generic_playout(state: EngineState, rng: random.Random, max_moves: int | None = None) -> tuple[EngineState, int]:
    """``state = apply(state, rng.choice(legal_moves(state)))`` until the round is over (or
    ``max_moves`` moves)."""
    moves = 0
    while moves != max_moves:
        legal = legal_moves(state)
        if not legal:
            break
        state = apply(state, rng.choice(legal))
        moves += 1
    return state, moves


ENGINE = FooleryEngine()
"""The one engine instance."""
