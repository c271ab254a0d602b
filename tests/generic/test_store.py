"""The result store (foolsolve/store.py): keys, complete solves only, several writing processes
at once, ``foolsolve store stats|export|clear``, and solves and ambiguity sweeps reading it."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
from pathlib import Path

import pytest

from foolsolve import games, store
from foolsolve.solver.base import SearchLimit, SolveOptions
from foolsolve.store import Store, cached_solve, solve_with_store
from tests.generic.batch_helpers import CountingSolves, foolsolve, positions

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"


def _durak(i: int = 0, k: int = 5) -> tuple[games.GameInfo, object]:
    info = games.get("durak")
    return info, info.spec.state_from_json(positions(i + 1, k)[i])


def test_default_store_is_the_env_var_in_tests() -> None:
    # the autouse fixture of conftest.py: no test writes to the user's cache folder
    assert store.default_path() == Path(os.environ["FOOLSOLVE_STORE"])
    assert "pytest" in str(store.default_path()) or "tmp" in str(store.default_path())


def test_default_path_is_in_the_user_cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs

    monkeypatch.delenv("FOOLSOLVE_STORE")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert store.default_path() == Path(platformdirs.user_cache_dir("foolsolve")) / "results.sqlite3"
    assert str(store.default_path()).startswith(str(tmp_path))


def test_a_second_solve_reads_the_store_and_equals_a_fresh_solve(tmp_path: Path) -> None:
    info, state = _durak()
    with Store(tmp_path / "s.sqlite3") as db:
        first, cached1 = solve_with_store(info, state, SolveOptions(), db)
        second, cached2 = solve_with_store(info, state, SolveOptions(), db)
        assert (cached1, cached2) == (False, True)
        timing = ("stored", "nodes", "seconds", "first_solve")
        assert {k: v for k, v in second.to_json().items() if k not in timing} == {
            k: v for k, v in first.to_json().items() if k not in timing}
        assert second.stored and second.nodes == 0 and second.first_solve == {"nodes": first.nodes,
                                                                               "seconds": round(first.seconds, 6)}
        assert info.solve is not None
        assert second.to_json()["moves"] == info.solve(state, SolveOptions()).to_json()["moves"]
        # options are part of the key: value-only is another entry
        third, cached3 = solve_with_store(info, state, SolveOptions(extra={"moves": False}), db)
        assert not cached3 and third.value_only and third.value == first.value
        assert db.stats()["results"] == 2


def test_the_key_is_the_canonical_position_rules_and_solver_version(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    info, state = _durak()
    obj = positions(1, 5)[0]
    # the same position written differently (key order, default rules spelt out) is one entry
    reordered = dict(reversed(list(obj.items())))
    reordered["rules"] = info.spec.state_to_json(state)["rules"]
    other = info.spec.state_from_json(reordered)
    k1 = store.position_key(info, state, SolveOptions())
    k2 = store.position_key(info, other, SolveOptions())
    assert k1 is not None and k1 == k2
    # other rules: another key
    changed = info.spec.state_from_json(dict(obj, rules={"variant": "podkidnoy", "throwers": "neighbours"}))
    assert store.position_key(info, changed, SolveOptions()) != k1
    # other solver options: another key
    assert store.position_key(info, state, SolveOptions(extra={"pv": False})) != k1
    # a new solver version: the old result is not read
    with Store(tmp_path / "s.sqlite3") as db:
        cached_solve(info, state, None, db)
        assert solve_with_store(info, state, None, db)[1]
        real = store.solver_version
        monkeypatch.setattr(store, "solver_version", lambda g: "test-next" if g == "durak" else real(g))
        assert not solve_with_store(info, state, None, db)[1]
        stats = db.stats()
        assert [(r["solver_version"], r["current"]) for r in stats["by_game"]] == [
            (info.solver_version, False), ("test-next", True)]
        assert db.clear(stale_only=True) == 1
        assert db.stats()["results"] == 1


def test_a_node_limit_failure_is_not_stored(tmp_path: Path) -> None:
    info = games.get("durak")
    state = info.spec.state_from_json(positions(1, 7)[0])
    with Store(tmp_path / "s.sqlite3") as db:
        with pytest.raises(SearchLimit):
            solve_with_store(info, state, SolveOptions(max_nodes=5, extra={"jit": False}), db)
        assert db.stats()["results"] == 0
        solve_with_store(info, state, SolveOptions(extra={"jit": False}), db)
        # a stored answer is exact whatever node budget asks for it
        assert solve_with_store(info, state, SolveOptions(max_nodes=5, extra={"jit": False}), db)[1]


def _writer(args: tuple[str, int]) -> int:
    path, who = args
    fresh = 0
    with Store(path) as db:
        for i in range(150):
            key = f"k{(i * 7 + who * 50) % 300}"  # the writers overlap on half their keys
            fresh += db.put(key, "durak", json.dumps({"i": i}), "{}", {"game": "durak", "to_move": 0, "value": "win",
                                                                        "moves": [], "pv": [], "nodes": i,
                                                                        "seconds": 0.0, "notes": [f"writer {who}"]})
    return fresh


def test_several_processes_write_at_once_without_loss_or_duplicates(tmp_path: Path) -> None:
    path = str(tmp_path / "s.sqlite3")
    Store(path).close()
    with multiprocessing.get_context("spawn").Pool(3) as pool:
        fresh = pool.map(_writer, [(path, w) for w in range(3)])
    keys = {f"k{(i * 7 + w * 50) % 300}" for w in range(3) for i in range(150)}
    with Store(path) as db:
        assert db.check() == "ok"
        assert db.stats()["results"] == len(keys) == sum(fresh)
        assert sorted(r["key"] for r in db.export()) == sorted(keys)


def test_store_commands(tmp_path: Path) -> None:
    path = str(tmp_path / "s.sqlite3")
    pos = str(EXAMPLES / "durak-endgame.json")
    first = foolsolve("solve", pos, "--store", path)
    again = foolsolve(pos, "--store", path)
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    assert "result store" not in first.stdout
    # the same report, and a stored answer's last line gives the reading's own time, not the first solve's
    assert first.stdout.splitlines()[:-1] == again.stdout.splitlines()[:-1]
    nodes = first.stdout.splitlines()[-1].split()[0]
    assert again.stdout.splitlines()[-1].startswith("read from the result store in ")
    assert f"(solved first in {nodes} nodes" in again.stdout.splitlines()[-1]
    stored = json.loads(foolsolve(pos, "--store", path, "--json").stdout)
    fresh = json.loads(foolsolve(pos, "--no-store", "--json").stdout)
    assert stored["stored"] is True and fresh["stored"] is False and stored["nodes"] == 0
    assert stored["first_solve"]["nodes"] == fresh["nodes"] and "first_solve" not in fresh
    # --no-store neither reads nor writes
    off = foolsolve(pos, "--no-store")
    assert off.returncode == 0 and "result store" not in off.stdout
    stats = foolsolve("store", "stats", "--store", path, "--json")
    assert json.loads(stats.stdout)["results"] == 1
    assert "durak" in foolsolve("store", "stats", "--store", path).stdout
    export = foolsolve("store", "export", "--store", path)
    rows = [json.loads(line) for line in export.stdout.splitlines()]
    assert len(rows) == 1 and rows[0]["game"] == "durak" and rows[0]["solver_version"] == games.get("durak").solver_version
    assert rows[0]["result"]["value"] == "loss"
    assert foolsolve("store", "export", "--store", path, "--game", "fools-paradise").stdout == ""
    cleared = foolsolve("store", "clear", "--store", path)
    assert cleared.returncode == 0 and "1 result deleted" in cleared.stdout
    assert json.loads(foolsolve("store", "stats", "--store", path, "--json").stdout)["results"] == 0
    # the default store is $FOOLSOLVE_STORE (the test's own)
    foolsolve(pos)
    assert json.loads(foolsolve("store", "stats", "--json").stdout)["path"] == os.environ["FOOLSOLVE_STORE"]
    (tmp_path / "a-file").write_text("")
    bad = foolsolve("store", "stats", "--store", str(tmp_path / "a-file" / "s.sqlite3"))
    assert bad.returncode == 2 and bad.stderr.startswith("foolsolve: error: --store") and len(bad.stderr.splitlines()) == 1


def test_ambiguity_sweeps_read_the_store(tmp_path: Path) -> None:
    from foolsolve.ambiguities import adapter_for, choices_of, compare_position, option_info

    info = games.get("durak")
    assert info.solve is not None
    counting = CountingSolves(info)
    adapter = adapter_for(info)
    adapter.info = counting  # type: ignore[assignment]
    obj = json.loads((EXAMPLES / "durak-endgame.json").read_text())
    choices = choices_of(option_info(info, "throwers"))
    with Store(tmp_path / "s.sqlite3") as db:
        adapter.store = db
        first = compare_position(adapter, obj, "throwers", choices)
        solved = counting.calls
        second = compare_position(adapter, obj, "throwers", choices)
        assert solved == len(choices) and counting.calls == solved  # the second sweep solved nothing
        assert first.to_json() == second.to_json()
        assert db.stats()["results"] == len(choices)


def _damaged_store(path: Path) -> None:
    """A store file whose header and schema page are sound and whose other pages are garbage
    (what a disk error or a torn copy leaves): SQLite opens it and fails at the first read."""
    with Store(path) as db:
        for i in range(40):
            db.put(f"k{i}", "durak", "{}", "{}", {"value": "win", "pad": "x" * 400})
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    assert len(data) > 2 * page
    data[page:] = bytes(range(256)) * (len(data[page:]) // 256) + bytes(len(data[page:]) % 256)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("argv", [["store", "stats"], ["store", "export", "--out", "OUT"], ["store", "clear"],
                                  ["store", "clear", "--stale"]])
def test_a_damaged_store_is_a_one_line_error_and_leaves_no_output_file(tmp_path: Path, argv: list[str]) -> None:
    """A store whose pages are damaged opened fine and then failed as 'internal error:
    DatabaseError: database disk image is malformed', exit 1 (and export left an empty --out). The
    store commands need the store: one line, exit 2 (a solve goes on without it:
    tests/generic/test_crash_consistency.py)."""
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "s.sqlite3"
    _damaged_store(path)
    out = tmp_path / "out.jsonl"
    code, _, err = call_main([str(out) if a == "OUT" else a for a in argv] + ["--store", str(path)])
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"foolsolve: error: --store {path}: the result store is damaged"), err
    assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def _rewrite_results(path: Path, text: str) -> None:
    """Every stored row's result made ``text`` (a hand edit, a torn write)."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("UPDATE results SET result = ?", (text,))
        db.commit()


UNREADABLE = ["{bad", "[]", "{}", '{"game": "durak", "to_move": 0, "value": "win"}',
              '{"game": "fools-and-angels", "to_move": 0}', '{"game": "fools-and-angels", "to_move": 0, "value": "win", '
              '"moves": [7]}', '{"game": "fools-and-angels", "to_move": "0", "value": "win"}']
"""Stored results that do not read back as one: malformed JSON, no object, no game, another game's,
no value, a move that is no object, a player that is no number."""


@pytest.mark.parametrize("text", UNREADABLE)
def test_a_stored_row_that_does_not_read_back_is_solved_again_and_replaced(tmp_path: Path, text: str) -> None:
    """The store is a cache: a row whose result did not read back was 'internal error:
    JSONDecodeError' (or AttributeError: 'list' object has no attribute 'get', KeyError: 'game'),
    exit 1; it is now a miss, said in one warning line, and the row is replaced by the new solve."""
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "s.sqlite3"
    pos = str(EXAMPLES / "fools-and-angels-endgame.json")
    code, out, err = call_main([pos, "--store", str(path), "--json"])
    assert code == 0, err
    fresh = json.loads(out)
    _rewrite_results(path, text)
    code, out, err = call_main([pos, "--store", str(path), "--json"])
    assert code == 0, err
    again = json.loads(out)
    assert again["stored"] is False and again["value"] == fresh["value"] and again["moves"] == fresh["moves"]
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"foolsolve: warning: --store {path}: the stored result "), err
    assert "does not read back as a result" in lines[0] and "solving it again and replacing it" in lines[0]
    code, out, err = call_main([pos, "--store", str(path), "--json"])  # the row was replaced
    assert code == 0 and err == "" and json.loads(out)["stored"] is True
    with Store(path) as db:
        assert db.stats()["results"] == 1


@pytest.mark.parametrize("text", ["{bad", "[]", "{}"])
def test_report_batch_and_export_meet_an_unreadable_row_plainly(tmp_path: Path, text: str) -> None:
    """``report`` and ``batch`` solve the position again (one warning line), ``store export``
    leaves the row out and says so on stderr (exit 0): all three were internal errors (exit 1, or a
    batch line's 'internal error' record)."""
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "s.sqlite3"
    pos = EXAMPLES / "fools-and-angels-endgame.json"
    lines = tmp_path / "in.jsonl"
    lines.write_text(pos.read_text().replace("\n", " ") + "\n")
    assert call_main(["batch", str(lines), "--store", str(path), "--out", "-"])[0] == 0
    _rewrite_results(path, text)
    code, out, err = call_main(["store", "export", "--store", str(path)])
    assert code == 0 and out == "", err
    assert err.strip() == (f"foolsolve: warning: --store {path}: 1 stored result left out: it does not read back as a "
                           "result (damaged or edited rows; a solve of the position solves it again and replaces the row)")
    code, out, err = call_main(["batch", str(lines), "--store", str(path), "--out", "-"])
    assert code == 0 and len(out.splitlines()) == 1, err
    record = json.loads(out)
    assert "error" not in record and record["cached"] is False and record["result"]["game"] == "fools-and-angels"
    assert "does not read back as a result" in err
    _rewrite_results(path, text)
    code, out, err = call_main(["report", str(pos), "--store", str(path), "--out", str(tmp_path / "r.html")])
    assert code == 0 and (tmp_path / "r.html").exists(), err
    assert len(err.strip().splitlines()) == 1 and "does not read back as a result" in err
    code, out, err = call_main(["store", "export", "--store", str(path)])  # the row replaced
    assert code == 0 and err == "" and len(out.splitlines()) == 1


def test_only_a_row_found_unreadable_is_replaced(tmp_path: Path) -> None:
    """``put`` keeps the first result stored under a key (racing solves store one), except where
    ``get`` found the row unreadable: the new result replaces it."""
    info, state = _durak()
    with Store(tmp_path / "s.sqlite3") as db:
        result, _ = solve_with_store(info, state, SolveOptions(), db)
        keyed = store.position_key(info, state, SolveOptions())
        assert keyed is not None
        key, position, options = keyed
        assert not db.put(key, "durak", position, options, {**result.to_json(), "value": "draw"})
        assert db.get(key) == result.to_json()
        _rewrite_results(tmp_path / "s.sqlite3", "[]")
        assert db.get(key) is None
        assert db.put(key, "durak", position, options, result.to_json())
        assert db.get(key) == result.to_json()
        assert not db.put(key, "durak", position, options, {**result.to_json(), "value": "draw"})


def test_store_clear_on_a_terminal_asks_first(tmp_path, monkeypatch):
    """``foolsolve store clear`` typed at a terminal with no filter deleted every stored result at
    once; it now says how many would go and asks (no: nothing deleted; --yes: no question). From a
    script (no terminal) it deletes at once, as before."""
    from foolsolve import store_cli
    from tests.generic.batch_helpers import call_main

    path = str(tmp_path / "s.sqlite3")
    code, _, err = call_main(["solve", str(EXAMPLES / "durak-endgame.json"), "--store", path])
    assert code == 0, err
    monkeypatch.setattr(store_cli, "_asks", lambda: True)
    code, out, err = call_main(["store", "clear", "--store", path], stdin=b"n\n")
    assert code == 0 and "Delete 1 results from" in out and "nothing deleted" in out, (out, err)
    code, out, _ = call_main(["store", "clear", "--store", path, "--game", "foolery"], stdin=b"y\n")
    assert code == 0 and "no results to delete" in out
    with Store(path) as s:
        assert s.stats()["results"] == 1
    code, out, _ = call_main(["store", "clear", "--store", path], stdin=b"y\n")
    assert code == 0 and "1 result deleted" in out
    call_main(["solve", str(EXAMPLES / "durak-endgame.json"), "--store", path])
    code, out, _ = call_main(["store", "clear", "--store", path, "--yes"])
    assert code == 0 and "Delete" not in out and "1 result deleted" in out


@pytest.mark.parametrize(("stdin", "deleted"), [(b"", False), (b"maybe\n", False), (b"maybe\nyes\n", True),
                                               (b"\n", False), (b"Y\n", True)],
                         ids=["ctrl-d", "ctrl-d-after-a-bad-answer", "asked-again", "enter", "yes"])
def test_store_clear_on_a_terminal_takes_the_end_of_input_as_no(tmp_path, monkeypatch, stdin, deleted):
    """Ctrl-D at the question (the end of input) was 'foolsolve: interrupted', exit 130: it is no
    now (nothing deleted, exit 0), as Enter is; an answer that is neither yes nor no asks again."""
    from foolsolve import store_cli
    from tests.generic.batch_helpers import call_main

    path = str(tmp_path / "s.sqlite3")
    code, _, err = call_main(["solve", str(EXAMPLES / "durak-endgame.json"), "--store", path])
    assert code == 0, err
    monkeypatch.setattr(store_cli, "_asks", lambda: True)
    code, out, err = call_main(["store", "clear", "--store", path], stdin=stdin)
    assert code == 0 and err == "", (out, err)
    assert out.count("Delete 1 results from") == 1 + (b"maybe" in stdin)
    assert ("1 result deleted" in out) == deleted and ("nothing deleted" in out) == (not deleted)
    with Store(path) as s:
        assert s.stats()["results"] == (0 if deleted else 1)


@pytest.mark.parametrize("argv", [["solve", str(EXAMPLES / "durak-endgame.json")], ["store", "stats"]])
def test_an_empty_store_file_name_is_a_one_line_error(argv):
    """``--store ''`` was '--store .: cannot open the result store (unable to open database file)'."""
    from tests.generic.batch_helpers import call_main

    code, out, err = call_main([*argv, "--store", ""])
    assert code == 2 and out == "" and err.startswith("foolsolve: error: --store: an empty file name"), err


def test_store_stats_names_its_columns(tmp_path: Path) -> None:
    """``store stats`` lists results per game and solver version under a header naming the columns
    (a bare 'durak   2   5' says neither what 2 nor what 5 is)."""
    path = str(tmp_path / "s.sqlite3")
    assert foolsolve("solve", str(EXAMPLES / "durak-endgame.json"), "--store", path).returncode == 0
    lines = foolsolve("store", "stats", "--store", path).stdout.splitlines()
    assert lines[1].split() == ["game", "solver", "version", "results"]
    version = games.get("durak").solver_version
    assert lines[2].split() == ["durak", version, "1"]


# --- where the store is: the default location, $FOOLSOLVE_STORE, --store ------------------------


def test_a_default_store_that_cannot_be_opened_is_one_warning_and_the_solve_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unwritable default store (a cache folder that cannot exist) made every solve fail with
    exit 2, blaming '--store /proc/x/foolsolve/results.sqlite3 ... ([Errno 2] ...)', an option
    nobody gave: the solve goes on without a store after one warning naming the file."""
    from tests.generic.batch_helpers import call_main

    (tmp_path / "a-file").write_text("")
    monkeypatch.delenv("FOOLSOLVE_STORE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-file" / "cache"))
    code, out, err = call_main([str(EXAMPLES / "durak-endgame.json"), "--json"])
    assert code == 0 and json.loads(out)["game"] == "durak"
    (line,) = err.splitlines()
    path = tmp_path / "a-file" / "cache" / "foolsolve" / "results.sqlite3"
    assert line.startswith(f"foolsolve: warning: {path}: cannot open the result store (")
    assert "--store " + str(path) not in line and "Errno" not in line and "going on without it" in line


def _read_only_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every SQLite file the store opens is opened read-only (``mode=ro``), as SQLite opens a file it
    may not write (``chattr +i``, a read-only mount; a test run as root may write any file)."""
    import sqlite3

    real = sqlite3.connect

    def read_only(path: str, *args: object, **kwargs: object) -> sqlite3.Connection:
        return real(f"{Path(path).as_uri()}?mode=ro", *args, uri=True, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store.sqlite3, "connect", read_only)


def test_a_default_store_that_cannot_be_written_is_read_after_one_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A default store that opens but cannot be written (a read-only file) is found out when it is
    opened: one warning line, the stored answers read, the new ones given and not stored, a batch
    answering every line, exit 0 (never the answer thrown away for the failed write)."""
    from tests.generic.batch_helpers import call_main

    monkeypatch.delenv("FOOLSOLVE_STORE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "cache" / "foolsolve" / "results.sqlite3"
    durak, foolery = str(EXAMPLES / "durak-endgame.json"), str(EXAMPLES / "foolery-endgame.json")
    assert call_main([durak])[0] == 0 and path.is_file()
    _read_only_sqlite(monkeypatch)
    warning = (f"foolsolve: warning: {path}: cannot write the result store (attempt to write a readonly database); "
               "answers are read from it, none stored (--store PATH names another, --no-store none)\n")
    code, out, err = call_main([foolery, "--json"])
    assert (code, err) == (0, warning) and json.loads(out)["game"] == "foolery" and not json.loads(out)["stored"]
    code, out, err = call_main([durak, "--json"])
    assert (code, err) == (0, warning) and json.loads(out)["stored"]
    listing = tmp_path / "list.jsonl"
    listing.write_text(f"{json.dumps(durak)}\n{json.dumps(foolery)}\n")
    code, out, err = call_main(["batch", str(listing)])
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [(r["line"], r["cached"]) for r in records] == [(1, True), (2, False)]
    assert err.startswith(warning) and err.count("\n") == 2 and "1 from the store, 0 errors" in err
    monkeypatch.undo()
    with Store(path) as db:
        assert db.stats()["results"] == 1  # the durak answer only


@pytest.mark.parametrize("how", ["env", "option"])
def test_a_store_asked_for_that_cannot_be_written_is_an_error_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """--store or FOOLSOLVE_STORE naming a read-only store: what was asked for must take the
    answers, so it is a one-line error before any work (nothing solved, nothing printed), as a
    store that cannot be opened."""
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "s.sqlite3"
    Store(path).close()
    _read_only_sqlite(monkeypatch)
    argv = [str(EXAMPLES / "foolery-endgame.json")]
    if how == "env":
        monkeypatch.setenv("FOOLSOLVE_STORE", str(path))
    else:
        argv += ["--store", str(path)]
    for args in (argv, ["batch", "-", *argv[1:]]):
        code, out, err = call_main(args, stdin=json.dumps(argv[0]).encode())
        name = f"FOOLSOLVE_STORE={path}" if how == "env" else f"--store {path}"
        assert (code, out) == (2, "") and err == (
            f"foolsolve: error: {name}: cannot write the result store (attempt to write a readonly database); give a "
            "file that can be written, or --no-store\n")


def test_a_write_that_fails_later_gives_the_answer_and_says_it_is_not_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails after the store opened (a full disk) costs no answer: the answer is
    given, one warning line says it is not stored, and a batch answers every line, exit 0."""
    import sqlite3

    from tests.generic.batch_helpers import call_main

    class Full:
        def __enter__(self) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        def __exit__(self, *exc: object) -> None:
            pass

    monkeypatch.setattr(Store, "_transaction", lambda self: Full())
    path = tmp_path / "s.sqlite3"
    warning = (f"foolsolve: warning: --store {path}: cannot use the result store (database or disk is full); the "
               "answer is given, not stored (nor any after it)\n")
    code, out, err = call_main([str(EXAMPLES / "durak-endgame.json"), "--json", "--store", str(path)])
    assert (code, err) == (0, warning) and json.loads(out)["game"] == "durak"
    listing = tmp_path / "list.jsonl"
    listing.write_text("".join(json.dumps(p) + "\n" for p in positions(3, 4)))
    code, out, err = call_main(["batch", str(listing), "--store", str(path)])
    assert code == 0 and [json.loads(line)["line"] for line in out.splitlines()] == [1, 2, 3]
    assert err.startswith(warning) and err.count("warning") == 1 and "batch: 3 lines: 3 solved" in err
    monkeypatch.undo()
    with Store(path) as db:
        assert db.stats()["results"] == 0


@pytest.mark.parametrize("how", ["env", "option"])
def test_a_store_asked_for_that_cannot_be_opened_is_an_error_naming_how_it_was_asked(
        monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """FOOLSOLVE_STORE=/dev/null was reported as '--store /dev/null: ...': an error naming the
    variable; --store names the option; neither shows an OSError's repr."""
    from tests.generic.batch_helpers import call_main

    folder = "/dev/null"  # a device: no SQLite database can be opened there
    argv = [str(EXAMPLES / "durak-endgame.json")]
    if how == "env":
        monkeypatch.setenv("FOOLSOLVE_STORE", folder)
    else:
        argv += ["--store", folder]
    code, out, err = call_main(argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "Errno" not in err
    name = "FOOLSOLVE_STORE" if how == "env" else "--store"
    # refused before SQLite opens it (which left /dev/null-journal): tests/generic/test_store_damage.py
    assert err.startswith(f"foolsolve: error: {name}: {folder} is a device, not a regular file: "), err


def test_an_explicit_store_in_a_missing_folder_is_refused_and_the_default_folder_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--store /nonexist/dir/s.db made /nonexist/dir (--out in a missing folder is refused): it
    is refused too, the folder not made; the default location's folder is still made."""
    from tests.generic.batch_helpers import call_main

    missing = tmp_path / "no" / "such"
    code, _, err = call_main([str(EXAMPLES / "durak-endgame.json"), "--store", str(missing / "s.db")])
    assert code == 2 and err == f"foolsolve: error: --store {missing / 's.db'}: cannot open the result store " \
                                f"(no folder {missing})\n"
    assert not (tmp_path / "no").exists()
    monkeypatch.delenv("FOOLSOLVE_STORE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    code, _, err = call_main([str(EXAMPLES / "durak-endgame.json")])
    assert code == 0 and err == "" and (tmp_path / "cache" / "foolsolve" / "results.sqlite3").is_file()


def test_report_and_play_interactive_take_store_and_no_store(tmp_path: Path) -> None:
    """report and play --interactive read and write the store but had no --store/--no-store ('No
    such option'): they take them as solve does."""
    from tests.generic.batch_helpers import call_main

    pos = str(EXAMPLES / "durak-endgame.json")
    mine = tmp_path / "mine.sqlite3"
    code, _, err = call_main(["report", pos, "--out", str(tmp_path / "r.html"), "--store", str(mine)])
    assert code == 0, err
    assert Store(mine).stats()["results"] == 1
    code, _, err = call_main(["report", pos, "--out", str(tmp_path / "r.html"), "--no-store"])
    assert code == 0, err
    other = tmp_path / "other.sqlite3"
    code, _, err = call_main(["play", pos, "--interactive", "--store", str(other)], stdin=b"hint\nquit\n")
    assert code == 0, err
    assert Store(other).stats()["results"] >= 1
    code, _, err = call_main(["play", pos, "--interactive", "--no-store"], stdin=b"hint\nquit\n")
    assert code == 0, err
    assert store.default_path().exists() is False or Store(store.default_path()).stats()["results"] == 0
    code, _, err = call_main(["report", pos, "--out", str(tmp_path / "r.html"), "--store", str(tmp_path / "x" / "s")])
    assert code == 2 and "no folder" in err
    code, _, err = call_main(["play", pos, "attack 6H", "--no-store"])
    assert code == 2 and err == "foolsolve: error: --no-store: only with --interactive\n"


def _store_params(*words: str) -> dict[str, str]:
    """The help of ``--store`` and ``--no-store`` of the command ``foolsolve WORDS``."""
    import click

    from foolsolve.cli import _register_game_commands, cli

    _register_game_commands()
    cmd: click.Command | None = cli
    for word in words:
        assert isinstance(cmd, click.Group)
        cmd = cmd.get_command(click.Context(cmd), word)
    assert cmd is not None
    return {opt: p.help or "" for p in cmd.params if isinstance(p, click.Option) for opt in p.opts
            if opt in ("--store", "--no-store")}


def test_every_command_declares_store_and_no_store_with_one_decorator() -> None:
    """--store/--no-store were declared three times (batch's store_options, inline in solve and play,
    inline in report, whose help said ', as for solve'): cli.store_options declares them for every
    command, play's help saying they apply with --interactive."""
    from foolsolve.cli import store_options

    assert callable(store_options)
    shared = _store_params("solve")
    assert shared["--store"].startswith("The result store file [default: ") and "$FOOLSOLVE_STORE" in shared["--store"]
    assert shared["--no-store"] == "Neither read nor write the result store."
    for words in (["report"], ["batch"], ["ambiguities"]):
        assert _store_params(*words) == shared, words
    # the store commands work on the store itself: --store only (a --no-store they could only refuse is gone)
    for words in (["store", "stats"], ["store", "export"], ["store", "clear"]):
        assert _store_params(*words) == {"--store": shared["--store"]}, words
    play = _store_params("play")
    assert play == {k: "--interactive: " + v[0].lower() + v[1:] for k, v in shared.items()}


def test_report_refuses_an_out_that_is_the_store(tmp_path: Path) -> None:
    """report --out wrote its page over the store file named by --store (batch and store export
    refuse that): the page is refused in one line and the store is kept."""
    from tests.generic.batch_helpers import call_main

    pos = str(EXAMPLES / "durak-endgame.json")
    mine = tmp_path / "mine.sqlite3"
    code, _, err = call_main(["report", pos, "--out", str(tmp_path / "r.html"), "--store", str(mine)])
    assert code == 0, err
    code, _, err = call_main(["report", pos, "--out", str(mine), "--store", str(mine)])
    assert code == 2 and err.count("\n") == 1 and "is the result store" in err, err
    assert Store(mine).stats()["results"] == 1
    code, _, err = call_main(["store", "stats", "--no-store"])
    assert code == 2 and "no such option" in err.lower(), err


_VIEW = str(EXAMPLES / "views" / "durak-fresh-deal.json")
_SEAT_ANSWERS = {
    "solve a view": [_VIEW, "--samples", "2"],
    "solve --as": [str(EXAMPLES / "durak-endgame.json"), "--as", "1", "--samples", "2"],
    "solve a seat option": [str(EXAMPLES / "durak-endgame.json"), "--samples", "2"],
    "report a view": ["report", _VIEW, "--out", "OUT", "--samples", "2"],
    "report --as": ["report", str(EXAMPLES / "durak-endgame.json"), "--as", "1", "--out", "OUT", "--samples", "2"],
}


@pytest.mark.parametrize("bad", ["missing folder", "env a folder"])
@pytest.mark.parametrize("argv", list(_SEAT_ANSWERS.values()), ids=list(_SEAT_ANSWERS))
def test_a_bad_store_is_refused_before_an_answer_from_one_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], bad: str) -> None:
    """solve and report answered a view (or --as P) with a --store in a missing folder or a
    FOOLSOLVE_STORE naming a folder, exit 0, where an exact answer refuses it (exit 2): the same
    one-line error now, before any world is valued."""
    from foolsolve import seat
    from tests.generic.batch_helpers import call_main

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the seat analysis ran")

    monkeypatch.setattr(seat, "analyse", no_work)
    out = tmp_path / "page.html"
    argv = [str(out) if a == "OUT" else a for a in argv]
    if bad == "missing folder":
        argv += ["--store", str(tmp_path / "no" / "s.sqlite3")]
        said = f"foolsolve: error: --store {tmp_path / 'no' / 's.sqlite3'}: cannot open the result store " \
               f"(no folder {tmp_path / 'no'})\n"
    else:
        monkeypatch.setenv("FOOLSOLVE_STORE", str(tmp_path))
        said = f"foolsolve: error: FOOLSOLVE_STORE: {tmp_path} is a folder, not a regular file: "
    code, stdout, err = call_main(argv)
    assert code == 2 and stdout == "" and err.startswith(said) and len(err.splitlines()) == 1, err
    assert not out.exists()


def test_a_default_store_that_cannot_be_opened_leaves_an_answer_from_one_seat_to_go_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default location that cannot be opened stays one warning, for a seat's answer too."""
    from tests.generic.batch_helpers import call_main

    (tmp_path / "a-file").write_text("")
    monkeypatch.delenv("FOOLSOLVE_STORE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-file" / "cache"))
    code, out, err = call_main([_VIEW, "--samples", "2", "--json"])
    assert code == 0 and json.loads(out)["player"] == 0
    (line,) = err.splitlines()
    assert line.startswith("foolsolve: warning: ") and "going on without it" in line


@pytest.mark.parametrize("how", ["env", "default", "option"])
def test_a_sweeps_workers_name_the_store_as_it_was_chosen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          how: str) -> None:
    """A sweep's worker processes opened the store file as '--store PATH' whatever chose it: a
    damaged default store or $FOOLSOLVE_STORE was reported as a --store nobody gave. They name it
    as the calling process does."""
    from tests.generic.batch_helpers import foolsolve

    argv = ["ambiguities", "durak", "--option", "throw_in_after_take", "--deals", "1", "--no-witness",
            "--workers", "2", "--json"]
    if how == "env":
        path = tmp_path / "env.sqlite3"
        monkeypatch.setenv("FOOLSOLVE_STORE", str(path))
        name = f"FOOLSOLVE_STORE={path}"
    elif how == "default":
        monkeypatch.delenv("FOOLSOLVE_STORE")
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
        path = store.default_path()
        path.parent.mkdir(parents=True)
        name = str(path)
    else:
        path = tmp_path / "given.sqlite3"
        argv += ["--store", str(path)]
        name = f"--store {path}"
    _damaged_store(path)
    res = foolsolve(*argv)
    [reason] = json.loads(res.stdout)["deals"]["skip_reasons"]
    assert reason.startswith(f"deal 0: {name}: the result store is damaged"), reason


def test_a_store_file_that_is_no_database_is_called_damaged_as_the_docs_say(tmp_path: Path) -> None:
    """docs/batches.md: a store file that is no SQLite database is "the result store is damaged
    (...)"; it said "cannot open the result store (file is not a database)"."""
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "bad.sqlite3"
    path.write_text("garbage\n")
    code, out, err = call_main([str(EXAMPLES / "durak-endgame.json"), "--store", str(path)])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"foolsolve: error: --store {path}: the result store is damaged (file is not a database)")


def test_an_out_that_is_a_sqlite_file_beside_the_store_is_refused(tmp_path: Path) -> None:
    """``store export --out STORE-wal`` (or -shm, -journal) was written and then deleted by SQLite
    (or read as the store's journal): refused as the store file itself is, there or not yet."""
    from tests.generic.batch_helpers import call_main

    pos = str(EXAMPLES / "durak-endgame.json")
    mine = tmp_path / "mine.sqlite3"
    code, _, err = call_main(["solve", pos, "--store", str(mine)])
    assert code == 0, err
    (tmp_path / "link").symlink_to(tmp_path)
    for out in (f"{mine}-wal", f"{mine}-shm", f"{mine}-journal", str(tmp_path / "link" / "mine.sqlite3-wal")):
        code, _, err = call_main(["store", "export", "--store", str(mine), "--out", out])
        assert code == 2 and err.count("\n") == 1 and "file of the result store" in err, err
    assert not Path(f"{mine}-journal").exists()  # nothing written there
    code, _, err = call_main(["store", "export", "--store", str(mine), "--out", str(tmp_path / "mine.sqlite3-x")])
    assert code == 0, err
    assert Store(mine).stats()["results"] == 1


@pytest.mark.parametrize("command", ["stats", "export"])
def test_a_reading_store_command_refuses_a_store_file_that_does_not_exist(tmp_path: Path, command: str) -> None:
    """``store stats --store typo.sqlite3`` made an empty store there and reported 0 results."""
    from tests.generic.batch_helpers import call_main

    typo = tmp_path / "typo.sqlite3"
    code, out, err = call_main(["store", command, "--store", str(typo)])
    assert code == 2 and out == "" and err.count("\n") == 1 and "no such result store" in err, err
    assert not typo.exists()


def test_store_export_help_names_every_field_it_writes() -> None:
    from tests.generic.batch_helpers import call_main

    code, out, _ = call_main(["store", "export", "--help"])
    assert code == 0 and "created" in out and "seat" in out


def test_seat_answers_are_counted_exported_and_cleared(tmp_path: Path) -> None:
    """The store's second kind of row, seat answers: stats counts them, export writes them after the
    results (``seat`` in place of ``result``), clear deletes them (and says so, in the singular for one)."""
    from tests.generic.batch_helpers import call_main, write_jsonl

    view = json.loads((Path(__file__).resolve().parents[2] / "foolsolve/examples/views/fools-and-angels.json")
                      .read_text())
    path = tmp_path / "s.sqlite3"
    infile = write_jsonl(tmp_path / "in.jsonl", [view, positions(1, 5)[0]])
    code, _, err = call_main(["batch", str(infile), "--store", str(path), "--samples", "2", "--max-nodes", "300"])
    assert code == 0, err
    code, out, _ = call_main(["store", "stats", "--store", str(path), "--json"])
    info = json.loads(out)
    assert (info["results"], info["seat_answers"]) == (1, 1)
    assert info["seat_by_game"][0]["game"] == "fools-and-angels" and info["seat_by_game"][0]["current"]
    code, out, _ = call_main(["store", "stats", "--store", str(path)])
    assert "1 result, 1 seat answer" in out and "fools-and-angels (seat)" in out
    code, out, _ = call_main(["store", "export", "--store", str(path)])
    rows = [json.loads(line) for line in out.splitlines()]
    # a seat answer's position is the view as read (store.canonical_view: what the line is keyed by)
    from foolsolve.store import canonical_view
    from foolsolve.worlds import read_view

    as_read = json.loads(canonical_view(read_view(view)))
    assert ["result" in rows[0], "seat" in rows[1]] == [True, True] and rows[1]["position"] == as_read
    code, out, _ = call_main(["store", "clear", "--stale", "--store", str(path)])
    assert "0 results deleted" in out
    code, out, _ = call_main(["store", "clear", "--store", str(path)])
    assert "2 results deleted, 1 seat answer among them" in out
    with Store(path) as s:
        assert (s.stats()["results"], s.stats()["seat_answers"]) == (0, 0)


def test_a_store_a_sweeps_workers_cannot_write_is_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store the calling process opened for writing that the sweep's workers, opening it themselves,
    cannot write: one warning line naming it (however many workers and deals), the sweep's report
    given all the same, nothing stored. (The workers run in this process here: an inline executor,
    each task opening the store as a worker does, read-only.)"""
    from foolsolve import ambiguities, executor
    from tests.generic.batch_helpers import call_main

    path = tmp_path / "s.sqlite3"

    def inline_workers(workers: int, scheduler: object = None) -> executor.Executor:
        _read_only_sqlite(monkeypatch)  # after the calling process opened the store
        return executor.Executor(executor._Inline())

    monkeypatch.setattr(executor, "make_executor", inline_workers)
    monkeypatch.setattr(ambiguities, "_WORKER_STORES", {})
    code, out, err = call_main(["ambiguities", "durak", "--option", "throw_in_after_take", "--deals", "2",
                                "--no-witness", "--workers", "2", "--json", "--store", str(path)])
    assert code == 0 and json.loads(out)["deals"]["deals"] == 2, err
    warnings = [line for line in err.splitlines() if line.startswith("foolsolve: warning: ")]
    assert warnings == [f"foolsolve: warning: --store {path}: cannot write the result store (attempt to write a "
                        "readonly database); the sweep goes on, its new exact solves not stored"], err
    monkeypatch.undo()
    with Store(path) as db:
        assert db.stats()["results"] == 0


@pytest.mark.parametrize("argv", [
    ["solve", "{example}"],
    ["solve", "{example}", "{example}"],  # several positions: the batch's loop
    ["report", "{example}", "--out", "{tmp}/page.html"],
    ["solve", "{example}", "--as", "7"],  # an error after the store is opened
], ids=["solve", "several", "report", "error"])
def test_a_command_run_in_process_closes_the_stores_it_opened(tmp_path: Path, monkeypatch, argv: list[str]) -> None:
    """``foolsolve.cli.main`` run in this process (a notebook, a test) leaves no store connection
    open once the command ends, whether it answered or failed."""
    import sqlite3

    from tests.generic.batch_helpers import call_main

    opened: list[Store] = []
    real = store.open_store

    def recording(*args: object, **kwargs: object) -> Store | None:
        db = real(*args, **kwargs)  # type: ignore[arg-type]
        if db is not None:
            opened.append(db)
        return db

    monkeypatch.setattr(store, "open_store", recording)
    example = Path(store.__file__).parent / "examples" / "durak-endgame.json"
    args = [a.format(example=example, tmp=tmp_path) for a in argv] + ["--store", str(tmp_path / "r.sqlite3")]
    call_main(args)
    assert opened
    for db in opened:
        with pytest.raises(sqlite3.ProgrammingError, match="closed"):
            db._db.execute("SELECT 1")


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="lists open files through /proc (Linux)")
def test_a_damaged_store_that_cannot_be_opened_leaves_no_connection_open(tmp_path: Path) -> None:
    """A file that is no SQLite database is refused in one line, and the connection opened to find that
    out is closed (a command run in-process many times leaves no file open)."""
    import gc

    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_text("garbage\n")
    gc.disable()  # (a connection left open would be closed by the garbage collector only)
    try:
        before = set(os.listdir("/proc/self/fd"))
        for _ in range(3):
            with pytest.raises(store.InputError, match="the result store is damaged"):
                Store(damaged)
        opened = [os.readlink(f"/proc/self/fd/{fd}") for fd in set(os.listdir("/proc/self/fd")) - before
                  if os.path.exists(f"/proc/self/fd/{fd}")]
    finally:
        gc.enable()
    assert str(damaged) not in opened, opened
