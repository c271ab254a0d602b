"""Proofs about every registered game, through the registry record (``GameInfo.proofs``): a
game takes part by declaring, in its proofs module, ``CARD_ACCOUNTING``
(:class:`~foolsolve.proofs.registry.CardAccounting`: where its positions keep cards) and,
if its solver has switchable reductions, ``SOLVER_REDUCTIONS``
(:class:`ReductionCheck`).

**Card conservation** is an exhaustive check up to a stated bound, not a Z3 proof: from
seeded whole-game starts (``GameInfo.random_game``: random rules, player counts and deals),
every transition within :data:`DEPTH` plies (breadth first, the first :data:`PER_START`
transitions of each start) and every transition of a seeded random playout to the end is
checked: the cards of every position are distinct where the game has one deck, and a move
moves cards between zones without creating, losing or duplicating any (a game whose spec keeps
no discard pile: no card appears, and cards leave play only in a move that discards, or, where
the game says which cards a move may take out of play (``CardAccounting.may_leave``: Foolery's
trick), only those). ``foolsolve prove GAME`` runs each of these proofs for that game alone.

**Solver reductions** are checked exhaustively over every position a game lists (its stated
size bound): the value with every reduction on, and with each reduction alone on, equals the
value with every reduction off.
"""

from __future__ import annotations

import importlib
import json
import random
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from foolsolve.proofs.registry import CardAccounting, Outcome, Proof

STARTS = 12
"""Seeded whole-game starts per game (seeds 0 .. STARTS-1)."""
DEPTH = 3
"""Plies explored exhaustively from each start."""
PER_START = 600
"""At most this many transitions (breadth first) per start within :data:`DEPTH`."""


def _games_with(attr: str) -> Iterator[tuple[Any, Any]]:
    from foolsolve import games

    for info in games.all_games():
        if info.proofs:
            value = getattr(importlib.import_module(info.proofs), attr, None)
            if callable(value):  # built on first use (e.g. imports the solver)
                value = value()
            if value is not None:
                yield info, value


def _cards_text(counter: Counter[Any]) -> str:
    return " ".join(f"{c}" + (f"x{n}" if n > 1 else "") for c, n in sorted(counter.items(), key=lambda x: x[0].index))


def _position_text(spec: Any, state: Any) -> str:
    return json.dumps(spec.state_to_json(state), ensure_ascii=False, separators=(",", ":"))


def _multiset(acc: CardAccounting, state: Any) -> Counter[Any]:
    out: Counter[Any] = Counter()
    for cards in acc.zones(state).values():
        out.update(cards)
    return out


def check_transition(info: Any, acc: CardAccounting, before: Any, move: Any, after: Any) -> str | None:
    """``None`` if the move conserves cards, else the counterexample in cards."""
    spec = info.spec
    a, b = _multiset(acc, before), _multiset(acc, after)
    if acc.deck is not None:
        deck = acc.deck(after)
        if b != deck:
            extra, missing = b - deck, deck - b
            return (f"{info.name}: after {spec.move_text(move)!r} the cards are not the deck: "
                    f"extra {_cards_text(extra) or '-'}, missing {_cards_text(missing) or '-'}; "
                    f"before: {_position_text(spec, before)}")
        return None
    if max(b.values(), default=1) > 1:
        return f"{info.name}: after {spec.move_text(move)!r} a card is held twice: {_cards_text(+(b - Counter(set(b))))}"
    created = b - a
    if created:
        return (f"{info.name}: {spec.move_text(move)!r} creates {_cards_text(created)}; "
                f"before: {_position_text(spec, before)}")
    if acc.may_leave is not None:
        allowed = Counter(acc.may_leave(before, move))
        if (a - b) - allowed:
            return (f"{info.name}: {spec.move_text(move)!r} loses {_cards_text((a - b) - allowed)}, which this "
                    f"move may not take out of play; before: {_position_text(spec, before)}")
    elif a - b and not acc.discards(move):
        return (f"{info.name}: {spec.move_text(move)!r} loses {_cards_text(a - b)} without discarding; "
                f"before: {_position_text(spec, before)}")
    return None


def transitions(info: Any, start: Any, rng: random.Random) -> Iterator[tuple[Any, Any, Any]]:
    """Every transition within :data:`DEPTH` plies of ``start`` (the first :data:`PER_START`),
    then those of one random playout to the end."""
    spec = info.spec
    frontier = deque([(start, 0)])
    seen = 0
    while frontier and seen < PER_START:
        state, depth = frontier.popleft()
        for m in spec.legal_moves(state):
            nxt = spec.apply(state, m)
            yield state, m, nxt
            seen += 1
            if depth + 1 < DEPTH:
                frontier.append((nxt, depth + 1))
            if seen >= PER_START:
                break
    state = start
    for _ in range(5_000):
        moves = spec.legal_moves(state)
        if not moves:
            break
        m = rng.choice(moves)
        nxt = spec.apply(state, m)
        yield state, m, nxt
        state = nxt


def _declared(attr: str, info: Any) -> Any:
    """What one game's proofs module declares as ``attr`` (built if a function), or ``None``."""
    if not info.proofs:
        return None
    value = getattr(importlib.import_module(info.proofs), attr, None)
    return value() if callable(value) else value


def _scoped(attr: str, check: Callable[[Sequence[tuple[Any, Any]]], Outcome]) -> Callable[[Any], Any]:
    def one(info: Any) -> Callable[[], Outcome] | None:
        if not info.proofs or getattr(importlib.import_module(info.proofs), attr, None) is None:
            return None
        return lambda: check([(info, _declared(attr, info))])
    return one


def conservation(games: Sequence[tuple[Any, CardAccounting]] | None = None) -> Outcome:
    """See the module docstring."""
    pairs = list(games) if games is not None else list(_games_with("CARD_ACCOUNTING"))
    if not pairs:
        return Outcome(False, "no game declares CARD_ACCOUNTING")
    counts = []
    for info, acc in pairs:
        if info.random_game is None:
            return Outcome(False, f"{info.name}: no random whole-game starts (GameInfo.random_game)")
        n = 0
        for seed in range(STARTS):
            rng = random.Random(seed)
            start = info.random_game(rng)
            if acc.deck is not None and _multiset(acc, start) != acc.deck(start):
                return Outcome(False, f"{info.name}: the deal (seed {seed}) does not hold the deck: "
                                      f"{_position_text(info.spec, start)}")
            for before, move, after in transitions(info, start, rng):
                n += 1
                bad = check_transition(info, acc, before, move, after)
                if bad:
                    return Outcome(False, bad)
        counts.append(f"{info.name} {n}")
    return Outcome(True, "transitions checked: " + ", ".join(counts))


@dataclass(frozen=True)
class ReductionCheck:
    """A solver's switchable reductions, for the cross-game reduction proof. A game's proofs
    module declares one as ``SOLVER_REDUCTIONS``."""

    names: tuple[str, ...]
    """Every reduction's name."""
    positions: Callable[[], Iterator[Any]]
    """Every position of the stated size bound (spec states): every reduction on against off."""
    single_positions: Callable[[], Iterator[Any]]
    """Every position (a smaller bound) where each reduction alone is compared with every
    reduction off."""
    value: Callable[[Any, dict[str, bool]], Any]
    """The solver's value of a position with these reductions switched on (the others off),
    through the solver's public entry point."""
    bound: str
    """The size bound, in plain words."""


def reductions(checks: Sequence[tuple[Any, ReductionCheck]] | None = None) -> Outcome:
    """See the module docstring."""
    pairs = list(checks) if checks is not None else list(_games_with("SOLVER_REDUCTIONS"))
    if not pairs:
        return Outcome(False, "no game declares SOLVER_REDUCTIONS")
    done = []
    for info, rc in pairs:
        off = {n: False for n in rc.names}
        counts = []
        for positions, settings in ((rc.positions, [dict.fromkeys(rc.names, True)]),
                                    (rc.single_positions, [{**off, n: True} for n in rc.names])):
            n = 0
            for state in positions():
                plain = rc.value(state, off)
                for on in settings:
                    got = rc.value(state, on)
                    if got != plain:
                        switched = [k for k, v in on.items() if v]
                        which = "every reduction" if len(switched) == len(rc.names) else ", ".join(switched)
                        return Outcome(False, f"{info.name}: with {which} on the value is {got}, unreduced {plain}, "
                                              f"at {_position_text(info.spec, state)}")
                n += 1
            counts.append(n)
        done.append(f"{info.name}: {counts[0]} positions all on, {counts[1]} each alone ({rc.bound})")
    return Outcome(True, "; ".join(done))


PROOFS = [
    Proof("cross_game.card_conservation",
          f"No transition creates, loses or duplicates a card, in every game that declares its card zones "
          f"(exhaustive: every transition within {DEPTH} plies, first {PER_START} per start, of {STARTS} seeded "
          f"random whole-game starts, and a seeded random playout to the end from each).",
          conservation, scoped=_scoped("CARD_ACCOUNTING", conservation)),
    Proof("cross_game.solver_reductions_exact",
          "Every switchable solver reduction gives the unreduced value: every reduction on, and each alone, "
          "against every reduction off, for every position up to the game's stated size.",
          reductions, scoped=_scoped("SOLVER_REDUCTIONS", reductions)),
]
