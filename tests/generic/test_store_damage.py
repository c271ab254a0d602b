"""The result store facing damage and misuse (foolsolve/store.py): rows whose game is no text,
a ``--store`` that is no regular file, rows edited to a result that is not the position's, and a
store locked by another process -- each a warning or a one-line error, never a crash or a wait."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.generic.batch_helpers import foolsolve

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
ENDGAME = str(EXAMPLES / "durak-endgame.json")
PREFIX = "foolsolve: error: "


def _one_line_error(proc: object, *words: str) -> str:
    code, err = proc.returncode, proc.stderr  # type: ignore[attr-defined]
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(PREFIX), err
    assert "Traceback" not in err and "internal error" not in err
    for w in words:
        assert w in lines[0], lines[0]
    return str(lines[0])


def _stored(tmp_path: Path) -> Path:
    db = tmp_path / "real.sqlite3"
    proc = foolsolve(ENDGAME, "--store", str(db))
    assert proc.returncode == 0, proc.stderr
    return db


def _sql(db: Path, sql: str) -> None:
    con = sqlite3.connect(db)
    with con:
        con.execute(sql)
    con.close()


@pytest.mark.parametrize(("game", "damaged"), [("x'ff'", 1), ("CAST(x'ff' AS TEXT)", 1), ("42", 0)],
                         ids=["blob", "not-utf8", "integer"])
def test_store_stats_and_clear_stale_count_a_row_whose_game_is_no_text(tmp_path: Path, game: str,
                                                                       damaged: int) -> None:
    """``update results set game=x'ff'`` made ``store stats`` and ``store clear --stale`` exit 1
    (internal error: TypeError). An integer is kept as text by the column (``"42"``): an unknown
    game, listed as stale."""
    db = _stored(tmp_path)
    _sql(db, f"UPDATE results SET game = {game}")
    stats = foolsolve("store", "stats", "--store", str(db))
    assert stats.returncode == 0, stats.stderr
    assert ("1 damaged result" in stats.stdout) == bool(damaged), stats.stdout
    as_json = foolsolve("store", "stats", "--store", str(db), "--json")
    assert as_json.returncode == 0, as_json.stderr
    info = json.loads(as_json.stdout)
    assert (info["results"], info["damaged"], len(info["by_game"])) == (1, damaged, 1 - damaged)
    cleared = foolsolve("store", "clear", "--stale", "--store", str(db))
    assert cleared.returncode == 0, cleared.stderr
    assert "1 result deleted" in cleared.stdout and ("1 damaged result" in cleared.stdout) == bool(damaged)
    assert json.loads(foolsolve("store", "stats", "--store", str(db), "--json").stdout)["results"] == 0
    exported = foolsolve("store", "export", "--store", str(db))
    assert exported.returncode == 0 and exported.stdout == "", exported.stderr


def test_store_clear_stale_keeps_current_rows_beside_damaged_ones(tmp_path: Path) -> None:
    db = _stored(tmp_path)
    proc = foolsolve(str(EXAMPLES / "fools-paradise-endgame.json"), "--store", str(db), "-o", "pv=false")
    assert proc.returncode == 0, proc.stderr
    _sql(db, "UPDATE results SET game = x'ff' WHERE game = 'durak'")
    cleared = foolsolve("store", "clear", "--stale", "--store", str(db))
    assert cleared.returncode == 0, cleared.stderr
    info = json.loads(foolsolve("store", "stats", "--store", str(db), "--json").stdout)
    assert (info["results"], info["damaged"], [r["game"] for r in info["by_game"]]) == (1, 0, ["fools-paradise"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_store_on_a_fifo_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = foolsolve(ENDGAME, "--store", str(fifo), timeout=60)
    _one_line_error(proc, "--store:", str(fifo), "is a FIFO, not a regular file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_store_on_a_link_to_a_device_is_refused_and_the_device_gets_no_journal(tmp_path: Path) -> None:
    """``--store mynull`` (a character device) was "cannot open the result store (disk I/O error)"
    and left ``mynull-journal``."""
    (tmp_path / "mynull").symlink_to(os.devnull)
    journal = Path(f"{os.devnull}-journal")
    before = journal.stat().st_mtime_ns if journal.exists() else None
    proc = foolsolve(ENDGAME, "--store", str(tmp_path / "mynull"))
    _one_line_error(proc, "--store:", "mynull is a device, not a regular file: give a store file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mynull"]
    assert (journal.stat().st_mtime_ns if journal.exists() else None) == before
    for command in (["store", "stats"], ["store", "export"], ["batch", ENDGAME]):
        _one_line_error(foolsolve(*command, "--store", str(tmp_path / "mynull")), "is a device, not a regular file")


def test_store_naming_a_folder_is_a_one_line_error_naming_the_option(tmp_path: Path) -> None:
    """``--store FOLDER`` got click's own message ("Invalid value for '--store': File ... is a
    directory. (see ...)"), unlike every other path the store refuses."""
    proc = foolsolve(ENDGAME, "--store", str(tmp_path))
    _one_line_error(proc, "--store:", f"{tmp_path} is a folder, not a regular file: give a store file")
    assert "Invalid value" not in proc.stderr
    assert list(tmp_path.iterdir()) == []


def test_store_env_var_on_a_device_is_refused_naming_the_variable(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mynull").symlink_to(os.devnull)
    monkeypatch.setenv("FOOLSOLVE_STORE", str(tmp_path / "mynull"))
    _one_line_error(foolsolve(ENDGAME), "FOOLSOLVE_STORE:", "is a device, not a regular file")


def _edit_result(db: Path, edit: object) -> None:
    con = sqlite3.connect(db)
    with con:
        key, text = con.execute("SELECT key, result FROM results").fetchone()
        obj = json.loads(text)
        edit(obj)  # type: ignore[operator]
        con.execute("UPDATE results SET result = ? WHERE key = ?", (json.dumps(obj), key))
    con.close()


def _finding_edit(obj: dict[str, object]) -> None:
    obj["value"] = "win"
    obj["best"] = ["attack 7H"]
    obj["moves"][0]["value"] = "win"  # type: ignore[index]


def test_an_edited_stored_result_is_solved_again_not_printed(tmp_path: Path) -> None:
    """A durak row edited to value 'win', best ['attack 7H'] (no card of the hand) and its first
    move 'win' was printed as the answer: it is a miss now, solved again and the row replaced."""
    db = _stored(tmp_path)
    fresh = json.loads(foolsolve(ENDGAME, "--store", str(db), "--json").stdout)
    assert fresh["stored"] and fresh["value"] == "loss"
    _edit_result(db, _finding_edit)
    proc = foolsolve(ENDGAME, "--store", str(db), "--json")
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert not got["stored"] and got["value"] == "loss" and "attack 7H" not in got["best"]
    assert "does not read back as a result" in proc.stderr and "solving it again" in proc.stderr
    again = json.loads(foolsolve(ENDGAME, "--store", str(db), "--json").stdout)  # the row was replaced
    assert again["stored"] and again["value"] == "loss" and again["best"] == fresh["best"]


def test_an_edited_stored_result_is_solved_again_in_a_batch(tmp_path: Path) -> None:
    db = _stored(tmp_path)
    _edit_result(db, _finding_edit)
    (tmp_path / "list.txt").write_text(ENDGAME + "\n")
    proc = foolsolve("batch", str(tmp_path / "list.txt"), "--store", str(db))
    assert proc.returncode == 0, proc.stderr
    (record,) = [json.loads(line) for line in proc.stdout.splitlines()]
    assert record["cached"] is False and record["result"]["value"] == "loss"
    assert "does not read back as a result" in proc.stderr


def _move_renamed(obj: dict[str, object]) -> None:
    obj["moves"][0]["move"] = "attack 7♣"  # type: ignore[index]


def _best_worse(obj: dict[str, object]) -> None:
    moves = obj["moves"]
    moves[0]["value"] = "win"  # type: ignore[index]
    obj["best"] = [moves[0]["move"]]  # type: ignore[index]


def _value_of_another_kind(obj: dict[str, object]) -> None:
    obj["value"] = 7


def _move_missing(obj: dict[str, object]) -> None:
    obj["moves"] = obj["moves"][:-1]  # type: ignore[index]
    obj["best"] = []


@pytest.mark.parametrize("edit", [_move_renamed, _best_worse, _value_of_another_kind, _move_missing])
def test_answer_check_refuses_a_result_that_is_not_the_positions(edit: object) -> None:
    from foolsolve import games
    from foolsolve.positions import read_json
    from foolsolve.solver.base import SolveOptions
    from foolsolve.store import answer_check

    info = games.get("durak")
    state = info.spec.state_from_json(read_json(ENDGAME))
    assert info.solve is not None
    obj = info.solve(state, SolveOptions()).to_json()
    fits = answer_check(info, state)
    assert fits(obj) is None
    edit(obj)  # type: ignore[operator]
    assert isinstance(fits(obj), str)


def _longer_resistance(obj: dict[str, object]) -> None:
    """A move not named best made to resist longer than the best moves of a lost position."""
    moves = obj["moves"]
    other = next(m for m in moves if m["move"] not in obj["best"])  # type: ignore[index, union-attr, operator]
    other["distance"] = obj["distance"] + 2  # type: ignore[index, operator]


def _position_distance(obj: dict[str, object]) -> None:
    obj["distance"] = obj["distance"] + 1  # type: ignore[operator]


def _line_cut(obj: dict[str, object]) -> None:
    obj["pv"] = obj["pv"][:-2]  # type: ignore[index]


def _distance_dropped(obj: dict[str, object]) -> None:
    del obj["moves"][-1]["distance"]  # type: ignore[index]


def _distance_not_a_count(obj: dict[str, object]) -> None:
    obj["moves"][0]["distance"] = True  # type: ignore[index]


@pytest.mark.parametrize("edit", [_longer_resistance, _position_distance, _line_cut, _distance_dropped,
                                  _distance_not_a_count])
def test_answer_check_reads_distances_too(edit: object) -> None:
    """A row edited in its distances alone (the values untouched) was served as the answer."""
    from foolsolve import games
    from foolsolve.distance import add_distances
    from foolsolve.positions import read_json
    from foolsolve.solver.base import SolveOptions
    from foolsolve.store import answer_check

    info = games.get("durak")
    state = info.spec.state_from_json(read_json(ENDGAME))
    assert info.solve is not None
    obj = add_distances(info, state, info.solve(state, SolveOptions())).to_json()
    assert obj["value"] == "loss" and obj["distance"] == len(obj["pv"]) and len(obj["best"]) < len(obj["moves"])
    fits = answer_check(info, state)
    assert fits(obj) is None
    edit(obj)  # type: ignore[operator]
    assert isinstance(fits(obj), str)


@pytest.fixture
def quick(tmp_path: Path) -> tuple[str, object]:
    """A 4v4 Durak endgame's file and its value, solved here by the game's solver: its exact answer
    takes milliseconds however loaded the machine is, so an answer within --time is exact."""
    from foolsolve import games
    from foolsolve.solver.base import SolveOptions
    from tests.generic.batch_helpers import positions

    (obj,) = positions(1, 4, "locked-store")
    path = tmp_path / "quick.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    info = games.get("durak")
    assert info.solve is not None
    return str(path), info.solve(info.spec.state_from_json(obj), SolveOptions(extra={"jit": False})).value


@pytest.fixture
def locked_store(tmp_path: Path) -> Iterator[Path]:
    """A store file another process holds with ``BEGIN EXCLUSIVE`` (a fresh file: rollback journal,
    so nobody can even read it) for the test's length."""
    import subprocess
    import sys

    db = tmp_path / "lock.sqlite3"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time\n"
         f"d = sqlite3.connect({str(db)!r}, isolation_level=None)\nd.execute('BEGIN EXCLUSIVE')\n"
         "print('locked', flush=True)\ntime.sleep(300)"], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    yield db
    holder.kill()
    holder.wait()


def test_a_locked_store_is_answered_without_within_time(locked_store: Path, quick: tuple[str, object]) -> None:
    """With another process holding the store locked, a solve with --time 5 waited 60 s and then
    failed with no answer: it answers now, its note saying the store was not used, exit 0."""
    import time

    t0 = time.monotonic()
    proc = foolsolve(quick[0], "--store", str(locked_store), "--time", "5", "-o", "jit=false", "--json", timeout=40)
    assert proc.returncode == 0, proc.stderr
    assert time.monotonic() - t0 < 20
    got = json.loads(proc.stdout)
    assert got["value"] == quick[1] and any("the result store was locked" in n for n in got["notes"])
    assert proc.stderr.count("the result store was locked") == 1 and "error" not in proc.stderr


def test_a_locked_store_lets_a_batch_answer_without_it(locked_store: Path, tmp_path: Path,
                                                       quick: tuple[str, object]) -> None:
    (tmp_path / "list.txt").write_text(quick[0] + "\n")
    proc = foolsolve("batch", str(tmp_path / "list.txt"), "--store", str(locked_store), "--time", "5", "-o", "jit=false",
                     timeout=40)
    assert proc.returncode == 0, proc.stderr
    (record,) = [json.loads(line) for line in proc.stdout.splitlines()]
    assert record["result"]["value"] == quick[1] and not record["cached"]
    assert "the result store was locked" in proc.stderr
    # the record says so too, as a single solve's answer does (it was on standard error only)
    assert any("the result store was locked" in n for n in record["result"]["notes"])


def test_a_locked_store_is_one_line_for_a_store_command(locked_store: Path) -> None:
    proc = foolsolve("store", "stats", "--store", str(locked_store), timeout=40)
    _one_line_error(proc, "database is locked")


def test_a_write_to_a_locked_store_waits_no_longer_than_the_time(tmp_path: Path, quick: tuple[str, object]) -> None:
    """A store that reads (write-ahead log) but whose writer lock another process holds: the answer
    is not stored, and the wait for the lock ends by --time."""
    import subprocess
    import sys
    import time

    db = _stored(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time\n"
         f"d = sqlite3.connect({str(db)!r}, isolation_level=None)\nd.execute('BEGIN EXCLUSIVE')\n"
         "print('locked', flush=True)\ntime.sleep(300)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        t0 = time.monotonic()
        proc = foolsolve(quick[0], "--store", str(db), "--time", "2", "-o", "jit=false", "--json", timeout=40)
        took = time.monotonic() - t0
        stored = json.loads(foolsolve(ENDGAME, "--store", str(db), "--json").stdout)  # reads still work
    finally:
        holder.kill()
        holder.wait()
    assert proc.returncode == 0, proc.stderr
    assert any("the result store was locked" in n for n in json.loads(proc.stdout)["notes"])
    assert took < 15
    assert stored["stored"]


def _strict(text: str) -> object:
    """``text`` parsed as strict JSON (RFC 8259): NaN, Infinity and -Infinity are errors."""
    def refuse(name: str) -> object:
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=refuse)


def _edit_text(db: Path, old: str, new: str) -> None:
    con = sqlite3.connect(db)
    with con:
        key, text = con.execute("SELECT key, result FROM results").fetchone()
        edited = re.sub(old, new, text, count=1)
        assert edited != text
        con.execute("UPDATE results SET result = ? WHERE key = ?", (edited, key))
    con.close()


@pytest.mark.parametrize(("old", "new"), [(r'"seconds":[0-9.e-]+', '"seconds":NaN'),
                                          (r'"nodes":[0-9]+', '"nodes":1e999'),
                                          (r'"nodes":[0-9]+', '"nodes":-Infinity')],
                         ids=["nan", "huge", "infinity"])
def test_a_stored_result_with_a_non_finite_number_is_solved_again_and_left_out_of_export(
        tmp_path: Path, old: str, new: str) -> None:
    """A row whose result held NaN (or 1e999, read as infinity) passed the row check: the solve printed
    'solved first in inf nodes, nan s', --json and store export printed NaN and Infinity (no JSON).
    It is a row that does not read back now: solved again and replaced, left out of the export."""
    db = _stored(tmp_path)
    _edit_text(db, old, new)
    proc = foolsolve("store", "export", "--store", str(db))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "" and "1 stored result left out" in proc.stderr
    proc = foolsolve(ENDGAME, "--store", str(db), "--json")
    assert proc.returncode == 0, proc.stderr
    got = _strict(proc.stdout)
    assert not got["stored"] and got["value"] == "loss"  # type: ignore[index]
    assert "does not read back as a result" in proc.stderr
    proc = foolsolve("store", "export", "--store", str(db))  # the row was replaced
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert len([_strict(line) for line in proc.stdout.splitlines()]) == 1


@pytest.mark.parametrize("created", ["1e308 * 10", "-1e308 * 10", "'yesterday'"])
def test_an_export_leaves_out_a_row_whose_creation_time_is_no_finite_number(tmp_path: Path, created: str) -> None:
    db = _stored(tmp_path)
    _sql(db, f"UPDATE results SET created = {created}")
    proc = foolsolve("store", "export", "--store", str(db))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "" and "1 stored result left out" in proc.stderr


def test_json_output_never_holds_a_non_finite_number() -> None:
    """Every JSON the project prints or writes goes through one strict writer: a NaN or an infinity
    that reached it (a bug: input is checked where it is read) is caught, naming its place, never
    written as text that is no JSON."""
    from foolsolve import jsonout

    assert jsonout.dumps({"a": [1.5, "x"]}) == '{"a": [1.5, "x"]}'
    for bad, place in (({"a": [1, float("nan")]}, "a[1]"), ([{"b": float("inf")}], "[0].b")):
        with pytest.raises(jsonout.NotFiniteError, match=f"at {re.escape(place)} in JSON output"):
            jsonout.dumps(bad)


def test_one_walk_finds_a_non_finite_number_for_input_and_for_output() -> None:
    """Input checks (positions.check_finite) and the JSON writer find a NaN with one walk
    (jsonout.non_finite_at): input at any depth and not in a tuple (no JSON value), the writer in a
    tuple (written as a list) and to its depth limit, past which json.dumps' own error stands."""
    from foolsolve import jsonout
    from foolsolve.errors import InputError
    from foolsolve.positions import check_finite

    nan = float("nan")
    assert jsonout.non_finite_at({"a": [1.0, {"b": nan}], "c": nan}) == (((True, "a"), (False, 1), (True, "b")), nan)
    assert jsonout.non_finite_at((nan,)) is None and jsonout.non_finite_at((nan,), tuples=True) == (((False, 0),), nan)
    check_finite({"a": (nan,)}, "result")
    with pytest.raises(jsonout.NotFiniteError, match=r"at a\[0\] in JSON output"):
        jsonout.dumps({"a": (nan,)})
    deep: object = [nan]
    for _ in range(jsonout.NON_FINITE_DEPTH + 1):
        deep = {"k": deep}
    with pytest.raises(InputError, match=r"^k(\.k)*\[0\]: NaN is not a finite number$"):
        check_finite(deep, "result")
    with pytest.raises(ValueError, match="not JSON compliant") as caught:
        jsonout.dumps(deep)
    assert not isinstance(caught.value, jsonout.NotFiniteError)
    with pytest.raises(jsonout.NotFiniteError, match=r"at k(\.k)*\[0\] in JSON output"):
        jsonout.dumps(deep["k"])
