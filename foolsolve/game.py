"""The one game shape shared by all five games.

A game has two implementations of the same rules:

* a **spec** (:class:`SpecGame`): immutable, hashable states (frozen dataclasses), moves
  as frozen values with a readable ``str``, plain literal code, slow;
* an **engine** (:class:`Engine`): the same game fast (bitmasks, cheap copies, hashing).

Both speak in the spec's *moves* at their boundary (an engine may use integers inside and
converts with :meth:`Engine.move_to_spec`), and both turn states into the same canonical
JSON (``state_to_json``), which is also the position-file format. That is what lets one
conformance harness (:mod:`foolsolve.conformance`), one perft counter, one CLI and one
solver interface serve every game.

Conventions:

* ``legal_moves`` returns moves sorted by :meth:`SpecGame.move_sort_key` (stable and
  documented per game), with no duplicates. An empty list means the state is terminal.
* ``apply`` never mutates its argument; on an illegal move the spec raises
  :class:`IllegalMove`.
* ``result`` is ``None`` until the game is over, then a :class:`Result` whose ``payoffs``
  has one entry per player (two-player games are zero-sum: ``(+1, -1)``, ``(0, 0)``...).
* Chance (a shuffle, Roshambo) is either fixed in the state (the stock order is part of
  a Durak position) or a chance node: ``to_move == CHANCE`` and the legal "moves" are
  the outcomes, each with probability :meth:`SpecGame.chance_probability`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, TypeVar

from foolsolve.errors import InputError

CHANCE = -1
"""``to_move`` of a chance node."""

S = TypeVar("S")  # spec state
M = TypeVar("M")  # spec move
E = TypeVar("E")  # engine state
EM = TypeVar("EM")  # engine move


class IllegalMove(InputError):
    """A move the spec rejects in this state."""


@dataclass(frozen=True)
class Result:
    """The end of a game: one payoff per player and a readable label."""

    payoffs: tuple[Fraction, ...]
    label: str
    details: tuple[tuple[str, Any], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """JSON form: payoffs as strings of fractions (exact), label, details."""
        return {"payoffs": [str(p) for p in self.payoffs], "label": self.label,
                "details": {k: v for k, v in self.details}}


class SpecGame(ABC, Generic[S, M]):
    """The rules of one game as plain, literal, slow Python."""

    name: str = ""
    """Registry name used in position files and on the command line (``durak``)."""
    title: str = ""
    """Human title (``Durak``)."""
    seed_file: str = ""
    """The seed text in ``shared/seeds`` this spec is read from."""
    min_players: int = 2
    max_players: int = 2
    rules_cls: type = object
    """The game's frozen rules dataclass (see :mod:`foolsolve.rules`)."""

    @abstractmethod
    def deal(self, rules: Any, players: int, rng: random.Random) -> S:
        """A whole new game from a shuffled deal."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move, sorted by :meth:`move_sort_key`; empty iff terminal."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after ``move``; raises :class:`IllegalMove` if it is not legal."""

    @abstractmethod
    def to_move(self, state: S) -> int:
        """The player to move (0-based), or :data:`CHANCE`."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """``None`` while the game goes on, else the result."""

    @abstractmethod
    def state_to_json(self, state: S) -> dict[str, Any]:
        """The canonical position-file JSON of a state (includes ``"game"``)."""

    @abstractmethod
    def state_from_json(self, obj: dict[str, Any]) -> S:
        """Read a position; raises :class:`InputError` naming the bad field."""

    def move_sort_key(self, move: M) -> Any:
        """The documented sort key of moves (default: the move's own ordering)."""
        return move

    def parse_move(self, state: S, text: str) -> M:
        """The legal move whose text is ``text`` (case- and glyph-insensitive)."""
        want = _norm_move(text)
        for m in self.legal_moves(state):
            if _norm_move(str(m)) == want:
                return m
        raise IllegalMove(f"move {text!r} is not legal here")

    def play(self, state: S, *texts: str) -> S:
        """Apply moves given as text, in order; an illegal one raises :class:`IllegalMove`
        naming its place (``move 2 ('take'): ...``)."""
        for i, text in enumerate(texts):
            try:
                state = self.apply(state, self.parse_move(state, text))
            except InputError as exc:
                raise IllegalMove(f"move {i + 1} ({text!r}): {exc}") from None
        return state

    def chance_probability(self, state: S, outcome: M) -> Fraction:
        """Probability of a chance outcome (only at :data:`CHANCE` nodes)."""
        raise NotImplementedError(f"{self.name} has no chance nodes")

    def num_players(self, state: S) -> int:
        """Players in the game."""
        return int(self.state_to_json(state)["players"])

    def describe(self, state: S) -> str:
        """A few readable lines about a state (for the CLI)."""
        import json

        return json.dumps(self.state_to_json(state), ensure_ascii=False)

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        return self.result(state) is not None


class Engine(ABC, Generic[E, EM]):
    """The same game, fast. May never disagree with its spec."""

    spec: SpecGame[Any, Any]

    @abstractmethod
    def from_spec(self, state: Any) -> E:
        """An engine state equal to a spec state."""

    @abstractmethod
    def to_spec(self, state: E) -> Any:
        """The spec state equal to an engine state."""

    @abstractmethod
    def legal_moves(self, state: E) -> Sequence[EM]:
        """Engine moves; converted with :meth:`move_to_spec` they equal the spec's list
        (same set; order may differ, the harness sorts)."""

    @abstractmethod
    def move_to_spec(self, state: E, move: EM) -> Any:
        """The spec move of an engine move."""

    @abstractmethod
    def apply(self, state: E, move: EM) -> E:
        """The successor (a new state; ``state`` stays valid)."""

    @abstractmethod
    def to_move(self, state: E) -> int:
        """Player to move, or :data:`CHANCE`."""

    @abstractmethod
    def result(self, state: E) -> Result | None:
        """As :meth:`SpecGame.result`."""

    @abstractmethod
    def key(self, state: E) -> Hashable:
        """A cheap hashable key; equal keys mean equal positions (for transposition tables)."""

    def apply_unchecked(self, state: E, move: EM) -> E:
        """:meth:`apply` for a move taken from :meth:`legal_moves`, which an engine may then skip
        checking (default: :meth:`apply`)."""
        return self.apply(state, move)

    def playout(self, state: E, rng: random.Random, max_moves: int | None = None) -> tuple[E, int]:
        """Random play from ``state`` until no move is legal (or ``max_moves`` moves were made):
        each move is ``rng.choice(legal_moves(s))`` (chance outcomes too, uniformly), applied with
        :meth:`apply_unchecked`. Returns the final state and the number of moves. An engine may
        override it with a native loop that plays the same game for the same ``rng``."""
        moves = 0
        while moves != max_moves:
            legal = self.legal_moves(state)
            if not legal:
                break
            state = self.apply_unchecked(state, rng.choice(legal))
            moves += 1
        return state, moves

    def move_from_spec(self, state: E, move: Any) -> EM:
        """The engine move of a spec move."""
        for m in self.legal_moves(state):
            if self.move_to_spec(state, m) == move:
                return m
        raise IllegalMove(f"move {move} is not legal here")


def _norm_move(text: str) -> str:
    from foolsolve.cards import _normalise

    return " ".join(_normalise(w) for w in text.split())
