"""An engine is an independent implementation: it imports no rule function from its spec (shared
constants, card tables, the data types of positions and moves and the position format are fine),
so the lockstep harness sees every rule twice. Checked on the engines' source."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINES = sorted(p for p in (Path(__file__).resolve().parents[2] / "engines").glob("*.py") if p.name != "__init__.py")
ALLOWED_LOWER = {"state_to_json", "describe", "side_options"}
"""Lower-case spec names an engine may use: the position format (views are JSON), text, and which
side-rule options a rule set turns on (a reading of the options, not a rule: the engine uses it to
leave its fast paths)."""


def _spec_names(tree: ast.Module) -> list[str]:
    """Every name an engine takes from a spec module: imported names, and attributes read from a
    spec module alias or from the spec instance ``SPEC``."""
    aliases: set[str] = set()
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("foolsolve.spec.") or node.module == "foolsolve.spec":
                for a in node.names:
                    if node.module == "foolsolve.spec":
                        aliases.add(a.asname or a.name)
                    else:
                        out.append(a.name)
                        if a.name == "SPEC":
                            aliases.add("SPEC")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            out.append(node.attr)
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                and isinstance(node.value.value, ast.Name) and node.value.value.id in aliases
                and node.value.attr == "SPEC"):
            out.append(node.attr)
    return out


def test_the_check_sees_spec_functions() -> None:
    src = ("from foolsolve.spec import fools_and_angels as S\nS.first_chooser(1)\n"
           "from foolsolve.spec.fools_paradise import card_points, SPEC\nSPEC.result(3)\n")
    assert {"first_chooser", "card_points", "result"} <= set(_spec_names(ast.parse(src)))


@pytest.mark.parametrize("path", ENGINES, ids=lambda p: p.stem)
def test_engine_imports_no_rule_function_from_its_spec(path: Path) -> None:
    names = _spec_names(ast.parse(path.read_text()))
    rule_functions = sorted({n for n in names if n[:1].islower() and n not in ALLOWED_LOWER})
    assert rule_functions == [], f"{path.name} uses spec functions {rule_functions}"
