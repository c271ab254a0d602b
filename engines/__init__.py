"""Each game again, fast (bitmasks, incremental state, cheap hashing): one module per game.
An engine may never disagree with its spec; ``tests/`` and ``foolsolve conform`` check it."""
