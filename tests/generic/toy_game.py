"""A toy game (take 1-3 tokens, taking the last token wins) with a spec, a correct engine
and deliberately broken engines: it lets the generic harness, perft and the reference
solvers be tested on a game whose theory is known (the mover loses iff n % 4 == 0)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from foolsolve.game import ChanceMode, Dynamics, Engine, GameMeta, IllegalMove, Information, Result, SpecGame, Utility
from foolsolve.games.base import GameInfo
from foolsolve.rules import option


@dataclass(frozen=True)
class ToyRules:
    max_take: int = option(3, choices=(2, 3), doc="Most tokens one move takes.", source="toy")


@dataclass(frozen=True, order=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class ToyState:
    rules: ToyRules
    tokens: int
    to_move: int


META = GameMeta(name="toy", title="Toy", seed="toy", min_players=2, max_players=2, aliases=("toy-game",),
                dynamics=Dynamics.SEQUENTIAL, chance_mode=ChanceMode.DETERMINISTIC, information=Information.PERFECT,
                utility=Utility.ZERO_SUM)


class ToySpec(SpecGame[ToyState, Take]):
    meta = META
    rules_cls = ToyRules

    def deal(self, rules: Any, players: int, rng: random.Random) -> ToyState:
        return ToyState(rules, rng.randint(0, 12), 0)

    def legal_moves(self, state: ToyState) -> list[Take]:
        return [Take(k) for k in range(1, min(state.rules.max_take, state.tokens) + 1)]

    def apply(self, state: ToyState, move: Take) -> ToyState:
        if move not in self.legal_moves(state):
            raise IllegalMove(f"{move} is not legal")
        return ToyState(state.rules, state.tokens - move.n, 1 - state.to_move)

    def to_move(self, state: ToyState) -> int:
        return state.to_move

    def result(self, state: ToyState) -> Result | None:
        if state.tokens:
            return None
        winner = 1 - state.to_move  # the previous player took the last token
        pay = (Fraction(1), Fraction(-1)) if winner == 0 else (Fraction(-1), Fraction(1))
        return Result(pay, f"winner: player {winner}")

    def state_to_json(self, state: ToyState) -> dict[str, Any]:
        return {"game": "toy", "rules": {"max_take": state.rules.max_take}, "tokens": state.tokens,
                "to_move": state.to_move, "players": 2}

    def state_from_json(self, obj: dict[str, Any]) -> ToyState:
        from foolsolve.errors import InputError
        from foolsolve.rules import rules_from_json

        if not isinstance(obj.get("tokens"), int) or obj["tokens"] < 0:
            raise InputError("tokens: expected a non-negative integer")
        return ToyState(rules_from_json(ToyRules, obj.get("rules")), obj["tokens"], obj.get("to_move", 0))


class ToyEngine(Engine[tuple[int, int, int], int]):
    """State: (max_take, tokens, to_move). ``bug`` injects a fault for harness tests."""

    def __init__(self, bug: str = "") -> None:
        self.spec = ToySpec()
        self.bug = bug

    def from_spec(self, state: Any) -> tuple[int, int, int]:
        return (state.rules.max_take, state.tokens, state.to_move)

    def to_spec(self, state: tuple[int, int, int]) -> ToyState:
        return ToyState(ToyRules(state[0]), state[1], state[2])

    def legal_moves(self, state: tuple[int, int, int]) -> list[int]:
        cap = state[0] + (1 if self.bug == "moves" and state[1] > 5 else 0)
        return list(range(min(cap, state[1]), 0, -1))

    def move_to_spec(self, state: tuple[int, int, int], move: int) -> Take:
        return Take(move)

    def apply(self, state: tuple[int, int, int], move: int) -> tuple[int, int, int]:
        left = state[1] - move
        if self.bug == "successor" and move == 2 and left == 3:
            left = 2
        return (state[0], left, 1 - state[2])

    def to_move(self, state: tuple[int, int, int]) -> int:
        return state[2]

    def result(self, state: tuple[int, int, int]) -> Result | None:
        return self.spec.result(self.to_spec(state))

    def key(self, state: tuple[int, int, int]) -> tuple[int, int, int]:
        return state


def toy_info(bug: str = "") -> GameInfo:
    spec = ToySpec()
    return GameInfo(meta=META, spec=spec, engine=ToyEngine(bug),
                    random_game=lambda rng: ToyState(ToyRules(rng.choice((2, 3))), rng.randint(0, 14), 0))


def solve(state: Any, options: Any) -> Any:
    """Exact values by exhaustive minimax over the spec (the toy has no solver of its own)."""
    from foolsolve.solver import minimax

    return minimax.solve(ToySpec(), state, options)


INFO = GameInfo(meta=META, spec=ToySpec(), engine=ToyEngine(), solve=solve,
                random_game=lambda rng: ToyState(ToyRules(rng.choice((2, 3))), rng.randint(0, 14), 0))
"""The toy declared for the registry: with ``FOOLSOLVE_GAMES=toy_game`` (and this folder on the
path) every ``foolsolve`` command serves it; tests register it with ``games.register``."""
