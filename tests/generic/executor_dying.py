"""A worker function whose module ends the process that imports it while
``FOOLSOLVE_TEST_WORKERS_DIE`` is set: spawned workers that die as they start, as those of a script
without the ``__main__`` guard do (tests/generic/test_executor.py imports it before setting it)."""

from __future__ import annotations

import os

if os.environ.get("FOOLSOLVE_TEST_WORKERS_DIE"):
    os._exit(1)


def echo(item: int) -> int:
    return item
