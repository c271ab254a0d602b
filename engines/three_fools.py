"""Three Fools, fast: the same game as :mod:`foolsolve.spec.three_fools` on integers.

A position is a flat list (copied by slicing): hands are bitmasks over the Pilatch card indices
(``suit_slot * 16 + rank``), piles are tuples of card indices (top first), the public history is
a tuple of plain tuples. Moves are integers whose meaning depends on the phase:

* start, roshambo, tie (chance): the player (first leader, Roshambo winner);
* flip: 0 keep, 1 flip;
* lead: ``card_index * 4 + suit_slot`` (the declared suit);
* follow: the card index.

The rules are written here again (no rule function of the spec is imported): the round winner,
the Roshambo odds, collecting, the penalty, the streak, losing and the final count. The card table
and a few names are shared with the spec; the conformance harness checks every state, view and
chance distribution against it.
"""

from __future__ import annotations

import bisect
import random
from collections import deque
from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from foolsolve.cards import PILATCH45
from foolsolve.errors import InputError
from foolsolve.game import CHANCE, Engine, Result
from foolsolve.spec.three_fools import (
    META,
    PLAYERS,
    SPEC,
    SUIT_TEXT,
    FirstLeader,
    Flip,
    Follow,
    Lead,
    RoshamboWin,
    Round,
    Rules,
    State,
    ThreeFoolsSpec,
)

P_START, P_FLIP, P_LEAD, P_FOLLOW, P_ROSHAMBO, P_TIE, P_OVER = range(7)
PHASE_NAMES = ("start", "flip", "lead", "follow", "roshambo", "tie", "over")
_PHASE_OF = {n: i for i, n in enumerate(PHASE_NAMES)}

# field positions in the state list
PH, LEADER, H0, PI0, MAXH, BIN, STREAK, DECL, C0, CONTEST, HIST, LOST, WINNER, REASON, RULES = (
    0, 1, 2, 5, 8, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22)

CARD = {c.index: c for c in PILATCH45}
ASCII = {c.index: c.ascii for c in PILATCH45}
SLOT_SUIT = ("R", "P", "X")  # suit slot -> the card table's suit letter
SUIT_SLOT = {s: i for i, s in enumerate(SLOT_SUIT)}
DECL_TEXT = tuple(SUIT_TEXT[s] for s in SLOT_SUIT)
# slot a beats slot b: Rock(0) beats Scissors(2), Scissors(2) beats Paper(1), Paper(1) beats Rock(0)
SLOT_BEATS = {0: 2, 2: 1, 1: 0}
_BEATS = (2, 0, 1)
"""``SLOT_BEATS`` as a tuple indexed by slot."""
JOKER = 15


def _strength_table() -> tuple[tuple[int, ...], tuple[int, ...]]:
    down = [0] * 48
    up = [0] * 48
    for i in CARD:
        r = i & 15
        up[i] = 100 if r == JOKER else r
        down[i] = 100 if r == JOKER else 16 - r
    return tuple(down), tuple(up)


STRENGTH = _strength_table()
"""``STRENGTH[binary][card]``: binary 0 DOWN (low wins), 1 UP (high wins); Jokers always best."""


def winner_of(c0: int, c1: int, c2: int, up: int) -> int:
    """The seat that wins a round with these cards by seat, or -1 when three suits show."""
    s0, s1, s2 = c0 >> 4, c1 >> 4, c2 >> 4
    if s0 != s1 and s1 != s2 and s0 != s2:
        return -1
    if s0 == s1 == s2:
        best = s0
    else:
        a = s0
        b = s1 if s1 != s0 else s2
        best = a if SLOT_BEATS[a] == b else b
    st = STRENGTH[up]
    w, ws = -1, -1
    for seat, c in ((0, c0), (1, c1), (2, c2)):
        if c >> 4 == best and st[c] > ws:
            w, ws = seat, st[c]
    return w


@lru_cache(maxsize=256)
def roshambo_distribution(table: Any, contest: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """Each contestant's chance of winning single-elimination Roshambo (everyone throws at once; a
    throw showing exactly two signs knocks out the beaten sign; else throw again). Solved as an
    absorbing Markov chain over the sets of players still in."""
    n = len(contest)
    if table == "uniform":
        return tuple((p, Fraction(1, n)) for p in contest)
    table = {seat: [Fraction(x) for x in row] for seat, row in enumerate(table)}

    def win_sets(players: tuple[int, ...]) -> dict[tuple[int, ...], Fraction]:
        # one throw: probability of each set of survivors (the same set means a rethrow)
        out: dict[tuple[int, ...], Fraction] = {}
        k = len(players)
        for code in range(3 ** k):
            throws = [(code // 3 ** i) % 3 for i in range(k)]
            pr = Fraction(1)
            for p, t in zip(players, throws):
                pr *= table[p][t]
            shown = set(throws)
            if len(shown) == 2:
                a, b = sorted(shown)
                good = a if SLOT_BEATS[a] == b else b
                survivors = tuple(p for p, t in zip(players, throws) if t == good)
            else:
                survivors = players
            out[survivors] = out.get(survivors, Fraction(0)) + pr
        return out

    def solve(players: tuple[int, ...]) -> dict[int, Fraction]:
        if len(players) == 1:
            return {players[0]: Fraction(1)}
        step = win_sets(players)
        stay = step.pop(players, Fraction(0))
        res = {p: Fraction(0) for p in players}
        for survivors, pr in step.items():
            for p, v in solve(survivors).items():
                res[p] += pr * v / (1 - stay)
        return res

    got = solve(contest)
    return tuple((p, got[p]) for p in contest)


def bracket_distribution(table: Any, contest: tuple[int, ...], bye: int) -> tuple[tuple[int, Fraction], ...]:
    """Roshambo as a bracket (option ``roshambo_format = "leader_bye"``): the two players other
    than ``bye`` play single-elimination Roshambo, the winner plays ``bye``."""
    a, b = (p for p in contest if p != bye)
    first = dict(roshambo_distribution(table, (a, b)))
    out = {bye: Fraction(0)}
    for p in (a, b):
        final = dict(roshambo_distribution(table, tuple(sorted((p, bye)))))
        out[p] = first[p] * final[p]
        out[bye] += first[p] * final[bye]
    return tuple((p, out[p]) for p in contest)


DECK_ORDER = tuple(c.index for c in PILATCH45)
"""The card indices in deck order (the order the spec shuffles)."""
PILE_SIZE = 15


def deal(rules: Rules, players: int, rng: random.Random) -> list[Any]:
    """A fresh game dealt by the engine (the same ``rng`` call as the spec's deal, so one seed
    deals the same piles): one ``rng.shuffle`` of the 45 cards in deck order, split into three
    piles of fifteen (top first), empty hands, every maximum hand size the rules', the binary
    card on its starting side. The first leader is the chance node that follows (phase start)."""
    if players != PLAYERS:
        raise InputError("players: Three Fools is a game for 3 players")
    order = list(DECK_ORDER)
    rng.shuffle(order)
    s: list[Any] = [0] * 23
    s[PH] = P_START
    s[LEADER] = -1
    for p in range(PLAYERS):
        s[H0 + p] = 0
        s[PI0 + p] = tuple(order[p * PILE_SIZE:(p + 1) * PILE_SIZE])
        s[MAXH + p] = rules.max_hand
        s[C0 + p] = -1
    s[BIN] = 1 if rules.binary_start == "up" else 0
    s[STREAK] = 0
    s[DECL] = -1
    s[CONTEST] = ()
    s[HIST] = ()
    s[LOST] = (False, False, False)
    s[WINNER] = -1
    s[REASON] = ""
    s[RULES] = rules
    return s


class ThreeFoolsEngine(Engine[list[Any], int]):
    """The engine."""

    spec: ThreeFoolsSpec = SPEC

    def deal(self, rules: Rules, players: int, rng: random.Random) -> list[Any]:
        """See :func:`deal`."""
        return deal(rules, players, rng)

    # -- conversion ----------------------------------------------------------------------------------
    def from_spec(self, state: State) -> list[Any]:
        s: list[Any] = [0] * 23
        s[PH] = _PHASE_OF[state.phase]
        s[LEADER] = state.leader
        for p in range(PLAYERS):
            s[H0 + p] = sum(1 << c.index for c in state.hands[p])
            s[PI0 + p] = tuple(c.index for c in state.piles[p])
            s[MAXH + p] = state.max_hand[p]
            c = state.centre[p]
            s[C0 + p] = -1 if c is None else c.index
        s[BIN] = 1 if state.binary == "up" else 0
        s[STREAK] = state.streak
        s[DECL] = -1 if state.declared is None else SUIT_SLOT[state.declared]
        s[CONTEST] = state.contest
        s[HIST] = tuple((r.leader, 1 if r.binary == "up" else 0, SUIT_SLOT[r.declared],
                         tuple(c.index for c in r.cards), r.winner,
                         tuple(tuple(c.index for c in b) for b in r.bonus)) for r in state.history)
        s[LOST] = state.lost
        s[WINNER] = -1 if state.winner is None else state.winner
        s[REASON] = state.reason
        s[RULES] = state.rules
        return s

    def to_spec(self, s: list[Any]) -> State:
        def hand(mask: int) -> frozenset[Any]:
            return frozenset(CARD[i] for i in CARD if mask >> i & 1)

        history = tuple(Round(h[0], "up" if h[1] else "down", SLOT_SUIT[h[2]],
                              (CARD[h[3][0]], CARD[h[3][1]], CARD[h[3][2]]), h[4],
                              tuple(tuple(CARD[i] for i in b) for b in h[5]))  # type: ignore[arg-type]
                        for h in s[HIST])
        return State(s[RULES], PHASE_NAMES[s[PH]], s[LEADER],
                     (hand(s[H0]), hand(s[H0 + 1]), hand(s[H0 + 2])),
                     tuple(tuple(CARD[i] for i in s[PI0 + p]) for p in range(3)),  # type: ignore[arg-type]
                     (s[MAXH], s[MAXH + 1], s[MAXH + 2]), "up" if s[BIN] else "down", s[STREAK],
                     None if s[DECL] < 0 else SLOT_SUIT[s[DECL]],
                     tuple(None if s[C0 + p] < 0 else CARD[s[C0 + p]] for p in range(3)),  # type: ignore[arg-type]
                     s[CONTEST], history, s[LOST], None if s[WINNER] < 0 else s[WINNER], s[REASON])

    # -- the game ----------------------------------------------------------------------------------
    def to_move(self, s: list[Any]) -> int:
        ph = s[PH]
        if ph == P_FLIP or ph == P_LEAD:
            return int(s[LEADER])
        if ph == P_FOLLOW:
            first = (s[LEADER] + 1) % 3
            return first if s[C0 + first] < 0 else (s[LEADER] + 2) % 3
        if ph == P_OVER:
            return int(s[WINNER])
        return CHANCE

    def legal_moves(self, s: list[Any]) -> Sequence[int]:
        ph = s[PH]
        if ph == P_LEAD:
            mask = s[H0 + s[LEADER]]
            out: list[int] = []
            while mask:
                low = mask & -mask
                i = low.bit_length() - 1
                out += (i * 4, i * 4 + 1, i * 4 + 2)
                mask ^= low
            return out
        if ph == P_FOLLOW:
            mask = s[H0 + self.to_move(s)]
            out = []
            while mask:
                low = mask & -mask
                out.append(low.bit_length() - 1)
                mask ^= low
            return out
        if ph == P_FLIP:
            return (0, 1)
        if ph == P_START:
            return (0, 1, 2)
        if ph == P_ROSHAMBO or ph == P_TIE:
            return s[CONTEST]
        return ()

    def move_to_spec(self, s: list[Any], move: int) -> Any:
        ph = s[PH]
        if ph == P_LEAD:
            return Lead(CARD[move >> 2], SLOT_SUIT[move & 3])
        if ph == P_FOLLOW:
            return Follow(CARD[move])
        if ph == P_FLIP:
            return Flip(bool(move))
        if ph == P_START:
            return FirstLeader(move)
        return RoshamboWin(move)

    def apply(self, s: list[Any], move: int) -> list[Any]:
        if move not in self.legal_moves(s):
            from foolsolve.game import IllegalMove

            raise IllegalMove(f"engine move {move} is not legal here")
        return self.apply_unchecked(s, move)

    def apply_unchecked(self, s: list[Any], move: int) -> list[Any]:
        t = s[:]
        ph = t[PH]
        if ph == P_LEAD:
            card = move >> 2
            t[H0 + t[LEADER]] &= ~(1 << card)
            t[C0 + t[LEADER]] = card
            t[DECL] = move & 3
            t[PH] = P_FOLLOW
            return t
        if ph == P_FOLLOW:
            leader = t[LEADER]
            first = (leader + 1) % 3
            p = first if t[C0 + first] < 0 else (leader + 2) % 3
            t[H0 + p] &= ~(1 << move)
            t[C0 + p] = move
            if p == first:
                return t
            w = winner_of(t[C0], t[C0 + 1], t[C0 + 2], t[BIN])
            if w < 0:
                t[PH] = P_ROSHAMBO
                t[CONTEST] = (0, 1, 2)
                return t
            _finish(t, w, False)
            return t
        if ph == P_FLIP:
            if move:
                t[BIN] ^= 1
            t[PH] = P_LEAD
            return t
        if ph == P_START:
            t[LEADER] = move
            _top_up(t)
            t[PH] = P_FLIP
            return t
        if ph == P_ROSHAMBO:
            _finish(t, move, True)
            return t
        # P_TIE
        t[PH] = P_OVER
        t[WINNER] = move
        t[CONTEST] = ()
        t[REASON] = f"won the Roshambo of a tie at {_count(t, move)} card{'' if _count(t, move) == 1 else 's'}"
        return t

    def result(self, s: list[Any]) -> Result | None:
        if s[PH] != P_OVER:
            return None
        w = s[WINNER]
        pay = tuple(Fraction(1) if p == w else Fraction(0) for p in range(3))
        return Result(pay, f"player {w} wins", (("winner", w), ("reason", s[REASON])))

    def returns(self, s: list[Any]) -> tuple[Fraction, ...]:
        if s[PH] != P_OVER:
            return (Fraction(0),) * 3
        return tuple(Fraction(1) if p == s[WINNER] else Fraction(0) for p in range(3))

    def key(self, s: list[Any]) -> Hashable:
        return (*tuple(s[:RULES]), s[RULES])

    def chance_outcomes(self, s: list[Any]) -> list[tuple[int, Fraction]]:
        ph = s[PH]
        if ph == P_START:
            return [(p, Fraction(1, 3)) for p in range(3)]
        if ph == P_ROSHAMBO and s[RULES].roshambo_format == "leader_bye":
            return list(bracket_distribution(s[RULES].roshambo, s[CONTEST], s[LEADER]))
        if ph == P_ROSHAMBO or ph == P_TIE:
            return list(roshambo_distribution(s[RULES].roshambo, s[CONTEST]))
        return []

    def playout(self, state: list[Any], rng: random.Random, max_moves: int | None = None) -> tuple[list[Any], int]:
        """Random play, the same game as the default loop (``rng.choice(legal_moves(s))``) for the
        same ``rng``: ``rng.choice(seq)`` is ``seq[rng.randrange(len(seq))]``, so the loop draws the
        index and decodes it without building the move list (tests/three_fools/test_engine.py
        checks the two loops agree)."""
        if max_moves is not None:
            return super().playout(state, rng, max_moves)
        t = state[:]
        moves = 0
        while t[PH] not in (P_FLIP, P_START):
            legal = self.legal_moves(t)
            if not legal:
                return t, moves
            t = self.apply_unchecked(t, rng.choice(legal))
            moves += 1
        t, more = _fast_rounds(t, rng) if _INLINE_DRAWS_MATCH else _choice_rounds(t, rng)
        moves += more
        if t[PH] == P_TIE:
            t = self.apply_unchecked(t, rng.choice(t[CONTEST]))
            moves += 1
        return t, moves

    # -- views -------------------------------------------------------------------------------------
    def observation(self, s: list[Any], player: int) -> dict[str, Any]:
        revealed = s[PH] == P_ROSHAMBO
        centre: list[str | None] = []
        for p in range(3):
            c = s[C0 + p]
            centre.append(None if c < 0 else ASCII[c] if (revealed or p == player) else "down")
        rules: Rules = s[RULES]
        from foolsolve.rules import rules_to_json

        return {
            "game": META.name, "rules": rules_to_json(rules, only_changed=True), "players": 3,
            "phase": PHASE_NAMES[s[PH]], "to_move": self.to_move(s), "leader": s[LEADER],
            "binary": "up" if s[BIN] else "down", "streak": s[STREAK],
            "max_hand": [s[MAXH], s[MAXH + 1], s[MAXH + 2]],
            "declared": None if s[DECL] < 0 else DECL_TEXT[s[DECL]], "centre": centre,
            "contest": list(s[CONTEST]), "rounds": [_round_json(h) for h in s[HIST]],
            "shown": _shown(s[HIST]),
            "lost": list(s[LOST]), "winner": None if s[WINNER] < 0 else s[WINNER], "reason": s[REASON],
            "player": player, "hand": [ASCII[i] for i in sorted(CARD) if s[H0 + player] >> i & 1],
            "hand_sizes": [int(s[H0 + p].bit_count()) for p in range(3)],
            "pile_sizes": [len(s[PI0 + p]) for p in range(3)],
        }


def _round_json(h: tuple[Any, ...]) -> dict[str, Any]:
    return {"leader": h[0], "binary": "up" if h[1] else "down", "declared": DECL_TEXT[h[2]],
            "cards": [ASCII[i] for i in h[3]], "winner": h[4], "bonus": [[ASCII[i] for i in b] for b in h[5]]}


_INDICES = tuple(tuple(range(n)) for n in range(48))
"""``_INDICES[n]`` is ``(0, ..., n - 1)``."""
_NBITS = tuple(n.bit_length() for n in range(48))
"""``_NBITS[n]``: the bits ``rng.choice`` draws an index below ``n`` with (``n`` up to 45: a lead
from a hand of fifteen cards, each with its declared suit)."""


def _draws_match() -> bool:
    """Whether ``rng.choice`` of an ``n``-long list draws ``getrandbits(n.bit_length())`` until the
    value is below ``n`` (CPython's ``Random.choice``): then the playout draws that way inline and
    plays the same game as the default loop. Checked once on a sample stream."""
    a, b = random.Random(12345), random.Random(12345)
    for n in list(range(1, 48)) * 12:
        want = a.choice(_INDICES[n])
        k = n.bit_length()
        got = b.getrandbits(k)
        while got >= n:
            got = b.getrandbits(k)
        if got != want:
            return False
    return a.random() == b.random()


def _choice_rounds(t: list[Any], rng: random.Random) -> tuple[list[Any], int]:
    """The playout's rounds through ``rng.choice`` (where inline draws would not match it)."""
    moves = 0
    while ENGINE.legal_moves(t) and t[PH] != P_TIE:
        t = ENGINE.apply_unchecked(t, rng.choice(ENGINE.legal_moves(t)))
        moves += 1
    return t, moves


def _suit_pattern(s0: int, s1: int, s2: int) -> int:
    """Who may win a round whose cards show the suit slots ``s0`` (the leader's), ``s1`` (the
    next seat's), ``s2`` (the last seat's), as :func:`winner_of` finds it: 7 three suits (the
    Roshambo); 0, 1, 2 the one card of the winning suit (its place from the leader); 3 places 0
    and 1, 4 places 0 and 2, 5 places 1 and 2, 6 all three (the strongest of them wins)."""
    if s0 != s1 and s1 != s2 and s0 != s2:
        return 7
    if s0 == s1 == s2:
        best = s0
    else:
        b = s1 if s1 != s0 else s2
        best = s0 if SLOT_BEATS[s0] == b else b
    places = tuple(i for i, s in enumerate((s0, s1, s2)) if s == best)
    return {(0,): 0, (1,): 1, (2,): 2, (0, 1): 3, (0, 2): 4, (1, 2): 5, (0, 1, 2): 6}[places]


_SUIT_PATTERN = tuple(_suit_pattern(i & 3, i >> 2 & 3, i >> 4) if i & 3 < 3 and i >> 2 & 3 < 3 and i >> 4 < 3 else 7
                      for i in range(64))
"""``_SUIT_PATTERN[s0 | s1 << 2 | s2 << 4]``: :func:`_suit_pattern` (a card index ``c`` holds its
suit slot in bits 4 and 5: ``c >> 4``, ``c >> 2 & 12``, ``c & 48`` put it in place)."""


def _fast_rounds(t: list[Any], rng: random.Random) -> tuple[list[Any], int]:
    """Whole rounds of random play from phase flip until the game ends or reaches a tie's
    Roshambo, on local variables (the playout's inner loop): hands as sorted lists, piles as
    deques, each seat's in a local of its own and also by place from the leader (``hands_from``,
    ``piles_from``); a hand is topped up once its round is over (the first round's at the start).
    Every random draw is the index ``rng.choice`` would draw from the ``n`` legal moves, in the
    order the default loop draws them (see :func:`_draws_match`); the round's winner is read off
    the suits' pattern (:data:`_SUIT_PATTERN`) and the cards' strengths."""
    grb = rng.getrandbits
    nbits = _NBITS
    m0, m1, m2 = t[MAXH], t[MAXH + 1], t[MAXH + 2]
    # the first round's top-up (none is needed from phase flip: the round has begun)
    h0, q0 = _hand_and_pile(t[H0], t[PI0], m0)
    h1, q1 = _hand_and_pile(t[H0 + 1], t[PI0 + 1], m1)
    h2, q2 = _hand_and_pile(t[H0 + 2], t[PI0 + 2], m2)
    take0, take1, take2 = q0.popleft, q1.popleft, q2.popleft
    piles = (q0, q1, q2)
    # by leader: (the leader's hand, the next seat's, the last seat's) and the same of the piles
    hands_from = ((h0, h1, h2), (h1, h2, h0), (h2, h0, h1))
    piles_from = ((q0, q1, q2), (q1, q2, q0), (q2, q0, q1))
    up = t[BIN]
    streak = t[STREAK]
    leader = t[LEADER]
    rules = t[RULES]
    to_win = rules.streak_to_win
    winner_first = rules.collect_order == "winner_first"
    strength = STRENGTH
    pattern = _SUIT_PATTERN
    insort = bisect.insort
    new_hist: list[tuple[Any, ...]] = []
    append = new_hist.append
    moves = 0
    roshambos = 0
    lost: tuple[bool, ...] = ()
    empty: tuple[int, ...] = ()
    no_bonus = (empty, empty, empty)
    if t[PH] == P_START:
        leader = grb(2)
        while leader >= 3:
            leader = grb(2)
        moves += 1
    while True:
        r = grb(2)
        while r >= 2:
            r = grb(2)
        up ^= r
        hand, hand1, hand2 = hands_from[leader]
        n = 3 * len(hand)
        k = grb(nbits[n])
        while k >= n:
            k = grb(nbits[n])
        lc = hand.pop(k // 3)
        decl = k % 3
        n = len(hand1)
        r = grb(nbits[n])
        while r >= n:
            r = grb(nbits[n])
        c1 = hand1.pop(r)
        n = len(hand2)
        r = grb(nbits[n])
        while r >= n:
            r = grb(nbits[n])
        c2 = hand2.pop(r)
        if leader == 0:
            cards = (lc, c1, c2)
        elif leader == 1:
            cards = (c2, lc, c1)
        else:
            cards = (c1, c2, lc)
        m = pattern[lc >> 4 | (c1 >> 2) & 12 | c2 & 48]
        if m == 7:
            # three suits: the Roshambo (a chance move) picks the winner
            w = grb(2)
            while w >= 3:
                w = grb(2)
            roshambos += 1
            wr = (w - leader) % 3  # the winner's place from the leader
            pw = piles[w]
            pw.extend((lc, c1, c2) if wr == 0 or not winner_first else (c1, c2, lc) if wr == 1 else (c2, lc, c1))
            bonus = [empty, empty, empty]
            got: tuple[int, ...]
            for o in ((w + 1) % 3, (w + 2) % 3):
                pile = piles[o]
                if len(pile) >= 3:
                    got = (pile.popleft(), pile.popleft(), pile.popleft())
                else:
                    got = tuple(pile)
                    pile.clear()
                bonus[o] = got
                pw.extend(got)
            append((leader, up, decl, cards, w, (bonus[0], bonus[1], bonus[2])))
        else:
            # the winner's place from the leader (0 the leader, 1 the next seat, 2 the last): the
            # strongest card of the winning suit (_SUIT_PATTERN)
            if m < 3:
                wr = m
            else:
                st = strength[up]
                if m == 3:
                    wr = 1 if st[c1] > st[lc] else 0
                elif m == 4:
                    wr = 2 if st[c2] > st[lc] else 0
                elif m == 5:
                    wr = 2 if st[c2] > st[c1] else 1
                else:
                    ws = st[lc]
                    wr = 0
                    if st[c1] > ws:
                        wr, ws = 1, st[c1]
                    if st[c2] > ws:
                        wr = 2
            if wr:
                w = (leader + wr) % 3
                piles_from[leader][wr].extend(
                    (lc, c1, c2) if not winner_first else (c1, c2, lc) if wr == 1 else (c2, lc, c1))
            else:
                w = leader
                piles_from[leader][0].extend((lc, c1, c2))
            append((leader, up, decl, cards, w, no_bonus))
        if w == leader:
            streak += 1
            if streak >= to_win:
                break
            zero = False
        else:
            streak = 1
            zero = False
            if lc >> 4 != decl:
                # the penalty: the leader's maximum hand size drops by one
                if leader == 0:
                    m0 -= 1
                    zero = m0 <= 0
                elif leader == 1:
                    m1 -= 1
                    zero = m1 <= 0
                else:
                    m2 -= 1
                    zero = m2 <= 0
            leader = w
        # a loss needs an empty hand (and pile) or a maximum hand size of 0 (only the penalty lowers it)
        if zero or not (h0 and h1 and h2):
            lost = ((not h0 and not q0) or m0 <= 0, (not h1 and not q1) or m1 <= 0, (not h2 and not q2) or m2 <= 0)
            if True in lost:
                break
        # the next round: top up every hand from its pile, seat by seat
        need = m0 - len(h0)
        if need > 0 and q0:
            insort(h0, take0())
            while need > 1 and q0:
                insort(h0, take0())
                need -= 1
        need = m1 - len(h1)
        if need > 0 and q1:
            insort(h1, take1())
            while need > 1 and q1:
                insort(h1, take1())
                need -= 1
        need = m2 - len(h2)
        if need > 0 and q2:
            insort(h2, take2())
            while need > 1 and q2:
                insort(h2, take2())
                need -= 1
    moves += 4 * len(new_hist) + roshambos
    for p, hand in enumerate((h0, h1, h2)):
        mask = 0
        for c in hand:
            mask |= 1 << c
        t[H0 + p] = mask
    t[PI0], t[PI0 + 1], t[PI0 + 2] = tuple(q0), tuple(q1), tuple(q2)
    t[MAXH], t[MAXH + 1], t[MAXH + 2] = m0, m1, m2
    t[BIN] = up
    t[STREAK] = streak
    t[LEADER] = leader
    t[HIST] = t[HIST] + tuple(new_hist)
    t[DECL] = -1
    t[C0] = t[C0 + 1] = t[C0 + 2] = -1
    t[CONTEST] = ()
    if streak >= to_win:
        t[PH] = P_OVER
        t[WINNER] = leader
        t[REASON] = f"won {streak} rounds in a row"
        return t, moves
    t[LOST] = lost
    alive = [p for p in range(3) if not lost[p]]
    if len(alive) == 1:
        t[PH] = P_OVER
        t[WINNER] = alive[0]
        t[REASON] = "the other two players lost"
        return t, moves
    a, b = alive
    ca, cb = _count(t, a), _count(t, b)
    if ca == cb:
        t[PH] = P_TIE
        t[CONTEST] = (a, b)
        return t, moves
    t[PH] = P_OVER
    t[WINNER] = a if ca > cb else b
    t[REASON] = f"player {lost.index(True)} lost; most cards ({max(ca, cb)})"
    return t, moves


def _hand_and_pile(mask: int, pile: tuple[int, ...], most: int) -> tuple[list[int], deque[int]]:
    """A seat's hand (a sorted list) topped up to ``most`` cards from its pile (as
    :func:`_top_up`), and what is left of the pile (a deque, top first)."""
    hand = _cards_of(mask) if mask else []
    need = most - len(hand)
    if need > 0 and pile:
        hand += pile[:need]
        hand.sort()
        pile = pile[need:]
    return hand, deque(pile)


def _cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _shown(hist: tuple[Any, ...]) -> list[str]:
    seen: set[int] = set()
    for h in hist:
        seen.update(h[3])
        for b in h[5]:
            seen.update(b)
    return [ASCII[i] for i in sorted(seen)]


def _count(t: list[Any], p: int) -> int:
    return int(t[H0 + p].bit_count()) + len(t[PI0 + p])


def _top_up(t: list[Any]) -> None:
    for p in (0, 1, 2):
        need = t[MAXH + p] - t[H0 + p].bit_count()
        if need > 0:
            pile = t[PI0 + p]
            if need == 1 and pile:
                t[H0 + p] |= 1 << pile[0]
            else:
                for i in pile[:need]:
                    t[H0 + p] |= 1 << i
            t[PI0 + p] = pile[need:]


def _finish(t: list[Any], w: int, roshambo: bool) -> None:
    """Collect, penalise, count the streak, then end the game or start the next round."""
    leader = t[LEADER]
    cards = (t[C0], t[C0 + 1], t[C0 + 2])
    first = leader if t[RULES].collect_order == "leader_first" else w
    gained = (cards[first], cards[(first + 1) % 3], cards[(first + 2) % 3])
    bonus: list[tuple[int, ...]] = [(), (), ()]
    if roshambo:
        for o in ((w + 1) % 3, (w + 2) % 3):
            pile = t[PI0 + o]
            bonus[o] = pile[:3]
            t[PI0 + o] = pile[3:]
            gained += pile[:3]
    t[PI0 + w] = t[PI0 + w] + gained
    if (cards[leader] >> 4) != t[DECL] and w != leader:
        t[MAXH + leader] -= 1
    t[STREAK] = t[STREAK] + 1 if w == leader else 1
    t[HIST] = t[HIST] + ((leader, t[BIN], t[DECL], cards, w, (bonus[0], bonus[1], bonus[2])),)
    t[DECL] = -1
    t[C0] = t[C0 + 1] = t[C0 + 2] = -1
    t[CONTEST] = ()
    t[LEADER] = w
    if t[STREAK] >= t[RULES].streak_to_win:
        t[PH] = P_OVER
        t[WINNER] = w
        t[REASON] = f"won {t[STREAK]} rounds in a row"
        return
    if ((not t[H0] and not t[PI0]) or (not t[H0 + 1] and not t[PI0 + 1]) or (not t[H0 + 2] and not t[PI0 + 2])
            or t[MAXH] <= 0 or t[MAXH + 1] <= 0 or t[MAXH + 2] <= 0):
        lost = tuple((t[H0 + p] == 0 and not t[PI0 + p]) or t[MAXH + p] <= 0 for p in range(3))
        t[LOST] = lost
        alive = [p for p in range(3) if not lost[p]]
        if len(alive) == 1:
            t[PH] = P_OVER
            t[WINNER] = alive[0]
            t[REASON] = "the other two players lost"
            return
        a, b = alive
        ca, cb = _count(t, a), _count(t, b)
        if ca == cb:
            t[PH] = P_TIE
            t[CONTEST] = (a, b)
            return
        win = a if ca > cb else b
        t[PH] = P_OVER
        t[WINNER] = win
        t[REASON] = f"player {lost.index(True)} lost; most cards ({max(ca, cb)})"
        return
    _top_up(t)
    t[PH] = P_FLIP


_INLINE_DRAWS_MATCH = _draws_match()
ENGINE = ThreeFoolsEngine()
"""The engine instance."""
