"""Every rule option drawn for a solver's checks against the spec, so that a new option reaches them:
those with a list of choices by :func:`foolsolve.rules.random_rules`, the others by a table each
test module keeps (``DRAWN_HERE``: name -> a draw from a ``random.Random``), held complete by
:func:`options_without_choices`."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import pytest

from foolsolve.rules import options_of, random_rules
from foolsolve.solver.base import NotCovered, SolveOptions

R = TypeVar("R")


def options_without_choices(rules_cls: type) -> set[str]:
    """The options of ``rules_cls`` with no list of choices (not fixed): those ``random_rules``
    leaves at their defaults, which a test's ``DRAWN_HERE`` must draw."""
    return {o.name for o in options_of(rules_cls) if o.choices is None and not o.fixed}


def drawn_rules(rules_cls: type[R], drawn_here: Mapping[str, Callable[[random.Random], Any]],
                rng: random.Random) -> R:
    """Rules with every option drawn: ``drawn_here``'s by its draws, the others at random."""
    return random_rules(rules_cls, rng, **{name: draw(rng) for name, draw in drawn_here.items()})


def solver_takes(refusal: str | None, solve: Callable[..., Any], position: Callable[[], Any]) -> bool:
    """Whether a solver declares a rule set its own (``refusal``, its ``rules_refusal`` of it, is
    ``None``); where it does not, ``solve`` must refuse a position under them (``position()``) with
    :class:`NotCovered` naming the refusal (checked here), and the caller skips the rules."""
    if refusal is None:
        return True
    with pytest.raises(NotCovered, match=re.escape(refusal)):
        solve(position(), SolveOptions())
    return False
