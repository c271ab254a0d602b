"""Fool's Paradise extras: the greedy policy and the ambiguity explorer's adapter for this
game. The ``foolsolve ambiguities GAME --option NAME`` command (generic over games) lives in
:mod:`foolsolve.ambiguities_cli`, so running it for another game does not import this
game's engine; it is re-exported here."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from foolsolve.ambiguities import Adapter, Analysis
from foolsolve.ambiguities_cli import ambiguities as ambiguities
from foolsolve.cards import FRENCH52
from foolsolve.engines.fools_paradise import ENGINE, EMove, EngineState, decode
from foolsolve.errors import InputError
from foolsolve.solver.fools_paradise.search import Solver, rank_state
from foolsolve.spec.fools_paradise import SPEC, State, card_points

# --- the greedy policy -----------------------------------------------------------------------


def move_gain(e: EngineState, move: EMove) -> int:
    """Points the mover banks with this move at once: the cards taken, the played card when
    it is collected (option ``played_card``), and 1 for a clear."""
    hid, taken = decode(move)
    if hid < 0 or taken == 0:
        return 0
    ctx = e.ctx
    gain = ctx.mask_points(taken | (1 << hid) if ctx.collected else taken)
    return gain + (1 if taken == e.centre else 0)


def greedy_key(e: EngineState, move: EMove) -> tuple[Any, ...]:
    """Sort key of the greedy policy (smallest first): most points banked this turn, then
    most cards taken, then the lowest-scoring played card, then the first in move order."""
    sm = ENGINE.move_to_spec(e, move)
    return (-move_gain(e, move), -decode(move)[1].bit_count(), card_points(sm.card, e.ctx.rules),
            SPEC.move_sort_key(sm))


def greedy_moves(e: EngineState) -> list[EMove]:
    """Every move with the most points banked this turn (the greedy best set)."""
    moves = ENGINE.legal_moves(e)
    top = max(move_gain(e, m) for m in moves)
    return [m for m in moves if move_gain(e, m) == top]


def greedy_move(e: EngineState) -> EMove:
    """The one move the fixed greedy policy plays (see :func:`greedy_key`)."""
    return min(ENGINE.legal_moves(e), key=lambda m: greedy_key(e, m))


def greedy_until_stock_empty(state: State) -> EngineState:
    """Every player follows :func:`greedy_move` until the draw pile is empty (or the game ends)."""
    if not state.stock_known and state.stock:
        raise InputError("stock_size: the policy playout needs a known draw order")
    e = ENGINE.from_spec(state)
    while not e.terminal() and e.stock_left() > 0:
        e = ENGINE.apply(e, greedy_move(e))
    return e


def greedy_to_end(state: State) -> EngineState:
    """Every player follows :func:`greedy_move` to the end of the game."""
    e = greedy_until_stock_empty(state)
    while not e.terminal():
        e = ENGINE.apply(e, greedy_move(e))
    return e


# --- the adapter -----------------------------------------------------------------------------


class FoolsParadiseAmbiguity(Adapter):
    """Definitions used by ``foolsolve ambiguities fools-paradise``."""

    supports_witness = True
    max_witness_size = len(FRENCH52)
    """52: :meth:`witness_candidates` draws from one deck."""
    method = ("policy play, then exact: the best move is the greedy policy's at the opening; the final result comes "
              "from greedy play until the draw pile is empty, then the exact endgame")
    best_definition = ("the greedy best move(s) at the opening position: every move banking the most points this "
                       "turn (cards taken, the played card when collected, +1 for a clear)")
    final_definition = ("both players follow one fixed greedy policy (most points banked this turn; ties: most cards "
                        "taken, then the lowest-scoring played card, then the first in move order) until the draw "
                        "pile is empty; then the exact endgame value for player 0 (two players: final score "
                        "difference; more: paranoid value)")
    policy_only = False
    """When set, the final result is the score difference for player 0 (against the best
    other player) when the greedy policy plays the whole game (fast, not exact)."""
    supports_policy_only = True
    exact_through_store = False
    """The final result's exact endgame (for player 0, not the player to move) is solved directly,
    not through the result store."""

    def use_policy_only(self) -> None:
        """Final results by the greedy policy played to the end of the game (``--policy-only``)."""
        self.policy_only = True
        self.method = "policy only: the greedy best move at the opening, greedy play to the end for the final result"
        self.final_definition = ("both players follow the fixed greedy policy to the end of the game; "
                                 "player 0's final score minus the best other final score")

    def state_with(self, obj: dict[str, Any], option: str, choice: Any) -> Any:
        """As the generic version, without the file's ``scores``: they are derived from the
        piles under the file's rules and change with ``card_points`` or ``ace``."""
        obj = {k: v for k, v in obj.items() if k != "scores"}
        return super().state_with(obj, option, choice)

    def analyse(self, state: Any, choice: Any) -> Analysis:
        """Stock empty: the exact endgame solve. Otherwise: the greedy best set (value =
        the points it banks this turn)."""
        assert isinstance(state, State)
        if SPEC.is_terminal(state):
            return Analysis(choice, [], None, "game over")
        if not state.stock and state.pending is None:
            from foolsolve.store import cached_solve

            res = cached_solve(self.info, state, self.solve_options(), self.store)
            return Analysis(choice, sorted(res.best), res.value,
                            "exact endgame" + (f" ({res.concept})" if res.concept else ""))
        if state.pending is not None:
            raise InputError("pending: the position waits for a chance draw")
        e = ENGINE.from_spec(state)
        best = greedy_moves(e)
        return Analysis(choice, sorted(str(ENGINE.move_to_spec(e, m)) for m in best), move_gain(e, best[0]),
                        "greedy: points banked this turn")

    def final_result(self, state: Any, choice: Any) -> Any:
        """See :attr:`final_definition`."""
        assert isinstance(state, State)
        if self.policy_only:
            e = greedy_to_end(state)
            s = e.scores
            return s[0] - max(s[1:])
        e = greedy_until_stock_empty(state)
        rs = rank_state(e)
        search = Solver(e.ctx, 0, len(e.hands), self.solve_options())
        return search.terminal_value(rs) if rs.over else search.exact(rs)

    def size(self, state: Any) -> int:
        """Cards in all hands and the centre."""
        assert isinstance(state, State)
        return sum(len(h) for h in state.hands) + len(state.centre)

    def witness_candidates(self, size: int, rng: random.Random, option: str, choices: Sequence[Any]) \
            -> list[dict[str, Any]]:
        """Random two-player endgames (empty stock, one deck) with ``size`` cards in the hands
        and the centre: the player to move holds 1-5, the other 0-5, the centre at least 1;
        every other card sits in the piles (dealt alternately)."""
        out = []
        for _ in range(400):
            cards = list(FRENCH52.cards)
            rng.shuffle(cards)
            h = rng.randint(1, min(5, size - 1))
            o = rng.randint(0, min(5, size - 1 - h))
            c = size - h - o
            hand0, hand1, centre, rest = cards[:h], cards[h:h + o], cards[h + o:size], cards[size:]
            assert c >= 1
            out.append({
                "game": SPEC.name, "to_move": 0, "dealer": 1,
                "hands": [[x.ascii for x in hand0], [x.ascii for x in hand1]],
                "centre": [x.ascii for x in centre], "stock": [],
                "piles": [[x.ascii for x in rest[0::2]], [x.ascii for x in rest[1::2]]],
            })
        return out
