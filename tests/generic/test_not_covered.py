"""Every game's exact solver refuses a valid position outside its domain with ``NotCovered``, never a
plain ``InputError`` (which means bad input): code that catches ``NotCovered`` to answer otherwise
(the open-hand search, the mover's seat, as ``foolsolve POSITION.json`` does) misses no such
position. A user trial found Fool's Paradise's draw pile of unknown order refused with a plain
``InputError``. Positions here are every game's bundled examples and positions reached by random
play from random deals (chance nodes included); a finished game is no position to solve."""

from __future__ import annotations

import random
from typing import Any

import pytest

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.game import CHANCE, draw_chance
from foolsolve.solver.base import NotCovered, SearchLimit, SolveOptions

SOLVED = [info.name for info in games.all_games() if info.has_solver]


def _examples(info: Any) -> list[Any]:
    """The game's bundled full positions (a Fool's Paradise draw pile of unknown order among them)."""
    import json
    from importlib import resources

    from foolsolve.positions import game_of
    from foolsolve.worlds import is_view

    out = []
    for path in sorted(resources.files("foolsolve").joinpath("examples").iterdir(), key=lambda p: p.name):
        if path.name.endswith(".json"):
            obj = json.loads(path.read_text(encoding="utf-8"))
            if not is_view(obj) and games.get(game_of(obj)) is info:
                out.append(info.spec.state_from_json(obj))
    return out


def _positions(info: Any, rng: random.Random, deals: int = 6, stops: int = 4) -> list[Any]:
    """The bundled examples, and random deals with positions of their random play."""
    spec = info.spec
    out = _examples(info)
    for _ in range(deals):
        state = info.random_game(rng)
        length = 0
        trail = [state]
        while spec.result(state) is None and length < 400:
            if spec.to_move(state) == CHANCE:
                move = draw_chance(spec.chance_outcomes(state), rng)
            else:
                move = rng.choice(spec.legal_moves(state))
            state = spec.apply(state, move)
            trail.append(state)
            length += 1
        live = [s for s in trail[1:] if spec.result(s) is None]
        out += [trail[0], *rng.sample(live, min(stops, len(live)))]  # the deal, and positions of its play
    return out


@pytest.mark.parametrize("game", SOLVED)
def test_a_position_outside_the_solver_s_domain_is_not_covered(game: str) -> None:
    info = games.get(game)
    assert info.solve is not None
    extra = {"jit": False} if game == "durak" else {}  # (no compile of the compiled Durak search here)
    refused = 0
    for state in _positions(info, random.Random(f"not-covered:{game}")):
        try:
            info.solve(state, SolveOptions(max_nodes=2_000, extra=dict(extra)))
        except (NotCovered, SearchLimit) as exc:
            refused += isinstance(exc, NotCovered)
        except InputError as exc:
            pytest.fail(f"{game}: a plain {type(exc).__name__} for a valid position: {exc}")
    assert refused  # random play reaches positions each solver does not cover



def test_an_option_that_cannot_apply_to_the_position_is_an_option_error() -> None:
    """Three Fools' equilibrium asked for outside a round about to be led: bad input naming the
    option (as the round odds' own options there), not a refusal of the position."""
    import json
    from importlib import resources

    from foolsolve.errors import OptionError

    info = games.get("three-fools")
    assert info.solve is not None
    obj = json.loads(resources.files("foolsolve").joinpath("examples", "three-fools-deal.json").read_text("utf-8"))
    state = info.spec.state_from_json(obj)
    with pytest.raises(NotCovered):
        info.solve(state, SolveOptions())
    with pytest.raises(OptionError, match=r"^SolveOptions\.extra equilibrium: .*not start$"):
        info.solve(state, SolveOptions(extra={"equilibrium": True}))
