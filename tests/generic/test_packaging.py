"""One import namespace: the top-level spec/, engines/, solver/ and proofs/ are the packages
foolsolve.spec ... by pyproject's package-dir mapping (no links in the tree). Every way a user may
import a game gives the one module object, so one ``Rules`` class per game; the top-level folders
refuse to be imported as packages of their own; and every package folder is listed in pyproject, so
a plain ``pip install .`` ships it (``.ci/run`` installs that way and runs the README's command)."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from foolsolve import games

ROOT = Path(__file__).resolve().parents[2]
MAPPED = {"spec": "foolsolve.spec", "engines": "foolsolve.engines", "solver": "foolsolve.solver",
          "proofs": "foolsolve.proofs", "foolsolve": "foolsolve"}


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


DATA = {"foolsolve.data.perft": "foolsolve/data/perft", "foolsolve.data.playthroughs": "foolsolve/data/playthroughs",
        "foolsolve.examples": "foolsolve/examples", "foolsolve.examples.views": "foolsolve/examples/views",
        "foolsolve.schemas": "foolsolve/schemas", "foolsolve.docs": "docs"}
"""The folders of data only (no __init__.py) that pyproject lists as packages, so that setuptools ships
them without warnings; docs/ is mapped to foolsolve.docs (``foolsolve docs NAME``)."""


def test_every_package_folder_is_listed_in_pyproject():
    tool = _pyproject()["tool"]["setuptools"]
    listed = set(tool["packages"]) - set(DATA)
    assert set(DATA) <= set(tool["packages"])
    assert tool["package-dir"] == {**{v: k for k, v in MAPPED.items() if k != "foolsolve"}, "foolsolve.docs": "docs"}
    for package, folder in DATA.items():
        assert not (ROOT / folder / "__init__.py").exists() and any((ROOT / folder).iterdir()), package
        assert tool["package-data"][package], f"{package}: no files shipped"
    found = set()
    for top, package in MAPPED.items():
        for init in (ROOT / top).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / top)
            if "__pycache__" in rel.parts:
                continue
            found.add(".".join([package, *rel.parts]))
    assert found - listed == set(), "package folders a plain install would leave out"
    assert listed - found == set(), "packages listed without a folder"


@pytest.mark.parametrize("info", games.all_games(), ids=lambda i: i.name)
def test_one_module_and_one_rules_class_per_game(info):
    stem = info.name.replace("-", "_")
    module = importlib.import_module(f"foolsolve.spec.{stem}")
    # the registry, the record and the spec all reach the one module
    assert info.spec is module.SPEC and info.meta is module.META
    assert info.spec.rules_cls is module.Rules
    assert sys.modules[f"foolsolve.spec.{stem}"] is module
    # a file of the package is that module, wherever it is found from
    assert Path(module.__file__).resolve() == ROOT / "spec" / f"{stem}.py"
    # pickling goes through the one class
    rules = module.Rules()
    assert type(pickle.loads(pickle.dumps(rules))) is module.Rules
    assert pickle.loads(pickle.dumps(info.spec)) is info.spec


@pytest.mark.parametrize("folder", ["spec", "engines", "solver", "proofs"])
def test_a_top_level_folder_refuses_to_be_imported_as_a_package_of_its_own(folder):
    # from the repository root `import spec.durak` would load every module a second time, with classes
    # unequal to foolsolve.spec's: the folder's __init__ refuses with ImportError
    code = (f"import importlib, sys\n"
            f"try:\n    importlib.import_module({folder!r})\nexcept ImportError as exc:\n    print('refused', exc)\n"
            f"else:\n    print('imported')\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("refused") and f"foolsolve.{folder}" in proc.stdout


def test_the_installed_package_resolves_into_this_tree():
    import foolsolve
    import foolsolve.engines
    import foolsolve.spec

    assert Path(foolsolve.__file__).resolve().parent == ROOT / "foolsolve"
    assert Path(foolsolve.spec.__file__).resolve().parent == ROOT / "spec"
    assert Path(foolsolve.engines.__file__).resolve().parent == ROOT / "engines"


def _without_the_editable_finder(*args: str, cwd: Path, path: list[str]) -> subprocess.CompletedProcess[str]:
    """``python -S`` (no site module: no .pth file, so no editable install's finder) with ``path``
    (PYTHONPATH) first on sys.path: as a plain install run from the repository root finds the
    folder foolsolve/ in the current directory before the installed package."""
    import os

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path), "FOOLSOLVE_BACKGROUND_COMPILE": "0"}
    return subprocess.run([sys.executable, "-S", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_a_source_checkout_imported_without_the_mapping_finds_its_subpackages():
    """From the repository root with a plain (not editable) install, the folder foolsolve/ shadows
    the installed package and has no package-dir mapping: foolsolve.load(...) failed with 'No module
    named foolsolve.solver'. The package finds the checkout's folders itself, imports nothing more,
    and ``python -m foolsolve`` runs from there too (-S loads less of the standard library before
    it: test_python_api.py checks that ``import foolsolve`` imports nothing else at a usual start)."""
    code = ("import sys; before = set(sys.modules); import foolsolve; new = set(sys.modules) - before\n"
            "import foolsolve.solver, foolsolve.spec.durak, foolsolve.engines, foolsolve.proofs\n"
            "print(sorted(m for m in new if m.startswith('foolsolve')))\n"
            "print(foolsolve.solver.__file__); print(foolsolve.spec.durak.__file__)")
    proc = _without_the_editable_finder("-c", code, cwd=ROOT, path=[str(ROOT)])
    assert proc.returncode == 0, proc.stderr
    new, solver, spec = proc.stdout.splitlines()
    assert new == "['foolsolve']"
    assert Path(solver) == ROOT / "solver" / "__init__.py" and Path(spec) == ROOT / "spec" / "durak.py"
    import sysconfig

    proc = _without_the_editable_finder("-m", "foolsolve", "rules", "durak", cwd=ROOT,
                                        path=[str(ROOT), sysconfig.get_paths()["purelib"]])
    assert proc.returncode == 0, proc.stderr
    assert "Durak" in proc.stdout


def test_an_installed_package_is_not_extended(tmp_path: Path):
    """The folder of an installed copy has no pyproject.toml beside it: its ``__path__`` stays its
    own (the checkout's folders are added only to a source tree's)."""
    (tmp_path / "foolsolve").mkdir()
    (tmp_path / "foolsolve" / "__init__.py").write_bytes((ROOT / "foolsolve" / "__init__.py").read_bytes())
    proc = _without_the_editable_finder("-c", "import foolsolve; print(foolsolve.__path__)", cwd=tmp_path,
                                        path=[str(tmp_path)])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == repr([str(tmp_path / "foolsolve")])
