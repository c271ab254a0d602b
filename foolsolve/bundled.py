"""What ships with the package besides the code: the documentation pages (docs/, installed as
``foolsolve/docs``) and the example positions (``foolsolve/examples``). ``foolsolve docs [NAME]``
lists the pages or prints one, ``foolsolve examples`` lists the examples with their paths, and
:func:`bundled_examples` (``foolsolve.bundled_examples()``) gives those paths to Python.

Help texts and messages name pages as ``docs/NAME.md``: that is ``foolsolve docs NAME``, in a
checkout and in an install alike."""

from __future__ import annotations

import json
from pathlib import Path

import click

from foolsolve.errors import InputError, cut

_HERE = Path(__file__).resolve().parent


def docs_folder() -> Path:
    """The folder of the documentation pages: ``foolsolve/docs`` in an install (pyproject maps the
    checkout's docs/ there), the checkout's own docs/ in a source tree (beside pyproject.toml)."""
    installed = _HERE / "docs"
    if installed.is_dir():
        return installed
    top = _HERE.parent
    if (top / "pyproject.toml").is_file() and (top / "docs").is_dir():
        return top / "docs"
    raise InputError(f"no documentation pages found beside {_HERE}")


def _doc_name(path: Path) -> str:
    """A page's name: ``seat`` for seat.md; a file that is not a page keeps its suffix."""
    return path.stem if path.suffix == ".md" else path.name


def docs() -> dict[str, Path]:
    """The documentation pages by name (``seat``: docs/seat.md), sorted by name."""
    folder = docs_folder()
    files = [p for p in folder.iterdir() if p.is_file() and p.suffix in (".md", ".py")]
    return {_doc_name(p): p for p in sorted(files, key=_doc_name)}


class UnknownPage(InputError):
    """A page name that is none of the pages: the message lists them all, so it is printed whole
    (wider than :data:`foolsolve.cli.ERROR_WIDTH`; the name given is quoted cut)."""

    width = 2000


def doc_path(name: str) -> Path:
    """The page ``name`` names: ``seat``, ``seat.md`` and ``docs/seat.md`` alike, and a program
    with or without its suffix (``arena_bot_example``, ``arena_bot_example.py``); else an
    :class:`InputError` naming it and the pages there are."""
    pages = docs()
    key = name.strip().replace("\\", "/").removeprefix("docs/")
    key = key.removesuffix(".md") if key.endswith(".md") else key
    if key not in pages and f"{key}.py" in pages:
        key = f"{key}.py"
    if key not in pages:
        raise UnknownPage(f"docs: no page {cut(repr(name))}; the pages are {', '.join(pages)}")
    return pages[key]


def _title(path: Path) -> str:
    """A page's first heading (``# ...``, ``## ...``); a program's docstring's first line."""
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            text = line.strip()
            if path.suffix == ".md" and text.startswith("#"):
                return text.lstrip("#").strip()
            if path.suffix != ".md" and text.startswith('"""'):
                return text.strip('"').strip()
    return ""


def _examples_folder() -> Path:
    return _HERE / "examples"


def bundled_examples() -> dict[str, Path]:
    """The example positions and views shipped with the package, by name (``durak-endgame``,
    ``views/foolery``): each file's installed path, which ``foolsolve.load`` and ``foolsolve.answer``
    take."""
    folder = _examples_folder()
    paths = sorted(folder.rglob("*.json"))
    return {p.relative_to(folder).with_suffix("").as_posix(): p for p in paths}


def example_named(path: str) -> Path | None:
    """The bundled example a missing file's name names (``durak-endgame``, ``durak-endgame.json``,
    the checkout's ``foolsolve/examples/durak-endgame.json`` run elsewhere; ``views/foolery``), if
    any: a message then gives its installed path. Never the file itself: the name is not read as it."""
    name = path.replace("\\", "/").removesuffix(".json")
    found = bundled_examples()
    for key, where in found.items():
        if name == key or name.endswith(f"/examples/{key}") or name == f"examples/{key}":
            return where
    return None


def example_summary(path: Path) -> tuple[str, str]:
    """An example's game and its description's first sentence (its ``comment``; empty if none)."""
    obj = json.loads(path.read_text(encoding="utf-8"))
    comment = " ".join(str(obj.get("comment", "")).split())
    first = comment.split(". ")[0].rstrip(".")
    return str(obj.get("game", "")), first


@click.command(name="docs")
@click.argument("name", required=False)
def docs_command(name: str | None) -> None:
    """The documentation pages: list them, or print one.

    Without NAME: each page's name and title, then the folder the files are in. With NAME (seat, seat.md or docs/seat.md, as
    help texts and messages cite them): the page's text on standard output. An unknown NAME is an
    error naming the pages there are (exit 2).
    """
    if name is None:
        pages = docs()
        width = max(len(n) for n in pages)
        for key, path in pages.items():
            click.echo(f"{key:{width}}  {_title(path)}")
        click.echo(f"(foolsolve docs NAME prints one; the files are in {docs_folder()})")
        return
    click.echo(doc_path(name).read_text(encoding="utf-8"), nl=False)


@click.command(name="examples")
def examples_command() -> None:
    """The example positions shipped with the package: name, game, path.

    Each line gives an example's name, its game and the file's installed path, which every command
    that reads a position takes (foolsolve PATH, foolsolve view PATH ...); a second line the file's
    own description, where it has one. views/...: view files, answered from one player's seat.
    """
    found = bundled_examples()
    width = max(len(n) for n in found)
    for key, path in found.items():
        game, description = example_summary(path)
        click.echo(f"{key:{width}}  {game:16}  {path}")
        if description:
            click.echo(f"{'':{width}}  {description}")
