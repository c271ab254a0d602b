"""The reference random playout both native-playout test files compare against, a count of the
playouts the seat analysis plays, and a Foolery playout compile stopped by Ctrl-C."""

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


def foolery_compile_stopped(monkeypatch: Any) -> str:
    """For the rest of the test: Foolery's compiled playout not in numba's cache, no background
    compile (the first playout compiles it in the foreground), and a Ctrl-C arriving in numba's
    compile (an empty KeyboardInterrupt from the compiled loop's first call). Returns the line the
    compile's Stopped says (``foolery_native.COMPILE_STOPPED``)."""
    from foolsolve import background
    from foolsolve.engines import foolery, foolery_native

    def ctrl_c(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(background, "allowed", lambda: False)
    monkeypatch.setattr(background, "in_numba_cache", lambda source, function, keyed_by=(): False)
    monkeypatch.setattr(foolery, "_native", None)
    monkeypatch.setattr(foolery, "_child", None)
    monkeypatch.setattr(foolery, "_python_only", False)
    monkeypatch.setattr(foolery, "_loading", None)
    monkeypatch.setattr(foolery_native, "_run", ctrl_c)
    stopped: str = foolery_native.COMPILE_STOPPED
    return stopped
