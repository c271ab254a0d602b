"""Fools and Angels (seed ``003_d0b2aeea59b7d1ba.txt``, cited "003") as plain, literal, slow
Python.

The seed lost every bulleted list (the stock contents, the two actions of a turn, the
defence targets, the end of turn). ``shared/RULES-NOTES.md`` §4 reconstructs them; every
reconstructed rule is an option below declared with ``reconstructed=True`` and marked
``# RECONSTRUCTION`` where the code applies it. Sentences of 003 that must be *read* one
way are marked ``# READING``. The model, with the reasons, is ``docs/fools-and-angels-model.md``.

Players are 0 and 1; player 0 owns the first private stock ("Black" by default), player 1
the second ("Red"). Stocks are sequences, top (drawn first) first.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import accumulate, combinations
from math import comb
from typing import Any, ClassVar

from foolsolve.cards import ACE, FRENCH52, JACK, KING, Card
from foolsolve.errors import InputError, PositionError, quoted
from foolsolve.game import (
    MAX_CONSIDERED,
    ChanceMode,
    Dynamics,
    GameMeta,
    IllegalMove,
    Information,
    MoveFamily,
    Reason,
    Result,
    SpecGame,
    Utility,
    _norm_move,
    check_listed,
    joined_family,
    legal_or_family,
    reason,
    sampled_members,
)
from foolsolve.numbers import ascii_whole
from foolsolve.positions import validate_schema
from foolsolve.present import plural
from foolsolve.rules import Reconstruction, json_shown, json_text, option, rules_from_json, rules_to_json
from foolsolve.worlds import CountRule, Hidden, View, ZoneField, is_viewer, zone_words

META = GameMeta(
    name="fools-and-angels", title="Fools and Angels", seed="003_d0b2aeea59b7d1ba.txt", min_players=2, max_players=2,
    deck=FRENCH52, dynamics=Dynamics.SEQUENTIAL, chance_mode=ChanceMode.DETERMINISTIC,
    information=Information.IMPERFECT, utility=Utility.ZERO_SUM,
    hidden="the opponent's hand and the order of the three stocks (each stock's size is seen by both; "
           "the attack on the table is seen by both)",
    chance="the shuffles of the stocks (and Asymmetry's reshuffle), made by deal(): a position's stock "
           "orders are part of the state and hidden by the views")
"""The game's record (read by the spec class, the engine, the registry, OpenSpiel, the pictures)."""
SCHEMA = "fools-and-angels.schema.json"

ATTACK_FOUR_THEN_FACE, ATTACK_PIPS_AND_ONE_FACE = "four_then_face", "pips_and_one_face"
"""The two readings of the attack size (option ``attack_size``)."""
RED, BLACK, WHOLE = "red", "black", "whole"
TARGETS: tuple[str, ...] = (RED, BLACK, WHOLE)
SETUP, TURN, REGROUP, DEFEND, TEMPT = "setup", "turn", "regroup", "defend", "tempt"
PHASES: tuple[str, ...] = (SETUP, TURN, REGROUP, DEFEND, TEMPT)
FACE_RANK_TEXT = {JACK: "J", 12: "Q", KING: "K"}


# --- cards and values --------------------------------------------------------------------

def is_face(card: Card) -> bool:
    """J, Q, K."""
    return JACK <= card.rank <= KING


def is_pip(card: Card) -> bool:
    """A and 2..9 (10s are put away: 003 "Put away all other cards, such as the 10s")."""
    return card.rank == ACE or 2 <= card.rank <= 9


def value(card: Card) -> int:
    """Signed value. 003 "Aces are worth 1." 003 "The black and red pip cards' values subtract
    from each other": black pips count positive, red pips negative. Face cards count 0
    (RECONSTRUCTION ``face_value``, RULES-NOTES §4 "value 0 in the sums")."""
    if is_face(card):
        return 0
    size = 1 if card.rank == ACE else card.rank
    return -size if card.is_red else size


def total(cards: Any) -> int:
    """Signed total of some cards."""
    return sum(value(c) for c in cards)


def parse_game_card(text: Any, what: str) -> Card:
    """A card of this game: any French card except the 10s (put away)."""
    card = FRENCH52.parse(text, what=what)
    if card.rank == 10:
        raise InputError(f"{what}: {card.ascii} is not used (003 'Put away all other cards, such as the 10s')")
    return card


def ordered(cards: Any) -> tuple[Card, ...]:
    """Cards in ascending card index (the print and sort order of moves)."""
    return tuple(sorted(cards))


# --- face-card effects: a pluggable table, one entry per rank ------------------------------

class FaceEffect(ABC):
    """What a face card in an attack does to the defence. The interface: which defence
    targets (``red``, ``black``, ``whole``) an attack holding this face card admits.
    The real J/Q/K effects were in a lost list of 003 ("Face cards have special effects,
    described below in descending order of precedence."); add one with
    :func:`register_face_effect` and select it per rank with the ``face_effects`` option."""

    name: str = ""
    doc: str = ""

    @abstractmethod
    def targets(self, has_red: bool, has_black: bool) -> tuple[str, ...]:
        """The targets allowed for an attack holding this face card and pips of the given colours."""


class WholeOnly(FaceEffect):
    """RECONSTRUCTION (option ``face_effects``, its default): the face card affects every pip card of
    its attack, so the attack can only be defended whole. 003 Q&A: "Given an attack of [J♦, 2 ♣], can you defend
    with a 2♥ to discard both 2s, and pick up the J♦? A: No, face cards cannot be separated
    from the cards they affect.\""""

    name = "whole_only"
    doc = "reconstruction: the attack can only be defended whole (003 Q&A J♦ 2♣)"

    def targets(self, has_red: bool, has_black: bool) -> tuple[str, ...]:
        return (WHOLE,)


class NoEffect(FaceEffect):
    """A face card is a passenger worth 0: every target stays available and a colour defence
    leaves the face card to the defender. Contradicts the 003 Q&A; it exists so that the
    table is exercised (and as a baseline for comparing effects)."""

    name = "none"
    doc = "reconstruction alternative: no effect beyond value 0 (contradicts the 003 Q&A)"

    def targets(self, has_red: bool, has_black: bool) -> tuple[str, ...]:
        return TARGETS


FACE_EFFECTS: dict[str, FaceEffect] = {}
"""The effect table: name -> effect. ``Rules.face_effects`` maps each rank to a name."""


def register_face_effect(effect: FaceEffect) -> None:
    """Add an effect to the table (selectable in rules files by its name)."""
    if not effect.name:
        raise ValueError("a face effect needs a name")
    FACE_EFFECTS[effect.name] = effect


register_face_effect(WholeOnly())
register_face_effect(NoEffect())


@dataclass(frozen=True)
class FaceEffects:
    """The effect of each face rank (names from :data:`FACE_EFFECTS`)."""

    J: str = "whole_only"
    Q: str = "whole_only"
    K: str = "whole_only"

    def of(self, card: Card) -> FaceEffect:
        """The effect of a face card."""
        return FACE_EFFECTS[getattr(self, FACE_RANK_TEXT[card.rank])]


def parse_face_effects(obj: Any) -> FaceEffects:
    """``{"J": "whole_only", "Q": "none"}`` (missing ranks keep the default)."""
    if isinstance(obj, FaceEffects):
        return obj
    if not isinstance(obj, dict):
        raise ValueError('expected an object like {"J": "whole_only", "Q": "whole_only", "K": "whole_only"}')
    kwargs = {}
    for rank, name in obj.items():
        if rank not in ("J", "Q", "K"):
            raise ValueError(f"{rank}: not a face rank (J, Q, K)")
        if name not in FACE_EFFECTS:
            raise ValueError(f"{rank}: unknown face effect {json_shown(name)} (known: {', '.join(sorted(FACE_EFFECTS))})")
        kwargs[rank] = name
    return FaceEffects(**kwargs)


def face_effect_variants(current: FaceEffects) -> list[FaceEffects]:
    """Each other effect for each face rank, one rank at a time (what ``foolsolve why`` tries)."""
    return [replace(current, **{rank: name}) for rank in ("J", "Q", "K") for name in sorted(FACE_EFFECTS)
            if name != getattr(current, rank)]


def _hand_limit_variants(current: int) -> list[int]:
    return [v for v in (current - 1, current + 1) if 1 <= v <= HAND_LIMIT_MAX]


# --- stocks as data -------------------------------------------------------------------------

def _texts(*cards: str) -> tuple[str, ...]:
    return tuple(c.ascii for c in sorted(FRENCH52.parse(t) for t in cards))


@dataclass(frozen=True)
class Stocks:
    """Contents of the three stocks (ASCII card names in card-index order). Order is random,
    fixed at the deal."""

    player0: tuple[str, ...]
    player1: tuple[str, ...]
    pool: tuple[str, ...]

    def cards(self, which: str) -> list[Card]:
        """The cards of one stock (``player0``, ``player1`` or ``pool``)."""
        return [FRENCH52.parse(t) for t in getattr(self, which)]


DEFAULT_STOCKS = Stocks(
    # RECONSTRUCTION stocks (RULES-NOTES §4): black player A-6 of spades and clubs ...
    player0=_texts(*[f"{r}{s}" for s in "SC" for r in "A23456"]),
    # ... red player A-6 of hearts and diamonds ...
    player1=_texts(*[f"{r}{s}" for s in "HD" for r in "A23456"]),
    # ... pool: the four 7s, the four Jacks, and 8♠ 8♥ 9♣ 9♦ Q♠ Q♥ K♣ K♦.
    pool=_texts("7C", "7D", "7H", "7S", "JC", "JD", "JH", "JS", "8S", "8H", "9C", "9D", "QS", "QH", "KC", "KD"),
)


def parse_stocks(obj: Any) -> Stocks:
    """``{"player0": [...], "player1": [...], "pool": [...]}``: distinct non-10 cards."""
    if isinstance(obj, Stocks):
        return obj
    if not isinstance(obj, dict) or set(obj) != {"player0", "player1", "pool"}:
        raise ValueError('expected {"player0": [cards], "player1": [cards], "pool": [cards]}')
    seen: dict[Card, str] = {}
    out: dict[str, tuple[str, ...]] = {}
    for which in ("player0", "player1", "pool"):
        cards = []
        texts = obj[which]
        if not isinstance(texts, list):
            raise ValueError(f"{which}: expected a list of cards")
        for t in texts:
            card = parse_game_card(t, which)
            if card in seen:
                raise ValueError(f"{which}: duplicate card {card.ascii} (also in {seen[card]})")
            seen[card] = which
            cards.append(card)
        out[which] = tuple(c.ascii for c in sorted(cards))
    return Stocks(**out)


HAND_LIMIT_MAX = 48
"""The highest ``hand_limit``: a hand never holds more than the 48 cards the game plays with (52 less
the four 10s, which 003 puts away), so a higher limit would never bind: ``1..48``."""


def _parse_hand_limit(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= HAND_LIMIT_MAX:
        raise ValueError(f"{json_shown(v)} is not a whole number in 1..{HAND_LIMIT_MAX} (a hand never holds more than "
                         f"the {HAND_LIMIT_MAX} cards the game plays with)")
    return v


EXCHANGES_INSTEAD = ("foolsolve why POSITION 'exchange CARDS' checks one of them; the arena's bots, foolsolve play "
                     "and the playouts play on, drawing exchanges without the list: docs/fools-and-angels.md, "
                     "\"Big hands\"")
"""What a user can do where the exchanges are too many to list (said in :func:`check_exchanges`' error)."""


def check_exchanges(count: int, hand: int) -> None:
    """A one-line :class:`~foolsolve.errors.LimitError` where a turn has more exchanges (``count``,
    from a hand of ``hand`` cards) than a move list holds (:func:`~foolsolve.game.check_listed`), saying
    what to do instead; the exchanges are still counted, sampled and tested without being listed
    (:meth:`FoolsAndAngelsSpec.legal_moves_split`)."""
    check_listed(count, f"exchange moves (every set of a {hand}-card hand)", EXCHANGES_INSTEAD)


def exchange_candidates(hand: Sequence[Card], most: int) -> list[tuple[Card, ...]]:
    """The exchanges a player valuing moves considers where every set of the hand is too many to list
    (:attr:`~foolsolve.game.MoveFamily.candidates`): every single card, then the ``k`` lowest and the
    ``k`` highest cards of the hand for every ``k`` from 2 to ``most`` (by rank, then the game's card
    order), each set once, in ascending card order: at most ``3 * len(hand)`` sets. The ``greedy`` bot's
    exchange of the full list (all the lowest-ranked cards) is among them."""
    by_rank = sorted(hand, key=lambda c: (c.rank, c))
    out: list[tuple[Card, ...]] = [(c,) for c in ordered(hand)] if most >= 1 else []
    seen = set(out)
    for k in range(2, most + 1):
        for part in (by_rank[:k], by_rank[-k:]):
            cards = ordered(part)
            if cards not in seen:
                seen.add(cards)
                out.append(cards)
    return out


def _parse_regroup_max(v: Any) -> Any:
    if isinstance(v, bool):
        raise ValueError(f"{json_shown(v)} is not one of \"limit\" | 1 | 2")
    return v


# --- the rules --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules:
    """Fools and Angels rules: the variants of 003 (from the source text) and every
    reconstruction of the lost lists (``reconstructed=True``)."""

    # -- from the source text ----------------------------------------------------------------
    infusion: bool = option(
        False, choices=(False, True),
        doc="Variant Infusion: a regroup begun with 5 or fewer cards in hand and a non-empty own stock "
            "must take its first card from the pool (reading: the regroup's first draw, not an extra card).",
        source='003 Infusion: "Whenever you start to regroup with 5 or fewer cards in hand, as long as you have a '
               'private stock, draw the first card from the pool."')
    asymmetry: bool = option(
        False, choices=(False, True),
        doc="Variant Asymmetry: before play each player may swap one of their three stock piles for one "
            "of the four pool piles; then the three stocks are reshuffled.",
        source='003 Asymmetry: "divide the pool stock into four equal piles of four cards each, and divide each '
               "player's stock into three equal piles of four cards each. Each player may exchange one of their "
               'three piles for one of the four "pool" piles. Then, collect and reshuffle the three new stocks."')
    exchange: bool = option(
        False, choices=(False, True),
        doc="Variant Exchange: at the start of a turn the player may put any number of hand cards under the "
            "pool and draw as many from its top (how many: option exchange_limit; reading: they go under in "
            "card-index order).",
        source='003 Exchange: "At the start of your turn, you may exchange any number of cards in your hand for the '
               'same number of cards in the pool, before taking your normal turn."')
    temptation: bool = option(
        False, choices=(False, True),
        doc="Variant Temptation: after both first turns, a turn that drew from the pool lets the opponent "
            "discard one card from their hand or the top of their stock.",
        source='003 Temptation: "After each player\'s first turn, if you draw any number of cards from the pool, '
               'your opponent may discard one of their cards, from their hand or from the top of their private stock."')

    # -- reconstructions of the lost lists -------------------------------------------------------
    stocks: Stocks = option(  # noqa: RUF009
        DEFAULT_STOCKS, reconstructed=True, parse=parse_stocks,
        schema={"type": "object", "additionalProperties": False, "required": ["player0", "player1", "pool"],
                "properties": {k: {"type": "array", "items": {"type": "string"}} for k in ("player0", "player1", "pool")},
                "description": '{"player0": [cards], "player1": [cards], "pool": [cards]}: distinct cards, no 10s'},
        doc="Contents of the three stocks (reconstruction: the lists were lost; sizes 12/12/16 follow the "
            "Asymmetry piles; black A-6♠♣, red A-6♥♦, pool 7s, Jacks, 8♠ 8♥ 9♣ 9♦ Q♠ Q♥ K♣ K♦).",
        source='003: "The two players\' private stocks consist of specific cards by color:" and "Let the "pool" '
               'stock consist of:" (lists lost); RULES-NOTES §4')
    hand_limit: int = option(
        7, reconstructed=True, parse=_parse_hand_limit, variants=_hand_limit_variants,
        schema={"type": "integer", "minimum": 1, "maximum": HAND_LIMIT_MAX},
        doc="A regroup may draw only while the hand holds fewer cards than this (reconstruction: the lists "
            "were lost; the forfeit sentence's example of a hand that cannot draw, 7 cards, agrees with it).",
        source='003: "(for example, they already have 7 cards, or all available stocks are empty)" (an example, '
               'not a rule); RULES-NOTES §4')
    regroup_max: Any = option(  # noqa: RUF009
        "limit", choices=("limit", 1, 2), reconstructed=True, parse=_parse_regroup_max,
        doc="Most cards one regroup may draw: up to the hand limit, or 1, or 2 (reconstruction: the "
            "regroup list was lost).",
        source='003: "The active player shall either:" (list lost) and "Players take turns either attacking ... or '
               'regrouping by drawing cards into their hand."; RULES-NOTES §4')
    face_effects: FaceEffects = option(  # noqa: RUF009
        FaceEffects(), reconstructed=True, parse=parse_face_effects, variants=face_effect_variants,
        allowed=lambda: f'{{"J"|"Q"|"K": {" | ".join(json_text(n) for n in sorted(FACE_EFFECTS))}}} (a rank '
                        "left out keeps its default)",
        schema={"type": "object", "additionalProperties": False,  # (the effects: a pluggable table, names only)
                "properties": {rank: {"type": "string"} for rank in ("J", "Q", "K")}},
        doc="Effect of each face rank on the defence, from a pluggable table (reconstruction: the effects list "
            "was lost; default whole_only for J, Q, K from the Q&A).",
        source='003: "Face cards have special effects, described below in descending order of precedence." (list '
               'lost); Q&A "face cards cannot be separated from the cards they affect"; RULES-NOTES §4')
    attack_size: str = option(
        ATTACK_FOUR_THEN_FACE, choices=(ATTACK_FOUR_THEN_FACE, ATTACK_PIPS_AND_ONE_FACE), reconstructed=True,
        doc="four_then_face: at most 4 cards of any kind, and a 5th only if it is a face card; pips_and_one_face: "
            "at most 4 pip cards and at most 1 face card. Either way at least one pip card and never more cards "
            "than the defender holds (reconstruction: the face-card rules were lost).",
        source='003: "The attacker may use up to 4 cards — plus 1 more if it is a face card — but never more '
               'cards than the defender holds in their hand."; RULES-NOTES §4 "Attack size"')
    defence_face_cards: str = option(
        "with_pips", choices=("with_pips", "never"), reconstructed=True,
        doc="with_pips: a defence may include face cards (counting 0) when it also holds a pip card; never: a "
            "defence is pip cards only (reconstruction: the defence list was lost).",
        source='003: "The other player then "defends" by playing any number of cards from their hand to either:" '
               '(list lost); "Face cards must always accompany pip cards."')
    first_player: int = option(
        0, choices=(0, 1), reconstructed=True,
        doc="Who takes the first turn (reconstruction: 003 never says; player 0 owns the first stock).",
        source='003: "Players take turns either attacking ... or regrouping" (no first player named)')
    no_legal_action: str = option(
        "pass", choices=("pass", "lose"), reconstructed=True,
        doc="A player who can neither attack, regroup nor pass by the exception must pass (or loses) "
            "(reconstruction: 003 does not cover it).",
        source='003: "The active player shall either:" (list lost); "An exception: If the opponent is empty-handed '
               'and the player\'s own stock is empty, the player may instead pass."')
    end_of_turn: str = option(
        "none", choices=("none",), reconstructed=True, fixed=True,
        doc="What happens at the end of a turn beyond the forfeit check: nothing (reconstruction: the list was lost).",
        source='003: "At the end of a player\'s turn:" (list lost); RULES-NOTES §4 "end_of_turn: none"')
    asymmetry_order: str = option(
        "first_player_first", choices=("first_player_first", "second_player_first"), reconstructed=True,
        applies={"asymmetry": (True,)},
        doc="Asymmetry: who chooses a pile swap first; the second sees the piles as they then stand "
            "(reconstruction: 003 does not say).",
        source='003 Asymmetry: "Each player may exchange one of their three piles for one of the four "pool" piles."')
    exchange_limit: str = option(
        "pool_size", choices=("pool_size", "hand_size"), reconstructed=True,
        applies={"exchange": (True,)},
        doc="Exchange: at most as many cards as the pool holds, or any number of hand cards (the drawn cards "
            "may then include some just put under) (reconstruction: 003 does not say).",
        source='003 Exchange: "exchange any number of cards in your hand for the same number of cards in the pool"')
    temptation_trigger: str = option(
        "any_pool_draw", choices=("any_pool_draw", "regroup_only"), reconstructed=True,
        applies={"temptation": (True,), "exchange": (True,)},
        doc="Temptation: whether the Exchange variant's draws from the pool count as drawing from the pool "
            "(reconstruction: 003 does not say).",
        source='003 Temptation: "if you draw any number of cards from the pool"; Exchange: "then drawing the same '
               'number of cards into your hand"')

    def __post_init__(self) -> None:
        try:
            _parse_hand_limit(self.hand_limit)
        except ValueError as exc:
            raise ValueError(f"hand_limit: {exc}") from None
        if self.regroup_max not in ("limit", 1, 2) or isinstance(self.regroup_max, bool):
            raise ValueError(f"regroup_max: {json_shown(self.regroup_max)} is not one of \"limit\" | 1 | 2")
        for rank in ("J", "Q", "K"):
            if getattr(self.face_effects, rank) not in FACE_EFFECTS:
                raise ValueError(f"face_effects.{rank}: unknown face effect {json_shown(getattr(self.face_effects, rank))}")
        if not self.stocks.player0 or not self.stocks.player1:
            raise ValueError("stocks: each private stock needs at least one card")
        if self.asymmetry:
            n0, n1, np_ = len(self.stocks.player0), len(self.stocks.player1), len(self.stocks.pool)
            if n0 % 3 or n0 != n1 or np_ * 3 != n0 * 4:
                raise ValueError(f"asymmetry: needs private stocks of 3p cards and a pool of 4p cards "
                                 f"(got {n0}, {n1}, {np_})")


RECONSTRUCTIONS = (
    Reconstruction(
        "face_value", "Face cards count 0 in every sum: an attack's total, a defence's total, the colours' "
        "totals.",
        "003's list of values was lost after \"The black and red pip cards' values subtract from each other:\"; "
        "face cards \"have special effects\" instead, and every sum the text works (the defence example, the "
        "tip) is of pip cards, so a face card changes no total.",
        '003: "Aces are worth 1." "The black and red pip cards\' values subtract from each other:" (list lost); '
        '"Face cards have special effects"'),
    Reconstruction(
        "forfeit_first", "A hand of only face cards that cannot draw forfeits at the start of its turn before "
        "anything else the turn may do: before an exchange (Exchange variant) that could bring pip cards from the "
        "pool, and before the exception pass.",
        "Both the forfeit and the exchange come \"at the start of their turn\", and the pass is one of the turn's "
        "actions; the text does not rank them. The forfeit sentence says such a player \"must\" forfeit, while the "
        "exchange and the pass are what a player \"may\" do, so the forfeit is read as the check that opens the "
        "turn (after an exchange the turn has started: no forfeit then).",
        '003: "If a player has a hand of only face cards at the start of their turn, and they are unable to draw '
        'additional cards into their hand ..., they must show their hand and forfeit the game."; Exchange: "At the '
        'start of your turn, you may exchange any number of cards in your hand for the same number of cards in the '
        'pool, before taking your normal turn."; "An exception: If the opponent is empty-handed and the player\'s '
        'own stock is empty, the player may instead pass."'),
    Reconstruction(
        "take_uncancelled", "After a defence that cancels one colour of the attack, the defender takes the attack "
        "cards it did not cancel into her hand; the cancelled cards and the defence are discarded.",
        "The list of what a defence does was lost. The Q&A's question (defend with 2♥ \"to discard both 2s, and "
        "pick up the J♦\") takes for granted that what a defence leaves is picked up, and a surrender \"take[s] "
        "all the cards\"; the other cards have nowhere else to go.",
        '003 Q&A: "Given an attack of [J♦, 2 ♣], can you defend with a 2♥ to discard both 2s, and pick up the J♦?"; '
        '"they can just \"surrender\" and take all the cards."'),
    Reconstruction(
        "face_only_attacked_loses_game", "A defender attacked while holding only face cards loses the game at "
        "once (the attacker wins), in view of both: her hand is shown, as a forfeiting hand is.",
        "\"Loses\" could also be read as losing the defence (she takes the attack, as a surrender does). It is "
        "read as the game because the sentence sets it beside \"cannot attack\", a standing state of the hand, "
        "and the forfeit sentence treats the same hand as out of the game; a lost defence would need no sentence "
        "of its own, since a defender may always surrender. The game cannot end without both players "
        "knowing it, and the forfeit of the same hand is made by showing it.",
        '003: "A player with only face cards in their hand cannot attack, and loses when attacked."; "they must '
        'show their hand and forfeit the game."'),
    Reconstruction(
        "temptation_discard_shown", "A card discarded to Temptation, from the hand or from the top of the private "
        "stock, is discarded face up: both players see it, and it joins the cards out of play that both see.",
        "The text says where the card comes from and not how it is discarded. The game's other discards (the "
        "cards a defence cancels) are made in view of both, and the only card the text puts face down is an "
        "exchange's, which it says in so many words.",
        '003 Temptation: "your opponent may discard one of their cards, from their hand or from the top of their '
        'private stock."; Exchange: "putting the cards you\'ll exchange face down on the bottom of the pool stock"'),
)
"""Readings of 003 where only one is sensible (``foolsolve rules fools-and-angels`` lists them)."""


# --- state -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class State:
    """A position. See docs/fools-and-angels-model.md, "State"."""

    rules: Rules
    phase: str
    to_move: int
    hands: tuple[frozenset[Card], frozenset[Card]]
    stocks: tuple[tuple[Card, ...], tuple[Card, ...]]
    pool: tuple[Card, ...]
    attack: frozenset[Card] = frozenset()
    turns_done: int = 0
    exchanged: bool = False
    drawn: int = 0
    drew_pool: bool = False
    setup_chosen: int = 0
    reshuffle: tuple[tuple[int, ...], ...] = field(default=())
    known: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())
    """Knowledge only (no rule reads it): the cards of each hand both players know are there, the
    attack cards that hand took (in view of both: what a defence did not cancel, a reconstruction of
    the lost defence list, and 003 "they can just "surrender" and take all the cards") and still
    holds. An Exchange clears the exchanger's (the cards go face down: the opponent cannot tell
    which left)."""
    under_pool: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())
    """Knowledge only: the cards each player put under the pool in an Exchange that are still in it
    (003 Exchange: "putting the cards you'll exchange face down on the bottom of the pool stock":
    known to her, not to the opponent)."""


# --- moves -----------------------------------------------------------------------------------

def _cards_str(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def _idx(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(c.index for c in cards)


@dataclass(frozen=True)
class SwapPiles:
    """Asymmetry: swap own pile ``own`` (1..3) with pool pile ``pool`` (1..4)."""

    own: int
    pool: int

    def __str__(self) -> str:
        return f"swap pile {self.own} for pool pile {self.pool}"

    def sort_key(self) -> tuple[Any, ...]:
        return (0, self.own, self.pool)


@dataclass(frozen=True)
class KeepPiles:
    """Asymmetry: keep the piles."""

    def __str__(self) -> str:
        return "keep piles"

    def sort_key(self) -> tuple[Any, ...]:
        return (1,)


@dataclass(frozen=True)
class Exchange:
    """Exchange variant: these hand cards go under the pool; as many come from its top."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"exchange {_cards_str(self.cards)}"

    def sort_key(self) -> tuple[Any, ...]:
        return (2, len(self.cards), _idx(self.cards))


@dataclass(frozen=True)
class Attack:
    """Lay these cards as an attack."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"attack {_cards_str(self.cards)}"

    def sort_key(self) -> tuple[Any, ...]:
        return (3, len(self.cards), _idx(self.cards))


@dataclass(frozen=True)
class Defend:
    """Cancel the ``target`` part of the attack with these cards."""

    target: str
    cards: tuple[Card, ...]
    FIELD_CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"target": TARGETS}

    def __str__(self) -> str:
        return f"defend {self.target} with {_cards_str(self.cards)}"

    def sort_key(self) -> tuple[Any, ...]:
        return (4, TARGETS.index(self.target), len(self.cards), _idx(self.cards))


@dataclass(frozen=True)
class Surrender:
    """Take every attack card."""

    def __str__(self) -> str:
        return "surrender"

    def sort_key(self) -> tuple[Any, ...]:
        return (5,)


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the own stock (``own``) or of the pool (``pool``)."""

    source: str
    FIELD_CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"source": ("own", "pool")}

    def __str__(self) -> str:
        return f"draw {self.source}"

    def sort_key(self) -> tuple[Any, ...]:
        return (6,) if self.source == "own" else (7,)


@dataclass(frozen=True)
class Stop:
    """End the regroup."""

    def __str__(self) -> str:
        return "stop"

    def sort_key(self) -> tuple[Any, ...]:
        return (8,)


@dataclass(frozen=True)
class Pass:
    """Pass the turn (the exception, or a forced pass)."""

    def __str__(self) -> str:
        return "pass"

    def sort_key(self) -> tuple[Any, ...]:
        return (9,)


@dataclass(frozen=True)
class Discard:
    """Temptation: discard this hand card."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"

    def sort_key(self) -> tuple[Any, ...]:
        return (10, self.card.index)


@dataclass(frozen=True)
class DiscardStock:
    """Temptation: discard the top card of the own private stock."""

    def __str__(self) -> str:
        return "discard stock"

    def sort_key(self) -> tuple[Any, ...]:
        return (11,)


@dataclass(frozen=True)
class Decline:
    """Temptation: do not discard."""

    def __str__(self) -> str:
        return "decline"

    def sort_key(self) -> tuple[Any, ...]:
        return (12,)


Move = SwapPiles | KeepPiles | Exchange | Attack | Defend | Surrender | Draw | Stop | Pass | Discard | DiscardStock | Decline


# --- rule helpers (each rule sentence in one place) ------------------------------------------

def can_draw(state: State, p: int) -> bool:
    """Whether ``p`` could draw a card: the hand is under the limit (RECONSTRUCTION (option
    ``hand_limit``): 7, the lost lists' number, which the forfeit sentence's example agrees with)
    and the own stock or the pool has a card (003 forfeit sentence: "unable to
    draw additional cards into their hand (for example, they already have 7 cards, or all
    available stocks are empty)")."""
    return len(state.hands[p]) < state.rules.hand_limit and bool(state.stocks[p] or state.pool)


def only_face_cards(hand: frozenset[Card]) -> bool:
    """A non-empty hand of face cards only."""
    return bool(hand) and all(is_face(c) for c in hand)


_ATTACK_QUOTE = ("The attacker may use up to 4 cards — plus 1 more if it is a face card — but never more cards "
                 "than the defender holds in their hand.")


def attack_size_reasons(cards: Any, rules: Rules, defender_holds: int) -> list[Reason]:
    """Why ``cards`` is no attack by its cards alone (empty: it is one): at least one pip card, the
    size (option ``attack_size``), at most the defender's cards, a non-zero total.

    003 "The attacker may use up to 4 cards — plus 1 more if it is a face card — but never more cards
    than the defender holds in their hand."; "Face cards must always accompany pip cards."; "A player
    "attacks" by laying down a combination of cards which must total a non-zero value."
    """
    n_pips = sum(1 for c in cards if is_pip(c))
    n_faces = sum(1 for c in cards if is_face(c))
    kinds = f"{plural(n_pips, 'pip card')} and {plural(n_faces, 'face card')}"
    out: list[Reason] = []
    if n_pips == 0:
        out.append(reason("attack_size_reasons", "an attack needs a pip card: face cards must accompany pip cards",
                          "", "Face cards must always accompany pip cards."))
    if rules.attack_size == ATTACK_FOUR_THEN_FACE:
        # RECONSTRUCTION attack_size: at most 4 cards of any kind, a 5th only if it is a face card
        if n_pips + n_faces > 5 or n_pips > 4:
            out.append(reason("attack_size_reasons", f"{kinds}: at most 4 cards, "
                              "and a 5th only if it is a face card", "", _ATTACK_QUOTE, "attack_size",
                              rules))
    elif n_pips > 4 or n_faces > 1:
        out.append(reason("attack_size_reasons", f"{kinds}: at most 4 pip cards and "
                          "1 face card", "", _ATTACK_QUOTE, "attack_size", rules))
    if n_pips + n_faces > defender_holds:
        out.append(reason("attack_size_reasons", f"{plural(n_pips + n_faces, 'card')}, but the defender holds "
                          f"{defender_holds}", "", _ATTACK_QUOTE))
    if total(cards) == 0:
        out.append(reason("attack_size_reasons", "the cards total zero", "",
                          'A player "attacks" by laying down a combination of cards which must total a non-zero '
                          "value."))
    return out


_ATTACK_FROM_HAND_QUOTE = "Players take turns either attacking by playing cards from their hand"


def not_held(state: State, p: int, cards: Any, rule: str, section: str, quote: str) -> list[Reason]:
    """A move may only use cards of the mover's hand (one reason per card not there), under the
    sentence of 003 that plays this move's cards from the hand (the attack's for an attack, the
    defence's for a defence, ...)."""
    return [reason(rule, f"no card {c} in player {p}'s hand", section, quote) for c in ordered(cards)
            if c not in state.hands[p]]


def attack_reasons(state: State, cards: Any) -> list[Reason]:
    """Every rule against the player to move attacking with ``cards`` (empty: a legal attack)."""
    p = state.to_move
    hand = state.hands[p]
    defender_holds = len(state.hands[1 - p])
    out = not_held(state, p, cards, "attack_reasons", "", _ATTACK_FROM_HAND_QUOTE)
    if defender_holds < len(hand):
        out.append(reason("attack_reasons", f"player {1 - p} holds {plural(defender_holds, 'card')}, fewer than player {p}'s "
                          f"{len(hand)}", "", "no player may attack a player with fewer cards in hand than "
                          "them"))
    return out + attack_size_reasons(cards, state.rules, defender_holds)


def attack_moves(state: State) -> list[Attack]:
    """Every legal attack of the player to move: the sets of 1 to 4 pip cards and up to 4 face
    cards of the hand (every size either reading of ``attack_size`` can allow) that
    :func:`attack_reasons` allows."""
    p = state.to_move
    hand = state.hands[p]
    if len(state.hands[1 - p]) < len(hand):
        return []  # attack_reasons: "no player may attack a player with fewer cards", for every set
    pips = ordered(c for c in hand if is_pip(c))
    faces = ordered(c for c in hand if is_face(c))
    out = []
    for n in range(1, 5):
        for combo in combinations(pips, n):
            for k in range(min(len(faces), 5 - n) + 1):
                for fs in combinations(faces, k):
                    cards = ordered((*combo, *fs))
                    if not attack_reasons(state, cards):
                        out.append(Attack(cards))
    return out


ATTACK_SAMPLE = 64
"""How many attacks a player valuing moves weighs where a turn has more than
:data:`~foolsolve.game.MAX_CONSIDERED` (:func:`attack_family`'s candidates): a seeded uniform sample of
them, the same in every world of one view and for the spec and the engine."""


def attack_classes(state: State) -> list[tuple[int, int, int]]:
    """The legal attacks of the player to move (:func:`attack_moves`' list) counted without listing
    them, by class: ``(pip cards, face cards, attacks)`` for every number of pip cards (1 to 4) and of
    face cards whose attacks are legal, in that order. Every set of one class whose pips do not total
    zero has the same verdict (:func:`attack_reasons` reads only the numbers of cards and whether the
    total is zero; a face card counts 0): one set of each class is asked, and the class counts the
    pip sets of a non-zero total times the face sets of its size. Empty: no attack."""
    p = state.to_move
    hand = state.hands[p]
    if len(state.hands[1 - p]) < len(hand):
        return []
    pips = ordered(c for c in hand if is_pip(c))
    faces = ordered(c for c in hand if is_face(c))
    out = []
    for n in range(1, 5):
        nonzero = [combo for combo in combinations(pips, n) if total(combo)]
        if not nonzero:
            continue
        for k in range(min(len(faces), 5 - n) + 1):
            if not attack_reasons(state, ordered((*nonzero[0], *faces[:k]))):
                out.append((n, k, len(nonzero) * comb(len(faces), k)))
    return out


def attack_count(state: State) -> int:
    """How many attacks :func:`attack_moves` lists, counted without listing them (:func:`attack_classes`)."""
    return sum(c for _n, _k, c in attack_classes(state))


def _attack_draw(pips: Sequence[Card], faces: Sequence[Card], classes: list[tuple[int, int, int]], cum: list[int],
                 rng: random.Random) -> Attack:
    """An attack drawn uniformly from the legal ones: a class of :func:`attack_classes` weighted by its
    attacks (``cum``: their running totals), then its pip cards, drawn again until they do not total
    zero (uniform over the sets that do not), then its face cards. The engine's draw makes the same
    ``rng`` calls over the same cards in the same order."""
    n, k, _count = rng.choices(classes, cum_weights=cum)[0]
    while True:
        drawn = rng.sample(pips, n)
        if total(drawn):
            break
    return Attack(ordered((*drawn, *rng.sample(faces, k))))


def _family_reader(contains: Callable[[Any], bool]) -> Callable[[str], Any]:
    """A move family's ``read``: the move the text names when the family holds it (``contains``
    checks the move's class), else ``None``; text that names no move at all is ``None`` too."""
    def read(text: str) -> Any:
        try:
            move = read_move_text(text)
        except InputError:
            return None
        return move if contains(move) else None
    return read


def attack_family(hand: Sequence[Card], defender_holds: int, rules: Rules, classes: list[tuple[int, int, int]]) -> MoveFamily:
    """The attacks of a turn with more than :data:`~foolsolve.game.MAX_CONSIDERED` of them, as a
    :class:`~foolsolve.game.MoveFamily`: counted by ``classes`` (:func:`attack_classes`), sampled
    uniformly (:func:`_attack_draw`), tested (:func:`attack_size_reasons`) and read without listing;
    its candidates are a seeded uniform sample of :data:`ATTACK_SAMPLE` of them (the seed is the
    hand and the classes, so every world of one view weighs the same attacks). It holds the mover's
    cards, the defender's count and the rules, nothing else of the position."""
    pips = ordered(c for c in hand if is_pip(c))
    faces = ordered(c for c in hand if is_face(c))
    held = frozenset(hand)
    cum = list(accumulate(c for _n, _k, c in classes))
    count = cum[-1] if cum else 0
    seed = f"foolsolve-attack-sample:{FRENCH52.mask(hand)}:{classes}"

    def sample(rng: random.Random) -> Attack:
        return _attack_draw(pips, faces, classes, cum, rng)

    def contains(move: Any) -> bool:
        return (isinstance(move, Attack) and len(set(move.cards)) == len(move.cards) and set(move.cards) <= held
                and not attack_size_reasons(move.cards, rules, defender_holds))

    def listing() -> list[Attack]:
        out = [Attack(ordered((*combo, *fs))) for n in range(1, 5) for combo in combinations(pips, n)
               for k in range(min(len(faces), 5 - n) + 1) for fs in combinations(faces, k)]
        return sorted((m for m in out if not attack_size_reasons(m.cards, rules, defender_holds)),
                      key=lambda m: m.sort_key())

    return MoveFamily("attack", count, sample, contains, listing,
                      lambda: sampled_members(sample, count, seed, ATTACK_SAMPLE), _family_reader(contains),
                      sampled=True, lead=count)


def defence_targets(attack: frozenset[Card], rules: Rules) -> list[tuple[str, frozenset[Card], int]]:
    """``(target, cancelled attack cards, total the defence must have)`` for each target the
    attack admits.

    003 "The other player then "defends" by playing any number of cards from their hand to
    either: [lost list]"; "the defender would need cards that total either 9-black (to zero out
    the red), 4-red (to zero out the black), or 5-black (to balance the whole)"; "There's no
    other partial defense. It's pass/fail for all of one color or for the whole attack."
    """
    reds = frozenset(c for c in attack if is_pip(c) and c.is_red)
    blacks = frozenset(c for c in attack if is_pip(c) and not c.is_red)
    faces = [c for c in attack if is_face(c)]
    out: list[tuple[str, frozenset[Card], int]] = []
    if reds:
        out.append((RED, reds, -total(reds)))
    if blacks:
        out.append((BLACK, blacks, -total(blacks)))
    out.append((WHOLE, attack, -total(attack)))
    # RECONSTRUCTION face_effects: each face card's effect says which targets remain
    # (default whole_only: 003 Q&A "face cards cannot be separated from the cards they affect").
    for f in faces:
        allowed = rules.face_effects.of(f).targets(bool(reds), bool(blacks))
        out = [t for t in out if t[0] in allowed]
    # Naming rule: a colour target that cancels the whole attack is the `whole` defence.
    return [t for t in out if t[0] == WHOLE or t[1] != attack]


_FACE_QA_QUOTE = "No, face cards cannot be separated from the cards they affect."
"""003 Q&A, the answer to "Given an attack of [J♦, 2 ♣], can you defend with a 2♥ to discard both 2s, and
pick up the J♦?" (the sentence the default of option ``face_effects`` rests on)."""

_DEFEND_QUOTE = ('The other player then "defends" by playing any number of cards from their hand to either:')


def defend_reasons(state: State, target: str, cards: Any) -> list[Reason]:
    """Every rule against the player to move defending ``target`` with ``cards`` (empty: legal).

    003 "The other player then "defends" by playing any number of cards from their hand to
    either: [lost list]"; "There's no other partial defense. It's pass/fail for all of one color or
    for the whole attack."; "Face cards must always accompany pip cards."
    """
    d = state.to_move
    out = not_held(state, d, cards, "defend_reasons", "", _DEFEND_QUOTE)
    targets = {t: need for t, _c, need in defence_targets(state.attack, state.rules)}
    if target not in targets:
        can = ", ".join(targets)
        # a target the pip cards admit that a face card's effect takes away: 003 Q&A "Given an attack
        # of [J♦, 2 ♣], can you defend with a 2♥ to discard both 2s, and pick up the J♦? A: No, face
        # cards cannot be separated from the cards they affect." (option face_effects)
        reds = any(is_pip(c) and c.is_red for c in state.attack)
        blacks = any(is_pip(c) and not c.is_red for c in state.attack)
        colours = {t for t, present in ((RED, reds), (BLACK, blacks)) if present}
        holding = [f for f in ordered(c for c in state.attack if is_face(c))
                   if target not in state.rules.face_effects.of(f).targets(reds, blacks)]
        if target in colours and holding:
            out.append(reason("defence_targets", f"this attack cannot be defended {target}: "
                              f"{' '.join(str(f) for f in holding)} cannot be separated from the cards "
                              f"{'it affects' if len(holding) == 1 else 'they affect'} (it can: {can})", "",
                              _FACE_QA_QUOTE, "face_effects", state.rules))
        else:
            out.append(reason("defence_targets", f"this attack cannot be defended {target} (it can: {can})", "",
                              "It's pass/fail for all of one color or for the whole attack."))
    pips = [c for c in cards if is_pip(c)]
    faces = [c for c in cards if is_face(c)]
    if not pips:
        out.append(reason("defend_reasons", "a defence needs a pip card: face cards must accompany pip cards",
                          "", "Face cards must always accompany pip cards."))
    # RECONSTRUCTION defence_face_cards: "with_pips" (default: face cards counting 0 may join a
    # defence that has pip cards; 003 "Face cards must always accompany pip cards") or "never".
    if faces and state.rules.defence_face_cards == "never":
        out.append(reason("defend_reasons", "a defence plays pip cards only", "", _DEFEND_QUOTE,
                          "defence_face_cards", state.rules))
    if target in targets and total(cards) != targets[target]:
        out.append(reason("defend_reasons", f"the defence totals {total(cards)}; cancelling {target} needs "
                          f"{targets[target]}", "", "the defender would need cards that total either "
                          "9-black (to zero out the red), 4-red (to zero out the black), or 5-black (to balance "
                          "the whole)"))
    return out


def with_total(cards: tuple[Card, ...], need: int) -> list[tuple[Card, ...]]:
    """Every non-empty set of ``cards`` whose signed :func:`total` is ``need``, as
    ``combinations(cards, n)`` gives them for n = 1, 2, ... (the same sets in the same order as
    filtering every combination by its total), found without trying each of the 2^n sets: a set
    is only grown while the cards after it can still bring its total to ``need``."""
    values = [value(c) for c in cards]
    n = len(cards)
    up = [0] * (n + 1)  # up[i]: the most the cards from i on can add; down[i]: the least
    down = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        up[i] = up[i + 1] + max(values[i], 0)
        down[i] = down[i + 1] + min(values[i], 0)
    found: list[tuple[int, ...]] = []

    def grow(i: int, chosen: tuple[int, ...], sum_: int) -> None:
        if chosen and sum_ == need:
            found.append(chosen)
        for j in range(i, n):
            rest = need - sum_ - values[j]
            if down[j + 1] <= rest <= up[j + 1]:
                grow(j + 1, (*chosen, j), sum_ + values[j])

    grow(0, (), 0)
    found.sort(key=lambda ix: (len(ix), ix))
    return [tuple(cards[i] for i in ix) for ix in found]


def defence_moves(state: State) -> list[Defend | Surrender]:
    """Every defence of the player to move against ``state.attack`` that :func:`defend_reasons`
    allows, and surrender. Candidates: sets of pip cards with the target's total, each with every
    set of the hand's face cards."""
    d = state.to_move
    hand = state.hands[d]
    pips = ordered(c for c in hand if is_pip(c))
    faces = ordered(c for c in hand if is_face(c))
    face_sets = [fs for n in range(len(faces) + 1) for fs in combinations(faces, n)]
    out: list[Defend | Surrender] = []
    for target, _cancelled, need in defence_targets(state.attack, state.rules):
        # the sets of pip cards with the target's total (a necessary condition; defend_reasons checks it
        # too), in the order of combinations(pips, n) for n = 1, 2, ...
        for combo in with_total(pips, need):
            for fs in face_sets:
                cards = ordered((*combo, *fs))
                if not defend_reasons(state, target, cards):
                    out.append(Defend(target, cards))
    # 003 "The defender is not obligated to defend an attack at all; they can just "surrender"
    # and take all the cards."
    out.append(Surrender())
    return out


def _suffix_counts(values: Sequence[int]) -> list[dict[int, int]]:
    """``out[j][t]``: how many sets of the cards from the ``j``-th on (their ``values``) total ``t``
    (the empty set too)."""
    out: list[dict[int, int]] = [{0: 1}]
    for v in reversed(values):
        rest = out[-1]
        table = dict(rest)
        for t, n in rest.items():
            table[t + v] = table.get(t + v, 0) + n
        out.append(table)
    return out[::-1]


def defence_parts(state: State) -> list[tuple[str, int, int, int]]:
    """The defences of the player to move (:func:`defence_moves`' list, surrender aside) counted without
    listing them: ``(target, needed total, sets of pip cards with that total, sets of face cards each
    joins)`` for each target of :func:`defence_targets`, in its order. Every set of pip cards with the
    target's total, with any set of the hand's face cards (none where ``defence_face_cards`` is
    ``never``), is a defence :func:`defend_reasons` allows (the total is never zero, so the set has a
    pip card); the pip sets are counted by total (a subset-sum count, the engine's ``sum_counts``)."""
    hand = state.hands[state.to_move]
    pips = ordered(c for c in hand if is_pip(c))
    faces = sum(1 for c in hand if is_face(c))
    sets = 1 << faces if state.rules.defence_face_cards == "with_pips" else 1
    counts = _suffix_counts([value(c) for c in pips])[0]
    return [(target, need, counts.get(need, 0), sets) for target, _c, need in defence_targets(state.attack, state.rules)]


def defence_count(state: State) -> int:
    """How many defences :func:`defence_moves` lists besides surrender, counted (:func:`defence_parts`)."""
    return _parts_count(defence_parts(state))


def _parts_count(parts: list[tuple[str, int, int, int]]) -> int:
    """How many defences :func:`defence_parts`' ``parts`` hold: each part's pip sets times its face sets."""
    return sum(n * f for _t, _need, n, f in parts)


def defence_family(state: State, parts: list[tuple[str, int, int, int]]) -> MoveFamily:
    """The defences of a turn with more than :data:`~foolsolve.game.MAX_CONSIDERED` of them (surrender
    aside, listed beside), as a :class:`~foolsolve.game.MoveFamily`: counted by ``parts``
    (:func:`defence_parts`), drawn uniformly by index (:func:`_defence_draw`), tested
    (:func:`defend_reasons`) and read without listing; its candidates are a seeded uniform sample of
    :data:`ATTACK_SAMPLE` of them (the seed is the defender's hand, the attack and the parts, so every
    world of one view weighs the same defences, and the engine draws the same ones)."""
    d = state.to_move
    hand = ordered(state.hands[d])
    pips = tuple(c for c in hand if is_pip(c))
    faces = tuple(c for c in hand if is_face(c))
    suffix = _suffix_counts([value(c) for c in pips])
    count = _parts_count(parts)
    seed = (f"foolsolve-defence-sample:{FRENCH52.mask(hand)}:{FRENCH52.mask(state.attack)}:"
            f"{[(TARGETS.index(t), need, n, f) for t, need, n, f in parts]}")

    def sample(rng: random.Random) -> Defend:
        return _defence_draw(pips, faces, suffix, parts, rng.randrange(count))

    def contains(move: Any) -> bool:
        return (isinstance(move, Defend) and len(set(move.cards)) == len(move.cards)
                and not defend_reasons(state, move.target, move.cards))

    def listing() -> list[Defend]:
        return [m for m in defence_moves(state) if isinstance(m, Defend)]

    return MoveFamily("defence", count, sample, contains, listing,
                      lambda: sampled_members(sample, count, seed, ATTACK_SAMPLE), _family_reader(contains),
                      sampled=True, lead=count)


def _defence_draw(pips: tuple[Card, ...], faces: tuple[Card, ...], suffix: list[dict[int, int]],
                  parts: list[tuple[str, int, int, int]], i: int) -> Defend:
    """The defence of index ``i`` in one fixed order of them (a bijection, so a uniform ``i`` draws a
    uniform defence; the engine's ``_defence_draw`` decodes the same index to the same defence): the
    parts in order, in a part the face set ``i // n`` (face card ``k`` in it where bit ``k`` of that
    number is set) and the pip set ``i % n``, read card by card, lowest first, the sets without the
    card before those with it (``suffix``: :func:`_suffix_counts` of the pips)."""
    for target, need, n, f in parts:
        if i < n * f:
            j, i = divmod(i, n)
            chosen = [c for k, c in enumerate(faces) if j >> k & 1]
            for at, c in enumerate(pips):
                before = suffix[at + 1].get(need, 0)
                if i >= before:
                    i -= before
                    need -= value(c)
                    chosen.append(c)
            return Defend(target, ordered(chosen))
        i -= n * f
    raise IndexError(i)


_REGROUP_QUOTE = "Players take turns either attacking by playing cards from their hand or regrouping by drawing cards"


def draw_reasons(state: State, source: str) -> list[Reason]:
    """Every rule against the player to move drawing from ``source`` (``own`` or ``pool``), to
    begin a regroup (phase turn) or go on with one (phase regroup); empty: the draw is legal.

    RECONSTRUCTION ``regroup_max``: "draw at least one card, from the own stock or the pool, up to
    the hand limit" (reconstruction ``hand_limit``: 7, which the forfeit sentence's example agrees
    with)."""
    p = state.to_move
    rules = state.rules
    out: list[Reason] = []
    if len(state.hands[p]) >= rules.hand_limit:
        out.append(reason("draw_reasons", f"player {p} holds {plural(len(state.hands[p]), 'card')}, the hand limit",
                          "", "(for example, they already have 7 cards, or all available stocks are empty)",
                          "hand_limit", rules))
    if state.phase == REGROUP and rules.regroup_max != "limit" and state.drawn >= rules.regroup_max:
        out.append(reason("draw_reasons", f"this regroup has drawn {state.drawn}, its most", "", _REGROUP_QUOTE,
                          "regroup_max", rules))
    if not (state.stocks[p] if source == "own" else state.pool):
        where = f"player {p}'s stock" if source == "own" else "the pool"
        out.append(reason("draw_reasons", f"{where} is empty", "", _REGROUP_QUOTE))
    # 003 Infusion: "Whenever you start to regroup with 5 or fewer cards in hand, as long as you
    # have a private stock, draw the first card from the pool."  READING: the first draw of the
    # regroup must come from the pool (when the pool has a card).
    if (source == "own" and state.phase == TURN and rules.infusion and len(state.hands[p]) <= 5
            and state.stocks[p] and state.pool):
        out.append(reason("draw_reasons", "Infusion: a regroup begun with 5 or fewer cards draws its first card "
                          "from the pool", "", "Whenever you start to regroup with 5 or fewer cards in hand, as "
                          "long as you have a private stock, draw the first card from the pool.", "infusion", rules))
    return out


def first_draws(state: State) -> list[Draw]:
    """The draws that may begin a regroup (:func:`draw_reasons`)."""
    return [Draw(src) for src in ("own", "pool") if not draw_reasons(state, src)]


def more_draws(state: State) -> list[Draw]:
    """Draws that may continue a regroup (:func:`draw_reasons`)."""
    return [Draw(src) for src in ("own", "pool") if not draw_reasons(replace(state, phase=REGROUP), src)]


def exception_pass(state: State) -> bool:
    """003 "An exception: If the opponent is empty-handed and the player's own stock is empty,
    the player may instead pass." """
    p = state.to_move
    return not state.hands[1 - p] and not state.stocks[p]


def stuck(state: State) -> bool:
    """Phase TURN: no attack, no draw and no exception pass (RECONSTRUCTION ``no_legal_action``)."""
    return not first_draws(state) and not exception_pass(state) and not attack_classes(state)


_PASS_QUOTE = ("An exception: If the opponent is empty-handed and the player's own stock is empty, the player may "
               "instead pass.")


def pass_reasons(state: State) -> list[Reason]:
    """Every rule against the player to move passing (empty: a pass is legal): the exception
    (:func:`exception_pass`), or nothing else to do under ``no_legal_action == "pass"``."""
    if exception_pass(state) or (state.rules.no_legal_action == "pass" and stuck(state)):
        return []
    p = state.to_move
    rules = state.rules
    why = [f"player {1 - p} holds cards"] if state.hands[1 - p] else []
    why += [f"player {p}'s stock is not empty"] if state.stocks[p] else []
    out = [reason("exception_pass", f"no exception pass: {' and '.join(why)}", "", _PASS_QUOTE)]
    if rules.no_legal_action == "lose":
        out.append(reason("stuck", "a player with nothing to do loses; there is no forced pass", "",
                          "The active player shall either:", "no_legal_action", rules))
    else:
        out.append(reason("stuck", f"player {p} can attack or draw, so there is no forced pass", "",
                          "The active player shall either:", "no_legal_action", rules))
    return out


_DISCARD_QUOTE = "your opponent may discard one of their cards, from their hand or from the top of their private stock."
_EXCHANGE_QUOTE = ("At the start of your turn, you may exchange any number of cards in your hand for the same number "
                   "of cards in the pool, before taking your normal turn.")


def exchange_reasons(state: State, cards: Any) -> list[Reason]:
    """Every rule against the player to move exchanging ``cards`` (empty: legal)."""
    rules = state.rules
    out: list[Reason] = []
    if not rules.exchange:
        out.append(reason("exchange_reasons", "exchanges belong to the Exchange variant", "Exchange",
                          _EXCHANGE_QUOTE, "exchange", rules))
    if state.exchanged:
        out.append(reason("exchange_reasons", "this turn already began with an exchange", "Exchange", _EXCHANGE_QUOTE))
    out += not_held(state, state.to_move, cards, "exchange_reasons", "Exchange", _EXCHANGE_QUOTE)
    # RECONSTRUCTION exchange_limit: "pool_size" (default) or "hand_size"
    if rules.exchange_limit == "pool_size" and len(cards) > len(state.pool):
        out.append(reason("exchange_reasons", f"{plural(len(cards), 'card')}, but the pool holds {len(state.pool)}", "Exchange",
                          _EXCHANGE_QUOTE, "exchange_limit", rules))
    return out


def exchange_count(state: State) -> int:
    """How many exchanges :func:`exchange_moves` lists, counted without listing them (every
    non-empty set of hand cards up to the size :func:`exchange_reasons` allows)."""
    hand = ordered(state.hands[state.to_move])
    return sum(comb(len(hand), n) for n in range(1, len(hand) + 1) if not exchange_reasons(state, hand[:n]))


def exchange_moves(state: State) -> list[Exchange]:
    """003 Exchange: "At the start of your turn, you may exchange any number of cards in your
    hand for the same number of cards in the pool, before taking your normal turn." Every
    non-empty set of hand cards :func:`exchange_reasons` allows."""
    hand = ordered(state.hands[state.to_move])
    # every set of hand cards of one size has the same verdict: ask one per size
    sizes = [n for n in range(1, len(hand) + 1) if not exchange_reasons(state, hand[:n])]
    check_exchanges(sum(comb(len(hand), n) for n in sizes), len(hand))
    return [Exchange(combo) for n in sizes for combo in combinations(hand, n)]


def read_move_text(text: str) -> Move:
    """The move ``text`` names, legal or not, in any position (cards of the game: the 10s are put
    away); an :class:`InputError` for text that names no move."""
    words = text.replace(",", " ").split()
    if not words:
        raise InputError("move: empty text")
    verb = words[0].lower()
    args = [w if _is_card_word(w) else w.lower() for w in words[1:]]

    def cards(ws: list[str]) -> tuple[Card, ...]:
        out = tuple(parse_game_card(w, "move") for w in ws)
        if len(set(out)) != len(out):
            raise InputError(f"move: {quoted(text)} names a card twice")
        return ordered(out)

    simple: dict[str, Move] = {"surrender": Surrender(), "stop": Stop(), "pass": Pass(), "decline": Decline()}
    if verb in simple and not args:
        return simple[verb]
    if verb == "keep" and args == ["piles"]:
        return KeepPiles()
    if verb == "swap" and len(args) == 6 and args[0] == "pile" and args[2:5] == ["for", "pool", "pile"] \
            and ascii_whole(args[1]) is not None and ascii_whole(args[5]) is not None:
        return SwapPiles(int(args[1]), int(args[5]))
    if verb in ("exchange", "attack") and args:
        return Exchange(cards(args)) if verb == "exchange" else Attack(cards(args))
    if verb == "defend" and len(args) >= 3 and args[0] in TARGETS and args[1] == "with":
        return Defend(args[0], cards(args[2:]))
    if verb == "draw" and args in (["own"], ["pool"]):
        return Draw(args[0])
    if verb == "discard" and args == ["stock"]:
        return DiscardStock()
    if verb == "discard" and len(args) == 1:
        return Discard(cards(args)[0])
    raise InputError(f"move: cannot read {quoted(text)} (moves are written: attack 5C 2H [JS], defend red|black|whole "
                     "with 9C, surrender, draw own|pool, stop, pass, exchange 5C ..., swap pile 1 for pool pile "
                     "2, keep piles, discard 5C, discard stock, decline)")


def exchange_family(hand: tuple[Card, ...], sizes: list[int]) -> MoveFamily:
    """The exchanges of a turn as a :class:`~foolsolve.game.MoveFamily`: every set of ``hand`` (the
    mover's cards, in card order) of one of ``sizes`` (the sizes :func:`exchange_reasons` allows on
    this turn; every set of one size has the same verdict, as :func:`exchange_moves` reads it).
    Counted, sampled uniformly (a size drawn with weight C(n, k), then k cards drawn without
    replacement: every set equally likely), tested and read without listing. It holds the mover's
    cards and the sizes alone, nothing else of the position (a bot's seat carries it:
    :attr:`foolsolve.bots.Seat.family`)."""
    weights = [comb(len(hand), n) for n in sizes]
    held = frozenset(hand)

    def sample(rng: random.Random) -> Exchange:
        n = rng.choices(sizes, weights)[0]
        return Exchange(ordered(rng.sample(hand, n)))

    def contains(move: Any) -> bool:
        return (isinstance(move, Exchange) and len(set(move.cards)) == len(move.cards) and set(move.cards) <= held
                and len(move.cards) in sizes)

    def listing() -> list[Exchange]:
        check_exchanges(sum(weights), len(hand))
        return [Exchange(combo) for n in sizes for combo in combinations(hand, n)]

    return MoveFamily("exchange", sum(weights), sample, contains, listing,
                      lambda: [Exchange(c) for c in exchange_candidates(hand, max(sizes, default=0))],
                      _family_reader(contains))


def pile_size(rules: Rules) -> int:
    """Asymmetry: 003 "equal piles of four cards each" (a quarter of the pool in general)."""
    return len(rules.stocks.pool) // 4


def first_chooser(rules: Rules) -> int:
    """Asymmetry: who chooses first (RECONSTRUCTION ``asymmetry_order``)."""
    return rules.first_player if rules.asymmetry_order == "first_player_first" else 1 - rules.first_player


def stock_reach(rules: Rules, phase: str = TURN, setup_chosen: int = 0,
                turns_done: int = 2) -> tuple[frozenset[Card], ...]:
    """The cards stock 0, stock 1 and the pool can hold in a position of phase ``phase`` under
    ``rules``, ``turns_done`` turns into the game (a hand holds cards of any stock: a player draws her
    own stock's and the pool's cards and takes the opponent's attack cards; in the first two turns
    only the cards she drew, :func:`_check_first_turns`). 003 makes three stocks of the rules' cards
    (``rules.stocks``) and only takes from them: a player draws from the top of her own or the pool,
    Temptation discards "from the top of their private stock". Two variants add cards to a stock:

    * Exchange (003: "putting the cards you'll exchange face down on the bottom of the pool stock"):
      hand cards, so any card in play, go under the pool (in the turns, not in the Asymmetry setup,
      and not in the first two turns: 003 "Players start with no cards in hand", so neither first
      turn starts with a card to exchange, ``turns_done`` 0 or 1);
    * Asymmetry (003: "Each player may exchange one of their three piles for one of the four "pool"
      piles. Then, collect and reshuffle the three new stocks."): the first to choose
      (``asymmetry_order``) can take pool cards into her stock and put hers into the pool; the
      second then swaps with the pool as it stands, so she can take pool cards and the first's cards
      (the pile just put there), and put hers into the pool. Before the first choice nothing moved.
    """
    own = (frozenset(rules.stocks.cards("player0")), frozenset(rules.stocks.cards("player1")))
    pool = frozenset(rules.stocks.cards("pool"))
    reach = [own[0], own[1], pool]
    if rules.asymmetry and (phase != SETUP or setup_chosen):
        first = first_chooser(rules)
        reach[first] = own[first] | pool
        reach[2] = pool | own[first]
        if phase != SETUP:  # both have chosen
            reach[1 - first] = own[1 - first] | pool | own[first]
            reach[2] = own[0] | own[1] | pool
    if rules.exchange and phase != SETUP and turns_done >= 2:
        reach[2] = own[0] | own[1] | pool
    return tuple(reach)


# --- the game ----------------------------------------------------------------------------------

class FoolsAndAngelsSpec(SpecGame[State, Move]):
    """Fools and Angels, literally."""

    meta = META
    rules_cls = Rules
    reconstructions = RECONSTRUCTIONS
    picture_hints: ClassVar[dict[str, Any]] = {"skip": ("drawn", "setup_chosen")}
    """Pictures (foolsolve.svg) leave out the counters only a phase's rules read (cards drawn in a
    regroup, the setup choices made), as ``show`` does."""
    field_words: ClassVar[dict[str, str]] = {
        "attack": "the attack", "turns_done": "the turns played", "exchanged": "exchanged this turn",
        "drawn": "the cards drawn this regroup", "drew_pool": "drew from the pool",
        "setup_chosen": "the players done with the set-up", "under_pool": "the cards player {p} put under the pool",
        "known": "the cards player {p} is known to hold", "reshuffle": "the reshuffle of the stocks"}

    def __init__(self) -> None:
        self._legal_cache = lru_cache(maxsize=8192)(self._legal_moves)

    # -- the deal ---------------------------------------------------------------------------
    def deal(self, rules: Any, players: int, rng: random.Random) -> State:
        """003 "Create three stock decks for players to draw from: one stock for each player, and
        a common "pool" stock from which both players can draw." Each stock is shuffled once;
        the order is then fixed. 003 "Players start with no cards in hand"."""
        if players != 2:
            raise InputError("players: Fools and Angels is a game for 2 players")
        assert isinstance(rules, Rules)
        stocks = []
        for which in ("player0", "player1", "pool"):
            cards = sorted(rules.stocks.cards(which))
            rng.shuffle(cards)
            stocks.append(tuple(cards))
        empty: frozenset[Card] = frozenset()
        if rules.asymmetry:
            perms = []
            for s in stocks:
                perm = list(range(len(s)))
                rng.shuffle(perm)
                perms.append(tuple(perm))
            return State(rules, SETUP, first_chooser(rules), (empty, empty), (stocks[0], stocks[1]), stocks[2],
                         reshuffle=tuple(perms))
        return State(rules, TURN, rules.first_player, (empty, empty), (stocks[0], stocks[1]), stocks[2])

    # -- the result ---------------------------------------------------------------------------
    def result(self, state: State) -> Result | None:
        """Derived from the state (model, "Result"): an emptied hand and stock, then the ends the
        hand of the player to move decides (:func:`shown_end`)."""
        for p in (0, 1):
            # 003 "The first player to get rid of all cards in both their hand and their own stock wins."
            if not state.hands[p] and not state.stocks[p]:
                return win_result(p, EMPTIED)
        return shown_end(state)

    def to_move(self, state: State) -> int:
        return state.to_move

    # -- legal moves --------------------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        return list(self._legal_cache(state))

    def legal_moves_split(self, state: State) -> tuple[list[Move], MoveFamily | None]:
        """The legal moves with the exchanges (every set of hand cards: thousands for a big hand)
        as a :class:`MoveFamily`: counted (:func:`exchange_count`), sampled and tested without
        being listed; where the attacks are more than :data:`~foolsolve.game.MAX_CONSIDERED`, they
        too (:func:`attack_family`), with the exchanges one family of both kinds
        (:func:`~foolsolve.game.joined_family`, the attacks first, before the listed moves, as
        the list orders them). At a defence of more than :data:`~foolsolve.game.MAX_CONSIDERED`
        defences, they are the family (:func:`defence_family`), surrender listed."""
        if self.result(state) is not None:
            return self.legal_moves(state), None
        if state.phase == DEFEND:  # past MAX_CONSIDERED the defences are a family, surrender listed after them
            counted = defence_parts(state)
            if _parts_count(counted) <= MAX_CONSIDERED:
                return self.legal_moves(state), None
            return [Surrender()], defence_family(state, counted)
        if state.phase != TURN:
            return self.legal_moves(state), None
        exchanges = exchange_count(state)
        classes = attack_classes(state)
        attacks = sum(c for _n, _k, c in classes)
        many = attacks > MAX_CONSIDERED  # the attacks a family too
        if not exchanges and not many:
            return self.legal_moves(state), None
        listed = list(self._legal_moves(state, exchanges=False, attacks=not many))
        p = state.to_move
        hand = ordered(state.hands[p])
        parts = [attack_family(hand, len(state.hands[1 - p]), state.rules, classes)] if many else []
        if exchanges:
            # every set of hand cards of one size has the same verdict (as exchange_moves reads it)
            sizes = [n for n in range(1, len(hand) + 1) if not exchange_reasons(state, hand[:n])]
            parts.append(exchange_family(hand, sizes))
        return listed, parts[0] if len(parts) == 1 else joined_family(parts, lead=attacks)

    def _legal_moves(self, state: State, exchanges: bool = True, attacks: bool = True) -> tuple[Move, ...]:
        if self.result(state) is not None:
            return ()
        moves: list[Move] = []
        if state.phase == SETUP:
            # 003 Asymmetry: "Each player may exchange one of their three piles for one of the four "pool" piles."
            moves += [SwapPiles(i, j) for i in (1, 2, 3) for j in (1, 2, 3, 4)]
            moves.append(KeepPiles())
        elif state.phase == TURN:
            # 003 "Players take turns either attacking by playing cards from their hand or regrouping by
            # drawing cards into their hand."
            if exchanges:
                moves += exchange_moves(state)
            if attacks:
                moves += attack_moves(state)
            moves += first_draws(state)
            # 003 exception pass; RECONSTRUCTION no_legal_action == "pass": a player with nothing
            # to do passes (pass_reasons)
            if not pass_reasons(state):
                moves.append(Pass())
        elif state.phase == REGROUP:
            moves += more_draws(state)
            moves.append(Stop())
        elif state.phase == DEFEND:
            moves += defence_moves(state)
        elif state.phase == TEMPT:
            # 003 Temptation: "your opponent may discard one of their cards, from their hand or from
            # the top of their private stock."
            q = state.to_move
            moves += [Discard(c) for c in ordered(state.hands[q])]
            if state.stocks[q]:
                moves.append(DiscardStock())
            moves.append(Decline())
        return tuple(sorted(set(moves), key=self.move_sort_key))

    def move_sort_key(self, move: Move) -> Any:
        return move.sort_key()

    # -- why a move is (il)legal -------------------------------------------------------------------
    def read_move(self, state: State, text: str) -> Move:
        """The move ``text`` names, legal or not (cards of the game: the 10s are put away):
        :func:`read_move_text`."""
        return read_move_text(text)

    def why_illegal(self, state: State, move: Move) -> list[Reason]:
        """Every rule against ``move`` (empty: legal): the game is over, the phase, then the rule
        function of the move's kind. A move of another class or with a bad field
        raises :class:`IllegalMove` (:meth:`check_move`)."""
        self.check_move(move)
        res = self.result(state)
        if res is not None:
            return [result_reason(state, res)]
        phases: dict[type, tuple[str, ...]] = {
            SwapPiles: (SETUP,), KeepPiles: (SETUP,), Exchange: (TURN,), Attack: (TURN,), Pass: (TURN,),
            Draw: (TURN, REGROUP), Stop: (REGROUP,), Defend: (DEFEND,), Surrender: (DEFEND,), Discard: (TEMPT,),
            DiscardStock: (TEMPT,), Decline: (TEMPT,)}
        want = phases[type(move)]
        if state.phase not in want:
            need = {SETUP: "before play (Asymmetry's pile swaps)", TURN: "at the start of a turn",
                    REGROUP: "during a regroup", DEFEND: "against an attack", TEMPT: "when Temptation offers a discard"}
            first = want[0]
            kind = move.__class__.__name__.lower()
            return [reason("legal_moves", f"phase {state.phase} (player {state.to_move} to move): {kind} "
                           f"comes only {need[first]}", "", "Players take turns either attacking by playing cards from "
                           "their hand or regrouping by drawing cards into their hand.")]
        p = state.to_move
        cards = getattr(move, "cards", ())
        if tuple(cards) != ordered(cards) or len(set(cards)) != len(cards):
            return [reason("legal_moves", "the cards are not listed once each in card order (the form legal_moves "
                           "lists; read_move writes it)", "", "Players take turns either attacking by playing cards "
                           "from their hand")]
        if isinstance(move, SwapPiles):
            if move.own in (1, 2, 3) and move.pool in (1, 2, 3, 4):
                return []
            return [reason("legal_moves", "piles are numbered: own 1 to 3, pool 1 to 4", "Asymmetry",
                           "Each player may exchange one of their three piles for one of the four \"pool\" piles.")]
        if isinstance(move, Exchange):
            return exchange_reasons(state, move.cards)
        if isinstance(move, Attack):
            return attack_reasons(state, move.cards)
        if isinstance(move, Pass):
            return pass_reasons(state)
        if isinstance(move, Draw):
            return draw_reasons(state, move.source)
        if isinstance(move, Defend):
            return defend_reasons(state, move.target, move.cards)
        if isinstance(move, Discard):
            return not_held(state, p, [move.card], "legal_moves", "Temptation", _DISCARD_QUOTE)
        if isinstance(move, DiscardStock) and not state.stocks[p]:
            return [reason("legal_moves", f"player {p}'s stock is empty", "Temptation", _DISCARD_QUOTE)]
        return []  # keep piles, stop, surrender, decline: always open in their phase

    def why_legal(self, state: State, move: Move) -> list[Reason]:
        """The rules a legal ``move`` rests on (:meth:`_why_move`), then the end of the game where the
        move brings it about (the sentence of 003 behind the outcome, or the reconstruction)."""
        out = self._why_move(state, move)
        after = self.apply(state, move)
        res = self.result(after)
        if res is None and after.phase == TEMPT and state.phase != TEMPT:
            # 003 Temptation, set off by the end of a turn that drew from the pool
            out.append(reason("end_turn", f"the turn ends having drawn from the pool: Temptation lets player "
                              f"{after.to_move} discard one card, from her hand or the top of her stock", "Temptation",
                              "After each player's first turn, if you draw any number of cards from the pool, your "
                              "opponent may discard one of their cards, from their hand or from the top of their "
                              "private stock.", "temptation", state.rules))
        if res is None:
            return out
        why = dict(res.details).get("reason")
        says = f"the game ends: {res.label} ({end_words(after, res)})"
        if why == ATTACKED_FACE_ONLY:
            says += ": read as losing the game, not only the defence (reading face_only_attacked_loses_game)"
        base = result_reason(after, res)
        # an end that turns on the cards of the hand of the player to move next is hidden from the mover
        hidden = why != EMPTIED and after.to_move != state.to_move
        return [*out, replace(base, says=says, hidden=hidden)]

    def _why_move(self, state: State, move: Move) -> list[Reason]:
        """The rules a legal ``move`` itself rests on, one per move kind (what the move does under which
        sentence of 003 or which reconstruction); nothing here reads a card hidden from the mover."""
        p = state.to_move
        rules = state.rules
        if isinstance(move, (SwapPiles, KeepPiles)):
            does = (f"player {p} swaps her pile {move.own} for pool pile {move.pool}" if isinstance(move, SwapPiles)
                    else f"player {p} keeps her three piles")
            return [reason("legal_moves", f"Asymmetry: {does}; then the three stocks are reshuffled", "Asymmetry",
                           "Each player may exchange one of their three piles for one of the four \"pool\" piles.",
                           "asymmetry", rules)]
        if isinstance(move, Exchange):
            n = len(move.cards)
            return [reason("exchange_reasons", f"Exchange: player {p} puts {plural(n, 'card')} under the pool and "
                           f"draws as many from its top, then takes her turn", "Exchange", _EXCHANGE_QUOTE,
                           "exchange_limit", rules)]
        if isinstance(move, Attack):
            n = len(move.cards)
            return [reason("attack_reasons", f"{plural(n, 'card')} totalling {total(move.cards)} (not zero), with a "
                           f"pip card; player {1 - p} holds {len(state.hands[1 - p])}, no fewer than player {p}'s "
                           f"{len(state.hands[p])}", "", _ATTACK_QUOTE, "attack_size", rules)]
        if isinstance(move, Defend):
            cancelled, need = next((c, need) for t, c, need in defence_targets(state.attack, rules)
                                   if t == move.target)
            gone = " ".join(str(c) for c in ordered(cancelled))
            says = (f"the defence totals {need}, cancelling the whole attack ({gone})" if cancelled == state.attack
                    else f"the defence totals {need}, cancelling {move.target} ({gone})")
            out = [reason("defend_reasons", says, "",
                          "the defender would need cards that total either 9-black (to zero out the red), 4-red "
                          "(to zero out the black), or 5-black (to balance the whole)",
                          "face_effects" if any(is_face(c) for c in state.attack) else None, rules)]
            if cancelled != state.attack:  # RECONSTRUCTION take_uncancelled
                rest = " ".join(str(c) for c in ordered(c for c in state.attack if c not in cancelled))
                out.append(reason("apply", f"player {p} takes the attack cards not cancelled ({rest}) into her hand "
                                  "(reading take_uncancelled)", "",
                                  "Given an attack of [J♦, 2 ♣], can you defend with a 2♥ to discard both 2s, and "
                                  "pick up the J♦?"))
            faces = [c for c in move.cards if is_face(c)]
            if faces:  # RECONSTRUCTION defence_face_cards = with_pips (defend_reasons)
                out.append(reason("defend_reasons", f"{' '.join(str(c) for c in ordered(faces))} "
                                  f"join{'s' if len(faces) == 1 else ''} the pip cards of the defence, counting 0",
                                  "", "Face cards must always accompany pip cards.", "defence_face_cards", rules))
            return out
        if isinstance(move, Surrender):
            return [reason("defence_moves", f"player {p} takes every attack card", "",
                           "The defender is not obligated to defend an attack at all; they can just \"surrender\" "
                           "and take all the cards.")]
        if isinstance(move, Draw):
            where = "her stock" if move.source == "own" else "the pool"
            begins = "begins a regroup" if state.phase == TURN else "goes on with the regroup"
            out = [reason("draw_reasons", f"player {p} {begins}: she draws the top card of {where} (she holds "
                          f"{plural(len(state.hands[p]), 'card')}, under the hand limit of {rules.hand_limit})", "",
                          _REGROUP_QUOTE, "hand_limit", rules)]
            if (move.source == "pool" and state.phase == TURN and rules.infusion and len(state.hands[p]) <= 5
                    and state.stocks[p]):
                out.append(reason("draw_reasons", "Infusion: a regroup begun with 5 or fewer cards draws its first "
                                  "card from the pool", "", "Whenever you start to regroup with 5 or fewer cards in "
                                  "hand, as long as you have a private stock, draw the first card from the pool.",
                                  "infusion", rules))
            return out
        if isinstance(move, Stop):
            return [reason("draw_reasons", f"player {p} ends the regroup after drawing {plural(state.drawn, 'card')}",
                           "", _REGROUP_QUOTE, "regroup_max", rules)]
        if isinstance(move, Pass):
            if exception_pass(state):
                return [reason("exception_pass", f"player {1 - p} is empty-handed and player {p}'s stock is empty",
                               "", _PASS_QUOTE)]
            return [reason("stuck", f"player {p} can neither attack nor draw: she passes", "",
                           "The active player shall either:", "no_legal_action", rules)]
        tempt = ("your opponent may discard one of their cards, from their hand or from the top of their private "
                 "stock.")
        does = {Discard: f"player {p} discards {getattr(move, 'card', '')} from her hand",
                DiscardStock: f"player {p} discards the top card of her stock",
                Decline: f"player {p} discards nothing"}[type(move)]
        return [reason("legal_moves", f"Temptation (player {1 - p} drew from the pool): {does}", "Temptation", tempt,
                       "temptation", rules)]

    def parse_move(self, state: State, text: str) -> Move:
        """The legal move whose text is ``text``; card lists may come in any order."""
        want = _move_words(text)
        listed, family = legal_or_family(self, state)
        for m in listed:
            if _move_words(str(m)) == want:
                return m
        move = None if family is None else family.read(text)  # every set of a big hand: read, then tested
        if move is not None:
            return move
        raise IllegalMove(f"move {quoted(text)} is not legal here")

    # -- applying a move -----------------------------------------------------------------------
    def apply(self, state: State, move: Move) -> State:
        self.check_move(move)
        why = self.why_illegal(state, move)  # the same verdict as listing (tests/generic/test_why.py)
        if why:
            raise IllegalMove(f"move {move} is not legal here: " + "; ".join(r.text(META.seed) for r in why))
        p = state.to_move
        o = 1 - p
        hands = list(state.hands)
        stocks = list(state.stocks)
        if isinstance(move, (SwapPiles, KeepPiles)):
            return self._setup_choice(state, move)
        if isinstance(move, Exchange):
            # 003 Exchange: "putting the cards you'll exchange face down on the bottom of the pool
            # stock, then drawing the same number of cards into your hand."
            pool = state.pool + ordered(move.cards)
            k = len(move.cards)
            hands[p] = (hands[p] - set(move.cards)) | frozenset(pool[:k])
            drew = state.drew_pool or state.rules.temptation_trigger == "any_pool_draw"
            after = replace(state, hands=_pair(hands), pool=pool[k:], exchanged=True, drew_pool=drew)
            # "face down": she knows which cards she put under the pool; the opponent cannot tell which
            # of her hand's known cards went, so none stays known
            known = [state.known[0], state.known[1]]
            known[p] = frozenset()
            under = [state.under_pool[0], state.under_pool[1]]
            under[p] = under[p] | frozenset(move.cards)
            return _knowledge(after, known, under)
        if isinstance(move, Attack):
            hands[p] = hands[p] - set(move.cards)
            after = replace(state, phase=DEFEND, to_move=o, hands=_pair(hands), attack=frozenset(move.cards),
                            exchanged=False)
            return _knowledge(after, state.known, state.under_pool) if state.known[p] else after
        if isinstance(move, Defend):
            # p is the defender here.
            cancelled = next(c for t, c, _ in defence_targets(state.attack, state.rules) if t == move.target)
            # Cancelled cards and the defence are discarded; the defender takes what was not cancelled.
            hands[p] = (hands[p] - set(move.cards)) | (state.attack - cancelled)
            # ... in view of both: the cards taken are known to be in the defender's hand
            known = [state.known[0], state.known[1]]
            known[p] = known[p] | (state.attack - cancelled)
            after = _knowledge(replace(state, hands=_pair(hands), attack=frozenset()), known, state.under_pool)
            return self._end_turn(after, attacker=o)
        if isinstance(move, Surrender):
            # 003 "they can just "surrender" and take all the cards."
            hands[p] = hands[p] | state.attack
            known = [state.known[0], state.known[1]]
            known[p] = known[p] | state.attack  # taken in view of both
            after = _knowledge(replace(state, hands=_pair(hands), attack=frozenset()), known, state.under_pool)
            return self._end_turn(after, attacker=o)
        if isinstance(move, Draw):
            pool = state.pool
            if move.source == "own":
                card = stocks[p][0]
                stocks[p] = stocks[p][1:]
            else:
                card = pool[0]
                pool = pool[1:]
            hands[p] = hands[p] | {card}
            after = replace(state, phase=REGROUP, hands=_pair(hands), stocks=_pair(stocks), pool=pool,
                            drawn=state.drawn + 1, drew_pool=state.drew_pool or move.source == "pool", exchanged=False)
            if move.source == "pool" and (state.under_pool[0] or state.under_pool[1]):
                after = _knowledge(after, state.known, state.under_pool)
            if more_draws(after):
                return after
            return self._end_turn(after, attacker=p)
        if isinstance(move, (Stop, Pass)):
            return self._end_turn(state, attacker=p)
        if isinstance(move, Discard):
            hands[p] = hands[p] - {move.card}
            return _knowledge(replace(state, phase=TURN, hands=_pair(hands)), state.known, state.under_pool)
        if isinstance(move, DiscardStock):
            stocks[p] = stocks[p][1:]
            return replace(state, phase=TURN, stocks=_pair(stocks))
        if isinstance(move, Decline):
            return replace(state, phase=TURN)
        raise IllegalMove(f"move {move} is not legal here")

    def _end_turn(self, state: State, attacker: int) -> State:
        """The turn of ``attacker`` (the player whose turn it was) ends. RECONSTRUCTION
        ``end_of_turn`` (fixed "none"): nothing else happens."""
        phase = TURN
        # 003 Temptation: "After each player's first turn, if you draw any number of cards from the
        # pool, your opponent may discard one of their cards".
        if state.rules.temptation and state.turns_done >= 2 and state.drew_pool:
            phase = TEMPT
        return replace(state, phase=phase, to_move=1 - attacker, turns_done=min(state.turns_done + 1, 2),
                       exchanged=False, drawn=0, drew_pool=False)

    def _setup_choice(self, state: State, move: SwapPiles | KeepPiles) -> State:
        p = state.to_move
        stocks = [list(state.stocks[0]), list(state.stocks[1])]
        pool = list(state.pool)
        if isinstance(move, SwapPiles):
            s = pile_size(state.rules)
            a, b = (move.own - 1) * s, (move.pool - 1) * s
            stocks[p][a:a + s], pool[b:b + s] = pool[b:b + s], stocks[p][a:a + s]
        if state.setup_chosen == 0:
            return replace(state, to_move=1 - p, stocks=(tuple(stocks[0]), tuple(stocks[1])), pool=tuple(pool),
                           setup_chosen=1)
        # 003 Asymmetry: "Then, collect and reshuffle the three new stocks." (the reshuffle is fixed at the deal)
        new = []
        for cards, perm in zip((stocks[0], stocks[1], pool), state.reshuffle):
            srt = sorted(cards)
            new.append(tuple(srt[i] for i in perm))
        return State(state.rules, TURN, state.rules.first_player, state.hands, (new[0], new[1]), new[2])

    # -- positions --------------------------------------------------------------------------
    def state_to_json(self, state: State) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": META.name,
            "rules": rules_to_json(state.rules, only_changed=True),
            "players": 2,
            "phase": state.phase,
            "to_move": state.to_move,
            "hands": [[c.ascii for c in ordered(h)] for h in state.hands],
            "stocks": [[c.ascii for c in s] for s in state.stocks],
            "pool": [c.ascii for c in state.pool],
            "attack": [c.ascii for c in ordered(state.attack)],
            "turns_done": state.turns_done,
            "exchanged": state.exchanged,
            "drawn": state.drawn,
            "drew_pool": state.drew_pool,
            "setup_chosen": state.setup_chosen,
        }
        if state.phase == SETUP:
            out["reshuffle"] = {k: list(v) for k, v in zip(("player0", "player1", "pool"), state.reshuffle)}
        for key in ("known", "under_pool"):
            value = getattr(state, key)
            if value[0] or value[1]:
                out[key] = [[c.ascii for c in ordered(x)] for x in value]
        return out

    def state_from_json(self, obj: dict[str, Any]) -> State:
        return state_from_json(obj)

    def observation(self, state: State, player: int) -> dict[str, Any]:
        """What ``player`` sees: their own hand, the opponent's hand size, the size of each stock
        (face-down piles: 003 §Setup) and everything on the table (the attack)."""
        obj = self.state_to_json(state)
        hands = obj.pop("hands")
        stocks = obj.pop("stocks")
        pool = obj.pop("pool")
        obj.pop("reshuffle", None)
        under = obj.pop("under_pool", None)
        if under and under[player]:
            obj["under_pool"] = under[player]  # the cards she put under the pool, face down
        obj["player"] = player
        obj["hand"] = hands[player]
        obj["hand_sizes"] = [len(h) for h in hands]
        obj["stock_sizes"] = [len(x) for x in stocks]
        obj["pool_size"] = len(pool)
        return obj

    # -- view files (foolsolve.worlds, docs/views.md) ---------------------------------------------
    view_fields: ClassVar[dict[str, ZoneField]] = {"hands": ZoneField(per_player=True, own_seen=True),
                                                    "stocks": ZoneField(per_player=True, ordered=True),
                                                    "pool": ZoneField(ordered=True)}
    view_drop: ClassVar[tuple[str, ...]] = ("reshuffle", "under_pool")
    knowledge_fields: ClassVar[tuple[str, ...]] = ("known", "under_pool")

    def view_knowledge(self, state: State, player: int) -> dict[tuple[Any, ...], Hidden]:
        """The other hand, both private stocks and the pool are hidden (face-down piles, 003 §Setup;
        a player does not know her own stock either). Known there: the attack cards the other hand
        took and still holds (``known``, in view of both), and in the pool the cards the viewer put
        under it (``under_pool``; where in the pool is not written: her cards lie under the pool's
        other cards, but the opponent's later exchanges may lie under hers, which a view cannot say).
        A game that ended on the hand of the player to move (:func:`shown_end`: 003 "they must show
        their hand and forfeit the game") has that hand shown: not hidden."""
        o = 1 - player
        out: dict[tuple[Any, ...], Hidden] = {}
        ended = shown_end(state)
        if not (o == state.to_move and ended is not None and self.result(state) == ended):
            out[("hands", o)] = Hidden(len(state.hands[o]), tuple(state.known[o]))
        # (else the game ended on that hand, which was shown: shown_end)
        for q in (0, 1):
            out[("stocks", q)] = Hidden(len(state.stocks[q]))
        out[("pool",)] = Hidden(len(state.pool), tuple(state.under_pool[player]))
        return out

    def picture_extra(self, state: State) -> dict[str, Any]:
        """``discard``: the cards out of play (:func:`discard_of`), which the text prints and a full
        position leaves implicit."""
        return {"discard": [c.ascii for c in discard_of(state)]}

    def view_extra(self, state: State, player: int) -> dict[str, Any]:
        """``discard``: the cards out of play (beaten in a defence or discarded to Temptation, in view
        of both), which a full position leaves implicit (every card in no zone), without the cards put
        away at setup (:func:`put_away`: the rules say which, so a view need not list them);
        ``under_pool`` with the viewer's own entry only (the opponent's is ``null``: face down) when
        she has cards there."""
        out: dict[str, Any] = {"discard": [c.ascii for c in discard_of(state)]}
        if state.under_pool[player]:
            out["under_pool"] = [[c.ascii for c in ordered(x)] if q == player else None
                                 for q, x in enumerate(state.under_pool)]
        return out

    def view_cards(self, obj: dict[str, Any]) -> tuple[Any, list[Card], list[tuple[str, Card]]]:
        """The cards of the game under the view's rules (the 48 less the 8 put away at setup,
        :func:`put_away`: public, so a view need not list them; a ``discard`` that lists them is read
        the same); seen: hands, stocks and the pool written out, the attack and the discard. A
        put-away card anywhere else is an error naming its field (003 "They will not be used")."""
        away = set(put_away(rules_from_json(Rules, obj.get("rules"))))
        seen: list[tuple[str, Card]] = []
        zones = [(f"hands[{p}]", obj["hands"][p]) for p in (0, 1)] \
            + [(f"stocks[{p}]", obj["stocks"][p]) for p in (0, 1)] \
            + [("pool", obj.get("pool", [])), ("attack", obj.get("attack", [])), ("discard", obj.get("discard", []))]
        for name, cards in zones:
            if isinstance(cards, list):
                seen += [(name, parse_game_card(t, name)) for t in cards]
            elif isinstance(cards, dict):  # a hidden zone: its known cards are checked here too
                for part in ("known", "top", "bottom"):
                    for t in cards.get(part, []):
                        c = parse_game_card(t, f"{name}.{part}")
                        if c in away:
                            raise InputError(f"{name}.{part}: {c.ascii} is put away (in none of the rules' stocks; "
                                             '003: "Put away all other cards ... They will not be used")')
        for name, c in seen:
            if c in away and name != "discard":
                raise InputError(f"{name}: {c.ascii} is put away (in none of the rules' stocks; 003: "
                                 '"Put away all other cards ... They will not be used")')
        return FRENCH52, [c for c in SPEC_CARDS if c not in away], [(n, c) for n, c in seen if c not in away]

    def view_normalised(self, obj: dict[str, Any]) -> dict[str, Any]:
        """A view whose ``discard`` lists cards put away at setup (:func:`put_away`) without them:
        they are no discard, and ``show`` names them apart. One listed twice is the error any
        card placed twice is (the game holds it once)."""
        discard = obj.get("discard")
        if not isinstance(discard, list):
            return obj
        try:
            away = {c.ascii for c in put_away(rules_from_json(Rules, obj.get("rules")))}
        except InputError:
            return obj  # (bad rules: the reader says so)
        def is_away(t: Any) -> bool:
            try:
                return isinstance(t, str) and FRENCH52.parse(t, what="discard").ascii in away
            except InputError:
                return False  # (not a card: the reader names it)

        kept = [t for t in discard if not is_away(t)]
        if len(kept) == len(discard):
            return obj
        listed: set[str] = set()
        for t in discard:
            if is_away(t):
                card = FRENCH52.parse(t, what="discard").ascii
                if card in listed:
                    raise InputError(f"discard: {card} is placed more often than the game holds it (once) "
                                     "(also in discard)")
                listed.add(card)
        return {**obj, "discard": kept}

    def world_json(self, obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """The discard is implicit in a full position; in the setup phase (Asymmetry) a world draws the
        reshuffle that follows the choices (nobody knows it: a shuffle still to come)."""
        obj.pop("discard", None)
        if obj.get("phase") == SETUP:
            sizes = (len(obj["stocks"][0]), len(obj["stocks"][1]), len(obj.get("pool", [])))
            obj["reshuffle"] = {k: rng.sample(range(n), n) for k, n in zip(("player0", "player1", "pool"), sizes)}
        return obj

    def view_knowledge_places(self, obj: dict[str, Any]) -> list[tuple[tuple[Any, ...], list[str]]]:
        """``known[p]``: cards hand ``p`` took and still holds; ``under_pool[p]``: cards player ``p``
        put under the pool (``null`` for the entry a view does not know)."""
        out: list[tuple[tuple[Any, ...], list[str]]] = []
        for key, path in (("known", lambda p: ("hands", p)), ("under_pool", lambda p: ("pool",))):
            value = obj.get(key)
            if isinstance(value, list):
                out += [(path(p), texts) for p, texts in enumerate(value) if isinstance(texts, list)]
        return out

    def view_card_zones(self, view: Any) -> dict[Any, frozenset[tuple[Any, ...]]]:
        """Where each unseen card may lie, from the view's rules and phase (:func:`stock_reach`):
        any hand for a card in play (drawn from a stock, or taken from an attack: 003 "surrender"
        and take all the cards), a private stock or the pool only for the cards that stock can hold,
        nowhere for a card 003 puts away ("They will not be used"). With the default rules (no
        Exchange, no Asymmetry) a card of stock ``q``'s cards lies in stock ``q`` or a hand, a pool
        card in the pool or a hand (a viewer's cards never drawn are in her stock; her opponent's
        hand stays allowed for them, for views whose counts need it); Exchange lets the pool hold
        any card (once the first two turns are over); Asymmetry, once a pile was swapped, lets a stock
        hold pool cards (the second chooser's also the first's) and the pool hold the swapped piles'
        cards. Before the first two turns are over (``turns_done`` 0 or 1) a hand holds only cards its
        player drew from her own stock or the pool (:func:`_check_first_turns`), so hand ``p`` only
        the cards stock ``p`` or the pool can hold then. The knowledge fields
        need nothing here: the cards they name are placed in their zones as known
        (:meth:`view_knowledge_places`), not among the unseen cards. The cards a view places in a
        hidden zone as known get their zones too, so a view placing one where it cannot lie is
        refused naming it."""
        obj = view.obj
        phase = obj.get("phase", TURN)
        turns_done = obj.get("turns_done", 0 if phase == SETUP else 2)
        reach = stock_reach(rules_from_json(Rules, obj.get("rules")), phase, obj.get("setup_chosen", 0), turns_done)
        in_play = reach[0] | reach[1] | reach[2]
        first_turns = phase != SETUP and turns_done < 2
        hold = [reach[p] | reach[2] if first_turns else in_play for p in (0, 1)]  # what each hand can hold
        zones: tuple[tuple[Any, ...], ...] = (("stocks", 0), ("stocks", 1), ("pool",))
        known = {c for z in view.zones for c in (*z.hidden.known, *z.hidden.top, *z.hidden.bottom)}
        return {c: frozenset({("hands", p) for p in (0, 1) if c in hold[p]}
                             | {z for z, r in zip(zones, reach) if c in r})
                for c in {*view.unseen, *known}}

    def view_count_rule(self, view: Any) -> CountRule | None:
        """A view that hides the hand of the player to move is of a game that did not end on that
        hand (:func:`shown_end`: such an end shows the hand; 003 "they must show their hand and
        forfeit the game", "A player with only face cards in their hand cannot attack, and loses when
        attacked"). Whether it did turns only on how many face cards and how many pip cards the hand
        holds (the rest is public: its size, the stocks' sizes, the phase), so the sampler deals the
        hand only fillings under which :func:`shown_end` is ``None``: exact and uniform over those
        worlds; a view whose hidden hand can only end the game has none (the hand would have been
        shown). ``None`` (no rule) when the hand is seen, outside the turn and defend phases, or when an
        emptied hand and stock ends the game in view of both."""
        obj = view.obj
        mover = obj.get("to_move")
        if obj.get("phase") not in (TURN, DEFEND) or not isinstance(mover, int):
            return None
        zone = view.zone(("hands", mover))
        if zone is None:
            return None
        rules = rules_from_json(Rules, obj.get("rules"))

        def size(value: Any) -> int:
            return int(value["count"]) if isinstance(value, dict) else len(value)

        hands = [size(h) for h in obj["hands"]]
        stocks = [size(x) for x in obj["stocks"]]
        if any(not hands[p] and not stocks[p] for p in (0, 1)):
            return None  # (003 "The first player to get rid of all cards in both ...": public)
        other = obj["hands"][1 - mover]
        spare = {False: [c for c in view.unseen if not is_face(c)], True: [c for c in view.unseen if is_face(c)]}
        known = frozenset(zone.hidden.known)
        filler = SPEC_CARDS[0]
        base = State(rules, obj["phase"], mover, (frozenset(), frozenset()),
                     (tuple([filler] * stocks[0]), tuple([filler] * stocks[1])),
                     tuple([filler] * size(obj.get("pool", []))), exchanged=bool(obj.get("exchanged", False)))
        other_hand = frozenset(parse_game_card(t, f"hands[{1 - mover}]") for t in other) \
            if isinstance(other, list) else frozenset(SPEC_CARDS[:hands[1 - mover]])

        def ok(counts: dict[tuple[Any, ...], Any]) -> bool:
            drawn = counts.get(zone.path, {})
            hand = known | frozenset(spare[True][:drawn.get(True, 0)]) | frozenset(spare[False][:drawn.get(False, 0)])
            pair = (hand, other_hand) if mover == 0 else (other_hand, hand)
            return shown_end(replace(base, hands=pair)) is None

        return CountRule((zone.path,), is_face, ok,
                         f"to_move: player {mover}'s hand is hidden, so the game did not end on it (003: such a "
                         "hand is shown: \"they must show their hand and forfeit the game\"; \"loses when "
                         "attacked\"), but every hand of "
                         f"{zone.hidden.count} the unseen cards make with the cards known in it ends the game")

    def view_constrained(self, obj: dict[str, Any]) -> bool:
        """Whether a knowledge field (``known``, ``under_pool``) names a card its zone does not list
        (however the card is written). Else every assignment the sampler deals is a position: each
        check of :func:`state_from_json` reads sizes, the view's own cards and fields, or cards the
        sampler deals only where the check allows them (a stock's and the pool's cards, a hand's in
        the first two turns: :meth:`view_card_zones`), so the worlds are counted exactly.
        ``read_view`` lists a knowledge card of a hidden zone there as known, so such a card is one of
        a hand the view writes out (the viewer's) or one the view shows elsewhere: no world holds it
        there, which the public check (:meth:`view_public_check`) says at once."""
        return _knowledge_unplaced(obj)

    def view_public_check(self, view: Any, obj: dict[str, Any]) -> None:
        """:func:`state_from_json` with ``public``: every check but those that read the cards of the
        view's hidden zones (the other hand, the stocks, the pool): which cards a hidden stock or the
        pool holds (the cards it can ever hold, ``stock_reach``, and none put away) and a hidden hand in
        the first two turns (only cards its player can have drawn, :func:`_check_first_turns`; the
        sampler deals a card only where it can lie, :meth:`view_card_zones`), and whether a hidden zone holds the
        cards a knowledge field names there, read from the cards the view places in it instead."""
        public = {tuple(z.path): frozenset((*z.hidden.known, *z.hidden.top, *z.hidden.bottom)) for z in view.zones}
        state_from_json(obj, public=public)

    boundary_name = "turn"

    def boundary(self, before: State, move: Move, after: State) -> bool:
        """A turn ends with the defence (or surrender), a stop or pass, or the last draw of a regroup."""
        return isinstance(move, (Defend, Surrender, Stop, Pass)) or (isinstance(move, Draw) and after.phase != REGROUP)

    def boundary_note(self, before: State, move: Move, after: State) -> str:
        """The card a Temptation discard from the private stock turned up: the move names no card
        (the mover takes the top card unseen), and the card goes face up to the discard, seen by both
        (RECONSTRUCTION ``temptation_discard_shown``): ``7♦ from the top of player 1's stock, discarded
        face up``. Nothing else: a turn's end decides nothing the position does not show."""
        if isinstance(move, DiscardStock):
            p = before.to_move
            return f"{before.stocks[p][0]} from the top of player {p}'s stock, discarded face up"
        return ""

    def public_move(self, state: State, move: Move, observer: int) -> str:
        """An exchange is made face down: the opponent sees how many cards went under the pool, not
        which (003 Exchange: "You do this by putting the cards you'll exchange face down on the bottom
        of the pool stock, then drawing the same number of cards into your hand."). Every other move
        is seen whole: an attack and a defence are laid on the table, a draw names the stock it comes
        from and no card, and a Temptation discard goes face up to the discard (RECONSTRUCTION
        ``temptation_discard_shown``), as the views show it."""
        if isinstance(move, Exchange):
            return f"exchange {plural(len(move.cards), 'card')}"
        return str(move)

    def describe(self, state: State, view: View | None = None) -> str:
        """A few readable lines; with ``view``, as its player sees them (``SpecGame.describe``): the
        other hand, both stocks and the pool face down; an end that turns on the cards of a hand she
        does not see (a defender's only face cards, a player stuck) is not one she can tell yet."""
        res = self.result(state)
        if (res is not None and view is not None and view.zone(("hands", state.to_move)) is not None
                and dict(res.details).get("reason") != EMPTIED):
            res = None
        lines = [f"Fools and Angels, phase {state.phase}, " + (f"game over: {res.label} ({end_words(state, res)})"
                                                               if res is not None else f"player {state.to_move} to move")]
        for p in (0, 1):
            you = " (you)" if is_viewer(view, p) else ""
            lines.append(f"player {p}{you}: hand {zone_words(view, ('hands', p), ordered(state.hands[p]))}; "
                         f"stock {zone_words(view, ('stocks', p), state.stocks[p])}")
        lines.append(f"pool: {zone_words(view, ('pool',), state.pool)}")
        if state.attack:
            lines.append(f"attack: {_cards_str(ordered(state.attack))}")
        # the discard (public: in view of both; a view file lists it, view_extra), and apart the put-away cards
        away = put_away(state.rules)
        out = discard_of(state)
        lines.append(f"discard: {_cards_str(ordered(out)) if out else '-'}")
        if away:
            # 003 puts away "the remaining 8s, 9s, Qs, Ks": which ones follows from the stocks (reconstructed)
            lines.append(f"put away at setup (003, by the reconstructed stocks): {_cards_str(ordered(away))}")
        return "\n".join(lines)


def discard_of(state: State) -> list[Card]:
    """The cards out of play (beaten in a defence or discarded to Temptation): every card of the
    game in no zone, without the cards put away at setup (:func:`put_away`), in the game's card order."""
    held = set(state.hands[0] | state.hands[1] | state.attack) | set(state.stocks[0] + state.stocks[1] + state.pool)
    away = set(put_away(state.rules))
    return [c for c in SPEC_CARDS if c not in held and c not in away]


def shown_end(state: State) -> Result | None:
    """How the game ends on the cards of the hand of the player to move, else ``None``
    (:meth:`FoolsAndAngelsSpec.result` checks an emptied hand and stock first). Each of these ends
    is public: the hand is shown.

    * 003 "A player with only face cards in their hand cannot attack, and loses when attacked."
      (RECONSTRUCTION ``face_only_attacked_loses_game``: the game, not the defence.) The defence
      cannot be made, so the attacked hand is laid open.
    * 003 "If a player has a hand of only face cards at the start of their turn, and they are
      unable to draw additional cards into their hand (for example, they already have 7 cards, or
      all available stocks are empty), they must show their hand and forfeit the game."
      (RECONSTRUCTION ``forfeit_first``: checked as the turn opens, before an exchange (Exchange,
      also "At the start of your turn") and before the exception pass, whose moves a finished game
      does not list.)
    * RECONSTRUCTION ``no_legal_action == "lose"``: a player with nothing to do loses, which she
      shows by having no card to attack with.

    So a view that hides this hand is of a game that has not ended so: its worlds are the fillings
    of the hand under which this is ``None`` (:meth:`FoolsAndAngelsSpec.view_count_rule`), and a
    player's view of a game that ended so shows the hand (:meth:`FoolsAndAngelsSpec.view_knowledge`)."""
    if state.phase == DEFEND and only_face_cards(state.hands[state.to_move]):
        # 003 "A player with only face cards in their hand cannot attack, and loses when attacked."
        # RECONSTRUCTION face_only_attacked_loses_game: the game, not the defence
        return win_result(1 - state.to_move, ATTACKED_FACE_ONLY)
    if state.phase == TURN and not state.exchanged:
        p = state.to_move
        # 003 "If a player has a hand of only face cards at the start of their turn, and they are
        # unable to draw additional cards into their hand (for example, they already have 7 cards,
        # or all available stocks are empty), they must show their hand and forfeit the game."
        # RECONSTRUCTION forfeit_first: checked as the turn opens, before an exchange and the pass
        if only_face_cards(state.hands[p]) and not can_draw(state, p):
            return win_result(1 - p, FORFEIT)
    if state.phase == TURN and state.rules.no_legal_action == "lose" and stuck(state):
        # RECONSTRUCTION no_legal_action == "lose"
        return win_result(1 - state.to_move, NO_LEGAL_ACTION)
    return None


def put_away(rules: Rules) -> list[Card]:
    """The cards 003 puts away at setup, in card order: those in none of the rules' three stocks
    ("Put away all other cards, such as the 10s and the remaining 8s, 9s, Qs, Ks. They will not be
    used"; the 10s are no card of this game at all). Public: every player knows them from the rules."""
    in_play = set(rules.stocks.cards("player0")) | set(rules.stocks.cards("player1")) | set(rules.stocks.cards("pool"))
    return [c for c in SPEC_CARDS if c not in in_play]


def _knowledge_unplaced(obj: dict[str, Any]) -> bool:
    """Whether a view's ``known`` or ``under_pool`` names a card that its zone (``hands[p]``, the
    pool) does not list, written out or as known (cards compared as cards: ``2c`` is ``2C``; a text
    that is no card counts as not listed, for the reader to name)."""
    def card(t: Any) -> Any:
        try:
            return parse_game_card(t, "card") if isinstance(t, str) else t
        except InputError:
            return t

    for key, zones in (("known", obj["hands"]), ("under_pool", [obj.get("pool", [])] * 2)):
        for zone, texts in zip(zones, obj.get(key) or []):
            listed = zone if isinstance(zone, list) else zone.get("known", []) + zone.get("top", []) \
                + zone.get("bottom", [])
            cards = {card(t) for t in listed}
            if any(card(t) not in cards for t in texts or []):
                return True
    return False


def _pair(items: list[Any]) -> tuple[Any, Any]:
    return (items[0], items[1])


NOTHING_KNOWN: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())


def _knowledge(state: State, known: Any, under: Any) -> State:
    """``state`` with ``known`` kept to the cards still in each hand and ``under`` to those still in
    the pool (cards that left a zone are no longer known there)."""
    pool = set(state.pool)
    return replace(state, known=(known[0] & state.hands[0], known[1] & state.hands[1]),
                   under_pool=(frozenset(c for c in under[0] if c in pool), frozenset(c for c in under[1] if c in pool)))


EMPTIED = "emptied hand and own stock"
"""The reason of the one end every player sees (003: "The first player to get rid of all cards in
both their hand and their own stock wins"); the others turn on the cards of the player to move."""
ATTACKED_FACE_ONLY = "attacked a hand of only face cards"
"""The reason of a defender's loss with a hand of only face cards (003 "loses when attacked")."""
FORFEIT = "forfeit: only face cards and unable to draw"
"""The reason of the start-of-turn forfeit (003 "they must show their hand and forfeit the game")."""
NO_LEGAL_ACTION = "no legal action"
"""The reason of the loss of a player with nothing to do (option ``no_legal_action`` = ``"lose"``)."""

_RESULT_QUOTES = {
    EMPTIED: "The first player to get rid of all cards in both their hand and their own stock wins.",
    ATTACKED_FACE_ONLY: "A player with only face cards in their hand cannot attack, and loses when attacked.",
    FORFEIT: "If a player has a hand of only face cards at the start of their turn, and they are unable to draw "
             "additional cards into their hand ..., they must show their hand and forfeit the game.",
}
"""The sentence of 003 behind each outcome of the text (:meth:`FoolsAndAngelsSpec.result`)."""


def result_reason(state: State, res: Result) -> Reason:
    """Why no move is legal in a finished game: its outcome, with the sentence of 003 behind it (or,
    for the reconstructed loss of a player with nothing to do, the option ``no_legal_action``)."""
    why = dict(res.details).get("reason")
    says = f"the game is over ({res.label}: {why})"
    if why == NO_LEGAL_ACTION:
        return reason("stuck", f"{says}: a player who can neither attack, regroup nor pass loses", "",
                      "The active player shall either:", "no_legal_action", state.rules)
    if why == FORFEIT:
        says += ("; the forfeit opens the turn, before an exchange or a pass could be made (reading "
                 "forfeit_first)")
    return reason("result", says, "", _RESULT_QUOTES[str(why)])


def end_words(state: State, res: Result) -> str:
    """How the game ended, in words (``show``): who emptied her hand and stock, was attacked holding
    only face cards, forfeited, or had no legal action."""
    details = dict(res.details)
    winner, why = details.get("winner"), details.get("reason")
    loser = 1 - winner if isinstance(winner, int) else state.to_move
    if why == EMPTIED:
        return f"player {winner} emptied her hand and her own stock"
    if why == ATTACKED_FACE_ONLY:
        return f"player {loser} was attacked holding only face cards"
    if why == FORFEIT:
        return (f"player {loser} forfeits: a hand of only face cards ({len(state.hands[loser])}) and unable to "
                "draw")
    if why == NO_LEGAL_ACTION:
        return f"player {loser} can neither attack, regroup nor pass (no_legal_action = lose)"
    return str(why)


def win_result(p: int, why: str) -> Result:
    """The result of a win by ``p`` (payoffs +1/-1) with the reason."""
    from fractions import Fraction

    payoffs = (Fraction(1), Fraction(-1)) if p == 0 else (Fraction(-1), Fraction(1))
    return Result(payoffs, f"player {p} wins", (("winner", p), ("reason", why)))


def _move_words(text: str) -> tuple[str, ...]:
    """Normalised words of a move; card words after the verb (and target) are sorted."""
    words = _norm_move(text).split()
    head: list[str] = []
    rest: list[str] = []
    for w in words:
        (rest if _is_card_word(w) else head).append(w)
    return (*head, *sorted(rest))


def _is_card_word(w: str) -> bool:
    try:
        FRENCH52.parse(w)
    except InputError:
        return False
    return True


# --- position files ------------------------------------------------------------------------

def state_from_json(obj: Any, *, public: dict[tuple[Any, ...], frozenset[Card]] | None = None) -> State:
    """Read a position (schema first, then the semantic checks); errors name the field.

    ``public`` (:meth:`FoolsAndAngelsSpec.view_public_check`, on one filling of a view): the view's
    hidden zones (paths ``("hands", p)``, ``("stocks", q)``, ``("pool",)``), each with the cards the
    view places in it (its ``known``, ``top`` and ``bottom``). The checks then read no card of those
    zones: the put-away check, the check that a stock or the pool holds only cards it can ever hold
    (``stock_reach``) and the check that a hand in the first two turns holds only cards its player
    can have drawn (:func:`_check_first_turns`) look at the zones the view writes out only, and a knowledge field
    (``known``, ``under_pool``) naming a card of a hidden zone must name one the view places there.
    The rest reads only how many cards each zone holds, the view's own cards and fields, and which
    cards are anywhere at all (every filling places every card the view does not list out of play).
    The state returned then is no position to play."""
    validate_schema(obj, SCHEMA)
    if "discard" in obj:
        raise PositionError("discard: only in a view file (a full position leaves the cards out of play implicit)")
    rules = rules_from_json(Rules, obj.get("rules"))
    seen: dict[Card, str] = {}

    def cards(texts: list[Any], where: str) -> list[Card]:
        out = []
        for i, t in enumerate(texts):
            c = parse_game_card(t, f"{where}[{i}]")
            if c in seen:
                raise InputError(f"{where}[{i}]: duplicate card {c.ascii} (also in {seen[c]})")
            seen[c] = where
            out.append(c)
        return out

    hands = (frozenset(cards(obj["hands"][0], "hands[0]")), frozenset(cards(obj["hands"][1], "hands[1]")))
    stocks = (tuple(cards(obj["stocks"][0], "stocks[0]")), tuple(cards(obj["stocks"][1], "stocks[1]")))
    pool = tuple(cards(obj.get("pool", []), "pool"))
    attack = frozenset(cards(obj.get("attack", []), "attack"))
    phase = obj.get("phase", TURN)
    to_move = obj["to_move"]
    turns_done = obj.get("turns_done", 0 if phase == SETUP else 2)
    exchanged = obj.get("exchanged", False)
    drawn = obj.get("drawn", 0)
    drew_pool = obj.get("drew_pool", False)
    setup_chosen = obj.get("setup_chosen", 0)
    reshuffle: tuple[tuple[int, ...], ...] = ()

    # 003: "Put away all other cards, such as the 10s and the remaining 8s, 9s, Qs, Ks. They will not
    # be used." A card in none of the rules' three stocks never comes into play.
    in_play = set(rules.stocks.player0) | set(rules.stocks.player1) | set(rules.stocks.pool)
    hidden = frozenset(public or ())
    paths = {"hands[0]": ("hands", 0), "hands[1]": ("hands", 1), "stocks[0]": ("stocks", 0),
             "stocks[1]": ("stocks", 1), "pool": ("pool",), "attack": ("attack",)}
    for c, where in seen.items():
        if c.ascii not in in_play and paths[where] not in hidden:
            raise PositionError(f"{where}: {c.ascii} is put away (in none of the rules' stocks; 003: "
                                f'"Put away all other cards ... They will not be used")')

    # 003 only takes from the stocks; Exchange puts hand cards under the pool, Asymmetry swaps piles
    # with the pool (stock_reach): a card in a stock that could never hold it comes from no game
    reach = stock_reach(rules, phase, setup_chosen, turns_done)
    for where, zone, can in (("stocks[0]", stocks[0], reach[0]), ("stocks[1]", stocks[1], reach[1]),
                             ("pool", pool, reach[2])):
        if paths[where] in hidden:
            continue  # (a view's filling: the sampler deals each card only where it can lie, view_card_zones)
        for c in zone:
            if c not in can:
                raise PositionError(f"{where}: {c.ascii} can never be in this stock (a stock only loses cards, "
                                    f"except as Exchange, after the first two turns, and Asymmetry add them; "
                                    f"rules.stocks)")

    for p in (0, 1):
        if not hands[p] and not stocks[p] and not hands[1 - p] and not stocks[1 - p]:
            raise PositionError("hands: both players have no cards left (only one can win)")
    if phase != DEFEND and attack:
        raise PositionError(f"attack: cards on the table outside phase defend (phase {phase})")
    if phase != TURN and exchanged:
        raise PositionError("exchanged: only in phase turn")
    if exchanged and not rules.exchange:
        raise PositionError("exchanged: the exchange variant is off")
    if phase != REGROUP and drawn:
        raise PositionError("drawn: only in phase regroup")
    if phase == DEFEND:
        _check_attack(attack, hands, to_move, rules)
    if phase == REGROUP:
        if drawn < 1:
            raise PositionError("drawn: a regroup in progress has drawn at least one card")
        if rules.regroup_max != "limit" and drawn > rules.regroup_max:
            raise PositionError(f"drawn: more than regroup_max ({rules.regroup_max})")
    if phase == TEMPT and not rules.temptation:
        raise PositionError("phase: tempt needs the temptation variant")
    if phase == TEMPT and turns_done != 2:
        raise PositionError("turns_done: must be 2 in phase tempt (Temptation starts after both first turns)")
    if phase == SETUP and turns_done != 0:
        raise PositionError("turns_done: must be 0 in phase setup")
    if phase in (TEMPT, SETUP) and drew_pool:
        raise PositionError(f"drew_pool: must be false in phase {phase}")
    if drew_pool and phase in (TURN, DEFEND):
        # a turn draws from the pool in its regroup (which ends the turn, or goes on in phase regroup) or,
        # where its draws count (temptation_trigger any_pool_draw), by the Exchange before the attack
        by_exchange = rules.exchange and rules.temptation_trigger == "any_pool_draw"
        if not by_exchange:
            raise PositionError(f"drew_pool: true in phase {phase}, but before a regroup only the Exchange draws from "
                                "the pool, and its draws count only under the exchange variant with "
                                "temptation_trigger any_pool_draw")
        if phase == TURN and not exchanged:
            raise PositionError("drew_pool: true in phase turn, but nothing drew from the pool this turn (exchanged "
                                "is false)")
    if phase != SETUP and setup_chosen:
        raise PositionError("setup_chosen: only in phase setup")
    if phase == SETUP:
        if not rules.asymmetry:
            raise PositionError("phase: setup needs the asymmetry variant")
        if any(hands) or attack:
            raise PositionError("hands: must be empty in phase setup")
        sizes = (len(rules.stocks.player0), len(rules.stocks.player1), len(rules.stocks.pool))
        if (len(stocks[0]), len(stocks[1]), len(pool)) != sizes:
            raise PositionError(f"stocks: phase setup needs stocks of the rules' sizes {sizes}")
        if "reshuffle" not in obj:
            raise PositionError("reshuffle: required in phase setup")
        perms = []
        for key, n in zip(("player0", "player1", "pool"), sizes):
            perm = obj["reshuffle"][key]
            if sorted(perm) != list(range(n)):
                raise PositionError(f"reshuffle.{key}: must be a permutation of 0..{n - 1}")
            perms.append(tuple(perm))
        reshuffle = tuple(perms)
        expect = first_chooser(rules) if setup_chosen == 0 else 1 - first_chooser(rules)
        if to_move != expect:
            raise PositionError(f"to_move: must be {expect} (the player choosing piles now)")
    elif "reshuffle" in obj:
        raise PositionError("reshuffle: only in phase setup")
    if phase in (TURN, REGROUP, DEFEND) and turns_done < 2:
        # 003: "Players take turns"; the first turns are the first player's, then the other's (option
        # first_player): the player whose turn it is moves, or defends against nobody's attack yet
        turn_of = rules.first_player if turns_done == 0 else 1 - rules.first_player
        mover = to_move if phase != DEFEND else 1 - to_move
        if mover != turn_of:
            raise PositionError(f"to_move: {to_move} cannot move here: after {plural(turns_done, 'turn')} it is player "
                                f"{turn_of}'s turn (first_player {rules.first_player})")
    if phase != SETUP and turns_done < 2:
        _check_first_turns(rules, phase, turns_done, hands, drawn, set(seen), in_play, reach,
                           frozenset(p for p in (0, 1) if ("hands", p) in hidden))
    def placed(path: tuple[Any, ...], zone: frozenset[Card]) -> frozenset[Card]:
        # a hidden zone of a view: the cards the view places in it, which every filling holds there
        return public[path] if public is not None and path in public else zone

    known = _read_known(obj.get("known"), "known", (placed(("hands", 0), hands[0]), placed(("hands", 1), hands[1])),
                        "hands")
    under = _read_known(obj.get("under_pool"), "under_pool", (placed(("pool",), frozenset(pool)),) * 2, "pool")
    if turns_done < 2 and (any(known) or any(under)):
        # the attack cards a hand took and the Exchange's cards under the pool come from hands, which hold
        # nothing before a first turn's draws (_check_first_turns)
        key = "known" if any(known) else "under_pool"
        raise PositionError(f"{key}: nothing is known before the first two turns are over (turns_done "
                            f"{turns_done}): no attack was made and no hand card was exchanged yet")
    if under[0] & under[1]:
        raise PositionError(f"under_pool: {ordered(under[0] & under[1])[0].ascii} put under the pool by both players")
    state = State(rules, phase, to_move, hands, stocks, pool, attack, turns_done, exchanged, drawn, drew_pool,
                  setup_chosen, reshuffle, known, under)
    if phase == REGROUP and not more_draws(state):
        raise PositionError("phase: a regroup with no draw left would have ended")
    return state


def _read_known(raw: Any, key: str, zones: tuple[frozenset[Card], frozenset[Card]],
                where: str) -> tuple[frozenset[Card], frozenset[Card]]:
    """A knowledge field (``known``: cards of each hand, ``under_pool``: cards each player put under
    the pool), each card in its zone; ``null`` (a view: what its viewer does not know) is nothing."""
    if raw is None:
        return NOTHING_KNOWN
    out = []
    for p, texts in enumerate(raw):
        cards = frozenset(parse_game_card(t, f"{key}[{p}]") for t in texts or [])
        bad = [c.ascii for c in ordered(cards) if c not in zones[p]]
        if bad:
            zone = f"{where}[{p}]" if where == "hands" else where
            raise PositionError(f"{key}[{p}]: {bad[0]} is not in {zone}")
        out.append(cards)
    return (out[0], out[1])


def _check_first_turns(rules: Rules, phase: str, turns_done: int, hands: tuple[frozenset[Card], frozenset[Card]],
                       drawn: int, placed: set[Card], in_play: set[str], reach: tuple[frozenset[Card], ...],
                       hidden: frozenset[int] = frozenset()) -> None:
    """Where the cards are before the first two turns are over (``turns_done`` 0 or 1). 003:
    "Players start with no cards in hand, and no player may attack a player with fewer cards in hand
    than them, so everyone's first turn of the game will always be to draw": a hand holds only the
    cards its player drew in her own first turn (none before it, ``drawn`` during its regroup, at
    least one after it), each from her own stock or the pool, so only cards one of them could hold
    in these turns (``reach``: :func:`stock_reach` with ``turns_done``; Asymmetry's swaps are done,
    no Exchange was made), an empty hand can neither attack nor exchange, and so nothing is out of
    play yet (cards leave play only in a defence or to Temptation, which starts after both first
    turns): every card of the rules' stocks is in a hand, a stock or the pool. ``hidden``: the hands
    whose cards a view's public check does not read (:meth:`FoolsAndAngelsSpec.view_public_check`;
    the sampler deals them only cards they can hold, :meth:`FoolsAndAngelsSpec.view_card_zones`)."""
    first = rules.first_player
    mover = first if turns_done == 0 else 1 - first
    said = '003: "Players start with no cards in hand ... everyone\'s first turn of the game will always be to draw"'
    if turns_done == 1 and not hands[first]:
        raise PositionError(f"hands[{first}]: empty after player {first}'s first turn (turns_done 1), which drew "
                            f"at least one card ({said})")
    if turns_done == 0 and hands[1 - mover]:
        raise PositionError(f"hands[{1 - mover}]: {plural(len(hands[1 - mover]), 'card')} before any turn of player "
                            f"{1 - mover}'s (turns_done 0; {said})")
    if phase == DEFEND:
        raise PositionError(f"phase: an attack in player {mover}'s first turn (turns_done {turns_done}), whose hand "
                            f"was empty when it began ({said})")
    held = drawn if phase == REGROUP else 0
    if len(hands[mover]) != held:
        when = f"{plural(drawn, 'draw')} into her first turn's regroup" if phase == REGROUP else \
            "at the start of her first turn"
        raise PositionError(f"hands[{mover}]: {plural(len(hands[mover]), 'card')} {when} (turns_done {turns_done}: "
                            f"she holds {held}; {said})")
    for p in (0, 1):
        bad = [c for c in ordered(hands[p]) if p not in hidden and c not in reach[p] | reach[2]]
        if bad:
            raise PositionError(f"hands[{p}]: {bad[0].ascii} can be in neither player {p}'s stock nor the pool "
                                f"(rules.stocks), and in the first two turns (turns_done {turns_done}) a hand holds "
                                f"only cards its player drew from those ({said})")
    missing = [c.ascii for c in SPEC_CARDS if c.ascii in in_play and c not in placed]
    if missing:
        raise PositionError(f"turns_done: {turns_done}, but {missing[0]} is listed nowhere (out of play): cards leave "
                            f"play only in a defence or to Temptation, and the first two turns only draw ({said})")


def _check_attack(attack: frozenset[Card], hands: tuple[frozenset[Card], frozenset[Card]], defender: int,
                  rules: Rules) -> None:
    """A position in phase defend holds an attack that was legal when laid."""
    if not attack:
        raise PositionError("attack: phase defend needs attack cards on the table")
    bad = attack_size_reasons(attack, rules, len(hands[defender]))
    if bad:
        raise PositionError(f"attack: {bad[0].says}")
    if len(hands[1 - defender]) + len(attack) > len(hands[defender]):
        raise PositionError("attack: the attacker held more cards than the defender")


SPEC = FoolsAndAngelsSpec()
"""The spec instance."""

SPEC_CARDS = [parse_game_card(f"{r}{s}", "card") for s in "CDHS" for r in "A23456789JQK"]
"""The 48 cards of the game (the 10s are put away)."""
