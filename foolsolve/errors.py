"""Errors that the CLI turns into a one-line message and exit code 2."""

from __future__ import annotations

import errno
import numbers
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any


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


class LimitError(InputError):
    """A budget (``--time``, ``--max-nodes``) that ran out before any answer: bad input all the same
    (one line, exit 2), which a batch's error record tells apart as ``kind`` ``limit``."""


def _soft_limit(name: str) -> int | None:
    """The process's soft limit ``resource.NAME`` (``RLIMIT_AS``, ``RLIMIT_NOFILE``), or ``None``
    where there is none (unlimited, or no ``resource`` module)."""
    try:
        import resource

        soft = resource.getrlimit(getattr(resource, name))[0]
    except (ImportError, AttributeError, OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else soft


def out_of_memory() -> str:
    """The one line of a :class:`MemoryError` (exit 2, kind ``limit``): the limit it met, the
    process's address-space limit (``ulimit -v``) where one is set, else the machine's memory, and
    what bounds a solver's memory (``--max-memory``: its transposition tables)."""
    soft = _soft_limit("RLIMIT_AS")
    limit = "the machine's memory" if soft is None else \
        f"the process's address-space limit of {soft // 2**20:,} MiB (ulimit -v)"
    return (f"out of memory: this work needs more than {limit} (--max-memory MIB bounds a solver's transposition "
            "tables; a smaller position, --time or --max-nodes needs less)")


def memory_refused_load(exc: BaseException) -> bool:
    """Whether ``exc`` is a module load the system refused memory for: under a low address-space
    limit (``ulimit -v``) the dynamic loader cannot map a library as a module imports it
    (``ImportError: libsqlite3.so.0: failed to map segment from shared object``, or ``cannot
    allocate memory``) -- an out-of-memory (:func:`out_of_memory`), not a program error."""
    text = str(exc).lower()
    return isinstance(exc, ImportError) and ("failed to map segment" in text or "cannot allocate memory" in text)


LOAD_MEMORY = 256 * 2**20
"""Below this address-space limit (``ulimit -v``) any error while foolsolve's modules load is taken
for want of memory (:func:`load_failed_for_memory`): the compiler of a module whose cached byte code
is stale then fails in ways no program error gives (``ValueError: field 'target' is required for
AnnAssign`` at 18 MiB), while the program itself needs several times this to answer anything."""


def load_failed_for_memory(exc: BaseException) -> bool:
    """Whether ``exc``, raised while foolsolve's modules load, is the system refusing memory: a
    :class:`MemoryError`, a library it would not map (:func:`memory_refused_load`), or any error under an
    address-space limit below :data:`LOAD_MEMORY`."""
    if isinstance(exc, MemoryError) or memory_refused_load(exc):
        return True
    soft = _soft_limit("RLIMIT_AS")
    return soft is not None and soft < LOAD_MEMORY


def refused_memory(exc: BaseException) -> bool:
    """Whether ``exc`` is the system refusing memory (an out-of-memory, :func:`out_of_memory`, not a
    program error): a :class:`MemoryError`, a module load it refused (:func:`memory_refused_load`), or
    a thread it could not start under a low address-space limit (``RuntimeError: can't start new
    thread``: each thread's stack is address space)."""
    return (isinstance(exc, MemoryError) or memory_refused_load(exc)
            or (isinstance(exc, RuntimeError) and "can't start new thread" in str(exc)))


def too_many_open_files(code: int = errno.EMFILE) -> str:
    """The one line of an ``OSError`` of too many open files (exit 2, kind ``limit``): the limit it
    met, the process's (``ulimit -n``, ``EMFILE``) or the system's (``ENFILE``), and what needs fewer
    (a worker process takes several: its pipes and locks)."""
    if code == errno.ENFILE:
        limit = "the system's limit of open files"
    else:
        soft = _soft_limit("RLIMIT_NOFILE")
        limit = "the process's limit of open files (ulimit -n)" if soft is None else \
            f"the process's limit of {soft:,} open files (ulimit -n)"
    return (f"too many open files: this work needs more than {limit} (each worker process takes several: fewer "
            "--workers, or a higher limit)")


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
    """``value`` as a message quotes it (:func:`cut`): as JSON spells it (:func:`json_quoted`) where a
    command's user gave it (a command set the names errors use: :func:`command_line_names`, the
    oracle's request fields, whose values are JSON or command-line text), else its ``repr`` (a Python
    caller's value); a whole number of more digits than Python prints (``10**5000``) said as such."""
    if isinstance(_OPTION_NAMES.get(), CommandNames):
        return json_quoted(value)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        return "a whole number of more than 300 digits"
    return quoted_repr(value)


def json_quoted(value: object) -> str:
    """``value`` as JSON spells it, as a message about JSON input quotes it (:func:`cut`): ``true``,
    ``null``, ``"text"`` in double quotes, ``1e300`` (no ``+`` in an exponent), ``NaN`` and
    ``Infinity`` as Python's JSON reader reads them; a whole number of more digits than Python prints
    said as such, and a value that is no JSON (a Python object) by its ``repr``."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        return "a whole number of more than 300 digits"
    try:
        return cut(json_spelled(value))
    except (TypeError, ValueError):  # no JSON value, or a container of too long a number
        return quoted_repr(value)


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![\w.])(-?[0-9]+(?:\.[0-9]+)?)[eE]\+?(-?)0*([0-9])')
"""A string of JSON text (kept as it is) or a number with an exponent (its mantissa, the exponent's
sign if negative and its first digit that is not a leading zero)."""


class WrittenNumber(float):
    """A number read from JSON text too large for a float (``1e400``): the float it reads as
    (``inf``) that keeps the text it was written as (:attr:`text`), which :func:`json_spelled` quotes
    (``1e400``, not ``Infinity``, which JSON text can also hold). Only such a number is read as one
    (:func:`foolsolve.positions.parse_json`)."""

    text: str

    def __new__(cls, text: str) -> WrittenNumber:
        number = super().__new__(cls, text)
        number.text = text
        return number

    def __reduce__(self) -> tuple[Any, ...]:
        return (WrittenNumber, (self.text,))


def _written_numbers(value: object, texts: list[str]) -> object:
    """``value`` with each :class:`WrittenNumber` in it a marker string (its text appended to
    ``texts``), for :func:`json_spelled` to put the text back after ``json.dumps``."""
    if isinstance(value, WrittenNumber):
        texts.append(value.text)
        return f"\ue000{len(texts) - 1}\ue001"
    if isinstance(value, list | tuple):
        return [_written_numbers(v, texts) for v in value]
    if isinstance(value, dict):
        return {k: _written_numbers(v, texts) for k, v in value.items()}
    return value


def json_spelled(value: object) -> str:
    """``value``'s JSON text (``json.dumps``, not cut), its numbers' exponents as JSON is written by
    hand: ``1e300``, ``1e-7`` (Python writes ``1e+300``, ``1e-07``), a number too large for a float
    as its JSON text wrote it (``1e400``: :class:`WrittenNumber`), and a character that prints as
    nothing or as a blank (a no-break space, a lone surrogate) as its JSON escape ``\\u00a0``, as
    Python's ``repr`` shows it escaped, while ``♥`` stays itself. Raises ``TypeError`` for a value
    that is no JSON and ``ValueError`` for a too long whole number."""
    import json

    texts: list[str] = []
    value = _written_numbers(value, texts)
    text = json.dumps(value, ensure_ascii=False)
    text = _JSON_TOKEN.sub(lambda m: m.group() if m.group(1) is None else f"{m.group(1)}e{m.group(2)}{m.group(3)}", text)
    for i, written in enumerate(texts):
        text = text.replace(f'"\ue000{i}\ue001"', written, 1)
    return _UNPRINTABLE.sub(_json_escape, text)


_UNPRINTABLE = re.compile(r"[^ -~]")
"""A character outside printable ASCII (each is checked by :func:`_json_escape`)."""


def _json_escape(m: re.Match[str]) -> str:
    """A character that does not print (``str.isprintable``, the test ``repr`` escapes by) as its
    JSON escape (two, a surrogate pair, beyond the first 65,536 code points); any other as it is."""
    ch = m.group()
    if ch.isprintable():
        return ch
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xd800 + (code >> 10):04x}\\u{0xdc00 + (code & 0x3ff):04x}"


def quoted_repr(value: object) -> str:
    """``value``'s ``repr`` as a message quotes it (:func:`cut`)."""
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


def check_arg(name: str, value: Any, kinds: type | tuple[type, ...], what: str) -> Any:
    """The Python API's one type check of an argument: an :class:`InputError` ``NAME: expected
    WHAT, got VALUE`` unless ``value`` is one of ``kinds`` (a ``bool`` is no ``int`` here unless
    ``bool`` is named), so that a wrongly typed argument is bad input named as such, never a
    ``TypeError`` or ``AttributeError`` from deep inside. Returns the value, where ``int`` is one
    of ``kinds`` any whole number type's (a NumPy integer) as a plain ``int``, and where ``bool``
    is one a NumPy bool as a plain ``bool``."""
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    if bool in kinds and _numpy_bool(value):
        return bool(value)
    if isinstance(value, bool) and bool not in kinds:
        raise InputError(f"{name}: expected {what}, got {got(value)}")
    if int in kinds and isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    if not isinstance(value, kinds):
        raise InputError(f"{name}: expected {what}, got {got(value)}")
    return value


def _numpy_bool(value: Any) -> bool:
    """Whether ``value`` is a NumPy bool (``numpy.bool_``), told without importing NumPy."""
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool")


class CommandNames(dict[str, str]):
    """Names a command set (:func:`command_line_names`, :func:`option_names` with ``command=True``),
    which no Python entry point the command calls changes."""


_OPTION_NAMES: ContextVar[Mapping[str, str] | None] = ContextVar("foolsolve_option_names", default=None)
"""What the caller of the work in this context calls the command line's options (:func:`option_names`):
``None`` where no one has said (the command line's own names)."""


def option_name(option: str) -> str:
    """What the caller calls the command-line option ``option`` (``--time``), as an error names it:
    the option itself on the command line, the Python name that stands for it where a Python entry
    point set its names (:func:`option_names`: ``time`` in :func:`foolsolve.answer`,
    ``Settings.time_limit`` in a batch), or a command's own name for it where the command set them
    (``option_names(..., command=True)``: the oracle's request field ``max_nodes``). ``option`` is
    one of the command's options, or ``-o`` (a solver option given as ``-o KEY=VALUE``) or
    ``option`` (a solver option's own error, ``option KEY: ...``), which the Python names read as
    the parameter that holds the solver's options (``options KEY=VALUE``, ``options KEY: ...``)."""
    names = _OPTION_NAMES.get()
    return option if names is None else names.get(option, option)


def option_names_set() -> Mapping[str, str] | None:
    """The names :func:`option_name` reads in this context (``None``: none set; a
    :class:`CommandNames` where a command set them), to be set again by :func:`option_names` where
    the work goes on in another process (a worker)."""
    return _OPTION_NAMES.get()


@contextmanager
def option_names(names: Mapping[str, str], *, command: bool = False) -> Iterator[None]:
    """Within the block, :func:`option_name` names each option as ``names`` says (option -> name; an
    option it lacks keeps the command line's name).

    A Python entry point (``command=False``) names its parameters: what its caller calls the
    options. ``{}`` keeps the names already set (the caller's: the seat analysis that
    :func:`foolsolve.answer` runs names its parameters), and so does every ``names`` where a
    command has set its own (:func:`command_line_names`, or ``command=True``): a command's errors
    name what its user calls the options, whatever Python entry point it calls.

    A command (``command=True``) sets the names its user reads, over the command line's own: the
    oracle names ``--max-nodes`` by its request field ``max_nodes``. They hold within the block as
    the command line's own do within :func:`command_line_names` (a ``names`` of ``option_names``
    with ``command=True`` set within the block replaces them; ``names`` of ``{}`` with ``command=True``
    are the command line's own names)."""
    current = _OPTION_NAMES.get()
    if not command and (not names or isinstance(current, CommandNames)):
        yield
        return
    token = _OPTION_NAMES.set(CommandNames(names) if command else dict(names))
    try:
        yield
    finally:
        _OPTION_NAMES.reset(token)


@contextmanager
def command_line_names() -> Iterator[None]:
    """Within the block (a ``foolsolve`` command), every error names the command's own options, also
    where the command calls a Python entry point that would name its parameters (:func:`option_names`;
    the same as ``option_names({}, command=True)``)."""
    with option_names({}, command=True):
        yield


def solver_options_named(name: str) -> dict[str, str]:
    """The names of :func:`option_names` for the forms of a solver option (``--option``, ``-o
    KEY=VALUE``, ``option KEY``, and ``-o options``, the solver options together) where one
    parameter, ``name``, holds them all."""
    return {"--option": name, "-o": name, "option": name, "-o options": name}


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


STOP_SIGNALS = ("SIGTERM", "SIGHUP", "SIGXCPU")
"""The signals that stop the ``foolsolve`` command as Ctrl-C does (:func:`on_sigterm`): SIGTERM (a
``kill``, a service manager), SIGHUP (the terminal closed), SIGXCPU (the soft CPU-time limit,
``ulimit -S -t``, reached). Each ends it with its own exit code, 128 + the signal's number (143,
129, 152), as a process the signal killed reports to the shell, after one line naming it."""


class _Signals:
    terminated = False
    """Whether this process has had one of :data:`STOP_SIGNALS` (:func:`on_sigterm`)."""
    signum = 0
    """Which one (its number; 0 counts as SIGTERM)."""


def on_sigterm(signum: int, frame: object) -> None:
    """The ``foolsolve`` command's handler of SIGTERM, SIGHUP and SIGXCPU (:data:`STOP_SIGNALS`,
    installed once for every command by :func:`install_sigterm`): the signal stops the command as
    Ctrl-C does (a KeyboardInterrupt: the finished records flushed, the answer so far printed, the
    worker pool shut down), noted so that it ends with 128 + the signal's number and says which
    signal (:func:`stop_text`). A second such signal while the first is handled is ignored: it
    cannot cut that clean-up short (SIGKILL still can; SIGXCPU comes again every CPU second)."""
    if _Signals.terminated:
        return
    _Signals.terminated = True
    _Signals.signum = signum
    raise KeyboardInterrupt


def install_sigterm() -> None:
    """SIGTERM, SIGHUP and SIGXCPU (where the platform has them) handled by :func:`on_sigterm` from
    now on, each where it has its default action (in the main thread: Python runs handlers there
    only; a SIGHUP ignored, as ``nohup`` starts the command, stays ignored)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    for name in STOP_SIGNALS:
        sig = getattr(signal, name, None)
        if sig is not None and signal.getsignal(sig) == signal.SIG_DFL:
            signal.signal(sig, on_sigterm)


def terminated() -> bool:
    """Whether this process has had one of :data:`STOP_SIGNALS` (then a KeyboardInterrupt is its
    doing, not Ctrl-C's)."""
    return _Signals.terminated


def stopper() -> str:
    """What stopped the command: the signal's name (``SIGTERM``, ``SIGHUP``, ``SIGXCPU``) where
    this process has had one of :data:`STOP_SIGNALS`, else ``Ctrl-C``."""
    if not _Signals.terminated:
        return "Ctrl-C"
    import signal

    try:
        return signal.Signals(_Signals.signum or signal.SIGTERM).name
    except ValueError:
        return f"signal {_Signals.signum}"


def stop_text(message: str = "interrupted") -> tuple[str, int]:
    """The one line a stopped command prints (``message``: Ctrl-C's, ``interrupted`` or a
    :class:`Stopped` message) and its exit code: after SIGTERM, SIGHUP or SIGXCPU the line names
    it and the code is 128 + its number (:data:`EXIT_TERMINATED` for SIGTERM), else
    :data:`EXIT_INTERRUPTED`."""
    if not _Signals.terminated:
        return message, EXIT_INTERRUPTED
    name = stopper()
    code = 128 + _Signals.signum if _Signals.signum else EXIT_TERMINATED
    return (f"terminated ({name})" if message == "interrupted" else f"terminated ({name}): {message}"), code
