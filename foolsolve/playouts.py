"""The playout policies that value a position at the frontier of a depth-limited search.

The open-hand search (:mod:`foolsolve.solver.open_hand`) values a position at its depth limit,
and IS-MCTS a leaf, by the mean result of playouts to the end of the game. A frontier names the
policy of every player in those playouts:

* ``random``: each move uniformly among the legal moves (chance outcomes too), the engine's
  native playout (:meth:`foolsolve.game.Engine.playout`): the fastest; a family of moves too long
  to list (Fools and Angels' exchanges of a big hand) is drawn from uniformly all the same;
* ``greedy``: each player plays the ``greedy`` bot's heuristic (docs/arena.md) from her own view
  of the position, and chance outcomes are drawn by their probabilities. A game that declares
  its heuristic on engine states (``GameInfo.greedy_engine``: Durak, Foolery, Fool's Paradise) plays it directly; any
  other game builds the player's view at every move (:func:`foolsolve.worlds.view_of`), the same
  seat the bot would get, which is slower; where a family of moves is too long to list, the greedy
  choice is among the family's bounded candidates (:func:`foolsolve.game.search_moves`).

:func:`playout_of` gives a playout function with the engine's signature
``(state, rng, max_moves) -> (final state, moves made)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from foolsolve.errors import InputError, quoted
from foolsolve.game import CHANCE, draw_chance, legal_or_family, search_moves

if TYPE_CHECKING:
    from foolsolve.games.base import GameInfo

FRONTIERS = ("random", "greedy")
"""The playout policies, by name."""

PLAYOUT_MOVES = 100_000
"""Every caller's bound on one playout: a playout longer than this many moves is cut and counted as
payoffs of 0 (a game that can repeat positions, such as Durak with three or more players or
two-player perevodnoy, has no random end bound)."""

REPEAT_CHECK_FROM = 1_000
"""A greedy playout looks for a repeated position once it has gone this many moves without a chance
node (no game's greedy playout is nearly as long without repeating itself)."""

Playout = Callable[[Any, random.Random, "int | None"], tuple[Any, int]]


def check_frontier(name: str, label: str = "frontier") -> str:
    """``name`` if it is a frontier, else a one-line error."""
    if name not in FRONTIERS:
        raise InputError(f"{label}: expected one of {', '.join(FRONTIERS)}, not {quoted(name)}")
    return name


def playout_of(info: GameInfo, frontier: str) -> Playout:
    """The playout function of ``frontier`` for ``info``'s game (over its engine)."""
    engine = info.engine
    if engine is None:
        raise InputError(f"game: {info.name} has no engine for playouts")
    check_frontier(frontier)
    if frontier == "random":
        return engine.playout
    return GreedyPlayout(info)


class GreedyPlayout:
    """Every player plays the ``greedy`` heuristic; chance outcomes are drawn by their
    probabilities. After a call, :attr:`drew_chance` says whether the playout met a chance node:
    if not, it played the only game a greedy playout from that position can play, and a caller
    averaging several playouts may count it for all of them (:func:`repeats`).

    Between chance nodes the heuristic is a function of the position, so a position met again with
    no chance node in between means the playout would go round the same cycle for ever: endless
    play, which makes nobody the loser. The playout then stops at once, short of the end (payoffs 0
    for every player, as the open-hand search and ``solver/retrograde.py`` read endless play;
    :attr:`endless` says so). Positions are compared by the engine's key (Brent's cycle finding:
    one saved key, from :data:`REPEAT_CHECK_FROM` moves without chance on), so ordinary playouts
    pay nothing for it."""

    def __init__(self, info: GameInfo) -> None:
        engine = info.engine
        if engine is None:
            raise InputError(f"game: {info.name} has no engine for playouts")
        self.engine = engine
        self.choose = info.greedy_engine or _seat_greedy(info)
        self.drew_chance = False
        self.endless = False
        """The last playout stopped at a repeated position (endless play)."""

    def __call__(self, state: Any, rng: random.Random, max_moves: int | None = None) -> tuple[Any, int]:
        engine, choose = self.engine, self.choose
        moves = 0
        self.drew_chance = self.endless = False
        saved: Any = None
        power = steps = 1
        plain = 0  # moves since the last chance node
        while moves != max_moves:
            legal = search_moves(engine, state)  # a family too long to list: its candidates (the greedy bot's)
            if not legal:
                break
            if engine.to_move(state) == CHANCE:
                move = draw_chance(engine.chance_outcomes(state), rng)
                self.drew_chance = True
                saved, power, steps, plain = None, 1, 1, -1
            else:
                move = legal[0] if len(legal) == 1 else choose(state, legal)
            state = engine.apply_unchecked(state, move)
            moves += 1
            plain += 1
            if plain >= REPEAT_CHECK_FROM:
                key = engine.key(state)
                if key == saved:
                    self.endless = True
                    break
                if steps == power:
                    saved, power, steps = key, power * 2, 0
                steps += 1
        return state, moves


def repeats(playout: Playout) -> bool:
    """Whether the playout just played would play the same game again from the same position
    (a greedy playout that met no chance node; a random playout never counts as one)."""
    return isinstance(playout, GreedyPlayout) and not playout.drew_chance


def _seat_greedy(info: GameInfo) -> Callable[[Any, Any], Any]:
    """The ``greedy`` bot's heuristic on an engine state: the mover's seat built from her view."""
    from foolsolve.bots import Seat
    from foolsolve.bots.greedy import cheapest
    from foolsolve.rules import rules_to_json
    from foolsolve.worlds import view_of

    engine = info.engine
    assert engine is not None
    spec = info.spec
    rule = info.greedy or cheapest

    def choose(state: Any, legal: Any) -> Any:
        full = engine.to_spec(state)
        mover = spec.to_move(full)
        rules_json = rules_to_json(full.rules)
        listed, family = legal_or_family(spec, full)
        seat = Seat(game=info.name, player=mover, players=spec.num_players(full), rules=rules_json,
                    view=view_of(info, full, mover), legal=tuple(listed), seed=0, family=family)
        picked = str(rule(seat))
        return next(m for m in legal if str(engine.move_to_spec(state, m)) == picked)

    return choose
