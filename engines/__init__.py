"""Each game again, fast (bitmasks, incremental state, cheap hashing): one module per game, plus
``GAME_playout.py`` where a game has a native random playout (``ENGINE.playout`` imports it on first
use; it holds the tables only the playout needs). An engine may never disagree with its spec;
``tests/`` and ``foolsolve conform`` check it."""
