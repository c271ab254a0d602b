"""The decisions both greedy-heuristic test files check: a game's ``greedy_engine`` against the
``greedy`` bot's choice from the mover's seat, at positions reached by random play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from foolsolve import games
from foolsolve.bots import Seat
from foolsolve.game import CHANCE, draw_chance
from foolsolve.rules import rules_to_json
from foolsolve.worlds import view_of


def greedy_decisions(game: str, seeds: range) -> Iterator[tuple[int, Any, Any, Any]]:
    """Every decision with more than one legal move of one random game a seed (every rule option at
    random: ``GameInfo.random_game``), each checked first: the game's ``greedy_engine`` on the
    engine state plays the move its ``greedy`` bot plays from the mover's seat, built from her view.
    Yields ``(seed, full spec state, that move)``; the game goes on by a random legal move (random
    play reaches positions greedy play would not)."""
    info = games.get(game)
    engine, spec, choose, choose_engine = info.engine, info.spec, info.greedy, info.greedy_engine
    assert engine is not None and choose is not None and choose_engine is not None
    for seed in seeds:
        rng = random.Random(seed)
        s = engine.from_spec(info.random_game(rng))
        while legal := engine.legal_moves(s):
            if engine.to_move(s) == CHANCE:
                s = engine.apply(s, draw_chance(engine.chance_outcomes(s), rng))
                continue
            if len(legal) > 1:
                full = engine.to_spec(s)
                mover = spec.to_move(full)
                seat = Seat(game=game, player=mover, players=spec.num_players(full), rules=rules_to_json(full.rules),
                            view=view_of(info, full, mover), legal=tuple(spec.legal_moves(full)), seed=0)
                want = choose(seat)
                assert str(engine.move_to_spec(s, choose_engine(s, legal))) == str(want), (seed, str(want))
                yield seed, full, want
            s = engine.apply(s, rng.choice(legal))
