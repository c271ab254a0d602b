"""Small statistics for match results: Wilson score intervals of a proportion, and Elo ratings
fitted to pairwise results (Bradley-Terry by maximum likelihood, draws as half a win each way) with
bootstrap intervals.

Used by ``foolsolve arena`` (:mod:`foolsolve.arena`) and ``foolsolve simulate``.
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

    Each pair of players that met also gets ``prior_games`` virtual draws, so that a player who won
    (or lost) every game gets a finite rating (the usual regularisation of Bradley-Terry; with many
    games its effect vanishes). A player in no game keeps the anchor's rating. Fitted by the
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
