"""Three Fools: ``odds`` the exact round odds (``foolsolve.solver.three_fools.odds:solve`` is the
registry's), ``equilibrium`` the equilibrium of a round's bluff, ``cli`` its commands (``simulate``).
Importing this package imports none of them."""
