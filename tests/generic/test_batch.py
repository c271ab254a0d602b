"""``foolsolve batch`` and ``foolsolve solve A B ...`` (foolsolve/batch.py): JSON Lines in and out
in input order, bad lines as error records, ``-`` for standard input and output, the local
process pool, Ctrl-C and SIGKILL mid-batch (whole lines only, the store consistent, a re-run
resumes without solving anything twice), a pool worker killed mid-batch."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from foolsolve import games
from foolsolve.executor import make_executor
from foolsolve.solver.base import SolveOptions
from tests.generic.batch_helpers import (
    answer,
    call_main,
    foolsolve,
    mixed,
    pool_workers,
    positions,
    read_jsonl,
    start,
    wait_for_lines,
    write_jsonl,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _expected(objs: list[dict[str, object]], extra: dict[str, object]) -> list[dict[str, object]]:
    """Each position solved directly by the game's solver (the batch's second opinion), as
    :func:`_answers` reads a result."""
    info = games.get("durak")
    assert info.solve is not None
    return [_answers(info.solve(info.spec.state_from_json(o), SolveOptions(extra=dict(extra))).to_json())
            for o in objs]


def _answers(result: dict[str, Any]) -> dict[str, object]:
    """A result's value, each move's value and its best moves *by value*: the batch adds distances
    to the end where their search finishes (a 5v5 endgame's), which pick among moves of equal
    value (its ``best``: those of the best value and distance, all of the best value)."""
    return {"value": result["value"], "moves": [(m["move"], m["value"]) for m in result["moves"]],
            "best": [m["move"] for m in result["moves"] if m["value"] == result["value"]]}


def _batch_answers(records: list[dict[str, Any]]) -> list[dict[str, object]]:
    """:func:`_answers` of each record's result, after checking that its ``best`` is among the
    moves of the best value."""
    out = []
    for r in records:
        got = _answers(r["result"])
        assert r["result"]["best"] and set(r["result"]["best"]) <= set(got["best"]), r["result"]
        out.append(got)
    return out


def _summary(stderr: str) -> str:
    return next(line for line in stderr.splitlines() if line.startswith("batch: "))


def test_batch_in_order_with_bad_lines_paths_and_stdio(tmp_path: Path) -> None:
    objs = positions(6, 5)
    lines: list[object] = [objs[0], str(EXAMPLES / "durak-endgame.json"), objs[1], {"game": "durak"}, objs[2]]
    text = "".join(json.dumps(x) + "\n" for x in lines[:1]) + str(EXAMPLES / "durak-endgame.json") + "\n\n" + \
        "".join(json.dumps(x) + "\n" for x in lines[2:]) + "{not json\n" + '"missing.json"\n' + \
        json.dumps(dict(objs[3], hands=[["6H", "6H"], ["7H"]])) + "\n"
    infile = tmp_path / "in.jsonl"
    infile.write_text(text)
    out = tmp_path / "out.jsonl"
    proc = foolsolve("batch", str(infile), "--out", str(out))
    assert proc.returncode == 2, proc.stderr  # bad lines: exit 2 once everything is written
    recs = read_jsonl(out)
    assert [r["line"] for r in recs] == [1, 2, 4, 5, 6, 7, 8, 9]  # line 3 is blank
    assert [("error" in r) for r in recs] == [False, False, False, True, False, True, True, True]
    assert recs[1]["path"].endswith("durak-endgame.json") and recs[1]["result"]["value"] == "loss"
    assert recs[3]["error"].startswith("position: ") and "trump" in recs[3]["error"]
    assert recs[5]["error"].startswith("line 7: malformed JSON")
    assert recs[6]["path"] == "missing.json" and "cannot read" in recs[6]["error"]
    assert "6H" in recs[7]["error"] and "\n" not in recs[7]["error"]
    odd = foolsolve("batch", "-", stdin="[1, 2]\n-\n7\n")
    assert [json.loads(line)["error"] for line in odd.stdout.splitlines()] == [
        "line 1: expected a position object or a file path, got a list",
        "line 2: '-' (standard input) cannot be a position file in a batch",
        'line 3: expected a position object or a file path, got 7 (a file of that name: write it as the JSON '
        'string "7" or as ./7)']
    assert _batch_answers([recs[0], recs[2], recs[4]]) == _expected([objs[0], objs[1], objs[2]], {})
    assert "4 solved, 0 from the store, 4 errors" in _summary(proc.stderr)
    # standard input and output: the same records, now read from the store
    again = foolsolve("batch", "-", stdin=text)
    recs2 = [json.loads(line) for line in again.stdout.splitlines()]
    assert [r.get("cached") for r in recs2] == [True, True, True, None, True, None, None, None]
    assert [answer(r.get("result")) for r in recs2] == [answer(r.get("result")) for r in recs]
    assert all(r["result"]["stored"] and r["result"]["nodes"] == 0 for r in recs2 if "result" in r)
    assert "0 solved, 4 from the store" in _summary(again.stderr)


def test_solve_several_positions_and_stdin(tmp_path: Path) -> None:
    objs = positions(2, 5)
    a, b = write_jsonl(tmp_path / "a.json", [objs[0]]), write_jsonl(tmp_path / "b.json", [objs[1]])
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    proc = foolsolve("solve", str(a), str(bad), "-", "--json", stdin=b.read_text())
    assert proc.returncode == 2
    recs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["path"] for r in recs] == [str(a), str(bad), "-"]
    assert "malformed JSON" in recs[1]["error"]
    assert _batch_answers([recs[0], recs[2]]) == _expected(objs, {})
    text = foolsolve(str(a), str(b), "--no-store").stdout
    assert text.count("== ") == 2 and "Best:" in text
    # a single position from standard input, and show/moves/play with -
    single = foolsolve("-", "--json", stdin=a.read_text())
    assert json.loads(single.stdout)["value"] == recs[0]["result"]["value"]
    show = foolsolve("show", "-", stdin=a.read_text())
    assert show.returncode == 0 and "player 0" in show.stdout
    moves = json.loads(foolsolve("moves", "-", "--json", stdin=a.read_text()).stdout)
    played = foolsolve("play", "-", moves[0], "--out", "-", stdin=a.read_text())
    assert json.loads(played.stdout)["table"]
    assert foolsolve("solve", "-", "-", stdin="{}").returncode == 2


def test_executor_backends_agree_and_keep_order() -> None:
    items = list(range(23))
    inline = list(make_executor(1).map(_square, items))
    pooled = list(make_executor(2, window=3).map(_square, items))
    assert inline == pooled == [(i, i * i) for i in items]
    seen: list[int] = []
    got = list(make_executor(1).map(_square, items, on_done=lambda i, item, v: seen.append(i),
                                    here=lambda x: -1 if x % 5 == 0 else None))
    assert [v for _, v in got] == [-1 if i % 5 == 0 else i * i for i in items]
    assert seen == [i for i in items if i % 5]


def _square(x: int) -> int:
    return x * x


def test_pool_batch_equals_in_process_batch_and_reruns_from_the_store(tmp_path: Path) -> None:
    objs = positions(12, 6)
    infile = write_jsonl(tmp_path / "in.jsonl", objs)
    one = foolsolve("batch", str(infile), "--out", str(tmp_path / "one.jsonl"), "--no-store", "-o", "jit=false")
    two = foolsolve("batch", str(infile), "--out", str(tmp_path / "two.jsonl"), "--workers", "2", "-o", "jit=false")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    r1, r2 = read_jsonl(tmp_path / "one.jsonl"), read_jsonl(tmp_path / "two.jsonl")
    strip = [{k: r["result"][k] for k in ("value", "moves", "best", "pv")} for r in r1]
    assert strip == [{k: r["result"][k] for k in ("value", "moves", "best", "pv")} for r in r2]
    assert "on 2 local worker processes" in _summary(two.stderr)
    rerun = foolsolve("batch", str(infile), "--out", str(tmp_path / "three.jsonl"), "--workers", "2",
                      "-o", "jit=false")
    assert "0 solved, 12 from the store" in _summary(rerun.stderr)
    assert [answer(r["result"]) for r in read_jsonl(tmp_path / "three.jsonl")] == [answer(r["result"]) for r in r2]


def _count(store: Path) -> int:
    db = sqlite3.connect(str(store))
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return int(db.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    finally:
        db.close()


@pytest.mark.parametrize("how", ["sigkill", "ctrl-c"])
def test_a_batch_stopped_mid_way_resumes(tmp_path: Path, how: str) -> None:
    """SIGKILL (nothing can be tidied) or Ctrl-C (exit 130): the output holds whole lines only,
    the store is consistent, and a re-run solves only what was not finished."""
    objs = mixed(8, 6, "batch")
    n = len(objs)
    infile = write_jsonl(tmp_path / "in.jsonl", objs)
    out = tmp_path / "out.jsonl"
    store = tmp_path / "s.sqlite3"
    args = ("batch", str(infile), "--out", str(out), "--store", str(store), "-o", "jit=false", "-o", "pv=false")
    proc = start(*args)
    done = wait_for_lines(out, 3, proc)
    assert proc.poll() is None, "the batch ended before it could be stopped"
    proc.send_signal(signal.SIGKILL if how == "sigkill" else signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == (-signal.SIGKILL if how == "sigkill" else 130), err
    if how == "ctrl-c":
        assert "interrupted" in err and "Traceback" not in err
    partial = read_jsonl(out)  # every line whole JSON
    assert done <= len(partial) < n
    assert [r["line"] for r in partial] == list(range(1, len(partial) + 1))
    stored = _count(store)
    assert len(partial) <= stored < n
    rerun = foolsolve(*args)
    assert rerun.returncode == 0, rerun.stderr
    assert f"{n - stored} solved, {stored} from the store" in _summary(rerun.stderr)
    recs = read_jsonl(out)
    assert [r["line"] for r in recs] == list(range(1, n + 1))
    assert [dict(r, result=answer(r["result"])) for r in recs[:len(partial)]] == [
        dict(r, cached=True, result=answer(r["result"])) for r in partial]
    assert _count(store) == n
    assert _batch_answers(recs) == _expected(objs, {"jit": False})


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the pool's workers in /proc (Linux)")
def test_a_pool_worker_killed_mid_batch_loses_nothing(tmp_path: Path) -> None:
    objs = mixed(2, 6, "pool-kill")
    n = len(objs)
    infile = write_jsonl(tmp_path / "in.jsonl", objs)
    out = tmp_path / "out.jsonl"
    store = tmp_path / "s.sqlite3"
    proc = start("batch", str(infile), "--out", str(out), "--store", str(store), "--workers", "2",
                 "-o", "jit=false", "-o", "pv=false")
    wait_for_lines(out, 2, proc)
    workers = []
    deadline = time.monotonic() + 30
    while not workers and time.monotonic() < deadline and proc.poll() is None:
        workers = pool_workers(proc.pid)
        time.sleep(0.01)
    assert proc.poll() is None and workers, "the batch ended before a worker could be killed"
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    recs = read_jsonl(out)
    assert [r["line"] for r in recs] == list(range(1, n + 1))
    assert all("result" in r for r in recs), [r for r in recs if "error" in r]
    assert _count(store) == n
    assert _batch_answers(recs) == _expected(objs, {"jit": False})
    assert "resubmitted after a worker died" in _summary(err)


def test_batch_errors_are_one_line(tmp_path: Path) -> None:
    missing = foolsolve("batch", str(tmp_path / "none.jsonl"), "--out", str(tmp_path / "o.jsonl"))
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "cannot read" in missing.stderr
    infile = write_jsonl(tmp_path / "in.jsonl", positions(1, 5))
    unknown = foolsolve("batch", str(infile), "-o", "nosuch=1")
    # an option no game's solver takes: refused before any line is read (batch.Settings)
    assert unknown.returncode == 2 and not unknown.stdout and unknown.stderr.count("\n") == 1
    assert unknown.stderr.startswith("foolsolve: error: option nosuch: no game's solver takes it (known: ")
    cannot = foolsolve("batch", str(infile), "--out", str(tmp_path / "no" / "dir" / "o.jsonl"))
    assert cannot.returncode == 2 and "--out" in cannot.stderr and cannot.stderr.count("\n") == 1
    sched = foolsolve("batch", str(infile), "--scheduler", "tcp://127.0.0.1:1", timeout=120)
    assert sched.returncode == 2 and sched.stderr.startswith("foolsolve: error: --scheduler")


def test_conform_cases_on_a_local_pool_is_the_one_process_run() -> None:
    here = foolsolve("conform", "fools-and-angels", "--cases", "6", "--seed", "5")
    pool = foolsolve("conform", "fools-and-angels", "--cases", "6", "--seed", "5", "--workers", "2")
    assert here.returncode == pool.returncode == 0, pool.stderr
    # "GAME: 6 games, N states, M moves checked in S s": the same seeded games, checked the same
    assert here.stdout.split(" in ")[0] == pool.stdout.split(" in ")[0]
    assert "spec and engine agree" in pool.stdout


def test_dash_is_stdin_or_stdout_for_every_position_command() -> None:
    text = (EXAMPLES / "durak-endgame.json").read_text()
    dealt = foolsolve("deal", "durak", "--seed", "4", "--out", "-")
    assert dealt.returncode == 0 and json.loads(dealt.stdout)["game"] == "durak"
    perft = foolsolve("perft", "-", "--depth", "2", stdin=text)
    assert perft.returncode == 0 and perft.stdout.splitlines() == ["spec: 5", "engine: 5"]
    conform = foolsolve("conform", "durak", "--position", "-", stdin=text)
    assert conform.returncode == 0 and "spec and engine agree" in conform.stdout
    amb = foolsolve("ambiguities", "durak", "--option", "throwers", "--position", "-", "--no-witness", "--json",
                    stdin=text)
    assert amb.returncode == 0 and json.loads(amb.stdout)["position"]["option"] == "throwers"
    bad = foolsolve("show", "-", stdin="{")
    assert bad.returncode == 2 and bad.stderr.startswith("foolsolve: error: standard input: malformed JSON")



# --- batch faults: every line gets its record, whatever its bytes (files and standard input) --------


def _fault_lines() -> tuple[bytes, list[str]]:
    """A good line, a line with a bad byte, a line whose error quotes a lone surrogate, a good line;
    and the error each bad line must get."""
    good = json.dumps(json.loads((EXAMPLES / "durak-endgame.json").read_text())).encode()
    sur = json.loads(good)
    sur["trump"] = "\ud800"
    bad_surrogate = json.dumps(sur).encode()  # ASCII: the surrogate is written as \ud800
    return b"\n".join([good, b"\xff{not json", bad_surrogate, good]) + b"\n", ["not UTF-8", "lone surrogate"]


@pytest.mark.parametrize("from_stdin", [False, True], ids=["file", "stdin"])
def test_a_bad_byte_or_a_lone_surrogate_gets_its_own_record_and_the_batch_goes_on(tmp_path, from_stdin):
    from tests.generic.batch_helpers import call_main

    data, errors = _fault_lines()
    src = tmp_path / "in.jsonl"
    src.write_bytes(data)
    argv = ["batch", "-" if from_stdin else str(src), "--no-store"]
    code, out, err = call_main(argv, data if from_stdin else b"")
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert [r["line"] for r in records] == [1, 2, 3, 4]
    assert "result" in records[0] and "result" in records[3]
    assert errors[0] in records[1]["error"] and errors[1] in records[2]["error"]


@pytest.mark.parametrize("from_stdin", [False, True], ids=["file", "stdin"])
def test_an_oversized_line_gets_its_record_and_the_lines_after_it_are_solved(tmp_path, monkeypatch, from_stdin):
    from foolsolve import positions
    from tests.generic.batch_helpers import call_main

    monkeypatch.setattr(positions, "MAX_INPUT_BYTES", 4096)
    good = json.dumps(json.loads((EXAMPLES / "durak-endgame.json").read_text())).encode()
    data = b"\n".join([good, b"x" * 10_000, good]) + b"\n"
    src = tmp_path / "in.jsonl"
    src.write_bytes(data)
    code, out, _ = call_main(["batch", "-" if from_stdin else str(src), "--no-store"], data if from_stdin else b"")
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 2
    assert [r["line"] for r in records] == [1, 2, 3]
    assert "size limit of a line" in records[1]["error"] and "result" in records[2]


def test_an_endless_line_ends_the_input_with_one_record(monkeypatch):
    from foolsolve import positions
    from tests.generic.batch_helpers import call_main

    monkeypatch.setattr(positions, "MAX_INPUT_BYTES", 4096)
    monkeypatch.setattr(positions, "MAX_SKIP_BYTES", 65536)
    code, out, err = call_main(["batch", "-", "--no-store"], b"0" * 200_000)
    assert code == 2 and len(err.strip().splitlines()) == 1
    (record,) = [json.loads(x) for x in out.splitlines()]
    assert "the rest of the input is not read" in record["error"]


def test_an_endless_stream_of_bytes_that_are_not_text_ends_the_input(tmp_path):
    """/dev/urandom was read for ever, one 'not UTF-8' record per random line (127,000 records in
    10 s): a run of MAX_BINARY_RUN such lines ends the input, the last record saying so, and the
    records before it are whole."""
    from foolsolve import positions
    from tests.generic.batch_helpers import call_main

    run = positions.MAX_BINARY_RUN
    data = b"\xff\x00\x9c\n" * (run + 1000) + b"{}\n"
    out = tmp_path / "out.jsonl"
    src = tmp_path / "in.jsonl"
    src.write_bytes(data)
    code, _, err = call_main(["batch", str(src), "--out", str(out), "--no-store"])
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert [r["line"] for r in records] == list(range(1, run + 1))
    assert "not UTF-8 text" in records[-1]["error"] and "the rest of the input is not read" in records[-1]["error"]
    assert all("rest of the input" not in r["error"] for r in records[:-1])


def test_an_endless_stream_of_blank_lines_ends_the_input():
    """``yes '' | foolsolve batch -`` was read for ever with nothing to show: blank lines in a row past
    MAX_BLANK_BYTES end the input with one record saying so (exit 2); the records before it stay,
    and blank lines short of it between positions are skipped as before."""
    from foolsolve import positions
    from tests.generic.batch_helpers import call_main

    good = json.dumps(json.loads((EXAMPLES / "durak-endgame.json").read_text())).encode()
    gap = b" \n" * (positions.MAX_BLANK_BYTES // 2)  # exactly the limit: not over it
    code, out, err = call_main(["batch", "-", "--no-store"], good + b"\n" + gap + good + b"\n" + gap + b"\n" * 5 + good)
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "result" in records[0] and "result" in records[1] and len(records) == 3
    assert records[2]["line"] == 2 + positions.MAX_BLANK_BYTES // 2 * 2 + 1  # the first blank byte over it
    assert "blank lines in a row" in records[2]["error"] and "the rest of the input is not read" in records[2]["error"]
    # one error, not "1 errors"; the second line repeats the first and gets its answer
    assert "3 lines: 1 solved, 0 from the store, 1 repeating an earlier line, 1 error in" in err


def test_bad_lines_now_and_then_do_not_end_the_input():
    """A text file with runs of bad lines shorter than MAX_BINARY_RUN, between lines that are text
    (here bad JSON), gets every line's record."""
    from foolsolve import positions
    from tests.generic.batch_helpers import call_main

    chunk = b"\xff\n" * (positions.MAX_BINARY_RUN - 1) + b"{\n\n"
    code, out, _ = call_main(["batch", "-", "--no-store"], chunk * 3)
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and len(records) == 3 * positions.MAX_BINARY_RUN
    assert all("rest of the input" not in r["error"] for r in records)


@pytest.mark.parametrize("line", ["null", "3", "-1.5e3", "true", "false", "0"])
def test_a_line_of_json_that_is_neither_object_nor_string_says_what_was_expected(tmp_path, line):
    """``null`` or ``3`` was read as a bare file name: 'null: cannot read (No such file or directory)'."""
    from tests.generic.batch_helpers import call_main

    code, out, _ = call_main(["batch", "-", "--no-store"], f"{line}\n".encode())
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and len(records) == 1 and "path" not in records[0], records
    assert records[0]["error"] == (f"line 1: expected a position object or a file path, got {line} (a file of that "
                                   f'name: write it as the JSON string "{line}" or as ./{line})')


def test_a_file_named_as_a_number_is_read_as_a_json_string_or_a_relative_path(tmp_path, monkeypatch):
    from tests.generic.batch_helpers import call_main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "3").write_text((EXAMPLES / "durak-endgame.json").read_text())
    long = "1" * 5000  # a long number is quoted cut
    code, out, _ = call_main(["batch", "-", "--no-store"], f'"3"\n./3\n{long}\n'.encode())
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and [r["result"]["value"] for r in records[:2]] == ["loss", "loss"]
    assert "4,960 more characters" in records[2]["error"] and len(records[2]["error"]) < 200


def test_a_long_bare_line_is_quoted_once_and_cut(tmp_path):
    """A 10-million-character bare line came back twice, whole, in its record (under path and in
    the error: 20 MB)."""
    from foolsolve.positions import MAX_PATH_CHARS
    from tests.generic.batch_helpers import call_main

    long = "a" * 1_000_000
    code, out, _ = call_main(["batch", "-", "--no-store"], (long + "\n" + json.dumps(long) + "\n").encode())
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and [r["line"] for r in records] == [1, 2]
    for r in records:
        assert len(json.dumps(r)) < 1000
        assert r["path"].startswith("a" * 300) and "999,700 more characters" in r["path"]
        assert "a" * 50 not in r["error"] and f"{MAX_PATH_CHARS:,}" in r["error"]


def test_out_naming_the_input_file_is_refused_and_the_input_kept(tmp_path):
    from tests.generic.batch_helpers import call_main

    data, _ = _fault_lines()
    src = tmp_path / "in.jsonl"
    src.write_bytes(data)
    (tmp_path / "link.jsonl").symlink_to(src)
    for out in (str(src), str(tmp_path / "link.jsonl"), str(tmp_path / "." / "in.jsonl")):
        code, _, err = call_main(["batch", str(src), "--out", out, "--no-store"])
        assert code == 2 and "is the input file" in err and len(err.strip().splitlines()) == 1
        assert src.read_bytes() == data


def _without_seconds(seat: dict[str, object]) -> dict[str, object]:
    """A seat answer without what the clock says: its seconds alone (the IS-MCTS check's note is a
    count of iterations, no time: docs/batches.md)."""
    return {k: v for k, v in seat.items() if k != "seconds"}


def test_a_view_line_gets_the_seat_answer_the_main_command_gives(tmp_path):
    """A view line (hidden cards) was refused ('a view of player 0 ... where a full position is
    needed'); it gets the answer ``foolsolve VIEW.json --json`` prints from that seat, in input
    order between a solved line and a bad one, with the method named and the intervals."""
    from tests.generic.batch_helpers import call_main

    view_file = EXAMPLES / "views" / "durak-fresh-deal.json"
    knobs = ["--samples", "3", "--seed", "7", "--max-nodes", "500"]
    infile = tmp_path / "in.jsonl"
    infile.write_text(json.dumps(str(EXAMPLES / "durak-endgame.json")) + "\n"
                      + json.dumps(json.loads(view_file.read_text())) + "\n"
                      + '{"game": "durak", "hands": [\n', encoding="utf-8")
    code, out, err = call_main(["batch", str(infile), "--no-store", *knobs])
    assert code == 2, err  # the bad line
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3]
    assert "result" in records[0] and "malformed JSON" in records[2]["error"]
    seat = records[1]["seat"]
    assert records[1]["cached"] is False and seat["method"] == "pimc" and seat["worlds"] == 3
    assert all(m["low"] <= m["mean"] <= m["high"] for m in seat["moves"]) and seat["best"]
    assert "1 answered from a seat" in err
    code, main_out, err = call_main([str(view_file), "--json", *knobs])
    assert code == 0, err
    assert _without_seconds(seat) == _without_seconds(json.loads(main_out))
    # the same answer from a pool of workers, and with no store the answer is never read from one
    code, pool_out, err = call_main(["batch", str(infile), "--no-store", "--workers", "2", *knobs])
    assert code == 2, err
    assert _without_seconds(json.loads(pool_out.splitlines()[1])["seat"]) == _without_seconds(seat)


def test_a_view_line_is_stored_and_read_back_and_takes_no_solver_option(tmp_path):
    """A seat answer without --time depends on nothing but the view, the rules, the method, the
    samples, the seed, the node budget and the solver version: the batch stores it and a rerun reads
    it (``cached`` true, the same answer but for its seconds; it was computed again on every run, so
    an interrupted batch of view lines could not resume). Another seed is another answer, not read;
    an exact solver option (-o) is the view line's error, as it is for ``foolsolve VIEW.json -o ...``,
    and the other lines go on."""
    from foolsolve.store import Store
    from tests.generic.batch_helpers import call_main

    view = json.loads((EXAMPLES / "views" / "fools-and-angels.json").read_text())
    infile = write_jsonl(tmp_path / "in.jsonl", [view, json.loads((EXAMPLES / "durak-endgame.json").read_text())])
    store = tmp_path / "s.sqlite3"
    args = ["batch", str(infile), "--store", str(store), "--samples", "2", "--max-nodes", "300"]
    seats = []
    for cached in (False, True):
        code, out, err = call_main(args)
        assert code == 0, err
        first = json.loads(out.splitlines()[0])
        assert first["cached"] is cached and first["seat"]["worlds"] == 2
        seats.append(first["seat"])
    assert _without_seconds(seats[0]) == _without_seconds(seats[1])
    assert list(seats[0]) == list(seats[1])  # the fields in the same order as a fresh answer's
    assert "0 solved, 2 from the store" in err
    with Store(store) as s:
        stats = s.stats()
        assert (stats["results"], stats["seat_answers"]) == (1, 1)
    code, out, err = call_main([*args, "--seed", "1"])
    assert code == 0 and json.loads(out.splitlines()[0])["cached"] is False, err
    code, out, err = call_main(["batch", str(infile), "--no-store", "-o", "pv=false"])
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and "--option" in records[0]["error"] and "result" in records[1]


def test_a_seat_answer_without_time_is_the_same_on_every_run(tmp_path):
    """What makes storing a seat answer sound: the same view and settings give the same JSON but for
    its seconds, in this process and on a pool, PIMC and IS-MCTS."""
    from tests.generic.batch_helpers import call_main

    view = json.loads((EXAMPLES / "views" / "fools-and-angels.json").read_text())
    infile = write_jsonl(tmp_path / "in.jsonl", [view])
    for knobs in (["--samples", "3", "--seed", "5", "--max-nodes", "300"], ["--method", "ismcts", "--samples", "30"]):
        answers = []
        for spread in ([], [], ["--workers", "2"]):
            code, out, err = call_main(["batch", str(infile), "--no-store", *knobs, *spread])
            assert code == 0, err
            answers.append(_without_seconds(json.loads(out)["seat"]))
        assert answers[0] == answers[1] == answers[2]


def test_seat_answers_under_time_are_not_stored(tmp_path):
    """An answer bounded by the clock (--time) is not stored (another run may value more worlds); a
    stored one is read under --time."""
    from foolsolve.store import Store
    from tests.generic.batch_helpers import call_main

    view = json.loads((EXAMPLES / "views" / "fools-and-angels.json").read_text())
    infile = write_jsonl(tmp_path / "in.jsonl", [view])
    store = tmp_path / "s.sqlite3"
    code, out, err = call_main(["batch", str(infile), "--store", str(store), "--samples", "2", "--max-nodes", "300",
                                "--time", "60"])
    assert code == 0 and "seat" in json.loads(out), err
    with Store(store) as s:
        assert s.stats()["seat_answers"] == 0
    # one stored without --time is read under --time (every world asked for was valued)
    code, out, err = call_main(["batch", str(infile), "--store", str(store), "--samples", "2", "--max-nodes", "300"])
    assert code == 0 and json.loads(out)["cached"] is False, err
    code, out, err = call_main(["batch", str(infile), "--store", str(store), "--samples", "2", "--max-nodes", "300",
                                "--time", "60"])
    assert code == 0 and json.loads(out)["cached"] is True, err


class _StopAfterFirst:
    """An executor that answers the first item, then Ctrl-C comes."""

    description = "on a pretend pool"
    lost = 0

    def __init__(self, outcome: dict[str, Any]) -> None:
        self.outcome = outcome

    def map(self, fn: Any, items: Any, on_done: Any = None, here: Any = None, keep_open: bool = False) -> Any:
        jobs = list(items)
        on_done(0, jobs[0], self.outcome)
        yield 0, self.outcome
        raise KeyboardInterrupt


@pytest.mark.parametrize("time_limit", [None, 5.0])
def test_the_interrupt_message_says_which_finished_answers_are_not_stored(tmp_path, time_limit):
    """The line on Ctrl-C says every finished result is in the store but for the seat answers
    that are never stored: it names the kinds a rerun computes again (here, answers limited by
    --time, as the command names it)."""
    from foolsolve import batch
    from foolsolve.errors import command_line_names
    from foolsolve.store import Store

    view = json.dumps(json.loads((EXAMPLES / "views" / "fools-and-angels.json").read_text()))
    settings = batch.Settings(samples=2, max_nodes=300, time_limit=time_limit)
    seat = batch.seat_task(("fools-and-angels", view, settings.seat_settings()))
    with Store(tmp_path / "s.sqlite3") as store, pytest.raises(KeyboardInterrupt) as stop, command_line_names():
        batch.run([(1, view, None), (2, view.replace("{", '{"x": 1, ', 1), None)], lambda rec, job: None, settings,
                  store, executor=_StopAfterFirst(seat))
    text = batch.interrupted_text("out.jsonl", store, stop.value.batch_summary)  # type: ignore[attr-defined]
    if time_limit is None:
        assert text.endswith(f"and in the store {store.path}: run the same command again to resume")
    else:
        assert f"but for {batch.UNSTORED_TIME}, which are not stored" in text, text


def test_a_batch_with_a_store_that_cannot_be_written_names_its_answers_as_not_stored(tmp_path):
    """A batch over a store that cannot be written answers every line and counts its new answers
    among those not stored (Summary.unstored), so the interrupt line does not say they are there."""
    from foolsolve import batch
    from foolsolve.store import Store

    lines = [(i + 1, json.dumps(p), None) for i, p in enumerate(positions(2, 4))]
    with Store(tmp_path / "s.sqlite3") as store:
        store.read_only = "attempt to write a readonly database"
        records: list[dict] = []
        summary = batch.run(lines, lambda rec, job: records.append(rec), batch.Settings(), store)
        assert [r["line"] for r in records] == [1, 2] and summary.solved == 2
        assert summary.unstored == {batch.UNSTORED_READ_ONLY}
        assert f"but for {batch.UNSTORED_READ_ONLY}, which are not stored" in batch.interrupted_text(
            "out.jsonl", store, summary)
        assert store.stats()["results"] == 0


def test_the_interrupt_message_of_a_batch_to_standard_output_says_standard_output():
    """A batch writing to standard output names it 'standard output' in its interrupt line (never
    '-'), as the oracle's does."""
    from foolsolve import batch

    assert batch.interrupted_text("-", None, None) == \
        "batch interrupted; every finished result is in standard output"
    assert batch.interrupted_text("out.jsonl", None, None) == "batch interrupted; every finished result is in out.jsonl"


def test_solve_of_several_files_answers_a_view_from_its_seat(tmp_path):
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main(["solve", str(EXAMPLES / "durak-endgame.json"),
                                str(EXAMPLES / "views" / "fools-and-angels.json"), "--no-store", "--max-nodes", "100"])
    assert code == 0, err
    assert "seen from player 0's seat" in out and "Method: " in out and out.count("== ") == 2


def test_solve_of_several_files_takes_an_explicit_time_and_refuses_open_hand(monkeypatch):
    """``foolsolve solve A.json B.json --time 5`` ran each solve without any limit (the --time was
    dropped), and --open-hand was silently ignored."""
    from foolsolve import batch
    from tests.generic.batch_helpers import call_main

    seen = []
    monkeypatch.setattr(batch, "solve_many", lambda paths, as_json, settings, store: seen.append(settings))
    files = [str(EXAMPLES / "durak-endgame.json"), str(EXAMPLES / "fools-and-angels-endgame.json")]
    assert call_main(["solve", *files, "--no-store", "--time", "5"])[0] == 0
    assert call_main(["solve", *files, "--no-store"])[0] == 0
    assert [s.time_limit for s in seen] == [5.0, None]
    code, _, err = call_main(["solve", *files, "--open-hand"])
    assert code == 2 and "--open-hand" in err and len(err.strip().splitlines()) == 1


def test_a_full_position_the_exact_solver_refuses_gets_the_movers_seat_answer_as_solve_gives():
    """A three-player Durak position (cards hidden from the mover matter, the exact solver is for
    two players) was the line's error; ``foolsolve POSITION.json`` answers it from the mover's seat,
    and so does the batch now, with the same note. With --max-nodes (the exact solver asked for) it
    stays the refusal, as before."""
    from tests.generic.batch_helpers import call_main

    pos = EXAMPLES / "durak-midbout.json"
    code, out, err = call_main(["batch", "-", "--no-store"], stdin=(json.dumps(str(pos)) + "\n").encode())
    assert code == 0, err
    record = json.loads(out)
    code, main_out, err = call_main([str(pos), "--json", "--no-store", "--time", "0"])  # as batch: no limit
    assert code == 0, err
    assert _without_seconds(record["seat"]) == _without_seconds(json.loads(main_out))
    assert record["seat"]["notes"][0].startswith("the exact solver does not take this position (players:")
    code, out, _ = call_main(["batch", "-", "--no-store", "--max-nodes", "300"],
                             stdin=(json.dumps(str(pos)) + "\n").encode())
    assert code == 2 and "two players" in json.loads(out)["error"]


def test_a_line_naming_a_file_with_a_nul_character_is_an_input_error():
    """A line ``"a\\u0000b.json"`` was 'internal error: ValueError: embedded null byte'."""
    from tests.generic.batch_helpers import call_main

    code, out, _ = call_main(["batch", "-", "--no-store"], stdin=b'"a\\u0000b.json"\n')
    record = json.loads(out)
    assert code == 2 and "NUL character" in record["error"] and "internal" not in record["error"]


def test_a_long_error_is_cut_in_a_record_as_for_a_single_file(tmp_path):
    """A 1 MB string in a position's ``rules.variant``: the error quotes it cut, on one short line, the
    same in ``batch``'s record, in ``solve A B`` and for a single file."""
    from tests.generic.batch_helpers import call_main

    obj = json.loads((EXAMPLES / "durak-endgame.json").read_text())
    obj.setdefault("rules", {})["variant"] = "x" * 1_000_000
    big = tmp_path / "big.json"
    big.write_text(json.dumps(obj))
    code, _, err = call_main(["show", str(big)])
    assert code == 2 and err.count("\n") == 1 and len(err) < 400 and '"xxx' in err and "..." in err, err[:400]
    single = err.removeprefix("foolsolve: error: ").rstrip("\n")
    stdin = (json.dumps(str(big)) + "\n" + json.dumps(obj) + "\n").encode()
    code, out, _ = call_main(["batch", "-", "--no-store"], stdin=stdin)
    assert code == 2 and [json.loads(line)["error"] for line in out.splitlines()] == [single, single]
    code, out, _ = call_main(["solve", str(big), str(big), "--no-store", "--json"])
    assert code == 2 and [json.loads(line)["error"] for line in out.splitlines()] == [single, single]
    code, out, _ = call_main(["solve", str(big), str(big), "--no-store"])
    assert code == 2 and out.count(f"error: {single}\n") == 2 and len(out) < 1000


class _LaterLinesDone:
    """An executor whose map gets back the values of every line but the first (``on_done``, as
    from other workers) while the first still runs, and then Ctrl-C comes."""

    description = "on a pretend pool"
    lost = 0

    def map(self, fn: Any, items: Any, on_done: Any = None, here: Any = None, keep_open: bool = False) -> Any:
        jobs = list(items)
        for i, job in enumerate(jobs[1:], 1):
            if here(job) is None and job.line != 5:  # line 5 is still running too
                on_done(i, job, {"result": {"pretend": job.line}})
        raise KeyboardInterrupt
        yield  # (a generator, as Executor.map)


def test_ctrl_c_writes_every_finished_record_without_a_store():
    """``batch --no-store`` on Ctrl-C dropped the records of lines that had finished after an
    unfinished one (output is in input order): they are written, in line order, before the
    interrupt goes on; the unfinished lines (1 and 5) have none."""
    from foolsolve import batch

    objs = positions(4, 5)
    lines = [json.dumps(objs[0]), json.dumps(objs[1]), "nosuch.json", json.dumps(objs[2]), json.dumps(objs[3])]
    got: list[dict[str, Any]] = []
    with pytest.raises(KeyboardInterrupt):
        batch.run([(n, text, None) for n, text in enumerate(lines, 1)], lambda rec, job: got.append(rec),
                  batch.Settings(), None, executor=_LaterLinesDone())
    assert got == [{"line": 2, "cached": False, "result": {"pretend": 2}},
                   {"line": 3, "path": "nosuch.json", "error": "nosuch.json: cannot read (No such file or directory)",
                    "kind": "input"},
                   {"line": 4, "cached": False, "result": {"pretend": 4}}]


@pytest.mark.parametrize(("sig", "code", "starts"), [
    (signal.SIGINT, 130, "foolsolve: batch interrupted; every finished result is in"),
    (signal.SIGTERM, 143, "foolsolve: terminated (SIGTERM): batch interrupted; every finished result is in"),
    (signal.SIGHUP, 129, "foolsolve: terminated (SIGHUP): batch interrupted; every finished result is in"),
], ids=["ctrl-c", "sigterm", "sighup"])
def test_a_stop_writes_the_results_finished_on_other_workers(tmp_path: Path, sig: int, code: int,
                                                             starts: str) -> None:
    """A pool of two: line 1 runs for minutes on one worker while the other solves lines 2-4; on
    Ctrl-C their records (and line 5's error) are written after it, not only stored. SIGTERM killed
    the batch (exit -15, no line): only the records written in order were in --out, and the pool's
    resource tracker warned of leaked semaphores; it is now handled as Ctrl-C
    (foolsolve.errors.on_sigterm, installed once for every command), with exit 143 (128 + SIGTERM)."""
    from tests.generic.batch_helpers import endgame, store_rows

    slow = endgame(10, __import__("random").Random("slow"))  # minutes for the Python search
    infile = write_jsonl(tmp_path / "in.jsonl", [slow, *positions(3, 5, "quick"), "nosuch.json"])
    out, store = tmp_path / "out.jsonl", tmp_path / "s.sqlite3"
    proc = start("batch", str(infile), "--out", str(out), "--store", str(store), "--workers", "2",
                 "-o", "jit=false", "-o", "pv=false")
    deadline = time.monotonic() + 120
    while store_rows(store) < 3 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None and store_rows(store) == 3, "lines 2-4 were not solved while line 1 ran"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code and err.count("\n") == 1 and err.startswith(starts), err
    recs = read_jsonl(out)
    assert [r["line"] for r in recs] == [2, 3, 4, 5]
    assert all("result" in r for r in recs[:3]) and "error" in recs[3]


def test_a_full_position_line_the_exact_solver_answers_notes_the_seat_options(tmp_path: Path) -> None:
    """--method, --samples and --seed are the seat's options (view lines, and the answer from the mover's
    seat a full line gets where the exact solver refuses it): a full line the exact solver answered took
    them without a word, where ``foolsolve POSITION.json`` notes them as not applied and view lines
    note what they do not read. Its record notes them; its stored result does not."""
    from tests.generic.batch_helpers import call_main

    infile = write_jsonl(tmp_path / "in.jsonl", [json.loads((EXAMPLES / "durak-endgame.json").read_text())])
    store = str(tmp_path / "s.sqlite3")
    for seat, cached in ((["--samples", "2", "--seed", "3"], False), (["--seed", "3"], True), ([], True)):
        code, out, err = call_main(["batch", str(infile), "--store", store, *seat])
        assert code == 0, err
        rec = json.loads(out)
        assert rec["cached"] is cached
        noted = [n for n in rec["result"]["notes"] if n.startswith("not applied")]
        assert noted == ([f"not applied: {', '.join(seat[::2])} (options of an answer from one seat; the exact "
                          "solver answered this full position)"] if seat else [])


def test_a_second_batch_writing_the_same_out_is_refused_and_the_file_kept(tmp_path):
    """Two batches given one --out both wrote it (interleaved, broken lines) and both exited 0:
    the second is refused while the first holds the file, and neither empties nor writes it."""
    import fcntl

    from tests.generic.batch_helpers import call_main

    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(str(EXAMPLES / "durak-endgame.json")) + "\n", encoding="utf-8")
    out = tmp_path / "same.out"
    out.write_bytes(b'{"line": 1, "partly written')
    with open(out, "ab") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as the first batch holds it
        code, _, err = call_main(["batch", str(src), "--out", str(out), "--no-store"])
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert f"--out: another foolsolve is writing {out}" in err
        assert out.read_bytes() == b'{"line": 1, "partly written'
    code, _, err = call_main(["batch", str(src), "--out", str(out), "--no-store"])  # the first batch gone
    assert code == 0, err
    assert [r["line"] for r in read_jsonl(out)] == [1]


@pytest.mark.parametrize(("fields", "message"), [
    ({"max_nodes": "x"}, "Settings.max_nodes: expected a whole number, got 'x'"),
    ({"max_nodes": -1}, "Settings.max_nodes: expected at least 1, got -1"),
    ({"max_nodes": 0}, "Settings.max_nodes: expected at least 1, got 0"),
    ({"max_nodes": 2.5}, "Settings.max_nodes: expected a whole number, got 2.5"),
    ({"max_nodes": True}, "Settings.max_nodes: expected a whole number, got True"),
    ({"time_limit": "x"}, "Settings.time_limit: expected a number of seconds, got 'x'"),
    ({"time_limit": -5}, "Settings.time_limit: expected at least 0 seconds (0: no limit), got -5"),
    ({"max_memory": 0}, "Settings.max_memory: expected at least 1, got 0"),
    ({"method": "bogus"}, "Settings.method: expected one of auto, exact, pimc, ismcts (or None: auto), got 'bogus'"),
    ({"samples": 0}, "Settings.samples: expected at least 1, got 0"),
    ({"seed": 2.5}, "Settings.seed: expected a whole number, got 2.5"),
    ({"extra": 3}, "Settings.extra: expected a dict of solver options, got int"),
    ({"extra": {"bogus": 1}}, "Settings.extra bogus: no game's solver takes it (known: "),
    ({"extra": {"time": -1}}, "Settings.extra time: expected a number of seconds > 0"),
    ({"extra": {"max_nodes": 0}}, "Settings.extra max_nodes: expected a whole number >= 1, got 0"),
    ({"out": 3}, "Settings.out: expected the output file's name (a str) or None, got 3"),
    ({"method": "exact", "samples": 3}, "Settings.samples: Settings.method exact values every consistent world once "
                                        "and samples none"),
])
def test_settings_are_checked_when_built_each_error_naming_the_field(fields, message):
    """A bad field of batch.Settings is one InputError naming it, when the Settings are built (as
    foolsolve.answer checks the parameter of the same option), not an error on every line or a
    TypeError that stops the batch."""
    from foolsolve import batch
    from foolsolve.errors import InputError

    with pytest.raises(InputError) as caught:
        batch.Settings(**fields)
    assert str(caught.value).startswith(message), str(caught.value)


def test_settings_read_no_limit_and_a_huge_budget_as_the_command_does():
    from foolsolve import batch
    from foolsolve.solver.base import MAX_NODES

    settings = batch.Settings(max_nodes=MAX_NODES * 4, time_limit=0, extra={"pv": False})
    assert (settings.max_nodes, settings.time_limit, settings.extra) == (MAX_NODES, None, {"pv": False})


def test_the_batch_command_names_its_options_in_the_errors_of_its_settings(tmp_path):
    from tests.generic.batch_helpers import call_main

    infile = write_jsonl(tmp_path / "in.jsonl", [str(EXAMPLES / "durak-endgame.json")])
    code, out, err = call_main(["batch", str(infile), "--no-store", "--method", "exact", "--samples", "3"])
    assert code != 0 and out == "" and "--samples: --method exact values every consistent world once" in err, err
    code, out, err = call_main(["batch", str(infile), "--no-store", "--max-nodes", "0"])
    assert code != 0 and out == "" and "--max-nodes" in err and "Settings" not in err, err


def test_a_batch_from_python_names_the_settings_fields_in_its_errors(tmp_path):
    """The errors that come from the Settings' own values name their fields (a node budget, an
    exact solver's option on a view line, the output file), the position's own errors stay as
    they are; the batch command names its options in the same errors."""
    from foolsolve import batch
    from tests.generic.batch_helpers import call_main

    out = tmp_path / "out.jsonl"
    out.write_text("")
    endgame = json.dumps(str(EXAMPLES / "durak-endgame.json"))
    view = (EXAMPLES / "views" / "fools-and-angels.json").read_text().replace("\n", " ")
    jobs = [(1, endgame, None), (2, json.dumps(str(out)), None), (3, '{"game": "durak"', None)]
    records: list[dict[str, Any]] = []
    batch.run(jobs, lambda rec, job: records.append(rec), batch.Settings(max_nodes=2, out=str(out)))
    batch.run([(4, view, None)], lambda rec, job: records.append(rec), batch.Settings(extra={"pv": False}))
    errors = [rec["error"] for rec in records]
    assert errors[0] == "Settings.max_nodes: no exact answer within 2 nodes"
    assert errors[1] == f"line 2: {out} is the Settings.out file of this batch"
    assert errors[2] == "line 3: malformed JSON at line 1 column 17: Expecting ',' delimiter"
    assert errors[3].startswith("Settings.extra 'pv': an answer from one seat (the seat analysis, docs/seat.md) takes "
                                "no Settings.extra"), errors[3]
    infile = write_jsonl(tmp_path / "in.jsonl", [str(EXAMPLES / "durak-endgame.json")])
    code, text, err = call_main(["batch", str(infile), "--no-store", "--max-nodes", "2"])
    assert code == 2 and json.loads(text)["error"] == "--max-nodes: no exact answer within 2 nodes", err
    # solved in worker processes: their errors name the fields too
    records.clear()
    batch.run(jobs[:1] * 2, lambda rec, job: records.append(rec), batch.Settings(max_nodes=2), workers=2)
    assert [rec["error"] for rec in records] == ["Settings.max_nodes: no exact answer within 2 nodes"] * 2


def test_a_batch_from_python_keeps_the_users_own_text_in_its_errors(tmp_path):
    """A file name, a card, a rule key or a game name that reads like one of the batch's options
    stays as written in a record's error; only the option the message names becomes the field."""
    from foolsolve import batch

    deal = {"game": "durak", "rules": {"variant": "podkidnoy"}, "trump": "S", "hands": [["6H"], ["7H", "AD"]],
            "stock": [], "discard": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}
    lines = [json.dumps(str(tmp_path / "--time.json")), json.dumps(str(tmp_path / "x -o y.json")),
             json.dumps({**deal, "hands": [["6H", "--seed"], ["7H", "AD"]]}),
             json.dumps({**deal, "rules": {"--max-nodes": 1}}), json.dumps({"game": "durak --out", "rules": {}})]
    records: list[dict[str, Any]] = []
    batch.run([(i + 1, line, None) for i, line in enumerate(lines)], lambda rec, job: records.append(rec),
              batch.Settings(time_limit=5, max_nodes=2))
    errors = [rec["error"] for rec in records]
    assert errors[0].startswith(f"{tmp_path}/--time.json: cannot read"), errors[0]
    assert errors[1].startswith(f"{tmp_path}/x -o y.json: cannot read"), errors[1]
    assert errors[2] == 'hands[0][1]: too long (at most 4 characters): "--seed"'
    assert errors[3].startswith("rules.--max-nodes: unknown rule option"), errors[3]
    assert errors[4].startswith("game: unknown game 'durak --out'"), errors[4]


def test_settings_take_any_whole_number_type_and_refuse_huge_ones_in_one_line():
    """A number too large for a float or too long to print is a one-line error naming the field;
    a NumPy integer or float stands for the number it holds."""
    from foolsolve import batch
    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=r"^Settings\.time_limit: a whole number of more than 300 digits of seconds "
                                         r"is more than a year"):
        batch.Settings(time_limit=10**400)
    with pytest.raises(InputError, match=r"^Settings\.extra x: .* got a whole number of more than 300 digits$"):
        batch.Settings(extra={"x": 10**5000})
    with pytest.raises(InputError, match=r"^Settings\.extra x: .* got a list holding a number too long to print$"):
        batch.Settings(extra={"x": [10**5000]})
    np = pytest.importorskip("numpy")
    s = batch.Settings(max_nodes=np.int64(5), seed=np.int64(3), time_limit=np.int64(3), samples=np.int32(4),
                       extra={"pv_limit": np.int64(2)})
    assert (s.max_nodes, s.seed, s.time_limit, s.samples, s.extra) == (5, 3, 3.0, 4, {"pv_limit": 2})
    assert [type(v) for v in (s.max_nodes, s.seed, s.time_limit, s.samples, s.extra["pv_limit"])] == [int, int, float, int, int]


def test_settings_are_fixed_once_checked():
    """A Settings' fields cannot be changed past its checks; dataclasses.replace checks the new one."""
    import dataclasses

    from foolsolve import batch
    from foolsolve.errors import InputError

    s = batch.Settings(max_nodes=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.max_nodes = -5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.extra = None  # type: ignore[misc]
    with pytest.raises(InputError, match=r"^Settings\.max_nodes: expected at least 1, got -5$"):
        dataclasses.replace(s, max_nodes=-5)
    assert dataclasses.replace(s, time_limit=3).time_limit == 3.0



def test_a_line_naming_standard_input_as_its_position_file_is_refused(tmp_path: Path) -> None:
    """A batch line naming /dev/stdin (or a link to it) names the batch's own lines: its error,
    not a read of the stream it came from (over a live pipe, a wait for it to end)."""
    import subprocess
    import sys

    link = tmp_path / "link.json"
    link.symlink_to("/dev/stdin")
    src = tmp_path / "in.jsonl"
    src.write_text(f"/dev/stdin\n{link}\n")
    with src.open("rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "foolsolve", "batch", "-", "--no-store"], stdin=stdin,
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"})
    records = [json.loads(x) for x in done.stdout.splitlines()]
    assert done.returncode == 2 and [r["line"] for r in records] == [1, 2]
    for record in records:
        assert record["error"] == (f"{record['path']}: standard input, which a batch line cannot name as its "
                                   "position file (standard input holds the lines read)")


def test_a_line_naming_the_file_that_is_standard_input_is_read_where_the_lines_come_from_a_file(
        tmp_path: Path) -> None:
    """Lines read from a file (not ``-``): a line naming /dev/null under ``< /dev/null`` names that
    file, read as any other (empty: no JSON), not the batch's own lines; the lines read from
    /dev/stdin itself are standard input's."""
    import subprocess
    import sys

    src = tmp_path / "in.jsonl"
    src.write_text("/dev/null\n")
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"}
    with open("/dev/null", "rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "foolsolve", "batch", str(src), "--no-store"], stdin=stdin,
                              capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 2
    assert [json.loads(x)["error"] for x in done.stdout.splitlines()] == ["/dev/null: empty: no JSON in it"]
    src.write_text("/dev/stdin\n")
    with src.open("rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "foolsolve", "batch", "/dev/stdin", "--no-store"], stdin=stdin,
                              capture_output=True, text=True, timeout=120, env=env)
    assert [json.loads(x)["error"] for x in done.stdout.splitlines()] == [
        "/dev/stdin: standard input, which a batch line cannot name as its position file (standard input holds "
        "the lines read)"]


@pytest.mark.parametrize(("jobs", "message"), [
    ([(1, 42, None)], "jobs[0]: the text: expected a JSON Lines line (a str) or None, got 42"),
    ([(1, None, 7)], "jobs[0]: the path: expected a position file's name (a str) or None, got 7"),
    ([(1,)], "jobs[0]: expected a (line, text, path) tuple, got (1,)"),
    ([(1, None, None)], "jobs[0]: expected a line's text or a position file's path (one of them, the other None)"),
    ([("1", "{}", None)], "jobs[0]: the line number: expected a whole number, got '1'"),
    (None, "jobs: expected an iterable of (line, text, path) tuples, got None"),
    ("{}", "jobs: expected an iterable of (line, text, path) tuples, got '{}'"),
])
def test_run_refuses_a_job_of_another_shape_naming_it(jobs, message):
    from foolsolve import batch
    from foolsolve.errors import InputError

    with pytest.raises(InputError) as caught:
        batch.run(jobs, lambda record, job: None, batch.Settings())
    assert str(caught.value).startswith(message), str(caught.value)


def test_run_refuses_an_emit_or_settings_of_another_kind():
    from foolsolve import batch
    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=r"^emit: expected a function called as emit\(record, job\), got None$"):
        batch.run([], None, batch.Settings())  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^settings: expected a foolsolve.batch.Settings, got \{\}$"):
        batch.run([], lambda record, job: None, {})  # type: ignore[arg-type]


def test_an_empty_file_name_on_a_line_is_said_as_such():
    from tests.generic.batch_helpers import call_main

    code, out, _ = call_main(["batch", "-", "--no-store"], b'""\n"  "\n')
    assert code == 2
    assert [json.loads(x)["error"] for x in out.splitlines()] == ["line 1: empty file name",
                                                                  "line 2: empty file name (white space only)"]


@pytest.mark.parametrize(("params", "message"), [
    ({"workers": 0}, "workers: expected at least 1"),
    ({"workers": 2, "scheduler": "tcp://localhost:1"}, "workers"),
    ({"scheduler": "nowhere"}, "scheduler: expected tcp://HOST:PORT"),
])
def test_a_batch_from_python_names_its_workers_and_scheduler_parameters(params, message):
    from foolsolve import batch
    from foolsolve.errors import InputError

    with pytest.raises(InputError) as caught:
        batch.run(iter(()), lambda rec, job: None, batch.Settings(), **params)
    assert str(caught.value).startswith(message) and "--" not in str(caught.value), str(caught.value)


class _Counting:
    """An executor in this process that counts the items it is sent."""

    description = "in this process"
    lost = 0

    def __init__(self) -> None:
        self.sent: list[int] = []

    def map(self, fn: Any, items: Any, on_done: Any = None, here: Any = None, keep_open: bool = False) -> Any:
        for i, item in enumerate(items):
            value = here(item) if here is not None else None
            if value is None:
                self.sent.append(item.line)
                value = fn(item)
                on_done(i, item, value)
            yield i, value


@pytest.mark.parametrize("with_store", [False, True])
def test_identical_lines_are_solved_once_each_getting_its_own_record(tmp_path, with_store):
    """Seven identical lines were solved up to the executor's window (four at once with a store, all
    seven on two workers): the first is solved and every other gets its answer, under its own line
    number, in order, with ``same_as`` naming the line that was solved."""
    from foolsolve import batch
    from foolsolve.store import Store

    obj = positions(1, 5)[0]
    lines = [json.dumps(obj)] * 6 + [json.dumps(positions(2, 5)[1]), json.dumps(obj)]
    got: list[dict[str, Any]] = []
    executor = _Counting()
    store = Store(tmp_path / "s.sqlite3") if with_store else None
    summary = batch.run([(n, text, None) for n, text in enumerate(lines, 1)], lambda rec, job: got.append(rec),
                        batch.Settings(extra={"jit": False}), store, executor=executor)
    assert executor.sent == [1, 7]
    assert [r["line"] for r in got] == list(range(1, 9))
    assert [r.get("same_as") for r in got] == [None, 1, 1, 1, 1, 1, None, 1]
    assert all(r["result"] == got[0]["result"] and r["cached"] is False for r in got[1:6])
    assert got[1]["result"] is not got[0]["result"]  # each record its own
    assert (summary.solved, summary.repeats, summary.from_store) == (2, 6, 0)
    if store is not None:
        store.close()


def test_identical_lines_on_two_workers_are_solved_once(tmp_path):
    """On a pool a repeat waits for the first line's answer rather than solving it again."""
    from tests.generic.batch_helpers import call_main

    infile = write_jsonl(tmp_path / "in.jsonl", [positions(1, 6)[0]] * 7)
    code, out, err = call_main(["batch", str(infile), "--no-store", "--workers", "2", "-o", "jit=false"])
    assert code == 0, err
    assert "1 solved, 0 from the store, 6 repeating an earlier line" in _summary(err)
    records = [json.loads(line) for line in out.splitlines()]
    assert [r.get("same_as") for r in records] == [None, *[1] * 6]


def test_a_rerun_writes_the_same_records_but_for_what_the_store_says(tmp_path):
    """A record read from the store listed its result's fields sorted, a fresh one in its own order:
    a diff of a run against its rerun showed every line."""
    infile = write_jsonl(tmp_path / "in.jsonl", [*positions(2, 5), positions(2, 5)[0]])
    store = tmp_path / "s.sqlite3"
    runs = []
    for _ in range(2):
        code, out, err = call_main(["batch", str(infile), "--store", str(store), "-o", "jit=false"])
        assert code == 0, err
        runs.append([json.loads(line) for line in out.splitlines()])

    def shape(x: Any) -> Any:
        if isinstance(x, dict):
            return [(k, shape(v)) for k, v in x.items() if k not in ("first_solve",)]
        return [shape(v) for v in x] if isinstance(x, list) else None

    assert [shape(r) for r in runs[0]] == [shape(r) for r in runs[1]]
    assert [r["cached"] for r in runs[1]] == [True] * 3 and runs[1][2]["same_as"] == 1


def test_solver_options_at_their_defaults_share_the_stored_result(tmp_path):
    """``-o pv=true`` (the default) had a key of its own, so a batch with it solved again what one
    without it had stored; the options are keyed with their defaults left out, as rule options."""
    from foolsolve import games
    from foolsolve.store import key_options, position_key

    infile = write_jsonl(tmp_path / "in.jsonl", positions(1, 5))
    store = tmp_path / "s.sqlite3"
    code, out, err = call_main(["batch", str(infile), "--store", str(store)])
    assert code == 0 and json.loads(out)["cached"] is False, err
    for options in (["-o", "pv=true"], ["-o", "moves=true", "-o", "jit=auto"]):
        code, out, err = call_main(["batch", str(infile), "--store", str(store), *options])
        assert code == 0 and json.loads(out)["cached"] is True, err
    code, out, err = call_main(["batch", str(infile), "--store", str(store), "-o", "pv=false"])
    assert code == 0 and json.loads(out)["cached"] is False, err
    assert key_options("three-fools", {"pv": False, "limit": 2_000_000}) == {}
    assert key_options("durak", {"moves": False, "pv": False}) == {"moves": False}
    info = games.get("durak")
    state = info.spec.state_from_json(positions(1, 5)[0])
    assert position_key(info, state, SolveOptions(extra={"pv": True})) == position_key(info, state, SolveOptions())


def test_a_result_stored_under_its_options_as_given_is_read_and_never_written_there(tmp_path):
    """A store file may hold an answer keyed with its solver options as given, one at its default
    included (``-o moves=true`` keyed with ``moves``: store.given_options_key): a solve with those
    options reads it where its own key misses (a single solve, one with the lines, a batch line), and
    nothing is written under that key; a solve that finds neither stores under its own key alone."""
    from foolsolve.store import Store, canonical, canonical_position, position_key, result_key, solve_with_store

    info = games.get("durak")
    obj = positions(1, 5)[0]
    state = info.spec.state_from_json(obj)
    given = {"moves": True}
    with Store(tmp_path / "fresh.sqlite3") as fresh:
        plain, _ = solve_with_store(info, state, SolveOptions(), fresh)
        lines, _ = solve_with_store(info, state, SolveOptions(), fresh, lines=True)
    path = tmp_path / "s.sqlite3"
    rows = [(canonical_position(info.spec, state), given, plain),
            (canonical_position(info.spec, state), {**given, "(lines)": True}, lines),
            (canonical(info.spec.state_to_json(state)), {**given, "(lines)": True}, lines)]  # as a batch line keys it
    with Store(path) as db:
        for position, options, result in rows:  # (the batch line's key is the second's where the two are one)
            key = result_key("durak", position, canonical(options))
            assert key is not None
            db.put(key, "durak", position, canonical(options), result.to_json())
        written = db.stats()["results"]
        assert written >= 2
        for with_lines in (False, True):
            read, cached = solve_with_store(info, state, SolveOptions(extra=dict(given)), db, lines=with_lines)
            assert cached and read.moves == (lines if with_lines else plain).moves
        assert db.stats()["results"] == written
    infile = write_jsonl(tmp_path / "in.jsonl", [obj])
    code, out, err = call_main(["batch", str(infile), "--store", str(path), "-o", "moves=true"])
    assert code == 0 and json.loads(out)["cached"] is True, err
    with Store(tmp_path / "new.sqlite3") as db:
        solve_with_store(info, state, SolveOptions(extra=dict(given)), db)
        keyed = position_key(info, state, SolveOptions(extra=dict(given)))
        assert keyed is not None
        assert [row["key"] for row in db.export()] == [keyed[0]]


def test_a_single_solve_and_a_batch_line_share_one_stored_answer(tmp_path):
    """``foolsolve POSITION.json`` and a batch line of the same position with the same options are
    one store key (store.position_key): stored by either, read by the other, with distances and under
    ``-o distance=false``, and with what the players know in the position (Durak's ``known``, no part
    of the key); the answer with its lines under ``-o distance=false`` is keyed apart from the plain
    answer, which lacks its note and the result at the end of its line."""
    from foolsolve.distance import OFF_NOTE
    from foolsolve.store import Store, position_key, solve_with_store

    info = games.get("durak")
    obj = positions(1, 5, seed="one key")[0]
    obj["known"] = [obj["hands"][0][:1], []]  # a card picked up in view of all
    state = info.spec.state_from_json(obj)
    position = tmp_path / "p.json"
    position.write_text(json.dumps(obj), encoding="utf-8")
    infile = write_jsonl(tmp_path / "in.jsonl", [obj])
    for options in ([], ["-o", "distance=false"]):
        for first in ("single", "batch"):
            path = str(tmp_path / f"{first}{len(options)}.sqlite3")
            single = [str(position), "--json", "--store", path, *options]
            line = ["batch", str(infile), "--store", path, *options]
            for argv in (single, line) if first == "single" else (line, single):
                code, out, err = call_main(argv)
                assert code == 0, err
                got = json.loads(out)
                answer = got["result"] if argv is line else got
                assert answer.get("stored", False) is (argv is not (single if first == "single" else line)), (argv, out)
                assert (OFF_NOTE in answer["notes"]) is bool(options) and ("distance" in answer) is not bool(options)
            with Store(path) as db:
                assert db.stats()["results"] == 1
    off = SolveOptions(extra={"distance": False})
    assert position_key(info, state, off, lines=True) != position_key(info, state, off)
    with Store(tmp_path / "plain.sqlite3") as db:
        plain, _ = solve_with_store(info, state, off, db)
        assert plain.result is None and OFF_NOTE not in plain.notes
        lines, cached = solve_with_store(info, state, off, db, lines=True)
        assert not cached and lines.result is not None and OFF_NOTE in lines.notes


def test_answers_keyed_as_a_batch_line_keyed_them_apart_are_read(tmp_path):
    """A store file may hold a batch line's answer keyed by the position with what the players know
    and by its ``-o`` options as given (``distance`` and ``max_nodes`` among them) with ``"(lines)"``:
    a single solve and a batch line read it where their own key misses (store.also_keys) and write
    only under their own key. The plain answer's key (a single solve under ``-o distance=false`` was
    keyed so) is not read for the answer with its lines, which carries a note and a result it lacks."""
    from foolsolve.distance import OFF_NOTE
    from foolsolve.store import Store, canonical, canonical_position, position_key, result_key, solve_with_store

    info = games.get("durak")
    obj = positions(1, 5, seed="one key")[0]
    obj["known"] = [obj["hands"][0][:1], []]  # a card picked up in view of all
    state = info.spec.state_from_json(obj)
    infile = write_jsonl(tmp_path / "in.jsonl", [obj])
    position = tmp_path / "p.json"
    position.write_text(json.dumps(obj), encoding="utf-8")
    full = canonical(info.spec.state_to_json(state))
    assert full != canonical_position(info.spec, state)
    for given, single in (({"distance": False}, True), ({}, True), ({"max_nodes": 10**9, "pv": True}, False)):
        options = [x for k, v in given.items() for x in ("-o", f"{k}={json.dumps(v)}")]
        answer, _ = solve_with_store(info, state, SolveOptions(extra=dict(given)), None, lines=True)
        own = position_key(info, state, SolveOptions(extra=dict(given)), lines=True)
        key = result_key("durak", full, canonical({**given, "(lines)": True}))
        assert own is not None and key is not None and key != own[0]
        path = tmp_path / f"old{len(given)}.sqlite3"
        with Store(path) as db:
            db.put(key, "durak", full, canonical({**given, "(lines)": True}), answer.to_json())
        runs = [["batch", str(infile), "--store", str(path), *options]]
        if single:  # (a single solve has no options as given to read a batch's key of max_nodes by)
            runs.append([str(position), "--json", "--store", str(path), *options])
        for argv in runs:
            code, out, err = call_main(argv)
            got = json.loads(out)
            assert code == 0 and (got["cached"] if argv[0] == "batch" else got["stored"]) is True, (argv, err)
        with Store(path) as db:
            assert [row["key"] for row in db.export()] == [key]
    off = SolveOptions(extra={"distance": False})
    with Store(tmp_path / "plain.sqlite3") as db:
        plain, _ = solve_with_store(info, state, off, db)
        keyed = position_key(info, state, off)
        assert keyed is not None and keyed == position_key(info, state, SolveOptions())
        for argv, stored in (([str(position), "--json", "--store", str(db.path), "-o", "distance=false"], False),
                             (["batch", str(infile), "--store", str(db.path), "-o", "distance=false"], True)):
            code, out, err = call_main(argv)  # the single solve stores its answer, and the batch line reads it
            got = json.loads(out)
            answer = got["result"] if argv[0] == "batch" else got
            assert code == 0 and answer.get("stored", False) is stored and OFF_NOTE in answer["notes"], (argv, err)
            assert answer["result"] is not None and plain.result is None and OFF_NOTE not in plain.notes


def test_batch_run_takes_a_store_as_answer_does(tmp_path):
    """``batch.run(..., store="file.sqlite3")`` gave every line 'internal error: AttributeError: 'str'
    object has no attribute 'get''; a file name or True is a store, as for ``foolsolve.answer``, and
    anything else a one-line InputError."""
    from foolsolve import batch
    from foolsolve.errors import InputError
    from foolsolve.store import Store

    lines = [(1, json.dumps(positions(1, 5)[0]), None)]
    path = tmp_path / "s.sqlite3"
    for cached, store in ((False, str(path)), (True, path)):
        got: list[dict[str, Any]] = []
        batch.run(lines, lambda rec, job, got=got: got.append(rec), batch.Settings(), store=store)
        assert got[0]["cached"] is cached, got
    with Store(path) as s:
        assert s.stats()["results"] == 1
    with pytest.raises(InputError) as err:
        batch.run(lines, lambda rec, job: None, batch.Settings(), store=42)
    assert str(err.value).startswith("store: expected None or False") and "\n" not in str(err.value)


def test_error_records_say_their_kind(tmp_path):
    """An error record had free text only: ``kind`` says bad input, a limit or an internal error."""
    from foolsolve import batch

    got: list[dict[str, Any]] = []
    lines = [(1, "{", None), (2, json.dumps(positions(1, 7)[0]), None)]
    batch.run(lines, lambda rec, job: got.append(rec), batch.Settings(max_nodes=2, extra={"jit": False}))
    assert [r["kind"] for r in got] == ["input", "limit"]
    assert all(r["kind"] in batch.ERROR_KINDS for r in got)
    view = json.dumps(json.loads((EXAMPLES / "views" / "fools-and-angels.json").read_text()))
    batch.run([(3, view, None)], lambda rec, job: got.append(rec), batch.Settings(time_limit=0.001))
    assert got[2]["kind"] == "limit" and got[2]["error"].startswith("Settings.time_limit: no world was valued"), got[2]


def test_summary_counts_what_was_read_from_the_store_under_both_names():
    from foolsolve import batch

    summary = batch.Summary(from_store=3)
    assert summary.stored == 3 and "3 from the store" in summary.text()


def test_ctrl_c_while_an_answer_is_stored_writes_only_stored_lines(tmp_path: Path) -> None:
    """Ctrl-C arriving while an answer is being stored is held back until it is stored: every
    record the interrupted batch writes is one a re-run reads back from the store, never a line
    noted as finished whose row the interrupt kept from being written."""
    from foolsolve import batch
    from foolsolve.store import Store

    class Interrupting(Store):
        """A store whose second put is interrupted by Ctrl-C as it starts."""

        puts = 0

        def put(self, *args: Any, **kwargs: Any) -> bool:
            type(self).puts += 1
            if type(self).puts == 2:
                os.kill(os.getpid(), signal.SIGINT)
            return super().put(*args, **kwargs)

    objs = positions(4, 5, "held")
    store = Interrupting(tmp_path / "s.sqlite3")
    records: list[dict[str, Any]] = []
    try:
        with pytest.raises(KeyboardInterrupt):
            batch.run([(i, json.dumps(o), None) for i, o in enumerate(objs, 1)],
                      lambda rec, job: records.append(rec), batch.Settings(extra={"jit": False}), store=store,
                      progress=False)
    finally:
        store.close()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert [r["line"] for r in records] == [1, 2]
    assert _count(tmp_path / "s.sqlite3") == 2


def _interrupted_seat_batch(tmp_path: Path, store: bool) -> Any:
    """``batch.run`` of two view lines with ``time_limit=5``, Ctrl-C after the first: the exception."""
    from foolsolve import batch

    view = json.dumps(json.loads((EXAMPLES / "views" / "fools-and-angels.json").read_text()))
    settings = batch.Settings(samples=2, max_nodes=300, time_limit=5)
    seat = batch.seat_task(("fools-and-angels", view, settings.seat_settings()))
    with pytest.raises(KeyboardInterrupt) as stop:
        batch.run([(1, view, None), (2, view.replace("{", '{"x": 1, ', 1), None)], lambda rec, job: None, settings,
                  str(tmp_path / "s.sqlite3") if store else None, executor=_StopAfterFirst(seat))
    return stop.value


def test_an_interrupted_batch_run_raises_batch_interrupted_with_its_summary(tmp_path):
    from foolsolve import batch

    exc = _interrupted_seat_batch(tmp_path, store=False)
    assert isinstance(exc, batch.Interrupted)
    assert exc.summary is exc.batch_summary and exc.summary.lines == 1 and exc.summary.seats == 1
    assert str(exc) == "batch interrupted after 1 line; the exception's .summary counts them"


def test_unstored_names_the_settings_field_from_python_and_is_empty_without_a_store(tmp_path):
    with_store = _interrupted_seat_batch(tmp_path, store=True).batch_summary
    assert with_store.unstored == {"answers limited by Settings.time_limit"}
    assert _interrupted_seat_batch(tmp_path, store=False).batch_summary.unstored == set()


def test_a_seat_option_on_a_full_position_the_exact_solver_refuses_keeps_the_refusal_note(tmp_path):
    """A seat option (--samples 10, --seed 0) on a full position the exact solver does not take sends
    it to the mover's seat in the command too: the answer has the note saying why, the same in the
    command, foolsolve.answer(), report and a batch's line."""
    import foolsolve
    from foolsolve.seat import SeatAnswer

    pos = EXAMPLES / "durak-redeal.json"
    code, out, err = call_main(["batch", "-", "--no-store", "--samples", "10", "--time", "0"],
                               stdin=(json.dumps(str(pos)) + "\n").encode())
    assert code == 0, err
    batch = SeatAnswer.from_json(json.loads(out)["seat"])
    assert batch.notes[0].startswith("the exact solver does not take this position (phase: the redeal phase")
    code, out, err = call_main([str(pos), "--json", "--no-store", "--samples", "10", "--time", "0"])
    assert code == 0, err
    assert SeatAnswer.from_json(json.loads(out)).same_answer(batch)
    api = foolsolve.answer(str(pos), samples=10, time=0)
    assert isinstance(api, SeatAnswer) and api.same_answer(batch)
    page = tmp_path / "page.html"
    code, _, err = call_main(["report", str(pos), "--samples", "10", "--time", "0", "--no-store", "--out", str(page)])
    assert code == 0, err
    assert "the exact solver does not take this position (phase: the redeal phase" in page.read_text()
    # --as P names the seat: no refusal is behind it, no such note
    code, out, err = call_main([str(pos), "--json", "--no-store", "--samples", "10", "--time", "0", "--as", "0"])
    assert code == 0 and not any(n.startswith("the exact solver") for n in json.loads(out)["notes"]), err


def test_view_lines_writing_one_view_differently_are_one_answer_and_one_stored_row(tmp_path):
    """The same view with its rules left out (the defaults), a comment, or a hand listed in another
    order is a repeat of the line (``same_as``) and read from the store on a rerun: a view line is
    keyed by the view as read (foolsolve.store.canonical_view), as a full position is."""
    from foolsolve.store import canonical_view
    from foolsolve.worlds import read_view

    view = json.loads((EXAMPLES / "views" / "durak-three-players.json").read_text())
    no_rules = {k: v for k, v in view.items() if k != "rules"}
    commented = {**view, "comment": "the same view"}
    reordered = {**view, "hands": [view["hands"][0], view["hands"][1][::-1], view["hands"][2]]}
    variants = [no_rules, {**view, "rules": {}}, commented, reordered]
    assert len({canonical_view(read_view(v)) for v in [view, *variants]}) == 1
    assert canonical_view(read_view(json.loads(canonical_view(read_view(view))))) == canonical_view(read_view(view))
    store = tmp_path / "s.sqlite3"
    options = ["--store", str(store), "--method", "pimc", "--samples", "3"]
    code, out, err = call_main(["batch", str(write_jsonl(tmp_path / "a.jsonl", [view, *variants])), *options])
    assert code == 0, err
    first = [json.loads(line) for line in out.splitlines()]
    assert [r.get("same_as") for r in first] == [None, 1, 1, 1, 1], first
    code, out, err = call_main(["batch", str(write_jsonl(tmp_path / "b.jsonl", variants[::-1])), *options])
    assert code == 0, err
    again = [json.loads(line) for line in out.splitlines()]
    assert [r["cached"] for r in again] == [True, True, True, True]
    assert all(r["seat"]["moves"] == first[0]["seat"]["moves"] for r in again)
