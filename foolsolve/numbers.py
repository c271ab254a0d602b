"""The one bounded reader of exact numbers from user input (probabilities, weights, costs).

``fractions.Fraction`` reads ``"1e-999999999"`` by building ``10**999999999``: minutes of work
and a leak of Python's integer-conversion limit. :func:`exact_number` reads the same forms, a
whole number, ``"p/q"`` or a decimal with an exponent, within :data:`MAX_DIGITS` digits and an
exponent of at most :data:`MAX_EXPONENT`, and turns anything else into a one-line
:class:`~foolsolve.errors.InputError` naming where it came from.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, TypeGuard

from foolsolve.errors import InputError, json_quoted

MAX_DIGITS = 50
"""Most digits in a numerator, denominator or mantissa."""
MAX_EXPONENT = 50
"""Largest decimal exponent (``1e-50`` is read, ``1e-51`` is not)."""

_FORM = re.compile(r"\s*([+-]?)(?:(\d+)\s*/\s*(\d+)|(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?)\s*", re.ASCII)


def is_whole(x: Any, low: int, high: int | None = None) -> TypeGuard[int]:
    """Whether ``x`` is a whole number (an ``int``, not a ``bool``) from ``low`` to ``high``
    (``None``: no upper bound)."""
    return isinstance(x, int) and not isinstance(x, bool) and x >= low and (high is None or x <= high)


def ascii_whole(text: str) -> int | None:
    """``text`` as a whole number when it is ASCII digits only (``"0"``, ``"12"``), else ``None``:
    no sign, blank, underscore or other script's digit (``str.isdigit`` holds for ``"²"``, which
    ``int`` refuses, and ``int`` reads Arabic-Indic ``"٠"``); an index or a move number is read so.
    At most :data:`MAX_DIGITS` digits."""
    if not text or len(text) > MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def exact_number(value: Any, where: str, *, floats: bool = True) -> Fraction:
    """``value`` (an int, a finite float when ``floats``, a :class:`Fraction`, or a string
    ``"3"``, ``"1/3"``, ``"0.25"``, ``"2.5e-3"``) as an exact fraction, within the bounds above;
    anything else is an :class:`InputError` naming ``where``."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise InputError(f"{where}: {json_quoted(value)} is not a number")
    if isinstance(value, int):
        if value.bit_length() > MAX_DIGITS * 4:
            raise InputError(f"{where}: a number with more than {MAX_DIGITS} digits")
        return Fraction(value)
    if isinstance(value, float):
        if not floats or not math.isfinite(value):
            raise InputError(f"{where}: {json_quoted(value)} is not an exact number (a whole number or \"p/q\")")
        return exact_number(repr(value), where)
    if not isinstance(value, str):
        raise InputError(f"{where}: expected a number or a fraction such as 1/3")
    shown = value if len(value) <= 20 else value[:20] + "..."
    m = _FORM.fullmatch(value) if len(value) <= 4 * MAX_DIGITS else None
    if m is None or not (m.group(2) or m.group(4) or m.group(5)):
        raise InputError(f"{where}: {json_quoted(shown)} is not a number or a fraction such as 1/3")
    sign = -1 if m.group(1) == "-" else 1
    if m.group(2) is not None:
        num, den = m.group(2), m.group(3)
        if len(num) > MAX_DIGITS or len(den) > MAX_DIGITS:
            raise InputError(f"{where}: {json_quoted(shown)} has more than {MAX_DIGITS} digits")
        if int(den) == 0:
            raise InputError(f"{where}: {json_quoted(shown)} divides by zero")
        return sign * Fraction(int(num), int(den))
    whole, frac, exp = m.group(4) or "", m.group(5) or "", m.group(6)
    if len(whole) + len(frac) > MAX_DIGITS:
        raise InputError(f"{where}: {json_quoted(shown)} has more than {MAX_DIGITS} digits")
    e = 0
    if exp is not None:
        if len(exp.lstrip("+-")) > 4 or abs(int(exp)) > MAX_EXPONENT:
            raise InputError(f"{where}: {json_quoted(shown)} has an exponent beyond ±{MAX_EXPONENT}")
        e = int(exp)
    mantissa = int(whole + frac or "0")
    return sign * Fraction(mantissa) * Fraction(10) ** (e - len(frac))
