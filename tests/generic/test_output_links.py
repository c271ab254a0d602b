"""``--out`` naming a symbolic link writes through it (foolsolve/positions.py,
``replaced_on_success``): the link survives and its final target gets the content whole; a link
through a file descriptor's link (``/proc/self/fd/N``, as ``/dev/stdout`` is) is written in place,
never renamed over."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from foolsolve.positions import link_target, write_text_atomic

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
MIDBOUT = str(EXAMPLES / "durak-midbout.json")

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or not Path("/proc/self/fd").is_dir(),
                                reason="needs symbolic links and /proc (Linux)")


def _run(args: list[str], cwd: Path, **kw: object) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "FOOLSOLVE_BACKGROUND_COMPILE": "0", "OPENBLAS_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, "-m", "foolsolve", *args], cwd=cwd, env=env, timeout=120, check=False,
                          **kw)  # type: ignore[call-overload, no-any-return]


def test_out_link_to_a_file_writes_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "target.json"
    target.write_text("{}\n")
    link = tmp_path / "link.json"
    link.symlink_to("target.json")
    proc = _run(["play", MIDBOUT, "cover 8D with 9D", "--out", "link.json"], tmp_path, capture_output=True)
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink() and os.readlink(link) == "target.json"
    assert json.loads(target.read_text())["game"] == "durak"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_out_link_chain_and_dangling_link_write_the_final_target(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("sub/final.txt")  # dangling: its target is created
    write_text_atomic(tmp_path / "a", "hello\n")
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()
    assert (tmp_path / "sub" / "final.txt").read_text() == "hello\n"
    assert link_target(tmp_path / "a") == (tmp_path.resolve() / "sub" / "final.txt", False)


def test_out_link_to_own_stdout_file_writes_through_it(tmp_path: Path) -> None:
    """``ln -sfn /proc/self/fd/1 so; foolsolve play ... --out so > cap.txt`` left cap.txt with only
    "wrote so" and ``so`` a regular file."""
    (tmp_path / "so").symlink_to("/proc/self/fd/1")
    cap = tmp_path / "cap.txt"
    with open(cap, "wb") as f:
        proc = _run(["play", MIDBOUT, "cover 8D with 9D", "--out", "so"], tmp_path, stdout=f,
                    stderr=subprocess.PIPE)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "so").is_symlink() and os.readlink(tmp_path / "so") == "/proc/self/fd/1"
    text = cap.read_text()
    assert text.endswith("wrote so\n")
    assert json.loads(text[:-len("wrote so\n")])["game"] == "durak"


def test_out_link_to_a_pipe_fd_writes_into_the_pipe(tmp_path: Path) -> None:
    (tmp_path / "so").symlink_to("/proc/self/fd/1")
    proc = _run(["view", MIDBOUT, "--as", "0", "--out", "so"], tmp_path, capture_output=True)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "so").is_symlink()
    out = proc.stdout.decode()
    assert out.endswith("wrote so\n") and json.loads(out[:-len("wrote so\n")])["view"] == 0


def test_out_link_to_another_fd_of_a_file_writes_that_file_in_place(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    fd = os.open(other, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        (tmp_path / "lnk").symlink_to(f"/proc/self/fd/{fd}")
        proc = _run(["view", MIDBOUT, "--as", "0", "--out", "lnk"], tmp_path, capture_output=True, pass_fds=(fd,))
    finally:
        os.close(fd)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "lnk").is_symlink()
    assert json.loads(other.read_text())["view"] == 0
    assert link_target("/proc/self/fd/0")[1]


def test_out_link_loop_is_one_line_and_no_link_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    proc = _run(["view", MIDBOUT, "--as", "0", "--out", "a"], tmp_path, capture_output=True)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("foolsolve: error: --out a: cannot write (too many levels of symbolic links"), err
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]
