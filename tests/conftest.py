"""Hypothesis profiles: ``ci`` (the default, used by .ci/run) and ``long`` for deep runs
(``HYPOTHESIS_PROFILE=long pytest``)."""

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "long", max_examples=2000, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", max_examples=25, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _result_store_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test (and every ``foolsolve`` process it starts) has its own empty result store
    (foolsolve/store.py), never the user's cache folder."""
    monkeypatch.setenv("FOOLSOLVE_STORE", str(tmp_path_factory.mktemp("store") / "results.sqlite3"))


@pytest.fixture(autouse=True)
def _no_background_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test (nor any ``foolsolve`` process it starts) leaves a background compile of the Durak
    playout running (foolsolve/engines/durak_playout.py, ``native``); the tests that need the
    compiled playout compile it."""
    monkeypatch.setenv("FOOLSOLVE_BACKGROUND_COMPILE", "0")


@pytest.fixture
def seat_analysis_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat analysis (``foolsolve.cli._SeatRequest.analysis``: solve, report and
    ``foolsolve.answer`` from one seat) returns its answer as a Ctrl-C leaves it: complete, marked
    interrupted, the answer so far."""
    from foolsolve import cli

    real = cli._SeatRequest.analysis

    def stopped(self: Any, info: Any, worlds: Any) -> Any:
        answer = real(self, info, worlds)
        answer.interrupted = True
        return answer

    monkeypatch.setattr(cli._SeatRequest, "analysis", stopped)
