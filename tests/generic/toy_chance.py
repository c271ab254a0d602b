"""A toy game with chance nodes and three players, for the open-hand search's expectimax: players
take turns taking 1 or 2 tokens, the one who takes the last token wins (payoff 1, the others 0).
Once per game, after a take, a die may give a token back (probability 1/3; a chance node), so
no position repeats. A spec and an engine written apart, as the real games have them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from foolsolve.game import (
    CHANCE,
    ChanceMode,
    Dynamics,
    Engine,
    GameMeta,
    IllegalMove,
    Information,
    Result,
    SpecGame,
    Utility,
)
from foolsolve.games.base import GameInfo

BACK = Fraction(1, 3)


@dataclass(frozen=True, order=True)
class Move:
    kind: str  # "take" or "die"
    n: int

    def __str__(self) -> str:
        return f"{self.kind} {self.n}"


@dataclass(frozen=True)
class State:
    rules: Any
    tokens: int
    to_move: int  # the next player to take (after the die, when rolling)
    rolling: bool  # the die is to be rolled
    die_left: bool
    winner: int | None = None


META = GameMeta(name="toy-chance", title="Toy chance", seed="toy", min_players=3, max_players=3,
                dynamics=Dynamics.SEQUENTIAL, chance_mode=ChanceMode.EXPLICIT, information=Information.PERFECT,
                utility=Utility.GENERAL_SUM, utility_bounds=(0.0, 1.0))


class ChanceSpec(SpecGame[State, Move]):
    meta = META

    def deal(self, rules: Any, players: int, rng: random.Random) -> State:
        return State(rules, rng.randint(1, 7), 0, False, True)

    def legal_moves(self, state: State) -> list[Move]:
        if state.winner is not None:
            return []
        if state.rolling:
            return [Move("die", 0), Move("die", 1)]
        return [Move("take", k) for k in (1, 2) if k <= state.tokens]

    def apply(self, state: State, move: Move) -> State:
        if move not in self.legal_moves(state):
            raise IllegalMove(f"{move} is not legal")
        if move.kind == "die":
            return State(state.rules, state.tokens + move.n, state.to_move, False, False)
        left = state.tokens - move.n
        nxt = (state.to_move + 1) % 3
        if left == 0:
            return State(state.rules, 0, nxt, False, state.die_left, state.to_move)
        return State(state.rules, left, nxt, state.die_left, state.die_left)

    def to_move(self, state: State) -> int:
        return CHANCE if state.rolling else state.to_move

    def chance_probability(self, state: State, outcome: Move) -> Fraction:
        return BACK if outcome.n else 1 - BACK

    def chance_outcomes(self, state: State) -> list[tuple[Move, Fraction]]:
        return [(m, self.chance_probability(state, m)) for m in self.legal_moves(state)] if state.rolling else []

    def result(self, state: State) -> Result | None:
        if state.winner is None:
            return None
        return Result(tuple(Fraction(int(p == state.winner)) for p in range(3)), f"winner: player {state.winner}")

    def num_players(self, state: State) -> int:
        return 3

    def state_to_json(self, state: State) -> dict[str, Any]:
        return {"game": self.name, "tokens": state.tokens, "to_move": state.to_move, "rolling": state.rolling,
                "die_left": state.die_left, "winner": state.winner}

    def state_from_json(self, obj: dict[str, Any]) -> State:
        return State(None, obj["tokens"], obj["to_move"], obj["rolling"], obj["die_left"], obj["winner"])


class ChanceEngine(Engine[tuple[int, int, int, int, int], int]):
    """State: (tokens, next taker, rolling, die left, winner or -1); a move: tokens taken (1, 2)
    or given back by the die (10 + 0 or 1)."""

    def from_spec(self, state: Any) -> tuple[int, int, int, int, int]:
        return (state.tokens, state.to_move, int(state.rolling), int(state.die_left),
                -1 if state.winner is None else state.winner)

    def to_spec(self, state: tuple[int, int, int, int, int]) -> State:
        t, p, r, d, w = state
        return State(None, t, p, bool(r), bool(d), None if w < 0 else w)

    def legal_moves(self, state: tuple[int, int, int, int, int]) -> list[int]:
        t, _, r, _, w = state
        if w >= 0:
            return []
        return [11, 10] if r else [k for k in (2, 1) if k <= t]

    def move_to_spec(self, state: Any, move: int) -> Move:
        return Move("die", move - 10) if move >= 10 else Move("take", move)

    def apply(self, state: tuple[int, int, int, int, int], move: int) -> tuple[int, int, int, int, int]:
        t, p, _, d, w = state
        if move >= 10:
            return (t + move - 10, p, 0, 0, w)
        left = t - move
        return (left, (p + 1) % 3, 0 if left == 0 else d, d, p if left == 0 else -1)

    def to_move(self, state: tuple[int, int, int, int, int]) -> int:
        return CHANCE if state[2] else state[1]

    def chance_outcomes(self, state: tuple[int, int, int, int, int]) -> list[tuple[int, Fraction]]:
        return [(11, BACK), (10, 1 - BACK)] if state[2] else []

    def result(self, state: tuple[int, int, int, int, int]) -> Result | None:
        w = state[4]
        return None if w < 0 else Result(tuple(Fraction(int(p == w)) for p in range(3)), f"winner: player {w}")

    def key(self, state: tuple[int, int, int, int, int]) -> tuple[int, int, int, int, int]:
        return state


INFO = GameInfo(meta=META, spec=ChanceSpec(), engine=ChanceEngine())
