"""Progress for long work: shown on a terminal (stderr) once a job has run for a second,
silent otherwise (pipes, CI, tests). rich (~50 ms to import) is imported only when the
progress can show."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
else:
    def __getattr__(name: str) -> Any:
        # ``foolsolve.progress.Console`` is rich's, imported on first use
        if name == "Console":
            from rich.console import Console

            return Console
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _console() -> Console:
    from rich.console import Console

    return Console(stderr=True)


@contextmanager
def progress(label: str, *, unit: str = "nodes", total: int | None = None, enabled: bool | None = None
             ) -> Iterator[Callable[[int], None]]:
    """Yield a callback taking the count so far. On a terminal, after one second, a status
    line shows the count, the rate, the time left (with a ``total``) and the elapsed time; it
    is cleared at the end (also on Ctrl-C)."""
    show = sys.stderr.isatty() if enabled is None else enabled
    console = _console() if show else None
    start = time.monotonic()
    status = None
    last = 0.0

    def tick(count: int) -> None:
        nonlocal status, last
        if console is None:
            return
        now = time.monotonic()
        elapsed = now - start
        if elapsed < 1.0 or now - last < 0.2:
            return
        last = now
        rate = count / elapsed if elapsed > 0 else 0.0
        of = f"/{total:,}" if total else ""
        eta = f", ETA {(total - count) / rate:,.0f}s" if total and rate > 0 and count <= total else ""
        shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:,.2f}"
        text = f"{label}: {count:,}{of} {unit}, {shown}/s{eta}, {elapsed:.1f}s (Ctrl-C stops)"
        if status is None:
            status = console.status(text)
            status.start()
        else:
            status.update(text)

    try:
        yield tick
    finally:
        if status is not None:
            status.stop()
