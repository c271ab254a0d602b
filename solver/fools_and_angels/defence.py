"""Fools and Angels defences: a pure function of an attack and a defender's hand.

What the seed says (``003_d0b2aeea59b7d1ba.txt``; RULES-NOTES §4 for the reconstruction):

* ``003``: "Aces are worth 1." / "The black and red pip cards' values subtract from each
  other" -- black pips count positive, red pips negative (A=1, 2..9; the 10s are put away).
  Face cards (J, Q, K) count 0.
* ``003``: "The attacker may use up to 4 cards -- plus 1 more if it is a face card -- but never
  more cards than the defender holds in their hand." / "A player 'attacks' by laying down a
  combination of cards which must total a non-zero value." / "Face cards must always
  accompany pip cards."
* ``003``: the defender plays cards "to either" (the list is lost) cancel all of one colour or
  the whole attack: "if the attack is [3♦, 6♥, 2♣, 2♠], the defender would need cards that
  total either 9-black (to zero out the red), 4-red (to zero out the black), or 5-black (to
  balance the whole)." / "There's no other partial defense. It's pass/fail for all of one
  color or for the whole attack." / "if a player attacks with [4♦], the defense could play
  [6♣ + A♣ + 3♥] to balance it."
* ``003``: "The defender is not obligated to defend an attack at all; they can just
  'surrender' and take all the cards."
* ``003`` Q&A: "Given an attack of [J♦, 2♣], can you defend with a 2♥ to discard both 2s, and
  pick up the J♦? A: No, face cards cannot be separated from the cards they affect."

Fixed semantics (shared with the fools-and-angels game spec):

* A defence is a non-empty set ``D`` of the defender's pip cards (option
  ``defence_face_cards="with_pips"``: face cards may be added to a defence that has pip cards;
  they count 0) whose signed total cancels a *target*: ``red`` (``D`` total = minus the sum of
  the attack's red pips; needs a red pip in the attack), ``black`` (minus the black pips; needs
  a black pip), or ``whole`` (minus the attack's total).
* Face effects are a table, one entry per rank (reconstruction, RULES-NOTES §4): ``whole_only``
  (default for J, Q, K: an attack holding that face card can only be defended whole) or
  ``none`` (the face card is an ordinary 0-valued card: a colour target cancels that colour's
  pips and leaves the face card to be taken).
* Outcome: the cancelled attack cards (the target's cards; for ``whole`` all of them, the face
  card included) and ``D`` are discarded; the defender takes the attack cards not cancelled.
  ``surrender`` takes all.

A defence is identified by its outcome: ``(cards played, cards cancelled)``. When an attack has
pip cards of one colour only and no separable face card, that colour's target and ``whole``
ask for the same total and cancel the same cards; such a defence is listed once, with
``targets == ("whole", "red")`` (or ``("whole", "black")``) and ``target == "whole"``.

The enumerator is exact: a meet-in-the-middle signed subset-sum over the hand's pip cards
(the two halves' subset sums are grouped by value and joined per target total), so its cost
is ``O(2^(n/2))`` plus the size of the answer. Existence checks (the attacker's side) use the
set of all non-empty subset sums of the defender's pips, built once per hand by a DP.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from foolsolve.cards import ACE, FRENCH52, FRENCH_SUITS, JACK, KING, Card, cards_text
from foolsolve.errors import InputError, quoted
from foolsolve.numbers import ascii_whole

# --- named constants -------------------------------------------------------------------

QUEEN = 12
FACE_RANKS: tuple[int, ...] = (JACK, QUEEN, KING)
"""J, Q, K: face cards, value 0 (003 "Face cards have special effects")."""
TEN = 10
"""003 "Put away all other cards, such as the 10s": never in play."""

WHOLE_ONLY = "whole_only"
NO_EFFECT = "none"
FACE_EFFECT_NAMES: tuple[str, ...] = (WHOLE_ONLY, NO_EFFECT)
"""Implemented face effects. ``whole_only``: the attack can only be defended whole (003 Q&A
"face cards cannot be separated from the cards they affect"). ``none``: a plain 0-valued card."""
DEFAULT_FACE_EFFECTS: Mapping[int, str] = MappingProxyType({r: WHOLE_ONLY for r in FACE_RANKS})
"""RULES-NOTES §4 default: every face card makes its attack whole-only."""

NEVER = "never"
WITH_PIPS = "with_pips"
DEFENCE_FACE_CARDS: tuple[str, ...] = (NEVER, WITH_PIPS)
"""May a defence include face cards? ``never`` (default) | ``with_pips`` (added to pip cards, value 0)."""

WHOLE, RED, BLACK = "whole", "red", "black"
TARGETS: tuple[str, ...] = (WHOLE, RED, BLACK)
"""Defence targets in their canonical order."""
SURRENDER = "surrender"
"""003 "they can just 'surrender' and take all the cards"."""

SHED, TAKE, KEEP = "shed", "take", "keep"
OBJECTIVES: tuple[str, ...] = (SHED, TAKE, KEEP)
"""``shed``: most hand cards shed; ``take``: fewest attack cards taken; ``keep``: the given
cards stay in hand, then most shed."""

MAX_ATTACK_PIPS = 4
MAX_ATTACK_FACES = 1
"""003 "up to 4 cards -- plus 1 more if it is a face card"."""

_RANK_NAMES = {JACK: "J", QUEEN: "Q", KING: "K"}
_RANK_BY_NAME = {"J": JACK, "Q": QUEEN, "K": KING, "JACK": JACK, "QUEEN": QUEEN, "KING": KING}

NON_TEN_CARDS: tuple[Card, ...] = tuple(c for c in FRENCH52 if c.rank != TEN)
"""All 48 cards that a Fools and Angels stock split can hold (the 10s are always put away)."""
DEFAULT_IN_PLAY: tuple[Card, ...] = tuple(
    c for c in NON_TEN_CARDS
    if c.rank in (ACE, 2, 3, 4, 5, 6, 7, JACK)
    or c.ascii in ("8S", "8H", "9C", "9D", "QS", "QH", "KC", "KD")
)
"""The 40 cards of the default stocks (RULES-NOTES §4 reconstruction): A-7 of every suit, the
four Jacks, and 8♠ 8♥ 9♣ 9♦ Q♠ Q♥ K♣ K♦."""


# --- card values -----------------------------------------------------------------------

def is_face(card: Card) -> bool:
    """J, Q or K."""
    return card.rank in FACE_RANKS


def is_pip(card: Card) -> bool:
    """A (1) .. 9."""
    return card.rank == ACE or 2 <= card.rank <= 9


def pip_value(card: Card) -> int:
    """Unsigned value: A=1, 2..9, face cards 0 (003 "Aces are worth 1")."""
    if card.rank == ACE:
        return 1
    if is_face(card):
        return 0
    if card.rank == TEN:
        raise InputError(f"card {card.ascii}: the 10s are put away in Fools and Angels")
    return card.rank


def card_value(card: Card) -> int:
    """Signed value: black pips positive, red pips negative, face cards 0 (003 "The black and
    red pip cards' values subtract from each other")."""
    v = pip_value(card)
    return -v if card.is_red else v


def display_key(card: Card) -> tuple[int, int, int]:
    """Order for printing: pip cards by value (A first), then J, Q, K; ties by suit."""
    rank = 1 if card.rank == ACE else card.rank
    return (1 if is_face(card) else 0, rank, FRENCH_SUITS.index(card.suit))


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in :func:`display_key` order (the canonical order of every tuple in this module)."""
    return tuple(sorted(cards, key=display_key))


def signed_text(v: int) -> str:
    """``+5`` / ``−4`` / ``0``."""
    return f"+{v}" if v > 0 else (f"−{-v}" if v < 0 else "0")


# --- input checking --------------------------------------------------------------------

def check_cards(cards: str | Iterable[Card] | Iterable[str], what: str) -> tuple[Card, ...]:
    """Parse or check a list of cards (a string like ``"3D 6H 2C"``, strings or :class:`Card`):
    every card in the 52-card deck, no 10s, no duplicates. Bad input is an
    :class:`InputError` naming ``what``."""
    if isinstance(cards, str):
        out = FRENCH52.parse_many(cards, what=what)
    else:
        items = list(cards)
        parsed: list[Card] = []
        for item in items:
            if isinstance(item, Card):
                if item not in FRENCH52:
                    raise InputError(f"{what}: {quoted(item)} is not a card of the 52-card deck")
                parsed.append(item)
            elif isinstance(item, str):
                parsed.append(FRENCH52.parse(item, what=what))
            else:
                raise InputError(f"{what}: expected card strings, got {quoted(item)}")
        seen: set[Card] = set()
        for c in parsed:
            if c in seen:
                raise InputError(f"{what}: duplicate card {c.ascii}")
            seen.add(c)
        out = parsed
    for c in out:
        if c.rank == TEN:
            raise InputError(f"{what}: {c.ascii} is not in play (003: the 10s are put away)")
    return tuple(out)


def face_rank(key: Any, what: str = "face_effects") -> int:
    """A face rank from ``11``/``"11"``/``"J"``/``"jack"``; anything else is an :class:`InputError`."""
    if isinstance(key, bool):
        raise InputError(f"{what}: {quoted(key)} is not a face rank (J, Q or K)")
    if isinstance(key, int) and key in FACE_RANKS:
        return key
    if isinstance(key, str):
        k = key.strip().upper()
        if k in _RANK_BY_NAME:
            return _RANK_BY_NAME[k]
        if ascii_whole(k) in FACE_RANKS:  # ASCII digits only: '²'.isdigit() holds and int('²') raises
            return int(k)
    raise InputError(f"{what}: {quoted(key)} is not a face rank (J, Q or K)")


def normalise_face_effects(face_effects: Mapping[Any, str] | str | None, what: str = "face_effects") -> dict[int, str]:
    """The full per-rank effect table. ``None``: the default (all ``whole_only``); a string: that
    effect for every face rank; a mapping (keys ``11``/``"J"``...): those ranks changed, the
    others left at the default. Unknown ranks or effect names, or a rank named twice, are an
    :class:`InputError`."""
    table = dict(DEFAULT_FACE_EFFECTS)
    if face_effects is None:
        return table
    if isinstance(face_effects, str):
        items: list[tuple[Any, Any]] = [(r, face_effects) for r in FACE_RANKS]
        label = lambda r: what  # noqa: E731
    elif isinstance(face_effects, Mapping):
        items = list(face_effects.items())
        label = lambda r: f"{what}.{_RANK_NAMES.get(r, r) if isinstance(r, int) else r}"  # noqa: E731
    else:
        raise InputError(f"{what}: expected an effect name or an object of rank: effect")
    given: dict[int, Any] = {}
    for key, effect in items:
        rank = face_rank(key, label(key))
        if rank in given:  # J and jack, 11 and "11": one rank named twice
            raise InputError(f"{label(key)}: the rank {_RANK_NAMES[rank]} appears twice ({quoted(given[rank])} and "
                             f"{quoted(key)}; which effect is meant?)")
        given[rank] = key
        if effect not in FACE_EFFECT_NAMES:
            raise InputError(f"{label(key)}: unknown face effect {quoted(effect)} (known: {' | '.join(FACE_EFFECT_NAMES)})")
        table[rank] = effect
    return table


def check_defence_face_cards(value: str, what: str = "defence_face_cards") -> str:
    """``never`` | ``with_pips``."""
    if value not in DEFENCE_FACE_CARDS:
        raise InputError(f"{what}: {quoted(value)} is not one of {' | '.join(DEFENCE_FACE_CARDS)}")
    return value


def validate_attack(attack: str | Iterable[Card] | Iterable[str], defender_hand_size: int, *,
                    what: str = "attack") -> tuple[Card, ...]:
    """Check an attack against 003's attack rules; return its cards in canonical order.

    1..4 pip cards plus at most 1 face card (003 "up to 4 cards -- plus 1 more if it is a face
    card"), at least one pip card ("Face cards must always accompany pip cards"), no more cards
    than the defender holds ("never more cards than the defender holds in their hand"), and a
    non-zero signed total ("a combination of cards which must total a non-zero value")."""
    cards = check_cards(attack, what)
    pips = [c for c in cards if is_pip(c)]
    faces = [c for c in cards if is_face(c)]
    if not cards:
        raise InputError(f"{what}: an attack needs at least one card")
    if not pips:
        raise InputError(f"{what}: face cards must accompany pip cards (003)")
    if len(pips) > MAX_ATTACK_PIPS:
        raise InputError(f"{what}: {len(pips)} pip cards; an attack has at most {MAX_ATTACK_PIPS} (003)")
    if len(faces) > MAX_ATTACK_FACES:
        raise InputError(f"{what}: {len(faces)} face cards; an attack has at most {MAX_ATTACK_FACES} (003)")
    if len(cards) > defender_hand_size:
        raise InputError(f"{what}: {len(cards)} cards but the defender holds {defender_hand_size} (003: never more)")
    if sum(card_value(c) for c in cards) == 0:
        raise InputError(f"{what}: the attack totals 0; it must total a non-zero value (003)")
    return sort_cards(cards)


# --- targets ---------------------------------------------------------------------------

def red_pips(attack: Iterable[Card]) -> tuple[Card, ...]:
    """The attack's red pip cards."""
    return tuple(c for c in attack if is_pip(c) and c.is_red)


def black_pips(attack: Iterable[Card]) -> tuple[Card, ...]:
    """The attack's black pip cards."""
    return tuple(c for c in attack if is_pip(c) and not c.is_red)


def available_targets(attack: Sequence[Card], face_effects: Mapping[int, str]) -> tuple[str, ...]:
    """Targets the defender may aim at: ``whole`` always; ``red``/``black`` when the attack has a
    pip of that colour and no ``whole_only`` face card (003 Q&A)."""
    if any(is_face(c) and face_effects[c.rank] == WHOLE_ONLY for c in attack):
        return (WHOLE,)
    out = [WHOLE]
    if red_pips(attack):
        out.append(RED)
    if black_pips(attack):
        out.append(BLACK)
    return tuple(out)


def target_cards(attack: Sequence[Card], target: str) -> tuple[Card, ...]:
    """The attack cards a target cancels (``whole``: all of them, face card included)."""
    if target == WHOLE:
        return sort_cards(attack)
    if target == RED:
        return sort_cards(red_pips(attack))
    if target == BLACK:
        return sort_cards(black_pips(attack))
    raise ValueError(f"unknown target {target!r}")


def target_total(attack: Sequence[Card], target: str) -> int:
    """The signed total a defence must have to cancel ``target`` (minus the target cards' total)."""
    return -sum(card_value(c) for c in target_cards(attack, target))


# --- results ---------------------------------------------------------------------------

@dataclass(frozen=True, order=False)
class Defence:
    """One way to answer an attack: the cards played and what happens to the attack.

    ``targets``: every target this play meets with this outcome (canonical order; usually one).
    ``cards``: the defender's cards played (discarded). ``cancelled``: attack cards discarded.
    ``taken``: attack cards the defender takes into hand. A surrender has ``targets ==
    ("surrender",)`` and no cards."""

    targets: tuple[str, ...]
    cards: tuple[Card, ...]
    cancelled: tuple[Card, ...]
    taken: tuple[Card, ...]

    @property
    def target(self) -> str:
        """The main target (``whole`` whenever the play cancels the whole attack)."""
        return self.targets[0]

    @property
    def shed(self) -> int:
        """Hand cards shed."""
        return len(self.cards)

    @property
    def taken_count(self) -> int:
        """Attack cards taken."""
        return len(self.taken)

    @property
    def is_surrender(self) -> bool:
        """Whether this is a surrender."""
        return self.targets == (SURRENDER,)

    def hand_after(self, hand: Iterable[Card]) -> tuple[Card, ...]:
        """The defender's hand after this defence."""
        played = set(self.cards)
        return sort_cards([c for c in hand if c not in played] + list(self.taken))

    def sort_key(self) -> tuple[Any, ...]:
        """Canonical order: surrender last; by main target, fewer cards first, then the cards."""
        t = len(TARGETS) if self.is_surrender else TARGETS.index(self.target)
        return (t, len(self.cards), tuple(display_key(c) for c in self.cards), self.targets)

    def to_json(self) -> dict[str, Any]:
        """Machine form (cards as ASCII, ``10S``-style)."""
        return {
            "target": self.target,
            "targets": list(self.targets),
            "cards": [c.ascii for c in self.cards],
            "cancelled": [c.ascii for c in self.cancelled],
            "taken": [c.ascii for c in self.taken],
            "shed": self.shed,
            "taken_count": self.taken_count,
        }

    def __str__(self) -> str:
        if self.is_surrender:
            return f"surrender: take {cards_text(self.taken)}"
        names = "=".join(self.targets)
        total = sum(card_value(c) for c in self.cards)
        taken = cards_text(self.taken) if self.taken else "nothing"
        return (f"{names}: play {cards_text(self.cards)} ({signed_text(total)}), "
                f"discard {cards_text(self.cancelled)}, take {taken}")


def surrender(attack: Iterable[Card]) -> Defence:
    """003 "they can just 'surrender' and take all the cards"."""
    return Defence((SURRENDER,), (), (), sort_cards(attack))


def make_defence(attack: Sequence[Card], targets: Iterable[str], cards: Iterable[Card]) -> Defence:
    """A :class:`Defence` from its targets and cards (the outcome follows from the first target)."""
    ts = tuple(sorted(set(targets), key=TARGETS.index))
    cancelled = target_cards(attack, ts[0])
    gone = set(cancelled)
    return Defence(ts, sort_cards(cards), cancelled, sort_cards(c for c in attack if c not in gone))


def merge_defences(attack: Sequence[Card], plays: Iterable[tuple[str, Iterable[Card]]]) -> list[Defence]:
    """Group ``(target, cards)`` plays with the same outcome (same cards, same cancelled cards)
    into one :class:`Defence` each; sorted canonically."""
    groups: dict[tuple[tuple[Card, ...], tuple[Card, ...]], set[str]] = {}
    for target, cards in plays:
        key = (sort_cards(cards), target_cards(attack, target))
        groups.setdefault(key, set()).add(target)
    out = [make_defence(attack, ts, cards) for (cards, _), ts in groups.items()]
    out.sort(key=Defence.sort_key)
    return out


def objective_score(defence: Defence, objective: str) -> int:
    """Higher is better: cards shed (``shed``/``keep``) or minus cards taken (``take``)."""
    if objective in (SHED, KEEP):
        return defence.shed
    if objective == TAKE:
        return -defence.taken_count
    raise InputError(f"objective: {quoted(objective)} is not one of {' | '.join(OBJECTIVES)}")


# --- the enumerator --------------------------------------------------------------------

def _subset_sums_by_value(values: Sequence[int]) -> dict[int, list[int]]:
    """All ``2^n`` subset sums of ``values``, grouped: sum -> masks (bit i = values[i])."""
    sums = [0]
    for v in values:
        sums += [s + v for s in sums]  # entry m | (1 << i) is appended at index m | (1 << i)
    out: dict[int, list[int]] = {}
    for mask, s in enumerate(sums):
        out.setdefault(s, []).append(mask)
    return out


class _SubsetSums:
    """Meet-in-the-middle index of a multiset of signed values: every non-empty subset whose sum
    equals a given total, in ``O(2^(n/2))`` plus the number of answers."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = tuple(values)
        self.half = len(values) // 2
        self.left = _subset_sums_by_value(self.values[: self.half])
        self.right = _subset_sums_by_value(self.values[self.half:])

    def masks_with_sum(self, total: int) -> list[int]:
        """Every non-empty subset (as a bitmask over ``values``) with this sum."""
        out: list[int] = []
        shift = self.half
        for s, lms in self.left.items():
            rms = self.right.get(total - s)
            if rms is None:
                continue
            for rm in rms:
                high = rm << shift
                out.extend(lm | high for lm in lms)
        return [m for m in out if m]


def nonempty_subset_sums(values: Iterable[int]) -> set[int]:
    """Every total of a non-empty subset of ``values`` (DP over the distinct reachable sums)."""
    reach: set[int] = set()
    for v in values:
        reach |= {s + v for s in reach}
        reach.add(v)
    return reach


def _prepare(attack: str | Iterable[Card] | Iterable[str], hand: str | Iterable[Card] | Iterable[str],
             face_effects: Mapping[Any, str] | str | None, defence_face_cards: str,
             ) -> tuple[tuple[Card, ...], tuple[Card, ...], dict[int, str], str]:
    h = check_cards(hand, "hand")
    a = validate_attack(attack, len(h))
    overlap = set(a) & set(h)
    if overlap:
        raise InputError(f"hand: {sort_cards(overlap)[0].ascii} is also in the attack")
    return a, sort_cards(h), normalise_face_effects(face_effects), check_defence_face_cards(defence_face_cards)


def legal_defences(attack: str | Iterable[Card] | Iterable[str], hand: str | Iterable[Card] | Iterable[str], *,
                   face_effects: Mapping[Any, str] | str | None = None,
                   defence_face_cards: str = NEVER) -> list[Defence]:
    """Every legal defence of ``attack`` from ``hand`` (surrender not included), in canonical
    order. Raises :class:`InputError` on a bad attack or hand."""
    a, h, effects, dfc = _prepare(attack, hand, face_effects, defence_face_cards)
    return _legal_defences(a, h, effects, dfc)


def _plays(attack: tuple[Card, ...], hand: tuple[Card, ...], effects: Mapping[int, str], dfc: str,
           keep: Collection[Card] = ()) -> list[tuple[str, int, tuple[Card, ...], tuple[Card, ...]]]:
    """Every ``(target, pip mask, pip cards, face cards)`` play avoiding ``keep`` (pip cards are
    indexed by the mask's bits)."""
    pips = [c for c in hand if is_pip(c)]
    faces = [c for c in hand if is_face(c) and c not in keep]
    banned = 0
    for i, c in enumerate(pips):
        if c in keep:
            banned |= 1 << i
    index = _SubsetSums([card_value(c) for c in pips])
    face_sets: list[tuple[Card, ...]] = [()]
    if dfc == WITH_PIPS:
        face_sets = [combo for k in range(len(faces) + 1) for combo in itertools.combinations(faces, k)]
    out: list[tuple[str, int, tuple[Card, ...], tuple[Card, ...]]] = []
    for target in available_targets(attack, effects):
        for mask in index.masks_with_sum(target_total(attack, target)):
            if mask & banned:
                continue
            chosen = tuple(pips[i] for i in range(len(pips)) if mask >> i & 1)
            out.extend((target, mask, chosen, extra) for extra in face_sets)
    return out


def _legal_defences(attack: tuple[Card, ...], hand: tuple[Card, ...], effects: Mapping[int, str],
                    dfc: str) -> list[Defence]:
    plays = _plays(attack, hand, effects, dfc)
    return merge_defences(attack, ((t, chosen + extra) for t, _, chosen, extra in plays))


def best_defences(attack: str | Iterable[Card] | Iterable[str], hand: str | Iterable[Card] | Iterable[str],
                  objective: str = SHED, *, keep: str | Iterable[Card] | Iterable[str] = (),
                  face_effects: Mapping[Any, str] | str | None = None,
                  defence_face_cards: str = NEVER) -> list[Defence]:
    """Every optimal answer (ties all listed, canonical order) under ``objective``:

    * ``shed``: most hand cards shed;
    * ``take``: fewest attack cards taken;
    * ``keep``: no card of ``keep`` may be played; then most hand cards shed.

    Surrender is a candidate too, so the answer is ``[surrender]`` exactly when no (allowed)
    defence exists."""
    a, h, effects, dfc = _prepare(attack, hand, face_effects, defence_face_cards)
    if objective not in OBJECTIVES:
        raise InputError(f"objective: {quoted(objective)} is not one of {' | '.join(OBJECTIVES)}")
    kept = check_keep(keep, h)
    if kept and objective != KEEP:
        raise InputError(f"keep: only used with objective {KEEP!r}")
    # Score the raw plays first; only the optimal ones become Defence objects.
    taken_by_target = {t: len(a) - len(target_cards(a, t)) for t in TARGETS}
    best_score: int | None = None
    best_plays: list[tuple[str, tuple[Card, ...]]] = []
    for target, _, chosen, extra in _plays(a, h, effects, dfc, kept):
        score = -taken_by_target[target] if objective == TAKE else len(chosen) + len(extra)
        if best_score is None or score > best_score:
            best_score, best_plays = score, []
        if score == best_score:
            best_plays.append((target, chosen + extra))
    if not best_plays:
        return [surrender(a)]
    # Surrender never ties a defence: it sheds 0 cards and takes every attack card.
    return merge_defences(a, best_plays)


def check_keep(keep: str | Iterable[Card] | Iterable[str], hand: Sequence[Card]) -> frozenset[Card]:
    """The ``keep`` cards, each of which must be in the hand."""
    kept = check_cards(keep, "keep")
    in_hand = set(hand)
    for c in kept:
        if c not in in_hand:
            raise InputError(f"keep: {c.ascii} is not in the hand")
    return frozenset(kept)


def can_defend(attack: str | Iterable[Card] | Iterable[str], hand: str | Iterable[Card] | Iterable[str], *,
               target: str | None = None, face_effects: Mapping[Any, str] | str | None = None) -> bool:
    """Whether some legal defence exists (of ``target`` if given, else of any target)."""
    a, h, effects, _ = _prepare(attack, hand, face_effects, NEVER)
    sums = nonempty_subset_sums(card_value(c) for c in h if is_pip(c))
    targets = available_targets(a, effects)
    if target is not None:
        if target not in TARGETS:
            raise InputError(f"target: {quoted(target)} is not one of {' | '.join(TARGETS)}")
        targets = tuple(t for t in targets if t == target)
    return any(target_total(a, t) in sums for t in targets)


# --- the attacker's side ---------------------------------------------------------------

@dataclass(frozen=True)
class AttackVerdict:
    """One legal attack and which targets the defender can meet."""

    cards: tuple[Card, ...]
    total: int
    targets: tuple[str, ...]
    """Targets open to the defender (:func:`available_targets`)."""
    defendable: tuple[str, ...]
    """Targets the defender's hand can actually meet."""

    @property
    def whole_defendable(self) -> bool:
        """Whether the whole attack can be cancelled."""
        return WHOLE in self.defendable

    def sort_key(self) -> tuple[Any, ...]:
        """Fewer cards first, then the cards."""
        return (len(self.cards), tuple(display_key(c) for c in self.cards))

    def to_json(self) -> dict[str, Any]:
        """Machine form."""
        return {"cards": [c.ascii for c in self.cards], "total": self.total,
                "targets": list(self.targets), "defendable": list(self.defendable)}

    def __str__(self) -> str:
        rest = ("no defence at all" if not self.defendable
                else "defender can still cancel " + ", ".join(self.defendable))
        return f"{cards_text(self.cards)} ({signed_text(self.total)}): {rest}"


@dataclass(frozen=True)
class CrushingAttacks:
    """The attacker's side: every legal attack the defender cannot cancel whole."""

    legal_attacks: int
    """How many legal attacks the attacker's hand has."""
    no_whole: tuple[AttackVerdict, ...]
    """Legal attacks with no defence of the whole attack (sorted)."""
    attack_allowed: bool
    """003 "no player may attack a player with fewer cards in hand than them": ``False`` when the
    defender holds fewer cards than the attacker (the attacks are listed anyway)."""

    @property
    def no_defence(self) -> tuple[AttackVerdict, ...]:
        """Legal attacks with no defence at all (a subset of :attr:`no_whole`)."""
        return tuple(v for v in self.no_whole if not v.defendable)

    def to_json(self) -> dict[str, Any]:
        """Machine form."""
        return {"legal_attacks": self.legal_attacks, "attack_allowed": self.attack_allowed,
                "no_whole_defence": [v.to_json() for v in self.no_whole],
                "no_defence": [v.to_json() for v in self.no_defence]}


def legal_attacks(attacker_hand: str | Iterable[Card] | Iterable[str], defender_hand_size: int) -> list[tuple[Card, ...]]:
    """Every legal attack (see :func:`validate_attack`) from the attacker's hand, sorted."""
    hand = check_cards(attacker_hand, "attacker_hand")
    pips = sort_cards(c for c in hand if is_pip(c))
    faces = sort_cards(c for c in hand if is_face(c))
    out: list[tuple[Card, ...]] = []
    for k in range(1, MAX_ATTACK_PIPS + 1):
        for chosen in itertools.combinations(pips, k):
            if sum(card_value(c) for c in chosen) == 0:
                continue
            for j in range(MAX_ATTACK_FACES + 1):
                if k + j > defender_hand_size:
                    break
                for face in itertools.combinations(faces, j):
                    out.append(sort_cards(chosen + face))
    out.sort(key=lambda cs: (len(cs), tuple(display_key(c) for c in cs)))
    return out


def attack_verdicts(attacker_hand: str | Iterable[Card] | Iterable[str],
                    defender_hand: str | Iterable[Card] | Iterable[str], *,
                    face_effects: Mapping[Any, str] | str | None = None) -> list[AttackVerdict]:
    """Every legal attack from ``attacker_hand`` with the targets ``defender_hand`` can meet, sorted."""
    ah = check_cards(attacker_hand, "attacker_hand")
    dh = check_cards(defender_hand, "hand")
    overlap = set(ah) & set(dh)
    if overlap:
        raise InputError(f"hand: {sort_cards(overlap)[0].ascii} is also in the attacker's hand")
    effects = normalise_face_effects(face_effects)
    sums = nonempty_subset_sums(card_value(c) for c in dh if is_pip(c))
    verdicts: list[AttackVerdict] = []
    for a in legal_attacks(ah, len(dh)):
        targets = available_targets(a, effects)
        defendable = tuple(t for t in targets if target_total(a, t) in sums)
        verdicts.append(AttackVerdict(a, sum(card_value(c) for c in a), targets, defendable))
    verdicts.sort(key=AttackVerdict.sort_key)
    return verdicts


def crushing_attacks(attacker_hand: str | Iterable[Card] | Iterable[str],
                     defender_hand: str | Iterable[Card] | Iterable[str], *,
                     face_effects: Mapping[Any, str] | str | None = None) -> CrushingAttacks:
    """Every legal attack from ``attacker_hand`` that leaves ``defender_hand`` no defence of the
    whole attack; :attr:`CrushingAttacks.no_defence` lists those with no defence at all.
    (``defence_face_cards`` does not matter here: face cards add 0 to a defence.)"""
    verdicts = attack_verdicts(attacker_hand, defender_hand, face_effects=face_effects)
    ah = check_cards(attacker_hand, "attacker_hand")
    dh = check_cards(defender_hand, "hand")
    return CrushingAttacks(len(verdicts), tuple(v for v in verdicts if not v.whole_defendable),
                           attack_allowed=len(dh) >= len(ah))
