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
    assert type(eng).deal is not Engine.deal, f"{game}: the engine does not deal (Engine.deal)"
    played = 0
    for n in _counts(spec):
        for seed in range(2):
            rules = random_rules(spec.rules_cls, random.Random(f"{game}:{n}:{seed}"))
            try:
                want = spec.state_to_json(spec.deal(rules, n, random.Random(seed)))
            except InputError as exc:
                with pytest.raises(InputError) as got:
                    eng.deal(rules, n, random.Random(seed))
                # the engine names the field the spec names (its words may be shorter)
                assert str(got.value).split(":")[0] == str(exc).split(":")[0], (n, seed)
                continue
            e = eng.deal(rules, n, random.Random(seed))
            assert spec.state_to_json(eng.to_spec(e)) == want, (n, seed)
            d = lockstep(info, eng.to_spec(e), random.Random(seed), max_steps=60, engine_start=e)
            assert d is None, d.summary()
            played += 1
    assert played >= 2


@pytest.mark.parametrize("players", range(3, 8))
def test_foolery_engine_deals_later_rounds_and_given_dealers(players: int) -> None:
    """Foolery's deal has two more arguments: ``dealer`` (else drawn) and ``previous`` (a later
    round: the Merchant deals, the exchange's take is made, the King gives first)."""
    info = games.get("foolery")
    spec, eng = info.spec, info.engine
    assert eng is not None
    for seed in range(2):
        rng = random.Random(f"later:{players}:{seed}")
        rules = random_rules(spec.rules_cls, rng)
        previous = list(range(1, players + 1))
        rng.shuffle(previous)
        want = spec.deal(rules, players, random.Random(seed), previous=previous)
        e = eng.deal(rules, players, random.Random(seed), previous=previous)
        assert spec.state_to_json(eng.to_spec(e)) == spec.state_to_json(want)
        assert want.phase == "peasant_gives" and want.round == 2
        assert lockstep(info, want, random.Random(seed), max_steps=40, engine_start=e) is None
        dealer = seed % players
        want = spec.deal(rules, players, random.Random(seed), dealer=dealer)
        e = eng.deal(rules, players, random.Random(seed), dealer=dealer)
        assert spec.state_to_json(eng.to_spec(e)) == spec.state_to_json(want)
    for kwargs in ({"dealer": players}, {"dealer": -1}, {"previous": list(range(players))},
                   {"previous": [1] * players}):
        with pytest.raises(InputError) as exc:
            spec.deal(spec.rules_cls(), players, random.Random(0), **kwargs)
        with pytest.raises(InputError) as got:
            eng.deal(spec.rules_cls(), players, random.Random(0), **kwargs)
        assert str(got.value) == str(exc.value)
