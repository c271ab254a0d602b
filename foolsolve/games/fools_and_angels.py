"""Fools and Angels (seed 003) declared for the registry: spec, engine, endgame solver, random
whole-game starts, the position schema, the ``defend`` command and the proofs (the engine, the
solver and the command are imported on first use)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from foolsolve.games.base import GameInfo
from foolsolve.lazy import CommandRef, Lazy


def random_stocks(rng: random.Random, asymmetry: bool) -> Any:
    """A random split of the 48 usable cards into three stocks (3p/3p/4p with Asymmetry)."""
    from foolsolve.spec.fools_and_angels import SPEC_CARDS, Stocks

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


def random_rules_fa(rng: random.Random) -> Any:
    """Random rules: every option with choices, a hand limit 3..9, random face effects and,
    one time in three, a random split of the stocks."""
    from foolsolve.rules import pin, random_rules
    from foolsolve.spec.fools_and_angels import FACE_EFFECTS, FaceEffects, Rules

    base = random_rules(Rules, rng)
    stocks = random_stocks(rng, base.asymmetry) if rng.random() < 1 / 3 else base.stocks
    faces = FaceEffects(*(rng.choice(sorted(FACE_EFFECTS)) for _ in range(3)))
    return pin(dataclasses.replace(base, stocks=stocks, hand_limit=rng.randint(3, 9), face_effects=faces))


def random_game(rng: random.Random) -> Any:
    """A random whole-game start for conformance runs."""
    from foolsolve.spec.fools_and_angels import SPEC

    return SPEC.deal(random_rules_fa(rng), 2, rng)


def tensor_layout() -> Any:
    """The observation tensor of the OpenSpiel bridge (docs/openspiel.md), read from a view file."""
    from foolsolve import openspiel_tensor as t
    from foolsolve.spec.fools_and_angels import PHASES

    return t.Layout((
        t.player(t.VIEWER), t.player("to_move"), t.choice("phase", PHASES), t.number("turns_done"), t.number("drawn"),
        t.flag("drew_pool"), t.flag("exchanged"), t.number("setup_chosen"),
        t.zones("hands"), t.zones("stocks"), t.zone("pool"), t.cards("attack"), t.cards("discard"),
        t.cards_each("known"), t.cards_each("under_pool"),
    ), t.COMMON_UNENCODED | {"reshuffle"})


INFO = GameInfo(
    meta=Lazy("foolsolve.spec.fools_and_angels:META"),
    spec=Lazy("foolsolve.spec.fools_and_angels:SPEC"),
    engine=Lazy("foolsolve.engines.fools_and_angels:ENGINE"),
    solve=Lazy("foolsolve.solver.fools_and_angels.search:solve"),
    random_game=random_game,
    schema="fools-and-angels.schema.json",
    commands=(
        CommandRef("defend", "foolsolve.solver.fools_and_angels.defence_cli:defend_command",
                   "Fools and Angels: the defender's best defences of an attack, or the attacker's crushing "
                   "attacks (attacks that leave no defence of the whole attack).", old_name="defend"),
    ),
    proofs="foolsolve.proofs.fools_and_angels",
    ambiguity=Lazy("foolsolve.solver.fools_and_angels.ambiguity:FoolsAndAngelsAmbiguity"),
    doc="docs/fools-and-angels.md",
    solver_version="2",
    solver_options=Lazy("foolsolve.solver.fools_and_angels.search:OPTIONS"),
    solver_option_defaults=Lazy("foolsolve.solver.fools_and_angels.search:OPTION_DEFAULTS"),
    solver_check=Lazy("foolsolve.solver.fools_and_angels.search:check_options"),
    solver_method=Lazy("foolsolve.solver.fools_and_angels.search:method_text"),
    max_moves=1 << 16,  # Exchange: any subset of the hand
    tensor_layout=tensor_layout,
)
