"""foolsolve: the rules of five 'fool' card games as executable, checkable code, with exact
solvers. Shared pieces live here (cards, rule options, the game shape, position files,
the CLI); each game has a module in ``foolsolve.spec``, ``foolsolve.engines`` and
``foolsolve.solver``.

From Python (docs/python.md): ``foolsolve.answer("position.json")`` is the answer
``foolsolve position.json`` gives (a view file's too), ``foolsolve.load(...)`` a position or
view as a :class:`Position` that a notebook draws and that answers the rules' questions (its
moves, ``to_move``, ``result()``, ``why(move)``, ``perft(depth)``), ``foolsolve.games`` the game
registry; ``foolsolve.reference`` the perft files and playthroughs shipped for checking an engine
(docs/engines.md). Every
name below is imported on first use, so that ``import foolsolve`` (and the command's start-up)
stays cheap.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing, which would double the import time)
__version__ = "0.1.0"


def _source_checkout_path() -> None:
    """Imported from a source checkout (this folder beside pyproject.toml and the folders that
    pyproject's package-dir maps to foolsolve.spec, .engines, .solver and .proofs), let the package
    find those folders itself: from the repository root the folder foolsolve/ on ``sys.path`` (the
    current directory) is found before any install, and without an editable install's finder
    nothing maps ``foolsolve.solver`` to solver/. An installed copy has no pyproject.toml beside it
    and is left as it is; an editable install of this checkout maps to the same folders."""
    import os  # (loaded at every start-up with the site module; its path functions only stat)

    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if os.path.isfile(os.path.join(top, "pyproject.toml")) and all(
            os.path.isfile(os.path.join(top, folder, "__init__.py")) for folder in ("spec", "engines", "solver", "proofs")):
        __path__.append(top)


_source_checkout_path()
del _source_checkout_path

_LAZY: dict[str, str] = {
    # name -> "module:attribute" ("module:" for the module itself)
    "answer": "foolsolve.api:answer",
    "answer_text": "foolsolve.api:answer_text",
    "load": "foolsolve.api:load",
    "Solved": "foolsolve.api:Solved",
    "Position": "foolsolve.svg:Position",
    "SeatAnswer": "foolsolve.seat:SeatAnswer",
    "View": "foolsolve.worlds:View",
    "Worlds": "foolsolve.worlds:Worlds",
    "InputError": "foolsolve.errors:InputError",
    "PositionError": "foolsolve.errors:PositionError",
    "OptionError": "foolsolve.errors:OptionError",
    "IllegalMove": "foolsolve.game:IllegalMove",
    "NotCovered": "foolsolve.solver.base:NotCovered",
    "SearchLimit": "foolsolve.solver.base:SearchLimit",
    "games": "foolsolve.games:",
    "bundled_examples": "foolsolve.bundled:bundled_examples",
}

__all__ = [
    "IllegalMove", "InputError", "NotCovered", "OptionError", "Position", "PositionError", "SearchLimit", "SeatAnswer",
    "Solved", "View", "Worlds", "__version__", "answer", "answer_text", "bundled_examples", "games", "load",
]
"""The public names: :data:`_LAZY`'s and the version (tests/generic/test_python_api.py holds them equal)."""

if TYPE_CHECKING:  # what a type checker and an editor see; at run time each is imported on first use
    from typing import Any

    from foolsolve import games
    from foolsolve.api import Solved, answer, answer_text, load
    from foolsolve.bundled import bundled_examples
    from foolsolve.errors import InputError, OptionError, PositionError
    from foolsolve.game import IllegalMove
    from foolsolve.seat import SeatAnswer
    from foolsolve.solver.base import NotCovered, SearchLimit
    from foolsolve.svg import Position
    from foolsolve.worlds import View, Worlds


if not TYPE_CHECKING:  # hidden from type checkers: a module __getattr__ would make every name, a misspelt one too, Any
    def __getattr__(name: str) -> Any:
        target = _LAZY.get(name)
        if target is None:
            raise AttributeError(f"module 'foolsolve' has no attribute {name!r}")
        import importlib

        module, _, attr = target.partition(":")
        value = importlib.import_module(module)
        if attr:
            value = getattr(value, attr)
        globals()[name] = value  # found directly from now on
        return value


def __dir__() -> list[str]:
    return sorted({*(n for n in globals() if n not in ("TYPE_CHECKING", "annotations")), *_LAZY})
