"""Small Three Fools positions whose whole game a search can finish, and that search written again
from the spec's moves: the reference of the exact-value tests (tests/three_fools/test_exact_values.py,
tests/generic/test_exact_values_under_rules.py).

A Three Fools position always holds the 45 cards, and a pile is played again once collected, so a
random game never leaves a small one. :func:`short_game` builds one by hand: two players hold a
card or two (hand and pile), the third holds the rest; the game then ends within a few rounds (a
player out of cards loses, the final count or the streak decides).

:func:`game_values` values every root move by exhaustive search over the spec (its ``legal_moves``,
``apply``, ``result`` and ``chance_probability``), paranoid or max-n, chance nodes as expectations,
keyed by what the rest of the game reads (the history of rounds changes nothing that follows, so it
is left out of the key: transpositions are merged)."""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from typing import Any

from foolsolve.cards import PILATCH45
from foolsolve.game import CHANCE
from foolsolve.rules import rules_to_json
from foolsolve.spec.three_fools import FLIP, SPEC, Rules, State


def short_game(rng: random.Random, rules: Rules, sizes: tuple[int, ...] = (1, 1, 2, 2), moves: int | None = None) -> State:
    """A position under ``rules``: two players with a card count drawn from ``sizes`` each (hand up
    to her maximum hand size, the rest in her pile), the third with a full hand and every other
    card in her pile; maximum hand sizes 1, 2 or the rules' own; a streak below ``streak_to_win``;
    then ``moves`` random legal moves (drawn: 0 to 7), so every phase comes up."""
    deck = list(PILATCH45)
    rng.shuffle(deck)
    big = rng.randrange(3)
    max_hand = [rng.choice([1, 1, 2, rules.max_hand]) for _ in range(3)]
    hands: list[list[Any]] = []
    piles: list[list[Any]] = []
    for p in range(3):
        n = max_hand[p] if p == big else rng.choice(sizes)
        held = min(n, max_hand[p])
        hands.append([deck.pop() for _ in range(held)])
        piles.append([deck.pop() for _ in range(n - held)])
    piles[big] += deck
    obj = {"game": "three-fools", "rules": rules_to_json(rules, only_changed=True), "phase": FLIP,
           "leader": rng.randrange(3), "streak": rng.randint(1, rules.streak_to_win - 1), "max_hand": max_hand,
           "binary": rng.choice(["up", "down"]), "hands": [[c.ascii for c in h] for h in hands],
           "piles": [[c.ascii for c in pile] for pile in piles]}
    s = SPEC.state_from_json(obj)
    for _ in range(rng.choice([0, 0, 1, 2, 3, 3, 5, 7]) if moves is None else moves):
        if SPEC.result(s) is not None:
            break
        s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))
    return s


class TooBig(Exception):
    """The search expanded more positions than its limit."""


def _key(s: State) -> tuple[Any, ...]:
    """What the rest of the game reads (not the history of rounds, which only the views read)."""
    return (s.phase, s.leader, tuple(tuple(sorted(c.index for c in h)) for h in s.hands),
            tuple(tuple(c.index for c in pile) for pile in s.piles), s.max_hand, s.binary, s.streak, s.declared,
            tuple(-1 if c is None else c.index for c in s.centre), s.contest, s.lost, s.winner)


def game_values(s: State, player: int, concept: str, limit: int = 20_000,
                endless: Fraction = Fraction(0)) -> dict[str, Fraction]:
    """Every legal move's value for ``player`` (her payoff: 1 if she wins) by exhaustive search over
    the spec: ``paranoid`` (she maximises it, the other two minimise it) or ``max-n`` (each player
    maximises her own payoff; of equal moves the first in the spec's order). Chance nodes (the
    Roshambo of a three-suit round and of a tie) are expectations over the spec's odds.

    Nothing in the rules ends a game whose cards go round and round (the leaders keep changing, no
    one runs out): a position met again on the line searched is valued ``endless`` for ``player``
    (paranoid; max-n: 0 for everyone), and a value resting on one is not memoised. A value that is
    the same with ``endless`` 0 and 1 does not depend on how a game that never ends is valued.
    More than ``limit`` positions expanded, or a line longer than 2,000: :class:`TooBig`."""
    memo: dict[tuple[Any, ...], tuple[Fraction, Fraction, Fraction]] = {}
    path: set[tuple[Any, ...]] = set()
    expanded = 0
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))

    def value(t: State) -> tuple[tuple[Fraction, Fraction, Fraction], bool]:
        nonlocal expanded
        res = SPEC.result(t)
        if res is not None:
            a, b, c = (Fraction(x) for x in res.payoffs)
            return (a, b, c), False
        k = _key(t)
        if k in memo:
            return memo[k], False
        if k in path:
            pay = [Fraction(0)] * 3
            if concept == "paranoid":
                pay[player] = endless
            return (pay[0], pay[1], pay[2]), True
        expanded += 1
        if expanded > limit or len(path) > 2_000:
            raise TooBig
        path.add(k)
        kids = [(m, *value(SPEC.apply(t, m))) for m in SPEC.legal_moves(t)]
        path.discard(k)
        mover = SPEC.to_move(t)
        if mover == CHANCE:
            out = tuple(sum((SPEC.chance_probability(t, m) * v[i] for m, v, _ in kids), Fraction(0)) for i in range(3))
        elif concept == "paranoid":
            pick = max if mover == player else min
            best = pick(v[player] for _, v, _ in kids)
            out = next(v for _, v, _ in kids if v[player] == best)
        else:
            out = kids[0][1]
            for _, v, _ in kids[1:]:
                if v[mover] > out[mover]:
                    out = v
        rep = any(r for _, _, r in kids)
        val = (out[0], out[1], out[2])
        if not rep:
            memo[k] = val
        return val, rep

    try:
        path.add(_key(s))
        return {SPEC.move_text(m): value(SPEC.apply(s, m))[0][player] for m in SPEC.legal_moves(s)}
    finally:
        sys.setrecursionlimit(old)
