"""Every rule option drawn for a solver's checks against the spec, so that a new option reaches them:
those with a list of choices by :func:`foolsolve.rules.random_rules`, the others by a table each
test module keeps (``DRAWN_HERE``: name -> a draw from a ``random.Random``), held complete by
:func:`options_without_choices`."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from foolsolve.rules import options_of, random_rules

R = TypeVar("R")


def options_without_choices(rules_cls: type) -> set[str]:
    """The options of ``rules_cls`` with no list of choices (not fixed): those ``random_rules``
    leaves at their defaults, which a test's ``DRAWN_HERE`` must draw."""
    return {o.name for o in options_of(rules_cls) if o.choices is None and not o.fixed}


def drawn_rules(rules_cls: type[R], drawn_here: Mapping[str, Callable[[random.Random], Any]],
                rng: random.Random) -> R:
    """Rules with every option drawn: ``drawn_here``'s by its draws, the others at random."""
    return random_rules(rules_cls, rng, **{name: draw(rng) for name, draw in drawn_here.items()})
