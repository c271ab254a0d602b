"""Hsu's intervals behind the best (foolsolve.seat._behind) computed once for each pair of classes of
moves valued alike world by world: the same figures, bit for bit, as bounds taken move by move, for
moves of every kind of class (one move, several, reached before and after, the best among them,
moves some worlds did not value), with and without pseudo-values, for sampled worlds and for a
sample without replacement, and with few _stats calls where thousands of moves fall into few
classes."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from foolsolve import seat


def behind_move_by_move(stats: list[seat.MoveStat], best: list[str], by_world: dict[int, dict[str, float]],
                        weights: list[int], exact_all: bool, seen: tuple[float, float] | None,
                        bounds: tuple[float, float], population: seat.Population | None = None) -> None:
    """The bounds of every ordered pair of moves, each pair computed once from the first of its two
    moves the loop reaches (the other order its negation): _behind as it was before classes."""
    if not best:
        return
    ref = best[0]
    wide = None if seen is None else (seen[0] - seen[1], seen[1] - seen[0])
    span = (bounds[0] - bounds[1], bounds[1] - bounds[0])
    tail = seat.ALPHA / max(1, len(stats) - 1)
    pairs: dict[tuple[str, str], tuple[float, float] | None] = {}
    rows = [(v, weights[i]) for i, v in by_world.items()]

    def paired(a: str, b: str) -> list[tuple[float, int]]:
        return [(v[a] - v[b], w) for v, w in rows if a in v and b in v]

    def bound(j: str, i: str) -> tuple[float, float] | None:
        if (j, i) not in pairs:
            xs = paired(j, i)
            d = None if not xs else seat._stats(i, xs, False, wide, span, population, (tail, tail))
            pairs[(j, i)] = None if d is None else (d.low, d.high)
            pairs[(i, j)] = None if d is None else (-d.high, -d.low)
        return pairs[(j, i)]

    for m in stats:
        if m.move in best:
            continue
        xs = paired(ref, m.move)
        if not xs:
            continue
        mean = sum(x * w for x, w in xs) / sum(w for _, w in xs)
        if exact_all:
            m.behind = (mean, mean, mean)
            continue
        plain = seat._stats(m.move, xs, False, wide, span, population)
        m.paired = (plain.low, plain.high)
        ends = [e for e in (bound(j.move, m.move) for j in stats if j.move != m.move) if e is not None]
        if any(math.isnan(lo) or math.isnan(hi) for lo, hi in ends):
            m.behind = (mean, math.nan, math.nan)
        else:
            m.behind = (mean, 0.0 + min(0.0, max(lo for lo, _ in ends)), max(0.0, max(hi for _, hi in ends)))


def same(a: Any, b: Any) -> bool:
    """Equal, NaN equal to NaN, -0.0 told from 0.0 (the figures must be the same bits)."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    return bool(a == b)


def case(rng: random.Random) -> tuple[Any, ...]:
    n_moves = rng.randint(2, 14)
    n_worlds = rng.randint(1, 7)
    values = rng.choice([[-1.0, 1.0], [-1.0, 0.0, 1.0], [-1.0, -0.3, 0.1, 0.7, 1.0], None])
    moves = [f"m{i}" for i in range(n_moves)]
    by_world: dict[int, dict[str, float]] = {}
    for w in range(n_worlds):
        row = {}
        for m in moves:
            if m != moves[0] and rng.random() < 0.1:
                continue  # a world that did not value this move
            row[m] = rng.choice(values) if values is not None else rng.uniform(-1, 1)
        by_world[w] = row
    weights = [rng.randint(1, 3) for _ in range(n_worlds)]
    stats = []
    for m in moves:
        xs = [(v[m], weights[w]) for w, v in by_world.items() if m in v]
        stats.append(seat._stats(m, xs, False, (-1.0, 1.0), (-1.0, 1.0)) if xs else seat.MoveStat(m, 0.0, 0.0, 0.0, 0))
    rng.shuffle(stats)
    best = rng.sample(moves, rng.choice([1, 1, 2]))
    seen = rng.choice([None, (-1.0, 1.0), (-0.5, 0.9)])
    population = rng.choice([None, seat.Population(40, 90, 4)])
    return stats, best, by_world, weights, rng.random() < 0.1, seen, (-1.0, 1.0), population


@pytest.mark.parametrize("seed", range(8))
def test_bounds_by_classes_are_the_bounds_move_by_move(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        stats, *rest = case(rng)
        mine = [seat.MoveStat(s.move, s.mean, s.low, s.high, s.worlds) for s in stats]
        theirs = [seat.MoveStat(s.move, s.mean, s.low, s.high, s.worlds) for s in stats]
        seat._behind(mine, *rest)
        behind_move_by_move(theirs, *rest)
        for a, b in zip(mine, theirs):
            assert same(a.behind, b.behind) and same(a.paired, b.paired), (a, b)


def test_thousands_of_moves_in_few_classes_cost_a_few_stats_each(monkeypatch) -> None:
    """2,000 moves valued +1 or -1 in each of 3 worlds (at most 8 classes): the pairs of classes are
    computed, not the four million pairs of moves (one _stats a move for its own paired interval,
    and at most one for each ordered pair of classes)."""
    rng = random.Random(3)
    moves = [f"m{i}" for i in range(2000)]
    by_world = {w: {m: rng.choice([-1.0, 1.0]) for m in moves} for w in range(3)}
    stats = [seat._stats(m, [(v[m], 1) for v in by_world.values()], False, (-1.0, 1.0), (-1.0, 1.0)) for m in moves]
    calls = [0]
    real = seat._stats

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(seat, "_stats", counted)
    seat._behind(stats, [moves[0]], by_world, [1, 1, 1], False, (-1.0, 1.0), (-1.0, 1.0))
    assert all(s.behind is not None for s in stats[1:])
    assert calls[0] <= len(moves) + 8 * 8, calls
