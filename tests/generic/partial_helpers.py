"""Checks of a solve stopped by a limit or Ctrl-C (``SearchLimit.partial``, ``Interrupted``)
against the finished solve of the same position, for every game whose exact solver keeps what it
proved (tests/durak/test_partial.py, tests/fools_and_angels/test_partial.py,
tests/foolery/test_partial.py, tests/fools_paradise/test_partial.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from foolsolve.solver.base import Interrupted, SearchLimit, SolveOptions

ORDER = {"loss": -1, "draw": 0, "win": 1}


def _rank(value: Any) -> Any:
    """A value's place in order: an outcome's (:data:`ORDER`), a number itself (a score)."""
    return ORDER[value] if isinstance(value, str) else value


def check_partial(partial, full) -> None:
    """Everything ``partial`` says is true of the finished solve ``full``."""
    truth = {m.move: m.value for m in full.moves}
    valued = {m.move: m.value for m in partial.moves}
    assert sorted([*valued, *(m.move for m in partial.unfinished)]) == sorted(truth)  # every move once
    for move, value in valued.items():
        assert value == truth[move], move
    for m in partial.unfinished:
        assert _rank(m.at_least) <= _rank(truth[m.move]) <= _rank(m.at_most), m
        assert _rank(m.at_least) < _rank(m.at_most)
    if partial.value is not None:
        assert partial.value == full.value
    assert set(partial.best) <= set(full.best)
    assert all(valued[b] == partial.value for b in partial.best)
    assert partial.pv == []


def partials_under_node_limits(solve: Callable[..., Any], state: Any, full: Any, extra: dict[str, Any],
                               fractions: tuple[float, ...] = (0.3, 0.6, 0.9)) -> list[Any]:
    """The partial answers of ``solve`` stopped at each fraction of the finished solve's nodes,
    each checked against ``full``."""
    out = []
    for f in fractions:
        try:
            solve(state, SolveOptions(max_nodes=max(1, int(full.nodes * f)), extra=extra))
        except SearchLimit as exc:
            if exc.partial is not None:
                check_partial(exc.partial, full)
                out.append(exc.partial)
    return out


def interrupted_at_call(monkeypatch: Any, solve: Callable[..., Any], state: Any, cls: type, method: str,
                        call: int) -> tuple[Any, Any]:
    """The finished solve of ``state`` (without a principal variation) and the partial answer,
    checked against it, of the same solve when Ctrl-C arrives at its ``call``-th call of
    ``cls.method`` made by the solve itself (not the search's recursive calls)."""
    full = solve(state, SolveOptions(extra={"pv": False}))
    real = getattr(cls, method)
    calls = []
    depth = [0]

    def stopping(self: Any, *args: Any) -> Any:
        if depth[0] == 0:
            calls.append(1)
            if len(calls) == call:
                raise KeyboardInterrupt
        depth[0] += 1
        try:
            return real(self, *args)
        finally:
            depth[0] -= 1

    monkeypatch.setattr(cls, method, stopping)
    with pytest.raises(Interrupted) as exc:
        solve(state, SolveOptions(extra={"pv": False}))
    check_partial(exc.value.partial, full)
    return full, exc.value.partial


def proved_reports(solve: Callable[..., Any], state: Any, extra: dict[str, Any]) -> tuple[Any, list[Any]]:
    """The finished solve and every report it gave ``SolveOptions.proved``, each checked against
    the finished result; the last one holds every move."""
    got: list[Any] = []
    full = solve(state, SolveOptions(extra=extra, proved=got.append))
    for part in got:
        check_partial(part, full)
    assert got and not got[-1].unfinished and got[-1].value == full.value
    assert [len(p.moves) for p in got] == sorted(len(p.moves) for p in got)  # each report knows more
    return full, got
