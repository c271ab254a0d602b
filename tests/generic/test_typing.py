"""What a type checker sees of foolsolve (docs/python.md, "Type checking"): ``mypy --strict`` on a
user's code over the package as installed (laid out as ``.ci/mypy`` lays it, by links) flags a
misspelt foolsolve name, types ``answer`` by its arguments where they decide it (``open_hand=True``:
a ``Solved``), ``Position.perft`` by ``divide``, ``Position.worlds`` as ``Worlds``, takes
``answer``'s typed keywords in ``answer_text`` and ``Position.answer``, and passes the Python
sessions of docs/python.md as they are written.

One mypy run serves every test here. Kept cheap: the modules no public signature reads (the CLI,
the store, spec/, engines/, solver/ but ``solver.base``) and third-party packages are skipped
(``Any`` to the checker); the public modules are read."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.generic.test_docs_run import sessions

ROOT = Path(__file__).resolve().parents[2]

CONFIG = """\
[mypy]
python_version = 3.11
strict = True
follow_imports = silent
mypy_path = {stage}

[mypy-foolsolve.cli,foolsolve.store,foolsolve.executor,foolsolve.progress,foolsolve.perft,foolsolve.textout,\
foolsolve.present,foolsolve.spec.*,foolsolve.engines.*,foolsolve.proofs.*,foolsolve.solver.*,rich.*,markdown_it.*,\
attr.*,attrs.*,numpy.*,numba.*,llvmlite.*,z3.*,networkx.*,jsonschema.*,click.*,dask.*,distributed.*,scipy.*]
follow_imports = skip
ignore_missing_imports = True

[mypy-foolsolve.solver.base]
follow_imports = silent
"""

USER_CODE = '''\
from pathlib import Path
from typing import assert_type

import foolsolve
from foolsolve import Position, SeatAnswer, Solved, Worlds
from foolsolve import anwser  # E: attr-defined
from foolsolve.solver.base import Value


def check(pos: Position, path: Path, flag: bool) -> None:
    assert_type(foolsolve.answer(pos, open_hand=True), Solved)
    assert_type(foolsolve.answer(path, open_hand=True, time=5, options={"player": 2}), Solved)
    assert_type(foolsolve.answer(pos), Solved | SeatAnswer)
    assert_type(foolsolve.answer(path, samples=5, seed=1), Solved | SeatAnswer)
    assert_type(foolsolve.answer(pos, open_hand=flag), Solved | SeatAnswer)
    assert_type(pos.answer(open_hand=True), Solved)
    assert_type(pos.answer(as_player=1), Solved | SeatAnswer)
    assert_type(foolsolve.answer_text(pos, samples=3, open_hand=False), str)
    assert_type(pos.worlds(), Worlds)
    assert_type(pos.worlds().count(), int | None)
    assert_type(pos.perft(2), int)
    assert_type(pos.perft(2, divide=False), int)
    assert_type(pos.perft(2, divide=True), dict[str, int])
    assert_type(pos.perft(2, True, time=1), dict[str, int])
    assert_type(pos.perft(2, divide=flag), int | dict[str, int])
    solved = foolsolve.answer(pos, open_hand=True)
    assert_type(solved.value, Value | None)
    assert_type(solved.moves[0].value, Value)
    foolsolve.anwser(pos)  # E: attr-defined
    x: foolsolve.Solvd  # E: name-defined
    foolsolve.answer(pos, samples="10")  # E: call-overload
    foolsolve.answer(pos, sample=3)  # E: call-overload
    foolsolve.answer_text(pos, samples="10")  # E: arg-type
    foolsolve.answer_text(pos, sample=3)  # E: call-arg
    pos.answer(samples="10")  # E: call-overload
    pos.worlds().count_typo()  # E: attr-defined
'''


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[int, str]]]:
    """``{file: [(line, error code), ...]}`` of one mypy run on the user's code and the docs' sessions."""
    api = pytest.importorskip("mypy.api")
    work = tmp_path_factory.mktemp("typing")
    stage = work / "stage" / "foolsolve"  # the package as installed: spec/, engines/ ... inside it
    stage.mkdir(parents=True)
    for entry in (ROOT / "foolsolve").iterdir():
        if entry.name != "__pycache__":
            os.symlink(entry, stage / entry.name)
    for folder in ("spec", "engines", "solver", "proofs"):
        os.symlink(ROOT / folder, stage / folder)
    (work / "mypy.ini").write_text(CONFIG.format(stage=stage.parent), encoding="utf-8")
    (work / "user_code.py").write_text(USER_CODE, encoding="utf-8")
    docs = "\n".join(source for _, source, _ in sessions(ROOT / "docs" / "python.md"))
    (work / "python_md.py").write_text(docs + "\n", encoding="utf-8")
    out, err, status = api.run(["--config-file", str(work / "mypy.ini"), "--cache-dir", str(work / "cache"),
                                "--no-error-summary", "--show-error-codes", str(work / "user_code.py"),
                                str(work / "python_md.py")])
    assert status in (0, 1) and not err, err
    found: dict[str, list[tuple[int, str]]] = {"user_code.py": [], "python_md.py": []}
    for line in out.splitlines():
        m = re.match(r"(.+?):(\d+): error: .*\[([\w-]+)\]$", line)
        assert m is not None or ": note: " in line, line
        if m is not None:
            found[Path(m[1]).name].append((int(m[2]), m[3]))
    return found


def test_the_declared_types_hold_and_misspelt_names_are_errors(checked: dict[str, list[tuple[int, str]]]) -> None:
    expected = [(number, m[1]) for number, line in enumerate(USER_CODE.splitlines(), start=1)
                if (m := re.search(r"# E: ([\w-]+)$", line))]
    assert sorted(set(checked["user_code.py"])) == expected  # (a call no overload takes may get two lines)


def test_the_python_pages_sessions_type_check(checked: dict[str, list[tuple[int, str]]]) -> None:
    assert checked["python_md.py"] == []
