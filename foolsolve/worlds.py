"""Positions as one player sees them, and the worlds consistent with such a view.

A **view file** is a position file written from one player's seat (``"view": P``): everything
that player sees is written as in a full position, and every card zone hidden from her is a
**hidden zone**, an object in place of the zone's card list::

    {"count": 6, "known": ["QS"]}          six cards, the queen of spades among them
    {"count": 11, "bottom": ["9C"]}        eleven cards in order, the last one the nine of clubs

``count`` is the number of cards in the zone; ``known`` lists cards known to be in it (place
unknown); in a zone whose order matters (a stock, a pile) ``top`` and ``bottom`` list the cards
known to be first and last, in order. Which fields of a game may be hidden, and whether their
order matters, the game declares (:attr:`foolsolve.game.SpecGame.view_fields`); its position
schema says the same (``$defs/hidden``). docs/views.md is the reference.

A **world** is a full position consistent with a view: the view's unknown cards (the game's
cards that are neither visible nor known to be somewhere) dealt into the hidden zones' free
places. :class:`Worlds` samples them uniformly (every assignment of the unknown cards to the
free places equally likely; an ordered zone's free places in a uniformly random order), counts
them and lists them. Where the rules let a card lie only in some hidden zones (Fools and Angels: a
stock holds only the cards it can ever hold; Foolery: a hand that led trumps holds no suit card, a
Peasant who gave her highest cards none above them; ``view_card_zones``), only the assignments that put
every card where it may lie count, and they are drawn uniformly (:meth:`Worlds._split`). A world
must also be a position the spec accepts: where a rule ties the
hidden cards to what the viewer sees (Durak: the player to move as a thrower must hold a card
she can throw), a sampled assignment the spec rejects is drawn again (rejection keeps the
distribution uniform over the worlds that remain; where such a rule is rare among the draws, the
spec states it so that only fillings that obey it are drawn: ``view_bottom_cards``,
``view_count_rule``). Failed draws never prove that a view has no world: a large view whose draws
are all refused is "could not draw a world ... in N tries", not "no position is consistent"
(:meth:`Worlds.sample`); the spec's checks that read no hidden card
(``view_public_check``) run first, on one filling, and what they refuse every filling breaks: "no
position is consistent", at once. Nothing is inferred from the other players' past choices.

Per-game knowledge lives in the spec (the hooks of :class:`foolsolve.game.SpecGame`:
``view_fields``, ``view_knowledge``, ``view_drop``, ``view_extra``, ``view_cards``,
``world_json``, ``view_constrained``, ``view_public_check``, ``view_presample``, ``view_card_zones``,
``view_bottom_cards``, ``view_count_rule``); this module is
the shared framework.
"""

from __future__ import annotations

import bisect
import copy
import itertools
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from foolsolve.cards import Card, Deck
from foolsolve.errors import InputError, check_arg

if TYPE_CHECKING:
    from foolsolve.game import Result
    from foolsolve.games.base import GameInfo

T = TypeVar("T")

VIEW_KEY = "view"
"""The field that makes a position file a view: the number of the player whose view it is."""

MAX_TRIES = 400
"""Draws a sample makes before it lists every world of a small view (:data:`ENUMERATE_LIMIT`) to decide
whether any world fits; a larger view keeps drawing for :data:`SAMPLE_SECONDS`."""

SAMPLE_SECONDS = 3.0
"""How long a sample of a large view whose rule rejects its draws keeps drawing (after
:data:`MAX_TRIES` draws) before it says it could not draw a world: failed draws never prove that no
world exists, so the error says so ("could not draw a world consistent with this view in N tries")."""

ENUMERATE_LIMIT = 2_000
"""Assignments :meth:`Worlds.count` is willing to walk through when no formula gives the count."""

Path = tuple[Any, ...]
"""Where a zone sits in the position JSON: ``("hands", 1)``, ``("stock",)``."""

Matrix = tuple[tuple[int, ...], ...]
"""How many unseen cards of each class (rows: cards that may lie in the same hidden zones) go to
each hidden zone (columns)."""


@dataclass(frozen=True)
class ZoneField:
    """A field of a game's position that a view may hide: one zone, or one zone a player
    (``per_player``: ``hands``, ``piles``); ``ordered`` when the order of its cards matters (a
    stock is drawn from its first card on); ``own_seen`` (per player) when a player always sees her
    own zone (her hand), so that a view hiding its viewer's own is no view a player can have."""

    per_player: bool = False
    ordered: bool = False
    own_seen: bool = False


@dataclass(frozen=True)
class Hidden:
    """What one player knows of one zone hidden from her: its size, cards known to be in it,
    and for an ordered zone the cards known to be first (``top``) and last (``bottom``)."""

    count: int
    known: tuple[Card, ...] = ()
    top: tuple[Card, ...] = ()
    bottom: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The zone's JSON in a view file (``known`` sorted by card index)."""
        out: dict[str, Any] = {"count": self.count}
        if self.known:
            out["known"] = [c.ascii for c in sorted(self.known)]
        if self.top:
            out["top"] = [c.ascii for c in self.top]
        if self.bottom:
            out["bottom"] = [c.ascii for c in self.bottom]
        return out


@dataclass(frozen=True)
class Zone:
    """A hidden zone of a view, read and checked."""

    path: Path
    ordered: bool
    hidden: Hidden
    label: str = ""
    """How errors name a part of a zone the sampler deals apart (:meth:`Worlds._parts`); empty: the path."""

    @property
    def name(self) -> str:
        """``hands[1]``, ``stock``: the zone's field as errors name it."""
        return self.label or path_name(self.path)

    @property
    def free(self) -> int:
        """Places whose card is not known by position (``count`` less ``top`` and ``bottom``)."""
        return self.hidden.count - len(self.hidden.top) - len(self.hidden.bottom)

    @property
    def unknown(self) -> int:
        """Places the unknown cards fill (the free places less the ``known`` cards)."""
        return self.free - len(self.hidden.known)


@dataclass(frozen=True)
class View:
    """A view file, read and checked: whose view it is, the JSON, the hidden zones and the
    cards nobody placed (which fill the zones' unknown places)."""

    info: GameInfo
    player: int
    obj: dict[str, Any]
    zones: tuple[Zone, ...]
    unseen: tuple[Card, ...]
    constrained: bool = True
    """Whether the spec may reject an assignment of the unseen cards (see the module docstring)."""
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def players(self) -> int:
        """Players in the game."""
        return players_of(self.obj)

    def zone(self, path: Path) -> Zone | None:
        """The hidden zone at ``path`` (``None`` when the zone is written out in full)."""
        return next((z for z in self.zones if z.path == tuple(path)), None)

    def __repr__(self) -> str:
        hidden = ", ".join(path_name(z.path) for z in self.zones) or "none"
        return (f"<View {self.info.name}: player {self.player}'s view, {len(self.unseen)} unseen cards; "
                f"hidden: {hidden}>")


BOTTOM = "bottom"
"""The last element of the path of the part an ordered zone's last place is dealt as
(:meth:`SpecGame.view_bottom_cards`): ``("stock", "bottom")``."""


@dataclass(frozen=True)
class CountRule:
    """A rule every world obeys on how many unseen cards of each kind some hidden zones hold
    (:meth:`foolsolve.game.SpecGame.view_count_rule`; Durak's redeal phase: the player to move holds
    five or more cards of one suit). The sampler sorts the unseen cards by ``key`` as well as by
    where they may lie, and draws only the fillings whose counts ``ok`` accepts, each as often as the
    assignments it stands for: exact and uniform, where rejection could wait for ever.

    ``ok`` gets, for each zone of ``paths`` the view hides, a Counter of ``key(card)`` over the unseen
    cards dealt to its unknown places (not the cards the view places there as known: the rule adds
    them itself). It must accept every filling that some world has (a necessary condition); the
    spec still checks each world, and listing the worlds (:meth:`Worlds.enumerate`) skips the
    fillings it refuses as drawing does. ``why`` says in words what no filling met."""

    paths: tuple[Path, ...]
    key: Callable[[Card], Any]
    ok: Callable[[dict[Path, Counter[Any]]], bool]
    why: str


def path_name(path: Path) -> str:
    """``("hands", 1)`` as ``hands[1]``."""
    out = str(path[0])
    for p in path[1:]:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def players_of(obj: dict[str, Any]) -> int:
    """Players of a position or view JSON (``players``, else the length of ``hands``)."""
    if isinstance(obj.get("players"), int) and not isinstance(obj.get("players"), bool):
        return int(obj["players"])
    hands = obj.get("hands")
    return len(hands) if isinstance(hands, list) else 0


def is_view(obj: Any) -> bool:
    """Whether a position JSON is a view file (has ``"view"``)."""
    return isinstance(obj, dict) and VIEW_KEY in obj


def is_hidden(value: Any) -> bool:
    """Whether a JSON value is a hidden zone (an object with ``count``)."""
    return isinstance(value, dict) and "count" in value


def set_path(obj: dict[str, Any], path: Path, value: Any) -> None:
    """Put ``value`` at ``path`` of the position JSON ``obj`` (a zone's path: a key, or a key and a hand's index)."""
    target: Any = obj
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value


def _check_hook(info: GameInfo) -> None:
    if not info.spec.view_fields:
        raise InputError(f"view: {info.title} has no views (the game declares no hidden card zones)")


# --- a player's view of a full position ------------------------------------------------------------


def view_of(info: GameInfo, state: Any, player: int) -> dict[str, Any]:
    """The view file of ``player``'s view of the full position ``state``: the position's JSON with
    every zone hidden from her written as a hidden zone (her knowledge of it from the spec's
    ``view_knowledge``), the fields no player knows left out (``view_drop``), and ``"view"``."""
    _check_hook(info)
    from foolsolve.game import check_player

    spec = info.spec
    check_player(spec, state, player)
    full = spec.state_to_json(state)
    for path, hidden in spec.view_knowledge(state, player).items():
        set_path(full, tuple(path), hidden.to_json())
    for key in spec.view_drop:
        full.pop(key, None)
    full.update(spec.view_extra(state, player))
    out: dict[str, Any] = {"game": full.pop("game"), VIEW_KEY: player}
    out.update(full)
    return out


# --- reading a view file ---------------------------------------------------------------------------


def read_view(obj: Any, *, check: bool = True) -> View:
    """Read and check a view file. Every problem is a one-line :class:`InputError` naming its field:
    the schema, an unknown card, a card in two places, a count smaller than its known cards, counts
    that do not add up to the game's cards. With ``check`` (the default), also that the spec accepts
    at least one world (:meth:`Worlds.sample`: draws, or every world of a small view)."""
    from foolsolve import games
    from foolsolve.positions import game_of, validate_schema

    info = games.get(game_of(obj))
    _check_hook(info)
    spec = info.spec
    if info.schema is not None:
        validate_schema(obj, info.schema, view_ok=True)
    player = obj.get(VIEW_KEY)
    if not isinstance(player, int) or isinstance(player, bool):
        raise InputError("view: expected the number of the player whose view this is")
    n = players_of(obj)
    if not 0 <= player < n:
        raise InputError(f"view: player {player} does not exist ({n} players)")
    obj = spec.view_normalised(obj)
    deck, cards, visible = spec.view_cards(obj)
    # each hidden zone read as written first, so that one whose count cannot hold its own listed cards is
    # named itself, before the knowledge fields place cards in other zones (a Three Fools pile's bottom
    # beyond its count was blamed on her hand, where its cards were then placed)
    zones = _hidden_zones(spec, deck, obj, player)
    placed_obj = _knowledge_placed(spec, deck, obj, {c for _, c in visible})
    if placed_obj is not obj:  # (cards placed: the zones read again; else those read stand)
        obj = placed_obj
        zones = _hidden_zones(spec, deck, obj, player)
    for key, value in obj.items():  # a hidden zone where the game has none
        if key not in spec.view_fields and (is_hidden(value) or (isinstance(value, list)
                                            and any(is_hidden(v) for v in value))):
            raise InputError(f"{key}: {info.title} views do not hide this field")

    # card accounting: every card of the game at most once (as often as the game holds it)
    stock_of = Counter(cards)
    used: Counter[Card] = Counter()
    first: dict[Card, str] = {}
    placed = list(visible) + [(f"{z.name}.{part}", c) for z in zones
                              for part in ("known", "top", "bottom") for c in getattr(z.hidden, part)]
    for where, card in placed:
        if stock_of[card] == 0:
            raise InputError(f"{where}: {card.ascii} is not a card of this game")
        if used[card] >= stock_of[card]:
            also = f" (also in {first[card]})" if card in first else ""
            times = "once" if stock_of[card] == 1 else f"{stock_of[card]} times"
            raise InputError(f"{where}: {card.ascii} is placed more often than the game holds it ({times}){also}")
        used[card] += 1
        first.setdefault(card, where)
    unseen = tuple(sorted((stock_of - used).elements()))
    free = sum(z.unknown for z in zones)
    if free != len(unseen):
        raise InputError(f"view: the counts do not add up: the hidden zones have {free} places for unknown cards "
                         f"but {len(unseen)} of the game's cards are placed nowhere "
                         f"({' '.join(c.ascii for c in unseen[:8])}{' ...' if len(unseen) > 8 else ''})"
                         if unseen else
                         f"view: the counts do not add up: the hidden zones have {free} places for unknown cards "
                         f"but every card of the game is placed")
    view = View(info, player, dict(obj), tuple(zones), unseen, bool(spec.view_constrained(obj)))
    if check:
        Worlds(view).first()  # a view no world fits is an error here, not in a solver
    return view


def _knowledge_placed(spec: Any, deck: Deck, obj: dict[str, Any], shown: set[Card]) -> dict[str, Any]:
    """``obj`` with each card its knowledge fields put in a hidden zone (``view_knowledge_places``)
    added to that zone's ``known`` when the zone does not list it: a world must put it there, and
    drawing the rest of the zone is uniform over those worlds (rejection until the card happened
    to be drawn there could fail where worlds exist). A card the view shows elsewhere (``shown``),
    or a text that is no card, is left for the spec's own error."""
    out = obj
    for path, texts in spec.view_knowledge_places(obj):
        zone = _get_or_none(out, path)
        if not is_hidden(zone) or not isinstance(texts, list):
            continue  # a zone written out: the spec checks the card is there
        listed = {deck.parse(t, what=f"{path_name(path)}.{part}") for part in ("known", "top", "bottom")
                  for t in zone.get(part, [])}
        extra: list[str] = []
        for t in texts:
            try:
                card = deck.parse(t, what=path_name(path)) if isinstance(t, str) else None
            except InputError:
                card = None  # not a card: the spec names the knowledge field
            if card is not None and card not in listed and card not in shown:
                listed.add(card)
                extra.append(card.ascii)
        if extra:
            if out is obj:
                out = copy.deepcopy(obj)
            set_path(out, path, {**zone, "known": [*zone.get("known", []), *extra]})
    return out


def _get_or_none(obj: Any, path: Path) -> Any:
    """The value at ``path``, or ``None`` where there is none (a hand the view does not have)."""
    for k in path:
        if isinstance(obj, dict) and isinstance(k, str):
            obj = obj.get(k)
        elif isinstance(obj, list) and isinstance(k, int) and 0 <= k < len(obj):
            obj = obj[k]
        else:
            return None
    return obj


def _hidden_zones(spec: Any, deck: Deck, obj: dict[str, Any], player: int) -> list[Zone]:
    """The hidden zones of the view ``obj`` (of ``player``), each read and checked (:func:`_read_zone`)."""
    zones: list[Zone] = []
    for key, zf in spec.view_fields.items():
        value: Any = obj.get(key)
        if zf.own_seen and isinstance(value, list) and player < len(value) and is_hidden(value[player]):
            raise InputError(f"{key}[{player}]: the viewer's own, hidden in her view (player {player} sees it: "
                             "write it out card by card)")
        if zf.per_player and isinstance(value, list):
            zones += [_read_zone(deck, (key, i), v, zf.ordered) for i, v in enumerate(value) if is_hidden(v)]
        elif is_hidden(value):
            zones.append(_read_zone(deck, (key,), value, zf.ordered))
    return zones


def _read_zone(deck: Deck, path: Path, value: dict[str, Any], ordered: bool) -> Zone:
    name = path_name(path)

    def cards(part: str) -> tuple[Card, ...]:
        texts = value.get(part, [])
        return tuple(deck.parse(t, what=f"{name}.{part}[{i}]") for i, t in enumerate(texts))

    count = value["count"]
    hidden = Hidden(count, cards("known"), cards("top"), cards("bottom"))
    if not ordered and (hidden.top or hidden.bottom):
        raise InputError(f"{name}: the order of this zone does not matter (give known, not top or bottom)")
    overlap = len(hidden.top) + len(hidden.bottom) - count
    if ordered and 0 < overlap <= min(len(hidden.top), len(hidden.bottom)):
        # top and bottom meet (a one-card stock: its top card is its bottom card): the places they
        # share hold one card each, which both must name
        if hidden.top[-overlap:] != hidden.bottom[:overlap]:
            shared = "place" if overlap == 1 else f"{overlap} places"
            raise InputError(f"{name}: count {count}: top and bottom name the same {shared}, and different cards for "
                             f"it (top {' '.join(c.ascii for c in hidden.top[-overlap:])}, bottom "
                             f"{' '.join(c.ascii for c in hidden.bottom[:overlap])})")
        hidden = Hidden(count, hidden.known, hidden.top, hidden.bottom[overlap:])
    placed = len(hidden.known) + len(hidden.top) + len(hidden.bottom)
    if count < placed:
        raise InputError(f"{name}: count {count} is smaller than its {placed} known cards")
    return Zone(path, ordered, hidden)


# --- the worlds of a view --------------------------------------------------------------------------


class Worlds:
    """The full positions consistent with a view (see the module docstring)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.info = view.info
        self.player = view.player

    def __repr__(self) -> str:
        # the count where it is known already (counting may list the worlds: not for a repr)
        count = self.view._cache.get("count")
        known = "" if count is None else f": {count:,} consistent world{'' if count == 1 else 's'}"
        return f"<Worlds {self.info.name} from player {self.player}'s view{known}>"

    def first(self) -> Any:
        """The world ``sample(random.Random(0))`` draws: the one an answer without a seed reads (the
        view's check, a finished game's result, the exact solver from one seat), drawn once a view
        and kept in its cache (a spec state is immutable: every reader gets the same one)."""
        if "first" not in self.view._cache:
            self.view._cache["first"] = self.sample(random.Random(0))
        return self.view._cache["first"]

    @property
    def tries(self) -> int:
        """Draws :meth:`sample` has tried for this view so far (of a constrained view: an unconstrained
        one draws once a world and counts none), for tests that a refusal came without drawing."""
        tries: int = self.view._cache.get("tries", 0)
        return tries

    # -- building one world --

    def _world(self, contents: dict[Path, list[Card]], rng: random.Random) -> Any:
        """The spec state of one assignment (zone path -> its cards in order), or an InputError."""
        from foolsolve.positions import schema_trusted

        spec = self.info.spec
        with schema_trusted():  # the view was checked against the schema; the spec's checks run
            return spec.state_from_json(self._world_json(contents, rng))

    def _world_json(self, contents: dict[Path, list[Card]], rng: random.Random) -> dict[str, Any]:
        """The position JSON of one assignment (the view's JSON with its hidden zones filled)."""
        obj = copy.deepcopy(self.view.obj)
        obj.pop(VIEW_KEY, None)
        for z in self.view.zones:
            set_path(obj, z.path, [c.ascii for c in contents[z.path]])
        return self.info.spec.world_json(obj, rng)

    def _public_check(self) -> None:
        """The spec's checks that read no hidden card (:meth:`foolsolve.game.SpecGame.view_public_check`),
        run once a view on one filling (drawn with its own ``random.Random(0)``, so that a sample's
        draws are the same with or without it): a refusal there is every filling's, so the view has
        no world, said at once and definitely."""
        if "public" in self.view._cache:
            return
        rng = random.Random(0)
        obj = self._world_json(self._draw(rng), rng)
        from foolsolve.positions import schema_trusted

        try:
            with schema_trusted():
                self.info.spec.view_public_check(self.view, obj)
        except InputError as exc:
            raise InputError(f"view: no position is consistent with this view ({exc})") from None
        self.view._cache["public"] = True

    def _draw(self, rng: random.Random) -> dict[Path, list[Card]]:
        first = self.info.spec.view_presample(self.view, rng)
        cards = list((Counter(self.view.unseen) - Counter(c for cs in first.values() for c in cs)).elements())
        parts, _ = self._parts()
        taken = self._split([p for p in parts if _zone_path(p.path) not in first], cards, rng)
        out: dict[Path, list[Card]] = {}
        for z in self.view.zones:
            h = z.hidden
            if z.path in first:
                out[z.path] = sorted([*h.known, *first[z.path]])
            elif z.ordered:
                middle = list(h.known) + taken[z.path]
                rng.shuffle(middle)
                out[z.path] = [*h.top, *middle, *taken.get((*z.path, BOTTOM), []), *h.bottom]
            else:
                out[z.path] = sorted([*h.known, *taken[z.path]])
        return out

    # -- where each unseen card may lie (SpecGame.view_card_zones, view_bottom_cards, view_count_rule) --

    def _allowed(self, card: Card) -> frozenset[Path]:
        """The hidden zones ``card`` may lie in (every one, unless the spec says fewer)."""
        if "allowed" not in self.view._cache:
            paths = frozenset(z.path for z in self.view.zones)
            self.view._cache["allowed"] = ({c: frozenset(tuple(p) for p in ps) & paths
                                            for c, ps in self.info.spec.view_card_zones(self.view).items()}, paths)
        allowed: dict[Card, frozenset[Path]]
        allowed, every = self.view._cache["allowed"]
        return allowed.get(card, every)

    def _parts(self) -> tuple[tuple[Zone, ...], dict[Path, frozenset[Card]]]:
        """The hidden zones as the sampler deals them, and the cards each split-off last place may
        hold: every zone, but an ordered zone whose last place the rules restrict
        (:meth:`foolsolve.game.SpecGame.view_bottom_cards`: Durak's face-up trump), when the view
        gives neither its last card nor any card known to be in it, is dealt as two parts: its
        last place (path ``(*zone, "bottom")``, one place for the cards allowed there) and the rest."""
        if "parts" not in self.view._cache:
            restricted = {tuple(p): frozenset(cs) for p, cs in self.info.spec.view_bottom_cards(self.view).items()}
            parts: list[Zone] = []
            slots: dict[Path, frozenset[Card]] = {}
            for z in self.view.zones:
                only = restricted.get(z.path)
                if only is not None and z.ordered and not z.hidden.bottom and not z.hidden.known and z.free >= 1:
                    parts.append(Zone(z.path, True, Hidden(z.hidden.count - 1, top=z.hidden.top)))
                    slot = (*z.path, BOTTOM)
                    parts.append(Zone(slot, False, Hidden(1), label=f"the last card of {z.name}"))
                    slots[slot] = only
                else:
                    parts.append(z)
            self.view._cache["parts"] = (tuple(parts), slots)
        out: tuple[tuple[Zone, ...], dict[Path, frozenset[Card]]] = self.view._cache["parts"]
        return out

    def _part_allowed(self, card: Card) -> frozenset[Path]:
        """The parts (:meth:`_parts`) ``card`` may lie in: those of the zones it may lie in, a
        split-off last place only for the cards allowed there."""
        cache: dict[Card, frozenset[Path]] = self.view._cache.setdefault("part_allowed", {})
        if card not in cache:
            parts, slots = self._parts()
            zones = self._allowed(card)
            cache[card] = frozenset(p.path for p in parts if _zone_path(p.path) in zones
                                    and (p.path not in slots or card in slots[p.path]))
        return cache[card]

    def _rule(self) -> CountRule | None:
        if "rule" not in self.view._cache:
            self.view._cache["rule"] = self.info.spec.view_count_rule(self.view)
        rule: CountRule | None = self.view._cache["rule"]
        return rule

    def _plan(self, parts: Sequence[Zone], cards: Sequence[Card], *, loose: bool = False) -> _Plan:
        """How the unseen ``cards`` can fill the ``parts``' unknown places (:class:`_Plan`): classes of
        the cards allowed in the same parts (and, under a :class:`CountRule`, of the same key), every
        matrix of the rule's parts (each class's cards there, and the rest) that the rule accepts, and
        for each what is left of each class, every matrix that fills the other parts with it; each
        with its weight, the assignments of the physical cards it stands for (``n! / prod k!``).
        ``loose``: the view's zones, where each card may lie (``view_card_zones``) and nothing more."""
        every = not loose and len(parts) == len(self._parts()[0])  # (all of them: the cards are the unseen)
        if every and "plan" in self.view._cache:
            cached: _Plan = self.view._cache["plan"]
            return cached
        rule = None if loose else self._rule()
        where = self._allowed if loose else self._part_allowed
        head = [p for p in parts if rule is not None and p.path in rule.paths]
        rest = [p for p in parts if p not in head]
        key: Callable[[Card], Any] = rule.key if rule is not None and head else (lambda c: None)
        refined: dict[tuple[frozenset[Path], Any], list[Card]] = {}
        for c in cards:
            refined.setdefault((where(c), key(c)), []).append(c)
        coarse: dict[frozenset[Path], int] = {}
        for allowed, _ in refined:
            coarse.setdefault(allowed, len(coarse))
        of = [coarse[allowed] for allowed, _ in refined]
        sizes = [len(cs) for cs in refined.values()]
        rest_paths = {p.path for p in rest}
        rows = [([p.path in allowed for p in head] + [bool(allowed & rest_paths)], n)
                for (allowed, _), n in zip(refined, sizes)]
        rest_rows = [[p.path in allowed for p in rest] for allowed in coarse]
        tails: dict[tuple[int, ...], tuple[list[tuple[Matrix, int]], int]] = {}
        heads: list[tuple[Matrix, tuple[int, ...], int]] = []
        for y in _matrices(rows, [p.unknown for p in head] + [sum(p.unknown for p in rest)]):
            if rule is not None and head:
                counts: dict[Path, Counter[Any]] = {p.path: Counter() for p in head}
                for (_, k), row in zip(refined, y):
                    for p, n in zip(head, row):
                        if n:
                            counts[p.path][k] += n
                if not rule.ok(counts):
                    continue
            left = [0] * len(coarse)
            for i, row in zip(of, y):
                left[i] += row[-1]
            if tuple(left) not in tails:
                xs = [(x, math.prod(math.factorial(n) // math.prod(math.factorial(k) for k in row)
                                    for n, row in zip(left, x)))
                      for x in _matrices(list(zip(rest_rows, left)), [p.unknown for p in rest])]
                tails[tuple(left)] = (xs, sum(w for _, w in xs))
            total = tails[tuple(left)][1]
            if total:
                heads.append((y, tuple(left), total * math.prod(
                    math.factorial(n) // math.prod(math.factorial(k) for k in row) for n, row in zip(sizes, y))))
        plan = _Plan(list(refined.values()), of, len(coarse), head, rest, heads, tails)
        if every:
            self.view._cache["plan"] = plan
        return plan

    def _split(self, parts: Sequence[Zone], cards: list[Card], rng: random.Random) -> dict[Path, list[Card]]:
        """The unseen ``cards`` dealt into the ``parts``' unknown places, every assignment that puts
        each card where it may lie (and that a :class:`CountRule` accepts) equally likely: matrices of
        :meth:`_plan` drawn by their weights, then each class shuffled and dealt by its row (no rule
        and one class: a shuffle of all, dealt part by part)."""
        plan = self._plan(parts, cards)
        if not plan.heads:
            raise InputError(f"view: no position is consistent with this view ({self._why_none(parts, cards)})")
        y, left, _ = plan.heads[0] if len(plan.heads) == 1 else plan.heads[_pick([w for *_, w in plan.heads], rng)]
        xs = plan.tails[left][0]
        x = xs[0][0] if len(xs) == 1 else xs[_pick([w for _, w in xs], rng)][0]
        out: dict[Path, list[Card]] = {p.path: [] for p in parts}
        pools: list[list[Card]] = [[] for _ in range(plan.coarse)]
        for members, c, row in zip(plan.classes, plan.of, y):
            members = list(members)
            if plan.head:
                rng.shuffle(members)
            at = 0
            for p, k in zip(plan.head, row):
                out[p.path] += members[at:at + k]
                at += k
            pools[c] += members[at:]
        for members, row in zip(pools, x):
            rng.shuffle(members)
            at = 0
            for p, k in zip(plan.rest, row):
                out[p.path] += members[at:at + k]
                at += k
        return out

    def _why_none(self, parts: Sequence[Zone], cards: Sequence[Card]) -> str:
        """Why no assignment puts every unseen card where it may lie, in words."""
        for z in self.view.zones:  # a card the view itself places where the rules never let it lie
            for c in (*z.hidden.known, *z.hidden.top, *z.hidden.bottom):
                if z.path not in self._allowed(c):
                    return f"{z.name}: {c.ascii} can never lie there under these rules"
        names = {p.path: p.name for p in parts}
        for c in cards:
            if not self._part_allowed(c) & names.keys():
                return f"{c.ascii} may lie in none of the hidden zones"
        for p in parts:
            fit = sum(p.path in self._part_allowed(c) for c in cards)
            if fit < p.unknown:
                return f"{p.name} has {p.unknown} unknown places but only {fit} unseen cards may lie there"
        classes: dict[frozenset[Path], int] = Counter(self._part_allowed(c) for c in cards)
        for allowed, n in classes.items():
            room = sum(p.unknown for p in parts if p.path in allowed)
            if n > room:
                where = ", ".join(names[p] for p in names if p in allowed)
                return f"{n} unseen cards may lie only in {where}, which have {room} unknown places"
        rule = self._rule()
        if rule is not None and any(p.path in rule.paths for p in parts):
            return rule.why
        return "the unseen cards cannot fill the hidden zones where they may lie"

    def sample(self, rng: random.Random) -> Any:
        """One world, every world equally likely (for a game that holds a card more than once,
        weighted as a shuffle of the physical cards deals them; docs/views.md). Where the spec may
        reject a draw (``view_constrained``), draws until it accepts one: a small view that
        :data:`MAX_TRIES` draws do not fill is decided by listing its worlds; a large one keeps
        drawing for :data:`SAMPLE_SECONDS`, then says it could not draw a world (not that there is
        none: failed draws prove nothing). Before the first such draw the spec's checks that read no
        hidden card run on one filling (:meth:`_public_check`): what they refuse, no world has."""
        check_arg("rng", rng, random.Random, "a random.Random (random.Random(SEED))")
        if not self._assignments_count():  # no card may lie where the counts need it: say why, at once
            self._split(self._parts()[0], list(self.view.unseen), rng)
        if not self.view.constrained:  # every assignment is a world, or none is
            try:
                return self._world(self._draw(rng), rng)
            except InputError as exc:
                raise InputError(f"view: no position is consistent with this view ({exc})") from None
        self._public_check()  # a refusal that reads no hidden card: no world, at once
        problem: InputError | None = None
        tries, since = 0, 0.0
        while True:
            tries += 1
            self.view._cache["tries"] = self.view._cache.get("tries", 0) + 1
            try:
                return self._world(self._draw(rng), rng)
            except InputError as exc:
                problem = problem or exc
            if tries == MAX_TRIES:
                if self._walk_count() <= ENUMERATE_LIMIT:
                    # a small view: decide by listing every world (none found above may be bad luck)
                    good = list(self.enumerate())
                    if good:
                        return good[rng.randrange(len(good))]
                    raise InputError(f"view: no position is consistent with this view ({problem})")
                since = time.monotonic()
            elif tries > MAX_TRIES and time.monotonic() - since > SAMPLE_SECONDS:
                raise InputError(f"view: could not draw a world consistent with this view in {tries:,} tries "
                                 f"(the first refused: {problem}); there may be none, or very few")

    # -- counting and listing --

    def _has_duplicates(self) -> bool:
        return len(set(self.view.unseen)) != len(self.view.unseen)

    def _assignments_count(self) -> int:
        """Assignments of the unseen cards to the free places that put each card where it may lie
        (``view_card_zones``, ``view_bottom_cards``) and that the :class:`CountRule` accepts: the
        matrices' weights summed, times each ordered part's orders of its free places (distinct
        cards; an upper bound with duplicates)."""
        parts, _ = self._parts()
        total = sum(w for *_, w in self._plan(parts, self.view.unseen).heads)
        for p in parts:
            if p.ordered:
                total *= math.factorial(p.free)
        return total

    def _walk_count(self) -> int:
        """The assignments :meth:`enumerate` walks through (every card where ``view_card_zones`` lets it
        lie; the spec refuses the rest): :meth:`_assignments_count` without the last places and the
        count rule the sampler deals by."""
        if "walk" not in self.view._cache:
            plan = self._plan(self.view.zones, self.view.unseen, loose=True)
            total = sum(w for *_, w in plan.heads)
            for z in self.view.zones:
                if z.ordered:
                    total *= math.factorial(z.free)
            self.view._cache["walk"] = total
        walk: int = self.view._cache["walk"]
        return walk

    def count(self, limit: int | None = None) -> int | None:
        """How many worlds there are: :meth:`_assignments_count` where every assignment is a world
        and every card is distinct, else by listing them when there are at most ``limit``
        assignments to walk through (``None``: :data:`ENUMERATE_LIMIT`; a caller about to list every
        world anyway, as the exact expectation does, may allow more), else ``None`` (unknown)."""
        if limit is None:
            limit = ENUMERATE_LIMIT
        cache = self.view._cache
        if "count" in cache and (cache["count"] is not None or cache.get("count_limit", 0) >= limit):
            cached: int | None = cache["count"]
            return cached
        result: int | None
        if not self.view.constrained and not self._has_duplicates():
            result = self._assignments_count()
        elif self._walk_count() <= limit:
            result = sum(1 for _ in self.enumerate())
        else:
            result = None
        cache["count"], cache["count_limit"] = result, limit
        return result

    def enumerate_weighted(self) -> Iterator[tuple[Any, int]]:
        """Every world once, with its weight: how many assignments of the physical cards give it
        (1 for every world of a game with one copy of each card). :meth:`sample` draws a world with
        probability its weight over the total."""
        rng = random.Random(0)  # the fields nobody knows (docs/views.md) take one fixed value
        for contents, weight in self._assignments():
            try:
                state = self._world(contents, rng)
            except InputError:
                continue
            yield state, weight

    def enumerate(self) -> Iterator[Any]:
        """Every world once, in a fixed order, made as it is asked for (the first at once, however
        many there are: :meth:`count` says how many; listing them all is for small views)."""
        for state, _ in self.enumerate_weighted():
            yield state

    def _assignments(self) -> Iterator[tuple[dict[Path, list[Card]], int]]:
        """Every assignment of the unseen cards to the free places (each card where it may lie, and
        only fillings the :class:`CountRule` accepts: what the sampler draws from), with its weight,
        generated lazily: the picks of each zone in sorted order, then each ordered zone's orders in
        sorted order, the last zone's varying fastest."""
        zones = self.view.zones
        unseen = list(self.view.unseen)

        def spread(i: int, rest: list[Card]) -> Iterator[list[tuple[Card, ...]]]:
            if i == len(zones):
                yield []
                return
            here = [c for c in rest if zones[i].path in self._allowed(c)]
            for pick in _distinct_combinations(here, zones[i].unknown):
                left = list((Counter(rest) - Counter(pick)).elements())
                for tail in spread(i + 1, sorted(left)):
                    yield [pick, *tail]

        def orders(picks: list[tuple[Card, ...]], i: int, chosen: list[list[Card]]) -> Iterator[list[list[Card]]]:
            # each zone's cards in each of its orders (a lazy itertools.product, which would list every
            # order of every zone first)
            if i == len(zones):
                yield chosen
                return
            h = zones[i].hidden
            if not zones[i].ordered:
                yield from orders(picks, i + 1, [*chosen, sorted([*h.known, *picks[i]])])
                return
            for mid in distinct_permutations([*h.known, *picks[i]]):
                yield from orders(picks, i + 1, [*chosen, [*h.top, *mid, *h.bottom]])

        rule = self._rule()
        ruled = [i for i, z in enumerate(zones) if rule is not None and z.path in rule.paths]
        base = math.prod(math.factorial(m) for m in Counter(unseen).values())
        for picks in spread(0, sorted(unseen)):
            if rule is not None and ruled and not rule.ok({zones[i].path: Counter(rule.key(c) for c in picks[i])
                                                           for i in ruled}):
                continue  # (a filling the count rule refuses: no world, as the sampler never draws it)
            weight = base
            for z, pick in zip(zones, picks):
                if not z.ordered:
                    weight //= math.prod(math.factorial(m) for m in Counter(pick).values())
            for combo in orders(picks, 0, []):
                yield {z.path: list(cs) for z, cs in zip(zones, combo)}, weight


@dataclass(frozen=True)
class _Plan:
    """How the unseen cards can fill some parts (:meth:`Worlds._plan`): the classes (cards allowed in
    the same parts, of the same rule key), each class's coarse class (``of``: allowed in the same
    parts; ``coarse`` of them), the parts a :class:`CountRule` reads (``head``) and the others
    (``rest``); ``heads``: every matrix ``y[class][head part, then the rest]`` the rule accepts, with
    what it leaves of each coarse class and its weight (its own times its tails' total); ``tails``:
    for what is left, every matrix ``x[coarse class][rest part]`` with its weight, and their total."""

    classes: list[list[Card]]
    of: list[int]
    coarse: int
    head: list[Zone]
    rest: list[Zone]
    heads: list[tuple[Matrix, tuple[int, ...], int]]
    tails: dict[tuple[int, ...], tuple[list[tuple[Matrix, int]], int]]


def _pick(weights: Sequence[int], rng: random.Random) -> int:
    """An index drawn with probability its weight over the total (``rng.randrange`` of the total)."""
    ends = list(itertools.accumulate(weights))
    return bisect.bisect_right(ends, rng.randrange(ends[-1]))


def _zone_path(path: Path) -> Path:
    """The zone a part's path (:meth:`Worlds._parts`) belongs to: ``("stock", "bottom")`` -> ``("stock",)``."""
    return path[:-1] if len(path) > 1 and path[-1] == BOTTOM else path


def _matrices(rows: Sequence[tuple[Sequence[bool], int]], places: Sequence[int]) -> Iterator[Matrix]:
    """Every matrix of non-negative integers with row ``i`` summing to ``rows[i][1]``, 0 where
    ``rows[i][0]`` is false, and column ``j`` summing to ``places[j]`` (the last row takes what the
    others leave, so one row gives at most one matrix)."""
    if not rows:
        if not any(places):
            yield ()
        return
    (ok, n), rest = rows[0], rows[1:]
    if not rest:
        if sum(places) == n and all(ok[j] or not k for j, k in enumerate(places)):
            yield (tuple(places),)
        return

    def fill(j: int, left: int, row: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if j == len(places):
            if not left:
                yield row
            return
        for k in range(min(left, places[j]) if ok[j] else 0, -1, -1):
            yield from fill(j + 1, left - k, (*row, k))

    for row in fill(0, n, ()):
        for tail in _matrices(rest, [p - k for p, k in zip(places, row)]):
            yield (row, *tail)


def _distinct_combinations(cards: Sequence[Card], k: int) -> Iterator[tuple[Card, ...]]:
    """The distinct ``k``-card picks of ``cards`` (which may hold a card more than once), each as a
    sorted tuple, in sorted order, made one at a time (the picks with the most copies of the
    lowest card first: in sorted order they come first)."""
    copies = Counter(cards)
    values = sorted(copies)
    counts = [copies[v] for v in values]
    left = [*list(itertools.accumulate(reversed(counts)))[::-1], 0]  # cards from each value on

    def picks(j: int, k: int) -> Iterator[tuple[Card, ...]]:
        if k == 0:
            yield ()
            return
        if left[j] < k:
            return
        for m in range(min(counts[j], k), -1, -1):
            for tail in picks(j + 1, k - m):
                yield (values[j],) * m + tail

    yield from picks(0, k)


def distinct_permutations(items: Iterable[T]) -> Iterator[tuple[T, ...]]:
    """The distinct orders of ``items`` (which may hold an item more than once: cards, the arena's bot
    indices) in sorted order, made one at a time (the next permutation in lexicographic order, from
    the sorted one), never through every permutation."""
    a: list[Any] = sorted(items)  # (T: comparable with <)
    n = len(a)
    while True:
        yield tuple(a)
        i = n - 2
        while i >= 0 and not a[i] < a[i + 1]:
            i -= 1
        if i < 0:
            return
        j = n - 1
        while not a[i] < a[j]:
            j -= 1
        a[i], a[j] = a[j], a[i]
        a[i + 1:] = reversed(a[i + 1:])


def worlds_of_view(view: View) -> Worlds:
    """The worlds consistent with a view."""
    return Worlds(view)


def worlds_from_state(info: GameInfo, state: Any, player: int) -> Worlds:
    """The worlds consistent with ``player``'s view of the full position ``state`` (the state
    itself is one of them)."""
    return Worlds(read_view(view_of(info, state, player), check=False))


# --- what a viewer can say about the moves ---------------------------------------------------------


@dataclass(frozen=True)
class ViewMoves:
    """The moves of a view's position: the viewer's own when she is to move (the same in every
    world), else the moves legal in every world and in some world looked at. ``over``: the game is
    over (in the first world looked at); ``result``: its result where every world looked at is over
    with that one result, else ``None``."""

    to_move: int
    viewer: int
    certain: tuple[str, ...]
    possible: tuple[str, ...]
    worlds: int
    exhaustive: bool
    over: bool = False
    result: Result | None = None


def view_moves(worlds: Worlds, rng: random.Random | None = None, samples: int = 64) -> ViewMoves:
    """The moves a viewer can know of: every world when there are few, else ``samples`` sampled."""
    spec = worlds.info.spec
    rng = rng or random.Random(0)
    count = worlds.count()
    exhaustive = count is not None and count <= samples
    states = list(worlds.enumerate()) if exhaustive else [worlds.sample(rng) for _ in range(samples)]
    first = states[0]
    to_move = spec.to_move(first)
    lists = [{str(m): m for m in spec.legal_moves(s)} for s in states]
    every: dict[str, Any] = {}
    for moves in lists:
        every.update((text, m) for text, m in moves.items() if text not in every)
    ordered = sorted(every, key=lambda text: spec.move_sort_key(every[text]))
    certain = [m for m in ordered if all(m in moves for moves in lists)]
    over = spec.is_terminal(first)
    result = spec.result(first) if over else None
    if result is not None and any(spec.result(s) != result for s in states[1:]):
        result = None
    return ViewMoves(to_move, worlds.player, tuple(certain), tuple(ordered), len(states), exhaustive,
                     over=over, result=result)


# --- a view in words (``foolsolve show``) -----------------------------------------------------------


def known_words(hidden: Hidden, card: Callable[[Card], str] = str) -> str:
    """What the viewer knows of a zone hidden from her, in words (empty: nothing): ``among them
    Q♣`` (``known``), ``top 7♦`` and ``bottom 8♠`` (an ordered zone's first and last cards), each
    card written by ``card`` (the game's own card text, the one its ``show`` writes)."""
    parts = [f"{word} " + " ".join(card(c) for c in cards)
             for word, cards in (("among them", sorted(hidden.known)), ("top", hidden.top), ("bottom", hidden.bottom))
             if cards]
    return ", ".join(parts)


def face_down(hidden: Hidden, card: Callable[[Card], str] = str) -> str:
    """A zone hidden from the viewer as a description writes it: ``4 cards, face down`` and what
    she knows of it (:func:`known_words`); ``-`` when it is empty."""
    known = known_words(hidden, card)
    if not hidden.count and not known:
        return "-"
    return f"{hidden.count} card{'' if hidden.count == 1 else 's'}, face down" + (f", {known}" if known else "")


def zone_words(view: View | None, path: Path, cards: Iterable[Card], card: Callable[[Card], str] = str) -> str:
    """One card zone of a spec's ``describe``: face down (:func:`face_down`) where ``view`` hides
    it, else its cards written by ``card`` (``-``: none)."""
    zone = view.zone(path) if view is not None else None
    if zone is not None:
        return face_down(zone.hidden, card)
    return " ".join(card(c) for c in cards) or "-"


def is_viewer(view: View | None, player: int) -> bool:
    """Whether ``player`` is the one whose view ``view`` is (never, for a full position)."""
    return view is not None and view.player == player


def view_text(view: View, *, you: bool = False, count: bool = True) -> str:
    """A view in words (``foolsolve show`` on a view file, the screen of ``play --seat``): the
    game's own description (``describe``, as ``show`` prints a full position) of a world of the
    view, with every zone hidden from the viewer face down, as its count and what she knows of it;
    under its first line whose view it is and, with ``count``, how many cards are unknown to her and
    how many positions are consistent. Nothing the viewer does not see is read from the world:
    the spec's ``describe`` writes the hidden zones from the view."""
    from foolsolve.present import show_text

    worlds = Worlds(view)
    head, _, rest = show_text(view.info.spec, worlds.first(), view).partition("\n")
    seen = f"as player {view.player}{' (you)' if you else ''} sees it"
    if count:
        n = worlds.count()
        seen += (f"; unknown cards: {len(view.unseen)}; consistent worlds: "
                 + (f"{n:,}" if n is not None else "too many to count here"))
    indent = rest[:len(rest) - len(rest.lstrip(" "))]
    return "\n".join([head, indent + seen, rest])
