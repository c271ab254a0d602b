"""The command line under mutated positions (issue 34's contract, kept from coming back): every
example position of every game, mutated (a JSON value replaced, removed or added; a byte
flipped, inserted or cut), through every command that reads a position, in this process. Each
run ends with exit 0, or exit 2 and exactly one line on standard error: never a traceback, exit
1, a hang past its bounds (--max-nodes, --time, and an alarm as the last guard) or a file left
behind by a failed command. Small under the ``ci`` profile, large under ``long``
(``HYPOTHESIS_PROFILE=long``; ``FOOLSOLVE_FUZZ_REPORT=FILE`` writes the outcome counts)."""

from __future__ import annotations

import atexit
import json
import os
import signal
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.generic.batch_helpers import call_main

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "foolsolve" / "examples").glob("*.json"))
COMMANDS: list[list[str]] = [
    ["solve", "--no-store", "--max-nodes", "3000", "--time", "20"],
    ["show"], ["show", "--as", "1"], ["show", "--svg", "{out}"], ["moves"], ["moves", "--json"],
    ["play", "{pos}", "take"], ["why", "{pos}", "pass"], ["perft", "--depth", "1", "--time", "20"],
    ["report", "{pos}", "--out", "{out}", "--max-nodes", "3000", "--time", "20"],
    ["batch", "{lines}", "--no-store", "--max-nodes", "3000", "--time", "20", "--out", "{out}"],
]
ALARM = 120
"""Seconds after which a run counts as a hang (the runs' own bounds are far below it)."""

ODD_VALUES = [None, True, False, 0, -1, 1, 2, 3, 7, 10**30, -(10**30), 1.5, 1e308, "", "\ud800", "x\udcffy",
              "1e-999999999", "1/0", "AS", "JoR", "10H", "6S", "Fool", "up", "play", "over", [], {}, [None],
              ["AS", "AS"], {"a": 1}, "A" * 300]

outcomes: Counter[str] = Counter()


def _report() -> None:
    where = os.environ.get("FOOLSOLVE_FUZZ_REPORT")
    if where and outcomes:
        Path(where).write_text(json.dumps(dict(outcomes), indent=1, sort_keys=True))


atexit.register(_report)


def _paths(obj: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*at, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*at, i))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    """An example's name and a mutated text of it."""
    path = draw(st.sampled_from(EXAMPLES))
    text = path.read_text(encoding="utf-8")
    if draw(st.integers(0, 4)) == 0:  # bytes: flip, insert or cut
        data = bytearray(text.encode("utf-8"))
        for _ in range(draw(st.integers(1, 3))):
            if not data:
                break
            i = draw(st.integers(0, len(data) - 1))
            kind = draw(st.sampled_from(["flip", "insert", "cut"]))
            if kind == "flip":
                data[i] = draw(st.integers(0, 255))
            elif kind == "insert":
                data[i:i] = bytes([draw(st.integers(0, 255))])
            else:
                del data[i:]
        return path.name, bytes(data)
    obj = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.sampled_from(_paths(obj)))
        if not at:
            continue
        parent = obj
        for k in at[:-1]:
            parent = parent[k]
        key = at[-1]
        kind = draw(st.sampled_from(["replace", "replace", "delete", "duplicate", "add"]))
        if kind == "replace":
            parent[key] = draw(st.sampled_from(ODD_VALUES) | st.integers() | st.text(max_size=8))
        elif kind == "delete":
            del parent[key]
        elif kind == "duplicate" and isinstance(parent, list):
            parent.append(parent[key])
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "\ud800", "rules", "game"]))] = draw(st.sampled_from(ODD_VALUES))
    return path.name, json.dumps(obj, ensure_ascii=False, indent=1).encode("utf-8", "surrogatepass")


def _on_alarm(signum: int, frame: Any) -> None:
    raise AssertionError(f"a run took more than {ALARM} s (a hang)")


@given(case=mutated(), command=st.sampled_from(COMMANDS))
def test_a_mutated_position_is_answered_or_refused_in_one_line(tmp_path_factory, case, command):
    name, data = case
    tmp = tmp_path_factory.mktemp("fuzz")
    pos = tmp / "p.json"
    pos.write_bytes(data)
    (tmp / "lines.jsonl").write_bytes(json.dumps(str(pos)).encode() + b"\n")
    out = tmp / "out.x"
    fill = {"{pos}": str(pos), "{out}": str(out), "{lines}": str(tmp / "lines.jsonl")}
    argv = [fill.get(a, a) for a in command]
    if "{pos}" not in command and command[0] not in ("batch",):
        argv.insert(1, str(pos))
    before = set(tmp.iterdir())
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(ALARM)
    try:
        code, _, err = call_main(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    kind = "ok" if code == 0 else "refused" if code == 2 else f"exit {code}"
    outcomes[f"{command[0]}: {kind}"] += 1
    outcomes[f"all: {kind}"] += 1
    assert "Traceback" not in err and "internal error" not in err, (name, argv, err)
    assert code in (0, 2), (name, argv, code, err)
    if code == 2:
        assert len(err.strip().splitlines()) == 1, (name, argv, err)
    left = set(tmp.iterdir()) - before
    assert not [p for p in left if p.name.endswith(".tmp")], left
    if code == 2 and command[0] != "batch":
        assert not left, (name, argv, left)
