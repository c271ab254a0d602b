"""Durak (seed 001) declared for the registry: spec, engine and two-player endgame solver,
random whole-game starts, the position schema and the proofs (all imported on first use)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from foolsolve.games.base import GameInfo, SeatSearch
from foolsolve.lazy import Lazy


def random_game(rng: random.Random) -> Any:
    """A fresh deal: 2..6 players, every rule option but 001's side rules drawn at random (those stay
    off, the deck without Jokers: tests/durak/test_side_rules.py plays them), a random shuffle. Rule
    options pinned (:func:`foolsolve.rules.pinning`, ``conform --rules``) keep their values, side rules
    included: teams at their own size. A number of players fixed (:func:`foolsolve.rules.seating`,
    ``conform --players``) is dealt, a table the rules do not seat refused by the deal."""
    from foolsolve.rules import pin, pin_players, random_rules, seated
    from foolsolve.spec.durak import DECK_PLAYERS, MIN_PLAYERS, NO_TEAMS, PLAIN_DECKS, SPEC, TEAM_PLAYERS, Rules, side_defaults

    players = pin_players(rng.randint(MIN_PLAYERS, DECK_PLAYERS[PLAIN_DECKS[0]]))
    rules = pin(_team_places(random_rules(Rules, rng, **side_defaults())))
    if rules.teams != NO_TEAMS and seated() is None:  # (only where pinned)
        players = TEAM_PLAYERS[rules.teams]
    return SPEC.deal(rules, players, rng)


def _team_places(rules: Any) -> Any:
    """Teams play without places (a team loses): ``places`` set to ``fool`` under teams unless pinned."""
    from foolsolve.rules import pinned
    from foolsolve.spec.durak import NO_TEAMS

    if rules.teams != NO_TEAMS and "places" not in pinned():
        return dataclasses.replace(rules, places="fool")
    return rules


def conform_game(rng: random.Random) -> Any:
    """A fresh deal for ``foolsolve conform``: half of them :func:`random_game`'s, the other half
    under every option drawn at random, 001's side rules included (teams at their own size and
    without places, 7-8 players only with the 54-card deck), so that conformance reaches the rules
    that only the spec and the engine play. A number of players fixed (:func:`foolsolve.rules.seating`,
    ``conform --players``) draws the deck and the teams among those that seat it."""
    from foolsolve.rules import Among, options_of, pin, pin_players, random_rules, seated
    from foolsolve.spec.durak import DECK_PLAYERS, MIN_PLAYERS, NO_TEAMS, SPEC, TEAM_PLAYERS, Rules, check_table

    if rng.random() < 0.5:
        return random_game(rng)
    n = seated()
    seats: dict[str, Any] = {}
    if n is not None:
        choices = {o.name: o.choices or () for o in options_of(Rules)}
        seats = {"deck": Among(tuple(d for d in choices["deck"] if DECK_PLAYERS[d] >= n)),
                 "teams": Among(tuple(t for t in choices["teams"] if t == NO_TEAMS or TEAM_PLAYERS[t] == n))}
    rules = pin(_team_places(random_rules(Rules, rng, **seats)))
    if rules.teams != NO_TEAMS:
        players = pin_players(TEAM_PLAYERS[rules.teams])
    else:
        players = pin_players(rng.randint(MIN_PLAYERS, DECK_PLAYERS[rules.deck]))
    check_table(rules, players, "players")
    return SPEC.deal(rules, players, rng)


def tensor_layout() -> Any:
    """The observation tensor of the OpenSpiel bridge (docs/openspiel.md), read from a view file."""
    from foolsolve import openspiel_tensor as t

    return t.Layout((
        t.player(t.VIEWER), t.player("to_move"), t.player("attacker"), t.player("defender"), t.player("last_defender"),
        t.choice("trump", ("C", "D", "H", "S")), t.choice("phase", ("redeal",)),
        t.flag("taking"), t.flag("first_bout"), t.number("defender_start"),
        t.zones("hands"), t.zone("stock"), t.cards("discard"), t.durak_table(), t.cards("shown"), t.cards_each("known"),
        t.players("out"), t.numbers("places"),
    ), t.COMMON_UNENCODED | {"redeal_seed", "turned"})


INFO = GameInfo(
    meta=Lazy("foolsolve.spec.durak:META"),
    spec=Lazy("foolsolve.spec.durak:SPEC"),
    engine=Lazy("foolsolve.engines.durak:DurakEngine", call=True),
    solve=Lazy("foolsolve.solver.durak:solve"),
    random_game=random_game,
    conform_game=conform_game,
    schema="durak.schema.json",
    proofs="foolsolve.proofs.durak",
    ambiguity=Lazy("foolsolve.solver.durak.ambiguity:DurakAmbiguity"),
    doc="docs/durak.md",
    solver_version="2",
    solver_options=Lazy("foolsolve.solver.durak.search:OPTIONS"),
    solver_option_defaults=Lazy("foolsolve.solver.durak.search:OPTION_DEFAULTS"),
    pv_follows_moves=True,
    solver_check=Lazy("foolsolve.solver.durak.search:check_options"),
    solver_method=Lazy("foolsolve.solver.durak.search:method_text"),
    distance_values=Lazy("foolsolve.solver.durak.search:distance_values"),
    distance_skip=Lazy("foolsolve.solver.durak.search:distance_skip"),
    warm_up=Lazy("foolsolve.solver.durak.search:warm_up"),
    greedy=Lazy("foolsolve.solver.durak.greedy:choose"),
    greedy_engine=Lazy("foolsolve.solver.durak.greedy:choose_engine"),
    # BENCHMARKS.md, "Playing strength": each rule measured in the arena against the defaults
    seat_search=(SeatSearch(200, lambda state: state.players == 2 and len(state.stock) > 2,
                            "while two or more cards of the stock are unseen (two players)", frontier="greedy",
                            deepens=False),
                 SeatSearch(200, lambda state: state.players >= 3, "with three or more players", frontier="greedy")),
    tensor_layout=tensor_layout,
)
