"""Three Fools (seed ``002_f1ddbcdaf1ade77e.txt``, cited "002") as plain, literal, slow Python.

The seed gives the rules of play: three players, a 45-card Pilatch deck split into three
face-down piles of fifteen, a binary card (UP: high cards win, DOWN: low cards win), a lead
played face down with a declared suit (true or false), two face-down follows, the reveal and
the round winner, collecting, the Roshambo bonus, the lying penalty, three round wins in a
row, losing and the final count. ``shared/RULES-NOTES.md`` §3 adds the Pilatch deck facts
(Rock beats Scissors, Scissors beats Paper, Paper beats Rock; ranks 1-10, J, Q, K, A and a
Joker per suit), which 002 does not give (:data:`OUTSIDE_FACTS`, listed "from outside the
text"), and names every open point; each is an option of :class:`Rules` or an entry of
:data:`RECONSTRUCTIONS`, named where the code applies it (``RECONSTRUCTION``). The reference page is ``docs/three-fools.md``.

How the game is modelled (docs/architecture.md, "Hidden moves"): the face-down plays are
sequential moves that the other players' views hide; the second follower moves after the
first but does not see her card. Chance is explicit: the first leader (1/3 each), the
Roshambo of a three-suit round and the Roshambo of a tie in the final count are chance nodes
whose outcomes (the Roshambo winner) come with exact probabilities. The shuffle is made by
:meth:`ThreeFoolsSpec.deal`; the pile orders are part of the state and hidden by the views.

Players are 0, 1, 2; play passes to the left (seat + 1). Piles are sequences, top first.
"""

from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from foolsolve.cards import PAPER, PILATCH45, PILATCH_JOKER, PILATCH_SUITS, ROCK, SCISSORS, SUIT_NAMES, Card
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
from foolsolve.numbers import exact_number
from foolsolve.positions import validate_schema
from foolsolve.present import plural
from foolsolve.rules import OutsideFact, Reconstruction, json_shown, json_text, option, rules_from_json, rules_to_json
from foolsolve.worlds import Hidden, View, ZoneField, is_hidden, is_viewer, known_words, zone_words

PLAYERS = 3
META = GameMeta(
    name="three-fools", title="Three Fools", seed="002_f1ddbcdaf1ade77e.txt", min_players=PLAYERS,
    max_players=PLAYERS, deck=PILATCH45, dynamics=Dynamics.SEQUENTIAL, chance_mode=ChanceMode.EXPLICIT,
    information=Information.IMPERFECT, utility=Utility.GENERAL_SUM, utility_bounds=(0.0, 1.0),
    hidden="the other players' hands, the order (and contents) of every pile, and the face-down cards "
           "in the centre until the reveal (each player sees her own hand and card, every pile's and "
           "hand's size, the binary card, the declaration, and every card once revealed)",
    chance="the shuffle into three piles (made by deal(); the pile orders are part of the state and "
           "hidden), the first leader (a chance node, 1/3 each), the Roshambo of a round with all "
           "three suits and of a tie in the final count (chance nodes: the winner, with the "
           "probabilities of the roshambo option)")
"""The game's record (read by the spec class, the engine, the registry, OpenSpiel, the pictures)."""
SCHEMA = "three-fools.schema.json"
PILE = 15
DECK_SIZE = 45

UP, DOWN = "up", "down"
START, FLIP, LEAD, FOLLOW, ROSHAMBO, TIE, OVER = "start", "flip", "lead", "follow", "roshambo", "tie", "over"
PHASES: tuple[str, ...] = (START, FLIP, LEAD, FOLLOW, ROSHAMBO, TIE, OVER)

SUIT_TEXT = {ROCK: "R", PAPER: "P", SCISSORS: "S"}
"""How a declared suit is written (Scissors is ``X`` inside the card table, ``S`` outside)."""
SUIT_OF_TEXT = {"R": ROCK, "P": PAPER, "S": SCISSORS}
"""The letters a declared suit is written with (any case); no other letter names a suit."""

BEATS = {ROCK: SCISSORS, SCISSORS: PAPER, PAPER: ROCK}
"""Which suit is superior (:data:`OUTSIDE_FACTS` ``suit_cycle``: the Pilatch deck's description,
not 002): Rock beats Scissors, Scissors beats Paper, Paper beats Rock."""

PILATCH_DESCRIPTION = "the Pilatch deck's public description"
OUTSIDE_FACTS = (
    OutsideFact("suits", "The suits are Rock, Paper and Scissors (written R, P, S).", PILATCH_DESCRIPTION,
                '002 §Deck Build: "Use one 45-card Pilatch deck with all the ranks and Jokers."'),
    OutsideFact("ranks", "Each suit has the ranks 1-10, J, Q, K, A (in that order) and one Joker: 15 cards a suit, "
                "45 in all.", PILATCH_DESCRIPTION,
                '002 §Deck Build: "Use one 45-card Pilatch deck with all the ranks and Jokers."; §Winning a Round: '
                '"(Rank One is lowest, and Ace is highest.)"'),
    OutsideFact("suit_cycle", "Rock beats Scissors, Scissors beats Paper, Paper beats Rock: of two suits, the one "
                "that beats the other is the superior suit.", PILATCH_DESCRIPTION,
                '002 §Winning a Round: "If two suits are present, a card of the superior suit will win." (it names '
                'no suit)'),
)
"""What 002 needs but does not say, from the Pilatch deck's description (RULES-NOTES §3):
``foolsolve rules three-fools`` lists them under "From outside the text"."""
SUIT_CYCLE = OUTSIDE_FACTS[2]

THROWS: tuple[str, ...] = (ROCK, PAPER, SCISSORS)
"""The order of the three throws in a Roshambo strategy (probabilities of rock, paper, scissors)."""


# --- Roshambo -----------------------------------------------------------------------------------

RoshamboTable = tuple[tuple[str, str, str], ...]
"""Per seat, the probabilities of rock, paper, scissors as exact fraction strings (``"1/3"``), so
the rules stay JSON."""


def parse_roshambo(value: Any) -> str | RoshamboTable:
    """``"uniform"`` or a table: one ``[rock, paper, scissors]`` probability triple per seat
    (numbers or fraction strings such as ``"1/3"``), each entry above 0 (so every Roshambo ends)
    and each triple summing to 1."""
    if value == "uniform":
        return "uniform"
    if isinstance(value, tuple):
        value = [list(t) for t in value]
    if not isinstance(value, list) or len(value) != PLAYERS:
        raise ValueError('expected "uniform" or a list of 3 [rock, paper, scissors] probability triples')
    table = []
    for seat, triple in enumerate(value):
        if not isinstance(triple, list) or len(triple) != 3:
            raise ValueError(f"seat {seat}: expected [rock, paper, scissors]")
        probs = []
        for x in triple:
            if isinstance(x, bool) or not isinstance(x, (int, str, Fraction)):
                raise ValueError(f"seat {seat}: {json_shown(x)} is not an exact probability (a whole number or \"p/q\")")
            f = exact_number(x, f"seat {seat}", floats=False)
            if f <= 0:
                raise ValueError(f"seat {seat}: every throw needs a probability above 0")
            probs.append(f)
        if sum(probs) != 1:
            raise ValueError(f"seat {seat}: the probabilities sum to {sum(probs)}, not 1")
        table.append((str(probs[0]), str(probs[1]), str(probs[2])))
    return tuple(table)


def _beat_probability(a: tuple[Fraction, ...], b: tuple[Fraction, ...]) -> Fraction:
    """P(a's throw beats b's throw) in one simultaneous throw."""
    total = Fraction(0)
    for i, x in enumerate(THROWS):
        for j, y in enumerate(THROWS):
            if BEATS[x] == y:
                total += a[i] * b[j]
    return total


def roshambo_odds(rules: Rules, players: tuple[int, ...], bye: int | None = None) -> dict[int, Fraction]:
    """The exact probability that each of ``players`` (two or three seats) wins a single-
    elimination Roshambo. 002 §Winning a Round: "each player plays single-elimination Roshambo
    to determine the winner". RECONSTRUCTION (option ``roshambo_format``, RULES-NOTES §3): all players
    still in throw at once; a throw with exactly two different signs eliminates whoever showed
    the beaten sign; any other throw (all alike, or all three signs) is thrown again. With
    ``roshambo = "uniform"`` every player is equally likely to win; with a table each seat
    throws rock, paper, scissors with its row's probabilities, independently every throw.
    Option ``roshambo_format = "leader_bye"``: a bracket instead; the other two throw first and
    the winner meets ``bye`` (the round's leader)."""
    if rules.roshambo_format == "leader_bye" and len(players) == 3 and bye in players:
        a, b = (p for p in players if p != bye)
        first = roshambo_odds(rules, (a, b))
        out = {bye: Fraction(0)}
        for p in (a, b):
            final = roshambo_odds(rules, (p, bye))
            out[p] = first[p] * final[p]
            out[bye] += first[p] * final[bye]
        return {p: out[p] for p in players}
    if rules.roshambo == "uniform":
        return {p: Fraction(1, len(players)) for p in players}
    assert not isinstance(rules.roshambo, str)
    table = [tuple(Fraction(x) for x in row) for row in rules.roshambo]
    if len(players) == 2:
        a, b = players
        pa, pb = _beat_probability(table[a], table[b]), _beat_probability(table[b], table[a])
        return {a: pa / (pa + pb), b: pb / (pa + pb)}
    # three players: one throw's outcomes
    direct = {p: Fraction(0) for p in players}
    pairs: dict[tuple[int, int], Fraction] = {}
    decided = Fraction(0)
    for i in range(3):
        for j in range(3):
            for k in range(3):
                pr = table[players[0]][i] * table[players[1]][j] * table[players[2]][k]
                signs = {THROWS[i], THROWS[j], THROWS[k]}
                if len(signs) != 2:
                    continue
                x, y = sorted(signs)
                winner_sign = x if BEATS[x] == y else y
                left = tuple(p for p, s in zip(players, (THROWS[i], THROWS[j], THROWS[k])) if s == winner_sign)
                decided += pr
                if len(left) == 1:
                    direct[left[0]] += pr
                else:
                    pairs[(left[0], left[1])] = pairs.get((left[0], left[1]), Fraction(0)) + pr
    out = dict(direct)
    for pair, pr in pairs.items():
        for p, q in roshambo_odds(rules, pair).items():
            out[p] += pr * q
    return {p: v / decided for p, v in out.items()}


# --- the rules ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules:
    """The options of Three Fools (RULES-NOTES §3)."""

    max_hand: int = option(
        4, choices=(4, 5), doc="Each player's maximum hand size at the start.",
        source='002 §Setup: "Each player\'s maximum hand size is four."; §More Choices: "Increase the '
               'maximum hand size. We recommend five at most."')
    streak_to_win: int = option(
        3, choices=(3, 4, 5), doc="Round wins in a row that win the game.",
        source='002 §Objective: "To win three rounds in a row"; §Longer Games: "Four seems reasonable. We '
               'don\'t recommend you go higher than five."')
    roshambo: Any = option(  # noqa: RUF009
        "uniform", parse=parse_roshambo, reconstructed=True,
        schema={"oneOf": [{"const": "uniform"},
                          {"type": "array", "minItems": 3, "maxItems": 3,
                           "items": {"type": "array", "minItems": 3, "maxItems": 3,
                                     "items": {"type": ["number", "string"]}},
                           "description": "[[rock, paper, scissors] per seat, 3 seats]: each an exact probability above "
                                          "0, a whole number or \"p/q\", each seat's summing to 1"}]},
        doc='How Roshambo is decided: "uniform" (each player still in is equally likely to win) or a table '
            'of [rock, paper, scissors] probabilities per seat (each above 0, summing to 1).',
        source='002 §Winning a Round: "each player plays single-elimination Roshambo to determine the winner"; '
               '§Losing the Game: "In the case of a tie, Roshambo for it!"')
    binary_start: str = option(
        DOWN, choices=(DOWN, UP), reconstructed=True, doc="The side the binary card shows at the start.",
        source='002 §Setup: "Place a binary card in the center." (its side is not given)')
    roshambo_format: str = option(
        "all_at_once", choices=("all_at_once", "leader_bye"), reconstructed=True,
        doc="Single-elimination Roshambo of a three-suit round: all_at_once = the three throw together (a throw "
            "showing two signs knocks out the beaten sign); leader_bye = a bracket: the two followers throw, "
            "the winner meets the round's leader (with uniform odds: the leader 1/2, the others 1/4 each).",
        source='002 §Winning a Round: "each player plays single-elimination Roshambo to determine the winner"')
    collect_order: str = option(
        "leader_first", choices=("leader_first", "winner_first"), reconstructed=True,
        doc="The order the centre cards go under the winner's pile (then a Roshambo's bonus, each opponent's "
            "three in seat order from the winner): leader_first = in seat order from the leader (the order "
            "played); winner_first = the winner's own card first, then the others in seat order from her.",
        source='002 §Winning a Round: "The winner of the round collects the cards in the center to put on the '
               'bottom of her pile."')

    def __post_init__(self) -> None:
        if self.roshambo != "uniform":
            object.__setattr__(self, "roshambo", parse_roshambo(self.roshambo))


# --- the moves ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FirstLeader:
    """Chance: who goes first."""

    player: int

    def __str__(self) -> str:
        return f"first {self.player}"

    def sort_key(self) -> tuple[Any, ...]:
        return (0, self.player)


@dataclass(frozen=True)
class Flip:
    """The leader flips the binary card (``flip``) or leaves it (``keep``)."""

    flip: bool

    def __str__(self) -> str:
        return "flip" if self.flip else "keep"

    def sort_key(self) -> tuple[Any, ...]:
        return (1, self.flip)


@dataclass(frozen=True)
class Lead:
    """The leader's card, face down, and the suit she declares (true or a lie)."""

    card: Card
    declared: str
    FIELD_CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"declared": PILATCH_SUITS}

    def __str__(self) -> str:
        return f"lead {self.card.ascii} as {SUIT_TEXT[self.declared]}"

    def sort_key(self) -> tuple[Any, ...]:
        return (2, self.card.index, PILATCH_SUITS.index(self.declared))


@dataclass(frozen=True)
class Follow:
    """A follower's card, face down."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card.ascii}"

    def sort_key(self) -> tuple[Any, ...]:
        return (3, self.card.index)


@dataclass(frozen=True)
class RoshamboWin:
    """Chance: who wins a Roshambo (of a three-suit round, or of a tie in the final count)."""

    player: int

    def __str__(self) -> str:
        return f"roshambo {self.player}"

    def sort_key(self) -> tuple[Any, ...]:
        return (4, self.player)


Move = FirstLeader | Flip | Lead | Follow | RoshamboWin


# --- the state ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Round:
    """A revealed round, as everyone saw it (the public history kept for perfect recall)."""

    leader: int
    binary: str
    declared: str
    cards: tuple[Card, Card, Card]
    """The card of each seat."""
    winner: int
    bonus: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] = ((), (), ())
    """The Roshambo bonus taken from each seat's pile (revealed)."""


@dataclass(frozen=True)
class State:
    """A Three Fools position."""

    rules: Rules
    phase: str
    leader: int
    """The player who goes first this round (-1 before the first leader is drawn)."""
    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card]]
    piles: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    max_hand: tuple[int, int, int]
    binary: str
    streak: int = 0
    """Rounds in a row won by the leader (the last round's winner)."""
    declared: str | None = None
    centre: tuple[Card | None, Card | None, Card | None] = (None, None, None)
    """The face-down card of each seat this round."""
    contest: tuple[int, ...] = ()
    """The players in the pending Roshambo (phases roshambo and tie)."""
    history: tuple[Round, ...] = ()
    lost: tuple[bool, bool, bool] = (False, False, False)
    winner: int | None = None
    reason: str = ""


def centre_order(leader: int, winner: int, rules: Rules) -> tuple[int, int, int]:
    """The seats whose centre cards go under the winner's pile, in order. RECONSTRUCTION (option
    ``collect_order``): from the leader (the order played), or from the winner."""
    first = leader if rules.collect_order == "leader_first" else winner
    return (first, (first + 1) % PLAYERS, (first + 2) % PLAYERS)


def collected(history: tuple[Round, ...], p: int, rules: Rules) -> list[Card]:
    """Every card ``p`` collected under her pile, in the order they went under it (002 §Winning a
    Round, in the order :func:`collect` puts them): a pile loses cards only from the top, so it
    ends with the last of these."""
    out: list[Card] = []
    for r in history:
        if r.winner == p:
            out += [r.cards[q] for q in centre_order(r.leader, p, rules)]
            out += [c for i in (1, 2) for c in r.bonus[(p + i) % PLAYERS]]
    return out


def drawn_revealed(state: State) -> list[set[Card]]:
    """Per player, the revealed cards she has drawn into her hand since they were last revealed:
    public, because a pile is drawn from the top and collects at the bottom (its cards are the
    last of everything that went under it, :func:`collected`), so a revealed card her pile no
    longer holds, and which no later round revealed (as a play or a Roshambo bonus), was drawn by
    her. It is in her hand, or face down in the centre if she has played this round."""
    return _drawn_back(state.history, state.rules, [len(x) for x in state.piles])


def _drawn_back(history: tuple[Round, ...], rules: Rules, pile_sizes: list[int]) -> list[set[Card]]:
    """:func:`drawn_revealed` from the public facts it reads: the rounds, the rules, the pile sizes."""
    last: dict[Card, int] = {}
    for r in history:
        for c in (*r.cards, *(c for b in r.bonus for c in b)):
            last[c] = r.winner
    out: list[set[Card]] = [set(), set(), set()]
    for p, bottom in enumerate(pile_bottoms(history, rules, pile_sizes)):
        gained = collected(history, p, rules)
        in_pile = set(bottom)
        out[p] = {c for c in gained[:len(gained) - len(bottom)] if last[c] == p and c not in in_pile}
    return out


_BOTTOM_CITE = '(002 §Winning a Round: "to put on the bottom of her pile")'
"""The end of a refused pile (:func:`pile_bottom_problem`): the seed's words that the pile's bottom is."""


def pile_bottoms(history: tuple[Round, ...], rules: Rules, pile_sizes: list[int]) -> list[list[Card]]:
    """Per player, the cards her pile ends with, from the rounds listed and the pile sizes: 002
    §Winning a Round: "The winner of the round collects the cards in the center to put on the bottom
    of her pile." (in the order :func:`collect` puts them, :func:`collected`), and a pile loses
    cards only from its top (002 §Rounds of Play: "draws cards from her pile", a face-down pile
    drawn from the top; §Winning a Round: the bonus is "the top three cards"). So a pile is the last
    of everything that went under it: of a player's :func:`collected` cards, the last as many as her
    pile holds (all of them when it holds more) are still there, at its bottom, in that order; the
    others she has drawn (or lost as a bonus). Read by the position reader (:func:`pile_bottom_problem`),
    by a view's pile ``bottom`` (:meth:`ThreeFoolsSpec.view_knowledge`, :func:`_view_bottoms`) and by
    the revealed cards drawn back (:func:`drawn_revealed`)."""
    out: list[list[Card]] = []
    for p in range(PLAYERS):
        gained = collected(history, p, rules)
        out.append(gained[len(gained) - min(pile_sizes[p], len(gained)):])
    return out


def pile_bottom_problem(state: State) -> str | None:
    """A full position's piles against :func:`pile_bottoms` (002 §Winning a Round: "The winner of the
    round collects the cards in the center to put on the bottom of her pile."; a pile is drawn from
    the top): every card a listed round put under a pile and not drawn since lies at that pile's
    bottom, in the order it went there. ``None`` when they do, else the problem in one line naming
    ``piles[p]`` and what the pile ends with. A pile holding more cards than can lie below a
    collected card that has left it is refused first, by its size (:func:`pile_size_problem`), then
    sizes the rounds cannot give (:func:`history_size_problem`)."""
    history, rules, piles = state.history, state.rules, state.piles
    out_now = {c: f"hands[{q}]" for q in range(PLAYERS) for c in state.hands[q]}
    out_now.update({c: f"centre[{q}]" for q, c in enumerate(state.centre) if c is not None})
    problem = pile_size_problem(history, rules, [len(x) for x in piles], out_now) or _state_size_problem(state)
    if problem is not None:
        return problem
    for p, want in enumerate(pile_bottoms(history, rules, [len(x) for x in piles])):
        pile = piles[p]
        gained = collected(history, p, rules)
        ends = pile[len(pile) - len(want):]
        if tuple(want) == ends:
            continue
        k = next(i for i in range(len(want) - 1, -1, -1) if want[i] != ends[i])
        place = "its bottom card" if k == len(want) - 1 else f"card {len(want) - k} from its bottom"
        order = f"collect_order {rules.collect_order}"
        if len(want) == len(gained):
            said = f"the rounds put {plural(len(want), 'card')} under player {p}'s pile ({order})"
        else:
            said = (f"player {p} has drawn all but the last {len(want)} of the {len(gained)} cards the rounds put under "
                    f"her pile ({order})")
        return (f"piles[{p}]: {place} is {ends[k].ascii}, not {want[k].ascii}: {said}, and a pile is drawn from the "
                f"top, so it ends with {json.dumps([c.ascii for c in want])} {_BOTTOM_CITE}")
    return None


def pile_size_problem(history: tuple[Round, ...], rules: Rules, pile_sizes: list[int],
                      out_now: dict[Card, str]) -> str | None:
    """The pile sizes against the cards known to have left a pile (:func:`pile_bottoms`' reasoning: a
    pile is drawn from the top and collects at the bottom): a card put under a pile that a later round
    revealed again, or that lies in its owner's hand or centre card now (``out_now``: where each card
    of the hands and centre is; a view gives those it places, :func:`_view_out_now`), has left it, and
    every card above it with it, so the pile holds at most the cards put under it since. ``None`` when
    every pile fits, else the problem in one line naming ``piles[p]`` (a full position and a view
    alike: the view's counts, before any world)."""
    reveals: dict[Card, list[int]] = {}
    for i, r in enumerate(history):
        for c in (*r.cards, *(c for b in r.bonus for c in b)):
            reveals.setdefault(c, []).append(i)
    for p in range(PLAYERS):
        gained = collected(history, p, rules)
        left = _left_pile(history, p, rules, reveals, out_now)
        if left is not None and pile_sizes[p] > len(gained) - left[0]:
            room = len(gained) - left[0]
            return (f"piles[{p}]: player {p}'s pile holds {plural(pile_sizes[p], 'card')}, but at most {room}: "
                    f"{left[1]}, so every card above it has left (a pile is drawn from the top), and the rounds put "
                    f"{room} under it since {_BOTTOM_CITE}")
    return None


_BONUS_WORDS = "the winner also reveals the top three cards from each of her opponents' piles"
"""The seed's words a refused bonus quotes (:func:`history_size_problem`): 002 §Winning a Round, "When
Roshambo is played, the winner also reveals the top three cards from each of her opponents' piles, and
collects them as well." """


def round_sizes(history: tuple[Round, ...], max_hand: tuple[int, ...] | list[int],
                totals: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Per listed round, in order: each player's cards (hand, pile and the card she plays) and maximum
    hand size as it began, read back from ``totals`` (each player's hand, pile and card in the centre
    now) and ``max_hand`` (now) through the rounds since. Only a round's collection changes them (002
    §Winning a Round: the winner takes the three centre cards and the bonus, each loser loses her card
    and her bonus; §Rounds of Play: a lying leader who did not win loses one maximum hand size); the
    top-up moves cards from a pile to its hand. As a round begins, after the top-up, a player holds
    ``min(maximum, cards)`` in hand and the rest in her pile (:func:`top_up`: her hand is never above
    her maximum before it), so the sizes of every round listed follow from the position's, whether the
    rounds listed are the whole game or its last rounds (older rounds may be left out)."""
    cards, maxima = list(totals), list(max_hand)
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for r in reversed(history):
        taken = sum(len(b) for b in r.bonus)
        for p in range(PLAYERS):
            cards[p] += -(2 + taken) if p == r.winner else 1 + len(r.bonus[p])
        if r.winner != r.leader and is_lie(r.cards[r.leader], r.declared):
            maxima[r.leader] += 1
        out.append((tuple(cards), tuple(maxima)))
    out.reverse()
    return out


def _counted(now: int, centre: bool, then: int) -> str:
    """How :func:`history_size_problem` counts a player's cards as a round began."""
    return f"her {now} cards now, {'hand, pile and centre' if centre else 'hand and pile'}, and the rounds since give {then}"


def history_size_problem(history: tuple[Round, ...], rules: Rules, max_hand: tuple[int, ...] | list[int],
                         totals: list[int], *, centre: list[bool]) -> str | None:
    """The rounds listed against the sizes now (:func:`round_sizes`, from sizes only, so a view's counts
    are checked as a full position's cards are): a maximum hand size the rounds' lying penalties lower
    from above the rules' ``max_hand`` (002 §Rounds of Play: "then her maximum hand size is reduced by
    one"), and a Roshambo loser whose bonus is not the top three cards of her pile as the round began,
    or all of it when it held fewer (002 §Winning a Round: "the winner also reveals the top three cards
    from each of her opponents' piles"; a short pile gives what it has, RULES-NOTES §3), or, where her
    pile then held cards the rounds put under it, not those cards in order (:func:`_round_pile_problem`).
    ``None`` when the rounds fit, else the problem in one line naming the field. ``totals``: each
    player's hand, pile and (``centre``) card in the centre now.

    A player's cards as a round began come to one or more whenever the cards fit the rounds: the cards
    the rounds since put under her pile and did not reveal again are hers now (:func:`_check_history`),
    and the card she played in it was hers before any of them; so a round begun with none is refused
    by where the cards lie (a view's worlds), not here, and its bonus is not read."""
    if not history:
        return None
    sizes = round_sizes(history, max_hand, totals)
    first = sizes[0][1]
    for p in range(PLAYERS):
        if first[p] > rules.max_hand:
            lies = [i for i, r in enumerate(history)
                    if r.leader == p and r.winner != p and is_lie(r.cards[p], r.declared)]
            named = ", ".join(f"rounds[{i}]" for i in lies)
            return (f"max_hand[{p}]: {max_hand[p]}, but player {p} lied and lost leading {named}, each lie lowering it by one, "
                    f"so it was {first[p]} before, above the rules' max_hand {rules.max_hand} (002 §Rounds of Play: "
                    "\"then her maximum hand size is reduced by one\")")
    for i in range(len(history) - 1, -1, -1):
        r, (cards, maxima) = history[i], sizes[i]
        if round_winner(r.cards, r.binary) is not None:
            continue
        for p in range(PLAYERS):
            hand = min(maxima[p], cards[p])
            if p != r.winner and cards[p] > 0 and len(r.bonus[p]) != min(3, cards[p] - hand):
                return (f"rounds[{i}].bonus[{p}]: {plural(len(r.bonus[p]), 'card')}, but player {p}'s pile held "
                        f"{cards[p] - hand} then ({_counted(totals[p], centre[p], cards[p])}, {hand} in hand), so the winner "
                        f"took {min(3, cards[p] - hand)} (002 §Winning a Round: \"{_BONUS_WORDS}\")")
    return _round_pile_problem(history, rules, sizes)


def _round_pile_problem(history: tuple[Round, ...], rules: Rules,
                        sizes: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> str | None:
    """Each listed Roshambo round against the losers' piles as it began (:func:`pile_bottoms`' reasoning
    at every round, with the sizes of :func:`round_sizes`): a pile collects at the bottom and loses
    cards only from the top, so as a round began a pile of ``n`` cards ended with the last ``n`` of the
    cards the rounds before put under it (all of them if fewer), and a loser's bonus is her pile's top
    three cards: where the pile's top was such cards, the bonus is those, in order (002 §Winning a
    Round: "the winner also reveals the top three cards from each of her opponents' piles")."""
    put: list[list[Card]] = [[], [], []]
    for i, r in enumerate(history):
        cards, maxima = sizes[i]
        roshambo = round_winner(r.cards, r.binary) is None
        for p in range(PLAYERS):
            if cards[p] < 1 or not roshambo or p == r.winner:
                continue  # (no bonus; a round begun with no card is refused by where the cards lie)
            pile = cards[p] - min(maxima[p], cards[p])
            tail = put[p][len(put[p]) - min(pile, len(put[p])):]
            said = (f"player {p}'s pile held {pile} as that round began, so it ended with the last {len(tail)} cards the "
                    f"rounds put under it")
            top = [None] * (pile - len(tail)) + list(tail)
            want = top[:len(r.bonus[p])]
            if any(w is not None and w != c for w, c in zip(want, r.bonus[p])):
                shown = " ".join("?" if w is None else w.ascii for w in want)
                above = " (?: a card above those)" if None in want else ""
                return (f"rounds[{i}].bonus[{p}]: {_ascii_run(r.bonus[p])}, but {said}, its top {shown}{above} (002 "
                        f"§Winning a Round: \"{_BONUS_WORDS}\")")
        for q in range(PLAYERS):
            if q == r.winner:
                put[q] += [r.cards[k] for k in centre_order(r.leader, q, rules)]
                put[q] += [c for k in (1, 2) for c in r.bonus[(q + k) % PLAYERS]]
    return None


def _ascii_run(cards: Any) -> str:
    """Cards as a refusal lists them: ``JR 5S JS``."""
    return " ".join(c.ascii for c in cards)


def _state_size_problem(state: State) -> str | None:
    """:func:`history_size_problem` on a position's sizes."""
    played = [c is not None for c in state.centre]
    totals = [len(state.hands[p]) + len(state.piles[p]) + played[p] for p in range(PLAYERS)]
    return history_size_problem(state.history, state.rules, state.max_hand, totals, centre=played)


def _left_pile(history: tuple[Round, ...], p: int, rules: Rules, reveals: dict[Card, list[int]],
               out_now: dict[Card, str]) -> tuple[int, str] | None:
    """Of the cards the rounds put under ``p``'s pile (:func:`collected`), the last one known to have
    left it: revealed again by a later round (``reveals``: the rounds that reveal each card, in
    order), or (put there last) in her hand or her card in the centre now (``out_now``: where each
    card of the hands and centre is; a card of hers in another player's hand is no position, which
    the reader and a view's bottom say). How many cards went under her pile up to that one, and the
    words saying why it left; ``None`` if none is known to have left."""
    out = None
    n = 0
    for i, r in enumerate(history):
        if r.winner != p:
            continue
        put = [r.cards[q] for q in centre_order(r.leader, p, rules)] + \
            [c for k in (1, 2) for c in r.bonus[(p + k) % PLAYERS]]
        for c in put:
            n += 1
            again = next((j for j in reveals[c] if j > i), None)
            if again is not None:
                out = (n, f"{c.ascii} went under it in rounds[{i}] and was revealed again in rounds[{again}]")
            elif out_now.get(c) in (f"hands[{p}]", f"centre[{p}]"):
                out = (n, f"{c.ascii} went under it in rounds[{i}] and is in {out_now[c]} now")
    return out


def shown_cards(state: State) -> set[Card]:
    """Every card revealed so far (the rounds' cards and Roshambo bonuses): public, and where each
    now lies follows from the public history."""
    out: set[Card] = set()
    for r in state.history:
        out.update(r.cards)
        for b in r.bonus:
            out.update(b)
    return out


def _ordered(cards: Any) -> list[Card]:
    return sorted(cards)


def _ascii(card: Card) -> str:
    """How this game writes a card for people too: ``10R``, ``JoS`` (the position file's text)."""
    return card.ascii


def _seq(items: list[Any]) -> tuple[Any, Any, Any]:
    return (items[0], items[1], items[2])


# --- rule functions, in the order of the seed text --------------------------------------------------

def top_up(hands: list[frozenset[Card]], piles: list[tuple[Card, ...]], max_hand: tuple[int, ...]) -> None:
    """002 §Rounds of Play: "At the beginning of a round, each player with fewer cards in hand than
    her maximum hand sizes draws cards from her pile to reach her maximum hand size." RECONSTRUCTION
    ``short_piles`` (RULES-NOTES §3): a short pile gives what it has."""
    for p in range(PLAYERS):
        need = max(0, max_hand[p] - len(hands[p]))
        take = piles[p][:need]
        hands[p] = hands[p] | frozenset(take)
        piles[p] = piles[p][len(take):]


_TOP_UP_QUOTE = ("At the beginning of a round, each player with fewer cards in hand than her maximum hand sizes draws "
                 "cards from her pile to reach her maximum hand size.")
_TOP_UP_WORDS = _TOP_UP_QUOTE.removeprefix("At the beginning of a round, ").removesuffix(".")
"""The seed sentence as a refused hand quotes it (:func:`hand_size_problem`)."""


def hand_size_problem(phase: str, max_hand: tuple[int, ...], hands: list[int], piles: list[int],
                      played: list[bool], last: Round | None) -> str | None:
    """The hand sizes the round's top-up can give (:func:`top_up`; 002 §Rounds of Play: "At the
    beginning of a round, each player with fewer cards in hand than her maximum hand sizes draws
    cards from her pile to reach her maximum hand size."), from sizes only (``hands``, ``piles``: each
    player's hand and pile size, ``played``: whether her card of this round is in the centre), so a
    view's counts are checked as a full position's cards are; ``None`` when they fit, else the
    problem in one line naming ``hands[p]``.

    During a round (phases flip, lead, follow, roshambo) a player's hand plus her card in the centre
    is her maximum hand size, or fewer only when her pile ran out (then her pile is still empty: a
    pile changes only when the round is collected). Once a round's collection ends the game (phases
    tie and over; ``last``, the last listed round, is that round), each hand is what the round began
    with less the card played, against the maximum before the round's lying penalty (the leader's
    one more if she lied and lost); a pile that ran out then holds only what the round gave it (the
    winner: the round's cards and bonus; the others: nothing). Phase start has empty hands
    (:func:`_check_phase`); tie and over without a listed round are not checked."""
    checked = phase in (FLIP, LEAD, FOLLOW, ROSHAMBO) or (phase in (TIE, OVER) and last is not None)
    if not checked:
        return None
    for p in range(PLAYERS):
        m, cards = max_hand[p], plural(hands[p], "card")
        if phase in (TIE, OVER):
            assert last is not None
            if p == last.leader and is_lie(last.cards[p], last.declared) and last.winner != p:
                m += 1  # her maximum before the round's lying penalty
            gained = 3 + sum(len(b) for b in last.bonus) if p == last.winner else 0
            held, before = hands[p] + 1, piles[p] + len(last.bonus[p]) - gained
            holds = f"holds {cards} in phase {phase}, {held} with her card of the last round"
        else:
            held, before = hands[p] + played[p], piles[p]
            holds = f"holds {cards}" + (f" and a card in the centre ({held})" if played[p] else "") + f" in phase {phase}"
        if held == m or (held < m and before == 0):
            continue
        if held > m:
            why = f"more than her maximum hand size {m}"
        else:
            when = " when it began" if phase in (TIE, OVER) else ""
            why = f"fewer than her maximum hand size {m}, with {plural(before, 'card')} in her pile{when}"
        return f"hands[{p}]: player {p} {holds}, {why} (002 §Rounds of Play: \"{_TOP_UP_WORDS}\")"
    return None


def is_lie(card: Card, declared: str) -> bool:
    """002: "declares its suit aloud, or lies about what suit it is". A Joker's suit is its own
    (RULES-NOTES §3), so declaring another suit with it is a lie."""
    return card.suit != declared


def strength(card: Card, binary: str) -> int:
    """How good a card is within its suit. 002 §Winning a Round: "the highest ranked wins when the
    binary card is UP. The lowest ranked wins when the binary card is DOWN. (Rank One is lowest, and
    Ace is highest.)"; §Jokers: "each Joker is always the best rank for its respective suit,
    regardless of whether the binary card is UP or DOWN"."""
    if card.rank == PILATCH_JOKER:
        return 100
    return card.rank if binary == UP else 16 - card.rank


@dataclass(frozen=True)
class RoundDecision:
    """What decides a revealed round (:func:`decide_round`): the words of ``why`` and of the round's
    result line are made from it, so they say what decided the result."""

    winner: int | None
    """The winning seat (``None``: all three suits, Roshambo decides)."""
    superior: str | None
    """The suit that wins (``None``: three suits)."""
    inferior: str | None
    """With two suits, the suit beaten (:data:`BEATS`, the deck's suit cycle); else ``None``."""
    contenders: tuple[int, ...]
    """The seats holding the superior suit."""
    by: str
    """What picked the winner among the contenders: ``roshambo`` (three suits), ``suit`` (the only
    card of the superior suit), ``joker`` (the superior suit's Joker: 002 §Jokers) or ``rank``
    (the highest under UP, the lowest under DOWN)."""


def decide_round(cards: tuple[Card, ...], binary: str) -> RoundDecision:
    """:func:`round_winner`, with what decided it."""
    suits = {c.suit for c in cards}
    if len(suits) == 3:
        return RoundDecision(None, None, None, (), "roshambo")
    inferior = None
    if len(suits) == 1:
        best_suit = cards[0].suit
    else:
        a, b = sorted(suits)
        best_suit, inferior = (a, b) if BEATS[a] == b else (b, a)
    contenders = tuple(i for i, c in enumerate(cards) if c.suit == best_suit)
    winner = max(contenders, key=lambda i: strength(cards[i], binary))
    by = "suit" if len(contenders) == 1 else "joker" if cards[winner].rank == PILATCH_JOKER else "rank"
    return RoundDecision(winner, best_suit, inferior, contenders, by)


def round_winner(cards: tuple[Card, ...], binary: str) -> int | None:
    """The seat whose card wins (``cards`` by seat), or ``None`` when all three suits are present
    (Roshambo decides). 002 §Winning a Round:

    * "If all cards are the same suit, the highest ranked wins when the binary card is UP. The
      lowest ranked wins when the binary card is DOWN."
    * "If two suits are present, a card of the superior suit will win. With multiple cards of the
      superior suit present, the highest ranked of the superior suit wins when the binary card is
      UP. Similarly, the lowest ranked of the superior suit wins when the binary card is DOWN."
    * "If all three suits are present, each player plays single-elimination Roshambo to determine
      the winner."

    Which suit is superior is not in 002: :data:`BEATS` (the Pilatch deck's description,
    :data:`OUTSIDE_FACTS`). Two cards of a suit never tie: the deck has one card of each rank per
    suit."""
    return decide_round(cards, binary).winner


def has_lost(state: State, p: int) -> bool:
    """002 §Losing the Game: "You lose when you have no cards in your pile and no cards in hand."
    "If your maximum hand size is reduced to zero, you also lose." """
    return (not state.hands[p] and not state.piles[p]) or state.max_hand[p] <= 0


def card_count(state: State, p: int) -> int:
    """002 §Losing the Game: "each other player totals the number of cards in her hand and her
    pile"."""
    return len(state.hands[p]) + len(state.piles[p])


def follower_order(leader: int) -> tuple[int, int]:
    """RECONSTRUCTION ``follower_order``: "the other players each put one card face down" names no
    order; the followers play in seat order after the leader. Neither sees the other's card, so
    the order changes nothing but the tree's shape."""
    return ((leader + 1) % PLAYERS, (leader + 2) % PLAYERS)


def collect(state: State, winner: int, roshambo: bool) -> State:
    """002 §Winning a Round: "The winner of the round collects the cards in the center to put on
    the bottom of her pile. When Roshambo is played, the winner also reveals the top three cards
    from each of her opponents' piles, and collects them as well." Then the lying penalty, the
    streak, the end of the game or the next round.

    RECONSTRUCTION (option ``collect_order``; the order at the bottom of the pile is not given): the
    centre cards go under the pile in seat order from the leader (or from the winner), then each
    opponent's bonus in seat order from the winner, each in its pile order. A short pile gives
    what it has (RULES-NOTES §3)."""
    leader = state.leader
    cards = tuple(state.centre[q] for q in centre_order(leader, winner, state.rules))
    assert all(c is not None for c in cards)
    piles = list(state.piles)
    hands = list(state.hands)
    bonus: list[tuple[Card, ...]] = [(), (), ()]
    gained: list[Card] = [c for c in cards if c is not None]
    if roshambo:
        for i in (1, 2):
            o = (winner + i) % PLAYERS
            bonus[o] = piles[o][:3]
            piles[o] = piles[o][3:]
            gained += bonus[o]
    piles[winner] = piles[winner] + tuple(gained)
    lead_card = state.centre[leader]
    assert lead_card is not None and state.declared is not None
    max_hand = list(state.max_hand)
    # 002: "If the player who went first lied about her card's suit, and did not win that round,
    # then her maximum hand size is reduced by one."
    if is_lie(lead_card, state.declared) and winner != leader:
        max_hand[leader] -= 1
    # 002: "If the player who went first won her third round in a row, she wins the game!" The
    # winner leads next, so the streak belongs to the round's winner.
    streak = state.streak + 1 if winner == leader else 1
    by_seat = state.centre
    record = Round(leader, state.binary, state.declared, (by_seat[0], by_seat[1], by_seat[2]),  # type: ignore[arg-type]
                   winner, _seq(bonus))
    after = replace(state, hands=_seq(hands), piles=_seq(piles), max_hand=_seq(max_hand), streak=streak,
                    declared=None, centre=(None, None, None), contest=(), history=(*state.history, record),
                    leader=winner)
    return end_of_round(after, winner)


def end_of_round(state: State, winner: int) -> State:
    """002: "If the player who went first won her third round in a row, she wins the game!
    Otherwise, if no player lost the game, begin another round. The winner of the round goes first
    in the next round." RECONSTRUCTION ``loss_check`` (RULES-NOTES §3): a loss is checked after the
    collection and the penalty; if two players lose at once, the third wins."""
    if state.streak >= state.rules.streak_to_win:
        return replace(state, phase=OVER, winner=winner, reason=f"won {state.streak} rounds in a row")
    lost = tuple(has_lost(state, p) for p in range(PLAYERS))
    if any(lost):
        return final_count(replace(state, lost=_seq(list(lost))))
    hands, piles = list(state.hands), list(state.piles)
    top_up(hands, piles, state.max_hand)
    return replace(state, phase=FLIP, hands=_seq(hands), piles=_seq(piles))


def final_count(state: State) -> State:
    """002 §Losing the Game: "When a player loses, each other player totals the number of cards in
    her hand and her pile, and whoever has more cards wins the game. In the case of a tie, Roshambo
    for it!" """
    others = [p for p in range(PLAYERS) if not state.lost[p]]
    if len(others) == 1:
        return replace(state, phase=OVER, winner=others[0], reason="the other two players lost")
    counts = {p: card_count(state, p) for p in others}
    best = max(counts.values())
    top = tuple(p for p in others if counts[p] == best)
    loser = next(p for p in range(PLAYERS) if state.lost[p])
    if len(top) == 1:
        return replace(state, phase=OVER, winner=top[0],
                       reason=f"player {loser} lost; most cards ({best})")
    return replace(state, phase=TIE, contest=top)


_LEAD_QUOTE = ("She chooses a card from her hand and places it face-down in the center, then declares its suit aloud, "
               "or lies about what suit it is.")
_FOLLOW_QUOTE = "Then the other players each put one card face-down in the center as well."


def lead_reasons(state: State, card: Card) -> list[Reason]:
    """002 §Rounds of Play: "She chooses a card from her hand and places it face-down in the
    center, then declares its suit aloud, or lies about what suit it is." (any of the three suits)"""
    if card not in state.hands[state.leader]:
        return [reason("hand", f"the leader (player {state.leader}) does not hold {card.ascii}", "Rounds of Play",
                       _LEAD_QUOTE)]
    return []


def follow_reasons(state: State, player: int, card: Card) -> list[Reason]:
    """002 §Rounds of Play: "Then the other players each put one card face-down in the center as
    well." RECONSTRUCTION (listed: ``follower_order``): in seat order after the leader."""
    if card not in state.hands[player]:
        return [reason("hand", f"player {player} (to follow) does not hold {card.ascii}", "Rounds of Play",
                       _FOLLOW_QUOTE)]
    return []


def roshambo_reasons(state: State, player: int) -> list[Reason]:
    """Only a player in the pending Roshambo can win it (002 §Winning a Round: "each player plays
    single-elimination Roshambo"; §Losing the Game: "In the case of a tie, Roshambo for it!")."""
    if player not in state.contest:
        if state.phase == TIE:  # the final count's tie, not a round's Roshambo
            section, quote = "Losing the Game", "In the case of a tie, Roshambo for it!"
        else:
            section, quote = "Winning a Round", "each player plays single-elimination Roshambo to determine the winner"
        return [reason("roshambo", f"player {player} is not in this Roshambo (between {list(state.contest)})",
                       section, quote)]
    return []


_WIN_QUOTES = {1: "If all cards are the same suit, the highest ranked wins when the binary card is UP. The lowest "
                  "ranked wins when the binary card is DOWN.",
               2: "If two suits are present, a card of the superior suit will win.",
               3: "If all three suits are present, each player plays single-elimination Roshambo to determine the "
                  "winner."}


def _suit_name(suit: str) -> str:
    return SUIT_NAMES[suit].capitalize()


_JOKER_QUOTE = ("The Jokers are suit-aligned, and each Joker is always the best rank for its respective suit, "
                "regardless of whether the binary card is UP or DOWN.")
_SEVERAL_QUOTE = ("With multiple cards of the superior suit present, the highest ranked of the superior suit wins when "
                  "the binary card is UP. Similarly, the lowest ranked of the superior suit wins when the binary card "
                  "is DOWN.")


def decision_reasons(cards: tuple[Card, ...], binary: str, *, hidden: bool = False) -> list[Reason]:
    """What decided the round of ``cards`` (by seat) under ``binary``, in the words of
    :func:`decide_round`: the suits (002 §Winning a Round; which suit is superior is the Pilatch
    deck's suit cycle, :data:`OUTSIDE_FACTS`, cited as such), then, where several cards of the
    winning suit are down, what picked one of them: the Joker (002 §Jokers) or the rank under the
    binary card. The last reason names the winner (or that Roshambo decides)."""
    d = decide_round(cards, binary)
    shown = " ".join(c.ascii for c in cards)
    if d.winner is None:
        return [reason("round_winner", f"revealed {shown}: all three suits, so Roshambo decides the round",
                       "Winning a Round", _WIN_QUOTES[3], hidden=hidden)]
    assert d.superior is not None
    won = f"player {d.winner} wins the round"
    best = cards[d.winner]
    suit = _suit_name(d.superior)
    side = "highest" if binary == UP else "lowest"
    joker = reason("strength", f"{best.ascii} is the {suit} Joker, always the best {suit} whether the binary card "
                   f"is UP or DOWN (here {binary.upper()}): {won}", "Jokers", _JOKER_QUOTE, hidden=hidden)
    if d.inferior is None:  # one suit
        if d.by == "joker":
            return [reason("round_winner", f"revealed {shown}: one suit ({suit})", "Winning a Round", _WIN_QUOTES[1],
                           hidden=hidden), joker]
        return [reason("round_winner", f"revealed {shown}: one suit, binary {binary.upper()}: the {side} "
                       f"({best.ascii}) wins: {won}", "Winning a Round", _WIN_QUOTES[1], hidden=hidden)]
    beats = f"revealed {shown}: {suit} beats {_suit_name(d.inferior)} (the Pilatch deck's suit cycle)"
    if d.by == "suit":
        return [reason("round_winner", f"{beats}; {best.ascii} is the only {suit}: {won}", "Winning a Round",
                       _WIN_QUOTES[2], hidden=hidden, outside=SUIT_CYCLE)]
    first = reason("round_winner", beats, "Winning a Round", _WIN_QUOTES[2], hidden=hidden, outside=SUIT_CYCLE)
    if d.by == "joker":
        return [first, joker]
    return [first, reason("strength", f"binary {binary.upper()}: the {side} {suit} ({best.ascii}) wins: {won}",
                          "Winning a Round", _SEVERAL_QUOTE, hidden=hidden)]


def decision_words(cards: tuple[Card, ...], binary: str) -> str:
    """:func:`decision_reasons` in one line (the round's result line: ``play``, ``show``)."""
    said = [r.says.removeprefix("revealed ") for r in decision_reasons(cards, binary)]
    return "; ".join(said)


def round_outcome_reasons(state: State, player: int, card: Card) -> list[Reason]:
    """When ``player``'s ``card`` is the round's last card: what the reveal decides
    (:func:`decision_reasons`, 002 §Winning a Round and §Jokers), the lying penalty of
    :func:`collect` (002 §Rounds of Play: "If the player who went first lied about her card's
    suit, and did not win that round, then her maximum hand size is reduced by one.") and,
    where the round ends the game or brings the final count, the rule that does
    (:func:`end_reasons`). Empty before the last card."""
    if state.phase != FOLLOW or any(c is None for p, c in enumerate(state.centre) if p != player):
        return []
    cards = tuple(card if p == player else state.centre[p] for p in range(PLAYERS))
    full: tuple[Card, ...] = cards  # type: ignore[assignment]
    w = round_winner(full, state.binary)
    # the words read the others' face-down cards, which the follower does not see (why on a view keeps them back)
    out = decision_reasons(full, state.binary, hidden=True)
    lead = full[state.leader]
    if state.declared is not None and is_lie(lead, state.declared) and w != state.leader:
        m = state.max_hand[state.leader]
        unless = " unless she wins the Roshambo" if w is None else ""
        out.append(reason("lie_penalty", f"player {state.leader} declared {SUIT_TEXT[state.declared]} with "
                          f"{lead.ascii} and lied: maximum hand size {m} -> {m - 1}{unless}", "Rounds of Play",
                          _LIE_QUOTE, hidden=True))
    if w is not None:
        centre = list(state.centre)
        centre[player] = card
        hands = list(state.hands)
        hands[player] = hands[player] - {card}
        after = collect(replace(state, hands=_seq(hands), centre=_seq(centre)), w, roshambo=False)
        out += end_reasons(after, hidden=True)
    return out


_LIE_QUOTE = ("If the player who went first lied about her card's suit, and did not win that round, then her maximum "
              "hand size is reduced by one.")
_COUNT_QUOTE = ("When a player loses, each other player totals the number of cards in her hand and her pile, and "
                "whoever has more cards wins the game.")


def end_reasons(after: State, *, hidden: bool = False) -> list[Reason]:
    """The rules that end the game (or bring the final count's Roshambo) in ``after``, the state a
    round's collection leaves (:func:`end_of_round`, :func:`final_count`): the streak (002 §Rounds of
    Play), each loss (002 §Losing the Game: no cards, or a maximum hand size of zero), then the
    count of the others, or its tie. Empty while the game goes on."""
    if after.phase == OVER and after.reason.endswith("rounds in a row"):
        return [reason("end_of_round", f"player {after.winner} won {after.streak} rounds in a row and wins the game",
                       "Rounds of Play", "If the player who went first won her third round in a row, she wins the "
                       "game!", "streak_to_win", after.rules, hidden=hidden)]
    if after.phase not in (OVER, TIE) or not any(after.lost):
        return []
    out = []
    for p in range(PLAYERS):
        if not after.lost[p]:
            continue
        if after.max_hand[p] <= 0:
            out.append(reason("has_lost", f"player {p}'s maximum hand size is 0: she loses", "Losing the Game",
                              "If your maximum hand size is reduced to zero, you also lose.", hidden=hidden))
        else:
            out.append(reason("has_lost", f"player {p} has no cards in her pile or hand: she loses", "Losing the Game",
                              "You lose when you have no cards in your pile and no cards in hand.", hidden=hidden))
    others = [p for p in range(PLAYERS) if not after.lost[p]]
    if len(others) == 1:
        out.append(reason("final_count", f"player {others[0]} is the only player who did not lose: she wins the game",
                          "Losing the Game", _COUNT_QUOTE, hidden=hidden))
        return out
    counts = " and ".join(f"player {p} has {plural(card_count(after, p), 'card')}" for p in others)
    if after.phase == TIE:
        out.append(reason("final_count", f"in hand and pile, {counts}, a tie: a Roshambo between players "
                          f"{others[0]} and {others[1]} decides the game", "Losing the Game",
                          "In the case of a tie, Roshambo for it!", hidden=hidden))
    else:
        out.append(reason("final_count", f"in hand and pile, {counts}: player {after.winner} has more and wins the game",
                          "Losing the Game", _COUNT_QUOTE, hidden=hidden))
    return out


def round_result_words(r: Round, max_after: int) -> str:
    """One line on a revealed round (the result line of ``play`` and ``show``): the cards, what
    decided the winner (:func:`decision_words`), a Roshambo's winner and bonus, and a lying leader's
    penalty (``max_after``: her maximum hand size after the round)."""
    said = decision_words(r.cards, r.binary)
    if decide_round(r.cards, r.binary).winner is None:
        bonus = sum(len(b) for b in r.bonus)
        said += f"; player {r.winner} wins the Roshambo and the round, and takes {plural(bonus, 'card')} as the bonus"
    if is_lie(r.cards[r.leader], r.declared) and r.winner != r.leader:
        said += (f"; player {r.leader} lied (declared {_suit_name(r.declared)} with {r.cards[r.leader].ascii}): "
                 f"maximum hand size {max_after + 1} -> {max_after}")
    return said


def tie_result_words(state: State, winner: int) -> str:
    """One line on the final count's tie (phase tie, before its Roshambo) and who won it: who lost, the
    tied players and their count (002 §Losing the Game: "whoever has more cards wins the game. In the
    case of a tie, Roshambo for it!"), then the Roshambo's winner, who wins the game."""
    lost = " and ".join(f"player {p}" for p in range(PLAYERS) if state.lost[p])
    tied = " and ".join(str(p) for p in state.contest)
    count = plural(card_count(state, state.contest[0]), "card")
    return (f"{lost} lost; players {tied} tie at {count} each (hand and pile), so Roshambo decides: player {winner} "
            "wins the Roshambo and the game")


RECONSTRUCTIONS = (
    Reconstruction("follower_order", "The followers play in seat order after the leader.",
                   "Neither follower sees the other's card, so the order changes nothing but the tree's shape.",
                   '002 §Rounds of Play: "Then the other players each put one card face-down in the center"'),
    Reconstruction("first_leader", "A dealt game draws the first leader as a chance node, 1/3 each (that the "
                   "draw is random is from the text; that it is uniform is the reading); a position file names the "
                   "leader.", "\"Randomly\" names no odds, and only the uniform draw favours no seat.",
                   '002 §Setup: "Randomly determine who will go first."'),
    Reconstruction("flip_is_a_move", "Each round the leader chooses to flip the binary card or not (before her "
                   "card); it stays as left.", "\"may flip\" is a choice, and a card that is flipped stays flipped.",
                   '002 §Rounds of Play: "Whoever is going first may flip the binary card."'),
    Reconstruction("declaration", "The declaration is one of the three suits; a Joker's suit is its own, so "
                   "declaring another suit with it is a lie.", "The Jokers are suit-aligned (002 §Jokers).",
                   '002 §Rounds of Play: "declares its suit aloud, or lies about what suit it is"'),
    Reconstruction("no_rank_ties", "The highest (lowest) card of the winning suit is never tied.",
                   "One card of each rank per suit: two cards of one suit never share a rank.",
                   '002 §Winning a Round: "the highest ranked of the superior suit wins"'),
    Reconstruction("short_piles", "Drawing to the maximum and the Roshambo bonus take what is there (fewer than "
                   "three cards from a short pile).", "Nothing else can be drawn or revealed.",
                   '002 §Winning a Round: "reveals the top three cards from each of her opponents\' piles"'),
    Reconstruction("loss_check", "A loss is checked after each round's collection and penalty; if two players "
                   "lose at once the third wins; the final count compares hand + pile of those who did not lose, "
                   "a tie settled by Roshambo (chance).", "The round's cards move before anyone can be out of "
                   "cards; the text's count is of \"each other player\".",
                   '002 §Losing the Game: "When a player loses, each other player totals the number of cards in her '
                   'hand and her pile"'),
    Reconstruction("hidden_information", "A player sees her own hand, every pile's and hand's size, the binary "
                   "card, the declaration and every revealed card; not the other hands nor any pile's order.",
                   "Cards are placed face-down and piles are face-down.",
                   '002 §Setup: "three piles of fifteen face-down cards each"'),
)
"""Readings of 002 where only one is sensible (``foolsolve rules three-fools`` lists them)."""


# --- the spec -------------------------------------------------------------------------------------

class ThreeFoolsSpec(SpecGame[State, Move]):
    """Three Fools, literally."""

    meta = META
    rules_cls = Rules
    reconstructions = RECONSTRUCTIONS
    outside_facts = OUTSIDE_FACTS
    picture_hints: ClassVar[dict[str, Any]] = {"seats": {"contest": "in the Roshambo"}, "seated": ("centre", "rounds")}
    """Pictures (foolsolve.svg) name the players of a pending Roshambo beside their blocks, and who
    played each card of the centre and of a past round (one card a seat, in player order)."""
    field_words: ClassVar[dict[str, str]] = {
        "binary": "the binary card", "streak": "the streak", "max_hand": "player {p}'s maximum hand size",
        "declared": "the declared suit", "contest": "the players in the Roshambo", "rounds": "the rounds played",
        "shown": "the cards shown", "lost": "player {p} lost", "reason": "why the game ended"}

    def picture_captions(self, state: State) -> dict[str, list[str]]:
        """Each past round's lying penalty in words, as ``show`` says it of the last round
        (:func:`round_result_words`): ``player 2 lied (declared Rock with 3P): maximum hand size 4 -> 3``;
        the maximum after each round is the present one plus the penalties of the rounds after it."""
        out: list[str] = []
        later = [0] * PLAYERS
        for r in reversed(state.history):
            said = ""
            if is_lie(r.cards[r.leader], r.declared) and r.winner != r.leader:
                after = state.max_hand[r.leader] + later[r.leader]
                said = (f"player {r.leader} lied (declared {_suit_name(r.declared)} with {r.cards[r.leader].ascii}): "
                        f"maximum hand size {after + 1} -> {after}")
                later[r.leader] += 1
            out.append(said)
        return {"rounds": out[::-1]} if any(out) else {}

    # -- the deal ---------------------------------------------------------------------------------
    def deal(self, rules: Any, players: int, rng: random.Random) -> State:
        """002 §Setup: "Randomly determine who will go first. Shuffle and split the deck into three
        piles of fifteen face-down cards each. Then give one pile to each player. Place a binary card
        in the center. Each player's maximum hand size is four." Who goes first is the chance node
        that follows (RULES-NOTES §3)."""
        if players != PLAYERS:
            raise InputError("players: Three Fools is a game for 3 players")
        assert isinstance(rules, Rules)
        cards = list(PILATCH45)
        rng.shuffle(cards)
        piles = (tuple(cards[:PILE]), tuple(cards[PILE:2 * PILE]), tuple(cards[2 * PILE:]))
        empty: frozenset[Card] = frozenset()
        m = rules.max_hand
        return State(rules, START, -1, (empty, empty, empty), piles, (m, m, m), rules.binary_start)

    # -- the result -------------------------------------------------------------------------------
    def result(self, state: State) -> Result | None:
        """1 to the winner, 0 to the others. (The payoffs always sum to 1, a constant sum; the type
        says general-sum because OpenSpiel needs the sum of a constant-sum game, which the game
        type does not carry.)"""
        if state.phase != OVER or state.winner is None:
            return None
        pay = tuple(Fraction(1) if p == state.winner else Fraction(0) for p in range(PLAYERS))
        return Result(pay, f"player {state.winner} wins", (("winner", state.winner), ("reason", state.reason)))

    def to_move(self, state: State) -> int:
        if state.phase in (START, ROSHAMBO, TIE):
            return CHANCE
        if state.phase == FOLLOW:
            return next(p for p in follower_order(state.leader) if state.centre[p] is None)
        if state.phase == OVER:
            return state.winner if state.winner is not None else 0
        return state.leader

    def num_players(self, state: State) -> int:
        return PLAYERS

    # -- legal moves ------------------------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        """The candidates of the phase that :meth:`why_illegal` finds nothing against."""
        moves: list[Move] = []
        if state.phase == START:
            moves += [FirstLeader(p) for p in range(PLAYERS)]
        elif state.phase == FLIP:
            # 002: "Whoever is going first may flip the binary card."
            moves += [Flip(False), Flip(True)]
        elif state.phase == LEAD:
            # 002: "She chooses a card from her hand and places it face-down in the center, then
            # declares its suit aloud, or lies about what suit it is."
            moves += [Lead(c, s) for c in _ordered(state.hands[state.leader]) for s in PILATCH_SUITS
                      if not lead_reasons(state, c)]
        elif state.phase == FOLLOW:
            # 002: "Then the other players each put one card face-down in the center as well."
            p = self.to_move(state)
            moves += [Follow(c) for c in _ordered(state.hands[p]) if not follow_reasons(state, p, c)]
        elif state.phase in (ROSHAMBO, TIE):
            moves += [RoshamboWin(p) for p in state.contest if not roshambo_reasons(state, p)]
        return sorted(moves, key=self.move_sort_key)

    # -- why a move is (il)legal ------------------------------------------------------------------
    def read_move(self, state: State, text: str) -> Move:
        """The move ``text`` names, legal here or not: ``first 1``, ``flip``, ``keep``,
        ``lead 7R as P``, ``play 7R``, ``roshambo 2`` (any card of the Pilatch deck)."""
        words = text.split()
        if not words:
            raise InputError("move: empty text")
        if not text.isascii():  # no glyph names a Pilatch card, and 'ſ'.upper() is 'S', 'K'.lower() 'k'
            raise InputError(f"move: cannot read {quoted(text)}: a Three Fools move is written in ASCII (lead 7R as P)")
        verb, args = words[0].lower(), words[1:]
        if verb in ("flip", "keep") and not args:
            return Flip(verb == "flip")
        if verb in ("first", "roshambo") and len(args) == 1 and args[0] in ("0", "1", "2"):
            return FirstLeader(int(args[0])) if verb == "first" else RoshamboWin(int(args[0]))
        if verb == "lead" and len(args) == 3 and args[1].lower() == "as":
            return Lead(parse_card(args[0], "move"), parse_suit(args[2], "move"))
        if verb == "play" and len(args) == 1:
            return Follow(parse_card(args[0], "move"))
        raise InputError(f"move: cannot read {quoted(text)} (moves are written: first 0, flip, keep, lead 7R as P, "
                         "play 7R, roshambo 1)")

    def why_illegal(self, state: State, move: Move) -> list[Reason]:
        """Every rule against ``move`` (empty: it is legal): the end of the game, the phase, then
        :func:`lead_reasons`, :func:`follow_reasons` or :func:`roshambo_reasons`. A move of another class or with a bad field
        raises :class:`IllegalMove` (:meth:`check_move`)."""
        self.check_move(move)
        if state.phase == OVER:
            return [reason("end_of_game", f"the game is over: player {state.winner} won ({state.reason})",
                           "Objective", "To win three rounds in a row, or to have the most cards when another "
                           "player loses")]
        wants = {FirstLeader: (START,), Flip: (FLIP,), Lead: (LEAD,), Follow: (FOLLOW,),
                 RoshamboWin: (ROSHAMBO, TIE)}[type(move)]
        if state.phase not in wants:
            now = {START: "the first leader is drawn (chance)",
                   FLIP: f"the leader (player {state.leader}) may flip the binary card first",
                   LEAD: f"the leader (player {state.leader}) leads a card and declares a suit",
                   FOLLOW: f"player {self.to_move(state)} follows with a card",
                   ROSHAMBO: "all three suits show: Roshambo decides the round (chance)",
                   TIE: "the final count is tied: Roshambo decides (chance)"}[state.phase]
            return [reason("phase", f"{now}; {move} is not a move of this step", "Rounds of Play",
                           "Whoever is going first may flip the binary card. ... She chooses a card from her hand")]
        if isinstance(move, Lead):
            return lead_reasons(state, move.card)
        if isinstance(move, Follow):
            return follow_reasons(state, self.to_move(state), move.card)
        if isinstance(move, RoshamboWin):
            return roshambo_reasons(state, move.player)
        return []  # flip or keep; the first leader (any seat)

    def why_legal(self, state: State, move: Move) -> list[Reason]:
        """The rule a legal ``move`` rests on."""
        if isinstance(move, Flip):
            return [reason("flip", "the leader may flip the binary card or leave it", "Rounds of Play",
                           "Whoever is going first may flip the binary card.")]
        if isinstance(move, Lead):
            lie = " (a lie)" if is_lie(move.card, move.declared) else ""
            return [reason("lead_reasons", f"a card from the leader's hand, declared {SUIT_TEXT[move.declared]}{lie}",
                           "Rounds of Play", _LEAD_QUOTE)]
        if isinstance(move, Follow):
            return [reason("follow_reasons", "a card from the follower's hand, face down", "Rounds of Play",
                           _FOLLOW_QUOTE), *round_outcome_reasons(state, self.to_move(state), move.card)]
        odds = self.chance_probability(state, move)
        if isinstance(move, FirstLeader):
            section, quote = "Setup", "Randomly determine who will go first."
        elif state.phase == TIE:  # the final count's tie, not a round's
            section, quote = "Losing the Game", "In the case of a tie, Roshambo for it!"
        else:
            section, quote = "Winning a Round", "each player plays single-elimination Roshambo to determine the winner"
        out = [reason("chance", f"a chance outcome (probability {odds})", section, quote,
                      "roshambo_format" if isinstance(move, RoshamboWin) and state.phase == ROSHAMBO else None,
                      state.rules)]
        if isinstance(move, RoshamboWin) and state.phase == ROSHAMBO:
            out += self.roshambo_round_reasons(state, move.player)
        return out

    def roshambo_round_reasons(self, state: State, winner: int) -> list[Reason]:
        """What a round's Roshambo won by ``winner`` brings (:func:`collect`): the bonus (002 §Winning a
        Round), a lying leader's penalty (002 §Rounds of Play) and the end of the game where it comes
        (:func:`end_reasons`)."""
        out = [reason("collect", f"player {winner} wins the round and takes the top three cards of each other pile "
                      "(what is there)", "Winning a Round", "When Roshambo is played, the winner also reveals the top "
                      "three cards from each of her opponents' piles, and collects them as well.")]
        lead = state.centre[state.leader]
        if lead is not None and state.declared is not None and is_lie(lead, state.declared) and winner != state.leader:
            m = state.max_hand[state.leader]
            out.append(reason("lie_penalty", f"player {state.leader} declared {SUIT_TEXT[state.declared]} with "
                              f"{lead.ascii} and lied: maximum hand size {m} -> {m - 1}", "Rounds of Play", _LIE_QUOTE))
        return out + end_reasons(collect(state, winner, roshambo=True))

    def move_sort_key(self, move: Move) -> Any:
        return move.sort_key()

    def chance_probability(self, state: State, outcome: Move) -> Fraction:
        if state.phase == START and isinstance(outcome, FirstLeader):
            # 002 §Setup: "Randomly determine who will go first." (1/3 each, RULES-NOTES §3)
            return Fraction(1, PLAYERS)
        if state.phase in (ROSHAMBO, TIE) and isinstance(outcome, RoshamboWin):
            return roshambo_odds(state.rules, state.contest, state.leader if state.phase == ROSHAMBO else None)[
                outcome.player]
        raise IllegalMove(f"{outcome} is not a chance outcome here")

    # -- applying a move --------------------------------------------------------------------------
    def apply(self, state: State, move: Move) -> State:
        self.check_move(move)
        reasons = self.why_illegal(state, move)
        if reasons:
            raise IllegalMove(f"move {move} is not legal here: " + "; ".join(r.says for r in reasons))
        if isinstance(move, FirstLeader):
            hands, piles = list(state.hands), list(state.piles)
            top_up(hands, piles, state.max_hand)
            return replace(state, phase=FLIP, leader=move.player, hands=_seq(hands), piles=_seq(piles))
        if isinstance(move, Flip):
            # 002: "It determines whether high or low cards are better."
            binary = (UP if state.binary == DOWN else DOWN) if move.flip else state.binary
            return replace(state, phase=LEAD, binary=binary)
        if isinstance(move, (Lead, Follow)):
            p = self.to_move(state)
            hands = list(state.hands)
            hands[p] = hands[p] - {move.card}
            centre = list(state.centre)
            centre[p] = move.card
            declared = move.declared if isinstance(move, Lead) else state.declared
            after = replace(state, phase=FOLLOW, hands=_seq(hands), centre=_seq(centre), declared=declared)
            if any(c is None for c in centre):
                return after
            # 002: "When each player has done so, all are revealed. Determine who wins the round."
            cards = (centre[0], centre[1], centre[2])
            w = round_winner(cards, state.binary)  # type: ignore[arg-type]
            if w is None:
                return replace(after, phase=ROSHAMBO, contest=(0, 1, 2))
            return collect(after, w, roshambo=False)
        if isinstance(move, RoshamboWin):
            if state.phase == ROSHAMBO:
                return collect(state, move.player, roshambo=True)
            return replace(state, phase=OVER, winner=move.player, contest=(),
                           reason=f"won the Roshambo of a tie at {plural(card_count(state, move.player), 'card')}")
        raise IllegalMove(f"move {move} is not legal here")

    boundary_name = "round"

    def boundary(self, before: State, move: Move, after: State) -> bool:
        """A round ends when its cards are collected (the round is in the history)."""
        return len(after.history) > len(before.history)

    def chance_is_public(self, state: State) -> bool:
        """A Roshambo (a three-suit round's, phase roshambo, with the round's cards revealed, or the
        final count's tie) is the only chance with nothing after it but chance and the end: who is
        in it is public, its odds are the rules', and what follows (the collection, the bonus of
        at most three cards a pile, the lying penalty, the streak, a loss, the final count) reads
        only revealed cards and the hands' and piles' sizes, which every player sees."""
        return state.phase in (ROSHAMBO, TIE)

    def public_move(self, state: State, move: Move, observer: int) -> str:
        """The lead and the follows are face down: another player sees that a card was played and
        the suit declared, not the card (002 §Rounds of Play: "She chooses a card from her hand and
        places it face-down in the center, then declares its suit aloud, or lies about what suit it
        is. Then the other players each put one card face-down in the center as well."), until the
        last card of the round is down: "When each player has done so, all are revealed", so the
        last follower's card is seen as she plays it, and the round's cards in its result
        (:meth:`boundary_note`; at a Roshambo, in the centre). The first leader's draw, the flip of
        the binary card and a Roshambo are seen by all."""
        if isinstance(move, Lead):
            return f"lead a card face down as {SUIT_TEXT[move.declared]}"
        if isinstance(move, Follow) and sum(c is None for c in state.centre) > 1:
            return "play a card face down"
        return str(move)

    def boundary_note(self, before: State, move: Move, after: State) -> str:
        """The round's result (:func:`round_result_words`); the final count's tie, settled by its
        Roshambo (:func:`tie_result_words`), which ends the game and no round."""
        if before.phase == TIE and isinstance(move, RoshamboWin):
            return tie_result_words(before, move.player)
        if not self.boundary(before, move, after):
            return ""
        r = after.history[-1]
        return round_result_words(r, after.max_hand[r.leader])

    # -- views ------------------------------------------------------------------------------------
    def observation(self, state: State, player: int) -> dict[str, Any]:
        """What ``player`` sees: her own hand and own face-down card, every hand's and pile's size,
        the binary card, the declaration, which seats have played, the cards once revealed (this
        round's at a Roshambo, and every past round with its Roshambo bonus), the maximum hand
        sizes and the streak. Not the other hands, not any pile's order or contents, not the
        others' face-down cards."""
        obj = self.state_to_json(state)
        hands = obj.pop("hands")
        piles = obj.pop("piles")
        revealed = state.phase == ROSHAMBO
        obj["centre"] = [c if (c is None or revealed or p == player) else "down"
                         for p, c in enumerate(obj["centre"])]
        obj["player"] = player
        obj["hand"] = hands[player]
        obj["hand_sizes"] = [len(h) for h in hands]
        obj["pile_sizes"] = [len(x) for x in piles]
        return obj

    # -- view files (foolsolve.worlds, docs/views.md) ---------------------------------------------
    view_fields: ClassVar[dict[str, ZoneField]] = {"hands": ZoneField(per_player=True, own_seen=True),
                                                    "piles": ZoneField(per_player=True, ordered=True),
                                                    "centre": ZoneField(per_player=True, own_seen=True)}

    def view_knowledge(self, state: State, player: int) -> dict[tuple[Any, ...], Hidden]:
        """The other hands, the others' face-down cards before the reveal, and every pile (her own
        too: 002 §Setup "face-down") are hidden. A pile is drawn from the top and collects at the
        bottom, so its last cards are the last cards its owner collected, which everyone saw
        revealed (:func:`collected`): those are the pile's known ``bottom``. A revealed card since
        drawn from a pile is known in its drawer's hand (:func:`drawn_revealed`), except while
        that player has a face-down card in the centre (it may be that card: not placed then)."""
        out: dict[tuple[Any, ...], Hidden] = {}
        drawn = drawn_revealed(state)
        bottoms = pile_bottoms(state.history, state.rules, [len(x) for x in state.piles])
        for q in range(PLAYERS):
            if q != player:
                down = state.centre[q] is not None and state.phase != ROSHAMBO
                # a revealed card she drew is in her hand, unless she may have just played it face down
                known = () if down else tuple(sorted(drawn[q] - {state.centre[q]}))
                out[("hands", q)] = Hidden(len(state.hands[q]), known=known)
                if down:
                    out[("centre", q)] = Hidden(1)
            out[("piles", q)] = Hidden(len(state.piles[q]), bottom=tuple(bottoms[q]))
        return out

    def view_cards(self, obj: dict[str, Any]) -> tuple[Any, list[Card], list[tuple[str, Card]]]:
        """The 45 Pilatch cards; seen: hands and piles written out, the centre's face-up cards."""
        seen: list[tuple[str, Card]] = []
        for key in ("hands", "piles"):
            for p, cards in enumerate(obj[key]):
                if isinstance(cards, list):
                    seen += [(f"{key}[{p}]", parse_card(t, f"{key}[{p}]")) for t in cards]
        for p, t in enumerate(obj.get("centre", [])):
            if isinstance(t, str):
                seen.append((f"centre[{p}]", parse_card(t, f"centre[{p}]")))
        return PILATCH45, list(PILATCH45), seen

    def world_json(self, obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """A hidden face-down card is one card, not a list."""
        if "centre" in obj:
            obj["centre"] = [t[0] if isinstance(t, list) and len(t) == 1 else t for t in obj["centre"]]
        return obj

    def view_presample(self, view: Any, rng: random.Random) -> dict[tuple[Any, ...], list[Card]]:
        """The hand and face-down card of each player who has both hidden and drew revealed cards
        back (:func:`_view_drawn`: those cards are among them), drawn first: the set of her hand and
        face-down card is those cards and a uniform sample of the other unseen cards, and her
        face-down card one of that set, uniformly. Every such filling leaves the same cards for the
        other zones, all of whose fillings are worlds, so the world is uniform by construction."""
        drawn = _view_drawn(view.obj)
        taken = set().union(*drawn.values())
        pool = [c for c in view.unseen if c not in taken]
        out: dict[tuple[Any, ...], list[Card]] = {}
        for q, cards in sorted(drawn.items()):
            hand, down = view.zone(("hands", q)), view.zone(("centre", q))
            need = hand.unknown + down.unknown - len(cards) if hand is not None and down is not None else -1
            if need < 0 or hand is None or down is None or hand.hidden.known or not cards <= set(view.unseen):
                return {}  # not a view the rules allow: the world's checks say why
            extra = rng.sample(pool, need) if need <= len(pool) else None
            if extra is None:
                return {}
            pool = [c for c in pool if c not in extra]
            both = [*sorted(cards), *extra]
            rng.shuffle(both)
            out[down.path], out[hand.path] = both[:down.unknown], both[down.unknown:]
        return out

    def view_constrained(self, obj: dict[str, Any]) -> bool:
        """Where a player with a hidden face-down card drew revealed cards back (:func:`_view_drawn`),
        the history checks refuse a world that puts one of them elsewhere; every other assignment
        is a position (the checks read sizes, not cards)."""
        return bool(_view_drawn(obj))

    def view_normalised(self, obj: dict[str, Any]) -> dict[str, Any]:
        """A view file's JSON as read: its sizes checked against the round's top-up
        (:func:`hand_size_problem`, on the counts, once they add up to the deck: refused in one line
        before any world is drawn), against the cards the rounds show have left a pile
        (:func:`pile_size_problem`, with the cards the view places in the hands and centre:
        :func:`_view_out_now`) and against the rounds' bonuses and lying penalties
        (:func:`history_size_problem`), and
        each hidden pile given the ``bottom`` the rounds put there (:func:`_view_bottoms`), where the
        view leaves it out or gives only its last cards: leaving a fact out is never wrong, so a view
        with or without it has the same worlds."""
        public = _view_public(obj)
        if public is None:
            return obj  # a field the world's reading names
        rules, history, hands, piles, played = public
        if sum(hands) + sum(piles) + sum(played) != DECK_SIZE:
            return obj  # counts that do not add up: the view's reading says so first
        totals = [h + x + d for h, x, d in zip(hands, piles, played)]
        try:
            max_hand = tuple(obj.get("max_hand", [rules.max_hand] * PLAYERS))
            problem = hand_size_problem(obj.get("phase", FLIP), max_hand, hands, piles, played,
                                        history[-1] if history else None) \
                or pile_size_problem(history, rules, piles, _view_out_now(obj)) \
                or history_size_problem(history, rules, max_hand, totals, centre=played)
        except (TypeError, ValueError, IndexError):
            problem = None  # the world's reading names the field
        if problem is not None:
            raise PositionError(problem)
        return _view_bottoms(obj, rules, history, piles)

    def view_knowledge_places(self, obj: dict[str, Any]) -> list[tuple[tuple[Any, ...], list[str]]]:
        """The revealed cards a player drew back from her pile (:func:`_drawn_back`, read from the
        rounds and the pile counts), in her hand, where her hand is hidden and her card of the round is
        not face down (else it may be that card: :meth:`view_presample`)."""
        public = _view_public(obj)
        if public is None:
            return []
        rules, history, _, piles, _ = public
        drawn = _drawn_back(history, rules, piles)
        centre = obj.get("centre") or [None] * PLAYERS
        return [(("hands", q), [c.ascii for c in sorted(drawn[q])]) for q in range(PLAYERS)
                if drawn[q] and is_hidden(obj["hands"][q]) and not is_hidden(centre[q])]
    def view_public_check(self, view: Any, obj: dict[str, Any]) -> None:
        """:func:`state_from_json` with ``public``: every check but those that read the cards of the
        hands, piles and face-down cards (where the cards revealed went, the cards the rounds put at
        the bottom of each pile, the cards of a Roshambo in the centre)."""
        state_from_json(obj, public=True)

    # -- positions --------------------------------------------------------------------------------
    def state_to_json(self, state: State) -> dict[str, Any]:
        return {
            "game": META.name,
            "rules": rules_to_json(state.rules, only_changed=True),
            "players": PLAYERS,
            "phase": state.phase,
            "to_move": self.to_move(state),
            "leader": state.leader,
            "binary": state.binary,
            "streak": state.streak,
            "max_hand": list(state.max_hand),
            "hands": [[c.ascii for c in _ordered(h)] for h in state.hands],
            "piles": [[c.ascii for c in pile] for pile in state.piles],
            "declared": None if state.declared is None else SUIT_TEXT[state.declared],
            "centre": [None if c is None else c.ascii for c in state.centre],
            "contest": list(state.contest),
            "rounds": [round_to_json(r) for r in state.history],
            "shown": [c.ascii for c in sorted(shown_cards(state))],
            "lost": list(state.lost),
            "winner": state.winner,
            "reason": state.reason,
        }

    def state_from_json(self, obj: dict[str, Any]) -> State:
        return state_from_json(obj)

    def describe(self, state: State, view: View | None = None) -> str:
        """A few readable lines; with ``view``, as its player sees them (``SpecGame.describe``): the
        other hands, every pile (with its known bottom cards) and the others' cards in the centre face
        down."""
        leader = (f"leader {state.leader} (streak {state.streak})" if state.leader >= 0
                  else "no leader yet (chance draws who leads first)")
        lines = [f"Three Fools, phase {state.phase}; binary card {state.binary.upper()}; {leader}"]
        for p in range(PLAYERS):
            you = " (you)" if is_viewer(view, p) else ""
            pile = view.zone(("piles", p)) if view is not None else None
            known = known_words(pile.hidden, _ascii) if pile is not None else ""
            lines.append(f"player {p}{you}: hand {zone_words(view, ('hands', p), _ordered(state.hands[p]), _ascii)} "
                         f"(max {state.max_hand[p]}); pile {plural(len(state.piles[p]), 'card')}"
                         + (f", {known}" if known else ""))
        if state.history:
            r = state.history[-1]
            lines.append(f"last round: {round_result_words(r, state.max_hand[r.leader])}")
        if state.declared is not None:
            down = [view is not None and view.zone(("centre", p)) is not None for p in range(PLAYERS)]
            lines.append(f"declared {SUIT_TEXT[state.declared]}; centre "
                         + " ".join("??" if hidden else "-" if c is None else c.ascii
                                    for c, hidden in zip(state.centre, down)))
        if state.winner is not None:
            lines.append(f"player {state.winner} wins ({state.reason})")
        return "\n".join(lines)


def round_to_json(r: Round) -> dict[str, Any]:
    """A revealed round as JSON."""
    return {"leader": r.leader, "binary": r.binary, "declared": SUIT_TEXT[r.declared],
            "cards": [c.ascii for c in r.cards], "winner": r.winner,
            "bonus": [[c.ascii for c in b] for b in r.bonus]}


# --- position files ---------------------------------------------------------------------------------

def parse_card(text: Any, where: str) -> Card:
    """A Pilatch card; an unknown one is an :class:`InputError` naming ``where``."""
    if not isinstance(text, str):
        raise InputError(f"{where}: expected a card")
    return PILATCH45.parse(text, what=where)


def parse_suit(text: Any, where: str) -> str:
    """A suit written R, P or S (any case, no space around it, as a card is written); any other
    text is an :class:`InputError` naming the three."""
    if not isinstance(text, str) or not text.isascii() or text.upper() not in SUIT_OF_TEXT:
        raise InputError(f"{where}: {json_shown(text)} is not a suit (R, P or S: Rock, Paper or Scissors)")
    return SUIT_OF_TEXT[text.upper()]


def state_from_json(obj: Any, *, public: bool = False) -> State:
    """Read a position (schema first, then the semantic checks); every error names its field.
    ``public`` (:meth:`ThreeFoolsSpec.view_public_check`, on one filling of a view): without the
    checks that read the cards of the hands, piles and centre (only how many each holds); the state
    returned then is no position to play."""
    validate_schema(obj, SCHEMA)
    rules = rules_from_json(Rules, obj.get("rules"))
    seen: dict[Card, str] = {}

    def cards(texts: list[Any], where: str) -> list[Card]:
        out = []
        for i, t in enumerate(texts):
            c = parse_card(t, f"{where}[{i}]")
            if c in seen:
                raise InputError(f"{where}[{i}]: card {c.ascii} is in two places (also in {seen[c]})")
            seen[c] = f"{where}[{i}]"
            out.append(c)
        return out

    hands = _seq([frozenset(cards(obj["hands"][p], f"hands[{p}]")) for p in range(PLAYERS)])
    piles = _seq([tuple(cards(obj["piles"][p], f"piles[{p}]")) for p in range(PLAYERS)])
    centre_list: list[Card | None] = []
    for p, t in enumerate(obj.get("centre", [None, None, None])):
        centre_list.append(None if t is None else _centre_card(t, p, seen))
    centre = _seq(centre_list)
    if len(seen) != DECK_SIZE:
        raise PositionError(_not_every_card(seen))
    phase = obj.get("phase", FLIP)
    leader = obj.get("leader", -1 if phase == START else 0)
    max_hand = _seq(list(obj.get("max_hand", [rules.max_hand] * PLAYERS)))
    for p in range(PLAYERS):
        if max_hand[p] > rules.max_hand:
            raise PositionError(f"max_hand[{p}]: {max_hand[p]} is above the rules' maximum {rules.max_hand}")
        if len(hands[p]) > max_hand[p]:
            raise PositionError(f"hands[{p}]: {len(hands[p])} cards, over the maximum hand size {max_hand[p]}")
    binary = obj.get("binary", rules.binary_start)
    declared = None if obj.get("declared") is None else parse_suit(obj["declared"], "declared")
    contest = tuple(obj.get("contest", []))
    history = tuple(_round_from_json(r, f"rounds[{i}]") for i, r in enumerate(obj.get("rounds", [])))
    lost = _seq([bool(x) for x in obj.get("lost", [False] * PLAYERS)])
    winner = obj.get("winner")
    streak = obj.get("streak", 0)
    state = State(rules, phase, leader, hands, piles, max_hand, binary, streak, declared, centre, contest,
                  history, lost, winner, obj.get("reason", ""))
    _check_phase(state, public)
    _check_streak_and_reason(state)
    _check_history(state, public)
    _check_binary(state)
    if obj.get("shown") is not None:
        _check_shown(obj["shown"], state)
    if "to_move" in obj and obj["to_move"] != SPEC.to_move(state):
        mover = SPEC.to_move(state)
        who = f"chance ({CHANCE}) is" if mover == CHANCE else f"player {mover} is"
        raise PositionError(f"to_move: {obj['to_move']}, but {who} to move in phase {phase} (leader {leader}); "
                            "to_move may be left out: it follows from the rest")
    return state


def _check_binary(s: State) -> None:
    """In phase ``flip`` the leader has not flipped the binary card yet (002 §Rounds of Play: "Whoever
    is going first may flip the binary card"): it shows the side the last round was played under
    (the last listed round's ``binary``), or in the first round (no round played: ``streak`` 0) the
    rules' ``binary_start``. In the later phases of a round it shows either side (flipped or kept)."""
    if s.phase != FLIP:
        return
    if s.history:
        want, why = s.history[-1].binary, f"the last round (rounds[{len(s.history) - 1}]) was played under it"
    elif s.streak == 0:
        want, why = s.rules.binary_start, "no round has been played (streak 0), and the rules' binary_start is that"
    else:
        return  # the rounds before are not listed: either side
    if s.binary != want:
        raise PositionError(f"binary: {s.binary} in phase flip, before this round's flip, but the card shows {want}: "
                            f"{why}")


def _not_every_card(seen: dict[Card, str]) -> str:
    """The error of a full position that does not list every card of the deck (``seen``: the cards
    it lists): that a full position lists the piles' cards too, which no player sees, the cards
    missing, and that a view file gives only what one player knows."""
    missing = [c.ascii for c in PILATCH45 if c not in seen]
    named = " ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
    return (f"piles: a full position lists all {DECK_SIZE} cards, each pile's too (top first), though no player "
            f"sees them; these hold {len(seen)}, missing {named}. For only what one player knows, write her "
            'view: "view": P, the hands and piles she does not see as {"count": N} (docs/views.md)')


def _check_shown(texts: list[Any], state: State) -> None:
    """``shown`` (written for the reader, derived from ``rounds``), when a file gives it, lists the
    cards the rounds listed reveal, each once, in any order."""
    got = [parse_card(t, f"shown[{i}]") for i, t in enumerate(texts)]
    want = shown_cards(state)
    if len(set(got)) == len(got) and set(got) == want:
        return
    listed = [c.ascii for c in got]
    shown = json_text(listed) if len(listed) <= 8 else json_text(listed[:8])[:-1] + ", ...]"
    if len(set(got)) != len(got):
        raise PositionError(f"shown: {shown} names a card twice")
    says = "none" if not want else " ".join(c.ascii for c in sorted(want))
    raise PositionError(f"shown: {shown}, but the rounds played reveal {says}")


_REASONS = re.compile(r"won ([1-5]) rounds in a row|the other two players lost|player [012] lost; most cards \((\d{1,2})\)"
                      r"|won the Roshambo of a tie at (\d{1,2}) cards")
"""The reasons a game ends, as :meth:`ThreeFoolsSpec.apply` writes them (``reason``)."""


def _check_streak_and_reason(s: State) -> None:
    """The streak is below the rules' ``streak_to_win`` (at it only once the game is over) and agrees
    with the rounds listed; ``reason`` is empty until the game is over, then one of the reasons the
    rules give (:data:`_REASONS`)."""
    need = s.rules.streak_to_win
    if s.streak > need or (s.streak == need and s.phase != OVER):
        raise PositionError(f"streak: {s.streak} rounds in a row; {need} win the game (streak_to_win)")
    if s.phase == START and s.streak:
        raise PositionError("streak: a fresh deal has no streak")
    if s.streak == 0 and any(m != s.rules.max_hand for m in s.max_hand):
        # every round ends with a streak of 1 or more, and only the end of a round lowers a maximum
        # hand size (002 §Winning a Round: "her maximum hand size is reduced by one")
        raise PositionError(f"max_hand: {list(s.max_hand)} with streak 0 (no round played yet), but every player "
                            f"starts at the rules' max_hand {s.rules.max_hand} (002 §Setup)")
    if s.history:
        run = 0
        for r in reversed(s.history):
            if r.winner != r.leader:
                break
            run += 1
        # 002 §Winning a Round: the winner leads next, and her streak goes on only while she wins
        want = 1 if run == 0 else run + 1 if run < len(s.history) else None
        if (want is not None and s.streak != want) or (want is None and s.streak < run):
            expect = want if want is not None else f"at least {run}"
            raise PositionError(f"streak: {s.streak}, but the rounds listed make it {expect}")
    if s.phase != OVER:
        if s.reason:
            raise PositionError(f"reason: only a game that is over has a reason (phase {s.phase})")
        return
    m = _REASONS.fullmatch(s.reason)
    if m is None:
        raise PositionError(f"reason: {json.dumps(s.reason[:40], ensure_ascii=False)} is not a reason the game "
                            "ends for ('won N rounds in a row', 'the other two players lost', 'player P lost; most "
                            "cards (N)', 'won the Roshambo of a tie at N cards')")


def _check_history(s: State, public: bool = False) -> None:
    """The public history (``rounds``) agrees with the cards, by where revealed cards can go
    (002 §Winning a Round): a round's three cards are distinct and its winner is the one its cards
    give (any seat when three suits show, Roshambo); only a Roshambo round has a bonus, at most three
    cards from each loser's pile; the winner leads the next round. A card revealed in a round goes
    under its winner's pile, so until it is revealed again it is in that player's pile, hand or
    face-down card; it can be played again only by that player, or taken as a bonus from her pile.
    Every pile ends with the cards the rounds put under it that its owner has not drawn since, in
    the order they went there (:func:`pile_bottom_problem`), and the sizes fit the rounds' bonuses and
    lying penalties (:func:`history_size_problem`). ``public``: only the checks of the rounds themselves
    and of the sizes (not where their cards lie now)."""
    owner: dict[Card, int] = {}
    for i, r in enumerate(s.history):
        where = f"rounds[{i}]"
        if i and r.leader != s.history[i - 1].winner:
            raise PositionError(f"{where}.leader: player {r.leader}, but player {s.history[i - 1].winner} won the "
                                "round before and leads next")
        if len(set(r.cards)) != 3:
            raise PositionError(f"{where}.cards: a card twice in one round")
        decided = round_winner(r.cards, r.binary)
        if decided is not None and r.winner != decided:
            raise PositionError(f"{where}.winner: player {r.winner}, but the cards give the round to player {decided}")
        gained = list(r.cards)
        for p, b in enumerate(r.bonus):
            if b and (decided is not None or p == r.winner):
                raise PositionError(f"{where}.bonus[{p}]: only the losers of a Roshambo round give a bonus")
            if len(b) > 3:
                raise PositionError(f"{where}.bonus[{p}]: a bonus is at most three cards")
            for c in b:
                if c in gained:
                    raise PositionError(f"{where}.bonus[{p}]: card {c.ascii} twice in one round")
                gained.append(c)
        for p, c in enumerate(r.cards):
            if owner.get(c, p) != p:
                raise PositionError(f"{where}.cards[{p}]: card {c.ascii} went to player {owner[c]}'s pile in an "
                                    f"earlier round; player {p} cannot play it")
        for p, b in enumerate(r.bonus):
            for c in b:
                if owner.get(c, p) != p:
                    raise PositionError(f"{where}.bonus[{p}]: card {c.ascii} went to player {owner[c]}'s pile in an "
                                        f"earlier round, not player {p}'s")
        for c in gained:
            owner[c] = r.winner
    if not s.history:
        return
    last = s.history[-1]
    if s.phase != START and s.leader != last.winner:
        raise PositionError(f"leader: player {s.leader}, but player {last.winner} won the last round and leads")
    if public:  # (the checks below read where the cards lie in the hands, piles and centre)
        problem = _state_size_problem(s)  # (sizes only)
        if problem is not None:
            raise PositionError(problem)
        return
    for c, w in owner.items():
        if c not in s.hands[w] and c not in s.piles[w] and s.centre[w] != c:
            raise PositionError(f"rounds: card {c.ascii} went to player {w}'s pile and was not revealed since, so it "
                                f"is in player {w}'s pile, hand or face-down card")
    problem = pile_bottom_problem(s)
    if problem is not None:
        raise PositionError(problem)


def _centre_card(text: Any, p: int, seen: dict[Card, str]) -> Card:
    where = f"centre[{p}]"
    c = parse_card(text, where)
    if c in seen:
        raise InputError(f"{where}: card {c.ascii} is in two places (also in {seen[c]})")
    seen[c] = where
    return c


def _round_from_json(obj: dict[str, Any], where: str) -> Round:
    cards = tuple(parse_card(t, f"{where}.cards[{i}]") for i, t in enumerate(obj["cards"]))
    bonus = tuple(tuple(parse_card(t, f"{where}.bonus[{p}][{i}]") for i, t in enumerate(b))
                  for p, b in enumerate(obj.get("bonus", [[], [], []])))
    return Round(obj["leader"], obj["binary"], parse_suit(obj["declared"], f"{where}.declared"),
                 (cards[0], cards[1], cards[2]), obj["winner"], (bonus[0], bonus[1], bonus[2]))


def _check_phase(s: State, public: bool = False) -> None:
    """The phase agrees with the rest of the position (``public``: not the centre's cards)."""
    played = [c is not None for c in s.centre]
    if s.phase == START:
        if s.leader != -1 or any(s.hands) or s.history:
            raise PositionError("phase: start is a fresh deal (no leader, empty hands, no history)")
        if any(len(p) != PILE for p in s.piles):
            raise PositionError("piles: a fresh deal has three piles of 15")
        # the deal itself (ThreeFoolsSpec.deal): nothing has changed the binary card or a hand size yet
        if any(m != s.rules.max_hand for m in s.max_hand):
            raise PositionError(f"max_hand: {list(s.max_hand)} in a fresh deal (phase start), but the rules' "
                                f"max_hand is {s.rules.max_hand} (002 §Setup: every player starts at the maximum "
                                "hand size)")
        if s.binary != s.rules.binary_start:
            raise PositionError(f"binary: {s.binary} in a fresh deal (phase start), but the rules' binary_start is "
                                f"{s.rules.binary_start} (the binary card starts as binary_start says)")
        # nothing has happened yet: the later phases' checks below, said for phase start
        if s.winner is not None:
            raise PositionError("winner: only when the game is over")
        if any(s.lost):
            raise PositionError("lost: a lost player ends the game")
        if s.declared is not None:
            raise PositionError("declared: nothing is declared in phase start")
        if s.contest:
            raise PositionError("contest: only in phases roshambo and tie, not start")
        return
    if not 0 <= s.leader < PLAYERS:
        raise PositionError("leader: must be 0, 1 or 2")
    if s.phase in (FLIP, LEAD, TIE, OVER) and any(played):
        raise PositionError(f"centre: no card is in the centre in phase {s.phase}")
    if s.phase in (FLIP, LEAD) and s.declared is not None:
        raise PositionError(f"declared: nothing is declared in phase {s.phase}")
    if s.phase in (FOLLOW, ROSHAMBO) and (s.declared is None or not played[s.leader]):
        raise PositionError(f"declared: the leader has led and declared in phase {s.phase}")
    if s.phase == FOLLOW and all(played):
        raise PositionError("centre: all three cards are down, so the round is revealed (phase roshambo)")
    if s.phase == FOLLOW:
        first, second = follower_order(s.leader)
        if played[second] and not played[first]:
            raise PositionError(f"centre[{first}]: player {first} follows before player {second}")
    if s.phase == ROSHAMBO:
        cards = tuple(s.centre)
        if not all(played) or (not public and round_winner(cards, s.binary) is not None):  # type: ignore[arg-type]
            raise PositionError("centre: phase roshambo needs three cards of three suits")
        if s.contest != (0, 1, 2):
            raise PositionError("contest: a round's Roshambo is between all three players")
    elif s.phase == TIE:
        if len(s.contest) != 2 or sum(s.lost) != 1:
            raise PositionError("contest: a tie is between the two players who did not lose")
    elif s.contest:
        raise PositionError(f"contest: only in phases roshambo and tie, not {s.phase}")
    problem = hand_size_problem(s.phase, s.max_hand, [len(h) for h in s.hands], [len(x) for x in s.piles],
                                played, s.history[-1] if s.history else None)
    if problem is not None:
        raise PositionError(problem)
    if s.phase != OVER and s.winner is not None:
        raise PositionError("winner: only when the game is over")
    if s.phase not in (TIE, OVER) and any(s.lost):
        raise PositionError("lost: a lost player ends the game")
    if s.phase in (FLIP, LEAD, FOLLOW):
        for p in range(PLAYERS):
            if has_lost(s, p) and not played[p]:
                raise PositionError(f"hands[{p}]: player {p} has no cards (or no hand size) and has lost")
    if s.phase == OVER and s.winner is None:
        raise PositionError("winner: a game over names its winner")
SPEC = ThreeFoolsSpec()
"""The spec instance."""


def _view_public(obj: dict[str, Any]) -> tuple[Rules, tuple[Round, ...], list[int], list[int], list[bool]] | None:
    """For a view file's JSON: the rules, the rounds, and each player's hand size, pile size and
    whether her card of this round is in the centre (written out or a hidden ``{"count": 1}``);
    ``None`` where a field does not read (the world's reading names it)."""
    def size(zone: Any) -> int:
        n = zone["count"] if is_hidden(zone) else len(zone)
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(n)
        return n

    try:
        rules = rules_from_json(Rules, obj.get("rules"))
        history = tuple(_round_from_json(r, f"rounds[{i}]") for i, r in enumerate(obj.get("rounds", [])))
        centre = obj.get("centre") or [None] * PLAYERS
        hands = [size(obj["hands"][p]) for p in range(PLAYERS)]
        piles = [size(obj["piles"][p]) for p in range(PLAYERS)]
        played = [centre[p] is not None and (not is_hidden(centre[p]) or centre[p]["count"] > 0)
                  for p in range(PLAYERS)]
    except (InputError, ValueError, KeyError, TypeError, IndexError):
        return None
    return rules, history, hands, piles, played


def _view_bottoms(obj: dict[str, Any], rules: Rules, history: tuple[Round, ...], piles: list[int]) -> dict[str, Any]:
    """``obj`` with each hidden pile's ``bottom`` what the rounds put there (:func:`pile_bottoms`): the
    last cards its owner collected, in the order :func:`collect` puts them, as many as her pile's count
    still holds (a pile is drawn from the top only), where the view gives no bottom or only its last
    cards (a card of them listed as ``known`` in the pile moves to the bottom). A view that places
    one of them elsewhere, or gives a bottom that is no end of them, is refused saying what the
    pile's bottom is."""
    out = obj
    bottoms = pile_bottoms(history, rules, piles)
    for q in range(PLAYERS):
        zone = obj["piles"][q]
        want = bottoms[q]
        if not is_hidden(zone) or not want or len(set(want)) != len(want):
            continue
        try:
            given = [PILATCH45.parse(t) for t in zone.get("bottom", [])]
            known = [PILATCH45.parse(t) for t in zone.get("known", [])]
            top = [PILATCH45.parse(t) for t in zone.get("top", [])]
        except (InputError, TypeError):
            continue  # the view's reading names the card
        if given[len(given) - len(want):] == want or set(top) & set(want) or set(known) & set(given):
            continue  # it gives them already (older rounds' cards may come first), or a card twice: the view's reading
        others = _placed_elsewhere(obj, ("piles", q))
        clash = next((c for c in want if c in others), None)
        if clash is not None or want[len(want) - len(given):] != given:
            said = f"{others[clash]} lists {clash.ascii}" if clash is not None else \
                f"the view gives {' '.join(c.ascii for c in given)}"
            bottom = json.dumps([c.ascii for c in want])
            raise PositionError(f"piles[{q}].bottom: the rounds put {' '.join(c.ascii for c in want)} under player "
                                f"{q}'s pile, in that order, and her {piles[q]} cards still hold them, but {said}; "
                                f"her pile is {{\"count\": {piles[q]}, \"bottom\": {bottom}}}")
        if out is obj:
            out = copy.deepcopy(obj)
        new = {**zone, "bottom": [c.ascii for c in want]}
        rest = [c.ascii for c in known if c not in want]
        if rest:
            new["known"] = rest
        else:
            new.pop("known", None)
        out["piles"][q] = new
    return out


def _view_out_now(obj: dict[str, Any]) -> dict[Card, str]:
    """The cards a view's JSON places in the hands and the centre (written out, or ``known`` in a
    hidden hand), each with where: :func:`pile_size_problem`'s ``out_now`` read once from the view.
    A world adds none that matters: the cards a pile's count says it still holds of those the rounds
    put under it are its known ``bottom`` (:func:`_view_bottoms`), which no world deals elsewhere, and
    the others its owner drew lie above them, so their place leaves the pile room for its count."""
    out: dict[Card, str] = {}
    for key in ("hands", "centre"):
        for p, zone in enumerate(obj.get(key) or []):
            texts = [zone] if isinstance(zone, str) else zone if isinstance(zone, list) else \
                zone.get("known", []) if isinstance(zone, dict) else []
            for t in texts if isinstance(texts, list) else []:
                try:
                    out.setdefault(PILATCH45.parse(t), f"{key}[{p}]")
                except (InputError, TypeError):
                    pass  # the view's reading names it
    return out


def _placed_elsewhere(obj: dict[str, Any], path: tuple[Any, ...]) -> dict[Card, str]:
    """The cards a view's JSON places outside the zone at ``path``: in the hands, piles and centre
    written out, and as ``known``, ``top`` or ``bottom`` of the other hidden zones; each with where."""
    out: dict[Card, str] = {}
    for key in ("hands", "piles", "centre"):
        for p, zone in enumerate(obj.get(key) or []):
            if (key, p) == path:
                continue
            if isinstance(zone, str):
                zone = [zone]
            parts = [(f"{key}[{p}]", zone)] if isinstance(zone, list) else \
                [(f"{key}[{p}].{part}", zone.get(part, [])) for part in ("known", "top", "bottom")] \
                if isinstance(zone, dict) else []
            for where, texts in parts:
                for t in texts if isinstance(texts, list) else []:
                    try:
                        out.setdefault(PILATCH45.parse(t), where)
                    except (InputError, TypeError):
                        pass  # the view's reading names it
    return out


def _view_drawn(obj: dict[str, Any]) -> dict[int, set[Card]]:
    """For a view file's JSON: each player whose hand and face-down card are both hidden, with the
    revealed cards she drew back (:func:`drawn_revealed`; none: left out). Those cards are in her
    hand or her face-down card, which one the view cannot tell, so it lists them in neither."""
    try:
        history = tuple(_round_from_json(r, f"rounds[{i}]") for i, r in enumerate(obj.get("rounds", [])))
        rules = rules_from_json(Rules, obj.get("rules"))
        piles, hands = obj["piles"], obj["hands"]
        centre = obj.get("centre") or [None] * PLAYERS
        sizes = [p["count"] if isinstance(p, dict) else len(p) for p in piles]
        drawn = _drawn_back(history, rules, sizes)
    except (InputError, ValueError, KeyError, TypeError, IndexError):
        return {}
    return {q: drawn[q] for q in range(PLAYERS)
            if drawn[q] and isinstance(hands[q], dict) and isinstance(centre[q], dict)}
