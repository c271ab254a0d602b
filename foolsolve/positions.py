"""Position files: JSON read and checked against the game's JSON Schema (shipped in
``foolsolve/schemas``), then handed to the game's spec for the semantic checks.

Every failure is an :class:`InputError` with one line naming the field.
"""

from __future__ import annotations

import json
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


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A shipped schema by resource name (``durak.schema.json``)."""
    text = resources.files("foolsolve").joinpath("schemas", name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    _validator_cls().check_schema(schema)
    return schema


def validate_schema(obj: Any, schema_name: str) -> None:
    """Check ``obj`` against a shipped schema; the first error becomes a one-line
    :class:`InputError` naming the JSON path."""
    validator = _validator_cls()(load_schema(schema_name))
    errors = sorted(validator.iter_errors(obj), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if errors:
        err = errors[0]
        raise InputError(f"{json_path(err.absolute_path)}: {err.message}")


def json_path(parts: Any) -> str:
    """``hands[1][0]`` style path of a jsonschema error location (``position`` at the root)."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "position"


def read_json(path: str | Path) -> Any:
    """Parse a JSON file; a missing file or malformed JSON is an :class:`InputError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None


def game_of(obj: Any) -> str:
    """The ``game`` field of a position object."""
    if not isinstance(obj, dict):
        raise InputError("position: expected a JSON object")
    game = obj.get("game")
    if not isinstance(game, str):
        raise InputError("game: missing or not a string")
    return game


def write_json_atomic(path: str | Path, obj: Any) -> None:
    """Write JSON to ``path`` via a temporary file, so an interrupted run leaves no partial file."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(obj, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    tmp.replace(p)
