"""The computer players of ``play --interactive`` on Foolery with three players play by the stated
max-n policy (each the best finishing place for itself), not the first of moves that all lose under
paranoid play."""

from __future__ import annotations

import random

from foolsolve import games
from foolsolve.interactive import Session
from foolsolve.solver.base import SolveOptions
from foolsolve.solver.foolery.search import maxn_payoffs

THREE = {"game": "foolery", "players": 3, "dealer": 0, "to_move": 1,
         "hands": [["3C", "9H", "KS", "II"], ["4C", "8D", "XX", "3D"], ["5S", "JD", "VI", "Fool"]],
         "places": [None, None, None]}


def test_three_player_computer_players_play_their_max_n_moves():
    info = games.get("foolery")
    spec = info.spec
    state = spec.state_from_json(THREE)
    paranoid = info.solve(state, SolveOptions())
    assert paranoid.value == "loss" and paranoid.best == [m.move for m in paranoid.moves]  # every move "loses"
    assert info.play_options == {"concept": "max-n"} and "max-n" in info.play_policy
    session = Session(info, you=-1, rng=random.Random(0), seed=0)
    steps = 0
    while spec.result(state) is None and steps < 30:
        mover = spec.to_move(state)
        text, how = session.answer(state)
        assert how.startswith("solver")
        after = spec.apply(state, spec.parse_move(state, text))
        # the move keeps the mover's max-n payoff: no other move is better for it (checked by the payoffs alone)
        best = max(maxn_payoffs(spec.apply(state, m))[mover] for m in spec.legal_moves(state))
        assert maxn_payoffs(after)[mover] == best
        state, steps = after, steps + 1
    assert spec.result(state) is not None
