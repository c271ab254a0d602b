"""Each game's page (docs/GAME.md) has an options table (a header row starting ``| option | default``):
its rows are the options of the game's rules dataclass, in declaration order, each with its default.
Each of the game's solver options (``foolsolve rules GAME --solver``) is named on its page or among
every game's solver options (docs/results.md, "Solver options")."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.rules import json_text, options_of

DOCS = Path(__file__).resolve().parents[2] / "docs"


def options_table(text: str) -> list[tuple[str, str]]:
    """``(name, default cell)`` of each row of the page's first options table."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.replace(" ", "").startswith("|option|default|"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows.append((cells[0].strip("`"), cells[1].strip("`")))
    return rows


@pytest.mark.parametrize("name", games.names())
def test_the_game_pages_options_table_is_the_rules_dataclass(name: str) -> None:
    info = games.get(name)
    rows = options_table((DOCS / f"{info.name}.md").read_text(encoding="utf-8"))
    options = options_of(info.spec.rules_cls)
    assert [r[0] for r in rows] == [o.name for o in options], f"docs/{info.name}.md: the options table's names"
    for (row_name, cell), o in zip(rows, options):
        if dataclasses.is_dataclass(o.default):
            continue  # a table (Fools and Angels' stocks) is described in words
        written = {json_text(o.default)} | ({o.default} if isinstance(o.default, str) else set())
        assert cell in written, (f"docs/{info.name}.md: option {row_name}: default {cell!r}, "
                                 f"the rules say {json_text(o.default)}")


@pytest.mark.parametrize("name", games.names())
def test_every_solver_option_is_in_the_docs(name: str) -> None:
    info = games.get(name)
    results = (DOCS / "results.md").read_text(encoding="utf-8")
    common = results.split("## Solver options", 1)[1].split("\n## ", 1)[0]
    text = (DOCS / f"{info.name}.md").read_text(encoding="utf-8") + common
    missing = [key for key in info.solver_options or {}
               if not re.search(r"(?<![\w-])" + re.escape(key) + r"(?![\w-])", text)]
    assert missing == [], f"docs/{info.name}.md: solver options in no doc"
