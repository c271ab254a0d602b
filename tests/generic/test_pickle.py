"""Positions, views and their worlds pickle (a process pool sends them to its workers): every
bundled example and view reads back the same after ``pickle.dumps`` and ``pickle.loads``."""

from __future__ import annotations

import pickle
import random

import pytest

import foolsolve

EXAMPLES = foolsolve.bundled_examples()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_position_its_view_and_its_worlds_pickle(name: str) -> None:
    pos = foolsolve.load(EXAMPLES[name])
    again = pickle.loads(pickle.dumps(pos))
    assert isinstance(again, foolsolve.Position) and again.to_json() == pos.to_json() and again.game == pos.game
    assert again.state == pos.state
    if pos.view is not None:
        view = pickle.loads(pickle.dumps(pos.view))
        assert view.obj == pos.view.obj and view.player == pos.view.player and view.unseen == pos.view.unseen
        assert view.zones == pos.view.zones
    worlds = pos.worlds() if pos.is_view else pos.worlds(0)
    copied = pickle.loads(pickle.dumps(worlds))
    assert copied.view.obj == worlds.view.obj and copied.view.player == worlds.view.player
    assert copied.sample(random.Random(0)) == worlds.sample(random.Random(0))
