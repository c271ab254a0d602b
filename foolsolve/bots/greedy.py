"""``greedy``: a stated one-move heuristic per game, from the player's view.

A game declares its heuristic in its registry record (``GameInfo.greedy``: Durak's is
solver/durak/greedy.py, Fool's Paradise's solver/fools_paradise/greedy.py). A game that declares
none gets :func:`cheapest`: play the move whose highest card is lowest (a card's strength is its
rank, plus 100 for a trump: the view's trump suit or the tarot's trumps), the most cards on a tie;
with no card to play (pass, draw, keep ...), the first legal move in the game's move order.
Where one family of moves is longer than :data:`foolsolve.game.MAX_CONSIDERED` (255;
:attr:`foolsolve.bots.Seat.family`), it weighs the
family's bounded candidates (:meth:`foolsolve.bots.Seat.considered`; Fools and Angels: the cheapest
exchange of the whole family is among them). docs/arena.md states each heuristic in words.
"""

from __future__ import annotations

from typing import Any

from foolsolve.bots import Bot, BotInfo, Seat
from foolsolve.cards import TRUMP

TRUMP_STRENGTH = 100
"""Added to a trump's rank."""


def move_cards(move: Any) -> list[Any]:
    """The cards a move puts down (its ``card`` and ``cards`` fields)."""
    cards = list(getattr(move, "cards", ()) or ())
    card = getattr(move, "card", None)
    if card is not None and not isinstance(card, (str, int)):
        cards.append(card)
    return cards


def cheapest(seat: Seat) -> Any:
    """The generic heuristic (see the module's docstring)."""
    trump = seat.view.get("trump")

    def strength(card: Any) -> int:
        return card.rank + (TRUMP_STRENGTH if card.suit in (trump, TRUMP) else 0)

    plays = [m for m in seat.considered() if move_cards(m)]
    if not plays:
        return seat.legal[0] if seat.legal else seat.considered()[0]
    return min(plays, key=lambda m: (max(strength(c) for c in move_cards(m)), -len(move_cards(m))))


class GreedyBot(Bot):
    """The game's declared heuristic, or :func:`cheapest`."""

    def choose(self, seat: Seat) -> Any:
        from foolsolve import games

        rule = games.get(seat.game).greedy or cheapest
        return rule(seat)


BOT = BotInfo(name="greedy", summary="a stated one-move heuristic per game (docs/arena.md)",
              make=lambda params, raw: GreedyBot())
