"""Fool's Paradise wired together: spec, engine, endgame solver, positions, extra commands
(the engine, the solver and the commands are imported on first use)."""

from __future__ import annotations

import random

from foolsolve.games.base import GameInfo
from foolsolve.lazy import Lazy
from foolsolve.rules import random_rules
from foolsolve.spec.fools_paradise import SPEC, Rules, State

RANDOM_PLAYERS = (2, 5)
"""Player counts drawn by :func:`random_game` (inclusive)."""
RANDOM_DECKS = (1, 2)
"""Deck counts drawn by :func:`random_game`."""


def random_game(rng: random.Random) -> State:
    """A random whole-game start: every rule option drawn at random (``decks`` from
    :data:`RANDOM_DECKS`), 2-5 players, a shuffled deal."""
    rules = random_rules(Rules, rng, decks=rng.choice(RANDOM_DECKS))
    players = rng.randint(*RANDOM_PLAYERS)
    return SPEC.deal(rules, players, rng)


INFO = GameInfo(
    spec=SPEC,
    engine=Lazy("foolsolve.engines.fools_paradise:ENGINE"),
    solve=Lazy("foolsolve.solver.fools_paradise:solve"),
    random_game=random_game,
    schema="fools-paradise.schema.json",
    commands=(Lazy("foolsolve.games.ambiguities_cli:ambiguities"),),
)
