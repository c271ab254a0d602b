"""Long work shows progress on a terminal and stops cleanly on Ctrl-C: exit 130, one line,
no traceback, no partial output file."""

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click
import pytest

from foolsolve import cli
from foolsolve import progress as progress_mod
from foolsolve.errors import Stopped
from tests.generic.batch_helpers import POOL_STARTED_CPU, wait_until_working

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _run(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


@pytest.fixture
def stopping_command(monkeypatch):
    """A command ``stop`` that raises what it is given (Ctrl-C in some shape) as it runs."""
    raised = []

    @click.command("stop")
    @click.option("--json", "as_json", is_flag=True)
    def stop(as_json):
        raise raised[0]

    monkeypatch.setitem(cli.cli.commands, "stop", stop)
    return raised


@pytest.mark.parametrize("json_flag", [False, True])
@pytest.mark.parametrize("exc", [KeyboardInterrupt(), EOFError(), click.exceptions.Abort(), Stopped("batch interrupted; kept")])
def test_ctrl_c_prints_one_line_and_exits_130(stopping_command, capsys, exc, json_flag):
    """No empty line first (click's main echoes one for KeyboardInterrupt): one line, JSON with --json."""
    stopping_command.append(exc)
    code, out, err = _run(["stop", *(["--json"] if json_flag else [])], capsys)
    message = "batch interrupted; kept" if isinstance(exc, Stopped) else "interrupted"
    assert code == 130 and out == ""
    if json_flag:
        assert err == json.dumps({"error": message, "kind": "interrupted", "exit_code": 130}) + "\n"
    else:
        assert err == f"foolsolve: {message}\n"


def test_ctrl_c_in_a_seat_answer_with_json_is_a_json_error(seat_analysis_interrupted, capsys):
    """The answer so far on standard output, then the JSON error object (docs/results.md)."""
    code, out, err = _run([str(EXAMPLES / "views" / "fools-and-angels.json"), "--samples", "3", "--json"], capsys)
    assert code == 130 and json.loads(out)["interrupted"] is True
    assert json.loads(err) == {"error": "interrupted (the answer above is the best so far)", "kind": "interrupted",
                               "exit_code": 130}
    assert err.count("\n") == 1


def test_ctrl_c_stops_a_long_conformance_run_cleanly(tmp_path):
    out = tmp_path / "never.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "foolsolve", "conform", "durak", "--cases", "100000", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until_working(proc)  # games played by then
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, (stdout, stderr)
    assert stderr == "foolsolve: interrupted\n"
    assert not out.exists() and not list(tmp_path.iterdir())


# 10v10, stock empty: the compiled Durak search (tests/durak/test_jit.py's HUGE) runs for minutes
DURAK_10V10 = {"game": "durak", "rules": {"variant": "simple", "deck": 36, "bout_limit": "six"}, "trump": None,
               "hands": [["6C", "7H", "JD", "9H", "10H", "AD", "QS", "9S", "KC", "JC"],
                         ["7D", "10D", "AS", "7C", "7S", "JH", "AC", "9C", "8H", "6S"]],
               "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}


def test_ctrl_c_stops_the_compiled_durak_search_cleanly(tmp_path):
    """Ctrl-C while the numba kernel searches (in a worker thread, the main thread polling):
    exit 130 at once, one line, no traceback, nothing on stdout."""
    from foolsolve.solver.durak import compiled

    compiled.load()  # compiled here if numba's disk cache is stale, so the child loads it
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(DURAK_10V10))
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", str(pos), "-o", "jit=true"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until_working(proc, 3.0)  # about 1 s to start and load the kernel, then the search
    assert proc.poll() is None
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, (stdout, stderr)
    # the search alone runs for minutes: it stopped, not ran on (the bound leaves a loaded machine room)
    assert time.monotonic() - t0 < 30
    assert stderr.strip() == "foolsolve: interrupted" and "Traceback" not in stderr
    assert stdout == "" and list(tmp_path.iterdir()) == [pos]


def _console_script() -> str:
    """The ``foolsolve`` console script as pip writes it for the entry point pyproject.toml names."""
    from importlib.metadata import entry_points

    (ep,) = entry_points(group="console_scripts", name="foolsolve")
    module, _, func = ep.value.partition(":")
    return f"import sys\nfrom {module} import {func}\nsys.exit({func}())"


@pytest.mark.parametrize("how", ["console-script", "python-m"])
def test_ctrl_c_while_the_cli_loads_is_one_line_and_exit_130(how):
    """Ctrl-C in the first tenths of a second printed a traceback (the console script imported
    foolsolve.cli, click and the rest, before main could handle it). The signal is sent once click
    has loaded (``-X importtime`` says when), so it lands among the CLI's imports, or later: never
    in Python's own start-up (site), which no program can handle (the interpreter prints "Fatal
    Python error: init_import_site" there)."""
    start = [sys.executable, "-X", "importtime", *(["-c", _console_script()] if how == "console-script"
                                                   else ["-m", "foolsolve"]), "games"]
    for delay in (0.0, 0.0, 0.05, 0.2):
        proc = subprocess.Popen(start, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stderr is not None
        seen = []
        for line in proc.stderr:
            seen.append(line)
            if line.rpartition("|")[2].strip() == "click":
                break
        else:
            raise AssertionError(f"click was never imported: {''.join(seen)}")
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        stdout, rest = proc.communicate(timeout=60)
        said = [line for line in ("".join(seen) + rest).splitlines() if not line.startswith("import time:")]
        assert "Traceback" not in rest, rest
        if delay == 0.0:  # foolsolve.cli is far from loaded: the interrupt always comes first
            assert proc.returncode == 130 and said == ["foolsolve: interrupted"] and stdout == "", said
        else:  # or the command was done first
            assert (proc.returncode, said) in ((130, ["foolsolve: interrupted"]), (0, [])), (proc.returncode, said)


def _assert_stopped_by_ctrl_c(tmp_path: Path, name: str, text: str) -> None:
    """The script ``text``, run as module ``name`` (``python -m``), ends as a command stopped by
    Ctrl-C does: exit 130, the one line on standard error, nothing on standard output."""
    (tmp_path / f"{name}.py").write_text(text)
    proc = subprocess.run([sys.executable, "-m", name], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stderr, proc.stdout) == (130, "foolsolve: interrupted\n", "")


def test_ctrl_c_inside_string_code_still_exits_130_under_python_m(tmp_path):
    """A Ctrl-C landing in code that ``exec`` runs from a string (dataclasses and namedtuple build
    methods so while foolsolve.cli loads) left CPython's note of an unhandled interrupt set, though
    foolsolve.__main__ handled it: under ``python -m`` the process printed its line and then killed
    itself with SIGINT (return code -2) instead of exiting 130. Here the interrupt always lands so."""
    _assert_stopped_by_ctrl_c(tmp_path, "ctrl_c_in_exec",
                              "import foolsolve.__main__, foolsolve.cli\n"
                              "def interrupted_in_exec():\n"
                              "    exec('import os, signal\\nos.kill(os.getpid(), signal.SIGINT)\\nx = 1')\n"
                              "foolsolve.cli.main = interrupted_in_exec\n"
                              "foolsolve.__main__.main()\n")


def test_ctrl_c_in_a_callback_while_the_cli_loads_is_one_line_and_exit_130(tmp_path):
    """A Ctrl-C landing in a callback CPython runs itself while modules load (the import system's
    module-lock weak-reference callback; here a finaliser) cannot be raised there: CPython prints
    "Exception ignored in ..." with a traceback and goes on. The command notes it and stops once
    the CLI has loaded, with the usual line and exit 130, the command never run."""
    _assert_stopped_by_ctrl_c(tmp_path, "ctrl_c_in_callback",
                              "import builtins, foolsolve.__main__, foolsolve.cli\n"
                              "class Finalised:\n"
                              "    def __del__(self):\n"
                              "        raise KeyboardInterrupt\n"
                              "def ran():\n"
                              "    print('the command ran')\n"
                              "foolsolve.cli.main = ran\n"
                              "real_import = builtins.__import__\n"
                              "def importing(name, *args, **kwargs):\n"
                              "    if name == 'foolsolve.cli':\n"
                              "        Finalised()\n"
                              "    return real_import(name, *args, **kwargs)\n"
                              "builtins.__import__ = importing\n"
                              "foolsolve.__main__.main()\n")


def test_ctrl_c_in_a_callback_while_the_command_runs_stops_it_with_one_line_and_exit_130(tmp_path):
    """A Ctrl-C landing in a callback CPython runs itself while the command runs (the module-lock
    weak-reference callback of an import the command makes; here a finaliser) cannot be raised
    there: CPython prints "Exception ignored in ..." with a traceback and the command goes on. The
    interrupt is sent again once the callback is over: the command stops where it is (here in a
    long sleep), with the usual line and exit 130."""
    # (the sleep is far longer than the time-out: a command stopped only after it fails the test)
    _assert_stopped_by_ctrl_c(tmp_path, "ctrl_c_in_a_running_callback",
                              "import time, foolsolve.__main__, foolsolve.cli\n"
                              "class Finalised:\n"
                              "    def __del__(self):\n"
                              "        raise KeyboardInterrupt\n"
                              "def command():\n"
                              "    Finalised()\n"
                              "    time.sleep(600)\n"
                              "    print('the command ran to its end')\n"
                              "foolsolve.cli.main = command\n"
                              "foolsolve.__main__.main()\n")


@pytest.mark.parametrize("argv", [["rules", "durak"], ["--help"], ["batch", "-", "--no-store"]])
def test_standard_output_closed_by_its_reader_exits_141_quietly(argv):
    """``foolsolve rules durak | head -c1`` exited 1 (an internal error's code) when head had gone:
    now 141 (128 + SIGPIPE), nothing on standard error (no "Exception ignored" at exit either)."""
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line
    proc.stdin.write(b'{"game": "nosuch"}\n' * 20)  # a batch's lines: an error record each
    proc.stdin.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141, err
    assert err == b""


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture
def shown(monkeypatch):
    """Progress as on a terminal, with a fake clock (``shown.clock.now``) and the live display
    replaced by one that draws on request: ``shown()`` is the status line drawn now."""
    import io

    from rich.console import Console

    clock = FakeClock()
    monkeypatch.setattr(progress_mod, "_now", clock)
    lives = []

    class FakeLive:
        def __init__(self, renderable, console):
            self.renderable, self.running = renderable, False
            lives.append(self)

        def start(self):
            self.running = True

        def stop(self):
            self.running = False

    monkeypatch.setattr(progress_mod, "_live", FakeLive)

    def draw():
        [live] = lives
        assert live.running
        out = io.StringIO()
        Console(file=out, width=200, color_system=None).print(live.renderable)
        return out.getvalue().strip()

    draw.clock = clock
    draw.lives = lives
    return draw


def test_progress_shows_on_a_terminal_after_a_second(shown):
    with progress_mod.progress("solving", enabled=True) as tick:
        shown.clock.now = 0.5
        tick(10)
        assert shown() == ""  # nothing in the first second
        shown.clock.now = 1.5
        tick(5000)
        assert "solving: 5,000 nodes, 3,333/s, 1.5s (Ctrl-C stops)" in shown()
    assert not shown.lives[0].running  # cleared at the end


def test_the_status_line_shows_before_the_first_count_and_its_time_moves_between_counts(shown):
    """A batch counts a position when it finishes: its line shows from the first second all the
    same, and the elapsed time (what a waiting user looks at) advances as the line is redrawn."""
    with progress_mod.progress("batch", unit="positions", total=12, enabled=True) as tick:
        shown.clock.now = 1.2
        assert "batch: 0/12 positions, 0.00/s, 1.2s" in shown()
        shown.clock.now = 4.0
        tick(2)
        assert "batch: 2/12 positions, 0.50/s, ETA 20s, 4.0s" in shown()
        shown.clock.now = 5.3
        assert "batch: 2/12 positions, 0.38/s, ETA 26s, 5.3s" in shown()
        shown.clock.now = 8.0
        assert "batch: 2/12 positions, 0.25/s, ETA 40s, 8.0s" in shown()


LONG_LABEL = "pimc Durak from player 0's seat"


def _drawn(line, width):
    """The status line as a terminal ``width`` columns wide shows it: its rows."""
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(line)
    return out.getvalue().rstrip("\n").split("\n")


@pytest.mark.parametrize("width", [200, 80, 60, 40, 30, 20, 12, 5, 3, 1])
def test_the_status_line_is_never_wider_than_the_terminal(monkeypatch, width):
    """At 80 columns '⠋ pimc Durak from player 0's seat: 71/5,000 worlds, 67/s, ETA 73s, 1.1s (Ctrl-C
    stops)' wrapped at every redraw (at 5 columns into ~18 rows): the fields that matter least go
    first, the count stays while it fits."""
    from rich.cells import cell_len

    clock = FakeClock()
    monkeypatch.setattr(progress_mod, "_now", clock)
    line = progress_mod.StatusLine(LONG_LABEL, "worlds", 5000)
    clock.now = 1.06
    line.tick(71)
    rows = _drawn(line, width)
    assert len(rows) <= 1 and all(cell_len(r) <= width for r in rows), rows
    text = line.text(width - 2)
    full = line.text()
    assert full == f"{LONG_LABEL}: 71/5,000 worlds, 67/s, ETA 74s, 1.1s (Ctrl-C stops)"
    if width >= cell_len(full) + 2:
        assert text == full
    elif width >= 30:
        assert "71/5,000 worlds" in text and "1.1s" in text
    elif width >= 20:
        assert text == "71/5,000 worlds"
    assert text is not None and cell_len(text) <= max(width - 2, 0)


def test_the_status_line_never_shows_a_time_left_past_the_time_bound(monkeypatch):
    """Under --time 2 the line said 'ETA 73s': the job stops at --time, so the time left is what
    --time leaves (the count short of its total), and the ETA where it comes first."""
    clock = FakeClock()
    monkeypatch.setattr(progress_mod, "_now", clock)
    line = progress_mod.StatusLine("pimc", "worlds", 5000, seconds=2.0)
    clock.now = 1.06
    line.tick(71)
    assert line.text() == "pimc: 71/5,000 worlds, 67/s, stops in 1s (--time), 1.1s (Ctrl-C stops)"
    clock.now = 2.5
    assert "stopping (--time)" in line.text() and "ETA" not in line.text()
    fast = progress_mod.StatusLine("pimc", "worlds", 100, seconds=20.0)
    clock.now += 1.0
    fast.tick(60)
    assert "ETA 1s" in fast.text() and "--time" not in fast.text()  # done before --time: the ETA
    unbounded = progress_mod.StatusLine("pimc", "worlds", 5000)
    clock.now += 1.06
    unbounded.tick(71)
    assert "ETA 74s" in unbounded.text()


def test_a_seat_answer_gives_its_status_line_the_time_bound(monkeypatch, tmp_path):
    """The seat analysis (PIMC under --time) hands --time to its status line."""
    from contextlib import contextmanager

    import foolsolve.cli as cli_mod
    from tests.generic.batch_helpers import call_main

    given = []

    @contextmanager
    def spy(label, **kwargs):
        given.append((label, kwargs))
        yield lambda count: None

    monkeypatch.setattr(cli_mod, "progress", spy)
    view = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "views" / "durak-fresh-deal.json"
    code, _, err = call_main([str(view), "--method", "pimc", "--samples", "2", "--time", "7", "--no-store"])
    assert code == 0, err
    assert given and given[0][0].startswith("pimc") and given[0][1]["seconds"] == 7


def test_progress_is_silent_off_a_terminal(monkeypatch):
    called = []
    monkeypatch.setattr(progress_mod, "_live", lambda *args: called.append(args))
    with progress_mod.progress("x", enabled=False) as tick:
        for i in range(100):
            tick(i)
    assert not called


def test_standard_output_off_the_terminal_keeps_what_is_printed_while_the_line_shows(monkeypatch):
    """stderr on a terminal, stdout to a file (``> out.txt``): a line printed while the status line
    shows goes to the file, not up the terminal above the status line."""
    import io

    from rich.console import Console

    class File(io.StringIO):
        def isatty(self):
            return False

    stdout, terminal = File(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", stdout)
    live = progress_mod._live(progress_mod.StatusLine("x", "nodes", None), Console(file=terminal, force_terminal=True))
    live.start()
    try:
        print("a result")
    finally:
        live.stop()
    assert stdout.getvalue() == "a result\n" and "a result" not in terminal.getvalue()


def test_the_readme_example_of_exit_141_always_exits_141(tmp_path):
    """README's example of exit 141 was ``foolsolve rules durak | head -1``: its 13.5 kB fit in the
    pipe before head leaves, so it exited 0 one run and 141 the next. The example named now writes
    without end (more than any pipe holds), so the write that fails, and exit 141, are certain."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    sentence = " ".join(readme[:readme.index("exit 141")].split("When ")[-1].split())
    example = re.findall(r"`([^`]*\| *head[^`]*)`", sentence)
    assert example, sentence
    writer = example[0].rsplit("|", 1)[0]
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    proc = subprocess.Popen(["bash", "-c", f"{writer}; exit ${{PIPESTATUS[-1]}}"], cwd=tmp_path, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    got = proc.stdout.read(1 << 20)  # more than a pipe holds: the writer must still be writing
    proc.stdout.close()
    code = proc.wait(timeout=300)
    assert len(got) == 1 << 20, f"{writer!r} wrote {len(got)} bytes in all: a pipe can hold that"
    assert code == 141


@pytest.mark.parametrize("command", ["solve", "report"])
def test_sigterm_stops_a_seat_answer_as_ctrl_c_does_with_exit_143(tmp_path, command):
    """SIGTERM killed solve and report (exit -15, no line, no answer, and on a pool of workers a
    multi-line warning of leaked semaphores from the resource tracker). Now it stops them as
    Ctrl-C does, once the command's modules are loaded or before: the answer (or page) so far,
    one line saying SIGTERM, the pool shut down, exit 143."""
    view = EXAMPLES / "views" / "durak-fresh-deal.json"
    page = tmp_path / "rep.html"
    argv = [str(view)] if command == "solve" else ["report", str(view), "--out", str(page)]
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", *argv, "--samples", "10000000", "--time", "0",
                             "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until_working(proc, POOL_STARTED_CPU)  # past its start (where SIGTERM has its default action)
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 143, (stdout, stderr)
    assert stderr.count("\n") == 1 and stderr.startswith("foolsolve: terminated (SIGTERM)"), stderr


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("json_flag", [False, True])
def test_a_signal_during_the_second_opinion_check_is_not_lost(monkeypatch, capsys, how, json_flag):
    """IS-MCTS caught the signal to keep its iterations so far, and second_opinion then returned no
    note: the answer printed without the check, "interrupted": false and exit 0. Now the answer is
    kept with a note that the check was stopped, "interrupted": true, and exit 130 (143 after SIGTERM)."""
    from foolsolve import errors, seat

    monkeypatch.setattr(errors._Signals, "terminated", False)
    old_handler = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, errors.on_sigterm)
    try:
        moves = [seat.MoveStat("attack 7♣", 0.2, 0.0, 0.4, 10), seat.MoveStat("attack K♣", 0.1, -0.1, 0.3, 10)]
        canned = seat.SeatAnswer("durak", 0, 0, "pimc", "PIMC: 10 sampled worlds", "the scale", moves, ["attack 7♣"],
                                 10, 0, None, 0, 0.1, value=seat.MoveStat("position", 0.2, 0.0, 0.4, 10))
        monkeypatch.setattr(seat, "analyse", lambda *a, **k: canned)
        real = seat.ismcts

        def stopping(info, worlds, settings, tick=None):
            def signal_at_third(done):
                if done == 3:
                    if how == "SIGINT":
                        raise KeyboardInterrupt
                    os.kill(os.getpid(), signal.SIGTERM)  # the handler raises KeyboardInterrupt
            return real(info, worlds, settings, signal_at_third)

        monkeypatch.setattr(seat, "ismcts", stopping)
        code, out, err = _run([str(EXAMPLES / "views" / "durak-fresh-deal.json"), *(["--json"] if json_flag else [])],
                              capsys)
    finally:
        signal.signal(signal.SIGTERM, old_handler)
    assert code == (143 if how == "SIGTERM" else 130), (out, err)
    who = "SIGTERM" if how == "SIGTERM" else "Ctrl-C"
    note = f"interrupted: {who} stopped the check by a second method (IS-MCTS) before it finished"
    if json_flag:
        got = json.loads(out)
        assert got["interrupted"] is True and got["best"] == ["attack 7♣"]
        assert got["notes"][-1].startswith(note)
    else:
        assert "Best: attack 7♣" in out and f"Note: {note}" in out
    assert err.count("\n") == 1 and "interrupted (the answer above is the best so far)" in err


def test_plain_lines_show_the_status_off_a_terminal_one_every_few_seconds(monkeypatch, capsys):
    """``plain_lines(True)`` (``foolsolve.answer(..., progress=True)``): where stderr is no terminal
    (a notebook), the status line as a plain line at most once every PLAIN_EVERY seconds as counts
    come; by default (``None``) and with ``False``, nothing."""
    clock = FakeClock()
    monkeypatch.setattr(progress_mod, "_now", clock)

    def work(shown):
        with progress_mod.plain_lines(shown), progress_mod.progress("solving Durak") as tick:
            for count in range(1, 13):
                clock.now += 1.0
                tick(count * 1000)
        return capsys.readouterr().err

    assert work(None) == work(False) == ""
    assert work(True).splitlines() == ["solving Durak: 5,000 nodes, 1,000/s, 5.0s",
                                       "solving Durak: 10,000 nodes, 1,000/s, 10.0s"]
    assert work(None) == ""  # the block's setting ends with it


@pytest.mark.parametrize("term", ["dumb", "unknown"])
def test_a_dumb_terminal_gets_plain_status_lines(monkeypatch, capsys, term):
    """On a terminal that moves no cursor (TERM=dumb: an editor's shell buffer) rich draws no live
    line, and long work showed no progress at all: plain lines there, one every few seconds, with
    the Ctrl-C hint; no cursor movement (no carriage return, no escape), and a compile's line once.
    A pipe still gets no status line."""
    clock = FakeClock()
    monkeypatch.setattr(progress_mod, "_now", clock)
    monkeypatch.setenv("TERM", term)

    def work():
        with progress_mod.progress("solving Durak") as tick:
            for count in range(1, 13):
                clock.now += 1.0
                tick(count * 1000)
        with progress_mod.CompileLine(lambda: "compiling the search", "stopped"):
            pass
        return capsys.readouterr().err

    assert work() == "foolsolve: compiling the search\n"  # stderr no terminal (a pipe): no status line
    monkeypatch.setattr(progress_mod, "_stderr_is_a_terminal", lambda: True)
    err = work()
    assert err.splitlines() == ["solving Durak: 5,000 nodes, 1,000/s, 5.0s (Ctrl-C stops)",
                                "solving Durak: 10,000 nodes, 1,000/s, 10.0s (Ctrl-C stops)",
                                "foolsolve: compiling the search"]
    assert "\r" not in err and "\x1b" not in err


def test_answer_takes_progress_as_where_its_status_lines_show(monkeypatch, capsys):
    import foolsolve
    from foolsolve.errors import InputError

    clock = FakeClock()
    real = progress_mod.StatusLine.tick

    def ticking(self, count):  # each count 3 s after the one before
        clock.now += 3.0
        real(self, count)

    monkeypatch.setattr(progress_mod, "_now", clock)
    monkeypatch.setattr(progress_mod.StatusLine, "tick", ticking)
    view = Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "views" / "durak-fresh-deal.json"
    foolsolve.answer(view, samples=8, seed=1)
    assert capsys.readouterr().err == ""
    foolsolve.answer(view, samples=8, seed=1, progress=True)
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("pimc Durak from player 0's seat: ") for line in lines), lines
    with pytest.raises(InputError, match=r"^progress: expected True, False or None \(on a terminal only\), got 1$"):
        foolsolve.answer(view, progress=1)


def test_the_status_line_of_an_answer_from_python_names_the_time_parameter(monkeypatch):
    """From :func:`foolsolve.answer` the time bound is the parameter ``time``; the command's
    line keeps ``--time``."""
    import contextlib

    import foolsolve
    import foolsolve.cli as cli_mod
    from foolsolve.api import PYTHON_NAMES
    from foolsolve.errors import option_names

    clock = FakeClock()
    monkeypatch.setattr(progress_mod, "_now", clock)
    with option_names(PYTHON_NAMES):
        line = progress_mod.StatusLine("pimc", "worlds", 5000, seconds=2.0)
    clock.now = 1.06
    line.tick(71)
    assert line.text() == "pimc: 71/5,000 worlds, 67/s, stops in 1s (time), 1.1s (Ctrl-C stops)"
    assert progress_mod.StatusLine("pimc", "worlds", 5000, seconds=2.0).time_name == "--time"
    names = []
    real = progress_mod.progress

    @contextlib.contextmanager
    def spy(*args, **kwargs):
        names.append(progress_mod.StatusLine("x", "nodes", None).time_name)
        with real(*args, **kwargs) as tick:
            yield tick

    monkeypatch.setattr(cli_mod, "progress", spy)
    foolsolve.answer(Path(__file__).resolve().parents[2] / "foolsolve" / "examples" / "durak-endgame.json",
                     progress=False)
    assert names == ["time"]


def test_the_ctrl_c_hint_is_a_parameter_of_the_status_line(monkeypatch, capsys):
    """A terminal's line ends with the hint; ``hint=False`` leaves it out, as the plain lines of a
    notebook do (no terminal takes a Ctrl-C there), the rest of the line as it is."""
    clock = FakeClock()
    monkeypatch.setattr(progress_mod, "_now", clock)
    line = progress_mod.StatusLine("solving Durak", "nodes", None)
    clock.now = 2.0
    line.tick(4000)
    assert line.text() == "solving Durak: 4,000 nodes, 2,000/s, 2.0s (Ctrl-C stops)"
    assert line.text(hint=False) == "solving Durak: 4,000 nodes, 2,000/s, 2.0s"
    assert line.text(200, hint=False) == line.text(hint=False)
    with progress_mod.plain_lines(True), progress_mod.progress("solving Durak") as tick:
        clock.now = 7.0
        tick(4000)
    assert capsys.readouterr().err == "solving Durak: 4,000 nodes, 800/s, 5.0s\n"


def _every_count_three_seconds_later(monkeypatch):
    """A fake clock that each count of a status line moves on by 3 s (a long batch or match)."""
    clock = FakeClock()
    real = progress_mod.StatusLine.tick

    def ticking(self, count):
        clock.now += 3.0
        real(self, count)

    monkeypatch.setattr(progress_mod, "_now", clock)
    monkeypatch.setattr(progress_mod.StatusLine, "tick", ticking)


def test_a_batch_run_from_python_takes_progress_as_answer_does(monkeypatch, capsys):
    """``batch.run(..., progress=True)`` in a notebook (stderr no terminal) writes the batch's status
    line as plain lines, as ``foolsolve.answer(..., progress=True)`` does; by default none there."""
    from foolsolve import batch
    from foolsolve.errors import InputError

    _every_count_three_seconds_later(monkeypatch)
    jobs = [(n, json.dumps(str(EXAMPLES / "durak-endgame.json")), None) for n in range(1, 7)]
    records = []
    batch.run(jobs, lambda rec, job: records.append(rec), batch.Settings(), total=6)
    assert capsys.readouterr().err == "" and len(records) == 6
    batch.run(jobs, lambda rec, job: records.append(rec), batch.Settings(), total=6, progress=True)
    assert capsys.readouterr().err.splitlines() == ["batch: 2/6 positions, 0.33/s, ETA 12s, 6.0s",
                                                    "batch: 4/6 positions, 0.33/s, ETA 6s, 12.0s",
                                                    "batch: 6/6 positions, 0.33/s, ETA 0s, 18.0s"]
    batch.run(jobs, lambda rec, job: records.append(rec), batch.Settings(), total=6, progress=False)
    assert capsys.readouterr().err == ""
    with pytest.raises(InputError, match=r"^progress: expected True, False or None \(on a terminal only\), got 'yes'$"):
        batch.run(jobs, lambda rec, job: records.append(rec), batch.Settings(), progress="yes")


def test_an_arena_run_from_python_takes_progress_as_answer_does(monkeypatch, capsys):
    """``arena.run(match, out, progress=True)`` in a notebook writes the match's status line as plain
    lines, as ``foolsolve.answer(..., progress=True)`` does; by default none there."""
    from foolsolve import arena
    from foolsolve.errors import InputError

    _every_count_three_seconds_later(monkeypatch)
    match = arena.Match("durak", {}, 2, ("random", "greedy"), 2, 0)
    records, stopped = arena.run(match, None)
    assert capsys.readouterr().err == "" and len(records) == 4 and not stopped
    again, _ = arena.run(match, None, progress=True)
    assert [(r["deal"], r["seating"], r["returns"]) for r in again] == [(r["deal"], r["seating"], r["returns"])
                                                                         for r in records]
    assert capsys.readouterr().err.splitlines() == ["arena Durak: 2/4 games, 0.33/s, ETA 6s, 6.0s",
                                                    "arena Durak: 4/4 games, 0.33/s, ETA 0s, 12.0s"]
    with pytest.raises(InputError, match=r"^progress: expected True, False or None \(on a terminal only\), got 1$"):
        arena.run(match, None, progress=1)


def test_the_arena_command_draws_its_status_line_on_a_terminal(shown, monkeypatch, capsys):
    """The command's line is the one :func:`foolsolve.arena.run` draws (on a terminal only)."""
    from tests.generic.batch_helpers import call_main

    drawn = []
    real = progress_mod.StatusLine.tick

    def ticking(self, count):
        shown.clock.now += 1.5
        real(self, count)
        drawn.append(shown())

    monkeypatch.setattr(progress_mod.StatusLine, "tick", ticking)
    monkeypatch.setattr(progress_mod, "on_a_terminal", lambda: True)
    code, _, err = call_main(["arena", "durak", "--bot", "random", "--bot", "greedy", "--games", "1", "--seed", "0"])
    assert code == 0, err
    assert "arena Durak: 2/2 games, 0.67/s, ETA 0s, 3.0s (Ctrl-C stops)" in drawn[-1]


@pytest.fixture
def foolery_compile_stopped(monkeypatch):
    """Foolery's compiled playout not in numba's cache, no background compile: the first playout
    compiles it here, and a Ctrl-C arrives in numba's compile (the compiled loop's first call)."""
    from tests.generic.playout_helpers import foolery_compile_stopped

    return foolery_compile_stopped(monkeypatch)


@pytest.mark.parametrize("method", ["pimc", "ismcts"])
def test_ctrl_c_in_a_compile_inside_a_seat_answer_says_what_it_stopped(foolery_compile_stopped, method, capsys):
    """A first Foolery seat answer with no background compile compiles the playout inside its first
    world: a Ctrl-C there ends the command with the compile's own line (exit 130), and from Python
    with its Stopped, not a plain ``interrupted`` (the analysis caught the Ctrl-C to keep its worlds
    so far, and had none)."""
    import foolsolve

    view = EXAMPLES / "views" / "foolery.json"
    code, _, err = _run([str(view), "--method", method, "--samples", "40", "--no-store"], capsys)
    assert code == 130
    assert err.splitlines()[-1] == f"foolsolve: {foolery_compile_stopped}"
    with pytest.raises(KeyboardInterrupt) as caught:
        foolsolve.answer(view, method=method, samples=40)
    assert isinstance(caught.value, Stopped) and str(caught.value) == foolery_compile_stopped


def test_a_compile_under_a_status_line_is_drawn_in_its_place(shown, monkeypatch, capsys):
    """Two lines rewritten in turn on one terminal row would each show a fraction of the time (a
    solve's status line is redrawn 12.5 times a second, a compile's once): the compile's line is
    drawn in the place of the status line of the solve that waits for it, then printed above it."""
    monkeypatch.setattr(progress_mod, "on_a_terminal", lambda: True)
    with progress_mod.progress("solving Durak", enabled=True) as tick:
        shown.clock.now = 1.5
        tick(10)
        assert "solving Durak: 10 nodes" in shown()
        with progress_mod.CompileLine.timed("compiling the Durak playout once", "stopped"):
            shown.clock.now = 4.5
            assert shown().endswith(" compiling the Durak playout once: 3 s")
            assert capsys.readouterr().err == ""  # nothing written across the status line's row
        assert "solving Durak: 10 nodes, 2.22/s, 4.5s" in shown()
        assert capsys.readouterr().err == "compiling the Durak playout once: 3 s\n"  # kept, above it
        with pytest.raises(Stopped, match=r"^stopped$"), progress_mod.CompileLine.timed("compiling", "stopped"):
            raise KeyboardInterrupt
        assert "solving Durak" in shown()


def test_a_compile_ending_while_the_status_line_is_drawn_leaves_it_whole(monkeypatch):
    """rich redraws the status line from its own thread while a compile's end (on the main thread)
    sets :attr:`StatusLine.aside` back to ``None``: the line reads it once, so an end between two
    reads never has it call ``None``."""
    monkeypatch.setattr(progress_mod, "_now", FakeClock())

    class EndingLine(progress_mod.StatusLine):
        """The compile ends right after the first read of ``aside``."""

        reads: tuple = ()

        @property
        def aside(self):
            first, *self.reads = self.reads or (None,)
            return first

        @aside.setter
        def aside(self, value):
            pass

    line = EndingLine("solving Durak", "nodes", None)
    line.reads = (lambda: "compiling the Durak playout once: 3 s", None)
    assert line.text() == "compiling the Durak playout once: 3 s"
    line.reads = (lambda: "compiling the Durak playout once: 3 s", None)
    assert line.text(12) == "compiling th"


@pytest.mark.parametrize("failing", ["start", "stop"])
def test_the_drawn_status_line_is_forgotten_when_the_display_fails(monkeypatch, failing):
    """A live display that fails to start or to stop leaves no status line recorded as drawn
    (a later compile's line would be drawn in the place of one no longer shown); one that fails
    to start is stopped all the same (rich undoes what it started)."""
    calls = []

    class FailingLive:
        def __init__(self, renderable, console):
            pass

        def start(self):
            calls.append("start")
            if failing == "start":
                raise RuntimeError(failing)

        def stop(self):
            calls.append("stop")
            if failing == "stop":
                raise RuntimeError(failing)

    monkeypatch.setattr(progress_mod, "_live", FailingLive)
    with pytest.raises(RuntimeError, match=f"^{failing}$"), progress_mod.progress("solving", enabled=True):
        assert progress_mod._DRAWN.get() is not None
    assert progress_mod._DRAWN.get() is None
    assert calls == ["start", "stop"]


def test_a_pool_workers_compile_line_is_written_once_above_the_parents_status_line(monkeypatch):
    """A local pool's worker writes to its parent's terminal, where the parent draws the status
    line a user watches: a compile in the worker (a first Foolery playout with
    FOOLSOLVE_BACKGROUND_COMPILE=0) writes its line once, the parent's row erased first (the parent
    redraws its line below it), and is never rewritten in place by a ticker; the worker draws no
    status line of its own."""
    import io

    from foolsolve import executor

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(progress_mod, "_WORKER", False)
    monkeypatch.setattr(executor, "_STARTED", None)
    monkeypatch.setattr(signal, "signal", lambda *args: None)  # (the worker's Ctrl-C ignored: not here)
    monkeypatch.setattr(executor, "_exit_with_parent", lambda: None)
    monkeypatch.setattr(progress_mod, "_now", FakeClock())
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert progress_mod.on_a_terminal()
    executor._worker_start(None)  # the worker's set-up
    assert not progress_mod.on_a_terminal()
    with progress_mod.CompileLine.timed("compiling the Foolery playout once", "stopped") as line:
        assert line._ticker is None
    assert sys.stderr.getvalue() == "\r\x1b[Kfoolsolve: compiling the Foolery playout once: 0 s\n"

    def no_display(*args):
        raise AssertionError("a status line drawn in a worker")

    monkeypatch.setattr(progress_mod, "_live", no_display)
    with progress_mod.progress("solving") as tick:
        tick(10)


@pytest.mark.parametrize("game, example, module", [
    ("foolery", "foolery-endgame.json", "foolsolve.solver.foolery.search"),
    ("fools-and-angels", "fools-and-angels-endgame.json", "foolsolve.solver.fools_and_angels.search"),
    ("fools-paradise", "fools-paradise-endgame.json", "foolsolve.solver.fools_paradise.search"),
    ("three-fools", "three-fools-first-round.json", "foolsolve.solver.three_fools.odds"),
])
def test_ctrl_c_in_every_exact_solver_raises_interrupted_with_what_it_proved(monkeypatch, game, example, module):
    """Ctrl-C at the solver's first count of nodes, before it proved anything: the exception is
    ``Interrupted`` (a ``KeyboardInterrupt``) whose one line says what it holds, as Durak's."""
    import importlib

    import foolsolve
    from foolsolve.solver.base import Interrupted, SolveOptions

    monkeypatch.setattr(importlib.import_module(module), "PROGRESS_EVERY", 1)

    def stop(nodes: int) -> None:
        raise KeyboardInterrupt

    pos = foolsolve.load(str(Path(foolsolve.__file__).parent / "examples" / example))
    with pytest.raises(KeyboardInterrupt) as caught:
        foolsolve.games.get(game).solve(pos.state, SolveOptions(progress=stop))
    exc = caught.value
    assert isinstance(exc, Interrupted), repr(exc)
    assert str(exc).startswith("interrupted"), str(exc)
    assert exc.partial is not None and exc.partial.game == game
    assert exc.partial.unfinished  # (Three Fools' are its choices of a round: keep or flip, and the lead)


def test_ctrl_c_in_a_foolery_answer_from_python_raises_interrupted(monkeypatch):
    import foolsolve
    from foolsolve.solver.base import Interrupted
    from foolsolve.solver.foolery import search

    count = search.Solver._count

    def count_then_stop(self: Any) -> None:
        count(self)
        if self.nodes == 50:
            raise KeyboardInterrupt

    monkeypatch.setattr(search.Solver, "_count", count_then_stop)
    with pytest.raises(KeyboardInterrupt) as caught:
        foolsolve.answer(str(Path(foolsolve.__file__).parent / "examples" / "foolery-five-players-midround.json"),
                         time=0, progress=False)
    assert isinstance(caught.value, Interrupted), repr(caught.value)
    assert str(caught.value) == "interrupted: no move proved (of 1)"


def test_the_objects_a_command_leaves_are_kept_out_of_the_collections_at_exit():
    """Once the command is over and its output written, what it leaves is frozen (``gc.freeze``):
    the interpreter's collections as it exits do not walk a solver's tables again (a second after
    a Fools and Angels answer); the command's output and exit code are as ever."""
    script = ("import gc, sys, foolsolve.__main__\n"
              "sys.argv = ['foolsolve', 'games']\n"
              "try:\n"
              "    foolsolve.__main__.main()\n"
              "except SystemExit as exc:\n"
              "    code = exc.code\n"
              "else:\n"
              "    code = 0\n"
              "print('frozen', gc.get_freeze_count() > 0, code)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "frozen True 0", proc.stdout
    assert "durak" in proc.stdout


@pytest.mark.parametrize("ascii_only", [True, False])
def test_the_spinner_turns_in_ascii_where_the_stream_writes_ascii(monkeypatch, ascii_only):
    """Under --ascii (or an ASCII locale) standard error writes ASCII (textout.SafeText), and the
    status line's braille spinner frame (⠋) came out as '?', which reads as an encoding error. The
    spinner there is rich's ``line`` (- \\ | /); a UTF-8 stream keeps ``dots``."""
    from rich.console import Console

    from foolsolve.textout import SafeText

    clock = FakeClock()
    monkeypatch.setattr(progress_mod, "_now", clock)
    line = progress_mod.StatusLine("pimc", "worlds", 100)
    clock.now = 1.5
    line.tick(10)
    raw = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    stream = SafeText(raw, "ascii") if ascii_only else raw
    console = Console(file=stream, width=80, color_system=None)
    console.print(line)
    stream.flush()
    shown = raw.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    frame = shown.split(" ")[0]
    assert shown.strip().endswith("(Ctrl-C stops)") and "?" not in shown
    assert frame in ("-", "\\", "|", "/") if ascii_only else frame in "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
