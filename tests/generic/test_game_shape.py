"""The game shape, checked once for every registered game: the declared game type, views that
hide what the rules hide, chance outcomes with exact probabilities, returns per player. (Spec
and engine are compared on all of it by the lockstep harness, tests/generic/test_conformance.py.)"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from foolsolve import games
from foolsolve.game import CHANCE, ChanceMode, Dynamics, GameType, Information, Utility

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
