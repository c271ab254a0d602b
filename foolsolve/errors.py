"""Errors that the CLI turns into a one-line message and exit code 2."""

from __future__ import annotations


class InputError(ValueError):
    """Bad user input: malformed JSON, unknown or duplicate card, impossible position,
    unknown rule option. The message is one line and names the offending field."""

    def __init__(self, message: str) -> None:
        # a lone surrogate (quoted from a JSON string or from undecodable bytes on the command
        # line) cannot be printed: it is shown as its escape, \ud800
        text = message.encode("utf-8", "backslashreplace").decode("utf-8")
        super().__init__(" ".join(text.split()))


class PositionError(InputError):
    """A position that cannot occur under the rules (names the field)."""


class OptionError(InputError):
    """A solver option (``-o KEY=VALUE``) that is unknown, has a bad value, or that this position
    cannot take (``-o player=7`` of three players); the message names the option (``option KEY: ...``,
    ``reductions.twins: ...``). ``report`` tells it from the exact solver's refusal of a position by
    its class: bad input, never a page saying why there are no values."""


class Stopped(KeyboardInterrupt):
    """Ctrl-C with the one line the CLI prints for it (what was kept, how to resume) in place of
    plain ``interrupted``: ``foolsolve: MESSAGE`` on standard error, or with ``--json`` the JSON
    error object with MESSAGE; exit 130."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
