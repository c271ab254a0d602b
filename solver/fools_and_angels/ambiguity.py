"""Fools and Angels' adapter for ``foolsolve ambiguities fools-and-angels`` (registered as
``GameInfo.ambiguity``).

The stocks are shuffled face down, so a whole deal is not a game of perfect information and
cannot be solved exactly from the deal. Every deal is played by a stated policy
(:func:`policy_key`) until both private stocks are empty and at most ``endgame_cards`` cards
remain in the hands, the attack, the stocks and the pool; that position is
solved exactly with the order of the stocks and the pool as dealt known to both players (the
solver's ``stock_order_known``: the deterministic game of that deal; a position with every stock and
the pool empty is of perfect information and needs no such assumption). The choices are compared there and on the way (see
:class:`~foolsolve.ambiguities.PolicyEndgameAdapter`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from foolsolve.ambiguities import Analysis, PolicyEndgameAdapter
from foolsolve.errors import InputError
from foolsolve.rules import OptionInfo
from foolsolve.spec import fools_and_angels as F

_KIND = {F.Attack: 0, F.Defend: 0, F.Draw: 1, F.Stop: 2, F.KeepPiles: 2, F.Decline: 2, F.Pass: 3, F.Discard: 4,
         F.DiscardStock: 4, F.SwapPiles: 5, F.Exchange: 6, F.Surrender: 7}


def policy_key(state: F.State, move: Any) -> tuple[Any, ...]:
    """Sort key of the policy (smallest first): attack or defend with the most cards (the
    player who empties hand and stock wins), then draw, stop or keep, pass, discard; swap
    piles, exchange and surrender only when nothing else is legal; ties in the spec's order."""
    n = len(move.cards) if isinstance(move, (F.Attack, F.Defend)) else 0
    return (_KIND.get(type(move), 8), -n, F.SPEC.move_sort_key(move))


POLICY = ("the shedding policy (attack or defend with the most cards; otherwise draw, stop, pass; never swap piles, "
          "exchange or surrender while another move is legal)")


def cards_left(state: F.State) -> int:
    """Cards in the hands, the attack, the stocks and the pool."""
    return (len(state.hands[0]) + len(state.hands[1]) + len(state.attack) + len(state.pool) + len(state.stocks[0])
            + len(state.stocks[1]))


class FoolsAndAngelsAmbiguity(PolicyEndgameAdapter):
    """Definitions used by ``foolsolve ambiguities fools-and-angels``."""

    supports_witness = True
    max_witness_size = len(F.SPEC_CARDS)
    """48: :meth:`witness_candidates` draws from the game's cards."""
    policy_definition = POLICY
    endgame_cards = 20
    size_definition = "cards in the hands, the attack, the stocks and the pool"
    endgame_definition = ("few cards are left in the hands, the attack, the stocks and the pool (under Exchange: and "
                          "the pool is empty), solved exactly with the order of the stocks and the pool as dealt known "
                          "to both players")

    def alternatives(self, o: OptionInfo) -> list[Any] | None:
        """Stated sets for the open options: ``hand_limit`` the default, one less and one
        more; ``face_effects`` every face rank ``whole_only`` against every face rank ``none``;
        ``stocks`` the default lists against the same lists with the two private stocks
        swapped. Other values: ``--choices``."""
        if o.name == "hand_limit":
            return [o.default, o.default - 1, o.default + 1]
        if o.name == "face_effects":
            return [F.FaceEffects(), F.FaceEffects("none", "none", "none")]
        if o.name == "stocks":
            d = o.default
            return [d, dataclasses.replace(d, player0=d.player1, player1=d.player0)]
        return None

    def policy_move(self, state: Any) -> Any:
        """See :func:`policy_key`."""
        return min(self.spec.legal_moves(state), key=lambda m: policy_key(state, m))

    def endgame(self, state: Any) -> Any | None:
        """At most :attr:`endgame_cards` cards left in the hands, the attack, the stocks and the
        pool; under Exchange also the pool empty (every exchange draws from the pool, and its
        choices, every subset of the hand, put the exact solve out of reach)."""
        assert isinstance(state, F.State)
        if cards_left(state) > self.endgame_cards or (state.rules.exchange and state.pool):
            return None
        return state

    def exact(self, state: Any, choice: Any) -> Analysis:
        """The exact solver (win or loss for the side to move); with cards in a stock or the
        pool, with their order as dealt known to both players."""
        from foolsolve.store import cached_solve

        known = bool(state.pool or state.stocks[0] or state.stocks[1])
        res = cached_solve(self.info, state, self.solve_options(
                                                          extra={"stock_order_known": True} if known else {}), self.store)
        return Analysis(choice, sorted(res.best), res.value, "exact, the stocks' order known" if known else "exact")

    def outcome(self, state: Any, end: Any | None, analysis: Analysis | None, player: int = 0) -> int:
        """+1: ``player`` wins; -1: ``player`` loses."""
        if end is None or analysis is None:
            p = self.spec.returns(state)[player]
            return (p > 0) - (p < 0)
        v = 1 if analysis.value == "win" else -1
        return v if end.to_move == player else -v

    def size(self, state: Any) -> int:
        """Cards in the hands, the attack, the stocks and the pool."""
        return cards_left(state)

    def witness_candidates(self, size: int, rng: random.Random, option: str, choices: Sequence[Any]) \
            -> list[dict[str, Any]]:
        """Random small positions after both first turns with ``size`` cards: split between the
        two hands (each at least one) and, one time in two, small private stocks (0-2 cards each,
        solved with their order known); one time in two the player to move has just attacked
        (a random legal attack), so the position asks for a defence."""
        out = []
        for _ in range(400):
            cards = [c.ascii for c in rng.sample(F.SPEC_CARDS, size)]
            stocks: list[list[str]] = [[], []]
            if rng.random() < 0.5 and size >= 4:
                for p in (0, 1):
                    k = rng.randint(0, min(2, len(cards) - 3))
                    stocks[p], cards = cards[:k], cards[k:]
            k = rng.randint(1, len(cards) - 1)
            obj: dict[str, Any] = {
                "game": self.spec.name, "players": 2, "phase": "turn", "to_move": rng.randint(0, 1),
                "hands": [cards[:k], cards[k:]], "stocks": stocks, "pool": [], "attack": [], "turns_done": 2,
            }
            if rng.random() < 0.5:
                try:
                    state = self.spec.state_from_json(obj)
                except InputError:
                    continue
                attacks = [m for m in self.spec.legal_moves(state) if isinstance(m, F.Attack)]
                if attacks:
                    obj = self.spec.state_to_json(self.spec.apply(state, rng.choice(attacks)))
                    obj.pop("rules", None)
            out.append(obj)
        return out
