"""What a Durak player reads at a table of many: the payoff range a seat's answer gives is the
game's real one for that table (the best is +1/(n-1) without teams or places), and team play names
the teams in text and pictures."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from foolsolve import games
from foolsolve.rules import rules_from_json
from foolsolve.seat import scale_of
from foolsolve.spec.durak import SPEC, Rules


def _finished(players: int, rules: dict, seed: int):
    r = rules_from_json(Rules, rules)
    rng = random.Random(seed)
    state = SPEC.deal(r, players, rng)
    while SPEC.result(state) is None:
        state = SPEC.apply(state, rng.choice(SPEC.legal_moves(state)))
    return state


@pytest.mark.parametrize(("players", "rules", "best"), [
    (6, {}, Fraction(1, 5)), (3, {}, Fraction(1, 2)), (2, {}, Fraction(1)),
    (6, {"teams": "3v3"}, Fraction(1)), (4, {"places": "even"}, Fraction(1))])
def test_the_payoff_range_is_the_table_s_own(players: int, rules: dict, best: Fraction) -> None:
    r = rules_from_json(Rules, rules)
    assert SPEC.utility_range(r, players) == (-1.0, float(best))
    for seed in range(3):  # every finished game's payoffs lie inside it, and the best is reached
        end = _finished(players, rules, seed)
        res = SPEC.result(end)
        assert res is not None and all(-1 <= x <= best for x in res.payoffs)
        assert max(res.payoffs) in (best, 0)  # (0: a draw)
    state = SPEC.deal(r, players, random.Random(0))
    assert f"({-1:g} to {float(best):g};" in scale_of(games.get("durak"), state)


@pytest.mark.parametrize(("players", "written"), [(3, "0.5"), (4, "1/3"), (5, "0.25"), (6, "0.2")])
def test_the_best_payoff_of_the_range_reads_as_the_game_s_number(players: int, written: str) -> None:
    """The range's high end is written as the game's own number: 1/(n-1) as 1/3 with four players, not
    0.333333 (``:g`` of the float bound, which lies a hair above 1/3); the bound itself stays a float."""
    state = SPEC.deal(Rules(), players, random.Random(11))
    assert f"(-1 to {written}; " in scale_of(games.get("durak"), state)
    assert SPEC.payoff_range(state)[1] >= Fraction(1, players - 1)  # (the number itself, unchanged)


def test_a_range_end_is_a_whole_number_a_short_decimal_or_a_small_fraction() -> None:
    from foolsolve.present import payoff_end

    bound = SPEC.utility_range(Rules(), 4)[1]
    assert f"{bound:g}" == "0.333333" and payoff_end(bound) == "1/3"
    assert [payoff_end(x) for x in (-1.0, 0.5, 2 / 3, -1.5, 10_000.0, 0.123456, 1e-300)] == \
        ["-1", "0.5", "2/3", "-1.5", "10000", "0.123456", "1e-300"]


def test_six_players_say_minus_one_to_a_fifth() -> None:
    state = SPEC.deal(Rules(), 6, random.Random(1))
    assert "(-1 to 0.2;" in scale_of(games.get("durak"), state)


def test_team_play_names_the_teams_in_text_and_pictures() -> None:
    state = SPEC.deal(rules_from_json(Rules, {"teams": "3v3"}), 6, random.Random(1))
    text = SPEC.describe(state)
    assert "teams (3v3): team 0 is players 0, 2, 4; team 1 is players 1, 3, 5" in text
    for p in range(6):
        assert f"player {p} (team {p % 2}" in text
    assert SPEC.picture_notes(state) == {p: [f"team {p % 2}"] for p in range(6)}
    alone = SPEC.deal(Rules(), 6, random.Random(1))
    assert "team" not in SPEC.describe(alone) and SPEC.picture_notes(alone) == {}
