"""``human``: a person at the terminal plays this seat, seeing only that seat's view."""

from __future__ import annotations

import json
from typing import Any

import click

from foolsolve.bots import Bot, BotInfo, Forfeit, Seat
from foolsolve.errors import InputError, option_name


class HumanBot(Bot):
    """Shows the view and the numbered legal moves, reads a number or a move text."""

    def choose(self, seat: Seat) -> Any:
        from foolsolve.bots.external import pick
        from foolsolve.positions import standard_input

        if not standard_input().isatty():
            raise InputError(f"{option_name('--bot')} human: needs a terminal on standard input")
        view = {k: v for k, v in seat.view.items() if k not in ("rules", "game")}
        click.echo(f"\nplayer {seat.player} to move; your view: {json.dumps(view, ensure_ascii=False)}")
        for i, text in enumerate(seat.texts()):
            click.echo(f"  {i:3}  {text}")
        if seat.family is not None:
            click.echo(f"  {seat.family.type_one()}")
        while True:
            answer = click.prompt("your move (number or text)", default="0")
            try:
                return pick(seat, answer)
            except Forfeit as exc:
                click.echo(f"{exc}; try again")


BOT = BotInfo(name="human", summary="you, at the terminal, seeing only your seat's view",
              make=lambda params, raw: HumanBot())
