"""A forced move from one seat (foolsolve.seat, docs/seat.md "A forced move"): where the analysing
player has one legal move, the answer is that move at once, its value taken only within
FORCED_SECONDS of the time and with no deeper round. Every game has such positions (a Durak defender
who must take, a Foolery player who must pass, a Fools and Angels defender who must surrender...):
each game's is found by a seeded random walk, and its worlds are valued by a fake evaluator on a
fake clock (a count of worlds, no wall time)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from foolsolve import games, seat
from foolsolve.game import CHANCE
from foolsolve.solver.open_hand import only_move
from foolsolve.worlds import worlds_from_state

STEP = 0.25
"""What the fake clock advances by for each world valued."""


def _forced_position(info: Any) -> tuple[Any, str] | None:
    """A position of ``info``'s game whose player to move has one legal move, met on a seeded random
    walk from a deal (and the move), or ``None``."""
    spec = info.spec
    for seed in range(8):
        rng = random.Random(seed)
        state = spec.deal(spec.rules_cls(), spec.min_players, rng)
        for _ in range(400):
            if spec.is_terminal(state):
                break
            if spec.to_move(state) != CHANCE:
                move = only_move(info, state)
                if move is not None:
                    return state, move
            state = spec.apply(state, rng.choice(spec.legal_moves(state)))
    return None


@pytest.mark.parametrize("info", games.all_games(), ids=lambda info: info.name)
def test_a_forced_move_is_answered_without_spending_the_time_on_it(info: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    found = _forced_position(info)
    assert found is not None, f"{info.name}: no position with one legal move met"
    state, move = found
    now = [0.0]
    valued: list[Any] = []

    def fake(item: Any) -> seat.WorldValue:
        _info, world, _player, _budget, _stop = item
        valued.append(world)
        now[0] += STEP
        values = {str(m): 0.0 for m in info.spec.legal_moves(world)}
        return seat.WorldValue(values, False, "search", 1, 0.0)

    monkeypatch.setattr(seat, "_value_item", fake)
    monkeypatch.setitem(seat.CLOCKS, "wall", lambda: now[0])
    worlds = worlds_from_state(info, state, info.spec.to_move(state))
    answer = seat.analyse(info, worlds, seat.Settings(seconds=20, deepen=True))
    assert answer.best == [move] and [m.move for m in answer.moves] == [move]
    assert answer.notes[0].startswith(f"{move} is the only legal move, so it is the answer"), answer.notes
    assert not any(n.startswith(("the values of", "no deeper round")) for n in answer.notes), answer.notes
    # the 20 s would value every world asked for (up to 80); the forced move's value gets 2 of them
    assert len(valued) <= seat.FORCED_SECONDS / STEP + 1, len(valued)
    # the time that ran out (where the worlds did not all fit) is the forced move's 2 s of --time 20, not a
    # --time she never gave
    ran_out = [n for n in answer.notes if "ran out after" in n]
    assert len(valued) < 8 or ran_out
    assert all(n.startswith("the 2 s of --time 20 a forced move's value gets ran out after")
                           for n in ran_out), answer.notes


@pytest.mark.parametrize("info", games.all_games(), ids=lambda info: info.name)
def test_a_forced_move_under_ismcts_gets_its_few_seconds_too(info: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    found = _forced_position(info)
    assert found is not None
    state, move = found
    now = [0.0]

    def ticking() -> float:  # read once before every iteration, and once when the search begins
        now[0] += STEP
        return now[0]

    monkeypatch.setitem(seat.CLOCKS, "wall", ticking)
    worlds = worlds_from_state(info, state, info.spec.to_move(state))
    answer = seat.analyse(info, worlds, seat.Settings(method="ismcts", seconds=20))
    assert answer.best == [move] and answer.notes[0].startswith(f"{move} is the only legal move"), answer.notes
    assert answer.worlds <= seat.FORCED_SECONDS / STEP + 1, answer.worlds  # iterations; 20 s would allow 80
    ran_out = [n for n in answer.notes if "ran out after" in n]
    assert ran_out and all(n.startswith("the 2 s of --time 20 a forced move's value gets ran out after")
                           for n in ran_out), answer.notes


def test_a_forced_move_without_a_time_limit_is_valued_in_full_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    info = games.get("durak")
    found = _forced_position(info)
    assert found is not None
    state, move = found

    def fake(item: Any) -> seat.WorldValue:
        _info, world, _player, _budget, _stop = item
        return seat.WorldValue({str(m): 0.0 for m in info.spec.legal_moves(world)}, False, "search", 1, 0.0)

    monkeypatch.setattr(seat, "_value_item", fake)
    worlds = worlds_from_state(info, state, info.spec.to_move(state))
    answer = seat.analyse(info, worlds, seat.Settings(seconds=None, samples=7, deepen=True))
    assert answer.best == [move] and answer.worlds == 7
    assert "its value is the method's in full (no time limit was given), without deeper rounds" in answer.notes[0]
