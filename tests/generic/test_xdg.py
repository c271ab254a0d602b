"""XDG base directory variables that are no absolute path are ignored, as the specification says
(foolsolve/xdg.py): ``XDG_CACHE_HOME=relative/path`` was used as it is, a folder under wherever the
command ran."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from foolsolve import background, store


def _relative_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Path, Path]:
    """HOME in ``tmp_path/home``, the command run in ``tmp_path/work`` with ``XDG_CACHE_HOME=rel``:
    (the default cache folder, the relative one)."""
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", "rel")
    monkeypatch.chdir(work)
    return home / ".cache", work / "rel"


def test_the_numba_cache_lookup_ignores_a_relative_xdg_cache_home(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    # background.in_numba_cache read XDG_CACHE_HOME itself and looked under ./rel/numba
    default, relative = _relative_cache(monkeypatch, tmp_path)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    source = tmp_path / "mod.py"
    source.write_text("x = 1\n")
    looked: list[Path] = []
    monkeypatch.setattr(background, "_fresh", lambda index, *a: looked.append(index) or True)
    real = background._writable  # the module's own __pycache__ read-only: numba's user cache folder
    monkeypatch.setattr(background, "_writable", lambda path: path != str(tmp_path / "__pycache__") and real(path))
    sub = f"{tmp_path.name}_{hashlib.sha1(str(tmp_path).encode()).hexdigest()}"
    (relative / "numba" / sub).mkdir(parents=True)
    (relative / "numba" / sub / "mod.run-1.nbi").write_bytes(b"")
    assert not background.in_numba_cache(str(source), "run") and looked == []
    (default / "numba" / sub).mkdir(parents=True, exist_ok=True)  # (numba makes it, as the look-up does)
    (default / "numba" / sub / "mod.run-1.nbi").write_bytes(b"")
    assert background.in_numba_cache(str(source), "run")
    assert looked == [default / "numba" / sub / "mod.run-1.nbi"]


def test_the_store_ignores_a_relative_xdg_cache_home_whatever_platformdirs_does(monkeypatch: pytest.MonkeyPatch,
                                                                                tmp_path: Path) -> None:
    # platformdirs before its 2026 fix (pyproject allows >= 3.0) used a relative value as it is
    import platformdirs

    default, _ = _relative_cache(monkeypatch, tmp_path)
    monkeypatch.delenv("FOOLSOLVE_STORE")
    monkeypatch.setattr(platformdirs, "user_cache_dir",
                        lambda app: os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
                                                 app))
    assert store.default_path() == default / "foolsolve" / "results.sqlite3"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "abs"))  # an absolute value is used
    assert store.default_path() == tmp_path / "abs" / "foolsolve" / "results.sqlite3"


def test_the_command_takes_relative_xdg_values_out_of_its_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # numba (its user cache) and the processes the command starts read the environment themselves
    from tests.generic.batch_helpers import call_main

    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")
    monkeypatch.setenv("XDG_DATA_HOME", "data")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/abs/config")
    monkeypatch.setenv("XDG_DATA_DIRS", f"rel{os.pathsep}/usr/share")
    code, _out, err = call_main(["games"])
    assert code == 0, err
    assert "XDG_CACHE_HOME" not in os.environ and "XDG_DATA_HOME" not in os.environ
    assert os.environ["XDG_CONFIG_HOME"] == "/abs/config" and os.environ["XDG_DATA_DIRS"] == "/usr/share"


def test_drop_relative() -> None:
    from foolsolve.xdg import drop_relative

    env = {"XDG_CACHE_HOME": "x", "XDG_STATE_HOME": "", "XDG_RUNTIME_DIR": "/run/user/1",
           "XDG_CONFIG_DIRS": f"a{os.pathsep}b", "OTHER": "rel"}
    drop_relative(env)
    assert env == {"XDG_STATE_HOME": "", "XDG_RUNTIME_DIR": "/run/user/1", "OTHER": "rel"}
