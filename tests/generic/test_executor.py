"""The local process pool's accounting of dead workers (foolsolve.executor): an item is given up
only after the worker running IT died MAX_LOST times; items queued, or running on a live worker,
when another worker dies are resubmitted without a charge."""

from __future__ import annotations

import os
import signal
import time

from foolsolve.executor import MAX_LOST, WorkerLost, make_executor


def die_on_marked(item: tuple[str, float]) -> str:
    """A worker function (module level: spawned workers import it): the marked item kills its own
    worker, the others take a while (so they are running or queued when it dies)."""
    name, seconds = item
    if name == "die":
        time.sleep(0.2)  # the other items are under way meanwhile
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(seconds)
    return name


def exit_on_marked(item: str) -> str:
    if item == "exit":
        os._exit(3)
    time.sleep(0.3)
    return item


def test_only_the_item_whose_worker_dies_is_given_up():
    """The item that kills its worker is given up ('its worker died 3 times'); the items in flight
    beside it, whose worker never died, are answered."""
    items = [(f"ok{i}", 0.4) for i in range(3)] + [("die", 0)] + [(f"ok{i}", 0.1) for i in range(3, 8)]
    executor = make_executor(2)
    values = dict(executor.map(die_on_marked, items))
    lost = [i for i, v in values.items() if isinstance(v, WorkerLost)]
    assert lost == [3], values
    assert str(values[3]) == f"its worker died {MAX_LOST} times"
    assert [values[i] for i in range(len(items)) if i != 3] == [n for n, _ in items if n != "die"]


def test_a_worker_ending_with_an_exit_code_is_its_items_loss_alone():
    items = ["a", "b", "exit", "c", "d", "e"]
    values = dict(make_executor(3).map(exit_on_marked, items))
    assert [i for i, v in values.items() if isinstance(v, WorkerLost)] == [2], values
    assert values[0] == "a" and values[5] == "e"


def test_workers_dying_as_they_start_give_every_item_up_instead_of_resubmitting_it_for_ever(monkeypatch):
    """No item starts on a pool whose workers die as they start (a script without the __main__
    guard): every item is charged each such pool, so the map ends with every item given up."""
    import threading

    from tests.generic import executor_dying

    monkeypatch.setenv("FOOLSOLVE_TEST_WORKERS_DIE", "1")  # the spawned workers die importing the module
    values: dict[int, object] = {}
    run = threading.Thread(target=lambda: values.update(make_executor(2).map(executor_dying.echo, [1, 2, 3])),
                           daemon=True)
    run.start()
    run.join(120)
    assert not run.is_alive(), "the map did not end: the pool is started again and again"
    assert sorted(values) == [0, 1, 2] and all(isinstance(v, WorkerLost) for v in values.values()), values


def _die_unpickled() -> None:
    """Called as a :class:`_Poison` is unpickled in its worker: the worker dies before it runs
    (and so before it says which item it started), after the other worker has started its items."""
    time.sleep(1.5)
    os._exit(4)


class _Poison:
    """An item whose unpickling kills the worker process (as one too large for its memory might)."""

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return _die_unpickled, ()


def _named(item: object) -> str:
    time.sleep(4 if item == "slow" else 0.3)
    return str(item)


def test_an_item_killing_its_worker_before_it_starts_is_given_up_after_max_again_free_resubmissions(monkeypatch):
    """An item whose worker dies before saying it started it, on a pool where another item ran, is
    out on a pool another worker's death broke: it was resubmitted free, breaking every new pool,
    for ever, the slow item beside it never finishing."""
    import threading

    from foolsolve import executor as executor_module

    monkeypatch.setattr(executor_module, "MAX_AGAIN", 2)
    items = ["slow", _Poison(), "ok2", "ok3", "ok4", "ok5"]
    values: dict[int, object] = {}
    thread = threading.Thread(target=lambda: values.update(make_executor(2).map(_named, items)), daemon=True)
    thread.start()
    thread.join(120)
    assert not thread.is_alive(), "the item was resubmitted again and again"
    assert isinstance(values[1], WorkerLost), values
    assert str(values[1]) == f"a worker died while it was out {2 + MAX_LOST} times"
    assert [values[i] for i in (0, 2, 3, 4, 5)] == ["slow", "ok2", "ok3", "ok4", "ok5"], values


def test_a_script_without_the_main_guard_gets_no_tracebacks_from_its_workers(tmp_path) -> None:
    """Each spawned worker imports the script again and asked for workers in turn: Python's own error
    there printed hundreds of lines of the workers' tracebacks before the one-line error. A worker
    that asks for workers while it starts ends quietly instead."""
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json"
    script = tmp_path / "noguard.py"
    script.write_text("from foolsolve import batch\n"
                      "got = []\n"
                      f"batch.run([(1, {str(example)!r}, None)], lambda rec, job: got.append(rec), batch.Settings(), "
                      "workers=2)\n"
                      "print(got[0]['error'])\n")
    p = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and 'if __name__ == "__main__":' in p.stdout, p.stdout
    assert p.stderr == "", p.stderr[-2000:]
