"""Z3 proofs of Fools and Angels rule properties.

As for Durak, each proof first checks by enumeration that its Z3 model agrees with the spec's
own functions (``value``, ``total``, ``defence_targets``, ``attack_moves`` in
``spec/fools_and_angels.py``) on every concrete case it covers, then proves the property for
all symbolic values.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from itertools import combinations

import z3

from foolsolve.cards import Card
from foolsolve.proofs.registry import CardAccounting, Outcome, Proof, prove_unsat, tables_equal
from foolsolve.spec import fools_and_angels as fa

CARDS = [fa.parse_game_card(f"{r}{s}", "card") for s in "CDHS" for r in "A23456789JQK"]
PIPS = [c for c in CARDS if fa.is_pip(c)]
FACES = [c for c in CARDS if fa.is_face(c)]


def _z3_value(is_face: z3.BoolRef, red: z3.BoolRef, size: z3.ArithRef) -> z3.ArithRef:
    """The model of a card's signed value: faces 0, black pips +size, red pips -size."""
    return z3.If(is_face, 0, z3.If(red, -size, size))


@cache
def _value_model_matches_spec() -> str | None:
    for c in CARDS:
        size = 1 if c.rank == 14 else c.rank
        model = z3.simplify(_z3_value(z3.BoolVal(fa.is_face(c)), z3.BoolVal(c.is_red), z3.IntVal(size)))
        if model.as_long() != fa.value(c):
            return f"value of {c}: model {model} spec {fa.value(c)}"
    return None


def _attacks(max_pips: int) -> list[frozenset[Card]]:
    """Every pip-only attack of 1..max_pips cards with a non-zero total, plus each with a face card."""
    out = []
    for n in range(1, max_pips + 1):
        for combo in combinations(PIPS, n):
            if fa.total(combo) != 0:
                out.append(frozenset(combo))
                if n == 1:
                    out.extend(frozenset((*combo, f)) for f in FACES[:3])
    return out


def _colour_targets_compose() -> Outcome:
    mismatch = _value_model_matches_spec()
    if mismatch:
        return Outcome(False, mismatch)
    rules = fa.Rules()
    # the spec: whenever both colour targets are offered, their needed totals add up to the whole's
    for attack in _attacks(3):
        targets = {t: need for t, _, need in fa.defence_targets(attack, dataclasses.replace(
            rules, face_effects=fa.parse_face_effects({"J": "none", "Q": "none", "K": "none"})))}
        if fa.RED in targets and fa.BLACK in targets and targets[fa.RED] + targets[fa.BLACK] != targets[fa.WHOLE]:
            return Outcome(False, f"spec targets do not add up for {sorted(attack)}")
    # Z3: for attacks of up to 4 pips (+1 face) and defences of up to 7 cards, a defence D1 that
    # cancels the red pips and a disjoint D2 that cancels the black pips together cancel the whole.
    s = z3.Solver()
    atk_total, red_total, black_total = z3.Int("attack"), z3.Int("red"), z3.Int("black")
    parts = []
    for i in range(5):
        face, red, size = z3.Bool(f"a{i}_face"), z3.Bool(f"a{i}_red"), z3.Int(f"a{i}_size")
        used = z3.Bool(f"a{i}_used")
        s.add(size >= 1, size <= 9)
        v = _z3_value(face, red, size)
        parts.append((used, face, red, v))
    s.add(atk_total == z3.Sum([z3.If(u, v, 0) for u, _, _, v in parts]))
    s.add(red_total == z3.Sum([z3.If(z3.And(u, r, z3.Not(f)), v, 0) for u, f, r, v in parts]))
    s.add(black_total == z3.Sum([z3.If(z3.And(u, z3.Not(r), z3.Not(f)), v, 0) for u, f, r, v in parts]))
    d1, d2 = z3.Int("d1"), z3.Int("d2")
    s.add(d1 == -red_total, d2 == -black_total)  # D1 cancels the red pips, D2 the black pips
    s.add(d1 + d2 + atk_total != 0)  # counterexample: together they do not cancel the whole
    return prove_unsat(s)


def _face_only_cannot_attack() -> Outcome:
    mismatch = _value_model_matches_spec()
    if mismatch:
        return Outcome(False, mismatch)
    # the spec: a hand of only face cards has no legal attack, whatever the defender holds
    base = fa.SPEC.state_from_json(_ENDGAME)
    for k in range(1, 6):
        for hand in combinations(FACES, k):
            hands = (frozenset(hand), base.hands[1])
            st = dataclasses.replace(base, hands=hands)
            if fa.attack_moves(st):
                return Outcome(False, f"spec lets the face-only hand {sorted(hand)} attack")
    # Z3: any set of up to 5 face cards totals 0, so "must total a non-zero value" alone forbids it
    s = z3.Solver()
    vals = []
    for i in range(5):
        red, size = z3.Bool(f"f{i}_red"), z3.Int(f"f{i}_size")
        vals.append(_z3_value(z3.BoolVal(True), red, size))
    s.add(z3.Sum(vals) != 0)
    return prove_unsat(s)


def _whole_need_bounded() -> Outcome:
    mismatch = _value_model_matches_spec()
    if mismatch:
        return Outcome(False, mismatch)
    # Z3: a legal attack (1..4 pips of size 1..9, non-zero total) needs a whole defence of total
    # between -36 and 36, never 0
    s = z3.Solver()
    n = z3.Int("pips")
    s.add(n >= 1, n <= 4)
    vals = []
    for i in range(4):
        red, size = z3.Bool(f"p{i}_red"), z3.Int(f"p{i}_size")
        s.add(size >= 1, size <= 9)
        vals.append(z3.If(i < n, _z3_value(z3.BoolVal(False), red, size), 0))
    need = -z3.Sum(vals)
    s.add(z3.Sum(vals) != 0, z3.Or(need == 0, need > 36, need < -36))
    return prove_unsat(s)


_ENDGAME = {
    "game": "fools-and-angels", "phase": "turn", "to_move": 0, "turns_done": 2,
    "hands": [["3C", "7D"], ["AC", "5H", "6S", "2D", "4D", "8S"]],
    "stocks": [[], []], "pool": [], "attack": [],
}


def _engine_card_tables_equal_spec() -> Outcome:
    """Z3 over a symbolic card: the engine's own tables (``VAL``, ``PIPS``, ``FACES``,
    ``RED_PIPS``, ``USED``) equal the spec's ``value``, ``is_pip``, ``is_face``, colour and the
    usable deck, for every card of the 52 (the 10s included: unused)."""
    from foolsolve.cards import FRENCH52
    from foolsolve.engines import fools_and_angels as engine

    cards = list(FRENCH52.cards)
    usable = {c.index for c in CARDS}
    checks = [
        ("used", lambda c: engine.USED >> c.index & 1, lambda c: int(c.index in usable)),
        ("pip", lambda c: engine.PIPS >> c.index & 1, lambda c: int(c.index in usable and fa.is_pip(c))),
        ("face", lambda c: engine.FACES >> c.index & 1, lambda c: int(c.index in usable and fa.is_face(c))),
        ("red pip", lambda c: engine.RED_PIPS >> c.index & 1,
         lambda c: int(c.index in usable and fa.is_pip(c) and c.is_red)),
        ("value", lambda c: engine.VAL.get(1 << c.index, 99), lambda c: fa.value(c) if c.index in usable else 99),
    ]
    for what, eng, spc in checks:
        out = tables_equal(what, cards, eng, spc)
        if not out.proved:
            return out
    return Outcome(True)


PROOFS = [
    Proof("fools_and_angels.colour_targets_compose",
          "Disjoint defences of the red part and of the black part of an attack together cancel the whole "
          "attack (spec defence_targets: the needed totals add up).", _colour_targets_compose),
    Proof("fools_and_angels.face_only_cannot_attack",
          "Face cards total 0, so a hand of only face cards has no legal attack: 'face cards must accompany "
          "pip cards' follows from 'must total a non-zero value' (spec attack_moves).", _face_only_cannot_attack),
    Proof("fools_and_angels.whole_need_bounded",
          "A legal attack needs a whole defence totalling between -36 and 36, never 0.", _whole_need_bounded),
    Proof("fools_and_angels.engine_card_tables_equal_spec",
          "The engine's own card tables (signed value; pip, face, red-pip and usable-card masks, bit for bit) equal "
          "the spec's value, is_pip, is_face and colour for every card (Z3 over a symbolic card).",
          _engine_card_tables_equal_spec),
]


def _zones(state: fa.State) -> dict[str, list[Card]]:
    return {"hand 0": list(state.hands[0]), "hand 1": list(state.hands[1]), "stock 0": list(state.stocks[0]),
            "stock 1": list(state.stocks[1]), "pool": list(state.pool), "attack": list(state.attack)}


CARD_ACCOUNTING = CardAccounting(
    zones=_zones, deck=None, discards=lambda move: isinstance(move, (fa.Defend, fa.Discard, fa.DiscardStock)),
    note="hands, private stocks, pool, attack; the spec keeps no discard pile: cards leave play only by a defence "
         "or a Temptation discard")
"""Fools and Angels: the spec keeps no discard pile (what a defence cancels leaves play)."""
