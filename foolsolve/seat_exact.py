"""An answer from one seat that the game's exact solver gives itself (docs/seat.md, "The game's own
solver from one seat").

Where a game's exact solver answers from one player's knowledge (Three Fools' round odds from
``-o viewer=P``: averaged over every deal of the cards P does not see), her view (a view file, or
``--as P``) gets that answer, the one the full position gives for her seat: the registry's
:attr:`~foolsolve.games.base.GameInfo.seat_solver` names the solver options under which the solver
reads only what she sees, and the solver answers on one world of her view. Which world does not
matter: every world of the view gives the same answer (tests/three_fools/test_seat_exact.py solves
several worlds of several views and compares them with the full position's answer).

``foolsolve VIEW.json``, ``--as P``, ``report`` and a batch's view lines come here first, unless a
seat method is asked for (``--method``, ``--samples``): those keep the seat analysis' answer
(:mod:`foolsolve.seat`), the whole game's value from her seat. ``--seed`` picks the world sampled
(no effect on the answer; ``--as P`` solves the position itself), and ``--workers`` and
``--scheduler`` spread the seat analysis' worlds over processes: given to solve or report, the
answer notes them as not applied (:func:`unapplied_notes`), as it notes ``--max-memory`` where the
solver keeps no transposition table. ``--time`` and ``--max-nodes`` bound the solver as they bound
a full position's exact solve. Such answers are not stored: the world is a sample, and the solver
reads the view, which the store does not key on (the round odds take well under a second).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from foolsolve.errors import LimitError, OptionError, option_name


@dataclass(frozen=True)
class SeatExact:
    """What the exact solver answers from ``player``'s seat: ``world``, one world of her view (or
    the full position itself), under the solver options ``extra``."""

    world: Any
    player: int
    extra: dict[str, Any]


def seat_exact(info: Any, worlds: Any, extra: dict[str, Any], seed: int | None = None,
               world: Any = None) -> SeatExact | None:
    """Where ``info``'s exact solver answers from the seat of ``worlds.player`` (the registry's
    ``seat_solver`` says so for a world of her view): one world (``world``, else one sampled with
    ``seed``) and the solver options (``extra``, the ``-o`` options given, checked). ``None``: the
    seat analysis answers (no such solver, the game is over, another phase). An ``-o`` option that
    is not the exact solver's, or that would read a card hidden from her, is an
    :class:`~foolsolve.errors.OptionError`."""
    from foolsolve.solver.base import SolveOptions
    from foolsolve.solver.open_hand import exact_option_names

    if info.declared("seat_solver") is None or info.declared("solve") is None:
        return None
    if world is None:
        world = worlds.sample(random.Random(seed)) if seed else worlds.first()
    if info.spec.is_terminal(world):
        return None
    options = info.seat_solver(world, worlds.player, dict(extra))
    if options is None:
        return None
    names = exact_option_names(info)
    for key in sorted(options):
        if key not in names:
            raise OptionError(f"{option_name('option')} {key}: not an option of the exact solver of {info.title}, which "
                              "answers from "
                              f"player {worlds.player}'s view here ('foolsolve rules {info.name} --solver' lists "
                              "its options)")
    if info.solver_check is not None:
        info.solver_check(SolveOptions(extra=dict(options)))
    return SeatExact(world, worlds.player, options)


def seat_exact_note(player: int) -> str:
    """The note of an answer from one seat given by the game's exact solver."""
    return (f"answered by the game's own exact solver from player {player}'s view: it reads only what player "
            f"{player} sees, so every position consistent with her view gets this answer, the full position's for "
            f"her seat; --method pimc|ismcts|exact gives the whole game's value from her seat instead (docs/seat.md)")


def one_world_method(player: int, method: str | None) -> str:
    """The method line of a view with exactly one consistent world, answered as that world's full
    position (docs/seat.md): the view's one world named, then the method that solved it."""
    head = f"the one world consistent with player {player}'s view, solved as its full position"
    return f"{head}: {method}" if method else head


def one_world_notes(unused: list[str]) -> list[str]:
    """The note of the seat options given to a view with one consistent world (``--seed``, ``--workers``,
    ``--scheduler``), which choose and spread a seat analysis' worlds: not applied."""
    if not unused:
        return []
    verb = "choose and spread" if len(unused) > 1 else "chooses" if unused == ["--seed"] else "spreads"
    they = "they" if len(unused) > 1 else "it"
    return [f"not applied: {', '.join(unused)} ({they} {verb} the worlds of a seat analysis; this view has one world, "
            "solved as its full position)"]


def unapplied_notes(seed: int | None, position: bool, spread: list[str]) -> list[str]:
    """The notes of the options given to an answer from one seat that the game's own solver does not
    read: ``--seed`` (``seed`` not ``None``), which picks the world it reads, and no world changes its
    answer (``position``: the full position itself was read, ``--as P``), and ``spread`` (``--workers``,
    ``--scheduler``), which spread the seat analysis' worlds over processes."""
    notes = []
    if seed is not None:
        notes.append("not applied: --seed (it picks the world of the view the solver reads, and every world gives "
                      "this answer)" if not position else
                      "not applied: --seed (it picks a world of the view; the position itself was read)")
    if spread:
        notes.append(f"not applied: {', '.join(spread)} (they spread the seat analysis' worlds over processes; the "
                     "game's own solver reads one world, here)")
    return notes


def solve_seat_exact(info: Any, exact: SeatExact, max_nodes: int | None = None, seconds: float | None = None,
                     max_memory: int | None = None, tick: Any = None) -> Any:
    """The exact solver's answer (a :class:`~foolsolve.solver.base.SolveResult`, its method named and
    :func:`seat_exact_note` added) on ``exact.world``, within ``seconds`` and ``max_nodes``; a limit
    reached before the value and a best move are proved is a :class:`~foolsolve.errors.LimitError` naming it."""
    from foolsolve.solver.base import SearchLimit, SolveOptions, limit_text, stopped_answer

    opts = SolveOptions(max_nodes=max_nodes, extra=dict(exact.extra), time_limit=seconds, max_memory=max_memory,
                        progress=tick)
    try:
        result = info.solve(exact.world, opts)  # --time applied and the method named (GameInfo.solve)
    except SearchLimit as exc:
        if exc.partial is None or not exc.partial.answers():
            raise LimitError(limit_text(exc, opts)) from None
        result = stopped_answer(exc.partial, limit_text(exc, opts, note=True))
    result.notes.append(seat_exact_note(exact.player))
    return result
