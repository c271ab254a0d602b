"""Bots: players that choose a move from one player's view, and their registry.

A bot never sees a hidden card. At its turn it gets a :class:`Seat`: the game's name, the rules in
force, its player number, its view of the position (a view file, :func:`foolsolve.worlds.view_of`:
what the rules hide from that player replaced by counts and the cards known to be there), its legal
moves (where one family of moves is too long to list, the others and that family:
:attr:`Seat.family`), every move so far as that player saw it made (:attr:`Seat.played`) and a seed.
Nothing in a seat leads back to the full position (tests/generic/test_bots.py checks it).

Bots are registered like games: one module defining ``BOT`` (a :class:`BotInfo`) and one line in
:data:`BOT_MODULES` (``"module:NAME"`` where a module defines several). On the command line a
bot is named ``NAME`` or ``NAME:key=value,key=value`` (``pimc:samples=40``); ``cmd:PROGRAM ARGS``
is an external program speaking the bot protocol (docs/arena.md).
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from foolsolve.errors import InputError, option_name, quoted

if TYPE_CHECKING:
    from foolsolve.game import MoveFamily, PublicMove

BOT_MODULES: tuple[str, ...] = (
    # one line per bot: its module
    "foolsolve.bots.random_bot",
    "foolsolve.bots.greedy",
    "foolsolve.bots.external",
    "foolsolve.bots.human",
    "foolsolve.bots.seat_bots:PIMC",
    "foolsolve.bots.seat_bots:ISMCTS",
    "foolsolve.bots.seat_bots:OPENSPIEL",
)


@dataclass(frozen=True)
class Seat:
    """What a bot knows when it is to move: nothing a player at the table would not."""

    game: str
    """The game's registry name."""
    player: int
    players: int
    rules: dict[str, Any]
    """The rules in force, as in a position file."""
    view: dict[str, Any]
    """The player's view of the position: a view file (``foolsolve view POSITION --as P`` writes the same;
    :func:`foolsolve.worlds.read_view` reads it, and its worlds are the positions consistent with it)."""
    legal: tuple[Any, ...]
    """The legal moves (the spec's move values; ``str(move)`` is the move's text): all of them, or
    where :attr:`family` is given, all but that family's."""
    seed: int
    """A seed for this decision (the arena derives it from the match seed, the deal and the move
    number, so a game replays identically)."""
    history: tuple[str, ...] = field(default=())
    """This player's own moves so far in the game, as texts."""
    played: tuple[PublicMove, ...] = field(default=())
    """Every move of the game so far, in order, as this player saw it made
    (:class:`foolsolve.game.PublicMove`: the mover, the move's text, whether it ended a bout and what
    that decided): her own moves whole, the others' with every card hidden from her replaced by
    what she may know (``play a card face down``: :meth:`foolsolve.game.SpecGame.public_move`)."""

    family: MoveFamily | None = None
    """Where one family of legal moves is longer than :data:`foolsolve.game.MAX_CONSIDERED` (Fools and
    Angels' exchanges, and its attacks past 255: more than 255, such as every set of a hand of 9 or more cards under
    ``exchange_limit="hand_size"``: :func:`foolsolve.game.legal_or_family`), that
    family (spec moves), which :attr:`legal` leaves out: its count, a uniform sample, a membership
    test and a bounded list of candidates; ``None``: :attr:`legal` is every legal move."""

    def texts(self) -> list[str]:
        """The legal moves as texts (:attr:`legal`: without the :attr:`family`'s)."""
        return [str(m) for m in self.legal]

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` is legal here (one of :attr:`legal` or of the :attr:`family`)."""
        return move in self.legal or (self.family is not None and self.family.contains(move))

    def considered(self) -> tuple[Any, ...]:
        """The moves a bot that values moves weighs: :attr:`legal`, and where a family is too long to
        list, its :attr:`~foolsolve.game.MoveFamily.candidates` too (in the game's move order)."""
        if self.family is None:
            return self.legal
        from foolsolve import games

        # in the game's move order, as the full list would be (a tie of values goes the same way)
        return tuple(sorted((*self.legal, *self.family.candidates()), key=games.get(self.game).spec.move_sort_key))

    def only_move(self) -> Any:
        """The one legal move where there is exactly one, else ``None``."""
        return self.legal[0] if len(self.legal) == 1 and self.family is None else None


class Bot(ABC):
    """A player. :meth:`start` is called before each game, :meth:`choose` at each of its turns."""

    label: str = ""
    """The bot as named on the command line (set by :func:`make`)."""

    def start(self, game: str, player: int, players: int, rules: dict[str, Any]) -> None:  # noqa: B027
        """A new game begins (a bot with state across moves resets it here)."""

    @abstractmethod
    def choose(self, seat: Seat) -> Any:
        """One of ``seat.legal``."""

    def close(self) -> None:  # noqa: B027
        """The game is over or abandoned (an external program is stopped here); the arena makes a
        bot for each seat of each game and closes it at that game's end."""


class Forfeit(Exception):
    """A bot that cannot go on (an external program that died, timed out or answered an illegal
    move): it loses the game, with this reason recorded."""


@dataclass(frozen=True)
class BotInfo:
    """One registered bot."""

    name: str
    summary: str
    """One line for ``foolsolve arena --help`` and docs."""
    make: Callable[[dict[str, str], str], Bot]
    """``make(params, argument)``: ``params`` from ``NAME:key=value,...``; ``argument`` is the raw text
    after ``NAME:`` (the program of ``cmd:``)."""
    params: dict[str, str] = field(default_factory=dict)
    """Parameter name -> what it means, with its default."""
    raw_argument: bool = False
    """The text after ``NAME:`` is one argument, not ``key=value`` pairs (``cmd:PROGRAM ARGS``)."""
    refused: dict[str, str] = field(default_factory=dict)
    """Parameters of a kindred bot that this one has no use for -> why (a one-line error that says
    so, rather than an unknown parameter or one accepted and unused: ``ismcts:nodes=``)."""


_registered: dict[str, BotInfo] = {}
_loaded: dict[str, BotInfo] | None = None


def _load() -> dict[str, BotInfo]:
    global _loaded
    if _loaded is None:
        found: dict[str, BotInfo] = {}
        for entry in BOT_MODULES:
            module, _, attribute = entry.partition(":")
            info = getattr(importlib.import_module(module), attribute or "BOT")
            if not isinstance(info, BotInfo):
                raise TypeError(f"{entry} is not a BotInfo")
            if info.name in found:
                raise ValueError(f"bot name {info.name!r} is declared twice")
            found[info.name] = info
        _loaded = found
    return {**_loaded, **_registered}


def register(info: BotInfo) -> None:
    """Add (or replace) a bot at run time (a test, a notebook)."""
    _load()
    _registered[info.name] = info


def unregister(name: str) -> None:
    """Remove a bot added by :func:`register`."""
    _registered.pop(name, None)


def all_bots() -> list[BotInfo]:
    """Every registered bot, by name."""
    return [info for _, info in sorted(_load().items())]


def parse(text: str) -> tuple[BotInfo, dict[str, str], str]:
    """``NAME[:key=value,...]`` (or ``cmd:PROGRAM``): the bot, its parameters, the raw argument."""
    name, _, rest = text.strip().partition(":")
    table = _load()
    info = table.get(name.strip().lower())
    if info is None:
        raise InputError(f"{option_name('--bot')}: unknown bot {quoted(name)} (known: {', '.join(sorted(table))})")
    if info.raw_argument:
        if not rest.strip():
            raise InputError(f"{option_name('--bot')}: {info.name} needs a program: {info.name}:'PROGRAM ARGS'")
        return info, {}, rest.strip()
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key:
            raise InputError(f"{option_name('--bot')} {quoted(text)}: parameters are key=value, not {quoted(part)}")
        if key in info.refused:
            raise InputError(f"{option_name('--bot')} {quoted(text)}: {info.name} takes no {key}= ({info.refused[key]})")
        if key not in info.params:
            known = ", ".join(sorted(info.params)) or "none"
            raise InputError(f"{option_name('--bot')} {quoted(text)}: unknown parameter {quoted(key)} of {info.name} "
                             f"(known: {known})")
        if key in params:
            raise InputError(f"{option_name('--bot')} {quoted(text)}: parameter {quoted(key)} given twice")
        params[key] = value.strip()
    return info, params, rest


def make(text: str) -> Bot:
    """A bot from its command-line name (``greedy``, ``pimc:samples=40``, ``cmd:python3 bot.py``)."""
    info, params, raw = parse(text)
    bot = info.make(params, raw)
    bot.label = text.strip()
    return bot


def number(params: dict[str, str], key: str, default: float, low: float, high: float, label: str) -> float:
    """A numeric bot parameter within ``[low, high]``, or a one-line error."""
    if key not in params:
        return default
    try:
        value = float(params[key])
    except ValueError:
        raise InputError(f"{option_name('--bot')} {label}: {key} must be a number, not {quoted(params[key])}") from None
    if not low <= value <= high:
        def shown(x: float) -> str:
            return f"{int(x):,}" if x == int(x) else f"{x:g}"

        raise InputError(f"{option_name('--bot')} {label}: {key} must be between {shown(low)} and {shown(high)}, not "
                         f"{params[key]}")
    return value
