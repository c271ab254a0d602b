"""Start-up of the Durak solver (docs/durak-solver.md, "Start-up"):

* a compile of the compiled search is announced in one line on a terminal (stderr), with its
  progress weighed by, and its time left estimated from, the durations the last compile recorded
  (no estimate without a record); where stderr is no terminal, the search's load writes that line
  once as the compile starts (``notice``), and a compile without it writes nothing;
* each compile records its functions' durations, also when a Ctrl-C stops it;
* a Ctrl-C during the compile keeps every function compiled before it in numba's on-disk cache
  (a second process loads it instead of compiling it);
* while the compiled search is not compiled yet, an 8v8 solve runs the Python search and never
  imports numba; once it is, the solve loads the compiled search; either way the answer is the same.
"""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from foolsolve.engines.durak import from_spec_state
from foolsolve.errors import OptionError
from foolsolve.solver.base import SearchLimit, SolveOptions
from foolsolve.solver.durak import compile_record, search
from foolsolve.spec.durak import SPEC

DATA = json.loads((Path(__file__).parent / "data" / "nodes.json").read_text())
EIGHT = {row["name"]: row for row in DATA["positions"]}

_FAKES = """
import json, sys
from pathlib import Path
from foolsolve.solver.durak import compiled

class Fake:
    def __init__(self, name, stop=False):
        self.name, self.stop, self.signatures = name, stop, []
        self.stats = type("S", (), {"cache_hits": {}})()
    def compile(self, sig):
        if self.stop:
            raise KeyboardInterrupt
        self.signatures.append(sig)
    _can_compile = False

record = Path(sys.argv[1])
fakes = [Fake("a"), Fake("b"), Fake("c", stop=len(sys.argv) > 2), Fake("d")]
try:
    compiled.compile_kernels([(f.name, f, "int64(int64)") for f in fakes], sys.stderr.isatty(), record)
except KeyboardInterrupt:
    print("INTERRUPTED", [f.name for f in fakes if f.signatures], flush=True)
else:
    print("DONE", [f.name for f in fakes if f.signatures], flush=True)
print("RECORD", sorted(json.loads(record.read_text())["kernels"]) if record.exists() else None, flush=True)
"""


def run_on_a_terminal(code: str, *args: str) -> str:
    """Run ``python -c code`` with stdout and stderr on a pseudo-terminal; everything it wrote."""
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execv(sys.executable, [sys.executable, "-c", code, *args])
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    return out.decode()


def test_a_compile_is_announced_on_a_terminal_with_its_progress_and_estimate(tmp_path: Path) -> None:
    record = tmp_path / "durak-compile.json"
    out = run_on_a_terminal(_FAKES, str(record))
    assert "DONE ['a', 'b', 'c', 'd']" in out
    line = out.split("DONE")[0].replace("\r\n", "\n")
    # one line, rewritten in place: the count done out of all; no record yet, so no estimate
    assert line.count("\n") == 1 and line.endswith("\n")
    assert ("compiling the Durak search once (Ctrl-C keeps progress): 0/4 functions, 0 s; "
            "first compile here, no estimate yet") in line
    assert "4/4 functions" in line.rsplit("\r", 1)[1]
    assert "RECORD ['a', 'b', 'c', 'd']" in out  # the durations of this compile, for the next
    # the next compile weighs its functions by the record and estimates the time left from it
    record.write_text(json.dumps({"version": 1, "kernels": {k: {"cpu": cpu, "wall": 2 * cpu}
                                                            for k, cpu in zip("abcd", [1, 2, 30, 3])}}))
    again = run_on_a_terminal(_FAKES, str(record)).split("DONE")[0]
    assert "0/4 functions, 0% of the work, 0 s, about 72 s left" in again


def test_no_announcement_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", _FAKES, str(tmp_path / "r.json")], capture_output=True, text=True,
                          timeout=120)
    assert proc.stdout.split("\n")[0] == "DONE ['a', 'b', 'c', 'd']" and proc.stderr == ""


def test_a_compile_says_so_once_where_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    """``notice`` (what the search's load gives where stderr is no terminal: a notebook, a pipe):
    the line once, as the compile starts, never rewritten in place."""
    code = _FAKES.replace('"int64(int64)") for f in fakes], sys.stderr.isatty(), record)',
                          '"int64(int64)") for f in fakes], sys.stderr.isatty(), record, notice=True)')
    assert code != _FAKES
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / "r.json")], capture_output=True, text=True,
                          timeout=120)
    assert proc.stdout.split("\n")[0] == "DONE ['a', 'b', 'c', 'd']"
    assert proc.stderr == ("foolsolve: compiling the Durak search once (Ctrl-C keeps progress): 0/4 functions, 0 s; "
                           "first compile here, no estimate yet\n")


@pytest.mark.parametrize("started", [True, False])
def test_a_background_compile_is_said_where_stderr_is_not_a_terminal(started: bool, monkeypatch, capsys) -> None:
    """A background compile that starts is said in one line on stderr off a terminal too (a
    notebook); background compiles off (FOOLSOLVE_BACKGROUND_COMPILE=0) say nothing there."""
    from foolsolve import background

    monkeypatch.setattr(search, "_compiling", None)
    monkeypatch.setattr(search, "_told", False)
    monkeypatch.setattr(background, "start", lambda module: object() if started else None)
    search.compile_in_background()
    search.compile_in_background()  # once a process
    err = capsys.readouterr().err
    assert err == ("foolsolve: compiling the Durak search in a background process, once (about a minute); until it "
                   "is done the slower Python search answers\n" if started else "")


def test_ctrl_c_stops_the_compile_after_the_functions_already_compiled(tmp_path: Path) -> None:
    out = run_on_a_terminal(_FAKES, str(tmp_path / "r.json"), "stop")
    assert "INTERRUPTED ['a', 'b']" in out
    assert "2/4" in out and "3/4" not in out  # the line ends where the compile stopped
    assert "RECORD ['a', 'b']" in out  # what was compiled before the Ctrl-C is recorded


_TOY = '''
def twice(x):
    return 2 * x
'''

_COMPILE_TOY = """
import sys
sys.path.insert(0, sys.argv[1])
import toy
from foolsolve.solver.durak import compiled

class Stop:
    signatures = []
    stats = type("S", (), {"cache_hits": {}})()
    def compile(self, sig):
        raise KeyboardInterrupt

disp = compiled._dispatcher(toy.twice, {})
try:
    compiled.compile_kernels([("twice", disp, "int64(int64)"), ("stop", Stop(), "int64(int64)")], False, None)
except KeyboardInterrupt:
    pass
print(disp(21), sum(disp.stats.cache_hits.values()), sum(disp.stats.cache_misses.values()))
"""


def test_a_function_compiled_before_a_ctrl_c_is_kept_in_the_cache(tmp_path: Path) -> None:
    (tmp_path / "toy.py").write_text(_TOY)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    first = subprocess.run([sys.executable, "-c", _COMPILE_TOY, str(tmp_path)], capture_output=True, text=True,
                           env=env, timeout=300)
    assert first.stdout.split() == ["42", "0", "1"], first.stderr  # compiled, then the Ctrl-C
    second = subprocess.run([sys.executable, "-c", _COMPILE_TOY, str(tmp_path)], capture_output=True, text=True,
                            env=env, timeout=300)
    assert second.stdout.split() == ["42", "1", "0"], second.stderr  # loaded from the cache


_SOLVE = """
import json, runpy, sys
from foolsolve.solver.durak import compile_record, search
ready = json.loads(sys.argv[1])
search.kernel_compiled = lambda: ready
sys.argv = ["foolsolve", sys.argv[2], "--json", "--time", "0"]  # the exact answer, however long it takes
code = 0
try:
    runpy.run_module("foolsolve", run_name="__main__")
except SystemExit as exc:
    code = exc.code
print("\\nMODULES " + json.dumps({"code": code, "numba": "numba" in sys.modules,
                                  "compiled": "foolsolve.solver.durak.compiled" in sys.modules}))
"""


@pytest.mark.parametrize("compiled", [False, True])
def test_an_8v8_solve_imports_numba_only_once_the_compiled_search_is_compiled(compiled: bool, tmp_path: Path) -> None:
    if compiled:
        from foolsolve.solver.durak import compiled as kernel

        kernel.load()  # compiled here if numba's cache is stale, so the child loads it
    row = EIGHT["bench 8v8 #1"]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(row["position"]))
    proc = subprocess.run([sys.executable, "-c", _SOLVE, json.dumps(compiled), str(path)], capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL, cwd=tmp_path)
    out, _, tail = proc.stdout.rpartition("\nMODULES ")
    info = json.loads(tail)
    assert info == {"code": 0, "numba": compiled, "compiled": compiled}, proc.stderr
    got = json.loads(out)
    assert [m["value"] for m in got["moves"]] == [{1: "win", 0: "draw", -1: "loss"}[v]
                                                  for v in row["python"]["move_values"]]


def test_python_first_hands_over_to_the_compiled_search_past_its_node_budget(monkeypatch) -> None:
    row = EIGHT["bench 8v8 #2"]  # the Python search needs 533,728 nodes to value its moves
    state = SPEC.state_from_json(row["position"])
    monkeypatch.setattr(search, "kernel_compiled", lambda: False)
    monkeypatch.setattr(search, "PYTHON_FIRST_NODES", 20_000)
    assert search.python_first(from_spec_state(state), "auto")
    res = search.solve(state, SolveOptions(extra={"pv": False}))
    want = {1: "win", 0: "draw", -1: "loss"}
    assert [m.value for m in res.moves] == [want[v] for v in row["python"]["move_values"]]
    # a caller's own node limit below the budget stays the limit
    with pytest.raises(SearchLimit):
        search.solve(state, SolveOptions(max_nodes=10_000, extra={"pv": False}))


def test_a_solve_with_a_deadline_is_not_held_by_the_compiled_searchs_load(monkeypatch) -> None:
    """The compiled search fresh in numba's cache, not loaded by this process yet: a solve with a
    deadline does not load it in the caller's thread (importing numba and loading took 1-3 s, out
    of a time=1 call's second). It waits at most LOAD_SHARE of its time (here none), the Python
    search answers (the same values), a note says so, and the load goes on in a thread of its own:
    here a fake load that lasts until the test lets it end."""
    import threading
    import time

    from foolsolve.solver.durak import compiled

    let_end = threading.Event()
    loaded_in: list[threading.Thread] = []

    def slow_load() -> bool:
        loaded_in.append(threading.current_thread())
        let_end.wait(120)
        return False

    def load_in_the_callers_thread(*args: object, **kwargs: object) -> None:
        raise AssertionError("the compiled search was loaded in the caller's thread, out of its time")

    monkeypatch.setattr(compiled, "load_cached", slow_load, raising=False)
    monkeypatch.setattr(compiled, "load", load_in_the_callers_thread)
    monkeypatch.setattr(compiled, "_ready", False)
    monkeypatch.setattr(search, "kernel_compiled", lambda: True)  # fresh in numba's cache
    monkeypatch.setattr(search, "_loader", None, raising=False)
    monkeypatch.setattr(search, "LOAD_SHARE", 0.0, raising=False)
    row = EIGHT["bench 8v8 #1"]
    state = SPEC.state_from_json(row["position"])
    try:
        res = search.solve(state, SolveOptions(deadline=time.monotonic() + 600, extra={"pv": False}))
    finally:
        let_end.set()
    want = {1: "win", 0: "draw", -1: "loss"}
    assert [m.value for m in res.moves] == [want[v] for v in row["python"]["move_values"]]
    assert any(n.startswith("the Python search searched (the same tree, slower): the compiled search was still "
                            "loading") for n in res.notes), res.notes
    search._loader.thread.join(60)
    assert loaded_in and loaded_in[0] is not threading.main_thread()


def test_python_first_only_for_8v8_at_most_with_jit_auto(monkeypatch) -> None:
    monkeypatch.setattr(search, "kernel_compiled", lambda: False)
    s = from_spec_state(SPEC.state_from_json(EIGHT["bench 8v8 #0"]["position"]))
    assert search.python_first(s, "auto") and not search.python_first(s, True) and not search.python_first(s, False)
    small = from_spec_state(SPEC.state_from_json(EIGHT["bench 7v7 #0"]["position"]))
    assert not search.python_first(small, "auto")  # below JIT_MIN_CARDS: the Python search anyway
    monkeypatch.setattr(search, "kernel_compiled", lambda: True)
    assert not search.python_first(s, "auto")


def write_index(path: Path, source: bytes, key_text: bytes, version: str | None = None) -> None:
    """An index file as numba writes one (``IndexDataCacheFile._save_index``): its version, then the
    source's stamp (sha256 of its text) and the entries, each key ending in KeyedCache's hash."""
    import hashlib
    import importlib.metadata
    import pickle

    path.parent.mkdir(parents=True, exist_ok=True)
    key = ("int64(int64)", ("x86_64", "cpu", "+features"), ("a", "b"), hashlib.sha256(key_text).hexdigest())
    with open(path, "wb") as f:
        pickle.dump(version or importlib.metadata.version("numba"), f, protocol=-1)
        f.write(pickle.dumps((hashlib.sha256(source).digest(), {key: "compiled._run-1446.py311.1.nbc"})))


def test_kernel_in_cache_reads_numbas_index_files(tmp_path: Path, monkeypatch) -> None:
    from foolsolve.engines import durak_kernel
    from foolsolve.solver.durak import shared

    kernel = Path(durak_kernel.__file__)
    source = (tmp_path / "compiled.py")
    source.write_text("# the compiled search\n")
    key_text = kernel.read_bytes() + kernel.with_name("durak_kernel_compiled.py").read_bytes() + \
        Path(shared.__file__).read_bytes()
    monkeypatch.setattr(search, "__file__", str(tmp_path / "search.py"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    assert not search.kernel_in_cache()
    write_index(tmp_path / "__pycache__" / "compiled._run-1446.py311.nbi", source.read_bytes(), key_text)
    assert search.kernel_in_cache()
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "compiled.py").write_bytes(source.read_bytes())
    monkeypatch.setattr(search, "__file__", str(other / "search.py"))
    assert not search.kernel_in_cache()
    from foolsolve import background

    sub = background.numba_cache_folder(str(other / "compiled.py"))
    assert sub == other / "__pycache__"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    write_index(tmp_path / f"elsewhere_{sub.parent.name}" / "compiled._run-1446.py311.nbi", source.read_bytes(),
                key_text)  # (not numba's subfolder for other/)
    assert not search.kernel_in_cache()
    sub = background.numba_cache_folder(str(other / "compiled.py"))
    write_index(sub / "compiled._run-1446.py311.nbi", source.read_bytes(), key_text)
    assert search.kernel_in_cache()
    # numba caches under a writable NUMBA_CACHE_DIR first: an index in the package's
    # __pycache__ is not what numba would load then
    monkeypatch.setattr(search, "__file__", str(tmp_path / "search.py"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(other))
    assert not search.kernel_in_cache()


_LOOK_UP = """
import hashlib, importlib.metadata, pickle, sys
from pathlib import Path
source, index = Path(sys.argv[1]), Path(sys.argv[2])
if sys.argv[3] == "write":  # an index whose key holds numba's types (an inferred signature: Foolery's playout)
    from numba import types
    index.parent.mkdir(parents=True, exist_ok=True)
    with open(index, "wb") as f:
        pickle.dump(importlib.metadata.version("numba"), f, protocol=-1)
        f.write(pickle.dumps((hashlib.sha256(source.read_bytes()).digest(),
                              {((types.int64, types.Array(types.int64, 1, "C")), ("x86_64", "cpu", "")): "x.nbc"})))
else:
    from foolsolve import background
    print(background.in_numba_cache(str(source), "_run"), "numba" in sys.modules)
"""


def test_a_cache_look_up_does_not_import_numba_where_the_index_holds_numbas_types(tmp_path: Path) -> None:
    """The index of a function compiled for the signature numba inferred holds numba's type
    objects: reading it with pickle imported numba (about 0.5 s, out of a time=2 Foolery answer's
    two seconds), where the look-up is meant to cost milliseconds."""
    source = tmp_path / "native.py"
    source.write_text("# a compiled playout\n")
    index = tmp_path / "__pycache__" / "native._run-400.py311.nbi"
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    for step in ("write", "read"):
        proc = subprocess.run([sys.executable, "-c", _LOOK_UP, str(source), str(index), step], capture_output=True,
                              text=True, timeout=300, env=env)
        assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "False"]


@pytest.mark.parametrize("stale", ["its text", "the kernel's text", "numba's version", "not an index"])
@pytest.mark.parametrize("user", ["search", "playout"])
def test_an_index_left_by_an_older_text_is_not_compiled(tmp_path: Path, monkeypatch, user: str, stale: str) -> None:
    """numba compiles again where the source or its version changed (an upgrade, an edit), so such an
    index must not count: a solve in a hurry went on to compile the search in the foreground for
    minutes, ignoring --time, on the first run after any change to it."""
    from foolsolve.engines import durak_kernel
    from foolsolve.engines import durak_playout as dp
    from foolsolve.solver.durak import shared

    kernel = Path(durak_kernel.__file__)
    key_text = kernel.read_bytes() + kernel.with_name("durak_kernel_compiled.py").read_bytes()
    if user == "search":
        module, name, function, found = search, "compiled.py", "_run", search.kernel_in_cache
        key_text += Path(shared.__file__).read_bytes()
    else:
        module, name, function, found = dp, "durak_playout_compiled.py", "_play", dp.compiled_in_cache
    source = tmp_path / name
    source.write_text("# the compiled code\n")
    monkeypatch.setattr(module, "__file__", str(tmp_path / "caller.py"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    from foolsolve import background

    index = tmp_path / "cache" / background.numba_cache_folder(str(source)).name / f"{source.stem}.{function}-1446.py311.nbi"
    write_index(index, source.read_bytes(), key_text)
    assert found()
    if stale == "its text":
        source.write_text("# the compiled code, changed\n")
    elif stale == "the kernel's text":
        write_index(index, source.read_bytes(), key_text + b"# an older kernel")
    elif stale == "numba's version":
        write_index(index, source.read_bytes(), key_text, version="0.1.0")
    else:
        index.write_bytes(b"")
    assert not found()


def test_the_compiled_search_in_numbas_cache_counts_as_compiled() -> None:
    """The freshness test reads numba's index as numba does: once the kernel is compiled (or loaded),
    kernel_in_cache says so (it guards against a test that says no to every real index, which would
    send every solve in a hurry to the Python search)."""
    from foolsolve.solver.durak import compiled

    compiled.load()
    assert search.kernel_in_cache()


def test_the_estimate_weighs_functions_by_their_recorded_cpu_time_and_adapts_to_the_load(tmp_path: Path) -> None:
    record = tmp_path / "durak-compile.json"
    compile_record.write_record(record, {"_hb": {"cpu": 1.0, "wall": 1.5}, "_search": {"cpu": 25.0, "wall": 54.5},
                                         "_run": {"cpu": 4.0, "wall": 4.0}})
    est = compile_record.Estimate.of(["_hb", "_search", "_run"], compile_record.read_record(record))
    # before a second of CPU: the recorded CPU time times the recorded slowdown (60 s of wall for 30 of CPU)
    assert est.line(0, 0.0, 0.0, 0.0) == ("compiling the Durak search once (Ctrl-C keeps progress): 0/3 functions, "
                                         "0% of the work, 0 s, about 60 s left")
    # 12 s of _search's 25 s, at a third of a core: 13 of 30 s of work done, 17 to go at 3x
    frac, left = est.progress(1, 12.0, 39.0, 13.0)
    assert frac == pytest.approx(13 / 30) and left == pytest.approx(17 * 3)
    assert est.line(1, 12.0, 39.0, 13.0).endswith("1/3 functions, 43% of the work, 39 s, about 51 s left")
    # a function past its recorded time counts as done, and the line says so
    assert est.line(1, 30.0, 60.0, 31.0).endswith("87% of the work, 60 s, about 8 s left "
                                                  "(this function takes longer than last time)")
    assert est.line(3, 0.0, 75.0, 40.0).endswith("3/3 functions, 75 s")
    assert compile_record.Estimate.of(["_hb", "_new"], compile_record.read_record(record)).line(1, 0.0, 2.0, 2.0) \
        .endswith("1/2 functions, 2 s; first compile here, no estimate yet")  # no record for _new


def test_the_record_keeps_earlier_rows_and_ignores_a_damaged_file(tmp_path: Path) -> None:
    record = tmp_path / "sub" / "durak-compile.json"
    compile_record.write_record(record, {"a": {"cpu": 1.0, "wall": 2.0}})
    compile_record.write_record(record, {"b": {"cpu": 3.0, "wall": 4.0}})
    assert compile_record.read_record(record) == {"a": {"cpu": 1.0, "wall": 2.0}, "b": {"cpu": 3.0, "wall": 4.0}}
    for bad in ("", "[]", '{"version": 1, "kernels": {"a": {"cpu": "x", "wall": 1}}}', "\xff"):
        record.write_text(bad)
        assert compile_record.read_record(record) == {}
    assert compile_record.read_record(None) == {}


class BackgroundChild:
    """A background compile started through ``subprocess.Popen`` (recorded, never run)."""

    started: ClassVar[list[list[str]]] = []

    def __init__(self, args: list[str], **kwargs: object) -> None:
        BackgroundChild.started.append(args)


def test_a_solve_with_a_deadline_searches_in_python_while_a_background_process_compiles(monkeypatch) -> None:
    """``foolsolve POSITION`` (``--time``, default 20 s) on a machine where the compiled search is not
    compiled: the Python search answers (the same values) and one background compile starts,
    instead of a compile of 45 CPU seconds or more in the caller's time (which would take a 12v12
    solve with the default 20 s past 100 s on a slow machine)."""
    import subprocess
    import time

    row = EIGHT["bench 8v8 #1"]
    state = SPEC.state_from_json(row["position"])
    s = from_spec_state(state)
    monkeypatch.setattr(search, "kernel_compiled", lambda: False)
    monkeypatch.setattr(search, "_compiling", None)
    monkeypatch.setattr(search, "_told", False)
    monkeypatch.setattr(subprocess, "Popen", BackgroundChild)
    monkeypatch.setenv("FOOLSOLVE_BACKGROUND_COMPILE", "1")

    def no_compiled_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the compiled search was asked for")

    monkeypatch.setattr(search, "search_for", no_compiled_search)
    BackgroundChild.started.clear()
    hurry = SolveOptions(extra={"pv": False}, deadline=time.monotonic() + 600)
    assert search.cold_in_a_hurry(s, "auto", hurry)
    want = {1: "win", 0: "draw", -1: "loss"}
    for _ in range(2):
        res = search.solve(state, hurry)
        assert [m.value for m in res.moves] == [want[v] for v in row["python"]["move_values"]]
        assert res.nodes == row["python"]["move_nodes"]  # the Python search's tree, node for node
    assert BackgroundChild.started == [[sys.executable, "-m", "foolsolve.solver.durak.compiled", "--background"]]

    # the rest asks solve itself which way it goes (search.background_first, a copy of its condition that
    # only these tests called, is gone): the Python search answering while a background child compiles, or not
    assert not hasattr(search, "background_first")
    compiled_search = object()
    monkeypatch.setattr(search, "search_for", lambda *args, **kwargs: compiled_search)
    monkeypatch.setattr(search, "_solve", lambda s, eg, *args: eg)  # the search that would answer, not its answer

    def background_first(options: SolveOptions, jit: bool | str = "auto") -> bool:
        BackgroundChild.started.clear()
        monkeypatch.setattr(search, "_compiling", None)
        monkeypatch.setattr(search, "_told", False)
        try:
            answering = search.solve(state, SolveOptions(max_nodes=options.max_nodes, deadline=options.deadline,
                                                         extra={**options.extra, "jit": jit}))
        except OptionError:  # jit=true in a hurry: no answer (its error), whether or not a child compiles
            return False
        return answering is not compiled_search and bool(BackgroundChild.started)

    assert background_first(hurry)
    # a node budget the Python search spends in seconds (a seat analysis' world) is a hurry too;
    # without either, with jit forced either way, or with background compiles off: not so
    assert background_first(SolveOptions(max_nodes=search.PYTHON_FIRST_NODES))
    assert not background_first(SolveOptions(max_nodes=search.PYTHON_FIRST_NODES + 1))
    assert not background_first(SolveOptions())
    assert not background_first(hurry, True) and not background_first(hurry, False)
    monkeypatch.setenv("FOOLSOLVE_BACKGROUND_COMPILE", "0")
    assert not background_first(hurry)
    monkeypatch.setenv("FOOLSOLVE_BACKGROUND_COMPILE", "1")
    monkeypatch.setattr(search, "kernel_compiled", lambda: True)
    assert not background_first(hurry)


DURAK_10V10 = {"game": "durak", "rules": {"variant": "simple", "deck": 36, "bout_limit": "six"}, "trump": None,
               "hands": [["6C", "7H", "JD", "9H", "10H", "AD", "QS", "9S", "KC", "JC"],
                         ["7D", "10D", "AS", "7C", "7S", "JH", "AC", "9C", "8H", "6S"]],
               "stock": [], "attacker": 0, "defender": 1, "table": [], "to_move": 0}
"""10v10, the stock empty: minutes of search for the Python search."""


@pytest.mark.parametrize("position", [DURAK_10V10, EIGHT["bench 8v8 #2"]["position"]], ids=["10v10", "8v8"])
def test_a_time_limit_bounds_a_solve_with_background_compiles_off(position: dict[str, object], monkeypatch) -> None:
    """``GameInfo.solve(state, SolveOptions(time_limit=T))`` with ``FOOLSOLVE_BACKGROUND_COMPILE=0``
    (as the tests set it) on a machine where the compiled search is not compiled: the Python search
    answers, stopped by the time limit (not by a node budget handed over to the compiled search),
    and nothing is compiled in the caller (a cold numba cache would compile for minutes past the
    limit); ``jit=true`` is a one-line error at once, saying why, rather than a compile past the
    limit."""
    from foolsolve import games

    monkeypatch.setattr(search, "kernel_compiled", lambda: False)
    monkeypatch.setattr(search, "_told", False)

    def no_compiled_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the compiled search was asked for")

    monkeypatch.setattr(search, "search_for", no_compiled_search)
    info = games.get("durak")
    assert info.solve is not None
    state = SPEC.state_from_json(position)
    with pytest.raises(SearchLimit) as caught:
        info.solve(state, SolveOptions(time_limit=0.5))
    assert caught.value.option == "time" and "within 0.5 s" in str(caught.value)
    with pytest.raises(OptionError, match=r"^SolveOptions\.extra jit: true asks for the compiled search, which is not"):
        info.solve(state, SolveOptions(time_limit=0.5, extra={"jit": True}))
    assert search._told  # said once (on a terminal) that nothing is compiled


def test_a_search_loaded_in_this_process_counts_as_compiled(tmp_path: Path, monkeypatch) -> None:
    """Where numba's cache holds nothing (a folder it cannot write, say), a compiled search this
    process has loaded already is used under a time limit, not the Python search (nor, with
    ``jit=true``, the error that it is not compiled)."""
    import types

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.delitem(sys.modules, "foolsolve.solver.durak.compiled", raising=False)
    assert not search.kernel_compiled()
    monkeypatch.setitem(sys.modules, "foolsolve.solver.durak.compiled", types.SimpleNamespace(_ready=False))
    assert not search.kernel_compiled()
    monkeypatch.setitem(sys.modules, "foolsolve.solver.durak.compiled", types.SimpleNamespace(_ready=True))
    assert search.kernel_compiled()


def test_a_time_limit_gives_the_solve_a_deadline() -> None:
    from foolsolve.solver.base import with_limits

    assert with_limits(SolveOptions()).deadline is None
    assert with_limits(SolveOptions(time_limit=5)).deadline is not None


@pytest.mark.parametrize(("module", "lock_name"), [("foolsolve.solver.durak.compiled", "durak-search-compile.lock"),
                                                   ("foolsolve.engines.durak_playout_compiled",
                                                    "durak-playout-compile.lock")])
def test_background_compile_steps_aside_while_another_holds_the_lock(tmp_path: Path, module: str,
                                                                     lock_name: str) -> None:
    """``python -m MODULE --background`` (the compiled search's, the compiled playout's) with the
    compile's lock taken exits at once, silent, compiling nothing; a wrong argument is a one-line
    usage error."""
    import fcntl

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    folder = tmp_path / "cache" / "foolsolve"
    folder.mkdir(parents=True)
    with open(folder / lock_name, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = subprocess.run([sys.executable, "-m", module, "--background"],
                              env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == done.stderr == ""
    assert not list((tmp_path / "numba").rglob("*.nbi"))
    wrong = subprocess.run([sys.executable, "-m", module, "--now"], env=env, capture_output=True, text=True, timeout=120)
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1


_AS_MAIN = """
import runpy, sys
from foolsolve.solver.durak import compiled
called = []
compiled.load = lambda *args, **kwargs: called.append(kwargs)
sys.argv = ["compiled"]
try:
    runpy.run_module("foolsolve.solver.durak.compiled", run_name="__main__")
except SystemExit as exc:
    print(called, exc.code)
"""

_PLAYOUT_AS_MAIN = """
import runpy, sys
from foolsolve import background
from foolsolve.engines import durak_kernel_compiled, durak_playout_compiled as module
called = []
module.cacheable = lambda: True
module.load = lambda *args, **kwargs: called.append(kwargs) or True
background.run_locked = lambda lock_name, work, source: work() and 0
def no_compile(*args, **kwargs):  # a compile of the __main__ copy (the old code) stops at once
    raise SystemExit("compiled the __main__ copy")
durak_kernel_compiled.bind = no_compile
sys.argv = ["durak_playout_compiled", "--background"]
try:
    runpy.run_module("foolsolve.engines.durak_playout_compiled", run_name="__main__")
except SystemExit as exc:
    print(called, exc.code)
"""


def test_python_m_compiles_in_the_package_module_not_in_a_main_copy() -> None:
    """``python -m foolsolve.solver.durak.compiled`` (the background compile runs it) compiles through
    the package's own module: a kernel compiled in the ``__main__`` copy went into numba's cache
    and raised Aborted at its first node in every later process. Here ``load`` of the package
    module is replaced: it is the one called (the old code compiled the copy for minutes instead)."""
    done = subprocess.run([sys.executable, "-c", _AS_MAIN], capture_output=True, text=True, timeout=600)
    assert done.stdout.strip() == "[{}] 0", done.stderr


def test_python_m_background_compiles_the_playout_in_the_package_module(tmp_path: Path) -> None:
    """``python -m foolsolve.engines.durak_playout_compiled --background`` (what the playout's
    background compile runs) compiles through the package's own module, as the compiled search's
    entry does (above): numba's cache keeps compiled code with references into the module it was
    compiled in. Here the package module's ``load`` (and ``cacheable``, and the lock) are replaced:
    that ``load`` is the one called. The old code ran the ``__main__`` copy's own ``load``, which
    probes an empty cache and then compiles (stopped at once here)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    done = subprocess.run([sys.executable, "-c", _PLAYOUT_AS_MAIN], env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.stdout.strip() == "[{}] 0", (done.stdout, done.stderr)


def test_ctrl_c_in_a_compile_says_what_it_stopped(tmp_path: Path) -> None:
    """Ctrl-C inside numba's compile is an empty KeyboardInterrupt; the compile's entry point
    re-raises it with one line saying what stopped and what is kept."""
    from foolsolve.errors import Stopped
    from foolsolve.solver.durak import compiled

    class Stop:
        signatures: tuple[str, ...] = ()
        stats = type("S", (), {"cache_hits": {}})()

        def compile(self, sig: str) -> None:
            raise KeyboardInterrupt

    with pytest.raises(Stopped) as caught:
        compiled.compile_kernels([("stop", Stop(), "int64(int64)")], False, None)
    assert str(caught.value) == caught.value.message == compiled.COMPILE_STOPPED
    assert isinstance(caught.value, KeyboardInterrupt)


class _FakePlayDispatcher:
    """numba's dispatcher of the compiled playout's ``_play``, faked: the cache probe a miss (its
    callees still plain Python: a TypingError), the compile then ``compile`` (a Ctrl-C inside it,
    or nothing)."""

    made: ClassVar[list[_FakePlayDispatcher]] = []

    def __init__(self, compile_raises: BaseException | None) -> None:
        self.raises = compile_raises
        self.made.append(self)

    def compile(self, sig: str) -> None:
        from numba.core.errors import TypingError

        if len(self.made) == 1:
            raise TypingError("a callee is a Python function")
        if self.raises is not None:
            raise self.raises

    def disable_compile(self) -> None:
        pass


@pytest.mark.parametrize("stop", [False, True])
def test_the_durak_playouts_compile_is_announced_off_a_terminal_and_ctrl_c_says_what_it_stopped(
        stop: bool, monkeypatch, capsys) -> None:
    """``FOOLSOLVE_DURAK_PLAYOUT=compiled`` on a cold cache compiles the playout where the engine
    asks for it: off a terminal (a notebook) the compile says so in one line as it starts, as the
    Durak search's does; a Ctrl-C inside numba's compile ends it with one line saying what stopped
    (a Stopped: exit 130 on the command line), never a bare KeyboardInterrupt."""
    from foolsolve.engines import durak_playout as dp
    from foolsolve.engines import durak_playout_compiled as dpc
    from foolsolve.errors import Stopped

    monkeypatch.setattr(_FakePlayDispatcher, "made", [])
    monkeypatch.setattr(dpc, "_compiled", None)
    monkeypatch.setattr(dp, "_native", None)
    monkeypatch.setattr(dpc, "_dispatcher", lambda: _FakePlayDispatcher(KeyboardInterrupt() if stop else None))
    monkeypatch.setenv("FOOLSOLVE_DURAK_PLAYOUT", "compiled")
    if stop:
        with pytest.raises(KeyboardInterrupt) as caught:
            dp.native()
        assert isinstance(caught.value, Stopped)
        assert str(caught.value) == "interrupted while compiling the Durak playout; the next run compiles it again"
    else:
        assert dp.native() is dpc.playout
    assert capsys.readouterr().err == ("foolsolve: compiling the Durak playout once (up to about half a minute; "
                                       "Ctrl-C stops it): 0 s\n")
    assert len(_FakePlayDispatcher.made) == 2  # the probe, then the compile


def test_the_durak_playouts_compile_is_rewritten_in_place_on_a_terminal(monkeypatch, capsys) -> None:
    """The line as the compile starts, rewritten in place by each tick of its ticker (one here, 12 s
    on a fake clock), and once more at the end, where it is kept."""
    from foolsolve import progress
    from foolsolve.engines import durak_playout_compiled as dpc

    clock = [0.0]

    def one_tick(self: progress.CompileLine) -> None:  # the ticker's thread: one rewrite, 12 s in
        clock[0] = 12.0
        self.show()

    monkeypatch.setattr(progress, "_now", lambda: clock[0])
    monkeypatch.setattr(progress.CompileLine, "_tick", one_tick)
    monkeypatch.setattr(_FakePlayDispatcher, "made", [])
    monkeypatch.setattr(dpc, "_compiled", None)
    monkeypatch.setattr(dpc, "_dispatcher", lambda: _FakePlayDispatcher(None))
    assert dpc.load(compile=True, announce=True)
    line = "compiling the Durak playout once (up to about half a minute; Ctrl-C stops it): "
    assert capsys.readouterr().err == f"\r{line}0 s\x1b[K\r{line}12 s\x1b[K\r{line}12 s\x1b[K\n"
    monkeypatch.setattr(dpc, "_compiled", None)
    monkeypatch.setattr(_FakePlayDispatcher, "made", [])
    assert dpc.load(compile=True, announce=False)  # the background compile: nothing said
    assert capsys.readouterr().err == ""


_PLAYOUT_COMPILE_STOPPED = """
import runpy, sys
from numba.core.errors import TypingError
from foolsolve.engines import durak_kernel, durak_playout_compiled as module
made = []
class Fake:
    def __init__(self):
        made.append(self)
    def compile(self, sig):
        if module.fool is durak_kernel.fool:  # the cache probe: its callees plain Python, a miss
            raise TypingError("a miss")
        raise KeyboardInterrupt  # Ctrl-C inside numba's compile
module._dispatcher = Fake
module.cacheable = lambda: True
sys.argv = ["durak_playout_compiled"]
runpy.run_module("foolsolve.engines.durak_playout_compiled", run_name="__main__")
"""


def test_ctrl_c_in_the_python_m_compile_is_one_line_and_exit_130() -> None:
    """``python -m foolsolve.engines.durak_playout_compiled`` (as the Durak search's and Foolery's
    commands that compile ahead of time) ends a Ctrl-C in the compile as ``foolsolve`` does: the
    compile's line, the one line saying what stopped, exit 130; no traceback."""
    done = subprocess.run([sys.executable, "-c", _PLAYOUT_COMPILE_STOPPED], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 130, done.stderr
    assert [line for line in done.stderr.splitlines() if "RuntimeWarning" not in line] == [
        "foolsolve: compiling the Durak playout once (up to about half a minute; Ctrl-C stops it): 0 s",
        "foolsolve: interrupted while compiling the Durak playout; the next run compiles it again"]


def test_time_1_on_a_full_position_answers_with_an_estimate_when_the_load_holds_the_machine_past_it(
        monkeypatch) -> None:
    """``foolsolve.answer(POSITION, time=1)`` on a 10v10 the compiled search covers, fresh in numba's
    cache but not loaded, where the load holds the machine past the whole second: a fake load whose
    wait moves a fake clock 100 s on. The Python search stops at once, the open-hand search's
    one-playout pass is finished past the time, and the answer is that estimate, labelled so, not an
    error."""
    import time

    import foolsolve
    from foolsolve.solver.durak import compiled

    skew = [0.0]
    real_perf, real_mono = time.perf_counter, time.monotonic
    monkeypatch.setattr(time, "perf_counter", lambda: real_perf() + skew[0])
    monkeypatch.setattr(time, "monotonic", lambda: real_mono() + skew[0])

    class SlowLoad:
        result = None
        done = __import__("threading").Event()
        started = time.monotonic()

        def wait(self, seconds: float) -> None:
            skew[0] += 100.0  # the load (numba's import) held the machine far past the time
            return None

    def no_compiled_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the compiled search was asked for")

    monkeypatch.setattr(compiled, "_ready", False)
    monkeypatch.setattr(search, "kernel_compiled", lambda: True)  # fresh in numba's cache
    monkeypatch.setattr(search, "_loader", SlowLoad(), raising=False)
    monkeypatch.setattr(search, "search_for", no_compiled_search)
    solved = foolsolve.answer(DURAK_10V10, time=1)
    assert solved.moves and solved.value is not None
    notes = " | ".join(solved.notes)
    assert "the exact solver did not finish within" in notes, notes
    assert "the compiled search was still loading" in notes, notes
    assert "each move is valued by one playout" in notes, notes
    assert "that pass finished past the time" in notes, notes


def test_a_batch_loads_the_compiled_search_before_the_first_lines_clock(monkeypatch) -> None:
    """The compiled search fresh in numba's cache, not loaded by this process yet: a batch with
    --time waits for its load once, before the clock of the first line that would use it starts
    (a fake load of 0.6 s, with LOAD_SHARE 0 a solve would not wait for it at all), so identical
    lines get the same answer, none of them searched by the Python search while the load went on;
    the summary reports the warm-up. (The compiled search is stood in for by the Python one, the
    same tree, and JIT_MIN_CARDS lowered to 10 so that cheap 5v5 lines use it.)"""
    import random
    import threading
    import time

    from foolsolve import batch
    from foolsolve.solver.durak import compiled
    from tests.generic.batch_helpers import endgame

    loads: list[threading.Thread] = []

    def slow_load() -> bool:
        loads.append(threading.current_thread())
        time.sleep(0.6)
        compiled._ready = True
        return True

    monkeypatch.setattr(compiled, "load_cached", slow_load, raising=False)
    monkeypatch.setattr(compiled, "_ready", False)
    monkeypatch.setattr(search, "kernel_in_cache", lambda: True)  # fresh in numba's cache
    monkeypatch.setattr(search, "_loader", None, raising=False)
    monkeypatch.setattr(search, "LOAD_SHARE", 0.0, raising=False)
    monkeypatch.setattr(search, "JIT_MIN_CARDS", 10)
    monkeypatch.setattr(search, "search_for", lambda s, reductions=None, options=None, jit="auto":
                        search.endgame_for(s, reductions, options))
    line = json.dumps(endgame(5, random.Random("warm:5")))
    records: list[dict[str, object]] = []
    summary = batch.run([(1, line, None), (2, line, None), (3, line, None)], lambda rec, job: records.append(rec),
                        batch.Settings(time_limit=60))
    assert len(loads) == 1 and summary.errors == 0
    results = [rec["result"] for rec in records]
    assert not any("still loading" in n for r in results for n in r["notes"]), [r["notes"] for r in results]
    strip = [{k: v for k, v in r.items() if k not in ("seconds", "nodes")} for r in results]
    assert strip[0] == strip[1] == strip[2]
    assert summary.warm_ups == 1 and summary.warm_up_seconds >= 0.5
    assert "warm-up before the first line's clock" in summary.text()


def test_a_time_limit_error_names_the_compiled_searchs_load() -> None:
    """A line whose time ran out while the Python search searched for want of the compiled one
    (still loading) says so in its one-line error."""
    from foolsolve.solver.base import limit_text

    exc = SearchLimit("--time: no exact answer within 3 s", option="time")
    exc.searched_by = ("the Python search searched (the same tree, slower): the compiled search was still loading "
                       "from numba's cache after 0.8 s")
    text = limit_text(exc, SolveOptions(time_limit=3.0))
    assert text.startswith("--time: no exact answer within 3 s (the Python search searched") and "still loading" in text
    assert "\n" not in text
    plain = SearchLimit("--time: no exact answer within 3 s", option="time")
    assert limit_text(plain, SolveOptions(time_limit=3.0)) == "--time: no exact answer within 3 s"
