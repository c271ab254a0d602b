"""Small Three Fools positions for tests: name the hands (and any pile that matters); the
remaining cards of the 45 are dealt to the other piles in turn."""

from __future__ import annotations

from typing import Any

from foolsolve.cards import PILATCH45
from foolsolve.spec.three_fools import SPEC, State


def position(hands: list[list[str]], piles: list[list[str] | None] | None = None, *, fill: tuple[int, ...] = (0, 1, 2),
             **fields: Any) -> dict[str, Any]:
    """A position JSON: ``hands``; ``piles`` (``None`` entries are filled); the rest of the deck goes
    round robin to the piles listed in ``fill`` whose entry is ``None``."""
    piles = [None, None, None] if piles is None else list(piles)
    used = {PILATCH45.parse(c) for h in hands for c in h}
    used |= {PILATCH45.parse(c) for p in piles if p is not None for c in p}
    for c in fields.get("centre", [None, None, None]):
        if c is not None:
            used.add(PILATCH45.parse(c))
    rest = [c.ascii for c in PILATCH45 if c not in used]
    targets = [p for p in fill if piles[p] is None]
    out: list[list[str]] = [list(p) if p is not None else [] for p in piles]
    for i, c in enumerate(rest):
        out[targets[i % len(targets)]].append(c)
    obj: dict[str, Any] = {"game": "three-fools", "hands": hands, "piles": out}
    obj.update(fields)
    return obj


def state(hands: list[list[str]], piles: list[list[str] | None] | None = None, **fields: Any) -> State:
    """The spec state of :func:`position`."""
    return SPEC.state_from_json(position(hands, piles, **fields))
