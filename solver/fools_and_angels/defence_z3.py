"""An independent Z3 model of Fools and Angels defences, to check :mod:`foolsolve.solver.fools_and_angels.defence`.

Nothing here calls the enumerator's search, target or value code: card values, which targets
are open, the totals they need and the outcome are written again below from the seed text
(``003_d0b2aeea59b7d1ba.txt``; the fixed semantics are in the enumerator's module docstring).
Only input checking (parsing, the attack rules) and the result types are shared.

Defender's side: one Bool per hand card (played or not), an Int for the target (whole, red,
black), the signed-sum constraint of the chosen target, at least one pip card played; the
objective is optimised with ``z3.Optimize``; then every optimal play is enumerated with a
plain solver, the objective pinned to its optimum, and blocking clauses over (cards, target).

Attacker's side: one Bool per attacker card. The legal attacks are enumerated by blocking
clauses; the attacks that *have* a whole defence are the projections onto the attacker's
Bools of the models of "legal attack and defender cards cancelling its total" (enumerated by
blocking the attacker's Bools only); the crushing attacks are the difference. Likewise for
"some defence of any open target".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import z3

from foolsolve import z3run
from foolsolve.cards import Card
from foolsolve.errors import InputError, quoted
from foolsolve.solver.fools_and_angels import defence as fd

# Target encoding in the model.
_T_WHOLE, _T_RED, _T_BLACK = 0, 1, 2
_T_NAME = {_T_WHOLE: "whole", _T_RED: "red", _T_BLACK: "black"}


def _value(card: Card) -> int:
    """003 "Aces are worth 1" / "The black and red pip cards' values subtract": black +, red -."""
    if card.rank in (11, 12, 13):
        return 0
    v = 1 if card.rank == 14 else card.rank
    return -v if card.suit in ("H", "D") else v


def _is_face(card: Card) -> bool:
    return card.rank in (11, 12, 13)


def _outcome(attack: Sequence[Card], target: int) -> tuple[Card, ...]:
    """Attack cards cancelled by a target."""
    if target == _T_WHOLE:
        return tuple(attack)
    want_red = target == _T_RED
    return tuple(c for c in attack if not _is_face(c) and (c.suit in ("H", "D")) == want_red)


def _defence_from(attack: Sequence[Card], targets: Iterable[int], played: Iterable[Card]) -> fd.Defence:
    names = tuple(_T_NAME[t] for t in sorted(set(targets)))
    first = min(set(targets))
    cancelled = _outcome(attack, first)
    taken = [c for c in attack if c not in cancelled]
    return fd.Defence(names, fd.sort_cards(played), fd.sort_cards(cancelled), fd.sort_cards(taken))


class DefenceModel:
    """The defender's choice as a Z3 formula."""

    def __init__(self, attack: Sequence[Card], hand: Sequence[Card], effects: Mapping[int, str], dfc: str,
                 keep: Iterable[Card] = ()) -> None:
        self.attack = tuple(attack)
        self.hand = tuple(hand)
        self.x = [z3.Bool(f"play_{c.ascii}") for c in self.hand]
        self.t = z3.Int("target")
        n = len(self.attack)
        red = [c for c in self.attack if not _is_face(c) and c.suit in ("H", "D")]
        black = [c for c in self.attack if not _is_face(c) and c.suit in ("C", "S")]
        # 003 Q&A: a whole_only face card cannot be separated from the cards it affects.
        separable = all(effects[c.rank] != "whole_only" for c in self.attack if _is_face(c))
        played_sum = z3.Sum([z3.If(x, _value(c), 0) for x, c in zip(self.x, self.hand)] + [z3.IntVal(0)])
        pip_played = [x for x, c in zip(self.x, self.hand) if not _is_face(c)]
        self.constraints: list[Any] = [
            z3.Or(self.t == _T_WHOLE,
                  z3.And(self.t == _T_RED, z3.BoolVal(separable and bool(red))),
                  z3.And(self.t == _T_BLACK, z3.BoolVal(separable and bool(black)))),
            played_sum == z3.If(self.t == _T_WHOLE, -sum(_value(c) for c in self.attack),
                                z3.If(self.t == _T_RED, -sum(_value(c) for c in red), -sum(_value(c) for c in black))),
            z3.Or(pip_played) if pip_played else z3.BoolVal(False),
        ]
        if dfc == "never":
            self.constraints += [z3.Not(x) for x, c in zip(self.x, self.hand) if _is_face(c)]
        kept = set(keep)
        self.constraints += [z3.Not(x) for x, c in zip(self.x, self.hand) if c in kept]
        self.shed = z3.Sum([z3.If(x, 1, 0) for x in self.x] + [z3.IntVal(0)])
        self.taken = z3.If(self.t == _T_WHOLE, 0, z3.If(self.t == _T_RED, n - len(red), n - len(black)))

    def score(self, objective: str) -> Any:
        """The Z3 term to maximise."""
        return -self.taken if objective == fd.TAKE else self.shed

    def all_plays(self, extra: Sequence[Any] = ()) -> list[tuple[int, tuple[Card, ...]]]:
        """Every model ``(target, cards)`` by blocking clauses."""
        s = z3.Solver()
        s.add(*self.constraints, *extra)
        out: list[tuple[int, tuple[Card, ...]]] = []
        while z3run.check(s) == z3.sat:
            m = s.model()
            vals = [z3.is_true(m.eval(x, model_completion=True)) for x in self.x]
            t = m.eval(self.t, model_completion=True).as_long()
            out.append((t, tuple(c for c, v in zip(self.hand, vals) if v)))
            s.add(z3.Or([x != z3.BoolVal(v) for x, v in zip(self.x, vals)] + [self.t != t]))
        return out

    def optimum(self, objective: str) -> int | None:
        """The optimal score, or ``None`` when there is no defence."""
        opt = z3.Optimize()
        opt.add(*self.constraints)
        handle = opt.maximize(self.score(objective))
        if z3run.check(opt) != z3.sat:
            return None
        return int(handle.value().as_long())


def _merge(attack: Sequence[Card], plays: Iterable[tuple[int, tuple[Card, ...]]]) -> list[fd.Defence]:
    groups: dict[tuple[frozenset[Card], frozenset[Card]], set[int]] = {}
    for t, cards in plays:
        groups.setdefault((frozenset(cards), frozenset(_outcome(attack, t))), set()).add(t)
    out = [_defence_from(attack, ts, cards) for (cards, _), ts in groups.items()]
    out.sort(key=fd.Defence.sort_key)
    return out


@z3run.stops_on_ctrl_c
def z3_legal_defences(attack: str | Iterable[Card] | Iterable[str], hand: str | Iterable[Card] | Iterable[str], *,
                      face_effects: Mapping[Any, str] | str | None = None,
                      defence_face_cards: str = fd.NEVER) -> list[fd.Defence]:
    """Every legal defence, found by Z3 (same order and form as :func:`defence.legal_defences`)."""
    a, h, effects, dfc = fd._prepare(attack, hand, face_effects, defence_face_cards)
    return _merge(a, DefenceModel(a, h, effects, dfc).all_plays())


@z3run.stops_on_ctrl_c
def z3_best_defences(attack: str | Iterable[Card] | Iterable[str], hand: str | Iterable[Card] | Iterable[str],
                     objective: str = fd.SHED, *, keep: str | Iterable[Card] | Iterable[str] = (),
                     face_effects: Mapping[Any, str] | str | None = None,
                     defence_face_cards: str = fd.NEVER) -> list[fd.Defence]:
    """Every optimal answer by Z3 ``Optimize`` plus blocking-clause enumeration of the optimum;
    ``[surrender]`` when no allowed defence exists."""
    a, h, effects, dfc = fd._prepare(attack, hand, face_effects, defence_face_cards)
    if objective not in fd.OBJECTIVES:
        raise InputError(f"objective: {quoted(objective)} is not one of {' | '.join(fd.OBJECTIVES)}")
    kept = fd.check_keep(keep, h)
    if kept and objective != fd.KEEP:
        raise InputError(f"keep: only used with objective {fd.KEEP!r}")
    model = DefenceModel(a, h, effects, dfc, keep=kept)
    best = model.optimum(objective)
    if best is None:
        return [fd.surrender(a)]
    # Surrender scores 0 shed / -len(attack) taken: never better than a defence, and never tied
    # with one (a defence sheds >= 1 card and takes fewer than all attack cards).
    return _merge(a, model.all_plays([model.score(objective) == best]))


@z3run.stops_on_ctrl_c
def z3_has_defence(attack: Sequence[Card], hand: Sequence[Card], *, whole_only: bool,
                   face_effects: Mapping[Any, str] | str | None = None) -> bool:
    """Whether some defence exists (of the whole attack if ``whole_only``)."""
    a, h, effects, dfc = fd._prepare(attack, hand, face_effects, fd.NEVER)
    model = DefenceModel(a, h, effects, dfc)
    s = z3.Solver()
    s.add(*model.constraints)
    if whole_only:
        s.add(model.t == _T_WHOLE)
    return bool(z3run.check(s) == z3.sat)


def _projections(solver: Any, bools: Sequence[Any], cards: Sequence[Card]) -> set[frozenset[Card]]:
    """Every assignment of ``bools`` that extends to a model, as the set of cards chosen."""
    out: set[frozenset[Card]] = set()
    while z3run.check(solver) == z3.sat:
        m = solver.model()
        vals = [z3.is_true(m.eval(b, model_completion=True)) for b in bools]
        out.add(frozenset(c for c, v in zip(cards, vals) if v))
        solver.add(z3.Or([b != z3.BoolVal(v) for b, v in zip(bools, vals)]))
    return out


@z3run.stops_on_ctrl_c
def z3_crushing_attacks(attacker_hand: str | Iterable[Card] | Iterable[str],
                        defender_hand: str | Iterable[Card] | Iterable[str], *,
                        face_effects: Mapping[Any, str] | str | None = None,
                        ) -> tuple[int, set[frozenset[Card]], set[frozenset[Card]]]:
    """``(number of legal attacks, attacks with no whole defence, attacks with no defence)``,
    all found by Z3 (attacks as card sets)."""
    ah = fd.check_cards(attacker_hand, "attacker_hand")
    dh = fd.check_cards(defender_hand, "hand")
    effects = fd.normalise_face_effects(face_effects)
    a = [z3.Bool(f"att_{c.ascii}") for c in ah]
    x = [z3.Bool(f"def_{c.ascii}") for c in dh]
    n_pips = z3.Sum([z3.If(b, 1, 0) for b, c in zip(a, ah) if not _is_face(c)] + [z3.IntVal(0)])
    n_faces = z3.Sum([z3.If(b, 1, 0) for b, c in zip(a, ah) if _is_face(c)] + [z3.IntVal(0)])

    def total(bools: Sequence[Any], cards: Sequence[Card], keep_card: Any = None) -> Any:
        return z3.Sum([z3.If(b, _value(c), 0) for b, c in zip(bools, cards)
                       if keep_card is None or keep_card(c)] + [z3.IntVal(0)])

    att_total = total(a, ah)
    # 003: up to 4 pip cards plus 1 face card, never more cards than the defender holds,
    # face cards accompany pip cards, a non-zero total.
    legal = [n_pips >= 1, n_pips <= 4, n_faces <= 1, n_pips + n_faces <= len(dh), att_total != 0]
    s_legal = z3.Solver()
    s_legal.add(*legal)
    attacks = _projections(s_legal, a, ah)

    def_total = total(x, dh)
    def_pip = z3.Or([b for b, c in zip(x, dh) if not _is_face(c)] + [z3.BoolVal(False)])
    s_whole = z3.Solver()
    s_whole.add(*legal, def_pip, def_total == -att_total)
    whole_ok = _projections(s_whole, a, ah)

    red_total = total(a, ah, lambda c: not _is_face(c) and c.suit in ("H", "D"))
    black_total = total(a, ah, lambda c: not _is_face(c) and c.suit in ("C", "S"))
    has_red = z3.Or([b for b, c in zip(a, ah) if not _is_face(c) and c.suit in ("H", "D")] + [z3.BoolVal(False)])
    has_black = z3.Or([b for b, c in zip(a, ah) if not _is_face(c) and c.suit in ("C", "S")] + [z3.BoolVal(False)])
    binding = z3.Or([b for b, c in zip(a, ah) if _is_face(c) and effects[c.rank] == "whole_only"]
                    + [z3.BoolVal(False)])
    t = z3.Int("target")
    s_any = z3.Solver()
    s_any.add(*legal, def_pip, z3.Or(
        z3.And(t == _T_WHOLE, def_total == -att_total),
        z3.And(t == _T_RED, z3.Not(binding), has_red, def_total == -red_total),
        z3.And(t == _T_BLACK, z3.Not(binding), has_black, def_total == -black_total)))
    any_ok = _projections(s_any, a, ah)
    return len(attacks), attacks - whole_ok, attacks - any_ok
