"""Observation tensors of the OpenSpiel bridge (:mod:`foolsolve.openspiel`): one fixed-size float
vector per (game, rules, player count), made of named pieces (docs/openspiel.md lists them per
game).

A tensor is read from one JSON object of the view-file form (docs/views.md): a player's view file
(:func:`foolsolve.worlds.view_of`), the public view (the players' view files merged), or the whole
position (every zone written out). A zone hidden from the observer is there only as its count and
the cards known to lie in it, so a tensor holds what the view holds and nothing more: two
positions with the same view give the same tensor.

Pieces (``n`` players, ``D`` the distinct cards of the game's deck under its rules, in the deck's
order):

* ``cards``: ``D`` values, how many of each card a card list holds (0 or 1; up to 2 with two decks);
* ``zone``: ``1 + D``: the zone's card count, then its cards (written out), or the cards known to
  lie in it (a hidden zone: ``known``, ``top``, ``bottom``); ``zones``: one such a player;
* ``player``: ``n`` values, one-hot (all zero where nobody: ``null``, ``-1``); ``players``: a set
  of players, ``n`` values of 0 or 1;
* ``flag``: 1 value, 0 or 1; ``number``: 1 value as written; ``numbers``: ``n`` values, one a
  player (``null``, ``false`` as 0, ``true`` as 1);
* ``choice``: one-hot over the field's listed values (all zero for a value not listed);
* ``cards_each``: ``n`` card planes, one a player (``null`` entries all zero);
* per-game pieces (Durak's table, Foolery's trick, Three Fools' revealed rounds), described where
  they are defined.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from foolsolve.worlds import is_hidden


@dataclass(frozen=True)
class Context:
    """What fixes a tensor's size: the player count, the deck's distinct cards (texts, in order) and
    the rules."""

    players: int
    cards: tuple[str, ...]
    rules: Any

    @cached_property
    def index(self) -> dict[str, int]:
        """Each card's place in :attr:`cards` (made once: every card plane of every tensor reads it)."""
        return {c: i for i, c in enumerate(self.cards)}


@dataclass(frozen=True)
class Piece:
    """One named part of a tensor: ``size(ctx)`` values written by ``fill(out, obj, ctx)`` from the
    JSON object ``obj`` (``out`` a zeroed view of the piece's own values)."""

    name: str
    size: Callable[[Context], int]
    fill: Callable[[np.ndarray, dict[str, Any], Context], None]
    shape: Callable[[Context], tuple[int, ...]] | None = None


def _card_plane(out: np.ndarray, cards: Sequence[Any] | None, ctx: Context) -> None:
    index = ctx.index
    for c in cards or ():
        if c is not None:
            out[index[c]] += 1


def _zone_cards(value: Any) -> tuple[int, list[str], bool]:
    """A zone's count, the cards it is known (or seen) to hold, whether it is written out. A single
    card (Three Fools' centre place) or ``null`` is a zone of one card or none."""
    if value is None:
        return 0, [], True
    if isinstance(value, str):
        return 1, [value], True
    if is_hidden(value):
        named = {*value.get("known", ()), *value.get("top", ()), *value.get("bottom", ())}
        return int(value["count"]), sorted(named), False
    return len(value), list(value), True


def cards(key: str) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        _card_plane(out, obj.get(key), ctx)
    return Piece(key, lambda ctx: len(ctx.cards), fill)


def _fill_zone(out: np.ndarray, value: Any, ctx: Context) -> None:
    count, named, written = _zone_cards(value)
    out[0] = count
    plane = out[1:]
    if written:
        _card_plane(plane, named, ctx)
    else:  # (a card named twice in a hidden zone, top and bottom of a one-card stock, is one card)
        for c in named:
            plane[ctx.index[c]] = 1


def zone(key: str, count_key: str | None = None) -> Piece:
    """A zone that may be hidden; ``count_key``: the field holding its count where the zone itself is
    absent (Fool's Paradise's ``stock_size`` in a position whose stock order is not known)."""
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        if key in obj:
            _fill_zone(out, obj[key], ctx)
        elif count_key is not None and count_key in obj:
            out[0] = obj[count_key]
    return Piece(key, lambda ctx: 1 + len(ctx.cards), fill)


def zones(key: str) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        for q, value in enumerate(obj.get(key) or ()):
            _fill_zone(out[q], value, ctx)
    return Piece(key, lambda ctx: ctx.players * (1 + len(ctx.cards)), fill,
                 lambda ctx: (ctx.players, 1 + len(ctx.cards)))


def cards_each(key: str) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        for q, value in enumerate(obj.get(key) or ()):
            _card_plane(out[q], value, ctx)
    return Piece(key, lambda ctx: ctx.players * len(ctx.cards), fill, lambda ctx: (ctx.players, len(ctx.cards)))


def _one_hot_player(out: np.ndarray, value: Any) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(out):
        out[value] = 1


def player(key: str) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        _one_hot_player(out, obj.get(key))
    return Piece(key, lambda ctx: ctx.players, fill)


def players(key: str) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        for q in obj.get(key) or ():
            _one_hot_player(out, q)
    return Piece(key, lambda ctx: ctx.players, fill)


def flag(key: str) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        out[0] = 1.0 if obj.get(key) else 0.0
    return Piece(key, lambda ctx: 1, fill)


def number(key: str) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        out[0] = float(obj.get(key) or 0)
    return Piece(key, lambda ctx: 1, fill)


def numbers(key: str) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        for q, value in enumerate(obj.get(key) or ()):
            out[q] = float(value or 0)
    return Piece(key, lambda ctx: ctx.players, fill)


def choice(key: str, values: Sequence[Any]) -> Piece:
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        value = obj.get(key)
        if value in values:
            out[list(values).index(value)] = 1
    return Piece(key, lambda ctx: len(values), fill)


# --- per-game pieces ---------------------------------------------------------------------------------


def durak_table() -> Piece:
    """Durak's table, three card planes: the attack cards not yet covered, the attack cards covered,
    the covering cards (which card covers which is not kept: a covered pair takes no further part
    in the bout but by its ranks)."""
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        index = ctx.index
        for attack, cover in obj.get("table") or ():
            if cover is None:
                out[0, index[attack]] = 1
            else:
                out[1, index[attack]] = 1
                out[2, index[cover]] = 1
    return Piece("table", lambda ctx: 3 * len(ctx.cards), fill, lambda ctx: (3, len(ctx.cards)))


def foolery_trick() -> Piece:
    """Foolery's trick (``table``): the number of plays in it, every card played to it, the last
    play's cards (what a follow must beat) and its player one-hot."""
    def size(ctx: Context) -> int:
        return 1 + 2 * len(ctx.cards) + ctx.players

    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        table = obj.get("table") or []
        d = len(ctx.cards)
        out[0] = len(table)
        for play in table:
            _card_plane(out[1:1 + d], play["cards"], ctx)
        if table:
            _card_plane(out[1 + d:1 + 2 * d], table[-1]["cards"], ctx)
            _one_hot_player(out[1 + 2 * d:], table[-1]["player"])
    return Piece("table", size, fill)


def three_fools_rounds(suits: Sequence[str], binaries: Sequence[str]) -> Piece:
    """Three Fools' revealed rounds (``rounds``): their number, then the last ``streak_to_win`` of
    them, the latest first (a slot of all zeros where fewer were played), each as its leader
    (one-hot), ``binary`` (one-hot), declared suit (one-hot), the card each player revealed (a card
    plane a player), its winner (one-hot) and each player's bonus cards (a card plane a player)."""
    def slots(ctx: Context) -> int:
        return int(getattr(ctx.rules, "streak_to_win", 3))

    def one(ctx: Context) -> int:
        return 2 * ctx.players + len(binaries) + len(suits) + 2 * ctx.players * len(ctx.cards)

    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        rounds = obj.get("rounds") or []
        out[0] = len(rounds)
        n, d = ctx.players, len(ctx.cards)
        at = 1
        for r in list(reversed(rounds))[:slots(ctx)]:
            part = out[at:at + one(ctx)]
            _one_hot_player(part[0:n], r["leader"])
            k = n
            if r["binary"] in binaries:
                part[k + list(binaries).index(r["binary"])] = 1
            k += len(binaries)
            if r["declared"] in suits:
                part[k + list(suits).index(r["declared"])] = 1
            k += len(suits)
            for q, card in enumerate(r["cards"]):
                _card_plane(part[k + q * d:k + (q + 1) * d], [card], ctx)
            k += n * d
            _one_hot_player(part[k:k + n], r["winner"])
            k += n
            for q, bonus in enumerate(r["bonus"]):
                _card_plane(part[k + q * d:k + (q + 1) * d], bonus, ctx)
            at += one(ctx)
    return Piece("rounds", lambda ctx: 1 + slots(ctx) * one(ctx), fill)


# --- layouts -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """A game's tensor: its pieces in order, and the fields of its JSON it leaves out on purpose
    (``unencoded``: the game, the rules and the player count, fixed for a game; text fields)."""

    pieces: tuple[Piece, ...]
    unencoded: frozenset[str]


VIEWER = "view"
"""The observer's field of a view file (one-hot; all zero in the public and whole-position tensors)."""

COMMON_UNENCODED = frozenset({"game", "rules", "players"})
"""The fields no tensor encodes: the game, its rules and its player count (fixed for a game)."""


def fools_paradise_pending() -> Piece:
    """Fool's Paradise's ``pending`` (a turn being finished by chance draws): whether it is under
    way, whether the draw goes to the hand, and how many cards refill the centre."""
    def fill(out: np.ndarray, obj: dict[str, Any], ctx: Context) -> None:
        pending = obj.get("pending")
        if pending is not None:
            out[0] = 1
            out[1] = 1.0 if pending.get("draw") else 0.0
            out[2] = float(pending.get("refill") or 0)
    return Piece("pending", lambda ctx: 3, fill)


def layout_of(game: str) -> Layout | None:
    """The tensor layout of the game named ``game`` (its registry entry's ``tensor_layout``; ``None``:
    the game has none, strings only)."""
    from foolsolve import games

    make = games.get(game).tensor_layout
    return None if make is None else make()


class Encoder:
    """The tensor of the game named ``game`` (which must have a layout) under one context: :attr:`size`,
    the pieces' offsets and shapes, and :meth:`fill`. Pickled as its game's name and context."""

    def __init__(self, game: str, ctx: Context) -> None:
        layout = layout_of(game)
        if layout is None:
            raise ValueError(f"{game} has no tensor layout")
        self.game = game
        self.layout = layout
        self.ctx = ctx
        self.parts: list[tuple[Piece, int, int, tuple[int, ...]]] = []
        at = 0
        for piece in layout.pieces:
            n = piece.size(ctx)
            shape = piece.shape(ctx) if piece.shape is not None else (n,)
            self.parts.append((piece, at, n, shape))
            at += n
        self.size = at

    def __reduce__(self) -> tuple[Any, ...]:
        return (Encoder, (self.game, self.ctx))

    def views(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Each piece's values in ``tensor`` (views onto it), by name, in its shape."""
        return {piece.name: tensor[at:at + n].reshape(shape) for piece, at, n, shape in self.parts}

    def fill(self, tensor: np.ndarray, obj: dict[str, Any]) -> None:
        """``tensor`` (of :attr:`size` values) set from the view-form object ``obj``."""
        tensor.fill(0)
        for piece, at, n, shape in self.parts:
            piece.fill(tensor[at:at + n].reshape(shape), obj, self.ctx)

    def encode(self, obj: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        self.fill(out, obj)
        return out

    def names(self) -> list[tuple[str, int, tuple[int, ...]]]:
        """Every piece's name, offset and shape, in order."""
        return [(piece.name, at, shape) for piece, at, n, shape in self.parts]
