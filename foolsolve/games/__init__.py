"""The game registry: one glue module per game under ``foolsolve.games``.

Each glue module defines ``INFO``, a :class:`foolsolve.games.base.GameInfo` tying the
game's spec, engine, solver, position schema, examples and extra CLI commands together.
Add a game by adding one line to ``_MODULES``.
"""

from __future__ import annotations

import importlib

from foolsolve.errors import InputError
from foolsolve.games.base import GameInfo

_MODULES: dict[str, str] = {
    # name: glue module (one line per game)
    "durak": "foolsolve.games.durak",
    "fools-and-angels": "foolsolve.games.fools_and_angels",
    "fools-paradise": "foolsolve.games.fools_paradise",
}

_ALIASES = {
    "fool's-paradise": "fools-paradise",
    "fools_paradise": "fools-paradise",
    "fools_and_angels": "fools-and-angels",
    "three_fools": "three-fools",
}


def names() -> list[str]:
    """Registered game names."""
    return sorted(_MODULES)


def get(name: str) -> GameInfo:
    """The game's info; an unknown name is an :class:`InputError`."""
    key = _ALIASES.get(name.lower(), name.lower())
    module = _MODULES.get(key)
    if module is None:
        raise InputError(f"game: unknown game {name!r} (known: {', '.join(names())})")
    info = importlib.import_module(module).INFO
    assert isinstance(info, GameInfo)
    return info
