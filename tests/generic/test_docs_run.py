"""The command transcripts of README.md and docs/*.md are run, so a changed output fails here (as
python-chess runs its README's examples).

A transcript is a fenced block whose first line starts with ``$ `` and that shows some output: each
``$ COMMAND`` line is run by bash in one temporary folder per block (with the repository's
``foolsolve/examples``; files a command writes are there for the next), standard error into standard
output, and what it prints must be the lines below it up to the next ``$`` line. A block of ``$``
lines without any output is a list of commands to try, not a transcript, and is not run.

Only what truly varies between runs is normalised: wall-clock times (``in 25.4 s``, ``1.3 ms``) and
search rates (``24,221 nodes/s``, ``50.9 worlds/s``). A transcript that shortens its output with ``...`` is an excerpt:
``...`` inside a line stands for any text, and its lines must appear in the output in order (lines
between them may be left out); every other transcript must match line for line.

Python sessions are run too: a fenced block whose first line starts with ``>>> `` is a piece of an
interactive session (``>>> `` a statement, ``... `` its continuation lines, the lines below up to the
next ``>>> `` what it prints or echoes). Every session block of a page runs in order in one
interpreter (one namespace, as a notebook's cells), in its own temporary folder set up as for the
transcripts, and each statement's output is compared as a transcript's is (the same normalising,
``...`` an excerpt). An exception prints as the interpreter prints it: ``Traceback (most recent call
last):``, then, after the frames, ``module.Class: message``; show it as ``Traceback ...``, ``...``
and the last line.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
VARIES = [
    (re.compile(r"\bin \d+(\.\d+)? s\b"), "in <seconds> s"),
    (re.compile(r"\b\d+(\.\d+)? ms\b"), "<ms> ms"),
    (re.compile(r"\([\d,]+ nodes/s\)"), "(<rate> nodes/s)"),
    (re.compile(r"\([\d,]+(\.\d+)? worlds/s\)"), "(<rate> worlds/s)"),
]


def _fenced(page: Path) -> list[tuple[int, list[str]]]:
    """Every fenced block of a page: the index of its first line and its lines."""
    out = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("```"):
            i += 1
            continue
        start = end = i + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        out.append((start, lines[start:end]))
        i = end + 1
    return out


def _trim(expected: list[str]) -> None:
    while expected and not expected[-1].strip():
        expected.pop()


def transcripts(page: Path) -> list[tuple[int, list[tuple[str, list[str]]]]]:
    """Every transcript of a page: its line number and its (command, expected lines) steps."""
    out = []
    for start, block in _fenced(page):
        if block and block[0].startswith("$ "):
            steps: list[tuple[str, list[str]]] = []
            for line in block:
                if line.startswith("$ "):
                    steps.append((line[2:], []))
                else:
                    steps[-1][1].append(line)
            for _, expected in steps:
                _trim(expected)
            if any(expected for _, expected in steps):  # commands alone, without output, are a usage list
                out.append((start, steps))
    return out


CASES = [pytest.param(page, steps, id=f"{page.relative_to(ROOT)}:{line}")
         for page in PAGES for line, steps in transcripts(page)]


def sessions(page: Path) -> list[tuple[int, str, list[str]]]:
    """Every statement of the page's Python session blocks: its line number, its source and the
    lines it must print."""
    out: list[tuple[int, str, list[str]]] = []
    for start, block in _fenced(page):
        if block and block[0].startswith(">>> "):
            for number, line in enumerate(block, start=start):
                if line.startswith(">>> ") or line == ">>>":
                    out.append((number + 1, line[4:], []))
                elif (line.startswith("... ") or line == "...") and not out[-1][2]:
                    out[-1] = (out[-1][0], out[-1][1] + "\n" + line[4:], [])
                else:
                    out[-1][2].append(line)
            for _, _, expected in out:
                _trim(expected)
    return out


SESSIONS = [pytest.param(page, steps, id=str(page.relative_to(ROOT))) for page in PAGES
            if (steps := sessions(page))]

_SESSION = """
import contextlib, io, json, sys, traceback
steps = json.load(sys.stdin)
namespace = {"__name__": "__main__"}
printed = []
for line, source in steps:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(source + "\\n", f"line {line}", "single"), namespace)
        except Exception as exc:
            name = type(exc).__qualname__
            module = type(exc).__module__
            print("Traceback (most recent call last):")
            print("".join(traceback.format_tb(exc.__traceback__)).rstrip())
            print(f"{name if module == 'builtins' else module + '.' + name}: {exc}")
    printed.append(out.getvalue())
sys.stdout.write(json.dumps(printed))
"""


def test_the_python_page_has_sessions():
    assert any(page.name == "python.md" for page, *_ in (p.values for p in SESSIONS))


@pytest.mark.parametrize("page,steps", SESSIONS)
def test_a_documented_python_session_prints_what_it_shows(page: Path, steps, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "foolsolve" / "examples", tmp_path / "foolsolve" / "examples")
    env = dict(os.environ, COLUMNS="100")
    env.pop("FOOLSOLVE_DEBUG", None)
    env["FOOLSOLVE_STORE"] = str(tmp_path / "results.sqlite3")
    # -P: the folder's foolsolve/examples must not stand for the package
    proc = subprocess.run([sys.executable, "-P", "-c", _SESSION], cwd=tmp_path, env=env, input=json.dumps(
        [(line, source) for line, source, _ in steps]), capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    for (line, source, expected), printed in zip(steps, json.loads(proc.stdout), strict=True):
        actual = printed.rstrip("\n").splitlines() if printed.strip() else []
        assert agree(expected, actual), (f"{page.name}:{line}: >>> {source}\n--- documented\n" + "\n".join(expected)
                                         + "\n--- printed\n" + "\n".join(actual))


def normalise(line: str) -> str:
    for pattern, repl in VARIES:
        line = pattern.sub(repl, line)
    return line.rstrip()


def _matches(want: str, got: str) -> bool:
    parts = [re.escape(p) for p in normalise(want).split("...")]
    return re.fullmatch(".*".join(parts), normalise(got)) is not None


def agree(expected: list[str], actual: list[str]) -> bool:
    """Line for line, or, for an excerpt (``...`` in it), its lines in order among the output's."""
    if not any("..." in line for line in expected):
        return [normalise(x) for x in expected] == [normalise(x) for x in actual]
    k = 0
    for line in actual:
        if k < len(expected) and _matches(expected[k], line):
            k += 1
    return k == len(expected)


_PLACEHOLDER = re.compile(r"[\[|]|\b[A-Z]+\b")
_QUOTED_ARG = re.compile(r"\"[^\"]*\"|'[^']*'")


def command_tables(page: Path) -> list[tuple[int, list[str]]]:
    """Every command table of a page: its line number and its concrete commands, in order."""
    out = []
    for start, block in _fenced(page):
        lines = [line for line in block if line.strip()]
        if not lines or not all(line.startswith("foolsolve ") for line in lines):
            continue
        split = [re.split(r"\s{2,}", line.rstrip(), maxsplit=1) for line in lines]
        if not any(len(parts) == 2 for parts in split):  # a bare list of commands: a usage synopsis
            continue
        # a placeholder (POSITION.json, N, [--json], A|B) outside the quoted arguments, '...' or "..."
        commands = [parts[0] for parts in split if not _PLACEHOLDER.search(_QUOTED_ARG.sub("", parts[0]))]
        if commands:
            out.append((start, commands))
    return out


TABLES = [pytest.param(page, commands, id=f"{page.relative_to(ROOT)}:{line}")
          for page in PAGES for line, commands in command_tables(page)]


def test_the_three_fools_command_table_is_checked():
    assert any(page.name == "three-fools.md" for page, *_ in (p.values for p in TABLES))


def _sandbox(tmp_path: Path) -> Callable[[str], subprocess.CompletedProcess[str]]:
    """A run of a documented command in ``tmp_path`` (the examples copied there, its own result
    store, 100 columns, this interpreter's ``foolsolve`` first on PATH)."""
    shutil.copytree(ROOT / "foolsolve" / "examples", tmp_path / "foolsolve" / "examples")
    env = dict(os.environ, COLUMNS="100", PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    env.pop("FOOLSOLVE_DEBUG", None)
    env["FOOLSOLVE_STORE"] = str(tmp_path / "results.sqlite3")
    return lambda command: subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)


def test_a_command_table_skips_placeholders_but_not_quoted_capitals(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text("```\n"
                    "foolsolve play g.json 'lead 7R as P'   quoted capitals are an argument\n"
                    'foolsolve play g.json "first 2" flip    so are these\n'
                    "foolsolve show POSITION.json           a placeholder\n"
                    "foolsolve moves g.json --as N          another\n"
                    "foolsolve rules [GAME]                 and another\n"
                    "```\n", encoding="utf-8")
    assert command_tables(page) == [(1, ["foolsolve play g.json 'lead 7R as P'",
                                         'foolsolve play g.json "first 2" flip'])]


@pytest.mark.parametrize("page,commands", TABLES)
def test_a_documented_command_table_runs(page: Path, commands, tmp_path: Path) -> None:
    run_it = _sandbox(tmp_path)
    for command in commands:
        proc = run_it(command)
        assert proc.returncode == 0, f"$ {command}\nexit {proc.returncode}\n{proc.stdout}"


def test_the_docs_have_transcripts():
    assert len(CASES) >= 8


@pytest.mark.parametrize("page,steps", CASES)
def test_a_documented_transcript_prints_what_it_shows(page: Path, steps, tmp_path: Path) -> None:
    run_it = _sandbox(tmp_path)
    for command, expected in steps:
        proc = run_it(command)
        actual = proc.stdout.rstrip("\n").splitlines() if proc.stdout.strip() else []
        assert agree(expected, actual), (f"$ {command}\n--- documented\n" + "\n".join(expected)
                                         + "\n--- printed\n" + "\n".join(actual))
