"""foolsolve/stats.py's bootstrap intervals of Elo ratings and the games they leave out, checked
against numpy's percentiles and against the plain fit (the arena's tests check Elo and Wilson
against known values)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from foolsolve import stats


def _games(rng: random.Random, n: int) -> list[stats.Pair]:
    return [(i, j, rng.choice((0.0, 0.5, 1.0))) for i, j in (rng.sample(range(3), 2) for _ in range(n))]


def test_elo_intervals_are_the_bootstraps_2_5_and_97_5_percentiles_widened_to_a_sampled_rating(monkeypatch):
    """Each end is one of the bootstrap's ratings, at or outside numpy's (linear) 2.5 and 97.5
    percentiles of them, and no rating of the bootstrap lies strictly between the end and the percentile."""
    runs: list[list[float]] = []
    real = stats.elo

    def recording(*args: object, **kwargs: object) -> list[float]:
        r = real(*args, **kwargs)  # type: ignore[arg-type]
        runs.append(r)
        return r

    monkeypatch.setattr(stats, "elo", recording)
    rng = random.Random(3)
    blocks = [_games(rng, 6) for _ in range(25)]
    out = stats.elo_intervals(3, blocks, samples=200, seed=1)
    assert len(runs) == 200
    for p in (1, 2):  # player 0 is the anchor: always 1000
        values = sorted(r[p] for r in runs)
        lo_pct, hi_pct = np.percentile(values, [2.5, 97.5])
        lo, hi = out[p]
        assert lo in values and hi in values
        assert lo <= lo_pct and not any(lo < v < lo_pct for v in values)
        assert hi >= hi_pct and not any(hi_pct < v < hi for v in values)
        assert lo < hi
    assert out[0] == (1000.0, 1000.0)


def test_elo_intervals_of_one_deal_are_its_rating():
    """One block: every bootstrap sample is that block, so both ends are its fit's rating."""
    block = _games(random.Random(8), 12)
    fit = stats.elo(3, block, iterations=300)
    for (lo, hi), r in zip(stats.elo_intervals(3, [block], samples=20), fit):
        assert lo == pytest.approx(r) and hi == pytest.approx(r)


def test_elo_ignores_a_game_of_a_player_against_itself():
    played = _games(random.Random(2), 40)
    plain = stats.elo(3, played)
    assert stats.elo(3, [*played, (1, 1, 1.0), (2, 2, 0.0)]) == pytest.approx(plain)
    assert not any(math.isnan(x) for x in plain)


def test_elos_virtual_games_enter_the_likelihood_equations_as_two_drawn_games_a_pair():
    """With the prior, the fit is the maximum-likelihood fit of the games plus ``2 * prior_games``
    drawn games for each pair that met: every player's score, virtual points included, equals its
    expected score over the real and the virtual games (three players: with two, any count of
    virtual games gives the same ratio)."""
    played = [(0, 1, 1.0)] * 5 + [(1, 2, 1.0)] * 4 + [(2, 0, 0.5)] * 3 + [(0, 2, 1.0)] * 2
    prior = 1.0
    r = stats.elo(3, played, anchor=0, prior_games=prior)
    pairs = {(min(i, j), max(i, j)) for i, j, _ in played}
    virtual = [(i, j, 0.5) for i, j in pairs for _ in range(int(2 * prior))]

    def expected(i: int, j: int) -> float:
        return 1 / (1 + 10 ** ((r[j] - r[i]) / 400))

    for k in range(3):
        games = [g for g in played + virtual if k in g[:2]]
        actual = sum(s if i == k else 1 - s for i, j, s in games)
        assert math.isclose(actual, sum(expected(k, j if i == k else i) for i, j, _ in games), rel_tol=1e-6)


def test_t_quantiles_below_one_half_are_the_negatives_of_those_above():
    assert stats.t_quantile(0.025, 10) == pytest.approx(-2.228139, abs=1e-5)
    assert stats.t_quantile(0.3, 4) == pytest.approx(-stats.t_quantile(0.7, 4))
