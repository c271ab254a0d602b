"""The one game shape shared by all five games.

A game has two implementations of the same rules:

* a **spec** (:class:`SpecGame`): immutable, hashable states (frozen dataclasses), moves
  as frozen values with a readable ``str``, plain literal code, slow;
* an **engine** (:class:`Engine`): the same game fast (bitmasks, cheap copies, hashing).

Both speak in the spec's *moves* at their boundary (an engine may use integers inside and
converts with :meth:`Engine.move_to_spec`), and both turn states into the same canonical
JSON (``state_to_json``), which is also the position-file format. That is what lets one
conformance harness (:mod:`foolsolve.conformance`), one perft counter, one CLI and one
solver interface serve every game.

Conventions:

* ``legal_moves`` returns moves sorted by :meth:`SpecGame.move_sort_key` (stable and
  documented per game), with no duplicates. An empty list means the state is terminal.
* ``apply`` never mutates its argument; on an illegal move the spec raises
  :class:`IllegalMove`.
* ``result`` is ``None`` until the game is over, then a :class:`Result` whose ``payoffs``
  has one entry per player (two-player games are zero-sum: ``(+1, -1)``, ``(0, 0)``...).
* Chance (a shuffle, Roshambo) is either fixed in the state (the stock order is part of
  a Durak position) or a chance node: ``to_move == CHANCE`` and the legal "moves" are
  the outcomes; :meth:`SpecGame.chance_outcomes` lists them with exact probabilities
  (``Fraction``, summing to 1).
* Every game declares its :class:`GameType` (after OpenSpiel's ``pyspiel.GameType``):
  sequential or simultaneous moves, perfect or imperfect information, how chance enters,
  zero-sum or general-sum payoffs, and the player counts.
* Hidden information is a matter of **views**: :meth:`SpecGame.observation` is what one
  player sees of a state (a JSON object with the hidden cards left out or replaced by
  counts), and :meth:`SpecGame.information_state` the key of that player's information set.
  Face-down and simultaneous plays are *sequential* moves whose views hide them (see
  docs/architecture.md, "Hidden moves"): one tree, so one harness, one perft counter and
  the same solvers serve every game. What a player sees of a *move* is
  :meth:`SpecGame.public_move`: its text with what the views hide replaced by what she may know
  (``play a card face down``), the whole move for its mover (:func:`public_record`).
* :meth:`SpecGame.returns` gives one number per player at the end (``Result.payoffs``).
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from foolsolve.errors import InputError, LimitError, check_arg, option_name, quoted

if TYPE_CHECKING:
    from foolsolve.cards import Deck
    from foolsolve.worlds import Hidden, View, ZoneField

CHANCE = -1
"""``to_move`` of a chance node."""


def seat_of_mover(to_move: int) -> int:
    """The seat an answer from one seat is for when none is named: the player to move, player 0
    at a chance node."""
    return 0 if to_move == CHANCE else to_move


def side_text(spec: Any, state: Any, player: int) -> str:
    """``player 0's team (0, 2)`` where ``player`` has partners (:meth:`SpecGame.side`), else
    ``player 0``: whom a paranoid search or answer sets against the others."""
    side = spec.side(state, player)
    return f"player {player}'s team ({', '.join(map(str, side))})" if len(side) > 1 else f"player {player}"


def check_player(spec: Any, state: Any, player: int, option: str = "--as") -> None:
    """A one-line :class:`InputError` naming ``option`` as the caller calls it
    (:func:`~foolsolve.errors.option_name`) unless ``player`` is a player of ``state`` (a seat named
    by ``--as``, ``--seat``, a viewer)."""
    n = spec.num_players(state)
    if not 0 <= player < n:
        raise InputError(f"{option_name(option)}: player {player} does not exist ({n} players)")

S = TypeVar("S")  # spec state
M = TypeVar("M")  # spec move
E = TypeVar("E")  # engine state
EM = TypeVar("EM")  # engine move


class IllegalMove(InputError):
    """A move the spec rejects in this state; ``number``: its place in the moves given to
    :meth:`SpecGame.play` (1 for the first), where it was one of several."""

    def __init__(self, message: str, number: int | None = None) -> None:
        super().__init__(message)
        self.number = number


@dataclass(frozen=True)
class Reason:
    """One rule of a spec that forbids a move here (from :meth:`SpecGame.why_illegal`), or one
    rule a legal move rests on (from :meth:`SpecGame.why_legal`).

    The spec's own rule function reports it: ``rule`` is that function's name, ``section`` and
    ``quote`` the seed sentence it implements (the seed file is the spec's ``seed_file``),
    ``option`` the rule option the verdict depends on (``None`` for a rule of the text that is
    no option), and ``says`` what the rule says about this position and move, in plain words."""

    rule: str
    says: str
    section: str = ""
    quote: str = ""
    option: str | None = None
    value: Any = None
    """The option's value in force (set by :meth:`SpecGame.why_illegal`'s callers from the state)."""
    hidden: bool = False
    """What ``says`` reads cards the mover cannot see (another player's hand, the stock): true of
    the position, but not to be told from the mover's view (``foolsolve why`` on a view gives such
    reasons as one line without their words or sentences, and says so: :func:`foolsolve.why.kept_back`)."""
    outside: str = ""
    """Where ``says`` applies a fact the text does not give (:class:`foolsolve.rules.OutsideFact`):
    the fact and its source, cited beside the seed sentence (empty: nothing from outside the text)."""
    fixed: bool = False
    """Whether ``option`` is a fixed rule, not an option (``foolsolve rules GAME`` lists it under
    "Fixed rules (not options)"): named as a fixed rule, never as an option, wherever it is printed."""
    reconstruction: str = ""
    """The name of the spec's reconstruction the verdict rests on (a reading of an unclear rule that
    ``foolsolve rules GAME`` lists: :class:`foolsolve.rules.Reconstruction`; empty: none), which
    ``foolsolve why`` names with its reading."""

    def cite(self, seed: str = "") -> str:
        """``001 §transfer: "You cannot transfer ..."`` (seed number, section, quote); nothing for a
        reason said plainly, with neither section nor quote (a bare seed number cites nothing)."""
        where = self._where(seed)
        return f'{where}: "{self.quote}"' if self.quote else where

    def _where(self, seed: str) -> str:
        """``001 §transfer``: the seed's number and the section; nothing for a reason said plainly,
        with neither section nor quote (a bare seed number cites nothing)."""
        if not (self.section or self.quote):
            return ""
        return " ".join(x for x in (seed[:3], f"§{self.section}" if self.section else "") if x)

    def to_json(self, seed: str = "") -> dict[str, Any]:
        """JSON form (the option's value as JSON writes it)."""
        from foolsolve.rules import json_text

        out = {"rule": self.rule, "says": self.says, "seed": seed, "section": self.section, "quote": self.quote,
               "outside": self.outside, "option": self.option,
               "value": None if self.option is None else json.loads(json_text(self.value)),
               "reconstruction": self.reconstruction or None}
        if self.fixed:
            out["fixed"] = True  # "option" names a fixed rule, not an option
        return out

    def option_words(self) -> str:
        """``option transfer_trump_laid = true``, or for a fixed rule ``fixed rule transfer_cap`` (empty:
        no option)."""
        from foolsolve.rules import json_text

        if self.option is None:
            return ""
        return f"fixed rule {self.option}" if self.fixed else f"option {self.option} = {json_text(self.value)}"

    def short(self, seed: str = "") -> str:
        """:meth:`text` without the quote (for one-line errors)."""
        opt = f"; {self.option_words()}" if self.option else ""
        opt += f"; reconstruction {self.reconstruction}" if self.reconstruction else ""
        where = self._where(seed)
        return f"{self.says} [{self.rule}{'; ' + where if where else ''}{opt}]"

    def text(self, seed: str = "") -> str:
        """One line: what the rule says, the rule function, the seed sentence and the option."""
        opt = f"; {self.option_words()}" if self.option else ""
        opt += f"; reconstruction {self.reconstruction}" if self.reconstruction else ""
        cite = self.cite(seed)
        return f"{self.says} [{self.rule}{'; ' + cite if cite else ''}{opt}]"


def players_range(spec: Any) -> str:
    """The number of players a game takes, in words: ``3`` or ``3..7``."""
    lo, hi = spec.min_players, spec.max_players
    return str(lo) if lo == hi else f"{lo}..{hi}"


def draw_chance(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """One outcome of a chance node (``chance_outcomes`` of a spec or an engine), drawn by ``rng``
    with its probability."""
    return rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]


def reason(rule: str, says: str, section: str = "", quote: str = "", option: str | None = None,
           rules: Any = None, *, hidden: bool = False, outside: Any = None, reconstruction: str = "") -> Reason:
    """A :class:`Reason`, with the value of ``option`` read from ``rules`` (``hidden``: see
    :attr:`Reason.hidden`; ``outside``: the :class:`foolsolve.rules.OutsideFact` it applies;
    ``reconstruction``: the name of the spec's reconstruction it rests on)."""
    value = getattr(rules, option) if option is not None and rules is not None else None
    where = "" if outside is None else f"{outside.origin}: {outside.fact}"
    declared = getattr(rules, "__dataclass_fields__", {}).get(option) if option is not None else None
    fixed = bool(declared is not None and declared.metadata.get("foolsolve", {}).get("fixed"))
    return Reason(rule, says, section, quote, option, value, hidden, where, fixed, reconstruction)


MAX_LISTED = 2**16 - 1
"""The most exchanges a move list holds (every set of a 16-card hand; Fools and Angels' attacks and
defences are listed however many): past it the list is refused in one line (:func:`check_listed`);
a :class:`MoveFamily` still counts, samples and tests them, and bots, playouts and searches play on
without the list (:func:`legal_or_family`)."""


class TooManyMoves(LimitError):
    """A move list refused because one family of its moves is longer than :data:`MAX_LISTED`
    (:func:`check_listed`): one line, exit 2, kind ``limit``. Players that do not need the list catch
    it and play on with :meth:`SpecGame.legal_moves_split` (:func:`legal_or_family`). ``what``: the
    moves refused, counted (``1,048,575 exchange moves (every set of a 20-card hand)``)."""

    what = ""


def check_listed(count: int, what: str, instead: str = "") -> None:
    """A one-line :class:`TooManyMoves` (exit 2) where ``count`` moves of one family (``what``:
    ``exchange moves (every set of a 17-card hand)``) are more than :data:`MAX_LISTED`; ``instead``:
    what a user can do instead, said after it."""
    if count > MAX_LISTED:
        error = TooManyMoves(f"{count:,} {what}: more than the {MAX_LISTED:,} this program lists"
                             + (f" ({instead})" if instead else ""))
        error.what = f"{count:,} {what}"
        raise error


MAX_CONSIDERED = 2**8 - 1
"""The most moves of one family that bots, playouts and searches list (every set of an 8-card hand):
past it they take the :class:`MoveFamily` (:func:`legal_or_family`), as they do past
:data:`MAX_LISTED`: the ``random`` bot and random playouts sample it, players that value moves weigh
its bounded :attr:`MoveFamily.candidates` (Fools and Angels' exchanges: at most three a hand card; its
attacks and its defences: a seeded uniform sample of 64), and an answer over them is never reported exact. Listing
more costs those players far more than it costs a command that prints the list once: every move
listed is a move valued (a ``pimc`` root move is searched in every world), and a 16-card hand's
65,535 exchanges take the spec about 0.3 s to list, the engine about 20 ms at every node of a
search. Commands that print or check every legal move (``moves``, ``why``,
``perft``, the spec's :meth:`SpecGame.legal_moves`) list up to :data:`MAX_LISTED`."""


def legal_or_family(game: Any, state: Any, most: int = MAX_CONSIDERED) -> tuple[Sequence[Any], MoveFamily | None]:
    """The legal moves of ``state`` for a player that need not list them all (a bot, a playout, a
    search), from a spec or an engine (``game``): the whole list and ``None`` where no family of moves
    is longer than ``most`` (:data:`MAX_CONSIDERED`; ``foolsolve why`` passes :data:`MAX_LISTED`), as
    :meth:`SpecGame.legal_moves` gives it; else the other moves listed and that :class:`MoveFamily`
    (together exactly the legal moves), the family never listed. Of a family of several kinds
    (:func:`joined_family`: Fools and Angels' exchanges and attacks) only the kinds longer than ``most``
    stay in the family; the others are listed with the other moves, in the spec's move order. No legal
    move at all (an empty list and ``None``): the game is over."""
    listed, family = game.legal_moves_split(state)
    if family is None:
        return listed, family
    if family.count <= most:
        return game.legal_moves(state), None
    long = [f for f in family.kinds() if f.count > most]
    if len(long) == len(family.kinds()):
        return listed, family
    # a family of several kinds (joined_family), some of them short: those listed with the others
    short = [m for f in family.kinds() if f.count <= most for m in f.listing()]
    if isinstance(game, Engine):
        moves = sorted([*listed, *short], key=lambda m: game.move_sort_key(state, m))
    else:
        moves = sorted([*listed, *short], key=game.move_sort_key)
    return moves, long[0] if len(long) == 1 else joined_family(long, lead=sum(f.lead for f in long))


def uniform_move(moves: Sequence[Any], family: MoveFamily | None, rng: random.Random) -> Any:
    """One legal move uniformly at random from :func:`legal_or_family`'s answer: ``rng.choice(moves)``
    without a family (the same draw as before any family), else each of the ``len(moves) +
    family.count`` moves with the same chance (the family's :attr:`MoveFamily.sample` is uniform
    over its members, which no listed move is). One index ``i`` is drawn over the game's list order,
    the family's first :attr:`MoveFamily.lead` members, the listed moves, then its other members, and
    a member's index is read by :meth:`MoveFamily.draw_at` (an engine reads the member the full list
    holds there, so the draw is the one the list would give; else a sample)."""
    if family is None:
        return rng.choice(moves)
    i = rng.randrange(len(moves) + family.count)
    lead = family.lead
    if i < lead:
        return family.draw_at(i, rng)
    i -= lead
    return moves[i] if i < len(moves) else family.draw_at(lead + i - len(moves), rng)


def sampled_members(draw: Callable[[random.Random], Any], count: int, seed: str, most: int) -> list[Any]:
    """A seeded uniform sample without replacement of ``min(most, count)`` members of a family of
    ``count`` moves, drawn by ``draw`` (uniform over the members) from ``random.Random(seed)``, each
    member kept once, in the order first drawn: the :attr:`MoveFamily.candidates` of a family whose
    candidates are a sample (:attr:`MoveFamily.sampled`). A spec and its engine give the same seed
    and draws the same moves, so their samples are the same moves."""
    rng = random.Random(seed)
    out: list[Any] = []
    seen: set[Any] = set()
    while len(out) < min(most, count):
        m = draw(rng)
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out


def search_moves(game: Any, state: Any, split: tuple[Sequence[Any], MoveFamily | None] | None = None) -> list[Any]:
    """The moves a search or a valuing player considers at ``state`` (spec or engine moves, as
    ``game`` is a spec or an engine): every legal move where no family is longer than
    :data:`MAX_CONSIDERED`; else the other legal moves and the family's bounded
    :attr:`MoveFamily.candidates` (Fools and Angels: docs/fools-and-angels.md, "Big hands"), in the
    spec's move order. ``split``: :func:`legal_or_family`'s answer for ``state`` where the caller has
    it (not asked again)."""
    moves, family = legal_or_family(game, state) if split is None else split
    if family is None:
        return list(moves)
    both = [*moves, *family.candidates()]
    if isinstance(game, Engine):  # in the spec's move order, as the full list would be
        return sorted(both, key=lambda m: game.move_sort_key(state, m))
    return sorted(both, key=game.move_sort_key)


def engine_move_key(engine: Any, spec: Any) -> Callable[[Any, Any], Any]:
    """``(state, move) -> key``: the spec's sort key of an engine move, by the engine's own
    :meth:`Engine.move_sort_key` where its class gives one, else of the move converted to ``spec``'s
    (an engine that does not name its spec, such as a test's toy, is sorted by ``spec``)."""
    if type(engine).move_sort_key is not Engine.move_sort_key:
        return engine.move_sort_key
    return lambda state, move: spec.move_sort_key(engine.move_to_spec(state, move))


@dataclass(frozen=True)
class MoveFamily:
    """Legal moves of one kind that a turn may have thousands of (Fools and Angels' Exchange:
    every set of hand cards; its attacks; its defences), or of several such kinds (:func:`joined_family`), given
    without listing them: how many there are, one drawn
    uniformly at random, a membership test and, on demand, the full list. The conformance
    harness compares two families by count and a seeded sample from each side (the full lists
    when they are short), so a turn with thousands of such moves costs a few dozen applies."""

    kind: str
    """What the moves are (``exchange``), for reports."""
    count: int
    sample: Callable[[random.Random], Any]
    """One member, uniformly at random (a spec move for a spec's family, an engine move for an
    engine's)."""
    contains: Callable[[Any], bool]
    """Whether a *spec* move is a member (both sides take spec moves here)."""
    listing: Callable[[], list[Any]]
    """Every member (same kind of move as :attr:`sample`)."""
    candidates: Callable[[], list[Any]] = lambda: []
    """A bounded list of members (same kind of move as :attr:`sample`, at most a few hundred, no
    duplicates) that a player valuing moves (the ``greedy``, ``pimc``, ``ismcts`` and OpenSpiel bots,
    the searches of a world) considers where the family is too long to list; each game states which
    (Fools and Angels: every single card, and the k lowest and the k highest cards of the hand)."""
    read: Callable[[str], Any] = lambda text: None
    """The member a move's text names (a spec's family: any spelling :meth:`SpecGame.parse_move` reads),
    else ``None``: how a person or an external program names a member that is not listed."""
    sampled: bool = False
    """The :attr:`candidates` are a seeded uniform sample of the members (:func:`sampled_members`:
    Fools and Angels' attacks), not members chosen by a rule."""
    lead: int = 0
    """How many of the members come before the listed moves in the game's list order (Fools and Angels'
    attacks, before a turn's draws): where :func:`uniform_move`'s index falls among them."""
    at: Callable[[int, random.Random], Any] | None = None
    """The member at index ``i`` (``0 <= i < count``) of the members in the game's list order, drawing
    from the generator where it needs to (an engine's attacks: read off their counts); ``None``:
    :attr:`sample` (every index alike)."""
    parts: tuple[MoveFamily, ...] = ()
    """The families of one kind each that this one joins (:func:`joined_family`); empty: one kind."""

    def draw_at(self, i: int, rng: random.Random) -> Any:
        """The member :func:`uniform_move` draws at index ``i`` of the members (:attr:`at`, else a sample)."""
        return self.sample(rng) if self.at is None else self.at(i, rng)

    def kinds(self) -> tuple[MoveFamily, ...]:
        """The families of one kind each this one is made of (itself where it is of one kind)."""
        return self.parts or (self,)

    def type_one(self) -> str:
        """What a person choosing a move is told of the family after the listed moves: ``and 131,071
        exchange moves, too many to list: type one (such as exchange 2♣)``."""
        return (f"and {self.count:,} {self.kind} moves, too many to list: type one (such as "
                f"{self.candidates()[0]})")


def joined_family(parts: Sequence[MoveFamily], lead: int = 0) -> MoveFamily:
    """Families of moves of different kinds on one turn (Fools and Angels: its exchanges and its
    attacks) as one :class:`MoveFamily` (one family is all :func:`legal_or_family` gives): counted
    together, sampled uniformly over every member, the members indexed part after part; its
    candidates are each part's whole list where that part is at most :data:`MAX_CONSIDERED` long, else
    the part's candidates. ``lead``: :attr:`MoveFamily.lead`."""
    counts = [f.count for f in parts]
    count = sum(counts)

    def at(i: int, rng: random.Random) -> Any:
        for f, n in zip(parts, counts):
            if i < n:
                return f.draw_at(i, rng)
            i -= n
        raise IndexError(i)

    def read(text: str) -> Any:
        return next((m for m in (f.read(text) for f in parts) if m is not None), None)

    return MoveFamily(" and ".join(f.kind for f in parts), count, lambda rng: at(rng.randrange(count), rng),
                      lambda move: any(f.contains(move) for f in parts),
                      lambda: [m for f in parts for m in f.listing()],
                      lambda: [m for f in parts for m in (f.listing() if f.count <= MAX_CONSIDERED else f.candidates())],
                      read, any(f.sampled for f in parts), lead, at, tuple(parts))


class Dynamics(Enum):
    """How players move (OpenSpiel's ``GameType.Dynamics``)."""

    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"


class ChanceMode(Enum):
    """How chance enters the game tree (OpenSpiel's ``GameType.ChanceMode``).

    ``DETERMINISTIC``: no chance node in the tree; the shuffle happens in :meth:`SpecGame.deal`
    and its outcome (a stock order) is part of the state, hidden by the views where the rules
    hide it. ``EXPLICIT``: some states are chance nodes with listed outcomes and exact
    probabilities."""

    DETERMINISTIC = "deterministic"
    EXPLICIT = "explicit_stochastic"


class Information(Enum):
    """Whether every player sees the whole state (OpenSpiel's ``GameType.Information``)."""

    PERFECT = "perfect_information"
    IMPERFECT = "imperfect_information"


class Utility(Enum):
    """How the payoffs of one game relate (OpenSpiel's ``GameType.Utility``)."""

    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL_SUM = "general_sum"


@dataclass(frozen=True)
class GameType:
    """What kind of game a spec implements, field for field as OpenSpiel's ``pyspiel.GameType``
    (so the OpenSpiel bridge maps one to one), plus plain-words notes on what is hidden and
    where chance enters."""

    short_name: str
    long_name: str
    dynamics: Dynamics
    chance_mode: ChanceMode
    information: Information
    utility: Utility
    min_num_players: int
    max_num_players: int
    hidden: str = ""
    """What the views hide, in plain words (empty for perfect information)."""
    chance: str = ""
    """Where chance enters and how it is modelled, in plain words."""
    provides_observation_string: bool = True
    provides_information_state_string: bool = True

    def to_json(self) -> dict[str, Any]:
        """JSON form (enum values as strings)."""
        return {k: (v.value if isinstance(v, Enum) else v) for k, v in self.__dict__.items()}


@dataclass(frozen=True)
class GameMeta:
    """Everything said about a game before its rules: written once, as ``META`` in the game's spec
    module, and read from there by the spec class (:attr:`SpecGame.meta`), the engine, the
    registry record (:class:`foolsolve.games.base.GameInfo`), the OpenSpiel bridge, the pictures,
    the analysis page, the benchmarks and the tests."""

    name: str
    """Registry name, used in position files and on the command line (``durak``); the spec module
    is named after it (``spec/fools_paradise.py`` for ``fools-paradise``)."""
    title: str
    """Human title (``Durak``)."""
    seed: str
    """The seed text in ``shared/seeds`` the spec is read from."""
    min_players: int
    max_players: int
    dynamics: Dynamics
    chance_mode: ChanceMode
    information: Information
    utility: Utility
    deck: Deck | None = None
    """The :class:`foolsolve.cards.Deck` whose texts name every card of the game's positions (the
    largest the rules allow), or ``None`` for a game without cards."""
    utility_bounds: tuple[float, float] = (-1.0, 1.0)
    """The lowest and highest payoff one player can get, over every player count and rule option
    (:meth:`SpecGame.utility_range` gives them for one count and one set of rules)."""
    aliases: tuple[str, ...] = ()
    """Other names the command line accepts (beyond case, ``_``/``-`` and apostrophes, which never
    matter)."""
    hidden: str = ""
    """What the views hide, in plain words (empty for perfect information)."""
    chance: str = ""
    """Where chance enters and how it is modelled, in plain words."""

    @property
    def names(self) -> tuple[str, ...]:
        """The registry name and every alias."""
        return (self.name, *self.aliases)

    @property
    def game_type(self) -> GameType:
        """The record as a :class:`GameType` (OpenSpiel's fields)."""
        return GameType(
            short_name=self.name.replace("-", "_"), long_name=self.title, dynamics=self.dynamics,
            chance_mode=self.chance_mode, information=self.information, utility=self.utility,
            min_num_players=self.min_players, max_num_players=self.max_players, hidden=self.hidden,
            chance=self.chance)


class _FromMeta:
    """A class attribute of :class:`SpecGame` read from its :attr:`SpecGame.meta`."""

    def __init__(self, key: str) -> None:
        self.key = key

    def __get__(self, obj: Any, owner: type) -> Any:
        meta = getattr(owner, "meta", None)
        if not isinstance(meta, GameMeta):
            raise AttributeError(f"{owner.__name__} declares no meta (a GameMeta)")
        return getattr(meta, self.key)


@dataclass(frozen=True)
class Result:
    """The end of a game: one payoff per player and a readable label."""

    payoffs: tuple[Fraction, ...]
    label: str
    details: tuple[tuple[str, Any], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """JSON form: payoffs as strings of fractions (exact), label, details."""
        return {"payoffs": [str(p) for p in self.payoffs], "label": self.label,
                "details": {k: v for k, v in self.details}}


@dataclass(frozen=True)
class PublicMove:
    """One move of a game as one player saw it (:func:`public_record`): who made it, its text as
    she saw it, and as the transcripts of ``play --json --trace`` mark it, whether it ended a bout
    (trick, turn, round) and what that decided."""

    player: int
    """The mover (:data:`CHANCE`, -1, for a chance outcome)."""
    move: str
    """The move's text as the player saw it (:meth:`SpecGame.public_move`): the whole move where she
    sees it all, else its hidden cards replaced by what she may know (``play a card face down``)."""
    boundary: bool = False
    """Whether it ended a bout, trick, turn or round (:meth:`SpecGame.boundary`)."""
    note: str = ""
    """What the unit it ended decided, seen by every player (:meth:`SpecGame.boundary_note`); empty:
    nothing said."""
    word: str = field(default="round", compare=False)
    """What a boundary ends, in a word (:attr:`SpecGame.boundary_name`: ``bout``, ``trick``)."""

    def to_json(self) -> dict[str, Any]:
        """``{"player", "move", "boundary"}``, and ``"note"`` where there is one: a record of ``play
        --json --trace`` without its position."""
        out: dict[str, Any] = {"player": self.player, "move": self.move, "boundary": self.boundary}
        if self.note:
            out["note"] = self.note
        return out

    def line(self, you: int | None = None) -> str:
        """One line: ``player 1: attack 7♦`` (``chance: roshambo 2``; ``player 0 (you): ...`` where
        ``you`` is the mover), with the mark of a bout's end where it ended one (``-- end of bout
        --``, as the transcripts write it)."""
        who = "chance" if self.player == CHANCE else f"player {self.player}" + (" (you)" if self.player == you else "")
        line = f"{who}: {self.move}"
        if self.boundary or self.note:
            from foolsolve.present import boundary_line

            line += " " + boundary_line(self.word, self.note, self.boundary)
        return line


def public_record(game: Any, before: Any, move: Any, after: Any, observer: int) -> PublicMove:
    """``move``, played at ``before`` (leading to ``after``), as player ``observer`` saw it: its
    whole text for its mover, else :meth:`SpecGame.public_move`; whether it ended a unit of play
    and what that decided, which every player sees (:meth:`SpecGame.boundary`,
    :meth:`SpecGame.boundary_note`). The arena gives every seat the records of every move so far
    (:attr:`foolsolve.bots.Seat.played`)."""
    return public_records(game, before, move, after, (observer,))[0]


def public_records(game: Any, before: Any, move: Any, after: Any, observers: Sequence[int]) -> list[PublicMove]:
    """:func:`public_record` of one move for each of ``observers``, its mark and note found once
    (the records of players who saw the same text are one record: a :class:`PublicMove` is frozen)."""
    mover = game.to_move(before)
    boundary, note = bool(game.boundary(before, move, after)), game.boundary_note(before, move, after)
    word = game.boundary_name or "round"
    made: dict[str, PublicMove] = {}
    out = []
    for observer in observers:
        text = str(move) if observer == mover else game.public_move(before, move, observer)
        if text not in made:
            made[text] = PublicMove(mover, text, boundary, note, word)
        out.append(made[text])
    return out


_MOVE_CLASSES: dict[type, tuple[type, ...]] = {}
""":meth:`SpecGame.move_classes` by spec class."""

_FIELD_CHECKS: dict[type, tuple[tuple[str, Callable[[Any], str]], ...]] = {}
""":func:`move_field_problem`'s checks by move class: each field's name and what is wrong with a value."""


def _field_check(hint: Any, choices: tuple[Any, ...] | None) -> Callable[[Any], str] | None:
    """What is wrong with a value of a move field annotated ``hint`` (empty: nothing), or ``None``
    for an annotation not checked here (the rules then judge the value)."""
    import typing

    from foolsolve.cards import Card

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        choices = tuple(args)
        hint = type(args[0])
    if hint is Card:
        return lambda v: "" if isinstance(v, Card) else "not a card"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        inner = _field_check(args[0], None)
        if inner is None:
            return None
        item = inner

        def check_tuple(v: Any) -> str:
            if not isinstance(v, tuple):
                return f"not a tuple (a {type(v).__name__})"
            for x in v:
                wrong = item(x)
                if wrong:
                    return f"a tuple whose item {x!r} is {wrong}"
            return ""
        return check_tuple
    if hint is bool:
        return lambda v: "" if isinstance(v, bool) else "not a bool (True or False)"
    if hint is int:
        return lambda v: "" if isinstance(v, int) and not isinstance(v, bool) else "not an int"
    if hint is str:
        if choices:
            listed = ", ".join(repr(c) for c in choices)
            return lambda v: "" if isinstance(v, str) and v in choices else f"not one of {listed}"
        return lambda v: "" if isinstance(v, str) else "not a str"
    return None


def move_field_problem(move: Any) -> str:
    """What is wrong with the fields of the dataclass ``move`` (empty: nothing), read off each
    field's annotation: a ``Card``, a tuple of ``Card`` (a tuple, not a list), a ``bool``, an
    ``int`` (not a bool), a ``str`` (one of the class's ``FIELD_CHOICES[name]`` or of a
    ``Literal``'s values where given). Names the field, its value and the problem."""
    import dataclasses
    import sys
    import typing

    cls = type(move)
    checks = _FIELD_CHECKS.get(cls)
    if checks is None:
        found: list[tuple[str, Callable[[Any], str]]] = []
        if dataclasses.is_dataclass(cls):
            hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
            choices: dict[str, tuple[Any, ...]] = getattr(cls, "FIELD_CHOICES", {})
            for f in dataclasses.fields(cls):
                check = _field_check(hints.get(f.name), choices.get(f.name))
                if check is not None:
                    found.append((f.name, check))
        checks = _FIELD_CHECKS[cls] = tuple(found)
    for name, check in checks:
        value = getattr(move, name)
        wrong = check(value)
        if wrong:
            return f"its {name} {value!r} is {wrong}"
    return ""


class SpecGame(ABC, Generic[S, M]):
    """The rules of one game as plain, literal, slow Python."""

    meta: ClassVar[GameMeta]
    """The game's record (name, title, seed, players, deck, type, utility bounds): the spec
    module's ``META``. The attributes below are read from it."""
    name: ClassVar[str] = _FromMeta("name")  # type: ignore[assignment]
    """Registry name used in position files and on the command line (``durak``)."""
    title: ClassVar[str] = _FromMeta("title")  # type: ignore[assignment]
    """Human title (``Durak``)."""
    seed_file: ClassVar[str] = _FromMeta("seed")  # type: ignore[assignment]
    """The id of the source text this spec is read from (its title and author: ``foolsolve.games.SOURCES``)."""
    min_players: ClassVar[int] = _FromMeta("min_players")  # type: ignore[assignment]
    max_players: ClassVar[int] = _FromMeta("max_players")  # type: ignore[assignment]
    game_type: ClassVar[GameType] = _FromMeta("game_type")  # type: ignore[assignment]
    """The declared kind of game (see :class:`GameType`)."""
    rules_cls: type = object
    """The game's frozen rules dataclass (see :mod:`foolsolve.rules`)."""
    picture_hints: ClassVar[dict[str, Any] | None] = None
    """Where a position's JSON needs them, hints for the pictures (``foolsolve/svg.py``: ``pairs``,
    ``per_player``, ``shared``, ``skip``, ``words``, ``seated``: lists of keys; ``seats``: keys to
    words); ``None``: read off the JSON alone."""
    field_words: ClassVar[dict[str, str]] = {}
    """The game's own position fields in a player's words, as ``foolsolve why`` says what a move does
    (:func:`foolsolve.why.effect_words`), beside the fields every game names alike
    (:data:`foolsolve.why.FIELD_WORDS`: hands, the table, the stock ...); ``{p}`` stands for the player
    of a field kept per player (Foolery's ``given``: ``the cards player {p} gave in the exchange``)."""
    reconstructions: ClassVar[tuple[Any, ...]] = ()
    """Readings where the text is silent and one reading is sensible (:class:`foolsolve.rules.Reconstruction`):
    listed by ``foolsolve rules`` beside the options."""
    outside_facts: ClassVar[tuple[Any, ...]] = ()
    """Facts the game needs that the text does not give, each from a named public source
    (:class:`foolsolve.rules.OutsideFact`): listed by ``foolsolve rules`` apart from the text's
    rules and the reconstructions."""

    @abstractmethod
    def deal(self, rules: Any, players: int, rng: random.Random) -> S:
        """A whole new game from a shuffled deal."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move, sorted by :meth:`move_sort_key`; empty iff terminal."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after ``move``; raises :class:`IllegalMove` if it is not legal."""

    @abstractmethod
    def to_move(self, state: S) -> int:
        """The player to move (0-based), or :data:`CHANCE`."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """``None`` while the game goes on, else the result."""

    @abstractmethod
    def state_to_json(self, state: S) -> dict[str, Any]:
        """The canonical position-file JSON of a state (includes ``"game"``)."""

    @abstractmethod
    def state_from_json(self, obj: dict[str, Any]) -> S:
        """Read a position; raises :class:`InputError` naming the bad field."""

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # a spec is a singleton of its game: pickled by name, looked up in the registry
        return _spec_of, (self.name,)

    def check_state(self, state: Any, name: str = "state") -> None:
        """An :class:`InputError` naming ``name`` unless ``state`` is a state of this game (of the
        class the spec is declared over, ``SpecGame[State, Move]``): what the Python API checks of
        a state it is handed (:class:`foolsolve.Position`, :meth:`foolsolve.Solved.of`)."""
        import typing

        from foolsolve.errors import check_arg

        for cls in type(self).__mro__:
            for base in getattr(cls, "__orig_bases__", ()):
                args = typing.get_args(base)
                if typing.get_origin(base) is SpecGame and args and isinstance(args[0], type):
                    check_arg(name, state, args[0], f"a {self.name} state (foolsolve.load(FILE).state, "
                              f"spec.state_from_json(...))")
                    return

    def move_classes(self) -> tuple[type, ...]:
        """The classes of this game's moves, read off the class the spec is declared over
        (``SpecGame[State, Attack | Take | ...]``); empty where it declares none."""
        import types
        import typing

        known = _MOVE_CLASSES.get(type(self))
        if known is not None:
            return known
        found: tuple[type, ...] = ()
        for cls in type(self).__mro__:
            for base in getattr(cls, "__orig_bases__", ()):
                args = typing.get_args(base)
                if typing.get_origin(base) is SpecGame and len(args) == 2 and not found:
                    kinds = typing.get_args(args[1]) if isinstance(args[1], types.UnionType) else (args[1],)
                    found = tuple(k for k in kinds if isinstance(k, type))
        _MOVE_CLASSES[type(self)] = found
        return found

    def check_move(self, move: Any) -> None:
        """An :class:`IllegalMove` saying so unless ``move`` is a move of this game (of one of
        :meth:`move_classes`, each field of the kind its annotation names: :func:`move_field_problem`):
        what :meth:`apply` and ``why_illegal`` check first, so that a text, ``None``, another game's
        move or a move with a bad field (``Draw(source=None)``, a list of cards) is refused as illegal,
        never met by an error from inside the rules or taken as some other move."""
        kinds = self.move_classes()
        if kinds and not isinstance(move, kinds):
            names = [k.__name__ for k in kinds]
            listed = ", ".join(names)
            raise IllegalMove(f"move {move!r} is not a {self.title} move (one of {listed}; parse_move reads "
                              f"one from its text)")
        wrong = move_field_problem(move)
        if wrong:
            raise IllegalMove(f"move {move!r} is not a {self.title} move: {wrong} (parse_move reads one from "
                              f"its text)")

    def move_sort_key(self, move: M) -> Any:
        """The documented sort key of moves (default: the move's own ordering)."""
        return move

    def parse_move(self, state: S, text: str) -> M:
        """The legal move whose text is ``text`` (case- and glyph-insensitive); failing that, the
        move the game's own :meth:`read_move` reads from it, if that is legal (so ``play`` takes
        every spelling ``why`` takes: Three Fools' ``T`` for ten, ``lead TS as S``). Text too
        long or not Unicode to be a move is an :class:`InputError`
        (:func:`~foolsolve.positions.check_move_text`)."""
        from foolsolve.positions import check_move_text

        deck = getattr(getattr(self, "meta", None), "deck", None)
        glyphs = deck is None or deck.glyphs  # (Deck.glyphs: a Pilatch S is Scissors, not ♠)
        want = _norm_move(check_move_text(text), glyphs)
        legal = self.legal_moves(state)
        for m in legal:
            if _norm_move(str(m), glyphs) == want:
                return m
        if type(self).read_move is not SpecGame.read_move:  # the default reads through this method
            try:
                move = self.read_move(state, text)
            except InputError:
                move = None
            if move is not None and move in legal:
                return move
        raise IllegalMove(f"move {quoted(text)} is not legal here")

    def play(self, state: S, *texts: str) -> S:
        """Apply moves given as text, in order; an illegal one raises :class:`IllegalMove`
        naming its place and every rule that forbids it (``move 2 ('take'): ...``)."""
        for step in self.play_moves(state, texts):
            state = step[1]
        return state

    def play_moves(self, state: S, texts: Sequence[str]) -> Iterator[tuple[M, S]]:
        """:meth:`play` move by move: each move of ``texts`` (parsed) and the state after it, in
        order; an illegal one raises :class:`IllegalMove` as :meth:`play` does."""
        from foolsolve.positions import check_move_text

        for i, text in enumerate(texts):
            check_move_text(text, f"move {i + 1}")
            try:
                move = self.parse_move(state, text)
            except InputError as exc:
                raise IllegalMove(f"move {i + 1} ({quoted(text)}): {self.illegal_text(state, text, exc)}", i + 1) from None
            try:
                state = self.apply(state, move)
            except InputError as exc:
                raise IllegalMove(f"move {i + 1} ({quoted(text)}): {exc}", i + 1) from None
            yield move, state

    # --- why a move is (il)legal ---------------------------------------------------------

    def read_move(self, state: S, text: str) -> M:
        """The move ``text`` names, legal here or not (``foolsolve why`` explains it); raises
        :class:`InputError` for text that names no move of this game. The default knows only
        the legal moves; a game overrides it with a reader of every move it can write."""
        return self.parse_move(state, text)

    def legal_moves_split(self, state: S) -> tuple[list[M], MoveFamily | None]:
        """The legal moves as a list plus at most one :class:`MoveFamily` of moves too many to list
        cheaply; together they are exactly :meth:`legal_moves`. Default: everything listed."""
        return self.legal_moves(state), None

    def why_illegal(self, state: S, move: M) -> list[Reason]:
        """Every rule that forbids ``move`` in ``state``, as the spec's own rule functions report
        it; empty exactly when the move is legal (``tests/generic/test_why.py`` checks that for every
        game). The default can only say that the move is not listed; a game overrides it."""
        if move in self.legal_moves(state):
            return []
        return [Reason("legal_moves", f"{move} is not among the legal moves")]

    def why_legal(self, state: S, move: M) -> list[Reason]:
        """The rules a legal ``move`` rests on (what it does, under which rules). Default: none
        named beyond the legal-move list."""
        return []

    def rules_of(self, state: S) -> Any:
        """The rule options ``state`` is played under (every spec keeps them in ``state.rules``)."""
        return state.rules  # type: ignore[attr-defined]

    def with_rules(self, state: S, rules: Any) -> S:
        """``state`` under other rule options (every spec keeps its rules in ``state.rules``)."""
        import dataclasses

        return dataclasses.replace(state, rules=rules)  # type: ignore[type-var]

    def illegal_text(self, state: S, text: str, error: Exception | None = None) -> str:
        """One line for a move text that is not legal here: every rule against it (or why the
        text names no move), and the option values that would allow it."""
        from foolsolve.why import explain

        try:
            return explain(self, state, text).one_line()
        except InputError as exc:  # the position itself is not one the explanation can read
            return str(error if error is not None else exc)

    def chance_probability(self, state: S, outcome: M) -> Fraction:
        """Probability of a chance outcome (only at :data:`CHANCE` nodes)."""
        raise NotImplementedError(f"{self.name} has no chance nodes")

    def chance_outcomes(self, state: S) -> list[tuple[M, Fraction]]:
        """At a :data:`CHANCE` node, every outcome (in :meth:`legal_moves` order) with its exact
        probability; they sum to 1. Empty at a player's node."""
        if self.to_move(state) != CHANCE:
            return []
        return [(m, self.chance_probability(state, m)) for m in self.legal_moves(state)]

    def deals_anew(self, move: M) -> bool:
        """Whether ``move`` throws the cards in for a whole new deal under the same rules and player
        count (Durak's re-deal); default: no move does. :meth:`apply` makes that deal with
        ``deal(state.rules, players, random.Random(seed))``, the seed hidden in the state, so the tree
        stays deterministic; the OpenSpiel bridge plays it as chance nodes instead, exactly as the
        first deal (docs/architecture.md, "A re-deal")."""
        return False

    def observation(self, state: S, player: int) -> dict[str, Any]:
        """What ``player`` sees of ``state``, as JSON: the position with every card the rules hide
        from that player left out or replaced by a count. The default is the whole position
        (perfect information); games of imperfect information override it."""
        return self.state_to_json(state)

    def information_state(self, state: S, player: int) -> str:
        """The key of ``player``'s information set at ``state``: states with equal keys cannot be
        told apart by that player. The default is the canonical text of :meth:`observation`,
        which is perfect recall when the state keeps all a player may remember (public history
        such as the discard pile); the OpenSpiel bridge also offers the full action-observation
        history."""
        return json.dumps(self.observation(state, player), sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    def public_move(self, state: S, move: M, observer: int) -> str:
        """The text of ``move``, made at ``state``, as player ``observer`` sees it made, when she is
        not its mover (:func:`public_record` gives the mover her whole move): the move's own text
        where every card it names is seen by every player, else that text with each card hidden from
        ``observer`` replaced by what she may know of it (``lead a card face down as R``, ``exchange
        3 cards``). It names no card that ``observer``'s view after the move does not show, or that
        her view before it did not (tests/generic/test_public_moves.py checks it against
        :func:`foolsolve.worlds.view_of` for every game). What a player sees of a move is a rule:
        a game that hides a move cites the sentence of its text that says so, or lists the reading
        as a reconstruction. The default: every move is seen whole (a game whose moves are all face
        up)."""
        return str(move)

    # --- views written as position files, and their worlds (foolsolve.worlds, docs/views.md) ---------

    view_fields: ClassVar[dict[str, ZoneField]] = {}
    """The fields of the position JSON a view may hide (``hands``: one zone a player, ``stock``: one
    ordered zone), as :class:`foolsolve.worlds.ZoneField`. Empty: the game has no view files."""
    view_drop: ClassVar[tuple[str, ...]] = ()
    """Fields of the position JSON that no player knows and a view leaves out (Durak's
    ``redeal_seed``); :meth:`world_json` gives them a value in each world."""
    knowledge_fields: ClassVar[tuple[str, ...]] = ()
    """Fields of the position JSON that record what players know of hidden cards and nothing the
    rules read (Durak's ``known``: cards picked up in view of all), absent when nothing is known.
    Legal moves, results and values never depend on them, so an engine's :meth:`Engine.key` may
    leave them out (docs/views.md)."""

    def without_knowledge(self, obj: dict[str, Any]) -> dict[str, Any]:
        """A position JSON without its :attr:`knowledge_fields` (what the rules read)."""
        return {k: v for k, v in obj.items() if k not in self.knowledge_fields}

    def view_knowledge(self, state: S, player: int) -> dict[tuple[Any, ...], Hidden]:
        """For every zone of ``state`` hidden from ``player`` (its path in the position JSON:
        ``("hands", 1)``), what she knows of it as a :class:`foolsolve.worlds.Hidden`: its size,
        cards known to be there, an ordered zone's known first and last cards. It may use only
        what every world of the view shares (public facts the state keeps)."""
        raise InputError(f"view: {self.title} has no views")

    def view_extra(self, state: S, player: int) -> dict[str, Any]:
        """Public facts a view adds to the position JSON (fields of the view file only: Fools and
        Angels' ``discard``, the cards out of play that the full position leaves implicit). Default:
        none."""
        return {}

    def view_cards(self, obj: dict[str, Any]) -> tuple[Any, list[Any], list[tuple[str, Any]]]:
        """For a view file's JSON: the deck that reads its cards, every card of the game (a card the
        game holds twice listed twice) and every card the view shows outside its hidden zones, each
        with the field it is in (for errors)."""
        raise InputError(f"view: {self.title} has no views")

    def world_json(self, obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """A world's position JSON from a view's JSON with its hidden zones filled: gives the fields
        of :attr:`view_drop` a value (drawn from ``rng`` where nobody knows it). Default: as is."""
        return obj

    def utility_range(self, rules: Any, players: int) -> tuple[float, float]:
        """The lowest and highest payoff one player can get in a game of ``players`` players under
        ``rules`` (the OpenSpiel bridge's utilities): inside the game's ``utility_bounds``, which
        cover every player count and rule option. Default: ``utility_bounds``; a game whose payoff
        scale depends on the rules or the player count (Foolery's ``payoffs``) gives its own."""
        lo, hi = self.meta.utility_bounds
        return float(lo), float(hi)

    def payoff_range(self, state: S) -> tuple[float, float]:
        """Bounds on every player's payoff at the end of any game played on from ``state``: what an
        answer from one seat cuts its intervals to and IS-MCTS normalises with. Default:
        :meth:`utility_range` for the state's rules and player count; a game whose scores grow with
        the deck (Fool's Paradise) gives tighter ones for the position."""
        return self.utility_range(self.rules_of(state), self.num_players(state))

    def view_presample(self, view: Any, rng: random.Random) -> dict[tuple[Any, ...], list[Any]]:
        """Where a rule every world obeys makes plain rejection hopeless (Three Fools: a player's hand
        and face-down card hold the cards she drew back), the unknown cards of some unordered zones drawn
        first: uniformly among the fillings of those zones that obey the rule (every filling's
        completions are equally many, so the world stays uniform; rejection does the rest).
        Default: none."""
        return {}

    def view_card_zones(self, view: Any) -> dict[Any, frozenset[tuple[Any, ...]]]:
        """Where the rules let a view's unseen cards lie: for a card, the paths of the zones it may
        be in (``("stocks", 0)``, ``("pool",)``; paths of zones the view does not hide are ignored);
        a card left out may lie in any hidden zone. The worlds are then uniform over the assignments
        that put every unseen card where it may lie (:meth:`foolsolve.worlds.Worlds.count` counts
        them exactly), and a view no such assignment fills is a one-line error. Default: no
        restriction. A game that also draws zones first (:meth:`view_presample`) must draw them
        where its cards may lie, weighted by the completions that then remain (no game does both)."""
        return {}

    def view_normalised(self, obj: dict[str, Any]) -> dict[str, Any]:
        """A view file's JSON as read (a new object where it changes, never the given one mutated):
        public facts a view may list or leave out written one way (Fools and Angels: the cards put
        away at setup, which a ``discard`` may list, left out of it). Default: as is."""
        return obj

    def view_bottom_cards(self, view: Any) -> dict[tuple[Any, ...], frozenset[Any]]:
        """For an ordered hidden zone whose last place the rules restrict (Durak: the stock's last
        card is the face-up trump, so a trump), the cards that place may hold. The sampler deals that
        place apart, only to those cards, when the view gives neither the zone's last card nor any
        card known to be in it (:meth:`foolsolve.worlds.Worlds._parts`): exact, where drawing the
        whole zone and refusing a wrong last card could fail for views whose worlds are rare. The
        spec still checks every world. Default: none."""
        return {}

    def view_count_rule(self, view: Any) -> Any:
        """A rule on how many unseen cards of each kind some hidden zones hold that every world of
        ``view`` obeys, as a :class:`foolsolve.worlds.CountRule` (Durak's redeal phase: the player to
        move holds five or more cards of one suit), or ``None``. The sampler then draws only fillings
        the rule accepts, uniformly (exact where rejection could wait for ever); the spec still
        checks every world. Default: none."""
        return None

    def view_knowledge_places(self, obj: dict[str, Any]) -> list[tuple[tuple[Any, ...], list[str]]]:
        """For a view's JSON: the cards its public :attr:`knowledge_fields` (or its public history) put
        in a zone, as (zone path, card texts) pairs (Durak's ``known[q]``: in ``hands[q]``; Three Fools'
        revealed cards drawn back, by its ``rounds``: in the drawer's hand). A hidden zone that does not
        list such a card is read as if it listed it as known (every world puts it there). Default:
        none."""
        return []

    def view_constrained(self, obj: dict[str, Any]) -> bool:
        """Whether the spec may reject some assignment of a view's unknown cards (a rule ties the
        hidden cards to what the view shows); then worlds are drawn by rejection and counted by
        listing. Default: yes (always correct, slower to count)."""
        return True

    def view_public_check(self, view: Any, obj: dict[str, Any]) -> None:
        """The position checks of :meth:`state_from_json` that read no card of a view's hidden zones
        (only how many cards each holds, and the cards the view itself places), run on ``obj``, the
        JSON of one filling of a constrained view's hidden zones: an :class:`InputError` here is the
        error every filling gets, so the view has no world (:meth:`foolsolve.worlds.Worlds.sample`
        says so at once, where drawing fillings would only fail to find one). A check that reads a
        hidden card is left out (skipping a check never refuses a view that has a world). Default:
        no checks."""
        return None

    def returns(self, state: S) -> tuple[Fraction, ...]:
        """One payoff per player: the result's payoffs at the end, zeros before."""
        res = self.result(state)
        if res is not None:
            return tuple(Fraction(p) for p in res.payoffs)
        return tuple(Fraction(0) for _ in range(self.num_players(state)))

    def move_text(self, move: M, ascii: bool = False) -> str:
        """How a move is written (the text :meth:`parse_move` reads back): ``str(move)``. Every
        game's moves print themselves; nothing else is needed to name a move. ``ascii``: its cards
        as position files write them (``cover 8D with 9D`` for ``cover 8♦ with 9♦``:
        :func:`foolsolve.cards.ascii_cards`), which :meth:`parse_move` reads back too. ``None`` for
        ``move``, or an ``ascii`` other than True or False, is an :class:`InputError` naming it."""
        if ascii is not True and ascii is not False:
            ascii = check_arg("ascii", ascii, bool, "True or False")  # a NumPy bool; else the error
        if move is None:
            raise InputError("move: expected one of the game's moves (as legal_moves gives them), got None")
        if ascii:
            from foolsolve.cards import ascii_cards

            return ascii_cards(str(move))
        return str(move)

    def num_players(self, state: S) -> int:
        """Players in the game."""
        return int(self.state_to_json(state)["players"])

    def side(self, state: S, player: int) -> tuple[int, ...]:
        """The players on ``player``'s side, ``player`` among them, in player order: partners who never
        play against each other and share one payoff at every end (Durak's ``teams``). The
        open-hand search's paranoid concept sets this side against all the others. Default:
        ``(player,)``, every player on her own."""
        return (player,)

    def picture_notes(self, state: S) -> dict[int, list[str]]:
        """Words beside each player in a picture (``foolsolve/svg.py``), where the position's JSON does
        not say them in words (Foolery: a title such as King); default: none."""
        return {}

    def moves_note(self, state: S) -> str:
        """A line ``foolsolve moves`` writes on standard error above the moves where their texts leave
        out what they do (Foolery's exchange: who gives to whom); empty (the default): none."""
        return ""

    def picture_captions(self, state: S) -> dict[str, list[str]]:
        """Words a picture (``foolsolve/svg.py``) adds to the caption of each row of a zone drawn one
        item a row, by the zone's key (Three Fools' ``rounds``: a lying leader's penalty), where the
        item's own fields do not say them; default: none."""
        return {}

    def picture_extra(self, state: S) -> dict[str, Any]:
        """Zones the position's text (``describe``) prints that its JSON leaves implicit, as JSON
        fields for the all-open picture (``foolsolve/svg.py``) to draw beside ``state_to_json``'s
        (Fools and Angels: the discard, every card in no zone); default: none."""
        return {}

    def describe(self, state: S, view: View | None = None) -> str:
        """A few readable lines about a state (for the CLI). With ``view`` (a view that ``state`` is a
        world of: :func:`foolsolve.worlds.view_text`), as its player sees it: every zone the view hides
        face down (:func:`foolsolve.worlds.zone_words`), and nothing else read from where the world's
        hidden cards lie. The default is the position's JSON (the view's own, with a view)."""
        import json

        return json.dumps(self.state_to_json(state) if view is None else view.obj, ensure_ascii=False)

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        return self.result(state) is not None

    boundary_name: str = ""
    """What :meth:`boundary` marks, in a word or two (``bout``, ``trick``, ``turn``)."""

    def boundary(self, before: S, move: M, after: S) -> bool:
        """Whether ``move`` (from ``before`` to ``after``) ends a unit of play the transcripts mark:
        a bout, a trick, a turn of several moves (named by :attr:`boundary_name`). Default: never."""
        return False

    def chance_is_public(self, state: S) -> bool:
        """Whether, at ``state`` where no player has a choice left, only chance
        (:func:`foolsolve.solver.open_hand.chance_walk`), the outcomes, their odds and the payoffs
        rest only on what every player sees, so that one world of a view gives every world's
        expectation (:func:`foolsolve.solver.open_hand.chance_only_view`; Three Fools' Roshambo:
        who is in it, the rules' odds and the card counts). Default: ``False`` (the view's worlds
        are then averaged where they are few)."""
        return False

    def boundary_note(self, before: S, move: M, after: S) -> str:
        """Where :meth:`boundary` holds, what the unit that ended decided, in one line (Three Fools:
        the round's winner and why, a liar's penalty), written after the transcripts' ``-- end of
        round`` mark; where a move that ends no unit decides something every player sees (Three
        Fools' Roshambo of the final count's tie: who won it and the game, and why), that, written
        as ``-- NOTE --``. Only what every player sees (it is printed from a seat too); empty: the
        mark alone, or nothing. Default: empty."""
        return ""


class Engine(ABC, Generic[E, EM]):
    """The same game, fast. May never disagree with its spec."""

    spec: SpecGame[Any, Any]

    @abstractmethod
    def from_spec(self, state: Any) -> E:
        """An engine state equal to a spec state."""

    @abstractmethod
    def to_spec(self, state: E) -> Any:
        """The spec state equal to an engine state."""

    @abstractmethod
    def legal_moves(self, state: E) -> Sequence[EM]:
        """Engine moves; converted with :meth:`move_to_spec` they equal the spec's list
        (same set; order may differ, the harness sorts)."""

    @abstractmethod
    def move_to_spec(self, state: E, move: EM) -> Any:
        """The spec move of an engine move."""

    def move_sort_key(self, state: E, move: EM) -> Any:
        """The spec's :meth:`SpecGame.move_sort_key` of the engine move (default: of the move
        converted with :meth:`move_to_spec`; an engine may give the same key from its own move,
        without building the spec move: the searches sort every node's moves by it)."""
        return self.spec.move_sort_key(self.move_to_spec(state, move))

    def deals_anew(self, state: E, move: EM) -> bool:
        """:meth:`SpecGame.deals_anew` of the engine move (default: asks the spec with the move
        converted; an engine with such moves may answer faster from its own move)."""
        return self.spec.deals_anew(self.move_to_spec(state, move))

    @abstractmethod
    def apply(self, state: E, move: EM) -> E:
        """The successor (a new state; ``state`` stays valid)."""

    @abstractmethod
    def to_move(self, state: E) -> int:
        """Player to move, or :data:`CHANCE`."""

    @abstractmethod
    def result(self, state: E) -> Result | None:
        """As :meth:`SpecGame.result`."""

    @abstractmethod
    def key(self, state: E) -> Hashable:
        """A cheap hashable key; equal keys mean equal positions (for transposition tables), up to
        the spec's :attr:`SpecGame.knowledge_fields`, which a key may leave out."""

    def deal(self, rules: Any, players: int, rng: random.Random) -> E:
        """A whole new game dealt by the engine itself, making the same ``rng`` calls as the spec's
        :meth:`SpecGame.deal` (so one seed deals the same cards); the conformance tests also start
        lockstep from it for every player count (``tests/generic/test_engine_deals.py``)."""
        raise NotImplementedError(f"{self.spec.name}: the engine does not deal")

    def legal_moves_split(self, state: E) -> tuple[Sequence[EM], MoveFamily | None]:
        """As :meth:`SpecGame.legal_moves_split`, computed by the engine (engine moves; the
        family's :attr:`MoveFamily.contains` takes spec moves). Default: everything listed."""
        return self.legal_moves(state), None

    def apply_unchecked(self, state: E, move: EM) -> E:
        """:meth:`apply` for a move taken from :meth:`legal_moves`, which an engine may then skip
        checking (default: :meth:`apply`)."""
        return self.apply(state, move)

    def playout(self, state: E, rng: random.Random, max_moves: int | None = None) -> tuple[E, int]:
        """Random play from ``state`` until no move is legal (or ``max_moves`` moves were made):
        each move uniformly among the legal moves (chance outcomes too, uniformly), applied with
        :meth:`apply_unchecked`: ``rng.choice(legal_moves(s))``, or where the engine gives a
        :class:`MoveFamily` (:meth:`legal_moves_split`: Fools and Angels' exchanges), the family
        sampled rather than listed (:func:`uniform_move`), for hands of any size. Returns the final
        state and the number of moves. An engine may override it with a native loop that plays the
        same game for the same ``rng``."""
        moves = 0
        while moves != max_moves:
            legal, family = self.legal_moves_split(state)  # a family sampled, never listed (faster)
            if not legal and family is None:
                break
            state = self.apply_unchecked(state, uniform_move(legal, family, rng))
            moves += 1
        return state, moves

    def chance_outcomes(self, state: E) -> list[tuple[EM, Fraction]]:
        """As :meth:`SpecGame.chance_outcomes`, computed by the engine (engine moves). An engine
        of a game with chance nodes must override this."""
        if self.to_move(state) != CHANCE:
            return []
        raise NotImplementedError(f"{self.spec.name}: the engine does not list chance outcomes")

    def observation(self, state: E, player: int) -> dict[str, Any]:
        """As :meth:`SpecGame.observation`. For a perfect-information game the default is the whole
        position; an engine of an imperfect-information game computes its own views (the
        harness compares them with the spec's for every player)."""
        if self.spec.game_type.information is Information.PERFECT:
            return self.spec.state_to_json(self.to_spec(state))
        raise NotImplementedError(f"{self.spec.name}: the engine does not compute views")

    def returns(self, state: E) -> tuple[Fraction, ...]:
        """As :meth:`SpecGame.returns`."""
        res = self.result(state)
        if res is not None:
            return tuple(Fraction(p) for p in res.payoffs)
        return tuple(Fraction(0) for _ in range(self.spec.num_players(self.to_spec(state))))

    def move_from_spec(self, state: E, move: Any) -> EM:
        """The engine move of a spec move."""
        for m in self.legal_moves(state):
            if self.move_to_spec(state, m) == move:
                return m
        raise IllegalMove(f"move {move} is not legal here")


def _spec_of(name: str) -> SpecGame[Any, Any]:
    from foolsolve import games

    return games.get(name).spec


def _norm_move(text: str, glyphs: bool = True) -> str:
    """A move's text for comparing: each word as :func:`foolsolve.cards._normalise` reads a card
    (``glyphs``: the French suit glyphs as letters; upper case of ASCII words only)."""
    from foolsolve.cards import _normalise

    return " ".join(_normalise(w, glyphs) for w in text.split())
