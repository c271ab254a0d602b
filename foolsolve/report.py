"""``foolsolve report POSITION --out analysis.html``: one self-contained analysis page.

The page needs no server and no network: the pictures (:mod:`foolsolve.svg`), the style and the
script are inline. It holds the position drawn, every legal move with its value from the game's
solver, the principal variation as steps with back and forward buttons (each step's position
drawn, the mover named, bout or trick boundaries marked), the rules in force with the seed
sentence each rests on (:func:`foolsolve.rules.options_of`), and whatever else the solver's
result carries (a solution concept, notes, round odds: every field of its JSON beyond the
moves). The solver's whole ``--json`` result is embedded as ``<script type="application/json"
id="solve-result">``.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

import click

from foolsolve.cli import limit_options
from foolsolve.errors import InputError
from foolsolve.rules import json_text, options_of

STANDARD_FIELDS = ("game", "to_move", "value", "moves", "best", "pv", "nodes", "seconds")

STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 1.5em; color: #1d1d1d; background: #fafaf7; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; } h2 { font-size: 1.1em; margin-top: 1.6em; }
table { border-collapse: collapse; } td, th { padding: 0.2em 0.8em; border-bottom: 1px solid #ddd; text-align: left; }
tr.best td { font-weight: bold; background: #eef7ee; }
.step { display: none; } .step.current { display: block; }
.controls button { font-size: 1em; margin-right: 0.4em; padding: 0.2em 0.9em; }
ol.pv li.move { cursor: pointer; } ol.pv li.current { background: #fff3c4; }
.boundary { color: #777; font-style: italic; list-style: none; }
.src { color: #555; font-size: 0.9em; } tr.changed td { background: #fff3c4; }
pre { background: #f1f1ec; padding: 0.6em; overflow-x: auto; }
"""

SCRIPT = """
(function () {
  var steps = document.querySelectorAll('.step');
  var items = document.querySelectorAll('ol.pv li.move');
  var label = document.getElementById('step-label');
  var at = 0;
  function draw() {
    for (var i = 0; i < steps.length; i++) { steps[i].classList.toggle('current', i === at); }
    for (var j = 0; j < items.length; j++) { items[j].classList.toggle('current', j === at - 1); }
    label.textContent = at === 0 ? 'start position' : 'after move ' + at + ' of ' + (steps.length - 1);
    document.getElementById('back').disabled = at === 0;
    document.getElementById('forward').disabled = at === steps.length - 1;
    document.body.setAttribute('data-step', String(at));
  }
  document.getElementById('back').addEventListener('click', function () { if (at > 0) { at--; draw(); } });
  document.getElementById('forward').addEventListener('click', function () {
    if (at < steps.length - 1) { at++; draw(); }
  });
  items.forEach(function (item, j) {
    item.addEventListener('click', function () { at = j + 1; draw(); });
  });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') { document.getElementById('back').click(); }
    if (e.key === 'ArrowRight') { document.getElementById('forward').click(); }
  });
  draw();
})();
"""


def _rules_rows(spec: Any, state: Any) -> str:
    given = spec.state_to_json(state).get("rules") or {}
    rows = []
    for o in options_of(spec.rules_cls):
        default = json.loads(json_text(o.default))
        value = given.get(o.name, default)
        kind = "fixed" if o.fixed else "reconstructed" if o.reconstructed else "from the text"
        changed = value != default
        rows.append(
            f'<tr class="{"changed" if changed else ""}" data-option="{escape(o.name)}">'
            f"<td>{escape(o.name)}</td><td>{escape(json.dumps(value, ensure_ascii=False))}"
            f'{"" if not changed else " (default " + escape(json_text(o.default)) + ")"}</td>'
            f"<td>{escape(kind)}</td><td>{escape(o.doc)}<br><span class=\"src\">{escape(o.source)}</span></td></tr>")
    return "\n".join(rows)


def page(info: Any, state: Any, result: Any | None, *, title: str | None = None, no_solve: str = "") -> str:
    """The HTML text of the analysis page (``result``: the solver's :class:`SolveResult`, or
    ``None`` where the game's solver cannot answer: ``no_solve`` says why)."""
    from foolsolve.present import rules_line, status, steps
    from foolsolve.svg import position_svg

    spec = info.spec
    heading = title or f"{spec.title}: {status(spec, state)}"
    parts = [f"<h1>{escape(heading)}</h1>", f"<p>{escape(rules_line(spec, state))}</p>"]
    data = result.to_json() if result is not None else None
    # the moves and their values
    if result is None:
        parts.append(f"<h2>Moves</h2><p>No exact values: {escape(no_solve or 'no solver')}. The legal moves:</p><ul>"
                     + "".join(f"<li>{escape(str(m))}</li>" for m in spec.legal_moves(state)) + "</ul>")
        pv: list[str] = []
    else:
        best = set(result.best)
        rows = "".join(
            f'<tr class="{"best" if m.move in best else ""}" data-move="{escape(m.move)}" '
            f'data-value="{escape(json.dumps(m.value, ensure_ascii=False))}"><td>{escape(m.move)}</td>'
            f'<td>{escape(str(m.value))}</td><td>{"best" if m.move in best else ""}</td></tr>'
            for m in result.moves)
        parts.append(f'<h2>Value for the side to move: <span id="value" '
                     f'data-value="{escape(json.dumps(result.value, ensure_ascii=False))}">{escape(str(result.value))}'
                     f"</span></h2>")
        if result.value_only:
            parts.append("<p>Only the value was searched.</p>")
        elif result.moves:
            parts.append(f'<h2>Every legal move</h2><table id="moves"><tr><th>move</th><th>value</th><th></th></tr>'
                         f"{rows}</table>")
        else:
            parts.append("<p>No legal move: the game is over.</p>")
        pv = list(result.pv)
    # the principal variation, step by step
    walk = steps(spec, state, pv)
    pictures = [position_svg(spec, state)] + [position_svg(spec, s.state) for s in walk]
    word = spec.boundary_name or "round"
    items = []
    for s in walk:
        items.append(f'<li class="move" data-player="{s.player}">{escape(s.who())}: {escape(s.move)}</li>')
        if s.boundary:
            items.append(f'<li class="boundary">end of {escape(word)}</li>')
    parts.append("<h2>Principal variation</h2>" if pv else "<h2>Position</h2>")
    parts.append('<div class="controls"><button id="back" type="button">&#9664; back</button>'
                 '<button id="forward" type="button">forward &#9654;</button> <span id="step-label"></span></div>')
    if pv:
        parts.append(f'<ol class="pv">{"".join(items)}</ol>')
    for i, svg in enumerate(pictures):
        parts.append(f'<div class="step" data-step="{i}">{svg}</div>')
    # what else the solver's result carries (a concept, notes, round odds ...)
    if data is not None:
        extra = {k: v for k, v in data.items() if k not in STANDARD_FIELDS}
        if extra:
            parts.append('<h2>More from the solver</h2><table id="solver-extra">' + "".join(
                f'<tr data-field="{escape(k)}"><td>{escape(k)}</td><td><pre>'
                f"{escape(json.dumps(v, ensure_ascii=False, indent=1))}</pre></td></tr>" for k, v in extra.items())
                + "</table>")
        parts.append(f'<p class="src">{data["nodes"]:,} nodes in {data["seconds"]:.3f} s</p>')
    parts.append(f"<h2>Rules in force</h2><p class=\"src\">{escape(spec.title)}, read from the seed text "
                 f"{escape(info.seed)}</p><table id=\"rules\"><tr><th>option</th><th>value</th><th>kind</th>"
                 f"<th>what and where from</th></tr>{_rules_rows(spec, state)}</table>")
    obj = spec.state_to_json(state)
    lines = ",\n".join(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in obj.items())
    parts.append(f'<h2>Position file</h2><pre id="position">{{\n{escape(lines)}\n}}</pre>')
    embedded = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body>\n" + "\n".join(parts)
            + f'\n<script type="application/json" id="solve-result">{embedded}</script>'
            + f"\n<script>{SCRIPT}</script>\n</body></html>\n")


def view_page(view: Any) -> str:
    """The analysis page of a view file: the view drawn from the viewer's seat (hidden cards face
    down), how many positions are consistent with it, the moves the view tells of (the viewer's
    when she is to move), the rules in force and the view file. Values under hidden cards are not
    computed here."""
    import random

    from foolsolve.cli import view_moves_text
    from foolsolve.present import rules_line
    from foolsolve.svg import picture_svg
    from foolsolve.worlds import Worlds

    spec = view.info.spec
    worlds = Worlds(view)
    world = worlds.sample(random.Random(0))  # for what every world shares: the rules, who is to move
    heading = f"{spec.title}: as player {view.player} sees it"
    count = worlds.count()
    parts = [f"<h1>{escape(heading)}</h1>", f"<p>{escape(rules_line(spec, world))}</p>",
             f"<p id=\"worlds\">Cards unknown to player {view.player}: {len(view.unseen)}; positions consistent with "
             f"the view: {escape(f'{count:,}' if count is not None else 'too many to count here')}.</p>",
             "<h2>Moves</h2><p>No values: this page does not analyse hidden cards.</p>"
             f"<pre id=\"view-moves\">{escape(view_moves_text(view, False))}</pre>",
             "<h2>Position</h2>",
             '<div class="controls"><button id="back" type="button">&#9664; back</button>'
             '<button id="forward" type="button">forward &#9654;</button> <span id="step-label"></span></div>',
             '<div class="step" data-step="0">'
             + picture_svg(view.obj, title=spec.title, status=heading, hints=spec.picture_hints)
             + "</div>",
             f"<h2>Rules in force</h2><p class=\"src\">{escape(spec.title)}, read from the seed text "
             f"{escape(view.info.seed)}</p><table id=\"rules\"><tr><th>option</th><th>value</th><th>kind</th>"
             f"<th>what and where from</th></tr>{_rules_rows(spec, world)}</table>"]
    lines = ",\n".join(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in view.obj.items())
    parts.append(f'<h2>View file</h2><pre id="position">{{\n{escape(lines)}\n}}</pre>')
    embedded = json.dumps({"view": view.player}).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body>\n" + "\n".join(parts)
            + f'\n<script type="application/json" id="solve-result">{embedded}</script>'
            + f"\n<script>{SCRIPT}</script>\n</body></html>\n")


@click.command("report")
@click.argument("position", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--out", type=click.Path(dir_okay=False, allow_dash=True), required=True,
              help="Where to write the page ('-': standard output).")
@click.option("--max-nodes", type=click.IntRange(min=1), default=None, help="Give up after this many nodes.")
@limit_options
def report(position: str, out: str, max_nodes: int | None, time_limit: float | None = None,
           max_memory: int | None = None) -> None:
    """Write a self-contained HTML analysis page of POSITION.

    The page (no server, no network) draws the position, lists every legal move with its value
    from the game's solver, steps through the principal variation with back and forward
    buttons, and lists the rules in force with their sources."""
    from foolsolve.cli import load_position
    from foolsolve.positions import STDIO, same_file
    from foolsolve.present import write_text
    from foolsolve.progress import progress
    from foolsolve.solver.base import SearchLimit, SolveOptions, limit_text, with_limits
    from foolsolve.worlds import View

    if out != STDIO and position != STDIO and same_file(position, out):
        raise InputError(f"--out: {out} is the position file {position}")
    info, state = load_position(position, views=True)
    if isinstance(state, View):
        write_text(out, view_page(state))
        if out != "-":
            click.echo(f"wrote {out}")
        return
    result = None
    why = "" if info.solve is not None else f"{info.title} has no exact solver"
    if info.solve is not None:
        opts = SolveOptions(max_nodes=max_nodes, time_limit=time_limit, max_memory=max_memory)
        with progress(f"solving {info.spec.title}") as tick:
            opts.progress = tick
            try:
                from foolsolve.store import cached_solve

                result = cached_solve(info, state, with_limits(opts))  # solved before: from the result store
            except SearchLimit as exc:
                why = limit_text(exc, opts)
            except InputError as exc:  # a position this solver does not take (three players ...)
                why = str(exc)
    write_text(out, page(info, state, result, no_solve=why))
    if out != "-":
        click.echo(f"wrote {out}")
