"""A seat analysis cut short: a lost worker, the time running out under the exact expectation or
IS-MCTS (foolsolve.seat, docs/seat.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from foolsolve import games, seat
from foolsolve.errors import InputError
from foolsolve.executor import WorkerLost
from foolsolve.positions import read_json
from foolsolve.worlds import worlds_from_state

ROOT = Path(__file__).resolve().parents[2]
DURAK = games.get("durak")
# three players, player 1 defends against 8♦: 20 worlds from her seat
MIDBOUT = DURAK.spec.state_from_json(read_json(str(ROOT / "foolsolve/examples/durak-midbout.json")))


class _Losing:
    """An executor whose items from ``lost_from`` on come back lost (their worker died)."""

    local = True
    workers = 2

    def __init__(self, lost_from: int) -> None:
        self.lost_from = lost_from

    def map(self, fn: Any, items: Any, keep_open: bool = False) -> Any:
        for i, item in enumerate(items):
            yield i, WorkerLost("its worker died 3 times") if i >= self.lost_from else fn(item)

    def close(self, cancel: bool = True) -> None:
        pass


def _worlds() -> Any:
    return worlds_from_state(DURAK, MIDBOUT, 1)


def test_a_lost_worker_before_any_world_is_a_one_line_error_naming_it() -> None:
    # seat.analyse called from Python names its executor, not the command line's --workers
    with pytest.raises(InputError, match=r"^executor: the worker processes failed: world 1: its worker died 3 times") \
            as err:
        seat.analyse(DURAK, _worlds(), seat.Settings(method="pimc", samples=4), _Losing(0))
    assert "\n" not in str(err.value)
    # the command line's own names
    with pytest.raises(InputError, match=r"^--workers: the worker processes failed: world 1: "):
        seat.analyse(DURAK, _worlds(), seat.Settings(method="pimc", samples=4), _Losing(0), names={})


def test_every_option_an_analysis_may_name_has_a_python_name() -> None:
    from foolsolve.errors import option_name, option_names

    with option_names(seat.SETTINGS_NAMES):
        assert [option_name(o) for o in ("--max-memory", "--workers")] == ["Budget.max_memory", "executor"]


def test_a_lost_worker_after_some_worlds_keeps_them_and_says_so() -> None:
    a = seat.analyse(DURAK, _worlds(), seat.Settings(method="pimc", samples=4), _Losing(2))
    assert a.worlds == 2
    assert any(n.startswith("the worker processes failed") and "2 of the 4 worlds" in n for n in a.notes), a.notes


def test_a_script_without_the_main_guard_gets_the_error_and_the_hint(tmp_path: Path) -> None:
    # spawned workers import the script again, which starts workers again: every worker dies
    script = tmp_path / "noguard.py"
    script.write_text("import foolsolve\n"
                      f"a = foolsolve.answer({str(ROOT / 'foolsolve/examples/views/durak-fresh-deal.json')!r}, "
                      "samples=4, time=60, workers=2)\n")
    p = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert p.returncode == 1
    # (the dying workers' own tracebacks may come after the caller's on the shared stderr)
    error = [line for line in p.stderr.splitlines() if line.startswith("foolsolve.errors.InputError: ")]
    assert len(error) == 1, p.stderr[-3000:]
    assert error[0].startswith("foolsolve.errors.InputError: workers: the worker processes failed: world 1: ")
    assert 'if __name__ == "__main__":' in error[0]


class _Here:
    """An executor that values its items in this process, where no world's search reads the
    deadline (``local`` False), recording the worlds it is given."""

    local = False
    workers = 1

    def __init__(self) -> None:
        self.worlds: list[Any] = []

    def map(self, fn: Any, items: Any, keep_open: bool = False) -> Any:
        for i, item in enumerate(items):
            self.worlds.append(item[1])
            yield i, fn(item)

    def close(self, cancel: bool = True) -> None:
        pass


def _ticking(monkeypatch: pytest.MonkeyPatch) -> None:
    # a clock that moves one "second" each time it is read: the deadline is reached after a few worlds
    ticks = iter(range(10**9))
    monkeypatch.setitem(seat.CLOCKS, "wall", lambda: float(next(ticks)))


def test_an_exact_expectation_cut_short_by_time_is_a_random_sample_of_the_worlds_and_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _ticking(monkeypatch)
    here = _Here()
    a = seat.analyse(DURAK, _worlds(), seat.Settings(method="exact", seconds=5), here)
    assert 1 < a.worlds < 20 and a.consistent_worlds == 20
    assert f"--time 5 s ran out after {a.worlds} of the 20 consistent worlds" in " ".join(a.notes), a.notes
    assert "listed in order" not in a.method_text and "without replacement" in a.method_text, a.method_text
    # the worlds valued are not the first ones listed, but a random order of them all
    listed = [DURAK.spec.state_to_json(w) for w in _worlds().enumerate()]
    valued = [DURAK.spec.state_to_json(w) for w in here.worlds]
    assert valued != listed[:len(valued)] and all(v in listed for v in valued)


def test_a_sample_of_every_world_has_an_interval_of_width_zero() -> None:
    # a sample without replacement of all 3 worlds (4 copies, the heaviest 2) is all of them
    three = seat.Population(3, 4, 2)
    whole = seat._stats("m", [(0.0, 1), (1.0, 2), (0.5, 1)], False, (0.0, 1.0), (-1, 1), population=three)
    assert whole.low == whole.mean == whole.high == 0.625
    part = seat._stats("m", [(0.0, 1), (1.0, 2)], False, (0.0, 1.0), (-1, 1), population=three)
    assert part.low < part.mean < part.high


def test_a_cut_short_interval_lies_within_the_bound_of_the_worlds_not_valued() -> None:
    # 19 of 20 worlds valued, all losses: the one left is at most a win, so the expectation is
    # within [-1, (-19 + 1) / 20]; a Student-t interval with the finite-population correction gave
    # -1 +- 0 here and missed a world that wins
    xs = [(-1.0, 1)] * 19
    s = seat._stats("m", xs, False, (-1.0, 1.0), (-1.0, 1.0), population=seat.Population(20, 20, 1))
    assert s.low == -1.0 and s.high == pytest.approx(-0.9)
    # half the worlds, half of them wins: within the bound and within the payoff range
    xs = [(1.0, 1)] * 5 + [(-1.0, 1)] * 5
    s = seat._stats("m", xs, False, (-1.0, 1.0), (-1.0, 1.0), population=seat.Population(20, 20, 1))
    assert -0.5 <= s.low < 0.0 < s.high <= 0.5


def _coverage(values: list[float], weights: list[int], n: int, bounds: tuple[float, float], draws: int,
              rng: Any) -> float:
    truth = sum(v * w for v, w in zip(values, weights)) / sum(weights)
    population = seat.Population(len(values), sum(weights), max(weights))
    hits = 0
    for _ in range(draws):
        xs = [(values[i], weights[i]) for i in rng.sample(range(len(values)), n)]
        seen = (min(x for x, _ in xs), max(x for x, _ in xs))
        s = seat._stats("m", xs, False, seen if seen[0] < seen[1] else bounds, bounds, population)
        hits += s.low - 1e-12 <= truth <= s.high + 1e-12
    return hits / draws


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "long",
                    reason="a statistical run of 42,000 cut-short intervals (HYPOTHESIS_PROFILE=long runs it)")
def test_the_cut_short_interval_covers_the_expectation_at_least_95_percent() -> None:
    import random

    rng = random.Random(1)

    def wins(n: int, k: int) -> list[float]:
        return [1.0] * k + [-1.0] * (n - k)

    mixed = [rng.choice([-1.0, 0.0, 0.5, 1.0]) for _ in range(35)]
    weighted = [rng.randint(1, 6) for _ in range(35)]
    differences = [rng.choice([0.0, 0.0, 0.0, 2.0, -1.0, 1.0]) for _ in range(20)]
    scenarios = [(wins(20, 2), [1] * 20, 12, (-1.0, 1.0)), (wins(20, 2), [1] * 20, 19, (-1.0, 1.0)),
                 (wins(100, 10), [1] * 100, 19, (-1.0, 1.0)), (wins(20, 10), [1] * 20, 16, (-1.0, 1.0)),
                 (wins(20, 2), [1] * 20, 3, (-1.0, 1.0)), (wins(20, 2), [1] * 20, 5, (-1.0, 1.0)),
                 (mixed, [1] * 35, 4, (-1.0, 1.0)), (mixed, [1] * 35, 15, (-1.0, 1.0)),
                 (mixed, weighted, 5, (-1.0, 1.0)), (mixed, weighted, 25, (-1.0, 1.0)),
                 (wins(20, 1), [12] + [1] * 19, 10, (-1.0, 1.0)), (wins(20, 1), [12] + [1] * 19, 18, (-1.0, 1.0)),
                 (differences, [1] * 20, 8, (-2.0, 2.0)), (differences, [1] * 20, 17, (-2.0, 2.0))]
    covered = [_coverage(v, w, n, b, 3000, rng) for v, w, n, b in scenarios]
    assert min(covered) >= 0.95, covered


def test_ismcts_cut_short_by_time_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    _ticking(monkeypatch)
    a = seat.analyse(DURAK, _worlds(), seat.Settings(method="ismcts", samples=10**6, seconds=5))
    assert 1 <= a.worlds < 10**6 and not a.interrupted
    assert f"--time 5 s ran out after {a.worlds:,} of the 1,000,000 iterations asked for" in a.notes, a.notes
    # all iterations run: no such note
    whole = seat.analyse(DURAK, _worlds(), seat.Settings(method="ismcts", samples=3, seconds=None))
    assert not any("ran out" in n for n in whole.notes)


def _answer(method: str, best: list[str], seconds: float, worlds: int = 30) -> seat.SeatAnswer:
    moves = [seat.MoveStat(m, 0.5 if m in best else 0.0, 0.0, 1.0, worlds) for m in ("a", "b")]
    return seat.SeatAnswer("durak", 1, 1, method, "x", "y", moves, best, worlds, 0, None, 0, seconds)


def test_the_second_opinion_note_is_a_count_with_no_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    # the note is part of the answer, which must be the same on any machine (docs/seat.md)
    monkeypatch.setattr(seat, "ismcts", lambda *a, **k: _answer("ismcts", ["a"], 1.1, 1_000))
    note = seat.second_opinion(DURAK, _worlds(), _answer("pimc", ["a"], 0.2), seat.Settings(seconds=None))
    assert note == "checked by a second method: IS-MCTS (1,000 iterations) also ranks a first"
    monkeypatch.setattr(seat, "ismcts", lambda *a, **k: _answer("ismcts", ["b"], 1.1, 1_000))
    note = seat.second_opinion(DURAK, _worlds(), _answer("pimc", ["a"], 0.2), seat.Settings(seconds=None))
    assert note is not None and note.startswith("a second method disagrees: IS-MCTS (1,000 iterations) ranks b first")


def _check(moves: list[tuple[str, float, int, float | None]], iterations: int = 1_000) -> seat.SeatAnswer:
    """An IS-MCTS answer with the given moves (text, mean, visits, spread), the most visited best."""
    import math

    stats = [seat.MoveStat(m, mean, math.nan, math.nan, n) for m, mean, n, _ in moves]
    for stat, (*_, sd) in zip(stats, moves):
        if sd is not None:
            stat.spread = sd
    top = max(stats, key=lambda m: m.worlds)
    return seat.SeatAnswer("durak", 1, 1, "ismcts", "x", "y", stats, [top.move], iterations, 0, None, 0, 1.1)


def _answered(best: list[str]) -> seat.SeatAnswer:
    moves = [seat.MoveStat(m, 0.5 if m in best else 0.0, 0.0, 1.0, 30) for m in ("a", "b", "c")]
    return seat.SeatAnswer("durak", 1, 1, "pimc", "x", "y", moves, best, 30, 0, None, 0, 0.2)


def test_the_second_opinion_names_the_one_best_move_it_confirms(monkeypatch: pytest.MonkeyPatch) -> None:
    """With several best moves the note names the one IS-MCTS ranks first and where it ranks the
    others, not "also ranks a first", which reads as a confirmation of the whole Best line."""
    # (no spreads: half the payoff range stands for them, as for an answer that holds none)
    monkeypatch.setattr(seat, "ismcts", lambda *a, **k: _check([("a", 0.4, 700, None), ("b", 0.0, 100, None),
                                                                 ("c", 0.1, 200, None)]))
    note = seat.second_opinion(DURAK, _worlds(), _answered(["a", "b"]), seat.Settings(seconds=None))
    assert note == ("checked by a second method, for a alone: IS-MCTS (1,000 iterations) ranks it first, one of the 2 "
                    "best moves above, and b 3rd of 3 (mean 0.000 there) (docs/seat.md, \"A second opinion\")")


def test_the_second_opinion_says_where_ismcts_does_not_settle_on_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where IS-MCTS's most visited move does not stand out from the next (its mean less than
    CHECK_CLEAR standard errors above), another seed may pick another move: the note says IS-MCTS
    does not settle on a move, neither "disagrees" nor "also ranks a first"."""
    close = [("a", 0.111, 244, None), ("b", 0.095, 205, None), ("c", -0.005, 90, None)]  # 0.2 standard errors apart
    monkeypatch.setattr(seat, "ismcts", lambda *a, **k: _check(close))
    note = seat.second_opinion(DURAK, _worlds(), _answered(["c"]), seat.Settings(seconds=None))
    assert note == ("a second method does not settle on a move: IS-MCTS (1,000 iterations) visits a most (244 times, "
                    "mean +0.111) and b next (205, mean +0.095), 0.2 standard errors apart (a clear first choice: 2 or "
                    "more); it ranks c 3rd of 3 (mean -0.005 there): it neither confirms nor disputes the best move "
                    "above (docs/seat.md, \"A second opinion\")")
    note = seat.second_opinion(DURAK, _worlds(), _answered(["a", "b"]), seat.Settings(seconds=None))
    assert note is not None and note.startswith("a second method does not settle on a move: ")
    assert note.endswith("it ranks a 1st of 3 (mean +0.111 there), b 2nd of 3 (mean +0.095 there): it neither confirms "
                         "nor disputes any of the 2 best moves above (docs/seat.md, \"A second opinion\")")
    # the same visits, the first's mean well above the next's: a clear choice, which disagrees
    monkeypatch.setattr(seat, "ismcts", lambda *a, **k: _check([("a", 0.4, 244, 0.7), *close[1:]]))
    note = seat.second_opinion(DURAK, _worlds(), _answered(["c"]), seat.Settings(seconds=None))
    assert note is not None and note.startswith("a second method disagrees: IS-MCTS (1,000 iterations) ranks a first")


def test_a_clear_choice_is_measured_in_standard_errors_of_the_payoffs_spread() -> None:
    """clear_choice: (m1 - m2) / sqrt(s1^2/n1 + s2^2/n2); a move of fewer than two visits, or without
    a spread, takes half the payoff range (three-player Durak: -1 to 0.5, so 0.75)."""
    import math

    top, nxt, z = seat.clear_choice(_check([("a", 0.5, 100, 0.5), ("b", 0.25, 25, 1.0)]), lambda: (-1.0, 0.5))
    assert (top.move, nxt is not None and nxt.move) == ("a", "b")
    assert z == pytest.approx(0.25 / math.sqrt(0.25 / 100 + 1.0 / 25))
    _, _, z = seat.clear_choice(_check([("a", 0.5, 100, None), ("b", 0.25, 1, None)]), lambda: (-1.0, 0.5))
    assert z == pytest.approx(0.25 / (0.75 * math.sqrt(1 / 100 + 1 / 1)))
    _, nxt, z = seat.clear_choice(_check([("a", 0.5, 100, 0.5), ("b", math.nan, 0, None)]), lambda: (-1.0, 0.5))
    assert nxt is None and z == math.inf  # no other move tried


def test_ismcts_gives_each_move_the_spread_of_its_payoffs() -> None:
    """A move's spread is the standard deviation of the analysing player's payoffs over its visits:
    within what payoffs between -1 and 0.5 allow, none below two visits."""
    import math

    a = seat.ismcts(DURAK, _worlds(), seat.Settings(method="ismcts", samples=40, seconds=None, seed=3))
    assert any(m.worlds >= 2 for m in a.moves)
    for m in a.moves:
        if m.worlds < 2:
            assert m.spread is None
        else:
            assert m.spread is not None and 0 <= m.spread <= 0.75 * math.sqrt(m.worlds / (m.worlds - 1)) + 1e-12
    assert "spread" not in str(a.to_json())


def test_ismcts_breaks_a_tie_of_visits_by_the_mean() -> None:
    import foolsolve

    a = foolsolve.answer(str(ROOT / "foolsolve/examples/views/durak-fresh-deal.json"), method="ismcts", samples=5,
                         seed=1)
    top = max(m.worlds for m in a.moves)
    tied = [m for m in a.moves if m.worlds == top]
    assert len(tied) > 1  # five iterations, one visit each
    best_mean = max(m.mean for m in tied)
    assert a.best == [m.move for m in tied if m.mean == best_mean], (a.best, [(m.move, m.mean) for m in tied])


def test_a_seed_orders_the_exact_expectations_worlds_so_a_cut_short_sample_is_the_seeds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from foolsolve import cli

    def valued(seed: int) -> list[Any]:
        _ticking(monkeypatch)
        here = _Here()
        seat.analyse(DURAK, _worlds(), seat.Settings(method="exact", seconds=5, seed=seed), here)
        return [DURAK.spec.state_to_json(w) for w in here.worlds]

    assert valued(3) == valued(3) != valued(4)
    # the command line takes --seed with --method exact (not --samples), and names it not applied only
    # where the expectation was complete, so that the seed changed nothing
    settings = cli.seat_settings("exact", None, 5, 3, None)
    assert settings.seed == 3 and settings.unapplied == ("--seed",)
    _ticking(monkeypatch)
    cut = seat.analyse(DURAK, _worlds(), settings, _Here())
    assert cut.worlds < 20 and not any(n.startswith("not applied") for n in cut.notes), cut.notes
    whole = seat.analyse(DURAK, _worlds(), cli.seat_settings("exact", None, None, 3, None), _Here())
    assert whole.worlds == 20 and ("not applied: --seed (it orders the worlds the exact expectation values, and every "
                                   "one of the 20 consistent worlds was valued, so the order changed nothing)"
                                   in whole.notes), whole.notes
    with pytest.raises(InputError, match=r"^--samples: --method exact values every consistent world once"):
        cli.seat_settings("exact", 10, None, 3, None)


def test_a_second_opinion_with_too_little_time_left_says_it_was_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the answer leaves less than CHECK_MIN_SECONDS of --time, the note says the check was not
    run and why, where it would otherwise have run; where there is nothing to check, no note."""
    monkeypatch.setattr(seat, "ismcts", lambda *a, **k: _answer("ismcts", ["a"], 1.1, 1_000))
    note = seat.second_opinion(DURAK, _worlds(), _answer("pimc", ["a"], 0.7), seat.Settings(seconds=1.5))
    assert note == seat.skipped_check_note(1.5)
    assert note.startswith("no second opinion: the check by a second method (IS-MCTS) was not run, as less than 1 s "
                           "of --time 1.5 was left after the answer")
    # time enough: the check itself
    note = seat.second_opinion(DURAK, _worlds(), _answer("pimc", ["a"], 0.2), seat.Settings(seconds=1.5))
    assert note == "checked by a second method: IS-MCTS (1,000 iterations) also ranks a first"
    # nothing to check (another player to move): no note, whatever time is left
    other = _answer("pimc", ["a"], 0.7)
    other.to_move = 0
    assert seat.second_opinion(DURAK, _worlds(), other, seat.Settings(seconds=1.5)) is None


def test_samples_the_exact_expectation_does_not_read_leave_the_second_opinion(monkeypatch: pytest.MonkeyPatch) -> None:
    """--samples under auto where the exact expectation answers (20 worlds, noted "not applied")
    changes nothing: the check runs as without it; where PIMC sampled that many worlds, it does not."""
    monkeypatch.setattr(seat, "ismcts", lambda *a, **k: _answer("ismcts", ["a"], 1.1, 1_000))
    plain = seat.second_opinion(DURAK, _worlds(), _answer("expectation", ["a"], 0.2), seat.Settings(seconds=None))
    assert plain is not None
    unread = seat.Settings(samples=50, seconds=None)
    assert seat.choose_method(_worlds(), unread) == "exact"
    assert seat.second_opinion(DURAK, _worlds(), _answer("expectation", ["a"], 0.2), unread) == plain
    sampled = seat.Settings(samples=50, seconds=None, exact_worlds=5)  # PIMC answers: its 50 worlds were chosen
    assert seat.choose_method(_worlds(), sampled) == "pimc"
    assert seat.second_opinion(DURAK, _worlds(), _answer("pimc", ["a"], 0.2), sampled) is None
