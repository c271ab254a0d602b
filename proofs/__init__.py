"""Z3 proofs of rule properties, run by ``foolsolve prove`` and by the tests."""
