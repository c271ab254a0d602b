"""The game shape, checked once for every registered game: the declared game type, views that
hide what the rules hide, chance outcomes with exact probabilities, returns per player. (Spec
and engine are compared on all of it by the lockstep harness, tests/generic/test_conformance.py.)"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from foolsolve import games
from foolsolve.errors import InputError
from foolsolve.game import CHANCE, ChanceMode, Dynamics, GameType, Information, Utility
from foolsolve.rules import options_of, random_rules

GAMES = games.all_games()


def _states(info, seed: int, count: int = 4, max_moves: int = 400):
    """States met along a few seeded random games (the start, then every state)."""
    rng = random.Random(seed)
    for _ in range(count):
        s = info.random_game(rng)
        for _ in range(max_moves):
            yield s
            moves = info.spec.legal_moves(s)
            if not moves:
                break
            s = info.spec.apply(s, rng.choice(moves))


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_the_game_type_is_declared(info):
    t = info.spec.game_type
    assert isinstance(t, GameType)
    assert isinstance(t.dynamics, Dynamics) and isinstance(t.chance_mode, ChanceMode)
    assert isinstance(t.information, Information) and isinstance(t.utility, Utility)
    assert 1 <= t.min_num_players <= t.max_num_players
    assert (t.information is Information.IMPERFECT) == bool(t.hidden), "say what the views hide"
    json.dumps(t.to_json())


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_views_hide_the_other_hands(info):
    """No card of another player's hand appears in a player's view; one's own hand does."""
    for s in _states(info, 11):
        obj = info.spec.state_to_json(s)
        n = info.spec.num_players(s)
        for p in range(n):
            view = info.spec.observation(s, p)
            text = json.dumps(view)
            json.loads(text)
            assert isinstance(info.spec.information_state(s, p), str)
            if info.spec.game_type.information is Information.PERFECT:
                continue
            # (the rules may list cards, e.g. Fools and Angels' stock contents: not a view of play)
            text = json.dumps({k: v for k, v in view.items() if k != "rules"})
            words = set(text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())
            hands = obj.get("hands", [])
            seen = _public_cards(obj) | set(hands[p] if hands else ())  # (copies of a card: several decks)
            # and the cards the view says p knows to be in a hand (the game's knowledge fields)
            seen |= _public_cards(view, keys=info.spec.knowledge_fields)
            for q, hand in enumerate(hands):
                for card in hand:
                    if q == p:
                        assert card in words, (p, card)
                    elif card not in seen:
                        assert card not in words, (p, q, card)


def _public_cards(obj, keys=("table", "discard", "centre", "piles", "attack", "shown")) -> set[str]:
    """Cards the position shows to everyone (on the table, discarded, collected, centre)."""
    out: set[str] = set()
    for key in keys:
        stack = [obj.get(key)]
        while stack:
            x = stack.pop()
            if isinstance(x, list):
                stack.extend(x)
            elif isinstance(x, str):
                out.add(x)
    return out


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_returns_and_chance_outcomes(info):
    for s in _states(info, 12, count=3):
        n = info.spec.num_players(s)
        r = info.spec.returns(s)
        assert len(r) == n and all(isinstance(x, Fraction) for x in r)
        res = info.spec.result(s)
        if res is None:
            assert all(x == 0 for x in r)
        elif info.spec.game_type.utility is Utility.ZERO_SUM:
            assert sum(r) == 0
        if info.spec.to_move(s) == CHANCE:
            outcomes = info.spec.chance_outcomes(s)
            assert outcomes and sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
        else:
            assert info.spec.chance_outcomes(s) == []


def _counts(spec) -> list[int]:
    """The player counts to play: every one the game allows (Fool's Paradise, up to 82: the first
    eight and the largest)."""
    counts = list(range(spec.min_players, spec.max_players + 1))
    return counts if len(counts) <= 8 else [*counts[:7], counts[-1]]


def _needs(info, players: int) -> dict[str, int]:
    """Options a player count needs that :func:`random_rules` does not draw: Fool's Paradise's
    ``decks`` (a number, no choices), the fewest that deal five cards each and five to the centre."""
    if info.name != "fools-paradise":
        return {}
    from foolsolve.spec.fools_paradise import CENTRE_SIZE, DECK_CARDS, HAND_SIZE

    return {"decks": -(-(HAND_SIZE * players + CENTRE_SIZE) // DECK_CARDS)}


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_every_terminal_payoff_lies_within_the_payoff_range(info):
    """For every player count and every value of every rule option (the other options drawn at
    random until the deal is one the rules allow): a random game's payoffs lie within the start's
    ``payoff_range``, within ``utility_range`` of its rules and player count, and these within the
    game's ``utility_bounds``. (Foolery under ``payoffs = "places"`` paid +-5/2 with six players and
    +-3 with seven, past the +-2 it declared.) The engine plays (its generic loop: cheap without a
    compiled playout); the spec scores the end too."""
    spec, engine = info.spec, info.engine
    low, high = spec.meta.utility_bounds
    rng = random.Random(29)
    options = [o for o in options_of(spec.rules_cls) if o.choices and not o.fixed]
    pinned = [{}] + [{o.name: v} for o in options for v in o.choices]
    played_counts, played_values = set(), set()
    for players in _counts(spec):
        for pin in pinned:
            for _ in range(30):  # the other options at random, until the rules allow this deal
                rules = random_rules(spec.rules_cls, rng, **_needs(info, players), **pin)
                try:
                    start = spec.deal(rules, players, rng)
                    break
                except InputError:
                    continue
            else:
                continue  # no deal of this many players under this value (Durak's 36 cards and 8 players)
            lo, hi = spec.payoff_range(start)
            assert (lo, hi) == spec.utility_range(rules, players) or info.name == "fools-paradise"
            r_lo, r_hi = spec.utility_range(rules, players)
            assert low <= r_lo <= lo <= hi <= r_hi <= high, (players, pin)
            s = engine.from_spec(start) if engine is not None else start
            ops = engine if engine is not None else spec
            for _ in range(20_000):
                if ops.result(s) is not None:
                    break
                s = ops.apply(s, rng.choice(ops.legal_moves(s)))
            else:
                continue  # (no game here runs this long; an endless one has no payoffs to check)
            end = engine.to_spec(s) if engine is not None else s
            for returns in (ops.returns(s), spec.returns(end)):
                assert all(lo <= x <= hi for x in returns), (players, pin, [str(x) for x in returns], (lo, hi))
            played_counts.add(players)
            played_values.update(pin.items())
    assert played_counts == set(_counts(spec))
    assert played_values == {(o.name, v) for o in options for v in o.choices}
