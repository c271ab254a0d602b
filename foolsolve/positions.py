"""Position files: JSON read and checked against the game's JSON Schema (shipped in
``foolsolve/schemas``), then handed to the game's spec for the semantic checks.

Every failure is an :class:`InputError` with one line naming the field. Integers must be
written as JSON integers: ``1.0`` is not a player number here, although JSON Schema's
``integer`` admits it (:func:`validate_schema` checks the stricter type).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from foolsolve.errors import InputError

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


def validate_schema(obj: Any, schema_name: str, *, view_ok: bool = False) -> None:
    """Check ``obj`` against a shipped schema; the first error becomes a one-line
    :class:`InputError` naming the JSON path. ``integer`` means a JSON integer (not ``1.0``). A view
    file (``"view"``, docs/views.md) is refused unless ``view_ok`` (the reader of views): every
    spec's reader calls this first, so a view handed where a full position is needed (a batch, a
    solve of several files) gets one line saying so."""
    if _SCHEMA_TRUSTED.get():
        return
    if not view_ok and isinstance(obj, dict) and "view" in obj:
        raise InputError(f"view: a view of player {_j(obj['view'])} (hidden cards) where a full position is needed "
                         "(every card placed)")
    validator = _strict_validator_cls()(load_schema(schema_name))
    errors = sorted(validator.iter_errors(obj), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if errors:
        err = _specific(errors[0])
        raise InputError(f"{json_path(err.absolute_path)}: {json_message(err)}")


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


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def json_message(err: Any) -> str:
    """A jsonschema error's message with its values written as JSON (``null``, ``true``,
    ``"s"``), not as Python writes them (``None``, ``True``, ``'s'``)."""
    kind, want, got = err.validator, err.validator_value, err.instance
    if kind == "enum":
        return f"{_j(got)} is not one of {_j(want)}"
    if kind == "const":
        return f"{_j(want)} was expected (got {_j(got)})"
    if kind == "type":
        return f"{_j(got)} is not of type {', '.join(_j(k) for k in want) if isinstance(want, list) else _j(want)}"
    if kind == "required":
        missing = [k for k in want if isinstance(got, dict) and k not in got]
        return f"{_j(missing[0] if missing else want)} is a required property"
    if kind == "additionalProperties" and isinstance(got, dict):
        allowed = set(err.schema.get("properties", {}))
        extra = [k for k in got if k not in allowed]
        verb = "were" if len(extra) > 1 else "was"
        return f"Additional properties are not allowed ({', '.join(_j(k) for k in extra)} {verb} unexpected)"
    if kind in ("minItems", "maxItems"):
        return f"{_j(got)} is too {'short' if kind == 'minItems' else 'long'}"
    if kind in ("minimum", "maximum"):
        return f"{_j(got)} is {'less than the minimum' if kind == 'minimum' else 'greater than the maximum'} of {_j(want)}"
    # anything else: jsonschema's text with Python's literals turned into JSON's
    import re

    text = re.sub(r"\bNone\b", "null", str(err.message))
    text = re.sub(r"\bTrue\b", "true", text)
    return re.sub(r"\bFalse\b", "false", text)


def json_path(parts: Any) -> str:
    """``hands[1][0]`` style path of a jsonschema error location (``position`` at the root)."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "position"


STDIO = "-"
"""The path meaning standard input (for reading) or standard output (for writing)."""


def read_text(path: str | Path) -> str:
    """The text of a file, or of standard input for ``-``; a file that cannot be read or is not
    UTF-8 is an :class:`InputError`. A leading UTF-8 byte order mark is skipped."""
    try:
        if str(path) == STDIO:
            data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
            return data.decode("utf-8-sig")
        return Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None


def read_json(path: str | Path) -> Any:
    """Parse a JSON file (standard input for ``-``); a missing file or malformed JSON is an
    :class:`InputError`. A leading UTF-8 byte order mark (some editors write one) is skipped,
    as RFC 8259 §8.1 allows."""
    text = read_text(path)
    return parse_json(text, "standard input" if str(path) == STDIO else str(path))


def parse_json(text: str, where: str, *, malformed_as_text: bool = False) -> Any:
    """``json.loads`` whose every failure is an :class:`InputError` naming ``where``: malformed
    JSON (or, with ``malformed_as_text``, the text itself: a ``-o KEY=VALUE`` value), nesting
    too deep for the decoder (RecursionError) and integers too long for Python (more than
    ``sys.get_int_max_str_digits()`` digits: ValueError)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if malformed_as_text:
            return text
        raise InputError(f"{where}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise InputError(f"{where}: JSON nested too deeply") from None
    except ValueError as exc:
        # the int-conversion limit: "Exceeds the limit (4300 digits) for integer string conversion"
        raise InputError(f"{where}: a number with too many digits ({exc})") from None


def game_of(obj: Any) -> str:
    """The ``game`` field of a position object."""
    if not isinstance(obj, dict):
        raise InputError("position: expected a JSON object")
    game = obj.get("game")
    if not isinstance(game, str):
        raise InputError("game: missing or not a string")
    return game


def write_json_atomic(path: str | Path, obj: Any) -> None:
    """Write JSON to ``path`` via a temporary file, so an interrupted run leaves no partial file;
    a path that cannot be written (missing folder, no permission) is an :class:`InputError`.
    ``-`` writes to standard output (the whole text in one write, then a flush)."""
    write_text_atomic(path, json.dumps(obj, ensure_ascii=False, indent=1) + "\n")


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file (no partial file on an interrupt), or to
    standard output for ``-`` (one write, then a flush; a missing final line break is added); a
    path that cannot be written is an :class:`InputError`."""
    if str(path) == STDIO:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()
        return
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(p)
    except OSError as exc:
        _remove(tmp)
        raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None
    except BaseException:
        _remove(tmp)
        raise


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass
