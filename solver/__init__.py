"""Exact solvers on top of the engines, and the independent methods that check them."""

if __name__ != "foolsolve.solver":
    # pyproject.toml maps this folder to foolsolve.solver; imported as a top-level package from the
    # repository root it would load every module a second time, with classes unequal to the real ones
    raise ImportError(f"import foolsolve.solver, not {__name__} (the folder solver/ is the package foolsolve.solver)")

