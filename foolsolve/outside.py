"""An engine outside foolsolve, driven over a pipe by ``foolsolve conform GAME --engine CMD``.

The engine is the process ``CMD`` starts (split as a shell splits words, :func:`shlex.split`, and
run with no shell). It reads oracle requests (:mod:`foolsolve.oracle`), one JSON object a line on
its standard input, and writes one JSON object a line on its standard output for each, in order:

* ``{"op": "moves", "position": POS, "id": N}`` -> ``{"id": N, "moves": ["attack 6H", ...]}``
* ``{"op": "play", "position": POS, "moves": [MOVE], "id": N}`` -> ``{"id": N, "position": {...}}``
* with ``conform --status``: ``{"op": "status", "position": POS, "id": N}`` -> ``{"id": N, "to_move": P,
  "over": B, "result": {"payoffs": [...], ...} or null}``
* with ``conform --chance``, at a chance node: ``{"op": "moves", "position": POS, "chance": true, "id": N}``
  -> ``{"id": N, "moves": [...], "probabilities": {"first 2": "1/3", ...}}``

``POS`` is a position object in standard form with every rule option written out
(:func:`foolsolve.positions.standard_form`, ``complete``); ``MOVE`` is a move's text with its cards
in ASCII. A reply copies the request's ``id`` and may hold more fields (the oracle's ``line``,
``op``, ``played``); an ``op`` it gives must be the request's. So ``foolsolve oracle`` is itself
such an engine. docs/engines.md, "Checking an engine with conform", describes the protocol.

Anything else is a broken engine, an :class:`EngineError` (a one-line :class:`InputError`, exit 2)
naming what went wrong: it could not be started, it exited or closed its output, it wrote a line
that is not JSON or no object, a reply with another ``id`` or an ``error``, a reply without its
field, or a request it does not read or no reply within the time allowed. :meth:`OutsideEngine.close`
ends the engine in every case; on POSIX also its process group (the engine runs in a session of
its own and the whole group is killed: the processes it started that stay in the group; one that
leaves it, by ``setsid()`` or ``setpgid()`` as a daemon does, is not reached, since descendants are
not tracked), elsewhere the engine's process alone, and a
request's write is bounded by the time allowed on POSIX only (elsewhere an engine that stops
reading its input can block the write of a request longer than the pipe holds). Use the engine as a
context manager.
"""

from __future__ import annotations

import json
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from fractions import Fraction
from typing import IO, Any

from foolsolve.errors import InputError, quoted
from foolsolve.numbers import exact_number
from foolsolve.positions import cut_text, parse_json

ENGINE_TIMEOUT = 10.0
"""``conform --engine-timeout``'s default: seconds the engine may take to answer one request (the
first request's time includes the engine's start)."""

MAX_REPLY = 64 * 2**20
"""The longest reply line read (bytes): a longer one is a broken engine, not a memory hog."""

CLOSE_WAIT = 2.0
"""Seconds an engine whose input is closed may take to exit before it is killed."""


class EngineError(InputError):
    """The outside engine broke the protocol (died, hung, wrote what is no reply): one line."""


_EOF = object()
_TOO_LONG = object()


class OutsideEngine:
    """The process of ``command``, asked requests one at a time (:meth:`ask`, :meth:`moves`,
    :meth:`play`), each answered within ``timeout`` seconds."""

    def __init__(self, command: str, timeout: float = ENGINE_TIMEOUT) -> None:
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise InputError(f"--engine: {str(exc).lower()} in {quoted(cut_text(command, 60))}") from None
        if not argv:
            raise InputError("--engine: empty command (the engine's program and its arguments)")
        self.command = command
        self.timeout = timeout
        self.asked = 0
        self.transcript: list[dict[str, Any]] | None = None
        """Where set to a list, every request asked is appended to it (without its ``id``)."""
        from foolsolve.executor import SigintHeld

        try:
            # Ctrl-C held back while the engine starts: it stops the engine it started (closed here),
            # never one a caller cannot reach because this constructor did not return
            with SigintHeld():
                self._start(argv)
        except KeyboardInterrupt:
            if getattr(self, "readers", None):
                self.close()
            raise

    def _start(self, argv: list[str]) -> None:
        posix = os.name == "posix"
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, start_new_session=posix)
        except (OSError, ValueError) as exc:  # (ValueError: a NUL in it)
            why = getattr(exc, "strerror", None) or str(exc)
            raise InputError(f"--engine: cannot start {quoted(cut_text(argv[0], 60))} ({why.lower()})") from None
        self.group = posix
        self.closing = False
        self.replies: queue.Queue[object] = queue.Queue(maxsize=4)  # an engine writing on and on is held back
        self.said: deque[bytes] = deque(maxlen=20)  # the last lines of the engine's standard error
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.readers = (threading.Thread(target=self._read_replies, args=(self.proc.stdout,), daemon=True),
                        threading.Thread(target=self._read_stderr, args=(self.proc.stderr,), daemon=True))
        for reader in self.readers:
            reader.start()

    def __enter__(self) -> OutsideEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read_replies(self, out: IO[bytes]) -> None:
        try:
            while True:
                line = out.readline(MAX_REPLY + 1)
                if not line:
                    break
                if len(line) > MAX_REPLY and not line.endswith(b"\n"):
                    self._put(_TOO_LONG)
                    return
                if not self._put(line):
                    return
        except (OSError, ValueError):
            pass
        self._put(_EOF)

    def _put(self, item: object) -> bool:
        """``item`` queued for :meth:`ask`, waiting while the queue is full, until the engine is closed
        (then ``False``)."""
        while not self.closing:
            try:
                self.replies.put(item, timeout=0.1)
                return True
            except queue.Full:
                pass
        return False

    def _read_stderr(self, err: IO[bytes]) -> None:
        try:
            for line in iter(lambda: err.readline(65536), b""):
                if line.strip():
                    self.said.append(line)
        except (OSError, ValueError):
            pass

    # --- requests ---------------------------------------------------------------------------

    def moves(self, position: dict[str, Any]) -> list[str]:
        """The engine's legal moves of ``position`` (their texts as it writes them)."""
        reply = self.ask({"op": "moves", "position": position})
        moves = reply.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise self._wrong(reply, "its \"moves\" is not a list of move texts" if "moves" in reply
                              else "no \"moves\" in it")
        return moves

    def chance_moves(self, position: dict[str, Any]) -> tuple[list[str], dict[str, Fraction] | None]:
        """The engine's legal moves of ``position`` (a chance node) and each outcome's probability, an
        exact number, by the text the engine gives it: a ``moves`` request with ``"chance": true``, its
        reply's ``moves`` and ``probabilities`` (``null``: none, as at a player's node)."""
        reply = self.ask({"op": "moves", "position": position, "chance": True})
        moves = reply.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise self._wrong(reply, "its \"moves\" is not a list of move texts" if "moves" in reply
                              else "no \"moves\" in it")
        if "probabilities" not in reply:
            raise self._wrong(reply, "no \"probabilities\" in it (asked with \"chance\": true)")
        given = reply["probabilities"]
        if given is None:
            return moves, None
        if not isinstance(given, dict):
            raise self._wrong(reply, "its \"probabilities\" is neither null nor an object of move texts and numbers")
        return moves, {text: self._exact(reply, x, "probability") for text, x in given.items()}

    def _exact(self, reply: dict[str, Any], x: Any, what: str) -> Fraction:
        """A reply's number ``x`` (``what``: its name in the error) read as a position file's numbers
        are (an exponent within ±50, digits bounded): as a string (``"1/2"``) or a JSON number."""
        try:
            if isinstance(x, bool) or not isinstance(x, (int, str, float)):
                raise InputError("")
            return exact_number(x, "")
        except InputError as exc:
            why = str(exc).partition(": ")[2]
            why = f"{why}; " if "exponent" in why or "digits" in why else ""
            raise self._wrong(reply, f"its {what} {cut_text(json.dumps(x), 30)} is no exact number ({why}"
                                     "\"-1\", \"1/2\", 2)") from None

    def play(self, position: dict[str, Any], move: str) -> dict[str, Any]:
        """The engine's position after ``move`` (a move's text) from ``position``."""
        reply = self.ask({"op": "play", "position": position, "moves": [move]})
        after = reply.get("position")
        if not isinstance(after, dict):
            raise self._wrong(reply, "its \"position\" is not a position object" if "position" in reply
                              else "no \"position\" in it")
        return after

    def status(self, position: dict[str, Any]) -> tuple[int | None, bool, list[Fraction] | None]:
        """The engine's status of ``position``: who is to move (-1: chance; ``None`` once the game is
        over), whether it is over, and each player's payoff as an exact number (``None`` while it goes
        on): its reply's ``to_move``, ``over`` and ``result.payoffs``."""
        reply = self.ask({"op": "status", "position": position})
        for name in ("to_move", "over", "result"):
            if name not in reply:
                raise self._wrong(reply, f"no \"{name}\" in it")
        to_move, over, result = reply["to_move"], reply["over"], reply["result"]
        if not (to_move is None or (type(to_move) is int and to_move >= -1)):
            raise self._wrong(reply, f"its \"to_move\" {cut_text(json.dumps(to_move), 30)} is no player (-1: chance, "
                                     "null: the game is over)")
        if not isinstance(over, bool):
            raise self._wrong(reply, f"its \"over\" {cut_text(json.dumps(over), 30)} is not true or false")
        if result is None:
            return to_move, over, None
        payoffs = result.get("payoffs") if isinstance(result, dict) else None
        if not isinstance(payoffs, list):
            raise self._wrong(reply, "its \"result\" is neither null nor an object with \"payoffs\", a list")
        return to_move, over, [self._exact(reply, x, "payoff") for x in payoffs]

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The engine's reply object to ``request`` (given the next ``id``): written, flushed, and
        waited for up to :attr:`timeout` seconds."""
        self.asked += 1
        if self.transcript is not None:
            self.transcript.append(request)
        request = {**request, "id": self.asked}
        self.last = request
        deadline = time.monotonic() + self.timeout
        try:
            self._write((json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8"), deadline)
        except EngineError:  # (an InputError, so a ValueError: not the broken pipe below)
            raise
        except (OSError, ValueError):  # a broken pipe: it is gone, or closed its input; what it wrote says how
            pass
        try:
            line = self.replies.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            if self.proc.poll() is not None:
                raise EngineError(f"--engine: it {self._how(self.proc.returncode)} without answering {self._what()}, "
                                  f"and a process it started still holds its output (no answer within "
                                  f"--engine-timeout {self.timeout:g} s){self._last_words()}") from None
            raise EngineError(f"--engine: no answer to {self._what()} within --engine-timeout "
                              f"{self.timeout:g} s{self._last_words()}") from None
        if line is _EOF:
            raise self._gone()
        if line is _TOO_LONG:
            raise EngineError(f"--engine: its answer to {self._what()} is longer than {MAX_REPLY // 2**20} MiB "
                              "with no line break")
        assert isinstance(line, bytes)
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            raise EngineError(f"--engine: its answer to {self._what()} is not UTF-8 text: "
                              f"{cut_text(repr(line), 60)}") from None
        try:  # read as every JSON input is (nesting too deep, numbers too long: one-line errors)
            reply = parse_json(text, "")
        except InputError as exc:
            shown = text.strip() or "a blank line"
            raise EngineError(f"--engine: its answer to {self._what()} is not JSON ({str(exc)[2:]}): "
                              f"{cut_text(shown, 60)!r}") from None
        if not isinstance(reply, dict):
            raise EngineError(f"--engine: its answer to {self._what()} is no JSON object: {cut_text(text.strip(), 60)}")
        if reply.get("id") != self.asked or type(reply.get("id")) is not int:
            said = "no \"id\"" if "id" not in reply else f"\"id\" {cut_text(json.dumps(reply['id']), 30)}"
            raise EngineError(f"--engine: its answer to {self._what()} has {said}, not {self.asked} (a reply copies "
                              "its request's id, one reply a request, in order)")
        if "error" in reply:
            raise EngineError(f"--engine: it answered {self._what()} with an error: "
                              f"{cut_text(str(reply['error']), 200)}")
        if "op" in reply and reply["op"] != request["op"]:
            raise self._wrong(reply, f"\"op\" {cut_text(json.dumps(reply['op']), 30)}")
        return reply

    def _write(self, data: bytes, deadline: float) -> None:
        """``data`` written to the engine's input by ``deadline`` (POSIX: non-blocking writes as the
        pipe takes them; elsewhere a plain blocking write): an :class:`EngineError` if the engine has
        not taken it all by then (it does not read its input)."""
        stdin = self.proc.stdin
        assert stdin is not None
        if os.name != "posix":
            stdin.write(data)
            stdin.flush()
            return
        fd = stdin.fileno()
        os.set_blocking(fd, False)
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError(f"--engine: it did not read {self._what()} within --engine-timeout {self.timeout:g} s "
                                  f"({len(data) - len(view):,} of its {len(data):,} bytes taken; an engine reads "
                                  f"each request line as it comes){self._last_words()}")
            _, ready, _ = select.select([], [fd], [], left)
            if not ready:
                continue
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                pass

    def _what(self) -> str:
        return f"request {self.asked} ({self.last['op']})"

    def _wrong(self, reply: dict[str, Any], what: str) -> EngineError:
        return EngineError(f"--engine: its answer to {self._what()} is no {self.last['op']} record: {what}")

    def _gone(self) -> EngineError:
        """The engine closed its output or exited: how, and its last line on standard error."""
        try:
            code = self.proc.wait(timeout=CLOSE_WAIT)
        except subprocess.TimeoutExpired:
            return EngineError(f"--engine: it closed its output before answering {self._what()}{self._last_words()}")
        return EngineError(f"--engine: it {self._how(code)} before answering {self._what()}{self._last_words()}")

    @staticmethod
    def _how(code: int) -> str:
        """How the engine ended, from its exit status (negative: the signal that killed it)."""
        if code >= 0:
            return f"exited with code {code}"
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"

    def _last_words(self) -> str:
        if self.proc.poll() is not None:
            self.readers[1].join(0.5)  # its last lines read
        if not self.said:
            return ""
        last = self.said[-1].decode("utf-8", "replace").strip()
        return f"; its last line on standard error: {cut_text(last, 200)!r}"

    # --- the end ------------------------------------------------------------------------------

    def close(self) -> None:
        """End the engine: its input closed, up to :data:`CLOSE_WAIT` seconds to exit, then killed,
        on POSIX with every process of its own group (what it started, unless that left the group);
        elsewhere the engine's own process alone is killed."""
        proc = self.proc
        self.closing = True
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=CLOSE_WAIT if proc.poll() is None else 0)
        except subprocess.TimeoutExpired:
            pass
        finally:
            self._kill()
            for reader, stream in zip(self.readers, (proc.stdout, proc.stderr)):
                reader.join(1.0)  # at the end of the pipe once every writer is gone
                if stream is not None and not reader.is_alive():  # (a reader still in it holds its lock)
                    stream.close()

    def _kill(self) -> None:
        proc = self.proc
        if self.group:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # what it started too (a wrapper script's children)
            except (ProcessLookupError, PermissionError):
                pass
        if proc.poll() is None:
            proc.kill()
        proc.wait()
