"""Small statistics: Wilson score intervals of a proportion and Elo ratings fitted to pairwise
results (Bradley-Terry by maximum likelihood, draws as half a win each way) with bootstrap
intervals, for match results (``foolsolve arena``, :mod:`foolsolve.arena`, and ``foolsolve
simulate``); Student's t quantiles at any level (:func:`t_quantile`), for the answer from one seat's
simultaneous intervals (:mod:`foolsolve.seat`: Bonferroni levels, Hsu's multiple comparisons with
the best).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Z95 = 1.959964
"""The two-sided 95% quantile of the standard normal."""

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of log-odds: a difference of 400 points is odds of 10 to 1."""


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n`` (``wins`` may count draws as
    halves); ``(0, 1)`` for ``n == 0``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


Pair = tuple[int, int, float]
"""One game between two players ``(i, j, score of i)``: 1 a win of ``i``, 0 a loss, 0.5 a draw."""


def elo(n_players: int, games: Sequence[Pair], anchor: int = 0, anchor_rating: float = 1000.0,
        prior_games: float = 1.0, iterations: int = 2000) -> list[float]:
    """Elo ratings that maximise the likelihood of ``games`` under Bradley-Terry
    (``P(i beats j) = 1 / (1 + 10 ** ((r_j - r_i) / 400))``), with player ``anchor`` fixed at
    ``anchor_rating``.

    Each pair of players that met also gets, ``prior_games`` times, one virtual win and one virtual
    loss each (two drawn games: ``2 * prior_games`` virtual games, ``prior_games`` points to each),
    so that a player who won (or lost) every game gets a finite rating (the usual regularisation of
    Bradley-Terry; with many games its effect vanishes): with the default 1, a 4-0 is 4 + 1 points
    to 0 + 1, ``400 * log10(5)`` = 280 Elo apart. A player in no game keeps the anchor's rating. Fitted by the
    minorisation-maximisation iteration of Hunter (2004)."""
    wins = [0.0] * n_players
    meet: dict[tuple[int, int], float] = {}
    for i, j, s in games:
        if i == j:
            continue
        wins[i] += s
        wins[j] += 1 - s
        key = (min(i, j), max(i, j))
        meet[key] = meet.get(key, 0.0) + 1
    for (i, j) in list(meet):
        meet[(i, j)] += 2 * prior_games
        wins[i] += prior_games
        wins[j] += prior_games
    strength = [1.0] * n_players
    for _ in range(iterations):
        new = strength[:]
        for i in range(n_players):
            denom = 0.0
            for (a, b), n in meet.items():
                if i in (a, b):
                    other = b if a == i else a
                    denom += n / (strength[i] + strength[other])
            if denom > 0:
                new[i] = wins[i] / denom
        scale = new[anchor] if new[anchor] > 0 else 1.0
        new = [s / scale for s in new]
        done = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, strength) if a > 0 and b > 0) < 1e-10
        strength = new
        if done:
            break
    return [anchor_rating + ELO_SCALE * math.log(s) if s > 0 else float("-inf") for s in strength]


def elo_intervals(n_players: int, blocks: Sequence[Sequence[Pair]], anchor: int = 0, anchor_rating: float = 1000.0,
                  samples: int = 200, seed: int = 0) -> list[tuple[float, float]]:
    """95% intervals of :func:`elo` by the bootstrap over ``blocks`` (a block is the games of one
    deal: resampling whole deals keeps the duplicate format's pairing); percentiles 2.5 and 97.5."""
    rng = random.Random(seed)
    runs: list[list[float]] = []
    for _ in range(samples):
        pick = [blocks[rng.randrange(len(blocks))] for _ in blocks]
        runs.append(elo(n_players, [g for block in pick for g in block], anchor, anchor_rating, iterations=300))
    out = []
    for p in range(n_players):
        values = sorted(r[p] for r in runs)
        lo = values[int(0.025 * (len(values) - 1))]
        hi = values[math.ceil(0.975 * (len(values) - 1))]
        out.append((lo, hi))
    return out


def elo_difference(score: float) -> float:
    """The Elo difference that gives an expected score ``score`` (0 < score < 1)."""
    return ELO_SCALE * math.log(score / (1 - score))


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def beta_regularized(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function ``I_x(a, b)`` (0 <= x <= 1)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """Student's t distribution function with ``df`` degrees of freedom."""
    tail = 0.5 * beta_regularized(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (``0 < p < 1``), by bisection
    of :func:`t_cdf` to 1e-9 relative: the critical value of a one-sided test at level ``1 - p``
    (``t_quantile(1 - alpha / m, df)``: one of ``m`` one-sided tests, Bonferroni). ``df`` must be
    positive and finite (a ValueError otherwise: the bisection has no meaning at infinite ``df``,
    where the quantile is the normal's)."""
    if not 0 < p < 1 or not 0 < df < math.inf:
        raise ValueError(f"t_quantile: p must lie in (0, 1) and df be positive and finite, got p={p!r}, df={df!r}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if p == 0.5:
        return 0.0
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, 2 * high
    while high - low > 1e-9 * high:
        mid = (low + high) / 2
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2
