"""Fools and Angels (seed 003) wired together: spec, engine, endgame solver, schema (the
engine and the solver are imported on first use)."""

from __future__ import annotations

import random
from typing import Any

from foolsolve.games.base import GameInfo
from foolsolve.lazy import Lazy
from foolsolve.rules import random_rules
from foolsolve.solver.base import SolveOptions, SolveResult
from foolsolve.spec.fools_and_angels import FACE_EFFECTS, SCHEMA, SPEC, FaceEffects, Rules, State, Stocks, parse_game_card

SPEC_CARDS = [parse_game_card(f"{r}{s}", "card") for s in "CDHS" for r in "A23456789JQK"]
"""The 48 cards of the game (10s put away)."""


def random_stocks(rng: random.Random, asymmetry: bool) -> Stocks:
    """A random split of the 48 usable cards into three stocks (3p/3p/4p with Asymmetry)."""
    cards = list(SPEC_CARDS)
    rng.shuffle(cards)
    if asymmetry:
        k = rng.randint(1, 4)
        n0 = n1 = 3 * k
        npool = 4 * k
    else:
        n0, n1, npool = rng.randint(1, 12), rng.randint(1, 12), rng.randint(0, 16)
    parts = (cards[:n0], cards[n0:n0 + n1], cards[n0 + n1:n0 + n1 + npool])
    return Stocks(*(tuple(c.ascii for c in sorted(part)) for part in parts))


def random_rules_fa(rng: random.Random) -> Rules:
    """Random rules: every option with choices, a hand limit 3..9, random face effects and,
    one time in three, a random split of the stocks."""
    base = random_rules(Rules, rng)
    stocks = random_stocks(rng, base.asymmetry) if rng.random() < 1 / 3 else base.stocks
    faces = FaceEffects(*(rng.choice(sorted(FACE_EFFECTS)) for _ in range(3)))
    kwargs: dict[str, Any] = {f: getattr(base, f) for f in base.__dataclass_fields__}
    kwargs.update(stocks=stocks, hand_limit=rng.randint(3, 9), face_effects=faces)
    return Rules(**kwargs)


def random_game(rng: random.Random) -> State:
    """A random whole-game start for conformance runs."""
    return SPEC.deal(random_rules_fa(rng), 2, rng)


def solve(state: Any, options: SolveOptions) -> SolveResult:
    """Exact endgame solve (both private stocks and the pool empty)."""
    from foolsolve.solver.fools_and_angels import solve as _solve

    return _solve(state, options)


INFO = GameInfo(spec=SPEC, engine=Lazy("foolsolve.engines.fools_and_angels:ENGINE"), solve=solve,
                random_game=random_game, schema=SCHEMA, commands=())
