"""``random``: a legal move chosen uniformly at random (the anchor of the Elo table)."""

from __future__ import annotations

import random
from typing import Any

from foolsolve.bots import Bot, BotInfo, Seat


class RandomBot(Bot):
    """Uniform over the legal moves, from the seat's seed."""

    def choose(self, seat: Seat) -> Any:
        return random.Random(seat.seed).choice(seat.legal)


BOT = BotInfo(name="random", summary="a legal move uniformly at random", make=lambda params, raw: RandomBot())
