"""Cards and decks for all five games, with one stable bit index per card.

Every card is a small frozen value ``Card(suit, rank)``. A deck knows its cards, how to
parse and print them, and gives each card a *stable index* used as its bit in integer
bitmasks (``1 << card.index``). Indices are fixed by suit and rank, never by deck order,
so the 36- and 52-card French decks share indices and a bitmask means the same thing in
the spec, the engine, a position file and a test.

Index layout (named constants below):

* French and tarot suit cards: ``suit_slot * 16 + rank`` (rank 2..14 French, 1..14 tarot).
* Pilatch: ``suit_slot * 16 + rank`` (rank 1..15, the Joker is 15).
* Tarot trumps I..XXI: ``TRUMP_BASE + n``; the Fool: ``TRUMP_BASE`` (``n = 0``).
* The French 54-card deck's two Jokers (pseudo-suit ``J``): the red Joker rank 0 at the hearts
  slot's unused rank 0 (index 32), the black Joker rank 1 at the spades slot's unused rank 1
  (index 49); so the 54-card deck still fits 64 bits and no Joker shares a rank with any card.

Accepted text forms (case-insensitive in ASCII letters only, ``10ſ`` is no ``10S``; with no space
inside or around them, and only the solid suit glyphs ♠ ♥ ♦ ♣): ``TS``, ``10S``, ``10♠``, ``t♠``,
``AH``, ``a♥``; Pilatch ``7R``, ``7S`` (suits R, P, S only), ``XP`` / ``JokerP`` (Joker), no glyph (its S is
Scissors, not ♠);
tarot ``CC`` (Cavalier of clubs), ``T21`` / ``XXI`` (trump 21), ``Fool``; French Jokers ``RJ`` /
``BJ`` (also ``RedJoker``, ``BlackJoker``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from foolsolve.errors import InputError, json_quoted

# --- named constants -------------------------------------------------------------------

SUIT_BITS = 16
"""Bits reserved per suit: index = suit_slot * SUIT_BITS + rank."""

CLUBS, DIAMONDS, HEARTS, SPADES = "C", "D", "H", "S"
FRENCH_SUITS: tuple[str, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
"""French suits in slot order (slot 0 = clubs ... slot 3 = spades)."""

ROCK, PAPER, SCISSORS = "R", "P", "X"
PILATCH_SUITS: tuple[str, ...] = (ROCK, PAPER, SCISSORS)
"""Pilatch suits in slot order. Scissors is ``X`` inside the card table only: a card's text writes
and reads it ``S`` (``5X`` is no card, as no declared suit is ``X``)."""

TRUMP = "T"
"""Pseudo-suit of tarot trumps (rank 1..21) and the Fool (rank 0)."""

TRUMP_BASE = 4 * SUIT_BITS
"""Index of the Fool; trump n has index TRUMP_BASE + n."""

JACK, CAVALIER_OR_QUEEN, KING, ACE = 11, 12, 13, 14
PILATCH_JOKER = 15

JOKER = "J"
"""Pseudo-suit of the French 54-card deck's two Jokers (rank RED_JOKER or BLACK_JOKER)."""
RED_JOKER, BLACK_JOKER = 0, 1
"""The Jokers' ranks: distinct from each other and from every suit card's (2..14)."""
RED_JOKER_INDEX = 2 * SUIT_BITS + RED_JOKER
"""The red Joker's index: rank 0 of the hearts slot, a position no suit card uses."""
BLACK_JOKER_INDEX = 3 * SUIT_BITS + BLACK_JOKER
"""The black Joker's index: rank 1 of the spades slot, a position no suit card uses."""
JOKER_MASK = 1 << RED_JOKER_INDEX | 1 << BLACK_JOKER_INDEX
"""Both Jokers as a bitmask."""

GLYPHS = {CLUBS: "♣", DIAMONDS: "♦", HEARTS: "♥", SPADES: "♠"}
_GLYPH_TO_SUIT = {v: k for k, v in GLYPHS.items()}
"""The suit glyphs a card may be written with: the four solid ones it prints with, not the hollow ♡
♢ ♧ ♤ (no card, no trump: a card is read as documented, the same in a position file and a move)."""
SUIT_NAMES = {
    CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades",
    ROCK: "rock", PAPER: "paper", SCISSORS: "scissors", TRUMP: "trump",
}

RANK_NAMES = {"tarot": {"C": "Cavalier"}, "pilatch": {"Jo": "Joker"}}
"""The rank letters of a deck that a player may not know (:attr:`Deck.notation` names them)."""

_ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
          "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"]


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``index`` is its stable bit position; ordering is by index (then by the other
    fields, as a tuple of them would order). That tuple, its hash and the card's printed forms are
    made once, when the card is made: every deck makes its cards once, and positions are printed
    and cards hashed and sorted often."""

    index: int
    suit: str
    rank: int
    deck_kind: str  # "french", "pilatch" or "tarot": decides how the card prints
    _key: tuple[int, str, int, str] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)
    _rank_text: str = field(init=False, repr=False, compare=False)
    _ascii: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        key = (self.index, self.suit, self.rank, self.deck_kind)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))
        object.__setattr__(self, "_rank_text", _rank_text(self.suit, self.rank, self.deck_kind))
        if self.suit in (TRUMP, JOKER):
            text = self._rank_text
        else:
            text = f"{self._rank_text}{self.suit if self.deck_kind != 'pilatch' else _PILATCH_OUT[self.suit]}"
        object.__setattr__(self, "_ascii", text)

    def __hash__(self) -> int:
        """The hash of its fields as a tuple (what a frozen dataclass's hash is), made once."""
        return self._hash

    def __reduce__(self) -> tuple[type[Card], tuple[int, str, int, str]]:
        """Pickled as its fields, made anew where it is read: a string's hash differs from process
        to process, so the hash is never carried over."""
        return (Card, self._key)

    # ordered as the tuple of its fields, as ``order=True`` would (which builds both tuples anew)
    def __lt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._key < other._key

    def __le__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._key <= other._key

    def __gt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._key > other._key

    def __ge__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._key >= other._key

    @property
    def bit(self) -> int:
        """The card as a one-bit mask."""
        return 1 << self.index

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red (French and tarot suits), and the red Joker."""
        return self.suit in (HEARTS, DIAMONDS) or (self.suit == JOKER and self.rank == RED_JOKER)

    @property
    def is_joker(self) -> bool:
        """One of the French 54-card deck's two Jokers."""
        return self.suit == JOKER

    @property
    def rank_text(self) -> str:
        """Printed rank: ``6``, ``10``, ``J``, ``A``; tarot ``C`` (Cavalier), Pilatch ``Jo``."""
        return self._rank_text

    @property
    def ascii(self) -> str:
        """ASCII form used in position files: ``10S``, ``KH``, ``JoR``, ``XXI``, ``Fool``, ``RJ``."""
        return self._ascii

    def __str__(self) -> str:
        """Glyph form for people: ``10♠``, ``J♥``; Pilatch and trumps print as :attr:`ascii`."""
        if self.suit in GLYPHS:
            return f"{self.rank_text}{GLYPHS[self.suit]}"
        return self.ascii

    def __repr__(self) -> str:
        return f"Card({self.ascii})"


_PILATCH_OUT = {ROCK: "R", PAPER: "P", SCISSORS: "S"}


def _rank_text(suit: str, rank: int, deck_kind: str) -> str:
    """:attr:`Card.rank_text` of a card."""
    if suit == TRUMP:
        return "Fool" if rank == 0 else _ROMAN[rank]
    if suit == JOKER:
        return "RJ" if rank == RED_JOKER else "BJ"
    if deck_kind == "tarot":
        return {1: "A", 11: "J", 12: "C", 13: "Q", 14: "K"}.get(rank, str(rank))
    if deck_kind == "pilatch":
        return {11: "J", 12: "Q", 13: "K", 14: "A", 15: "Jo"}.get(rank, str(rank))
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def _make(suit: str, rank: int, slot: int, kind: str) -> Card:
    return Card(slot * SUIT_BITS + rank, suit, rank, kind)


class Deck:
    """An ordered set of cards with parsing, printing and bitmask helpers."""

    def __init__(self, name: str, kind: str, cards: Iterable[Card]) -> None:
        self.name = name
        self.kind = kind
        self.cards: tuple[Card, ...] = tuple(sorted(cards))
        self._by_index = {c.index: c for c in self.cards}
        self._by_text: dict[str, Card] = {}
        for c in self.cards:
            for alias in _aliases(c):
                self._by_text[alias] = c

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card.index in self._by_index

    @cached_property
    def full_mask(self) -> int:
        """Bitmask of every card of the deck."""
        return self.mask(self.cards)

    @property
    def glyphs(self) -> bool:
        """Whether the French suit glyphs (♠ ♥ ♦ ♣) name suits of this deck: not of the Pilatch deck,
        whose S is Scissors, not ♠ (a card's text and a move's are read so)."""
        return self.kind != "pilatch"

    def parse(self, text: str, *, what: str = "card") -> Card:
        """Parse one card in one of its documented forms (the module's docstring; any case, no
        space, inside or around it, solid suit glyphs only); raise :class:`InputError` naming
        ``what`` and the text if it is not a card of this deck."""
        if not isinstance(text, str):
            raise InputError(f"{what}: expected a card string, got {json_quoted(text)}")
        if any(ch.isspace() for ch in text):
            raise InputError(f"{what}: {json_quoted(text)} is no card of the {self.name} deck: a card is written "
                             "without spaces")
        key = _normalise(text, glyphs=self.glyphs)
        card = self._by_text.get(key)
        if card is None:
            raise InputError(f"{what}: unknown card {json_quoted(text)} for the {self.name} deck")
        return card

    def parse_many(self, texts: Iterable[str], *, what: str = "cards", unique: bool = True) -> list[Card]:
        """Parse a list of cards (or one string separated by spaces/commas); reject duplicates."""
        if isinstance(texts, str):
            texts = [t for t in texts.replace(",", " ").split() if t]
        if not isinstance(texts, (list, tuple)):
            raise InputError(f"{what}: expected a list of cards, got {type(texts).__name__}")
        out = [self.parse(t, what=what) for t in texts]
        if unique:
            seen: set[Card] = set()
            for c in out:
                if c in seen:
                    raise InputError(f"{what}: duplicate card {c.ascii}")
                seen.add(c)
        return out

    def by_index(self, index: int) -> Card:
        """The card with this stable index."""
        return self._by_index[index]

    def card(self, suit: str, rank: int) -> Card:
        """The card of this suit and rank."""
        for c in self.cards:
            if c.suit == suit and c.rank == rank:
                return c
        raise KeyError((suit, rank))

    @staticmethod
    def mask(cards: Iterable[Card]) -> int:
        """Bitmask of a collection of cards."""
        m = 0
        for c in cards:
            m |= 1 << c.index
        return m

    def cards_of(self, mask: int) -> list[Card]:
        """The cards of a bitmask, in index order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self._by_index[low.bit_length() - 1])
            mask ^= low
        return out

    @cached_property
    def notation(self) -> str:
        """How the cards of this deck are written, read from the cards themselves (``foolsolve rules
        GAME`` prints it): the ranks in order, the suit letters (and glyphs) with their names, an
        example, and the trumps, the Fool or the Jokers where the deck has them."""
        suited = [c for c in self.cards if c.suit not in (TRUMP, JOKER)]
        ranks = list(dict.fromkeys(c.rank_text for c in sorted(suited, key=lambda c: c.rank)))
        names = RANK_NAMES.get(self.kind, {})
        named = [f"{r}: {names[r]}" for r in ranks if r in names]
        letters = dict.fromkeys((c.ascii[len(c.rank_text):], c.suit) for c in suited)
        suit_words = ", ".join(f"{s_} {SUIT_NAMES[suit]}" for s_, suit in letters)
        glyphs = [GLYPHS[suit] for _, suit in letters if self.glyphs and suit in GLYPHS]
        if glyphs:
            suit_words += f"; {' '.join(glyphs)} also read"
        rank_words = " ".join(ranks) + (f"; {', '.join(named)}" if named else "")
        out = [f"a rank ({rank_words}) then a suit ({suit_words}), as {suited[-1].ascii}"]
        trumps = [c for c in self.cards if c.suit == TRUMP and c.rank > 0]
        if trumps:
            out.append(f"trumps by Roman number, {trumps[0].ascii} to {trumps[-1].ascii}")
        if any(c.suit == TRUMP and c.rank == 0 for c in self.cards):
            out.append("the Fool: Fool")
        jokers = [c.ascii for c in self.cards if c.suit == JOKER]
        if jokers:
            out.append(f"the Jokers: {' and '.join(jokers)}")
        return "; ".join(out)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} cards)"


def _normalise(text: str, glyphs: bool = True) -> str:
    """A card's text (one word: :meth:`Deck.parse` refuses spaces) as the key of its aliases: the
    French suit glyphs read as their letters (``glyphs``: not for a Pilatch card, whose S is
    Scissors, not spades), and upper case taken of ASCII text only (``"10ſ".upper()`` is ``"10S"``:
    a word with any other letter left is matched as it is, so names no card)."""
    t = ascii_cards(text) if glyphs else text
    if not t.isascii():
        return t
    t = t.upper()
    if t.startswith("JOKER"):
        t = "JO" + t[5:]
    return t


_GLYPH_LETTERS = str.maketrans(_GLYPH_TO_SUIT)


def ascii_cards(text: str) -> str:
    """``text`` with each card written as position files write it (:attr:`Card.ascii`): every French
    suit glyph as its letter, ``cover 8♦ with 9♦`` as ``cover 8D with 9D``; the rest as it is (a
    card prints with a glyph only where :attr:`Card.ascii` has that suit's letter)."""
    return text.translate(_GLYPH_LETTERS)


def _aliases(c: Card) -> list[str]:
    if c.suit == TRUMP:
        if c.rank == 0:
            return ["FOOL", "T0", "0"]
        return [_ROMAN[c.rank], f"T{c.rank}"]
    if c.suit == JOKER:
        colour = "RED" if c.rank == RED_JOKER else "BLACK"
        return [c.rank_text, f"{colour}JOKER"]
    ranks = [c.rank_text.upper()]
    if c.rank == 10:
        ranks.append("T")
    if c.deck_kind == "tarot" and c.rank == 1:
        ranks.append("1")
    if c.deck_kind == "pilatch" and c.rank == PILATCH_JOKER:
        ranks += ["X", "JOKER"]
    if c.deck_kind == "pilatch" and c.rank == ACE:
        ranks.append("14")
    suit = _PILATCH_OUT[c.suit] if c.deck_kind == "pilatch" else c.suit
    return [r + suit for r in ranks]


def french_deck(low_rank: int) -> Deck:
    """French deck from ``low_rank`` to Ace (ace high, rank 14): 6 gives 36 cards, 2 gives 52."""
    cards = [_make(s, r, slot, "french") for slot, s in enumerate(FRENCH_SUITS) for r in range(low_rank, 15)]
    return Deck(f"French {len(cards)}", "french", cards)


FRENCH36 = french_deck(6)
"""36 cards, 6..A in four suits (Durak)."""
FRENCH52 = french_deck(2)
"""52 cards, 2..A in four suits."""
FRENCH54 = Deck(
    "French 54", "french",
    [*FRENCH52.cards, Card(RED_JOKER_INDEX, JOKER, RED_JOKER, "french"),
     Card(BLACK_JOKER_INDEX, JOKER, BLACK_JOKER, "french")],
)
"""54 cards: 2..A in four suits and two Jokers, one red and one black (Durak's ``deck: 54``)."""
PILATCH45 = Deck(
    "Pilatch 45", "pilatch",
    [_make(s, r, slot, "pilatch") for slot, s in enumerate(PILATCH_SUITS) for r in range(1, 16)],
)
"""45 cards: Rock, Paper, Scissors; ranks 1..10, J, Q, K, A and the Joker (15)."""
TAROT78 = Deck(
    "tarot 78", "tarot",
    [_make(s, r, slot, "tarot") for slot, s in enumerate(FRENCH_SUITS) for r in range(1, 15)]
    + [Card(TRUMP_BASE + n, TRUMP, n, "tarot") for n in range(0, 22)],
)
"""78 cards: four suits A(1)..10, J, C, Q, K (14); trumps I..XXI; the Fool (trump 0)."""

DECKS: dict[str, Deck] = {"french36": FRENCH36, "french52": FRENCH52, "french54": FRENCH54, "pilatch45": PILATCH45,
                          "tarot78": TAROT78}


def suit_mask(slot: int) -> int:
    """Bitmask of every index position of one suit slot (all ranks 0..15)."""
    return 0xFFFF << (slot * SUIT_BITS)


def popcount(mask: int) -> int:
    """Number of set bits."""
    return mask.bit_count()


def low_bits(mask: int) -> list[int]:
    """The one-bit masks of ``mask``, lowest first (for engines that keep cards as bits)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_text(cards: Iterable[Card]) -> str:
    """Glyph text of several cards, space separated."""
    return " ".join(str(c) for c in cards)
