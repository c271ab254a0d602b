"""Fools and Angels: ``search`` the exact solver (``foolsolve.solver.fools_and_angels.search:solve`` is
the registry's), ``defence`` the legal defences of one attack (``foolsolve defend``) with ``defence_z3`` its
second method and ``defence_cli`` the command, ``ambiguity`` the ambiguity explorer's adapter. Importing this
package imports none of them."""
