"""foolsolve: the rules of five 'fool' card games as executable, checkable code, with exact
solvers. Shared pieces live here (cards, rule options, the game shape, position files,
the CLI); each game has a module in ``foolsolve.spec``, ``foolsolve.engines`` and
``foolsolve.solver``."""

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    # ``foolsolve.Position`` (a position that draws itself in Jupyter), imported on first use so
    # that ``import foolsolve`` stays cheap
    if name == "Position":
        from foolsolve.svg import Position

        return Position
    raise AttributeError(f"module 'foolsolve' has no attribute {name!r}")
