"""The reference data shipped with the package, for checking an engine (foolsolve's own, or
another program's) against the spec: perft files and recorded playthroughs, in
``foolsolve/data/`` (docs/engines.md describes their format; the JSON Schemas are
``foolsolve/schemas/perft.schema.json`` and ``playthrough.schema.json``).

* ``data/perft/GAME.json``: ``{"game", "source", "positions": [{"name", "position", "counts"}]}``,
  ``counts[d]`` the move sequences of length ``d`` from ``position``, counted by the spec.
* ``data/playthroughs/GAME-seedS-pN.json``: ``{"game", "source", "start", "moves", "end",
  "result"}``, one whole game from a deal, move by move.

Every position in them is complete (:func:`complete`: the standard form ``foolsolve play POS
--json --complete`` prints, every rule option written out), so an engine reading them needs no
defaults of its own. The tests (tests/generic/test_perft.py, test_playthroughs.py) read these same files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
"""The folder of the reference data."""


def _game_name(game: str | None) -> str | None:
    """The registry name of ``game`` (``None``: every game), checked."""
    if game is None:
        return None
    from foolsolve import games

    return games.get(game).name


def perft_files(game: str | None = None) -> list[Path]:
    """The perft files (of ``game``, or of every game that has one), sorted by name."""
    name = _game_name(game)
    return sorted((DATA / "perft").glob("*.json" if name is None else f"{name}.json"))


def playthrough_files(game: str | None = None) -> list[Path]:
    """The recorded playthroughs (of ``game``, or of every game), sorted by name."""
    name = _game_name(game)
    return sorted((DATA / "playthroughs").glob("*.json" if name is None else f"{name}-seed*.json"))


def complete(position: Any) -> dict[str, Any]:
    """A position's JSON (a position file's object) complete: its standard form with every rule
    option written out (:func:`foolsolve.positions.standard_form` with ``complete=True``, what
    ``foolsolve play POS --json --complete`` prints). It reads back as the same position."""
    from foolsolve import games
    from foolsolve.errors import check_arg
    from foolsolve.positions import game_of, standard_form

    position = check_arg("position", position, dict, "a position file's JSON object (a dict)")
    spec = games.get(game_of(position)).spec
    return standard_form(spec, spec.state_from_json(position), complete=True)


def files(game: str | None = None) -> list[Path]:
    """Every reference file (of ``game``): the perft files, then the playthroughs
    (``foolsolve perft --list`` prints these paths)."""
    return perft_files(game) + playthrough_files(game)
