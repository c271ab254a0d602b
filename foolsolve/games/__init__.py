"""The game registry: one glue module per game under ``foolsolve.games``.

Each glue module defines ``INFO``, a :class:`foolsolve.games.base.GameInfo` tying the
game's spec, engine, solver, position schema, examples and extra CLI commands together.
Add a game by adding one line to ``_MODULES``.

Nothing here imports a game: a glue module is imported by :func:`get`, and its engine and
solver on first use (see :mod:`foolsolve.lazy`). Extra CLI commands are declared in
``_COMMANDS`` by name, import path and help, so ``foolsolve --help`` lists them without
importing them.
"""

from __future__ import annotations

import importlib

from foolsolve.errors import InputError
from foolsolve.games.base import GameInfo
from foolsolve.lazy import CommandRef

_MODULES: dict[str, str] = {
    # name: glue module (one line per game)
    "durak": "foolsolve.games.durak",
    "fools-and-angels": "foolsolve.games.fools_and_angels",
    "fools-paradise": "foolsolve.games.fools_paradise",
}

_COMMANDS: tuple[CommandRef, ...] = (
    # extra CLI commands: name, "module:attribute", the first paragraph of its help (a test
    # checks it against the command's own help and every game's GameInfo.commands)
    CommandRef("ambiguities", "foolsolve.games.ambiguities_cli:ambiguities",
               "Where does the choice of one rule option matter?"),
    # game tools that work without a full position (pure functions of cards)
    CommandRef("defend", "foolsolve.games.fa_defence_cli:defend_command",
               "Fools and Angels: the defender's best defences of an attack, or the attacker's crushing "
               "attacks (attacks that leave no defence of the whole attack)."),
    CommandRef("capture", "foolsolve.games.fp_capture_cli:capture_command",
               "Optimal Fool's Paradise collections of a hand on a centre (000 §Collecting Cards)."),
    # solving at scale: many positions, the result store
    CommandRef("batch", "foolsolve.batch:batch_command",
               "Solve many positions: JSON Lines in, JSON Lines out, in input order."),
    CommandRef("store", "foolsolve.store_cli:store_command", "The result store of solved positions: stats, export, clear."),
)

_ALIASES = {
    "fool's-paradise": "fools-paradise",
    "fools_paradise": "fools-paradise",
    "fools_and_angels": "fools-and-angels",
    "three_fools": "three-fools",
}


def names() -> list[str]:
    """Registered game names."""
    return sorted(_MODULES)


def commands() -> tuple[CommandRef, ...]:
    """The extra CLI commands of the games, declared without importing them."""
    return _COMMANDS


def get(name: str) -> GameInfo:
    """The game's info; an unknown name is an :class:`InputError`."""
    key = _ALIASES.get(name.lower(), name.lower())
    module = _MODULES.get(key)
    if module is None:
        raise InputError(f"game: unknown game {name!r} (known: {', '.join(names())})")
    info = importlib.import_module(module).INFO
    assert isinstance(info, GameInfo)
    return info
