"""Z3 proofs of Durak rule properties.

Each proof models one rule function of ``spec/durak.py`` in Z3, first checks by enumeration
that the model equals the spec's function on every concrete case (52 cards, every trump
suit and the no-trump form; every cap configuration), and then proves the property for all
symbolic values, so the theorem is about the code that plays the game.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import cache
from itertools import product

import z3

from foolsolve.cards import FRENCH52, FRENCH_SUITS, Card
from foolsolve.proofs.registry import CardAccounting, Outcome, Proof, prove_unsat
from foolsolve.spec import durak

NO_TRUMP = 4  # suit code of "no trump suit" in the Z3 models


def _z3_beats(sb: z3.ArithRef, rb: z3.ArithRef, sa: z3.ArithRef, ra: z3.ArithRef, t: z3.ArithRef) -> z3.BoolRef:
    """Card (sb, rb) beats card (sa, ra) with trump code t (0..3, or NO_TRUMP)."""
    return z3.Or(z3.And(sb == sa, rb > ra), z3.And(t != NO_TRUMP, sb == t, sa != t))


@cache
def _beats_model_matches_spec() -> str | None:
    """The Z3 model equals ``durak.beats`` on every pair of the 52 cards under every trump:
    for each trump, Z3 searches a pair where the model and the spec's truth table differ."""
    sb, rb, sa, ra = z3.Ints("sb rb sa ra")
    codes = {c: (FRENCH_SUITS.index(c.suit), c.rank) for c in FRENCH52.cards}
    for trump in [*FRENCH_SUITS, None]:
        code = NO_TRUMP if trump is None else FRENCH_SUITS.index(trump)
        table = z3.Or([z3.And(sb == codes[b][0], rb == codes[b][1], sa == codes[a][0], ra == codes[a][1])
                       for b, a in product(FRENCH52.cards, FRENCH52.cards) if durak.beats(b, a, trump)])
        s = z3.Solver()
        s.add(sb >= 0, sb <= 3, sa >= 0, sa <= 3, rb >= 2, rb <= 14, ra >= 2, ra <= 14)
        s.add(z3.Xor(_z3_beats(sb, rb, sa, ra, z3.IntVal(code)), table))
        if s.check() != z3.unsat:
            m = s.model()
            return f"model and spec differ (trump {trump}): {m}"
    return None


def _card_vars(name: str) -> tuple[z3.ArithRef, z3.ArithRef, list[z3.BoolRef]]:
    s, r = z3.Ints(f"s{name} r{name}")
    return s, r, [s >= 0, s <= 3, r >= 2, r <= 14]


def _strict_order() -> Outcome:
    mismatch = _beats_model_matches_spec()
    if mismatch:
        return Outcome(False, mismatch)
    t = z3.Int("t")
    sa, ra, da = _card_vars("a")
    sb, rb, db = _card_vars("b")
    sc, rc, dc = _card_vars("c")
    s = z3.Solver()
    s.add(*da, *db, *dc, t >= 0, t <= NO_TRUMP)
    beats = _z3_beats
    s.add(z3.Or(
        beats(sa, ra, sa, ra, t),  # reflexive somewhere
        z3.And(beats(sa, ra, sb, rb, t), beats(sb, rb, sa, ra, t)),  # not asymmetric
        z3.And(beats(sa, ra, sb, rb, t), beats(sb, rb, sc, rc, t), z3.Not(beats(sa, ra, sc, rc, t))),  # not transitive
    ))
    return prove_unsat(s)


def _top_cards() -> Outcome:
    mismatch = _beats_model_matches_spec()
    if mismatch:
        return Outcome(False, mismatch)
    t = z3.Int("t")
    sa, ra, da = _card_vars("a")
    sb, rb, db = _card_vars("b")
    s = z3.Solver()
    s.add(*da, *db, t >= 0, t <= NO_TRUMP)
    # a counterexample: the ace of trumps is beaten; or, with no trump, an ace is beaten; or, with a
    # trump suit, some trump fails to beat some non-trump card
    trump_ace_beaten = z3.And(t != NO_TRUMP, sa == t, ra == 14, _z3_beats(sb, rb, sa, ra, t))
    no_trump_ace_beaten = z3.And(t == NO_TRUMP, ra == 14, _z3_beats(sb, rb, sa, ra, t))
    trump_fails = z3.And(t != NO_TRUMP, sb == t, sa != t, z3.Not(_z3_beats(sb, rb, sa, ra, t)))
    s.add(z3.Or(trump_ace_beaten, no_trump_ace_beaten, trump_fails))
    return prove_unsat(s)


def _cap_model_matches_spec() -> str | None:
    """``durak.cap`` equals min(defender_start, limit) with the documented limit, on every case."""

    base = durak.DurakSpec().state_from_json({
        "game": "durak", "trump": "S", "hands": [["6H", "9D", "KH"], ["7H", "AD"]], "stock": [], "discard": [],
        "attacker": 0, "defender": 1, "table": [], "to_move": 0})
    stock_card = FRENCH52.parse("6S")
    for first, first_limit, sixth, taking, bout_limit, stocked, start in product(
            (False, True), (5, 6), (False, True), (False, True), ("six_then_hand", "six"), (False, True),
            range(1, 13)):
        rules = dataclasses.replace(base.rules, first_bout_limit=first_limit, first_bout_sixth_after_take=sixth,
                                    bout_limit=bout_limit)
        st = dataclasses.replace(base, rules=rules, first_bout=first, defender_start=start, taking=taking,
                                 stock=(stock_card,) if stocked else ())
        if first:
            limit: int | None = 6 if (sixth and taking) else first_limit
        else:
            limit = 6 if (bout_limit == "six" or stocked) else None
        want = start if limit is None else min(start, limit)
        if durak.cap(st) != want:
            return (f"cap differs: first_bout={first} limit={first_limit} sixth_after_take={sixth} "
                    f"taking={taking} bout_limit={bout_limit} stock={stocked}")
    return None


def _cap_keeps_defender_able() -> Outcome:
    mismatch = _cap_model_matches_spec()
    if mismatch:
        return Outcome(False, mismatch)
    start, limit, attacks, covered = z3.Ints("defender_start limit attack_cards covered")
    has_limit = z3.Bool("has_limit")
    cap = z3.If(z3.And(has_limit, limit < start), limit, start)
    hand = start - covered  # the defender's hand after covering `covered` cards
    s = z3.Solver()
    s.add(start >= 1, limit >= 1, attacks >= 1, covered >= 0, covered <= attacks, attacks <= cap)
    # counterexample: more uncovered attack cards than cards in the defender's hand
    s.add(attacks - covered > hand)
    return prove_unsat(s)



def _zones(state: durak.State) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {f"hand {i}": list(h) for i, h in enumerate(state.hands)}
    out["stock"] = list(state.stock)
    out["discard"] = list(state.discard)
    out["table attack"] = [a for a, _ in state.table]
    out["table cover"] = [c for _, c in state.table if c is not None]
    return out


CARD_ACCOUNTING = CardAccounting(
    zones=_zones, deck=lambda state: Counter(state.rules.deck_cards.cards),
    note="hands, stock, discard, the table's attack and cover cards")
"""Durak keeps every card of its deck in a zone (the discard included)."""


# --- the engine's own card relation ---------------------------------------------------------


def _engine_beats_equals_spec() -> Outcome:
    """Z3: for symbolic cards a, b and every trump (and the no-trump form), bit b of the engine's
    ``BEATERS[trump][a]`` mask (the table the engine's move generator reads) is set exactly when
    the spec's model says b beats a; the model is first checked against ``durak.beats`` on
    every pair (:func:`_beats_model_matches_spec`). A card's index is 16 * suit + rank (checked
    for every card first), so Z3 reads suit and rank off the symbolic index."""
    from foolsolve.engines import durak as engine

    mismatch = _beats_model_matches_spec()
    if mismatch:
        return Outcome(False, mismatch)
    cards = list(FRENCH52.cards)
    by_index = {c.index: c for c in cards}
    if any(c.index != 16 * FRENCH_SUITS.index(c.suit) + c.rank for c in cards):
        return Outcome(False, "card indices are not 16 * suit + rank")
    a, b = z3.BitVecs("a b", 64)
    s = z3.Solver()
    for x in (a, b):
        s.add(z3.ULT(x, 64), z3.UGE(x & 15, 2), z3.ULE(x & 15, 14))

    def suit_rank(x: z3.BitVecRef) -> tuple[z3.ArithRef, z3.ArithRef]:
        return z3.BV2Int(z3.LShR(x, 4)), z3.BV2Int(x & 15)

    (sa, ra), (sb, rb) = suit_rank(a), suit_rank(b)
    for trump in [*FRENCH_SUITS, None]:
        table = engine.BEATERS[engine.SUIT_SLOT[trump]]
        mask: z3.BitVecRef = z3.BitVecVal(0, 64)
        for c in cards:
            mask = z3.If(a == c.index, z3.BitVecVal(table[c.index], 64), mask)
        engine_says = z3.Extract(0, 0, z3.LShR(mask, b)) == 1
        code = z3.IntVal(NO_TRUMP if trump is None else FRENCH_SUITS.index(trump))
        s.push()
        s.add(z3.Xor(engine_says, _z3_beats(sb, rb, sa, ra, code)))
        r = s.check()
        if r != z3.unsat:
            if r != z3.sat:
                return Outcome(False, f"z3 answered {r}")
            m = s.model()
            ca, cb = by_index[m[a].as_long()], by_index[m[b].as_long()]
            says = "beats" if durak.beats(cb, ca, trump) else "does not beat"
            return Outcome(False, f"trump {trump or 'none'}: the engine and the spec differ on {cb} against {ca} "
                                  f"(the spec: {cb} {says} {ca})")
        s.pop()
    return Outcome(True)


PROOFS = [
    Proof("durak.beats_is_a_strict_order",
          "For every trump suit and the no-trump form, 'b beats a' (spec durak.beats) is irreflexive, "
          "asymmetric and transitive.", _strict_order),
    Proof("durak.top_cards",
          "The ace of trumps is beaten by nothing; with no trump suit no ace is beaten; every trump beats "
          "every non-trump card (spec durak.beats).", _top_cards),
    Proof("durak.cap_keeps_defender_able",
          "Under the bout cap (spec durak.cap = min(defender_start, limit)), uncovered attack cards never "
          "outnumber the defender's hand, whatever the defender has covered.", _cap_keeps_defender_able),
    Proof("durak.engine_beats_equals_spec",
          "The engine's own card relation (bit b of BEATERS[trump][a], as its move generator reads it) equals the "
          "spec's durak.beats for every pair of the 52 cards and every trump suit and the no-trump form (Z3).",
          _engine_beats_equals_spec),
]
