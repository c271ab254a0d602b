"""A lost worker's message is executor.worker_failure's in every sweep (the seat answer, the arena,
the batch, ambiguities --deals): the item it names and the __main__-guard hint, which a script
of the user's own run as __main__ gets (a stand-in module here: pytest's own __main__ differs
under pytest-xdist's workers)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from foolsolve import arena, batch, executor, games
from foolsolve.errors import InputError
from foolsolve.executor import WorkerLost

GUARD = 'if __name__ == "__main__":'


@pytest.fixture(autouse=True)
def _a_users_script_is_main(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    import sys
    import types

    script = types.ModuleType("__main__")
    script.__file__ = str(tmp_path / "my_study.py")
    monkeypatch.setitem(sys.modules, "__main__", script)


class _AllLost:
    """An executor whose every item's worker died."""

    description = "on a pretend pool"
    workers = 2
    local = True
    lost = 0

    def map(self, fn: Any, items: Any, on_done: Any = None, here: Any = None, keep_open: bool = False) -> Any:
        for i, item in enumerate(items):
            value = here(item) if here is not None else None
            yield i, value if value is not None else WorkerLost("its worker died 3 times")

    def close(self) -> None:
        pass


def test_the_arena_names_the_game_and_the_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executor, "make_executor", lambda *a, **k: _AllLost())
    match = arena.Match("durak", {}, 2, ("random", "greedy"), deals=2, seed=3)
    with pytest.raises(InputError) as err:
        arena.run(match, None)
    text = str(err.value)
    assert text.startswith("arena: the worker processes failed: game 1 (deal 0): its worker died 3 times"), text
    assert GUARD in text and "\n" not in text


def test_a_batch_line_names_the_line_and_the_guard() -> None:
    from tests.generic.test_batch import positions

    lines = [json.dumps(o) for o in positions(4, 2)]
    got: list[dict[str, Any]] = []
    batch.run([(n, text, None) for n, text in enumerate(lines, 1)], lambda rec, job: got.append(rec),
              batch.Settings(), None, executor=_AllLost())
    errors = [r["error"] for r in got]
    assert [e.split(" (")[0] for e in errors] == [
        f"not solved: the worker processes failed: line {n}: its worker died 3 times" for n in range(1, len(lines) + 1)], errors
    assert all(GUARD in e for e in errors), errors


def test_an_ambiguities_deal_names_the_deal_and_the_guard() -> None:
    from foolsolve.ambiguities import deal_results
    from foolsolve.ambiguities_cli import adapter_for

    adapter = adapter_for(games.get("fools-and-angels"))
    adapter.store = None
    first = next(deal_results(adapter, [("regroup_max", [1, 2], 3, 40)], _AllLost()))
    assert first.seed == 40 and (first.skipped or "").startswith(
        "the worker processes failed: deal 40: its worker died 3 times"), first.skipped
    assert GUARD in (first.skipped or "")
