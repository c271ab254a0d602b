"""The reference random playout both native-playout test files compare against, and a count of the
playouts the seat analysis plays."""

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


def count_playouts(monkeypatch: Any, *modules: Any) -> list[int]:
    """Every playout function that ``playout_of`` gives in each of ``modules`` (those that read it:
    :mod:`foolsolve.playouts`, :mod:`foolsolve.solver.open_hand`) counted, for the rest of the test:
    returns the counter, ``[playouts played]``."""
    from foolsolve import playouts

    played = [0]
    real = playouts.playout_of

    def counting_of(info: Any, frontier: str) -> Any:
        play = real(info, frontier)

        def counted(*args: Any) -> Any:
            played[0] += 1
            return play(*args)
        return counted

    for module in modules:
        monkeypatch.setattr(module, "playout_of", counting_of)
    return played
