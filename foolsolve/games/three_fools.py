"""Three Fools (seed 002) declared for the registry: spec, engine, the round-odds solver (and
the equilibrium of a bluff, ``-o equilibrium=true``), random whole-game starts, the position
schema and the ``simulate`` command (all imported on first use)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from foolsolve.games.base import GameInfo, SolverFlag
from foolsolve.lazy import CommandRef, Lazy


def random_rules_tf(rng: random.Random) -> Any:
    """Random rules: every option with choices, and one time in four a random Roshambo table."""
    from fractions import Fraction

    from foolsolve.rules import pin, random_rules
    from foolsolve.spec.three_fools import Rules

    base = random_rules(Rules, rng)
    if rng.random() < 0.25:
        table = []
        for _ in range(3):
            a, b = rng.randint(1, 5), rng.randint(1, 5)
            c = rng.randint(1, 5)
            t = a + b + c
            table.append((str(Fraction(a, t)), str(Fraction(b, t)), str(Fraction(c, t))))
        return pin(dataclasses.replace(base, roshambo=tuple(table)))
    return base


def random_game(rng: random.Random) -> Any:
    """A fresh deal under random rules (the first leader is the chance node that follows)."""
    from foolsolve.spec.three_fools import SPEC

    return SPEC.deal(random_rules_tf(rng), 3, rng)


def tensor_layout() -> Any:
    """The observation tensor of the OpenSpiel bridge (docs/openspiel.md), read from a view file."""
    from foolsolve import openspiel_tensor as t
    from foolsolve.spec.three_fools import PHASES, SUIT_TEXT

    suits = tuple(SUIT_TEXT.values())
    return t.Layout((
        t.player(t.VIEWER), t.player("to_move"), t.player("leader"), t.choice("phase", PHASES),
        t.choice("binary", ("down", "up")), t.choice("declared", suits), t.number("streak"),
        t.numbers("max_hand"), t.numbers("lost"), t.player("winner"), t.players("contest"),
        t.zones("hands"), t.zones("piles"), t.zones("centre"), t.cards("shown"),
        t.three_fools_rounds(suits, ("down", "up")),
    ), t.COMMON_UNENCODED | {"reason"})


INFO = GameInfo(
    meta=Lazy("foolsolve.spec.three_fools:META"),
    spec=Lazy("foolsolve.spec.three_fools:SPEC"),
    engine=Lazy("foolsolve.engines.three_fools:ENGINE"),
    solve=Lazy("foolsolve.solver.three_fools.odds:solve"),
    random_game=random_game,
    schema="three-fools.schema.json",
    commands=(
        CommandRef("simulate", "foolsolve.solver.three_fools.cli:simulate_command",
                   "Three Fools: play whole games with a stated policy (uniform, truthful, equilibrium) and "
                   "report each seat's win rate with a confidence interval.", old_name="simulate", old_takes_game=True),
    ),
    proofs="foolsolve.proofs.three_fools",
    ambiguity=Lazy("foolsolve.solver.three_fools.ambiguity:ThreeFoolsAmbiguity"),
    doc="docs/three-fools.md",
    # 4: odds, best responses and equilibria follow roshambo_format (leader_bye); 5: nodes are the rounds
    # valued and the deals enumerated, -o limit unused is noted
    solver_version="5",
    solver_tables=False,  # the round odds and the equilibrium keep no transposition table
    solver_options=Lazy("foolsolve.solver.three_fools.odds:OPTIONS"),
    solver_option_defaults=Lazy("foolsolve.solver.three_fools.odds:OPTION_DEFAULTS"),
    solver_check=Lazy("foolsolve.solver.three_fools.odds:check_options"),
    solver_method=Lazy("foolsolve.solver.three_fools.odds:method_text"),
    # a view (or --as P) in phase flip or lead: the round odds from that player's view (docs/seat.md)
    seat_solver=Lazy("foolsolve.solver.three_fools.odds:seat_solver"),
    solver_flags=(
        SolverFlag("--equilibrium", "equilibrium=true",
                   "The equilibrium of the round's bluff instead of the round odds (pygambit).", deprecated=True),
    ),
    # each world of an answer from one seat valued max-n: with every card open the two others, as a
    # coalition, can make nearly every move of hers lose (paranoid values 0 for every move of a fresh
    # round's lead at 50,000 nodes a world), which ranks nothing (docs/seat.md, "Each player for herself")
    seat_concept="max-n",
    max_moves=45,  # the shuffle of the deal (a 45-way draw first); a lead: at most 5 cards x 3 suits
    tensor_layout=tensor_layout,
)
