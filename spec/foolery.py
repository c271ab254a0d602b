"""Foolery: the rules as plain, literal, slow Python.

Source: ``shared/seeds/004_bc5e2343ee083007.txt`` (cited **004** with the paragraph it comes
from: §Deal, §Lead, §Follow, §Hands, §Trumping, §Fool, §Passing, §Titles, §Later rounds,
§Variation) and ``shared/RULES-NOTES.md`` §5 for the points the text leaves open (each one a
rule option below, or an entry of :data:`RECONSTRUCTIONS` where the note gives the one reading;
the code that applies one says ``RECONSTRUCTION`` and names it).

The text gives: 3-7 players, the 78-card tarot, every card dealt; leads of 1-4 cards of one
rank or a five-card hand; following with as many cards, equal or higher; the skip after an
equal single or pair; five-card hands (straight, flush, full house, straight flush, five of a
kind); trumping by count; the Fool; passing; titles by finishing order; the exchange of
later rounds. Reconstructed (options, or listed in :data:`RECONSTRUCTIONS` where one reading is
sensible): whether a player who passed may play again; when the trick winner has gone out, who
leads; the payoffs of the titles; the stuck Fool's timing; the Fool in "can't lead trump unless
that's all you have"; how "highest" cards are ordered for the exchange; the three-player dealer
of later rounds. The reference page is ``docs/foolery.md``.

Model (the choices a reader of 004 has to make, stated once):

* One game is one hand (a *round*): from the deal to the last title. A later round is a
  position with ``round`` > 1 and the previous round's ``previous_places``; it starts with
  the exchange (``give`` moves: the Peasant's two highest cards, the King's two, then with four
  or more players the Merchant's highest and the Prince's one), then the King leads. :meth:`FoolerySpec.deal` with
  ``previous=`` deals such a round.
* Players are numbered 0..n-1 in seating order; play goes to ``+1 mod n``.
* A play is a set of cards (``play 7C 7H``); ``pass``; in the exchange ``give XXI 2C``.
* Payoffs (zero-sum; the text gives none, option ``payoffs``): by title King +2, Prince +1,
  Noble 0, Merchant -1, Peasant -2 (with three players: King +2, Noble 0, Peasant -2).
* Chance is the shuffle in :meth:`FoolerySpec.deal`; the tree itself has no chance node. The
  views hide the other players' hands (their sizes are shown).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, cast

from foolsolve.cards import FRENCH_SUITS, TAROT78, TRUMP, Card
from foolsolve.errors import InputError, PositionError, quoted
from foolsolve.game import (
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
from foolsolve.worlds import Hidden, View, ZoneField, is_viewer, zone_words

MIN_PLAYERS, MAX_PLAYERS = 3, 7
"""004 intro: "Foolery is a game for 3-7 players using a 78-card Tarot pack"."""

META = GameMeta(
    name="foolery", title="Foolery", seed="004_bc5e2343ee083007.txt", min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS, deck=TAROT78, dynamics=Dynamics.SEQUENTIAL, chance_mode=ChanceMode.DETERMINISTIC,
    information=Information.IMPERFECT, utility=Utility.ZERO_SUM,
    utility_bounds=(-(MAX_PLAYERS - 1) / 2, (MAX_PLAYERS - 1) / 2),  # payoffs = "places", 7 players: +3 .. -3
    hidden="the other players' hands (each player sees their sizes)",
    chance="the shuffle, made by deal(); every card is dealt, so no chance node follows")
"""The game's record (read by the spec class, the engine, the registry, OpenSpiel, the pictures)."""

# --- constants and card values -------------------------------------------------------------

FOOL = TAROT78.card(TRUMP, 0)
"""The Fool (trump 0)."""
SUIT_CARDS: tuple[Card, ...] = tuple(c for c in TAROT78 if c.suit != TRUMP)
"""The 56 suit cards: A(1) .. 10, J 11, C 12, Q 13, K 14 in four suits."""
TRUMPS: tuple[Card, ...] = tuple(c for c in TAROT78 if c.suit == TRUMP and c.rank > 0)
"""Trumps I..XXI."""
ACE, KING = 1, 14
"""004 §Hands: "Aces are low." Ranks 1..14 (J 11, C 12, Q 13, K 14)."""
ACE_HIGH = 15
"""Rank of an ace counted above the King in a straight (option ``straight_wrap``)."""

STRAIGHT, FLUSH, FULL_HOUSE, STRAIGHT_FLUSH, FIVE_OF_A_KIND = 1, 2, 3, 4, 5
"""004 §Hands: "5-card hands, lowest to highest: Straight, Flush, Full House, Straight Flush,
Five of a Kind"."""
CATEGORY_NAMES = {STRAIGHT: "straight", FLUSH: "flush", FULL_HOUSE: "full house",
                  STRAIGHT_FLUSH: "straight flush", FIVE_OF_A_KIND: "five of a kind"}

TITLES = ("King", "Prince", "Noble", "Merchant", "Peasant")
TITLE_PAYOFF = {"King": 2, "Prince": 1, "Noble": 0, "Merchant": -1, "Peasant": -2}
"""Payoff of each title under ``payoffs = "titles"`` (zero-sum over a finished round)."""

PHASES = ("peasant_gives", "king_gives", "merchant_gives", "prince_gives", "play")
"""A later round starts with the exchange: the Peasant gives her two highest cards, the King two
of his choice, then (four or more players) the Merchant his highest, the Prince one of his choice."""
GIVES = {"peasant_gives": ("Peasant", "King", 2), "king_gives": ("King", "Peasant", 2),
         "merchant_gives": ("Merchant", "Prince", 1), "prince_gives": ("Prince", "Merchant", 1)}
"""Each exchange phase: the giver's title, the receiver's, how many cards."""
NEXT_PHASE = {"peasant_gives": "king_gives", "king_gives": "merchant_gives", "merchant_gives": "prince_gives",
              "prince_gives": "play"}


# --- rules ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """The open points of 004 as options (RULES-NOTES §5), default first."""

    trump_beats_trump: str = option(
        "fewer", choices=("fewer", "same"),
        doc="fewer = 2 trumps beat 3 trumps and 1 trump beats 2 (or 1); same = the inventor's variation: "
            "3 trumps beat 3, 2 beat 2, 1 beats 1 (a higher top trump always needed).",
        source='004 §Trumping: "in order to beat 3 trumps you must play exactly 2 trumps"; §Variation: "require '
               'three trumps to beat three trumps, and two trumps to beat two trumps"')
    pass_is_final: bool = option(
        False, choices=(False, True),
        doc="Whether a player who passed is out of the rest of the trick (no: they may play again if the "
            "turn comes round after a new play).",
        source='004 §Passing: "You may pass your turn if you cannot or do not wish to play"', reconstructed=True)
    straight_wrap: bool = option(
        False, choices=(False, True),
        doc="Whether an ace may also count high, above the King, in a straight (J-C-Q-K-A, then the highest "
            "straight); no: aces low only (A-2-3-4-5 is the lowest straight).",
        source='004 §Hands: "Aces are low."')
    skip_with_two: str = option(
        "trick_won", choices=("trick_won", "no_skip"),
        doc="An equal single or pair when only two players hold cards: trick_won = the other player is "
            "skipped, so the player who matched wins the trick and leads; no_skip = no skip with two left "
            "(reconstruction: the text is silent on two players left; the default reads its sentence literally).",
        source='004 §Follow: "If it\'s an equal single card or pair, the following player is skipped." (silent when '
               'only two players hold cards)', reconstructed=True)
    lead_after_out: str = option(
        "next_player", choices=("next_player", "last_player"),
        doc="Who leads when the trick's winner has gone out: next_player = the next player after the winner "
            "still holding cards; last_player = the last player of the trick still holding cards (the last "
            "to play among those still in), else the next player after the winner.",
        source='004 §Passing: "If no one can or will play, the last person to play wins the trick and starts the '
               'next one." (silent when that person has no cards left)', reconstructed=True)
    payoffs: str = option(
        "titles", choices=("titles", "king_peasant", "places"),
        doc="The payoff of each place (the text gives none; zero-sum): titles = King +2, Prince +1, Noble 0, "
            "Merchant -1, Peasant -2; king_peasant = King +1, Peasant -1, the others 0; places = (n + 1) / 2 "
            "minus the place (evenly spaced: +-3 with seven players, +-5/2 with six).",
        source='004 §Titles: "First out: King ... Last out: Peasant" (no scores given)', reconstructed=True,
        scoring=True)


RECONSTRUCTIONS = (
    Reconstruction(
        "exchange_seen_by_the_pair", "The cards given in a later round's exchange are seen by the giver and the "
        "receiver alone; the other players see how many cards each gave and to whom, not which.",
        "The text says who gives how many cards to whom, not who sees them. A card given passes from one hand to "
        "another, and the other players see neither hand; who gives to whom follows from the titles, which all "
        "see, and the count from the rule.",
        '004 §Later rounds: "The King gets the Peasant\'s two highest cards, and gives the Peasant any two cards of '
        'his choice. The Prince and Merchant similarly exchange a single card."'),
    Reconstruction(
        "fool_in_trump_lead", "The Fool counts with the trumps for \"all you have\": a hand of trumps and the "
        "Fool may lead trumps.",
        "The Fool can never be led (004 §Fool), so if it counted as a non-trump a hand of trumps and the Fool "
        "could lead nothing at all; no rule of 004 leaves a leader without a lead.",
        '004 §Trumping: "You can\'t lead trump unless that\'s all you have"; §Fool: "it can\'t be led"'),
    Reconstruction(
        "fool_any_time", "The Fool is played on its holder's own turn, alone, on any play to beat whatever its "
        "combination (never as a lead); no one plays it out of turn, a skipped player included.",
        "004 has no play out of turn anywhere: every play and every pass is made as the turn comes round. \"At "
        "any time, unlike other trumps\" sets the Fool against the trumps, which follow only the counts "
        "§Trumping gives and are led only when that is all a hand holds; read as \"whatever was played\", it "
        "keeps the turn order the rest of 004 relies on.",
        '004 §Fool: "The Fool beats everything and always ends the trick, no exceptions, and can be played at any '
        'time, unlike other trumps. However, it can\'t be led"'),
    Reconstruction(
        "stuck_fool_leaves", "A player who must lead holding only the Fool leaves play at once as the Peasant "
        "(the last free place), keeping the Fool; the next player holding cards leads.",
        "004 makes the title automatic (\"you are automatically the Peasant\"), and a player whose place is "
        "fixed takes no more turns (as a player who goes out); staying in could only let the Fool end other "
        "players' tricks, which the text never gives a stuck player.",
        '004 §Fool: "If you get stuck with it and nothing else to lead, you are automatically the Peasant at the '
        'end of the hand."'),
    Reconstruction(
        "three_player_dealer", "With three players (no Merchant) the second-to-last out deals later rounds.",
        "The dealer changes nothing with three players: 78 cards split evenly (26 each) and the King leads.",
        '004 §Later rounds: "the Merchant shuffles and deals the cards"; §Titles: "(No Princes or Merchants if '
        'with three players.)"'),
    Reconstruction(
        "first_dealer", "The dealer of a game's first deal is a field of the position (\"dealer\"); a dealt game "
        "draws it at random from the seed, each player equally likely. The dealer leads the first trick.",
        "The text says the dealer leads the first trick of the first deal and never who deals first; a table "
        "picks its first dealer by any means, so a position names the dealer and a random deal draws one.",
        '004 §Deal: "Dealer leads the first trick of the first deal."'),
    Reconstruction(
        "deal_extra_cards", "Cards are dealt one at a time from the player after the dealer, so the extra cards "
        "go to the players after the dealer in turn.",
        "Dealing round the table from the dealer's left is the only way the text's \"some may get one more\" "
        "comes about.", '004 §Deal: "Deal all the cards out among the players (some may get one more than '
        'others)."'),
    Reconstruction(
        "going_out", "A player who plays her last card takes the first free place at once; a trick she wins "
        "with it is led by another player (option lead_after_out).",
        "Titles go by the order of going out; the moment of going out is the play of the last card.",
        '004 §Titles: "First out: King ... Last out: Peasant"'),
    Reconstruction(
        "highest_cards", "The Peasant's \"two highest\" (the Merchant's highest) go by rank, trumps above suit "
        "cards, never the Fool; among equal cards the giver chooses (a move).",
        "There is no order of suits, so equal cards are equal; the giver holds them and plays the choice.",
        '004 §Later rounds: "The King gets the Peasant\'s two highest cards"; §Hands: "There is no order of suits '
        '- all suits are equal."'),
    Reconstruction(
        "following_player_holding_cards", "\"The following player\" whom an equal single or pair skips is the next "
        "player after the one who matched who still holds cards (and may act in the trick); a player who has gone "
        "out is passed over, not skipped.",
        "A player who has gone out takes no more turns, so skipping her would skip nothing; every turn of 004 "
        "passes among the players still holding cards. The other reading (the seat after the matcher, out or not) "
        "would make the skip vanish whenever that seat is empty.",
        '004 §Follow: "If it\'s an equal single card or pair, the following player is skipped."'),
    Reconstruction(
        "equal_hand_tops", "Five-card hands of one category with the same top rank are equal (one may follow "
        "the other) and skip no one.",
        "Only the highest card counts and suits have no order; the skip is for \"an equal single card or pair\".",
        '004 §Hands: "Highest card counts for determining whether a hand is equal or higher"'),
)
"""Readings of 004 where only one is sensible (``foolsolve rules foolery`` lists them)."""


# --- moves ---------------------------------------------------------------------------------


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


@dataclass(frozen=True)
class Play:
    """Play ``cards`` (sorted by card index) to the trick: a lead, a follow, a trump set or the Fool."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "play " + " ".join(c.ascii for c in shown_order(self.cards))


def shown_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The order a play's cards are printed in: a five-card play by rank (a straight reads as one,
    ``5H 6S 7C 8D 9S``; the trump of a five of a kind last; an ace after the King where the others
    are J C Q K, the straight ``straight_wrap`` allows); any other play as given (card order). Only
    the text: a play is the same set of cards in any order, and is typed in any order."""
    if len(cards) != 5:
        return tuple(cards)
    top_ace = {c.rank for c in cards if c.suit != TRUMP} == {1, 11, 12, 13, 14}
    return tuple(sorted(cards, key=lambda c: (c.suit == TRUMP, 15 if top_ace and c.rank == 1 else c.rank, c.index)))


@dataclass(frozen=True)
class Pass:
    """Pass the turn (004 §Passing)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Give:
    """The exchange of a later round: the King gives two cards to the Peasant, the Prince one to
    the Merchant (``cards`` sorted by card index)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "give " + " ".join(c.ascii for c in self.cards)


Move = Play | Pass | Give


def move_sort_key(move: Move) -> tuple[Any, ...]:
    """Moves sort as: plays (by number of cards, then the cards' indices), gives (likewise),
    then ``pass``."""
    if isinstance(move, Play):
        return (0, len(move.cards), tuple(c.index for c in move.cards))
    if isinstance(move, Give):
        return (1, len(move.cards), tuple(c.index for c in move.cards))
    return (2, 0, ())


# --- state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    """A Foolery position. Cards not in a hand nor on the table are set aside (the discard)."""

    rules: Rules
    players: int
    hands: tuple[tuple[Card, ...], ...]
    """Each hand sorted by card index. A finished player's hand is empty, except the Peasant
    who was stuck with the Fool (their hand is the Fool)."""
    table: tuple[tuple[int, tuple[Card, ...]], ...]
    """The plays of the current trick in order: (player, cards); the last is the one to beat."""
    passed: frozenset[int]
    """Players who passed since the last play (with ``pass_is_final``: during this trick)."""
    skipped: int | None
    """The player skipped by the last play (an equal single or pair), else ``None``."""
    places: tuple[int | None, ...]
    """Finishing place of each player (1 = first out = King ... n = Peasant); ``None`` while in play."""
    to_move: int
    dealer: int
    round: int = 1
    previous_places: tuple[int, ...] | None = None
    """The previous round's places (rounds after the first): who is King, Prince, Merchant, Peasant."""
    phase: str = "play"
    given: tuple[tuple[Card, ...], ...] = ()
    """The cards each player gave in this round's exchange that are still in the receiver's hand
    (known to the giver, who saw them go: 004 §Later rounds), each sorted; ``()`` when there are
    none (:func:`norm_given`); a Peasant's and a Merchant's entry is her whole gift, played or not (her
    highest cards: what she kept is no higher, :func:`kept_below`). Knowledge: no move rule reads it;
    the position reader checks it against the hands."""

    def active(self, p: int) -> bool:
        """Whether player ``p`` is still in play (has no place yet)."""
        return self.places[p] is None

    def owner(self) -> int | None:
        """Who made the play to beat (``None`` on an empty table)."""
        return self.table[-1][0] if self.table else None

    def discard(self) -> tuple[Card, ...]:
        """The cards set aside: every card neither in a hand nor on the table."""
        held = {c for h in self.hands for c in h} | {c for _, cs in self.table for c in cs}
        return tuple(c for c in TAROT78 if c not in held)


# --- rule functions, in the order of the seed ----------------------------------------------


def deal_sizes(players: int, dealer: int) -> list[int]:
    """004 §Deal: "Deal all the cards out among the players (some may get one more than
    others)." RECONSTRUCTION ``deal_extra_cards`` (RULES-NOTES §5): dealt one at a time from the
    player after the dealer, so the extra cards go to the players after the dealer in turn."""
    q, r = divmod(len(TAROT78), players)
    sizes = [q] * players
    for i in range(1, r + 1):
        sizes[(dealer + i) % players] += 1
    return sizes


def is_trump(card: Card) -> bool:
    """Trumps I..XXI (not the Fool)."""
    return card.suit == TRUMP and card.rank > 0


def straight_top(ranks: Sequence[int], rules: Rules) -> int | None:
    """The top rank of five ranks forming a straight, else ``None``.

    004 §Hands: "Aces are low." (A-2-3-4-5 is a straight, its top the 5.) Option
    ``straight_wrap``: an ace may also follow the King (J-C-Q-K-A, top 15)."""
    rs = sorted(ranks)
    if len(set(rs)) != 5:
        return None
    if rs[-1] - rs[0] == 4:
        return rs[-1]
    if rules.straight_wrap and rs == [ACE, 11, 12, 13, KING]:
        return ACE_HIGH
    return None


def classify_hand(cards: Sequence[Card], rules: Rules) -> tuple[int, int] | None:
    """THE five-card hand classifier: ``(category, deciding rank)`` or ``None`` for no hand.
    Hands compare as these pairs (category first, then the rank).

    004 §Hands: "5-card hands, lowest to highest: Straight, Flush, Full House, Straight Flush,
    Five of a Kind (includes a trump card; 11 for Jack, 12 for Cavalier, 13 for Queen, 14 for
    King)". Five of a kind is four cards of a rank and the trump of the same number (trump I
    for aces ... XIV for Kings: "5 of a Kind of sevens" is four sevens and the VII).
    004 §Hands: "Highest card counts for determining whether a hand is equal or higher, except
    in the Full House where the set of 3 determines it. There is no order of suits - all
    suits are equal." 004 §Lead: "Trump cards are special and can't be included in normal
    plays except for five of a kind"."""
    if len(cards) != 5 or len(set(cards)) != 5:
        return None
    trumps = [c for c in cards if c.suit == TRUMP]
    suited = [c for c in cards if c.suit != TRUMP]
    if trumps:
        t = trumps[0]
        if len(trumps) == 1 and t.rank > 0 and t.rank <= KING and all(c.rank == t.rank for c in suited):
            return (FIVE_OF_A_KIND, t.rank)
        return None
    ranks = [c.rank for c in suited]
    flush = len({c.suit for c in suited}) == 1
    top = straight_top(ranks, rules)
    if top is not None and flush:
        return (STRAIGHT_FLUSH, top)
    counts = Counter(ranks)
    if sorted(counts.values()) == [2, 3]:
        return (FULL_HOUSE, next(r for r, k in counts.items() if k == 3))
    if flush:
        return (FLUSH, max(ranks))
    if top is not None:
        return (STRAIGHT, top)
    return None


def compare_hands(a: Sequence[Card], b: Sequence[Card], rules: Rules) -> int:
    """-1, 0 or +1 as five-card hand ``a`` is lower than, equal to or higher than ``b`` (both
    must be hands; see :func:`classify_hand`)."""
    ka, kb = classify_hand(a, rules), classify_hand(b, rules)
    if ka is None or kb is None:
        raise ValueError("compare_hands: not a five-card hand")
    return (ka > kb) - (ka < kb)


@dataclass(frozen=True)
class Combo:
    """What a set of played cards is: ``kind`` ``set`` (1-4 of a rank), ``hand`` (five cards),
    ``trumps`` (1-3 trumps) or ``fool``; ``count`` cards; ``key`` compares within a kind
    (a set's rank, a hand's (category, rank), a trump set's highest trump)."""

    kind: str
    count: int
    key: Any


def combination(cards: Sequence[Card], rules: Rules) -> Combo | None:
    """What a set of cards is as a play, or ``None`` if it is none.

    004 §Lead: "You must play 1, 2, 3, or 4 cards of the same rank, or a 5-card hand".
    004 §Lead: "Trump cards are special and can't be included in normal plays except for five
    of a kind". 004 §Trumping: "Only the highest trump in a set played counts for beating
    purposes." 004 §Fool: the Fool "can't be used as a normal trump card in a set of 2 or 3
    trumps" (so it is only ever played alone)."""
    cs = list(cards)
    if not cs or len(set(cs)) != len(cs):
        return None
    if FOOL in cs:
        return Combo("fool", 1, 0) if len(cs) == 1 else None
    if all(is_trump(c) for c in cs):
        return Combo("trumps", len(cs), max(c.rank for c in cs)) if len(cs) <= 3 else None
    if len(cs) == 5:
        k = classify_hand(cs, rules)
        return Combo("hand", 5, k) if k is not None else None
    if any(c.suit == TRUMP for c in cs):
        return None
    if len(cs) <= 4 and len({c.rank for c in cs}) == 1:
        return Combo("set", len(cs), cs[0].rank)
    return None


def trumps_needed(top: Combo, rules: Rules) -> int:
    """How many trumps beat the play ``top``.

    004 §Trumping: "Any 3 trumps beat 5 cards, any 2 trumps beat 3 or 4 cards (including a
    previous 3 trumps), and any 1 trump beats 1 or 2 cards (including previous trump plays)."
    "Note that trumping previously played trumps follows the same reductions as trumping
    normal cards, so in order to beat 3 trumps you must play exactly 2 trumps, to play 2 trumps
    you must play exactly 1 trump. A single trump can be beaten by a single higher trump."
    Option ``trump_beats_trump`` = ``same``: 004 §Variation: "require three trumps to beat
    three trumps, and two trumps to beat two trumps"."""
    if top.kind == "trumps":
        if rules.trump_beats_trump == "same":
            return top.count
        return {3: 2, 2: 1, 1: 1}[top.count]
    return 1 if top.count <= 2 else 2 if top.count <= 4 else 3


_FOLLOW_QUOTE = "After the lead, players must play the same number of cards in an equal or higher hand."
_TRUMP_QUOTE = ("Any 3 trumps beat 5 cards, any 2 trumps beat 3 or 4 cards (including a previous 3 trumps), and any "
                "1 trump beats 1 or 2 cards (including previous trump plays).")
_LEAD_QUOTE = "You must play 1, 2, 3, or 4 cards of the same rank, or a 5-card hand, when you lead."
_SKIP_QUOTE = "If it's an equal single card or pair, the following player is skipped."
_VARIATION_QUOTE = ("The inventor suggests that it may work better to require three trumps to beat three trumps, and two "
                    "trumps to beat two trumps, rather than requiring one fewer trump to be used.")


RANK_WORDS = {ACE: "Ace", 11: "Jack", 12: "Cavalier", 13: "Queen", KING: "King", ACE_HIGH: "Ace"}
"""The ranks a player reads by name (004 §Hands: "11 for Jack, 12 for Cavalier, 13 for Queen, 14
for King"; an ace high in a straight, option ``straight_wrap``, is an Ace too); the others are
their numbers."""
SET_WORDS = {1: "a single {}", 2: "a pair of {}s", 3: "three {}s", 4: "four {}s"}


def rank_word(rank: int) -> str:
    """A suit rank as a player reads it: ``Ace``, ``7``, ``Cavalier``, ``King``."""
    return RANK_WORDS.get(rank, str(rank))


def trump_word(rank: int) -> str:
    """A trump by its numeral: ``XVIII``."""
    return TAROT78.card(TRUMP, rank).ascii


def describe_combo(combo: Combo) -> str:
    """A play in words (for reasons), ranks and trumps named as a player reads them: ``a pair of
    6s``, ``a single Ace``, ``2 trumps topped by XVIII``, ``a five of a kind of 4s``, ``a straight to
    the 9``, ``a full house of Queens``."""
    if combo.kind == "fool":
        return "the Fool"
    if combo.kind == "trumps":
        if combo.count == 1:
            return f"the trump {trump_word(combo.key)}"
        return f"{plural(combo.count, 'trump')} topped by {trump_word(combo.key)}"
    if combo.kind == "hand":
        category, rank = combo.key
        if category in (FIVE_OF_A_KIND, FULL_HOUSE):
            return f"a {CATEGORY_NAMES[category]} of {rank_word(rank)}s"
        return f"a {CATEGORY_NAMES[category]} to the {rank_word(rank)}"
    return SET_WORDS[combo.count].format(rank_word(combo.key))


def same_kind_words(top: Combo) -> str:
    """What follows ``top`` by §Follow's "the same number of cards": ``another pair``, ``another
    five-card hand`` (trumps and the Fool aside)."""
    if top.kind == "hand":
        return "another five-card hand"
    return "another " + {1: "single card", 2: "pair", 3: "set of three", 4: "set of four"}[top.count]


def follow_reasons(play: Combo, top: Combo, rules: Rules) -> list[Reason]:
    """Every rule against following the play ``top`` with ``play`` (empty: it may follow).

    004 §Follow: "After the lead, players must play the same number of cards in an equal or
    higher hand." 004 §Trumping: "If you can't or don't wish to beat a play with normal cards,
    you can trump it" (counts: :func:`trumps_needed`). "Higher trumps are needed to beat lower
    ones, even when trumping 5 of a Kind (so, for example, you must play the VIII or higher if
    you are trying to trump 5 of a Kind of sevens)." 004 §Fool: "The Fool beats everything"."""
    if top.kind == "fool":
        return [reason("fool_ends_trick", "the Fool has ended the trick", "Fool",
                       "The Fool beats everything and always ends the trick, no exceptions")]
    if play.kind == "fool":
        return []
    out: list[Reason] = []
    if play.kind == "trumps":
        need = trumps_needed(top, rules)
        if play.count != need:
            section, quote = ("Variation", _VARIATION_QUOTE) if top.kind == "trumps" and \
                rules.trump_beats_trump == "same" else ("Trumping", _TRUMP_QUOTE)
            out.append(reason("trumps_needed", f"{describe_combo(top)} is trumped by exactly {plural(need, 'trump')}, not "
                              f"{play.count}", section, quote,
                              "trump_beats_trump" if top.kind == "trumps" else None, rules))
        above = top.key if top.kind == "trumps" else \
            top.key[1] if top.kind == "hand" and top.key[0] == FIVE_OF_A_KIND else None
        if above is not None and not play.key > above:
            out.append(reason("higher_trump", f"the highest trump played must be above {trump_word(above)}"
                              + (f", not {trump_word(play.key)}" if play.count == 1 else
                                 f"; the highest here is {trump_word(play.key)}"), "Trumping",
                              "Higher trumps are needed to beat lower ones, even when trumping 5 of a Kind"))
        return out
    if top.kind == "trumps":
        return [reason("trumps_needed", f"{describe_combo(top)} is beaten only by trumps or the Fool", "Trumping",
                       "Note that trumping previously played trumps follows the same reductions as trumping normal "
                       "cards")]
    if top.kind != play.kind or top.count != play.count:
        return [reason("same_number", f"{describe_combo(top)} is followed by {same_kind_words(top)} (or trumps, or "
                       f"the Fool), not {describe_combo(play)}", "Follow", _FOLLOW_QUOTE)]
    if play.key < top.key:
        section, quote = _order_quote(play, top)
        return [reason("equal_or_higher", f"{describe_combo(play)} is lower than {describe_combo(top)}", section,
                       quote, "straight_wrap" if _straights(play, top) else None, rules)]
    return []


_HANDS_ORDER_QUOTE = "5-card hands, lowest to highest: Straight, Flush, Full House, Straight Flush, Five of a Kind"
_HANDS_RANK_QUOTE = ("Highest card counts for determining whether a hand is equal or higher, except in the Full House "
                     "where the set of 3 determines it.")


def _order_quote(play: Combo, top: Combo) -> tuple[str, str]:
    """The seed sentence that orders ``play`` against ``top`` of the same kind and count: §Follow's for
    sets, for five-card hands §Hands' order of the categories, or within one category its sentence of
    the deciding card (the set of 3 in a full house)."""
    if play.kind != "hand":
        return "Follow", _FOLLOW_QUOTE
    if play.key[0] != top.key[0]:
        return "Hands", _HANDS_ORDER_QUOTE
    return "Hands", _HANDS_RANK_QUOTE


def _straights(play: Combo, top: Combo) -> bool:
    """Whether ``straight_wrap`` (an ace high in a straight) can decide between the two plays: a
    straight or straight flush is among them."""
    return any(c.kind == "hand" and c.key[0] in (STRAIGHT, STRAIGHT_FLUSH) for c in (play, top))


def beats(play: Combo, top: Combo, rules: Rules) -> bool:
    """Whether ``play`` may follow ``top`` in a trick: :func:`follow_reasons` finds nothing against it."""
    return not follow_reasons(play, top, rules)


def skips_next(play: Combo, top: Combo) -> bool:
    """004 §Follow: "If it's an equal single card or pair, the following player is skipped.\""""
    return play.kind == "set" and top.kind == "set" and play.count <= 2 and play.key == top.key


def may_lead_trumps(hand: Sequence[Card]) -> bool:
    """004 §Trumping: "You can't lead trump unless that's all you have, after which you may lead
    one, two or three trumps at once." RECONSTRUCTION (listed: ``fool_in_trump_lead``): the Fool
    does not count against "all you have" (it can never be led, 004 §Fool)."""
    return all(c.suit == TRUMP for c in hand)


def lead_reasons(hand: Sequence[Card], play: Combo) -> list[Reason]:
    """Every rule against leading ``play`` from ``hand``. 004 §Fool: the Fool "can't be led";
    004 §Trumping: trumps are led only when that is all one holds (:func:`may_lead_trumps`)."""
    if play.kind == "fool":
        return [reason("fool_not_led", "the Fool can't be led", "Fool",
                       "However, it can't be led and can't be used as a normal trump card in a set of 2 or 3 trumps.")]
    if play.kind == "trumps" and not may_lead_trumps(hand):
        others = " ".join(c.ascii for c in hand if c.suit != TRUMP)
        return [reason("may_lead_trumps", f"trumps are led only from a hand of trumps (and the Fool); this hand also "
                       f"holds {others}", "Trumping", "You can't lead trump unless that's all you have")]
    return []


def play_reasons(state: State, cards: Sequence[Card]) -> list[Reason]:
    """Every rule against the player to move playing ``cards``: held cards, a play at all
    (:func:`combination`), then the lead (:func:`lead_reasons`) or the follow (:func:`follow_reasons`)."""
    hand = state.hands[state.to_move]
    out: list[Reason] = []
    missing = [c.ascii for c in cards if c not in hand]
    if missing:
        out.append(reason("hand", f"player {state.to_move} does not hold {' '.join(missing)}"))
    combo = combination(cards, state.rules)
    if combo is None:
        return [*out, _no_play_reason(cards, leading=not state.table)]
    if not state.table:
        return out + lead_reasons(hand, combo)
    top = combination(state.table[-1][1], state.rules)
    assert top is not None
    return out + follow_reasons(combo, top, state.rules)


def pass_reasons(state: State) -> list[Reason]:
    """004 §Passing: "You may pass your turn if you cannot or do not wish to play." Not when
    leading: 004 §Lead: "You must play 1, 2, 3, or 4 cards of the same rank, or a 5-card hand,
    when you lead." (The leader may not pass.)"""
    if not state.table:
        return [reason("pass_on_lead", f"player {state.to_move} leads this trick: a lead is a play", "Lead",
                       _LEAD_QUOTE)]
    return []


def five_card_hands(hand: Sequence[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Every five-card hand (:func:`classify_hand`) made of cards of ``hand``: candidates by
    shape (one card of each of five straight ranks, five cards of one suit, a triple and a
    pair, four of a rank and its trump), each checked by the classifier."""
    suited = [c for c in hand if c.suit != TRUMP]
    by_rank: dict[int, list[Card]] = {}
    for c in suited:
        by_rank.setdefault(c.rank, []).append(c)
    cands: set[tuple[Card, ...]] = set()
    tops = list(range(5, KING + 1)) + ([ACE_HIGH] if rules.straight_wrap else [])
    for top in tops:
        ranks = [ACE if r == ACE_HIGH else r for r in range(top - 4, top + 1)]
        if all(r in by_rank for r in ranks):
            for pick in itertools.product(*(by_rank[r] for r in ranks)):
                cands.add(_sorted(pick))
    for suit in FRENCH_SUITS:
        cands.update(_sorted(x) for x in itertools.combinations([c for c in suited if c.suit == suit], 5))
    for r3, cs3 in by_rank.items():
        for r2, cs2 in by_rank.items():
            if r2 != r3 and len(cs3) >= 3 and len(cs2) >= 2:
                for a in itertools.combinations(cs3, 3):
                    for b in itertools.combinations(cs2, 2):
                        cands.add(_sorted(a + b))
    for c in hand:
        if is_trump(c) and c.rank <= KING and len(by_rank.get(c.rank, [])) == 4:
            cands.add(_sorted([c, *by_rank[c.rank]]))
    return sorted((h for h in cands if classify_hand(h, rules) is not None), key=lambda h: [c.index for c in h])


def leads(hand: Sequence[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Every lead from ``hand``.

    004 §Lead: "You must play 1, 2, 3, or 4 cards of the same rank, or a 5-card hand, when you
    lead." 004 §Trumping: trumps are led only when that is all one holds (:func:`may_lead_trumps`),
    then one, two or three at once. 004 §Fool: the Fool "can't be led"."""
    out: list[tuple[Card, ...]] = []
    suited = [c for c in hand if c.suit != TRUMP]
    by_rank: dict[int, list[Card]] = {}
    for c in suited:
        by_rank.setdefault(c.rank, []).append(c)
    for cs in by_rank.values():
        for k in range(1, len(cs) + 1):
            out.extend(_sorted(x) for x in itertools.combinations(cs, k))
    out.extend(five_card_hands(hand, rules))
    trumps = [c for c in hand if is_trump(c)]
    for k in (1, 2, 3):
        out.extend(_sorted(x) for x in itertools.combinations(trumps, k))
    if FOOL in hand:
        out.append((FOOL,))
    # the candidates :func:`lead_reasons` allows
    return [cs for cs in out if not lead_reasons(hand, combination(cs, rules))]  # type: ignore[arg-type]


def follows(hand: Sequence[Card], top: Combo, rules: Rules) -> list[tuple[Card, ...]]:
    """Every play from ``hand`` that may follow ``top`` (:func:`beats`): sets and hands of the
    same size, trump sets of the needed size, the Fool (004 §Fool: "can be played at any time,
    unlike other trumps")."""
    cands: list[tuple[Card, ...]] = []
    suited = [c for c in hand if c.suit != TRUMP]
    if top.kind == "set":
        by_rank: dict[int, list[Card]] = {}
        for c in suited:
            by_rank.setdefault(c.rank, []).append(c)
        for cs in by_rank.values():
            cands.extend(_sorted(x) for x in itertools.combinations(cs, top.count))
    elif top.kind == "hand":
        cands.extend(five_card_hands(hand, rules))
    if top.kind != "fool":
        trumps = [c for c in hand if is_trump(c)]
        cands.extend(_sorted(x) for x in itertools.combinations(trumps, trumps_needed(top, rules)))
        if FOOL in hand:
            cands.append((FOOL,))
    out: list[tuple[Card, ...]] = []
    for cand in cands:
        combo = combination(cand, rules)
        if combo is not None and not follow_reasons(combo, top, rules):
            out.append(cand)
    return out


def title(place: int, players: int) -> str:
    """004 §Titles: "First out: King (or Queen) / Second out: Prince (or Princess) / Middles:
    Nobles / Second-to-last out: Merchant / Last out: Peasant (No Princes or Merchants if with
    three players.)\""""
    if place == 1:
        return "King"
    if place == players:
        return "Peasant"
    if players > 3 and place == 2:
        return "Prince"
    if players > 3 and place == players - 1:
        return "Merchant"
    return "Noble"


def place_of(places: Sequence[int], wanted: str) -> int:
    """The player who took title ``wanted`` in a round with these places."""
    n = len(places)
    return next(p for p, pl in enumerate(places) if title(pl, n) == wanted)


def exchange_height(card: Card) -> tuple[int, int]:
    """How high a card is for the exchange. RECONSTRUCTION (listed: ``highest_cards``): "two
    highest" by rank, trumps above suit cards; 004 §Hands: "There is no order of suits - all suits
    are equal", so cards of one rank are equally high."""
    return (1 if card.suit == TRUMP else 0, card.rank)


def highest_choices(hand: Sequence[Card], k: int) -> list[tuple[Card, ...]]:
    """Every choice of the ``k`` highest cards of ``hand`` for the exchange, never the Fool (004
    §Later rounds: "The Fool may under no circumstances be passed."): the cards above the k-th
    height, and the rest from the cards of that height (the giver's choice when they tie)."""
    cs = sorted((c for c in hand if c != FOOL), key=exchange_height, reverse=True)
    if len(cs) <= k:
        return [_sorted(cs)]
    cut = exchange_height(cs[k - 1])
    above = [c for c in cs if exchange_height(c) > cut]
    level = [c for c in cs if exchange_height(c) == cut]
    return [_sorted([*above, *x]) for x in itertools.combinations(level, k - len(above))]


HIGHEST_GIVERS = ("Peasant", "Merchant")
"""The titles whose gift the rules fix as their highest cards (004 §Later rounds); the King and the
Prince give cards of their choice."""

_HIGHEST_QUOTE = {"Peasant": "The King gets the Peasant's two highest cards",
                  "Merchant": "The Prince and Merchant similarly exchange a single card"}


def kept_below(gift: Iterable[Card]) -> tuple[int, int]:
    """How high a card the giver of ``gift`` (her highest cards, 004 §Later rounds) may have kept: the
    lowest of them (:func:`exchange_height`; a card of that height ties it: the giver's choice among
    equal cards, :func:`highest_choices`)."""
    return min(exchange_height(c) for c in gift)


def above_gift(card: Card, floor: tuple[int, int]) -> bool:
    """Whether ``card`` is higher than a giver of her highest cards could keep (:func:`kept_below`);
    never the Fool, which is never passed (004 §Later rounds: "The Fool may under no circumstances
    be passed.") and so may stay below any gift."""
    return card != FOOL and exchange_height(card) > floor


def give_reasons(state: State, cards: Sequence[Card]) -> list[Reason]:
    """Every rule against the player to move giving ``cards`` in the exchange.

    004 §Later rounds: "The King gets the Peasant's two highest cards, and gives the Peasant any
    two cards of his choice. The Prince and Merchant similarly exchange a single card." "The Fool
    may under no circumstances be passed." (Counted, held, never the Fool; the highest where
    the text says so.)"""
    giver, receiver, k = GIVES[state.phase]
    hand = state.hands[state.to_move]
    out: list[Reason] = []
    quote = ("The King gets the Peasant's two highest cards, and gives the Peasant any two cards of his choice. "
             "The Prince and Merchant similarly exchange a single card.")
    if len(set(cards)) != k:
        out.append(reason("exchange_count", f"the {giver} gives the {receiver} {plural(k, 'card')}, not {len(set(cards))}",
                          "Later rounds", quote))
    missing = [c.ascii for c in cards if c not in hand]
    if missing:
        out.append(reason("hand", f"the {giver} (player {state.to_move}) does not hold {' '.join(missing)}"))
    if FOOL in cards:
        out.append(reason("fool_never_passed", "the Fool is never passed", "Later rounds",
                          "The Fool may under no circumstances be passed."))
    if not out and state.phase in ("peasant_gives", "merchant_gives") and _sorted(cards) not in highest_choices(hand, k):
        best = " or ".join(" ".join(c.ascii for c in x) for x in highest_choices(hand, k))
        highest = "highest card" if k == 1 else f"{k} highest cards"
        out.append(reason("highest_cards", f"the {giver} gives her {highest}: {best}", "Later rounds", quote))
    return out


def place_payoff(place: int, players: int, rules: Rules) -> Fraction:
    """The payoff of a finishing place. RECONSTRUCTION (option ``payoffs``): 004 gives titles, no
    scores; every choice is zero-sum and never pays a place more than a better one."""
    if rules.payoffs == "titles":
        return Fraction(TITLE_PAYOFF[title(place, players)])
    if rules.payoffs == "king_peasant":
        return Fraction(1 if place == 1 else -1 if place == players else 0)
    return Fraction(players + 1, 2) - place


def payoff_bounds(players: int, rules: Rules) -> tuple[Fraction, Fraction]:
    """The lowest and highest payoff of a round of ``players`` players under ``rules``: the last
    place's and the first's (:func:`place_payoff` never pays a place more than a better one). Under
    ``payoffs = "places"`` they grow with the players: +-(n - 1) / 2, +-3 with seven."""
    return place_payoff(players, players, rules), place_payoff(1, players, rules)


PARTNER = {"Peasant": "King", "King": "Peasant", "Merchant": "Prince", "Prince": "Merchant"}
"""Who receives the cards a title gives in the exchange (004 §Later rounds)."""


def receiver_of(previous: Sequence[int] | None, giver: int) -> int | None:
    """The player who receives the cards ``giver`` gives in the exchange of a later round (``None``:
    a first round, or a Noble, who gives nothing)."""
    if previous is None:
        return None
    partner = PARTNER.get(title(previous[giver], len(previous)))
    return None if partner is None else place_of(previous, partner)


def gives_highest(previous: Sequence[int] | None, g: int) -> bool:
    """Whether player ``g`` gives her highest cards in this round's exchange (a Peasant, a Merchant:
    004 §Later rounds)."""
    return previous is not None and title(previous[g], len(previous)) in HIGHEST_GIVERS


def titles_words(places: Sequence[int]) -> str:
    """Who took each title with these places, in place order: ``King: player 2, Prince: player 1,
    ..., Peasant: player 0`` (a title, then the player: never read as a score)."""
    n = len(places)
    return ", ".join(f"{title(places[q], n)}: player {q}" for q in sorted(range(n), key=lambda q: places[q]))


def exchange_words(state: State) -> str:
    """The exchange step of ``state`` in words, naming the titles and the receiver: ``exchange: the
    Peasant gives the King (player 3) the 2 highest cards`` (004 §Later rounds)."""
    giver, receiver, k = GIVES[state.phase]
    to = receiver_of(state.previous_places, state.to_move)
    what = {"Peasant": "the 2 highest cards", "Merchant": "the highest card"}.get(
        giver, f"{plural(k, 'card')} of choice")
    return f"exchange: the {giver} gives the {receiver} (player {to}) {what}"


def skip_words(state: State) -> str:
    """Who the last play skipped and why: ``player 4 is skipped (an equal single card)`` (004 §Follow)."""
    cards = state.table[-1][1] if state.table else ()
    what = "an equal single card" if len(cards) == 1 else "an equal pair" if len(cards) == 2 else "an equal play"
    return f"player {state.skipped} is skipped ({what})"


def players_words(players: Sequence[int]) -> str:
    """``player 2``, ``players 2 and 3``, ``players 2, 3 and 5``."""
    if len(players) == 1:
        return f"player {players[0]}"
    return f"players {', '.join(str(q) for q in players[:-1])} and {players[-1]}"


def norm_given(state: State, given: Sequence[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    """``given`` (one list of cards a player) kept to the cards still in each receiver's hand in
    ``state``, a Peasant's and a Merchant's whole gift kept (her highest cards bound what she kept:
    :func:`kept_below`); ``()`` when no card is left (the canonical "nothing known")."""
    out = []
    for g, cards in enumerate(given):
        r = receiver_of(state.previous_places, g)
        keep_all = gives_highest(state.previous_places, g)
        out.append(_sorted(c for c in cards if r is not None and (keep_all or c in state.hands[r])))
    return tuple(out) if any(out) else ()


def later_round_dealer(previous: Sequence[int]) -> int:
    """004 §Later rounds: "Rounds after the first, the Merchant shuffles and deals the cards".
    RECONSTRUCTION ``three_player_dealer``: with three players (no Merchant) the second-to-last out
    deals."""
    n = len(previous)
    return next(p for p, pl in enumerate(previous) if pl == n - 1)


# --- the game ------------------------------------------------------------------------------


class FoolerySpec(SpecGame[State, Move]):
    """Foolery (004) for 3-7 players."""

    meta = META
    rules_cls = Rules
    reconstructions = RECONSTRUCTIONS
    picture_hints: ClassVar[dict[str, Any]] = {"seats": {"passed": "passed"}}
    """Pictures (foolsolve.svg) write "passed" beside each player who passed on this trick."""
    field_words: ClassVar[dict[str, str]] = {
        "passed": "the players who passed", "skipped": "the player skipped", "places": "player {p}'s place",
        "given": "the cards player {p} gave in the exchange", "previous_places": "player {p}'s place last round"}

    # -- the deal --

    def deal(self, rules: Rules, players: int, rng: random.Random, *, dealer: int | None = None,
             previous: Sequence[int] | None = None) -> State:
        """A new round from ``rng.shuffle`` of the 78 cards.

        004 §Deal: "Deal all the cards out among the players (some may get one more than
        others). Dealer leads the first trick of the first deal." RECONSTRUCTION ``first_dealer``
        (RULES-NOTES §5): the first dealer is a position field; ``deal`` draws it from ``rng``
        unless given.
        ``previous``: the places of the previous round; then this is a later round (004 §Later
        rounds: the Merchant deals, the exchange, the King leads)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InputError(f"players: Foolery is for 3-7 players (004 intro), got {players}")
        cards = list(TAROT78.cards)
        rng.shuffle(cards)
        if previous is not None:
            previous = tuple(previous)
            if sorted(previous) != list(range(1, players + 1)):
                raise InputError(f"previous: {list(previous)} is not a finishing order of {players} players")
            dealer = later_round_dealer(previous)
        elif dealer is None:
            dealer = rng.randrange(players)
        if not 0 <= dealer < players:
            raise InputError(f"dealer: {dealer} is not a player (0..{players - 1})")
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i, c in enumerate(cards):
            hands[(dealer + 1 + i) % players].append(c)
        state = State(rules=rules, players=players, hands=tuple(_sorted(h) for h in hands), table=(),
                      passed=frozenset(), skipped=None, places=(None,) * players, to_move=dealer, dealer=dealer)
        if previous is None:
            return state
        # 004 §Later rounds: "The King gets the Peasant's two highest cards": the exchange opens with
        # the Peasant's give (her choice among equal cards)
        return replace(state, round=2, previous_places=previous, phase="peasant_gives",
                       to_move=place_of(previous, "Peasant"))

    # -- moves --

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, sorted by :func:`move_sort_key`: the candidates of the phase that
        :meth:`why_illegal` finds nothing against."""
        if self.is_terminal(state):
            return []
        hand = state.hands[state.to_move]
        moves: list[Move]
        if state.phase != "play":
            k = GIVES[state.phase][2]
            moves = [Give(_sorted(x)) for x in itertools.combinations(hand, k) if not give_reasons(state, x)]
        elif not state.table:
            moves = [Play(cs) for cs in leads(hand, state.rules)]
        else:
            top = combination(state.table[-1][1], state.rules)
            assert top is not None
            moves = [Play(cs) for cs in follows(hand, top, state.rules)]
            if not pass_reasons(state):
                moves.append(Pass())
        return sorted(set(moves), key=move_sort_key)

    def move_sort_key(self, move: Move) -> Any:
        """See :func:`move_sort_key`."""
        return move_sort_key(move)

    def is_legal(self, state: State, move: Move) -> bool:
        """Whether ``move`` is legal here: :meth:`why_illegal` finds nothing against it."""
        return not self.why_illegal(state, move)

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move`` (raises :class:`IllegalMove` naming the rules against it)."""
        self.check_move(move)
        reasons = self.why_illegal(state, move)
        if reasons:
            raise IllegalMove(f"move {move} is not legal here: " + "; ".join(r.says for r in reasons))
        p = state.to_move
        if isinstance(move, Give):
            return self._give(state, move)
        if isinstance(move, Pass):
            return self._advance(replace(state, passed=state.passed | {p}), p)
        assert isinstance(move, Play)
        rules = state.rules
        combo = combination(move.cards, rules)
        assert combo is not None
        top = combination(state.table[-1][1], rules) if state.table else None
        hands = list(state.hands)
        hands[p] = tuple(c for c in hands[p] if c not in move.cards)
        places = list(state.places)
        if not hands[p]:
            # RULES-NOTES §5: "A player who goes out: their place in the finishing order is
            # fixed at once" (the first free place from the top).
            places[p] = _first_free(places)
        after = replace(self._laid(state, move), hands=tuple(hands), places=tuple(places))
        if state.given:  # a given card played leaves the receiver's hand: no longer known there
            after = replace(after, given=norm_given(after, state.given))
        after = self._finish_if_one_left(after)
        if self.is_terminal(after):
            return after
        if combo.kind == "fool":
            # 004 §Fool: "The Fool beats everything and always ends the trick, no exceptions"
            return self._end_trick(after)
        if top is not None and skips_next(combo, top):
            nxt = self._next_in_trick(after, p)
            # players holding cards when the matching play was made (a matcher who goes out with it
            # still counts: the skip is decided by the table the play was made at)
            in_play = sum(1 for q in range(state.players) if state.active(q))
            if nxt is not None and not (in_play == 2 and rules.skip_with_two == "no_skip"):
                # 004 §Follow: "the following player is skipped" (with two left and option
                # skip_with_two = trick_won the turn comes back to the player who matched: the
                # trick is theirs).
                return self._advance(replace(after, skipped=nxt), nxt)
        return self._advance(after, p)

    def _laid(self, state: State, move: Play) -> State:
        """The trick once the player to move has laid ``move`` on the table (hands and places as they
        were: :meth:`apply` takes the cards from the hand): the play is the one to beat and skips no
        one yet; with ``pass_is_final`` = no a new play gives everyone who passed their turn again."""
        return replace(state, table=(*state.table, (state.to_move, move.cards)),
                       passed=state.passed if state.rules.pass_is_final else frozenset(), skipped=None)

    def _give(self, state: State, move: Give) -> State:
        """004 §Later rounds: the Peasant's two highest to the King, the King's two to the
        Peasant; "The Prince and Merchant similarly exchange a single card" (four or more players)."""
        assert state.previous_places is not None
        prev = state.previous_places
        giver = state.to_move
        receiver = place_of(prev, GIVES[state.phase][1])
        hands = list(state.hands)
        hands[giver] = tuple(c for c in hands[giver] if c not in move.cards)
        hands[receiver] = _sorted((*hands[receiver], *move.cards))
        # 004 §Later rounds: "The King gets the Peasant's two highest cards, and gives the Peasant any
        # two cards of his choice": the giver sees which cards she gives, so she knows where they are
        # (the text does not make the exchange public: only the giver and the receiver know)
        given = [list(g) for g in state.given] or [[] for _ in range(state.players)]
        given[giver] += move.cards
        state = replace(state, hands=tuple(hands))
        state = replace(state, given=norm_given(state, given))
        phase = NEXT_PHASE[state.phase]
        if phase == "merchant_gives" and state.players == 3:
            phase = "play"  # 004 §Titles: "(No Princes or Merchants if with three players.)"
        if phase != "play":
            return replace(state, hands=tuple(hands), phase=phase, to_move=place_of(prev, GIVES[phase][0]))
        # 004 §Later rounds: "the King gets the first turn."
        return self._settle_lead(replace(state, hands=tuple(hands), phase="play", to_move=place_of(prev, "King")))

    def _next_in_trick(self, state: State, after: int) -> int | None:
        """The next player after ``after`` who may act in this trick, or ``None`` when the turn
        reaches the seat of the player who made the play to beat (everyone else has declined).

        004 §Passing: "If no one can or will play, the last person to play wins the trick".
        Players who are out have no turn; with ``pass_is_final`` neither have those who passed;
        the player skipped by the last play loses this one turn."""
        owner = state.owner()
        n = state.players
        for i in range(1, n + 1):
            q = (after + i) % n
            if q == owner:
                return None
            if not state.active(q) or q == state.skipped:
                continue
            if state.rules.pass_is_final and q in state.passed:
                continue
            return q
        return None

    def _advance(self, state: State, actor: int) -> State:
        """Give the turn to the next player in the trick, or end the trick."""
        nxt = self._next_in_trick(state, actor)
        if nxt is None:
            return self._end_trick(state)
        return replace(state, to_move=nxt)

    def _end_trick(self, state: State) -> State:
        """004 §Passing: "If no one can or will play, the last person to play wins the trick and
        starts the next one. All played cards are set aside in a pile." RECONSTRUCTION (option
        ``lead_after_out``, RULES-NOTES §5): when the trick's winner has gone out, the lead passes to
        the next player still holding cards (or the last player of the trick still holding cards)."""
        owner = state.owner()
        assert owner is not None
        n = state.players
        if not state.active(owner) and state.rules.lead_after_out == "last_player":
            owner = next((q for q, _ in reversed(state.table) if state.active(q)), owner)
        leader = next((owner + i) % n for i in range(n) if state.active((owner + i) % n))
        return self._settle_lead(replace(state, table=(), passed=frozenset(), skipped=None, to_move=leader))

    def _settle_lead(self, state: State) -> State:
        """004 §Fool: "If you get stuck with it and nothing else to lead, you are automatically
        the Peasant at the end of the hand." RECONSTRUCTION ``stuck_fool_leaves`` (RULES-NOTES §5): the
        player leaves play at once with the Fool (last place), and the next player holding cards
        leads."""
        n = state.players
        while not self.is_terminal(state) and state.hands[state.to_move] == (FOOL,):
            places = list(state.places)
            places[state.to_move] = max(pl for pl in range(1, n + 1) if pl not in places)
            state = self._finish_if_one_left(replace(state, places=tuple(places)))
            if self.is_terminal(state):
                return state
            p = state.to_move
            state = replace(state, to_move=next((p + i) % n for i in range(1, n) if state.active((p + i) % n)))
        return state

    def _finish_if_one_left(self, state: State) -> State:
        """004 §Titles: the last player holding cards is last out: they take the one place left
        and the round is over (the cards on the table are set aside)."""
        left = [q for q in range(state.players) if state.active(q)]
        if len(left) != 1:
            return state
        places = list(state.places)
        places[left[0]] = next(pl for pl in range(1, state.players + 1) if pl not in places)
        return replace(state, places=tuple(places), table=(), passed=frozenset(), skipped=None)

    def to_move(self, state: State) -> int:
        """The player to move (in a finished round: the last one who was to move)."""
        return state.to_move

    def is_terminal(self, state: State) -> bool:
        """The round is over when every player has a place."""
        return all(pl is not None for pl in state.places)

    def result(self, state: State) -> Result | None:
        """Payoffs by place (:func:`place_payoff`, option ``payoffs``; zero-sum)."""
        if not self.is_terminal(state):
            return None
        places = [int(pl) for pl in state.places if pl is not None]
        titles = [title(pl, state.players) for pl in places]
        payoffs = tuple(place_payoff(pl, state.players, state.rules) for pl in places)
        order = sorted(range(state.players), key=lambda q: places[q])
        label = ", ".join(f"{titles[q]}: player {q}" for q in order)
        return Result(payoffs, label, (("places", places), ("titles", titles)))

    def num_players(self, state: State) -> int:
        """Players in the game."""
        return state.players

    def utility_range(self, rules: Rules, players: int) -> tuple[float, float]:
        """The payoffs of the last place and the first (:func:`payoff_bounds`): King +2 and
        Peasant -2 under ``titles``, +-(n - 1) / 2 under ``places``."""
        lo, hi = payoff_bounds(players, rules)
        return float(lo), float(hi)

    def parse_move(self, state: State, text: str) -> Move:
        """A legal move from text; cards in any order (``play 7H 7C``, ``pass``, ``give XXI 2C``)."""
        words = text.replace(",", " ").split()
        if not words:
            raise IllegalMove("move: empty text")
        kind = words[0].lower()
        try:
            cards = _sorted(TAROT78.parse(w, what="move") for w in words[1:])
        except InputError as exc:
            raise IllegalMove(str(exc)) from None
        for m in self.legal_moves(state):
            if (isinstance(m, Play) and kind == "play" and m.cards == cards) or \
                    (isinstance(m, Give) and kind == "give" and m.cards == cards) or \
                    (isinstance(m, Pass) and kind == "pass" and not cards):
                return m
        raise IllegalMove(f"move {quoted(text)} is not legal here")

    def picture_notes(self, state: State) -> dict[int, list[str]]:
        """Words beside each player in a picture (foolsolve/svg.py): the title of a player who has
        gone out (King, Prince, Noble, Merchant, Peasant); during a later round's exchange, each
        player's title of the round before (``Peasant of round 1``)."""
        out = {p: [f"{title(place, state.players)} (out)"] for p, place in enumerate(state.places)
               if place is not None}
        if state.phase != "play" and state.previous_places is not None:
            for p, place in enumerate(state.previous_places):
                out.setdefault(p, []).append(f"{title(place, state.players)} of round {state.round - 1}")
        return out

    def moves_note(self, state: State) -> str:
        """In a later round's exchange, who gives what to whom (``give`` moves name only the cards):
        ``player 0 to move (exchange: the Peasant gives the King (player 2) the 2 highest cards)``."""
        if state.phase in GIVES and not self.is_terminal(state):
            return f"player {state.to_move} to move ({exchange_words(state)})"
        return ""

    def boundary_note(self, before: State, move: Move, after: State) -> str:
        """A play that skips the following player (004 §Follow: "If it's an equal single card or
        pair, the following player is skipped."): who is skipped, as every player sees it."""
        if isinstance(move, Play) and after.skipped is not None:
            return skip_words(after)
        return ""

    # -- why a move is (il)legal --

    def read_move(self, state: State, text: str) -> Move:
        """The move ``text`` names, legal here or not: ``play 7H 7C``, ``pass``, ``give XXI 2C``
        (any cards of the tarot, in any order)."""
        words = text.replace(",", " ").split()
        if not words:
            raise InputError("move: empty text")
        kind = words[0].lower()
        cards = [TAROT78.parse(w, what="move") for w in words[1:]]
        if len(set(cards)) != len(cards):
            raise InputError(f"move: {quoted(text)} names a card twice")
        if kind == "pass" and not cards:
            return Pass()
        if kind in ("play", "give") and cards:
            return Play(_sorted(cards)) if kind == "play" else Give(_sorted(cards))
        raise InputError(f"move: cannot read {quoted(text)} (moves are written: play 7C 7H, pass, give XXI 2C)")

    def why_illegal(self, state: State, move: Move) -> list[Reason]:
        """Every rule against ``move`` (empty: it is legal): the end of the round, the phase (the
        exchange before play), then :func:`give_reasons`, :func:`pass_reasons` or :func:`play_reasons`.
        A move of another class or with a bad field raises :class:`IllegalMove` (:meth:`check_move`)."""
        self.check_move(move)
        res = self.result(state)
        if res is not None:
            return [reason("end_of_round", f"the round is over ({res.label}){scoring_caveat(state.rules)}", "Titles",
                           "Last out: Peasant")]
        if state.phase != "play":
            if isinstance(move, Give):
                return give_reasons(state, move.cards)
            giver, receiver, k = GIVES[state.phase]
            return [reason("phase", f"the exchange comes first: the {giver} (player {state.to_move}) gives the "
                           f"{receiver} {plural(k, 'card')}", "Later rounds",
                           "The King gets the Peasant's two highest cards, and gives the Peasant any two cards of "
                           "his choice.")]
        if isinstance(move, Give):
            return [reason("phase", "no exchange now: the cards are in play", "Later rounds",
                           "Rounds after the first, the Merchant shuffles and deals the cards, and the King gets the "
                           "first turn.")]
        if isinstance(move, Pass):
            return pass_reasons(state)
        return play_reasons(state, move.cards)

    def why_legal(self, state: State, move: Move) -> list[Reason]:
        """The rule a legal ``move`` rests on, then the rules that fire as its consequences
        (:meth:`_consequences`: the trick won, a place taken, the round over)."""
        return self._why_move(state, move) + self._consequences(state, move, self.apply(state, move))

    def _consequences(self, state: State, move: Move, after: State) -> list[Reason]:
        """The rules ``move`` sets off, from the state before and after it: the end of the trick (004
        §Passing; option ``lead_after_out`` where its winner has gone out), each place it fixes (going
        out, 004 §Titles; stuck with the Fool, 004 §Fool, reading ``stuck_fool_leaves``; the last
        player holding cards) and the end of the round."""
        out: list[Reason] = []
        rules, n, p = state.rules, state.players, state.to_move
        if state.phase == "play" and (state.table or isinstance(move, Play)) and not after.table \
                and not self.is_terminal(after):
            won = p if isinstance(move, Play) else state.owner()
            assert won is not None
            gone = after.places[won] is not None and not after.hands[won]  # out with her last card
            out.append(reason("end_trick", f"player {won}, the last to play, wins the trick"
                              + (f"; she has gone out, so player {after.to_move} leads the next" if gone
                                 else " and leads the next" if after.to_move == won else " and must lead the next"),
                              "Passing",
                              "If no one can or will play, the last person to play wins the trick and starts the next "
                              "one.", "lead_after_out" if gone else None, rules))
        for q in range(n):
            place = after.places[q]
            if state.places[q] is not None or place is None:
                continue
            named = f"{title(place, n)}, place {place}"
            if after.hands[q] == (FOOL,):
                out.append(reason("stuck_fool", f"player {q} must lead holding only the Fool: she is automatically "
                                  f"the {named}, and leaves play (reading stuck_fool_leaves)", "Fool",
                                  "If you get stuck with it and nothing else to lead, you are automatically the "
                                  "Peasant at the end of the hand.", hidden=q != p))
            elif q == p and not after.hands[q]:
                out.append(reason("going_out", f"player {q} plays her last card: she goes out as the {named} "
                                  "(reading going_out)", "Titles", "First out: King (or Queen)"))
            else:
                out.append(reason("last_out", f"player {q} is the last holding cards: the {named}", "Titles",
                                  "Last out: Peasant"))
        res = self.result(after)
        if res is not None:
            out.append(reason("end_of_round", f"every player has a place: the round is over ({res.label})"
                              f"{scoring_caveat(after.rules)}", "Titles", "Last out: Peasant"))
        return out

    def _why_move(self, state: State, move: Move) -> list[Reason]:
        """The rule a legal ``move`` itself rests on (:meth:`why_legal` adds its consequences)."""
        if isinstance(move, Give):
            giver, receiver, k = GIVES[state.phase]
            return [reason("give_reasons", f"the {giver} gives the {receiver} {plural(k, 'card')}", "Later rounds",
                           "The King gets the Peasant's two highest cards, and gives the Peasant any two cards of "
                           "his choice.")]
        if isinstance(move, Pass):
            return [reason("pass_reasons", "a player may pass; when no one will play, the last to play wins the "
                           "trick", "Passing", "You may pass your turn if you cannot or do not wish to play.")]
        combo = combination(move.cards, state.rules)
        assert combo is not None
        if not state.table:
            out = [reason("lead_reasons", f"a lead of {describe_combo(combo)}", "Lead", _LEAD_QUOTE)]
            hand = state.hands[state.to_move]
            if combo.kind == "trumps" and any(c.suit == TRUMP and not is_trump(c) for c in hand):
                # trumps led from a hand of trumps and the Fool: the Fool counts with the trumps
                out.append(reason("may_lead_trumps", "trumps may be led: the hand holds only trumps and the Fool, "
                                  "which counts with the trumps for \"all you have\"", "Trumping",
                                  "You can't lead trump unless that's all you have",
                                  reconstruction="fool_in_trump_lead"))
            return out
        top = combination(state.table[-1][1], state.rules)
        assert top is not None
        if combo.kind == "fool":  # the Fool follows anything (§Fool), not by §Follow's "same number"
            return [reason("follow_reasons", f"the Fool beats {describe_combo(top)} and ends the trick", "Fool",
                           "The Fool beats everything and always ends the trick, no exceptions, and can be played "
                           "at any time")]
        if combo.kind == "trumps" and top.kind != "trumps":  # trumping a normal play: §Trumping's counts
            return [reason("follow_reasons", f"{describe_combo(combo)} beats {describe_combo(top)} by trumping", "Trumping",
                           _TRUMP_QUOTE)]
        if combo.kind == "trumps":
            return [reason("follow_reasons", f"{describe_combo(combo)} beats {describe_combo(top)}", "Trumping",
                           "Higher trumps are needed to beat lower ones")]
        out = [reason("follow_reasons", f"{describe_combo(combo)} beats or equals {describe_combo(top)}", "Follow",
                      _FOLLOW_QUOTE)]
        return out + self._skip_reasons(state, move, combo, top)

    def _skip_reasons(self, state: State, move: Play, combo: Combo, top: Combo) -> list[Reason]:
        """What an equal single or pair does to the next player, for ``why`` (as :meth:`apply` does it,
        from the same :meth:`_laid`):
        004 §Follow "If it's an equal single card or pair, the following player is skipped."; with two
        players holding cards the option ``skip_with_two`` decides (the trick won, or no skip)."""
        if not skips_next(combo, top):
            return []
        p, rules = state.to_move, state.rules
        nxt = self._next_in_trick(self._laid(state, move), p)
        if nxt is None:
            return []
        what = "single card" if combo.count == 1 else "pair"
        if sum(1 for q in range(state.players) if state.active(q)) != 2:
            seat = (p + 1) % state.players
            passed_over = "" if nxt == seat else (
                f" (player {seat} has gone out: reading following_player_holding_cards)" if not state.active(seat)
                else f" (player {seat} has passed and is out of the trick: option pass_is_final)")
            holding = " still holding cards" if passed_over else ""
            return [reason("skips_next", f"an equal {what}: player {nxt}, the following player{holding}, "
                           f"is skipped{passed_over}", "Follow", _SKIP_QUOTE)]
        if rules.skip_with_two == "no_skip":
            return [reason("skips_next", f"an equal {what}, but with two players holding cards no one is skipped: "
                           f"player {nxt} may answer", "Follow", _SKIP_QUOTE, "skip_with_two", rules)]
        return [reason("skips_next", f"an equal {what}: player {nxt}, the following player, is skipped; with two "
                       f"players holding cards that wins player {p} the trick", "Follow", _SKIP_QUOTE,
                       "skip_with_two", rules)]

    def public_move(self, state: State, move: Move, observer: int) -> str:
        """Plays and passes are seen by all (004 §Passing: "All played cards are set aside in a pile",
        after every player has seen them to beat them). The cards given in a later round's exchange
        (004 §Later rounds: "The King gets the Peasant's two highest cards, and gives the Peasant any
        two cards of his choice. The Prince and Merchant similarly exchange a single card.") are
        seen by the giver and the receiver alone; the other players see how many cards went to whom
        (RECONSTRUCTION ``exchange_seen_by_the_pair``), as the views show it (``given``)."""
        if isinstance(move, Give) and observer != receiver_of(state.previous_places, state.to_move):
            receiver = receiver_of(state.previous_places, state.to_move)
            return f"give {plural(len(move.cards), 'card')} to player {receiver}"
        return str(move)

    def describe(self, state: State, view: View | None = None) -> str:
        """A few readable lines; with ``view``, as its player sees them (``SpecGame.describe``): the
        hands of the others still in play face down."""
        lines = [f"Foolery, {state.players} players, round {state.round}, dealer {state.dealer}"]
        for i, h in enumerate(state.hands):
            place = state.places[i]
            extra = f" ({title(place, state.players)}, place {place})" if place is not None else ""
            you = " (you)" if is_viewer(view, i) else ""
            lines.append(f"  player {i}{you}: {zone_words(view, ('hands', i), h, lambda c: c.ascii)}{extra}")
        for q, cs in state.table:
            lines.append(f"  table: player {q} played {' '.join(c.ascii for c in shown_order(cs))}")
        if state.skipped is not None:
            lines.append(f"  {skip_words(state)}")
        if state.passed:
            lines.append(f"  {players_words(sorted(state.passed))} passed")
        aside = len(state.discard())
        if aside:
            lines.append(f"  discard: {plural(aside, 'card')} set aside")
        res = self.result(state)
        if res is not None:
            lines.append(f"  round over: {res.label}{scoring_caveat(state.rules)}")
        else:
            if state.phase != "play" and state.previous_places is not None:
                lines.append(f"  titles of round {state.round - 1}: {titles_words(state.previous_places)}")
            doing = exchange_words(state) if state.phase in GIVES else state.phase
            lines.append(f"  player {state.to_move} to move ({doing})")
        return "\n".join(lines)

    # -- views and positions --

    def observation(self, state: State, player: int) -> dict[str, Any]:
        """What ``player`` sees: their own hand, the sizes of the other hands, and everything
        played in view of all (the table, the cards set aside, passes and places)."""
        obj = self.state_to_json(state)
        hands = obj.pop("hands")
        obj["player"] = player
        obj["hand"] = hands[player]
        obj["hand_sizes"] = [len(h) for h in hands]
        given = obj.pop("given", None)
        if given and given[player]:
            obj["given"] = given[player]  # the cards she gave that the receiver still holds
        return obj

    # -- view files (foolsolve.worlds, docs/views.md) --

    view_fields: ClassVar[dict[str, ZoneField]] = {"hands": ZoneField(per_player=True, own_seen=True)}

    def view_knowledge(self, state: State, player: int) -> dict[tuple[Any, ...], Hidden]:
        """The hands of the other players still in play are hidden; a player who has finished while
        the round goes on holds nothing or, the Peasant, the Fool (004 §Fool), which the count tells,
        so that hand is written out. The cards the viewer gave in a later round's exchange (004 §Later
        rounds; ``given``) are known to be in the receiver's hand while she holds them."""
        over = self.is_terminal(state)
        to = receiver_of(state.previous_places, player)
        mine = tuple(c for c in state.given[player] if c in state.hands[to]) if state.given and to is not None else ()
        return {("hands", q): Hidden(len(h), mine if q == to else ()) for q, h in enumerate(state.hands)
                if q != player and (state.places[q] is None or over)}

    view_drop: ClassVar[tuple[str, ...]] = ("given",)
    knowledge_fields: ClassVar[tuple[str, ...]] = ("given",)

    def view_extra(self, state: State, player: int) -> dict[str, Any]:
        """``given`` with the entries the viewer knows: her own (the cards she gave that the receiver
        still holds) and, given to her, the highest cards of a Peasant or a Merchant (004 §Later
        rounds), which bound what the giver kept (:meth:`view_card_zones`); the others' are theirs and
        their receivers' to know (``null``). Left out when no such entry lists a card."""
        if not state.given:
            return {}
        known = [list(g) if q == player or (g and receiver_of(state.previous_places, q) == player
                                            and gives_highest(state.previous_places, q)) else None
                 for q, g in enumerate(state.given)]
        if not any(known):
            return {}
        return {"given": [None if g is None else [c.ascii for c in g] for g in known]}

    def view_cards(self, obj: dict[str, Any]) -> tuple[Any, list[Card], list[tuple[str, Card]]]:
        """The 78 tarot cards; seen: hands written out, the table and the discard (a view lists it)."""
        seen: list[tuple[str, Card]] = []
        for i, h in enumerate(obj["hands"]):
            if isinstance(h, list):
                seen += [(f"hands[{i}]", TAROT78.parse(t, what=f"hands[{i}]")) for t in h]
        for i, entry in enumerate(obj.get("table", [])):
            seen += [(f"table[{i}].cards", TAROT78.parse(t, what=f"table[{i}].cards")) for t in entry["cards"]]
        seen += [("discard", TAROT78.parse(t, what="discard")) for t in obj.get("discard", [])]
        for g, texts in enumerate(obj.get("given") or []):  # a text that is no card: said as it is, before any world
            for t in texts or []:
                TAROT78.parse(t, what=f"given[{g}]")
        return TAROT78, list(TAROT78.cards), seen

    def state_to_json(self, state: State) -> dict[str, Any]:
        """Canonical position JSON (cards in ASCII, hands sorted by card index; ``discard`` is
        derived: every card neither in a hand nor on the table)."""
        out: dict[str, Any] = {
            "game": self.name,
            "rules": rules_to_json(state.rules),
            "players": state.players,
            "round": state.round,
            "dealer": state.dealer,
        }
        if state.previous_places is not None:
            out["previous_places"] = list(state.previous_places)
        out.update({
            "phase": state.phase,
            "to_move": state.to_move,
            "hands": [[c.ascii for c in h] for h in state.hands],
            "table": [{"player": q, "cards": [c.ascii for c in cs]} for q, cs in state.table],
            "passed": sorted(state.passed),
            "skipped": state.skipped,
            "places": list(state.places),
            "discard": [c.ascii for c in state.discard()],
        })
        if state.given:
            out["given"] = [[c.ascii for c in g] for g in state.given]
        return out

    def view_constrained(self, obj: dict[str, Any]) -> bool:
        """The checks of a position read the cards of a hand (not only how many it holds) only where
        a play on the table led trumps (the leader held nothing else: :func:`may_lead_trumps`), where
        a hand of one card may be the Fool alone (the places, a lead) and where ``given`` puts a card
        in the receiver's hand or bounds what a giver of her highest cards kept; a view is constrained
        only when a hand of one card is hidden or a card given is neither known in a hidden hand (where
        every filling puts it) nor shown. A trump lead from a hidden hand and the highest cards given
        by one are knowledge per card, which :meth:`view_card_zones` gives the sampler (every filling
        it draws passes those checks); every other check reads the counts of the hidden hands, so
        every filling of them gets the same verdict."""
        hands = obj.get("hands")
        if not isinstance(hands, list):
            return True
        hidden = {i for i, h in enumerate(hands) if isinstance(h, dict)}
        if any(hands[i].get("count") == 1 for i in hidden):
            return True
        # a card given that neither a hidden hand lists as known nor a hand written out shows: whether the
        # receiver holds it is the draw's
        known = {t for i in hidden for t in hands[i].get("known", [])}
        known |= {t for h in hands if isinstance(h, list) for t in h} | set(obj.get("discard") or [])
        known |= {t for entry in obj.get("table") or [] if isinstance(entry, dict) for t in entry.get("cards") or []}
        return any(t not in known for g in obj.get("given") or [] for t in g or [])

    def view_card_zones(self, view: Any) -> dict[Any, frozenset[tuple[Any, ...]]]:
        """Where a view's unseen cards may lie, from what the rules make the hidden hands reveal:

        - a hidden hand that led the trick on the table with trumps held nothing else then (004
          §Trumping: "You can't lead trump unless that's all you have", the Fool counting with the
          trumps: ``fool_in_trump_lead``), and no card joins a hand during play, so it holds no suit card;
        - a hidden Peasant's or Merchant's hand whose highest cards the viewer received (``given``:
          004 §Later rounds, "The King gets the Peasant's two highest cards ... The Prince and Merchant
          similarly exchange a single card.") holds no unseen card higher than the lowest of them
          (:func:`above_gift`; the Fool aside: "The Fool may under no circumstances be passed."). The
          cards she received afterwards are the viewer's own gift, which the view places in her hand
          as known or shows where they were played, so none of them is unseen.

        A ``given`` that leaves such a hand fewer unseen cards than it hides is refused here, naming
        ``given`` (:func:`_check_room_below_gift`); any other field the view gets wrong is left to
        :meth:`state_from_json`, which names it."""
        hidden = frozenset(z.path for z in view.zones)
        obj = view.obj
        barred: dict[tuple[Any, ...], Any] = {}  # hidden hand -> which unseen cards it cannot hold
        try:
            lead = (obj.get("table") or [None])[0]
            if lead is not None and ("hands", lead["player"]) in hidden and lead["cards"] and all(
                    is_trump(TAROT78.parse(t, what="table")) for t in lead["cards"]):
                barred[("hands", lead["player"])] = lambda c: c.suit != TRUMP
            previous = obj.get("previous_places")
            gifts = []
            for g, texts in enumerate(obj.get("given") or []):
                if texts and ("hands", g) in hidden and gives_highest(previous, g):
                    gift = [TAROT78.parse(t, what=f"given[{g}]") for t in texts]
                    gifts.append((g, gift))
                    floor = kept_below(gift)
                    before = barred.get(("hands", g))
                    barred[("hands", g)] = (lambda c, f=floor, b=before: above_gift(c, f) or (b is not None and b(c)))
        except (InputError, KeyError, TypeError, IndexError, ValueError):
            return {}  # (the position's checks name it)
        for g, gift in gifts:
            _check_room_below_gift(view, g, gift)
        _check_gift_seen_by_receiver(view)
        if not barred:
            return {}
        out: dict[Any, frozenset[tuple[Any, ...]]] = {}
        for c in view.unseen:
            no = frozenset(path for path, bar in barred.items() if bar(c))
            if no:
                out[c] = hidden - no
        return out

    def view_public_check(self, view: Any, obj: dict[str, Any]) -> None:
        """:meth:`state_from_json`'s checks but those that read the cards of a hidden hand (a trump
        lead from one, whether a receiver holds the cards given her, whether a Peasant or Merchant kept
        a card above her gift, and, while a hidden hand holds
        one card, whether it is the Fool alone). A view's ``given`` lists only gifts its player saw: her
        own and those given to her (RECONSTRUCTION ``exchange_seen_by_the_pair``; :meth:`view_extra`
        writes no other), else a one-line error: its worlds could never give the view back."""
        given = obj.get("given")
        if isinstance(given, list):
            previous = obj.get("previous_places")
            for q, entry in enumerate(given):
                if not entry or q == view.player:
                    continue
                try:
                    to = receiver_of(previous, q) if isinstance(previous, list) else None
                except (IndexError, KeyError, TypeError, ValueError):
                    to = None  # (the position's checks name a bad previous_places)
                if to != view.player:
                    raise PositionError(f"given[{q}]: player {view.player} did not see what player {q} gave (a "
                                        "gift is seen by the giver and the receiver only: reconstruction "
                                        "exchange_seen_by_the_pair); her view lists it as null")
        self._read(obj, hidden=frozenset(z.path[1] for z in view.zones))

    def state_from_json(self, obj: dict[str, Any]) -> State:
        """Read a position (JSON Schema first, then the checks below, each naming its field)."""
        return self._read(obj)

    def _read(self, obj: dict[str, Any], hidden: frozenset[int] | None = None) -> State:
        """:meth:`state_from_json`; with ``hidden`` (:meth:`view_public_check`: the hands a view hides,
        here filled by one draw), without the checks that read the cards of those hands; the state
        returned then is no position to play."""
        validate_schema(obj, "foolery.schema.json")
        rules = rules_from_json(Rules, obj.get("rules"))
        hands_raw = obj["hands"]
        n = len(hands_raw)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise PositionError(f"hands: {n} hands, Foolery is for 3-7 players")
        if obj.get("players", n) != n:
            raise PositionError(f"players: {obj['players']} but hands lists {n} players")
        for key in ("to_move", "dealer", "skipped"):
            if obj.get(key) is not None and not 0 <= obj[key] < n:
                raise PositionError(f"{key}: {obj[key]} is not a player (0..{n - 1})")
        seen: dict[Card, str] = {}

        def parse(field_name: str, texts: list[str]) -> tuple[Card, ...]:
            out = []
            for t in texts:
                c = TAROT78.parse(t, what=field_name)
                if c in seen:
                    raise PositionError(f"{field_name}: card {c.ascii} twice (also in {seen[c]})")
                seen[c] = field_name
                out.append(c)
            return _sorted(out)

        hands = tuple(parse(f"hands[{i}]", h) for i, h in enumerate(hands_raw))
        # (a public read: whether a hidden hand of one card is the Fool alone is not known)
        unsure = hidden is not None and any(len(hands[i]) == 1 for i in hidden)
        table: list[tuple[int, tuple[Card, ...]]] = []
        prev: Combo | None = None
        for i, entry in enumerate(obj.get("table", [])):
            where = f"table[{i}].cards"
            cs = parse(where, entry["cards"])
            q = entry["player"]
            if not 0 <= q < n:
                raise PositionError(f"table[{i}].player: {q} is not a player (0..{n - 1})")
            combo = combination(cs, rules)
            if combo is None:
                raise PositionError(f"{where}: {_why_not_a_play(cs)}")
            if combo.kind == "fool":
                raise PositionError(f"{where}: the Fool ends the trick at once; it cannot lie on the table")
            if prev is not None and not beats(combo, prev, rules):
                raise PositionError(f"{where}: {' '.join(c.ascii for c in cs)} does not beat the play before it")
            if (prev is None and combo.kind == "trumps" and not (hidden is not None and q in hidden)
                    and not may_lead_trumps(hands[q])):
                # the lead: cards leave a hand only by play, so what the leader still holds she held then
                others = " ".join(c.ascii for c in hands[q] if c.suit != TRUMP)
                raise PositionError(f"{where}: player {q} led trumps but still holds {others}; trumps are led only "
                                    "from a hand of trumps and the Fool (004 §Trumping: \"You can't lead trump "
                                    "unless that's all you have\")")
            table.append((q, cs))
            prev = combo
        discard = obj.get("discard")
        if discard is not None:
            parse("discard", discard)
            missing = [c.ascii for c in TAROT78 if c not in seen]
            if missing:
                raise PositionError(f"discard: card {missing[0]} is nowhere (give every card, or leave discard out)")
        places_raw = obj.get("places", [None] * n)
        if len(places_raw) != n:
            raise PositionError(f"places: {len(places_raw)} entries for {n} players")
        given = [pl for pl in places_raw if pl is not None]
        if any(not 1 <= pl <= n for pl in given) or len(set(given)) != len(given):
            raise PositionError(f"places: {json_shown(places_raw)} are not distinct places 1..{n}")
        places = tuple(places_raw)
        over = all(pl is not None for pl in places)
        holding = [i for i, h in enumerate(hands) if places[i] is not None and h and h != (FOOL,)]
        if over and len(holding) == 1:
            holding = []  # the last one in play keeps their cards when the round ends
        for i, h in enumerate(hands):
            if i in holding and not unsure:
                raise PositionError(f"hands[{i}]: player {i} has finished (place {places[i]}) but holds cards")
            if places[i] is not None and h == (FOOL,) and places[i] != n and not unsure:
                raise PositionError(f"hands[{i}]: only the Peasant (place {n}) leaves play holding the Fool")
            if places[i] is None and not h:
                raise PositionError(f"hands[{i}]: player {i} holds no cards but has no place")
        if not over and not unsure:
            # 004 §Titles: players take the places in the order they go out, the first free from the top; only
            # the player stuck with the Fool takes the last (reading stuck_fool_leaves) before the round ends
            out = sorted(pl for i, pl in enumerate(places) if pl is not None and hands[i] != (FOOL,))
            if out != list(range(1, len(out) + 1)):
                raise PositionError(f"places: {json_shown(places_raw)}, but before the round ends the players out hold "
                                    f"the first places in the order they went out ({len(out)} out: "
                                    f"{', '.join(map(str, range(1, len(out) + 1))) or 'none'}), and only a player "
                                    f"stuck with the Fool the last ({n})")
        if table and not over and not unsure:
            _check_out_in_trick(table, places, hands)
        round_no = obj.get("round", 1)
        phase = obj.get("phase", "play")
        previous = obj.get("previous_places")
        if round_no > 1:
            if previous is None or sorted(previous) != list(range(1, n + 1)):
                raise PositionError(f"previous_places: a round after the first needs the previous places 1..{n}")
            previous = tuple(previous)
        elif previous is not None:
            raise PositionError("previous_places: only rounds after the first have previous places")
        elif phase != "play":
            raise PositionError("phase: the exchange happens only in rounds after the first")
        dealer = obj.get("dealer", 0)
        if previous is not None and dealer != later_round_dealer(previous):
            raise PositionError(f"dealer: in a later round the Merchant deals (player {later_round_dealer(previous)})")
        # a hand of the wrong size for the deal
        sizes = deal_sizes(n, dealer)
        played = sum(len(h) for h in hands) < len(TAROT78)
        bonus = [0] * n
        if phase in ("merchant_gives", "prince_gives") and n == 3:
            raise PositionError(f"phase: there is no {phase.split('_')[0].title()} with three players")
        if previous is not None and phase != "play":
            # the cards given so far in the exchange (the Peasant's two are with the King in phase king_gives)
            king, peasant = place_of(previous, "King"), place_of(previous, "Peasant")
            bonus[king] += 2 if phase == "king_gives" else 0
            bonus[peasant] -= 2 if phase == "king_gives" else 0
            if phase == "prince_gives":
                bonus[place_of(previous, "Prince")] += 1
                bonus[place_of(previous, "Merchant")] -= 1
        for i, h in enumerate(hands):
            if phase != "play" or (not played and not any(p is not None for p in places)):
                if len(h) != sizes[i] + bonus[i]:
                    raise PositionError(f"hands[{i}]: {len(h)} cards, the deal gives player {i} {sizes[i] + bonus[i]} "
                                        f"here ({n} players, dealer {dealer})")
            elif len(h) > max(sizes):
                raise PositionError(f"hands[{i}]: {len(h)} cards, more than a {n}-player deal gives ({max(sizes)})")
        # (an exchange phase with cards played cannot pass the hand sizes above: they deal all 78)
        skipped = obj.get("skipped")
        passed = frozenset(obj.get("passed", []))
        if any(not 0 <= q < n for q in passed):
            raise PositionError(f"passed: {sorted(passed)} names a player outside 0..{n - 1}")
        if not table and (passed or skipped is not None):
            raise PositionError("passed: no one passes or is skipped before a trick is led")
        owner = table[-1][0] if table else None
        if owner is not None and (owner in passed or owner == skipped):
            raise PositionError(f"passed: player {owner} made the play to beat; they cannot have passed")
        state = State(rules=rules, players=n, hands=hands, table=tuple(table), passed=passed, skipped=skipped,
                      places=places, to_move=obj["to_move"], dealer=dealer, round=round_no, previous_places=previous,
                      phase=phase)
        state = replace(state, given=_read_given(obj.get("given"), state, hidden or frozenset()))
        _check_kept_below_gift(state, hidden or frozenset())
        if not self.is_terminal(state):
            tm = state.to_move
            if not state.active(tm):
                raise PositionError(f"to_move: player {tm} is out of play")
            if sum(1 for q in range(n) if state.active(q)) < 2:
                raise PositionError("places: a round with one player left is over; give that player the last place")
            if phase != "play" and previous is not None and tm != place_of(previous, GIVES[phase][0]):
                giver = GIVES[phase][0]
                raise PositionError(f"to_move: the {giver} (player {place_of(previous, giver)}) gives now")
            if table and tm == owner:
                raise PositionError(f"to_move: player {tm} made the play to beat (the trick would be over)")
            if table and (tm == skipped or (rules.pass_is_final and tm in passed)):
                raise PositionError(f"to_move: player {tm} passed or was skipped in this trick")
            if not table and phase == "play" and hands[tm] == (FOOL,) and not unsure:
                raise PositionError(f"to_move: player {tm} holds only the Fool and would have left play as Peasant")
            _check_turn(state)
        elif table or passed:
            raise PositionError("table: the round is over; the table is empty")
        return state


def _check_out_in_trick(table: Sequence[tuple[int, tuple[Card, ...]]], places: Sequence[int | None],
                        hands: Sequence[tuple[Card, ...]]) -> None:
    """The places against the trick on the table. A player goes out only by playing her last card
    (docs/foolery.md: "A player who plays their last card takes the next place at once"), and that
    card stays on the table until the trick ends (004 §Passing: "All played cards are set aside");
    so a finished player with a play on the table went out in this trick with her last play there,
    and a finished player with none went out in an earlier trick. Hence the players who went out in
    this trick hold places after every earlier finisher's, in the order of their last plays; the
    Fool played ends a trick at once, and a player stuck with it leaves play when she must lead
    (``stuck_fool_leaves``), before any play of that trick, so she has none on the table."""
    last: dict[int, int] = {}
    for i, (q, _) in enumerate(table):
        last[q] = i
    for q, i in sorted(last.items(), key=lambda qi: qi[1]):
        if places[q] is not None and hands[q] == (FOOL,):
            raise PositionError(f"table[{i}].player: player {q} left play stuck with the Fool (place {places[q]}) "
                                "when she had to lead, before any play of a later trick")
    went = sorted((i, q) for q, i in last.items() if places[q] is not None)  # out in this trick, in order
    for (i1, q1), (i2, q2) in itertools.pairwise(went):
        if cast(int, places[q1]) > cast(int, places[q2]):
            raise PositionError(f"places: player {q2} (place {places[q2]}) went out with table[{i2}], after player "
                                f"{q1} went out with table[{i1}], yet holds the better place (player {q1}: "
                                f"{places[q1]}); a player who plays her last card takes the next place at once")
    if not went:
        return
    first_i, first_q = went[0]
    earlier = [q for q in range(len(places)) if places[q] is not None and q not in last and hands[q] != (FOOL,)]
    late = [q for q in earlier if cast(int, places[q]) > cast(int, places[first_q])]
    if late:
        q = late[0]
        raise PositionError(f"places: player {q} (place {places[q]}) has no play in this trick, so went out before "
                            f"player {first_q}, who went out with table[{first_i}] (place {places[first_q]}); a "
                            "player who plays her last card takes the next place at once, and her play stays on the "
                            "table until the trick ends")


def _read_given(raw: Any, state: State, hidden: frozenset[int] = frozenset()) -> tuple[tuple[Card, ...], ...]:
    """The ``given`` field: for each player, cards she gave in this round's exchange that the
    receiver still holds, a Peasant's and a Merchant's whole gift (:func:`norm_given`; a view writes
    ``null`` for what its viewer does not know: nothing known).
    ``hidden``: hands whose cards are not read (a view's public check: whether the receiver holds them)."""
    if raw is None:
        return ()
    n = state.players
    if len(raw) != n:
        raise PositionError(f"given: {len(raw)} entries for {n} players")
    done = PHASES.index(state.phase)  # the exchange phases before this one are over
    out: list[tuple[Card, ...]] = []
    for g, texts in enumerate(raw):
        cards = tuple(TAROT78.parse(t, what=f"given[{g}]") for t in texts or [])
        if not cards:
            out.append(())
            continue
        r = receiver_of(state.previous_places, g)
        if r is None:
            raise PositionError(f"given[{g}]: player {g} gives nothing in this round's exchange")
        assert state.previous_places is not None
        gives = next(ph for ph, (who, _, _) in GIVES.items() if who == title(state.previous_places[g], n))
        if state.phase != "play" and PHASES.index(gives) >= done:
            raise PositionError(f"given[{g}]: player {g} has not given yet (phase {state.phase})")
        twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
        if twice is not None:
            raise PositionError(f"given[{g}]: {twice.ascii} twice")
        if FOOL in cards:
            raise PositionError(f"given[{g}]: the Fool is never given (004 §Later rounds: \"The Fool may under no "
                                "circumstances be passed.\")")
        who, k = GIVES[gives][0], GIVES[gives][2]
        whole = gives_highest(state.previous_places, g)
        if len(cards) > k or (whole and len(cards) != k):
            what = "her whole gift, played or not, " if whole else ""
            raise PositionError(f"given[{g}]: {plural(len(cards), 'card')} ({' '.join(c.ascii for c in cards)}), but "
                                f"the {who} (player {g}) gave {k} in the exchange: given lists {what}"
                                f"{'exactly' if whole else 'at most'} {k}")
        if whole:
            # her whole gift: with the receiver, played since, or (once he has given) given back to her,
            # where the partner's gift as listed may hold it (a complete list that does not is no way back)
            back = next(ph for ph, (giver, _, _) in GIVES.items() if giver == PARTNER[who])
            listed = (frozenset(TAROT78.parse(t, what=f"given[{r}]") for t in raw[r]) if isinstance(raw[r], list)
                      else frozenset())
            back_open = len(listed) < GIVES[back][2]
            came_back = PHASES.index(back) < done and back_open  # (a card he gave back and she played: not listed)
            played = next(((c, q) for q, plays in state.table for c in plays
                           if c in cards and q != r and not (q == g and came_back)), None)
            if played is not None:
                raise PositionError(f"given[{g}]: {played[0].ascii} is on the table, played by player {played[1]}; a "
                                    f"card the {who} gave is with the receiver (hands[{r}]), played by him, or given "
                                    "back to her")
            for c in cards:
                holder = next((q for q in range(n) if c in state.hands[q]), None)
                if holder is None or holder == r or holder in hidden:
                    continue
                if holder == g and PHASES.index(back) < done and (back_open or c in listed):
                    continue
                raise PositionError(f"given[{g}]: {c.ascii} is in hands[{holder}]; a card she gave is with the "
                                    f"receiver (hands[{r}]), played, or given back to her")
        else:
            missing = [] if r in hidden else [c.ascii for c in cards if c not in state.hands[r]]
            if missing:
                raise PositionError(f"given[{g}]: {missing[0]} is not in the receiver's hand (hands[{r}])")
        out.append(_sorted(cards))
    return tuple(out) if any(out) else ()


def _check_gift_seen_by_receiver(view: Any) -> None:
    """A view whose player received a Peasant's or Merchant's whole gift (``given[g]``) has seen each of
    its cards: it is in her hand, played, or given back (where the partner's gift as listed leaves room
    for a card given back and still held, as :func:`_read_given` reads it, the giver's hidden hand may
    hold it). A card of it the view has not seen is no world: refused naming ``given[g]`` and the card,
    before any world is drawn (docs/foolery.md: what the King knows)."""
    obj = view.obj
    previous, given, phase = obj.get("previous_places"), obj.get("given"), obj.get("phase", "play")
    if not isinstance(previous, list) or not isinstance(given, list) or phase not in PHASES:
        return  # (the position's checks name it)
    unseen = set(view.unseen)
    for g, texts in enumerate(given):
        try:
            if not texts or receiver_of(previous, g) != view.player or not gives_highest(previous, g):
                continue
            who = title(previous[g], len(previous))
            gift = [TAROT78.parse(t, what=f"given[{g}]") for t in texts]
            back = next(ph for ph, (giver, _, _) in GIVES.items() if giver == PARTNER[who])
            listed = given[view.player] if isinstance(given[view.player], list) else []
        except (InputError, KeyError, TypeError, IndexError, ValueError):
            return  # (the position's checks name it)
        if len(set(gift)) != next(k for giver, _, k in GIVES.values() if giver == who) or FOOL in gift:
            continue  # (the count, a card twice, the Fool: the position's checks name them)
        back_open = len(listed) < GIVES[back][2]
        if PHASES.index(back) < PHASES.index(phase) and back_open:
            continue  # (a card given back and still held in her hidden hand: the draws decide)
        missing = next((c for c in gift if c in unseen), None)
        if missing is not None:
            receiver = PARTNER[who]
            raise PositionError(f"given[{g}]: {missing.ascii} is a card the {receiver} (player {view.player}) has "
                                f"not seen, but the {who} (player {g}) gave it to him: a card she gave is in his "
                                f"hand, played by him, or given back by him (given[{view.player}])")


def _check_room_below_gift(view: Any, g: int, gift: Sequence[Card]) -> None:
    """A view whose ``given[g]`` lists the highest cards of a Peasant or Merchant with a hidden hand
    leaves that hand only the unseen cards not above them (:func:`above_gift`): fewer than the
    unknown places of the hand is no world, refused naming ``given`` (not the hand's places, which
    are as the view counts them)."""
    zone = view.zone(("hands", g))
    floor = kept_below(gift)
    fit = sum(not above_gift(c, floor) for c in view.unseen)
    if zone is None or fit >= zone.unknown:
        return
    previous = view.obj["previous_places"]
    who = title(previous[g], len(previous))
    k = len(gift)
    lowest = min(gift, key=exchange_height)
    raise PositionError(f"given[{g}]: the {who} (player {g}) gave {' '.join(c.ascii for c in gift)} as her "
                        f"{'highest card' if k == 1 else f'{k} highest cards'}, so she kept no unseen card above "
                        f"{lowest.ascii} (the Fool aside), but her hand hides {zone.unknown} unknown cards and only "
                        f"{fit} unseen cards are that low (004 §Later rounds: \"{_HIGHEST_QUOTE[who]}\")")


def _check_kept_below_gift(state: State, hidden: frozenset[int] = frozenset()) -> None:
    """A Peasant or Merchant whose highest cards ``given`` records kept none higher than the lowest of
    them (:func:`above_gift`; 004 §Later rounds): her hand holds no higher card but the ones her partner
    gave her back, which ``given`` lists while she holds them; where it does not list them all (they
    were played, or nobody recorded them) as many higher cards as it leaves out are let pass.
    ``hidden``: hands whose cards are not read (a view's public check)."""
    if not state.given or state.previous_places is None:
        return
    previous, n = state.previous_places, state.players
    done = PHASES.index(state.phase)
    for g, gift in enumerate(state.given):
        who = title(previous[g], n)
        if not gift or g in hidden or who not in HIGHEST_GIVERS:
            continue
        partner = PARTNER[who]
        r = place_of(previous, partner)
        back = next(ph for ph, (giver, _, _) in GIVES.items() if giver == partner)
        back_cards = set(state.given[r])
        unlisted = GIVES[back][2] - len(back_cards) if PHASES.index(back) < done else 0
        floor = kept_below(gift)
        high = sorted((c for c in state.hands[g] if above_gift(c, floor) and c not in back_cards),
                      key=exchange_height, reverse=True)
        if len(high) <= unlisted:
            continue
        lowest = min(gift, key=exchange_height)
        k = GIVES[next(ph for ph, (giver, _, _) in GIVES.items() if giver == who)][2]
        what = "highest card" if k == 1 else f"{k} highest cards"
        back_words = (f", more than the {plural(unlisted, 'card')} the {partner} gave her that given[{r}] does "
                      "not list" if unlisted else "")
        raise PositionError(f"hands[{g}]: the {who} (player {g}) holds {' '.join(c.ascii for c in high)}, higher than "
                            f"{lowest.ascii}, which she gave the {partner} with her {what} (given[{g}]: "
                            f"{' '.join(c.ascii for c in gift)}){back_words} (004 §Later rounds: "
                            f"\"{_HIGHEST_QUOTE[who]}\")")


def _check_turn(state: State) -> None:
    """The player to move is one the rules can give the turn to (a position error otherwise).

    004 §Deal: "Dealer leads the first trick of the first deal"; §Later rounds: "the King gets the
    first turn". After a play the turn goes round from the player who made it (004 §Passing: "You
    may pass your turn"; §Follow: "the following player is skipped"): every player holding cards
    between the play to beat and the player to move has passed or was skipped."""
    n, tm = state.players, state.to_move
    if state.phase == "play" and not state.table and sum(len(h) for h in state.hands) == len(TAROT78):
        if state.previous_places is None and tm != state.dealer:
            raise PositionError(f"to_move: no card is played yet, so the dealer (player {state.dealer}) leads")
        if state.previous_places is not None and tm != place_of(state.previous_places, "King"):
            raise PositionError(f"to_move: the King (player {place_of(state.previous_places, 'King')}) leads "
                                "the first trick of a later round")
    owner = state.owner()
    if owner is None:
        return
    between: list[int] = []
    for i in range(1, n):
        q = (owner + i) % n
        if q == tm:
            break
        if not state.active(q):
            continue
        if q != state.skipped and q not in state.passed:
            raise PositionError(f"to_move: player {tm} cannot be to move: player {q} comes first after the play "
                                "to beat and has neither passed nor been skipped")
        between.append(q)
    # the skipped player is the first after the play who still had a turn in this trick (with
    # pass_is_final a player who passed earlier has none)
    turns = [q for q in between if q == state.skipped or not (state.rules.pass_is_final and q in state.passed)]
    if state.skipped is not None and (not turns or turns[0] != state.skipped):
        raise PositionError(f"skipped: player {state.skipped} is not the player right after the play to beat")
    if state.skipped is not None:
        prev = combination(state.table[-2][1], state.rules) if len(state.table) > 1 else None
        last = combination(state.table[-1][1], state.rules)
        if prev is None or last is None or not skips_next(last, prev):
            raise PositionError(f"skipped: player {state.skipped} is skipped only after an equal single or pair")
    if not state.rules.pass_is_final:
        early = sorted(q for q in state.passed if q not in between)
        if early:
            raise PositionError(f"passed: player {early[0]} has not had the turn since the play to beat "
                                "(the turn goes round from it)")


def _first_free(places: Sequence[int | None]) -> int:
    return next(pl for pl in range(1, len(places) + 1) if pl not in places)


def _no_play_reason(cards: Sequence[Card], leading: bool) -> Reason:
    """The rule against playing ``cards``, which are no play (:func:`combination`), with the
    sentence for what is wrong with them: the Fool in a set (§Fool), a trump among normal cards
    (§Lead's "Trump cards are special ...", for every play), too many trumps (§Trumping), else a set
    of the wrong shape: §Lead's sentence for a lead, §Follow's for a follow."""
    trumps = [c for c in cards if c.suit == TRUMP]
    if FOOL in cards:
        section, quote = "Fool", "it can't be led and can't be used as a normal trump card in a set of 2 or 3 trumps"
    elif trumps and len(trumps) < len(cards):
        section, quote = "Lead", "Trump cards are special and can't be included in normal plays except for five of a kind"
    elif trumps:
        section, quote = "Trumping", ("you may lead one, two or three trumps at once" if leading else _TRUMP_QUOTE)
    else:
        section, quote = ("Lead", _LEAD_QUOTE) if leading else ("Follow", _FOLLOW_QUOTE)
    return reason("combination", _why_not_a_play(cards), section, quote)


def _why_not_a_play(cards: Sequence[Card]) -> str:
    """Why a set of cards is no play (for position errors)."""
    text = " ".join(c.ascii for c in cards)
    if FOOL in cards:
        return f"the Fool in a set ({text}): it is never part of a trump set or a normal play"
    trumps = [c for c in cards if c.suit == TRUMP]
    if trumps and len(trumps) < len(cards):
        return f"a trump in a normal play ({text}): trumps join normal cards only in five of a kind"
    if trumps:
        return f"{len(trumps)} trumps ({text}): a trump set has 1 to 3 trumps"
    return f"{text} is no play (1-4 cards of one rank or a five-card hand)"


SPEC = FoolerySpec()
"""The one spec instance."""
