"""Card pictures: any game's position drawn as SVG, as ``chess.svg`` draws a chess board.

The picture is drawn from the position's JSON (``state_to_json``, with the zones its text prints
that the JSON leaves implicit: ``picture_extra``), or from one player's view file (``view_of``:
what ``foolsolve view --as P`` writes), so every game is drawn without code of its own:

* a list of cards under a key (``centre``, ``stock``, ``discard``, ``pool``, ``attack``, ``shown``,
  ``trick`` ...) is a shared zone, drawn face up in its order;
* a list of per-player card lists (as many as there are players: ``hands``, ``piles``, ``stocks``)
  is drawn in each player's block;
* a list of pairs (``table``: ``[attack, cover or null]``) is drawn as overlapping pairs;
* one card under a key (a binary card, a turned-up card) is a zone of one card;
* a trick written as ``[player, card]`` pairs or ``{"player": p, "card": c}`` / ``{"player": p,
  "cards": [...]}`` objects is a zone of plays, each card naming who played it (``data-player``,
  ``data-index`` the play, ``data-slot`` its place in the play); in a list of single cards ``null``
  is an empty place and ``"down"`` a card the view hides (one entry a player: ``data-player``);
* in a view, ``X_size`` (a number) is zone ``X`` of face-down cards, ``X_sizes`` (one number a
  player) the per-player zone ``Xs`` face down, except the viewer's own ``X`` (``hand``) face up;
  ``X_bottom`` is the last card of zone ``X`` turned face up (Durak's trump card under the stock);
* a view file (``"view": p``, docs/views.md) is drawn from ``p``'s seat: each hidden zone
  (``{"count": n, "known": [...], "top": [...], "bottom": [...]}``) as its known cards face up and
  the rest face down (:func:`face_down`);
* numbers and words (``to_move``, ``trump``, ``phase``, ``scores`` ...) are written as text; a suit
  letter is drawn as its glyph.

A spec may add a ``picture_hints`` dict (all keys optional): ``pairs`` (keys drawn as pairs),
``per_player`` and ``shared`` (keys forced to one kind), ``skip`` (keys not drawn), ``words`` (keys
written in words, not drawn as cards), ``seats`` (keys whose value is a list of players, each
mapped to the words written beside each player listed: Three Fools' ``contest``, "in the
Roshambo"), ``seated`` (keys whose list, or each of whose rows, holds one card a seat in player order:
each card named by its seat, Three Fools' ``centre`` and ``rounds``). A suit letter is named as the
position's deck names it (a Pilatch ``S`` is Scissors), ``to_move`` -1 is "chance to move", and
another role field of -1 (a leader not drawn yet) is not written. A spec's knowledge fields
(Durak's ``known``: cards a player holds that all have seen) name cards of another zone, which
is drawn with them: they are ``words`` (:func:`hints_of`), written beside their player
(``known K♠``), so that no card is drawn twice.

Every card is an SVG group ``<g class="card">`` with ``data-zone`` (the JSON key), ``data-owner``
(the player, for per-player zones), ``data-index`` (its place in the zone), ``data-slot`` (0 the
attack card, 1 the cover, for pairs), ``data-face`` (``up`` or ``down``) and ``data-card`` (the card
as written in position files; face-down cards have none), so tests and tools can read a picture
back.
"""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Literal, cast, overload

from foolsolve.cards import FRENCH54, GLYPHS, PILATCH45, SUIT_NAMES, TAROT78, Card, Deck
from foolsolve.errors import InputError, check_arg, option_names
from foolsolve.game import CHANCE
from foolsolve.present import plural

if TYPE_CHECKING:
    from typing import Unpack

    from foolsolve.api import AnswerOptions, AnswerParameters, Solved
    from foolsolve.game import Result
    from foolsolve.seat import SeatAnswer
    from foolsolve.why import Explanation
    from foolsolve.worlds import Worlds

CARD_W, CARD_H = 36, 52
STEP = 39
"""Horizontal distance between cards of a row."""
COVER_DX, COVER_DY = 18, 30
"""Where a cover lies on the card it covers: the covered card's corner (rank and suit) stays in view."""
PAIR_STEP = CARD_W + COVER_DX + 10
PER_ROW = 18
"""Cards in one row of a zone before it wraps."""
LABEL_W = 112
MARGIN = 12
ROW_GAP = 10
WIDTH = MARGIN * 2 + LABEL_W + PER_ROW * STEP
FACTS_PER_LINE = 120
HEAD_PER_LINE = 80
"""Characters of the bold heading that fit the picture's width (wrapped at a space beyond it)."""
"""Characters of the facts line (11 px text) before it wraps."""
RED, BLACK, BACK = "#c0282d", "#1a1a1a", "#2c5d9e"
SUIT_COLOURS = {"R": "#7a4a12", "P": "#1f5fa0", "X": "#8a1f73"}
"""Pilatch suits: rock, paper, scissors."""

ROLE_KEYS = ("to_move", "attacker", "defender", "dealer", "leader", "declarer", "last_defender", "player", "view",
             "skipped")
"""Fields whose number names a player: written beside that player."""
GROUP_KEYS = ("table", "trick", "pairs")
"""Lists of small card groups, not one list per player."""
ZONE_WORDS = ("hands", "piles", "stocks", "stock", "centre", "center", "table", "trick", "discard", "pool",
              "attack", "shown", "tricks")
"""Keys drawn as an (empty) zone even when their list is empty."""
SKIP_KEYS = ("game", "rules", "comment", "reshuffle")
KEEP_EMPTY = ("hands", "hand", "table", "trick", "centre", "center", "stock", "pool")
"""Zones drawn (as "(empty)") when empty; any other empty zone is a thing this position does not
have (Durak's "shown" without transfers) and is left out."""
STACK_KEYS = ("discard", "discards", "set_aside")
"""Zones drawn as one stacked pile with its count (every card still in the picture, the last on
top), unless the picture is asked to fan them out."""
_FAN: ContextVar[bool] = ContextVar("foolsolve_svg_fan", default=False)


DECKS: tuple[Deck, ...] = (FRENCH54, PILATCH45, TAROT78)
"""The decks a card text of a game nobody registered is tried in (:func:`parse_card`)."""
_DECK: ContextVar[Deck | None] = ContextVar("foolsolve_svg_deck", default=None)
"""The deck of the position being drawn (see :func:`deck_of`)."""
DOWN = "down"
FACE_DOWN_KEY = "_face_down"
"""Set by :func:`face_down`: the keys of a view's hidden zones that are one zone (drawn as is)."""
EMPTY = ""
"""An empty place in a zone (``null`` in a list of single cards): nothing drawn there."""
"""A view's word for a card it hides in a list of cards (a face-down play)."""


def parse_card(text: Any, deck: Deck | None = None) -> Card | None:
    """The card written as ``text`` in ``deck`` (default: the deck of the position being drawn,
    else French, Pilatch, then tarot), or ``None``."""
    if not isinstance(text, str) or not 1 <= len(text) <= 6:
        return None
    deck = deck or _DECK.get()
    for d in (deck,) if deck is not None else DECKS:
        try:
            return d.parse(text)
        except InputError:
            continue
    return None


def deck_of(obj: dict[str, Any]) -> Deck | None:
    """The deck of the position's game as its spec declares it (``GameMeta.deck``: ``5S`` is the
    five of spades in a French game but of scissors in a Pilatch one), or ``None`` for a game
    nobody registered (each card text is then tried in every deck)."""
    from foolsolve import games

    game = obj.get("game")
    if not isinstance(game, str):
        return None
    try:
        info = games.get(game)
    except InputError:
        return None
    return info.meta.deck


def _is_card_list(value: Any, allow_null: bool = False) -> bool:
    return isinstance(value, list) and all((allow_null and v is None) or parse_card(v) is not None for v in value)


def _suit_text(value: Any) -> str | None:
    """A suit letter (a declared suit, a trump) as the deck of the position being drawn names it:
    a French suit's glyph (``S``: ♠), else the suit's name (a Pilatch ``S``: Scissors); ``None``
    for what is no suit letter of that deck. Without a known deck, the French glyphs."""
    if not isinstance(value, str) or len(value) != 1 or not value.isascii():
        return None
    deck = _DECK.get()
    if deck is None:
        return GLYPHS.get(value.upper())
    for c in deck:  # the letter read as the suit of a card of the deck, with that card's rank
        try:
            card = deck.parse(c.ascii[:-1] + value)
        except InputError:
            continue
        if card.rank == c.rank:
            return GLYPHS.get(card.suit) or SUIT_NAMES.get(card.suit, value).capitalize()
    return None


@dataclass
class Zone:
    """One drawn zone: a key of the JSON and what it holds."""

    key: str
    kind: str  # "cards", "pairs" (attack and cover), "groups" (a trick's plays)
    cards: list[Any]  # card texts, None for face-down; pairs: [a, c|None]
    owner: int | None = None
    note: str = ""
    played_by: list[int | None] | None = None
    """For a trick written as ``[player, card]`` pairs or ``{"player", "card"}`` objects: who played each."""
    captions: list[str] = field(default_factory=list)
    """For plays written as objects with more fields (a past round: its leader, winner ...): one
    caption a play, drawn as its own row."""
    seated: bool = False
    """Each play's cards (a row's) are one a seat, in player order (:data:`picture_hints` ``seated``)."""
    extras: list[list[tuple[str, int, list[Any]]]] = field(default_factory=list)
    """For rows: each row's other per-player card lists (a round's ``bonus``: ``(key, player, cards)``),
    drawn after its cards."""


@dataclass
class Picture:
    """What is drawn, read off the JSON: shared zones, per-player zones, and text."""

    players: int
    shared: list[Zone] = field(default_factory=list)
    per_player: dict[int, list[Zone]] = field(default_factory=dict)
    player_notes: dict[int, list[str]] = field(default_factory=dict)
    facts: list[str] = field(default_factory=list)


def hints_of(spec: Any, state: Any = None) -> dict[str, Any]:
    """The picture hints of a spec: its ``picture_hints`` with its knowledge fields as ``words``;
    with ``state`` (a position, or a world of a view: what every world shares), the spec's
    ``picture_captions`` for it as ``captions``."""
    hints = dict(spec.picture_hints or {})
    hints["words"] = [*hints.get("words", ()), *spec.knowledge_fields]
    if state is not None:
        hints["captions"] = spec.picture_captions(state)
    return hints


def _cards_words(cards: list[Any]) -> str:
    """Card texts as a player reads them (``K♠ 10♥``); a text that is no card as written."""
    return " ".join(str(c) if (c := parse_card(t)) is not None else str(t) for t in cards)


def _players_of(obj: dict[str, Any]) -> int:
    if isinstance(obj.get("players"), int):
        return int(obj["players"])
    for key in ("hands", "hand_sizes"):
        if isinstance(obj.get(key), list):
            return len(obj[key])
    return 0


def read_picture(obj: dict[str, Any], hints: dict[str, Any] | None = None) -> Picture:
    """Sort a position's (or a view's) JSON into zones and facts (see the module docstring)."""
    hints = hints or {}
    n = _players_of(obj)
    pic = Picture(players=n, per_player={p: [] for p in range(n)}, player_notes={p: [] for p in range(n)})
    skip = set(SKIP_KEYS) | set(hints.get("skip", ()))
    pairs = set(GROUP_KEYS) | set(hints.get("pairs", ()))
    forced_shared = set(hints.get("shared", ()))
    forced_pp = set(hints.get("per_player", ()))
    words = set(hints.get("words", ()))
    seat_lists: dict[str, str] = dict(hints.get("seats", {}))
    seated = set(hints.get("seated", ()))
    more_words: dict[str, list[str]] = dict(hints.get("captions", {}))
    viewer = obj.get("player") if isinstance(obj.get("player"), int) and "hand_sizes" in obj else None
    viewing = "view" in obj  # a view file's zones hold null for each face-down card (face_down)
    # a view's own cards (``hand``) are drawn in the per-player zone of ``hand_sizes``
    done: set[str] = {k[: -len("_sizes")] for k in obj if k.endswith("_sizes")}
    flat_hidden = set(obj.get(FACE_DOWN_KEY, ()))
    skip.add(FACE_DOWN_KEY)
    for key, value in obj.items():
        if key in skip or key in done:
            continue
        if key in seat_lists and isinstance(value, list) and all(v in pic.player_notes for v in value):
            for p in value:  # a list of players (those in a Roshambo): each named beside her block
                pic.player_notes[p].append(seat_lists[key])
            continue
        if key == "to_move" and value == CHANCE:
            pic.facts.append("chance to move")
            continue
        if key in ROLE_KEYS and isinstance(value, int) and not isinstance(value, bool) and value < 0:
            continue  # a role nobody holds yet (Three Fools' leader before the first is drawn): nothing to write
        if key in words:  # cards drawn in another zone (a hand): named in words, not drawn again
            name = key.replace("_", " ")
            if isinstance(value, list) and len(value) == n and all(v is None or isinstance(v, list) for v in value):
                for p, cs in enumerate(value):
                    if cs:
                        pic.player_notes[p].append(f"{name} {_cards_words(cs)}")
            elif isinstance(value, list) and value:
                pic.facts.append(f"{name}: {_cards_words(value)}")
            elif isinstance(value, str):  # one card (Durak's turned)
                pic.facts.append(f"{name}: {_cards_words([value])}")
            continue
        if key in flat_hidden:  # a view's hidden zone: its known cards face up, the others face down
            pic.shared.append(Zone(key, "cards", list(value)))
            continue
        if key.endswith("_sizes") and isinstance(value, list) and len(value) == n \
                and all(isinstance(v, int) for v in value):
            base = key[: -len("_sizes")]
            own = obj.get(base) if _is_card_list(obj.get(base)) else None
            for p in range(n):
                if p == viewer and own is not None:
                    pic.per_player[p].append(Zone(base + "s", "cards", list(own), owner=p))
                else:
                    pic.per_player[p].append(Zone(base + "s", "cards", [None] * value[p], owner=p))
            done.add(base)
            continue
        if key.endswith("_size") and isinstance(value, int) and not isinstance(value, bool):
            base = key[: -len("_size")]
            cards: list[Any] = [None] * value
            bottom = obj.get(base + "_bottom")
            if cards and parse_card(bottom) is not None:
                cards[-1] = bottom
            # a full position's zone given by its size: nobody knows its order (Fool's Paradise's stock)
            note = "last card face up" if parse_card(bottom) is not None else "order unknown" if viewer is None \
                and not viewing and cards else ""
            pic.shared.append(Zone(base, "cards", cards, note=note))
            done.add(base + "_bottom")
            continue
        if key.endswith("_bottom") and parse_card(value) is not None and key[: -len("_bottom")] + "_size" in obj:
            continue
        if parse_card(value) is not None:
            pic.shared.append(Zone(key, "cards", [value]))
            continue
        if isinstance(value, list):
            if key in pairs and all(_is_card_list(v, allow_null=True) for v in value):
                pic.shared.append(Zone(key, "pairs", [list(v) for v in value]))
                continue
            if value and all(isinstance(v, list) for v in value) \
                    and all(_is_card_list(v, allow_null=viewing) for v in value):
                if (len(value) == n or key in forced_pp) and key not in forced_shared:
                    for p, cs in enumerate(value):
                        pic.per_player[p].append(Zone(key, "cards", list(cs), owner=p))
                else:
                    pic.shared.append(Zone(key, "pairs", [list(v) for v in value]))
                continue
            if value and _is_card_list(value):  # a seated list (one card a seat): each named by its player
                pic.shared.append(Zone(key, "cards", list(value),
                                       played_by=list(range(n)) if key in seated and len(value) == n else None))
                continue
            if value and all(v is None or v == DOWN or parse_card(v) is not None for v in value) \
                    and (key in ZONE_WORDS or any(v is not None for v in value)):
                # null: an empty place (a seat that has not played); "down": a card the view hides
                seats = len(value) == n and (key in seated or any(v is None or v == DOWN for v in value))
                pic.shared.append(Zone(key, "cards", [EMPTY if v is None else None if v == DOWN else v for v in value],
                                       played_by=list(range(n)) if seats else None))
                continue
            plays = _plays(value)
            if plays is not None:
                zone = Zone(key, "groups", [cs for _, cs in plays], played_by=[p for p, _ in plays])
                captions = [_caption(item) for item in value] if all(isinstance(v, dict) for v in value) else []
                if any(captions):  # plays that say more than who played (a past round): one row each
                    said = more_words.get(key, [])
                    zone.kind = "rows"
                    zone.captions = ["; ".join(x for x in (c, said[i] if i < len(said) else "") if x)
                                     for i, c in enumerate(captions)]
                    zone.seated = key in seated and all(len(cs) == n for cs in zone.cards)
                    zone.extras = [[(k, p, list(cs)) for k, v in item.items() if k not in ("card", "cards")
                                    and isinstance(v, list) and len(v) == n and all(_is_card_list(x) for x in v)
                                    for p, cs in enumerate(v) if cs] for item in value]
                pic.shared.append(zone)
                continue
            if not value and key in KEEP_EMPTY:
                pic.shared.append(Zone(key, "cards", []))
                continue
            if not value:
                continue
            if key == "out" and all(isinstance(v, int) for v in value):
                for p in value:
                    if p in pic.player_notes:
                        pic.player_notes[p].append("out")
                continue
            if len(value) == n and n and all(v is None or isinstance(v, (int, float, str, bool)) for v in value):
                for p in range(n):
                    if value[p] is None or value[p] is False:  # nothing to say
                        continue
                    if value[p] is True:  # a flag: named where it holds
                        pic.player_notes[p].append(key.replace("_", " "))
                    else:
                        word = key[:-1] if key.endswith("s") else key
                        pic.player_notes[p].append(f"{word.replace('_', ' ')} {_text(value[p])}")
                continue
            if value and all(isinstance(v, dict) for v in value):
                pic.facts.append(f"{key.replace('_', ' ')}: {len(value)}")  # a history: its length
                continue
            if value:
                pic.facts.append(f"{key.replace('_', ' ')}: {_text(value)}")
            continue
        if key in ROLE_KEYS and isinstance(value, int) and not isinstance(value, bool) and value in pic.player_notes:
            if key not in ("player", "view"):  # the viewer: "(you)"
                pic.player_notes[value].append("to move" if key == "to_move" else key.replace("_", " "))
            continue
        if key == "players" or value is None or value == "" or value == [] or value is False:
            continue
        if value is True:  # a flag that holds: its name in words
            pic.facts.append(key.replace("_", " "))
            continue
        suit = _suit_text(value)
        pic.facts.append(f"{key.replace('_', ' ')}: {suit if suit else _text(value)}")
    return pic


def _caption(item: dict[str, Any]) -> str:
    """A play's other scalar fields in words (``leader 2, declared ♦, winner 2``)."""
    parts = []
    for k, v in item.items():
        if k in ("cards", "card", "player") or isinstance(v, (list, dict)) or v is None or v == "":
            continue
        suit = _suit_text(v)
        parts.append(f"{k.replace('_', ' ')} {suit if suit else _text(v)}")
    return ", ".join(parts)


def _play_cards(cards: Any) -> list[Any] | None:
    """One play's cards: a card, a list of cards, ``null`` or ``"down"`` (hidden) as a list."""
    items = cards if isinstance(cards, list) else [cards]
    if all(c is None or c == DOWN or parse_card(c) is not None for c in items):
        return [None if c in (None, DOWN) else c for c in items]
    return None


def _plays(value: list[Any]) -> list[tuple[int | None, list[Any]]] | None:
    """A trick written as ``{"player": p, "card": c}`` / ``{"player": p, "cards": [...]}`` objects or
    ``[player, card]`` / ``[player, [cards]]`` pairs, as (player, cards) pairs (``None`` for a
    hidden card); else ``None``."""
    out: list[tuple[int | None, list[Any]]] = []
    for item in value:
        cards: list[Any] | None = None
        player: Any = None
        if isinstance(item, dict) and ("card" in item or "cards" in item):
            cards = _play_cards(item.get("cards", item.get("card")))
            player = item.get("player")
        elif isinstance(item, list) and len(item) == 2 and isinstance(item[0], int) and not isinstance(item[0], bool):
            cards = _play_cards(item[1])
            player = item[0]
        if cards is None:
            return None
        out.append((player if isinstance(player, int) and not isinstance(player, bool) else None, cards))
    return out if out else None


def _text(value: Any) -> str:
    import json

    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


# --- drawing ---------------------------------------------------------------------------


def _card(parent: ET.Element, x: float, y: float, text: str | None, zone: str, index: int,
          owner: int | None = None, slot: int | None = None, played_by: int | None = None, part: str = "") -> None:
    attrs = {"class": "card", "transform": f"translate({x:g},{y:g})", "data-zone": zone, "data-index": str(index),
             "data-face": "down" if text is None else "up"}
    if part:  # a row's other card list (a round's bonus): its key
        attrs["data-part"] = part
    if owner is not None:
        attrs["data-owner"] = str(owner)
    if slot is not None:
        attrs["data-slot"] = str(slot)
    if played_by is not None:
        attrs["data-player"] = str(played_by)
    card = parse_card(text) if text is not None else None
    if text is not None and card is not None:
        attrs["data-card"] = card.ascii
    g = ET.SubElement(parent, "g", attrs)
    if card is None:
        ET.SubElement(g, "rect", {"width": str(CARD_W), "height": str(CARD_H), "rx": "4", "fill": BACK,
                                  "stroke": "#0d2b55", "stroke-width": "1"})
        ET.SubElement(g, "rect", {"x": "4", "y": "4", "width": str(CARD_W - 8), "height": str(CARD_H - 8), "rx": "2",
                                  "fill": "none", "stroke": "#9fc1ea", "stroke-width": "1"})
        return
    colour = SUIT_COLOURS.get(card.suit, RED if card.is_red else BLACK) if card.deck_kind == "pilatch" \
        else RED if card.is_red else BLACK
    ET.SubElement(g, "rect", {"width": str(CARD_W), "height": str(CARD_H), "rx": "4", "fill": "#fffdf6",
                              "stroke": "#555", "stroke-width": "1"})
    fool = card.ascii == "Fool"
    rank = ET.SubElement(g, "text", {"x": "4", "y": "15", "font-size": "11" if fool else "13", "font-weight": "bold",
                                     "fill": colour})
    rank.text = card.rank_text
    glyph = GLYPHS.get(card.suit)
    if glyph and not fool:  # the corner index: rank and suit stay readable under a cover
        corner = ET.SubElement(g, "text", {"x": "5", "y": "27", "font-size": "11", "fill": colour})
        corner.text = glyph
    mid = ET.SubElement(g, "text", {"x": str(CARD_W // 2), "y": "44" if glyph else "40",
                                    "font-size": "16" if glyph else "8", "text-anchor": "middle", "fill": colour})
    mid.text = "the Fool" if fool else glyph if glyph else "Joker" if card.is_joker \
        else SUIT_NAMES.get(card.suit, card.ascii)
    title = ET.SubElement(g, "title")
    title.text = str(card)


def _label(parent: ET.Element, x: float, y: float, text: str, size: int = 12, bold: bool = False,
           colour: str = "#222") -> None:
    attrs = {"x": f"{x:g}", "y": f"{y:g}", "font-size": str(size), "fill": colour}
    if bold:
        attrs["font-weight"] = "bold"
    el = ET.SubElement(parent, "text", attrs)
    el.text = text


GROUP_STEP = CARD_W + 2
"""Distance between the cards of one play in a trick: side by side, none hidden."""
GROUP_GAP = 16
"""Space between two plays."""


def _group_rows(zone: Zone) -> list[list[int]]:
    """The plays of a trick laid out in rows that fit the picture's width (indices of plays)."""
    rows: list[list[int]] = [[]]
    width = 0
    for i, cards in enumerate(zone.cards):
        w = CARD_W + GROUP_STEP * (max(1, len(cards)) - 1) + GROUP_GAP
        if rows[-1] and width + w > PER_ROW * STEP:
            rows.append([])
            width = 0
        rows[-1].append(i)
        width += w
    return rows


def _row_height(zone: Zone) -> int:
    """The height of one row of a ``rows`` zone: its caption, its cards and, where they have them, the
    names under the cards (a seat, a bonus's player)."""
    named = zone.seated or any(zone.extras)
    return CARD_H + 20 + (12 if named else 0)


def _zone_height(zone: Zone) -> int:
    if not zone.cards:  # "(empty)": one row of a card's height, whatever the zone holds when it holds any
        return CARD_H + 6 + ROW_GAP
    if zone.kind == "rows":
        return _row_height(zone) * max(1, len(zone.cards)) + ROW_GAP
    if _stacked(zone):
        return CARD_H + 8 + ROW_GAP
    if zone.kind == "groups":
        return (CARD_H + 18) * max(1, len(_group_rows(zone))) + ROW_GAP
    if zone.kind == "pairs":
        rows = max(1, math.ceil(len(zone.cards) / (PER_ROW * STEP // PAIR_STEP)))
        return rows * (CARD_H + COVER_DY + 8) + ROW_GAP
    rows = max(1, math.ceil(len(zone.cards) / PER_ROW))
    return rows * (CARD_H + 6) + ROW_GAP + (12 if zone.played_by else 0)


def _stacked(zone: Zone) -> bool:
    """Whether ``zone`` is drawn as one pile (:data:`STACK_KEYS`, not fanned out, two cards or more)."""
    return (zone.kind == "cards" and zone.key in STACK_KEYS and not _FAN.get() and len(zone.cards) > 1
            and all(c not in (None, EMPTY) for c in zone.cards))


def _draw_zone(parent: ET.Element, zone: Zone, x0: float, y0: float, label: str) -> float:
    group = ET.SubElement(parent, "g", {"class": "zone", "data-zone": zone.key,
                                        **({"data-owner": str(zone.owner)} if zone.owner is not None else {})})
    count = sum(1 for c in zone.cards if c != EMPTY)
    _label(group, x0, y0 + 20, label)
    unit = {"cards": "card", "pairs": "pair", "groups": "play",
            "rows": zone.key[:-1] if zone.key.endswith("s") else "play"}[zone.kind]  # rounds: "6 rounds"
    if zone.cards:  # an empty zone says "(empty)" beside its name, not "0 cards"; so do its empty places
        # (a Three Fools centre before the lead: a place a seat, none played)
        _label(group, x0, y0 + 36, plural(count, unit) if count else "(empty)", size=10, colour="#666")
    if zone.note:
        _label(group, x0, y0 + 49, zone.note, size=9, colour="#666")
    cx = x0 + LABEL_W
    if not zone.cards:
        _label(group, cx, y0 + 30, "(empty)", size=11, colour="#888")
    if zone.kind == "rows":  # one play a row, with its caption (a past round: leader, winner ...)
        for i, cards in enumerate(zone.cards):
            y = y0 + i * _row_height(zone)
            by = zone.played_by[i] if zone.played_by else None
            caption = f"{i + 1}. " + (zone.captions[i] if i < len(zone.captions) else "")
            _label(group, cx, y + 11, caption + (f"; player {by}" if by is not None else ""), size=10, colour="#333")
            for slot, text in enumerate(cards):
                seat = slot if zone.seated else by
                _card(group, cx + slot * GROUP_STEP, y + 15, text, zone.key, i, zone.owner, slot, played_by=seat)
                if zone.seated:  # who played each card, under it
                    _label(group, cx + slot * GROUP_STEP + 2, y + 15 + CARD_H + 11, f"p{slot}", size=9, colour="#444")
            x = cx + GROUP_STEP * max(1, len(cards)) + GROUP_GAP
            for key, p, extra in zone.extras[i] if i < len(zone.extras) else ():
                for j, text in enumerate(extra):  # a round's bonus: each player's cards, named under them
                    _card(group, x + j * GROUP_STEP, y + 15, text, zone.key, i, zone.owner, played_by=p, part=key,
                          slot=j)
                _label(group, x + 2, y + 15 + CARD_H + 11, f"{key.replace('_', ' ')} p{p}", size=9, colour="#444")
                x += GROUP_STEP * len(extra) + GROUP_GAP
    elif _stacked(zone):  # one pile: every card drawn, a little apart, the last on top
        for i, text in enumerate(zone.cards):
            _card(group, cx + min(i, 8) * 1.5, y0 + 4 - min(i, 8) * 0.5, text, zone.key, i, zone.owner)
        # no card is drawn on top (a discard keeps no order, so none of them is its top card): a plain
        # face carrying the count covers the pile; every card is still in the picture's data
        top = len(zone.cards) - 1
        cover = ET.SubElement(group, "g", {"class": "pile-top", "transform":
                                           f"translate({cx + min(top, 8) * 1.5:g},{y0 + 4 - min(top, 8) * 0.5:g})"})
        ET.SubElement(cover, "rect", {"width": str(CARD_W), "height": str(CARD_H), "rx": "4", "fill": "#f3efe4",
                                      "stroke": "#777", "stroke-width": "1"})
        _label(cover, CARD_W / 2 - 4 * len(str(count)), CARD_H / 2 + 5, str(count), size=14, colour="#444")
        # a discard keeps no order: no card is named as its top; the same words in every picture (a report
        # page's and the Python API's too, where show --svg --fan is no option)
        _label(group, cx + CARD_W + 22, y0 + 30, f"a pile of {count}", size=11, colour="#444")
    elif zone.kind == "groups":
        for r, row in enumerate(_group_rows(zone)):
            x = cx
            y = y0 + r * (CARD_H + 18)
            for i in row:
                by = zone.played_by[i] if zone.played_by else None
                for slot, text in enumerate(zone.cards[i]):
                    _card(group, x + slot * GROUP_STEP, y, text, zone.key, i, zone.owner, slot, played_by=by)
                if by is not None:
                    _label(group, x + 2, y + CARD_H + 11, f"player {by}", size=9, colour="#444")
                x += CARD_W + GROUP_STEP * (max(1, len(zone.cards[i])) - 1) + GROUP_GAP
    elif zone.kind == "pairs":
        per_row = PER_ROW * STEP // PAIR_STEP
        for i, pair in enumerate(zone.cards):
            x = cx + (i % per_row) * PAIR_STEP
            y = y0 + (i // per_row) * (CARD_H + COVER_DY + 8)
            for slot, text in enumerate(pair):
                if slot > 0 and text is None:
                    continue
                _card(group, x + slot * COVER_DX, y + slot * COVER_DY, text, zone.key, i, zone.owner, slot)
    else:
        for i, text in enumerate(zone.cards):
            x, y = cx + (i % PER_ROW) * STEP, y0 + (i // PER_ROW) * (CARD_H + 6)
            if text == EMPTY:
                ET.SubElement(group, "rect", {"x": f"{x:g}", "y": f"{y:g}", "width": str(CARD_W), "height": str(CARD_H),
                                              "rx": "4", "fill": "none", "stroke": "#9aa", "stroke-dasharray": "3,3"})
                if zone.played_by:
                    _label(group, x + 2, y + CARD_H + 11, f"p{zone.played_by[i]}", size=9, colour="#444")
                continue
            by = zone.played_by[i] if zone.played_by else None
            _card(group, x, y, text, zone.key, i, zone.owner, played_by=by)
            if by is not None:
                _label(group, x + 2, y + CARD_H + 11, f"p{by}", size=9, colour="#444")
    return y0 + _zone_height(zone)


def face_down(obj: dict[str, Any]) -> dict[str, Any]:
    """A view file's JSON with every hidden zone (``{"count": n, "known": [...], ...}``, docs/views.md)
    as a card list: its known first cards, the known cards, ``null`` for each face-down card, its known
    last cards."""
    from foolsolve.worlds import is_hidden

    def cards(zone: dict[str, Any]) -> list[Any]:
        shown = [*zone.get("top", []), *zone.get("known", [])]
        down = max(0, int(zone["count"]) - len(shown) - len(zone.get("bottom", [])))
        return [*shown, *([None] * down), *zone.get("bottom", [])]

    out: dict[str, Any] = {}
    for key, value in obj.items():
        if is_hidden(value):
            out[key] = cards(value)
            out.setdefault(FACE_DOWN_KEY, []).append(key)
        elif isinstance(value, list) and any(is_hidden(v) for v in value):
            # a list of single cards (Three Fools' centre: one card a seat): a hidden one is "down"
            single = any(v is None or isinstance(v, str) for v in value)
            out[key] = [(DOWN if single and v["count"] == 1 else cards(v)) if is_hidden(v) else v for v in value]
        else:
            out[key] = value
    return out


def picture_svg(obj: dict[str, Any], *, title: str = "", status: str = "", hints: dict[str, Any] | None = None,
                viewer: int | None = None, deck: Deck | None = None, summary: str = "",
                notes: dict[int, list[str]] | None = None, fan: bool = False, over: bool = False) -> str:
    """The SVG text of a position's (or a view's) JSON, its cards read in ``deck`` (default: the
    deck its game declares, :func:`deck_of`). ``summary``: a line in words under the title (the
    spec's description); ``notes``: words for each player (a title, "out"); ``fan``: discard piles
    laid out card by card instead of stacked; ``over``: the game is over, so no player is marked "to move"."""
    from foolsolve.worlds import VIEW_KEY, is_view

    if is_view(obj):  # a view file: its hidden zones as face-down cards, drawn from the viewer's seat
        obj = face_down(obj)
        viewer = obj[VIEW_KEY] if viewer is None else viewer
    token = _DECK.set(deck or deck_of(obj))
    fan_token = _FAN.set(fan)
    try:
        return _picture_svg(obj, title, status, hints, viewer, summary, notes or {}, over)
    finally:
        _FAN.reset(fan_token)
        _DECK.reset(token)


def _picture_svg(obj: dict[str, Any], title: str, status: str, hints: dict[str, Any] | None,
                 viewer: int | None, summary: str = "", notes: dict[int, list[str]] | None = None,
                 over: bool = False) -> str:
    pic = read_picture(obj, hints)
    if over:  # a finished game: nobody is to move, whatever its JSON's to_move says
        for words in pic.player_notes.values():
            words[:] = [w for w in words if w != "to move"]
    for p, words in (notes or {}).items():
        if p in pic.player_notes:
            pic.player_notes[p][:0] = words
    for zones in pic.per_player.values():
        zones.sort(key=lambda z: z.key not in ("hands", "hand"))  # the hand first
    pic.shared.sort(key=lambda z: z.kind not in ("pairs", "groups"))  # the table (or trick) first
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "class": "foolsolve-position",
                             "font-family": "DejaVu Sans, Verdana, sans-serif"})
    if obj.get("game"):
        svg.set("data-game", str(obj["game"]))
    svg.set("data-view", "analyst" if viewer is None else f"player {viewer}")
    body = ET.SubElement(svg, "g")
    y: float = MARGIN
    head = title + (f" — {status}" if status else "")
    for part in _wrapped(head, HEAD_PER_LINE):  # a long result (its scoring caveat) on two lines
        _label(body, MARGIN, y + 14, part, size=15, bold=True)
        y += 22
    if summary:
        _label(body, MARGIN, y + 12, summary, size=12, colour="#222")
        y += 18
    unknown = [z.key.replace("_", " ") for z in pic.shared if z.note == "order unknown"]
    view = f"as seen by player {viewer}" if viewer is not None else "all cards open (analyst)" + (
        f" but the {' and the '.join(unknown)}: order unknown, face down" if unknown else "")
    line = ""
    for fact in [view, *pic.facts]:  # wrapped to the picture's width
        if line and len(line) + len(fact) + 2 > FACTS_PER_LINE:
            _label(body, MARGIN, y + 12, line, size=11, colour="#444")
            y += 16
            line = ""
        line = f"{line}; {fact}" if line else fact
    _label(body, MARGIN, y + 12, line, size=11, colour="#444")
    y += 22
    for p in range(pic.players):
        zones = pic.per_player.get(p, [])
        words = pic.player_notes.get(p, [])
        name = f"player {p}" + (" (you)" if viewer == p else "")
        _label(body, MARGIN, y + 13, name + (": " + ", ".join(words) if words else ""), size=12, bold=True,
               colour="#0b4f2c" if "to move" in words else "#222")
        y += 18
        block = ET.SubElement(body, "g", {"class": "player", "data-player": str(p)})
        for zone in zones:  # one player's: her hand, her stock (the key names every player's)
            name = zone.key[:-1] if zone.key.endswith("s") and not zone.key.endswith("ss") else zone.key
            y = _draw_zone(block, zone, MARGIN, y, name.replace("_", " "))
    for zone in pic.shared:
        y = _draw_zone(body, zone, MARGIN, y, zone.key.replace("_", " "))
    height = math.ceil(y + MARGIN)
    svg.set("width", str(WIDTH))
    svg.set("height", str(height))
    svg.set("viewBox", f"0 0 {WIDTH} {height}")
    ET.SubElement(svg, "desc").text = f"{title} {status}".strip()
    svg.insert(0, _background(height))
    return ET.tostring(svg, encoding="unicode")


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces (a longer word on a line
    of its own); no line for an empty text."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [x for x in lines if x] if text else []


def _background(height: int) -> ET.Element:
    return ET.Element("rect", {"width": str(WIDTH), "height": str(height), "fill": "#e9f2ea"})


def status_line(spec: Any, state: Any) -> str:
    """See :func:`foolsolve.present.status`."""
    from foolsolve.present import status

    return status(spec, state)


def position_svg(spec: Any, state: Any, viewer: int | None = None, fan: bool = False) -> str:
    """A spec state drawn as SVG: all open (``viewer`` None, an analyst's picture: every zone the
    position's text prints, those its JSON leaves implicit from :meth:`~foolsolve.game.SpecGame.picture_extra`
    too) or as player ``viewer`` sees it: her view file (:func:`foolsolve.worlds.view_of`, what
    ``foolsolve view --as P`` writes) drawn as :func:`view_svg` draws it. Under the title, the
    first line of the spec's description in words; beside each player the words of the spec's
    optional ``picture_notes(state)`` hook (a title such as King); ``fan``: discard piles laid out."""
    if viewer is not None:
        from foolsolve import games
        from foolsolve.game import check_player
        from foolsolve.worlds import read_view, view_of

        check_player(spec, state, viewer)
        return view_svg(read_view(view_of(games.get(spec.name), state, viewer), check=False), fan=fan)
    obj = spec.state_to_json(state)
    obj.update(spec.picture_extra(state))
    summary = str(spec.describe(state)).splitlines()[0]
    return picture_svg(obj, title=spec.title, status=status_line(spec, state), hints=hints_of(spec, state),
                       deck=spec.meta.deck,
                       summary=summary, notes=spec.picture_notes(state), fan=fan,
                       over=spec.result(state) is not None)


def view_svg(view: Any, fan: bool = False) -> str:
    """A view file (:class:`foolsolve.worlds.View`) drawn from its player's seat, the cards hidden from
    her face down: ``foolsolve show VIEW --svg``, ``show POSITION --as P --svg`` (P's view file),
    :meth:`Position.svg` of a view and a view's report page. What every world of the view shares is
    read off one world: the summary line (the first line ``show`` prints of the view, with who is to
    move), the words beside each player (``picture_notes``: Foolery's titles) and whether the game is
    over (then nobody is "to move"). ``fan``: discard piles laid out."""
    from foolsolve.present import status
    from foolsolve.worlds import Worlds

    spec = view.info.spec
    world = Worlds(view).first()
    summary = str(spec.describe(world, view)).splitlines()[0]
    if "to move" not in summary and "game over" not in summary:
        summary += f"; {status(spec, world)}"
    return picture_svg(_canonical_view(view, world), title=spec.title, status=f"as player {view.player} sees it",
                       hints=hints_of(spec, world), deck=spec.meta.deck, summary=summary, notes=spec.picture_notes(world),
                       fan=fan, over=spec.is_terminal(world))


def _canonical_view(view: Any, world: Any) -> dict[str, Any]:
    """The view's JSON with every list it writes out in the order the game writes a position
    (``state_to_json`` of ``world``, a world of the view: hands sorted as the full position's picture
    and ``show`` sort them, whatever order the file lists them in): each list of the view that holds
    the same items as the list at the same place in the world's JSON takes the world's order (an
    ordered zone, a stock, keeps its own there); nothing else changes (the hidden zones, what the
    view knows of them)."""
    spec = view.info.spec
    deck = deck_of(view.obj)
    return cast(dict[str, Any], _reordered(view.obj, spec.state_to_json(world), deck))


def _reordered(mine: Any, world: Any, deck: Deck | None) -> Any:
    """``mine`` with each list that is a reordering of the list at its place in ``world`` in ``world``'s
    order (a card however the file writes it: ``q♠`` and ``QS`` alike)."""
    if isinstance(mine, dict) and isinstance(world, dict):
        return {k: _reordered(v, world[k], deck) if k in world else v for k, v in mine.items()}
    if not isinstance(mine, list) or not isinstance(world, list) or len(mine) != len(world):
        return mine

    def key(item: Any) -> str:
        card = parse_card(item, deck) if isinstance(item, str) else None
        return card.ascii if card is not None else json.dumps(item, sort_keys=True)

    if mine != world and sorted(map(key, mine)) == sorted(map(key, world)):
        return world
    return [_reordered(v, w, deck) for v, w in zip(mine, world)]


class Position:
    """A position of any game, or one player's view of it, for a notebook: Jupyter draws it
    (``_repr_svg_``) as its picture.

    ``Position.load("durak-endgame.json")`` reads a position file, ``Position.load("views/three-fools.json")``
    a view file (hidden cards, docs/views.md: drawn from its player's seat, the hidden cards face down, as
    ``foolsolve show VIEW --svg`` draws it); ``Position(spec, state)`` wraps a spec state. ``.svg(viewer=P)``
    for a player's view, ``.moves()`` the legal moves, ``.play("take")`` for the position after moves,
    ``.worlds()`` the full positions consistent with a view, ``.answer()`` the answer
    ``foolsolve POSITION.json`` gives (:func:`foolsolve.answer`)."""

    def __init__(self, spec: Any, state: Any, *, view: Any = None) -> None:
        from foolsolve.game import SpecGame

        check_arg("spec", spec, SpecGame, "a game's spec (foolsolve.games.get(NAME).spec)")
        if view is None:
            spec.check_state(state)
        else:
            from foolsolve.worlds import View

            check_arg("view", view, View, "a foolsolve.View (foolsolve.worlds.read_view) or None")
        self.spec = spec
        self.state = state
        """The spec state (``None`` for a view)."""
        self.view = view
        """The :class:`foolsolve.worlds.View` of a view file (``None`` for a full position)."""

    @classmethod
    def load(cls, path: Any) -> Position:
        """Read a position or view file (checked as the CLI checks it)."""
        from foolsolve.positions import read_json

        return cls.from_json(read_json(str(path)))

    @classmethod
    def from_json(cls, obj: Any) -> Position:
        """A position from its JSON object (a view file's too)."""
        from foolsolve import games
        from foolsolve.positions import game_of
        from foolsolve.worlds import is_view, read_view

        if is_view(obj):
            return cls.from_view(read_view(obj))
        spec = games.get(game_of(obj)).spec
        return cls(spec, spec.state_from_json(obj))

    @classmethod
    def from_view(cls, view: Any) -> Position:
        """A view (:func:`foolsolve.worlds.read_view`) as a position to draw and answer."""
        return cls(view.info.spec, None, view=view)

    @property
    def is_view(self) -> bool:
        """Whether this is one player's view (cards hidden from her), not a full position."""
        return self.view is not None

    @property
    def game(self) -> str:
        """The game's registry name (``durak``)."""
        return str(self.spec.name)

    def to_json(self, complete: bool = False) -> dict[str, Any]:
        """The position file's JSON in standard form (:func:`foolsolve.positions.standard_form`,
        what ``foolsolve play POS --json`` prints; ``complete``: every rule option written out), or
        a view file's JSON as read (no standard form: as written, the public facts a game lets a view
        write two ways written one way, :meth:`foolsolve.game.SpecGame.view_normalised`; ``complete``:
        its rules with every option written out)."""
        complete = check_arg("complete", complete, bool, "True or False")
        if self.view is not None:
            import copy

            from foolsolve.rules import rules_from_json, rules_to_json

            obj: dict[str, Any] = copy.deepcopy(self.view.obj)
            if complete:
                obj["rules"] = rules_to_json(rules_from_json(self.spec.rules_cls, obj.get("rules")))
            return obj
        from foolsolve.positions import standard_form

        return standard_form(self.spec, self.state, complete)

    def moves(self, ascii: bool = False) -> list[str]:
        """The legal moves, sorted as the spec sorts them, as texts (``'attack 9♦'``): what
        ``foolsolve moves`` prints (:func:`foolsolve.present.move_texts`; ``ascii``: cards as
        position files write them, ``'attack 9D'``, as ``moves --ascii``), the texts :meth:`play`
        reads and an answer's moves carry. A view's when its player is to move (or the game is over:
        none); with another player to move they depend on cards she cannot see (``foolsolve moves
        VIEW`` tells what the view says of them)."""
        ascii = check_arg("ascii", ascii, bool, "True or False")
        if self.view is not None:
            from foolsolve.worlds import Worlds, view_moves

            vm = view_moves(Worlds(self.view))
            if vm.to_move != vm.viewer and not vm.over:
                who = "chance" if vm.to_move < 0 else f"player {vm.to_move}"
                raise InputError(f"moves: {who} is to move, not the viewer (player {vm.viewer}): the moves depend on "
                                 "cards she cannot see (foolsolve moves VIEW tells what the view says of them)")
            from foolsolve.cards import ascii_cards

            return [ascii_cards(m) if ascii else m for m in vm.certain]
        from foolsolve.present import move_texts

        return move_texts(self.spec, self.state, ascii)

    def play(self, *moves: str) -> Position:
        """The position after ``moves`` (texts as the spec prints them)."""
        if self.view is not None:
            raise InputError(f"play: this is player {self.view.player}'s view (hidden cards); moves are played on a "
                             "full position (a world of the view: .worlds().sample())")
        return Position(self.spec, self.spec.play(self.state, *moves))

    @property
    def to_move(self) -> int | None:
        """The player to move (0-based), ``-1`` (:data:`foolsolve.game.CHANCE`) at a chance node,
        ``None`` once the game is over; a view's as its player knows it."""
        if self.view is not None:
            from foolsolve.worlds import Worlds, view_moves

            vm = view_moves(Worlds(self.view))
            return None if vm.over else vm.to_move
        return None if self.spec.result(self.state) is not None else int(self.spec.to_move(self.state))

    def result(self) -> Result | None:
        """The game's result once it is over (``None`` while it goes on): ``payoffs`` (one exact
        :class:`~fractions.Fraction` a player), ``label`` (``'fool: player 0'``) and ``details``;
        ``result().to_json()`` is the ``result`` object of a solve answer (docs/results.md)."""
        self._full("result")
        out: Result | None = self.spec.result(self.state)
        return out

    def why(self, move: str) -> Explanation:
        """Why ``move`` (a text as :meth:`play` reads it) is legal or not here: what ``foolsolve why``
        says, as an :class:`foolsolve.why.Explanation`: ``legal``, ``reasons`` (illegal: every rule
        against it; legal: the rules it rests on; each a :class:`foolsolve.game.Reason` with its rule
        function, seed sentence and option), ``flips`` (option values that would change the verdict),
        ``legal_moves``, ``effect`` (a legal move's changes); ``to_json()`` is ``why --json``'s object.
        A text that names no move of the game is an :class:`InputError`, as on the command line."""
        from foolsolve.positions import check_move_text
        from foolsolve.why import explain, not_a_move

        self._full("why")
        check_move_text(move, "move")
        exp = explain(self.spec, self.state, move)
        if exp.error is not None:
            raise not_a_move(move, exp.error, exp.legal_moves, name="move")
        return exp

    @overload
    def perft(self, depth: int, divide: Literal[False] = False, *, time: float | None = None,
              max_nodes: int | None = None) -> int: ...

    @overload
    def perft(self, depth: int, divide: Literal[True], *, time: float | None = None,
              max_nodes: int | None = None) -> dict[str, int]: ...

    @overload
    def perft(self, depth: int, divide: bool, *, time: float | None = None,
              max_nodes: int | None = None) -> int | dict[str, int]: ...

    def perft(self, depth: int, divide: bool = False, *, time: float | None = None,
              max_nodes: int | None = None) -> int | dict[str, int]:
        """The move sequences of exactly ``depth`` moves from here, counted by the spec (what
        ``foolsolve perft --impl spec`` counts: depth 0 is 1, a game that ends sooner adds 0, each
        chance outcome is a move); ``divide``: the count per first move, ``{move text: count}`` in
        the spec's move order (``depth`` 1 or more). Bounded as the command is: ``time`` seconds
        (``None``: 600, 0: no limit) and ``max_nodes`` (positions whose moves it lists; ``None``:
        no limit; above 2**62 read as 2**62); a count either stops is an :class:`InputError` naming
        it, Ctrl-C a :class:`foolsolve.errors.Stopped` (a ``KeyboardInterrupt``) saying so."""
        from foolsolve import perft as pf
        from foolsolve.api import check_seconds, check_whole
        from foolsolve.cli import PerftRun
        from foolsolve.errors import Stopped
        from foolsolve.solver.base import MAX_NODES, SearchLimit

        self._full("perft")
        depth = check_arg("depth", depth, int, "a whole number of moves, 0 or more (an int)")
        divide = check_arg("divide", divide, bool, "True or False")
        if depth < 0:
            raise InputError(f"depth: expected a whole number of moves, 0 or more, got {depth}")
        if divide and depth == 0:
            return pf.spec_divide(self.spec, self.state, depth)  # its error: no first move at depth 0
        with option_names({"--time": "time", "--max-nodes": "max_nodes", "--depth": "depth", "--divide": "divide"}):
            seconds = check_seconds(time)
            nodes = check_whole("--max-nodes", max_nodes, 1, MAX_NODES, cap=True)
            info = SimpleNamespace(name=self.game, spec=self.spec, engine=None)  # the spec's count: no engine
            counting = PerftRun(cast(Any, info), self.state, depth, divide=divide, impl="spec", time_limit=seconds,
                                max_nodes=nodes)
            try:
                counting.run()
            except SearchLimit as exc:
                raise counting.limit_error(exc) from None
            except KeyboardInterrupt:
                raise Stopped(f"perft interrupted: the spec's count at depth {depth} did not finish") from None
        return counting.results["spec"]

    def _full(self, what: str) -> None:
        """An :class:`InputError` for a view: ``what`` needs every card placed."""
        if self.view is not None:
            raise InputError(f"{what}: this is player {self.view.player}'s view (hidden cards); it needs a full "
                             "position (a world of the view: .worlds().sample())")

    def svg(self, viewer: int | None = None) -> str:
        """The picture (see :func:`position_svg`); a view's from its player's seat (:func:`view_svg`)."""
        viewer = check_arg("viewer", viewer, (int, type(None)), "a player's number (an int) or None (all cards open)")
        if self.view is not None:
            if viewer is not None and viewer != self.view.player:
                raise InputError(f"viewer: this is player {self.view.player}'s view; it cannot show player {viewer}'s")
            return view_svg(self.view)
        with option_names({"--as": "viewer"}):
            return position_svg(self.spec, self.state, viewer)

    def worlds(self, player: int | None = None) -> Worlds:
        """The full positions consistent with what ``player`` sees (:class:`foolsolve.worlds.Worlds`):
        a view's own player's; of a full position, ``player``'s (default: the player to move, player 0
        at a chance node: :func:`foolsolve.game.seat_of_mover`, the seat :func:`foolsolve.answer` answers
        it from; a finished game has nobody to move, and ``player`` must be given)."""
        from foolsolve.worlds import worlds_from_state, worlds_of_view

        if self.view is not None:
            if player is not None and player != self.view.player:
                raise InputError(f"player: this is player {self.view.player}'s view; it holds no other player's")
            return worlds_of_view(self.view)
        from foolsolve import games
        from foolsolve.game import seat_of_mover

        n = self.spec.num_players(self.state)
        player = check_arg("player", player, (int, type(None)), f"a player from 0 to {n - 1} (an int) or None")
        if player is None:
            if self.spec.is_terminal(self.state):
                raise InputError(f"player: the game is over, so nobody is to move: name the seat whose worlds "
                                 f"you want (.worlds(P), P from 0 to {n - 1})")
            player = seat_of_mover(self.spec.to_move(self.state))
        elif not 0 <= player < n:
            raise InputError(f"player: expected a player from 0 to {n - 1}, got {player!r}")
        return worlds_from_state(games.get(self.game), self.state, player)

    @overload
    def answer(self, *, open_hand: Literal[True], **options: Unpack[AnswerOptions]) -> Solved: ...

    @overload
    def answer(self, *, open_hand: bool = False, **options: Unpack[AnswerOptions]) -> Solved | SeatAnswer: ...

    def answer(self, **options: Unpack[AnswerParameters]) -> Solved | SeatAnswer:
        """The answer ``foolsolve POSITION.json`` gives (:func:`foolsolve.answer`, with its options)."""
        from foolsolve.api import answer

        return answer(self, **options)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        """What ``foolsolve show`` prints: the cards, the rules in force and who is to move (or the result)."""
        if self.view is not None:
            from foolsolve.worlds import view_text

            return view_text(self.view)
        from foolsolve.present import show_text

        return show_text(self.spec, self.state)

    def __repr__(self) -> str:
        if self.view is not None:
            return f"<Position {self.spec.name}: player {self.view.player}'s view, hidden cards>"
        return f"<Position {self.spec.name}: {status_line(self.spec, self.state)}>"
