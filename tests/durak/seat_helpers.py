"""A small hand-made sampler of Durak worlds for the seat tests (independent of
foolsolve.worlds): the cards player P cannot see (the other hands and the stock above its
face-up bottom card) shuffled and dealt back with every size kept."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from math import comb
from typing import Any


class DurakWorlds:
    """Uniform worlds for two-player Durak from ``player``'s seat, read off a full state; the
    analyses under test see only this object."""

    def __init__(self, state: Any, player: int) -> None:
        self.player = player
        self._state = state
        others = [q for q in range(state.players) if q != player]
        self._sizes = [len(state.hands[q]) for q in others]
        self._others = others
        hidden = [c for q in others for c in state.hands[q]] + list(state.stock[:-1])
        self._hidden = sorted(hidden)

    def _world(self, cards: list[Any]) -> Any:
        hands = list(self._state.hands)
        at = 0
        for q, n in zip(self._others, self._sizes):
            hands[q] = frozenset(cards[at:at + n])
            at += n
        stock = tuple(cards[at:]) + tuple(self._state.stock[-1:])
        return replace(self._state, hands=tuple(hands), stock=stock)

    def sample(self, rng: random.Random) -> Any:
        cards = list(self._hidden)
        rng.shuffle(cards)
        return self._world(cards)

    def count(self) -> int:
        n = len(self._hidden)
        total = 1
        for size in self._sizes:
            total *= comb(n, size)
            n -= size
        for k in range(1, n + 1):
            total *= k
        return total

    def enumerate(self) -> Iterator[Any]:
        assert len(self._others) == 1
        rest_n = len(self._hidden) - self._sizes[0]
        for hand in itertools.combinations(self._hidden, self._sizes[0]):
            rest = [c for c in self._hidden if c not in hand]
            for order in itertools.permutations(rest, rest_n):
                yield self._world([*hand, *order])
