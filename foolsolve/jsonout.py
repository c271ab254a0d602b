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
        where = non_finite_at(obj, max_depth=NON_FINITE_DEPTH, tuples=True)
        if where is None:
            raise
        place, value = _non_finite_place(where[0]), where[1]
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


NON_FINITE_DEPTH = 200
"""How deep :func:`dumps` looks for the place of a non-finite number it was given (deeper, the
error of :func:`json.dumps` itself)."""


def non_finite_at(obj: Any, *, max_depth: int | None = None,
                  tuples: bool = False) -> tuple[tuple[tuple[bool, Any], ...], float] | None:
    """The first non-finite float of ``obj`` in document order, as ``(steps, value)``: each step
    ``(True, key)`` into a dict or ``(False, index)`` into a list, from the top; ``None`` where
    there is none. ``max_depth``: containers more steps deep than it are not looked into (``None``:
    any depth); ``tuples``: a tuple is looked into as a list is (JSON output writes it as one)."""
    stack: list[tuple[Any, tuple[tuple[bool, Any], ...]]] = [(obj, ())]
    while stack:
        x, steps = stack.pop()
        if isinstance(x, float):
            if not math.isfinite(x):
                return steps, x
            continue
        if max_depth is not None and len(steps) > max_depth:
            continue
        if isinstance(x, dict):
            stack.extend((v, (*steps, (True, k))) for k, v in reversed(list(x.items())))
        elif isinstance(x, list) or (tuples and isinstance(x, tuple)):
            stack.extend((v, (*steps, (False, i))) for i, v in reversed(list(enumerate(x))))
    return None


def _non_finite_place(steps: tuple[tuple[bool, Any], ...]) -> str:
    """``a.b[3]``: the place of :func:`non_finite_at`'s ``steps`` (a dict's key after a dot)."""
    place = ""
    for in_dict, key in steps:
        place = (f"{place}.{key}" if place else str(key)) if in_dict else f"{place}[{key}]"
    return place
