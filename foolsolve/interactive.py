"""``foolsolve play POSITION --interactive``: play against the computer at a terminal.

Without ``--seat`` you play the side to move at the start with every card open, and the others
answer:

* in a two-player position, with the first of the solver's best moves where the game's solver
  answers it exactly (within :data:`NODE_BUDGET` nodes) with a plain value and a legal move;
* elsewhere (three or more players, an answer that is a concept rather than a move: Three Fools'
  round odds rank a leader's *plans*, "keep; lead 2R as R", two moves at once; no solver; the
  budget spent) from their own view by the seat analysis, as with ``--seat``;
* where neither answers (a game without views), with a uniformly random legal move, drawn from a
  seeded generator (``--seed``; the seed is printed) — the policy is said on screen when used.

With ``--seat P`` you play player P and see only P's view (:func:`seat_text`: your cards, the
cards face up, every hidden zone as its count); each computer player answers from *its own* view
through :func:`foolsolve.seat.analyse` (PIMC over ``--samples`` worlds, the exact expectation where
that few are consistent, at most ``--think`` seconds a move), which reads the hidden cards only as
the worlds consistent with that view. Other players' moves and chance's outcomes are printed as you
would see them (:func:`seen_move`: ``lead a card face down as R``). ``hint`` is the answer
``foolsolve VIEW.json`` gives for your view, by the same code (:func:`hint_request`). When the
game ends the whole deal is revealed and every move listed; you may then ``undo N`` (back to before
your move N) and play on.

Chance draws its outcome with the game's exact probabilities from the seeded generator.

Commands at the prompt: a move as the spec prints it, ``moves``, ``hint`` (every move's value),
``undo`` (back to your previous decision; ``undo N``: before move N, one of yours), ``review``
(the moves so far), ``why MOVE`` (``foolsolve why``'s explanation; from a seat, explained on a world
of your view without what the move changes), ``show``, ``help``, ``quit``. Commands piped in
(standard input not a terminal) are echoed after the prompt. Ctrl-C stops the game (with
``--out``, the position so far is written).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from typing import Any

import click

from foolsolve.errors import InputError, cut, printable_line
from foolsolve.game import CHANCE, check_player, draw_chance
from foolsolve.numbers import ascii_whole
from foolsolve.present import plural
from foolsolve.solver.base import value_text

NODE_BUDGET = 2_000_000
"""Nodes the solver may search for one answer or hint before the stated policy takes over."""
DEFAULT_SEAT_SAMPLES = 16
"""Worlds a computer player samples from its own view for one move (``--samples``)."""
SEAT_WORLD_NODES = 5_000
"""Each sampled world's node budget (the seat analysis's default)."""

HELP = """commands:
  MOVE          play a move, written as 'moves' lists it (e.g. attack 6H)
  moves         the legal moves
  hint          every legal move's value (the solver's; from your seat, as foolsolve VIEW.json answers)
  undo          take back your last move (and the answers to it)
  undo N        go back to before move N (one of yours; 'review' numbers the moves)
  review        the moves so far
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
    seat: bool = False
    """Playing from your seat (``--seat``): you see your view only."""
    thinking: Thinking = field(default_factory=lambda: Thinking())
    history: list[tuple[Any, str]] = field(default_factory=list)
    """(state before, move text) for every move made."""
    policy_said: bool = False
    store: Any = True
    """The result store the exact solves go through (``True``: the default one; ``None``: none)."""

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
            return cached_solve(self.info, state, SolveOptions(max_nodes=NODE_BUDGET), self.store, lines=True), ""
        except SearchLimit:
            return None, f"no exact answer within {NODE_BUDGET:,} nodes"
        except InputError as exc:
            return None, str(exc)

    def _solver_move(self, state: Any) -> tuple[str, str] | None:
        """The exact solver's best move where it is one: two players, a plain value (not a concept
        such as Three Fools' round odds, whose choices are plans of two moves), a legal move."""
        spec = self.spec
        if spec.num_players(state) != 2:
            return None
        result, _why = self.solve(state)
        if result is None or result.concept or not result.best:
            return None
        try:
            move = spec.parse_move(state, result.best[0])
        except InputError:
            return None
        return str(move), f"solver: value {value_text(result.value)}"

    def _seat_move(self, state: Any, player: int) -> tuple[str, str] | None:
        """The seat analysis's best move from ``player``'s own view, or ``None`` where it has none."""
        try:
            ans = seat_answer(self.info, state, player, self.thinking, self.rng.randrange(2**31))
        except InputError:
            return None
        if ans.interrupted:
            raise KeyboardInterrupt  # Ctrl-C reached the analysis: the user stops the game, not the move
        if not ans.best:
            return None
        best = next(m for m in ans.moves if m.move == ans.best[0])
        try:
            move = self.spec.parse_move(state, best.move)
        except InputError:
            return None
        value = "" if self.seat else f": {best.mean:+.2f}"  # its value would tell of its hidden cards
        return str(move), f"{ans.method} from its view, {plural(ans.worlds, 'world')}{value}"

    def answer(self, state: Any) -> tuple[str, str]:
        """The move a computer player (or chance) makes, and how it was chosen."""
        spec = self.spec
        if spec.to_move(state) == CHANCE:
            return str(draw_chance(spec.chance_outcomes(state), self.rng)), "chance"
        mover = spec.to_move(state)
        chosen = None if self.seat else self._solver_move(state)
        if chosen is None:
            chosen = self._seat_move(state, mover)
        if chosen is not None:
            return chosen
        if not self.policy_said:
            self.policy_said = True
            click.echo(f"(no answer from the solver or from player {mover}'s seat here; the other players play "
                       f"uniformly random legal moves, --seed {self.seed})")
        from foolsolve.game import legal_or_family, uniform_move

        return str(uniform_move(*legal_or_family(spec, state), self.rng)), "random"

    def shown(self, state: Any) -> str:
        """The position as you see it: your view with ``--seat``, else everything."""
        from foolsolve.present import show_text

        return seat_text(self.info, state, self.you) if self.seat else show_text(self.spec, state)


def _say_move(session: Session, state: Any, text: str, how: str = "") -> Any:
    """Apply and print one move: who made it, the move (as you see it), a bout (trick) boundary."""
    spec = session.spec
    move = spec.parse_move(state, text)
    after = spec.apply(state, move)
    player = spec.to_move(state)
    who = "chance" if player == CHANCE else f"player {player}" + (" (you)" if player == session.you else "")
    said = seen_move(session, state, move)
    click.echo(f"{who}: {said}" + (f"   [{how}]" if how else ""))
    ended = spec.boundary(state, move, after)
    note = spec.boundary_note(state, move, after)  # (also of a move that ends no unit: a final tie's Roshambo)
    if ended or note:
        from foolsolve.present import boundary_line

        # (a note says only what every player sees: boundary_note's contract, so it is printed from a seat too)
        click.echo(boundary_line(spec.boundary_name or "round", note, ended))
    session.history.append((state, str(move)))
    return after


def _why(session: Session, state: Any, text: str) -> str:
    """Why ``text`` is (not) a legal move: ``foolsolve why``'s explanation (the spec's rule
    functions, the option values that would change the verdict, the legal moves)."""
    from foolsolve.why import explain

    if session.seat:
        # from your seat: explained on a world of your view, what the move changes left out (the full
        # position would tell, e.g., the card a draw from your face-down stock brings)
        from foolsolve.why import explain_view
        from foolsolve.worlds import read_view, view_of

        return explain_view(read_view(view_of(session.info, state, session.you), check=False), text, False)
    return "\n".join(explain(session.spec, state, text).lines())


# --- playing from a seat ----------------------------------------------------------------------------


@dataclass
class Thinking:
    """How a computer player answers from its own view (``--samples``, ``--think``)."""

    samples: int = DEFAULT_SEAT_SAMPLES
    think: float | None = None
    nodes: int = SEAT_WORLD_NODES
    given: tuple[str, ...] = ()
    """The options given on the command line (``--samples``, ``--think``): without ``--seat`` the
    game's start says where they apply (:func:`open_game_note`)."""

    def text(self) -> str:
        from foolsolve.seat import EXACT_BUDGET_FACTOR

        limit = f", at most {self.think:g} s a move (--think)" if self.think is not None else ""
        return (f"PIMC over {plural(self.samples, 'world')} sampled from its own view (--samples; the exact expectation "
                f"where at most that many worlds are consistent), each world valued open-hand within "
                f"{self.nodes:,} nodes (the exact expectation over fewer worlds: up to {EXACT_BUDGET_FACTOR} times "
                f"that){limit}")


def open_game_note(info: Any, state: Any, thinking: Thinking) -> str:
    """Where ``--samples`` and ``--think`` (given: :attr:`Thinking.given`) apply in a game without
    ``--seat``: a computer player answers from its own view where the exact solver gives no move (three
    or more players, always), and ``hint``, where the exact solver gives no values, answers as
    ``foolsolve VIEW.json`` does, its ``--time`` the ``--think`` (:func:`hint_request`); in a two-player
    position the solver answers, and they apply only where it does not."""
    given = " and ".join(thinking.given)
    hint = (f"hint, where the exact solver gives no values, answering from your view as {hint_request(thinking)[1]} "
            "does" + (", without --samples" if "--samples" in thinking.given else ""))
    if info.solve is not None and info.spec.num_players(state) == 2:
        return (f"({given}: only where the exact solver gives no move within {NODE_BUDGET:,} nodes, there the other "
                f"player answering from its own view: {thinking.text()}; and {hint})")
    return f"({given}: the other players answer from their own views: {thinking.text()}; {hint})"


def seat_answer(info: Any, state: Any, player: int, thinking: Thinking, seed: int) -> Any:
    """The seat analysis of ``player``'s own view of ``state`` (:func:`foolsolve.seat.analyse`): the
    hidden cards reach it only as the worlds consistent with that view."""
    from foolsolve.seat import Budget, Settings, analyse, one_quick_world
    from foolsolve.worlds import worlds_from_state

    worlds = worlds_from_state(info, state, player)
    settings = Settings(method="auto", samples=thinking.samples, seconds=thinking.think, seed=seed,
                        budget=Budget(nodes=thinking.nodes), exact_worlds=thinking.samples)
    try:
        return analyse(info, worlds, settings, names={})
    except InputError:
        if thinking.think is None:
            raise
        # not one world valued in --think (a slow or loaded machine): one, the quickest way, as a bot does
        return analyse(info, worlds, one_quick_world(settings), names={})


def _known_cards(info: Any, state: Any, player: int) -> tuple[Any, set[Any]]:
    """The deck and every card ``player`` sees or knows the place of in ``state``."""
    from foolsolve.worlds import view_of

    obj = view_of(info, state, player)
    deck, _cards, visible = info.spec.view_cards(obj)
    known = {c for _, c in visible}

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for part in ("known", "top", "bottom"):
                for text in v.get(part) or ():
                    known.add(deck.parse(text))
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for key, value in obj.items():
        if key not in ("game", "rules"):
            walk(value)
    return deck, known


def seen_move(session: Session, before: Any, move: Any) -> str:
    """``move``, made at ``before``, as you see it: whole without ``--seat`` and where you made it,
    else as the rules let you see another player's move (:meth:`foolsolve.game.SpecGame.public_move`:
    ``lead a card face down as R``, ``exchange 2 cards``), what the arena's seats are told too."""
    spec = session.spec
    if not session.seat or spec.to_move(before) == session.you:
        return str(move)
    return str(spec.public_move(before, move, session.you))


def seat_text(info: Any, state: Any, player: int) -> str:
    """What ``player`` sees of ``state``, as ``foolsolve show`` writes her view file
    (:func:`foolsolve.worlds.view_text` over :func:`foolsolve.worlds.view_of`): her own cards and
    every card shown face up, every hidden zone face down. The text is drawn from the view file and
    a world of it, not from ``state``, so nothing hidden can reach the screen."""
    from foolsolve.worlds import read_view, view_of, view_text

    return view_text(read_view(view_of(info, state, player), check=False), you=True, count=False)


def review_text(session: Session, state: Any) -> str:
    """The moves so far, numbered (``undo N`` goes back to before move N), as you saw them while the
    game runs, every card once it is over."""
    spec = session.spec
    over = spec.result(state) is not None
    lines = []
    for i, (before, text) in enumerate(session.history):
        player = spec.to_move(before)
        who = "chance" if player == CHANCE else f"player {player}" + (" (you)" if player == session.you else "")
        said = seen_move(session, before, spec.parse_move(before, text)) if not over else text
        lines.append(f"  {i + 1:3}. {who}: {said}")
    return "\n".join(lines) if lines else "  (no moves yet)"


def _undo(session: Session, state: Any, arg: str) -> Any:
    """``undo`` / ``undo N``: the state to play on from, or ``state`` itself (with a message) when there
    is nothing to go back to."""
    spec = session.spec
    mine = [i for i, (s, _) in enumerate(session.history) if spec.to_move(s) == session.you]
    if arg:
        if not session.history:
            click.echo("nothing to undo: no move has been played yet")
            return state
        number = ascii_whole(arg)  # ASCII digits only: '²'.isdigit() holds and int('²') raises
        if number is None or not 1 <= number <= len(session.history):
            click.echo(f"undo N: N is a move number from 1 to {len(session.history)} (see 'review')")
            return state
        if number - 1 not in mine:
            click.echo(f"undo {arg}: move {arg} is not yours; yours are " + (", ".join(str(i + 1) for i in mine)
                                                                            or "none"))
            return state
        back = number - 1
    elif not mine:
        click.echo("nothing to undo")
        return state
    else:
        back = mine[-1]
    state = session.history[back][0]
    del session.history[back:]
    click.echo(f"undone: back to before move {back + 1}")
    return state


def _reveal(session: Session, start: Any, state: Any) -> None:
    """The game is over: every card of the deal, then every move, then the end."""
    from foolsolve.present import show_text

    spec = session.spec
    click.echo("== the game is over; the deal, every card face up:")
    click.echo(show_text(spec, start))
    click.echo("== the moves:")
    click.echo(review_text(session, state))
    click.echo("== the end:")
    click.echo(show_text(spec, state))


def play_interactive(info: Any, state: Any, *, seed: int | None = None, out: str | None = None,
                     seat: int | None = None, thinking: Thinking | None = None, store: Any = True) -> None:
    """Run the prompt loop from ``state`` (standard input and output) until the user quits (with
    ``seat``, after the game ends there is a review prompt: ``undo N`` plays on); with ``out`` the last
    position is written there. Ctrl-C ends the game too, the position so far written to ``out``, and
    then goes on up as KeyboardInterrupt (the CLI exits 130); a user who quits (or ends standard
    input) ends it without. ``store``: the result store of the exact solves (``True``: the default
    one, ``None``: none)."""
    from foolsolve.positions import standard_input, write_json_atomic

    standard_input()  # closed (<&-): the one-line error before anything is shown
    spec = info.spec
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if spec.result(state) is not None:
        raise InputError("position: --interactive starts before the game is over")
    if seat is None:
        you = spec.to_move(state)
        if you == CHANCE:
            raise InputError("position: --interactive starts where a player is to move (or name your --seat)")
    else:
        check_player(spec, state, seat, "--seat")
        if not spec.view_fields:
            raise InputError(f"--seat: {info.title} has no views (the game declares no hidden card zones)")
        you = seat
    session = Session(info, you, random.Random(seed), seed, seat=seat is not None,
                      thinking=thinking or Thinking(), store=store)
    start = state
    if session.seat:
        click.echo(f"You are player {you}; you see your own cards, the others' are face down. The other players "
                   f"answer from their own views: {session.thinking.text()}; chance with the game's odds "
                   f"(--seed {seed}). Type a move, or help.")
    else:
        click.echo(f"You are player {you}. Type a move, or help.")
        if session.thinking.given:
            click.echo(open_game_note(info, state, session.thinking))
    shown = None
    revealed = False
    interrupted = False
    failed: InputError | None = None
    while True:
        # the others answer until it is your turn or the game is over
        try:
            while spec.result(state) is None and spec.to_move(state) != you:
                text, how = session.answer(state)
                state = _say_move(session, state, text, how)
        except KeyboardInterrupt:  # Ctrl-C while a computer player thinks: stop, keeping the position so far
            click.echo("\nstopped")
            interrupted = True
            break
        over = spec.result(state) is not None
        if over and not session.seat:
            click.echo(session.shown(state))  # ends with who won
            break
        if over and not revealed:
            _reveal(session, start, state)
            click.echo("review: 'undo N' goes back to before your move N and plays on; 'quit' ends")
            revealed = True
        if not over and shown is not state:
            click.echo(session.shown(state))
            shown = state
            revealed = False
        label = "review" if over else f"player {you} (you)"
        try:
            read = _prompt(f"{label}> ")
        except KeyboardInterrupt:  # Ctrl-C at the prompt ends the game, keeping the position (exit 130, below)
            read = None
            interrupted = True
        except InputError as exc:  # input that never ends a line: the game ends, keeping the position (exit 2)
            read = None
            failed = exc
        if read is None:
            click.echo()
            break
        line = read.rstrip("\n")
        if not sys.stdin.isatty():
            click.echo(line)  # commands piped in read as typed ones do (a transcript, a script)
        words = line.strip()
        if not words:
            continue
        cmd, _, rest = words.partition(" ")
        cmd = cmd.lower()
        rest = rest.strip()
        if rest and cmd not in ("why", "undo"):
            cmd = ""  # a move (Durak's "show 9S" is a move, "show" alone the command)
        if cmd in ("quit", "exit", "q"):
            break
        try:
            state = _command(session, state, cmd, rest, words, over)
        except KeyboardInterrupt:  # Ctrl-C in a hint or why: stop, keeping the position so far
            click.echo("\nstopped")
            interrupted = True
            break
    if out:
        from foolsolve.cli import wrote

        write_json_atomic(out, spec.state_to_json(state))
        wrote(out)  # as every command whose --out takes its one output says it
    if failed is not None:
        raise failed
    if interrupted:
        raise KeyboardInterrupt


def _command(session: Session, state: Any, cmd: str, rest: str, words: str, over: bool) -> Any:
    """Carry out one command or move typed at the prompt (not quit); the position after it."""
    spec = session.info.spec
    if cmd == "help":
        click.echo(HELP)
    elif cmd == "show":
        click.echo(session.shown(state))
    elif cmd == "review":
        click.echo(review_text(session, state))
    elif cmd == "undo":
        state = _undo(session, state, rest)
    elif over:
        click.echo("the game is over: 'review', 'undo N' (N one of your moves) or 'quit'")
    elif cmd == "moves":
        from foolsolve.game import MAX_LISTED, legal_or_family

        listed, family = legal_or_family(spec, state, MAX_LISTED)  # as `foolsolve moves` lists them
        click.echo("\n".join(str(m) for m in listed))
        if family is not None:  # (Fools and Angels' exchanges of a big hand)
            click.echo(family.type_one())
    elif cmd == "hint":
        _hint(session, state)
    elif cmd == "why":
        click.echo(_why(session, state, rest) if rest else "why MOVE: name the move")
    else:
        try:
            state = _say_move(session, state, words)
        except InputError as exc:
            # the text escaped (click drops an escape sequence it prints to a pipe, and a terminal runs it) and cut
            said = cut(printable_line(words))
            click.echo(f"{exc} (type 'moves' for the legal moves, 'why {said}' for the reason)")
    return state


def hint_request(thinking: Thinking) -> tuple[Any, str]:
    """The :class:`foolsolve.cli.SolveRequest` of ``hint`` from a seat, and the command line it stands
    for: ``foolsolve VIEW.json`` with its own defaults (its worlds, its deeper rounds, its second
    opinion), its ``--time`` the game's ``--think`` where given, else the command's default. The
    game's ``--samples`` is the computer players' budget alone: given to the answer, it would turn
    its second opinion off, as ``foolsolve VIEW.json --samples N`` runs none."""
    from foolsolve.cli import SolveRequest
    from foolsolve.solver.base import DEFAULT_SECONDS

    seconds = thinking.think if thinking.think is not None else DEFAULT_SECONDS
    return SolveRequest(seconds=seconds), f"foolsolve VIEW.json --time {seconds:g}"


def _seat_hint(session: Session, state: Any, head: str) -> None:
    """Every move's value from your own view, after ``head``: the answer ``foolsolve VIEW.json``
    gives for your view (:func:`foolsolve.cli.answer_position`, by the same code: the same worlds,
    seed 0, deeper rounds and second opinion, the same text), within :func:`hint_request`'s time.
    Ctrl-C during it prints the answer so far and stops the game."""
    import time

    from foolsolve.cli import answer_position
    from foolsolve.worlds import read_view, view_of

    request, words = hint_request(session.thinking)
    request.started = time.perf_counter()
    try:
        view = read_view(view_of(session.info, state, session.you), check=False)
        done = answer_position(session.info, view, request)  # no store: an open one is closed by a seat's answer
    except InputError as exc:
        click.echo(f"{head}no values from your seat here: {exc}")
        return
    click.echo(f"{head}from your view, as {words} answers it:")
    click.echo(done.text())
    if done.stop is not None:
        raise KeyboardInterrupt  # Ctrl-C reached the analysis: the answer so far is shown, the game stops


def _hint(session: Session, state: Any) -> None:
    """Every legal move's value: the exact solver's (every card open), or with ``--seat`` the answer
    ``foolsolve VIEW.json`` gives for your view; where the exact solver gives no values (three Durak
    players), that answer too, from your seat (:func:`_seat_hint`)."""
    if session.seat:
        _seat_hint(session, state, "")
        return
    result, why = session.solve(state)
    if result is None or result.value_only:
        _seat_hint(session, state, f"no exact values here ({why}); ")
        return
    best = set(result.best)
    click.echo(f"value for you: {value_text(result.value)}"
               + (f" in {plural(result.distance, 'move')}" if result.distance is not None else ""))
    for m in result.moves:
        d = f" in {m.distance}" if m.distance is not None else ""
        click.echo(f"  {m.move}  {value_text(m.value)}{d}{'  *' if m.move in best else ''}")


def _read_line(limit: int) -> str:
    """One line of standard input, at most ``limit`` characters: read as bytes and decoded line by
    line, as UTF-8 (how moves are written: ``attack 9♦``) or else in standard input's own encoding, so
    that a card typed with its suit reads whatever the locale (in an ASCII locale the text layer
    refused the whole of piped input, at its first non-ASCII byte, as 'not UTF-8')."""
    from foolsolve.positions import standard_input

    raw = getattr(standard_input(), "buffer", None)
    if raw is None:  # a text stream with no bytes under it (a notebook's, a test's)
        return sys.stdin.readline(limit)
    data = raw.readline(limit)
    for encoding in ("utf-8", getattr(sys.stdin, "encoding", None) or "utf-8"):
        try:
            return data.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            if len(data) >= limit and encoding == "utf-8":
                try:  # a long line cut inside a character: the skipping reader drops it anyway
                    return data.decode(encoding, errors="replace")
                except LookupError:
                    pass
    import codecs

    own = getattr(sys.stdin, "encoding", None) or "utf-8"
    try:
        also = "" if codecs.lookup(own).name == "utf-8" else f" nor {own}"
    except LookupError:
        also = ""
    raise InputError(f"standard input: a line that is not UTF-8{also} text")


def _typed() -> bool:
    """Whether standard input is a terminal: a person types there."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _prompt(text: str, err: bool = False) -> str | None:
    """One line of standard input after ``text`` (``None`` at its end), read with a bound: a line
    longer than a move can be is skipped with a one-line note, and one with no end within
    :data:`~foolsolve.positions.MAX_SKIP_BYTES` (``/dev/zero``, an endless pipe) is an
    :class:`InputError`, as a batch's input says it; a line that is not text in standard input's
    encoding is an :class:`InputError` too, except at a terminal, where it is said and asked again.
    ``err``: the prompt and the note on standard error (``--bot human`` where standard output is no
    terminal)."""
    from foolsolve.positions import MAX_MOVE_CHARS, MAX_SKIP_BYTES, _mib

    click.echo(text, nl=False, err=err)
    limit = 4 * MAX_MOVE_CHARS
    while True:
        try:
            line = _read_line(limit + 1)
        except InputError as exc:
            if not _typed():
                raise  # (piped input: the rest would be read the same way)
            # a person at a terminal (a stray key, another encoding): said, and asked again
            click.echo(f"{str(exc).removeprefix('standard input: ')}: ignored; type it again", err=err)
            click.echo(text, nl=False, err=err)
            continue
        if not line:
            return None
        if len(line) <= limit or line.endswith("\n"):
            return line
        skipped = 0
        while skipped <= MAX_SKIP_BYTES:
            rest = _read_line(1 << 16)
            if not rest or rest.endswith("\n"):
                break
            skipped += len(rest)
        else:
            raise InputError(f"standard input: a line longer than {limit} characters and no line end within "
                             f"{_mib(MAX_SKIP_BYTES)}; the rest of the input is not read")
        click.echo(f"a line longer than {limit} characters is no move or command; ignored", err=err)
        click.echo(text, nl=False, err=err)
