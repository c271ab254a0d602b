"""Foolery: ``search`` the exact open-hand solver (``foolsolve.solver.foolery.search:solve`` is the
registry's), ``ambiguity`` the ambiguity explorer's adapter. Importing this package imports neither."""
