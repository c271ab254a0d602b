"""``foolsolve oracle``: JSON Lines requests answered one record a line, in order, by the single
commands' code (``moves``, ``play``, ``perft``, ``show --json``) for every registered game; bad
lines as error records; every record in ``foolsolve/schemas/oracle.schema.json``; driven over a
pipe a request at a time."""

from __future__ import annotations

import json
import os
import random
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from foolsolve import games
from foolsolve.cards import ascii_cards
from foolsolve.cli import load_position
from foolsolve.positions import load_schema
from tests.generic.batch_helpers import call_main

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
MIDBOUT = EXAMPLES / "durak-midbout.json"


def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(load_schema("oracle.schema.json"))


def oracle(lines: list[str | bytes], *args: str) -> tuple[int, list[dict[str, Any]], str]:
    """``foolsolve oracle -`` in this process with ``lines`` as standard input: exit code, the records
    (each checked against the schema), standard error."""
    data = b"".join((x if isinstance(x, bytes) else x.encode("utf-8")) + b"\n" for x in lines)
    code, out, err = call_main(["oracle", *args], stdin=data)
    records = [json.loads(line) for line in out.splitlines()]
    check = validator()
    for record in records:
        check.validate(record)
    return code, records, err


def request(op: str, position: Any, **fields: Any) -> str:
    return json.dumps({"op": op, "position": position, **fields}, ensure_ascii=False)


def dealt(name: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{name}.json"
    code, _, err = call_main(["deal", name, "--seed", "3", "--out", str(path)])
    assert code == 0, err
    return path


def cli_json(argv: list[str]) -> Any:
    code, out, err = call_main(argv)
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("name", games.names())
def test_every_request_answers_as_the_single_command(name, tmp_path):
    path = dealt(name, tmp_path)
    info, state = load_position(str(path))
    spec = info.spec
    first = spec.legal_moves(state)[0]
    second = spec.legal_moves(spec.apply(state, first))[0]
    played = [spec.move_text(first), spec.move_text(second)]
    obj = json.loads(path.read_text())
    code, records, err = oracle([
        request("moves", obj, id="a"),
        request("play", obj, moves=played),
        request("perft", obj, depth=1, divide=True),
        request("status", str(path)),
        request("normalize", obj),
    ])
    assert code == 0 and err.startswith("oracle: 5 requests: 5 answered, 0 errors"), err
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5]
    assert [r["op"] for r in records] == ["moves", "play", "perft", "status", "normalize"]
    moves, play, perft, result, normalize = records
    assert moves["id"] == "a" and all("id" not in r for r in records[1:])
    assert moves["moves"] == cli_json(["moves", str(path), "--json", "--ascii"])
    assert moves["moves"] == [ascii_cards(str(m)) for m in spec.legal_moves(state)]
    assert play["position"] == cli_json(["play", str(path), *played, "--json"])
    assert [(p["move"], p["player"]) for p in play["played"]] == [
        (spec.move_text(first, ascii=True), spec.to_move(state)),
        (spec.move_text(second, ascii=True), spec.to_move(spec.apply(state, first)))]
    assert perft["perft"] == cli_json(["perft", str(path), "--depth", "1", "--divide", "--json", "--ascii"])
    assert {k: v for k, v in result.items() if k not in ("line", "op")} == cli_json(["show", str(path), "--json",
                                                                                      "--ascii"])
    assert normalize["position"] == cli_json(["play", str(path), "--json"])


def test_play_reports_who_moved_and_where_a_bout_ends():
    obj = json.loads(MIDBOUT.read_text())
    code, [record], _ = oracle([request("play", obj, moves=["cover 8♦ with 9♦", "pass", "pass", "take"])])
    # players 0 and 2 pass: the bout ends and player 1 leads the next, so "take" is not legal
    assert code == 2 and record["illegal"] == 4 and "take" in record["error"]
    code, [record], _ = oracle([request("play", obj, moves=["cover 8♦ with 9♦", "pass", "pass"])])
    assert code == 0
    assert [(p["move"], p["player"], p["boundary"]) for p in record["played"]] == [
        ("cover 8D with 9D", 1, False), ("pass", 0, False), ("pass", 2, True)]


def test_play_reports_what_a_three_fools_round_decided_in_its_note():
    """A round's end carries its result (``note``, play's ``-- end of round: ... --``), in the schema."""
    obj = json.loads((EXAMPLES / "three-fools-first-round.json").read_text())
    code, [record], err = oracle([request("play", obj, moves=["keep", "lead 4S as R", "play 8R", "play 3S"])])
    assert code == 0, err
    assert [p["boundary"] for p in record["played"]] == [False, False, False, True]
    assert [("note" in p) for p in record["played"]] == [False, False, False, True]
    assert "player 1 wins the round" in record["played"][-1]["note"]


@pytest.mark.parametrize("argv", [None, ["--json"], ["--json", "--trace"], []])
def test_play_applies_each_move_once(argv, monkeypatch):
    """The oracle's ``play`` and the ``play`` command (text, --json, --json --trace) play the moves
    once: one ``apply`` a move."""
    info, _ = load_position(str(MIDBOUT))
    calls = []
    apply = type(info.spec).apply
    monkeypatch.setattr(type(info.spec), "apply", lambda self, s, m: calls.append(m) or apply(self, s, m))
    moves = ["cover 8D with 9D", "pass", "pass"]
    if argv is None:
        code, [record], _ = oracle([request("play", str(MIDBOUT), moves=moves)])
        assert record["played"][0]["move"] == "cover 8D with 9D"
    else:
        code, out, err = call_main(["play", str(MIDBOUT), *moves, *argv])
        assert out.strip(), err
    assert code == 0 and len(calls) == len(moves)


def test_an_illegal_move_is_plays_error_with_its_place():
    obj = json.loads(MIDBOUT.read_text())
    code, [record], _ = oracle([request("play", obj, moves=["cover 8D with 9D", "take"])])
    plays_code, _, plays_err = call_main(["play", str(MIDBOUT), "cover 8D with 9D", "take"])
    assert code == plays_code == 2
    assert record["illegal"] == 2 and record["op"] == "play"
    assert plays_err == f"foolsolve: error: {record['error']}\n"


def test_bad_lines_get_one_error_record_each_and_the_stream_goes_on(tmp_path):
    obj = json.loads(MIDBOUT.read_text())
    view = str(EXAMPLES / "views" / "durak-fresh-deal.json")
    lines: list[str | bytes] = [
        request("moves", obj),
        "",
        "   ",
        "{not json",
        "[1, 2]",
        "3",
        json.dumps({"position": obj}),
        json.dumps({"op": "solve", "position": obj}),
        request("moves", obj, depth=2),
        json.dumps({"op": "moves"}),
        request("moves", 7),
        request("moves", str(tmp_path / "missing.json")),
        request("moves", {**obj, "trump": "X"}),
        request("moves", view),
        request("play", obj, moves="take"),
        request("play", obj, moves=[1]),
        request("perft", obj),
        request("perft", obj, depth=-1),
        request("perft", obj, depth=0, divide=True),
        request("perft", obj, depth=1, impl="fast"),
        request("perft", obj, depth=1, time="soon"),
        request("perft", obj, depth=1, max_nodes=0),
        b"\xff\xfe",
        b'{"op": "moves", "position": "a\\ud800b"}',
        request("moves", obj),
    ]
    code, records, err = oracle(lines)
    assert code == 2 and "23 requests: 2 answered, 21 errors" in err, err
    assert [r["line"] for r in records] == [1, *range(4, len(lines) + 1)]  # blank lines: no record
    assert "error" not in records[0] and records[-1] == {**records[0], "line": len(lines)}
    errors = [r["error"] for r in records[1:-1]]
    expected = [
        "line 4: malformed JSON at line 1 column 2",
        'line 5: expected a request object ({"op": ..., "position": ...}), got a list',
        "line 6: expected a request object",
        "op: missing (one of moves, play, perft, status, normalize)",
        'op: unknown request "solve"',
        "depth: not a field of a moves request (its fields: op, position, id, detail, chance)",
        "position: missing",
        "position: expected a position object or a position file's path, got 7",
        "missing.json: cannot read",
        "trump",
        "a view of player 0 (hidden cards)",
        'moves: expected a list of move texts, got "take"',
        "moves[0]: expected a move's text",
        "depth: missing",
        "depth: expected at least 0, got -1",
        "divide: counts per first move need depth 1 or more",
        'impl: expected one of spec, engine, both, got "fast"',
        'time: expected a number of seconds, got "soon"',
        "max_nodes: expected at least 1, got 0",
        "line 23: not UTF-8 text (byte 0xff at column 1)",
        "line 24: a string holds a lone surrogate",
    ]
    assert len(errors) == len(expected)
    for got, want in zip(errors, expected, strict=True):
        assert want in got, (want, got)
        assert "\n" not in got and "Traceback" not in got


@pytest.mark.parametrize(("fields", "said"), [
    ({"depth": True}, "depth: expected a whole number, got true"),
    ({"depth": 1e300}, "depth: expected a whole number, got 1e300"),
    ({"depth": 1e-7}, "depth: expected a whole number, got 1e-7"),
    ({"depth": "x"}, 'depth: expected a whole number, got "x"'),
    ({"depth": 1, "time": True}, "time: expected a number of seconds, got true"),
    ({"depth": 1, "time": 1e300}, "time: 1e300 s is more than a year"),
    ({"depth": 1, "max_nodes": [1.5, None, False]}, "max_nodes: expected a whole number, got [1.5, null, false]"),
    ({"depth": 1, "impl": 2.5e-100}, "impl: expected one of spec, engine, both, got 2.5e-100"),
])
def test_errors_quote_a_requests_values_as_json_spells_them(fields, said):
    code, records, _ = oracle([request("perft", json.loads(MIDBOUT.read_text()), **fields)])
    assert code == 2 and records[0]["error"].startswith(said), records


def test_an_error_quotes_a_long_value_cut_on_one_line():
    code, records, _ = oracle([request("perft", json.loads(MIDBOUT.read_text()), depth="x" * 5000)])
    error = records[0]["error"]
    assert code == 2 and error.startswith('depth: expected a whole number, got "xxx') and error.endswith("...")
    assert len(error) < 120, error


def test_a_python_callers_value_is_quoted_as_python_spells_it():
    import foolsolve
    from foolsolve.errors import InputError

    with pytest.raises(InputError, match=r"^samples: expected a whole number, got True$"):
        foolsolve.answer(str(MIDBOUT), samples=True)


def test_the_same_errors_as_the_single_commands(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(MIDBOUT.read_text().replace('"trump": "H"', '"trump": "X"'))
    empty = tmp_path / "empty.json"
    empty.write_text("")
    for path in (bad, empty):
        code, [record], _ = oracle([request("moves", str(path))])
        single, _, single_err = call_main(["moves", str(path)])
        assert code == single == 2 and single_err == f"foolsolve: error: {record['error']}\n"


def test_a_huge_line_is_an_error_record_and_the_next_is_answered():
    obj = json.loads(MIDBOUT.read_text())
    huge = json.dumps({"op": "moves", "position": obj, "id": "x" * (1 << 20)})
    code, records, _ = oracle([huge, request("moves", obj)])
    assert code == 2
    assert records[0] == {"line": 1, "error": "line 1: longer than 1 MiB (the size limit of a line)"}
    assert records[1]["line"] == 2 and records[1]["moves"][0] == "cover 8D with 9D"


def test_a_perft_stopped_by_its_time_is_an_error_record(monkeypatch):
    from foolsolve import perft as pf

    monkeypatch.setattr(pf, "TICK_EVERY", 1)
    obj = json.loads((EXAMPLES / "fools-paradise-endgame.json").read_text())
    code, [record, after], _ = oracle([request("perft", obj, depth=40, impl="engine", time=1e-9),
                                       request("perft", obj, depth=1, impl="spec")])
    assert code == 2
    assert record["error"].startswith("time: the engine total at depth 40 did not finish within 1e-09 s"), record
    info, state = load_position(str(EXAMPLES / "fools-paradise-endgame.json"))
    assert after["perft"]["spec"]["total"] == len(info.spec.legal_moves(state))


def test_input_that_is_no_text_ends_the_stream_after_its_records():
    obj = json.loads(MIDBOUT.read_text())
    code, records, err = oracle([request("moves", obj), *[b"\xff\xfe"] * 64, request("moves", obj)])
    assert code == 2 and len(records) == 65 and "moves" in records[0] and "64 errors" in err, err
    assert records[-1]["line"] == 65 and records[-1]["error"].endswith("the rest of the input is not read")


def test_a_perft_stopped_by_max_nodes_is_perfts_error_and_a_large_enough_budget_counts_all(tmp_path):
    obj = json.loads(MIDBOUT.read_text())
    code, records, _ = oracle([request("perft", obj, depth=3, max_nodes=5, divide=True),
                               request("perft", obj, depth=3, max_nodes=5, impl="engine"),
                               request("perft", obj, depth=3, max_nodes=10**6)])
    assert code == 2
    single, _, err = call_main(["perft", str(MIDBOUT), "--depth", "3", "--max-nodes", "5", "--divide"])
    assert single == 2 and err == ("foolsolve: error: --max-nodes: the spec total at depth 3 did not finish within 5 "
                                   "nodes (positions whose moves it listed) (the per-move counts above are the 1 of 3 "
                                   "first moves it finished)\n")
    assert records[0]["error"] == err[len("foolsolve: error: --"):].rstrip("\n").replace("max-nodes", "max_nodes", 1)
    assert records[1]["error"].startswith("max_nodes: the engine total at depth 3 did not finish within 5 nodes")
    assert records[2]["perft"] == cli_json(["perft", str(MIDBOUT), "--depth", "3", "--json"])


def test_records_go_to_out_and_out_over_the_input_is_refused(tmp_path):
    requests = tmp_path / "in.jsonl"
    requests.write_text(request("moves", str(MIDBOUT)) + "\n")
    out = tmp_path / "out.jsonl"
    code, stdout, err = call_main(["oracle", str(requests), "--out", str(out)])
    assert code == 0 and stdout == "", err
    assert json.loads(out.read_text())["moves"][0] == "cover 8D with 9D"
    code, _, err = call_main(["oracle", str(requests), "--out", str(requests)])
    assert code == 2 and "is the input file" in err and requests.read_text().startswith("{")


def test_driven_over_a_pipe_one_request_at_a_time():
    """A program writes a request, reads its answer, and only then writes the next (each answer
    depends on the one before): the oracle answers each line as it comes, flushed."""
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", "oracle"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    position: Any = json.loads(MIDBOUT.read_text())

    def ask(line: bytes) -> dict[str, Any]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        # the answer comes while standard input stays open (one line in flight: nothing read ahead)
        assert select.select([proc.stdout], [], [], 60)[0], "no answer to a request within 60 s"
        record = json.loads(proc.stdout.readline())
        validator().validate(record)
        return record

    try:
        played = 0
        for turn in range(6):
            answer = ask(json.dumps({"op": "status", "position": position, "id": turn}).encode())
            assert answer["id"] == turn and answer["line"] == 2 * turn + 1
            if answer["over"]:
                break
            step = ask(json.dumps({"op": "play", "position": position, "moves": answer["moves"][-1:]}).encode())
            assert step["played"][0]["move"] == answer["moves"][-1]
            position = step["position"]
            played += 1
        assert played >= 2
        assert "error" in ask(b"\xff not text")
        assert ask(json.dumps({"op": "normalize", "position": position}).encode())["position"] == position
    finally:
        proc.stdin.close()
        code = proc.wait(timeout=60)
        err = proc.stderr.read().decode()
        proc.stdout.close()
        proc.stderr.close()
    assert code == 2 and err.startswith("oracle: ") and "1 error" in err, err


def test_ctrl_c_while_waiting_for_a_request_stops_with_130_after_the_answers_so_far():
    import signal

    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", "oracle"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write((request("moves", str(MIDBOUT)) + "\n").encode())
    proc.stdin.flush()
    assert select.select([proc.stdout], [], [], 60)[0], "no answer within 60 s"
    assert json.loads(proc.stdout.readline())["moves"][0] == "cover 8D with 9D"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == b""
    assert err.decode().strip() == "foolsolve: oracle interrupted; every answer so far is in standard output"


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400", "[1, NaN]", '{"a": Infinity}'])
def test_an_id_with_no_json_number_is_its_lines_error_and_the_stream_goes_on(value):
    first = request("moves", str(MIDBOUT))[:-1] + ', "id": ' + value + '}'
    code, records, err = oracle([first, request("moves", str(MIDBOUT), id=2)])
    assert code == 2 and "internal error" not in err
    assert records[0]["line"] == 1 and "id" not in records[0]
    assert records[0]["error"].startswith("id") and "no JSON number" in records[0]["error"]
    assert records[1]["id"] == 2 and records[1]["moves"]


def test_a_position_file_that_is_standard_input_is_refused_over_a_live_pipe(tmp_path):
    """/dev/stdin, /proc/self/fd/0 and a link to it name the request stream itself: each is its
    line's error at once (reading it would wait for the stream to end), and the next is answered."""
    link = tmp_path / "link.json"
    link.symlink_to("/dev/stdin")
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "foolsolve", "oracle"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    try:
        for name in ("/dev/stdin", "/proc/self/fd/0", str(link)):
            proc.stdin.write(request("moves", name).encode() + b"\n")
            proc.stdin.flush()
            # standard input stays open: a guard against a hang, not a time limit
            assert select.select([proc.stdout], [], [], 60)[0], f"no answer for {name} within 60 s"
            record = json.loads(proc.stdout.readline())
            assert record["error"] == (f"{name}: standard input, which a request cannot name as its position "
                                       "file (standard input holds the lines read)")
        proc.stdin.write(request("moves", str(MIDBOUT)).encode() + b"\n")
        proc.stdin.flush()
        assert select.select([proc.stdout], [], [], 60)[0]
        assert json.loads(proc.stdout.readline())["moves"]
    finally:
        proc.stdin.close()
        code = proc.wait(timeout=60)
        proc.stdout.close()
        proc.stderr.close()
    assert code == 2


@pytest.mark.parametrize("argv", [["oracle"], ["moves", "-"], ["show", "-"], ["perft", "-", "--depth", "1"],
                                  ["batch", "-", "--no-store"]])
def test_closed_standard_input_is_one_line_error(argv, monkeypatch, capsys):
    from foolsolve.cli import main

    monkeypatch.setattr(sys, "stdin", None)  # as Python sets it where fd 0 is closed (<&-)
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == "foolsolve: error: standard input: closed"


def test_a_null_op_and_an_empty_file_name_are_said_as_such():
    code, records, _ = oracle([json.dumps({"op": None, "position": {}}), request("moves", ""), request("moves", "  ")])
    assert code == 2
    assert [r["error"] for r in records] == ["op: null (one of moves, play, perft, status, normalize)",
                                             "position: empty file name",
                                             "position: empty file name (white space only)"]


JSON_VALUES: list[Any] = [None, True, False, 0, 1, -1, 2.5, 1e300, "", "x", [], [1], ["x"], {}, {"a": 1}]
"""A value of every JSON type (and a few of each), for every field of every request."""


def test_any_json_value_in_any_field_is_an_answer_or_an_error_record():
    from foolsolve.oracle import FIELDS, answer_line

    obj = json.loads(MIDBOUT.read_text())
    base: dict[str, dict[str, Any]] = {op: {"op": op, "position": obj} for op in FIELDS}
    base["play"]["moves"] = ["cover 8D with 9D"]
    base["perft"]["depth"] = 1
    check = validator()
    for op, request_ in base.items():
        for field in ("op", "position", "id", *FIELDS[op]):
            for value in JSON_VALUES:
                record = answer_line(1, json.dumps({**request_, field: value}))
                check.validate(record)
                if field == "op" or (field == "position" and not isinstance(value, str)):
                    assert "error" in record, (op, field, value)
                if "error" in record:
                    assert "\n" not in record["error"], (op, field, value)


def test_a_command_names_its_own_fields_over_the_command_lines_and_no_entry_point_changes_them():
    """``option_names(..., command=True)``: the oracle's names hold within the command line's, and
    an entry point called within keeps them, in this process and in a worker (``_Named``)."""
    from foolsolve.errors import command_line_names, option_name, option_names
    from foolsolve.executor import _Named
    from foolsolve.oracle import ORACLE_NAMES

    with command_line_names():
        with option_names(ORACLE_NAMES, command=True):
            assert option_name("--max-nodes") == "max_nodes" and option_name("--seed") == "--seed"
            with option_names({"--max-nodes": "Settings.max_nodes"}):
                assert option_name("--max-nodes") == "max_nodes"
            named = _Named.of(lambda option: option_name(option))
        assert option_name("--max-nodes") == "--max-nodes"
    assert named("--max-nodes") == "max_nodes"  # run where no names are set, as in a worker
    with option_names({"--max-nodes": "Settings.max_nodes"}):
        assert named("--max-nodes") == "max_nodes"


def test_a_perfts_max_nodes_is_capped_as_the_command_line_caps_it(monkeypatch):
    """A budget above MAX_NODES is MAX_NODES, as ``perft --max-nodes`` reads it."""
    from foolsolve.solver import base

    monkeypatch.setattr(base, "MAX_NODES", 5)
    obj = json.loads(MIDBOUT.read_text())
    code, [record], _ = oracle([request("perft", obj, depth=3, max_nodes=10**30)])
    assert code == 2 and record["error"].startswith("max_nodes: the spec total at depth 3 did not finish within 5 nodes")


@pytest.mark.parametrize("name", games.names())
def test_one_standard_form_and_its_complete_form_everywhere(name, tmp_path):
    """``play --json``, the oracle's ``normalize`` and ``play``, ``Position.to_json`` and
    ``foolsolve.reference.complete`` write one form (positions.standard_form); ``complete``
    writes every rule option, the default ones too."""
    import foolsolve
    from foolsolve.positions import standard_form
    from foolsolve.reference import complete
    from foolsolve.rules import options_of

    path = dealt(name, tmp_path)
    info, state = load_position(str(path))
    obj = json.loads(path.read_text())
    every = [o.name for o in options_of(info.spec.rules_cls)]
    code, records, _ = oracle([request("normalize", obj), request("normalize", obj, complete=True),
                               request("play", obj, moves=[]), request("play", obj, moves=[], complete=True),
                               request("normalize", obj, complete=1)])
    assert code == 2 and records[4]["error"] == "complete: expected true or false, got 1"
    short, full = standard_form(info.spec, state), standard_form(info.spec, state, complete=True)
    assert sorted(full["rules"]) == sorted(every) and {k: v for k, v in full.items() if k != "rules"} == \
        {k: v for k, v in short.items() if k != "rules"}
    position = foolsolve.load(path)
    assert records[0]["position"] == records[2]["position"] == cli_json(["play", str(path), "--json"]) \
        == position.to_json() == short
    assert records[1]["position"] == records[3]["position"] == cli_json(["play", str(path), "--json", "--complete"]) \
        == position.to_json(complete=True) == complete(obj) == full
    steps = cli_json(["play", str(path), spec_move(info, state), "--json", "--trace", "--complete"])["steps"]
    assert sorted(steps[0]["position"]["rules"]) == sorted(every)


def spec_move(info: Any, state: Any) -> str:
    return str(info.spec.move_text(info.spec.legal_moves(state)[0]))


def test_complete_is_refused_where_no_position_is_written():
    code, _, err = call_main(["play", str(MIDBOUT), "--complete"])
    assert code == 2 and err == "foolsolve: error: --complete: only with --json or --out (the position file written)\n"


def test_a_views_json_complete_writes_every_rule_option():
    import foolsolve
    from foolsolve.rules import options_of

    view = foolsolve.load(EXAMPLES / "views" / "durak-fresh-deal.json")
    every = sorted(o.name for o in options_of(view.spec.rules_cls))
    full = view.to_json(complete=True)
    assert sorted(full["rules"]) == every and {**full, "rules": None} == {**view.to_json(), "rules": None}


@pytest.mark.parametrize("op,name", [("play", "complete"), ("normalize", "complete"), ("perft", "divide"),
                                     ("moves", "detail")])
def test_each_true_or_false_field_refuses_anything_else_alike(op, name):
    """``complete``, ``divide`` and ``detail`` are read by one helper (oracle._flag): the same one-line error for
    a value that is not true or false, naming the field."""
    obj = json.loads(MIDBOUT.read_text())
    extra: dict[str, Any] = {"play": {"moves": []}, "normalize": {}, "perft": {"depth": 1}, "moves": {}}[op]
    for value, shown in ((1, "1"), ("yes", '"yes"'), (None, "null")):
        code, [record], _ = oracle([request(op, obj, **extra, **{name: value})])
        assert code == 2 and record["error"] == f"{name}: expected true or false, got {shown}", record


def documented_kinds() -> dict[str, dict[str, tuple[str, ...]]]:
    """Each game's move kinds and their fields by the game's title, as the table of docs/batches.md
    ("Move objects") lists them: ``{"Durak": {"cover": ("attack", "card"), ...}, ...}``."""
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "batches.md").read_text()
    table = doc[doc.index("| game | kinds (fields) |"):].split("\n\n")[0].splitlines()[2:]
    out = {}
    for row in table:
        _, title, kinds, _ = row.split("|")
        out[title.strip()] = {kind: tuple(re.findall(r"`(\w+)`", fields or ""))
                              for kind, fields in re.findall(r"`(\w+)`(?: \(([^)]*)\))?", kinds)}
    return out


TOY_KINDS = {"take": ("n",)}
"""The toy game's (tests/generic/toy_game.py): its one move class, Take(n)."""


@pytest.fixture
def toy_registered():
    from tests.generic import toy_game

    games.register(toy_game.INFO)
    yield toy_game.INFO
    games.unregister("toy")


def test_the_move_kinds_are_each_game_s_move_classes_and_documented():
    import dataclasses
    import typing

    documented = documented_kinds()
    assert sorted(documented) == sorted(games.get(n).title for n in games.names())
    for name in games.names():
        info = games.get(name)
        module = sys.modules[type(info.spec).__module__]
        classes = typing.get_args(module.Move)
        assert {c.__name__.lower(): tuple(f.name for f in dataclasses.fields(c) if f.compare)
                for c in classes} == {k.replace("_", ""): v for k, v in documented[info.title].items()}


@pytest.mark.parametrize("name", [*games.names(), "toy"])
def test_moves_in_detail_are_read_off_the_game_s_move_type(name, request):
    """``"detail": true``: each legal move an object, in the order and with the text of the plain
    answer; its kind and fields those of the game's move class, its cards those its text names."""
    import dataclasses

    from foolsolve import cards as card_module
    from foolsolve import conformance
    from foolsolve.positions import standard_form

    if name == "toy":
        request.getfixturevalue("toy_registered")
    every_card = {c.ascii for deck in vars(card_module).values() if isinstance(deck, card_module.Deck)
                  for c in deck}

    def as_json(value: Any) -> Any:
        if isinstance(value, card_module.Card):
            return value.ascii
        return [as_json(v) for v in value] if isinstance(value, tuple) else value

    info = games.get(name)
    spec = info.spec
    kinds = TOY_KINDS if name == "toy" else documented_kinds()[info.title]
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(f"detail:{seed}")
        state = conformance.conform_start(info, rng)
        states = []
        for _ in range(80):
            states.append(state)
            moves = spec.legal_moves(state)
            if not moves:
                break
            state = spec.apply(state, rng.choice(moves))
        picked = [*states[::7], states[-1]]
        lines = []
        for s in picked:
            obj = standard_form(spec, s, complete=True)
            lines += [request_line("moves", obj), request_line("moves", obj, detail=True)]
        code, records, err = oracle(lines)
        assert code == 0, err
        for s, plain, detail in zip(picked, records[::2], records[1::2]):
            assert [m["text"] for m in detail["moves"]] == plain["moves"]
            for obj, move in zip(detail["moves"], spec.legal_moves(s), strict=True):
                assert obj["kind"] in kinds and tuple(obj["fields"]) == kinds[obj["kind"]], obj
                assert obj["fields"] == {f.name: as_json(getattr(move, f.name))
                                         for f in dataclasses.fields(move) if f.compare}
                named = [t for t in obj["text"].replace(":", " ").split() if t in every_card]
                assert sorted(obj["cards"]) == sorted(named), obj
                seen.add(obj["kind"])
    assert len(seen) >= min(2, len(kinds)), (name, seen)


def request_line(op: str, position: Any, **fields: Any) -> str:
    return request(op, position, **fields)


def test_moves_with_chance_give_each_outcome_s_probability(tmp_path):
    """A moves request with "chance": true: at a chance node (a Three Fools deal's first leader) each
    outcome's exact probability, by its text, summing to 1; at a player's node null; in the schema."""
    from fractions import Fraction

    deal = json.loads(dealt("three-fools", tmp_path).read_text())
    code, [chance, plain, player], _ = oracle([request("moves", deal, chance=True), request("moves", deal),
                                               request("moves", json.loads(MIDBOUT.read_text()), chance=True)])
    assert code == 0
    assert chance["moves"] == plain["moves"] and "probabilities" not in plain
    assert list(chance["probabilities"]) == chance["moves"]
    assert sum(map(Fraction, chance["probabilities"].values())) == 1
    assert player["probabilities"] is None


def test_a_request_naming_the_file_that_is_standard_input_is_read_where_the_requests_come_from_a_file(tmp_path):
    # requests read from a file: /dev/null under '< /dev/null' is that (empty) file, not the requests' stream
    src = tmp_path / "in.jsonl"
    src.write_text('{"op": "moves", "position": "/dev/null"}\n')
    with open("/dev/null", "rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "foolsolve", "oracle", str(src)], stdin=stdin, capture_output=True,
                              text=True, timeout=120, env={**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"})
    assert done.returncode == 2
    assert [json.loads(x)["error"] for x in done.stdout.splitlines()] == ["/dev/null: empty: no JSON in it"]
