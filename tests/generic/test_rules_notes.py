"""Every open point of RULES-NOTES (the note beside the seeds, shared/RULES-NOTES.md) is visible in
`foolsolve rules GAME`: an option (settable in a position file) or a reconstruction listed with its
reason. The mapping below quotes each open point; where the note is at hand (a development checkout
beside shared/) the test also reads it and fails on an open point the mapping does not cover."""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest

from foolsolve import games
from foolsolve.cli import main


def _open_points() -> dict[str, list[tuple[str, str]]]:
    """Each registered game's quoted open points (tests/GAME/rules_notes.py)."""
    out = {}
    for info in games.all_games():
        module = importlib.import_module(f"tests.{info.name.replace('-', '_')}.rules_notes")
        out[info.name] = module.OPEN_POINTS
    return out


OPEN_POINTS: dict[str, list[tuple[str, str]]] = _open_points()
"""Per game: a phrase of each open point of RULES-NOTES, and the option or listed reconstruction
that `foolsolve rules GAME` shows for it."""

NOT_RULES = ("Principle for every game", "Two-player endgame", "\"Ace 1/14\" is the headline ambiguity")
"""Bullets of the note that are no open rule: the labelling principle, an analysis remark, a tools request."""

SECTIONS = {"1. Durak": "durak", "2. Fool's Paradise": "fools-paradise", "3. Three Fools": "three-fools",
            "4. Fools and Angels": "fools-and-angels", "5. Foolery": "foolery"}


@pytest.mark.parametrize("game", sorted(OPEN_POINTS))
def test_every_open_point_is_an_option_or_a_listed_reconstruction(game: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    main(["rules", game])
    out = capsys.readouterr().out
    shown = set(re.findall(r"^  ([a-z_0-9]+)(?: = |: )", out, flags=re.MULTILINE))
    missing = sorted({name for _, name in OPEN_POINTS[game]} - shown)
    assert not missing, f"{game}: not shown by foolsolve rules: {missing}"


def _notes() -> Path | None:
    here = Path(os.environ.get("FOOLSOLVE_RULES_NOTES", ""))
    for p in (here, Path(__file__).resolve().parents[3] / "shared" / "RULES-NOTES.md",
              Path("/work/shared/RULES-NOTES.md")):
        if p.is_file():
            return p
    return None


def test_the_mapping_covers_every_open_point_of_the_note() -> None:
    path = _notes()
    if path is None:
        pytest.skip("shared/RULES-NOTES.md is not beside this checkout (the mapping above still runs)")
    text = path.read_text(encoding="utf-8")
    parts = re.split(r"^## ", text, flags=re.MULTILINE)[1:]
    uncovered: list[str] = []
    for part in parts:
        game = next((g for head, g in SECTIONS.items() if part.startswith(head)), None)
        assert game is not None, part[:40]
        phrases = [p for p, _ in OPEN_POINTS[game]]
        body = part.split("Open points", 1)[-1] if "Open points" in part else part.split("Reconstruction (", 1)[-1]
        for line in body.splitlines():
            if not line.startswith("- "):
                continue
            if not any(p in line for p in phrases) and not any(x in line for x in NOT_RULES):
                uncovered.append(f"{game}: {line[:80]}")
        for p in phrases:
            assert p in part, f"{game}: the note no longer says {p!r}"
    assert not uncovered, uncovered


@pytest.mark.parametrize("game", sorted(OPEN_POINTS))
def test_each_games_notes_page_lists_every_reconstruction(game: str) -> None:
    """docs/GAME-notes.md says it lists every point where the text is silent, but named only the
    options and some of the reconstructions (Foolery 2 of 11, Three Fools 1 of 8): its section
    "Every reconstruction" names each one the spec lists, with the reading it implements."""
    spec = games.get(game).spec
    mod = importlib.import_module(type(spec).__module__)
    recs = getattr(spec, "reconstructions", None) or mod.RECONSTRUCTIONS
    page = (Path(__file__).resolve().parents[2] / "docs" / f"{game}-notes.md").read_text(encoding="utf-8")
    assert "\n## Every reconstruction\n" in page
    section = page.split("\n## Every reconstruction\n", 1)[1]
    missing = [r.name for r in recs if f"- `{r.name}`: {r.reading}" not in section]
    assert recs and not missing, f"docs/{game}-notes.md: not listed under 'Every reconstruction': {missing}"
