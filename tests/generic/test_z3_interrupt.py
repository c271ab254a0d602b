"""Ctrl-C stops Z3 work cleanly (foolsolve/z3run.py): a long check ends with KeyboardInterrupt
within moments, never with an ``unknown`` answer; Ctrl-C that comes while Z3's Python code runs is
held back to a safe point, never swallowed in a ``__del__``; and the commands that use Z3 exit 130
with one line on standard error, no traceback and no proof marked FAILED."""

from __future__ import annotations

import _thread
import ctypes
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import click
import pytest
import z3

from foolsolve import cli, z3run

pytestmark = pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                                reason="Ctrl-C reaches the main thread only")


def _pigeonhole(holes: int) -> z3.Solver:
    """``holes + 1`` pigeons in ``holes`` holes: unsat, and many seconds' work for Z3 from 11 holes."""
    p = [[z3.Bool(f"p{i}_{j}") for j in range(holes)] for i in range(holes + 1)]
    s = z3.Solver()
    s.add(*[z3.Or(row) for row in p])
    s.add(*[z3.Or(z3.Not(p[i][j]), z3.Not(p[k][j]))
            for j in range(holes) for i in range(holes + 1) for k in range(i + 1, holes + 1)])
    s.set(timeout=60_000)  # a failed interrupt answers unknown (timeout) rather than hanging the run
    return s


@pytest.fixture
def python_sigint():
    """Python's own SIGINT handler in place (as in the CLI), whatever the test runner did."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def _later(seconds: float, action) -> list[float]:
    """``action`` (a signal sent) ``seconds`` from now on a timer thread; the list holds the
    monotonic time it was sent at, once it is."""
    sent: list[float] = []
    timer = threading.Timer(seconds, lambda: (sent.append(time.monotonic()), action()))
    timer.daemon = True
    timer.start()
    return sent


STOPPED_WITHIN = 20.0
"""Seconds from a signal to the check's end: the checks here run for a minute (their Z3 timeout)
unless stopped, and a loaded machine may be slow to run the timer, the handler and the stop."""


@pytest.mark.parametrize("how", ["interrupt_main", "kill"])
def test_ctrl_c_stops_a_long_check(python_sigint, how):
    s = _pigeonhole(12)
    send = (lambda: _thread.interrupt_main(signal.SIGINT)) if how == "interrupt_main" \
        else (lambda: os.kill(os.getpid(), signal.SIGINT))
    sent = _later(0.3, send)
    with pytest.raises(KeyboardInterrupt):
        z3run.check(s)
    assert time.monotonic() - sent[0] < STOPPED_WITHIN
    # the process goes on: the context is not left cancelled, and Python's handler is back
    x = z3.Int("x")
    small = z3.Solver()
    small.add(x > 1, x < 3)
    assert z3run.check(small) == z3.sat
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_stops_an_optimize_within_a_scope(python_sigint):
    """Within a stoppable scope (a proof, a solver's function), as the CLI runs them."""
    p = [[z3.Bool(f"q{i}_{j}") for j in range(11)] for i in range(12)]
    opt = z3.Optimize()
    opt.add(*[z3.Or(row) for row in p])
    opt.add(*[z3.Or(z3.Not(p[i][j]), z3.Not(p[k][j])) for j in range(11) for i in range(12) for k in range(i + 1, 12)])
    opt.set(timeout=60_000)
    sent = _later(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    with pytest.raises(KeyboardInterrupt), z3run.stoppable():
        z3run.check(opt)
    assert time.monotonic() - sent[0] < STOPPED_WITHIN


def test_an_interrupted_unknown_is_ctrl_c_and_a_timeout_is_an_answer():
    """Z3's interrupt (as its own Ctrl-C handling gives it) is never an answer ``unknown``."""
    s = _pigeonhole(12)
    stop = threading.Event()

    def interrupt() -> None:
        while not stop.wait(0.1):
            s.ctx.interrupt()

    threading.Thread(target=interrupt, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            z3run.check(s)
    finally:
        stop.set()
    slow = _pigeonhole(12)
    slow.set(timeout=200)
    assert z3run.check(slow) == z3.unknown


def test_ctrl_c_in_z3s_python_code_waits_for_a_safe_point(python_sigint):
    """Raised in a ``__del__`` of Z3's, Python would print "Exception ignored" and lose it."""
    z3_file = os.path.join(os.path.dirname(z3.__file__), "z3.py")
    namespace: dict = {}
    exec(compile("import sys\nframe = sys._getframe()", z3_file, "exec"), namespace)
    x = z3.Int("x")
    s = z3.Solver()
    s.add(x > 1)
    with pytest.raises(KeyboardInterrupt), z3run.stoppable():
        handler = signal.getsignal(signal.SIGINT)
        handler(signal.SIGINT, namespace["frame"])  # Ctrl-C as Z3's code runs: held back
        z3.And(x > 2, x < 4)  # more Z3 work goes on ...
        z3run.check(s)  # ... to the next check, which raises it
    with pytest.raises(KeyboardInterrupt), z3run.stoppable():
        signal.getsignal(signal.SIGINT)(signal.SIGINT, namespace["frame"])
    # outside Z3's code it is raised at once
    with pytest.raises(KeyboardInterrupt), z3run.stoppable():
        signal.getsignal(signal.SIGINT)(signal.SIGINT, sys._getframe())
    assert z3run.check(s) == z3.sat  # nothing held back after the scope


def test_ctrl_c_that_ctypes_wrapped_exits_130(monkeypatch, capsys):
    wrapped = ctypes.ArgumentError("argument 2: KeyboardInterrupt: ")
    assert z3run.is_ctrl_c(wrapped) and not z3run.is_ctrl_c(ctypes.ArgumentError("argument 2: TypeError: wrong"))

    @click.command("stop")
    def stop():
        raise wrapped

    monkeypatch.setitem(cli.cli.commands, "stop", stop)
    with pytest.raises(SystemExit) as exc:
        cli.main(["stop"])
    assert exc.value.code == 130 and capsys.readouterr().err == "foolsolve: interrupted\n"


# --- the commands, sent SIGINT as Ctrl-C sends it ---------------------------------------------------


def _sockets(pid: int) -> int:
    """The sockets a process has open (z3run's wakeup socket is its first; Linux only)."""
    try:
        return sum(os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:") for fd in os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def _interrupt_once_in_z3(argv: list[str], sig: int = signal.SIGINT) -> tuple[int, str, str]:
    """Run ``foolsolve ARGV``, send ``sig`` once it is in its Z3 work, and wait for its end."""
    env = dict(os.environ)
    env.pop("FOOLSOLVE_DEBUG", None)
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 30
    while _sockets(proc.pid) == 0 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)  # its first check has started
    time.sleep(3.0 if _sockets(proc.pid) < 0 else 0.7)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(sig)
    t0 = time.monotonic()
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"{signal.Signals(sig).name} did not stop it: {err}")
    assert time.monotonic() - t0 < 10
    return proc.returncode, out, err


H = " ".join(f"{r}{s}" for s in "CDH" for r in [*"23456789", "J", "Q", "K", "A"])
S = " ".join(f"{r}S" for r in [*"23456789", "J", "Q", "K", "A"])


def test_ctrl_c_stops_a_z3_defence_search():
    """Z3 alone over 36 attacker cards against 12: a minute's work, stopped."""
    code, out, err = _interrupt_once_in_z3(["fools-and-angels", "defend", "--attacker-hand", H, "--hand", S,
                                            "--method", "z3"])
    assert (code, err) == (130, "foolsolve: interrupted\n"), out


def test_ctrl_c_stops_prove_without_a_failed_proof():
    code, out, err = _interrupt_once_in_z3(["prove", "durak.two_player_empty_stock_ends"])
    assert code == 130 and "FAILED" not in out and "Traceback" not in err
    assert err == ("foolsolve: prove interrupted in durak.two_player_empty_stock_ends; 0 proofs finished "
                   "before it: 0 proved, 0 failed\n")


@pytest.fixture
def command_sigterm(python_sigint):
    """The command's SIGTERM handler in place (as ``foolsolve`` installs it)."""
    from foolsolve import errors

    old = {sig: signal.signal(sig, errors.on_sigterm) for sig in (signal.SIGTERM, signal.SIGHUP)}
    yield
    for sig, handler in old.items():
        signal.signal(sig, handler)
    errors._Signals.terminated = False
    errors._Signals.signum = 0


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_sigterm_stops_a_long_check_as_ctrl_c_does(command_sigterm, name):
    # SIGTERM's handler ran only when the check under way ended (a long one: a minute later); SIGHUP
    # (the terminal closed) is the same stop
    from foolsolve import errors

    sig = getattr(signal, name)
    s = _pigeonhole(12)
    sent = _later(0.3, lambda: os.kill(os.getpid(), sig))
    with pytest.raises(KeyboardInterrupt):
        z3run.check(s)
    assert time.monotonic() - sent[0] < STOPPED_WITHIN
    assert errors.terminated() and errors.stopper() == name
    assert signal.getsignal(sig) is errors.on_sigterm


def test_every_z3_check_goes_through_z3run():
    """A bare ``solver.check()`` is not stopped by Ctrl-C: every module that imports z3 checks
    through :func:`foolsolve.z3run.check`."""
    root = Path(__file__).resolve().parents[2]
    bare = []
    for folder in ("proofs", "solver", "foolsolve"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if path.name == "z3run.py" or not re.search(r"^\s*(import z3|from z3 )", text, re.MULTILINE):
                continue
            bare += [f"{path.relative_to(root)}:{n}" for n, line in enumerate(text.splitlines(), 1)
                     if re.search(r"(?<!z3run)\.check\(", line) and "self.check()" not in line]
    assert bare == []
