"""The game registry: one line per game, naming its glue module.

Each glue module (``foolsolve/games/GAME.py``) defines ``INFO``, the game's one
:class:`foolsolve.games.base.GameInfo`: the game's record (the spec's ``META``: name, aliases,
title, seed, players, deck, type), spec, engine and solver (lazy), position schema, the game's own
commands, proofs and ambiguity adapter. Adding a game is its modules plus one glue module and one
line in :data:`GAME_MODULES`. Shared code reads games only through this module.

Glue modules are cheap to import (their record, spec, engine and solver are
:class:`~foolsolve.lazy.Lazy`), so the registry imports all of them; a registry name is resolved
without importing any spec, an alias reads the records.

Games can also be added at run time: :func:`register` (a test's toy game, a notebook), or the
environment variable ``FOOLSOLVE_GAMES`` naming further glue modules (comma-separated), which
is how a game living outside this package reaches the ``foolsolve`` command.
"""

from __future__ import annotations

import importlib
import os

from foolsolve.errors import InputError, check_arg, quoted
from foolsolve.games.base import GameInfo
from foolsolve.lazy import CommandRef, Lazy

GAME_MODULES: tuple[str, ...] = (
    # one line per game: its glue module
    "foolsolve.games.durak",
    "foolsolve.games.fools_paradise",
    "foolsolve.games.fools_and_angels",
    "foolsolve.games.foolery",
    "foolsolve.games.three_fools",
)

SOURCES: dict[str, str] = {
    # the source texts the specs are read from, by title and author (the texts themselves are other
    # people's writing and stay outside the package); keyed by the registry's ``seed``
    "000_fb76b98cdc103b12.txt": "\"Fool's Paradise\", a rules page for an accumulation card game (no author named)",
    "001_def8269363c5257b.txt": "\"Rules for playing the fool\", a Russian rules page for Durak in English "
                                "translation (no author named)",
    "002_f1ddbcdaf1ade77e.txt": "\"Three Fools\", the rules of a bluffing game for the Pilatch deck (no author named)",
    "003_d0b2aeea59b7d1ba.txt": "\"Fools and Angels\", a card game for 2 players by Bill de Veas (2020)",
    "004_bc5e2343ee083007.txt": "\"Foolery\", a climbing game for the Tarot pack contributed by Jared McComb",
}
"""Source texts by title and author, keyed by :attr:`GameInfo.seed`."""

SOURCE_IDS: dict[str, str] = {key[:3]: key for key in SOURCES}
"""The three-digit id a rule citation starts with (``003``) and its :data:`SOURCES` key."""

_registered: dict[str, GameInfo] = {}
"""Games added by :func:`register` (by name)."""
_loaded: dict[str, GameInfo] | None = None


def _glue_modules() -> list[str]:
    extra = [m.strip() for m in os.environ.get("FOOLSOLVE_GAMES", "").split(",") if m.strip()]
    return [*GAME_MODULES, *extra]


def _load() -> dict[str, GameInfo]:
    global _loaded
    if _loaded is None:
        found: dict[str, GameInfo] = {}
        for module in _glue_modules():
            try:
                info = importlib.import_module(module).INFO
            except ModuleNotFoundError as exc:
                if exc.name != module:
                    raise
                raise InputError(f"FOOLSOLVE_GAMES: no module {module!r}") from None
            if not isinstance(info, GameInfo):
                raise TypeError(f"{module}.INFO is not a GameInfo")
            _add(found, info)
        _loaded = found
    return {**_loaded, **_registered}


def _cheap_names(info: GameInfo) -> tuple[str, ...]:
    """The names of ``info`` known without importing its spec: every name when the record is
    given (or already read), else the registry name."""
    meta = info.declared("meta")
    if isinstance(meta, Lazy) and not meta.loaded:
        return (info.name,)
    return info.names


def _add(table: dict[str, GameInfo], info: GameInfo) -> None:
    taken = {norm(n) for other in table.values() if other.name != info.name for n in _cheap_names(other)}
    clash = [n for n in _cheap_names(info) if norm(n) in taken]
    if clash:
        raise ValueError(f"game name {clash[0]!r} is already taken")
    table[info.name] = info


def register(info: GameInfo) -> None:
    """Add (or replace) a game at run time."""
    _load()
    table = {**(_loaded or {}), **_registered}
    table.pop(info.name, None)
    _add(table, info)
    _registered[info.name] = info


def unregister(name: str) -> None:
    """Remove a game added by :func:`register`."""
    _registered.pop(name, None)


def all_games() -> list[GameInfo]:
    """Every registered game, by name."""
    return [info for _, info in sorted(_load().items())]


def names() -> list[str]:
    """Registered game names."""
    return sorted(_load())


def commands() -> tuple[CommandRef, ...]:
    """Every game's own CLI commands, declared without importing them (one game's two commands of
    one name are refused when its record is made; two games may each have a command of a name)."""
    return tuple(ref for info in all_games() for ref in info.commands)


def old_spellings() -> dict[str, tuple[GameInfo, CommandRef]]:
    """The old top-level spellings of the games' commands (``defend``: Fools and Angels' ``defend``),
    kept for one release; two games claiming one is an error."""
    out: dict[str, tuple[GameInfo, CommandRef]] = {}
    for info in all_games():
        for ref in info.commands:
            if ref.old_name is None:
                continue
            if ref.old_name in out:
                raise ValueError(f"command {ref.old_name!r}: declared by {out[ref.old_name][0].name} and {info.name}")
            out[ref.old_name] = (info, ref)
    return out


def norm(name: str) -> str:
    """A game name as the registry compares it: case, ``_``/``-`` and apostrophes do not matter."""
    return name.strip().lower().replace("_", "-").replace("'", "").replace("’", "")


def get(name: str) -> GameInfo:
    """The game's record by name or alias (case, ``_``/``-`` and apostrophes do not matter); an
    unknown name is an :class:`InputError`. A registry name is found without importing any spec;
    an alias reads the games' records."""
    check_arg("game", name, str, "a game's name (a str: durak, fools-paradise ...)")
    want = norm(name)
    table = _load()
    for info in table.values():
        if norm(info.name) == want:
            return info
    for info in sorted(table.values(), key=lambda i: i.name):
        if any(norm(n) == want for n in info.aliases):
            return info
    near = closest(name)
    did_you_mean = f"; did you mean {' or '.join(quoted(n) for n in near)}?" if near else ""
    raise InputError(f"game: unknown game {quoted(name)}{did_you_mean} (known: {', '.join(names())})")


def closest(name: str) -> list[str]:
    """The registered games whose name or an alias is close to ``name`` (a typo: ``duark`` is
    ``durak``), nearest first, by registry name; none for a name not close to any. Every command
    reads a game's name through :func:`get`, whose error names them; a word that is neither a
    command nor a file is checked against them too (``foolsolve duark``)."""
    import difflib

    spelled = {norm(info.name): info.name for info in all_games()}
    for info in all_games():
        for alias in info.aliases:
            spelled.setdefault(norm(alias), info.name)
    out: list[str] = []
    for near in difflib.get_close_matches(norm(name), list(spelled), n=5, cutoff=0.65):
        if spelled[near] not in out:
            out.append(spelled[near])
    return out[:3]
