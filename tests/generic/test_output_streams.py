"""Standard output closed (``>&-``) and standard output or error in an encoding that lacks the card
suits (``PYTHONIOENCODING=latin-1``, ``ascii``): a one-line error, exit 2, or the text in ASCII
-- never an internal error (exit 1). foolsolve/cli.py ``main``, foolsolve/textout.py."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from foolsolve.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
ENDGAME = str(EXAMPLES / "durak-endgame.json")
CLOSED = "foolsolve: error: standard output: cannot write (closed)"


def _call(argv: list[str], out: io.TextIOWrapper | None, err_encoding: str = "utf-8",
          stdin: bytes = b"") -> tuple[int, str]:
    """``foolsolve ARGV`` in this process with ``out`` as standard output and a strict standard
    error in ``err_encoding`` (a character it lacks is a crash): exit code and standard error."""
    saved = sys.stdin, sys.stdout, sys.stderr
    err = io.TextIOWrapper(io.BytesIO(), encoding=err_encoding, errors="strict")
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = out, err  # type: ignore[assignment]
    code = 0
    try:
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if out is not None:
            out.flush()
        err.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, err.buffer.getvalue().decode(err_encoding)  # type: ignore[attr-defined]


@pytest.mark.parametrize("argv", [
    ["deal", "durak", "--out", "-"],
    ["show", ENDGAME, "--svg", "-"],
    ["report", ENDGAME, "--out", "-", "--no-store"],
    ["view", ENDGAME, "--as", "0", "--out", "-"],
    ["store", "export", "--out", "-"],
    ["batch", "-", "--no-store"],
    ["show", ENDGAME],
    ["games"],
])
def test_closed_standard_output_is_a_one_line_error(argv: list[str]) -> None:
    # the '--out -' writers crashed (exit 1: 'NoneType' object has no attribute 'write' / 'buffer');
    # the others exited 0 with their output lost
    code, err = _call(argv, None, stdin=f'"{ENDGAME}"\n'.encode())
    assert (code, err) == (2, CLOSED + "\n")


def test_closed_standard_output_of_a_process() -> None:
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"}
    done = subprocess.run(["sh", "-c", '"$@" >&-', "sh", sys.executable, "-m", "foolsolve", "deal", "durak",
                           "--out", "-"], stderr=subprocess.PIPE, text=True, env=env, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (2, CLOSED + "\n")


def _stream(encoding: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict")


@pytest.mark.parametrize("encoding", ["latin-1", "ascii", "cp1252"])
@pytest.mark.parametrize("argv, has", [
    (["show", ENDGAME], "player 0 (attacker): 9D 6H KH"),
    ([ENDGAME, "--no-store"], "Best: attack KH"),
    (["moves", ENDGAME], "attack 9D"),
    (["why", ENDGAME, "attack 9♦"], "attack 9D is legal"),
    (["rules", "durak"], "rules read from"),
    (["show", str(EXAMPLES / "views" / "durak-fresh-deal.json")], "player 0"),
    ([ENDGAME, "--no-store", "--json"], '"best": ["attack K\\u2665"]'),
    (["moves", ENDGAME, "--json", "--ascii"], '["attack 9D", "attack 6H", "attack KH"]'),
])
def test_text_in_an_encoding_without_the_suits_is_written_in_ascii(encoding: str, argv: list[str], has: str) -> None:
    # latin-1 and the like crashed (exit 1: UnicodeEncodeError on the suits); ascii wrote UTF-8
    out = _stream(encoding)
    code, err = _call(argv, out, encoding)
    assert code == 0, err
    text = out.buffer.getvalue().decode(encoding)
    assert has in text, text


@pytest.mark.parametrize("env, printed", [({"LC_ALL": "C"}, "attack 9♦"), ({"PYTHONIOENCODING": "ascii"}, "attack 9D")])
def test_ascii_moves_come_from_pythonioencoding_not_from_the_c_locale(env: dict[str, str], printed: str) -> None:
    """What README.md and docs/results.md say: under LC_ALL=C CPython runs in UTF-8 mode and the
    suits are printed; PYTHONIOENCODING=ascii writes them as letters."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIOENCODING", "PYTHONUTF8"))}
    done = subprocess.run([sys.executable, "-m", "foolsolve", "moves", ENDGAME], capture_output=True, timeout=120,
                          env={**base, "FOOLSOLVE_BACKGROUND_COMPILE": "0", **env}, check=False)
    assert done.returncode == 0, done.stderr
    assert printed in done.stdout.decode("utf-8").splitlines()


@pytest.mark.parametrize("seat", [[], ["--seat", "0", "--samples", "2"]])
def test_the_interactive_game_reads_cards_with_suits_in_an_ascii_locale(seat: list[str]) -> None:
    # piped commands with a suit (attack 9♦) ended the game at once in an ASCII locale: "standard
    # input: not UTF-8 text", exit 2, before the first command, which was UTF-8
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0", "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "foolsolve", "play", ENDGAME, "--interactive", "--no-store", *seat],
                          input="hint\nwhy attack 8♦\nattack 9♦\nquit\n".encode(), capture_output=True, env=env,
                          timeout=120, check=False)
    text = done.stdout.decode("ascii")
    assert done.returncode == 0, done.stderr
    assert "attack KH" in text and "attack 8D is not legal" in text and "player 0 (you): attack 9D" in text, text


def test_a_line_that_is_no_text_ends_the_interactive_game_with_one_line() -> None:
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0"}
    done = subprocess.run([sys.executable, "-m", "foolsolve", "play", ENDGAME, "--interactive", "--no-store"],
                          input=b"hint\n\xff\xfe\nquit\n", capture_output=True, env=env, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (2, b"foolsolve: error: standard input: a line that is not UTF-8 text\n")
    assert b"attack K" in done.stdout  # the hint before it was answered


def test_text_in_utf8_keeps_the_suits() -> None:
    out = _stream("utf-8")
    code, err = _call(["show", ENDGAME], out)
    assert code == 0, err
    assert "9♦ 6♥ K♥" in out.buffer.getvalue().decode("utf-8")


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
@pytest.mark.parametrize("argv, has", [
    (["show", ENDGAME, "--svg", "-"], "♦"),
    (["report", ENDGAME, "--out", "-", "--no-store"], "—"),
    (["deal", "durak", "--out", "-", "--seed", "1"], '"game": "durak"'),
])
def test_files_written_to_standard_output_are_utf8(encoding: str, argv: list[str], has: str) -> None:
    # an SVG or HTML page declares UTF-8: it crashed (exit 1: UnicodeEncodeError) in ascii or latin-1
    out = _stream(encoding)
    code, err = _call(argv, out, encoding)
    assert code == 0, err
    assert has in out.buffer.getvalue().decode("utf-8")


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_an_error_naming_a_card_in_an_encoding_without_the_suits(encoding: str, json_flag: list[str]) -> None:
    """One line: the plain error writes the card as position files do (8D), the JSON error object as
    a JSON escape (8\u2666), as JSON on standard output does."""
    code, err = _call(["play", ENDGAME, "attack 8♦", *json_flag], _stream(encoding), encoding)
    assert code == 2 and len(err.splitlines()) == 1, err
    if json_flag:
        assert "no card 8\\u2666 in player 0's hand" in err and "no card 8♦ in player 0's hand" in json.loads(err)["error"]
    else:
        assert "no card 8D in player 0's hand" in err, err


def test_the_encoding_is_tried_not_named() -> None:
    from foolsolve.textout import holds_all

    assert holds_all("utf-8") and holds_all("utf-16") and holds_all("UTF8")
    assert not holds_all("latin-1") and not holds_all("ascii") and not holds_all("cp437")
    assert not holds_all("no-such-encoding")


def _unwritable_stderr(argv: list[str], how: str, stdin: str = "", env: dict[str, str] | None = None
                       ) -> subprocess.CompletedProcess[str]:
    """``foolsolve ARGV`` in a process whose standard error cannot be written: ``full`` (``2>/dev/full``,
    every write fails) or ``closed`` (``2>&-``)."""
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0", **(env or {})}
    redirect = "2>/dev/full" if how == "full" else "2>&-"
    return subprocess.run(["sh", "-c", f'"$@" {redirect}', "sh", sys.executable, "-m", "foolsolve", *argv],
                          input=stdin, stdout=subprocess.PIPE, text=True, env=env, timeout=120, check=False)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("how", ["full", "closed"])
def test_standard_error_that_cannot_be_written_changes_no_exit_code(tmp_path: Path, how: str) -> None:
    """With standard error on /dev/full or closed, a batch that writes every record, an oracle that
    answers and a bad position file exit with the command's own code (0, or 2 for bad input), the
    output whole: a summary, warning or error line that cannot be written is dropped, never an
    internal error."""
    listing = tmp_path / "list.jsonl"
    listing.write_text(f'"{ENDGAME}"\n')
    done = _unwritable_stderr(["batch", str(listing)], how)
    assert done.returncode == 0 and [json.loads(line)["line"] for line in done.stdout.splitlines()] == [1]
    done = _unwritable_stderr(["oracle"], how, stdin=json.dumps({"op": "moves", "position": ENDGAME}) + "\n")
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1
    done = _unwritable_stderr([str(tmp_path / "nonexist.json")], how)
    assert (done.returncode, done.stdout) == (2, "")
    # a warning on standard error (a default store that cannot be opened) neither fails nor lands on standard output
    (tmp_path / "a-file").write_text("")
    done = _unwritable_stderr([ENDGAME, "--json"], how, env={"FOOLSOLVE_STORE": "",
                                                              "XDG_CACHE_HOME": str(tmp_path / "a-file" / "c")})
    assert done.returncode == 0 and json.loads(done.stdout)["game"] == "durak"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_file_name_the_encoding_lacks_is_escaped_not_written_as_another_name(tmp_path: Path, encoding: str) -> None:
    """Under an encoding without some of a file name's characters, messages write those as backslash
    escapes, never as the ASCII text the card suits get ('.../Ärger ♠ ü/pos.json' as
    '.../Arger S u/pos.json' would name another file); UTF-8 keeps the name."""
    folder = tmp_path / "Ärger ♠ ü"
    folder.mkdir()
    escaped = str(folder).encode(encoding, "backslashreplace").decode(encoding)
    assert "\\u2660" in escaped
    code, err = _call([str(folder / "nope.json")], _stream(encoding), err_encoding=encoding)
    assert code == 2 and err.startswith(f"foolsolve: error: {escaped}/nope.json: cannot read ("), err
    assert "Arger" not in err and " S " not in err
    code, err = _call(["deal", "durak", "--out", str(folder / "no" / "x.json")], _stream(encoding),
                      err_encoding=encoding)
    assert code == 2 and f"no folder {escaped}/no)" in err, err
    out = _stream(encoding)
    code, _ = _call(["deal", "durak", "--seed", "1", "--out", str(folder / "x.json")], out, err_encoding=encoding)
    assert code == 0 and out.buffer.getvalue().decode(encoding) == f"wrote {escaped}/x.json\n"  # type: ignore[attr-defined]
    out = _stream("utf-8")
    code, err = _call([str(folder / "nope.json")], out)
    assert code == 2 and err.startswith(f"foolsolve: error: {folder}/nope.json: cannot read (")


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_json_results_in_an_encoding_without_the_suits_are_one_json_everywhere(tmp_path: Path, encoding: str) -> None:
    """Under PYTHONIOENCODING=ascii 'foolsolve A.json B.json --json' and 'foolsolve batch' write the
    same records: JSON on standard output writes what the encoding lacks as JSON escapes,
    "attack 9\\u2666", in both, so a program reads the strings a UTF-8 terminal gets; --ascii asks
    for the position files' card names."""
    listing = tmp_path / "list.jsonl"
    listing.write_text(f'"{ENDGAME}"\n')
    texts = {}
    for name, argv in (("batch", ["batch", str(listing), "--no-store"]),
                       ("solve", ["solve", ENDGAME, ENDGAME, "--json", "--no-store"]),
                       ("utf-8", ["batch", str(listing), "--no-store"])):
        out = _stream("utf-8" if name == "utf-8" else encoding)
        code, err = _call(argv, out, "utf-8" if name == "utf-8" else encoding)
        assert code == 0, err
        texts[name] = out.buffer.getvalue().decode("utf-8" if name == "utf-8" else encoding)  # type: ignore[attr-defined]
    assert '"attack 9\\u2666"' in texts["batch"] and '"attack 9\\u2666"' in texts["solve"]
    assert "9D" not in texts["batch"] + texts["solve"] and "\u2666" not in texts["batch"] + texts["solve"]
    records = {k: json.loads(v.splitlines()[0]) for k, v in texts.items()}
    for record in records.values():
        record["result"].pop("seconds")
    assert records["batch"] == records["solve"] == records["utf-8"]
    assert '"attack 9\u2666"' in texts["utf-8"]  # a UTF-8 stream keeps the suits


def test_solve_batch_and_report_take_ascii(tmp_path: Path) -> None:
    """solve, batch and report take --ascii as moves, play, perft, why and show do: a UTF-8
    terminal gets the cards as position files write them, in text and JSON."""
    listing = tmp_path / "list.jsonl"
    listing.write_text(f'"{ENDGAME}"\n')
    for argv, has in (([ENDGAME, "--no-store", "--ascii"], "Best: attack KH"),
                      (["solve", ENDGAME, ENDGAME, "--json", "--no-store", "--ascii"], '"best": ["attack KH"]'),
                      (["batch", str(listing), "--no-store", "--ascii"], '"best": ["attack KH"]'),
                      (["report", ENDGAME, "--no-store", "--ascii", "--out", str(tmp_path / "r.html")], "wrote ")):
        out = _stream("utf-8")
        code, err = _call(argv, out)
        text = out.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
        assert code == 0 and has in text and "♥" not in text, (argv, err)


def test_json_errors_in_an_encoding_without_the_suits_write_json_escapes(tmp_path: Path) -> None:
    """Under PYTHONIOENCODING=ascii the error object of a command given --json (on standard error)
    writes the suits as JSON escapes, "7\\u2666", as its results on standard output do, so a program
    reads the message a UTF-8 terminal gets; --ascii asks for the position files' card names there
    too, and the plain text error keeps them (7D)."""
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps({"game": "durak", "trump": "S", "hands": [["6H", "9D"], ["7D", "8C"]], "stock": [],
                               "attacker": 0, "defender": 1}))
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "FOOLSOLVE_BACKGROUND_COMPILE": "0"}

    def err_of(*extra: str) -> str:
        done = subprocess.run([sys.executable, "-m", "foolsolve", "play", str(pos), "attack 7\u2666", *extra],
                              capture_output=True, timeout=120, env=env)
        assert done.returncode == 2, done.stderr
        return done.stderr.decode("ascii")

    line = err_of("--json")
    assert json.loads(line)["error"].startswith('move 1 ("attack 7\u2666"): not legal: no card 7\u2666 in player 0'), line
    assert "7\\u2666" in line and "7D" not in line and len(line.splitlines()) == 1
    assert "7D" in json.loads(err_of("--json", "--ascii"))["error"]
    assert err_of().startswith('foolsolve: error: move 1 ("attack 7D"): not legal: no card 7D in player 0')
