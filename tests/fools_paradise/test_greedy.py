"""Fool's Paradise's greedy heuristic on engine states (solver/fools_paradise/greedy.py,
``choose_engine``: the policy of greedy playouts) plays what the ``greedy`` bot plays from the
mover's seat, built from her view (``choose``): 2-5 players, one and two decks, every rule option at
random, positions reached by random play."""

from __future__ import annotations

import random
from collections import Counter

from foolsolve import games
from foolsolve.bots import Seat
from foolsolve.game import CHANCE, draw_chance
from foolsolve.rules import rules_to_json
from foolsolve.solver.fools_paradise.greedy import choose, choose_engine
from foolsolve.spec.fools_paradise import Collect
from foolsolve.worlds import view_of


def test_choose_engine_is_the_greedy_bots_move_from_the_movers_seat() -> None:
    info = games.get("fools-paradise")
    engine, spec = info.engine, info.spec
    assert engine is not None and info.greedy_engine is choose_engine
    kinds: Counter[str] = Counter()
    for seed in range(24):
        rng = random.Random(seed)
        s = engine.from_spec(info.random_game(rng))
        while legal := engine.legal_moves(s):
            if engine.to_move(s) == CHANCE:
                s = engine.apply(s, draw_chance(engine.chance_outcomes(s), rng))
                continue
            if len(legal) > 1:
                full = engine.to_spec(s)
                mover = spec.to_move(full)
                seat = Seat(game="fools-paradise", player=mover, players=spec.num_players(full),
                            rules=rules_to_json(full.rules), view=view_of(info, full, mover),
                            legal=tuple(spec.legal_moves(full)), seed=0)
                want = choose(seat)
                assert str(engine.move_to_spec(s, choose_engine(s, legal))) == str(want), (seed, str(want))
                if isinstance(want, Collect):
                    kinds["clear" if len(want.taken) == len(full.centre) else "collect"] += 1
                else:
                    kinds["lay"] += 1
                kinds["rules " + str(full.rules.card_points) + " " + str(full.rules.played_card)] += 1
            s = engine.apply(s, rng.choice(legal))  # random play reaches positions greedy play would not
    # every kind of greedy move, under every scoring and place of the played card
    assert all(kinds[k] > 5 for k in ("clear", "collect", "lay")), kinds
    assert all(kinds[f"rules {points} {played}"] > 50 for points in ("value", "count")
               for played in ("collected", "stays")), kinds
