"""``random``: a legal move chosen uniformly at random (the anchor of the Elo table)."""

from __future__ import annotations

import random
from typing import Any

from foolsolve.bots import Bot, BotInfo, Seat


class RandomBot(Bot):
    """Uniform over the legal moves, from the seat's seed."""

    def choose(self, seat: Seat) -> Any:
        from foolsolve.game import uniform_move

        # every legal move alike, a family too long to list too (Seat.family: sampled uniformly)
        return uniform_move(seat.legal, seat.family, random.Random(seat.seed))


BOT = BotInfo(name="random", summary="a legal move uniformly at random", make=lambda params, raw: RandomBot())
