"""The test suite: ``tests/generic/`` runs over every registered game; ``tests/<game>/`` (the game's
registry name with ``_`` for ``-``) holds one game's tests, its helpers and its own data
(``data/``; the perft files and playthroughs are the package's, ``foolsolve/data/``: foolsolve.reference).
See docs/architecture.md, "Tests"."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
"""This folder."""


def game_dir(name: str) -> Path:
    """The folder of a game's tests and data (``fools-paradise`` -> ``tests/fools_paradise``)."""
    return TESTS / name.replace("-", "_")


def game_data(name: str) -> Path:
    """The game's own test data folder (the perft files and playthroughs: foolsolve.reference)."""
    return game_dir(name) / "data"
