"""``foolsolve report POSITION --out analysis.html``: one self-contained analysis page.

The page needs no server and no network: the pictures (:mod:`foolsolve.svg`), the style and the
script are inline. It holds the position drawn, every legal move with its value from the game's
solver, the principal variation as steps with back and forward buttons (each step's position
drawn, the mover named, bout or trick boundaries marked), the rules in force with the seed
sentence each rests on (:func:`foolsolve.rules.options_of`), and whatever else the solver's
result carries (a solution concept, round odds: every field of its JSON beyond the moves; each
of its notes once, as a line of text). The solver's whole ``--json`` result is embedded as ``<script type="application/json"
id="solve-result">`` (a view's page: the answer from the seat, ``seat.schema.json``, or the game's
exact solver's from the seat, ``result.schema.json``, with ``"view": P`` added).

The answer is the one ``foolsolve POSITION.json`` gives in the same budget
(:func:`foolsolve.solver.open_hand.solve_or_answer`), its method named under the value as the text
output's ``Method:`` line names it (the game's exact solver's included): where the exact solver
stops at its share of the time or does not cover the position, the open-hand search's, and the page
says what it is (:func:`answer_kind`): an estimate, not exact, and why.
"""

from __future__ import annotations

import json
import math
import time
from html import escape
from typing import Any

import click

from foolsolve import jsonout
from foolsolve.cli import (
    NODES,
    SAMPLES,
    WORKERS,
    Choice,
    OutputFile,
    Whole,
    deals_counted_words,
    interval,
    limit_options,
    store_options,
    value_span,
    workers_help,
    wrote,
)
from foolsolve.errors import InputError, OptionError, Stopped
from foolsolve.present import plural, signed
from foolsolve.rules import cited, json_text, options_of
from foolsolve.solver.base import DEFAULT_SECONDS
from foolsolve.textout import ascii_option

STANDARD_FIELDS = ("game", "to_move", "value", "moves", "best", "pv", "nodes", "seconds", "value_kind", "stored",
                   "first_solve", "distance", "result", "method", "notes")
"""Fields of the solver's result the board shows in place (the rest are listed under "More from
the solver")."""

STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 1.2em; color: #1d1d1d; background: #fafaf7; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
table { border-collapse: collapse; } td, th { padding: 0.2em 0.8em; border-bottom: 1px solid #ddd; text-align: left; }
.board { display: flex; gap: 1.2em; align-items: flex-start; flex-wrap: wrap; }
.board-picture { flex: 2 1 32em; min-width: 0; max-width: 54em; } .board-side { flex: 1 1 22em; min-width: 0; }
.board.seat .board-side { flex-basis: 48em; }
.board-picture svg { max-width: 100%; height: auto; }
@media (max-width: 50em) { #moves td.num { white-space: normal; } #moves td:first-child { min-width: 5em; }
  #rules td, #rules th { overflow-wrap: anywhere; } }
.step { display: none; } .step.current { display: block; }
.controls { margin: 0.4em 0; } .controls button { font-size: 1em; margin-right: 0.4em; padding: 0.2em 0.9em; }
#step-value { color: #0b4f2c; font-weight: bold; }
ol.pv { padding-left: 3.2em; max-height: 34em; overflow-y: auto; }
ol.pv li.move { cursor: pointer; } ol.pv li.current { background: #fff3c4; }
ol.pv li.start { list-style: none; margin-left: -2.2em; cursor: pointer; color: #555; }
ol.pv li.start.current { background: #fff3c4; }
ol.pv li.boundary { color: #777; font-style: italic; list-style: none; font-size: 0.9em; }
ol.pv li.result { list-style: none; font-weight: bold; margin-top: 0.3em; }
tbody.tie th { background: #f0f0ea; font-weight: normal; font-style: italic; }
tbody.tie.best th { background: #dcefdc; font-weight: bold; font-style: normal; }
tr.best td { font-weight: bold; }
.src { color: #555; font-size: 0.9em; } tr.changed td { background: #fff3c4; }
td.num { white-space: nowrap; } #moves td, #moves th { padding: 0.2em 0.45em; }
.board-side { overflow-x: auto; } #moves td:first-child { min-width: 7em; }
pre { background: #f1f1ec; padding: 0.6em; overflow-x: auto; }
"""

SCRIPT = """
(function () {
  var steps = document.querySelectorAll('.step');
  var items = document.querySelectorAll('ol.pv li.move');
  var start = document.querySelector('ol.pv li.start');
  var label = document.getElementById('step-label');
  var value = document.getElementById('step-value');
  var at = 0;
  function draw() {
    for (var i = 0; i < steps.length; i++) { steps[i].classList.toggle('current', i === at); }
    for (var j = 0; j < items.length; j++) { items[j].classList.toggle('current', j === at - 1); }
    if (start) { start.classList.toggle('current', at === 0); }
    label.textContent = at === 0 ? 'start position' : 'after move ' + at + ' of ' + (steps.length - 1);
    value.textContent = steps[at].getAttribute('data-value') || '';
    document.getElementById('back').disabled = at === 0;
    document.getElementById('forward').disabled = at === steps.length - 1;
    document.body.setAttribute('data-step', String(at));
  }
  function go(n) { at = Math.max(0, Math.min(steps.length - 1, n)); draw(); }
  document.getElementById('back').addEventListener('click', function () { go(at - 1); });
  document.getElementById('forward').addEventListener('click', function () { go(at + 1); });
  document.getElementById('first').addEventListener('click', function () { go(0); });
  document.getElementById('last').addEventListener('click', function () { go(steps.length - 1); });
  items.forEach(function (item, j) { item.addEventListener('click', function () { go(j + 1); }); });
  if (start) { start.addEventListener('click', function () { go(0); }); }
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') { go(at - 1); e.preventDefault(); }
    if (e.key === 'ArrowRight') { go(at + 1); e.preventDefault(); }
    if (e.key === 'Home' || e.key === 'ArrowUp') { go(0); e.preventDefault(); }
    if (e.key === 'End' || e.key === 'ArrowDown') { go(steps.length - 1); e.preventDefault(); }
  });
  draw();
})();
"""


def _moves_table(result: Any) -> str:
    """Every legal move with its value, best first, moves of the same value (and distance) grouped
    under one heading."""
    from foolsolve.solver.base import best_first, value_rank, value_text

    best = set(result.best)
    order = best_first(result)
    groups: list[list[Any]] = []
    for m in order:
        key = value_rank(result.value_kind, m.value, m.distance)
        if groups and value_rank(result.value_kind, groups[-1][0].value, groups[-1][0].distance) == key:
            groups[-1].append(m)
        else:
            groups.append([m])
    parts = []
    for group in groups:
        head = group[0]
        shown = value_text(head.value) + (f" in {head.distance}" if head.distance is not None else "")
        is_best = all(m.move in best for m in group)
        rows = "".join(
            f'<tr class="{"best" if m.move in best else ""}" data-move="{escape(m.move)}" '
            f'data-value="{escape(jsonout.dumps(m.value))}"'
            + (f' data-distance="{m.distance}"' if m.distance is not None else "")
            + (f' data-probability="{m.probability}"' if m.probability is not None else "")
            + f"><td>{escape(m.move)}</td><td>{escape(shown)}"
            + (f"; played with probability {m.probability:.6f}" if m.probability is not None else "") + "</td>"
            f'<td>{"best" if m.move in best else ""}</td></tr>'
            for m in group)
        parts.append(f'<tbody class="tie{" best" if is_best else ""}"><tr><th colspan="3">{escape(shown)}: '
                     f'{plural(len(group), "move")}</th></tr>{rows}</tbody>')
    if result.unfinished:  # a solve stopped at its limit: the moves it did not finish, with the bounds it proved
        rows = "".join(
            f'<tr data-move="{escape(m.move)}" data-at-least="{escape(jsonout.dumps(m.at_least))}" '
            f'data-at-most="{escape(jsonout.dumps(m.at_most))}"><td>{escape(m.move)}</td>'
            f"<td>? ({escape(value_text(m.at_least))} to {escape(value_text(m.at_most))}, not finished)</td><td></td></tr>"
            for m in result.unfinished)
        n = len(result.unfinished)
        parts.append(f'<tbody class="unfinished"><tr><th colspan="3">not finished: {plural(n, "move")}'
                     f"</th></tr>{rows}</tbody>")
    return f'<table id="moves"><thead><tr><th>move</th><th>value</th><th></th></tr></thead>{"".join(parts)}</table>'


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
            f"<td>{escape(o.name)}</td><td>{escape(jsonout.dumps(value))}"
            f'{"" if not changed else " (default " + escape(json_text(o.default)) + ")"}</td>'
            f"<td>{escape(kind)}</td><td>{escape(o.doc)}<br><span class=\"src\">{escape(cited(o.source))}</span></td></tr>")
    return "\n".join(rows)


def answer_kind(result: Any) -> str:
    """What a :class:`SolveResult` is, as ``foolsolve POSITION.json`` gives it
    (:func:`foolsolve.solver.open_hand.solve_or_answer`): ``"exact"`` (the game's exact solver
    finished), ``"stopped"`` (it stopped at its limit having proved the value and a best move: the
    moves it did not finish have bounds), ``"open-hand"`` (the open-hand search, exact, where the
    exact solver did not answer) or ``"estimate"`` (the depth-limited open-hand search: not
    exact)."""
    if result.value_kind == "estimate" or result.details.get("exact") is False:
        return "estimate"
    if result.details.get("exact") is True and "method" in result.details:
        return "open-hand"
    return "stopped" if result.unfinished else "exact"


def _method_line(info: Any, result: Any, kind: str) -> str:
    """The answer's method, as the text output's ``Method:`` line and a seat page's say it (every
    kind of answer: the game's exact solver, stopped or not, the open-hand search)."""
    from foolsolve.solver.base import method_of

    method = method_of(info, result)
    return f'<p id="method" data-kind="{kind}">Method: {escape(method)}</p>'


def _answer_side(result: Any, kind: str) -> str:
    """Where the answer is not the exact solver's finished one, a paragraph saying what it is (its
    method is on the line above, :func:`_method_line`), with the result's notes (the first: why the
    exact solver did not answer), as the text output's notes say it."""
    if kind == "exact":
        return ""
    method = str(result.details.get("method", ""))
    notes = [n for n in result.notes if not n.startswith("distance")]
    if kind in ("estimate", "open-hand") and notes:
        # the open-hand answer's first note says why the exact solver did not answer (answer_for_cli)
        why, notes = notes[0], notes[1:]
        why = f" Why not the exact solver's answer: {escape(why)}."
    else:
        why = ""
    if kind == "estimate":
        text = f"<b>An estimate, not exact.</b>{why}"
    elif kind == "open-hand":
        text = f"<b>Exact, by the open-hand search</b> (not the game's exact solver).{why}"
    else:
        done = len(result.moves)
        text = (f"<b>The exact solver stopped (its limit, or Ctrl-C).</b> The value is exact; it valued {done} of "
                f"{done + len(result.unfinished)} moves, the others show the bounds it proved.")
    items = "".join(f"<li>{escape(n)}</li>" for n in notes)
    return (f'<div id="answer-kind" data-kind="{kind}" data-method="{escape(method)}"><p>{text}</p>'
            + (f'<ul class="src" id="answer-notes">{items}</ul>' if items else "") + "</div>")


def page(info: Any, state: Any, result: Any | None, *, title: str | None = None, no_solve: str = "") -> str:
    """The HTML text of the analysis board (``result``: the solver's :class:`SolveResult`, or
    ``None`` where the game's solver cannot answer: ``no_solve`` says why)."""
    from foolsolve.present import rules_line, status, steps
    from foolsolve.solver.base import value_text
    from foolsolve.svg import position_svg

    spec = info.spec
    heading = title or f"{spec.title}: {status(spec, state)}"
    parts = [f"<h1>{escape(heading)}</h1>", f"<p>{escape(rules_line(spec, state))}</p>"]
    data = result.to_json() if result is not None else None
    pv: list[str] = [] if result is None else list(result.pv)
    walk = steps(spec, state, pv)
    # the value after each step, for the player the result is about (best play keeps it; the moves
    # left count down where distances are known)
    step_values = [""] * (len(walk) + 1)
    if result is not None and not result.value_only:
        for i in range(len(walk) + 1):
            here = state if i == 0 else walk[i - 1].state
            over = spec.result(here)
            left = None if result.distance is None else result.distance - i
            step_values[i] = (status(spec, here) if over is not None else
                              f"player {result.to_move}: {value_text(result.value)}"
                              + (" (an estimate)" if answer_kind(result) == "estimate" else "")
                              + (f" in {plural(left, 'move')}" if left else ""))
    # the board: the picture of the current step, redrawn in place, beside the move list
    pictures = [position_svg(spec, state)] + [position_svg(spec, s.state) for s in walk]
    board = ['<div class="board"><div class="board-picture">',
             '<div class="controls"><button id="first" type="button">&#171; start</button>'
             '<button id="back" type="button">&#9664; back</button>'
             '<button id="forward" type="button">forward &#9654;</button>'
             '<button id="last" type="button">end &#187;</button> <span id="step-label"></span> '
             '<span id="step-value"></span></div>']
    for i, svg in enumerate(pictures):
        board.append(f'<div class="step" data-step="{i}" data-value="{escape(step_values[i])}">{svg}</div>')
    board.append('</div><div class="board-side">')
    word = spec.boundary_name or "round"
    if pv:
        items = ['<li class="start">start position</li>']
        for s in walk:
            items.append(f'<li class="move" value="{s.number}" data-player="{s.player}">'
                         f"{escape(s.who())}: {escape(s.move)}</li>")
            if s.boundary:
                said = f"end of {word}: {s.note}" if s.note else f"end of {word}"
                items.append(f'<li class="boundary">{escape(said)}</li>')
        end = spec.result(walk[-1].state) if walk else None
        if end is not None:
            said = status(spec, walk[-1].state).removeprefix("game over: ")  # the label, with its scoring caveat
            items.append(f'<li class="result" id="line-result">Result: {escape(said)}</li>')
        board.append("<h2>Principal variation</h2>"
                     + (f'<p class="src">{escape(" ".join(n for n in result.notes if n.startswith("distance")))}</p>'
                        if result is not None else "")
                     + f'<ol class="pv">{"".join(items)}</ol>')
    # every legal move with its value, best first, ties grouped
    if result is None:
        board.append(f"<h2>Moves</h2><p>No exact values: {escape(no_solve or 'no solver')}. The legal moves:</p><ul>"
                     + "".join(f"<li>{escape(str(m))}</li>" for m in spec.legal_moves(state)) + "</ul>")
    else:
        distance = f" in {plural(result.distance, 'move')}" if result.distance is not None else ""
        shown = value_text(result.value) + distance
        kind = answer_kind(result)
        whose = result.to_move if result.player is None else result.player
        board.append(f'<h2>Value for player {whose}: <span id="value" '
                     f'data-value="{escape(jsonout.dumps(result.value))}">{escape(shown)}'
                     f"</span>{' (an estimate, not exact)' if kind == 'estimate' else ''}</h2>")
        board.append(_method_line(info, result, kind))
        board.append(_answer_side(result, kind))
        # each note once, as text: the distance's above the principal variation, the others in the
        # answer's paragraph where the answer is not the exact solver's, the rest here
        board.extend(f'<p class="src note">Note: {escape(n)}</p>' for n in result.notes
                     if not (n.startswith("distance") and pv) and not (kind != "exact" and not n.startswith("distance")))
        if result.value_only:
            board.append("<p>Only the value was searched.</p>")
        elif result.moves or result.unfinished:
            board.append(f"<h2>Every legal move, best first</h2>{_moves_table(result)}")
        else:
            board.append("<p>No legal move: the game is over.</p>")
    board.append("</div></div>")
    parts.extend(board)
    # what else the solver's result carries (a concept, notes, round odds ...)
    if result is not None and data is not None:
        from foolsolve.cli import effort_line

        extra = {k: v for k, v in data.items() if k not in STANDARD_FIELDS}
        if extra:
            parts.append('<h2>More from the solver</h2><table id="solver-extra">' + "".join(
                f'<tr data-field="{escape(k)}"><td>{escape(k)}</td><td><pre>'
                f"{escape(jsonout.dumps(v, indent=1))}</pre></td></tr>" for k, v in extra.items())
                + "</table>")
        parts.append(f'<p class="src">{escape(effort_line(result))}</p>')
    from foolsolve.cli import source_title

    parts.append(f"<h2>Rules in force</h2><p class=\"src\">{escape(spec.title)}, read from "
                 f"{escape(source_title(info))}</p><table id=\"rules\"><tr><th>option</th><th>value</th><th>kind</th>"
                 f"<th>what and where from</th></tr>{_rules_rows(spec, state)}</table>")
    obj = spec.state_to_json(state)
    lines = ",\n".join(f" {json.dumps(k)}: {jsonout.dumps(v)}" for k, v in obj.items())
    parts.append(f'<h2>Position file</h2><pre id="position">{{\n{escape(lines)}\n}}</pre>')
    embedded = jsonout.dumps(data).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body>\n" + "\n".join(parts)
            + f'\n<script type="application/json" id="solve-result">{embedded}</script>'
            + f"\n<script>{SCRIPT}</script>\n</body></html>\n")


def seat_groups(answer: Any) -> list[list[Any]]:
    """The moves of a seat answer (:class:`foolsolve.seat.SeatAnswer`) best first, as the text
    answer lists them (:meth:`~foolsolve.seat.SeatAnswer.best_first`), moves of equal mean next to
    each other in one group, and last, in one group, the moves without a mean (IS-MCTS: no
    iteration tried them). Equal means, not overlapping intervals: a group is a tie of the
    estimate, the intervals say how sure it is."""
    order = answer.best_first()
    groups: list[list[Any]] = []
    for m in (m for m in order if not math.isnan(m.mean)):
        if groups and round(groups[-1][0].mean, 9) == round(m.mean, 9):
            groups[-1].append(m)
        else:
            groups.append([m])
    untried = [m for m in order if math.isnan(m.mean)]
    return groups + ([untried] if untried else [])


def _behind_cell(m: Any, sampled: bool) -> tuple[str, str]:
    """A seat answer's move behind the best (:attr:`foolsolve.seat.MoveStat.behind`): its row's
    data attributes and its cell's text (blank for the best moves; the mean alone where nothing was
    sampled, ``sampled`` false: an expectation over every world)."""
    if m.behind is None:
        return "", ""
    mean, low, high = m.behind
    attrs = f' data-behind="{mean!r}" data-behind-low="{low!r}" data-behind-high="{high!r}"'
    return attrs, signed(mean) + ("" if not sampled or low == high else f" {interval(low, high)}")


def _mean_text(m: Any) -> str:
    """A seat answer's move's mean in its cell: ``+0.250``, or ``not tried`` (IS-MCTS, no visit)."""
    return "not tried" if math.isnan(m.mean) else signed(m.mean)


def _seat_table(answer: Any) -> str:
    """Every move of a seat answer with its mean, 95% interval and worlds (IS-MCTS: its visits, no
    interval), and how far it is behind the best, paired world by world with its 95% interval
    (:attr:`foolsolve.seat.MoveStat.behind`), best first, moves of equal mean grouped under one heading."""
    best = set(answer.best)
    ismcts = answer.method == "ismcts"
    parts = []
    for group in seat_groups(answer):
        head = group[0]
        rows = []
        for m in group:
            span = "" if ismcts else (("exact" if answer.all_exact else "estimates")
                                      if answer.method == "expectation" or m.low == m.high
                                      else interval(m.low, m.high))
            attrs, behind = _behind_cell(m, answer.method == "pimc")
            rows.append(f'<tr class="{"best" if m.move in best else ""}" data-move="{escape(m.move)}" '
                        f'data-mean="{m.mean!r}" data-low="{m.low!r}" data-high="{m.high!r}" data-worlds="{m.worlds}"'
                        f'{attrs}><td>{escape(m.move)}</td><td class="num">{_mean_text(m)}</td>'
                        + ("" if ismcts else f'<td class="num">{escape(span)}</td>')
                        + f'<td class="num">{m.worlds:,}</td>'
                        + ("" if ismcts else f'<td class="num">{escape(behind)}</td>') + "</tr>")
        is_best = all(m.move in best for m in group)
        title = (f"not tried: {plural(len(group), 'move')} no iteration tried" if math.isnan(head.mean)
                 else f"mean {signed(head.mean)}: {plural(len(group), 'move')}{', best' if is_best else ''}")
        parts.append(f'<tbody class="tie{" best" if is_best else ""}"><tr><th colspan="{3 if ismcts else 5}">'
                     f'{escape(title)}</th></tr>{"".join(rows)}</tbody>')
    head = ("<th>visits</th>" if ismcts
            else "<th>95% interval</th><th>worlds</th><th>behind the best, paired by world</th>")
    return f'<table id="moves"><thead><tr><th>move</th><th>mean</th>{head}</tr></thead>{"".join(parts)}</table>'


def _seat_side(answer: Any) -> str:
    """The side of a view's board: the seat answer's value, method, worlds and moves."""
    parts = []
    v = answer.value
    if v is not None:
        span = value_span(answer)
        parts.append(f'<h2>Value for player {answer.player}: <span id="value" data-mean="{v.mean!r}" '
                     f'data-low="{v.low!r}" data-high="{v.high!r}">{signed(v.mean)}, {escape(span)}</span></h2>')
    if answer.interrupted:
        parts.append("<p><b>Interrupted: the answer so far.</b></p>")
    exact = ("every world valued exactly" if answer.all_exact
             else f"{answer.worlds_exact:,} of them valued exactly")
    unit = "iterations" if answer.method == "ismcts" else "worlds"
    if answer.worlds == 1:
        unit = unit[:-1]
    dealt = deals_counted_words(answer)  # (two copies of a card: the worlds column counts the deals, as the text says)
    deals = "" if dealt is None else f" ({dealt})"
    parts.append(f'<p id="method" data-method="{escape(answer.method)}">Method: {escape(answer.method_text)}</p>'
                 f'<p id="seat-worlds" data-worlds="{answer.worlds}" data-exact="{answer.worlds_exact}">'
                 f"{answer.worlds:,} {unit}{escape(deals)}"
                 + ("" if answer.method == "ismcts" else f", {escape(exact)}")
                 + ("" if answer.seed is None else f"; seed {answer.seed}") + f"; {answer.seconds:.2f} s.</p>"
                 f'<p class="src">Values: {escape(answer.scale)}</p>')
    if answer.moves:
        parts.append(f"<h2>Every move from player {answer.player}'s seat, best first</h2>{_seat_table(answer)}")
        close = answer.close_to_best()
        if close:
            parts.append('<p id="close">Not told apart from the best at 95% (paired over the same worlds, '
                         'simultaneously: docs/seat.md): '
                         f'{escape(", ".join(close))}</p>')
    else:
        who = "chance" if answer.to_move < 0 else f"player {answer.to_move}"
        parts.append(f"<p>{escape(who)} is to move, not player {answer.player}: the value above is the position's.</p>")
    parts.extend(f'<p class="src">Note: {escape(n)}</p>' for n in answer.notes)
    return "".join(parts)


def _exact_side(info: Any, result: Any) -> str:
    """The side of a view's board where the game's exact solver answers from the viewer's seat
    (:mod:`foolsolve.seat_exact`): the value, the method, every move best first and the notes, as a
    full position's page gives them."""
    from foolsolve.cli import effort_line
    from foolsolve.solver.base import value_text

    whose = result.to_move if result.player is None else result.player
    parts = [f'<h2>Value for player {whose}: <span id="value" '
             f'data-value="{escape(jsonout.dumps(result.value))}">{escape(value_text(result.value))}'
             "</span></h2>", _method_line(info, result, answer_kind(result)), _answer_side(result, answer_kind(result))]
    if result.moves or result.unfinished:
        parts.append(f"<h2>Every legal move, best first</h2>{_moves_table(result)}")
    parts.extend(f'<p class="src">Note: {escape(n)}</p>' for n in result.notes)
    parts.append(f'<p class="src">{escape(effort_line(result))}</p>')
    return "".join(parts)


def view_page(view: Any, answer: Any | None = None, no_answer: str = "") -> str:
    """The analysis page of a view file: the view drawn from the viewer's seat (hidden cards face
    down) beside the answer from that seat (``answer``: a :class:`foolsolve.seat.SeatAnswer`: every
    move's mean and 95% interval over the worlds consistent with the view, best first, moves of
    equal mean grouped, with the method, the worlds valued and how many exactly; or the game's exact
    solver's :class:`~foolsolve.solver.base.SolveResult` from that seat, :mod:`foolsolve.seat_exact`;
    ``None``: the moves the view tells of, and ``no_answer`` saying why there are no values), how many
    worlds (full positions) are consistent with it, the rules in force and the view file."""

    from foolsolve.cli import source_title, view_moves_text
    from foolsolve.present import rules_line
    from foolsolve.solver.base import SolveResult
    from foolsolve.svg import view_svg
    from foolsolve.worlds import Worlds

    spec = view.info.spec
    worlds = Worlds(view)
    world = worlds.first()  # for what every world shares: the rules, who is to move
    heading = f"{spec.title}: as player {view.player} sees it"
    count = worlds.count()
    parts = [f"<h1>{escape(heading)}</h1>", f"<p>{escape(rules_line(spec, world))}</p>",
             f"<p id=\"worlds\">Cards unknown to player {view.player}: {len(view.unseen)}; worlds (full positions) "
             f"consistent with the view: {escape(f'{count:,}' if count is not None else 'too many to count here')}.</p>",
             f'<div class="board{" seat" if answer is not None and not isinstance(answer, SolveResult) else ""}">'
             '<div class="board-picture">'
             '<div class="controls"><button id="first" type="button">&#171; start</button>'
             '<button id="back" type="button">&#9664; back</button>'
             '<button id="forward" type="button">forward &#9654;</button>'
             '<button id="last" type="button">end &#187;</button> <span id="step-label"></span> '
             '<span id="step-value"></span></div>'
             '<div class="step" data-step="0">'
             + view_svg(view)
             + '</div></div><div class="board-side">']
    if isinstance(answer, SolveResult):
        parts.append(_exact_side(view.info, answer))
    elif answer is not None:
        parts.append(_seat_side(answer))
    else:
        parts.append(f"<h2>Moves</h2><p>No values: {escape(no_answer or 'not analysed')}.</p>"
                     f"<pre id=\"view-moves\">{escape(view_moves_text(view, False))}</pre>")
    parts.append("</div></div>")
    parts.append(f"<h2>Rules in force</h2><p class=\"src\">{escape(spec.title)}, read from "
                 f"{escape(source_title(view.info))}</p><table id=\"rules\"><tr><th>option</th><th>value</th>"
                 f"<th>kind</th><th>what and where from</th></tr>{_rules_rows(spec, world)}</table>")
    lines = ",\n".join(f" {json.dumps(k)}: {jsonout.dumps(v)}" for k, v in view.obj.items())
    parts.append(f'<h2>View file</h2><pre id="position">{{\n{escape(lines)}\n}}</pre>')
    data = {"view": view.player, **(answer.to_json() if answer is not None else {})}
    embedded = jsonout.dumps(data).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body>\n" + "\n".join(parts)
            + f'\n<script type="application/json" id="solve-result">{embedded}</script>'
            + f"\n<script>{SCRIPT}</script>\n</body></html>\n")


@click.command("report")
@click.argument("position", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--out", type=OutputFile(), required=True,
              help="Where to write the page ('-': standard output).")
@click.option("--max-nodes", type=NODES, default=None,
              help="Node budget, as for solve: the exact solver may use half of it, the open-hand search the rest "
                   "(under hidden cards: each world's node budget).")
@click.option("-o", "--option", "extra", multiple=True, metavar="KEY=VALUE",
              help="Solver option, as for solve (e.g. -o concept=max-n); 'foolsolve rules GAME --solver' lists them.")
@click.option("--open-hand", "open_hand_only", is_flag=True,
              help="As for solve: a full position the exact solver does not cover answered with every listed card "
                   "known (the open-hand search) instead of from the seat of the player to move; -o options there "
                   "need it.")
@click.option("--as", "viewer", type=Whole(min=0), default=None, metavar="P",
              help="A full position analysed from player P's seat, as solve --as does (a view file: its viewer's).")
@click.option("--method", type=Choice(["auto", "exact", "pimc", "ismcts"]), default=None,
              help="Under hidden cards, as for solve: exact, PIMC or IS-MCTS [default: auto].")
@click.option("--samples", type=SAMPLES, default=None,
              help="Under hidden cards: worlds PIMC samples [default: 100], or IS-MCTS iterations [default: 4000]; "
                   "at most 10^7.")
@click.option("--seed", type=Whole(), default=None, help="Under hidden cards: seed of the sampled worlds [default: 0].")
@click.option("--workers", type=WORKERS, default=None,
              help=workers_help("Under hidden cards: value the worlds on this many local processes (same answer for "
                                "any count)", scheduler=False))
@ascii_option
@store_options
@limit_options(time_help=f"Seconds for the page's answer, as for solve [default: {DEFAULT_SECONDS:g}]: the exact "
                         "solver gets half; if it does not finish (or does not cover the position) the open-hand "
                         "search answers, the page saying whether exact or an estimate and why. Under hidden cards "
                         "(a page from one seat): the answer so far after this long. 0: no limit.")
def report(position: str, out: str, max_nodes: int | None, extra: tuple[str, ...] = (),
           viewer: int | None = None, method: str | None = None,
           samples: int | None = None, seed: int | None = None, workers: int | None = None,
           time_limit: float | None = None, max_memory: int | None = None, store_path: str | None = None,
           no_store: bool = False, open_hand_only: bool = False) -> None:
    """Write a self-contained HTML analysis page of POSITION.

    The page (no server, no network) is an analysis board: the position drawn beside the
    principal variation, stepping (buttons, a click on a move, the arrow keys) redraws it in
    place with the value after each step; every legal move with its value, best first, ties
    grouped; the rules in force with their sources. Solver options as for solve (-o).

    The answer is the one foolsolve POSITION.json gives, in the same time (solve's default
    --time unless --time is given; --time 0: no limit): the game's exact solver in its share of
    the time and --max-nodes, and where it does not finish or does not cover the position, the
    open-hand search in the rest, the page saying plainly that it is an estimate (not exact),
    the method, and why the exact solver did not answer. Ctrl-C writes the page of the answer so
    far, as solve prints it (exit 130): what the exact solver had proved, where that gives the value
    and a best move, or the open-hand search's last finished iteration.

    A view file (hidden cards), a position with --as P (or a seat option where a card hidden from
    the mover matters: the mover's seat), or
    one the exact solver does not take whose player to move cannot see every card that matters
    (three Durak players, a stock of unknown order), is answered from that seat as solve answers
    it (--method, --samples, --seed, --workers, --time, --max-nodes a world): every move's mean
    with its 95% interval, best first, moves of equal mean grouped, the method, the worlds valued
    and how many of them exactly. As from solve, that answer is the one so far when solve's
    default --time runs out, unless --time is given (--time 0: every world asked for)."""
    started = time.perf_counter()  # as solve's: --time counts from the command's start, reading the position too
    from foolsolve.cli import (
        _parse_extra,
        _SeatRequest,
        exact_refusal,
        finished_for_seat,
        finished_note,
        finished_world,
        given_on_command_line,
        load_position,
        open_store,
        refused_note,
        seat_options_note,
        seat_refusal,
        seat_takes_no_option,
        unapplied_seat_options,
    )
    from foolsolve.game import seat_of_mover
    from foolsolve.positions import writes_over
    from foolsolve.present import write_text
    from foolsolve.progress import progress
    from foolsolve.solver import open_hand
    from foolsolve.solver.base import Interrupted
    from foolsolve.worlds import View, read_view, view_of, worlds_of_view

    # as foolsolve POSITION.json: its default --time unless one is given (--time 0: no limit)
    seconds = time_limit if given_on_command_line("time_limit") else DEFAULT_SECONDS
    if writes_over(out, position):
        raise InputError(f"--out: {out} is the position file {position}")
    if not no_store:
        from foolsolve.store import refuse_output_over

        refuse_output_over(store_path, out)  # the page would overwrite every stored result
    info, state = load_position(position, views=True)
    view_file = isinstance(state, View)  # (a view file's one world is answered as its full position, as solve does)
    # a --store or $FOOLSOLVE_STORE that cannot be opened is refused before any work, as solve refuses it
    store = open_store(store_path, no_store)
    seat_args = {"--method": method, "--samples": samples, "--seed": seed, "--workers": workers}
    if isinstance(state, View) and viewer is not None and viewer != state.player:
        raise InputError(f"--as: this is player {state.player}'s view; it cannot answer for player {viewer}")
    if open_hand_only and isinstance(state, View):
        raise InputError("--open-hand: a view hides cards; the open-hand search needs a full position")
    if open_hand_only and (viewer is not None or any(v is not None for v in seat_args.values())):
        raise InputError("--open-hand: answers with every card known; it takes none of the seat's options")
    asked_as = viewer if viewer is not None or not isinstance(state, View) else state.player  # whose result, game over
    ignored = unapplied_seat_options(info, state, seat_args) if viewer is None else []
    refusal = ""  # why the exact solver does not take a full position a seat option sends to the mover's seat
    to_mover = False
    if not isinstance(state, View) and viewer is None and not ignored and any(v is not None for v in seat_args.values()):
        mover = info.spec.to_move(state)  # a seat option asks for the seat's answer, as for solve
        viewer = max(mover, 0) if not info.spec.is_terminal(state) else 0
        to_mover = not info.spec.is_terminal(state)
    if not isinstance(state, View) and viewer is not None:
        from foolsolve.game import check_player

        check_player(info.spec, state, viewer)
        chance_only = open_hand.chance_only_answer(info, state, viewer, seat_args)
        if chance_only is not None:  # only chance is left: exact from any seat, as solve answers it
            if store is not None:
                store.close()
            write_text(out, page(info, state, chance_only))
            wrote(out)
            return
        if to_mover:  # the note of the exact solver's refusal, as solve's answer has it
            refusal = exact_refusal(info, state)
        state = read_view(view_of(info, state, viewer))  # (a finished game's: the page of its result, below)

    def seat_page(view: View, note: str = "") -> None:
        """The page of ``view`` with the answer from its viewer's seat: the game's exact solver's where
        it answers from that seat and no seat method is asked for (as solve, foolsolve.seat_exact),
        else the seat analysis'."""
        request = _SeatRequest(view.player, method, samples, seconds, seed, workers, None, max_nodes,
                               extra, max_memory, started)
        solved = None if note else request.exact(info, worlds_of_view(view))
        if solved is not None:
            write_text(out, view_page(view, solved[1]))
            wrote(out)
            return
        if note and extra:  # the exact solver refused the full position: --open-hand asks for the answer taking -o
            raise seat_takes_no_option(extra[0], open_hand=True)
        chance_only = open_hand.chance_only_view(info, view, seat_args)
        if chance_only is not None:  # only chance is left: exact from the view's seat, as solve answers it
            write_text(out, view_page(view, chance_only[1]))
            wrote(out)
            return
        finished = finished_world(info, view)
        if finished is not None:  # the game is over: its result, as solve answers (foolsolve.cli.answer_position)
            over, _ = open_hand.solve_or_answer(info, finished, {}, None, None, None, None)
            if asked_as is not None:  # --as P, or the view file's own player: her result
                over = finished_for_seat(info, finished, over, asked_as)
            over.notes += finished_note(info, view, [k for k, v in seat_args.items() if v is not None])
            write_text(out, view_page(view, over))
            wrote(out)
            return
        one = None if note or not view_file else request.answer_one_world(info, worlds_of_view(view))
        if one is not None:  # one consistent world: its full position's answer, as solve gives it
            write_text(out, view_page(view, one.answer))
            wrote(out)
            if one.stop is not None:
                raise one.stop
            return
        answer = request.analysis(info, worlds_of_view(view))
        if note:
            answer.notes.insert(0, note)
        write_text(out, view_page(view, answer))
        wrote(out)
        if answer.interrupted:
            raise Stopped("interrupted (the page shows the best answer so far)")

    if isinstance(state, View):
        if store is not None:
            store.close()  # a page from one seat reads no store
        seat_page(state, refused_note(refusal, state.player) if refusal else "")
        return
    result = None
    why = ""
    parsed = _parse_extra(extra)
    open_hand.check_options(info, parsed, state)  # a bad option is bad input, not a page saying so: before any search
    to_seat = seat_refusal(info, state, open_hand_only)  # as solve: her seat answers unless --open-hand

    refused = ""
    stopped: Interrupted | None = None
    with progress(f"solving {info.spec.title}") as tick:
        # as foolsolve POSITION.json answers: the exact solver in its share of --time (solve's default
        # unless one is given; 0: no limit) and --max-nodes, else the open-hand answer, labelled as such
        try:
            result, _cached = open_hand.solve_or_answer(info, state, parsed, store, max_nodes, seconds,
                                                       tick, refuse=to_seat, max_memory=max_memory, started=started)
            if ignored:
                result.notes.append(seat_options_note(ignored))
        except Interrupted as exc:  # Ctrl-C: a page of the answer so far, if there is one, then exit 130
            result = exc.answer_so_far()
            if result is None:
                raise
            stopped = exc
        except OptionError:
            raise  # an option this position cannot take (-o player=7 of three players): bad input, as for solve
        except InputError as exc:
            # a position the exact solver does not take (three players ...) and no open-hand answer in the
            # budget: the page says why it has no values (or the mover's seat answers, below)
            why = str(exc)
            refused = why if to_seat(exc) else ""
    if refused:
        mover = seat_of_mover(info.spec.to_move(state))
        seat_page(read_view(view_of(info, state, mover)), refused_note(refused, mover))
        return
    write_text(out, page(info, state, result, no_solve=why))
    wrote(out)
    if stopped is not None:
        shown = "what the exact solver proved" if stopped.answer is None else \
            "the open-hand answer of the last finished iteration"
        raise Stopped(f"interrupted (the page shows {shown})")
