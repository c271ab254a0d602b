"""How ``random.Random.choice`` draws an index, for native random playouts.

An engine's native playout (``Engine.playout`` overridden, e.g. ``foolsolve.engines.durak_playout.playout``)
counts a decision's legal moves without building them and draws the index itself, exactly as
``rng.choice`` over the sorted legal list would: ``k = n.bit_length()``, then
``rng.getrandbits(k)`` until the number is below ``n`` (CPython's
``Random._randbelow_with_getrandbits``). Only then does a seeded native playout play the very
game of the spec's ``s = SPEC.apply(s, rng.choice(SPEC.legal_moves(s)))``. :func:`standard_draw`
tells whether that holds for a given ``rng``; when it does not (a subclass overriding
``_randbelow``, another Python's algorithm) the engines play the generic loop instead.
"""

from __future__ import annotations

import random

_RANDBELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)


def _draw_matches() -> bool:
    """This Python's ``choice`` draws exactly like the inline draw (checked once, at import)."""
    if _RANDBELOW is None or getattr(random.Random, "_randbelow", None) is not _RANDBELOW:
        return False
    a, b = random.Random(20261122), random.Random(20261122)
    for n in [*range(1, 70), 1000, 12345]:
        k = n.bit_length()
        r = b.getrandbits(k)
        while r >= n:
            r = b.getrandbits(k)
        if a.choice(range(n)) != r:
            return False
    return a.getstate() == b.getstate()


DRAW_MATCHES = _draw_matches()
"""Whether ``random.Random.choice`` on this Python draws as described above."""


def standard_draw(rng: random.Random) -> bool:
    """Whether ``rng.choice`` on this object draws its index as a native playout does inline."""
    return DRAW_MATCHES and getattr(type(rng), "_randbelow", None) is _RANDBELOW
