"""foolsolve.numbers: whole numbers and exact numbers are read from ASCII digits only, as every
index, move number and option value is (another script's digits are no number)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from foolsolve.errors import InputError
from foolsolve.numbers import ascii_whole, exact_number


@pytest.mark.parametrize(("text", "value"), [("3", Fraction(3)), ("1/3", Fraction(1, 3)), (" 2.5e-1 ", Fraction(1, 4))])
def test_an_exact_number_reads_ascii_forms(text, value):
    assert exact_number(text, "x") == value


@pytest.mark.parametrize("text", ["٣", "²", "३/4", "1/٤", "0.٥"])
def test_another_scripts_digits_are_no_exact_number(text):
    # as an index or a move number: '٣' (Arabic-Indic three) is no number
    with pytest.raises(InputError, match=r"^x: .* is not a number"):
        exact_number(text, "x")
    assert ascii_whole(text) is None
