"""The proofs: each a named statement and a function that asks Z3 for a counterexample.

A proof is *proved* when Z3 answers ``unsat`` for the negation of its statement. Where a
proof models a rule of a spec, it first checks by enumeration that the Z3 model agrees with
the spec's own function on every concrete case, so the theorem is about the code.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from foolsolve import z3run
from foolsolve.errors import InputError

CROSS_GAME_MODULES: tuple[str, ...] = ("foolsolve.proofs.cross_game",)
"""Proof modules about more than one game (each game's own module is named by its registry
record, ``GameInfo.proofs``)."""


def proof_modules() -> list[str]:
    """Every proof module: each registered game's, then the cross-game ones."""
    from foolsolve import games

    return [info.proofs for info in games.all_games() if info.proofs] + list(CROSS_GAME_MODULES)


@dataclass(frozen=True)
class Outcome:
    """Proved, or not with a counterexample / reason."""

    proved: bool
    detail: str = ""


@dataclass(frozen=True)
class Proof:
    """A named statement and how to prove it."""

    name: str
    statement: str
    check: Callable[[], Outcome]
    scoped: Callable[[Any], Callable[[], Outcome] | None] | None = None
    """A cross-game proof's check of one game alone (given its registry record), or ``None``
    where the game takes no part; how ``foolsolve prove GAME`` runs it for that game."""

    def run(self) -> Outcome:
        """Run the proof. Ctrl-C stops it with KeyboardInterrupt, never a failed outcome
        (:mod:`foolsolve.z3run`)."""
        with z3run.stoppable():
            return self.check()

    def for_game(self, info: Any) -> Proof | None:
        """This cross-game proof for one game alone (``None``: the game takes no part)."""
        check = self.scoped(info) if self.scoped is not None else None
        if check is None:
            return None
        return Proof(f"{self.name}[{info.name}]", f"{self.statement} Here: {info.title} alone.", check)


def all_proofs() -> list[Proof]:
    """Every proof of every game module that exists."""
    out: list[Proof] = []
    for name in proof_modules():
        out.extend(importlib.import_module(name).PROOFS)
    return out


def _game(name: str) -> Any:
    from foolsolve import games

    return games.get(name)


def _game_proofs(name: str) -> list[Proof] | None:
    """A game's proofs, by the game's name or alias (``three-fools``): its own module's, then each
    cross-game proof for that game alone; ``None`` if ``name`` is no game with proofs."""
    from foolsolve import games

    try:
        info = games.get(name)
    except InputError:
        return None
    if not info.proofs:
        return None
    out = list(importlib.import_module(info.proofs).PROOFS)
    for module in CROSS_GAME_MODULES:
        for p in importlib.import_module(module).PROOFS:
            one = p.for_game(info)
            if one is not None:
                out.append(one)
    return out


def select(names: Sequence[str]) -> list[Proof]:
    """The proofs named (a name, a prefix such as ``durak``, or a game's name or alias: its own
    proofs and the cross-game ones for it alone), or all."""
    proofs = all_proofs()
    if not names:
        return proofs
    chosen: list[Proof] = []
    for n in names:
        matched = _game_proofs(n) or [p for p in proofs if p.name == n or p.name.startswith(n + ".")]
        if not matched and n.endswith("]") and "[" in n:  # a cross-game proof for one game: NAME[GAME]
            base, game = n[:-1].split("[", 1)
            matched = [one for p in proofs if p.name == base and p.scoped is not None
                       for one in [p.for_game(_game(game))] if one is not None]
        if not matched:
            raise InputError(f"prove: unknown proof {n!r} (see foolsolve prove --list)")
        chosen.extend(p for p in matched if p.name not in {c.name for c in chosen})
    return chosen


def prove_unsat(solver: object, model_text: Callable[[object], str] | None = None) -> Outcome:
    """``unsat`` means proved; otherwise report the model as a counterexample."""
    import z3

    assert isinstance(solver, z3.Solver)
    r = z3run.check(solver)
    if r == z3.unsat:
        return Outcome(True)
    if r == z3.sat:
        m = solver.model()
        return Outcome(False, model_text(m) if model_text else str(m))
    return Outcome(False, f"z3 answered {r}")


@dataclass(frozen=True)
class CardAccounting:
    """How a game's spec keeps its cards, for the cross-game card-conservation proof
    (:mod:`foolsolve.proofs.cross_game`). A game's proofs module declares one as
    ``CARD_ACCOUNTING``."""

    zones: Callable[[Any], Mapping[str, Sequence[Any]]]
    """Every zone of a position that holds cards (hands, table, stock, piles ...), as card lists."""
    deck: Callable[[Any], Counter[Any]] | None
    """The game's whole multiset of cards under the position's rules, when the position keeps
    every card (``None``: the spec keeps no discard pile, so cards may leave play)."""
    discards: Callable[[Any], bool] = field(default=lambda move: False)
    """Moves that may take cards out of play (only read where :attr:`deck` is ``None``)."""
    may_leave: Callable[[Any, Any], Sequence[Any]] | None = None
    """Where :attr:`deck` is ``None``, more precisely than :attr:`discards`: the cards a move
    (from a position) may take out of play; any other card that leaves play is reported."""
    note: str = ""
    """What the zones are, in plain words (for the proof's statement)."""


def tables_equal(what: str, keys: Sequence[Any], engine: Callable[[Any], int], spec: Callable[[Any], int],
                 name: Callable[[Any], str] = str) -> Outcome:
    """Z3: for a symbolic key ``k`` (one of ``keys``, by position), the engine's table value at
    ``k`` equals the spec's; a counterexample is decoded back to its key (a card ...)."""
    import z3

    k = z3.Int("k")
    eng: z3.ArithRef = z3.IntVal(0)
    spc: z3.ArithRef = z3.IntVal(0)
    for i, key in enumerate(keys):
        eng = z3.If(k == i, z3.IntVal(int(engine(key))), eng)
        spc = z3.If(k == i, z3.IntVal(int(spec(key))), spc)
    s = z3.Solver()
    s.add(k >= 0, k < len(keys), eng != spc)
    r = z3run.check(s)
    if r == z3.unsat:
        return Outcome(True)
    if r != z3.sat:
        return Outcome(False, f"z3 answered {r}")
    key = keys[s.model()[k].as_long()]
    return Outcome(False, f"{what} of {name(key)}: engine {int(engine(key))}, spec {int(spec(key))}")
