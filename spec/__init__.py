"""The rules of each game as plain, literal, slow Python: one module per game."""

if __name__ != "foolsolve.spec":
    # pyproject.toml maps this folder to foolsolve.spec; imported as a top-level package from the
    # repository root it would load every module a second time, with classes unequal to the real ones
    raise ImportError(f"import foolsolve.spec, not {__name__} (the folder spec/ is the package foolsolve.spec)")

