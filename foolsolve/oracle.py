"""``foolsolve oracle``: the rules as a service for another program (an engine written in any
language checking itself against foolsolve), JSON Lines in, JSON Lines out, one process for any
number of questions.

Each non-blank input line is one request object, ``{"op": OP, "position": ..., ...}``; each gets
one record, in input order, written and flushed as soon as it is answered, so a program can write a
request, read its answer and write the next over a pipe::

    {"op": "moves", "position": {...}}               -> {"line": 1, "op": "moves", "moves": ["attack 6H", ...]}
    {"op": "moves", "position": {...}, "detail": true}
        -> {"line": 1, "op": "moves", "moves": [{"text": "attack 6H", "kind": "attack", "cards": ["6H"], ...}, ...]}
    {"op": "play", "position": {...}, "moves": [...]} -> {"line": 2, "op": "play", "position": {...}, "played": [...]}
    {"op": "perft", "position": {...}, "depth": 3}   -> {"line": 3, "op": "perft", "perft": {...perft --json...}}
    {"op": "status", "position": {...}}              -> {"line": 4, "op": "status", "game": ..., "over": ..., ...}
    {"op": "normalize", "position": {...}}           -> {"line": 5, "op": "normalize", "position": {...}}

``moves`` takes ``"detail": true``: each move as an object read off the game's move type
(:func:`foolsolve.present.move_object`); and ``"chance": true``: at a chance node the record's
``probabilities`` gives each outcome's exact probability (``{"first 2": "1/3", ...}``, ``null`` at a
player's node or once the game is over). ``play`` and ``normalize`` take ``"complete": true``: the
position with every rule option written out (:func:`foolsolve.positions.standard_form`).

Every answer comes from the code of the single commands (``moves``, ``play``, ``perft``, ``show
--json``), for every game through the registry; a bad line gets its one-line error as a record
(``{"line": N, "error": ...}``, the message the single command gives) and the stream goes on.
Moves are written with their cards in ASCII, as position files write cards (``cover 8D with 9D``),
and read in either form. docs/batches.md, "The oracle", describes every request and record;
``foolsolve/schemas/oracle.schema.json`` is the records' schema.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import click

from foolsolve.cli import OutputFile, PerftRun, one_line, perft_json, position_of
from foolsolve.errors import InputError, Stopped, json_spelled, option_names
from foolsolve.jsonout import non_finite_at
from foolsolve.positions import (
    LINES_FROM_STDIN,
    STDIO,
    check_file_name,
    cut_text,
    input_lines,
    open_input,
    parse_json,
    read_json,
    reads_stdin,
    standard_form,
    writes_over,
)

FIELDS: dict[str, tuple[str, ...]] = {
    "moves": ("detail", "chance"),
    "play": ("moves", "complete"),
    "perft": ("depth", "divide", "impl", "time", "max_nodes"),
    "status": (),
    "normalize": ("complete",),
}
"""Each request (``op``) and the fields it takes beside ``op``, ``position`` and ``id``."""

ORACLE_NAMES: dict[str, str] = {
    "--depth": "depth", "--divide": "divide", "--impl": "impl", "--time": "time", "--max-nodes": "max_nodes",
}
"""The ``perft`` command's options and the ``perft`` request's fields that stand for them, as the
errors of a request name them (:func:`foolsolve.errors.option_names` with ``command=True``)."""

IMPLS = ("spec", "engine", "both")
"""What a ``perft`` request's ``impl`` may count with (``perft --impl``)."""


def _shown(value: Any) -> str:
    """A request's value as a message quotes it: as JSON writes it (:func:`~foolsolve.errors.json_spelled`:
    ``1e300``), cut to 40 characters."""
    return cut_text(json_spelled(value), 40)


def check_id(value: Any) -> None:
    """A request's ``id``, copied into its answer as it is: a NaN or an infinity in it (``NaN``,
    ``Infinity``, ``1e400``: Python's JSON reader takes them; JSON output holds none) is an
    :class:`InputError` naming ``id``."""
    bad = non_finite_at(value)
    if bad is not None:
        steps, x = bad
        place = "".join(f"[{_shown(k)}]" if in_dict else f"[{k}]" for in_dict, k in steps)
        shown = "NaN" if x != x else ("Infinity" if x > 0 else "-Infinity")
        raise InputError(f"id{place}: {shown} is no JSON number (JSON holds no NaN or infinity; an id is copied "
                         "into the answer as it is)")


def answer_line(line: int, text: str) -> dict[str, Any]:
    """The record of one input line (its number and text): the request's answer, or its error
    (never raises an :class:`InputError`)."""
    record: dict[str, Any] = {"line": line}
    try:
        request = parse_json(text.strip(), f"line {line}")
        if not isinstance(request, dict):
            shown = "a list" if isinstance(request, list) else _shown(request)
            raise InputError(f'line {line}: expected a request object ({{"op": ..., "position": ...}}), got {shown}')
        if "id" in request:
            check_id(request["id"])
            record["id"] = request["id"]
        op = request.get("op")
        if not isinstance(op, str) or op not in FIELDS:  # a list or object is no key (unhashable)
            said = "missing" if "op" not in request else "null" if op is None else "unknown request " + _shown(op)
            raise InputError(f"op: {said} "
                             f"(one of {', '.join(FIELDS)})")
        record["op"] = op
        unknown = sorted(set(request) - {"op", "position", "id", *FIELDS[op]})
        if unknown:
            takes = ", ".join(("op", "position", "id", *FIELDS[op]))
            raise InputError(f"{cut_text(unknown[0], 40)}: not a field of a {op} request (its fields: {takes})")
        info, state = _position(request)
        with option_names(ORACLE_NAMES, command=True):  # perft's options named as the request's fields
            record.update(ANSWERS[op](info, state, request))
    except InputError as exc:
        record["error"] = one_line(str(exc))
        number = getattr(exc, "number", None)
        if number is not None:  # play: the first illegal move's place
            record["illegal"] = number
    return record


def _position(request: dict[str, Any]) -> tuple[Any, Any]:
    """The request's ``position``: a position object, or the path of a position file."""
    if "position" not in request:
        raise InputError("position: missing (a position object, or a position file's path)")
    position = request["position"]
    if isinstance(position, str):
        check_file_name(position, "position")
        if position == STDIO:
            raise InputError("position: '-' (standard input) holds the requests, not a position file")
        return position_of(read_json(position, named_by="a request" if LINES_FROM_STDIN.get() else None), position)
    if not isinstance(position, dict):
        raise InputError(f"position: expected a position object or a position file's path, got "
                         f"{_shown(position)}")
    return position_of(position, "position")


def _moves(info: Any, state: Any, request: dict[str, Any]) -> dict[str, Any]:
    from foolsolve.present import move_object, move_texts

    if _flag(request, "detail"):  # each move an object: text, kind, cards, fields
        answer: dict[str, Any] = {"moves": [move_object(info.spec, m) for m in info.spec.legal_moves(state)]}
    else:
        answer = {"moves": move_texts(info.spec, state, ascii=True)}
    if _flag(request, "chance"):  # at a chance node each outcome's exact probability, else null
        outcomes = info.spec.chance_outcomes(state)
        answer["probabilities"] = ({info.spec.move_text(m, ascii=True): str(p) for m, p in outcomes}
                                   if outcomes else None)
    return answer


def _play(info: Any, state: Any, request: dict[str, Any]) -> dict[str, Any]:
    from foolsolve.present import trace

    texts = request.get("moves", [])
    if not isinstance(texts, list):
        raise InputError(f"moves: expected a list of move texts, got {_shown(texts)}")
    for i, text in enumerate(texts):
        if not isinstance(text, str):
            raise InputError(f"moves[{i}]: expected a move's text (a string, as foolsolve moves prints it), got "
                             f"{_shown(text)}")
    # an illegal move: play's error, naming its place (IllegalMove.number)
    played, new = trace(info.spec, state, texts, ascii=True, positions=False)
    return {"position": standard_form(info.spec, new, _flag(request, "complete")), "played": played}


def _flag(request: dict[str, Any], name: str) -> bool:
    """A request's true-or-false field ``name`` (``detail`` and ``chance`` of ``moves``, ``complete`` of ``play`` and
    ``normalize``, ``divide`` of ``perft``), false when not given; anything but true or false is an
    :class:`InputError` naming the field."""
    value = request.get(name, False)
    if not isinstance(value, bool):
        raise InputError(f"{name}: expected true or false, got {_shown(value)}")
    return value


def _perft(info: Any, state: Any, request: dict[str, Any]) -> dict[str, Any]:
    from foolsolve import api
    from foolsolve.cards import ascii_cards
    from foolsolve.solver.base import MAX_NODES, SearchLimit

    depth = api.check_whole("--depth", request.get("depth"), 0)
    if depth is None:
        raise InputError("depth: missing (the length of the move sequences counted)" if "depth" not in request
                         else "depth: expected a whole number, got null")
    divide = _flag(request, "divide")
    impl = request.get("impl", "both")
    if impl not in IMPLS:
        raise InputError(f"impl: expected one of {', '.join(IMPLS)}, got {_shown(impl)}")
    # time: not given, perft's default; 0, no limit (as perft --time)
    time_limit = (api.check_seconds(request["time"], "--time") or 0) if "time" in request else None
    max_nodes = api.check_whole("--max-nodes", request.get("max_nodes"), 1, MAX_NODES, cap=True)
    counting = PerftRun(info, state, depth, divide=divide, impl=impl, time_limit=time_limit, max_nodes=max_nodes)
    try:
        counting.run()
    except SearchLimit as exc:
        raise counting.limit_error(exc) from None
    results = {name: {ascii_cards(m): n for m, n in value.items()} if isinstance(value, dict) else value
               for name, value in counting.results.items()}
    return {"perft": perft_json(info.name, depth, results)}


def _status(info: Any, state: Any, request: dict[str, Any]) -> dict[str, Any]:
    from foolsolve.present import status_json

    return status_json(info.spec, state, ascii=True)


def _normalize(info: Any, state: Any, request: dict[str, Any]) -> dict[str, Any]:
    return {"position": standard_form(info.spec, state, _flag(request, "complete"))}


ANSWERS: dict[str, Callable[[Any, Any, dict[str, Any]], dict[str, Any]]] = {
    "moves": _moves, "play": _play, "perft": _perft, "status": _status, "normalize": _normalize,
}
"""The answer of each request, from its game, position and request object."""


@click.command("oracle")
@click.argument("infile", metavar="[IN.jsonl]", default=STDIO, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--out", "out", type=OutputFile(), default=STDIO, show_default=True,
              help="Where the records go, one JSON line per request (- is standard output).")
def oracle_command(infile: str, out: str) -> None:
    """Answer rules questions for another program: JSON Lines in, JSON Lines out, in order.

    Each non-blank line of IN.jsonl (default -: standard input) is one request, {"op": OP,
    "position": POSITION, ...}, where POSITION is a position object or a position file's path and
    OP is one of: moves (the legal moves; with "detail": true each an object: text, kind, cards,
    fields), play (with "moves": [...]: the position after them and
    who played each; or the first illegal move's error), perft (with "depth": N, and "divide",
    "impl", "time", "max_nodes" as perft's options), status (who is to move, whether the game is
    over and its result, the legal moves: show --json), normalize (the position in standard
    form). play and normalize take "complete": true (every rule option written out, as play --json
    --complete). An "id" is copied into the answer.

    Each request gets one record, {"line": N, "op": OP, ...} or {"line": N, "error": "..."}, written
    and flushed at once: a program may write a request, read its answer and write the next. Moves
    are written with their cards in ASCII (8D, as position files write cards). A bad line gets its
    error and the stream goes on; the exit code is 2 at the end if any line had one
    (docs/batches.md, "The oracle")."""
    from foolsolve.batch import LineWriter

    source = None if infile == STDIO else open_input(infile)
    try:
        if source is not None and writes_over(out, infile):
            raise InputError(f"--out: {out} is the input file {infile} (it would be emptied before it is read)")
        writer = LineWriter(out)
    except BaseException:
        if source is not None:
            source.close()
        raise
    lines = errors = 0
    started = time.monotonic()
    token = LINES_FROM_STDIN.set(reads_stdin(infile))
    try:
        for n, text in input_lines(infile, opened=source):
            record = ({"line": n, "error": one_line(str(text))} if isinstance(text, InputError)
                      else answer_line(n, text))
            writer.write(record)
            lines += 1
            errors += "error" in record
    except KeyboardInterrupt:
        raise Stopped(f"oracle interrupted; every answer so far is in {'standard output' if out == STDIO else out}") \
            from None
    finally:
        LINES_FROM_STDIN.reset(token)
        if source is not None:
            source.close()
        writer.close()
    seconds = time.monotonic() - started
    click.echo(f"oracle: {lines:,} request{'' if lines == 1 else 's'}: {lines - errors:,} answered, {errors:,} "
               f"error{'' if errors == 1 else 's'} in {seconds:.1f} s", err=True)
    if errors:
        sys.exit(2)
