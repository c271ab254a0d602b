"""The intervals of an answer from one seat (foolsolve.seat, docs/seat.md "Intervals"): the
position's value allows for the best move being picked from the same worlds, the comparisons with
the best are Hsu's multiple comparisons with the best (simultaneous), and "no interval" is NaN in
Python and null in JSON, whatever the reason."""

from __future__ import annotations

import math
import os
import random
from pathlib import Path
from typing import Any

import pytest
from scipy.stats import t as scipy_t

from foolsolve import games, seat
from foolsolve.positions import read_json
from foolsolve.stats import t_quantile
from foolsolve.worlds import read_view, worlds_of_view

ROOT = Path(__file__).resolve().parents[2]
DURAK = games.get("durak")
# a fresh two-player deal from player 0's seat: she is to move, with 8 moves
FRESH = worlds_of_view(read_view(read_json(str(ROOT / "foolsolve/examples/views/durak-fresh-deal.json")))).first()
MOVES = [str(m) for m in DURAK.spec.legal_moves(FRESH)]


class _OneWorld:
    """Worlds that are all the same position: each world's values are the table's (:func:`_valued`)."""

    player = 0

    def sample(self, rng: random.Random) -> Any:
        return FRESH

    def count(self) -> int | None:
        return None

    def enumerate(self) -> Any:
        raise AssertionError("not listed")


def _valued(monkeypatch: pytest.MonkeyPatch, rows: list[list[float]]) -> None:
    """World ``i`` values move ``j`` at ``rows[i][j]`` (in :data:`MOVES`' order)."""
    left = iter(rows)

    def value(item: Any) -> seat.WorldValue:
        values = dict(zip(MOVES, next(left)))
        return seat.WorldValue(values, False, "table", 1, max(values.values()))

    monkeypatch.setattr(seat, "_value_item", value)


def _analyse(rows: list[list[float]], monkeypatch: pytest.MonkeyPatch) -> seat.SeatAnswer:
    _valued(monkeypatch, rows)
    return seat.analyse(DURAK, _OneWorld(), seat.Settings(method="pimc", samples=len(rows), seconds=None))


def test_the_value_allows_for_picking_the_best_where_the_best_moves_own_interval_misses(monkeypatch):
    """Every move wins or loses a world with even odds (each move's expectation 0, so the best's is
    0); 20 worlds in which the first move happened to win 15. Its own 95% interval lies above 0;
    the value's interval, with the Bonferroni level over the 8 moves for its lower end, holds 0, and
    so does every comparison with the best: no move is told apart."""
    assert len(MOVES) == 8
    rows = [[1.0 if i < 15 else -1.0] + [1.0 if (i + j) % 2 else -1.0 for j in range(1, 8)] for i in range(20)]
    answer = _analyse(rows, monkeypatch)
    assert any(n.startswith("95% Student-t intervals over the worlds") for n in answer.notes), answer.notes
    best = answer.moves[0]
    assert answer.best == [MOVES[0]] and best.mean == 0.5
    assert best.low > 0  # the chosen move's own interval misses the best expectation
    v = answer.value
    assert v is not None and v.mean == best.mean and v.high == best.high
    assert v.low <= 0 <= v.high
    # the lower end: the highest of the moves' one-sided lower bounds at 0.05 / 16 each, Student's t over
    # each move's 20 values and the pseudo-values -1 and 1 (the lowest and highest value seen)
    lows = []
    for j in range(8):
        xs = [r[j] for r in rows]
        both = [*xs, -1.0, 1.0]
        centre = sum(both) / 22
        se = math.sqrt(sum((x - centre) ** 2 for x in both) / 21 / 22)
        lows.append(max(-1.0, sum(xs) / 20 - scipy_t.ppf(1 - 0.05 / 16, 21) * se))
    assert v.low == pytest.approx(max(lows))
    # the text says which interval it is
    assert "for the best of the 8 moves' expectations" in answer.text()
    # Hsu's MCB: every other move's interval behind the best holds its truth, 0; none told apart
    for m in answer.moves[1:]:
        assert m.behind is not None
        mean, low, high = m.behind
        assert low <= 0 <= high and low <= mean <= high
    assert answer.close_to_best() == MOVES[1:]


def test_hsus_intervals_reach_0_from_both_sides_and_a_dominated_move_is_told_apart():
    """The constrained MCB: each move's interval behind the best of the others runs from at most 0 to
    at least 0, around its paired mean; a move behind in every world by a wide margin has a lower end
    of 0 (no better than the best of the others); a move level with the best is not told apart."""
    rng = random.Random(7)
    by_world: dict[int, dict[str, float]] = {}
    for i in range(30):
        luck = rng.choice([-0.5, 0.0, 0.5])
        by_world[i] = {"a": luck + rng.choice([0.0, 0.5]), "b": luck + rng.choice([0.0, 0.5]), "c": luck - 0.5}
    stats = [seat._stats(m, [(v[m], 1) for v in by_world.values()], False, (-1.0, 1.0), (-1.0, 1.0)) for m in "abc"]
    best = seat._best(stats)
    seat._behind(stats, best, by_world, [1] * 30, False, (-1.0, 1.0), (-1.0, 1.0))
    others = [m for m in stats if m.move not in best]
    assert len(others) == 2 and all(m.behind is not None for m in others)
    for m in others:
        assert m.behind is not None
        mean, low, high = m.behind
        assert low <= 0 <= high and low <= mean <= high
    by_move = {m.move: m for m in stats}
    assert by_move["c"].behind is not None and by_move["c"].behind[1] == 0.0  # told apart
    other = "b" if best == ["a"] else "a"
    assert by_move[other].behind is not None and by_move[other].behind[1] < 0  # not told apart
    # with two moves one comparison: the one-sided 95% critical value, t(0.95), not t(0.975)
    two = [seat._stats(m, [(v[m], 1) for v in by_world.values()], False) for m in "ac"]
    seat._behind(two, ["a"], by_world, [1] * 30, False, None, (-1.0, 1.0))
    diffs = [v["a"] - v["c"] for v in by_world.values()]
    d = sum(diffs) / 30
    se = math.sqrt(sum((x - d) ** 2 for x in diffs) / 29 / 30)
    assert two[1].behind == pytest.approx((d, 0.0, d + t_quantile(0.95, 29) * se))


def test_no_interval_is_nan_in_python_and_null_in_json_and_reads_back(monkeypatch):
    """One world valued: no interval anywhere (NaN ends, JSON null), nothing told apart; read back
    from its JSON, the same answer with NaN ends."""
    answer = _analyse([[0.5, 0.0, -0.5, 0.0, 0.0, 0.0, 0.0, 0.0]], monkeypatch)
    assert not any("Student-t intervals" in n for n in answer.notes), answer.notes  # no interval to describe
    assert answer.value is not None and math.isnan(answer.value.low) and math.isnan(answer.value.high)
    assert all(math.isnan(m.low) and math.isnan(m.high) for m in answer.moves)
    assert all(m.behind is None or all(math.isnan(x) for x in m.behind[1:]) for m in answer.moves)
    assert answer.close_to_best() == MOVES[1:]
    obj = answer.to_json()
    assert obj["value"]["low"] is None and all(m["low"] is None and m["high"] is None for m in obj["moves"])
    again = seat.SeatAnswer.from_json(obj)
    assert again.same_answer(answer)
    assert all(math.isnan(m.low) and math.isnan(m.high) for m in [*again.moves, again.value])


def test_an_expectation_over_estimates_has_nan_ends_not_the_mean():
    """The exact expectation over every world, some valued by estimates (``expectation``): no
    interval, NaN ends in Python as in every other answer without one (not the mean, a
    certain-looking width 0), null in JSON, and the same after a round trip."""
    from foolsolve.worlds import worlds_from_state

    midbout = DURAK.spec.state_from_json(read_json(str(ROOT / "foolsolve/examples/durak-midbout.json")))
    answer = seat.analyse(DURAK, worlds_from_state(DURAK, midbout, DURAK.spec.to_move(midbout)),
                          seat.Settings(method="exact", seconds=None))
    assert answer.method == "expectation"
    for m in [*answer.moves, answer.value]:
        assert m is not None and not math.isnan(m.mean) and math.isnan(m.low) and math.isnan(m.high)
    assert all(m.behind is None or (not math.isnan(m.behind[0]) and math.isnan(m.behind[1])) for m in answer.moves)
    obj = answer.to_json()
    assert all(m["low"] is None for m in obj["moves"])
    assert seat.SeatAnswer.from_json(obj).same_answer(answer)


def _coverage(n: int, runs: int, seed: int) -> tuple[float, float, float]:
    """Over ``runs`` seeded samples of ``n`` worlds of five moves of known expectations, values +1 or
    -1 drawn from one uniform per world (the worlds' luck, shared by the moves) or, a third of the
    time, each its own: how often the value's interval covers the best expectation, how often the
    chosen move's own interval does, and how often every interval behind the best covers at once."""
    q = [0.62, 0.6, 0.55, 0.45, 0.3]
    mu = [2 * p - 1 for p in q]
    moves = [f"m{i}" for i in range(len(q))]
    rng = random.Random(seed)
    value = own = behind = 0
    for _ in range(runs):
        by_world: dict[int, dict[str, float]] = {}
        for w in range(n):
            u = rng.random()
            by_world[w] = {m: 1.0 if (u if rng.random() < 2 / 3 else rng.random()) < p else -1.0
                           for m, p in zip(moves, q)}
        values = [x for v in by_world.values() for x in v.values()]
        seen = (min(values), max(values)) if min(values) < max(values) else (-1.0, 1.0)
        per_move = {m: [(v[m], 1) for v in by_world.values()] for m in moves}
        stats = [seat._stats(m, per_move[m], False, seen, (-1.0, 1.0)) for m in moves]
        best = seat._best(stats)
        seat._behind(stats, best, by_world, [1] * n, False, seen, (-1.0, 1.0))
        v = seat._value_to_move(stats, best, per_move, False, seen, (-1.0, 1.0), None)
        assert v is not None
        top = max(mu)
        value += v.low <= top <= v.high
        chosen = next(m for m in stats if m.move in best)
        own += chosen.low <= top <= chosen.high
        truth = {m: max(x for j, x in enumerate(mu) if j != i) - mu[i] for i, m in enumerate(moves)}
        behind = behind + all(m.behind[1] <= truth[m.move] <= m.behind[2] for m in stats if m.behind is not None)
    return value / runs, own / runs, behind / runs


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "long",
                    reason="a statistical run of 6,000 simulated analyses (HYPOTHESIS_PROFILE=long runs it)")
@pytest.mark.parametrize("n", [10, 20, 100])
def test_the_value_and_the_comparisons_with_the_best_cover_at_least_95_percent(n):
    """2,000 seeded samples each: the value's interval covers the best expectation, and all the
    intervals behind the best cover at once, at least 95% of the time (less 0.01, about two standard
    errors of the simulation); the chosen move's own interval covers less."""
    value, own, behind = _coverage(n, 2_000, seed=n)
    assert value >= 0.94 and behind >= 0.94, (value, own, behind)
    assert own < value, (value, own, behind)


def _skewed_coverage(n: int, runs: int, seed: int) -> tuple[float, float]:
    """Five moves: the first pays +1 with probability 0.1 and -0.1 otherwise (expectation 0.01), the
    others +-0.02 at even odds (expectation 0), each world's values drawn apart. Over ``runs`` seeded
    samples of ``n`` worlds: how often every interval behind the best covers at once, and how often
    the value's interval covers the best expectation."""
    mu = [0.01, 0.0, 0.0, 0.0, 0.0]
    moves = [f"m{i}" for i in range(5)]
    rng = random.Random(seed)
    behind = value = 0
    for _ in range(runs):
        by_world = {w: {"m0": 1.0 if rng.random() < 0.1 else -0.1,
                        **{m: rng.choice([-0.02, 0.02]) for m in moves[1:]}} for w in range(n)}
        values = [x for v in by_world.values() for x in v.values()]
        seen = (min(values), max(values))
        per_move = {m: [(v[m], 1) for v in by_world.values()] for m in moves}
        stats = [seat._stats(m, per_move[m], False, seen, (-1.0, 1.0)) for m in moves]
        best = seat._best(stats)
        seat._behind(stats, best, by_world, [1] * n, False, seen, (-1.0, 1.0))
        v = seat._value_to_move(stats, best, per_move, False, seen, (-1.0, 1.0), None)
        assert v is not None
        truth = {m: max(x for j, x in enumerate(mu) if j != i) - mu[i] for i, m in enumerate(moves)}
        behind += all(m.behind[1] <= truth[m.move] <= m.behind[2] for m in stats if m.behind is not None)
        value += v.low <= max(mu) <= v.high
    return behind / runs, value / runs


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "long",
                    reason="a statistical run of 4,000 simulated analyses (HYPOTHESIS_PROFILE=long runs it)")
def test_skewed_values_at_few_worlds_cover_less_than_95_percent_at_once():
    """The limitation docs/seat.md, "What the 95% rests on", states: the Bonferroni and MCB algebra is
    exact, but each Student-t bound errs at most at its tail only approximately, and with skewed
    values at few worlds the intervals behind the best cover at once far less than 95% (measured:
    42% at 5 worlds, 66% at 10, 88% at 20, 98% at 40; 1,000 runs each), reaching it as the worlds
    grow; the value's interval covers 99-100% here."""
    got = {n: _skewed_coverage(n, 1_000, seed=n) for n in (5, 10, 20, 40)}
    assert got[5][0] < 0.6 and got[10][0] < 0.8 and got[40][0] >= 0.93, got
    assert all(value >= 0.97 for _, value in got.values()), got


def test_a_given_max_nodes_says_the_exact_solvers_half_and_the_searchs_whole():
    """``--max-nodes N`` gives the exact solver half of N and the depth-limited search its own N: the
    method line says each once (not "N nodes a world, half for the exact solver ...; the
    depth-limited search N nodes", which reads as both halves and the whole)."""
    given = seat.Budget(nodes=200_000, search_nodes=200_000)
    text = seat.budget_text(given, [], "where the hands hold at most 48 cards", 1, True, True)
    assert text == ("the exact solver 100,000 nodes a world where the hands hold at most 48 cards; "
                    "the depth-limited search 200,000 nodes")
    # the default budget: half of each world's for the solver, the rest for the search
    assert seat.budget_text(seat.Budget(), [], "where the hands hold at most 48 cards", 1, True) == \
        "5,000 nodes a world, half for the exact solver where the hands hold at most 48 cards"


def test_the_playing_rules_paired_interval_is_the_plain_paired_t_interval(monkeypatch):
    """:attr:`seat.MoveStat.paired` (what ``pimc:prefer=greedy`` reads) is the plain paired 95%
    interval of the best's value less the move's over the worlds: Student's t over the differences
    and the widest differences the values seen allow; none for the best moves."""
    rng = random.Random(3)
    rows = [[rng.choice([-1.0, 0.0, 1.0]) + (0.5 if j == 0 else 0.0) for j in range(8)] for _ in range(30)]
    rows = [[max(-1.0, min(1.0, x)) for x in r] for r in rows]
    answer = _analyse(rows, monkeypatch)
    ref = MOVES.index(answer.best[0])
    for j, m in enumerate(answer.moves):
        if m.move in answer.best:
            assert m.paired is None
            continue
        # the 30 differences and the pseudo-values -2 and 2, the widest differences of values in [-1, 1]
        diffs = [r[ref] - r[j] for r in rows]
        both = [*diffs, -2.0, 2.0]
        centre = sum(both) / 32
        se = math.sqrt(sum((x - centre) ** 2 for x in both) / 31 / 32)
        mean, half = sum(diffs) / 30, scipy_t.ppf(0.975, 31) * se
        # the answer's two-sided critical value beyond 30 degrees of freedom is within 1e-4 of t's
        assert m.paired == pytest.approx((max(-2.0, mean - half), min(2.0, mean + half)), abs=1e-3)


def test_the_comparisons_with_the_best_ask_for_each_critical_value_once():
    """40 moves over 30 worlds: :func:`seat._behind` bounds 40 x 39 ordered pairs, all at one
    Bonferroni tail over 32 values (the worlds and two pseudo-values): the t quantile, a bisection,
    is computed a handful of times, not once a pair."""
    from foolsolve import stats as fstats

    calls: list[tuple[float, float]] = []
    real = fstats.t_quantile

    def counting(p: float, df: float) -> float:
        calls.append((p, df))
        return real(p, df)

    rng = random.Random(11)
    moves = [f"m{i}" for i in range(40)]
    by_world = {w: {m: rng.choice([-1.0, 0.0, 1.0]) for m in moves} for w in range(30)}
    stats = [seat._stats(m, [(v[m], 1) for v in by_world.values()], False, (-1.0, 1.0), (-1.0, 1.0)) for m in moves]
    seat._critical.cache_clear()
    mp = pytest.MonkeyPatch()
    mp.setattr(fstats, "t_quantile", counting)
    try:
        seat._behind(stats, seat._best(stats), by_world, [1] * 30, False, (-1.0, 1.0), (-1.0, 1.0))
    finally:
        mp.undo()
        seat._critical.cache_clear()
    assert calls and len(calls) <= 3, len(calls)
    assert all(m.behind is not None for m in stats if m.move not in seat._best(stats))


def test_the_t_quantile_needs_finite_degrees_of_freedom():
    """Tabulated one-sided quantiles, and a ValueError at infinite degrees of freedom (the bisection
    has no meaning there)."""
    assert t_quantile(0.975, 10) == pytest.approx(2.228139, abs=1e-5)
    assert t_quantile(0.95, 29) == pytest.approx(1.699127, abs=1e-5)
    assert t_quantile(0.995, 5) == pytest.approx(4.032143, abs=1e-5)
    with pytest.raises(ValueError, match="finite"):
        t_quantile(0.975, math.inf)


def test_t95_is_students_97_5_percent_quantile_from_two_values_on():
    """The table and the expansion beyond it, against scipy (the table holds three decimals); one
    value has no interval."""
    assert seat.t95(1) == math.inf
    for n in range(2, 80):
        assert seat.t95(n) == pytest.approx(scipy_t.ppf(0.975, n - 1), abs=6e-4), n


def test_a_moves_interval_is_cut_to_the_payoff_range_at_both_ends():
    """Skewed values whose t interval reaches past both ends of the payoff range (-1, 1)."""
    low_side = seat._stats("a", [(-1.0, 1)] * 5 + [(1.0, 1)], False, None, (-1.0, 1.0))
    high_side = seat._stats("b", [(1.0, 1)] * 5 + [(-1.0, 1)], False, None, (-1.0, 1.0))
    free = seat._stats("a", [(-1.0, 1)] * 5 + [(1.0, 1)], False)
    assert free.low < -1 and low_side.low == -1.0 and low_side.high == free.high
    assert high_side.high == 1.0 and high_side.low == -free.high


def test_the_best_moves_are_those_whose_mean_is_the_highest_up_to_rounding():
    """Means equal but for floating-point rounding are both best; a mean 0.001 lower is not."""
    def stat(move: str, mean: float) -> seat.MoveStat:
        return seat.MoveStat(move, mean, math.nan, math.nan, 1)

    assert seat._best([stat("a", 0.1 + 0.2), stat("b", 0.3), stat("c", 0.299)]) == ["a", "b"]
    assert seat._best([stat("a", 0.5), stat("b", 0.499)]) == ["a"]
    assert seat._best([]) == []
