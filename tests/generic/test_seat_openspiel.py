"""OpenSpiel's own ISMCTSBot from one seat through the bridge, its worlds drawn by
foolsolve.worlds (resample_from_infostate), against foolsolve.seat's PIMC."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'openspiel' (pip install 'foolsolve[openspiel]')")

from foolsolve import games, seat
from foolsolve.openspiel import OpenSpielSearch, seat_ismcts
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


def test_the_bots_search_prints_and_gives_its_json():
    """seat_ismcts gave a bare SeatSearch(visits=..., means=...), without JSON or text, named as
    foolsolve.games.base.SeatSearch (a search rule): an OpenSpielSearch, whose to_json() is a
    dict of JSON values, str() a table and repr() one line."""
    import json

    worlds = worlds_from_state(DURAK, _state(DOMINANT), 1)
    found = seat_ismcts(DURAK, worlds, simulations=50, seed=0)
    assert isinstance(found, OpenSpielSearch)
    got = json.loads(json.dumps(found.to_json()))
    assert got["game"] == "durak" and got["player"] == 1 and got["simulations"] == 50
    assert got["best"] == found.best
    assert [m["move"] for m in got["moves"]] == list(found.visits)
    assert all(m["visits"] == found.visits[m["move"]] and m["mean"] == found.means.get(m["move"]) for m in got["moves"])
    lines = str(found).splitlines()
    assert lines[0] == (f"OpenSpiel ISMCTSBot, 50 simulations from player 1's seat (durak); best: "
                        f"{', '.join(found.best)}")
    assert len(lines) == 1 + len(found.visits) and all(" visits " in line for line in lines[1:])
    assert repr(found) == f"<OpenSpielSearch durak: 50 simulations from player 1's seat, best {', '.join(found.best)}>"
