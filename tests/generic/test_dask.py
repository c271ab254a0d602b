"""``--scheduler tcp://HOST:PORT``: a batch, ``conform --cases``, ``ambiguities --deals`` and
``simulate`` on a real Dask cluster, a scheduler and two workers started on loopback as a user
would (``dask scheduler``, ``dask worker``), with a worker killed mid-batch and mid-sweep: the
batch and the sweep still complete with every result once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.solver.base import SolveOptions
from tests.generic.batch_helpers import answer, foolsolve, mixed, read_jsonl, start, store_rows, wait_for_lines, write_jsonl

distributed = pytest.importorskip(
    "distributed", reason="Dask is not installed (the optional extra: pip install -e '.[test,dask]')")

DASK = str(Path(sys.executable).parent / "dask")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, object]]:
    """A scheduler and two one-thread workers (each with its nanny) on 127.0.0.1; the address and
    a client (to find the workers' process ids)."""
    folder = tmp_path_factory.mktemp("dask")
    info = folder / "scheduler.json"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    common = ["--no-dashboard"]
    procs = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file", str(info),
                               *common], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=folder)]
    try:
        deadline = time.monotonic() + 60
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(info.read_text())["address"]
        for _ in range(2):
            procs.append(subprocess.Popen(
                [DASK, "worker", address, "--nthreads", "1", "--host", "127.0.0.1", "--memory-limit", "0", *common],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=folder))
        client = distributed.Client(address, timeout="60s")
        client.wait_for_workers(2, timeout=120)
        yield address, client
        client.close()
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


def _expected(objs: list[dict[str, object]]) -> list[object]:
    info = games.get("durak")
    assert info.solve is not None
    return [info.solve(info.spec.state_from_json(o), SolveOptions(extra={"jit": False, "pv": False})).value
            for o in objs]


def test_a_batch_on_dask_with_a_worker_killed_mid_batch(cluster: tuple[str, object], tmp_path: Path) -> None:
    address, client = cluster
    objs = mixed(2, 6, "dask-kill")
    n = len(objs)
    infile = write_jsonl(tmp_path / "in.jsonl", objs)
    out = tmp_path / "out.jsonl"
    store = tmp_path / "s.sqlite3"
    args = ("batch", str(infile), "--out", str(out), "--store", str(store), "--scheduler", address,
            "-o", "jit=false", "-o", "pv=false")
    proc = start(*args)
    wait_for_lines(out, 2, proc, timeout=180)
    assert proc.poll() is None, "the batch ended before a worker could be killed"
    pids = client.run(os.getpid)  # type: ignore[attr-defined]
    os.kill(next(iter(pids.values())), signal.SIGKILL)  # its nanny starts a new worker
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert "on the Dask cluster at" in err
    recs = read_jsonl(out)
    assert [r["line"] for r in recs] == list(range(1, n + 1))
    assert all("result" in r for r in recs), [r for r in recs if "error" in r]
    assert [r["result"]["value"] for r in recs] == _expected(objs)
    rerun = foolsolve(*args)
    assert rerun.returncode == 0 and f"0 solved, {n} from the store" in rerun.stderr
    assert [dict(r, result=answer(r["result"])) for r in read_jsonl(out)] == [
        dict(r, cached=True, result=answer(r["result"])) for r in recs]


def test_identical_lines_on_dask_are_solved_once(cluster: tuple[str, object], tmp_path: Path) -> None:
    """A repeated line waits for the first one's answer on the cluster too, rather than solving it again."""
    address, _ = cluster
    infile = write_jsonl(tmp_path / "in.jsonl", mixed(1, 0, "dask-repeat") * 6)
    proc = foolsolve("batch", str(infile), "--no-store", "--scheduler", address, "-o", "jit=false")
    assert proc.returncode == 0, proc.stderr
    assert "1 solved, 0 from the store, 5 repeating an earlier line" in proc.stderr
    assert [json.loads(line).get("same_as") for line in proc.stdout.splitlines()] == [None, 1, 1, 1, 1, 1]


def test_conform_cases_on_dask_is_the_local_run(cluster: tuple[str, object]) -> None:
    address, _ = cluster
    here = foolsolve("conform", "durak", "--cases", "6", "--seed", "3")
    there = foolsolve("conform", "durak", "--cases", "6", "--seed", "3", "--scheduler", address)
    assert here.returncode == there.returncode == 0, there.stderr
    # "durak: 6 games, N states, M moves checked in S s": the same games, checked the same
    assert here.stdout.split(" in ")[0] == there.stdout.split(" in ")[0]
    assert "spec and engine agree" in there.stdout



AMBIGUITY = ("ambiguities", "durak", "--option", "throw_in_after_take", "--no-witness")


def _report(stdout: str) -> dict[str, object]:
    """The --json report without the run's store counts."""
    out: dict[str, object] = json.loads(stdout)
    out.pop("store")
    return out


def test_ambiguity_deals_witness_and_simulate_on_dask_are_the_local_runs(cluster: tuple[str, object]) -> None:
    address, _ = cluster
    args = (*AMBIGUITY, "--deals", "6", "--seed", "3", "--no-store")
    here, there = foolsolve(*args), foolsolve(*args, "--scheduler", address)
    assert here.returncode == there.returncode == 0, there.stderr
    assert here.stdout == there.stdout and "6 deals (seed 3" in there.stdout
    assert "6 deals on the Dask cluster at" in there.stderr
    witness = ("ambiguities", "foolery", "--option", "trump_beats_trump", "--deals", "2", "--witness-size", "5",
               "--tries", "15", "--no-store")
    here, there = foolsolve(*witness), foolsolve(*witness, "--scheduler", address)
    assert here.returncode == there.returncode == 0, there.stderr
    assert here.stdout == there.stdout and "smallest witness found: 5 cards" in there.stdout
    sim = ("three-fools", "simulate", "--games", "90", "--seed", "2", "--json")
    here, there = foolsolve(*sim), foolsolve(*sim, "--scheduler", address)
    assert here.returncode == there.returncode == 0, there.stderr
    assert json.loads(here.stdout) == json.loads(there.stdout)


def test_an_ambiguity_sweep_on_dask_with_a_worker_killed_mid_sweep(cluster: tuple[str, object],
                                                                    tmp_path: Path) -> None:
    """The cluster's workers hand their exact solves back and this process stores them as they
    come: once a few are in, a worker is SIGKILLed; the sweep still gives the one-process report
    (every deal once, none skipped), and a re-run on the cluster reads every solve from the store
    here (nothing is sent to a worker, nothing solved)."""
    address, client = cluster
    store = tmp_path / "s.sqlite3"
    args = (*AMBIGUITY, "--deals", "12", "--endgame-cards", "12", "--json")
    proc = start(*args, "--store", str(store), "--scheduler", address)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and proc.poll() is None and store_rows(store) < 2:
        time.sleep(0.05)
    assert proc.poll() is None, "the sweep ended before a worker could be killed"
    pids = client.run(os.getpid)  # type: ignore[attr-defined]
    os.kill(next(iter(pids.values())), signal.SIGKILL)  # its nanny starts a new worker
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    there = _report(out)
    assert there["deals"]["deals"] == 12 and there["deals"]["skipped"] == 0  # type: ignore[index]
    once = foolsolve(*args, "--no-store")
    assert once.returncode == 0, once.stderr
    assert _report(once.stdout) == there
    stored = store_rows(store)
    assert 0 < stored <= json.loads(out)["store"]["solved"]  # a position two workers raced for is stored once
    rerun = foolsolve(*args, "--store", str(store), "--scheduler", address)
    assert rerun.returncode == 0, rerun.stderr
    assert _report(rerun.stdout) == there
    counts = json.loads(rerun.stdout)["store"]
    assert counts["solved"] == 0 and counts["read"] > 0 and store_rows(store) == stored


def test_ctrl_c_stops_an_ambiguity_sweep_on_dask_and_releases_its_tasks(cluster: tuple[str, object],
                                                                          tmp_path: Path) -> None:
    address, client = cluster
    store = tmp_path / "s.sqlite3"
    proc = start(*AMBIGUITY, "--deals", "300", "--seed", "900", "--endgame-cards", "12", "--store", str(store),
                 "--scheduler", address)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and proc.poll() is None and store_rows(store) < 2:
        time.sleep(0.05)
    assert proc.poll() is None, "the sweep ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == "" and "Traceback" not in err, err
    assert "every exact solve that finished is in the result store" in err and store_rows(store) >= 2

    def held(dask_scheduler: object) -> int:
        return len(dask_scheduler.tasks)  # type: ignore[attr-defined]

    deadline = time.monotonic() + 30
    while client.run_on_scheduler(held) and time.monotonic() < deadline:  # type: ignore[attr-defined]
        time.sleep(0.2)
    assert client.run_on_scheduler(held) == 0  # type: ignore[attr-defined]


def test_a_ctrl_c_during_a_call_into_dask_is_raised_once_the_call_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    """distributed's ``utils.sync`` mishandles a KeyboardInterrupt that lands as a call starts (its
    cancel callback logs a NameError traceback), so the executor holds Ctrl-C back while it is in
    Dask and raises it after: here a stand-in ``distributed.wait`` is interrupted halfway."""
    from foolsolve import executor

    finished = []

    def interrupted_wait(handles: list[object], timeout: float, return_when: str) -> tuple[set[object], set[object]]:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # the signal is handled by now: held back, not raised here
        finished.append(True)
        return set(), set(handles)

    monkeypatch.setattr(distributed, "wait", interrupted_wait)
    backend = object.__new__(executor._Dask)
    with pytest.raises(KeyboardInterrupt):
        backend.wait(["task"], 0.25)
    assert finished == [True]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


_SLOW_BOT = """\
import os, sys, time
with open(sys.argv[1], "a") as f:
    f.write(f"{os.getpid()}\\n")
for line in sys.stdin:
    time.sleep(1)
    print(0, flush=True)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_stops_an_arena_on_dask_and_its_workers_end_the_programs_of_its_games(cluster: tuple[str, object],
                                                                                     tmp_path: Path) -> None:
    """A Dask worker outlives the match: it kept every ``cmd:`` program it started (a bot edited
    between matches played its old code), and a game whose match was stopped by Ctrl-C played on
    there. Each game's programs end with it, and a game given up is stopped at its next move."""
    address, _ = cluster
    bot, pids = tmp_path / "slow.py", tmp_path / "pids"
    bot.write_text(_SLOW_BOT)
    proc = start("arena", "durak", "--bot", "random", "--bot", f"cmd:timeout=60 {sys.executable} {bot} {pids}",
                 "--games", "1", "--scheduler", address)
    started: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None and not started:
            time.sleep(0.1)
            started = [int(x) for x in pids.read_text().split()] if pids.exists() else []
        assert started, "the bot did not start"
        time.sleep(1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130 and "Traceback" not in err, err
        started = [int(x) for x in pids.read_text().split()]
        end = time.monotonic() + 15  # each game slow (a second a move): given up, not played to its end
        while [pid for pid in started if _alive(pid)] and time.monotonic() < end:
            time.sleep(0.1)
        assert not [pid for pid in started if _alive(pid)]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pid in started:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
