"""``cmd:PROGRAM ARGS``: an external program playing through the bot protocol (docs/arena.md).

The arena starts the program once and keeps it for the match (it is started again after a game it
lost by a fault). At each of its turns it writes one JSON object on a line to the program's standard
input::

    {"protocol": "foolsolve-bot/1", "game": "durak", "rules": {...}, "player": 0, "players": 2,
     "view": {...}, "legal": ["attack 6♠", "attack 9♦"], "seed": 123}

and reads one line back: the text of one legal move (as ``foolsolve moves`` prints it; the ASCII
card form ``6S`` is read too) or its index in ``legal`` (ASCII digits only). Where one family of
moves is longer than :data:`foolsolve.game.MAX_CONSIDERED` (Fools and Angels' exchanges or attacks: more than 255,
such as every set of a hand of 9 or more cards), ``legal`` holds the other moves and the request
has ``"family": {"kind": "exchange", "count": 131071, "candidates": [...]}``: the text of any member
of the family is a legal answer. A program that answers late (the ``timeout`` parameter, 10 s by
default), ends, or answers something that is not a legal move loses the game; the reason is recorded and the match goes on.
"""

from __future__ import annotations

import os
import select
import shlex
import shutil
import signal
import subprocess
import time
from typing import Any

from foolsolve import jsonout
from foolsolve.bots import Bot, BotInfo, Forfeit, Seat, number
from foolsolve.errors import InputError, option_name
from foolsolve.numbers import ascii_whole

PROTOCOL = "foolsolve-bot/1"
DEFAULT_TIMEOUT = 10.0
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

    def _start(self) -> subprocess.Popen[bytes]:
        if self.proc is None or self.proc.poll() is not None:
            self.close()  # a program that ended: what it started goes with it
            from foolsolve.executor import SigintHeld

            try:
                # a session (and process group) of its own: closing the bot ends the program and every
                # process it started (``sh -c 'sleep 300'``), which would otherwise outlive the arena;
                # Ctrl-C held back until the program is the bot's, so closing the bot always reaches it
                with SigintHeld():
                    self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                 stderr=subprocess.DEVNULL, start_new_session=True)
            except OSError as exc:
                raise InputError(f"{option_name('--bot')} cmd:{shlex.join(self.argv)}: cannot start it: "
                                 f"{exc.strerror or exc}") from None
            self.buffer = b""
        return self.proc

    def _fault(self, why: str) -> Forfeit:
        self.close()
        return Forfeit(why)

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
                code = proc.poll()
                raise self._fault("the program ended" + (f" (exit code {code})" if code is not None else ""))
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                raise self._fault(f"an answer longer than {MAX_LINE} bytes")
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def choose(self, seat: Seat) -> Any:
        proc = self._start()
        request = {"protocol": PROTOCOL, "game": seat.game, "rules": seat.rules, "player": seat.player,
                   "players": seat.players, "view": seat.view, "legal": seat.texts(), "seed": seat.seed}
        if seat.family is not None:
            request["family"] = family_json(seat.family)
        assert proc.stdin is not None
        try:
            proc.stdin.write((jsonout.dumps(request) + "\n").encode("utf-8"))
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._fault("the program ended before its turn") from None
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
        """End the program and every process of its group (what it started), if any is left."""
        if self.proc is not None:
            for stream in (self.proc.stdin, self.proc.stdout):
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
