"""The reference random playout both native-playout test files compare against."""

from __future__ import annotations

import random
from typing import Any

from foolsolve.game import SpecGame


def spec_playout(spec: SpecGame[Any, Any], start: Any, rng: random.Random,
                 max_moves: int | None = None) -> tuple[Any, list[str]]:
    """The spec's seeded random playout: each move ``rng.choice`` of the sorted legal list.
    Returns the final state and the texts of the moves played."""
    s, played = start, []
    while len(played) != max_moves:
        legal = spec.legal_moves(s)
        if not legal:
            break
        m = rng.choice(legal)
        played.append(str(m))
        s = spec.apply(s, m)
    return s, played
