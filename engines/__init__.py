"""Each game again, fast (bitmasks, incremental state, cheap hashing): one module per game, plus
``GAME_playout.py`` where a game has a native random playout (``ENGINE.playout`` imports it on first
use; it holds the tables only the playout needs). An engine may never disagree with its spec;
``tests/`` and ``foolsolve conform`` check it."""

if __name__ != "foolsolve.engines":
    # pyproject.toml maps this folder to foolsolve.engines; imported as a top-level package from the
    # repository root it would load every module a second time, with classes unequal to the real ones
    raise ImportError(f"import foolsolve.engines, not {__name__} (the folder engines/ is the package foolsolve.engines)")

