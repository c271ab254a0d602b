"""Foolery's adapter for the ambiguity explorer (``foolsolve ambiguities foolery --option
trump_beats_trump``): best moves and values by the exact open-hand endgame solver, on positions
where only two players still hold cards (so every hand is known to both).

Self-contained: it reads the generic explorer only through :class:`~foolsolve.ambiguities.Adapter`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from foolsolve.ambiguities import Adapter, Analysis
from foolsolve.cards import TAROT78, TRUMP

TRUMP_SHARE = 0.6
"""Share of trumps among the cards of a random witness candidate (the options at stake are
about trump plays and small sets, so trumps are drawn more often than the deck's 22/78)."""


class FooleryAmbiguity(Adapter):
    """Definitions used by ``foolsolve ambiguities foolery``."""

    supports_witness = True
    max_witness_size = len(TAROT78)
    """78: :meth:`witness_candidates` draws from the whole deck."""
    best_definition = ("the exact best move(s) for the player to move in a random open-hand endgame (two players "
                       "holding 5 cards each, the others already out)")
    final_definition = "the exact value (win = going out first) for the player to move in that endgame"
    method = "exact: the open-hand endgame solver on a random two-player endgame per deal"

    def __init__(self, info: Any, players: int | None = None, max_nodes: int | None = None) -> None:
        """``players``: the table's size in the deals (3-7; below 3, such as the explorer's
        default of 2, means 3); two of them still hold cards."""
        super().__init__(info, max(players or 3, 3), max_nodes)

    def analyse(self, state: Any, choice: Any) -> Analysis:
        """The exact open-hand solve (two players in play)."""
        from foolsolve.store import cached_solve

        res = cached_solve(self.info, state, self.solve_options(), self.store)
        return Analysis(choice, sorted(res.best), res.value, "exact open-hand endgame"
                        + (f" ({res.concept})" if res.concept else ""))

    def deal(self, rules: Any, rng: random.Random) -> Any:
        """A random open-hand endgame under these rules: players 0 and 1 hold 5 random cards
        each, the others (``players`` in all) are out in seat order (player 2 King ...), player
        0 leads (a whole deal is far beyond an exact solve)."""
        from foolsolve.spec.foolery import SPEC

        pool = list(TAROT78.cards)
        rng.shuffle(pool)
        n = self.players
        return SPEC.state_from_json({
            "game": "foolery", "rules": _rules_json(rules), "to_move": 0,
            "places": [None, None, *range(1, n - 1)],
            "hands": [[c.ascii for c in pool[:5]], [c.ascii for c in pool[5:10]], *([] for _ in range(n - 2))]})

    def size(self, state: Any) -> int:
        """Cards in the hands and on the table."""
        return sum(len(h) for h in state.hands) + sum(len(cs) for _, cs in state.table)

    def witness_candidates(self, size: int, rng: random.Random, option: str, choices: Sequence[Any]) \
            -> list[dict[str, Any]]:
        """Random two-player endgames of ``size`` cards: player 1 has just played 1-3 trumps or
        one or two suit cards of a rank, player 0 is to answer; both hold at least one card;
        player 2 is King. Cards are drawn with :data:`TRUMP_SHARE` trumps (the Fool among the
        other cards)."""
        trumps = [c for c in TAROT78 if c.suit == TRUMP and c.rank > 0]
        suited = [c for c in TAROT78 if c.suit != TRUMP or c.rank == 0]  # (the Fool among the others)
        out: list[dict[str, Any]] = []
        for _ in range(400):
            rng.shuffle(trumps)
            rng.shuffle(suited)
            ti = si = 0
            others = suited
            if rng.random() < 0.75:
                k = rng.randint(1, 3)
                table = trumps[:k]
                ti = k
            else:
                lead = next(c for c in suited if c.suit != TRUMP)
                table = [c for c in suited if c.suit != TRUMP and c.rank == lead.rank][:rng.randint(1, 2)]
                k = len(table)
                others = [c for c in suited if c not in table]
            left = size - k
            if left < 2:
                continue
            cards = []
            for _ in range(left):
                r = rng.random()
                if ti < len(trumps) and (r < TRUMP_SHARE or si == len(others)):  # (the others used up: trumps)
                    cards.append(trumps[ti])
                    ti += 1
                else:
                    cards.append(others[si])
                    si += 1
            h0 = rng.randint(1, left - 1)
            out.append({
                "game": "foolery", "to_move": 0, "places": [None, None, 1],
                "hands": [[c.ascii for c in cards[:h0]], [c.ascii for c in cards[h0:]], []],
                "table": [{"player": 1, "cards": [c.ascii for c in table]}],
            })
        return out


def _rules_json(rules: Any) -> dict[str, Any]:
    from foolsolve.rules import rules_to_json

    return rules_to_json(rules)
