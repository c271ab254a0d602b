"""Nothing cited that a user lacks: no doc and no output of ``foolsolve rules`` points at the
project's working notes or the source texts' files; each game's source is named by title and author
and its open points have a notes page in docs/."""

from __future__ import annotations

import ast
import inspect
import json
import os
import re
import sys
import unicodedata
from pathlib import Path
from typing import Any

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


def _seeds_dir() -> Path | None:
    """The source texts (shared/seeds beside a development checkout), or None where they are absent."""
    for p in (Path(os.environ.get("FOOLSOLVE_SEEDS", "")), ROOT.parent.parent / "shared" / "seeds",
              Path("/work/shared/seeds")):
        if p.is_dir() and any(p.glob("00*.txt")):
            return p
    return None


def _plain(text: str) -> str:
    """Text to compare quotes by: typographic quotes and dashes folded, quote marks dropped (a seed's
    quoted word, 'a "fool"', may be quoted without its marks), whitespace collapsed, lower case."""
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"',
                                         "\u2014": "-", "\u2013": "-"}))
    text = re.sub(r"['\"]", "", text)
    return re.sub(r"\s+", " ", text).strip().lower()


_QUOTED = re.compile(r"'([^']{6,}?)'(?=[;,.)\s]|$)|\"([^\"]{6,}?)\"")


@pytest.mark.parametrize("game", games.names())
def test_every_quote_of_rules_occurs_in_its_source_text(game, capsys):
    """Every quoted passage `foolsolve rules GAME` cites (each part between '...' elisions) is in the
    source text it names, as the text spells it (garbling included), and no cited source is cut off."""
    seeds = _seeds_dir()
    if seeds is None:
        pytest.skip("the source texts (shared/seeds) are not beside this checkout")
    info = games.get(game)
    texts = {p.name[:3]: _plain(p.read_text(encoding="utf-8")) for p in seeds.glob("00*.txt")}
    code, js, _ = run(["rules", game, "--json"], capsys)
    assert code == 0
    missing = []
    for opt in json.loads(js):
        source = opt["source"]
        seed = source[:3] if re.match(r"\d{3}\b", source) else info.seed[:3]
        if source.count("(") != source.count(")"):  # a part cut off where the listing drops a note's name
            missing.append(f"{opt['name']}: unbalanced brackets in {source!r}")
        quotes = [a or b for a, b in _QUOTED.findall(source)]
        assert quotes, f"{opt['name']}: no quote in {source!r}"
        for quote in quotes:
            for part in re.split(r"\.\.\.|\u2026", quote):
                part = _plain(part).strip(" .,;:")
                if part and part not in texts[seed]:
                    missing.append(f"{opt['name']}: {part!r}")
    assert not missing, missing


def _reason_quotes(module: Any) -> list[tuple[int, str]]:
    """Every seed quote a spec's ``reason(...)`` calls give (the fourth argument or ``quote=``), with its
    line: a string literal, or the name of a module-level string; a quote built at run time is left out."""
    tree = ast.parse(Path(inspect.getsourcefile(module) or "").read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "reason"):
            continue
        arg = node.args[3] if len(node.args) >= 4 else next((k.value for k in node.keywords if k.arg == "quote"), None)
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            out.append((node.lineno, arg.value))
        elif isinstance(arg, ast.Name) and isinstance(getattr(module, arg.id, None), str):
            out.append((node.lineno, getattr(module, arg.id)))
    return out


@pytest.mark.parametrize("game", games.names())
def test_every_quote_of_a_reason_is_the_seeds_words_with_each_gap_marked(game):
    """A quote that `foolsolve why` prints under a reason is the seed's words: each part between '...'
    elisions occurs in the source text as it stands, so sentences are never joined over a gap silently
    (002's "Whoever is going first may flip the binary card. She chooses a card from her hand" left out
    the sentence between them)."""
    seeds = _seeds_dir()
    if seeds is None:
        pytest.skip("the source texts (shared/seeds) are not beside this checkout")
    info = games.get(game)
    module = sys.modules[type(info.spec).__module__]
    text = _plain(next(seeds.glob(f"{info.seed[:3]}_*.txt")).read_text(encoding="utf-8"))
    missing = []
    for line, quote in _reason_quotes(module):
        for part in re.split(r"\.\.\.|\u2026", quote):
            part = _plain(part).strip(" .,;:")
            if part and part not in text:
                missing.append(f"line {line}: {part!r}")
    assert not missing, missing


_BENCH_CITE = re.compile(r'BENCHMARKS(?:\.md)?[,;:]? *\(?"([^"]+)"')


def test_every_section_of_benchmarks_a_doc_or_script_cites_is_a_heading_there():
    headings = {line.lstrip("#").strip() for line in (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("#")}
    places = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
              *sorted(p for d in ("bench", "foolsolve", "solver", "engines", "spec") for p in (ROOT / d).rglob("*.py"))]
    cited = {(path.relative_to(ROOT).as_posix(), name) for path in places
             for name in _BENCH_CITE.findall(path.read_text(encoding="utf-8"))}
    assert cited, "no citation found: the pattern is wrong"
    # a heading with its gloss in brackets is cited by its name: "Playing strength (the arena)"
    assert [c for c in sorted(cited) if not any(h == c[1] or h.startswith(c[1] + " (") for h in headings)] == []
