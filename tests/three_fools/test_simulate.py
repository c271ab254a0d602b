"""``foolsolve three-fools simulate``: whole games by policy, win rates with confidence intervals."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from foolsolve.solver.three_fools.cli import play_game
from foolsolve.spec.three_fools import Rules
from foolsolve.stats import wilson


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "foolsolve", "three-fools", "simulate", *args], capture_output=True,
                          text=True, timeout=300)


def test_simulate_reports_every_seats_win_rate_with_an_interval():
    proc = _run("--games", "300", "--seed", "4", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["games"] == 300 and sum(s["wins"] for s in out["seats"]) == 300
    for s in out["seats"]:
        lo, hi = s["ci95"]
        assert lo <= s["rate"] <= hi and hi - lo < 0.15
    assert _run("--games", "300", "--seed", "4", "--json").stdout == proc.stdout


def test_the_policies_play_differently():
    """A truthful leader never pays the lying penalty, so nobody's maximum hand size drops: games
    last longer on average than under the uniform policy, where two leads in three are lies."""
    rules = Rules()
    uniform = sum(play_game(rules, "uniform", random.Random(i))[1] for i in range(150))
    truthful = sum(play_game(rules, "truthful", random.Random(i))[1] for i in range(150))
    assert truthful > uniform


def test_the_equilibrium_policy_plays_a_whole_game():
    pytest.importorskip("pygambit")
    proc = _run("--games", "1", "--policy", "equilibrium", "--seed", "1")  # a 3-round game
    assert proc.returncode == 0, proc.stderr
    assert "policy equilibrium: 1 game (seed 1)" in proc.stdout


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0


def test_the_old_spelling_refuses_other_games_in_one_line():
    proc = subprocess.run([sys.executable, "-m", "foolsolve", "simulate", "durak"], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1


class _TakesTwo:
    """A stand-in executor: answers the first two chunks it is handed, then Ctrl-C."""

    workers = 2
    lost = 0
    description = "stand-in"

    def __init__(self) -> None:
        self.handed: list[object] = []

    def map(self, fn, items, **_):
        self.handed.append(items)
        for k, item in enumerate(items):
            if k == 2:
                raise KeyboardInterrupt
            yield k, fn(item)

    def close(self) -> None:
        pass


def test_a_huge_simulation_on_workers_makes_its_chunks_as_they_are_taken(monkeypatch):
    """``simulate --games 10**15 --workers 2`` built the list of every chunk (10**13 of them) before
    the first game: memory ran out instead of games being played (and Ctrl-C keeping them)."""
    from foolsolve import executor
    from tests.generic.batch_helpers import call_main

    stand_in = _TakesTwo()
    monkeypatch.setattr(executor, "make_executor", lambda workers, scheduler: stand_in)
    call_main(["three-fools", "simulate", "--games", "5000", "--workers", "2", "--json"])
    assert not isinstance(stand_in.handed[0], list)  # (checked on a small run first: the old list never ended)
    code, out, err = call_main(["three-fools", "simulate", "--games", str(10**15), "--workers", "2", "--json"])
    assert code == 130 and json.loads(out)["games"] == 200 and json.loads(out)["interrupted"], err


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGTERM")
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
def test_simulate_stopped_by_a_signal_names_that_signal(sig):
    """SIGTERM stopped simulate with the games so far, but the table said 'stopped by Ctrl-C'."""
    import signal

    from tests.generic.batch_helpers import start, wait_until_working

    proc = start("three-fools", "simulate", "--games", "1000000000", "--seed", "1")
    try:
        wait_until_working(proc)  # games played by then (a signal in its start stops it before any table)
        assert proc.poll() is None, "simulate ended before it could be stopped"
        proc.send_signal(getattr(signal, sig))
        out, err = proc.communicate(timeout=60)
    finally:  # a failed check leaves no simulation of a billion games running
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    by, code, line = (("SIGTERM", 143, "foolsolve: terminated (SIGTERM)") if sig == "SIGTERM"
                      else ("Ctrl-C", 130, "foolsolve: interrupted"))
    assert proc.returncode == code and "Traceback" not in err, err
    assert f"(stopped by {by}: the games above were finished)" in out
    assert err.strip().splitlines()[-1].strip() == line


@pytest.mark.parametrize("workers", ["1", "2"])
def test_time_bounds_a_simulation_and_keeps_the_games_finished(workers):
    """--games has no cap; --time bounds the work (it ran until Ctrl-C or SIGTERM)."""
    proc = _run("--games", "1000000000", "--time", "1", "--workers", workers, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["time_ran_out"] is True and out["interrupted"] is False
    assert 0 < out["games"] < 1_000_000_000 and sum(s["wins"] for s in out["seats"]) == out["games"]
    text = _run("--games", "1000000000", "--time", "0.5").stdout
    assert "--time 0.5 s ran out after " in text and "of the 1,000,000,000 games asked for" in text
    done = json.loads(_run("--games", "20", "--time", "600", "--json").stdout)
    assert done["games"] == 20 and done["time_ran_out"] is False


def test_ctrl_c_as_a_game_is_counted_leaves_the_wins_adding_up_to_the_games(monkeypatch):
    """A Ctrl-C arriving while a finished game is being counted (here as its rounds are added) leaves
    the game counted whole or not at all: the seats' wins add up to the games reported, which are
    the games before it (the same counts as a run of that many games)."""
    import os
    import signal

    from foolsolve.solver.three_fools import cli as simulate_cli
    from tests.generic.batch_helpers import call_main

    class Rounds(int):
        """A game's rounds whose addition to the count so far comes with Ctrl-C."""

        def __radd__(self, other):
            os.kill(os.getpid(), signal.SIGINT)
            return int(other) + int(self)

    played: list[int] = []

    def play(rules, policy, rng):
        w, r = play_game(rules, policy, rng)
        played.append(1)
        return w, (Rounds(r) if len(played) == 5 else r)

    monkeypatch.setattr(simulate_cli, "play_game", play)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code, out, err = call_main(["three-fools", "simulate", "--games", "10", "--seed", "4", "--json"])
    finally:
        signal.signal(signal.SIGINT, old)
    assert code == 130, err
    got = json.loads(out)
    assert got["interrupted"] is True and got["games"] == 4 == sum(s["wins"] for s in got["seats"])
    monkeypatch.setattr(simulate_cli, "play_game", play_game)
    code, first, err = call_main(["three-fools", "simulate", "--games", "4", "--seed", "4", "--json"])
    assert code == 0 and {**json.loads(first), "interrupted": True} == got, err
