"""Z3 proofs of Durak rule properties.

Each proof models one rule function of ``spec/durak.py`` in Z3, first checks by enumeration
that the model equals the spec's function on every concrete case (52 cards, every trump
suit and the no-trump form; every cap configuration), and then proves the property for all
symbolic values, so the theorem is about the code that plays the game.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from itertools import product
from typing import TYPE_CHECKING

import z3

from foolsolve import z3run
from foolsolve.cards import FRENCH52, FRENCH_SUITS, Card
from foolsolve.proofs.registry import CardAccounting, Outcome, Proof, prove_unsat
from foolsolve.spec import durak

if TYPE_CHECKING:
    from foolsolve.proofs.cross_game import ReductionCheck

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
        if z3run.check(s) != z3.unsat:
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
        r = z3run.check(s)
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


# --- two-player Durak with an empty stock ends ----------------------------------------------

UNIVERSE = ("6C", "7C", "9C", "7D", "6S", "8S")
"""The cards of the exhaustive checks (trump spades): every lead position whose two hands split
a subset of these (the rest discarded) is a starting point."""
UNIVERSE_TRUMP = "S"
PEREVODNOY_UNIVERSE = ("7C", "7D", "7S", "6H", "9H", "8H", "8C")
"""The cards of the perevodnoy repetition search under the default rules (three cards of one rank let a
transfer go back; there the trump 7S transfers, as ``transfer_trump_laid`` true allows)."""
PEREVODNOY_UNLAID_UNIVERSE = ("7C", "7D", "7H", "6H", "9H", "8H", "8C")
"""The cards of the same search under ``transfer_trump_laid`` false (with ``transfer_blocked_by_trump`` on
no trump transfers, so three cards of one rank outside the trump suit: among :data:`PEREVODNOY_UNIVERSE`
only two 7s may transfer, and no position reachable from it repeats)."""
PEREVODNOY_READINGS = ((True, PEREVODNOY_UNIVERSE), (False, PEREVODNOY_UNLAID_UNIVERSE))
"""Each value of ``transfer_trump_laid`` with the cards its repetition search starts from."""


def lead_positions(variant: str, cards: tuple[str, ...] = UNIVERSE, **rules: object) -> list[durak.State]:
    """Every two-player lead position, stock empty, player 0 attacking, whose hands split a
    subset of ``cards`` (each hand at least one card)."""
    out = []
    for assign in product((0, 1, 2), repeat=len(cards)):
        hands = [[c for c, a in zip(cards, assign) if a == p] for p in (0, 1)]
        if hands[0] and hands[1]:
            out.append(durak.SPEC.state_from_json({
                "game": "durak", "rules": {"variant": variant, **rules}, "trump": UNIVERSE_TRUMP, "hands": hands,
                "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}))
    return out


def describe(s: durak.State) -> str:
    """A position on one line, in cards."""
    return "; ".join(line.strip() for line in durak.SPEC.describe(s).splitlines())


def _counts(s: durak.State) -> tuple[int, int, int, int, int]:
    """(attacker's hand, defender's hand, attack cards on the table, cover cards, taking)."""
    return (len(s.hands[s.attacker]), len(s.hands[s.defender]), len(s.table),
            sum(c is not None for _, c in s.table), int(s.taking))


_V = z3.Ints("A D Ta Tc tk A1 D1 Ta1 Tc1 tk1 k")
_A, _D, _TA, _TC, _TK, _A1, _D1, _TA1, _TC1, _TK1, _K = _V


def _effects() -> dict[str, z3.BoolRef]:
    """The effect of every kind of two-player empty-stock transition on the counts (before:
    A D Ta Tc tk, after: A1 D1 Ta1 Tc1 tk1, relative to each position's own attacker)."""
    same_tk = _TK1 == _TK
    return {
        "attack or throw k cards": z3.And(_K >= 1, _A1 == _A - _K, _TA1 == _TA + _K, _D1 == _D, _TC1 == _TC, same_tk),
        "cover": z3.And(_D1 == _D - 1, _TC1 == _TC + 1, _A1 == _A, _TA1 == _TA, same_tk),
        "declare take": z3.And(_TK == 0, _TK1 == 1, _A1 == _A, _D1 == _D, _TA1 == _TA, _TC1 == _TC),
        # the bout ends taken (after k more throw-ins, k >= 0): the same attacker leads again
        "bout ends taken": z3.And(_K >= 0, _TA >= 1, _A1 == _A - _K, _D1 == _D + _TA + _TC + _K, _TA1 == 0,
                                  _TC1 == 0, _TK1 == 0),
        # the bout ends beaten (the last cover, k = 1, or a pass, k = 0): the defender leads next
        "bout ends beaten": z3.And(z3.Or(_K == 0, _K == 1), _TA >= 1, _TC + _K == _TA, _A1 == _D - _K, _D1 == _A,
                                   _TA1 == 0, _TC1 == 0, _TK1 == 0),
    }


def _rank(a: z3.ArithRef, d: z3.ArithRef, ta: z3.ArithRef, tc: z3.ArithRef, tk: z3.ArithRef) -> tuple[z3.ArithRef, ...]:
    """The ranking: (cards in play, attacker's hand + attack cards, -(2 * table cards + taking))."""
    return (a + d + ta + tc, a + ta, -(2 * (ta + tc) + tk))


def _lex_less(x: tuple[z3.ArithRef, ...], y: tuple[z3.ArithRef, ...]) -> z3.BoolRef:
    return z3.Or(x[0] < y[0], z3.And(x[0] == y[0], x[1] < y[1]),
                 z3.And(x[0] == y[0], x[1] == y[1], x[2] < y[2]))


def _ranking_decreases() -> str | None:
    """Z3: each effect strictly decreases the ranking (for all non-negative counts)."""
    before = _rank(_A, _D, _TA, _TC, _TK)
    after = _rank(_A1, _D1, _TA1, _TC1, _TK1)
    for name, effect in _effects().items():
        s = z3.Solver()
        s.add(*(v >= 0 for v in _V[:10]), _TK <= 1, _TK1 <= 1, effect, z3.Not(_lex_less(after, before)))
        if z3run.check(s) != z3.unsat:
            return f"the ranking does not decrease for '{name}': {s.model()}"
    return None


def _matches_effect(before: tuple[int, ...], after: tuple[int, ...]) -> str | None:
    """The effect a concrete transition's counts satisfy (``None``: none)."""
    subst = list(zip(_V[:10], (z3.IntVal(x) for x in (*before, *after))))
    for name, effect in _effects().items():
        s = z3.Solver()
        s.add(z3.substitute(effect, *subst))
        if z3run.check(s) == z3.sat:
            return name
    return None


def _walk(states: list[durak.State]) -> Iterator[tuple[durak.State, durak.Move, durak.State]]:
    """Every transition reachable from ``states``."""
    seen = set(states)
    todo = list(states)
    while todo:
        s = todo.pop()
        for m in durak.SPEC.legal_moves(s):
            t = durak.SPEC.apply(s, m)
            yield s, m, t
            if t not in seen:
                seen.add(t)
                todo.append(t)


def _empty_stock_ends() -> Outcome:
    bad = _ranking_decreases()
    if bad:
        return Outcome(False, bad)
    matched: dict[tuple[tuple[int, ...], tuple[int, ...]], str | None] = {}
    n = 0
    for variant in (durak.SIMPLE, durak.PODKIDNOY):
        for throw_after in (True, False):
            for s, m, t in _walk(lead_positions(variant, throw_in_after_take=throw_after)):
                n += 1
                if durak.SPEC.is_terminal(t):
                    continue
                key = (_counts(s), _counts(t))
                if key not in matched:
                    matched[key] = _matches_effect(*key)
                if matched[key] is None:
                    return Outcome(False, f"{variant}: '{m}' has an effect the ranking argument does not cover "
                                          f"(counts {key[0]} -> {key[1]}) at "
                                          f"{describe(s)}")
    return Outcome(True, f"{n} transitions matched")


def _perevodnoy_can_repeat() -> Outcome:
    """A cycle under each reading of ``transfer_trump_laid`` (:data:`PEREVODNOY_READINGS`)."""
    found = []
    for laid, cards in PEREVODNOY_READINGS:
        outcome = _perevodnoy_cycle(cards, transfer_trump_laid=laid)
        if not outcome.proved:
            return Outcome(False, f"transfer_trump_laid {str(laid).lower()}: {outcome.detail}")
        found.append(f"transfer_trump_laid {str(laid).lower()}: {outcome.detail}")
    return Outcome(True, "; ".join(found))


def _perevodnoy_cycle(cards: tuple[str, ...], **rules: object) -> Outcome:
    """Depth-first search for a cycle among the positions reachable from the lead positions."""
    for start in lead_positions(durak.PEREVODNOY, cards, **rules):
        path: list[tuple[durak.State, list[durak.Move]]] = [(start, list(durak.SPEC.legal_moves(start)))]
        on_path = {start: 0}
        done: set[durak.State] = set()
        moves: list[durak.Move] = []
        while path:
            s, todo = path[-1]
            if not todo:
                path.pop()
                del on_path[s]
                done.add(s)
                if moves:
                    moves.pop()
                continue
            m = todo.pop()
            t = durak.SPEC.apply(s, m)
            if t in on_path:
                loop = [*moves[on_path[t]:], m]
                return Outcome(True, f"the moves {' / '.join(str(x) for x in loop)} lead back to: {describe(t)}")
            if t in done:
                continue
            on_path[t] = len(path)
            path.append((t, list(durak.SPEC.legal_moves(t))))
            moves.append(m)
    return Outcome(False, f"no repetition among the positions reachable from {' '.join(cards)}")


# --- the solver's reductions ------------------------------------------------------------------

REDUCTION_SINGLE_UNIVERSE = UNIVERSE[:5]
"""Cards of the each-reduction-alone comparison (every reduction on is compared on :data:`UNIVERSE`)."""


def _reduction_names() -> tuple[str, ...]:
    """The solver's reduction names, as its public entry point lists them: ``solve`` with an
    unknown reduction answers ``reductions.X: unknown reduction (known: a, b, ...)``."""
    import re

    from foolsolve.errors import InputError
    from foolsolve.solver.base import SolveOptions
    from foolsolve.solver.durak import solve

    state = lead_positions(durak.PODKIDNOY, UNIVERSE[:2])[0]
    try:
        solve(state, SolveOptions(extra={"reductions": {"?": False}}))
    except InputError as exc:
        m = re.search(r"known: ([a-z_, ]+)\)", str(exc))
        if m:
            return tuple(n.strip() for n in m.group(1).split(","))
    raise AssertionError("the Durak solver no longer lists its reductions on an unknown name")


def _solver_value(state: durak.State, on: dict[str, bool]) -> str:
    """The value through the solver's public entry point, ``-o reductions={...}``."""
    from foolsolve.solver.base import SolveOptions
    from foolsolve.solver.durak import solve

    res = solve(state, SolveOptions(extra={"reductions": on, "jit": False, "moves": False}))
    return str(res.value)


def _reduction_positions(cards: tuple[str, ...]) -> Callable[[], Iterator[durak.State]]:
    def positions() -> Iterator[durak.State]:
        for variant in (durak.SIMPLE, durak.PODKIDNOY, durak.PEREVODNOY):
            yield from lead_positions(variant, cards)
        # the other reading of transfer_trump_laid (6S, a trump, shares its rank with 6C)
        yield from lead_positions(durak.PEREVODNOY, cards, transfer_trump_laid=False)
    return positions


def solver_reductions() -> ReductionCheck:
    """The Durak solver's switchable reductions, for :mod:`foolsolve.proofs.cross_game`."""
    from foolsolve.proofs.cross_game import ReductionCheck

    return ReductionCheck(
        names=_reduction_names(), positions=_reduction_positions(UNIVERSE),
        single_positions=_reduction_positions(REDUCTION_SINGLE_UNIVERSE), value=_solver_value,
        bound=f"every two-player lead position, stock empty, whose hands split a subset of {' '.join(UNIVERSE)} "
              f"(trump {UNIVERSE_TRUMP}), in simple, podkidnoy and perevodnoy (perevodnoy under both values of "
              f"transfer_trump_laid); each reduction alone on the subsets of "
              f"{' '.join(REDUCTION_SINGLE_UNIVERSE)}")


SOLVER_REDUCTIONS = solver_reductions
"""Called by :mod:`foolsolve.proofs.cross_game` (a function, so that the solver is imported only
when the proof runs)."""

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
    Proof("durak.two_player_empty_stock_ends",
          "Two-player simple and podkidnoy Durak with the stock empty always ends: the ranking (cards in play, "
          "attacker's hand + attack cards on the table, -(2 * table cards + taking)) strictly decreases "
          "lexicographically under each of the five move effects (Z3, all sizes), and every transition reachable "
          f"from every lead position splitting a subset of {' '.join(UNIVERSE)} (trump {UNIVERSE_TRUMP}), with and "
          "without throw-ins after a take, has one of those effects (exhaustive).", _empty_stock_ends),
    Proof("durak.perevodnoy_can_repeat",
          "In two-player perevodnoy with the stock empty a position can repeat (so the solvers score endless play "
          f"as a draw), under either value of transfer_trump_laid: a cycle exists among the positions reachable "
          f"from the lead positions splitting a subset of {' '.join(PEREVODNOY_UNIVERSE)} (true, the default) and "
          f"of {' '.join(PEREVODNOY_UNLAID_UNIVERSE)} (false) (exhaustive search; each cycle is printed).",
          _perevodnoy_can_repeat),
]
