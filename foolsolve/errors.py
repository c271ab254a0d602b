"""Errors that the CLI turns into a one-line message and exit code 2."""

from __future__ import annotations


class InputError(ValueError):
    """Bad user input: malformed JSON, unknown or duplicate card, impossible position,
    unknown rule option. The message is one line and names the offending field."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


class PositionError(InputError):
    """A position that cannot occur under the rules (names the field)."""
