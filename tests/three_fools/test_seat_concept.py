"""An answer from one Three Fools seat values each world max-n, every player playing for her own
payoff (GameInfo.seat_concept; docs/seat.md, "Each player for herself"): with every card open, the
other two players as a coalition beat nearly every move of hers, so a paranoid value ranks nothing.

The position (:func:`tests.three_fools.exact.short_game`, seed 42): player 1 leads her last card, 1P,
one round from winning the game, the binary card UP; flipping it makes her 1P the best Paper. Each
world's values are checked against the exhaustive search over the spec (tests/three_fools/exact.py),
and the answer's best move against IS-MCTS, which shares nothing with the open-hand search."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from foolsolve import games, seat
from foolsolve.bots import make as make_bot
from foolsolve.errors import InputError
from foolsolve.spec.three_fools import SPEC, Rules
from foolsolve.worlds import read_view, view_of, worlds_of_view
from tests.generic.test_cli import assert_one_line_error, run
from tests.three_fools.exact import game_values, short_game

INFO = games.get("three-fools")
EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _view(seed: int) -> tuple[Any, int, dict[str, Any]]:
    state = short_game(random.Random(seed), Rules(), sizes=(1, 2, 2))
    player = SPEC.to_move(state)
    return state, player, view_of(INFO, state, player)


def test_each_world_gets_the_max_n_values_of_a_search_over_the_spec():
    _state, player, view = _view(42)
    worlds = worlds_of_view(read_view(view))
    told_apart = 0
    for i in range(8):
        world = worlds.sample(random.Random(i))
        got = seat.evaluate_world(INFO, world, player, seat.Budget(), seat.world_seed(INFO, world))
        assert got.exact
        want = game_values(world, player, "max-n")
        assert {m: Fraction(v).limit_denominator(1000) for m, v in got.values.items()} == want, i
        # paranoid (the other two against her) gives keep and flip one value in every world
        paranoid = game_values(world, player, "paranoid")
        assert len(set(paranoid.values())) == 1
        told_apart += len(set(want.values())) > 1
    assert told_apart >= 3


def test_the_answer_tells_the_moves_apart_and_is_mcts_agrees_on_the_best():
    _state, player, view = _view(42)
    worlds = worlds_of_view(read_view(view))
    answer = seat.analyse(INFO, worlds, seat.Settings(method="pimc", samples=30, seconds=None))
    assert "each valued open-hand with each player playing for herself (max-n)" in answer.method_text
    assert answer.best == ["flip"]
    keep = next(m for m in answer.moves if m.move == "keep")
    assert keep.behind is not None and keep.behind[0] > 0.1
    assert answer.close_to_best() == []  # keep is told apart from the best at 95%
    assert any("each world is valued max-n" in n for n in answer.notes)
    ismcts = seat.analyse(INFO, worlds, seat.Settings(method="ismcts", samples=600, seed=0, seconds=None))
    assert ismcts.best == ["flip"]
    # the paranoid concept, still there by name, values both moves alike
    paranoid = seat.analyse(INFO, worlds, seat.Settings(method="pimc", samples=30, seconds=None,
                                                        budget=seat.Budget(concept="paranoid")))
    assert f"with the other players against player {player}" in paranoid.method_text
    assert len({m.mean for m in paranoid.moves}) == 1 and paranoid.best == ["keep", "flip"]


def test_a_followers_view_is_answered_max_n_and_checked_by_is_mcts(tmp_path, capsys):
    """Seed 464: player 1 follows a lead of 3P with 6S or 10S (the binary card UP)."""
    _state, _player, view = _view(464)
    path = tmp_path / "follower.json"
    path.write_text(json.dumps(view))
    code, out, err = run([str(path), "--no-store", "--json"], capsys)
    assert code == 0, err
    got = json.loads(out)
    assert got["method"] == "pimc" and "(max-n)" in got["method_text"] and got["best"] == ["play 10S"]
    assert any(n.startswith("checked by a second method: IS-MCTS (1,000 iterations) also ranks play 10S first")
               for n in got["notes"])
    code, out, err = run([str(path), "--no-store", "--json", "--method", "ismcts"], capsys)
    assert code == 0, err
    assert json.loads(out)["best"] == ["play 10S"]


def test_max_n_values_a_world_the_search_cannot_enter_by_the_movers_own_best():
    """Where not even the first iteration fits (a one-node search), each move is valued by playouts,
    and the position's value for a player not to move is the mover's own best move's (max-n), where
    paranoid takes the worst for her. The first round of the bundled example, player 0 to flip or
    keep, valued for player 2."""
    state = SPEC.state_from_json(json.loads((EXAMPLES / "three-fools-first-round.json").read_text()))
    maxn = seat.evaluate_world(INFO, state, 2, seat.Budget(nodes=1, search_nodes=1, playouts=4), 1)
    paranoid = seat.evaluate_world(INFO, state, 2, seat.Budget(nodes=1, search_nodes=1, playouts=4,
                                                               concept="paranoid"), 1)
    assert maxn.values == paranoid.values == {"keep": 0.5, "flip": 0.25} and not maxn.exact
    own = seat.playout_value(INFO, state, 0, random.Random(1), 4)  # the same games, read for player 0
    assert maxn.value == maxn.values[max(own, key=lambda m: own[m])] == 0.5
    assert paranoid.value == 0.25


def test_a_concept_that_is_none_is_a_one_line_error(capsys):
    with pytest.raises(InputError, match=r"^Budget\.concept: expected one of paranoid, max-n or None, got 'maxn'$"):
        seat.Settings(budget=seat.Budget(concept="maxn"))
    assert make_bot("pimc:concept=paranoid").budget().concept == "paranoid"
    assert make_bot("pimc").budget().concept is None
    for bot, needle in (("pimc:concept=maxn", "concept must be one of paranoid, max-n"),
                        ("ismcts:concept=paranoid", "ismcts takes no concept=")):
        code, _out, err = run(["arena", "three-fools", "--bot", bot, "--bot", "random", "--bot", "greedy",
                               "--games", "1"], capsys)
        assert_one_line_error(code, err, needle)
