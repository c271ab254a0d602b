"""OpenSpiel's own ISMCTSBot from one seat through the bridge, its worlds drawn by
foolsolve.worlds (resample_from_infostate), against foolsolve.seat's PIMC."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'openspiel' (pip install 'foolsolve[openspiel]')")

from foolsolve import games, seat
from foolsolve.openspiel import seat_ismcts
from foolsolve.worlds import worlds_from_state
from tests.durak.test_seat import DOMINANT, _state

DURAK = games.get("durak")


def test_openspiels_ismcts_bot_and_pimc_agree_where_one_move_dominates():
    worlds = worlds_from_state(DURAK, _state(DOMINANT), 1)
    found = seat_ismcts(DURAK, worlds, simulations=300, seed=0)
    pimc = seat.analyse(DURAK, worlds, seat.Settings(method="pimc", samples=12, seed=0))
    assert found.best == pimc.best == ["cover 7♣ with 9♣"]
    assert sum(found.visits.values()) == 300 - 1  # the root's first simulation only expands it
    assert set(found.visits) == {"cover 7♣ with 9♣", "cover 7♣ with J♥", "take"}


def test_the_bot_is_asked_only_from_the_seat_of_the_player_to_move():
    worlds = worlds_from_state(DURAK, _state(DOMINANT), 0)
    with pytest.raises(ValueError, match="not to move"):
        seat_ismcts(DURAK, worlds, simulations=5)
