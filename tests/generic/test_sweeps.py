"""``ambiguities --deals`` (and ``--all``) and ``simulate`` on the executor: a local pool gives the
one-process report, a repeated sweep reads its exact solves from the result store instead of
solving them again, Ctrl-C stops a pool sweep cleanly and a re-run resumes from the store, bad
``--workers`` / ``--scheduler`` values are one-line errors. (The same sweeps on a Dask cluster,
with a worker killed mid-sweep: tests/generic/test_dask.py.)"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from foolsolve import games
from foolsolve.ambiguities import (
    PolicyEndgameAdapter,
    adapter_for,
    adapter_from_settings,
    compare_deals,
    find_witness,
    sweep_task,
)
from foolsolve.errors import InputError
from foolsolve.executor import MAX_WORKERS, WorkerLost, check_workers, make_executor
from foolsolve.solver.three_fools.cli import chunk_size, simulate_chunk
from foolsolve.store import Store, SweepStore
from tests.generic.batch_helpers import (
    POOL_STARTED_CPU,
    CountingSolves,
    foolsolve,
    pool_workers,
    start,
    store_rows,
    wait_until_working,
)
from tests.generic.test_cli import assert_one_line_error, run

DURAK = ("ambiguities", "durak", "--option", "throw_in_after_take", "--deals", "6", "--seed", "3", "--no-witness")


def _json(stdout: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(stdout)
    return out


def test_ambiguity_deals_on_a_local_pool_are_the_one_process_report(tmp_path: Path) -> None:
    here = foolsolve(*DURAK, "--no-store")
    pool = foolsolve(*DURAK, "--no-store", "--workers", "2")
    assert here.returncode == pool.returncode == 0, pool.stderr
    assert here.stdout == pool.stdout and "6 deals (seed 3" in here.stdout
    assert "6 deals on 2 local worker processes" in pool.stderr
    # every exact solve done once per deal either way (no store: none read)
    assert here.stderr.strip().endswith("solved (no result store)")
    assert here.stderr.split("exact solves: ")[1] == pool.stderr.split("exact solves: ")[1]
    fp = ("ambiguities", "fools-paradise", "--option", "ace", "--deals", "4", "--seed", "2", "--no-witness",
          "--json", "--store", str(tmp_path / "fp.sqlite3"))
    one, two = foolsolve(*fp), foolsolve(*fp, "--workers", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    a, b = _json(one.stdout), _json(two.stdout)
    assert a.pop("store")["file"] == b.pop("store")["file"] == str(tmp_path / "fp.sqlite3")
    assert a == b and a["deals"]["deals"] == 4


def test_all_options_on_a_local_pool_are_the_one_process_table() -> None:
    """Deals and witness searches of every option on the pool: the same rows and witnesses."""
    args = ("ambiguities", "foolery", "--all", "--deals", "1", "--witness-size", "5", "--tries", "15", "--json",
            "--no-store")
    here, pool = foolsolve(*args), foolsolve(*args, "--workers", "2")
    assert here.returncode == pool.returncode == 0, pool.stderr
    a, b = _json(here.stdout), _json(pool.stdout)
    # the counts of exact solves differ (the pool compares a few candidates past a witness, unused)
    assert a.pop("store")["solved"] <= b.pop("store")["solved"]
    assert a == b
    rows = a["options"]
    assert len(rows) >= 4 and any(r["witness"] is not None for r in rows)


def test_a_repeated_sweep_reads_every_exact_solve_from_the_store(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    args = (*DURAK, "--json", "--store", str(store))
    first = foolsolve(*args)
    assert first.returncode == 0, first.stderr
    a = _json(first.stdout)
    counts = a.pop("store")
    assert counts["solved"] > 0 and store_rows(store) == counts["solved"]
    for extra in ((), ("--workers", "2")):
        again = foolsolve(*args, *extra)
        assert again.returncode == 0, again.stderr
        b = _json(again.stdout)
        # the same exact solves asked for, every one read from the store: none solved again
        assert b.pop("store") == {"file": str(store), "solved": 0, "read": counts["solved"] + counts["read"]}
        assert b == a
    assert store_rows(store) == counts["solved"]


def test_the_solver_is_not_called_again_when_the_store_holds_the_deals(tmp_path: Path) -> None:
    info = games.get("durak")
    counting = CountingSolves(info)
    with Store(tmp_path / "s.sqlite3") as db:
        adapter = adapter_for(info)
        adapter.info = counting  # type: ignore[assignment]
        adapter.store = sweep = SweepStore(db)
        first = compare_deals(adapter, "throw_in_after_take", [True, False], 3, 5)
        solved = counting.calls
        assert solved > 0 and sweep.solved == solved
        second = compare_deals(adapter, "throw_in_after_take", [True, False], 3, 5)
        assert counting.calls == solved and sweep.solved == solved and sweep.read > 0
        assert first.to_json() == second.to_json()


def test_a_worker_rebuilds_the_adapter_with_every_setting(tmp_path: Path) -> None:
    fp = adapter_for(games.get("fools-paradise"))
    fp.use_policy_only()
    fp.max_nodes = 1234
    fp.base_rules = {"decks": 2}
    again = adapter_from_settings(fp.settings())
    assert again.settings() == fp.settings() and again.policy_only and again.final_definition == fp.final_definition
    durak = adapter_for(games.get("durak"), 3)
    assert isinstance(durak, PolicyEndgameAdapter)
    durak.endgame_cards = 12
    assert adapter_from_settings(durak.settings()).settings() == durak.settings()
    # a cluster worker (no store) hands its new results back; a local one writes the store file
    args = ("throw_in_after_take", [True, False], 9)
    task = ("deal", adapter_for(games.get("durak")).settings(), ("record", None, None), args)
    recorded = sweep_task(task)
    assert recorded.solved == len(recorded.new) > 0 and recorded.read > 0  # a position met twice: solved once
    path = tmp_path / "w.sqlite3"
    on_file = ("deal", task[1], ("file", str(path), None), args)
    written = sweep_task(on_file)
    assert written.new == [] and written.solved == store_rows(path) == recorded.solved and written.read == recorded.read
    assert written.value == recorded.value and written.value.comparison is not None
    assert sweep_task(on_file).solved == 0


def test_simulate_is_the_same_on_any_number_of_workers() -> None:
    args = ("three-fools", "simulate", "--games", "120", "--seed", "7", "--json", "--policy", "truthful")
    here, pool = foolsolve(*args), foolsolve(*args, "--workers", "2")
    assert here.returncode == pool.returncode == 0, pool.stderr
    assert _json(here.stdout) == _json(pool.stdout) and _json(here.stdout)["games"] == 120
    # however the games are cut into chunks, the sums are those of the games one by one
    rules: dict[str, Any] = {}
    whole = simulate_chunk((rules, "uniform", 1, 0, 40))
    for size in (1, 7, chunk_size(40, 3)):
        parts = [simulate_chunk((rules, "uniform", 1, a, min(a + size, 40))) for a in range(0, 40, size)]
        assert ([sum(p[0][s] for p in parts) for s in range(3)], sum(p[1] for p in parts),
                sum(p[2] for p in parts)) == whole
    assert sum(whole[0]) == 40


@pytest.mark.parametrize("args", [
    ("ambiguities", "durak", "--option", "variant", "--deals", "2", "--workers", "0"),
    ("ambiguities", "durak", "--option", "variant", "--deals", "2", "--scheduler", "nonsense"),
    ("ambiguities", "durak", "--all", "--deals", "1", "--scheduler", "tcp://127.0.0.1:1"),
    ("three-fools", "simulate", "--workers", "0"),
    ("three-fools", "simulate", "--scheduler", "tcp://127.0.0.1"),
    ("three-fools", "simulate", "--scheduler", "tcp://127.0.0.1:1"),
])
def test_bad_workers_or_scheduler_is_a_one_line_error(args: tuple[str, ...]) -> None:
    res = foolsolve(*args)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.count("\n") == 1 and res.stderr.startswith("foolsolve: error: "), res.stderr
    assert ("--workers" in res.stderr) or ("--scheduler" in res.stderr)


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_stops_a_pool_sweep_and_a_rerun_resumes_from_the_store(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    args = ("ambiguities", "durak", "--option", "throw_in_after_take", "--deals", "12", "--endgame-cards", "12",
            "--no-witness", "--json", "--store", str(store))
    proc = start(*args, "--workers", "2")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None and (not store.exists() or store_rows(store) < 2):
        time.sleep(0.05)
    assert proc.poll() is None, "the sweep ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == "" and "Traceback" not in err, err
    assert "interrupted; every exact solve that finished is in the result store" in err
    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    kept = store_rows(store)
    rerun = foolsolve(*args, "--workers", "2")
    assert rerun.returncode == 0, rerun.stderr
    counts = _json(rerun.stdout)["store"]
    # every kept solve is asked for again and read; two workers may race to solve one position (stored once)
    assert counts["read"] >= kept > 0 and kept < store_rows(store) <= kept + counts["solved"]
    once = foolsolve(*args[:-3], "--no-store", "--json")
    a, b = _json(rerun.stdout), _json(once.stdout)
    a.pop("store")
    b.pop("store")
    assert a == b


def test_deals_on_an_executor_are_folded_in_order_with_progress() -> None:
    from foolsolve.executor import make_executor

    adapter = adapter_for(games.get("durak"))
    adapter.store = None
    ticks: list[int] = []
    here = compare_deals(adapter, "throw_in_after_take", [True, False], 4, 11)
    executor = make_executor(2)
    try:
        there = compare_deals(adapter, "throw_in_after_take", [True, False], 4, 11, ticks.append, executor)
        assert ticks == [1, 2, 3, 4] and here.to_json() == there.to_json()
        # the same workers then search witnesses: those found in this process, from the same candidates
        # (Foolery's is found part-way, the rest cancelled; then a Durak search that finds none, to the end)
        for game, option, choices in (("foolery", "trump_beats_trump", ["fewer", "same"]),
                                      ("durak", "throw_in_after_take", [True, False])):
            searcher = adapter_for(games.get(game))
            searcher.store = None
            ticks.clear()
            kw: dict[str, Any] = {"seed": 3, "max_size": 6, "tries": 15}
            one = find_witness(searcher, option, choices, **kw)
            pool = find_witness(searcher, option, choices, progress=ticks.append, executor=executor, **kw)
            assert ticks == list(range(1, len(ticks) + 1)) and len(ticks) > 0
            if game == "foolery":
                assert one is not None and pool is not None and one.size == 5
                assert (one.position, one.report.to_json()) == (pool.position, pool.report.to_json())
            else:
                assert one is None and pool is None and len(ticks) == 5 * 15
    finally:
        executor.close()


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_stops_simulate_on_a_pool_with_the_games_finished_in_order() -> None:
    proc = start("three-fools", "simulate", "--games", "200000", "--seed", "5", "--json", "--workers", "2")
    wait_until_working(proc, POOL_STARTED_CPU)  # the workers have finished games by then
    assert proc.poll() is None, "simulate ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    stopped = _json(out)
    assert stopped["interrupted"] is True and 0 < stopped["games"] < 200000
    # the games reported are games 0 .. n-1: one process playing n games gives the same counts
    once = foolsolve("three-fools", "simulate", "--games", str(stopped["games"]), "--seed", "5", "--json")
    assert {**_json(once.stdout), "interrupted": True} == stopped


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the pool's workers in /proc (Linux)")
def test_a_pool_worker_killed_mid_sweep_loses_no_deal(tmp_path: Path) -> None:
    """A local worker writes the store file itself: SIGKILLed mid-sweep (perhaps mid-write), its
    deal is sent again to a new pool, the report is the one-process report and the store is
    consistent."""
    store = tmp_path / "s.sqlite3"
    args = ("ambiguities", "durak", "--option", "throw_in_after_take", "--deals", "10", "--seed", "20",
            "--endgame-cards", "12", "--no-witness", "--json")
    proc = start(*args, "--workers", "2", "--store", str(store))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None and (not store.exists() or store_rows(store) < 2):
        time.sleep(0.02)
    workers = pool_workers(proc.pid)
    assert proc.poll() is None and workers, "the sweep ended before a worker could be killed"
    os.kill(workers[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=180)
    assert proc.returncode == 0, err
    assert "sent again after their worker died" in err
    once = foolsolve(*args, "--no-store")
    a, b = _json(out), _json(once.stdout)
    a.pop("store")
    b.pop("store")
    assert a == b and a["deals"]["skipped"] == 0
    db = sqlite3.connect(store)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        db.close()


EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
_WORKER_COMMANDS = [
    ["solve", str(EXAMPLES / "views" / "durak-fresh-deal.json")],
    ["report", str(EXAMPLES / "views" / "durak-fresh-deal.json"), "--out", "OUT"],
    ["batch", "IN", "--out", "OUT"],
    ["conform", "durak", "--cases", "2"],
    ["ambiguities", "durak", "--option", "variant", "--deals", "2"],
    ["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--out", "OUT"],
    ["three-fools", "simulate", "--games", "10"],
]


def _placed(argv: list[str], tmp_path: Path) -> list[str]:
    infile = tmp_path / "in.jsonl"
    infile.write_text(json.dumps(json.loads((EXAMPLES / "durak-endgame.json").read_text())) + "\n")
    return [str(infile) if a == "IN" else str(tmp_path / "out") if a == "OUT" else a for a in argv]


@pytest.mark.parametrize("argv", _WORKER_COMMANDS, ids=lambda a: a[0])
@pytest.mark.parametrize("count", [MAX_WORKERS + 1, 100_000])
def test_a_worker_count_over_the_bound_is_refused_naming_the_bound(argv, count, tmp_path, capsys):
    code, out, err = run([*_placed(argv, tmp_path), "--workers", str(count)], capsys)
    assert_one_line_error(code, err, "--workers", f"at most {MAX_WORKERS}", str(count))
    assert out == "" and not (tmp_path / "out").exists()


def test_the_worker_bound_is_a_few_per_core_with_a_floor() -> None:
    assert MAX_WORKERS >= 8
    assert check_workers(MAX_WORKERS) == MAX_WORKERS
    with pytest.raises(InputError, match=f"at most {MAX_WORKERS}"):
        make_executor(MAX_WORKERS + 1)


@pytest.mark.parametrize("argv", [a for a in _WORKER_COMMANDS if a[0] in ("batch", "arena")], ids=lambda a: a[0])
def test_workers_beside_a_scheduler_is_refused_before_any_output(argv, tmp_path, capsys):
    # the cluster brings its own workers: a local count beside it is a contradiction, refused
    # before the scheduler is contacted and before --out is written
    code, out, err = run([*_placed(argv, tmp_path), "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], capsys)
    assert_one_line_error(code, err, "--workers", "--scheduler", "not both")
    assert out == "" and not (tmp_path / "out").exists()


class _LosesTheFirst:
    """A stand-in executor whose first item's worker died, and which then stops."""

    workers = 2
    local = True
    lost = 0
    description = "stand-in"

    def map(self, fn, items, **_):
        next(iter(items))
        yield 0, WorkerLost("its worker died 3 times")


def test_deals_on_workers_are_made_as_they_are_taken() -> None:
    """``ambiguities --deals N --workers 2`` made the list of all N deal seeds before the first deal
    (``--deals 10**15``: the memory ran out); the seeds follow the results instead."""
    import tracemalloc

    from foolsolve.ambiguities import deal_results

    adapter = adapter_for(games.get("fools-and-angels"))
    adapter.store = None
    tracemalloc.start()
    try:
        first = next(deal_results(adapter, [("regroup_max", [1, 2], 10**6, 40)], _LosesTheFirst()))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert first.seed == 40 and "worker died" in (first.skipped or "")
    assert peak < 4 * 2**20, f"{peak:,} bytes for one deal"  # a list of 10**6 seeds alone is over 30 MiB


def test_local_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    """A parent killed with SIGKILL (or SIGTERM, which the pool cannot catch either) does not leave
    its local workers running their tasks: each ends within a few polls of its parent going."""
    import subprocess
    import sys

    pids = tmp_path / "pids"
    script = f"""
import os, sys, time
from foolsolve.executor import make_executor
from tests.generic.test_sweeps import _worker_pid_then_sleep
ex = make_executor(2)
futures = [ex._backend.submit(_worker_pid_then_sleep, {str(pids)!r}) for _ in range(2)]
time.sleep(600)
"""
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[2])
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not pids.exists() or len(pids.read_text().split()) < 2):
            time.sleep(0.1)
        workers = [int(p) for p in pids.read_text().split()]
        assert len(workers) == 2
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 20
    alive = workers
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [p for p in alive if _running(p)]
    for p in alive:  # a failing run leaves nothing behind
        os.kill(p, signal.SIGKILL)
    assert not alive, f"workers {alive} outlived their parent"


def _worker_pid_then_sleep(path: str) -> None:
    with open(path, "a") as f:
        f.write(f"{os.getpid()}\n")
    time.sleep(600)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False
