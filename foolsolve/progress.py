"""Progress for long work: shown on a terminal (stderr) once a job has run for a second,
silent otherwise (pipes, CI, tests), unless :func:`plain_lines` asks for plain status lines
there (``foolsolve.answer(..., progress=True)`` in a notebook); a dumb terminal (``TERM=dumb``)
gets such plain lines too. rich (~50 ms to import) is
imported only when the progress can show. :class:`CompileLine` is the line that announces a
one-time compile (numba's), on a terminal and off it."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from foolsolve.errors import InputError, Stopped, option_name, quoted, stop_text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.live import Live
else:
    def __getattr__(name: str) -> Any:
        # ``foolsolve.progress.Console`` is rich's, imported on first use
        if name == "Console":
            from rich.console import Console

            return Console
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _now() -> float:
    """The clock the status line reads (a test's fake clock replaces it)."""
    return time.monotonic()


def _console() -> Console:
    from rich.console import Console

    return Console(stderr=True)


def _live(renderable: Any, console: Console) -> Live:
    """A live display of ``renderable`` on ``console``, redrawn 12.5 times a second (the spinner
    and the elapsed time move between counts), cleared at the end. What is printed to standard
    output meanwhile is printed above it only where standard output is a terminal too: else it
    goes to its file or pipe as it would without the display."""
    from rich.live import Live

    try:
        stdout_here = sys.stdout.isatty()
    except (AttributeError, ValueError):
        stdout_here = False
    return Live(renderable, console=console, refresh_per_second=12.5, transient=True,
                redirect_stdout=stdout_here, redirect_stderr=False)


HINT = " (Ctrl-C stops)"
"""What a status line on a terminal ends with, where it fits (:meth:`StatusLine.text`)."""


class StatusLine:
    """The status line of a job: the count so far (:meth:`tick`), the rate, the time left (with a
    ``total``) and the elapsed time, worked out from the clock each time it is drawn; nothing in
    the job's first second. ``seconds``: the time the command gives the job (``--time``), counted
    from the line's start: the time left is never shown past it (the job stops there, the count
    short of its total). The line fits the terminal's width: the fields that matter least go first
    (:meth:`text`)."""

    def __init__(self, label: str, unit: str, total: int | None, seconds: float | None = None) -> None:
        self.label = label
        self.unit = unit
        self.total = total
        self.seconds = seconds
        self.count = 0
        self.start = _now()
        self._spinner: Any = None
        self.time_name = option_name("--time")
        """What the line calls the time bound: ``--time``, as the caller calls it
        (:func:`foolsolve.errors.option_name`: ``time`` from :func:`foolsolve.answer`)."""
        self.aside: Callable[[], str] | None = None
        """A line drawn in this one's place meanwhile: a compile's (:class:`CompileLine`), which the
        work waits for."""

    def tick(self, count: int) -> None:
        self.count = count

    def text(self, width: int | None = None, hint: bool = True) -> str | None:
        """The line now (``None`` in the first second), at most ``width`` cells wide where given:
        without the Ctrl-C hint, then the rate, then with the label cut short or left out, then
        the count alone, cut at the width. ``hint``: the line ends with :data:`HINT` where it
        fits; ``False``: never (the plain lines of :func:`plain_lines`, written where no terminal
        takes a Ctrl-C). While :attr:`aside` is set, that line in its place, cut at the width."""
        aside = self.aside  # read once: a compile's end sets it to None from another thread
        if aside is not None:
            text = aside()
            return text if width is None else _cut(text, width)
        elapsed = _now() - self.start
        if elapsed < 1.0:
            return None
        count, total = self.count, self.total
        rate = count / elapsed
        of = f"/{total:,}" if total else ""
        left = None if self.seconds is None else self.seconds - elapsed
        eta = ""
        if total and rate > 0 and count <= total:
            eta = f"ETA {(total - count) / rate:,.0f}s"
        if left is not None and total and count < total and (not eta or (total - count) / rate > left):
            eta = f"stops in {left:,.0f}s ({self.time_name})" if left > 0 else f"stopping ({self.time_name})"
        shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:,.2f}"
        counted, per, spent = f"{count:,}{of} {self.unit}", f"{shown}/s", f"{elapsed:.1f}s"
        fields = [counted, per, *([eta] if eta else []), spent]
        full = f"{self.label}: {', '.join(fields)}{HINT if hint else ''}"
        if width is None:
            return full
        from rich.cells import cell_len

        lean = [counted, *([eta] if eta else []), spent]
        for line in (full, f"{self.label}: {', '.join(fields)}", f"{self.label}: {', '.join(lean)}"):
            if cell_len(line) <= width:
                return line
        rest = f": {', '.join(lean)}"
        room = width - cell_len(rest) - 1
        if room >= 12:  # the label cut short, its start kept
            return f"{_cut(self.label, room)}…{rest}"
        for line in (", ".join(lean), f"{counted}, {spent}", counted):
            if cell_len(line) <= width:
                return line
        return _cut(counted, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.spinner import Spinner
        from rich.text import Text

        width = options.max_width - 2  # the spinner's frame and a space before the text
        text = self.text(width)
        if text is None or width < 1:
            return
        if self._spinner is None:
            self._spinner = Spinner(spinner_name(console), style="status.spinner")
        self._spinner.text = Text(text, no_wrap=True, overflow="crop")
        yield self._spinner.render(console.get_time())


def spinner_name(console: Console) -> str:
    """The spinner a status line turns on ``console``: rich's ``dots`` (braille, ``⠋``) where its
    stream writes them, else ``line`` (``- \\ | /``): under ``--ascii`` or an ASCII locale the
    stream writes ASCII (:class:`foolsolve.textout.SafeText`), where a braille frame would be ``?``."""
    from foolsolve.textout import QuietErrors

    stream: Any = console.file
    while isinstance(stream, QuietErrors):
        stream = stream.stream
    encoding = getattr(stream, "target", None) or getattr(stream, "encoding", None) or "utf-8"
    try:
        "⠋⠙⠹".encode(encoding)
    except (UnicodeError, LookupError):
        return "line"
    return "dots"


def _cut(text: str, width: int) -> str:
    """``text``'s start, at most ``width`` terminal cells wide."""
    from rich.cells import set_cell_size

    return set_cell_size(text, max(width, 0)).rstrip() if width > 0 else ""


PLAIN_EVERY = 5.0
"""Seconds between two plain status lines (:func:`plain_lines`)."""

_SHOWN: ContextVar[bool | None] = ContextVar("foolsolve_progress_shown", default=None)
"""Where the progress of work in this context shows (:func:`plain_lines`): ``None`` on a terminal
only; ``True`` on a terminal, and elsewhere as plain lines; ``False`` nowhere."""
_DRAWN: ContextVar[tuple[StatusLine, Console] | None] = ContextVar("foolsolve_progress_drawn", default=None)
"""The status line drawn on the terminal in this context (:func:`progress`), and its console: a
compile's line is drawn in its place (:class:`CompileLine`)."""
_LIVE: ContextVar[Live | None] = ContextVar("foolsolve_progress_live", default=None)
"""The live display that draws this context's status line on the terminal (:func:`progress`), which
:func:`paused` clears while a person is asked something."""


def checked_shown(value: object) -> bool | None:
    """``value`` as the ``progress`` parameter of the Python API takes it (:func:`foolsolve.answer`,
    :func:`foolsolve.batch.run`, :func:`foolsolve.arena.run`; :func:`plain_lines`' ``shown``):
    ``True``, ``False`` or ``None``, else a one-line :class:`~foolsolve.errors.InputError`."""
    if value is not None and not isinstance(value, bool):
        raise InputError(f"progress: expected True, False or None (on a terminal only), got {quoted(value)}")
    return value


@contextmanager
def plain_lines(shown: bool | None) -> Iterator[None]:
    """Within the block, the status lines of :func:`progress` (left to their default) show as
    ``shown`` says: ``None`` on a terminal only; ``True`` on a terminal as there, and where stderr
    is no terminal (a notebook, a pipe) as plain lines, one every :data:`PLAIN_EVERY` seconds as
    counts come; ``False`` nowhere."""
    token = _SHOWN.set(shown)
    try:
        yield
    finally:
        _SHOWN.reset(token)


_WORKER = False
"""Whether this process is a worker of a local pool (:func:`foolsolve.executor._worker_start`): its
standard error is its parent's, where the parent draws the status line a user watches."""


def in_a_worker() -> None:
    """Mark this process as a local pool's worker (:data:`_WORKER`): from now on it draws nothing in
    place on standard error (:func:`on_a_terminal` is false), and a compile's line is written once
    (:class:`CompileLine`), above the parent's status line where standard error is a terminal."""
    global _WORKER
    _WORKER = True


def _stderr_is_a_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def dumb_terminal() -> bool:
    """Whether ``$TERM`` names a terminal that cannot move its cursor (``dumb``, ``unknown``: an
    editor's shell buffer, a plain serial line), as rich reads it: it draws nothing in place there,
    so a status line shows as plain lines (:func:`progress`) and a compile's line once
    (:class:`CompileLine`)."""
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def on_a_terminal() -> bool:
    """Whether standard error is a terminal this process draws on (not a notebook, a pipe, a file; a
    stderr replaced by an object without ``isatty``, or closed, is none; nor is a local pool's
    worker's, the parent's terminal: :func:`in_a_worker`)."""
    return not _WORKER and _stderr_is_a_terminal()


@contextmanager
def progress(label: str, *, unit: str = "nodes", total: int | None = None, enabled: bool | None = None,
             seconds: float | None = None) -> Iterator[Callable[[int], None]]:
    """Yield a callback taking the count so far. On a terminal, after one second, a status
    line shows the count, the rate, the time left (with a ``total``; never past ``seconds``, the
    time bound the command gives the work from now, ``--time``) and the elapsed time, all
    kept current as it is redrawn (also while no count comes, as before a batch's first
    result), as wide as the terminal at most; it is cleared at the end (also on Ctrl-C).
    ``enabled`` (default: as :func:`plain_lines` says, on a terminal only) shows it or not."""
    shown = _SHOWN.get() if enabled is None else enabled
    terminal = on_a_terminal()
    if shown is True and enabled is None and not terminal:
        yield _plain(StatusLine(label, unit, total, seconds))
        return
    show = (terminal and shown is not False) if enabled is None else enabled
    if show and terminal and dumb_terminal():  # no cursor movement: plain lines, Ctrl-C hint and all
        yield _plain(StatusLine(label, unit, total, seconds), hint=True)
        return
    if not show:
        yield lambda count: None
        return
    line = StatusLine(label, unit, total, seconds)
    console = _console()
    live = _live(line, console)
    try:
        drawn = _DRAWN.set((line, console))
        shown_live = _LIVE.set(live)
        try:
            live.start()
            yield line.tick
        finally:
            _LIVE.reset(shown_live)
            _DRAWN.reset(drawn)
    finally:
        live.stop()


@contextmanager
def paused() -> Iterator[None]:
    """A block in which the status line drawn on the terminal in this context (:func:`progress`) is
    cleared and not redrawn: a person is asked something at the terminal (``--bot human``'s prompt),
    and a line redrawn ten times a second would overwrite the question and what she types. The line
    is drawn again after the block, unless Ctrl-C ended it (the work stops: :func:`progress` ends its
    line). Outside a status line's block, or off a terminal, nothing changes."""
    live = _LIVE.get()
    if live is None or not live.is_started:
        yield
        return
    live.stop()
    try:
        yield
    except Exception:
        live.start()
        raise
    live.start()


def _plain(line: StatusLine, hint: bool = False) -> Callable[[int], None]:
    """The callback of :func:`progress` writing ``line`` to stderr as a plain line (no redraw), at
    most one every :data:`PLAIN_EVERY` seconds, as counts come (``hint``: ending with :data:`HINT`,
    on a terminal that takes Ctrl-C)."""
    last = [line.start]

    def tick(count: int) -> None:
        line.tick(count)
        now = _now()
        if now - last[0] < PLAIN_EVERY:
            return
        text = line.text(hint=hint)
        if text is not None:
            last[0] = now
            sys.stderr.write(text + "\n")
            sys.stderr.flush()

    return tick


FOREGROUND_COMPILES: list[tuple[str, float, float]] = []
"""The compiles this process ran in its own thread, once each ended or stopped (a
:class:`CompileLine` given ``what``): what was compiled, and when it began and ended
(``time.monotonic``). :func:`compiled_since` reads them."""


def compiled_since(start: float) -> list[tuple[str, float]]:
    """The compiles this process ran in the foreground since ``start`` (a ``time.monotonic``
    reading: an analysis' start), each what it compiled and its seconds after ``start``, in order;
    empty where none ran (the code loaded from numba's cache, or compiled in another process: a
    background compile, a pool's worker)."""
    return [(what, end - max(began, start)) for what, began, end in FOREGROUND_COMPILES if end > start]


class CompileLine:
    """The one line on stderr that announces a one-time compile (numba's, which takes from seconds
    to about a minute and cannot report its own progress), as a block: ``with CompileLine(text,
    stopped) as line: ...``. ``text()``: the line now. ``live`` (default: stderr is a terminal):
    the line as the compile starts, rewritten in place about once a second and, at the end, once
    more with :attr:`end` after it; else, with ``once``, ``foolsolve: LINE`` once as the compile
    starts (a notebook, a pipe, a local pool's worker: a compile that would otherwise be silent, or
    drawn across the parent's status line), nothing after it. A live
    line inside the block of a status line drawn on the terminal (:func:`progress`: the solve that
    waits for the compile) is drawn in that line's place (:attr:`StatusLine.aside`), and kept above
    it at the end: two lines rewritten in turn on one row would each show a fraction of the time.
    ``what`` (``the Foolery playout``): the block is that compile and nothing else, recorded in
    :data:`FOREGROUND_COMPILES` as it ends (or stops), so that an analysis whose time it took can
    say so; empty: not recorded.

    Ctrl-C inside numba's compile is an empty KeyboardInterrupt: the block ends it as a
    :class:`~foolsolve.errors.Stopped` whose message is ``stopped`` (what was stopped, what is kept),
    the one line the command prints (exit 130) and the message Python shows; a Stopped raised
    inside goes on as it is."""

    def __init__(self, text: Callable[[], str], stopped: str, live: bool | None = None, once: bool = True,
                 what: str = "") -> None:
        self.text = text
        self.what = what
        self._began = time.monotonic()
        self.stopped = stopped
        self.live = on_a_terminal() and not dumb_terminal() if live is None else live
        self.once = once
        self.end = ""
        """What the last rewrite of a live line adds after it (``(3 from an earlier run)``)."""
        self._lock = threading.Lock()
        self._halt = threading.Event()
        self._ticker: threading.Thread | None = None
        self._under: tuple[StatusLine, Console] | None = None

    @classmethod
    def timed(cls, label: str, stopped: str, live: bool | None = None, once: bool = True,
              what: str = "") -> CompileLine:
        """A compile of one piece: the line is ``label`` and the seconds it has run (``LABEL: 12 s``)."""
        start = _now()
        return cls(lambda: f"{label}: {_now() - start:.0f} s", stopped, live, once, what)

    def show(self, end: str = "") -> None:
        """Rewrite the live line in place, ``end`` after it (nothing off a live line; under a status
        line, which redraws it, nothing but the last: ``end`` given, it is printed above that line)."""
        if self._under is not None:
            if end:
                self._under[1].print(self._text() + end.rstrip("\n"), markup=False, highlight=False)
        elif self.live:
            with self._lock:
                sys.stderr.write(f"\r{self.text()}\x1b[K{end}")
                sys.stderr.flush()

    def _text(self) -> str:
        with self._lock:
            return self.text()

    @contextmanager
    def held(self) -> Iterator[None]:
        """A block in which the line is not rewritten (the compile changes what ``text`` reads)."""
        with self._lock:
            yield

    def _tick(self) -> None:
        while not self._halt.wait(1.0):
            self.show()

    def _stop_ticking(self) -> None:
        self._halt.set()
        if self._ticker is not None and self._ticker.is_alive():
            self._ticker.join()

    def __enter__(self) -> CompileLine:
        self._began = time.monotonic()
        self._under = _DRAWN.get() if self.live else None
        if self._under is not None:
            self._under[0].aside = self._text
        elif self.live:
            self.show()
            self._ticker = threading.Thread(target=self._tick, name="foolsolve-compile-line", daemon=True)
            self._ticker.start()
        elif self.once:
            # a worker's line on its parent's terminal: the parent's status line (the cursor's row)
            # erased first; the parent redraws it on the next row, this line kept above it
            erase = "\r\x1b[K" if _WORKER and _stderr_is_a_terminal() else ""
            sys.stderr.write(f"{erase}foolsolve: {self.text()}\n")
            sys.stderr.flush()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        if self.what:
            FOREGROUND_COMPILES.append((self.what, self._began, time.monotonic()))
        self._stop_ticking()
        if self._under is not None:
            self._under[0].aside = None
        self.show(f"{self.end}\n" if exc is None else "\n")  # where the compile ended, or stopped
        if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, Stopped):
            raise Stopped(self.stopped) from None


def compile_command(main: Callable[[], int]) -> int:
    """The exit code of a ``python -m`` command that compiles ahead of time (the Durak search's, the
    compiled playouts'): ``main()``'s, or after Ctrl-C the one line the ``foolsolve`` command prints
    for it (a :class:`CompileLine`'s, what it stopped; :func:`foolsolve.errors.stop_text`) and its
    exit code (130), never a traceback."""
    try:
        return main()
    except KeyboardInterrupt as exc:
        message, code = stop_text(exc.message if isinstance(exc, Stopped) else "interrupted")
        print(f"foolsolve: {message}", file=sys.stderr, flush=True)
        return code
