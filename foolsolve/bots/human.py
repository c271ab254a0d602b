"""``human``: a person at the terminal plays this seat, seeing only that seat's view.

At each of its turns the bot shows the moves made since the seat's last move as that player saw
them made (:attr:`foolsolve.bots.Seat.played`: the others' face-down cards as such), then the
seat's view as ``foolsolve show`` shows a view file (the same text:
:func:`foolsolve.worlds.view_text`, with ``(you)`` on the seat, as ``play --interactive --seat``
shows it), then the numbered legal moves, and reads an answer: a number from the list or a move as
the list writes it (cards as ``6H`` or ``6♥``). An empty line asks again; ``help`` (or ``?``) says
how to answer and lists the moves again; ``show`` shows the view again; ``history`` every move of
the game so far; ``quit`` (``exit``,
``q``, or the end of input) stops the match as Ctrl-C does: the games finished are kept, the game
under way is not, and the command exits 130. A status line drawn on the terminal (the arena's) is
cleared while the bot asks (:func:`foolsolve.progress.paused`).

The person answers at this process's terminal, so a match with a human bot is played in the main
process on a terminal: :func:`check_match` refuses any other before the match starts (before
``--out`` is written)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NoReturn

import click

from foolsolve.bots import Bot, BotInfo, Forfeit, Seat
from foolsolve.errors import InputError, Stopped, option_name

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?")
SHOW_WORDS = ("show",)
HISTORY_WORDS = ("history",)

PROMPT = "your move (number or move; help, quit)> "

HOW = """answer with:
  a number      the move of that number in the list below
  a move        as the list writes it (cards may be written 6H or 6♥)
  show          your view again
  history       every move of this game so far, as you saw it made
  help, ?       this text and the legal moves
  quit          stop the match, as Ctrl-C does: the games finished are kept (with --out, in its file),
                this one is not"""


class Quit(Stopped):
    """``quit`` (or the end of input) at a human bot's prompt: the match stops as on Ctrl-C (a
    :class:`~foolsolve.errors.Stopped`, exit 130), and the command's one line says so."""

    def __init__(self) -> None:
        super().__init__("stopped by quit")


_QUIT: ContextVar[list[bool] | None] = ContextVar("foolsolve_human_quit", default=None)


@contextmanager
def quit_watch() -> Iterator[list[bool]]:
    """A block whose list holds ``True`` once a human bot's player has typed ``quit`` within it (the
    arena then says the match stopped by quit, not by Ctrl-C: the match itself sees a Ctrl-C)."""
    box: list[bool] = []
    token = _QUIT.set(box)
    try:
        yield box
    finally:
        _QUIT.reset(token)


def read_answer(prompt: str) -> str | None:
    """One line typed after ``prompt`` (``None`` at the end of input), read as ``play --interactive``
    reads its prompt: bounded, UTF-8 or the terminal's encoding; the prompt where :func:`say` writes
    (the tests replace this function)."""
    from foolsolve.interactive import _prompt

    return _prompt(prompt, err=_on_stderr())


def _on_stderr() -> bool:
    """Whether the bot's screen goes to standard error: where standard output is no terminal (the
    results written to a file or a pipe, ``--json > results.json``), which it would fill."""
    import sys

    try:
        return not sys.stdout.isatty()
    except (AttributeError, ValueError):
        return True


def say(text: str = "") -> None:
    """A line of the bot's screen: on standard output, or where that is no terminal on standard
    error (:func:`_on_stderr`), so that the results alone go to a file or a pipe."""
    click.echo(text, err=_on_stderr())


def uses_human(bots: Sequence[str]) -> bool:
    """Whether one of the bots named (command-line labels) is ``human``."""
    from foolsolve import bots as registry

    return any(registry.parse(b)[0].name == BOT.name for b in bots)


def check_match(bots: Sequence[str], workers: Any = 1, scheduler: str | None = None) -> None:
    """Before a match with a human bot starts (before ``--out`` is written): the one-line error of a
    match played elsewhere than this process (``--workers`` more than 1, ``--scheduler``: a worker
    has no terminal), or of standard input closed or not a terminal (a pipe, a file: no person
    answers there)."""
    if not uses_human(bots):
        return
    many = isinstance(workers, int) and not isinstance(workers, bool) and workers > 1
    if many:
        raise InputError(f"{option_name('--bot')} human: a human bot plays in the main process only, at its "
                         f"terminal, not with {option_name('--workers')} {workers}: use {option_name('--workers')} 1")
    if scheduler:
        raise InputError(f"{option_name('--bot')} human: a human bot plays in the main process only, at its "
                         f"terminal, not on a cluster: leave out {option_name('--scheduler')} (and use "
                         f"{option_name('--workers')} 1)")
    _check_terminal()


def _check_terminal() -> None:
    from foolsolve.positions import standard_input

    if not standard_input().isatty():
        raise InputError(f"{option_name('--bot')} human: needs a terminal on standard input")


def view_text(seat: Seat) -> str:
    """The seat's view as ``foolsolve show`` shows a view file, ``(you)`` on the seat (as ``play
    --interactive --seat`` shows it)."""
    from foolsolve.worlds import read_view, view_text

    try:
        return view_text(read_view(seat.view, check=False), you=True, count=False)
    except InputError:  # a registered game whose view the reader does not take: its fields as they are
        import json

        view = {k: v for k, v in seat.view.items() if k not in ("rules", "game")}
        return f"player {seat.player} (you), your view: {json.dumps(view, ensure_ascii=False)}"


def since_text(seat: Seat) -> str:
    """The moves made since the seat's player last moved (since the game began, before her first
    move), one line each as she saw them made (:meth:`foolsolve.game.PublicMove.line`:
    ``player 1: attack 7♦``); empty where there are none."""
    last = max((i for i, r in enumerate(seat.played) if r.player == seat.player), default=-1)
    since = seat.played[last + 1:]
    if not since:
        return ""
    head = "since your last move:" if last >= 0 else "the moves so far:"
    return "\n".join([head, *(f"  {r.line(seat.player)}" for r in since)])


def history_text(seat: Seat) -> str:
    """Every move of the game so far, numbered, as the seat's player saw them made."""
    if not seat.played:
        return "no move has been made in this game yet"
    return "\n".join([f"the moves of this game so far ({len(seat.played)}):",
                      *(f"  {i:4}. {r.line(seat.player)}" for i, r in enumerate(seat.played, 1))])


def moves_text(seat: Seat) -> str:
    """The numbered legal moves (and where a family is too long to list, how to type one of it)."""
    lines = [f"your legal moves, player {seat.player}:"]
    lines += [f"  {i:3}  {text}" for i, text in enumerate(seat.texts())]
    if seat.family is not None:
        lines.append(f"  {seat.family.type_one()}")
    return "\n".join(lines)


class HumanBot(Bot):
    """Shows the moves since the last turn, the view and the numbered legal moves, reads a number or
    a move text (or a command)."""

    def start(self, game: str, player: int, players: int, rules: dict[str, Any]) -> None:
        """A new game: said, so that a view of a fresh deal does not come unannounced."""
        from foolsolve import games
        from foolsolve.progress import paused

        with paused():
            say()
            say(f"== a new game of {games.get(game).title}: you are player {player} of {players}")

    def choose(self, seat: Seat) -> Any:
        from foolsolve.progress import paused

        _check_terminal()
        with paused():
            return self._ask(seat)

    def _ask(self, seat: Seat) -> Any:
        from foolsolve.bots.external import pick

        say()
        since = since_text(seat)
        if since:
            say(since)
        say(view_text(seat))
        say(moves_text(seat))
        texts = {" ".join(t.lower().split()) for t in seat.texts()}
        while True:
            try:
                answer = read_answer(PROMPT)
            except KeyboardInterrupt:
                say()  # the command's last lines start on a line of their own
                raise
            if answer is None:  # the end of input (Ctrl-D): no answer will come
                say()
                self._quit()
            words = " ".join(answer.split())
            if not words:
                continue
            said = words.lower()
            if said not in texts:  # (a move whose text is a command's word is the move)
                if said in HELP_WORDS:
                    say(HOW)
                    say(moves_text(seat))
                    continue
                if said in SHOW_WORDS:
                    say(view_text(seat))
                    say(moves_text(seat))
                    continue
                if said in HISTORY_WORDS:
                    say(history_text(seat))
                    continue
                if said in QUIT_WORDS:
                    self._quit()
            try:
                return pick(seat, words)
            except Forfeit as exc:
                last = len(seat.legal) - 1
                numbers = f"a number from 0 to {last}, " if last > 0 else "0, " if last == 0 else ""
                say(f"{exc}; type {numbers}a move as listed, or help")

    def _quit(self) -> NoReturn:
        box = _QUIT.get()
        if box is not None:
            box.append(True)
        raise Quit()


BOT = BotInfo(name="human", summary="you, at the terminal, seeing only your seat's view",
              make=lambda params, raw: HumanBot())
