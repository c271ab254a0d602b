"""What every bench script shares: one-line input errors (exit 2), checked argument types, the
report header, and another checkout of the project measured in a second process.

Not a benchmark itself; the scripts import it from their own folder.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
"""This checkout."""


def fail(prog: str, message: str) -> NoReturn:
    """Bad input: one line on stderr, exit 2 (as ``foolsolve`` does)."""
    print(f"{prog}: error: {message}", file=sys.stderr)
    raise SystemExit(2)


class Parser(argparse.ArgumentParser):
    """``argparse`` whose errors are one line (no usage block) with exit 2."""

    def __init__(self, prog: str, doc: str | None) -> None:
        super().__init__(prog=prog, description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)

    def error(self, message: str) -> NoReturn:
        fail(self.prog, message)


def positive_int(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text} is not at least 1")
    return n


def positive_float(text: str) -> float:
    """An argument that must be a number above 0 (seconds)."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not x > 0 or x == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return x


def header(script: str) -> str:
    """The report's first line: the machine and the command that made it."""
    return (f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
            f"command: python bench/{script} {' '.join(sys.argv[1:])}\n")


def run(main: Callable[[], None], prog: str) -> None:
    """Run a script's ``main``: Ctrl-C stops it with one line and exit 130 (the script prints the
    rows it finished before the ``KeyboardInterrupt`` reaches here)."""
    try:
        main()
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        raise SystemExit(130) from None


def whole(answer: Any) -> Any:
    """A seat answer (:func:`foolsolve.seat.analyse`) that ran to its end: ``analyse`` catches Ctrl-C
    and returns the answer so far (``answer.interrupted``); a bench must not time or compare such
    a part, so the interrupt goes on as a ``KeyboardInterrupt``."""
    if answer.interrupted:
        raise KeyboardInterrupt
    return answer


def interrupted_child(returncode: int) -> bool:
    """A child process stopped by Ctrl-C (the terminal sends SIGINT to it too): exit 130 (as
    ``foolsolve`` and these scripts exit) or killed by SIGINT."""
    return returncode in (130, -signal.SIGINT)


class Worker:
    """Another checkout ``tree`` of the project answering requests in a second process: ``script``
    (a bench script of THIS checkout) run with ``PYTHONPATH=tree`` and ``serve_args``, so that it
    imports that checkout's ``foolsolve``; each request and answer is one JSON line. The first
    line it prints is a report of its warm-up (:attr:`ready`). The two never run at once: the
    caller waits for each answer, so the processes take turns."""

    def __init__(self, tree: str, script: str, serve_args: list[str], prog: str, option: str,
                 python: str | None = None) -> None:
        if python is None:
            root = Path(tree).resolve()
            if not (root / "foolsolve" / "__init__.py").is_file():
                fail(prog, f"{option}: {tree} is not a foolsolve checkout (no foolsolve/__init__.py)")
            env = {**os.environ, "PYTHONPATH": str(root)}
        else:
            # ``python``: the interpreter of a venv with the other checkout installed (since the
            # package maps spec/, engines/, solver/ into foolsolve, a bare PYTHONPATH no longer
            # imports a checkout); ``tree`` is then only its name in messages
            if not Path(python).is_file():
                fail(prog, f"{option}: {python} is not a file")
            env = dict(os.environ)
        cmd = [python or sys.executable, str(Path(script).resolve()), *serve_args]
        self.prog = prog
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        self.ready = self._line()

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            fail(self.prog, "the baseline checkout's process ended (see its error above)")
        return line.strip()

    def ask(self, request: Any) -> Any:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self._line())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def serve(ready: str, answer: Callable[[Any], Any]) -> None:
    """The other end of :class:`Worker`: print ``ready``, then answer each JSON line on stdin.
    Ctrl-C ends it silently with exit 130: the terminal sends it to the caller too, which says
    that it was interrupted (one line, not one a process)."""
    print(ready, flush=True)
    try:
        for line in sys.stdin:
            print(json.dumps(answer(json.loads(line))), flush=True)
    except KeyboardInterrupt:
        raise SystemExit(130) from None
