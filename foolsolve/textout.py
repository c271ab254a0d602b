"""Standard output and standard error in any encoding: text the encoding cannot hold is written in
ASCII instead of crashing the command (``PYTHONIOENCODING=ascii``, ``PYTHONIOENCODING=latin-1``; not
``LC_ALL=C``, under which CPython runs in UTF-8 mode).

:func:`safe_text_streams` looks at each stream's encoding once, by encoding the characters the
program prints (the card suits, the dashes, ...), never by its name. A stream that holds them all
is left as it is (UTF-8: the usual case, no cost). Another gets a stand-in over the same bytes that
writes each character its encoding lacks as ASCII text (:data:`ASCII_TEXT`: ``9♦`` is ``9D``, the
card's name in a position file; ``—`` is ``--``), or its letters without accents, or ``?``.

Files written to standard output (``--out -``, ``--svg -``: JSON, SVG, HTML) do not come through
here: they declare UTF-8 and are written as UTF-8 bytes (:func:`foolsolve.positions.write_text_atomic`).
"""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

ASCII_TEXT = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "—": "--", "–": "-", "…": "...", "’": "'", "‘": "'", "“": '"', "”": '"', "±": "+/-", "§": "section ",
    "×": "x", "→": "->", "←": "<-", "≤": "<=", "≥": ">=", "≠": "!=", "·": ".", "•": "*", "\u00a0": " ",
}
"""The ASCII text of the characters the program prints that an encoding may lack."""

ERRORS = "foolsolve.ascii"
"""The codec error handler that writes a character an encoding lacks as ASCII text."""


def _ascii_of(text: str) -> str:
    out = []
    for ch in text:
        known = ASCII_TEXT.get(ch)
        if known is None:  # é is e; a character with no ASCII letters in it is ?
            known = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii") or "?"
        out.append(known)
    return "".join(out)


def _handler(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return _ascii_of(exc.object[exc.start:exc.end]), exc.end


codecs.register_error(ERRORS, _handler)

JSON_ERRORS = "foolsolve.json"
"""The codec error handler that writes a character an encoding lacks as a JSON escape (``\\u2666``;
a pair of them beyond the Basic Multilingual Plane): JSON that reads back as the same strings."""


def _json_handler(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start:exc.end]:
        code = ord(ch)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), exc.end


codecs.register_error(JSON_ERRORS, _json_handler)


def json_text(text: str, stream: Any = None) -> str:
    """JSON text ``text`` as standard output (``stream``) can write it: as it is where its encoding
    holds every character (UTF-8); else (a :class:`SafeText`) with each character it lacks as a JSON
    escape (``"attack 9\\u2666"``), never as ASCII text: a program reads the same strings as from a
    UTF-8 stream. (Non-ASCII characters stand only inside strings in JSON, where an escape is valid.)"""
    stream = sys.stdout if stream is None else stream
    while isinstance(stream, QuietErrors):
        stream = stream.stream
    if not isinstance(stream, SafeText):
        return text
    if stream.ascii_only:  # --ascii: cards as position files write them, in JSON too
        return text.encode(stream.target, ERRORS).decode(stream.target)
    return text.encode(stream.target, JSON_ERRORS).decode(stream.target)


def holds_all(encoding: str) -> bool:
    """Whether ``encoding`` can write every character of :data:`ASCII_TEXT` (those the program
    prints beyond ASCII)."""
    try:
        "".join(ASCII_TEXT).encode(encoding)
        return True
    except (UnicodeError, LookupError):
        return False


class SafeText(io.TextIOWrapper):
    """A text stream over another's bytes that writes what that one's ``encoding`` lacks as ASCII
    text. An ASCII stream's stand-in says it is UTF-8 (what it writes is ASCII, so that is true of
    its bytes): click rewraps a stream that says ASCII as UTF-8 and would write the suits so."""

    def __init__(self, stream: Any, target: str | None = None, handler: str = ERRORS) -> None:
        self.target = target or stream.encoding
        self.ascii_only = target is not None
        """Written in ASCII whatever the encoding (``--ascii``)."""
        self.handler = handler
        """How a character the encoding lacks is written: :data:`ERRORS` (ASCII text), or
        :data:`JSON_ERRORS` (a JSON escape: the standard output of a command given ``--json``)."""
        ascii_like = codecs.lookup(self.target).name == "ascii"
        super().__init__(stream.buffer, encoding="utf-8" if ascii_like else self.target, errors=handler,
                         line_buffering=stream.line_buffering, write_through=stream.write_through)

    def write(self, text: str) -> int:
        super().write(text.encode(self.target, self.handler).decode(self.target))
        return len(text)

    def __del__(self) -> None:
        # the bytes beneath belong to the stream this one stands in for: never closed from here
        try:
            self.detach()
        except (ValueError, OSError):
            pass


def _stand_in(stream: Any, ascii_only: bool = False, as_json: bool = False) -> SafeText | None:
    """A :class:`SafeText` for ``stream`` when its encoding lacks some of what the program prints
    (``ascii_only``: whatever its encoding, one that writes ASCII; ``as_json``: what it lacks as JSON
    escapes, unless ``ascii_only``), else None (and None for a stream with no bytes beneath, as a
    test's ``io.StringIO``)."""
    encoding = getattr(stream, "encoding", None)
    if (not isinstance(encoding, str) or (holds_all(encoding) and not ascii_only)
            or getattr(stream, "buffer", None) is None):
        return None
    try:
        stream.flush()
        return SafeText(stream, "ascii" if ascii_only else None,
                        JSON_ERRORS if as_json and not ascii_only else ERRORS)
    except (AttributeError, ValueError, OSError, LookupError, io.UnsupportedOperation):
        return None


@contextmanager
def safe_text_streams(ascii_only: bool = False, as_json: bool = False) -> Iterator[None]:
    """Within the block, standard output and standard error write what their encoding lacks as
    ASCII text (each replaced by a :class:`SafeText` where needed); put back after it. ``ascii_only``
    (a command's ``--ascii``): both write ASCII whatever their encoding, as in an ASCII locale (a
    card as position files write it, ``8D``). ``as_json`` (a command given ``--json``, whose
    standard output is JSON): standard output writes what its encoding lacks as JSON escapes
    (``"attack 9\\u2666"``: the same strings to a program reading it), as a batch's JSON Lines there
    (:func:`json_text`); ``--ascii`` still writes ASCII text."""
    saved = sys.stdout, sys.stderr
    out, err = _stand_in(sys.stdout, ascii_only, as_json), _stand_in(sys.stderr, ascii_only)
    if out is not None:
        sys.stdout = out
    if err is not None:
        sys.stderr = err
    try:
        yield
    finally:
        for now, stand_in, name in ((sys.stdout, out, "stdout"), (sys.stderr, err, "stderr")):
            if stand_in is None:
                continue
            try:
                stand_in.detach()  # flushes what it holds into the bytes beneath
            except (ValueError, OSError):
                pass
            if now is stand_in:
                setattr(sys, name, saved[0] if name == "stdout" else saved[1])


def ascii_option(fn: Any) -> Any:
    """``--ascii`` on the commands that print moves (``moves``, ``play``, ``perft``, ``why``,
    ``show``, ``foolsolve POSITION``, ``solve``, ``batch``, ``report``): their standard output and
    standard error in ASCII whatever the terminal's encoding, each card as position files write it
    (``8D``; :func:`safe_text_streams`, which :func:`foolsolve.cli.main` sets up for the whole command,
    its error included; a batch's JSON Lines on standard output too, not a file it writes)."""
    return click.option("--ascii", "ascii_only", is_flag=True, expose_value=False,
                        help="Write cards in ASCII, as position files write them (8D, not 8♦), and everything "
                             "else in ASCII too, whatever the terminal's encoding.")(fn)


class QuietErrors:
    """Standard error that never fails the command: a write or flush that fails (``2>/dev/full``, a
    reader gone) drops it and every later one, so a warning or a summary line that cannot be written
    changes neither the command's output nor its exit code; standard error closed (``2>&-``, no
    ``stream``) drops everything (where ``print(..., file=None)`` would write to standard output). Everything
    else is the stream's own."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.failed = stream is None

    def write(self, text: str) -> int:
        if not self.failed:
            try:
                return int(self.stream.write(text))
            except OSError:
                self._fail()
        return len(text)

    def flush(self) -> None:
        if not self.failed:
            try:
                self.stream.flush()
            except OSError:
                self._fail()

    def isatty(self) -> bool:
        return not self.failed and bool(self.stream.isatty())

    def _fail(self) -> None:
        """No more writes; the file descriptor beneath pointed at the null device, so that what the
        stream still holds is dropped at exit too (where Python flushes it and reports a failure)."""
        self.failed = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(devnull, self.stream.fileno())
            finally:
                os.close(devnull)
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass

    def __getattr__(self, name: str) -> Any:
        if self.stream is None:
            raise AttributeError(name)
        return getattr(self.stream, name)


@contextmanager
def quiet_errors() -> Iterator[None]:
    """Within the block, standard error is a :class:`QuietErrors` (put back after it)."""
    saved = sys.stderr
    sys.stderr = QuietErrors(saved)
    try:
        yield
    finally:
        sys.stderr = saved


def path_text(path: Any) -> str:
    """A file name as a message prints it: as it is where standard output and standard error can
    write it (UTF-8: the usual case); else (an encoding without some of its characters,
    ``PYTHONIOENCODING=ascii``) with each of those as a backslash escape (``\\xc4``, ``\\u2660``), never
    written as ASCII text (:data:`ASCII_TEXT`), which would turn ``Ärger ♠/pos.json`` into another name
    a file could have, ``Arger S/pos.json``."""
    text = str(path)
    for stream in (sys.stdout, sys.stderr):
        while isinstance(stream, QuietErrors):
            stream = stream.stream
        if isinstance(stream, SafeText):
            try:
                text.encode(stream.target)
            except UnicodeEncodeError:
                return text.encode(stream.target, "backslashreplace").decode(stream.target)
            except LookupError:
                pass
    return text


def fit_terminal(text: str, stream: Any = None) -> str:
    """``text`` as printed on a terminal: where ``stream`` (standard output) is one, each line that is
    a sentence (not indented: ``Note: ...``, ``Best: ...``, the title) and longer than the terminal is
    wrapped between words to its width, its later lines indented under the text after its label
    (``Note: ``), so that the terminal does not break it mid-word; indented lines (a table's rows, a
    transcript's moves), and every line anywhere else (a pipe, a file, a notebook), are left as they
    are, so what a script reads never changes with a window's width."""
    import re
    import shutil
    import textwrap

    stream = sys.stdout if stream is None else stream
    try:
        if not stream.isatty():
            return text
    except (AttributeError, ValueError):
        return text
    width = shutil.get_terminal_size().columns
    if width < 20:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= width or line[:1].isspace():
            out.append(line)
            continue
        label = re.match(r"[A-Z][A-Za-z ]{0,12}: ", line)
        indent = " " * (len(label.group(0)) if label else 2)
        out.extend(textwrap.wrap(line, width=width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False))
    return "\n".join(out)
