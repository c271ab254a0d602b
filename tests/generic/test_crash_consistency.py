"""Output files and the result store when things break: a write cut short by the file-size limit,
an output file another foolsolve holds, a store named relative to a deleted working folder, an
output naming the store through a link, a store locked by another process."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.generic.batch_helpers import read_jsonl

EXAMPLES = Path(__file__).resolve().parents[2] / "foolsolve" / "examples"
ENDGAME = EXAMPLES / "durak-endgame.json"


def _limited(limit: int):  # type: ignore[no-untyped-def]
    """A ``preexec_fn``: files of at most ``limit`` bytes, SIGXFSZ ignored (a write past the limit
    fails with EFBIG, as on a full disk, instead of killing the process)."""
    def setup() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return setup


def _run(args: list[str], cwd: Path | None = None, limit: int | None = None,
         env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "foolsolve", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, preexec_fn=_limited(limit) if limit else None,
                          env={**os.environ, "OPENBLAS_NUM_THREADS": "1", "FOOLSOLVE_BACKGROUND_COMPILE": "0",
                               **(env or {})})


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_batch_whose_out_hits_the_file_size_limit_keeps_whole_lines_only(tmp_path: Path, workers: str) -> None:
    """A write past the file-size limit (as on a full disk) left the output ending mid-line (4096
    bytes, ``..."value": "wi``): what the failed write left of its line is cut off, so the file
    holds whole lines only, each a record of the lines before the failure."""
    one = json.dumps(json.loads(ENDGAME.read_text(encoding="utf-8")))
    src = tmp_path / "in.jsonl"
    src.write_text((one + "\n") * 30, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    proc = _run(["batch", str(src), "--out", str(out), "--no-store", "--workers", workers], limit=4096)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == f"foolsolve: error: --out {out}: cannot write (File too large)"
    data = out.read_bytes()
    assert 0 < len(data) <= 4096 and data.endswith(b"\n"), data[-60:]
    records = read_jsonl(out)
    assert [r["line"] for r in records] == list(range(1, len(records) + 1))
    assert len(records) < 30
