"""Z3 proofs of rule properties, run by ``foolsolve prove`` and by the tests."""

if __name__ != "foolsolve.proofs":
    # pyproject.toml maps this folder to foolsolve.proofs; imported as a top-level package from the
    # repository root it would load every module a second time, with classes unequal to the real ones
    raise ImportError(f"import foolsolve.proofs, not {__name__} (the folder proofs/ is the package foolsolve.proofs)")

