"""``foolsolve conform GAME --engine CMD``: an engine outside foolsolve, a process answering the
oracle's ``moves`` and ``play`` requests, checked against the spec on conform's games. foolsolve's
own oracle agrees for every registered game; a wrong engine (tests/generic/fake_engine.py) is
caught in the games and at the steps where it is wrong; a broken one (it dies, writes no JSON,
hangs, writes a wrong record) is a one-line error, exit 2, and is never left running."""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from foolsolve import conformance, games
from foolsolve.positions import load_schema, standard_form
from foolsolve.rules import options_of, rules_to_json
from tests.generic import fake_engine, toy_game
from tests.generic.batch_helpers import call_main

ROOT = Path(__file__).resolve().parents[2]
FAKE = Path(fake_engine.__file__).resolve()
ORACLE = shlex.join([sys.executable, "-m", "foolsolve", "oracle"])
CONFORM_SCHEMA = jsonschema.Draft202012Validator(load_schema("conform.schema.json"))
SLOW = "120"  # --engine-timeout where the engine answers: a loaded machine starts Python slowly


def fake(mode: str) -> str:
    return shlex.join([sys.executable, str(FAKE), mode])


@pytest.fixture
def toy(monkeypatch):
    """The toy game registered here and, for an engine process started from here, through
    FOOLSOLVE_GAMES."""
    monkeypatch.setenv("FOOLSOLVE_GAMES", "tests.generic.toy_game")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    games.register(toy_game.INFO)
    yield toy_game.INFO
    games.unregister("toy")


def conform(*argv: str) -> tuple[int, str, str]:
    """``foolsolve conform ARGV``; a ``--json`` report is held to conform.schema.json."""
    code, out, err = call_main(["conform", *argv])
    if "--json" in argv and out.strip():
        CONFORM_SCHEMA.validate(json.loads(out))
    return code, out, err


@pytest.mark.parametrize("name", [*games.names(), "toy"])
def test_foolsolve_s_own_oracle_agrees_on_every_game(name, request, tmp_path, monkeypatch):
    if name == "toy":
        request.getfixturevalue("toy")
    monkeypatch.chdir(tmp_path)
    code, out, err = conform(name, "--cases", "2", "--seed", "4", "--max-steps", "40", "--engine", ORACLE,
                             "--engine-timeout", SLOW, "--status", "--chance", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["status"] is True and report["chance"] is True
    assert report["disagreements"] == [] and report["finished"] == report["agreeing"] == 2, report
    assert report["engine"] == ORACLE and report["requests"] is None and report["engine_error"] is None
    assert report["broken_at"] is None
    # the games are conform's own: as many states and moves as the lockstep against foolsolve's engine
    if games.get(name).engine is not None:
        code, out, err = conform(name, "--cases", "2", "--seed", "4", "--max-steps", "40", "--json")
        assert code == 0, err
        assert (json.loads(out)["states"], json.loads(out)["moves"]) == (report["states"], report["moves"])
    assert list(tmp_path.iterdir()) == []


def expected(name: str, cases: int, seed: int, max_steps: int, op: str) -> list[tuple[int, int]]:
    """(game, step) of each game's first marked position (fake_engine.marked) where the fake
    engine's ``op`` answer is wrong, the games walked with the spec alone as conform walks them."""
    info = games.get(name)
    spec = info.spec
    found = []
    for i in range(cases):
        rng = random.Random(f"{seed}:{i}")
        s = conformance.conform_start(info, rng)
        for step in range(max_steps + 1):
            moves, family = spec.legal_moves_split(s)
            over = not moves and family is None
            hit = fake_engine.marked(standard_form(spec, s, complete=True))
            wrong = {"add": True, "drop": bool(spec.legal_moves(s)), "status": True,
                     "successor": not over and step < max_steps}[op]  # a move played only before the last step
            if hit and wrong:
                found.append((i + 1, step))
                break
            if over or step == max_steps:
                break
            s = spec.apply(s, conformance._choose(s, moves, family, rng))
    return found


@pytest.mark.parametrize("name,mode", [("durak", "drop"), ("fools-paradise", "add"), ("foolery", "successor"),
                                       ("three-fools", "status")])
def test_a_wrong_engine_is_caught_in_each_game_where_it_is_wrong(name, mode, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cases, seed, steps = 8, 2, 30
    want = expected(name, cases, seed, steps, mode)
    assert want and len(want) < cases, want  # some games disagree, some do not
    status = ["--status"] if mode == "status" else []
    code, out, err = conform(name, "--cases", str(cases), "--seed", str(seed), "--max-steps", str(steps),
                             "--engine", fake(mode), "--engine-timeout", SLOW, "--json", "--replay", "1", *status)
    assert code == 1, err
    report = json.loads(out)
    assert [(d["case"], d["step"]) for d in report["disagreements"]] == want
    assert report["agreeing"] == cases - len(want) and report["engine_error"] is None
    kind = {"drop": "moves", "add": "moves", "successor": "play", "status": "status"}[mode]
    assert {d["kind"] for d in report["disagreements"]} == {kind}
    detail = report["disagreements"][0]["detail"]
    if mode == "drop":
        assert detail.startswith("only spec: ['") and detail.endswith("; only engine: []")
    elif mode == "add":
        assert detail == "only spec: []; only engine: ['resign']"
    elif mode == "status":
        assert detail.startswith("to_move: spec ")
    else:
        assert detail.startswith("after ")
    # the file holds each disagreement's request; foolsolve's oracle answers it, the wrong engine not alike
    target = tmp_path / f"conform-{name}-{seed}.jsonl"
    assert report["requests"] == target.name
    lines = [json.loads(x) for x in target.read_text().splitlines()]
    # each disagreement's request, and after it a smaller one where the replay found one (a position
    # the fake engine also marks)
    shrunk = [f"case {d['case']} step {d['step']} shrunk" for d in report["disagreements"] if d["shrunk"]]
    assert [x["id"] for x in lines if not x["id"].endswith(" shrunk")] == [f"case {c} step {s}" for c, s in want]
    assert [x["id"] for x in lines if x["id"].endswith(" shrunk")] == shrunk
    assert {x["op"] for x in lines} == {kind}
    for line in lines:
        assert fake_engine.marked(line["position"])
    # the first replayed alone (--replay 1): the fake engine's answer depends on the position only
    assert [d["alone"] for d in report["disagreements"]] == [True] + [None] * (len(want) - 1)
    code, answers, _ = call_main(["oracle", str(target)])
    assert code == 0 and len(answers.splitlines()) == len(lines)
    # the text report: a line per disagreeing game
    code, out, err = conform(name, "--cases", str(cases), "--seed", str(seed), "--max-steps", str(steps),
                             "--engine", fake(mode), "--engine-timeout", SLOW, "--out", str(tmp_path / "d.jsonl"),
                             "--replay", "0", *status)
    assert code == 1, err
    said = [x for x in out.splitlines() if x.startswith("DISAGREEMENT")]
    assert [x.split(":")[0] for x in said] == [f"DISAGREEMENT in game {c}" for c, _ in want]
    assert f"written to {tmp_path / 'd.jsonl'}" in out and "replayed alone" not in out and "shrunk" not in out
    # the same requests, none replayed (--replay 0) so none shrunk
    assert (tmp_path / "d.jsonl").read_text().splitlines() == [x for x in target.read_text().splitlines()
                                                                if not x.endswith(' shrunk"}')]


@pytest.mark.parametrize("mode,words", [
    ("crash", "--engine: it exited with code 3 before answering request 3 (moves); its last line on standard "
              "error: 'fake engine: out of cheese'"),
    ("garbage", "--engine: its answer to request 1 (moves) is not JSON (malformed JSON at line 1 column 1: Expecting "
                "value): 'hello'"),
    ("deep", "--engine: its answer to request 1 (moves) is not JSON (JSON nested too deeply): "
             "'{\"id\": 1, \"moves\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[... (199,960 more "
             "characters)'"),
    ("binary", "--engine: its answer to request 1 (moves) is not UTF-8 text: b'\\xff\\n'"),
    ("noid", "--engine: its answer to request 1 (moves) has no \"id\", not 1 (a reply copies its request's id, one "
             "reply a request, in order)"),
    ("error", "--engine: it answered request 1 (moves) with an error: fake engine: no idea"),
    ("nomoves", "--engine: its answer to request 1 (moves) is no moves record: no \"moves\" in it"),
    ("badplay", "--engine: its answer to request 2 (play) is no play record: its \"position\" is not a position "
                "object"),
    ("nostatus", "--engine: its answer to request 2 (status) is no status record: no \"over\" in it"),
    ("quit", "--engine: it exited with code 0 before answering request 1 (moves)"),
    ("flood", "--engine: its answer to request 2 (play) has \"id\" 1, not 2 (a reply copies its request's id, one "
              "reply a request, in order)"),
])
def test_a_broken_engine_is_one_line_and_exit_2(mode, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pid_file = tmp_path / "pid"
    monkeypatch.setenv("FAKE_ENGINE_PID", str(pid_file))
    started = time.monotonic()
    status = ["--status"] if mode == "nostatus" else []
    code, out, err = conform("durak", "--cases", "3", "--engine", fake(mode), "--engine-timeout", SLOW, *status)
    assert code == 2 and err == f"foolsolve: error: {words}\n", err
    assert time.monotonic() - started < 60
    assert "the engine broke off in game 1 at step " in out
    assert_gone(int(pid_file.read_text()))
    # the request it broke off at, written to replay
    assert sorted(p.name for p in tmp_path.iterdir()) == ["conform-durak-0.jsonl", "pid"]
    [line] = [json.loads(x) for x in (tmp_path / "conform-durak-0.jsonl").read_text().splitlines()]
    number, op = words.split("request ")[1].split(" ")[:2]
    steps = 3 if status else 2  # requests a step: moves, (status,) play
    assert line["op"] == op.strip("();") and line["id"] == f"case 1 step {(int(number) - 1) // steps}", line
    assert "its request written to conform-durak-0.jsonl" in out


def test_an_engine_breaking_off_keeps_the_disagreements_found_before(tmp_path, monkeypatch):
    """The engine dies in the middle of the run: the games before it are reported, each one's
    disagreement and the file of their requests kept, and the exit is 2 with the engine's error."""
    monkeypatch.chdir(tmp_path)
    want = expected("durak", 8, 2, 30, "drop")
    code, out, err = conform("durak", "--cases", "8", "--seed", "2", "--max-steps", "30", "--engine",
                             fake("drop+late"), "--engine-timeout", SLOW, "--json")
    error = json.loads(err)  # with --json the error is a JSON object too
    assert code == 2 and error["exit_code"] == 2, err
    assert error["error"].startswith("--engine: it exited with code 3 before answering request 250 ("), err
    report = json.loads(out)
    found = [(d["case"], d["step"]) for d in report["disagreements"]]
    assert found and found == want[:len(found)] and report["finished"] < 8
    assert report["engine_error"] == error["error"]
    broken = report["broken_at"]
    assert broken["case"] == report["finished"] + 1
    lines = (tmp_path / "conform-durak-2.jsonl").read_text().splitlines()
    ids = [json.loads(x)["id"] for x in lines]
    assert [x for x in ids if not x.endswith(" shrunk")] == [*(f"case {c} step {s}" for c, s in found),
                                                    f"case {broken['case']} step {broken['step']}"]


def test_a_hanging_engine_is_stopped_at_the_timeout_and_killed_with_what_it_started(tmp_path, monkeypatch):
    """The engine is a shell running the fake engine as its child: both are gone after the run, and
    the request it hung at is written to replay."""
    monkeypatch.chdir(tmp_path)
    pid_file = tmp_path / "pid"
    monkeypatch.setenv("FAKE_ENGINE_PID", str(pid_file))
    command = shlex.join(["sh", "-c", '"$0" "$1" hang; echo never', sys.executable, str(FAKE)])
    started = time.monotonic()
    code, _, err = conform("durak", "--cases", "3", "--engine", command, "--engine-timeout", "1.5")
    took = time.monotonic() - started
    assert code == 2 and err == ("foolsolve: error: --engine: no answer to request 1 (moves) within --engine-timeout "
                                 "1.5 s\n"), err
    assert took < 15, took
    assert_gone(int(pid_file.read_text()))
    [line] = (tmp_path / "conform-durak-0.jsonl").read_text().splitlines()
    assert json.loads(line)["op"] == "moves" and json.loads(line)["id"] == "case 1 step 0"


@pytest.mark.parametrize("signal_name,exit_code", [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_real_ctrl_c_while_the_engine_hangs_ends_both_at_once(signal_name, exit_code, tmp_path):
    """SIGINT (Ctrl-C) or SIGTERM to ``foolsolve conform`` waiting on a hanging engine: it stops at
    once with its exit code, the engine gone."""
    import signal
    import subprocess

    pid_file = tmp_path / "pid"
    env = dict(os.environ, FAKE_ENGINE_PID=str(pid_file), FOOLSOLVE_BACKGROUND_COMPILE="0")
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", "conform", "durak", "--engine", fake("hang"),
                             "--engine-timeout", "300"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(600):
            if pid_file.exists() and pid_file.read_text():
                break
            time.sleep(0.1)
        time.sleep(0.5)  # the request written, conform waiting for its answer
        proc.send_signal(getattr(signal, signal_name))
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == exit_code, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert_gone(int(pid_file.read_text()))


def test_ctrl_c_ends_the_engine_and_keeps_the_games_finished(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from foolsolve.outside import OutsideEngine

    pid_file = tmp_path / "pid"
    monkeypatch.setenv("FAKE_ENGINE_PID", str(pid_file))
    real = OutsideEngine.moves
    asked: list[int] = []

    def moves(self: Any, position: Any) -> Any:
        asked.append(1)
        if len(asked) == 60:
            raise KeyboardInterrupt
        return real(self, position)

    monkeypatch.setattr(OutsideEngine, "moves", moves)
    code, out, err = conform("fools-and-angels", "--cases", "5", "--seed", "1", "--engine", fake("right"),
                             "--engine-timeout", SLOW)
    assert code == 130, err
    assert out.splitlines()[-1].startswith("spec and outside engine agree in the ")
    assert_gone(int(pid_file.read_text()))


@pytest.mark.parametrize("signal_name,exit_code", [("Ctrl-C", 130), ("SIGTERM", 143)])
def test_a_signal_after_disagreements_exits_with_its_code_and_says_the_run_stopped(signal_name, exit_code,
                                                                                   tmp_path, monkeypatch):
    """Ctrl-C (or SIGTERM) after some games disagreed: those are reported and written, the text says
    which signal stopped the run after how many games, and the exit is the signal's, not 1."""
    monkeypatch.chdir(tmp_path)
    from foolsolve import errors
    from foolsolve.outside import OutsideEngine

    real = OutsideEngine.moves
    asked: list[int] = []

    def moves(self: Any, position: Any) -> Any:
        asked.append(1)
        if len(asked) == 150:
            if signal_name == "SIGTERM":
                monkeypatch.setattr(errors._Signals, "terminated", True)
            raise KeyboardInterrupt
        return real(self, position)

    monkeypatch.setattr(OutsideEngine, "moves", moves)
    code, out, err = conform("durak", "--cases", "40", "--seed", "2", "--max-steps", "30", "--engine", fake("drop"),
                             "--engine-timeout", SLOW, "--out", str(tmp_path / "d.jsonl"))
    assert code == exit_code, err
    said = [x for x in out.splitlines() if x.startswith("DISAGREEMENT")]
    assert said and len((tmp_path / "d.jsonl").read_text().splitlines()) == len(said)
    last = out.splitlines()[-1]
    finished = int(last.split(" after ")[1].split(" of ")[0])
    assert last == f"{signal_name} stopped the run after {finished} of 40 games; {40 - finished} not played", out
    assert 0 < finished < 40


def test_ctrl_c_as_a_game_ends_keeps_its_disagreement():
    """A Ctrl-C arriving as a game that disagreed ends (here in the progress callback, where the
    status line is drawn) stops the run with that game counted and its disagreement reported:
    never a game counted as agreeing whose disagreement the interrupt kept from being recorded
    (seed 0's first game disagrees with the ``drop`` engine)."""
    import signal

    from foolsolve.outside import OutsideEngine

    def interrupt(done: int) -> None:
        os.kill(os.getpid(), signal.SIGINT)

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with OutsideEngine(fake("drop"), float(SLOW)) as engine:
            report = conformance.run_outside(games.get("durak"), engine, 3, 0, progress=interrupt, max_steps=30)
    finally:
        signal.signal(signal.SIGINT, old)
    assert report.interrupted and report.cases == 1
    assert len(report.disagreements) == 1 and report.divergence is report.disagreements[0]
    assert report.divergence.case == 1


def test_a_run_stopped_before_any_game_finished_claims_no_agreement(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from foolsolve.outside import OutsideEngine

    def moves(self: Any, position: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(OutsideEngine, "moves", moves)
    code, out, err = conform("durak", "--cases", "100", "--engine", fake("right"), "--engine-timeout", SLOW)
    assert code == 130, err
    assert out.splitlines()[-1] == "Ctrl-C stopped the run before any game finished", out


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="a folder no file can be created in: Linux's /proc")
def test_an_out_that_cannot_be_created_is_refused_before_the_engine_starts(tmp_path, monkeypatch):
    """``/proc`` passes a permission check for root, yet no file can be made there: found by making
    one before the engine starts, not after the run (where it hid the engine's error)."""
    monkeypatch.chdir(tmp_path)
    pid_file = tmp_path / "pid"
    monkeypatch.setenv("FAKE_ENGINE_PID", str(pid_file))
    code, out, err = conform("durak", "--cases", "1", "--engine", fake("crash"), "--engine-timeout", SLOW,
                             "--out", "/proc/nope.jsonl")
    assert code == 2 and out == "", err
    assert err == "foolsolve: error: --out /proc/nope.jsonl: cannot write (No such file or directory)\n", err
    assert not pid_file.exists()


@pytest.mark.parametrize("argv,words", [
    (["--engine", ""], "--engine: empty command (the engine's program and its arguments)"),
    (["--engine", "'unclosed"], '--engine: no closing quotation in "\'unclosed"'),
    (["--engine", "/no/such/engine"], '--engine: cannot start "/no/such/engine" (no such file or directory)'),
    (["--engine-timeout", "5"], "--engine-timeout: only with --engine (the outside engine's time to answer)"),
    (["--status"], "--status: only with --engine (foolsolve's engine's status is compared at every state)"),
    (["--chance"], "--chance: only with --engine (foolsolve's engine's chance outcomes are compared at every chance "
                   "node)"),
    (["--engine", ORACLE, "--workers", "2"], "--workers: with --engine the games are played in this process "
                                             "against the one engine process"),
    (["--engine", ORACLE, "--engine-timeout", "0"], None),
])
def test_bad_engine_options_are_one_line_errors(argv, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = conform("durak", "--cases", "1", *argv)
    assert code == 2 and err.count("\n") == 1 and out == "", err
    if words is not None:
        assert err == f"foolsolve: error: {words}\n"
    else:
        assert "--engine-timeout" in err


@pytest.mark.parametrize("name", games.names())
def test_a_position_the_spec_cannot_read_is_a_disagreement(name, tmp_path, monkeypatch):
    """A play answer that is an object but no position of the game: each game disagrees at its first
    move, the spec's reading error quoted (exit 1, not a broken engine, not a crash)."""
    monkeypatch.chdir(tmp_path)
    code, out, err = conform(name, "--cases", "2", "--engine", fake("unreadable"), "--engine-timeout", SLOW,
                             "--json")
    assert code == 1, err
    report = json.loads(out)
    assert [(d["case"], d["step"], d["kind"]) for d in report["disagreements"]] == [(1, 0, "play"), (2, 0, "play")]
    assert all(f"the engine's position is no {name} position (" in d["detail"] for d in report["disagreements"])


def test_without_knowledge_positions_are_compared_without_what_players_know(tmp_path, monkeypatch):
    """An engine that keeps no ``known`` (the cards players saw picked up) disagrees on the whole
    position and agrees on what the rules read."""
    monkeypatch.chdir(tmp_path)
    argv = ["durak", "--cases", "2", "--seed", "1", "--engine", fake("forget"), "--engine-timeout", SLOW, "--json"]
    code, out, err = conform(*argv)
    assert code == 1, err
    details = [d["detail"] for d in json.loads(out)["disagreements"]]
    assert details and all(d.split(": ")[1] == "known" for d in details), details
    code, out, err = conform(*argv, "--without-knowledge", "--out", str(tmp_path / "none.jsonl"))
    assert code == 0, err
    assert json.loads(out)["disagreements"] == [] and json.loads(out)["without_knowledge"] is True
    code, out, err = conform("durak", "--cases", "1", "--without-knowledge")
    assert code == 2 and err == ("foolsolve: error: --without-knowledge: only with --engine (foolsolve's engine is "
                                 "held to the whole position)\n")


def test_status_compares_the_payoffs_of_a_finished_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = conform("durak", "--cases", "2", "--seed", "3", "--engine", fake("payoffs"), "--engine-timeout",
                             SLOW, "--status", "--json")
    assert code == 1, err
    disagreements = json.loads(out)["disagreements"]
    assert [d["case"] for d in disagreements] == [1, 2]
    for d in disagreements:
        assert d["kind"] == "status" and d["detail"].startswith("payoffs: spec ['"), d
        mine, theirs = d["detail"][len("payoffs: spec "):].split(" engine ")
        assert [str(-Fraction(p)) for p in json.loads(mine.replace("'", '"'))] == json.loads(theirs.replace("'", '"'))


@pytest.mark.parametrize("payoff", ["1e999999999", "1e9999"])
def test_a_payoff_with_a_huge_exponent_is_one_line_and_exit_2(payoff, tmp_path, monkeypatch):
    """A payoff is read as a position file's numbers are: an exponent beyond ±50 is the engine's
    error at once (not a number of a billion digits worked out, nor Python's digit limit)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FAKE_PAYOFF", payoff)
    started = time.monotonic()
    code, out, err = conform("durak", "--cases", "1", "--seed", "0", "--engine", fake("hugepay"),
                             "--engine-timeout", SLOW, "--status")
    assert time.monotonic() - started < 60
    assert code == 2 and err.count("\n") == 1, err
    assert (f"is no status record: its payoff \"{payoff}\" is no exact number (\"{payoff}\" has an exponent "
            "beyond ±50; \"-1\", \"1/2\", 2)\n") in err, err
    assert "the engine broke off in game 1" in out


def test_one_game_from_a_position(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pos = ROOT / "foolsolve" / "examples" / "durak-midbout.json"
    code, out, err = conform("durak", "--position", str(pos), "--engine", fake("right"), "--engine-timeout", SLOW,
                             "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["finished"] == 1 and report["states"] > 1 and report["disagreements"] == []


def assert_gone(pid: int) -> None:
    """The process ``pid`` has exited (a zombie whose parent died is gone too: it waits only for
    whatever reaps orphans)."""
    stat = Path(f"/proc/{pid}/stat")
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":
                return
        except (OSError, IndexError):
            return
        time.sleep(0.1)
    raise AssertionError(f"process {pid} still runs")


def test_an_engine_that_exited_while_a_child_holds_its_output_is_named_so(tmp_path, monkeypatch):
    """The engine exits at once but a process it started keeps its output open: at the timeout the
    error says it exited, with its code, and that a process it started holds its output."""
    monkeypatch.chdir(tmp_path)
    code, _, err = conform("durak", "--cases", "1", "--engine", "sh -c 'sleep 30 & exit 3'", "--engine-timeout", "2")
    assert code == 2 and err == ("foolsolve: error: --engine: it exited with code 3 without answering request 1 "
                                 "(moves), and a process it started still holds its output (no answer within "
                                 "--engine-timeout 2 s)\n"), err


def test_a_request_the_engine_does_not_read_is_bounded_by_the_timeout():
    """An engine that never reads its input and a request far longer than a pipe holds: the write
    stops at the timeout with a one-line error, and the engine is ended."""
    import threading

    from foolsolve.outside import EngineError, OutsideEngine

    errors: list[BaseException] = []

    def run() -> None:
        with OutsideEngine(shlex.join([sys.executable, "-c", "import time; time.sleep(60)"]), timeout=1.0) as engine:
            try:
                engine.moves({"filler": "x" * 4_000_000})
            except EngineError as exc:
                errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), "the write blocked past the timeout"
    [exc] = errors
    assert str(exc).startswith("--engine: it did not read request 1 (moves) within --engine-timeout 1 s (")
    assert "\n" not in str(exc)


# --- an engine that plays only some rules, every legal move's successor, a disagreement replayed ------


def test_rules_fix_the_options_an_engine_plays(tmp_path, monkeypatch):
    """An engine wrong only where ``throwers`` is off its default: reported on the random rules, not
    under --rules fixing it at its default nor under --default-rules; the games are played as far."""
    monkeypatch.chdir(tmp_path)
    argv = ["durak", "--cases", "6", "--seed", "0", "--max-steps", "30", "--engine", fake("off:throwers"),
            "--engine-timeout", SLOW, "--json"]
    code, out, err = conform(*argv, "--replay", "0", "--out", "all.jsonl")
    assert code == 1, err
    report = json.loads(out)
    assert report["disagreements"] and report["rules"] is None
    assert {d["kind"] for d in report["disagreements"]} == {"moves"}
    for line in (tmp_path / "all.jsonl").read_text().splitlines():
        assert json.loads(line)["position"]["rules"]["throwers"] == "neighbours"
    code, out, err = conform(*argv, "--rules", '{"throwers": "all"}')
    assert code == 0, err
    report = json.loads(out)
    assert report["disagreements"] == [] and report["finished"] == 6 and report["rules"] == {"throwers": "all"}
    code, out, err = conform(*argv, "--default-rules")
    assert code == 0, err
    report = json.loads(out)
    assert report["disagreements"] == [] and report["rules"] == rules_to_json(games.get("durak").spec.rules_cls())
    assert list(tmp_path.iterdir()) == [tmp_path / "all.jsonl"]
    # the text report says which options were fixed
    code, out, err = conform(*argv[:-1], "--rules", '{"throwers": "all", "deck": 52}')
    assert code == 0, err
    assert out.splitlines()[2] == 'rule options: deck=52, throwers="all" in every game, the others drawn at random'
    code, out, err = conform(*argv[:-1], "--default-rules", "--rules", '{"deck": 52}')
    assert code == 0, err
    assert out.splitlines()[2] == "rule options: deck=52, the others at their defaults"


@pytest.mark.parametrize("name", games.names())
def test_every_game_s_random_starts_keep_the_pinned_options(name):
    """conform's starts under pinned options (every option at its default; one option off it) keep
    them, the other options still drawn."""
    from foolsolve.rules import pins_from_json

    info = games.get(name)
    cls = info.spec.rules_cls
    defaults = pins_from_json(cls, {}, True)
    for i in range(40):
        start = conformance.conform_start(info, random.Random(f"0:{i}"), defaults)
        assert rules_to_json(info.spec.rules_of(start)) == rules_to_json(cls())
    option = next(o for o in options_of(cls) if o.choices is not None and len(o.choices) > 1 and not o.fixed)
    other = next(c for c in option.choices if c != option.default)
    pins = pins_from_json(cls, {option.name: rules_to_json(cls(**{option.name: other}))[option.name]}, False)
    seen = set()
    for i in range(40):
        rules = info.spec.rules_of(conformance.conform_start(info, random.Random(f"0:{i}"), pins))
        assert getattr(rules, option.name) == other
        seen.add(json.dumps(rules_to_json(rules), sort_keys=True))
    assert len(seen) > 1  # the others drawn at random


def test_rules_of_a_game_whose_deals_do_not_keep_them_are_drawn_again(toy, tmp_path, monkeypatch):
    """The toy's generator draws its one option without foolsolve.rules.pin: a deal under another
    value is drawn again, so --rules still holds; where no draw keeps them, a one-line error."""
    monkeypatch.chdir(tmp_path)
    played: list[int] = []
    real = conformance.lockstep

    def lockstep(info: Any, start: Any, *args: Any, **kwargs: Any) -> Any:
        played.append(start.rules.max_take)
        return real(info, start, *args, **kwargs)

    monkeypatch.setattr(conformance, "lockstep", lockstep)
    code, out, err = conform("toy", "--cases", "8", "--rules", '{"max_take": 2}', "--json")
    assert code == 0 and json.loads(out)["rules"] == {"max_take": 2}, err
    assert played == [2] * 8
    monkeypatch.setattr(conformance, "PIN_TRIES", 1)
    code, out, err = conform("toy", "--cases", "8", "--seed", "1", "--rules", '{"max_take": 2}', "--engine", ORACLE)
    assert code == 2 and out == "" and err == ("foolsolve: error: --rules: no toy deal under max_take=2 in 1 draw "
                                               "(its deals drew max_take otherwise: a generator keeps pinned options "
                                               "by calling foolsolve.rules.pin on its rules)\n"), err


def test_rules_fix_the_options_of_conform_without_an_engine(tmp_path, monkeypatch):
    """The same pins for foolsolve's own engine, in this process and on worker processes alike."""
    monkeypatch.chdir(tmp_path)
    played: list[str] = []
    real = conformance.lockstep

    def lockstep(info: Any, start: Any, *args: Any, **kwargs: Any) -> Any:
        played.append(info.spec.rules_of(start).variant)
        return real(info, start, *args, **kwargs)

    monkeypatch.setattr(conformance, "lockstep", lockstep)
    argv = ["durak", "--cases", "6", "--seed", "1", "--max-steps", "30", "--rules", '{"variant": "simple"}', "--json"]
    code, out, err = conform(*argv)
    assert code == 0, err
    report = json.loads(out)
    assert report["rules"] == {"variant": "simple"} and report["finished"] == 6
    assert played == ["simple"] * 6
    code, out, err = conform(*argv[:-3], "--json")
    assert code == 0 and json.loads(out)["rules"] is None, err
    assert len(set(played[6:])) > 1
    code, out, err = conform(*argv, "--workers", "2")
    assert code == 0, err
    assert (json.loads(out)["states"], json.loads(out)["rules"]) == (report["states"], report["rules"])


@pytest.mark.parametrize("argv,words", [
    (["--rules", '{"dek": 1}'], "--rules.dek: unknown rule option; did you mean \"deck\"? (Durak's 19 options: see "
                                "foolsolve rules durak)"),
    (["--rules", '{"deck": 1}'], "--rules.deck: 1 is not one of 36 | 52 | 54"),
    (["--rules", "[1]"], "--rules: expected a JSON object of rule options, not [1]"),
    (["--rules", ""], "--rules: empty; give a JSON object of rule options, such as '{}' for the defaults"),
    (["--rules", "{"], "--rules: malformed JSON"),
    (["--rules", '{"defender_hand_cap": false}'], "--rules.defender_hand_cap: false is not one of true"),
    (["--rules", '{"teams": "2v2", "places": "even"}'],
     '--rules: no durak deal under teams="2v2", places="even" in 100 draws (rules.places: finishing places are for '
     "players on their own; with teams a team loses)"),
    (["--default-rules", "--position", "x.json"], "--default-rules: with --position the position's own rules are "
                                                  "played"),
    (["--rules", "{}", "--position", "x.json"], "--rules: with --position the position's own rules are played"),
    (["--every-move"], "--every-move: only with --engine (foolsolve's engine's position after every legal move is "
                       "compared at every state)"),
    (["--replay", "1"], "--replay: only with --engine (foolsolve's engine's diverging position is shrunk)"),
    (["--replay", "-1"], "--replay"),
])
@pytest.mark.parametrize("engine", [False, True])
def test_bad_rules_every_move_and_replay_are_one_line_errors(argv, words, engine, tmp_path, monkeypatch):
    if engine and ("--every-move" in argv or argv[:2] == ["--replay", "1"]):
        return  # (with an engine they are no error)
    code, out, err, pid_file = _conform_durak_once(argv, engine, tmp_path, monkeypatch)
    assert code == 2 and err.count("\n") == 1 and out == "" and "Traceback" not in err, err
    assert err.startswith(f"foolsolve: error: {words}") if words != "--replay" else "--replay" in err, err
    assert not pid_file.exists()  # refused before any engine starts


def _conform_durak_once(argv: list[str], engine: bool, tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str, Path]:
    """``conform durak --cases 1 ARGV`` (with ``engine``, against the fake engine, which writes its
    pid to the file returned if it ever starts) in ``tmp_path``: the exit code, output, errors."""
    monkeypatch.chdir(tmp_path)
    pid_file = tmp_path / "pid"
    monkeypatch.setenv("FAKE_ENGINE_PID", str(pid_file))
    code, out, err = conform("durak", "--cases", "1", *argv, *(["--engine", fake("right")] if engine else []))
    return code, out, err, pid_file


def first_moves_never_followed(name: str, steps: int) -> tuple[int, int, str]:
    """A seed whose first game (conform's, ``steps`` moves) never follows the first of two or more
    legal moves, with the step and the text of the first such move (fake engine ``other``'s bug)."""
    info = games.get(name)
    spec = info.spec
    for seed in range(40):
        rng = random.Random(f"{seed}:0")
        s = conformance.conform_start(info, rng)
        first, hit = None, False
        for step in range(steps):
            moves, family = spec.legal_moves_split(s)
            if not moves and family is None:
                break
            legal = spec.legal_moves(s)
            m = conformance._choose(s, moves, family, rng)
            if len(legal) > 1:
                first = first or (step, spec.move_text(legal[0], ascii=True))
                hit = hit or m == legal[0]
            s = spec.apply(s, m)
        if first is not None and not hit:
            return seed, *first
    raise AssertionError("no such seed")


@pytest.mark.parametrize("name", games.names())
def test_every_move_catches_a_wrong_successor_of_a_move_the_game_does_not_follow(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    steps = 8
    seed, step, text = first_moves_never_followed(name, steps)
    argv = [name, "--cases", "1", "--seed", str(seed), "--max-steps", str(steps), "--engine", fake("other"),
            "--engine-timeout", SLOW, "--json", "--replay", "0"]
    code, out, err = conform(*argv)
    assert code == 0, err  # the move followed is never the wrong one
    report = json.loads(out)
    assert report["every_move"] is False and report["successors"] == report["moves"] == steps
    code, out, err = conform(*argv, "--every-move")
    assert code == 1, err
    report = json.loads(out)
    assert report["every_move"] is True and report["successors"] > report["moves"]
    [d] = report["disagreements"]
    assert (d["case"], d["step"], d["kind"]) == (1, step, "play")
    assert d["detail"].startswith(f"after {text} (a move the game does not follow): "), d
    [line] = (tmp_path / f"conform-{name}-{seed}.jsonl").read_text().splitlines()
    assert json.loads(line)["moves"] == [text]


def test_every_move_samples_a_state_with_many_legal_moves(tmp_path, monkeypatch):
    """Foolery's exchange of a later round (105 legal moves): at most EVERY_MOVE_MAX successors a state
    (the move followed and a seeded sample), the states so sampled counted and said."""
    from foolsolve import cli

    assert (cli.EVERY_MOVE_MAX, cli.REPLAY_MAX, cli.SHRINK_REQUESTS, cli.NARROW_RUNS, cli.NARROW_SECONDS) == (
        conformance.EVERY_MOVE_MAX, conformance.REPLAY_MAX, conformance.SHRINK_REQUESTS, conformance.NARROW_RUNS,
        conformance.NARROW_SECONDS)
    monkeypatch.chdir(tmp_path)
    argv = ["foolery", "--cases", "1", "--seed", "2", "--max-steps", "3", "--engine", ORACLE,
            "--engine-timeout", SLOW, "--every-move"]
    code, out, err = conform(*argv, "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["successors_sampled"] > 0 and report["successors"] <= conformance.EVERY_MOVE_MAX * report["states"]
    code, out, err = conform(*argv)
    assert code == 0, err
    assert (f"at {report['successors_sampled']} state" in out.splitlines()[1]
            and f"with more than {conformance.EVERY_MOVE_MAX} legal moves" in out), out


def test_a_disagreement_is_replayed_alone_and_shrunk(tmp_path, monkeypatch):
    """An engine wrong wherever ``throwers`` is ``neighbours``: each disagreement's request alone
    shows it in a fresh engine process (a one-request reproduction), and a smaller request, written
    after it, does too; --replay 1 replays the first alone."""
    monkeypatch.chdir(tmp_path)
    code, out, err = conform("durak", "--cases", "6", "--seed", "0", "--max-steps", "30", "--engine",
                             fake("off:throwers"), "--engine-timeout", SLOW, "--json", "--replay", "1")
    assert code == 1, err
    report = json.loads(out)
    first, *rest = report["disagreements"]
    assert rest and first["alone"] is True and first["shrunk"] == f"case {first['case']} step {first['step']} shrunk"
    assert all(d["alone"] is None and d["shrunk"] is None for d in rest)
    lines = [json.loads(x) for x in (tmp_path / "conform-durak-0.jsonl").read_text().splitlines()]
    assert [x["id"] for x in lines[:2]] == [f"case {first['case']} step {first['step']}", first["shrunk"]]
    whole, small = lines[0]["position"], lines[1]["position"]

    def cards(p: dict[str, Any]) -> int:
        return sum(map(len, p["hands"])) + len(p["stock"])

    assert small["rules"]["throwers"] == "neighbours" and cards(small) < cards(whole)
    # the other options set back to their defaults where the disagreement stays
    defaults = rules_to_json(games.get("durak").spec.rules_cls())
    assert sum(v != defaults[k] for k, v in small["rules"].items()) < sum(
        v != defaults[k] for k, v in whole["rules"].items())
    # the shrunk request is one the spec reads and answers, and the fake engine answers otherwise
    from foolsolve.outside import OutsideEngine

    for engine, wrong in ((ORACLE, False), (fake("off:throwers"), True)):
        with OutsideEngine(engine, float(SLOW)) as e:
            assert (conformance.check_request(games.get("durak"), lines[1], e) is not None) is wrong
    code, out, err = conform("durak", "--cases", "6", "--seed", "0", "--max-steps", "30", "--engine",
                             fake("off:throwers"), "--engine-timeout", SLOW, "--replay", "1")
    assert code == 1, err
    assert (f"  its request 'case {first['case']} step {first['step']}' alone shows it in a fresh engine process, "
            f"and so does a smaller one, '{first['shrunk']}': a one-request reproduction") in out.splitlines(), out
    assert f"the first 1 disagreement replayed alone in a fresh engine process (--replay), not the {len(rest)} after" \
        in out.splitlines(), out


def test_a_shrunk_request_keeps_the_rules_fixed(tmp_path, monkeypatch):
    """Under --rules the shrinking sets no fixed option back to its default (the engine may play no
    other value); the options not fixed it does."""
    monkeypatch.chdir(tmp_path)
    code, out, err = conform("durak", "--cases", "6", "--seed", "0", "--max-steps", "30", "--engine",
                             fake("off:throwers"), "--engine-timeout", SLOW, "--json", "--replay", "1",
                             "--rules", '{"variant": "perevodnoy", "deck": 52}')
    assert code == 1, err
    first = json.loads(out)["disagreements"][0]
    assert first["shrunk"], first
    lines = [json.loads(x) for x in (tmp_path / "conform-durak-0.jsonl").read_text().splitlines()]
    [small] = [x["position"] for x in lines if x["id"] == first["shrunk"]]
    assert (small["rules"]["variant"], small["rules"]["deck"], small["rules"]["throwers"]) == (
        "perevodnoy", 52, "neighbours")
    defaults = rules_to_json(games.get("durak").spec.rules_cls())
    assert all(v == defaults[k] for k, v in small["rules"].items() if k not in ("variant", "deck", "throwers"))


def test_chance_probabilities_are_compared_at_chance_nodes(tmp_path, monkeypatch):
    """--chance: at a chance node (Three Fools' first leader) the moves are asked with each
    outcome's probability and compared with the spec's; an engine giving a wrong one is a ``chance``
    disagreement, its request (with ``"chance": true``) written, which the oracle answers with the
    spec's probabilities. Without --chance the probabilities are not asked."""
    from foolsolve.oracle import answer_line

    monkeypatch.chdir(tmp_path)
    argv = ["three-fools", "--cases", "1", "--seed", "1", "--max-steps", "10", "--engine", fake("odds"),
            "--engine-timeout", SLOW, "--replay", "0", "--json"]
    code, out, err = conform(*argv)
    assert code == 0, err
    assert json.loads(out)["chance"] is False
    code, out, err = conform(*argv, "--chance")
    assert code == 1, err
    [d] = json.loads(out)["disagreements"]
    assert (d["kind"], d["step"]) == ("chance", 0), d
    outcome = d["detail"].split(": ")[0].removeprefix("probability of ")
    [line] = (tmp_path / "conform-three-fools-1.jsonl").read_text().splitlines()
    request = json.loads(line)
    assert request["op"] == "moves" and request["chance"] is True
    spec = answer_line(1, line)["probabilities"]
    assert sum(map(Fraction, spec.values())) == 1
    assert d["detail"] == (f"probability of {outcome}: spec {spec[outcome]} engine "
                           f"{Fraction(spec[outcome]) + Fraction(1, 100)}")
    # an engine that does not know the field: broken, one line
    code, out, err = conform(*argv[:8], fake("nochance"), *argv[9:-1], "--chance")
    assert (code, err) == (2, "foolsolve: error: --engine: its answer to request 1 (moves) is no moves record: no "
                              "\"probabilities\" in it (asked with \"chance\": true)\n"), err


def test_a_disagreement_that_needs_the_requests_before_it_is_said_so(tmp_path, monkeypatch):
    """An engine wrong only from its 40th request on: its disagreements do not show when replayed
    alone in a fresh engine process, and the report says so: the first one shows after every
    request its game asked before it (none fewer found within the search's bound, here 2 runs);
    the second, at its game's first request, depends on the earlier games."""
    from types import SimpleNamespace

    from foolsolve import cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(conformance, "NARROW_RUNS", 2)
    code, out, err = conform("durak", "--cases", "2", "--seed", "0", "--max-steps", "40", "--engine", fake("late"),
                             "--engine-timeout", SLOW, "--json")
    assert code == 1, err
    ds = json.loads(out)["disagreements"]
    assert len(ds) == 2 and all(d["alone"] is False and d["shrunk"] is None for d in ds), ds
    first, second = (d["sequence"] for d in ds)
    assert first["before"] == first["of"] >= 39 and first["bounded"] is True and first["runs"] == 2, first
    assert len(first["ids"]) == first["before"] + 1
    assert second == {"before": None, "of": 0, "runs": 0, "bounded": False, "ids": []}
    # the text report's lines (replay_text) of the two
    lines = [cli.replay_text(SimpleNamespace(case=d["case"], step=d["step"], alone=False, shrunk=None,
                                             narrowed=conformance.Narrowing(d["sequence"]["of"], None if d["sequence"][
                                                 "before"] is None else [{}] * d["sequence"]["before"],
                                                 d["sequence"]["runs"], d["sequence"]["bounded"])))
             for d in ds]
    assert lines[1] == (f"  its request 'case {ds[1]['case']} step {ds[1]['step']}' alone, in a fresh engine process, "
                        "does NOT show it, and its game asked nothing before it: the engine's answer depends on the "
                        "requests of earlier games in the run")
    assert lines[0].endswith("(2 fresh engine runs; the search stopped at its bound (2 runs, 60 s): a shorter one may "
                             "exist)"), lines[0]


def test_a_disagreement_after_a_request_its_game_asked_earlier_is_narrowed_to_it(tmp_path, monkeypatch):
    """An engine that, once asked to play ``take``, leaves a legal move out of every later answer
    (a state kept across requests): the disagreement does not show alone, and the search over the
    requests its game asked before it finds the one that matters, the ``take``; the two requests
    are written, and asked of a fresh engine in that order they show it again."""
    monkeypatch.chdir(tmp_path)
    code, out, err = conform("durak", "--cases", "1", "--seed", "4", "--players", "2", "--max-steps", "40",
                             "--engine", fake("sticky"), "--engine-timeout", SLOW)
    assert code == 1, err
    lines = {x["id"]: x for x in map(json.loads, (tmp_path / "conform-durak-4.jsonl").read_text().splitlines())}
    [where] = [k for k in lines if "sequence" not in k]
    assert where.startswith("case 1 step ")
    assert list(lines) == [where, f"{where} sequence 1/2", f"{where} sequence 2/2"]
    took, own = lines[f"{where} sequence 1/2"], lines[f"{where} sequence 2/2"]
    assert (took["op"], took["moves"]) == ("play", ["take"]) and own["op"] == "moves"
    assert {k: v for k, v in own.items() if k != "id"} == {k: v for k, v in lines[where].items() if k != "id"}
    line = next(x for x in out.splitlines() if x.startswith(f"  its request '{where}'"))
    start = (f"  its request '{where}' alone, in a fresh engine process, does NOT show it; after 1 of the ")
    middle = (f" requests its game asked before it, asked first, it does: a 2-request reproduction, "
              f"'{where} sequence 1/2' to '{where} sequence 2/2' (")
    assert line.startswith(start) and middle in line and line.endswith(" fresh engine runs)"), line
    assert int(line[len(start):].split()[0]) > 5  # the requests searched
    assert int(line.split(" (")[-1].split()[0]) <= conformance.NARROW_RUNS
    assert "a sequence showing it 'case N step S sequence I/K'" in out
    from foolsolve.outside import OutsideEngine

    with OutsideEngine(fake("sticky"), float(SLOW)) as engine:
        engine.ask({k: v for k, v in took.items() if k != "id"})
        assert conformance.check_request(games.get("durak"), own, engine) is not None


def test_narrowing_finds_the_requests_that_matter_within_its_bound():
    """conformance.narrow: two elements of a hundred that matter, found by bisection and delta
    debugging in fewer than NARROW_RUNS tries; stopped at its bound, a sequence that shows all the same."""
    tries: list[list[int]] = []

    def shows(seq: list[int]) -> bool:
        tries.append(seq)
        return {17, 60} <= set(seq)

    assert conformance.narrow(list(range(100)), shows) == ([17, 60], False)
    assert len(tries) < conformance.NARROW_RUNS
    left = [3]

    def bounded(seq: list[int]) -> bool | None:
        left[0] -= 1
        return None if left[0] < 0 else {17, 60} <= set(seq)

    found, stopped = conformance.narrow(list(range(100)), bounded)
    assert stopped and {17, 60} <= set(found) and len(found) < 100
    # an engine that does not answer the same each time: an answer all the same, no endless search
    calls = [0]

    def flaky(seq: list[int]) -> bool:
        calls[0] += 1
        return calls[0] % 3 == 0

    found, stopped = conformance.narrow(list(range(10)), flaky)
    assert set(found) <= set(range(10)) and calls[0] < 40


def test_players_fix_the_table_an_engine_plays(tmp_path, monkeypatch):
    """An engine wrong only at three-player tables: caught on the random player counts, not under
    --players 2; the report says the count fixed (``players`` in --json, ``null`` when not)."""
    monkeypatch.chdir(tmp_path)
    argv = ["durak", "--cases", "8", "--seed", "0", "--max-steps", "20", "--engine", fake("three"),
            "--engine-timeout", SLOW, "--replay", "0"]
    code, out, err = conform(*argv, "--json")
    assert code == 1, err
    report = json.loads(out)
    assert report["disagreements"] and report["players"] is None
    code, out, err = conform(*argv, "--json", "--players", "2")
    assert code == 0, err
    report = json.loads(out)
    assert report["disagreements"] == [] and report["finished"] == 8 and report["players"] == 2
    code, out, err = conform(*argv, "--players", "2", "--rules", '{"deck": 52}')
    assert code == 0, err
    assert out.splitlines()[2:4] == ['rule options: deck=52 in every game, the others drawn at random',
                                     "players: 2 in every game"], out


def _players_played(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of players of each game foolsolve's own engine is checked on in this process, in
    order (conformance.lockstep watched)."""
    played: list[int] = []
    real = conformance.lockstep

    def lockstep(info: Any, start: Any, *args: Any, **kwargs: Any) -> Any:
        played.append(info.spec.num_players(start))
        return real(info, start, *args, **kwargs)

    monkeypatch.setattr(conformance, "lockstep", lockstep)
    return played


@pytest.mark.parametrize("workers", ["1", "2"])
def test_players_fix_the_table_of_conform_without_an_engine(workers, tmp_path, monkeypatch):
    """--players deals every game to that many players (foolsolve's own engine, in this process and
    on worker processes); without it the counts are drawn, the games as ever."""
    monkeypatch.chdir(tmp_path)
    played = _players_played(monkeypatch)
    argv = ["foolery", "--cases", "6", "--seed", "1", "--max-steps", "20", "--json"]
    code, out, err = conform(*argv, "--players", "5")
    assert code == 0, err
    report = json.loads(out)
    assert report["players"] == 5 and report["finished"] == 6
    if workers == "1":
        assert played == [5] * 6
        code, out, err = conform(*argv)
        assert code == 0 and json.loads(out)["players"] is None, err
        assert len(set(played[6:])) > 1
        code, out, err = conform(*argv[:-1], "--players", "5")
        assert code == 0 and "players: 5 in every game" in out.splitlines(), out
    else:
        code, out, err = conform(*argv, "--players", "5", "--workers", workers)
        assert code == 0, err
        assert (json.loads(out)["states"], json.loads(out)["players"]) == (report["states"], 5)


def test_a_range_or_list_of_players_deals_the_games_in_turn(tmp_path, monkeypatch):
    """--players 2-4 and --players 2,3,6 deal game i to the (i mod length)-th count, in this process,
    on worker processes and against an outside engine alike; the report says the counts and the
    games finished at each (``players``, ``player_counts`` in --json)."""
    monkeypatch.chdir(tmp_path)
    played = _players_played(monkeypatch)
    argv = ["durak", "--cases", "5", "--seed", "1", "--max-steps", "5"]
    code, out, err = conform(*argv, "--players", "2-4", "--json")
    assert code == 0, err
    assert played == [2, 3, 4, 2, 3]
    report = json.loads(out)
    assert report["players"] == [2, 3, 4] and report["player_counts"] == {"2": 2, "3": 2, "4": 1}
    code, out, err = conform(*argv, "--players", "2,6,3")
    assert code == 0, err
    assert played[5:] == [2, 6, 3, 2, 6]
    assert "players: 2, 6 and 3 in turn, game by game (2: 2 games, 6: 2 games, 3: 1 game)" in out.splitlines(), out
    code, out, err = conform(*argv, "--players", "2-4", "--workers", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["player_counts"] == report["player_counts"]
    # an engine wrong only at three-player tables: wrong in the games dealt to 3, not in the others
    code, out, err = conform("durak", "--cases", "4", "--seed", "0", "--max-steps", "20", "--engine", fake("three"),
                             "--engine-timeout", SLOW, "--replay", "0", "--players", "2,4", "--json")
    assert code == 0, err
    assert json.loads(out)["player_counts"] == {"2": 2, "4": 2}
    code, out, err = conform("durak", "--cases", "4", "--seed", "0", "--max-steps", "20", "--engine", fake("three"),
                             "--engine-timeout", SLOW, "--replay", "0", "--players", "2-3", "--json")
    assert code == 1, err
    report = json.loads(out)
    assert {d["case"] for d in report["disagreements"]} <= {2, 4} and report["disagreements"], report
    assert report["players"] == [2, 3] and report["player_counts"] == {"2": 2, "3": 2}


@pytest.mark.parametrize("name", games.names())
def test_every_game_s_random_starts_deal_the_players_fixed(name):
    info = games.get(name)
    spec = info.spec
    for n in range(spec.min_players, min(spec.max_players, 9) + 1):
        for i in range(10):
            assert spec.num_players(conformance.conform_start(info, random.Random(f"0:{i}"), None, n)) == n


@pytest.mark.parametrize("argv,words", [
    (["--players", "9"], "--players: durak takes 2..8 players, not 9"),
    (["--players", "1"], "--players: durak takes 2..8 players, not 1"),
    (["--players", "3", "--rules", '{"teams": "2v2"}'],
     '--players/--rules: no durak deal of 3 players under teams="2v2" in 100 draws (players: teams 2v2 is played by '
     "4 players, got 3)"),
    (["--players", "2", "--position", "x.json"], "--players: with --position the position's own players are played"),
    (["--players", "2-9"], "--players: durak takes 2..8 players, not 9"),
    (["--players", "2,1"], "--players: durak takes 2..8 players, not 1"),
    (["--players", "4,3", "--rules", '{"teams": "2v2"}'],
     '--players/--rules: no durak deal of 3 players under teams="2v2" in 100 draws (players: teams 2v2 is played by '
     "4 players, got 3)"),
    (["--players", "4-2"], "--players: the range 4-2 is empty (the smaller count first: 2-4)"),
    (["--players", "2,x"], '--players: "x" is no count of players (N, a range N-M, or a list of them: 2,3,6)'),
    (["--players", "2-4,3"], "--players: 3 given twice"),
])
@pytest.mark.parametrize("engine", [False, True])
def test_bad_players_are_one_line_errors(argv, words, engine, tmp_path, monkeypatch):
    code, out, err, pid_file = _conform_durak_once(argv, engine, tmp_path, monkeypatch)
    assert (code, out, err) == (2, "", f"foolsolve: error: {words}\n")
    assert not pid_file.exists()  # refused before any engine starts


def test_ctrl_c_during_the_replays_says_the_games_were_all_played(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def replay(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(conformance, "replay_outside", replay)
    code, out, err = conform("durak", "--cases", "8", "--seed", "0", "--max-steps", "20", "--engine", fake("three"),
                             "--engine-timeout", SLOW)
    assert code == 130, err
    assert out.splitlines()[-1] == "Ctrl-C stopped the replays of the disagreements (the games were all played)", out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_as_an_outside_engine_starts_stops_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C landing as the engine's process is started (it exists, Popen has not returned) is
    held back until the engine is set up, then stops it: no engine is left that no caller can reach."""
    import signal
    import subprocess

    from foolsolve import outside

    real = subprocess.Popen
    started: list[int] = []

    def started_then_interrupted(*args: Any, **kwargs: Any) -> Any:
        proc = real(*args, **kwargs)
        started.append(proc.pid)
        os.kill(os.getpid(), signal.SIGINT)
        return proc

    monkeypatch.setattr(outside.subprocess, "Popen", started_then_interrupted)
    monkeypatch.setattr(outside, "CLOSE_WAIT", 0.1)
    with pytest.raises(KeyboardInterrupt):
        outside.OutsideEngine("sleep 30")
    (pid,) = started
    stat = Path(f"/proc/{pid}/stat")
    assert not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] == "Z"
