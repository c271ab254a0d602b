"""The proofs: each a named statement and a function that asks Z3 for a counterexample.

A proof is *proved* when Z3 answers ``unsat`` for the negation of its statement. Where a
proof models a rule of a spec, it first checks by enumeration that the Z3 model agrees with
the spec's own function on every concrete case, so the theorem is about the code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from foolsolve.errors import InputError

CROSS_GAME_MODULES: tuple[str, ...] = ()
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

    def run(self) -> Outcome:
        """Run the proof."""
        return self.check()


def all_proofs() -> list[Proof]:
    """Every proof of every game module that exists."""
    out: list[Proof] = []
    for name in proof_modules():
        out.extend(importlib.import_module(name).PROOFS)
    return out


def select(names: Sequence[str]) -> list[Proof]:
    """The proofs named (a name or a prefix such as ``durak``), or all."""
    proofs = all_proofs()
    if not names:
        return proofs
    chosen = [p for p in proofs if any(p.name == n or p.name.startswith(n + ".") for n in names)]
    unknown = [n for n in names if not any(p.name == n or p.name.startswith(n + ".") for p in proofs)]
    if unknown:
        raise InputError(f"prove: unknown proof {unknown[0]!r} (see foolsolve prove --list)")
    return chosen


def prove_unsat(solver: object, model_text: Callable[[object], str] | None = None) -> Outcome:
    """``unsat`` means proved; otherwise report the model as a counterexample."""
    import z3

    assert isinstance(solver, z3.Solver)
    r = solver.check()
    if r == z3.unsat:
        return Outcome(True)
    if r == z3.sat:
        m = solver.model()
        return Outcome(False, model_text(m) if model_text else str(m))
    return Outcome(False, f"z3 answered {r}")
