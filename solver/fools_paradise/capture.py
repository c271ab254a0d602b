"""Optimal Fool's Paradise captures: every legal collection, and the best ones.

A pure function of a hand and a centre. The rule (000 §Collecting Cards):

    "a player must first choose a card from his or her hand, and then find a card or
    multiple cards that sum up to a multiple of the chosen card's value, where each single
    card collected is less than or equal to the player's card. Card suit does not play any
    role in collecting cards, only in point value (discussed later)."

and the values (000 §Card Values): 2-10 face value, J 11, Q 12, K 13, "Ace may be one or
fourteen". How the ace choice is made is open (RULES-NOTES §2, option ``ace``):

* ``either`` (default): the played ace and each collected ace are valued 1 or 14
  independently;
* ``low`` / ``high``: every ace is 1 / 14;
* ``either_per_play``: one choice, 1 or 14, for every ace of one collection (the played
  card included).

So a *collection* is a hand card ``h`` played with value ``v`` and a non-empty set ``S`` of
centre cards, each valued ``<= v``, whose values sum to a positive multiple of ``v``.
Centre cards are identified by their position in the centre list (several decks may put
the same card twice in the centre); hand cards by their position in the hand.

Scoring (RULES-NOTES §2, ``card_points``; the text is cut before its points table): one
function, :func:`card_score`, so a real table can be dropped in later. ``value``: a card
scores its value, an ace 14 (1 when ``ace == "low"``); ``count``: 1 per card. Both read the
rank only, though the sentence above gives suits a part in the lost point values: they are
suit-blind reconstructions, and :func:`rank_score` relies on it. The played
card scores too when ``played_card == "collected"``. A collection that takes every centre
card clears the board: +1 point (000 §Clearing the board: "Every time a player clears the
board, the player is awarded one point immediately").

Method (exact, no subset enumeration): legality and score depend only on how many cards of
each rank are taken, so the centre is grouped by rank and a dynamic program runs over the
groups and the residue of the sum modulo ``v`` (at most 13 groups x 14 residues x 4*decks+1
counts). It gives the optimum, the exact number of optimal (or of all legal) collections
as binomially weighted path counts, and a lazy, output-sensitive enumeration of the
optimal count vectors, each expanded into card positions. Aces are the last group because
under ``either`` with ``v = 14`` each collected ace adds 0 or 1 modulo 14, so ``c`` aces
add any residue in ``0..c``: a set of residues, which only the last group may have for the
path counts to stay exact.

The independent second method is :mod:`foolsolve.solver.fools_paradise.capture_z3`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import comb

from foolsolve.cards import ACE, Card
from foolsolve.errors import InputError, quoted

# The rule options' choices and the clear's point are the spec's (foolsolve.spec.fools_paradise: the
# Rules' option declarations, CLEAR_POINTS), written out here because the capture calculator imports no
# spec (``fools-paradise capture`` starts fast: tests/generic/test_cli_lazy_imports.py);
# tests/fools_paradise/test_capture_vs_spec.py checks that they are the spec's.
ACE_OPTIONS: tuple[str, ...] = ("either", "low", "high", "either_per_play")
"""Values of the ``ace`` rule option (default first)."""
OBJECTIVES: tuple[str, ...] = ("cards", "points", "clear")
"""``cards``: most centre cards; ``points``: most points; ``clear``: collections that clear
the centre, best by points among them."""
CARD_POINTS: tuple[str, ...] = ("value", "count")
"""Values of the ``card_points`` rule option (default first)."""
PLAYED_CARD: tuple[str, ...] = ("collected", "stays")
"""Values of the ``played_card`` rule option (default first)."""

ACE_LOW = 1
ACE_HIGH = 14
CLEAR_BONUS = 1
"""The spec's ``CLEAR_POINTS`` (000 §Clearing the board: "Every time a player clears the board,
the player is awarded one point immediately")."""


# --- values and scores ----------------------------------------------------------------------

def check_option(name: str, value: str, choices: Sequence[str]) -> None:
    """Raise :class:`InputError` naming the option when ``value`` is not one of ``choices``."""
    if value not in choices:
        raise InputError(f"{name}: {quoted(value)} is not one of {' | '.join(choices)}")


def card_score(card: Card, *, ace: str, card_points: str) -> int:
    """Points one collected card is worth (the one scorer; RULES-NOTES §2 ``card_points``).

    ``value``: 2-10 face, J 11, Q 12, K 13, ace 14 (1 when ``ace == "low"``);
    ``count``: 1 per card.
    """
    return rank_score(card.rank, ace=ace, card_points=card_points)


def rank_score(rank: int, *, ace: str, card_points: str) -> int:
    """:func:`card_score` of any card of this rank (every ``card_points`` choice is suit-blind)."""
    if card_points == "count":
        return 1
    if rank == ACE:
        return ACE_LOW if ace == "low" else ACE_HIGH
    return rank


def collection_points(played: Card, taken: Sequence[Card], *, centre_size: int, ace: str = "either",
                      card_points: str = "value", played_card: str = "collected") -> int:
    """Points of one collection: the taken cards, the played card when it is collected with
    them, and :data:`CLEAR_BONUS` when ``taken`` is the whole centre."""
    points = sum(card_score(c, ace=ace, card_points=card_points) for c in taken)
    if played_card == "collected":
        points += card_score(played, ace=ace, card_points=card_points)
    if taken and len(taken) == centre_size:
        points += CLEAR_BONUS
    return points


# --- collections ----------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class AceChoice:
    """One valuation of the aces of a collection.

    ``played``: the value (1 or 14) of the played card when it is an ace, else ``None``.
    ``low`` / ``high``: how many of the collected aces count 1 / 14. Aces are
    interchangeable for the sum, so under ``either`` *any* ``low`` of the collected aces
    may be the ones counted 1: this pair stands for all those assignments.
    """

    played: int | None
    low: int
    high: int

    def to_json(self) -> dict[str, int | None]:
        """``{"played": 14, "low": 1, "high": 0}``."""
        return {"played": self.played, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Collection:
    """A legal collection: the hand card at ``hand_index`` takes the centre cards at the
    positions ``taken`` (sorted), with every valid ace valuation in ``choices``."""

    hand_index: int
    card: Card
    taken: tuple[int, ...]
    cards: tuple[Card, ...]
    choices: tuple[AceChoice, ...]

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        """``(hand_index, taken)``: what identifies a collection."""
        return (self.hand_index, self.taken)

    def played_value(self, choice: AceChoice) -> int:
        """The played card's value under ``choice``."""
        return choice.played if choice.played is not None else self.card.rank

    def total(self, choice: AceChoice) -> int:
        """Sum of the taken cards' values under ``choice``."""
        non_aces = sum(c.rank for c in self.cards if c.rank != ACE)
        return non_aces + ACE_LOW * choice.low + ACE_HIGH * choice.high

    def to_json(self) -> dict[str, object]:
        """Machine form (cards in the ASCII form of position files)."""
        return {
            "hand_index": self.hand_index,
            "card": self.card.ascii,
            "taken": list(self.taken),
            "cards": [c.ascii for c in self.cards],
            "choices": [ch.to_json() for ch in self.choices],
        }


def ace_choices(played: Card, taken: Sequence[Card], *, ace: str = "either") -> tuple[AceChoice, ...]:
    """Every valuation under which ``played`` may collect ``taken`` (000 §Collecting Cards);
    empty when it may not. ``taken`` must be non-empty to be a collection."""
    if not taken:
        return ()
    non_aces = [c.rank for c in taken if c.rank != ACE]
    aces = len(taken) - len(non_aces)
    out: list[AceChoice] = []
    for mode in _modes(played, ace):
        v = mode.v
        # "each single card collected is less than or equal to the player's card"
        if any(r > v for r in non_aces):
            continue
        base = sum(non_aces)
        for low in range(aces + 1):
            high = aces - low
            if low and ACE_LOW not in mode.ace_values:
                continue
            if high and ACE_HIGH not in mode.ace_values:
                continue
            # "sum up to a multiple of the chosen card's value" (positive: the set is non-empty)
            if (base + ACE_LOW * low + ACE_HIGH * high) % v == 0:
                out.append(AceChoice(mode.played, low, high))
    return tuple(sorted(out, key=_choice_key))


def _choice_key(ch: AceChoice) -> tuple[int, int, int]:
    return (-1 if ch.played is None else ch.played, ch.low, ch.high)


def make_collection(hand: Sequence[Card], centre: Sequence[Card], hand_index: int, taken: Sequence[int],
                    *, ace: str = "either") -> Collection | None:
    """The collection ``hand[hand_index]`` takes ``centre[taken]``, or ``None`` if illegal."""
    positions = tuple(sorted(taken))
    cards = tuple(centre[p] for p in positions)
    choices = ace_choices(hand[hand_index], cards, ace=ace)
    if not choices:
        return None
    return Collection(hand_index, hand[hand_index], positions, cards, choices)


# --- the dynamic program ----------------------------------------------------------------------

@dataclass(frozen=True)
class _Mode:
    """One way to value the played card: ``v``, and the values a collected ace may take
    (each ``<= v``; both 1 and 14 only under ``either`` with ``v == 14``)."""

    played: int | None
    v: int
    ace_values: tuple[int, ...]


def _modes(played: Card, ace: str) -> list[_Mode]:
    """The played card's valuations. A non-ace has one; collected aces may count 1 (not 14:
    14 > v) except under ``high`` where they cannot be taken. The ace's first mode is 14."""
    if played.rank != ACE:
        return [_Mode(None, played.rank, () if ace == "high" else (ACE_LOW,))]
    if ace == "low":
        return [_Mode(ACE_LOW, ACE_LOW, (ACE_LOW,))]
    if ace == "high":
        return [_Mode(ACE_HIGH, ACE_HIGH, (ACE_HIGH,))]
    if ace == "either":
        return [_Mode(ACE_HIGH, ACE_HIGH, (ACE_LOW, ACE_HIGH)), _Mode(ACE_LOW, ACE_LOW, (ACE_LOW,))]
    # either_per_play: one value for every ace of the collection, the played one included
    return [_Mode(ACE_HIGH, ACE_HIGH, (ACE_HIGH,)), _Mode(ACE_LOW, ACE_LOW, (ACE_LOW,))]


@dataclass(frozen=True)
class _Group:
    """The centre cards of one rank: positions, score per card, and for each count
    ``c = 0..len(positions)`` the residues modulo ``v`` that ``c`` of them can add (empty:
    ``c`` of them cannot be taken)."""

    rank: int
    positions: tuple[int, ...]
    score: int
    residues: tuple[frozenset[int], ...]


def _rank_positions(centre: Sequence[Card]) -> list[tuple[int, tuple[int, ...]]]:
    """``(rank, positions)`` per rank present, ranks 2..K ascending, aces last."""
    by_rank: dict[int, list[int]] = {}
    for p, c in enumerate(centre):
        by_rank.setdefault(c.rank, []).append(p)
    return [(r, tuple(by_rank[r])) for r in sorted(by_rank)]


def _groups(centre_ranks: list[tuple[int, tuple[int, ...]]], mode: _Mode, scores: dict[int, int]) -> list[_Group]:
    v = mode.v
    out = []
    for rank, positions in centre_ranks:
        m = len(positions)
        residues: list[frozenset[int]] = [frozenset({0})]
        for c in range(1, m + 1):
            if rank != ACE:
                ok = rank <= v
                residues.append(frozenset({(c * rank) % v}) if ok else frozenset())
            else:
                residues.append(frozenset(
                    (ACE_LOW * low + ACE_HIGH * (c - low)) % v
                    for low in range(c + 1)
                    if (low == 0 or ACE_LOW in mode.ace_values) and (low == c or ACE_HIGH in mode.ace_values)
                ))
        out.append(_Group(rank, positions, scores[rank], tuple(residues)))
    for g in out[:-1]:
        assert all(len(r) <= 1 for r in g.residues), "only the last group may add a set of residues"
    return out


Table = list[list[int | None]]


def _best_table(groups: list[_Group], v: int) -> Table:
    """``tab[g][r]``: the best score of groups ``g..`` whose values add ``r`` modulo ``v``
    (``None``: impossible). ``tab[0][0]`` is the optimum (0 when only the empty set works)."""
    n = len(groups)
    tab: Table = [[None] * v for _ in range(n + 1)]
    tab[n][0] = 0
    for g in range(n - 1, -1, -1):
        grp, nxt, cur = groups[g], tab[g + 1], tab[g]
        for r in range(v):
            best: int | None = None
            for c, res in enumerate(grp.residues):
                for t in res:
                    b = nxt[(r - t) % v]
                    if b is not None and (best is None or b + c * grp.score > best):
                        best = b + c * grp.score
            cur[r] = best
    return tab


def _count_table(groups: list[_Group], v: int, tab: Table, *, optimal: bool) -> list[list[int]]:
    """Binomially weighted path counts: ``cnt[g][r]`` subsets of the cards of groups ``g..``
    adding ``r`` modulo ``v`` (``optimal``: only those scoring ``tab[g][r]``)."""
    n = len(groups)
    cnt = [[0] * v for _ in range(n + 1)]
    cnt[n][0] = 1
    for g in range(n - 1, -1, -1):
        grp, m = groups[g], len(groups[g].positions)
        for r in range(v):
            total = 0
            for c, res in enumerate(grp.residues):
                for t in res:
                    r2 = (r - t) % v
                    b = tab[g + 1][r2]
                    if b is None or (optimal and b + c * grp.score != tab[g][r]):
                        continue
                    total += comb(m, c) * cnt[g + 1][r2]
                    break  # one residue per count suffices (sets only occur in the last group)
            cnt[g][r] = total
    return cnt


def _vectors(groups: list[_Group], v: int, tab: Table, *, optimal: bool) -> Iterator[tuple[int, ...]]:
    """Count vectors (cards taken per group) adding 0 modulo ``v``: all of them, or those of
    optimal score. Every branch taken leads to an output (the table prunes dead ends)."""
    n = len(groups)
    acc: list[int] = []

    def rec(g: int, r: int, need: int | None) -> Iterator[tuple[int, ...]]:
        if g == n:
            yield tuple(acc)
            return
        grp = groups[g]
        for c in range(len(grp.residues) - 1, -1, -1):
            for t in grp.residues[c]:
                r2 = (r - t) % v
                b = tab[g + 1][r2]
                if b is None or (need is not None and b + c * grp.score != need):
                    continue
                acc.append(c)
                yield from rec(g + 1, r2, None if need is None else need - c * grp.score)
                acc.pop()
                break

    return rec(0, 0, tab[0][0] if optimal else None)


def _vector_legal(groups: list[_Group], v: int, vector: tuple[int, ...]) -> bool:
    """Whether a count vector adds 0 modulo ``v`` (and each count is takeable)."""
    reach = {0}
    for grp, c in zip(groups, vector):
        res = grp.residues[c]
        reach = {(r + t) % v for r in reach for t in res}
        if not reach:
            return False
    return 0 in reach and any(vector)


def _expand(groups: list[_Group], vector: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every set of positions with the counts of ``vector``, sorted."""
    parts = [itertools.combinations(g.positions, c) for g, c in zip(groups, vector)]
    for combo in itertools.product(*(list(p) for p in parts)):
        yield tuple(sorted(itertools.chain.from_iterable(combo)))


def _weight(groups: list[_Group], vector: tuple[int, ...]) -> int:
    w = 1
    for g, c in zip(groups, vector):
        w *= comb(len(g.positions), c)
    return w


# --- all legal collections -------------------------------------------------------------------

def _hand_plans(card: Card, centre: Sequence[Card], ace: str, scores: dict[int, int]
                ) -> list[tuple[_Mode, list[_Group]]]:
    ranks = _rank_positions(centre)
    return [(mode, _groups(ranks, mode, scores)) for mode in _modes(card, ace)]


def legal_counts(hand: Sequence[Card], centre: Sequence[Card], *, ace: str = "either") -> list[int]:
    """For each hand card, how many legal collections it has (exact, without listing them)."""
    check_option("ace", ace, ACE_OPTIONS)
    ones = {r: 1 for r in range(2, ACE + 1)}
    out = []
    for card in hand:
        plans = _hand_plans(card, centre, ace, ones)
        total = 0
        for i, (mode, groups) in enumerate(plans):
            tab = _best_table(groups, mode.v)
            if i == 0:
                total += _count_table(groups, mode.v, tab, optimal=False)[0][0] - 1  # not the empty set
            else:
                # a later mode (the ace played as 1) counts only sets no earlier mode allows
                for vec in _vectors(groups, mode.v, tab, optimal=False):
                    if any(vec) and not any(_vector_legal(g0, m0.v, vec) for m0, g0 in plans[:i]):
                        total += _weight(groups, vec)
        out.append(total)
    return out


def count_legal_collections(hand: Sequence[Card], centre: Sequence[Card], *, ace: str = "either") -> int:
    """How many legal collections there are in all (hand card x centre subset)."""
    return sum(legal_counts(hand, centre, ace=ace))


def iter_legal_collections(hand: Sequence[Card], centre: Sequence[Card], *, ace: str = "either",
                           only: int | None = None) -> Iterator[Collection]:
    """Every legal collection, hand card by hand card, lazily (there may be exponentially
    many: count them first with :func:`legal_counts`); ``only``: of that hand index."""
    check_option("ace", ace, ACE_OPTIONS)
    ones = {r: 1 for r in range(2, ACE + 1)}
    for h, card in enumerate(hand):
        if only is not None and h != only:
            continue
        plans = _hand_plans(card, centre, ace, ones)
        for i, (mode, groups) in enumerate(plans):
            tab = _best_table(groups, mode.v)
            for vec in _vectors(groups, mode.v, tab, optimal=False):
                if not any(vec) or any(_vector_legal(g0, m0.v, vec) for m0, g0 in plans[:i]):
                    continue
                for taken in _expand(groups, vec):
                    col = make_collection(hand, centre, h, taken, ace=ace)
                    assert col is not None, "the DP produced an illegal collection"
                    yield col


def legal_collections(hand: Sequence[Card], centre: Sequence[Card], *, ace: str = "either",
                      limit: int | None = None, only: int | None = None) -> list[Collection]:
    """Every legal collection (the first ``limit``; ``only``: of that hand index), sorted by
    hand index then positions."""
    it = iter_legal_collections(hand, centre, ace=ace, only=only)
    cols = list(it if limit is None else itertools.islice(it, limit))
    return sorted(cols, key=lambda c: c.key)


# --- best collections --------------------------------------------------------------------------

@dataclass(frozen=True)
class ScoredCollection:
    """A collection with its score under the report's rules."""

    collection: Collection
    cards: int
    points: int
    clears: bool

    def to_json(self) -> dict[str, object]:
        """Machine form."""
        return self.collection.to_json() | {"n_cards": self.cards, "points": self.points, "clears": self.clears}


@dataclass
class CaptureReport:
    """The best collections under one objective: the optimum, how many collections reach
    it, and (up to the limit) every one of them."""

    objective: str
    ace: str
    card_points: str
    played_card: str
    value: int | None
    """The optimum (centre cards for ``cards``, points otherwise); ``None``: no collection
    (for ``clear``: none clears the centre)."""
    count: int
    """How many collections reach the optimum (exact, even when not all are listed)."""
    best: list[ScoredCollection] = field(default_factory=list)
    """The optimal collections, sorted by hand index and positions (at most the limit)."""
    method: str = "dp"
    seconds: float = 0.0
    count_exact: bool = True
    """Whether :attr:`count` is exact (the DP's always is; Z3's only when it listed them
    all, else it is a lower bound)."""

    @property
    def truncated(self) -> bool:
        """Whether some optimal collections are not listed."""
        return len(self.best) < self.count or not self.count_exact

    @property
    def keys(self) -> set[tuple[int, tuple[int, ...]]]:
        """``(hand_index, taken)`` of the listed collections."""
        return {s.collection.key for s in self.best}

    def to_json(self) -> dict[str, object]:
        """Machine form."""
        return {
            "objective": self.objective, "ace": self.ace, "card_points": self.card_points,
            "played_card": self.played_card, "value": self.value, "count": self.count,
            "count_exact": self.count_exact, "truncated": self.truncated, "method": self.method,
            "seconds": round(self.seconds, 6),
            "best": [s.to_json() for s in self.best],
        }


def score_collection(col: Collection, centre_size: int, *, ace: str, card_points: str, played_card: str
                     ) -> ScoredCollection:
    """Score a collection under the rules."""
    pts = collection_points(col.card, col.cards, centre_size=centre_size, ace=ace,
                            card_points=card_points, played_card=played_card)
    return ScoredCollection(col, len(col.taken), pts, len(col.taken) == centre_size)


def check_options(*, ace: str, objective: str, card_points: str, played_card: str) -> None:
    """Validate the option values (one-line :class:`InputError` naming the option)."""
    check_option("ace", ace, ACE_OPTIONS)
    check_option("objective", objective, OBJECTIVES)
    check_option("card_points", card_points, CARD_POINTS)
    check_option("played_card", played_card, PLAYED_CARD)


def best_collections(hand: Sequence[Card], centre: Sequence[Card], *, ace: str = "either",
                     objective: str = "cards", card_points: str = "value", played_card: str = "collected",
                     limit: int | None = 1000) -> CaptureReport:
    """The optimal collections under ``objective``, ties all listed (up to ``limit``; the
    count is always exact). Runs in time polynomial in the centre size plus the output."""
    import time

    check_options(ace=ace, objective=objective, card_points=card_points, played_card=played_card)
    t0 = time.perf_counter()
    n = len(centre)
    report = CaptureReport(objective, ace, card_points, played_card, None, 0)

    def scored(col: Collection) -> ScoredCollection:
        return score_collection(col, n, ace=ace, card_points=card_points, played_card=played_card)

    if objective == "clear":
        # only the whole centre clears; best by points among the hand cards that can take it
        whole = list(range(n))
        cands = [c for h in range(len(hand)) if n and (c := make_collection(hand, centre, h, whole, ace=ace))]
        if cands:
            best = max(scored(c).points for c in cands)
            report.best = [scored(c) for c in cands if scored(c).points == best]
            report.value, report.count = best, len(report.best)
            report.best = report.best[:limit] if limit is not None else report.best
        report.seconds = time.perf_counter() - t0
        return report

    if objective == "cards":
        scores = {r: 1 for r in range(2, ACE + 1)}
    else:
        scores = {r: rank_score(r, ace=ace, card_points=card_points) for r in range(2, ACE + 1)}

    # per (hand card, mode): the optimum of the taken cards, and the constant added to it
    plans: list[tuple[int, list[tuple[_Mode, list[_Group], Table, int]]]] = []
    top: int | None = None
    for h, card in enumerate(hand):
        rows = []
        extra = 0
        if objective == "points" and played_card == "collected":
            extra = card_score(card, ace=ace, card_points=card_points)
        for mode, groups in _hand_plans(card, centre, ace, scores):
            tab = _best_table(groups, mode.v)
            opt = tab[0][0]
            assert opt is not None
            if opt == 0:
                continue  # only the empty set
            full = tuple(len(g.positions) for g in groups)
            bonus = CLEAR_BONUS if objective == "points" and _vector_legal(groups, mode.v, full) else 0
            # if the whole centre is legal it is this mode's unique optimum (every card scores > 0)
            value = opt + extra + bonus
            rows.append((mode, groups, tab, value))
            top = value if top is None or value > top else top
        plans.append((h, rows))
    if top is None:
        report.seconds = time.perf_counter() - t0
        return report

    count = 0
    listed: list[ScoredCollection] = []
    for h, rows in plans:
        for i, (mode, groups, tab, value) in enumerate(rows):
            if value != top:
                continue
            earlier = [(m0.v, g0) for m0, g0, _, _ in rows[:i]]
            if i == 0:
                count += _count_table(groups, mode.v, tab, optimal=True)[0][0]
                vecs: Iterator[tuple[int, ...]] = _vectors(groups, mode.v, tab, optimal=True)
            else:
                fresh = [vec for vec in _vectors(groups, mode.v, tab, optimal=True)
                         if not any(_vector_legal(g0, v0, vec) for v0, g0 in earlier)]
                count += sum(_weight(groups, vec) for vec in fresh)
                vecs = iter(fresh)
            for vec in vecs:
                if limit is not None and len(listed) >= limit:
                    break
                for taken in _expand(groups, vec):
                    if limit is not None and len(listed) >= limit:
                        break
                    col = make_collection(hand, centre, h, taken, ace=ace)
                    assert col is not None, "the DP produced an illegal collection"
                    listed.append(scored(col))
    report.value, report.count = top, count
    report.best = sorted(listed, key=lambda s: s.collection.key)
    report.seconds = time.perf_counter() - t0
    return report


def objective_value(sc: ScoredCollection, objective: str) -> int:
    """The objective's value of a scored collection (``cards`` or points)."""
    return sc.cards if objective == "cards" else sc.points
