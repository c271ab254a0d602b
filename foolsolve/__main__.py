"""``python -m foolsolve`` is the ``foolsolve`` command."""

from foolsolve.cli import main

main()
