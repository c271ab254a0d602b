"""The result store: an SQLite file of solved positions, so a repeated solve, a re-run batch and
the ambiguity sweeps read a result instead of solving again.

A result is keyed by the canonical position (the spec's ``state_to_json`` with sorted keys: the
rule options are part of it), the game's solver version (``GameInfo.solver_version`` in its
registry record: bump it when the solver's answers or output change, and the old results stop
matching) and the solver options (``-o KEY=VALUE``, those at their defaults left out:
:func:`key_options`; an answer keyed with them, as a store file written by a foolsolve keying the
options as given holds it, is read too and never written: :func:`given_options_key`). Only complete
solves are stored: a ``--max-nodes`` failure is not, and ``--max-nodes`` does not take part in the
key (a stored answer is exact whatever budget asks for it).

A stored result carries its method in words (``method``, as ``--json`` prints it): the search that
found it. A result stored before results carried one is read with the method the game's exact
solver names for it (:func:`stored_answer`), so an old store needs no migration.

The store is a cache: a row that does not read back as a result (:func:`read_result`: malformed
JSON, a torn write, a hand edit), or not as a result of the position it is read for
(:func:`answer_check`: its moves, best moves and values checked against the position), is a
miss, said in one warning line, and the new solve replaces it; ``store export`` leaves such rows
out and counts them.

The file is safe under several processes writing at once: write-ahead logging, one short
transaction per result (``INSERT OR IGNORE`` on the key, so a result solved twice by racing
processes is stored once) and a busy timeout. A process killed at any moment leaves the file
consistent (SQLite's journal), with every result whose transaction committed.

The default file is ``results.sqlite3`` in the user's cache folder (platformdirs); the
environment variable ``FOOLSOLVE_STORE`` names another file, and ``--store PATH`` /
``--no-store`` choose per command.
"""

from __future__ import annotations

import errno
import hashlib
import itertools
import json
import math
import os
import re
import sqlite3
import stat
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from foolsolve import jsonout
from foolsolve.errors import InputError, json_quoted, option_name
from foolsolve.numbers import is_whole
from foolsolve.positions import long_name
from foolsolve.solver.base import DRAW, LOSS, VALUE_KINDS, WIN, MoveBound, MoveValue, SolveOptions, SolveResult

ENV = "FOOLSOLVE_STORE"
"""Environment variable naming the default store file (tests point it at a temporary folder)."""

BUSY_TIMEOUT = 5.0
"""Seconds a read or a write waits for another process's lock before giving up (and never past a
solve's ``--time``: :meth:`Store.wait_until`): the store is then *locked* and the command goes on
without it (:attr:`Store.locked`)."""
OPEN_TIMEOUT = 2.0
"""Seconds opening the store waits for another process's lock, at most (within a solve's ``--time``,
less: :func:`open_wait`)."""
OPEN_SHARE = 0.25
"""The share of what is left of a solve's ``--time`` that opening the store may wait for another
process's lock (:func:`open_wait`): the answer keeps the rest."""
OPEN_LEAST = 0.1
"""Seconds opening the store waits for another's lock at least (another writer's short transaction)."""


def open_wait(seconds: float | None, started: float | None) -> float:
    """How long opening the store may wait for another process's lock, for an answer whose
    ``--time`` is ``seconds`` (0 or ``None``: no limit) counted from ``started``
    (``time.perf_counter()``; ``None``: not begun): :data:`OPEN_TIMEOUT`, or within a time limit
    :data:`OPEN_SHARE` of what is left of it (at least :data:`OPEN_LEAST`), so that a store another
    process holds locked costs the answer a small part of its time, never its distances."""
    if not seconds or started is None:
        return OPEN_TIMEOUT
    left = seconds - (time.perf_counter() - started)
    return min(OPEN_TIMEOUT, max(OPEN_SHARE * left, OPEN_LEAST))
LOCKED_NOTE = "the result store was locked (another process holds it): not read or written"
"""The note of an answer given without the store because it was locked."""

_TABLE = """
CREATE TABLE IF NOT EXISTS {0} (
    key TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    solver_version TEXT NOT NULL,
    position TEXT NOT NULL,
    options TEXT NOT NULL,
    result TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS {0}_game ON {0} (game, solver_version);
"""
TABLES = ("results", "seat_answers")
"""The store's tables of answers (:data:`_SCHEMA`)."""
_SCHEMA = "".join(_TABLE.format(table) for table in TABLES)
"""The tables: ``results`` (exact results) and ``seat_answers`` (answers from one seat of a batch's
view lines, :func:`seat_key`), the same columns: ``position`` the view (or the full position a seat
answered), ``options`` the seat's settings, ``result`` the answer (``SeatAnswer.to_json``). A store
file without the second table gains it when it is opened (``CREATE TABLE IF NOT EXISTS``): the file
needs no other change, and a program that knows only ``results`` reads it as it is."""


def default_path() -> Path:
    """``$FOOLSOLVE_STORE``, else ``results.sqlite3`` in the user's cache folder."""
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    from foolsolve.xdg import user_cache_dir

    return user_cache_dir() / "results.sqlite3"


def _answer_text(obj: dict[str, Any]) -> str:
    """A stored answer's JSON text: no blanks, its keys in the answer's own order (a record read back
    lists its fields as a fresh one does: :func:`in_order`)."""
    return jsonout.dumps(obj, separators=(",", ":"))


def canonical(obj: Any) -> str:
    """Canonical JSON: sorted keys, no blanks, non-ASCII kept."""
    return jsonout.dumps(obj, sort_keys=True, separators=(",", ":"))


def key_options(game: str, extra: dict[str, Any]) -> dict[str, Any]:
    """The solver options ``extra`` of a solve of ``game`` as the store keys them: an option given
    at its default is left out (``-o pv=true`` is the answer without ``-o``, as a rule option at its
    default is the position without it), so both share one stored result. An option whose default
    depends on the position (Foolery's ``concept`` and ``player``) is kept as given."""
    from foolsolve import games

    try:
        info = games.get(game)
    except InputError:
        return dict(extra)
    defaults = dict(info.solver_option_defaults or {})
    if info.pv_follows_moves:
        defaults["pv"] = extra.get("moves", True)
    return {k: v for k, v in extra.items()
            if not (k in defaults and type(v) is type(defaults[k]) and v == defaults[k])}


def solver_version(game: str) -> str | None:
    """The game's solver version from its registry record (``None``: an unknown game, or one
    without a solver)."""
    from foolsolve import games

    try:
        info = games.get(game)
    except InputError:
        return None
    return info.solver_version if info.has_solver else None


def seat_solver_version(game: str) -> str | None:
    """The version a seat answer of ``game`` is stored under: the game's solver version and the seat
    analysis' (:data:`foolsolve.seat.VERSION`), ``durak 7+seat 3`` (``None``: no solver version)."""
    version = solver_version(game)
    if version is None:
        return None
    from foolsolve.seat import VERSION

    return f"{version}+seat {VERSION}"


def table_version(table: str, game: str) -> str | None:
    """The current version of ``game``'s rows in ``table`` (:data:`TABLES`)."""
    return seat_solver_version(game) if table == "seat_answers" else solver_version(game)


def seat_key(game: str, position: str, settings: str) -> str | None:
    """The store key of a seat answer (``None`` for a game without a solver version): the game, the
    canonical view (:func:`canonical_view`; or full position) it answers, the seat's settings (method, samples, seed, each
    world's node budget and memory, ...: every knob of :class:`foolsolve.seat.Settings` but the clock,
    canonical JSON) and :func:`seat_solver_version`. Only an answer not bounded by a clock is stored
    (no ``--time``), so these fix it: the same answer on every run and machine."""
    version = seat_solver_version(game)
    if version is None:
        return None
    text = canonical({"game": game, "seat": position, "solver": version, "settings": settings})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seat_settings_json(settings: Any) -> str:
    """The canonical JSON of a :class:`foolsolve.seat.Settings` as :func:`seat_key` reads it: every
    field but ``seconds`` (the clock; a stored answer has none)."""
    import dataclasses

    fields = {k: v for k, v in dataclasses.asdict(settings).items() if k != "seconds"}
    return canonical(fields)


def read_seat(game: str, text: str) -> dict[str, Any]:
    """A stored seat answer's JSON text (of a row of ``game``) as the answer object, else
    :class:`UnreadableRow`: malformed JSON, no object, another game's answer, or one
    :meth:`foolsolve.seat.SeatAnswer.from_json` refuses."""
    from foolsolve.seat import SeatAnswer

    obj = _json_object(text)
    if obj.get("game") != game:
        raise UnreadableRow(f"its game is {json.dumps(obj.get('game'), ensure_ascii=False)[:40]}, not {game}")
    try:
        SeatAnswer.from_json(obj)
    except InputError as exc:
        raise UnreadableRow(str(exc)) from None
    return obj


def seat_check(position: dict[str, Any]) -> Fits:
    """A check that a stored seat answer answers ``position`` (the view or full position object):
    :meth:`foolsolve.seat.SeatAnswer.from_json` with the position (its seat, player to move, legal
    moves and payoffs)."""
    from foolsolve.seat import SeatAnswer

    def fits(obj: dict[str, Any]) -> str | None:
        try:
            SeatAnswer.from_json(obj, position)
        except InputError as exc:
            return str(exc)
        return None

    return fits


def result_key(game: str, position: str, options: str) -> str | None:
    """The store key of a solve (``None`` for a game without a solver version)."""
    version = solver_version(game)
    if version is None:
        return None
    text = canonical({"game": game, "position": position, "solver": version, "options": options})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def result_from_json(obj: dict[str, Any]) -> SolveResult:
    """The :class:`SolveResult` of :meth:`SolveResult.to_json`."""
    return SolveResult(
        game=obj["game"], to_move=obj["to_move"], value=obj["value"],
        moves=[MoveValue(m["move"], m["value"], m.get("distance"), m.get("probability")) for m in obj.get("moves", [])],
        pv=list(obj.get("pv", [])), nodes=obj.get("nodes", 0), seconds=obj.get("seconds", 0.0),
        best=list(obj.get("best", [])), concept=obj.get("concept"), notes=list(obj.get("notes", [])),
        value_only=bool(obj.get("value_only", False)), details=dict(obj.get("details", {})),
        value_kind=obj.get("value_kind", "outcome"), stored=bool(obj.get("stored", False)),
        first_solve=obj.get("first_solve"), distance=obj.get("distance"), result=obj.get("result"),
        unfinished=[MoveBound(m["move"], m["at_least"], m["at_most"]) for m in obj.get("unfinished", [])],
        method=obj.get("method"), player=obj.get("player"),
    )


class UnreadableRow(ValueError):
    """A stored row that does not read back as what was stored (the message says why)."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999: beyond a float's range
        raise UnreadableRow(f"a number beyond a float's range ({text[:20]})")
    return value


def _no_constant(name: str) -> Any:
    raise UnreadableRow(f"{name} (no JSON number: the stored text is not strict JSON)")


def _json_object(text: str) -> dict[str, Any]:
    """A stored JSON object's text as the object, else :class:`UnreadableRow`: strict JSON, so a
    ``NaN``, ``Infinity`` or a number beyond a float's range (``1e999``, a hand edit) is refused
    here, never printed by ``--json`` or ``store export`` as text that is no JSON."""
    try:
        obj = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except UnreadableRow:
        raise
    except (ValueError, TypeError, RecursionError) as exc:
        raise UnreadableRow(f"malformed JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise UnreadableRow(f"a JSON {type(obj).__name__}, not an object")
    return obj


def read_result(game: str, text: str) -> dict[str, Any]:
    """A stored result's JSON text (of a row of ``game``) as the result object, else
    :class:`UnreadableRow`: malformed JSON, no object, another game's result, or one
    :func:`result_from_json` cannot read."""
    obj = _json_object(text)
    if obj.get("game") != game:
        raise UnreadableRow(f"its game is {json.dumps(obj.get('game'), ensure_ascii=False)[:40]}, not {game}")
    try:
        result = result_from_json(obj)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise UnreadableRow(f"{type(exc).__name__}: {exc}") from None
    if isinstance(result.to_move, bool) or not isinstance(result.to_move, int) \
            or not all(isinstance(m.move, str) for m in result.moves):
        raise UnreadableRow("to_move or a move of the wrong type")
    return obj


Fits = Callable[[dict[str, Any]], "str | None"]
"""A check of a stored result against the position it is read for (:func:`answer_check`): why it
does not fit, else ``None``."""

_WHOLE = re.compile(r"-?[0-9]+(/[0-9]+)?")


def _value_reads(kind: str, value: Any) -> bool:
    """Whether ``value`` is a value of the ``value_kind`` ``kind`` (:data:`VALUE_KINDS`)."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "outcome":
        return value in (WIN, DRAW, LOSS)
    if kind == "score":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "payoff":
        return (number and isinstance(value, int)) or (isinstance(value, str) and _WHOLE.fullmatch(value) is not None)
    if kind == "odds":
        return isinstance(value, dict)
    return kind in VALUE_KINDS and number


EXACT_BEST = ("outcome", "score", "payoff")
"""The value kinds whose best moves are the moves of the position's value (an equilibrium's are its
support, an estimate's or odds' the search's choice)."""


def _first_step(move: str) -> str:
    return move.split("; ", 1)[0]


def answer_check(info: Any, state: Any) -> Fits:
    """A cheap check that a stored result (the JSON of :func:`read_result`) is an answer to the
    position ``state`` of the game ``info``: its moves (those valued and those left unfinished)
    are exactly the position's legal moves as the solver names them (:meth:`move_text`; a move
    named with the steps after it, ``flip; lead 3R as R``, by its first step), each once; its
    best moves and the first move of its line are among them; every value reads as one of its
    ``value_kind``; and (outcome, score, payoff) every best move's value is the
    position's. A row that passes nothing of this -- a hand edit naming a card not in the hand,
    a best move worse than the value -- is a miss, solved again (:meth:`Store.get`)."""

    def fits(obj: dict[str, Any]) -> str | None:
        kind = obj.get("value_kind", "outcome")
        if not isinstance(kind, str) or kind not in VALUE_KINDS:
            return f"an unknown value kind {json.dumps(kind)[:40]}"
        if not _value_reads(kind, obj.get("value")):
            return f"a value {json.dumps(obj.get('value'))[:40]} that is no {kind}"
        moves = obj.get("moves", [])
        values = {m["move"]: m.get("value") for m in moves}
        if len(values) != len(moves):
            return "a move listed twice"
        bad = next((m for m, v in values.items() if not _value_reads(kind, v)), None)
        if bad is not None:
            return f"the move {json_quoted(bad)} with a value that is no {kind}"
        if obj.get("value_only"):
            return None
        spec = info.spec
        legal = set() if spec.is_terminal(state) else {spec.move_text(m) for m in spec.legal_moves(state)}
        named = set(values) | {m["move"] for m in obj.get("unfinished", [])}
        if named != legal:
            # a solver that values a move with the round it opens names both ("flip; lead 3R as R"):
            # the moves' first steps are then the legal moves
            firsts = {_first_step(m) for m in named}
            if firsts != legal:
                odd = sorted(firsts - legal) or sorted(legal - firsts)
                return (f"the move {json_quoted(odd[0])} is no legal move here" if firsts - legal
                        else f"the legal move {json_quoted(odd[0])} is missing")
        best = obj.get("best", [])
        if not isinstance(best, list) or any(b not in values for b in best):
            return "a best move that is not among its moves"
        pv = obj.get("pv", [])
        if pv and (not isinstance(pv[0], str) or _first_step(pv[0]) not in legal):
            return f"its line starts with {json.dumps(pv[0])[:40]}, no legal move here"
        if kind in EXACT_BEST and any(values[b] != obj.get("value") for b in best):
            return "a best move whose value is not the position's"
        if "distance" in obj:
            return _distances_misfit(obj, moves, best, pv)
        return None

    return fits


_OUTCOME = {WIN: 1, DRAW: 0, LOSS: -1}


def _distances_misfit(obj: dict[str, Any], moves: list[dict[str, Any]], best: list[str], pv: list[Any]) -> str | None:
    """What does not fit in a result's distances (docs/results.md, "Distances"), or ``None``: every
    move has one (a whole number from 1), the best moves are those of the best value that end a win
    soonest or anything else latest, the position's distance is theirs, and the line played that way
    is that many moves long."""
    from foolsolve.distance import LINE_LIMIT, rank

    distance = obj.get("distance")
    if obj.get("value_kind", "outcome") != "outcome" or not is_whole(distance, 0):
        return f"a distance {json.dumps(distance)[:40]} that is no count of moves"
    if not moves or any(not is_whole(m.get("distance"), 1) for m in moves):
        return "a move without a distance of at least 1 beside the position's distance"

    def key(m: dict[str, Any]) -> tuple[int, int]:  # the distance search's own order, the mover as player 0
        return rank(0, (_OUTCOME[m["value"]], m["distance"]))

    top = max(key(m) for m in moves)
    if sorted(best) != sorted(m["move"] for m in moves if key(m) == top):
        return "best moves that are not the moves ending a win soonest or anything else latest"
    if any(m["distance"] != distance for m in moves if m["move"] in best):
        return "a position's distance that is not its best moves'"
    if pv and len(pv) != min(distance, LINE_LIMIT):
        return f"a line of {len(pv)} moves for a distance of {distance}"
    return None


def as_stored(obj: dict[str, Any], seconds: float) -> dict[str, Any]:
    """A stored result's JSON as this reading gives it: ``"stored": true``, no nodes searched and
    ``seconds`` to read it; the stored solve's own nodes and time under ``first_solve`` (a
    stored answer does not replay its first solve's time)."""
    out = dict(obj)
    out["first_solve"] = obj.get("first_solve") or {"nodes": obj.get("nodes", 0), "seconds": obj.get("seconds", 0.0)}
    out["nodes"] = 0
    out["seconds"] = round(seconds, 6)
    out["stored"] = True
    return out


def stored_answer(info: Any, obj: dict[str, Any], extra: dict[str, Any], seconds: float) -> dict[str, Any]:
    """A stored result's JSON as this reading gives it (:func:`as_stored`), its method named: a
    result stored before results carried their method gets the one the game's exact solver names
    for it (:func:`foolsolve.solver.base.method_of`, with the ``-o`` options ``extra`` it was keyed
    with). That is the method that found it: a stored result is read only under the solver version
    it was stored with (the key holds it), and a new method of finding the answers is a new version."""
    out = as_stored(obj, seconds)
    if "method" not in out:
        from foolsolve.solver.base import method_of

        out["method"] = method_of(info, result_from_json(out), extra)
    return in_order(out, result_from_json(out).to_json())


def in_order(obj: Any, fresh: Any) -> Any:
    """``obj`` (a stored answer, its keys sorted as the store writes them) with each object's keys in
    the order of the same object in ``fresh`` (the answer's ``to_json``; recursively, a list item by
    item), any other after them: a record read from the store lists its fields as a fresh one does."""
    if isinstance(obj, dict) and isinstance(fresh, dict):
        return {**{k: in_order(obj[k], fresh[k]) for k in fresh if k in obj},
                **{k: v for k, v in obj.items() if k not in fresh}}
    if isinstance(obj, list) and isinstance(fresh, list) and len(obj) == len(fresh):
        return [in_order(v, f) for v, f in zip(obj, fresh, strict=True)]
    return obj


class Store:
    """One store file, opened for the life of the object (or of a ``with`` block)."""

    def __init__(self, path: str | Path, label: str | None = None, create_folder: bool = True,
                 locked_ok: bool = False, open_timeout: float = OPEN_TIMEOUT) -> None:
        """``label``: how errors name the file (``--store PATH`` unless given: ``FOOLSOLVE_STORE=PATH``,
        ``the result store PATH``); ``create_folder``: make the file's folder when it is missing (the
        default location), else a missing folder is refused (an explicit ``--store``, as ``--out``);
        ``locked_ok``: a store another process holds locked past :data:`OPEN_TIMEOUT` is opened
        :attr:`locked` (a solve goes on without it) instead of refused (the store commands);
        ``open_timeout``: the seconds opening it waits for another process's lock (:func:`open_wait`).

        A store that cannot be opened for want of room (a full disk, a file-size limit: checked before
        any file is touched) is the :class:`StoreNoRoom` error; a store file this call made itself and
        could not set up is removed again, with the files SQLite made beside it (:class:`_Made`)."""
        if not str(path):  # Path("") is the current folder
            raise InputError(f"{option_name('--store')}: an empty file name (give a file name, or {option_name('--no-store')} "
                             "for none)")
        self.path = Path(path)
        self.label = store_label(self.path) if label is None else label
        refuse_gone_folder(self.path, self.label)
        _check_regular(self.path, label, self.label)
        self._goes_on = locked_ok
        self.damaged: str | None = None
        """Why the store's pages cannot be read (:class:`StoreDamaged`'s line), found by a read of a
        store opened ``locked_ok`` (a solve, a batch): said once on stderr, and the store is not read
        or written any more -- the answers are computed without it. A store command stops instead."""
        self.locked = False
        """Another process held the store locked past the busy timeout: nothing is read or written
        any more (:meth:`get` misses, :meth:`put` stores nothing), and answers say so (:data:`LOCKED_NOTE`)."""
        self.read_only: str | None = None
        """Why the store cannot be written (SQLite's words), else ``None``: found when it is opened (a
        read-only file or folder: a write is tried, and rolled back) or when a write fails later (a
        full disk): answers are still read from it, and :meth:`put` stores nothing any more. Opening
        it says nothing: :func:`open_store` refuses it, or warns for the default location; a write
        that fails later says so in one warning line."""
        made: _Made | None = None
        try:
            if create_folder:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            elif not self.path.parent.is_dir():
                raise InputError(f"{self.label}: cannot open the result store (no folder {self.path.parent})")
            too_small = _size_limit_too_small()
            if too_small is not None:  # refused before SQLite touches a file: the store is left as it was
                raise StoreNoRoom(f"{self.label}: cannot open the result store ({too_small})", _size_limit())
            made = _Made.create(self.path)
            _keep_in_use(self.path)
            self._db = sqlite3.connect(str(self.path), timeout=open_timeout, isolation_level=None)
            self._db.text_factory = _text
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
                self._db.executescript(_SCHEMA)
                self.read_only = _unwritable(self._db)
            except sqlite3.OperationalError as exc:
                if locked_ok and _is_locked(exc):
                    self._went_locked()
                elif (folder := _unwritable_folder(self.path)) is not None:
                    self._db.close()
                    self._db = _read_only(self.path)
                    self.read_only = folder
                else:
                    raise
            _keep_in_use(self.path)  # (the file SQLite made, where it was missing)
            self._wait(BUSY_TIMEOUT)
        except BaseException as exc:
            # (the room left is looked at before a file made here is removed, which frees some)
            room = _no_room(exc, self.path) if isinstance(exc, sqlite3.DatabaseError | OSError) else None
            if hasattr(self, "_db"):  # (a damaged file's connection too: nothing holds the half-built store)
                self._db.close()
            if made is not None:  # a store this process made and could not set up: no empty or half-made file left
                made.remove()
            if room is not None:
                raise StoreNoRoom(f"{self.label}: cannot open the result store ({room})") from None
            if isinstance(exc, sqlite3.OperationalError):
                why = _cannot_make(self.path) or _reason(exc)
                raise InputError(f"{self.label}: cannot open the result store ({why})") from None
            if isinstance(exc, sqlite3.DatabaseError):
                # a file that is no SQLite database at all, or whose first pages are damaged (the docs' wording)
                raise InputError(f"{self.label}: the result store is damaged ({_reason(exc)}); move the file away "
                                 f"(a new store starts empty) or name another with {option_name('--store')}") from None
            if isinstance(exc, OSError | sqlite3.Error):
                raise InputError(f"{self.label}: cannot open the result store ({_reason(exc)})") from None
            raise
        self._unreadable: set[str] = set()
        """Keys whose rows :meth:`get` could not read (:meth:`put` replaces them)."""
        self._warned = False
        self.warns = True
        """Whether a write that fails says so on stderr (:meth:`_write_failed`); a sweep's worker's
        store does not: the calling process says it once (:meth:`not_written`)."""
        self.skipped = 0
        """Rows the last :meth:`export` left out: they do not read back as results."""
        self.cleared: dict[str, int] = {}
        """The rows the last :meth:`clear` deleted, per table (:data:`TABLES`)."""

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def _wait(self, seconds: float) -> None:
        self._db.execute(f"PRAGMA busy_timeout = {max(1, int(seconds * 1000))}")

    def wait_until(self, deadline: float | None) -> None:
        """Wait for another process's lock at most until ``deadline`` (``time.monotonic()``: a
        solve's ``--time``), and at most :data:`BUSY_TIMEOUT` (a quarter of a second at least, for
        another writer's short transaction)."""
        if deadline is None or self.locked:
            return
        self._wait(min(BUSY_TIMEOUT, max(deadline - time.monotonic(), 0.25)))

    def _went_locked(self) -> None:
        """The store is locked by another process: said once on stderr, used no more."""
        if not self.locked:
            self.locked = True
            print(f"foolsolve: warning: {self.label}: {LOCKED_NOTE}; going on without it", file=sys.stderr,
                  flush=True)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """SQLite's errors on a file that opened but whose pages are damaged (``database disk
        image is malformed``; a file that is no database at all fails at open) or that cannot be
        used now (locked past the busy timeout, a disk error) as one :class:`InputError`."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            if _is_locked(exc):
                raise StoreLocked(f"{self.label}: cannot use the result store ({exc}: another process holds it)") \
                    from None
            # (a disk I/O error under a file-size limit names the limit, as opening the store does)
            raise InputError(f"{self.label}: cannot use the result store ({_no_room(exc, self.path) or exc})") \
                from None
        except sqlite3.DatabaseError as exc:
            raise StoreDamaged(f"{self.label}: the result store is damaged ({exc}); move the file away (a new "
                               f"store starts empty) or name another with {option_name('--store')}") from None

    def get(self, key: str, fits: Fits | None = None, also: Sequence[str] = ()) -> dict[str, Any] | None:
        """The stored result JSON under ``key`` (else under the first of ``also`` that holds one: keys
        the same solve's answer is read under and never written, :func:`also_keys`); ``None`` when there is none, or
        when the row does not read back as a result (:func:`read_result`: a damaged or hand-edited
        row) or is not a result of the position asked about (``fits``, :func:`answer_check`: why
        not, else ``None``). The store is a cache: such a row is a miss, said once on stderr, and
        :meth:`put` replaces it with the result solved again (under ``key``)."""
        hit = self._get("results", key, read_result, fits)
        for other in also:
            if hit is not None:
                break
            if other != key:
                hit = self._get("results", other, read_result, fits)
        return hit

    def get_seat(self, key: str, fits: Fits | None = None) -> dict[str, Any] | None:
        """As :meth:`get`, a seat answer (:func:`seat_key`; :func:`read_seat`, ``fits``: :func:`seat_check`)."""
        return self._get("seat_answers", key, read_seat, fits)

    def _get(self, table: str, key: str, read: Callable[[str, str], dict[str, Any]], fits: Fits | None
             ) -> dict[str, Any] | None:
        if self.locked or self.damaged is not None:
            return None
        try:
            with self._guard():
                row = self._db.execute(f"SELECT game, result FROM {table} WHERE key = ?", (key,)).fetchone()
        except StoreLocked:
            self._went_locked()
            return None
        except StoreDamaged as exc:
            if not self._goes_on:
                raise
            self.damaged = str(exc)
            print(f"foolsolve: warning: {exc}; answers are computed without it", file=sys.stderr, flush=True)
            return None
        if row is None:
            return None
        try:
            if not isinstance(row[0], str) or not isinstance(row[1], str):
                raise UnreadableRow("a column that is no text")
            obj = read(row[0], row[1])
            wrong = fits(obj) if fits is not None else None
            if wrong is not None:
                raise UnreadableRow(wrong)
            return obj
        except UnreadableRow as exc:
            if not self._warned:  # one line, however many such rows a sweep meets
                self._warned = True
                what = "seat answer" if table == "seat_answers" else "result"
                print(f"foolsolve: warning: {self.label}: the stored {what} {key[:12]}... does not read back as a "
                      f"{what} ({' '.join(str(exc).split())}); {'solving' if table == 'results' else 'computing'} "
                      "it again and replacing it", file=sys.stderr, flush=True)
            self._unreadable.add(key)
            return None

    def holds(self, game: str) -> bool:
        """Whether any result of ``game`` (of its current solver version) is stored (``False``
        when the store is :attr:`locked`)."""
        if self.locked:
            return False
        try:
            with self._guard():
                row = self._db.execute("SELECT 1 FROM results WHERE game = ? AND solver_version = ? LIMIT 1",
                                       (game, solver_version(game) or "")).fetchone()
        except StoreLocked:
            self._went_locked()
            return False
        return row is not None

    def put(self, key: str, game: str, position: str, options: str, result: dict[str, Any]) -> bool:
        """Store a result in its own transaction; ``False`` when the key was there already, or
        the store is :attr:`locked` (another process held it past the busy timeout: not stored)."""
        return self._put("results", key, game, position, options, result)

    def put_seat(self, key: str, game: str, position: str, settings: str, answer: dict[str, Any]) -> bool:
        """As :meth:`put`, a seat answer (:func:`seat_key`: ``position`` the view, ``settings``
        :func:`seat_settings_json`)."""
        return self._put("seat_answers", key, game, position, settings, answer)

    def _put(self, table: str, key: str, game: str, position: str, options: str, result: dict[str, Any]) -> bool:
        if self.locked or self.read_only is not None or self.damaged is not None:
            return False
        version = table_version(table, game) or ""
        # a row :meth:`get` could not read is replaced, any other kept (racing solves store a result once)
        verb = "INSERT OR REPLACE" if key in self._unreadable else "INSERT OR IGNORE"
        try:
            with self._guard(), self._transaction():
                cur = self._db.execute(
                    f"{verb} INTO {table} (key, game, solver_version, position, options, result, created) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (key, game, version, position, options, _answer_text(result), time.time()))
                stored = cur.rowcount == 1
        except StoreLocked:
            self._went_locked()
            return False
        except InputError as exc:  # a full disk, a file made read-only since: the answer is given all the same
            self._write_failed(exc)
            return False
        self._unreadable.discard(key)
        return stored

    def _write_failed(self, exc: InputError, going_on: str = "the answer is given, not stored (nor any after it)"
                      ) -> None:
        """A write failed (:attr:`read_only`): said once on stderr (unless :attr:`warns` is off), no
        more writes tried."""
        self.read_only = str(exc)
        if self.warns:
            print(f"foolsolve: warning: {exc}; {going_on}", file=sys.stderr, flush=True)

    def unwritable(self) -> str | None:
        """Why this store cannot be written, naming it (``--store PATH: cannot write the result store
        (attempt to write a readonly database)``), else ``None``: what a sweep's worker hands back
        (:meth:`not_written`)."""
        if self.read_only is None:
            return None
        if self.read_only.startswith(f"{self.label}: "):  # a write that failed: SQLite's error, naming the store
            return self.read_only
        return f"{self.label}: cannot write the result store ({self.read_only})"

    def not_written(self, why: str) -> None:
        """Another process (a sweep's worker) could not write this store (its :meth:`unwritable`,
        ``why``): said once on stderr, unless this store is known not to be written already (and
        said so), and no more writes tried here either."""
        if self.read_only is None:
            self._write_failed(InputError(why), "the sweep goes on, its new exact solves not stored")

    def stats(self) -> dict[str, Any]:
        """Counts per game and solver version, with the file's size: ``results`` and ``by_game`` the
        exact results, ``seat_answers`` and ``seat_by_game`` the seat answers (:meth:`put_seat`; the
        counts with the damaged rows of their table);
        ``damaged``: the rows of either kind whose game or solver version is no text (a damaged or
        edited row: never read, counted apart and dropped by ``clear(stale_only=True)``)."""
        rows: dict[str, list[Any]] = {}
        with self._guard():
            for table in TABLES:
                rows[table] = self._db.execute(
                    f"SELECT game, solver_version, COUNT(*) FROM {table} GROUP BY game, solver_version").fetchall()
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())

        def good(table: str) -> list[tuple[str, str, int]]:
            return sorted((g, v, n) for g, v, n in rows[table] if isinstance(g, str) and isinstance(v, str))

        def counted(table: str) -> int:  # (the damaged rows among them)
            return sum(n for g, v, n in rows[table])

        return {
            "path": str(self.path), "bytes": size, "results": counted("results"),
            "seat_answers": counted("seat_answers"),
            "damaged": sum(n for table in TABLES for g, v, n in rows[table]
                           if not (isinstance(g, str) and isinstance(v, str))),
            "by_game": [{"game": g, "solver_version": v, "results": n, "current": solver_version(g) == v}
                        for g, v, n in good("results")],
            "seat_by_game": [{"game": g, "solver_version": v, "answers": n, "current": seat_solver_version(g) == v}
                             for g, v, n in good("seat_answers")],
        }

    def export(self, game: str | None = None) -> Iterator[dict[str, Any]]:
        """Every stored result (of ``game``), oldest first, then every seat answer, oldest first (its
        answer under ``seat`` in place of ``result``); a row that does not read back as what it holds
        (:func:`read_result`, :func:`read_seat`) is left out and counted in :attr:`skipped`."""
        self.skipped = 0
        for table in TABLES:
            yield from self._export(table, game)

    def _export(self, table: str, game: str | None) -> Iterator[dict[str, Any]]:
        sql = f"SELECT key, game, solver_version, position, options, result, created FROM {table}"
        args: tuple[Any, ...] = ()
        if game is not None:
            sql += " WHERE game = ?"
            args = (game,)
        seat = table == "seat_answers"
        with self._guard():
            rows = self._db.execute(sql + " ORDER BY rowid", args)
        while True:
            with self._guard():  # a damaged page shows only when its rows are read
                row = rows.fetchone()
            if row is None:
                return
            key, g, version, position, options, result, created = row
            try:
                if not all(isinstance(x, str) for x in (key, g, version, position, options, result)):
                    raise UnreadableRow("a column that is no text")
                if isinstance(created, bool) or not isinstance(created, int | float) or not math.isfinite(created):
                    raise UnreadableRow("a creation time that is no finite number")
                out = {"key": key, "game": g, "solver_version": version, "position": _json_object(position),
                       "options": _json_object(options),
                       **({"seat": read_seat(g, result)} if seat else {"result": read_result(g, result)}),
                       "created": created}
            except UnreadableRow:
                self.skipped += 1
                continue
            yield out

    def clear(self, game: str | None = None, stale_only: bool = False) -> int:
        """Delete stored answers, results and seat answers (of ``game``; with ``stale_only`` those of
        old solver versions only); returns how many (:attr:`cleared`: how many of each kind)."""
        with self._guard():
            self.cleared = {table: self._clear(table, game, stale_only) for table in TABLES}
        if not stale_only and game is None:
            with self._guard():
                self._db.execute("VACUUM")
        return sum(self.cleared.values())

    def _clear(self, table: str, game: str | None, stale_only: bool) -> int:
        where, args = [], []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if stale_only:
            # the current versions of the games in the store (a game no longer registered: all stale)
            # (a row whose game or solver version is no text, damaged or edited, is never read: stale too)
            stored = [r[0] for r in self._db.execute(f"SELECT DISTINCT game FROM {table}").fetchall()]
            known = [(g, v) for g in stored if isinstance(g, str) and (v := table_version(table, g)) is not None]
            if known:
                where.append(f"({_DAMAGED} OR NOT (" + " OR ".join("(game = ? AND solver_version = ?)" for _ in known)
                             + "))")
                for g, v in known:
                    args += [g, v]
        sql = f"DELETE FROM {table}" + (" WHERE " + " AND ".join(where) if where else "")
        with self._transaction():
            return int(self._db.execute(sql, args).rowcount)

    def check(self) -> str:
        """SQLite's integrity check (``ok`` when the file is sound)."""
        with self._guard():
            return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    def _transaction(self) -> Any:
        return _Transaction(self._db)


def refuse_gone_folder(path: str | Path, label: str) -> None:
    """The :class:`InputError` ``LABEL: cannot open the result store (the working folder no longer
    exists: ...)`` when ``path`` is a relative name and the working folder has been deleted (SQLite
    said only "unable to open database file", and ``os.path.realpath`` raised ``FileNotFoundError``)."""
    from foolsolve.positions import WORKING_FOLDER_GONE, relative_in_gone_folder

    if relative_in_gone_folder(path):
        raise InputError(f"{label}: cannot open the result store ({WORKING_FOLDER_GONE})")


def store_label(path: str | Path | None) -> str:
    """How errors name the store ``path`` (``None``: the default one): ``--store PATH``,
    ``FOOLSOLVE_STORE=PATH``, or the default location's path."""
    if path is not None:
        return f"{option_name('--store')} {long_name(str(path))}"
    store = default_path()
    return f"{ENV}={long_name(str(store))}" if os.environ.get(ENV) else str(store)


def _check_regular(path: Path, label: str | None, named: str) -> None:
    """An :class:`InputError` when ``path`` exists (links followed) and is no regular file: a device,
    a FIFO, a folder, a socket. Refused before SQLite touches it, which opened ``/dev/null`` or a
    FIFO as an empty database, failed with "disk I/O error" and left ``PATH-journal`` beside it. A
    name too long for the file system is an :class:`InputError` too (``named``: the store's label),
    where SQLite says only "unable to open database file"."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise InputError(f"{named}: cannot open the result store (the name is too long for the file system)") \
                from None
        return  # missing (a new store), or a name SQLite's own error will name
    except ValueError:
        return
    if stat.S_ISREG(mode):
        return
    option = option_name("--store") if label is None else ENV if label.startswith(f"{ENV}=") else "the result store"
    kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else
            "a socket" if stat.S_ISSOCK(mode) else "a device")
    raise InputError(f"{option}: {path} is {kind}, not a regular file: give a store file")


_DAMAGED = "typeof(game) != 'text' OR typeof(solver_version) != 'text'"
"""SQL: a row whose game or solver version is no text (a damaged or edited row)."""


class StoreDamaged(InputError):
    """The store's pages cannot be read (``database disk image is malformed``: a disk error, a torn
    copy): a store command stops (exit 2); a solve or a batch computes its answers without the store
    (:attr:`Store.damaged`)."""


class StoreNoRoom(InputError):
    """The store cannot be opened for want of room: a full disk (SQLite's ``database or disk is
    full``), or a file-size limit (``ulimit -f``) too small for its files. A solve or a batch
    computes its answers without the store, after one warning line (:func:`open_store`); a store
    command stops (exit 2). ``limit``: the file-size limit in bytes where that is the cause found
    before any file was touched, else ``None``."""

    def __init__(self, message: str, limit: int | None = None) -> None:
        super().__init__(message)
        self.limit = limit


WAL_INDEX_BYTES = 32768
"""The size of the shared-memory file (``-shm``) SQLite makes beside a store in WAL mode before it
reads a page: a file-size limit below it lets SQLite open no store at all."""


def _size_limit() -> int | None:
    """The process's file-size limit in bytes (``ulimit -f``: ``RLIMIT_FSIZE``), ``None`` for none."""
    from foolsolve.errors import _soft_limit

    return _soft_limit("RLIMIT_FSIZE")


def size_limit_words(limit: int) -> str:
    """The file-size limit ``limit`` as messages name it: ``the file-size limit (ulimit -f) of 1,024 bytes``."""
    return f"the file-size limit (ulimit -f) of {limit:,} bytes"


def _size_limit_too_small() -> str | None:
    """Why no store can be opened under this process's file-size limit, in words, else ``None``:
    SQLite grows the ``-shm`` file to :data:`WAL_INDEX_BYTES` before it reads a page, and a limit
    below that failed the open with ``disk I/O error`` after the ``-shm`` file was cut short."""
    limit = _size_limit()
    if limit is None or limit >= WAL_INDEX_BYTES:
        return None
    return (f"{size_limit_words(limit)} is below the {WAL_INDEX_BYTES:,} bytes SQLite needs beside the store; it "
            "is left as it was")


_FULL_ERRNOS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def _no_room(exc: BaseException, path: Path) -> str | None:
    """Why opening the store at ``path`` failed, in words, where it failed for want of room, else
    ``None``: SQLite's ``database or disk is full``; an I/O error (``disk I/O error``) under a
    file-size limit (``ulimit -f``) or on a file system with no room left; an ``OSError`` of a full
    disk or a file too large."""
    if isinstance(exc, OSError):
        return _reason(exc) if exc.errno in _FULL_ERRNOS else None
    code = getattr(exc, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF
    if primary == sqlite3.SQLITE_FULL or (code is None and "full" in str(exc)):
        return _reason(exc)
    if primary != sqlite3.SQLITE_IOERR and not (code is None and "I/O error" in str(exc)):
        return None
    limit = _size_limit()
    if limit is not None:
        return f"{_reason(exc)}: {size_limit_words(limit)} is too small for its files"
    try:
        info = os.statvfs(path.parent)
    except (AttributeError, OSError, ValueError):  # (no statvfs: Windows)
        return None
    if info.f_bavail * info.f_frsize < WAL_INDEX_BYTES:
        return f"{_reason(exc)}: no space left on the device"
    return None


class _Made:
    """A new, empty store file made here (exclusively: never a file that was there), and which of
    SQLite's files beside it were missing then: what :meth:`remove` takes away again where the store
    could not be set up (a full disk), so that no empty or half-made store is left: SQLite's
    open would leave a 0-byte file that every later command takes for a store."""

    SIDES = ("-wal", "-shm", "-journal")

    def __init__(self, path: Path, inode: tuple[int, int], sides: list[Path]) -> None:
        self.path = path
        self.inode = inode
        self.sides = sides

    @classmethod
    def create(cls, path: Path) -> _Made | None:
        """The file ``path`` made (``None`` where it exists already, or cannot be made here: SQLite's
        own open then says why)."""
        sides = [Path(f"{path}{side}") for side in cls.SIDES]
        missing = [side for side in sides if not os.path.lexists(side)]
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
        except (OSError, ValueError):
            return None
        try:
            info = os.fstat(fd)
        finally:
            os.close(fd)
        return cls(path, (info.st_dev, info.st_ino), missing)

    def remove(self) -> None:
        """The file made, and those of SQLite's files beside it that were missing before, removed;
        the store file only while it is still the one made here (not a file put in its place)."""
        try:
            info = os.lstat(self.path)
        except OSError:
            return
        if (info.st_dev, info.st_ino) != self.inode:
            return
        for name in (*self.sides, self.path):
            try:
                name.unlink(missing_ok=True)
            except OSError:
                pass


def _keep_in_use(path: Path) -> None:
    """The store ``path`` and SQLite's files beside it recorded as files this process reads, never
    removed as an output's leftover temporary file, whatever their names (:func:`foolsolve.positions.keep_in_use`)."""
    from foolsolve.positions import keep_in_use

    for name in (path, *(Path(f"{path}{side}") for side in _Made.SIDES)):
        keep_in_use(name)


class StoreLocked(InputError):
    """Another process holds the store locked past the busy timeout (a store command: exit 2; a
    solve: :attr:`Store.locked`, the answer given without the store)."""


def _unwritable(db: sqlite3.Connection) -> str | None:
    """Why the store ``db`` cannot be written (``attempt to write a readonly database``: a file or
    folder SQLite opened read-only), else ``None``: a write that changes nothing is tried (a
    transaction that writes no page, so the file is left as it was), without waiting: where another
    process holds the write lock, ``None`` (readers still read, and a write finds the lock then)."""
    db.execute("PRAGMA busy_timeout = 0")
    try:
        db.execute("DELETE FROM results WHERE 0")
    except sqlite3.OperationalError as exc:
        return None if _is_locked(exc) else str(exc)
    return None


def _unwritable_folder(path: Path) -> str | None:
    """Why nothing can be made beside the store file ``path`` (which exists), in words (``read-only
    file system``, ``no permission to write in FOLDER``), else ``None``. A store in WAL mode needs its
    ``-wal`` and ``-shm`` files beside it: where they are missing and cannot be made, SQLite cannot
    open it at all (``unable to open database file``), and :func:`_read_only` opens it instead."""
    if not path.is_file() or os.access(path.parent, os.W_OK):
        return None
    from foolsolve.positions import unwritable_folder

    return unwritable_folder(path.parent)


def _cannot_make(path: Path) -> str | None:
    """Why the missing store file ``path`` cannot be made, in words (``read-only file system``, ``no
    permission to write in FOLDER``), else ``None`` (it exists, or its folder can be written): what
    SQLite says only as ``unable to open database file``, for ``--store`` and ``$FOOLSOLVE_STORE`` alike."""
    try:
        if os.path.lexists(path) or not path.parent.is_dir() or os.access(path.parent, os.W_OK):
            return None
    except (OSError, ValueError):
        return None
    from foolsolve.positions import unwritable_folder

    return unwritable_folder(path.parent)


def _read_only(path: Path) -> sqlite3.Connection:
    """The store file ``path``, in a folder nothing can be written in, opened read-only through an
    SQLite URI: ``mode=ro``, or where that cannot open it either (a store in WAL mode without its
    ``-shm`` file, which a reader must make) ``immutable=1`` (read as it is: nothing can change it
    while the folder is read-only, no writer can make its ``-wal`` file)."""
    uri = path.absolute().as_uri()
    for how in ("mode=ro", "immutable=1"):
        db = sqlite3.connect(f"{uri}?{how}", timeout=OPEN_TIMEOUT, isolation_level=None, uri=True)
        db.text_factory = _text
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError:
            db.close()
            if how == "immutable=1":
                raise
            continue
        return db
    raise AssertionError("unreachable")  # pragma: no cover


def _is_locked(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite's error is another connection's lock (``SQLITE_BUSY``, ``SQLITE_LOCKED``)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def _text(raw: bytes) -> str | bytes:
    """A TEXT value as SQLite gives it: UTF-8 text as a string, anything else as the bytes (a damaged
    or edited row, which every reader then sees is no text) -- SQLite's strict decoding failed the
    whole query (``Could not decode to UTF-8``)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _reason(exc: BaseException) -> str:
    """Why a file could not be opened, in words (an OSError's text without its ``[Errno N]``)."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[0].lower() + exc.strerror[1:]
    return str(exc)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an exception): the write lock is
    taken at the start, so two writers wait for each other (busy timeout) instead of failing
    to upgrade a read lock."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self.db.execute("ROLLBACK" if exc_type is not None else "COMMIT")


class StoreMiss(Exception):
    """A result a :class:`SweepStore` in ``hits_only`` mode does not hold (the sweep sends the
    work to a worker instead of solving here)."""


class SweepStore:
    """The result store as one sweep (or one task of it, on a worker) sees it: reads from
    ``inner`` (a :class:`Store`, or ``None`` for none) and counts what it read and what was
    solved.

    ``record``: new results are kept in :attr:`new` instead of written (a cluster worker hands
    them back to the process that writes the store) and read from there when asked again; ``hits_only``: a missing result raises
    :class:`StoreMiss` instead of letting the caller solve (to answer a task from the store
    alone)."""

    def __init__(self, inner: Store | None, *, record: bool = False, hits_only: bool = False) -> None:
        self.inner = inner
        self.record = record
        self.hits_only = hits_only
        self.read = 0
        """Results read from the store."""
        self.solved = 0
        """Complete solves (stored, recorded, or neither when there is no store)."""
        self.new: list[tuple[str, str, str, str, dict[str, Any]]] = []
        """``(key, game, position, options, result)`` of each new result, with ``record``."""

    @property
    def path(self) -> Path | None:
        """The store file (``None``: no store)."""
        return None if self.inner is None else self.inner.path

    def get(self, key: str, fits: Fits | None = None, also: Sequence[str] = ()) -> dict[str, Any] | None:
        """As :meth:`Store.get`, counted."""
        hit = self.inner.get(key, fits, also) if self.inner is not None else None
        if hit is None and self.record:
            hit = next((row[4] for row in self.new if row[0] == key), None)
        if hit is not None:
            self.read += 1
        elif self.hits_only:
            raise StoreMiss(key)
        return hit

    def put(self, key: str, game: str, position: str, options: str, result: dict[str, Any]) -> bool:
        """As :meth:`Store.put` (or kept, with ``record``), counted."""
        self.solved += 1
        if self.record:
            self.new.append((key, game, position, options, result))
            return True
        return self.inner.put(key, game, position, options, result) if self.inner is not None else False


def as_store(store: Store | SweepStore | bool | None) -> Store | None:
    """The store file behind an adapter's ``store`` setting (``True``: the default file)."""
    if store is True:
        return default_store()
    if isinstance(store, SweepStore):
        return store.inner
    return store or None


def open_store(path: str | Path | None, enabled: bool = True, wait: float = OPEN_TIMEOUT) -> Store | None:
    """The store at ``path`` (``--store``: its folder must exist), or the default one when
    ``None`` (:func:`_open_default`: a default location that cannot be opened is a warning and no
    store, one that cannot be written a warning and a store read only), or ``None`` when disabled. A
    ``--store`` or ``$FOOLSOLVE_STORE`` that cannot be opened, or cannot be written
    (:attr:`Store.read_only`), is an :class:`InputError` naming it, except where it cannot be opened
    for want of room (:class:`StoreNoRoom`: a full disk, a file-size limit): then one warning line,
    and no store (the answers are computed without it). ``wait``: the seconds opening
    it waits for another process's lock (:func:`open_wait`), then it is :attr:`Store.locked`."""
    if not enabled:
        return None
    if path is None:
        return _open_default(wait)
    try:
        return _writable(Store(path, create_folder=False, locked_ok=True, open_timeout=wait))
    except StoreNoRoom as exc:
        _without(exc)
        return None


def _without(exc: StoreNoRoom) -> None:
    """No store, after one warning line: a store that cannot be opened for want of room (a full disk, a
    file-size limit) costs no answer, as a damaged one costs none."""
    print(f"foolsolve: warning: {exc}; answers are computed without it", file=sys.stderr, flush=True)


def _writable(store: Store) -> Store:
    """``store``, else (:attr:`Store.read_only`) an :class:`InputError` naming it, the store closed:
    a store asked for must take the answers (docs/batches.md, "A store that cannot be opened")."""
    if store.read_only is None:
        return store
    store.close()
    raise InputError(f"{store.label}: cannot write the result store ({store.read_only}); give a file that can be "
                     f"written, or {option_name('--no-store')}")


def _open_default(wait: float = OPEN_TIMEOUT) -> Store | None:
    """The default store: ``$FOOLSOLVE_STORE`` (asked for: a file that cannot be opened is an
    :class:`InputError` naming the variable), else ``results.sqlite3`` in the user's cache folder,
    its folder made when missing; where that cannot be opened (a read-only home, a cache folder
    that cannot exist) ``None``, after one warning line on stderr naming the file and why: the
    command goes on without a store; where it opens but cannot be written (a read-only file) the
    store, after one warning line: answers are read from it, none stored."""
    path = default_path()
    if os.environ.get(ENV):
        try:
            return _writable(Store(path, label=store_label(None), locked_ok=True, open_timeout=wait))
        except StoreNoRoom as exc:
            _without(exc)
            return None
    try:
        store = Store(path, label=store_label(None), locked_ok=True, open_timeout=wait)
    except InputError as exc:
        print(f"foolsolve: warning: {exc}; going on without it (--store PATH names another, --no-store none)",
              file=sys.stderr, flush=True)
        return None
    if store.read_only is not None:
        print(f"foolsolve: warning: {store.label}: cannot write the result store ({store.read_only}); answers are "
              "read from it, none stored (--store PATH names another, --no-store none)", file=sys.stderr, flush=True)
    return store


def default_store() -> Store | None:
    """The default store (:func:`_open_default`), opened once per process and kept open (what
    :func:`cached_solve` reads with ``store=True``)."""
    key = str(default_path())
    if key not in _DEFAULT:
        _DEFAULT[key] = _open_default()
    return _DEFAULT[key]


def refuse_output_over(path: str | Path | None, out: str | Path | None, option: str = "--out", *,
                       strict: bool = True) -> None:
    """An :class:`InputError` when the output file ``out`` is the store file ``path`` (``None``:
    the default one) -- the same inode, or the same name (through links) where it does not exist
    yet -- or one of SQLite's files beside it: writing it would destroy every stored result.
    ``strict``: a relative store name where the working folder is gone is refused
    (:func:`refuse_gone_folder`); else (an output option checked for a command that may use no
    store) nothing is compared, since no such store can be opened."""
    from foolsolve.positions import relative_in_gone_folder, writes_over

    store = default_path() if path is None else Path(path)
    if strict:
        refuse_gone_folder(store, store_label(path))
    elif relative_in_gone_folder(store):
        return
    if out is None or str(out) == "-":
        return
    names = _names_written(out)
    if writes_over(out, store) or any(_same_name(name, store) for name in names):
        raise InputError(f"{option}: {out} is the result store {store} (writing it would destroy the stored results); "
                         "write elsewhere")
    for suffix, base in itertools.product(SIDECARS, {str(store), os.path.realpath(store)}):
        # SQLite's files beside the store (named after it, or after the file a link leads to),
        # there or not yet: what is written there SQLite deletes, or reads into the store as its journal
        sidecar = Path(f"{base}{suffix}")
        if writes_over(out, sidecar) or any(_same_name(name, sidecar) for name in names):
            raise InputError(f"{option}: {out} is SQLite's {suffix} file of the result store {store} (SQLite "
                             "deletes or replays it); write elsewhere")


SIDECARS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database file (its write-ahead log, its shared memory, its
rollback journal)."""


def _names_written(out: str | Path) -> list[Path]:
    """The names writing the output ``out`` writes through: ``out`` itself and, where it is a
    symbolic link (a dangling one too), the file its links finally name
    (:func:`foolsolve.positions.link_target`), which the output's writer creates or replaces."""
    from foolsolve.positions import link_target

    try:
        final, _ = link_target(out)
    except (OSError, ValueError):
        return [Path(out)]
    return [Path(out), final]


def _same_name(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file, whether or not it exists: the same name in the same
    folder (links of the folders followed)."""
    try:
        return a.name == b.name and os.path.realpath(a.parent) == os.path.realpath(b.parent)
    except (OSError, ValueError):
        return False


_DEFAULT: dict[str, Store | None] = {}
"""The default store of each default path opened in this process (``None``: it could not be
opened, the warning given)."""


def canonical_position(spec: Any, state: Any) -> str:
    """The canonical JSON of what the rules read of ``state`` (a spec state of ``spec``'s game):
    its position JSON without what the players know (:attr:`~foolsolve.game.SpecGame.knowledge_fields`,
    which changes no value)."""
    return canonical(spec.without_knowledge(spec.state_to_json(state)))


def canonical_view(view: Any) -> str:
    """The canonical JSON of the view ``view`` (a :class:`foolsolve.worlds.View`, read and checked),
    what a view line's seat answer is keyed and known by: one world of it as its full position's
    canonical JSON is written (its rules as read, its fields as the game writes them, a hand in the
    game's order, no ``comment``) with each zone the view hides written as the view reads it
    (``count``, and the cards known to be in it, first or last; the cards its knowledge fields place
    there among them). Any file of the same view gives the same text, which reads back as that view."""
    from foolsolve.worlds import VIEW_KEY, Worlds, set_path

    obj = view.info.spec.state_to_json(Worlds(view).first())
    for zone in view.zones:
        set_path(obj, zone.path, zone.hidden.to_json())
    obj[VIEW_KEY] = view.player
    return canonical(obj)


def options_key(game: str, options: SolveOptions | None, lines: bool = False) -> str:
    """The options part of a solve's store key, the one builder of it (a single solve, a batch line
    and the sweeps' solves are keyed by it): the solver options (``options.extra``, read by
    :class:`SolveOptions`: ``max_nodes`` and ``time`` are no part of it) as :func:`key_options` keys
    them and, for an answer with its lines (``lines``: :func:`foolsolve.distance.add_distances` went
    over it), the marker ``"(lines)"`` and ``"distance": false`` under ``-o distance=false``. Such an
    answer carries the note that no distance was asked for and the result at the end of its line,
    which the plain answer (no ``lines``, where ``distance`` is read by nobody and no part of the
    key) does not, so it is keyed apart from both."""
    opts = key_options(game, dict(options.extra) if options is not None else {})
    if lines:
        opts["(lines)"] = True
        if options is not None and not options.distance:
            opts["distance"] = False
    return canonical(opts)


def position_key(info: Any, state: Any, options: SolveOptions | None, lines: bool = False) \
        -> tuple[str, str, str] | None:
    """``(key, canonical position, options JSON)`` of a solve of ``state`` (:func:`canonical_position`,
    :func:`options_key`; ``lines``: an answer with its lines), ``None`` when the game's results are not
    stored: a single solve's key and a batch line's (:func:`foolsolve.batch.parse_job`)."""
    position = canonical_position(info.spec, state)
    opts = options_key(info.name, options, lines)
    key = result_key(info.name, position, opts)
    return None if key is None else (key, position, opts)


def given_options_key(game: str, position: str, extra: dict[str, Any], lines: bool = False) -> str | None:
    """The key of a solve of ``game`` at ``position`` (canonical) with its solver options ``extra``
    as given, those at their defaults included (``-o pv=true`` keyed with ``pv``; ``lines``: keyed as
    a solve with its lines), where that is another key than the solve's own (:func:`key_options`);
    else ``None``. A store file written by a foolsolve that keys options as given holds such an
    answer there: read where the solve's own key misses (:func:`also_keys`), never written."""
    if key_options(game, extra) == extra:
        return None
    return result_key(game, position, canonical({**extra, "(lines)": True} if lines else extra))


def also_keys(info: Any, state: Any, options: SolveOptions | None, own: tuple[str, str, str],
              lines: bool = False, given: dict[str, Any] | None = None) -> tuple[str, ...]:
    """The keys a solve of ``state`` (:func:`position_key`'s arguments; ``own``: what it returned for
    them; ``given``: its ``-o`` options as given, before :class:`SolveOptions` read them, where the
    caller has them) reads where its own key misses and never writes, each where it is another key
    than its own. They are the keys store
    files written by a foolsolve keying answers otherwise hold the same answer under: its options as
    given (:func:`given_options_key`), and for an answer with its lines a batch line's, keyed by the
    position with what the players know (:attr:`~foolsolve.game.SpecGame.knowledge_fields`) and the
    options as given with ``"(lines)"``. Each was read by the solve that wrote it, and a row is
    checked against the position as any. (A store file written by a foolsolve that keyed a single
    solve's answer under ``-o distance=false`` as the plain answer holds it under the plain answer's
    key; a plain answer lacks its note and its line's result, and no row tells the two apart, so that
    key is not read: the answer is solved again once.)"""
    extra = dict(options.extra) if options is not None else {}
    if given is None:
        off = lines and options is not None and not options.distance
        given = {**extra, "distance": False} if off else extra
    positions = [own[1]]
    if lines:
        full = canonical(info.spec.state_to_json(state))  # a batch line's position
        if full != own[1]:
            positions.append(full)
    keys: list[str] = []
    for position in positions:
        found = [given_options_key(info.name, position, given, lines)]
        if lines:
            found.append(result_key(info.name, position, canonical({**key_options(info.name, given), "(lines)": True})))
        keys.extend(k for k in found if k is not None and k != own[0] and k not in keys)
    return tuple(keys)


def cached_solve(info: Any, state: Any, options: SolveOptions | None = None,
                 store: Store | SweepStore | bool | None = True, lines: bool = False) -> SolveResult:
    """``info.solve(state, options)`` through the result store (:func:`solve_with_store`): what
    the ambiguity sweeps and other code call."""
    return solve_with_store(info, state, options, store, lines=lines)[0]


def solve_with_store(info: Any, state: Any, options: SolveOptions | None = None,
                     store: Store | SweepStore | bool | None = True, lines: bool = False) -> tuple[SolveResult, bool]:
    """Solve ``state`` with the game's solver, reading the result from the store when it is
    there and storing it when it was solved completely. Returns the result and whether it came
    from the store. ``store``: a :class:`Store` (or a :class:`SweepStore`), ``True`` for the
    default file, ``False`` or ``None`` for no store. A :class:`~foolsolve.solver.base.SearchLimit` propagates (and
    nothing is stored). ``lines``: with the distances to the end and the line a player learns from
    (:func:`foolsolve.distance.add_distances`, within what is left of ``options.deadline``; stored
    apart from the plain answer; none with ``-o distance=false``)."""
    if info.solve is None:
        raise InputError(f"game: {info.name} has no exact solver")
    options = options if options is not None else SolveOptions()
    db = default_store() if store is True else store or None
    keyed = position_key(info, state, options, lines) if db is not None else None
    file = as_store(db)
    if file is not None:
        file.wait_until(options.deadline)
    if db is not None and keyed is not None:
        t0 = time.perf_counter()
        hit = db.get(keyed[0], answer_check(info, state), also=also_keys(info, state, options, keyed, lines))
        if hit is not None:
            return result_from_json(stored_answer(info, hit, options.extra, time.perf_counter() - t0)), True
    # the registry's solver applies --time and names the method of its result (and of what a stopped
    # solve proved): GameInfo.solve
    result: SolveResult = info.solve(state, options)
    if lines:
        from foolsolve.distance import add_distances

        add_distances(info, state, result, deadline=options.deadline, distance=options.distance)
    if db is not None and keyed is not None:
        db.put(keyed[0], info.name, keyed[1], keyed[2], result.to_json())
    if file is not None and file.locked and LOCKED_NOTE not in result.notes:
        result.notes.append(LOCKED_NOTE)
    return result, False
