"""JSON the project prints or writes: strict (RFC 8259) everywhere.

Python's :func:`json.dumps` writes a non-finite float as ``NaN``, ``Infinity`` or ``-Infinity``,
which no strict JSON reader takes. Every JSON the project prints (``--json``, ``batch``,
``store export``, ``why --json``) or writes (``--out`` files, arena records, the result store's rows,
an external bot's request) goes through :func:`dumps`, which refuses them: input that could hold
one (a damaged store row, a number beyond a float's range) is checked where it is read, so one
that reaches an output is a bug, caught here (:class:`NotFiniteError`, "internal error", exit 1)
rather than printed as text that is no JSON.
"""

from __future__ import annotations

import json
import math
from typing import Any


class NotFiniteError(ValueError):
    """A non-finite number (NaN, an infinity) on its way into JSON output; the message names where."""


def dumps(obj: Any, **kwargs: Any) -> str:
    """``json.dumps(obj, **kwargs)`` with ``ensure_ascii=False`` unless given and never a NaN or an
    infinity (:class:`NotFiniteError` naming its place, ``moves[2].value``)."""
    kwargs.setdefault("ensure_ascii", False)
    try:
        return json.dumps(obj, allow_nan=False, **kwargs)
    except ValueError:
        where = _non_finite_at(obj)
        if where is None:
            raise
        place, value = where
        raise NotFiniteError(f"{value!r} at {place or 'the top'} in JSON output: JSON holds no NaN or infinity "
                             "(a number that should have been refused where it was read)") from None


def plain(obj: Any) -> Any:
    """``obj`` as the plain JSON types :func:`json.loads` gives back: a tuple (a game's scores in a
    result's ``details``) a list, every dict and list a new one (what a ``to_json`` returns shares no
    list with the answer it was made from), anything else as it is."""
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    return obj


def _non_finite_at(obj: Any, path: str = "", depth: int = 0) -> tuple[str, float] | None:
    """The place (``a.b[3]``) and value of the first non-finite float in ``obj``, or ``None``."""
    if isinstance(obj, float):
        return None if math.isfinite(obj) else (path, obj)
    if depth > 200:
        return None
    if isinstance(obj, dict):
        for k, v in obj.items():
            found = _non_finite_at(v, f"{path}.{k}" if path else str(k), depth + 1)
            if found:
                return found
    elif isinstance(obj, list | tuple):
        for i, v in enumerate(obj):
            found = _non_finite_at(v, f"{path}[{i}]", depth + 1)
            if found:
                return found
    return None
