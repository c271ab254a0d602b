"""Fool's Paradise: the rules as plain, literal, slow Python.

Source: ``shared/seeds/000_fb76b98cdc103b12.txt`` (cited **000** with its section) and
``shared/RULES-NOTES.md`` §2 for the points the text leaves open (each one a rule option
below, marked ``reconstructed`` where the text does not give it).

Every rule sentence the code executes is quoted once, next to the code that executes it.
Nothing here is optimised: legal collections are found by trying every sub-multiset of the
centre and every ace value assignment (the engine in ``engines/fools_paradise.py`` does the
same fast and is held equal to this module by the conformance tests).

Model (the choices a reader of 000 has to make, stated once):

* Players are numbered 0..n-1 in seating order; "to the left" is ``+1 mod n``.
* Card sets are multisets (``decks`` > 1 gives identical copies; copies are
  interchangeable, so a zone is a sorted tuple of cards and a move is identified by the
  hand card and the multiset of centre cards it takes).
* A turn is one *move* (a collection or a lay), then the draw, then the refill after a
  clear, then the turn passes to the next player to the left who still holds cards.
* The stock is either known (a draw order: the position fixes the shuffle, as in a random
  deal) or of unknown order (a position file with ``stock_size``): then every draw is a
  chance event, uniform over the cards in the stock (``to_move == CHANCE``).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar

from foolsolve.cards import FRENCH52, Card
from foolsolve.errors import InputError, PositionError, quoted
from foolsolve.game import (
    CHANCE,
    ChanceMode,
    Dynamics,
    GameMeta,
    IllegalMove,
    Information,
    Reason,
    Result,
    SpecGame,
    Utility,
    reason,
)
from foolsolve.positions import validate_schema
from foolsolve.present import plural
from foolsolve.rules import Reconstruction, json_shown, option, rules_from_json, rules_to_json, scoring_caveat
from foolsolve.worlds import Hidden, View, ZoneField, is_viewer, known_words, zone_words

ACE = 14
"""Rank of the ace in :mod:`foolsolve.cards` (printed ``A``)."""
HAND_SIZE = 5
"""000 §The Deal: "Once each player has five cards and there are five cards face up in the center"."""
CENTRE_SIZE = 5
"""000 §The Deal (five face-up centre cards) and §Clearing the board ("deal out five cards")."""
DECK_CARDS = len(FRENCH52)
"""52: RULES-NOTES §2 "Given: 52-card deck"."""

MAX_DECKS = 8
"""The most decks of the rule option ``decks``."""

META = GameMeta(
    name="fools-paradise", title="Fool's Paradise", seed="000_fb76b98cdc103b12.txt",
    min_players=2,
    max_players=(MAX_DECKS * DECK_CARDS - CENTRE_SIZE) // HAND_SIZE,  # 82: five cards each and five in the centre from 8 decks
    deck=FRENCH52, dynamics=Dynamics.SEQUENTIAL, chance_mode=ChanceMode.EXPLICIT, information=Information.IMPERFECT,
    utility=Utility.GENERAL_SUM,
    utility_bounds=(0.0, 10_000.0),  # final scores: card points and clears, never negative
    hidden="the other players' hands and the order of the stock",
    chance="the shuffle, made by deal() (a position may carry the stock order); a position whose stock is "
           "given only by its size draws each card as a chance node, uniform over the cards left")
"""The game's record (read by the spec class, the engine, the registry, OpenSpiel, the pictures)."""


def _decks_hold(decks: int) -> str:
    """``1 deck holds`` / ``2 decks hold`` (for messages about the cards of the decks)."""
    return f"{plural(decks, 'deck')} {'holds' if decks == 1 else 'hold'}"


def _parse_decks(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DECKS:
        raise ValueError(f"{json_shown(value)} is not a whole number of decks from 1 to {MAX_DECKS}")
    return value


@dataclass(frozen=True)
class Rules:
    """The open points of 000 as options (RULES-NOTES §2), default first."""

    ace: str = option(
        "either", choices=("either", "low", "high", "either_per_play"),
        doc="Ace value: either = the collector picks 1 or 14 for the played ace and for each collected ace "
            "independently; low = always 1; high = always 14; either_per_play = one choice for every ace of "
            "one collection, the played card included.",
        source="000 §Card Values: 'Ace may be one or fourteen'")
    played_card: str = option(
        "collected", choices=("collected", "stays"),
        doc="Where the hand card used to collect goes: collected = into the player's pile with the cards it "
            "took; stays = laid face up in the centre, after the collection (one that takes the last centre cards "
            "still clears the board).",
        source="000 §Collecting Cards: 'All cards collected by a player are placed face down in a pile'",
        reconstructed=True)
    card_points: str = option(
        "value", choices=("value", "count"),
        doc="Scoring (the text stops before it): value = each collected card scores its value (ace 14 unless "
            "ace is low), count = each collected card scores 1; both add 1 per clear. The text gives suits a "
            "part in the lost point values, so both choices, which read the rank only, are suit-blind "
            "reconstructions. The text's one hint at worth is the worked example, which calls K+K alone a waste "
            "and K+K+5+6+2 the most efficient play: by the points each play banks, count makes that play the "
            "single best of the four; value ties it with K+K+J+2 (39 each); both make K+K alone worse.",
        source="000 §Collecting Cards: 'Card suit does not play any role in collecting cards, only in point value "
               "(discussed later).'; its worked example: 'This would be a waste' (K+K alone), 'the most efficient "
               "play, the king collects the king, along with the 5, 6, and 2'; §Points (cut off): 'everyone must "
               "count how many points they have'; "
               "§Clearing the board: 'awarded one point immediately'", reconstructed=True, scoring=True)
    last_card_sweep_counts_as_clear: bool = option(
        False, choices=(False, True),
        doc="Whether taking the cards left in the centre after the last card of the game scores the clear "
            "point (only when the sweep takes at least one card).",
        source="000 §Ending: 'The player to play the last card ... is given all remaining cards in the center'",
        reconstructed=True, scoring=True)
    decks: int = option(
        1, parse=_parse_decks, schema={"type": "integer", "minimum": 1, "maximum": MAX_DECKS},
        doc="Number of 52-card decks shuffled together (more players than one deck serves); identical copies "
            "of a card are then interchangeable.",
        source="000 intro: 'there is no upper limit' on players; RULES-NOTES §2 'decks: 1 | n'",
        reconstructed=True)


RECONSTRUCTIONS = (
    Reconstruction(
        "fools_paradise_is_a_lay", "The \"Fool's Paradise\" (declining to collect) lays one hand card face up in the "
        "centre, as a player who cannot collect does, then draws.",
        "Both are the section's \"two instances where cards will not be collected\", and the end of the game (\"when "
        "all players are without cards\", \"the player to play the last card\") presumes every turn plays a card: a "
        "turn that only drew would never empty a hand while the stock lasts.",
        "000 §Not Collecting Cards: \"The second is if the player wishes to leave cards that would otherwise be "
        "collected in the center ... This move is the Fool's Paradise.\""),
    Reconstruction(
        "one_collection_per_turn", "A turn makes at most one collection (one hand card and the centre cards it "
        "takes), then draws one card.",
        "A collection starts from \"a card from his or her hand\" (one card), and the turn then \"must draw one "
        "card\": one card played, one drawn keeps every hand at five while the stock lasts.",
        "000 §Collecting Cards: \"a player must first choose a card from his or her hand\"; §A Player's Turn: \"the "
        "player must draw one card from the draw pile\""),
    Reconstruction(
        "stays_clear_then_lay", "Under played_card = \"stays\", a collection that takes the last centre cards "
        "clears the board (the point is scored) and only then is the played card laid face up in the centre; "
        "after the draw the refill joins it (six cards in the centre after a full refill).",
        "The text gives no order for collecting and laying the played card. Laid first, the played card would "
        "always be left face up in the centre, so no collection could ever clear the board under \"stays\", and "
        "the clear point and the refill would be lost with that choice.",
        "000 §Clearing the board: \"When a player collects the final card that is face up in the center, the "
        "player is said to have cleared the board.\""),
    Reconstruction(
        "refill_short_stock", "When the stock is too small to refill the centre with five, the dealer lays what "
        "is left.", "There are no other cards to lay.",
        "000 §Clearing the board: \"the dealer must deal out five cards face up to the center\""),
)
"""Readings of 000 where only one is sensible (``foolsolve rules fools-paradise`` lists them)."""


# --- card values and points ----------------------------------------------------------------


def value_choices(card: Card, rules: Rules) -> tuple[int, ...]:
    """The values a card may take in a collection.

    000 §Card Values: "Two through ten is face value", "Jack is eleven", "Queen is twelve",
    "King is thirteen", "Ace may be one or fourteen" (option ``ace``)."""
    if card.rank != ACE:
        return (card.rank,)
    if rules.ace == "low":
        return (1,)
    if rules.ace == "high":
        return (14,)
    return (1, 14)


def card_points(card: Card, rules: Rules) -> int:
    """Points one collected card is worth (option ``card_points``; the seed's table is lost).

    ``value``: 2-10 face, J 11, Q 12, K 13, ace 14 (1 when ``ace`` is ``low``).
    ``count``: 1 per card.

    000 §Collecting Cards: "Card suit does not play any role in collecting cards, only in point
    value (discussed later)." The discussion is lost, so both choices read the rank only: they
    are suit-blind reconstructions, not the text's table. The endgame solver searches with suits
    forgotten and relies on that; a table that reads suits, dropped in here, fails
    ``tests/fools_paradise/test_rules.py::test_swapping_suits_between_piles_never_changes_a_score``,
    which says what the solver then needs."""
    if rules.card_points == "count":
        return 1
    if card.rank == ACE:
        return 1 if rules.ace == "low" else 14
    return card.rank


CLEAR_POINTS = 1
"""Points a clear of the board scores (000 §Clearing the board: "Every time a player clears the
board, the player is awarded one point immediately"): :func:`score` adds it per clear, and the
capture calculator and the endgame solver read it from here."""


def score(pile: Iterable[Card], clears: int, rules: Rules) -> int:
    """THE scorer: collected cards' points plus :data:`CLEAR_POINTS` per clear.

    000 §Clearing the board: "Every time a player clears the board, the player is awarded
    one point immediately." 000 §Ending: "collected cards are inspected and counted for points"."""
    return sum(card_points(c, rules) for c in pile) + CLEAR_POINTS * clears


# --- moves ---------------------------------------------------------------------------------


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Order cards are printed in inside a move: rank high to low, then suit (C D H S)."""
    return sorted(cards, key=lambda c: (-c.rank, c.index))


@dataclass(frozen=True)
class Collect:
    """Play ``card`` from the hand and collect ``taken`` (a multiset, sorted by card index).

    Different ace value assignments that take the same cards are one move; ``witness`` keeps
    one legal assignment (value of the played card, then of each taken card in ``taken``
    order) for display only: it takes no part in equality."""

    card: Card
    taken: tuple[Card, ...]
    witness: tuple[int, ...] = field(default=(), compare=False, hash=False)

    def __str__(self) -> str:
        return f"collect {self.card}: " + " ".join(str(c) for c in display_order(self.taken))

    def explain(self) -> str:
        """The move with one legal value assignment: ``K♠=13: K♥=13 6♣=6 5♦=5 2♠=2 (39 = 3×13)``."""
        if not self.witness:
            return str(self)
        v, rest = self.witness[0], self.witness[1:]
        parts = [f"{c}={x}" for c, x in sorted(zip(self.taken, rest), key=lambda t: (-t[0].rank, t[0].index))]
        total = sum(rest)
        return f"collect {self.card}={v}: {' '.join(parts)} ({total} = {total // v}×{v})"


@dataclass(frozen=True)
class Lay:
    """Lay ``card`` face up in the centre without collecting (forced or the Fool's Paradise)."""

    card: Card

    def __str__(self) -> str:
        return f"lay {self.card}"

    def explain(self) -> str:
        """Same as ``str``."""
        return str(self)


@dataclass(frozen=True)
class Reveal:
    """A chance outcome when the stock order is unknown: the next stock card is ``card``;
    it goes to the drawing player's hand (``to == "hand"``) or to the centre (refill)."""

    card: Card
    to: str
    FIELD_CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"to": ("hand", "centre")}

    def __str__(self) -> str:
        return f"draw {self.card}" if self.to == "hand" else f"reveal {self.card}"

    def explain(self) -> str:
        """Same as ``str``."""
        return str(self)


Move = Collect | Lay | Reveal


def move_sort_key(move: Move) -> tuple[Any, ...]:
    """Moves sort as: chance outcomes (by card), collections (by hand card index, then the
    taken cards' indices), lays (by card index)."""
    if isinstance(move, Reveal):
        return (0, move.card.index, ())
    if isinstance(move, Collect):
        return (1, move.card.index, tuple(c.index for c in move.taken))
    return (2, move.card.index, ())


# --- state ---------------------------------------------------------------------------------


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def _remove(cards: tuple[Card, ...], gone: Iterable[Card]) -> tuple[Card, ...]:
    left = list(cards)
    for c in gone:
        left.remove(c)  # one copy
    return tuple(left)


@dataclass(frozen=True)
class State:
    """A Fool's Paradise position. All card zones are multisets kept as tuples sorted by card
    index, except ``stock`` which is in draw order (first drawn first) when ``stock_known``
    and sorted by index otherwise.

    ``pending`` is set only while the turn of ``to_move`` is being finished by chance draws
    (unknown stock order): ``(must_draw, refill)`` = whether the player still draws, and how
    many cards the dealer still lays in the centre after a clear."""

    rules: Rules
    hands: tuple[tuple[Card, ...], ...]
    centre: tuple[Card, ...]
    stock: tuple[Card, ...]
    stock_known: bool
    piles: tuple[tuple[Card, ...], ...]
    clears: tuple[int, ...]
    to_move: int
    dealer: int
    pending: tuple[bool, int] | None = None

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.hands)

    def scores(self) -> tuple[int, ...]:
        """Every player's points so far (:func:`score`)."""
        return tuple(score(p, c, self.rules) for p, c in zip(self.piles, self.clears))


# --- collecting ----------------------------------------------------------------------------


def _sub_multisets(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every non-empty sub-multiset of ``cards`` (each once), by brute force over subsets."""
    out: set[tuple[Card, ...]] = set()
    for k in range(1, len(cards) + 1):
        for combo in itertools.combinations(cards, k):
            out.add(_sorted(combo))
    return sorted(out, key=lambda t: tuple(c.index for c in t))


def _assignments(card: Card, taken: tuple[Card, ...], rules: Rules) -> Iterable[tuple[int, ...]]:
    """Every value assignment (played card first) the ``ace`` option allows."""
    if rules.ace == "either_per_play":
        # RULES-NOTES §2: one choice for all aces in one collection, played card included.
        for ace_value in (1, 14):
            yield tuple(ace_value if c.rank == ACE else c.rank for c in (card, *taken))
        return
    yield from itertools.product(*(value_choices(c, rules) for c in (card, *taken)))


def collection_witness(card: Card, taken: tuple[Card, ...], rules: Rules) -> tuple[int, ...] | None:
    """A value assignment under which playing ``card`` collects ``taken``, or ``None``.

    000 §Collecting Cards: "a player must first choose a card from his or her hand, and then
    find a card or multiple cards that sum up to a multiple of the chosen card's value, where
    each single card collected is less than or equal to the player's card. Card suit does not
    play any role in collecting cards, only in point value (discussed later)." So no suit is
    read here (their part in the points: :func:`card_points`). "A card or multiple cards": the
    set is non-empty, and a sum of card values (each at least 1) is then a positive multiple."""
    if not taken:
        return None
    for values in _assignments(card, taken, rules):
        v, rest = values[0], values[1:]
        if all(x <= v for x in rest) and sum(rest) % v == 0:
            return values
    return None


def collection_failures(card: Card, taken: tuple[Card, ...], rules: Rules) -> str:
    """Why ``card`` collects none of ``taken`` under any value the ``ace`` option allows (000
    §Collecting Cards: "sum up to a multiple of the chosen card's value, where each single card
    collected is less than or equal to the player's card"), one clause a value assignment: ``Q♦
    counts 12: the cards sum to 14, not a multiple of 12``; ``K♣ counts 13: Q♣ 8♦ sum to 20, ...``;
    a card above the played card's value named (``A♣ counted 14 is above 12``)."""
    if not taken:
        return f"{card} collects at least one card"
    clauses = []
    for values in dict.fromkeys(_assignments(card, taken, rules)):
        v, rest = values[0], values[1:]
        aces = [f"{c} at {x}" for c, x in zip(taken, rest) if c.rank == ACE]
        head = f"{card} counts {v}" + (f" (with {', '.join(aces)})" if aces else "")
        why = []
        above = [f"{c} ({x})" for c, x in zip(taken, rest) if x > v]
        if above:
            why.append(f"{' '.join(above)} {'is' if len(above) == 1 else 'are'} above {v}")
        total = sum(rest)
        if total % v:
            why.append(f"the cards sum to {total}, not a multiple of {v}")
        clauses.append(f"{head}: {'; '.join(why)}")
    return "; ".join(clauses)


def collections(hand: Sequence[Card], centre: Sequence[Card], rules: Rules) -> list[Collect]:
    """Every legal collection for a hand and a centre (sorted by :func:`move_sort_key`)."""
    out: list[Collect] = []
    for card in sorted(set(hand), key=lambda c: c.index):
        top = max(value_choices(card, rules))
        # only cards that can be valued <= the played card can ever be collected by it
        eligible = [c for c in centre if min(value_choices(c, rules)) <= top]
        for taken in _sub_multisets(eligible):
            witness = collection_witness(card, taken, rules)
            if witness is not None:
                out.append(Collect(card, taken, witness))
    return sorted(out, key=move_sort_key)


# --- the game ------------------------------------------------------------------------------


class FoolsParadiseSpec(SpecGame[State, Move]):
    """Fool's Paradise (000) for 2 or more players."""

    meta = META
    rules_cls = Rules
    reconstructions = RECONSTRUCTIONS
    field_words: ClassVar[dict[str, str]] = {"clears": "the boards player {p} cleared"}

    # -- the deal --

    def deal(self, rules: Rules, players: int, rng: random.Random, *, dealer: int | None = None) -> State:
        """A new game: ``rng.shuffle`` of ``decks`` 52-card decks, dealt as 000 says.

        000 §The Deal: "the dealer will deal out one card to each player face down plus one
        card to the center face up a total of five times ... The remainder of the deck is to
        be place in the center face down, these cards will become the draw pile." Each round
        starts with the player left of the dealer; the stock keeps the shuffled order.
        ``dealer`` defaults to the last player, so player 0 moves first."""
        if players < 2:
            raise InputError(f"players: at least 2 are required (000 intro), got {players}")
        need = players * HAND_SIZE + CENTRE_SIZE
        if need > DECK_CARDS * rules.decks:
            enough = -(-need // DECK_CARDS)  # the fewest decks that hold them (the --players range keeps it in bounds)
            raise InputError(f"players: {players} players need {need} cards, more than {_decks_hold(rules.decks)}; "
                             f"the rule option decks = {enough} serves them (deal --rules '{{\"decks\": {enough}}}')")
        dealer = players - 1 if dealer is None else dealer
        if not 0 <= dealer < players:
            raise InputError(f"dealer: {dealer} is not a player (0..{players - 1})")
        deck = [c for _ in range(rules.decks) for c in FRENCH52.cards]
        rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(players)]
        centre: list[Card] = []
        pos = 0
        for _ in range(HAND_SIZE):
            for i in range(1, players + 1):
                hands[(dealer + i) % players].append(deck[pos])
                pos += 1
            centre.append(deck[pos])
            pos += 1
        return State(
            rules=rules, hands=tuple(_sorted(h) for h in hands), centre=_sorted(centre),
            stock=tuple(deck[pos:]), stock_known=True,
            piles=tuple(() for _ in range(players)), clears=(0,) * players,
            # 000 §The Game: "The player to the left of the dealer starts first."
            to_move=(dealer + 1) % players, dealer=dealer,
        )

    # -- moves --

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, sorted by :func:`move_sort_key`."""
        if state.pending is not None:
            to = "hand" if state.pending[0] else "centre"
            return [Reveal(c, to) for c in sorted(set(state.stock), key=lambda c: c.index)]
        if self.is_terminal(state):
            return []
        hand = state.hands[state.to_move]
        # 000 §A Player's Turn: "the player may collect cards according to the rules".
        moves: list[Move] = list(collections(hand, state.centre, state.rules))
        # 000 §Not Collecting Cards: "If this happens [no card can collect], the player must
        # choose one card from his or her hand and lay it down in the center"; and "the
        # player wishes to leave cards that would otherwise be collected in the center ...
        # This move is the Fool's Paradise." Either way a lay of any hand card is legal.
        moves += [Lay(c) for c in sorted(set(hand), key=lambda c: c.index)]
        return sorted(moves, key=move_sort_key)

    def move_sort_key(self, move: Move) -> Any:
        """See :func:`move_sort_key`."""
        return move_sort_key(move)

    def is_legal(self, state: State, move: Move) -> bool:
        """Whether ``move`` is legal: the same answer as ``move in legal_moves(state)``,
        checked for this one move by the same rule sentences (:meth:`why_illegal`)."""
        return not self.why_illegal(state, move)

    def why_illegal(self, state: State, move: Move) -> list[Reason]:
        """Every rule against ``move`` (empty: it is legal). A move of another class or with a bad field
        raises :class:`IllegalMove` (:meth:`check_move`)."""
        self.check_move(move)
        if state.pending is not None:
            # a chance outcome: a card of the stock, to the drawing hand or to the centre
            to = "hand" if state.pending[0] else "centre"
            out = []
            if not isinstance(move, Reveal) or move.to != to:
                out.append(reason("legal_moves", f"the next card of the stock goes to the {to}: a chance draw "
                                  f"({'draw' if to == 'hand' else 'reveal'} CARD) comes first", "A Player's Turn",
                                  "the player must draw one card from the draw pile"))
            if isinstance(move, Reveal) and move.card not in state.stock:
                out.append(reason("legal_moves", f"{move.card} is not in the stock", "A Player's Turn",
                                  "the player must draw one card from the draw pile"))
            return out
        if self.is_terminal(state):
            return [reason("is_terminal", "the game is over: every hand is empty", "Ending",
                           "The game ends when all players are without cards")]
        if isinstance(move, Reveal):
            return [reason("legal_moves", "no draw is due: cards come from the stock after a collect or lay",
                           "A Player's Turn", "the player must draw one card from the draw pile")]
        out = []
        if move.card not in state.hands[state.to_move]:
            out.append(reason("legal_moves", f"no card {move.card} in player {state.to_move}'s hand", "Collecting Cards",
                              "a player must first choose a card from his or her hand"))
        if isinstance(move, Lay):
            return out  # 000 §Not Collecting Cards: a lay is always possible (forced or not)
        if move.taken != _sorted(move.taken):
            out.append(reason("legal_moves", "the taken cards are not in card order (the form legal_moves lists; "
                              "read_move writes it)", "Collecting Cards",
                              "Card suit does not play any role in collecting cards, only in point value (discussed "
                              "later)."))
        left = list(state.centre)
        for c in move.taken:
            if c in left:
                left.remove(c)
            else:
                out.append(reason("collections", f"no card {c} (or no more of it) in the centre", "Collecting Cards",
                                  "find a card or multiple cards that sum up to a multiple of the chosen card's value"))
        if collection_witness(move.card, move.taken, state.rules) is None:
            out.append(reason("collection_witness", f"no value of the cards lets {move.card} collect "
                              f"{' '.join(str(c) for c in display_order(move.taken))} (each taken card at most the "
                              "played card's value, and their sum a multiple of it): "
                              f"{collection_failures(move.card, _sorted(move.taken), state.rules)}", "Collecting Cards",
                              "find a card or multiple cards that sum up to a multiple of the chosen card's value, "
                              "where each single card collected is less than or equal to the player's card",
                              "ace" if any(c.rank == ACE for c in (move.card, *move.taken)) else None, state.rules))
        return out

    def why_legal(self, state: State, move: Move) -> list[Reason]:
        """The rules a legal ``move`` rests on: a collection's values (one assignment that works) and
        a clear of the board; a lay, forced or the Fool's Paradise; a chance draw from the stock."""
        if isinstance(move, Reveal):
            odds = self.chance_probability(state, move)
            if move.to == "hand":
                return [reason("legal_moves", f"a chance draw: player {state.to_move} draws {move.card} from the "
                               f"stock (probability {odds})", "A Player's Turn",
                               "the player must draw one card from the draw pile into his or her hand")]
            return [reason("legal_moves", f"a chance draw: {move.card} is dealt face up to the centre after a clear "
                           f"(probability {odds})", "Clearing the board",
                           "the dealer must deal out five cards face up to the center")]
        p = state.to_move
        if isinstance(move, Lay):
            if collections(state.hands[p], state.centre, state.rules):
                says = (f"player {p} could collect but lays {move.card} in the centre instead, leaving the cards "
                        "there for a later turn: the Fool's Paradise")
                quote = ("the player wishes to leave cards that would otherwise be collected in the center to be "
                         "collected next round")
            else:
                says = f"player {p} cannot collect with any card, so lays one in the centre: {move.card}"
                quote = ("If this happens, the player must choose one card from his or her hand and lay it down in "
                         "the center")
            return [reason("legal_moves", says, "Not Collecting Cards", quote), *self._last_card(state, move)]
        witness = collection_witness(move.card, move.taken, state.rules)
        assert witness is not None
        values = Collect(move.card, move.taken, witness).explain().removeprefix("collect ").replace(": ", " collects ", 1)
        aces = any(c.rank == ACE for c in (move.card, *move.taken))
        out = [reason("collection_witness", f"{values}: each taken card is at most the played card's value and their "
                      "sum is a multiple of it", "Collecting Cards",
                      "find a card or multiple cards that sum up to a multiple of the chosen card's value, where each "
                      "single card collected is less than or equal to the player's card",
                      "ace" if aces else None, state.rules)]
        if Counter(move.taken) == Counter(state.centre):
            stays = (f"; played_card stays: {move.card} is laid in the centre after the clear and the new cards join "
                     "it (reading stays_clear_then_lay)") if state.rules.played_card == "stays" else ""
            out.append(reason("apply", f"{move.card} takes the last cards of the centre: player {p} clears the board "
                              f"(one point; five new cards, or what the stock has left, are dealt to the centre){stays}",
                              "Clearing the board",
                              "When a player collects the final card that is face up in the center, the player is "
                              "said to have cleared the board."))
        return out + self._last_card(state, move)

    def _last_card(self, state: State, move: Collect | Lay) -> list[Reason]:
        """000 §Ending, when ``move`` plays the last card of the game (every hand empty after it, as
        :meth:`_settle` ends the game): the mover is given what is left in the centre, the centre
        the play leaves (:meth:`_play`; the stock is empty, so settling deals it nothing)."""
        after = self._play(state, move)
        if not self.is_terminal(self._settle(after)):
            return []
        p = state.to_move
        cards = after.centre
        if cards:
            clear = ("; the sweep scores the clear point" if state.rules.last_card_sweep_counts_as_clear
                     else "; the sweep scores no clear point")
            gets = f"player {p} is given the cards left in the centre: {' '.join(str(c) for c in cards)}{clear}"
        else:
            gets = "nothing is left in the centre to give"
        res = self.result(self._settle(after))
        assert res is not None
        return [reason("apply", f"{move.card} is the last card of the game: {gets}", "Ending",
                       "The player to play the last card, whether or not he or she collects any cards with the last "
                       "card, is given all remaining cards in the center.",
                       "last_card_sweep_counts_as_clear" if cards else None, state.rules),
                reason("result", f"the game ends: {res.label}{scoring_caveat(state.rules)}", "Ending",
                       "After the game ends, collected cards are inspected and counted for points.", "card_points",
                       state.rules)]

    def read_move(self, state: State, text: str) -> Move:
        """The move ``text`` names, legal or not: ``collect KS: KH 5D``, ``lay 9D``, ``draw 7S``,
        ``reveal 7S`` (the taken cards in any order)."""
        words = text.replace(":", " ").replace(",", " ").split()
        if not words:
            raise InputError("move: empty text")
        kind = words[0].lower()
        cards = [FRENCH52.parse(w, what="move") for w in words[1:]]
        if kind == "collect" and len(cards) >= 2:
            return Collect(cards[0], _sorted(cards[1:]))
        if kind == "lay" and len(cards) == 1:
            return Lay(cards[0])
        if kind in ("draw", "reveal") and len(cards) == 1:
            return Reveal(cards[0], "hand" if kind == "draw" else "centre")
        raise InputError(f"move: cannot read {quoted(text)} (moves are written: collect KS: KH 5D, lay 9D, draw 7S, "
                         "reveal 7S)")

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move`` (raises :class:`IllegalMove` naming the rules against it)."""
        self.check_move(move)
        reasons = self.why_illegal(state, move)
        if reasons:
            raise IllegalMove(f"move {move} is not legal here: " + "; ".join(r.says for r in reasons))
        if isinstance(move, Reveal):
            return self._settle(self._reveal(state, move.card))
        return self._settle(self._play(state, move))

    def _play(self, state: State, move: Collect | Lay) -> State:
        """The state right after the legal play ``move``, before :meth:`_settle` (the draw it owes,
        the refill of a cleared centre, the end of the game)."""
        p = state.to_move
        hands = list(state.hands)
        hands[p] = _remove(hands[p], [move.card])
        centre = state.centre
        piles = list(state.piles)
        clears = list(state.clears)
        cleared = False
        if isinstance(move, Lay):
            centre = _sorted((*centre, move.card))
        else:
            centre = _remove(centre, move.taken)
            # 000 §Collecting Cards: "All cards collected by a player are placed face down in
            # a pile next to the player." Option played_card: the played card goes with them,
            # or stays in the centre.
            gained = list(move.taken)
            if state.rules.played_card == "collected":
                gained.append(move.card)
            piles[p] = _sorted((*piles[p], *gained))
            # 000 §Clearing the board: "When a player collects the final card that is face up
            # in the center, the player is said to have cleared the board." "Every time a
            # player clears the board, the player is awarded one point immediately."
            if not centre:
                cleared = True
                clears[p] += 1
            # RECONSTRUCTION stays_clear_then_lay: under "stays" the played card is laid after the
            # collection (and after its clear), so it joins the centre the refill deals to
            if state.rules.played_card == "stays":
                centre = _sorted((*centre, move.card))
        return replace(state, hands=tuple(hands), centre=centre, piles=tuple(piles), clears=tuple(clears),
                       # 000 §A Player's Turn: "the player must draw one card from the draw pile".
                       # 000 §Clearing the board: "after the player collects his card from the
                       # draw pile, the dealer must deal out five cards face up to the center".
                       pending=(True, CENTRE_SIZE if cleared else 0))

    def _reveal(self, state: State, card: Card) -> State:
        """The next stock card is ``card``: to the drawing player, or to the centre."""
        assert state.pending is not None
        must_draw, refill = state.pending
        stock = _remove(state.stock, [card]) if not state.stock_known else state.stock[1:]
        if must_draw:
            hands = list(state.hands)
            hands[state.to_move] = _sorted((*hands[state.to_move], card))
            return replace(state, hands=tuple(hands), stock=stock, pending=(False, refill))
        return replace(state, centre=_sorted((*state.centre, card)), stock=stock, pending=(False, refill - 1))

    def _settle(self, state: State) -> State:
        """Finish the turn: draws from a known stock, the refill after a clear (000 §Clearing
        the board: "five cards", or what is left of the draw pile), then the next player."""
        while state.pending is not None:
            must_draw, refill = state.pending
            if not state.stock or (not must_draw and refill == 0):
                break
            if not state.stock_known:
                return state  # a chance node: the next stock card is unknown
            state = self._reveal(state, state.stock[0])
        p = state.to_move
        state = replace(state, pending=None)
        # 000 §Ending: "The game ends when all players are without cards. The player to play
        # the last card, whether or not he or she collects any cards with the last card, is
        # given all remaining cards in the center."
        if all(not h for h in state.hands):
            piles = list(state.piles)
            clears = list(state.clears)
            if state.centre:
                piles[p] = _sorted((*piles[p], *state.centre))
                if state.rules.last_card_sweep_counts_as_clear:
                    clears[p] += 1
            return replace(state, centre=(), piles=tuple(piles), clears=tuple(clears))
        # 000 §A Player's Turn: "the next player to the left may being his or her turn";
        # players without cards (only once the stock is gone) have no turn.
        n = state.players
        nxt = next((p + i) % n for i in range(1, n + 1) if state.hands[(p + i) % n])
        return replace(state, to_move=nxt)

    def to_move(self, state: State) -> int:
        """The player to move, or :data:`CHANCE` while a draw from an unknown stock is due.
        In a finished game: the player who played the last card."""
        return CHANCE if state.pending is not None else state.to_move

    def chance_probability(self, state: State, outcome: Move) -> Fraction:
        """Each card in the stock is equally likely to be the next one."""
        if state.pending is None or not isinstance(outcome, Reveal):
            raise IllegalMove(f"{outcome} is not a chance outcome here")
        return Fraction(state.stock.count(outcome.card), len(state.stock))

    def is_terminal(self, state: State) -> bool:
        """000 §Ending: "The game ends when all players are without cards"."""
        return state.pending is None and all(not h for h in state.hands)

    def result(self, state: State) -> Result | None:
        """Final scores as payoffs (not zero-sum: solvers use score differences)."""
        if not self.is_terminal(state):
            return None
        scores = state.scores()
        best = max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
        who = f"player {winners[0]} wins" if len(winners) == 1 else "tie between " + ", ".join(map(str, winners))
        return Result(tuple(Fraction(s) for s in scores), "scores " + "-".join(map(str, scores)) + f"; {who}",
                      (("scores", scores), ("clears", state.clears)))

    def payoff_range(self, state: State) -> tuple[float, float]:
        """From 0 to the best score so far plus every card not yet collected (its points) and a clear's
        :data:`CLEAR_POINTS` for each card still to be played and for the last sweep: no player can end
        above it."""
        loose = [*state.centre, *state.stock, *(c for h in state.hands for c in h)]
        clears = CLEAR_POINTS * (len(state.stock) + sum(len(h) for h in state.hands) + 1)
        return 0.0, float(max(state.scores()) + sum(card_points(c, state.rules) for c in loose) + clears)

    def num_players(self, state: State) -> int:
        """Players in the game."""
        return state.players

    def public_move(self, state: State, move: Move, observer: int) -> str:
        """A collection and a lay are made with face-up cards (000 §The Deal: "one card to the center
        face up"; the played card is laid in the centre or collects cards from it), seen by all. A
        card drawn into a hand is seen by its drawer alone (000 §The Deal: "deal out one card to each
        player face down"; §A Player's Turn: "the player must draw one card from the draw pile into
        his or her hand"): where the draw is a chance outcome (a stock of unknown order), the others
        see that the player drew a card; a card dealt to the centre after a clear is face up (000
        §Clearing the board: "the dealer must deal out five cards face up to the center")."""
        if isinstance(move, Reveal) and move.to == "hand" and observer != state.to_move:
            return f"player {state.to_move} draws a card"
        return str(move)

    def parse_move(self, state: State, text: str) -> Move:
        """A legal move from text; the taken cards may be listed in any order
        (``collect KS: KH 5D 6C 2S``, ``lay 9D``, ``draw 7S``)."""
        words = text.replace(":", " ").replace(",", " ").split()
        if not words:
            raise IllegalMove("move: empty text")
        kind = words[0].lower()
        try:
            cards = [FRENCH52.parse(w, what="move") for w in words[1:]]
        except InputError as exc:
            raise IllegalMove(str(exc)) from None
        for m in self.legal_moves(state):
            if isinstance(m, Collect) and kind == "collect" and cards and m.card == cards[0] \
                    and Counter(m.taken) == Counter(cards[1:]):
                return m
            if isinstance(m, Lay) and kind == "lay" and cards == [m.card]:
                return m
            if isinstance(m, Reveal) and kind == str(m).split()[0] and cards == [m.card]:
                return m
        raise IllegalMove(f"move {quoted(text)} is not legal here")

    def describe(self, state: State, view: View | None = None) -> str:
        """A few readable lines; with ``view``, as its player sees them (``SpecGame.describe``): the
        other hands face down, the stock (its order unknown) with the cards known to be in it."""
        lines = [f"Fool's Paradise, {state.players} players, dealer {state.dealer}"]
        for i, h in enumerate(state.hands):
            you = " (you)" if is_viewer(view, i) else ""
            lines.append(f"  player {i}{you}: hand {zone_words(view, ('hands', i), h)}; pile "
                         f"{plural(len(state.piles[i]), 'card')}, {plural(state.clears[i], 'clear')}, score "
                         f"{state.scores()[i]}")
        lines.append(f"  centre: {' '.join(map(str, state.centre)) or '-'}")
        stock = view.zone(("stock",)) if view is not None else None
        known = known_words(stock.hidden) if stock is not None else ""
        lines.append(f"  stock: {plural(len(state.stock), 'card')}" + ("" if state.stock_known else " (order unknown)")
                     + (f", {known}" if known else ""))
        if self.is_terminal(state):
            res = self.result(state)
            assert res is not None
            lines.append(f"  game over: {res.label}{scoring_caveat(state.rules)}")
        elif state.pending is not None:
            lines.append(f"  player {state.to_move}'s turn is finishing: next stock card is a chance event")
        else:
            lines.append(f"  player {state.to_move} to move")
        return "\n".join(lines)

    # -- positions --

    def observation(self, state: State, player: int) -> dict[str, Any]:
        """What ``player`` sees: their own hand, the other hands' sizes, the centre (face up,
        000 §The Deal), the stock's size, and what was collected in view of all (piles, clears)."""
        obj = self.state_to_json(state)
        hands = obj.pop("hands")
        stock = obj.pop("stock", None)
        obj["player"] = player
        obj["hand"] = hands[player]
        obj["hand_sizes"] = [len(h) for h in hands]
        obj["stock_size"] = len(stock) if stock is not None else obj["stock_size"]
        return obj

    # -- view files (foolsolve.worlds, docs/views.md) --

    view_fields: ClassVar[dict[str, ZoneField]] = {"hands": ZoneField(per_player=True, own_seen=True), "stock": ZoneField()}
    view_drop: ClassVar[tuple[str, ...]] = ("stock_size",)

    def view_knowledge(self, state: State, player: int) -> dict[tuple[Any, ...], Hidden]:
        """The other hands and the stock are hidden (the centre and the collected piles are face up).
        Nobody knows the stock's order, so a view's stock is a zone whose order does not matter: its
        worlds leave the order to chance (``stock_size``, the draws chance nodes)."""
        out: dict[tuple[Any, ...], Hidden] = {("hands", q): Hidden(len(h))
                                              for q, h in enumerate(state.hands) if q != player}
        out[("stock",)] = Hidden(len(state.stock))
        return out

    def view_cards(self, obj: dict[str, Any]) -> tuple[Any, list[Card], list[tuple[str, Card]]]:
        """Every card ``decks`` times; seen: hands written out, the centre and the piles."""
        rules = rules_from_json(Rules, obj.get("rules"))
        seen: list[tuple[str, Card]] = []
        zones = [(f"hands[{i}]", h) for i, h in enumerate(obj["hands"])] + [("centre", obj["centre"])] \
            + [(f"piles[{i}]", p) for i, p in enumerate(obj.get("piles", []))]
        for name, cards in zones:
            if isinstance(cards, list):
                seen += [(name, FRENCH52.parse(t, what=name)) for t in cards]
        return FRENCH52, [c for c in FRENCH52.cards for _ in range(rules.decks)], seen

    def world_json(self, obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """The stock of a world is its cards with the order unknown (``stock_size``)."""
        stock = obj.pop("stock")
        if stock:
            obj["stock_size"] = len(stock)
        else:
            obj["stock"] = []
        return obj

    def view_constrained(self, obj: dict[str, Any]) -> bool:
        """Every assignment is a position (the checks read hand sizes, not cards)."""
        return False

    def state_to_json(self, state: State) -> dict[str, Any]:
        """Canonical position JSON (cards in ASCII, zones sorted by card index, the stock in
        draw order; ``scores`` is derived and written for readers)."""
        out: dict[str, Any] = {
            "game": self.name,
            "rules": rules_to_json(state.rules),
            "players": state.players,
            "dealer": state.dealer,
            "to_move": state.to_move,
            "hands": [[c.ascii for c in h] for h in state.hands],
            "centre": [c.ascii for c in state.centre],
        }
        if state.stock_known:
            out["stock"] = [c.ascii for c in state.stock]
        else:
            out["stock_size"] = len(state.stock)
        out["piles"] = [[c.ascii for c in p] for p in state.piles]
        out["clears"] = list(state.clears)
        out["scores"] = list(state.scores())
        if state.pending is not None:
            out["pending"] = {"draw": state.pending[0], "refill": state.pending[1]}
        return out

    def state_from_json(self, obj: dict[str, Any]) -> State:
        """Read a position (JSON Schema first, then the semantic checks below)."""
        validate_schema(obj, "fools-paradise.schema.json")
        rules = rules_from_json(Rules, obj.get("rules"))
        hands_raw = obj["hands"]
        n = len(hands_raw)
        if "players" in obj and obj["players"] != n:
            raise PositionError(f"players: {obj['players']} but hands lists {n} players")
        for key in ("to_move", "dealer", "last_player"):
            if obj.get(key) is not None and not 0 <= obj[key] < n:
                raise PositionError(f"{key}: {obj[key]} is not a player (0..{n - 1})")
        to_move = obj["to_move"]
        dealer = obj.get("dealer", (to_move - 1) % n)

        def parse(field_name: str, texts: list[str]) -> tuple[Card, ...]:
            return tuple(FRENCH52.parse(t, what=field_name) for t in texts)

        hands = [parse(f"hands[{i}]", h) for i, h in enumerate(hands_raw)]
        centre = parse("centre", obj["centre"])
        piles_raw = obj.get("piles", [[] for _ in range(n)])
        if len(piles_raw) != n:
            raise PositionError(f"piles: {len(piles_raw)} piles for {n} players")
        piles = [parse(f"piles[{i}]", p) for i, p in enumerate(piles_raw)]
        clears = tuple(obj.get("clears", [0] * n))
        if len(clears) != n:
            raise PositionError(f"clears: {len(clears)} entries for {n} players")
        if "stock" in obj and "stock_size" in obj:
            raise PositionError("stock: give at most one of stock (draw order) and stock_size (order unknown)")
        # neither given: every card listed nowhere else is in the stock, its order unknown (hands, the
        # centre and the piles are all face up or collected in view of all, so the stock is their one
        # place); with no such card the stock is empty
        stock_known = "stock" in obj
        stock_listed = parse("stock", obj["stock"]) if stock_known else ()

        # every physical card at most `decks` times, counted zone by zone so the error names
        # the zone where a card first appears once too often
        seen: Counter[Card] = Counter()
        zones = [(f"hands[{i}]", h) for i, h in enumerate(hands)] + [("centre", centre)] \
            + [(f"piles[{i}]", p) for i, p in enumerate(piles)] + [("stock", stock_listed)]
        for name, cards in zones:
            for c in cards:
                seen[c] += 1
                if seen[c] > rules.decks:
                    what = "duplicate card" if rules.decks == 1 else f"card appears more than {rules.decks} times:"
                    raise PositionError(f"{name}: {what} {c.ascii}")
        total = DECK_CARDS * rules.decks
        listed = sum(seen.values())
        if stock_known:
            if listed != total:
                # piles may be left out (every pile empty): where it is, the cards not listed may be its
                field = "stock:" if "piles" in obj else "piles: missing (read as every pile empty), and"
                raise PositionError(f"{field} the position lists {listed} cards, {_decks_hold(rules.decks)} {total} "
                                    f"(every card must be in a hand, the centre, a pile or the stock; leave out "
                                    f"stock to have the unlisted cards read as the stock, order unknown)")
            stock = stock_listed
        else:
            unlisted = [c for c in FRENCH52.cards for _ in range(rules.decks - seen[c])]
            if "stock_size" not in obj and not unlisted:
                stock_known = True
            elif "stock_size" in obj and obj["stock_size"] != len(unlisted):
                are = "card is" if len(unlisted) == 1 else "cards are"
                raise PositionError(f"stock_size: {obj['stock_size']} but {len(unlisted)} {are} not listed "
                                    f"elsewhere (the unknown stock is exactly the unlisted cards)")
            stock = _sorted(unlisted)

        pending: tuple[bool, int] | None = None
        if "pending" in obj:
            pend = obj["pending"]
            pending = (bool(pend["draw"]), int(pend["refill"]))
            if stock_known or not stock:
                raise PositionError("pending: only a position with an unknown, non-empty stock (stock_size > 0) "
                                    "can wait for a chance draw")
            if not pending[0] and pending[1] == 0:
                raise PositionError("pending: nothing is pending (draw false, refill 0); leave the field out")
        for i, h in enumerate(hands):
            if len(h) > HAND_SIZE:
                raise PositionError(f"hands[{i}]: {len(h)} cards, a hand never holds more than {HAND_SIZE}")
            want = HAND_SIZE - 1 if pending is not None and pending[0] and i == to_move else HAND_SIZE
            if stock and len(h) != want:
                raise PositionError(f"hands[{i}]: {plural(len(h), 'card')} while the stock is not empty (every hand holds "
                                    f"{want}: each turn's card is replaced by a draw)")
        if pending is None and any(hands) and not hands[to_move]:
            raise PositionError(f"to_move: player {to_move} has no cards (players without cards are skipped)")
        if not stock and pending is None:
            # 000 §A Player's Turn: "the next player to the left may begin his or her turn"; with the stock
            # empty each turn plays one card and draws none, and until the stock ran out every turn's card
            # was replaced by a draw (every hand held HAND_SIZE then); so going round to the left from the
            # player to move, those still to play this lap hold one card more than those who have played
            # (or all hold as many): the sizes never grow and differ by at most one
            sizes = [len(hands[(to_move + i) % n]) for i in range(n)]
            if any(a < b for a, b in itertools.pairwise(sizes)) or sizes[0] - sizes[-1] > 1:
                raise PositionError(f"to_move: player {to_move} cannot be to move with hands of "
                                    f"{[len(h) for h in hands]} cards (with the stock empty, turns go round to the "
                                    f"left, each playing one card, from hands of {HAND_SIZE} when the stock ran out)")
        state = State(rules=rules, hands=tuple(_sorted(h) for h in hands), centre=_sorted(centre), stock=stock,
                      stock_known=stock_known, piles=tuple(_sorted(p) for p in piles), clears=clears,
                      to_move=to_move, dealer=dealer, pending=pending)
        if self.is_terminal(state) and state.centre:
            raise PositionError("centre: the game is over (every hand is empty) but the centre still holds cards "
                                "(the player of the last card takes them)")
        if not self.is_terminal(state):  # (the last card's sweep adds centre cards alone, and may score a clear)
            _check_piles(state)
            _check_centre(state)
        else:
            _check_piles(state, swept=state.to_move)
        if "scores" in obj:
            want_scores = list(state.scores())
            if len(obj["scores"]) != n:
                raise PositionError(f"scores: {len(obj['scores'])} entries for {n} players")
            for i, (got, want_s) in enumerate(zip(obj["scores"], want_scores)):
                if got != want_s:
                    raise PositionError(f"scores[{i}]: {got} does not match piles[{i}] and clears[{i}] "
                                        f"({want_s} under these rules); leave scores out or correct it")
        return state


def _check_piles(state: State, swept: int | None = None) -> None:
    """Before the game's end a pile grows only by collections, each the played card's centre cards
    (at least one) and, under ``played_card`` collected, the played card; a clear is one of them
    (000 §Collecting Cards: "All cards collected by a player are placed face down in a pile"). So
    a pile holds at least one card per collection, two under collected, and a player has no more
    clears than collections. In a finished game (``swept``: the player of the last card) that
    player's pile holds the centre's last cards too, any number of them, and under
    ``last_card_sweep_counts_as_clear`` one clear more where the sweep took a card (000 §Ending:
    "The player to play the last card ... is given all remaining cards in the center")."""
    per = 2 if state.rules.played_card == "collected" else 1
    for i, (pile, clears) in enumerate(zip(state.piles, state.clears)):
        if i == swept:
            if state.rules.last_card_sweep_counts_as_clear and clears and (clears - 1) * per + 1 > len(pile):
                raise PositionError(f"clears[{i}]: {clears} clears, but piles[{i}] holds {plural(len(pile), 'card')}; "
                                    f"each clear but the last card's sweep (a card at least) is a collection that "
                                    f"puts at least {per} in the pile")
            if not state.rules.last_card_sweep_counts_as_clear and clears * per > len(pile):
                raise PositionError(f"clears[{i}]: {clears} clears, but piles[{i}] holds {plural(len(pile), 'card')}; "
                                    f"each clear is a collection that puts at least {per} in the pile (the last "
                                    "card's sweep scores none: last_card_sweep_counts_as_clear is false)")
            continue
        if state.rules.played_card == "collected" and len(pile) == 1:
            raise PositionError(f"piles[{i}]: 1 card, but under played_card collected each collection puts the "
                                "played card and at least one centre card in the pile")
        if clears * per > len(pile):
            each = "two cards (the played card and a centre card)" if per == 2 else "a centre card"
            raise PositionError(f"clears[{i}]: {clears} clears, but piles[{i}] holds {plural(len(pile), 'card')}; "
                                f"each clear is a collection that puts at least {each} in the pile")


def _check_centre(state: State) -> None:
    """The centre of a game that goes on. A turn lays its card in the centre or collects; a collection
    that takes the last centre cards clears it, and after the draw the dealer lays five cards there,
    or what the stock has left (000 §Clearing the board; reading refill_short_stock). Under
    ``played_card`` stays the played card is laid there after every collection (reading
    stays_clear_then_lay), so the centre is never empty; under collected it is empty only once the
    stock is. While a turn waits for chance draws (``pending``), the refill begins after the draw, and
    the centre of a refill holds the cards laid so far (and, under stays, the played card)."""
    stays = state.rules.played_card == "stays"
    size = len(state.centre)
    if state.pending is None:
        if size:
            return
        if stays:
            raise PositionError("centre: empty, but under played_card stays every turn leaves its card in the centre "
                                "(laid, or laid after the collection), so the centre is empty only when the game ends")
        if state.stock:
            raise PositionError(f"centre: empty while the stock holds {plural(len(state.stock), 'card')}: after a "
                                f"clear and the draw the dealer lays {CENTRE_SIZE} cards in the centre, or what the "
                                "stock has left")
        return
    draw, refill = state.pending
    if draw and refill not in (0, CENTRE_SIZE):
        raise PositionError(f"pending: refill {refill} while the draw is still due: the refill after a clear "
                            f"({CENTRE_SIZE} cards) begins after the draw")
    if refill:
        want = CENTRE_SIZE - refill + stays
        if size != want:
            played = " and the played card (played_card stays)" if stays else ""
            raise PositionError(f"centre: {plural(size, 'card')}, but with {refill} of the refill still to lay the "
                                f"centre holds the {CENTRE_SIZE - refill} laid so far{played}: {want}")
    elif not size:
        raise PositionError("centre: empty, but no clear is pending (refill 0): the turn laid its card there or "
                            "collected without taking the last centre card")


SPEC = FoolsParadiseSpec()
"""The one spec instance."""
