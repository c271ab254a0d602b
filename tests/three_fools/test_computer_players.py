"""The computer players of ``play --interactive`` on Three Fools: a computer leader plays the
solver's leader choice (``keep; lead 4S as S``) move by move, the flip then the lead, instead of
failing on a choice that is not one move."""

from __future__ import annotations

import json
import random
from importlib import resources

from foolsolve import games
from foolsolve.interactive import Session


def test_a_computer_leader_plays_the_solvers_choice_move_by_move():
    info = games.get("three-fools")
    spec = info.spec
    state = spec.state_from_json(json.loads(
        resources.files("foolsolve").joinpath("examples", "three-fools-first-round.json").read_text()))
    session = Session(info, you=-1, rng=random.Random(3), seed=3)  # every seat a computer player
    result, _ = session.solve(state)
    assert result is not None
    choice = result.best[0]  # one leader choice: the flip and the lead
    played = []
    for _ in range(12):  # the flip, the lead, the two follows and the round's end, and into the next round
        if spec.result(state) is not None:
            break
        text, how = session.answer(state)
        state = spec.apply(state, spec.parse_move(state, text))  # a legal move every time
        played.append((text, how))
    assert played[0][0] == "keep" and played[0][1].startswith("solver")
    assert played[1][0].startswith("lead ") and played[1][1].startswith("solver")
    assert choice.split("; ") == [played[0][0], played[1][0]]
