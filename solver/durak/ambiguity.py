"""Durak's adapter for ``foolsolve ambiguities durak`` (registered as ``GameInfo.ambiguity``).

A whole Durak deal cannot be solved exactly: the stock's order is hidden, and the exact solver
(:mod:`foolsolve.solver.durak`) needs two players, and a stock of at most one card or a small
position (at most 16 cards in the hands, on the table and in the stock). So every deal is
played by a stated policy (:func:`policy_key`) until the stock is empty, two players hold cards
(with more players: the others are out, and the bout in progress has ended) and at most
``endgame_cards`` cards remain in the hands and on the table; the choices are compared there,
exactly, and on the way (see :class:`~foolsolve.ambiguities.PolicyEndgameAdapter`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from foolsolve.ambiguities import Analysis, PolicyEndgameAdapter
from foolsolve.errors import InputError
from foolsolve.rules import rules_to_json
from foolsolve.spec import durak as D

_KIND = {D.Attack: 0, D.Cover: 0, D.Throw: 0, D.Pass: 1, D.Take: 1, D.Transfer: 3, D.ShowTrump: 3, D.Redeal: 0,
         D.Keep: 1}


def strength(card: Any, trump: str | None) -> tuple[int, int, int]:
    """How dear a card is to the policy: non-trumps before trumps, then by rank, then suit."""
    return (int(card.suit == trump), card.rank, card.index)


def policy_key(state: D.State, move: Any) -> tuple[Any, ...]:
    """Sort key of the policy (smallest first). Lead the cheapest single card (non-trumps
    first, then the lowest rank); cover with the cheapest card that beats; take only when
    nothing covers; throw in only non-trump cards, cheapest first, else pass; never transfer or
    show a trump; right after the deal, demand a re-deal whenever entitled (5 or more cards of one
    suit). A move kind it does not know comes last."""
    trump = state.trump
    kind = _KIND.get(type(move), 4)
    if isinstance(move, D.Attack):
        return (0, len(move.cards), min(strength(c, trump) for c in move.cards))
    if isinstance(move, D.Cover):
        return (0, 1, strength(move.card, trump))
    if isinstance(move, D.Throw):
        if move.card.suit == trump:
            return (2, 1, strength(move.card, trump))
        return (0, 1, strength(move.card, trump))
    return (kind, 0, (0, 0, 0), D.move_sort_key(move))


POLICY = ("the cheapest-card policy (lead the cheapest single card, non-trumps first; cover with the cheapest "
          "card that beats; take only when nothing covers; throw in only non-trumps, cheapest first, else pass; "
          "never transfer; demand a re-deal whenever entitled)")


def cards_in_play(state: D.State) -> int:
    """Cards in the hands and on the table."""
    return sum(len(h) for h in state.hands) + sum(1 + (c is not None) for _, c in state.table)


def two_player_view(state: D.State) -> tuple[D.State, tuple[int, int]] | None:
    """With the stock empty and exactly two players holding cards at the start of a bout, the
    same position as a two-player game (the players out are safe whatever follows), and the
    two players' numbers in the original game; ``None`` otherwise."""
    if state.stock:
        return None
    holding = [p for p in range(state.players) if state.hands[p]]
    if len(holding) != 2:
        return None
    if state.players == 2:
        return state, (0, 1)
    if state.table or state.to_move != state.attacker or state.attacker not in holding:
        return None
    obj = D.SPEC.without_knowledge(D.SPEC.state_to_json(state))  # (what the players know: no value)
    a, b = holding
    index = {a: 0, b: 1}
    att = index[state.attacker]
    obj.update(players=2, hands=[obj["hands"][a], obj["hands"][b]], out=[], attacker=att, defender=1 - att,
               to_move=att, taking=False, shown=[], last_defender=1 - att,
               defender_start=len(state.hands[holding[1 - att]]))
    return D.SPEC.state_from_json(obj), (a, b)


class DurakAmbiguity(PolicyEndgameAdapter):
    """Definitions used by ``foolsolve ambiguities durak``."""

    supports_witness = True
    max_witness_size = len(D.SPEC.rules_cls().deck_cards)
    """36: :meth:`witness_candidates` draws from the 36-card deck."""
    policy_definition = POLICY
    endgame_definition = ("the stock is empty and two players hold cards (with more players: the others are out; "
                          "the two are compared as a two-player game from the next lead)")

    def policy_move(self, state: Any) -> Any:
        """See :func:`policy_key`."""
        return min(self.spec.legal_moves(state), key=lambda m: policy_key(state, m))

    def endgame(self, state: Any) -> Any | None:
        """See :func:`two_player_view`, within the size bound."""
        if cards_in_play(state) > self.endgame_cards:
            return None
        view = two_player_view(state)
        return None if view is None else view[0]

    def exact(self, state: Any, choice: Any) -> Analysis:
        """The exact two-player solver (value for the side to move: win, draw or loss)."""
        from foolsolve.store import cached_solve

        res = cached_solve(self.info, state, self.solve_options(extra={"jit": False, "pv": False}),
                           self.store)
        return Analysis(choice, sorted(res.best), res.value, "exact")

    def outcome(self, state: Any, end: Any | None, analysis: Analysis | None, player: int = 0) -> int:
        """+1: ``player`` is not the fool; 0: a draw; -1: ``player`` is the fool."""
        if end is None or analysis is None:
            p = self.spec.returns(state)[player]
            return (p > 0) - (p < 0)
        view = two_player_view(state)
        assert view is not None
        holding = view[1]
        if player not in holding:
            return 1
        v = {"win": 1, "draw": 0, "loss": -1}[analysis.value]
        return v if holding[end.to_move] == player else -v

    compared_at = "two-player endgames it solves exactly"

    def unplayable(self, rules: Any) -> str | None:
        """The side rules of 001 (and the 54-card deck, which 7 or 8 players need): the exact solver
        refuses every position under them (``solver.durak.search.check_endgame``)."""
        from foolsolve.solver.durak.search import side_rules_refusal

        return side_rules_refusal(rules)

    def size(self, state: Any) -> int:
        """Cards in the hands and on the table."""
        return cards_in_play(state)

    def witness_candidates(self, size: int, rng: random.Random, option: str, choices: Sequence[Any]) \
            -> list[dict[str, Any]]:
        """Random two-player positions with the stock empty and ``size`` cards in the hands and
        on the table, drawn from the 36-card deck (valid in both decks), a random trump suit: a lead
        (each hand at least one card) or, one time in two, the defence right after a random legal
        lead (under the first choice's rules). Never in the first bout: a two-player deal leaves a
        stock of 24 cards or more, so no first bout has an empty stock (the spec refuses one)."""
        deck = list(D.SPEC.rules_cls().deck_cards.cards)
        rules = self.rules_for(option, choices[0])
        out = []
        for _ in range(400):
            cards = rng.sample(deck, size)
            k = rng.randint(1, size - 1)
            obj: dict[str, Any] = {
                "game": self.spec.name, "trump": rng.choice("CDHS"), "stock": [],
                "hands": [[c.ascii for c in cards[:k]], [c.ascii for c in cards[k:]]],
                "attacker": 0, "defender": 1, "table": [], "to_move": 0,
            }
            if rng.random() < 0.5 and k < size - 1:
                try:
                    state = self.spec.state_from_json({**obj, "rules": rules_to_json(rules)})
                except InputError:
                    continue
                leads = [m for m in self.spec.legal_moves(state) if isinstance(m, D.Attack)]
                if leads:
                    obj = self.spec.state_to_json(self.spec.apply(state, rng.choice(leads)))
                    obj.pop("rules", None)
            out.append(obj)
        return out
