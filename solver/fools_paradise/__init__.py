"""Fool's Paradise: ``search`` the exact solver (``foolsolve.solver.fools_paradise.search:solve`` is
the registry's), ``capture`` the collections of one turn (``foolsolve capture``) with ``capture_z3`` its
second method, ``ambiguity`` the ambiguity explorer's adapter. Importing this package imports none of them."""
