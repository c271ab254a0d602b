"""Errors that the CLI turns into a one-line message and exit code 2."""

from __future__ import annotations

import re


class InputError(ValueError):
    """Bad user input: malformed JSON, unknown or duplicate card, impossible position,
    unknown rule option. The message is one line and names the offending field."""

    def __init__(self, message: str) -> None:
        super().__init__(printable_line(message))


def printable_line(message: str) -> str:
    """``message`` as one line a terminal prints as it reads: line breaks and runs of blanks become
    one space, and a lone surrogate (quoted from a JSON string or from undecodable bytes on the
    command line), which cannot be printed, and every other control character (NUL, ESC, which
    starts a terminal's colour or cursor sequence, DEL and the C1 controls) are shown as their
    escapes, ``\\ud800``, ``\\x00``, ``\\x1b``."""
    text = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", " ".join(text.split()))


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


class PositionError(InputError):
    """A position that cannot occur under the rules (names the field)."""


class OptionError(InputError):
    """A solver option (``-o KEY=VALUE``) that is unknown, has a bad value, or that this position
    cannot take (``-o player=7`` of three players); the message names the option (``option KEY: ...``,
    ``reductions.twins: ...``). ``report`` tells it from the exact solver's refusal of a position by
    its class: bad input, never a page saying why there are no values."""


QUOTE_WIDTH = 60
"""The most characters a message quotes of what it was given (:func:`cut`)."""


def cut(text: str) -> str:
    """``text`` as a message quotes it: whole up to :data:`QUOTE_WIDTH` characters, else cut to that
    width with ``...``."""
    return text if len(text) <= QUOTE_WIDTH else text[:QUOTE_WIDTH - 3] + "..."


def quoted(value: object) -> str:
    """``value``'s ``repr`` as a message quotes it (:func:`cut`), a whole number of more digits
    than Python prints (``10**5000``) said as such."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        return "a whole number of more than 300 digits"
    try:
        return cut(repr(value))
    except ValueError:  # a container of too long a number
        return f"a {type(value).__name__} holding a number too long to print"


def got(value: object) -> str:
    """``value`` as an argument check's message quotes it: a short ``repr`` for a number, a text
    or bytes, ``None`` (:func:`quoted`), else its type (``a list``)."""
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return quoted(value)
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def check_arg(name: str, value: object, kinds: type | tuple[type, ...], what: str) -> None:
    """The Python API's one type check of an argument: an :class:`InputError` ``NAME: expected
    WHAT, got VALUE`` unless ``value`` is one of ``kinds`` (a ``bool`` is no ``int`` here unless
    ``bool`` is named), so that a wrongly typed argument is bad input named as such, never a
    ``TypeError`` or ``AttributeError`` from deep inside."""
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise InputError(f"{name}: expected {what}, got {got(value)}")


class Stopped(KeyboardInterrupt):
    """Ctrl-C with the one line the CLI prints for it (what was kept, how to resume) in place of
    plain ``interrupted``: ``foolsolve: MESSAGE`` on standard error, or with ``--json`` the JSON
    error object with MESSAGE; exit 130."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


EXIT_INTERRUPTED = 130
"""The exit code after Ctrl-C (128 + SIGINT)."""
EXIT_TERMINATED = 143
"""The exit code after SIGTERM (128 + SIGTERM, what a process the signal killed reports to the
shell, as the arena's worker processes do: :func:`foolsolve.arena._terminated`)."""


class _Signals:
    terminated = False
    """Whether this process has had SIGTERM (:func:`on_sigterm`)."""


def on_sigterm(signum: int, frame: object) -> None:
    """The ``foolsolve`` command's SIGTERM handler (installed once for every command by
    :func:`install_sigterm`): SIGTERM stops the command as Ctrl-C does (a KeyboardInterrupt: the
    finished records flushed, the answer so far printed, the worker pool shut down), noted so that
    it ends with :data:`EXIT_TERMINATED` and says ``terminated``. A second SIGTERM while the first is
    handled is ignored: it cannot cut that clean-up short (SIGKILL still can)."""
    if _Signals.terminated:
        return
    _Signals.terminated = True
    raise KeyboardInterrupt


def install_sigterm() -> None:
    """SIGTERM handled by :func:`on_sigterm` from now on, where it has its default action (in the
    main thread: Python runs handlers there only)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, on_sigterm)


def terminated() -> bool:
    """Whether this process has had SIGTERM (then a KeyboardInterrupt is its doing, not Ctrl-C's)."""
    return _Signals.terminated


def stop_text(message: str = "interrupted") -> tuple[str, int]:
    """The one line a stopped command prints (``message``: Ctrl-C's, ``interrupted`` or a
    :class:`Stopped` message) and its exit code: after SIGTERM the line says so and the code is
    :data:`EXIT_TERMINATED`, else :data:`EXIT_INTERRUPTED`."""
    if not _Signals.terminated:
        return message, EXIT_INTERRUPTED
    return ("terminated (SIGTERM)" if message == "interrupted" else f"terminated (SIGTERM): {message}"), EXIT_TERMINATED
