"""``foolsolve play POSITION --interactive``: play against the solver at a terminal.

You play the side to move at the start; every other player (and chance) answers:

* a player answers with the first of the solver's best moves where the game's solver answers
  the position exactly (within :data:`NODE_BUDGET` nodes);
* elsewhere (no solver, a position it does not take, the budget spent) with a uniformly random
  legal move, drawn from a seeded generator (``--seed``; the seed is printed) — the policy is
  said on screen when it is first used;
* chance draws its outcome with the game's exact probabilities from the same generator.

Commands at the prompt: a move as the spec prints it, ``moves``, ``hint`` (every move's value),
``undo`` (back to your previous decision), ``why MOVE`` (why a move is illegal: the spec's
``why_illegal`` where it has one, else the legal moves), ``show``, ``help``, ``quit``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import click

from foolsolve.errors import InputError
from foolsolve.game import CHANCE

NODE_BUDGET = 2_000_000
"""Nodes the solver may search for one answer or hint before the stated policy takes over."""

HELP = """commands:
  MOVE          play a move, written as 'moves' lists it (e.g. attack 6H)
  moves         the legal moves
  hint          every legal move's value from the solver
  undo          take back your last move (and the answers to it)
  why MOVE      why MOVE is not legal here
  show          the position again
  help          this list
  quit          stop (with --out: the position is written there)"""


@dataclass
class Session:
    """An interactive game: the states so far and the seat you play."""

    info: Any
    you: int
    rng: random.Random
    seed: int
    history: list[tuple[Any, str]] = field(default_factory=list)
    """(state before, move text) for every move made."""
    policy_said: bool = False

    @property
    def spec(self) -> Any:
        return self.info.spec

    def solve(self, state: Any) -> tuple[Any | None, str]:
        """The solver's result for ``state``, or ``None`` and why there is none."""
        from foolsolve.solver.base import SearchLimit, SolveOptions

        if self.info.solve is None:
            return None, f"{self.info.title} has no exact solver"
        try:
            from foolsolve.store import cached_solve

            # a position seen before (an undo, a replay) comes from the result store
            return cached_solve(self.info, state, SolveOptions(max_nodes=NODE_BUDGET)), ""
        except SearchLimit:
            return None, f"no exact answer within {NODE_BUDGET:,} nodes"
        except InputError as exc:
            return None, str(exc)

    def answer(self, state: Any) -> tuple[str, str]:
        """The move a computer player (or chance) makes, and how it was chosen."""
        spec = self.spec
        if spec.to_move(state) == CHANCE:
            outcomes = spec.chance_outcomes(state)
            moves = [m for m, _ in outcomes]
            weights = [float(p) for _, p in outcomes]
            return str(self.rng.choices(moves, weights)[0]), "chance"
        result, why = self.solve(state)
        if result is not None and result.best:
            return result.best[0], f"solver: value {result.value}"
        if not self.policy_said:
            self.policy_said = True
            click.echo(f"(no exact answer here: {why}; the other players play uniformly random legal moves, "
                       f"--seed {self.seed})")
        return str(self.rng.choice(spec.legal_moves(state))), "random"


def _say_move(session: Session, state: Any, text: str, how: str = "") -> Any:
    """Apply and print one move: who made it, the move, a bout (trick) boundary."""
    spec = session.spec
    move = spec.parse_move(state, text)
    after = spec.apply(state, move)
    player = spec.to_move(state)
    who = "chance" if player == CHANCE else f"player {player}" + (" (you)" if player == session.you else "")
    click.echo(f"{who}: {move}" + (f"   [{how}]" if how else ""))
    if spec.boundary(state, move, after):
        click.echo(f"-- end of {getattr(spec, 'boundary_name', '') or 'round'} --")
    session.history.append((state, str(move)))
    return after


def _why(session: Session, state: Any, text: str) -> str:
    """Why ``text`` is (not) a legal move: ``foolsolve why``'s explanation where that module is
    present, else the spec's ``why_illegal`` (rules against the move), else the legal moves."""
    import importlib

    spec = session.spec
    try:
        explain = importlib.import_module("foolsolve.why").explain
    except (ModuleNotFoundError, AttributeError):
        explain = None
    if explain is not None:
        return "\n".join(explain(spec, state, text).lines())
    legal = ", ".join(str(m) for m in spec.legal_moves(state))
    try:
        move = spec.parse_move(state, text)
        return f"{move} is legal here"
    except InputError:
        pass
    why_illegal = getattr(spec, "why_illegal", None)
    read_move = getattr(spec, "read_move", None)
    if why_illegal is not None and read_move is not None:
        try:
            reasons = why_illegal(state, read_move(state, text))
        except InputError as exc:
            return f"{text!r} is not a move here: {exc}; the legal moves are: {legal}"
        said = [r.text(spec.seed_file) if callable(getattr(r, "text", None)) else str(r) for r in reasons]
        return f"{text!r} is not legal here: {'; '.join(said)}; the legal moves are: {legal}"
    return f"{text!r} is not legal here; the legal moves are: {legal}"


def play_interactive(info: Any, state: Any, *, seed: int | None = None, out: str | None = None) -> None:
    """Run the prompt loop from ``state`` (standard input and output) until the game ends or the
    user quits; with ``out`` the last position is written there."""
    from foolsolve.positions import write_json_atomic
    from foolsolve.present import show_text

    spec = info.spec
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    you = spec.to_move(state)
    if you == CHANCE or spec.result(state) is not None:
        raise InputError("position: --interactive starts where a player is to move")
    session = Session(info, you, random.Random(seed), seed)
    click.echo(f"You are player {you}. Type a move, or help.")
    shown = None
    while True:
        # the others answer until it is your turn or the game is over
        while spec.result(state) is None and spec.to_move(state) != you:
            text, how = session.answer(state)
            state = _say_move(session, state, text, how)
        if spec.result(state) is None and shown is not state:
            click.echo(show_text(spec, state))
            shown = state
        if spec.result(state) is not None:
            click.echo(show_text(spec, state))  # ends with who won
            break
        line = _prompt(f"player {you} (you)> ")
        if line is None:
            click.echo()
            break
        words = line.strip()
        if not words:
            continue
        cmd, _, rest = words.partition(" ")
        cmd = cmd.lower()
        if rest.strip() and cmd != "why":
            cmd = ""  # a move (Durak's "show 9S" is a move, "show" alone the command)
        if cmd in ("quit", "exit", "q"):
            break
        if cmd == "help":
            click.echo(HELP)
        elif cmd == "show":
            click.echo(show_text(spec, state))
        elif cmd == "moves":
            click.echo("\n".join(str(m) for m in spec.legal_moves(state)))
        elif cmd == "hint":
            result, why = session.solve(state)
            if result is None or result.value_only:
                click.echo(f"no exact values here: {why}")
            else:
                best = set(result.best)
                click.echo(f"value for you: {result.value}")
                for m in result.moves:
                    click.echo(f"  {m.move}  {m.value}{'  *' if m.move in best else ''}")
        elif cmd == "undo":
            mine = [i for i, (s, _) in enumerate(session.history) if spec.to_move(s) == you]
            if not mine:
                click.echo("nothing to undo")
                continue
            state = session.history[mine[-1]][0]
            del session.history[mine[-1]:]
            click.echo("undone")
        elif cmd == "why":
            click.echo(_why(session, state, rest) if rest else "why MOVE: name the move")
        else:
            try:
                state = _say_move(session, state, words)
            except InputError as exc:
                click.echo(f"{exc} (type 'moves' for the legal moves, 'why {words}' for the reason)")
    if out:
        write_json_atomic(out, spec.state_to_json(state))
        click.echo(f"position written to {out}")


def _prompt(text: str) -> str | None:
    """One line of standard input after ``text`` (``None`` at its end), read with a bound: a line
    longer than a move can be (``/dev/zero``, an endless pipe) is skipped with a one-line note."""
    import sys

    from foolsolve.positions import MAX_MOVE_CHARS, MAX_SKIP_BYTES

    click.echo(text, nl=False)
    limit = 4 * MAX_MOVE_CHARS
    while True:
        try:
            line = sys.stdin.readline(limit + 1)
        except UnicodeDecodeError:
            raise InputError("standard input: not UTF-8 text") from None
        if not line:
            return None
        if len(line) <= limit or line.endswith("\n"):
            return line
        skipped = 0
        while skipped <= MAX_SKIP_BYTES:
            rest = sys.stdin.readline(1 << 16)
            if not rest or rest.endswith("\n"):
                break
            skipped += len(rest)
        else:
            return None
        click.echo(f"a line longer than {limit} characters is no move or command; ignored")
        click.echo(text, nl=False)
