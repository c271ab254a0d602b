"""Nothing cited that a user lacks: no doc and no output of ``foolsolve rules`` points at the
project's working notes or the source texts' files; each game's source is named by title and author
and its open points have a notes page in docs/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foolsolve import games
from tests.generic.test_cli import run

ROOT = Path(__file__).resolve().parents[2]
MISSING = ("RULES-NOTES", "shared/")


def test_no_doc_points_at_texts_a_user_lacks():
    for path in [ROOT / "README.md", ROOT / "BENCHMARKS.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for word in MISSING:
            assert word not in text, f"{path.name} cites {word}"


@pytest.mark.parametrize("game", games.names())
def test_rules_name_the_source_and_its_notes_page(game, capsys):
    info = games.get(game)
    assert info.seed in games.SOURCES and info.doc is not None
    notes = ROOT / info.doc.replace(".md", "-notes.md")
    assert notes.exists(), notes
    code, out, _ = run(["rules", game], capsys)
    assert code == 0 and games.SOURCES[info.seed] in out and notes.name in out
    code, js, _ = run(["rules", game, "--json"], capsys)
    for word in MISSING:
        assert word not in out and word not in js
    assert all(o["source"] for o in json.loads(js))  # every option keeps its short cited sentence
