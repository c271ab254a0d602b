"""Durak (Russian "fool"): the executable spec.

Plain, literal, slow Python: the reference every faster implementation is checked against.
It implements ``docs/durak-model.md`` (the sequential formal model) to the letter; that
document fixes everything the seed leaves to the players' table talk.

Seed: ``shared/seeds/001_def8269363c5257b.txt``, cited below as **001**, with the heading or
paragraph opening the quote comes from:

* §rules        -- "The rules of the game are quite simple:"
* §throw-in     -- "The difference from a simple fool is that:" (podkidnoy)
* §transfer     -- "The rules are the same as in the throw-in, but with one complication" (perevodnoy)
* §Distribution -- "Distribution and moves"
* §Throw option -- "Throw option"
* §Translation  -- 'Translation "Fool"'
* §General      -- "General rules"
* §Types        -- "Types of playing the fool"
* §Card game    -- 'Card game Fool: game rules'
* §Variants     -- "Variants of the game of throw-in and transfer fool"
* §Essence      -- "What is the essence of the game?"

Reading guide (one function per rule, in this order): :func:`beats`, :func:`lowest_trump_leads`
(and what a first bout says of it, :func:`first_lead_breach`), the re-deal (:func:`redeal_order`,
:func:`open_redeal`, :func:`redeal_reasons`, :func:`keep_deal`),
:func:`bout_limit`, :func:`cap`, :func:`attack_options` (the lead), :func:`can_transfer`,
:func:`throwers`, :func:`legal_throws`, :func:`draw_order`, :func:`draw_cards`,
:func:`going_out`, :func:`next_attacker`, :func:`end_of_bout`, :func:`end_of_game`.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any, ClassVar

from foolsolve.cards import DIAMONDS, FRENCH36, FRENCH52, FRENCH54, GLYPHS, HEARTS, SUIT_NAMES, Card, Deck
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
from foolsolve.rules import Among, Reconstruction, json_shown, option, rules_from_json, rules_to_json
from foolsolve.worlds import CountRule, Hidden, View, ZoneField, is_viewer, known_words, zone_words

HAND_SIZE = 6
"""001 §rules: "Each is dealt 6 cards"; "the players get cards from the deck, missing up to six"."""

MIN_PLAYERS, MAX_PLAYERS = 2, 8
"""001 §rules: "The game can be played by two to six people"; 001 §Essence: "It is permissible to increase
the number of party participants up to 8 people, but subject to the use of a deck of 54 cards"."""
DECK_PLAYERS = {36: 6, 52: 6, 54: 8}
"""The most players each deck serves: 001 §Card game "the number of participants in this game can be from 2 to
8 and it depends on the number of cards in the deck (6 players - 36 cards, maximum 8 - 54 cards)"."""

META = GameMeta(
    name="durak", title="Durak", seed="001_def8269363c5257b.txt", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    deck=FRENCH54,  # 36 cards by default, 52 or 54 by the deck option: the 54-card deck names them all
    dynamics=Dynamics.SEQUENTIAL, chance_mode=ChanceMode.DETERMINISTIC, information=Information.IMPERFECT,
    utility=Utility.ZERO_SUM,
    hidden="the other players' hands and the order of the stock; the stock's bottom card (the face-up "
           "trump) is seen by all, as is everything laid on the table, shown or discarded",
    chance="the shuffle, made by deal(): a position's stock order is part of the state and hidden by the views")
"""The game's record (read by the spec class, the engine, the registry, OpenSpiel, the pictures)."""

SIMPLE, PODKIDNOY, PEREVODNOY = "simple", "podkidnoy", "perevodnoy"


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {json_shown(value)}")
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, got {json_shown(value)}")
    return value


# =====================================================================================
# Rules
# =====================================================================================


@dataclass(frozen=True)
class Rules:
    """The rule options of Durak (docs/durak-model.md, "Rules options"). Default first."""

    variant: str = option(
        PODKIDNOY, choices=(PODKIDNOY, SIMPLE, PEREVODNOY),
        doc="simple: no throw-ins; podkidnoy: throw-ins; perevodnoy: throw-ins and transfers.",
        source="001 §throw-in 'The difference from a simple fool is that'; §transfer 'one complication'; "
               "§Types 'You can play a simple, throw-in or transfer fool'")
    deck: int = option(
        36, choices=(36, 52, 54), parse=_int,
        doc="Cards in the deck: 36 (6..A) or 52 (2..A), ace high; 54: 2..A and two Jokers, one red and one "
            "black, for up to 8 players. The Joker of the trump's colour (the trump Joker) beats every card; the "
            "other beats every card of its colour and is beaten only by a trump and the trump Joker (readings "
            "listed by 'foolsolve rules durak').",
        source="001 §rules 'The game uses a deck of 36 cards'; "
               "'Usually they use the one in which 36 cards, in rare cases they play 52-piece'; §Essence 'It is "
               "permissible to increase the number of party participants up to 8 people, but subject to the use "
               "of a deck of 54 cards'; 'the highest card is the Trump Joker (if it is not a trump card, then red "
               "beats red cards, black beats black)'")
    first_bout_limit: int = option(
        5, choices=(5, 6), parse=_int,
        applies={"variant": (PODKIDNOY, PEREVODNOY)},
        doc="Most attack cards in the first bout of the deal (in simple Durak a bout is the lead alone, at most "
            "four cards of one rank, below either limit).",
        source="001 §throw-in 'At the first rebound, you cannot throw more than four cards ... (the total "
               "number of cards is five)'; §Throw option 'the first turn should consist of no more than five'")
    first_bout_sixth_after_take: bool = option(
        True, choices=(True, False), parse=_bool,
        applies={"variant": (PODKIDNOY, PEREVODNOY), "throw_in_after_take": (True,), "first_bout_limit": (5,)},
        doc="First bout: once the defender has said 'take', the attackers may throw in up to a sixth attack card.",
        source="001 §throw-in 'At the first rebound, you cannot throw more than four cards to the battering player "
               "(the total number of cards is five), but if player does not fight back, then you can throw the 6th "
               "card'")
    bout_limit: str = option(
        "six_then_hand", choices=("six_then_hand", "six"),
        applies={"variant": (PODKIDNOY, PEREVODNOY)},
        doc="six_then_hand: at most 6 attack cards while the stock has cards, then only the defender's "
            "hand limits; six: always at most 6 (in simple Durak a bout is the lead alone, at most four cards "
            "of one rank, below either limit).",
        source="001 §throw-in 'you cannot throw more than five cards ... the total number of cards to discard "
               "is six. But this rule is valid while the deck has cards'")
    throw_in_after_take: bool = option(
        True, choices=(True, False), parse=_bool,
        applies={"variant": (PODKIDNOY, PEREVODNOY)},
        doc="Attackers may still throw in after the defender has said 'take' (podkidnoy, perevodnoy).",
        source="001 §throw-in 'You can also toss cards, When player decided to accept cards'")
    throwers: str = option(
        "all", choices=("all", "neighbours"), min_players=3,
        applies={"variant": (PODKIDNOY, PEREVODNOY)},
        doc="Who may throw in (3+ players): all other players, or only the defender's two neighbours (a lead "
            "attacker who sits apart from the defender, as after a transfer under transfer_lead=bout_leader, "
            "does not throw in: reading neighbours_lead).",
        source="001 §Types 'agree whether all the players will throw up or only the extreme ones, "
               "sitting on both sides of the one on whom the move was made'")
    transfer_by_showing_trump: bool = option(
        False, choices=(False, True), parse=_bool,
        applies={"variant": (PEREVODNOY,)},
        doc="Perevodnoy: the defender may transfer by showing (not laying) the trump of the attack rank; the "
            "trump stays in the hand and is shown once a bout (reading show_once).",
        source="001 §Variants 'It is permissible to transfer the move to another participant simply by "
               "showing a trump card of the same value as the card on the table'")
    transfer_first_bout: bool = option(
        False, choices=(False, True), parse=_bool,
        applies={"variant": (PEREVODNOY,)},
        doc="Perevodnoy: transfers are allowed in the first bout of the deal (a dealt position is a first game).",
        source="001 §transfer 'The first round cannot be transferred if the participants are playing the "
               "first game'; §Translation 'The first move is carried out according to the same canons. Starting "
               "from the second, ... can be transferred'")
    transfer_blocked_by_trump: bool = option(
        True, choices=(True, False), parse=_bool,
        applies={"variant": (PEREVODNOY,)},
        doc="Perevodnoy: no transfer while a trump-suit card lies on the table (garbled sentence); whether the "
            "trump laid (or shown) to transfer counts is the option transfer_trump_laid.",
        source="001 §transfer 'You cannot transfer more cards than the next player has in his hands, and "
               "also if there is a card of a trump suit on the table'")
    transfer_trump_laid: bool = option(
        True, choices=(True, False), parse=_bool, reconstructed=True,
        applies={"variant": (PEREVODNOY,), "transfer_blocked_by_trump": (True,)},
        doc="Perevodnoy with transfer_blocked_by_trump: true: only a trump-suit card lying on the table before the "
            "transfer blocks it, so a trump of the attack's rank may be laid or shown to transfer (once laid, it "
            "blocks the next player's transfer; a shown trump stays in the hand and blocks nothing); false: the "
            "trump that passes the bout on counts as a trump on the table, laid or shown (showing does what laying "
            "does), so while the block is on no trump transfers and none is shown. The text does not say whether "
            "the card laid counts; true because counting it would forbid every transfer with a trump, while the "
            "text lets a trump of the attack's rank pass the move on even by being shown.",
        source="001 §transfer 'and also if there is a card of a trump suit on the table'; §Variants 'It is "
               "permissible to transfer the move to another participant simply by showing a trump card of the same "
               "value as the card on the table' (whether the card laid to transfer counts, the text does not say)")
    transfer_lead: str = option(
        "transferrer", choices=("transferrer", "bout_leader"), reconstructed=True, min_players=3,
        applies={"variant": (PEREVODNOY,)},
        doc="Perevodnoy, 3+ players: after a transfer, who is the lead attacker (throws in first, draws first): "
            "the transferrer, or the player who led the bout (unless the attack has come round to them, then "
            "the transferrer).",
        source="001 §rules 'Takes first cards walking player'; §throw-in 'player, who walked, has the right of the "
               "first action' (which of the two 'walked' after a transfer, the text does not say)")
    redeal_right: bool = option(
        True, choices=(True, False), parse=_bool,
        doc="Right after the deal, a player holding 5 or more cards of one suit may demand a complete re-deal "
            "('redeal') or keep the cards ('keep'); such players are asked in the order of the deal (reading "
            "redeal_order: the text does not say who speaks first); a new deal may open the right again.",
        source="001 §Card game 'each of the players has the right to demand a complete re-dealing of cards if, "
               "after the distribution, he has 5 or more cards in his hands that belong to the same suit'")
    draw_outcome: str = option(
        "draw", choices=("draw", "last_defender_loses"),
        doc="When the last players go out together: a draw, or the last defender is the fool.",
        source="001 §rules 'A draw (draw) is also possible in the game'; §Variants 'A draw implies a preliminary "
               "agreement on subsequent actions. If there were no discussions, the loser is the one who fought back "
               "the last move, even if he covered all the cards.'")
    defender_hand_cap: bool = option(
        True, choices=(True,), fixed=True,
        doc="A bout never holds more attack cards than the defender held when the bout (or transfer) began.",
        source="001 §rules 'The number of cards that a move was made with should not be more than the number "
               "of cards in the player's hand, for which this move was made'")
    transfer_cap: bool = option(
        True, choices=(True,), fixed=True,
        doc="A transfer is illegal if the next player would have more cards to beat than they hold.",
        source="001 §transfer 'You cannot transfer more cards than the next player has in his hands'")
    teams: str = option(
        "none", choices=("none", "2v2", "3v3"), min_players=4,
        doc="Team play: none, 2v2 (4 players) or 3v3 (6 players), partners sitting alternately (players 0, 2, 4 "
            "against 1, 3, 5). An attack (a lead or a transfer) goes to the next player of the other team, "
            "nobody throws in to a partner, and the team left holding cards loses together (readings listed "
            "by 'foolsolve rules durak').",
        source="001 §Variants 'When playing in team mode 2v2 or 3v3, the rules remain the same. In a transfer "
               "fool, the move is transferred to a member of the opposite team. In the toss-up variant, there is "
               "a rule not to toss elements to the players of your team'")
    places: str = option(
        "fool", choices=("fool", "even", "first_last"), reconstructed=True,
        doc="fool: only the fool loses (-1; the others +1/(n-1)); even: finishing places in the order of going "
            "out, evenly spaced from +1 (first) to -1 (last), place k paying (n+1-2k)/(n-1); first_last: place 1 "
            "+1, the last place -1, the others 0. Players "
            "going out at the same end of a bout share their places (each the mean of the places they span). "
            "The text names the places, not their scores.",
        source="001 §Card game 'Sometimes players agree among themselves to identify the winners, according to "
               "the sequence of discarding cards. For example, the first one to discard all cards is the winner, "
               "the subsequent ones take the corresponding places'")
    trump_ace_exchange: bool = option(
        False, choices=(False, True), parse=_bool,
        doc="The lead attacker holding the six of trumps may, before leading a bout, exchange it for the trump "
            "ace lying face up under the stock (the move 'exchange 6X'; when, and which six, are reconstructions "
            "listed by 'foolsolve rules durak').",
        source="001 §Translation 'some offer to exchange a trump ace, lying open under the deck, for a trump six'")

    @property
    def deck_cards(self) -> Deck:
        """The deck these rules play with."""
        return {36: FRENCH36, 52: FRENCH52, 54: FRENCH54}[self.deck]

    @property
    def has_throw_ins(self) -> bool:
        """Podkidnoy and perevodnoy have throw-ins; simple has none (001 §throw-in)."""
        return self.variant in (PODKIDNOY, PEREVODNOY)


SIDE_OPTIONS = ("teams", "places", "trump_ace_exchange")
"""The side rules of 001 that only the spec and the engine play (the exact solvers, the compiled search and
the native playout refuse a position using them; the engine's playout falls back to its generic loop).
The 54-card deck (``deck: 54``, with Jokers and up to 8 players) is a side rule too."""
WRITTEN_WHEN_SET = (*SIDE_OPTIONS, "transfer_trump_laid")
"""The options the canonical form (``state_to_json``) writes only when not at their defaults: the side
rules and ``transfer_trump_laid``, so a position that leaves them at their defaults does not name them
(its text, which a world's seed in the seat analysis hashes, does not depend on them)."""
PLAIN_DECKS = (36, 52)
"""The decks without Jokers (the deck option's other value, 54, is a side rule)."""


def side_defaults() -> dict[str, Any]:
    """The :data:`SIDE_OPTIONS` at their defaults and the deck among :data:`PLAIN_DECKS`
    (``random_rules(Rules, rng, **side_defaults())`` draws the other options as before: the native
    playout's and the benchmarks' random games)."""
    default = Rules()
    return {name: getattr(default, name) for name in SIDE_OPTIONS} | {"deck": Among(PLAIN_DECKS)}


def check_table(rules: Rules, n: int, field: str) -> None:
    """Whether ``n`` players can sit at a table under these rules, for a deal (``field`` "players")
    and a position file ("hands"): 7-8 players only with the 54-card deck (001 §Card game "maximum 8
    - 54 cards"), teams only at their own size, places only for players on their own. One
    :class:`InputError` naming the problem otherwise."""
    if n > DECK_PLAYERS[rules.deck]:
        raise InputError(f"{field}: {n} players need the 54-card deck (rules.deck 54); the {rules.deck}-card "
                         f"deck serves 2..{DECK_PLAYERS[rules.deck]}")
    if rules.teams != NO_TEAMS and n != TEAM_PLAYERS[rules.teams]:
        where = "players: teams" if field == "players" else "rules.teams:"
        tail = f"got {n}" if field == "players" else f"this position has {n}"
        raise InputError(f"{where} {rules.teams} is played by {TEAM_PLAYERS[rules.teams]} players, {tail}")
    if rules.teams != NO_TEAMS and rules.places != "fool":
        raise InputError("rules.places: finishing places are for players on their own; with teams a team loses")


def side_options(rules: Rules) -> list[str]:
    """The :data:`SIDE_OPTIONS` these rules set off their default (``name=value``), for one-line refusals."""
    default = Rules()
    return [f"{name}={getattr(rules, name)}".lower() for name in SIDE_OPTIONS
            if getattr(rules, name) != getattr(default, name)] + ([] if rules.deck in PLAIN_DECKS else ["deck=54"])


# =====================================================================================
# Moves (docs/durak-model.md "Moves": kinds in sort-key order)
# =====================================================================================


@dataclass(frozen=True)
class Attack:
    """Lead one card, or several of one rank. Cards are kept in card-index order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return "attack " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class Cover:
    """The defender beats the uncovered ``attack`` card with ``card``."""

    attack: Card
    card: Card

    def __str__(self) -> str:
        return f"cover {self.attack} with {self.card}"


@dataclass(frozen=True)
class _OneCard:
    """A move naming one card; its text is ``VERB card``."""

    card: Card
    VERB: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"{self.VERB} {self.card}"


@dataclass(frozen=True)
class Transfer:
    """Perevodnoy: lay one or more cards of the attack rank at once and pass the whole attack on
    (001 §Translation, :data:`_TRANSFER_MANY_QUOTE`). Cards are kept in card-index order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return "transfer " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class ShowTrump(_OneCard):
    """Perevodnoy with ``transfer_by_showing_trump``: show the trump of the attack rank to transfer."""

    VERB: ClassVar[str] = "show"


@dataclass(frozen=True)
class Throw(_OneCard):
    """Throw in one card whose rank is on the table."""

    VERB: ClassVar[str] = "throw"


@dataclass(frozen=True)
class Exchange(_OneCard):
    """``trump_ace_exchange``: the lead attacker gives the six of trumps (``card``) for the trump ace
    lying face up under the stock."""

    VERB: ClassVar[str] = "exchange"


@dataclass(frozen=True)
class Take:
    """The defender picks up (or will pick up, after throw-ins) every table card."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True)
class Pass:
    """A thrower declines to throw ("Bito!")."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Redeal:
    """Right after the deal: a player with 5 or more cards of one suit demands a complete re-deal."""

    def __str__(self) -> str:
        return "redeal"


@dataclass(frozen=True)
class Keep:
    """Right after the deal: a player who may demand a re-deal keeps the cards dealt."""

    def __str__(self) -> str:
        return "keep"


Move = Attack | Cover | Transfer | ShowTrump | Throw | Take | Pass | Redeal | Keep | Exchange


def move_sort_key(move: Move) -> tuple[Any, ...]:
    """docs/durak-model.md: ``(kind number, sorted card indices...)``; Cover ``(2, attack, card)``;
    Attack ``(1, tuple of card indices)``; Transfer ``(3, tuple of card indices)``; Redeal ``(8,)``
    before Keep ``(9,)``; Exchange ``(10, card)``."""
    if isinstance(move, Attack):
        return (1, tuple(c.index for c in move.cards))
    if isinstance(move, Cover):
        return (2, move.attack.index, move.card.index)
    if isinstance(move, Transfer):
        return (3, tuple(c.index for c in move.cards))
    if isinstance(move, ShowTrump):
        return (4, move.card.index)
    if isinstance(move, Throw):
        return (5, move.card.index)
    if isinstance(move, Take):
        return (6,)
    if isinstance(move, Pass):
        return (7,)
    if isinstance(move, Redeal):
        return (8,)
    if isinstance(move, Exchange):
        return (10, move.card.index)
    return (9,)


# =====================================================================================
# State
# =====================================================================================

TableEntry = tuple[Card, Card | None]


@dataclass(frozen=True)
class State:
    """One Durak position (docs/durak-model.md "State"). Hashable; never mutated.

    ``table`` is kept sorted by attack-card index (the order cards were laid never matters
    to the rules), so equal positions are equal states.
    """

    rules: Rules
    players: int
    hands: tuple[frozenset[Card], ...]
    stock: tuple[Card, ...]
    """Draw order: ``stock[0]`` is drawn first, ``stock[-1]`` is the face-up trump card."""
    trump: str | None
    discard: frozenset[Card]
    out: tuple[int, ...]
    attacker: int
    defender: int
    table: tuple[TableEntry, ...]
    to_move: int
    taking: bool
    first_bout: bool
    defender_start: int
    shown: frozenset[Card]
    last_defender: int
    redeal_seed: int | None = None
    """While the redeal phase runs (right after a deal, :func:`open_redeal`): the hidden seed of
    the next shuffle (``random.Random(redeal_seed)`` deals the re-deal); ``None`` once play has begun.
    Hidden from every player's view, like the stock's order."""
    places: tuple[int, ...] = ()
    """Under ``places`` (else empty): the finishing place of each player of ``out``, in the same order;
    players who went out at the same end of a bout share the first place of their group."""
    known: tuple[frozenset[Card], ...] = ()
    """Knowledge only (no rule reads it): per player, the cards picked up in a take (in view of all)
    that the hand still holds, and the card ``turned`` while the last hand still holds it; ``()``
    when there are none. Kept to the cards in each hand."""
    turned: Card | None = None
    """Knowledge only (no rule reads it): where the deal leaves no stock (6 players, 36 cards), the
    last card dealt, to player ``players - 1``, which is turned up for all to see and names the trump
    (reconstruction ``turned_shown``); ``None`` where a stock holds the face-up trump, or where a
    position does not say. Kept for the whole deal; while the last hand holds it, it is in ``known``."""

    def __post_init__(self) -> None:
        known = self.known
        last = self.players - 1
        if self.turned is not None and self.turned in self.hands[last]:  # shown to all at the deal
            base = known or (frozenset(),) * self.players
            known = (*base[:last], base[last] | {self.turned}, *base[last + 1:])
        if known:  # a card that left a hand is no longer known to be there
            known = tuple(k & h for k, h in zip(known, self.hands))
            known = known if any(known) else ()
        if known != self.known:
            object.__setattr__(self, "known", known)


def _sorted_table(entries: Iterable[TableEntry]) -> tuple[TableEntry, ...]:
    return tuple(sorted(entries, key=lambda e: e[0].index))


def uncovered(state: State) -> list[Card]:
    """The attack cards still waiting for a cover."""
    return [a for a, c in state.table if c is None]


def table_cards(state: State) -> list[Card]:
    """Every card on the table, attack and cover."""
    out: list[Card] = []
    for a, c in state.table:
        out.append(a)
        if c is not None:
            out.append(c)
    return out


def table_ranks(state: State) -> set[int]:
    """Ranks on the table, "including those that were played and those that were winged" (001 §throw-in)."""
    return {c.rank for c in table_cards(state)}


def next_player(state: State, p: int, out: Iterable[int] | None = None) -> int:
    """The next player after ``p`` to the left (clockwise) who is not out.
    001 §rules: "The move is always to the left"."""
    gone = set(state.out if out is None else out)
    q = (p + 1) % state.players
    while q in gone and q != p:
        q = (q + 1) % state.players
    return q


def previous_player(state: State, p: int) -> int:
    """The player before ``p`` (to the right) who is not out."""
    q = (p - 1) % state.players
    while q in state.out and q != p:
        q = (q - 1) % state.players
    return q


def alive(state: State) -> list[int]:
    """Players not out, in player order."""
    return [p for p in range(state.players) if p not in state.out]


NO_TEAMS = "none"
TEAM_PLAYERS = {"2v2": 4, "3v3": 6}
"""``teams``: the players each team play needs (001 §Variants "team mode 2v2 or 3v3")."""
_TEAM_QUOTE = ("When playing in team mode 2v2 or 3v3, the rules remain the same. In a transfer fool, the move is "
               "transferred to a member of the opposite team")
_TEAM_THROW_QUOTE = "In the toss-up variant, there is a rule not to toss elements to the players of your team"


def team(p: int) -> int:
    """Player ``p``'s team under ``teams`` (RECONSTRUCTION ``team_seating``: partners sit alternately,
    so team 0 is players 0, 2, 4 and team 1 is players 1, 3, 5)."""
    return p % 2


def team_words(players: int) -> str:
    """The teams in words: ``team 0 is players 0, 2, 4; team 1 is players 1, 3, 5`` (:func:`team`)."""
    return "; ".join(f"team {t} is players {', '.join(str(p) for p in range(players) if team(p) == t)}"
                     for t in (0, 1))


def opponent_after(state: State, p: int, out: Iterable[int] | None = None) -> int:
    """Who ``p`` attacks (a lead) or transfers to: the next player after ``p`` to the left who is not out;
    under ``teams`` the next such player of the other team (001 §Variants: "In a transfer fool, the move
    is transferred to a member of the opposite team"; RECONSTRUCTION ``team_defender``: a lead goes to
    the other team too). No opponent left: the next player (the game is over then)."""
    if state.rules.teams == NO_TEAMS:
        return next_player(state, p, out)
    gone = set(state.out if out is None else out)
    for i in range(1, state.players):
        q = (p + i) % state.players
        if q not in gone and team(q) != team(p):
            return q
    return next_player(state, p, out)


def game_over(state: State) -> bool:
    """At most one player still holds cards; under ``teams``, every player still in is of one team
    (RECONSTRUCTION ``team_end``: that team has lost, whatever its players do next)."""
    left = alive(state)
    return len(left) <= 1 or (state.rules.teams != NO_TEAMS and len({team(p) for p in left}) == 1)


# =====================================================================================
# The rules, one function each
# =====================================================================================


def beats(b: Card, a: Card, trump: str | None) -> bool:
    """Whether card ``b`` beats card ``a``.

    001 §rules: the defender must "beat (overlap with the highest card in suit or trump card)";
    "a trump, which can beat any non-trump card, but in its suit is valid only in ascending order";
    001 §Card game: "a card of a trump suit can only be beaten with a trump card of a higher
    denomination". With no trump suit (Bonnet's generalised form, ``trump = None``) only the
    same-suit rule applies.
    """
    if b.is_joker or a.is_joker:
        return _joker_beats(b, a, trump)
    if b.suit == a.suit and b.rank > a.rank:
        return True
    return trump is not None and b.suit == trump and a.suit != trump


_JOKER_QUOTE = "the highest card is the Trump Joker (if it is not a trump card, then red beats red cards, black beats black)"


def joker_reason(card: Card, attack: Card, trump: str | None, does: bool) -> Reason:
    """The reason ``card`` beats (``does``) or does not beat ``attack`` when either is a Joker (deck 54),
    with 001's sentence and the option ``deck``."""
    def name(c: Card) -> str:
        return f"{c} (the trump Joker)" if is_trump_joker(c, trump) else str(c)
    verb = "beats" if does else "does not beat"
    how = ("the trump Joker beats every card" if is_trump_joker(card, trump) or is_trump_joker(attack, trump)
           else "the other Joker beats the cards of its colour and is beaten by a trump")
    return reason("beats", f"{name(card)} {verb} {name(attack)}: {how}", "Essence", _JOKER_QUOTE, "deck",
                  Rules(deck=54))


def is_trump_joker(card: Card, trump: str | None) -> bool:
    """The Joker of the trump suit's colour (the 54-card deck; none without a trump suit).

    001 §Essence: "the highest card is the Trump Joker (if it is not a trump card, then red beats
    red cards, black beats black)" (reconstruction ``joker_colours``)."""
    return card.is_joker and trump is not None and card.is_red == (trump in (HEARTS, DIAMONDS))


def _joker_beats(b: Card, a: Card, trump: str | None) -> bool:
    """:func:`beats` when either card is a Joker (reconstructions ``joker_colours``, ``joker_beaten``).

    001 §Essence: "the highest card is the Trump Joker (if it is not a trump card, then red beats red
    cards, black beats black)"; "In a deck of 54 cards, the countdown also goes up in the
    same way, but it starts with a deuce, and the Joker is considered the oldest, not the Ace"."""
    if is_trump_joker(a, trump):
        return False  # the highest card
    if is_trump_joker(b, trump):
        return True
    if b.is_joker:
        return not a.is_joker and a.is_red == b.is_red  # red beats red cards, black beats black
    return trump is not None and b.suit == trump  # the other Joker: beaten by a trump


def lowest_trump_leads(hands: tuple[frozenset[Card], ...], trump: str | None) -> int:
    """The first attacker of a deal: the player holding the lowest trump, else player 0.

    001 §rules: "The right of the first move in the first game belongs to the player who has a
    trump card of the lowest value"; §Distribution: "The one with the lowest trump card starts".
    Nobody holding a trump: player 0 (modelling choice, docs/durak-model.md "The deal").
    """
    best: tuple[int, int] | None = None
    for p, hand in enumerate(hands):
        for c in hand:
            if c.suit == trump and (best is None or c.rank < best[0]):
                best = (c.rank, p)
    return 0 if best is None else best[1]


def first_lead_breach(rules: Rules, trump: str | None, hands: tuple[frozenset[Card], ...],
                      table: Iterable[TableEntry], attacker: int, defender: int, last_defender: int,
                      bottom: Card | None) -> str | None:
    """What a position in the first bout of a deal (``first_bout``, after the redeal phase) says
    against :func:`lowest_trump_leads`, or ``None``: the player who led the bout must have been
    dealt the lowest trump dealt (player 0 when no trump was dealt).

    001 §rules: "The right of the first move in the first game belongs to the player who has a
    trump card of the lowest value"; §Distribution: "The one with the lowest trump card starts";
    RECONSTRUCTION ``first_lead`` (nobody holding a trump: player 0). What the position certainly
    says of the cards dealt (docs/durak-model.md "The deal"):

    * who led: the player before the deal's first defender, ``last_defender`` (it stays the first
      defender until the bout ends, C8; a transfer changes the attacker, never it);
    * the dealt hands are the hands plus the cards laid this bout (nothing is discarded or drawn
      in the first bout; the face-up trump, ``stock[-1]``, was never dealt): a cover is the
      defender's (transfers come before covers); with two players and no transfer in this bout
      (not perevodnoy with ``transfer_first_bout``) every attack card is the attacker's; otherwise
      the position does not record who laid an attack card (a throw-in, a transfer), so it may
      have been anyone's, the first attacker's too;
    * ``trump_ace_exchange``: with the six of trumps face up under the stock and the trump ace in
      the leader's hand or laid by him, the six may be the card he gave for the ace
      (:func:`exchange_cards`), so dealt to him.

    ``hands`` may hold only some of each hand's cards (a view's seen ones and the hidden trumps that
    matter): every trump lower than any listed must be listed where it is dealt."""
    if trump is None:  # a hand-made position: no deal turned a trump up
        return None
    n = len(hands)
    leader = (last_defender - 1) % n
    dealt = [set(h) for h in hands]
    anyone: set[Card] = set()  # attack cards the position does not attribute
    two = n == 2 and not (rules.variant == PEREVODNOY and rules.transfer_first_bout)
    for a, c in table:
        if c is not None:
            dealt[defender].add(c)
        (dealt[attacker] if two else anyone).add(a)
    if rules.trump_ace_exchange and bottom is not None and bottom.suit == trump and bottom.rank == EXCHANGE_RANK \
            and any(c.suit == trump and c.rank == EXCHANGE_FOR for c in dealt[leader] | anyone):
        dealt[leader].add(bottom)
    trumps = [(c.rank, c) for c in set().union(*dealt, anyone) if c.suit == trump and not c.is_joker]
    field = "attacker" if leader == attacker else "last_defender"
    if not trumps:
        if leader != 0:
            return (f"{field}: player {leader} led the first bout of the deal, but no trump was dealt, so player 0 "
                    "leads it (the lowest trump leads; nobody holding one, player 0)")
        return None
    low = min(trumps)[1]
    if low in anyone or low in dealt[leader]:
        return None
    holder = next(p for p in range(n) if low in dealt[p])
    where = (f"in hands[{holder}]" if low in hands[holder] else
             f"laid by player {holder} on the table")
    return (f"{field}: player {leader} led the first bout of the deal, but {low.ascii}, the lowest trump dealt, is "
            f"{where} (the player holding the lowest trump leads the first bout)")


RECONSTRUCTIONS = (
    Reconstruction(
        "first_lead", "The player holding the lowest trump leads the first bout of a deal (from the text); the "
        "reading: nobody holding a trump, player 0 leads.", "The text says the lowest trump twice; its garbled "
        "\"lowest value when > 10, else highest\" reading is no rule a table could play, and a deal with no trump "
        "dealt needs some first player.",
        '001 §rules: "The right of the first move in the first game belongs to the player who has a trump card of '
        'the lowest value"'),
    Reconstruction(
        "neighbours_lead", "throwers=neighbours: only the defender's two neighbours throw in, the lead attacker "
        "first when he is one of them; a lead attacker who sits apart from the defender (after a transfer under "
        "transfer_lead=bout_leader, or a team game's lead past a partner) does not throw in, and the neighbours "
        "throw in clockwise from the defender's left. He still draws first.", "The text lets only \"the extreme "
        "ones, sitting on both sides\" throw in and gives the \"player, who walked\" the first throw; when the "
        "player who walked is not beside the defender the two sentences cannot both hold, and the first is the "
        "rule a table agreed on; the clockwise order is the one the text gives once the walker has nothing to "
        "throw.",
        '001 §Types: "agree whether all the players will throw up or only the extreme ones, sitting on both sides '
        'of the one on whom the move was made"; §throw-in: "throws up cards walking player. If he has nothing to '
        'throw, then the players start throwing in a clockwise direction"'),
    Reconstruction(
        "show_once", "transfer_by_showing_trump: a trump shown to transfer stays in the hand and may not be shown "
        "again in the same bout; it may still be laid later in the bout (to transfer, to throw in, to beat a card).",
        "A shown trump does not leave the hand, so without this one card could pass the same bout on again and "
        "again, and round the table for ever; the text names showing as one way to pass the move on, not a card "
        "that passes it again and again.",
        '001 §Variants: "It is permissible to transfer the move to another participant simply by showing a trump '
        'card of the same value as the card on the table"'),
    Reconstruction(
        "throw_after_cover", "Throw-ins (podkidnoy, perevodnoy) are offered only once every attack card is covered "
        "or the defender has said take; while a card is uncovered only the defender moves (modelling choice: the "
        "table's simultaneous throwing made sequential).", "The text points both ways: §Throw option gives the "
        "throw \"when they are all beaten off\", §Variants lets others toss \"when a card is placed for an "
        "opponent\"; a sequential game needs one moment, and the covered table is the one the text describes "
        "step by step (docs/durak-model.md \"THROW\").",
        '001 §Throw option: "When they are all beaten off, the one who walked has the right to give a similar one"; '
        'against it §Variants: "During the turn, when a card is placed for an opponent, other players can toss '
        'additional elements"'),
    Reconstruction(
        "throw_one_card", "Cards are thrown in one at a time, and the defender answers each (covers it or takes) "
        "before anyone throws again; after the defender's take, the thrower who threw keeps the throw.",
        "One card a move keeps every choice a move of its own; §Throw option gives the thrower \"so far only 1 "
        "card\" until it is beaten, while §throw-in speaks of throwing \"cards\" and a table may add several at "
        "once.",
        '001 §Throw option: "He has the right to give so far only 1 card. After she is beaten, the right to throw a '
        'card passes again to the one who walked"; against it §throw-in: "walking player has the right to throw '
        'cards, matching in value with any card on the table"'),
    Reconstruction(
        "throw_pass_holds", "A thrower who passes (or has nothing to throw) does not throw again until the "
        "defender's next cover; after the defender's take a pass lasts the bout. The bout ends when every thrower "
        "in turn has passed or cannot throw.", "The text has a thrower give way to the next (\"the turn in a "
        "circle\") and gives no moment a passed thrower speaks again but the next cover, after which §Throw option "
        "gives the throw back to the one who walked.",
        '001 §throw-in: "walking player can throw it up again when the turn in a circle reaches him again"; '
        '§Throw option: "When the walker has nothing to throw, this is done by the next player sitting on his left '
        'hand"'),
    Reconstruction(
        "throw_lead_first", "After each cover the throwers are asked again from the top of their order: the lead "
        "attacker first (where he throws in), then the others in turn from the player after the defender.",
        "§Throw option gives the throw back to the one who walked after each card is beaten; §throw-in lets him "
        "throw again only \"when the turn in a circle reaches him again\"; the first is the sentence that says "
        "what happens after a cover, the second names no cover.",
        '001 §Throw option: "After she is beaten, the right to throw a card passes again to the one who walked"; '
        'against it §throw-in: "walking player can throw it up again when the turn in a circle reaches him again"'),
    Reconstruction(
        "out_defender_lead", "A bout beaten off by a defender who goes out with it (the stock empty): the next bout "
        "is led by the next player clockwise after the defender who still holds cards, as after a take.", "The text "
        "gives the next lead to \"the person who just fought off\", who then has no card to lead; moves go "
        "clockwise, so the lead passes on to the next player after him still in the game.",
        '001 §Throw option: "the move goes to the person who just fought off"; §rules: "The move is always to the '
        'left"'),
    Reconstruction(
        "redeal_order", "redeal_right: the players who may demand a re-deal are asked once each, in the order the "
        "cards were dealt (player 0 first); the first who demands it re-deals at once, and the new deal opens the "
        "right anew.", "The text gives each such player the right and no order of speaking; the deal's own order "
        "(from the dealer's left) is the one order the text names, and a demand leaves nothing for the others to "
        "choose.",
        '001 §Card game: "each of the players has the right to demand a complete re-dealing of cards if, after the '
        'distribution, he has 5 or more cards in his hands that belong to the same suit"; "The distribution starts '
        'from the player who took the place to the left of the one who deals"'),
    Reconstruction(
        "team_seating", "teams: partners sit alternately, team 0 is players 0, 2 (, 4) and team 1 is players 1, 3 "
        "(, 5).", "The text names 2v2 and 3v3 and that 'the rules remain the same'; with partners apart every lead "
        "and every transfer to the next player already goes to the other team, as the text wants.",
        '001 §Variants: "When playing in team mode 2v2 or 3v3, the rules remain the same"'),
    Reconstruction(
        "team_defender", "teams: a lead goes to the next player of the other team who is not out (as a transfer "
        "does); partners never play against each other.", "The text says where a transfer goes ('a member of the "
        "opposite team') and that partners do not throw in to each other; once players have gone out the next "
        "player may be a partner, and a bout against one's own team would break both sentences' intent.",
        '001 §Variants: "In a transfer fool, the move is transferred to a member of the opposite team"'),
    Reconstruction(
        "team_end", "teams: the game ends once every player still holding cards is of one team; that team loses "
        "together (-1 each, the other team +1 each). Nobody left: a draw, or under draw_outcome="
        "last_defender_loses the last defender's team loses.", "The text gives no team scoring; its fool is 'the "
        "only one who has them left', and once one team alone holds cards its last player is the fool whatever "
        "happens, unless they all go out at once, which would only make a draw out of a lost game.",
        '001 (What is the essence of the game?): "That player, the only one who has them left, is recognized as '
        'a fool"; §Variants: "team mode 2v2 or 3v3"'),
    Reconstruction(
        "place_ties", "places: players who go out at the same end of a bout share their places (each the mean "
        "of the payoffs of the places they span); the player left holding cards is last.", "Players go out when "
        "a bout ends and the stock is empty, several at once; the text orders places by 'the sequence of "
        "discarding cards' and says nothing of two going out together.",
        '001 §Card game: "the first one to discard all cards is the winner, the subsequent ones take the '
        'corresponding places"'),
    Reconstruction(
        "exchange_when", "trump_ace_exchange: the exchange is made by the lead attacker, on their turn to lead a "
        "bout (table empty, any bout while the ace still lies under the stock), as a move before the lead; the "
        "attacker then still leads.", "The text names the exchange and nothing of when or by whom; a move of the "
        "player to move needs no other player to interrupt, and after it the ace is in hand and the six lies face "
        "up, so it is made at most once.",
        '001 §Translation: "some offer to exchange a trump ace, lying open under the deck, for a trump six"'),
    Reconstruction(
        "exchange_six", "trump_ace_exchange: the card given is the six of trumps itself, in the 52-card deck too "
        "(where the two is the lowest trump).", "The text names \"a trump six\", in the 36-card deck the lowest "
        "trump; nothing says the lowest trump is meant in a longer deck, so the card named is taken.",
        '001 §Translation: "exchange a trump ace, lying open under the deck, for a trump six"'),
    Reconstruction(
        "joker_colours", "deck 54: the two Jokers are one red and one black; the Joker of the trump suit's colour "
        "is the trump Joker and beats every card; the other Joker beats every card of its colour's two suits; with "
        "no trump suit neither is a trump Joker.", "The text names a trump Joker and colours beating colours "
        "without saying what the 54-card deck holds; the usual pack has two Jokers, one red and one black.",
        '001 §Essence: "the highest card is the Trump Joker (if it is not a trump card, then red beats red '
        'cards, black beats black)"'),
    Reconstruction(
        "joker_beaten", "deck 54: the Joker that is not the trump Joker is beaten by any trump and by the trump "
        "Joker, and by nothing else; the trump Joker is beaten by nothing.", "\"The Joker is considered the "
        "oldest\" puts it above the ace of its colour's suits; a trump beats any non-trump card, and the trump "
        "Joker is the highest card.",
        '001 §Essence: "the Joker is considered the oldest, not the Ace"'),
    Reconstruction(
        "joker_rank", "deck 54: a Joker has no rank in common with any card (nor the other Joker): it is led "
        "alone, nothing is thrown in to it nor it to others, and it never transfers; a Joker is no card of the "
        "trump suit (it is never the lowest trump, never blocks a transfer, is never shown to transfer) and of no "
        "suit for a re-deal.", "The text gives the Jokers a place in the order of beating and nothing else.",
        '001 §Essence: "the highest card is the Trump Joker"'),
    Reconstruction(
        "joker_turned", "deck 54: a Joker turned up for the trump is put back into the stock where it was and the "
        "next card is turned up instead, until a suit card shows; that card names the trump and lies face up "
        "under the stock.", "A Joker names no suit, and the text names the trump by the card turned up.",
        '001 §Distribution: "The next card from the deck is turned face up and placed on the table. This is a '
        'trump card"'),
    Reconstruction(
        "turned_shown", "With no stock left after the deal (6 players, 36 cards), the last card dealt, which names "
        "the trump, is turned up for all to see and goes to the last player's hand: every player knows it is there "
        "until it is played.", "The text names the trump by the last card and says nothing of showing it; every "
        "other deal turns the trump card face up for all (001 §Essence: \"in such a way that everyone can see it\"), "
        "and a trump nobody has seen names no suit anyone can play to.",
        '001 §Card game: "If the number of players corresponds to the number of cards, that is, after the '
        'surrender there are none left, then the last card of the deck is also considered a trump card"'),
    Reconstruction(
        "joker_players", "7 or 8 players play only with the 54-card deck (deck 36 or 52: 2 to 6 players).",
        "The text allows 8 players \"subject to the use of a deck of 54 cards\".",
        '001 §Essence: "It is permissible to increase the number of party participants up to 8 people, but '
        'subject to the use of a deck of 54 cards"'),
)
"""Readings of 001 where only one is sensible (``foolsolve rules durak`` lists them)."""

REDEAL_SUIT_CARDS = 5
"""001 §Card game: "if, after the distribution, he has 5 or more cards in his hands that belong to the
same suit"."""

SEED_BITS = 53
"""The seed of a re-deal is ``rng.getrandbits(53)``: a whole number below 2**53, which every JSON
reader holds exactly."""

_REDEAL_QUOTE = ("each of the players has the right to demand a complete re-dealing of cards if, after the "
                 "distribution, he has 5 or more cards in his hands that belong to the same suit")


def longest_suit(hand: Iterable[Card]) -> tuple[int, str | None]:
    """The most cards ``hand`` holds of one suit, and that suit (the first in suit order on a tie;
    ``None`` for an empty hand)."""
    counts: dict[str, int] = {}
    for c in sorted(hand):
        counts[c.suit] = counts.get(c.suit, 0) + 1
    best: tuple[int, str | None] = (0, None)
    for suit, k in counts.items():
        if k > best[0]:
            best = (k, suit)
    return best


def redeal_order(hands: tuple[frozenset[Card], ...]) -> list[int]:
    """The players who may demand a re-deal after this deal, in the order they are asked.

    001 §Card game: "each of the players has the right to demand a complete re-dealing of cards if,
    after the distribution, he has 5 or more cards in his hands that belong to the same suit".
    RECONSTRUCTION ``redeal_order`` (the text does not say who speaks first): each such player is
    asked once, in the order the cards were dealt (player 0 first: "The distribution starts from the player who
    took the place to the left of the one who deals"); the first demand re-deals at once.
    """
    return [p for p, hand in enumerate(hands) if longest_suit(hand)[0] >= REDEAL_SUIT_CARDS]


def open_redeal(state: State, rng: random.Random) -> State:
    """A fresh deal's redeal phase: with ``redeal_right`` and someone holding 5 or more cards of one
    suit, the first of :func:`redeal_order` decides, and the seed of the next shuffle is drawn
    from ``rng`` (``getrandbits(SEED_BITS)``, only then); otherwise the deal is played as dealt.
    A right, not a duty (001 §Card game "has the right to demand"): the player may keep.
    """
    if not state.rules.redeal_right:
        return state
    order = redeal_order(state.hands)
    if not order:
        return state
    return dataclasses.replace(state, redeal_seed=rng.getrandbits(SEED_BITS), to_move=order[0])


def redeal_reasons(state: State, player: int) -> list[Reason]:
    """Why ``player`` may not demand a re-deal here (empty: they may): the option is on, it is the
    redeal phase right after the deal (before the first attack), it is their turn to decide,
    and they hold 5 or more cards of one suit (001 §Card game)."""
    out: list[Reason] = []
    if not state.rules.redeal_right:
        out.append(reason("redeal_right", "re-deals are not played under these rules", "Card game", _REDEAL_QUOTE,
                          "redeal_right", state.rules))
    if state.redeal_seed is None:
        out.append(reason("redeal_right", "play has begun: a re-deal is demanded right after the deal, before the "
                          "first attack", "Card game", "if, after the distribution, he has 5 or more cards in his "
                          "hands that belong to the same suit"))
    elif player != state.to_move:
        out.append(reason("redeal_right", f"player {state.to_move} decides now (each player with the right is "
                          "asked in turn)", "Card game", _REDEAL_QUOTE))
    most, suit = longest_suit(state.hands[player])
    if most < REDEAL_SUIT_CARDS:
        of = f" ({most} {SUIT_NAMES[suit]})" if suit is not None else ""
        out.append(reason("redeal_right", f"player {player} holds at most {plural(most, 'card')} of one suit{of}; a re-deal "
                          f"needs {REDEAL_SUIT_CARDS} or more", "Card game", _REDEAL_QUOTE))
    return out


def keep_deal(state: State) -> State:
    """The player to move keeps the deal: the next player of :func:`redeal_order` after them
    decides; nobody left, play begins as dealt (the lowest trump leads, the redeal phase ends)."""
    later = [p for p in redeal_order(state.hands) if p > state.to_move]
    if later:
        return dataclasses.replace(state, to_move=later[0])
    return dataclasses.replace(state, redeal_seed=None, to_move=state.attacker)


def bout_limit(state: State) -> int | None:
    """The most attack cards a bout may hold apart from the defender's hand (``None``: no such limit).

    001 §throw-in: "you cannot throw more than five cards ... the total number of cards to discard is
    six. But this rule is valid while the deck has cards, when all cards in the end and on the hands,
    you can throw up as many cards as the defender has cards in his hands"; "At the first rebound,
    you cannot throw more than four cards to the battering player (the total number of cards is five),
    but if player does not fight back, then you can throw the 6th card" -- that tail is the option
    ``first_bout_sixth_after_take`` (docs/durak-model.md C7): once the defender has said "take" in
    the first bout, the limit is six. The stock never changes during a bout, so apart from that
    take the limit is constant within a bout.
    """
    if state.first_bout:
        if state.taking and state.rules.first_bout_sixth_after_take:
            return max(state.rules.first_bout_limit, 6)  # 001: "you can throw the 6th card"
        return state.rules.first_bout_limit
    if state.rules.bout_limit == "six":
        return 6
    if state.stock:  # "six_then_hand": six while the deck has cards
        return 6
    return None


def cap(state: State) -> int:
    """The most attack cards the current bout may hold: ``min(defender_start, limit)``.

    001 §rules: "The number of cards that a move was made with should not be more than the number of
    cards in the player's hand, for which this move was made"; 001 §throw-in: "you cannot throw more
    cards than the battling player has left - that is, if the player has three cards, they put one to
    him, and he decided to accept it, then he can only add two" (fixed rule ``defender_hand_cap``).
    """
    limit = bout_limit(state)
    return state.defender_start if limit is None else min(state.defender_start, limit)


def _full_bout(state: State) -> str:
    """Why no more attack cards fit the bout, as a parenthesis for a message (nothing where the
    table is below :func:`cap`: then nobody holds a card to throw)."""
    limit = bout_limit(state)
    if len(state.table) < cap(state):
        return ""
    if limit is None or state.defender_start <= limit:
        held = plural(state.defender_start, "card")
        return (f" (the {held} the defender held when the bout began {'caps' if state.defender_start == 1 else 'cap'} "
                f"the bout at {plural(state.defender_start, 'attack card')}: 001 §rules)")
    if state.first_bout:
        return f" (the first bout of the deal holds at most {plural(limit, 'attack card')}: 001 §throw-in)"
    why = "always" if state.rules.bout_limit == "six" else "while the stock has cards"
    return f" (a bout holds at most 6 attack cards {why}: 001 §throw-in)"


def first_bout_lines(state: State) -> list[str]:
    """What ``show`` says of the first bout of a deal: that it is one, with its limit and (perevodnoy)
    that it is not transferred; or, for a fresh deal not marked as the first bout (``first_bout``
    false or left out of a hand-built file: the state does not tell them apart), that the later
    bouts' rules apply to it."""
    rules = state.rules
    if state.first_bout and state.redeal_seed is None:
        limit = f"at most {plural(rules.first_bout_limit, 'attack card')}"
        if rules.first_bout_sixth_after_take and rules.first_bout_limit < 6 and rules.has_throw_ins \
                and rules.throw_in_after_take:
            limit += " (6 once the defender takes)"
        if rules.variant == PEREVODNOY and not rules.transfer_first_bout:
            return [f"first bout of the deal: {limit}; no transfers (001 §throw-in, §transfer)"]
        return [f"first bout of the deal: {limit} (001 §throw-in)"]
    fresh = (not state.first_bout and state.redeal_seed is None and not state.discard and not state.table
             and not state.out and all(len(h) == HAND_SIZE for h in state.hands)
             and len(state.stock) == rules.deck - HAND_SIZE * state.players)
    if fresh:
        later = "up to 6 attack cards" + (", transfers" if rules.variant == PEREVODNOY else "")
        return [f"first_bout false or not set: a fresh deal, but the later bouts' rules apply ({later}); set "
                "\"first_bout\": true for the first bout's"]
    return []


def cap_reasons(state: State, total: int) -> list[Reason]:
    """Why a bout may not hold ``total`` attack cards (empty: it may): the defender's hand
    (:func:`cap`) and the bout limit (:func:`bout_limit`), each named when it is exceeded."""
    out: list[Reason] = []
    if total > state.defender_start:
        out.append(reason("cap", f"{total} attack cards, but defender {state.defender} held only "
                          f"{state.defender_start} when the bout began",
                          "rules", "The number of cards that a move was made with should not be more than the "
                          "number of cards in the player's hand, for which this move was made",
                          "defender_hand_cap", state.rules))
    limit = bout_limit(state)
    if limit is not None and total > limit:
        if state.first_bout:
            opt = "first_bout_sixth_after_take" if state.taking else "first_bout_limit"
            out.append(reason("bout_limit", f"{total} attack cards, but the first bout of the deal holds at "
                              f"most {limit}", "throw-in", "At the first rebound, you cannot throw more than four "
                              "cards to the battering player (the total number of cards is five)", opt, state.rules))
        else:
            why = "always" if state.rules.bout_limit == "six" else "while the stock has cards"
            out.append(reason("bout_limit", f"{total} attack cards, but a bout holds at most 6 {why}",
                              "throw-in", "you cannot throw more than five cards ... the total number of cards to "
                              "discard is six. But this rule is valid while the deck has cards",
                              "bout_limit", state.rules))
    return out


_TAKE_AT_WILL_QUOTE = ("If the one who fights back, for certain reasons (does not want or cannot) does not hide at "
                       "least one card, he takes them all")
"""001's sentence for a take the defender chooses though he could cover (its §rules sentence, "If he
cannot cover ... he is obliged to take", is for the defender who cannot)."""
_LEAD_QUOTE = "You can either walk with one cards of any value, or from several cards of the same value"


def not_held(state: State, player: int, cards: Iterable[Card], rule: str) -> list[Reason]:
    """A move may only use cards of the mover's hand (one reason per card not there). Said plainly,
    with no quote: 001 says it of no one move (its dealing sentence, "Each is dealt 6 cards face
    down", was quoted here and says nothing of a card that is not in the hand)."""
    return [reason(rule, f"no card {c} in player {player}'s hand") for c in sorted(cards) if c not in state.hands[player]]


def attack_reasons(state: State, cards: tuple[Card, ...]) -> list[Reason]:
    """Why the lead ``cards`` is not allowed (empty: it is): one card, or several of one rank, from
    the attacker's hand, at most :func:`cap` of them.

    001 §rules: "You can either walk with one cards of any value, or from several cards of the same
    value"; §Throw option: "you can walk with 1-4 cards of the same value".
    """
    out = not_held(state, state.attacker, cards, "attack_options")
    if not cards:
        out.append(reason("attack_options", "no cards: a lead is one card or several of one rank", "rules",
                          _LEAD_QUOTE))
    if len({c.rank for c in cards}) > 1:
        out.append(reason("attack_options", "cards of different ranks: a lead is one card or several of one rank",
                          "rules", _LEAD_QUOTE))
    return out + cap_reasons(state, len(cards))


def attack_options(state: State) -> list[Attack]:
    """The lead: every set of same-rank cards of the attacker's hand that :func:`attack_reasons`
    allows."""
    hand = state.hands[state.attacker]
    moves: list[Attack] = []
    for rank in sorted({c.rank for c in hand}):
        same = sorted(c for c in hand if c.rank == rank)
        for size in range(1, len(same) + 1):
            for combo in combinations(same, size):
                if not attack_reasons(state, combo):
                    moves.append(Attack(combo))
    return moves


def cover_reasons(state: State, attack: Card, card: Card) -> list[Reason]:
    """Why the defender may not cover ``attack`` with ``card`` (empty: they may): an uncovered attack
    card, a card of the defender's hand that :func:`beats` it (001 §rules: the defender "must beat ...
    all cards, which made the move")."""
    out: list[Reason] = []
    if attack not in uncovered(state):
        out.append(reason("cover_options", f"{attack} is not an uncovered attack card on the table", "rules",
                          "Player, sitting to the left of the incoming one, must beat (overlap with the highest card in "
                          "suit or trump card) all cards, which made the move"))
    out += not_held(state, state.defender, [card], "cover_options")
    if not beats(card, attack, state.trump) and (card.is_joker or attack.is_joker):
        out.append(joker_reason(card, attack, state.trump, False))
    elif not beats(card, attack, state.trump):
        trump = f"trump {_suit_name(state.trump)}" if state.trump else "no trump"
        out.append(reason("beats", f"{card} does not beat {attack} ({trump}): a higher card of its suit or a "
                          "trump is needed", "rules", "a trump, which can beat any non-trump card, but in its "
                          "suit is valid only in ascending order"))
    return out


def cover_options(state: State) -> list[Cover]:
    """Every (uncovered attack card, hand card) pair :func:`cover_reasons` allows."""
    hand = state.hands[state.defender]
    return [Cover(a, c) for a in uncovered(state) for c in sorted(hand) if not cover_reasons(state, a, c)]


def transfer_target(state: State) -> int:
    """Who a transfer passes the attack to: the next player after the defender who is not out
    (two players: the attacker). 001 §transfer: "pass both cards the next player to hit"; under
    ``teams`` the next player of the other team (:func:`opponent_after`)."""
    return opponent_after(state, state.defender)


def can_transfer(state: State, cards: tuple[Card, ...], *, show: bool) -> bool:
    """Whether the defender may transfer with ``cards`` (laid; or, when ``show``, the one card
    shown): whether :func:`transfer_reasons` finds nothing against it."""
    return not transfer_reasons(state, cards, show=show)


_TRANSFER_QUOTE = ("if player, under which they go, has a card of the same value, then he can put it next to the "
                   "already lying card and pass both cards the next player to hit")
_TRANSFER_MANY_QUOTE = ("Starting from the second, one or more cards of the same denomination can be transferred. "
                        "So, if they went under you from the six, you can put one or two sixes of a different suit "
                        "and transfer them under the one who sits on the left hand")
"""001 §Translation: a transfer lays one card of the attack's rank or several at once (the only
sentence on how many; §transfer's "put it next to the already lying card" is the one-card case)."""


_BLOCKED_QUOTE = ("You cannot transfer more cards than the next player has in his hands, and also if there is a card "
                  "of a trump suit on the table")


def transfer_reasons(state: State, cards: tuple[Card, ...], *, show: bool) -> list[Reason]:
    """Every rule against the defender transferring with ``cards`` (laid; or, when ``show``, the one
    trump shown).

    001 §transfer: "if player, under which they go, has a card of the same value, then he can put
    it next to the already lying card and pass both cards the next player to hit - "transfer".
    The first round cannot be transferred if the participants are playing the first game. Next
    player can transfer again if he has a card of the same rank. You cannot transfer more cards than
    the next player has in his hands, and also if there is a card of a trump suit on the table."
    001 §Translation: "Starting from the second, one or more cards of the same denomination can be
    transferred. So, if they went under you from the six, you can put one or two sixes of a different
    suit and transfer them" -- one or more cards at once, every one of the attack's rank; the limits
    (the next player's hand, the bout limit) apply to the total on the table after the transfer.
    001 §Variants: "It is permissible to transfer the move ... simply by showing a trump card of the
    same value as the card on the table" (one trump, shown). Whether the trump laid or shown counts
    as "a card of a trump suit on the table" is the option ``transfer_trump_laid``.
    """
    rules = state.rules
    out: list[Reason] = []
    if rules.variant != PEREVODNOY:
        out.append(reason("can_transfer", "transfers belong to perevodnoy (transfer) Durak only", "transfer",
                          "The rules are the same as in the throw-in, but with one complication", "variant", rules))
    if not cards:
        out.append(reason("can_transfer", "a transfer lays at least one card", "Translation", _TRANSFER_MANY_QUOTE))
    if show:
        card = cards[0]
        if len(cards) > 1:
            out.append(reason("can_transfer", "only one trump is shown", "Variants", "simply by showing a trump "
                              "card of the same value as the card on the table"))
        if not rules.transfer_by_showing_trump:
            out.append(reason("can_transfer", "a transfer lays the card; showing a trump is a variant",
                              "Variants", "It is permissible to transfer the move to another participant simply by "
                              "showing a trump card of the same value", "transfer_by_showing_trump", rules))
        if state.trump is None or card.suit != state.trump:
            out.append(reason("can_transfer", f"{card} is not a trump: only a trump can be shown", "Variants",
                              "simply by showing a trump card of the same value as the card on the table"))
        if card in state.shown:
            # RECONSTRUCTION show_once: a shown trump stays in the hand, so one card could otherwise
            # transfer the same bout again and again; each trump is shown once a bout.
            out.append(reason("can_transfer", f"{card} was already shown in this bout", "Variants",
                              "simply by showing a trump card of the same value as the card on the table"))
    out += not_held(state, state.defender, cards, "can_transfer")
    if any(c is not None for _, c in state.table):  # only before anything is beaten
        out.append(reason("can_transfer", "a card on the table is already beaten: a transfer comes before any "
                          "cover", "transfer", _TRANSFER_QUOTE))
    for card in cards:
        if card.rank != state.table[0][0].rank:  # "a card of the same value"; "of the same denomination"
            out.append(reason("can_transfer", f"{card} does not have the attack's rank", "transfer", _TRANSFER_QUOTE))
    if state.first_bout and not rules.transfer_first_bout:
        out.append(reason("can_transfer", "this is the first bout of the first game, which cannot be transferred",
                          "transfer", "The first round cannot be transferred if the participants are playing the "
                          "first game", "transfer_first_bout", rules))
    if rules.transfer_blocked_by_trump and state.trump is not None:
        if any(c.suit == state.trump for c in table_cards(state)):
            out.append(reason("can_transfer", "a trump lies on the table", "transfer", _BLOCKED_QUOTE,
                              "transfer_blocked_by_trump", rules))
        # RECONSTRUCTION (option transfer_trump_laid): true, the table before the transfer (the cards being
        # laid or shown do not count: a trump of the attack's rank transfers, and once laid blocks the next
        # transfer); false, the trump that passes the bout on counts as on the table, laid or shown alike.
        for card in cards:
            if card.suit == state.trump and not rules.transfer_trump_laid:
                out.append(reason("can_transfer", f"{card} is a trump: the trump {'shown' if show else 'laid'} to "
                                  "transfer counts as a trump on the table", "transfer", _BLOCKED_QUOTE,
                                  "transfer_trump_laid", rules))
    new_total = len(state.table) + (0 if show else len(cards))  # the attack cards after the transfer
    target = transfer_target(state)
    if len(state.hands[target]) < new_total:  # transfer_cap
        out.append(reason("can_transfer", f"player {target} would have {plural(new_total, 'card')} to beat but holds "
                          f"{len(state.hands[target])}", "transfer", "You cannot transfer more cards than the next "
                          "player has in his hands", "transfer_cap", rules))
    limit = bout_limit(state)
    if limit is not None and new_total > limit:
        out += [dataclasses.replace(r, rule="can_transfer", says=f"after the transfer: {r.says}")
                for r in cap_reasons(dataclasses.replace(state, defender_start=new_total), new_total)]
    return out


def transfer_options(state: State) -> list[Transfer | ShowTrump]:
    """Transfers (every set of one or more of the defender's cards of the attack's rank that
    :func:`transfer_reasons` allows), then shown-trump transfers (one trump each)."""
    hand = sorted(state.hands[state.defender])
    rank = state.table[0][0].rank
    same = [c for c in hand if c.rank == rank]  # a card of another rank never transfers
    moves: list[Transfer | ShowTrump] = [Transfer(combo) for size in range(1, len(same) + 1)
                                         for combo in combinations(same, size) if can_transfer(state, combo, show=False)]
    moves += [ShowTrump(c) for c in hand if can_transfer(state, (c,), show=True)]
    return moves


EXCHANGE_RANK, EXCHANGE_FOR = 6, 14
"""``trump_ace_exchange``: the six of trumps is given for the ace of trumps (RECONSTRUCTION
``exchange_six``: the six itself, whatever the deck)."""
_EXCHANGE_QUOTE = "some offer to exchange a trump ace, lying open under the deck, for a trump six"


def exchange_reasons(state: State, card: Card) -> list[Reason]:
    """Why the player to move may not give ``card`` for the trump ace under the stock (empty: they may).

    001 §Translation: "So, some offer to exchange a trump ace, lying open under the deck, for a trump
    six" (option ``trump_ace_exchange``). RECONSTRUCTIONS ``exchange_when`` (the lead attacker, on
    their turn to lead, before the lead) and ``exchange_six`` (the six itself).
    """
    rules = state.rules
    out: list[Reason] = []
    if not rules.trump_ace_exchange:
        out.append(reason("exchange_reasons", "the exchange of the trump ace is not played under these rules",
                          "Translation", _EXCHANGE_QUOTE, "trump_ace_exchange", rules))
    if phase(state) != LEAD:
        out.append(reason("exchange_reasons", "the exchange is made by the lead attacker before leading a bout "
                          "(reconstruction exchange_when)", "Translation", _EXCHANGE_QUOTE))
    if state.trump is None or card.suit != state.trump or card.rank != EXCHANGE_RANK:
        out.append(reason("exchange_reasons", f"{card} is not the six of trumps", "Translation", _EXCHANGE_QUOTE))
    out += not_held(state, state.attacker, [card], "exchange_reasons")
    bottom = state.stock[-1] if state.stock else None
    if bottom is None or bottom.suit != state.trump or bottom.rank != EXCHANGE_FOR:
        lies = f"{bottom} lies" if bottom is not None else "no card lies"
        out.append(reason("exchange_reasons", f"{lies} face up under the stock, not the trump ace", "Translation",
                          _EXCHANGE_QUOTE))
    return out


def exchange_options(state: State) -> list[Exchange]:
    """The exchange, when :func:`exchange_reasons` allows it (at most one move: the six of trumps)."""
    if not state.rules.trump_ace_exchange or state.trump is None:
        return []
    six = FRENCH52.card(state.trump, EXCHANGE_RANK)
    return [Exchange(six)] if not exchange_reasons(state, six) else []


def exchange_cards(state: State) -> State:
    """The six goes face up under the stock in the ace's place, the ace to the attacker's hand; the
    attacker still leads."""
    assert state.trump is not None  # exchange_reasons: only the six of a trump suit is exchanged
    six = FRENCH52.card(state.trump, EXCHANGE_RANK)
    ace = state.stock[-1]
    hands = tuple((h - {six}) | {ace} if p == state.attacker else h for p, h in enumerate(state.hands))
    known = list(state.known or (frozenset(),) * state.players)
    known[state.attacker] = known[state.attacker] | {ace}  # taken from under the stock in view of all
    return dataclasses.replace(state, hands=hands, stock=(*state.stock[:-1], six), known=tuple(known))


def throwers(state: State) -> list[int]:
    """The throwers of this bout in priority order.

    001 §throw-in: "If there are more than two players in the game, then player, who walked, has the
    right of the first action, but when he finished walking, the other players have the right to throw
    their cards"; "throws up cards walking player. If he has nothing to throw, then the players start
    throwing in a clockwise direction." 001 §Types: "agree whether all the players will throw up or
    only the extreme ones, sitting on both sides of the one on whom the move was made".
    Model: the lead attacker, then clockwise from the player after the defender, skipping the defender
    and players who are out. ``throwers == "neighbours"``: only "the extreme ones, sitting on both
    sides of the one on whom the move was made", the defender's two neighbours (players who are out
    skipped): the lead attacker first when he is one of them (the player before the defender, who
    led to him), then the other. RECONSTRUCTION ``neighbours_lead``: a lead attacker who sits apart
    from the defender (the bout's leader kept by ``transfer_lead == "bout_leader"`` after a
    transfer; under ``teams``, a lead past a partner) does not throw in, and the two neighbours
    throw in clockwise from the defender's left.
    """
    if state.rules.throwers == "neighbours":
        sides = [q for q in (next_player(state, state.defender), previous_player(state, state.defender))
                 if q != state.defender]
        order = [state.attacker] if state.attacker in sides else []
        order += [q for q in sides if q not in order]
    else:
        order = [state.attacker]
        for i in range(1, state.players):
            q = (state.defender + i) % state.players  # never the defender (i < players)
            if q not in state.out and q not in order:
                order.append(q)
    if state.rules.teams != NO_TEAMS:  # 001 §Variants: "not to toss elements to the players of your team"
        order = [q for q in order if team(q) != team(state.defender)]
    return order


def throw_reasons(state: State, player: int, card: Card) -> list[Reason]:
    """Why ``player`` may not throw in ``card`` (empty: they may): throw-ins exist (podkidnoy,
    perevodnoy), the card is in the hand, its rank is on the table, and the bout stays within its
    :func:`cap`.

    001 §throw-in: "walking player has the right to throw cards, matching in value with any card on
    the table, including those that were played and those that were winged."
    """
    out: list[Reason] = []
    if not state.rules.has_throw_ins:
        out.append(reason("legal_throws", "simple Durak has no throw-ins", "throw-in",
                          "The difference from a simple fool is that: walking player has the right to throw cards",
                          "variant", state.rules))
    out += not_held(state, player, [card], "legal_throws")
    if state.rules.teams != NO_TEAMS and team(player) == team(state.defender) and player != state.defender:
        out.append(reason("legal_throws", f"player {player} is defender {state.defender}'s partner: nobody throws "
                          "in to their own team", "Variants", _TEAM_THROW_QUOTE, "teams", state.rules))
    if card.rank not in table_ranks(state):
        out.append(reason("legal_throws", f"no card of {card}'s rank is on the table", "throw-in",
                          "walking player has the right to throw cards, matching in value with any card on the table"))
    out += cap_reasons(state, len(state.table) + 1)
    return out


def legal_throws(state: State, player: int) -> list[Throw]:
    """Cards ``player`` may throw in: those :func:`throw_reasons` allows."""
    if not state.rules.has_throw_ins or len(state.table) + 1 > cap(state):
        return []  # the same verdict for every card (throw_reasons), found without asking each
    if state.rules.teams != NO_TEAMS and team(player) == team(state.defender):
        return []
    return [Throw(c) for c in sorted(state.hands[player]) if not throw_reasons(state, player, c)]


def draw_order(state: State) -> list[int]:
    """Who draws, in order: the lead attacker first, clockwise, the defender last.

    001 §rules: "After each turn, the players get cards from the deck, missing up to six. Takes first
    cards walking player, the defender takes the last." §Throw option: "first this right is granted to
    the walker, then to those sitting to his left, clockwise".
    """
    order = []
    for i in range(state.players):
        p = (state.attacker + i) % state.players
        if p not in state.out and p != state.defender:
            order.append(p)
    return [*order, state.defender]


def draw_cards(state: State, hands: list[frozenset[Card]], stock: list[Card]) -> None:
    """Everyone in :func:`draw_order` draws from ``stock[0]`` up to six (mutates the two lists).
    001 §rules: "During the game, the entire deck is disassembled, including the open trump card"."""
    for p in draw_order(state):
        while len(hands[p]) < HAND_SIZE and stock:
            hands[p] = hands[p] | {stock.pop(0)}


def going_out(state: State, hands: list[frozenset[Card]], stock: list[Card]) -> tuple[int, ...]:
    """Once the stock is empty, every player left without cards is out (player order).

    001 §rules: "The goal of the game is to get rid of all the cards in your hand. Last player, not
    getting rid of the cards, is considered the loser, provided that cards the deck is over."
    001 §Card game: "After the end of the cards in the deck, the game is carried out according to the
    same rules, with the only exception being that the cards do not get any more."
    """
    if stock:
        return state.out
    return state.out + tuple(p for p in range(state.players) if p not in state.out and not hands[p])


def next_attacker(state: State, taken: bool, out: tuple[int, ...]) -> int:
    """Who leads the next bout.

    Beaten -- 001 §rules: "If player covered everything cards ... stray player gets the right to move";
    §Throw option: "the move goes to the person who just fought off". The defender leads unless out,
    then (RECONSTRUCTION ``out_defender_lead``) the next player after them who is not out.
    Taken -- 001 §General: "If he takes the cards, he skips the turn and the next player enters the
    game"; §rules: "The right to move passes to the next player in a clockwise direction."
    """
    if not taken and state.defender not in out:
        return state.defender
    return next_player(state, state.defender, out)


def end_of_game(state: State) -> Result | None:
    """The result once at most one player is not out; ``None`` while two or more still play.

    One left: the fool (001 §rules: "Last player, not getting rid of the cards, is considered the
    loser"). None left: a draw (001 §rules: "A draw (draw) is also possible in the game - when player,
    who makes a move, walks with the last cards, and the one who fights with the last cards fights
    off ... no one has any cards left"), or with ``draw_outcome == "last_defender_loses"`` the last
    defender is the fool (001 §Variants: "the loser is the one who fought back the last move, even if
    he covered all the cards"). Payoffs: fool -1, everyone else +1/(n-1); draw: all 0.
    """
    if not game_over(state):
        return None
    left = alive(state)
    if state.rules.places != "fool":
        return place_result(state)
    if not left and state.rules.draw_outcome == "draw":
        return Result(tuple(Fraction(0) for _ in range(state.players)), "draw")
    if state.rules.teams != NO_TEAMS:  # RECONSTRUCTION team_end: the team left holding cards loses together
        losers = team(left[0] if left else state.last_defender)
        payoffs = tuple(Fraction(-1) if team(p) == losers else Fraction(1) for p in range(state.players))
        members = ", ".join(str(p) for p in range(state.players) if team(p) == losers)
        return Result(payoffs, f"fools: team {losers} (players {members})")
    fool = left[0] if left else state.last_defender
    win = Fraction(1, state.players - 1)
    payoffs = tuple(Fraction(-1) if p == fool else win for p in range(state.players))
    return Result(payoffs, f"fool: player {fool}")


PLACES_QUOTE = ("Sometimes players agree among themselves to identify the winners, according to the sequence of "
                "discarding cards")


def finishing_places(state: State, out: tuple[int, ...]) -> tuple[int, ...]:
    """``state.places`` extended by the players of ``out`` who have just gone out, all sharing the next
    place (option ``places``; 001 §Card game: "according to the sequence of discarding cards. For
    example, the first one to discard all cards is the winner, the subsequent ones take the
    corresponding places"; RECONSTRUCTION ``place_ties``: going out at the same end of a bout is a tie)."""
    if state.rules.places == "fool":
        return ()
    new = len(out) - len(state.out)
    return state.places + (len(state.out) + 1,) * new


def place_payoff(place: int, players: int, rules: Rules) -> Fraction:
    """The payoff of finishing place ``place`` (1 first) under ``places`` (RECONSTRUCTION (option
    ``places``): the text gives places and no scores; both choices are zero-sum, within -1..1 as the
    fool's game, and never pay a place more than a better one)."""
    if rules.places == "first_last":
        return Fraction(1 if place == 1 else -1 if place == players else 0)
    return Fraction(players + 1 - 2 * place, players - 1)


def place_result(state: State) -> Result:
    """The finished game's result under ``places``: each group of players who went out together shares
    the places it spans (the mean of their payoffs); a player left holding cards is last; nobody left
    (the last players went out together): that group shares, unless ``draw_outcome`` is
    ``last_defender_loses``, when the last defender takes the last place and the rest of the group
    shares the places before it."""
    n = state.players
    place = dict(zip(state.out, state.places, strict=True))
    left = alive(state)
    if left:
        place[left[0]] = n
    groups: dict[int, list[int]] = {}
    for p, k in place.items():
        groups.setdefault(k, []).append(p)
    if not left and state.rules.draw_outcome == "last_defender_loses":
        last = max(groups)
        if len(groups[last]) > 1 and state.last_defender in groups[last]:
            groups[last].remove(state.last_defender)
            groups[n] = [state.last_defender]
    payoffs = [Fraction(0)] * n
    finish = [0] * n
    for k, members in groups.items():
        share = sum((place_payoff(k + i, n, state.rules) for i in range(len(members))), Fraction(0)) / len(members)
        for p in members:
            payoffs[p] = share
            finish[p] = k
    order = sorted(range(n), key=lambda q: (finish[q], q))
    label = "places: " + ", ".join(f"{finish[q]}. player {q}" for q in order)
    return Result(tuple(payoffs), label, (("places", finish),))


def end_of_bout(state: State, taken: bool) -> State:
    """Close the bout: the table is discarded (beaten) or picked up (taken); everyone draws; players
    without cards go out; then the next bout is set up, unless the game is over.

    001 §rules: "If he cannot cover at least one cards, he is obliged to take (accept) everything cards,
    which made the move"; "If player covered everything cards ... all cards from the table are sent to
    the end" (discarded). 001 §Card game: "It is also impossible to take cards from the remaining deck
    until all the cards are beaten or taken by the defender."

    When the game is over (docs/durak-model.md "End of the game") the state keeps the final bout's
    ``attacker`` and ``defender``; the table is cleared and ``to_move`` is that attacker.
    """
    hands = list(state.hands)
    discard = state.discard
    cards = frozenset(table_cards(state))
    if taken:
        hands[state.defender] = hands[state.defender] | cards
    else:
        discard = discard | cards
    stock = list(state.stock)
    draw_cards(state, hands, stock)
    out = going_out(state, hands, stock)
    known = list(state.known or (frozenset(),) * state.players)
    if taken:  # the defender picks the table up in view of all: every player knows those cards are hers
        known[state.defender] = known[state.defender] | cards
    settled = dataclasses.replace(
        state, hands=tuple(hands), stock=tuple(stock), discard=discard, out=out, table=(), known=tuple(known),
        places=finishing_places(state, out),
        taking=False, first_bout=False, shown=frozenset(), last_defender=state.defender)
    if game_over(settled):
        return dataclasses.replace(settled, to_move=state.attacker,
                                   defender_start=len(hands[state.defender]))
    attacker = next_attacker(state, taken, out)
    defender = opponent_after(settled, attacker)
    return dataclasses.replace(settled, attacker=attacker, defender=defender, to_move=attacker,
                               defender_start=len(hands[defender]))


def first_thrower(state: State, candidates: list[int]) -> int | None:
    """The first of ``candidates`` (throwers in priority order) with a legal throw, or ``None``: a
    thrower with nothing to throw is skipped without a move (modelling choice, docs/durak-model.md
    "THROW"). The one reading of whom the throw goes to, for :func:`start_throwing` and the
    explanation of a pass (:func:`_pass_reason`)."""
    return next((p for p in candidates if legal_throws(state, p)), None)


def start_throwing(state: State, candidates: list[int]) -> State:
    """Give the move to the :func:`first_thrower` of ``candidates``; nobody: the bout ends (taken if
    the defender said "take", else beaten)."""
    p = first_thrower(state, candidates)
    if p is not None:
        return dataclasses.replace(state, to_move=p)
    return end_of_bout(state, taken=state.taking)


_PASS_ON_QUOTE = ("When the walker has nothing to throw, this is done by the next player sitting on his left hand. "
                  "... After she is beaten, the right to throw a card passes again to the one who walked")
_BEATEN_QUOTE = ("If the players have nothing to throw, they say that they are beaten, and the move goes to the "
                 "person who just fought off")


def _pass_reason(state: State) -> Reason:
    """What a ``pass`` does, for ``why``: the throw goes to the next thrower who can throw, else the
    bout ends; the pass lasts only until the defender's next cover, after which the throwers are
    asked again in their order (:func:`throwers`; 001 §Throw option)."""
    p = state.to_move
    nxt = first_thrower(state, throwers_after(state, p))  # whom start_throwing gives the throw to
    if nxt is None:
        ends = "taken" if state.taking else "beaten"
        return reason("start_throwing", f"player {p} throws nothing now and no other thrower can: the bout ends "
                      f"({ends})", "Throw option", _BEATEN_QUOTE)
    until = ("the defender has said 'take', so no cover follows and the pass lasts the bout" if state.taking else
             "the pass lasts until the defender's next cover, after which the throwers are asked again in their "
             "order, the lead attacker first where he throws in")
    return reason("start_throwing", f"player {p} throws nothing now: player {nxt} may throw next; {until}",
                  "Throw option", _PASS_ON_QUOTE)


def throwers_after(state: State, player: int) -> list[int]:
    """The throwers after ``player`` in priority order."""
    order = throwers(state)
    return order[order.index(player) + 1:] if player in order else []


# =====================================================================================
# Phases
# =====================================================================================

LEAD, DEFEND, THROW, OVER, REDEAL = "lead", "defend", "throw", "over", "redeal"


def phase(state: State) -> str:
    """docs/durak-model.md "Phases" (derived from the fields; REDEAL while ``redeal_seed`` is set)."""
    if state.redeal_seed is not None:
        return REDEAL
    if game_over(state):
        return OVER
    if not state.table:
        return LEAD
    if uncovered(state) and not state.taking:
        return DEFEND
    return THROW


# =====================================================================================
# The game
# =====================================================================================


MISSING = "missing"
"""A view's face-up trump when the view hides it (:meth:`DurakSpec._first_lead_view`)."""

FIRST_LEAD_RULE_LIMIT = 4096
"""The most fillings of the hidden hands by the unseen trumps that decide who was dealt the lowest
trump (each of them in one hidden hand or in the stock) that the first-bout rule is dealt by as a
:class:`CountRule`; above it, worlds that break the rule are drawn and refused (rejection, exact too:
the leader is dealt the lowest trump in about one world in as many as there are hands)."""


@dataclass(frozen=True)
class _FirstLeadView:
    """A first-bout view as :meth:`DurakSpec._first_lead_view` reads it."""

    rules: Rules
    trump: str | None
    seen: tuple[frozenset[Card], ...]
    hidden: tuple[int, ...]
    table: tuple[TableEntry, ...]
    bottom: Card | str | None
    keys: frozenset[Card]

    def rule_size(self) -> int | None:
        """The fillings the :class:`CountRule` walks through (each decisive trump in a hidden hand or
        elsewhere), ``None`` when the rule cannot be dealt that way (too many; or the face-up trump
        hidden where the exchange of the trump ace may have been made)."""
        if self.bottom == MISSING and self.rules.trump_ace_exchange:
            return None
        size = (len(self.hidden) + 1) ** len(self.keys)
        return size if size <= FIRST_LEAD_RULE_LIMIT else None


# The keys and tests of the views' CountRules are module-level classes, not closures, so that a view,
# its Position and its Worlds pickle (a process pool sends them to its workers).


@dataclass(frozen=True, eq=False)  # (compared by identity, as a function is)
class _DecisiveTrump:
    """The first-bout rule's key: a card that decides who was dealt the lowest trump, else ``None``."""

    keys: frozenset[Card]

    def __call__(self, card: Card) -> Card | None:
        return card if card in self.keys else None


@dataclass(frozen=True, eq=False)  # (compared by identity, as a function is)
class _FirstLeadOk:
    """The first-bout rule's test: no :func:`first_lead_breach` with the decisive trumps dealt as counted."""

    fl: _FirstLeadView
    attacker: int
    defender: int
    last_defender: int
    bottom: Card | None

    def __call__(self, counts: dict[tuple[Any, ...], Counter[Any]]) -> bool:
        fl = self.fl
        hands = tuple(fl.seen[p] | frozenset(k for k in counts.get(("hands", p), Counter()) if k is not None)
                      for p in range(len(fl.seen)))
        return first_lead_breach(fl.rules, fl.trump, hands, fl.table, self.attacker, self.defender,
                                 self.last_defender, self.bottom) is None


def _card_suit(card: Card) -> Any:
    """The redeal rule's key: a card's suit."""
    return card.suit


@dataclass(frozen=True, eq=False)  # (compared by identity, as a function is)
class _RedealOk:
    """The redeal rule's test: the mover's hand, its known cards with the unseen ones dealt to it,
    holds :data:`REDEAL_SUIT_CARDS` or more cards of one suit."""

    path: tuple[Any, ...]
    known: Counter[Any]

    def __call__(self, counts: dict[tuple[Any, ...], Counter[Any]]) -> bool:
        drawn = counts.get(self.path, Counter())
        known = self.known
        return any(known[s] + drawn[s] >= REDEAL_SUIT_CARDS for s in {*known, *drawn} if s is not None)



class DurakSpec(SpecGame[State, Move]):
    """Durak (simple, podkidnoy, perevodnoy) as plain Python; see docs/durak-model.md."""

    meta = META
    rules_cls = Rules
    reconstructions = RECONSTRUCTIONS

    # --- the deal ----------------------------------------------------------------------

    def deal(self, rules: Rules, players: int, rng: random.Random) -> State:
        """A new deal (docs/durak-model.md "The deal").

        001 §Distribution: "everyone is dealt 6 cards ... The next card from the deck is turned face up
        and placed on the table. This is a trump card, the remaining stack is placed perpendicularly on
        it." 001 §Card game: "If the number of players corresponds to the number of cards, that is,
        after the surrender there are none left, then the last card of the deck is also considered a
        trump card." Model: player ``i`` gets ``deck[6i:6i+6]`` of the shuffled deck. With no stock the
        last card dealt is turned up for all to see (reconstruction ``turned_shown``; ``State.turned``).
        Then the redeal phase opens if someone may demand a re-deal (:func:`open_redeal`; the seed of
        the next shuffle is drawn from ``rng`` only then).
        """
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InputError(f"players: must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {players!r}")
        check_table(rules, players, "players")
        deck = list(rules.deck_cards.cards)
        rng.shuffle(deck)
        hands = tuple(frozenset(deck[HAND_SIZE * i: HAND_SIZE * i + HAND_SIZE]) for i in range(players))
        rest = deck[HAND_SIZE * players:]
        if rest:
            k = next(i for i, c in enumerate(rest) if not c.is_joker)  # "joker_turned": a suit card names it
            trump = rest[k].suit
            stock = (*rest[:k], *rest[k + 1:], rest[k])  # the face-up trump goes under the stock: drawn last
            turned = None
        else:  # the last card dealt names the trump and is turned up for all ("turned_shown")
            turned = deck[-1]
            trump = turned.suit
            stock = ()
        attacker = lowest_trump_leads(hands, trump)
        defender = (attacker + 1) % players
        dealt = State(rules=rules, players=players, hands=hands, stock=stock, trump=trump,
                      discard=frozenset(), out=(), attacker=attacker, defender=defender, table=(),
                      to_move=attacker, taking=False, first_bout=True,
                      defender_start=len(hands[defender]), shown=frozenset(), last_defender=defender,
                      turned=turned)
        return open_redeal(dealt, rng)

    # --- moves -----------------------------------------------------------------------

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move, sorted by :meth:`move_sort_key`; empty iff the game is over."""
        ph = phase(state)
        moves: list[Move] = []
        if ph == REDEAL:
            moves += [Redeal(), Keep()]
        elif ph == LEAD:
            moves += attack_options(state)
            moves += exchange_options(state)
        elif ph == DEFEND:
            moves += cover_options(state)
            moves += transfer_options(state)
            moves.append(Take())
        elif ph == THROW:
            moves += legal_throws(state, state.to_move)
            moves.append(Pass())
        return sorted(moves, key=move_sort_key)

    def move_sort_key(self, move: Move) -> Any:
        """See :func:`move_sort_key`."""
        return move_sort_key(move)

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``; :class:`IllegalMove` (naming every rule against it) unless it is
        one of :meth:`legal_moves`."""
        self.check_move(move)
        if move not in self.legal_moves(state):
            why = "; ".join(r.text(self.seed_file) for r in self.why_illegal(state, move))
            raise IllegalMove(f"move {move} is not legal here: {why}")
        if isinstance(move, Attack):
            return self._attack(state, move)
        if isinstance(move, Cover):
            return self._cover(state, move)
        if isinstance(move, Transfer):
            return self._transfer(state, move.cards, show=False)
        if isinstance(move, ShowTrump):
            return self._transfer(state, (move.card,), show=True)
        if isinstance(move, Take):
            return self._take(state)
        if isinstance(move, Redeal):
            return self._redeal(state)
        if isinstance(move, Keep):
            return keep_deal(state)
        if isinstance(move, Exchange):
            return exchange_cards(state)
        if isinstance(move, Throw):
            return self._throw(state, move)
        return self._pass(state)

    @staticmethod
    def _with_hand(state: State, player: int, hand: frozenset[Card]) -> tuple[frozenset[Card], ...]:
        return tuple(hand if p == player else h for p, h in enumerate(state.hands))

    def deals_anew(self, move: Move) -> bool:
        """A re-deal is a whole new deal (the same rules and players)."""
        return isinstance(move, Redeal)

    def _redeal(self, state: State) -> State:
        """REDEAL: the whole deck is dealt again, same players and rules, shuffled by
        ``random.Random(redeal_seed)`` (the tree stays deterministic; the seed is hidden as the stock
        is). 001 §Card game: "demand a complete re-dealing of cards"; "After the re-deal of the card, it
        is permissible to repeat the trump card and it can be repeated many times during the re-deal"
        (the new trump may be the old one, and the new deal opens its own redeal phase)."""
        assert state.redeal_seed is not None
        return self.deal(state.rules, state.players, random.Random(state.redeal_seed))

    def _attack(self, state: State, move: Attack) -> State:
        """LEAD: the cards go to the table; the defender must answer."""
        hands = self._with_hand(state, state.attacker, state.hands[state.attacker] - set(move.cards))
        table = _sorted_table((c, None) for c in move.cards)
        return dataclasses.replace(state, hands=hands, table=table, to_move=state.defender)

    def _cover(self, state: State, move: Cover) -> State:
        """DEFEND: cover one card. All covered: throw-ins (or, in simple, the bout is beaten).
        001 §throw-in (simple): "If player covered everything cards, then you can't throw new cards"."""
        hands = self._with_hand(state, state.defender, state.hands[state.defender] - {move.card})
        table = _sorted_table((a, move.card) if a == move.attack else (a, c) for a, c in state.table)
        after = dataclasses.replace(state, hands=hands, table=table, to_move=state.defender)
        if uncovered(after):
            return after
        if not state.rules.has_throw_ins:
            return end_of_bout(after, taken=False)
        return start_throwing(after, throwers(after))

    def _transfer(self, state: State, cards: tuple[Card, ...], *, show: bool) -> State:
        """DEFEND (perevodnoy): the attack passes on, the ``cards`` laid joining it (or the one trump
        shown). 001 §transfer: "When cards transferred to a player who
        cannot transfer them further, he becomes the batting player, and is obliged to cover all or accept".
        RECONSTRUCTION ``transfer_lead``: the transferrer becomes the lead attacker, or the bout's leader
        stays it (unless the attack has come round to them: then the transferrer)."""
        new_defender = transfer_target(state)
        keep = state.rules.transfer_lead == "bout_leader" and new_defender != state.attacker
        lead = state.attacker if keep else state.defender
        if show:
            hands = state.hands
            table = state.table
            shown = state.shown | set(cards)
        else:
            hands = self._with_hand(state, state.defender, state.hands[state.defender] - set(cards))
            table = _sorted_table([*state.table, *((c, None) for c in cards)])
            shown = state.shown
        return dataclasses.replace(state, hands=hands, table=table, shown=shown, attacker=lead,
                                   defender=new_defender, to_move=new_defender,
                                   defender_start=len(hands[new_defender]))

    def _take(self, state: State) -> State:
        """DEFEND: say "take". Throw-ins may follow (podkidnoy/perevodnoy with ``throw_in_after_take``);
        otherwise the bout ends at once as taken."""
        after = dataclasses.replace(state, taking=True)
        if state.rules.has_throw_ins and state.rules.throw_in_after_take:
            return start_throwing(after, throwers(after))
        return end_of_bout(after, taken=True)

    def _throw(self, state: State, move: Throw) -> State:
        """THROW: one card joins the table. Not taking: the defender answers it. Taking: the same
        thrower goes on (if they can), else the next thrower who can."""
        p = state.to_move
        hands = self._with_hand(state, p, state.hands[p] - {move.card})
        table = _sorted_table([*state.table, (move.card, None)])
        after = dataclasses.replace(state, hands=hands, table=table)
        if not state.taking:
            return dataclasses.replace(after, to_move=state.defender)
        return start_throwing(after, [p, *throwers_after(after, p)])

    def _pass(self, state: State) -> State:
        """THROW: this thrower is done; the next thrower who can throw moves, else the bout ends."""
        return start_throwing(state, throwers_after(state, state.to_move))

    def parse_move(self, state: State, text: str) -> Move:
        """The legal move ``text`` names; the cards of an attack may be written in any order
        (``attack 6S 6C`` is ``attack 6C 6S``), as :meth:`read_move` reads them."""
        try:
            return super().parse_move(state, text)
        except IllegalMove:
            try:
                move = self.read_move(state, text)
            except InputError:
                raise IllegalMove(f"move {quoted(text)} is not legal here") from None
            if move in self.legal_moves(state):
                return move
            raise

    # --- why a move is (il)legal -----------------------------------------------------

    def read_move(self, state: State, text: str) -> Move:
        """The move ``text`` names, legal or not: ``attack 6H 6D``, ``cover 6H with 7H``,
        ``transfer 6S`` / ``transfer 6S 6D``, ``show 6S``, ``throw 6C``, ``take``, ``pass``, ``redeal``, ``keep`` (cards of this
        deal's deck)."""
        words = text.replace(",", " ").split()
        if not words:
            raise InputError("move: empty text")
        verb = words[0].lower()
        deck = state.rules.deck_cards

        def card(w: str) -> Card:
            try:
                return deck.parse(w, what="move")
            except InputError:
                raise InputError(f"move: {quoted(w)} is no card of the {state.rules.deck}-card deck") from None

        args = words[1:]
        if verb in ("take", "pass") and not args:
            return Take() if verb == "take" else Pass()
        if verb in ("redeal", "re-deal") and not args:
            return Redeal()
        if verb == "keep" and not args:
            return Keep()
        if verb == "cover" and len(args) == 3 and args[1].lower() == "with":
            return Cover(card(args[0]), card(args[2]))
        if verb in ("attack", "transfer") and args:
            cards = [card(w) for w in args]
            if len(set(cards)) != len(cards):
                raise InputError(f"move: {quoted(text)} names a card twice")
            return Attack(tuple(cards)) if verb == "attack" else Transfer(tuple(cards))
        if verb in ("show", "throw", "exchange") and len(args) == 1:
            c = card(args[0])
            one: dict[str, type[ShowTrump | Throw | Exchange]] = {
                "show": ShowTrump, "throw": Throw, "exchange": Exchange}
            return one[verb](c)
        raise InputError(f"move: cannot read {quoted(text)} (moves are written: attack 6H [6D ...], cover 6H with 7H, "
                         f"transfer 6S [6D ...], show 6S, throw 6C, take, pass, redeal, keep, exchange 6H)")

    def why_illegal(self, state: State, move: Move) -> list[Reason]:
        """Every rule against ``move`` (empty: it is legal): whose turn and what phase it is
        (:func:`phase`), then the rule function of the move's kind. A move of another class or with a bad field
        raises :class:`IllegalMove` (:meth:`check_move`)."""
        self.check_move(move)
        ph = phase(state)
        if ph == OVER:
            res = end_of_game(state)
            return [reason("end_of_game", f"the game is over ({res.label if res else ''})", "rules",
                           "Last player, not getting rid of the cards, is considered the loser")]
        if isinstance(move, Redeal):
            return redeal_reasons(state, state.to_move)
        if isinstance(move, Exchange):
            return exchange_reasons(state, move.card)
        wants = {Attack: LEAD, Cover: DEFEND, Transfer: DEFEND, ShowTrump: DEFEND, Take: DEFEND,
                 Throw: THROW, Pass: THROW, Keep: REDEAL}[type(move)]
        if ph != wants:
            now = {LEAD: f"the table is empty: player {state.attacker} leads the bout",
                   DEFEND: f"cards wait to be beaten: defender {state.defender} covers, transfers or takes",
                   THROW: f"player {state.to_move} may throw in or pass",
                   REDEAL: f"the cards are just dealt: player {state.to_move} (5 or more cards of one suit) "
                           "demands a re-deal or keeps, before the first attack"}[ph]
            need = {LEAD: "an attack only opens a bout", DEFEND: "only the defender answers uncovered cards",
                    THROW: "throw-ins come once every card is covered or the defender has said take",
                    REDEAL: "keep answers the right to a re-deal, right after the deal"}[wants]
            quote = {LEAD: _LEAD_QUOTE,
                     DEFEND: "If he cannot cover at least one cards, he is obliged to take (accept) everything cards",
                     THROW: "walking player has the right to throw cards, matching in value with any card on the "
                            "table",
                     REDEAL: _REDEAL_QUOTE}[wants]
            section = {THROW: "throw-in", REDEAL: "Card game"}.get(wants, "rules")
            if wants == THROW and ph == DEFEND:
                # that throw-ins wait for the covered table (or a take) is the reconstruction
                # throw_after_cover, not a sentence of 001 (whose §throw-in sentence grants the throw)
                out = [reason("phase", f"{now}; {need}", reconstruction="throw_after_cover")]
            else:
                out = [reason("phase", f"{now}; {need}", section, quote)]
            # the cards' holder, where the move is the player's to move: an attack is the attacker's, a cover
            # or transfer the defender's, a throw-in anyone's but the defender's (another player's hand is no
            # reason against a move that is not hers)
            maker = {Attack: state.attacker, Cover: state.defender, Transfer: state.defender,
                     ShowTrump: state.defender}.get(type(move))
            mine = state.to_move == maker if maker is not None else state.to_move != state.defender
            if isinstance(move, (Attack, Cover, Transfer, ShowTrump, Throw)) and mine:
                cards = move.cards if isinstance(move, (Attack, Transfer)) else [move.card]
                out += not_held(state, state.to_move, cards, "legal_moves")
            return out
        if isinstance(move, Attack):
            return attack_reasons(state, move.cards)
        if isinstance(move, Cover):
            return cover_reasons(state, move.attack, move.card)
        if isinstance(move, Transfer):
            return transfer_reasons(state, move.cards, show=False)
        if isinstance(move, ShowTrump):
            return transfer_reasons(state, (move.card,), show=True)
        if isinstance(move, Throw):
            return throw_reasons(state, state.to_move, move.card)
        return []  # take (the defender may always take), pass (a thrower may always decline), keep

    def why_legal(self, state: State, move: Move) -> list[Reason]:
        """The rule a legal ``move`` rests on."""
        if isinstance(move, (Redeal, Keep)):
            most, suit = longest_suit(state.hands[state.to_move])
            held = f"player {state.to_move} holds {most} {SUIT_NAMES[suit] if suit else 'cards'}"
            if isinstance(move, Redeal):
                does = "the whole deck is shuffled and dealt again (the same players and rules)"
                return [reason("redeal_right", f"{held}: {does}", "Card game", _REDEAL_QUOTE, "redeal_right",
                               state.rules)]
            after = keep_deal(state)
            # who has the right after her reads the other hands (hidden from her)
            then = (f"player {after.to_move} also holds {REDEAL_SUIT_CARDS} or more cards of one suit and decides next"
                    if after.redeal_seed is not None else
                    f"nobody after her holds {REDEAL_SUIT_CARDS} or more cards of one suit: play begins, player "
                    f"{state.attacker} leads")
            return [reason("redeal_right", f"{held}: a right, not a duty: the deal stands", "Card game",
                           _REDEAL_QUOTE, "redeal_right", state.rules),
                    reason("keep_deal", then, "Card game", _REDEAL_QUOTE, hidden=True)]
        if isinstance(move, Attack):
            return [reason("attack_options", f"a lead of {plural(len(move.cards), 'card')} of one rank, within this bout's "
                           f"cap of {cap(state)}", "rules", _LEAD_QUOTE)]
        if isinstance(move, Cover) and (move.card.is_joker or move.attack.is_joker):
            return [joker_reason(move.card, move.attack, state.trump, True)]
        if isinstance(move, Cover):
            return [reason("beats", f"{move.card} beats {move.attack}", "rules", "a trump, which can beat any "
                           "non-trump card, but in its suit is valid only in ascending order")]
        laid_trump = ""
        if (isinstance(move, (Transfer, ShowTrump)) and state.rules.transfer_blocked_by_trump
                and state.trump is not None and any(c.suit == state.trump for c in (
                    move.cards if isinstance(move, Transfer) else (move.card,)))):
            how = "shown" if isinstance(move, ShowTrump) else "laid"
            laid_trump = (f"; the trump {how} to transfer does not block it, only one already on the table would "
                          "(option transfer_trump_laid = true)")
        if isinstance(move, Transfer) and len(move.cards) > 1:
            return [reason("can_transfer", f"{plural(len(move.cards), 'card')} of the attack's rank laid at once: "
                           f"the attack passes to player {transfer_target(state)}{laid_trump}", "Translation",
                           _TRANSFER_MANY_QUOTE)]
        if isinstance(move, (Transfer, ShowTrump)):
            return [reason("can_transfer", f"the attack passes to player {transfer_target(state)}{laid_trump}",
                           "transfer", _TRANSFER_QUOTE)]
        if isinstance(move, Exchange):
            return [reason("exchange_reasons", f"player {state.attacker} gives {move.card} for the trump ace "
                           f"{state.stock[-1]} under the stock, then leads", "Translation", _EXCHANGE_QUOTE,
                           "trump_ace_exchange", state.rules)]
        if isinstance(move, Take):
            if any(isinstance(m, Cover) for m in self.legal_moves(state)):  # he could cover: a choice
                return [reason("end_of_bout", f"defender {state.defender} picks up the table: he may cover, "
                               "but need not", "Card game", _TAKE_AT_WILL_QUOTE)]
            return [reason("end_of_bout", f"defender {state.defender} picks up the table: he cannot cover",
                           "rules", "If he cannot cover at least one cards, he is obliged to take (accept) everything "
                           "cards")]
        if isinstance(move, Throw):
            return [reason("legal_throws", f"{move.card}'s rank is on the table", "throw-in",
                           "walking player has the right to throw cards, matching in value with any card on the "
                           "table")]
        return [_pass_reason(state)]

    # --- the rest of the game shape ----------------------------------------------------

    def to_move(self, state: State) -> int:
        """Whose decision it is (at the end of the game: the final bout's lead attacker)."""
        return state.to_move

    def result(self, state: State) -> Result | None:
        """See :func:`end_of_game`."""
        return end_of_game(state)

    def num_players(self, state: State) -> int:
        """Players in the deal."""
        return state.players

    def utility_range(self, rules: Rules, players: int) -> tuple[float, float]:
        """The payoffs of the fool and the best place (:func:`end_of_game`): without teams and places,
        -1 for the fool and +1/(n-1) for every other player (with six players -1 to 0.2); teams, and
        both ``places`` choices, -1 to +1. The high end is the float nearest ``1/(n-1)`` from above (the
        payoffs are exact fractions: 1/3 lies above the float nearest it)."""
        if rules.places == "fool" and rules.teams == NO_TEAMS:
            best = Fraction(1, players - 1)
            high = float(best)
            return (-1.0, high if Fraction(high) >= best else math.nextafter(high, math.inf))
        return (-1.0, 1.0)

    def side(self, state: State, player: int) -> tuple[int, ...]:
        """Under ``teams``, ``player``'s team (RECONSTRUCTION ``team_seating``; partners never play
        against each other, ``team_defender``, and lose together, ``team_end``); else ``(player,)``."""
        if state.rules.teams == NO_TEAMS:
            return (player,)
        return tuple(p for p in range(state.players) if team(p) == team(player))

    boundary_name = "bout"

    def picture_notes(self, state: State) -> dict[int, list[str]]:
        """Words beside each player in a picture (foolsolve/svg.py): under ``teams``, the player's
        team (``team 0``: RECONSTRUCTION ``team_seating``)."""
        if state.rules.teams == NO_TEAMS:
            return {}
        return {p: [f"team {team(p)}"] for p in range(state.players)}

    picture_hints: ClassVar[dict[str, Any]] = {"skip": ("redeal_seed", "defender_start")}
    """Pictures (foolsolve.svg) leave out what only the rules' bookkeeping reads (the defender's hand
    at the bout's start, for its limit), as ``show`` does."""
    """Pictures (foolsolve.svg) leave out the seed of a re-deal: a number that shows nothing."""
    field_words: ClassVar[dict[str, str]] = {
        "known": "the cards player {p} is known to hold", "taking": "the defender takes",
        "first_bout": "the first bout", "defender_start": "the defender's hand and covers",
        "shown": "the trumps shown this bout", "last_defender": "the last bout's defender", "out": "the players out",
        "turned": "the turned-up card"}

    def boundary(self, before: State, move: Move, after: State) -> bool:
        """A bout ends when the table is cleared (beaten off or taken)."""
        return bool(before.table) and not after.table

    def describe(self, state: State, view: View | None = None) -> str:
        """A few readable lines; with ``view``, as its player sees them (``SpecGame.describe``):
        the other hands and the stock face down, the stock's bottom card the face-up trump."""
        trump = f"trump {GLYPHS[state.trump]}" if state.trump else "no trump"
        stock = view.zone(("stock",)) if view is not None else None
        if stock is not None:
            known = known_words(stock.hidden)
            stock_text = f"stock {stock.hidden.count}" + (f" ({known})" if known else "")
        else:
            stock_text = f"stock {len(state.stock)}" + (f" (bottom {state.stock[-1]})" if state.stock else "")
        lines = [f"Durak ({state.rules.variant}, {state.rules.deck} cards), {state.players} players, {trump}; "
                 f"{stock_text}; discard {len(state.discard)}"]
        lines += first_bout_lines(state)
        if state.rules.teams != NO_TEAMS:
            lines.append(f"teams ({state.rules.teams}): {team_words(state.players)}")
        for p in range(state.players):
            role = []
            if state.rules.teams != NO_TEAMS:
                role.append(f"team {team(p)}")
            if p == state.attacker:
                role.append("attacker")
            if p == state.defender:
                role.append("defender")
            if p in state.out:
                role.append("out")
            if is_viewer(view, p):
                role.append("you")
            tag = f" ({', '.join(role)})" if role else ""
            lines.append(f"player {p}{tag}: " + zone_words(view, ("hands", p), sorted(state.hands[p])))
        if state.table:
            lines.append("table: " + "  ".join(f"{a}/{c if c is not None else '-'}" for a, c in state.table)
                         + ("  (taking)" if state.taking else ""))
        if state.shown:
            lines.append("shown: " + " ".join(str(c) for c in sorted(state.shown)))
        if state.redeal_seed is not None:
            if view is not None and view.zone(("hands", state.to_move)) is not None:
                holds = f"{REDEAL_SUIT_CARDS} or more cards of one suit"  # (which suit, the hand hides)
            else:
                most, suit = longest_suit(state.hands[state.to_move])
                holds = f"{most} {SUIT_NAMES[suit] if suit else 'cards'}"
            lines.append(f"just dealt: player {state.to_move} holds {holds} and may demand a re-deal (redeal) or keep")
        res = self.result(state)
        if res is not None:
            lines.append(f"game over: {res.label}")
        else:
            lines.append(f"to move: player {state.to_move} ({phase(state)})")
        return "\n".join(lines)

    def observation(self, state: State, player: int) -> dict[str, Any]:
        """What ``player`` sees: their own hand, the other hands' sizes, the stock's size and its
        bottom card (001 §Distribution: "The next card from the deck is turned face up and placed on
        the table. This is a trump card, the remaining stack is placed perpendicularly on it"), and
        everything public: the table, shown trumps, the discard (every discarded card was beaten in
        view of all), who is out, attacker, defender and whose turn it is; in the redeal phase the
        phase, not the seed of the next shuffle."""
        obj = self.state_to_json(state)
        hands = obj.pop("hands")
        stock = obj.pop("stock")
        obj.pop("redeal_seed", None)
        obj["player"] = player
        obj["hand"] = hands[player]
        obj["hand_sizes"] = [len(h) for h in hands]
        obj["stock_size"] = len(stock)
        obj["stock_bottom"] = stock[-1] if stock else None
        return obj

    # --- view files (foolsolve.worlds, docs/views.md) ------------------------------------------

    view_fields: ClassVar[dict[str, ZoneField]] = {"hands": ZoneField(per_player=True, own_seen=True),
                                                    "stock": ZoneField(ordered=True)}
    view_drop: ClassVar[tuple[str, ...]] = ("redeal_seed",)
    knowledge_fields: ClassVar[tuple[str, ...]] = ("known", "turned")

    def view_knowledge(self, state: State, player: int) -> dict[tuple[Any, ...], Hidden]:
        """Every other hand is hidden, with the trumps shown for a transfer this bout that it still
        holds (shown in view of all, and a shown trump stays in the hand that showed it); the stock
        is hidden but for its last card, the face-up trump (001 §Distribution). Known in a hand too:
        the cards it picked up in a take and still holds (``known``: the table is taken in view of
        all), and in the last hand the card a deal with no stock turned up (``turned``, in ``known``
        while that hand holds it: reconstruction ``turned_shown``)."""
        out: dict[tuple[Any, ...], Hidden] = {}
        for q, hand in enumerate(state.hands):
            if q != player:
                public = state.shown | (state.known[q] if state.known else frozenset())
                out[("hands", q)] = Hidden(len(hand), known=tuple(sorted(hand & public)))
        if state.stock:
            out[("stock",)] = Hidden(len(state.stock), bottom=(state.stock[-1],))
        return out

    def view_cards(self, obj: dict[str, Any]) -> tuple[Deck, list[Card], list[tuple[str, Card]]]:
        """The deck of the rules; seen: the viewer's hand (every hand written as a list), a stock
        written as a list, the table and the discard (a view lists the whole discard)."""
        rules: Rules = rules_from_json(Rules, obj.get("rules"))
        deck = rules.deck_cards
        seen: list[tuple[str, Card]] = []
        for i, h in enumerate(obj["hands"]):
            if isinstance(h, list):
                seen += [(f"hands[{i}]", deck.parse(t, what=f"hands[{i}]")) for t in h]
        if isinstance(obj["stock"], list):
            seen += [("stock", deck.parse(t, what="stock")) for t in obj["stock"]]
        for i, pair in enumerate(obj.get("table", [])):
            seen += [(f"table[{i}][{j}]", deck.parse(t, what=f"table[{i}][{j}]"))
                     for j, t in enumerate(pair) if t is not None]
        seen += [("discard", deck.parse(t, what="discard")) for t in obj.get("discard", [])]
        return deck, list(deck.cards), seen

    def world_json(self, obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """In the redeal phase a world gets a fresh seed for the next shuffle (nobody knows it: the
        re-deal is a new shuffle, as the OpenSpiel bridge plays it)."""
        if obj.get("phase") == REDEAL:
            obj["redeal_seed"] = rng.getrandbits(SEED_BITS)
        return obj

    def view_bottom_cards(self, view: Any) -> dict[tuple[Any, ...], frozenset[Card]]:
        """The stock's last card is the face-up trump (001 §Distribution: "The next card from the deck
        is turned face up ... This is a trump card"), so with a trump suit it is a trump: where a view
        does not give it, the sampler deals that place only trumps (exact, where rejection of wrong
        last cards could miss the one trump that fits)."""
        trump = view.obj.get("trump")
        if not isinstance(trump, str):
            return {}
        suit = _suit_letter(trump)  # "d", "D" and "♦" alike, as the position's trump is read
        return {("stock",): frozenset(c for c in view.unseen if c.suit == suit)}

    def view_count_rule(self, view: Any) -> CountRule | None:
        """In the redeal phase the player to move may demand a re-deal, so holds five or more cards
        of one suit (001 §Card game: "if, after the distribution, he has 5 or more cards in his hands
        that belong to the same suit"; :func:`redeal_order`). When her hand is hidden the sampler deals
        it only such hands, counting the cards the view knows she holds: uniform over those worlds
        (the spec checks the rest: the lowest trump leads). In the first bout after it, the hidden
        hands are dealt by :func:`first_lead_breach` (:meth:`_first_lead_rule`: the first attacker
        was dealt the lowest trump dealt) where its placements are few enough."""
        fl = self._first_lead_view(view.obj)
        if fl is not None:
            return self._first_lead_rule(view, fl)
        mover = view.obj.get("to_move")
        zone = view.zone(("hands", mover)) if view.obj.get("phase") == REDEAL and isinstance(mover, int) else None
        if zone is None:
            return None
        known = Counter(c.suit for c in zone.hidden.known)
        return CountRule((zone.path,), _card_suit, _RedealOk(zone.path, known),
                         f"to_move: player {mover} may demand a re-deal only holding {REDEAL_SUIT_CARDS} or more cards "
                         f"of one suit (001 §Card game), and no hand of {zone.hidden.count} the unseen cards make with "
                         "the cards known in it does")

    def _first_lead_view(self, obj: dict[str, Any]) -> _FirstLeadView | None:
        """What :func:`first_lead_breach` needs of a first-bout view (after the redeal phase, with a
        trump suit), else ``None``: the cards each hand shows (a hidden hand's known ones), the hidden
        hands, the face-up trump (``MISSING`` when the view hides it) and the unseen trumps whose place
        decides the rule (lower than every trump seen dealt; the trump ace too where the six lies
        face up and ``trump_ace_exchange`` may have given it to the leader)."""
        if not obj.get("first_bout") or obj.get("phase") == REDEAL or not isinstance(obj.get("trump"), str):
            return None
        rules: Rules = rules_from_json(Rules, obj.get("rules"))
        trump = _suit_letter(obj["trump"])
        deck = rules.deck_cards

        def parse(texts: Iterable[str], what: str) -> list[Card]:
            return [deck.parse(t, what=what) for t in texts]

        seen: list[frozenset[Card]] = []
        hidden: list[int] = []
        placed: set[Card] = set(parse(obj.get("discard", []), "discard"))
        for p, h in enumerate(obj["hands"]):
            cards = parse(h if isinstance(h, list) else h.get("known", []), f"hands[{p}]")
            seen.append(frozenset(cards))
            placed |= set(cards)
            if not isinstance(h, list):
                hidden.append(p)
        table = [(deck.parse(a, what="table"), None if c is None else deck.parse(c, what="table"))
                 for a, c in obj.get("table", [])]
        placed |= {c for pair in table for c in pair if c is not None}
        stock = obj["stock"]
        bottom: Card | str | None
        if isinstance(stock, list):
            placed |= set(parse(stock, "stock"))
            bottom = deck.parse(stock[-1], what="stock") if stock else None
        else:
            for part in ("known", "top", "bottom"):
                placed |= set(parse(stock.get(part, []), "stock"))
            bottom = (deck.parse(stock["bottom"][-1], what="stock") if stock.get("bottom")
                      else None if not stock.get("count") else MISSING)
        trumps = [c for c in deck.cards if c.suit == trump and not c.is_joker]
        dealt_seen = [c.rank for c in trumps if c in set().union(*seen) or any(c in pair for pair in table)]
        low = min(dealt_seen, default=None)
        keys = {c for c in trumps if c not in placed and (low is None or c.rank < low)}
        if bottom != MISSING and isinstance(bottom, Card) and bottom.suit == trump and bottom.rank == EXCHANGE_RANK:
            keys |= {c for c in trumps if c.rank == EXCHANGE_FOR and c not in placed}
        return _FirstLeadView(rules, trump, tuple(seen), tuple(hidden), tuple(table), bottom, frozenset(keys))

    def _first_lead_rejects(self, obj: dict[str, Any]) -> bool:
        """A first-bout view whose rule the sampler cannot deal by a :class:`CountRule`
        (:meth:`view_count_rule`): worlds that break it are drawn and refused."""
        fl = self._first_lead_view(obj)
        return fl is not None and fl.rule_size() is None

    def _first_lead_rule(self, view: Any, fl: _FirstLeadView) -> CountRule | None:
        """The first-bout rule as a :class:`CountRule` on the hidden hands (:meth:`view_count_rule`)."""
        obj = view.obj
        if fl.rule_size() is None or not fl.hidden:
            return None
        paths = tuple(("hands", p) for p in fl.hidden)
        bottom = None if isinstance(fl.bottom, str) else fl.bottom  # (hidden: no exchange, rule_size)
        last_defender = obj.get("last_defender", obj["defender"])
        ok = _FirstLeadOk(fl, obj["attacker"], obj["defender"], last_defender, bottom)
        leader = (last_defender - 1) % len(fl.seen)
        return CountRule(paths, _DecisiveTrump(fl.keys), ok,
                         f"first_bout: player {leader} led the first bout of the deal, so was dealt its lowest "
                         "trump (001 §rules: \"The right of the first move in the first game belongs to the player "
                         "who has a trump card of the lowest value\"), and no filling of the hidden hands gives "
                         "him one")

    def view_knowledge_places(self, obj: dict[str, Any]) -> list[tuple[tuple[Any, ...], list[str]]]:
        """``known[q]``: cards player ``q`` picked up and still holds, so in ``hands[q]``; ``turned``
        where the view shows it nowhere else (no hand, ``known`` list, table, discard or shown trump
        holds it): still in the last hand, which was dealt it (RECONSTRUCTION ``turned_shown``: every
        move that takes it from there is seen by all)."""
        known = obj.get("known")
        out = [(("hands", q), texts) for q, texts in enumerate(known)] if isinstance(known, list) else []
        turned, hands = obj.get("turned"), obj.get("hands")
        if isinstance(turned, str) and isinstance(hands, list) and hands:
            try:
                deck = rules_from_json(Rules, obj.get("rules")).deck_cards
                card = deck.parse(turned, what="turned")
                seen: list[Any] = []
                for h in hands:
                    seen += h if isinstance(h, list) else h.get("known", [])
                for texts in known if isinstance(known, list) else []:
                    seen += texts
                for pair in obj.get("table") or []:
                    seen += [t for t in pair if t is not None]
                for field in ("discard", "shown"):
                    if isinstance(obj.get(field), list):
                        seen += obj[field]
                if all(deck.parse(t, what="turned") != card for t in seen if isinstance(t, str)):
                    out.append((("hands", len(hands) - 1), [turned]))
            except (InputError, AttributeError, TypeError, ValueError):
                pass  # (the position's checks name what is wrong)
        return out

    def view_constrained(self, obj: dict[str, Any]) -> bool:
        """The spec checks hidden cards against the view only in the redeal phase (who may demand a
        re-deal, the lowest trump leads), while throwing in unless the viewer's own hand decides who
        throws (:meth:`_viewer_throws`), for shown trumps and for a stock whose last card is not given
        (it must be a trump) where the sampler cannot deal it apart (:meth:`view_bottom_cards`: the
        view knows a card in the stock), and in a first bout whose rule on the lowest trump the count
        rule does not deal (:meth:`_first_lead_rejects`)."""
        table = obj.get("table", [])
        throwing = bool(obj.get("taking")) or (bool(table) and all(c is not None for _, c in table))
        throwing = throwing and not self._viewer_throws(obj)
        stock = obj.get("stock")
        # (a last card not given is dealt only trumps, view_bottom_cards, unless a card is known in the stock)
        open_bottom = (isinstance(stock, dict) and stock.get("count", 0) > 0 and not stock.get("bottom")
                       and bool(stock.get("known")) and obj.get("trump") is not None)
        # (and where ``known`` names a card its hand does not list: a world must put it there)
        unplaced = any(t not in (h if isinstance(h, list) else h.get("known", []))
                       for h, texts in zip(obj["hands"], obj.get("known") or []) for t in texts)
        return (throwing or obj.get("phase") == REDEAL or bool(obj.get("shown")) or open_bottom or unplaced
                or self._first_lead_rejects(obj))

    def _viewer_throws(self, obj: dict[str, Any]) -> bool:
        """Whether, in a view's throw-in stage, the check that someone can throw in (and that the
        player to move can) reads the viewer's hand alone: she is ``to_move`` (the check asks only
        whether the player to move can throw), or no ``to_move`` is given (the first thrower in
        :func:`throwers` order who can throw is to move) and she is the first thrower and can throw,
        or the only thrower. Her hand is written out in her view, so every filling of the other
        hands gets the same verdict. Anything unreadable here: ``False`` (the spec names it later)."""
        viewer, mover = obj.get("view"), obj.get("to_move")
        if mover is not None:
            return bool(mover == viewer)
        try:
            rules: Rules = rules_from_json(Rules, obj.get("rules"))
            deck = rules.deck_cards
            hands, stock = obj["hands"], obj["stock"]
            counts = [len(h) if isinstance(h, list) else int(h["count"]) for h in hands]
            in_stock = len(stock) if isinstance(stock, list) else int(stock["count"])
            table = tuple((deck.parse(a, what="table"), None if c is None else deck.parse(c, what="table"))
                          for a, c in obj.get("table", []))
            n, attacker, defender = len(hands), int(obj["attacker"]), int(obj["defender"])
            out = obj.get("out")
            if out is None:  # (as read_position derives it)
                out = [p for p in range(n) if not in_stock and not counts[p] and p not in (attacker, defender)]
            covered = sum(1 for _, c in table if c is not None)
            own = frozenset(deck.parse_many(hands[viewer], what=f"hands[{viewer}]"))
            # a state for throwers and legal_throws, which read the viewer's hand, the table, the seats,
            # and of the stock only whether it has cards (bout_limit): its cards are stand-ins
            probe = State(rules=rules, players=n, hands=tuple(own if p == viewer else frozenset() for p in range(n)),
                          stock=(table[0][0],) * in_stock, trump=_suit_letter(obj.get("trump")),
                          discard=frozenset(), out=tuple(out), attacker=attacker, defender=defender,
                          table=_sorted_table(table), to_move=attacker, taking=bool(obj.get("taking")),
                          first_bout=bool(obj.get("first_bout", False)),
                          defender_start=int(obj.get("defender_start", counts[defender] + covered)),
                          shown=frozenset(), last_defender=int(obj.get("last_defender", defender)))
            order = throwers(probe)
            return bool(order) and order[0] == viewer and (len(order) == 1 or bool(legal_throws(probe, viewer)))
        except (InputError, KeyError, TypeError, ValueError, IndexError):
            return False

    def view_public_check(self, view: Any, obj: dict[str, Any]) -> None:
        """:func:`read_position` with ``public``: every check that reads no card of a hand, and the
        stock's last card only where the view gives it."""
        zone = view.zone(("stock",))
        seen = zone is None or bool(zone.hidden.bottom) or len(zone.hidden.top) >= zone.hidden.count
        read_position(obj, public=True, bottom_seen=seen)

    # --- position files --------------------------------------------------------------

    def state_to_json(self, state: State) -> dict[str, Any]:
        """The canonical position JSON: every field, cards in ASCII, card lists sorted by card index
        (the stock keeps its draw order), the table sorted by attack-card index. In the redeal phase
        (only then) also ``"phase": "redeal"`` and the hidden ``redeal_seed``. The side rules
        (:data:`SIDE_OPTIONS`) and ``transfer_trump_laid`` (:data:`WRITTEN_WHEN_SET`) are written only
        when not at their defaults (and the field ``places`` only under its option), so a position that
        leaves them at their defaults does not name them (a world's seed in the seat analysis hashes
        its text)."""
        def cards(cs: Iterable[Card]) -> list[str]:
            return [c.ascii for c in sorted(cs, key=lambda c: c.index)]
        rules = rules_to_json(state.rules)
        for name in WRITTEN_WHEN_SET:  # written only when set: default positions read as they always did
            if getattr(state.rules, name) == getattr(Rules(), name):
                del rules[name]
        obj: dict[str, Any] = {
            "game": self.name,
            "rules": rules,
            "players": state.players,
            "trump": state.trump,
            "hands": [cards(h) for h in state.hands],
            "stock": [c.ascii for c in state.stock],
            "discard": cards(state.discard),
            "out": list(state.out),
            "attacker": state.attacker,
            "defender": state.defender,
            "table": [[a.ascii, c.ascii if c is not None else None] for a, c in _sorted_table(state.table)],
            "to_move": state.to_move,
            "taking": state.taking,
            "first_bout": state.first_bout,
            "defender_start": state.defender_start,
            "shown": cards(state.shown),
            "last_defender": state.last_defender,
        }
        if state.redeal_seed is not None:
            obj["phase"] = REDEAL
            obj["redeal_seed"] = state.redeal_seed
        if state.rules.places != "fool":
            obj["places"] = list(state.places)
        if state.turned is not None:
            obj["turned"] = state.turned.ascii
        if state.known:
            obj["known"] = [cards(k) for k in state.known]
        return obj

    def state_from_json(self, obj: dict[str, Any]) -> State:
        """Read a position: JSON Schema first, then the semantic checks (each error names its field)."""
        return read_position(obj)


SPEC = DurakSpec()


# =====================================================================================
# Reading positions
# =====================================================================================


def _suit_letter(text: str | None) -> str | None:
    """The trump as a suit letter: ``h``, ``H`` and ``♥`` all mean hearts (as cards are read)."""
    if text is None:
        return None
    return {glyph: suit for suit, glyph in GLYPHS.items()}.get(text, text.upper())


def _suit_name(suit: str) -> str:
    return SUIT_NAMES[suit].rstrip("s")


def _read_known(raw: list[list[str]], state: State, deck: Deck) -> tuple[frozenset[Card], ...]:
    """The ``known`` field: per player, cards picked up in a take that the hand still holds."""
    if len(raw) != state.players:
        raise PositionError(f"known: {len(raw)} entries for {state.players} players")
    out = []
    for p, texts in enumerate(raw):
        cards = frozenset(deck.parse_many(texts, what=f"known[{p}]"))
        bad = sorted(cards - state.hands[p])
        if bad:
            raise PositionError(f"known[{p}]: {bad[0].ascii} is not in hands[{p}]")
        out.append(cards)
    return tuple(out)


def read_position(obj: Any, *, reachable: bool = True, public: bool = False, bottom_seen: bool = True) -> State:
    """Build and check a :class:`State` from position JSON (docs/durak.md "Position files").

    ``reachable=False`` (never for a position file: :meth:`DurakSpec.state_from_json` always checks)
    skips :func:`_check_dealt_and_drawn`, for states set up by hand to try one rule on a few cards
    (a first bout, or a one-card stock, with short hands), which no deal and draws lead to but on
    which every rule is still defined.

    ``public`` (:meth:`DurakSpec.view_public_check`, on one filling of a view): only the checks that
    read no card of any hand (only how many each holds), nor the stock's last card unless
    ``bottom_seen``; the others (who leads the first bout, who may demand a re-deal, who can throw
    in, where a shown trump is) are left out. The state returned then is no position to play."""
    validate_schema(obj, "durak.schema.json")
    rules: Rules = rules_from_json(Rules, obj.get("rules"))
    deck = rules.deck_cards
    hands_in: list[Any] = obj["hands"]
    n = len(hands_in)
    if "players" in obj and obj["players"] != n:
        raise InputError(f"players: {obj['players']} but hands lists {n} players")
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise InputError(f"hands: {n} players; Durak is for {MIN_PLAYERS} to {MAX_PLAYERS}")
    check_table(rules, n, "hands")
    trump: str | None = _suit_letter(obj["trump"])

    where: dict[Card, str] = {}

    def place(card: Card, field: str) -> None:
        if card in where:
            raise InputError(f"{field}: card {card.ascii} is also in {where[card]}")
        where[card] = field

    hands: list[frozenset[Card]] = []
    for i, h in enumerate(hands_in):
        cs = deck.parse_many(h, what=f"hands[{i}]")
        for c in cs:
            place(c, f"hands[{i}]")
        hands.append(frozenset(cs))
    stock = deck.parse_many(obj["stock"], what="stock")
    for c in stock:
        place(c, "stock")
    table_list: list[TableEntry] = []
    for i, pair in enumerate(obj.get("table", [])):
        a = deck.parse(pair[0], what=f"table[{i}][0]")
        place(a, f"table[{i}][0]")
        cover: Card | None = None
        if pair[1] is not None:
            cover = deck.parse(pair[1], what=f"table[{i}][1]")
            place(cover, f"table[{i}][1]")
            if not beats(cover, a, trump):
                trump_text = f"trump {_suit_name(trump)}" if trump else "no trump"
                raise PositionError(f"table[{i}]: {cover.ascii} does not beat {a.ascii} ({trump_text})")
        table_list.append((a, cover))
    discard_given = deck.parse_many(obj.get("discard", []), what="discard")
    for c in discard_given:
        place(c, "discard")
    # Every card placed nowhere is in the discard (the beaten pile is never looked at: 001 §rules
    # "You can't look into the end of the game until the end of the game").
    discard = frozenset(discard_given) | frozenset(c for c in deck.cards if c not in where)
    shown = deck.parse_many(obj.get("shown", []), what="shown")
    turned = None if obj.get("turned") is None else deck.parse(obj["turned"], what="turned")

    if stock and trump is not None and bottom_seen and stock[-1].suit != trump:
        raise PositionError(f"stock: the last card is the face-up trump and must be a {_suit_name(trump)}, "
                            f"got {stock[-1].ascii}")

    for field in ("attacker", "defender", "to_move", "last_defender"):
        if field in obj and obj[field] >= n:
            raise InputError(f"{field}: player {obj[field]} does not exist ({n} players)")
    out_given: list[int] | None = obj.get("out")
    if out_given is not None:
        for p in out_given:
            if p >= n:
                raise InputError(f"out: player {p} does not exist ({n} players)")
    attacker: int = obj["attacker"]
    defender: int = obj["defender"]
    if attacker == defender:
        raise PositionError(f"defender: must differ from the attacker (both {attacker})")
    table = _sorted_table(table_list)
    in_bout = bool(table)

    if out_given is None:
        out = tuple(p for p in range(n) if not stock and not hands[p]
                    and not (in_bout and p in (attacker, defender)))
    else:
        out = tuple(out_given)
        if out and stock:
            raise PositionError("out: players only go out once the stock is empty")
        for p in out:
            if hands[p]:
                raise PositionError(f"out: player {p} is listed as out but holds cards")

    redeal_seed: int | None = obj.get("redeal_seed")
    places = _read_places(obj, rules, out)
    taking: bool = obj.get("taking", False)
    first_bout: bool = obj.get("first_bout", redeal_seed is not None)  # the redeal phase precedes the first bout
    covered = sum(1 for _, c in table if c is not None)
    default_start = len(hands[defender]) + covered
    defender_start: int = obj.get("defender_start", default_start)
    last_defender: int = obj.get("last_defender", defender)
    draft = State(rules=rules, players=n, hands=tuple(hands), stock=tuple(stock), trump=trump,
                  discard=discard, out=out, attacker=attacker, defender=defender, table=table,
                  to_move=obj.get("to_move", attacker), taking=taking, first_bout=first_bout,
                  defender_start=defender_start, shown=frozenset(shown), last_defender=last_defender,
                  redeal_seed=redeal_seed, places=places, turned=turned)
    if "phase" in obj and obj["phase"] != phase(draft):
        raise PositionError(f"phase: the position is in phase {phase(draft)}, not {obj['phase']}"
                            + (" (the redeal phase needs redeal_seed, the hidden seed of the next shuffle)"
                               if obj["phase"] == REDEAL else ""))
    if turned is not None:
        _check_turned_card(draft)
    if obj.get("known") is not None:
        draft = dataclasses.replace(draft, known=_read_known(obj["known"], draft, deck))
        # (the card turned up in the last hand is known from the deal on: no card picked up)
        picked = any(k - {turned} if p == n - 1 else k for p, k in enumerate(draft.known))
        if (picked and (draft.first_bout or redeal_seed is not None) and bottom_seen
                and not _exchanged_ace(draft)):
            raise PositionError("known: no card is picked up before the first bout of a deal ends (but the trump ace "
                                "the first attacker took for the six under trump_ace_exchange)")
    if turned is not None:
        _check_turned_place(draft, where.get(turned, "discard"), known_given=obj.get("known") is not None, public=public)
    if redeal_seed is not None:
        _check_redeal_phase(draft, obj, public=public)
    _check_position(draft, obj, default_start, public=public)
    if reachable:
        _check_dealt_and_drawn(draft, discard_listed=bool(obj.get("discard")))
        if first_bout and redeal_seed is None and not public:
            breach = first_lead_breach(rules, trump, draft.hands, table, attacker, defender, last_defender,
                                       draft.stock[-1] if draft.stock else None)
            if breach:
                raise PositionError(breach)
    if "to_move" not in obj and not public:
        draft = dataclasses.replace(draft, to_move=_derived_to_move(draft))
    return draft


_TURNED_QUOTE = '001 §Card game: "the last card of the deck is also considered a trump card"'
"""Where no stock is left after the deal (001 §Card game: "If the number of players corresponds to the
number of cards, that is, after the surrender there are none left, then the last card of the deck is
also considered a trump card")."""


def _check_turned_card(state: State) -> None:
    """The field ``turned``: the last card dealt where the deal leaves no stock (36 cards, 6 players),
    so a card of the trump suit it names (001 §Card game)."""
    card = state.turned
    assert card is not None
    if state.stock or HAND_SIZE * state.players != len(state.rules.deck_cards.cards):
        raise PositionError("turned: only a deal that leaves no stock (36 cards to 6 players) turns up a card dealt "
                            "to a hand; otherwise the trump turned up lies under the stock, its last card")
    if state.trump is None:
        raise PositionError(f"turned: the card turned up names the trump, and trump is null ({_TURNED_QUOTE})")
    if card.suit != state.trump:
        raise PositionError(f"turned: {card.ascii} is not a {_suit_name(state.trump)}, the trump, and the card turned "
                            f"up names the trump ({_TURNED_QUOTE})")


def _check_turned_place(state: State, lies: str, *, known_given: bool, public: bool) -> None:
    """The card ``turned`` was dealt to the last player and turned up for all (reconstruction
    ``turned_shown``), so it lies where play could have moved it: in that hand, on the table, in the
    discard, or in a hand that picked it up in a take (``known`` lists it there). ``lies``: the field
    the card was read in (``"discard"`` for a card placed nowhere). ``public``: where it lies is not
    read (a view's filling puts it where the view knows it is)."""
    card, n = state.turned, state.players
    assert card is not None
    if public or not lies.startswith("hands[") or lies == f"hands[{n - 1}]":
        return
    holder = int(lies[len("hands["):-1])
    if not (known_given and state.known and card in state.known[holder]):
        raise PositionError(f"turned: {card.ascii} was dealt to player {n - 1} and turned up for all (reconstruction "
                            f"turned_shown); in hands[{holder}] only a take could have put it, and known[{holder}] "
                            "does not list it")


def _exchanged_ace(state: State) -> bool:
    """Whether a first bout's ``known`` is the trump ace the first attacker took in view of all for
    the six of trumps (:func:`exchange_cards`, ``trump_ace_exchange``): the six lies face up under
    the stock and the ace is the one card known, in the hand of the player before ``last_defender``."""
    if state.redeal_seed is not None or not state.rules.trump_ace_exchange or not state.stock:
        return False
    six = state.stock[-1]
    if six.suit != state.trump or six.rank != EXCHANGE_RANK:
        return False
    leader = (state.last_defender - 1) % state.players
    return [(p, c.suit, c.rank) for p, k in enumerate(state.known) for c in k] == [(leader, state.trump, EXCHANGE_FOR)]


def _read_places(obj: dict[str, Any], rules: Rules, out: tuple[int, ...]) -> tuple[int, ...]:
    """The ``places`` field: under the option ``places``, one place per player of ``out`` (default: each
    its own, in the order of ``out``); players sharing a place went out together, and a group's place
    is one more than the players out before it."""
    given = obj.get("places")
    if rules.places == "fool":
        if given:
            raise InputError("places: finishing places are kept only under the rule option places (it is fool)")
        return ()
    if given is None:
        return tuple(range(1, len(out) + 1))
    if len(given) != len(out):
        raise InputError(f"places: {len(given)} places for {len(out)} players out")
    for i, k in enumerate(given):
        want = given[i - 1] if i and k == given[i - 1] else i + 1
        if k != want:
            raise InputError(f"places: place {k} at position {i} of out; a place is one more than the players out "
                             f"before its group ({i + 1}), or the place of the player before (a tie)")
    return tuple(given)


def _check_redeal_phase(state: State, obj: dict[str, Any], *, public: bool = False) -> None:
    """A position in the redeal phase is a fresh deal (:meth:`DurakSpec.deal`) under ``redeal_right``
    with a player who may demand a re-deal to move (each error names its field). ``public``: only the
    checks that read no card of a hand (:func:`read_position`)."""
    if not state.rules.redeal_right:
        raise PositionError("redeal_seed: a redeal phase needs the rule option redeal_right (it is false)")
    gone = sorted(c.ascii for c in state.discard)
    if gone:
        raise PositionError(f"discard: the redeal phase comes right after the deal, when every card is in a hand or "
                            f"the stock (not dealt: {' '.join(gone)})")
    for field in ("table", "shown"):  # (out: nobody goes out while the stock has cards or hands hold cards)
        if obj.get(field):
            raise PositionError(f"{field}: must be empty in the redeal phase (right after the deal)")
    for p, hand in enumerate(state.hands):
        if len(hand) != HAND_SIZE:
            raise PositionError(f"hands[{p}]: {len(hand)} cards; right after the deal every hand has {HAND_SIZE}")
    if public:  # (the trump in the last hand, the lowest trump, who may demand a re-deal: cards of hands)
        pass
    elif not state.stock and state.trump is not None and not any(c.suit == state.trump
                                                                  for c in state.hands[state.players - 1]):
        raise PositionError(f"trump: with no stock the trump is the suit of the last card dealt, to player "
                            f"{state.players - 1}, who holds no {_suit_name(state.trump)}")
    if state.trump is None:
        raise PositionError("trump: a deal turns up a trump suit (null only in positions set up by hand)")
    lead = None if public else lowest_trump_leads(state.hands, state.trump)
    if lead is not None and state.attacker != lead:
        raise PositionError(f"attacker: must be {lead} (the lowest trump leads the first bout of a deal)")
    if not state.first_bout or state.taking:
        raise PositionError("first_bout: the redeal phase comes before the first bout (first_bout true, "
                            "taking false)")
    if "last_defender" in obj and state.last_defender != state.defender:
        raise PositionError(f"last_defender: must be {state.defender} (the first defender) right after the deal")
    if public:
        return
    order = redeal_order(state.hands)
    if not order:
        raise PositionError("hands: nobody holds 5 or more cards of one suit, so there is no redeal phase")
    if "to_move" in obj and state.to_move not in order:
        raise PositionError(f"to_move: player {state.to_move} may not demand a re-deal (players who may: "
                            f"{', '.join(map(str, order))})")


def _check_dealt_and_drawn(state: State, *, discard_listed: bool) -> None:
    """The cards a position's hands can hold, from the deal (:meth:`DurakSpec.deal`) and the draws
    (:func:`draw_cards`) alone, under every rule option (no option changes the six a hand is dealt or
    drawn up to, and a bout only moves cards from hands to the table; an exchange swaps one for one):

    * ``first_bout``: nothing is discarded yet and the stock is what the deal left (so the hands and
      the table hold the six cards each player was dealt), and at the lead every hand holds six;
    * while the stock has cards, every player drew up to six at the end of the last bout (the stock
      would have run out first otherwise), so each holds six or more at a lead, and during a bout
      the hands and the table hold at least six a player.
    """
    n, size = state.players, HAND_SIZE

    def cards(k: int) -> str:
        return f"{k} card{'' if k == 1 else 's'}"

    if state.first_bout:
        left = max(len(state.rules.deck_cards.cards) - size * n, 0)
        # (the discard first where the position lists one; else the stock, which then explains the discard)
        if state.discard and (discard_listed or len(state.stock) == left):
            raise PositionError(f"discard: {cards(len(state.discard))}, but nothing is discarded before the first bout "
                                f"of a deal ends (first_bout is true)")
        if len(state.stock) != left:
            raise PositionError(f"stock: {cards(len(state.stock))}, but in the first bout (first_bout is true) the "
                                f"stock is what the deal of {size} to each of {n} players left: {left}")
    lead = not state.table and state.redeal_seed is None
    if lead and (state.first_bout or state.stock):
        for p, hand in enumerate(state.hands):
            if len(hand) < size or (state.first_bout and len(hand) != size):
                why = (f"the first bout begins with every hand as dealt ({size})" if state.first_bout else
                       f"with {cards(len(state.stock))} left in the stock every player drew up to {size} after the "
                       "last bout")
                raise PositionError(f"hands[{p}]: {cards(len(hand))} at the lead, but {why}")
    elif state.table and state.stock:
        held = sum(len(h) for h in state.hands) + len(table_cards(state))
        if held < size * n:
            raise PositionError(f"hands: {cards(held)} in the hands and on the table, but with "
                                f"{cards(len(state.stock))} left in the stock each of the {n} players began this bout "
                                f"with at least {size} ({size * n})")


def _derived_to_move(state: State) -> int:
    ph = phase(state)
    if ph == REDEAL:
        return redeal_order(state.hands)[0]
    if ph == DEFEND:
        return state.defender
    if ph == THROW:
        for p in throwers(state):
            if legal_throws(state, p):
                return p
    return state.attacker


def _check_position(state: State, obj: dict[str, Any], default_start: int, *, public: bool = False) -> None:
    """The semantic checks of a position (each error names one field). ``public``: only those that read
    no card of a hand (:func:`read_position`): not where a shown trump is, nor who can throw in."""
    rules = state.rules
    ph = phase(state)
    if ph == OVER and state.table:
        raise PositionError("table: the game is over (at most one player is still in), so the table is empty")
    if ph != OVER:
        # while the game goes on, nobody who is out plays, and everyone without cards at a bout's
        # start is out (players go out at the end of a bout once the stock is empty)
        for field, p in (("attacker", state.attacker), ("defender", state.defender)):
            if p in state.out:
                raise PositionError(f"{field}: player {p} is out")
    if not state.table and not state.stock:
        for p in range(state.players):
            if not state.hands[p] and p not in state.out:
                raise PositionError(f"out: player {p} has no cards and the stock is empty, so must be out")
    if ph == OVER:
        if state.taking:
            raise PositionError("taking: the game is over")
        if state.shown:
            raise PositionError("shown: the game is over")
    elif not (rules.transfer_lead == "bout_leader" and rules.variant == PEREVODNOY and state.table):
        expected = opponent_after(state, state.attacker)
        if state.defender != expected:
            whom = " of the other team" if rules.teams != NO_TEAMS else ""
            raise PositionError(f"defender: must be {expected} (the next player{whom} after the attacker who is not "
                                "out)")
    if state.defender_start != default_start:
        raise PositionError(f"defender_start: must be {default_start} (the defender's cards plus the cards "
                            f"they covered this bout)")
    if ph == LEAD:
        if not state.hands[state.attacker]:
            raise PositionError(f"hands[{state.attacker}]: the attacker must hold cards to lead")
        if not state.hands[state.defender]:
            raise PositionError(f"hands[{state.defender}]: the defender must hold cards")
    if state.taking and not state.table:
        raise PositionError("taking: the table is empty")
    if state.table:
        covered = [c for _, c in state.table if c is not None]
        if not covered and len({a.rank for a, _ in state.table}) != 1:
            raise PositionError("table: with nothing covered yet, every attack card has the lead's rank")
        if not rules.has_throw_ins and len({a.rank for a, _ in state.table}) != 1:
            # 001 §throw-in "The difference from a simple fool is that: walking player has the right to throw
            # cards": in simple Durak a bout is the lead alone (one card, or several of one rank)
            raise PositionError("table: attack cards of different ranks, but simple Durak has no throw-ins (a bout "
                                "is the lead alone: one card or several of one rank)")
        limit = cap(state)
        if len(state.table) > limit:
            raise PositionError(f"table: {len(state.table)} attack cards exceed this bout's cap of {limit}")
        if state.taking and not uncovered(state):
            raise PositionError("taking: the defender can only take while a card is uncovered")
        if state.taking and not (rules.has_throw_ins and rules.throw_in_after_take):
            raise PositionError("taking: under these rules the bout ends at once when the defender takes")
        if ph == THROW and not state.taking and not rules.has_throw_ins:
            raise PositionError("table: every card is covered, so in simple Durak the bout is already over")
    if state.shown:
        if rules.variant != PEREVODNOY or not rules.transfer_by_showing_trump:
            raise PositionError("shown: trumps are shown only in perevodnoy with transfer_by_showing_trump")
        if not state.table:
            raise PositionError("shown: the table is empty")
        ranks = {a.rank for a, _ in state.table}
        on_table = set(table_cards(state))
        for c in sorted(state.shown):
            if c.suit != state.trump:
                raise PositionError(f"shown: {c.ascii} is not a trump")
            if c.rank not in ranks:
                raise PositionError(f"shown: {c.ascii} does not have the rank of an attack card")
            if not public and c not in on_table and not any(c in h for h in state.hands):
                raise PositionError(f"shown: {c.ascii} is neither in a hand nor on the table")
    _check_transfers(state)
    if ph == THROW and public:
        pass  # (who can throw in reads the throwers' hands)
    elif ph == THROW:
        can = [p for p in throwers(state) if legal_throws(state, p)]
        if not can:
            raise PositionError(f"table: nobody can throw in{_full_bout(state)}, so this bout is already over")
        if "to_move" in obj and state.to_move not in can:
            raise PositionError(f"to_move: player {state.to_move} cannot throw in here "
                                f"(players who can: {', '.join(map(str, can))})")
    elif "to_move" in obj:
        if ph == DEFEND and state.to_move != state.defender:
            raise PositionError(f"to_move: must be {state.defender} (the defender) while cards are uncovered")
        if ph in (LEAD, OVER) and state.to_move != state.attacker:
            raise PositionError(f"to_move: must be {state.attacker} (the attacker) when the table is empty")


def _check_transfers(state: State) -> None:
    """What a position says of the transfers made in its bout, against the rules in force. Three
    fields show that the attack was transferred: ``shown`` (a trump shown to transfer), a defender
    who is not the next player after the attacker (perevodnoy with ``transfer_lead`` bout_leader)
    and, in the first bout of a deal, a ``last_defender`` other than the defender (it is the deal's
    first defender until the bout ends, C8, and only a transfer changes the defender within a bout).
    A transfer is made before anything is covered and is of the lead's rank (001 §transfer "if
    player, under which they go, has a card of the same value, then he can put it next to the
    already lying card"), so a transfer laid puts two attack cards of one rank on the table, and
    every trump shown has that rank: one trump. The first bout of a deal is transferred only under
    ``transfer_first_bout``; under ``transfer_trump_laid`` false a shown trump counts as a trump on
    the table, so with ``transfer_blocked_by_trump`` no trump is shown. (Who threw which card in, or
    laid which card to transfer, a position does not record.)"""
    rules = state.rules
    if state.redeal_seed is not None or phase(state) == OVER:
        return
    if not state.table:
        if state.first_bout and state.last_defender != state.defender:
            raise PositionError(f"last_defender: must be {state.defender} (the defender) before the first bout of a "
                                "deal begins: it is the deal's first defender until that bout ends")
        return
    evidence: list[tuple[str, str]] = []
    if state.shown:
        evidence.append(("shown", "a trump shown to transfer"))
    if state.defender != opponent_after(state, state.attacker):
        evidence.append(("defender", f"player {state.defender}, not the next player after the attacker, defends"))
    if state.first_bout and state.last_defender != state.defender:
        evidence.append(("last_defender", f"the first bout's defender (player {state.last_defender}) is not the "
                         "defender"))
    if not evidence:
        return
    field, seen = evidence[0]
    if rules.variant != PEREVODNOY:
        raise PositionError(f"{field}: {seen}, so the attack was transferred, but transfers belong to perevodnoy "
                            f"(variant is {rules.variant})")
    if state.first_bout and not rules.transfer_first_bout:
        raise PositionError(f"{field}: {seen}, so the attack was transferred, but the first bout of a deal is not "
                            "transferred (transfer_first_bout is false)")
    if len(state.shown) > 1:
        raise PositionError(f"shown: {len(state.shown)} trumps shown ({' '.join(c.ascii for c in sorted(state.shown))}), "
                            "but every transfer of a bout is of its lead's rank, which one trump has")
    if state.shown and rules.transfer_blocked_by_trump and not rules.transfer_trump_laid:
        raise PositionError("shown: a trump shown to transfer counts as a trump on the table under "
                            "transfer_trump_laid false, and with transfer_blocked_by_trump no trump is shown")
    ranks = Counter(a.rank for a, _ in state.table)
    if not state.shown and max(ranks.values()) < 2:
        raise PositionError(f"{field}: {seen}, so the attack was transferred, but no two attack cards share a rank "
                            "and no trump is shown (a transfer lays a card of the lead's rank beside it, or shows "
                            "the trump of that rank)")
