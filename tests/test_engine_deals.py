"""Every engine deals by itself (the same rng calls as its spec, so one seed deals the same
cards), rejects the player counts its spec rejects, and plays in lockstep with the spec from its
own deal, for every player count (lockstep, perft files and playthroughs otherwise all start
from the spec's deal, so a wrong engine deal would go unseen)."""

from __future__ import annotations

import random

import pytest

from foolsolve import games
from foolsolve.conformance import lockstep
from foolsolve.errors import InputError
from foolsolve.game import Engine
from foolsolve.rules import random_rules

ENGINE_GAMES = [n for n in games.names() if games.get(n).engine is not None]


def _counts(spec: object) -> list[int]:
    lo, hi = spec.min_players, spec.max_players  # type: ignore[attr-defined]
    return sorted({*range(lo, min(hi, 6) + 1), hi, lo - 1, hi + 1})


@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_engine_deal_equals_the_spec_deal_and_plays_in_lockstep(game: str) -> None:
    info = games.get(game)
    spec, eng = info.spec, info.engine
    assert eng is not None
    if type(eng).deal is Engine.deal:
        pytest.skip(f"{game}: the engine does not deal yet (Engine.deal)")
    played = 0
    for n in _counts(spec):
        for seed in range(2):
            rules = random_rules(spec.rules_cls, random.Random(f"{game}:{n}:{seed}"))
            try:
                want = spec.state_to_json(spec.deal(rules, n, random.Random(seed)))
            except InputError:
                with pytest.raises(InputError):
                    eng.deal(rules, n, random.Random(seed))
                continue
            e = eng.deal(rules, n, random.Random(seed))
            assert spec.state_to_json(eng.to_spec(e)) == want, (n, seed)
            d = lockstep(info, eng.to_spec(e), random.Random(seed), max_steps=60, engine_start=e)
            assert d is None, d.summary()
            played += 1
    assert played >= 2
