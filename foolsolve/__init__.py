"""foolsolve: the rules of five 'fool' card games as executable, checkable code, with exact
solvers. Shared pieces live here (cards, rule options, the game shape, position files,
the CLI); each game has a module in ``foolsolve.spec``, ``foolsolve.engines`` and
``foolsolve.solver``."""

__version__ = "0.1.0"
