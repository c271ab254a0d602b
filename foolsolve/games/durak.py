"""Durak glue: the spec, random whole-game starts and the position schema.

With the fast engine (``engines/durak.py``, checked against the spec by the harness) and the
exact two-player endgame solver (``solver/durak.py``), both imported on first use.
"""

from __future__ import annotations

import random

from foolsolve.games.base import GameInfo
from foolsolve.lazy import Lazy
from foolsolve.rules import random_rules
from foolsolve.spec.durak import MAX_PLAYERS, MIN_PLAYERS, SPEC, Rules, State


def random_game(rng: random.Random) -> State:
    """A fresh deal: 2..6 players, every rule option drawn at random, a random shuffle."""
    players = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    rules = random_rules(Rules, rng)
    return SPEC.deal(rules, players, rng)


INFO = GameInfo(spec=SPEC, engine=Lazy("foolsolve.engines.durak:DurakEngine", call=True),
                solve=Lazy("foolsolve.solver.durak:solve"), random_game=random_game, schema="durak.schema.json")
