"""Z3 proofs of Fool's Paradise rule properties (000 §Collecting Cards, §Card Values).

Each proof checks by enumeration that the spec's own ``collection_witness`` obeys the
property on every small case (every played rank against every centre multiset of up to three
ranks, under every ``ace`` option), then proves it in Z3 for collections of any values and up
to :data:`MAX_TAKEN` cards.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

import z3

from foolsolve.cards import FRENCH52, Card
from foolsolve.proofs.registry import CardAccounting, Outcome, Proof, prove_unsat, tables_equal
from foolsolve.rules import options_of
from foolsolve.spec import fools_paradise as fp

MAX_TAKEN = 8
ACE_OPTIONS: tuple[str, ...] = next(o.choices or () for o in options_of(fp.Rules) if o.name == "ace")
SUITS = "SHDC"


def _cards_of_ranks(ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """Distinct physical cards with these ranks (suits assigned in turn)."""
    seen: dict[int, int] = {}
    out = []
    for r in ranks:
        k = seen.get(r, 0)
        seen[r] = k + 1
        out.append(FRENCH52.card(SUITS[k], r))
    return tuple(out)


@cache
def _spec_table() -> dict[tuple[str, int, tuple[int, ...]], tuple[int, ...] | None]:
    """``collection_witness`` for every played rank, centre multiset of 1..3 ranks and ace option."""
    table = {}
    for ace in ACE_OPTIONS:
        rules = fp.Rules(ace=ace)
        for played in range(2, 15):
            card = FRENCH52.card("C", played)
            for n in (1, 2, 3):
                for ranks in combinations_with_replacement(range(2, 15), n):
                    table[(ace, played, ranks)] = fp.collection_witness(card, _cards_of_ranks(ranks), rules)
    return table


def _value(ace: str, is_ace: z3.BoolRef, base: z3.ArithRef, pick_high: z3.BoolRef) -> z3.ArithRef:
    """The model of a card's value under an ace option (``pick_high``: the collector's choice)."""
    ace_value = {"low": z3.IntVal(1), "high": z3.IntVal(14)}.get(ace, z3.If(pick_high, 14, 1))
    return z3.If(is_ace, ace_value, base)


def _multiple_of(total: z3.ArithRef, played: z3.ArithRef, k: z3.ArithRef) -> z3.BoolRef:
    """``total == k * played`` with ``k >= 1``, linear: one case per played value 1..14."""
    return z3.And(k >= 1, z3.Or([z3.And(played == v, total == k * v) for v in range(1, 15)]))


class _Collection:
    """Symbolic played card and ``n`` taken cards (ranks 2..13, or an ace)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.p_ace, self.p_base = z3.Bool("p_ace"), z3.Int("p_base")
        self.t_ace = [z3.Bool(f"t{i}_ace") for i in range(n)]
        self.t_base = [z3.Int(f"t{i}_base") for i in range(n)]
        self.domain = [self.p_base >= 2, self.p_base <= 13] + [
            c for b in self.t_base for c in (b >= 2, b <= 13)]

    def legal(self, ace: str, picks: list[z3.BoolRef], k: z3.ArithRef) -> z3.BoolRef:
        """Legal under ``ace`` with these ace choices (played card first) and multiple ``k``."""
        played = _value(ace, self.p_ace, self.p_base, picks[0])
        taken = [_value(ace, a, b, pk) for a, b, pk in zip(self.t_ace, self.t_base, picks[1:])]
        return z3.And(*[t <= played for t in taken], _multiple_of(z3.Sum(taken), played, k))


def _either_is_widest() -> Outcome:
    table = _spec_table()
    for (ace, played, ranks), witness in table.items():
        if witness is not None and table[("either", played, ranks)] is None:
            return Outcome(False, f"spec: legal under ace={ace} but not under either: {played} takes {ranks}")
    for n in range(1, MAX_TAKEN + 1):
        col = _Collection(n)
        k = z3.Int("k")
        shared = z3.Bool("shared")
        # each narrower rule's own choices, as choices of 'either': all 1, all 14, one for the play
        cases = [("low", [z3.BoolVal(False)] * (n + 1)), ("high", [z3.BoolVal(True)] * (n + 1)),
                 ("either_per_play", [shared] * (n + 1))]
        for ace, as_either in cases:
            s = z3.Solver()
            s.add(*col.domain)
            # counterexample: legal under the narrower rule, but its own choices fail under 'either'
            s.add(col.legal(ace, as_either, k), z3.Not(col.legal("either", as_either, k)))
            outcome = prove_unsat(s)
            if not outcome.proved:
                return Outcome(False, f"{ace}, {n} taken cards: {outcome.detail}")
    return Outcome(True)


def _multiplier_bound() -> Outcome:
    table = _spec_table()
    for (ace, played, ranks), witness in table.items():
        if witness is not None:
            v, taken = witness[0], witness[1:]
            if sum(taken) // v > len(ranks) or sum(taken) % v:
                return Outcome(False, f"spec witness {witness} for {played} taking {ranks} under {ace}")
    for n in range(1, MAX_TAKEN + 1):
        col = _Collection(n)
        k = z3.Int("k")
        s = z3.Solver()
        s.add(*col.domain)
        # counterexample: a legal collection (any ace choices) whose multiple exceeds its card count
        s.add(col.legal("either", [z3.Bool(f"pick{i}") for i in range(n + 1)], k), k > n)
        outcome = prove_unsat(s)
        if not outcome.proved:
            return Outcome(False, f"{n} taken cards: {outcome.detail}")
    return Outcome(True)


def _engine_card_tables_equal_spec() -> Outcome:
    """Z3 over a symbolic card, for every ``ace`` and ``card_points`` choice: the engine's own
    per-card tables (points, rank, and which card each physical id stands for) equal the
    spec's ``card_points``, the card's rank and the card itself."""
    import itertools

    from foolsolve.engines import fools_paradise as engine

    cards = list(FRENCH52.cards)
    for ace, points in itertools.product(("either", "low", "high", "either_per_play"), ("value", "count")):
        rules = fp.Rules(ace=ace, card_points=points)
        ctx = engine.ctx_for(rules)
        pid = {c: ctx.base_id[c.index] for c in cards}
        tables: list[tuple[str, dict[Card, int], dict[Card, int]]] = [
            ("points", {c: ctx.pts_of[pid[c]] for c in cards}, {c: fp.card_points(c, rules) for c in cards}),
            ("rank", {c: ctx.rank_of[pid[c]] for c in cards}, {c: c.rank for c in cards}),
            ("card of its id", {c: ctx.card_of[pid[c]].index for c in cards}, {c: c.index for c in cards}),
        ]
        checks = [(what, e.__getitem__, w.__getitem__) for what, e, w in tables]
        for what, eng, spc in checks:
            out = tables_equal(f"{what} (ace {ace}, card_points {points})", cards, eng, spc)
            if not out.proved:
                return out
    return Outcome(True)


PROOFS = [
    Proof("fools_paradise.either_is_the_widest_ace_rule",
          f"Every collection legal with aces low, high or one choice per play is legal with each ace "
          f"chosen freely (spec collection_witness; Z3 for up to {MAX_TAKEN} taken cards).", _either_is_widest),
    Proof("fools_paradise.multiplier_at_most_cards_taken",
          f"A legal collection's sum is k times the played value with 1 <= k <= the number of cards taken "
          f"(each taken card is at most the played value); Z3 for up to {MAX_TAKEN} cards.", _multiplier_bound),
    Proof("fools_paradise.engine_card_tables_equal_spec",
          "The engine's own card tables (points, rank, the card behind each physical id) equal the spec's "
          "card_points, ranks and cards for every card under every ace and card_points choice (Z3 over a symbolic "
          "card).", _engine_card_tables_equal_spec),
]


def _zones(state: fp.State) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {f"hand {i}": list(h) for i, h in enumerate(state.hands)}
    out["centre"] = list(state.centre)
    out["stock"] = list(state.stock)
    out.update({f"pile {i}": list(p) for i, p in enumerate(state.piles)})
    return out


CARD_ACCOUNTING = CardAccounting(
    zones=_zones, deck=lambda state: Counter({c: state.rules.decks for c in FRENCH52.cards}),
    note="hands, centre, stock (drawn or not), collected piles")
"""Fool's Paradise keeps every card of its decks in a zone (``decks`` copies of each)."""
