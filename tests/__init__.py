"""The test suite: ``tests/generic/`` runs over every registered game; ``tests/<game>/`` (the game's
registry name with ``_`` for ``-``) holds one game's tests, its helpers and its data (``data/perft.json``,
``data/playthroughs/``). See docs/architecture.md, "Tests"."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
"""This folder."""


def game_dir(name: str) -> Path:
    """The folder of a game's tests and data (``fools-paradise`` -> ``tests/fools_paradise``)."""
    return TESTS / name.replace("-", "_")


def game_data(name: str) -> Path:
    """The game's test data folder (perft file, playthroughs)."""
    return game_dir(name) / "data"
