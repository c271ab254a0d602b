"""Optimal Fool's Paradise captures, method 2: an independent Z3 model.

Written from the rule text, not from :mod:`foolsolve.solver.fools_paradise.capture`'s dynamic program
(only the scorer :func:`~foolsolve.solver.fools_paradise.capture.card_score` and the result types are
shared). One model per question:

* a Bool ``take_i`` per centre position, a one-hot Bool ``play_j`` per hand position;
* a Bool ``played14`` (the played ace counts 14) and a Bool ``ace14_i`` per centre ace;
* an Int multiplier ``k >= 1`` with, for each hand card, ``play_j -> sum == k * v_j``
  (linear: ``v_j`` is a constant per hand card and ace valuation);
* "each single card collected is less than or equal to the player's card" as
  ``take_i -> value_i <= v`` (000 §Collecting Cards);
* the ``ace`` option as constraints on ``played14`` / ``ace14_i``.

``Optimize`` maximises the objective (``strategy="optimize"``, the default); the
alternative ``strategy="linear"`` finds the same optimum with a plain ``Solver`` by
SAT-UNSAT linear search (after each model, require a strictly better objective), which on
this model is often an order of magnitude faster than ``Optimize`` (see the capture
rows of BENCHMARKS.md). Every optimal ``(hand card, centre set)`` is then
listed with blocking clauses, and for each its ace valuations (played value, number of
collected aces counted 1 and 14) with a second blocking loop.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import z3

from foolsolve import z3run
from foolsolve.cards import ACE, Card
from foolsolve.solver.fools_paradise.capture import (
    ACE_HIGH,
    ACE_LOW,
    ACE_OPTIONS,
    CLEAR_BONUS,
    AceChoice,
    CaptureReport,
    Collection,
    card_score,
    check_option,
    check_options,
    score_collection,
)


@dataclass
class _Model:
    """The Z3 variables and constraints of "some hand card collects some centre cards"."""

    take: list[Any]
    play: list[Any]
    played14: Any
    ace14: list[Any]
    constraints: list[Any]
    value: list[Any]
    """The value of centre card i (an Int expression)."""


def _model(hand: Sequence[Card], centre: Sequence[Card], ace: str) -> _Model:
    take = [z3.Bool(f"take_{i}") for i in range(len(centre))]
    play = [z3.Bool(f"play_{j}") for j in range(len(hand))]
    played14 = z3.Bool("played14")
    ace14 = [z3.Bool(f"ace14_{i}") for i in range(len(centre))]
    cs: list[Any] = []
    # one hand card is played
    cs.append(z3.PbEq([(p, 1) for p in play], 1))
    # a non-empty set of centre cards
    cs.append(z3.Or(*take) if take else z3.BoolVal(False))
    value: list[Any] = []
    for i, c in enumerate(centre):
        if c.rank == ACE:
            value.append(z3.If(ace14[i], z3.IntVal(ACE_HIGH), z3.IntVal(ACE_LOW)))
        else:
            value.append(z3.IntVal(c.rank))
            cs.append(z3.Not(ace14[i]))  # meaningless for a non-ace: pin it
    # the ace option (on taken aces; an untaken ace is pinned to 1 so that models differ
    # only in what matters)
    centre_aces = [i for i, c in enumerate(centre) if c.rank == ACE]
    cs += [z3.Implies(z3.Not(take[i]), z3.Not(ace14[i])) for i in centre_aces]
    if ace == "low":
        cs += [z3.Not(played14)] + [z3.Not(ace14[i]) for i in centre_aces]
    elif ace == "high":
        cs += [played14] + [z3.Implies(take[i], ace14[i]) for i in centre_aces]
    elif ace == "either_per_play":
        # one choice for every ace of the collection, the played card included
        cs += [z3.Implies(take[i], ace14[i] == played14) for i in centre_aces]
    elif not any(c.rank == ACE for c in hand):
        cs.append(z3.Not(played14))  # "either" and no ace to play: pin the unused variable
    total = z3.Sum(*[z3.If(t, val, 0) for t, val in zip(take, value)]) if take else z3.IntVal(0)
    k = z3.Int("k")
    cs.append(k >= 1)
    for j, h in enumerate(hand):
        if h.rank == ACE:
            for is14, v in ((True, ACE_HIGH), (False, ACE_LOW)):
                cond = z3.And(play[j], played14 if is14 else z3.Not(played14))
                cs.append(z3.Implies(cond, total == k * v))
                cs += [z3.Implies(z3.And(cond, take[i]), value[i] <= v) for i in range(len(centre))]
        else:
            cs.append(z3.Implies(play[j], total == k * h.rank))
            cs += [z3.Implies(z3.And(play[j], take[i]), value[i] <= h.rank) for i in range(len(centre))]
    return _Model(take, play, played14, ace14, cs, value)


def _objective(m: _Model, hand: Sequence[Card], centre: Sequence[Card], *, objective: str, ace: str,
               card_points: str, played_card: str) -> Any:
    if objective == "cards":
        return z3.Sum(*[z3.If(t, 1, 0) for t in m.take]) if m.take else z3.IntVal(0)
    terms = [z3.If(t, card_score(c, ace=ace, card_points=card_points), 0) for t, c in zip(m.take, centre)]
    if played_card == "collected":
        terms += [z3.If(p, card_score(h, ace=ace, card_points=card_points), 0) for p, h in zip(m.play, hand)]
    if m.take:
        terms.append(z3.If(z3.And(*m.take), CLEAR_BONUS, 0))
    return z3.Sum(*terms)


def _choices(s: Any, m: _Model, hand: Sequence[Card], centre: Sequence[Card], j: int, taken: Sequence[int],
             ) -> tuple[AceChoice, ...]:
    """Every ace valuation of one collection, by enumeration with blocking clauses (in a
    pushed scope of the solver ``s``, which holds the model's constraints)."""
    s.push()
    s.add(m.play[j])
    s.add(*[m.take[i] if i in taken else z3.Not(m.take[i]) for i in range(len(centre))])
    aces = [i for i in taken if centre[i].rank == ACE]
    n_high = z3.Sum(*[z3.If(m.ace14[i], 1, 0) for i in aces]) if aces else z3.IntVal(0)
    is_ace = hand[j].rank == ACE
    out = []
    while z3run.check(s) == z3.sat:
        mod = s.model()
        p14 = z3.is_true(mod.eval(m.played14, model_completion=True))
        hi = mod.eval(n_high, model_completion=True).as_long()
        out.append(AceChoice((ACE_HIGH if p14 else ACE_LOW) if is_ace else None, len(aces) - hi, hi))
        block = [n_high != hi]
        if is_ace:
            block.append(m.played14 != z3.BoolVal(p14))
        s.add(z3.Or(*block))
    s.pop()
    return tuple(sorted(out, key=lambda c: (-1 if c.played is None else c.played, c.low, c.high)))


@z3run.stops_on_ctrl_c
def z3_collection_choices(played: Card, taken: Sequence[Card], *, ace: str = "either") -> tuple[AceChoice, ...]:
    """Z3's list of the ace valuations under which ``played`` may collect ``taken``
    (empty: the collection is illegal)."""
    check_option("ace", ace, ACE_OPTIONS)
    if not taken:
        return ()
    m = _model([played], taken, ace)
    s = z3.Solver()
    s.add(*m.constraints)
    return _choices(s, m, [played], taken, 0, list(range(len(taken))))


@z3run.stops_on_ctrl_c
def z3_is_legal(played: Card, taken: Sequence[Card], *, ace: str = "either") -> bool:
    """Whether Z3 finds a valuation making the collection legal."""
    check_option("ace", ace, ACE_OPTIONS)
    if not taken:
        return False
    m = _model([played], taken, ace)
    s = z3.Solver()
    s.add(*m.constraints)
    s.add(*m.take)
    return bool(z3run.check(s) == z3.sat)


def _enumerate(m: _Model, hand: Sequence[Card], centre: Sequence[Card], extra: list[Any], limit: int | None
               ) -> tuple[list[Collection], bool]:
    """The collections satisfying the model and ``extra`` (at most ``limit``), and whether
    that is all of them."""
    s = z3.Solver()
    s.add(*m.constraints, *extra)
    out: list[Collection] = []
    while (limit is None or len(out) < limit) and z3run.check(s) == z3.sat:
        mod = s.model()
        j = next(i for i, p in enumerate(m.play) if z3.is_true(mod.eval(p, model_completion=True)))
        taken = tuple(i for i, t in enumerate(m.take) if z3.is_true(mod.eval(t, model_completion=True)))
        choices = _choices(s, m, hand, centre, j, taken)
        out.append(Collection(j, hand[j], taken, tuple(centre[i] for i in taken), choices))
        s.add(z3.Or(z3.Not(m.play[j]), *[z3.Not(t) if i in taken else t for i, t in enumerate(m.take)]))
    complete = limit is None or len(out) < limit or z3run.check(s) != z3.sat
    return sorted(out, key=lambda c: c.key), complete


@z3run.stops_on_ctrl_c
def z3_legal_collections(hand: Sequence[Card], centre: Sequence[Card], *, ace: str = "either",
                         limit: int | None = None) -> list[Collection]:
    """Every legal collection found by Z3 (blocking clauses; small centres only)."""
    check_option("ace", ace, ACE_OPTIONS)
    if not hand or not centre:
        return []
    return _enumerate(_model(hand, centre, ace), hand, centre, [], limit)[0]


STRATEGIES: tuple[str, ...] = ("optimize", "linear")
"""How Z3 finds the optimum: ``Optimize.maximize``, or SAT-UNSAT linear search."""


def _maximise(m: _Model, extra: list[Any], obj: Any, strategy: str) -> int | None:
    if strategy == "optimize":
        opt = z3.Optimize()
        opt.add(*m.constraints, *extra)
        handle = opt.maximize(obj)
        if z3run.check(opt) != z3.sat:
            return None
        return int(opt.upper(handle).as_long())
    s = z3.Solver()
    s.add(*m.constraints, *extra)
    best: int | None = None
    while z3run.check(s) == z3.sat:
        best = int(s.model().eval(obj, model_completion=True).as_long())
        s.add(obj > best)
    return best


@z3run.stops_on_ctrl_c
def z3_best_collections(hand: Sequence[Card], centre: Sequence[Card], *, ace: str = "either",
                        objective: str = "cards", card_points: str = "value", played_card: str = "collected",
                        limit: int | None = 1000, strategy: str = "optimize") -> CaptureReport:
    """The optimal collections by Z3 (``Optimize``, or linear search), ties listed by
    blocking clauses.

    ``count`` is the number listed; ``count_exact`` says whether that is all of them.
    """
    check_options(ace=ace, objective=objective, card_points=card_points, played_card=played_card)
    check_option("strategy", strategy, STRATEGIES)
    t0 = time.perf_counter()
    report = CaptureReport(objective, ace, card_points, played_card, None, 0, method=f"z3-{strategy}")
    if not hand or not centre:
        report.seconds = time.perf_counter() - t0
        return report
    m = _model(hand, centre, ace)
    extra: list[Any] = []
    if objective == "clear":
        extra.append(z3.And(*m.take))
    obj = _objective(m, hand, centre, objective=objective, ace=ace, card_points=card_points, played_card=played_card)
    best = _maximise(m, extra, obj, strategy)
    if best is None:
        report.seconds = time.perf_counter() - t0
        return report
    cols, complete = _enumerate(m, hand, centre, [*extra, obj == best], limit)
    report.value = best
    report.best = [score_collection(c, len(centre), ace=ace, card_points=card_points, played_card=played_card)
                   for c in cols]
    report.count = len(cols)
    report.count_exact = complete
    report.seconds = time.perf_counter() - t0
    return report
