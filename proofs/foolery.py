"""Proofs of Foolery's card relations (004 §Hands, §Follow, §Trumping, §Fool).

The domains are finite and every proof covers the whole of its domain:

* **Five-card hands**: every five-card hand of the 78-card deck (22,590 with aces low, 23,610
  with ``straight_wrap``), as the spec's own ``five_card_hands`` lists them from the whole deck.
  Two hands compare by their classes (``classify_hand``'s category and deciding rank), so each
  pair of hands is a pair of classes; Z3 searches the pairs of classes.
* **Plays**: every kind of play the trick can hold, one representative per class of what
  ``combination`` makes of it (a set: its size and rank; a hand: its class; a trump set: its
  size and top trump; the Fool), every pair of a play and the play it follows, under every
  setting of the options that change the relation (``trump_beats_trump``, ``straight_wrap``).

Each proof reads the functions it is about when it runs (a wrong function, patched in, is
refuted with a counterexample in cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import product
from math import comb
from typing import Any

import z3

from foolsolve import z3run
from foolsolve.cards import TAROT78, TRUMP, Card
from foolsolve.proofs.registry import CardAccounting, Outcome, Proof
from foolsolve.spec import foolery as S

SET, HAND, TRUMPS, FOOL = 0, 1, 2, 3
"""Kind codes of a play in the Z3 models (as the engine numbers them)."""
KINDS = {"set": SET, "hand": HAND, "trumps": TRUMPS, "fool": FOOL}


def _text(cards: Sequence[Card]) -> str:
    return " ".join(c.ascii for c in sorted(cards, key=lambda c: c.index))


def _rules(wrap: bool = False, same: bool = False) -> S.Rules:
    return S.Rules(straight_wrap=wrap, trump_beats_trump="same" if same else "fewer")


_LISTED: dict[tuple[Any, ...], list[tuple[tuple[Card, ...], tuple[int, int] | None]]] = {}


def _whole_deck_hands(rules: S.Rules) -> list[tuple[Card, ...]]:
    """Every five-card hand of the deck, as the spec lists them."""
    return [h for h, _ in _classified(rules)]


def _classified(rules: S.Rules) -> list[tuple[tuple[Card, ...], tuple[int, int] | None]]:
    """:func:`_whole_deck_hands` with the spec's ``classify_hand`` of each, computed once per
    setting and per version of the two spec functions (a function patched in is read anew)."""
    key = (S.five_card_hands, S.classify_hand, rules.straight_wrap)
    if key not in _LISTED:
        for old in [k for k in _LISTED if k[:2] != key[:2]]:
            del _LISTED[old]
        _LISTED[key] = [(tuple(h), S.classify_hand(h, rules)) for h in S.five_card_hands(TAROT78.cards, rules)]
    return _LISTED[key]


# --- the text's categories (the model the order proof is stated in) -----------------------


def text_class(cards: Sequence[Card], wrap: bool) -> tuple[int, int] | None:
    """The category and deciding rank of five cards by the words of 004 §Hands, written here
    apart from the spec: five of a kind is four cards of a rank and the trump of that number;
    a straight is five consecutive ranks (aces low; with ``straight_wrap`` also J C Q K A, its
    top 15); a flush five cards of one suit; a full house three of a rank and two of another;
    the deciding rank is the highest card, a straight's top, a full house's triple."""
    trumps = [c for c in cards if c.suit == TRUMP]
    suited = [c for c in cards if c.suit != TRUMP]
    ranks = sorted(c.rank for c in suited)
    if trumps:
        t = trumps[0]
        ok = len(trumps) == 1 and 1 <= t.rank <= 14 and ranks == [t.rank] * 4
        return (S.FIVE_OF_A_KIND, t.rank) if ok else None
    one_suit = len({c.suit for c in suited}) == 1
    top = None
    if len(set(ranks)) == 5 and ranks[4] - ranks[0] == 4:
        top = ranks[4]
    elif wrap and ranks == [1, 11, 12, 13, 14]:
        top = 15
    counts = sorted(Counter(ranks).values())
    if top is not None and one_suit:
        return (S.STRAIGHT_FLUSH, top)
    if counts == [2, 3]:
        return (S.FULL_HOUSE, Counter(ranks).most_common(1)[0][0])
    if one_suit:
        return (S.FLUSH, ranks[4])
    if top is not None:
        return (S.STRAIGHT, top)
    return None


# --- Z3 helpers --------------------------------------------------------------------------------


W = 16
"""Width of the Z3 bit-vectors that hold indices and small numbers (signed: -1 is a comparison's
"lower"); every number here is far inside it, and bit-vectors keep the search a SAT problem."""


def bv(v: int, like: z3.ExprRef | None = None) -> z3.ArithRef:
    """A constant of the sort of ``like`` (an integer, or by default a bit-vector)."""
    if like is not None and z3.is_int(like):
        return z3.IntVal(v)
    return z3.BitVecVal(v, W)


class Tables:
    """Finite tables as Z3 terms over symbolic indices (bit-vectors below ``n``): a table of
    numbers is an If-chain over its index; a two-index table of truth values is an If-chain over
    the first index of each row's true second indices, as runs ``lo <= y <= hi``."""

    def __init__(self, n: int, *, integers: bool = False) -> None:
        self.n = n
        self.integers = integers
        """Integer indices and numbers instead of bit-vectors (faster where three indices meet)."""

    def index(self, name: str) -> tuple[z3.ArithRef, z3.BoolRef]:
        """A symbolic index and its range."""
        if self.integers:
            x = z3.Int(name)
            return x, z3.And(x >= 0, x < self.n)
        y = z3.BitVec(name, W)
        return y, z3.ULT(y, self.n)

    def value(self, values: Sequence[int], x: z3.ArithRef) -> z3.ArithRef:
        """``values[x]``."""
        out: z3.ArithRef = bv(values[-1], x)
        for k in range(len(values) - 2, -1, -1):
            out = z3.If(x == k, bv(values[k], x), out)
        return out

    @staticmethod
    def _runs(row: Sequence[bool], y: z3.ArithRef) -> z3.BoolRef:
        parts = []
        b = 0
        while b < len(row):
            if row[b]:
                e = b
                while e + 1 < len(row) and row[e + 1]:
                    e += 1
                parts.append(y == b if e == b else z3.And(y >= b, y <= e) if z3.is_int(y)
                             else z3.And(z3.UGE(y, b), z3.ULE(y, e)))
                b = e + 1
            else:
                b += 1
        return z3.Or(parts) if parts else z3.BoolVal(False)

    def truth(self, table: Sequence[Sequence[bool]], x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef:
        """``table[x][y]``."""
        out = self._runs(table[-1], y)
        for k in range(len(table) - 2, -1, -1):
            out = z3.If(x == k, self._runs(table[k], y), out)
        return out

    def number(self, table: Sequence[Sequence[int]], x: z3.ArithRef, y: z3.ArithRef) -> z3.ArithRef:
        """``table[x][y]`` for a table of a few distinct numbers (one truth table each)."""
        values = sorted({v for row in table for v in row})
        out: z3.ArithRef = bv(values[-1], x)
        for v in values[:-1]:
            out = z3.If(self.truth([[w == v for w in row] for row in table], x, y), bv(v, x), out)
        return out


def _cmp(x: z3.ArithRef, y: z3.ArithRef) -> z3.ArithRef:
    return z3.If(x > y, bv(1, x), z3.If(x < y, bv(-1, x), bv(0, x)))


def _lex_cmp(a: tuple[z3.ArithRef, z3.ArithRef], b: tuple[z3.ArithRef, z3.ArithRef]) -> z3.ArithRef:
    return z3.If(a[0] != b[0], _cmp(a[0], b[0]), _cmp(a[1], b[1]))


def _solve(s: z3.Solver, decode: Callable[[z3.ModelRef], str]) -> Outcome:
    r = z3run.check(s)
    if r == z3.unsat:
        return Outcome(True)
    if r == z3.sat:
        return Outcome(False, decode(s.model()))
    return Outcome(False, f"z3 answered {r}")


# --- 1. the engine's hand order equals the spec's ---------------------------------------------


def _engine_keys(wrap: bool) -> tuple[dict[int, int], dict[int, str]]:
    """The engine's own key of every five-card hand it lists from the whole deck (its move
    generator's list), checked against what its classifier ``combo_of`` and the compiled
    playout's classifier make of the same cards: mask -> key, and mask -> why the engine
    disagrees with itself."""
    from foolsolve.engines import foolery as engine
    from foolsolve.engines import foolery_native as native

    low = (1 << 64) - 1
    keys: dict[int, int] = {}
    inner: dict[int, str] = {}
    for key, mask in engine.five_card_hands(engine.ALL_CARDS, wrap):
        keys[mask] = key
        combo = engine.combo_of(mask, wrap)
        compiled = tuple(int(x) for x in native._combo(mask & low, mask >> 64, wrap, native._SCRATCH))
        if combo != (engine.HAND, 5, key) or compiled != (engine.HAND, 5, key):
            inner[mask] = f"listed with key {key}, combo_of {combo}, compiled classifier {compiled}"
    return keys, inner


def _mask(cards: Sequence[Card]) -> int:
    return sum(1 << c.index for c in cards)


def _for_both_wraps(one: Callable[[bool], Outcome]) -> Outcome:
    """``one`` under ``straight_wrap`` off, then on: the first refutation, or both details."""
    counts = []
    for wrap in (False, True):
        out = one(wrap)
        if not out.proved:
            return out
        counts.append(out.detail)
    return Outcome(True, "; ".join(counts))


def _engine_hand_order_equals_spec() -> Outcome:
    """See the proof's statement."""
    return _for_both_wraps(_engine_hand_order_one)


def deck_hand_count(wrap: bool) -> int:
    """How many five-card hands the deck holds, counted by shape: a straight is one card of
    each of five ranks in a window (10 windows, 11 with ``straight_wrap``, 4^5 choices of suits),
    a flush five of the 14 ranks of one suit (the straight flushes counted in both, once
    subtracted), a full house a triple and a pair of two ranks, five of a kind one per rank
    A..K."""
    windows = 10 + wrap
    return windows * 4 ** 5 + 4 * comb(14, 5) - 4 * windows + 14 * 13 * comb(4, 3) * comb(4, 2) + 14


def _engine_hand_order_one(wrap: bool) -> Outcome:
    from foolsolve.engines import foolery as engine

    rules = _rules(wrap=wrap)
    classified = _classified(rules)
    expected = deck_hand_count(wrap)
    if len({_mask(h) for h, _ in classified}) != expected:
        return Outcome(False, f"straight_wrap {wrap}: the spec lists {len(classified)} five-card hands "
                              f"({len({_mask(h) for h, _ in classified})} distinct), the deck holds {expected}")
    by_mask = {_mask(h): h for h, _ in classified}
    spec_class = {_mask(h): k for h, k in classified}
    keys, inner = _engine_keys(wrap)
    for mask in keys.keys() - by_mask.keys():
        return Outcome(False, f"straight_wrap {wrap}: the engine lists {_text(engine._cards(mask))} as a hand, "
                              "the spec does not")
    for mask in by_mask.keys() - keys.keys():
        return Outcome(False, f"straight_wrap {wrap}: the spec lists {_text(by_mask[mask])} as a hand, "
                              "the engine does not")
    if inner:
        mask, why = next(iter(inner.items()))
        return Outcome(False, f"straight_wrap {wrap}: the engine's classifiers differ on {_text(by_mask[mask])}: {why}")
    # classes: (spec class, engine key), one representative hand each
    reps: dict[tuple[tuple[int, int], int], tuple[Card, ...]] = {}
    for mask, hand in by_mask.items():
        k = spec_class[mask]
        if k is None:
            return Outcome(False, f"straight_wrap {wrap}: the spec lists {_text(hand)} but classifies it as no hand")
        reps.setdefault((k, keys[mask]), hand)
    classes = list(reps)
    hands = [reps[c] for c in classes]
    spec_cmp = [[S.compare_hands(x, y, rules) for y in hands] for x in hands]
    tables = Tables(len(classes))
    (i, ri), (j, rj) = tables.index("i"), tables.index("j")
    ekeys = [c[1] for c in classes]
    s = z3.Solver()
    s.add(ri, rj, _cmp(tables.value(ekeys, i), tables.value(ekeys, j)) != tables.number(spec_cmp, i, j))

    def decode(m: z3.ModelRef) -> str:
        a, b = (m.eval(x, model_completion=True).as_long() for x in (i, j))
        word = {-1: "lower than", 0: "equal to", 1: "higher than"}
        e = (ekeys[a] > ekeys[b]) - (ekeys[a] < ekeys[b])
        return (f"straight_wrap {wrap}: {_text(hands[a])} against {_text(hands[b])}: the engine says "
                f"{word[e]} (keys {ekeys[a]}, {ekeys[b]}), the spec {word.get(spec_cmp[a][b], spec_cmp[a][b])}")

    out = _solve(s, decode)
    if not out.proved:
        return out
    return Outcome(True, f"{len(by_mask)} hands in {len(classes)} classes (straight_wrap {wrap})")


# --- 2. the spec's hand order is a total preorder, in the text's category order ----------------


def _hand_order_is_a_total_preorder() -> Outcome:
    """See the proof's statement."""
    return _for_both_wraps(_preorder_one)


def _preorder_one(wrap: bool) -> Outcome:
    rules = _rules(wrap=wrap)
    reps: dict[tuple[int, int], tuple[Card, ...]] = {}
    for hand, got in _classified(rules):
        want = text_class(hand, wrap)
        if want != got:
            return Outcome(False, f"straight_wrap {wrap}: {_text(hand)} is {_class_text(want)} by the text, "
                                  f"{_class_text(got)} by the spec's classify_hand")
        assert want is not None
        reps.setdefault(want, hand)
    classes = sorted(reps)
    hands = [reps[c] for c in classes]
    n = len(classes)
    cmp_values = [[S.compare_hands(x, y, rules) for y in hands] for x in hands]
    combos = [S.combination(h, rules) for h in hands]
    follows = [[S.beats(x, y, rules) for y in combos] for x in combos]  # type: ignore[arg-type]
    tables = Tables(n, integers=True)
    (i, ri), (j, rj), (k, rk) = tables.index("i"), tables.index("j"), tables.index("k")

    def cat(x: z3.ArithRef) -> z3.ArithRef:
        return tables.value([c[0] for c in classes], x)

    def rank(x: z3.ArithRef) -> z3.ArithRef:
        return tables.value([c[1] for c in classes], x)

    def cmp(x: z3.ArithRef, y: z3.ArithRef) -> z3.ArithRef:
        return tables.number(cmp_values, x, y)

    s = z3.Solver()
    s.add(ri, rj, rk)
    violations = {
        "not reflexive": cmp(i, i) != 0,
        "not total (an answer other than lower, equal, higher)": z3.Not(z3.Or(cmp(i, j) == -1, cmp(i, j) == 0,
                                                                             cmp(i, j) == 1)),
        "not antisymmetric": cmp(i, j) != -cmp(j, i),
        "not transitive": z3.And(cmp(i, j) >= 0, cmp(j, k) >= 0, cmp(i, k) < 0),
        "against the category order": z3.And(cat(i) > cat(j), cmp(i, j) != 1),
        "against the deciding rank": z3.And(cat(i) == cat(j), cmp(i, j) != _cmp(rank(i), rank(j))),
        "not 'equal or higher' follows": tables.truth(follows, i, j) != (cmp(i, j) >= 0),
    }
    for what, bad in violations.items():
        s.push()
        s.add(bad)

        def decode(m: z3.ModelRef, what: str = what) -> str:
            a, b, c = (m.eval(x, model_completion=True).as_long() for x in (i, j, k))
            shown = [a, b, c] if what == "not transitive" else [a, b] if a != b else [a]
            cards = "; ".join(f"{_text(hands[x])} ({_class_text(classes[x])})" for x in shown)
            pairs = ", ".join(f"compare({p + 1}, {q + 1}) = {cmp_values[shown[p]][shown[q]]}"
                              for p in range(len(shown)) for q in range(len(shown)) if p < q or len(shown) == 1)
            return f"straight_wrap {wrap}: {what}: {cards}: {pairs}"

        out = _solve(s, decode)
        s.pop()
        if not out.proved:
            return out
    return Outcome(True, f"{n} classes (straight_wrap {wrap})")


def _class_text(k: tuple[int, int] | None) -> str:
    if k is None:
        return "no hand"
    return f"{S.CATEGORY_NAMES[k[0]]}, rank {k[1]}"


# --- 3. the plays a trick can hold, and the follow relation ----------------------------------------


@dataclass(frozen=True)
class PlayClass:
    """One class of play: its representative cards and the Z3 model's numbers."""

    cards: tuple[Card, ...]
    kind: int
    count: int
    key1: int
    """A set's rank, a hand's category, a trump set's top trump."""
    key2: int
    """A hand's deciding rank (0 otherwise)."""


def play_classes(rules: S.Rules) -> list[PlayClass]:
    """One representative of every class of play: sets of 1-4 cards of each rank (the first
    suits), every hand class of the whole deck, trump sets of 1-3 trumps with each top (and the
    lowest trumps under it), the Fool."""
    suits = sorted({c.suit for c in S.SUIT_CARDS})
    out = [PlayClass(tuple(TAROT78.card(s, r) for s in suits[:n]), SET, n, r, 0)
           for n in range(1, 5) for r in range(1, 15)]
    seen: set[tuple[int, int]] = set()
    for hand in _whole_deck_hands(rules):
        k = text_class(hand, rules.straight_wrap)
        if k is not None and k not in seen:
            seen.add(k)
            out.append(PlayClass(hand, HAND, 5, k[0], k[1]))
    for n in (1, 2, 3):
        for top in range(n, 22):
            out.append(PlayClass(tuple(TAROT78.card(TRUMP, t) for t in (*range(1, n), top)), TRUMPS, n, top, 0))
    out.append(PlayClass((S.FOOL,), FOOL, 1, 0, 0))
    return out


def _text_follows(p: dict[str, z3.ArithRef], t: dict[str, z3.ArithRef], same: bool) -> z3.BoolRef:
    """Whether play ``p`` may follow play ``t``, by the words of 004 (§Follow, §Trumping, §Fool,
    §Variation), as a Z3 formula over the classes' numbers."""
    if same:  # §Variation: "three trumps to beat three trumps, and two trumps to beat two trumps"
        against_trumps = t["count"]
    else:  # §Trumping: "to beat 3 trumps you must play exactly 2 trumps, to play 2 trumps ... exactly 1"
        against_trumps = z3.If(t["count"] == 3, bv(2), bv(1))
    # §Trumping: "Any 3 trumps beat 5 cards, any 2 trumps beat 3 or 4 cards ... any 1 trump beats 1 or 2 cards"
    needed = z3.If(t["kind"] == TRUMPS, against_trumps,
                   z3.If(t["count"] <= 2, bv(1), z3.If(t["count"] <= 4, bv(2), bv(3))))
    # "A single trump can be beaten by a single higher trump"; "Higher trumps are needed to beat lower
    # ones, even when trumping 5 of a Kind"
    higher = z3.If(t["kind"] == TRUMPS, p["key1"] > t["key1"],
                   z3.If(z3.And(t["kind"] == HAND, t["key1"] == S.FIVE_OF_A_KIND), p["key1"] > t["key2"], True))
    trumping = z3.And(p["count"] == needed, higher)
    # §Follow: "the same number of cards in an equal or higher hand"
    same_kind = z3.And(p["kind"] == t["kind"], p["count"] == t["count"],
                       _lex_cmp((p["key1"], p["key2"]), (t["key1"], t["key2"])) >= 0)
    # §Fool: "The Fool beats everything and always ends the trick"
    return z3.If(t["kind"] == FOOL, False,
                 z3.If(p["kind"] == FOOL, True, z3.If(p["kind"] == TRUMPS, trumping, same_kind)))


def _class_vars(tables: Tables, classes: list[PlayClass], x: z3.ArithRef) -> dict[str, z3.ArithRef]:
    return {attr: tables.value([getattr(c, attr) for c in classes], x) for attr in ("kind", "count", "key1", "key2")}


def _relation_outcome(classes: list[PlayClass], table: list[list[int]], other: Callable[..., z3.BoolRef] | None,
                      other_table: list[list[int]] | None, label: str, names: tuple[str, str]) -> Outcome:
    """Z3: a pair (play i, top j) where ``table`` differs from the text's formula (``other``) or
    from ``other_table``."""
    tables = Tables(len(classes))
    (i, ri), (j, rj) = tables.index("i"), tables.index("j")
    s = z3.Solver()
    s.add(ri, rj)
    mine = tables.truth([[v == 1 for v in row] for row in table], i, j)
    if other is not None:
        s.add(z3.Xor(mine, other(_class_vars(tables, classes, i), _class_vars(tables, classes, j))))
    else:
        assert other_table is not None
        s.add(z3.Xor(mine, tables.truth([[v == 1 for v in row] for row in other_table], i, j)))

    def decode(m: z3.ModelRef) -> str:
        x, y = (m.eval(v, model_completion=True).as_long() for v in (i, j))
        says = "may follow" if table[x][y] else "may not follow"
        return (f"{label}: {_text(classes[x].cards)} after {_text(classes[y].cards)}: {names[0]} says it {says}, "
                f"{names[1]} the opposite")

    return _solve(s, decode)


def _spec_follows(classes: list[PlayClass], rules: S.Rules) -> list[list[int]]:
    combos = [S.combination(c.cards, rules) for c in classes]
    return [[int(S.beats(a, b, rules)) for b in combos] for a in combos]  # type: ignore[arg-type]


def _trumping_follows_the_text() -> Outcome:
    """See the proof's statement."""
    n = 0
    for wrap, same in product((False, True), (False, True)):
        rules = _rules(wrap, same)
        classes = play_classes(rules)
        for c in classes:
            combo = S.combination(c.cards, rules)
            want = (c.kind, c.count, (c.key1, c.key2) if c.kind == HAND else c.key1 if c.kind != FOOL else 0)
            got = None if combo is None else (KINDS[combo.kind], combo.count, combo.key)
            if got != want:
                return Outcome(False, f"{_text(c.cards)} is {want} by the text, the spec's combination says {got}")
        label = f"trump_beats_trump {rules.trump_beats_trump}, straight_wrap {wrap}"
        out = _relation_outcome(classes, _spec_follows(classes, rules), partial(_text_follows, same=same),
                                None, label, ("the spec", "the text"))
        if not out.proved:
            return out
        n = len(classes)
    return Outcome(True, f"{n} classes of play, every pair, under each of the 4 settings")


def engine_follows(classes: list[PlayClass], rules: S.Rules) -> list[list[int]]:
    """Whether the engine's move generators list play i after play j: the Python generator and
    the compiled playout's, on a trick whose play to beat is j and a player holding exactly the
    cards of i (1 where both list it, 0 where neither; -1 where they disagree). The Fool is never
    on the engine's table (it ends the trick), so nothing follows it."""
    import numpy as np

    from foolsolve.engines import foolery as engine
    from foolsolve.engines import foolery_native as native

    low = (1 << 64) - 1
    ctx = engine.EngineRules(rules, 3, 0, 1, None)
    other = engine.TRUMP_BITS[21]
    out = []
    for c in classes:
        mask = _mask(c.cards)
        row = []
        for t in classes:
            if t.kind == FOOL:
                row.append(0)
                continue
            tmask = _mask(t.cards)
            top = engine.combo_of(tmask, rules.straight_wrap)
            state = engine.EngineState(ctx, (mask, other, other), ((1, tmask),), top, 0, -1, (0, 0, 0), 0, 2)
            py = mask in engine.legal_moves(state)
            assert top is not None
            k = int(native._moves(mask & low, mask >> 64, top[0], top[1], top[2], ctx.same, ctx.wrap,
                                  native._OUT_S, native._OUT_T, native._SCRATCH))
            listed = np.any((native._OUT_S[:k] == (mask & low)) & (native._OUT_T[:k] == (mask >> 64)))
            row.append(int(py) if py == bool(listed) else -1)
        out.append(row)
    return out


def _engine_follows_equals_spec() -> Outcome:
    """See the proof's statement."""
    n = 0
    for wrap, same in product((False, True), (False, True)):
        rules = _rules(wrap, same)
        classes = play_classes(rules)
        eng = engine_follows(classes, rules)
        for x, row in enumerate(eng):
            for y, v in enumerate(row):
                if v < 0:
                    return Outcome(False, f"{_text(classes[x].cards)} after {_text(classes[y].cards)}: the engine's "
                                          "Python and compiled move generators disagree")
        spec = _spec_follows(classes, rules)
        label = f"trump_beats_trump {rules.trump_beats_trump}, straight_wrap {wrap}"
        out = _relation_outcome(classes, eng, None, spec, label, ("the engine", "the spec"))
        if not out.proved:
            return out
        n = len(classes)
    return Outcome(True, f"{n} classes of play, every pair, under each of the 4 settings")


# --- card accounting ------------------------------------------------------------------------------


def _zones(state: S.State) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {f"hand {i}": list(h) for i, h in enumerate(state.hands)}
    for k, (q, cs) in enumerate(state.table):
        out[f"table {k} (player {q})"] = list(cs)
    return out


def _may_leave(state: S.State, move: Any) -> list[Card]:
    """004 §Passing: "All played cards are set aside in a pile": only the trick's cards (those on
    the table and the ones just played) leave play."""
    out = [c for _, cs in state.table for c in cs]
    if isinstance(move, S.Play):
        out += move.cards
    return out


CARD_ACCOUNTING = CardAccounting(
    zones=_zones, deck=None, may_leave=_may_leave,
    note="hands and the plays on the table; the cards set aside are every other card, so cards leave play only "
         "from the trick (the table and the play just made) and none comes back")
"""Foolery: the spec derives the set-aside pile (every card neither held nor on the table)."""


PROOFS = [
    Proof("foolery.engine_hand_order_equals_spec",
          "The engine's own five-card hands and their order equal the spec's: the spec's five_card_hands lists every "
          "hand of the deck (as many as counted by shape), the engine's generator lists from the whole deck exactly "
          "those, its classifier combo_of and the compiled "
          "playout's give each the key it is listed with, and for every pair of hands the engine's comparison (of "
          "keys) equals the spec's compare_hands, with aces low and with straight_wrap (Z3 over the pairs of classes; "
          "every hand of the deck is in one).", _engine_hand_order_equals_spec),
    Proof("foolery.hand_order_is_a_total_preorder",
          "The spec's compare_hands is a total preorder on five-card hands (reflexive, antisymmetric, transitive, "
          "every pair compared) that puts a higher category (straight < flush < full house < straight flush < five "
          "of a kind, each hand's category by the text's definition) above a lower one, orders one category by its "
          "deciding rank (a straight's top, a full house's triple, else the highest card), and a hand may follow "
          "exactly the equal or lower ones (spec beats); every hand of the deck, with aces low and with "
          "straight_wrap (Z3 over the classes).", _hand_order_is_a_total_preorder),
    Proof("foolery.trumping_follows_the_text",
          "The spec's follow relation (beats) is the text's, for every pair of plays (one play of each class: a set "
          "by size and rank, a hand by class, a trump set by size and top trump, the Fool) under both "
          "trump_beats_trump and straight_wrap settings: the same kind and size, equal or higher; "
          "3 trumps beat 5 cards, 2 beat 3-4, 1 beats 1-2; against trumps 2 beat 3 and 1 beats 2 or 1 (same: as "
          "many), with a higher top trump, also against five of a kind; the Fool beats everything, nothing follows "
          "it (Z3 over the classes of play).", _trumping_follows_the_text),
    Proof("foolery.engine_follow_relation_equals_spec",
          "The engine's own follow relation (which plays its Python and its compiled move generators list after a "
          "play to beat) equals the spec's beats for every pair of plays (one play of each class, as above; the "
          "player holding exactly its cards) under both trump_beats_trump and straight_wrap settings (Z3 over the "
          "classes of play).", _engine_follows_equals_spec),
]
