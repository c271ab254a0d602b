"""Fool's Paradise (seed 000) declared for the registry: spec, engine, endgame solver, random
whole-game starts, the position schema, the ``capture`` command, the proofs and the ambiguity
explorer's adapter (all imported on first use)."""

from __future__ import annotations

import random
from typing import Any

from foolsolve.games.base import GameInfo, SeatSearch
from foolsolve.lazy import CommandRef, Lazy

RANDOM_PLAYERS = (2, 5)
"""Player counts drawn by :func:`random_game` (inclusive)."""
RANDOM_DECKS = (1, 2)
"""Deck counts drawn by :func:`random_game`."""


def random_game(rng: random.Random) -> Any:
    """A random whole-game start: every rule option drawn at random (``decks`` from
    :data:`RANDOM_DECKS`), 2-5 players, a shuffled deal. A number of players fixed
    (:func:`foolsolve.rules.seating`, ``conform --players``) is dealt, from at least the decks that
    hold it."""
    from foolsolve.rules import random_rules, seated
    from foolsolve.spec.fools_paradise import CENTRE_SIZE, DECK_CARDS, HAND_SIZE, SPEC, Rules

    decks = rng.choice(RANDOM_DECKS)
    n = seated()
    if n is not None:
        decks = max(decks, -(-(n * HAND_SIZE + CENTRE_SIZE) // DECK_CARDS))
    rules = random_rules(Rules, rng, decks=decks)
    players = rng.randint(*RANDOM_PLAYERS)
    return SPEC.deal(rules, players if n is None else n, rng)


def tensor_layout() -> Any:
    """The observation tensor of the OpenSpiel bridge (docs/openspiel.md), read from a view file."""
    from foolsolve import openspiel_tensor as t

    return t.Layout((
        t.player(t.VIEWER), t.player("to_move"), t.player("dealer"),
        t.zones("hands"), t.zone("stock", count_key="stock_size"), t.cards("centre"), t.cards_each("piles"),
        t.numbers("clears"), t.numbers("scores"), t.fools_paradise_pending(),
    ), t.COMMON_UNENCODED | {"stock_size"})


INFO = GameInfo(
    meta=Lazy("foolsolve.spec.fools_paradise:META"),
    spec=Lazy("foolsolve.spec.fools_paradise:SPEC"),
    engine=Lazy("foolsolve.engines.fools_paradise:ENGINE"),
    solve=Lazy("foolsolve.solver.fools_paradise.search:solve"),
    random_game=random_game,
    schema="fools-paradise.schema.json",
    commands=(
        CommandRef("capture", "foolsolve.solver.fools_paradise.capture_cli:capture_command",
                   "Optimal Fool's Paradise collections of a hand on a centre (000 §Collecting Cards).",
                   old_name="capture"),
    ),
    proofs="foolsolve.proofs.fools_paradise",
    ambiguity=Lazy("foolsolve.solver.fools_paradise.ambiguity:FoolsParadiseAmbiguity"),
    doc="docs/fools-paradise.md",
    solver_version="3",
    solver_options=Lazy("foolsolve.solver.fools_paradise.search:OPTIONS"),
    solver_option_defaults=Lazy("foolsolve.solver.fools_paradise.search:OPTION_DEFAULTS"),
    solver_check=Lazy("foolsolve.solver.fools_paradise.search:check_options"),
    solver_method=Lazy("foolsolve.solver.fools_paradise.search:method_text"),
    max_moves=1 << 16,
    greedy=Lazy("foolsolve.solver.fools_paradise.greedy:choose"),
    greedy_engine=Lazy("foolsolve.solver.fools_paradise.greedy:choose_engine"),
    # BENCHMARKS.md, "Playing strength": measured in the arena against the defaults
    seat_search=(SeatSearch(1, lambda state: len(state.stock) > 0, "while the draw pile has cards", frontier="greedy",
                            deepens=False),),
    pimc_prefers_greedy=True,
    # a seat answer's world: player P's own final score, all the others minimising it (the seat's scale)
    paranoid_options={"goal": "score", "pv": False},
    tensor_layout=tensor_layout,
    open_hand_values=("values: player {player}'s own final score (the game's results), the other players minimising "
                      "it: an estimate of another value than the exact solver's final score difference (two players; "
                      "three or more: own score minus the best other's; its -o goal=score values this one)"),
)
