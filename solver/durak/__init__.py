"""The exact two-player Durak endgame solver (docs/durak-solver.md).

``search`` is the Python search and ``solve``; ``compiled`` the same search compiled with numba
(imported only for a position it searches); ``shared`` what both use. The names below are the
package's interface (``foolsolve.solver.durak:solve`` is the registry's solver).
"""

from foolsolve.solver.durak.search import (
    JIT_MIN_CARDS,
    RootPlan,
    Solver,
    ask,
    check_endgame,
    check_range,
    child_range,
    endgame_for,
    first_with_value,
    jit_choice,
    principal_variation,
    search_for,
    solve,
)
from foolsolve.solver.durak.shared import DRAW, LOSS, WIN, Reductions, leads_split

__all__ = [
    "DRAW",
    "JIT_MIN_CARDS",
    "LOSS",
    "WIN",
    "Reductions",
    "RootPlan",
    "Solver",
    "ask",
    "check_endgame",
    "check_range",
    "child_range",
    "endgame_for",
    "first_with_value",
    "jit_choice",
    "leads_split",
    "principal_variation",
    "search_for",
    "solve",
]
