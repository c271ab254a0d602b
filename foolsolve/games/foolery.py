"""Foolery (seed 004) declared for the registry: spec, engine, open-hand endgame solver, random
whole-round starts (first and later rounds), the position schema and the ambiguity explorer's
adapter (all imported on first use)."""

from __future__ import annotations

import random
from typing import Any

from foolsolve.games.base import GameInfo
from foolsolve.lazy import Lazy


def random_game(rng: random.Random) -> Any:
    """A random whole-round start: 3-7 players, every rule option drawn at random; one time in
    three a later round (random previous places, so the exchange is played first). A number of players
    fixed (:func:`foolsolve.rules.seating`, ``conform --players``) is dealt."""
    from foolsolve.rules import pin_players, random_rules
    from foolsolve.spec.foolery import MAX_PLAYERS, MIN_PLAYERS, SPEC, Rules

    players = pin_players(rng.randint(MIN_PLAYERS, MAX_PLAYERS))
    rules = random_rules(Rules, rng)
    if rng.random() < 1 / 3:
        previous = list(range(1, players + 1))
        rng.shuffle(previous)
        return SPEC.deal(rules, players, rng, previous=previous)
    return SPEC.deal(rules, players, rng)


PARANOID_CARDS = 48
"""The most cards in the hands of a world that seat analysis gives the exact solver (``goal=place``)
to value. Over 2,400 positions of seeded random rounds (3-7 players, every rule option at random;
``bench/bench_seat.py --games foolery --reach 2400``) it finished within its half of the default
world budget (2,500 nodes) in 1 of 740 with more cards, 8 of 376 at 37-48 cards, 61 of 239 at
19-24 and nearly all below 13: above the cut its half would go to the depth-limited search for
nothing (BENCHMARKS.md, "Answers from one seat")."""


def paranoid_tries(state: Any) -> bool:
    """Whether seat analysis asks the exact solver about ``state`` (:data:`PARANOID_CARDS`)."""
    return sum(len(hand) for hand in state.hands) <= PARANOID_CARDS


def tensor_layout() -> Any:
    """The observation tensor of the OpenSpiel bridge (docs/openspiel.md), read from a view file."""
    from foolsolve import openspiel_tensor as t
    from foolsolve.spec.foolery import PHASES

    return t.Layout((
        t.player(t.VIEWER), t.player("to_move"), t.player("dealer"), t.choice("phase", PHASES), t.number("round"),
        t.numbers("previous_places"), t.numbers("places"), t.players("passed"), t.player("skipped"),
        t.zones("hands"), t.foolery_trick(), t.cards("discard"), t.cards_each("given"),
    ), t.COMMON_UNENCODED)


INFO = GameInfo(
    meta=Lazy("foolsolve.spec.foolery:META"),
    spec=Lazy("foolsolve.spec.foolery:SPEC"),
    engine=Lazy("foolsolve.engines.foolery:ENGINE"),
    solve=Lazy("foolsolve.solver.foolery.search:solve"),
    random_game=random_game,
    schema="foolery.schema.json",
    ambiguity=Lazy("foolsolve.solver.foolery.ambiguity:FooleryAmbiguity"),
    proofs="foolsolve.proofs.foolery",
    doc="docs/foolery.md",
    solver_version="5",  # 5: five-card plays in rank order; 4: a paranoid answer names its player; 3: ties read suits
    solver_options=Lazy("foolsolve.solver.foolery.search:OPTIONS"),
    solver_option_defaults=Lazy("foolsolve.solver.foolery.search:OPTION_DEFAULTS"),
    pv_follows_moves=True,
    solver_check=Lazy("foolsolve.solver.foolery.search:check_options"),
    solver_method=Lazy("foolsolve.solver.foolery.search:method_text"),
    # the greedy bot's heuristic on engine states, for greedy playouts (docs/arena.md)
    greedy_engine=Lazy("foolsolve.solver.foolery.greedy:choose_engine"),
    # the best place a player can make sure of against all the others, as its payoff: the
    # open-hand search's paranoid value (docs/open-hand.md)
    paranoid_options={"concept": "paranoid", "goal": "place", "pv": False},
    paranoid_tries=paranoid_tries,
    paranoid_where=f"where the hands hold at most {PARANOID_CARDS} cards",
    # a hand holds at most 28 cards (a three-player King after the exchange's take): at most
    # 210 sets, C(28, 5) = 98,280 five-card candidates, 1,561 trump sets, the Fool and pass
    max_moves=1 << 17,
    tensor_layout=tensor_layout,
)
