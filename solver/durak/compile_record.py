"""The compiled Durak search's compile, measured: each compile on this machine records how long
every kernel function took (CPU and wall seconds) in the user's cache folder (platformdirs), and
the next compile's progress line weighs each function by its recorded CPU time and estimates the
time left from that record (docs/durak-solver.md, "Start-up").

Why weights: the recursive search ``_search`` is about five sixths of the compile, so a count of
functions done says little. Why CPU time: it is what a function's compile costs on this machine
whatever the load; the wall time left is that CPU time times how much slower than its CPU time
this compile has run so far (before its first CPU second, as much slower as the recorded compile
ran: its wall over its CPU seconds). With no record for a function to compile (the first compile on a machine, a new
function) the line says so and gives no estimate.

This module imports no numba: it only reads and writes a small JSON file and formats the line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

LABEL = "compiling the Durak search once (Ctrl-C keeps progress)"
UNKEPT_LABEL = ("compiling the Durak search for this process only (numba can write none of its cache folders: "
                "set NUMBA_CACHE_DIR to a writable folder to keep it)")
""":data:`LABEL` where numba keeps nothing it compiles (:func:`foolsolve.background.numba_cache_folder`)."""
VERSION = 1


def record_path() -> Path:
    """Where the compile's durations are recorded: ``durak-compile.json`` in the user's cache folder."""
    from foolsolve.xdg import user_cache_dir

    return user_cache_dir() / "durak-compile.json"


def read_record(path: Path | None) -> dict[str, dict[str, float]]:
    """The recorded durations, ``{function: {"cpu": s, "wall": s}}``; empty when there is no
    readable record (a damaged or foreign file counts as none: it only feeds an estimate)."""
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("kernels"), dict):
        return {}
    out: dict[str, dict[str, float]] = {}
    for name, row in data["kernels"].items():
        if (isinstance(row, dict) and all(isinstance(row.get(k), (int, float)) and not isinstance(row.get(k), bool)
                                          and 0 <= row[k] < 1e6 for k in ("cpu", "wall"))):
            out[str(name)] = {"cpu": float(row["cpu"]), "wall": float(row["wall"])}
    return out


def write_record(path: Path | None, measured: Mapping[str, Mapping[str, float]]) -> None:
    """Add ``measured`` (functions compiled just now) to the record at ``path``, replacing their
    earlier rows. Written to a temporary file and renamed, so a reader never sees half a file; a
    cache folder that cannot be written loses only the estimate."""
    if path is None or not measured:
        return
    rows = read_record(path)
    rows.update({k: {"cpu": round(v["cpu"], 3), "wall": round(v["wall"], 3)} for k, v in measured.items()})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"version": VERSION, "kernels": rows}, indent=0, sort_keys=True))
        os.replace(tmp, path)
    except OSError:
        pass


@dataclass
class Estimate:
    """The progress of one compile of ``names`` (in order), weighed by ``record``.

    ``weights`` are the recorded CPU seconds of each function, or ``None`` when a function has no
    record (then progress is counted in functions and no time is estimated); ``slowdown``: wall
    seconds per CPU second assumed until this compile has measured its own."""

    names: list[str]
    weights: list[float] | None
    slowdown: float = 1.0
    label: str = LABEL

    @classmethod
    def of(cls, names: list[str], record: Mapping[str, Mapping[str, float]]) -> Estimate:
        """The estimate of a compile of ``names`` from ``record``; its :attr:`slowdown` (used until
        this compile has a CPU second of its own) is the recorded wall over CPU seconds."""
        if not names or not all(n in record for n in names):
            return cls(list(names), None)
        cpu = sum(record[n]["cpu"] for n in names)
        wall = sum(record[n]["wall"] for n in names)
        return cls(list(names), [max(record[n]["cpu"], 1e-3) for n in names], max(1.0, wall / cpu) if cpu else 1.0)

    def line(self, done: int, cpu_current: float, elapsed: float, cpu_elapsed: float) -> str:
        """The progress line after ``done`` functions, the next one having used ``cpu_current`` CPU
        seconds so far, ``elapsed`` wall and ``cpu_elapsed`` CPU seconds into the compile."""
        n = len(self.names)
        head = f"{self.label}: {done}/{n} functions"
        if done >= n:
            return f"{head}, {elapsed:.0f} s"
        if self.weights is None:
            return f"{head}, {elapsed:.0f} s; first compile here, no estimate yet"
        frac, left = self.progress(done, cpu_current, elapsed, cpu_elapsed)
        over = " (this function takes longer than last time)" if self.weights[done] + 1 < cpu_current else ""
        return f"{head}, {100 * frac:.0f}% of the work, {elapsed:.0f} s, about {_seconds(left)} left{over}"

    def progress(self, done: int, cpu_current: float, elapsed: float, cpu_elapsed: float) -> tuple[float, float]:
        """The fraction of the work done (by recorded CPU time; the function being compiled counts
        for the CPU time it has used, at most its record) and the wall seconds left: the recorded
        CPU time still to go times the slowdown observed so far (wall over CPU seconds, once a
        second of CPU has been used; before that :attr:`slowdown`)."""
        assert self.weights is not None
        w = self.weights
        total = sum(w)
        current = min(cpu_current, w[done]) if done < len(w) else 0.0
        finished = sum(w[:done]) + current
        slow = elapsed / cpu_elapsed if cpu_elapsed >= 1.0 else self.slowdown
        return finished / total, max(0.0, total - finished) * max(slow, 1.0)


def _seconds(s: float) -> str:
    """``s`` rounded for a person: whole seconds below two minutes, then minutes and seconds."""
    s = round(s)
    return f"{s} s" if s < 120 else f"{s // 60} min {s % 60:02d} s"
