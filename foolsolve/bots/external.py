"""``cmd:PROGRAM ARGS``: an external program playing through the bot protocol (docs/arena.md).

The arena starts the program for one seat of one game (a bot holding two seats of a game is two
programs, and each game starts new ones) and ends it at that game's end. At each of its turns it
writes one JSON object on a line to the program's standard input::

    {"protocol": "foolsolve-bot/1", "game": "durak", "rules": {...}, "player": 0, "players": 2,
     "view": {...}, "legal": ["attack 6♠", "attack 9♦"], "seed": 123,
     "played": [{"player": 1, "move": "attack 7♦", "boundary": false}, ...]}

(``played``: every move of the game so far as this seat saw it made, :attr:`Seat.played`: the
others' face-down cards as what the seat may know of them, ``play a card face down``)

and reads one line back: the text of one legal move (as ``foolsolve moves`` prints it; the ASCII
card form ``6S`` is read too) or its index in ``legal`` (ASCII digits only). Where one family of
moves is longer than :data:`foolsolve.game.MAX_CONSIDERED` (Fools and Angels' exchanges, attacks or defences: more than 255,
such as every set of a hand of 9 or more cards), ``legal`` holds the other moves and the request
has ``"family": {"kind": "exchange", "count": 131071, "candidates": [...]}``: the text of any member
of the family is a legal answer. A program that answers late (the ``timeout`` parameter, 10 s by
default), ends, answers something that is not a legal move, or writes more than its answer line (met
when the next request is due) loses the game; the reason is recorded and the match goes on.
"""

from __future__ import annotations

import os
import select
import shlex
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from typing import Any

from foolsolve import jsonout
from foolsolve.bots import Bot, BotInfo, Forfeit, Seat, number
from foolsolve.errors import InputError, option_name
from foolsolve.numbers import ascii_whole

PROTOCOL = "foolsolve-bot/1"
DEFAULT_TIMEOUT = 10.0
ENDED_WAIT = 2.0
"""Seconds a program whose output ended is given to exit, for its exit status in the forfeit."""
STDERR_LINES = 3
"""The last lines of a program's standard error a forfeit quotes."""
STDERR_CHARS = 300
"""The most characters of standard error a forfeit quotes (the end of its last lines)."""
MAX_LINE = 1 << 16
"""Longest answer read (a move text is short); a longer one is a fault."""


class ExternalBot(Bot):
    """A program speaking the protocol above."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise InputError(f"{option_name('--bot')} cmd:{command}: {exc}") from None
        if not self.argv:
            raise InputError(f"{option_name('--bot')} cmd: needs a program")
        if shutil.which(self.argv[0]) is None:
            # checked when the bot is made (before an arena writes its record file), not at its first move
            raise InputError(f"{option_name('--bot')} cmd:{shlex.join(self.argv)}: cannot start it: {self.argv[0]} is not a "
                             "program "
                             "found on PATH or an executable file")
        self.timeout = timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        self.closed = False
        self.stderr_tail: deque[bytes] = deque(maxlen=STDERR_LINES)
        self.stderr_reader: threading.Thread | None = None

    def _start(self) -> subprocess.Popen[bytes]:
        """The program, started at the first turn of its seat; a bot that was closed (its game over
        or abandoned) is never started again."""
        if self.closed:
            raise Forfeit("the bot was closed (its game is over)")
        if self.proc is None:
            from foolsolve.executor import SigintHeld

            try:
                # a session (and process group) of its own: closing the bot ends the program and every
                # process it started that stays in its group (``sh -c 'sleep 300'``), which would
                # otherwise outlive the arena (one that leaves the group, setsid, is not reached);
                # Ctrl-C held back until the program is the bot's, so closing the bot always reaches it
                with SigintHeld():
                    self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                 stderr=subprocess.PIPE, start_new_session=True)
            except OSError as exc:
                raise InputError(f"{option_name('--bot')} cmd:{shlex.join(self.argv)}: cannot start it: "
                                 f"{exc.strerror or exc}") from None
            self.buffer = b""
            self.stderr_tail = deque(maxlen=STDERR_LINES)
            assert self.proc.stderr is not None
            self.stderr_reader = threading.Thread(target=_keep_tail, args=(self.proc.stderr, self.stderr_tail),
                                                  name="cmd-bot-stderr", daemon=True)
            self.stderr_reader.start()
        return self.proc

    def _fault(self, why: str) -> Forfeit:
        """The forfeit ``why``, the program ended, with the last lines of its standard error (a
        traceback's end), if it wrote any."""
        self.close()
        if self.stderr_reader is not None:
            self.stderr_reader.join(timeout=1.0)  # the lines written before it ended (unless a process it
            # started in another session holds the pipe open)
        lines = [line.decode("utf-8", errors="replace").strip() for line in list(self.stderr_tail)]
        tail = " | ".join(line for line in lines if line)
        if tail:
            tail = tail if len(tail) <= STDERR_CHARS else "..." + tail[-(STDERR_CHARS - 3):]
            why += f"; its standard error ended: {tail!r}"
        return Forfeit(why)

    def _ended(self, proc: subprocess.Popen[bytes], stream: str = "output") -> Forfeit:
        """The forfeit of a program whose ``stream`` closed (its output ended, or its input took
        no more): its exit status, waited for up to :data:`ENDED_WAIT` seconds so that the reason
        does not depend on how soon the program is reaped; one that still runs closed that stream."""
        try:
            code = proc.wait(timeout=ENDED_WAIT)
        except subprocess.TimeoutExpired:
            return self._fault(f"the program closed its standard {stream}")
        return self._fault(f"the program ended ({f'exit code {code}' if code >= 0 else f'killed by signal {-code}'})")

    def _read_line(self, proc: subprocess.Popen[bytes]) -> bytes:
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise self._fault(f"no answer within {self.timeout:g} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 4096)
            if not chunk:
                raise self._ended(proc)
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                raise self._fault(f"an answer longer than {MAX_LINE} bytes")
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _extra_output(self, proc: subprocess.Popen[bytes]) -> None:
        """Before a request: output the program wrote after its last answer line (a second line
        for one request, which would be read as its next answer) is a forfeit. What is already
        readable is drained without waiting; a line written after the request is sent is not told
        apart from an answer."""
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        while len(self.buffer) <= MAX_LINE and select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 4096)
            if not chunk:
                break  # the program ended: met at the request
            self.buffer += chunk
        if self.buffer:
            text = self.buffer[:60].decode("utf-8", errors="replace")
            shown = text + ("..." if len(self.buffer) > 60 else "")
            raise self._fault(f"extra output after its answer: {shown!r}")

    def choose(self, seat: Seat) -> Any:
        proc = self._start()
        self._extra_output(proc)
        request = {"protocol": PROTOCOL, "game": seat.game, "rules": seat.rules, "player": seat.player,
                   "players": seat.players, "view": seat.view, "legal": seat.texts(), "seed": seat.seed,
                   "played": [r.to_json() for r in seat.played]}
        if seat.family is not None:
            request["family"] = family_json(seat.family)
        assert proc.stdin is not None
        try:
            proc.stdin.write((jsonout.dumps(request) + "\n").encode("utf-8"))
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._ended(proc, "input") from None
        raw = self._read_line(proc)
        try:
            answer = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            raise self._fault("an answer that is not UTF-8 text") from None
        return pick(seat, answer, self._fault)

    def kill_group(self) -> None:
        """Kill the program and every process of its group, if any is left (nothing waited for)."""
        if self.proc is None:
            return
        try:
            # the group's id is the program's pid (its own session, _start): while any process of the
            # group lives, that id is not given to another process
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass  # no process of the group is left

    def close(self) -> None:
        """End the program and every process of its group (what it started), if any is left; the
        bot starts no program after it."""
        self.closed = True
        if self.proc is not None:
            for stream in (self.proc.stdin, self.proc.stdout):  # (stderr: its reader closes it at its end)
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
            self.kill_group()
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc = None


def _keep_tail(stream: Any, tail: deque[bytes]) -> None:
    """Read a program's standard error to its end, keeping its last lines in ``tail`` (each at
    most :data:`STDERR_CHARS` bytes: a longer line is kept as its pieces): the program never blocks
    on a full pipe, and a forfeit can quote how its output ended."""
    try:
        for piece in iter(lambda: stream.readline(STDERR_CHARS), b""):
            tail.append(piece)
    except (OSError, ValueError):
        pass  # the pipe closed under the reader
    finally:
        try:
            stream.close()
        except OSError:
            pass


def pick(seat: Seat, answer: str, fault: Any = Forfeit) -> Any:
    """The legal move an answer names (its text, its ASCII text, or its index), else ``fault(why)``
    is raised."""
    index = ascii_whole(answer)  # ASCII digits only: '²'.isdigit() holds and int('²') raises
    if index is not None and index < len(seat.legal):
        return seat.legal[index]
    from foolsolve import games

    norm = " ".join(answer.split()).lower()
    spec = games.get(seat.game).spec
    for move in seat.legal:
        texts = {str(move).lower(), spec.move_text(move).lower()}
        if norm in texts:
            return move
    for move in seat.legal:
        if _ascii(str(move)).lower() == _ascii(norm).lower():
            return move
    if seat.family is not None and answer.strip():
        move = seat.family.read(answer)
        if move is not None:
            return move
    shown = answer if len(answer) <= 60 else answer[:60] + "..."
    raise fault(f"illegal move {shown!r}")


def family_json(family: Any) -> dict[str, Any]:
    """The request's ``family`` (a :class:`~foolsolve.game.MoveFamily` too long to list): its kind, how
    many moves it has and its bounded candidates as texts; any member's text is a legal answer."""
    return {"kind": family.kind, "count": family.count, "candidates": [str(m) for m in family.candidates()]}


def _ascii(text: str) -> str:
    return text.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")


def _make(params: dict[str, str], raw: str) -> Bot:
    timeout = DEFAULT_TIMEOUT
    if raw.startswith("timeout="):
        value, _, raw = raw.partition(" ")
        timeout = number({"timeout": value.split("=", 1)[1]}, "timeout", DEFAULT_TIMEOUT, 0.01, 3600, "cmd")
    return ExternalBot(raw, timeout)


BOT = BotInfo(name="cmd", summary="an external program speaking the bot protocol (docs/arena.md: foolsolve docs arena): "
                        "cmd:'PROGRAM ARGS'",
              make=_make, raw_argument=True,
              params={"timeout": "seconds a move may take (cmd:timeout=5 PROGRAM ...), default 10"})
