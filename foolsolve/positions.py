"""Position files: JSON read and checked against the game's JSON Schema (shipped in
``foolsolve/schemas``), then handed to the game's spec for the semantic checks.

Every failure is an :class:`InputError` with one line naming the field. Integers must be
written as JSON integers: ``1.0`` is not a player number here, although JSON Schema's
``integer`` admits it (:func:`validate_schema` checks the stricter type).
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import math
import os
import re
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TextIO

from foolsolve import jsonout
from foolsolve.errors import InputError, check_arg, json_quoted

if TYPE_CHECKING:
    import jsonschema


def _validator_cls() -> type[jsonschema.Draft202012Validator]:
    # jsonschema takes ~0.1 s to import: only commands that read a position pay it
    import jsonschema

    return jsonschema.Draft202012Validator


def _is_json_integer(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def _strict_validator_cls() -> type[jsonschema.Draft202012Validator]:
    """Draft 2020-12 where ``integer`` means a JSON integer: ``1.0`` (a float to Python) is
    rejected instead of reaching the spec, where it broke indexing (``hands[1.0]``)."""
    import jsonschema

    base = _validator_cls()
    checker = base.TYPE_CHECKER.redefine("integer", _is_json_integer)
    cls: type[jsonschema.Draft202012Validator] = jsonschema.validators.extend(base, type_checker=checker)
    return cls


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A shipped schema by resource name (``durak.schema.json``)."""
    text = resources.files("foolsolve").joinpath("schemas", name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    _validator_cls().check_schema(schema)
    return schema


_SCHEMA_TRUSTED: ContextVar[bool] = ContextVar("foolsolve_schema_trusted", default=False)


@contextmanager
def schema_trusted() -> Iterator[None]:
    """Within this block :func:`validate_schema` checks nothing: for positions built from JSON that
    was checked already (a world of a checked view file, :mod:`foolsolve.worlds`, where the schema
    check took nine tenths of the time); the spec's own checks still run."""
    token = _SCHEMA_TRUSTED.set(True)
    try:
        yield
    finally:
        _SCHEMA_TRUSTED.reset(token)


def validate_schema(obj: Any, schema_name: str, *, view_ok: bool = False, root: str = "position") -> None:
    """Check ``obj`` against a shipped schema; the first error becomes a one-line
    :class:`InputError` naming the JSON path (the whole object: ``root``, a solve result's
    ``result``). ``integer`` means a JSON integer (not ``1.0``). A view
    file (``"view"``, docs/views.md) is refused unless ``view_ok`` (the reader of views): every
    spec's reader calls this first, so a view handed where a full position is needed (play, perft,
    conform --position) gets one line saying so."""
    if _SCHEMA_TRUSTED.get():
        return
    if not view_ok and isinstance(obj, dict) and "view" in obj:
        raise InputError(f"view: a view of player {_j(obj['view'])} (hidden cards) where a full position is needed "
                         "(every card placed)")
    check_sizes(obj, root)
    validator = _strict_validator_cls()(load_schema(schema_name))
    errors = sorted(validator.iter_errors(obj), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if errors:
        err = _specific(errors[0])
        if list(err.absolute_path)[:1] == ["rules"]:
            _rules_error(obj["rules"], schema_name)
        raise InputError(f"{json_path(err.absolute_path, root)}: {json_message(err)}")


def _rules_error(rules: Any, schema_name: str) -> None:
    """The error the game's own reading of ``rules`` gives (:func:`foolsolve.rules.rules_from_json`:
    "unknown rule option; did you mean ...? (...)", the option's own message), where the schema found one in
    them: the schema lists the same options and values (:func:`foolsolve.rules.rules_schema`)."""
    from foolsolve import games
    from foolsolve.rules import rules_from_json

    for info in games.all_games():
        if info.schema == schema_name:
            rules_from_json(info.spec.rules_cls, rules)


MAX_ITEMS = 10_000
"""The longest JSON list a position or view may hold, checked before the schema (:func:`check_sizes`):
more than any game needs (eight decks of Fool's Paradise are 416 cards), where the schema's check
of every item of a 2,500,000-card discard pile took half a minute and 245 MB."""
MAX_VALUES = 100_000
"""The most JSON values (lists, objects, strings, numbers ...) a position or view may hold in all."""


MAX_WHOLE_BITS = 1000
"""The largest whole number a position or view may hold, in bits (about 300 digits; JSON text is read
with at most :data:`MAX_NUMBER_CHARS` characters a number): a Python caller's larger one
(``10**5000``) is refused before the schema, whose message would print it (Python prints at most
4,300 digits of a whole number, and raises beyond)."""


def check_sizes(obj: Any, root: str = "position") -> None:
    """An :class:`InputError` naming the first list of ``obj`` longer than :data:`MAX_ITEMS` (its
    path and length), or saying ``obj`` (named ``root``) holds more than :data:`MAX_VALUES` values:
    at once, before the schema's item-by-item check and the spec's. A value that is no JSON value
    (a Python caller's set, tuple, bytes, an object key that is no string; docs/python.md) and a
    whole number of more than :data:`MAX_WHOLE_BITS` bits are errors naming their path too."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(obj, ())]
    seen = 0
    while stack:
        x, path = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise InputError(f"{root}: more than {MAX_VALUES:,} JSON values, more than any position holds")
        if isinstance(x, list):
            if len(x) > MAX_ITEMS:
                raise InputError(f"{json_path(path, root)}: a list of {len(x):,} items, more than any position holds "
                                 f"(at most {MAX_ITEMS:,})")
            stack.extend((v, (*path, i)) for i, v in enumerate(x))
        elif isinstance(x, dict):
            for k in x:
                if not isinstance(k, str):
                    raise InputError(f"{json_path(path, root)}: a key that is no string, {_python_value(k)} (a JSON "
                                     "object's keys are strings)")
            stack.extend((v, (*path, k)) for k, v in x.items())
        elif isinstance(x, bool | str | float) or x is None:
            pass
        elif isinstance(x, int):
            if x.bit_length() > MAX_WHOLE_BITS:
                raise InputError(f"{json_path(path, root)}: a whole number of more than 300 digits, more than any "
                                 "position holds")
        else:
            raise InputError(f"{json_path(path, root)}: {_python_value(x)}, which is no JSON value (a position "
                             "holds objects, lists, strings, numbers, true, false and null)")


def _python_value(x: Any) -> str:
    """A Python caller's value that is no JSON value as an error quotes it: its type, and its
    ``repr`` cut (:func:`foolsolve.errors.quoted_repr`)."""
    from foolsolve.errors import quoted_repr

    name = type(x).__name__
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name} ({quoted_repr(x)})"


def check_finite(obj: Any, root: str) -> None:
    """An :class:`InputError` naming the first number of ``obj`` (parsed JSON, or what a caller
    built in Python) that is no finite number (NaN, an infinity: no JSON number, and no answer's),
    at any depth (:func:`foolsolve.jsonout.non_finite_at`)."""
    found = jsonout.non_finite_at(obj)
    if found is not None:
        steps, x = found
        raise InputError(f"{json_path([key for _, key in steps], root)}: {json_quoted(x)} is not a finite number")


def check_unique(texts: list[str], root: str, what: str = "move") -> None:
    """An :class:`InputError` naming the second place of the first text ``texts`` lists twice."""
    seen: set[str] = set()
    for i, text in enumerate(texts):
        if text in seen:
            raise InputError(f"{root}[{i}]: the {what} {json_quoted(text)} is listed twice")
        seen.add(text)


def check_mover_range(to_move: int, info: Any) -> None:
    """An answer's ``to_move`` (of :meth:`foolsolve.api.Solved.from_json`, of
    :meth:`foolsolve.seat.SeatAnswer.from_json`) one of the game's players, or chance."""
    from foolsolve.game import CHANCE

    top = info.spec.max_players
    if not CHANCE <= to_move < top:
        raise InputError(f"to_move: {to_move} is no player of {info.name} (at most {top} players; {CHANCE}: chance)")


def check_player_range(player: int, info: Any) -> None:
    """An answer's ``player`` (its seat) one of the game's players."""
    top = info.spec.max_players
    if player >= top:
        raise InputError(f"player: {player} is no player of {info.name} (at most {top} players)")


def check_player_in(player: int, spec: Any, state: Any) -> None:
    """An answer's ``player`` a player of the position it answers."""
    if player >= spec.num_players(state):
        raise InputError(f"player: {player}, and the position has {spec.num_players(state)} players")


def check_moves_in(spec: Any, state: Any, to_move: int, texts: list[str], first_step: bool = False) -> None:
    """An answer read from JSON against the full position ``state`` it answers: its ``to_move``
    the position's and its moves (``texts``) legal there (``first_step``: a move named with the
    round it opens, ``step; ...``, by its first step too)."""
    from foolsolve.game import CHANCE

    mover = spec.to_move(state)
    if to_move != mover:
        who = "chance is" if mover == CHANCE else f"player {mover} is"
        raise InputError(f"to_move: {to_move}, and in the position {who} to move")
    legal = set() if spec.is_terminal(state) else {spec.move_text(m) for m in spec.legal_moves(state)}
    for i, move in enumerate(texts):
        if move not in legal and not (first_step and move.split("; ", 1)[0] in legal):
            raise InputError(f"moves[{i}].move: {json_quoted(move)} is no legal move in the position")


def _specific(err: Any) -> Any:
    """Inside an ``anyOf`` (a card list, or a view's hidden zone: docs/views.md) the error of the
    branch whose type the value has, so that ``hands[0][0]: 6 is not of type "string"`` is named
    rather than "not valid under any of the given schemas"."""
    while err.validator in ("anyOf", "oneOf") and err.context:
        branches: dict[Any, list[Any]] = {}
        for e in err.context:
            branches.setdefault(e.schema_path[0] if e.schema_path else None, []).append(e)
        # a branch of the value's own type: none of its errors is a wrong type of the value itself
        fitting = [errs for errs in branches.values()
                   if not any(e.validator == "type" and not e.relative_path for e in errs)]
        if not fitting:
            break
        errs = fitting[0]
        err = sorted(errs, key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))[0]
    return err


SHOWN_VALUE_CHARS = 60
"""The most characters of a value an error message quotes (a longer one is cut, its size said), so
that what is wrong with it still fits on the error's one line."""


def _j(value: Any) -> str:
    from foolsolve.errors import json_spelled

    text = json_spelled(value)
    if len(text) <= SHOWN_VALUE_CHARS:
        return text
    unit = "characters" if isinstance(value, str) else "items" if isinstance(value, list) else "keys"
    size = f" ({len(value):,} {unit})" if isinstance(value, str | list | dict) else ""
    return f"{text[:SHOWN_VALUE_CHARS]}...{size}"


_SIZE_WORDS = {"minLength": ("short", "at least", "character"), "maxLength": ("long", "at most", "character"),
               "minItems": ("short", "at least", "item"), "maxItems": ("long", "at most", "item"),
               "minProperties": ("small", "at least", "key"), "maxProperties": ("large", "at most", "key")}
"""The schema's size keywords: what a value out of bounds is (too short ...), and the bound's words."""


def json_message(err: Any) -> str:
    """A jsonschema error's message with its values written as JSON (``null``, ``true``,
    ``"s"``), not as Python writes them (``None``, ``True``, ``'s'``)."""
    kind, want, got = err.validator, err.validator_value, err.instance
    # the value given is quoted in part when long (_j); what the schema wants, in full
    if kind == "enum":
        return f"{_j(got)} is not one of {json.dumps(want, ensure_ascii=False)}"
    if kind == "const":
        return f"{json.dumps(want, ensure_ascii=False)} was expected (got {_j(got)})"
    if kind == "type":
        wanted = ", ".join(json.dumps(k) for k in want) if isinstance(want, list) else json.dumps(want)
        return f"{_j(got)} is not of type {wanted}"
    if kind == "required":
        missing = [k for k in want if isinstance(got, dict) and k not in got]
        return f"{_j(missing[0] if missing else want)} is a required property"
    if kind == "additionalProperties" and isinstance(got, dict):
        allowed = set(err.schema.get("properties", {}))
        extra = [k for k in got if k not in allowed]
        verb = "were" if len(extra) > 1 else "was"
        return f"Additional properties are not allowed ({', '.join(_j(k) for k in extra)} {verb} unexpected)"
    if kind in _SIZE_WORDS:  # the reason first: a long value is quoted cut (_j), its size said after it
        too, bound, unit = _SIZE_WORDS[kind]
        return f"too {too} ({bound} {want} {unit}{'' if want == 1 else 's'}): {_j(got)}"
    if kind in ("minimum", "maximum"):
        return f"{_j(got)} is {'less than the minimum' if kind == 'minimum' else 'greater than the maximum'} of {_j(want)}"
    if kind == "uniqueItems":
        return f"an item listed twice: {_j(got)}"
    if kind == "pattern":
        return f"{_j(got)} does not match the pattern {json.dumps(want)}"
    # anything else: jsonschema's text, the value quoted as above, with Python's literals turned into JSON's
    text = str(err.message)
    shown = repr(got)
    if shown in text:
        text = text.replace(shown, _j(got), 1)
    text = re.sub(r"\bNone\b", "null", text)
    text = re.sub(r"\bTrue\b", "true", text)
    return re.sub(r"\bFalse\b", "false", text)


def json_path(parts: Any, root: str = "position") -> str:
    """``hands[1][0]`` style path of a jsonschema error location (``root`` at the root)."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or root


STDIO = "-"
"""The path meaning standard input (for reading) or standard output (for writing)."""

MAX_INPUT_BYTES = 2**20
"""The size limit of every input read whole: a position file (or standard input), and each line
of a batch. The largest real position is a few kilobytes (an arena record's line too); the limit
keeps ``/dev/zero``, a random stream or an endless pipe from growing until memory runs out, and
the parse of the largest input allowed within about 15 MB (16 MiB took about 220 MB)."""
MAX_SKIP_BYTES = 16 * MAX_INPUT_BYTES
"""How far past an oversized batch line the reader looks for its end before it gives up on the
rest of the input (an endless line, ``/dev/zero``)."""
MAX_BINARY_RUN = 64
"""How many non-blank lines in a row that are not UTF-8 text end a batch's input: evidently no
JSON Lines text (``/dev/urandom``, an image, a compressed file). Random bytes give such a run
within a few kilobytes; a text file with a few bad lines, or a bad line now and then, never
does (any line that is UTF-8 text starts the count again)."""
MAX_BLANK_BYTES = 1 << 20
"""How many bytes of blank lines in a row (nothing but white space) end a batch's input: evidently
no JSON Lines text (``yes ''``, a file of blanks), which was read for ever with nothing to show.
A text file's blank lines never come near it (a million of them in a row)."""
MAX_PATH_CHARS = 4096
"""The longest file name a batch line can name (Linux's PATH_MAX); a longer line is no file name,
and its record quotes it cut."""
MAX_MOVE_CHARS = 200
"""The longest move text read (the longest real one is under 60 characters)."""
_CHUNK = 1 << 16


def _mib(n: int) -> str:
    return f"{n // 2**20} MiB" if n % 2**20 == 0 else f"{n:,} bytes"


STDIN_CLOSED = "standard input: closed"
"""The error of reading standard input where a command was started with it closed (``<&-``: Python
found no file descriptor 0 and set ``sys.stdin`` to ``None``)."""


def standard_input() -> TextIO:
    """``sys.stdin``, else (standard input closed: ``<&-``) the :class:`InputError` :data:`STDIN_CLOSED`:
    every reader of standard input asks here (a prompt, ``store clear``'s question, ``--bot human``)."""
    if sys.stdin is None:
        raise InputError(STDIN_CLOSED)
    return sys.stdin


def _binary_stdin() -> IO[bytes]:
    standard_input()
    buf = getattr(sys.stdin, "buffer", None)
    if buf is not None:
        return buf
    return io.BytesIO(sys.stdin.read().encode("utf-8", "surrogateescape"))


def read_bytes(path: str | Path, limit: int | None = None, *, named_by: str | None = None) -> bytes:
    """At most ``limit`` bytes of a file, or of standard input for ``-``, read in chunks; a longer
    input (``/dev/zero``, ``/dev/urandom``, an endless pipe) or one that cannot be read is an
    :class:`InputError` naming the limit. ``named_by``: see :func:`open_input`."""
    where = "standard input" if str(path) == STDIO else str(path)
    limit = MAX_INPUT_BYTES if limit is None else limit
    try:
        if str(path) == STDIO:
            return _read_bounded(_binary_stdin(), limit, where)
        with open_input(path, named_by=named_by) as f:
            return _read_bounded(f, limit, where)
    except InputError:  # the size limit (an InputError is a ValueError too)
        raise
    except OSError as exc:
        raise InputError(f"{where}: cannot read ({exc.strerror or exc})") from None


def long_name(text: str, width: int = 200) -> str:
    """A file name as an error names it: whole up to ``width`` characters, else its start and end
    with its length, so the reason after it is not cut off (an error line is cut at
    :data:`foolsolve.cli.ERROR_WIDTH`); escaped where the output's encoding lacks some of its characters
    (:func:`foolsolve.textout.path_text`)."""
    from foolsolve.textout import path_text

    shown = text if len(text) <= width else f"{text[:width // 2]}...{text[-20:]} ({len(text):,} characters)"
    return path_text(shown)


def check_file_name(path: str | Path, what: str | None = None) -> None:
    """An :class:`InputError` for a file name that is empty or white space only (``what``: the
    parameter or line that gave it, named before the message), where ``open`` would say only
    that no file of that name exists."""
    text = str(path)
    if not text.strip():
        said = "empty file name" + (" (white space only)" if text else "")
        raise InputError(f"{what}: {said}" if what else said)


def open_input(path: str | Path, *, named_by: str | None = None) -> IO[bytes]:
    """The file ``path`` opened to read as bytes (every input file is opened here), without waiting:
    a FIFO (named pipe) that nothing writes to is an :class:`InputError` -- a plain ``open`` waited
    for a writer for ever -- while a pipe with a writer (bash's ``<(...)``, a FIFO being written
    into) is read as it comes, blocking, Ctrl-C stopping it. A file that cannot be opened is an
    :class:`InputError` too. ``named_by``: what names the file where that is read from standard
    input (``"a request"``: an oracle request's or a batch line's position file); a file that is
    standard input (``/dev/stdin``, ``/proc/self/fd/0``, a link to it: the same device and inode as
    file descriptor 0) is then an :class:`InputError`, refused before a byte of it is read, as
    reading it would read the stream the name came from (over a live pipe, wait for it to end)."""
    where = str(path)
    check_file_name(where)
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except FileNotFoundError as exc:
        from foolsolve.bundled import example_named

        example = example_named(where)
        hint = "" if example is None else f"; the bundled example of that name is {example} (foolsolve examples lists them)"
        raise InputError(f"{long_name(where)}: cannot read ({exc.strerror or exc}){hint}") from None
    except OSError as exc:
        raise InputError(f"{long_name(where)}: cannot read ({exc.strerror or exc})") from None
    except UnicodeEncodeError:  # a lone surrogate in the name (foolsolve.load("a\ud800b"), a batch line's "a\ud800b")
        raise InputError(f"{_escaped(where)}: cannot read (the file name is not valid text: it holds a lone surrogate, "
                         "which cannot be encoded as a file name)") from None
    except ValueError:  # a NUL character in the name (a batch line's "a\u0000b")
        raise InputError(f"{_escaped(where)}: cannot read (a file name cannot hold a NUL character)") from None
    try:
        if named_by is not None and _is_stdin(fd):
            raise InputError(f"{where}: standard input, which {named_by} cannot name as its position file "
                             "(standard input holds the lines read)")
        head = b""
        if _NONBLOCK:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                try:
                    # a pipe's end of input at once: no process has it open to write (nor ever wrote)
                    head = os.read(fd, _CHUNK)
                    if not head:
                        raise InputError(f"{where}: a FIFO with nothing writing to it")
                except BlockingIOError:  # a writer, nothing written yet
                    pass
            os.set_blocking(fd, True)  # a terminal or a pipe: wait for what comes
        keep_in_use(where, fd)
        raw = io.FileIO(fd, "r")
    except OSError as exc:
        os.close(fd)
        raise InputError(f"{where}: cannot read ({exc.strerror or exc})") from None
    except BaseException:
        os.close(fd)
        raise
    return io.BufferedReader(_Prefixed(head, raw) if head else raw)


LINES_FROM_STDIN: ContextVar[bool] = ContextVar("foolsolve_lines_from_stdin", default=True)
"""Whether the lines being read (a batch's, the oracle's requests) may come from standard input, so
that a line naming standard input (``/dev/stdin``, ``/proc/self/fd/0``) as its position file is refused
(:func:`open_input`'s ``named_by``): the batch or oracle command reading ``-`` (or a file that is
standard input), and a Python caller's lines, whose source is not known; false where the command
reads its lines from a file, so that a line naming a file that is also standard input (``/dev/null``
under ``< /dev/null``) is read as that file."""


def _is_stdin(file: int | str) -> bool:
    """Whether the open file descriptor or the file named ``file`` is standard input's (the same
    device and inode as file descriptor 0; ``False`` where standard input is closed or the name
    cannot be read)."""
    try:
        ours = os.fstat(file) if isinstance(file, int) else os.stat(file)
        stdin = os.fstat(0)
    except (OSError, ValueError):
        return False
    return (ours.st_dev, ours.st_ino) == (stdin.st_dev, stdin.st_ino)


def reads_stdin(path: str) -> bool:
    """Whether reading the file ``path`` reads standard input: ``-``, or a name of the same file
    (``/dev/stdin``, a link to it: :func:`_is_stdin`)."""
    return path == STDIO or _is_stdin(path)


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
"""``O_NONBLOCK`` where the system has it (not on Windows, which has no FIFOs to wait on)."""


class _Prefixed(io.RawIOBase):
    """A pipe read from its first bytes ``head``, already taken out of it by :func:`open_input`."""

    def __init__(self, head: bytes, rest: io.FileIO) -> None:
        super().__init__()
        self._head = head
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int | None:
        if self._head:
            n = min(len(buffer), len(self._head))
            memoryview(buffer).cast("B")[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        return self._rest.readinto(buffer)

    def close(self) -> None:
        self._rest.close()
        super().close()


def _read_bounded(f: IO[bytes], limit: int, where: str) -> bytes:
    parts: list[bytes] = []
    size = 0
    while True:
        chunk = f.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        size += len(chunk)
        if size > limit:
            raise InputError(f"{where}: larger than {_mib(limit)} (the size limit of an input)")


def decode_text(data: bytes, where: str) -> str:
    """UTF-8 ``data`` as text (a leading byte order mark skipped); anything else is an
    :class:`InputError` naming the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{where}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None


def read_text(path: str | Path, *, named_by: str | None = None) -> str:
    """The text of a file, or of standard input for ``-`` (at most :data:`MAX_INPUT_BYTES`); a
    file that cannot be read, is too large or is not UTF-8 is an :class:`InputError`. A leading
    UTF-8 byte order mark is skipped. ``named_by``: see :func:`open_input`."""
    return decode_text(read_bytes(path, named_by=named_by), "standard input" if str(path) == STDIO else str(path))


def read_json(path: str | Path, *, named_by: str | None = None) -> Any:
    """Parse a JSON file (standard input for ``-``); a missing, too large or non-UTF-8 file and
    malformed JSON are :class:`InputError`. A leading UTF-8 byte order mark (some editors write
    one) is skipped, as RFC 8259 §8.1 allows. Empty input (no bytes, or white space alone) is an
    :class:`InputError` saying so. ``named_by``: what names the file (a file that is standard
    input is then refused: :func:`open_input`)."""
    text = read_text(path, named_by=named_by)
    where = "standard input" if str(path) == STDIO else str(path)
    if not text.strip():
        raise InputError(f"{where}: empty{' (white space only)' if text else ''}: no JSON in it")
    return parse_json(text, where)


def standard_form(spec: Any, state: Any, complete: bool = False) -> dict[str, Any]:
    """The position file of ``state`` in the standard form: every field the spec keeps, cards in the
    spec's order (``SpecGame.state_to_json``), the rule options at their default left out in the
    games whose spec leaves them out (Fools and Angels, Three Fools; Durak's side rules);
    ``complete``: every rule option written out, so that a reader needs no defaults of its own (the
    shipped perft files and playthroughs, :func:`foolsolve.reference.complete`). What ``foolsolve
    play POS --json`` prints (``--complete``), the oracle's ``normalize`` and ``play`` answer
    (``"complete": true``) and :meth:`foolsolve.Position.to_json` returns (``complete=True``); either
    form reads back as the same position."""
    obj: dict[str, Any] = spec.state_to_json(state)
    if not complete:
        return obj
    from foolsolve.rules import rules_to_json

    return {**obj, "rules": rules_to_json(spec.rules_of(state))}


def input_lines(path: str, limit: int | None = None, opened: IO[bytes] | None = None
                ) -> Iterator[tuple[int, str | InputError]]:
    """``(line number, text)`` of each non-blank line of a JSON Lines file (``-``: standard
    input), read as bytes and decoded line by line: a line that is not UTF-8, or longer than
    ``limit`` bytes, comes as ``(line number, InputError)`` and the lines after it are read on.
    An oversized line with no end within :data:`MAX_SKIP_BYTES`, the :data:`MAX_BINARY_RUN`-th
    line in a row that is not UTF-8 text, or blank lines in a row past :data:`MAX_BLANK_BYTES`,
    ends the input (its error says so). A file that cannot be opened is an :class:`InputError`
    (:func:`open_input`); ``opened``: ``path`` opened already (by :func:`open_input`), read and closed here."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    if path == STDIO and opened is None:
        yield from _lines(_binary_stdin(), limit)
        return
    with opened if opened is not None else open_input(path) as f:
        yield from _lines(f, limit)


def _lines(f: IO[bytes], limit: int) -> Iterator[tuple[int, str | InputError]]:
    n = 0
    binary_run = 0  # non-blank lines in a row that are not UTF-8 text
    blank_run = 0  # bytes of blank lines in a row
    while True:
        raw = f.readline(limit + 1)
        if not raw:
            return
        n += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            skipped = 0
            while skipped <= MAX_SKIP_BYTES:
                rest = f.readline(_CHUNK)
                if not rest or rest.endswith(b"\n"):
                    break
                skipped += len(rest)
            else:
                yield n, InputError(f"line {n}: longer than {_mib(limit)} (the size limit of a line) and no line end "
                                    f"within {_mib(MAX_SKIP_BYTES)}; the rest of the input is not read")
                return
            yield n, InputError(f"line {n}: longer than {_mib(limit)} (the size limit of a line)")
            continue
        if n == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            binary_run += 1
            bad = not_utf8_line(n, raw, exc)
            if binary_run >= MAX_BINARY_RUN:
                yield n, InputError(f"{bad}; {binary_run} lines in a row are not UTF-8 text, so this is no JSON "
                                    "Lines text (random bytes, a binary file); the rest of the input is not read")
                return
            yield n, InputError(bad)
            continue
        if text.strip():
            binary_run = blank_run = 0
            yield n, text
            continue
        blank_run += len(raw)
        if blank_run > MAX_BLANK_BYTES:
            yield n, InputError(f"line {n}: more than {_mib(MAX_BLANK_BYTES)} of blank lines in a row, so this is no "
                                "JSON Lines text; the rest of the input is not read")
            return


def not_utf8_line(n: int, raw: bytes, exc: UnicodeDecodeError) -> str:
    """What is said of line ``n`` (its bytes ``raw``) that is not UTF-8 text: ``line 2: not UTF-8
    text (byte 0xff at column 200)`` (:func:`input_lines`, an arena's record file on resume)."""
    return f"line {n}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"


def count_lines(path: str, limit: int | None = None) -> int | None:
    """The lines :func:`input_lines` yields, for a progress's ETA: ``None`` for standard input or
    anything but a regular file (a device, a pipe: they could be endless)."""
    if path == STDIO:
        return None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as f:
            return sum(1 for _ in _lines(f, MAX_INPUT_BYTES if limit is None else limit))
    except OSError:
        return None


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether the paths ``a`` and ``b`` name the same existing file (one inode: a link, a
    relative and an absolute path all count), not a string comparison."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def writes_over(out: str | Path | None, path: str | Path) -> bool:
    """Whether writing the output ``out`` would write over the file ``path``: neither is standard
    output (``-``) and both name the same existing file (:func:`same_file`)."""
    return out is not None and str(out) != STDIO and str(path) != STDIO and same_file(path, out)


def check_move_text(text: str, where: str = "move") -> str:
    """``text`` if it can be a move: at most :data:`MAX_MOVE_CHARS` characters of Unicode text
    (a lone surrogate, say from undecodable bytes on the command line, is not); else an
    :class:`InputError`."""
    check_arg(where, text, str, "a move's text (a str, as foolsolve moves prints it)")
    if len(text) > MAX_MOVE_CHARS:
        raise InputError(f"{where}: longer than {MAX_MOVE_CHARS} characters ({len(text):,}); no move is")
    if _SURROGATE.search(text):
        raise InputError(f"{where}: not Unicode text (a lone surrogate or an undecodable byte)")
    return text


_SURROGATE = re.compile("[\ud800-\udfff]")


def check_unicode(obj: Any, where: str) -> None:
    """An :class:`InputError` if a string of a parsed JSON value (a key or a value) holds a lone
    surrogate (``"\\ud800"``: well-formed JSON, not Unicode text, and unprintable)."""
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if _SURROGATE.search(x):
                raise InputError(f"{where}: a string holds a lone surrogate ({_escaped(x)}), which is not Unicode "
                                 "text")
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)


def cut_text(text: str, width: int = 300) -> str:
    """``text`` cut to ``width`` characters with a note of how much was left out (a line quoted
    back in a record)."""
    return text if len(text) <= width else f"{text[:width]}... ({len(text) - width:,} more characters)"


def _escaped(text: str) -> str:
    short = text if len(text) <= 40 else text[:40] + "..."
    return json.dumps(short)


MAX_NUMBER_CHARS = 50
"""The longest number read from JSON: more digits than any count, index or probability needs (a
huge exponent such as ``1e-999999999`` would otherwise cost minutes as an exact fraction)."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_CHARS:
        raise _NumberTooLong(text)
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _NumberTooLong(text)
    number = float(text)
    if math.isinf(number):  # 1e400: quoted as written, not as Infinity (foolsolve.errors.WrittenNumber)
        from foolsolve.errors import WrittenNumber

        return WrittenNumber(text)
    return number


class _NumberTooLong(ValueError):
    pass


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's members as a dict; a key written twice is an error (``json.loads`` would keep
    the last silently, so ``{"trump": "S", "trump": "H"}`` read as hearts)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def parse_json(text: str, where: str, *, malformed_as_text: bool = False) -> Any:
    """``json.loads`` whose every failure is an :class:`InputError` naming ``where``: malformed
    JSON (or, with ``malformed_as_text``, the text itself: a ``-o KEY=VALUE`` value), nesting
    too deep for the decoder (RecursionError), a number longer than :data:`MAX_NUMBER_CHARS`
    characters, a key written twice in one object (RFC 8259 §4: names SHOULD be unique; which one
    counts is left open, so neither is guessed) and a string holding a lone surrogate
    (:func:`check_unicode`). Every JSON input is read here: position and view files, batch lines,
    ``--rules``, ``--option`` values, arena records."""
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        if malformed_as_text:
            check_unicode(text, where)
            return text
        raise InputError(f"{where}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise InputError(f"{where}: JSON nested too deeply") from None
    except _NumberTooLong as exc:
        raise InputError(f"{where}: a number with too many digits (more than {MAX_NUMBER_CHARS} characters: "
                         f"{str(exc)[:20]}...)") from None
    except _DuplicateKey as exc:
        check_unicode(exc.args[0], where)
        raise InputError(f"{where}: the key {_j(exc.args[0])} appears twice in one object (which one is meant?)") \
            from None
    check_unicode(value, where)
    return value


def game_of(obj: Any) -> str:
    """The ``game`` field of a position object."""
    if not isinstance(obj, dict):
        raise InputError("position: expected a JSON object")
    game = obj.get("game")
    if not isinstance(game, str):
        raise InputError("game: missing or not a string")
    return game


EMPTY_NAME = "an empty file name (give a file name, or - for standard output)"


def check_output(path: str | Path, what: str = "--out", *, stdout: bool = True, name_only: bool = False) -> None:
    """Before any work: ``path`` is an output file name the command can write, else the
    :class:`InputError` ``WHAT: ...`` naming the problem -- an empty name (only ``-`` means
    standard output, and only where ``stdout``), a folder, a file in a folder that does not exist
    or cannot be written in (``name_only``: the name alone, for an option that may name a folder
    the command creates). Every output option (``--out``, ``--svg``, ``--plot``) goes through here
    (``foolsolve.cli.OutputFile``), so a command that would fail at its end refuses now."""
    text = str(path)
    if not text:
        raise InputError(f"{what}: {EMPTY_NAME if stdout else 'an empty file name'}")
    if text == STDIO:
        if not stdout:
            raise InputError(f"{what}: a file is needed here, not - (standard output)")
        return
    if not os.path.isabs(text) and _working_folder_gone():
        raise InputError(f"{what}: {long_name(text)}: cannot write ({WORKING_FOLDER_GONE})")
    _check_name_length(text, what, temp=not name_only)
    if name_only:
        return
    if os.path.isdir(text):
        raise InputError(f"{what}: {long_name(text)} is a folder; give a file name")
    folder = os.path.dirname(text) or os.curdir
    if not os.path.isdir(folder):
        raise InputError(f"{what}: {long_name(text)}: cannot write (no folder {long_name(folder)})")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"{what}: {long_name(text)}: cannot write ({unwritable_folder(folder)})")


WORKING_FOLDER_GONE = "the working folder no longer exists: give a full path, or cd to a folder"
"""Why a relative output name cannot be written where the command's working folder was deleted."""


def relative_in_gone_folder(path: str | Path) -> bool:
    """Whether ``path`` is a relative name and the process's working folder has been deleted: such
    a name has nowhere to go (:data:`WORKING_FOLDER_GONE` says why)."""
    return not os.path.isabs(path) and _working_folder_gone()


def _working_folder_gone() -> bool:
    """The process's working folder has been deleted (a relative name has nowhere to go)."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    return False


def unwritable_folder(folder: str | Path) -> str:
    """Why nothing can be written in ``folder`` (one :func:`os.access` refused), in words: ``read-only
    file system`` where it lies on one (a read-only mount: no permission would help), else ``no
    permission to write in FOLDER``."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "read-only file system"
    except (AttributeError, OSError, ValueError):  # (no statvfs: Windows)
        pass
    return f"no permission to write in {long_name(str(folder))}"


TEMP_TAG = "foolsolve"
"""The word in every temporary file's name (:func:`temp_beside`): what marks it as foolsolve's."""

TEMP_EXTRA = len(".") + len(f".{TEMP_TAG}-") + len(str(2**32)) + len("-12345678.tmp")
"""The most bytes :func:`temp_beside`'s temporary name adds to its file's name (a process id of up
to ten digits)."""


def _check_name_length(text: str, what: str, *, temp: bool) -> None:
    """A name the file system can hold (each part at most its ``NAME_MAX`` bytes, usually 255, and
    the whole path at most ``PATH_MAX``), else the :class:`InputError` ``WHAT: NAME...: cannot write
    (...)`` -- found when the command line is read, not as an ``OSError`` after the work.
    ``temp``: the file is written through a temporary file beside its final file
    (:func:`replaced_on_success`), whose name is :data:`TEMP_EXTRA` bytes longer."""
    shown = text if len(text) <= 80 else f"{text[:60]}...{text[-12:]} ({len(text):,} characters)"
    try:
        os.lstat(text)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise InputError(f"{what}: {shown}: cannot write (the name is too long for the file system)") from None
        if exc.errno not in (errno.ENOENT, errno.ENOTDIR):
            raise InputError(f"{what}: {shown}: cannot write ({exc.strerror or exc})") from None
    except ValueError:
        raise InputError(f"{what}: not a file name (it holds a NUL character)") from None
    final, through_fd = link_target(text)
    if through_fd or _special(text):
        return  # a device or a pipe: written in place, no temporary file beside it
    try:
        name_max = os.pathconf(final.parent, "PC_NAME_MAX")
    except (OSError, ValueError):
        name_max = 255
    size = len(os.fsencode(final.name)) + (TEMP_EXTRA if temp else 0)
    if size > name_max:
        extra = f", with the {TEMP_EXTRA} its temporary file's name adds," if temp else ""
        raise InputError(f"{what}: {shown}: cannot write (the name is too long for the file system: "
                         f"{size} bytes{extra} where it holds {name_max})")


def write_json_atomic(path: str | Path, obj: Any, option: str = "--out") -> None:
    """Write JSON to ``path`` via a temporary file, so an interrupted run leaves no partial file;
    a path that cannot be written (missing folder, no permission) is an :class:`InputError`
    naming the ``option`` that gave it. ``-`` writes to standard output (the whole text in one
    write, then a flush)."""
    write_text_atomic(path, jsonout.dumps(obj, indent=1) + "\n", option)


def write_text_atomic(path: str | Path, text: str, option: str = "--out") -> None:
    """Write ``text`` to ``path`` via a temporary file (no partial file on an interrupt), or to
    standard output for ``-`` (one write, then a flush; a missing final line break is added); a
    path that cannot be written is an :class:`InputError` ``OPTION PATH: cannot write (...)``.
    Standard output gets UTF-8 bytes, whatever its text encoding, as a file does: JSON, SVG and
    HTML declare UTF-8 (a lone surrogate is written as its escape, not a crash)."""
    if str(path) == STDIO:
        whole = text if text.endswith("\n") else text + "\n"
        sys.stdout.flush()
        raw = getattr(sys.stdout, "buffer", None)
        if raw is None:  # a text stream with no bytes beneath (a test's io.StringIO)
            sys.stdout.write(whole)
            sys.stdout.flush()
            return
        raw.write(whole.encode("utf-8", "backslashreplace"))
        raw.flush()
        return
    with replaced_on_success(path, f"{option} {path}") as tmp:
        tmp.write_text(text, encoding="utf-8")


@contextmanager
def replaced_on_success(path: str | Path, what: str) -> Iterator[Path]:
    """A fresh temporary file beside ``path``'s final file (:func:`temp_beside`) to write its
    content into: renamed over that file when the block ends normally, removed when it does not (an
    error, Ctrl-C), so the file never holds a partial content; an ``OSError`` is an
    :class:`InputError` ``WHAT: cannot write (...)``, and so is an empty file name.

    A symbolic link is written through, never replaced (:func:`link_target`): the temporary file
    goes beside the link's final target and is renamed over it (a dangling link's target is
    created), so the link survives and its target gets the content whole. A device, a pipe and a
    link through a file descriptor's link (``/dev/stdout``, ``/proc/self/fd/N``, ``/dev/fd/N``) are
    written in place; the command's own standard output named so gets the content through
    standard output, after what was printed there before."""
    if not str(path):
        # Path("") is the current folder, which has no name to put a temporary file beside
        raise InputError(f"output: {EMPTY_NAME}")
    try:  # any OSError here (a name too long for the file system, say) is the one-line error, not a crash
        final, through_fd = link_target(path)
        looped = final.is_symlink()
        to_stdout = through_fd and _is_stdout(path)
        special = through_fd or _special(path)
        fifo = special and Path(path).is_fifo()
    except (OSError, ValueError) as exc:
        raise InputError(f"{what}: cannot write ({getattr(exc, 'strerror', None) or exc})") from None
    if looped:
        raise InputError(f"{what}: cannot write (too many levels of symbolic links: a loop)")
    if to_stdout:
        with _through_stdout(what) as spool:
            yield spool
        return
    if fifo:
        with _through_fifo(path, what) as spool:
            yield spool
        return
    if special:
        # a device or a pipe (/dev/null, /dev/stdout): written into as it is, never renamed over
        # (the rename replaced the device node itself by a regular file)
        try:
            yield Path(path)
        except BrokenPipeError:
            raise  # the reader went away: exit 141 quietly, as for standard output (foolsolve.cli.main)
        except OSError as exc:
            raise InputError(f"{what}: cannot write ({exc.strerror or exc})") from None
        return
    tmp: Path | None = None
    tmp_fd: int | None = None
    held_fd = hold_existing_output(final, path, what)  # held until the rename: no batch starts on it meanwhile
    try:
        tmp = temp_beside(final)
        tmp_fd = _hold_temp(tmp)  # locked while this process lives: a later run leaves it alone
        yield tmp
        os.fsync(tmp_fd)  # the content on disk before the name is: a crash leaves the old file or the new
        tmp.replace(final)
    except OSError as exc:
        _remove(tmp)
        raise InputError(f"{what}: cannot write ({exc.strerror or exc})") from None
    except BaseException:
        _remove(tmp)
        raise
    finally:
        for fd in (tmp_fd, held_fd):
            if fd is not None:
                os.close(fd)
    remove_stale_temps(final)


def _hold_temp(tmp: Path) -> int:
    """The temporary file ``tmp`` opened and locked (``flock``, shared) for as long as the descriptor
    is open: what tells :func:`remove_stale_temps` it is being written (a process killed by SIGKILL
    lets go of it)."""
    fd = os.open(tmp, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
    try:
        import fcntl
    except ImportError:  # no fcntl (Windows): no lock
        return fd
    with contextlib.suppress(OSError):  # a file system without locks: no lock, and nothing removed later
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    return fd


_STARTED = time.time()
"""When this process loaded this module (about when it started): a temporary file changed since is
never taken for one left behind (:func:`remove_stale_temps`)."""

_TEMP_NAME = re.compile(rf"\.(?P<name>.+)\.{TEMP_TAG}-(?P<pid>[0-9]+)-[0-9a-f]{{8}}\.tmp")
"""A temporary file's name as :func:`temp_beside` makes it: ``.NAME.foolsolve-PID-XXXXXXXX.tmp``
(the writer's process id, eight random hex digits). A file of any other name is never taken for
one (:func:`remove_stale_temps`): a user's own ``.NAME.1a2b3c4d.tmp`` is not foolsolve's."""


_IN_USE: dict[tuple[int, int], str] = {}
"""The device and inode of every file this process reads (:func:`keep_in_use`), with its resolved
name: never removed as a temporary file left behind (:func:`remove_stale_temps`), whatever its
name (another link to it too), while that name still is that file (an inode of a file deleted
since can be a new file's)."""

_IN_USE_NAMES: set[str] = set()
"""The resolved names of those files, and of files this process may make and read (a store's
``-wal`` and ``-shm``): never removed either."""


def keep_in_use(path: str | Path, fd: int | None = None) -> None:
    """Record ``path`` (open as ``fd``, where given) as a file this process reads: an input, the
    result store, its side files. :func:`remove_stale_temps` never removes it, even where its name
    is a temporary file's (``.out.json.foolsolve-123-0a1b2c3d.tmp`` read with ``--out out.json``).
    Nothing here fails."""
    try:
        name = os.path.realpath(path)
    except (OSError, ValueError):
        return
    _IN_USE_NAMES.add(name)
    with contextlib.suppress(OSError, ValueError):
        info = os.fstat(fd) if fd is not None else os.stat(path)
        _IN_USE[(info.st_dev, info.st_ino)] = name


def _in_use(path: Path, info: os.stat_result) -> bool:
    """Whether the file ``path`` (``info``: its ``lstat``) is one this process reads (:func:`keep_in_use`)."""
    try:
        if os.path.realpath(path) in _IN_USE_NAMES:
            return True
        name = _IN_USE.get((info.st_dev, info.st_ino))
        if name is None:
            return False
        there = os.stat(name)
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return True
    return (there.st_dev, there.st_ino) == (info.st_dev, info.st_ino)


def _process_alive(pid: int) -> bool:
    """Whether a process of id ``pid`` runs (this one included; one of another user's counts too)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError, ValueError):
        return False
    except OSError:  # (EPERM: it runs, as another user)
        return True
    return True


def remove_stale_temps(final: Path) -> int:
    """Remove the temporary files of ``final`` that a run killed mid-write (SIGKILL, a power cut)
    left behind: those named as :func:`temp_beside` names them (``.NAME.foolsolve-PID-XXXXXXXX.tmp``
    beside it, :data:`_TEMP_NAME`), regular files, held by no process (:func:`_hold_temp`) and last
    changed before this process started. Any other name is kept, whatever it looks like (a user's
    ``.NAME.1a2b3c4d.tmp``); so is one held by a running foolsolve, one whose name's process id is
    a running process, every one where locks cannot be taken (a file system without them), and
    every file this process reads (:func:`keep_in_use`: an input, the result store and its side
    files), whatever its name. Those are told before the file is opened here: closing a descriptor
    of the store's file would drop SQLite's own (POSIX) locks on it. Returns how many were removed;
    nothing here fails."""
    try:
        import fcntl
    except ImportError:
        return 0
    removed = 0
    try:
        names = os.listdir(final.parent)
    except (OSError, ValueError):
        return 0
    for entry in names:
        match = _TEMP_NAME.fullmatch(entry)
        if match is None or match["name"] != final.name:
            continue
        stale = final.parent / entry
        try:
            if _process_alive(int(match["pid"])) or _in_use(stale, os.lstat(stale)):
                continue
        except (OSError, ValueError):
            continue
        try:
            fd = os.open(stale, os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_mtime >= _STARTED:
                continue  # (one made since this process started may not be locked yet)
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held by nobody: left behind
            stale.unlink()
            removed += 1
        except OSError:  # held by a running foolsolve, no locks here, or gone meanwhile
            continue
        finally:
            os.close(fd)
    return removed


def hold_existing_output(final: Path, path: str | Path, what: str) -> int | None:
    """The existing regular file ``final`` (the file the output name ``path`` finally names) opened
    and locked as :func:`lock_output` locks a batch's or an arena's ``--out``, for a writer that
    replaces it by a rename: its descriptor (close it to let go), or ``None`` where there is no such
    file to lock (none yet, a file that cannot be opened, no locks on this system). A file another
    foolsolve holds is the :class:`InputError` ``OPTION: another foolsolve is writing PATH (...)``:
    renamed over, the running command would go on writing the old, unlinked file, and its records
    would be lost while it reported success."""
    try:
        fd = os.open(final, os.O_RDONLY | _NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        lock_output(fd, path, what)
    except BaseException:
        os.close(fd)
        raise
    return fd


MAX_LINK_HOPS = 40
"""The most symbolic links followed from an output name (Linux's own limit); a longer chain (a
loop) is refused, never renamed over."""


def link_target(path: str | Path) -> tuple[Path, bool]:
    """The file an output name ``path`` finally names, its symbolic links followed one by one (the
    name itself when it is no link), and whether the chain passes through a file descriptor's link
    (a name under ``/proc/`` or ``/dev/fd/``: ``/dev/stdout`` -> ``/proc/self/fd/1`` -> ``pipe:[...]``
    or the file the shell opened), whose target is no name to rename over."""
    p = Path(path)
    through_fd = False
    for _ in range(MAX_LINK_HOPS):
        try:
            folder = os.path.realpath(p.parent)
        except (OSError, ValueError):
            return p, through_fd
        if _fd_folder(folder) or _fd_folder(str(p.parent)):
            through_fd = True
        p = Path(folder) / p.name
        try:
            if not p.is_symlink():
                return p, through_fd
            link = os.readlink(p)
        except (OSError, ValueError):
            return p, through_fd
        p = Path(link) if os.path.isabs(link) else p.parent / link
    return p, through_fd


def _fd_folder(folder: str) -> bool:
    return folder == "/proc" or folder.startswith("/proc/") or folder == "/dev/fd" or folder.startswith("/dev/fd/")


def _is_stdout(path: str | Path) -> bool:
    """Whether ``path`` opens this process's own standard output (the same file or pipe)."""
    try:
        fd = sys.stdout.fileno()
        return os.path.samestat(os.stat(path), os.fstat(fd))
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return False


@contextmanager
def _through_stdout(what: str) -> Iterator[Path]:
    """A temporary file (in the system's temporary folder) whose content goes to standard output
    when the block ends normally: an output named by a link to this process's own standard output
    (``--out /dev/stdout``), written where standard output is, after what was printed before --
    an ``open`` of the name would start the file again and write over it from its start."""
    import tempfile

    fd, name = tempfile.mkstemp(prefix=".foolsolve.", suffix=".tmp")
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        data = tmp.read_bytes()
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    except OSError as exc:
        raise InputError(f"{what}: cannot write ({exc.strerror or exc})") from None
    finally:
        _remove(tmp)


@contextmanager
def _through_fifo(path: str | Path, what: str) -> Iterator[Path]:
    """A temporary file (in the system's temporary folder) whose content goes into the FIFO ``path``
    when the block ends normally, through the one descriptor opened for it before the block
    (:func:`open_for_writing`: a reader is there, or the one-line error). Opening the FIFO again
    would wait for ever where its reader went away in between; a reader that goes away while it is
    written into is a :class:`BrokenPipeError` (exit 141, as for standard output)."""
    import shutil
    import tempfile

    held = open_for_writing(path, what, append=True)
    tmp: Path | None = None
    try:
        fd, name = tempfile.mkstemp(prefix=".foolsolve.", suffix=".tmp")
        os.close(fd)
        tmp = Path(name)
        yield tmp
        with open(tmp, "rb") as spool:
            shutil.copyfileobj(spool, held)
        held.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise InputError(f"{what}: cannot write ({exc.strerror or exc})") from None
    finally:
        with contextlib.suppress(OSError):  # (what is left unwritten after a broken pipe is dropped)
            held.close()  # the reader sees its end of file only now
        _remove(tmp)


READER_GRACE = 2.0
"""Seconds an output FIFO with no reader is given for one to open it (:func:`open_for_writing`)."""


def open_for_writing(path: str | Path, what: str, *, append: bool = False, lock: bool = False) -> IO[bytes]:
    """``path`` opened to write bytes into (truncated, or ``append``), without waiting for ever: a
    FIFO (named pipe) that nothing reads from within :data:`READER_GRACE` seconds is the
    :class:`InputError` ``WHAT: PATH: a FIFO with nothing reading from it`` -- a plain ``open``
    waited for a reader for ever -- while one with a
    reader (bash's ``>(...)``, ``cat PATH`` started first) is written into; any other failure is
    ``WHAT: PATH: cannot write (...)`` (``PATH`` left out where ``WHAT`` names it already).

    ``lock``: a regular file is locked for this process until it is closed (:func:`lock_output`),
    before it is truncated: a second foolsolve writing the same file is refused and leaves it as it
    was."""
    import time

    where = what if str(path) in what else f"{what}: {path}"
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else 0 if lock else os.O_TRUNC)
    give_up = time.monotonic() + READER_GRACE
    while True:
        try:
            fd = os.open(path, flags | _NONBLOCK, 0o666)
            break
        except OSError as exc:
            if exc.errno == errno.ENXIO and Path(path).is_fifo():
                # a reader started beside the command (``foolsolve ... --out p & cat p``) may open it a
                # moment later: a short grace, then the one-line error
                if time.monotonic() < give_up:
                    time.sleep(0.02)
                    continue
                raise InputError(f"{where}: a FIFO with nothing reading from it") from None
            raise InputError(f"{where}: cannot write ({exc.strerror or exc})") from None
    try:
        if lock:
            lock_output(fd, path, what)
            if not append and stat.S_ISREG(os.fstat(fd).st_mode):
                os.ftruncate(fd, 0)
        if _NONBLOCK:
            os.set_blocking(fd, True)
        return open(fd, "ab" if append else "wb")
    except BaseException:
        os.close(fd)
        raise


def lock_output(fd: int, path: str | Path, what: str) -> None:
    """An exclusive lock on the output file open as ``fd`` (a regular file; a device or a pipe is
    left alone), held until every descriptor of that opening is closed: the
    :class:`InputError` ``WHAT: another foolsolve is writing PATH`` when another process holds it
    (two ``batch`` or ``arena`` runs given one ``--out`` interleaved their lines). The lock is
    advisory (``flock``): it keeps foolsolve runs apart, not other programs."""
    try:
        import fcntl
    except ImportError:  # no fcntl (Windows): no lock
        return
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        option = what[: -len(str(path))].rstrip(": ") if what.endswith(str(path)) else what
        raise InputError(f"{option or what}: another foolsolve is writing {path} (wait for it to finish, or write "
                         "elsewhere)") from None
    except OSError:  # a file system without locks: written unlocked, as before
        return


def _special(path: str | Path) -> bool:
    """Whether ``path`` is an existing file that is not a regular file (a character device, a FIFO,
    a socket), links followed."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def probe_output(path: str | Path, what: str) -> None:
    """Before a long run whose output is written at its end: ``path`` can be created, else the
    :class:`InputError` ``WHAT PATH: cannot write (...)`` that :func:`write_text_atomic` would give
    then. The temporary file beside it (:func:`temp_beside`) is made and removed at once, which
    :func:`check_output`'s permission check cannot stand in for (root may write anywhere by
    ``os.access``, yet not in ``/proc``). An existing device, pipe or file descriptor's link is
    written in place and not probed; a new name through a file descriptor's folder (``/proc/...``)
    is made and removed itself."""
    if str(path) == STDIO:
        return
    try:
        final, through_fd = link_target(path)
        if through_fd or _special(path):
            if os.path.exists(path):
                return
            with open(path, "x", encoding="utf-8"):  # a new name under /proc: made and removed, as written in place
                pass
            _remove(Path(path))
            return
        held_fd = hold_existing_output(final, path, f"{what} {path}")
        if held_fd is not None:
            os.close(held_fd)
        _remove(temp_beside(final))
    except (OSError, ValueError) as exc:
        raise InputError(f"{what} {path}: cannot write ({getattr(exc, 'strerror', None) or exc})") from None


def temp_beside(path: Path) -> Path:
    """A new empty file in ``path``'s folder to write ``path``'s text into before it is renamed
    over ``path``: a fresh name (``.NAME.foolsolve-PID-RANDOM.tmp``: :data:`TEMP_TAG`, this
    process's id and eight random hex digits, so that :func:`remove_stale_temps` tells it from a
    user's file), created exclusively, with the usual permissions; never a file that exists -- a
    fixed ``NAME.tmp`` overwrote whatever had that name, the command's own input included (``view
    x.json.tmp --out x.json`` lost its input)."""
    import secrets

    while True:
        tmp = path.with_name(f".{path.name}.{TEMP_TAG}-{os.getpid()}-{secrets.token_hex(4)}.tmp")
        try:
            with open(tmp, "x", encoding="utf-8"):
                return tmp
        except FileExistsError:
            continue


def _remove(path: Path | None) -> None:
    if path is None:
        return
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass
